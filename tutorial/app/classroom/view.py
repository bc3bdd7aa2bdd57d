"""The live class room's state and actions in the app (issue 12); the page
(``classroom/page.py``) lays them out.

Who this browser is in a room lives in ``st.session_state`` (:data:`ROLE`) and in the
page's address, so a refresh comes back: ``room`` with ``teacher`` (the secret teacher
link) or ``student`` (the student's own token). A join link carries only ``room``.
Questions are *targets*: ``lesson/<lesson id>/<step id>`` (a step a student answers
with one pick) or ``deal/<deal code>`` (class practice: everyone plays that deal in Coach
mode and reports progress). Answers are judged here with the engine, and the store keeps
the verdict code (``right``, ``wrong`` or an error kind of §muggins).
"""

from __future__ import annotations

import contextlib
import json
import logging
import random
import threading
import time
from dataclasses import dataclass
from urllib.parse import quote, unquote

import streamlit as st

from tutorial.app.lessons import state as lesson_view
from tutorial.app.lessons import steps as lesson_steps
from tutorial.app.shell import session
from tutorial.classroom import ClassroomError, RoomLimits, StudentView, board, nickname_key, normalise_nickname, parse_room_code
from tutorial.classroom.gate import SessionGate
from tutorial.engine.cards import Card
from tutorial.engine.deal import DealCode
from tutorial.engine.errors import MugginsError
from tutorial.engine.position import Dest
from tutorial.engine.rules import judge
from tutorial.lessons import Lesson, Step
from tutorial.lessons.steps import PASS
from tutorial.store import RoomStore, open_room_store

ROLE = "_class_role"
"""Session state: :class:`Role` of this browser, or absent."""
JOINED = "_class_joined"
"""Session state: ``{(room code, nickname key): Role}`` joined from this browser, so a join
sent twice (a double click) is the same student, never a second one or a "taken" error."""
PROBLEM = "_class_problem"
"""Session state: a :class:`MugginsError` to tell once (a refused join, an expired room…)."""
REPORTED = "_class_reported"
"""Session state: the last class-practice progress sent, so the same one is not sent again."""
ANSWERS = "class_answers"
"""The lesson answers store used to draw a revealed step (apart from the learner's own)."""
LIMITS = RoomLimits(max_failed_joins=200)
"""A class shares one address behind the school's router, so the limit on wrong room codes
per address must leave room for many clumsy fingers: 200 per 10 minutes, 28,800 a day,
still hopeless for guessing one of a few dozen open rooms among 31⁶ ≈ 887 million codes
(about one success in 600 days per address with 50 rooms open). One session cannot reach
it (it is slowed down after 5 wrong codes: :mod:`tutorial.classroom.gate`), a lock lasts
one window and is not renewed by the tries made during it, and a session that sent no
wrong code gets through it."""
GATE = "_class_gate"
"""Session state: this session's :class:`~tutorial.classroom.gate.SessionGate`."""
COOKIE_PREFIX = "muggins-class-"
"""Cookie ``muggins-class-<ROOM CODE>``: ``{"t": student token, "n": nickname}`` of the place this
browser holds in that room, so a student who closed the tab gets it back from the join link."""
FORGET = "_class_forget_cookie"
"""Session state: the room whose cookie this browser should drop (after *Leave the room*)."""
PLACED = "_class_cookie_set"
"""Session state: the (room, token) whose cookie this page already wrote."""
log = logging.getLogger("tutorial.classroom")
POLL_SECONDS = 1.0
"""How often an open room page looks for changes (students follow within 2 s)."""


@dataclass(frozen=True)
class Role:
    """``kind``: ``teacher`` or ``student``; the room ``code``; the secret ``token``; the
    student's ``nickname`` (shown literally)."""

    kind: str
    code: str
    token: str
    nickname: str = ""


RETRY_SECONDS = 5.0
"""After the store could not be opened (e.g. a read-only data folder), how long until the
next visitor's page tries again: the class room comes back by itself once the cause goes."""


