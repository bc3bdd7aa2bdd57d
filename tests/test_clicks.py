"""The click guard: a click acts only on a control that has been on screen long enough for a
person to have seen it, and only on the state it was drawn for (tutorial/app/shell/dwell.py,
tutorial/app/shell/clicks.py). Fake clocks, no waiting."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutorial.app.shell import clicks, dwell
from tutorial.app.shell.dwell import ACT, QUIET_STALE, STALE, TOO_SOON, SeenGuard

APP_ENTRY = Path(__file__).resolve().parents[1] / "tutorial" / "app" / "streamlit_app.py"


class Clock:
    """A clock the test moves by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def wait(self, ms: float) -> None:
        self.now += ms / 1000


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def guard(clock) -> SeenGuard:
    return SeenGuard(clock, 0.3)


def test_a_control_acts_only_once_it_has_been_on_screen_long_enough(guard, clock):
    guard.drawn("practice-common-1", "t1", shown_before=False)
    clock.wait(150)  # the second click of a double click
    assert guard.verdict("practice-common-1", "t1", "t1") == TOO_SOON
    clock.wait(140)
    assert guard.verdict("practice-common-1", "t1", "t1") == TOO_SOON
    clock.wait(20)
    assert guard.verdict("practice-common-1", "t1", "t1") == ACT


def test_a_control_drawn_again_for_the_same_state_keeps_counting(guard, clock):
    guard.drawn("practice-new", "t1", shown_before=False)
    clock.wait(200)
    guard.drawn("practice-new", "t1", shown_before=True)  # a rerun of the page, nothing changed
    clock.wait(100)
    assert guard.verdict("practice-new", "t1", "t1") == ACT
    assert guard.shown_for("practice-new", "t1") == pytest.approx(0.3)


def test_a_control_drawn_for_a_new_state_starts_again(guard, clock):
    """The Call button redrawn in the same place for the next placement is a new control."""
    guard.drawn("practice-call", "t1", shown_before=False)
    clock.wait(2000)
    assert guard.verdict("practice-call", "t1", "t1") == ACT  # the first click acts: the state becomes t2
    guard.drawn("practice-call", "t2", shown_before=False)
    clock.wait(40)
    assert guard.verdict("practice-call", "t2", "t2") == TOO_SOON
    assert guard.shown_for("practice-call", "t1") is None


def test_a_control_that_left_the_screen_and_came_back_starts_again(guard, clock):
    """Undo brings back a state (and its token) shown earlier: its piles are new on screen."""
    guard.drawn("practice-common-1", "t1", shown_before=False)
    clock.wait(5000)
    guard.drawn("practice-common-1", "t1", shown_before=False)  # Streamlit no longer held the widget
    clock.wait(100)
    assert guard.verdict("practice-common-1", "t1", "t1") == TOO_SOON


def test_a_click_on_a_gone_state_never_acts_and_is_mentioned_only_if_the_learner_did_not_leave_it(guard, clock):
    guard.drawn("practice-common-1", "t1", shown_before=False)
    guard.drawn("practice-discard-A", "t1", shown_before=False)
    clock.wait(1000)
    assert guard.verdict("practice-common-1", "t1", "t1") == ACT
    clock.wait(40)  # the double click's second press, still on the old table
    assert guard.verdict("practice-discard-A", "t1", "t2") == QUIET_STALE
    clock.wait(2000)  # however late it arrives (a loaded server)
    assert guard.verdict("practice-discard-A", "t1", "t2") == QUIET_STALE
    guard.drawn("room-answer", "r1", shown_before=False)
    clock.wait(1000)  # the teacher moves the class on: the state changed by itself
    assert guard.verdict("room-answer", "r1", "r2") == STALE


def test_what_the_browser_saw_can_only_make_the_guard_stricter(guard, clock):
    guard.drawn("practice-table", "t1", shown_before=False)
    clock.wait(1000)
    assert guard.verdict("practice-table", "t1", "t1", shown=0.1) == TOO_SOON  # a slow browser showed it late
    assert guard.verdict("practice-table", "t1", "t1", shown=50.0) == ACT
    guard.drawn("practice-table", "t2", shown_before=False)
    clock.wait(100)
    assert guard.verdict("practice-table", "t2", "t2", shown=50.0) == TOO_SOON  # a forged time changes nothing


