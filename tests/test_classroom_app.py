"""The live class room through AppTest (issue 12): a teacher's session and students'
sessions on one store — open, join, ask, answer, tally, reveal, advance, class practice,
close — and the bad input: unknown, closed and expired rooms, nicknames that are taken,
too long or full of Markdown, a student with a forged teacher link."""

from __future__ import annotations

import sqlite3

import pytest
from test_app import app, button, keys, plain, start

from tutorial.app.lesson_view import course
from tutorial.engine.position import Dest
from tutorial.engine.rules import judge
from tutorial.narrate import narrator

LESSONS, _PROBLEMS = course()
PAGE = "screens/classroom.py"


@pytest.fixture(autouse=True)
def rooms_dir(monkeypatch, tmp_path):
    """A fresh store for each test (the app's shared store object is dropped before and after)."""
    from tutorial.app import classroom_view

    monkeypatch.setenv("MUGGINS_DATA_DIR", str(tmp_path))
    classroom_view._store.clear()
    yield tmp_path
    classroom_view._store.clear()


def teacher():
    at = start(app(), PAGE)
    at.button(key="class-open").click().run()
    assert not at.exception
    return at, at.query_params["room"], at.query_params["teacher"]


def student(code: str, nickname: str, **query):
    at = start(app(room=code, **query), PAGE)
    at.text_input(key="class-join-name").input(nickname)
    at.button(key="FormSubmitter:class-join-Join").click().run()
    assert not at.exception
    return at


def page_text(at) -> str:
    parts = [m.value for m in at.markdown] + [m.value for m in at.caption] + [s.value for s in at.header]
    parts += [s.value for s in at.subheader]
    parts += [box.value for kind in (at.success, at.error, at.info, at.warning) for box in kind]
    parts += [b.label for b in at.button]
    return plain("\n".join(parts))


def ask_default(at) -> None:
    at.button(key="class-ask").click().run()
    assert not at.exception


def test_a_teacher_opens_a_room_with_a_code_a_qr_code_and_a_secret_link():
    at, code, token = teacher()
    assert len(code) == 6 and code.isalnum() and code.upper() == code
    assert len(token) >= 24
    codes = [c.value for c in at.code]
    assert any(value.endswith(f"/class?room={code}") for value in codes), codes  # the join link: no language
    assert any(f"teacher={token}" in value for value in codes)
    assert at.get("image"), "the join link's QR code"
    assert "0 students have joined." in page_text(at)


def test_students_answer_the_teacher_tallies_reveals_and_moves_on():
    at, code, _token = teacher()
    ana, ben = student(code, "Ana"), student(code, "Ben")
    at.run()
    assert "2 students have joined." in page_text(at)
    ask_default(at)
    first = next(step for lesson in LESSONS for step in lesson.steps if step.kind in ("fits", "place", "call", "count",
                                                                                      "quiz", "next-card"))
    for learner, wrong in ((ana, False), (ben, True)):
        learner.run()
        options = [k for k in keys(learner) if k.startswith("class-option-1-")]
        assert options, keys(learner)
        chosen = next(k for k in options if (k[len("class-option-1-"):] in first.right) != wrong)
        button(learner, chosen).click().run()
        assert "Your answer is in" in page_text(learner)
        assert not learner.success and not learner.error, "no verdict before the reveal"
    at.run()
    text = page_text(at)
    assert "2 of 2 have answered." in text
    assert "Right: 1" in text and "Wrong: 1" in text
    assert "Ana" not in text and "Ben" not in text, "no names unless asked"
    at.toggle(key="class-names").set_value(True).run()
    assert "Ana" in page_text(at) and "Ben" in page_text(at)
    button(at, "class-reveal").click().run()
    ana.run()
    ben.run()
    assert any("Your answer" in plain(box.value) and "Right" in box.value for box in ana.success)
    assert any("Your answer" in plain(box.value) and "Wrong" in plain(box.value) for box in ben.error)
    assert "Ben" not in page_text(ana) and "Ana" not in page_text(ben), "a student never sees another's name"
    assert "2 of 2 have answered." not in page_text(ana), "two answers: the counts would tell who chose what"
    button(at, "class-next").click().run()
    ana.run()
    assert any(k.startswith("class-option-2-") for k in keys(ana)) or any(k.startswith("class-2-") for k in keys(ana))


