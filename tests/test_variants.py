"""Rule options and variants (tutorial/engine/variants.py): the default is the source
sheet, and each named variant changes exactly what it says, on a small hand-made position."""

import pytest
from conftest import cards, position

from tutorial.engine import COUNTS, DealCode, Dest, PositionError, deal, judge, legal_destinations, turn_up
from tutorial.engine.hand import Hand
from tutorial.engine.rules import complete_turn
from tutorial.engine.variants import STANDARD, VARIANTS, Opponents, RuleOptions, variant

C, D = Dest.common, Dest.discard


def legal(pos, rules=STANDARD):
    t = turn_up(pos)
    return t, legal_destinations(t.position, t.card, rules)


def test_the_default_is_the_source_sheet():
    assert RuleOptions() == STANDARD and STANDARD.standard and VARIANTS["standard"].rules is STANDARD
    assert {players: STANDARD.layout(players) for players in STANDARD.player_counts} == COUNTS
    assert not STANDARD.fits(13, 1) and STANDARD.fits(1, 2) and not STANDARD.fits(5, 5)
    assert all(not v.rules.standard for name, v in VARIANTS.items() if name != "standard")


def test_a_standard_deal_is_unchanged_by_explicit_rules():
    for players in COUNTS:
        code = DealCode(players, 99)
        assert deal(code) == deal(code, rules=RuleOptions())


def test_wrap_lets_king_and_ace_fit():
    pos = position("KC 5D", {"A": "AH"}, {"B": "QS"})
    _t, plain = legal(pos)
    assert plain.dests == (D("A"),)
    t, wrapped = legal(pos, VARIANTS["wrap"].rules)
    assert wrapped.dests == (C(1),) and wrapped.rule == "common-pile"
    assert judge(t.position, t.card, D("A"), rules=VARIANTS["wrap"].rules).error == "missed-destination"


def test_open_choice_allows_any_fitting_pile_and_keeping_the_card():
    rules = VARIANTS["open-choice"].rules
    pos = position("5C 9D", {"A": "6H"}, {"B": "2S", "C": "7D", "D": "5S"})
    t, found = legal(pos, rules)
    assert found.dests == (C(1), D("C"), D("D")) and found.rule == "common-pile"
    assert judge(t.position, t.card, D("C"), rules=rules).ok  # no priority for common piles
    assert judge(t.position, t.card, D("A"), rules=rules).error == "missed-destination"  # commons stay compulsory (V2)
    assert judge(t.position, t.card, D("B"), rules=rules).error == "not-adjacent"
    # no common fits: any fitting opponent, or the own discard (opponent play optional)
    pos = position("KC 9D", {"A": "6H"}, {"B": "2S", "C": "7D", "D": "5S"})
    t, found = legal(pos, rules)
    assert found.dests == (D("C"), D("D"), D("A")) and found.rule == "nearest-opponent"
    assert judge(t.position, t.card, D("A"), rules=rules).ok
    _t, plain = legal(pos)
    assert plain.dests == (D("C"),)


def test_any_opponent_without_optional_play():
    rules = RuleOptions(opponents=Opponents.ANY)
    pos = position("KC", {"A": "6H"}, {"B": "2S", "C": "7D", "D": "5S"})
    t, found = legal(pos, rules)
    assert found.dests == (D("C"), D("D"))
    assert judge(t.position, t.card, D("A"), rules=rules).error == "missed-destination"


def test_caller_pays_only_the_caller_gives_a_card():
    rules = VARIANTS["caller-pays"].rules
    pos = position("5C", {"A": "6H 2C", "B": "KC", "C": "3H", "D": "10S"}, {"B": "7D"})
    t = turn_up(pos)
    record = complete_turn(t, D("B"), called=True, caller="C", rules=rules)
    assert record.judgement.error == "common-first"
    assert [(g.donor, str(g.card)) for g in record.penalty] == [("C", "3H")]
    assert record.after.stocks[0] == tuple(cards("2C 3H"))
    # nobody called but the finish check caught it: the player at the offender's left gives (V3)
    pos = position("5C", {"A": "6H", "B": "KC", "C": "3H", "D": "10S"}, {"B": "7D"})
    hand = Hand(pos, rules=rules)
    hand.turn_up()
    record = hand.play(D("B"), called=False)
    assert record.checked and [(g.donor, str(g.card)) for g in record.penalty] == [("B", "KC")]
    # the source sheet: every other player gives
    every = complete_turn(turn_up(pos), D("B"), called=True, caller="C")
    assert [g.donor for g in every.penalty] == ["B", "C", "D"]


def test_swedish_three_players_get_sixteen_cards_and_four_commons():
    rules = VARIANTS["swedish-16"].rules
    position_, _dealer = deal(DealCode(3, 5), rules=rules)
    assert [len(s) for s in position_.stocks] == [16, 16, 16] and len(position_.commons) == 4
    assert sum(1 for _ in position_.all_cards()) == 52
    assert len(deal(DealCode(4, 5), rules=rules)[0].commons) == 4  # other counts as the source sheet


