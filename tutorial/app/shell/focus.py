"""Keyboard focus across reruns, for the whole app (issue 17, items 5 and 7).

Every click reruns the script, and Streamlit draws a control whose key carries a state
token (:mod:`tutorial.app.shell.clicks`: ``lesson-next-t3c6be587``) as a *new* element: the
one that had the focus is gone and the focus falls to the page body. One small component,
:func:`mark`, drawn by the entry script, puts a script in the page (once; it stays) that:

- remembers the control that had the focus by its widget key (for a pile of the drawn
  table also the pile);
- when a run has ended (the app's ``data-test-script-state`` is ``notRunning`` again)
  and that control was removed, gives the focus to the control drawn from the same key
  (the same key, or the same key with another state token: ``lesson-next-t…``) — so
  three Enters on *Forward* move three turns; if it is now disabled, to its nearest
  usable neighbour in the same row; if it is gone (after 1 s), to the table's Tab stop; a
  control that lost the focus but stayed (disabled while the page was redrawn) gets it back
  once usable; whatever was given the focus is watched for 5 s and followed if drawn anew;
  a pointer put down elsewhere means the learner moved away (nothing is restored);
- or, when a callback asked for it (:func:`request`), to the first of the named
  controls that is on the page: after a right answer *Next ▶*, after *Next ▶* the new
  step's first control, after *Finish the lesson* *Next lesson*;
- announces ``say`` politely for screen readers, in the app's one live region (a
  ``role="status"`` region; what is said within 60 ms is said together): on the pages that
  announce their verdicts themselves (lessons, practice, training) Streamlit's message boxes in
  :data:`SPOKEN_AREAS` lose their own live-region roles, so each event is heard once; what it
  last said is cleared on another page or language;
- applies the scroll marks of the lesson pages (:func:`tutorial.app.shell.table_component.anchor`)
  after the run, when the page has its final height;
- puts a *Skip to the table* link first in the tab order when a table is on the page;
- closes the sidebar on a phone after a page was chosen in it;
- on another page, when nothing else has the focus, gives it to the page's heading.

Focus is given without scrolling (``preventScroll``): where the page scrolls is decided
by the scroll marks; only after a key press is a control out of view brought into view.
The decisions (which keys to name) are plain Python in the pages; this module only
carries them to the browser.
"""

from __future__ import annotations

import gettext
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

import streamlit as st

from tutorial.app.shell import session

Request = tuple[str, list[str], str, str]
"""A focus request: ``(number, keys, say, read)``."""


@dataclass
class FocusState:
    """What the focus keeper holds for one session (one session key, :attr:`KEY`):
    ``pending``, the request a callback made, sent with the next run; ``count``, the
    requests made so far (each one's number); ``sent``, the last request sent to the
    browser (what tests read); ``labels``, the words last sent (the script stays in the page)."""

    KEY: ClassVar[str] = "focus"

    pending: Request | None = None
    count: int = 0
    sent: Request | None = None
    labels: dict[str, str] | None = None


def state() -> FocusState:
    """This session's focus state."""
    return session.feature(FocusState)

VERDICT = "[data-testid='stAlertContentSuccess'], [data-testid='stAlertContentError']"
"""For :func:`request`'s ``read``: the first verdict on the page."""


def request(keys: Iterable[str], say: str = "", read: str = "") -> None:
    """Ask the next run to give the focus to the first of ``keys`` that is on the page (a
    widget key without its state token; a container's key means its first usable control;
    no keys: the focus stays, or is restored, as after any run), and to announce
    ``say`` to screen readers, then the text of the first element that matches the CSS
    selector ``read`` (e.g. :data:`VERDICT`), or of every one for :data:`SAID` (as a screen
    reader reads it: no hidden icon's name).
    Call it from a callback (it reaches the browser with the run that follows)."""
    kept = state()
    kept.count += 1
    kept.pending = (str(kept.count), list(keys), say, read)


