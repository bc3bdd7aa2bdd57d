"""The rules engine against docs/rules.md, section by section."""

import pytest
from conftest import EXAMPLES, cards, position

from tutorial.engine import (
    COUNTS,
    ActionError,
    Common,
    DealCode,
    Dest,
    Discard,
    EndReason,
    ErrorKind,
    Position,
    PositionError,
    Result,
    Rule,
    complete_turn,
    deal,
    judge,
    legal_destinations,
    play_turn,
    playout,
    recycle,
    turn_up,
)
from tutorial.engine.hand import Hand
from tutorial.engine.posfile import dumps, load, loads

C, D = Dest.common, Dest.discard


def turned(pos):
    t = turn_up(pos)
    return t, legal_destinations(t.position, t.card)


# ----- the three worked examples -----------------------------------------
def test_worked_example_1_common_first_and_penalty():
    pos = load(EXAMPLES / "example-1.toml")
    t, legal = turned(pos)
    assert str(t.card) == "6H"
    assert legal.dests == (C(1),) and legal.rule == "common-pile"
    record = complete_turn(t, D("B"))
    assert record.judgement.error == "common-first"
    assert record.placed == C(1)
    assert [(g.donor, str(g.card)) for g in record.penalty] == [("B", "KC"), ("C", "3H"), ("D", "10S")]
    # the card is on 5♣; the penalty cards went under A's stock in donor order
    assert record.after.commons[0] == tuple(cards("5C 6H"))
    assert record.after.stock_of("A") == tuple(cards("KC 3H 10S"))
    assert record.after.discard_of("B") == tuple(cards("7D"))
    assert not record.finished and record.after.mover == "B"


def test_worked_example_2_nearest_opponent():
    pos = load(EXAMPLES / "example-2.toml")
    t, legal = turned(pos)
    assert str(t.card) == "JH"
    assert legal.dests == (D("B"),) and legal.rule == "nearest-opponent"
    assert judge(t.position, t.card, D("C")).error == "nearest-opponent"
    assert judge(t.position, t.card, D("B")).ok


def test_worked_example_3_recycle_turns_oldest_first():
    pos = load(EXAMPLES / "example-3.toml")
    t, legal = turned(pos)
    assert t.recycled and str(t.card) == "4D"
    assert t.position.stock_of("A") == tuple(cards("8C QH"))
    assert t.position.discard_of("A") == ()
    assert legal.dests == (C(1),)


# ----- §priority and the §muggins table -------------------------------------
BASE = dict(commons="5C 9D KH 2S")


@pytest.mark.parametrize(
    "card, discards, dest, error",
    [
        ("6H", {"B": "7D"}, D("B"), "common-first"),
        ("6H", {"B": "7D"}, C(2), "not-adjacent"),
        ("6H", {"B": "7D"}, D("A"), "missed-destination"),
        ("6H", {}, D("C"), "empty-discard"),
        ("JH", {"B": "QS", "C": "10C"}, D("C"), "nearest-opponent"),
        ("JH", {"B": "QS", "C": "10C"}, D("D"), "empty-discard"),
        ("JH", {"B": "QS", "C": "10C", "D": "3C"}, D("D"), "not-adjacent"),
        ("JH", {"B": "QS"}, D("A"), "missed-destination"),
        ("JH", {"B": "QS"}, C(3), "not-adjacent"),
        ("7C", {"C": "AH"}, D("A"), None),  # nothing fits: own discard
        ("7C", {"C": "AH"}, D("C"), "not-adjacent"),
        ("10H", {"B": "9S"}, C(2), None),
        ("10H", {"B": "9S"}, D("B"), "common-first"),
    ],
)
def test_judge_error_ids(card, discards, dest, error):
    pos = position(BASE["commons"], {"A": card}, discards)
    t = turn_up(pos)
    assert judge(t.position, t.card, dest).error == error


