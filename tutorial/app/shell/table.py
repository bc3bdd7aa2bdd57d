"""The table view: one function that draws any position, used by lessons, walk-throughs,
practice and the rules page.

By default the table is drawn as a card table (:mod:`tutorial.app.shell.table_component`): the
Pillow-drawn cards where the seats sit, clockwise from the learner at the bottom, the
turned card at the mover's seat, marks and arrows of what just happened, and a text
alternative naming every pile. The *text view* (a sidebar switch, ``table=text`` in the
address) draws the same table as a grid of Streamlit buttons and captions.

With ``pick`` every pile is a button that calls ``pick(dest_text)`` — only while
``current()`` still equals ``seen``, the token of the state drawn (see
:mod:`tutorial.app.shell.clicks`); without it nothing on the table is clickable.
"""

from __future__ import annotations

import base64
import gettext
import hashlib
import json
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

import streamlit as st

from tutorial.app.presenter import mode as presenter
from tutorial.app.shell import clicks, document, session, storage
from tutorial.app.shell.markup import literal
from tutorial.app.shell.table_view import TableView
from tutorial.app.shell.table_view import player_label as _player_label
from tutorial.draw import scene as sc
from tutorial.draw.cards import card_file_name
from tutorial.draw.layout import SHAPES, TALL, WIDE
from tutorial.engine.cards import Card
from tutorial.engine.position import Common, Dest, Position
from tutorial.narrate import Narrator

logger = logging.getLogger(__name__)

TEXT_VIEW, FOUR_COLOUR = session.TEXT_VIEW, session.FOUR_COLOUR
SCROLL = "_table_scroll"
"""Set by a pick on a drawn table: the next table drawn brings itself into view."""
CARDS = Path(__file__).resolve().parent.parent / "static" / "cards"
"""The card pictures (``python -m tutorial.draw.cards`` writes them), served as static files."""
PHONE_HEIGHT = 0.48
"""On a phone (explanation below the table) the table takes at most this share of the screen's height."""
NARROW = 460
"""Below this width (CSS pixels) the tall shape is considered (it gives bigger cards on a phone)."""

# Larger card faces on the text view's buttons, readable on a projector (constant CSS, no data).
CARD_STYLE = (
    "<style>"
    "[class*='st-key-table-'] button p {font-size: 1.6rem; font-weight: 700;}"
    "[class*='st-key-table-'] button {min-height: 3.6rem;}"
    "</style>"
)


def stage(key: str) -> tuple[Any, Any]:
    """``(board, panel)``: two columns, the table on the board and beside it (below it on a
    phone) the panel with the question, the verdict and the controls, so that after a
    click all three are in view. (Their style, :data:`tutorial.app.shell.document.STAGE`, is
    among the app's shared styles: sent once per page run, not with every click of a fragment.)"""
    with st.container(key=f"stage-{key}"):
        board, panel = st.columns([3, 2], gap="medium")
    return board, panel


FOUR_COLOUR_MD = {"C": "green", "D": "blue", "H": "red"}
"""Markdown colours of the four-colour deck (spades stay black)."""


def card_md(card: Card | None) -> str:
    """Markdown for a card: red suits in red, or with the learner's four-colour deck clubs
    green and diamonds blue. ``None`` gives an em dash."""
    if card is None:
        return "—"
    colour = FOUR_COLOUR_MD.get(card.suit) if four_colour() else ("red" if card.is_red else None)
    return f":{colour}[{card.symbol}]" if colour else card.symbol


def text_view() -> bool:
    """Whether this learner asked for the table as text."""
    return bool(st.session_state.get(TEXT_VIEW))


def four_colour() -> bool:
    """Whether this learner asked for the four-colour deck."""
    return bool(st.session_state.get(FOUR_COLOUR))


