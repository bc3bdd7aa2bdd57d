"""Home page: what Muggins is, where to start, and the learner's progress (what it shows, the
reset asked first and *Move my progress to another device*: :mod:`tutorial.app.home.model`)."""

from collections.abc import Callable

import streamlit as st

from tutorial.app.home.model import CONFIRMING, CONFIRMING_MOVE, CONFIRMING_NEW, PRACTICE, HomeScreen, HomeState
from tutorial.app.lessons import state as lesson_view
from tutorial.app.lessons import steps as lesson_steps
from tutorial.app.practice import view as practice_view
from tutorial.app.presenter import mode as presenter
from tutorial.app.shell import clicks, focus, model_move, pages, session, share, storage
from tutorial.app.shell.markup import literal
from tutorial.app.training import view as training_view
from tutorial.draw.qr import MAX_TEXT as QR_MAX_TEXT

MOVE_INPUT = "move-code-input"  # the text field of *Use a code from another device*

tr = session.tr()
_ = tr.gettext
lessons, _problems = lesson_view.course()
done = lesson_view.done_lessons()
where = lesson_view.lesson_state()
home = HomeScreen(session.feature(HomeState), lessons, done, lesson_view.check_results(), tr,
                  due=training_view.due_count(),
                  place=(where.current, where.steps.get(where.current, 0)) if where.current else None,
                  hand=practice_view.hand_under_way(),  # a stored game is not replayed for it, mostly
                  more=storage.has_progress(), lang=session.lang())


def confirming() -> str:
    """The state the confirmation was drawn for (the click guard's)."""
    return home.token()


DONE = "[data-testid='stAlertContentSuccess']"  # the "Done: …" line, read out after a yes (focus.request's read)


def reset() -> None:
    if home.confirm_reset():
        storage.forget()
        # the button is gone with the progress: the focus goes to the next button, the line is read out
        focus.request(["reset-progress", "new-learner"], read=DONE)


def start_afresh() -> None:
    if home.confirm_new():
        storage.forget()
        focus.request(["new-learner"], read=DONE)


def use_typed() -> None:
    """*Use this code*: the typed or pasted code is read, then asked about (the field is emptied
    once a code is good)."""
    home.offer(str(st.session_state.get(MOVE_INPUT) or ""))
    if home.state.offered is not None:
        st.session_state[MOVE_INPUT] = ""


def take_code() -> None:
    """*Yes, take it*: the code's progress becomes this session's and this browser's."""
    progress = home.take_move()
    if progress is not None:
        storage.move_in(progress)


def opened(lesson_id: str) -> None:
    """Open a lesson; on the Lessons page the focus goes to the step's first control (sent by its first run)."""
    lesson_view.open_lesson(lesson_id)
    lesson, index = lesson_view.current(lessons)
    focus.request(lesson_steps.first_controls(lesson, lesson.steps[index]))


def ask_first(*, asking: bool, label: str, key: str, ask: Callable[[], None], question: Callable[[], str], yes: str,
              seen: str, act: Callable[[], None], no: str, keys: tuple[str, str], icon: str | None = None) -> None:
    """A button that asks before it acts (*Reset my progress*, *Not you?*): ``label`` until
    clicked, then the ``question`` with *``yes``* (guarded, clicks.py: it appears where a second
    click on the button may land; ``seen``: the state it is drawn for) and *``no``* (``keys``: theirs)."""
    # Every button here is guarded (clicks.py): the second click of a double click elsewhere on
    # Home, landing here after the first click's run moved the page, does nothing (a double click
    # on *Use this code* asked to reset the progress and dropped the code: found by a trial).
    if not asking:
        def asked() -> None:
            ask()
            # By keyboard, on to the question's safe answer, the question read out: the focus fell to the
            # page (found by a trial), and on the yes a stray Enter wiped the progress (found by another)
            focus.request([keys[1]], read="[data-testid='stAlertContentWarning']")

        clicks.button(label, key=key, seen="ask", current=confirming, action=asked, fixed_key=True, icon=icon)
        return
    st.warning(question())
    yes_column, no_column, _spacer = st.columns([2, 2, 3])
    clicks.button(yes, key=keys[0], seen=seen, current=confirming, action=act, where=yes_column,
                  type="primary", width="stretch")

    def kept() -> None:
        home.keep()
        focus.request([key])  # back to the button that asked

    clicks.button(no, key=keys[1], seen="keep", current=confirming, action=kept, where=no_column, fixed_key=True,
                  width="stretch")


def move_section() -> None:
    """*Move my progress to another device*: the code and its QR code, or a code from another
    device (typed, pasted or from the address's ``move=``), taken after asking."""
    moved = home.moved_line()
    if moved:
        st.success(moved, icon=":material/devices:")
    problem = home.move_problem_line()
    asking = home.confirming_move
    with st.expander(home.move_heading(), icon=":material/devices:",
                     expanded=asking or problem is not None or home.state.show_code):
        if asking:
            st.markdown(_("The code carries:") + "\n" + "".join(f"\n- {literal(line)}" for line in home.carries()))
            ask_first(asking=True, label="", key="move-ask", ask=lambda: None, question=home.move_question,
                      yes=_("Yes, take it"), seen=CONFIRMING_MOVE, act=take_code, no=_("No, keep mine"),
                      keys=("move-take", "move-keep"))
        st.caption(home.move_intro())
        if home.state.show_code:
            moving = model_move.moving(storage.current())
            st.code(moving.code, language=None, wrap_lines=True)
            link = share.page_address("home", {model_move.PARAMETER: moving.code})
            if len(link) <= QR_MAX_TEXT:
                st.image(share.qr_image(link), width=280, alt=home.qr_alt())
            st.caption(home.code_how())
            if moving.game_left_out:
                st.caption(home.game_left_out())
            note = share.address_note(tr)
            if note:
                st.caption(note)
            clicks.button(_("Hide my code"), key="move-hide", seen="hide", current=confirming, action=home.hide_code,
                          fixed_key=True, icon=":material/visibility_off:")
        else:
            clicks.button(_("Show my code"), key="move-show", seen="show", current=confirming, action=home.show_code,
                          fixed_key=True, icon=":material/qr_code_2:")
        st.text_input(_("Use a code from another device"), key=MOVE_INPUT, placeholder="M1-…",
                      max_chars=4 * model_move.TEXT_LIMIT)  # a longer text is said to be too long, not ignored
        clicks.button(_("Use this code"), key="move-use", seen="use", current=confirming, action=use_typed,
                      fixed_key=True)
        if problem:
            st.error(literal(problem))



