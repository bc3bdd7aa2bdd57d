"""The class rooms of :class:`~tutorial.store.sqlite.SqliteStore`: the SQL, with the rules of
:mod:`tutorial.classroom` (checks, tokens, tallies). Every read-then-write runs in one
``BEGIN IMMEDIATE`` transaction, so several app processes can share a room."""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import NamedTuple, cast

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
    Tally,
    check_progress,
    decode_errors,
    encode_errors,
    make_progress,
    make_tally,
    summary_rows,
)
from ..classroom.tokens import hash_token, new_room_code, new_token, parse_room_code, token_matches

_ROOM_COLUMNS = "code, teacher_hash, expires, lifetime, closed, version, round, students"
_CHILD_TABLES = ("rounds", "students", "answers", "progress")


class _Room(NamedTuple):
    code: str
    teacher_hash: str
    expires: float
    lifetime: float
    closed: bool
    version: int
    round: int
    students: int


class _Student(NamedTuple):
    student: int
    nickname: str


def _room(db: sqlite3.Connection, code: object, now: float, *, allow_closed: bool = False) -> _Room:
    """The room with ``code`` if it lives (and is open unless ``allow_closed``); else
    ``unknown-room``, ``expired-room`` or ``closed-room``."""
    parsed = parse_room_code(code) if isinstance(code, str) else None
    row = db.execute(f"SELECT {_ROOM_COLUMNS} FROM rooms WHERE code = ?", (parsed,)).fetchone() if parsed else None
    if row is None:
        raise ClassroomError("unknown-room")
    room = _Room(row[0], row[1], row[2], row[3], bool(row[4]), row[5], row[6], row[7])
    if room.expires <= now:
        raise ClassroomError("expired-room")
    if room.closed and not allow_closed:
        raise ClassroomError("closed-room")
    return room


def _teacher(db: sqlite3.Connection, code: object, token: object, now: float, *, allow_closed: bool = False) -> _Room:
    """The room if ``token`` is its teacher token (``not-teacher`` else); see :func:`_room`."""
    room = _room(db, code, now, allow_closed=True)
    if not token_matches(token if isinstance(token, str) else None, room.teacher_hash):
        raise ClassroomError("not-teacher")
    if room.closed and not allow_closed:
        raise ClassroomError("closed-room")
    return room


def _student(db: sqlite3.Connection, room: _Room, token: object) -> _Student:
    """The student of ``room`` whose token is ``token``; else ``unknown-student``."""
    if isinstance(token, str) and 0 < len(token) <= 200:
        row = db.execute("SELECT student, nickname, token_hash FROM students WHERE room = ? AND token_hash = ?",
                         (room.code, hash_token(token))).fetchone()
        if row is not None and token_matches(token, row[2]):
            return _Student(row[0], row[1])
    raise ClassroomError("unknown-student")


def _current(db: sqlite3.Connection, room: _Room, round_: int | None = None) -> tuple[str | None, Phase]:
    """Target and phase of round ``round_`` (default the current one); ``(None, "waiting")`` for round 0."""
    number = room.round if round_ is None else round_
    row = db.execute("SELECT target, phase FROM rounds WHERE room = ? AND round = ?", (room.code, number)).fetchone()
    return (None, "waiting") if row is None else (row[0], cast(Phase, row[1]))


def _touch(db: sqlite3.Connection, room: _Room, now: float) -> None:
    """Record a change: the version goes up and the lifetime starts again."""
    db.execute("UPDATE rooms SET version = version + 1, active = ?, expires = ? WHERE code = ?",
               (now, now + room.lifetime, room.code))


