"""Whole numbers from outside: command-line arguments, page addresses, file text.

Python's ``int()`` accepts far more than a person means by a number
(``"٣"``, ``"1_000"``, ``" +7 "``) and refuses strings of more than
``sys.get_int_max_str_digits()`` digits with a :class:`ValueError`; ``str.isdigit``
accepts ``"²"``, which ``int()`` rejects. Every number the program reads
from text goes through :func:`parse_count`, which has neither surprise.
"""

from __future__ import annotations

MAX_DIGITS = 9
"""Default longest number :func:`parse_count` reads (so at most 999 999 999)."""

_ASCII_DIGITS = frozenset("0123456789")


def parse_count(text: object, max_digits: int = MAX_DIGITS) -> int | None:
    """The whole number written in ``text``, or ``None``.

    ``text`` must be a ``str`` of 1 to ``max_digits`` ASCII digits ``0``–``9``
    and nothing else: no sign, white space, underscore, or digits of other
    scripts (strip the text first if spaces are allowed). Leading zeros count
    towards ``max_digits``. Anything else, including non-strings, gives ``None``;
    this never raises. The result is ``0`` ≤ n < ``10**max_digits``.
    """
    if not isinstance(text, str) or not 1 <= len(text) <= max_digits or not _ASCII_DIGITS.issuperset(text):
        return None
    return int(text)
