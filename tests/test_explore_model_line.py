"""Issue 20: the position lab's branching play (tutorial/app/explore/model_line.py and its
actions on the lab's screen model): any pile played as the engine plays it, the events kept, the
tree of lines, the move list and moving along it."""

from __future__ import annotations

from tutorial.app.explore.model_line import Line, LineState
from tutorial.app.explore.model_position import PositionLab, PositionLabState
from tutorial.engine.bots import all_destinations
from tutorial.engine.deal import DealCode, deal
from tutorial.engine.events import Called, Corrected, Placed
from tutorial.engine.posfile import dumps
from tutorial.engine.rules import legal_destinations, turn_up
from tutorial.narrate import narrator

START = deal(DealCode(4, 1))[0]
TEXT = dumps(START)


def right_and_wrong(position):
    turned = turn_up(position)
    legal = legal_destinations(turned.position, turned.card)
    wrong = next(d for d in all_destinations(turned.position) if d not in legal.dests)
    return str(legal.dests[0]), str(wrong)


def test_a_wrong_pile_is_played_as_the_engine_plays_it_and_the_line_goes_on():
    line = Line(LineState(), TEXT, START, narrator("en"))
    _right, wrong = right_and_wrong(START)
    assert line.play(wrong)
    record = line.state.moves[(wrong,)]
    kinds = [type(event) for event in record.events]
    assert Placed in kinds and Called in kinds and Corrected in kinds and record.penalty  # the engine's events kept
    assert line.position() == record.after and line.position().mover != START.mover
    assert line.entries()[0].wrong and line.entries()[0].text.endswith("— Muggins!")
    following, _wrong = right_and_wrong(line.position())
    assert line.play(following)
    assert [entry.number for entry in line.entries()] == [1, 2] and line.entries()[1].current


def test_branches_back_forward_the_slider_and_any_earlier_move():
    line = Line(LineState(), TEXT, START, narrator("en"))
    right, wrong = right_and_wrong(START)
    line.play(wrong)
    second, _ = right_and_wrong(line.position())
    line.play(second)
    line.go(())
    assert line.position() == START and line.can_forward() and not line.can_back()
    line.forward()
    line.forward()
    assert line.at == (wrong, second) and not line.can_forward()
    line.go(())
    line.play(right)  # a branch at the start
    entries = line.entries()
    assert [entry.path for entry in entries] == [(right,)]
    assert entries[0].branches == (((wrong,), line.move_text(line.state.moves[(wrong,)])),)
    line.go((wrong, second))
    assert line.position() == line.state.moves[(wrong, second)].after
    line.go_to(1)
    assert line.at == (wrong,) and line.where_words() == "Move 1 of 2."
    line.go(("nowhere",))  # an unknown path changes nothing
    assert line.at == (wrong,)
    line.go(())
    assert line.play(right) and len(line.state.branches[()]) == 2  # played again: gone to, not added
    assert not line.play("common:99") and not line.play("pass")  # a pile that is not there; no pass with a card


def test_a_new_position_starts_a_new_tree_and_a_finished_hand_stops_the_line():
    state = LineState()
    line = Line(state, TEXT, START, narrator("en"))
    right, _ = right_and_wrong(START)
    line.play(right)
    other = deal(DealCode(4, 2))[0]
    fresh = Line(state, dumps(other), other, narrator("en"))
    assert fresh.at == () and not state.moves and fresh.position() == other
    last_card = START.replace(stocks=tuple((stock[:1] if seat == START.to_move else stock)
                                           for seat, stock in enumerate(START.stocks)),
                              discards=tuple(() if seat == START.to_move else pile
                                             for seat, pile in enumerate(START.discards)))
    ending = Line(LineState(), dumps(last_card), last_card, narrator("en"))
    finishing, _ = right_and_wrong(last_card)
    assert ending.play(finishing) and ending.over() and not ending.can_play()
    assert ending.outcome_words().startswith(f"{last_card.mover} placed their last card correctly and wins the hand")


def test_the_lab_plays_the_pile_clicked_and_examines_the_position_it_leaves():
    state = PositionLabState()
    lab = PositionLab(state, narrator("es"))
    _right, wrong = right_and_wrong(lab.shown())
    assert not lab.can_play_picked()
    lab.pick(wrong)
    assert lab.can_play_picked()
    lab.play_picked()
    lab = PositionLab(state, narrator("es"))  # the next run of the page
    assert lab.examined() == state.line.moves[(wrong,)].after and state.picked is None
    assert lab.examination().table is not None and lab.file_text() == dumps(lab.examined())
    assert lab.line().entries()[0].text.endswith("¡Muggins!")
    lab.move_line("back")
    assert PositionLab(state, narrator("es")).examined() == lab.shown()


def test_the_playout_with_players_who_make_errors():
    """Issue 20: playouts with error-making players, not only rule-perfect ones (seeded)."""
    from tutorial.app.explore.model_playout import play_out

    perfect, _outcome = play_out(TEXT)
    careless, _ = play_out(TEXT, True)
    assert all(r.judgement is None or r.judgement.ok for r in perfect)
    wrong = [r for r in careless if r.judgement is not None and not r.judgement.ok]
    assert wrong and any(r.called for r in wrong) and play_out(TEXT, True)[0] == careless  # the same each time
    state = PositionLabState()
    lab = PositionLab(state, narrator("en"))
    state.playout.turn = 3
    lab.set_careless(True)
    assert state.playout.turn == 0 and PositionLab(state, narrator("en")).playout.view().lines[0].startswith(
        "The start. Each step plays one turn as a player who misplaces 15% of their cards")


def test_left_and_right_keys_step_along_the_line_each_press_once():
    line = Line(LineState(), TEXT, START, narrator("en"))
    _right, wrong = right_and_wrong(START)
    line.play(wrong)
    second, _ = right_and_wrong(line.position())
    line.play(second)
    line.keys({"epoch": "abc", "total": 2, "log": "bb"})
    assert line.at == ()
    line.keys({"epoch": "abc", "total": 2, "log": "bb"})  # the same count again: nothing new
    assert line.at == ()
    line.keys({"epoch": "abc", "total": 3, "log": "bbn"})
    assert line.at == (wrong,)
    line.keys({"epoch": "abc", "total": 9, "log": "<script>"})  # not presses: nothing
    assert line.at == (wrong,)


def test_the_move_on_show_is_told_with_its_call_correction_and_penalty():
    line = Line(LineState(), TEXT, START, narrator("en"))
    assert line.happened() == []
    _right, wrong = right_and_wrong(START)
    line.play(wrong)
    said = line.happened()
    record = line.state.moves[(wrong,)]
    assert len(said) == 2 + len(record.penalty) and said[0] == narrator("en").judgement(record.judgement, record.judged_in)
    assert all("gives" in text and "closed stock" in text for text in said[2:]), said


def test_a_full_tree_is_said_and_plays_no_more():
    from tutorial.app.explore import model_line

    line = Line(LineState(), TEXT, START, narrator("en"))
    right, _wrong = right_and_wrong(START)
    assert line.full_words() is None
    original = model_line.MAX_MOVES
    model_line.MAX_MOVES = 1
    try:
        line.play(right)
        assert line.full() and not line.can_play() and "the most the lab keeps" in line.full_words()
    finally:
        model_line.MAX_MOVES = original
