"""Position files: TOML text <-> :class:`Position` (the format lessons use too).

Format (see README.md)::

    players = ["A", "B", "C", "D"]   # 3 to 7 names, clockwise
    to_move = "A"
    commons = [["5C"], ["9D"]]       # piles 1..k, bottom to top, never empty
    [stocks]                         # top card first
    A = ["6H"]
    [discards]                       # bottom to top
    B = ["7D"]
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

from .cards import Card, CardError
from .errors import PositionError
from .position import Position

FIELDS = ("players", "to_move", "commons", "stocks", "discards")


def _cards(value: Any, field: str) -> list[Card]:
    if not isinstance(value, list):
        raise PositionError("bad-field", field=field)
    cards = []
    for item in value:
        if not isinstance(item, str):
            raise PositionError("unknown-card", card=str(item))
        try:
            cards.append(Card.parse(item))
        except CardError:
            raise PositionError("unknown-card", card=item) from None
    return cards


def from_dict(data: dict[str, Any]) -> Position:
    """Build a checked position from parsed TOML data.

    Raises :class:`PositionError`: ``unknown-field`` (a key not in the format),
    ``bad-field`` (missing or of the wrong type), ``unknown-card``, and every
    code of :meth:`Position.build`.
    """
    if not isinstance(data, dict):
        raise PositionError("bad-field", field="position")
    for key in data:
        if key not in FIELDS:
            raise PositionError("unknown-field", field=key)
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise PositionError("bad-field", field="players")
    if not 3 <= len(players) <= 7:
        raise PositionError("player-count", count=len(players))
    to_move = data.get("to_move")
    if not isinstance(to_move, str):
        raise PositionError("bad-field", field="to_move")
    commons = data.get("commons")
    if not isinstance(commons, list):
        raise PositionError("bad-field", field="commons")
    common_cards = [_cards(pile, f"commons[{i}]") for i, pile in enumerate(commons, start=1)]
    piles: dict[str, dict[str, list[Card]]] = {}
    for group in ("stocks", "discards"):
        table = data.get(group, {})
        if not isinstance(table, dict):
            raise PositionError("bad-field", field=group)
        piles[group] = {str(name): _cards(cards, f"{group}.{name}") for name, cards in table.items()}
    return Position.build(players, to_move, common_cards, piles["stocks"], piles["discards"])


def loads(text: str) -> Position:
    """Parse position-file text. Raises :class:`PositionError` (``invalid-toml`` with ``detail``, …)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PositionError("invalid-toml", detail=str(exc)) from None
    return from_dict(data)


def load(path: str) -> Position:
    """Read a position file. Raises :class:`PositionError` (``unreadable`` with ``detail``, …)."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PositionError("unreadable", detail=getattr(exc, "strerror", None) or str(exc)) from None
    return loads(text)


def _toml_str(text: str) -> str:
    # A JSON string (escapes \\ \" \n \uXXXX) is also a TOML basic string.
    return json.dumps(text, ensure_ascii=False)


def _toml_list(cards) -> str:
    return "[" + ", ".join(f'"{card}"' for card in cards) + "]"


def _toml_key(name: str) -> str:
    bare = name.replace("_", "").replace("-", "")
    return name if bare.isascii() and bare.isalnum() else _toml_str(name)


def dumps(position: Position) -> str:
    """Write ``position`` as position-file text; :func:`loads` reads it back unchanged."""
    lines = [
        "players = [" + ", ".join(_toml_str(n) for n in position.players) + "]",
        f"to_move = {_toml_str(position.mover)}",
        "commons = [" + ", ".join(_toml_list(p) for p in position.commons) + "]",
        "",
        "[stocks]",
    ]
    lines += [f"{_toml_key(n)} = {_toml_list(s)}" for n, s in zip(position.players, position.stocks)]
    lines += ["", "[discards]"]
    lines += [f"{_toml_key(n)} = {_toml_list(d)}" for n, d in zip(position.players, position.discards)]
    return "\n".join(lines) + "\n"
