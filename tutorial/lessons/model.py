"""Lessons as data: the shapes a lesson file is read into.

A lesson is a list of steps; each step has a ``kind``. Text fields hold the
English source text, which is also the gettext message id (the interface
translates it). Every answer a step states has been recomputed by the engine
when the lesson was loaded (see :mod:`tutorial.lessons.load`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.position import Position
from ..engine.rules import Legal, TurnRecord, TurnUp

STEP_KINDS = ("explain", "place", "muggins", "next-card", "call", "fits", "count", "quiz", "deal")
"""``explain``: text (and optionally a position) to read.
``place``: the learner clicks where the mover's turned card must go.
``muggins``: a wrong placement is called and shown step by step.
``next-card``: the learner picks which card the mover turns up next.
``call``: another player has placed a card; the learner calls “Muggins!” or accepts.
``fits``: the learner says whether two cards fit.
``count``: the learner gives a number from the §counts table.
``quiz``: the learner picks one of several statements (not engine-checked).
``deal``: the learner picks a number of players and sees the deal."""

ANSWERED_KINDS = ("place", "next-card", "call", "fits", "count", "quiz")
"""Kinds the learner must answer before going on (``muggins`` must be watched to the end)."""


@dataclass(frozen=True)
class Step:
    """One lesson step.

    - ``id``: stable within the lesson (progress and translation comments use it).
    - ``kind``: one of :data:`STEP_KINDS`; ``title``, ``text``, ``hint``,
      ``done``: English source text (``done`` is shown once the step is solved).
    - ``position``: the position shown (``None`` for a text-only step).
    - ``turned``: the engine's turn-up in that position (``place``, ``muggins``,
      ``next-card``): the card and the position with the card in hand.
    - ``legal``: for ``place``, the engine's correct destinations.
    - ``record``: for ``muggins``, the engine's record of the called wrong play.
    - ``choices``: for ``next-card``, the cards offered (the answer is ``turned.card``).
    - ``call``: for ``call``, True when the learner should call (an error, in time);
      ``late``: the next card was already turned, so the chance to call is gone.
    - ``cards``: for ``fits``, the two cards; ``fit``: whether they fit.
    - ``players``: for ``count``, the number of players asked about (for ``deal``,
      the counts offered); ``ask``: ``cards`` or ``commons``; ``number``: the answer.
    - ``options``: for ``quiz``, the statements (English source text);
      ``number``: the index of the right one (0-based).
    - ``seed``: for ``deal``, the seed of the deals shown.
    - ``check``: the step counts in the lesson's end-of-lesson check.
    - ``line``: line of the step in its file.
    """

    id: str
    kind: str
    title: str
    text: str
    hint: str = ""
    done: str = ""
    position: Position | None = None
    turned: TurnUp | None = None
    legal: Legal | None = None
    record: TurnRecord | None = None
    choices: tuple[Card, ...] = ()
    call: bool = False
    late: bool = False
    cards: tuple[Card, ...] = ()
    fit: bool = False
    players: tuple[int, ...] = ()
    ask: str = ""
    number: int = 0
    options: tuple[str, ...] = ()
    seed: int = 1
    check: bool = False
    line: int = 0


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
    params: dict
