"""The drawn table in the browser: a Streamlit component (``st.components.v2``, part of
Streamlit) that lays out the Pillow-drawn card pictures where the seats sit.

Every pile that may be chosen is a real ``<button>`` at the pile's place; the table is one
Tab stop and the arrow keys move between its piles (a roving tabindex). A click
or Enter/Space sends ``{"dest": "common:1", "token": …}`` back to Python, where
the token is checked like every other action (tutorial/app/shell/clicks.py). The
component picks the wide or the tall layout by its own width, so a phone gets
bigger cards. Card pictures are static files (``static/cards``), fetched once
and cached by the browser. All text arrives as data and is set with ``textContent``:
nothing is parsed as HTML.

What travels once per page, not with every click (issue 18): the component's script and
style are files, ``static/table/table.js`` and ``table.css``; the component registered here
carries only a loader of a few hundred bytes that imports the script once per page (the
browser keeps the module), which fetches its style and adopts it into the table's shadow root. Each rerun then sends
only the table's data (:func:`tutorial.app.shell.table.wire_data`). Where the server serves
no static files (a plain ``streamlit run`` without ``server.enableStaticServing``), the
script and style are sent inline, as Streamlit components usually are.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path
from typing import Any

import streamlit as st

logger = logging.getLogger(__name__)

TEXT_COLOURS = {  # (text, background) of every text the table draws: WCAG AA needs 4.5:1
    "label": ("#1e1e1e", "#f4f1ea"),
    "mover": ("#1e1e1e", "#f5be28"),
    "count": ("#ffffff", "#222222"),
    "legal": ("#ffffff", "#1f6fd1"),
    "placed": ("#ffffff", "#8a5a00"),
    "wrong": ("#ffffff", "#c62828"),
    "right": ("#ffffff", "#1b7a3c"),
}
"""Checked by tests/test_table_view.py."""

STATIC = Path(__file__).resolve().parent.parent / "static" / "table"
"""The component's script and style (served as ``app/static/table/…``)."""
CSS = (STATIC / "table.css").read_text(encoding="utf-8")
"""The table's style. Its one value taken from the card pictures, where a card's blank foot
starts (``--mt-foot``: :data:`tutorial.draw.cards.FOOT`), is written in the file and checked
by tests/test_table_view.py, so no style travels with a rerun."""
JS = (STATIC / "table.js").read_text(encoding="utf-8")
VERSION = hashlib.sha256((CSS + JS).encode()).hexdigest()[:12]
"""Names this script and style in their addresses, so a browser never keeps an old copy after an upgrade."""

LOADER_JS = (
    # All the component sends with a rerun besides the table's data (kept short: it travels
    # every time): import static/table/table.js (of this version) and let it mount the table.
    # The browser imports a module once per page, however often it is asked; the module brings
    # its own style (see its head). A failed import is reported by the browser itself. (Line
    # breaks: Streamlit takes a one-line string with a "/" in it for a file's path.)
    "export default c=>{let d,g;\nimport(new URL('app/static/table/table.js?v=" + VERSION + "',document.baseURI).href)"
    ".then(m=>{if(!g)d=m.default(c)});return()=>{g=1;d&&d()}}"
)


def static_serving() -> bool:
    """Whether this server serves the app's static files (``muggins app`` does)."""
    try:
        return bool(st.get_option("server.enableStaticServing"))
    except RuntimeError:  # pragma: no cover - an unknown option in some future Streamlit (st.get_option raises it)
        return False


@st.cache_resource(show_spinner=False)
def component() -> Any:
    """The table component, registered once per server process (shared, stateless): the
    loader of the script and style files, or (no static files served) both inline."""
    if static_serving():
        logger.info("drawn table: script and style served as files (version %s)", VERSION)
        return st.components.v2.component("muggins_table", js=LOADER_JS)
    logger.info("drawn table: no static files served; script and style sent inline")
    return st.components.v2.component("muggins_table", css=CSS, js=JS)


ANCHOR_JS = """
export default function(component) {
  // A scroll mark of the lesson pages, applied when the run has ended and the page has its
  // final height (by the focus keeper, tutorial/app/shell/focus.py; at the next frame without it).
  // - At the top of a step: when the learner moves to another step (data.nonce changes, with
  //   data.top), bring the step's top to the top of the screen — also when it is in view
  //   lower down (the page shrinks while the new step is drawn, which leaves it anywhere);
  //   on a first visit (no data.top) only when it is above the screen.
  // - With data.end: a mark under a verdict; when it ends below the screen, scroll just
  //   enough to show it.
  // - With data.until (a stable key): a mark above a verdict; show from the mark down to
  //   that control (the verdict and the way on), or, when that is taller than the screen,
  //   the mark at the top (the verdict is read from its start).
  const { data, parentElement } = component;
  const host = parentElement.host || parentElement;
  if (!data || !data.nonce || host.dataset.seen === data.nonce) { return; }
  host.dataset.seen = data.nonce;
  host.style.scrollMarginTop = '4rem';
  host.style.scrollMarginBottom = '0.5rem';
  const TOP = 64;  // Streamlit's header
  const until = (key) => [...document.querySelectorAll('[class*="st-key-' + key + '"]')]
    .find(el => el.getClientRects().length && [...el.classList].some(c => c === 'st-key-' + key || c.startsWith('st-key-' + key + '-t')));
  const scroll = () => {
    if (!host.isConnected) { return; }
    const box = host.getBoundingClientRect();
    if (data.until) {
      const end = until(data.until);
      const bottom = end ? end.getBoundingClientRect().bottom + 8 : box.bottom;
      if (box.top >= TOP && bottom <= window.innerHeight) { return; }
      if (bottom - box.top <= window.innerHeight - TOP) {
        let pane = host.parentElement;  // the page scrolls inside Streamlit's main pane, not the window
        while (pane && !(pane.scrollHeight > pane.clientHeight && /auto|scroll/.test(getComputedStyle(pane).overflowY))) {
          pane = pane.parentElement;
        }
        (pane || document.scrollingElement).scrollBy({ top: box.top < TOP ? box.top - TOP : bottom - window.innerHeight,
                                                       behavior: 'instant' });
      } else { host.scrollIntoView({ block: 'start', behavior: 'instant' }); }
    } else if (data.end) {
      if (box.bottom > window.innerHeight) { host.scrollIntoView({ block: 'end', behavior: 'instant' }); }
    } else if (box.top < TOP || (data.top && box.top > TOP + 8)) { host.scrollIntoView({ block: 'start', behavior: 'instant' }); }
  };
  const keeper = window.__mugginsFocus;
  if (keeper) { keeper.scrolls.push(scroll); if (keeper.idle()) { keeper.soon(); } } else { requestAnimationFrame(scroll); }
}
"""


@st.cache_resource(show_spinner=False)
def anchor() -> Any:
    """The step-top mark (see :data:`ANCHOR_JS`), registered once per server process."""
    return st.components.v2.component("muggins_anchor", js=ANCHOR_JS)
