"""What the whole table has seen of the closed stocks (docs/rules.md §deal, §recycle, §muggins; this
app's ruling R13).

A closed stock is face down and nobody looks through it (§deal), but not every card in it is
unknown to the table. A discard turned over becomes a stock in an order everybody watched
being built: it is turned over without shuffling and nobody reorders it (§recycle). And this app
names every penalty card as it is given, so the table saw it go under the offender's stock, in
the place R5 gives it. R13 rules that such a card keeps its place as seen; only the cards dealt
into a stock that nobody has seen since are unknown.

Cards leave a stock only from the top (turned up, §turn; given, §muggins), seen cards join it
only at the bottom (a penalty card) or all at once when it is empty (a discard turned over), so
a stock is always some unseen cards on top of seen ones: :class:`Seen` holds, per seat, how
many cards on top of the stock nobody has seen. A position alone carries no history, so
:meth:`Seen.nothing` (every stock card unseen) is all it tells; :meth:`Seen.after` follows a
turn's events (:mod:`tutorial.engine.events`) from there.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .errors import PositionError
from .events import Event, PenaltyCard, Recycled, TurnedUp
from .position import Pile, Position


@dataclass(frozen=True, slots=True)
class Seen:
    """``unseen[seat]``: how many cards on top of that seat's closed stock nobody at the table has
    seen (the cards beneath them were seen going there, in their order). Raises
    :class:`PositionError` ``bad-field`` (``field="unseen"``) unless a tuple of 3 to 8 whole
    numbers ≥ 0; :meth:`check` checks it against a position."""

    unseen: tuple[int, ...]

    def __post_init__(self) -> None:
        if (type(self.unseen) is not tuple or not 3 <= len(self.unseen) <= 8
                or not all(type(count) is int and count >= 0 for count in self.unseen)):
            raise PositionError("bad-field", field="unseen")

    @classmethod
    def nothing(cls, position: Position) -> Seen:
        """Every card of every closed stock unseen: all a position without its history tells."""
        return cls(tuple(len(stock) for stock in position.stocks))

    def check(self, position: Position) -> Seen:
        """``self`` if it fits ``position`` (a count per seat, none above its stock's size); raises
        :class:`PositionError` ``bad-field`` (``field="unseen"``) otherwise."""
        if len(self.unseen) != len(position.players) or any(
                count > len(stock) for count, stock in zip(self.unseen, position.stocks, strict=True)):
            raise PositionError("bad-field", field="unseen")
        return self

    def hidden(self, position: Position, seat: int) -> Pile:
        """The cards of ``seat``'s stock that nobody has seen (top first)."""
        return position.stocks[seat][:self.unseen[seat]]

    def known(self, position: Position, seat: int) -> Pile:
        """The cards of ``seat``'s stock that the table has seen go there, in their order (top first)."""
        return position.stocks[seat][self.unseen[seat]:]

    def seen_count(self, position: Position) -> int:
        """How many stock cards of ``position`` the table has seen."""
        return sum(len(stock) for stock in position.stocks) - sum(self.unseen)

    def after(self, position: Position, events: Iterable[Event]) -> Seen:
        """What is seen after ``events``, played from ``position`` (where ``self`` applies; its
        seats name the events' players). A card turned up or given leaves from the top of a
        stock: an unseen one first, while there is one. A discard turned over is seen
        (§recycle), and so is a penalty card going under the offender's stock (R13): neither
        adds an unseen card."""
        unseen = list(self.unseen)
        for event in events:
            if isinstance(event, TurnedUp | PenaltyCard):
                seat = position.seat(event.player if isinstance(event, TurnedUp) else event.donor)
                unseen[seat] = max(0, unseen[seat] - 1)
            elif isinstance(event, Recycled):
                unseen[position.seat(event.player)] = 0  # the stock was empty: every card of it is seen
        return Seen(tuple(unseen))
