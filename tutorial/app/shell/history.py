"""Which address changes are the browser's history: a place is, a move within a place is not.

Streamlit makes every change of the address a new entry of the browser's history
(``history.pushState``). A practice game writes its moves there at every card, the
training page its exercise, the position lab its position: a learner who played ten cards
had to press Back eleven times to leave the page, seeing nothing happen ten times (the app
keeps its own state and wrote it back). The app follows the address Back and Forward bring
back where that means something (:data:`tutorial.app.shell.session.FOLLOWED`: the language,
the lesson and step, presenter mode, the table's look, the explorer's lab); every other
change now *replaces* the entry, so Back goes back a place, never to an entry the app would
ignore.

The rule, in the browser: a new address on the same page replaces the current entry unless it
changes a followed value — a place's value (language, lesson, step, lab) changed or dropped,
or a setting (presenter mode, the table's look) switched on or off; a place's value *added*
is the page completing its first address (``/lessons`` gaining its language, lesson and step),
not a move. An address written with no action of the learner's since the last one (no
pointer, key or click: the app completing or correcting the link opened, ``lang=xx`` made
``lang=en``), or onto an address without the language (a page Streamlit has just opened with
its address emptied, which then gains the table's look), completes the page's first address
too. Anything else is a new entry, as before. Installed once per page (the first run of
a session draws it; it draws nothing and stays in the page).

A run Back or Forward started writes its address even when the server thinks it is already
there (:func:`tutorial.app.shell.session.sync_url`): a click's run that ended just after the
browser went back wrote its own address onto the entry Back reached (Streamlit replaces the
entry during history navigation), and the page then showed one step with another's address."""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutorial.app.shell import session

JS = r"""
export default function(component) {
  if (window.__mugginsHistory) { return; }
  const data = component.data || {};
  const places = data.places || [], settings = data.settings || [];
  const push = window.history.pushState.bind(window.history);
  const replace = window.history.replaceState.bind(window.history);
  window.__mugginsHistory = { places, settings };
  // Whether the learner did anything since the address last changed: an address the app
  // writes with no action of theirs completes or corrects the one they opened.
  let acted = false;
  for (const type of ['pointerdown', 'keydown', 'click']) {
    window.addEventListener(type, () => { acted = true; }, true);
  }
  window.history.pushState = function (state, unused, url) {
    let moved = true;
    try {
      const next = new URL(url, window.location.href);
      const here = new URL(window.location.href);
      const differs = (key) => here.searchParams.get(key) !== next.searchParams.get(key);
      // the page's first address: the link as opened (no action since), or a page's address
      // Streamlit has just emptied (every address the app writes has the language)
      const completing = !acted || !here.searchParams.has('lang');
      moved = next.pathname !== here.pathname || (!completing
        && (places.some(key => here.searchParams.has(key) && differs(key)) || settings.some(differs)));
    } catch (error) { /* an address URL cannot read: as the browser would */ }
    acted = false;
    return moved ? push(state, unused, url) : replace(state, unused, url);
  };
}
"""


@st.cache_resource(show_spinner=False)
def _component() -> Any:
    """The history rule, registered once per server process (shared, stateless)."""
    return st.components.v2.component("muggins_history", js=JS)


def install() -> None:
    """Put the rule in the page on the session's first run (the entry script calls this on
    every run; later runs send nothing: the script stays in the page)."""
    kept = session.shell()
    if kept.history_sent:
        return
    kept.history_sent = True  # its box takes no room: tutorial.app.shell.document.STYLE
    _component()(data={"places": list(session.PLACES), "settings": list(session.SETTINGS)}, key="muggins-history")


def resend() -> None:
    """Draw the rule again at this run's :func:`install`: the browser said it is not in the page
    (its element, drawn once, can be dropped before its script loads: :mod:`~tutorial.app.shell.storage`)."""
    session.shell().history_sent = False
