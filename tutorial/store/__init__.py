"""Where the app keeps what outgrows a page address and what app processes share: one
small interface, two databases with one SQL text (:mod:`tutorial.store.sql_rooms`).

- **SQLite** (the standard library's ``sqlite3``), the default: a file in the data folder,
  ``$MUGGINS_DATA_DIR`` (``muggins app --data-dir DIR`` sets it), else
  ``$XDG_DATA_HOME/muggins-tutor``, else ``~/.local/share/muggins-tutor``; created on first
  use. Several app processes on one machine share it.
- **PostgreSQL** (``psycopg``), when ``$MUGGINS_DATABASE_URL`` names one
  (``postgresql://…``; ``muggins app --database-url URL`` sets it): several app processes on
  several machines share it.

Nothing here assumes one process, and nothing in any process is per user.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from ..classroom.rooms import Joined, NewRoom, RoomLimits, RoomView, StudentRow, StudentView
from ..classroom.tally import NamedAnswer, Progress, SummaryRow, Tally
from .common import StoreUnavailable, is_url, safe_url, url_problem
from .sqlite import SqliteStore

if TYPE_CHECKING:
    from .postgres import PostgresStore

DATA_DIR_VARIABLE = "MUGGINS_DATA_DIR"
DATABASE_URL_VARIABLE = "MUGGINS_DATABASE_URL"
OPEN_ERRORS: tuple[type[Exception], ...] = (OSError, sqlite3.Error, RuntimeError, ValueError)
"""What opening or using a store can raise: the data folder, file or database server cannot be
used (``OSError``, :class:`StoreUnavailable` among them, ``sqlite3.Error``: read-only, deleted, the
disk full, the server away), a database of a newer schema (``RuntimeError``) or a damaged
schema version (``ValueError``)."""


class Store(Protocol):
    """What the app needs from a store. Keys are short URL-safe texts; bodies are text."""

    def save_game(self, key: str, body: str) -> None:
        """Keep ``body`` (a saved practice game) under ``key``, replacing any earlier body;
        ``ValueError`` for a key or body no store could keep alike (:func:`.common.check_game`)."""

    def load_game(self, key: str) -> str | None:
        """The body saved under ``key``, or ``None`` (also for a key no game could be saved under)."""


class RoomStore(Protocol):
    """The live class rooms (see :mod:`tutorial.classroom` for the model).

    Every method may raise :class:`~tutorial.classroom.ClassroomError` (codes in its
    docstring). Common to all that take a room ``code`` (as typed: case, spaces and
    hyphens do not matter): ``unknown-room``, ``expired-room`` and, for changes and
    students' reads, ``closed-room``; to all that take a ``teacher_token``: ``not-teacher``;
    to all that take a ``student_token``: ``unknown-student``. The teacher's reads also work
    on a closed room (until it expires). Any change (join, question, reveal, answer,
    progress, close) raises the room's :meth:`version` and restarts its lifetime; reads do
    neither. A ``round`` argument is the question number the caller saw (from 1), so a stale
    click is refused with ``wrong-round`` rather than applied to another question. Times are
    seconds since the epoch. Several processes may share one store.

    A link's token is checked before anything is said of its room: a teacher token that does
    not open the room raises ``not-teacher`` and a student token ``unknown-student``, whether
    or not the code names a room (``expired-room``/``closed-room`` only with the right token).
    A fault of the store itself (its folder read-only or gone, its file deleted, the disk
    full) raises ``unavailable``, after it was logged; the store works again once the cause
    goes (a deleted file is made again, empty).
    """

    # teacher
    def open_room(self, *, hours: float | None = None, client_key: str | None = None) -> NewRoom:
        """A new room, open for ``hours`` after its last change (default the store's
        ``RoomLimits.hours``; ``ValueError`` outside (0, 168]). Expired rooms are purged first.
        ``too-many-rooms`` (``scope`` ``server``) when ``RoomLimits.max_rooms`` rooms are alive,
        or (``scope`` ``address``) when ``client_key`` (only its hash is kept) opened
        ``max_rooms_per_client`` of them."""

    def teacher_room(self, code: str, teacher_token: str) -> RoomView:
        """The room as the teacher sees it (also when closed, then ``closed`` is true)."""

    def set_question(self, code: str, teacher_token: str, target: str, *, after: int | None = None) -> int:
        """Open the next round, in phase ``asking``, on ``target`` (an opaque text of the
        interface, e.g. ``deal/4-2817``; ``bad-target``); its number. With ``after``, only when
        the current round is ``after`` (else ``wrong-round``), so a double click opens one round."""

    def reveal(self, code: str, teacher_token: str, round: int) -> None:
        """Move the current round ``round`` to ``revealed`` (``wrong-round``; ``not-asking`` when
        already revealed); students can no longer answer it."""

    def close(self, code: str, teacher_token: str) -> None:
        """Close the room: students can no longer join, answer or report (``closed-room``).
        Closing a closed room does nothing."""

    def students(self, code: str, teacher_token: str) -> list[StudentRow]:
        """The room's students by number, with their nicknames."""

    def tally(self, code: str, teacher_token: str, round: int | None = None) -> Tally:
        """Counts of the answers to ``round`` (default the current; ``wrong-round`` unless
        1 ≤ round ≤ current), without names."""

    def answers_with_names(self, code: str, teacher_token: str, round: int | None = None) -> list[NamedAnswer]:
        """Every answer to ``round`` (default the current) with the student's nickname, earliest first."""

    def progress(self, code: str, teacher_token: str, round: int | None = None, *, names: bool = False) -> Progress:
        """The students' latest progress reports on ``round`` (default the current) and the
        totals; nicknames only when ``names``."""

    def summary_rows(self, code: str, teacher_token: str, round: int | None = None, *,
                     names: bool = False) -> list[SummaryRow]:
        """The class summary, one :class:`~tutorial.classroom.tally.SummaryRow` per round (all, or only
        ``round``) and student (its cells for a CSV file: :meth:`~tutorial.classroom.tally.SummaryRow.cells`)."""

    # students
    def join(self, code: str, nickname: str, client_key: str, *, clean: bool = False) -> Joined:
        """Join as a new student with ``nickname`` (``bad-nickname``, ``nickname-taken``,
        ``room-full``). ``client_key`` names the client (e.g. its IP address; only its hash is
        kept) for two limits: ``too-many-joins`` after ``RoomLimits.max_joins_per_client`` new
        students within ``join_window``; and failed joins — a join refused for its room code
        counts, and when the client has ``max_failed_joins`` within the window its joins are
        locked for one window (``too-many-attempts``): tries during the lock are not counted
        and do not extend it, and the count starts from zero when it ends. A ``clean`` join
        (from a session that sent no wrong code, :mod:`tutorial.classroom.gate`) passes the
        lock. To come back after a refresh use :meth:`student` with the token."""

    def remove_student(self, code: str, teacher_token: str, student: int) -> None:
        """Remove student number ``student`` with their answers and progress
        (``unknown-student``); their token no longer opens the room. Numbers are not reused."""

    def merge_students(self, code: str, teacher_token: str, keep: int, drop: int) -> None:
        """Make two entries of one student one: ``drop``'s answers to questions ``keep`` did not
        answer, and their progress where it went further, move to ``keep``; ``drop`` is removed
        (``unknown-student`` for an unknown number or ``keep == drop``)."""

    def student(self, code: str, student_token: str) -> StudentView:
        """The student's view of the room: the current round, its target and phase, their answer."""

    def class_tally(self, code: str, student_token: str) -> Tally | None:
        """The class's counts on the current question, as a student may see them: only once the
        teacher has revealed it and at least :data:`tutorial.classroom.rooms.CLASS_TALLY_MIN`
        students answered (``None`` otherwise), and never with names."""

    def answer(self, code: str, student_token: str, round: int, choice: str, verdict: str) -> None:
        """Answer round ``round`` (it must be current, ``wrong-round``, and asking, ``not-asking``)
        once (``already-answered``) with ``choice`` (≤ 40 characters, ``bad-choice``) judged
        ``verdict`` (``right`` or an error kind, ``bad-verdict``)."""

    def report_progress(self, code: str, student_token: str, round: int, decisions: int, errors: dict[str, int],
                        finished: bool) -> None:
        """Report progress on the current ``round`` (asking or revealed; ``wrong-round``):
        ``decisions`` made so far, ``errors`` by kind, ``finished``; replaces the student's
        earlier report (``bad-progress``)."""

    # the server's processes
    def take_lease(self, name: str, holder: str, seconds: float) -> bool:
        """Hold the slot ``name`` for ``seconds`` as ``holder`` (or renew it) unless another holder
        holds it still; whether ``holder`` holds it now (:class:`StoreUnavailable` on a fault)."""

    def drop_lease(self, name: str, holder: str) -> None:
        """Give up the slot ``name`` if ``holder`` holds it."""

    # anyone
    def version(self, code: str) -> int:
        """The room's change counter (also for a closed room): poll it and redraw when it changes.
        It tells whether a code exists, so call it only for a room the session joined or opened."""

    def purge_expired(self, now: float | None = None) -> int:
        """Delete the rooms expired at ``now`` (default the store's clock) with all their data;
        how many rooms."""