def test_first_matching_row_wins():
    # Empty discard while a common fits: empty-discard (row 2) not common-first.
    pos = position("5C 9D KH 2S", {"A": "6H"})
    t = turn_up(pos)
    assert judge(t.position, t.card, D("B")).error == "empty-discard"
    # Non-fitting discard while a common fits: not-adjacent (row 1).
    pos = position("5C 9D KH 2S", {"A": "6H"}, {"B": "JD"})
    t = turn_up(pos)
    assert judge(t.position, t.card, D("B")).error == "not-adjacent"


def test_choice_among_fitting_commons_is_never_an_error():
    pos = position("5C 7D KH 2S", {"A": "6H"})
    t, legal = turned(pos)
    assert legal.dests == (C(1), C(2))
    assert judge(t.position, t.card, C(1)).ok and judge(t.position, t.card, C(2)).ok


def test_nearest_opponent_is_clockwise_from_movers_left():
    # C moves: left of C is D, then A, then B.
    pos = position("KC", {"C": "5H"}, {"A": "4S", "B": "6D", "D": "JC"}, to_move="C")
    t, legal = turned(pos)
    assert legal.dests == (D("A"),)
    assert judge(t.position, t.card, D("B")).error == "nearest-opponent"


def test_card_played_on_an_opponent_becomes_theirs():
    pos = position("KC", {"A": "5H"}, {"B": "6D"})
    record = play_turn(pos)
    assert record.after.discard_of("B") == tuple(cards("6D 5H"))


def test_unknown_dest_is_an_error():
    pos = position("KC", {"A": "5H"})
    t = turn_up(pos)
    with pytest.raises(PositionError) as info:
        judge(t.position, t.card, C(2))
    assert info.value.code == "bad-dest"
    with pytest.raises(PositionError) as info:
        judge(t.position, t.card, D("Z"))
    assert info.value.code == "unknown-player"


# ----- §muggins: correction, penalty, donors --------------------------------
def test_correction_uses_lowest_fitting_pile_r4():
    pos = position("5C 7D KH", {"A": "6H"}, {"B": "5S"})
    record = complete_turn(turn_up(pos), D("B"))
    assert record.judgement.error == "common-first" and record.placed == C(1)


def test_correction_can_follow_the_offenders_choice():
    pos = position("5C 7D KH", {"A": "6H", "B": "2C"}, {"B": "5S"})
    record = complete_turn(turn_up(pos), D("B"), correct_to=lambda legal: legal.dests[-1])
    assert record.placed == C(2)
    assert record.after.commons[1][-1] == cards("6H")[0]


def test_penalty_order_r5_and_donors_recycle_or_give_nothing():
    # A offends. B has a stock; C's stock is empty but has a discard (recycles);
    # D has no cards at all (gives nothing).
    pos = position("5C", {"A": "6H 9S", "B": "KC QC"}, {"B": "7D", "C": "3H 4H JS"})
    record = complete_turn(turn_up(pos), D("B"))
    gifts = [(g.donor, str(g.card), g.recycled) for g in record.penalty]
    assert gifts == [("B", "KC", False), ("C", "3H", True)]
    after = record.after
    assert after.stock_of("A") == tuple(cards("9S KC 3H"))  # last donor's card at the very bottom
    assert after.stock_of("C") == tuple(cards("4H JS")) and after.discard_of("C") == ()
    assert after.stock_of("D") == () and after.discard_of("D") == ()


def test_donor_who_gives_last_card_has_not_finished_r6():
    pos = position("5C", {"A": "6H 9S", "B": "KC"}, {"B": "7D"})
    pos = pos.replace(discards=(pos.discards[0], (), pos.discards[2], pos.discards[3]))  # B: stock KC only
    record = complete_turn(turn_up(pos), D("A"))  # missed-destination (5♣ fits)
    assert record.judgement.error == "missed-destination"
    after = record.after
    assert not after.has_cards(after.seat("B"))
    assert not record.finished
    # B, with no cards, passes on their turn (R2)
    assert after.mover == "B"
    passed = play_turn(after)
    assert passed.passed and passed.after.mover == "C"


