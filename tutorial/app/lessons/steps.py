"""A lesson step on screen: lays out a :class:`~tutorial.app.lessons.model.StepScreen`
(what the step shows and the actions the learner can take) and wires its actions to
buttons. One function per layout (:class:`~tutorial.app.lessons.model.Layout`, from the
step's ``answered_by``); no step kind is named here."""

from __future__ import annotations

import gettext
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import streamlit as st

from tutorial.app.lessons import model
from tutorial.app.lessons import state as lesson_state
from tutorial.app.lessons.model import Layout, StepAnswer, StepScreen
from tutorial.app.presenter import mode as presenter
from tutorial.app.shell import clicks, document, focus, session, takeaway
from tutorial.app.shell.markup import literal
from tutorial.app.shell.table import WHOLE_TABLE, four_colour, render, request_scroll
from tutorial.app.shell.table import stage as two_columns
from tutorial.app.shell.table_component import anchor
from tutorial.app.shell.table_view import TableView
from tutorial.lessons import Lesson, Step
from tutorial.narrate import Narrator

NEXT_KEYS = model.NEXT_KEYS
question_view = model.question_view

MORE_STYLE = (
    "<style>@media (min-width: 641px) {"  # Streamlit stacks the columns below 640 px
    "[data-testid='stColumn'] [data-testid='stLayoutWrapper']:has(> .st-key-lesson-controls) {order: 1;}"
    "[data-testid='stColumn'] [data-testid='stLayoutWrapper']:has(> .st-key-lesson-more) {order: 2;}"
    "[data-testid='stColumn'] [data-testid='stLayoutWrapper']:has(> .st-key-lesson-controls)"
    " ~ :not(:has(> .st-key-lesson-more)) {order: 3;}"
    "}</style>"
)


@dataclass
class Stage:
    """Where a step draws: the table on the ``board``, everything else (the question, the
    verdict, the controls) on the ``panel`` beside it (below it on a phone); ``more``:
    between the verdict and the lesson's Next, what happened at length (beside the table
    it is drawn under Next: :data:`MORE_STYLE`, so the verdict and the way on stay on one
    screen); ``view``: the table drawn last (for *Save picture*)."""

    board: Any
    panel: Any
    more: Any
    view: TableView | None = None

    def table(self, view: TableView, tr: gettext.NullTranslations, *, key: str, **options: Any) -> None:
        """Draw ``view`` on the board (options as for :func:`tutorial.app.shell.table.render`)."""
        self.view = view
        with self.board:
            render(view, tr, key=key, **options)


WAY_ON = "step-way-on"
"""The key of the container holding a step's way on (the lesson's Back and Next, Training's
*Next exercise*): after an answer, the page shows from the verdict down to it."""


def narrator(step: Step) -> Narrator:
    """The narrator for this step: the learner's language, told to the learner's seat."""
    told: Narrator = session.narrator(step.you)
    return told


def screen(lesson: Lesson, step: Step, *, answer: StepAnswer | None = None,
           shown_to_all: bool | None = None, locked: bool = False) -> StepScreen:
    """The step's screen model for this learner: their answer (or presenter mode's, or the
    one given), their language and deck; ``shown_to_all`` defaults to presenter mode or a
    class room's reveal (:func:`tutorial.app.lessons.state.shown_answer`)."""
    if shown_to_all is None:
        shown_to_all = presenter.active() or lesson_state.lesson_state().shown is not None
    return StepScreen(lesson, step, answer if answer is not None else lesson_state.answer(lesson, step),
                      narrator(step), session.tr(), shown_to_all=shown_to_all, four_colour=four_colour(),
                      locked=locked)


def option_labels(step: Step, tr: gettext.NullTranslations | None = None) -> list[tuple[str, str]]:
    """``(value, label as Markdown)`` of each answer the step offers (none for a pile), in
    the language of ``tr`` (default: the learner's) and the learner's deck (the class
    room's answer buttons)."""
    tr = tr or session.tr()
    return [(option.value, model.option_label(step, option.value, tr, four_colour=four_colour()))
            for option in step.options()]


