"""Who a page run is for, as far as limits per address go: the browser's address — behind
``muggins serve``'s proxy, the one the proxy passed on (:func:`tutorial.deploy.net.client_address`,
believed only with the proxy's key)."""

from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Callable
from typing import ParamSpec

import streamlit as st

from tutorial.app.shell import fair, session
from tutorial.deploy.net import PROXY_HEADER, PROXY_KEY_VARIABLE, client_address, from_proxy


def client_key() -> str:
    """The browser's address, or ``"local"`` (this machine, or an address that cannot be told)."""
    headers, peer = st.context.headers, st.context.ip_address
    found = client_address(peer if isinstance(peer, str) else None, headers.get_all("X-Forwarded-For"),
                           trust_forwarded=from_proxy(headers.get(PROXY_HEADER), os.environ.get(PROXY_KEY_VARIABLE)))
    return found or "local"


def address_key() -> str:
    """:func:`client_key` as a short digest (kept in memory without the address itself)."""
    return hashlib.sha256(client_key().encode()).hexdigest()[:16]


P = ParamSpec("P")


def busy_notice() -> None:
    """Said instead of a page (or a part of one) that waited too long for its address's turn."""
    st.warning(session.tr().gettext(
        "Many pages from your network are being drawn at once, and this one has waited too long for its "
        "turn. Reload the page in a moment."))


def in_turn(body: Callable[P, None]) -> Callable[P, None]:
    """Run ``body`` in its address's turn (:mod:`tutorial.app.shell.fair`): for a fragment,
    whose reruns do not pass through the entry script; within a full run it holds the turn already."""
    @functools.wraps(body)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        with fair.SHARE.turn(address_key()) as given:
            if given:
                body(*args, **kwargs)
            else:
                busy_notice()
    return run