def test_unsupported_call_changes_nothing():
    pos = position("5C", {"A": "6H"})
    record = complete_turn(turn_up(pos), C(1), called=True)
    assert record.judgement.ok and not record.called and record.penalty == ()


def test_uncalled_error_stands():
    pos = position("5C", {"A": "6H 2D"}, {"B": "7D"})
    record = complete_turn(turn_up(pos), D("B"), called=False)
    assert record.judgement.error == "common-first" and not record.called
    assert record.placed == D("B") and record.after.discard_of("B")[-1] == cards("6H")[0]
    assert record.penalty == ()


# ----- §finish ----------------------------------------------------------------
def test_correct_last_card_finishes():
    pos = position("5C", {"A": "6H", "B": "2D"})
    record = play_turn(pos)
    assert record.finished and record.after.mover == "A"


def test_called_wrong_last_card_does_not_finish():
    pos = position("5C", {"A": "6H", "B": "2D"}, {"C": "7S"})
    record = complete_turn(turn_up(pos), D("C"))
    assert record.judgement.error == "common-first"
    assert not record.finished
    assert record.after.stock_of("A") == tuple(cards("2D 7S"))  # B gives 2D; C recycles 7S


def test_last_card_to_own_discard_never_finishes():
    pos = position("5C", {"A": "9H", "B": "2D"})
    record = play_turn(pos)
    assert record.placed == D("A") and not record.finished


# ----- §recycle (R3) ------------------------------------------------------------
def test_empty_stock_discard_is_still_a_destination_r3():
    pos = position("KC", {"A": "5H"}, {"B": "6D"})  # B's stock is empty, discard not
    t, legal = turned(pos)
    assert legal.dests == (D("B"),)
    record = complete_turn(t, D("B"))
    assert record.after.stock_of("B") == () and record.after.discard_of("B") == tuple(cards("6D 5H"))


def test_recycle_keeps_order():
    pos = position("KC", {}, {"A": "4D 8C QH"})
    after = recycle(pos, 0)
    assert after.stock_of("A") == tuple(cards("4D 8C QH")) and after.discard_of("A") == ()
    with pytest.raises(ValueError):
        recycle(after, 0)


# ----- §deal and §counts (R1) ------------------------------------------------
@pytest.mark.parametrize("players", sorted(COUNTS))
def test_deal_counts_and_reproducibility(players):
    code = DealCode(players, 2026)
    pos, dealer = deal(code)
    each, piles = COUNTS[players]
    assert len(pos.commons) == piles and all(len(p) == 1 for p in pos.commons)
    assert [len(s) for s in pos.stocks] == [each] * players
    assert sorted(pos.all_cards()) == sorted(__import__("tutorial.engine", fromlist=["FULL_DECK"]).FULL_DECK)
    assert pos.to_move == (dealer + 1) % players
    assert deal(code) == (pos, dealer)
    assert deal(DealCode(players, 2027))[0] != pos


def test_deal_deals_one_at_a_time_from_dealers_left():
    pos, dealer = deal(DealCode(4, 5), dealer=3)
    assert dealer == 3 and pos.mover == "A"
    import random

    rng = random.Random(5)
    rng.randrange(4)
    from tutorial.engine import FULL_DECK

    deck = list(FULL_DECK)
    rng.shuffle(deck)
    assert pos.stock_of("A")[-1] == deck[0]  # first card dealt lies at the bottom of A's stock
    assert pos.stock_of("B")[-1] == deck[1]
    assert pos.stock_of("A")[0] == deck[44]  # the last round's card is on top
    assert [p[0] for p in pos.commons] == deck[48:]


@pytest.mark.parametrize("text", ["2-5", "8-1", "4", "4-x", "x-4", "4-1234567890", "", "4-" + "1" * 4301, "٣-5", "4-٣",
                                  "4-1_0", "4-+1", "44-1", "4-1-2", "4-²", None, 45])
