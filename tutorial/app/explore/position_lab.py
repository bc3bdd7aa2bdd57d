"""The position lab's view: lays out :class:`~tutorial.app.explore.model_position.PositionLab`
(the screen model: the position, its edits, every pile's verdict, the playout) and wires its
actions to widgets. State is the session's :class:`~tutorial.app.explore.model.ExplorerState`;
the only other session keys are the widget keys below."""

from __future__ import annotations

import gettext
from typing import Any

import streamlit as st

from tutorial.app.explore import choices
from tutorial.app.explore.model import ExplorerState
from tutorial.app.explore.model_playout import ALERT, ERRORS, Played, play_out
from tutorial.app.explore.model_position import UPLOAD_MB, Examination, PositionLab
from tutorial.app.explore.position_text import MAX_LINK, MAX_TEXT, from_link, link_value, move_card, text_token
from tutorial.app.lessons.state import course
from tutorial.app.shell import clicks, session, storage
from tutorial.app.shell.markup import literal, paragraphs
from tutorial.app.shell.table import WHOLE_TABLE, render, request_scroll, stage
from tutorial.engine.position import Position

__all__ = ["MAX_LINK", "MAX_TEXT", "UPLOAD_MB", "address_value", "from_link", "link_value", "move_card", "show"]

# widget keys (their values are Streamlit's; the lab's own state is in ExplorerState)
DEAL, DEAL_GO = "lab-deal", "lab-deal-go"
LESSON, LESSON_GO = "lab-lesson-step", "lab-lesson-go"
PRACTICE_GO = "lab-practice-go"
UPLOAD = "lab-upload"
MOVE_FROM, MOVE_TO, MOVE_GO = "lab-move-from", "lab-move-to", "lab-move-go"
MOVER, ADD, REMOVE, REMOVE_GO = "lab-mover", "lab-add", "lab-remove", "lab-remove-go"
EDITOR, EDITOR_GO = "lab-editor", "lab-editor-go"
SLIDER = "lab-turn-slider"
SOURCES_OPEN = "lab-sources"
EDITOR_OPEN = "lab-edit"
"""The keys of the *Start from…* and *Edit the position* expanders (their open state is the app's)."""
TABLE, PLAYOUT, STEPS_ROW, SAVE = "lab-table", "lab-playout", "lab-playout-steps", "lab-save"
PLAY_PICKED, PASS, LINE_SLIDER, LINE_ROW = "lab-play-picked", "lab-pass", "lab-line-slider", "lab-line-steps"
CARELESS = "lab-playout-careless"
LINE_KEYS = "lab-line-keys"
STEP_ICONS = {"first": ":material/first_page:", "back": ":material/chevron_left:",
              "forward": ":material/chevron_right:", "end": ":material/last_page:"}


@st.cache_resource(max_entries=4, show_spinner=False)
def _playout(text: str, careless: bool = False) -> Played:
    """The playout of a position's text (rule-perfect, or with players who make errors), shared
    by every session and never changed (kept as objects, not copied: a 20,000-turn hand is
    megabytes)."""
    return play_out(text, careless)


def lab() -> PositionLab:
    """This session's position lab."""
    state = session.feature(ExplorerState).position
    return PositionLab(state, session.narrator(), linked=session.url_seed("pos"), playout=_playout)


def address_value() -> str | None:
    """The ``pos=`` value of the lab's position for the page address."""
    return lab().address_value()


def token() -> str:
    return lab().token()


def table_token() -> str:
    return lab().table_token()


def _started() -> None:
    """A new position: bring its table into view (at 1366×800 it was below the screen). The
    expanders stay as they are: one closing while the page scrolls would move the table away."""
    request_scroll(WHOLE_TABLE)


def _took_text(valid: bool) -> None:
    """After a file or *Use this text*: a text with an error opens (keeps open) the editor, so
    it can be corrected where the message says; a valid one brings the table into view."""
    if PositionLab.editor_open_after(valid):
        st.session_state[EDITOR_OPEN] = True
    else:
        _started()


