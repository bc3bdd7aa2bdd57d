"""The learner's progress kept in their own browser (issue 19, part 1): the Streamlit side.

A small components-v2 script (:data:`JS`), drawn once per run by the entry script and taking
no space, keeps the document of :mod:`tutorial.app.shell.model_progress` in the browser's
``localStorage`` (key ``muggins.progress``):

- on a page load it reads the stored value and sends it to the server once per session, as
  the component's state ``stored`` (:func:`arrived` takes it: the session's progress becomes
  the stored one, by :func:`~tutorial.app.shell.model_progress.restore`'s rules);
- when the server hands it a new document with a new nonce (:func:`draw`: only when the
  progress differs from the document last sent), it writes it; on a reset it removes it;
- when another tab of the same browser writes the document, a small listener (:data:`LISTEN_JS`,
  drawn on every run once the stored value has arrived) sends it to the server, and
  :func:`heard` joins it into this session's progress (``model_progress.merge``), or takes it
  whole when the other tab reset the progress (a new generation): the last tab to write no
  longer wipes out what the other did (found by a trial: three training reviews lost).

Nothing of the learner's is kept on the server beyond ``st.session_state``. Nothing is written
before the stored value has arrived (the session would write over it), and a stored value that
cannot be read is set aside with a message and written over only once the learner makes progress.
"""

from __future__ import annotations

import gettext
import logging
import secrets
from dataclasses import dataclass
from typing import Any, ClassVar

import streamlit as st
from babel.lists import format_list

from tutorial.app.shell import session
from tutorial.app.shell.model_progress import (
    GAME_PARTS,
    LIMIT,
    STORAGE_KEY,
    Progress,
    ProgressError,
    decode_parts,
    encode,
    merge,
    new_generation,
    part_names,
    restore,
    shared,
    trained,
)
from tutorial.i18n import normalize

log = logging.getLogger(__name__)

KEY = "muggins-storage"
"""(Every key of these scripts starts with it: the app's style, ``document.STYLE``, hides their boxes.)
The component's widget key (its state: ``{"stored": {"session": …, "value": …}}``)."""


@dataclass
class StorageState:
    """What this session knows of the browser's stored progress (one session key, :attr:`KEY`).

    - ``session``: a random id; the browser sends the stored value once per id (a new session
      on a reconnect asks again);
    - ``start``: the session's progress on its first run (an old bookmark's lessons);
    - ``arrived``: the stored value has been taken; ``problem``: it could not be read (a
      :class:`ProgressError` code, or ``some-parts``: the parts named in ``lost``), said until
      the learner's progress is next written after it was said once (``shown``);
    - ``last``: the document last handed to the browser (or known to be stored there);
    - ``nonce``, ``op``: the browser's next write (``doc``) or removal (``doc`` ``None``);
    - ``cleared``: the progress was reset before the stored value arrived (it is not restored);
    - ``gen``: the learner's generation in this browser (``model_progress``: a reset starts a new one);
    - ``heard``: how many documents other tabs wrote this session has taken (:func:`heard`).
    """

    KEY: ClassVar[str] = "storage"

    session: str = ""
    start: Progress | None = None
    arrived: bool = False
    problem: str | None = None
    lost: tuple[str, ...] = ()
    shown: bool = False
    last: str | None = None
    nonce: int = 0
    op: dict[str, Any] | None = None
    cleared: bool = False
    gen: str = ""
    heard: int = 0


def state() -> StorageState:
    kept = session.feature(StorageState)
    if not kept.session:
        kept.session = secrets.token_hex(8)
    return kept


def _known() -> dict[str, int]:
    from tutorial.app.lessons import state as lesson_view

    return {lesson.id: len(lesson.check_steps) for lesson in lesson_view.course()[0]}


def _game() -> dict[str, str] | None:
    """The practice game under way in its address form (a game too long for an address: the
    key it is saved under), or ``None`` while no game has been opened in this session (a game the
    stored progress brought and no page has opened yet: the address it came as)."""
    from tutorial.app.practice import view as practice_view
    from tutorial.app.practice.state import PracticeAddress, PracticeState

    kept = session.feature(PracticeState)
    if kept.game is None:
        return None if kept.stored is None else {name: value for name, value in kept.stored.params().items() if value}
    address = PracticeAddress.of(kept.game)
    if address.too_long(practice_view.ADDRESS_LIMIT) and kept.saved is not None and kept.saved.token == kept.game.token:
        address = PracticeAddress(saved=kept.saved.key)
    return {name: value for name, value in address.params().items() if value}