def render(view: TableView, tr: gettext.NullTranslations, *, key: str,
           pick: Callable[[str], None] | None = None, seen: str = "", current: Callable[[], str] | None = None,
           last: str | None = None) -> None:
    """Draw the table. ``key`` names it (drawn: ``<key>-table``; text view: every widget key
    starts with ``<key>-``, e.g. ``<key>-common-1-t<seen>``, ``<key>-discard-B-t<seen>``);
    ``pick`` makes each pile a control that calls ``pick(dest_text)`` if ``current()``
    still returns ``seen`` when the click arrives. ``last``: the last move in words, said again
    by the key *L* on the drawn table's piles."""
    current = current or (lambda: seen)
    if text_view():
        st.html(CARD_STYLE)
        with st.container(key=f"table-{key}"):
            _text_table(view, tr, key=key, pick=pick, pick_args=(seen, current))
        return
    _drawn(view, tr, key=key, pick=pick, seen=seen, current=current, last=last)
    _open_cards(view, tr)


# ----- the drawn table ---------------------------------------------------------------------
def table_data(view: TableView, tr: gettext.NullTranslations, *, clickable: bool = False, token: str = "",
               four: bool = False, base: str | None = "app/static/cards/", lang: str | None = None) -> dict[str, Any]:
    """Everything the browser component needs, as JSON-ready data: the ``items`` (each
    one's picture, count, mark, the pile a click on it means and its words, or a label's
    text), and for each shape (``wide``, ``tall``) their ``boxes`` in the same order
    (centre x, y, width, height as fractions), the arrows, the felt and the clockwise arc; the text alternative
    (``alt``); ``token`` (sent back with a pick). ``base``: the address of the card
    pictures, or ``None`` to embed them (when the server serves no static files). ``lang``:
    the language of the words (default: the learner's; ``tr`` should match it)."""
    from tutorial.narrate import narrator

    scene = view.scene(tr)
    n = narrator(lang, view.you) if lang else session.narrator(view.you)
    position = view.position
    things: list[dict[str, Any]] = []  # what each item is: the same in both shapes
    shapes = {}
    for shape in (WIDE, TALL):
        places = sc.scene_layout(scene, shape)
        placed = sc.items(scene, places)
        if not things:
            things = [_item_data(item, position, n, four, base) for item in placed]
        shapes[shape] = {
            "name": shape, "w": SHAPES[shape][0], "h": SHAPES[shape][1], "card": places.card[0],
            "boxes": [_rounded(item.box.x, item.box.y, item.box.w, item.box.h) for item in placed],  # in the order of items
            "arrows": [_arrow_data(arrow, scene, places) for arrow in scene.arrows],
            "felt": _rounded(places.felt.x, places.felt.y, places.felt.w, places.felt.h),
            "arc": [_rounded(x, y) for x, y in sc.clockwise_arc(places)],
        }
    _ = tr.gettext
    bottom = position.players[scene.bottom]
    lines = n.table_lines(position, turned=view.turned, mover=position.mover if view.show_mover else None,
                          dealer=view.dealer, marks=scene.marks, first=bottom)  # read as the arrow keys go round
    title = _("Card table: choose the pile where the card goes") if clickable else _("Card table")
    return {"items": things, "wide": shapes[WIDE], "tall": shapes[TALL], "narrow": NARROW, "base": base or "", "token": token,
            "clickable": clickable, "phone_height": PHONE_HEIGHT, "max_height": 1.0, "alt": " ".join(lines), "title": title,
            "arc_words": _("Play passes clockwise, to each player's left."), **key_words(n, bottom)}


def key_words(n: Narrator, bottom: str) -> dict[str, str]:
    """What the drawn table's piles say of their keys (table.js): ``keys``, the order the arrow
    keys go in and the keys that repeat (said once, the first time a pile has the focus, and
    part of the table's description); ``no_last`` and ``no_turned``, what *L* and *T* say when
    there is no last move or no turned card to tell. ``bottom``: the player the order starts from."""
    _ = n._
    if n.is_you(bottom):
        order = _("The arrow keys go through the piles in the order the table is described: the common piles, "
                  "then each discard clockwise from yours. Home and End go to the first and the last.")
    else:
        order = _("The arrow keys go through the piles in the order the table is described: the common piles, "
                  "then each discard clockwise from {player}'s. Home and End go to the first and the last.").format(player=bottom)
    again = _("L says the last move again, T the turned card.")
    return {"keys": order + " " + again, "no_last": _("No move to tell on this table."),
            "no_turned": _("No card is turned up.")}


