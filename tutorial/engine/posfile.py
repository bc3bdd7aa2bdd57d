"""Position files: TOML text <-> :class:`Position` (the format lessons use too).

Format (see docs/explorer.md, "Position files")::

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
import os
import re
import stat
import sys
import tomllib
from collections.abc import Iterable
from typing import Any

from .cards import Card, CardError
from .errors import PositionError
from .locate import locate
from .numbers import parse_count
from .position import Position

FIELDS = ("players", "to_move", "commons", "stocks", "discards")


def _cards(value: Any, field: str, at: tuple[str | int, ...]) -> list[Card]:
    if not isinstance(value, list):
        raise PositionError("bad-field", field=field, at=at)
    cards = []
    for number, item in enumerate(value):
        if not isinstance(item, str):
            raise PositionError("unknown-card", card=str(item), at=at + (number,))
        try:
            cards.append(Card.parse(item))
        except CardError:
            raise PositionError("unknown-card", card=item, at=at + (number,)) from None
    return cards


def from_dict(data: dict[str, Any]) -> Position:
    """Build a checked position from parsed TOML data.

    Raises :class:`PositionError`: ``unknown-field`` (a key not in the format),
    ``bad-field`` (missing or of the wrong type), ``bad-player-name``,
    ``unknown-card``, and every code of :meth:`Position.build`. Every error
    carries ``at``, the key path of the offending value within ``data``
    (e.g. ``("stocks", "A", 0)``; ``()`` when ``data`` is not a table).
    """
    if not isinstance(data, dict):
        raise PositionError("bad-field", field="position", at=())
    for key in data:
        if key not in FIELDS:
            raise PositionError("unknown-field", field=key, at=(key,))
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise PositionError("bad-field", field="players", at=("players",))
    for number, name in enumerate(players):
        if not name.strip() or name != name.strip() or not name.isprintable():
            raise PositionError("bad-player-name", player=name, at=("players", number))
    if not 3 <= len(players) <= 7:
        raise PositionError("player-count", count=len(players), at=("players",))
    to_move = data.get("to_move")
    if not isinstance(to_move, str):
        raise PositionError("bad-field", field="to_move", at=("to_move",))
    commons = data.get("commons")
    if not isinstance(commons, list):
        raise PositionError("bad-field", field="commons", at=("commons",))
    common_cards = [_cards(pile, f"commons[{i}]", ("commons", i - 1)) for i, pile in enumerate(commons, start=1)]
    piles: dict[str, dict[str, list[Card]]] = {}
    for group in ("stocks", "discards"):
        table = data.get(group, {})
        if not isinstance(table, dict):
            raise PositionError("bad-field", field=group, at=(group,))
        piles[group] = {name: _cards(cards, f"{group}.{name}", (group, name)) for name, cards in table.items()}
    return Position.build(players, to_move, common_cards, piles["stocks"], piles["discards"])


MAX_FILE_BYTES = 5_000_000
"""Position and lesson files larger than this are refused (``too-large``)."""


TOML_INTEGERS = range(-(2**63), 2**63)
"""The whole numbers TOML allows (64-bit); any other is refused (``number-too-large``)."""


def parse_toml(text: str) -> dict[str, Any]:
    """``tomllib.loads`` that raises :class:`PositionError` for any text it cannot take.

    - ``invalid-toml`` (``detail``: tomllib's message; ``line``: 1-based, 0
      when unknown) for text that is not TOML, nesting too deep included;
    - ``number-too-large`` (``line``; ``at``: the key path when known) for a
      whole number outside :data:`TOML_INTEGERS`: the TOML specification
      makes that an error, and Python could not even write a long one as
      text (``int``/``str`` refuse more than 4,300 digits).
    """
    long_key = _LONG_DOTTED_KEY.search(text)
    if long_key is not None:  # tomllib takes time and memory growing with the square of such a key
        raise PositionError("invalid-toml", detail=f"a dotted key of more than {MAX_KEY_PARTS} parts",
                            line=text.count("\n", 0, long_key.start()) + 1)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line ([0-9]+)", str(exc))
        line = parse_count(match.group(1)) if match else None
        raise PositionError("invalid-toml", detail=str(exc), line=line or _unclosed_string_line(text)) from None
    except RecursionError:
        raise PositionError("invalid-toml", detail="nested too deeply", line=0) from None
    except ValueError as exc:  # int() of a decimal number longer than sys.get_int_max_str_digits()
        lines = locate(text)
        at = next((path for path in lines if _long_decimal(lines.literal(path))), None)
        if at is None:
            raise PositionError("invalid-toml", detail=str(exc), line=0) from None
        raise PositionError("number-too-large", line=lines[at], at=at) from None
    at = _first_integer_outside(data, TOML_INTEGERS)
    if at is not None:
        raise PositionError("number-too-large", line=locate(text).line(at), at=at)
    return data


MAX_KEY_PARTS = 64
"""Dotted keys (``a.b.c``, in a key or a table header) may have at most this many parts."""
# The look-behind starts a try only where a bare key could begin, never inside a run of
# letters or digits: without it ``search`` tries from every character of the run and reads
# the rest of the run each time, which is quadratic in the run's length (issue 17: a 1 MB
# name took over ten minutes). With it every character is read by a bounded number of tries.
_LONG_DOTTED_KEY = re.compile(
    r"(?<![A-Za-z0-9_-])"
    r"(?:(?:[A-Za-z0-9_-]++|\"[^\"\n]*+\"|'[^'\n]*+')[ \t]*+\.[ \t]*+){" + str(MAX_KEY_PARTS) + ",}")


def _unclosed_string_line(text: str) -> int:
    """The line where a multi-line string that never closes begins (0 if there is none):
    tomllib only says "at end of document" for this common slip."""
    for quotes in ('"""', "'''"):
        if text.count(quotes) % 2:
            return text.count("\n", 0, text.rindex(quotes)) + 1
    return 0


