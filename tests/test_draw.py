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


# ----- the seat-true table ------------------------------------------------------------------
import itertools  # noqa: E402

import pytest  # noqa: E402

from tutorial.draw.layout import TALL, WIDE, layout  # noqa: E402
from tutorial.draw.picture import png, render  # noqa: E402
from tutorial.draw.scene import LEGAL, TableScene, items  # noqa: E402
from tutorial.engine import COUNTS, Common, DealCode, deal  # noqa: E402


def overlap(a, b):
    return a.left < b.left + b.w and b.left < a.left + a.w and a.top < b.top + b.h and b.top < a.top + a.h


@pytest.mark.parametrize("shape", [WIDE, TALL])
@pytest.mark.parametrize("players", sorted(COUNTS))
def test_seats_go_clockwise_from_the_bottom_and_nothing_overlaps(players, shape):
    for bottom in range(players):
        places = layout(players, COUNTS[players][1], bottom, shape)
        first = places.seats[0]
        assert first.seat == bottom and first.stock.y > 0.6  # the learner at the bottom
        left_neighbour = places.seat((bottom + 1) % players)
        assert left_neighbour.stock.x < 0.5  # the player on your left is drawn on your left
        right_neighbour = places.seat((bottom - 1) % players)
        assert right_neighbour.stock.x > 0.5
        boxes = list(places.commons) + [box for seat in places.seats for box in (seat.stock, seat.discard, seat.turned)]
        for box in boxes:
            assert box.left >= 0 and box.left + box.w <= 1 and box.top >= 0 and box.top + box.h <= 1
        cards = list(places.commons) + [box for seat in places.seats for box in (seat.stock, seat.discard)]
        for a, b in itertools.combinations(cards, 2):
            assert not overlap(a, b)
        for seat in places.seats:
            others = [box for box in cards if box not in (seat.stock, seat.discard)] + [seat.stock, seat.discard]
            assert not any(overlap(seat.turned, box) for box in others if box in places.commons or box in (seat.stock, seat.discard))


def test_the_picture_shows_the_table_and_changes_when_a_pile_changes():
    position, dealer = deal(DealCode(4, 5))
    scene = TableScene(position, labels={0: "A (you)"}, dealer=dealer, mover=position.to_move)
    first = render(scene, width=800)
    assert first.size == (800, 512)
    marked = render(TableScene(position, labels={0: "A (you)"}, marks={Common(1): LEGAL}), width=800)
    assert first.tobytes() != marked.tobytes()
    assert png(first)[:8] == b"\x89PNG\r\n\x1a\n"
    with_caption = render(scene, width=800, caption=["A is to move."])
    assert with_caption.height > first.height
    kinds = [item.kind for item in items(scene, layout(4, 4))]
    assert kinds.count("common") == 4 and kinds.count("discard") == 4 and kinds.count("stock") == 4 and kinds.count("label") == 4