def current() -> Progress:
    """The session's progress now."""
    from tutorial.app.lessons import state as lesson_view
    from tutorial.app.practice.stats import PracticeStats
    from tutorial.app.training.model import TrainingPageState

    lessons = lesson_view.lesson_state()
    training = st.session_state.get(TrainingPageState.KEY)
    scheduler = training.training if isinstance(training, TrainingPageState) else None
    return Progress(done=list(lessons.done or []), checks=dict(lessons.checks or {}),
                    training=None if scheduler is None else scheduler.to_dict(), lang=session.lang(),
                    four_colour=bool(st.session_state.get(session.FOUR_COLOUR)),
                    text_table=bool(st.session_state.get(session.TEXT_VIEW)), game=_game(),
                    stats=session.feature(PracticeStats).copy(), gen=state().gen)


def named() -> set[str]:
    """What the address the session was opened with names (see :func:`restore`)."""
    found = set()
    lang = session.url_seed(session.LANG)
    if lang and normalize(lang):
        found.add("lang")
    if session.url_seed("deck") == "4":
        found.add("deck")
    if session.url_seed("table") == "text":
        found.add("table")
    if session.url_seed("deal") or session.url_seed("saved"):
        found.add("game")
    return found


def _apply(progress: Progress) -> None:
    """Make ``progress`` the session's (a callback: before any widget of the run is drawn)."""
    from tutorial.app.lessons import state as lesson_view
    from tutorial.app.lessons.model import StepAnswer
    from tutorial.app.practice.state import PracticeAddress, PracticeState
    from tutorial.app.practice.stats import PracticeStats
    from tutorial.app.training.model import CODE, TrainingPageState
    from tutorial.training.schedule import Training

    state().gen = progress.gen
    lessons = lesson_view.lesson_state()
    st.session_state[PracticeStats.KEY] = progress.stats.copy()
    lessons.done, lessons.checks = list(progress.done), dict(progress.checks)
    training = session.feature(TrainingPageState)
    had = None if training.training is None else training.training.to_dict()
    if progress.training != had:
        training.training = None if progress.training is None else Training.from_dict(progress.training)
        if training.code is not None and training.reason != CODE and not training.attempts:
            # an exercise drawn from the schedule the session began with, not yet answered (a
            # Training page opened directly): the next one is drawn from the schedule that came
            training.code, training.answer, training.hinted = None, StepAnswer(), False
    if progress.lang and normalize(progress.lang):
        session.shell().lang = progress.lang
        st.session_state[session.LANG_CHOICE] = progress.lang
    st.session_state[session.FOUR_COLOUR] = progress.four_colour
    st.session_state[session.TEXT_VIEW] = progress.text_table
    if progress.game is not None and progress.game != _game():
        # opened (replayed) where it is needed, not here: this runs on whichever page the learner opens
        st.session_state[PracticeState.KEY] = PracticeState(stored=PracticeAddress.from_params(progress.game))
        session.remember(**dict.fromkeys(GAME_PARTS))  # the game the session had leaves the address


def arrived() -> None:
    """Callback of the component: the browser sent its stored value (once per session)."""
    kept = state()
    found = st.session_state.get(KEY)
    getter = getattr(found, "get", None)
    sent = getter("stored") if callable(getter) else None
    if kept.arrived or not isinstance(sent, dict) or sent.get("session") != kept.session:
        return
    kept.arrived = True
    take(sent)
    missing = sent.get("scripts")
    if isinstance(missing, dict):  # a script drawn once per session that is not in the page: drawn again in this run
        from tutorial.app.shell import focus, history

        if missing.get("focus") is False:
            focus.resend()
        if missing.get("history") is False:
            history.resend()


