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
from tutorial.app.presenter import mode as presenter
from tutorial.app.shell import session
from tutorial.app.shell.markup import literal
from tutorial.lessons import Lesson, Step

BIG = 10**6
"""A walk-through frame past any step's last: shows the last move."""


def answerable(step: Step) -> bool:
    """The step has an answer to show (a walk-through's is its last move)."""
    return bool(step.right) or step.kind == "muggins"


def shown(lesson: Lesson, step: Step) -> bool:
    """The step's answer is on the screen."""
    return lesson_view.answer(lesson, step).solved


def reveal(lesson: Lesson, step: Step) -> None:
    """Show the answer: the step as a learner sees it after answering right at once."""
    state = lesson_view.answer(lesson, step)
    if step.kind == "muggins":
        state.frame = BIG  # the last move (clamped when drawn)
    else:
        state.last = step.right[0]
    state.solved = True


def forget(lesson: Lesson, step: Step) -> None:
    """Hide the answer and forget the tries: the step as at first."""
    st.session_state.setdefault(lesson_view.PRESENTED, {})[f"{lesson.id}/{step.id}"] = lesson_view.Answer()


def neighbours(lessons: list[Lesson], lesson: Lesson, index: int) -> tuple[tuple[str, int] | None, tuple[str, int] | None]:
    """The steps before and after (lesson id, step index), across lessons; ``None`` at the ends."""
    order = [item.id for item in lessons]
    at = order.index(lesson.id)
    before = (lesson.id, index - 1) if index > 0 else (
        (lessons[at - 1].id, len(lessons[at - 1].steps) - 1) if at > 0 else None)
    after = (lesson.id, index + 1) if index + 1 < len(lesson.steps) else (
        (lessons[at + 1].id, 0) if at + 1 < len(lessons) else None)
    return before, after


def _go(lesson_id: str, index: int) -> None:
    lesson_view.open_lesson(lesson_id)
    lesson_view.go(lesson_id, index)


def _here() -> tuple[list[Lesson], Lesson, int]:
    lessons = lesson_view.course()[0]
    lesson, index = lesson_view.current(lessons)
    return lessons, lesson, index


def moves(step: Step) -> int:
    """How many moves a walk-through step shows (0 for any other step)."""
    if step.kind != "muggins":
        return 0
    return len(lesson_steps.muggins_frames(step, session.tr()))


def next_action(kind: str, frame: int, total: int, forward: bool) -> str:
    """What → (``forward``) or ← does on a step of ``kind`` showing move ``frame`` of
    ``total``: ``"move"`` (the next or previous move of a walk-through) or ``"step"``."""
    if kind != "muggins" or total <= 1:
        return "step"
    if forward:
        return "move" if frame < total - 1 else "step"
    return "move" if frame > 0 else "step"


def _frame(lesson: Lesson, step: Step) -> int:
    return lesson_view.answer(lesson, step).frame


def go_by(delta: int) -> None:
    """Callback: forward (``delta`` 1) or backward (-1) from what is shown *now*: a
    walk-through's next or previous move while it has one, else the next or previous step."""
    _lessons, lesson, index = _here()
    step = lesson.steps[index]
    total = moves(step)
    state = lesson_view.answer(lesson, step)
    frame = min(state.frame, max(total - 1, 0))
    if next_action(step.kind, frame, total, delta > 0) == "move":
        state.frame = frame + (1 if delta > 0 else -1)
        state.solved = state.frame == total - 1
        return
    step_by(delta)


def step_by(delta: int) -> None:
    """Callback: one step on (``delta`` 1) or back (-1) from the step shown *now*. The
    presenter's keys act on where the presenter is when the key arrives, so eight quick
    presses of → move eight steps, none lost and none refused as stale."""
    lessons, lesson, index = _here()
    before, after = neighbours(lessons, lesson, index)
    target = after if delta > 0 else before
    if target is not None:
        _go(*target)


def toggle_answer() -> None:
    """Callback: show or hide the answer of the step shown now."""
    _lessons, lesson, index = _here()
    step = lesson.steps[index]
    if not answerable(step):
        return
    if shown(lesson, step):
        forget(lesson, step)
    else:
        reveal(lesson, step)


def reset_step() -> None:
    """Callback: the step shown now, as at first."""
    _lessons, lesson, index = _here()
    forget(lesson, lesson.steps[index])


def show(lessons: list[Lesson]) -> None:
    """The whole presenter page of the lessons: one line on top, the table, and beside it
    the step's question, its answer when shown, and the controls."""
    tr = session.tr()
    _ = tr.gettext
    presenter.frame()
    presenter.keys({presenter.FORWARD: lambda: go_by(1), presenter.BACKWARD: lambda: go_by(-1),
                    presenter.STEP_ON: lambda: step_by(1), presenter.STEP_BACK: lambda: step_by(-1),
                    presenter.ANSWER: toggle_answer})
    lesson, index = lesson_view.current(lessons)
    step = lesson.steps[index]
    top = st.container(horizontal=True, key="present-top", vertical_alignment="center")
    top.markdown(f"**{literal(_(lesson.title))}** · "
                 + literal(_("Step {number} of {total}").format(number=index + 1, total=len(lesson.steps))))
    presenter.zoom_button(tr, top)
    presenter.leave_button(tr, top)
    _may_go_on, controls = lesson_steps.show_step(lesson, step, presenting=True)
    before, after = neighbours(lessons, lesson, index)
    total = moves(step)
    if total:  # the walk-through's own move buttons give way to the presenter's, which the keys work too
        st.html(f"<style>.st-key-{lesson.id}-{step.id}-moves {{display: none !important;}}</style>")
    frame = min(_frame(lesson, step), max(total - 1, 0))
    back_move = next_action(step.kind, frame, total, False) == "move"
    next_move = next_action(step.kind, frame, total, True) == "move"
    with controls:  # keys stable and actions relative: see go_by
        row = st.container(horizontal=True, key="present-controls")
        row.button(_("Previous move") if back_move else _("Back"), key="present-back", on_click=go_by, args=(-1,),
                   icon=":material/chevron_left:", disabled=before is None and not back_move, width="stretch",
                   help=_("Previous move (←)") if back_move else _("Previous step (←)"))
        if answerable(step):
            is_shown = shown(lesson, step)
            row.button(_("Hide the answer") if is_shown else _("Show the answer"), key="present-answer",
                       on_click=toggle_answer, icon=":material/visibility_off:" if is_shown else ":material/visibility:",
                       width="stretch", help=_("Show or hide the answer (space)"))
        row.button(_("Next move") if next_move else _("Next"), key="present-next", on_click=go_by, args=(1,),
                   icon=":material/chevron_right:", disabled=after is None and not next_move, type="primary",
                   width="stretch",
                   help=_("Next move (→); Shift+→ the next step") if next_move else _("Next step, without answering (→)"))
        tried = lesson_view.answer(lesson, step)
        if tried.wrong or (tried.frame and not tried.solved):
            st.button(_("Start the step again"), key="present-reset", on_click=reset_step, icon=":material/restart_alt:")