def show_question_lines(step: Step, tr: gettext.NullTranslations, key: str) -> None:
    """The step's question under its table (nothing when there is none), as a learner sees
    it; ``key`` names the container of cards shown large."""
    _question_text(model.question_lines(step, narrator(step), four_colour=four_colour()), big=bool(step.question_cards),
                   key=key)


def _question_text(text: str, *, big: bool, key: str) -> None:
    """A step's question as Markdown (nothing when empty); ``big``: cards shown large, as text
    rather than a heading (they head no section; :data:`tutorial.app.shell.document.BIG_TEXT`)."""
    if not text:
        return
    if big:
        with st.container(key=f"{document.BIG_TEXT}{key}"):
            st.markdown(text)
    else:
        st.markdown(text)


def first_controls(lesson: Lesson, step: Step) -> list[str]:
    """The keys of a step's first control, best first, then the lesson's way on."""
    return screen(lesson, step, answer=StepAnswer()).first_controls()


def show_step(lesson: Lesson, step: Step, *, presenting: bool = False, answer: StepAnswer | None = None,
              shown_to_all: bool | None = None, story: Sequence[str] = (), locked: bool = False) -> tuple[bool, Any]:
    """Draw one step; returns whether the learner may go on, and the container for the
    lesson's Back and Next (in the panel beside the table, right after the step's own
    controls). ``presenting``: for a projector (:mod:`tutorial.app.presenter.mode`): the
    step's title and text go beside the table, so the table can take the screen's whole
    height. ``answer``, ``shown_to_all`` and ``locked`` (answers drawn, not taken): see
    :func:`screen` (the class room passes its own). ``story``: plain lines of what happened before the question (a penalty exercise
    of Training), drawn before the step's text, which refers to them as told above."""
    tr = session.tr()
    shown = screen(lesson, step, answer=answer, shown_to_all=shown_to_all, locked=locked)
    named = f"{lesson.id}-{step.id}-words"  # the step's title and text, keyed: the page names the step it shows
    if not presenting:
        with st.container(key=named):
            st.header(shown.title(), anchor=False)
            st.markdown(shown.text())
    if shown.has_table:
        board, panel = two_columns("present" if presenting else "lesson")
    else:
        board = panel = st.container()
    if presenting:
        with panel:
            panel = st.container(key="present-panel")
        with panel, st.container(key=named):
            st.header(shown.title(), anchor=False)  # h2: the page's h1 is presenter mode's (mode.frame)
            if story:
                st.caption("  \n".join(literal(line) for line in story))
            st.markdown(shown.text())
    with panel:  # the step's question and verdict, what happened at length, the lesson's Back and Next, the rest
        body = st.container(key=f"{focus.SPOKEN_PREFIX}{shown.prefix}")  # its verdicts are read out by the app (answered)
        more = st.container(key="lesson-more")
        controls = st.container(key="present-controls-box") if presenting else st.container(key="lesson-controls")
        after = st.container()
    if not presenting:
        st.html(MORE_STYLE)
    stage = Stage(board, panel, more)
    with body:
        LAYOUTS[shown.layout](shown, tr, stage)
        hint = shown.hint()
        if hint:
            def opened() -> None:  # a question answered after its hint is not right at the first try (stars)
                if st.session_state.get(f"{shown.prefix}-hint") and not shown.answer.solved:
                    shown.answer.hinted = True

            with st.expander(tr.gettext("Hint"), key=f"{shown.prefix}-hint", on_change=opened):
                st.markdown(hint)
    if stage.view is not None and not presenting:  # a projector has no use for downloads
        with after:
            _save_buttons(lesson, step, stage.view, tr)
    return shown.may_go_on, controls


