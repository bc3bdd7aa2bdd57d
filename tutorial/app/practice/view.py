"""The Practice page's Streamlit parts: the typed state in the session, the saved-games
store, and how the screen model (:mod:`tutorial.app.practice.model`) is laid out and its
actions wired to buttons. What to show and what an action does is decided by the model;
the game's rules are in :mod:`tutorial.practice`."""

from __future__ import annotations

import gettext
import hashlib
import json
import logging
import os
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import streamlit as st

from tutorial.app.lessons import state as lesson_view
from tutorial.app.practice.model import LOG_SHOWN, Message, PracticeScreen
from tutorial.app.practice.state import (
    ADDRESS_PARTS,
    HINTS,
    LOG_PANEL,
    SETTINGS_PANEL,
    WIDGETS,
    PracticeAddress,
    PracticeState,
    SavedGame,
    open_game,
    read_saved,
    saved_key_ok,
)
from tutorial.app.practice.state import hand_under_way as state_hand_under_way
from tutorial.app.practice.stats import PracticeStats
from tutorial.app.shell import clicks, focus, pages, session, storage
from tutorial.app.shell.markup import literal, paragraphs
from tutorial.app.shell.table import request_scroll
from tutorial.engine.deal import DealCode
from tutorial.practice import COACH, PracticeGame
from tutorial.store import OPEN_ERRORS, Store, open_store

__all__ = ["HINTS", "LOG_PANEL", "SETTINGS_PANEL", "PracticeState", "game", "play", "playing", "screen", "state"]

log = logging.getLogger(__name__)
T = TypeVar("T")

def _address_limit(environ: Mapping[str, str] = os.environ) -> int:
    """``$MUGGINS_ADDRESS_LIMIT`` when it is a whole number of ASCII digits from 1 to 100,000,
    else 8,000 (a value set but not usable is logged)."""
    text = environ.get("MUGGINS_ADDRESS_LIMIT", "").strip()
    if text.isascii() and text.isdigit() and len(text) <= 6 and 1 <= int(text) <= 100_000:
        return int(text)
    if text:
        log.warning("MUGGINS_ADDRESS_LIMIT=%r is not a whole number from 1 to 100000: 8000 used", text[:40])
    return 8_000


ADDRESS_LIMIT = _address_limit()
"""Moves longer than this (characters) are kept in the store under a short key instead of the
address (``$MUGGINS_ADDRESS_LIMIT``: a proxy that refuses long addresses may want it lower)."""


# ----- the state in the session ---------------------------------------------------------------
def state() -> PracticeState:
    """This session's practice state, its game opened on first use: the one the learner's stored
    progress brought (:attr:`PracticeState.stored`), else the address's (or the store's, for a
    game too long for an address)."""
    found = session.feature(PracticeState)
    if found.game is None and found.stored is not None:
        stored, found.stored = found.stored, None
        opened = open_game(stored, load_saved_game)
        found.game, found.notices, found.saved = opened.game, opened.notices, opened.saved
        remember(opened.game)
    if found.game is None:
        address = PracticeAddress.from_params({name: session.url_seed(name) for name in ADDRESS_PARTS})
        opened = open_game(address, _load_saved)
        found.game, found.notices, found.waiting = opened.game, opened.notices, opened.waiting
        if opened.saved is not None:  # a saved game: this session saves its own changes under a new key
            found.saved = opened.saved
    return found


def game() -> PracticeGame:
    """This session's game (see :func:`state`)."""
    return state().current


def playing() -> PracticeGame | None:
    """The game under way, if the Practice page has opened one in this session (other pages
    read it: the position lab, the class room), or the one the stored progress brought, opened
    now (see :attr:`PracticeState.stored`: call it where the game itself is needed)."""
    found = session.feature(PracticeState)
    return state().game if found.game is None and found.stored is not None else found.game


def has_game() -> bool:
    """Whether there is a game under way (:func:`playing`), without opening a stored one."""
    found = session.feature(PracticeState)
    return found.game is not None or found.stored is not None


