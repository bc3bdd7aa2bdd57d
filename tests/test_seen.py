"""Issue 37 § 5 (R13): what the whole table has seen of the closed stocks
(tutorial/engine/seen.py): a discard turned over and penalty cards named as they are given keep
their places; only the cards nobody has seen are unknown."""

from __future__ import annotations

import pytest

from tutorial.engine.bots import all_destinations
from tutorial.engine.deal import DealCode, deal
from tutorial.engine.errors import PositionError
from tutorial.engine.posfile import loads
from tutorial.engine.position import Dest
from tutorial.engine.rules import complete_turn, legal_destinations, play_turn, turn_up
from tutorial.engine.seen import Seen


def test_a_bare_position_tells_nothing_seen_and_a_recycle_makes_the_whole_stock_seen():
    position = loads("""players = ["A", "B", "C"]
to_move = "A"
commons = [["5C"], ["7C"]]
[stocks]
B = ["10S", "2H"]
C = ["10H", "2D"]
[discards]
A = ["6S", "4H", "KD"]
""")
    seen = Seen.nothing(position)
    assert seen.unseen == (0, 2, 2) and seen.seen_count(position) == 0
    record = complete_turn(turn_up(position), Dest.common(2))  # A turns the discard over, then 6♠
    after = seen.after(position, record.events).check(record.after)
    assert after.unseen == (0, 2, 2)
    assert after.known(record.after, 0) == record.after.stocks[0]
    assert [str(card) for card in after.known(record.after, 0)] == ["4H", "KD"]
    assert after.hidden(record.after, 1) == record.after.stocks[1] and after.seen_count(record.after) == 2
    # B turns 10♠ (unseen until then) and plays it: one unseen card fewer, none seen added
    turn = play_turn(record.after)
    assert after.after(record.after, turn.events).unseen == (0, 1, 2)


def test_penalty_cards_named_as_given_are_seen_under_the_offenders_stock():
    position, _dealer = deal(DealCode(4, 1))
    seen = Seen.nothing(position)
    turned = turn_up(position)
    legal = legal_destinations(turned.position, turned.card)
    wrong = next(dest for dest in all_destinations(turned.position) if dest not in legal)
    record = complete_turn(turned, wrong, called=True)
    assert len(record.penalty) == 3
    after = seen.after(position, record.events).check(record.after)
    mover = position.to_move
    sizes = [len(stock) for stock in position.stocks]
    # the mover turned one unseen card up; each donor gave its top one; the three gifts lie seen beneath
    assert after.unseen[mover] == sizes[mover] - 1
    assert all(after.unseen[seat] == sizes[seat] - 1 for seat in range(4) if seat != mover)
    assert list(after.known(record.after, mover)) == [gift.card for gift in record.penalty]


@pytest.mark.parametrize("unseen", [(1, 2), (0, 0, -1), (0, 0, True), [0, 0, 0], (0,) * 9, (0, 0, 0.5)])
def test_impossible_counts_are_refused(unseen):
    with pytest.raises(PositionError) as caught:
        Seen(unseen)
    assert caught.value.code == "bad-field" and caught.value.params["field"] == "unseen"


def test_a_count_that_does_not_fit_the_position_is_refused():
    position, _dealer = deal(DealCode(3, 1))
    with pytest.raises(PositionError):
        Seen((0, 0, 0, 0)).check(position)
    with pytest.raises(PositionError):
        Seen((18, 0, 0)).check(position)
    assert Seen((17, 0, 3)).check(position).seen_count(position) == 0 + 17 + 14  # the seen cards: below the unseen ones
