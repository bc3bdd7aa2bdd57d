"""Training (issue 19, part 2): themes, the exercise generator, exercise codes, the FSRS
scheduler and its stored form, mastery, and ``muggins train``. Every generated answer is
recomputed here through the engine, apart from the generator."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutorial.cli.commands import main
from tutorial.engine.rules import ErrorKind, complete_turn, judge, legal_destinations, turn_up
from tutorial.lessons import load_all
from tutorial.lessons.plausible import impossible_piles
from tutorial.lessons.steps import PASS, Call, Fits, NextCard, Place
from tutorial.narrate import lesson_steps as step_words
from tutorial.narrate import narrator
from tutorial.training.code import ExerciseCode, ExerciseCodeError
from tutorial.training.generate import make_exercise
from tutorial.training.schedule import MAX_TIME, Outcome, Training, TrainingStateError
from tutorial.training.themes import ERROR_THEMES, LEVELS, MISSED_CALL, THEME_IDS, THEMES, covered_themes, theme_of_error
from tutorial.training.words import tell

START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
ALL_LESSONS = {lesson for theme in THEMES for lesson in theme.lessons}


# ----- the engine's answer, recomputed apart from the generator ---------------------------------------
def engine_right(exercise) -> set[str]:
    """The right answers of an exercise's step, worked out here from its position by the engine."""
    step = exercise.step
    if isinstance(step, Fits):
        a, b = step.cards
        return {"fit" if abs(a.rank - b.rank) == 1 else "no-fit"}
    turned = turn_up(step.position)
    if isinstance(step, NextCard):
        return {PASS if turned.card is None else str(turned.card)}
    legal = legal_destinations(turned.position, turned.card)
    if isinstance(step, Place):
        for dest in legal.dests:
            assert judge(turned.position, turned.card, dest).ok
        return {str(dest) for dest in legal.dests}
    assert isinstance(step, Call)
    dest = step.judgement.dest
    error = judge(turned.position, turned.card, dest).error
    record = complete_turn(turned, dest, called=not step.late)
    assert not (step.late and record.checked)
    return {"call" if error is not None and not step.late else "accept"}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(theme=st.sampled_from(THEME_IDS), level=st.integers(1, LEVELS), seed=st.integers(0, 10**9 - 1))
def test_every_exercise_has_the_engines_answer(theme, level, seed):
    exercise = make_exercise(theme, level, seed)
    assert set(exercise.right) == engine_right(exercise)
    assert exercise.step.askable
    for value in exercise.right:
        assert exercise.judge(value).right
    if exercise.step.position is not None:
        assert impossible_piles(exercise.step.position) == []  # a table play can build


def test_every_theme_and_level_is_reachable_and_varied():
    """Every theme and level makes exercises (few draws thrown away), of more than one answer."""
    for theme in THEME_IDS:
        for level in range(1, LEVELS + 1):
            made = [make_exercise(theme, level, seed) for seed in range(12)]
            assert sum(e.attempt for e in made) < 12 * 3, (theme, level)
            assert len({str(e.step.position) if e.step.position else e.step.cards for e in made}) > 6, (theme, level)


def test_themes_ask_what_they_are_about():
    kinds = {theme: Counter(make_exercise(theme, level, seed).step.kind for level in (1, 2, 3) for seed in range(8))
             for theme in THEME_IDS}
    assert kinds["no-wrap"]["fits"] == 8 and kinds["recycle"] == Counter({"next-card": 24})
    assert kinds["penalty"] == Counter({"next-card": 24}) and kinds["call"] == Counter({"call": 24})
    for seed in range(20):
        step = make_exercise("nearest-opponent", 3, seed).step
        assert step.legal.rule == "nearest-opponent" and len(step.position.players) >= 5
        assert make_exercise("several-commons", 1, seed).step.legal.rule == "common-pile"
        assert len(make_exercise("several-commons", 1, seed).right) == 2
        # the own discard, or an opponent further round that fits after all (not always the same answer:
        # tests/test_training_themes.py)
        assert make_exercise("own-discard", 1, seed).step.legal.rule in ("own-discard", "nearest-opponent")
        passing = make_exercise("passing", 1, seed).step
        assert passing.right == (PASS,) or passing.turned.recycled
        step = make_exercise("recycle", 2, seed).step
        assert step.turned.recycled
        penalty = make_exercise("penalty", 1, seed)
        assert penalty.record is not None and penalty.right == (str(penalty.record.penalty[0].card),)