def test_bad_deal_codes(text):
    with pytest.raises(PositionError):
        DealCode.parse(text)


def test_deal_code_round_trip():
    assert str(DealCode.parse(" 5-0042 ")) == "5-42"
    assert str(DealCode.parse("7 - 999999999")) == "7-999999999"


def test_new_deal_codes_are_short_enough_to_dictate():
    """Issue 12: at most 6 characters after the player count; every count has its code."""
    import random

    rng = random.Random(7)
    codes = [DealCode.new(players, rng) for players in (3, 4, 5, 6, 7) for _ in range(200)]
    assert all(len(str(code).split("-")[1]) <= 6 for code in codes)
    assert len({code.seed for code in codes}) > 900  # drawn, not fixed
    assert all(DealCode.parse(str(code)) == code for code in codes)
    with pytest.raises(PositionError):
        DealCode.new(8, rng)


@pytest.mark.parametrize("text, dealer, commons, stock_tops", [
    ("4-123456789", 3, "KD KH 7S 9H", "10S 4H 6S 7D"),
    ("3-987654321", 0, "AH", "QD 4H QS"),
    ("7-2817", 6, "7S JD 7H", "6S 4S 8D 8C AD 8H 6D"),
])
def test_codes_in_use_still_deal_the_same_hands(text, dealer, commons, stock_tops):
    """Long codes shared before the short ones (and short ones) deal exactly what they dealt."""
    position, drawn = deal(DealCode.parse(text))
    assert drawn == dealer
    assert " ".join(str(pile[-1]) for pile in position.commons) == commons
    assert " ".join(str(stock[0]) for stock in position.stocks) == stock_tops


@pytest.mark.parametrize("text", ["common:" + "1" * 4301, "common:1234567890", "common:٣", "common:²", "common:1_0", "common:0", 3, None])
def test_destination_numbers_from_outside(text):
    with pytest.raises(PositionError) as info:
        Dest.parse(text)
    assert info.value.code == "bad-dest"
    assert Dest.parse(" Common: 007 ") == C(7) and Dest.parse("common:999999999") == C(999999999)


# ----- positions (R10) and files --------------------------------------------
def test_position_checks():
    with pytest.raises(PositionError) as info:
        position("5C", {"A": "6H"}, {"B": "6H"})
    assert info.value.code == "duplicate-card" and info.value.params["card"] == "6H"
    with pytest.raises(PositionError) as info:
        position("5C", players="A B")
    assert info.value.code == "player-count"
    with pytest.raises(PositionError) as info:
        Position.build(["A", "B", "C"], "A", [[]])
    assert info.value.code == "empty-common"


POSITION = 'players = ["A", "B", "C"]\nto_move = "A"\ncommons = [["5C"], ["9D"]]\n[stocks]\nA = ["6H", "2S"]\n[discards]\nB = ["7D"]\n'


@pytest.mark.parametrize("old, new, code, at", [
    ('"2S"]', '"2X"]', "unknown-card", ("stocks", "A", 1)),
    ('"2S"]', '3]', "unknown-card", ("stocks", "A", 1)),
    ('B = ["7D"]', 'B = ["7D", "9D"]', "duplicate-card", ("discards", "B", 1)),  # the second copy
    ('["9D"]]', '[]]', "empty-common", ("commons", 1)),
    ('B = ["7D"]', 'Z = ["7D"]', "unknown-player", ("discards", "Z")),
    ('to_move = "A"', 'to_move = "Q"', "unknown-player", ("to_move",)),
    ('"B", "C"]', '"B", "B"]', "duplicate-player", ("players", 2)),
    ('"B", "C"]', '"B ", "C"]', "bad-player-name", ("players", 1)),
    ('"B", "C"]', '"B"]', "player-count", ("players",)),
    ('[stocks]', 'extra = 1\n[stocks]', "unknown-field", ("extra",)),
    ('A = ["6H", "2S"]', 'A = "6H"', "bad-field", ("stocks", "A")),
    ('[["5C"], ["9D"]]', '[]', "no-commons", ("commons",)),
])
def test_position_errors_carry_the_key_path_of_the_value(old, new, code, at):
    assert old in POSITION
    with pytest.raises(PositionError) as info:
        loads(POSITION.replace(old, new, 1))
    assert info.value.code == code and info.value.params["at"] == at


