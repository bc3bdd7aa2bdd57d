"""The Practice page in words (tutorial.app.practice.model), without Streamlit: whole
matches at every table size in both modes, in both languages, fast."""

import re

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


# ----- the page's actions (each a can and a do) and its typed state, without Streamlit -----------
import random  # noqa: E402

from tutorial.app.practice.model import CORRECTING, OVER, TURN, WATCHING  # noqa: E402
from tutorial.app.practice.state import (  # noqa: E402
    Draft,
    PracticeAddress,
    PracticeState,
    SavedGame,
    open_game,
)
from tutorial.draw.scene import LEGAL  # noqa: E402
from tutorial.practice import encode_moves, restore  # noqa: E402


def screen(state, lang="en"):
    return PracticeScreen(state, Narrator(lang, state.current.learner), rng=random.Random(7))


def no_store(key):
    raise AssertionError("no saved game was named")


def test_new_deal_deals_at_once_but_asks_first_while_a_hand_is_under_way():
    """(Was AppTest test_new_deal_button and test_new_deal_asks_before_throwing_a_hand_away.)"""
    state = PracticeState(game=PracticeGame(DealCode(4, 1)))
    page = screen(state)
    assert page.can_new_deal() and not page.can_confirm() and page.question() is None
    page.new_deal()
    assert str(state.current.code) != "4-1" and state.current.code.players == 4  # nothing was played: at once
    state.game = PracticeGame(DealCode(4, 1), settings=Settings(hands=2))
    page.pick(str(page.game.hand.legal().dests[0]))
    assert page.under_way()
    page.new_deal()
    assert str(state.current.code) == "4-1" and page.can_confirm()
    assert page.question() == "Start a new deal? The hand you are playing will be lost."
    page.keep_playing()
    assert str(state.current.code) == "4-1" and not page.can_confirm() and page.question() is None
    page.new_deal()
    page.confirm()
    fresh = state.current
    assert str(fresh.code) != "4-1" and fresh.settings.hands == 2 and not fresh.decisions and not page.can_confirm()


def test_the_panels_deal_uses_its_settings_and_a_typed_code_and_asks_while_a_hand_is_under_way():
    """(Was AppTest test_a_typed_deal_code_deals_that_hand_and_a_bad_one_is_explained and, for the
    question, test_deal_in_the_panel_asks_before_throwing_a_hand_away.)"""
    state = PracticeState(game=PracticeGame(DealCode(4, 1)), notices=[("fresh-deal", None)])
    page = screen(state)
    draft = page.draft()
    assert draft == Draft.of(state.current) and draft.code == ""
    for name, value in (("code", "5-777"), ("mode", "table"), ("slips", 30), ("hands", 2), ("seat", "C")):
        draft.keep(name, value)
    page.deal()
    game = state.current
    assert str(game.code) == "5-777" and game.settings == Settings(mode="table", slips=30, hands=2) and game.learner == "C"
    assert state.close_panel and state.notices == [] and page.take_typed_problem() is None
    draft.keep("code", "five")
    page.deal()
    problem = page.take_typed_problem()
    assert problem.startswith("That cannot be dealt: ") and "five" in problem and page.take_typed_problem() is None
    assert state.current is game
    draft.keep("code", "4-2")
    page.pick(str(game.hand.legal().dests[0]))
    page.deal()
    assert state.current is game and page.can_confirm()
    page.confirm()
    assert str(state.current.code) == "4-2"


def test_the_draft_keeps_the_seat_on_a_smaller_table_and_an_emptied_choice():
    draft = Draft(players=7, seat="G")
    draft.keep("players", 3)
    assert draft.seat == "C" and draft.seats() == ["A", "B", "C"]
    draft.keep("seat", None)  # an emptied segmented control keeps the old value
    assert draft.seat == "C"
    code, seat, settings = draft.deal(random.Random(1))
    assert code.players == 3 and seat == 2 and settings == Settings()
    assert Draft(penalise=False).deal(random.Random(1))[2] == Settings(penalise=False)