class SqliteRooms:
    """The :class:`~tutorial.store.RoomStore` methods; documented there."""

    limits: RoomLimits
    _now: Callable[[], float]

    def _transaction(self, write: bool) -> AbstractContextManager[sqlite3.Connection]:  # pragma: no cover - overridden
        raise NotImplementedError

    # ----- teacher -------------------------------------------------------------

    def open_room(self, *, hours: float | None = None) -> NewRoom:
        lifetime = (self.limits.hours if hours is None else RoomLimits(hours=hours).hours) * 3600.0
        token = new_token()
        now = self._now()
        with self._transaction(write=True) as db:
            self._purge(db, now)
            for _ in range(50):
                code = new_room_code()
                if db.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone() is None:
                    break
            else:  # pragma: no cover - 31**6 codes
                raise RuntimeError("no free room code")
            db.execute("INSERT INTO rooms (code, teacher_hash, created, active, lifetime, expires) VALUES (?, ?, ?, ?, ?, ?)",
                       (code, hash_token(token), now, now, lifetime, now + lifetime))
        return NewRoom(code, token)

    def teacher_room(self, code: str, teacher_token: str) -> RoomView:
        now = self._now()
        with self._transaction(write=False) as db:
            room = _teacher(db, code, teacher_token, now, allow_closed=True)
            target, phase = _current(db, room)
        return RoomView(room.code, room.round, target, phase, room.students, room.version, room.closed, room.expires)

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

    def close(self, code: str, teacher_token: str) -> None:
        now = self._now()
        with self._transaction(write=True) as db:
            room = _teacher(db, code, teacher_token, now, allow_closed=True)
            if not room.closed:
                db.execute("UPDATE rooms SET closed = 1 WHERE code = ?", (room.code,))
                _touch(db, room, now)

    def students(self, code: str, teacher_token: str) -> list[StudentRow]:
        now = self._now()
        with self._transaction(write=False) as db:
            room = _teacher(db, code, teacher_token, now, allow_closed=True)
            rows = db.execute("SELECT student, nickname, joined FROM students WHERE room = ? ORDER BY student",
                              (room.code,)).fetchall()
        return [StudentRow(*row) for row in rows]

    def tally(self, code: str, teacher_token: str, round: int | None = None) -> Tally:
        now = self._now()
        with self._transaction(write=False) as db:
            room = _teacher(db, code, teacher_token, now, allow_closed=True)
            number = check_past_round(round, room.round)
            target, phase = _current(db, room, number)
            rows = db.execute("SELECT choice, verdict FROM answers WHERE room = ? AND round = ?", (room.code, number)).fetchall()
        return make_tally(number, target, phase, room.students, rows)

    def answers_with_names(self, code: str, teacher_token: str, round: int | None = None) -> list[NamedAnswer]:
        now = self._now()
        with self._transaction(write=False) as db:
            room = _teacher(db, code, teacher_token, now, allow_closed=True)
            number = check_past_round(round, room.round)
            rows = db.execute("SELECT a.student, s.nickname, a.choice, a.verdict, a.at FROM answers a "
                              "JOIN students s ON s.room = a.room AND s.student = a.student "
                              "WHERE a.room = ? AND a.round = ? ORDER BY a.at, a.student", (room.code, number)).fetchall()
        return [NamedAnswer(*row) for row in rows]

    def progress(self, code: str, teacher_token: str, round: int | None = None, *, names: bool = False) -> Progress:
        now = self._now()
        with self._transaction(write=False) as db:
            room = _teacher(db, code, teacher_token, now, allow_closed=True)
            number = check_past_round(round, room.round)
            target, _ = _current(db, room, number)
            rows = db.execute("SELECT p.student, s.nickname, p.decisions, p.errors, p.finished, p.updated FROM progress p "
                              "JOIN students s ON s.room = p.room AND s.student = p.student "
                              "WHERE p.room = ? AND p.round = ?", (room.code, number)).fetchall()
        return make_progress(number, target, room.students,
                             [ProgressRow(student, nickname if names else None, decisions, decode_errors(errors), bool(finished),
                                          updated) for student, nickname, decisions, errors, finished, updated in rows])

    def summary_rows(self, code: str, teacher_token: str, round: int | None = None, *,
                     names: bool = False) -> list[dict[str, str | int]]:
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

    def join(self, code: str, nickname: str, client_key: str) -> Joined:
        name = normalise_nickname(nickname)
        client = hash_token(client_key if isinstance(client_key, str) else "")
        token = new_token()
        now = self._now()
        limits = self.limits
        refused: ClassroomError | None = None
        with self._transaction(write=True) as db:
            since = now - limits.failed_join_window
            failures, oldest = db.execute("SELECT COUNT(*), MIN(at) FROM join_failures WHERE client = ? AND at > ?",
                                          (client, since)).fetchone()
            if failures >= limits.max_failed_joins:
                raise ClassroomError("too-many-attempts", limit=limits.max_failed_joins, window=limits.failed_join_window,
                                     retry_after=max(1, math.ceil(oldest + limits.failed_join_window - now)))
            try:
                room = _room(db, code, now)
            except ClassroomError as error:  # a wrong or stale code: counted, and kept (committed)
                db.execute("INSERT INTO join_failures (client, at) VALUES (?, ?)", (client, now))
                refused = error
            else:
                if room.students >= limits.max_students:
                    raise ClassroomError("room-full", limit=limits.max_students)
                key = nickname_key(name)
                if db.execute("SELECT 1 FROM students WHERE room = ? AND name_key = ?", (room.code, key)).fetchone():
                    raise ClassroomError("nickname-taken")
                number = room.students + 1
                db.execute("INSERT INTO students (room, student, nickname, name_key, token_hash, joined) VALUES (?, ?, ?, ?, ?, ?)",
                           (room.code, number, name, key, hash_token(token), now))
                db.execute("UPDATE rooms SET students = ? WHERE code = ?", (number, room.code))
                _touch(db, room, now)
        if refused is not None:
            raise refused
        return Joined(room.code, number, name, token)

    def student(self, code: str, student_token: str) -> StudentView:
        now = self._now()
        with self._transaction(write=False) as db:
            room = _room(db, code, now)
            me = _student(db, room, student_token)
            target, phase = _current(db, room)
            row = db.execute("SELECT choice, verdict FROM answers WHERE room = ? AND round = ? AND student = ?",
                             (room.code, room.round, me.student)).fetchone()
        choice, verdict = row if row is not None else (None, None)
        return StudentView(room.code, me.student, me.nickname, room.round, target, phase, choice, verdict, room.version)

    def class_tally(self, code: str, student_token: str) -> Tally | None:
        now = self._now()
        with self._transaction(write=False) as db:
            room = _room(db, code, now)
            _student(db, room, student_token)
            target, phase = _current(db, room)
            if phase != "revealed":
                return None
            rows = db.execute("SELECT choice, verdict FROM answers WHERE room = ? AND round = ?",
                              (room.code, room.round)).fetchall()
        if len(rows) < CLASS_TALLY_MIN:  # so few that the counts would tell who answered what
            return None
        return make_tally(room.round, target, phase, room.students, rows)

    def answer(self, code: str, student_token: str, round: int, choice: str, verdict: str) -> None:
        choice, verdict = check_choice(choice), check_verdict(verdict)
        now = self._now()
        with self._transaction(write=True) as db:
            room = _room(db, code, now)
            me = _student(db, room, student_token)
            number = check_round(round, room.round)
            _, phase = _current(db, room)
            if phase != "asking":
                raise ClassroomError("not-asking", round=number, phase=phase)
            try:
                db.execute("INSERT INTO answers (room, round, student, choice, verdict, at) VALUES (?, ?, ?, ?, ?, ?)",
                           (room.code, number, me.student, choice, verdict, now))
            except sqlite3.IntegrityError:
                raise ClassroomError("already-answered", round=number) from None
            _touch(db, room, now)

    def report_progress(self, code: str, student_token: str, round: int, decisions: int, errors: dict[str, int],
                        finished: bool) -> None:
        decisions, kept, finished = check_progress(decisions, errors, finished)
        now = self._now()
        with self._transaction(write=True) as db:
            room = _room(db, code, now)
            me = _student(db, room, student_token)
            number = check_round(round, room.round)
            db.execute("INSERT INTO progress (room, round, student, decisions, errors, finished, updated) VALUES (?, ?, ?, ?, ?, ?, ?) "
                       "ON CONFLICT (room, round, student) DO UPDATE SET decisions = excluded.decisions, "
                       "errors = excluded.errors, finished = excluded.finished, updated = excluded.updated",
                       (room.code, number, me.student, decisions, encode_errors(kept), int(finished), now))
            _touch(db, room, now)

    # ----- anyone ---------------------------------------------------------------

    def version(self, code: str) -> int:
        now = self._now()
        with self._transaction(write=False) as db:
            return _room(db, code, now, allow_closed=True).version

    def purge_expired(self, now: float | None = None) -> int:
        with self._transaction(write=True) as db:
            return self._purge(db, self._now() if now is None else now)

    def _purge(self, db: sqlite3.Connection, now: float) -> int:
        """Delete the rooms expired at ``now`` with their data, and join failures older than the
        window; the number of rooms deleted."""
        expired = "SELECT code FROM rooms WHERE expires <= ?"
        for table in _CHILD_TABLES:
            db.execute(f"DELETE FROM {table} WHERE room IN ({expired})", (now,))
        deleted = db.execute("DELETE FROM rooms WHERE expires <= ?", (now,)).rowcount
        db.execute("DELETE FROM join_failures WHERE at <= ?", (now - self.limits.failed_join_window,))
        return int(deleted)


