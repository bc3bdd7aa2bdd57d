"""Playing cards drawn with Pillow: faces, backs as a stack, empty places.

Suits are drawn as shapes (no font on any machine has to carry ♥♠♦♣); ranks
use the scalable font Streamlit ships. Everything is drawn at ``scale`` times
the asked size and is meant to be shown at 1/``scale`` (sharp on high-density
screens). A face has *large indices*, as card games made for screens do: the rank
big in the top left corner (:data:`RANK_HEIGHT` of the card's height), the suit beside
it, a large suit below, and a blank band along the foot where a pile's count goes
(:data:`FOOT`), so nothing is ever drawn over the rank or the suit.

Colours: red and black, or the four-colour deck with ``four_colour``: spades black,
clubs green, hearts crimson, diamonds blue, chosen to stay apart under protanopia,
deuteranopia and tritanopia (tests/test_cards.py simulates them) with every ink at
least 4.5:1 on the white card. Nothing here knows about Streamlit.
"""

from __future__ import annotations

import contextlib
import os
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from ..engine.cards import Card

INK = {"S": (20, 20, 20), "C": (20, 20, 20), "H": (196, 30, 58), "D": (196, 30, 58)}
FOUR_COLOUR = {"S": (20, 20, 20), "C": (44, 86, 28), "H": (207, 42, 92), "D": (36, 107, 246)}
"""#141414, #2c561c, #cf2a5c, #246bf6: a CIEDE2000 difference of at least 17 between any two
suits with normal sight and under each of the three dichromacies (Machado et al. 2009;
Brettel et al. 1997 for tritanopia), against 4.6 for the old hearts and clubs under deuteranopia."""
PAPER = (255, 255, 255)
EDGE = (90, 90, 90)
BACK = (31, 78, 140)
BACK_LINE = (120, 160, 215)

ASPECT = 1.4
"""Card height / width."""
RANK_HEIGHT = 0.28
"""The height of a rank's figures as a share of the card's height (a "10" or a "Q" from top to
baseline): a card 55 px tall shows its rank about 15 px tall."""
FOOT = 0.24
"""The share of the card's height, along its foot, kept blank for a pile's count (and a mark)."""


@lru_cache(maxsize=1)
def font_file() -> str | None:
    """Source Sans 3 (SIL Open Font Licence), the font Streamlit ships and shows its pages in:
    it has every accent of both languages, § and the four suit symbols. ``None`` if it
    cannot be found or read (then Pillow's own font is used, which lacks accents)."""
    from importlib.util import find_spec
    from pathlib import Path

    spec = find_spec("streamlit")  # found, not imported: drawing does not need Streamlit itself
    if spec is None or spec.origin is None:
        return None
    media = Path(spec.origin).resolve().parent / "static" / "static" / "media"
    for candidate in sorted(media.glob("SourceSansVF-Upright*.woff2")):
        try:
            ImageFont.truetype(str(candidate), 12)
        except OSError:  # a FreeType built without WOFF2 support
            continue
        return str(candidate)
    return None


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont:
    """The text font at ``size`` pixels (see :func:`font_file`; no system font is needed)."""
    path = font_file()
    if path is not None:
        face = ImageFont.truetype(path, size)
        with contextlib.suppress(OSError, ValueError):  # a FreeType without variable fonts: regular weight
            face.set_variation_by_axes([600])  # semibold: ranks and names readable when small
        return face
    return ImageFont.load_default(size=size)  # type: ignore[return-value]


