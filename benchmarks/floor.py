"""The benchmark floor of ``muggins bench``: the plainest code for a hand of the source rules
with R8 players (docs/rules.md §turn, §priority, §recycle, §finish, R7, R8).

It is the least work such a hand needs: plain lists, cards and ranks as ints, one pass over
the common piles and the opponents per turn, and — with repetition detection — one 64-bit
key updated per card moved and a set of keys. It is written apart from the rules kernel
(:mod:`tutorial.engine.kernel`) on purpose: it is the reference for speed (the lean path is
timed against it) and the independent version of the source rules that the tests compare
the kernel with (tests/test_explore.py). Loaded by :func:`tutorial.explore.bench.load_floor`
from a source checkout.
"""

from __future__ import annotations

from tutorial.explore.lean import MAX_SEATS, RANK, TO_MOVE, ZOBRIST, Table


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
