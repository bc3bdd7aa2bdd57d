"""The class rooms of a SQL store (:class:`~tutorial.store.sqlite.SqliteStore`,
:class:`~tutorial.store.postgres.PostgresStore`): one SQL text for both databases, with the
rules of :mod:`tutorial.classroom` (checks, tokens, tallies). Every read-then-write runs in one
write transaction that holds the store's write lock from its start (SQLite's ``BEGIN IMMEDIATE``,
a PostgreSQL advisory lock), so several app processes can share a room.

The SQL is plain (``DOUBLE PRECISION``, ``INTEGER``, ``TEXT``, ``ON CONFLICT``, ``?``
placeholders, which the PostgreSQL store turns into its own); a store gives the
transactions, the faults it knows and how to mend them.

Faults of the database (a read-only or missing folder, the file deleted while the app runs,
a full disk, a database server that cannot be reached) never leave here as the driver's
errors: each is logged (``logging``, logger ``tutorial.store``, at most once a minute per kind
of fault) and raised as ``ClassroomError("unavailable")``; tables dropped (or a file deleted)
under the app are made again at once, so the store recovers as soon as the cause goes."""

from __future__ import annotations

import functools
import logging
import math
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, ClassVar, NamedTuple, Protocol, TypeVar, cast

from ..classroom.errors import ClassroomError
from ..classroom.names import check_choice, check_target, check_verdict, nickname_key, normalise_nickname
from ..classroom.rooms import (
    CLASS_TALLY_MIN,
    Joined,
    NewRoom,
    Phase,
    RoomLimits,
    RoomView,
    StudentRow,
    StudentView,
    check_past_round,
    check_round,
)
from ..classroom.tally import (
    NamedAnswer,
    Progress,
    ProgressRow,
    SummaryRow,
    Tally,
    check_progress,
    decode_errors,
    encode_errors,
    make_progress,
    make_tally,
    summary_rows,
)
from ..classroom.tokens import hash_token, new_room_code, new_token, parse_room_code, token_matches
from .common import StoreUnavailable

_ROOM_COLUMNS = ("code, teacher_hash, expires, lifetime, closed, version, round, students, "
                 "(SELECT COUNT(*) FROM students s WHERE s.room = rooms.code)")
_CHILD_TABLES = ("rounds", "students", "answers", "progress", "room_clients")

log = logging.getLogger("tutorial.store")
_LOGGED: dict[str, float] = {}
_LOG_LOCK = threading.Lock()
LOG_EVERY = 60.0
"""Seconds between two log records of the same kind of fault (a class polls every second)."""


def _log_fault(action: str, exc: BaseException) -> None:
    """Log a store fault, with its traceback, at most once per :data:`LOG_EVERY` per message."""
    said = f"{type(exc).__name__}: {exc}"
    now = time.monotonic()
    with _LOG_LOCK:
        if now - _LOGGED.get(said, -LOG_EVERY) < LOG_EVERY:
            return
        _LOGGED[said] = now
    log.error("class-room store: %s failed: %s", action, said, exc_info=exc)


