"""Per-learner state, language and URL, all kept in ``st.session_state``.

One init block per session seeds the state from the page URL (language,
lesson and step), then from the browser's languages. Compact state is written
back to the URL whenever it changes, so a refresh or a shared link restores it.
"""

from __future__ import annotations

import gettext
import re
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import streamlit as st

from tutorial.app.practice.state import ADDRESS_PARTS
from tutorial.app.shell.markup import literal
from tutorial.i18n import LANGUAGES, header_languages, match_language, negotiate, normalize, translations, unknown_language_line

if TYPE_CHECKING:
    from tutorial.narrate import Narrator

# ----- widget keys of the shell (Streamlit keeps each widget's value under its key) ----------
LANG_CHOICE = "lang_choice"
"""The sidebar's language radio (the learner's language itself is :attr:`ShellState.lang`)."""
TEXT_VIEW = "table_text"
"""The sidebar switch "Table as text" (address: ``table=text``)."""
FOUR_COLOUR = "four_colour"
"""The sidebar switch "Four-colour deck" (address: ``deck=4``)."""

LANG = "lang"
"""The query parameter of the learner's language."""
KEPT = ("lesson", "step", "deal", "moves", "seat", "game", "saved", "table", "deck", "present",
        "room", "student")
"""Query parameters (besides ``lang``) the session keeps for the address. The learner's progress
(completed lessons, check results) is not among them: it is kept in the learner's browser
(:mod:`tutorial.app.shell.storage`), never put into links they share; an old bookmark's
``done``/``checks`` are still read once (:func:`url_seed`)."""
PLACES = (LANG, "lesson", "step", "lab")
"""The followed values that say where the learner is (:data:`FOLLOWED`)."""
SETTINGS = {"present": "1", "table": "text", "deck": "4"}
"""The followed values that are switches, with the one value each takes when on (absent when off;
:data:`FOLLOWED`)."""
FOLLOWED = PLACES + tuple(SETTINGS)
"""The query parameters the session follows when the browser's Back or Forward brings back an
address of this session (:func:`init`): the language, the lesson and step (Back goes back a
step), presenter mode, the table's look and the explorer's lab. The others (a practice game,
a lab's position, a class room) stay as the session has them, and the page writes its address
back; their changes replace the history entry instead of adding one
(:mod:`tutorial.app.shell.history`), so Back goes back a place."""
SLUG = re.compile(r"[a-z0-9][a-z0-9-]{0,79}")
"""A lesson's or a step's id. A link's ``lesson``/``step`` of another shape is not kept in the
address of every page (Home kept a 60,000-character one, found by a trial); the Lessons page
says a link's unknown lesson or step and opens the course's first."""
GAME_PARTS = ADDRESS_PARTS
"""The practice game under way (:data:`tutorial.app.practice.state.ADDRESS_PARTS`)."""
PAGE_ONLY: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(GAME_PARTS, ("practice",)), "room": ("class", "practice"), "student": ("class", "practice")}
"""Kept values the address carries on these pages only (by ``url_path``): the session keeps them
on every page, but a link to the Rules page or to an exercise shares neither your practice game
nor your place in a class room (whoever opened it would play on as you). The browser keeps the
game for the next visit (:mod:`tutorial.app.shell.storage`), and a student's own browser their
place in the room (a cookie); class practice reports from the Practice page, so its address
carries the room too."""


@dataclass
class ShellState:
    """What the shell keeps for one session (one session key, :attr:`KEY`):

    - ``initialised``: :func:`init` has seeded the session;
    - ``lang``: the learner's language code;
    - ``seed``: the query parameters the session was opened with (a page change clears
      plain ones from the address: :func:`url_seed` reads them here);
    - ``kept``: what the address keeps on every page (:func:`remember`);
    - ``pages``: the pages as built in this run (:mod:`tutorial.app.shell.pages`);
    - ``unknown_lang``: a language the link asked for that the app does not have (said by
      :func:`language_notice`);
    - ``page``: the page the last run showed (its ``url_path``), ``arrived``: this run shows
      another one (or is the session's first): :func:`visit`;
    - ``followed``: in a run the browser's Back or Forward started, the :data:`FOLLOWED`
      values of the address it brought back (a value the address lacks is ``None``);
      ``None`` in any other run (:func:`followed`);
    - ``history_sent``: the page has the rule of which address changes are history
      (:mod:`tutorial.app.shell.history`); ``first_run``: this run is the session's first
      (:func:`sync_url` leaves a link's address as it is until the next).
    """

    KEY: ClassVar[str] = "shell"

    initialised: bool = False
    lang: str | None = None
    seed: dict[str, str] = field(default_factory=dict)
    kept: dict[str, str] = field(default_factory=dict)
    pages: dict[str, Any] = field(default_factory=dict)
    unknown_lang: str | None = None
    page: str | None = None
    arrived: bool = True
    followed: dict[str, str | None] | None = None
    history_sent: bool = False
    first_run: bool = True

    def follow(self, address: dict[str, str]) -> dict[str, str | None]:
        """The browser brought back ``address`` (Back or Forward): take its language, lesson,
        step, presenter mode and table look as the session's (:data:`FOLLOWED`: the lab is
        the explorer page's to take); returns them, and keeps them in :attr:`followed` for
        this run's pages. A language the app does not have, or a lesson id of another shape,
        is not taken (the address came from the browser, which anyone can edit)."""
        wanted: dict[str, str | None] = {key: usable(key, address.get(key)) for key in FOLLOWED}
        self.lang = understood(wanted[LANG]) or self.lang
        wanted[LANG] = self.lang
        for key in (key for key in FOLLOWED if key in KEPT):
            if wanted[key] is None:
                self.kept.pop(key, None)
            else:
                self.kept[key] = str(wanted[key])
        self.followed = wanted
        return wanted


