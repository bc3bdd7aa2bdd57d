"""The position lab: any position set up, examined destination by destination, and played
out turn by turn (issue 11; RULES.md §priority, §muggins, R8).

The position's one source of truth is its position-file text (``lab:text``, TOML):
every way of starting (a deal code, a lesson, the practice table, a file) and every
edit writes it, and everything shown is read from it. A text that is not a valid
position is refused with the command line's line-numbered message, never a traceback.
"""

from __future__ import annotations

import base64
import zlib
from urllib.parse import quote

import streamlit as st

from .. import words
from ..draw.scene import LEGAL, WRONG, arrows_for
from ..engine.bots import all_destinations
from ..engine.deal import SEAT_NAMES, DealCode, deal
from ..engine.errors import MugginsError, PositionError
from ..engine.posfile import dumps, loads
from ..engine.position import Common, Dest, Discard, Position
from ..engine.rules import judge, legal_destinations, turn_up
from ..explore.reference import play_hand
from ..explore.study import DEFAULT_MAX_TURNS
from . import clicks, session
from .lesson_view import course
from .markup import literal, paragraphs
from .table import TableView, render

TEXT = "lab:text"
PROBLEM = "lab:problem"
TURN = "lab:turn"
MAX_LINK = 6000
"""The longest ``pos=`` value read from an address (characters)."""
MAX_TEXT = 32_000
"""The longest position text the lab reads (bytes: a full 52-card position takes under 2,000;
parsing megabytes of cards would hold the server for seconds on every run)."""
NOTICE = "lab:notice"
"""A problem with what a click asked for (a deal code, a file): shown once."""
PLAYOUT_TURNS = DEFAULT_MAX_TURNS
"""The turn limit of the lab's playout (R7), the studies' own: 20,000 turns (a three-player
hand that still runs then is drawn, as in the variant lab)."""
GOOD = "lab:good"
"""The last valid position text: shown while the editor holds a text that is not valid."""


# ----- the text: encode for links, read with limits -------------------------------
def link_value(text: str) -> str:
    """The position text packed for an address (zlib, then base64url)."""
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def from_link(value: str | None) -> str | None:
    """The position text a ``pos=`` value carries, or ``None`` when it is not one (too
    long, not base64url, not zlib, or unpacking to more than a position file may hold)."""
    if not value or len(value) > MAX_LINK:
        return None
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        unpack = zlib.decompressobj()
        text = unpack.decompress(raw, MAX_TEXT)
        if unpack.unconsumed_tail or unpack.unused_data or not unpack.eof:
            return None
        return text.decode("utf-8")
    except (ValueError, zlib.error, UnicodeDecodeError):
        return None


def address_value() -> str | None:
    """The ``pos=`` value of the lab's position for the page address (``None`` when too long
    for one), so a refresh or a bookmark comes back to it."""
    text = st.session_state.get(GOOD) or st.session_state.get(TEXT)
    value = link_value(text) if text else None
    return value if value and len(value) <= MAX_LINK else None


def current() -> Position | None:
    """The lab's position, or ``None`` when its text is not valid (the problem is kept)."""
    state = st.session_state
    if TEXT not in state:
        linked = from_link(session.url_seed("pos"))
        try:
            loads(linked or "")
        except PositionError:
            if session.url_seed("pos"):
                state[NOTICE] = session.tr().gettext("The position in the page address could not be read; "
                                                     "here is deal 4-1 instead.")
            linked = None
        state[TEXT] = linked or dumps(deal(DealCode(4, 1))[0])
    try:
        position = loads(state[TEXT])
    except PositionError as err:
        state[PROBLEM] = problem_text(err, state[TEXT])
        return None
    state[GOOD] = state[TEXT]
    return position


def problem_text(err: PositionError, text: str) -> str:
    """A position-text problem in words, with its line (as on the command line)."""
    line = 0 if err.code == "number-too-large" else words.error_line(err, text)  # that message names its line
    message = words.position_error(err, session.tr())
    return session.tr().gettext("Line {line}: {problem}").format(line=line, problem=message) if line else message


