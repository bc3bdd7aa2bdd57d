"""The table view: one component that draws any position at any width.

It shows every common pile's top, every player's discard top (empty ones
too), how many cards each stock and discard holds, who is to move, and the
turned card. With ``pick`` every pile becomes a button that calls
``pick(dest_text)`` — only while ``current()`` still equals ``seen``, the token
of the state drawn (see :mod:`tutorial.app.clicks`); without it nothing on the
table is clickable.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from dataclasses import dataclass, field

import streamlit as st

from ..engine.cards import Card
from ..engine.position import Dest, Position
from . import clicks, session
from .markup import literal

# Larger card faces on the table buttons, readable on a projector (constant CSS, no data).
CARD_STYLE = (
    "<style>"
    "[class*='st-key-table-'] button p {font-size: 1.6rem; font-weight: 700;}"
    "[class*='st-key-table-'] button {min-height: 3.6rem;}"
    "</style>"
)


def card_md(card: Card | None) -> str:
    """Markdown for a card: red suits in red. ``None`` gives an em dash."""
    if card is None:
        return "—"
    return f":red[{card.symbol}]" if card.is_red else card.symbol


@dataclass
class TableView:
    """What to draw.

    - ``position``: the piles (the turned card is not in it).
    - ``turned``: the card in the mover's hand, if any.
    - ``you``: the learner's player name (marked “you”), or ``None``.
    - ``marked``: piles to draw attention to (where a card just went).
    - ``open_stocks``: show these players' closed stocks card by card (lessons only).
    - ``open_discards``: show these players' whole discards, bottom to top.
    """

    position: Position
    turned: Card | None = None
    you: str | None = None
    marked: set[Dest] = field(default_factory=set)
    open_stocks: tuple[str, ...] = ()
    open_discards: tuple[str, ...] = ()
    show_mover: bool = True


def _player_label(name: str, view: TableView, tr: gettext.NullTranslations, *, mark_mover: bool = True) -> str:
    _ = tr.gettext
    label = literal(name)
    if name == view.you:
        label = _("{player} (you)").format(player=label)
    if mark_mover and view.show_mover and name == view.position.mover:
        label = (_("{player} · your turn") if name == view.you else _("{player} · to move")).format(player=label)
    return label


def render(view: TableView, tr: gettext.NullTranslations, *, key: str,
           pick: Callable[[str], None] | None = None, seen: str = "", current: Callable[[], str] | None = None) -> None:
    """Draw the table. ``key`` prefixes every widget key (``<key>-common-1-t<seen>``,
    ``<key>-discard-B-t<seen>``); ``pick`` makes each pile a button that calls
    ``pick(dest_text)`` if ``current()`` still returns ``seen`` when the click arrives."""
    st.html(CARD_STYLE)
    with st.container(key=f"table-{key}"):
        _render(view, tr, key=key, pick=pick, pick_args=(seen, current or (lambda: seen)))


def _render(view: TableView, tr: gettext.NullTranslations, *, key: str, pick, pick_args) -> None:
    _ = tr.gettext
    position = view.position
    if view.turned is not None:
        who = _player_label(position.mover, view, tr, mark_mover=False)
        st.markdown(
            _("**{player}** turns up:").format(player=who) + f"\n\n## {card_md(view.turned)}",
            help=session.narrator().card_name(view.turned),
        )

    st.markdown("**" + _("Common piles") + "**")
    columns = st.columns(max(len(position.commons), 4))
    for number, pile in enumerate(position.commons, start=1):
        dest = Dest.common(number)
        with columns[number - 1]:
            _cell(
                title=_("Common pile {number}").format(number=number),
                top=pile[-1],
                footer=tr.ngettext("{count} card", "{count} cards", len(pile)).format(count=len(pile)),
                dest=dest, view=view, tr=tr, key=key, pick=pick, pick_args=pick_args,
            )

    st.markdown("**" + _("Players") + "**")
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
                title=_player_label(name, view, tr),
                top=discard[-1] if discard else None,
                footer=footer, dest=dest, view=view, tr=tr, key=key, pick=pick, pick_args=pick_args, extra=extra,
            )


def _cell(*, title, top, footer, dest, view, tr, key, pick, pick_args, extra=()):
    _ = tr.gettext
    marked = dest in view.marked
    with st.container(border=True):
        st.caption(title)
        if marked:  # a highlighted (primary) button: plain text, so red suits stay readable on it
            label = top.symbol if top is not None else "—"
        else:
            label = card_md(top) if top is not None else ":gray[—]"  # short: fits seven narrow columns
        tooltip = session.narrator().card_name(top) if top is not None else _("An empty discard")
        if pick is not None:
            seen, current = pick_args
            clicks.button(
                f"**{label}**",
                key=f"{key}-{dest.kind}-{dest.target}",
                seen=seen,
                current=current,
                action=pick,
                args=(str(dest),),
                help=tooltip,
                type="primary" if marked else "secondary",
                width="stretch",
            )
        else:
            st.subheader(label + (" ⬅" if marked else ""), anchor=False)  # no heading link on a card
        st.caption(footer)
        for line in extra:
            st.caption(line)
