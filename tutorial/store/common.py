"""What both stores and their callers share without importing a database driver."""

from __future__ import annotations

import re

SCHEMES = ("postgresql://", "postgres://")


class StoreUnavailable(OSError):
    """The database server cannot be reached or refused the work (the driver's error is the cause)."""


def is_url(text: str | None) -> bool:
    """Whether ``text`` names a PostgreSQL database (``postgresql://…`` or ``postgres://…``)."""
    return bool(text) and str(text).strip().lower().startswith(SCHEMES)


def safe_url(url: str) -> str:
    """``url`` without its password, for messages and logs."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)
