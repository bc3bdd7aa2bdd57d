"""Property tests: cards are conserved, hands end, recycling keeps order."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial.engine import COUNTS, FULL_DECK, DealCode, Dest, deal, playout, recycle, turn_up
from tutorial.engine.events import apply
from tutorial.engine.hand import Hand
from tutorial.engine.position import Position

deals = st.builds(DealCode, st.sampled_from(sorted(COUNTS)), st.integers(0, 10**9 - 1))


def all_dests(position: Position) -> list[Dest]:
    return [Dest.common(n) for n in range(1, len(position.commons) + 1)] + [Dest.discard(p) for p in position.players]


@settings(max_examples=60, deadline=None)
@given(code=deals, choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=150), calls=st.lists(st.booleans(), min_size=1, max_size=150))
def test_random_placements_and_calls_conserve_every_card(code, choices, calls):
    position, _ = deal(code)
    hand = Hand(position, max_turns=None)
    for turn, choice in enumerate(choices):
        if hand.over:
            break
        turned = hand.turn_up()
        if turned is None:
            continue
        dests = all_dests(turned.position)
        record = hand.play(dests[choice % len(dests)], called=calls[turn % len(calls)])
        cards = Counter(record.after.all_cards())
        assert all(count == 1 for count in cards.values()), "a card was duplicated"
        assert set(cards) == set(FULL_DECK), "a card was created or lost"
        assert all(pile for pile in record.after.commons)
        if record.called:
            assert record.placed in record.judgement.legal
            assert len(record.penalty) <= len(position.players) - 1
        # the events are the whole story: applied one by one to the start of the turn they give its end
        replayed = record.before
        for event in record.events:
            replayed = apply(replayed, event)
        assert replayed == record.after
        kinds = [type(event).__name__ for event in record.events]
        assert kinds[-1] in ("Finished", "NextPlayer") and kinds.count("Placed") == 1
        assert kinds.count("PenaltyCard") == len(record.penalty) and ("Called" in kinds) == record.called


@settings(max_examples=40, deadline=None)
@given(code=deals)
def test_rule_perfect_hand_ends_in_win_or_draw(code):
    position, _ = deal(code)
    outcome = playout(position)
    assert outcome.result in ("win", "draw")
    if outcome.result == "win":
        assert outcome.reason == "finished" and outcome.winner in position.players
    else:
        assert outcome.reason == "repetition" and outcome.winner is None
    assert outcome.turns >= 1


@given(st.lists(st.sampled_from(FULL_DECK), unique=True, min_size=1, max_size=30))
def test_recycling_preserves_order(discard):
    position = Position.build(["A", "B", "C"], "A", [[c] for c in FULL_DECK if c not in discard][:1], {}, {"A": discard})
    after = recycle(position, 0)
    assert list(after.stock_of("A")) == discard
    # turning up takes them in the discard's bottom-to-top order
    taken = []
    pos = position
    for _ in discard:
        t = turn_up(pos)
        taken.append(t.card)
        pos = t.position
    assert taken == discard
