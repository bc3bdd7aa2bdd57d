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

from tutorial import words
from tutorial.app.lessons.state import course
from tutorial.app.shell import clicks, session
from tutorial.app.shell.markup import literal, paragraphs
from tutorial.app.shell.table import WHOLE_TABLE, TableView, render, request_scroll, stage
from tutorial.draw.scene import LEGAL, WRONG, arrows_for
from tutorial.engine.bots import all_destinations
from tutorial.engine.deal import SEAT_NAMES, DealCode, deal
from tutorial.engine.errors import MugginsError, PositionError
from tutorial.engine.posfile import dumps, loads
from tutorial.engine.position import Common, Dest, Discard, Position
from tutorial.engine.rules import judge, legal_destinations, turn_up
from tutorial.explore.reference import play_hand
from tutorial.explore.study import DEFAULT_MAX_TURNS

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


PARSED = "lab:parsed"
"""This session's texts read so far, each with what reading it gave (a :class:`Position`, a
:class:`PositionError`, the packed link): a rerun reads the same text again otherwise. Only the
current and the last valid text are kept."""


def _remembered(text: str) -> dict[str, object]:
    """The entry of ``text`` in this session's :data:`PARSED` (created, and the entries of texts
    the lab no longer shows dropped, when it is new)."""
    state = st.session_state
    memory: dict[str, dict[str, object]] = state.get(PARSED) or {}
    entry = memory.get(text)
    if entry is None:
        keep = {state.get(TEXT), state.get(GOOD)}
        memory = {known: found for known, found in memory.items() if known in keep}
        entry = memory[text] = {}
        state[PARSED] = memory
    return entry


def parsed(text: str) -> Position | PositionError:
    """The position ``text`` holds, or the :class:`PositionError` reading it raised; read once
    per text and session (issue 17: a long text cost seconds on every rerun)."""
    entry = _remembered(text)
    if "result" not in entry:
        try:
            entry["result"] = loads(text)
        except PositionError as err:
            entry["result"] = err.with_traceback(None)
    result = entry["result"]
    assert isinstance(result, Position | PositionError)
    return result


def address_value() -> str | None:
    """The ``pos=`` value of the lab's position for the page address (``None`` when too long
    for one), so a refresh or a bookmark comes back to it."""
    text = st.session_state.get(GOOD) or st.session_state.get(TEXT)
    if not text:
        return None
    entry = _remembered(text)
    if "link" not in entry:
        entry["link"] = link_value(text)
    value = entry["link"]
    assert isinstance(value, str)
    return value if len(value) <= MAX_LINK else None


def current() -> Position | None:
    """The lab's position, or ``None`` when its text is not valid (the problem is kept)."""
    state = st.session_state
    if TEXT not in state:
        linked = from_link(session.url_seed("pos"))
        if not isinstance(parsed(linked or ""), Position):
            if session.url_seed("pos"):
                state[NOTICE] = session.tr().gettext("The position in the page address could not be read; "
                                                     "here is deal 4-1 instead.")
            linked = None
        state[TEXT] = linked or dumps(deal(DealCode(4, 1))[0])
    position = parsed(state[TEXT])
    if isinstance(position, PositionError):
        entry = _remembered(state[TEXT])
        if entry.get("problem-language") != session.lang():  # worded once per text and language
            entry["problem"] = problem_text(position, state[TEXT])
            entry["problem-language"] = session.lang()
        state[PROBLEM] = entry["problem"]
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
    position = parsed(text) if text else None
    return position if isinstance(position, Position) else None


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


SOURCES_OPEN = "lab-sources"
EDITOR_OPEN = "lab-edit"
"""The keys of the *Start from…* and *Edit the position* expanders (their open state is the app's)."""


def _set(position: Position) -> None:
    _set_text(dumps(position))
    st.session_state.pop("lab-editor", None)  # the editor shows the new text


def _started() -> None:
    """A new position: bring its table into view (at 1366×800 it was below the screen). The
    expanders stay as they are: one closing while the page scrolls would move the table away."""
    request_scroll(WHOLE_TABLE)


def after_text(valid: bool) -> dict[str, bool]:
    """The expanders' open state after *Use this text* or a file: a text with an error opens
    (keeps open) the editor, so it can be corrected where the message says; a valid one leaves
    them as they are (and the table is brought into view)."""
    return {} if valid else {EDITOR_OPEN: True}


# ----- where to start -------------------------------------------------------------
def _from_deal() -> None:
    try:
        _set(deal(DealCode.parse(st.session_state.get("lab-deal", "")))[0])
    except PositionError as err:
        st.session_state[NOTICE] = words.position_error(err, session.tr())
        return
    _started()


