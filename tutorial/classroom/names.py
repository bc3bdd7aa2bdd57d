"""Checking what students and teachers type or send: nicknames, choices, verdicts, targets.

Every check returns the text to keep or raises :class:`~.errors.ClassroomError`; the text
itself never goes into the error (the interface shows what was typed literally).
"""

from __future__ import annotations

import re
import unicodedata

from .errors import ClassroomError

NICKNAME_LIMIT = 24  # characters (code points after NFC)
CHOICE_LIMIT = 40
CODE_LIMIT = 40  # verdicts and error kinds
TARGET_LIMIT = 200

#: Control, format, surrogate, private-use and unassigned characters.
_FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
_SPACES = re.compile(r"\s+")
_CODE = re.compile(r"[a-z0-9][a-z0-9._:-]*")


_JOINERS = frozenset("\u200d\ufe0e\ufe0f")
"""Format characters emoji are built with (zero-width joiner, text/emoji presentation):
allowed between two visible characters, as in 👨‍👩‍👧 or 🏳️‍🌈."""
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u2060\u17b4\u17b5")
"""Letters and symbols that show as nothing (Hangul fillers, the blank Braille pattern, …)."""


_INVISIBLE_MARKS = re.compile("[\u034f\u180b-\u180d\u180f\ufe00-\ufe0d\U000e0100-\U000e01ef]")
"""Marks that change nothing a reader sees in a name (the combining grapheme joiner, variation
selectors other than emoji's text/emoji presentation): ``Ana\ufe00`` would pass for ``Ana``."""
_PRESENTATION = re.compile("[\ufe0e\ufe0f]")


def _has_forbidden(text: str) -> bool:
    if _INVISIBLE_MARKS.search(text):
        return True
    for index, character in enumerate(text):
        if unicodedata.category(character) in ("Mn", "Me") and (index == 0 or text[index - 1] == " "):
            return True  # a combining mark with nothing to sit on shows as nothing (or as a dotted circle)
        if character in _JOINERS and 0 < index < len(text) - 1 and text[index - 1] not in _BLANKS \
                and text[index - 1] != character:
            continue
        if character in _BLANKS or unicodedata.category(character) in _FORBIDDEN_CATEGORIES:
            return True
    return False


def _clean(text: object, limit: int, code: str) -> str:
    """``text`` stripped, in NFC, inner white space collapsed to one space; checked."""
    if not isinstance(text, str):
        raise ClassroomError(code, reason="empty")
    cleaned = _SPACES.sub(" ", unicodedata.normalize("NFC", text)).strip()
    if not cleaned:
        raise ClassroomError(code, reason="empty")
    if _has_forbidden(cleaned):
        raise ClassroomError(code, reason="control")
    if len(cleaned) > limit:
        raise ClassroomError(code, reason="too-long", limit=limit)
    return cleaned


def normalise_nickname(text: object) -> str:
    """The nickname to keep and show: stripped, Unicode NFC, runs of white space made one space;
    1–:data:`NICKNAME_LIMIT` characters without control or format characters.

    Raises ``ClassroomError("bad-nickname", reason=...)`` (``empty``, ``too-long``, ``control``).
    """
    return _clean(text, NICKNAME_LIMIT, "bad-nickname")


def nickname_key(nickname: str) -> str:
    """The key that makes nicknames unique in a room: compatibility forms folded (NFKC: full-width
    ``Ａｎａ`` is ``Ana``), emoji presentation selectors dropped, case-folded (then NFC), so ``Ana``
    and ``ANA`` (or ``Straße`` and ``STRASSE``) are the same student name. Letters of other
    scripts that look alike (Cyrillic ``А``) are not folded."""
    folded = _PRESENTATION.sub("", unicodedata.normalize("NFKC", nickname))
    return unicodedata.normalize("NFC", folded.casefold())


def check_choice(text: object) -> str:
    """An answer's choice (opaque, e.g. ``common:1``, ``discard:B``, ``call``), cleaned as a
    nickname, 1–:data:`CHOICE_LIMIT` characters. Raises ``ClassroomError("bad-choice", reason=...)``."""
    return _clean(text, CHOICE_LIMIT, "bad-choice")


def check_target(text: object) -> str:
    """A question's target (opaque, e.g. ``lesson/nearest-opponent/step-3``, ``deal/4-2817``),
    1–:data:`TARGET_LIMIT` characters. Raises ``ClassroomError("bad-target", reason=...)``."""
    return _clean(text, TARGET_LIMIT, "bad-target")


def is_code(text: object) -> bool:
    """Whether ``text`` is a short code such as ``right`` or ``wrong-common``: ``[a-z0-9]`` then
    ``[a-z0-9._:-]``, at most :data:`CODE_LIMIT` characters."""
    return isinstance(text, str) and len(text) <= CODE_LIMIT and _CODE.fullmatch(text) is not None


def check_verdict(text: object) -> str:
    """An answer's verdict (``right`` or an error kind). Raises ``ClassroomError("bad-verdict")``."""
    if not is_code(text):
        raise ClassroomError("bad-verdict", limit=CODE_LIMIT)
    assert isinstance(text, str)
    return text


__all__ = ["CHOICE_LIMIT", "CODE_LIMIT", "NICKNAME_LIMIT", "TARGET_LIMIT", "check_choice", "check_target", "check_verdict",
           "is_code", "nickname_key", "normalise_nickname"]
