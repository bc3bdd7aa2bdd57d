"""How much a learner reads in the course by default: per lesson, its steps and the words of
its step texts, its confirmations of a right answer (``done``) and its summary, as the learner
reads them in a language (translated, a rule's citation written out, Markdown marks left out).
Hints, the explanations of errors and anything a learner opens on request (*Why?*) are not
counted: the learner asks for them.

``muggins lessons stats`` prints these figures; the suite holds the course to its limits
(:data:`COURSE_WORDS`, :data:`TEXT_WORDS`, :data:`DONE_WORDS`, Spanish within
:data:`LANGUAGE_SPREAD` of English).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .model import Lesson

COURSE_WORDS = 2_500
"""The most words the whole course may make a learner read by default, in English."""
TEXT_WORDS = 35
"""The most words one step's text may have."""
DONE_WORDS = 25
"""The most words one confirmation of a right answer may have."""
LANGUAGE_SPREAD = 0.20
"""Another language's course within this share of the English word count."""
READING_SPEED = 230
"""Words an adult reads in a minute (for the figures' minutes of reading)."""

_WORD = re.compile(r"\w+")
_MARKS = re.compile(r"[*_`#>|]")


class Translations(Protocol):
    """What the figures need of a language's catalog (the lessons import no gettext)."""

    def gettext(self, message: str, /) -> str: ...


def words(text: str) -> int:
    """The words of ``text`` as a reader counts them (Markdown marks are no words)."""
    return len(_WORD.findall(_MARKS.sub(" ", text or "")))


@dataclass(frozen=True)
class StepLoad:
    """One step's words in one language: its ``text`` and its confirmation (``done``)."""

    id: str
    text: int
    done: int


@dataclass(frozen=True)
class LessonLoad:
    """One lesson's reading in one language: its ``steps``, and ``summary`` words."""

    id: str
    order: int
    steps: tuple[StepLoad, ...]
    summary: int

    @property
    def words(self) -> int:
        return self.summary + sum(step.text + step.done for step in self.steps)


def lesson_load(lesson: Lesson, tr: Translations) -> LessonLoad:
    """What ``lesson`` makes a learner read by default in the language of ``tr``."""
    _ = tr.gettext

    def said(text: str) -> int:
        return words(_(text)) if text else 0

    return LessonLoad(lesson.id, lesson.order, tuple(StepLoad(step.id, said(step.text), said(step.done))
                                                     for step in lesson.steps), said(lesson.summary))


def course_load(lessons: Sequence[Lesson], tr: Translations) -> tuple[LessonLoad, ...]:
    return tuple(lesson_load(lesson, tr) for lesson in sorted(lessons, key=lambda item: item.order))


def minutes(count: int) -> float:
    """Minutes of reading for ``count`` words at :data:`READING_SPEED`."""
    return count / READING_SPEED
