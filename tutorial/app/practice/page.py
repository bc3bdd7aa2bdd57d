"""Practice page: a hand or a match against computer players, in Coach or Table mode.

The words come from tutorial.app.practice.model (plain Python); this page lays them out."""

import streamlit as st

from tutorial import words
from tutorial.app.classroom import view as classroom_view
from tutorial.app.shell import clicks, session, share
from tutorial.app.presenter import practice as practice_present, mode as presenter
from tutorial.app.practice import view
from tutorial.app.shell.markup import literal
from tutorial.app.shell.table import TableView, render, stage
from tutorial.draw.scene import LEGAL, Arrow
from tutorial.engine.position import Discard
from tutorial.practice import COACH, NEXT

tr = session.tr()
_ = tr.gettext
game = view.game()
hand = game.hand
you = game.learner
page = view.screen(game)

if presenter.active():  # a projector: the hand replayed turn by turn
    practice_present.show(game)
    view.remember(game)
    session.sync_url()
    st.stop()

st.title(_("Practice"))
classroom_view.practice_banner(game, tr)
if view.TYPED in st.session_state:
    st.error(literal(_("That cannot be dealt: {problem}.").format(problem=words.position_error(st.session_state.pop(view.TYPED), tr))))
for kind, value in st.session_state.get(view.NOTICES, []):
    st.warning(literal(page.notice(kind, value)))

# ----- who, where, how ------------------------------------------------------------
info, new = st.columns([4, 1])
deal, who, mode = page.heading()
info.markdown(f"**{literal(deal)}** · {literal(who)} {literal(mode)}")
view.action_button(_("New deal"), key="practice-new", action=view.ask_new_game, where=new, width="stretch")
share.share_deal(game, where=new)
if st.session_state.get(view.CONFIRM):
    with st.container(border=True):
        st.warning(_("Start a new deal? The hand you are playing will be lost."))
        yes, no, _spacer = st.columns([2, 2, 3])
        view.action_button(_("Yes, deal again"), key="practice-confirm-new", action=view.confirm, where=yes,
                           type="primary", width="stretch")
        view.action_button(_("Keep playing"), key="practice-keep", action=view.keep_playing, where=no, width="stretch")

view.settings_panel(game, tr)

# ----- the play: the table, and beside it (below it on a phone) what happened and what to do --------
# A fragment: a click on the table or in the panel reruns only this part of the page (a
# practice click costs little more than a bare page's); anything that changes the hand
# (the next hand, a new deal) reruns the whole page, whose heading names the hand.
@st.fragment
def play(drawn_for: tuple) -> None:
    game = view.game()
    if (game.code, game.hand_index) != drawn_for:
        st.rerun()  # the heading above shows another hand: redraw the whole page
    hand = game.hand
    you = game.learner
    page = view.screen(game)
    clicks.notice(tr)
    if st.session_state.get(view.UNSAVED) == game.code:
        st.warning(literal(page.notice("unsaved", None)))
    board, panel = stage("practice")
    with panel:
        # What the learner just did comes first (their placement, their call); then what to do
        # now; then what happened since their last card. A verdict on an earlier card, while
        # the learner watches the others (the last decision was Next), comes after the question.
        fresh = not (game.decisions and game.decisions[-1] == NEXT)
        feedback = page.feedback() if game.correcting is None else None
        if fresh:
            view.show(feedback)
        if page.can_undo():  # only when it can act: never before the learner's first card of this hand
            view.action_button(_("Undo my last card"), key="practice-undo", action=view.undo, icon=":material/undo:")
        marks: dict = {}
        if game.watching is not None:
            view.watching(game, page, tr)
        elif game.correcting is not None:
            view.show(page.correcting(wrong_pick=st.session_state.pop(view.PICK_PROBLEM, False)))
            marks = dict.fromkeys(game.correction_choices(), LEGAL)
        elif game.hand_over:
            view.hand_end(game, page, tr)
        else:
            prompt, recycled = page.your_turn()
            if recycled:
                st.info(literal(recycled))
            st.markdown(literal(prompt))
            if game.settings.mode == COACH and st.toggle(_("Show where the card may go"), key=view.HINTS):
                marks = dict.fromkeys(hand.legal().dests, LEGAL)
        if not fresh:
            view.show(feedback)
        since = page.since()
        if since and game.watching is None:
            heading, lines = since
            with st.expander(heading, expanded=game.hand_over or len(lines) <= 3):
                st.markdown("\n".join(f"- {literal(line)}" for line in lines))
        view.save_buttons(game, page, tr)

    with board:
        dealer = view.dealer(game)
        if game.watching is not None:
            shown = game.watching
            render(TableView(shown.table, you=you, marked={shown.dest}, show_mover=False, dealer=dealer,
                             arrows=(Arrow(("turned", shown.mover), shown.dest),)), tr, key="practice-watching")
        elif game.hand_over:
            render(TableView(hand.position, you=you, show_mover=False, dealer=dealer), tr, key="practice-final")
        else:  # a card to place (or, after a call, a common pile to pick)
            arrows = page.last_arrows() if game.correcting is None else ()
            if hand.turned.recycled:  # the mover's discard was turned over to make a new stock
                arrows += (Arrow(Discard(hand.turned.position.mover), ("stock", hand.turned.position.mover), "recycle"),)
            render(TableView(hand.turned.position, turned=hand.turned.card, you=you, marks=marks, dealer=dealer, arrows=arrows),
                   tr, key="practice", pick=view.decide, seen=game.token, current=view.token)
    view.hand_log(game, page, tr)
    view.remember(game)
    classroom_view.report(game)  # a student playing the class deal: the teacher sees the progress
    session.sync_url()


play((game.code, game.hand_index))
