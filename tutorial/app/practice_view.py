"""The Practice page's parts: the game in the session, its callbacks, and how
verdicts, calls, hand ends and summaries are shown. State lives in
``st.session_state`` only; the rules are in :mod:`tutorial.practice`."""

from __future__ import annotations

import random

import streamlit as st

from .. import words
from ..engine.deal import MAX_SEED, SEAT_NAMES, DealCode
from ..engine.errors import PositionError
from ..engine.position import Dest
from ..practice import COACH, PRACTICE_PLAYERS, TABLE, PracticeGame, Settings, encode_moves, restore
from . import lesson_view, session

GAME = "practice_game"
NOTICE = "practice_notice"  # a problem with the page address
TYPED = "practice_typed_problem"  # a problem with the settings typed in the panel
CONFIRM = "practice_confirm_new"
HINTS = "practice_hints"

LESSON_FOR_ERROR = {
    "not-adjacent": "cards-and-fitting",
    "empty-discard": "nearest-opponent",
    "common-first": "common-piles-first",
    "nearest-opponent": "nearest-opponent",
    "missed-destination": "own-discard",
}
"""The lesson that teaches each error, for the end-of-hand summary."""


def game() -> PracticeGame:
    """This session's game: restored from the address once, else a fresh deal."""
    state = st.session_state
    if GAME not in state:
        seeded = session.url_seed("deal")
        if seeded:
            seat, settings = session.url_seed("seat"), session.url_seed("game")
            try:
                state[GAME] = restore(seeded, session.url_seed("moves"), seat, settings)
            except PositionError as err:
                state[NOTICE] = err
                try:  # a good deal with moves that cannot be replayed: the same deal from the start
                    state[GAME] = restore(seeded, None, seat, settings)
                except PositionError:
                    pass
        if GAME not in state:
            state[GAME] = PracticeGame(DealCode(PRACTICE_PLAYERS, random.SystemRandom().randrange(MAX_SEED)))
    return state[GAME]


def remember(current: PracticeGame) -> None:
    """Put the game in the page address (deal, seat, settings, decisions)."""
    session.remember(
        deal=str(current.code),
        moves=encode_moves(current.decisions),
        seat=SEAT_NAMES[current.learner_seat] if current.learner_seat else None,
        game=None if current.settings == Settings() else current.settings.to_text(),
    )


# ----- callbacks -------------------------------------------------------------
def new_game() -> None:
    """Deal a fresh game from a new random seed: same table, seat and settings."""
    current = game()
    seed = random.SystemRandom().randrange(MAX_SEED)
    st.session_state[GAME] = PracticeGame(DealCode(current.code.players, seed), current.learner_seat,
                                          settings=current.settings)
    st.session_state[CONFIRM] = False


def ask_new_game() -> None:
    """“New deal”: deal at once unless a hand is under way, else ask first."""
    current = game()
    if current.decisions and not current.match_over:
        st.session_state[CONFIRM] = True
    else:
        new_game()


def keep_playing() -> None:
    st.session_state[CONFIRM] = False


def deal_from_settings() -> None:
    """The settings' Deal button: table size, seat, mode and match, and the deal
    code if one was typed (a teacher can give a whole class the same deal)."""
    state = st.session_state
    players = state.get("practice_players") or PRACTICE_PLAYERS
    typed = (state.get("practice_code_input") or "").strip()
    state.pop(NOTICE, None)
    try:
        code = DealCode.parse(typed) if typed else DealCode(players, random.SystemRandom().randrange(MAX_SEED))
        mode = state.get("practice_mode") or COACH
        settings = Settings(
            mode=mode,
            penalise=bool(state.get("practice_penalise", True)),
            alertness=int(state.get("practice_alertness", 100)) if mode == TABLE else 100,
            slips=int(state.get("practice_slips", 0)) if mode == TABLE else 0,
            hands=int(state.get("practice_hands", 1)),
            turn_limit=int(state.get("practice_turn_limit", 1000)),
        )
    except PositionError as err:
        state[TYPED] = err
        return
    state.pop(TYPED, None)
    seat = SEAT_NAMES.index(state.get(f"practice_seat_{code.players}") or "A")
    state[GAME] = PracticeGame(code, min(seat, code.players - 1), settings=settings)
    state[CONFIRM] = False