class _Opened:
    """The room store of this server process (shared by every session: it holds no user's
    data), or the time and error of the last failure to open it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.clear()

    def clear(self) -> None:
        self.found: RoomStore | None = None
        self.failed_at = -RETRY_SECONDS
        self.error: BaseException | None = None

    def get(self) -> RoomStore | None:
        with self._lock:
            if self.found is None and time.monotonic() - self.failed_at >= RETRY_SECONDS:
                try:
                    self.found = open_room_store(limits=LIMITS)
                except Exception as exc:  # an unwritable data folder, a full disk…: logged, said on the page
                    self.failed_at, self.error = time.monotonic(), exc
                    log.error("the class-room store cannot be opened: %s", exc, exc_info=exc)
            return self.found


_store = _Opened()


def store() -> RoomStore | None:
    """The room store, or ``None`` when this server cannot keep rooms now (logged)."""
    return _store.get()


def role() -> Role | None:
    """This browser's role, seeded once from the address (``room`` + ``teacher`` or ``student``)."""
    state = st.session_state
    if ROLE not in state:
        room, teacher, student = (session.url_seed(key) for key in ("room", "teacher", "student"))
        state[ROLE] = None
        if room and (teacher or student):
            state[ROLE] = Role("teacher" if teacher else "student", str(room)[:20], str(teacher or student)[:80])
        _keep(state[ROLE])
    return state[ROLE]


def _keep(current: Role | None) -> None:
    """A student's room and token stay in the address on every page (a reload of the
    Practice page during class practice is still the same student); a teacher's token
    stays on the class page only, so a link copied from another page never carries it."""
    if current is not None and current.kind == "student":
        session.remember(room=current.code, student=current.token)
    else:
        session.remember(room=None, student=None)


def address() -> dict[str, str | None]:
    """What the class page keeps in its address (this page only)."""
    current = role()
    if current is None:
        asked = session.url_seed("room")
        return {"room": str(asked)[:20] if asked else None}
    return {"room": current.code, current.kind: current.token}


def leave() -> None:
    """Callback: forget this browser's room (the room itself goes on); a student's place
    cookie goes too, so the next person at this browser is not offered it."""
    current = st.session_state.get(ROLE)
    if current is not None and current.kind == "student":
        st.session_state[FORGET] = current.code
    st.session_state[ROLE] = None
    _keep(None)


def _fail(err: MugginsError) -> None:
    st.session_state[PROBLEM] = err


def as_link_error(err: MugginsError) -> MugginsError:
    """An error met on a teacher or student link as the page says it: a link that opens no
    place in a room is one ``bad-link`` whether its code is real or not, so codes cannot be
    probed through links."""
    if isinstance(err, ClassroomError) and err.code in ("unknown-room", "unknown-student", "not-teacher"):
        return ClassroomError("bad-link")
    return err


def clock() -> float:
    """The time for the session's pace (seconds since the epoch; a test sets its own)."""
    return time.time()


def gate() -> SessionGate:
    """This session's pace of joins and rooms opened."""
    return st.session_state.setdefault(GATE, SessionGate())


def problem() -> MugginsError | None:
    """A problem to tell once."""
    return st.session_state.pop(PROBLEM, None)


# ----- teacher ---------------------------------------------------------------------------
def start_room() -> None:
    """Callback: open a new room; this browser is its teacher (limited per session, per
    address and for the server: ``too-many-rooms``)."""
    rooms = store()
    if rooms is None:
        return
    now = clock()
    try:
        gate().check_open(now)
        made = rooms.open_room(client_key=client_key())
    except ClassroomError as err:
        _fail(err)
        return
    gate().opened_room(now)
    st.session_state[ROLE] = Role("teacher", made.code, made.teacher_token)
    _keep(st.session_state[ROLE])


