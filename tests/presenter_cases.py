"""Which lesson steps presenter mode's fit check visits in the browser (issue 18).

Whether a step fits a projector (853×480 CSS px) depends on how much it puts beside the
table (its title, text, question, answers and, once shown, its verdict and closing text)
and on how tall its table is (the players, and the lines of open piles under it). Every
step of the course was once visited in both languages (about 10 minutes); now each step is
measured here in Python and the browser visits only the extremes: for each kind of step, the
steps no other step of that kind, in either language, exceeds in every measure (a step that
has no more text, no more players and no more open piles than one that fits, fits too,
whatever its language: the language only makes the text longer or shorter, and the measure
counts it). ``tests/test_presenter_cases.py`` checks that every step in both languages is
so covered: 21 visits, where each language's extremes on their own took 38.

The text measure is the step's own words in the language plus what the narrator says of its
move (the verdict, where the card goes, the correction and the penalty), counted in lines of
the panel's width: an estimate of what the panel shows, never smaller than it.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from tutorial.i18n import translations

LINE = 44
"""Characters of a line in the panel beside the table on a projector (about 44 at 853 px)."""


@dataclass(frozen=True)
class Case:
    lesson: str
    step: str
    kind: str
    lang: str
    lines: int
    """Estimated lines of text beside the table with the answer shown (the question's included)."""
    players: int
    open_piles: int
    """Lines of open piles drawn under the table (a walk-through's stocks, a next-card step's discard)."""

    @property
    def measures(self) -> tuple[int, int, int]:
        return self.lines, self.players, self.open_piles


def lines(*texts: str) -> int:
    """Lines of the panel the texts take (each paragraph from a new line)."""
    return sum(math.ceil(len(part.strip()) / LINE) for text in texts for part in str(text).split("\n") if part.strip())


def narrated(step, lang: str) -> list[str]:  # type: ignore[no-untyped-def]
    """What the narrator says of a step's move: the verdict, where the card goes, and for an
    error its correction and penalty."""
    from tutorial.narrate import narrator

    n = narrator(lang, step.you)
    said: list[str] = []
    record = getattr(step, "record", None)
    if record is not None:
        before = record.judged_in
        said.append(n.judgement(record.judgement, before))
        said.append(n.where_it_goes(record.card, record.judgement.legal, before))
        if record.judgement.error:
            said += [n.correction(record, before), n.penalty_summary(record), n.turn_passes(record)]
        return said
    turned, legal = getattr(step, "turned", None), getattr(step, "legal", None)
    if turned is not None and legal is not None:
        said.append(n.where_it_goes(turned.card, legal, turned.position))
    return said


def case(lesson, step, lang: str) -> Case:  # type: ignore[no-untyped-def]
    tr = translations(lang)
    _ = tr.gettext
    own = [_(step.title), _(step.text), _(step.done) if step.done else "", _("Hint") if step.hint else ""]
    own += [_(text) for text in getattr(step, "choices", ()) if isinstance(text, str)]
    own += [_(text) for text in getattr(step, "why", ())]
    own += [_(option.label) for option in step.options() if option.label]
    players = len(step.position.players) if step.position is not None else 0
    open_piles = 1 if step.kind == "next-card" else (1 if step.kind == "muggins" else 0)
    return Case(lesson.id, step.id, step.kind, lang, lines(*own, *narrated(step, lang)), players, open_piles)


@functools.cache
def all_cases(lang: str) -> tuple[Case, ...]:
    """Every step of the course in ``lang``, in order."""
    from tutorial.app.lessons.state import course

    return tuple(case(lesson, step, lang) for lesson in course()[0] for step in lesson.steps)


def dominated(one: Case, by: Case) -> bool:
    """``by`` has at least as much of everything as ``one`` (same kind, either language)."""
    return one.kind == by.kind and all(a <= b for a, b in zip(one.measures, by.measures, strict=True))


def extremes(cases: Sequence[Case]) -> list[Case]:
    """The cases no other case of their kind exceeds in every measure (ties: the first in the course)."""
    chosen: list[Case] = []
    for index, one in enumerate(cases):
        beaten = any(dominated(one, other) and (other.measures != one.measures or other_index < index)
                     for other_index, other in enumerate(cases) if other is not one)
        if not beaten:
            chosen.append(one)
    return chosen


def runners_up(cases: Sequence[Case]) -> list[Case]:
    """Of each kind, the case with the second most text: a margin for the estimate's errors."""
    kinds = dict.fromkeys(case.kind for case in cases)
    second = []
    for kind in kinds:
        ranked = sorted((case for case in cases if case.kind == kind), key=lambda case: -case.lines)
        second += ranked[1:2]
    return second


def typical(cases: Sequence[Case]) -> Case:
    """A step of the commonest kind with its median amount of text: shown at full size."""
    kinds = [case.kind for case in cases]
    common = max(dict.fromkeys(kinds), key=kinds.count)
    ranked = sorted((case for case in cases if case.kind == common), key=lambda case: case.lines)
    return ranked[len(ranked) // 2]


def chosen(lang: str) -> list[Case]:
    """The steps the browser visits in ``lang``, in the course's order: of both languages'
    steps together the extremes and the runners-up, those in ``lang``; and a typical step
    of ``lang``."""
    cases = all_cases("en") + all_cases("es")
    wanted = {*extremes(cases), *runners_up(cases), typical(all_cases(lang))}
    return [case for case in all_cases(lang) if case in wanted]
