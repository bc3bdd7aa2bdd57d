"""A browser session in the class room, per role, without the interface (issue 18).

:class:`RoomState` is everything one browser session keeps about the class room (the app
keeps one instance under one session key, :attr:`RoomState.KEY`). The role sessions read
and change it, and ask the room store:

- :class:`~.join.JoinSession`: no room yet: join one with its code and a nickname (or take back
  the place this browser holds), or open one;
- :class:`~.student.StudentSession`: answer the question in play, see the answer once revealed, play
  the class deal and report progress;
- :class:`~.teacher.TeacherSession`: ask, reveal, move on, close; read the tally, the names, the
  class's progress and the summary; remove or merge students.

Each action has a *can* and a *do* (``can_answer`` / ``answer``); a *do* that the store
refuses leaves the problem in :attr:`RoomState.problem` for the page to tell once, except
the refusals of a double click (the second click finds the round moved on), which are only
counted (:func:`refusals`). What the screens show is returned as plain values and plain
text (the views escape it for Markdown).
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar, Literal

from ..engine.errors import MugginsError
from .errors import ClassroomError
from .gate import SessionGate

log = logging.getLogger(__name__)

RoleKind = Literal["teacher", "student"]
ROOM_LIMIT, TOKEN_LIMIT = 20, 80
"""The longest room code and token taken from an address."""


# ----- what an operator reads: refusals counted ------------------------------------------
_refused: Counter[str] = Counter()
_refused_lock = threading.Lock()


def refused(action: str, code: str) -> None:
    """Count (and log) one refused class-room request: ``action`` (``join``, ``answer``,
    ``reveal`` …) refused with the store's ``code``. Process-wide counts, no user's data."""
    with _refused_lock:
        _refused[f"{action}:{code}"] += 1
    log.info("class room: %s refused (%s)", action, code)


def refusals() -> dict[str, int]:
    """The refusals counted in this process, by ``action:code``."""
    with _refused_lock:
        return dict(_refused)


# ----- the state of one browser session ------------------------------------------------------
@dataclass(frozen=True)
class Role:
    """Who this browser is in a room: ``kind``, the room ``code``, the secret ``token`` (not in
    ``repr``) and a student's ``nickname`` (shown literally)."""

    kind: RoleKind
    code: str
    token: str = field(repr=False)
    nickname: str = ""


Sent = tuple[int, tuple[tuple[str, int], ...], bool]