def sent() -> Request | None:
    """The last request sent to the browser: ``(number, keys, say, read)`` (for tests)."""
    return state().sent


SPOKEN_PREFIX = "spoken-"
"""Key prefix of a container whose message boxes the app announces itself (through
:func:`request`): their own live-region roles are taken away (one announcement per event)."""
SPOKEN_AREAS = (SPOKEN_PREFIX, "stage-", "lesson-more")
"""Where the app announces what the message boxes say: a :data:`SPOKEN_PREFIX` container, a
stage beside a table (:func:`tutorial.app.shell.table.stage`), a lesson step's “what happened”."""
SPOKEN = ", ".join(f"[class*='st-key-{prefix}'] [data-testid='stAlertContainer'][role]" for prefix in SPOKEN_AREAS)
"""The message boxes the app announces itself (:data:`SPOKEN_AREAS`): their roles go."""
SAID = ", ".join(f"[class*='st-key-{prefix}'] [data-testid^='stAlertContent']" for prefix in SPOKEN_AREAS)
"""For :func:`request`'s ``read``: every message box the app announces itself, in page order
(a lesson step's verdict and what happened at length)."""

JS = r"""
const SPOKEN = "__SPOKEN__";
const SAID = "__SAID__";
const SPOKEN_PAGES = ['lessons', 'practice', 'train'];  // the pages whose message boxes the app announces
const CONTROLS = 'button, input, select, textarea, a[href], summary, [tabindex]';
const TOKEN = /^[0-9a-z]+$/;

function up(node) { return node.parentElement || (node.getRootNode && node.getRootNode().host) || null; }
function keyOf(el) {  // the widget key of the nearest keyed element (through shadow roots)
  for (let node = el; node; node = up(node)) {
    if (node.classList) { for (const c of node.classList) { if (c.startsWith('st-key-')) { return c.slice(7); } } }
  }
  return null;
}
function* everything(root) {
  for (const el of root.querySelectorAll('*')) { yield el; if (el.shadowRoot) { yield* everything(el.shadowRoot); } }
}
function deepActive() {
  let el = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) { el = el.shadowRoot.activeElement; }
  return el;
}
function usable(el) {
  if (!el.matches(CONTROLS) || el.disabled || el.closest('[disabled]') || el.getAttribute('aria-disabled') === 'true') { return false; }
  if (el.matches('a[href]') && el.closest('h1, h2, h3, h4, h5, h6')) { return false; }  // a heading's own link
  return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
}
function keyed(key) {  // elements keyed `key`, or `key` and a state token (`key-t…`, see clicks.py)
  const quoted = key.replace(/["\\]/g, '\\$&');
  return [...document.querySelectorAll('[class*="st-key-' + quoted + '"]')].filter(el => [...el.classList].some(c =>
    c === 'st-key-' + key || (c.startsWith('st-key-' + key + '-t') && TOKEN.test(c.slice(key.length + 9)))));
}
function stems(key) {  // a key as drawn, then without its state token (the longest stem first)
  const out = [key];
  for (let at = key.lastIndexOf('-t'); at > 0; at = key.lastIndexOf('-t', at - 1)) {
    if (TOKEN.test(key.slice(at + 2))) { out.push(key.slice(0, at)); }
  }
  return out;
}
function controlIn(box, dest) {  // a container's control: the pile asked for, a tab stop, any usable
  const all = [box, ...everything(box)].filter(usable);
  return (dest && all.find(el => el.getAttribute('data-dest') === dest))
      || all.find(el => el.tabIndex >= 0) || null;
}
function neighbour(box) {  // a disabled control: the nearest usable one in its row (before it first)
  let row = box;
  for (let level = 0; level < 4 && row; level++) {
    row = row.parentElement;
    if (!row) { break; }
    const all = [...everything(row)].filter(el => usable(el) && el.tabIndex >= 0);
    const before = all.filter(el => box.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING);
    const after = all.filter(el => box.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
    if (before.length || after.length) { return before.length ? before[before.length - 1] : after[0]; }
  }
  return null;
}
function find(key, dest, nearby) {  // the control keyed `key` (a request) or drawn from the same key (a restore)
  for (const stem of nearby ? stems(key) : [key]) {
    const boxes = keyed(stem);
    for (const box of boxes) { const el = controlIn(box, dest); if (el) { return el; } }
    if (nearby) {  // the control is there but disabled (Forward at the last turn): its row's neighbour
      for (const box of boxes) {
        const off = [box, ...everything(box)].some(el => el.matches('button, input, select, textarea') && el.disabled);
        const el = off ? neighbour(box) : null;
        if (el) { return el; }
      }
    }
  }
  return null;
}
function spoken(el) {  // what a screen reader says of an element: no hidden icon's name ("lightbulb"), an image's own name
  const copy = el.cloneNode(true);
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) { hidden.remove(); }
  for (const image of copy.querySelectorAll('[role="img"][aria-label]')) { image.textContent = image.getAttribute('aria-label'); }
  for (const block of copy.querySelectorAll('p, li, div, br, h1, h2, h3, h4, h5, h6')) { block.append(' '); }
  return copy.textContent.replace(/\s+/g, ' ').trim();
}
function inView(el) {
  const box = el.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
}

function install() {
  const M = { last: null, pending: null, done: '', scrolls: [], keyboard: false, labels: {}, closeSidebar: false, reopened: 0, lang: '', retries: 0, retry: 0, tableWanted: 0 };
  const live = document.createElement('div');
  live.setAttribute('role', 'status'); live.setAttribute('aria-live', 'polite'); live.id = 'muggins-live';
  live.style.cssText = 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;';
  document.body.appendChild(live);
  M.say = (text) => {  // said once, politely; what is said within the same 60 ms is said with it
    if (!text) { return; }
    M.said = M.saying ? M.said + ' ' + text : text;
    live.textContent = '';
    clearTimeout(M.saying);
    M.saying = setTimeout(() => { live.textContent = M.said; M.saying = 0; }, 60);
  };
  // The app's one live region: Streamlit's message boxes are live regions of their own (an error
  // or a warning role="alert", a success or a note role="status"), so a verdict the app announces
  // was heard twice, or a stale one first. Where the app announces what its boxes say (SPOKEN:
  // the table's panel, a lesson step, the practice page's question), their roles go.
  // (Only on the pages that announce them: a class room's page, whose boxes change on the teacher's
  // word, keeps Streamlit's own.)
  const quiet = () => {
    if (!SPOKEN_PAGES.includes(location.pathname.split('/').pop())) { return; }
    for (const box of document.querySelectorAll(SPOKEN)) { box.removeAttribute('role'); }
  };
  new MutationObserver(quiet).observe(document.body, { childList: true, subtree: true });
  quiet();
  const skip = document.createElement('a');
  skip.href = '#'; skip.id = 'muggins-skip-table'; skip.hidden = true;
  const hide = 'position:fixed;left:-10000px;top:0.5rem;';
  const show = 'position:fixed;left:0.5rem;top:0.5rem;z-index:1000100;padding:0.5rem 0.9rem;background:#ffffff;'
    + 'color:#0b57d0;border:2px solid #0b57d0;border-radius:0.4rem;font:600 1rem sans-serif;text-decoration:underline;';
  skip.style.cssText = hide;
  skip.addEventListener('focus', () => { skip.style.cssText = show; });
  skip.addEventListener('blur', () => { skip.style.cssText = hide; });
  skip.addEventListener('click', (event) => {
    event.preventDefault();
    const target = M.table();
    if (target) { target.focus({ preventScroll: true }); target.scrollIntoView({ block: 'nearest' }); }
  });
  document.body.prepend(skip);
  M.table = () => {  // the first table on the page: its pile that is the tab stop, or the table itself
    for (const el of everything(document)) {
      const text = el.classList && [...el.classList].some(c => c.startsWith('st-key-table-'));
      if (el.classList && (el.classList.contains('mt-root') || text)) {
        const piles = text ? [...el.querySelectorAll('[class*="-common-"] button, [class*="-discard-"] button')] : [];
        const control = piles.find(usable) || (text ? null : controlIn(el, null));
        if (control) { return control; }
        el.tabIndex = -1;
        return el;
      }
    }
    return null;
  };
  document.addEventListener('keydown', (event) => {
    M.keyboard = true;
    // Esc closes an open pop-up (Save…, a share's QR code) wherever the focus is: after a
    // download the browser may leave it on the page itself, outside the pop-up, where Esc
    // did nothing (found by a trial; put back below, but later than a quick Esc on a busy machine).
    const modal = event.key === 'Escape' && document.querySelector('[role="dialog"]');
    if (modal && !modal.contains(event.composedPath()[0])) {
      // (Streamlit names it "Close"; document.py puts that name in the page's language)
      const close = modal.querySelector('button[aria-label="Close"], button[data-muggins-name="Close"]');
      if (close) { event.preventDefault(); close.click(); }
    }
  }, true);
  document.addEventListener('pointerdown', (event) => {
    M.keyboard = false;
    // The learner pointed somewhere else (the page itself, some text): the control they had used
    // is no longer theirs to come back to. Pointing at a control gives it the focus (focusin).
    if (M.last && !event.composedPath().includes(M.last.el)) { M.last = null; }
  }, true);
  document.addEventListener('focusin', (event) => {
    const el = event.composedPath()[0];
    if (!(el instanceof Element) || el === skip) { return; }
    const key = keyOf(el);
    M.last = key ? { el, key, dest: el.getAttribute('data-dest') } : null;
  }, true);
  document.addEventListener('focusout', (event) => {
    const el = event.composedPath()[0];
    setTimeout(() => {
      // Inside a pop-up (Save…): a download takes the focus to the page itself, where Esc no
      // longer reaches the pop-up (found by a trial). It goes back to the control, or the pop-up.
      const modal = document.querySelector('[role="dialog"]');
      const now = deepActive();
      if (modal && modal.contains(el) && (!now || now === document.body) && document.hasFocus()) {
        (el.isConnected ? el : modal).focus({ preventScroll: true });
      }
      // A focus lost otherwise keeps what was used: a key press that starts a run may lose the
      // focus before the run has begun (on a busy machine Streamlit redraws the control first),
      // and taking that as the learner moving away left the focus on nothing after Undo one full
      // run in a few. The learner moving away is seen where it happens (pointerdown, focusin).
    }, 0);
  }, true);
  document.addEventListener('click', (event) => {  // a page chosen in the sidebar, on a phone
    const link = event.composedPath().find(el => el instanceof Element && el.matches('[data-testid="stSidebarNav"] a, [data-testid="stSidebar"] [data-testid="stPageLink-NavLink"]'));
    if (link && window.innerWidth < 768) { M.closeSidebar = true; }
    // The learner opening the menu again (within the 3 s the closing goes on for) keeps it open:
    // it was shut again under their finger (found by a test)
    if (event.isTrusted && event.composedPath().some(el => el instanceof Element && el.matches('[data-testid="stExpandSidebarButton"]'))) {
      M.reopened = Date.now();
    }
  }, true);

  const again = (limit = 30) => {  // settle once more in 100 ms, for up to 3 s (limit × 0.1 s) after a run's end
    if (M.retries >= limit) { return false; }
    M.retries += 1;
    clearTimeout(M.retry);
    M.retry = setTimeout(() => requestAnimationFrame(settle), 100);
    return true;
  };
  let watched = null;
  const watchGone = (el) => {  // for 5 s while `el` keeps the focus or nothing has it: once removed, or
    if (watched === el) { return; }  // usable again with nothing focused, settle again
    watched = el;
    const since = Date.now();
    const look = () => {
      if (watched !== el) { return; }
      const active = deepActive();
      const lost = !active || active === document.body;
      if (!el.isConnected || (lost && usable(el))) { watched = null; M.soon(); return; }
      if ((active === el || lost) && Date.now() - since < 5000) { setTimeout(look, 100); } else { watched = null; }
    };
    setTimeout(look, 100);
  };
  const settle = () => {
    // Another language chosen (in the sidebar) on a phone: the page in that language is what the
    // learner wants to see, so the sidebar closes as after choosing a page. Seen on the document's
    // language, which each run sets: the radio's own events differ between mouse, touch and keys.
    const lang = document.documentElement.lang;
    if (M.lang && lang !== M.lang && window.innerWidth < 768) { M.closeSidebar = true; }
    // another page or language: what the live region last said is no longer true here
    if ((M.lang && lang !== M.lang) || (M.path !== undefined && M.path !== location.pathname)) {
      clearTimeout(M.saying); M.saying = 0; live.textContent = '';
    }
    M.lang = lang;
    if (M.closeSidebar) {
      // For 3 s after the run's end, close the sidebar whenever it has stayed open for 300 ms: the
      // new page's sidebar may be drawn late (a busy phone), and Streamlit may be closing it
      // itself (a click in the middle of its own closing would open it again). After 3 s, go on
      // until it has stayed closed for 1 s, for at most 10 s: on a busy machine it was still
      // open after the 3 s (a test found it so one run in three).
      const since = Date.now();
      let open = 0, shut = 0;
      M.closeSidebar = false;
      const close = () => {
        const bar = document.querySelector('[data-testid="stSidebar"]');
        const button = document.querySelector('[data-testid="stSidebar"] button[aria-controls="stSidebar"][aria-expanded="true"]');
        const shown = bar && button && bar.getAttribute('data-collapsed') !== 'true' && bar.getBoundingClientRect().right > 0;
        if (shown && window.innerWidth < 768) { open += 1; shut = 0; } else { open = 0; shut += 1; }
        if (M.reopened > since) { return; }  // the learner opened it again: it stays open
        if (open >= 3) { button.click(); open = 0; }
        const gone = Date.now() - since;
        if (gone < 3000 || (shut < 10 && gone < 10000)) { setTimeout(close, 100); }
      };
      close();
    }
    for (const scroll of M.scrolls.splice(0)) { scroll(); }
    const active = deepActive();
    const lost = !active || active === document.body || !active.isConnected;
    const request = M.pending && M.pending.nonce !== M.done ? M.pending : null;
    let target = null;
    if (request) {
      const inSidebar = active && !lost && active.closest && active.closest('[data-testid="stSidebar"]');
      // In presenter mode the arrow keys step through the course: the focus is never *given* to a
      // pile of the drawn table (there the arrows would move between piles; a pile the presenter
      // reaches with Tab keeps them).
      const presenting = Boolean(document.body.dataset.presenterKeys);
      if (!inSidebar) {
        for (const key of request.keys) {
          target = find(key, null, false);
          if (target && presenting && target.matches('button.mt-item')) { target = null; continue; }
          if (target) { break; }
        }
      }
      // not drawn yet (see below): look again shortly (a request with no keys only speaks)
      if (!target && !inSidebar && request.keys.length && again()) { return; }
      M.done = request.nonce;
      // SAID: every box the app announces, in page order; another selector: the first that matches
      const found = !request.read ? [] : request.read === SAID ? [...document.querySelectorAll(SAID)]
        : [document.querySelector(request.read)].filter(Boolean);
      const read = found.map(spoken);
      M.say([request.say, ...read].filter(Boolean).join(' '));
    }
    if (!target && lost && M.last && !M.last.el.isConnected) {
      target = find(M.last.key, M.last.dest, true);
      // the control drawn from the same key may reach the page a few frames later than the
      // run's end (a busy machine, a long delta): look again shortly
      // (for 1 s: a control gone for good, Undo with nothing left to undo, left the focus on
      // nothing for 3 s before it went to the table — found by a trial)
      if (!target && M.path === location.pathname && again(10)) { return; }
    }
    // The control used still has the focus: Streamlit may remove it a little after the run's end
    // (later on a busy machine: Forward drawn anew, Undo gone), and the focus then falls to the
    // page with no run left to bring it back (tests found it so one run in three): watch it.
    if (!target && !lost && M.last && M.last.el === active) { watchGone(active); }
    // The control used is still there but the focus has left it: Streamlit disabled it while it
    // redrew the page (the focus then falls to the page), and it is either usable again (the
    // focus goes back to it) or removed a little later (Undo with nothing left to undo, seen
    // one full run in a few: the focus was left on nothing): watch it.
    if (!target && lost && M.last && M.last.el.isConnected) {
      if (usable(M.last.el)) { target = M.last.el; } else { watchGone(M.last.el); }
    }
    M.retries = 0;
    if (!target && lost && M.last && !M.last.el.isConnected && M.path === location.pathname) {
      // the control used is gone (Undo with nothing left to undo): the table, the next thing to do
      const table = M.table();
      target = table && usable(table) ? table : null;
      // no table drawn yet (a busy machine draws it later): it takes the focus when it is drawn
      M.tableWanted = target ? 0 : Date.now();
    }
    // a page chosen in the sidebar's menu leaves the focus on its link (16 Tabs from Training's
    // link to its first answer, found by a blind tester)
    const onMenu = Boolean(active && !lost && active.closest && active.closest('[data-testid="stSidebarNav"]'));
    if (!target && (lost || onMenu) && M.path !== undefined && M.path !== location.pathname) {
      // another page: its heading, so that the next Tab goes into the page, not back to the menus
      target = document.querySelector('[data-testid="stMain"] h1') || document.querySelector('[data-testid="stMain"]');
      if (target && target.tabIndex < 0 && !target.hasAttribute('tabindex')) { target.tabIndex = -1; }
    }
    M.path = location.pathname;
    // a pop-up (Save…, a share's QR code) holds the focus until it is closed: never taken from it
    const modal = document.querySelector('[role="dialog"]');
    if (target && target !== active && !(modal && !modal.contains(target))) {
      target.focus({ preventScroll: true });
      if (M.keyboard && !inView(target)) { target.scrollIntoView({ block: 'nearest' }); }
      // What was given the focus may itself be drawn anew a little later (a table whose new
      // piles arrive after the run's end, a control a fragment draws again): the focus would
      // fall to the page with no run left to bring it back (seen one full run in a few after
      // Undo, and after Forward in the position lab): watch it as the control used is watched.
      watchGone(target);
    }
    M.refresh();
  };
  M.refresh = () => {  // the skip link only where there is a table (a table drawn later calls this too)
    const table = M.table();
    skip.hidden = !table;
    if (M.tableWanted && table && usable(table)) {
      const active = deepActive();
      if (Date.now() - M.tableWanted < 5000 && (!active || active === document.body)) { table.focus({ preventScroll: true }); }
      M.tableWanted = 0;
    }
    if (M.labels.skip) { skip.textContent = M.labels.skip; }
  };
  let timer = 0;
  M.soon = () => {  // the page's last changes are drawn in the frames after the run's end
    clearTimeout(timer);
    timer = setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(settle)), 30);
  };
  M.idle = () => {
    const app = document.querySelector('[data-testid="stApp"]');
    return !app || app.getAttribute('data-test-script-state') !== 'running';
  };
  const watch = () => {
    const app = document.querySelector('[data-testid="stApp"]');
    if (!app) { setTimeout(watch, 100); return; }
    let state = app.getAttribute('data-test-script-state');
    new MutationObserver((records) => {
      // a run began, however quickly it ended (both changes may reach one callback)
      const now = app.getAttribute('data-test-script-state');
      const ran = now === 'running' || records.some(r => r.oldValue === 'running');
      if (ran) { clearTimeout(M.retry); M.retries = 0; }
      if (now !== 'running' && (ran || now !== state)) { M.soon(); }
      state = now;
    }).observe(app, { attributes: true, attributeOldValue: true, attributeFilter: ['data-test-script-state'] });
  };
  watch();
  // A run so quick that React drew its start and its end as one (no change of the attribute at
  // all) is not seen above: a page or a language changed that way left the sidebar open on a
  // phone (a test caught the keeper still on the old page 12 s later). Four times a second,
  // settle when the page's path or language is not the one last settled on.
  setInterval(() => {
    if (M.idle() && M.retries === 0 && M.path !== undefined && (location.pathname !== M.path || document.documentElement.lang !== M.lang)) { M.soon(); }
  }, 250);
  return M;
}

export default function(component) {
  const { data } = component;
  const M = window.__mugginsFocus || (window.__mugginsFocus = install());
  if (!data) { return; }
  M.labels = data.labels || {};
  if (data.request && data.request.nonce !== M.done) { M.pending = data.request; }
  if (M.idle()) { M.soon(); }  // drawn after the run ended (the script loads on its own time)
}
"""