class Cursor(Protocol):
    """What the SQL here reads from a statement's result (``sqlite3`` and ``psycopg`` cursors)."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Db(Protocol):
    """A connection inside one transaction: ``execute(sql, params)`` with ``?`` placeholders."""

    def execute(self, sql: str, params: Any = ..., /) -> Cursor: ...


_F = TypeVar("_F", bound=Callable[..., Any])
_T = TypeVar("_T")


def _faults(method: _F) -> _F:
    """Run a store method; database faults become ``ClassroomError("unavailable")`` (logged),
    after one repair and retry when the file or its tables went missing (:meth:`SqlRooms._mending`)."""
    @functools.wraps(method)
    def run(self: SqlRooms, *args: Any, **kwargs: Any) -> Any:
        return self._mending(method.__name__, lambda: method(self, *args, **kwargs),
                             lambda exc: ClassroomError("unavailable"))
    return cast(_F, run)


class _Room(NamedTuple):
    code: str
    teacher_hash: str
    expires: float
    lifetime: float
    closed: bool
    version: int
    round: int
    students: int  # the highest number given
    live: int  # the students now in the room


class _Student(NamedTuple):
    student: int
    nickname: str


def _find(db: Db, code: object) -> _Room | None:
    parsed = parse_room_code(code) if isinstance(code, str) else None
    row = db.execute(f"SELECT {_ROOM_COLUMNS} FROM rooms WHERE code = ?", (parsed,)).fetchone() if parsed else None
    return None if row is None else _Room(row[0], row[1], row[2], row[3], bool(row[4]), row[5], row[6], row[7], row[8])


def _state(room: _Room, now: float, allow_closed: bool) -> _Room:
    if room.expires <= now:
        raise ClassroomError("expired-room")
    if room.closed and not allow_closed:
        raise ClassroomError("closed-room")
    return room


def _room(db: Db, code: object, now: float, *, allow_closed: bool = False) -> _Room:
    """The room with ``code`` if it lives (and is open unless ``allow_closed``); else
    ``unknown-room``, ``expired-room`` or ``closed-room``."""
    room = _find(db, code)
    if room is None:
        raise ClassroomError("unknown-room")
    return _state(room, now, allow_closed)


def _teacher(db: Db, code: object, token: object, now: float, *, allow_closed: bool = False) -> _Room:
    """The room if ``token`` is its teacher token; else ``not-teacher`` — also for a code that
    names no room, and before anything is said of the room's state, so a teacher link with a
    made-up token tells nothing of whether its code is real. Then as :func:`_room`."""
    room = _find(db, code)
    if room is None or not token_matches(token if isinstance(token, str) else None, room.teacher_hash):
        raise ClassroomError("not-teacher")
    return _state(room, now, allow_closed)


def _student(db: Db, room: _Room, token: object) -> _Student:
    """The student of ``room`` whose token is ``token``; else ``unknown-student``."""
    if isinstance(token, str) and 0 < len(token) <= 200:
        row = db.execute("SELECT student, nickname, token_hash FROM students WHERE room = ? AND token_hash = ?",
                         (room.code, hash_token(token))).fetchone()
        if row is not None and token_matches(token, row[2]):
            return _Student(row[0], row[1])
    raise ClassroomError("unknown-student")


def _student_room(db: Db, code: object, token: object, now: float, *,
                  allow_closed: bool = False) -> tuple[_Room, _Student]:
    """The room and the student whose token is ``token``; else ``unknown-student`` — also for a
    code that names no room, and before the room's state is told (see :func:`_teacher`)."""
    room = _find(db, code)
    if room is None:
        raise ClassroomError("unknown-student")
    me = _student(db, room, token)
    return _state(room, now, allow_closed), me


def _current(db: Db, room: _Room, round_: int | None = None) -> tuple[str | None, Phase]:
    """Target and phase of round ``round_`` (default the current one); ``(None, "waiting")`` for round 0."""
    number = room.round if round_ is None else round_
    row = db.execute("SELECT target, phase FROM rounds WHERE room = ? AND round = ?", (room.code, number)).fetchone()
    return (None, "waiting") if row is None else (row[0], cast(Phase, row[1]))


def _touch(db: Db, room: _Room, now: float) -> None:
    """Record a change: the version goes up and the lifetime starts again."""
    db.execute("UPDATE rooms SET version = version + 1, active = ?, expires = ? WHERE code = ?",
               (now, now + room.lifetime, room.code))


