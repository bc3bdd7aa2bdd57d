"""Lesson files: the shipped ones load, and the checker catches every kind of problem."""

import pytest

from tutorial import words
from tutorial.i18n import translations
from tutorial.lessons import LESSONS_DIR, LessonFileError, load_all, parse

GOOD = '''
id = "demo"
title = "Demo"
summary = "A demo lesson."

[positions.p]
players = ["A", "B", "C"]
to_move = "A"
commons = [["5C"]]
[positions.p.stocks]
A = ["6H"]
B = ["KC"]
C = ["2D"]
[positions.p.discards]
B = ["7D"]

[[steps]]
id = "read"
kind = "explain"
title = "Read"
text = "Some text."

[[steps]]
id = "place"
kind = "place"
title = "Place"
text = "Where?"
position = "p"
answer = ["common:1"]

[[steps]]
id = "call"
kind = "muggins"
title = "Call"
text = "Watch."
position = "p"
play = "discard:B"
error = "common-first"
placed = "common:1"
penalty = ["B:KC", "C:2D"]
'''


def problems(text):
    with pytest.raises(LessonFileError) as info:
        parse(text, "demo.toml")
    return info.value.problems


def test_shipped_lessons_load_without_problems():
    lessons, found = load_all(LESSONS_DIR)
    assert found == []
    assert [lesson.order for lesson in lessons] == sorted(lesson.order for lesson in lessons)
    assert len({lesson.order for lesson in lessons}) == len(lessons), "two lessons share a place in the course"
    kinds = {step.kind for lesson in lessons for step in lesson.steps}
    assert {"explain", "place", "muggins", "next-card", "call", "quiz"} <= kinds


def test_good_lesson_parses():
    lesson = parse(GOOD, "demo.toml")
    assert [s.id for s in lesson.steps] == ["read", "place", "call"]
    assert [str(d) for d in lesson.steps[1].legal.dests] == ["common:1"]
    assert [(g.donor, str(g.card)) for g in lesson.steps[2].record.penalty] == [("B", "KC"), ("C", "2D")]


@pytest.mark.parametrize(
    "change, code, line",
    [
        (('A = ["6H"]', 'A = ["6X"]'), ["bad-position"], 11),  # the line of the card itself
        (('C = ["2D"]', 'C = ["6H"]'), ["bad-position"], 13),  # the second copy
        (('kind = "place"', 'kind = "quizz"'), ["unknown-kind"], 25),
        (('text = "Where?"', 'text = ""'), ["missing-text"], 27),
        (('answer = ["common:1"]', 'answer = ["discard:B"]'), ["answer-disagrees"], 29),
        (('error = "common-first"', 'error = "not-adjacent"'), ["answer-disagrees"], 38),
        (('penalty = ["B:KC", "C:2D"]', 'penalty = ["C:2D", "B:KC"]'), ["answer-disagrees"], 40),
        (('play = "discard:B"', 'play = "common:1"'), ["answer-disagrees"], 37),
        (('id = "call"', 'id = "place"'), ["duplicate-step"], 32),
        (('title = "Read"', 'titel = "Read"'), ["unknown-field", "missing-text"], 20),
        (('answer = ["common:1"]', 'answer = ["common:9"]'), ["bad-answer"], 29),
        (('position = "p"\nanswer', 'position = "q"\nanswer'), ["unknown-position"], 28),
        (('summary = "A demo lesson."', 'summary = 3'), ["missing-lesson-text"], 4),
        (('id = "demo"', 'idd = "demo"'), ["unknown-field", "bad-id"], 2),
        (('[[steps]]\nid = "read"', '[[steps]]\nid = "Read Me"'), ["bad-id"], 18),
        (('title = "Place"', 'title = "Place'), ["invalid-toml"], 26),
    ],
)
def test_checker_reports_each_problem_with_its_line(change, code, line):
    old, new = change
    assert old in GOOD
    found = problems(GOOD.replace(old, new, 1))
    assert [p.code for p in found] == code
    assert found[0].line == line, found
    text = words.lesson_problem(found[0], translations("en"))
    assert text.startswith(f"demo.toml:{line}: ")


