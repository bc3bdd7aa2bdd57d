"""Dealing a hand from a seed (docs/rules.md §deal, §counts, R1) and deal codes."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import FULL_DECK, Card
from .errors import PositionError
from .numbers import parse_count
from .position import Position
from .variants import STANDARD, RuleOptions

COUNTS: dict[int, tuple[int, int]] = {3: (17, 1), 4: (12, 4), 5: (10, 2), 6: (8, 4), 7: (7, 3)}
"""§counts: players -> (cards each, common piles). The whole pack is always used."""

SEAT_NAMES = ("A", "B", "C", "D", "E", "F", "G")
"""Default seat names, clockwise."""

MAX_SEED = 10**9
"""Seeds are 0 ≤ seed < MAX_SEED (at most 9 digits in a deal code)."""

NEW_SEEDS = 10**6
"""New deals draw 0 ≤ seed < NEW_SEEDS: at most 6 digits after the player count, short
enough to dictate to a class (``4-2817``). Longer codes made before still deal the same."""


@dataclass(frozen=True, slots=True)
class DealCode:
    """A reproducible deal: ``players`` (3–7) and ``seed`` (0 ≤ seed < 10⁹).

    Text form ``4-12345``; :meth:`parse` reads it back (raises
    :class:`PositionError` ``bad-deal-code`` or ``player-count``). :meth:`new`
    draws a fresh code of at most 6 digits after the player count.
    """

    players: int
    seed: int

    @classmethod
    def new(cls, players: int, rng: random.Random) -> DealCode:
        """A fresh deal for ``players`` with a seed ``0 ≤ seed <`` :data:`NEW_SEEDS` drawn from
        ``rng`` (the app passes ``random.SystemRandom()``: a deal nobody can foresee).
        Raises :class:`PositionError` ``player-count`` for a count without a deal (§counts)."""
        if players not in COUNTS:
            raise PositionError("player-count", count=players)
        return cls(players, rng.randrange(NEW_SEEDS))

    @classmethod
    def parse(cls, text: str) -> DealCode:
        """Read ``players-seed``: one ASCII digit, ``-``, 1 to 9 ASCII digits
        (white space allowed around the parts). Raises :class:`PositionError`
        ``bad-deal-code`` (``deal``: the text) or ``player-count`` (``count``)."""
        first, sep, second = text.partition("-") if isinstance(text, str) else ("", "", "")
        players = parse_count(first.strip(), max_digits=1)
        seed = parse_count(second.strip(), max_digits=len(str(MAX_SEED - 1)))
        if not sep or players is None or seed is None:
            raise PositionError("bad-deal-code", deal=text if isinstance(text, str) else repr(text))
        if players not in COUNTS:
            raise PositionError("player-count", count=players)
        return cls(players, seed)

    def __str__(self) -> str:
        return f"{self.players}-{self.seed}"


def deal(code: DealCode, names: Sequence[str] | None = None, dealer: int | None = None,
         rules: RuleOptions = STANDARD) -> tuple[Position, int]:
    """Deal a full 52-card hand (§deal, §counts, R1).

    A ``random.Random(code.seed)`` first draws the dealer (0-based seat; used
    unless ``dealer`` is given, e.g. when the deal passes on in a match), then
    shuffles the pack. Cards are dealt one at a time clockwise from the
    dealer's left, each onto the top of that player's face-down stock; the
    remaining cards are turned up as common piles 1, 2, … in order. The player
    at the dealer's left moves first. Returns ``(position, dealer)``.
    Raises :class:`PositionError` ``player-count`` for other counts.
    ``rules`` may deal other counts (:attr:`RuleOptions.counts`): cards left after the
    deal are turned up onto common piles 1, 2, … in turn, so a pile may hold several (V4).
    """
    n = code.players
    each, piles = rules.layout(n) if not rules.standard else COUNTS.get(n, (0, 0))
    if not each:
        raise PositionError("player-count", count=n)
    names = tuple(names) if names is not None else SEAT_NAMES[:n]
    if len(names) != n:
        raise PositionError("player-count", count=len(names))
    rng = random.Random(code.seed)
    drawn_dealer = rng.randrange(n)
    dealer = drawn_dealer if dealer is None else dealer % n
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    dealt: list[list[Card]] = [[] for _ in range(n)]
    cards = iter(deck)
    for _round in range(each):
        for step in range(1, n + 1):
            dealt[(dealer + step) % n].insert(0, next(cards))
    commons: list[list[Card]] = [[] for _ in range(piles)]
    for number, card in enumerate(cards):
        commons[number % piles].append(card)
    first = names[(dealer + 1) % n]
    position = Position.build(names, first, commons, {name: dealt[i] for i, name in enumerate(names)})
    return position, dealer
