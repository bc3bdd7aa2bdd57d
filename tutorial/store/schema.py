"""The store's tables, one SQL text for SQLite and PostgreSQL, with a schema version.

Schema 4 (schema 1 had ``meta`` and ``games``, schema 2 added the class rooms, schema 3 the
limits per address, schema 4 the leases; opening an older database adds the rest in place). Times are seconds since the epoch; tokens are kept only
as SHA-256 hex digests.

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
- ``leases (name PRIMARY KEY, holder, until)`` (schema 4): who holds a slot shared by every app
  process (the explorer's one study at a time) until when.

``rooms.students`` is the highest student number given (numbers are never reused); the
room's students are the rows of ``students`` (a teacher may remove or merge them).

Why no migration tool (Alembic): four versions, each only adding tables and indexes, made
with ``IF NOT EXISTS`` in one write transaction (two processes upgrading at once take turns);
a tool would bring SQLAlchemy for these twenty lines. A version that changes a column should
bring one.
"""

from __future__ import annotations

from collections.abc import Iterable

from .sql_rooms import Db

SCHEMA_VERSION = 4

META = "CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)"
STATEMENTS = (
    # version 1 (SQLite files of version 1 say REAL: the same type there)
    "CREATE TABLE IF NOT EXISTS games (key TEXT PRIMARY KEY, body TEXT NOT NULL, saved DOUBLE PRECISION NOT NULL)",
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
    # version 4: slots shared by every app process (issue 21)
    "CREATE TABLE IF NOT EXISTS leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, until DOUBLE PRECISION NOT NULL)",
)
TABLES = frozenset(statement.split()[5] for statement in (META, *STATEMENTS) if statement.startswith("CREATE TABLE"))
"""Every table of the schema, by name."""


def upgrade(db: Db, where: str, tables: Iterable[str]) -> str | None:
    """Inside a write transaction that holds the store's lock: make the tables of this schema
    that are missing and set the version. ``tables`` names the tables there now; ``where``
    names the database in messages. Returns why tables were made (``"a new database"``,
    ``"upgraded from schema N"``, ``"some tables were missing"``) or ``None`` when nothing was
    missing. ``RuntimeError`` for a database of a newer schema."""
    db.execute(META)
    row = db.execute("SELECT value FROM meta WHERE name = 'schema'").fetchone()
    if row is not None and int(row[0]) > SCHEMA_VERSION:
        raise RuntimeError(f"{where} has schema {row[0]}; this app knows {SCHEMA_VERSION}")
    if row is not None and int(row[0]) == SCHEMA_VERSION and set(tables) >= TABLES:
        return None
    made = ("a new database" if row is None else f"upgraded from schema {row[0]}"
            if int(row[0]) < SCHEMA_VERSION else "some tables were missing")
    for statement in STATEMENTS:  # IF NOT EXISTS: adds what an older version lacks
        db.execute(statement)
    db.execute("INSERT INTO meta (name, value) VALUES ('schema', ?) "
               "ON CONFLICT (name) DO UPDATE SET value = excluded.value", (str(SCHEMA_VERSION),))
    return made