def test_a_click_on_another_control_right_after_one_acted_changes_nothing(guard, clock):
    """The first click's run moved the page: the second press of the double click lands on
    another control, on screen for long (Home's *Reset my progress* under *Use this code*)."""
    guard.drawn("move-use", "use", shown_before=False)
    guard.drawn("reset-progress", "ask", shown_before=False)
    clock.wait(2000)
    assert guard.verdict("move-use", "use", "use") == ACT
    clock.wait(150)
    assert guard.verdict("reset-progress", "ask", "ask") == TOO_SOON
    assert guard.verdict("move-use", "use", "use") == ACT  # the same control again: judged as before
    clock.wait(299)
    assert guard.verdict("reset-progress", "ask", "ask") == TOO_SOON
    clock.wait(5)
    assert guard.verdict("reset-progress", "ask", "ask") == ACT  # a deliberate click, the threshold later


def test_a_stale_click_before_any_action_is_mentioned(guard):
    assert guard.verdict("room-answer", "r1", "r2") == STALE


def test_zero_turns_the_wait_off(clock):
    guard = SeenGuard(clock, 0)
    guard.drawn("x", "t1", shown_before=False)
    assert guard.verdict("x", "t1", "t1") == ACT


def test_the_memory_is_bounded_and_a_forgotten_control_is_judged_by_its_token(clock):
    guard = SeenGuard(clock, 0.3, limit=3)
    for number in range(5):
        guard.drawn(f"c{number}", "t", shown_before=False)
    assert guard.shown_for("c0", "t") is None and guard.shown_for("c4", "t") == 0
    assert guard.verdict("c0", "t", "t") == ACT  # never a dead button
    assert guard.verdict("c0", "t", "u") in (STALE, QUIET_STALE)


@pytest.mark.parametrize(("text", "ms"), [
    (None, 300), ("", 300), ("0", 0), ("250", 250), (" 400 ", 400), ("5000", 5000),
    ("5001", 300), ("-1", 300), ("abc", 300), ("1e3", 300), ("١٠٠", 300), ("1_0", 300), ("3" * 5000, 300),
])
def test_the_threshold_comes_from_the_environment_and_odd_values_give_the_default(text, ms):
    environ = {} if text is None else {dwell.ENV: text}
    assert dwell.min_seen_ms(environ) == ms


