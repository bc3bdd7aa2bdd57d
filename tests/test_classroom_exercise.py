"""A training exercise asked of the class (issue 19): its target reads back what it writes,
a bad code is refused, and a room runs it as it runs a lesson step — every student gets the
same exercise, answers are judged by its step, tallied, revealed with the engine's answer
and named by code and theme in the summary and its CSV."""

from __future__ import annotations

import csv
import io
import random

import pytest
from test_classroom_sessions import COURSE, EN, ES, joined, opened, rooms  # noqa: F401 (rooms: a fixture)

from tutorial.classroom.targets import (
    Asked,
    DealTarget,
    ExerciseTarget,
    StepTarget,
    exercise_asked,
    exercise_target,
    parse_target,
)
from tutorial.classroom.words import asked_heading, story_lines
from tutorial.engine.bots import all_destinations
from tutorial.engine.deal import DealCode
from tutorial.lessons.steps import TurnStep
from tutorial.training.code import ExerciseCode, ExerciseCodeError
from tutorial.training.generate import exercise_for
from tutorial.training.themes import THEMES

CODE = "nearest-opponent.2.48213"


def wrong_choice(asked: Asked) -> str:
    """A choice the exercise's step judges wrong (an option, or a pile of its table)."""
    step = asked.step
    offered = [option.value for option in step.options()]
    if not offered and isinstance(step, TurnStep):
        offered = [str(dest) for dest in all_destinations(step.turned.position)]
    return next(value for value in offered if value not in step.right)


# ----- the target -------------------------------------------------------------------------------
def test_an_exercise_target_reads_back_its_code_and_bad_codes_are_refused():
    target = ExerciseTarget(ExerciseCode.parse(CODE))
    assert str(target) == f"exercise/{CODE}" and parse_target(str(target)) == target
    assert exercise_target(f" {CODE} ") == target
    for text in ("exercise/", "exercise/no-such-theme.1.5", "exercise/no-wrap.4.5", "exercise/no-wrap.0.5",
                 "exercise/no-wrap.1.x", "exercise/no-wrap.1.1234567890", "exercise/no-wrap.1", "exercise/no-wrap.1.05",
                 f"exercise/{CODE}/x", f"exercise/ {CODE}"):
        assert parse_target(text) is None, text
    for text, code in (("no-such-theme.1.5", "unknown-theme"), ("no-wrap.9.5", "bad-level"),
                       ("no-wrap.1.-5", "bad-seed"), ("hello", "bad-code")):
        with pytest.raises(ExerciseCodeError) as caught:
            exercise_target(text)
        assert caught.value.code == code


def test_the_teacher_is_told_why_a_code_cannot_be_asked(rooms):  # noqa: F811
    teacher = opened(rooms)
    assert teacher.exercise(CODE) == exercise_target(CODE)
    teacher.ask_exercise("no-such.1.5", 0)
    assert teacher.room().round == 0, "a bad code asks nothing"
    teacher.ask_exercise(f" {CODE} ", 0)
    assert teacher.room().target == f"exercise/{CODE}"
    assert teacher.exercise("no-such.1.5") == ("There is no training theme called “no-such”. "
                                               "A code looks like nearest-opponent.2.48213.")
    teacher.n = ES
    said = teacher.exercise("no-wrap.7.5")
    assert isinstance(said, str) and "no-wrap" in said and "1 a 3" in said, said


def test_every_theme_and_level_makes_exercises_a_class_can_be_asked():
    for theme in THEMES:
        for level in range(1, theme.level_count + 1):
            for seed in (0, 1, 77):
                code = ExerciseCode(theme.id, level, seed)
                asked = COURSE.find(ExerciseTarget(code))
                assert isinstance(asked, Asked) and asked.step.askable, code
                assert asked.step.right and asked.target == ExerciseTarget(code)
                assert COURSE.after(ExerciseTarget(code)) is None, "an exercise is in no lesson: no next step"


def test_a_fresh_exercise_has_the_theme_and_level_chosen_and_a_short_seed(rooms):  # noqa: F811
    teacher = opened(rooms)
    themes = teacher.exercise_themes()
    assert list(themes) == [theme.id for theme in THEMES] and themes["no-wrap"] == "Which cards fit"
    teacher.n = ES
    assert teacher.exercise_themes()["no-wrap"] != "Which cards fit", "the teacher's language"
    assert list(teacher.exercise_levels("no-wrap")) == [1, 2, 3] and teacher.exercise_levels("nope") == {}
    assert teacher.exercise_levels("no-wrap")[1].startswith("Nivel 1 de 3: ")
    code = ExerciseCode.parse(teacher.new_exercise("call", 3, random.Random(5)))
    assert (code.theme, code.level) == ("call", 3) and code.seed < 100_000
    assert teacher.new_exercise("call", 3, random.Random(5)) == str(code), "a seeded generator repeats"
    assert ExerciseCode.parse(teacher.new_exercise("nope", 9)).level == 3, "an unknown theme: the first; level clamped"