def ask(target: str, after: int) -> None:
    """Callback: the teacher asks ``target`` as the question after round ``after`` (a
    double click asks once: the second finds the round moved on and is refused quietly)."""
    current, rooms = role(), store()
    if current is None or rooms is None:
        return
    try:
        rooms.set_question(current.code, current.token, target, after=after)
    except ClassroomError as err:
        if err.code != "wrong-round":
            _fail(err)


def reveal(round_: int) -> None:
    """Callback: show everyone the answer to ``round_``."""
    current, rooms = role(), store()
    if current is None or rooms is None:
        return
    try:
        rooms.reveal(current.code, current.token, round_)
    except ClassroomError as err:
        if err.code not in ("not-asking", "wrong-round"):  # a double click
            _fail(err)


def close_room() -> None:
    """Callback: close the room for everyone."""
    current, rooms = role(), store()
    if current is None or rooms is None:
        return
    try:
        rooms.close(current.code, current.token)
    except ClassroomError as err:
        _fail(err)
    st.session_state["class-closing"] = False


def remove_student(number: int) -> None:
    """Callback: the teacher removes student ``number`` (their answers and progress go too)."""
    current, rooms = role(), store()
    if current is None or rooms is None:
        return
    try:
        rooms.remove_student(current.code, current.token, number)
    except ClassroomError as err:
        if err.code != "unknown-student":  # a double click: already removed
            _fail(err)


def merge_students(keep: int, drop: int) -> None:
    """Callback: the teacher merges student ``drop`` into ``keep``."""
    current, rooms = role(), store()
    if current is None or rooms is None:
        return
    try:
        rooms.merge_students(current.code, current.token, keep, drop)
    except ClassroomError as err:
        if err.code != "unknown-student":
            _fail(err)
    st.session_state.pop("class-pick-into", None)


# ----- what a click acts on (the click guard's tokens, tutorial.app.shell.clicks) -------------------
def teacher_state(view) -> str:  # type: ignore[no-untyped-def]
    """The state the teacher's buttons were drawn for (question, phase, closed)."""
    return board.teacher_token(view.round, view.phase, view.closed)


def teacher_state_now() -> str:
    """The same, read from the store when the click arrives ("" when the room cannot be read)."""
    current, rooms = role(), store()
    if current is None or rooms is None:
        return ""
    try:
        return teacher_state(rooms.teacher_room(current.code, current.token))
    except ClassroomError:
        return ""


def student_state(seen: StudentView) -> str:
    """The state a student's buttons were drawn for (question, phase, answered)."""
    return board.student_token(seen.round, seen.phase, seen.choice is not None)


def student_state_now() -> str:
    """The same, read from the store when the click arrives ("" when it cannot be read)."""
    current, rooms = role(), store()
    if current is None or rooms is None or current.kind != "student":
        return ""
    try:
        return student_state(rooms.student(current.code, current.token))
    except ClassroomError:
        return ""


def students_state(people) -> str:  # type: ignore[no-untyped-def]
    """The list of students the remove and merge buttons were drawn for."""
    return "s" + "x".join(str(row.student) for row in people)


def students_state_now() -> str:
    current, rooms = role(), store()
    if current is None or rooms is None:
        return ""
    try:
        return students_state(rooms.students(current.code, current.token))
    except ClassroomError:
        return ""


# ----- the teacher's choices that outlive a layout --------------------------------------------
def kept_value(key: str) -> bool:
    """A teacher's on/off choice (*Show names*, *Show the spread*), kept apart from its widget:
    Streamlit forgets a widget's value on a run that does not draw it (presenter mode draws
    no *Show names* toggle), so the choice lives under its own key."""
    return bool(st.session_state.get("_kept_" + key, False))


def kept_toggle(label: str, key: str, where=None, **options) -> bool:  # type: ignore[no-untyped-def]
    """A toggle whose value survives runs and layouts that do not draw it (see :func:`kept_value`)."""
    state = st.session_state
    state[key] = kept_value(key)

    def keep() -> None:
        state["_kept_" + key] = bool(state.get(key))

    return bool((where or st).toggle(label, key=key, on_change=keep, **options))


