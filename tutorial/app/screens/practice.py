"""Practice page: a 4-player hand, the learner in seat A against three rule-perfect players."""

import random

import streamlit as st

from tutorial import words
from tutorial.app import session
from tutorial.app.table import TableView, render
from tutorial.engine.deal import MAX_SEED, DealCode
from tutorial.engine.errors import PositionError
from tutorial.engine.position import Dest
from tutorial.practice import PRACTICE_PLAYERS, PracticeGame, encode_moves, restore

GAME = "practice_game"
NOTICE = "practice_notice"
CONFIRM = "practice_confirm_new"

tr = session.tr()
_ = tr.gettext


def new_game() -> None:
    """Callback: deal a fresh hand from a new random seed."""
    seed = random.SystemRandom().randrange(MAX_SEED)
    st.session_state[GAME] = PracticeGame(DealCode(PRACTICE_PLAYERS, seed))
    st.session_state[CONFIRM] = False


def ask_new_game() -> None:
    """Callback of “New deal”: deal at once unless a hand is under way."""
    game = st.session_state[GAME]
    if game.decisions and not game.hand.over:
        st.session_state[CONFIRM] = True
    else:
        new_game()


def keep_playing() -> None:
    st.session_state[CONFIRM] = False


def play(dest_text: str, turn: int) -> None:
    """Callback: the learner places the turned card. A click made on an earlier
    turn (a fast double click) is ignored: it was not meant for this card."""
    st.session_state[GAME].play_on_turn(Dest.parse(dest_text), turn)


def feedback(record) -> None:
    """The verdict on the learner's last placement, with the call and penalty."""
    verdict, table = record.judgement, record.judged_in
    if verdict.ok:
        st.success(_("You put {card} on {pile}.").format(card=words.card(record.card, tr), pile=words.pile(verdict.dest, table, tr, you=you))
                   + " " + words.judgement(verdict, table, tr, you))
        return
    lines = [
        words.judgement(verdict, table, tr, you),
        words.correction(record, table, tr, you),
        *words.penalty_lines(record, tr, you),
    ]
    if not table.has_cards(table.to_move):
        lines.append(words.finish_refused(record.mover, tr, you))
    st.error("\n\n".join(lines))


if GAME not in st.session_state:
    seeded_deal = session.url_seed("deal")
    if seeded_deal:
        try:
            st.session_state[GAME] = restore(seeded_deal, session.url_seed("moves"))
        except PositionError as err:
            st.session_state[NOTICE] = err
            try:  # a good deal code with moves that cannot be replayed: the same deal from the start
                st.session_state[GAME] = restore(seeded_deal, None)
            except PositionError:
                pass
    if GAME not in st.session_state:
        new_game()

game: PracticeGame = st.session_state[GAME]
hand = game.hand
you = game.learner

st.title(_("Practice"))
if NOTICE in st.session_state:
    problem = words.position_error(st.session_state.pop(NOTICE), tr)
    if game.decisions == [] and str(game.code) == (session.url_seed("deal") or "").strip():
        st.warning(_("The moves in the link could not be replayed ({problem}), so this is the same deal from the start.").format(problem=problem))
    else:
        st.warning(_("The link did not hold a game that can be restored ({problem}), so here is a fresh deal.").format(problem=problem))
info, new = st.columns([4, 1])
info.markdown(_("**Deal {code}** · Dealer: {dealer} · You are **{you}**, playing against three computer players who follow the rules and call every error.")
              .format(code=game.code, dealer=hand.start.players[game.dealer], you=you))
new.button(_("New deal"), key="practice-new", on_click=ask_new_game, width="stretch")
if st.session_state.get(CONFIRM):
    with st.container(border=True):
        st.warning(_("Start a new deal? The hand you are playing will be lost."))
        yes, no, _spacer = st.columns([2, 2, 3])
        yes.button(_("Yes, deal again"), key="practice-confirm-new", on_click=new_game, type="primary", width="stretch")
        no.button(_("Keep playing"), key="practice-keep", on_click=keep_playing, width="stretch")

records = hand.records
mine = [index for index, record in enumerate(records) if record.mover == you and record.card is not None]
since = mine[-1] + 1 if mine else 0
if mine:
    feedback(records[mine[-1]])
others = records[since:]
if others:
    with st.container(border=True):
        st.markdown("**" + (_("Since your last card:") if mine else _("Before your first turn:")) + "**")
        st.markdown("\n".join(f"- {words.turn_line(record, tr, you)}" for record in others))

if hand.over:
    result = hand.outcome
    finished_key = f"{game.code}/{len(game.decisions)}"
    if result.winner == you and st.session_state.get("practice_celebrated") != finished_key:
        st.session_state["practice_celebrated"] = finished_key  # once, not on every rerun
        st.balloons()
    box = st.success if result.winner == you else st.info
    seat = hand.position.seat(you)
    box(words.outcome(result, you, tr, cards_left=hand.position.card_count(seat)))
    render(TableView(hand.position, you=you, show_mover=False), tr, key="practice-final")
    st.button(_("Deal a new hand"), key="practice-again", on_click=new_game, type="primary")
else:
    turned = hand.turned
    if turned.recycled:
        st.info(words.recycled(you, turned.card, tr, you))
    st.markdown(_("Your turn: click the pile where your card must go. Every common pile and every discard, your own included, can be chosen."))
    render(TableView(turned.position, turned=turned.card, you=you), tr, key="practice", pick=play, pick_args=(hand.turns,))

with st.expander(_("Hand log")):
    if records:
        st.markdown("\n".join(f"{number}. {words.turn_line(record, tr, you)}" for number, record in enumerate(records, start=1)))
    else:
        st.caption(_("No turns played yet."))

session.remember(deal=str(game.code), moves=encode_moves(game.decisions))
session.sync_url()
