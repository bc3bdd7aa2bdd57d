"""What the class room's role views share: the page's end, a store fault, following the
room, a lesson step as a question and as its revealed answer, the tally bars."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

import streamlit as st

from tutorial import words
from tutorial.app.classroom import state as room
from tutorial.app.lessons import model as lesson_model
from tutorial.app.lessons import steps as lesson_steps
from tutorial.app.lessons.model_course import StepAnswer
from tutorial.app.shell import clicks, client, session
from tutorial.app.shell.markup import literal
from tutorial.app.shell.table import render
from tutorial.classroom import ClassroomError
from tutorial.classroom.board import ShownTally
from tutorial.classroom.targets import Asked
from tutorial.classroom.words import story_lines
from tutorial.engine.errors import MugginsError
from tutorial.lessons import Step
from tutorial.lessons.steps import AnswerMode


def end_page() -> NoReturn:
    """The page's address (this page's own values) and nothing more below."""
    session.sync_url(room.room_state().address())
    st.stop()
    raise AssertionError("unreachable")  # pragma: no cover - st.stop raises


def tell_problem() -> None:
    """A problem left by an action (a refused join, an expired room …), told once."""
    told = room.room_state().told()
    if told is not None:
        st.error(literal(words.class_error(told, session.tr())))


def fault(err: MugginsError) -> NoReturn:
    """The store failed (its folder read-only, its file gone, the disk full): said in the
    reader's language (the fault itself is logged by the store); the page looks again every
    few seconds and comes back by itself once the store works."""
    st.error(literal(words.class_error(err, session.tr())))
    retry()


def retry() -> NoReturn:
    """*Try again*, and a look every few seconds whether the store works again."""
    st.button(session.tr().gettext("Try again"), key="class-retry", icon=":material/refresh:")
    follow(store_works, False, every=room.RETRY_POLL_SECONDS)
    end_page()


def store_works() -> bool:
    """Whether the store can be opened and read now (after a fault: the page then redraws)."""
    rooms = room.store()
    if rooms is None:
        return False
    current = room.room_state().role
    try:
        if current is not None:
            rooms.version(current.code)
        else:
            rooms.purge_expired()
    except ClassroomError as err:
        return err.code != "unavailable"
    return True


def follow(signature: Callable[[], object], drawn: object, *, every: float = room.POLL_SECONDS) -> None:
    """Look every ``every`` seconds whether ``signature()`` moved on from ``drawn``; if so, redraw the page."""
    @st.fragment(run_every=every)
    @client.in_turn
    def poll() -> None:
        if signature() != drawn:
            st.rerun()

    poll()


def option_markdown(step: Step, tr: Any) -> list[tuple[str, str]]:
    """``(value, label as Markdown)`` of each option of ``step``, as the lessons show them."""
    return lesson_steps.option_labels(step, tr)


def question(asked: Asked, round_: int, *, token: str, current: Callable[[], str], chosen: str | None,
             interactive: bool, pick: Callable[[str], None]) -> None:
    """A lesson step's question as a student answers it: the table (its piles are the answer of
    a pile step) and the answer buttons; ``chosen`` is marked once answered. A click counts
    only while the question, its phase and the student's answer are as drawn (``token``)."""
    tr = session.tr()
    _ = tr.gettext
    step = asked.step
    st.header(_(step.title))
    story(asked)
    st.markdown(_(step.text))
    view = lesson_model.question_view(step)
    if view is not None:
        if interactive and step.answered_by is AnswerMode.PILE:
            render(view, tr, key=f"class-{round_}", pick=pick, seen=token, current=current)
        else:
            render(view, tr, key=f"class-{round_}")
    lesson_steps.show_question_lines(step, tr, f"class-{round_}")
    options = option_markdown(step, tr)
    if options:
        columns = st.columns(max(len(options), 2))
        for column, (value, label) in zip(columns, options, strict=False):
            clicks.button(label, key=f"class-option-{round_}-{value}", seen=token, current=current, action=pick,
                          args=(value,), where=column, width="stretch", disabled=not interactive,
                          type="primary" if value == chosen else "secondary")
    elif interactive:
        st.caption(_("Choose the pile where the card must go."))


def tally_bars(shown: ShownTally, verdict_lines: list[str]) -> None:
    """How many answered and, when shown, a bar per choice; once revealed, the right ones
    marked ✓ and the counts by verdict (never names). Before the reveal nothing says which
    choice is right (:func:`tutorial.classroom.board.shown_tally`)."""
    _ = session.tr().gettext
    st.markdown(literal(_("{answered} of {students} have answered.").format(answered=shown.answered,
                                                                           students=shown.students)))
    for line in shown.lines:
        mark = " ✓" if line.right else ""
        st.progress(line.share, text=f"{literal(line.label)}{mark} — {line.count}")
    if verdict_lines:
        st.caption(_("By verdict"))
        st.markdown("\n".join(f"- {literal(line)}" for line in verdict_lines))


def story(asked: Asked) -> None:
    """What happened before the question (a training exercise about a call's penalty), as the
    Training page tells it; nothing for other questions."""
    for line in story_lines(asked, session.narrator()):
        st.info(literal(line))


# ----- a lesson step drawn as the lessons draw it ---------------------------------------------------
def draw_step(asked: Asked, *, revealed: bool, presenting: bool = False) -> Any:
    """Draw the step as the lessons do, its answer shown to the whole class when ``revealed``
    (the lessons' screen model with ``shown_to_all``: no "Right.", no "your answer"); returns
    the container below the step's own controls (for the tally on a projector, or a student's
    verdict). A training exercise about a call's penalty first tells what happened."""
    story(asked)
    if revealed:
        _may, below = lesson_steps.show_step(asked.lesson, asked.step, presenting=presenting,
                                             answer=StepAnswer.shown(asked.step), shown_to_all=True)
    else:
        # on the projector the answers are drawn but not taken: the teacher's click would show the class an explanation
        _may, below = lesson_steps.show_step(asked.lesson, asked.step, presenting=presenting, locked=presenting)
    return below
