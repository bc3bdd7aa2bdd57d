"""The steps presenter mode's fit check visits in the browser are the extremes of the course
(tests/presenter_cases.py; the browser check: tests/browser/test_presenter.py)."""

from __future__ import annotations

import pytest
from presenter_cases import Case, all_cases, chosen, dominated, extremes, lines, typical

from tutorial.app.lessons.state import course


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_step_is_covered_by_a_chosen_step_with_at_least_as_much_on_it(lang):
    cases = all_cases(lang)
    picked = chosen(lang)
    assert len(cases) == sum(len(lesson.steps) for lesson in course()[0])
    for case in cases:
        assert any(dominated(case, by) for by in picked), case
    assert len(picked) <= len(cases) // 4  # the point: a fraction of the course


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_chosen_steps_hold_the_longest_text_the_most_players_and_open_piles_of_each_kind(lang):
    cases = all_cases(lang)
    picked = chosen(lang)
    for kind in {case.kind for case in cases}:
        mine = [case for case in cases if case.kind == kind]
        for measure in range(3):
            most = max(case.measures[measure] for case in mine)
            assert any(case.kind == kind and case.measures[measure] == most for case in picked), (kind, measure)
    assert max(case.players for case in picked) == 7  # the seven-player table
    assert any(case.kind == "muggins" for case in picked)  # a walk-through (first and last move)
    assert typical(cases) in picked


def test_each_language_has_its_own_extremes():
    """Spanish is longer: its longest step of a kind need not be the English one."""
    english, spanish = all_cases("en"), all_cases("es")
    assert sum(case.lines for case in spanish) > sum(case.lines for case in english)
    assert {(case.lesson, case.step) for case in chosen("es")} != {(case.lesson, case.step) for case in chosen("en")}


def test_extremes_are_the_undominated_ones():
    def case(step: str, lines_: int, players: int, open_piles: int = 0, kind: str = "place") -> Case:
        return Case("l", step, kind, "en", lines_, players, open_piles)

    long_text, many_players, both_less, same = case("a", 30, 4), case("b", 12, 7), case("c", 11, 4), case("d", 30, 4)
    other_kind = case("e", 5, 4, kind="call")
    assert extremes([long_text, many_players, both_less, same, other_kind]) == [long_text, many_players, other_kind]
    assert lines("x" * 44, "\n\n" + "y" * 45) == 3
