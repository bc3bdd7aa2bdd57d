"""*Move my progress* (issue 19, part 1): the learner's progress as a code to type, paste or scan
on another device, without Streamlit. The code carries the data itself: nothing of the learner's
is kept on the server.

A code is ``M1-`` (the format's version) followed by base32 (``A``–``Z``, ``2``–``7``, no
padding) of the stored document (:func:`~tutorial.app.shell.model_progress.encode`)
compressed with raw deflate and a preset dictionary (:data:`_DICTIONARY`: the document's keys,
lesson and theme ids; it more than halves a code), then a 5-byte BLAKE2b checksum of the version and the compressed
bytes, so a mistyped or altered code is refused (``tampered``) rather than read as someone
else's progress. Base32 is read in any case with any spaces and line breaks (codes are copied
with both), and it is the QR code's compact *alphanumeric* mode once upper case.

:func:`move_code` leaves the practice game under way out when it would make the code longer
than :data:`SHORT` (a game's moves can be thousands of characters); :func:`moving` says whether
it did. :func:`read_move_code` reads a code back with bounded cost: a text longer than
:data:`READ_LIMIT` is refused before anything is decoded, and decompression stops at the
document's own limit (a small code inflating to megabytes is refused at once).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from urllib.parse import parse_qs, urlsplit

from tutorial.app.shell.model_progress import LIMIT, Progress, ProgressError, decode_parts, encode

VERSION = 1
PREFIX = f"M{VERSION}-"
CHECK_BYTES = 5
"""The checksum's length: 40 bits, 8 base32 characters (a random change passes once in 10¹²)."""
SHORT = 900
"""The longest code made with the practice game in it (characters): longer, the game is left
out, so the code's link stays within a QR code a phone reads off a screen
(:data:`tutorial.draw.qr.MAX_TEXT`)."""
READ_LIMIT = 30_000
"""The longest code read (characters, spaces and line breaks left out): any document
:func:`~tutorial.app.shell.model_progress.encode` writes gives a shorter one."""
TEXT_LIMIT = 2 * READ_LIMIT
"""The longest text looked at, spaces and line breaks included."""
PARAMETER = "move"
"""The link's query parameter: ``<app address>/home?move=<code>``."""
_PERSON = b"muggins-move"
_VERSIONED = re.compile(r"M([1-9][0-9]{0,3})-")  # ASCII digits only; there is no version 0

# The preset dictionary of version 1, fixed for ever (a code made with it is read with it): the
# course's lesson ids and the training themes as they were when it was made, in a document's
# shape. A lesson or theme added later is still carried, only in more characters.
_LESSON_IDS = ("cards-and-fitting", "common-piles-first", "nearest-opponent", "own-discard", "one-card-per-turn",
               "recycling", "calling-muggins", "the-penalty", "finishing", "players-and-matches")
_THEME_IDS = ("no-wrap", "common-first", "several-commons", "only-tops", "nearest-opponent", "empty-discard",
              "own-discard", "recycle", "call", "penalty", "finish", "passing")
_DICTIONARY = (
    '{"checks":{' + ",".join(f'"{lesson}":[2,3]' for lesson in _LESSON_IDS) + '},"deck":"4","done":['
    + ",".join(f'"{lesson}"' for lesson in _LESSON_IDS)
    + '],"game":{"deal":"5-","moves":"","saved":"","seat":"B"},"lang":"en","table":"text","train":{"t":{'
    + ",".join(f'"{theme}":[1,1,' for theme in _THEME_IDS)
    + '1773145080,0,0]}},"v":1},"v":1}{"checks":{},"done":[],"lang":"es","v":1}'
).encode()


@dataclass(frozen=True)
class Moving:
    """A code made for a progress: ``code``, and ``game_left_out``: the practice game under
    way was left out to keep the code short."""

    code: str
    game_left_out: bool


def _checksum(packed: bytes) -> bytes:
    return hashlib.blake2b(PREFIX.encode() + packed, digest_size=CHECK_BYTES, person=_PERSON).digest()