_UNDER_WAY: OrderedDict[str, bool] = OrderedDict()
_UNDER_WAY_LOCK = threading.Lock()
UNDER_WAY_KEPT = 256
"""Games whose answer :func:`hand_under_way` keeps per process: the SHA-256 digest of a game's
address and whether a hand of it is under way, nothing else (neither the deal nor a decision)."""


def hand_under_way() -> str | None:
    """The deal code of a practice hand under way (begun, the match not over), else ``None``
    (Home's *Continue*). A stored game not yet opened is not replayed for it unless it has reached
    its match's last hand (:func:`tutorial.app.practice.state.hand_under_way`), and then once per
    process: every page load is a new session, and Home is the page a learner opens most."""
    found = session.feature(PracticeState)
    if found.game is not None:
        return str(found.game.code) if found.game.decisions and not found.game.match_over else None
    address = found.stored
    if address is not None and address.saved:  # the game kept in the store, as it is now (its owner plays on)
        address, _why = load_saved_game(address.saved)
    if address is None:
        return None
    digest = _digest(address)
    with _UNDER_WAY_LOCK:
        known = _UNDER_WAY.get(digest)
        if known is not None:
            _UNDER_WAY.move_to_end(digest)
    if known is None:
        answer = state_hand_under_way(address, load_saved_game)
        _keep_under_way(digest, answer is not None)
        return answer
    return str(DealCode.parse(address.deal or "")) if known else None


def _digest(address: PracticeAddress) -> str:
    return hashlib.sha256(json.dumps(address.params(), sort_keys=True).encode()).hexdigest()


def _keep_under_way(digest: str, answer: bool) -> None:
    with _UNDER_WAY_LOCK:
        _UNDER_WAY[digest] = answer
        _UNDER_WAY.move_to_end(digest)
        while len(_UNDER_WAY) > UNDER_WAY_KEPT:
            _UNDER_WAY.popitem(last=False)


def play(new: PracticeGame) -> None:
    """Make ``new`` the game under way (the class room's deal)."""
    session.feature(PracticeState).game = new


def token() -> str:
    """The token of the game as it is now (see :attr:`PracticeGame.token`)."""
    return game().token


def screen() -> PracticeScreen:
    """The page in words and actions: the learner's language, the learner's seat as “you”."""
    current = state()
    return PracticeScreen(current, session.narrator(current.current.learner), on_error=_note_training_error)


def count_hand(current: PracticeGame) -> None:
    """A finished hand counted, once, in the practice statistics (:class:`PracticeStats`) — not
    while the browser's stored progress has not arrived: it may hold this very hand, counted."""
    if not storage.holding():
        session.feature(PracticeStats).count(current)


def _note_training_error(kind: str) -> None:
    """A new error of the learner's in this hand (or a missed call) makes its training theme due."""
    from tutorial.app.training import view as training_view

    training_view.note_practice_error(kind)


# ----- the store of games too long for an address ---------------------------------------------
STORE_ERRORS = OPEN_ERRORS
"""What opening or using the store can raise (:data:`tutorial.store.OPEN_ERRORS`)."""


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


def _load_saved(key: str) -> tuple[PracticeAddress | None, str]:
    """The address saved under ``key``, or ``(None, why)``: ``saved-missing`` (no such game
    here), ``saved-unusable`` (the store cannot be read) or ``saved-damaged``."""
    if not saved_key_ok(key):
        return None, "saved-missing"
    ok, body = _use_store("read a saved game", lambda store: store.load_game(key))
    if not ok:
        return None, "saved-unusable"
    if body is None:
        return None, "saved-missing"
    address = read_saved(body, ADDRESS_LIMIT)
    if address is None:
        log.warning("the saved game %r is damaged and cannot be replayed", key)
        return None, "saved-damaged"
    return address, ""


def load_saved_game(key: str) -> tuple[PracticeAddress | None, str]:
    """The address saved under ``key`` (see :func:`_load_saved`), for a game kept in the
    learner's browser storage (:mod:`tutorial.app.shell.storage`)."""
    return _load_saved(key)


