"""Simulated hands played by the teaching engine, with every turn recorded (docs/rules.md
§turn, §priority, §muggins, §finish, R4, R7, R11).

This is the slow, fully recorded path: the position lab steps through its records, and
the tests check that the lean path (:mod:`tutorial.explore.lean`) gives the very same
:class:`~tutorial.explore.summary.HandSummary` for the same deal, players and seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..engine.bots import all_destinations
from ..engine.errors import PositionError
from ..engine.events import Recycled
from ..engine.hand import Hand
from ..engine.playout import DEFAULT_MAX_TURNS, DRAW
from ..engine.playout import REPETITION as REPETITION_ID
from ..engine.position import Common, Dest, Discard, Position
from ..engine.variants import STANDARD, RuleOptions
from .players import R8, Policy, Seat, choose
from .summary import FINISHED, REPETITION, TURN_LIMIT, HandSummary


def _plain(position: Position, dest: Dest) -> int:
    """``dest`` as the rules kernel's int (:mod:`tutorial.engine.kernel`)."""
    match dest:
        case Common(number):
            return number - 1
        case Discard(player):
            return ~position.seat(player)
    raise PositionError("bad-dest", dest=repr(dest))


def _unseen(position: Position, rank: int) -> list[int]:
    """Per rank, the cards not face up (commons, discards) and not the turned card."""
    shown = Counter(card.rank for pile in (*position.commons, *position.discards) for card in pile)
    shown[rank] += 1
    return [0] + [4 - shown[r] for r in range(1, 14)]


def play_hand(start: Position, seats: Sequence[Seat] | None = None, rng: random.Random | None = None, *,
              rules: RuleOptions = STANDARD, max_turns: int | None = DEFAULT_MAX_TURNS) -> tuple[Hand, HandSummary]:
    """Play ``start`` to its end with the teaching engine.

    ``seats``: one :class:`Seat` per player, in seat order (default: all R8);
    ``rng``: the generator every chance comes from (needed when a seat can err or
    choose at random). Each turn: the mover's seat may err (``error_rate``: a wrong pile
    at random), else picks among the correct destinations (:func:`choose`); after an
    error the other players, clockwise from the offender's left, call it in turn with
    chance ``alertness`` (the first who calls is the caller); an uncalled error on the
    last card is caught by the finish check (R11); corrections go to the lowest
    correct pile (R4). Returns the finished :class:`Hand` (every turn's record) and its
    summary; seats in the summary count from ``start``'s player to move.
    """
    seats = tuple(seats) if seats is not None else (R8,) * len(start.players)
    rng = rng if rng is not None else random.Random(0)
    hand = Hand(start, max_turns=max_turns, rules=rules)
    choices = errors = 0
    first = start.to_move
    n = len(start.players)
    while not hand.over:
        turned = hand.turn_up()
        if turned is None or turned.card is None:
            continue
        position, card = turned.position, turned.card
        seat = seats[position.to_move]
        legal = hand.legal()
        dest = None
        if len(legal.dests) > 1:
            choices += 1
        if seat.error_rate and rng.random() < seat.error_rate:
            wrong = [d for d in all_destinations(position) if d not in legal.dests]
            if wrong:
                dest = rng.choice(wrong)
        if dest is None:
            plain = [_plain(position, d) for d in legal.dests]
            unseen = _unseen(position, card.rank) if seat.policy is Policy.LOOKAHEAD else None
            index = choose(seat, plain, rng, mover=position.to_move, card_rank=card.rank,
                           common_tops=[pile[-1].rank for pile in position.commons], unseen=unseen,
                           holdings=[position.card_count(s) for s in range(n)], rules=rules)
            dest = legal.dests[index]
        verdict = hand.judge(dest)
        caller = None
        if not verdict.ok:
            errors += 1
            for other in position.opponents_clockwise():
                alertness = seats[other].alertness
                if alertness >= 1.0 or rng.random() < alertness:
                    caller = position.players[other]
                    break
        hand.play(dest, called=caller is not None, caller=caller)
    outcome = hand.outcome
    assert outcome is not None
    if outcome.result == DRAW:
        reason, winner = (REPETITION if outcome.reason == REPETITION_ID else TURN_LIMIT), None
    else:
        reason, winner = FINISHED, (start.players.index(outcome.winner) - first) % n if outcome.winner else None
    records = hand.records
    summary = HandSummary(
        reason=reason, winner=winner, turns=outcome.turns, choices=choices,
        recycles=sum(isinstance(event, Recycled) for record in records for event in record.events),
        errors=errors, calls=sum(record.called for record in records),
        penalty_cards=sum(len(record.penalty) for record in records))
    return hand, summary
