"""The teacher of a class room, without the interface: ask, reveal, move on, close; the
tally, the names, the class's progress and the summary in words; remove or merge students;
the controls that run the question in play, the same in both layouts (issue 18)."""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..lessons import Lesson
from ..narrate import Narrator
from ..training.code import ExerciseCode, ExerciseCodeError
from ..training.themes import THEME_BY_ID, THEMES
from ..training.words import code_problem
from .board import ShownTally, shown_tally, teacher_token
from .errors import ClassroomError
from .rooms import RoomView, StudentRow
from .session import RoomState, refused
from .summary import ClassSummary
from .tally import NamedAnswer, Progress, Tally
from .targets import Asked, Course, DealTarget, ExerciseTarget, Target, exercise_target, parse_target
from .words import asked_heading, choice_text, seated, verdict_words

if TYPE_CHECKING:
    from ..store import RoomStore

log = logging.getLogger(__name__)


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


EXERCISE_SEEDS = 100_000
"""A fresh exercise's seed is below this (5 digits at most, as on the Training page: short
enough to read out to a class)."""


class TeacherSession:
    """The teacher of a room (:attr:`RoomState.role` is a teacher's)."""

    def __init__(self, state: RoomState, store: RoomStore, course: Course, narrator: Narrator):
        if state.role is None or state.role.kind != "teacher":
            raise ValueError("not a teacher")
        self.state, self.store, self.course, self.n = state, store, course, narrator
        self.role = state.role
        self.neutral = seated(narrator, None)
        self.rng: random.Random = random.SystemRandom()
        """Where fresh exercise seeds come from (a test may seed its own)."""
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

    def heading(self, asked: Asked) -> str:
        """The line above the question in play: its lesson, or the training exercise."""
        return asked_heading(asked, self.n)

    # ----- asking a training exercise --------------------------------------------------------
    def exercise_themes(self) -> dict[str, str]:
        """The training themes a class can be asked: id → name in the teacher's language."""
        return {theme.id: self.n._(theme.name) for theme in THEMES}

    def exercise_levels(self, theme: str) -> dict[int, str]:
        """The levels of ``theme``: number → what it asks, in words (``{}`` for no such theme)."""
        found = THEME_BY_ID.get(theme)
        if found is None:
            return {}
        return {number: self.n._("Level {level} of {levels}: {what}").format(level=number, levels=found.level_count,
                                                                             what=self.n._(what))
                for number, what in enumerate(found.levels, 1)}

    @staticmethod
    def new_exercise(theme: str, level: int, rng: random.Random | None = None, *, seeds: int = EXERCISE_SEEDS) -> str:
        """A fresh exercise code of ``theme`` and ``level``, its seed from ``rng`` (by default
        the system's generator; never the process-wide one). An unknown theme is the first
        theme, a level out of range the nearest one."""
        found = THEME_BY_ID.get(theme, THEMES[0])
        level = min(max(level, 1), found.level_count)
        return str(ExerciseCode.of(found.id, level, (rng or random.SystemRandom()).randrange(seeds)))

    def exercise(self, text: str) -> ExerciseTarget | str:
        """The exercise of the code ``text`` (chosen or typed), or why it cannot be asked, in
        words (quoted text plain: escape it to show it)."""
        try:
            return exercise_target(text)
        except ExerciseCodeError as err:
            if err.code == "not-askable":
                return self.n._("A class cannot be asked the exercise {code}: it is not answered with one pick.").format(
                    code=err.params.get("exercise", ""))
            return code_problem(err.code, dict(err.params), self.n.tr)

    def ask_exercise(self, text: str, after: int) -> None:
        """Ask the exercise of the code ``text`` after round ``after``; a code that cannot be
        asked asks nothing (the page says why: :meth:`exercise`)."""
        found = self.exercise(text)
        if isinstance(found, ExerciseTarget):
            self.ask(found, after)
        else:
            refused("ask", "bad-exercise")

    # ----- the controls (one set, both layouts) ----------------------------------------------
    def controls(self, view: RoomView, *, presenting: bool) -> list[Control]:
        """The buttons that run the question in play: *Reveal* while asking, *Next step* when
        the course has one after it (after a training exercise, *Another exercise* of its theme
        and level, with a fresh seed); before the first question on a projector, *Ask the first
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
        asked = parse_target(view.target)
        following = self.course.after(asked)
        if following is not None:
            controls.append(Control("next", _("Next step") if presenting else _("Ask the next step"), view.round,
                                    str(following), key_name="next"))
        elif isinstance(asked, ExerciseTarget):  # another exercise of the same theme and level
            fresh = self.new_exercise(asked.code.theme, asked.code.level, self.rng)
            controls.append(Control("next", _("Another exercise") if presenting else _("Ask another exercise"),
                                    view.round, str(ExerciseTarget(ExerciseCode.parse(fresh))), key_name="next"))
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

    def present_names(self, on: bool) -> None:
        self.state.present_names = bool(on)

    def keep_choice(self, name: str, value: object) -> None:
        """A choice of the *Ask the class* form (see :attr:`RoomState.ask`)."""
        if isinstance(value, str) and len(value) <= 200:
            self.state.ask[name] = value

    def newly_presented(self, view: RoomView) -> bool:
        """On the projector: whether this question is shown for the first time (it starts
        with its answer hidden); noted."""
        if self.state.presented == (view.code, view.round):
            return False
        self.state.presented = (view.code, view.round)
        return True


__all__ = ["EXERCISE_SEEDS", "Control", "ControlName", "TeacherSession"]
