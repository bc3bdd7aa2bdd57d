"""The SQLite store: one file, ``muggins.sqlite3``, in WAL mode, with a schema version."""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing
from pathlib import Path

SCHEMA_VERSION = 1
FILE_NAME = "muggins.sqlite3"

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS games (key TEXT PRIMARY KEY, body TEXT NOT NULL, saved REAL NOT NULL)",
)


class SqliteStore:
    """A :class:`~tutorial.store.Store` in ``folder`` (created on first use).

    Each call opens and closes its own connection (safe across threads and
    processes). Raises ``OSError``/``sqlite3.Error`` when the folder or file
    cannot be used, and ``RuntimeError`` for a database written by a newer
    schema version.
    """

    def __init__(self, folder: Path):
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / FILE_NAME
        with closing(self._connect()) as db, db:
            db.execute("PRAGMA journal_mode=WAL")
            for statement in _SCHEMA:
                db.execute(statement)
            # INSERT OR IGNORE, not SELECT-then-INSERT: two processes opening a new store at
            # once would both find no row and the second INSERT would fail.
            db.execute("INSERT OR IGNORE INTO meta (name, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            row = db.execute("SELECT value FROM meta WHERE name = 'schema'").fetchone()
            if int(row[0]) > SCHEMA_VERSION:
                raise RuntimeError(f"{self.path} has schema {row[0]}; this app knows {SCHEMA_VERSION}")

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=10)

    def save_game(self, key: str, body: str) -> None:
        with closing(self._connect()) as db, db:
            db.execute("INSERT INTO games (key, body, saved) VALUES (?, ?, ?) "
                       "ON CONFLICT(key) DO UPDATE SET body = excluded.body, saved = excluded.saved",
                       (key, body, time.time()))

    def load_game(self, key: str) -> str | None:
        with closing(self._connect()) as db:
            row = db.execute("SELECT body FROM games WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None
