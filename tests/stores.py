"""The two stores under one test: SQLite in a folder, PostgreSQL in a throwaway cluster.

A test takes the ``place`` fixture (tests/conftest.py), parametrised over both; PostgreSQL's
tests run on one xdist worker (group ``postgres``), which starts one cluster for them, and each
test gets a schema of its own. Without the server programs the PostgreSQL cases are skipped,
unless ``MUGGINS_REQUIRE_SERVERS`` is set (as ``.ci/run`` does): then they fail."""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tutorial.store import open_room_store, open_store
from tutorial.store.sqlite import FILE_NAME

REQUIRE = "MUGGINS_REQUIRE_SERVERS"


def require_or_skip(why: str) -> None:
    """A missing server program: a failure where the servers are required, else a skip."""
    if os.environ.get(REQUIRE):
        pytest.fail(f"{why} ({REQUIRE} is set)")
    pytest.skip(why)


CLUSTER_PREFIXES = ("muggins-pg-", "muggins-serve-pg-", "muggins-bench-pg-")
"""The folders the suite's and the benchmarks' throwaway clusters live in (:func:`cluster_folder`)."""


def reap_left_clusters() -> list[str]:
    """Stop and remove the throwaway clusters a killed run left running (the process that started
    each is gone: a SIGKILL, a machine's limit); the folders of running suites are left alone.
    PostgreSQL runs detached from whoever started it, so nothing else would ever stop them."""
    from tutorial.deploy.local_postgres import LocalPostgres, process_alive

    reaped = []
    for above in Path(tempfile.gettempdir()).iterdir():
        if not above.name.startswith(CLUSTER_PREFIXES) or not (above / "pg").is_dir():
            continue
        cluster = LocalPostgres(above / "pg")
        try:
            owner = int((above / "pg" / "started-by.pid").read_text(encoding="ascii").strip())
        except (OSError, ValueError):
            owner = None
        if owner is not None and process_alive(owner):
            continue
        if owner is None and time.time() - above.stat().st_mtime < 600:
            continue  # being made or started right now by a run that has not written its owner file yet
        try:
            cluster.stop("immediate")
        except (RuntimeError, OSError):
            continue
        shutil.rmtree(above, ignore_errors=True)
        reaped.append(str(above))
    return reaped


def cluster_folder(prefix: str) -> tuple[str, str]:
    """A folder above (made here, readable by the server's user: not under pytest's 0700 folders)
    and the new folder in it for a cluster (root's ``muggins serve`` takes only a new one)."""
    above = tempfile.mkdtemp(prefix=prefix)
    os.chmod(above, 0o755)
    return above, os.path.join(above, "pg")


class Cluster:
    """The session's PostgreSQL cluster, started on first use (fsync off: throwaway data)."""

    def __init__(self) -> None:
        self.server: Any = None
        self.folder: str | None = None

    def get(self) -> Any:
        if self.server is None:
            from tutorial.deploy.local_postgres import LocalPostgres, PostgresMissing

            self.folder, inside = cluster_folder("muggins-pg-")
            try:
                self.server = LocalPostgres(inside, durable=False).start()
            except PostgresMissing as err:
                shutil.rmtree(self.folder, ignore_errors=True)
                require_or_skip(str(err))
            self.server.create_database("muggins")
        return self.server

    def close(self) -> None:
        if self.server is not None:
            from tutorial.store.postgres import close_pools

            close_pools()
            self.server.stop("immediate")
        if self.folder:
            shutil.rmtree(self.folder, ignore_errors=True)


@dataclass
class Place:
    """Where one test's store lives: a folder (SQLite) or a database schema (PostgreSQL)."""

    kind: str
    folder: Path | None = None
    url: str | None = None

    @property
    def where(self) -> dict[str, Any]:
        """Keyword arguments of ``open_store``/``open_room_store``."""
        return {"folder": self.folder} if self.folder is not None else {"url": self.url}

    @property
    def arg(self) -> str:
        """The place as one command-line word, for a script: ``open_room_store(**place_of(arg))``."""
        return str(self.folder) if self.folder is not None else str(self.url)

    def rooms(self, **kwargs: Any) -> Any:
        return open_room_store(**self.where, **kwargs)

    def games(self) -> Any:
        return open_store(**self.where)

    def sql(self, text: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Run one statement (``?`` placeholders) straight on the database; its rows."""
        if self.folder is not None:
            with sqlite3.connect(self.folder / FILE_NAME) as db:
                rows = db.execute(text, params).fetchall()
            db.close()
            return rows
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            cursor = conn.execute(text.replace("?", "%s"), params)
            return cursor.fetchall() if cursor.description else []

    def stored(self) -> bytes:
        """Everything the store holds, as bytes (the file; the rows of every table)."""
        if self.folder is not None:
            return b"".join(path.read_bytes() for path in self.folder.iterdir() if path.name.startswith(FILE_NAME))
        tables = [row[0] for row in self.sql("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")]
        return repr([self.sql(f"SELECT * FROM {table}") for table in tables]).encode()


PLACE_SCRIPT = ("def place_of(arg):\n"
                "    return {'url': arg} if arg.startswith('postgres') else {'folder': arg}\n")
"""A script's way to read :attr:`Place.arg` back."""


def make_place(kind: str, tmp_path: Path, cluster: Cluster) -> tuple[Place, Any]:
    """A place of ``kind`` and what ends it."""
    if kind == "sqlite":
        return Place("sqlite", folder=tmp_path), None
    server = cluster.get()
    schema = "t_" + uuid.uuid4().hex[:12]
    place = Place("postgresql", url=server.create_database("muggins", schema=schema))

    def end() -> None:
        from tutorial.store.postgres import close_pools

        close_pools()
        place.sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    return place, end
