"""QR codes of links (a shared deal, a class room's join link), drawn with Pillow by the
``qrcode`` library, for a projector: black on white, a quiet zone, sharp pixels."""

from __future__ import annotations

import io

import qrcode
import qrcode.constants
from qrcode.image.pil import PilImage

MAX_TEXT = 1000
"""Longest text encoded (characters); a share link is far shorter."""


def qr_png(text: str, *, box: int = 8, border: int = 4) -> bytes:
    """The PNG bytes of a QR code of ``text`` (medium error correction, ``box`` pixels per
    module, a quiet zone of ``border`` modules). Raises ``ValueError`` for an empty text or
    one longer than :data:`MAX_TEXT`."""
    if not text or len(text) > MAX_TEXT:
        raise ValueError(f"a QR code needs 1 to {MAX_TEXT} characters, not {len(text)}")
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, box_size=box, border=border,
                         image_factory=PilImage)
    code.add_data(text)
    code.make(fit=True)
    image = code.make_image(fill_color="black", back_color="white")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
