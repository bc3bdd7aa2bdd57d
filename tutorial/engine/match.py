"""Matches of several hands (docs/rules.md §match, §deal).

A match is reproducible from its first deal code: hand 1 is that deal
(its seed also draws the first dealer, R1); each later hand has its own seed
derived from the first, and the deal passes one seat clockwise each hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .deal import MAX_SEED, DealCode, deal
from .errors import PositionError
from .playout import Outcome
from .position import Position


@dataclass(frozen=True, slots=True)
class Match:
    """A match: ``code`` (the first hand's deal code) and ``hands`` (how many hands, ≥ 1).

    Raises :class:`PositionError` ``bad-field`` for fewer than one hand.
    """

    code: DealCode
    hands: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.hands, int) or self.hands < 1:
            raise PositionError("bad-field", field="hands")

    def deal_code(self, index: int) -> DealCode:
        """The deal code of hand ``index`` (0-based): the match's own code first, then derived seeds."""
        if index == 0:
            return self.code
        seed = random.Random(f"{self.code}:{index}").randrange(MAX_SEED)
        return DealCode(self.code.players, seed)

    def first_dealer(self) -> int:
        """Seat of the first hand's dealer (drawn by the first deal, R1)."""
        return deal(self.code)[1]

    def deal(self, index: int, names: Sequence[str] | None = None) -> tuple[Position, int]:
        """Deal hand ``index`` (0-based): ``(position, dealer)``; the dealer moves one seat
        clockwise each hand (§deal). Raises ``IndexError`` past the last hand."""
        if not 0 <= index < self.hands:
            raise IndexError(index)
        dealer = (self.first_dealer() + index) % self.code.players
        return deal(self.deal_code(index), names, dealer=dealer)


def wins(outcomes: Sequence[Outcome], players: Sequence[str]) -> dict[str, int]:
    """Hands won by each player, every player listed; a drawn hand counts for nobody (§match)."""
    counted = Counter(outcome.winner for outcome in outcomes if outcome.winner is not None)
    return {name: counted.get(name, 0) for name in players}


def match_winners(outcomes: Sequence[Outcome], players: Sequence[str]) -> list[str]:
    """The players with the most wins, in seat order: several share the match when level (§match)."""
    table = wins(outcomes, players)
    best = max(table.values())
    return [name for name in players if table[name] == best]