def new_deal_code(players: int = 4) -> str:
    """A fresh short deal code for class practice."""
    return str(DealCode.new(players, random.SystemRandom()))


# ----- student ---------------------------------------------------------------------------
def client_key() -> str:
    """Who counts for the limit on failed joins: the browser's address (the same for a
    whole class behind one router; see :data:`LIMITS`)."""
    with contextlib.suppress(Exception):
        found = st.context.ip_address
        if found:
            return str(found)
    return "local"


def join(code_key: str, name_key: str) -> None:
    """Callback of the join form: join with the typed code and nickname. The name this
    browser already holds in that room (its place cookie, or a join made in this session)
    takes that place back instead of being "taken"."""
    rooms = store()
    if rooms is None:
        return
    current = role()
    if current is not None:  # a second submit of the form (a double click, Enter twice): already in
        return
    code = str(st.session_state.get(code_key, ""))[:40]
    nickname = str(st.session_state.get(name_key, ""))[:200]
    joined_here = st.session_state.setdefault(JOINED, {})
    try:
        key = (parse_room_code(code), nickname_key(normalise_nickname(nickname)))
    except ClassroomError:
        key = None
    if key is not None and key not in joined_here and key[0] is not None:
        back = place_here(key[0])
        if back is not None and nickname_key(back.nickname) == key[1]:
            joined_here[key] = back
    if key in joined_here:  # this browser joined as this name before: the same student again
        st.session_state[ROLE] = joined_here[key]
        _keep(st.session_state[ROLE])
        return
    pace, now = gate(), clock()
    try:
        pace.check_join(now)
        joined = rooms.join(code, nickname, client_key(), clean=pace.clean)
    except ClassroomError as err:
        if err.code in ("unknown-room", "expired-room", "closed-room"):
            pace.failed(now)
        _fail(err)
        return
    pace.joined(now)
    st.session_state[ROLE] = Role("student", joined.code, joined.student_token, joined.nickname)
    if key is not None:
        joined_here[key] = st.session_state[ROLE]
    _keep(st.session_state[ROLE])


def _cookie_name(code: str) -> str:
    return COOKIE_PREFIX + code


def place_here(code: str) -> Role | None:
    """The place this browser holds in room ``code`` (its place cookie), when the room still
    knows that student; else ``None``. Never raises."""
    parsed = parse_room_code(str(code))
    rooms = store()
    if parsed is None or rooms is None or st.session_state.get(FORGET) == parsed:
        return None
    raw = browser_cookie(_cookie_name(parsed))
    try:
        kept = json.loads(unquote(raw)) if raw else None
        token = kept.get("t") if isinstance(kept, dict) else None
    except ValueError:
        token = None
    if not isinstance(token, str) or not 0 < len(token) <= 80:
        return None
    try:
        seen = rooms.student(parsed, token)
    except ClassroomError:
        return None
    return Role("student", seen.code, token, seen.nickname)


def browser_cookie(name: str) -> str | None:
    """The value of the browser's cookie ``name`` as the page session began, or ``None``."""
    try:
        raw = st.context.cookies.get(name)
    except Exception:  # no browser context (a test client without cookies)
        return None
    return raw if isinstance(raw, str) and len(raw) <= 400 else None


def reclaim(back: Role) -> None:
    """Callback: take back the place this browser holds in a room (*Go on as …*)."""
    st.session_state[ROLE] = back
    _keep(back)


def cookie_script() -> str | None:
    """The script that writes or drops this browser's place cookie now, or ``None``."""
    forget = st.session_state.get(FORGET)
    if forget:
        return (f"<script>document.cookie = {json.dumps(_cookie_name(forget) + '=; Max-Age=0; Path=/; SameSite=Lax')};"
                "</script>")
    return None