@pytest.mark.parametrize("text", ["", "0", "7", "007", "123456789"])
def test_parse_count_reads_ascii_digits(text):
    from tutorial.engine.numbers import parse_count

    assert parse_count(text) == (int(text) if text else None)


@pytest.mark.parametrize("text", ["1234567890", "1" * 4301, "²", "٣", "1_0", "+1", "-1", " 1", "1 ", "1.0", "0x1", None, 5, b"1"])
def test_parse_count_refuses_everything_else(text):
    from tutorial.engine.numbers import parse_count

    assert parse_count(text) is None
    assert parse_count("12", max_digits=1) is None and parse_count("1" * 20, max_digits=20) == int("1" * 20)


def test_position_file_round_trip():
    pos, _ = deal(DealCode(7, 3))
    assert loads(dumps(pos)) == pos


# ----- playout (R7, R8, R9) ---------------------------------------------------
def test_playout_detects_repetition():
    # Nobody can ever place anything but on their own discard, and nothing fits:
    # the position comes round again after every player has recycled.
    pos = position("7C", {"A": "KD", "B": "KS", "C": "KH"}, players="A B C")
    outcome = playout(pos)
    assert outcome.result == "draw" and outcome.reason == "repetition"
    assert outcome.turns == 6  # three turns to fill the discards, three more come back round


def test_playout_turn_limit_is_checked_first():
    pos = position("7C", {"A": "KD", "B": "KS", "C": "KH"}, players="A B C")
    outcome = playout(pos, max_turns=2)
    assert (outcome.result, outcome.reason, outcome.turns) == ("draw", "turn-limit", 2)
    assert playout(pos, max_turns=0).turns == 0


def test_playout_win():
    pos = load(EXAMPLES / "example-2.toml")
    outcome = playout(pos)
    assert outcome.result == "win" and outcome.reason == "finished" and outcome.winner in pos.players


def test_players_without_cards_pass_r2_r9():
    pos = position("7C", {"B": "KS"}, {}, players="A B C")
    outcome = playout(pos, max_turns=5)
    assert outcome.reason in ("turn-limit", "repetition")
    hand = Hand(pos)
    assert hand.turn_up() is None and hand.records[-1].passed and hand.turns == 1


def test_hand_refuses_out_of_order_actions():
    """Actions not allowed now are ActionErrors, distinct from bad data (PositionError)."""
    hand = Hand(position("5C", {"A": "6H", "B": "2D"}))
    hand.turn_up()
    with pytest.raises(ActionError) as info:
        hand.turn_up()
    assert info.value.code == "card-pending"
    hand.play(C(1))
    assert hand.over and hand.outcome.winner == "A"
    with pytest.raises(ActionError) as info:
        hand.turn_up()
    assert info.value.code == "hand-over"


# ----- calls after the placement (Table mode, issue 4) ----------------------
def test_call_after_the_placement_corrects_and_penalises():
    hand = Hand(position("5C", {"A": "6H 9S", "B": "KC", "C": "3H", "D": "10S"}, {"B": "7D"}))
    hand.turn_up()
    record = hand.play(D("B"), called=False)
    assert record.judgement.error == "common-first" and record.placed == D("B")
    assert hand.can_call()
    called = hand.call()
    assert called.called and called.placed == C(1)
    assert [str(g.card) for g in called.penalty] == ["KC", "3H", "10S"]
    assert hand.records[-1] is called and hand.position == called.after
    assert not hand.can_call()
    with pytest.raises(ActionError) as info:
        hand.call()
    assert info.value.code == "call-too-late"


