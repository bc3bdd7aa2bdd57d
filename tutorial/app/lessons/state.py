"""Where the learner is in the course: current lesson and step, answers,
completed lessons and check results. State lives in ``st.session_state``
only; :mod:`tutorial.app.lessons.steps` draws the steps."""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field

import streamlit as st

from tutorial.app.shell import session
from tutorial.engine.numbers import parse_count
from tutorial.lessons import Lesson, Step, load_all

STEPS = "lesson_steps"  # {lesson id: step index}
ANSWERS = "lesson_answers"  # {"lesson/step": Answer}
PRESENTED = "lesson_presented"  # {"lesson/step": Answer} of presenter mode, apart from the presenter's own
STORE_OVERRIDE = "_lesson_store"  # while set: the name of the answers store to read instead (a class room's)
CURRENT = "lesson_current"
DONE = "lessons_done"  # [lesson ids completed]
CHECKS = "lesson_checks"  # {lesson id: (right at the first try, check steps)}
NOTICE = "lesson_notice"  # ("lesson" | "step", the unknown id from the URL), shown once


@st.cache_resource(show_spinner=False)
def course() -> tuple[list[Lesson], list]:
    """Every lesson (shared, read-only) and the problems of broken files."""
    return load_all()


@dataclass
class Answer:
    """What the learner has done on one step: wrong tries, the last choice,
    whether it is solved, and ``frame``: the move shown in a ``muggins`` walk-through,
    or 1 once the right pile of a ``place`` step has been shown to the learner."""

    wrong: list[str] = field(default_factory=list)
    last: str | None = None
    solved: bool = False
    frame: int = 0

    def token(self) -> str:
        """A short text naming this state of the step (tries, solved, frame shown), for
        the click guard of :mod:`tutorial.app.shell.clicks`."""
        return f"{len(self.wrong)}{'s' if self.solved else 'o'}{self.frame}"


def answer(lesson: Lesson, step: Step) -> Answer:
    """What has been done on this step: the learner's own answers, or in presenter mode
    the presenter's (kept apart, so a class demonstration changes no progress)."""
    from tutorial.app.presenter import mode as presenter

    name = st.session_state.get(STORE_OVERRIDE) or (PRESENTED if presenter.active() else ANSWERS)
    store = st.session_state.setdefault(name, {})
    return store.setdefault(f"{lesson.id}/{step.id}", Answer())


def current(lessons: list[Lesson]) -> tuple[Lesson, int]:
    """The lesson and step index the learner is on; seeded once from the URL. An
    unknown lesson or step in the URL is noted in :data:`NOTICE` (shown once)."""
    state = st.session_state
    by_id = {lesson.id: lesson for lesson in lessons}
    steps = state.setdefault(STEPS, {})
    if CURRENT not in state or state[CURRENT] not in by_id:
        wanted = session.url_seed("lesson")
        lesson = by_id.get(wanted, lessons[0])
        state[CURRENT] = lesson.id
        step_id = session.url_seed("step")
        index = lesson.step_index(step_id) if step_id else None
        if wanted and wanted not in by_id:
            state[NOTICE] = ("lesson", wanted)
        elif index is not None and lesson.id == wanted:
            steps[lesson.id] = index
        elif step_id and lesson.id == wanted:
            state[NOTICE] = ("step", step_id)
    lesson = by_id[state[CURRENT]]
    index = min(max(steps.get(lesson.id, 0), 0), len(lesson.steps) - 1)
    steps[lesson.id] = index
    return lesson, index


def place_token() -> str:
    """A short text naming where the learner is (lesson and step), for the click guard
    of the navigation buttons: a double click on *Next* moves one step, not two."""
    state = st.session_state
    lesson_id = state.get(CURRENT, "")
    return f"{zlib.crc32(f'{lesson_id}/{state.get(STEPS, {}).get(lesson_id, 0)}'.encode()):08x}"


def open_lesson(lesson_id: str) -> None:
    """Make ``lesson_id`` the current lesson (at the step the learner last reached)."""
    st.session_state[CURRENT] = lesson_id


def choose(widget_key: str) -> None:
    """Callback of the lesson selector: make its value the current lesson (a value that
    names no lesson changes nothing)."""
    chosen = st.session_state.get(widget_key)
    if chosen in {lesson.id for lesson in course()[0]}:
        st.session_state[CURRENT] = chosen


def restart(lesson_id: str) -> None:
    """Callback: back to the first step of a lesson, answers forgotten."""
    st.session_state.setdefault(STEPS, {})[lesson_id] = 0
    answers = st.session_state.setdefault(ANSWERS, {})
    for key in [k for k in answers if k.startswith(f"{lesson_id}/")]:
        del answers[key]


def go(lesson_id: str, index: int) -> None:
    """Callback: move to step ``index`` of a lesson."""
    st.session_state.setdefault(STEPS, {})[lesson_id] = index


def finish(lesson_id: str) -> None:
    """Callback: mark a lesson completed and keep its check result."""
    done = done_lessons()
    if lesson_id not in done:
        done.append(lesson_id)
    lesson = next((item for item in course()[0] if item.id == lesson_id), None)
    if lesson is not None and lesson.check_steps:
        check_results()[lesson_id] = check_score(lesson)


def check_score(lesson: Lesson) -> tuple[int, int]:
    """``(right at the first try, number of check steps)`` from this session's answers."""
    store = st.session_state.setdefault(ANSWERS, {})
    right = 0
    for step in lesson.check_steps:
        state = store.get(f"{lesson.id}/{step.id}")
        right += bool(state and state.solved and not state.wrong and not state.frame)  # frame 1: the answer was shown
    return right, len(lesson.check_steps)


def check_results() -> dict[str, tuple[int, int]]:
    """Check results by lesson id (this session, or restored from the URL's ``checks``)."""
    if CHECKS not in st.session_state:
        results = {}
        known = {lesson.id: len(lesson.check_steps) for lesson in course()[0]}
        for part in (session.url_seed("checks") or "").split(","):
            lesson_id, _, score = part.partition(":")
            right, _, total = score.partition("-")
            right_n, total_n = parse_count(right, 3), parse_count(total, 3)
            if lesson_id in known and right_n is not None and total_n == known[lesson_id] and right_n <= total_n:
                results[lesson_id] = (right_n, total_n)
        st.session_state[CHECKS] = results
    return st.session_state[CHECKS]


def checks_text() -> str:
    """The check results for the URL: ``lesson:right-total,…``."""
    return ",".join(f"{lesson_id}:{right}-{total}" for lesson_id, (right, total) in check_results().items())


def reset_progress() -> None:
    """Callback: forget completed lessons, check results, steps reached and answers."""
    done_lessons().clear()
    check_results().clear()
    session.remember(lesson=None, step=None, done=None, checks=None)
    st.session_state[STEPS] = {}
    st.session_state[ANSWERS] = {}


def done_lessons() -> list[str]:
    """Ids of completed lessons (this session, or restored from the URL)."""
    if DONE not in st.session_state:
        seeded = session.url_seed("done") or ""
        known = {lesson.id for lesson in course()[0]}
        st.session_state[DONE] = [part for part in dict.fromkeys(seeded.split(",")) if part in known]
    return st.session_state[DONE]
