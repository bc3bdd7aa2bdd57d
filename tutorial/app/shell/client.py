"""Who a page run is for, as far as limits per address go: the browser's address — behind
``muggins serve``'s proxy, the one the proxy passed on (:func:`tutorial.deploy.net.client_address`,
believed only with the proxy's key)."""

from __future__ import annotations

import hashlib
import os

import streamlit as st

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
