"""What a table shows, as a list of items placed by the layout: every common pile,
every player's closed stock and discard, the turned card, the players' names,
the marks on piles and the arrows of what just happened.

Both the browser view (tutorial/app/shell/table.py) and the Pillow picture
(:mod:`tutorial.draw.picture`) draw these same items, so the two always agree.
Words (names, “you”, “to move”) come in already translated: nothing here needs
a language.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..engine.cards import Card
from ..engine.position import Common, Dest, Discard, Position
from .layout import WIDE, Box, TableLayout, layout

PLACED, LEGAL, WRONG, RIGHT = "placed", "legal", "wrong", "right"
"""Marks on a pile: where a card just went, a correct destination (hints), the pile
chosen wrongly, the pile it had to go on."""


@dataclass(frozen=True)
class Arrow:
    """A card's move drawn as an arrow: ``start`` and ``end`` are places — a destination, or
    ``("stock", player)`` / ``("turned", player)``; ``kind``: ``move`` (a placement or a
    correction) or ``gift`` (a penalty card)."""

    start: Dest | tuple[str, str]
    end: Dest | tuple[str, str]
    kind: str = "move"


@dataclass(frozen=True)
class TableScene:
    """What to draw.

    - ``position``: the piles (a turned card is not in it); ``turned``: the card in the
      mover's hand, drawn at the mover's seat.
    - ``bottom``: the seat drawn at the bottom (the learner's, else the mover's).
    - ``labels``: the text under or over each seat (already in the learner's language).
    - ``marks``: piles to mark, with :data:`PLACED`, :data:`LEGAL`, :data:`WRONG` or :data:`RIGHT`.
    - ``arrows``: what just happened; ``dealer``: the dealer's seat (marked);
      ``mover``: whose turn it is (marked), or ``None``.
    """

    position: Position
    bottom: int = 0
    labels: dict[int, str] = field(default_factory=dict)
    turned: Card | None = None
    marks: dict[Dest, str] = field(default_factory=dict)
    arrows: tuple[Arrow, ...] = ()
    dealer: int | None = None
    mover: int | None = None


@dataclass(frozen=True)
class Item:
    """One thing on the table: ``kind`` (``common``, ``discard``, ``stock``, ``turned`` or
    ``label``), its ``box``, the face ``card`` shown (``None``: an empty place, or a back
    for a stock), ``count`` (cards in the pile), the ``dest`` a click on it means,
    its ``mark``, the ``seat`` it belongs to and the ``text`` of a label."""

    kind: str
    box: Box
    card: Card | None = None
    count: int | None = None
    dest: Dest | None = None
    mark: str | None = None
    seat: int | None = None
    text: str = ""


def scene_layout(scene: TableScene, shape: str = WIDE) -> TableLayout:
    """The layout of ``scene`` in ``shape``."""
    position = scene.position
    return layout(len(position.players), len(position.commons), scene.bottom, shape)


def items(scene: TableScene, places: TableLayout) -> list[Item]:
    """Every item of ``scene`` placed by ``places``, back to front."""
    position = scene.position
    out: list[Item] = []
    for number, (pile, box) in enumerate(zip(position.commons, places.commons, strict=True), start=1):
        common = Common(number)
        out.append(Item("common", box, pile[-1], len(pile), common, scene.marks.get(common)))
    for seat_places in places.seats:
        seat = seat_places.seat
        name = position.players[seat]
        stock, discard = position.stocks[seat], position.discards[seat]
        out.append(Item("stock", seat_places.stock, None, len(stock), None, None, seat))
        dest = Discard(name)
        out.append(Item("discard", seat_places.discard, discard[-1] if discard else None, len(discard), dest,
                        scene.marks.get(dest), seat))
        out.append(Item("label", seat_places.label, seat=seat, text=scene.labels.get(seat, name),
                        mark="mover" if seat == scene.mover else ("dealer" if seat == scene.dealer else None)))
    if scene.turned is not None:
        out.append(Item("turned", places.seat(position.to_move).turned, scene.turned, seat=position.to_move))
    return out


def place_box(place: Dest | tuple[str, str], scene: TableScene, places: TableLayout) -> Box:
    """The box of a place named in an :class:`Arrow`."""
    position = scene.position
    if isinstance(place, Common):
        return places.commons[place.number - 1]
    if isinstance(place, Discard):
        return places.seat(position.seat(place.player)).discard
    assert isinstance(place, tuple)
    kind, player = place
    seat = places.seat(position.seat(player))
    return seat.turned if kind == "turned" else seat.stock


def arrows_for(events: Iterable[object]) -> tuple[Arrow, ...]:
    """The arrows of what happened in ``events`` (a turn's :mod:`tutorial.engine.events`):
    the placement (turned card → pile), the correction (wrong pile → right pile), each
    penalty card (donor's stock → offender's stock, ``gift``) and any discard turned
    over to make a new stock (``recycle``)."""
    from ..engine import events as ev

    out: list[Arrow] = []
    for event in events:
        if isinstance(event, ev.Placed):
            out.append(Arrow(("turned", event.player), event.dest))
        elif isinstance(event, ev.Corrected):
            out.append(Arrow(event.wrong, event.right))
        elif isinstance(event, ev.PenaltyCard):
            out.append(Arrow(("stock", event.donor), ("stock", event.offender), "gift"))
        elif isinstance(event, ev.Recycled):
            out.append(Arrow(Discard(event.player), ("stock", event.player), "recycle"))
    return tuple(out)


def clockwise_arc(places: TableLayout, steps: int = 16) -> list[tuple[float, float]]:
    """Points (fractions of the picture) of the arc drawn inside the felt to show that
    play passes clockwise: from below the middle round to the left, ending in an arrowhead."""
    import math

    felt = places.felt
    rx, ry = felt.w * 0.36, felt.h * 0.33
    start, end = math.radians(100), math.radians(160)
    return [(felt.x + rx * math.cos(start + (end - start) * i / steps), felt.y + ry * math.sin(start + (end - start) * i / steps))
            for i in range(steps + 1)]
