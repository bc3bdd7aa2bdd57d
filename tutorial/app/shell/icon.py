"""The app's page icon, drawn with Pillow (no icon font or network needed)."""

from functools import lru_cache

from PIL import Image, ImageDraw

RED = (190, 30, 45, 255)


@lru_cache(maxsize=1)
def page_icon() -> Image.Image:
    """A 64×64 playing card with a red heart. Shared and read-only: never draw on it."""
    image = Image.new("RGBA", (64, 64), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((8, 2, 56, 62), radius=8, fill=(255, 255, 255, 255), outline=(60, 60, 60, 255), width=3)
    # A heart: two circles and a triangle.
    draw.ellipse((16, 18, 33, 35), fill=RED)
    draw.ellipse((31, 18, 48, 35), fill=RED)
    draw.polygon([(17, 30), (47, 30), (32, 48)], fill=RED)
    return image
