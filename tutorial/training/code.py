"""Exercise codes: ``THEME.LEVEL.SEED`` (``nearest-opponent.2.48213``), short enough to
dictate to a class or name in a bug report. The same code always makes the same exercise."""

from __future__ import annotations

from dataclasses import dataclass

from .themes import THEME_BY_ID

MAX_SEED_DIGITS = 9
MAX_SEED = 10**MAX_SEED_DIGITS
"""Seeds are 0 ≤ seed < ``MAX_SEED``: 1 to 9 ASCII digits."""
MAX_CODE_LENGTH = 64
"""Longer text is refused before it is looked at."""


class ExerciseCodeError(ValueError):
    """An exercise code that is not valid: ``code`` is ``bad-code`` (not three parts, or not
    text), ``unknown-theme``, ``bad-level`` or ``bad-seed``; ``params`` the data a message
    needs (``text``, ``theme``, ``level``, ``levels``, ``seed``)."""

    def __init__(self, code: str, **params: object):
        self.code = code
        self.params = params
        detail = ", ".join(f"{k}={v!r}" for k, v in params.items())
        super().__init__(f"{code}: {detail}" if detail else code)


def _digits(text: str, most: int) -> int | None:
    """``text`` as a whole number if it is 1 to ``most`` ASCII digits, else ``None``."""
    if not text or len(text) > most or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


@dataclass(frozen=True, slots=True)
class ExerciseCode:
    """A reproducible exercise: ``theme`` (a theme id), ``level`` (1 to the theme's levels)
    and ``seed`` (0 ≤ seed < 10⁹). Made checked with :meth:`of` or :meth:`parse`."""

    theme: str
    level: int
    seed: int

    @classmethod
    def of(cls, theme: object, level: object, seed: object) -> ExerciseCode:
        """A checked code from its parts (each may be given as text, as on the command line, with
        white space around it; the theme in any case). Raises :class:`ExerciseCodeError`."""
        if isinstance(theme, str) and theme.isascii():
            theme = theme.strip().lower()
        if not isinstance(theme, str) or theme not in THEME_BY_ID:
            raise ExerciseCodeError("unknown-theme", theme=theme if isinstance(theme, str) else repr(theme))
        levels = THEME_BY_ID[theme].level_count
        number = level if type(level) is int else _digits(level.strip(), 2) if isinstance(level, str) else None
        if number is None or not 1 <= number <= levels:
            raise ExerciseCodeError("bad-level", theme=theme, level=str(level)[:20], levels=levels)
        value = seed if type(seed) is int else _digits(seed.strip(), MAX_SEED_DIGITS) if isinstance(seed, str) else None
        if value is None or not 0 <= value < MAX_SEED:
            raise ExerciseCodeError("bad-seed", seed=str(seed)[:20])
        return cls(theme, number, value)

    @classmethod
    def parse(cls, text: object) -> ExerciseCode:
        """Read ``THEME.LEVEL.SEED`` (white space around it and its parts allowed, the theme in any
        case: a phone's keyboard capitalises the first letter typed; found by a trial). Raises
        :class:`ExerciseCodeError`."""
        if not isinstance(text, str) or len(text) > MAX_CODE_LENGTH:
            raise ExerciseCodeError("bad-code", text=text[:MAX_CODE_LENGTH] if isinstance(text, str) else repr(text)[:40])
        parts = text.strip().split(".")
        if len(parts) != 3:
            raise ExerciseCodeError("bad-code", text=text)
        return cls.of(*parts)

    def __str__(self) -> str:
        return f"{self.theme}.{self.level}.{self.seed}"