def suit_shape(draw: ImageDraw.ImageDraw, suit: str, box: tuple[float, float, float, float],
               colour: tuple[int, ...]) -> None:
    """Draw the suit symbol ``suit`` (``C D H S``) filling ``box`` (left, top, right, bottom)."""
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    cx = left + w / 2
    if suit == "D":
        draw.polygon([(cx, top), (right - w * 0.1, top + h / 2), (cx, bottom), (left + w * 0.1, top + h / 2)], fill=colour)
        return
    if suit == "H":
        r = w * 0.27
        draw.ellipse((left + w * 0.02, top + h * 0.05, left + w * 0.02 + 2 * r, top + h * 0.05 + 2 * r), fill=colour)
        draw.ellipse((right - w * 0.02 - 2 * r, top + h * 0.05, right - w * 0.02, top + h * 0.05 + 2 * r), fill=colour)
        draw.polygon([(left + w * 0.03, top + h * 0.38), (right - w * 0.03, top + h * 0.38), (cx, bottom)], fill=colour)
        return
    if suit == "S":
        r = w * 0.25
        y = top + h * 0.42
        draw.polygon([(cx, top), (right - w * 0.02, y + r * 0.6), (left + w * 0.02, y + r * 0.6)], fill=colour)
        draw.ellipse((left + w * 0.02, y - r * 0.35, left + w * 0.02 + 2 * r, y - r * 0.35 + 2 * r), fill=colour)
        draw.ellipse((right - w * 0.02 - 2 * r, y - r * 0.35, right - w * 0.02, y - r * 0.35 + 2 * r), fill=colour)
    else:  # clubs
        r = w * 0.22
        draw.ellipse((cx - r, top, cx + r, top + 2 * r), fill=colour)
        y = top + h * 0.28
        draw.ellipse((left + w * 0.02, y, left + w * 0.02 + 2 * r, y + 2 * r), fill=colour)
        draw.ellipse((right - w * 0.02 - 2 * r, y, right - w * 0.02, y + 2 * r), fill=colour)
        draw.rectangle((cx - w * 0.08, top + r, cx + w * 0.08, y + r * 1.4), fill=colour)
    stem = w * 0.07
    draw.polygon([(cx - stem, top + h * 0.62), (cx + stem, top + h * 0.62), (cx + w * 0.22, bottom), (cx - w * 0.22, bottom)],
                 fill=colour)


def _blank(width: int, scale: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A transparent card-sized picture (``width`` × ``width·ASPECT``, times ``scale``) to draw on."""
    image = Image.new("RGBA", (width * scale, round(width * ASPECT) * scale), (0, 0, 0, 0))
    return image, ImageDraw.Draw(image)


def colour_of(card: Card, four_colour: bool = False) -> tuple[int, int, int]:
    """The ink of ``card``: red or black, or one of four colours."""
    return (FOUR_COLOUR if four_colour else INK)[card.suit]


def _rank_font(text: str, height: float) -> ImageFont.FreeTypeFont:
    """The font size at which ``text``'s figures (top to baseline) are ``height`` pixels tall."""
    probe = font(100)
    top, bottom = probe.getbbox("0" if text == "10" else text, anchor="ls")[1], 0
    return font(max(6, round(100 * height / max(1, bottom - top))))


def rank_box(card: Card, width: int = 80, *, scale: int = 2) -> tuple[float, float, float, float]:
    """Where the rank of ``card`` is drawn on its face: (left, top, right, bottom) as shares of
    the card's width and height (tests measure the rank's size on the screen with it)."""
    w, h = width * scale, round(width * ASPECT) * scale
    left, top, right, bottom = _rank_layout(card, w, h)[0]
    return left / w, top / h, right / w, bottom / h


def _rank_layout(card: Card, w: int, h: int) -> tuple[tuple[float, float, float, float], ImageFont.FreeTypeFont,
                                                     tuple[float, float], tuple[float, float, float, float]]:
    """The rank's ink box, its font and baseline origin, and the corner suit's box."""
    text = card.rank_text
    pad = w * 0.07
    face = _rank_font(text, h * RANK_HEIGHT)
    baseline = pad * 0.9 + h * RANK_HEIGHT
    box = face.getbbox(text, anchor="ls")
    width = box[2] - box[0]
    squeeze = min(1.0, (w * 0.58) / max(1, width))  # a "10" kept clear of the corner suit
    if squeeze < 1.0:
        face = font(max(6, round(face.size * squeeze)))
        box = face.getbbox(text, anchor="ls")
    origin = (pad - box[0], baseline)
    ink = (origin[0] + box[0], baseline + box[1], origin[0] + box[2], baseline + box[3])
    suit = w * 0.23
    corner = (w - pad - suit, pad * 0.9 + (h * RANK_HEIGHT - suit) / 2, w - pad, pad * 0.9 + (h * RANK_HEIGHT + suit) / 2)
    return ink, face, origin, corner


@lru_cache(maxsize=512)
def card_face(card: Card, width: int = 80, *, scale: int = 2, four_colour: bool = False) -> Image.Image:
    """A card face ``width`` × ``width * ASPECT`` display pixels, drawn at ``scale``, with
    large indices: the rank big in the top left corner, the suit in the top right, a large
    suit in the middle, and the foot left blank (:data:`FOOT`). (Cached: treat as read-only.)"""
    image, draw = _blank(width, scale)
    w, h = image.size
    radius = w * 0.08
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=PAPER, outline=EDGE, width=max(1, scale))
    ink = colour_of(card, four_colour)
    _box, face, origin, corner = _rank_layout(card, w, h)
    draw.text(origin, card.rank_text, font=face, fill=ink, anchor="ls")
    suit_shape(draw, card.suit, corner, ink)
    top = h * (RANK_HEIGHT + 0.1)  # the large suit between the index and the blank foot
    bottom = h * (1 - FOOT) - w * 0.04
    big = min(bottom - top, w * 0.56)
    middle = (top + bottom) / 2
    suit_shape(draw, card.suit, ((w - big) / 2, middle - big / 2, (w + big) / 2, middle + big / 2), ink)
    return image


