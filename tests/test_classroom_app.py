"""The live class room through AppTest (issue 12): a teacher's session and students'
sessions on one store, for what needs the page: its wiring (forms, toggles, pick lists,
presenter mode, the way to the Practice page), the click guard, the address, cookies,
Markdown escaping and store faults. What the screens say and decide is tested on the role
sessions, fast: tests/test_classroom_sessions.py."""

from __future__ import annotations

import sqlite3

import pytest
from test_app import app, button, keys, plain, start

from tutorial.app.classroom import state as classroom_state
from tutorial.app.lessons.state import course
from tutorial.classroom.session import COOKIE_PREFIX, RoomState

LESSONS, _PROBLEMS = course()
PAGE = "classroom/page.py"


@pytest.fixture(autouse=True)
def rooms_dir(monkeypatch, tmp_path):
    """A fresh store for each test (the app's shared store object is dropped before and after)."""
    monkeypatch.setenv("MUGGINS_DATA_DIR", str(tmp_path))
    classroom_state._store.clear()
    yield tmp_path
    classroom_state._store.clear()


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


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
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


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_a_student_who_reloads_is_the_same_student():
    at, code, _token = teacher()
    pupil = student(code, "Gus")
    token = pupil.query_params["student"]
    again = start(app(room=code, student=token), PAGE)
    assert "You are **Gus**" in "\n".join(m.value for m in again.markdown)
    at.run()
    assert "1 student has joined." in page_text(at)


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_a_students_place_is_not_in_the_address_of_other_pages():
    """Sharing the Rules page's link during a class must not let whoever opens it answer as
    this student: the room and the token stay on the Class room (and Practice) pages."""
    _at, code, _token = teacher()
    pupil = student(code, "Ida")
    token = pupil.query_params["student"]
    pupil.switch_page("rules/page.py").run()
    assert "student" not in pupil.query_params and "room" not in pupil.query_params
    pupil.switch_page(PAGE).run()
    assert pupil.query_params["student"] == token and "You are **Ida**" in page_text(pupil)


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
    # issue 37: the answers are drawn on the projector but not taken (a click showed the class an explanation)
    answers = [b for b in projector.button if "-option-" in (b.key or "") or "-card-" in (b.key or "")]
    assert answers and all(b.disabled for b in answers), [(b.key, b.disabled) for b in answers]
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
    # issue 37: the class deal is the teacher's: no New deal, no other settings meanwhile
    assert "practice-new" not in keys(pupil) and "practice-deal" not in keys(pupil)
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
    classroom_state.store().set_question(code, token, "deal/4-1234", after=1)  # the teacher moves on meanwhile
    stale.click().run()
    assert pupil.session_state[RoomState.KEY].practice is None, "the click on the old question changed nothing"
    button(pupil, "class-play").click().run()
    assert pupil.session_state[RoomState.KEY].practice[1] == 2


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_a_stale_answer_and_a_stale_reveal_are_refused():
    at, code, token = teacher()
    pupil = student(code, "Lou")
    ask_default(at)
    pupil.run()
    option = next(b for b in pupil.button if (b.key or "").startswith("class-option-1-"))
    reveal = button(at, "class-reveal")
    rooms = classroom_state.store()
    rooms.reveal(code, token, 1)
    rooms.set_question(code, token, "lesson/cards-and-fitting/fits-ace-two", after=1)
    option.click().run()
    assert rooms.tally(code, token, 1).answered == 0 and rooms.tally(code, token, 2).answered == 0
    reveal.click().run()
    assert rooms.teacher_room(code, token).phase == "asking", "the reveal drawn for question 1 did not reveal 2"


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_an_answer_coming_in_does_not_make_the_teachers_reveal_stale():
    at, code, token = teacher()
    pupil = student(code, "Max")
    ask_default(at)
    reveal = button(at, "class-reveal")
    pupil.run()
    button(pupil, next(k for k in keys(pupil) if k.startswith("class-option-1-"))).click().run()
    reveal.click().run()
    assert classroom_state.store().teacher_room(code, token).phase == "revealed"


