"""Issue 20: every pile of a turn valued by seeded playouts (tutorial/explore/evaluate.py), its
words (tutorial/narrate/evaluation.py) and `muggins explain --evaluate`."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from tutorial.cli.commands import main
from tutorial.engine.errors import ActionError, PositionError
from tutorial.engine.posfile import loads
from tutorial.engine.position import Dest
from tutorial.engine.rules import ErrorKind, turn_up
from tutorial.engine.seen import Seen
from tutorial.explore.bench import two_commons_position
from tutorial.explore.evaluate import WIN, EvalSpec, as_json, compare, evaluate, playouts, starts
from tutorial.narrate import narrator

HERE = Path(__file__).parent
OBVIOUS = HERE / "positions" / "pile-two-wins.toml"
RECYCLED = HERE / "positions" / "recycled-order.toml"


def obvious():
    return loads(OBVIOUS.read_text(encoding="utf-8"))


def two_commons():
    """A dealt position, a few turns in, whose turned card fits two common piles (the benchmark's)."""
    return two_commons_position()


def test_a_pile_that_leaves_the_next_player_a_sure_fit_loses_and_the_other_wins():
    found = evaluate(obvious(), EvalSpec(hands=200))
    by_dest = {str(choice.dest): choice for choice in found.choices}
    assert [str(choice.dest) for choice in found.correct] == ["common:1", "common:2"]
    assert by_dest["common:1"].wins == 0 and by_dest["common:2"].wins == 200
    assert found.best.dest == Dest.common(2) and found.matters is True
    versus = found.against(Dest.common(1))
    assert versus is not None and versus.real and versus.p < 1e-50 and versus.difference == 1.0
    assert 0.95 < versus.low < 1.0 and versus.high == 1.0
    # a wrong pile: called by B, corrected to common pile 1 (R4), B and C give a card each (R5)
    wrong = by_dest["common:3"]
    assert wrong.error is ErrorKind.NOT_ADJACENT and wrong.penalty == 2 and wrong.wins == 0
    assert found.against(Dest.common(3)).difference == 1.0


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_the_numbers_are_the_same_for_a_seed_whatever_the_workers_and_differ_with_the_seed():
    position = two_commons()
    spec = EvalSpec(hands=300, seed=7)  # two units of work per pile
    alone = evaluate(position, spec, workers=1)
    shared = evaluate(position, spec, workers=2)
    assert alone == shared
    other = evaluate(position, EvalSpec(hands=300, seed=8))
    assert [choice.wins for choice in other.choices] != [choice.wins for choice in alone.choices]


def test_every_pile_is_settled_by_the_engine_and_wrong_piles_that_leave_one_position_are_played_once():
    position = two_commons()
    card, recycled, settled = starts(position)
    assert card == str(turn_up(position).card) and not recycled
    assert [start.error for start in settled[:2]] == [None, None]
    assert all(start.error is not None and start.penalty == 3 for start in settled[2:])  # 4 players: 3 donors
    assert len({start.after for start in settled[2:]}) == 1  # all corrected to pile 1 and penalised alike
    found = evaluate(position, EvalSpec(hands=250))
    wrong = [choice for choice in found.choices if not choice.correct]
    assert len({(choice.wins, choice.draws) for choice in wrong}) == 1
    # the same deals for every pile: a penalised pile never wins a playout the best one loses more often
    assert all(found.against(choice.dest).difference > 0.1 for choice in wrong)


def test_playout_i_deals_the_closed_stocks_anew_keeping_their_sizes_and_the_face_up_piles():
    position = two_commons()
    start = starts(position)[2][0]
    outcomes, turns = playouts(start.after, position.to_move, EvalSpec(hands=20), 0, 20)
    assert len(outcomes) == 20 and turns > 20 and set(outcomes) <= {0, 1, 2}
    assert playouts(start.after, position.to_move, EvalSpec(hands=20), 5, 10)[0] == outcomes[5:10]


def test_a_discard_just_turned_over_keeps_its_order_in_every_playout():
    """Issue 37 § 5 (R13): the mover's next card after a recycle is known, so the pile that leaves
    it a fit always wins; dealt anew (as before) it would win about one playout in five."""
    position = loads(RECYCLED.read_text(encoding="utf-8"))
    found = evaluate(position, EvalSpec(hands=500))
    assert found.recycled and found.card == "6S"
    by_dest = {str(choice.dest): choice for choice in found.choices}
    assert by_dest["common:2"].wins == 500 and by_dest["common:1"].wins == 0 and by_dest["common:1"].draws == 500
    assert found.best.dest == Dest.common(2) and found.matters is True and found.known == 1
    # a wrong pile: B's and C's top cards, named as given, lie seen beneath A's 4♥
    wrong = by_dest["discard:A"]
    assert wrong.penalty == 2 and wrong.known == 3 and wrong.wins == 0
    # what the playouts did before R13: every stock card dealt anew, A's 4♥ among them
    start = next(start for start in starts(position)[2] if start.dest == Dest.common(2))
    assert start.seen == Seen((0, 2, 2)) and start.seen.known(start.after, 0) == start.after.stocks[0]
    redealt = playouts(start.after, 0, EvalSpec(hands=500), 0, 500, Seen.nothing(start.after))[0]
    assert 0.12 < redealt.count(WIN) / 500 < 0.28
    said = narrator("en").evaluation_method(found)
    assert "(R13 “a playout keeps the cards the table has seen”)" in said
    assert said.endswith("Here the table had seen 1 card of the closed stocks (a discard turned over, a penalty card named "
                         "as it was given): it kept its place in every playout.")


def test_what_the_table_saw_before_the_position_is_kept_when_the_caller_knows_it():
    """A caller that followed the hand (the position lab's line) passes what was seen; a bare
    position tells nothing seen, and an explicit nothing gives the same numbers."""
    text = RECYCLED.read_text(encoding="utf-8").replace('A = []\nB', 'A = ["6S", "4H"]\nB').replace(
        'A = ["6S", "4H"]\nB = []', 'A = []\nB = []')
    position = loads(text)  # the same table with A's discard already turned over: a bare position
    spec = EvalSpec(hands=300)
    bare = evaluate(position, spec)
    assert bare == evaluate(position, spec, seen=Seen.nothing(position)) and bare.known == 0
    assert not bare.recycled and 0 < bare.best.wins < 300
    known = evaluate(position, spec, seen=Seen((0, 2, 2)))
    assert [choice.wins for choice in known.correct] == [0, 300] and known.known == 1
    with pytest.raises(PositionError):
        evaluate(position, spec, seen=Seen((3, 2, 2)))


def test_the_exact_mcnemar_test_and_the_paired_interval_agree_with_a_hand_computation():
    # 100 playouts: 9 only the first won, 3 only the second, 30 both, 58 neither
    ours = [WIN] * 9 + [0] * 3 + [WIN] * 30 + [0] * 58
    theirs = [0] * 9 + [WIN] * 3 + [WIN] * 30 + [1] * 58
    found = compare(Dest.common(1), ours, Dest.common(2), theirs)
    assert (found.only_better, found.only_other) == (9, 3)
    # two-sided exact binomial test of 3 of 12 at 1/2: 2 · P(X ≤ 3)
    by_hand = 2 * sum(math.comb(12, k) for k in range(4)) / 2**12
    assert found.p == pytest.approx(by_hand) and found.p == pytest.approx(0.146, abs=1e-3) and not found.real
    assert found.difference == pytest.approx(0.06)
    # Agresti–Min: half a playout added to each cell, b = 9.5, c = 3.5, n = 102
    centre = (9.5 - 3.5) / 102
    margin = 1.959964 * math.sqrt(13 - 6 ** 2 / 102) / 102
    assert (found.low, found.high) == pytest.approx((centre - margin, centre + margin))
    assert found.low < 0 < found.high
    same = compare(Dest.common(1), ours, Dest.common(2), ours)
    assert same.p == 1.0 and same.difference == 0 and same.low < 0 < same.high  # no difference, some uncertainty
    # every differing playout one way (a trial's case: 609 of 1,000): about as wide as a pile's own interval
    lopsided = compare(Dest.common(2), [WIN] * 609 + [0] * 391, Dest.common(1), [0] * 1000)
    assert lopsided.high - lopsided.low > 0.05 and lopsided.low < 0.609 < lopsided.high


def test_a_last_card_on_a_correct_pile_wins_outright_and_a_passing_mover_has_no_choice():
    text = OBVIOUS.read_text(encoding="utf-8").replace('A = ["KH"]', "A = []")
    found = evaluate(loads(text), EvalSpec(hands=50))
    assert all(choice.finished and choice.wins == 50 for choice in found.correct)
    assert found.matters is False  # both win: no difference
    assert narrator("en").choice_line(found.correct[0], found, loads(text)).endswith("the hand is won at once")
    empty = text.replace('A = ["8S"]', "A = []")
    with pytest.raises(ActionError):
        evaluate(loads(empty), EvalSpec(hands=5))


def test_error_making_players_and_the_wrong_piles_left_out():
    position = two_commons()
    found = evaluate(position, EvalSpec(hands=100, error_rate=0.1, alertness=0.5, wrong=False))
    assert all(choice.valued for choice in found.correct)
    assert all(not choice.valued and choice.hands == 0 for choice in found.choices if not choice.correct)
    assert found.against(Dest.discard("B")) is None
    assert "misplace 10%" in narrator("en").evaluation_method(found)


@pytest.mark.parametrize("field, value", [("hands", 0), ("hands", 100_001), ("hands", True), ("seed", -1),
                                          ("error_rate", 1.5), ("alertness", -0.1), ("max_turns", 0)])
def test_impossible_settings_are_refused(field, value):
    with pytest.raises(PositionError) as caught:
        EvalSpec(**{field: value})
    assert caught.value.params["field"] == field
    with pytest.raises(PositionError):
        EvalSpec(variant="nope")


def test_the_words_in_both_languages():
    position = obvious()
    found = evaluate(position, EvalSpec(hands=100))
    table = turn_up(position).position
    english, spanish = narrator("en"), narrator("es")
    said = english.evaluation_summary(found, table)
    assert said.startswith("Common pile 2 (9♣) is better: it wins 100.0% (96.3%–100.0%) of 100 playouts, common pile 1")
    assert "The difference is real." in said and "p < 0.001" in said
    assert english.evaluation_heading(found) == "A's chance of winning the hand after each pile:"
    assert narrator("en", "A").evaluation_heading(found) == "Your chance of winning the hand after each pile:"
    line = english.choice_line(found.choices[2], found, table)
    assert line == ("Common pile 3 (Q♦): Muggins! (The card does not fit there), 2 penalty cards; wins 0.0% (0.0%–3.7%), "
                    "100 points less than the best pile")
    dicho = spanish.evaluation_summary(found, table)
    assert dicho.startswith("La pila común 2 (9♣) es mejor") and "100,0\u00a0%" in dicho and "real" in dicho
    assert "partidas" in spanish.evaluation_method(found) or "jugad" in spanish.evaluation_method(found)
    assert spanish.choice_line(found.choices[2], found, table).count("cartas de castigo") == 1
    even = evaluate(two_commons(), EvalSpec(hands=300))
    if not even.matters:
        assert english.evaluation_summary(even, turn_up(two_commons()).position).startswith(
            "The choice makes no clear difference here")


def test_muggins_explain_evaluate(capsys, tmp_path):
    status = main(["explain", str(OBVIOUS), "--evaluate", "--hands", "60", "--json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    result = json.loads(out)
    evaluation = result["evaluation"]
    assert evaluation == as_json(evaluate(obvious(), EvalSpec(hands=60)))
    assert evaluation["best"] == "common:2" and evaluation["matters"] is True
    first = evaluation["choices"][0]
    assert set(first) == {"dest", "correct", "error", "penalty", "finished", "wins", "draws", "turns", "versus_best"}
    assert first["wins"]["count"] == 0 and first["versus_best"]["real"] is True
    assert evaluation["choices"][1]["versus_best"] is None
    assert main(["explain", str(OBVIOUS), "--evaluate", "--hands", "40", "--lang", "es"]) == 0
    out, _ = capsys.readouterr()
    assert "La pila común 2 (9♣) es mejor" in out
    for bad in (["--hands", "0"], ["--hands", "x"], ["--error-rate", "2"], ["--workers", "0"]):
        assert main(["explain", str(OBVIOUS), "--evaluate", *bad]) == 2
        _, err = capsys.readouterr()
        assert err.count("\n") == 1 and "muggins:" in err, err
    passing = tmp_path / "pass.toml"
    passing.write_text(OBVIOUS.read_text(encoding="utf-8").replace('A = ["8S"]', "A = []").replace('A = ["KH"]', "A = []"),
                       encoding="utf-8")
    assert main(["explain", str(passing), "--evaluate"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
