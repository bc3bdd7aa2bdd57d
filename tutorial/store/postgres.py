"""The PostgreSQL store: the tables of :mod:`tutorial.store.schema` in a database server, for
several app processes (or machines) behind one address. Chosen with ``MUGGINS_DATABASE_URL``
(``postgresql://user:password@host:port/database`` or ``postgresql:///database?host=/socket/dir``).

The SQL is the SQLite store's (:mod:`tutorial.store.sql_rooms`); ``?`` placeholders become
psycopg's ``%s``. A read-then-write transaction takes one advisory lock first
(``pg_advisory_xact_lock``), held until its commit: writers take turns as they do on SQLite's
``BEGIN IMMEDIATE``, so the rules that hold there hold here (an answer counted once, a
double click opening one round). Reads run in ``REPEATABLE READ READ ONLY`` transactions
(one snapshot for several statements) and take no lock. A write is a few statements on a
local network: ~1 ms, so one lock serves a school (hundreds of writes a second); a district
would lock per room.

Connections come from a pool per process and address (``psycopg_pool``; each checked before
use, so a server restart costs nothing but the failed calls while it was away). A server that
cannot be reached makes every call fail within :data:`CONNECT_SECONDS` with
:class:`StoreUnavailable` (an ``OSError``) — for the class rooms ``ClassroomError("unavailable")``,
logged — and the store works again once the server is back. One that is reached but stops
answering (a frozen machine, a stopped process) fails a call within :data:`ANSWER_SECONDS`: the
server ends its own statements after :data:`STATEMENT_SECONDS`, and a watchdog cuts the
connection of a call still waiting after that (no page waits for ever).
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ClassVar, TypeVar, cast

import psycopg
from psycopg import errors as pg_errors
from psycopg_pool import ConnectionPool, PoolTimeout

from ..classroom.rooms import RoomLimits
from . import schema
from .common import HideSecrets, OncePer, StoreUnavailable, check_game, game_key_ok, hide_secrets, safe_url
from .schema import SCHEMA_VERSION
from .sql_rooms import Cursor, SqlRooms

log = logging.getLogger("tutorial.store")
_hiding = HideSecrets()
"""Hides the passwords of the addresses this process connects to in the driver's own log records."""
for _name in ("psycopg", "psycopg.pool"):
    logging.getLogger(_name).addFilter(_hiding)
logging.getLogger("psycopg.pool").addFilter(OncePer())  # its warning for each failed connection: once a minute

CONNECT_SECONDS = 3.0
"""How long a call waits for a connection before it says the store is unavailable."""
STATEMENT_SECONDS = 4.0
"""The server cancels a statement that runs, or waits for a lock, longer than this."""
ANSWER_SECONDS = 6.0
"""A call that has had no answer after this long (the server stopped answering) has its
connection cut: it fails as for a lost server."""
POOL_SIZE = 8
"""Connections per app process at most (a Streamlit process runs sessions in threads)."""
LOCK_KEY = 0x6D756767  # "mugg": the advisory lock every write transaction takes
QUIET_SECONDS = 2.0
"""After a call found the server unreachable, calls fail at once for this long instead of each
waiting :data:`CONNECT_SECONDS` (a class polls every second: pages stay quick while it is away)."""


@functools.lru_cache(maxsize=512)
def _sql(text: str) -> str:
    """The store's SQL with psycopg's placeholders (``?`` → ``%s``, a literal ``%`` doubled)."""
    if re.search(r"'[^']*[?%][^']*'", text):
        raise ValueError(f"a quoted ? or % in the store's SQL would be taken for a placeholder: {text}")
    return text.replace("%", "%%").replace("?", "%s")


class _Db:
    """A psycopg connection speaking the store's SQL (:class:`~tutorial.store.sql_rooms.Db`)."""

    def __init__(self, conn: psycopg.Connection[Any]):
        self._conn = conn

    def execute(self, sql: str, params: Any = (), /) -> Cursor:
        return self._conn.execute(_sql(sql), params)


