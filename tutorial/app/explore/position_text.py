"""A position's text, plain Python: packed for a page address and back (with limits), and edited
card by card (a top card moved, players seated or unseated). Used by the position lab's screen
model (:mod:`tutorial.app.explore.model_position`) and the command line's tests."""

from __future__ import annotations

import base64
import zlib
from collections.abc import Sequence

from tutorial.engine.cards import Card
from tutorial.engine.errors import PositionError
from tutorial.engine.position import Common, Dest, Discard, Position

MAX_LINK = 6000
"""The longest ``pos=`` value read from an address (characters)."""
MAX_TEXT = 32_000
"""The longest position text the lab reads (bytes: a full 52-card position takes under 2,000;
parsing megabytes of cards would hold the server for seconds on every run)."""

# ----- the text: packed for links ---------------------------------------------------------
def link_value(text: str) -> str:
    """The position text packed for an address (zlib, then base64url)."""
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def from_link(value: str | None) -> str | None:
    """The position text a ``pos=`` value carries, or ``None`` when it is not one (too
    long, not base64url, not zlib, or unpacking to more than a position file may hold)."""
    if not value or len(value) > MAX_LINK:
        return None
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        unpack = zlib.decompressobj()
        text = unpack.decompress(raw, MAX_TEXT)
        if unpack.unconsumed_tail or unpack.unused_data or not unpack.eof:
            return None
        return text.decode("utf-8")
    except (ValueError, zlib.error, UnicodeDecodeError):
        return None


def text_token(text: str) -> str:
    """A short name of a position text (what a click on the lab's table was made on)."""
    return f"{zlib.crc32(text.encode('utf-8')):08x}"


# ----- editing a position --------------------------------------------------------------------
def move_card(position: Position, source: str, target: str) -> Position:
    """Move the top card of ``source`` to the top of ``target`` (``stock:NAME`` — a stock's
    top is its first card —, ``discard:NAME``, ``common:N``). Raises :class:`PositionError`
    ``bad-dest`` when ``source`` has no card to give or a common pile would be emptied."""
    stocks = [list(pile) for pile in position.stocks]
    discards = [list(pile) for pile in position.discards]
    commons = [list(pile) for pile in position.commons]

    def pile_of(text: str) -> tuple[list[Card], bool]:
        kind, _sep, owner = text.partition(":")
        if kind == "stock":
            return stocks[position.seat(owner)], True
        match position.check_dest(Dest.parse(text)):
            case Common(number=number):
                return commons[number - 1], False
            case Discard(player=player):
                return discards[position.seat(player)], False
        raise PositionError("bad-dest", dest=text)  # pragma: no cover - Dest.parse gives only these

    take, top_first = pile_of(source)
    if not take or (source.startswith("common:") and len(take) < 2):
        raise PositionError("bad-dest", dest=source)
    card = take.pop(0) if top_first else take.pop()
    put, put_top_first = pile_of(target)
    if put_top_first:
        put.insert(0, card)
    else:
        put.append(card)
    return Position.build(position.players, position.mover, commons,
                          dict(zip(position.players, stocks, strict=True)),
                          dict(zip(position.players, discards, strict=True)))


def seated(position: Position, players: Sequence[str], mover: str) -> Position:
    """``position`` with these ``players`` (a newcomer's piles empty, a leaver's cards gone)
    and ``mover`` to move; raises :class:`PositionError` (``player-count``…) as
    :meth:`Position.build` does."""
    return Position.build(list(players), mover, [list(pile) for pile in position.commons],
                          {n: list(position.stock_of(n)) for n in players if n in position.players},
                          {n: list(position.discard_of(n)) for n in players if n in position.players})


def piles_with_cards(position: Position) -> list[str]:
    """The piles an edit can take a top card from (``stock:NAME``, ``discard:NAME``, ``common:N``;
    a common pile only while it keeps a card)."""
    found = [f"stock:{name}" for name, stock in zip(position.players, position.stocks, strict=True) if stock]
    found += [f"discard:{name}" for name, pile in zip(position.players, position.discards, strict=True) if pile]
    found += [f"common:{number}" for number, pile in enumerate(position.commons, start=1) if len(pile) > 1]
    return found


def every_pile(position: Position) -> list[str]:
    """Every pile an edit can put a card on: stocks, then discards, then common piles."""
    return ([f"stock:{n}" for n in position.players] + [f"discard:{n}" for n in position.players]
            + [f"common:{k}" for k in range(1, len(position.commons) + 1)])