def test_late_calls_and_donors_with_nothing_appear():
    calls = [make_exercise("call", 3, seed).step for seed in range(40)]
    assert any(step.late for step in calls) and any(step.call for step in calls) and any(not step.call for step in calls)
    records = [make_exercise("penalty", 3, seed).record for seed in range(30)]
    assert any(len(r.penalty) < len(r.before.players) - 1 for r in records)  # a donor with no cards
    assert any(gift.recycled for r in records for gift in r.penalty)  # a donor who turned the discard over


def test_same_code_same_exercise():
    for theme in THEME_IDS:
        a, b = make_exercise(theme, 2, 48213), make_exercise(theme, 2, 48213)
        assert a.step == b.step and a.attempt == b.attempt
    random.seed(1)
    first = make_exercise("call", 3, 99)
    random.seed(2)  # the global generator plays no part
    assert make_exercise("call", 3, 99).step == first.step


def test_exercises_are_told_in_both_languages():
    for theme in THEME_IDS:
        exercise = make_exercise(theme, 3, 5)
        for lang in ("en", "es"):
            told = tell(exercise, lang)
            assert told.text and told.explanation and told.answer
            assert "§priority" not in told.explanation
        for value in exercise.right:  # worded exactly as a lesson step's verdict
            assert step_words.right(exercise.step, narrator("es", exercise.step.you), value).text
    assert tell(make_exercise("penalty", 1, 3), "es").story  # the call and each donor's card, told first


# ----- codes -------------------------------------------------------------------------------------------
def test_code_round_trip():
    code = ExerciseCode.parse("nearest-opponent.2.48213")
    assert code == ExerciseCode("nearest-opponent", 2, 48213) and str(code) == "nearest-opponent.2.48213"
    for theme in THEME_IDS:
        for text in (f"{theme}.1.0", f"{theme}.3.999999999"):
            assert str(ExerciseCode.parse(text)) == text
    assert ExerciseCode.parse("  call.1.007 ") == ExerciseCode("call", 1, 7)
    # a phone capitalises the first letter typed (found by a trial): the theme is read in any case
    assert ExerciseCode.parse("Nearest-opponent.2.48213") == code and ExerciseCode.parse("  Penalty.2.77 ").theme == "penalty"
    assert ExerciseCode.parse("CALL.1.7") == ExerciseCode("call", 1, 7)
    assert ExerciseCode.parse(" call . 1 . 7 ") == ExerciseCode("call", 1, 7)  # spaces round each part, the theme too


@pytest.mark.parametrize(("text", "error"), [
    ("nearest-opponent.2", "bad-code"), ("a.b.c.d", "bad-code"), ("", "bad-code"), (None, "bad-code"), (42, "bad-code"),
    ("x" * 100, "bad-code"), ("unknown.1.1", "unknown-theme"), ("call.0.1", "bad-level"), ("call.4.1", "bad-level"),
    ("call.one.1", "bad-level"), ("call.1.1234567890", "bad-seed"), ("call.1.-1", "bad-seed"), ("call.1.١٢", "bad-seed"),
    ("call.1.", "bad-seed"), ("call.1.1e3", "bad-seed"), ("call.².1", "bad-level"),
])
def test_bad_codes_are_refused(text, error):
    with pytest.raises(ExerciseCodeError) as caught:
        ExerciseCode.parse(text)
    assert caught.value.code == error
    with pytest.raises(ExerciseCodeError):
        make_exercise("call", 9, 1)


