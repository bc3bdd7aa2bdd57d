"""Positions and destinations (docs/rules.md §deal, §priority, §recycle, R10).

A :class:`Position` is an immutable snapshot between turns: seats in
clockwise order, the player to move, every closed stock, every personal
discard and every common pile. Operations that change it return a new one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from .cards import Card
from .errors import PositionError
from .numbers import parse_count

Pile = tuple[Card, ...]


class Dest:
    """Where a turned card is placed: a :class:`Common` pile or a player's :class:`Discard`
    (the mover's own included). Small immutable values, compared and hashed by
    value; text form ``common:2`` / ``discard:B``, read back by :meth:`parse`.

    Match on the two shapes (``case Common(number)``, ``case Discard(player)``; the engine's
    hot paths write ``case Common():`` and read ``dest.number``, as a capture costs a
    ``__match_args__`` look-up on every call in Python 3.11);
    ``kind`` (``"common"``/``"discard"``) and ``target`` (the pile number or the
    player's name) are kept for older callers.
    """

    __slots__ = ()
    kind: ClassVar[str] = ""

    @property
    def target(self) -> int | str:
        raise NotImplementedError

    @staticmethod
    def common(number: int) -> Common:
        """The common pile ``number`` (1-based)."""
        return Common(number)

    @staticmethod
    def discard(name: str) -> Discard:
        """The personal discard of the player called ``name``."""
        return Discard(name)

    @staticmethod
    def parse(text: str) -> Dest:
        """Read ``common:N`` (N: 1 to 9 ASCII digits, N ≥ 1) or ``discard:NAME``.

        ``text`` must be a ``str``. Raises :class:`PositionError` with code
        ``bad-dest`` (``dest``: the text) on anything else.
        Whether the pile or player exists is checked by :meth:`Position.check_dest`.
        """
        if not isinstance(text, str):
            raise PositionError("bad-dest", dest=repr(text))
        kind, sep, target = text.partition(":")
        kind = kind.strip().lower()
        target = target.strip()
        number = parse_count(target) if kind == "common" else None
        if sep and number is not None and number >= 1:
            return Common(number)
        if sep and kind == "discard" and target:
            return Discard(target)
        raise PositionError("bad-dest", dest=text)

    def __str__(self) -> str:
        return f"{self.kind}:{self.target}"

    def _order(self) -> tuple[int, str]:
        match self:
            case Common(number):
                return 0, str(number).zfill(9)
            case Discard(player):
                return 1, player.zfill(9)
        raise PositionError("bad-dest", dest=repr(self))

    def __lt__(self, other: object) -> bool:
        """Common piles in number order, then discards by name (a stable order for lists)."""
        if not isinstance(other, Dest):
            return NotImplemented
        return self._order() < other._order()


@dataclass(frozen=True, slots=True)
class Common(Dest):
    """Common pile ``number`` (1-based)."""

    number: int
    kind: ClassVar[str] = "common"

    @property
    def target(self) -> int:
        return self.number

    def __str__(self) -> str:
        return f"common:{self.number}"


@dataclass(frozen=True, slots=True)
class Discard(Dest):
    """The personal discard of ``player``."""

    player: str
    kind: ClassVar[str] = "discard"

    @property
    def target(self) -> str:
        return self.player

    def __str__(self) -> str:
        return f"discard:{self.player}"


_CLOCKWISE: dict[tuple[int, int], tuple[int, ...]] = {
    (n, seat): tuple((seat + step) % n for step in range(1, n)) for n in range(1, 8) for seat in range(n)
}


class Position(NamedTuple):
    """An immutable game position.

    - ``players``: names in clockwise seating order (3–7, unique).
    - ``to_move``: seat index (0-based) of the player whose turn comes next.
    - ``commons``: common piles 1..k, each bottom to top, never empty.
    - ``stocks``: closed stocks by seat, each **top card first**.
    - ``discards``: personal discards by seat, each **bottom to top**.

    Build with :meth:`build` (checked) or :func:`tutorial.engine.posfile.load`.
    (A named tuple: cheap to copy, hashable, compared field by field.)
    """

    players: tuple[str, ...]
    to_move: int
    commons: tuple[Pile, ...]
    stocks: tuple[Pile, ...]
    discards: tuple[Pile, ...]

    # ----- construction -------------------------------------------------
    @classmethod
    def build(
        cls,
        players: list[str] | tuple[str, ...],
        to_move: str,
        commons: list[list[Card]],
        stocks: dict[str, list[Card]] | None = None,
        discards: dict[str, list[Card]] | None = None,
    ) -> Position:
        """Make a checked position from names and card lists.

        ``stocks`` and ``discards`` map owner names to their piles (missing
        owners have empty piles). Raises :class:`PositionError` with code
        ``player-count`` (not 3–7), ``duplicate-player``, ``unknown-player``
        (``to_move`` or a pile owner not seated), ``no-commons``,
        ``empty-common`` or ``duplicate-card`` (R10; the second copy met in the
        order commons, stocks, discards). Each carries ``at``, the key path
        of the offending value in the position-file layout (e.g.
        ``("discards", "B", 0)``, ``("commons", 2)``).
        """
        players = tuple(players)
        if not 3 <= len(players) <= 7:
            raise PositionError("player-count", count=len(players), at=("players",))
        seen: set[str] = set()
        for number, name in enumerate(players):
            if name in seen:
                raise PositionError("duplicate-player", player=name, at=("players", number))
            seen.add(name)
        index = {name: i for i, name in enumerate(players)}
        if to_move not in index:
            raise PositionError("unknown-player", player=to_move, at=("to_move",))
        if not commons:
            raise PositionError("no-commons", at=("commons",))
        for number, pile in enumerate(commons, start=1):
            if not pile:
                raise PositionError("empty-common", pile=number, at=("commons", number - 1))
        stocks = stocks or {}
        discards = discards or {}
        for group, piles in (("stocks", stocks), ("discards", discards)):
            for owner in piles:
                if owner not in index:
                    raise PositionError("unknown-player", player=owner, at=(group, owner))
        placed: set[Card] = set()
        located: list[tuple[tuple[str, int | str], list[Card]]] = [
            (("commons", number), pile) for number, pile in enumerate(commons)]
        located += [(("stocks", owner), pile) for owner, pile in stocks.items()]
        located += [(("discards", owner), pile) for owner, pile in discards.items()]
        for where, pile in located:
            for number, card in enumerate(pile):
                if card in placed:
                    raise PositionError("duplicate-card", card=str(card), at=where + (number,))
                placed.add(card)
        return cls(
            players=players,
            to_move=index[to_move],
            commons=tuple(tuple(pile) for pile in commons),
            stocks=tuple(tuple(stocks.get(name, ())) for name in players),
            discards=tuple(tuple(discards.get(name, ())) for name in players),
        )

    # ----- reading ------------------------------------------------------
    @property
    def mover(self) -> str:
        """Name of the player to move."""
        return self.players[self.to_move]

    def seat(self, name: str) -> int:
        """Seat index of ``name``; raises :class:`PositionError` ``unknown-player``."""
        try:
            return self.players.index(name)
        except ValueError:
            raise PositionError("unknown-player", player=name) from None

    def stock_of(self, name: str) -> Pile:
        """Closed stock of ``name``, top card first."""
        return self.stocks[self.seat(name)]

    def discard_of(self, name: str) -> Pile:
        """Personal discard of ``name``, bottom to top."""
        return self.discards[self.seat(name)]

    def top(self, dest: Dest) -> Card | None:
        """Visible top card of a common pile or discard; ``None`` for an empty discard."""
        match dest:
            case Common():
                return self.commons[dest.number - 1][-1]
            case Discard():
                pile = self.discards[self.seat(dest.player)]
                return pile[-1] if pile else None
        raise PositionError("bad-dest", dest=repr(dest))

    def card_count(self, seat: int) -> int:
        """Cards the player at ``seat`` holds: stock plus discard."""
        return len(self.stocks[seat]) + len(self.discards[seat])

    def has_cards(self, seat: int) -> bool:
        """True when the player at ``seat`` still holds a card (R2, R6)."""
        return bool(self.stocks[seat] or self.discards[seat])

    def all_cards(self) -> Iterator[Card]:
        """Every card in the position: commons, then stocks, then discards."""
        for group in (self.commons, self.stocks, self.discards):
            for pile in group:
                yield from pile

    def opponents_clockwise(self, seat: int | None = None) -> tuple[int, ...]:
        """Seats of the other players, starting at the left of ``seat`` (default: the mover)."""
        seat = self.to_move if seat is None else seat
        n = len(self.players)
        found = _CLOCKWISE.get((n, seat))
        return found if found is not None else tuple((seat + step) % n for step in range(1, n))

    def check_dest(self, dest: Dest) -> Dest:
        """Return ``dest`` if it names an existing pile or player.

        Raises :class:`PositionError` ``bad-dest`` (pile number out of range) or
        ``unknown-player``.
        """
        match dest:
            case Common() if 1 <= dest.number <= len(self.commons):
                return dest
            case Common():
                raise PositionError("bad-dest", dest=str(dest))
            case Discard():
                self.seat(dest.player)
                return dest
        raise PositionError("bad-dest", dest=repr(dest))

    def key(self) -> tuple[int, tuple[Pile, ...], tuple[Pile, ...], tuple[Pile, ...]]:
        """A hashable key for the whole position (every pile and the mover), for R7 repetition."""
        return (self.to_move, self.commons, self.stocks, self.discards)

    # ----- changing -----------------------------------------------------
    def replace(self, *, to_move: int | None = None, commons: tuple[Pile, ...] | None = None,
                stocks: tuple[Pile, ...] | None = None, discards: tuple[Pile, ...] | None = None) -> Position:
        """A copy with some fields replaced (no checks)."""
        return Position(
            self.players,
            self.to_move if to_move is None else to_move,
            self.commons if commons is None else commons,
            self.stocks if stocks is None else stocks,
            self.discards if discards is None else discards,
        )

    def __str__(self) -> str:
        lines = []
        for number, pile in enumerate(self.commons, start=1):
            lines.append(f"common:{number} {' '.join(map(str, pile))}")
        for seat, name in enumerate(self.players):
            marker = "*" if seat == self.to_move else " "
            stock = " ".join(map(str, self.stocks[seat])) or "-"
            discard = " ".join(map(str, self.discards[seat])) or "-"
            lines.append(f"{marker}{name}: stock[{stock}] discard[{discard}]")
        return "\n".join(lines)