@dataclass
class RoomState:
    """One browser session's class room. Its address form: ``room`` plus ``teacher`` (the
    secret teacher link) or ``student`` (the student's token); a join link has ``room`` only
    (:meth:`seed`, :meth:`address`, :meth:`kept`)."""

    KEY: ClassVar[str] = "class_room"

    seeded: bool = False
    role: Role | None = None
    asked: str | None = None
    """The room code of a join link."""
    joined: dict[tuple[str, str], Role] = field(default_factory=dict)
    """``{(room code, nickname key): Role}`` joined from this browser: a join sent twice (a
    double click) is the same student, never a second one or a "taken" error."""
    problem: MugginsError | None = None
    """A problem to tell once (a refused join, an expired room …)."""
    gate: SessionGate = field(default_factory=SessionGate)
    forget_cookie: str | None = None
    """The room whose place cookie this browser should drop (after *Leave the room*)."""
    placed: tuple[str, str] | None = None
    """The (room, token) whose place cookie this page already wrote."""
    reported: dict[tuple[str, int], tuple[Sent, dict[str, int]]] = field(default_factory=dict)
    """The last class-practice progress sent per (room, round), so the same one is not sent again."""
    practice: tuple[str, int, str] | None = None
    """``(room code, round, deal code)`` the practice page reports progress on."""
    go_practice: bool = False
    """Open the practice page on the next run (a callback cannot switch pages)."""
    show_names: bool = False
    show_spread: bool = False
    """The teacher's *Show names* and *Show the spread*: kept here, not in their widgets,
    because a layout that draws no such widget (presenter mode) would lose it."""
    present_names: bool = False
    """*Show names* on the projector: its own switch, off until turned on there (names turned on
    to read the page must not reach the whole class)."""
    ask: dict[str, str] = field(default_factory=dict)
    """The *Ask the class* form's choices (``kind``, ``lesson``, ``step-<lesson>``, ``deal``):
    kept here, as the switches are, so that presenter mode, which draws no form, loses none."""
    closing: bool = False
    """The teacher asked to close the room: the page asks to confirm."""
    been: set[tuple[str, str]] = field(default_factory=set)
    """The (room, student token) places this session has shown: one the room no longer knows was
    taken out by the teacher (merged or removed), which the page may say — a link's unknown
    token is only ever a ``bad-link``, so codes cannot be probed."""
    presented: tuple[str, int] | None = None
    """The (room, round) the projector last showed: a new one starts with its answer hidden."""

    def seed(self, room: str | None, teacher: str | None, student: str | None, show: str | None = None) -> None:
        """Once per session, from the address the session started with; a teacher's ``show``
        (``spread``, ``names``, comma-separated) puts the page's switches back as they were (a
        server restart, a reload: the switches were off again)."""
        if self.seeded:
            return
        self.seeded = True
        self.asked = room[:ROOM_LIMIT] if room else None
        if room and (teacher or student):
            self.role = Role("teacher" if teacher else "student", room[:ROOM_LIMIT], (teacher or student or "")[:TOKEN_LIMIT])
        if teacher and show:
            shown = set(show[:40].split(","))
            self.show_spread, self.show_names = "spread" in shown, "names" in shown

    def take(self, role: Role | None) -> None:
        self.role = role

    def tell(self, err: MugginsError) -> None:
        self.problem = err

    def told(self) -> MugginsError | None:
        """The problem to tell now (then forgotten)."""
        found, self.problem = self.problem, None
        return found

    def address(self) -> dict[str, str | None]:
        """What the class page keeps in its address (this page only)."""
        if self.role is None:
            return {"room": self.asked}
        shown = ",".join(name for name, on in (("spread", self.show_spread), ("names", self.show_names)) if on)
        if self.role.kind == "teacher" and shown:  # the page's switches (the projector's names stay its own)
            return {"room": self.role.code, "teacher": self.role.token, "show": shown}
        return {"room": self.role.code, self.role.kind: self.role.token}

    def kept(self) -> dict[str, str | None]:
        """What every page's address keeps: a student's room and token (a reload of the
        Practice page during class practice is still the same student); a teacher's token
        stays on the class page only, so a link copied from another page never carries it."""
        if self.role is not None and self.role.kind == "student":
            return {"room": self.role.code, "student": self.role.token}
        return {"room": None, "student": None}

    def leave(self) -> None:
        """Forget this browser's room (the room itself goes on); a student's place cookie
        goes too, so the next person at this browser is not offered it."""
        if self.role is not None and self.role.kind == "student":
            self.forget_cookie = self.role.code
        self.role = None


def as_link_error(err: MugginsError, state: RoomState | None = None) -> MugginsError:
    """An error met on a teacher or student link as the page says it: a link that opens no
    place in a room is one ``bad-link`` whether its code is real or not, so codes cannot be
    probed through links — except a student's place this session has shown (``state.been``),
    which the teacher took out: ``taken-out`` (a merged entry was told to join again)."""
    if (isinstance(err, ClassroomError) and err.code == "unknown-student" and state is not None
            and state.role is not None and (state.role.code, state.role.token) in state.been):
        return ClassroomError("taken-out")
    if isinstance(err, ClassroomError) and err.code in ("unknown-room", "unknown-student", "not-teacher"):
        return ClassroomError("bad-link")
    return err


Clock = Callable[[], float]
CookieReader = Callable[[str], str | None]
COOKIE_PREFIX = "muggins-class-"
"""Cookie ``muggins-class-<ROOM CODE>``: ``{"t": student token, "n": nickname}`` of the place this
browser holds in that room, so a student who closed the tab gets it back from the join link."""
COOKIE_DAYS = 7


def cookie_name(code: str) -> str:
    return COOKIE_PREFIX + code


def cookie_token(raw: str | None) -> str | None:
    """The student token a place cookie's value holds (see :data:`COOKIE_PREFIX`), else ``None``."""
    import json
    from urllib.parse import unquote

    try:
        kept = json.loads(unquote(raw)) if raw and len(raw) <= 400 else None
    except ValueError:
        return None
    token = kept.get("t") if isinstance(kept, dict) else None
    return token if isinstance(token, str) and 0 < len(token) <= TOKEN_LIMIT else None


__all__ = ["COOKIE_DAYS", "COOKIE_PREFIX", "Clock", "CookieReader", "Role", "RoomState", "Sent", "as_link_error",
           "cookie_name", "cookie_token", "refusals", "refused"]