def take(sent: dict[str, Any]) -> None:
    """The stored value sent by the browser (``{"value": text or None}``, or ``{"long": n}``
    for a value too long to send): restore it into this session (see :func:`arrived`)."""
    kept = state()
    now = current()
    if kept.start is None:
        kept.start = now
    value = sent.get("value")
    if kept.cleared or (value is None and not sent.get("long")):
        # nothing stored: an old bookmark's lessons are written at once, anything else on a change
        kept.last = None if now.done and not kept.cleared else encode(now)
        return
    try:
        if value is None:
            raise ProgressError("too-long", f"{str(sent.get('long'))[:12]} characters")
        stored, problems = decode_parts(value, _known())
    except ProgressError as err:
        log.info("the stored progress could not be read (%s); set aside", err)
        kept.problem = err.code
        kept.last = encode(now)
        return
    if problems:  # the parts that could be read come back; the others are said and set aside
        log.info("parts of the stored progress could not be read (%s); set aside", "; ".join(map(str, problems)))
        kept.problem, kept.lost = "some-parts", tuple(dict.fromkeys(err.detail for err in problems))
    _apply(restore(now, stored, kept.start, named()))
    # What is stored is written over when the progress next differs from it — with parts set
    # aside, only when the learner makes progress (not at once, for the language this session
    # adds: the stored value stays as it was until then, found by a trial).
    kept.last = encode(current()) if problems else encode(stored)


def heard() -> None:
    """Callback of the listener: another tab of this browser wrote the stored document
    (``{"n": count, "value": text or None}``). Of the same generation, what it holds is joined
    into this session's progress; the joined progress is written back only if it holds
    something the other tab's lacks (so two tabs settle after one write each, never writing
    back and forth over their own language or game); of another generation (a reset, a new
    learner or a moved progress in that tab), it replaces this session's progress. A document
    that cannot be read, or a removal, changes nothing here."""
    from tutorial.app.practice.state import PracticeState

    kept = state()
    found = st.session_state.get(LISTEN)
    getter = getattr(found, "get", None)
    sent = getter("other") if callable(getter) else None
    if not kept.arrived or not isinstance(sent, dict) or not isinstance(sent.get("n"), int):
        return
    if sent["n"] <= kept.heard:
        return  # (told already)
    kept.heard = sent["n"]
    value = sent.get("value")
    if not isinstance(value, str):
        return
    try:
        theirs, _problems = decode_parts(value, _known())
    except ProgressError as err:
        log.info("another tab's progress could not be read (%s); kept this tab's", err)
        return
    now = current()
    if theirs.gen != now.gen:
        if theirs.game is None:
            st.session_state[PracticeState.KEY] = PracticeState()
            session.remember(**dict.fromkeys(GAME_PARTS))
        _apply(theirs)
        kept.last = encode(current())  # stored already (less this tab's language, if theirs has none)
        return
    joined = merge(now, theirs)
    _apply(joined)
    kept.last = encode(current()) if shared(joined) == shared(theirs) else value


def forget() -> None:
    """Forget everything this browser keeps of the learner: completed lessons, check results,
    the training schedule, the practice game and statistics. The language and the look of the table
    stay, in the page and in what the browser keeps, for the next learner to change (they were
    kept in the page only, and the next visit came back in the browser's language: found by a
    trial). *Reset my progress* and *Not you? Start as a new learner* both come here."""
    from tutorial.app.lessons import state as lesson_view
    from tutorial.app.practice.state import PracticeState
    from tutorial.app.practice.stats import PracticeStats
    from tutorial.app.training.model import TrainingPageState

    lesson_view.reset_progress()
    state().gen = new_generation()  # another tab of this browser takes the reset, not joins it
    st.session_state[PracticeStats.KEY] = PracticeStats()
    st.session_state[TrainingPageState.KEY] = TrainingPageState(seeded=True)
    st.session_state[PracticeState.KEY] = PracticeState()
    session.remember(**dict.fromkeys(GAME_PARTS))
    _replace_stored(encode(current()))


def move_in(progress: Progress) -> None:
    """Make ``progress``, moved from another device (*Move my progress*, a callback), the
    session's and hand it to the browser at once: it replaces all this browser keeps (a part the
    code does not carry — the practice game it left out — is forgotten, as by :func:`forget`).
    Taken before the browser's stored value has arrived, that value is not restored over it."""
    from tutorial.app.practice.state import PracticeState

    if progress.game is None:
        st.session_state[PracticeState.KEY] = PracticeState()
        session.remember(**dict.fromkeys(GAME_PARTS))
    progress.gen = new_generation()  # another tab of this browser takes it whole, not joins it
    _apply(progress)
    _replace_stored(encode(current()))