def keep_place(seen: StudentView) -> None:
    """On the student's page: keep this place in a cookie of this browser (once per page
    session), so the join link gives it back after the tab was closed. The cookie holds the
    student's token, as the page's own address does; it lasts 7 days at most, and a room
    that has expired no longer knows the token."""
    current = role()
    if current is None or current.kind != "student":
        return
    st.session_state.pop(FORGET, None)
    placed = (seen.code, current.token)
    if st.session_state.get(PLACED) == placed:
        return
    st.session_state[PLACED] = placed
    value = json.dumps({"t": current.token, "n": seen.nickname[:24]}, separators=(",", ":"))
    cookie = f"{_cookie_name(seen.code)}={quote(value)}; Max-Age={7 * 24 * 3600}; Path=/; SameSite=Lax"
    st.html(f"<script>document.cookie = {json.dumps(cookie)} + (location.protocol === 'https:' ? '; Secure' : '');"
            "</script>", unsafe_allow_javascript=True, width="content")


def answer(round_: int, choice: str, verdict: str) -> None:
    """Callback: the student's answer to ``round_``."""
    current, rooms = role(), store()
    if current is None or rooms is None:
        return
    try:
        rooms.answer(current.code, current.token, round_, choice, verdict)
    except ClassroomError as err:
        if err.code != "already-answered":  # a double click: the first answer counts
            _fail(err)


def verdict_of(step: Step, choice: str) -> str:
    """The verdict code of ``choice`` on a lesson step: ``right``; for a pile, the §muggins
    error kind; else ``wrong``. Raises :class:`~tutorial.engine.errors.PositionError` for a
    pile that is not on the table."""
    if step.kind == "place":
        verdict = judge(step.turned.position, step.turned.card, Dest.parse(choice))
        return "right" if verdict.ok else str(verdict.error)
    return "right" if choice in step.right else "wrong"


# ----- targets ---------------------------------------------------------------------------
def lesson_target(lesson: Lesson, step: Step) -> str:
    return f"lesson/{lesson.id}/{step.id}"


def deal_target(code: str) -> str:
    return f"deal/{DealCode.parse(code)}"


def parse_target(target: str | None) -> tuple[Lesson, Step] | DealCode | None:
    """A target as the lesson step or the deal it names; ``None`` for none or one this
    version of the course does not have."""
    if not target:
        return None
    kind, _sep, rest = target.partition("/")
    if kind == "deal":
        try:
            return DealCode.parse(rest)
        except MugginsError:
            return None
    if kind == "lesson":
        lesson_id, _sep, step_id = rest.partition("/")
        lesson = next((item for item in lesson_view.course()[0] if item.id == lesson_id), None)
        index = lesson.step_index(step_id) if lesson is not None else None
        if lesson is not None and index is not None and lesson.steps[index].askable:
            return lesson, lesson.steps[index]
    return None


def askable_steps(lesson: Lesson) -> list[Step]:
    """The steps of ``lesson`` a class can answer."""
    return [step for step in lesson.steps if step.askable]


def next_target(target: str | None) -> str | None:
    """The next askable step after ``target`` (in its lesson, then the next lessons)."""
    found = parse_target(target)
    if not isinstance(found, tuple):
        return None
    lesson, step = found
    lessons = lesson_view.course()[0]
    seen = False
    for item in lessons[lessons.index(lesson):]:
        for candidate in askable_steps(item):
            if seen:
                return lesson_target(item, candidate)
            seen = seen or candidate is step
        seen = True  # the following lessons: their first askable step
    return None


def shown_answer(lesson: Lesson, step: Step):  # type: ignore[no-untyped-def]
    """Draw ``step`` with its right answer shown (as after a right answer), told to everyone."""
    return lesson_view.shown_answer(lesson, step)


# ----- class practice ------------------------------------------------------------------------
PRACTICE = "_class_practice"
"""Session state: ``(room code, round, deal code)`` the practice page reports progress on."""
GO_PRACTICE = "_class_go_practice"
"""Session state: open the practice page on the next run (a callback cannot switch pages)."""


