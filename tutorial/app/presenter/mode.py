"""Presenter mode: the page for a projector (issue 12).

A switch in the sidebar, or ``present=1`` in the address, turns it on; the address keeps
it, so a refresh stays in it. The sidebar, the header and the menus go; the drawn table
takes the whole height of the screen and beside it come only the question, the answer
(shown or hidden by the presenter) and big controls, which the keyboard also works:
→ (or Page Down, a presentation clicker's) next, ← (Page Up) back, space show or hide the
answer, Esc leave presenter mode. A presenter's answers are kept apart from their own progress.

The keys are counted in the browser (:data:`KEYS_JS`): every press adds a letter to a
log, and the component sends the count and the log's tail as its *state* — not a trigger,
which Streamlit coalesces when presses arrive during a run — so the server applies each
press it has not applied yet, in order, and eight quick presses of → move eight steps.
"""

from __future__ import annotations

import gettext
import html
from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from tutorial.app.presenter.model import (
    ANSWER,
    BACKWARD,
    BIGGER,
    FORWARD,
    LOG,
    PRESSES,
    SMALLER,
    STEP_BACK,
    STEP_ON,
    ModeWords,
    PresenterState,
    fresh_presses,
)
from tutorial.app.shell import session

__all__ = [
    "ANSWER",
    "ANSWER_KEY",
    "BACKWARD",
    "BACK_KEY",
    "BIGGER",
    "FORWARD",
    "LEAVE_KEY",
    "LOG",
    "NEXT_KEY",
    "PRESSES",
    "SMALLER",
    "STEP_BACK",
    "STEP_ON",
    "PresenterState",
    "active",
    "frame",
    "fresh_presses",
    "keys",
    "leave_button",
    "page_frame",
    "set_active",
    "state",
    "switch",
    "zoom",
    "zoom_button",
    "zoomed",
]

SWITCH = "present_switch"
"""The sidebar toggle's widget key."""
KEYS = "present-keys"
"""The key counter's widget key (its value: the browser's count of presses)."""