def test_broken_file_does_not_stop_the_others(tmp_path):
    (tmp_path / "a.toml").write_text(GOOD)
    (tmp_path / "b.toml").write_text(GOOD.replace('id = "demo"', 'id = "other"').replace('"6H"]', '"6X"]', 1))
    (tmp_path / "c.toml").write_text("this is = = not toml")
    lessons, found = load_all(tmp_path)
    assert [lesson.id for lesson in lessons] == ["demo"]
    assert {p.path.rsplit("/", 1)[-1] for p in found} == {"b.toml", "c.toml"}


def test_extractor_collects_lesson_text_with_comments():
    import io

    from tutorial.lessons.extract import extract_lessons

    found = list(extract_lessons(io.BytesIO(GOOD.encode()), [], [], {}))
    messages = {message: comments for _, _, message, comments in found}
    assert messages["Where?"] == ["lesson demo, step place, text"]
    assert "Demo" in messages and "A demo lesson." in messages


NEXT_CARD = GOOD + """
[[steps]]
id = "next"
kind = "next-card"
title = "Next"
text = "Which card?"
position = { players = ["A", "B", "C"], to_move = "A", commons = [["QC", "KC"]], discards = { A = ["4D", "8C", "QH"] } }
answer = "4D"
choices = ["QH", "8C", "4D"]
"""


def test_next_card_step_and_its_problems():
    lesson = parse(NEXT_CARD, "demo.toml")
    assert str(lesson.steps[-1].turned.card) == "4D" and lesson.steps[-1].turned.recycled
    found = problems(NEXT_CARD.replace('answer = "4D"', 'answer = "QH"'))
    assert [p.code for p in found] == ["answer-disagrees"] and found[0].params["engine"] == "4D"
    found = problems(NEXT_CARD.replace('choices = ["QH", "8C", "4D"]', 'choices = ["QH", "8C"]'))
    assert [p.code for p in found] == ["answer-not-offered"]
    found = problems(NEXT_CARD.replace('choices = ["QH", "8C", "4D"]', 'choices = ["4D", "8C", "4D"]'))
    assert [p.code for p in found] == ["duplicate-card"] and found[0].params["card"] == "4D"


def test_byte_order_mark_and_deep_nesting(tmp_path):
    (tmp_path / "bom.toml").write_bytes("\ufeff".encode() + GOOD.encode())
    (tmp_path / "deep.toml").write_text("x = " + "[" * 600 + "]" * 600 + "\n")
    lessons, found = load_all(tmp_path)
    assert [lesson.id for lesson in lessons] == ["demo"]
    assert [(p.path.rsplit("/", 1)[-1], p.code) for p in found] == [("deep.toml", "invalid-toml")]