def _save_buttons(lesson: Lesson, step: Step, view: TableView, tr: gettext.NullTranslations) -> None:
    """*Save picture* (the table as shown, with the lesson, the step and, for a turned card,
    what the rule says) and *Save position* (the step's position before any turn-up)."""
    heading = f"{tr.gettext(lesson.title)} · {tr.gettext(step.title)}"
    takeaway.save_buttons(view, step.position if step.position is not None else view.position, tr,
                          key=f"{lesson.id}-{step.id}", caption=takeaway.caption(heading, view, narrator(step)),
                          name=f"muggins-{lesson.id}-{step.id}")


def _token(shown: StepScreen) -> tuple[str, Callable[[], str]]:
    """``(seen, current)`` for the click guard: the step's state now, and how to read it later."""
    return shown.answer.token(), shown.answer.token


def _boxes(shown: StepScreen, stage: Stage) -> None:
    said = shown.verdict()
    for box in said.boxes:
        getattr(st, box.tone)(box.text)
    if said.more is not None:
        with stage.more:
            getattr(st, said.more.tone)(said.more.text)
    if said.why:  # the reasoning at length, for a learner who asks: the verdict stays short
        with stage.more, st.expander(session.tr().gettext("Why?")):
            st.markdown(said.why)


def _question(shown: StepScreen) -> None:
    """The question under the table (a *fits* step's two cards large)."""
    _question_text(shown.question(), big=shown.question_big, key=shown.prefix)


def answered(right: bool) -> None:
    """After an answer: a right one sends the focus on to the lesson's way on (the control used
    is gone); after a wrong one the focus stays where it was (the focus keeper restores it).
    Either way the verdict is read out, once, by the app's live region (the boxes' own roles
    are taken away: :data:`tutorial.app.shell.focus.SPOKEN`)."""
    focus.request(NEXT_KEYS if right else [], read=focus.SAID)


# ----- the layouts ----------------------------------------------------------------------------
def _read(shown: StepScreen, tr: gettext.NullTranslations, stage: Stage) -> None:
    view = shown.table()
    if view is not None:
        stage.table(view, tr, key=shown.table_key())


def _pile(shown: StepScreen, tr: gettext.NullTranslations, stage: Stage) -> None:
    """A wrong pick is explained without giving the right pile away; after a second wrong
    pick (or on request) the right pile is named and marked."""
    _ = tr.gettext
    key = shown.table_key()

    def pick(dest_text: str) -> None:
        answered(shown.pick(dest_text))

    def reveal() -> None:
        shown.reveal()  # the right pile is shown (and said)
        focus.request([f"{key}-table", f"table-{key}"], read=focus.SAID)  # the button is gone

    view = shown.table()
    assert view is not None
    seen, current = _token(shown)
    if shown.can_pick_pile():
        stage.table(view, tr, key=key, pick=pick, seen=seen, current=current)
    else:
        stage.table(view, tr, key=key)
    _boxes(shown, stage)
    if shown.can_reveal() and not presenter.active():  # a presenter has "Show the answer"
        clicks.button(_("Show me where it goes"), key=f"{key}-reveal", seen=seen, current=current,
                      action=reveal, icon=":material/visibility:")


def _cards(shown: StepScreen, tr: gettext.NullTranslations, stage: Stage) -> None:
    """One button per card (the card's name as help); once answered, the right one marked."""
    view = shown.table()
    if view is not None:
        stage.table(view, tr, key=shown.table_key())

    def pick(value: str) -> None:
        lesson_state.lesson_state().answered += 1
        answered(shown.pick(value))

    _question(shown)
    buttons = shown.buttons()
    columns = st.columns(shown.columns())
    seen, current = _token(shown)
    for column, button in zip(columns, buttons, strict=False):
        clicks.button(button.label, key=button.key, seen=seen, current=current, action=pick, args=(button.value,),
                      where=column, disabled=button.disabled, help=button.help, width="stretch",
                      type="primary" if button.primary else "secondary")
    line = shown.answer_line()
    if line is not None:
        st.markdown(line)
    _boxes(shown, stage)


