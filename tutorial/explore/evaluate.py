"""Which choice is better? Every pile the turned card could go on, valued by seeded playouts
(issue 20; docs/rules.md §priority, §muggins, §finish, R4, R5, R7, R8, R11).

For each destination of the mover's turned card the turn is settled by the teaching engine
(:func:`~tutorial.engine.rules.complete_turn`): a correct placement stands, a wrong one is
called by the next player clockwise, corrected and penalised as §muggins says. From the
position that leaves, ``hands`` playouts are played on the lean path
(:mod:`tutorial.explore.lean`), and the mover's share of wins is the choice's value, with its
95 % Wilson interval.

**What a playout may know** (R13). A playout may use only what every player at the table
has seen. A closed stock is face down, so the cards dealt into it that nobody has seen since
are unknown to everyone, the mover included: with the stocks as the position gives them,
rule-perfect players would play every playout identically, and the answer would be 0 % or
100 % for reasons the mover cannot see. So each playout first deals those unseen cards anew
among the stocks' unseen places (each stock keeps its size). But a stock made by turning a
discard over has an order everybody watched being built (§recycle: turned over without
shuffling, nobody reorders it), and this app names every penalty card as it is given, so the
table saw it go under the offender's stock (R5): such cards keep their places
(:class:`~tutorial.engine.seen.Seen`; a position alone tells nothing seen, and the mover's own
turn — a discard turned over, penalty cards given for a wrong pile — is followed from there).
The face-up piles stay as they are. Playout ``i`` deals the same way for every choice (the
same generator, seeded from the seed and ``i``), so two choices are compared on the same deals
(*common random numbers*):
the comparison's interval is paired (Agresti and Min's adjusted Wald interval) and narrower
than the two intervals side by side,
and the exact McNemar test (``scipy.stats.binomtest`` on the playouts where exactly one of
the two choices won) says whether the difference is real.

Plain Python; the numbers depend only on the position, what was seen of it, the :class:`EvalSpec` and the seed —
not on how many processes played them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine.bots import all_destinations
from ..engine.errors import ActionError, PositionError
from ..engine.position import Dest, Position
from ..engine.rules import ErrorKind, complete_turn, judge, legal_destinations, turn_up
from ..engine.seen import Seen
from ..engine.variants import STANDARD, RuleOptions, variant
from .lean import Table, play
from .players import Seat
from .study import DEFAULT_MAX_TURNS, Share, run_units

MAX_EVAL_HANDS = 100_000
"""At most this many playouts per choice."""
CHUNK = 250
"""Playouts per unit of work handed to a worker."""
LEVEL = 0.05
"""A difference is called real when the test's p-value is below this."""
WIN, DRAW, LOSS = 2, 1, 0
"""A playout's outcome for the mover: won, drawn (R7), another player won."""


@dataclass(frozen=True, slots=True)
class EvalSpec:
    """How to value the choices: ``hands`` playouts per choice (1 to :data:`MAX_EVAL_HANDS`),
    ``seed`` (≥ 0), the ``variant`` whose rules the table plays (an id of
    :data:`~tutorial.engine.variants.VARIANTS`), every player's ``error_rate`` and
    ``alertness`` (0–1; the defaults are the rule-perfect players of R8), each playout's turn
    limit ``max_turns`` (R7), and ``wrong``: whether the wrong piles are valued too (their
    penalty is told either way). Raises :class:`PositionError` (``bad-field`` with ``field``,
    ``unknown-variant``) for values outside these."""

    hands: int = 1000
    seed: int = 0
    variant: str = "standard"
    error_rate: float = 0.0
    alertness: float = 1.0
    max_turns: int = DEFAULT_MAX_TURNS
    wrong: bool = True

    def __post_init__(self) -> None:
        variant(self.variant)
        checks = {
            "hands": type(self.hands) is int and 1 <= self.hands <= MAX_EVAL_HANDS,
            "seed": type(self.seed) is int and self.seed >= 0,
            "error_rate": isinstance(self.error_rate, int | float) and 0 <= self.error_rate <= 1,
            "alertness": isinstance(self.alertness, int | float) and 0 <= self.alertness <= 1,
            "max_turns": type(self.max_turns) is int and 1 <= self.max_turns <= 10_000_000,
        }
        for name, good in checks.items():
            if not good:
                raise PositionError("bad-field", field=name)

    @property
    def rules(self) -> RuleOptions:
        return variant(self.variant).rules


@dataclass(frozen=True, slots=True)
class Start:
    """One choice settled: the ``dest``, its ``error`` (``None`` when correct), the penalty
    cards the mover receives for it (called at once by the next player clockwise), whether it
    ``finished`` the hand (the mover won outright), the position after the turn, and what the
    table has ``seen`` of its closed stocks then (R13)."""

    dest: Dest
    error: ErrorKind | None
    penalty: int
    finished: bool
    after: Position
    seen: Seen