def test_each_control_is_shown_only_when_it_can_act():
    game = PracticeGame(DealCode(4, 12), settings=Settings(mode="table", alertness=0, slips=100))
    page = screen(PracticeState(game=game))
    assert page.phase() == TURN and page.can_pick() and not page.can_call() and not page.can_next_hand()
    assert not page.can_hint()  # Table mode has no hints
    while game.watching is None:
        page.pick(str(game.hand.legal().dests[0]))
    assert page.phase() == WATCHING and page.can_call() and page.can_go_on() and page.can_skip() and not page.can_pick()
    assert page.watched_pile() == str(game.watching.dest) and page.since_panel() is None
    page.call()
    assert game.calls and page.feedback().lines[0] == "Right to call."
    coach = PracticeGame(DealCode(4, 21))
    page = screen(PracticeState(game=coach))
    assert page.can_hint() and not page.can_undo()


def test_hints_mark_the_legal_piles_and_undo_takes_a_card_back():
    """(Was AppTest test_hints_mark_the_legal_piles_and_undo_takes_a_card_back, but for the toggle's wiring.)"""
    state = PracticeState(game=PracticeGame(DealCode(4, 21)))
    page = screen(state)
    legal = set(page.game.hand.legal().dests)
    board = page.board(hints=True)
    assert board.pickable and board.key == "practice" and board.view.marks == dict.fromkeys(legal, LEGAL)
    assert page.board().view.marks == {}
    before = page.game.hand.position
    page.pick(str(sorted(legal)[0]))
    assert len(page.game.decisions) == 1 and page.can_undo()
    page.undo()
    assert page.game.decisions == [] and page.game.hand.position == before
    feedback = page.feedback()
    assert feedback.tone == "info" and "was taken back" in feedback.lines[0]
    assert screen(state).undone  # a new screen of the same state (the next run) still says it


def test_a_pick_on_a_pile_that_does_not_fit_the_called_card_is_said_once():
    for seed in range(200):
        game = PracticeGame(DealCode(4, seed))
        page = screen(PracticeState(game=game))
        for _turn in range(40):
            if game.correcting is not None or game.hand_over:
                break
            page.pick(str(wrong_pile(game)))
        if game.correcting is not None:
            break
    else:
        raise AssertionError("no called card fitting several common piles was found")
    assert page.phase() == CORRECTING and page.board().view.marks == dict.fromkeys(game.correction_choices(), LEGAL)
    wrong = next(f"common:{number}" for number in range(1, 5)
                 if Dest.common(number) not in game.correction_choices() and number <= len(game.hand.turned.position.commons))
    page.pick(wrong)
    message = page.take_correcting()
    assert message.tone == "error" and message.lines[-1] == "That pile does not fit: pick one of the marked common piles."
    assert page.take_correcting().lines[-1] != message.lines[-1]  # once
    assert page.shown_feedback() is None  # no verdict box while the pile is picked


@pytest.mark.parametrize("deal, moves, needle", [
    # found by playing deliberate errors: the last placement's penalty has a donor who recycles ...
    ("3-1", "dA.dA.c1.dA.c1.dA.c1.dA.c1.dA.c1.dA.c1.dB.c1.c1.c1", "first turns their discard over"),
    # ... and one where a donor has no cards at all and gives nothing (R6)
    ("3-2", "c1.dA.c1.c1.c1.dA.c1.dA.c1.dA.c1.dA.c1.dA.c1.dA.c1.dA.dA.dA.c1.dA.c1.dA.c1", "has no cards and gives nothing"),
])
def test_penalties_with_a_recycling_donor_and_a_donor_with_no_cards(deal, moves, needle):
    """(Was the AppTest test of the same name.)"""
    game, problems = restore(deal, moves)
    assert not problems and encode_moves(game.decisions) == moves
    feedback = screen(PracticeState(game=game)).feedback()
    assert feedback.tone == "error" and "penalty" in " ".join(feedback.lines)
    assert any(needle in line for line in feedback.details)  # donor by donor, in the panel under the verdict


