"""The live class room through AppTest (issue 12): a teacher's session and students'
sessions on one store — open, join, ask, answer, tally, reveal, advance, class practice,
close — and the bad input: unknown, closed and expired rooms, nicknames that are taken,
too long or full of Markdown, a student with a forged teacher link."""

from __future__ import annotations

import sqlite3

import pytest
from test_app import app, button, keys, plain, start

from tutorial.app.lessons.state import course
from tutorial.engine.position import Dest
from tutorial.engine.rules import judge
from tutorial.narrate import narrator

LESSONS, _PROBLEMS = course()
PAGE = "classroom/page.py"


@pytest.fixture(autouse=True)
def rooms_dir(monkeypatch, tmp_path):
    """A fresh store for each test (the app's shared store object is dropped before and after)."""
    from tutorial.app.classroom import view as classroom_view

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
    parts += [bar.proto.text for bar in at.get("progress")]
    return plain("\n".join(parts))


def ask_default(at) -> None:
    button(at, "class-ask").click().run()
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
    assert "Right" not in text and "Wrong" not in text and "✓" not in text, "nothing tells the answer before the reveal"
    assert "They fit — 1" not in text, "the spread only when the teacher asks for it"
    assert "- Ana" not in text and "- Ben" not in text, "no names unless asked"
    at.toggle(key="class-spread").set_value(True).run()
    text = page_text(at)
    assert "They fit — 1" in text and "They do not fit — 1" in text and "✓" not in text and "Right" not in text
    at.toggle(key="class-names").set_value(True).run()
    text = page_text(at)
    assert "- Ana: " in text and "- Ben: " in text and "Right" not in text
    button(at, "class-reveal").click().run()
    text = page_text(at)
    assert "Right: 1" in text and "Wrong: 1" in text, "after the reveal: the verdicts"
    assert "✓ — 1" in text and "(Right)" in text
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
    button(at, "class-ask-deal").click().run()
    pupil.run()
    button(pupil, "class-play").click().run()
    assert not pupil.exception
    at.run()
    assert "1 of 1 have started" in page_text(at)


def test_a_student_with_a_forged_teacher_link_can_do_nothing_a_teacher_can():
    _at, code, token = teacher()
    forged = start(app(room=code, teacher="x" * len(token)), PAGE)
    assert "This link does not open a place in a class room" in page_text(forged)
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
    button(at, "class-close-yes").click().run()
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
    button(projector, "class-present-first").click().run()
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
    button(at, "class-ask-deal").click().run()
    pupil.run()
    button(pupil, "class-play").click().run()
    pupil.switch_page("practice/page.py").run()  # where the browser now is (AppTest stays on the page it ran)
    return at, pupil


def test_class_practice_goes_on_after_a_second_click_and_a_reload():
    at, pupil = playing_the_class_deal("Ivy")
    game = pupil.session_state["practice"].game
    game.decide("best")
    pupil.run()
    at.run()
    assert _decisions_shown(at) == [1]
    # Back in the class room, a second click on "Play the class deal" goes on with the same game.
    pupil.switch_page(PAGE).run()
    button(pupil, "class-play").click().run()
    assert len(pupil.session_state["practice"].game.decisions) == 1
    # A reload of the Practice page (its address keeps the room and the student) still reports.
    query = {key: pupil.query_params[key] for key in ("room", "student", "deal", "moves") if key in pupil.query_params}
    assert query.get("student") and query.get("moves")
    again = start(app(**query), "practice/page.py")
    again.session_state["practice"].game.decide("best")
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
    from tutorial.app.classroom import view as classroom_view

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
    from tutorial.app.classroom.view import cell

    assert cell(value) == shown


# ----- issue 17 ----------------------------------------------------------------------------------