def play(dest_text: str, turn: int) -> None:
    """The learner places the turned card (a click made on an earlier turn is ignored)."""
    game().play_on_turn(Dest.parse(dest_text), turn)


def call() -> None:
    """The learner calls “Muggins!” on the placement being shown."""
    current = game()
    if current.watching is not None and current.hand.can_call():
        current.call()


def go_on() -> None:
    """The learner lets play go on."""
    current = game()
    if current.watching is not None:
        current.go_on()


def next_hand() -> None:
    current = game()
    if current.hand_over and not current.match_over:
        current.next_hand()


def undo() -> None:
    """Take back the learner's last placement (Coach mode)."""
    try:
        st.session_state[GAME] = game().undone()
    except PositionError:
        pass


# ----- what the learner sees ----------------------------------------------------
def learner_feedback(current: PracticeGame, record, tr) -> None:
    """The verdict on the learner's last placement, with any call and penalty."""
    _ = tr.gettext
    you = current.learner
    verdict, table = record.judgement, record.judged_in
    if verdict.ok:
        st.success(_("You put {card} on {pile}.").format(card=words.card(record.card, tr), pile=words.pile(verdict.dest, table, tr, you=you))
                   + " " + words.judgement(verdict, table, tr, you))
        return
    if not record.called:
        st.warning(_("Nobody called it, so your error stands and the card stays there ({section}). But it was an error:").format(
            section=words.section("§muggins", tr)) + "\n\n" + words.judgement(verdict, table, tr, you))
        return
    lines = [words.judgement(verdict, table, tr, you), words.correction(record, table, tr, you)]
    if record.penalty or current.settings.penalise or current.settings.mode == TABLE:
        lines += words.penalty_lines(record, tr, you)
    else:
        lines.append(_("Penalty cards are switched off in this game."))
    if not table.has_cards(table.to_move):
        lines.append(words.finish_refused(record.mover, tr, you))
    st.error("\n\n".join(lines))


def call_feedback(entry, tr) -> None:
    """What came of the learner's last call."""
    _ = tr.gettext
    shown = entry.record
    if entry.supported:
        result = entry.result
        you = st.session_state[GAME].learner
        lines = [_("Right to call."), words.judgement(shown.judgement, shown.judged_in, tr, you),
                 words.correction(result, shown.judged_in, tr, you), *words.penalty_lines(result, tr, you)]
        st.success("\n\n".join(lines))
    else:
        st.info(_("That placement was correct, so your call was unsupported: nothing happens, and it costs you nothing ({section}).").format(
            section=words.section("§muggins", tr)))


def watching(current: PracticeGame, tr) -> None:
    """A placement being shown in Table mode: call it, or let play go on."""
    _ = tr.gettext
    shown = current.watching
    with st.container(border=True, key="practice-watch"):
        st.markdown(_("{player} turned up {card} and put it on {pile}.").format(
            player=shown.mover, card=words.card(shown.card, tr),
            pile=words.pile(shown.judgement.dest, shown.judged_in, tr, you=current.learner)))
        if shown.called:
            st.caption(words.turn_line(shown, tr, current.learner))
        if shown.finished:
            st.caption(_("That was their last card: the finish is confirmed only if nobody calls “Muggins!” now."))
        left, right, _spacer = st.columns([2, 2, 3])
        if current.hand.can_call():
            left.button(_("Call “Muggins!”"), key="practice-call", on_click=call, width="stretch")  # no hint in the styling
        right.button(_("Next ▶"), key="practice-next", on_click=go_on, width="stretch")