def test_the_end_of_a_hand_offers_its_lessons_once_celebrates_once_and_the_next_hand():
    state = PracticeState(game=PracticeGame(DealCode(4, 77), settings=Settings(hands=2, turn_limit=400)))
    page = screen(state)
    game = page.game
    while not game.hand_over:
        if game.correcting is not None:
            page.pick(str(game.correction_choices()[0]))
        else:
            page.pick(str(wrong_pile(game) if game.hand.turns % 4 == 1 else game.hand.legal().dests[0]))
    assert page.phase() == OVER and page.can_next_hand() and not page.can_pick() and page.board().key == "practice-final"
    review = page.review()
    offers = page.lesson_offers({"cards-and-fitting", "common-piles-first", "nearest-opponent", "own-discard"})
    assert offers and len(offers) == len(set(offers))
    assert page.lesson_offers(set()) == []
    page.open_lesson(offers[0])
    assert page.take_lesson() == offers[0] and page.take_lesson() is None
    assert page.celebrate() is review.won and page.celebrate() is False
    page.next_hand()
    assert game.hand_index == 1 and page.phase() == TURN


def test_the_hand_log_words_and_file_name():
    game = next(game for seed in range(50) if not (game := PracticeGame(DealCode(4, seed))).hand.records)
    page = screen(PracticeState(game=game))
    assert page.log_note() == "No turns played yet." and page.log_file_name() == f"muggins-{game.code}.txt"
    page.pick(str(game.hand.legal().dests[0]))
    assert page.log_note() is None
    assert page.snapshot().name == f"muggins-{game.code}-turn-{len(game.hand.records) + 1}"


# ----- the address form, and a game opened from an address ----------------------------------------
def test_the_address_form_round_trips_and_leaves_the_defaults_out():
    game = PracticeGame(DealCode(5, 9), 2, settings=Settings(mode="table", hands=3))
    game.decide("next" if game.watching is not None else "best")
    address = PracticeAddress.of(game)
    assert address.params() == {"deal": "5-9", "moves": game.moves_text(), "seat": "C", "game": "table.a50.s15.h3.t1000",
                                "saved": None}
    assert PracticeAddress.from_params({**address.params(), "lang": "es", "deal": "5-9"}) == address
    assert PracticeAddress.of(PracticeGame(DealCode(4, 1))).params()["seat"] is None
    assert PracticeAddress.of(PracticeGame(DealCode(4, 1))).params()["game"] is None
    assert address.too_long(len(game.moves_text()) - 1) and not address.too_long(len(game.moves_text()))
    assert "saved" not in address.body()
    opened = open_game(address, no_store)
    assert opened.game.token == game.token and opened.notices == [] and opened.saved is None


@pytest.mark.parametrize("deal, moves", [("banana", ""), ("9-1", ""), ("8-5", ""), ("2-5", ""), ("4-1234567890", "c1")])
def test_a_bad_deal_gives_a_fresh_game_and_says_so(deal, moves):
    """(Was AppTest test_bad_deal_in_url_gives_message_and_fresh_game.)"""
    state = PracticeState()
    opened = open_game(PracticeAddress.from_params({"deal": deal, "moves": moves}), no_store)
    state.game, state.notices = opened.game, opened.notices
    assert [kind for kind, _value in opened.notices] == ["bad-deal"] and opened.game.decisions == []
    assert "fresh deal" in screen(state).notices()[0]


@pytest.mark.parametrize("moves", ["zz", "c9.c9.c9", "d" + "Q" * 50, "c1." * 3000, "c²"])
def test_bad_moves_replay_the_same_deal_from_the_start(moves):
    """(Was AppTest test_bad_moves_in_url_replay_the_same_deal_from_the_start.)"""
    opened = open_game(PracticeAddress(deal="4-5", moves=moves), no_store)
    state = PracticeState(game=opened.game, notices=opened.notices)
    assert str(opened.game.code) == "4-5" and opened.game.decisions == []
    assert "same deal from the start" in screen(state).notices()[0]


@pytest.mark.parametrize("seat", ["Z", "seat", "10"])
def test_a_bad_seat_keeps_the_deal(seat):
    """(Was the AppTest test of the same name.)"""
    opened = open_game(PracticeAddress(deal="4-12345", seat=seat), no_store)
    state = PracticeState(game=opened.game, notices=opened.notices)
    assert str(opened.game.code) == "4-12345" and opened.game.learner == "A"
    assert "you sit in seat A of deal 4-12345" in screen(state).notices()[0]