def test_four_centre_piles_take_the_leftover_cards():
    rules = VARIANTS["four-centre"].rules
    assert rules.player_counts == (4, 5, 6, 7, 8)
    for players in (4, 5, 6, 7):
        pos, _dealer = deal(DealCode(players, 11), rules=rules)
        assert len(pos.commons) == 4 and sum(1 for _ in pos.all_cards()) == 52
        assert len({len(s) for s in pos.stocks}) == 1
    pos, _dealer = deal(DealCode(7, 11), rules=rules)
    assert sorted(len(pile) for pile in pos.commons) == [2, 2, 3, 3]  # 52 - 7×6 = 10 cards
    with pytest.raises(PositionError) as caught:
        deal(DealCode(3, 1), rules=rules)
    assert caught.value.code == "player-count"


def test_variant_names_and_bad_options():
    assert variant("wrap").rules.wrap
    for bad in ("", "Wrap", "x" * 500, None):
        with pytest.raises(PositionError) as caught:
            variant(bad)
        assert caught.value.code == "unknown-variant"
    with pytest.raises(PositionError):
        RuleOptions(counts=((3, 20, 1),))
    with pytest.raises(ValueError):
        RuleOptions(opponents="all")


# ----- rules of one's own (issue 20): the text form, each option on its small position -----------
from tutorial.engine.variants import parse_rules  # noqa: E402


def test_every_variants_rules_read_back_from_their_text():
    for found in VARIANTS.values():
        assert parse_rules(found.rules.code()) == found.rules, found.id
    assert parse_rules("") == STANDARD and parse_rules(" wrap = 0 ; ") == STANDARD


@pytest.mark.parametrize(("text", "rules", "where", "dests"), [
    ("wrap=1", RuleOptions(wrap=True), ("KC 5D", {"A": "AH"}, {"B": "QS"}), (C(1),)),
    ("common-first=0", RuleOptions(common_priority=False), ("5C 9D", {"A": "6H"}, {"B": "2S", "C": "7D", "D": "5S"}),
     (C(1), D("C"))),
    ("opponents=any", RuleOptions(opponents=Opponents.ANY), ("KC", {"A": "6H"}, {"B": "2S", "C": "7D", "D": "5S"}),
     (D("C"), D("D"))),
    ("optional=1", RuleOptions(opponent_optional=True), ("KC", {"A": "6H"}, {"B": "2S", "C": "7D", "D": "5S"}),
     (D("C"), D("A"))),
])
def test_each_option_of_ones_own_rules_plays_as_the_engine_says(text, rules, where, dests):
    assert parse_rules(text) == rules
    _t, found = legal(position(*where), parse_rules(text))
    assert found.dests == dests


def test_own_penalty_and_deal_options_play_as_the_engine_says():
    caller = parse_rules("penalty=caller")
    pos = position("5C", {"A": "6H 2C", "B": "KC", "C": "3H", "D": "10S"}, {"B": "7D"})
    record = complete_turn(turn_up(pos), D("B"), called=True, caller="C", rules=caller)
    assert [g.donor for g in record.penalty] == ["C"]
    own = parse_rules("deal=3x15+7,8x6+4")
    assert own.player_counts == (3, 8)
    dealt, _dealer = deal(DealCode(3, 2), rules=own)
    assert [len(s) for s in dealt.stocks] == [15, 15, 15] and len(dealt.commons) == 7
    assert sum(1 for _ in dealt.all_cards()) == 52


@pytest.mark.parametrize(("text", "code", "params"), [
    ("deal=4x13+1", "deal-too-large", {"players": 4, "each": 13, "piles": 1, "cards": 53}),
    ("deal=4x0+4", "empty-deal", {"players": 4, "each": 0, "piles": 4}),
    ("deal=4x12+0", "empty-deal", {"players": 4, "each": 12, "piles": 0}),
    ("deal=4x12+4,4x10+2", "deal-twice", {"players": 4}),
    ("deal=9x5+2", "deal-players", {"players": 9}),
    ("deal=", "bad-rules", {"part": "deal="}),
    ("wrap=2", "bad-rules", {"part": "wrap=2"}),
    ("wrap=1;wrap=0", "rule-twice", {"rule": "wrap"}),
    ("colour=red", "bad-rules", {"part": "colour=red"}),
    ("opponents=all", "bad-rules", {"part": "opponents=all"}),
    ("x" * 301, "bad-rules", {"part": "x" * 40}),
])
def test_impossible_own_rules_are_refused_with_the_engines_reason(text, code, params):
    from tutorial import words
    from tutorial.i18n import translations

    with pytest.raises(PositionError) as caught:
        parse_rules(text)
    assert caught.value.code == code and caught.value.params == params
    said = words.position_error(caught.value, translations("en"))
    assert "{" not in said and "missing or has the wrong type" not in said
    assert code != "deal-too-large" or "53 cards: a pack has 52" in said