def test_unsupported_call_changes_nothing_and_a_late_call_is_refused():
    hand = Hand(position("5C", {"A": "6H 9S", "B": "KC 2D"}, {"B": "7D"}))
    hand.turn_up()
    hand.play(C(1), called=False)
    before = hand.position
    assert hand.call() is None and hand.position == before  # unsupported: nothing happens
    hand.turn_up()  # B turns up: the chance to call anything earlier is gone
    assert not hand.can_call()


def test_the_finish_check_corrects_an_uncalled_error_on_the_last_card_r11():
    hand = Hand(position("5C", {"A": "6H", "B": "KC"}, {"B": "7D"}))
    hand.turn_up()
    record = hand.play(D("B"), called=False)  # nobody calls, but the table checks every finish
    assert record.checked and record.called and not record.finished and not hand.over
    assert record.judgement.error == "common-first" and record.placed == C(1) and record.caller is None
    assert hand.position.stock_of("A") == tuple(cards("KC")) and hand.position.mover == "B"
    assert not hand.can_call()  # already settled


def test_an_uncalled_error_that_leaves_cards_still_stands():
    hand = Hand(position("5C", {"A": "6H 9S", "B": "KC"}, {"B": "7D"}))
    hand.turn_up()
    record = hand.play(D("B"), called=False)
    assert not record.called and not record.checked and record.placed == D("B")
    assert hand.position.discard_of("B")[-1] == cards("6H")[0]


def test_the_finish_check_penalises_like_a_call():
    # A's last card 6H goes on B's discard (7D), though common pile 1 (5C) fits. The finish check moves it;
    # B's stock is empty, so B turns the discard over and gives 7D; C has no cards and gives nothing (R6).
    hand = Hand(Position.build(["A", "B", "C"], "A", [cards("5C")], {"A": cards("6H")}, {"B": cards("7D")}))
    hand.turn_up()
    record = hand.play(D("B"), called=False)
    assert record.checked and not record.finished and not hand.over
    assert [(g.donor, str(g.card), g.recycled) for g in record.penalty] == [("B", "7D", True)]
    assert hand.position.stock_of("A") == tuple(cards("7D"))


def test_a_player_left_with_no_cards_by_a_correction_passes_r12():
    # A's last card 6H goes on C's empty discard; corrected to common pile 1; B and C have no cards: no penalty.
    hand = Hand(Position.build(["A", "B", "C"], "A", [cards("5C")], {"A": cards("6H")}))
    hand.turn_up()
    record = hand.play(D("C"), called=False)
    assert record.checked and record.placed == C(1) and record.penalty == () and not record.finished
    assert not hand.over and not hand.position.has_cards(0)
    hand.turn_up()  # B has no cards: passes
    hand.turn_up()  # C too
    assert hand.turn_up() is None and hand.records[-1].passed and hand.records[-1].mover == "A"  # A passes (R2)


def test_a_pass_does_not_close_the_window_for_a_call():
    # B, next after A, has no cards and passes; A's error may still be called until a card is turned up.
    hand = Hand(Position.build(["A", "B", "C"], "A", [cards("5C")], {"A": cards("6H 2D"), "C": cards("KS")},
                               {"C": cards("7D")}))
    hand.turn_up()
    hand.play(D("C"), called=False)  # common-first: 6H fitted common pile 1 (5C)
    assert hand.turn_up() is None and hand.records[-1].passed  # B passes
    assert hand.can_call()
    record = hand.call(caller="C")
    assert record.called and record.caller == "C" and record.placed == C(1)
    assert [(g.donor, str(g.card)) for g in record.penalty] == [("C", "KS")]
    assert hand.records[-1].passed and hand.records[-2] is record and hand.position.mover == "C"
    assert hand.position.stock_of("A") == tuple(cards("2D KS"))
    hand.turn_up()  # C turns up a card: now it is too late for anything earlier
    assert not hand.can_call()


