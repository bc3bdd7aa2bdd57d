"""Issue 20: the variant measures (tutorial/explore/metrics.py), their words
(tutorial/measure_words.py) and `muggins stats` comparing two variants, checked against hand
computations on small made-up studies."""

from __future__ import annotations

import json
import math
import statistics

import pytest

from tutorial.cli.commands import main
from tutorial.explore.metrics import MEASURES, balance, compare, measures
from tutorial.explore.study import summarise, wilson
from tutorial.explore.summary import FINISHED, REPETITION
from tutorial.i18n import translations
from tutorial.measure_words import MeasureWords


def rows(players: int, winners: list[int], draws: int, turns: list[int], penalties: list[int] | None = None):
    """Hands: one won hand per entry of ``winners`` (its seat), then ``draws`` drawn by repetition;
    ``turns`` and ``penalties`` per hand in the same order; the challenger at seat 0."""
    reasons = [FINISHED] * len(winners) + [REPETITION] * draws
    seats = winners + [-1] * draws
    penalties = penalties or [0] * len(reasons)
    return [(reason, seat, turn, 0, 0, 0, 0, penalty, 0)
            for reason, seat, turn, penalty in zip(reasons, seats, turns, penalties, strict=True)]


def fisher_by_hand(a: int, b: int, c: int, d: int) -> float:
    """Two-sided Fisher's exact test of [[a, b], [c, d]]: the probabilities (hypergeometric, the
    margins fixed) of every table no more likely than the one seen, summed."""
    row, column, total = a + b, a + c, a + b + c + d

    def chance(x: int) -> float:
        return math.comb(column, x) * math.comb(total - column, row - x) / math.comb(total, row)

    seen = chance(a)
    return sum(chance(x) for x in range(max(0, row + column - total), min(row, column) + 1)
               if chance(x) <= seen * (1 + 1e-7))


FIRST = summarise(3, rows(3, [0, 1, 2], 7, [10] * 3 + [50] * 7, [1, 0, 0, 2, 0, 0, 0, 0, 0, 1]))
SECOND = summarise(3, rows(3, [0, 0, 0, 0, 1, 1, 2, 2], 2, [8, 9, 10, 11, 12, 8, 9, 10, 40, 40]))


def test_the_measures_of_one_study_by_hand():
    found = measures(SECOND, challenger=True)
    assert list(found) == list(MEASURES)
    assert found["balance"].value == pytest.approx(1 - (4 - 2) / 8) and balance([5, 5, 5]) == 1 == balance([0, 0])
    assert found["balance"].low <= found["balance"].value <= found["balance"].high + 1e-9
    low, high = wilson(4, 8)
    assert found["first_mover"].value == pytest.approx(4 / 8 - 1 / 3)
    assert (found["first_mover"].low, found["first_mover"].high) == pytest.approx((low - 1 / 3, high - 1 / 3))
    # exact binomial test of 4 of 8 against 1/3, two-sided (outcomes no more likely than 4, summed)
    pmf = [math.comb(8, k) * (1 / 3) ** k * (2 / 3) ** (8 - k) for k in range(9)]
    assert found["first_mover"].p == pytest.approx(sum(p for p in pmf if p <= pmf[4] * (1 + 1e-7)))
    assert found["decisive"].value == 0.8 and found["repetition"].value == 0.2
    turns = [8, 9, 10, 11, 12, 8, 9, 10, 40, 40]
    margin = 1.959964 * statistics.stdev(turns) / math.sqrt(10)
    assert (found["turns"].value, found["turns"].low, found["turns"].high) == pytest.approx(
        (15.7, 15.7 - margin, 15.7 + margin))
    assert found["minutes"].value == pytest.approx(15.7 * 3 / 60)
    assert found["choice"].value == pytest.approx(4 / 10 - 8 / 10 / 3)  # the challenger (seat 0) won 4 of 10