@dataclass(frozen=True, slots=True)
class ChoiceValue:
    """A choice and what it is worth: ``dest``, ``error`` (``None``: correct), ``penalty`` (cards
    received when it is called), ``finished`` (it wins the hand at once), and over the ``hands``
    playouts from it: ``wins`` (the mover's), ``draws``, the mean length in turns (``turns``).
    ``valued``: playouts were played (a wrong pile is not valued when the spec says so)."""

    dest: Dest
    error: ErrorKind | None
    penalty: int
    finished: bool
    hands: int
    wins: int
    draws: int
    turns: float
    valued: bool = True
    group: int = -1
    """The index (in :attr:`Evaluation.choices`) of the first choice that leaves the same
    position, whose playouts this one shares (every wrong pile is corrected to the same pile
    and penalised alike); −1 when none does (a correct pile, a pile not valued)."""
    known: int = 0
    """The closed-stock cards the table has seen after this choice, which its playouts keep in
    their places (R13): a discard turned over, penalty cards named as they were given."""

    @property
    def correct(self) -> bool:
        return self.error is None

    @property
    def share(self) -> Share:
        """The mover's share of wins, with its 95 % interval."""
        return Share.of_(self.wins, self.hands)


@dataclass(frozen=True, slots=True)
class Difference:
    """``better`` against ``other`` over the same playouts: the difference of their win shares
    (``better``'s minus ``other``'s, −1 to 1) with its paired 95 % interval ``low``–``high``
    (Agresti and Min's adjusted Wald interval),
    the playouts only ``better`` won (``only_better``) and only ``other`` won
    (``only_other``), and the two-sided exact McNemar ``p`` value. ``real``: ``p`` below
    :data:`LEVEL`."""

    better: Dest
    other: Dest
    difference: float
    low: float
    high: float
    only_better: int
    only_other: int
    p: float

    @property
    def real(self) -> bool:
        return self.p < LEVEL


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The choices of one turn, valued: the ``mover``, the turned ``card`` (text, ``6H``),
    ``recycled`` (the mover turned their discard over first), the ``spec``, and ``choices``:
    the correct piles first (in the engine's order), then the wrong ones, each a
    :class:`ChoiceValue`. ``versus``: for every choice but the best correct one, how it
    compares with the best correct one (:class:`Difference`)."""

    mover: str
    card: str
    recycled: bool
    spec: EvalSpec
    choices: tuple[ChoiceValue, ...]
    versus: tuple[Difference, ...]

    @property
    def correct(self) -> tuple[ChoiceValue, ...]:
        return tuple(choice for choice in self.choices if choice.correct)

    @property
    def known(self) -> int:
        """The closed-stock cards the table has seen after a correct pile, kept in their places by
        its playouts (R13; the same for every correct pile: they differ only in where the card lies)."""
        return self.correct[0].known

    @property
    def best(self) -> ChoiceValue:
        """The correct choice with the most wins (the first in the engine's order on a tie)."""
        return max(self.correct, key=lambda choice: choice.wins)

    def groups(self) -> tuple[tuple[ChoiceValue, ...], ...]:
        """The choices as a table lists them: each correct pile alone, then the wrong piles that
        leave the same position together (under the source rules every wrong pile is corrected to
        the same pile with the same penalty: one group)."""
        wrong: dict[int, list[ChoiceValue]] = {}
        for index, choice in enumerate(self.choices):
            if not choice.correct:
                wrong.setdefault(choice.group if choice.group >= 0 else index, []).append(choice)
        return (*((choice,) for choice in self.correct), *(tuple(members) for members in wrong.values()))

    def against(self, dest: Dest) -> Difference | None:
        """How ``dest`` compares with the best correct choice (``None`` for the best itself)."""
        return next((found for found in self.versus if found.other == dest), None)

    @property
    def matters(self) -> bool | None:
        """Whether the choice among correct piles makes a real difference (``None``: there is
        only one correct pile)."""
        others = [self.against(choice.dest) for choice in self.correct if choice.dest != self.best.dest]
        if not others:
            return None
        return any(found is not None and found.real for found in others)


# ----- settling each choice -----------------------------------------------------------------
def starts(position: Position, rules: RuleOptions = STANDARD,
           seen: Seen | None = None) -> tuple[str, bool, tuple[Start, ...]]:
    """The mover's turned card (text), whether they recycled first, and every pile settled
    (:class:`Start`), the correct ones first. ``seen``: what the table has seen of the closed
    stocks of ``position`` (default: nothing, :meth:`Seen.nothing`). Raises :class:`ActionError`
    ``no-card`` when the mover has no card to turn (they pass: there is no choice), and
    :class:`PositionError` ``bad-field`` for a ``seen`` that does not fit the position."""
    seen = Seen.nothing(position) if seen is None else seen.check(position)
    turned = turn_up(position)
    card = turned.card
    if card is None:
        raise ActionError("no-card", player=position.mover)
    table = turned.position
    legal = legal_destinations(table, card, rules)
    seat = position.to_move
    caller = position.players[(seat + 1) % len(position.players)]
    order = [*legal.dests, *(dest for dest in all_destinations(table) if dest not in legal)]
    settled = []
    for dest in order:
        verdict = judge(table, card, dest, legal, rules)
        record = complete_turn(turned, dest, called=True, caller=caller if verdict.error else None, before=position,
                               legal=legal, verdict=verdict, rules=rules)
        settled.append(Start(dest, verdict.error, len(record.penalty), record.finished, record.after,
                             seen.after(position, record.events)))
    return str(card), turned.recycled, tuple(settled)


# ----- playouts -----------------------------------------------------------------------------
Unit = tuple[int, int, int]
"""A unit of work: ``(choice index, first playout, playout after the last)``."""
Played = tuple[list[int], int]
"""A unit's outcomes (:data:`WIN`, :data:`DRAW`, :data:`LOSS`, one per playout) and its turns."""


def deal_generator(seed: int, index: int) -> random.Random:
    """The generator that deals playout ``index`` anew (the same for every choice)."""
    return random.Random(f"{seed}:evaluate:{index}")


def playouts(after: Position, mover: int, spec: EvalSpec, start: int, stop: int, seen: Seen | None = None) -> Played:
    """Playouts ``start`` to ``stop - 1`` from ``after`` (the position a choice left); the
    outcome of each for the player at seat ``mover``, and the turns played. Each deals anew the
    closed-stock cards nobody has seen (``seen``; default: every one), the seen ones staying in
    their places beneath them (R13)."""
    seen = Seen.nothing(after) if seen is None else seen.check(after)
    base = Table.of(after)
    sizes = list(seen.unseen)
    # lean stocks list the top card last: a stock's unseen cards are its last ones
    kept = [stock[:len(stock) - size] for stock, size in zip(base.stocks, sizes, strict=True)]
    hidden = [card for stock, size in zip(base.stocks, sizes, strict=True) for card in stock[len(stock) - size:]]
    rules = spec.rules
    seats = [Seat(error_rate=spec.error_rate, alertness=spec.alertness)] * base.n
    outcomes: list[int] = []
    turns = 0
    for index in range(start, stop):
        dealer = deal_generator(spec.seed, index)
        cards = hidden[:]
        dealer.shuffle(cards)
        stocks, at = [], 0
        for below, size in zip(kept, sizes, strict=True):
            stocks.append(below + cards[at:at + size])
            at += size
        table = Table(stocks, [pile[:] for pile in base.discards], [pile[:] for pile in base.commons], base.to_move)
        done = play(table, seats, dealer, rules=rules, max_turns=spec.max_turns)
        turns += done.turns
        if done.winner is None:
            outcomes.append(DRAW)
        else:
            outcomes.append(WIN if (after.to_move + done.winner) % base.n == mover else LOSS)
    return outcomes, turns


def _play_unit(job: tuple[Position, int, EvalSpec, Seen], start: int, stop: int) -> Played:
    after, mover, spec, seen = job
    return playouts(after, mover, spec, start, stop, seen)


def evaluate(position: Position, spec: EvalSpec, *, seen: Seen | None = None, workers: int = 1,
             progress: Callable[[int, int], None] | None = None) -> Evaluation:
    """Value every choice of the mover's turned card in ``position`` (see the module's text).
    ``seen``: what the table has seen of its closed stocks (default: nothing; a caller that
    followed the hand, such as the position lab's line of play, knows more: R13);
    ``workers``: processes to play on (1: this one); ``progress(done, total)`` after each unit
    of work. Raises :class:`ActionError` ``no-card`` when the mover has no card to turn, and
    :class:`PositionError` ``bad-field`` for a ``seen`` that does not fit the position."""
    card, recycled, settled = starts(position, spec.rules, seen)
    mover = position.to_move
    # Choices that leave the same position (every wrong pile, corrected to the same pile and
    # penalised alike) are played once: playout i deals alike for all of them anyway.
    first_of: dict[tuple[Position, Seen], int] = {}
    same = {}
    for index, start in enumerate(settled):
        if not start.finished and (start.error is None or spec.wrong):
            same[index] = first_of.setdefault((start.after, start.seen), index)
    valued = sorted(set(same.values()))
    units: list[Unit] = [(index, first, min(first + CHUNK, spec.hands))
                         for index in valued for first in range(0, spec.hands, CHUNK)]
    found: dict[int, dict[int, Played]] = {index: {} for index in valued}

    def finished(unit: Unit, played: Played) -> None:
        found[unit[0]][unit[1]] = played
        if progress:
            progress(sum(len(parts) for parts in found.values()), len(units))

    jobs = [((settled[index].after, mover, spec, settled[index].seen), first, stop) for index, first, stop in units]
    run_units(_play_unit, jobs, units, workers, finished)
    outcomes: dict[int, list[int]] = {}
    choices = []
    for index, start in enumerate(settled):
        known = start.seen.seen_count(start.after)
        if start.finished:  # the mover wins outright: every playout is a win
            outcomes[index] = [WIN] * spec.hands
            choices.append(ChoiceValue(start.dest, start.error, start.penalty, True, spec.hands, spec.hands, 0, 0.0,
                                       known=known))
            continue
        if index not in same:
            choices.append(ChoiceValue(start.dest, start.error, start.penalty, False, 0, 0, 0, 0.0, valued=False,
                                       known=known))
            continue
        parts = [found[same[index]][first] for first in sorted(found[same[index]])]
        outcomes[index] = [outcome for part, _turns in parts for outcome in part]
        turns = sum(part_turns for _part, part_turns in parts)
        row = outcomes[index]
        shared = same[index] if start.error is not None else -1
        choices.append(ChoiceValue(start.dest, start.error, start.penalty, False, len(row), row.count(WIN),
                                   row.count(DRAW), turns / len(row), group=shared, known=known))
    best_index = max((index for index, choice in enumerate(choices) if choice.correct),
                     key=lambda index: choices[index].wins)
    versus = tuple(compare(choices[best_index].dest, outcomes[best_index], choices[index].dest, outcomes[index])
                   for index in outcomes if index != best_index)
    return Evaluation(position.mover, card, recycled, spec, tuple(choices), versus)


def compare(better: Dest, ours: Sequence[int], other: Dest, theirs: Sequence[int]) -> Difference:
    """``better`` against ``other`` over the same playouts (their outcomes, in playout order)."""
    from scipy.stats import binomtest  # imported when first needed: about 0.3 s

    n = len(ours)
    only_better = sum(1 for a, b in zip(ours, theirs, strict=True) if a == WIN and b != WIN)
    only_other = sum(1 for a, b in zip(ours, theirs, strict=True) if a != WIN and b == WIN)
    split = only_better + only_other
    p = float(binomtest(only_better, split, 0.5).pvalue) if split else 1.0
    difference = (only_better - only_other) / n
    # Agresti and Min's adjusted Wald interval for a difference of paired proportions (2005):
    # half a playout added to each of the four cells. Plain Wald collapses to a point when every
    # differing playout went one way; conditioning on how many differ (Wilson's, scaled) came out
    # far narrower than either pile's own interval (found by a trial).
    b, c, total = only_better + 0.5, only_other + 0.5, n + 2
    centre = (b - c) / total
    margin = 1.959964 * math.sqrt(max((b + c) - (b - c) ** 2 / total, 0.0)) / total
    return Difference(better, other, difference, max(-1.0, centre - margin), min(1.0, centre + margin), only_better,
                      only_other, p)


def as_json(evaluation: Evaluation) -> dict[str, object]:
    """The evaluation as plain data (``muggins explain --evaluate --json``, key ``evaluation``)."""
    spec = evaluation.spec

    def share(choice: ChoiceValue) -> dict[str, object] | None:
        if not choice.valued:
            return None
        found = choice.share
        return {"count": found.count, "of": found.of, "rate": found.rate, "low": found.low, "high": found.high}

    def difference(dest: Dest) -> dict[str, object] | None:
        found = evaluation.against(dest)
        if found is None:
            return None
        return {"difference": found.difference, "low": found.low, "high": found.high,
                "only_best": found.only_better, "only_this": found.only_other, "p": found.p, "real": found.real}

    return {
        "hands": spec.hands, "seed": spec.seed, "variant": spec.variant, "error_rate": spec.error_rate,
        "alertness": spec.alertness, "max_turns": spec.max_turns,
        "best": str(evaluation.best.dest), "matters": evaluation.matters,
        "choices": [{"dest": str(choice.dest), "correct": choice.correct,
                     "error": None if choice.error is None else str(choice.error), "penalty": choice.penalty,
                     "finished": choice.finished, "wins": share(choice),
                     "draws": choice.draws if choice.valued else None,
                     "turns": round(choice.turns, 2) if choice.valued else None,
                     "versus_best": difference(choice.dest)} for choice in evaluation.choices],
    }
