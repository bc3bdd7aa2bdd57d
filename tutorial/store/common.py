"""What both stores and their callers share without importing a database driver."""

from __future__ import annotations

import logging
import re
import threading
import time

SCHEMES = ("postgresql://", "postgres://")


class StoreUnavailable(OSError):
    """The database server cannot be reached or refused the work (the driver's error is the cause)."""


def is_url(text: str | None) -> bool:
    """Whether ``text`` names a PostgreSQL database (``postgresql://…`` or ``postgres://…``)."""
    return bool(text) and str(text).strip().lower().startswith(SCHEMES)


def safe_url(url: str) -> str:
    """``url`` without its password (in the user part, which ends at the host's last ``@``, or
    as a ``password=`` parameter), for messages and logs."""
    head, sep, rest = url.partition("://")
    if sep:
        cut = min((i for i in (rest.find("/"), rest.find("?"), rest.find("#")) if i >= 0), default=len(rest))
        authority, tail = rest[:cut], rest[cut:]
        user, at, host = authority.rpartition("@")
        if at and ":" in user:
            authority = user.split(":", 1)[0] + ":***@" + host
        url = head + sep + authority + tail
    return re.sub(r"(?i)(password=)[^&#\s]*", r"\1***", url)


GAME_KEY_LENGTH = 100
GAME_BODY_LENGTH = 1_000_000


def game_key_ok(key: object) -> bool:
    """Whether ``key`` can name a saved game in either store: text of 1 to
    :data:`GAME_KEY_LENGTH` printable characters."""
    return isinstance(key, str) and 0 < len(key) <= GAME_KEY_LENGTH and key.isprintable()


def check_game(key: object, body: object) -> None:
    """``ValueError`` unless both stores can keep ``body`` under ``key`` alike: a good key
    (:func:`game_key_ok`), and text without NUL (PostgreSQL's text refuses it) of at most
    :data:`GAME_BODY_LENGTH` characters."""
    if not game_key_ok(key):
        raise ValueError(f"a saved game's key must be 1 to {GAME_KEY_LENGTH} printable characters")
    if not isinstance(body, str) or "\x00" in body or len(body) > GAME_BODY_LENGTH:
        raise ValueError(f"a saved game must be text without NUL, at most {GAME_BODY_LENGTH} characters")


class OncePer(logging.Filter):
    """A logging filter that lets the same message through at most once per ``seconds`` (a class
    polls every second: a fault would otherwise fill the log, and a driver's own warnings with it)."""

    def __init__(self, seconds: float = 60.0):
        super().__init__()
        self.seconds = seconds
        self._last: dict[str, float] = {}
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        said = record.getMessage()[:500]
        now = time.monotonic()
        with self._lock:
            if now - self._last.get(said, -self.seconds) < self.seconds:
                return False
            if len(self._last) >= 1000:  # many different messages: start again rather than grow
                self._last.clear()
            self._last[said] = now
        return True
