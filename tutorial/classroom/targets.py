"""What a teacher asks the class: a *target*, kept by the store as a short text.

- :class:`StepTarget` (``lesson/<lesson id>/<step id>``): a lesson step every student answers
  with one pick (a pile or an option: ``step.askable``);
- :class:`DealTarget` (``deal/<deal code>``): class practice, everybody plays that deal in
  Coach mode and reports progress;
- :class:`ExerciseTarget` (``exercise/<theme>.<level>.<seed>``, the exercise code's own text):
  a training exercise, made by the engine (:func:`tutorial.training.generate.exercise_for`),
  asked as a lesson step is: the same code makes the same step for every student.

A step target and an exercise target both *ask a step*: :meth:`Course.find` gives an
:class:`Asked` for either (its ``lesson``, ``step`` and, for an exercise, the ``exercise``),
and everything downstream (answers, verdicts, tally, reveal, summary) reads only that.

``str(target)`` is the stored text and :func:`parse_target` reads it back (``None`` for a
text that is neither); :class:`Course` finds a step target's lesson and step in this
version of the course and walks the askable steps in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..engine.deal import DealCode
from ..engine.errors import MugginsError
from ..lessons import Lesson, Step
from ..training.code import ExerciseCode, ExerciseCodeError
from ..training.generate import Exercise, exercise_for


@dataclass(frozen=True)
class StepTarget:
    """A lesson step asked of the class, by ids (it may name a step this version lacks)."""

    lesson: str
    step: str

    def __str__(self) -> str:
        return f"lesson/{self.lesson}/{self.step}"


@dataclass(frozen=True)
class DealTarget:
    """A deal the class plays (class practice)."""

    code: DealCode

    def __str__(self) -> str:
        return f"deal/{self.code}"


@dataclass(frozen=True)
class ExerciseTarget:
    """A training exercise asked of the class, by its code (every student gets the same one)."""

    code: ExerciseCode

    def __str__(self) -> str:
        return f"exercise/{self.code}"


Target = StepTarget | DealTarget | ExerciseTarget
AskedTarget = StepTarget | ExerciseTarget
"""A target that asks a step (answered with one pick)."""


def parse_target(text: str | None) -> Target | None:
    """The target a stored text names, or ``None`` (no text, another form, a bad deal code).
    ``parse_target(str(target)) == target`` for every target."""
    if not text:
        return None
    kind, _sep, rest = text.partition("/")
    if kind == "deal":
        try:
            return DealTarget(DealCode.parse(rest))
        except MugginsError:
            return None
    if kind == "lesson":
        lesson, sep, step = rest.partition("/")
        if lesson and sep and step and "/" not in step:
            return StepTarget(lesson, step)
    if kind == "exercise":
        try:
            code = ExerciseCode.parse(rest)
        except ExerciseCodeError:
            return None
        return ExerciseTarget(code) if str(code) == rest else None  # one text per target
    return None


def deal_target(text: str) -> DealTarget:
    """The deal a teacher typed. Raises :class:`~tutorial.engine.errors.PositionError` for a bad code."""
    return DealTarget(DealCode.parse(text))


def exercise_target(text: str) -> ExerciseTarget:
    """The exercise a teacher chose or typed (``THEME.LEVEL.SEED``). Raises
    :class:`~tutorial.training.code.ExerciseCodeError` for a bad code (its codes), or with
    the code ``not-askable`` for an exercise a class cannot be asked (not answered with one
    pick; none today: the tests draw every theme and level)."""
    target = ExerciseTarget(ExerciseCode.parse(text))
    if exercise_asked(target.code) is None:
        raise ExerciseCodeError("not-askable", exercise=str(target.code))
    return target


@dataclass(frozen=True)
class Asked:
    """A step asked of the class, found: its ``lesson`` and ``step`` (askable); for a training
    exercise, the ``exercise`` too (its ``lesson`` then is the exercise as a one-step lesson
    named after its theme, as the Training page shows it)."""

    lesson: Lesson
    step: Step
    exercise: Exercise | None = None

    @property
    def target(self) -> AskedTarget:
        if self.exercise is not None:
            return ExerciseTarget(self.exercise.code)
        return StepTarget(self.lesson.id, self.step.id)


@lru_cache(maxsize=64)
def exercise_asked(code: ExerciseCode) -> Asked | None:
    """The exercise of ``code`` as an :class:`Asked` (``None`` if a class cannot be asked it).
    The same code always makes the same exercise, so it is made once per process (every
    student's page and the teacher's read it on each run); :class:`Asked` is immutable."""
    exercise = exercise_for(code)
    if not exercise.step.askable:
        return None
    theme = exercise.theme
    lesson = Lesson(f"class-exercise-{code.theme}-{code.level}-{code.seed}", theme.name, theme.description, 0,
                    (exercise.step,))
    return Asked(lesson, exercise.step, exercise)


class Course:
    """The lessons a class can be asked from (in course order)."""

    def __init__(self, lessons: Sequence[Lesson]):
        self.lessons = tuple(lessons)
        self._by_id = {lesson.id: lesson for lesson in self.lessons}

    @staticmethod
    def askable_steps(lesson: Lesson) -> list[Step]:
        """The steps of ``lesson`` a class can answer (``step.askable``)."""
        return [step for step in lesson.steps if step.askable]

    def askable_lessons(self) -> list[Lesson]:
        """The lessons with at least one askable step."""
        return [lesson for lesson in self.lessons if self.askable_steps(lesson)]

    def lesson(self, lesson_id: str) -> Lesson | None:
        return self._by_id.get(lesson_id)

    def find(self, target: Target | None) -> Asked | DealTarget | None:
        """What ``target`` asks in this version of the course: the lesson step or the
        exercise (only an askable one), the deal, or ``None`` (no target, or a step this
        version lacks)."""
        if isinstance(target, DealTarget):
            return target
        if isinstance(target, ExerciseTarget):
            return exercise_asked(target.code)
        if target is None:
            return None
        lesson = self._by_id.get(target.lesson)
        index = lesson.step_index(target.step) if lesson is not None else None
        if lesson is None or index is None or not lesson.steps[index].askable:
            return None
        return Asked(lesson, lesson.steps[index])

    def first(self) -> StepTarget | None:
        """The course's first askable step."""
        return next((StepTarget(lesson.id, step.id) for lesson in self.lessons for step in self.askable_steps(lesson)),
                    None)

    def after(self, target: Target | None) -> StepTarget | None:
        """The askable step after ``target`` (in its lesson, then the next lessons' first);
        ``None`` after the last, for a deal, or for a step this version lacks."""
        found = self.find(target)
        if not isinstance(found, Asked) or found.exercise is not None:  # an exercise is in no lesson
            return None
        seen = False
        for lesson in self.lessons[self.lessons.index(found.lesson):]:
            for step in self.askable_steps(lesson):
                if seen:
                    return StepTarget(lesson.id, step.id)
                seen = step is found.step
            seen = True  # the following lessons: their first askable step
        return None


__all__ = ["Asked", "AskedTarget", "Course", "DealTarget", "ExerciseTarget", "StepTarget", "Target", "deal_target",
           "exercise_asked", "exercise_target", "parse_target"]
