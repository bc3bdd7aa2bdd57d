"""Babel extraction method for lesson files (``method = "lessons"`` in pyproject.toml).

Collects every text field of a lesson (title, summary, and each step's
title, text, hint and done) as a message, with a translator comment naming
the lesson, the step and the field.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, BinaryIO

from ..engine.errors import PositionError
from ..engine.locate import locate
from ..engine.posfile import parse_toml
from .steps import KINDS, TEXT_FIELDS


def extract_lessons(fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: dict[str, Any]) -> Iterator[tuple[int, None, str, list[str]]]:
    """Yield ``(line, None, message, [comment])`` for each text of a lesson file,
    at the line of its key (a quiz choice: the line of that choice).

    A file that is not UTF-8 or not valid TOML (a number too large included)
    yields nothing (``muggins lessons check`` and the tests report it).
    """
    try:
        text = fileobj.read().decode("utf-8-sig")
        data = parse_toml(text)
    except (UnicodeDecodeError, PositionError):
        return
    lines = locate(text)
    lesson = data.get("id", "?")
    for key in ("title", "summary"):
        value = data.get(key)
        if isinstance(value, str) and value.strip():
            yield lines.line((key,)), None, value, [f"lesson {lesson}, {key}"]
    steps = data.get("steps", [])
    if not isinstance(steps, list):
        return
    for index, step in enumerate(steps):
        if not isinstance(step, dict):
            continue
        name = step.get("id", index + 1)
        for key in TEXT_FIELDS:
            value = step.get(key)
            if isinstance(value, str) and value.strip():
                yield lines.line(("steps", index, key)), None, value, [f"lesson {lesson}, step {name}, {key}"]
        kind_name = step.get("kind")
        kind = KINDS.get(kind_name) if isinstance(kind_name, str) else None
        if kind is not None:
            for where, value, label in kind.extra_texts(step):
                yield lines.line(("steps", index) + where), None, value, [f"lesson {lesson}, step {name}, {label}"]
