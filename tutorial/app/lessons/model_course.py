"""The lesson feature's state and the lesson around a step, without Streamlit.

:class:`LessonState` is everything the lessons keep in one session (one session key): where
the learner is, their answers (:class:`StepAnswer`), presenter mode's apart, completed
lessons and check results, with their address form (``done``, ``checks``).
:class:`LessonScreen` is the lesson around the step shown: the way on and back, finishing,
the neighbours across lessons (presenter mode). The step itself is
:class:`tutorial.app.lessons.model.StepScreen`.
"""

from __future__ import annotations

import gettext
import zlib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from tutorial.engine.numbers import parse_count
from tutorial.lessons import Lesson, Step
from tutorial.lessons.steps import AnswerMode

BIG = 10**6
"""A walk-through frame past any step's last: shows the last move (clamped when drawn)."""


# ----- state ------------------------------------------------------------------------------------
@dataclass
class StepAnswer:
    """What has been done on one step: wrong tries, the last choice, whether it is solved,
    and ``frame``: the move shown in a walk-through, or 1 once the right pile of a ``PILE``
    step has been shown to the learner."""

    wrong: list[str] = field(default_factory=list)
    last: str | None = None
    solved: bool = False
    frame: int = 0
    hinted: bool = False
    """The step's hint was opened before it was solved (a check step then counts as helped)."""

    def token(self) -> str:
        """A short text naming this state of the step (tries, solved, frame shown), for the
        click guard of :mod:`tutorial.app.shell.clicks`."""
        return f"{len(self.wrong)}{'s' if self.solved else 'o'}{self.frame}"

    @property
    def first_try(self) -> bool:
        """Solved at the first try, without the hint or being shown the answer."""
        return self.solved and not self.wrong and not self.frame and not self.hinted

    @classmethod
    def shown(cls, step: Step) -> StepAnswer:
        """The step as a learner sees it after answering right at once (presenter mode's
        *Show the answer*, a class room's reveal): a walk-through at its last move."""
        if step.answered_by == AnswerMode.MOVES:
            return cls(frame=BIG, solved=True)
        return cls(last=step.right[0] if step.right else None, solved=True)


STARS = 3
"""The most stars a lesson earns."""


def stars(score: tuple[int, int] | None) -> int:
    """The stars a completed lesson earns from its check (``(right at the first try, check
    steps)``; a question answered after a wrong try, the hint or *Show me* is not right at the
    first try): three when every question was, two when at least half were, else one. A lesson
    can be done again for more (its best result is kept). No check result (a lesson completed
    before stars existed, or from an old bookmark): 0, and no stars are shown."""
    if score is None:
        return 0
    right, total = score
    if total == 0 or right >= total:
        return STARS
    return 2 if 2 * right >= total else 1


def lesson_stars(lesson: Lesson, done: Collection[str], checks: Mapping[str, tuple[int, int]]) -> int:
    """The stars ``lesson`` has earned: 0 before it is completed; :func:`stars` of its check
    result; three for a lesson with no check."""
    if lesson.id not in done:
        return 0
    return stars(checks.get(lesson.id)) if lesson.check_steps else STARS


def answer_key(lesson: Lesson, step: Step) -> str:
    return f"{lesson.id}/{step.id}"