class _Watchdog:
    """Cuts the connection of a call that waits too long: one thread for the process, woken at
    the earliest deadline (a shut-down socket wakes libpq's wait with an error; its descriptor
    stays valid, so nothing else can be hit)."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._due: dict[int, tuple[float, psycopg.Connection[Any]]] = {}
        self._thread: threading.Thread | None = None

    @contextmanager
    def watching(self, conn: psycopg.Connection[Any], seconds: float) -> Iterator[None]:
        key = id(conn)
        with self._changed:
            self._due[key] = (time.monotonic() + seconds, conn)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="store-watchdog", daemon=True)
                self._thread.start()
            self._changed.notify()
        try:
            yield
        finally:
            with self._changed:
                self._due.pop(key, None)

    def _run(self) -> None:
        with self._changed:
            while True:
                now = time.monotonic()
                for key, (due, conn) in list(self._due.items()):
                    if due <= now:
                        del self._due[key]
                        _cut(conn)
                soonest = min((due for due, _ in self._due.values()), default=None)
                self._changed.wait(None if soonest is None else max(0.0, soonest - now))


def _cut(conn: psycopg.Connection[Any]) -> None:
    """Shut down ``conn``'s socket (the call waiting on it fails at once)."""
    with contextlib.suppress(OSError, psycopg.Error, ValueError):
        with socket.socket(fileno=os.dup(conn.pgconn.socket)) as copy:
            copy.shutdown(socket.SHUT_RDWR)
        log.warning("store %s: no answer in %.0f s: the connection was cut",
                    safe_url(conn.info.dsn), ANSWER_SECONDS)


_watchdog = _Watchdog()


def _check(conn: psycopg.Connection[Any]) -> None:
    """The pool's check of a connection before use, within :data:`CONNECT_SECONDS`."""
    with _watchdog.watching(conn, CONNECT_SECONDS):
        ConnectionPool.check_connection(conn)


def _configure(conn: psycopg.Connection[Any]) -> None:
    """A new connection's settings: the server ends long statements and lock waits itself."""
    with _watchdog.watching(conn, CONNECT_SECONDS):
        milliseconds = round(STATEMENT_SECONDS * 1000)
        conn.execute(f"SET statement_timeout = {milliseconds}")
        conn.execute(f"SET lock_timeout = {milliseconds}")


_pools: dict[str, ConnectionPool] = {}
_pools_lock = threading.Lock()
_unreachable: dict[str, float] = {}  # url -> when a call last found its server unreachable


@contextlib.contextmanager
def _connection(url: str) -> Iterator[psycopg.Connection[Any]]:
    """A connection of this process's pool for ``url``; ``PoolTimeout`` (a ``psycopg.Error``)
    when none comes within :data:`CONNECT_SECONDS`, and at once for :data:`QUIET_SECONDS`
    after that, or after a connection was lost. Other errors (a refused statement, a missing
    table) say nothing about the server being reachable and leave the pool as it is."""
    if time.monotonic() - _unreachable.get(url, -QUIET_SECONDS) < QUIET_SECONDS:
        raise PoolTimeout("the database server was unreachable moments ago")
    pool = _pool(url)
    lost = False
    try:
        with pool.connection() as conn, _watchdog.watching(conn, ANSWER_SECONDS):
            try:
                yield conn
            except psycopg.OperationalError:
                lost = conn.broken or conn.closed
                raise
    except PoolTimeout:
        lost = True
        raise
    finally:
        if lost:
            _unreachable[url] = time.monotonic()
            # A new pool next time: this one's reconnection waits longer after each failure (up to
            # minutes), and the server may be back in a second. Closed aside: its workers may be
            # waiting for a connection, and the page should not wait for them.
            with _pools_lock:
                if _pools.get(url) is pool:
                    del _pools[url]
            threading.Thread(target=pool.close, kwargs={"timeout": 2 * CONNECT_SECONDS}, name="pool-close",
                             daemon=True).start()


