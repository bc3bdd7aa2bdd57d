"""The whole table as one Pillow picture: for “Save picture”, ``muggins draw`` and
handouts. The browser view draws the same items (see :mod:`tutorial.draw.scene`)."""

from __future__ import annotations

import io
import math

from PIL import Image, ImageDraw

from .cards import ASPECT, FOOT, card_back, card_face, empty_place, font
from .layout import WIDE, Box
from .scene import LEGAL, PLACED, RIGHT, WRONG, Item, TableScene, items, place_box, scene_layout

FELT = (30, 110, 70)
FELT_EDGE = (20, 80, 50)
ROOM = (244, 241, 234)
TEXT = (30, 30, 30)
MARKS = {PLACED: (245, 190, 40), LEGAL: (60, 160, 255), WRONG: (220, 40, 40), RIGHT: (40, 170, 80),
         "mover": (245, 190, 40), "dealer": (120, 120, 120)}
MAX_WIDTH = 4000
"""The widest picture drawn (pixels). With the table's shape and :data:`CAPTION_LINES`, it bounds
the picture's size whatever the position holds (a player's name may be any length)."""
CAPTION_LINES = 12
"""The most caption lines drawn (a longer caption ends in “…”)."""


def render(scene: TableScene, *, width: int = 1000, shape: str = WIDE, four_colour: bool = False,
           caption: list[str] | None = None) -> Image.Image:
    """The table of ``scene`` as an RGB picture ``width`` pixels wide (the height follows
    the shape), with optional ``caption`` lines below it."""
    width = min(max(int(width), 100), MAX_WIDTH)
    places = scene_layout(scene, shape)
    scale = width / places.width
    height = round(places.height * scale)
    image = Image.new("RGB", (width, height), ROOM)
    draw = ImageDraw.Draw(image)
    felt = _px(places.felt, width, height)
    draw.ellipse(felt, fill=FELT, outline=FELT_EDGE, width=max(2, round(6 * scale)))
    _clockwise(draw, places.felt, width, height, scale)
    card_w = round(places.card[0] * width)
    for item in items(scene, places):
        _item(image, draw, item, width, height, card_w, four_colour)
    for arrow in scene.arrows:
        start = place_box(arrow.start, scene, places)
        end = place_box(arrow.end, scene, places)
        _arrow(draw, (start.x * width, start.y * height), (end.x * width, end.y * height),
               MARKS[PLACED] if arrow.kind == "move" else (255, 255, 255), max(2, round(4 * scale)))
    if caption:
        image = _with_caption(image, caption, scale)
    return image