def _arrow_data(arrow: sc.Arrow, scene: sc.TableScene, places: Any) -> dict[str, Any]:
    start, end = sc.place_box(arrow.start, scene, places), sc.place_box(arrow.end, scene, places)
    return {"from": _rounded(start.x, start.y), "to": _rounded(end.x, end.y), "kind": arrow.kind}


def _rounded(*values: float) -> list[float]:
    """Fractions of the picture, to a tenth of a pixel on a 1,000-pixel table (fewer bytes per click)."""
    return [round(value, 4) for value in values]


def _item_data(item: sc.Item, position: Position, n: Narrator, four: bool, base: str | None) -> dict[str, Any]:
    """What an item is, for the browser: a label's text, or a card's picture, count, mark,
    the pile a click on it means and its words."""
    if item.kind == "label":
        return {"kind": "label", "text": item.text, "mark": item.mark}
    name = card_file_name(item.card, four_colour=four, back=item.kind == "stock" and bool(item.count))
    return {"kind": item.kind, "src": name if base is not None else _embedded(name), "n": item.count or 0, "mark": item.mark,
            "dest": str(item.dest) if item.dest is not None else None, "aria": _item_words(item, position, n)}


def _item_words(item: sc.Item, position: Position, n: Narrator) -> str:
    if item.kind == "common" and isinstance(item.dest, Common) and item.card is not None:
        text = n.common_words(item.dest.number, position.commons[item.dest.number - 1])
    elif item.kind == "discard" and item.seat is not None:
        text = n.discard_words(position.players[item.seat], position.discards[item.seat])
    elif item.kind == "stock" and item.seat is not None:
        text = n.stock_words(position.players[item.seat], item.count or 0)
    elif item.kind == "turned" and item.card is not None:
        text = n.turned_words(position.mover, item.card)
    else:
        text = ""
    words = n.mark_words(item.mark)
    return f"{text} ({words})" if words else text


@lru_cache(maxsize=128)
def _embedded(name: str) -> str:
    """A card picture as a ``data:`` address (the same for everyone; read once per process)."""
    return "data:image/png;base64," + base64.b64encode((CARDS / name).read_bytes()).decode("ascii")


def _static_serving() -> bool:
    from tutorial.app.shell.table_component import static_serving

    return static_serving()


@dataclass
class DrawnTables:
    """What this session's page has been sent of the drawn tables: the layouts (each shape's
    geometry) it keeps, by name (:func:`wire_data`). A session is one page in one browser
    tab, whose script keeps every layout it received until the page is closed or reloaded."""

    KEY: ClassVar[str] = "_drawn_tables"
    layouts: set[str] = field(default_factory=set)


GEOMETRY = ("name", "w", "h", "card", "boxes", "felt", "arc")
"""What a shape holds besides its arrows: fixed while the table's layout is (players, seats, piles)."""
FIXED = ("narrow", "base", "phone_height", "max_height", "arc_words", "keys", "no_last", "no_turned")
"""Values of the data that do not change from one table to the next: sent with the layout."""
PART = re.compile(r"\{(\d+)\}")
"""A pile's words in the text alternative as it travels (``alt_t``): ``{3}`` is ``items[3]["aria"]``."""


def wire_data(data: dict[str, Any], layouts: set[str] | None = None) -> bytes:
    """The table's data (:func:`table_data`) as it travels with a rerun: compact JSON
    (UTF-8, no spaces, no empty fields). Each shape's geometry, with the values that never
    change (:data:`FIXED`), goes under ``shapes`` only when its layout is not among
    ``layouts`` (the ones this page already has, updated here); it is always named by
    ``layout``, a digest of it, and the arrows (which change with every move) travel apart,
    under ``arrows``. ``layouts`` ``None``: always sent."""
    shapes: dict[str, Any] = {name: {k: data[name][k] for k in GEOMETRY} for name in (WIDE, TALL)}
    shapes.update({k: data[k] for k in FIXED})
    layout = hashlib.blake2b(_compact(shapes).encode(), digest_size=6).hexdigest()
    out: dict[str, Any] = {k: v for k, v in data.items() if k not in (WIDE, TALL, "items", *FIXED)}
    out["items"] = [{k: v for k, v in item.items() if v is not None} for item in data["items"]]
    template = _alt_template(out["alt"], out["items"])
    if template is not None:  # the piles' words travel once, in the items
        out["alt_t"] = template
        del out["alt"]
    out["arrows"] = {name: data[name]["arrows"] for name in (WIDE, TALL)}
    out["layout"] = layout
    if layouts is None or layout not in layouts:
        out["shapes"] = shapes
        if layouts is not None:
            layouts.add(layout)
    return _compact(out).encode()


