"""Room codes (short, for dictation or a QR code) and secret tokens (only their hashes are kept)."""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: Digits and upper-case letters without the look-alikes 0 O 1 I L: 31 symbols.
ROOM_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
ROOM_CODE_LENGTH = 6  # 31**6 ≈ 8.9e8 codes
_SEPARATORS = str.maketrans("", "", " -\t")


def new_room_code() -> str:
    """A random room code: :data:`ROOM_CODE_LENGTH` symbols of :data:`ROOM_CODE_ALPHABET`."""
    return "".join(secrets.choice(ROOM_CODE_ALPHABET) for _ in range(ROOM_CODE_LENGTH))


def parse_room_code(text: str) -> str | None:
    """A typed room code in its stored form (upper case, spaces and hyphens dropped),
    or ``None`` when it cannot be a room code (wrong length or symbol)."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = text.translate(_SEPARATORS).upper()
    if len(code) != ROOM_CODE_LENGTH or any(symbol not in ROOM_CODE_ALPHABET for symbol in code):
        return None
    return code


def new_token() -> str:
    """A secret token for a teacher or a student (32 URL-safe characters, 192 random bits)."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """What is stored for ``token``: its SHA-256, as 64 hex digits."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str | None, stored_hash: str) -> bool:
    """Whether ``token`` hashes to ``stored_hash`` (constant-time comparison); ``False`` for a
    missing or non-text token."""
    if not isinstance(token, str) or not token or len(token) > 200:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)


__all__ = ["ROOM_CODE_ALPHABET", "ROOM_CODE_LENGTH", "hash_token", "new_room_code", "new_token", "parse_room_code",
           "token_matches"]
