"""A browser session in the class room, per role, without the interface (issue 18).

:class:`RoomState` is everything one browser session keeps about the class room (the app
keeps one instance under one session key, :attr:`RoomState.KEY`). The role sessions read
and change it, and ask the room store:

- :class:`JoinSession`: no room yet: join one with its code and a nickname (or take back
  the place this browser holds), or open one;
- :class:`StudentSession`: answer the question in play, see the answer once revealed, play
  the class deal and report progress;
- :class:`TeacherSession`: ask, reveal, move on, close; read the tally, the names, the
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
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, ClassVar, Literal

from ..engine.deal import DealCode
from ..engine.errors import MugginsError
from ..lessons import Lesson
from ..narrate import Narrator
from .board import ShownTally, shown_tally, student_token, teacher_token
from .errors import ClassroomError
from .gate import SessionGate
from .names import nickname_key, normalise_nickname
from .rooms import RoomView, StudentRow, StudentView
from .summary import ClassSummary
from .tally import NamedAnswer, Progress, Tally
from .targets import Asked, Course, DealTarget, Target, parse_target
from .tokens import parse_room_code
from .words import choice_text, seated, verdict_words

if TYPE_CHECKING:
    from ..store import RoomStore

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
    closing: bool = False
    """The teacher asked to close the room: the page asks to confirm."""
    presented: tuple[str, int] | None = None
    """The (room, round) the projector last showed: a new one starts with its answer hidden."""

    def seed(self, room: str | None, teacher: str | None, student: str | None) -> None:
        """Once per session, from the address the session started with."""
        if self.seeded:
            return
        self.seeded = True
        self.asked = room[:ROOM_LIMIT] if room else None
        if room and (teacher or student):
            self.role = Role("teacher" if teacher else "student", room[:ROOM_LIMIT], (teacher or student or "")[:TOKEN_LIMIT])

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


def as_link_error(err: MugginsError) -> MugginsError:
    """An error met on a teacher or student link as the page says it: a link that opens no
    place in a room is one ``bad-link`` whether its code is real or not, so codes cannot be
    probed through links."""
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


# ----- joining --------------------------------------------------------------------------------
class JoinSession:
    """No room yet: join one or open one. ``client_key``: who counts for the store's limits
    (the browser's address); ``cookie``: the browser's cookie by name, as the session began."""

    def __init__(self, state: RoomState, store: RoomStore, clock: Clock, client_key: str, cookie: CookieReader):
        self.state, self.store, self.clock, self.client_key, self.cookie = state, store, clock, client_key, cookie

    def place_here(self, code: str) -> Role | None:
        """The place this browser holds in room ``code`` (its place cookie), when the room
        still knows that student; else ``None``. Never raises."""
        import json
        from urllib.parse import unquote

        parsed = parse_room_code(str(code))
        if parsed is None or self.state.forget_cookie == parsed:
            return None
        raw = self.cookie(cookie_name(parsed))
        try:
            kept = json.loads(unquote(raw)) if raw and len(raw) <= 400 else None
        except ValueError:
            return None
        token = kept.get("t") if isinstance(kept, dict) else None
        if not isinstance(token, str) or not 0 < len(token) <= TOKEN_LIMIT:
            return None
        try:
            seen = self.store.student(parsed, token)
        except ClassroomError:
            return None
        return Role("student", seen.code, token, seen.nickname)

    def back(self) -> Role | None:
        """The place this browser holds in the room of the join link, if any."""
        return self.place_here(self.state.asked) if self.state.asked else None

    def can_join(self) -> bool:
        return self.state.role is None

    def join(self, code: str, nickname: str) -> None:
        """Join room ``code`` as ``nickname``. The name this browser already holds in that room
        (its place cookie, or a join made in this session) takes that place back instead of
        being "taken"; a second submit of the form (a double click, Enter twice) does nothing."""
        if not self.can_join():
            return
        code, nickname = str(code)[:40], str(nickname)[:200]
        key: tuple[str, str] | None
        try:
            room = parse_room_code(code)
            key = (room, nickname_key(normalise_nickname(nickname))) if room is not None else None
        except ClassroomError:
            key = None
        joined = self.state.joined
        if key is not None and key not in joined:
            back = self.place_here(key[0])
            if back is not None and nickname_key(back.nickname) == key[1]:
                joined[key] = back
        if key is not None and key in joined:  # this browser joined as this name before: the same student again
            self.state.take(joined[key])
            return
        pace, now = self.state.gate, self.clock()
        try:
            pace.check_join(now)
            made = self.store.join(code, nickname, self.client_key, clean=pace.clean)
        except ClassroomError as err:
            if err.code in ("unknown-room", "expired-room", "closed-room"):
                pace.failed(now)
            refused("join", err.code)
            self.state.tell(err)
            return
        pace.joined(now)
        role = Role("student", made.code, made.student_token, made.nickname)
        self.state.take(role)
        if key is not None:
            joined[key] = role

    def reclaim(self, back: Role) -> None:
        """Take back the place this browser holds in a room (*Go on as …*)."""
        self.state.take(back)

    def open_room(self) -> None:
        """Open a new room; this browser is its teacher (limited per session, per address and
        for the server: ``too-many-rooms``)."""
        now = self.clock()
        try:
            self.state.gate.check_open(now)
            made = self.store.open_room(client_key=self.client_key)
        except ClassroomError as err:
            refused("open", err.code)
            self.state.tell(err)
            return
        self.state.gate.opened_room(now)
        log.info("class room opened")
        self.state.take(Role("teacher", made.code, made.teacher_token))

    def cookie_script(self) -> str | None:
        """The script that drops this browser's place cookie (after *Leave the room*), or ``None``."""
        import json

        forget = self.state.forget_cookie
        if not forget:
            return None
        return f"<script>document.cookie = {json.dumps(cookie_name(forget) + '=; Max-Age=0; Path=/; SameSite=Lax')};</script>"


# ----- a student --------------------------------------------------------------------------
Showing = Literal["waiting", "question", "revealed", "practice", "unknown"]


@dataclass(frozen=True)
class StudentScreen:
    """What a student's page shows now: ``showing`` (no question yet, a question to answer, its
    answer revealed, a deal to play, or a question this version lacks); the step ``asked`` or
    the ``deal``; this student's ``choice`` and ``verdict``; ``answer`` (their choice in
    words, from their seat), ``right``; ``class_tally`` (after the reveal, from enough
    answers) or ``None``; ``playing``: they already play this round's deal; ``token``: the
    state the buttons act on (the click guard)."""

    showing: Showing
    round: int
    code: str
    nickname: str
    asked: Asked | None = None
    deal: DealTarget | None = None
    choice: str | None = None
    verdict: str | None = None
    answer: str | None = None
    right: bool = False
    class_tally: ShownTally | None = None
    playing: bool = False
    token: str = ""

    @property
    def interactive(self) -> bool:
        """The question can be answered now (not answered yet)."""
        return self.showing == "question" and self.choice is None


class StudentSession:
    """A student in a room (:attr:`RoomState.role` is a student's)."""

    def __init__(self, state: RoomState, store: RoomStore, course: Course, narrator: Narrator):
        if state.role is None or state.role.kind != "student":
            raise ValueError("not a student")
        self.state, self.store, self.course, self.n = state, store, course, narrator
        self.role = state.role

    def view(self) -> StudentView:
        """The room as this student sees it now (raises :class:`ClassroomError`)."""
        return self.store.student(self.role.code, self.role.token)

    @staticmethod
    def token(seen: StudentView) -> str:
        """The state a student's buttons were drawn for (question, phase, answered)."""
        return student_token(seen.round, seen.phase, seen.choice is not None)

    def token_now(self) -> str:
        """The same, read from the store when the click arrives ("" when it cannot be read)."""
        try:
            return self.token(self.view())
        except ClassroomError:
            return ""

    def signature(self) -> tuple[object, ...]:
        """What this student's page shows of the room: the question, its phase, their answer
        (``("gone", code)`` for a room that closed or expired). Other students' joins and
        answers do not change it, so they do not redraw every student's page."""
        try:
            seen = self.view()
        except ClassroomError as err:
            return ("gone", err.code)
        return (seen.round, seen.phase, seen.choice)

    def screen(self, seen: StudentView) -> StudentScreen:
        """What the page shows for ``seen`` (reads the class tally once revealed)."""
        showing = self.showing(seen)
        screen = StudentScreen(showing, seen.round, seen.code, seen.nickname, token=self.token(seen))
        found = self.course.find(parse_target(seen.target))
        if isinstance(found, DealTarget):
            playing = self.state.practice is not None and self.state.practice[1] == seen.round
            return replace(screen, deal=found, playing=playing)
        if not isinstance(found, Asked) or showing == "waiting":
            return screen
        said = None if seen.choice is None else self.namer(found)(seen.choice)
        screen = replace(screen, asked=found, choice=seen.choice, answer=said)
        if showing != "revealed":
            return screen
        everyone = self.store.class_tally(self.role.code, self.role.token)
        shown = None if everyone is None else shown_tally(everyone, found.step.right, self.namer(found), spread=True)
        return replace(screen, verdict=seen.verdict, right=seen.verdict == "right", class_tally=shown)

    def showing(self, seen: StudentView) -> Showing:
        """What kind of screen ``seen`` makes."""
        if not seen.round:
            return "waiting"
        found = self.course.find(parse_target(seen.target))
        if isinstance(found, DealTarget):
            return "practice"
        if found is None:
            return "unknown"
        return "revealed" if seen.phase == "revealed" else "question"

    def namer(self, asked: Asked) -> Callable[[str], str]:
        """A choice in words, from this student's seat."""
        teller = seated(self.n, asked.step.you)
        return lambda choice: choice_text(asked.step, choice, teller)

    def verdict_words(self, verdict: str | None) -> str:
        return verdict_words(verdict or "wrong", self.n)

    def can_answer(self, round_: int) -> bool:
        """Question ``round_`` is in play, asked, and not answered by this student yet."""
        try:
            seen = self.view()
        except ClassroomError:
            return False
        return seen.round == round_ and self.showing(seen) == "question" and seen.choice is None

    def answer(self, round_: int, choice: str) -> None:
        """Answer question ``round_`` with ``choice``, judged by the step (the verdict code is
        kept: ``right``, ``wrong`` or a §muggins error kind). A second answer (a double click)
        is refused quietly: the first counts."""
        try:
            seen = self.view()
        except ClassroomError as err:
            self.state.tell(err)
            return
        found = self.course.find(parse_target(seen.target))
        if not isinstance(found, Asked) or seen.round != round_:
            refused("answer", "wrong-round")
            return
        try:
            verdict = found.step.judge(choice)
        except MugginsError as err:  # a pile that is not on the table: a forged click
            refused("answer", err.code)
            return
        try:
            self.store.answer(self.role.code, self.role.token, round_, choice, verdict.code)
        except ClassroomError as err:
            refused("answer", err.code)
            if err.code != "already-answered":
                self.state.tell(err)

    def can_play(self, seen: StudentView) -> bool:
        return self.showing(seen) == "practice"

    def play(self, round_: int, code: str) -> None:
        """Play the class deal ``code`` of round ``round_`` (the app opens the practice page)."""
        self.state.practice = (self.role.code, round_, code)
        self.state.go_practice = True

    def on_class_deal(self, code: DealCode, hand_index: int) -> StudentView | None:
        """The student's view of the room when it is playing deal ``code`` now (class practice)
        and the game is on its first hand; else ``None``."""
        try:
            seen = self.view()
        except ClassroomError:
            return None
        return seen if seen.target == str(DealTarget(code)) and not hand_index else None

    def report(self, seen: StudentView, decisions: int, errors: Mapping[str, int], finished: bool) -> None:
        """Send this student's progress on the class deal (only when it changed). Errors count
        as made even if the student takes the card back (Undo): the highest count seen of each
        kind is sent. A room that is gone ends it quietly."""
        key = (self.role.code, seen.round)
        before = self.state.reported.get(key)
        most = dict(before[1]) if before else {}
        for kind, count in errors.items():
            most[str(kind)] = max(most.get(str(kind), 0), count)
        sent: Sent = (decisions, tuple(sorted(most.items())), finished)
        if before is not None and before[0] == sent:
            return
        try:
            self.store.report_progress(self.role.code, self.role.token, seen.round, decisions, most, finished)
        except ClassroomError as err:
            refused("report", err.code)
            return
        self.state.reported[key] = (sent, most)

    def hears_of_new(self, drawn: tuple[object, ...]) -> bool:
        """On the practice page, from the signature ``drawn``: the teacher asked something new
        (a question to answer, or another round than the deal being played)."""
        if not drawn or drawn[0] == "gone" or len(drawn) != 3:
            return False
        round_, phase, choice = drawn
        practice = self.state.practice
        return (phase == "asking" and choice is None) or (practice is not None and practice[1] != round_)


# ----- the teacher --------------------------------------------------------------------------
ControlName = Literal["reveal", "next", "first"]


@dataclass(frozen=True)
class Control:
    """A teacher's button: ``name``, its ``label`` (short on a projector), the ``target`` it asks
    (next/first) and the round it acts ``after``; ``primary``; ``key_name`` the presenter's key
    that presses it (``answer``: space, ``next``: →) or ``None``."""

    name: ControlName
    label: str
    round: int
    target: str | None = None
    primary: bool = False
    key_name: Literal["answer", "next"] | None = None


class TeacherSession:
    """The teacher of a room (:attr:`RoomState.role` is a teacher's)."""

    def __init__(self, state: RoomState, store: RoomStore, course: Course, narrator: Narrator):
        if state.role is None or state.role.kind != "teacher":
            raise ValueError("not a teacher")
        self.state, self.store, self.course, self.n = state, store, course, narrator
        self.role = state.role
        self.neutral = seated(narrator, None)
        """The teacher is nobody at the table: piles are named from nobody's seat."""

    # ----- reading the room ------------------------------------------------------------------
    def room(self) -> RoomView:
        """The room now (raises :class:`ClassroomError`)."""
        return self.store.teacher_room(self.role.code, self.role.token)

    def signature(self) -> int:
        """The room's change counter (any join, answer, progress report or question); -1 for a
        room that is gone."""
        try:
            return self.store.version(self.role.code)
        except ClassroomError:
            return -1

    def found(self, view: RoomView) -> Asked | DealTarget | None:
        """What the question in play asks, in this version of the course."""
        return self.course.find(parse_target(view.target))

    def tally(self) -> Tally:
        return self.store.tally(self.role.code, self.role.token)

    def progress(self, *, names: bool = False) -> Progress:
        return self.store.progress(self.role.code, self.role.token, names=names)

    def students(self) -> list[StudentRow]:
        return self.store.students(self.role.code, self.role.token)

    def named_answers(self) -> list[NamedAnswer]:
        return self.store.answers_with_names(self.role.code, self.role.token)

    def summary(self) -> ClassSummary:
        return ClassSummary(self.role.code, tuple(self.store.summary_rows(self.role.code, self.role.token,
                                                                          names=self.state.show_names)))

    # ----- what a click acts on (the click guard's tokens) -----------------------------------
    @staticmethod
    def token(view: RoomView) -> str:
        """The state the teacher's buttons were drawn for (question, phase, closed)."""
        return teacher_token(view.round, view.phase, view.closed)

    def token_now(self) -> str:
        """The same, read from the store when the click arrives ("" when the room cannot be read)."""
        try:
            return self.token(self.room())
        except ClassroomError:
            return ""

    @staticmethod
    def students_token(people: list[StudentRow]) -> str:
        """The list of students the remove and merge buttons were drawn for."""
        return "s" + "x".join(str(row.student) for row in people)

    def students_token_now(self) -> str:
        try:
            return self.students_token(self.students())
        except ClassroomError:
            return ""

    # ----- words ----------------------------------------------------------------------------
    def joined_words(self, students: int) -> str:
        return self.n.n_("{count} student has joined.", "{count} students have joined.", students).format(count=students)

    def answered_words(self, tally: Tally) -> str:
        return self.n._("{answered} of {students} have answered.").format(answered=tally.answered, students=tally.students)

    def shown(self, asked: Asked, tally: Tally, *, spread: bool | None = None) -> ShownTally:
        """The tally as the teacher's page (or the projector) may show it: the spread only when
        asked for before the reveal; choices named from nobody's seat."""
        teller = self.neutral
        return shown_tally(tally, asked.step.right, lambda choice: choice_text(asked.step, choice, teller),
                           spread=self.state.show_spread if spread is None else spread)

    def spread_shown(self, view: RoomView) -> bool:
        """Whether the spread is shown: always after the reveal, else as the teacher chose."""
        return view.phase != "asking" or self.state.show_spread

    def name_lines(self, asked: Asked, view: RoomView) -> list[tuple[str, str]]:
        """Who answered, for *Show names*: ``(nickname, what)``, with the choice once the spread
        is shown and the verdict (in brackets) only after the reveal."""
        revealed, spread = view.phase == "revealed", self.spread_shown(view)
        lines = []
        for named in self.named_answers():
            said = ""
            if revealed or spread:
                said = choice_text(asked.step, named.choice, self.neutral)
            if revealed:
                said += f" ({verdict_words(named.verdict, self.n)})"
            lines.append((named.nickname, said))
        return lines

    def verdict_lines(self, shown: ShownTally) -> list[str]:
        return [f"{verdict_words(code, self.n)}: {count}" for code, count in shown.verdicts]

    def progress_words(self, progress: Progress) -> str:
        said = self.n.n_("{reporting} of {students} have started; {finished} has finished.",
                         "{reporting} of {students} have started; {finished} have finished.", progress.finished)
        return said.format(reporting=progress.reporting, students=progress.students, finished=progress.finished)

    def error_lines(self, errors: Mapping[str, int]) -> list[str]:
        return [f"{verdict_words(kind, self.n)}: {count}" for kind, count in errors.items()]

    def revisit(self, summary: ClassSummary, lesson_for_error: Mapping[str, str]) -> Lesson | None:
        return summary.revisit(self.course, lesson_for_error)

    # ----- the controls (one set, both layouts) ----------------------------------------------
    def controls(self, view: RoomView, *, presenting: bool) -> list[Control]:
        """The buttons that run the question in play: *Reveal* while asking, *Next step* when
        the course has one after it; before the first question on a projector, *Ask the first
        step*. Short labels on a projector; none in a closed room."""
        _ = self.n._
        if view.closed:
            return []
        if not view.round:
            first = self.course.first()
            return [Control("first", _("Ask the first step"), 0, str(first), True, "next")] if presenting and first else []
        controls = []
        if view.phase == "asking":
            controls.append(Control("reveal", _("Reveal") if presenting else _("Reveal the answer"), view.round,
                                    primary=True, key_name="answer"))
        following = self.course.after(parse_target(view.target))
        if following is not None:
            controls.append(Control("next", _("Next step") if presenting else _("Ask the next step"), view.round,
                                    str(following), key_name="next"))
        return controls

    def press(self, control: Control) -> None:
        """Do what ``control`` does."""
        if control.name == "reveal":
            self.reveal(control.round)
        elif control.target is not None:
            self.ask(control.target, control.round)

    # ----- actions -----------------------------------------------------------------------------
    def can_ask(self, view: RoomView) -> bool:
        return not view.closed

    def ask(self, target: str | Target, after: int) -> None:
        """Ask ``target`` as the question after round ``after`` (a double click asks once: the
        second finds the round moved on and is refused quietly)."""
        try:
            self.store.set_question(self.role.code, self.role.token, str(target), after=after)
        except ClassroomError as err:
            refused("ask", err.code)
            if err.code != "wrong-round":
                self.state.tell(err)

    def can_reveal(self, view: RoomView) -> bool:
        return not view.closed and view.round > 0 and view.phase == "asking"

    def reveal(self, round_: int) -> None:
        """Show everyone the answer to ``round_``."""
        try:
            self.store.reveal(self.role.code, self.role.token, round_)
        except ClassroomError as err:
            refused("reveal", err.code)
            if err.code not in ("not-asking", "wrong-round"):  # a double click
                self.state.tell(err)

    def ask_to_close(self, closing: bool = True) -> None:
        """*Close the room* (then the page asks to confirm) or *Keep it open*."""
        self.state.closing = closing

    def close(self) -> None:
        """Close the room for everyone."""
        try:
            self.store.close(self.role.code, self.role.token)
            log.info("class room closed")
        except ClassroomError as err:
            refused("close", err.code)
            self.state.tell(err)
        self.state.closing = False

    def remove_student(self, number: int) -> None:
        """Remove student ``number`` (their answers and progress go too)."""
        try:
            self.store.remove_student(self.role.code, self.role.token, number)
        except ClassroomError as err:
            refused("remove", err.code)
            if err.code != "unknown-student":  # a double click: already removed
                self.state.tell(err)

    def merge_students(self, keep: int, drop: int) -> None:
        """Merge student ``drop`` into ``keep`` (their answers and progress go to the one kept)."""
        try:
            self.store.merge_students(self.role.code, self.role.token, keep, drop)
        except ClassroomError as err:
            refused("merge", err.code)
            if err.code != "unknown-student":
                self.state.tell(err)

    def show_names(self, on: bool) -> None:
        self.state.show_names = bool(on)

    def show_spread(self, on: bool) -> None:
        self.state.show_spread = bool(on)

    def newly_presented(self, view: RoomView) -> bool:
        """On the projector: whether this question is shown for the first time (it starts
        with its answer hidden); noted."""
        if self.state.presented == (view.code, view.round):
            return False
        self.state.presented = (view.code, view.round)
        return True


__all__ = ["COOKIE_PREFIX", "Control", "JoinSession", "Role", "RoomState", "StudentScreen", "StudentSession",
           "TeacherSession", "as_link_error", "cookie_name", "refusals", "refused"]