def test_lessons_check_command(tmp_path, capsys):
    from tutorial.cli.commands import main

    assert main(["lessons", "check"]) == 0  # the shipped lessons (CI runs this on lessons/)
    bad = tmp_path / "bad.toml"
    bad.write_text(GOOD.replace('answer = ["common:1"]', 'answer = ["discard:B"]'))
    capsys.readouterr()
    assert main(["lessons", "check", str(bad), str(tmp_path)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert out == [f"{bad}:29: step place: the lesson says discard:B, but the engine says common:1"] * 2


NEW_KINDS = GOOD + """
[[steps]]
id = "watch"
kind = "call"
title = "Call?"
text = "B puts it on B's discard."
position = { players = ["A", "B", "C"], to_move = "B", commons = [["5C"]], stocks = { B = ["6H"], A = ["2D"] } }
play = "discard:B"
answer = "call"
check = true

[[steps]]
id = "late"
kind = "call"
title = "Too late?"
text = "C has already turned a card."
position = { players = ["A", "B", "C"], to_move = "B", commons = [["5C"]], stocks = { B = ["6H"], A = ["2D"] } }
play = "discard:B"
late = true
answer = "accept"

[[steps]]
id = "fit"
kind = "fits"
title = "Fit?"
text = "Do they fit?"
cards = ["KH", "AS"]
answer = "no-fit"
check = true

[[steps]]
id = "count"
kind = "count"
title = "How many?"
text = "Common piles with 5 players?"
players = 5
ask = "commons"
answer = 2

[[steps]]
id = "quiz"
kind = "quiz"
title = "Extra turn?"
text = "After a good play…"
choices = ["you play again", "your turn ends"]
answer = 2
check = true

[[steps]]
id = "deal"
kind = "deal"
title = "Deal"
text = "Pick a number."
"""


def test_new_step_kinds_are_checked_by_the_engine():
    lesson = parse(NEW_KINDS, "demo.toml")
    by_id = {step.id: step for step in lesson.steps}
    assert by_id["watch"].call and not by_id["late"].call and by_id["late"].late
    assert not by_id["fit"].fit and by_id["count"].number == 2 and by_id["quiz"].number == 1
    assert [s.id for s in lesson.check_steps] == ["watch", "fit", "quiz"]
    for old, new in [('answer = "call"', 'answer = "accept"'), ('answer = "no-fit"', 'answer = "fit"'),
                     ('ask = "commons"\nanswer = 2', 'ask = "commons"\nanswer = 4'),
                     ('late = true\nanswer = "accept"', 'late = true\nanswer = "call"')]:
        assert old in NEW_KINDS, old
        assert [p.code for p in problems(NEW_KINDS.replace(old, new, 1))] == ["answer-disagrees"], old
    found = problems(NEW_KINDS.replace('id = "deal"\nkind = "deal"', 'id = "deal"\nkind = "deal"\ncheck = true'))
    assert [p.code for p in found] == ["check-not-answered"]


@pytest.mark.parametrize(
    "old, new, needle",
    [
        ('A = ["6H"]', 'A = ["6X"]', "unknown card “6X”"),
        ('C = ["2D"]', 'C = ["6H"]', "the card 6H appears more than once"),
        ('kind = "place"', 'kind = "quizz"', "unknown step kind “quizz”"),
        ('text = "Where?"', 'text = ""', "the text field “text” is missing or empty"),
        ('answer = ["common:1"]', 'answer = ["discard:B"]', "the lesson says discard:B, but the engine says common:1"),
        ('title = "Place"', 'title = "Place', "not valid TOML"),
    ],
)
def test_lessons_check_reports_each_kind_of_problem(tmp_path, capsys, old, new, needle):
    from tutorial.cli.commands import main

    path = tmp_path / "lesson.toml"
    path.write_text(GOOD.replace(old, new, 1))
    assert main(["lessons", "check", str(path)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and out[0].startswith(f"{path}:") and needle in out[0]


# ----- numbers too large (issue 7) ---------------------------------------------
COUNT_STEP = """
[[steps]]
id = "how-many"
kind = "count"
title = "How many?"
text = "Cards each with 4 players?"
players = 4
ask = "cards"
answer = 12
"""


@pytest.mark.parametrize("old, new", [
    ("answer = 12", "answer = 1" + "0" * 4400),  # Python refuses int() of it
    ("answer = 12", "answer = 0x" + "F" * 4000),  # Python reads it, but cannot print it
    ("players = 4", "players = 99999999999999999999"),  # more than TOML's 64 bits
    ('commons = [["5C"]]', 'commons = [["5C"], [\n  -1' + "0" * 4400 + "]]"),
])
def test_a_number_too_large_is_a_problem_at_its_line(tmp_path, old, new):
    text = (GOOD + COUNT_STEP).replace(old, new, 1)
    number_at = text.index(new) + new.rfind("\n") + 1  # the number starts the last line of `new`
    line = text[:number_at].count("\n") + 1
    (tmp_path / "a.toml").write_text(GOOD.replace('id = "demo"', 'id = "fine"'))
    (tmp_path / "b.toml").write_text(text)
    lessons, found = load_all(tmp_path)
    assert [lesson.id for lesson in lessons] == ["fine"]
    assert [(p.path.rsplit("/", 1)[-1], p.line, p.code) for p in found] == [("b.toml", line, "number-too-large")]
    assert words.lesson_problem(found[0], translations("en")).endswith(f"b.toml:{line}: the number on line {line} is too large")


def test_load_all_survives_any_failure_of_one_file(tmp_path, monkeypatch):
    import sys

    loader = sys.modules["tutorial.lessons.load"]  # (the package's `load` is the function)

    (tmp_path / "a.toml").write_text(GOOD)
    (tmp_path / "b.toml").write_text(GOOD.replace('id = "demo"', 'id = "other"'))
    real = loader.parse

    def failing(text, path="<lesson>"):
        if path.endswith("b.toml"):
            raise RuntimeError("checker bug")
        return real(text, path)

    monkeypatch.setattr(loader, "parse", failing)
    lessons, found = load_all(tmp_path)
    assert [lesson.id for lesson in lessons] == ["demo"]
    assert [(p.path.rsplit("/", 1)[-1], p.code, p.params) for p in found] == [
        ("b.toml", "check-failed", {"detail": "RuntimeError: checker bug"})]
    assert words.lesson_problem(found[0], translations("en")).endswith(": the file could not be checked (RuntimeError: checker bug)")


# ----- lines of problems (issue 7) ------------------------------------------
MULTI_LINE_TEXT = '''id = "demo"
title = "Demo"
summary = "A demo lesson."

[positions.p]
players = ["A", "B", "C"]
to_move = "A"
commons = [["5C"]]
[positions.p.stocks]
A = ["6H"]

[[steps]]
id = "place"
kind = "place"
position = "p"
text = """Where does it go?
answer = the pile you click.
"""
title = "Place"
answer = ["discard:B"]
'''


def test_a_key_inside_a_multi_line_text_is_not_taken_for_the_answer():
    assert MULTI_LINE_TEXT.splitlines()[19] == 'answer = ["discard:B"]'  # line 20; the old checker said 17
    assert [(p.code, p.line) for p in problems(MULTI_LINE_TEXT)] == [("answer-disagrees", 20)]


@pytest.mark.parametrize("old, new, line", [
    ('A = ["6H"]\nB = ["KC"]', 'A = [\n  "6H",\n  "6Y",\n]\nB = ["KC"]', 13),  # a card on its own line
    ('commons = [["5C"]]', 'commons = [\n  ["5C"],\n  ["9C", "ZZ"],\n]', 11),
    ('position = "p"\nanswer', 'position = { players = ["A", "B", "C"], to_move = "A", commons = [\n  ["5X"]] }\nanswer', 29),
    ('penalty = ["B:KC", "C:2D"]', 'penalty = [\n  "B:KC",\n  "C:2Q",\n]', 42),
    ('answer = ["common:1"]', 'answer = [\n  "common:1",\n  "common:0",\n]', 31),
])
def test_a_bad_value_is_reported_at_its_own_line(old, new, line):
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    found = problems(text)
    assert found[0].line == line, (found, text.splitlines()[line - 1])


def test_each_quiz_choice_is_extracted_at_its_own_line():
    import io

    from tutorial.lessons.extract import extract_lessons

    text = MULTI_LINE_TEXT + '\n[[steps]]\nid = "q"\nkind = "quiz"\ntitle = "Q"\ntext = "Which?"\nchoices = [\n  "one",\n  "two",\n]\nanswer = 1\n'
    found = {message: line for line, _, message, _ in extract_lessons(io.BytesIO(text.encode()), [], [], {})}
    lines = text.splitlines()
    for message in ("one", "two", "Place", "Which?", "Demo"):
        assert message in lines[found[message] - 1], message
    assert found["Where does it go?\nanswer = the pile you click.\n"] == 16


def test_the_extractor_imports_nothing_private():
    import ast
    from pathlib import Path

    import tutorial.lessons.extract as extract

    tree = ast.parse(Path(extract.__file__).read_text(encoding="utf-8"))
    names = [alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names]
    assert names and not [name for name in names if name.startswith("_") and name != "annotations"]


# ----- answers present but not valid (issue 7) ----------------------------------
@pytest.mark.parametrize("old, new, code, needle", [
    ("choices = [\"you play again\", \"your turn ends\"]\nanswer = 2", "choices = [\"you play again\", \"your turn ends\", \"both\"]\nanswer = 7",
     "answer-out-of-range", "step quiz: the answer 7 is out of range: it must be from 1 to 3"),
    ("choices = [\"you play again\", \"your turn ends\"]\nanswer = 2", "choices = [\"you play again\", \"your turn ends\"]\nanswer = 0",
     "answer-out-of-range", "it must be from 1 to 2"),
    ("choices = [\"you play again\", \"your turn ends\"]\nanswer = 2", "choices = [\"you play again\", \"your turn ends\"]\nanswer = \"2\"",
     "invalid-answer", "step quiz: “2” is not a valid answer for a “quiz” step"),
    ('answer = "call"', 'answer = "yes"', "invalid-answer", "step watch: “yes” is not a valid answer; write “call” or “accept”"),
    ('answer = "no-fit"', 'answer = true', "invalid-answer", "step fit: “true” is not a valid answer; write “fit” or “no-fit”"),
    ('ask = "commons"\nanswer = 2', 'ask = "commons"\nanswer = 2.0', "invalid-answer", "step count: “2.0” is not a valid answer for a “count” step"),
    ('answer = ["common:1"]', 'answer = "common:1"', "invalid-answer", "step place: “common:1” is not a valid answer for a “place” step"),
    ('choices = ["you play again", "your turn ends"]\nanswer = 2', 'choices = ["you play again", "your turn ends"]',
     "missing-answer", "step quiz: the answer is missing"),
])
def test_an_answer_out_of_range_or_not_valid_is_not_called_missing(old, new, code, needle):
    assert old in NEW_KINDS, old
    text = NEW_KINDS.replace(old, new, 1)
    found = problems(text)
    assert [p.code for p in found] == [code]
    message = words.lesson_problem(found[0], translations("en"))
    assert needle in message
    assert "missing" not in message or code == "missing-answer"
    if code != "missing-answer":
        assert text.splitlines()[found[0].line - 1].startswith("answer")


# ----- the counts of `muggins lessons check` (issue 7) ----------------------------
def test_lessons_check_counts_every_file_checked(tmp_path, capsys):
    from tutorial.cli.commands import main

    bad = tmp_path / "bad.toml"
    bad.write_text(NEW_KINDS.replace('answer = 2\ncheck = true', 'answer = 7\ncheck = true', 1))
    assert main(["lessons", "check", str(bad)]) == 1
    out, err = capsys.readouterr()
    assert err.strip() == "1 lesson checked, 1 problem(s)."
    (tmp_path / "good.toml").write_text(GOOD.replace('id = "demo"', 'id = "good"'))
    assert main(["lessons", "check", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert err.strip() == "2 lessons checked, 1 problem(s)." and len(out.strip().splitlines()) == 1


# ----- step classes and the facts issue 13 asks lessons to check ----------------------
def test_each_kind_is_one_class_with_its_own_fields():
    from tutorial.lessons import KINDS
    from tutorial.lessons.steps import COMMON_KEYS, Step

    assert set(KINDS) == {"explain", "place", "muggins", "next-card", "call", "fits", "count", "quiz", "deal"}
    for name, cls in KINDS.items():
        assert issubclass(cls, Step) and cls.kind == name and not (cls.keys & COMMON_KEYS)
    lesson = parse(NEW_KINDS, "demo.toml")
    kinds = {step.id: type(step).__name__ for step in lesson.steps}
    assert kinds["place"] == "Place" and kinds["quiz"] == "Quiz" and not hasattr(lesson.steps[0], "cards")


MUGGINS_AFTER = GOOD.replace('penalty = ["B:KC", "C:2D"]', 'penalty = ["B:KC", "C:2D"]\nstock = ["KC", "2D"]\ndiscard = []\nnext = "B"')


def test_muggins_steps_check_the_offenders_piles_and_who_moves_next():
    lesson = parse(MUGGINS_AFTER, "demo.toml")
    assert lesson.steps[-1].record.after.mover == "B"
    for old, new in [('stock = ["KC", "2D"]', 'stock = ["2D", "KC"]'), ('next = "B"', 'next = "C"'),
                     ('discard = []', 'discard = ["6H"]')]:
        found = problems(MUGGINS_AFTER.replace(old, new, 1))
        assert [p.code for p in found] == ["answer-disagrees"], old
        assert found[0].line == MUGGINS_AFTER.splitlines().index(old.splitlines()[0]) + 1


PASSING = GOOD + """
[[steps]]
id = "who-passes"
kind = "next-card"
title = "Nothing left"
text = "C has no cards. What does C turn up?"
position = { players = ["A", "B", "C"], to_move = "C", commons = [["5C"]], stocks = { A = ["6H"] } }
choices = ["6H", "pass"]
answer = "pass"
"""


def test_a_next_card_step_may_ask_for_a_pass():
    step = parse(PASSING, "demo.toml").steps[-1]
    assert step.offers_pass and step.right == ("pass",) and step.turned.card is None
    assert [p.code for p in problems(PASSING.replace('answer = "pass"', 'answer = "6H"'))] == ["answer-disagrees"]
    assert [p.code for p in problems(PASSING.replace('choices = ["6H", "pass"]', 'choices = ["6H"]'))] == ["answer-not-offered"]


def test_quiz_reasons_per_choice_are_checked_and_extracted(tmp_path):
    from tutorial.lessons.extract import extract_lessons

    text = NEW_KINDS.replace('choices = ["you play again", "your turn ends"]',
                             'choices = ["you play again", "your turn ends"]\nwhy = ["No extra turns.", "Always."]')
    step = parse(text, "demo.toml").steps[-2]
    assert step.why == ("No extra turns.", "Always.")
    found = problems(text.replace('why = ["No extra turns.", "Always."]', 'why = ["Only one."]'))
    assert found and found[0].code == "bad-answer"
    import io

    messages = [m[2] for m in extract_lessons(io.BytesIO(text.encode()), None, None, {})]
    assert "No extra turns." in messages and "your turn ends" in messages


def test_the_learners_seat_defaults_by_kind_and_may_be_named():
    lesson = parse(NEW_KINDS, "demo.toml")
    by_id = {step.id: step for step in lesson.steps}
    assert by_id["place"].you == "A" and by_id["watch"].you == "A" and by_id["read"].you is None
    named = NEW_KINDS.replace('id = "watch"\nkind = "call"', 'id = "watch"\nkind = "call"\nyou = "C"')
    assert {s.id: s for s in parse(named, "demo.toml").steps}["watch"].you == "C"
    assert [p.code for p in problems(named.replace('you = "C"', 'you = "Z"'))] == ["unknown-player"]


@pytest.mark.parametrize("old, new, code", [
    ('id = "demo"', 'id = "demo"\norder = "first"', "bad-field"),
    ('id = "demo"', 'id = "demo"\nsections = "§deal"', "bad-field"),
    ('id = "demo"', 'id = "demo"\nsections = ["§nowhere"]', "bad-field"),
    ('[[steps]]\nid = "read"', '[[steps]]\nposition = 5\nid = "read"', "bad-field"),
    ('[[steps]]\nid = "read"', '[[steps]]\ncheck = "yes"\nid = "read"', "bad-field"),
    ('kind = "place"\ntitle = "Place"\ntext = "Where?"\nposition = "p"',
     'kind = "place"\ntitle = "Place"\ntext = "Where?"', "missing-position"),
])
def test_the_checker_names_every_malformed_field(old, new, code):
    assert old in GOOD, old
    assert code in [p.code for p in problems(GOOD.replace(old, new, 1))]


def test_a_file_without_steps_and_a_step_that_is_not_a_table():
    assert "no-steps" in [p.code for p in problems('id = "x"\ntitle = "T"\nsummary = "S"\n')]
    assert "bad-field" in [p.code for p in problems('id = "x"\ntitle = "T"\nsummary = "S"\nsteps = [1]\n')]
    assert "bad-field" in [p.code for p in problems('id = "x"\ntitle = "T"\nsummary = "S"\npositions = 3\nsteps = [1]\n')]


def test_a_byte_order_mark_is_skipped_and_an_unreadable_file_is_one_problem(tmp_path):
    assert parse("\ufeff" + GOOD, "demo.toml").id == "demo"
    from tutorial.lessons import load

    with pytest.raises(LessonFileError) as info:
        load(tmp_path / "missing.toml")
    assert [p.code for p in info.value.problems] == ["unreadable"]


def test_a_second_file_with_the_same_lesson_id_is_left_out(tmp_path):
    (tmp_path / "a.toml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.toml").write_text(GOOD, encoding="utf-8")
    lessons, found = load_all(tmp_path)
    assert len(lessons) == 1 and [p.code for p in found] == ["duplicate-lesson"] and found[0].path.endswith("b.toml")


def test_the_extractor_skips_what_it_cannot_read():
    import io

    from tutorial.lessons.extract import extract_lessons

    for raw in (b"\xff\xfe not utf-8", b'title = "unclosed'):
        assert list(extract_lessons(io.BytesIO(raw), None, None, {})) == []
    text = 'id = "x"\ntitle = "T"\nsummary = "S"\nsteps = "none"\n'
    assert [m[2] for m in extract_lessons(io.BytesIO(text.encode()), None, None, {})] == ["T", "S"]
    text = 'id = "x"\ntitle = "T"\nsummary = "S"\nsteps = [1, {id = "a", kind = "explain", title = "A", text = "B"}]\n'
    assert [m[2] for m in extract_lessons(io.BytesIO(text.encode()), None, None, {})] == ["T", "S", "A", "B"]


LAST_CARD = """
id = "last"
title = "Last"
summary = "A last card."

[positions.p]
players = ["A", "B", "C"]
to_move = "B"
commons = [["5C"]]
[positions.p.stocks]
B = ["6H"]
A = ["2D"]
C = ["9S"]
[positions.p.discards]
C = ["7D"]

[[steps]]
id = "late"
kind = "call"
title = "Late?"
text = "B puts the last card on C's discard."
position = "p"
play = "discard:C"
late = true
answer = "accept"

[[steps]]
id = "checked"
kind = "muggins"
title = "Nobody calls"
text = "B puts the last card on C's discard and nobody calls."
position = "p"
play = "discard:C"
called = false
placed = "common:1"
"""


def test_a_last_card_is_checked_at_once_and_a_muggins_step_may_show_it():
    found = problems(LAST_CARD)
    assert [p.code for p in found] == ["answer-disagrees"] and "finish check" in str(found[0].params)
    lesson = parse(LAST_CARD.replace("late = true\n", "").replace('answer = "accept"', 'answer = "call"'), "last.toml")
    checked = lesson.steps[-1]
    assert checked.record.checked and str(checked.record.placed) == "common:1" and not checked.record.finished
    not_last = LAST_CARD.replace('B = ["6H"]', 'B = ["6H", "KD"]').replace("late = true\n", "").replace('answer = "accept"', 'answer = "call"')
    assert [p.code for p in problems(not_last)] == ["answer-disagrees"]  # called = false on a card that is not the last


def test_next_card_choices_are_reported_at_their_own_line_with_pass_among_them():
    text = PASSING.replace('choices = ["6H", "pass"]', 'choices = [\n    "pass",\n    "ZZ",\n    "6H",\n]')
    found = problems(text)
    line = text.splitlines().index('    "ZZ",') + 1
    assert [(p.code, p.line) for p in found] == [("bad-answer", line)]


def test_a_deal_step_offers_each_count_once_and_texts_hold_no_control_characters():
    doubled = NEW_KINDS.replace('id = "deal"\nkind = "deal"', 'id = "deal"\nkind = "deal"\nplayers = [4, 4]')
    assert [p.code for p in problems(doubled)] == ["bad-answer"]
    nul = GOOD.replace('title = "Read"', 'title = "Re\\u0000ad"')
    assert "missing-text" in [p.code for p in problems(nul)]


# ----- issue 17: no lesson shows a pile that play by the rules cannot build -------------------
IMPOSSIBLE = [
    # 9♦ on 7♣ (lesson 2 showed this): a common pile takes only a card that fits its top
    (('commons = [["5C"]]', 'commons = [["7C", "9D", "8D", "7H", "6D", "5C"]]'), "impossible-common-pile", 9,
     {"pile": 1, "card": "9♦", "below": "7♣"}),
    (('commons = [["5C"]]', 'commons = [["3C", "4C", "4H", "5C"]]'), "impossible-common-pile", 9,
     {"pile": 1, "card": "4♥", "below": "4♣"}),  # equal ranks never fit
    (('commons = [["5C"]]', 'commons = [["KH", "AS", "2S", "3S", "4S", "5C"]]'), "impossible-common-pile", 9,
     {"pile": 1, "card": "A♠", "below": "K♥"}),  # no wrap
    # B's 4♦ fits the common 5♣, which has shown 5♣ all hand: B had to play it there
    (('B = ["7D"]', 'B = ["4D", "7D"]'), "impossible-discard-card", 15,
     {"player": "B", "card": "4♦", "pile": 1, "top": "5♣"}),
    # three players have one common pile
    (('commons = [["5C"]]', 'commons = [["5C"], ["JH"]]'), "common-pile-count", 9,
     {"players": 3, "count": 2, "expected": 1}),
]


@pytest.mark.parametrize("change, code, line, params", IMPOSSIBLE)
def test_a_pile_that_play_cannot_build_is_a_problem_at_its_line(change, code, line, params):
    old, new = change
    found = problems(GOOD.replace(old, new, 1))
    assert [(p.code, p.line) for p in found] == [(code, line)]
    assert {k: found[0].params[k] for k in params} == params and found[0].params["position"] == "p"
    for lang in ("en", "es"):
        text = words.lesson_problem(found[0], translations(lang))
        assert text.startswith(f"demo.toml:{line}: ") and code not in text and "{" not in text


def test_piles_play_can_build_are_no_problem():
    """A common pile of neighbours, up and down; a discard of unrelated cards (its owner
    may put any card there when it fits nowhere else); a discard card that fits a common
    pile whose top has since changed (it was played while another card showed)."""
    lesson = parse(GOOD.replace('commons = [["5C"]]', 'commons = [["8C", "7C", "6D", "5C"]]')
                   .replace('B = ["7D"]', 'B = ["QS", "2C", "9H", "9S", "7D"]'), "demo.toml")
    assert lesson.steps
    lesson = parse(GOOD.replace('commons = [["5C"]]', 'commons = [["4H", "5C"]]')
                   .replace('B = ["7D"]', 'B = ["4D", "7D"]'), "demo.toml")  # 4♦ came while 4♥ showed
    assert lesson.steps


def test_an_inline_position_is_checked_too():
    inline = GOOD.replace('position = "p"\nanswer', 'position = { players = ["A", "B", "C"], to_move = "A", '
                          'commons = [["7C", "9D"]], stocks = { A = ["8H"] } }\nanswer', 1)
    found = problems(inline)
    assert [(p.code, p.params["position"], p.line) for p in found] == [("impossible-common-pile", "place", 28)]


def test_no_shipped_lesson_shows_an_impossible_pile():
    import tomllib

    from tutorial.engine.posfile import from_dict
    from tutorial.lessons.plausible import impossible_piles

    checked = 0
    for path in LESSONS_DIR.glob("*.toml"):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for name, table in data.get("positions", {}).items():
            assert impossible_piles(from_dict(table)) == [], (path.name, name)
            checked += 1
    assert checked >= 50  # every named position of the course (53 after the lighter course of issue 38)


# ----- step behaviour on the step (issue 18) -----------------------------------------------
def test_every_step_answers_for_itself_what_it_offers_and_how_a_choice_is_judged():
    """Every step of the course: the right answers are among its options (an OPTION step),
    each right answer is judged right, every other option wrong; a class can be asked
    exactly the steps answered with one pick."""
    from tutorial.lessons import load_all
    from tutorial.lessons.steps import RIGHT, WRONG, AnswerMode

    lessons, _problems = load_all()
    seen_modes = set()
    for lesson in lessons:
        for step in lesson.steps:
            seen_modes.add(step.answered_by)
            assert step.askable == (step.answered_by in (AnswerMode.PILE, AnswerMode.OPTION))
            if step.answered_by is AnswerMode.OPTION:
                values = [option.value for option in step.options()]
                assert len(values) == len(set(values)) >= 2, (lesson.id, step.id)
                assert set(step.right) <= set(values), (lesson.id, step.id)
                for value in values:
                    verdict = step.judge(value)
                    assert verdict.right == (value in step.right)
                    assert verdict.code == (RIGHT if verdict.right else WRONG)
            elif step.answered_by is AnswerMode.PILE:
                for right in step.right:
                    assert step.judge(right).right
                position = step.turned.position
                piles = [f"common:{n}" for n in range(1, len(position.commons) + 1)] + [f"discard:{p}" for p in position.players]
                wrong = [pile for pile in piles if pile not in step.right]
                for value in wrong:
                    verdict = step.judge(value)
                    assert not verdict.right and verdict.code not in (RIGHT, WRONG), (lesson.id, step.id, value)
            else:
                assert step.options() == ()
            assert step.has_table == (step.position is not None or step.answered_by in (AnswerMode.DEAL,))
    assert seen_modes == set(AnswerMode)