def test_a_student_who_closed_the_tab_gets_their_place_back_from_the_same_browser(monkeypatch):
    """The page's part (the decisions: tests/test_classroom_sessions.py): *Go on as …* takes the place back."""
    import json
    from urllib.parse import quote

    _at, code, _token = teacher()
    pupil = student(code, "Ona")
    joined_as = pupil.query_params["student"]
    cookie = {COOKIE_PREFIX + code: quote(json.dumps({"t": joined_as, "n": "Ona"}))}
    monkeypatch.setattr(classroom_state, "browser_cookie", cookie.get)
    again = start(app(room=code), PAGE)  # the join link again, in a new tab of the same browser
    assert "This browser joined room" in page_text(again) and "Ona" in page_text(again)
    told = next(box.value for box in again.info if "This browser joined room" in box.value)
    assert "**Ona**" in told and "\\*" not in told  # the name in bold, not between literal asterisks (found by a trial)
    again.button(key="class-reclaim").click().run()
    assert again.query_params["student"] == joined_as and "You are **Ona**" in page_text(again)


def test_the_student_page_writes_its_place_into_a_cookie_and_leave_drops_it():
    _at, code, _token = teacher()
    pupil = student(code, "Pia")
    scripts = " ".join(str(h.proto) for h in pupil.get("html"))
    assert f"muggins-class-{code}=" in scripts and "Max-Age=604800" in scripts and "SameSite=Lax" in scripts
    pupil.button(key="class-leave").click().run()
    scripts = " ".join(str(h.proto) for h in pupil.get("html"))
    assert f"muggins-class-{code}=; Max-Age=0" in scripts


def test_the_teacher_removes_and_merges_students_from_the_page(monkeypatch):
    import json
    from urllib.parse import quote

    at, code, token = teacher()
    student(code, "Quin")
    second = student(code, "Quin 2")
    removed = student(code, "Ray")
    at.run()
    assert "3 students have joined." in page_text(at)
    at.selectbox(key="class-pick-student").set_value(3).run()
    button(at, "class-remove").click().run()
    assert "2 students have joined." in page_text(at)
    at.selectbox(key="class-pick-student").set_value(2).run()
    at.selectbox(key="class-pick-into").set_value(1).run()
    button(at, "class-merge").click().run()
    assert "1 student has joined." in page_text(at)
    assert [row.nickname for row in classroom_state.store().students(code, token)] == ["Quin"]
    # issue 37: the pages taken out are told what happened, not "the room may have ended… join again"
    for page in (second, removed):
        page.run()
        said = " ".join(plain(e.value) for e in page.error)
        assert "Your teacher took this entry out of the room" in said and "may have ended" not in said, said
    forged = start(app(room=code, student="not-a-token"), PAGE)  # a link's unknown token: the same as a made-up room
    assert "may have ended" in " ".join(plain(e.value) for e in forged.error)
    # the merged student's own browser in a new session (a reload, a new tab): its place cookie says it was theirs
    merged = second.query_params["student"]
    cookie = {COOKIE_PREFIX + code: quote(json.dumps({"t": merged, "n": "Quin 2"}))}
    monkeypatch.setattr(classroom_state, "browser_cookie", cookie.get)
    reloaded = start(app(room=code, student=merged), PAGE)
    assert "Your teacher took this entry out of the room" in " ".join(plain(e.value) for e in reloaded.error)


@pytest.mark.parametrize("kind", ["student", "teacher"])
def test_a_link_answers_the_same_for_a_real_and_a_made_up_code(kind):
    _at, code, _token = teacher()
    real = start(app(room=code, **{kind: "x"}), PAGE)
    made_up = start(app(room="ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY", **{kind: "x"}), PAGE)
    said = [box.value for box in real.error]
    assert said == [box.value for box in made_up.error] and "This link does not open a place" in said[0]
    assert not real.exception and not made_up.exception


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_store_faults_show_a_message_not_a_traceback(monkeypatch, rooms_dir):
    at, code, _token = teacher()
    pupil = student(code, "Sam")
    rooms = classroom_state.store()
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


