"""Training page: endless exercises made by the engine, one theme at a time, scheduled by
spaced repetition (issue 19). What it shows and does: tutorial.app.training.model; the
exercise is drawn as a lesson step is."""

import streamlit as st

from tutorial.app.lessons import steps as lesson_steps
from tutorial.app.presenter import mode as presenter, training as training_present
from tutorial.app.shell import clicks, client, document, focus, session, storage
from tutorial.app.shell.markup import literal
from tutorial.app.shell.table_component import anchor
from tutorial.app.training import view
from tutorial.app.training.model import CODE_INPUT, NEXT_KEY, TYPED_LIMIT

tr = session.tr()
_ = tr.gettext
page = view.screen()
page.settle(view.now())  # an answer given through the step's controls is recorded once
storage.save_changes("muggins-storage-train")  # ... and kept in the browser at once

if presenter.active():  # a projector: the table, the question and big controls only
    training_present.show(page)
    document.title(page.heading(), _("Training"))
    session.sync_url(page.address())
    st.stop()

st.title(_("Training"), anchor=False)
document.title(page.heading(), _("Training"))
clicks.notice(tr)
problem = page.link_problem(keep=storage.holding())  # said again when the stored progress arrives
if problem:
    st.warning(literal(problem))
intro = page.intro()
if intro:
    st.info(literal(intro))

view.theme_box(page)
st.caption(literal(page.level_line() + " · " + page.reason_line()))

anchor()(data=page.top_mark(), key="train-exercise-top")
for line in page.story():
    st.info(literal(line))


@st.fragment
@client.in_turn
def exercise(drawn_for: str | None) -> None:
    """The exercise and its way on. An answer, a hint, a wrong try rerun only this part (a
    training click as light as a practice click, issue 19); another exercise (*Next
    exercise*) redraws the whole page, whose theme box, reason and code name it."""
    page = view.screen()
    if page.state.code != drawn_for:
        st.rerun()
    page.settle(view.now())  # an answer given through the step's controls is recorded once
    storage.save_changes("muggins-storage-train-answer")  # ... and kept in the browser at once
    seen = page.token()
    with st.container(border=True):
        _may_go_on, panel = view.show_exercise(page)
    with panel, st.container(key=lesson_steps.WAY_ON):  # after an answer, the page shows from the verdict down to here
        hint_text = page.hint_text()
        if hint_text:
            st.info(hint_text, icon=":material/lightbulb:")
        if page.can_hint():
            clicks.button(_("Hint"), key="train-hint", seen=seen, current=view.token, action=view.hint,
                          icon=":material/lightbulb:")
        if page.can_next():  # the way on right under the verdict; how the answer counted after it
            clicks.button(_("Next exercise ▶"), key=NEXT_KEY, seen=seen, current=view.token,
                          action=view.next_exercise, type="primary", width="stretch")
        outcome = page.outcome_line()
        if outcome:
            st.caption(outcome)
    st.caption(page.done_line())
    focus.deliver("muggins-focus-train")  # an answer's run is the fragment's: the focus request goes with it
    session.sync_url(page.address())


exercise(page.state.code)

st.subheader(_("Exercise code"), anchor=False)
st.markdown(literal(page.code_line()))
# The box's limit is far above any code (see TYPED_LIMIT): Streamlit's count of characters
# beside the hint ("11/100000") only puzzled learners (found by a trial), so it is not shown.
st.html(f"<style>.st-key-{CODE_INPUT} [data-testid='InputInstructions'] span + span {{display: none;}}</style>")
with st.form("train-open-form", border=False):  # Enter in the box opens the code, as *Open* does
    st.text_input(_("Open an exercise by its code (from your teacher, say)"), key=CODE_INPUT,
                  placeholder="nearest-opponent.2.48213", max_chars=TYPED_LIMIT)
    # (guarded as a button of its own: the exercise above changes under it with every answer, which
    # reruns only the exercise, and *Open* acts on the code typed, whatever the exercise is)
    clicks.button(_("Open"), key="train-open", seen="open", current=lambda: "open", action=view.open_typed,
                  fixed_key=True, submit=True)
typed_problem = page.problem()
if typed_problem:
    st.error(literal(typed_problem))
    # under the box, so below the screen on a laptop when the box is at its foot (a trial saw
    # only the box's red border): brought into view
    anchor()(data={"nonce": f"refused-{page.state.refusals}", "end": True}, key="train-problem-mark")

session.sync_url(page.address())
