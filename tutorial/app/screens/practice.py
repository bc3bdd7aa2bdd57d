"""Practice page: a hand or a match against computer players, in Coach or Table mode."""

import streamlit as st

from tutorial import words
from tutorial.app import practice_view as view
from tutorial.app import session
from tutorial.app.table import TableView, render
from tutorial.engine.deal import COUNTS, SEAT_NAMES
from tutorial.practice import COACH, TABLE

tr = session.tr()
_ = tr.gettext
game = view.game()
hand = game.hand
you = game.learner

st.title(_("Practice"))
if view.TYPED in st.session_state:
    st.error(_("That cannot be dealt: {problem}.").format(problem=words.position_error(st.session_state.pop(view.TYPED), tr)))
if view.NOTICE in st.session_state:
    problem = words.position_error(st.session_state.pop(view.NOTICE), tr)
    if game.decisions == [] and str(game.code) == (session.url_seed("deal") or "").strip():
        st.warning(_("The moves in the link could not be replayed ({problem}), so this is the same deal from the start.").format(problem=problem))
    else:
        st.warning(_("The link did not hold a game that can be restored ({problem}), so here is a fresh deal.").format(problem=problem))

# ----- who, where, how ------------------------------------------------------------
info, new = st.columns([4, 1])
mode = _("Coach mode: every error of yours is explained at once.") if game.settings.mode == COACH else \
    _("Table mode: the others may miss your errors, and may slip themselves; you may call “Muggins!”.")
heading = _("**Deal {code}** · Dealer: {dealer}").format(code=game.match.deal_code(game.hand_index),
                                                          dealer=hand.start.players[game.dealer])
if game.settings.hands > 1:
    heading += " · " + _("Hand {number} of {total}").format(number=game.hand_index + 1, total=game.settings.hands)
    if game.hand_index:
        heading += " " + _("(match {code})").format(code=game.code)
info.markdown(heading + " · " + _("You are **{you}**.").format(you=you) + " " + mode)
new.button(_("New deal"), key="practice-new", on_click=view.ask_new_game, width="stretch")
if st.session_state.get(view.CONFIRM):
    with st.container(border=True):
        st.warning(_("Start a new deal? The hand you are playing will be lost."))
        yes, no, _spacer = st.columns([2, 2, 3])
        yes.button(_("Yes, deal again"), key="practice-confirm-new", on_click=view.new_game, type="primary", width="stretch")
        no.button(_("Keep playing"), key="practice-keep", on_click=view.keep_playing, width="stretch")

with st.expander(_("Table and deal")):
    chosen = st.segmented_control(_("Number of players"), options=sorted(COUNTS), key="practice_players",
                                  default=game.code.players) or game.code.players
    st.segmented_control(_("Your seat"), options=list(SEAT_NAMES[:chosen]), key=f"practice_seat_{chosen}",
                         default=SEAT_NAMES[min(game.learner_seat, chosen - 1)])
    chosen_mode = st.radio(_("Mode"), options=[COACH, TABLE], key="practice_mode", horizontal=True,
                           index=[COACH, TABLE].index(game.settings.mode),
                           format_func={COACH: _("Coach"), TABLE: _("Table")}.get)
    if chosen_mode == COACH:
        st.toggle(_("Penalty cards for my errors"), key="practice_penalise", value=game.settings.penalise)
    else:
        st.slider(_("How often the others call your errors (%)"), 0, 100, key="practice_alertness",
                  value=game.settings.alertness, step=10)
        st.slider(_("How often the others misplace a card (%)"), 0, 100, key="practice_slips",
                  value=game.settings.slips, step=5)
    st.number_input(_("Hands in the match"), min_value=1, max_value=20, key="practice_hands", value=game.settings.hands)
    st.number_input(_("Agreed turn limit per hand (R7)"), min_value=50, max_value=100_000, step=50,
                    key="practice_turn_limit", value=game.settings.turn_limit)
    st.text_input(_("Deal code (optional)"), key="practice_code_input", placeholder="4-12345",
                  help=_("Type a code such as 4-12345 to deal exactly that hand: everybody who types it gets the same cards."))
    st.button(_("Deal"), key="practice-deal", on_click=view.deal_from_settings, type="primary")
    st.caption(_("Changes take effect when you press Deal."))

# ----- what just happened -----------------------------------------------------------
records = hand.records
mine = [index for index, record in enumerate(records) if record.mover == you and record.card is not None]
if game.calls and (not mine or records.index(game.calls[-1].result or game.calls[-1].record) > mine[-1]):
    view.call_feedback(game.calls[-1], tr)
elif mine:
    view.learner_feedback(game, records[mine[-1]], tr)
others = records[mine[-1] + 1:] if mine else records
if game.watching is not None:
    others = others[:-1]  # the placement being shown is drawn below
if others:
    with st.container(border=True):
        st.markdown("**" + (_("Since your last card:") if mine else _("Before your first turn:")) + "**")
        st.markdown("\n".join(f"- {words.turn_line(record, tr, you)}" for record in others))

# ----- the table ------------------------------------------------------------------------
if game.watching is not None:
    shown = game.watching
    render(TableView(shown.after, you=you, marked={shown.placed}, show_mover=False), tr, key="practice-watching")
    view.watching(game, tr)
elif game.hand_over:
    view.hand_end(game, tr)
    render(TableView(hand.position, you=you, show_mover=False), tr, key="practice-final")
else:
    turned = hand.turned
    if turned.recycled:
        st.info(words.recycled(you, turned.card, tr, you))
    st.markdown(_("Your turn: click the pile where your card must go. Every common pile and every discard, your own included, can be chosen."))
    marked = set()
    if game.settings.mode == COACH and st.toggle(_("Show where the card may go"), key=view.HINTS):
        marked = set(hand.legal().dests)
    render(TableView(turned.position, turned=turned.card, you=you, marked=marked), tr, key="practice", pick=view.play,
           pick_args=(hand.turns,))
if game.settings.mode == COACH and any(d not in ("call", "next", "hand") for d in game.decisions) and not game.hand_over:
    st.button(_("Undo my last card"), key="practice-undo", on_click=view.undo, icon=":material/undo:")

with st.expander(_("Hand log")):
    if records:
        st.markdown("\n".join(f"{number}. {words.turn_line(record, tr, you)}" for number, record in enumerate(records, start=1)))
        st.download_button(_("Download the hand log"), data=view.log_text(game, tr), file_name=f"muggins-{game.match.deal_code(game.hand_index)}.txt",
                           mime="text/plain", key="practice-log-download")
    else:
        st.caption(_("No turns played yet."))

view.remember(game)
session.sync_url()
