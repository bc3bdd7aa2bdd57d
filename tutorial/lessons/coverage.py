"""The course's coverage table: for every rule of play, the steps that teach it and the check
questions that ask it.

A step names what it teaches in its ``teaches`` field (a check step: what it asks), by id: a
section of the rules (``§priority``), one of the app's rulings (``R3``), an error kind
(``common-first``). :func:`table` gathers them; :func:`gaps` says which rule of play has no
teaching step or no check question (the suite fails on any). ``muggins lessons coverage``
prints the table.

Every section, ruling and error kind is a rule of play except the few in :data:`NOT_PLAY`,
which say how this app works rather than how the game is played, each with where the app says
it instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.rules import ErrorKind
from ..rulebook import RULINGS, SECTIONS
from .model import Lesson

RULE_IDS: tuple[str, ...] = (*(section.id for section in SECTIONS), *(ruling.code for ruling in RULINGS),
                             *(kind.value for kind in ErrorKind))
"""Every id a step may name in ``teaches``, in the Rules page's order, then the error kinds."""

NOT_PLAY: dict[str, str] = {
    "§glossary": "the words the rules use: taught by every step that uses them, listed on the Rules page",
    "R1": "how the app shuffles and deals, for deal codes that deal the same again: lesson 10's deal step and the "
          "Rules page say it (who deals and how many cards each is §deal and §counts, which the course asks)",
    "R8": "how the app's computer players choose among fitting piles: said on the Practice page and the Rules page",
    "R10": "that a lesson may deal fewer than 52 cards: said on the Rules page",
    "R13": "what the explorer's playouts may know: said in the evaluation's explanation and on the Rules page",
    **{code: "a ruling of the other tables' variants (§variants), which the course does not play: on the Rules "
             "page and in the explorer's variant lab" for code in ("V1", "V2", "V3", "V4")},
}
"""Ids that are no rule a player applies at the table, and where the app tells them instead: the
course need not teach or ask them."""

PLAY: tuple[str, ...] = tuple(rule for rule in RULE_IDS if rule not in NOT_PLAY)
"""The rules of play: each needs a teaching step and a check question."""


@dataclass(frozen=True)
class Covered:
    """Where one rule is taught (``teach``: ``lesson/step`` of steps outside a check) and asked
    (``check``: the check questions)."""

    teach: tuple[str, ...]
    check: tuple[str, ...]


def table(lessons: Sequence[Lesson]) -> dict[str, Covered]:
    """Every rule id (:data:`RULE_IDS` order) with the steps that teach and ask it."""
    teach: dict[str, list[str]] = {rule: [] for rule in RULE_IDS}
    check: dict[str, list[str]] = {rule: [] for rule in RULE_IDS}
    for lesson in sorted(lessons, key=lambda item: item.order):
        for step in lesson.steps:
            for rule in step.teaches:
                (check if step.check else teach)[rule].append(f"{lesson.id}/{step.id}")
    return {rule: Covered(tuple(teach[rule]), tuple(check[rule])) for rule in RULE_IDS}


def gaps(lessons: Sequence[Lesson]) -> list[tuple[str, str]]:
    """``(rule, "teach" or "check")`` for every rule of play left with no teaching step or no
    check question."""
    found = table(lessons)
    return [(rule, part) for rule in PLAY for part in ("teach", "check") if not getattr(found[rule], part)]