def _replace_stored(doc: str | None) -> None:
    """The browser's stored document replaced by ``doc`` (``None``: removed) with the next
    write, whatever it held: the session's progress is now the whole of the learner's, and a
    stored value that has not arrived yet is not restored over it (:func:`forget`, :func:`move_in`)."""
    kept = state()
    kept.cleared = kept.cleared or not kept.arrived
    kept.problem = None
    kept.nonce += 1
    kept.op = {"nonce": kept.nonce, "doc": doc}
    kept.last = encode(current())


JS = """
const KEY = '@KEY@';
const LIMIT = @LIMIT@;

function whenIdle(send) {
  // Sent once the page's first run has ended: a rerun asked for while the first run of a page
  // opened by its address is still going was seen to run the default page (Home) instead.
  const app = document.querySelector('[data-testid="stApp"]');
  const idle = () => !app || app.getAttribute('data-test-script-state') !== 'running';
  if (idle()) { setTimeout(send, 0); return; }
  const watch = new MutationObserver(() => { if (idle()) { watch.disconnect(); setTimeout(send, 0); } });
  watch.observe(app, { attributes: true, attributeFilter: ['data-test-script-state'] });
}

export default function(component) {
  const { data, setStateValue } = component;
  const S = window.__mugginsStorage || (window.__mugginsStorage = { askedBy: null, done: null });
  if (!data) { return; }
  if (data.session && S.askedBy !== data.session) {  // once per server session: what is stored here
    S.askedBy = data.session;
    S.done = null;  // a new session numbers its writes afresh
    let value = null;
    try { value = window.localStorage.getItem(KEY); } catch (err) { value = null; }
    const sent = { session: data.session, value: value };
    if (value !== null && value.length > LIMIT) { sent.value = null; sent.long = value.length; }
    // with it, whether the scripts drawn once per session are in the page (a first run cut
    // short by a rerun can drop their element before their script has loaded: drawn again then)
    whenIdle(() => setStateValue('stored', { ...sent, scripts: { focus: !!window.__mugginsFocus,
                                                               history: !!window.__mugginsHistory } }));
  }
  window.__mugginsStorageWrite = (op) => {  // also called by the short writer (WRITE_JS) and the drawn table
    // Only a later write than the last one done: the drawn table hands over its write when its
    // script has loaded, which can be after a writer drawn later in the same run wrote a newer
    // document (a finished practice hand's statistics were lost so, found by a trial).
    if (op && (S.done === null || op.nonce > S.done)) {
      S.done = op.nonce;
      try {
        if (op.doc === null) { window.localStorage.removeItem(KEY); } else { window.localStorage.setItem(KEY, op.doc); }
      } catch (err) { /* storage full or refused: the session goes on without it */ }
    }
    document.body.dataset.mugginsStorage = String(S.done === null ? 'read' : S.done);  // tests wait for it
  };
  window.__mugginsStorageWrite(data.op);
}
""".replace("@KEY@", STORAGE_KEY).replace("@LIMIT@", str(LIMIT))

WRITE_JS = (
    # The writer, for a click that changed the progress (a practice card, a training answer):
    # its script travels with every such click, so it only calls the writer that the whole
    # script (drawn first on every page load, to read the stored value) left on window.
    # (Line breaks: Streamlit takes a one-line string for a file's path.)
    "export default c=>{\nconst w=window.__mugginsStorageWrite;if(w)w(c.data&&c.data.op)}"
)
"""The script that only writes (see :func:`save_changes`)."""

LISTEN = KEY + "-listen"
"""The listener's widget key (its state: ``{"other": {"n": …, "value": …}}``)."""

LISTEN_JS = (
    # Another tab wrote the document: send it on, numbered (a storage event never reaches the
    # tab that wrote). Installed once per page; each draw hands it the current sender. (A line
    # break: Streamlit takes a one-line string for a file's path.)
    "export default c=>{\nconst S=window.__mugginsStorage||(window.__mugginsStorage={askedBy:null,done:null});"
    "S.tell=c.setStateValue;if(S.listening)return;S.listening=true;S.heard=0;"
    "window.addEventListener('storage',e=>{if(e.key!=='@KEY@'||e.storageArea!==window.localStorage)return;"
    "const v=e.newValue;S.heard+=1;S.tell('other',{n:S.heard,value:v!==null&&v.length>@LIMIT@?null:v})})}"
).replace("@KEY@", STORAGE_KEY).replace("@LIMIT@", str(LIMIT))
"""The listener (see :func:`heard`)."""


