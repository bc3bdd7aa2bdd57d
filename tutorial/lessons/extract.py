"""Babel extraction method for lesson files (``method = "lessons"`` in pyproject.toml).

Collects every text field of a lesson (title, summary, and each step's
title, text, hint and done) as a message, with a translator comment naming
the lesson, the step and the field.
"""

from __future__ import annotations

import tomllib
from typing import Any, BinaryIO, Iterator

from .load import TEXT_FIELDS, _Lines


def extract_lessons(fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: dict) -> Iterator[tuple]:
    """Yield ``(line, None, message, [comment])`` for each text of a lesson file.

    A file that is not valid TOML yields nothing (``muggins lessons check``
    and the tests report it).
    """
    text = fileobj.read().decode("utf-8-sig")
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return
    lines = _Lines(text)
    lesson = data.get("id", "?")
    for key in ("title", "summary"):
        value = data.get(key)
        if isinstance(value, str) and value.strip():
            yield lines.key(key), None, value, [f"lesson {lesson}, {key}"]
    steps = data.get("steps", [])
    if not isinstance(steps, list):
        return
    for index, step in enumerate(steps):
        if not isinstance(step, dict):
            continue
        start = lines.step(index)
        for key in TEXT_FIELDS:
            value = step.get(key)
            if isinstance(value, str) and value.strip():
                yield lines.key(key, start), None, value, [f"lesson {lesson}, step {step.get('id', index + 1)}, {key}"]
        if step.get("kind") == "quiz" and isinstance(step.get("choices"), list):
            for number, value in enumerate(step["choices"], start=1):
                if isinstance(value, str) and value.strip():
                    yield lines.key("choices", start), None, value, [f"lesson {lesson}, step {step.get('id', index + 1)}, choice {number}"]
