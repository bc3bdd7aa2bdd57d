"""Reading and checking lesson files (``lessons/*.toml``).

Every answer a lesson states is recomputed by the engine; a disagreement is
a problem, so a lesson can never teach something the engine calls wrong.
Problems are data (:class:`~tutorial.lessons.model.Problem`); a broken file
never stops the other lessons from loading. The format is documented in
``lessons/README.md``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..engine.cards import Card, CardError
from ..engine.errors import PositionError
from ..engine.posfile import from_dict, parse_toml, read_text
from ..engine.position import Dest
from ..engine.deal import COUNTS
from ..engine.rules import complete_turn, legal_destinations, turn_up
from ..resources import LESSONS_DIR
from .model import ANSWERED_KINDS, STEP_KINDS, Lesson, Problem, Step

TEXT_FIELDS = ("title", "text", "hint", "done")
_COMMON = {"id", "kind", "title", "text", "hint", "done", "position", "check"}
STEP_FIELDS = {
    "explain": _COMMON,
    "place": _COMMON | {"answer"},
    "muggins": _COMMON | {"play", "error", "placed", "penalty"},
    "next-card": _COMMON | {"answer", "choices"},
    "call": _COMMON | {"play", "answer", "late", "error"},
    "fits": _COMMON | {"cards", "answer"},
    "count": _COMMON | {"players", "ask", "answer"},
    "quiz": _COMMON | {"choices", "answer"},
    "deal": _COMMON | {"players", "seed"},
}
NEEDS_POSITION = ("place", "muggins", "next-card", "call")
LESSON_FIELDS = {"id", "title", "summary", "order", "positions", "steps", "sections"}
SECTION_IDS = ("§deal", "§counts", "§turn", "§priority", "§recycle", "§muggins", "§finish", "§match")
ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9-]*")


class LessonFileError(Exception):
    """A lesson file has problems: ``problems`` lists them all (at least one)."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(f"{p.path}:{p.line}: {p.code} {p.params}" for p in problems))
        self.problems = problems


class _Lines:
    """Finds the line of a step or key in the raw TOML text (tomllib gives none)."""

    def __init__(self, text: str):
        self.lines = text.splitlines()
        self.step_lines = [i + 1 for i, line in enumerate(self.lines) if re.match(r"\s*\[\[\s*steps\s*\]\]", line)]

    def top(self, name: str) -> int:
        """Line of a top-level key (before the first table header), or 0."""
        pattern = re.compile(rf"\s*\"?{re.escape(name)}\"?\s*=")
        for number, line in enumerate(self.lines, start=1):
            if line.lstrip().startswith("["):
                break
            if pattern.match(line):
                return number
        return 0

    def step(self, index: int) -> int:
        return self.step_lines[index] if index < len(self.step_lines) else 0

    def key(self, name: str, after: int = 0) -> int:
        stop = len(self.lines)
        if after:
            later = [n for n in self.step_lines if n > after]
            stop = later[0] - 1 if later else stop
        pattern = re.compile(rf"\s*\"?{re.escape(name)}\"?\s*=")
        for number in range(max(after, 1), stop + 1):
            if pattern.match(self.lines[number - 1]):
                return number
        return after


def _header(lines: _Lines, name: str) -> int:
    """Line of the first ``[name…]`` or ``[[name…]]`` header, or 1."""
    for number, line in enumerate(lines.lines, start=1):
        if re.match(rf"\s*\[+\s*{re.escape(name)}\b", line):
            return number
    return 1


def _cards(values: Any) -> list[Card]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise PositionError("bad-field", field="cards")
    out = []
    for value in values:
        try:
            out.append(Card.parse(value))
        except CardError:
            raise PositionError("unknown-card", card=value) from None
    return out


def _parse_gift(text: Any) -> tuple[str, Card]:
    if not isinstance(text, str) or ":" not in text:
        raise PositionError("bad-field", field="penalty")
    donor, _, card = text.rpartition(":")
    try:
        return donor.strip(), Card.parse(card)
    except CardError:
        raise PositionError("unknown-card", card=card) from None