def remember(current: PracticeGame) -> None:
    """Put the game in the page address (deal, seat, settings, decisions); a game whose
    decisions outgrow :data:`ADDRESS_LIMIT` is kept in the store and the address
    carries its key (``saved``) instead — or, if the store cannot keep it, the long
    address is kept and the learner is told once that a link may not hold it."""
    address = PracticeAddress.of(current)
    # What Home's next load will ask of this game as the learner's stored progress brings it back
    # (it is the game written there), known now: it need not be replayed for it.
    _keep_under_way(_digest(address), bool(current.decisions) and not current.match_over)
    if not address.moves and storage.holding() and not any(session.url_seed(part) for part in ADDRESS_PARTS):
        # A deal made up for this visit, before the browser's stored progress has arrived (it
        # may bring back the learner's own game): kept out of the address meanwhile. A reload in
        # between took the made-up deal for a link and replaced the stored game (found by a trial).
        return
    kept = state()
    if kept.waiting is not None:
        if not address.moves:  # the fresh deal untouched: the address keeps the saved game, for a retry or a reload
            session.remember(**PracticeAddress(saved=kept.waiting).params())
            return
        kept.waiting = None  # the learner plays the fresh deal
    if address.too_long(ADDRESS_LIMIT):
        key = _save(current, address)
        if key is not None:
            session.remember(**PracticeAddress(saved=key).params())
            return
        if kept.unsaved is None:
            kept.unsaved = current.code
    session.remember(**address.params())


def _save(current: PracticeGame, address: PracticeAddress) -> str | None:
    """Keep the game in the store; returns its key (``None`` when the store cannot)."""
    kept = state()
    known = kept.saved
    if known is not None and known.token == current.token:
        return known.key  # nothing changed since it was stored (or opened from a link)
    key = known.key if known is not None and known.owned else secrets.token_urlsafe(9)
    body = json.dumps(address.body())
    ok, _ = _use_store("keep a game too long for its address", lambda store: store.save_game(key, body))
    if not ok:
        return None  # the learner is told (unsaved) that a refresh or a link may not bring it back
    kept.saved = SavedGame(key, current.token)
    return key


# ----- actions: each runs the model's action on the game the learner saw (see clicks.py) ---------
SPOKEN = frozenset({"pick", "call", "go_on", "skip", "undo", "new_deal", "confirm", "keep_playing", "deal", "next_hand"})
"""The actions after which a screen reader is told what they brought and the focus goes on
(:meth:`PracticeScreen.said_after`, :meth:`PracticeScreen.focus_after`)."""


def act(action: str, *args: str) -> None:
    """Callback: the screen model's action ``action`` (a method name) on the state as it is now;
    then what it brought is announced, once, and the focus goes to the next thing to do (the
    control used is drawn anew, or gone: the focus fell to the page)."""
    page = screen()
    before = page.moment()
    getattr(page, action)(*args)
    if action in ("call", "go_on") and page.watched_pile() is not None:  # the next placement shown: bring it into view
        request_scroll(page.watched_pile())
    if action in SPOKEN:
        focus.request(page.focus_after(), say=page.said_after(before))


def pick(dest: str) -> None:
    """A pile picked on the table (the table's guard has checked the token)."""
    act("pick", dest)


def action_button(label: str, *, key: str, action: str, args: tuple[str, ...] = (), where: Any = None,
                  **options: Any) -> None:
    """A button running the model's ``action`` on the game as shown now (see :mod:`tutorial.app.shell.clicks`)."""
    clicks.button(label, key=key, seen=token(), current=token, action=act, args=(action, *args), where=where, **options)


# ----- the settings panel ------------------------------------------------------------------------
def _keep(field: str, widget_key: str) -> None:
    """A panel widget changed: keep its value in the draft (an emptied choice keeps the old value)."""
    state().draft_of().keep(field, st.session_state.get(widget_key))


def _widget(field: str, widget_key: str, make: Callable[..., Any], **options: Any) -> Any:
    """A panel widget whose value lives in the draft, not in the widget: Streamlit forgets
    the state of widgets it does not draw (a closed panel), and a widget whose option
    labels are translated gets a key per language (the browser sends the old label
    after a switch). The value is the widget's own default (``value``, ``index`` or
    ``default``), never put into its session state before it is drawn: a fresh page then drew
    number boxes at their minimum now and then (found in the variant lab by a trial)."""
    value = getattr(state().draft_of(), field)
    if make is st.radio:
        choices = list(options["options"])
        options["index"] = choices.index(value) if value in choices else 0
    elif make is st.segmented_control:
        options["default"] = value if value in list(options["options"]) else None
    else:
        options["value"] = value
    return make(key=widget_key, on_change=_keep, args=(field, widget_key), **options)


