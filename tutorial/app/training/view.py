"""The Training page's Streamlit parts: the typed state in the session, the clock, and the
callbacks that carry the controls to the screen model (:mod:`tutorial.app.training.model`).
What the page shows and what an action does is decided by the model; the exercise is drawn
by the lessons' step view (:func:`tutorial.app.lessons.steps.show_step`)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import streamlit as st

from tutorial.app.lessons import state as lesson_view
from tutorial.app.lessons import steps as lesson_steps
from tutorial.app.presenter import mode as presenter
from tutorial.app.shell import focus, session
from tutorial.app.shell.table import four_colour
from tutorial.app.training.model import CODE_INPUT, MIXED, THEME_CHOICE, TrainingPageState, TrainingScreen
from tutorial.app.training.model import due_count as _due_count
from tutorial.app.training.model import note_practice_error as _note_practice_error

__all__ = ["CODE_INPUT", "choose", "due_count", "hint", "next_exercise", "note_practice_error", "now", "open_typed",
           "screen", "state", "theme_box", "toggle_answer", "token"]


def now() -> datetime:
    """The time the model is given (the model never reads the clock)."""
    return datetime.now(UTC)


def state() -> TrainingPageState:
    """This session's Training state."""
    return session.feature(TrainingPageState)


def screen() -> TrainingScreen:
    """The page in words and actions: the learner's completed lessons, language and deck; an
    exercise code in the address (``ex``) is opened on the session's first visit."""
    lessons = lesson_view.course()[0]
    return TrainingScreen(state(), lessons, lesson_view.done_lessons(), session.lang(), session.tr(), now(),
                          seed=session.url_seed("ex"), four_colour=four_colour(), presenting=presenter.active(),
                          theme=session.url_seed("theme"))


def token() -> str:
    """The state the page's controls were drawn for (the click guard's)."""
    return screen().token()


def _arrived() -> None:
    """A new exercise: the focus goes to its first control, and a screen reader hears it — its
    level, what happened before it (a penalty exercise), its title, text and question, and the
    card turned up (the page itself names nothing of it: found by a blind tester)."""
    page = screen()
    shown = page.step_screen()
    level = page.level_line()
    focus.request(shown.first_controls(), say=" ".join([level if level.endswith(".") else level + ".", *page.story(),
                                                        shown.arrival()]))


def theme_box_key(page: TrainingScreen) -> str:
    """The theme box's widget key as the page draws it now: a fresh widget when its labels
    change (the language, see :func:`tutorial.app.shell.session.labelled_key`) and for each
    exercise, so that the old box's value, sent back with a click made before the page was
    redrawn, is never taken for a choice."""
    return session.labelled_key(THEME_CHOICE, [*map(page.theme_name, page.box_themes()), page.state.code])


HINT_BOX = "[class*='st-key-step-way-on'] [data-testid='stAlertContentInfo']"
"""Where the page shows the hint (in the exercise's way on), read out after *Hint*."""


def theme_box(page: TrainingScreen) -> None:
    """The theme box (*Theme to train*): the theme chosen, or *Mixed*, shown; a choice goes to
    :func:`choose`. The same box on the page and in presenter mode (behind a button there)."""
    _ = session.tr().gettext
    labels = {theme: page.theme_name(theme) for theme in page.box_themes()}
    choice_key = theme_box_key(page)  # a fresh widget when the labels change, and for each exercise
    st.session_state[choice_key] = page.box_value()  # what Next exercise trains
    st.selectbox(_("Theme to train"), options=list(labels), format_func=lambda theme: labels.get(theme, theme),
                 key=choice_key, on_change=choose, args=(choice_key,), placeholder=_("Choose a theme"))


def toggle_answer() -> None:
    """Presenter mode: show or hide the answer (space)."""
    screen().toggle_answer()


def hint() -> None:
    """*Hint*: the hint shown, read out, and the focus on to the exercise's first answer (the
    button goes, and the focus fell to the page: found by a trial)."""
    page = screen()
    page.hint()
    focus.request(page.step_screen().first_controls(), read=HINT_BOX)


def next_exercise() -> None:
    screen().next(now())
    _arrived()


def choose(widget_key: str) -> None:
    """Callback of the theme selector: an exercise of the theme chosen (and the next ones), or
    *Mixed*: the schedule chooses again from the next exercise on."""
    page = screen()
    chosen = st.session_state.get(widget_key)
    # A box drawn for another language (a click arriving during the rerun of a language switch
    # fires the old box's change with the theme on screen; found by a trial) or the value the box
    # already shows is no choice: the exercise stays.
    if widget_key != theme_box_key(page) or chosen == page.box_value():
        return
    if page.can_choose(chosen):
        page.choose(chosen, now())
        if chosen != MIXED:  # (Mixed keeps the exercise on screen)
            _arrived()


def open_typed() -> None:
    """*Open*: the exercise of the code typed; a code that is not valid is said, the box keeps it."""
    page = screen()
    if page.open_code(st.session_state.get(CODE_INPUT), now()):
        st.session_state[CODE_INPUT] = ""
        _arrived()


def due_count() -> int | None:
    """How many exercises are due now, or ``None`` while this session has no scheduler (Home)."""
    found = st.session_state.get(TrainingPageState.KEY)
    return _due_count(found, now()) if isinstance(found, TrainingPageState) else None


def note_practice_error(kind: str) -> None:
    """A learner's error in a practice hand (an error id, or ``missed-call``) makes its theme due."""
    lessons = lesson_view.course()[0]
    _note_practice_error(state(), kind, lesson_view.done_lessons(), now(), [lesson.id for lesson in lessons])


def show_exercise(page: TrainingScreen) -> tuple[bool, Any]:
    """The exercise drawn as a lesson step is (see :func:`tutorial.app.lessons.steps.show_step`)."""
    return lesson_steps.show_step(page.lesson, page.step, answer=page.state.answer, shown_to_all=False)