def _alt_template(alt: str, items: list[dict[str, Any]]) -> str | None:
    """The text alternative with every pile's words (an item's ``aria``, also sent) written
    as ``{index}``, for the browser to put back (table.js, ``altText``); ``None`` when that
    would not give back ``alt`` exactly (then it travels whole)."""
    if "{" in alt or "}" in alt:
        return None
    template = alt
    for index, item in sorted(enumerate(items), key=lambda pair: -len(pair[1].get("aria") or "")):
        aria = item.get("aria")
        if aria and "{" not in aria and aria in template:
            template = template.replace(aria, f"{{{index}}}", 1)
    expanded = PART.sub(lambda found: str(items[int(found.group(1))].get("aria")), template)
    return template if template != alt and expanded == alt else None


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _drawn(view: TableView, tr: gettext.NullTranslations, *, key: str, pick: Callable[[str], None] | None, seen: str,
           current: Callable[[], str], last: str | None = None) -> None:
    from tutorial.app.shell.table_component import component

    data = table_data(view, tr, clickable=pick is not None, token=seen, four=four_colour(),
                      base="app/static/cards/" if _static_serving() else None)
    if last and pick is not None:  # said again by the key L on a pile (only piles that take a pick have the keys)
        data["last"] = last
    nonce, focus = st.session_state.pop(SCROLL, ("", None))
    data["scroll"], data["focus"] = nonce, focus
    # Screen height kept for what is above the table (and, on a projector, for the lines of
    # open piles under it, which must fit the screen too).
    data["reserve"] = presenter.RESERVE + 40 * (len(view.open_stocks) + len(view.open_discards)) \
        if presenter.active() else 72
    store = storage.pending()
    if store is not None:  # a changed progress rides with the table (a practice click): no writer of its own
        data["store"] = store
    widget = f"{key}-table"
    sent = session.feature(DrawnTables).layouts
    wire = wire_data(data, sent)
    if pick is None:
        component()(data=wire, key=widget, on_missing_change=lambda: _missing(sent))
        return
    piles = frozenset(item["dest"] for item in data["items"] if item.get("dest"))
    clicks.drawn(widget, seen, widget)  # the click guard counts how long this table has been on screen
    component()(data=wire, key=widget, on_pick_change=lambda: _picked(widget, current, pick, piles),
                on_missing_change=lambda: _missing(sent))


def _missing(sent: set[str]) -> None:
    """The page lacks a layout it was sent (the run that carried it was replaced before the
    table was drawn): send every layout again with the next tables (the rerun that follows)."""
    logger.info("a page asked for the drawn table's layout again (%d layouts sent before)", len(sent))
    sent.clear()


def _picked(widget: str, current: Callable[[], str], pick: Callable[[str], None],
            piles: frozenset[str] | None = None) -> None:
    """A pile was clicked on the drawn table: apply it only if it names one of the ``piles``
    drawn, the table the learner saw (the token sent with the click) is still the one
    in play and it has been on screen long enough to have been seen (the click guard,
    :func:`tutorial.app.shell.clicks.allowed`). What comes from the browser is never trusted:
    anything else is ignored."""
    value = st.session_state.get(widget)
    chosen = value.get("pick") if value is not None and hasattr(value, "get") else None
    if not isinstance(chosen, dict) or not isinstance(chosen.get("dest"), str):
        return
    if piles is not None and chosen["dest"] not in piles:
        return
    token = chosen.get("token")
    if not clicks.allowed(widget, token if isinstance(token, str) else "", current(), shown_ms=chosen.get("shown")):
        return
    request_scroll(chosen["dest"])
    pick(chosen["dest"])


