"""``muggins train``: one training exercise (issue 19) with its answer, or the list of themes.

``muggins train --theme T --level L --seed S [--json] [--lang en|es]`` prints the exercise
of the code ``T.L.S`` — the position, the question and its right answer with the narrator's
explanation — and ``--json`` the same as one object, in the style of ``muggins explain``.
``muggins train --list`` lists the themes and their levels. A bad theme, level or seed
exits with status 2 and one line.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from tutorial.engine.position import Position
from tutorial.i18n import LANGUAGES, translations
from tutorial.lessons.steps import Call, Fits, TurnStep
from tutorial.training.code import ExerciseCode, ExerciseCodeError
from tutorial.training.generate import Exercise, exercise_for
from tutorial.training.themes import THEMES
from tutorial.training.words import level_text, tell, theme_description, theme_name
from tutorial.words import clip


class TrainInputError(Exception):
    """A bad option of ``muggins train``: ``where`` and a one-line ``problem``."""

    def __init__(self, where: str, problem: str):
        super().__init__(f"{where}: {problem}")


def add_parser(commands) -> None:  # type: ignore[no-untyped-def]
    """Add ``train`` to the ``muggins`` sub-commands."""
    tr = commands.add_parser("train", help="make a training exercise and show its answer, or list the themes")
    tr.add_argument("--theme", metavar="T", help="the theme (see --list)")
    tr.add_argument("--level", metavar="L", help="the level, 1 to 3")
    tr.add_argument("--seed", metavar="S", help="the seed, 1 to 9 digits")
    tr.add_argument("--list", action="store_true", help="list the themes and their levels")
    tr.add_argument("--json", action="store_true", help="print one JSON object")
    tr.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the text")


def code_problem(err: ExerciseCodeError, lang: str) -> tuple[str, str]:
    """Where a bad code is (the option) and the problem in words."""
    _ = translations(lang).gettext

    def typed(name: str) -> str:  # what was typed, cut as every other command's errors cut it
        return clip(str(err.params.get(name, "")), 20)

    if err.code == "unknown-theme":
        return "--theme", _("unknown theme {theme!r} (muggins train --list shows them)").format(theme=typed("theme"))
    if err.code == "bad-level":
        return "--level", _("the level must be a whole number from 1 to {levels}, not {level!r}").format(
            levels=err.params.get("levels", 3), level=typed("level"))
    if err.code == "bad-seed":
        return "--seed", _("the seed must be 1 to 9 ASCII digits, not {seed!r}").format(seed=typed("seed"))
    return "train", _("not an exercise code: {text!r}").format(text=typed("text"))


def position_dict(position: Position) -> dict[str, Any]:
    """A position in the position-file layout, as JSON."""
    return {
        "players": list(position.players),
        "to_move": position.mover,
        "commons": [[str(card) for card in pile] for pile in position.commons],
        "stocks": {name: [str(card) for card in pile] for name, pile in zip(position.players, position.stocks, strict=True)},
        "discards": {name: [str(card) for card in pile] for name, pile in zip(position.players, position.discards, strict=True)},
    }


def exercise_result(exercise: Exercise, lang: str) -> dict[str, object]:
    """The ``train`` result as a dict with the documented JSON keys (``text``: the plain output)."""
    told = tell(exercise, lang)
    step = exercise.step
    code = exercise.code
    result: dict[str, object] = {
        "code": str(code), "theme": code.theme, "level": code.level, "seed": code.seed, "attempt": exercise.attempt,
        "kind": step.kind, "title": told.title, "you": step.you,
        "position": None if step.position is None else position_dict(step.position),
        "mover": None if step.position is None else step.position.mover,
    }
    if isinstance(step, TurnStep):
        result["card"] = None if step.turned.card is None else str(step.turned.card)
        result["recycled"] = step.turned.recycled
    if isinstance(step, Call):
        result["play"] = str(step.judgement.dest)
        result["late"] = step.late
        result["error"] = step.judgement.error
    if isinstance(step, Fits):
        result["cards"] = [str(card) for card in step.cards]
    if exercise.record is not None:
        result["before"] = position_dict(exercise.record.before)
        result["penalty"] = [{"from": gift.donor, "card": str(gift.card)} for gift in exercise.record.penalty]
    result.update({
        "story": list(told.story), "question": "\n".join((told.text, *told.question)),
        "options": [value for value, _words in told.options], "answer": [value for value, _words in told.answer],
        "explanation": told.explanation,
    })
    _ = translations(lang).gettext
    lines = [_("Exercise {code}: {title}, level {level}").format(code=code, title=told.title, level=code.level)]
    if step.position is not None:
        lines += ["", str(step.position), ""]
    lines += [*told.story, told.text, *told.question]
    lines += [_("Choices: {choices}").format(choices="; ".join(f"{value} ({words})" if words != value else value
                                                                  for value, words in told.options))]
    lines += [_("Answer: {answer}").format(answer="; ".join(f"{value} ({words})" if words != value else value
                                                           for value, words in told.answer)), told.explanation]
    result["text"] = "\n".join(lines)
    return result


def theme_list(lang: str) -> tuple[list[dict[str, object]], str]:
    """Every theme with its levels and lessons, as JSON and as text."""
    tr = translations(lang)
    data: list[dict[str, object]] = []
    lines = []
    for theme in THEMES:
        levels = [level_text(theme, level, tr) for level in range(1, theme.level_count + 1)]
        data.append({"theme": theme.id, "name": theme_name(theme, tr), "description": theme_description(theme, tr),
                     "levels": levels, "lessons": list(theme.lessons), "sections": list(theme.sections)})
        lines.append(f"{theme.id}: {theme_name(theme, tr)} ({', '.join(theme.lessons)})")
        lines += [f"  {level}. {text}" for level, text in enumerate(levels, start=1)]
    return data, "\n".join(lines)


def train(args: argparse.Namespace) -> int:
    """Run ``muggins train``."""
    if args.list:
        data, text = theme_list(args.lang)
        print(json.dumps({"themes": data}, ensure_ascii=False) if args.json else text)
        return 0
    for option in ("theme", "level", "seed"):
        if getattr(args, option) is None:
            raise TrainInputError(f"--{option}", translations(args.lang).gettext(
                "needed (or --list to list the themes)"))
    try:
        code = ExerciseCode.of(args.theme, args.level, args.seed)
    except ExerciseCodeError as err:
        raise TrainInputError(*code_problem(err, args.lang)) from None
    result = exercise_result(exercise_for(code), args.lang)
    said = str(result.pop("text"))
    print(json.dumps(result, ensure_ascii=False) if args.json else said)
    return 0
