"""What happened, as a log of small events (docs/rules.md §turn, §recycle, §muggins, §finish, R7).

Every change to a position during a turn is one event, in the order it
happened, and :func:`apply` replays an event on a position. So a turn's
events, applied one by one to the position at its start, give every
intermediate position and end exactly at its result: explanations, hand
logs, walk-throughs, drawings and tallies all read these events instead of
simulating again. Events carry codes and data, never sentences.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .cards import Card
from .errors import PositionError
from .position import Common, Dest, Discard, Pile, Position


@dataclass(frozen=True, slots=True)
class Recycled:
    """``player``'s closed stock was empty, so their discard was turned over, unshuffled,
    as the new stock (§recycle): on their turn, or as a donor (``for_penalty``)."""

    player: str
    for_penalty: bool = False


@dataclass(frozen=True, slots=True)
class TurnedUp:
    """``player`` turned up ``card``, the top of their closed stock (§turn)."""

    player: str
    card: Card


@dataclass(frozen=True, slots=True)
class Placed:
    """``player`` put ``card`` on ``dest``; ``error`` is the §muggins error id or ``None``."""

    player: str
    card: Card
    dest: Dest
    error: str | None


@dataclass(frozen=True, slots=True)
class Called:
    """“Muggins!” on ``offender``'s placement: by ``caller`` (a player, ``None`` when not
    known), or by the finish check of R11 (``finish_check``)."""

    offender: str
    caller: str | None
    finish_check: bool = False


@dataclass(frozen=True, slots=True)
class Corrected:
    """``card`` was moved from ``wrong`` to ``right``, where it had to go (§muggins, R4)."""

    player: str
    card: Card
    wrong: Dest
    right: Dest


@dataclass(frozen=True, slots=True)
class PenaltyCard:
    """``donor`` gave ``offender`` ``card``, the top of the donor's closed stock; it went
    under the offender's closed stock (§muggins, R5)."""

    donor: str
    offender: str
    card: Card


@dataclass(frozen=True, slots=True)
class NoPenaltyCard:
    """``donor`` had no cards and gave ``offender`` nothing (R6)."""

    donor: str
    offender: str


@dataclass(frozen=True, slots=True)
class Passed:
    """``player`` had no cards and passed (R2)."""

    player: str


@dataclass(frozen=True, slots=True)
class Finished:
    """``player`` placed their last card correctly and won the hand (§finish)."""

    player: str


@dataclass(frozen=True, slots=True)
class NextPlayer:
    """The turn passed to ``player``, on the left (§turn)."""

    player: str


@dataclass(frozen=True, slots=True)
class Drawn:
    """The hand was drawn (R7): ``reason`` is ``repetition`` or ``turn-limit``, after ``turns`` turns."""

    reason: str
    turns: int


Event = (Recycled | TurnedUp | Placed | Called | Corrected | PenaltyCard | NoPenaltyCard | Passed | Finished
         | NextPlayer | Drawn)
"""Any one event."""


def _with_pile(piles: tuple[Pile, ...], index: int, pile: Pile) -> tuple[Pile, ...]:
    return piles[:index] + (pile,) + piles[index + 1:]


def apply(position: Position, event: Event) -> Position:
    """The position after ``event`` (a turned-up card is in the mover's hand, in no pile).

    Raises ``ValueError`` when the event cannot happen in ``position`` (a card
    that is not where the event says).
    """
    if isinstance(event, Recycled):
        seat = position.seat(event.player)
        if position.stocks[seat]:
            raise ValueError("recycle with a closed stock")
        return position.replace(stocks=_with_pile(position.stocks, seat, position.discards[seat]),
                                discards=_with_pile(position.discards, seat, ()))
    if isinstance(event, TurnedUp):
        seat = position.seat(event.player)
        stock = position.stocks[seat]
        if not stock or stock[0] != event.card:
            raise ValueError(f"{event.card} is not the top of {event.player}'s closed stock")
        return position.replace(stocks=_with_pile(position.stocks, seat, stock[1:]))
    if isinstance(event, Placed):
        return _put(position, event.card, event.dest)
    if isinstance(event, Corrected):
        return _put(_take(position, event.card, event.wrong), event.card, event.right)
    if isinstance(event, PenaltyCard):
        donor, offender = position.seat(event.donor), position.seat(event.offender)
        stock = position.stocks[donor]
        if not stock or stock[0] != event.card:
            raise ValueError(f"{event.card} is not the top of {event.donor}'s closed stock")
        stocks = _with_pile(position.stocks, donor, stock[1:])
        return position.replace(stocks=_with_pile(stocks, offender, stocks[offender] + (event.card,)))
    if isinstance(event, (NextPlayer,)):
        return position.replace(to_move=position.seat(event.player))
    if isinstance(event, Passed):
        return position.replace(to_move=(position.seat(event.player) + 1) % len(position.players))
    return position  # Called, NoPenaltyCard, Finished, Drawn change no pile


def positions(start: Position, events: Iterable[Event]) -> Iterator[tuple[Event, Position]]:
    """Each event with the position just after it, starting from ``start``."""
    position = start
    for event in events:
        position = apply(position, event)
        yield event, position


def _put(position: Position, card: Card, dest: Dest) -> Position:
    match dest:
        case Common():
            index = dest.number - 1
            return position.replace(commons=_with_pile(position.commons, index, position.commons[index] + (card,)))
        case Discard():
            seat = position.seat(dest.player)
            return position.replace(discards=_with_pile(position.discards, seat, position.discards[seat] + (card,)))
    raise PositionError("bad-dest", dest=repr(dest))


def _take(position: Position, card: Card, dest: Dest) -> Position:
    if position.top(dest) != card:
        raise ValueError(f"{card} is not on top of {dest}")
    match dest:
        case Common():
            index = dest.number - 1
            return position.replace(commons=_with_pile(position.commons, index, position.commons[index][:-1]))
        case Discard():
            seat = position.seat(dest.player)
            return position.replace(discards=_with_pile(position.discards, seat, position.discards[seat][:-1]))
    raise PositionError("bad-dest", dest=repr(dest))