WHOLE_TABLE = "*"
"""A :func:`request_scroll` focus: the whole table, on a phone too."""


def request_scroll(focus: str | None = None) -> None:
    """Ask the next drawn table to bring itself into view (after a click that changed it):
    on a phone with the pile ``focus`` (a destination's text) at the top of the screen, or
    the table's top for :data:`WHOLE_TABLE`; with no focus, a phone keeps its place (the
    answer was given below the table, where the learner looks)."""
    count = st.session_state.get("_table_scrolls", 0) + 1
    st.session_state["_table_scrolls"] = count
    st.session_state[SCROLL] = (str(count), focus)


def _open_cards(view: TableView, tr: gettext.NullTranslations) -> None:
    """Lessons may show a closed stock or a whole discard card by card, under the table."""
    _ = tr.gettext
    lines = []
    for name in view.open_stocks:
        shown = " ".join(card_md(c) for c in view.position.stock_of(name)) or "—"
        lines.append(literal(_player_label(name, view, tr, mark_mover=False)) + " · "
                     + _("closed stock, top first: {cards}").format(cards=shown))
    for name in view.open_discards:
        shown = " ".join(card_md(c) for c in view.position.discard_of(name)) or "—"
        lines.append(literal(_player_label(name, view, tr, mark_mover=False)) + " · "
                     + _("discard, bottom to top: {cards}").format(cards=shown))
    for line in lines:
        st.markdown(line)


# ----- the text view -----------------------------------------------------------------------
NAMES_JS = r"""
export default function(component) {
  // The text view's pile buttons show only the top card ("5\u2663", "\u2014"); their full
  // names ("Common pile 1: 5\u2663 on top, 1 card", "B's discard: empty") come as data and are set
  // as aria-label on the buttons of this table, again whenever Streamlit redraws one.
  const { data, parentElement } = component;
  const host = parentElement.host || parentElement;
  const table = host.closest('[class*="st-key-table-"]');
  if (!data || !data.names || !table) { return; }
  const apply = () => {
    for (const [key, name] of Object.entries(data.names)) {
      for (const el of table.querySelectorAll('[class*="st-key-' + key.replace(/["\\]/g, '') + '-t"] button')) {
        if (el.getAttribute('aria-label') !== name) { el.setAttribute('aria-label', name); }
      }
    }
  };
  apply();
  const keeper = window.__mugginsFocus;  // tutorial/app/shell/focus.py: the skip link now has a table to go to
  if (keeper && keeper.refresh) { keeper.refresh(); }
  const observer = new MutationObserver(apply);
  observer.observe(table, { childList: true, subtree: true });
  return () => observer.disconnect();
}
"""
NAMES_STYLE = "<style>[class*='-pile-names'] {display: none;}</style>"


@st.cache_resource(show_spinner=False)
def _names_component():  # type: ignore[no-untyped-def]
    """The text view's button names (see :data:`NAMES_JS`), registered once per process."""
    return st.components.v2.component("muggins_pile_names", js=NAMES_JS)


def pile_names(view: TableView, key: str, lang: str | None = None) -> dict[str, str]:
    """The full name of each pile button of the text view, by its key without the state
    token: ``{"<key>-common-1": "Common pile 1: 5♣ on top, 1 card", "<key>-discard-B":
    "B's discard: empty"}``, with the pile's mark (``… (chosen)``), as the drawn table says."""
    from tutorial.narrate import narrator

    n = narrator(lang, view.you) if lang else session.narrator(view.you)
    position = view.position
    marks = view.all_marks()
    names: dict[tuple[Dest, str], str] = {}
    for number, pile in enumerate(position.commons, start=1):
        names[(Dest.common(number), f"{key}-common-{number}")] = n.common_words(number, pile)
    for name, discard in zip(position.players, position.discards, strict=True):
        names[(Dest.discard(name), f"{key}-discard-{name}")] = n.discard_words(name, discard)
    out = {}
    for (dest, widget), words in names.items():
        mark = n.mark_words(marks.get(dest))
        out[widget] = f"{words} ({mark})" if mark else words
    return out


