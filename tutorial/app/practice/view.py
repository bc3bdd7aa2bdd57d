"""The Practice page's parts: the game in the session, its callbacks, and how
verdicts, calls, hand ends and summaries are shown. State lives in
``st.session_state`` only; the rules are in :mod:`tutorial.practice`."""

from __future__ import annotations

import contextlib
import json
import logging
import random
import secrets
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import streamlit as st

from tutorial.app.lessons import state as lesson_view
from tutorial.app.practice.model import LESSON_FOR_ERROR, Message, PracticeScreen
from tutorial.app.shell import clicks, pages, session
from tutorial.app.shell.markup import literal, paragraphs
from tutorial.app.shell.table import request_scroll
from tutorial.engine.deal import COUNTS, SEAT_NAMES, DealCode
from tutorial.engine.errors import MugginsError, PositionError
from tutorial.practice import (
    CALL,
    COACH,
    NEXT,
    NEXT_HAND,
    PRACTICE_PLAYERS,
    TABLE,
    WATCH_ALL,
    WATCH_DISCARDS,
    PracticeGame,
    Settings,
    parse_seat,
    restore,
)
from tutorial.practice.settings import MAX_TURN_LIMIT
from tutorial.store import Store, open_store

log = logging.getLogger(__name__)
T = TypeVar("T")

GAME = "practice_game"
NOTICES = "practice_notices"  # problems with the page address, shown once
TYPED = "practice_typed_problem"  # a problem with the settings typed in the panel
CONFIRM = "practice_confirm"  # the action waiting for “are you sure?”: "new" or "settings"
HINTS = "practice_hints"
SAVED = "practice_saved"  # (game identity, key) of the game kept in the store
SETTINGS_PANEL = "practice-settings-panel"
LOG_PANEL = "practice-log-panel"

ADDRESS_LIMIT = 8_000
"""Moves longer than this (characters) are kept in the store under a short key instead of the address."""

DRAFT = {  # the settings panel's values, kept apart from the widgets (see settings_panel)
    "players": "practice_draft_players",
    "seat": "practice_draft_seat",
    "mode": "practice_draft_mode",
    "penalise": "practice_draft_penalise",
    "alertness": "practice_draft_alertness",
    "slips": "practice_draft_slips",
    "watch": "practice_draft_watch",
    "hands": "practice_draft_hands",
    "turn_limit": "practice_draft_turn_limit",
    "code": "practice_draft_code",
}

def _fresh_game(players: int = PRACTICE_PLAYERS, seat: int = 0, settings: Settings | None = None) -> PracticeGame:
    return PracticeGame(DealCode.new(players, random.SystemRandom()), seat,
                        settings=settings or Settings())


def game() -> PracticeGame:
    """This session's game: restored from the address once (or from the store, for a
    game too long for an address), else a fresh deal keeping whatever good seat and
    settings the address named. Problems with the address are kept in
    :data:`NOTICES` for the page to explain."""
    state = st.session_state
    if GAME not in state:
        notices: list[tuple[str, object]] = []
        params = {key: session.url_seed(key) for key in ("deal", "moves", "seat", "game")}
        saved = session.url_seed("saved")
        if saved:
            body, why = _load_saved(saved)
            if body is None:
                notices.append((why, saved))
            else:
                params = body
        if params.get("deal"):
            try:
                state[GAME], problems = restore(params["deal"], params.get("moves"), params.get("seat"), params.get("game"))
                notices += [("problem", problem) for problem in problems]
                if saved and body is not None:  # a saved game: this session saves its own changes under a new key
                    state[SAVED] = SavedGame(saved, state[GAME].token, owned=False)
            except PositionError as err:
                notices.append(("bad-deal", err))
        elif params.get("moves"):
            notices.append(("moves-without-deal", params["moves"]))
        if GAME not in state:
            if saved and not params.get("deal"):
                notices.append(("fresh-deal", None))
            state[GAME], problems = _fresh_from(params.get("seat"), params.get("game"))
            notices += [("problem", problem) for problem in problems]
        state[NOTICES] = notices
    return state[GAME]