# ----- the app, through AppTest, with the real threshold and a fake clock ---------------------
@pytest.fixture
def data_dir_only(monkeypatch, tmp_path):
    monkeypatch.setenv("MUGGINS_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def guarded(monkeypatch, data_dir_only, clock):
    """The app with the real 300 ms threshold and ``clock`` as the guard's clock."""
    monkeypatch.setattr(clicks, "min_seen_ms", lambda: dwell.DEFAULT_MIN_SEEN_MS)
    monkeypatch.setattr(clicks.time, "monotonic", clock)


def practice(**query) -> AppTest:
    at = AppTest.from_file(str(APP_ENTRY), default_timeout=30)
    for key, value in {"lang": "en", "table": "text", **query}.items():
        at.query_params[key] = value
    at.run()
    at.switch_page("practice/page.py").run()
    assert not at.exception
    return at


def click(at: AppTest, key: str) -> AppTest:
    found = [b for b in at.button if re.fullmatch(re.escape(key) + r"-t[0-9a-z]+", b.key or "")]
    assert len(found) == 1, (key, [b.key for b in at.button])
    return found[0].click().run()


def moves(at: AppTest) -> str:
    return at.session_state["practice"].game.moves_text()


def test_the_second_click_of_a_double_click_on_the_new_table_changes_nothing(guarded, clock):
    at = practice(deal="4-1234")
    clock.wait(2000)  # the learner looks at the table
    click(at, "practice-common-1")
    assert moves(at).startswith("~") and len(moves(at)) == 2
    clock.wait(150)  # then, 150 ms later, their own discard on the table drawn since
    click(at, "practice-discard-A")
    assert len(moves(at)) == 2 and not at.toast  # nothing changed, nothing said
    clock.wait(300)  # a deliberate click on the new table
    click(at, "practice-discard-A")
    assert len(moves(at)) == 3


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_new_deal_then_a_pile_at_once_places_no_card(guarded, clock):
    at = practice(deal="4-1234")
    clock.wait(2000)
    click(at, "practice-new")
    code = str(at.session_state["practice"].game.code)
    assert code != "4-1234"
    clock.wait(150)
    click(at, "practice-common-1")
    assert moves(at) == "" and not at.toast


def test_a_double_click_on_call_calls_once(guarded, clock):
    at = practice(deal="4-1234", game="table.a0.s60.h1.t1000", moves="~a")
    game = at.session_state["practice"].game
    assert game.watching is not None
    clock.wait(2000)
    click(at, "practice-call")
    assert at.session_state["practice"].game.moves_text() == "~aM"
    clock.wait(40)
    if any(b.key and b.key.startswith("practice-call-") for b in at.button):  # the next placement, shown at once
        click(at, "practice-call")
    assert at.session_state["practice"].game.moves_text() == "~aM" and not at.toast


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_lesson_navigation_acts_only_on_a_step_that_has_been_seen(guarded, clock):
    at = AppTest.from_file(str(APP_ENTRY), default_timeout=30)
    at.query_params["lang"] = "en"
    at.query_params["lesson"] = "cards-and-fitting"
    at.query_params["table"] = "text"
    at.run()
    at.switch_page("lessons/page.py").run()
    first = at.query_params["step"]
    clock.wait(1000)
    click(at, "lesson-next")
    second = at.query_params["step"]
    assert second != first
    clock.wait(100)  # the double click's second press lands on the new step's Back
    click(at, "lesson-back")
    assert at.query_params["step"] == second
    clock.wait(300)
    click(at, "lesson-back")
    assert at.query_params["step"] == first


def test_a_double_click_on_use_this_code_never_reaches_the_button_drawn_in_its_place(guarded, clock):
    """Home: *Use this code* draws the move section at the top, and *Reset my progress* comes
    where the learner clicked; the double click's second press on it asked to reset and dropped
    the code waiting (6 times in 6, found by a trial). Now it does nothing; a click the
    threshold later asks, as it should."""
    from tutorial.app.shell.model_move import move_code
    from tutorial.app.shell.model_progress import Progress

    at = AppTest.from_file(str(APP_ENTRY), default_timeout=30)
    for key, value in {"lang": "en", "table": "text", "done": "cards-and-fitting"}.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception

    def press(key: str) -> None:
        found = [b for b in at.button if b.key == key]
        assert len(found) == 1, (key, [b.key for b in at.button])
        found[0].click().run()
        assert not at.exception

    clock.wait(2000)
    at.text_input(key="move-code-input").set_value(move_code(Progress(done=["common-piles-first"], lang="en")))
    press("move-use")
    assert at.session_state["home"].offered is not None  # the code waits for a yes or no, at the top
    clock.wait(150)
    press("reset-progress")
    home = at.session_state["home"]
    assert home.offered is not None and not home.confirm_reset and not at.toast
    clock.wait(400)
    press("reset-progress")
    assert at.session_state["home"].confirm_reset


def test_undo_is_not_shown_in_the_next_hand_before_the_learners_first_card_there(data_dir_only):
    from tutorial.engine import DealCode
    from tutorial.practice import PracticeGame, Settings

    game = PracticeGame(DealCode(4, 1234), settings=Settings(hands=2))
    while not game.hand_over:
        game.decide("next" if game.watching is not None else "best")
    game.decide("hand")
    at = practice(deal="4-1234", game=game.settings.to_text(), moves=game.moves_text())
    assert at.session_state["practice"].game.decisions[-1] == "hand"
    keys = [b.key or "" for b in at.button]
    assert not any(key.startswith("practice-undo") for key in keys), keys
    click(at, "practice-common-1")  # the learner's first card of this hand: now Undo can act
    assert any((b.key or "").startswith("practice-undo") for b in at.button)