def shell() -> ShellState:
    """This session's shell state."""
    return feature(ShellState)


def visit(page: str) -> None:
    """The entry script, on every run: this run shows ``page`` (a page's ``url_path``)."""
    kept = shell()
    kept.arrived, kept.page = kept.page != page, page


def arrived() -> bool:
    """Whether this run is the first on its page since another page was shown (or the first of
    the session): a page's "done" lines, said until the learner's next action, end there."""
    return shell().arrived


def _browser_languages() -> list[str]:
    preferred = []
    if st.context.locale:  # None for clients without a browser (AppTest, the Agent API)
        preferred.append(st.context.locale)
    preferred += header_languages(st.context.headers.get("Accept-Language"))
    return preferred


def understood(asked: str | None) -> str | None:
    """The app's language a link's ``lang`` asks for (``es-MX``: ``es``), or ``None``."""
    return normalize(asked) or (match_language(asked) if asked else None)


def usable(key: str, value: str | None) -> str | None:
    """An address's value as the session keeps it, or ``None`` for one it does not: a lesson or
    step id of another shape, a switch's value other than its one (:data:`SETTINGS`), empty."""
    if not value:
        return None
    if key in ("lesson", "step"):  # ids are short slugs: anything else is no lesson (the Lessons page says so)
        return value if SLUG.fullmatch(value) else None
    if key in SETTINGS:
        return value if value == SETTINGS[key] else None
    return value


def history_navigation() -> bool:
    """Whether the browser's Back or Forward started this run (Streamlit says so in the run's
    context, as it does for widgets bound to the address). A run a click started may carry an
    address older than the one the last run wrote (the click left before the new address
    arrived): only a run Back or Forward started is followed."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    context = get_script_run_ctx()
    return bool(getattr(context, "is_history_navigation", False))


def followed() -> dict[str, str | None] | None:
    """The address values the browser's Back or Forward brought back in this run
    (:data:`FOLLOWED`; see :meth:`ShellState.follow`), or ``None`` in any other run — a
    fragment's run after it too (it does not start at :func:`init`: presenter mode left with
    Esc inside the practice table's fragment would have been turned on again)."""
    return shell().followed if history_navigation() else None


def init() -> None:
    """Seed this session's state once: language from ``?lang=``, else the browser, else English;
    in a run the browser's Back or Forward started, follow the address it brought back."""
    kept = shell()
    kept.followed = None
    kept.first_run = not kept.initialised
    if kept.initialised:
        if history_navigation():
            _follow_address(kept)
        return
    kept.initialised = True
    asked = st.query_params.get(LANG)
    kept.lang = understood(asked) or negotiate(_browser_languages())
    if asked and asked.strip() and not understood(asked):
        kept.unknown_lang = asked
    seed = {key: str(st.query_params.get(key)) for key in st.query_params}
    kept.seed = seed
    kept.kept = {key: value for key in KEPT if (value := usable(key, seed.get(key))) is not None}
    st.session_state[TEXT_VIEW] = "table" in kept.kept
    st.session_state[FOUR_COLOUR] = "deck" in kept.kept


def _follow_address(kept: ShellState) -> None:
    """Back or Forward: the address's language and table look, and the sidebar's widgets with them."""
    brought = kept.follow({key: str(st.query_params.get(key)) for key in st.query_params})
    st.session_state[LANG_CHOICE] = kept.lang
    st.session_state[TEXT_VIEW] = brought["table"] == "text"
    st.session_state[FOUR_COLOUR] = brought["deck"] == "4"