def _fresh_from(seat_text: str | None, settings_text: str | None) -> tuple[PracticeGame, list[PositionError]]:
    """A fresh deal at the default table, keeping the address's seat and settings when they
    are good (a bad one is reported and replaced by its default)."""
    problems: list[PositionError] = []
    seat, settings = 0, Settings()
    if seat_text:
        try:
            seat = parse_seat(seat_text, PRACTICE_PLAYERS)
        except PositionError as err:
            problems.append(err)
    if settings_text:
        try:
            settings = Settings.parse(settings_text)
        except PositionError as err:
            problems.append(err)
    return _fresh_game(PRACTICE_PLAYERS, seat, settings), problems


def token() -> str:
    """The token of the game as it is now (see :attr:`PracticeGame.token`)."""
    return game().token


@dataclass(frozen=True)
class SavedGame:
    """The store key this session's game is kept under: ``token`` of the game as stored;
    ``owned``: this session saved it (a key opened from a link is never written over, so
    everyone who opens a shared link keeps their own game)."""

    key: str
    token: str
    owned: bool = True


STORE_ERRORS = (OSError, sqlite3.Error, RuntimeError, ValueError)
"""What opening or using the store can raise: the data folder or file cannot be used
(``OSError``, ``sqlite3.Error``: read-only, deleted, the disk full), a database of a newer
schema (``RuntimeError``) or a damaged schema version (``ValueError``)."""


@st.cache_resource(show_spinner=False)
def _store() -> Store:
    """The app's store (shared, opened once). Raises one of :data:`STORE_ERRORS`; a failure
    is not cached, so the next call tries again (the fault may have gone)."""
    return open_store()


def _use_store(action: str, use: Callable[[Store], T]) -> tuple[bool, T | None]:
    """``use(store)`` on the app's store; on a fault it is logged, the store reopened once
    (a deleted database file is made again) and tried again. Returns ``(True, result)``,
    or ``(False, None)`` when the store cannot be used."""
    for attempt in (1, 2):
        try:
            return True, use(_store())
        except STORE_ERRORS as err:
            log.warning("the store could not %s (attempt %d of 2): %s: %s", action, attempt, type(err).__name__, err)
            _store.clear()
    return False, None


def _load_saved(key: str) -> tuple[dict | None, str]:
    """The address parts saved under ``key``, or ``(None, why)``: ``saved-missing`` (no
    such game here), ``saved-unusable`` (the store cannot be read) or ``saved-damaged``."""
    if not (key.isascii() and key.replace("-", "").replace("_", "").isalnum() and len(key) <= 40):
        return None, "saved-missing"
    ok, body = _use_store("read a saved game", lambda store: store.load_game(key))
    if not ok:
        return None, "saved-unusable"
    if body is None:
        return None, "saved-missing"
    try:
        data = json.loads(body) if len(body) <= 4 * ADDRESS_LIMIT + 1000 else None
    except (ValueError, RecursionError):
        data = None
    if not (isinstance(data, dict) and isinstance(data.get("deal"), str)
            and all(isinstance(v, (str, type(None))) for v in data.values())):
        log.warning("the saved game %r is damaged and cannot be replayed", key)
        return None, "saved-damaged"
    return data, ""


def remember(current: PracticeGame) -> None:
    """Put the game in the page address (deal, seat, settings, decisions); a game whose
    decisions outgrow :data:`ADDRESS_LIMIT` is kept in the store and the address
    carries its key (``saved``) instead — or, if the store cannot keep it, the long
    address is kept and the learner is told once that a link may not hold it."""
    params = {
        "deal": str(current.code),
        "moves": current.moves_text(),
        "seat": SEAT_NAMES[current.learner_seat] if current.learner_seat else None,
        "game": None if current.settings == Settings() else current.settings.to_text(),
    }
    if len(params["moves"]) > ADDRESS_LIMIT:
        key = _save(current, params)
        if key is not None:
            session.remember(saved=key, deal=None, moves=None, seat=None, game=None)
            return
        st.session_state.setdefault(UNSAVED, current.code)
    session.remember(saved=None, **params)


UNSAVED = "practice_unsaved"  # a game too long for its address that the store could not keep


