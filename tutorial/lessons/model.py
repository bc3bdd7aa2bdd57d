"""Lessons as data: the shapes a lesson file is read into.

A lesson is a list of steps (:mod:`tutorial.lessons.steps`: one class per
kind). Text fields hold the
English source text, which is also the gettext message id (the interface
translates it). Every answer a step states has been recomputed by the engine
when the lesson was loaded (see :mod:`tutorial.lessons.load`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .steps import Step


@dataclass(frozen=True)
class Lesson:
    """A lesson file: ``id`` (stable, used for progress), ``title``, ``summary``
    (English source text), ``order`` (place in the course), ``steps``, ``path``
    and ``sections`` (the rule sections it teaches, e.g. ``§priority``)."""

    id: str
    title: str
    summary: str
    order: int
    steps: tuple[Step, ...]
    path: str = ""
    sections: tuple[str, ...] = ()

    @property
    def check_steps(self) -> tuple[Step, ...]:
        """The steps of the end-of-lesson check."""
        return tuple(step for step in self.steps if step.check)

    def step_index(self, step_id: str) -> int | None:
        """Index of the step called ``step_id``, or ``None``."""
        for index, step in enumerate(self.steps):
            if step.id == step_id:
                return index
        return None


@dataclass(frozen=True)
class Problem:
    """One problem in a lesson file: ``path``, ``line`` (1-based, 0 if unknown),
    ``code`` and ``params`` (turned into words by :func:`tutorial.words.lesson_problem`)."""

    path: str
    line: int
    code: str
    params: dict[str, object]
