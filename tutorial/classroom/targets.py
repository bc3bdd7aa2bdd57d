"""What a teacher asks the class: a *target*, kept by the store as a short text.

- :class:`StepTarget` (``lesson/<lesson id>/<step id>``): a lesson step every student answers
  with one pick (a pile or an option: ``step.askable``);
- :class:`DealTarget` (``deal/<deal code>``): class practice, everybody plays that deal in
  Coach mode and reports progress.

``str(target)`` is the stored text and :func:`parse_target` reads it back (``None`` for a
text that is neither); :class:`Course` finds a step target's lesson and step in this
version of the course and walks the askable steps in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.deal import DealCode
from ..engine.errors import MugginsError
from ..lessons import Lesson, Step


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


Target = StepTarget | DealTarget


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
    return None


def deal_target(text: str) -> DealTarget:
    """The deal a teacher typed. Raises :class:`~tutorial.engine.errors.PositionError` for a bad code."""
    return DealTarget(DealCode.parse(text))


@dataclass(frozen=True)
class Asked:
    """A step target found in the course: its ``lesson`` and ``step`` (askable)."""

    lesson: Lesson
    step: Step

    @property
    def target(self) -> StepTarget:
        return StepTarget(self.lesson.id, self.step.id)


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
        """What ``target`` asks in this version of the course: the lesson step (only an
        askable one), the deal, or ``None`` (no target, or a step this version lacks)."""
        if isinstance(target, DealTarget):
            return target
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
        if not isinstance(found, Asked):
            return None
        seen = False
        for lesson in self.lessons[self.lessons.index(found.lesson):]:
            for step in self.askable_steps(lesson):
                if seen:
                    return StepTarget(lesson.id, step.id)
                seen = step is found.step
            seen = True  # the following lessons: their first askable step
        return None


__all__ = ["Asked", "Course", "DealTarget", "StepTarget", "Target", "deal_target", "parse_target"]