NEXT_KEY, BACK_KEY, ANSWER_KEY, LEAVE_KEY = "Right", "Left", "Space", "Esc"
"""The keyboard: Streamlit shortcut names of the four presenter controls (the class room's
teacher page uses them; lessons and practice count their keys with :func:`keys`)."""

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
    # The controls in a row that wraps when their labels would not fit: a label is never cut
    # ("Next m…" on a projector, found by a trial); each control at least as wide as its label.
    ".st-key-present-controls {gap: 0.5rem; flex-wrap: wrap !important;}"
    ".st-key-present-controls > * {flex: 1 0 auto !important; width: auto !important; min-width: max-content !important;}"
    ".st-key-present-controls button {min-height: 2.5rem; padding: 0 0.6rem; min-width: max-content;}"
    "[data-testid='stMain'] .st-key-present-controls button p {font-size: 1rem; font-weight: 600; white-space: nowrap;}"
    # The panel's text is made smaller (var --present-fit, set by the key counter's script)
    # when the whole step would not fit beside the table otherwise.
    ".st-key-present-panel [data-testid='stMarkdownContainer'] p, .st-key-present-panel [data-testid='stMarkdownContainer'] li"
    " {font-size: calc(1rem * var(--present-fit, 1)); line-height: 1.42;}"
    "[data-testid='stMain'] .st-key-present-panel [data-testid='stAlert'] p, [data-testid='stMain'] .st-key-present-panel"
    " [data-testid='stAlert'] li {font-size: calc(0.95rem * var(--present-fit, 1)); line-height: 1.38;}"
    ".st-key-present-panel [data-testid='stCaptionContainer'] p {font-size: calc(0.875rem * var(--present-fit, 1));}"
    "[data-testid='stMain'] .st-key-present-panel [data-testid='stMarkdownContainer'] p {margin-bottom: calc(1rem * var(--present-fit, 1));}"
    "[data-testid='stMain'] .st-key-present-panel [data-testid='stMarkdownContainer'] {margin-bottom: calc(-1rem * var(--present-fit, 1));}"
    "[data-testid='stMain'] .st-key-present-panel button p {margin: 0 !important;}"
    "[data-testid='stMain'] .st-key-present-panel button [data-testid='stMarkdownContainer'] {margin-bottom: 0 !important;}"
    ".st-key-present-panel [data-testid='stAlert'] [data-testid='stAlertContainer'] {padding: calc(1rem * var(--present-fit, 1));}"
    "[data-testid='stMain'] .st-key-present-panel h2 {font-size: calc(1.3rem * var(--present-fit, 1)); padding: 0 0 0.15rem 0;}"
    # The page's h1 names it for a screen reader (and heads its outline) without taking room:
    # out of the page's flow (so no gap either), not display: none (a screen reader would not see it).
    ".st-key-present-heading, :has(> .st-key-present-heading) {position: absolute !important; width: 1px !important;"
    " height: 1px !important; margin: -1px !important; padding: 0 !important; overflow: hidden !important;"
    " clip: rect(0 0 0 0) !important; white-space: nowrap !important; border: 0 !important;}"
    ".st-key-present-panel [data-testid='stVerticalBlock'] {gap: calc(1rem * var(--present-fit, 1));}"
    ".st-key-present-panel {gap: calc(1rem * var(--present-fit, 1));}"
    # The presenter's controls come last, under everything the step shows.
    ".st-key-present-panel > :has(.st-key-present-controls-box), .st-key-present-panel > .st-key-present-controls-box,"
    " .st-key-present-panel > :has(> .st-key-present-controls), .st-key-present-panel > .st-key-present-controls {order: 99;}"
    # The table's column may shrink below the table drawn last (it is then drawn again to fit).
    # (Side by side only: on a phone the columns stack, each the whole width.)
    "@media (min-width: 640px) {[data-testid='stMain'] [class*='st-key-stage-present'] [data-testid='stColumn']"
    " {min-width: 0 !important;}}"
    # A step too long for the panel beside the table: the panel takes more of the width.
    "@media (min-width: 640px) {[data-testid='stMain'] [class*='st-key-stage-present'][data-panel='wide'] [data-testid='stColumn']"
    " {flex: 1 1 0 !important;} [data-testid='stMain'] [class*='st-key-stage-present'][data-panel='wide']"
    " [data-testid='stColumn'] + [data-testid='stColumn'] {flex: 2 1 0 !important;}}"
    # The bigger table (+): five sevenths of the width (the wide shape, width-bound: cards 35 %
    # bigger for four players); the narrow panel beside it keeps the step and the controls,
    # which may wrap there.
    "@media (min-width: 640px) {[data-testid='stMain'] [class*='st-key-stage-present'][data-panel='zoomed'] [data-testid='stColumn']"
    " {flex: 5 1 0 !important; min-width: 0 !important;} [data-testid='stMain'] [class*='st-key-stage-present'][data-panel='zoomed']"
    " [data-testid='stColumn'] + [data-testid='stColumn'] {flex: 2 1 0 !important;}"
    " [data-testid='stMain'] [data-panel='zoomed'] .st-key-present-controls {flex-wrap: wrap !important;}"
    " [data-testid='stMain'] [data-panel='zoomed'] .st-key-present-controls button p {font-size: 0.95rem;}}"
    # A phone's table already takes the whole width: no bigger table there.
    "@media (max-width: 639.9px) {.st-key-present-zoom {display: none !important;}}"
    # The key counter draws nothing and takes no room.
    ":has(> .st-key-present-keys-box), .st-key-present-keys-box {position: absolute !important; width: 0; height: 0;"
    " overflow: hidden;}"
    ".st-key-present-top p {font-size: 0.9rem; margin: 0;}"
    # The lines of open piles under the table: one short line each (not a button's label: a row of
    # answer buttons is columns too, and its first one shrank, "Call “Muggins!”" beside "No call").
    ".st-key-stage-present [data-testid='stColumn']:first-child [data-testid='stMarkdownContainer']"
    " p:not([data-testid='stButton'] p) {font-size: 0.85rem; margin: 0; line-height: 1.3;}"
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



def state() -> PresenterState:
    """This session's presenter state (one session key: :attr:`PresenterState.KEY`)."""
    return session.feature(PresenterState)


def apply_presses(actions: Mapping[str, Callable[[], None]]) -> None:
    """Callback of the key counter: run ``actions[press]`` for every press not yet applied,
    in the order they were made (each action acts on where the presenter is by then)."""
    kept = state()
    getter = getattr(st.session_state.get(KEYS), "get", None)  # the component's state: {"presses": …}
    presses, kept.seen = fresh_presses(getter("presses") if callable(getter) else None, kept.seen)
    for press in presses:
        action = actions.get(press)
        if action is not None:
            action()