# ----- themes and errors --------------------------------------------------------------------------------
def test_themes_name_real_lessons_and_every_error_kind():
    lessons, problems = load_all()
    ids = {lesson.id for lesson in lessons}
    assert not problems
    for theme in THEMES:
        assert theme.lessons and set(theme.lessons) <= ids, theme.id
        assert theme.level_count == LEVELS
    for kind in ErrorKind:
        assert theme_of_error(kind).id in THEME_IDS
    assert theme_of_error(MISSED_CALL).id == "call" and set(ERROR_THEMES) == {*ErrorKind, MISSED_CALL}
    with pytest.raises(ValueError):
        theme_of_error("no-such-error")
    assert [t.id for t in covered_themes({"nearest-opponent"})] == ["nearest-opponent", "empty-discard"]
    assert covered_themes(()) == ()


# ----- the scheduler ---------------------------------------------------------------------------------
def simulate(misses: set[str], reviews: int, *, wait: bool = False) -> tuple[Counter[str], dict[str, list[datetime]]]:
    """A learner answering ``reviews`` exercises from the scheduler, one a minute (``wait``:
    coming back only when something is due), wrong on the themes in ``misses``."""
    now = START
    training = Training.start(ALL_LESSONS, now)
    seen: Counter[str] = Counter()
    when: dict[str, list[datetime]] = {}
    for _ in range(reviews):
        theme = training.next_theme(now)
        assert theme is not None
        if wait and training.due_at(theme) > now:
            now = training.due_at(theme)
        seen[theme] += 1
        when.setdefault(theme, []).append(now)
        training.record(theme, Outcome.WRONG if theme in misses else Outcome.RIGHT, now)
        now += timedelta(minutes=1)
    return seen, when


def test_a_learner_who_misses_the_nearest_opponent_gets_it_far_more_often():
    seen, _when = simulate({"nearest-opponent"}, 240)
    others = [count for theme, count in seen.items() if theme != "nearest-opponent"]
    assert seen["nearest-opponent"] > 10 * max(others)


def test_a_learner_who_never_errs_sees_reviews_spread_out():
    _seen, when = simulate(set(), 150, wait=True)
    for theme, times in when.items():
        gaps = [b - a for a, b in itertools.pairwise(times)]
        assert len(gaps) >= 3, theme
        assert all(later >= earlier for earlier, later in itertools.pairwise(gaps)), (theme, gaps)
        assert gaps[1] < gaps[2] < gaps[3], (theme, gaps)  # growing, up to the longest interval (a year)
        assert gaps[-1] >= timedelta(days=10)


def test_a_new_learner_starts_from_the_covered_themes():
    training = Training.start({"cards-and-fitting", "common-piles-first"}, START)
    assert training.themes == ("no-wrap", "common-first", "several-commons", "only-tops")
    assert training.next_theme(START) == "no-wrap"
    assert Training.start((), START).next_theme(START) is None
    assert training.unlock({"recycling"}, START) == ("recycle",)


def test_a_practice_error_makes_its_theme_due_first():
    training = Training.start(ALL_LESSONS, START)
    now = START
    for theme in THEME_IDS:
        training.record(theme, Outcome.RIGHT, now)
        training.record(theme, Outcome.RIGHT, now + timedelta(minutes=15))  # learnt: due in days
    later = now + timedelta(hours=1)
    assert training.due(later) == ()
    assert training.note_practice_error(ErrorKind.NEAREST_OPPONENT, later) == "nearest-opponent"
    assert training.due(later) == ("nearest-opponent",) and training.next_theme(later) == "nearest-opponent"
    assert training.note_practice_error("missed-destination", later) == "own-discard"
    assert training.next_theme(later + timedelta(days=30)) in ("nearest-opponent", "own-discard")  # first in line
    training.record("nearest-opponent", Outcome.HINTED, later)
    assert training.next_theme(later) == "own-discard"
    fresh = Training()
    assert fresh.note_practice_error(MISSED_CALL, START) == "call" and fresh.themes == ("call",)
    with pytest.raises(ValueError):
        training.note_practice_error("bogus", START)