def _save(current: PracticeGame, params: dict) -> str | None:
    """Keep the game in the store; returns its key (``None`` when the store cannot)."""
    known = st.session_state.get(SAVED)
    if known is not None and known.token == current.token:
        return known.key  # nothing changed since it was stored (or opened from a link)
    key = known.key if known is not None and known.owned else secrets.token_urlsafe(9)
    body = json.dumps(params)
    ok, _ = _use_store("keep a game too long for its address", lambda store: store.save_game(key, body))
    if not ok:
        return None  # the learner is told (UNSAVED) that a refresh or a link may not bring it back
    st.session_state[SAVED] = SavedGame(key, current.token)
    return key


# ----- callbacks (each runs only on the game the learner saw: see clicks.py) -----
def new_game() -> None:
    """Deal a fresh game from a new random seed: same table, seat and settings."""
    current = game()
    st.session_state[GAME] = _fresh_game(current.code.players, current.learner_seat, current.settings)
    st.session_state[CONFIRM] = None


def _under_way(current: PracticeGame) -> bool:
    return bool(current.decisions) and not current.match_over


def ask_new_game() -> None:
    """“New deal”: deal at once unless a hand is under way, else ask first."""
    if _under_way(game()):
        st.session_state[CONFIRM] = "new"
    else:
        new_game()


def ask_deal_from_settings() -> None:
    """The settings panel's “Deal”: deal at once unless a hand is under way, else ask first.
    A bad typed code is explained at once, before asking."""
    _sync_draft()
    try:
        _settings_from_draft()
    except PositionError as err:
        st.session_state[TYPED] = err
        return
    st.session_state.pop(TYPED, None)
    if _under_way(game()):
        st.session_state[CONFIRM] = "settings"
    else:
        deal_from_settings()


def confirm() -> None:
    """“Yes, deal again”: carry out the action that was waiting."""
    waiting = st.session_state.get(CONFIRM)
    if waiting == "settings":
        deal_from_settings()
    elif waiting == "new":
        new_game()


def keep_playing() -> None:
    st.session_state[CONFIRM] = None


def _settings_from_draft() -> tuple[DealCode, int, Settings]:
    """The deal code, seat and settings of the panel. Raises :class:`PositionError`."""
    state = st.session_state
    players = state.get(DRAFT["players"]) or PRACTICE_PLAYERS
    typed = (state.get(DRAFT["code"]) or "").strip()
    code = DealCode.parse(typed) if typed else DealCode.new(players, random.SystemRandom())
    mode = state.get(DRAFT["mode"]) or COACH
    match = dict(hands=int(state.get(DRAFT["hands"], 1)), turn_limit=int(state.get(DRAFT["turn_limit"], 1000)))
    if mode == TABLE:
        settings = Settings(mode=TABLE, alertness=int(state.get(DRAFT["alertness"], Settings.alertness)),
                            slips=int(state.get(DRAFT["slips"], Settings.slips)),
                            watch=state.get(DRAFT["watch"], Settings.watch), **match)
    else:
        settings = Settings(mode=COACH, penalise=bool(state.get(DRAFT["penalise"], True)), **match)
    seat_letter = state.get(DRAFT["seat"]) or "A"
    seat = SEAT_NAMES.index(seat_letter) if seat_letter in SEAT_NAMES else 0
    return code, min(seat, code.players - 1), settings


def deal_from_settings() -> None:
    """Deal with the panel's table size, seat, mode and match, and the deal code if one
    was typed (a teacher can give a whole class the same deal)."""
    state = st.session_state
    try:
        code, seat, settings = _settings_from_draft()
    except PositionError as err:
        state[TYPED] = err
        return
    state.pop(TYPED, None)
    state[NOTICES] = []
    state[GAME] = PracticeGame(code, seat, settings=settings)
    state[CONFIRM] = None
    state[SETTINGS_PANEL] = False  # the new table comes into view


PICK_PROBLEM = "practice_pick_problem"


