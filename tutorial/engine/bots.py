"""Computer players for the practice table (docs/rules.md §priority, §muggins, R8).

A :class:`Bot` places cards like the rule-perfect player of R8, except that
with probability ``error_rate`` it puts the card on a wrong pile, and it calls
another player's error with probability ``alertness``. All chance comes from
the ``random.Random`` passed in, so a table is reproducible from its seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import Card
from .position import Dest, Position
from .rules import Judgement, Legal


def all_destinations(position: Position) -> list[Dest]:
    """Every pile a card can be put on: the common piles in order, then every discard clockwise from seat 0."""
    return [Dest.common(n) for n in range(1, len(position.commons) + 1)] + [Dest.discard(p) for p in position.players]


@dataclass
class Bot:
    """A computer player.

    - ``rng``: the seeded generator all its choices come from.
    - ``error_rate``: chance (0–1) of placing a turned card on a wrong pile.
    - ``alertness``: chance (0–1) of calling “Muggins!” on another player's error.
    Raises ``ValueError`` for a chance outside 0–1.
    """

    rng: random.Random
    error_rate: float = 0.0
    alertness: float = 1.0

    def __post_init__(self) -> None:
        for name in ("error_rate", "alertness"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{name} must be between 0 and 1, not {value!r}")

    def choose(self, position: Position, card: Card, legal: Legal) -> Dest:
        """Where to put ``card`` (a :data:`~tutorial.engine.rules.Strategy`): the lowest
        legal destination (R8), or, with chance ``error_rate``, a wrong one at random."""
        if self.error_rate and self.rng.random() < self.error_rate:
            wrong = [dest for dest in all_destinations(position) if dest not in legal.dests]
            if wrong:
                return self.rng.choice(wrong)
        return legal.dests[0]

    def calls(self, verdict: Judgement) -> bool:
        """Whether this player calls “Muggins!” on another player's placement: only on an
        error, and then with chance ``alertness``. (Bots never make unsupported calls.)"""
        return verdict.error is not None and (self.alertness >= 1.0 or self.rng.random() < self.alertness)