def _code(document: str) -> str:
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15, zdict=_DICTIONARY)
    packed = squeezer.compress(document.encode()) + squeezer.flush()
    return PREFIX + base64.b32encode(packed + _checksum(packed)).decode().rstrip("=")


def moving(progress: Progress) -> Moving:
    """The code carrying ``progress`` (see the module text), the practice game left out if it
    would make the code longer than :data:`SHORT`."""
    code = _code(encode(progress))
    if len(code) > SHORT and progress.game:
        return Moving(_code(encode(replace(progress, game=None))), True)
    return Moving(code, False)


def move_code(progress: Progress) -> str:
    """The code carrying ``progress`` (:func:`moving`'s)."""
    return moving(progress).code


def clean(text: str) -> str:
    """A code as typed or pasted: spaces and line breaks out, upper case; a whole link
    (``…/home?move=M1-…``) gives its code."""
    if PARAMETER + "=" in text:
        found = parse_qs(urlsplit(text.strip()).query).get(PARAMETER)
        if found:
            text = found[-1]
    return "".join(text.split()).upper()


def read_move_code(text: object, known: Mapping[str, int]) -> Progress:
    """The progress a code carries, less any part that cannot be read (:func:`read_move_code_parts`)."""
    return read_move_code_parts(text, known)[0]


def read_move_code_parts(text: object, known: Mapping[str, int]) -> tuple[Progress, list[ProgressError]]:
    """The progress a code carries (``known``: as for
    :func:`~tutorial.app.shell.model_progress.decode`) and the parts of it set aside: a part
    that cannot be read (a newer version's, say) is left out and named, the rest read, exactly
    as the browser's stored document is read (:func:`~tutorial.app.shell.model_progress.decode_parts`;
    a code was refused whole for a part its stored twin lost alone, found by a trial). Raises :class:`ProgressError`:
    ``not-a-code`` (not text, empty, not ``M1-`` and letters and digits), ``bad-version`` (a code of
    another version), ``too-long``, ``tampered`` (not base32 of the right length, or the checksum
    does not match: mistyped, cut or altered), or
    a code of :func:`~tutorial.app.shell.model_progress.decode_parts` for a document that cannot be read at all."""
    if not isinstance(text, str) or not text.strip():
        raise ProgressError("not-a-code", "empty")
    if len(text) > TEXT_LIMIT:
        raise ProgressError("too-long", f"{len(text)} characters")
    code = clean(text)
    if len(code) > READ_LIMIT:
        raise ProgressError("too-long", f"{len(code)} characters")
    versioned = _VERSIONED.match(code)
    if versioned is None:
        raise ProgressError("not-a-code", "no M1- at the start")
    if versioned.group(0) != PREFIX:
        raise ProgressError("bad-version", versioned.group(1))
    body = code[len(PREFIX):]
    if not body or not body.isascii() or not body.isalnum():
        raise ProgressError("not-a-code", "not letters and digits")
    # From here on a code as typed: a character wrong (0, 1, 8, 9 are not base32), missing or extra
    try:
        raw = base64.b32decode(body + "=" * (-len(body) % 8))
    except (binascii.Error, ValueError):
        raise ProgressError("tampered", "not base32") from None
    if base64.b32encode(raw).decode().rstrip("=") != body:  # the last character's spare bits: not ours
        raise ProgressError("tampered", "spare bits")
    if len(raw) <= CHECK_BYTES:
        raise ProgressError("tampered", "too short")
    packed, check = raw[:-CHECK_BYTES], raw[-CHECK_BYTES:]
    if not hmac.compare_digest(check, _checksum(packed)):
        raise ProgressError("tampered")
    opener = zlib.decompressobj(-15, zdict=_DICTIONARY)
    try:
        document = opener.decompress(packed, LIMIT + 1)
    except zlib.error:
        raise ProgressError("not-a-code", "not deflate") from None
    if len(document) > LIMIT or opener.unconsumed_tail:
        raise ProgressError("too-long", "the document")
    if not opener.eof or opener.unused_data:
        raise ProgressError("not-a-code", "not deflate")
    try:
        found = document.decode()
    except UnicodeDecodeError:
        raise ProgressError("not-json", "not UTF-8") from None
    return decode_parts(found, known)
