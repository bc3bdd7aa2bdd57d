"""Lines of keys and values in TOML text, by key path (``tomllib`` gives none).

A key path is the chain of keys and array indices (0-based) that leads to a
value in the data ``tomllib.loads`` returns: ``("steps", 3, "answer")``,
``("positions", "start", "commons", 1, 0)``. :func:`locate` scans the text
once and maps every path to the line (1-based) where its key or value
appears:

- ``key = value`` (dotted keys too): the line of the key, for the key and
  for each dotted prefix the first time it appears;
- ``[table]``: the header line; ``[[array]]``: each element at its header,
  the array itself at its first header;
- an element of an array: the line where the element starts, so each
  element of a multi-line array has its own line;
- a key inside an inline table: the line of that key.

The scanner knows comments, basic, literal and multi-line strings (a line
inside a string is never taken for a key or a header), quoted and dotted
keys, inline tables and multi-line arrays. It never raises: on text that is
not valid TOML it stops at the first thing it cannot read and keeps what it
found before, so a path can be unknown (``0``).
"""

from __future__ import annotations

import contextlib
import re
from bisect import bisect_right
from collections.abc import Iterator, Mapping

Path = tuple[str | int, ...]
"""A key path: keys (``str``) and array indices (``int``, 0-based)."""

MAX_NESTING = 200
"""A key path longer than this (deep nesting, long dotted keys) stops the scan."""

# Possessive quantifiers (*+, ++): no backtracking, so a scan takes linear time
# even on text such as an unclosed string full of backslashes or quotes.
_WS = re.compile(r"[ \t]*+")
_SPACE = re.compile(r"(?:[ \t\r\n]++|#[^\n]*+)*+")  # white space, line breaks and comments
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]++")
_BASIC = re.compile(r'"((?:[^"\\\n]++|\\.)*+)"')
_LITERAL = re.compile(r"'([^'\n]*+)'")
_ML_BASIC = re.compile(r'"""(?:[^"\\]++|\\[\s\S]|"(?!""))*+""""{0,2}')
_ML_LITERAL = re.compile(r"'''(?:[^']++|'(?!''))*+''''{0,2}")
_SCALAR = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9][^\s,\]}#]*+|[^\s,\]}#=\[{\"']++")
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", "e": "\x1b", '"': '"', "\\": "\\"}
_ESCAPE = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|x([0-9A-Fa-f]{2})|(.))", re.DOTALL)


class LineMap(Mapping[Path, int]):
    """Line numbers (1-based) of the keys and values of one TOML text.

    A read-only mapping ``path -> line`` holding every path the scan found
    (``path in lines``, ``lines[path]``, ``lines.get(path)``, iteration in
    document order). :meth:`line` also answers for a path that is not there.
    """

    def __init__(self, found: dict[Path, int], literals: dict[Path, str]):
        self._found = found
        self._literals = literals

    def __getitem__(self, path: Path) -> int:
        return self._found[tuple(path)]

    def __iter__(self) -> Iterator[Path]:
        return iter(self._found)

    def __len__(self) -> int:
        return len(self._found)

    def line(self, path: Path) -> int:
        """Line of ``path``; for a path not found (a missing key, an element
        past the end), the line of its nearest ancestor that was found; ``0``
        when nothing on the way is known."""
        path = tuple(path)
        while path:
            found = self._found.get(path)
            if found is not None:
                return found
            path = path[:-1]
        return 0

    def literal(self, path: Path) -> str | None:
        """The source text of the value at ``path`` when it is a number,
        boolean or date (e.g. ``"1_000"``, ``"0xFF"``, ``"true"``); ``None``
        for strings, arrays, tables and unknown paths."""
        return self._literals.get(tuple(path))


def locate(text: str) -> LineMap:
    """Scan TOML ``text`` and return the :class:`LineMap` of its key paths.

    Never raises; on invalid TOML the map holds what was found before the
    first place the scan could not read.
    """
    scanner = _Scanner(text if isinstance(text, str) else "")
    with contextlib.suppress(_Stop, RecursionError):
        scanner.document()
    return LineMap(scanner.found, scanner.literals)


class _Stop(Exception):
    """The text cannot be read further (not valid TOML)."""