@st.cache_resource(show_spinner=False)
def _component() -> Any:
    """The focus keeper, registered once per server process (shared, stateless)."""
    return st.components.v2.component("muggins_focus", js=JS.replace('"__SPOKEN__"', json.dumps(SPOKEN)).replace('"__SAID__"', json.dumps(SAID)))


STYLE = "<style>.st-key-muggins-focus {display: none;}</style>"


def resend() -> None:
    """Draw the keeper again at this run's :func:`mark`: the browser said it is not in the page
    (its element, drawn once, can be dropped before its script loads: :mod:`~tutorial.app.shell.storage`)."""
    state().labels = None


def mark(tr: gettext.NullTranslations) -> None:
    """Draw the focus keeper from the entry script, on the runs that have something to send:
    the first run of a session (the script installs itself in the page and stays there),
    a run after a callback's :func:`request`, and a run after the language changed (the
    skip link's words). Other runs send nothing (its script is 9 kB)."""
    _ = tr.gettext
    kept = state()
    asked, kept.pending = kept.pending, None
    labels = {"skip": _("Skip to the table")}
    if asked is None and kept.labels == labels:
        return
    kept.labels = labels
    data: dict[str, Any] = {"labels": labels}
    if asked is not None:
        data["request"] = _sent(asked)
    st.html(STYLE)
    _component()(data=data, key="muggins-focus")


