"""What both stores and their callers share without importing a database driver."""

from __future__ import annotations

import logging
import re
import threading
import time
import urllib.parse
from collections.abc import Iterable

SCHEMES = ("postgresql://", "postgres://")


class StoreUnavailable(OSError):
    """The database server cannot be reached or refused the work (the driver's error is the cause)."""


def is_url(text: str | None) -> bool:
    """Whether ``text`` names a PostgreSQL database (``postgresql://…`` or ``postgres://…``)."""
    return bool(text) and str(text).strip().lower().startswith(SCHEMES)


def safe_url(url: str) -> str:
    """``url`` without its password, for messages and logs: in the user part (from its first
    ``:`` to the last ``@``, so a password holding ``/``, ``?``, ``#`` or ``@`` is hidden whole,
    written as the driver wants it or not), as a ``password=`` parameter (also with its name
    percent-encoded, which the driver decodes), or in the ``key=value`` form."""
    head, sep, rest = url.partition("://")
    if sep:
        at, colon = rest.rfind("@"), rest.find(":")
        if at >= 0 and 0 <= colon < at:
            rest = rest[:colon] + ":***" + rest[at:]
        rest = _PARAMETER.sub(_hide_parameter, rest)
        head_part, mark, query = rest.partition("?")
        if mark:
            rest = head_part + _SEGMENT.sub(_hide_segment, mark + query)
        url = head + sep + rest
    return _KEYWORD.sub(r"\1***", url)


_PARAMETER = re.compile(r"([?&])([^=&#]*)=([^&#]*)")
_SEGMENT = re.compile(r"([?&])([^&#]*)")  # a query's part, with or without its =


def _hide_segment(found: re.Match[str]) -> str:
    """A query part whose decoded text speaks of a password (``password%3D…`` is read by the
    driver as ``password=…``; ``options=-c password=…``): hidden whole, after its name."""
    if "password" not in urllib.parse.unquote(found[2]).lower() or found[2].endswith("=***"):
        return found[0]
    name = found[2].split("=", 1)[0] if "=" in found[2] else ""
    return f"{found[1]}{name}=***" if name and not name.lower().endswith("%3d") else f"{found[1]}***"


_KEYWORD = re.compile(r"(?i)(\b(?:ssl)?password\s*=\s*)('(?:[^'\\]|\\.)*'?|[^\s&#]*)")


def _hide_parameter(found: re.Match[str]) -> str:
    return f"{found[1]}{found[2]}=***" if _secret_name(found[2]) else found[0]


def _secret_name(name: str) -> bool:
    """A parameter holding a secret: ``password`` or ``sslpassword`` (the client key's
    passphrase), however its name is %-encoded."""
    return urllib.parse.unquote(name).strip().lower() in ("password", "sslpassword")


def url_problem(url: str) -> str | None:
    """Why the driver would read ``url``'s user part otherwise than it is meant (then its errors
    would quote pieces of the password), or ``None``: an ``@``, ``/``, ``?`` or ``#`` written
    as is before the host's ``@``."""
    _, sep, rest = url.strip().partition("://")
    at = rest.rfind("@")
    if not sep or at < 0 or rest[:1] in ("/", "?"):
        return None
    if any(char in rest[:at] for char in "@/?#"):
        return ("its user name or password holds @, /, ? or # as is, which the driver would misread: write them "
                "%-encoded (%40, %2F, %3F, %23; also an @ in a parameter)")
    return None


def secrets_of(url: str) -> list[str]:
    """The password of ``url`` as written and decoded, and each piece of it a driver's error may
    quote when it mistook the password for a host or a port (longest first; see
    :func:`hide_secrets`)."""
    pieces: set[str] = set()
    _, sep, rest = url.partition("://")
    at, colon = rest.rfind("@"), rest.find(":")
    if sep and at >= 0 and 0 <= colon < at:
        written = rest[colon + 1:at]
        for whole in (written, urllib.parse.unquote(written)):
            pieces.add(whole)
            pieces.update(re.split(r"[/?#:@&=]", whole))
    for found in _PARAMETER.finditer(rest if sep else ""):
        if _secret_name(found[2]):
            pieces.update((found[3], urllib.parse.unquote(found[3])))
    query = rest.partition("?")[2] if sep else ""
    for found in _SEGMENT.finditer(f"?{query}" if query else ""):
        decoded = urllib.parse.unquote(found[2])
        if "password" in decoded.lower():  # a driver's error may quote the part whole, as written or decoded
            pieces.update((found[2], decoded, decoded.split("=", 1)[-1]))
    return sorted((piece for piece in pieces if piece), key=len, reverse=True)


def hide_secrets(text: str, urls: Iterable[str]) -> str:
    """``text`` (a driver's message) with the passwords of ``urls`` and their pieces hidden."""
    for url in urls:
        for piece in secrets_of(url):  # a short piece only where a message quotes it whole
            text = text.replace(piece, "***") if len(piece) >= 3 else text.replace(f'"{piece}"', '"***"')
    return safe_url(text)


class HideSecrets(logging.Filter):
    """A logging filter that hides the passwords of the addresses given to :meth:`add` in every
    message it passes (a driver's warnings may quote the address it was given)."""

    def __init__(self) -> None:
        super().__init__()
        self._urls: set[str] = set()

    def add(self, url: str) -> None:
        self._urls.add(url)

    def filter(self, record: logging.LogRecord) -> bool:
        said = record.getMessage()
        hidden = hide_secrets(said, list(self._urls))
        if hidden != said:
            record.msg, record.args = hidden, None
        return True


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