def test_an_unwritable_data_folder_is_said_logged_and_tried_again(monkeypatch, rooms_dir, caplog):
    """A data folder that cannot be made (here: its parent is a file, which stops root too)."""
    blocker = rooms_dir / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("MUGGINS_DATA_DIR", str(blocker / "data"))
    at = start(app(), PAGE)
    assert not at.exception
    assert any("cannot be used on this server just now" in box.value for box in at.error)
    assert any("class-room store cannot be opened" in record.getMessage() and record.levelname == "ERROR"
               for record in caplog.records), "the operator reads why"
    monkeypatch.setenv("MUGGINS_DATA_DIR", str(rooms_dir))  # the cause goes
    monkeypatch.setattr(classroom_state, "RETRY_SECONDS", 0.0)
    at.run()
    assert not at.error and "class-open" in keys(at)


def test_a_second_ask_drawn_for_the_old_question_asks_nothing():
    """*Ask this question* acts on the question shown: a click drawn before another device of the
    teacher asked (or a double click) opens no second round."""
    at, code, token = teacher()
    stale = button(at, "class-ask")
    classroom_state.store().set_question(code, token, "lesson/cards-and-fitting/fits-ace-two", after=0)
    stale.click().run()
    assert classroom_state.store().teacher_room(code, token).round == 1


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_show_names_survives_entering_and_leaving_presenter_mode():
    """Presenter mode draws no *Show names* toggle, and Streamlit forgets a widget a run did not
    draw: the choice lives in the room's state and the toggle comes back on."""
    at, code, _token = teacher()
    pupil = student(code, "Kid1")
    ask_default(at)
    pupil.run()
    button(pupil, next(k for k in keys(pupil) if k.startswith("class-option-1-"))).click().run()
    at.run()
    at.toggle(key="class-names").set_value(True).run()
    assert "- Kid1" in page_text(at)
    at.toggle(key="present_switch").set_value(True).run()
    # the projector has its own switch, off until turned on there, visibly (issue 37: names reached the class)
    assert "class-names" not in [t.key for t in at.toggle] and "- Kid1" not in page_text(at)
    assert at.toggle(key="class-present-names").value is False
    at.toggle(key="class-present-names").set_value(True).run()
    assert "- Kid1" in page_text(at)
    at.button(key="present-leave").click().run()
    assert at.toggle(key="class-names").value is True and "- Kid1" in page_text(at)