def test_bad_settings_keep_the_deal_and_a_bad_deal_keeps_the_good_seat_and_settings():
    """(Were AppTest test_bad_settings_in_the_address_are_explained_and_the_deal_kept and
    test_a_bad_deal_keeps_the_good_seat_and_settings_and_moves_alone_are_explained.)"""
    opened = open_game(PracticeAddress(deal="4-3", game="table.a500"), no_store)
    state = PracticeState(game=opened.game, notices=opened.notices)
    assert str(opened.game.code) == "4-3" and opened.game.settings.mode == "coach"
    assert "deal 4-3 is played with the usual settings" in screen(state).notices()[0]
    opened = open_game(PracticeAddress(deal="8-1", seat="C", game="table.a70.s10.h3.t1000"), no_store)
    assert opened.game.learner == "C" and opened.game.settings.mode == "table" and opened.game.settings.hands == 3
    assert "fresh deal" in screen(PracticeState(game=opened.game, notices=opened.notices)).notices()[0]
    opened = open_game(PracticeAddress(moves="~...."), no_store)
    assert "no deal code" in screen(PracticeState(game=opened.game, notices=opened.notices)).notices()[0]


def test_a_match_opens_from_its_address_without_a_word():
    """(Was AppTest test_a_long_match_restores_from_its_address; the twenty-hand match's short
    address is tests/test_practice.py::test_a_twenty_hand_three_player_match_restores_from_a_short_address.)"""
    from tests.test_practice import play_like_a_learner

    settings = Settings(hands=2, turn_limit=100)
    game = play_like_a_learner(PracticeGame(DealCode(4, 1), settings=settings), random.Random(0), wrong=0.1)
    opened = open_game(PracticeAddress(deal="4-1", game=settings.to_text(), moves=game.moves_text()), no_store)
    assert not opened.notices and opened.game.match_over and opened.game.token == game.token


@pytest.mark.parametrize("why, needle", [("saved-missing", "not kept on this server"),
                                         ("saved-unusable", "cannot read its store"), ("saved-damaged", "damaged")])
def test_a_saved_game_that_cannot_be_opened_is_said_and_a_fresh_deal_dealt(why, needle):
    opened = open_game(PracticeAddress(saved="k1"), lambda key: (None, why))
    said = screen(PracticeState(game=opened.game, notices=opened.notices)).notices()
    assert [kind for kind, _value in opened.notices] == [why, "fresh-deal"]
    assert needle in said[0] and "k1" in said[0] and said[1] == "So here is a fresh deal."


def test_a_saved_game_the_store_cannot_read_just_now_can_be_tried_again_until_the_fresh_deal_is_played():
    opened = open_game(PracticeAddress(saved="k1"), lambda key: (None, "saved-unusable"))
    assert opened.waiting == "k1"
    state = PracticeState(game=opened.game, notices=opened.notices, waiting=opened.waiting)
    page = screen(state)
    assert page.can_retry_saved()
    page.retry_saved()
    assert state.game is None and state.notices == [] and state.waiting is None  # the page opens the address again
    state.game, state.waiting = opened.game, "k1"
    state.game.decide("best")
    assert not screen(state).can_retry_saved()  # the learner plays the fresh deal instead
    for why in ("saved-missing", "saved-damaged"):
        assert open_game(PracticeAddress(saved="k1"), lambda key, why=why: (None, why)).waiting is None


def test_a_saved_game_opens_from_the_store_and_is_never_written_over():
    game = PracticeGame(DealCode(4, 7))
    game.decide("best")
    stored = PracticeAddress.of(game)
    opened = open_game(PracticeAddress(saved="abc"), lambda key: (stored, "") if key == "abc" else (None, "saved-missing"))
    assert opened.game.token == game.token and not opened.notices
    assert opened.saved == SavedGame("abc", game.token, owned=False)


def test_the_unsaved_warning_names_only_the_game_it_was_for():
    game = PracticeGame(DealCode(4, 7))
    state = PracticeState(game=game, unsaved=game.code)
    assert "too long for its page address" in screen(state).unsaved()
    state.unsaved = DealCode(4, 8)
    assert screen(state).unsaved() is None


def test_the_review_counts_the_learners_calls():
    """(Was the end of AppTest test_table_mode_from_the_url_learner_calls_and_lets_play_go_on.)"""
    game = PracticeGame(DealCode(4, 12), settings=Settings.parse("table.a0.s100.h1.t60"))
    page = screen(PracticeState(game=game))
    calls = 0
    while not game.hand_over:
        if game.watching is not None:
            if calls < 3:
                page.call()
                calls += 1
            else:
                page.go_on()
        elif game.correcting is not None:
            page.pick(str(game.correction_choices()[0]))
        else:
            page.pick(str(game.hand.legal().dests[0]))
    assert calls == 3 and page.review().calls == "Your calls — right: 3; unsupported: 0."


