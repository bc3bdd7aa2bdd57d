"""Buttons whose clicks apply only to the state the learner saw.

Streamlit delivers a click queued while the page is being redrawn to the
widget with the same key in the next run, with that run's arguments
(streamlit#8291, #8365): a pile button keyed by pile alone would place the
*next* card where the learner clicked on the old one. So every action button
here carries a token of the state it was drawn for, in its key (a click on
a button that is no longer drawn is dropped by Streamlit) and in its
arguments (checked against the state when the click arrives). A click that
no longer matches changes nothing, and the page says so once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

STALE = "_stale_click"


def button(label: str, *, key: str, seen: str, current: Callable[[], str], action: Callable[..., Any],
           args: tuple = (), where: Any = None, **options: Any) -> None:
    """Draw ``st.button`` keyed ``<key>-t<seen>`` whose click calls ``action(*args)``
    only if ``current()`` still equals ``seen`` (both short texts naming a state).
    ``where``: a container or column (default ``st``); ``options`` go to ``st.button``."""
    (where or st).button(label, key=f"{key}-t{seen}", on_click=_guarded, args=(seen, current, action, args), **options)


def _guarded(seen: str, current: Callable[[], str], action: Callable[..., Any], args: tuple) -> None:
    if current() != seen:
        st.session_state[STALE] = True
        return
    action(*args)


def notice(tr) -> None:
    """Say once that a click made on an earlier table was ignored (a small toast)."""
    if st.session_state.pop(STALE, False):
        st.toast(tr.gettext("A click made on an earlier table was ignored: it no longer matched what is shown."),
                 icon=":material/touch_app:")