def test_two_variants_compared_with_the_tests_computed_by_hand():
    found = {difference.id: difference for difference in compare(FIRST, SECOND, challenger=False)}
    assert "choice" not in found
    decisive = found["decisive"]
    assert decisive.test == "fisher" and decisive.difference == pytest.approx(0.8 - 0.3)
    assert decisive.p == pytest.approx(fisher_by_hand(8, 2, 3, 7))
    assert decisive.real == (decisive.p < 0.05)
    # Newcombe's interval (method 10) from the two Wilson intervals
    (l1, u1), (l2, u2) = wilson(3, 10), wilson(8, 10)
    assert decisive.low == pytest.approx(0.5 - math.sqrt((0.8 - l2) ** 2 + (u1 - 0.3) ** 2))
    assert decisive.high == pytest.approx(0.5 + math.sqrt((u2 - 0.8) ** 2 + (0.3 - l1) ** 2))
    turns = found["turns"]
    first_turns, second_turns = [10] * 3 + [50] * 7, [8, 9, 10, 11, 12, 8, 9, 10, 40, 40]
    error = math.sqrt(statistics.variance(first_turns) / 10 + statistics.variance(second_turns) / 10)
    assert turns.test == "welch" and turns.difference == pytest.approx(15.7 - 38.0)
    assert (turns.low, turns.high) == pytest.approx((-22.3 - 1.959964 * error, -22.3 + 1.959964 * error))
    assert turns.real and found["penalty_cards"].difference == pytest.approx(-0.4)
    assert found["balance"].test == "chi-square" and 0 <= found["balance"].p <= 1
    with pytest.raises(ValueError):
        compare(FIRST, summarise(4, rows(4, [0], 0, [5])), challenger=False)


def test_the_comparison_in_words_in_both_languages():
    found = {difference.id: difference for difference in compare(FIRST, SECOND, challenger=False)}
    english = MeasureWords(translations("en"), "en")
    said = english.sentence(found["turns"], "standard", "wrap", 3)
    assert said == ("With 3 players, under “wrap” hands last 22.3 turns less than under “standard”: the difference is "
                    f"real (Welch's t-test, {english.p(found['turns'].p)}).")
    assert english.sentence(found["minutes"], "a", "b", 3) is None  # the same as turns: said once
    assert english.difference(found["decisive"]).startswith("+50.0 points (")
    spanish = MeasureWords(translations("es"), "es")
    assert spanish.sentence(found["turns"], "standard", "wrap", 3).startswith(
        "Con 3 jugadores, con «wrap» las manos duran 22,3 turnos menos que con «standard»")
    assert spanish.name("balance") == "Equilibrio" and "\u00a0%" in spanish.with_interval(measures(SECOND, challenger=False)["decisive"])
    assert english.no_difference("a", "b", 4) == "With 4 players, no measure differs clearly between “a” and “b”."


def test_muggins_stats_compares_two_variants(capsys):
    assert main(["stats", "--players", "4", "--hands", "200", "--variant", "standard", "--variant", "wrap",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    measured = report["studies"][0]["counts"][0]["measures"]
    assert set(measured) == set(MEASURES) - {"choice"} and set(measured["decisive"]) == {"value", "low", "high"}
    assert set(measured["first_mover"]) == {"value", "low", "high", "p"}
    (comparison,) = report["comparisons"]
    assert (comparison["first"], comparison["second"], comparison["players"]) == ("standard", "wrap", 4)
    assert set(comparison["measures"]["turns"]) == {"first", "second", "difference", "low", "high", "test", "p", "real"}
    assert main(["stats", "--players", "4", "--hands", "200", "--variant", "standard", "--variant", "wrap"]) == 0
    text = capsys.readouterr().out
    assert "wrap against standard, 4 players:" in text and "Welch's t-test" in text


def test_options_without_their_partner_or_given_twice_are_refused(capsys):
    """A breaker's trial: they were silently ignored, or the last one taken."""
    from tutorial.cli.commands import main

    with pytest.raises(SystemExit) as caught:  # argparse's own error, as for any option it refuses
        main(["stats", "--rules", "wrap=1", "--rules", "wrap=0"])
    assert caught.value.code == 2 and "--rules may be given once" in capsys.readouterr().err
    for argv in (["stats", "--name", "x"], ["explain", "tests/positions/pile-two-wins.toml", "--hands", "5"]):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.count(chr(10)) == 1 and "Traceback" not in err, (argv, err)
    assert main(["stats", "--players", "4", "--rules", "deal=9x5+1"]) == 2
    assert "a deal is for 3 to 8 players, not 9" in capsys.readouterr().err
