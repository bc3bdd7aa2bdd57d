"""The position lab's *Which choice is better?* screen model (issue 20), without Streamlit:
settings, the actions, the run through the server's line, the results in words and as a table."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutorial.app.explore.model_evaluation import (
    ChoiceEvaluation,
    EvaluationSettings,
    EvaluationState,
)
from tutorial.app.explore.model_line import Line, LineState
from tutorial.app.explore.model_variant import Phase, ResultStore
from tutorial.engine.deal import DealCode, deal
from tutorial.engine.posfile import dumps, loads
from tutorial.engine.seen import Seen
from tutorial.explore.queue import StudyQueue
from tutorial.narrate import narrator

OBVIOUS = (Path(__file__).parent / "positions" / "pile-two-wins.toml").read_text(encoding="utf-8")


def model(text: str = OBVIOUS, lang: str = "en", state: EvaluationState | None = None,
          store: ResultStore | None = None) -> ChoiceEvaluation:
    position = loads(text)
    return ChoiceEvaluation(state if state is not None else EvaluationState(), position, dumps(position),
                            narrator(lang), store if store is not None else ResultStore())


def run(found: ChoiceEvaluation, queue: StudyQueue | None = None, pause=lambda seconds: None) -> list:
    shown = []
    assert found.plan() is Phase.ASKED
    assert found.simulate(queue or StudyQueue(), "me", shown.append, pause, workers=1)
    found.finished_run()
    return shown


@pytest.mark.parametrize("name, value, expected", [
    ("hands", 1800, 2000), ("hands", 10**9, 5000), ("hands", -5, 200), ("hands", "x", 1000),
    ("errors", 99, 30), ("errors", -1, 0), ("alert", 150, 100), ("alert", "7", 7), ("nope", 3, None)])
def test_settings_are_brought_into_range(name, value, expected):
    changed = EvaluationSettings().changed(name, value)
    if expected is None:
        assert changed == EvaluationSettings()
    else:
        assert getattr(changed, name) == expected
    assert EvaluationSettings(errors=10, alert=50).spec().error_rate == 0.1


def test_evaluate_runs_through_the_line_and_shows_a_row_per_correct_pile_and_one_for_the_wrong_ones():
    found = model()
    found.set("hands", 200)
    assert found.plan() is Phase.IDLE and found.words() is None and found.can_evaluate()
    found.evaluate()
    shown = run(found)
    assert shown[-1] is None and any(progress and progress.phase is Phase.RUNNING and progress.done == 1.0
                                     for progress in shown)
    assert found.plan() is Phase.DONE and not found.can_stop()
    heading, summary, method = found.words()
    assert heading == "A's chance of winning the hand after each pile:"
    assert summary.startswith("Common pile 2 (9♣) is better") and "200" in method
    headings, rows = found.table()
    assert list(headings.values()) == ["Pile", "Verdict", "Penalty cards", "Wins (95% interval)",
                                       "Against the best pile"]
    assert [(row.pile, row.verdict, row.penalty) for row in rows] == [
        ("Common pile 1 (7♣)", "correct", ""), ("Common pile 2 (9♣)", "correct", ""),
        ("Any of the 4 wrong piles", "Muggins!, corrected to common pile 1 (7♣)", "2")]
    assert rows[0].chance == "0.0% (0.0%–1.9%)" and rows[1].chance == "100.0% (98.1%–100.0%)" and rows[1].versus == "best"
    assert rows[0].versus.startswith("100 points lower (")


def test_the_same_request_is_not_played_again_and_other_sessions_reuse_it():
    store = ResultStore()
    first = model(store=store)
    first.evaluate()
    run(first)
    other = model(store=store, lang="es")
    other.evaluate()
    assert other.plan() is Phase.DONE  # kept for everyone: nothing to play
    assert other.words()[1].startswith("La pila común 2 (9♣) es mejor")
    assert [row.pile for row in other.table()[1]][-1] == "Cualquiera de las 4 pilas equivocadas"


def test_a_run_cut_short_is_said_once_and_never_restarted_by_itself_and_stop_keeps_nothing():
    found = model()
    found.evaluate()
    assert found.plan() is Phase.ASKED  # the run starts … and is cut short by another click
    assert found.plan() is Phase.INTERRUPTED and found.state.request is None
    assert "interrupted by another click" in found.take_said() and found.take_said() is None
    found.evaluate()
    assert found.can_stop()
    found.stop()
    assert found.plan() is Phase.IDLE and found.take_said().startswith("Stopped.")
    assert not found.can_stop()


def test_waiting_for_another_study_is_said_then_it_runs():
    queue = StudyQueue()
    other = queue.join("someone else", 10_000)
    found = model()
    found.set("hands", 200)
    found.evaluate()
    shown = run(found, queue, pause=lambda seconds: queue.leave(other))
    assert shown[0].phase is Phase.QUEUED and "Yours starts after 1 other study" in shown[0].text
    assert len(queue) == 0 and found.result() is not None


def test_results_belong_to_their_position_and_settings():
    state = EvaluationState()
    store = ResultStore()
    found = model(state=state, store=store)
    found.set("hands", 200)
    found.evaluate()
    run(found)
    found.set("hands", 500)  # the settings' form is sent with its button: the numbers on show stay those asked for
    assert found.result() is not None and found.result().spec.hands == 200
    elsewhere = model(dumps(deal(DealCode(4, 1))[0]), state=state, store=store)
    assert elsewhere.result() is None and elsewhere.words() is None
    assert elsewhere.simulate(StudyQueue(), "me", lambda progress: None, lambda seconds: None) is False


def test_a_mover_with_nothing_to_turn_has_no_choice_to_evaluate():
    text = OBVIOUS.replace('A = ["8S"]', "A = []").replace('A = ["KH"]', "A = []")
    found = model(text)
    assert not found.can_evaluate() and "no card to turn" in found.no_evaluation_reason()
    found.evaluate()
    assert found.state.request is None


def test_evaluate_during_a_run_asks_again_with_the_new_settings():
    found = model()
    found.evaluate()
    assert found.plan() is Phase.ASKED  # running … when the learner changes the playouts and asks again
    found.set("hands", 200)
    found.evaluate()
    assert found.plan() is Phase.ASKED and found.state.request[1].hands == 200


def test_the_chart_has_a_bar_per_row_of_the_table_with_its_interval():
    found = model(lang="es")
    found.set("hands", 200)
    found.evaluate()
    run(found)
    rows, words = found.chart()
    assert [row["pile"] for row in rows] == [row.pile for row in found.table()[1]]
    assert [row["kind"] for row in rows] == ["correcta", "correcta", "¡Muggins!"] and words["kind"] == "Veredicto"
    assert rows[1]["rate"] == 1.0 and rows[1]["low"] < 1.0 and rows[0]["chance"].startswith("0,0\u00a0%")


def test_the_lab_evaluates_with_what_its_line_of_play_showed():
    """Issue 37 § 5 (R13): A turns the discard over on the line's first move, so when A's turn comes
    again the order of A's stock is known, and the evaluation keeps it; the bare position does not
    tell it (another result, kept apart in the store)."""
    text = (Path(__file__).parent / "positions" / "recycled-order.toml").read_text(encoding="utf-8")
    text = text.replace('commons = [["5C"], ["7C"]]', 'commons = [["5C"], ["7C"], ["QD"]]').replace(
        'A = ["6S", "4H"]', 'A = ["KH", "6S", "4H"]')
    base = loads(text)
    line = Line(LineState(), dumps(base), base, narrator("en"))
    assert line.seen() == Seen((0, 2, 2))
    for dest in ("common:3", "discard:B", "discard:C"):  # A: K♥ on Q♦ (from the turned-over discard); B, C: a 10 each
        assert line.play(dest)
    examined = line.position()
    assert examined.mover == "A" and [str(card) for card in examined.stocks[0]] == ["6S", "4H"]
    assert line.seen() == Seen((0, 1, 1))
    store = ResultStore()
    found = ChoiceEvaluation(EvaluationState(), examined, dumps(examined), narrator("en"), store, seen=line.seen())
    found.set("hands", 200)
    found.evaluate()
    assert found.state.request[2] == Seen((0, 1, 1))
    run(found)
    assert [choice.wins for choice in found.result().correct] == [0, 200]
    assert found.words()[2].endswith("Here the table had seen 1 card of the closed stocks (a discard turned over, a "
                                      "penalty card named as it was given): it kept its place in every playout.")
    bare = ChoiceEvaluation(EvaluationState(), examined, dumps(examined), narrator("en"), store)
    assert bare.key()[2] is None and bare.result() is None
    bare.set("hands", 200)
    bare.evaluate()
    run(bare)
    assert bare.result().correct[1].wins < 200 and bare.result().known == 0