def test_ratings_and_outcomes():
    assert Outcome.of(right_first_try=True) is Outcome.RIGHT
    assert Outcome.of(right_first_try=True, hinted=True) is Outcome.HINTED
    assert Outcome.of(right_first_try=False, hinted=True) is Outcome.WRONG
    due = {}
    for outcome in Outcome:
        training = Training.start(ALL_LESSONS, START)
        due[outcome] = training.record("call", outcome, START)
    assert due[Outcome.WRONG] < due[Outcome.HINTED] <= due[Outcome.RIGHT]


def test_times_come_from_the_caller():
    training = Training.start(ALL_LESSONS, START)
    with pytest.raises(ValueError):
        training.next_theme(datetime(2026, 1, 1))  # naive: refused
    other_zone = START.astimezone(timezone(timedelta(hours=-5)))
    assert training.next_theme(other_zone) == training.next_theme(START)


def test_mastery_grows_and_fades():
    training = Training.start(ALL_LESSONS, START)
    assert training.mastery("call", START) == 0.0
    now = START
    values = []
    for _ in range(6):
        now = max(now, training.due_at("call"))
        training.record("call", Outcome.RIGHT, now)
        values.append(training.mastery("call", now))
    assert values == sorted(values) and 0 < values[0] < values[-1] <= 1
    assert training.mastery("call", now + timedelta(days=2000)) < values[-1]
    assert set(training.masteries(now)) == set(THEME_IDS)
    assert training.level_for("call") == 3 and training.level_for("recycle") == 1


# ----- the stored form -----------------------------------------------------------------------------------
def trained() -> Training:
    training = Training.start(ALL_LESSONS, START)
    now = START
    for i, theme in enumerate(THEME_IDS * 3):
        training.record(theme, list(Outcome)[i % 3], now)
        now += timedelta(minutes=7, microseconds=1234)
    training.note_practice_error("common-first", now)
    return training


def test_state_round_trip():
    training = trained()
    data = training.to_dict()
    text = json.dumps(data, separators=(",", ":"))
    assert len(text) < 1200
    back = Training.from_dict(json.loads(text))
    assert back == training and back.to_dict() == data
    later = START + timedelta(days=3)
    assert back.next_theme(later) == training.next_theme(later) and back.masteries(later) == training.masteries(later)
    assert back.record("call", Outcome.RIGHT, later) == training.record("call", Outcome.RIGHT, later)


def tampered(change):
    data = json.loads(json.dumps(trained().to_dict()))
    change(data)
    return data


@pytest.mark.parametrize(("change", "code"), [
    (lambda d: d.update(v=2), "bad-version"),
    (lambda d: d.update(v=True), "bad-version"),
    (lambda d: d.update(v="1"), "bad-version"),
    (lambda d: d.pop("t"), "not-a-state"),
    (lambda d: d.update(x=1), "not-a-state"),
    (lambda d: d.update(t=[]), "not-a-state"),
    (lambda d: d["t"].update(bogus=d["t"]["call"]), "unknown-theme"),
    (lambda d: d["t"].update(call=[1, 2, 3]), "bad-entry"),
    (lambda d: d["t"].update(call="x"), "bad-entry"),
    (lambda d: d["t"]["call"].__setitem__(0, 9), "bad-entry"),
    (lambda d: d["t"]["call"].__setitem__(1, 7), "bad-entry"),
    (lambda d: d["t"]["call"].__setitem__(2, -1.0), "bad-entry"),
    (lambda d: d["t"]["call"].__setitem__(2, float("nan")), "bad-entry"),
    (lambda d: d["t"]["call"].__setitem__(2, "3.1"), "bad-entry"),
    (lambda d: d["t"]["call"].__setitem__(3, 11.0), "bad-entry"),
    (lambda d: d["t"]["call"].__setitem__(3, None), "bad-entry"),
    (lambda d: d["t"]["call"].__setitem__(4, 10**15), "bad-entry"),
    (lambda d: d["t"]["call"].__setitem__(4, 1.5), "bad-entry"),
    (lambda d: d["t"]["call"].__setitem__(5, -3), "bad-entry"),
    (lambda d: d["t"]["call"].__setitem__(6, True), "bad-entry"),
    (lambda d: d["t"]["call"].__setitem__(6, 2), "bad-entry"),
    (lambda d: d["t"]["call"].__setitem__(7, -1), "bad-entry"),
])
def test_tampered_state_is_refused(change, code):
    with pytest.raises(TrainingStateError) as caught:
        Training.from_dict(tampered(change))
    assert caught.value.code == code


