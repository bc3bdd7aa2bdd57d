"""The drawn table in the browser: a Streamlit component (``st.components.v2``, part of
Streamlit) that lays out the Pillow-drawn card pictures where the seats sit.

Every pile that may be chosen is a real ``<button>`` at the pile's place; the table is one
Tab stop and the arrow keys move between its piles (a roving tabindex). A click
or Enter/Space sends ``{"dest": "common:1", "token": …}`` back to Python, where
the token is checked like every other action (tutorial/app/shell/clicks.py). The
component picks the wide or the tall layout by its own width, so a phone gets
bigger cards. Card pictures are static files (``static/cards``), fetched once
and cached by the browser; each rerun sends only the layout as data.
All text arrives as data and is set with ``textContent``: nothing is parsed as HTML.
"""

from __future__ import annotations

import streamlit as st

from tutorial.draw.cards import FOOT

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

CSS = f".mt-root {{ --mt-foot: {round((1 - FOOT) * 100, 2)}%; }}" + """
.mt-frame { width: 100%; }
.mt-root { position: relative; margin: 0 auto; user-select: none; font-family: inherit; scroll-margin-top: 3.9rem; }
.mt-room { position: absolute; inset: 0; background: #f4f1ea; border-radius: 10px; }
.mt-felt { position: absolute; border-radius: 50%; background: #1e6e46; border: 0.3em solid #145032; box-sizing: border-box; }
.mt-item { scroll-margin-top: 5rem; position: absolute; box-sizing: border-box; padding: 0; margin: 0; border: 0; background: transparent; }
.mt-item img { width: 100%; height: 100%; display: block; border-radius: 7%; }
button.mt-item { cursor: pointer; border-radius: 8%; }
button.mt-item:hover img { filter: brightness(0.9); }
button.mt-item:focus-visible { outline: 0.25em solid #1a73e8; outline-offset: 0.2em; }
.mt-mark-legal, .mt-mark-placed, .mt-mark-wrong, .mt-mark-right { border-radius: 8%; }
.mt-mark-legal { box-shadow: 0 0 0 0.3em #1f6fd1; }
.mt-mark-placed { box-shadow: 0 0 0 0.3em #f5be28; }
.mt-mark-wrong { box-shadow: 0 0 0 0.3em #c62828; }
.mt-mark-right { box-shadow: 0 0 0 0.3em #1b7a3c; }
/* A card's foot (below --mt-foot: tutorial.draw.cards.FOOT) is left blank by the face: the mark and a pile's
   count sit there, under the index and the suit, never over them, at any zoom. */
.mt-glyph { position: absolute; left: 4%; top: calc(var(--mt-foot, 76%) + 1px); width: 1.5em; height: 1.5em; line-height: 1.5em;
  border-radius: 50%; text-align: center; font-size: 0.9em; font-weight: 700; color: #fff; pointer-events: none; }
.mt-glyph-legal { background: #1f6fd1; } .mt-glyph-placed { background: #8a5a00; }
.mt-glyph-wrong { background: #c62828; } .mt-glyph-right { background: #1b7a3c; }
.mt-depth { position: absolute; border-radius: 8%; background: #fafafa; border: 1px solid #888; box-sizing: border-box; }
.mt-back { position: absolute; border-radius: 8%; background: #1c3c6e; border: 1px solid #ddd; box-sizing: border-box; }
.mt-count { position: absolute; right: 4%; top: calc(var(--mt-foot, 76%) + 1px); min-width: 1.6em; padding: 0 0.35em;
  border-radius: 0.9em; background: #222222; color: #ffffff; font-size: max(8px, calc(var(--mt-card, 40px) * 0.21));
  line-height: 1.4em; text-align: center; pointer-events: none; box-sizing: border-box; }
.mt-item .mt-glyph { font-size: max(8px, calc(var(--mt-card, 40px) * 0.21)); width: 1.4em; height: 1.4em; line-height: 1.4em; }
.mt-label { position: absolute; display: flex; align-items: center; justify-content: center; text-align: center;
  line-height: 1.15; color: #1e1e1e; white-space: nowrap; overflow: hidden; pointer-events: none; }
.mt-label span { padding: 0 0.4em; border-radius: 0.6em; background: rgba(244, 241, 234, 0.92); overflow: hidden; text-overflow: ellipsis; max-width: 100%; }
.mt-label.mt-mover span { background: #f5be28; font-weight: 700; }
.mt-turned img { box-shadow: 0 0.3em 0.8em rgba(0,0,0,0.45); }
.mt-svg { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; }
.mt-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
"""

