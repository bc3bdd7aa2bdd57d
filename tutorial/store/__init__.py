"""Where the app keeps what outgrows a page address: one small interface and
its SQLite implementation (the standard library's ``sqlite3``).

The data folder is ``$MUGGINS_DATA_DIR`` (``muggins app --data-dir DIR`` sets
it), else ``$XDG_DATA_HOME/muggins-tutor``, else ``~/.local/share/muggins-tutor``;
it is created on first use. Nothing here assumes one process: every call opens
its own connection, so several app processes on one machine share the data,
and another implementation (e.g. PostgreSQL) can stand behind the same
interface.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Protocol

from .sqlite import SqliteStore

DATA_DIR_VARIABLE = "MUGGINS_DATA_DIR"


class Store(Protocol):
    """What the app needs from a store. Keys are short URL-safe texts; bodies are text."""

    def save_game(self, key: str, body: str) -> None:
        """Keep ``body`` (a saved practice game) under ``key``, replacing any earlier body."""

    def load_game(self, key: str) -> str | None:
        """The body saved under ``key``, or ``None``."""


def data_dir() -> Path:
    """The data folder (see the module text); not created here."""
    chosen = os.environ.get(DATA_DIR_VARIABLE)
    if chosen:
        return Path(chosen).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "muggins-tutor"


def open_store(folder: str | Path | None = None) -> Store:
    """The store in ``folder`` (default :func:`data_dir`). Raises ``OSError`` or
    ``sqlite3.Error`` when the folder cannot be created or the database opened."""
    return SqliteStore(Path(folder) if folder is not None else data_dir())


__all__ = ["DATA_DIR_VARIABLE", "SqliteStore", "Store", "data_dir", "open_store"]