def choose_view() -> None:
    """Callback of the sidebar switches: keep the table's look in the address."""
    remember(table="text" if st.session_state.get(TEXT_VIEW) else None,
             deck="4" if st.session_state.get(FOUR_COLOUR) else None)


def url_seed(key: str) -> str | None:
    """A query parameter as it was when this session started (before any page change cleared it)."""
    return shell().seed.get(key)


def choose_language() -> None:
    """Callback of the language radio: make its value the learner's language."""
    shell().lang = str(st.session_state[LANG_CHOICE])


def language_notice(*, keep: bool = False) -> None:
    """Say that the link asked for a language the app does not have (once; with ``keep``, again
    at the next run: the first view waits for the browser's stored progress, which may bring
    the learner's own language, and its arrival draws the page again)."""
    asked = shell().unknown_lang
    if asked is None:
        return
    if not keep:
        shell().unknown_lang = None
    st.info(literal(unknown_language_line(asked, lang(), tr())), icon=":material/translate:")


def lang() -> str:
    """The learner's language code."""
    return normalize(shell().lang) or LANGUAGES[0]


def tr() -> gettext.NullTranslations:
    """Translations for the learner's language (shared, read-only)."""
    return translations(lang())


def labelled_key(base: str, labels: Iterable[object]) -> str:
    """The key of a choice widget whose option labels can change (a language switch, a ✓
    after a finished lesson): ``base`` and a digest of the labels shown.

    The browser sends a choice widget's *label* back; after the labels change it would
    send a label that no longer exists and the widget would take it as its value. With
    the labels in the key, changed labels make a new widget, which starts from the
    app's own state instead."""
    return f"{base}-{zlib.crc32(chr(31).join(map(str, labels)).encode()):08x}"


def narrator(you: str | None = None) -> Narrator:
    """The narrator for the learner's language, telling it to seat ``you`` (or nobody)."""
    from tutorial.narrate import narrator as shared

    return shared(lang(), you)


def gettext_func() -> Callable[[str], str]:
    """The ``_`` to use in a page: ``_ = session.gettext_func()``."""
    return tr().gettext


def remember(**params: str | None) -> None:
    """Keep these values in the page address from now on, on every page (``None`` drops one)."""
    kept = shell().kept
    for key, value in params.items():
        if value is None or value == "":
            kept.pop(key, None)
        else:
            kept[key] = str(value)


def sync_url(here: dict[str, str | None] | None = None) -> None:
    """Make the page address carry the language and everything :func:`remember` kept (some
    on their pages only: :data:`PAGE_ONLY`), so a refresh or a shared
    link restores them, plus ``here``: values of this page only (they leave the address on
    other pages). Writes only when something
    differs, so the Back button is not flooded — and on every run Back or Forward started,
    whose address the browser may have let a click's late run overwrite (:mod:`~tutorial.app.shell.history`).

    In a browser, the session's first run does not write the address (the link's completed —
    its language, the lesson and step it opened — or corrected — ``lang=xx``): Streamlit would
    make that a new history entry before the page's history rule
    (:mod:`tutorial.app.shell.history`) is installed, and Back from the page would first show
    the same page from the link. The next run (the browser's stored progress arriving, on every
    visit) writes it, replacing the entry. Clients without a browser (AppTest,
    ``st.context.locale`` unset) get it at once."""
    kept = shell()
    wanted: dict[str, str] = {LANG: lang(), **{key: value for key, value in kept.kept.items()
                                               if kept.page in PAGE_ONLY.get(key, (kept.page,))}}
    wanted.update({key: value for key, value in (here or {}).items() if value})
    current = {key: st.query_params.get(key) for key in st.query_params}
    if history_navigation():  # written even if the same: the browser's address may be a click's (history.py)
        st.query_params.from_dict(wanted)
    elif current != wanted:
        if kept.first_run and st.context.locale:
            return  # completing or correcting the link: written at the next run (the docstring says why)
        st.query_params.from_dict(wanted)


# ----- typed feature state (issue 18) -------------------------------------------------------
FeatureT = TypeVar("FeatureT")


def feature(kind: type[FeatureT]) -> FeatureT:
    """This session's state of one feature: one dataclass instance per feature (lesson,
    practice, lab, room, presenter …), kept under one session key, its class's ``KEY``
    (made with no arguments on first use). Features keep their state here and nowhere
    else; the only other session keys are widget keys, named as constants beside the
    feature's state class."""
    key = kind.KEY  # type: ignore[attr-defined]
    found = st.session_state.get(key)
    if not isinstance(found, kind):
        found = kind()
        st.session_state[key] = found
    return found