def test_the_teacher_asks_a_training_exercise_of_a_theme_and_level_and_the_students_get_it():
    """*A training exercise*: the theme and level pick lists draw a fresh code into the box,
    *Ask this exercise* asks it, and a student gets that exercise as a question; a bad code
    typed in is said and asks nothing."""
    at, code, token = teacher()
    pupil = student(code, "Ivo")
    at.segmented_control(key="class-ask-kind").set_value("exercise").run()
    assert not at.exception
    theme = next(box for box in at.selectbox if (box.key or "").startswith("class-exercise-theme-"))
    theme.set_value("nearest-opponent").run()
    level = next(box for box in at.selectbox if (box.key or "").startswith("class-exercise-level-nearest-opponent-"))
    level.set_value(3).run()
    chosen = at.text_input(key="class-exercise").value
    assert chosen.startswith("nearest-opponent.3."), chosen
    button(at, "class-exercise-new").click().run()
    fresh = at.text_input(key="class-exercise").value
    assert fresh.startswith("nearest-opponent.3."), fresh
    at.segmented_control(key="class-ask-kind").set_value("lesson").run()  # away and back: the code is still there
    at.segmented_control(key="class-ask-kind").set_value("exercise").run()
    assert at.text_input(key="class-exercise").value == fresh, "kept while the box was not drawn"
    at.text_input(key="class-exercise").input("no-such.1.5").run()
    assert "There is no training theme called" in page_text(at)
    assert not [b for b in at.button if (b.key or "").startswith("class-ask-exercise")], "nothing to ask"
    at.text_input(key="class-exercise").input("no-wrap.1.77").run()
    box = next(box for box in at.selectbox if (box.key or "").startswith("class-exercise-theme-"))
    assert box.value == "no-wrap", "the pick lists follow the code typed"
    button(at, "class-ask-exercise").click().run()
    assert not at.exception
    assert classroom_state.store().teacher_room(code, token).target == "exercise/no-wrap.1.77"
    assert "Training exercise no-wrap.1.77" in page_text(at)
    pupil.run()
    assert not pupil.exception
    option = next(k for k in keys(pupil) if k.startswith("class-option-1-"))
    button(pupil, option).click().run()
    at.run()
    assert "1 of 1 have answered." in page_text(at)
    projector = start(app(room=code, teacher=token, present="1"), PAGE)
    assert "1 of 1 have answered." in page_text(projector) and "class-reveal" in " ".join(keys(projector))
    button(at, "class-reveal").click().run()
    pupil.run()
    assert pupil.success or pupil.error, "revealed: the verdict beside the engine's answer"
    projector.run()
    assert not projector.exception and projector.success, "the projector shows the engine's answer"
    button(projector, "class-next").click().run()  # → on the projector: another exercise of that theme and level
    asked = classroom_state.store().teacher_room(code, token)
    assert asked.round == 2 and asked.target.startswith("exercise/no-wrap.1."), asked.target


@pytest.mark.xdist_group("postgres")
def test_a_database_server_out_of_reach_is_said_on_the_pages_and_they_recover(monkeypatch, postgres_cluster, caplog):
    """With the PostgreSQL store: the server stops mid-class; the teacher's and a student's pages
    say so (no traceback), the log says why, and both come back once the server is up, with
    everything recorded (the student still in the room)."""
    from tutorial.store import postgres

    server = postgres_cluster.get()
    monkeypatch.setenv("MUGGINS_DATABASE_URL", server.create_database("muggins", schema="pages"))
    monkeypatch.setattr(postgres, "QUIET_SECONDS", 0.0)
    monkeypatch.setattr(postgres, "CONNECT_SECONDS", 1.0)
    postgres.close_pools()  # a new pool, with the shorter wait
    classroom_state._store.clear()
    at, code, _token = teacher()
    pupil = student(code, "Sam")
    try:
        server.stop("fast")
        for page in (at, pupil):
            page.run()
            assert not page.exception
            assert any("cannot be reached just now" in box.value for box in page.error), page_text(page)
        assert "class-room store: " in caplog.text and "PoolTimeout" in caplog.text, "the operator reads why"
    finally:
        if not server.running:
            server.start()
        server.wait_ready()
    for page in (at, pupil):
        page.run()
        assert not page.error, page_text(page)
    assert "1 student has joined." in page_text(at)
    postgres.close_pools()


def test_the_teachers_switches_come_back_after_a_restart():
    """Issue 37: after a server restart *Show the spread of answers* was off again (the session
    was gone): the teacher's page keeps its switches in its address, as it keeps the room."""
    at, code, token = teacher()
    ask_default(at)
    at.toggle(key="class-spread").set_value(True).run()
    at.toggle(key="class-names").set_value(True).run()
    assert at.query_params["show"] in ("spread,names", ["spread,names"])
    again = start(app(room=code, teacher=token, show="spread,names"), PAGE)  # a new session: as after a restart
    assert again.toggle(key="class-spread").value is True and again.toggle(key="class-names").value is True
    forged = start(app(room=code, student="x", show="names"), PAGE)  # a student's address carries no switches
    assert not forged.exception and "show" not in forged.query_params
