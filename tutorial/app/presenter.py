"""Presenter mode: the page for a projector (issue 12).

A switch in the sidebar, or ``present=1`` in the address, turns it on; the address keeps
it, so a refresh stays in it. The sidebar, the header and the menus go; the drawn table
takes the whole height of the screen and beside it come only the question, the answer
(shown or hidden by the presenter) and big controls, which the keyboard also works:
→ next, ← back, space show or hide the answer, Esc leave presenter mode (Streamlit's
own button shortcuts). A presenter's answers are kept apart from their own progress.
"""

from __future__ import annotations

import streamlit as st

from . import session

PRESENT = "_present"
"""Session state: presenter mode is on."""
SWITCH = "present_switch"
"""The sidebar toggle's key."""

NEXT_KEY, BACK_KEY, ANSWER_KEY, LEAVE_KEY = "Right", "Left", "Space", "Esc"
"""The keyboard: Streamlit shortcut names of the four presenter controls."""

RESERVE = 60
"""CSS pixels of the screen's height the drawn table leaves for the line above it."""

STYLE = (
    "<style>"
    "[data-testid='stSidebar'], [data-testid='stSidebarCollapsedControl'], [data-testid='stHeader'],"
    " [data-testid='stToolbar'], [data-testid='stDecoration'] {display: none !important;}"
    ".stMainBlockContainer, [data-testid='stMainBlockContainer'] {padding: 0.4rem 1.2rem 0.4rem 1.2rem !important;"
    " max-width: 100% !important;}"
    "[data-testid='stAppViewContainer'] > section, [data-testid='stMain'] {padding-top: 0 !important;}"
    # Big controls and readable text beside the table.
    # One row of controls on a projector; on a narrow screen they may wrap (labels whole).
    "@media (min-width: 640px) {.st-key-present-controls {flex-wrap: nowrap !important;}}"
    ".st-key-present-controls {gap: 0.5rem;}"
    ".st-key-present-controls button {min-height: 2.5rem; padding: 0 0.6rem; min-width: 0;}"
    ".st-key-present-controls button p {font-size: 1rem; font-weight: 600; white-space: nowrap;}"
    ".st-key-present-panel [data-testid='stMarkdownContainer'] p {font-size: 1rem; line-height: 1.42;}"
    ".st-key-present-panel [data-testid='stAlert'] p {font-size: 0.95rem; line-height: 1.38;}"
    ".st-key-present-panel h3 {font-size: 1.3rem; padding: 0 0 0.15rem 0;}"
    ".st-key-present-top p {font-size: 0.9rem; margin: 0;}"
    # The lines of open piles under the table: one short line each.
    ".st-key-stage-present [data-testid='stColumn']:first-child [data-testid='stMarkdownContainer'] p"
    " {font-size: 0.85rem; margin: 0; line-height: 1.3;}"
    # Beside the table: the question stays on the screen, a long explanation scrolls inside
    # the panel, and the controls stay pinned at its foot, so the page itself never scrolls.
    ".st-key-present-panel {max-height: calc(100vh - 84px); overflow-y: auto; overflow-x: hidden;"
    " padding-right: 0.25rem;}"
    # Sticky works within the parent box, so the pinned element is the panel's own child.
    ".st-key-present-panel > :has(.st-key-present-controls-box), .st-key-present-panel > :has(> .st-key-present-controls),"
    " .st-key-present-panel > .st-key-present-controls {position: sticky; bottom: 0; z-index: 3;"
    " background: var(--st-background-color, #fff); padding-top: 0.35rem;}"
    ".st-key-present-top {gap: 0.6rem; min-height: 0;} .st-key-present-top button {min-height: 0; padding: 0 0.3rem;}"
    "</style>"
)


def active() -> bool:
    """Presenter mode is on for this learner (seeded once from ``present=1``)."""
    state = st.session_state
    if PRESENT not in state:
        state[PRESENT] = session.url_seed("present") == "1"
        session.remember(present="1" if state[PRESENT] else None)
    return bool(state[PRESENT])


def set_active(on: bool) -> None:
    """Turn presenter mode on or off (the address follows)."""
    st.session_state[PRESENT] = bool(on)
    st.session_state[SWITCH] = bool(on)
    session.remember(present="1" if on else None)


def _switched() -> None:
    set_active(bool(st.session_state.get(SWITCH)))


def switch(tr) -> None:
    """The sidebar toggle (drawn only outside presenter mode: inside it, Esc or the Leave button)."""
    _ = tr.gettext
    st.session_state[SWITCH] = active()
    st.toggle(_("Presenter mode"), key=SWITCH, on_change=_switched,
              help=_("For a projector: only the table, the question and big controls. Keys: → next, ← back, "
                     "space shows or hides the answer, Esc leaves."))


def frame() -> None:
    """The presenter page's style (call once per page run while :func:`active`)."""
    st.html(STYLE)


def leave_button(tr, where=None, *, keyboard: bool = True) -> None:
    """*Leave presenter mode* (Esc with ``keyboard``: not on a page with a text box, where Esc
    belongs to the box)."""
    _ = tr.gettext
    (where or st).button(_("Leave"), key="present-leave", on_click=set_active, args=(False,),
                         shortcut=LEAVE_KEY if keyboard else None, icon=":material/close_fullscreen:",
                         help=_("Leave presenter mode (Esc)") if keyboard else _("Leave presenter mode"),
                         type="tertiary")


def page_frame(tr) -> None:
    """On a page without a presenter layout of its own: the presenter's style (no sidebar,
    no menus) and the *Leave* button (Esc), when presenter mode is on."""
    if active():
        frame()
        leave_button(tr, keyboard=False)