def decide(decision: str) -> None:
    """The learner's decision on the game as shown (the click guard has checked the token)."""
    current = game()
    try:
        current.decide(decision)
    except MugginsError:
        if current.correcting is not None:  # a pile that does not fit the called card
            st.session_state[PICK_PROBLEM] = True
    if decision in (CALL, NEXT) and current.watching is not None:  # the next placement shown: bring it into view
        request_scroll(str(current.watching.dest))


def skip() -> None:
    """Let the others play on without calling until the learner's turn (Table mode)."""
    with contextlib.suppress(MugginsError):
        game().skip()


UNDONE = "practice_undone"  # the token of the state an undo went back to


def undo() -> None:
    """Take back the learner's last placement (Coach mode)."""
    try:
        st.session_state[GAME] = game().undone()
    except MugginsError:
        return
    st.session_state[UNDONE] = st.session_state[GAME].token


def action_button(label: str, *, key: str, action, args: tuple = (), where=None, **options) -> None:
    """A button acting on the game as shown now (see :mod:`tutorial.app.shell.clicks`)."""
    clicks.button(label, key=key, seen=game().token, current=token, action=action, args=args, where=where, **options)


# ----- the settings panel ------------------------------------------------------------
def _seed_draft(current: PracticeGame) -> None:
    """Fill the panel's values from the game once per session."""
    state = st.session_state
    if DRAFT["mode"] in state:
        return
    settings = current.settings
    for field, value in {"players": current.code.players, "seat": SEAT_NAMES[current.learner_seat],
                         "mode": settings.mode, "penalise": settings.penalise, "alertness": settings.alertness,
                         "slips": settings.slips, "watch": settings.watch, "hands": settings.hands,
                         "turn_limit": settings.turn_limit,
                         "code": ""}.items():
        state[DRAFT[field]] = value


def _keep(field: str, widget_key: str) -> None:
    """A panel widget changed: keep its value in the draft (an emptied choice keeps the old value)."""
    value = st.session_state.get(widget_key)
    if value is not None:
        st.session_state[DRAFT[field]] = value


def _widget(field: str, widget_key: str, make, *, valid=None, **options):
    """A panel widget whose value lives in the draft, not in the widget: Streamlit forgets
    the state of widgets it does not draw (a closed panel), and a widget whose option
    labels are translated gets a key per language (the browser sends the old label
    after a switch). ``valid(value)`` says whether the draft value can be shown."""
    state = st.session_state
    if widget_key not in state and (valid is None or valid(state[DRAFT[field]])):
        state[widget_key] = state[DRAFT[field]]
    return make(key=widget_key, on_change=_keep, args=(field, widget_key), **options)


def _sync_draft() -> None:
    """Copy the panel's widgets into the draft (a value typed and not yet confirmed
    with Enter arrives together with the click on *Deal*)."""
    _keep("players", "practice-w-players")
    for field, widget_key in (("seat", f"practice-w-seat-{st.session_state.get(DRAFT['players'])}"),
                              ("mode", _mode_key()), ("penalise", "practice-w-penalise"),
                              ("alertness", "practice-w-alertness"), ("slips", "practice-w-slips"),
                              ("watch", _watch_key()),
                              ("hands", "practice-w-hands"), ("turn_limit", "practice-w-turn-limit"),
                              ("code", "practice-w-code")):
        _keep(field, widget_key)


def _mode_key() -> str:
    _ = session.tr().gettext
    return session.labelled_key("practice-w-mode", (_("Coach"), _("Table")))


def _watch_key() -> str:
    _ = session.tr().gettext
    return session.labelled_key("practice-w-watch", (_("Every placement by the others"),
                                                     _("Only placements where a discard is involved")))


