"""Practice page: a 4-player hand, the learner in seat A against three rule-perfect players."""

import random

import streamlit as st

from tutorial import words
from tutorial.app import session
from tutorial.app.table import TableView, render
from tutorial.engine.deal import COUNTS, MAX_SEED, SEAT_NAMES, DealCode
from tutorial.engine.errors import PositionError
from tutorial.engine.position import Dest
from tutorial.practice import PRACTICE_PLAYERS, PracticeGame, encode_moves, restore

GAME = "practice_game"
NOTICE = "practice_notice"
CONFIRM = "practice_confirm_new"
HINTS = "practice_hints"

tr = session.tr()
_ = tr.gettext


def new_game() -> None:
    """Callback: deal a fresh hand from a new random seed, same table size and seat."""
    current = st.session_state.get(GAME)
    players = current.code.players if current else PRACTICE_PLAYERS
    seat = current.learner_seat if current else 0
    seed = random.SystemRandom().randrange(MAX_SEED)
    st.session_state[GAME] = PracticeGame(DealCode(players, seed), seat)
    st.session_state[CONFIRM] = False


def deal_from_settings() -> None:
    """Callback of the settings' Deal button: the chosen table size and seat, and
    the deal code if one was typed (a teacher can give a whole class the same deal)."""
    players = st.session_state.get("practice_players") or PRACTICE_PLAYERS
    typed = (st.session_state.get("practice_code_input") or "").strip()
    try:
        code = DealCode.parse(typed) if typed else DealCode(players, random.SystemRandom().randrange(MAX_SEED))
    except PositionError as err:
        st.session_state[NOTICE] = err
        return
    seat = SEAT_NAMES.index(st.session_state.get(f"practice_seat_{code.players}") or "A")
    st.session_state[GAME] = PracticeGame(code, min(seat, code.players - 1))
    st.session_state[CONFIRM] = False


def undo() -> None:
    """Callback: take back the learner's last placement (the others' turns after it too)."""
    game = st.session_state[GAME]
    if game.decisions:
        st.session_state[GAME] = game.undone()


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
            st.session_state[GAME] = restore(seeded_deal, session.url_seed("moves"), session.url_seed("seat"))
        except PositionError as err:
            st.session_state[NOTICE] = err
            try:  # a good deal code with moves that cannot be replayed: the same deal from the start
                st.session_state[GAME] = restore(seeded_deal, None, session.url_seed("seat"))
            except PositionError:
                pass
    if GAME not in st.session_state:
        new_game()

game: PracticeGame = st.session_state[GAME]
hand = game.hand
you = game.learner

st.title(_("Practice"))
if NOTICE in st.session_state and st.session_state[NOTICE].code == "bad-deal-code" and not session.url_seed("deal"):
    st.error(words.position_error(st.session_state.pop(NOTICE), tr))  # a code typed in the settings
elif NOTICE in st.session_state:
    problem = words.position_error(st.session_state.pop(NOTICE), tr)
    if game.decisions == [] and str(game.code) == (session.url_seed("deal") or "").strip():
        st.warning(_("The moves in the link could not be replayed ({problem}), so this is the same deal from the start.").format(problem=problem))
    else:
        st.warning(_("The link did not hold a game that can be restored ({problem}), so here is a fresh deal.").format(problem=problem))
info, new = st.columns([4, 1])
others_count = game.code.players - 1
info.markdown(_("**Deal {code}** · Dealer: {dealer}").format(code=game.code, dealer=hand.start.players[game.dealer]) + " · "
              + tr.ngettext("You are **{you}**, playing against {count} computer player who follows the rules and calls every error.",
                            "You are **{you}**, playing against {count} computer players who follow the rules and call every error.",
                            others_count).format(you=you, count=others_count))
new.button(_("New deal"), key="practice-new", on_click=ask_new_game, width="stretch")
with st.expander(_("Table and deal")):
    chosen = st.segmented_control(_("Number of players"), options=sorted(COUNTS), key="practice_players",
                                  default=game.code.players) or game.code.players
    st.segmented_control(_("Your seat"), options=list(SEAT_NAMES[:chosen]), key=f"practice_seat_{chosen}",
                         default=SEAT_NAMES[min(game.learner_seat, chosen - 1)])
    st.text_input(_("Deal code (optional)"), key="practice_code_input", placeholder="4-12345",
                  help=_("Type a code such as 4-12345 to deal exactly that hand: everybody who types it gets the same cards."))
    st.button(_("Deal"), key="practice-deal", on_click=deal_from_settings, type="primary")
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
    hints = st.toggle(_("Show where the card may go"), key=HINTS)
    marked = set(hand.legal().dests) if hints else set()
    render(TableView(turned.position, turned=turned.card, you=you, marked=marked), tr, key="practice", pick=play,
           pick_args=(hand.turns,))
if game.decisions:
    st.button(_("Undo my last card"), key="practice-undo", on_click=undo, icon=":material/undo:")

with st.expander(_("Hand log")):
    if records:
        st.markdown("\n".join(f"{number}. {words.turn_line(record, tr, you)}" for number, record in enumerate(records, start=1)))
    else:
        st.caption(_("No turns played yet."))

session.remember(deal=str(game.code), moves=encode_moves(game.decisions),
                 seat=SEAT_NAMES[game.learner_seat] if game.learner_seat else None)
session.sync_url()
