"""Buttons whose clicks apply only to the state the learner saw, and only once they saw it.

Streamlit delivers a click queued while the page is being redrawn to the
widget with the same key in the next run, with that run's arguments
(streamlit#8291, #8365): a pile button keyed by pile alone would place the
*next* card where the learner clicked on the old one. So every action button
here carries a token of the state it was drawn for, in its key (a click on
a button that is no longer drawn is dropped by Streamlit) and in its
arguments (checked against the state when the click arrives).

The page now redraws faster than a double click, so the second click of one
lands on the *new* state: every guarded control also counts how long it has been
on screen (:mod:`tutorial.app.shell.dwell`), and a click on one shown for less than
:data:`~tutorial.app.shell.dwell.DEFAULT_MIN_SEEN_MS` (the environment variable
``MUGGINS_MIN_SEEN_MS``, read once per process) changes nothing and says nothing.
A click that no longer matches the state changes nothing either; the page says so
once only when the state changed without the learner's own clicks (a double click's second
click, made on the table the first one replaced, is not worth a word).
The drawn table's piles go through the same guard (:func:`allowed`, tutorial/app/shell/table.py).
"""

from __future__ import annotations

import gettext
import time
from collections.abc import Callable
from functools import cache
from typing import Any

import streamlit as st

from tutorial.app.shell import dwell

STALE = "_stale_click"
"""Session key: a click on a state that changed without the learner was ignored (said once)."""
GUARD = "_seen_guard"
"""Session key: this session's :class:`~tutorial.app.shell.dwell.SeenGuard`."""


@cache
def tokened(key: str, token: str) -> str:
    """A widget key carrying the state it was drawn for: ``key-t<token>`` (``token`` in
    ``[0-9a-z]``), the form the focus keeper (:mod:`tutorial.app.shell.focus`) reads to give
    the focus to the control drawn anew from the same key after a rerun."""
    return f"{key}-t{token}"


def min_seen_ms() -> int:
    """The threshold in milliseconds, read from the environment once per process."""
    return dwell.min_seen_ms()


def guard() -> dwell.SeenGuard:
    """This session's guard (made on first use)."""
    found = st.session_state.get(GUARD)
    if not isinstance(found, dwell.SeenGuard):
        found = dwell.SeenGuard(time.monotonic, min_seen_ms() / 1000)
        st.session_state[GUARD] = found
    return found


def drawn(control: str, token: str, widget: str) -> None:
    """Note that ``control`` is being drawn for the state ``token`` as the widget keyed
    ``widget``: it was on screen before if Streamlit still holds that widget's state
    (Streamlit forgets a widget a finished run did not draw)."""
    guard().drawn(control, token, shown_before=widget in st.session_state)


def allowed(control: str, token: str, current: str, *, shown_ms: object = None) -> bool:
    """Whether a click on ``control`` drawn for ``token`` may act now that the state is
    ``current``; a click on a state that changed without the learner acting on it is
    noted, for :func:`notice` to mention. ``shown_ms``: how long the browser says the control had
    been in the page (milliseconds), when it says; anything but a number is ignored."""
    shown = None
    if isinstance(shown_ms, (int, float)) and not isinstance(shown_ms, bool) and 0 <= shown_ms < 1e12:
        shown = shown_ms / 1000
    verdict = guard().verdict(control, token, current, shown=shown)
    if verdict == dwell.STALE:
        st.session_state[STALE] = True
    return verdict == dwell.ACT


def button(label: str, *, key: str, seen: str, current: Callable[[], str], action: Callable[..., Any],
           args: tuple[Any, ...] = (), where: Any = None, fixed_key: bool = False, submit: bool = False,
           **options: Any) -> None:
    """Draw ``st.button`` keyed ``<key>-t<seen>`` whose click calls ``action(*args)``
    only if ``current()`` still equals ``seen`` (both short texts naming a state) and
    the button has been on screen long enough to have been seen.
    ``where``: a container or column (default ``st``); ``options`` go to ``st.button``.
    ``fixed_key``: keep the key ``key`` in every state, for a button whose action does not
    depend on what is shown (it reads a typed code, say, and a second press does the
    same again): only the time on screen is checked (``seen`` then names the version of
    the page it is drawn on, and a new one starts the count again).
    ``submit``: the button of the ``st.form`` it is drawn in (Enter in the form's text box
    presses it too)."""
    widget = key if fixed_key else tokened(key, seen)
    drawn(key, seen, widget)
    draw = (where or st).form_submit_button if submit else (where or st).button
    draw(label, key=widget, on_click=_guarded, args=(key, seen, None if fixed_key else current, action, args), **options)


def _guarded(key: str, seen: str, current: Callable[[], str] | None, action: Callable[..., Any],
             args: tuple[Any, ...]) -> None:
    if allowed(key, seen, seen if current is None else current()):
        action(*args)