def test_a_stale_click_on_play_the_class_deal_is_refused():
    """The guard compares what the button was drawn for with the store's state when the click
    arrives (it used to compare the drawn round with itself)."""
    at, code, token = teacher()
    pupil = student(code, "Kim")
    at.segmented_control(key="class-ask-kind").set_value("deal").run()
    button(at, "class-ask-deal").click().run()
    pupil.run()
    stale = button(pupil, "class-play")
    from tutorial.app.classroom import view as classroom_view

    classroom_view.store().set_question(code, token, "deal/4-1234", after=1)  # the teacher moves on meanwhile
    stale.click().run()
    assert "_class_practice" not in pupil.session_state, "the click on the old question changed nothing"
    button(pupil, "class-play").click().run()
    assert pupil.session_state["_class_practice"][1] == 2


def test_a_stale_answer_and_a_stale_reveal_are_refused():
    at, code, token = teacher()
    pupil = student(code, "Lou")
    ask_default(at)
    pupil.run()
    option = next(b for b in pupil.button if (b.key or "").startswith("class-option-1-"))
    reveal = button(at, "class-reveal")
    from tutorial.app.classroom import view as classroom_view

    rooms = classroom_view.store()
    rooms.reveal(code, token, 1)
    rooms.set_question(code, token, "lesson/cards-and-fitting/fits-ace-two", after=1)
    option.click().run()
    assert rooms.tally(code, token, 1).answered == 0 and rooms.tally(code, token, 2).answered == 0
    reveal.click().run()
    assert rooms.teacher_room(code, token).phase == "asking", "the reveal drawn for question 1 did not reveal 2"


def test_an_answer_coming_in_does_not_make_the_teachers_reveal_stale():
    at, code, token = teacher()
    pupil = student(code, "Max")
    ask_default(at)
    reveal = button(at, "class-reveal")
    pupil.run()
    button(pupil, next(k for k in keys(pupil) if k.startswith("class-option-1-"))).click().run()
    reveal.click().run()
    from tutorial.app.classroom import view as classroom_view

    assert classroom_view.store().teacher_room(code, token).phase == "revealed"


def test_a_student_who_closed_the_tab_gets_their_place_back_from_the_same_browser(monkeypatch):
    at, code, token = teacher()
    pupil = student(code, "Ona")
    joined_as = pupil.query_params["student"]
    from tutorial.app.classroom import view as classroom_view

    cookie = {}

    def written(name):
        return cookie.get(name)

    # what the page wrote for this browser (its place cookie), read back by the next session
    import json
    from urllib.parse import quote

    cookie[classroom_view.COOKIE_PREFIX + code] = quote(json.dumps({"t": joined_as, "n": "Ona"}))
    monkeypatch.setattr(classroom_view, "browser_cookie", written)
    again = start(app(room=code), PAGE)  # the join link again, in a new tab of the same browser
    assert "This browser joined room" in page_text(again) and "Ona" in page_text(again)
    again.button(key="class-reclaim").click().run()
    assert again.query_params["student"] == joined_as and "You are **Ona**" in page_text(again)
    # typing the same nickname again takes the place back too, instead of "taken"
    third = student(code, "ona")
    assert third.query_params["student"] == joined_as and "already has that nickname" not in page_text(third)
    at.run()
    assert "1 student has joined." in page_text(at), "no ghost in the count"
    assert {row["student"] for row in classroom_view.store().summary_rows(code, token)} in ({1}, set())
    # another browser (no cookie) with the same name is still told it is taken
    monkeypatch.setattr(classroom_view, "browser_cookie", lambda name: None)
    other = student(code, "Ona")
    assert "already has that nickname" in page_text(other)


def test_the_student_page_writes_its_place_into_a_cookie_and_leave_drops_it():
    _at, code, _token = teacher()
    pupil = student(code, "Pia")
    scripts = " ".join(str(h.proto) for h in pupil.get("html"))
    assert f"muggins-class-{code}=" in scripts and "Max-Age=604800" in scripts and "SameSite=Lax" in scripts
    pupil.button(key="class-leave").click().run()
    scripts = " ".join(str(h.proto) for h in pupil.get("html"))
    assert f"muggins-class-{code}=; Max-Age=0" in scripts