def test_bots_are_reproducible_and_respect_their_rates():
    import random

    from tutorial.engine.bots import Bot

    pos = position("5C 9D KH 2S", {"A": "6H"}, {"B": "7D"})
    t, legal = turned(pos)
    perfect = Bot(random.Random(1))
    assert all(perfect.choose(t.position, t.card, legal) == C(1) for _ in range(50))
    sloppy = Bot(random.Random(7), error_rate=1.0)
    picks = [sloppy.choose(t.position, t.card, legal) for _ in range(50)]
    assert all(p not in legal.dests for p in picks) and len(set(picks)) > 3
    again = Bot(random.Random(7), error_rate=1.0)
    assert [again.choose(t.position, t.card, legal) for _ in range(50)] == picks
    verdict_wrong = judge(t.position, t.card, D("B"))
    verdict_right = judge(t.position, t.card, C(1))
    sleepy = Bot(random.Random(3), alertness=0.25)
    calls = [sleepy.calls(verdict_wrong) for _ in range(2000)]
    assert 0.2 < sum(calls) / len(calls) < 0.3
    assert not any(Bot(random.Random(3), alertness=1.0).calls(verdict_right) for _ in range(20))
    with pytest.raises(ValueError):
        Bot(random.Random(1), error_rate=1.5)


# ----- §match -----------------------------------------------------------------
def test_match_deals_pass_clockwise_and_are_reproducible():
    from tutorial.engine.match import Match

    match = Match(DealCode(5, 42), hands=4)
    first, dealer = match.deal(0)
    assert (first, dealer) == deal(DealCode(5, 42))
    dealers = [match.deal(i)[1] for i in range(4)]
    assert dealers == [(dealer + i) % 5 for i in range(4)]
    assert [match.deal(i)[0].to_move for i in range(4)] == [(d + 1) % 5 for d in dealers]
    assert len({match.deal_code(i).seed for i in range(4)}) == 4
    assert Match(DealCode(5, 42), hands=4).deal(3) == match.deal(3)
    with pytest.raises(IndexError):
        match.deal(4)
    with pytest.raises(PositionError):
        Match(DealCode(5, 42), hands=0)


def test_match_scoring_draws_count_for_nobody_and_level_players_share():
    from tutorial.engine import Outcome
    from tutorial.engine.match import match_winners, wins

    win = lambda name: Outcome("win", name, "finished", 10)  # noqa: E731
    drawn = Outcome("draw", None, "repetition", 99)
    players = ["A", "B", "C"]
    assert wins([win("A"), drawn, win("B")], players) == {"A": 1, "B": 1, "C": 0}
    assert match_winners([win("A"), drawn, win("B")], players) == ["A", "B"]
    assert match_winners([win("C"), win("C"), win("A")], players) == ["C"]
    assert match_winners([drawn, drawn], players) == ["A", "B", "C"]


def test_destinations_are_typed_values_with_a_text_round_trip():
    assert Dest.parse("common:2") == Common(2) == C(2) and Dest.parse("discard:B") == Discard("B") == D("B")
    assert str(Common(2)) == "common:2" and str(Discard("B")) == "discard:B"
    assert Common(2).kind == "common" and Common(2).target == 2 and Discard("B").target == "B"
    assert sorted([D("B"), C(3), C(1), D("A")]) == [C(1), C(3), D("A"), D("B")]
    assert len({C(1), Common(1), D("A")}) == 2


def test_codes_are_string_valued_enums():
    import json

    assert ErrorKind.COMMON_FIRST == "common-first" and json.dumps(ErrorKind.COMMON_FIRST) == '"common-first"'
    assert Rule.OWN_DISCARD == "own-discard" and EndReason.TURN_LIMIT == "turn-limit" and Result.DRAW == "draw"
    pos = load(EXAMPLES / "example-1.toml")
    t, legal = turned(pos)
    assert legal.rule is Rule.COMMON_PILE and judge(t.position, t.card, D("B")).error is ErrorKind.COMMON_FIRST


