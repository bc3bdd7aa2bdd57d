"""A training exercise on a projector (presenter mode): a teacher puts an exercise before the
class, shows or hides its answer, and moves on to another of the theme chosen (or of what the
schedule gives). The exercise is drawn as a lesson step is in presenter mode — the table takes
the screen's height, the question and the controls stand beside it — and the line above names
the theme, its level and the exercise's code, so the class can open the same one afterwards.
→ (Page Down) the next exercise, space shows or hides the answer, Esc leaves; the keys are
counted in the browser (:func:`tutorial.app.presenter.mode.keys`). A presenter's answers are
kept apart from their own schedule (:class:`tutorial.app.training.model.TrainingScreen`
with ``presenting``)."""

from __future__ import annotations

import streamlit as st

from tutorial.app.lessons import steps as lesson_steps
from tutorial.app.presenter import mode as presenter
from tutorial.app.presenter.model import ANSWER, FORWARD, STEP_ON
from tutorial.app.shell import session
from tutorial.app.shell.markup import literal
from tutorial.app.training import view
from tutorial.app.training.model import TrainingScreen


def next_exercise() -> None:
    """Callback (→ or *Next exercise*): another exercise, without answering this one."""
    view.screen().next(view.now())


def show(page: TrainingScreen) -> None:
    """The whole presenter page of Training: one line on top (the theme box, the level and
    the code), the table, and beside it the question, the answer when shown, and the controls."""
    tr = session.tr()
    _ = tr.gettext
    presenter.frame(page.heading() + " · " + _("Training"))
    presenter.keys({FORWARD: next_exercise, STEP_ON: next_exercise, ANSWER: view.toggle_answer})
    top = st.container(horizontal=True, key="present-top", vertical_alignment="center")
    # The theme box in a pop-up behind a button as tall as the line's others (a box there made
    # the line taller, and the table ran off the screen's bottom)
    with top.popover(page.theme_name(page.box_value()), icon=":material/tune:", type="tertiary",
                     help=_("Theme to train")):
        view.theme_box(page)
    top.markdown(literal(page.level_short()) + f" · `{page.state.code}`")  # the code, to open the same one later
    presenter.zoom_button(tr, top)
    presenter.leave_button(tr, top)
    # a penalty exercise: the call that came before, above the step's text ("as told above")
    _may_go_on, controls = lesson_steps.show_step(page.lesson, page.step, presenting=True, answer=page.state.answer,
                                                  shown_to_all=True, story=page.story())
    with controls:
        row = st.container(horizontal=True, key="present-controls")
        row.button(page.answer_label(), key="present-answer", on_click=view.toggle_answer,
                   icon=":material/visibility_off:" if page.state.answer.solved else ":material/visibility:",
                   width="stretch", help=_("Show or hide the answer (space)"))
        row.button(_("Next exercise ▶"), key="present-next", on_click=next_exercise, type="primary", width="stretch",
                   help=_("Another exercise, without answering (→)"))