def last_good() -> Position | None:
    """The last valid position the lab showed, if any."""
    text = st.session_state.get(GOOD)
    try:
        return loads(text) if text else None
    except PositionError:
        return None


def token() -> str:
    """The state a click in the lab was made on: the position's text and the playout's turn."""
    return f"{_token()}{st.session_state.get(TURN, 0)}"


EDIT_WIDGETS = ("lab-turn-slider",)


def _set_text(text: str) -> None:
    """A new position text: every widget showing the old position starts afresh."""
    st.session_state[TEXT] = text
    st.session_state.pop(PROBLEM, None)
    st.session_state[TURN] = 0
    for key in EDIT_WIDGETS:
        st.session_state.pop(key, None)


def _set(position: Position) -> None:
    _set_text(dumps(position))
    st.session_state.pop("lab-editor", None)  # the editor shows the new text


# ----- where to start -------------------------------------------------------------
def _from_deal() -> None:
    try:
        _set(deal(DealCode.parse(st.session_state.get("lab-deal", "")))[0])
    except PositionError as err:
        st.session_state[NOTICE] = words.position_error(err, session.tr())


def _from_lesson(positions: dict[str, Position], widget: str) -> None:
    chosen = st.session_state.get(widget)
    if chosen in positions:
        _set(positions[chosen])


def _from_practice() -> None:
    from .practice_view import GAME

    game = st.session_state.get(GAME)
    if game is not None:
        _set(game.hand.position)