def parse(text: str, path: str = "<lesson>") -> Lesson:
    """Parse and check lesson-file text. Raises :class:`LessonFileError` with every problem found."""
    problems: list[Problem] = []

    def problem(line: int, problem_code: str, **params) -> None:
        problems.append(Problem(path, line, problem_code, params))

    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        data = parse_toml(text)
    except PositionError as err:
        raise LessonFileError([Problem(path, err.params.get("line", 0), "invalid-toml", {"detail": err.params["detail"]})]) from None
    lines = _Lines(text)

    for key in data:
        if key not in LESSON_FIELDS:
            problem(lines.top(key) or _header(lines, key), "unknown-field", field=key)
    lesson_id = data.get("id")
    if not isinstance(lesson_id, str) or not ID_PATTERN.fullmatch(lesson_id):
        problem(lines.top("id") or 1, "bad-id", field="id", value="" if lesson_id is None else str(lesson_id))
        lesson_id = "?"
    for key in ("title", "summary"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            problem(lines.top(key) or 1, "missing-lesson-text", field=key)
    order = data.get("order", 0)
    if not isinstance(order, int) or isinstance(order, bool):
        problem(lines.top("order") or 1, "bad-field", field="order")
        order = 0

    sections = data.get("sections", [])
    if not isinstance(sections, list) or not all(isinstance(x, str) and x in SECTION_IDS for x in sections):
        problem(lines.top("sections") or 1, "bad-field", field="sections")
        sections = []

    named = data.get("positions", {})
    if not isinstance(named, dict):
        problem(lines.top("positions") or _header(lines, "positions"), "bad-field", field="positions")
        named = {}
    positions = {}
    broken = set()
    for name, table in named.items():
        try:
            positions[name] = from_dict(table)
        except PositionError as err:
            header = next((i + 1 for i, l in enumerate(lines.lines) if re.match(rf"\s*\[positions\.\"?{re.escape(name)}\"?\]", l)), 0)
            problem(header, "bad-position", position=name, error=err.code, **err.params)
            broken.add(name)

    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        problem(lines.top("steps") or _header(lines, "steps"), "no-steps")
        raw_steps = []
    steps = []
    seen_ids: set[str] = set()
    for index, raw in enumerate(raw_steps):
        line = lines.step(index)
        step = _parse_step(raw, index, line, positions, broken, lines, problem, seen_ids)
        if step is not None:
            steps.append(step)
    if problems:
        raise LessonFileError(problems)
    return Lesson(lesson_id, data["title"], data["summary"], order, tuple(steps), path, tuple(sections))


def _parse_step(raw, index, line, positions, broken, lines, problem, seen_ids) -> Step | None:
    if not isinstance(raw, dict):
        problem(line, "bad-field", field=f"steps[{index + 1}]")
        return None
    step_id = raw.get("id")
    if not isinstance(step_id, str) or not ID_PATTERN.fullmatch(step_id):
        problem(lines.key("id", line) or line, "bad-id", field="id", value=str(step_id))
        step_id = f"#{index + 1}"
    elif step_id in seen_ids:
        problem(lines.key("id", line) or line, "duplicate-step", step=step_id)
    seen_ids.add(step_id)
    kind = raw.get("kind")
    if kind not in STEP_KINDS:
        problem(lines.key("kind", line) or line, "unknown-kind", step=step_id, kind=str(kind))
        return None
    for key in raw:
        if key not in STEP_FIELDS[kind]:
            problem(lines.key(key, line), "unknown-field", field=key, step=step_id)
    texts = {}
    for key in TEXT_FIELDS:
        value = raw.get(key, "")
        if not isinstance(value, str) or (key in ("title", "text") and not value.strip()):
            problem(lines.key(key, line), "missing-text", field=key, step=step_id)
            value = ""
        texts[key] = value

    position = None
    source = raw.get("position")
    if isinstance(source, str):
        position = positions.get(source)
        if source in broken:
            return None  # already reported
        if position is None:
            problem(lines.key("position", line), "unknown-position", position=source, step=step_id)
            return None
    elif isinstance(source, dict):
        try:
            position = from_dict(source)
        except PositionError as err:
            problem(lines.key("position", line), "bad-position", position=step_id, error=err.code, **err.params)
            return None
    elif source is not None:
        problem(lines.key("position", line), "bad-field", field="position")
        return None
    if kind in NEEDS_POSITION and position is None:
        problem(line, "missing-position", step=step_id)
        return None
    check = raw.get("check", False)
    if not isinstance(check, bool):
        problem(lines.key("check", line), "bad-field", field="check")
        check = False
    if check and kind not in ANSWERED_KINDS:
        problem(lines.key("check", line), "check-not-answered", step=step_id, kind=kind)

    step = Step(id=step_id, kind=kind, line=line, position=position, check=check, **texts)
    if kind == "explain":
        return step
    if kind not in NEEDS_POSITION:
        try:
            return _CHECKS[kind](step, raw, lines, problem)
        except PositionError as err:
            problem(lines.key("answer", line) or line, "bad-answer", step=step_id, error=err.code, **err.params)
            return None
    turned = turn_up(position)
    if turned.card is None:
        problem(lines.key("position", line), "mover-has-no-card", step=step_id, player=position.mover)
        return None
    legal = legal_destinations(turned.position, turned.card)
    try:
        if kind == "place":
            return _check_place(step, raw, turned, legal, lines, problem)
        if kind == "muggins":
            return _check_muggins(step, raw, turned, legal, lines, problem)
        if kind == "call":
            return _check_call(step, raw, turned, legal, lines, problem)
        return _check_next_card(step, raw, turned, lines, problem)
    except PositionError as err:
        key = "play" if kind == "muggins" else "answer"
        problem(lines.key(key, line), "bad-answer", step=step_id, error=err.code, **err.params)
        return None


def _check_place(step, raw, turned, legal, lines, problem):
    answer = raw.get("answer")
    if not isinstance(answer, list) or not answer:
        problem(lines.key("answer", step.line), "missing-answer", step=step.id)
        return None
    stated = [turned.position.check_dest(Dest.parse(a)) for a in answer]
    if set(stated) != set(legal.dests):
        problem(lines.key("answer", step.line), "answer-disagrees", step=step.id,
                stated=", ".join(map(str, stated)), engine=", ".join(map(str, legal.dests)))
        return None
    return replace(step, turned=turned, legal=legal)


def _check_muggins(step, raw, turned, legal, lines, problem):
    play = raw.get("play")
    if not isinstance(play, str):
        problem(lines.key("play", step.line), "missing-answer", step=step.id)
        return None
    dest = turned.position.check_dest(Dest.parse(play))
    record = complete_turn(turned, dest, called=True, before=step.position)
    verdict = record.judgement
    line = lines.key("play", step.line)
    if verdict.error is None:
        problem(line, "answer-disagrees", step=step.id, stated=f"{play}: muggins", engine=f"{play}: legal")
        return None
    checks = [
        ("error", raw.get("error"), verdict.error),
        ("placed", raw.get("placed"), str(record.placed)),
    ]
    if "placed" in raw and isinstance(raw["placed"], str):
        checks[1] = ("placed", str(Dest.parse(raw["placed"])), str(record.placed))
    if "penalty" in raw:
        if not isinstance(raw["penalty"], list):
            raise PositionError("bad-field", field="penalty")
        stated = [_parse_gift(g) for g in raw["penalty"]]
        stated_text = ", ".join(f"{d}:{c}" for d, c in stated)
        checks.append(("penalty", stated_text, ", ".join(f"{g.donor}:{g.card}" for g in record.penalty)))
    for key, stated_value, engine_value in checks:
        if key in raw and stated_value != engine_value:
            problem(lines.key(key, step.line), "answer-disagrees", step=step.id, stated=str(stated_value), engine=engine_value)
            return None
    return replace(step, turned=turned, legal=legal, record=record)


def _check_next_card(step, raw, turned, lines, problem):
    answer = raw.get("answer")
    line = lines.key("answer", step.line)
    if not isinstance(answer, str):
        problem(line, "missing-answer", step=step.id)
        return None
    try:
        stated = Card.parse(answer)
    except CardError:
        raise PositionError("unknown-card", card=answer) from None
    if stated != turned.card:
        problem(line, "answer-disagrees", step=step.id, stated=str(stated), engine=str(turned.card))
        return None
    choices = _cards(raw.get("choices", []))
    if turned.card not in choices:
        problem(lines.key("choices", step.line) or line, "answer-not-offered", step=step.id, card=str(turned.card))
        return None
    twice = [c for c in choices if choices.count(c) > 1]
    if twice:
        problem(lines.key("choices", step.line), "duplicate-card", card=str(twice[0]))
        return None
    return replace(step, turned=turned, choices=tuple(choices))


def _check_call(step, raw, turned, legal, lines, problem):
    play = raw.get("play")
    if not isinstance(play, str):
        problem(lines.key("play", step.line), "missing-answer", step=step.id)
        return None
    late = raw.get("late", False)
    if not isinstance(late, bool):
        raise PositionError("bad-field", field="late")
    dest = turned.position.check_dest(Dest.parse(play))
    record = complete_turn(turned, dest, called=True, before=step.position)
    error = record.judgement.error
    engine = "call" if error is not None and not late else "accept"
    answer = raw.get("answer")
    if answer not in ("call", "accept"):
        problem(lines.key("answer", step.line) or step.line, "missing-answer", step=step.id)
        return None
    if answer != engine:
        problem(lines.key("answer", step.line), "answer-disagrees", step=step.id, stated=answer, engine=engine)
        return None
    if "error" in raw and raw["error"] != error:
        problem(lines.key("error", step.line), "answer-disagrees", step=step.id, stated=str(raw["error"]), engine=str(error))
        return None
    return replace(step, turned=turned, legal=legal, record=record, call=engine == "call", late=late)


def _check_fits(step, raw, lines, problem):
    cards = _cards(raw.get("cards"))
    if len(cards) != 2 or cards[0] == cards[1]:
        raise PositionError("bad-field", field="cards")
    fit = cards[0].fits(cards[1])
    answer = raw.get("answer")
    if answer not in ("fit", "no-fit"):
        problem(lines.key("answer", step.line) or step.line, "missing-answer", step=step.id)
        return None
    engine = "fit" if fit else "no-fit"
    if answer != engine:
        problem(lines.key("answer", step.line), "answer-disagrees", step=step.id, stated=answer, engine=engine)
        return None
    return replace(step, cards=tuple(cards), fit=fit)


def _check_count(step, raw, lines, problem):
    players, ask, answer = raw.get("players"), raw.get("ask"), raw.get("answer")
    if not isinstance(players, int) or isinstance(players, bool) or players not in COUNTS:
        raise PositionError("player-count", count=players)
    if ask not in ("cards", "commons"):
        raise PositionError("bad-field", field="ask")
    engine = COUNTS[players][0 if ask == "cards" else 1]
    if not isinstance(answer, int) or isinstance(answer, bool):
        problem(lines.key("answer", step.line) or step.line, "missing-answer", step=step.id)
        return None
    if answer != engine:
        problem(lines.key("answer", step.line), "answer-disagrees", step=step.id, stated=str(answer), engine=str(engine))
        return None
    return replace(step, players=(players,), ask=ask, number=engine)


def _check_quiz(step, raw, lines, problem):
    choices, answer = raw.get("choices"), raw.get("answer")
    if not isinstance(choices, list) or len(choices) < 2 or not all(isinstance(c, str) and c.strip() for c in choices):
        raise PositionError("bad-field", field="choices")
    if len(set(choices)) != len(choices):
        raise PositionError("bad-field", field="choices")
    if not isinstance(answer, int) or isinstance(answer, bool) or not 1 <= answer <= len(choices):
        problem(lines.key("answer", step.line) or step.line, "missing-answer", step=step.id)
        return None
    return replace(step, options=tuple(choices), number=answer - 1)


def _check_deal(step, raw, lines, problem):
    players = raw.get("players", sorted(COUNTS))
    seed = raw.get("seed", 1)
    if not isinstance(players, list) or not players or not all(p in COUNTS and not isinstance(p, bool) for p in players):
        raise PositionError("bad-field", field="players")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 10**9:
        raise PositionError("bad-field", field="seed")
    return replace(step, players=tuple(players), seed=seed)


_CHECKS = {"fits": _check_fits, "count": _check_count, "quiz": _check_quiz, "deal": _check_deal}


def load(path: str | Path) -> Lesson:
    """Read and check one lesson file. Raises :class:`LessonFileError`."""
    path = str(path)
    try:
        text = read_text(path)
    except PositionError as err:
        raise LessonFileError([Problem(path, 0, err.code, dict(err.params))]) from None
    return parse(text, path)


def load_all(folder: str | Path = LESSONS_DIR) -> tuple[list[Lesson], list[Problem]]:
    """Every lesson in ``folder`` (``*.toml``), in course order, plus the problems
    of the files that failed to load (those files are left out, the rest still load).
    A duplicate lesson id is a problem for the later file."""
    lessons: list[Lesson] = []
    problems: list[Problem] = []
    ids: set[str] = set()
    for path in sorted(Path(folder).glob("*.toml")):
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