def _long_decimal(literal: str | None) -> bool:
    """True for the source text of a decimal whole number too long for ``int()``."""
    if literal is None:
        return False
    digits = literal.lstrip("+-").replace("_", "")
    return digits.isascii() and digits.isdigit() and len(digits) > sys.get_int_max_str_digits() > 0


def _first_integer_outside(data: Any, allowed: range) -> tuple[Any, ...] | None:
    """Key path of the first ``int`` (not ``bool``) in ``data`` outside ``allowed``, or ``None``.

    Iterative, and a path is only built for the number found, so deep or
    long-keyed data costs time in proportion to its size."""
    # (value, parent entry, key): entries form a tree leading back to the root.
    stack: list[tuple[Any, tuple[Any, ...] | None, Any]] = [(data, None, None)]
    while stack:
        entry = stack.pop()
        value = entry[0]
        if isinstance(value, dict):
            stack.extend((item, entry, key) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((item, entry, number) for number, item in reversed(list(enumerate(value))))
        elif isinstance(value, int) and not isinstance(value, bool) and value not in allowed:
            path = []
            while entry[1] is not None:
                path.append(entry[2])
                entry = entry[1]
            return tuple(reversed(path))
    return None


def read_text(path: str) -> str:
    """Read a UTF-8 text file (a byte-order mark is allowed) of at most
    :data:`MAX_FILE_BYTES`. Raises :class:`PositionError` ``unreadable``, ``not-a-file``
    (a FIFO or a device, say), ``not-utf8`` (with the ``offset`` of the first bad byte) or ``too-large``."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a FIFO or a device would block or never end
            raise PositionError("not-a-file")
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise PositionError("too-large", limit=MAX_FILE_BYTES // 1_000_000)
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PositionError("not-utf8", offset=exc.start + 1) from None  # counted from 1
    except OSError as exc:
        raise PositionError("unreadable", detail=getattr(exc, "strerror", None) or str(exc)) from None


def loads(text: str) -> Position:
    """Parse position-file text (a leading byte-order mark, which a text copied from a file
    saved as "UTF-8 with BOM" carries, is skipped, as :func:`read_text` skips it in a file).
    Raises :class:`PositionError` (``invalid-toml`` with ``detail``, …)."""
    return from_dict(parse_toml(text.removeprefix("\ufeff") if isinstance(text, str) else text))


def load(path: str) -> Position:
    """Read a position file. Raises :class:`PositionError` (``unreadable``, ``too-large``, …)."""
    return loads(read_text(path))


def _toml_str(text: str) -> str:
    # A JSON string (escapes \\ \" \n \uXXXX) is also a TOML basic string.
    return json.dumps(text, ensure_ascii=False)


def _toml_list(cards: Iterable[Card]) -> str:
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
    lines += [f"{_toml_key(n)} = {_toml_list(s)}" for n, s in zip(position.players, position.stocks, strict=False)]
    lines += ["", "[discards]"]
    lines += [f"{_toml_key(n)} = {_toml_list(d)}" for n, d in zip(position.players, position.discards, strict=False)]
    return "\n".join(lines) + "\n"
