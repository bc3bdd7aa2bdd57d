"""A lesson on a projector (presenter mode, issue 12): step forward and back without
answering, show or hide the answer with its explanation, start a step again. The step is
drawn by :mod:`tutorial.app.lessons.steps` as for a learner, so the answer shown is the one
a learner sees after answering right (the engine's verdict and explanation).

→ goes forward: the next move of a walk-through while it has one, else the next step;
← back likewise (the previous move, else the previous step); Shift+→ and Shift+← go a
whole step; space shows or hides the answer. The keys are counted in the browser
(:func:`tutorial.app.presenter.mode.keys`), so every press counts however quick."""

from __future__ import annotations

import streamlit as st

from tutorial.app.lessons import state as lesson_view
from tutorial.app.lessons import steps as lesson_steps
from tutorial.app.lessons.model import Layout, LessonScreen, StepScreen, muggins_frames, next_action
from tutorial.app.presenter import mode as presenter
from tutorial.app.shell import session
from tutorial.app.shell.markup import literal
from tutorial.lessons import Lesson, Step
from tutorial.lessons.steps import AnswerMode
from tutorial.narrate import narrator

__all__ = ["forget", "go_by", "moves", "next_action", "reset_step", "show", "step_by", "toggle_answer"]


def _screen(lesson: Lesson, step: Step) -> StepScreen:
    return lesson_steps.screen(lesson, step)


def forget(lesson: Lesson, step: Step) -> None:
    """Hide the answer and forget the tries: the step as at first."""
    lesson_view.lesson_state().forget(lesson, step, presenting=True)


def moves(step: Step) -> int:
    """How many moves a walk-through step shows (0 for any other step)."""
    return len(muggins_frames(step, narrator("en", step.you))) if step.answered_by == AnswerMode.MOVES else 0


def _here() -> LessonScreen:
    return lesson_view.here()


def go_by(delta: int) -> None:
    """Callback: forward (``delta`` 1) or backward (-1) from what is shown *now*: a
    walk-through's next or previous move while it has one, else the next or previous step."""
    where = _here()
    if not _screen(where.lesson, where.step).walk_by(delta):
        step_by(delta)


def step_by(delta: int) -> None:
    """Callback: one step on (``delta`` 1) or back (-1) from the step shown *now*. The
    presenter's keys act on where the presenter is when the key arrives, so eight quick
    presses of → move eight steps, none lost and none refused as stale."""
    where = _here()
    before, after = where.neighbours()
    target = after if delta > 0 else before
    if target is not None:
        where.go(*target)


def toggle_answer() -> None:
    """Callback: show or hide the answer of the step shown now."""
    where = _here()
    shown = _screen(where.lesson, where.step)
    if not shown.answerable:
        return
    if shown.answer.solved:
        forget(where.lesson, where.step)
    else:
        shown.show_answer()


def reset_step() -> None:
    """Callback: the step shown now, as at first."""
    where = _here()
    forget(where.lesson, where.step)


def show(lessons: list[Lesson]) -> None:
    """The whole presenter page of the lessons: one line on top, the table, and beside it
    the step's question, its answer when shown, and the controls."""
    tr = session.tr()
    _ = tr.gettext
    where = lesson_view.here(lessons)
    presenter.frame(_(where.lesson.title) + " · " + _("Lessons"))
    presenter.keys({presenter.FORWARD: lambda: go_by(1), presenter.BACKWARD: lambda: go_by(-1),
                    presenter.STEP_ON: lambda: step_by(1), presenter.STEP_BACK: lambda: step_by(-1),
                    presenter.ANSWER: toggle_answer})
    lesson, index, step = where.lesson, where.index, where.step
    top = st.container(horizontal=True, key="present-top", vertical_alignment="center")
    top.markdown(f"**{literal(_(lesson.title))}** · "
                 + literal(_("Step {number} of {total}").format(number=index + 1, total=len(lesson.steps))))
    presenter.zoom_button(tr, top)
    presenter.leave_button(tr, top)
    _may_go_on, controls = lesson_steps.show_step(lesson, step, presenting=True)
    shown = _screen(lesson, step)
    before, after = where.neighbours()
    if shown.layout == Layout.MOVES:  # the walk-through's own move buttons give way to the presenter's, which the keys work too
        st.html(f"<style>.st-key-{lesson.id}-{step.id}-moves {{display: none !important;}}</style>")
    back_move = shown.walk(False) == "move"
    next_move = shown.walk(True) == "move"
    with controls:  # keys stable and actions relative: see go_by
        row = st.container(horizontal=True, key="present-controls")
        row.button(_("Previous move") if back_move else _("Back"), key="present-back", on_click=go_by, args=(-1,),
                   icon=":material/chevron_left:", disabled=before is None and not back_move, width="stretch",
                   help=_("Previous move (←)") if back_move else _("Previous step (←)"))
        if shown.answerable:
            is_shown = shown.answer.solved
            row.button(_("Hide the answer") if is_shown else _("Show the answer"), key="present-answer",
                       on_click=toggle_answer, icon=":material/visibility_off:" if is_shown else ":material/visibility:",
                       width="stretch", help=_("Show or hide the answer (space)"))
        row.button(_("Next move") if next_move else _("Next"), key="present-next", on_click=go_by, args=(1,),
                   icon=":material/chevron_right:", disabled=after is None and not next_move, type="primary",
                   width="stretch",
                   help=_("Next move (→); Shift+→ the next step") if next_move else _("Next step, without answering (→)"))
        tried = shown.answer
        if tried.wrong or (tried.frame and not tried.solved):
            st.button(_("Start the step again"), key="present-reset", on_click=reset_step, icon=":material/restart_alt:")