def _pool(url: str) -> ConnectionPool:
    """This process's pool for ``url`` (shared by every session: it holds no user's data)."""
    with _pools_lock:
        pool = _pools.get(url)
        if pool is None or pool.closed:
            _hiding.add(url)
            pool = ConnectionPool(url, min_size=1, max_size=POOL_SIZE, open=False, timeout=CONNECT_SECONDS,
                                  kwargs={"autocommit": True, "connect_timeout": max(1, round(CONNECT_SECONDS))},
                                  check=_check, configure=_configure, name="muggins")
            pool.open(wait=False)
            _pools[url] = pool
        return pool


def reach(url: str, timeout: float = 10.0) -> None:
    """Connect to ``url`` once, outside the pool: :class:`StoreUnavailable` with the driver's own
    words for what is wrong (the pool only says it got no connection in time)."""
    try:
        with psycopg.connect(url, connect_timeout=max(1, round(timeout))):
            pass
    except psycopg.Error as err:
        raise StoreUnavailable(hide_secrets(" ".join(str(err).split()), [url])) from None


def close_pools() -> None:
    """Close this process's connections (tests; a process that ends closes them anyway)."""
    with _pools_lock:
        for pool in _pools.values():
            pool.close()
        _pools.clear()


_F = TypeVar("_F", bound=Callable[..., Any])


def _unavailable(method: _F) -> _F:
    """The driver's errors leave as :class:`StoreUnavailable` (an ``OSError``, as SQLite's file
    faults), so the app handles both stores alike."""
    @functools.wraps(method)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except psycopg.Error as exc:
            url = getattr(args[0], "url", "") if args else ""
            raise StoreUnavailable(hide_secrets(f"{type(exc).__name__}: {exc}".strip(), [url])) from exc
    return cast(_F, run)


class PostgresStore(SqlRooms):
    """A :class:`~tutorial.store.Store` and :class:`~tutorial.store.RoomStore` in the database
    at ``url``. ``limits`` and ``now`` as for :class:`~tutorial.store.sqlite.SqliteStore`.
    Makes the missing tables at once: raises :class:`StoreUnavailable` when the server cannot
    be reached, and ``RuntimeError`` for a database of a newer schema."""

    faults: ClassVar[tuple[type[BaseException], ...]] = (psycopg.Error, OSError)

    def __init__(self, url: str, *, limits: RoomLimits | None = None, now: Callable[[], float] = time.time):
        self.url = url.strip()
        self.where = safe_url(self.url)
        self.limits = limits if limits is not None else RoomLimits.from_environment()
        self._now = now
        self._prepare()

    @_unavailable
    def _prepare(self) -> None:
        """Make the tables that are missing (also after they were dropped while the app ran)."""
        with self._transaction(write=True) as db:
            tables = [row[0] for row in db.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()").fetchall()]
            made = schema.upgrade(db, self.where, tables)
        if made is not None:
            log.info("store %s: schema %d tables made (%s)", self.where, SCHEMA_VERSION, made)

    def _repairable(self, exc: BaseException) -> bool:
        """A table is missing (dropped while the app ran)."""
        return isinstance(exc, pg_errors.UndefinedTable) or isinstance(exc.__cause__, pg_errors.UndefinedTable)

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[_Db]:
        """A connection inside one transaction (see the module text); committed on success,
        rolled back on any error."""
        with _connection(self.url) as conn:
            conn.execute("BEGIN" if write else "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            try:
                if write:
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
                yield _Db(conn)
            except BaseException:
                if not conn.closed:
                    with contextlib.suppress(psycopg.Error):  # the connection broke: the pool drops it
                        conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    @_unavailable
    def save_game(self, key: str, body: str) -> None:
        check_game(key, body)
        with _connection(self.url) as conn:
            _Db(conn).execute("INSERT INTO games (key, body, saved) VALUES (?, ?, ?) "
                              "ON CONFLICT (key) DO UPDATE SET body = excluded.body, saved = excluded.saved",
                              (key, body, self._now()))

    @_unavailable
    def load_game(self, key: str) -> str | None:
        if not game_key_ok(key):
            return None  # no such key can have been saved
        with _connection(self.url) as conn:
            row = _Db(conn).execute("SELECT body FROM games WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row else None
