"""Reading and checking lesson files (``lessons/*.toml``).

Every answer a lesson states is recomputed by the engine; a disagreement is
a problem, so a lesson can never teach something the engine calls wrong.
Problems are data (:class:`~tutorial.lessons.model.Problem`), each at the
line of the offending key or value (found with :mod:`tutorial.engine.locate`);
a broken file never stops the other lessons from loading. The format is
documented in ``lessons/README.md``.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

from ..engine.cards import Card, CardError
from ..engine.deal import COUNTS, MAX_SEED
from ..engine.errors import PositionError
from ..engine.locate import LineMap, Path as KeyPath, locate
from ..engine.posfile import from_dict, parse_toml, read_text
from ..engine.position import Dest, Position
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


class _Report:
    """Collects the problems of one file, each at the line of a key path."""

    def __init__(self, path: str, lines: LineMap):
        self.path = path
        self.lines = lines
        self.problems: list[Problem] = []

    def __call__(self, where: KeyPath, code: str, /, **params) -> None:
        """Add a problem at the line of the key path ``where`` (or of its nearest
        ancestor; else line 1). An ``at`` in ``params`` is dropped: the line says it."""
        params.pop("at", None)
        self.problems.append(Problem(self.path, self.lines.line(where) or 1, code, params))


def _moved(err: PositionError, at: KeyPath) -> PositionError:
    """``err`` with ``at`` set to the key path of the value it is about."""
    return PositionError(err.code, **{**err.params, "at": at})


def _shown(value: Any) -> str:
    """A TOML value as the lesson author wrote it, near enough: text as is, the rest as JSON."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cards(values: Any, field: str) -> list[Card]:
    """Cards from a list of card texts; errors carry ``at`` relative to the step."""
    if not isinstance(values, list):
        raise PositionError("bad-field", field=field, at=(field,))
    out = []
    for number, value in enumerate(values):
        try:
            out.append(Card.parse(value))
        except CardError as err:
            raise PositionError("unknown-card", card=value if isinstance(value, str) else err.text,
                                at=(field, number)) from None
    return out


def _dest(text: Any, position: Position, at: KeyPath) -> Dest:
    try:
        return position.check_dest(Dest.parse(text))
    except PositionError as err:
        raise _moved(err, at) from None


def _parse_gift(text: Any, at: KeyPath) -> tuple[str, Card]:
    if not isinstance(text, str) or ":" not in text:
        raise PositionError("bad-field", field="penalty", at=at)
    donor, _, card = text.rpartition(":")
    try:
        return donor.strip(), Card.parse(card)
    except CardError:
        raise PositionError("unknown-card", card=card, at=at) from None


