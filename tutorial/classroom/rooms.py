"""A live class room: its limits and lifetime, and the values the store hands back.

A teacher opens a room and gets its code and a secret teacher token; students join with
the code and a nickname and get a secret student token. The teacher sets questions one
after another (rounds 1, 2, …): each opens in phase ``asking``, ``reveal`` moves it to
``revealed``, setting the next target opens the next round. Students answer the current
round once while it is asking, and report their progress on a shared practice deal.
Times are seconds since the epoch (``time.time()``); rounds and students count from 1.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from .errors import ClassroomError

#: ``waiting`` before the first question, then ``asking`` or ``revealed`` for the current one.
Phase = Literal["waiting", "asking", "revealed"]

ROOM_HOURS_VARIABLE = "MUGGINS_ROOM_HOURS"
CLASS_TALLY_MIN = 5
"""Students see the class's counts on a revealed question only from this many answers on:
with fewer, the counts could tell them how a classmate answered."""
DEFAULT_ROOM_HOURS = 4.0
MAX_ROOM_HOURS = 7 * 24.0


def room_hours(environ: Mapping[str, str] | None = None) -> float:
    """A room's lifetime after its last change, in hours: ``$MUGGINS_ROOM_HOURS`` (from
    ``environ``, default ``os.environ``) when it is a positive number of at most 168 (7 days),
    else :data:`DEFAULT_ROOM_HOURS`. Never raises."""
    text = (os.environ if environ is None else environ).get(ROOM_HOURS_VARIABLE, "").strip()
    if not re.fullmatch(r"[0-9]{1,3}(\.[0-9]{1,6})?|\.[0-9]{1,6}", text, re.ASCII):  # ASCII digits only: not ١ or 1_0
        return DEFAULT_ROOM_HOURS
    hours = float(text)
    return hours if math.isfinite(hours) and 0 < hours <= MAX_ROOM_HOURS else DEFAULT_ROOM_HOURS


@dataclass(frozen=True)
class RoomLimits:
    """How long rooms live and how much they hold (per room, per client address, per server).

    ``hours``: lifetime after the last change (0 < hours ≤ 168); ``max_students`` per room;
    ``max_failed_joins`` failed joins (unknown, expired or closed room codes) per client key
    within ``failed_join_window`` seconds lock that client's joins for one window
    (``too-many-attempts``; a *clean* join, see :mod:`.gate`, is let through);
    ``max_joins_per_client`` new students per client key within ``join_window`` seconds
    (``too-many-joins``); ``max_rooms_per_client`` rooms alive opened by one client key and
    ``max_rooms`` alive on the server (``too-many-rooms``). Raises ``ValueError`` for values
    outside these ranges.
    """

    hours: float = DEFAULT_ROOM_HOURS
    max_students: int = 120
    max_failed_joins: int = 20
    failed_join_window: float = 600.0
    max_joins_per_client: int = 80
    join_window: float = 600.0
    max_rooms_per_client: int = 20
    max_rooms: int = 500

    def __post_init__(self) -> None:
        if not (math.isfinite(self.hours) and 0 < self.hours <= MAX_ROOM_HOURS):
            raise ValueError(f"room hours must be in (0, {MAX_ROOM_HOURS}]: {self.hours}")
        if min(self.max_students, self.max_failed_joins, self.max_joins_per_client, self.max_rooms_per_client,
               self.max_rooms) < 1 or not (self.failed_join_window > 0 and self.join_window > 0):
            raise ValueError("room limits must be positive")

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> RoomLimits:
        """The default limits with the lifetime of :func:`room_hours`."""
        return cls(hours=room_hours(environ))

    @property
    def lifetime(self) -> float:
        """``hours`` in seconds."""
        return self.hours * 3600.0


@dataclass(frozen=True)
class NewRoom:
    """A room just opened: its ``code`` (6 symbols, show it large) and the ``teacher_token``
    (secret: keep it in the teacher's page address only; it is not shown in ``repr``)."""

    code: str
    teacher_token: str = field(repr=False)


@dataclass(frozen=True)
class Joined:
    """A student who joined: the room ``code``, their number ``student`` (1, 2, … in joining
    order), the ``nickname`` as kept, and the secret ``student_token`` (keep it in the
    student's page address; not shown in ``repr``)."""

    code: str
    student: int
    nickname: str
    student_token: str = field(repr=False)


@dataclass(frozen=True)
class RoomView:
    """What anyone with the code sees: the current ``round`` (0 before the first question),
    its ``target`` (``None`` before the first) and ``phase``, the number of ``students``, the
    change counter ``version``, ``closed`` and when the room ``expires`` unless changed again
    (seconds since the epoch)."""

    code: str
    round: int
    target: str | None
    phase: Phase
    students: int
    version: int
    closed: bool
    expires: float


@dataclass(frozen=True)
class StudentView:
    """One student's screen: the room as :class:`RoomView` sees it, who they are (``student``,
    ``nickname``) and their answer to the current round (``choice`` and ``verdict``, ``None``
    when not answered)."""

    code: str
    student: int
    nickname: str
    round: int
    target: str | None
    phase: Phase
    choice: str | None
    verdict: str | None
    version: int


@dataclass(frozen=True)
class StudentRow:
    """A student of the room for the teacher: number, nickname (show it literally) and the
    time they joined (seconds since the epoch)."""

    student: int
    nickname: str
    joined: float


def check_round(round_: object, current: int) -> int:
    """``round_`` when it is the current round ``current``; else
    ``ClassroomError("wrong-round", round=..., current=...)`` (``round`` is ``None`` when not a
    whole number)."""
    if type(round_) is not int:
        raise ClassroomError("wrong-round", round=None, current=current)
    if round_ != current or current == 0:
        raise ClassroomError("wrong-round", round=round_, current=current)
    return round_


def check_past_round(round_: object, current: int) -> int:
    """``round_`` (or the current round when ``None``) when it is 0 < round ≤ ``current``, or
    0 when no question was set yet and ``round_`` is ``None``; else ``wrong-round``."""
    if round_ is None:
        return current
    if type(round_) is not int or not 0 < round_ <= current:
        raise ClassroomError("wrong-round", round=round_ if type(round_) is int else None, current=current)
    return round_


__all__ = ["DEFAULT_ROOM_HOURS", "MAX_ROOM_HOURS", "ROOM_HOURS_VARIABLE", "Joined", "NewRoom", "Phase", "RoomLimits",
           "RoomView", "StudentRow", "StudentView", "check_past_round", "check_round", "room_hours"]
