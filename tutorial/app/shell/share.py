"""Links a class can use (issue 12): the start of a practice deal, without the sharer's
language or moves, as an address and a QR code drawn for a projector."""

from __future__ import annotations

import gettext
import os
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

import streamlit as st

from tutorial.app.shell import session
from tutorial.deploy.net import network_ip
from tutorial.draw.qr import qr_png
from tutorial.practice import PracticeGame, share_query

PUBLIC_URL_VARIABLE = "MUGGINS_PUBLIC_URL"
"""The app's address as students reach it (e.g. ``https://cards.school.example``), for links
and QR codes; by default the address the browser used, with this computer's network address
in place of ``localhost``."""
LOOPBACK = {"localhost", "127.0.0.1", "::1", "0.0.0.0"}


def base_address() -> tuple[str | None, str]:
    """``(base, note)``: the address students reach the app at, without a trailing ``/`` (``None``
    when unknown: links are then relative), and a note code: ``public`` (set by
    :data:`PUBLIC_URL_VARIABLE`), ``browser`` (the browser's own), ``network`` (``localhost``
    replaced by this computer's network address) or ``local-only`` (only this computer can
    open it: the server listens on a loopback address only, or no network address is known)."""
    url = st.context.url or None  # None without a browser (some test clients)
    return resolve_base(url, public=os.environ.get(PUBLIC_URL_VARIABLE, ""),
                        bound=str(st.get_option("server.address") or ""), ip=network_ip)


def resolve_base(url: str | None, *, public: str, bound: str, ip: Callable[[], str | None]) -> tuple[str | None, str]:
    """:func:`base_address` from its parts: the browser's ``url``, the ``public`` address set
    (or empty), the address the server listens on (``bound``, empty for all), and ``ip()``
    giving this computer's network address."""
    given = urlsplit(public.strip())
    if given.scheme.lower() in ("http", "https") and given.netloc:  # the scheme in any case: HTTPS://…
        return urlunsplit((given.scheme.lower(), given.netloc, given.path.rstrip("/"), "", "")), "public"
    current = urlsplit(url or "")
    if not current.scheme or not current.netloc:
        return None, "browser"
    folder = current.path.rsplit("/", 1)[0]  # the app may live under a base path
    netloc, note = current.netloc, "browser"
    if (current.hostname or "") in LOOPBACK:
        found = ip() if bound in ("", "0.0.0.0", "::") else None
        if found:
            netloc, note = f"{found}:{current.port}" if current.port else found, "network"
        else:
            note = "local-only"
    return urlunsplit((current.scheme, netloc, folder, "", "")), note


def page_address(url_path: str, query: dict[str, str]) -> str:
    """The full address of the app's page ``url_path`` with ``query``, as students reach
    it (see :func:`base_address`; a relative address when unknown)."""
    base, _note = base_address()
    return f"{base or ''}/{url_path}?{urlencode(query)}"


def address_note(tr: gettext.NullTranslations) -> str | None:
    """A line under a shared link when its address needs a word (plain text), else ``None``."""
    _ = tr.gettext
    _base, note = base_address()
    if note == "network":
        return _("You opened the app at this computer's own address; the link uses its address on the network "
                 "instead, which other devices on the same network can open.")
    if note == "local-only":
        return _("This address works only on this computer. Start the app with --server.address 0.0.0.0, or set "
                 "MUGGINS_PUBLIC_URL to the address other devices use, so that they can open the link.")
    return None


def deal_link(game: PracticeGame) -> str:
    """A link to the start of ``game``'s deal with its seat and settings, without a language
    (each student's browser chooses) and without the moves made."""
    return page_address("practice", share_query(game))


POPUP_QR_PX = 280
"""The widest QR code a pop-up holds whole: Streamlit's pop-up is about 334 CSS px wide inside
(a 380 px code was cut in half on a projector)."""


@st.cache_data(max_entries=64, show_spinner=False)
def qr_image(text: str, box: int = 8) -> bytes:
    """The QR code of ``text`` as PNG bytes (cached: the same link gives the same picture)."""
    return qr_png(text, box=box)


def qr_alt(tr: gettext.NullTranslations, *, room: str | None = None, deal: object = None) -> str:
    """The text alternative of a QR code (plain text, in the learner's language): what
    scanning it opens, the class room ``room`` or else the deal ``deal``. The link itself
    is written beside every QR code, so the text need not spell it out."""
    _ = tr.gettext
    if room is not None:
        return _("QR code: scan it to join class room {code}.").format(code=room)
    return _("QR code: scan it to open deal {code}.").format(code=deal or "")


def share_deal(game: PracticeGame, where: Any = None, *, qr_width: int = 260, width: str = "stretch") -> None:
    """*Share this deal*: a popover with the link, what it keeps, and its QR code."""
    _ = session.tr().gettext
    link = deal_link(game)
    with (where or st).popover(_("Share this deal"), icon=":material/qr_code_2:", width=width):
        # The QR code first, at most POPUP_QR_PX wide: whole inside the pop-up even on a projector
        # at 150 % (853×480 CSS px), where the pop-up shows about 400 px before it scrolls.
        st.image(qr_image(link), caption=_("Deal {code}").format(code=game.code), width=min(qr_width, POPUP_QR_PX),
                 alt=qr_alt(session.tr(), deal=game.code))
        st.caption(_("The start of this hand with its settings, without your moves or your language: each "
                     "student gets the same cards, in their own browser's language."))
        st.code(link, language=None, wrap_lines=True)
        note = address_note(session.tr())
        if note:
            st.caption(note)