@dataclass
class LessonState:
    """The lesson feature's state in one session (one session key, :attr:`KEY`).

    - ``current``: the lesson shown (its id), ``steps``: the step reached in each lesson.
    - ``answers``: the learner's answers by ``lesson/step``; ``presented``: presenter mode's,
      kept apart so a class demonstration changes no progress.
    - ``shown``: while set, the answers read instead of both (a class room showing a step as
      the class's answer: see :meth:`showing`).
    - ``done``, ``checks``: completed lessons and check results (``None`` until seeded from
      the address).
    - ``notice``: an unknown lesson or step from the address, said once.
    - ``answered``, ``moves``, ``finished``: counters the page uses to bring what changed
      into view (answers given, moves between steps, *Finish* clicks); ``followed``: the
      browser's Back or Forward has just moved to another step (the page gives it the focus,
      as after *Next*, and clears it).
    """

    KEY: ClassVar[str] = "lesson"

    current: str | None = None
    steps: dict[str, int] = field(default_factory=dict)
    answers: dict[str, StepAnswer] = field(default_factory=dict)
    presented: dict[str, StepAnswer] = field(default_factory=dict)
    shown: dict[str, StepAnswer] | None = None
    done: list[str] | None = None
    checks: dict[str, tuple[int, int]] | None = None
    notice: tuple[str, str] | None = None
    answered: int = 0
    moves: int = 0
    finished: int = 0
    followed: bool = False
    again: set[str] = field(default_factory=set)
    """Completed lessons started again in this session: finishing one again keeps its better check result."""

    def store(self, *, presenting: bool) -> dict[str, StepAnswer]:
        """The answers read now: a class room's while it shows one, else presenter mode's
        or the learner's own."""
        if self.shown is not None:
            return self.shown
        return self.presented if presenting else self.answers

    def answer(self, lesson: Lesson, step: Step, *, presenting: bool = False) -> StepAnswer:
        """What has been done on this step (made empty on first use)."""
        return self.store(presenting=presenting).setdefault(answer_key(lesson, step), StepAnswer())

    def forget(self, lesson: Lesson, step: Step, *, presenting: bool = False) -> None:
        """The step as at first: its answer and tries forgotten."""
        self.store(presenting=presenting)[answer_key(lesson, step)] = StepAnswer()

    def showing(self, store: dict[str, StepAnswer] | None) -> dict[str, StepAnswer] | None:
        """Read ``store`` instead of the learner's answers from now on (``None``: back to
        them); returns the store read before, to put back. The class room shows a step as
        the class's answer so: ``store[answer_key(lesson, step)] = StepAnswer.shown(step)``."""
        before, self.shown = self.shown, store
        return before

    def check_score(self, lesson: Lesson) -> tuple[int, int]:
        """``(right at the first try, number of check steps)`` from the learner's answers."""
        right = 0
        for step in lesson.check_steps:
            state = self.answers.get(answer_key(lesson, step))
            right += bool(state and state.first_try)
        return right, len(lesson.check_steps)

    def restart(self, lesson: Lesson | str) -> None:
        """Back to the first step of a lesson, its answers forgotten (a completed one can be
        finished again, for more stars)."""
        lesson_id = lesson if isinstance(lesson, str) else lesson.id
        if self.done is not None and lesson_id in self.done:
            self.again.add(lesson_id)
        self.steps[lesson_id] = 0
        for key in [k for k in self.answers if k.startswith(f"{lesson_id}/")]:
            del self.answers[key]

    def reset(self) -> None:
        """Forget completed lessons, check results, steps reached and answers."""
        for kept in (self.done, self.checks, self.steps, self.answers):
            if kept is not None:
                kept.clear()
        self.done = [] if self.done is None else self.done
        self.checks = {} if self.checks is None else self.checks

    def place_token(self) -> str:
        """A short text naming where the learner is (lesson and step), for the click guard of
        the navigation buttons: a double click on *Next* moves one step, not two."""
        lesson_id = self.current or ""
        return f"{zlib.crc32(f'{lesson_id}/{self.steps.get(lesson_id, 0)}'.encode()):08x}"


# ----- the address form -----------------------------------------------------------------------------
def done_from_text(text: str | None, known: Sequence[str]) -> list[str]:
    """Completed lessons from the address (``done=a,b``): known ids, each once."""
    return [part for part in dict.fromkeys((text or "").split(",")) if part in known]


def done_text(done: Sequence[str]) -> str:
    return ",".join(done)


def checks_from_text(text: str | None, known: dict[str, int]) -> dict[str, tuple[int, int]]:
    """Check results from the address (``checks=lesson:right-total,…``); ``known``: each
    lesson's number of check steps. A part that does not fit the course is left out."""
    results: dict[str, tuple[int, int]] = {}
    for part in (text or "").split(","):
        lesson_id, _sep, score = part.partition(":")
        right, _sep, total = score.partition("-")
        right_n, total_n = parse_count(right, 3), parse_count(total, 3)
        if lesson_id in known and right_n is not None and total_n == known[lesson_id] and right_n <= total_n:
            results[lesson_id] = (right_n, total_n)
    return results