def png(image: Image.Image) -> bytes:
    """``image`` as PNG bytes."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def _px(box: Box, width: int, height: int) -> tuple[int, int, int, int]:
    return (round(box.left * width), round(box.top * height), round((box.left + box.w) * width),
            round((box.top + box.h) * height))


def _item(image: Image.Image, draw: ImageDraw.ImageDraw, item: Item, width: int, height: int, card_w: int,
          four_colour: bool) -> None:
    left, top, right, bottom = _px(item.box, width, height)
    if item.kind == "label":
        size = max(12, round((bottom - top) * 0.78))
        room = min(2 * (right - left), 2 * min((left + right) / 2, width - (left + right) / 2) - 8)
        text = _fit(draw, item.text, size, round(room))  # a long name ends in “…”, inside the picture
        colour = TEXT
        bbox = draw.textbbox((0, 0), text, font=font(size))
        x = (left + right) / 2 - (bbox[2] - bbox[0]) / 2
        if item.mark == "mover":
            draw.rounded_rectangle((x - 6, top - 2, x + bbox[2] - bbox[0] + 6, bottom + 2), radius=6, fill=MARKS["mover"])
        draw.text((x, top), text, font=font(size), fill=colour)
        return
    if item.kind == "stock":
        if not item.count:
            _paste(image, empty_place(max(card_w // 2, 10)), left, top, card_w)
            return
        for layer in range(min((item.count + 2) // 3, 6), 0, -1):  # a stack whose height shows the count
            draw.rounded_rectangle((left + layer * 2, top - layer * 2, right + layer * 2, bottom - layer * 2),
                                   radius=card_w * 0.08, fill=(24, 60, 110), outline=(220, 220, 220))
        _paste(image, card_back(max(card_w // 2, 10)), left, top, card_w)
        _badge(draw, (left, top, right, bottom), str(item.count), card_w)
        return
    picture = card_face(item.card, max(card_w // 2, 10), four_colour=four_colour) if item.card else empty_place(max(card_w // 2, 10))
    if item.count and item.count > 1:
        for layer in range(min(item.count - 1, 4), 0, -1):  # a pile's depth
            draw.rounded_rectangle((left - layer * 2, top - layer * 2, right - layer * 2, bottom - layer * 2),
                                   radius=card_w * 0.08, fill=(250, 250, 250), outline=(120, 120, 120))
    _paste(image, picture, left, top, card_w)
    if item.mark:
        draw.rounded_rectangle((left - 4, top - 4, right + 4, bottom + 4), radius=card_w * 0.1, outline=MARKS[item.mark],
                               width=max(3, card_w // 18))
    if item.kind in ("common", "discard") and item.count and item.count > 1:  # as in the browser: a pile of several
        _badge(draw, (left, top, right, bottom), str(item.count), card_w)


def _paste(image: Image.Image, picture: Image.Image, left: int, top: int, card_w: int) -> None:
    sized = picture.resize((card_w, round(card_w * ASPECT)), Image.Resampling.LANCZOS)
    image.paste(sized, (left, top), sized)


def _badge(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], text: str, card_w: int) -> None:
    """A pile's count in a dark pill in the card's blank foot (:data:`~tutorial.draw.cards.FOOT`),
    at the right, sized with the card: never over the rank or the suit."""
    _left, top, right, bottom = box
    size = max(12, round(card_w * 0.2))
    bbox = draw.textbbox((0, 0), text, font=font(size))
    pad = size // 3
    w, h = bbox[2] - bbox[0] + 2 * pad, size + pad
    x = right - round(card_w * 0.04)
    y = top + round((bottom - top) * (1 - FOOT)) + 1
    draw.rounded_rectangle((x - w, y, x, y + h), radius=h // 2, fill=(34, 34, 34))
    draw.text((x - w + pad - bbox[0], y + (h - size) // 2 - bbox[1] + pad // 3), text, font=font(size), fill=(255, 255, 255))


def _arrow(draw: ImageDraw.ImageDraw, start: tuple[float, float], end: tuple[float, float], colour: tuple[int, ...],
           thickness: int) -> None:
    draw.line((start, end), fill=colour, width=thickness)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    head = thickness * 4
    points = [end, (end[0] - head * math.cos(angle - 0.45), end[1] - head * math.sin(angle - 0.45)),
              (end[0] - head * math.cos(angle + 0.45), end[1] - head * math.sin(angle + 0.45))]
    draw.polygon(points, fill=colour)


def _clockwise(draw: ImageDraw.ImageDraw, felt: Box, width: int, height: int, scale: float) -> None:
    """A faint arc with an arrowhead inside the felt: play passes clockwise (to the left)."""
    cx, cy = felt.x * width, felt.y * height
    rx, ry = felt.w * width * 0.36, felt.h * height * 0.33
    colour = (90, 160, 115)
    box = (cx - rx, cy - ry, cx + rx, cy + ry)
    draw.arc(box, start=100, end=160, fill=colour, width=max(2, round(3 * scale)))
    angle = math.radians(160)
    end = (cx + rx * math.cos(angle), cy + ry * math.sin(angle))
    tangent = math.atan2(ry * math.cos(angle), -rx * math.sin(angle))
    head = 12 * scale
    draw.polygon([end, (end[0] - head * math.cos(tangent - 0.5), end[1] - head * math.sin(tangent - 0.5)),
                  (end[0] - head * math.cos(tangent + 0.5), end[1] - head * math.sin(tangent + 0.5))], fill=colour)


def _with_caption(image: Image.Image, lines: list[str], scale: float) -> Image.Image:
    size = max(14, round(20 * scale))
    wrapped = [piece for line in lines for piece in _wrap(line, size, image.width - 2 * size)]
    if len(wrapped) > CAPTION_LINES:  # a bounded picture, whatever the caption says
        wrapped = wrapped[:CAPTION_LINES - 1] + [wrapped[CAPTION_LINES - 1].removesuffix("…") + " …"]
    height = image.height + size // 2 + len(wrapped) * round(size * 1.35) + size // 2
    out = Image.new("RGB", (image.width, height), ROOM)
    out.paste(image, (0, 0))
    draw = ImageDraw.Draw(out)
    y = image.height + size // 2
    for line in wrapped:
        draw.text((size, y), line, font=font(size), fill=TEXT)
        y += round(size * 1.35)
    return out


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> str:
    """``text``, shortened with “…” until it is at most ``width`` pixels long at ``size``."""
    if len(text) > 200:
        text = text[:200] + "…"
    while len(text) > 1 and draw.textlength(text, font=font(size)) > width:
        text = text[:max(1, len(text) * 3 // 4 - 1)].rstrip() + "…"
    return text


def _wrap(text: str, size: int, width: int) -> list[str]:
    """``text`` in lines at most ``width`` pixels long (a word too long for a line is cut
    there), at most :data:`CAPTION_LINES` of them."""
    lines: list[str] = []
    line = ""
    measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    for word in text[:20 * CAPTION_LINES * max(1, width // size)].split():
        while measure.textlength(word, font=font(size)) > width:  # a word wider than a line
            cut = max(1, len(_fit(measure, word, size, width)) - 1)
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:cut])
            word = word[cut:]
        trial = f"{line} {word}".strip()
        if line and measure.textlength(trial, font=font(size)) > width:
            lines.append(line)
            line = word
        else:
            line = trial
        if len(lines) > CAPTION_LINES:
            break
    lines += [line] if line else []
    if len(lines) > CAPTION_LINES:
        lines = lines[:CAPTION_LINES - 1] + [_fit(measure, lines[CAPTION_LINES - 1] + " …", size, width)]
    return lines
