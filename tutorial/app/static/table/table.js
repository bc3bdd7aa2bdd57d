// The drawn table (tutorial/app/shell/table_component.py). This file is the component's script:
// imported once per page from the app's static files (the component itself sends only a
// loader with each rerun), or, where the server serves no static files, sent inline.

// Loaded as a file, the script brings its style (table.css beside it, same version) and adopts
// it into each table's shadow root; sent inline, Streamlit puts the style there itself.
const FILE = import.meta.url.startsWith('http');
const SHEET = FILE ? await (async () => {
  const here = new URL(import.meta.url);
  const answer = await fetch(new URL('table.css' + here.search, here).href);
  if (!answer.ok) { throw new Error('table.css: HTTP ' + answer.status); }
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(await answer.text());
  return sheet;
})() : null;

const TARGET = 44.5;  // CSS px: the smallest pile a finger should have to hit (WCAG 2.5.5: 44, kept after rounding)
const GLYPHS = { legal: '✓', right: '✓', wrong: '✗', placed: '★' };
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
  const words = document.createElement('p'); words.className = 'mt-hidden';
  words.textContent = altText(data) + (data.clickable && data.keys ? ' ' + data.keys : '');  // the keys: see keys()
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
// the piles in the order the table's description reads them — the common piles, then each
// discard clockwise from the seat at the bottom (the order the piles are drawn in) — Right and
// Down to the next, Left and Up to the previous, stopping at the ends; Home and End go to the
// first and the last, Enter or Space chooses (the piles are buttons). L says the last move
// again, T the turned card (through the app's one live region, tutorial/app/shell/focus.py);
// what the keys do is said once, the first time a pile of any table has the keyboard's focus.
function rove(root, wanted) {
  const piles = [...root.querySelectorAll('button.mt-item')];
  if (!piles.length) { return; }
  const keep = wanted || root.dataset.roving;
  const stop = piles.find(el => el.getAttribute('data-dest') === keep) || piles[0];
  for (const el of piles) { el.tabIndex = el === stop ? 0 : -1; }
  root.dataset.roving = stop.getAttribute('data-dest');
}

const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

function neighbour(piles, from, key) {
  if (key === 'Home') { return piles[0]; }
  if (key === 'End') { return piles[piles.length - 1]; }
  const at = piles.indexOf(from) + STEPS[key];
  return piles[Math.min(Math.max(at, 0), piles.length - 1)];
}

function say(text) {
  const keeper = window.__mugginsFocus;
  if (keeper && keeper.say && text) { keeper.say(text); }
}

function keys(root) {
  root.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    const piles = [...root.querySelectorAll('button.mt-item')];
    const from = event.target.closest ? event.target.closest('button.mt-item') : null;
    if (!from || !piles.length) { return; }
    const letter = event.key.length === 1 ? event.key.toLowerCase() : '';
    if (letter === 'l' || letter === 't') {  // hear the last move, or the turned card, again
      const data = root.mtData || {};
      const turned = (data.items || []).find(item => item.kind === 'turned');
      event.preventDefault();
      say(letter === 'l' ? (data.last || data.no_last) : (turned ? turned.aria : data.no_turned));
      return;
    }
    if (!(event.key in STEPS) && event.key !== 'Home' && event.key !== 'End') { return; }
    // Only for a pile reached by the keyboard: after a click with the mouse, the arrow keys stay
    // the page's own (presenter mode: next and previous step).
    if (!from.matches(':focus-visible')) { return; }
    event.preventDefault();
    event.stopPropagation();  // the page's own keys (presenter mode) are not this pile's
    const to = neighbour(piles, from, event.key);
    if (to && to !== from) { to.focus(); }
  });
  root.addEventListener('focusin', (event) => {  // the pile with the focus is the table's Tab stop
    const el = event.target.closest ? event.target.closest('button.mt-item') : null;
    if (!el) { return; }
    rove(root, el.getAttribute('data-dest'));
    if (!window.__mugginsTableKeysSaid && el.matches(':focus-visible') && root.mtData && root.mtData.keys) {
      window.__mugginsTableKeysSaid = true;  // once per page: the description says it too
      say(root.mtData.keys);
    }
  });
}

// What travels with each rerun is only the table's data: compact JSON (bytes), whose
// geometry (each shape's boxes, felt and arc: fixed while the table's layout is) comes once
// per page and layout, then only as its name (data.layout); this page keeps what it was sent.
const LAYOUTS = new Map();
const ASKED = new Set();