EDGE_ROWS = [
    [2, None, 30.0, 5.0, 0, 1796000000, 0, 10**9],  # the tester's: the most reviews read
    [2, None, 1e6, 1.0, 0, 1796000000, 0, 5],  # the highest stability, the lowest difficulty
    [2, None, 1e6, 10.0, 0, 1796000000, 1, 5],  # the highest difficulty, flagged
    [3, 0, 1e-9, 10.0, 0, 1796000000, 0, 10**9],  # relearning, the lowest stability
    [1, 0, None, None, MAX_TIME, None, 0, 10**9],  # a new card due at the latest time
]


@pytest.mark.parametrize("row", EDGE_ROWS)
@pytest.mark.parametrize("outcome", list(Outcome))
def test_an_answer_on_a_state_at_the_edge_of_what_is_read_writes_one_that_is_read(row, outcome):
    """What an answer writes stays within what the reader accepts: a count or a stability at
    the edge went past it with one answer, and the next load set the whole schedule aside."""
    training = Training.from_dict({"v": 1, "t": {"no-wrap": row, "call": row}})
    now = datetime(2027, 1, 1, tzinfo=UTC)
    for number in range(3):
        training.record("no-wrap", outcome, now + timedelta(days=number * 400))
        training.note_practice_error(ErrorKind.NOT_ADJACENT, now + timedelta(days=number * 400, hours=1))
    back = Training.from_dict(json.loads(json.dumps(training.to_dict())))
    assert back == training
    assert back.reviews("no-wrap") == min(row[7] + 3, 10**9)


@pytest.mark.parametrize("value", [None, [], "v1", 3, {"v": 1}, {"t": {}}])
def test_not_a_state_is_refused(value):
    with pytest.raises(TrainingStateError):
        Training.from_dict(value)


# ----- muggins train ----------------------------------------------------------------------------------------
def run(capsys, *argv):
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_prints_the_exercise_and_its_answer(capsys):
    status, out, err = run(capsys, "train", "--theme", "nearest-opponent", "--level", "2", "--seed", "48213", "--json")
    assert status == 0, err
    data = json.loads(out)
    exercise = make_exercise("nearest-opponent", 2, 48213)
    assert data["code"] == "nearest-opponent.2.48213" and data["kind"] == "place"
    assert data["answer"] == list(exercise.right) and set(data["answer"]) == engine_right(exercise)
    assert data["position"]["to_move"] == data["mover"] and data["card"] == str(exercise.step.card)
    assert "§\u00a04" in data["explanation"]
    status, text, _err = run(capsys, "train", "--theme", "penalty", "--level", "3", "--seed", "7", "--lang", "es")
    assert status == 0 and "Exercise penalty.3.7" not in text and "penalty.3.7" in text
    status, text, _err = run(capsys, "train", "--theme", "call", "--level", "1", "--seed", "1")
    assert status == 0 and "Answer:" in text


def test_cli_lists_the_themes(capsys):
    status, out, _err = run(capsys, "train", "--list", "--json")
    assert status == 0
    assert [t["theme"] for t in json.loads(out)["themes"]] == list(THEME_IDS)
    status, out, _err = run(capsys, "train", "--list", "--lang", "es")
    assert status == 0 and "nearest-opponent" in out


@pytest.mark.parametrize(("argv", "where"), [
    (("--theme", "nope", "--level", "1", "--seed", "1"), "--theme"),
    (("--theme", "call", "--level", "7", "--seed", "1"), "--level"),
    (("--theme", "call", "--level", "1", "--seed", "1234567890"), "--seed"),
    (("--theme", "call", "--level", "1", "--seed", "x"), "--seed"),
    (("--theme", "call", "--level", "1"), "--seed"),
])
def test_cli_refuses_bad_input_in_one_line(capsys, argv, where):
    status, out, err = run(capsys, "train", *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"muggins: {where}:")
