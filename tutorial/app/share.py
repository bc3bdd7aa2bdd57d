"""Links a class can use (issue 12): the start of a practice deal, without the sharer's
language or moves, as an address and a QR code drawn for a projector."""

from __future__ import annotations

from urllib.parse import urlencode, urlsplit, urlunsplit

import streamlit as st

from ..draw.qr import qr_png
from ..practice import PracticeGame, share_query
from . import session


def page_address(url_path: str, query: dict[str, str]) -> str:
    """The full address of the app's page ``url_path`` with ``query``, on the server the
    learner is using (from the browser's own address; a relative address when unknown)."""
    try:
        current = urlsplit(str(st.context.url))
    except Exception:  # no browser context (some test clients)
        current = None
    if current is None or not current.scheme or not current.netloc:
        return f"/{url_path}?{urlencode(query)}"
    folder = current.path.rsplit("/", 1)[0]  # the app may live under a base path
    return urlunsplit((current.scheme, current.netloc, f"{folder}/{url_path}", urlencode(query), ""))


def deal_link(game: PracticeGame) -> str:
    """A link to the start of ``game``'s deal with its seat and settings, without a language
    (each student's browser chooses) and without the moves made."""
    return page_address("practice", share_query(game))


@st.cache_data(max_entries=64, show_spinner=False)
def qr_image(text: str, box: int = 8) -> bytes:
    """The QR code of ``text`` as PNG bytes (cached: the same link gives the same picture)."""
    return qr_png(text, box=box)


def share_deal(game: PracticeGame, where=None, *, qr_width: int = 260, width: str = "stretch") -> None:
    """*Share this deal*: a popover with the link, what it keeps, and its QR code."""
    _ = session.tr().gettext
    link = deal_link(game)
    with (where or st).popover(_("Share this deal"), icon=":material/qr_code_2:", width=width):
        st.caption(_("The start of this hand with its settings, without your moves or your language: each "
                     "student gets the same cards, in their own browser's language."))
        st.code(link, language=None, wrap_lines=True)
        st.image(qr_image(link), caption=_("Deal {code}").format(code=game.code), width=qr_width)