def _text_table(view: TableView, tr: gettext.NullTranslations, *, key: str, pick: Callable[..., None] | None,
                pick_args: tuple[str, Callable[[], str]] | None) -> None:
    _ = tr.gettext
    position = view.position
    marks = view.all_marks()
    n = session.narrator(view.you)
    if pick is not None:
        st.html(NAMES_STYLE)
        _names_component()(data={"names": pile_names(view, key)}, key=f"{key}-pile-names")
    if view.turned is not None:
        who = literal(_player_label(position.mover, view, tr, mark_mover=False))
        st.markdown(_("**{player}** turns up:").format(player=who))
        with st.container(key=f"{document.BIG_TEXT}{key}-turned"):  # large, not a heading
            st.markdown(f"**{card_md(view.turned)}**", help=n.card_name(view.turned))

    st.markdown("**" + _("Common piles") + "**")
    columns = st.columns(max(len(position.commons), 4))
    for number, pile in enumerate(position.commons, start=1):
        dest: Dest = Dest.common(number)
        with columns[number - 1]:
            _cell(
                title=_("Common pile {number}").format(number=number),
                top=pile[-1],
                footer=tr.ngettext("{count} card", "{count} cards", len(pile)).format(count=len(pile)),
                dest=dest, mark=marks.get(dest), tr=tr, key=key, pick=pick, pick_args=pick_args,
            )

    st.markdown("**" + _("Players") + " · " + _("Play passes clockwise, to each player's left.") + "**")
    columns = st.columns(max(len(position.players), 4))
    for seat, name in enumerate(position.players):
        dest = Dest.discard(name)
        stock, discard = position.stocks[seat], position.discards[seat]
        footer = _("discard: {count}").format(count=len(discard))
        extra = [_("closed stock: {count}").format(count=len(stock))]
        if name in view.open_stocks:
            shown = " ".join(card_md(c) for c in stock) or "—"
            extra.append(_("closed stock, top first: {cards}").format(cards=shown))
        if name in view.open_discards:
            shown = " ".join(card_md(c) for c in discard) or "—"
            extra.append(_("discard, bottom to top: {cards}").format(cards=shown))
        with columns[seat]:
            _cell(
                title=literal(_player_label(name, view, tr)),
                top=discard[-1] if discard else None,
                footer=footer, dest=dest, mark=marks.get(dest), tr=tr, key=key, pick=pick, pick_args=pick_args,
                extra=extra,
            )


def _cell(*, title: str, top: Card | None, footer: str, dest: Dest, mark: str | None, tr: gettext.NullTranslations,
          key: str, pick: Callable[..., None] | None, pick_args: tuple[str, Callable[[], str]] | None,
          extra: tuple[str, ...] | list[str] = ()) -> None:
    _ = tr.gettext
    n = session.narrator()
    with st.container(border=True):
        st.caption(title)
        if mark:  # a highlighted (primary) button: plain text, so red suits stay readable on it
            label = top.symbol if top is not None else "—"
        else:
            label = card_md(top) if top is not None else ":gray[—]"  # short: fits seven narrow columns
        tooltip = n.card_name(top) if top is not None else _("An empty discard")
        if pick is not None:
            assert pick_args is not None
            seen, current = pick_args
            clicks.button(
                f"**{label}**",
                key=f"{key}-{dest.kind}-{dest.target}",
                seen=seen,
                current=current,
                action=pick,
                args=(str(dest),),
                help=tooltip,
                type="primary" if mark else "secondary",
                width="stretch",
            )
        else:
            with st.container(key=f"{document.LARGE_TEXT}{key}-{dest.kind}-{dest.target}"):  # large, not a heading
                st.markdown(f"**{label}**" + (" ⬅" if mark else ""))
        if mark:
            st.caption("**" + n.mark_words(mark) + "**")
        st.caption(footer)
        for line in extra:
            st.caption(line)