def _from_file() -> None:
    upload = st.session_state.get("lab-upload")
    if upload is None:
        return
    raw = upload.getvalue()[:MAX_TEXT + 1]
    if len(raw) > MAX_TEXT:
        st.session_state[NOTICE] = session.tr().gettext("The file is too large for a position (more than {limit} kB).").format(
            limit=MAX_TEXT // 1000)
        return
    try:
        _set_text(raw.decode("utf-8-sig"))
        st.session_state.pop("lab-editor", None)
    except UnicodeDecodeError:
        st.session_state[NOTICE] = words.position_error(PositionError("unreadable", detail="not UTF-8"), session.tr())


def _from_editor() -> None:
    _set_text(str(st.session_state.get("lab-editor", ""))[:MAX_TEXT])


def sources() -> None:
    """The ways to start: a deal code, a lesson position, the practice table, a file."""
    _ = session.tr().gettext
    with st.expander(_("Start from…"), expanded=False, icon=":material/input:"):
        a, b = st.columns([3, 1], vertical_alignment="bottom")
        a.text_input(_("Deal code"), key="lab-deal", max_chars=20, placeholder="4-12345")
        b.button(_("Deal"), key="lab-deal-go", on_click=_from_deal, width="stretch")
        lessons, _problems = course()
        positions = {f"{lesson.id}/{step.id}": step.position for lesson in lessons for step in lesson.steps
                     if isinstance(getattr(step, "position", None), Position)}
        titles = {f"{lesson.id}/{step.id}": f"{_(lesson.title)} · {_(step.title)}" for lesson in lessons
                  for step in lesson.steps if f"{lesson.id}/{step.id}" in positions}
        a, b = st.columns([3, 1], vertical_alignment="bottom")
        widget = session.labelled_key("lab-lesson-step", titles.values())
        a.selectbox(_("A lesson's position"), list(positions), format_func=titles.get, key=widget)
        b.button(_("Open"), key="lab-lesson-go", on_click=_from_lesson, args=(positions, widget), width="stretch")
        from .practice_view import GAME

        if GAME in st.session_state:
            st.button(_("The practice table as it is now"), key="lab-practice-go", on_click=_from_practice,
                      icon=":material/playing_cards:")
        st.file_uploader(_("A position file (TOML)"), type=["toml", "txt"], key="lab-upload", on_change=_from_file)


# ----- editing ---------------------------------------------------------------------
def _pile_label(position: Position, dest_text: str) -> str:
    n = session.narrator()
    kind, _sep, target = dest_text.partition(":")
    if kind == "stock":
        return n.closed_stock(target)
    return n.pile(Dest.parse(dest_text), position)


def _piles_with_cards(position: Position) -> list[str]:
    found = [f"stock:{name}" for name, stock in zip(position.players, position.stocks, strict=True) if stock]
    found += [f"discard:{name}" for name, pile in zip(position.players, position.discards, strict=True) if pile]
    found += [f"common:{number}" for number, pile in enumerate(position.commons, start=1) if len(pile) > 1]
    return found


def move_card(position: Position, source: str, target: str) -> Position:
    """Move the top card of ``source`` to the top of ``target`` (``stock:NAME`` — a stock's
    top is its first card —, ``discard:NAME``, ``common:N``). Raises :class:`PositionError`
    ``bad-dest`` when ``source`` has no card to give or a common pile would be emptied."""
    stocks = [list(pile) for pile in position.stocks]
    discards = [list(pile) for pile in position.discards]
    commons = [list(pile) for pile in position.commons]

    def pile_of(text: str) -> tuple[list, bool]:
        kind, _sep, target_ = text.partition(":")
        if kind == "stock":
            return stocks[position.seat(target_)], True
        dest = position.check_dest(Dest.parse(text))
        if isinstance(dest, Common):
            return commons[dest.number - 1], False
        assert isinstance(dest, Discard)
        return discards[position.seat(dest.player)], False

    take, take_top_first = pile_of(source)
    if not take or (source.startswith("common:") and len(take) < 2):
        raise PositionError("bad-dest", dest=source)
    card = take.pop(0) if take_top_first else take.pop()
    put, put_top_first = pile_of(target)
    put.insert(0, card) if put_top_first else put.append(card)
    return Position.build(position.players, position.mover, commons,
                          dict(zip(position.players, stocks, strict=True)),
                          dict(zip(position.players, discards, strict=True)))


def _do_move(source_key: str, target_key: str) -> None:
    position = current()
    source, target = st.session_state.get(source_key), st.session_state.get(target_key)
    if position is None or not source or not target or source == target:
        return
    try:
        _set(move_card(position, source, target))
    except MugginsError as err:
        st.session_state[NOTICE] = words.position_error(err, session.tr())


def _to_move(key: str) -> None:
    position = current()
    name = st.session_state.get(key)
    if position is not None and name in position.players:
        _set(position.replace(to_move=position.seat(name)))


def _seat(position: Position, players: list[str], mover: str) -> None:
    """Make the lab's position ``position`` with these ``players`` (a newcomer's piles empty,
    a leaver's cards gone) and ``mover`` to move; a count outside 3–7 is a notice."""
    try:
        _set(Position.build(players, mover, [list(pile) for pile in position.commons],
                            {n: list(position.stock_of(n)) for n in players if n in position.players},
                            {n: list(position.discard_of(n)) for n in players if n in position.players}))
    except PositionError as err:
        st.session_state[NOTICE] = words.position_error(err, session.tr())


def _add_player() -> None:
    position = current()
    if position is not None:
        name = next(n for n in SEAT_NAMES + tuple("HIJK") if n not in position.players)
        _seat(position, [*position.players, name], position.mover)


def _remove_player(key: str) -> None:
    position = current()
    name = st.session_state.get(key)
    if position is not None and name in position.players:
        keep = [n for n in position.players if n != name]
        _seat(position, keep, position.mover if position.mover != name else keep[0])


def editor(position: Position | None) -> None:
    """Edit by moving cards, choosing the mover, adding or removing players, or as text."""
    _ = session.tr().gettext
    with st.expander(_("Edit the position"), icon=":material/edit:"):
        if position is not None:
            sources_ = _piles_with_cards(position)
            targets = ([f"stock:{n}" for n in position.players] + [f"discard:{n}" for n in position.players]
                       + [f"common:{k}" for k in range(1, len(position.commons) + 1)])
            # keys from the labels: a pile's label names its top, which an edit changes (the
            # browser sends a choice's label back; see session.labelled_key)
            source_labels = {t: _pile_label(position, t) for t in sources_}
            target_labels = {t: _pile_label(position, t) for t in targets}
            source_key = session.labelled_key("lab-move-from", source_labels.values())
            target_key = session.labelled_key("lab-move-to", target_labels.values())
            mover_key = session.labelled_key("lab-mover", (*position.players, position.mover))
            remove_key = session.labelled_key("lab-remove", position.players)
            a, b, c = st.columns([2, 2, 1], vertical_alignment="bottom")
            a.selectbox(_("Move the top card of"), sources_, key=source_key, format_func=source_labels.get)
            b.selectbox(_("onto"), targets, key=target_key, format_func=target_labels.get)
            clicks.button(_("Move"), key="lab-move-go", seen=token(), current=token, action=_do_move,
                          args=(source_key, target_key), where=c, width="stretch", disabled=not sources_)
            a, b, c = st.columns([2, 1, 2], vertical_alignment="bottom")
            a.selectbox(_("Player to move"), list(position.players), index=position.to_move, key=mover_key,
                        on_change=_to_move, args=(mover_key,))
            clicks.button(_("Add a player"), key="lab-add", seen=token(), current=token, action=_add_player, where=b,
                          width="stretch",
                     disabled=len(position.players) >= 7)
            with c:
                d, e = st.columns([2, 1], vertical_alignment="bottom")
                d.selectbox(_("Remove"), list(position.players), key=remove_key)
                clicks.button(_("Remove"), key="lab-remove-go", seen=token(), current=token, action=_remove_player,
                              args=(remove_key,), where=e, width="stretch", help=_("Their cards leave the table too."),
                         disabled=len(position.players) <= 3)
        st.session_state.setdefault("lab-editor", st.session_state[TEXT])
        st.text_area(_("Position file (TOML): stocks top card first, discards and common piles bottom to top"),
                     key="lab-editor", height=260, max_chars=MAX_TEXT)
        st.button(_("Use this text"), key="lab-editor-go", on_click=_from_editor, icon=":material/check:")


# ----- examining -------------------------------------------------------------------
PICKED = "lab:picked"


def _token() -> str:
    """The state a click on the lab's table was made on: the position's text (the playout's
    turn does not change that table)."""
    return f"{zlib.crc32(st.session_state.get(TEXT, '').encode('utf-8')):08x}"


def _pick(dest_text: str) -> None:
    st.session_state[PICKED] = (_token(), dest_text)


def examine(position: Position) -> None:
    """The turned card and, for every destination, its verdict with the explanation; a
    click on a pile of the table (or its button in the text view) shows that pile's verdict first."""
    tr = session.tr()
    _ = tr.gettext
    n = session.narrator()
    turned = turn_up(position)
    table, panel = st.columns([3, 2], gap="medium")
    if turned.card is None:
        with table:
            render(TableView(position), tr, key="lab-table")
        panel.info(literal(n.where_it_goes(None, legal_destinations(position, None), position)))
        return
    legal = legal_destinations(turned.position, turned.card)
    dests = all_destinations(turned.position)
    marks = {dest: (LEGAL if dest in legal.dests else WRONG) for dest in dests}
    picked_on, picked_text = st.session_state.get(PICKED, ("", ""))
    picked = next((dest for dest in dests if str(dest) == picked_text), None) if picked_on == _token() else None
    shown = {d: m for d, m in marks.items() if m == LEGAL}
    if picked is not None:
        shown[picked] = marks[picked]
    with table:
        render(TableView(turned.position, turned=turned.card, marks=shown), tr, key="lab-table", pick=_pick,
               seen=_token(), current=_token)
    with panel:
        lines = []
        if turned.recycled:
            lines.append(n.recycled(position.mover, turned.card))
        lines.append(n.where_it_goes(turned.card, legal, turned.position))
        st.markdown(paragraphs(*lines))
        if picked is not None:
            verdict = judge(turned.position, turned.card, picked, legal)
            (st.success if verdict.ok else st.error)(paragraphs(n.judgement(verdict, turned.position)))
        else:
            st.caption(_("Click a pile on the table to see what putting the card there would be called."))
        st.caption(_("Every place the card could go:"))
        for dest in dests:
            verdict = judge(turned.position, turned.card, dest, legal)
            name = n.pile(dest, turned.position)
            if verdict.ok:
                title, icon = _("Correct: {pile}").format(pile=name), ":material/check_circle:"
            else:
                title = _("Muggins! {error}: {pile}").format(pile=name, error=n.error_title(verdict.error))
                icon = ":material/cancel:"
            with st.expander(literal(title), icon=icon):
                st.markdown(paragraphs(n.judgement(verdict, turned.position)))


def _step(delta: int | None, last: int) -> None:
    turn = st.session_state.get(TURN, 0)
    st.session_state[TURN] = last if delta is None else max(0, min(last, turn + delta))
    st.session_state["lab-turn-slider"] = st.session_state[TURN]


def _slid() -> None:
    st.session_state[TURN] = int(st.session_state.get("lab-turn-slider", 0))


@st.cache_resource(max_entries=4, show_spinner=False)
def _playout(text: str):  # type: ignore[no-untyped-def]
    """The rule-perfect playout (R8) of a position's text: its records and outcome (shared and
    never changed: kept as objects, not copied, since a 20,000-turn hand is megabytes)."""
    hand, _summary = play_hand(loads(text), max_turns=PLAYOUT_TURNS)
    return tuple(hand.records), hand.outcome


def playout(position: Position) -> None:
    """Step a rule-perfect playout turn by turn, each turn explained on the drawn table."""
    tr = session.tr()
    _ = tr.gettext
    n = session.narrator()
    st.header(_("Play it out"))
    records, outcome = _playout(dumps(position))
    last = len(records)
    turn = max(0, min(last, int(st.session_state.get(TURN, 0))))
    st.session_state.setdefault("lab-turn-slider", turn)
    cols = st.columns(4)
    for column, (label, widget, delta, icon, off) in zip(cols, (
            (_("Start"), "lab-first", -last - 1, ":material/first_page:", turn == 0),
            (_("Back"), "lab-back", -1, ":material/chevron_left:", turn == 0),
            (_("Forward"), "lab-forward", 1, ":material/chevron_right:", turn == last),
            (_("End"), "lab-end", None, ":material/last_page:", turn == last)), strict=True):
        clicks.button(label, key=widget, seen=token(), current=token, action=_step, args=(delta, last), where=column,
                      icon=icon, width="stretch", disabled=off)
    if last:
        st.slider(_("Turn"), 0, last, key="lab-turn-slider", on_change=_slid)
    bottom = position.mover  # the seats stay put while the turns go round
    if turn == 0:
        st.markdown(literal(_("The start. Each step plays one turn as a rule-perfect player would (R8).")))
        view = TableView(position, bottom=bottom)
    else:
        record = records[turn - 1]
        lines = [_("Turn {turn} of {last}").format(turn=turn, last=last), n.turn_line(record)]
        if turn == last and outcome is not None:
            lines.append(n.outcome(outcome))
        st.markdown(paragraphs(*lines))
        view = TableView(record.after, marked={record.placed} if record.placed else set(),
                         arrows=arrows_for(record.events), bottom=bottom)
    render(view, tr, key="lab-playout")


def share(position: Position) -> None:
    """Save the position as a file, or share it by link."""
    _ = session.tr().gettext
    text = dumps(position)
    a, b = st.columns(2)
    a.download_button(_("Save the position (TOML)"), text, file_name="position.toml", mime="application/toml",
                      icon=":material/download:", key="lab-save")
    value = address_value()
    if value is not None:
        try:
            base = str(st.context.url).split("?")[0]
        except Exception:  # no browser context (tests)
            base = "/explore"
        with b.popover(_("Share by link"), icon=":material/link:"):
            st.code(f"{base}?lab=position&pos={quote(value)}", language=None, wrap_lines=True)


def show() -> None:
    """The whole lab."""
    _ = session.tr().gettext
    sources()
    position = current()
    notice = st.session_state.pop(NOTICE, None)
    if notice:
        st.warning(literal(notice))
    problem = st.session_state.get(PROBLEM)
    if problem:
        st.error(literal(_("That is not a position: {problem}").format(problem=problem)))
    editor(position)
    if position is None:
        position = last_good()
        if position is None:
            return
        st.info(_("Below is the last valid position; correct the text to examine yours."))
    examine(position)
    share(position)
    playout(position)
