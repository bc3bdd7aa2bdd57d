"""A student in the class room, without the interface: the question in play, its answer once
revealed, the class deal to play and the progress reported (issue 18)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from ..engine.deal import DealCode
from ..engine.errors import MugginsError
from ..narrate import Narrator
from .board import ShownTally, shown_tally, student_token
from .errors import ClassroomError
from .rooms import StudentView
from .session import RoomState, Sent, refused
from .targets import Asked, Course, DealTarget, parse_target
from .words import choice_text, seated, verdict_words

if TYPE_CHECKING:
    from ..store import RoomStore

log = logging.getLogger(__name__)


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

    def verdict_lines(self, shown: ShownTally) -> list[str]:
        """The class's counts by verdict, in words (after the reveal)."""
        return [f"{verdict_words(code, self.n)}: {count}" for code, count in shown.verdicts]

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


__all__ = ["Showing", "StudentScreen", "StudentSession"]