class SqlRooms:
    """The :class:`~tutorial.store.RoomStore` methods (documented there) over a store's
    transactions. A store sets :attr:`faults` and gives :meth:`_transaction`,
    :meth:`_prepare` and :meth:`_repairable`."""

    faults: ClassVar[tuple[type[BaseException], ...]] = (OSError,)
    """The database's own errors: logged and raised as ``ClassroomError("unavailable")``."""
    limits: RoomLimits
    _now: Callable[[], float]

    def _transaction(self, write: bool) -> AbstractContextManager[Db]:  # pragma: no cover - overridden
        """A connection inside one transaction (see the module text); committed on success."""
        raise NotImplementedError

    def _prepare(self) -> None:  # pragma: no cover - overridden
        """Make whatever tables are missing."""
        raise NotImplementedError

    def _repairable(self, exc: BaseException) -> bool:  # pragma: no cover - overridden
        """Whether :meth:`_prepare` mends ``exc`` (the tables or the file went missing)."""
        raise NotImplementedError

    def _mending(self, action: str, call: Callable[[], _T], failure: Callable[[BaseException], Exception]) -> _T:
        """``call()``; a fault of the database (:attr:`faults`) is logged and raised as
        ``failure(fault)``, after one repair (:meth:`_prepare`) and retry when the tables or
        the file went missing. A repair that finds the database of a newer or damaged schema
        (``RuntimeError``, ``ValueError``) fails the same way, never as a traceback."""
        mending_faults: tuple[type[BaseException], ...] = (*self.faults, RuntimeError, ValueError)
        for attempt in (1, 2):
            try:
                return call()
            except ClassroomError:
                raise
            except self.faults as exc:
                if attempt == 1 and self._repairable(exc):
                    try:
                        self._prepare()
                    except mending_faults as again:
                        _log_fault(action, again)
                        raise failure(again) from again
                    log.warning("class-room store: the database was missing its tables (%s); made them again", exc)
                    continue
                _log_fault(action, exc)
                raise failure(exc) from exc
        raise AssertionError("unreachable")  # pragma: no cover

    # ----- teacher -------------------------------------------------------------

    @_faults
    def open_room(self, *, hours: float | None = None, client_key: str | None = None) -> NewRoom:
        lifetime = (self.limits.hours if hours is None else RoomLimits(hours=hours).hours) * 3600.0
        token = new_token()
        now = self._now()
        limits = self.limits
        with self._transaction(write=True) as db:
            self._purge(db, now)
            (alive,) = db.execute("SELECT COUNT(*) FROM rooms WHERE expires > ?", (now,)).fetchone()
            if alive >= limits.max_rooms:
                raise ClassroomError("too-many-rooms", scope="server", limit=limits.max_rooms)
            client = hash_token(client_key) if isinstance(client_key, str) else None
            if client is not None:
                (mine,) = db.execute("SELECT COUNT(*) FROM room_clients WHERE client = ?", (client,)).fetchone()
                if mine >= limits.max_rooms_per_client:
                    raise ClassroomError("too-many-rooms", scope="address", limit=limits.max_rooms_per_client)
            for _ in range(50):
                code = new_room_code()
                if db.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone() is None:
                    break
            else:  # pragma: no cover - 31**6 codes
                raise RuntimeError("no free room code")
            db.execute("INSERT INTO rooms (code, teacher_hash, created, active, lifetime, expires) VALUES (?, ?, ?, ?, ?, ?)",
                       (code, hash_token(token), now, now, lifetime, now + lifetime))
            if client is not None:
                db.execute("INSERT INTO room_clients (room, client) VALUES (?, ?)", (code, client))
        return NewRoom(code, token)

    @_faults
    def teacher_room(self, code: str, teacher_token: str) -> RoomView:
        now = self._now()
        with self._transaction(write=False) as db:
            room = _teacher(db, code, teacher_token, now, allow_closed=True)
            target, phase = _current(db, room)
        return RoomView(room.code, room.round, target, phase, room.live, room.version, room.closed, room.expires)

    @_faults
    def set_question(self, code: str, teacher_token: str, target: str, *, after: int | None = None) -> int:
        target = check_target(target)
        now = self._now()
        with self._transaction(write=True) as db:
            room = _teacher(db, code, teacher_token, now)
            if after is not None and after != room.round:
                raise ClassroomError("wrong-round", round=after if type(after) is int else None, current=room.round)
            number = room.round + 1
            db.execute("INSERT INTO rounds (room, round, target, phase, opened) VALUES (?, ?, ?, 'asking', ?)",
                       (room.code, number, target, now))
            db.execute("UPDATE rooms SET round = ? WHERE code = ?", (number, room.code))
            _touch(db, room, now)
        return number

    @_faults
    def reveal(self, code: str, teacher_token: str, round: int) -> None:
        now = self._now()
        with self._transaction(write=True) as db:
            room = _teacher(db, code, teacher_token, now)
            number = check_round(round, room.round)
            _, phase = _current(db, room)
            if phase != "asking":
                raise ClassroomError("not-asking", round=number, phase=phase)
            db.execute("UPDATE rounds SET phase = 'revealed' WHERE room = ? AND round = ?", (room.code, number))
            _touch(db, room, now)

    @_faults
    def close(self, code: str, teacher_token: str) -> None:
        now = self._now()
        with self._transaction(write=True) as db:
            room = _teacher(db, code, teacher_token, now, allow_closed=True)
            if not room.closed:
                db.execute("UPDATE rooms SET closed = 1 WHERE code = ?", (room.code,))
                _touch(db, room, now)

    @_faults
    def students(self, code: str, teacher_token: str) -> list[StudentRow]:
        now = self._now()
        with self._transaction(write=False) as db:
            room = _teacher(db, code, teacher_token, now, allow_closed=True)
            rows = db.execute("SELECT student, nickname, joined FROM students WHERE room = ? ORDER BY student",
                              (room.code,)).fetchall()
        return [StudentRow(*row) for row in rows]

    @_faults
    def tally(self, code: str, teacher_token: str, round: int | None = None) -> Tally:
        now = self._now()
        with self._transaction(write=False) as db:
            room = _teacher(db, code, teacher_token, now, allow_closed=True)
            number = check_past_round(round, room.round)
            target, phase = _current(db, room, number)
            rows = db.execute("SELECT choice, verdict FROM answers WHERE room = ? AND round = ?", (room.code, number)).fetchall()
        return make_tally(number, target, phase, room.live, rows)

    @_faults
    def answers_with_names(self, code: str, teacher_token: str, round: int | None = None) -> list[NamedAnswer]:
        now = self._now()
        with self._transaction(write=False) as db:
            room = _teacher(db, code, teacher_token, now, allow_closed=True)
            number = check_past_round(round, room.round)
            rows = db.execute("SELECT a.student, s.nickname, a.choice, a.verdict, a.at FROM answers a "
                              "JOIN students s ON s.room = a.room AND s.student = a.student "
                              "WHERE a.room = ? AND a.round = ? ORDER BY a.at, a.student", (room.code, number)).fetchall()
        return [NamedAnswer(*row) for row in rows]

    @_faults
    def progress(self, code: str, teacher_token: str, round: int | None = None, *, names: bool = False) -> Progress:
        now = self._now()
        with self._transaction(write=False) as db:
            room = _teacher(db, code, teacher_token, now, allow_closed=True)
            number = check_past_round(round, room.round)
            target, _ = _current(db, room, number)
            rows = db.execute("SELECT p.student, s.nickname, p.decisions, p.errors, p.finished, p.updated FROM progress p "
                              "JOIN students s ON s.room = p.room AND s.student = p.student "
                              "WHERE p.room = ? AND p.round = ?", (room.code, number)).fetchall()
        return make_progress(number, target, room.live,
                             [ProgressRow(student, nickname if names else None, decisions, decode_errors(errors), bool(finished),
                                          updated) for student, nickname, decisions, errors, finished, updated in rows])

    @_faults
    def summary_rows(self, code: str, teacher_token: str, round: int | None = None, *,
                     names: bool = False) -> list[SummaryRow]:
        now = self._now()
        with self._transaction(write=False) as db:
            room = _teacher(db, code, teacher_token, now, allow_closed=True)
            where: str = "room = ?"
            args: list[object] = [room.code]
            if round is not None:
                where, args = "room = ? AND round = ?", [room.code, check_past_round(round, room.round)]
            rounds = db.execute(f"SELECT round, target FROM rounds WHERE {where}", args).fetchall()
            people = db.execute("SELECT student, nickname FROM students WHERE room = ?", (room.code,)).fetchall()
            answers = db.execute(f"SELECT round, student, choice, verdict FROM answers WHERE {where}", args).fetchall()
            reports = db.execute(f"SELECT round, student, decisions, errors, finished FROM progress WHERE {where}", args).fetchall()
        return summary_rows(rounds, people, {(r, s): (c, v) for r, s, c, v in answers},
                            {(r, s): (d, decode_errors(e), bool(f)) for r, s, d, e, f in reports}, names)

    # ----- students -------------------------------------------------------------

    @_faults
    def join(self, code: str, nickname: str, client_key: str, *, clean: bool = False) -> Joined:
        name = normalise_nickname(nickname)
        client = hash_token(client_key if isinstance(client_key, str) else "")
        token = new_token()
        now = self._now()
        limits = self.limits
        refused: ClassroomError | None = None
        with self._transaction(write=True) as db:
            lock = db.execute("SELECT until FROM join_locks WHERE client = ?", (client,)).fetchone()
            locked = lock is not None and lock[0] > now
            if locked and not clean:  # not counted, and the lock is not made longer
                raise ClassroomError("too-many-attempts", limit=limits.max_failed_joins, window=limits.failed_join_window,
                                     retry_after=max(1, math.ceil(lock[0] - now)))
            try:
                room = _room(db, code, now)
            except ClassroomError as error:  # a wrong or stale code: counted, and kept (committed)
                refused = error
                if not locked:
                    since = max(now - limits.failed_join_window, lock[0] if lock is not None else 0.0)
                    db.execute("INSERT INTO join_failures (client, at) VALUES (?, ?)", (client, now))
                    (failures,) = db.execute("SELECT COUNT(*) FROM join_failures WHERE client = ? AND at > ?",
                                             (client, since)).fetchone()
                    if failures >= limits.max_failed_joins:  # lock for one window; the count starts again after it
                        db.execute("INSERT INTO join_locks (client, until) VALUES (?, ?) ON CONFLICT (client) "
                                   "DO UPDATE SET until = excluded.until", (client, now + limits.failed_join_window))
                        db.execute("DELETE FROM join_failures WHERE client = ?", (client,))
            else:
                if room.live >= limits.max_students:
                    raise ClassroomError("room-full", limit=limits.max_students)
                (recent,) = db.execute("SELECT COUNT(*) FROM joins WHERE client = ? AND at > ?",
                                       (client, now - limits.join_window)).fetchone()
                if recent >= limits.max_joins_per_client:
                    (oldest,) = db.execute("SELECT MIN(at) FROM joins WHERE client = ? AND at > ?",
                                           (client, now - limits.join_window)).fetchone()
                    raise ClassroomError("too-many-joins", scope="address", limit=limits.max_joins_per_client,
                                         retry_after=max(1, math.ceil(oldest + limits.join_window - now)))
                key = nickname_key(name)
                if db.execute("SELECT 1 FROM students WHERE room = ? AND name_key = ?", (room.code, key)).fetchone():
                    raise ClassroomError("nickname-taken")
                number = room.students + 1
                db.execute("INSERT INTO students (room, student, nickname, name_key, token_hash, joined) VALUES (?, ?, ?, ?, ?, ?)",
                           (room.code, number, name, key, hash_token(token), now))
                db.execute("UPDATE rooms SET students = ? WHERE code = ?", (number, room.code))
                db.execute("INSERT INTO joins (client, at) VALUES (?, ?)", (client, now))
                _touch(db, room, now)
        if refused is not None:
            raise refused
        return Joined(room.code, number, name, token)

    @_faults
    def remove_student(self, code: str, teacher_token: str, student: int) -> None:
        now = self._now()
        with self._transaction(write=True) as db:
            room = _teacher(db, code, teacher_token, now)
            self._known(db, room, student)
            for table in ("answers", "progress", "students"):
                db.execute(f"DELETE FROM {table} WHERE room = ? AND student = ?", (room.code, student))
            _touch(db, room, now)

    @_faults
    def merge_students(self, code: str, teacher_token: str, keep: int, drop: int) -> None:
        now = self._now()
        with self._transaction(write=True) as db:
            room = _teacher(db, code, teacher_token, now)
            self._known(db, room, keep)
            self._known(db, room, drop)
            if keep == drop:
                raise ClassroomError("unknown-student")
            # Answers: the kept student's own stay; a question only the other answered moves over.
            db.execute("UPDATE answers SET student = ? WHERE room = ? AND student = ? AND round NOT IN "
                       "(SELECT round FROM answers WHERE room = ? AND student = ?)", (keep, room.code, drop, room.code, keep))
            # Progress on a deal: the report with more decisions made is kept.
            db.execute("DELETE FROM progress WHERE room = ? AND student = ? AND EXISTS (SELECT 1 FROM progress d WHERE "
                       "d.room = progress.room AND d.round = progress.round AND d.student = ? AND d.decisions > progress.decisions)",
                       (room.code, keep, drop))
            db.execute("UPDATE progress SET student = ? WHERE room = ? AND student = ? AND round NOT IN "
                       "(SELECT round FROM progress WHERE room = ? AND student = ?)", (keep, room.code, drop, room.code, keep))
            for table in ("answers", "progress", "students"):
                db.execute(f"DELETE FROM {table} WHERE room = ? AND student = ?", (room.code, drop))
            _touch(db, room, now)

    @staticmethod
    def _known(db: Db, room: _Room, student: object) -> None:
        if type(student) is not int or db.execute("SELECT 1 FROM students WHERE room = ? AND student = ?",
                                                  (room.code, student)).fetchone() is None:
            raise ClassroomError("unknown-student")

    @_faults
    def student(self, code: str, student_token: str) -> StudentView:
        now = self._now()
        with self._transaction(write=False) as db:
            room, me = _student_room(db, code, student_token, now)
            target, phase = _current(db, room)
            row = db.execute("SELECT choice, verdict FROM answers WHERE room = ? AND round = ? AND student = ?",
                             (room.code, room.round, me.student)).fetchone()
        choice, verdict = row if row is not None else (None, None)
        return StudentView(room.code, me.student, me.nickname, room.round, target, phase, choice, verdict, room.version)

    @_faults
    def class_tally(self, code: str, student_token: str) -> Tally | None:
        now = self._now()
        with self._transaction(write=False) as db:
            room, _me = _student_room(db, code, student_token, now)
            target, phase = _current(db, room)
            if phase != "revealed":
                return None
            rows = db.execute("SELECT choice, verdict FROM answers WHERE room = ? AND round = ?",
                              (room.code, room.round)).fetchall()
        if len(rows) < CLASS_TALLY_MIN:  # so few that the counts would tell who answered what
            return None
        return make_tally(room.round, target, phase, room.live, rows)

    @_faults
    def answer(self, code: str, student_token: str, round: int, choice: str, verdict: str) -> None:
        choice, verdict = check_choice(choice), check_verdict(verdict)
        now = self._now()
        with self._transaction(write=True) as db:
            room, me = _student_room(db, code, student_token, now)
            number = check_round(round, room.round)
            _, phase = _current(db, room)
            if phase != "asking":
                raise ClassroomError("not-asking", round=number, phase=phase)
            added = db.execute("INSERT INTO answers (room, round, student, choice, verdict, at) VALUES (?, ?, ?, ?, ?, ?) "
                               "ON CONFLICT (room, round, student) DO NOTHING",
                               (room.code, number, me.student, choice, verdict, now)).rowcount
            if added != 1:
                raise ClassroomError("already-answered", round=number)
            _touch(db, room, now)

    @_faults
    def report_progress(self, code: str, student_token: str, round: int, decisions: int, errors: dict[str, int],
                        finished: bool) -> None:
        decisions, kept, finished = check_progress(decisions, errors, finished)
        now = self._now()
        with self._transaction(write=True) as db:
            room, me = _student_room(db, code, student_token, now)
            number = check_round(round, room.round)
            db.execute("INSERT INTO progress (room, round, student, decisions, errors, finished, updated) VALUES (?, ?, ?, ?, ?, ?, ?) "
                       "ON CONFLICT (room, round, student) DO UPDATE SET decisions = excluded.decisions, "
                       "errors = excluded.errors, finished = excluded.finished, updated = excluded.updated",
                       (room.code, number, me.student, decisions, encode_errors(kept), int(finished), now))
            _touch(db, room, now)

    # ----- slots shared by every app process ---------------------------------------
    def take_lease(self, name: str, holder: str, seconds: float) -> bool:
        """Hold the slot ``name`` for ``seconds`` from now as ``holder`` (again: renewed) unless
        another holder holds it still; whether ``holder`` holds it now. A holder that stops
        renewing (its process died) loses it when its time runs out. Faults of the database
        raise :class:`~tutorial.store.StoreUnavailable` (logged; a missing table is made again)."""
        _check_lease(name, holder, seconds)

        def take() -> bool:
            now = self._now()
            with self._transaction(write=True) as db:
                row = db.execute("SELECT holder, until FROM leases WHERE name = ?", (name,)).fetchone()
                if row is not None and row[0] != holder and row[1] > now:
                    return False
                db.execute("INSERT INTO leases (name, holder, until) VALUES (?, ?, ?) ON CONFLICT (name) "
                           "DO UPDATE SET holder = excluded.holder, until = excluded.until", (name, holder, now + seconds))
                return True
        return self._mending("take_lease", take, lambda exc: StoreUnavailable(str(exc)))

    def drop_lease(self, name: str, holder: str) -> None:
        """Give up the slot ``name`` if ``holder`` holds it. Raises as :meth:`take_lease`."""
        _check_lease(name, holder, 1.0)

        def drop() -> None:
            with self._transaction(write=True) as db:
                db.execute("DELETE FROM leases WHERE name = ? AND holder = ?", (name, holder))
        self._mending("drop_lease", drop, lambda exc: StoreUnavailable(str(exc)))

    # ----- anyone ---------------------------------------------------------------

    @_faults
    def version(self, code: str) -> int:
        now = self._now()
        with self._transaction(write=False) as db:
            return _room(db, code, now, allow_closed=True).version

    @_faults
    def purge_expired(self, now: float | None = None) -> int:
        with self._transaction(write=True) as db:
            return self._purge(db, self._now() if now is None else now)

    def _purge(self, db: Db, now: float) -> int:
        """Delete the rooms expired at ``now`` with their data, join failures and joins older than
        their windows and ended locks; the number of rooms deleted."""
        expired = "SELECT code FROM rooms WHERE expires <= ?"
        for table in _CHILD_TABLES:
            db.execute(f"DELETE FROM {table} WHERE room IN ({expired})", (now,))
        deleted = db.execute("DELETE FROM rooms WHERE expires <= ?", (now,)).rowcount
        db.execute("DELETE FROM join_failures WHERE at <= ?", (now - self.limits.failed_join_window,))
        db.execute("DELETE FROM join_locks WHERE until <= ?", (now,))
        db.execute("DELETE FROM joins WHERE at <= ?", (now - self.limits.join_window,))
        return int(deleted)


LEASE_TEXT = 200
LEASE_SECONDS_MAX = 86_400.0


def _check_lease(name: object, holder: object, seconds: object) -> None:
    """``ValueError`` unless both stores keep the lease alike: ``name`` and ``holder`` of 1 to
    :data:`LEASE_TEXT` printable characters (no NUL, which PostgreSQL refuses), ``seconds``
    a number above 0 and at most a day (never NaN, which SQLite and PostgreSQL compare apart)."""
    for text in (name, holder):
        if not isinstance(text, str) or not 0 < len(text) <= LEASE_TEXT or not text.isprintable():
            raise ValueError(f"a lease's name and holder must be 1 to {LEASE_TEXT} printable characters")
    if (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
            or not 0 < seconds <= LEASE_SECONDS_MAX):
        raise ValueError(f"a lease lasts more than 0 and at most {LEASE_SECONDS_MAX:.0f} seconds")
