import pytest

from tutorial.engine import FULL_DECK, Card, CardError
from tutorial.engine.cards import fits


@pytest.mark.parametrize(
    "text, canonical, symbol",
    [("6H", "6H", "6♥"), ("10S", "10S", "10♠"), ("TS", "10S", "10♠"), ("6♥", "6H", "6♥"),
     ("10♠", "10S", "10♠"), ("ah", "AH", "A♥"), (" kc ", "KC", "K♣"), ("q♦", "QD", "Q♦"), ("t♡", "10H", "10♥")],
)
def test_parse_forms(text, canonical, symbol):
    card = Card.parse(text)
    assert str(card) == canonical
    assert card.symbol == symbol


def test_round_trip_whole_deck():
    assert len(set(FULL_DECK)) == 52
    for card in FULL_DECK:
        assert Card.parse(str(card)) == card
        assert Card.parse(card.symbol) == card


@pytest.mark.parametrize("text", ["", "1H", "11S", "6X", "HH", "10", "6HH", "♥6", "ZZ"])
def test_unknown_text_names_the_text(text):
    with pytest.raises(CardError) as info:
        Card.parse(text)
    assert info.value.text == text
    assert repr(text) in str(info.value)


def test_fitting_is_rank_adjacency_without_wrap():
    c = Card.parse
    assert fits(c("AH"), c("2S")) and fits(c("QD"), c("KC")) and fits(c("10C"), c("JC"))
    assert not fits(c("KH"), c("AH"))  # no wrap
    assert not fits(c("7H"), c("7S"))  # equal ranks never fit
    assert not fits(c("5H"), c("7H"))
    assert c("6H").fits(c("5C")) and c("6H").fits(c("7D"))