def test_a_default_table_hand_gives_the_learner_right_calls():
    """Issue 8: with Table mode's defaults the learner gets fair chances to call. The learner
    plays every card right and calls on every placement shown; the review counts the right
    calls. (Was the real-browser test of the same name, 600 clicks in a browser.)"""
    game = PracticeGame(DealCode(4, 28), settings=Settings.parse("table.a50.s15.h1.t1000"))
    page = screen(PracticeState(game=game))
    while not game.hand_over:
        if page.can_call():
            page.call()
        else:
            page.pick(str((game.correction_choices() or game.hand.legal().dests)[0]))
    right = sum(entry.supported for entry in game.calls)
    assert right >= 1 and page.review().calls.startswith(f"Your calls — right: {right};")


@pytest.mark.parametrize("body", ['{"moves": "~."}', "[" * 100000 + "]" * 100000, "not json", '{"deal": 4}',
                                  '{"deal": "4-1", "moves": ["c1"]}', '["4-1"]', '{"deal": "4-1", "moves": "' + "c" * 40000 + '"}'])
def test_a_damaged_saved_game_is_refused(body):
    """(What AppTest test_a_damaged_store_is_explained_never_a_traceback shows on the page.)"""
    from tutorial.app.practice.state import read_saved

    assert read_saved(body, 8_000) is None


def test_a_saved_game_reads_back_and_its_key_is_checked():
    from tutorial.app.practice.state import read_saved, saved_key_ok

    game = PracticeGame(DealCode(4, 7))
    game.decide("best")
    import json

    assert read_saved(json.dumps(PracticeAddress.of(game).body()), 8_000) == PracticeAddress.of(game)
    assert saved_key_ok("Ab-9_x") and not saved_key_ok("a/b") and not saved_key_ok("x" * 41) and not saved_key_ok("ñ")


# ----- what a screen reader is told after each action, and where the focus goes (issue 37, § 2) -----
from tutorial.app.practice.model import HAND_END_KEYS, KEEP_KEY, TABLE_KEYS, WATCH_KEYS  # noqa: E402
from tutorial.practice.moves import CALL, NEXT  # noqa: E402


def acted(page, action, *args):
    """Run one of the page's actions as the page does (view.act): what is said after it."""
    before = page.moment()
    getattr(page, action)(*args)
    return page.said_after(before)


def test_in_coach_mode_a_placement_is_told_with_its_verdict_every_placement_since_and_the_next_card():
    state = PracticeState(game=PracticeGame(DealCode(4, 2817)))
    page = screen(state)
    game = page.game
    before = len(game.hand.records)
    said = acted(page, "pick", str(game.hand.legal().dests[0]))
    verdict = page.shown_feedback()
    assert said.startswith(" ".join(verdict.lines)) and verdict.lines[0].startswith("You put ")
    others = game.hand.records[before + 1:]  # the learner's own placement is told by the verdict, once
    assert others and all(record.mover != "A" for record in others)
    for record in others:
        assert said.count(page.n.turn_line(record)) == 1
    card = game.hand.turned.card
    assert said.endswith(f"Your turn. You turn up {page.n.card(card)}.")  # the next card, named
    assert said.count("You put ") == 1 and page.focus_after() == TABLE_KEYS