# ----- callbacks -------------------------------------------------------------------------
def _deal() -> None:
    if lab().deal(str(st.session_state.get(DEAL, ""))):
        _started()


def _open(positions: dict[str, tuple[str, Position]], widget: str) -> None:
    chosen = st.session_state.get(widget)
    if chosen in positions:
        lab().open(positions[chosen][1])
        _started()


def _practice_position() -> Position | None:
    """The practice table as it is now, if this session has a practice game."""
    from tutorial.app.practice.view import playing

    game = playing()
    return game.hand.position if game is not None else None


def _from_practice() -> None:
    position = _practice_position()
    if position is not None:
        lab().open(position)
        _started()


def upload_key() -> str:
    """The uploader's key ends with the count of files read, so after each file it starts empty
    again (Streamlit's list of uploaded files is in English only, and the text is in the editor by then)."""
    return f"{UPLOAD}-{lab().state.uploads}"


def _from_file(key: str) -> None:
    upload = st.session_state.get(key)
    if upload is not None:
        position_lab = lab()
        valid = position_lab.read_file(upload.getvalue()[:MAX_TEXT + 1])
        if position_lab.state.notice is None:
            _took_text(valid)


def editor_key() -> str:
    """The editor's key: a new one after each text set from elsewhere (``edits``)."""
    return f"{EDITOR}-{lab().state.edits}"


def _from_editor() -> None:
    _took_text(lab().use_text(str(st.session_state.get(editor_key(), ""))))


def _move(source_key: str, target_key: str) -> None:
    lab().move(st.session_state.get(source_key), st.session_state.get(target_key))


def _set_mover(key: str) -> None:
    lab().set_mover(st.session_state.get(key))


def _add() -> None:
    lab().add_player()


def _remove(key: str) -> None:
    lab().remove_player(st.session_state.get(key))


def _pick(dest_text: str) -> None:
    lab().pick(dest_text)


def _step(name: str) -> None:
    lab().playout.step(name)


def _slid(key: str) -> None:
    if key == _playout_slider(lab()):  # a value from a slider no longer drawn (a queued click's) changes nothing
        lab().playout.go_to(int(st.session_state.get(key, 0)))


def _play_picked() -> None:
    lab().play_picked()
    request_scroll(WHOLE_TABLE)  # the position the move left, in view


def _pass() -> None:
    lab().play_pass()


def _along(action: str, where: object = None) -> None:
    lab().move_line(action, where)


def _line_slid(key: str) -> None:
    if key == _line_slider(lab()):  # a value from a slider no longer drawn (a queued click's) changes nothing
        lab().move_line("to", int(st.session_state.get(key, 0)))


def _line_slider(position_lab: PositionLab) -> str:
    """The key of the line's slider for the move on show (its state after ``-t``, as the focus
    keeper reads a state token: the slider drawn anew after an arrow key keeps the focus)."""
    return clicks.tokened(LINE_SLIDER, text_token('/'.join(position_lab.line().at)))


def _playout_slider(position_lab: PositionLab) -> str:
    """The key of the playout's slider for the turn and position on show (a state token after
    ``-t``, as :func:`_line_slider`'s: an arrow key on it lost the focus to the other table)."""
    return clicks.tokened(SLIDER, f"{position_lab.playout.turn()}x{position_lab.token()}")


def _careless() -> None:
    lab().set_careless(bool(st.session_state.get(CARELESS)))


