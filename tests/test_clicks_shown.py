"""A Practice button is shown only when pressing it can act (issue 17, item 8): the screen
model decides, without Streamlit."""

from __future__ import annotations

import pytest

from tutorial.app.practice.model import PracticeScreen
from tutorial.engine import DealCode
from tutorial.engine.errors import MugginsError
from tutorial.narrate import Narrator
from tutorial.practice import PracticeGame, Settings


def undo_acts(game: PracticeGame) -> bool:
    try:
        game.undone()
    except MugginsError:
        return False
    return True


def learner_turn(game: PracticeGame) -> str:
    """The learner's next decision, as a player who is always right would make it."""
    if game.watching is not None:
        return "next"
    if game.hand_over:
        return "hand"
    return "best"


@pytest.mark.parametrize("players", [4, 5, 6])
def test_undo_is_offered_exactly_when_it_can_act_over_a_whole_coach_match(players):
    game = PracticeGame(DealCode(players, 1234), settings=Settings(hands=2))
    n = Narrator("en", game.learner)
    offered_in_second_hand = []
    for _step in range(2000):
        page = PracticeScreen(game, n)
        shown = page.can_undo()
        assert shown == (not game.hand_over and undo_acts(game)), (game.hand_index, len(game.decisions))
        if game.hand_index == 1:
            offered_in_second_hand.append(shown)
        if game.match_over:
            break
        game.decide(learner_turn(game))
    assert game.match_over
    assert offered_in_second_hand[0] is False  # the second hand, before the learner's first card there
    assert True in offered_in_second_hand


def test_undo_is_not_offered_before_the_first_card_of_the_next_hand():
    game = PracticeGame(DealCode(4, 1234), settings=Settings(hands=2))
    while not game.hand_over:
        game.decide(learner_turn(game))
    assert PracticeScreen(game, Narrator("en", game.learner)).can_undo() is False  # the hand is over
    game.decide("hand")
    assert game.decisions.count("hand") == 1 and game.waiting_for_learner
    assert PracticeScreen(game, Narrator("en", game.learner)).can_undo() is False
    assert not undo_acts(game)
    game.decide("best")
    if not game.hand_over:
        assert PracticeScreen(game, Narrator("en", game.learner)).can_undo() is True


def test_undo_is_offered_in_coach_mode_only():
    game = PracticeGame(DealCode(4, 1234), settings=Settings(mode="table", alertness=0, slips=60))
    for _step in range(30):
        if game.hand_over:
            break
        assert PracticeScreen(game, Narrator("en", game.learner)).can_undo() is False
        game.decide(learner_turn(game))


def test_undo_is_offered_while_the_learner_picks_the_pile_for_a_called_card():
    """A called error that fits several common piles: the learner picks one (R4); Undo takes
    the wrong card back, so it is offered."""
    for seed in range(1, 400):
        game = PracticeGame(DealCode(4, seed))
        legal = game.hand.legal().dests
        position = game.hand.turned.position
        wrong = [dest for dest in (*(f"common:{k}" for k in range(1, len(position.commons) + 1)),
                                   *(f"discard:{p}" for p in position.players)) if dest not in {str(d) for d in legal}]
        if len(legal) < 2 or not all(str(d).startswith("common:") for d in legal) or not wrong:
            continue
        game.decide(wrong[0])
        if game.correcting is None:
            continue
        assert PracticeScreen(game, Narrator("en", game.learner)).can_undo() is True and undo_acts(game)
        return
    pytest.skip("no deal with a called card fitting several common piles found")