def start_practice(round_: int, code: str) -> None:
    """Callback: this student plays the class deal on the practice page (Coach mode, seat A);
    a game of that deal already under way goes on (a second click does not start it again)."""
    from tutorial.app.practice import view as practice_view
    from tutorial.practice import PracticeGame

    current = role()
    if current is None:
        return
    st.session_state[PRACTICE] = (current.code, round_, code)
    playing = st.session_state.get(practice_view.GAME)
    if playing is None or str(playing.code) != code or playing.hand_index:
        st.session_state[practice_view.GAME] = PracticeGame(DealCode.parse(code), 0)
    st.session_state[GO_PRACTICE] = True


def class_deal(game) -> tuple[Role, StudentView] | None:  # type: ignore[no-untyped-def]
    """``(role, the student's view of the room)`` when this browser is a student whose room
    is playing ``game``'s deal now (class practice); else ``None``."""
    current, rooms = role(), store()
    if current is None or rooms is None or current.kind != "student":
        return None
    try:
        seen = rooms.student(current.code, current.token)
    except ClassroomError:
        return None
    return (current, seen) if seen.target == f"deal/{game.code}" and not game.hand_index else None


def report(game) -> None:  # type: ignore[no-untyped-def]
    """On the practice page: send this student's progress on the class deal (only when it
    changed). Errors count as made even if the student takes the card back (Undo): the
    highest count seen of each kind is sent. A room that is gone ends it quietly."""
    found = class_deal(game)
    rooms = store()
    if found is None or rooms is None:
        return
    current, seen = found
    made = st.session_state.setdefault(REPORTED, {})
    key = (current.code, seen.round)
    errors = dict(made.get(key, ((), {}))[1])
    for kind, count in game.errors_by_kind().items():
        errors[str(kind)] = max(errors.get(str(kind), 0), count)
    sent = (len(game.decisions), tuple(sorted(errors.items())), game.hand_over)
    if made.get(key, ((), {}))[0] == sent:
        return
    with contextlib.suppress(ClassroomError):
        rooms.report_progress(current.code, current.token, seen.round, len(game.decisions), errors, game.hand_over)
        made[key] = (sent, errors)


# ----- words -----------------------------------------------------------------------------------
def choice_words(found: tuple[Lesson, Step], choice: str, tr, *, neutral: bool = False) -> str:  # type: ignore[no-untyped-def]
    """A recorded choice in words (Markdown): a pile named with its top, or the option's label.
    ``neutral``: named from nobody's seat (the teacher, a projector: "A's empty discard"),
    else from the seat the student plays ("your empty discard")."""
    _lesson, step = found
    if step.kind == "place":
        try:
            dest = Dest.parse(choice)
        except MugginsError:
            return choice
        from tutorial.app.shell.markup import literal

        teller = session.narrator(None) if neutral else lesson_steps.narrator(step)
        return literal(teller.pile(dest, step.turned.position))
    return dict(lesson_steps.option_labels(step, tr)).get(choice, choice)


def verdict_words(verdict: str, tr) -> str:  # type: ignore[no-untyped-def]
    """A verdict code in words: right, wrong, or the §muggins error's title."""
    _ = tr.gettext
    if verdict == "right":
        return _("Right")
    if verdict == "wrong":
        return _("Wrong")
    try:
        return session.narrator().error_title(verdict)
    except KeyError:  # a kind this version does not know
        return verdict


# ----- following the room from other pages ----------------------------------------------------
def teacher_signature() -> int:
    """What the teacher's page shows of the room: its change counter (any join, answer,
    progress report or question); -1 for a room that is gone."""
    current, rooms = role(), store()
    if current is None or rooms is None:
        return -1
    try:
        return rooms.version(current.code)
    except ClassroomError:
        return -1


def student_signature() -> tuple:
    """What a student's page shows of the room: the question, its phase, their answer (or
    ``("gone",)`` for a room that closed or expired). Other students' joins and answers do
    not change it, so they do not redraw every student's page."""
    current, rooms = role(), store()
    if current is None or rooms is None:
        return ("none",)
    try:
        seen = rooms.student(current.code, current.token)
    except ClassroomError as err:
        return ("gone", err.code)
    return (seen.round, seen.phase, seen.choice)