def test_the_teacher_removes_and_merges_students_from_the_page():
    at, code, token = teacher()
    student(code, "Quin")
    student(code, "Quin 2")
    student(code, "Ray")
    at.run()
    assert "3 students have joined." in page_text(at)
    at.selectbox(key="class-pick-student").set_value(3).run()
    button(at, "class-remove").click().run()
    assert "2 students have joined." in page_text(at)
    at.selectbox(key="class-pick-student").set_value(2).run()
    at.selectbox(key="class-pick-into").set_value(1).run()
    button(at, "class-merge").click().run()
    assert "1 student has joined." in page_text(at)
    from tutorial.app.classroom import view as classroom_view

    assert [row.nickname for row in classroom_view.store().students(code, token)] == ["Quin"]


@pytest.mark.parametrize("kind", ["student", "teacher"])
def test_a_link_answers_the_same_for_a_real_and_a_made_up_code(kind):
    _at, code, _token = teacher()
    real = start(app(room=code, **{kind: "x"}), PAGE)
    made_up = start(app(room="ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY", **{kind: "x"}), PAGE)
    said = [box.value for box in real.error]
    assert said == [box.value for box in made_up.error] and "This link does not open a place" in said[0]
    assert not real.exception and not made_up.exception


def test_wrong_codes_from_one_session_are_slowed_down_in_the_app(monkeypatch):
    from tutorial.app.classroom import view as classroom_view

    monkeypatch.setattr(classroom_view, "clock", lambda: 1_700_000_000.0)  # all tries within the same second
    nobody = start(app(room="ZZZZZZ"), PAGE)
    nobody.text_input(key="class-join-name").input("Eve")
    said = []
    for _ in range(7):
        nobody.button(key="FormSubmitter:class-join-Join").click().run()
        said.append(page_text(nobody))
    assert any("wait" in text and "seconds before the next try" in text for text in said), said


def test_store_faults_show_a_message_not_a_traceback(monkeypatch, rooms_dir):
    at, code, _token = teacher()
    pupil = student(code, "Sam")
    from tutorial.app.classroom import view as classroom_view

    rooms = classroom_view.store()
    real = rooms._connect

    def full():
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(rooms, "_connect", full)
    for page in (at, pupil):
        page.run()
        assert not page.exception
        assert any("cannot be reached just now" in box.value for box in page.error), page_text(page)
    monkeypatch.setattr(rooms, "_connect", real)
    at.run()
    assert not at.error and "1 student has joined." in page_text(at)


def test_an_unwritable_data_folder_is_said_and_tried_again(monkeypatch, rooms_dir):
    """A data folder that cannot be made (here: its parent is a file, which stops root too)."""
    from tutorial.app.classroom import view as classroom_view

    blocker = rooms_dir / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("MUGGINS_DATA_DIR", str(blocker / "data"))
    at = start(app(), PAGE)
    assert not at.exception
    assert any("cannot be used on this server just now" in box.value for box in at.error)
    monkeypatch.setenv("MUGGINS_DATA_DIR", str(rooms_dir))  # the cause goes
    monkeypatch.setattr(classroom_view, "RETRY_SECONDS", 0.0)
    at.run()
    assert not at.error and "class-open" in keys(at)


def test_one_session_opens_a_few_rooms_then_is_told_to_use_them():
    at = start(app(), PAGE)
    for _ in range(3):
        at.button(key="class-open").click().run()
        assert "teacher" in at.query_params
        at.button(key="class-leave").click().run()
    at.button(key="class-open").click().run()
    assert "teacher" not in at.query_params
    assert any("You have opened enough class rooms for now" in box.value for box in at.error)


def test_a_second_ask_drawn_for_the_old_question_asks_nothing():
    """*Ask this question* acts on the question shown: a click drawn before another device of the
    teacher asked (or a double click) opens no second round."""
    at, code, token = teacher()
    stale = button(at, "class-ask")
    from tutorial.app.classroom import view as classroom_view

    classroom_view.store().set_question(code, token, "lesson/cards-and-fitting/fits-ace-two", after=0)
    stale.click().run()
    assert classroom_view.store().teacher_room(code, token).round == 1