def checks_text(results: dict[str, tuple[int, int]]) -> str:
    """The check results for the address: ``lesson:right-total,…``."""
    return ",".join(f"{lesson_id}:{right}-{total}" for lesson_id, (right, total) in results.items())


def pick_lesson(lessons: Sequence[Lesson], state: LessonState, wanted: str | None, step_id: str | None) -> None:
    """Seed the current lesson and step from the address (``lesson``, ``step``) once: an
    unknown lesson or step is kept in :attr:`LessonState.notice` and the first one shown."""
    by_id = {lesson.id: lesson for lesson in lessons}
    if state.current in by_id:
        return
    lesson = by_id.get(wanted or "", lessons[0])
    state.current = lesson.id
    index = lesson.step_index(step_id) if step_id else None
    if wanted and wanted not in by_id:
        state.notice = ("lesson", wanted)
    elif index is not None and lesson.id == wanted:
        state.steps[lesson.id] = index
    elif step_id and lesson.id == wanted:
        state.notice = ("step", step_id)


def follow_lesson(lessons: Sequence[Lesson], state: LessonState, wanted: str | None, step_id: str | None) -> bool:
    """The browser's Back or Forward brought back an address of this session with ``lesson``
    and ``step``: show that step (a lesson or step the course does not have changes nothing).
    Returns whether the place changed (the page then brings the step into view)."""
    lesson = next((item for item in lessons if item.id == wanted), None)
    if lesson is None:
        return False
    index = lesson.step_index(step_id) if step_id else None
    before = (state.current, state.steps.get(lesson.id, 0))
    state.current = lesson.id
    if index is not None:
        state.steps[lesson.id] = index
    moved = (state.current, state.steps.get(lesson.id, 0)) != before
    state.moves += moved
    state.followed = state.followed or moved
    return moved


# ----- the lesson around the step --------------------------------------------------------------------------
@dataclass(frozen=True)
class Ending:
    """What a completed lesson says at its end: ``lesson`` (complete, its stars and check), the
    ``stars`` it earned, and once every lesson is done ``course`` (the course complete, its stars)
    with ``lines``: the lesson worth doing again and what to do next."""

    lesson: str
    stars: int
    course: str | None = None
    lines: tuple[str, ...] = ()


def star_text(count: int, tr: gettext.NullTranslations) -> str:
    """``★★☆ 2 of 3 stars``: the stars drawn, then said (a screen reader reads the words); nothing
    for 0 (no check result to earn them from)."""
    if count <= 0:
        return ""
    return "★" * count + "☆" * (STARS - count) + " " + tr.ngettext(
        "{count} of {most} star", "{count} of {most} stars", STARS).format(count=count, most=STARS)


