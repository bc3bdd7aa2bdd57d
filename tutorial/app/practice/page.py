"""Practice page: a hand or a match against computer players, in Coach or Table mode.

What the page shows and what each button does come from the screen model
(tutorial.app.practice.model, plain Python); this page lays them out."""

import streamlit as st

from tutorial.app.classroom import view as classroom_view
from tutorial.app.practice import view
from tutorial.app.practice.model import CORRECTING, OVER, WATCHING
from tutorial.app.presenter import mode as presenter
from tutorial.app.presenter import practice as practice_present
from tutorial.app.shell import clicks, client, focus, session, share, storage
from tutorial.app.shell.markup import literal
from tutorial.app.shell.table import render, stage

tr = session.tr()
_ = tr.gettext
page = view.screen()

if presenter.active():  # a projector: the hand replayed turn by turn
    practice_present.show(page.game)
    view.remember(page.game)
    session.sync_url()
    st.stop()

st.title(_("Practice"))
classroom_view.practice_banner(page.game, tr)
problem = page.take_typed_problem()
if problem:
    with st.container(key=f"{focus.SPOKEN_PREFIX}practice-problem"):  # said by the app (view.act), once
        st.error(literal(problem))
for notice in page.notices():
    st.warning(literal(notice))
if page.can_retry_saved():
    view.action_button(_("Try again"), key="practice-retry-saved", action="retry_saved", icon=":material/refresh:")

# ----- who, where, how ------------------------------------------------------------
info, new = st.columns([5, 3])  # wide enough for "Compartir este reparto" whole (a trial saw it cut on a laptop)
deal, who, mode = page.heading()
info.markdown(f"**{literal(deal)}** · {literal(who)} {literal(mode)}")
class_deal = classroom_view.in_class_practice(page.game)  # the teacher's deal: no other, no other settings
if page.can_new_deal() and not class_deal:
    view.action_button(_("New deal"), key="practice-new", action="new_deal", where=new, width="stretch")
share.share_deal(page.game, where=new)
question = page.question()
if question:
    with st.container(border=True, key=f"{focus.SPOKEN_PREFIX}practice-confirm"):  # said by the app (view.act), once
        st.warning(literal(question))
        yes, no, _spacer = st.columns([2, 2, 3])
        view.action_button(_("Yes, deal again"), key="practice-confirm-new", action="confirm", where=yes,
                           type="primary", width="stretch")
        view.action_button(_("Keep playing"), key="practice-keep", action="keep_playing", where=no, width="stretch")

if not class_deal:
    view.settings_panel(page, tr)


# ----- the play: the table, and beside it (below it on a phone) what happened and what to do --------
# A fragment: a click on the table or in the panel reruns only this part of the page (a
# practice click costs little more than a bare page's); anything that changes the hand
# (the next hand, a new deal) reruns the whole page, whose heading names the hand.
@st.fragment
@client.in_turn
def play(drawn_for: tuple[object, int]) -> None:
    page = view.screen()
    game = page.game
    if (game.code, game.hand_index) != drawn_for:
        st.rerun()  # the heading above shows another hand: redraw the whole page
    clicks.notice(tr)
    unsaved = page.unsaved()
    if unsaved:
        st.warning(literal(unsaved))
    board, panel = stage("practice")
    hints = False
    with panel:
        # What the learner just did comes first (their placement, their call); then what to do
        # now; then what happened since their last card. A verdict on an earlier card, while
        # the learner watches the others (the last decision was Next), comes after the question.
        first = page.feedback_first()
        feedback = page.shown_feedback()
        if first:
            view.show(feedback)
        if page.can_undo():  # only when it can act: never before the learner's first card of this hand
            view.action_button(_("Undo my last card"), key="practice-undo", action="undo", icon=":material/undo:")
        phase = page.phase()
        if phase == WATCHING:
            view.watching(page, tr)
        elif phase == CORRECTING:
            view.show(page.take_correcting())
        elif phase == OVER:
            view.hand_end(page, tr)
        else:
            prompt, recycled = page.your_turn()
            if recycled:
                st.info(literal(recycled))
            st.markdown(literal(prompt))
            if page.can_hint():
                hints = st.toggle(_("Show where the card may go"), key=view.HINTS)
        if not first:
            view.show(feedback)
        since = page.since_panel()
        if since:
            heading, lines, expanded = since
            with st.expander(heading, expanded=expanded):
                st.markdown("\n".join(f"- {literal(line)}" for line in lines))
        view.save_buttons(page, tr)

    view.count_hand(page.game)  # a finished hand, once, in the practice statistics (before the table, which carries the write)
    with board:
        drawn = page.board(hints)
        render(drawn.view, tr, key=drawn.key, pick=view.pick if drawn.pickable and page.can_pick() else None,
               seen=page.token if drawn.pickable else "", current=view.token if drawn.pickable else None,
               last=page.last_move())
    view.hand_log(page, tr)
    view.remember(page.game)
    classroom_view.report(page.game)  # a student playing the class deal: the teacher sees the progress
    storage.save_changes("muggins-storage-practice")  # a click reruns only this fragment: the game kept at once
    focus.deliver("muggins-focus-practice")  # a click's run is the fragment's: its focus request and words go with it
    session.sync_url()


play((page.game.code, page.game.hand_index))
