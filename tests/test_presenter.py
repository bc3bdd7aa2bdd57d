"""Presenter mode and links a class can use (issue 12), through AppTest: a lesson stepped
without answering, its answer shown and hidden, a practice hand replayed turn by turn,
leaving, and the share-this-deal link with its QR code."""

from __future__ import annotations

import pytest
from test_app import app, button, click, keys, plain, start

from tutorial.app.lessons.state import course
from tutorial.engine.deal import DealCode
from tutorial.practice import PracticeGame, Settings, restore, share_query

LESSONS, _PROBLEMS = course()
SEVEN = ("players-and-matches", "place-seven-players")


def presenting(**query):
    return start(app(present="1", **query), "lessons/page.py" if "lesson" in query else None)


def texts(at) -> str:
    return "\n".join([m.value for m in at.markdown] + [s.value for s in at.success] + [e.value for e in at.error]
                     + [s.value for s in at.subheader])


def test_a_lesson_steps_forward_and_back_without_answering():
    at = presenting(lesson=SEVEN[0], step=SEVEN[1])
    assert not [t for t in at.title], "no page title on a projector"
    assert {"present-back", "present-answer", "present-next", "present-leave"} <= set(keys(at))
    lesson = next(item for item in LESSONS if item.id == SEVEN[0])
    index = lesson.step_index(SEVEN[1])
    click(at, "present-next").run()
    assert at.query_params["step"] == lesson.steps[index + 1].id
    click(at, "present-back").run()
    click(at, "present-back").run()
    assert at.query_params["step"] == lesson.steps[index - 1].id
    assert not at.exception


def test_the_answer_is_shown_with_its_explanation_and_hidden_again():
    at = presenting(lesson=SEVEN[0], step=SEVEN[1])
    assert not at.success and not at.info, "nothing tells the answer before it is shown"
    assert button(at, "present-answer").label in ("Show the answer",)
    click(at, "present-answer").run()
    said = plain(at.success[0].value) if at.success else ""
    assert "§\u00a04 “Where the turned card must go”" in said and "A's discard" in said
    assert button(at, "present-answer").label == "Hide the answer"
    click(at, "present-answer").run()
    assert not at.success and not at.info
    assert "place your 10♦" in texts(at)


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_a_presenters_answers_change_nobodys_progress():
    first = LESSONS[0]
    at = presenting(lesson=first.id, step=first.steps[0].id)
    for _ in range(len(first.steps)):  # answers shown, then on past the lesson's end: the next lesson opens
        if "present-answer" in keys(at):
            click(at, "present-answer").run()
        click(at, "present-next").run()
    assert at.query_params["lesson"] == LESSONS[1].id
    assert "done" not in at.query_params and "checks" not in at.query_params
    from tutorial.app.lessons.model import LessonState

    assert not at.session_state[LessonState.KEY].answers


def test_a_wrong_try_can_be_cleared_with_start_the_step_again():
    at = presenting(lesson=SEVEN[0], step=SEVEN[1])
    wrong = next(key for key in keys(at) if key.endswith("-discard-B"))
    click(at, wrong).run()
    assert at.error
    click(at, "present-reset").run()
    assert not at.error and "present-reset" not in keys(at)


def test_leaving_presenter_mode_brings_the_page_back():
    at = presenting(lesson=SEVEN[0], step=SEVEN[1])
    click(at, "present-leave").run()
    assert "present" not in at.query_params
    assert [t.value for t in at.title] == ["Lessons"]
    at.toggle(key="present_switch").set_value(True).run()
    assert at.query_params["present"] == "1"
    assert not at.title


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_every_page_has_a_way_out_of_presenter_mode():
    for page in ("home/page.py", "rules/page.py", "explore/page.py"):
        at = start(app(present="1"), page)
        assert "present-leave" in keys(at), page
        assert not at.exception


def _played(turns: int = 4) -> PracticeGame:
    game = PracticeGame(DealCode(7, 2817), 0)
    for _ in range(turns):
        game.decide("best")
    return game


def test_a_practice_hand_is_replayed_turn_by_turn():
    game = _played()
    at = start(app(present="1", deal=str(game.code), moves=game.moves_text()), "practice/page.py")
    assert "The deal" in texts(at)
    click(at, "present-next").run()
    assert "Turn 1 of" in texts(at) and "Where must it go?" in texts(at)
    click(at, "present-answer").run()
    shown = texts(at)
    assert "You turn up 6♠ and put it on" in shown
    click(at, "present-next").run()
    assert "Turn 2 of" in texts(at) and not at.success and not at.error
    # The replay changes nothing in the game: its moves are still in the address.
    assert at.query_params["moves"] == game.moves_text()
    assert not at.exception


@pytest.mark.parametrize("seat, settings", [(0, Settings()), (2, Settings(hands=3, mode="table"))])
def test_the_share_link_starts_the_deal_with_its_settings_and_no_language(seat, settings):
    game = PracticeGame(DealCode(5, 2817), seat, [], settings)
    query = share_query(game)
    assert "lang" not in query and "moves" not in query
    again, problems = restore(query["deal"], None, query.get("seat"), query.get("game"))
    assert not problems
    assert (again.code, again.learner_seat, again.settings) == (game.code, seat, settings)
    assert not again.decisions


