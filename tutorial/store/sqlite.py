"""The SQLite store: one file, ``muggins.sqlite3``, in WAL mode, with the tables of
:mod:`tutorial.store.schema`. Only opening (``PRAGMA journal_mode``) and ``BEGIN IMMEDIATE``
(a write lock taken at the start of each read-then-write transaction) are SQLite's own.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import ClassVar

from ..classroom.rooms import RoomLimits
from . import schema
from .common import check_game, game_key_ok
from .schema import SCHEMA_VERSION
from .sql_rooms import SqlRooms

log = logging.getLogger(__name__)

FILE_NAME = "muggins.sqlite3"


class SqliteStore(SqlRooms):
    """A :class:`~tutorial.store.Store` and :class:`~tutorial.store.RoomStore` in ``folder``
    (created on first use).

    ``limits`` sets the rooms' lifetime and caps (default :meth:`RoomLimits.from_environment`,
    i.e. ``$MUGGINS_ROOM_HOURS`` or 4 hours); ``now`` is the clock (seconds since the epoch).
    Each call opens and closes its own connection (safe across threads and processes);
    writes that read first run in ``BEGIN IMMEDIATE`` transactions. Raises
    ``OSError``/``sqlite3.Error`` when the folder or file cannot be used, and
    ``RuntimeError`` for a database written by a newer schema version.
    """

    faults: ClassVar[tuple[type[BaseException], ...]] = (sqlite3.Error, OSError)

    def __init__(self, folder: Path, *, limits: RoomLimits | None = None, now: Callable[[], float] = time.time):
        self.path = folder / FILE_NAME
        self.limits = limits if limits is not None else RoomLimits.from_environment()
        self._now = now
        self._prepare()

    def _prepare(self) -> None:
        """Create the folder, the file and the tables that are missing (also after the file was
        deleted while the app ran: the rooms are gone, but the store works again)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with closing(self._connect()) as db:
            self._wal(db)
            # One write transaction: two processes opening (or upgrading) at once take turns,
            # and the second finds the tables made and the version set.
            db.execute("BEGIN IMMEDIATE")
            try:
                tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
                made = schema.upgrade(db, str(self.path), tables)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        if made is not None:
            log.info("store %s: schema %d tables made (%s)", self.path, SCHEMA_VERSION, made)

    @staticmethod
    def _wal(db: sqlite3.Connection, patience: float = 10.0) -> None:
        """Put the file in WAL mode. Switching a new file's mode takes it whole, and SQLite then
        answers "database is locked" at once instead of waiting its busy timeout: two processes
        opening a new store together failed (found by the suite on a loaded machine). So: try
        again, waiting a little longer each time, for up to ``patience`` seconds."""
        deadline = time.monotonic() + patience
        pause = 0.01
        while True:
            try:
                db.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as err:
                if "locked" not in str(err) or time.monotonic() + pause > deadline:
                    raise
            time.sleep(pause)
            pause = min(pause * 2, 0.5)

    def _repairable(self, exc: BaseException) -> bool:
        """The file (or the folder) was deleted, or emptied, while the app ran."""
        text = str(exc).lower()
        return "no such table" in text or "unable to open database file" in text or isinstance(exc, FileNotFoundError)

    def _connect(self) -> sqlite3.Connection:
        # Autocommit mode: transactions are begun explicitly (see _transaction).
        return sqlite3.connect(self.path, timeout=10, isolation_level=None)

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[sqlite3.Connection]:
        """A connection inside one transaction: ``BEGIN IMMEDIATE`` (the write lock at once, so
        what is read stays true until the commit) when ``write``, else a plain ``BEGIN`` (one
        consistent snapshot for several reads). Commits on success, rolls back on any error."""
        with closing(self._connect()) as db:
            db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def save_game(self, key: str, body: str) -> None:
        check_game(key, body)
        with closing(self._connect()) as db:
            db.execute("INSERT INTO games (key, body, saved) VALUES (?, ?, ?) "
                       "ON CONFLICT(key) DO UPDATE SET body = excluded.body, saved = excluded.saved",
                       (key, body, self._now()))

    def load_game(self, key: str) -> str | None:
        if not game_key_ok(key):
            return None  # no such key can have been saved
        with closing(self._connect()) as db:
            row = db.execute("SELECT body FROM games WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None
