"""The SQLite store: one file, ``muggins.sqlite3``, in WAL mode, with a schema version.

Schema 3 (schema 1 had ``meta`` and ``games``, schema 2 added the class rooms; opening an
older file adds the rest in place). Times are seconds since the epoch; tokens are kept only as SHA-256 hex digests.

- ``meta (name PRIMARY KEY, value)``: ``schema`` → the version.
- ``games (key PRIMARY KEY, body, saved)``: saved practice games.
- ``rooms (code PRIMARY KEY, teacher_hash, created, active, lifetime, expires, closed,
  version, round, students)``: ``active`` the last change, ``lifetime`` seconds,
  ``expires`` = ``active + lifetime``, ``closed`` 0/1, ``version`` the change counter,
  ``round`` the current question (0 before the first), ``students`` how many joined.
- ``rounds (room, round, target, phase, opened)``, key ``(room, round)``.
- ``students (room, student, nickname, name_key, token_hash, joined)``, key ``(room, student)``,
  unique ``(room, name_key)`` and ``(room, token_hash)``.
- ``answers (room, round, student, choice, verdict, at)``, key ``(room, round, student)``:
  one answer per student and question, enforced by the database.
- ``progress (room, round, student, decisions, errors, finished, updated)``, same key;
  ``errors`` is compact JSON ``{"kind": count}``.
- ``join_failures (client, at)``: failed joins per client (SHA-256 of the client key).
- ``join_locks (client PRIMARY KEY, until)`` (schema 3): a client's wrong room codes are
  refused until ``until``; ``joins (client, at)``: students made per client;
  ``room_clients (room PRIMARY KEY, client)``: who opened each room.

``rooms.students`` is the highest student number given (numbers are never reused); the
room's students are the rows of ``students`` (a teacher may remove or merge them).

The SQL is plain (``DOUBLE PRECISION``, ``INTEGER``, ``TEXT``, ``ON CONFLICT``) so that a
PostgreSQL store could use the same tables; only opening (``PRAGMA journal_mode``) and
``BEGIN IMMEDIATE`` (a write lock taken at the start of each read-then-write transaction)
are SQLite's own.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path

from ..classroom.rooms import RoomLimits
from .sqlite_rooms import SqliteRooms

log = logging.getLogger(__name__)

SCHEMA_VERSION = 3
FILE_NAME = "muggins.sqlite3"

_META = "CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)"
_SCHEMA = (
    # version 1
    "CREATE TABLE IF NOT EXISTS games (key TEXT PRIMARY KEY, body TEXT NOT NULL, saved REAL NOT NULL)",
    # version 2: class rooms
    "CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, teacher_hash TEXT NOT NULL, created DOUBLE PRECISION NOT NULL, "
    "active DOUBLE PRECISION NOT NULL, lifetime DOUBLE PRECISION NOT NULL, expires DOUBLE PRECISION NOT NULL, "
    "closed INTEGER NOT NULL DEFAULT 0, version INTEGER NOT NULL DEFAULT 1, round INTEGER NOT NULL DEFAULT 0, "
    "students INTEGER NOT NULL DEFAULT 0)",
    "CREATE INDEX IF NOT EXISTS rooms_expires ON rooms (expires)",
    "CREATE TABLE IF NOT EXISTS rounds (room TEXT NOT NULL, round INTEGER NOT NULL, target TEXT NOT NULL, "
    "phase TEXT NOT NULL, opened DOUBLE PRECISION NOT NULL, PRIMARY KEY (room, round))",
    "CREATE TABLE IF NOT EXISTS students (room TEXT NOT NULL, student INTEGER NOT NULL, nickname TEXT NOT NULL, "
    "name_key TEXT NOT NULL, token_hash TEXT NOT NULL, joined DOUBLE PRECISION NOT NULL, PRIMARY KEY (room, student), "
    "UNIQUE (room, name_key), UNIQUE (room, token_hash))",
    "CREATE TABLE IF NOT EXISTS answers (room TEXT NOT NULL, round INTEGER NOT NULL, student INTEGER NOT NULL, "
    "choice TEXT NOT NULL, verdict TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (room, round, student))",
    "CREATE TABLE IF NOT EXISTS progress (room TEXT NOT NULL, round INTEGER NOT NULL, student INTEGER NOT NULL, "
    "decisions INTEGER NOT NULL, errors TEXT NOT NULL, finished INTEGER NOT NULL, updated DOUBLE PRECISION NOT NULL, "
    "PRIMARY KEY (room, round, student))",
    "CREATE TABLE IF NOT EXISTS join_failures (client TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)",
    "CREATE INDEX IF NOT EXISTS join_failures_client ON join_failures (client, at)",
    # version 3: limits per client address and for the server (issue 17)
    "CREATE TABLE IF NOT EXISTS join_locks (client TEXT PRIMARY KEY, until DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS joins (client TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)",
    "CREATE INDEX IF NOT EXISTS joins_client ON joins (client, at)",
    "CREATE TABLE IF NOT EXISTS room_clients (room TEXT PRIMARY KEY, client TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS room_clients_client ON room_clients (client)",
)


class SqliteStore(SqliteRooms):
    """A :class:`~tutorial.store.Store` and :class:`~tutorial.store.RoomStore` in ``folder``
    (created on first use).

    ``limits`` sets the rooms' lifetime and caps (default :meth:`RoomLimits.from_environment`,
    i.e. ``$MUGGINS_ROOM_HOURS`` or 4 hours); ``now`` is the clock (seconds since the epoch).
    Each call opens and closes its own connection (safe across threads and processes);
    writes that read first run in ``BEGIN IMMEDIATE`` transactions. Raises
    ``OSError``/``sqlite3.Error`` when the folder or file cannot be used, and
    ``RuntimeError`` for a database written by a newer schema version.
    """

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
                db.execute(_META)
                row = db.execute("SELECT value FROM meta WHERE name = 'schema'").fetchone()
                if row is not None and int(row[0]) > SCHEMA_VERSION:
                    raise RuntimeError(f"{self.path} has schema {row[0]}; this app knows {SCHEMA_VERSION}")
                made = None
                if row is None or int(row[0]) < SCHEMA_VERSION or not self._complete(db):
                    made = ("a new file" if row is None else f"upgraded from schema {row[0]}"
                            if int(row[0]) < SCHEMA_VERSION else "some tables were missing")
                    for statement in _SCHEMA:  # IF NOT EXISTS: adds what an older version lacks
                        db.execute(statement)
                    db.execute("INSERT INTO meta (name, value) VALUES ('schema', ?) "
                               "ON CONFLICT(name) DO UPDATE SET value = excluded.value", (str(SCHEMA_VERSION),))
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

    @staticmethod
    def _complete(db: sqlite3.Connection) -> bool:
        """Whether every table of the schema is there."""
        names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        wanted = {statement.split()[5] for statement in _SCHEMA if statement.startswith("CREATE TABLE")}
        return wanted <= names

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
        with closing(self._connect()) as db:
            db.execute("INSERT INTO games (key, body, saved) VALUES (?, ?, ?) "
                       "ON CONFLICT(key) DO UPDATE SET body = excluded.body, saved = excluded.saved",
                       (key, body, self._now()))

    def load_game(self, key: str) -> str | None:
        with closing(self._connect()) as db:
            row = db.execute("SELECT body FROM games WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None