def test_the_qr_code_reads_back_as_the_link():
    zxingcpp = pytest.importorskip("zxingcpp")
    import io

    from PIL import Image

    from tutorial.draw.qr import qr_png

    link = "http://localhost:8501/practice?deal=4-2817&seat=C"
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(qr_png(link))))
    assert [code.text for code in found] == [link]
    with pytest.raises(ValueError):
        qr_png("")


def test_the_practice_page_offers_the_share_link():
    at = start(app(deal="4-2817", seat="B"), "practice/page.py")
    codes = [c.value for c in at.code]
    assert any(value.endswith("/practice?deal=4-2817&seat=B") for value in codes), codes
    assert at.get("image"), "the link's QR code"


@pytest.mark.parametrize("url, public, bound, ip, expected", [
    ("http://localhost:8501/practice?lang=en", "", "", "192.0.2.7", ("http://192.0.2.7:8501", "network")),
    ("http://127.0.0.1:8501/app/practice", "", "", "10.0.0.5", ("http://10.0.0.5:8501/app", "network")),
    ("http://localhost:8501/practice", "", "127.0.0.1", "10.0.0.5", ("http://localhost:8501", "local-only")),
    ("http://localhost:8501/practice", "", "", None, ("http://localhost:8501", "local-only")),
    ("https://cards.school.example/practice", "", "", "10.0.0.5", ("https://cards.school.example", "browser")),
    ("http://localhost:8501/practice", "https://muggins.example/", "", "10.0.0.5",
     ("https://muggins.example", "public")),
    (None, "", "", "10.0.0.5", (None, "browser")),
])
def test_shared_links_use_an_address_students_can_open(url, public, bound, ip, expected):
    """A teacher who opened the app as localhost still gives students a link their devices
    can open: this computer's network address, or the public address set."""
    from tutorial.app.shell.share import resolve_base

    assert resolve_base(url, public=public, bound=bound, ip=lambda: ip) == expected


# ----- the presenter's keys, counted in the browser (issue 17) -------------------------------
from tutorial.app.presenter import lessons as lesson_present  # noqa: E402
from tutorial.app.presenter import mode as presenter  # noqa: E402


def test_every_press_not_yet_applied_is_applied_once_in_order():
    fresh = presenter.fresh_presses
    presses, seen = fresh({"epoch": "abc", "total": 8, "log": "nnnnnnnn"}, None)
    assert presses == "nnnnnnnn" and seen == ("abc", 8)
    # Two more while the server was busy: only those two, in order.
    presses, seen = fresh({"epoch": "abc", "total": 10, "log": "nnnnnnnnba"}, seen)
    assert presses == "ba" and seen == ("abc", 10)
    assert fresh({"epoch": "abc", "total": 10, "log": "nnnnnnnnba"}, seen) == ("", seen)  # nothing new
    # A counter drawn anew (another page, presenter mode left and entered) counts from nothing.
    assert fresh({"epoch": "def", "total": 1, "log": "b"}, seen) == ("b", ("def", 1))
    # More presses than the log keeps: the ones kept.
    assert fresh({"epoch": "abc", "total": 500, "log": "n" * presenter.LOG}, seen)[0] == "n" * presenter.LOG


@pytest.mark.parametrize("value", [None, "n", {"epoch": "abc"}, {"epoch": "<b>", "total": 1, "log": "n"},
                                   {"epoch": "abc", "total": True, "log": "n"}, {"epoch": "abc", "total": -1, "log": ""},
                                   {"epoch": "abc", "total": 10**12, "log": "n"}, {"epoch": "abc", "total": 2, "log": "nx"},
                                   {"epoch": "abc", "total": 2, "log": "n" * 65}, {"epoch": "a" * 17, "total": 1, "log": "n"}])
def test_a_forged_key_count_applies_nothing(value):
    assert presenter.fresh_presses(value, ("abc", 1)) == ("", ("abc", 1))


@pytest.mark.parametrize("frame, total, forward, expected", [
    (0, 5, True, "move"), (3, 5, True, "move"), (4, 5, True, "step"),
    (4, 5, False, "move"), (1, 5, False, "move"), (0, 5, False, "step"), (0, 1, True, "step"),
])
def test_arrows_play_a_walk_through_move_by_move_then_go_to_the_next_step(frame, total, forward, expected):
    from tutorial.lessons.steps import AnswerMode

    assert lesson_present.next_action(AnswerMode.MOVES, frame, total, forward) == expected
    assert lesson_present.next_action(AnswerMode.PILE, frame, total, forward) == "step"


def test_next_plays_the_walk_through_then_goes_on():
    lesson = next(item for item in LESSONS if any(step.kind == "muggins" for step in item.steps))
    _index, step = next((i, s) for i, s in enumerate(lesson.steps) if s.kind == "muggins")
    at = presenting(lesson=lesson.id, step=step.id)
    total = lesson_present.moves(step)
    assert total > 1
    assert button(at, "present-next").label == "Next move"
    for number in range(2, total + 1):
        click(at, "present-next").run()
        assert f"Move {number} of {total}" in " ".join(c.value for c in at.caption)
    assert at.query_params["step"] == step.id and button(at, "present-next").label == "Next"
    assert button(at, "present-back").label == "Previous move"
    click(at, "present-next").run()
    assert at.query_params["step"] != step.id
    assert not at.exception