def test_a_pile_answer_is_judged_by_the_engine_and_tallied_by_error_kind():
    at, code, _token = teacher()
    pupil = student(code, "Cleo")
    lesson = next(item for item in LESSONS if any(step.kind == "place" for step in item.steps))
    step = next(item for item in lesson.steps if item.kind == "place")
    lesson_box = next(box for box in at.selectbox if box.key.startswith("class-lesson-"))
    lesson_box.set_value(lesson.id).run()
    step_box = next(box for box in at.selectbox if box.key.startswith(f"class-step-{lesson.id}-"))
    step_box.set_value(step.id).run()
    ask_default(at)
    pupil.run()
    wrong = next(str(dest) for dest in _all_piles(step) if str(dest) not in step.right)
    pile_key = next(k for k in keys(pupil) if k.startswith("class-1-") and k.endswith(wrong.replace(":", "-")))
    button(pupil, pile_key).click().run()
    at.run()
    kind = judge(step.turned.position, step.turned.card, Dest.parse(wrong)).error
    assert kind, "the pile chosen is an error"
    assert f"{narrator('en').error_title(kind)}: 1" in page_text(at)


def _all_piles(step):
    from tutorial.engine.bots import all_destinations

    return all_destinations(step.turned.position)


def test_class_practice_reports_progress_to_the_teacher():
    at, code, _token = teacher()
    pupil = student(code, "Dee")
    at.segmented_control(key="class-ask-kind").set_value("deal").run()
    deal = at.text_input(key="class-deal").value
    assert len(deal.split("-")[1]) <= 6
    at.button(key="class-ask-deal").click().run()
    pupil.run()
    button(pupil, "class-play").click().run()
    assert not pupil.exception
    at.run()
    assert "1 of 1 have started" in page_text(at)


def test_a_student_with_a_forged_teacher_link_can_do_nothing_a_teacher_can():
    _at, code, token = teacher()
    forged = start(app(room=code, teacher="x" * len(token)), PAGE)
    assert "This teacher link does not belong to this class room." in page_text(forged)
    assert not [k for k in keys(forged) if k.startswith(("class-ask", "class-reveal", "class-close", "class-next"))]


@pytest.mark.parametrize("nickname, said", [
    ("", "Choose a nickname."),
    ("a\u200bb", "no invisible characters"),
])
def test_bad_nicknames_are_refused_with_a_reason(nickname, said):
    _at, code, _token = teacher()
    pupil = student(code, nickname)
    assert said in page_text(pupil)
    assert "class-join-name" in [t.key for t in pupil.text_input], "the form is still there"


def test_a_taken_nickname_is_refused_whatever_its_case():
    _at, code, _token = teacher()
    student(code, "Ana")
    again = student(code, "ANA")
    assert "already has that nickname" in page_text(again)


def test_a_nickname_is_shown_literally():
    at, code, _token = teacher()
    bait = "**b** [x](http://e.org)"
    pupil = student(code, bait)
    shown = next(m.value for m in pupil.markdown if "You are" in m.value)
    assert "\\*\\*b\\*\\*" in shown and "\\[x\\]" in shown
    ask_default(at)
    pupil.run()
    button(pupil, next(k for k in keys(pupil) if k.startswith("class-option-1-"))).click().run()
    at.run()
    at.toggle(key="class-names").set_value(True).run()
    assert any("\\*\\*b\\*\\*" in m.value for m in at.markdown)


def test_unknown_closed_and_expired_rooms_are_said(rooms_dir):
    nobody = student("ZZZZZZ", "Eve")
    assert "There is no class room with this code." in page_text(nobody)
    at, code, _token = teacher()
    pupil = student(code, "Finn")
    at.button(key="class-close").click().run()
    at.button(key="class-close-yes").click().run()
    assert "This room is closed." in page_text(at)
    pupil.run()
    assert "Your teacher has closed this class room." in page_text(pupil)
    other, code2, _token2 = teacher()
    with sqlite3.connect(rooms_dir / "muggins.sqlite3") as db:
        db.execute("UPDATE rooms SET expires = 0 WHERE code = ?", (code2,))
    other.run()
    assert "This class room has expired" in page_text(other)
    assert not other.exception


def test_a_student_who_reloads_is_the_same_student():
    at, code, _token = teacher()
    pupil = student(code, "Gus")
    token = pupil.query_params["student"]
    again = start(app(room=code, student=token), PAGE)
    assert "You are **Gus**" in "\n".join(m.value for m in again.markdown)
    at.run()
    assert "1 student has joined." in page_text(at)