BROWSER_JS = """
export default function(component) {
  // The browser's half of the click guard (tutorial/app/shell/dwell.py). Two rules, installed once:
  // - a click on a button drawn for a state (its key ends with the state's token, -t...) that has
  //   been in the page for less than min_seen ms never reaches the app (a slow browser shows a new
  //   button well after the server drew it: this counts from when it is really there);
  // - a press on another control than the one pressed last, less than min_seen ms after it, is
  //   stopped whole (press, release and click): the second press of a double click on a page the
  //   first one moved, landing on whatever control was drawn in the first one's place — any
  //   control, guarded or not (a plain button, a link, a panel's header).
  const { data } = component;
  const guard = window.mugginsClickGuard || (window.mugginsClickGuard = { min: 0, seen: new Map(), installed: false });
  guard.min = Number(data && data.min_seen) || 0;
  if (guard.installed) { return; }
  guard.installed = true;
  guard.last = null;  // the control of the last press let through, and when
  guard.stopping = false;  // the press under way was stopped: so are its release and click
  const TOKEN = /^st-key-.+-t[0-9a-z]+$/;
  const scan = () => {
    const now = performance.now();
    const present = new Set();
    for (const el of document.querySelectorAll('[class*="st-key-"]')) {
      for (const name of el.classList) {
        if (TOKEN.test(name)) {
          present.add(name);
          if (!guard.seen.has(name)) { guard.seen.set(name, now); }
        }
      }
    }
    for (const name of [...guard.seen.keys()]) { if (!present.has(name)) { guard.seen.delete(name); } }
  };
  new MutationObserver(scan).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  scan();
  const stop = (event) => { event.preventDefault(); event.stopImmediatePropagation(); };
  const CONTROL = 'button, a[href], input, select, textarea, summary, label, [role="button"], [role="link"], ' +
    '[role="tab"], [role="option"], [role="checkbox"], [role="radio"], [role="switch"], [role="slider"], ' +
    '[role="combobox"], [tabindex]';
  const controlOf = (event) => {
    // The innermost control pressed (inside a component's shadow root too), the key of the
    // Streamlit element holding it and, inside a component, what the control stands for.
    const path = event.composedPath ? event.composedPath() : [event.target];
    const element = path.find((el) => el instanceof Element && el.matches(CONTROL));
    if (!element) { return null; }
    const host = event.target instanceof Element ? event.target : null;  // retargeted: the component's host
    const holder = host ? host.closest('[class*="st-key-"]') : null;
    const key = holder ? [...holder.classList].filter((name) => name.startsWith('st-key-')).join(' ') : '';
    const inside = element.getRootNode() !== document;
    const part = inside ? (element.getAttribute('data-dest') || element.getAttribute('aria-label') || element.textContent || '') : '';
    return { element, key, part };
  };
  const same = (a, b) => a.element === b.element || a.element.contains(b.element) || b.element.contains(a.element) ||
    (a.key !== '' && a.key === b.key && a.part === b.part);
  window.addEventListener('pointerdown', (event) => {
    guard.stopping = false;
    if (!guard.min || !event.isPrimary) { return; }
    const control = controlOf(event);
    if (!control) { return; }
    // When the press happened, not when it is handled: a page busy redrawing handles a double
    // click's second press late, and it must still count as 120 ms after the first.
    const now = event.timeStamp || performance.now();
    if (guard.last && now - guard.last.at < guard.min && !same(guard.last.control, control)) {
      guard.stopping = true;
      stop(event);
      return;
    }
    guard.last = { control, at: now };
  }, true);
  for (const kind of ['mousedown', 'pointerup', 'mouseup', 'dblclick', 'auxclick', 'contextmenu']) {
    window.addEventListener(kind, (event) => { if (guard.stopping) { stop(event); } }, true);
  }
  window.addEventListener('click', (event) => {
    if (!guard.min) { return; }
    if (guard.stopping && event.detail > 0) { stop(event); return; }  // the stopped press's click (not a key's)
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    const holder = button ? button.closest('[class*="st-key-"]') : null;
    if (!holder) { return; }
    for (const name of holder.classList) {
      const since = guard.seen.get(name);
      if (since !== undefined && (event.timeStamp || performance.now()) - since < guard.min) {
        stop(event);
        return;
      }
    }
  }, true);
}
"""


@st.cache_resource(show_spinner=False)
def _browser_guard() -> Any:
    """The browser's half of the guard, registered once per server process (shared, stateless)."""
    return st.components.v2.component("muggins_click_guard", js=BROWSER_JS)


def install() -> None:
    """Put the browser's half of the guard in the page (the entry script does, on every run,
    in the sidebar: it draws nothing). The server's half stands on its own: without it
    (AppTest, a browser without JavaScript components) every click is still checked here.
    With the guard off (``MUGGINS_MIN_SEEN_MS=0``, as in the tests) nothing is put there."""
    if min_seen_ms():
        _browser_guard()(data={"min_seen": min_seen_ms()}, key="click-guard")


def notice(tr: gettext.NullTranslations) -> None:
    """Say once that a click made on an earlier table was ignored (a small toast)."""
    if st.session_state.pop(STALE, False):
        st.toast(tr.gettext("A click made on an earlier table was ignored: it no longer matched what is shown."),
                 icon=":material/touch_app:")
