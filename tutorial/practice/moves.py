"""The learner's decisions in the page address: one symbol per decision, packed with zlib
when that is shorter, and the first (dotted) form that older links use."""

from __future__ import annotations

import base64
import binascii
import zlib

from ..engine.deal import SEAT_NAMES
from ..engine.errors import PositionError
from ..engine.numbers import parse_count
from ..engine.position import Common, Dest, Discard
from .settings import MAX_HANDS, MAX_TURN_LIMIT

CALL, NEXT, NEXT_HAND, BEST = "call", "next", "hand", "best"
"""The decisions besides placements (see :mod:`tutorial.practice`)."""


def pack(symbols: str) -> str:
    """The address form of a string of decision symbols: ``~`` and the symbols, or ``~z``
    and the symbols packed with zlib (base64url), whichever is shorter; ``""`` for none."""
    if not symbols:
        return ""
    plain = "~" + symbols
    packed = "~z" + base64.urlsafe_b64encode(zlib.compress(symbols.encode("ascii"), 9)).decode("ascii").rstrip("=")
    return min(plain, packed, key=len)


def symbol(dest: Dest, players: tuple[str, ...]) -> str:
    """The address symbol of a placement: ``1``–``9`` for a common pile, ``a``–``g`` for a seat's discard."""
    if isinstance(dest, Common):
        if not 1 <= dest.number <= 9:
            raise PositionError("bad-dest", dest=str(dest))
        return str(dest.number)
    if not isinstance(dest, Discard):
        raise TypeError(f"not a pile: {dest!r}")
    return "abcdefg"[players.index(dest.player)]


_LONG = {"M": CALL, "n": NEXT, "H": NEXT_HAND, ".": BEST}
_LONG.update({str(n): f"common:{n}" for n in range(1, 10)})
_LONG.update({letter: f"discard:{SEAT_NAMES[i]}" for i, letter in enumerate("abcdefg")})


def encode_moves(decisions: list[str]) -> str:
    """The first address form (still read): ``common:1`` → ``c1``, ``discard:B`` → ``dB``,
    ``call`` → ``M``, ``next`` → ``n``, ``hand`` → ``H``; joined by dots.
    New addresses use :meth:`PracticeGame.moves_text`."""
    short = {CALL: "M", NEXT: "n", NEXT_HAND: "H"}
    parts = []
    for text in decisions:
        if text in short:
            parts.append(short[text])
            continue
        dest = Dest.parse(text)
        parts.append(("c" if dest.kind == "common" else "d") + str(dest.target))
    return ".".join(parts)


MAX_DECISIONS = MAX_HANDS * (2 * MAX_TURN_LIMIT + 2)
"""No game the settings allow has more decisions than this (hands × two per turn, R9)."""


def decode_moves(text: str, limit: int = MAX_DECISIONS) -> list[str]:
    """Read the ``moves`` of an address: the compact form of :meth:`PracticeGame.moves_text`
    (``~…`` or ``~z…``) or the first form of :func:`encode_moves`. At most ``limit``
    decisions are read (a packed text is never unpacked beyond that). Raises
    :class:`PositionError` ``bad-moves``."""
    text = str(text or "")
    bad = PositionError("bad-moves", moves=text[:40])
    if not text:
        return []
    if text.startswith("~z"):
        try:
            packed = base64.urlsafe_b64decode(text[2:] + "=" * (-len(text[2:]) % 4))
            unpacker = zlib.decompressobj()
            raw = unpacker.decompress(packed, limit + 1)
            if unpacker.unconsumed_tail or not unpacker.eof or unpacker.unused_data:
                raise bad
            symbols = raw.decode("ascii")
        except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
            raise bad from None
    elif text.startswith("~"):
        symbols = text[1:]
    else:
        return _decode_first_form(text, limit, bad)
    if len(symbols) > limit or not symbols or any(symbol not in _LONG for symbol in symbols):
        raise bad
    return [_LONG[symbol] for symbol in symbols]


def _decode_first_form(text: str, limit: int, bad: PositionError) -> list[str]:
    long = {"M": CALL, "n": NEXT, "H": NEXT_HAND}
    parts = text.split(".")
    if len(parts) > limit:
        raise bad
    decisions = []
    for part in parts:
        number = parse_count(part[1:], 2)
        if part in long:
            decisions.append(long[part])
        elif part[:1] == "c" and number is not None:
            decisions.append(f"common:{number}")
        elif len(part) >= 2 and part[0] == "d" and len(part) <= 41:
            decisions.append(f"discard:{part[1:]}")
        else:
            raise bad
    return decisions
