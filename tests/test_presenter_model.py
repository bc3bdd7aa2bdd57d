"""Presenter mode's model without Streamlit (tutorial.app.presenter.model): its typed state,
the key count, and a practice hand replayed turn by turn — what the presenter shows per turn
and what each control does (the AppTest checks of tests/test_presenter.py, fast)."""

from __future__ import annotations

from tutorial.app.presenter.model import (
    ModeWords,
    PracticeReplay,
    PresenterState,
    fresh_presses,
)
from tutorial.engine.deal import DealCode
from tutorial.narrate import Narrator
from tutorial.practice import PracticeGame


def played(turns: int = 4) -> PracticeGame:
    game = PracticeGame(DealCode(7, 2817), 0)
    for _ in range(turns):
        game.decide("best")
    return game


def replay(game: PracticeGame, state: PresenterState | None = None, lang: str = "en") -> PracticeReplay:
    return PracticeReplay(game, state or PresenterState(), Narrator(lang, game.learner))


def test_a_hand_is_replayed_turn_by_turn_question_first_then_the_answer():
    game = played()
    here = replay(game)
    assert here.place() == (0, False) and not here.can_back() and here.can_forward() and not here.can_flip()
    assert here.heading() == "Deal 7-2817 · The deal" and here.board().key == "present-deal"
    deal = here.panel()
    assert deal.heading == "The deal" and deal.lines[0].startswith("Dealer: ") and deal.question is None
    here.forward()
    panel = here.panel()
    assert here.heading().endswith(f"Turn 1 of {here.last}") and panel.heading == f"Turn 1 of {here.last}"
    record = here.record()
    if record.card is not None:
        assert panel.question.endswith("Where must it go?") and not panel.answer and here.board().key == "present-before"
        assert here.can_flip() and here.answer_label() == "Show the answer"
        here.flip()
        shown = here.panel()
        assert shown.answer and shown.right is True and here.board().key == "present-after"
        assert here.answer_label() == "Hide the answer"
        here.flip()
        assert here.place() == (1, False)
    here.forward()
    assert here.place() == (2, False)  # on: the answer hidden
    here.back()
    assert here.place() == (1, True)  # back: the answer shown
    here.back()
    assert here.place() == (0, False)
    here.back()
    assert here.place() == (0, False)


def test_the_learners_own_turn_is_asked_in_the_second_person():
    game = played()
    here = replay(game)
    for _ in range(here.last):
        here.forward()
        record = here.record()
        if record.mover == game.learner and record.card is not None:
            assert here.panel().question.startswith("You turn up ")
            return
    raise AssertionError("the learner placed no card in the turns played")


def test_the_replay_ends_at_the_last_turn_played_and_says_the_hand_goes_on():
    game = played(2)
    here = replay(game)
    for _ in range(here.last + 3):
        here.forward()
    assert here.place()[0] == here.last and not here.can_forward()
    assert "still being played" in here.panel().note
    fresh = replay(PracticeGame(DealCode(7, 2817), 0))
    if not fresh.last:
        assert "No turn has been played" in fresh.panel().lines[-1] and fresh.panel().note is None


def test_each_hand_keeps_its_own_place_in_one_state():
    state = PresenterState()
    one, two = played(), PracticeGame(DealCode(5, 3), 0)
    replay(one, state).forward()
    assert replay(one, state).place() == (1, False) and replay(two, state).place() == (0, False)
    assert state.turns == {("7-2817", 0): (1, False)}
    assert PresenterState(on=True).address() == {"present": "1"} and PresenterState().address() == {"present": None}


def test_the_modes_own_words_follow_the_table_size_and_the_keyboard():
    n = Narrator("en")
    assert ModeWords.of(n, zoomed=False).zoom == "Bigger table" and ModeWords.of(n, zoomed=True).zoom == "Smaller table"
    assert ModeWords.of(n, zoomed=False).leave_help == "Leave presenter mode (Esc)"
    assert ModeWords.of(n, zoomed=False, keyboard=False).leave_help == "Leave presenter mode"
    assert ModeWords.of(Narrator("es"), zoomed=False).zoom != "Bigger table"


def test_key_presses_are_applied_once_each():
    presses, seen = fresh_presses({"epoch": "abc", "total": 3, "log": "nna"}, None)
    assert presses == "nna" and seen == ("abc", 3)
    assert fresh_presses({"epoch": "abc", "total": 3, "log": "nna"}, seen) == ("", seen)