function unpack(raw) {
  if (raw instanceof ArrayBuffer) { raw = new Uint8Array(raw); }
  if (ArrayBuffer.isView(raw)) { return JSON.parse(new TextDecoder().decode(raw)); }
  return raw || null;
}

function altText(data) {  // the text alternative: whole, or with each pile's words as {index} of items
  return data.alt ?? (data.alt_t || '').replace(/\{(\d+)\}/g, (_, i) => (data.items[+i] || {}).aria || '');
}

function withShapes(data) {  // the data with both shapes whole, or null when this page lacks its geometry
  if (!data.layout) { return data; }
  if (data.shapes) { LAYOUTS.set(data.layout, data.shapes); }
  const fixed = LAYOUTS.get(data.layout);
  if (!fixed) { return null; }
  const arrows = data.arrows || {};
  return { ...fixed, ...data, wide: { ...fixed.wide, arrows: arrows.wide || [] }, tall: { ...fixed.tall, arrows: arrows.tall || [] } };
}

export default function(component) {
  const { setTriggerValue, parentElement } = component;
  if (SHEET && parentElement.adoptedStyleSheets && !parentElement.adoptedStyleSheets.includes(SHEET)) {
    parentElement.adoptedStyleSheets = [...parentElement.adoptedStyleSheets, SHEET];
  }
  const given = unpack(component.data);
  if (!given) { return; }
  // A changed progress may ride with the table (tutorial/app/shell/storage.py, pending): hand
  // it to the writer the storage script left on window.
  if (given.store && window.__mugginsStorageWrite) { window.__mugginsStorageWrite(given.store); }
  const data = withShapes(given);
  if (!data) {  // a geometry this page never received (its run was replaced before it was drawn): ask again, once
    const asked = given.layout + ' ' + given.token;
    if (!ASKED.has(asked)) { ASKED.add(asked); setTriggerValue('missing', given.layout); }
    return;
  }
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
  // One redraw per frame, drawing the latest data: at a new size (the column, the window) and
  // whenever new data arrives.
  root.mtData = data;
  root.mtSet = setTriggerValue;
  root.mtSize = '';
  if (!frame.mtRedraw) {
    frame.mtRedraw = () => {
      const now = root.mtData;
      const best = fit(now, frame);
      const size = best.shape.name + ':' + Math.round(best.scale * 1000);
      if (size === root.mtSize) { return; }
      root.mtSize = size;
      draw(root, now, best.shape, best.scale, root.mtSet);
    };
  }
  frame.mtRedraw();
  if (data.scroll && root.dataset.scrolled !== data.scroll) {
    // After a pick (or a step of a walk-through): bring the pile and what follows it into
    // view. Side by side, the whole table; stacked on a phone, the pile at the top, so the
    // verdict and the next control below the table are on the screen too.
    // When the run has ended and the page has its final height (the focus keeper runs its
    // scrolls then, tutorial/app/shell/focus.py; at the next frame without it): drawn as soon
    // as its data arrives, the table can come before what follows it on the page, and the
    // page would still be too short to scroll it to the top.
    root.dataset.scrolled = data.scroll;
    const scroll = () => {
      if (!root.isConnected) { return; }
      const stacked = window.innerWidth < 640;
      const whole = data.focus === '*';
      const pile = data.focus && !whole ? root.querySelector('[data-dest="' + CSS.escape(data.focus) + '"]') : null;
      if (stacked && !pile && !whole) { return; }  // a phone, after an answer below the table: where the learner looks
      const target = stacked && pile ? pile : root;
      const box = target.getBoundingClientRect();
      if (stacked || box.top < 64 || root.getBoundingClientRect().bottom > window.innerHeight) {
        target.scrollIntoView({ block: 'start', behavior: 'instant' });
      }
    };
    const keeper = window.__mugginsFocus;
    if (keeper && keeper.scrolls) {
      keeper.scrolls.push(scroll);
      if (keeper.idle()) { keeper.soon(); }
    } else { requestAnimationFrame(scroll); }
  }
  if (!frame.mtObserver) {
    frame.mtObserver = new ResizeObserver(frame.mtRedraw);
    frame.mtObserver.observe(frame);
    window.addEventListener('resize', frame.mtRedraw);
  }
  return () => {
    if (frame.mtObserver) { frame.mtObserver.disconnect(); frame.mtObserver = null; }
    window.removeEventListener('resize', frame.mtRedraw);
  };
}
