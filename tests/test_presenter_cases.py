"""The steps presenter mode's fit check visits in the browser are the extremes of the course
(tests/presenter_cases.py; the browser check: tests/browser/test_presenter.py)."""

from __future__ import annotations

from presenter_cases import Case, all_cases, chosen, dominated, extremes, lines, typical

from tutorial.app.lessons.state import course


def test_every_step_is_covered_by_a_chosen_step_with_at_least_as_much_on_it():
    """Every step in either language, by a step the browser visits in one of them."""
    cases = all_cases("en") + all_cases("es")
    picked = chosen("en") + chosen("es")
    assert len(cases) == 2 * sum(len(lesson.steps) for lesson in course()[0])
    for case in cases:
        assert any(dominated(case, by) for by in picked), case
    assert len(picked) <= len(cases) // 8  # the point: a fraction of the course


def test_the_chosen_steps_hold_the_longest_text_the_most_players_and_open_piles_of_each_kind():
    cases = all_cases("en") + all_cases("es")
    picked = chosen("en") + chosen("es")
    for kind in {case.kind for case in cases}:
        mine = [case for case in cases if case.kind == kind]
        for measure in range(3):
            most = max(case.measures[measure] for case in mine)
            assert any(case.kind == kind and case.measures[measure] == most for case in picked), (kind, measure)
    assert max(case.players for case in picked) == 7  # the seven-player table
    assert any(case.kind == "muggins" for case in picked)  # a walk-through (first and last move)
    assert typical(all_cases("en")) in picked and typical(all_cases("es")) in picked


def test_a_step_in_one_language_covers_a_shorter_one_in_the_other():
    """Spanish is longer, yet not everywhere: both languages keep steps to visit, and a
    step is covered across languages only by one with at least as much on it."""
    english, spanish = all_cases("en"), all_cases("es")
    assert sum(case.lines for case in spanish) > sum(case.lines for case in english)
    assert chosen("en") and chosen("es")
    longer = next(es for en, es in zip(english, spanish, strict=True) if es.lines > en.lines)
    shorter = next(en for en in english if (en.lesson, en.step) == (longer.lesson, longer.step))
    assert dominated(shorter, longer) and not dominated(longer, shorter)


def test_extremes_are_the_undominated_ones():
    def case(step: str, lines_: int, players: int, open_piles: int = 0, kind: str = "place") -> Case:
        return Case("l", step, kind, "en", lines_, players, open_piles)

    long_text, many_players, both_less, same = case("a", 30, 4), case("b", 12, 7), case("c", 11, 4), case("d", 30, 4)
    other_kind = case("e", 5, 4, kind="call")
    assert extremes([long_text, many_players, both_less, same, other_kind]) == [long_text, many_players, other_kind]
    assert lines("x" * 44, "\n\n" + "y" * 45) == 3