def settings_panel(current: PracticeGame, tr) -> None:
    """*Table and deal*: table size, seat, mode, penalty, the others' calls and slips,
    match length, turn limit and a typed deal code. Nothing changes until *Deal*
    (which asks first when a hand is under way)."""
    _ = tr.gettext
    _seed_draft(current)
    state = st.session_state
    with st.expander(_("Table and deal"), key=SETTINGS_PANEL, on_change="rerun") as panel:
        if not panel.open:
            return
        _widget("players", "practice-w-players", st.segmented_control, label=_("Number of players"), options=sorted(COUNTS))
        players = state[DRAFT["players"]]
        seats = list(SEAT_NAMES[:players])
        if state[DRAFT["seat"]] not in seats:
            state[DRAFT["seat"]] = seats[-1]
        _widget("seat", f"practice-w-seat-{players}", st.segmented_control, label=_("Your seat"), options=seats)
        names = {COACH: _("Coach"), TABLE: _("Table")}
        _widget("mode", _mode_key(), st.radio, label=_("Mode"), options=[COACH, TABLE],
                format_func=names.get, horizontal=True)
        if state[DRAFT["mode"]] == COACH:
            _widget("penalise", "practice-w-penalise", st.toggle, label=_("Penalty cards for my errors"))
        else:
            _widget("slips", "practice-w-slips", st.slider, label=_("How often each computer player misplaces a card (%)"),
                    min_value=0, max_value=100, step=5)
            _widget("alertness", "practice-w-alertness", st.slider,
                    label=_("How often the computer players call an error they see, yours or each other's (%)"),
                    min_value=0, max_value=100, step=10,
                    help=_("They never call before you: on a placement you watch, they may call only after you press Next."))
            watch = {WATCH_ALL: _("Every placement by the others"),
                     WATCH_DISCARDS: _("Only placements where a discard is involved")}
            _widget("watch", _watch_key(), st.radio, label=_("Placements you watch, with the chance to call"),
                    options=[WATCH_ALL, WATCH_DISCARDS], format_func=watch.get,
                    help=_("With many players, watching only the placements on or next to a discard means fewer clicks."))
        _widget("hands", "practice-w-hands", st.number_input, label=_("Hands in the match"), min_value=1, max_value=20)
        _widget("turn_limit", "practice-w-turn-limit", st.number_input, label=_("Agreed turn limit per hand (R7)"),
                min_value=50, max_value=MAX_TURN_LIMIT, step=50)
        _widget("code", "practice-w-code", st.text_input, label=_("Deal code (optional)"), placeholder="4-12345",
                max_chars=200,
                help=_("Type a code such as 4-12345 to deal exactly that hand: everybody who types it gets the same cards."))
        action_button(_("Deal"), key="practice-deal", action=ask_deal_from_settings, type="primary")
        st.caption(_("Changes take effect when you press Deal."))


# ----- what the learner sees (the words come from tutorial.app.practice.model) -------------
def screen(current: PracticeGame) -> PracticeScreen:
    """The page of ``current`` in words: the learner's language, the learner's seat as “you”."""
    return PracticeScreen(current, session.narrator(current.learner),
                          undone=st.session_state.get(UNDONE) == current.token)


_BOXES = {"success": st.success, "error": st.error, "warning": st.warning, "info": st.info}


def dealer(current: PracticeGame) -> str:
    """The dealer's name in the hand under way."""
    return current.hand.start.players[current.dealer]


def save_buttons(current: PracticeGame, words_: PracticeScreen, tr) -> None:
    """*Save picture* and *Save position* of the moment on the table."""
    from tutorial.app.shell import takeaway
    from tutorial.app.shell.table import TableView

    hand = current.hand
    deal, _who, _mode = words_.heading()
    if hand.turned is not None and hand.turned.card is not None and current.watching is None:
        view = TableView(hand.turned.position, turned=hand.turned.card, you=current.learner, dealer=dealer(current))
    else:
        view = TableView(hand.position, you=current.learner, dealer=dealer(current))
    code = current.match.deal_code(current.hand_index)
    takeaway.save_buttons(view, hand.position, tr, key="practice", caption=takeaway.caption(deal, view, words_.n),
                          name=f"muggins-{code}-turn-{len(hand.records) + 1}")


def show(message: Message | None) -> None:
    """A message box with its paragraphs shown literally."""
    if message is not None:
        _BOXES[message.tone](paragraphs(*message.lines))
        if message.details:
            with st.expander(session.tr().gettext("Each penalty card, in order"), key="practice-penalty-details"):
                st.markdown("\n".join("- " + literal(line) for line in message.details))


