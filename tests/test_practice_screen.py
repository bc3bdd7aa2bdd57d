"""The Practice page in words (tutorial.app.practice.model), without Streamlit: whole
matches at every table size in both modes, in both languages, fast."""

import pytest

from tutorial.app.practice.model import PracticeScreen
from tutorial.engine import DealCode, Dest
from tutorial.narrate import Narrator
from tutorial.practice import PracticeGame, Settings


def wrong_pile(game):
    position = game.hand.turned.position
    legal = game.hand.legal().dests
    every = [Dest.common(n) for n in range(1, len(position.commons) + 1)] + [Dest.discard(p) for p in position.players]
    return next(d for d in every if d not in legal)


def play_through(game, lang="en", *, wrong_every=5, call_every=2, limit=6000):
    """Play a whole match as a learner would, looking at the page in words after every
    action: mostly right, a deliberate error every ``wrong_every`` cards, a call on every
    ``call_every``-th placement shown. Returns the screens seen."""
    seen = []
    n = Narrator(lang, game.learner)
    for step in range(limit):
        page = PracticeScreen(game, n)
        seen.append(page)
        page.feedback(), page.since()  # every message of the page is built, as the page builds them
        if game.match_over:
            return seen
        if game.watching is not None:
            assert page.watching() is not None
            game.decide("call" if step % call_every == 0 else "next")
        elif game.correcting is not None:
            assert page.correcting().tone == "error"
            game.play(game.correction_choices()[0])
        elif game.hand_over:
            assert page.review() is not None
            game.decide("hand")
        else:
            game.play(wrong_pile(game) if step % wrong_every == 0 else game.hand.legal().dests[0])
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("mode", ["coach", "table"])
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_full_matches_at_every_table_size_in_both_modes(players, mode):
    settings = Settings(mode=mode, hands=2, turn_limit=400, slips=20) if mode == "table" else Settings(hands=2, turn_limit=400)
    game = PracticeGame(DealCode(players, players * 11), 1, settings=settings)
    pages = play_through(game)
    final = pages[-1]
    assert game.match_over and len(game.outcomes) == 2 and game.learner == "B"
    heading, _scores, result = final.scoreboard()
    assert heading == "Match: hand 2 of 2" and ("wins the match" in result or "share the match" in result or result.startswith("You win"))
    review = final.review()
    assert review.outcome.lines and (review.clean or review.errors)
    if mode == "table":
        assert review.calls.startswith("Your calls — right: ") and review.missed_count


def test_every_learner_error_is_explained_called_and_penalised_in_coach_mode():
    game = PracticeGame(DealCode(4, 77))
    n = Narrator("en", "A")
    errors = 0
    while not game.hand_over:
        if game.correcting is not None:
            game.play(game.correction_choices()[-1])
        elif game.hand.turns % 3 == 1:
            game.play(wrong_pile(game))
            errors += 1
            if game.correcting is not None:
                continue
        else:
            game.play(game.hand.legal().dests[0])
            continue
        feedback = PracticeScreen(game, n).feedback()
        record = [r for r in game.hand.records if r.mover == "A" and r.card is not None][-1]
        assert feedback.tone == "error" and record.called and "§" in " ".join(feedback.lines)
        assert sum(line.count("gives you") for line in feedback.details) == len(record.penalty)
        assert any(len(record.penalty) == 0 or "Your penalty" in line for line in feedback.lines)
    assert errors > 0


def test_the_page_in_spanish_names_the_learner_as_you():
    game = PracticeGame(DealCode(5, 4), 2, settings=Settings(mode="table", hands=1, turn_limit=300))
    pages = play_through(game, "es")
    said = []
    for page in pages:
        since = page.since()
        if since:
            said += list(since[1])
        feedback = page.feedback()
        if feedback:
            said += list(feedback.lines)
    assert said and not any(" C " in f" {text} " for text in said)  # seat C is always “tú”


def test_a_hand_drawn_by_repetition_is_announced():
    game = PracticeGame(DealCode(3, 18), settings=Settings(turn_limit=2_000))
    while not game.hand_over:
        game.play(game.hand.legal().dests[0])
    assert game.hand.outcome.reason == "repetition"
    assert "come round again" in PracticeScreen(game, Narrator("en", "A")).review().outcome.lines[0]