def widget_key(field: str, page: PracticeScreen) -> str:
    """The key of a panel widget: per table size for the seat, per language for the
    translated mode and watch choices (see :func:`tutorial.app.shell.session.labelled_key`)."""
    if field == "seat":
        return f"{WIDGETS['seat']}-{page.draft().players}"
    if field == "mode":
        return session.labelled_key(WIDGETS["mode"], [choice.label for choice in page.modes()])
    if field == "watch":
        return session.labelled_key(WIDGETS["watch"], [choice.label for choice in page.watch_choices()])
    return WIDGETS[field]


def _deal_from_panel() -> None:
    """The panel's *Deal*: copy its widgets into the draft first (a value typed and not yet
    confirmed with Enter arrives together with the click), then the model's *deal*."""
    page = screen()
    _keep("players", WIDGETS["players"])
    for field in WIDGETS:
        if field != "players":
            _keep(field, widget_key(field, page))
    act("deal")


def settings_panel(page: PracticeScreen, tr: gettext.NullTranslations) -> None:
    """*Table and deal*: table size, seat, mode, penalty, the others' calls and slips,
    match length, turn limit and a typed deal code. Nothing changes until *Deal*
    (which asks first when a hand is under way)."""
    _ = tr.gettext
    kept = page.state
    if kept.close_panel:  # a deal from the panel was made: the new table comes into view
        kept.close_panel = False
        st.session_state[SETTINGS_PANEL] = False
    with st.expander(_("Table and deal"), key=SETTINGS_PANEL, on_change="rerun") as panel:
        if not panel.open:
            return
        draft = page.draft()
        _widget("players", WIDGETS["players"], st.segmented_control, label=_("Number of players"),
                options=page.player_counts())
        _widget("seat", widget_key("seat", page), st.segmented_control, label=_("Your seat"), options=draft.seats())
        modes = {choice.value: choice.label for choice in page.modes()}
        _widget("mode", widget_key("mode", page), st.radio, label=_("Mode"), options=list(modes),
                format_func=modes.get, horizontal=True)
        if draft.mode == COACH:
            _widget("penalise", WIDGETS["penalise"], st.toggle, label=_("Penalty cards for my errors"))
        else:
            _widget("slips", WIDGETS["slips"], st.slider, label=_("How often each computer player misplaces a card (%)"),
                    min_value=0, max_value=100, step=5)
            _widget("alertness", WIDGETS["alertness"], st.slider,
                    label=_("How often the computer players call an error they see, yours or each other's (%)"),
                    min_value=0, max_value=100, step=10,
                    help=_("They never call before you: on a placement you watch, they may call only after you press Next."))
            watch = {choice.value: choice.label for choice in page.watch_choices()}
            _widget("watch", widget_key("watch", page), st.radio, label=_("Placements you watch, with the chance to call"),
                    options=list(watch), format_func=watch.get,
                    help=_("With many players, watching only the placements on or next to a discard means fewer clicks."))
        fewest, most = page.HANDS
        _widget("hands", WIDGETS["hands"], st.number_input, label=_("Hands in the match"), min_value=fewest, max_value=most)
        lowest, highest, step = page.TURN_LIMITS
        _widget("turn_limit", WIDGETS["turn_limit"], st.number_input, label=_("Agreed turn limit per hand (R7)"),
                min_value=lowest, max_value=highest, step=step)
        _widget("code", WIDGETS["code"], st.text_input, label=_("Deal code (optional)"), placeholder="4-12345",
                max_chars=200,
                help=_("Type a code such as 4-12345 to deal exactly that hand: everybody who types it gets the same cards."))
        if page.can_deal():
            clicks.button(_("Deal"), key="practice-deal", seen=token(), current=token, action=_deal_from_panel,
                          type="primary")
        st.caption(_("Changes take effect when you press Deal."))