class LessonScreen:
    """Where the learner is in ``lessons`` (from ``state``) and the way on and back."""

    def __init__(self, lessons: Sequence[Lesson], state: LessonState):
        self.lessons, self.state = list(lessons), state
        by_id = {lesson.id: lesson for lesson in self.lessons}
        if state.current not in by_id:
            state.current = self.lessons[0].id
        self.lesson = by_id[state.current]
        self.index = min(max(state.steps.get(self.lesson.id, 0), 0), len(self.lesson.steps) - 1)
        state.steps[self.lesson.id] = self.index

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def done(self) -> list[str]:
        if self.state.done is None:
            self.state.done = []
        return self.state.done

    def progress(self, tr: gettext.NullTranslations) -> tuple[float, str]:
        """The progress bar: its share and ``Step 2 of 9``."""
        total = len(self.lesson.steps)
        return (self.index + 1) / total, tr.gettext("Step {number} of {total}").format(number=self.index + 1, total=total)

    def following(self) -> Lesson | None:
        """The lesson after this one, if any."""
        at = self.lessons.index(self.lesson)
        return self.lessons[at + 1] if at + 1 < len(self.lessons) else None

    # ----- actions ---------------------------------------------------------------------------------------
    def can_back(self) -> bool:
        return self.index > 0

    def back(self) -> None:
        if self.can_back():
            self.go(self.lesson.id, self.index - 1)

    def can_next(self, may_go_on: bool) -> bool:
        """*Next*: the step lets the learner go on and is not the lesson's last."""
        return may_go_on and self.index < len(self.lesson.steps) - 1

    def next(self) -> None:
        if self.index < len(self.lesson.steps) - 1:
            self.go(self.lesson.id, self.index + 1)

    def can_finish(self, may_go_on: bool) -> bool:
        """*Finish the lesson*: on its last step, answered, the lesson not yet completed (or done
        again since it was)."""
        return (may_go_on and self.index == len(self.lesson.steps) - 1
                and (self.lesson.id not in self.done or self.lesson.id in self.state.again))

    def finish(self, lesson_id: str | None = None) -> None:
        """Mark the lesson completed and keep its check result."""
        lesson = next((item for item in self.lessons if item.id == (lesson_id or self.lesson.id)), None)
        if lesson is None:
            return
        if lesson.id not in self.done:
            self.done.append(lesson.id)
        self.state.again.discard(lesson.id)
        if lesson.check_steps:
            if self.state.checks is None:
                self.state.checks = {}
            score, before = self.state.check_score(lesson), self.state.checks.get(lesson.id)
            self.state.checks[lesson.id] = score if before is None or score[0] >= before[0] else before

    def stars(self, lesson: Lesson) -> int:
        """The stars ``lesson`` has earned (:func:`lesson_stars`)."""
        return lesson_stars(lesson, self.done, self.state.checks or {})

    def ending(self, tr: gettext.NullTranslations) -> Ending:
        """The words at the end of the completed lesson shown; the course's end once every lesson
        is done: all the stars, the lesson with the fewest (its rule is the one to go over), and
        the two things to do next (a practice hand, training)."""
        _ = tr.gettext
        lesson = self.lesson
        earned = self.stars(lesson)
        said = _("Lesson complete: {stars}.").format(stars=star_text(earned, tr)) if earned else _("Lesson complete.")
        score = (self.state.checks or {}).get(lesson.id)
        now = self.state.check_score(lesson)  # this time's answers, when every check question was answered now
        answered = all(answer_key(lesson, step) in self.state.answers and self.state.answers[answer_key(lesson, step)].solved
                       for step in lesson.check_steps)
        if answered and lesson.check_steps and score is not None and now != score:
            said += " " + _("This time: {right} of {total} right at the first try; your best is kept.").format(
                right=now[0], total=now[1])
        elif score is not None:
            said += " " + _("Check: {right} of {total} right at the first try.").format(right=score[0], total=score[1])
        if earned < STARS:
            said += " " + _("A question answered after a wrong try, the hint or Show me where it goes earns no star: start again for more.")
        if any(item.id not in self.done for item in self.lessons):
            return Ending(said, earned)
        counts = [self.stars(item) for item in self.lessons]
        course = _("You have finished the course: {count} of {most} stars.").format(count=sum(counts),
                                                                                    most=STARS * len(counts))
        weakest = min(self.lessons, key=lambda item: (self.stars(item), item.order))
        lines = []
        if self.stars(weakest) < STARS:
            lines.append(_("Worth doing again: lesson {number}, “{title}”.").format(
                number=self.lessons.index(weakest) + 1, title=_(weakest.title)))
        lines.append(_("Next: play a practice hand against the computer, and train the rules when they are due."))
        return Ending(said, earned, course, tuple(lines))

    def go(self, lesson_id: str, index: int) -> None:
        """Move to step ``index`` of a lesson (it becomes the current one)."""
        self.state.current = lesson_id
        self.state.steps[lesson_id] = index

    def open(self, lesson_id: str) -> None:
        """Make ``lesson_id`` the current lesson (at the step the learner last reached)."""
        if any(item.id == lesson_id for item in self.lessons):
            self.state.current = lesson_id

    def neighbours(self) -> tuple[tuple[str, int] | None, tuple[str, int] | None]:
        """The steps before and after (lesson id, step index), across lessons; ``None`` at the ends."""
        lessons, lesson, index = self.lessons, self.lesson, self.index
        at = lessons.index(lesson)
        before = (lesson.id, index - 1) if index > 0 else (
            (lessons[at - 1].id, len(lessons[at - 1].steps) - 1) if at > 0 else None)
        after = (lesson.id, index + 1) if index + 1 < len(lesson.steps) else (
            (lessons[at + 1].id, 0) if at + 1 < len(lessons) else None)
        return before, after