def _from_lesson(positions: dict[str, Position], widget: str) -> None:
    chosen = st.session_state.get(widget)
    if chosen in positions:
        _set(positions[chosen])
        _started()


def _from_practice() -> None:
    from tutorial.app.practice.view import playing

    game = playing()
    if game is not None:
        _set(game.hand.position)
        _started()


UPLOADS = "lab:uploads"
"""How many files this session has read: the uploader's key ends with it, so after each file
it starts empty again (Streamlit's list of uploaded files is in English only, and the text is
in the editor by then)."""


def upload_key() -> str:
    return f"lab-upload-{st.session_state.get(UPLOADS, 0)}"


def _from_file(key: str) -> None:
    upload = st.session_state.get(key)
    if upload is None:
        return
    st.session_state[UPLOADS] = st.session_state.get(UPLOADS, 0) + 1
    raw = upload.getvalue()[:MAX_TEXT + 1]
    if len(raw) > MAX_TEXT:
        st.session_state[NOTICE] = session.tr().gettext("The file is too large for a position (more than {limit} kB).").format(
            limit=MAX_TEXT // 1000)
        return
    try:
        _set_text(raw.decode("utf-8-sig"))
        st.session_state.pop("lab-editor", None)
    except UnicodeDecodeError as exc:
        st.session_state[NOTICE] = words.position_error(PositionError("not-utf8", offset=exc.start + 1), session.tr())
        return
    valid = isinstance(parsed(st.session_state[TEXT]), Position)
    st.session_state.update(after_text(valid))  # a text with a problem: in the open editor
    if valid:
        _started()


def _from_editor() -> None:
    _set_text(str(st.session_state.get("lab-editor", ""))[:MAX_TEXT])
    valid = isinstance(parsed(st.session_state[TEXT]), Position)
    st.session_state.update(after_text(valid))
    if valid:
        _started()


def _toggled() -> None:
    """An expander opened or closed by the learner (its state is kept under its key)."""


def sources() -> None:
    """The ways to start: a deal code, a lesson position, the practice table, a file."""
    _ = session.tr().gettext
    st.session_state.setdefault(SOURCES_OPEN, False)
    with st.expander(_("Start from…"), icon=":material/input:", key=SOURCES_OPEN, on_change=_toggled):
        a, b = st.columns([3, 1], vertical_alignment="bottom")
        a.text_input(_("Deal code"), key="lab-deal", max_chars=20, placeholder="4-12345")
        clicks.button(_("Deal"), key="lab-deal-go", seen=token(), current=token, action=_from_deal, where=b, width="stretch",
                      fixed_key=True)
        lessons, _problems = course()
        positions = {f"{lesson.id}/{step.id}": step.position for lesson in lessons for step in lesson.steps
                     if isinstance(getattr(step, "position", None), Position)}
        titles = {f"{lesson.id}/{step.id}": f"{_(lesson.title)} · {_(step.title)}" for lesson in lessons
                  for step in lesson.steps if f"{lesson.id}/{step.id}" in positions}
        a, b = st.columns([3, 1], vertical_alignment="bottom")
        widget = session.labelled_key("lab-lesson-step", titles.values())
        a.selectbox(_("A lesson's position"), list(positions), format_func=titles.get, key=widget)
        clicks.button(_("Open"), key="lab-lesson-go", seen=token(), current=token, action=_from_lesson, args=(positions, widget),
                      where=b, width="stretch", fixed_key=True)
        from tutorial.app.practice.view import playing

        if playing() is not None:
            clicks.button(_("The practice table as it is now"), key="lab-practice-go", seen=token(), current=token,
                          action=_from_practice, icon=":material/playing_cards:", fixed_key=True)
        st.html(upload_style(session.tr()))
        st.file_uploader(_("A position file (TOML)"), type=["toml", "txt"], key=upload_key(), on_change=_from_file,
                         args=(upload_key(),), max_upload_size=UPLOAD_MB)


UPLOAD_MB = 1
"""The uploader's limit in MB: Streamlit's smallest (whole megabytes only; the lab reads
:data:`MAX_TEXT` of it and says so). ``muggins app`` sets the server's limit to the same."""


def css_string(text: str) -> str:
    """``text`` as a CSS string literal (for ``content:``): quotes, backslashes and line
    breaks escaped, so no translation can end the rule early."""
    escaped = "".join(f"\\{ord(ch):x} " if ch in '"\\<>' or ch < " " else ch for ch in text)
    return f'"{escaped}"'


def upload_style(tr) -> str:  # type: ignore[no-untyped-def]
    """Streamlit's uploader writes "Upload" and "1MB per file • TOML, TXT" in English whatever
    the language, and 1 MB is not the lab's limit (32 kB): the button's word and the limit
    line are replaced, in the learner's language, by CSS (the only way Streamlit 1.67 leaves;
    generated content is read by screen readers too)."""
    _ = tr.gettext
    button = css_string(_("Choose a file"))
    limit = css_string(_("At most {limit} kB · TOML or plain text").format(limit=MAX_TEXT // 1000))
    refused = css_string(_("This file cannot be read here: a position file is TOML or plain text of at most "
                           "{limit} kB.").format(limit=MAX_TEXT // 1000))
    zone = "[class*='st-key-lab-upload-'] [data-testid='stFileUploaderDropzone']"
    return ("<style>"
            # the hidden file input, named "file upload" for screen readers: out of their way (the
            # button and a drop still open and take a file)
            f"{zone} [data-testid='stFileUploaderDropzoneInput'] {{display: none !important;}}"
            f"{zone} button [data-testid='stMarkdownContainer'] > p {{display: none;}}"
            f"{zone} button [data-testid='stMarkdownContainer']::after {{content: {button};}}"
            f"{zone} [data-testid='stFileUploaderDropzoneInstructions'] span {{display: none;}}"
            f"{zone} [data-testid='stFileUploaderDropzoneInstructions'] > div::after {{content: {limit};}}"
            # a file Streamlit itself refuses (over 1 MB, another type): its English reason,
            # shown only on hover, gives way to ours, in words on the page
            f"{zone} [data-testid='stFileChip'] [role='alert'] {{display: none;}}"
            f"{zone} [data-testid='stFileChips']:has([aria-invalid='true'])::after {{content: {refused};"
            " display: block; flex-basis: 100%; padding: 0.25rem 0.5rem; color: var(--st-red-text-color, #a11);}}"
            "</style>")


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
    st.session_state.setdefault(EDITOR_OPEN, False)
    with st.expander(_("Edit the position"), icon=":material/edit:", key=EDITOR_OPEN, on_change=_toggled):
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
        clicks.button(_("Use this text"), key="lab-editor-go", seen=token(), current=token, action=_from_editor,
                      icon=":material/check:", fixed_key=True)


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
            st.caption(_("Choose a pile on the table to see what putting the card there would be called."))
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


PLAYOUT_STYLE = (
    "<style>"
    # The four steps in one row however narrow the screen (a phone stacked them into ~230 px
    # above the table); where the row is narrow, only their icons show (the words stay the
    # buttons' names for screen readers).
    ".st-key-lab-playout-steps {flex-wrap: nowrap !important; gap: 0.4rem;}"
    ".st-key-lab-playout-steps > div {min-width: 0; flex: 1 1 0;}"
    ".st-key-lab-playout-steps button {min-width: 0; padding-left: 0.3rem; padding-right: 0.3rem; min-height: 2.75rem;}"
    "@media (max-width: 1500px) {.st-key-lab-playout-steps button [data-testid='stMarkdownContainer'] {"
    "position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;}}"
    "</style>"
)


def playout(position: Position) -> None:
    """Step a rule-perfect playout turn by turn, each turn explained on the drawn table: the table
    on the left, fitted to the screen's height, and the steps with the turn's words beside it (under
    it on a phone), so stepping never needs the page scrolled."""
    tr = session.tr()
    _ = tr.gettext
    n = session.narrator()
    st.header(_("Play it out"))
    records, outcome = _playout(dumps(position))
    last = len(records)
    turn = max(0, min(last, int(st.session_state.get(TURN, 0))))
    st.session_state.setdefault("lab-turn-slider", turn)
    board, panel = stage("lab-playout")
    with panel:
        st.html(PLAYOUT_STYLE)
        steps = st.container(horizontal=True, key="lab-playout-steps")
        for label, widget, delta, icon, off in (
                (_("Start"), "lab-first", -last - 1, ":material/first_page:", turn == 0),
                (_("Back"), "lab-back", -1, ":material/chevron_left:", turn == 0),
                (_("Forward"), "lab-forward", 1, ":material/chevron_right:", turn == last),
                (_("End"), "lab-end", None, ":material/last_page:", turn == last)):
            clicks.button(label, key=widget, seen=token(), current=token, action=_step, args=(delta, last),
                          where=steps, icon=icon, width="stretch", disabled=off)
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
    with board:
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
        url = st.context.url  # None without a browser (tests)
        base = url.split("?")[0] if url else "/explore"
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