def data_dir() -> Path:
    """The data folder (see the module text); not created here."""
    chosen = os.environ.get(DATA_DIR_VARIABLE)
    if chosen:
        return Path(chosen).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "muggins-tutor"


def database_url() -> str | None:
    """``$MUGGINS_DATABASE_URL`` when it names a PostgreSQL database, else ``None`` (the
    SQLite file). ``ValueError`` for a value that is set but names no PostgreSQL database."""
    chosen = os.environ.get(DATABASE_URL_VARIABLE, "").strip()
    if not chosen:
        return None
    if not is_url(chosen):
        raise ValueError(f"{DATABASE_URL_VARIABLE} must be an address starting with postgresql:// (its value is not "
                         "shown: it may hold a password)")
    problem = url_problem(chosen)
    if problem:
        raise ValueError(f"{DATABASE_URL_VARIABLE}: {problem}")
    return chosen


def _where(folder: str | Path | None, url: str | None) -> tuple[Path | None, str | None]:
    """The folder or the URL to open: an explicit one, else the environment's URL, else the data folder."""
    if url is not None:
        return None, url
    if folder is not None:
        return Path(folder), None
    found = database_url()
    return (None, found) if found else (data_dir(), None)


def open_store(folder: str | Path | None = None, *, url: str | None = None) -> Store:
    """The store at ``url`` (PostgreSQL) or in ``folder`` (SQLite); with neither, the
    environment's (:func:`database_url`, else :func:`data_dir`). Raises ``OSError``
    (:class:`StoreUnavailable` for a server that cannot be reached) or ``sqlite3.Error`` when
    the store cannot be opened, ``RuntimeError`` for a database of a newer schema."""
    return _open(folder, url, None, time.time)


def open_room_store(folder: str | Path | None = None, *, url: str | None = None, limits: RoomLimits | None = None,
                    now: Callable[[], float] = time.time) -> RoomStore:
    """The class rooms, where :func:`open_store` keeps the games, with ``limits`` (default
    ``RoomLimits.from_environment()``: the lifetime from ``$MUGGINS_ROOM_HOURS``) and the clock
    ``now``. Raises as :func:`open_store`."""
    return _open(folder, url, limits, now)


def _open(folder: str | Path | None, url: str | None, limits: RoomLimits | None,
          now: Callable[[], float]) -> SqliteStore | PostgresStore:
    path, address = _where(folder, url)
    if address is not None:
        from .postgres import PostgresStore  # psycopg takes ~0.3 s to import: only when used

        return PostgresStore(address, limits=limits, now=now)
    assert path is not None
    return SqliteStore(path, limits=limits, now=now)


__all__ = ["DATABASE_URL_VARIABLE", "DATA_DIR_VARIABLE", "OPEN_ERRORS", "RoomStore", "SqliteStore", "Store", "StoreUnavailable",
           "data_dir", "database_url", "is_url", "open_room_store", "open_store", "safe_url", "url_problem"]