def hand_end(current: PracticeGame, tr) -> None:
    """The end of a hand: the result, the match score, and a summary of the learner's play."""
    _ = tr.gettext
    you = current.learner
    result = current.hand.outcome
    seat = current.hand.position.seat(you)
    finished_key = f"{current.code}/{len(current.decisions)}"
    if result.winner == you and st.session_state.get("practice_celebrated") != finished_key:
        st.session_state["practice_celebrated"] = finished_key  # once, not on every rerun
        st.balloons()
    last = current.hand.records[-1] if current.hand.records else None
    stood = bool(last and last.finished and last.judgement is not None and not last.judgement.ok)
    (st.success if result.winner == you else st.info)(
        words.outcome(result, you, tr, cards_left=current.hand.position.card_count(seat), stood=stood))
    summary(current, tr)
    if current.settings.hands > 1:
        scoreboard(current, tr)
    if not current.match_over:
        st.button(_("Deal the next hand"), key="practice-next-hand", on_click=next_hand, type="primary")


def summary(current: PracticeGame, tr) -> None:
    """Errors by kind with their rule and lesson, and calls made and missed."""
    _ = tr.gettext
    with st.container(border=True, key="practice-summary"):
        st.markdown("**" + _("Your hand in review") + "**")
        errors = current.errors_by_kind()
        if not errors:
            st.markdown(_("You made no errors in this hand."))
        lessons = {lesson.id: lesson for lesson in lesson_view.course()[0]}
        for error, count in sorted(errors.items()):
            st.markdown(tr.ngettext("{title}: {count} time ({section}).", "{title}: {count} times ({section}).", count).format(
                title=words.error_title(error, tr), count=count, section=words.section("§priority", tr)))
            lesson = lessons.get(LESSON_FOR_ERROR[error])
            if lesson is not None and st.button(_("Lesson: {title}").format(title=_(lesson.title)),
                                                key=f"practice-lesson-{error}", icon=":material/school:"):
                lesson_view.open_lesson(lesson.id)
                st.switch_page("screens/lessons.py")
        if current.settings.mode == TABLE:
            made = current.calls
            right = sum(entry.supported for entry in made)
            st.markdown(_("Your calls — right: {right}; unsupported: {wrong}.").format(right=right, wrong=len(made) - right))
            st.markdown(tr.ngettext("Errors by others that nobody called: {count}.",
                                    "Errors by others that nobody called: {count}.", len(current.missed_calls()))
                        .format(count=len(current.missed_calls())))


def scoreboard(current: PracticeGame, tr) -> None:
    """Hands won so far, drawn hands, and the match result when it is over (§match)."""
    _ = tr.gettext
    scores = current.scores()
    drawn = sum(1 for outcome in current.outcomes if outcome.winner is None)
    st.markdown("**" + _("Match: hand {number} of {total}").format(number=len(current.outcomes), total=current.settings.hands) + "**")
    st.markdown(" · ".join(f"{name}: {wins}" for name, wins in scores.items())
                + " · " + tr.ngettext("{count} drawn hand", "{count} drawn hands", drawn).format(count=drawn))
    if current.match_over:
        winners = current.winners()
        if winners == [current.learner]:
            st.success(_("You win the match ({section}).").format(section=words.section("§match", tr)))
        elif len(winners) == 1:
            st.success(_("{player} wins the match ({section}).").format(player=winners[0], section=words.section("§match", tr)))
        else:
            st.success(_("{players} share the match ({section}).").format(
                players=words.names_list(winners, tr), section=words.section("§match", tr)))


def log_text(current: PracticeGame, tr) -> str:
    """The hand log as plain text, for downloading."""
    you = current.learner
    lines = [f"Muggins Tutor · {current.match.deal_code(current.hand_index)} · {current.settings.to_text()}"]
    lines += [f"{number}. {words.turn_line(record, tr, you)}" for number, record in enumerate(current.hand.records, start=1)]
    return "\n".join(lines) + "\n"