def lesson_button(error: str, tr, offered: set[str]) -> None:
    """A button to the lesson that teaches ``error`` (once per lesson)."""
    lesson = {item.id: item for item in lesson_view.course()[0]}.get(LESSON_FOR_ERROR[error])
    if lesson is None or lesson.id in offered:
        return
    offered.add(lesson.id)
    action_button(tr.gettext("Lesson: {title}").format(title=tr.gettext(lesson.title)), key=f"practice-lesson-{lesson.id}",
                  action=_to_lesson, args=(lesson.id,), icon=":material/school:")
    if st.session_state.get(TO_LESSON) == lesson.id:
        st.session_state.pop(TO_LESSON)
        st.switch_page(pages.page("lessons"))


TO_LESSON = "practice_to_lesson"  # a lesson button at the end of a hand was pressed


def _to_lesson(lesson_id: str) -> None:
    lesson_view.open_lesson(lesson_id)
    st.session_state[TO_LESSON] = lesson_id


def watching(current: PracticeGame, words_: PracticeScreen, tr) -> None:
    """A computer player's placement being shown in Table mode: call it, or let play go on.
    The same controls whether it was right or wrong: the learner judges."""
    _ = tr.gettext
    text, question = words_.watching()
    with st.container(border=True, key="practice-watch"):
        st.markdown(literal(text))
        st.caption(literal(question))
        row = st.container(horizontal=True, key="practice-watch-row")  # wraps in a narrow panel: labels stay whole
        action_button(_("Call “Muggins!”"), key="practice-call", action=decide, args=(CALL,), where=row, type="primary")
        action_button(_("Next ▶"), key="practice-next", action=decide, args=(NEXT,), where=row)
        action_button(words_.skip_label(), key="practice-skip", action=skip, where=row,
                      icon=":material/fast_forward:",
                      help=_("The others play on without your calls until you have a card to place (or the hand ends)."))


def hand_end(current: PracticeGame, words_: PracticeScreen, tr) -> None:
    """The end of a hand: the result, the review, the match score, the next hand."""
    _ = tr.gettext
    review = words_.review()
    finished_key = f"{current.code}/{len(current.decisions)}"
    if review.won and st.session_state.get("practice_celebrated") != finished_key:
        st.session_state["practice_celebrated"] = finished_key  # once, not on every rerun
        st.balloons()
    show(review.outcome)
    offered: set[str] = set()
    with st.container(border=True, key="practice-summary"):
        st.markdown("**" + literal(_("Your hand in review")) + "**")
        for line in (review.clean, *review.errors, review.calls, review.missed_count):
            if line:
                st.markdown(literal(line))
        if review.missed:
            st.markdown("\n".join("- " + literal(line) for line in review.missed))
        for error in review.lessons:
            lesson_button(error, tr, offered)
    board = words_.scoreboard()
    if board is not None:
        heading, scores, result = board
        st.markdown("**" + literal(heading) + "**")
        st.markdown(literal(scores))
        if result:
            st.success(literal(result))
    if not current.match_over:
        action_button(_("Deal the next hand"), key="practice-next-hand", action=decide, args=(NEXT_HAND,), type="primary")


LOG_SHOWN = 200
"""Turns shown in the open hand log (the download holds them all)."""


def hand_log(current: PracticeGame, words_: PracticeScreen, tr) -> None:
    """The hand log, built only while its panel is open (a long log would otherwise be
    sent on every click), and its download, built only when asked for."""
    _ = tr.gettext
    with st.expander(_("Hand log"), key=LOG_PANEL, on_change="rerun") as panel:
        if not panel.open:
            return
        records = current.hand.records
        if not records:
            st.caption(_("No turns played yet."))
            return
        if len(records) > LOG_SHOWN:
            st.caption(literal(tr.ngettext("The last {count} turn; the download holds the whole hand.",
                                           "The last {count} turns; the download holds the whole hand.", LOG_SHOWN)
                               .format(count=LOG_SHOWN)))
        st.markdown("\n".join(f"{number}. {literal(line)}" for number, line in words_.log_lines(LOG_SHOWN)))
        st.download_button(_("Download the hand log"), data=words_.log_text,
                           file_name=f"muggins-{current.match.deal_code(current.hand_index)}.txt",
                           mime="text/plain", key="practice-log-download", on_click="ignore")