LINE_KEYS_JS = """
// ← and → step along the position lab's line (issue 20), counted here so that every press counts
// however quick (as presenter mode's keys): not while typing, nor on a slider (which takes them
// itself), nor on the drawn table (whose piles take them), nor in presenter mode.
const PRESS = { ArrowRight: 'n', ArrowLeft: 'b' };
const TYPING = /^(INPUT|TEXTAREA|SELECT)$/;
function elsewhere(event) {
  for (const el of event.composedPath()) {
    if (!(el instanceof Element)) { continue; }
    if (TYPING.test(el.tagName) || el.isContentEditable || el.hasAttribute('data-dest')) { return true; }
    const role = el.getAttribute('role');
    if (['textbox', 'combobox', 'listbox', 'slider', 'menu', 'radiogroup', 'tablist'].includes(role)) { return true; }
    if ([...el.classList].some(c => c.startsWith('st-key-lab-table') || c.startsWith('st-key-lab-playout'))) { return true; }
  }
  return false;
}
export default function(component) {
  const { setStateValue } = component;
  let keys = window.__labLineKeys;
  if (!keys) {
    keys = window.__labLineKeys = { epoch: Math.random().toString(36).slice(2, 12) || 'k', total: 0, log: '', send: null };
    document.addEventListener('keydown', (event) => {
      const press = PRESS[event.key];
      if (!keys.send || !press || event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey
          || event.shiftKey || event.isComposing || document.body.dataset.presenterKeys || elsewhere(event)) { return; }
      event.preventDefault();
      keys.total += 1;
      keys.log = (keys.log + press).slice(-64);
      keys.send('presses', { epoch: keys.epoch, total: keys.total, log: keys.log });
    });
  }
  keys.send = setStateValue;  // counted only while the line is on the page
  document.body.dataset.labLineKeys = keys.epoch;
  return () => { if (keys.send === setStateValue) { keys.send = null; } delete document.body.dataset.labLineKeys; };
}
"""


@st.cache_resource(show_spinner=False)
def _line_keys() -> Any:
    """The ← / → counter of the line (see :data:`LINE_KEYS_JS`), registered once per server process."""
    return st.components.v2.component("muggins_lab_line_keys", js=LINE_KEYS_JS)


def _line_pressed() -> None:
    getter = getattr(st.session_state.get(LINE_KEYS), "get", None)  # the component's state: {"presses": …}
    lab().move_line("keys", getter("presses") if callable(getter) else None)


def _toggled() -> None:
    """An expander opened or closed by the learner (its state is kept under its key)."""


# ----- the parts ---------------------------------------------------------------------------
def sources(position_lab: PositionLab) -> None:
    """The ways to start: a deal code, a lesson position, the practice table, a file."""
    tr = session.tr()
    _ = tr.gettext
    seen = position_lab.token()
    st.session_state.setdefault(SOURCES_OPEN, False)
    with st.expander(_("Start from…"), icon=":material/input:", key=SOURCES_OPEN, on_change=_toggled):
        a, b = st.columns([3, 1], vertical_alignment="bottom")
        a.text_input(_("Deal code"), key=DEAL, max_chars=20, placeholder="4-12345")
        clicks.button(_("Deal"), key=DEAL_GO, seen=seen, current=token, action=_deal, where=b, width="stretch",
                      fixed_key=True)
        lessons, _problems = course()
        positions = position_lab.lesson_positions(lessons)
        titles = {key: title for key, (title, _position) in positions.items()}
        a, b = st.columns([3, 1], vertical_alignment="bottom")
        widget = session.labelled_key(LESSON, titles.values())
        a.selectbox(_("A lesson's position"), list(titles), format_func=lambda key: titles.get(key, key), key=widget)
        clicks.button(_("Open"), key=LESSON_GO, seen=seen, current=token, action=_open, args=(positions, widget),
                      where=b, width="stretch", fixed_key=True)
        from tutorial.app.practice.view import has_game

        if has_game():  # (a game the stored progress brought is replayed only on a click)
            clicks.button(_("The practice table as it is now"), key=PRACTICE_GO, seen=seen, current=token,
                          action=_from_practice, icon=":material/playing_cards:", fixed_key=True)
        st.html(upload_style(tr))
        st.file_uploader(_("A position file (TOML)"), type=["toml", "txt"], key=upload_key(), on_change=_from_file,
                         args=(upload_key(),), max_upload_size=UPLOAD_MB)


def css_string(text: str) -> str:
    """``text`` as a CSS string literal (for ``content:``): quotes, backslashes and line
    breaks escaped, so no translation can end the rule early."""
    escaped = "".join(f"\\{ord(ch):x} " if ch in '"\\<>' or ch < " " else ch for ch in text)
    return f'"{escaped}"'


