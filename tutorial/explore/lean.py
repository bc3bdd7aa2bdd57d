"""The lean simulation path: whole hands on plain lists of ints, no records (docs/rules.md
§deal, §turn, §priority, §recycle, §muggins, §finish, R1–R12).

Cards are ints 0–51 in the order of :data:`~tutorial.engine.cards.FULL_DECK` (rank =
``card % 13 + 1``). Closed stocks are lists with the top card **last** (turning up is a
``pop``), discards and common piles are listed bottom to top.

Where a card may go is asked of the rules kernel (:func:`tutorial.engine.kernel.destinations`),
as the teaching engine asks it; destinations are the kernel's ints (a common pile's index,
or ``~seat`` for a discard). It plays exactly as the teaching engine does
(:mod:`tutorial.explore.reference`; a property test compares the two over thousands of
deals, and another compares it with the benchmark floor), with two shortcuts that change
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
from ..engine.kernel import EMPTY, destinations
from ..engine.playout import DEFAULT_MAX_TURNS
from ..engine.position import Position
from ..engine.variants import STANDARD, PenaltyRule, RuleOptions
from .players import R8, Policy, Seat, choose
from .summary import FINISHED, REPETITION, TURN_LIMIT, HandSummary

RANK = tuple(card % 13 + 1 for card in range(52))
_INDEX = {card: number for number, card in enumerate(FULL_DECK)}
MAX_SEATS = 8

_keys = random.Random(0x6D7567)  # fixed: the keys only need to be unrelated to the cards
ZOBRIST = [[[_keys.getrandbits(64) for _card in range(52)] for _depth in range(53)] for _pile in range(2 * MAX_SEATS)]
"""``ZOBRIST[pile][depth][card]``: piles 0–7 are closed stocks, 8–15 discards; depth counts from the bottom."""
TO_MOVE = [_keys.getrandbits(64) for _seat in range(MAX_SEATS)]
del _keys
_CALLER, _LOOKAHEAD = PenaltyRule.CALLER, Policy.LOOKAHEAD  # module names: reading an enum member off its class is slow (3.11)


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
    if all(seat == R8 for seat in seats):
        return _play_r8(table, rules, max_turns, repetition)
    return _play_general(table, seats, rng if rng is not None else random.Random(0), rules, max_turns, repetition)


def _start_key(table: Table) -> int:
    """The Zobrist key of every closed stock and discard of ``table``."""
    key = 0
    for seat in range(table.n):
        key ^= _pile_key(table.stocks[seat], ZOBRIST[seat]) ^ _pile_key(table.discards[seat], ZOBRIST[MAX_SEATS + seat])
    return key


def _play_r8(table: Table, rules: RuleOptions, max_turns: int | None, repetition: bool) -> HandSummary:
    """Every player R8: nobody errs, so only placement (the first correct destination, R8)
    and recycling. Kept in one loop over local names: this is the path ``muggins bench``
    times against the floor."""
    n, stocks, discards, commons = table.n, table.stocks, table.discards, table.commons
    tops = [RANK[pile[-1]] for pile in commons]
    dtops = [RANK[pile[-1]] if pile else EMPTY for pile in discards]
    left = [[(seat + step) % n for step in range(1, n)] for seat in range(n)]
    stock_keys, discard_keys = ZOBRIST[:n], ZOBRIST[MAX_SEATS:MAX_SEATS + n]
    key = _start_key(table)
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
            dtops[mover] = EMPTY
            key ^= _pile_key(stock, stock_keys[mover])
            recycles += 1
        card = stock.pop()
        key ^= stock_keys[mover][len(stock)][card]
        rank = RANK[card]
        legal = destinations(rank, tops, dtops, left[mover], mover, rules)
        dest = legal[0]
        if len(legal) > 1:
            choices += 1
        if dest >= 0:
            tops[dest] = rank
            commons[dest].append(card)
            seen.clear()
        else:
            seat = ~dest
            pile = discards[seat]
            key ^= discard_keys[seat][len(pile)][card]
            pile.append(card)
            dtops[seat] = rank
            if seat == mover:
                mover = mover + 1 if mover + 1 < n else 0
                continue
        if not stock and not discards[mover]:
            table.to_move = mover
            return HandSummary(FINISHED, (mover - first) % n, turns, choices, recycles)
        mover = mover + 1 if mover + 1 < n else 0


class _Piles:
    """The general path's table: the piles, their top ranks and the repetition key, kept
    up to date as cards move (destinations as the kernel's ints)."""

    __slots__ = ("commons", "discard_keys", "discards", "dtops", "key", "recycles", "stock_keys", "stocks", "tops")

    def __init__(self, table: Table):
        self.stocks, self.discards, self.commons = table.stocks, table.discards, table.commons
        self.tops = [RANK[pile[-1]] for pile in table.commons]
        self.dtops = [RANK[pile[-1]] if pile else EMPTY for pile in table.discards]
        self.stock_keys, self.discard_keys = ZOBRIST[:table.n], ZOBRIST[MAX_SEATS:MAX_SEATS + table.n]
        self.key = _start_key(table)
        self.recycles = 0

    def holds(self, seat: int) -> bool:
        return bool(self.stocks[seat] or self.discards[seat])

    def recycle(self, seat: int) -> None:
        """Turn the discard of ``seat`` over as its closed stock (§recycle)."""
        own = self.discards[seat]
        self.key ^= _pile_key(own, self.discard_keys[seat])
        self.stocks[seat] = own[::-1]
        self.discards[seat] = []
        self.dtops[seat] = EMPTY
        self.key ^= _pile_key(self.stocks[seat], self.stock_keys[seat])
        self.recycles += 1

    def top_card(self, seat: int) -> int:
        """Take the top card of the closed stock of ``seat`` (recycling first, R3); the
        seat must hold a card."""
        if not self.stocks[seat]:
            self.recycle(seat)
        stock = self.stocks[seat]
        card = stock.pop()
        self.key ^= self.stock_keys[seat][len(stock)][card]
        return card

    def put(self, dest: int, card: int) -> None:
        if dest >= 0:
            self.commons[dest].append(card)
            self.tops[dest] = RANK[card]
        else:
            pile = self.discards[~dest]
            self.key ^= self.discard_keys[~dest][len(pile)][card]
            pile.append(card)
            self.dtops[~dest] = RANK[card]

    def take(self, dest: int) -> None:
        if dest >= 0:
            pile = self.commons[dest]
            pile.pop()
            self.tops[dest] = RANK[pile[-1]]
        else:
            pile = self.discards[~dest]
            card = pile.pop()
            self.key ^= self.discard_keys[~dest][len(pile)][card]
            self.dtops[~dest] = RANK[pile[-1]] if pile else EMPTY

    def penalty(self, offender: int, donors: Sequence[int]) -> int:
        """Each donor gives the top card of their closed stock (recycling first; nothing when
        they hold none, R6), under the offender's stock, the last donor's at the very bottom
        (R5). Returns the number of cards given."""
        gifts = [self.top_card(donor) for donor in donors if self.holds(donor)]
        if gifts:
            stock = self.stocks[offender]
            self.key ^= _pile_key(stock, self.stock_keys[offender])
            stock[:0] = gifts[::-1]
            self.key ^= _pile_key(stock, self.stock_keys[offender])
        return len(gifts)

    def unseen(self, rank: int) -> list[int]:
        """Per rank, the cards not face up (commons, discards) and not the turned card."""
        shown = [0] * 14
        for pile in (*self.commons, *self.discards):
            for other in pile:
                shown[RANK[other]] += 1
        shown[rank] += 1
        return [0] + [4 - shown[r] for r in range(1, 14)]


def _caller(seats: Sequence[Seat], around: Sequence[int], rng: random.Random) -> int | None:
    """The first player clockwise from the offender's left who calls the error (each with
    chance ``alertness``)."""
    for other in around:
        alertness = seats[other].alertness
        if alertness >= 1.0 or rng.random() < alertness:
            return other
    return None


def _play_general(table: Table, seats: Sequence[Seat], rng: random.Random, rules: RuleOptions,
                  max_turns: int | None, repetition: bool) -> HandSummary:
    """Any players: policies, errors, calls, penalties, the finish check (R4, R5, R11)."""
    n = table.n
    piles = _Piles(table)
    left = [[(seat + step) % n for step in range(1, n)] for seat in range(n)]
    everywhere = [*range(len(table.commons)), *(~seat for seat in range(n))]
    seen: set[int] = set()
    limit = max_turns if max_turns is not None else -1
    mover = first = table.to_move
    turns = choices = errors = calls = penalty_cards = 0
    reason, winner = TURN_LIMIT, None
    while turns != limit:
        if repetition:
            check = piles.key ^ TO_MOVE[mover]
            if check in seen:
                reason = REPETITION
                break
            seen.add(check)
        turns += 1
        if not piles.holds(mover):  # R2
            mover = (mover + 1) % n
            continue
        card = piles.top_card(mover)
        rank = RANK[card]
        legal = destinations(rank, piles.tops, piles.dtops, left[mover], mover, rules)
        if len(legal) > 1:
            choices += 1
        seat = seats[mover]
        dest = None
        if seat.error_rate and rng.random() < seat.error_rate:
            wrong = [d for d in everywhere if d not in legal]
            if wrong:
                dest = rng.choice(wrong)
        if dest is None:
            unseen = piles.unseen(rank) if seat.policy is _LOOKAHEAD else None
            dest = legal[choose(seat, legal, rng, mover=mover, card_rank=rank, common_tops=piles.tops, unseen=unseen,
                                holdings=[len(piles.stocks[s]) + len(piles.discards[s]) for s in range(n)], rules=rules)]
        piles.put(dest, card)
        if dest in legal:
            if not piles.holds(mover):
                reason, winner = FINISHED, (mover - first) % n
                break
        else:
            errors += 1
            caller = _caller(seats, left[mover], rng)
            if caller is not None or not piles.holds(mover):  # called, or the finish check (R11)
                calls += 1
                piles.take(dest)
                dest = legal[0]  # R4
                piles.put(dest, card)
                if rules.penalty is _CALLER:
                    donors = [caller if caller is not None else left[mover][0]]
                else:
                    donors = left[mover]
                penalty_cards += piles.penalty(mover, donors)
        if dest >= 0:
            seen.clear()
        mover = (mover + 1) % n
    table.to_move = mover
    return HandSummary(reason, winner, turns, choices, piles.recycles, errors, calls, penalty_cards)