def parse(text: str, path: str = "<lesson>") -> Lesson:
    """Parse and check lesson-file text. Raises :class:`LessonFileError` with every
    problem found, each at the line of the offending key or value."""
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        data = parse_toml(text)
    except PositionError as err:
        if err.code == "number-too-large":
            raise LessonFileError([Problem(path, err.params["line"], err.code, {"line": err.params["line"]})]) from None
        raise LessonFileError([Problem(path, err.params.get("line", 0), "invalid-toml", {"detail": err.params["detail"]})]) from None
    problem = _Report(path, locate(text))

    for key in data:
        if key not in LESSON_FIELDS:
            problem((key,), "unknown-field", field=key)
    lesson_id = data.get("id")
    if not isinstance(lesson_id, str) or not ID_PATTERN.fullmatch(lesson_id):
        problem(("id",), "bad-id", field="id", value="" if lesson_id is None else _shown(lesson_id))
        lesson_id = "?"
    for key in ("title", "summary"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            problem((key,), "missing-lesson-text", field=key)
    order = data.get("order", 0)
    if not _is_int(order):
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
            problem(("positions", name) + err.params.get("at", ()), "bad-position", position=name, error=err.code, **err.params)
            broken.add(name)

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


def _parse_step(raw, at: KeyPath, positions, broken, problem: _Report, seen_ids) -> Step | None:
    line = problem.lines.line(at)
    if not isinstance(raw, dict):
        problem(at, "bad-field", field=f"steps[{at[-1] + 1}]")
        return None
    step_id = raw.get("id")
    if not isinstance(step_id, str) or not ID_PATTERN.fullmatch(step_id):
        problem(at + ("id",), "bad-id", field="id", value="" if step_id is None else _shown(step_id))
        step_id = f"#{at[-1] + 1}"
    elif step_id in seen_ids:
        problem(at + ("id",), "duplicate-step", step=step_id)
    seen_ids.add(step_id)
    kind = raw.get("kind")
    if kind not in STEP_KINDS:
        problem(at + ("kind",), "unknown-kind", step=step_id, kind="" if kind is None else _shown(kind))
        return None
    for key in raw:
        if key not in STEP_FIELDS[kind]:
            problem(at + (key,), "unknown-field", field=key, step=step_id)
    texts = {}
    for key in TEXT_FIELDS:
        value = raw.get(key, "")
        if not isinstance(value, str) or (key in ("title", "text") and not value.strip()):
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
            problem(at + ("position",) + err.params.get("at", ()), "bad-position", position=step_id, error=err.code, **err.params)
            return None
    elif source is not None:
        problem(at + ("position",), "bad-field", field="position")
        return None
    if kind in NEEDS_POSITION and position is None:
        problem(at, "missing-position", step=step_id)
        return None
    check = raw.get("check", False)
    if not isinstance(check, bool):
        problem(at + ("check",), "bad-field", field="check")
        check = False
    if check and kind not in ANSWERED_KINDS:
        problem(at + ("check",), "check-not-answered", step=step_id, kind=kind)

    step = Step(id=step_id, kind=kind, line=line, position=position, check=check, **texts)
    if kind == "explain":
        return step

    def report(where: str | KeyPath, code: str, /, **params) -> None:
        """A problem of this step at its key (or key path) ``where``; ``""``: the step itself."""
        problem(at + ((where,) if isinstance(where, str) and where else tuple(where)), code, step=step_id, **params)

    try:
        if kind not in NEEDS_POSITION:
            return _CHECKS[kind](step, raw, report)
        turned = turn_up(position)
        if turned.card is None:
            report("position", "mover-has-no-card", player=position.mover)
            return None
        legal = legal_destinations(turned.position, turned.card)
        if kind == "place":
            return _check_place(step, raw, turned, legal, report)
        if kind == "muggins":
            return _check_muggins(step, raw, turned, legal, report)
        if kind == "call":
            return _check_call(step, raw, turned, legal, report)
        return _check_next_card(step, raw, turned, report)
    except PositionError as err:  # each carries `at`, relative to the step
        default = ("play",) if kind == "muggins" else ("answer",)
        problem(at + err.params.get("at", default), "bad-answer", step=step_id, error=err.code, **err.params)
        return None


_Reporter = Callable[..., None]


def _answer(raw: dict, report: _Reporter, key: str = "answer") -> tuple[bool, Any]:
    """``(present, value)`` of the step's answer; a missing one is reported."""
    if key not in raw:
        report("", "missing-answer")
        return False, None
    return True, raw[key]


def _one_of(value: Any, choices: tuple[str, ...], kind: str, report: _Reporter) -> bool:
    """True when ``value`` is one of ``choices``; else an ``invalid-answer`` is reported."""
    if value in choices and isinstance(value, str):
        return True
    report("answer", "invalid-answer", answer=_shown(value), kind=kind, choices=choices)
    return False


def _check_place(step, raw, turned, legal, report):
    present, answer = _answer(raw, report)
    if not present:
        return None
    if not isinstance(answer, list) or not answer:
        report("answer", "invalid-answer", answer=_shown(answer), kind=step.kind)
        return None
    stated = [_dest(a, turned.position, ("answer", number)) for number, a in enumerate(answer)]
    if set(stated) != set(legal.dests):
        report("answer", "answer-disagrees", stated=", ".join(map(str, stated)), engine=", ".join(map(str, legal.dests)))
        return None
    return replace(step, turned=turned, legal=legal)


def _check_muggins(step, raw, turned, legal, report):
    present, play = _answer(raw, report, "play")
    if not present:
        return None
    dest = _dest(play, turned.position, ("play",))
    record = complete_turn(turned, dest, called=True, before=step.position)
    verdict = record.judgement
    if verdict.error is None:
        report("play", "answer-disagrees", stated=f"{play}: muggins", engine=f"{play}: legal")
        return None
    checks = [("error", raw.get("error"), verdict.error)]
    if "placed" in raw:
        checks.append(("placed", str(_dest(raw["placed"], turned.position, ("placed",))), str(record.placed)))
    if "penalty" in raw:
        if not isinstance(raw["penalty"], list):
            raise PositionError("bad-field", field="penalty", at=("penalty",))
        stated = [_parse_gift(g, ("penalty", number)) for number, g in enumerate(raw["penalty"])]
        stated_text = ", ".join(f"{d}:{c}" for d, c in stated)
        checks.append(("penalty", stated_text, ", ".join(f"{g.donor}:{g.card}" for g in record.penalty)))
    for key, stated_value, engine_value in checks:
        if key in raw and stated_value != engine_value:
            report(key, "answer-disagrees", stated=_shown(stated_value), engine=engine_value)
            return None
    return replace(step, turned=turned, legal=legal, record=record)


def _check_next_card(step, raw, turned, report):
    present, answer = _answer(raw, report)
    if not present:
        return None
    if not isinstance(answer, str):
        report("answer", "invalid-answer", answer=_shown(answer), kind=step.kind)
        return None
    try:
        stated = Card.parse(answer)
    except CardError:
        raise PositionError("unknown-card", card=answer, at=("answer",)) from None
    if stated != turned.card:
        report("answer", "answer-disagrees", stated=str(stated), engine=str(turned.card))
        return None
    choices = _cards(raw.get("choices", []), "choices")
    if turned.card not in choices:
        report("choices", "answer-not-offered", card=str(turned.card))
        return None
    for number, card in enumerate(choices):
        if card in choices[:number]:
            report(("choices", number), "duplicate-card", card=str(card))
            return None
    return replace(step, turned=turned, choices=tuple(choices))


def _check_call(step, raw, turned, legal, report):
    present, play = _answer(raw, report, "play")
    if not present:
        return None
    late = raw.get("late", False)
    if not isinstance(late, bool):
        raise PositionError("bad-field", field="late", at=("late",))
    dest = _dest(play, turned.position, ("play",))
    record = complete_turn(turned, dest, called=True, before=step.position)
    error = record.judgement.error
    engine = "call" if error is not None and not late else "accept"
    present, answer = _answer(raw, report)
    if not present or not _one_of(answer, ("call", "accept"), step.kind, report):
        return None
    if answer != engine:
        report("answer", "answer-disagrees", stated=answer, engine=engine)
        return None
    if "error" in raw and raw["error"] != error:
        report("error", "answer-disagrees", stated=_shown(raw["error"]), engine=str(error))
        return None
    return replace(step, turned=turned, legal=legal, record=record, call=engine == "call", late=late)


def _check_fits(step, raw, report):
    cards = _cards(raw.get("cards"), "cards")
    if len(cards) != 2 or cards[0] == cards[1]:
        raise PositionError("bad-field", field="cards", at=("cards",))
    fit = cards[0].fits(cards[1])
    present, answer = _answer(raw, report)
    if not present or not _one_of(answer, ("fit", "no-fit"), step.kind, report):
        return None
    engine = "fit" if fit else "no-fit"
    if answer != engine:
        report("answer", "answer-disagrees", stated=answer, engine=engine)
        return None
    return replace(step, cards=tuple(cards), fit=fit)


def _check_count(step, raw, report):
    players, ask = raw.get("players"), raw.get("ask")
    if not _is_int(players):
        raise PositionError("bad-field", field="players", at=("players",))
    if players not in COUNTS:
        raise PositionError("player-count", count=players, at=("players",))
    if ask not in ("cards", "commons"):
        raise PositionError("bad-field", field="ask", at=("ask",))
    engine = COUNTS[players][0 if ask == "cards" else 1]
    present, answer = _answer(raw, report)
    if not present:
        return None
    if not _is_int(answer):
        report("answer", "invalid-answer", answer=_shown(answer), kind=step.kind)
        return None
    if answer != engine:
        report("answer", "answer-disagrees", stated=str(answer), engine=str(engine))
        return None
    return replace(step, players=(players,), ask=ask, number=engine)


def _check_quiz(step, raw, report):
    choices = raw.get("choices")
    if not isinstance(choices, list) or len(choices) < 2:
        raise PositionError("bad-field", field="choices", at=("choices",))
    for number, choice in enumerate(choices):
        if not isinstance(choice, str) or not choice.strip() or choice in choices[:number]:
            raise PositionError("bad-field", field="choices", at=("choices", number))
    present, answer = _answer(raw, report)
    if not present:
        return None
    if not _is_int(answer):
        report("answer", "invalid-answer", answer=_shown(answer), kind=step.kind)
        return None
    if not 1 <= answer <= len(choices):
        report("answer", "answer-out-of-range", answer=str(answer), low=1, high=len(choices))
        return None
    return replace(step, options=tuple(choices), number=answer - 1)


def _check_deal(step, raw, report):
    players = raw.get("players", sorted(COUNTS))
    seed = raw.get("seed", 1)
    if not isinstance(players, list) or not players:
        raise PositionError("bad-field", field="players", at=("players",))
    for number, count in enumerate(players):
        if not _is_int(count):
            raise PositionError("bad-field", field="players", at=("players", number))
        if count not in COUNTS:
            raise PositionError("player-count", count=count, at=("players", number))
    if not _is_int(seed) or not 0 <= seed < MAX_SEED:
        raise PositionError("bad-field", field="seed", at=("seed",))
    return replace(step, players=tuple(players), seed=seed)


_CHECKS = {"fits": _check_fits, "count": _check_count, "quiz": _check_quiz, "deal": _check_deal}


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
    except Exception as exc:  # a bug in the checker must not stop the other lessons
        raise LessonFileError([Problem(path, 0, "check-failed", {"detail": _failure(exc)})]) from None


def _failure(exc: Exception) -> str:
    try:
        return f"{type(exc).__name__}: {exc}"
    except Exception:  # even str(exc) can fail
        return type(exc).__name__


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