def test_in_table_mode_each_placement_is_told_once_and_a_stale_verdict_is_cleared():
    game = PracticeGame(DealCode(4, 144), settings=Settings.parse("table.a0.s40.h1.t1000"))
    state = PracticeState(game=game)
    page = screen(state)
    called = passed = 0
    while not game.hand_over:
        if game.watching is not None:
            shown = game.watching
            told = page.watching()[0]
            assert told.startswith(f"{shown.mover} turned up {page.n.card(shown.card)} and put it on ")
            assert page.focus_after() == WATCH_KEYS
            if game.hand.judge(shown.dest).error and not called:
                said = acted(page, "call")
                called += 1
                assert said.startswith("Right to call. ") and page.shown_feedback().lines[0] == "Right to call."
            else:
                said = acted(page, "go_on")
                passed += 1
                assert page.shown_feedback() is None  # the verdict on an earlier card is no longer shown
            # the placement watched was told as it was shown: never again
            assert f"{shown.mover} turns up {page.n.card(shown.card)} and puts it on" not in said
            assert told not in said or (game.watching is not None and page.watching()[0] == told)
        else:
            said = acted(page, "pick", str(game.hand.legal().dests[0]))
            assert said.startswith(" ".join(page.shown_feedback().lines))
        assert said.endswith(page.now_said()) and page.now_said()
        if game.watching is None and not game.hand_over:  # the next card, named (also when a discard was turned over)
            assert said.endswith(f"Your turn. You turn up {page.n.card(game.hand.turned.card)}.") or \
                (said.endswith("comes up (§\xa05 “When the stock runs out”).") and page.n.card(game.hand.turned.card) in said)
    assert called == 1 and passed > 3
    assert page.focus_after() == HAND_END_KEYS and said.endswith(" ".join(page.review().outcome.lines))


def test_a_right_call_and_an_unsupported_one_are_said_and_cleared_after_next():
    game = PracticeGame(DealCode(4, 144), settings=Settings.parse("table.a0.s40.h1.t1000"))
    page = screen(PracticeState(game=game))
    while game.watching is None or not game.hand.judge(game.watching.dest).ok:
        game.decide("next") if game.watching is not None else game.play(game.hand.legal().dests[0])
    said = acted(page, "call")
    assert said.startswith("That placement was correct, so your call was unsupported")
    while game.watching is None:
        game.play(game.hand.legal().dests[0])
    assert page.shown_feedback() is not None and game.decisions[-1] != NEXT
    said = acted(page, "go_on")
    assert "unsupported" not in said and page.shown_feedback() is None


def test_new_deal_asks_with_the_focus_on_keep_playing_then_tells_the_new_deal():
    state = PracticeState(game=PracticeGame(DealCode(4, 1), settings=Settings(hands=2)))
    page = screen(state)
    acted(page, "pick", str(page.game.hand.legal().dests[0]))
    said = acted(page, "new_deal")
    assert said == "Start a new deal? The hand you are playing will be lost." and page.focus_after() == [KEEP_KEY]
    said = acted(page, "keep_playing")
    assert said == page.now_said() and page.focus_after() == TABLE_KEYS
    page.new_deal()
    said = acted(page, "confirm")
    game = state.current
    assert said.startswith(f"Deal {game.match.deal_code(0)}. Hand 1 of 2. Dealer: {page.dealer()}.")
    for record in game.hand.records:  # the turns before the learner's first
        assert page.n.turn_line(record) in said
    state.draft_of().keep("code", "five")
    said = acted(page, "deal")
    assert said.startswith("That cannot be dealt: ") and page.focus_after() == ["practice-w-code"]


def test_the_words_after_an_action_are_in_spanish_and_the_last_move_is_kept_for_the_table():
    game = PracticeGame(DealCode(4, 2817), settings=Settings.parse("table.a50.s15.h1.t1000"))
    page = screen(PracticeState(game=game), "es")
    assert screen(PracticeState(game=PracticeGame(DealCode(4, 2817), 3)), "es").last_move() == \
        "Todavía no se ha jugado ninguna carta en esta mano."
    said = acted(page, "pick" if game.watching is None else "go_on",
                 *(() if game.watching is not None else (str(game.hand.legal().dests[0]),)))
    assert said and not re.search(r"\b(the|your|turns up|puts it|Your turn)\b", said), said
    if game.watching is not None:
        assert page.last_move() == page.watching()[0]
    else:
        assert page.last_move() == page.n.turn_line(game.hand.records[-1])


def test_a_watched_placement_right_and_let_pass_adds_nothing_more():
    game = PracticeGame(DealCode(4, 144), settings=Settings.parse("table.a0.s0.h1.t1000"))  # nobody slips
    while game.watching is None:
        game.play(game.hand.legal().dests[0])
    page = screen(PracticeState(game=game))
    before = page.moment()
    game.decide(NEXT)
    assert page.n.turn_line(game.hand.records[before.records], placement=False) == ""
    assert CALL not in game.decisions
