"""The narrator: one point of view everywhere, in both languages."""

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial.engine import COUNTS, DealCode, Dest, deal
from tutorial.engine.hand import Hand
from tutorial.narrate import Narrator

deals = st.builds(DealCode, st.sampled_from(sorted(COUNTS)), st.integers(0, 10**9 - 1))


def played_records(code, seed, turns=60):
    """Records of a hand played with random placements, random calls and random callers."""
    rng = random.Random(seed)
    hand = Hand(deal(code)[0], max_turns=None)
    records = []
    while len(records) < turns and not hand.over:
        turned = hand.turn_up()
        if turned is None:
            if hand.records:
                records.append(hand.records[-1])
            continue
        position = turned.position
        dests = [Dest.common(n) for n in range(1, len(position.commons) + 1)] + [Dest.discard(p) for p in position.players]
        legal = hand.legal().dests
        dest = rng.choice(dests) if rng.random() < 0.5 else legal[0]
        caller = rng.choice([p for p in position.players if p != position.mover] + [None])
        records.append(hand.play(dest, called=rng.random() < 0.5, caller=caller))
    return records


def everything_said(n, record):
    said = [n.turn_line(record), *(sentence for _event, _after, sentence in n.steps(record))]
    if record.judgement is not None:
        said += [n.judgement(record.judgement, record.judged_in, reveal=True),
                 n.judgement(record.judgement, record.judged_in, reveal=False)]
    if record.called:
        said += [n.correction(record, record.judged_in), *n.penalty_lines(record), n.penalty_summary(record)]
    return said


@settings(max_examples=40, deadline=None)
@given(code=deals, seed=st.integers(0, 2**32), lang=st.sampled_from(["en", "es"]), pick=st.integers(1, 6))
def test_the_learners_seat_is_always_told_in_the_second_person(code, seed, lang, pick):
    records = played_records(code, seed)
    players = records[0].before.players if records else ()
    you = players[pick % (len(players) - 1) + 1] if players else "B"  # B–G: "A" is also the ace (A♠)
    n = Narrator(lang, you)
    for record in records:
        for text in everything_said(n, record):
            assert not re.search(rf"\b{you}\b", text), (you, text)


@settings(max_examples=20, deadline=None)
@given(code=deals, seed=st.integers(0, 2**32))
def test_where_nobody_is_the_learner_nobody_is_you(code, seed):
    n = Narrator("en", None)
    for record in played_records(code, seed):
        for text in everything_said(n, record):
            assert not re.search(r"\b(you|your|You|Your)\b", text), text


def test_who_called_is_named_and_the_finish_check_is_said():
    from conftest import cards

    from tutorial.engine import Position

    hand = Hand(Position.build(["A", "B", "C"], "A", [cards("5C")], {"A": cards("6H")}, {"B": cards("7D")}))
    hand.turn_up()
    record = hand.play(Dest.discard("B"), called=False)
    assert "the finish is checked" in Narrator("en").correction(record, record.judged_in)
    assert "R11" in Narrator("en", "A").turn_line(record)
    hand = Hand(Position.build(["A", "B", "C"], "A", [cards("5C")], {"A": cards("6H 2D")}, {"B": cards("7D")}))
    hand.turn_up()
    record = hand.play(Dest.discard("B"), called=True, caller="C")
    assert Narrator("en").correction(record, record.judged_in).startswith("C calls “Muggins!”")
    assert Narrator("en", "C").correction(record, record.judged_in).startswith("You call “Muggins!”")


def test_an_error_that_stood_is_said_in_the_turn_line():
    from conftest import cards

    from tutorial.engine import Position

    hand = Hand(Position.build(["A", "B", "C"], "A", [cards("5C")], {"A": cards("6H 2D")}, {"B": cards("7D")}))
    hand.turn_up()
    record = hand.play(Dest.discard("B"), called=False)
    line = Narrator("en").turn_line(record)
    assert "puts it on B's discard (7♦)" in line and "common piles come first" in line and "nobody called" in line
    assert "stands" in line


def test_king_on_ace_names_the_missing_wrap_and_equal_ranks_are_named():
    from conftest import cards

    from tutorial.engine import Position, judge, turn_up

    for top, needle in (("AC", "no wrap"), ("KC", "equal ranks")):
        position = Position.build(["A", "B", "C"], "A", [cards(top)], {"A": cards("KH")})
        turned = turn_up(position)
        verdict = judge(turned.position, turned.card, Dest.common(1))
        assert needle in Narrator("en").judgement(verdict, turned.position)


def test_a_first_wrong_answer_does_not_give_the_right_pile_away():
    from conftest import EXAMPLES

    from tutorial.engine import judge, turn_up
    from tutorial.engine.posfile import load

    turned = turn_up(load(EXAMPLES / "example-2.toml"))  # J♥: B's Q♠ comes before C's 10♣
    verdict = judge(turned.position, turned.card, Dest.discard("C"))
    assert verdict.error == "nearest-opponent"
    n = Narrator("en", "A")
    assert "B's discard" not in n.judgement(verdict, turned.position, reveal=False)
    assert "B's discard (Q♠)" in n.judgement(verdict, turned.position, reveal=True)


def test_sections_are_named_by_number_and_title_never_by_id():
    """Issue 17: «§deal · Cartas…» and bare ``§variants``/``§glossary`` in explanations."""
    assert Narrator("es").section("§variants") == "§\u00a09 «En otras mesas se juega de otra manera»"
    assert Narrator("es").section("§glossary").startswith("§\u00a010 «")
    assert Narrator("en").section("§priority") == "§\u00a04 “Where the turned card must go”"
    assert Narrator("en").section("§nonsense") == "§nonsense"  # unknown: as written (a test keeps the texts known)


def test_a_turned_card_is_said_the_same_in_a_caption_and_in_a_story():
    from tutorial.engine import Card
    from tutorial.engine.events import TurnedUp

    for n in (Narrator("en", "A"), Narrator("es", "A"), Narrator("es")):
        for player in ("A", "B"):
            card = Card(11, "H")
            assert n.turned_words(player, card) == n.event(TurnedUp(player, card), None)  # type: ignore[arg-type]
    assert Narrator("es").turned_words("B", Card(11, "H")) == "B gira la J♥."


def test_asking_for_words_a_pass_cannot_have_is_refused_plainly():
    """A missing card (a pass) where the sentence needs one is a ValueError, not a crash inside a format."""
    import pytest
    from conftest import cards

    from tutorial.engine import Position, legal_destinations, pass_turn

    position = Position.build(["A", "B", "C"], "A", [cards("5C")], {"A": cards("KH")})
    n = Narrator("en", "A")
    with pytest.raises(ValueError, match="turned card"):
        n.where_it_goes(None, legal_destinations(position, cards("6C")[0]), position)
    empty = Position.build(["A", "B", "C"], "A", [cards("5C")], {})
    assert "pass" in n.where_it_goes(None, legal_destinations(empty, None), empty)
    record = pass_turn(empty)
    with pytest.raises(ValueError, match="pass"):
        n.correction(record, empty)