def test_the_teacher_runs_the_class_from_presenter_mode():
    _at, code, token = teacher()
    projector = start(app(room=code, teacher=token, present="1"), PAGE)
    assert not projector.title and "present-leave" in keys(projector)
    assert projector.get("image"), "the join QR code, big, before the first question"
    pupil = student(code, "Hal")
    projector.button(key="class-present-first").click().run()
    pupil.run()
    option = next(k for k in keys(pupil) if k.startswith("class-option-1-"))
    button(pupil, option).click().run()
    projector.run()
    assert "1 of 1 have answered." in page_text(projector)
    assert not projector.success, "the answer is not on the projector before the reveal"
    button(projector, "class-reveal").click().run()
    assert projector.success, "revealed: the step's answer with its explanation"
    button(projector, "class-next").click().run()
    pupil.run()
    assert any(k.startswith(("class-option-2-", "class-2-")) for k in keys(pupil))


def _decisions_shown(at) -> list[int]:
    frames = [frame.value for frame in at.dataframe]
    return [int(value) for frame in frames for value in frame.get("Decisions", [])]


def playing_the_class_deal(nickname: str):
    """A teacher who set a deal to play and a student on the Practice page playing it."""
    at, code, _token = teacher()
    pupil = student(code, nickname)
    at.segmented_control(key="class-ask-kind").set_value("deal").run()
    at.button(key="class-ask-deal").click().run()
    pupil.run()
    button(pupil, "class-play").click().run()
    pupil.switch_page("screens/practice.py").run()  # where the browser now is (AppTest stays on the page it ran)
    return at, pupil


def test_class_practice_goes_on_after_a_second_click_and_a_reload():
    at, pupil = playing_the_class_deal("Ivy")
    game = pupil.session_state["practice_game"]
    game.decide("best")
    pupil.run()
    at.run()
    assert _decisions_shown(at) == [1]
    # Back in the class room, a second click on "Play the class deal" goes on with the same game.
    pupil.switch_page(PAGE).run()
    button(pupil, "class-play").click().run()
    assert len(pupil.session_state["practice_game"].decisions) == 1
    # A reload of the Practice page (its address keeps the room and the student) still reports.
    query = {key: pupil.query_params[key] for key in ("room", "student", "deal", "moves") if key in pupil.query_params}
    assert query.get("student") and query.get("moves")
    again = start(app(**query), "screens/practice.py")
    again.session_state["practice_game"].decide("best")
    again.run()
    at.run()
    assert _decisions_shown(at) == [2]
    assert "Class practice in room" in page_text(again)


def test_a_student_on_the_practice_page_hears_of_the_next_question():
    at, pupil = playing_the_class_deal("Jo")
    at.segmented_control(key="class-ask-kind").set_value("lesson").run()
    ask_default(at)
    pupil.run()
    assert "Your teacher has asked something new in the class room." in page_text(pupil)


def test_the_class_summary_csv_reads_in_the_teachers_language_and_opens_in_a_spreadsheet():
    at, code, _token = teacher()
    pupil = student(code, "José")
    ask_default(at)
    pupil.run()
    button(pupil, next(k for k in keys(pupil) if k.endswith("-no-fit"))).click().run()
    at.run()
    at.toggle(key="class-names").set_value(True).run()
    from tutorial.app import classroom_view

    rows = classroom_view.store().summary_rows(code, _token, names=True)
    from tutorial.i18n import translations

    worded = classroom_view.summary_in_words(rows[0], translations("es"))
    assert list(worded)[:4] == ["round", "question", "answer", "result"]
    assert worded["answer"] == "No, no sirven" and worded["result"] == "Incorrecto"
    assert worded["nickname"] == "José" and worded["choice"] == "no-fit"
    assert " · " in worded["question"]


@pytest.mark.parametrize("value, shown", [
    ("=1+2", "'=1+2"), ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'), ("+cmd", "'+cmd"), ("@SUM(1)", "'@SUM(1)"),
    ("-2+3", "'-2+3"), ("\tx", "'\tx"), ("Ana", "Ana"), ("", ""), (3, 3),
])
def test_a_csv_cell_never_runs_as_a_formula(value, shown):
    from tutorial.app.classroom_view import cell

    assert cell(value) == shown
