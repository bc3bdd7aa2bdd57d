"""The lean simulation path: whole hands on plain lists of ints, no records (RULES.md
§deal, §turn, §priority, §recycle, §muggins, §finish, R1–R12).

Cards are ints 0–51 in the order of :data:`~tutorial.engine.cards.FULL_DECK` (rank =
``card % 13 + 1``). Closed stocks are lists with the top card **last** (turning up is a
``pop``), discards and common piles are listed bottom to top.

It plays exactly as the teaching engine does (:mod:`tutorial.explore.reference`; a
property test compares the two over thousands of deals), with two shortcuts that change
no outcome:

- **Repetition (R7)** is found with Zobrist hashing of every closed stock and discard
  (64-bit keys updated as cards move) plus the player to move. Common piles only ever
  grow between turns, so no position before a card reached a common pile can recur:
  the set of seen keys is emptied then, and common piles need no key at all. (Two
  different positions would have to share a 64-bit key to end a hand wrongly.)
- Only what the summary needs is counted.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.cards import FULL_DECK
from ..engine.deal import MAX_SEED
from ..engine.errors import PositionError
from ..engine.playout import DEFAULT_MAX_TURNS
from ..engine.position import Position
from ..engine.variants import STANDARD, Opponents, PenaltyRule, RuleOptions
from .players import COMMON, DISCARD, R8, Policy, Seat, choose
from .summary import FINISHED, REPETITION, TURN_LIMIT, HandSummary

RANK = tuple(card % 13 + 1 for card in range(52))
_INDEX = {card: number for number, card in enumerate(FULL_DECK)}
MAX_SEATS = 8

_keys = random.Random(0x6D7567)  # fixed: the keys only need to be unrelated to the cards
ZOBRIST = [[[_keys.getrandbits(64) for _card in range(52)] for _depth in range(53)] for _pile in range(2 * MAX_SEATS)]
"""``ZOBRIST[pile][depth][card]``: piles 0–7 are closed stocks, 8–15 discards; depth counts from the bottom."""
TO_MOVE = [_keys.getrandbits(64) for _seat in range(MAX_SEATS)]
del _keys


class Table:
    """A position as plain lists (see the module's notes): ``stocks``, ``discards``,
    ``commons`` (lists of card ints), ``to_move``; ``n`` players."""

    __slots__ = ("commons", "discards", "n", "stocks", "to_move")

    def __init__(self, stocks: list[list[int]], discards: list[list[int]], commons: list[list[int]], to_move: int):
        self.n = len(stocks)
        if not 3 <= self.n <= MAX_SEATS:
            raise PositionError("player-count", count=self.n)
        self.stocks, self.discards, self.commons, self.to_move = stocks, discards, commons, to_move

    @classmethod
    def of(cls, position: Position) -> Table:
        """The lean copy of a teaching-engine position."""
        return cls([[_INDEX[c] for c in reversed(pile)] for pile in position.stocks],
                   [[_INDEX[c] for c in pile] for pile in position.discards],
                   [[_INDEX[c] for c in pile] for pile in position.commons], position.to_move)

    @classmethod
    def deal(cls, players: int, seed: int, rules: RuleOptions = STANDARD) -> Table:
        """The deal of :func:`tutorial.engine.deal.deal` for ``players``-``seed`` (R1),
        for any count ``rules`` deal (up to 8). Raises :class:`PositionError` ``player-count``."""
        each, piles = rules.layout(players)
        if not 0 <= seed < MAX_SEED:
            raise PositionError("bad-deal-code", deal=f"{players}-{seed}")
        rng = random.Random(seed)
        dealer = rng.randrange(players)
        deck = list(range(52))
        rng.shuffle(deck)
        stocks: list[list[int]] = [[] for _ in range(players)]
        for number in range(each * players):
            stocks[(dealer + 1 + number % players) % players].append(deck[number])  # top last
        commons: list[list[int]] = [[] for _ in range(piles)]
        for number, card in enumerate(deck[each * players:]):
            commons[number % piles].append(card)
        return cls(stocks, [[] for _ in range(players)], commons, (dealer + 1) % players)


def _pile_key(pile: Sequence[int], keys: list[list[int]]) -> int:
    key = 0
    for depth, card in enumerate(pile):
        key ^= keys[depth][card]
    return key


def play(table: Table, seats: Sequence[Seat] | None = None, rng: random.Random | None = None, *,
         rules: RuleOptions = STANDARD, max_turns: int | None = DEFAULT_MAX_TURNS,
         repetition: bool = True) -> HandSummary:
    """Play ``table`` (changed in place) to its end; the same rules, players and chance
    as :func:`tutorial.explore.reference.play_hand`. ``repetition=False`` skips the R7
    repetition check (hands then end by a win or the turn limit only: for benchmarks).
    Returns the :class:`HandSummary` (seats counted from the player to move first)."""
    seats = tuple(seats) if seats is not None else (R8,) * table.n
    if len(seats) != table.n:
        raise PositionError("player-count", count=len(seats))
    if rules.standard and all(seat == R8 for seat in seats):
        return _play_r8(table, max_turns, repetition)
    return _play_general(table, seats, rng if rng is not None else random.Random(0), rules, max_turns, repetition)


def _play_r8(table: Table, max_turns: int | None, repetition: bool) -> HandSummary:
    """The source rules, every player R8: nobody errs, so only placement and recycling."""
    n, stocks, discards = table.n, table.stocks, table.discards
    tops = [RANK[pile[-1]] for pile in table.commons]
    piles = range(len(tops))
    left = [[(seat + step) % n for step in range(1, n)] for seat in range(n)]
    stock_keys, discard_keys = ZOBRIST[:n], ZOBRIST[MAX_SEATS:MAX_SEATS + n]
    key = 0
    for seat in range(n):
        key ^= _pile_key(stocks[seat], stock_keys[seat]) ^ _pile_key(discards[seat], discard_keys[seat])
    seen: set[int] = set()
    limit = max_turns if max_turns is not None else -1
    mover, first, turns, choices, recycles = table.to_move, table.to_move, 0, 0, 0
    while True:
        if turns == limit:
            table.to_move = mover
            return HandSummary(TURN_LIMIT, None, turns, choices, recycles)
        if repetition:
            check = key ^ TO_MOVE[mover]
            if check in seen:
                table.to_move = mover
                return HandSummary(REPETITION, None, turns, choices, recycles)
            seen.add(check)
        turns += 1
        stock = stocks[mover]
        if not stock:
            own = discards[mover]
            if not own:  # R2: a pass
                mover = mover + 1 if mover + 1 < n else 0
                continue
            key ^= _pile_key(own, discard_keys[mover])
            stock = stocks[mover] = own[::-1]
            discards[mover] = []
            key ^= _pile_key(stock, stock_keys[mover])
            recycles += 1
        card = stock.pop()
        key ^= stock_keys[mover][len(stock)][card]
        rank = RANK[card]
        fitting = [pile for pile in piles if tops[pile] - rank == 1 or rank - tops[pile] == 1]
        if fitting:
            if len(fitting) > 1:
                choices += 1
            tops[fitting[0]] = rank
            table.commons[fitting[0]].append(card)
            seen.clear()
            pile = None
        else:
            for seat in left[mover]:
                pile = discards[seat]
                if pile and (RANK[pile[-1]] - rank == 1 or rank - RANK[pile[-1]] == 1):
                    key ^= discard_keys[seat][len(pile)][card]
                    pile.append(card)
                    break
            else:
                pile = discards[mover]
                key ^= discard_keys[mover][len(pile)][card]
                pile.append(card)
                mover = mover + 1 if mover + 1 < n else 0
                continue
        if not stock and not discards[mover]:
            table.to_move = mover
            return HandSummary(FINISHED, (mover - first) % n, turns, choices, recycles)
        mover = mover + 1 if mover + 1 < n else 0


def _play_general(table: Table, seats: Sequence[Seat], rng: random.Random, rules: RuleOptions,
                  max_turns: int | None, repetition: bool) -> HandSummary:
    """Any rules and players: policies, errors, calls, penalties, the finish check."""
    n, stocks, discards, commons = table.n, table.stocks, table.discards, table.commons
    fits = rules.fits
    left = [[(seat + step) % n for step in range(1, n)] for seat in range(n)]
    stock_keys, discard_keys = ZOBRIST[:n], ZOBRIST[MAX_SEATS:MAX_SEATS + n]
    key = 0
    for seat in range(n):
        key ^= _pile_key(stocks[seat], stock_keys[seat]) ^ _pile_key(discards[seat], discard_keys[seat])
    looks = any(seat.policy is Policy.LOOKAHEAD for seat in seats)
    seen: set[int] = set()
    limit = max_turns if max_turns is not None else -1
    mover, first = table.to_move, table.to_move
    turns = choices = recycles = errors = calls = penalty_cards = 0
    every = [(COMMON, pile) for pile in range(len(commons))] + [(DISCARD, seat) for seat in range(n)]

    def recycle(seat: int) -> None:
        nonlocal key, recycles
        own = discards[seat]
        key ^= _pile_key(own, discard_keys[seat])
        stocks[seat] = own[::-1]
        discards[seat] = []
        key ^= _pile_key(stocks[seat], stock_keys[seat])
        recycles += 1

    def put(dest: tuple[int, int], card: int) -> None:
        nonlocal key
        what, where = dest
        if what == COMMON:
            commons[where].append(card)
        else:
            pile = discards[where]
            key ^= discard_keys[where][len(pile)][card]
            pile.append(card)

    def take(dest: tuple[int, int]) -> None:
        nonlocal key
        what, where = dest
        if what == COMMON:
            commons[where].pop()
        else:
            pile = discards[where]
            card = pile.pop()
            key ^= discard_keys[where][len(pile)][card]

    while True:
        if turns == limit:
            break
        if repetition:
            check = key ^ TO_MOVE[mover]
            if check in seen:
                table.to_move = mover
                return HandSummary(REPETITION, None, turns, choices, recycles, errors, calls, penalty_cards)
            seen.add(check)
        turns += 1
        if not stocks[mover]:
            if not discards[mover]:  # R2
                mover = (mover + 1) % n
                continue
            recycle(mover)
        stock = stocks[mover]
        card = stock.pop()
        key ^= stock_keys[mover][len(stock)][card]
        rank = RANK[card]
        # §priority (and the variants' V1, V2), in the teaching engine's order
        fitting = [(COMMON, pile) for pile in range(len(commons)) if fits(RANK[commons[pile][-1]], rank)]
        if fitting and rules.common_priority:
            legal = fitting
        else:
            opponents = []
            for seat in left[mover]:
                pile = discards[seat]
                if pile and fits(RANK[pile[-1]], rank):
                    opponents.append((DISCARD, seat))
                    if rules.opponents is Opponents.NEAREST:
                        break
            if fitting:
                legal = fitting + opponents
            elif opponents:
                legal = opponents + ([(DISCARD, mover)] if rules.opponent_optional else [])
            else:
                legal = [(DISCARD, mover)]
        if len(legal) > 1:
            choices += 1
        seat_ = seats[mover]
        dest = None
        if seat_.error_rate and rng.random() < seat_.error_rate:
            wrong = [d for d in every if d not in legal]
            if wrong:
                dest = rng.choice(wrong)
        if dest is None:
            unseen = None
            if looks and seat_.policy is Policy.LOOKAHEAD:
                shown = [0] * 14
                for pile in (*commons, *discards):
                    for other in pile:
                        shown[RANK[other]] += 1
                shown[rank] += 1
                unseen = [0] + [4 - shown[r] for r in range(1, 14)]
            index = choose(seat_, legal, rng, mover=mover, card_rank=rank,
                           common_tops=[RANK[pile[-1]] for pile in commons], unseen=unseen,
                           holdings=[len(stocks[s]) + len(discards[s]) for s in range(n)], rules=rules)
            dest = legal[index]
        put(dest, card)
        caller = None
        wrong_play = dest not in legal
        if wrong_play:
            errors += 1
            for other in left[mover]:
                alertness = seats[other].alertness
                if alertness >= 1.0 or rng.random() < alertness:
                    caller = other
                    break
        empty = not stocks[mover] and not discards[mover]
        if wrong_play and (caller is not None or empty):  # called, or the finish check (R11)
            calls += 1
            take(dest)
            dest = legal[0]  # R4
            put(dest, card)
            if rules.penalty is PenaltyRule.CALLER:
                donors = [caller if caller is not None else left[mover][0]]
            else:
                donors = left[mover]
            gifts = []
            for donor in donors:
                if not stocks[donor]:
                    if not discards[donor]:
                        continue  # R6
                    recycle(donor)
                given = stocks[donor].pop()
                key ^= stock_keys[donor][len(stocks[donor])][given]
                gifts.append(given)
            if gifts:
                penalty_cards += len(gifts)
                key ^= _pile_key(stocks[mover], stock_keys[mover])
                stocks[mover][:0] = gifts[::-1]  # under the stock, the last donor's at the very bottom (R5)
                key ^= _pile_key(stocks[mover], stock_keys[mover])
            empty = not stocks[mover] and not discards[mover]
        elif empty and not wrong_play:
            table.to_move = mover
            return HandSummary(FINISHED, (mover - first) % n, turns, choices, recycles, errors, calls, penalty_cards)
        if dest[0] == COMMON:
            seen.clear()
        mover = (mover + 1) % n
    table.to_move = mover
    return HandSummary(TURN_LIMIT, None, turns, choices, recycles, errors, calls, penalty_cards)