# ----- laying out what the model says -------------------------------------------------------------
_BOXES: dict[str, Callable[..., Any]] = {"success": st.success, "error": st.error, "warning": st.warning, "info": st.info}


def show(message: Message | None) -> None:
    """A message box with its paragraphs shown literally."""
    if message is not None:
        _BOXES[message.tone](paragraphs(*message.lines))
        if message.details:
            with st.expander(session.tr().gettext("Each penalty card, in order"), key="practice-penalty-details"):
                st.markdown("\n".join("- " + literal(line) for line in message.details))


def save_buttons(page: PracticeScreen, tr: gettext.NullTranslations) -> None:
    """*Save picture* and *Save position* of the moment on the table."""
    from tutorial.app.shell import takeaway

    snap = page.snapshot()
    takeaway.save_buttons(snap.view, page.game.hand.position, tr, key="practice",
                          caption=takeaway.caption(snap.heading, snap.view, page.n), name=snap.name)


def watching(page: PracticeScreen, tr: gettext.NullTranslations) -> None:
    """A computer player's placement being shown in Table mode: call it, or let play go on.
    The same controls whether it was right or wrong: the learner judges."""
    _ = tr.gettext
    shown = page.watching()
    if shown is None:
        return
    text, question = shown
    with st.container(border=True, key="practice-watch"):
        st.markdown(literal(text))
        st.caption(literal(question))
        row = st.container(horizontal=True, key="practice-watch-row")  # wraps in a narrow panel: labels stay whole
        if page.can_call():
            action_button(_("Call “Muggins!”"), key="practice-call", action="call", where=row, type="primary")
        if page.can_go_on():
            action_button(_("Next ▶"), key="practice-next", action="go_on", where=row)
        if page.can_skip():
            action_button(page.skip_label(), key="practice-skip", action="skip", where=row,
                          icon=":material/fast_forward:",
                          help=_("The others play on without your calls until you have a card to place (or the hand ends)."))


def hand_end(page: PracticeScreen, tr: gettext.NullTranslations) -> None:
    """The end of a hand: the result, the review, the match score, the next hand."""
    _ = tr.gettext
    review = page.review()
    if review is None:
        return
    if page.celebrate():
        st.balloons()
    show(review.outcome)
    lessons = {item.id: item for item in lesson_view.course()[0]}
    with st.container(border=True, key="practice-summary"):
        st.markdown("**" + literal(_("Your hand in review")) + "**")
        for line in (review.clean, *review.errors, review.calls, review.missed_count):
            if line:
                st.markdown(literal(line))
        if review.missed:
            st.markdown("\n".join("- " + literal(line) for line in review.missed))
        for lesson_id in page.lesson_offers(lessons):
            action_button(_("Lesson: {title}").format(title=_(lessons[lesson_id].title)), key=f"practice-lesson-{lesson_id}",
                          action="open_lesson", args=(lesson_id,), icon=":material/school:")
    chosen = page.take_lesson()
    if chosen is not None:
        lesson_view.open_lesson(chosen)
        st.switch_page(pages.page("lessons"))
    board = page.scoreboard()
    if board is not None:
        heading, scores, result = board
        st.markdown("**" + literal(heading) + "**")
        st.markdown(literal(scores))
        if result:
            st.success(literal(result))
    if page.can_next_hand():
        action_button(_("Deal the next hand"), key="practice-next-hand", action="next_hand", type="primary")


def hand_log(page: PracticeScreen, tr: gettext.NullTranslations) -> None:
    """The hand log, built only while its panel is open (a long log would otherwise be
    sent on every click), and its download, built only when asked for."""
    _ = tr.gettext
    with st.expander(_("Hand log"), key=LOG_PANEL, on_change="rerun") as panel:
        if not panel.open:
            return
        note = page.log_note()
        if note:
            st.caption(literal(note))
        if not page.game.hand.records:
            return
        st.markdown("\n".join(f"{number}. {literal(line)}" for number, line in page.log_lines(LOG_SHOWN)))
        st.download_button(_("Download the hand log"), data=page.log_text, file_name=page.log_file_name(),
                           mime="text/plain", key="practice-log-download", on_click="ignore")

