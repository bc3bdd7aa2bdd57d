"""The practice game without the interface: replay, URL moves, stale clicks."""

import pytest

from tutorial.engine import DealCode, Dest, PositionError
from tutorial.practice import PracticeGame, decode_moves, encode_moves, restore


def test_moves_round_trip():
    decisions = ["common:1", "discard:B", "common:12", "discard:A"]
    assert decode_moves(encode_moves(decisions)) == decisions
    for bad in ["x1", "c", "c1..c2", "c²"]:
        with pytest.raises(PositionError):
            decode_moves(bad)


def test_a_stale_click_is_ignored():
    game = PracticeGame(DealCode(4, 5))
    turn = game.hand.turns
    dest = game.hand.legal().dests[0]
    assert game.play_on_turn(dest, turn) is not None
    before = (list(game.decisions), game.hand.position, game.hand.turns)
    assert game.play_on_turn(Dest.discard("A"), turn) is None  # the second half of a double click
    assert (list(game.decisions), game.hand.position, game.hand.turns) == before


def test_restore_rebuilds_the_same_game():
    game = PracticeGame(DealCode(4, 11))
    for _ in range(5):
        if game.hand.over:
            break
        game.play(game.hand.legal().dests[-1])
    again = restore("4-11", encode_moves(game.decisions))
    assert again.hand.position == game.hand.position and again.decisions == game.decisions


def test_restore_refuses_bad_seats_and_impossible_moves():
    with pytest.raises(PositionError) as info:
        restore("3-1", "", "D")
    assert info.value.code == "bad-seat"
    with pytest.raises(PositionError) as info:
        restore("4-1", "c9")
    assert info.value.code == "bad-dest"
    assert restore("7-1", "", "g").learner == "G"


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_every_table_size_plays_to_the_end_from_any_seat(players):
    seat = players - 1
    game = PracticeGame(DealCode(players, 99), seat)
    while not game.hand.over:
        game.play(game.hand.legal().dests[0])
    assert game.hand.outcome.result in ("win", "draw")
    assert restore(f"{players}-99", encode_moves(game.decisions), "ABCDEFG"[seat]).hand.position == game.hand.position


def test_undo_replays_without_the_last_placement():
    game = PracticeGame(DealCode(4, 3))
    first = game.hand.position, game.hand.turned
    game.play(game.hand.legal().dests[0])
    back = game.undone()
    assert back.decisions == [] and (back.hand.position, back.hand.turned) == first
    with pytest.raises(PositionError):
        back.undone()
