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


# ----- the drawn faces: large indices and a four-colour deck for every eye (issue 17) -------
import itertools  # noqa: E402

from coloraide import Color  # noqa: E402

from tutorial.draw.cards import ASPECT, FOOT, FOUR_COLOUR, PAPER, RANK_HEIGHT, card_face, rank_box  # noqa: E402

DEFICIENCIES = {"normal sight": None, "protanopia": ("protan", "machado"), "deuteranopia": ("deutan", "machado"),
                "tritanopia": ("tritan", "brettel")}
"""Full dichromacies: Machado, Oliveira and Fernandes (2009) at severity 1 for the red-green
ones, Brettel, Viénot and Mollon (1997) for tritanopia (Machado's model is not meant for it)."""


def seen_as(rgb: tuple[int, int, int], deficiency) -> Color:
    colour = Color("srgb", [value / 255 for value in rgb])
    if deficiency is None:
        return colour
    kind, method = deficiency
    return colour.filter(kind, method=method).convert("srgb").clip()


def contrast_on_paper(rgb: tuple[int, int, int]) -> float:
    def linear(value: float) -> float:
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    def luminance(colour) -> float:
        r, g, b = (linear(v) for v in colour)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    return (luminance(PAPER) + 0.05) / (luminance(rgb) + 0.05)


@pytest.mark.parametrize("deficiency", list(DEFICIENCIES))
def test_the_four_suits_stay_apart_for_every_eye(deficiency):
    """Every pair of suits of the four-colour deck differs by a CIEDE2000 ΔE of at least 15
    (about three times what reads as "clearly different") with normal sight and under each
    simulated dichromacy. The old deck's hearts and clubs were 4.6 apart under deuteranopia."""
    simulated = {suit: seen_as(rgb, DEFICIENCIES[deficiency]) for suit, rgb in FOUR_COLOUR.items()}
    for a, b in itertools.combinations("SCHD", 2):
        difference = simulated[a].delta_e(simulated[b], method="2000")
        assert difference >= 15, (deficiency, a, b, round(difference, 1))


def test_the_old_four_colours_fail_the_same_check():
    """The check finds what the audit found (hearts and clubs one olive under deuteranopia)."""
    old = {"C": (18, 128, 60), "H": (196, 30, 58)}
    difference = seen_as(old["C"], DEFICIENCIES["deuteranopia"]).delta_e(seen_as(old["H"], DEFICIENCIES["deuteranopia"]),
                                                                         method="2000")
    assert difference < 15


def test_every_ink_reads_on_the_white_card():
    for suit, rgb in FOUR_COLOUR.items():
        assert contrast_on_paper(rgb) >= 4.5, suit


@pytest.mark.parametrize("text", [card.__str__() for card in FULL_DECK if card.suit == "H"])
def test_a_face_has_a_large_index_and_a_blank_foot(text):
    card = Card.parse(text)
    _left, top, right, bottom = rank_box(card, 90)
    assert bottom - top >= RANK_HEIGHT * 0.8, "the rank's figures are large"  # a Q's tail goes further
    assert right <= 0.7, "the rank stays clear of the corner suit"
    face = card_face(card, 90).convert("RGB")
    w, h = face.size
    foot = face.crop((round(w * 0.12), round(h * (1 - FOOT)), round(w * 0.88), h - 4))
    assert {colour for _count, colour in foot.getcolors(maxcolors=1 << 16)} == {PAPER}, "nothing drawn where the count goes"
    assert h == round(90 * ASPECT) * 2


# ----- cards are values, refused when built wrong (issue 18) ----------------------------------
import copy  # noqa: E402
import pickle  # noqa: E402


@pytest.mark.parametrize("rank, suit", [(99, "X"), (0, "H"), (14, "S"), (6, "X"), (6, "h"), (6, "♥"), (True, "H"),
                                        (6.0, "H"), ("6", "H"), (6, None)])
def test_a_card_that_is_not_one_of_the_52_is_refused_where_it_is_built(rank, suit):
    with pytest.raises(CardError) as info:
        Card(rank, suit)
    assert info.value.code == "unknown-card"


def test_a_card_is_a_value_not_a_tuple():
    six = Card(6, "H")
    assert six != (6, "H") and (6, "H") != six and not isinstance(six, tuple)  # noqa: SIM300 (both sides on purpose)
    assert six == Card.parse("6H") and six is Card(6, "H") and hash(six) == hash(Card.parse("6♥"))
    assert {six: 1}[Card(6, "H")] == 1 and len({*FULL_DECK, *FULL_DECK}) == 52
    with pytest.raises(AttributeError):
        six.rank = 7  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(six)) is six and copy.deepcopy(six) is six and copy.copy(six) is six
    assert repr(six) == "Card(rank=6, suit='H')" and eval(repr(six)) is six


def test_cards_order_by_rank_then_suit_and_match_by_shape():
    assert sorted([Card(10, "S"), Card(2, "H"), Card(2, "C")]) == [Card(2, "C"), Card(2, "H"), Card(10, "S")]
    assert Card(1, "S") < Card(2, "C") <= Card(2, "C") and Card(13, "C") > Card(12, "S") >= Card(12, "S")
    with pytest.raises(TypeError):
        _ = Card(2, "C") < (3, "C")  # type: ignore[operator]
    match Card(12, "D"):
        case Card(rank, "D"):
            assert rank == 12
        case _:
            pytest.fail("a card matches by rank and suit")
