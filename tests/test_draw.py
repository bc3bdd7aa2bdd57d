"""Cards drawn with Pillow: sizes, colours, and that different cards look different."""

from tutorial.draw.cards import ASPECT, FOUR_COLOUR, INK, card_back, card_face, empty_place
from tutorial.engine import FULL_DECK, Card


def colours(image):
    return {colour for _count, colour in image.convert("RGB").getcolors(maxcolors=1 << 16)}


def test_sizes_are_the_display_size_times_the_scale():
    face = card_face(Card.parse("6H"), 80, scale=2)
    assert face.size == (160, round(80 * ASPECT) * 2)
    assert card_back(50, scale=3).size == (150, round(50 * ASPECT) * 3) == empty_place(50, scale=3).size


def test_red_suits_have_red_ink_and_black_suits_none():
    assert INK["H"] in colours(card_face(Card.parse("6H"))) and INK["H"] not in colours(card_face(Card.parse("6S")))
    four = card_face(Card.parse("6C"), four_colour=True)
    assert FOUR_COLOUR["C"] in colours(four) and FOUR_COLOUR["C"] not in colours(card_face(Card.parse("6C")))


def test_every_card_of_the_pack_looks_different():
    pictures = {card_face(card, 40).tobytes() for card in FULL_DECK}
    assert len(pictures) == 52
