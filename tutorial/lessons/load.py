"""Reading and checking lesson files (``lessons/*.toml``).

Every answer a lesson states is recomputed by the engine; a disagreement is
a problem, so a lesson can never teach something the engine calls wrong. Every
position is also checked for piles that play by the rules cannot build
(:mod:`.plausible`), so a lesson never shows a table that cannot happen.
Problems are data (:class:`~tutorial.lessons.model.Problem`), each at the
line of the offending key or value (found with :mod:`tutorial.engine.locate`);
a broken file never stops the other lessons from loading. The format is
documented in ``lessons/README.md``.
"""

from __future__ import annotations

import logging
import re
import traceback
from pathlib import Path

from ..engine.errors import PositionError
from ..engine.locate import LineMap, locate
from ..engine.locate import Path as KeyPath
from ..engine.posfile import from_dict, parse_toml, read_text
from ..engine.position import Position
from ..resources import LESSONS_DIR
from ..rulebook import SECTION_IDS
from .coverage import RULE_IDS
from .model import Lesson, Problem
from .plausible import impossible_piles
from .steps import COMMON_KEYS, KINDS, TEXT_FIELDS, Step, is_int, shown

log = logging.getLogger(__name__)

LESSON_FIELDS = {"id", "title", "summary", "order", "positions", "steps", "sections"}
ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9-]*")