@lru_cache(maxsize=64)
def card_back(width: int = 80, *, scale: int = 2) -> Image.Image:
    """The back of a card (a closed stock's top), same size as :func:`card_face`."""
    image, draw = _blank(width, scale)
    w, h = image.size
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=w * 0.08, fill=BACK, outline=EDGE, width=max(1, scale))
    step = max(4, w // 10)
    for x in range(-h, w, step):
        draw.line((x, 0, x + h, h), fill=BACK_LINE, width=max(1, scale))
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=w * 0.08, outline=PAPER, width=max(2, scale * 3))
    return image


@lru_cache(maxsize=64)
def empty_place(width: int = 80, *, scale: int = 2) -> Image.Image:
    """An empty discard: an outlined, dashed space the size of a card, faintly lighter than
    what it lies on, so that it shows on the green felt and on the light room alike."""
    image, draw = _blank(width, scale)
    w, h = image.size
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=w * 0.08, fill=(255, 255, 255, 70))
    dash, gap = 8 * scale, 6 * scale
    colour = (70, 70, 70, 255)
    for x0, y0, x1, y1 in ((0, 0, w, 0), (0, h - 1, w, h - 1), (0, 0, 0, h), (w - 1, 0, w - 1, h)):
        length = max(x1 - x0, y1 - y0)
        for start in range(0, length, dash + gap):
            end = min(start + dash, length)
            if y0 == y1:
                draw.line((x0 + start, y0, x0 + end, y1), fill=colour, width=2 * scale)
            else:
                draw.line((x0, y0 + start, x1, y0 + end), fill=colour, width=2 * scale)
    return image


CARD_FILE_WIDTH = 90
"""Display width of the card pictures served to the browser (drawn at 2×)."""


def card_file_name(card: Card | None, *, four_colour: bool = False, back: bool = False) -> str:
    """The file name of a card picture: ``6H.png``, ``6C-4.png`` (four-colour clubs, hearts
    or diamonds; spades are black in both decks), ``back.png`` or ``empty.png``."""
    if back:
        return "back.png"
    if card is None:
        return "empty.png"
    return f"{card}-4.png" if four_colour and card.suit in FOUR_FILES else f"{card}.png"


FOUR_FILES = "CDH"
"""The suits whose four-colour ink differs from the red-and-black deck's."""


def write_card_files(folder: str | os.PathLike[str]) -> list[str]:
    """Draw every card picture the browser view uses into ``folder`` (created if need be);
    returns the file names. Run ``python -m tutorial.draw.cards FOLDER`` after changing
    how cards look; a test checks the committed files match."""
    from pathlib import Path

    from ..engine.cards import FULL_DECK

    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    pictures = {card_file_name(None, back=True): card_back(CARD_FILE_WIDTH), card_file_name(None): empty_place(CARD_FILE_WIDTH)}
    for card in FULL_DECK:
        pictures[card_file_name(card)] = card_face(card, CARD_FILE_WIDTH)
        if card.suit in FOUR_FILES:
            pictures[card_file_name(card, four_colour=True)] = card_face(card, CARD_FILE_WIDTH, four_colour=True)
    for name, picture in pictures.items():
        picture.save(target / name, "PNG", optimize=True)
    return sorted(pictures)


if __name__ == "__main__":  # pragma: no cover - a developer's command
    import sys

    print(len(write_card_files(sys.argv[1] if len(sys.argv) > 1 else "tutorial/app/static/cards")), "pictures written")