def upload_style(tr: gettext.NullTranslations) -> str:
    """Streamlit's uploader writes "1MB per file • TOML, TXT" in English whatever the language,
    and 1 MB is not the lab's limit (32 kB): the limit line is replaced, in the learner's
    language, by CSS (generated content is read by screen readers too). The button's word,
    "Upload", is put in the page's language by the words script
    (:func:`tutorial.app.shell.document.streamlit_words`: a word drawn by CSS is no name for
    axe-core, which found the button unnamed)."""
    _ = tr.gettext
    limit = css_string(_("At most {limit} kB · TOML or plain text").format(limit=MAX_TEXT // 1000))
    refused = css_string(_("This file cannot be read here: a position file is TOML or plain text of at most "
                           "{limit} kB.").format(limit=MAX_TEXT // 1000))
    zone = "[class*='st-key-lab-upload-'] [data-testid='stFileUploaderDropzone']"
    return ("<style>"
            # the hidden file input, named "file upload" for screen readers: out of their way (the
            # button and a drop still open and take a file)
            f"{zone} [data-testid='stFileUploaderDropzoneInput'] {{display: none !important;}}"
            f"{zone} [data-testid='stFileUploaderDropzoneInstructions'] span {{display: none;}}"
            f"{zone} [data-testid='stFileUploaderDropzoneInstructions'] > div::after {{content: {limit};}}"
            # a file Streamlit itself refuses (over 1 MB, another type): its English reason,
            # shown only on hover, gives way to ours, in words on the page
            f"{zone} [data-testid='stFileChip'] [role='alert'] {{display: none;}}"
            f"{zone} [data-testid='stFileChips']:has([aria-invalid='true'])::after {{content: {refused};"
            " display: block; flex-basis: 100%; padding: 0.25rem 0.5rem; color: var(--st-red-text-color, #a11);}}"
            "</style>")


# ----- editing ------------------------------------------------------------------------------
def editor(position_lab: PositionLab) -> None:
    """Edit by moving cards, choosing the mover, adding or removing players, or as text."""
    _ = session.tr().gettext
    seen = position_lab.token()
    st.session_state.setdefault(EDITOR_OPEN, False)
    with st.expander(_("Edit the position"), icon=":material/edit:", key=EDITOR_OPEN, on_change=_toggled):
        players = position_lab.players()
        if players:
            sources_ = position_lab.move_sources()
            targets = position_lab.move_targets()
            # keys from the labels: a pile's label names its top, which an edit changes (the
            # browser sends a choice's label back; see session.labelled_key)
            source_key = session.labelled_key(MOVE_FROM, sources_.values())
            target_key = session.labelled_key(MOVE_TO, targets.values())
            mover_key = session.labelled_key(MOVER, (*players, position_lab.mover()))
            remove_key = session.labelled_key(REMOVE, players)
            a, b, c = st.columns([2, 2, 1], vertical_alignment="bottom")
            a.selectbox(_("Move the top card of"), list(sources_), key=source_key,
                        format_func=lambda pile: sources_.get(pile, pile))
            b.selectbox(_("onto"), list(targets), key=target_key, format_func=lambda pile: targets.get(pile, pile))
            clicks.button(_("Move"), key=MOVE_GO, seen=seen, current=token, action=_move, args=(source_key, target_key),
                          where=c, width="stretch", disabled=not position_lab.can_move())
            a, b, c = st.columns([2, 1, 2], vertical_alignment="bottom")
            a.selectbox(_("Player to move"), list(players), index=players.index(position_lab.mover() or players[0]),
                        key=mover_key, on_change=_set_mover, args=(mover_key,))
            clicks.button(_("Add a player"), key=ADD, seen=seen, current=token, action=_add, where=b, width="stretch",
                          disabled=not position_lab.can_add_player())
            with c:
                d, e = st.columns([2, 1], vertical_alignment="bottom")
                d.selectbox(_("Remove"), list(players), key=remove_key)
                clicks.button(_("Remove"), key=REMOVE_GO, seen=seen, current=token, action=_remove, args=(remove_key,),
                              where=e, width="stretch", help=_("Their cards leave the table too."),
                              disabled=not position_lab.can_remove_player())
        # A new widget for each text set from elsewhere, with that text as its own value: the
        # browser shows a widget's value even when it first draws it a run later (busy page).
        st.text_area(_("Position file (TOML): stocks top card first, discards and common piles bottom to top"),
                     value=position_lab.text, key=editor_key(), height=260, max_chars=MAX_TEXT)
        clicks.button(_("Use this text"), key=EDITOR_GO, seen=seen, current=token, action=_from_editor,
                      icon=":material/check:", fixed_key=True)


# ----- examining ---------------------------------------------------------------------------
def examine(position_lab: PositionLab, found: Examination) -> None:
    """The turned card and, for every destination, its verdict with the explanation; a click
    on a pile of the table (or its button in the text view) shows that pile's verdict first."""
    tr = session.tr()
    _ = tr.gettext
    table, panel = st.columns([3, 2], gap="medium")
    with table:
        if found.pickable:
            render(found.table, tr, key=TABLE, pick=_pick, seen=position_lab.table_token(), current=table_token)
        else:
            render(found.table, tr, key=TABLE)
    seen = position_lab.token()
    if not found.pickable:
        panel.info(literal(found.lines[0]))
        if position_lab.can_pass():
            clicks.button(_("Pass and go on"), key=PASS, seen=seen, current=token, action=_pass, where=panel,
                          icon=":material/redo:")
        return
    with panel:
        st.markdown(paragraphs(*found.lines))
        if found.picked is not None:
            (st.success if found.picked.ok else st.error)(paragraphs(found.picked.explanation))
            if position_lab.can_play_picked():
                clicks.button(_("Play this pile and go on"), key=PLAY_PICKED, seen=seen, current=token,
                              action=_play_picked, icon=":material/play_arrow:",
                              help=_("The card goes there (a wrong pile is called, corrected and penalised), and "
                                     "the next player turns up their card."))
        elif found.prompt:
            st.caption(found.prompt)
        st.caption(_("Every place the card could go:"))
        for pile in found.piles:
            with st.expander(literal(pile.title), icon=":material/check_circle:" if pile.ok else ":material/cancel:"):
                st.markdown(paragraphs(pile.explanation))


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


def line(position_lab: PositionLab) -> None:
    """The moves played from the position (issue 20): where the line is, steps back and forth and
    a slider along it, and the move list with the other moves tried at each, every move a button
    that goes back to it."""
    found = position_lab.line()
    entries = found.entries()
    if not entries:
        return
    _ = session.tr().gettext
    seen = position_lab.token()
    st.header(_("Your line"))
    _line_keys()(key=LINE_KEYS, on_presses_change=_line_pressed, height=0)
    st.caption(_("Every pile you play is played as at the table, and the table above goes on from there. Go back "
                 "to any move and play another pile there: the line branches. ← and → step along the line."))
    row = st.container(horizontal=True, key=LINE_ROW)
    clicks.button(_("Start"), key="lab-line-start", seen=seen, current=token, action=_along, args=("start",),
                  where=row, icon=":material/first_page:", disabled=not found.can_back())
    clicks.button(_("Back"), key="lab-line-back", seen=seen, current=token, action=_along, args=("back",),
                  where=row, icon=":material/chevron_left:", disabled=not found.can_back())
    clicks.button(_("Forward"), key="lab-line-forward", seen=seen, current=token, action=_along, args=("forward",),
                  where=row, icon=":material/chevron_right:", disabled=not found.can_forward())
    total = len(found.shown_line())
    # A new slider for each move on show, with that move as its value: a click queued while the
    # page reran (a double click on Back, 40 ms apart) carried the old slider's value back, and
    # Streamlit called the old slider's callback, which undid the move (found by a breaker); the
    # callback now acts only for the slider of the move on show.
    slider_key = _line_slider(position_lab)
    st.slider(_("Move in the line"), 0, total, value=len(found.at), key=slider_key, on_change=_line_slid,
              args=(slider_key,))
    st.markdown(literal(found.where_words()))
    happened = found.happened()
    if happened:
        wrong = bool(found.entries()) and any(entry.current and entry.wrong for entry in found.entries())
        (st.warning if wrong else st.info)(paragraphs(*happened))
    outcome = found.outcome_words()
    if outcome:
        st.success(literal(outcome))
    full = found.full_words()
    if full:
        st.info(literal(full))
    for entry in entries:
        text = literal(f"{entry.number}. {entry.text}")
        clicks.button(text, key=f"lab-line-move-{entry.number}", seen=seen, current=token, action=_along,
                      args=("go", entry.path), type="primary" if entry.current else "secondary",
                      icon=":material/cancel:" if entry.wrong else None)
        for number, (path, words_) in enumerate(entry.branches, start=1):
            clicks.button(literal(_("or: {move}").format(move=words_)), key=f"lab-line-branch-{entry.number}-{number}",
                          seen=seen, current=token, action=_along, args=("go", path), type="tertiary")


def playout(position_lab: PositionLab) -> None:
    """Step a rule-perfect playout turn by turn, each turn explained on the drawn table: the table
    on the left, fitted to the screen's height, and the steps with the turn's words beside it (under
    it on a phone), so stepping never needs the page scrolled."""
    tr = session.tr()
    shown = position_lab.playout.view()
    if shown is None:
        return
    st.header(tr.gettext("Play it out"))
    st.toggle(tr.gettext("Players make errors ({errors} of cards misplaced, {alert} of errors called)").format(
        errors=position_lab.n.percent(ERRORS / 100), alert=position_lab.n.percent(ALERT / 100)),
        value=position_lab.state.playout.careless, key=CARELESS, on_change=_careless)
    seen = position_lab.token()
    board, panel = stage(PLAYOUT)
    with panel:
        st.html(PLAYOUT_STYLE)
        steps = st.container(horizontal=True, key=STEPS_ROW)
        for step in shown.steps:
            clicks.button(step.label, key=f"lab-{step.name}", seen=seen, current=token, action=_step, args=(step.name,),
                          where=steps, icon=STEP_ICONS[step.name], width="stretch", disabled=not step.enabled)
        if shown.last:
            # a new slider for each turn and position on show (see the line's slider in line())
            slider_key = _playout_slider(position_lab)
            st.slider(tr.gettext("Turn"), 0, shown.last, value=shown.turn, key=slider_key, on_change=_slid,
                      args=(slider_key,))
        st.markdown(paragraphs(*shown.lines))
    with board:
        render(shown.table, tr, key=PLAYOUT)


def share(position_lab: PositionLab) -> None:
    """Save the position as a file, or share it by link."""
    _ = session.tr().gettext
    text = position_lab.file_text()
    if text is None:
        return
    a, b = st.columns(2)
    a.download_button(_("Save the position (TOML)"), text, file_name="position.toml", mime="application/toml",
                      icon=":material/download:", key=SAVE)
    link = position_lab.share_link(st.context.url)  # the page's address: None without a browser (tests)
    if link is not None:
        with b.popover(_("Share by link"), icon=":material/link:"):
            st.code(link, language=None, wrap_lines=True)


def show() -> None:
    """The whole lab."""
    position_lab = lab()
    sources(position_lab)
    notice = position_lab.take_notice(keep_link=storage.holding())  # said again when the stored progress arrives
    if notice:
        st.warning(literal(notice))
    problem = position_lab.problem()
    if problem:
        st.error(literal(problem))
    editor(position_lab)
    found = position_lab.examination()
    if found is None:
        return
    fallback = position_lab.fallback_note()
    if fallback:
        st.info(fallback)
    examine(position_lab, found)
    line(position_lab)
    choices.show(position_lab)
    share(position_lab)
    playout(position_lab)
