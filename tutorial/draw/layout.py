"""Where everything sits on the drawn table: seats round an oval in clockwise order with
the learner (or the mover) at the bottom, the common piles in the middle.

Play passes clockwise, to the left. Seen from above with the learner at the bottom
of the picture, clockwise runs bottom → left → top → right: so the learner's
left-hand neighbour is drawn on the learner's left, as at a real table. All
places are fractions of the picture's width and height (0–1), so the same
layout serves the browser (any size) and the Pillow picture. Two shapes: a wide
one for screens in landscape and a tall one for phones.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

WIDE, TALL = "wide", "tall"
SHAPES = {WIDE: (1000, 640), TALL: (600, 900)}
"""Each shape's picture size in logical pixels (width, height)."""
CARD_ASPECT = 1.4


@dataclass(frozen=True)
class Box:
    """A rectangle by its centre and size, in fractions of the picture."""

    x: float
    y: float
    w: float
    h: float

    @property
    def left(self) -> float:
        return self.x - self.w / 2

    @property
    def top(self) -> float:
        return self.y - self.h / 2


@dataclass(frozen=True)
class SeatPlaces:
    """One seat: ``seat`` (index in the position), where its ``stock``, ``discard`` and
    name ``label`` go, and ``turned``: where a card this player turns up is shown."""

    seat: int
    stock: Box
    discard: Box
    label: Box
    turned: Box


@dataclass(frozen=True)
class TableLayout:
    """The places for a table of ``players`` seats and ``commons`` common piles in ``shape``."""

    shape: str
    width: int
    height: int
    card: tuple[float, float]
    seats: tuple[SeatPlaces, ...]
    commons: tuple[Box, ...]
    felt: Box

    def seat(self, index: int) -> SeatPlaces:
        """The places of the seat with position index ``index``."""
        return next(places for places in self.seats if places.seat == index)


def card_width(shape: str, players: int) -> float:
    """The card width in logical pixels: smaller cards for bigger tables, but only a little
    (seven players' cards are 86 % of four players' on the wide shape, 94 % on the tall
    one), so that on a 390×844 phone and a 1366×800 laptop every pile is a target at least
    44 CSS pixels wide (WCAG 2.5.5); tests/test_draw.py checks that nothing overlaps."""
    if shape == WIDE:
        return 92 * (1.0 if players <= 4 else 0.92 if players <= 6 else 0.86)
    return 84 * (1.0 if players <= 4 else 0.95 if players <= 6 else 0.94)


@lru_cache(maxsize=256)
def layout(players: int, commons: int, bottom: int = 0, shape: str = WIDE) -> TableLayout:
    """The layout for ``players`` seats (3–7) and ``commons`` common piles, with seat
    ``bottom`` at the bottom of the picture and the others clockwise from its left.

    Raises ``ValueError`` for an unknown ``shape``. Computed once per size and seat (the
    result is immutable), not on every rerun."""
    if shape not in SHAPES:
        raise ValueError(f"unknown shape {shape!r}")
    width, height = SHAPES[shape]
    cw = card_width(shape, players)
    ch = cw * CARD_ASPECT
    cx, cy = width / 2, height / 2
    gap = cw * 0.12
    margin_x, margin_y = cw + gap / 2 + 8, ch / 2 + 38  # room for both cards and a name line
    rx, ry = cx - margin_x, cy - margin_y
    felt = Box(0.5, 0.5, (2 * rx + cw * 0.2) / width, (2 * ry + ch * 0.1) / height)
    piles = _commons(commons, shape, cx, cy, cw, ch, width, height)
    placed = []
    for step in range(players):
        seat = (bottom + step) % players
        angle = math.pi / 2 + step * 2 * math.pi / players  # screen angles: y grows downwards
        sx, sy = cx + rx * math.cos(angle), cy + ry * math.sin(angle)
        stock = _inside(Box((sx - cw / 2 - gap / 2) / width, sy / height, cw / width, ch / height))
        discard = _inside(Box((sx + cw / 2 + gap / 2) / width, sy / height, cw / width, ch / height))
        below = math.sin(angle) > 0.2  # seats in the lower half carry their name below the cards
        label_y = sy + (ch / 2 + 17) * (1 if below else -1)
        label = _inside(Box(sx / width, label_y / height, (2.8 * cw + gap) / width, 28 / height))  # room for “A · your turn”
        placed.append((seat, sx, sy, stock, discard, label))
    cards = list(piles) + [box for *_rest, stock, discard, _label in placed for box in (stock, discard)]
    seats = []
    for seat, sx, sy, stock, discard, label in placed:
        turned = _turned_place(sx, sy, cx, cy, cw, ch, width, height, cards)
        seats.append(SeatPlaces(seat, stock, discard, label, turned))
    return TableLayout(shape, width, height, (cw / width, ch / height), tuple(seats), piles, felt)


def _turned_place(sx: float, sy: float, cx: float, cy: float, cw: float, ch: float, width: int, height: int,
                  cards: list[Box]) -> Box:
    """Where a card turned up at the seat at (``sx``, ``sy``) is shown: towards the middle of
    the table as far as it goes without covering a card, else just above or below the seat."""
    dx, dy = cx - sx, cy - sy
    norm = math.hypot(dx, dy) or 1.0
    reach = abs(dx / norm) * (cw * 1.75) + abs(dy / norm) * (ch * 1.08)
    candidates = []
    while reach > cw * 0.55:
        candidates.append((sx + dx / norm * reach, sy + dy / norm * reach))
        reach -= cw * 0.1
    towards_middle = 1 if sy <= cy else -1
    candidates += [(sx, sy + ch * 1.12 * towards_middle), (sx, sy - ch * 1.12 * towards_middle),
                   (sx + cw * 2.2 * (1 if sx <= cx else -1), sy)]
    for x, y in candidates:
        box = _inside(Box(x / width, y / height, cw / width, ch / height))
        if not any(_overlaps(box, card) for card in cards):
            return box
    return _inside(Box(candidates[0][0] / width, candidates[0][1] / height, cw / width, ch / height))


def _commons(count: int, shape: str, cx: float, cy: float, cw: float, ch: float, width: int, height: int) -> tuple[Box, ...]:
    """The common piles in the middle: one row on a wide table; on a tall one, rows of two."""
    per_row = count if shape == WIDE or count <= 2 else 2
    rows = math.ceil(count / per_row)
    boxes = []
    for number in range(count):
        row, column = divmod(number, per_row)
        in_row = min(per_row, count - row * per_row)
        x = cx + (column - (in_row - 1) / 2) * cw * 1.18
        y = cy + (row - (rows - 1) / 2) * ch * 1.1
        boxes.append(Box(x / width, y / height, cw / width, ch / height))
    return tuple(boxes)


def _overlaps(a: Box, b: Box | None) -> bool:
    return b is not None and a.left < b.left + b.w and b.left < a.left + a.w and a.top < b.top + b.h and b.top < a.top + a.h


def _inside(box: Box) -> Box:
    """``box`` moved, if need be, to lie wholly inside the picture."""
    x = min(max(box.x, box.w / 2 + 0.005), 1 - box.w / 2 - 0.005)
    y = min(max(box.y, box.h / 2 + 0.005), 1 - box.h / 2 - 0.005)
    return Box(x, y, box.w, box.h)
