"""The rules kernel (issue 18): the one implementation of §priority, checked against an
independent reading of docs/rules.md (written here, plainly), against the benchmark floor
(benchmarks/floor.py, the plain source rules) and through the teaching engine that uses it."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial.engine import DealCode, deal, legal_destinations, play_turn, turn_up
from tutorial.engine.kernel import EMPTY, destinations, discard, seat_of
from tutorial.engine.position import Common, Discard
from tutorial.engine.variants import VARIANTS, Opponents, RuleOptions
from tutorial.explore.bench import load_floor
from tutorial.explore.lean import Table, play

any_rules = st.builds(RuleOptions, wrap=st.booleans(), common_priority=st.booleans(),
                      opponents=st.sampled_from(list(Opponents)), opponent_optional=st.booleans())


def read_from_the_rule_book(rank, common_tops, discard_tops, mover, rules):
    """§priority and V1/V2 as docs/rules.md and the rules page say them. ``discard_tops``: a rank or
    ``None`` (empty) per seat. Destinations as ``("common", index)`` / ``("discard", seat)``."""
    def fits(a, b):
        return abs(a - b) == 1 or (rules.wrap and {a, b} == {1, 13})

    players = len(discard_tops)
    commons = [("common", index) for index, top in enumerate(common_tops) if fits(rank, top)]
    clockwise = [(mover + step) % players for step in range(1, players)]
    opponents = [("discard", seat) for seat in clockwise if discard_tops[seat] is not None and fits(rank, discard_tops[seat])]
    if rules.opponents == "nearest":
        opponents = opponents[:1]
    own = [("discard", mover)]
    if commons and rules.common_priority:
        return commons
    if commons:
        return commons + opponents
    if opponents:
        return opponents + own if rules.opponent_optional else opponents
    return own


def plain(dest):
    return ("common", dest) if dest >= 0 else ("discard", seat_of(dest))


@settings(max_examples=600, deadline=None)
@given(rules=st.one_of(st.sampled_from([v.rules for v in VARIANTS.values()]), any_rules), rank=st.integers(1, 13),
       common_tops=st.lists(st.integers(1, 13), min_size=1, max_size=9),
       discard_tops=st.lists(st.one_of(st.none(), st.integers(1, 13)), min_size=3, max_size=8), data=st.data())
@pytest.mark.no_cover  # a long run over code the other tests cover: without coverage's tracer, half the time
def test_the_kernel_reads_priority_as_the_rule_book_does(rules, rank, common_tops, discard_tops, data):
    mover = data.draw(st.integers(0, len(discard_tops) - 1))
    around = [(mover + step) % len(discard_tops) for step in range(1, len(discard_tops))]
    found = destinations(rank, common_tops, [EMPTY if top is None else top for top in discard_tops], around, mover, rules)
    assert [plain(dest) for dest in found] == read_from_the_rule_book(rank, common_tops, discard_tops, mover, rules)


def test_destination_ints():
    assert discard(0) == -1 and seat_of(discard(5)) == 5 and all(discard(seat) < 0 for seat in range(8))
    assert destinations(7, [2, 8], [EMPTY, EMPTY, EMPTY], [1, 2], 0) == [1]
    assert destinations(7, [2, 3], [EMPTY, 6, 8], [1, 2], 0) == [discard(1)]
    assert destinations(7, [2, 3], [EMPTY, EMPTY, EMPTY], [1, 2], 0) == [discard(0)]  # an empty discard fits nothing
    assert destinations(1, [13], [EMPTY] * 3, [1, 2], 0, RuleOptions(wrap=True)) == [0]


@settings(max_examples=60, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 10**9 - 1))
def test_the_kernel_plays_as_the_independent_floor(players, seed):
    """The lean path (every card placed by the kernel) and the floor (benchmarks/floor.py, its own
    plain §priority) play the same hand: the same turns and every pile the same at the end."""
    floor = load_floor()
    by_kernel, by_floor = Table.deal(players, seed), Table.deal(players, seed)
    turns = play(by_kernel, max_turns=2000).turns
    assert floor(by_floor, 2000, True) == turns
    assert (by_kernel.stocks, by_kernel.discards) == (by_floor.stocks, by_floor.discards)


@settings(max_examples=80, deadline=None)
@given(variant=st.sampled_from(list(VARIANTS)), seed=st.integers(0, 10**9 - 1), turns=st.integers(0, 60))
def test_the_teaching_engine_asks_the_kernel_and_names_its_answer(variant, seed, turns):
    """``legal_destinations`` gives the rule book's destinations as ``Common``/``Discard`` values,
    and its ``rule`` says which step decided them."""
    rules = VARIANTS[variant].rules
    position, _dealer = deal(DealCode(rules.player_counts[0], seed), rules=rules)
    for _ in range(turns):
        record = play_turn(position, rules=rules)
        if record.finished:
            break
        position = record.after
    turned = turn_up(position)
    if turned.card is None:
        return
    after = turned.position
    legal = legal_destinations(after, turned.card, rules)
    expected = read_from_the_rule_book(turned.card.rank, [pile[-1].rank for pile in after.commons],
                                       [pile[-1].rank if pile else None for pile in after.discards], after.to_move, rules)
    assert list(legal.dests) == [Common(index + 1) if what == "common" else Discard(after.players[index])
                                 for what, index in expected]
    first = expected[0]
    assert legal.rule == ("common-pile" if first[0] == "common" else
                          "own-discard" if first[1] == after.to_move else "nearest-opponent")
