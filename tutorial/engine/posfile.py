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
import re
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
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise PositionError("bad-field", field="players")
    for name in players:
        if not name.strip() or name != name.strip() or not name.isprintable():
            raise PositionError("bad-player-name", player=name)
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


MAX_FILE_BYTES = 5_000_000
"""Position and lesson files larger than this are refused (``too-large``)."""


def parse_toml(text: str) -> dict:
    """``tomllib.loads`` that raises :class:`PositionError` ``invalid-toml`` (with
    ``detail`` and, when known, ``line``) for any unreadable text, nesting too deep included."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line (\d+)", str(exc))
        raise PositionError("invalid-toml", detail=str(exc), line=int(match.group(1)) if match else 0) from None
    except RecursionError:
        raise PositionError("invalid-toml", detail="nested too deeply", line=0) from None


def read_text(path: str) -> str:
    """Read a UTF-8 text file (a byte-order mark is allowed) of at most
    :data:`MAX_FILE_BYTES`. Raises :class:`PositionError` ``unreadable`` or ``too-large``."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise PositionError("too-large", limit=MAX_FILE_BYTES // 1_000_000)
        return raw.decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise PositionError("unreadable", detail=getattr(exc, "strerror", None) or str(exc)) from None


def loads(text: str) -> Position:
    """Parse position-file text. Raises :class:`PositionError` (``invalid-toml`` with ``detail``, …)."""
    return from_dict(parse_toml(text))


def load(path: str) -> Position:
    """Read a position file. Raises :class:`PositionError` (``unreadable``, ``too-large``, …)."""
    return loads(read_text(path))


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