class LessonFileError(Exception):
    """A lesson file has problems: ``problems`` lists them all (at least one)."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(f"{p.path}:{p.line}: {p.code} {p.params}" for p in problems))
        self.problems = problems


class _Report:
    """Collects the problems of one file, each at the line of a key path."""

    def __init__(self, path: str, lines: LineMap):
        self.path = path
        self.lines = lines
        self.problems: list[Problem] = []

    def __call__(self, where: KeyPath, code: str, /, **params: object) -> None:
        """Add a problem at the line of the key path ``where`` (or of its nearest
        ancestor; else line 1). An ``at`` in ``params`` is dropped: the line says it."""
        params.pop("at", None)
        self.problems.append(Problem(self.path, self.lines.line(where) or 1, code, params))


def parse(text: str, path: str = "<lesson>") -> Lesson:
    """Parse and check lesson-file text. Raises :class:`LessonFileError` with every
    problem found, each at the line of the offending key or value."""
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        data = parse_toml(text)
    except PositionError as err:
        if err.code == "number-too-large":
            raise LessonFileError([Problem(path, _line(err), err.code, {"line": err.params["line"]})]) from None
        raise LessonFileError([Problem(path, _line(err), "invalid-toml", {"detail": err.params["detail"]})]) from None
    problem = _Report(path, locate(text))

    for key in data:
        if key not in LESSON_FIELDS:
            problem((key,), "unknown-field", field=key)
    lesson_id = data.get("id")
    if not isinstance(lesson_id, str) or not ID_PATTERN.fullmatch(lesson_id):
        problem(("id",), "bad-id", field="id", value="" if lesson_id is None else shown(lesson_id))
        lesson_id = "?"
    for key in ("title", "summary"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            problem((key,), "missing-lesson-text", field=key)
    order = data.get("order", 0)
    if not is_int(order):
        problem(("order",), "bad-field", field="order")
        order = 0

    sections = data.get("sections", [])
    if not isinstance(sections, list):
        problem(("sections",), "bad-field", field="sections")
        sections = []
    for number, section in enumerate(sections):
        if section not in SECTION_IDS:
            problem(("sections", number), "bad-field", field="sections")
            sections = []
            break

    named = data.get("positions", {})
    if not isinstance(named, dict):
        problem(("positions",), "bad-field", field="positions")
        named = {}
    positions = {}
    broken = set()
    for name, table in named.items():
        try:
            positions[name] = from_dict(table)
        except PositionError as err:
            problem(("positions", name) + _at(err), "bad-position", position=name, error=err.code, **err.params)
            broken.add(name)
            continue
        for where, code, params in impossible_piles(positions[name]):
            problem(("positions", name) + where, code, position=name, **params)

    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        problem(("steps",), "no-steps")
        raw_steps = []
    steps = []
    seen_ids: set[str] = set()
    for index, raw in enumerate(raw_steps):
        step = _parse_step(raw, ("steps", index), positions, broken, problem, seen_ids)
        if step is not None:
            steps.append(step)
    if problem.problems:
        raise LessonFileError(problem.problems)
    return Lesson(lesson_id, data["title"], data["summary"], order, tuple(steps), path, tuple(sections))


def _control(text: str) -> bool:
    """Whether ``text`` holds a control character other than a line break or a tab."""
    return any((ord(ch) < 32 and ch not in "\n\t") or ord(ch) == 127 for ch in text)


def _at(err: PositionError, default: KeyPath = ()) -> KeyPath:
    """Where an error is, relative to what was read (its ``at``), or ``default``."""
    at = err.params.get("at", default)
    return tuple(at) if isinstance(at, (tuple, list)) else default


def _line(err: PositionError) -> int:
    line = err.params.get("line", 0)
    return line if isinstance(line, int) else 0


def _number(at: KeyPath) -> int:
    """The 1-based number of the list item at the end of ``at``."""
    return at[-1] + 1 if at and isinstance(at[-1], int) else 0


def _parse_step(raw: object, at: KeyPath, positions: dict[str, Position], broken: set[str], problem: _Report,
                seen_ids: set[str]) -> Step | None:
    line = problem.lines.line(at)
    if not isinstance(raw, dict):
        problem(at, "bad-field", field=f"steps[{_number(at)}]")
        return None
    step_id = raw.get("id")
    if not isinstance(step_id, str) or not ID_PATTERN.fullmatch(step_id):
        problem(at + ("id",), "bad-id", field="id", value="" if step_id is None else shown(step_id))
        step_id = f"#{_number(at)}"
    elif step_id in seen_ids:
        problem(at + ("id",), "duplicate-step", step=step_id)
    seen_ids.add(step_id)
    kind_name = raw.get("kind")
    kind = KINDS.get(kind_name) if isinstance(kind_name, str) else None
    if kind is None:
        problem(at + ("kind",), "unknown-kind", step=step_id, kind="" if raw.get("kind") is None else shown(raw.get("kind")))
        return None
    for key in raw:
        if key not in COMMON_KEYS | kind.keys:
            problem(at + (key,), "unknown-field", field=key, step=step_id)
    texts = {}
    for key in TEXT_FIELDS:
        value = raw.get(key, "")
        if not isinstance(value, str) or (key in ("title", "text") and not value.strip()) or _control(value):
            problem(at + (key,), "missing-text", field=key, step=step_id)
            value = ""
        texts[key] = value

    position = None
    source = raw.get("position")
    if isinstance(source, str):
        position = positions.get(source)
        if source in broken:
            return None  # already reported
        if position is None:
            problem(at + ("position",), "unknown-position", position=source, step=step_id)
            return None
    elif isinstance(source, dict):
        try:
            position = from_dict(source)
        except PositionError as err:
            problem(at + ("position",) + _at(err), "bad-position", position=step_id, error=err.code, **err.params)
            return None
        for where, code, params in impossible_piles(position):
            problem(at + ("position",) + where, code, position=step_id, **params)
    elif source is not None:
        problem(at + ("position",), "bad-field", field="position")
        return None
    if kind.needs_position and position is None:
        problem(at, "missing-position", step=step_id)
        return None
    check = raw.get("check", False)
    if not isinstance(check, bool):
        problem(at + ("check",), "bad-field", field="check")
        check = False
    if check and not kind.answered:
        problem(at + ("check",), "check-not-answered", step=step_id, kind=kind.kind)
    you = raw.get("you", kind.default_you(position))
    if "you" in raw and (position is None or you not in position.players):
        problem(at + ("you",), "unknown-player", player=shown(you), step=step_id)
        return None

    teaches = raw.get("teaches", [])
    if not isinstance(teaches, list) or not all(isinstance(item, str) for item in teaches):
        problem(at + ("teaches",), "bad-field", field="teaches")
        teaches = []
    for index, item in enumerate(teaches):
        if item not in RULE_IDS:
            problem(at + ("teaches", index), "unknown-rule", rule=shown(item), step=step_id)
    teaches = [item for item in teaches if item in RULE_IDS]

    def report(where: str | KeyPath, code: str, /, **params: object) -> None:
        """A problem of this step at its key (or key path) ``where``; ``""``: the step itself."""
        problem(at + ((where,) if isinstance(where, str) and where else tuple(where)), code, step=step_id, **params)

    common = dict(id=step_id, line=line, position=position, check=check, you=you, teaches=tuple(teaches), **texts)
    try:
        return kind.build(common, raw, report)
    except PositionError as err:  # each carries `at`, relative to the step
        default = ("play",) if "play" in kind.keys else ("answer",)
        problem(at + _at(err, default), "bad-answer", step=step_id, error=err.code, **err.params)
        return None


def lesson_files(folder: str | Path) -> list[Path]:
    """The lesson files in ``folder``: every ``*.toml``, sorted by name."""
    return sorted(Path(folder).glob("*.toml"))


def load(path: str | Path) -> Lesson:
    """Read and check one lesson file. Raises :class:`LessonFileError`, and only
    that: even an unexpected failure while checking becomes a ``check-failed``
    problem (``detail``: the exception) of this file."""
    path = str(path)
    try:
        return parse(read_text(path), path)
    except PositionError as err:  # from read_text
        raise LessonFileError([Problem(path, 0, err.code, dict(err.params))]) from None
    except LessonFileError:
        raise
    except Exception as exc:  # a bug in the checker must not stop the other lessons: reported and logged
        log.warning("checking the lesson file %s failed", path, exc_info=True)
        raise LessonFileError([Problem(path, 0, "check-failed", {"detail": _failure(exc)})]) from None


def _failure(exc: Exception) -> str:
    """``Type: message`` of ``exc`` (``traceback`` copes with a ``__str__`` that fails)."""
    return "".join(traceback.format_exception_only(exc)).strip()


def load_all(folder: str | Path = LESSONS_DIR) -> tuple[list[Lesson], list[Problem]]:
    """Every lesson in ``folder`` (:func:`lesson_files`), in course order, plus the
    problems of the files that failed to load (those files are left out, the
    rest still load; no exception from one file stops the others).
    A duplicate lesson id is a problem for the later file."""
    lessons: list[Lesson] = []
    problems: list[Problem] = []
    ids: set[str] = set()
    for path in lesson_files(folder):
        try:
            lesson = load(path)
        except LessonFileError as err:
            problems.extend(err.problems)
            continue
        if lesson.id in ids:
            problems.append(Problem(str(path), 1, "duplicate-lesson", {"lesson": lesson.id}))
            continue
        ids.add(lesson.id)
        lessons.append(lesson)
    lessons.sort(key=lambda lesson: (lesson.order, lesson.id))
    return lessons, problems
