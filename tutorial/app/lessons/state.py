"""Where the learner is in the course, in this session: the lesson feature's state
(:class:`~tutorial.app.lessons.model.LessonState`, one session key) seeded from the page
address, and the callbacks other pages use (open a lesson, reset progress …). What the
state means and does is in :mod:`tutorial.app.lessons.model`; this module only reaches it."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import streamlit as st

from tutorial.app.lessons.model import (
    LessonScreen,
    LessonState,
    StepAnswer,
    answer_key,
    checks_from_text,
    done_from_text,
    follow_lesson,
    pick_lesson,
)
from tutorial.app.lessons.model import checks_text as _checks_text
from tutorial.app.shell import session
from tutorial.lessons import Lesson, Problem, Step, load_all

CHOICE = "lesson_choice"
"""The lesson selector's widget key (with a digest of its labels: :func:`session.labelled_key`)."""


@st.cache_resource(show_spinner=False)
def course() -> tuple[list[Lesson], list[Problem]]:
    """Every lesson (shared, read-only) and the problems of broken files."""
    return load_all()


def lesson_state() -> LessonState:
    """This session's lesson state, its completed lessons and check results seeded from
    the address on first use."""
    state = session.feature(LessonState)
    if state.done is None or state.checks is None:
        lessons = course()[0]
        if state.done is None:
            state.done = done_from_text(session.url_seed("done"), [lesson.id for lesson in lessons])
        if state.checks is None:
            state.checks = checks_from_text(session.url_seed("checks"),
                                            {lesson.id: len(lesson.check_steps) for lesson in lessons})
    return state


def here(lessons: list[Lesson] | None = None) -> LessonScreen:
    """The lesson and step the learner is on; seeded once from the address (``lesson``,
    ``step``: an unknown one is noted in :attr:`LessonState.notice`, said once), and from
    the address the browser's Back or Forward brings back."""
    lessons = lessons if lessons is not None else course()[0]
    state = lesson_state()
    pick_lesson(lessons, state, session.url_seed("lesson"), session.url_seed("step"))
    if (back := session.followed()) is not None:  # the browser's Back or Forward: its step
        follow_lesson(lessons, state, back["lesson"], back["step"])
    return LessonScreen(lessons, state)


def current(lessons: list[Lesson]) -> tuple[Lesson, int]:
    """``(lesson, step index)`` the learner is on (see :func:`here`)."""
    screen = here(lessons)
    return screen.lesson, screen.index


def answer(lesson: Lesson, step: Step) -> StepAnswer:
    """What has been done on this step: the learner's own answers, or in presenter mode the
    presenter's (kept apart, so a class demonstration changes no progress)."""
    from tutorial.app.presenter import mode as presenter

    return lesson_state().answer(lesson, step, presenting=presenter.active())


@contextlib.contextmanager
def shown_answer(lesson: Lesson, step: Step) -> Iterator[None]:
    """Within this block the lesson screens show ``step`` with its right answer, as after a
    right answer, told to everyone (a class room's reveal)."""
    state = lesson_state()
    before = state.showing({answer_key(lesson, step): StepAnswer.shown(step)})
    try:
        yield
    finally:
        state.showing(before)


def place_token() -> str:
    """Where the learner is, for the click guard of the navigation buttons."""
    return lesson_state().place_token()


def open_lesson(lesson_id: str) -> None:
    """Make ``lesson_id`` the current lesson (at the step the learner last reached)."""
    here().open(lesson_id)


def choose(widget_key: str) -> None:
    """Callback of the lesson selector: make its value the current lesson (a value that
    names no lesson changes nothing)."""
    chosen = st.session_state.get(widget_key)
    if isinstance(chosen, str):
        open_lesson(chosen)


def restart(lesson_id: str) -> None:
    """Callback: back to the first step of a lesson, answers forgotten."""
    lesson_state().restart(lesson_id)


def go(lesson_id: str, index: int) -> None:
    """Callback: move to step ``index`` of a lesson."""
    lesson_state().steps[lesson_id] = index


def finish(lesson_id: str) -> None:
    """Callback: mark a lesson completed and keep its check result."""
    here().finish(lesson_id)


def check_results() -> dict[str, tuple[int, int]]:
    """Check results by lesson id (this session, or restored from the address's ``checks``)."""
    checks = lesson_state().checks
    assert checks is not None
    return checks


def checks_text() -> str:
    """The check results for the address: ``lesson:right-total,…``."""
    return _checks_text(check_results())


def reset_progress() -> None:
    """Callback: forget completed lessons, check results, steps reached and answers."""
    lesson_state().reset()
    session.remember(lesson=None, step=None, done=None, checks=None)


def done_lessons() -> list[str]:
    """Ids of completed lessons (this session, or restored from the address)."""
    done = lesson_state().done
    assert done is not None
    return done
