"""Practice page: a hand or a match against computer players, in Coach or Table mode."""

import streamlit as st

from tutorial import words
from tutorial.app import clicks, session
from tutorial.app import practice_view as view
from tutorial.app.markup import literal
from tutorial.app.table import TableView, render
from tutorial.practice import COACH

tr = session.tr()
_ = tr.gettext
game = view.game()
hand = game.hand
you = game.learner
narrator = session.narrator(you)

st.title(_("Practice"))
clicks.notice(tr)
if view.TYPED in st.session_state:
    st.error(literal(_("That cannot be dealt: {problem}.").format(problem=words.position_error(st.session_state.pop(view.TYPED), tr))))
for notice in st.session_state.get(view.NOTICES, []):
    st.warning(literal(view.notice_text(notice, game, tr)))

# ----- who, where, how ------------------------------------------------------------
info, new = st.columns([4, 1])
mode = _("Coach mode: every error of yours is explained at once.") if game.settings.mode == COACH else \
    _("Table mode: the others may miss your errors, and may slip themselves; you may call “Muggins!”.")
heading = _("**Deal {code}** · Dealer: {dealer}").format(code=game.match.deal_code(game.hand_index),
                                                          dealer=literal(hand.start.players[game.dealer]))
if game.settings.hands > 1:
    heading += " · " + _("Hand {number} of {total}").format(number=game.hand_index + 1, total=game.settings.hands)
    if game.hand_index:
        heading += " " + _("(match {code})").format(code=game.code)
info.markdown(heading + " · " + _("You are **{you}**.").format(you=literal(you)) + " " + literal(mode))
view.action_button(_("New deal"), key="practice-new", action=view.ask_new_game, where=new, width="stretch")
waiting = st.session_state.get(view.CONFIRM)
if waiting:
    with st.container(border=True):
        st.warning(_("Start a new deal? The hand you are playing will be lost."))
        yes, no, _spacer = st.columns([2, 2, 3])
        view.action_button(_("Yes, deal again"), key="practice-confirm-new", action=view.confirm, where=yes,
                           type="primary", width="stretch")
        view.action_button(_("Keep playing"), key="practice-keep", action=view.keep_playing, where=no, width="stretch")

view.settings_panel(game, tr)

# ----- what just happened -----------------------------------------------------------
records = hand.records
mine = [index for index, record in enumerate(records) if record.mover == you and record.card is not None]
if st.session_state.get(view.UNDONE) == game.token:  # until the next move, say what Undo did
    st.info(literal(_("Your last card was taken back: {card} is in your hand again. Where must it go?").format(
        card=narrator.card(hand.turned.card))))
elif game.calls and (not mine or records.index(game.calls[-1].record) > mine[-1]):
    view.call_feedback(game.calls[-1], tr)
elif mine:
    view.learner_feedback(game, records[mine[-1]], tr)
others = records[mine[-1] + 1:] if mine else records
if others:
    with st.container(border=True):
        st.markdown("**" + literal(_("Since your last card:") if mine else _("Before your first turn:")) + "**")
        st.markdown("\n".join(f"- {literal(narrator.turn_line(record))}" for record in others))

# ----- the table ------------------------------------------------------------------------
if game.watching is not None:
    shown = game.watching
    render(TableView(shown.table, you=you, marked={shown.dest}, show_mover=False), tr, key="practice-watching")
    view.watching(game, tr)
elif game.correcting is not None:
    view.correcting(game, tr)
    render(TableView(hand.turned.position, turned=hand.turned.card, you=you, marked=set(game.correction_choices())),
           tr, key="practice", pick=view.decide, seen=game.token, current=view.token)
elif game.hand_over:
    view.hand_end(game, tr)
    render(TableView(hand.position, you=you, show_mover=False), tr, key="practice-final")
else:
    turned = hand.turned
    if turned.recycled:
        st.info(literal(narrator.recycled(you, turned.card)))
    st.markdown(literal(_("Your turn: click the pile where your card must go. Every common pile and every discard, your own included, can be chosen.")))
    marked = set()
    if game.settings.mode == COACH and st.toggle(_("Show where the card may go"), key=view.HINTS):
        marked = set(hand.legal().dests)
    render(TableView(turned.position, turned=turned.card, you=you, marked=marked), tr, key="practice",
           pick=view.decide, seen=game.token, current=view.token)
if game.settings.mode == COACH and any(d not in ("call", "next", "hand") for d in game.decisions) and not game.hand_over:
    view.action_button(_("Undo my last card"), key="practice-undo", action=view.undo, icon=":material/undo:")

view.hand_log(game, tr)
view.remember(game)
session.sync_url()