RETRY_POLL_SECONDS = 3.0
"""After a store fault, how often the page looks whether the store works again."""


def store_works() -> bool:
    """Whether the store can be opened and read now (after a fault: the page then redraws)."""
    rooms = store()
    if rooms is None:
        return False
    current = role()
    try:
        if current is not None:
            rooms.version(current.code)
        else:
            rooms.purge_expired()
    except ClassroomError as err:
        return err.code != "unavailable"
    return True


def follow(signature, drawn, *, every: float = POLL_SECONDS) -> None:  # type: ignore[no-untyped-def]
    """Look every ``every`` seconds whether ``signature()`` moved on from ``drawn``; if so, redraw the page."""
    @st.fragment(run_every=every)
    def poll() -> None:
        if signature() != drawn:
            st.rerun()

    poll()


def practice_banner(game, tr) -> None:  # type: ignore[no-untyped-def]
    """On the Practice page, for a student of a room: the way back to the class room, and a
    word when the teacher has asked something new (the page follows by itself)."""
    current = role()
    if current is None or current.kind != "student":
        return
    from tutorial.app.shell import pages

    _ = tr.gettext
    drawn = student_signature()
    found = class_deal(game)
    if found is not None:
        st.caption(_("Class practice in room {code}: your teacher sees how far you are.").format(code=current.code))
        if game.hand_over:
            st.page_link(pages.page("class"), label=_("Back to the class room"), icon=":material/groups:")
    elif drawn[0] not in ("none", "gone"):
        round_, phase, choice = drawn
        practice = st.session_state.get(PRACTICE)
        if (phase == "asking" and choice is None) or (practice is not None and practice[1] != round_):
            st.warning(_("Your teacher has asked something new in the class room."))
        st.page_link(pages.page("class"), label=_("Back to the class room"), icon=":material/groups:")
    follow(student_signature, drawn)


def choice_text(found: tuple[Lesson, Step], choice: str, tr) -> str:  # type: ignore[no-untyped-def]
    """A recorded choice in plain words (for the teacher's file): the pile named from nobody's
    seat with its top, the card, or the option's label."""
    _ = tr.gettext
    _lesson, step = found
    n = session.narrator(None)
    try:
        if step.kind == "place":
            return n.pile(Dest.parse(choice), step.turned.position)
        if step.kind == "next-card":
            return _("None: a pass") if choice == PASS else n.card(Card.parse(choice))
    except MugginsError:
        return choice
    return dict(lesson_steps.option_labels(step, tr)).get(choice, choice)


def summary_in_words(row: dict, tr) -> dict:  # type: ignore[no-untyped-def]
    """A class-summary row (:data:`tutorial.classroom.SUMMARY_KEYS`) with, after ``round``,
    three columns in the teacher's language: ``question`` (the step's lesson and title, or
    the deal), ``answer`` and ``result``; the codes stay as they are, for other tools."""
    _ = tr.gettext
    found = parse_target(str(row.get("target") or ""))
    if isinstance(found, tuple):
        question = f"{_(found[0].title)} · {_(found[1].title)}"
        answer = choice_text(found, str(row["choice"]), tr) if row.get("choice") else ""
    elif found is not None:
        question, answer = _("Class practice: deal {code}").format(code=found), ""
    else:
        question, answer = str(row.get("target") or ""), ""
    verdict = str(row.get("verdict") or "")
    words = {"question": question, "answer": answer, "result": verdict_words(verdict, tr) if verdict else ""}
    out = {}
    for key, value in row.items():
        out[key] = value
        if key == "round":
            out.update(words)
    return out


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A cell starting with one of these is a formula to a spreadsheet (CSV injection)."""


def cell(value):  # type: ignore[no-untyped-def]
    """A value for a CSV cell that a spreadsheet shows as text: a text a spreadsheet would
    run as a formula (a nickname like ``=HYPERLINK(…)``) gets a leading ``'``; numbers stay."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value