# ----- a room asks an exercise ---------------------------------------------------------------------
def test_a_room_asks_an_exercise_tallies_reveals_and_summarises_it(rooms):  # noqa: F811
    teacher = opened(rooms)
    ana, ben = joined(rooms, teacher.role.code, "Ana"), joined(rooms, teacher.role.code, "Ben", ES)
    target = exercise_target(CODE)
    teacher.ask(target, 0)
    view = teacher.room()
    assert view.target == f"exercise/{CODE}"
    asked = teacher.found(view)
    exercise = exercise_for(ExerciseCode.parse(CODE))
    assert isinstance(asked, Asked) and asked.exercise == exercise and asked.step == exercise.step
    assert teacher.heading(asked) == f"Training exercise {CODE} · The nearest fitting opponent"
    teacher.rng = random.Random(3)
    controls = teacher.controls(view, presenting=False)
    assert [(c.name, c.label) for c in controls] == [("reveal", "Reveal the answer"), ("next", "Ask another exercise")]
    fresh = parse_target(controls[1].target)
    assert isinstance(fresh, ExerciseTarget) and (fresh.code.theme, fresh.code.level) == ("nearest-opponent", 2)
    assert [c.label for c in teacher.controls(view, presenting=True)] == ["Reveal", "Another exercise"]
    right, wrong = asked.step.right[0], wrong_choice(asked)
    for student, choice in ((ana, right), (ben, wrong)):
        screen = student.screen(student.view())
        assert screen.showing == "question" and screen.interactive
        assert screen.asked is not None and screen.asked.step == exercise.step, "the same exercise for everyone"
        student.answer(1, choice)
    tally = teacher.tally()
    assert tally.answered == 2 and tally.by_choice == {right: 1, wrong: 1}
    assert tally.by_verdict == {"right": 1, exercise.judge(wrong).code: 1}
    teacher.reveal(1)
    shown = teacher.shown(asked, teacher.tally(), spread=True)
    assert {line.choice: line.right for line in shown.lines} == {right: True, wrong: False}, "the engine's answer"
    assert ana.screen(ana.view()).right and not ben.screen(ben.view()).right
    assert ana.screen(ana.view()).showing == "revealed"
    summary = teacher.summary()
    assert {row.target for row in summary.rows} == {f"exercise/{CODE}"}
    worded = summary.worded(summary.rows[0], COURSE, EN)
    assert worded["question"] == f"Training exercise {CODE} · The nearest fitting opponent"
    spanish = summary.worded(summary.rows[0], COURSE, ES)["question"]
    assert CODE in spanish and spanish.startswith("Ejercicio de entrenamiento"), spanish
    table = list(csv.DictReader(io.StringIO(summary.csv(COURSE, EN).decode("utf-8-sig"))))
    assert sorted((row["question"], row["choice"], row["result"]) for row in table) == sorted([
        (worded["question"], right, "Right"),
        (worded["question"], wrong, EN.error_title(exercise.judge(wrong).code)
         if exercise.judge(wrong).code not in ("right", "wrong") else "Wrong")])
    controls = teacher.controls(teacher.room(), presenting=False)
    assert [c.name for c in controls] == ["next"]
    teacher.press(controls[0])
    assert ana.screen(ana.view()).asked.target == parse_target(controls[0].target) and teacher.room().round == 2


def test_a_penalty_exercise_tells_what_happened_before_its_question():
    asked = exercise_asked(ExerciseCode("penalty", 1, 3))
    assert asked is not None and asked.exercise is not None and asked.exercise.record is not None
    assert story_lines(asked, EN) and story_lines(asked, ES) != story_lines(asked, EN)
    lesson = COURSE.find(COURSE.first())
    assert isinstance(lesson, Asked) and story_lines(lesson, EN) == []
    assert asked_heading(lesson, EN) == lesson.lesson.title


def test_other_targets_are_unchanged():
    for target in (StepTarget("cards-and-fitting", "fits-any-suit"), DealTarget(DealCode.parse("4-1234"))):
        assert parse_target(str(target)) == target


def test_an_exercise_a_class_cannot_answer_with_one_pick_is_refused_with_a_message(rooms, monkeypatch):  # noqa: F811
    import tutorial.classroom.targets as targets

    monkeypatch.setattr(targets, "exercise_asked", lambda code: None)
    with pytest.raises(ExerciseCodeError) as caught:
        exercise_target(CODE)
    assert caught.value.code == "not-askable"
    teacher = opened(rooms)
    assert teacher.exercise(CODE) == f"A class cannot be asked the exercise {CODE}: it is not answered with one pick."