JS = """
const TARGET = 44.5;  // CSS px: the smallest pile a finger should have to hit (WCAG 2.5.5: 44, kept after rounding)
const GLYPHS = { legal: '\u2713', right: '\u2713', wrong: '\u2717', placed: '\u2605' };
const ARROWS = { move: ['#f5be28', ''], gift: ['#ffffff', '9 7'], recycle: ['#bfe3ff', '4 6'] };
const SVG = 'http://www.w3.org/2000/svg';

function place(el, [x, y, w, h]) {  // a box: centre and size, fractions of the table
  el.style.left = ((x - w / 2) * 100) + '%';
  el.style.top = ((y - h / 2) * 100) + '%';
  el.style.width = (w * 100) + '%';
  el.style.height = (h * 100) + '%';
}

function fit(data, parent) {
  // The shape and size that give the biggest cards in the room there is: the column's
  // width, and a height that leaves room for the explanation (below it on a phone).
  const width = Math.max(parent.clientWidth, 200);
  const stacked = window.innerWidth < 640;
  const height = Math.max(window.innerHeight * (stacked ? data.phone_height : data.max_height) - (stacked ? 0 : (data.reserve ?? 72)), 180);
  let best = null;
  for (const shape of [data.wide, data.tall]) {
    if (shape.name === 'tall' && width >= data.narrow) { continue; }
    // On a phone a table whose piles can be chosen may take more of the height when that makes
    // every pile a target of TARGET px (the page scrolls there; the table brings itself into
    // view after a pick). A table only to look at keeps its size.
    const tall = stacked && data.clickable ? Math.max(height, TARGET / (shape.w * shape.card) * shape.h) : height;
    const scale = Math.min(width / shape.w, tall / shape.h);
    const card = scale * shape.w * shape.card;
    if (!best || card > best.card + 0.5) { best = { shape, scale, card }; }
  }
  return best;
}

function svgLine(svg, points, colour, dash, marker, width) {
  const line = document.createElementNS(SVG, 'polyline');
  line.setAttribute('points', points.map(p => p.join(',')).join(' '));
  line.setAttribute('fill', 'none'); line.setAttribute('stroke', colour); line.setAttribute('stroke-width', width);
  line.setAttribute('stroke-linecap', 'round'); line.setAttribute('stroke-linejoin', 'round');
  if (dash) { line.setAttribute('stroke-dasharray', dash); }
  if (marker) { line.setAttribute('marker-end', 'url(#' + marker + ')'); }
  svg.appendChild(line);
}

function draw(root, data, shape, scale, setTriggerValue) {
  // Keep the keyboard where it was: the pile that had the focus gets it back after the redraw.
  const focused = root.getRootNode().activeElement;
  const refocus = focused && root.contains(focused) ? focused.getAttribute('data-dest') : null;
  root.setAttribute('data-shape', shape.name);
  root.setAttribute('aria-label', data.title);
  root.style.width = Math.floor(scale * shape.w) + 'px';
  root.style.height = Math.floor(scale * shape.h) + 'px';
  root.style.fontSize = Math.max(11, (shape.name === 'tall' ? 24 : 19) * scale) + 'px';
  root.style.setProperty('--mt-card', (shape.card * shape.w * scale).toFixed(1) + 'px');  // a card's width
  root.replaceChildren();
  const room = document.createElement('div'); room.className = 'mt-room'; root.appendChild(room);
  const felt = document.createElement('div'); felt.className = 'mt-felt'; place(felt, shape.felt); root.appendChild(felt);
  const words = document.createElement('p'); words.className = 'mt-hidden'; words.textContent = data.alt;
  root.appendChild(words);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'mt-svg'); svg.setAttribute('viewBox', '0 0 ' + shape.w + ' ' + shape.h);
  svg.setAttribute('preserveAspectRatio', 'none'); svg.setAttribute('aria-hidden', 'true');
  const defs = document.createElementNS(SVG, 'defs');
  for (const [id, colour] of [['mt-move', ARROWS.move[0]], ['mt-gift', ARROWS.gift[0]], ['mt-recycle', ARROWS.recycle[0]],
                              ['mt-arc', '#6fbf8e']]) {
    const marker = document.createElementNS(SVG, 'marker');
    marker.setAttribute('id', id); marker.setAttribute('viewBox', '0 0 10 10'); marker.setAttribute('refX', '7');
    marker.setAttribute('refY', '5'); marker.setAttribute('markerWidth', '4'); marker.setAttribute('markerHeight', '4');
    marker.setAttribute('orient', 'auto-start-reverse');
    const tip = document.createElementNS(SVG, 'path'); tip.setAttribute('d', 'M 0 0 L 10 5 L 0 10 z');
    tip.setAttribute('fill', colour); marker.appendChild(tip); defs.appendChild(marker);
  }
  svg.appendChild(defs);
  svgLine(svg, shape.arc.map(([x, y]) => [x * shape.w, y * shape.h]), '#6fbf8e', '', 'mt-arc', 4);
  const arc = document.createElementNS(SVG, 'title'); arc.textContent = data.arc_words; svg.appendChild(arc);
  // What just happened, drawn under the cards (they stay readable) from edge to edge: each end
  // is pulled back by about half a card, so the arrowhead stops at the pile it points to.
  const reach = shape.card * shape.w * 0.75;
  for (const arrow of shape.arrows) {
    const [colour, dash] = ARROWS[arrow.kind] || ARROWS.move;
    const [x1, y1] = [arrow.from[0] * shape.w, arrow.from[1] * shape.h];
    const [x2, y2] = [arrow.to[0] * shape.w, arrow.to[1] * shape.h];
    const length = Math.hypot(x2 - x1, y2 - y1);
    if (length < 2.2 * reach) { continue; }  // neighbours: the marks say it
    const [dx, dy] = [(x2 - x1) / length * reach, (y2 - y1) / length * reach];
    svgLine(svg, [[x1 + dx, y1 + dy], [x2 - dx, y2 - dy]], colour, dash, 'mt-' + (ARROWS[arrow.kind] ? arrow.kind : 'move'), 5);
  }
  root.appendChild(svg);
  data.items.forEach((item, index) => {
    const box = shape.boxes[index];
    if (item.kind === 'label') {
      const label = document.createElement('div');
      label.className = 'mt-label' + (item.mark === 'mover' ? ' mt-mover' : '');
      label.setAttribute('aria-hidden', 'true');
      const span = document.createElement('span'); span.textContent = item.text; label.appendChild(span);
      place(label, box); root.appendChild(label);
      return;
    }
    const layers = item.kind === 'stock' ? Math.min(Math.floor((item.n + 2) / 3), 5) : (item.n > 1 ? Math.min(item.n - 1, 3) : 0);
    for (let layer = layers; layer > 0; layer--) {  // a stack whose height shows the count; a pile's depth
      const under = document.createElement('div');
      under.className = item.kind === 'stock' ? 'mt-back' : 'mt-depth';
      const dx = (item.kind === 'stock' ? 2 : -2) * layer / shape.w, dy = -2 * layer / shape.h;
      place(under, [box[0] + dx, box[1] + dy, box[2], box[3]]); root.appendChild(under);
    }
    const clickable = data.clickable && item.dest;
    const el = document.createElement(clickable ? 'button' : 'div');
    el.className = 'mt-item mt-' + item.kind + (item.mark ? ' mt-mark-' + item.mark : '');
    if (item.dest) { el.setAttribute('data-dest', item.dest); }
    if (clickable) {
      el.type = 'button';
      el.setAttribute('aria-label', item.aria);
      // With the pick, how long this table (this state of it) has been in the page: the
      // click guard (tutorial/app/shell/dwell.py) ignores a pick on a table shown too briefly to be seen.
      el.addEventListener('click', () => setTriggerValue('pick', {
        dest: item.dest, token: data.token, shown: Math.round(performance.now() - (root.mtShownAt ?? 0)) }));
    } else {
      el.setAttribute('role', 'img'); el.setAttribute('aria-label', item.aria);
    }
    el.title = item.aria;
    const img = document.createElement('img'); img.src = data.base + item.src; img.alt = ''; img.draggable = false;
    el.appendChild(img);
    if (item.kind === 'stock' ? item.n > 0 : item.n > 1) {  // how many cards: every stock, every pile of more than one
      const count = document.createElement('span'); count.className = 'mt-count'; count.textContent = String(item.n);
      el.appendChild(count);
    }
    if (item.mark && GLYPHS[item.mark]) {
      const glyph = document.createElement('span'); glyph.className = 'mt-glyph mt-glyph-' + item.mark;
      glyph.textContent = GLYPHS[item.mark]; el.appendChild(glyph);
    }
    place(el, box); root.appendChild(el);
    if (refocus && item.dest === refocus && clickable) { el.focus({ preventScroll: true }); }
  });
  rove(root, refocus);
  const keeper = window.__mugginsFocus;  // tutorial/app/shell/focus.py: the skip link now has a table to go to
  if (keeper && keeper.refresh) { keeper.refresh(); }
}

// The keyboard on the table: one Tab stop (a roving tabindex), the arrow keys move between
// the piles by where they sit, Home and End go to the first and the last, Enter or Space
// chooses (the piles are buttons).
function rove(root, wanted) {
  const piles = [...root.querySelectorAll('button.mt-item')];
  if (!piles.length) { return; }
  const keep = wanted || root.dataset.roving;
  const stop = piles.find(el => el.getAttribute('data-dest') === keep) || piles[0];
  for (const el of piles) { el.tabIndex = el === stop ? 0 : -1; }
  root.dataset.roving = stop.getAttribute('data-dest');
}

const DIRECTIONS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

function centre(el) { const box = el.getBoundingClientRect(); return [box.left + box.width / 2, box.top + box.height / 2]; }

function neighbour(piles, from, key) {
  const at = piles.indexOf(from);
  if (key === 'Home') { return piles[0]; }
  if (key === 'End') { return piles[piles.length - 1]; }
  const [dx, dy] = DIRECTIONS[key];
  const [x, y] = centre(from);
  let best = null, score = Infinity;
  for (const cone of [1, Infinity]) {  // the nearest pile that way: within 45° of it first, then anywhere ahead
    for (const el of piles) {
      if (el === from) { continue; }
      const [px, py] = centre(el);
      const along = (px - x) * dx + (py - y) * dy;
      const across = Math.abs((px - x) * dy - (py - y) * dx);
      if (along <= 1 || across > along * cone) { continue; }
      const value = along + 2 * across;
      if (value < score) { score = value; best = el; }
    }
    if (best) { return best; }
  }
  return piles[Math.min(Math.max(at + (dx + dy > 0 ? 1 : -1), 0), piles.length - 1)];
}

function keys(root) {
  root.addEventListener('keydown', (event) => {
    if (!(event.key in DIRECTIONS) && event.key !== 'Home' && event.key !== 'End') { return; }
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    const piles = [...root.querySelectorAll('button.mt-item')];
    const from = event.target.closest ? event.target.closest('button.mt-item') : null;
    // Only for a pile reached by the keyboard: after a click with the mouse, the arrow keys stay
    // the page's own (presenter mode: next and previous step).
    if (!from || !piles.length || !from.matches(':focus-visible')) { return; }
    event.preventDefault();
    event.stopPropagation();  // the page's own keys (presenter mode) are not this pile's
    const to = neighbour(piles, from, event.key);
    if (to && to !== from) { to.focus(); }
  });
  root.addEventListener('focusin', (event) => {  // the pile with the focus is the table's Tab stop
    const el = event.target.closest ? event.target.closest('button.mt-item') : null;
    if (el) { rove(root, el.getAttribute('data-dest')); }
  });
}

export default function(component) {
  const { data, setTriggerValue, parentElement } = component;
  if (!data) { return; }
  let frame = parentElement.querySelector('.mt-frame');
  if (!frame) {  // parentElement is a shadow root: measure a frame as wide as the column
    frame = document.createElement('div');
    frame.className = 'mt-frame';
    const made = document.createElement('div');
    made.className = 'mt-root';
    made.setAttribute('role', 'group');
    keys(made);
    frame.appendChild(made);
    parentElement.appendChild(frame);
  }
  const root = frame.querySelector('.mt-root');
  if (root.mtToken !== data.token || root.mtShownAt === undefined) {  // a new state of the table is in the page from now
    root.mtToken = data.token;
    root.mtShownAt = performance.now();
  }
  let last = '';
  const redraw = () => {
    const best = fit(data, frame);
    const size = best.shape.name + ':' + Math.round(best.scale * 1000);
    if (size === last) { return; }
    last = size;
    draw(root, data, best.shape, best.scale, setTriggerValue);
  };
  redraw();
  if (data.scroll && root.dataset.scrolled !== data.scroll) {
    // After a pick (or a step of a walk-through): bring the pile and what follows it into
    // view. Side by side, the whole table; stacked on a phone, the pile at the top, so the
    // verdict and the next control below the table are on the screen too.
    root.dataset.scrolled = data.scroll;
    requestAnimationFrame(() => {
      const stacked = window.innerWidth < 640;
      const whole = data.focus === '*';
      const pile = data.focus && !whole ? root.querySelector('[data-dest="' + CSS.escape(data.focus) + '"]') : null;
      if (stacked && !pile && !whole) { return; }  // a phone, after an answer below the table: where the learner looks
      const target = stacked && pile ? pile : root;
      const box = target.getBoundingClientRect();
      if (stacked || box.top < 64 || root.getBoundingClientRect().bottom > window.innerHeight) {
        target.scrollIntoView({ block: 'start', behavior: 'instant' });
      }
    });
  }
  const observer = new ResizeObserver(redraw);
  observer.observe(frame);
  window.addEventListener('resize', redraw);
  return () => { observer.disconnect(); window.removeEventListener('resize', redraw); };
}
"""


@st.cache_resource(show_spinner=False)
def component():
    """The table component, registered once per server process (shared, stateless)."""
    return st.components.v2.component("muggins_table", css=CSS, js=JS)


ANCHOR_JS = """
export default function(component) {
  // A scroll mark of the lesson pages, applied when the run has ended and the page has its
  // final height (by the focus keeper, tutorial/app/shell/focus.py; at the next frame without it).
  // - At the top of a step: when the learner moves to another step (data.nonce changes) and
  //   the step's top is above the screen, bring it to the top.
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
    } else if (box.top < TOP) { host.scrollIntoView({ block: 'start', behavior: 'instant' }); }
  };
  const keeper = window.__mugginsFocus;
  if (keeper) { keeper.scrolls.push(scroll); if (keeper.idle()) { keeper.soon(); } } else { requestAnimationFrame(scroll); }
}
"""


@st.cache_resource(show_spinner=False)
def anchor():
    """The step-top mark (see :data:`ANCHOR_JS`), registered once per server process."""
    return st.components.v2.component("muggins_anchor", js=ANCHOR_JS)