KEYS_JS = """
const PRESS = { ArrowRight: 'n', PageDown: 'n', ArrowLeft: 'b', PageUp: 'b', ' ': 'a', Spacebar: 'a',
                '+': 'i', '=': 'i', '-': 'o', '\u2212': 'o' };
const TYPING = /^(INPUT|TEXTAREA|SELECT)$/;
const FLOOR = 0.68;  // the smallest text the panel is given (0.68 of its size: 10-11 CSS px, 15-16 on a 720p projector)
let ZOOMED = false;  // the presenter asked for the bigger table (from the data)

function typing(event) {  // a key meant for a text box, a menu or a slider is not the presenter's
  for (const el of event.composedPath()) {
    if (!(el instanceof Element)) { continue; }
    if (TYPING.test(el.tagName) || el.isContentEditable) { return true; }
    const role = el.getAttribute('role');
    if (role === 'textbox' || role === 'combobox' || role === 'listbox' || role === 'slider' || role === 'menu') { return true; }
  }
  return false;
}

function overflows(panel) { return panel.scrollHeight > panel.clientHeight + 1; }

function shrink(panel, floor) {  // the text made smaller step by step until it fits, or down to floor
  let scale = 1;
  panel.style.setProperty('--present-fit', '1');
  while (overflows(panel) && scale > floor + 0.001) {
    scale = Math.max(floor, Math.round((scale - 0.04) * 100) / 100);
    panel.style.setProperty('--present-fit', String(scale));
  }
  return scale;
}

function fitPanel() {
  // The panel beside the table holds the whole step, no line cut: as tall as the screen
  // below its top allows; if the step is longer, its text a little smaller; if still too
  // long, the panel wider (the table a little smaller) and the text smaller again, to a floor.
  const panel = document.querySelector('.st-key-present-panel');
  if (!panel) { return; }
  const stage = panel.closest('[class*="st-key-stage-present"]');
  const zoomed = ZOOMED;
  if (stage) { stage.dataset.panel = zoomed ? 'zoomed' : 'normal'; }
  if (window.innerWidth < 640) {  // a phone: the panel lies under the table and the page scrolls
    panel.style.maxHeight = 'none';
    panel.style.setProperty('--present-fit', '1');
    panel.dataset.fit = '1';
    return;
  }
  panel.style.maxHeight = Math.max(160, Math.floor(window.innerHeight - panel.getBoundingClientRect().top - 6)) + 'px';
  let scale = shrink(panel, 0.84);
  if (overflows(panel) && stage && window.innerWidth >= 640 && !zoomed) {
    stage.dataset.panel = 'wide';
    scale = shrink(panel, FLOOR);
  } else if (overflows(panel)) {
    scale = shrink(panel, FLOOR);
  }
  panel.dataset.fit = String(scale);
}

export default function(component) {
  // One counter per page (on window, not on this component's element): Streamlit may draw the
  // component anew when the step's layout changes, and a new counter starting from 0 under a
  // new epoch could lose a press whose message the server merged with the next one. With one
  // counter the total only grows, so any message carries every press made so far.
  const { setStateValue, data } = component;
  ZOOMED = Boolean(data && data.zoom);
  let keys = window.__presenterKeys;
  if (!keys) {
    keys = window.__presenterKeys = { epoch: Math.random().toString(36).slice(2, 12) || 'k', total: 0, log: '', space: false,
                                      send: null };
    document.addEventListener('keydown', (event) => {
      let press = PRESS[event.key];
      if (!keys.send || !press || event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey
          || event.isComposing || typing(event)) { return; }
      event.preventDefault();  // no scrolling, and a focused button does not take the space as a click
      if (event.repeat) { return; }  // a key held down is one press
      if (event.shiftKey && (press === 'n' || press === 'b')) { press = press.toUpperCase(); }
      keys.space = press === 'a';
      keys.total += 1;
      keys.log = (keys.log + press).slice(-64);
      keys.send('presses', { epoch: keys.epoch, total: keys.total, log: keys.log });
    });
    document.addEventListener('keyup', (event) => {
      if (keys.send && event.key === ' ' && keys.space) { keys.space = false; event.preventDefault(); }
    });
  }
  keys.send = setStateValue;  // presses count only while the counter is drawn (presenter mode is on)
  document.body.dataset.presenterKeys = keys.epoch;  // listening (tests wait for it)
  let pending = 0;
  const refit = () => { if (!pending) { pending = requestAnimationFrame(() => { pending = 0; fitPanel(); }); } };
  fitPanel();
  const observer = new MutationObserver(refit);  // once a frame at most, before it is painted
  const main = document.querySelector('[data-testid="stMain"]') || document.body;
  observer.observe(main, { childList: true, subtree: true, characterData: true });
  window.addEventListener('resize', refit);
  return () => {
    if (keys.send === setStateValue) { keys.send = null; }
    delete document.body.dataset.presenterKeys;
    observer.disconnect();
    window.removeEventListener('resize', refit);
    if (pending) { cancelAnimationFrame(pending); }
  };
}
"""