def test_a_right_call_and_an_unsupported_one_are_told():
    game = PracticeGame(DealCode(4, 12), settings=Settings(mode="table", alertness=0, slips=100))
    while game.watching is None:
        game.play(game.hand.legal().dests[0])
    n = Narrator("en", "A")
    text, question = PracticeScreen(game, n).watching()
    assert "turned up" in text and "Was that right?" in question
    game.call()
    feedback = PracticeScreen(game, n).feedback()
    assert feedback.tone == "success" and feedback.lines[0] == "Right to call." and "You call “Muggins!”" in " ".join(feedback.lines)
    careful = PracticeGame(DealCode(4, 12), settings=Settings(mode="table", slips=0))
    while careful.watching is None:
        careful.play(careful.hand.legal().dests[0])
    careful.call()
    feedback = PracticeScreen(careful, n).feedback()
    assert feedback.tone == "info" and "unsupported" in feedback.lines[0]


def test_an_uncalled_learner_error_stands_in_table_mode():
    game = PracticeGame(DealCode(4, 12), settings=Settings(mode="table", alertness=0, slips=0))
    game.play(wrong_pile(game))
    feedback = PracticeScreen(game, Narrator("en", "A")).feedback()
    assert feedback.tone == "warning" and "stands" in feedback.lines[0]


def test_the_review_lists_the_others_errors_that_stood_with_their_turns_and_lessons():
    game = PracticeGame(DealCode(4, 1234), settings=Settings(mode="table", alertness=0, slips=60, turn_limit=50))
    while not game.hand_over:
        if game.watching is not None:
            game.go_on()
        elif game.correcting is not None:
            game.play(game.correction_choices()[0])
        else:
            game.play(game.hand.legal().dests[0])
    review = PracticeScreen(game, Narrator("en", "A")).review()
    turn, record = game.missed_calls()[0]
    assert review.missed[0].startswith(f"Turn {turn}: {record.mover} turns up")
    assert "nobody called “Muggins!” in time, so it stands" in review.missed[0]
    assert record.judgement.error in review.lessons


def test_undo_is_said_until_the_next_move_and_the_log_reads_in_order():
    game = PracticeGame(DealCode(4, 21))
    game.play(game.hand.legal().dests[0])
    back = game.undone()
    page = PracticeScreen(back, Narrator("en", "A"), undone=True)
    assert "was taken back" in page.feedback().lines[0]
    lines = PracticeScreen(game, Narrator("en", "A")).log_lines()
    assert [number for number, _line in lines] == list(range(1, len(game.hand.records) + 1))
    assert PracticeScreen(game, Narrator("en", "A")).log_text().startswith("Muggins Tutor · 4-21")


def test_skip_lets_the_others_play_on_until_the_learner_has_a_card():
    game = PracticeGame(DealCode(4, 28), settings=Settings(mode="table"))
    while game.watching is None:
        game.play(game.hand.legal().dests[0])
    passed = game.skip()
    assert passed >= 1 and game.watching is None and (game.waiting_for_learner or game.correcting or game.hand_over)
    assert game.decisions[-passed:] == ["next"] * passed
    again = PracticeGame(DealCode(4, 28), settings=Settings(mode="table"), decisions=list(game.decisions))
    assert again.token == game.token  # a skip is replayed from the address like any other decisions


def test_a_long_list_of_turns_is_cut_to_the_last_ones():
    game = PracticeGame(DealCode(4, 1234), settings=Settings(mode="table", alertness=0, slips=60, turn_limit=400))
    game.play(game.hand.legal().dests[0])
    while game.watching is not None and len(game.hand.records) < 60:
        game.go_on()
    _heading, lines = PracticeScreen(game, Narrator("en", "A")).since()
    from tutorial.app.practice.model import SINCE_SHOWN

    assert len(lines) <= SINCE_SHOWN + 1
    if len(lines) == SINCE_SHOWN + 1:
        assert lines[0].startswith("… and ") and "hand log" in lines[0]


def test_a_learner_left_without_cards_is_told_why_it_is_not_a_win():
    from tutorial.engine.playout import Outcome

    text = Narrator("en", "A").outcome(Outcome("win", "B", "finished", 40), cards_left=0)
    assert "B won the hand" in text and "did not finish (R6 “giving away your last card is not a finish”)" in text and "0 cards" not in text
