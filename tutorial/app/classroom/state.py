"""The class room's state in the app: this session's :class:`~tutorial.classroom.session.RoomState`
(one session key, through :func:`tutorial.app.shell.session.feature`), the server's room store,
and the role sessions built on them for a page run. Widget keys are the constants below."""

from __future__ import annotations

import logging
import threading
import time

import streamlit as st

from tutorial.app.lessons import state as lesson_view
from tutorial.app.shell import session
from tutorial.app.shell.client import client_key
from tutorial.classroom import RoomLimits
from tutorial.classroom.join import JoinSession
from tutorial.classroom.session import RoomState
from tutorial.classroom.student import StudentSession
from tutorial.classroom.targets import Course
from tutorial.classroom.teacher import TeacherSession
from tutorial.store import OPEN_ERRORS, RoomStore, database_url, open_room_store
from tutorial.store.common import OncePer

log = logging.getLogger(__name__)
log.addFilter(OncePer())  # a store that cannot be opened is tried every few seconds: logged once a minute

# ----- widget keys -------------------------------------------------------------------------------
JOIN_FORM, JOIN_CODE, JOIN_NAME = "class-join", "class-join-code", "class-join-name"
ASK_KIND, DEAL_CODE = "class-ask-kind", "class-deal"
EXERCISE_CODE = "class-exercise"
EXERCISE_THEME, EXERCISE_LEVEL = "class-exercise-theme", "class-exercise-level"  # + a digest of the labels
LESSON_PICK, STEP_PICK = "class-lesson", "class-step"  # + a digest of the labels (session.labelled_key)
PICK_STUDENT, PICK_INTO = "class-pick-student", "class-pick-into"
SPREAD, NAMES, PRESENT_NAMES = "class-spread", "class-names", "class-present-names"

LIMITS = RoomLimits(max_failed_joins=200)
"""A class shares one address behind the school's router, so the limit on wrong room codes
per address must leave room for many clumsy fingers: 200 per 10 minutes, 28,800 a day,
still hopeless for guessing one of a few dozen open rooms among 31⁶ ≈ 887 million codes
(about one success in 600 days per address with 50 rooms open). One session cannot reach
it (it is slowed down after 5 wrong codes: :mod:`tutorial.classroom.gate`), a lock lasts
one window and is not renewed by the tries made during it, and a session that sent no
wrong code gets through it."""
POLL_SECONDS = 1.0
"""How often an open room page looks for changes (students follow within 2 s)."""
RETRY_SECONDS = 5.0
"""After the store could not be opened (e.g. a read-only data folder), how long until the
next visitor's page tries again: the class room comes back by itself once the cause goes."""
RETRY_POLL_SECONDS = 3.0
"""After a store fault, how often the page looks whether the store works again."""


class _Opened:
    """The room store of this server process (shared by every session: it holds no user's
    data), or the time of the last failure to open it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.clear()

    def clear(self) -> None:
        self.found: RoomStore | None = None
        self.failed_at = -RETRY_SECONDS

    def get(self) -> RoomStore | None:
        with self._lock:
            if self.found is None and time.monotonic() - self.failed_at >= RETRY_SECONDS:
                try:
                    self.found = open_room_store(limits=LIMITS)
                except OPEN_ERRORS as exc:  # an unwritable data folder, a full disk, a server away…: logged, said on the page
                    self.failed_at = time.monotonic()
                    log.error("the class-room store cannot be opened: %s", exc, exc_info=exc)
            return self.found


_store = _Opened()


def store() -> RoomStore | None:
    """The room store, or ``None`` when this server cannot keep rooms now (logged)."""
    return _store.get()


def on_database_server() -> bool:
    """Whether the rooms are kept on a database server (``MUGGINS_DATABASE_URL``) rather than
    in the data folder's file: what the page names when the store cannot be opened."""
    try:
        return database_url() is not None
    except ValueError:  # refused when the app started; here only a word is at stake
        return True


def room_state() -> RoomState:
    """This session's class room, seeded once from the address the session started with; the
    address keeps a student's room and token on the Class room and Practice pages
    (:data:`tutorial.app.shell.session.PAGE_ONLY`)."""
    state = session.feature(RoomState)
    if not state.seeded:
        state.seed(*(session.url_seed(key) for key in ("room", "teacher", "student", "show")))
    session.remember(**state.kept())
    return state


def clock() -> float:
    """The time for the session's pace (seconds since the epoch; a test sets its own)."""
    return time.time()


def browser_cookie(name: str) -> str | None:
    """The value of the browser's cookie ``name`` as the page session began, or ``None``."""
    raw = st.context.cookies.get(name)
    return raw if isinstance(raw, str) and len(raw) <= 400 else None


def course() -> Course:
    """The lessons a class can be asked from (the shared, read-only course)."""
    return Course(lesson_view.course()[0])


def join_session(rooms: RoomStore) -> JoinSession:
    return JoinSession(room_state(), rooms, lambda: clock(), client_key(), lambda name: browser_cookie(name))


def student_session(rooms: RoomStore) -> StudentSession:
    return StudentSession(room_state(), rooms, course(), session.narrator())


def teacher_session(rooms: RoomStore) -> TeacherSession:
    return TeacherSession(room_state(), rooms, course(), session.narrator())
