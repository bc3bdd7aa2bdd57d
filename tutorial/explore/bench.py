"""``muggins bench``: how fast the engines play whole hands, against a floor written in
the same run (a measurement script, not a test).

The *floor* is the least work a hand of the source rules with R8 players needs: plain
lists, cards and ranks as ints, one pass over the common piles and the opponents per
turn, and — with repetition detection — one 64-bit key updated per card moved and a set
of keys. Anything the lean path does on top of it is overhead; the ratio says how much.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..engine.deal import DealCode, deal
from ..engine.playout import playout
from .lean import MAX_SEATS, RANK, TO_MOVE, ZOBRIST, Table, play


def floor(table: Table, max_turns: int, repetition: bool = True) -> int:
    """Play ``table`` with the source rules and R8 players, in the plainest code; returns
    the turns played (for the benchmark only: it keeps no result)."""
    n, stocks, discards = table.n, table.stocks, table.discards
    tops = [RANK[pile[-1]] for pile in table.commons]
    left = [[(seat + step) % n for step in range(1, n)] for seat in range(n)]
    skeys, dkeys = ZOBRIST[:n], ZOBRIST[MAX_SEATS:MAX_SEATS + n]
    key = 0
    for seat in range(n):
        for depth, card in enumerate(stocks[seat]):
            key ^= skeys[seat][depth][card]
    seen: set[int] = set()
    mover = table.to_move
    for turn in range(max_turns):
        if repetition:
            check = key ^ TO_MOVE[mover]
            if check in seen:
                return turn
            seen.add(check)
        stock = stocks[mover]
        if not stock:
            own = discards[mover]
            if not own:
                mover = (mover + 1) % n
                continue
            for depth, card in enumerate(own):
                key ^= dkeys[mover][depth][card]
            stock = stocks[mover] = own[::-1]
            discards[mover] = []
            for depth, card in enumerate(stock):
                key ^= skeys[mover][depth][card]
        card = stock.pop()
        key ^= skeys[mover][len(stock)][card]
        rank = RANK[card]
        for pile, top in enumerate(tops):
            if top - rank == 1 or rank - top == 1:
                tops[pile] = rank
                seen.clear()
                break
        else:
            for seat in left[mover]:
                pile_ = discards[seat]
                if pile_ and abs(RANK[pile_[-1]] - rank) == 1:
                    break
            else:
                seat = mover
                pile_ = discards[mover]
            key ^= dkeys[seat][len(pile_)][card]
            pile_.append(card)
            if seat == mover:
                mover = (mover + 1) % n
                continue
        if not stock and not discards[mover]:
            return turn + 1
        mover = (mover + 1) % n
    return max_turns


@dataclass(frozen=True, slots=True)
class Speed:
    """One measurement: ``hands`` and ``turns`` played in ``seconds`` of CPU time."""

    hands: int
    turns: int
    seconds: float

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    @property
    def turns_per_second(self) -> float:
        return self.turns / self.seconds if self.seconds else 0.0


def _time(run, seeds: range) -> Speed:  # type: ignore[no-untyped-def]
    turns = 0
    start = time.process_time()
    for seed in seeds:
        turns += run(seed)
    return Speed(len(seeds), turns, time.process_time() - start)


def measure(players: int, hands: int, *, max_turns: int = 5_000, teaching: bool = False) -> dict[str, Speed]:
    """Time ``hands`` seeded deals at ``players``: the lean path and the floor, with and
    without repetition detection (``max_turns`` ends hands that repeat), and the
    teaching engine's :func:`~tutorial.engine.playout.playout` when ``teaching``."""
    seeds = range(hands)
    speeds = {
        "lean": _time(lambda s: play(Table.deal(players, s), max_turns=max_turns).turns, seeds),
        "floor": _time(lambda s: floor(Table.deal(players, s), max_turns), seeds),
        "lean-no-repetition": _time(
            lambda s: play(Table.deal(players, s), max_turns=max_turns, repetition=False).turns, seeds),
        "floor-no-repetition": _time(lambda s: floor(Table.deal(players, s), max_turns, repetition=False), seeds),
    }
    if teaching:
        speeds["teaching"] = _time(lambda s: playout(deal(DealCode(players, s))[0], max_turns=max_turns).turns,
                                   range(max(1, hands // 10)))
    return speeds