def _choice(shown: StepScreen, tr: gettext.NullTranslations, stage: Stage) -> None:
    """One button per option; once answered, the answer said, then the verdict and what
    happened at length (in ``stage.more``: before the lesson's Next on a phone, so it is
    read before going on; after it beside the table, so the verdict and Next share the
    screen)."""
    view = shown.table()
    if view is not None:
        stage.table(view, tr, key=shown.table_key())
    _question(shown)
    state = lesson_state.lesson_state()

    def pick(value: str) -> None:
        state.answered += 1
        answered(shown.pick(value))
        if shown.has_table:
            request_scroll()  # beside a table: the table and the verdict in view

    line = shown.answer_line()
    if line is not None:
        st.markdown(line)
        # After the answer (not on a later visit): from the verdict down to the way on in view,
        # so what happened is read before going on (the top of it first, if it is long). The
        # answer line above may go off the screen for it: the verdict says the answer again.
        anchor()(data={"nonce": str(state.answered or ""), "until": WAY_ON}, key=f"{shown.prefix}-verdict")
        _boxes(shown, stage)
        return
    buttons = shown.buttons()
    columns = st.columns(shown.columns())
    seen, current = _token(shown)
    for column, button in zip(columns, buttons, strict=False):
        clicks.button(button.label, key=button.key, seen=seen, current=current, action=pick, args=(button.value,),
                      where=column, width="stretch", disabled=button.disabled)
    if shown.answer.last is not None:
        _boxes(shown, stage)
        anchor()(data={"nonce": str(state.answered), "end": True}, key=f"{shown.prefix}-said")


def _moves(shown: StepScreen, tr: gettext.NullTranslations, stage: Stage) -> None:
    """A call shown move by move (*Previous move*, *Next move*)."""
    _ = tr.gettext
    st.caption(shown.frame_caption())
    stage.table(shown.frame().view, tr, key=shown.table_key())
    _boxes(shown, stage)
    prefix = shown.prefix

    def move(target: int) -> None:  # an absolute frame, so a double click cannot skip one
        shown.move(target)
        request_scroll(shown.move_focus() or WHOLE_TABLE)
        if shown.answer.solved and shown.at_frame() == len(shown.frames()) - 1:
            focus.request(NEXT_KEYS, read=focus.SAID)  # *Next move* is gone: on to the lesson's Next
        elif shown.at_frame() == 0:
            focus.request([f"{prefix}-next"], read=focus.SAID)  # *Previous move* is gone
        else:
            focus.request([], read=focus.SAID)  # the move, read out (the focus stays on the button used)

    row = st.container(horizontal=True, key=f"{prefix}-moves")
    seen, current = _token(shown)
    at = shown.at_frame()
    if shown.can_move(at - 1):
        clicks.button(_("◀ Previous move"), key=f"{prefix}-prev", seen=seen, current=current, action=move,
                      args=(at - 1,), where=row, width="stretch")
    if shown.can_move(at + 1):
        clicks.button(_("Next move ▶"), key=f"{prefix}-next", seen=seen, current=current, action=move,
                      args=(at + 1,), where=row, type="primary", width="stretch")


def _deal(shown: StepScreen, tr: gettext.NullTranslations, stage: Stage) -> None:
    """A number of players to choose, and the deal for it."""
    offered = shown.players()
    players = st.segmented_control(tr.gettext("Number of players"), options=list(offered), key=f"{shown.prefix}-players",
                                   default=offered[0]) or offered[0]
    caption, view = shown.deal_view(players)
    st.caption(literal(caption))
    stage.table(view, tr, key=f"{shown.prefix}-{players}")
    _boxes(shown, stage)


LAYOUTS: dict[Layout, Callable[[StepScreen, gettext.NullTranslations, Stage], None]] = {
    Layout.READ: _read, Layout.PILE: _pile, Layout.CARDS: _cards, Layout.CHOICE: _choice, Layout.MOVES: _moves,
    Layout.DEAL: _deal,
}
"""How each layout is drawn (a layout, never a step kind)."""