def test_fields_are_typed_as_their_enums_and_read_texts_as_members():
    """Issue 18 (values): ``Legal.rule`` is a ``Rule``, ``Judgement.error`` an ``ErrorKind | None``,
    ``Outcome.reason`` an ``EndReason``; a text becomes its member, an unknown text is refused."""
    import typing

    from tutorial.engine.cards import Card
    from tutorial.engine.playout import Outcome
    from tutorial.engine.rules import Judgement, Legal

    assert typing.get_type_hints(Legal)["rule"] is Rule
    assert typing.get_type_hints(Judgement)["error"] == ErrorKind | None
    assert typing.get_type_hints(Outcome)["reason"] is EndReason and typing.get_type_hints(Outcome)["result"] is Result
    legal = Legal((C(1),), "common-pile")
    assert legal.rule is Rule.COMMON_PILE and legal.rule == "common-pile" and str(legal.rule) == "common-pile"
    verdict = Judgement("A", Card(6, "H"), D("B"), None, legal, "common-first")
    assert verdict.error is ErrorKind.COMMON_FIRST and not verdict.ok
    assert Judgement("A", Card(6, "H"), C(1), None, legal, None).error is None
    outcome = Outcome("draw", None, "repetition", 9)
    assert outcome.reason is EndReason.REPETITION and outcome.result is Result.DRAW
    assert outcome.as_dict() == {"result": "draw", "winner": None, "reason": "repetition", "turns": 9}
    for bad in (lambda: Legal((), "nonsense"), lambda: Judgement("A", Card(6, "H"), C(1), None, legal, "oops"),
                lambda: Outcome("win", "A", "bored", 1)):
        with pytest.raises(ValueError):
            bad()
    pos = load(EXAMPLES / "example-1.toml")
    assert playout(pos).reason in set(EndReason) and type(playout(pos).reason) is EndReason


def test_destinations_are_matched_by_shape():
    """Issue 18 (values): ``Common(n)``/``Discard(p)`` take part in ``match``; the engine refuses any
    other destination where it uses it (position, events), not with an assertion."""
    from tutorial.engine.events import Placed, apply

    def shape(dest):
        match dest:
            case Common(number):
                return ("common", number)
            case Discard(player):
                return ("discard", player)
        return None

    assert shape(C(3)) == ("common", 3) and shape(D("B")) == ("discard", "B")

    class Elsewhere(Dest):
        __slots__ = ()
        kind = "elsewhere"

        @property
        def target(self):
            return "x"

    pos = load(EXAMPLES / "example-1.toml")
    t = turn_up(pos)
    for use in (lambda: t.position.top(Elsewhere()), lambda: t.position.check_dest(Elsewhere()),
                lambda: apply(t.position, Placed(t.position.mover, t.card, Elsewhere(), None))):
        with pytest.raises(PositionError) as info:
            use()
        assert info.value.code == "bad-dest"
    with pytest.raises(PositionError):
        t.position.check_dest(C(99))


def test_a_position_text_with_a_byte_order_mark_reads_as_its_file_does():
    """A breaker pasted a file saved as "UTF-8 with BOM" into the lab's editor: refused as not
    TOML, while the same file uploaded was read."""
    from pathlib import Path

    from tutorial.engine.posfile import loads, read_text

    example = Path(__file__).parent / "positions" / "example-1.toml"
    text = example.read_text(encoding="utf-8")
    assert loads("\ufeff" + text) == loads(text) == loads(read_text(str(example)))


def test_a_player_name_with_an_invisible_character_is_refused_with_that_reason():
    from tutorial import words
    from tutorial.engine.posfile import loads
    from tutorial.i18n import translations

    text = 'players = ["A", "B\u200dC", "D"]\nto_move = "A"\ncommons = [["5C"]]\n'
    with pytest.raises(PositionError) as caught:
        loads(text)
    assert caught.value.code == "bad-player-name"
    assert "invisible characters" in words.position_error(caught.value, translations("en"))