@st.cache_resource(show_spinner=False)
def _keys_component() -> Any:
    """The key counter (see :data:`KEYS_JS`), registered once per server process."""
    return st.components.v2.component("muggins_presenter_keys", js=KEYS_JS)


def keys(actions: Mapping[str, Callable[[], None]]) -> None:
    """Count the presenter's keys in the browser and apply each press with ``actions``
    (press letter → callback, see :data:`FORWARD`…; + and − always zoom the table); also
    fits the panel's text."""
    every = {BIGGER: lambda: zoom(True), SMALLER: lambda: zoom(False), **actions}
    with st.container(key="present-keys-box"):
        _keys_component()(key=KEYS, data={"zoom": zoomed()}, on_presses_change=lambda: apply_presses(every), height=0)


def zoomed() -> bool:
    """The presenter asked for the bigger table."""
    return state().zoom


def zoom(on: bool) -> None:
    """Callback: the bigger table (``on``) or the table at its size."""
    state().zoom = bool(on)


def _words(*, keyboard: bool = True) -> ModeWords:
    return ModeWords.of(session.narrator(), zoomed=zoomed(), keyboard=keyboard)


def zoom_button(tr: gettext.NullTranslations, where: Any) -> None:
    """*Bigger table* / *Smaller table* in the line above the table (+ and − on the keyboard)."""
    on = zoomed()
    words = _words()
    where.button(words.zoom, key="present-zoom", on_click=zoom, args=(not on,),
                 icon=":material/zoom_out:" if on else ":material/zoom_in:", type="tertiary", help=words.zoom_help)


def active() -> bool:
    """Presenter mode is on for this learner (seeded once from ``present=1``, and from the
    address the browser's Back or Forward brings back)."""
    kept = state()
    if kept.on is None:
        kept.on = session.url_seed("present") == "1"
        session.remember(**kept.address())
    elif (back := session.followed()) is not None and kept.on != (back["present"] == "1"):
        kept.on = back["present"] == "1"
        session.remember(**kept.address())
    return bool(kept.on)


def set_active(on: bool) -> None:
    """Turn presenter mode on or off (the address follows)."""
    kept = state()
    kept.on = bool(on)
    st.session_state[SWITCH] = bool(on)
    session.remember(**kept.address())


def _switched() -> None:
    set_active(bool(st.session_state.get(SWITCH)))


def switch(tr: gettext.NullTranslations) -> None:
    """The sidebar toggle (drawn only outside presenter mode: inside it, Esc or the Leave button)."""
    _ = tr.gettext
    st.session_state[SWITCH] = active()
    st.toggle(_("Presenter mode"), key=SWITCH, on_change=_switched,
              help=_("For a projector: only the table, the question and big controls. Keys: → next (in a "
                     "walk-through, the next move first), ← back, space shows or hides the answer, + and − the "
                     "table's size, Esc leaves."))


def frame(heading: str | None = None) -> None:
    """The presenter page's style (call once per page run while :func:`active`), and on a page
    with a presenter layout of its own its h1, ``heading`` (the page's name), which a screen
    reader reads and which heads the page's outline but takes no room; the panel's own headings
    are h2 (such pages had no h1 and began at h3: found by checking presenter pages as the
    others are)."""
    st.html(STYLE)
    if heading:
        with st.container(key="present-heading"):
            st.html(f"<h1>{html.escape(heading)}</h1>")


def leave_button(tr: gettext.NullTranslations, where: Any = None, *, keyboard: bool = True) -> None:
    """*Leave presenter mode* (Esc with ``keyboard``: not on a page with a text box, where Esc
    belongs to the box)."""
    words = _words(keyboard=keyboard)
    (where or st).button(words.leave, key="present-leave", on_click=set_active, args=(False,),
                         shortcut=LEAVE_KEY if keyboard else None, icon=":material/close_fullscreen:",
                         help=words.leave_help, type="tertiary")


def page_frame(tr: gettext.NullTranslations) -> None:
    """On a page without a presenter layout of its own: the presenter's style (no sidebar,
    no menus) and the *Leave* button (Esc), when presenter mode is on."""
    if active():
        frame()
        leave_button(tr, keyboard=False)