class _Scanner:
    def __init__(self, text: str):
        self.text = text
        self.pos = 0
        self.breaks = [m.start() for m in re.finditer("\n", text)]
        self.found: dict[Path, int] = {}
        self.literals: dict[Path, str] = {}
        self.tables: dict[Path, int] = {}  # array-of-tables path -> elements so far

    # ----- helpers ----------------------------------------------------------
    def line_at(self, pos: int) -> int:
        return bisect_right(self.breaks, pos - 1) + 1

    def record(self, path: Path, pos: int) -> None:
        if len(path) > MAX_NESTING:
            raise _Stop
        self.found.setdefault(path, self.line_at(pos))

    def skip(self, pattern: re.Pattern[str]) -> None:
        match = pattern.match(self.text, self.pos)
        if match is None:  # every pattern skipped here also matches the empty string
            raise _Stop
        self.pos = match.end()

    def expect(self, token: str) -> None:
        if not self.text.startswith(token, self.pos):
            raise _Stop
        self.pos += len(token)

    def end_of_line(self) -> None:
        self.skip(_WS)
        if self.text.startswith("#", self.pos):
            end = self.text.find("\n", self.pos)
            self.pos = len(self.text) if end < 0 else end
        if self.text.startswith("\r\n", self.pos):
            self.pos += 2
        elif self.text.startswith("\n", self.pos):
            self.pos += 1
        elif self.pos < len(self.text):
            raise _Stop

    # ----- structure --------------------------------------------------------
    def document(self) -> None:
        table: Path = ()
        while True:
            self.skip(_SPACE)
            if self.pos >= len(self.text):
                return
            start = self.pos
            if self.text.startswith("[[", start):
                self.pos += 2
                table = self.header(self.key(), start, array=True)
                self.skip(_WS)
                self.expect("]]")
            elif self.text.startswith("[", start):
                self.pos += 1
                table = self.header(self.key(), start, array=False)
                self.skip(_WS)
                self.expect("]")
            else:
                self.pair(table, depth=0)
            self.end_of_line()

    def header(self, parts: list[str], start: int, array: bool) -> Path:
        path: Path = ()
        for number, part in enumerate(parts, start=1):
            path += (part,)
            self.record(path, start)
            if array and number == len(parts):
                index = self.tables.get(path, 0)
                self.tables[path] = index + 1
                path += (index,)
                self.record(path, start)
            elif path in self.tables:
                path += (self.tables[path] - 1,)
        return path

    def pair(self, table: Path, depth: int) -> None:
        start = self.pos
        path = table
        for part in self.key():
            path += (part,)
            self.record(path, start)
        self.skip(_WS)
        self.expect("=")
        self.skip(_WS)
        self.value(path, depth)

    def key(self) -> list[str]:
        parts = []
        while True:
            self.skip(_WS)
            parts.append(self.key_part())
            self.skip(_WS)
            if not self.text.startswith(".", self.pos):
                return parts
            self.pos += 1

    def key_part(self) -> str:
        for pattern, unescape in ((_BASIC, True), (_LITERAL, False), (_BARE_KEY, False)):
            match = pattern.match(self.text, self.pos)
            if match:
                self.pos = match.end()
                if pattern is _BARE_KEY:
                    return match.group()
                return _unescape(match.group(1)) if unescape else match.group(1)
        raise _Stop

    # ----- values -----------------------------------------------------------
    def value(self, path: Path, depth: int) -> None:
        if depth > MAX_NESTING:
            raise _Stop
        char = self.text[self.pos : self.pos + 1]
        if char == "[":
            self.array(path, depth + 1)
        elif char == "{":
            self.inline_table(path, depth + 1)
        elif char in ('"', "'"):
            for pattern in (_ML_BASIC, _ML_LITERAL, _BASIC, _LITERAL):
                match = pattern.match(self.text, self.pos)
                if match:
                    self.pos = match.end()
                    return
            raise _Stop
        else:
            match = _SCALAR.match(self.text, self.pos)
            if not match:
                raise _Stop
            self.literals[path] = match.group()
            self.pos = match.end()

    def array(self, path: Path, depth: int) -> None:
        self.pos += 1
        index = 0
        while True:
            self.skip(_SPACE)
            if self.text.startswith("]", self.pos):
                self.pos += 1
                return
            if self.pos >= len(self.text):
                raise _Stop
            element = path + (index,)
            self.record(element, self.pos)
            self.value(element, depth)
            index += 1
            self.skip(_SPACE)
            if self.text.startswith(",", self.pos):
                self.pos += 1
            elif not self.text.startswith("]", self.pos):
                raise _Stop

    def inline_table(self, path: Path, depth: int) -> None:
        self.pos += 1
        while True:
            self.skip(_SPACE)
            if self.text.startswith("}", self.pos):
                self.pos += 1
                return
            self.pair(path, depth)
            self.skip(_SPACE)
            if self.text.startswith(",", self.pos):
                self.pos += 1
            elif not self.text.startswith("}", self.pos):
                raise _Stop


def _unescape(body: str) -> str:
    def replace(match: re.Match[str]) -> str:
        code = match.group(1) or match.group(2) or match.group(3)
        if code:
            number = int(code, 16)
            if number > 0x10FFFF:
                raise _Stop
            return chr(number)
        if match.group(4) not in _ESCAPES:
            raise _Stop
        return _ESCAPES[match.group(4)]

    return _ESCAPE.sub(replace, body)