NOTE_JS = ("export default function(c){const M=window.__mugginsFocus,d=c.data;"
           "if(M&&d&&d.request&&d.request.nonce!==M.done){M.pending=d.request;if(M.idle()){M.soon();}}}")
"""The carrier of :func:`deliver`: hands a request to the keeper the page already has."""


@st.cache_resource(show_spinner=False)
def _note_component() -> Any:
    """The focus request carrier, registered once per server process (shared, stateless)."""
    return st.components.v2.component("muggins_focus_note", js=NOTE_JS)


def deliver(key: str) -> None:
    """Inside an ``st.fragment``: send the request a callback made (:func:`request`) with the
    fragment's own run, which does not run the entry script and so not :func:`mark`. On a
    full run :func:`mark` has sent it already and this draws nothing. The carrier is a few
    bytes: the keeper's script is in the page from the session's first run."""
    kept = state()
    asked, kept.pending = kept.pending, None
    if asked is None:
        return
    st.html(STYLE.replace("muggins-focus", key))
    _note_component()(data={"request": _sent(asked)}, key=key)


def _sent(asked: Request) -> dict[str, Any]:
    """A request as the browser's script takes it, noted as the last one sent (:func:`sent`)."""
    state().sent = asked
    nonce, keys, say, read = asked
    return {"nonce": nonce, "keys": list(keys), "say": say, "read": read}