@st.cache_resource(show_spinner=False)
def _listener() -> Any:
    """The listener (see :data:`LISTEN_JS`), registered once per server process."""
    return st.components.v2.component("muggins_storage_listen", js=LISTEN_JS)


@st.cache_resource(show_spinner=False)
def _component() -> Any:
    """The storage script (see :data:`JS`), registered once per server process."""
    return st.components.v2.component("muggins_storage", js=JS)


@st.cache_resource(show_spinner=False)
def _writer() -> Any:
    """The writer (see :data:`WRITE_JS`), registered once per server process."""
    return st.components.v2.component("muggins_storage_write", js=WRITE_JS)


def _change() -> dict[str, Any] | None:
    """The browser's next write, if the progress changed since the document last handed to it
    (nothing before the stored value has arrived)."""
    kept = state()
    if not kept.arrived:
        return None
    doc = encode(current())
    if doc == kept.last:
        return None
    kept.nonce += 1
    kept.last = doc
    if kept.shown:  # said at least once: the progress written over what could not be read, no more to say
        kept.problem, kept.shown = None, False
    return {"nonce": kept.nonce, "doc": doc}


def has_progress() -> bool:
    """Whether the learner has progress besides completed lessons: exercises trained, practice
    hands counted, a practice game with decisions made (what *Reset my progress* would forget)."""
    now = current()
    return trained(now.training) or not now.stats.empty or bool(now.game and now.game.get("moves"))


def holding() -> bool:
    """Whether this session still waits for the browser's stored progress. Its arrival draws
    the page again, so a message that a page says once about its address (a lesson, an
    exercise or a position in the link that could not be used) is kept until then — else
    it showed for a moment and was gone (found by a trial) — and a deal made up for the visit
    stays out of the address (the stored game may replace it). (A client without the script,
    such as AppTest, waits for ever: such a message is then said on every run.)"""
    return not state().arrived


def draw() -> None:
    """Once per run, from the entry script: the first run notes what the session began with;
    until the stored value arrives the script is drawn (it sends the value); after, it is
    drawn only to hand the browser a changed progress (or a removal)."""
    kept = state()
    if kept.start is None:
        kept.start = current()
    kept.op = _change() or kept.op
    if kept.arrived:  # drawn on every run, so that its callback stays registered
        _listener()(key=LISTEN, on_other_change=heard, height=0)
    if kept.arrived and kept.op is None:
        return  # nothing to send: the script stays in the page (its state is on window), clicks stay light
    data: dict[str, Any] = {"session": kept.session}
    if kept.op is not None:
        data["op"], kept.op = kept.op, None
    if not kept.arrived:  # the whole script: it reads the stored value and sends it
        _component()(data=data, key=KEY, on_stored_change=arrived, height=0)
    else:  # only a write to hand over: the short script
        _writer()(data=data, key=KEY + "-write", height=0)


def pending() -> dict[str, Any] | None:
    """The browser's next write, taken by another script that travels with this run anyway and
    hands it to the writer on window (the drawn table: a practice click then carries no
    writer of its own, issue 18's bytes per click), or ``None``: nothing has changed."""
    return _change()


def save_changes(key: str) -> None:
    """Hand the browser a progress changed where :func:`draw` does not see it: in a page's own
    body (the Training page records an answer there) or in a fragment's run (a practice
    click). ``key``: this place's own widget key (``muggins-storage-…``)."""
    op = _change()
    if op is not None:
        _writer()(data={"op": op}, key=key, height=0)


def notice(tr: gettext.NullTranslations) -> None:
    """Say that a stored value could not be read (until the learner's progress is next written)."""
    kept = state()
    if kept.problem is None:
        return
    kept.shown = True
    if kept.problem != "some-parts":
        st.warning(tr.gettext("Your saved progress could not be read and was set aside; you start afresh."),
                   icon=":material/restart_alt:")
        return
    _ = tr.gettext
    parts = part_names(kept.lost, _)
    st.warning(_("Part of your saved progress could not be read and was set aside ({parts}); the rest is back.")
               .format(parts=format_list(parts, locale=session.lang())), icon=":material/restart_alt:")