presenter.page_frame(tr)
st.title(_("Muggins Tutor"))
home.from_link(session.url_seed(model_move.PARAMETER))  # once per session; sync_url drops it from the address
# A code waiting for a yes or no (from the QR code's link, say) comes first, not screens below
# on a phone (found by a trial); otherwise the section stays in its place near the end.
MOVE_FIRST = home.confirming_move
if session.arrived():
    home.arrived()  # what was done on an earlier visit is not said again
FORGOTTEN = home.state.forgotten  # "reset" or "new": said where its button was, until the next action
forgotten_line = home.forgotten_line()
if MOVE_FIRST:
    move_section()
st.markdown(_(
    "Learn **Muggins**, the Victorian family card game of rank adjacency. Each turn you turn up the top card "
    "of your closed stock and must put it in the right place: on a common pile one rank away, else on the "
    "nearest opponent's discard that fits, else on your own discard. Miss the right place and someone calls "
    "“Muggins!”: the card is moved where it had to go, and every other player gives you a penalty card. You "
    "win the hand when a correct placement of your last card leaves you with no cards at all."
))
st.info(_(
    "This is not the *muggins* rule of cribbage, nor the dominoes or adding games of the same name, where "
    "“Muggins!” claims points someone forgot to count. This Muggins has no points at all: it is about where "
    "each card must go."
))

st.header(_("Where to start"))
left, middle, right = st.columns(3)
with left:
    st.page_link(pages.page("lessons"), label=_("Lessons"), icon=":material/school:")
    st.caption(_("Step-by-step positions: choose where each card must go and see why."))
with middle:
    st.page_link(pages.page("practice"), label=_("Practice"), icon=":material/playing_cards:")
    st.caption(_("Play hands and matches against computer players, at tables of 3 to 7. In Coach mode every error "
                 "of yours is explained at once; in Table mode the others may slip, and you may call “Muggins!” on "
                 "them."))
with right:
    st.page_link(pages.page("rules"), label=_("Rules"), icon=":material/menu_book:")
    st.caption(_("The complete rules, with the section names the explanations cite."))

st.header(_("Your progress"))
if lessons:
    action = home.continue_action()
    finished_line = home.course_finished()
    if action is None and finished_line is not None:  # the whole course done: its stars, and what to do next
        st.success(literal(finished_line))
        onward = st.container(horizontal=True)
        onward.page_link(pages.page("practice"), label=_("Play a practice hand"), icon=":material/playing_cards:")
        onward.page_link(pages.page("train"), label=_("Train"), icon=":material/fitness_center:")
    if action is not None and st.button(action.label, key="home-continue", type="primary",
                                        icon=":material/play_arrow:"):
        if action.kind == PRACTICE:
            st.switch_page(pages.page("practice"))
        elif action.lesson_id is not None:
            opened(action.lesson_id)
            st.switch_page(pages.page("lessons"))
    for line in home.lines():
        mark = ":material/check_circle:" if line.done else ":material/radio_button_unchecked:"
        if st.button(line.label, key=f"home-lesson-{line.id}", icon=mark, type="tertiary"):
            opened(line.id)
            st.switch_page(pages.page("lessons"))
    st.caption(home.completed())
    due_line = home.due_line()
    if due_line is not None:
        due_row = st.container(horizontal=True, vertical_alignment="center")
        due_row.markdown(due_line)
        due_row.page_link(pages.page("train"), label=_("Train"), icon=":material/fitness_center:")
    st.page_link(pages.page("progress"), label=_("See your progress"), icon=":material/insights:")
    st.caption(home.kept_where())
    if forgotten_line and FORGOTTEN == "reset":
        st.success(forgotten_line, icon=":material/restart_alt:")
    if home.can_reset():
        ask_first(asking=home.confirming, label=_("Reset my progress"), key="reset-progress", ask=home.ask_reset,
                  question=home.reset_question, yes=_("Yes, reset my progress"), seen=CONFIRMING, act=reset,
                  no=_("Keep my progress"), keys=("reset-confirm", "reset-keep"))


if not MOVE_FIRST:
    move_section()
# A shared computer (a class room's): the next learner starts afresh, after being asked.
if forgotten_line and FORGOTTEN == "new":
    st.success(forgotten_line, icon=":material/person_add:")
ask_first(asking=home.confirming_new, label=_("Not you? Start as a new learner"), key="new-learner", ask=home.ask_new,
          question=home.new_question, yes=_("Yes, start afresh"), seen=CONFIRMING_NEW, act=start_afresh, no=_("Cancel"),
          keys=("new-learner-confirm", "new-learner-keep"), icon=":material/person_add:")
session.sync_url()
