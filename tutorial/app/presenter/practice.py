"""A practice hand replayed on a projector (presenter mode, issue 12): the hand in play
(from its link: deal, seat, settings and decisions) turn by turn from its record. Each
turn is first a question — the turned card on the table, "where must it go?" — and then,
shown on request, where it went, whether that was right and why, with the call and the
penalty if any. → (Page Down) next turn, ← (Page Up) back, space show or hide the answer:
counted in the browser (:func:`tutorial.app.presenter.mode.keys`), so every press counts."""

from __future__ import annotations

import streamlit as st

from tutorial.app.presenter import mode as presenter
from tutorial.app.shell import session, share
from tutorial.app.shell.markup import literal, paragraphs
from tutorial.app.shell.table import TableView, render, stage
from tutorial.draw.scene import arrows_for
from tutorial.practice import PracticeGame

TURN = "_present_turn"
"""Session state: ``{(deal code, hand index): (turn shown, answer shown)}`` (turn 0: the deal)."""


def place(game: PracticeGame) -> tuple[int, bool]:
    """The turn shown (0 = the hand as dealt) and whether its answer is shown."""
    turn, shown = st.session_state.get(TURN, {}).get((str(game.code), game.hand_index), (0, False))
    return max(0, min(turn, len(game.hand.records))), shown


def _set(game_key: tuple[str, int], turn: int, shown: bool) -> None:
    st.session_state.setdefault(TURN, {})[game_key] = (turn, shown)


def move_by(delta: int) -> None:
    """Callback: one turn on (answer hidden) or back (answer shown) from the turn shown *now*,
    so quick presses of → each count."""
    game = session_game()
    turn, _shown = place(game)
    new = max(0, min(turn + delta, len(game.hand.records)))
    _set((str(game.code), game.hand_index), new, delta < 0 and new > 0)


def flip() -> None:
    """Callback: show or hide the answer of the turn shown now."""
    game = session_game()
    turn, shown = place(game)
    if turn and game.hand.records[turn - 1].card is not None:
        _set((str(game.code), game.hand_index), turn, not shown)


def show(game: PracticeGame) -> None:
    """The whole presenter page of a practice hand."""
    tr = session.tr()
    _ = tr.gettext
    n = session.narrator(game.learner)
    presenter.frame()
    presenter.keys({presenter.FORWARD: lambda: move_by(1), presenter.BACKWARD: lambda: move_by(-1),
                    presenter.STEP_ON: lambda: move_by(1), presenter.STEP_BACK: lambda: move_by(-1),
                    presenter.ANSWER: flip})
    records = game.hand.records
    last = len(records)
    turn, shown = place(game)
    dealer = game.hand.start.players[game.dealer]
    top = st.container(horizontal=True, key="present-top", vertical_alignment="center")
    heading = _("Deal {code}").format(code=game.match.deal_code(game.hand_index)) + " · " + (
        _("Turn {turn} of {last}").format(turn=turn, last=last) if turn else _("The deal"))
    top.markdown("**" + literal(heading) + "**")
    share.share_deal(game, top, qr_width=380, width="content")
    presenter.zoom_button(tr, top)
    presenter.leave_button(tr, top)
    board, panel = stage("present")
    with panel:
        panel = st.container(key="present-panel")
    record = records[turn - 1] if turn else None
    with board:
        if record is None:
            render(TableView(game.hand.start, you=game.learner, dealer=dealer), tr, key="present-deal")
        elif shown or record.judged_in is None:
            render(TableView(record.after, you=game.learner, marked={record.placed} if record.placed else set(),
                             show_mover=False, dealer=dealer, arrows=arrows_for(record.events)), tr, key="present-after")
        else:
            render(TableView(record.judged_in, turned=record.card, you=game.learner, dealer=dealer), tr,
                   key="present-before")
    with panel:
        if record is None:
            st.subheader(_("The deal"))
            start = game.hand.start
            lines = [_("Dealer: {dealer}").format(dealer=dealer) + ".",
                     *n.table_lines(start, mover=start.mover)[:2]]
            if not last:
                lines.append(_("No turn has been played in this hand yet: play it on the Practice page, then "
                               "present it here turn by turn."))
            st.markdown(paragraphs(*lines))
        else:
            st.subheader(_("Turn {turn} of {last}").format(turn=turn, last=last))
            if record.card is None or record.judged_in is None:
                st.markdown(literal(n.turn_line(record)))
            elif not shown:
                question = (_("You turn up {card}. Where must it go?") if n.is_you(record.mover)
                            else _("{player} turns up {card}. Where must it go?"))
                st.markdown("**" + literal(question.format(card=n.card(record.card), player=record.mover)) + "**")
            else:
                verdict = record.judgement
                text = paragraphs(n.turn_line(record), n.judgement(verdict, record.judged_in)) if verdict else \
                    literal(n.turn_line(record))
                (st.success if verdict is None or verdict.ok else st.error)(text)
            if turn == last and game.hand.outcome is not None and (shown or record.card is None):
                st.info(literal(n.outcome(game.hand.outcome)))
        row = st.container(horizontal=True, key="present-controls")  # stable keys, relative actions
        row.button(_("Back"), key="present-back", on_click=move_by, args=(-1,), icon=":material/chevron_left:",
                   disabled=turn == 0, width="stretch", help=_("Previous turn (←)"))
        if record is not None and record.card is not None:
            row.button(_("Hide the answer") if shown else _("Show the answer"), key="present-answer",
                       on_click=flip, icon=":material/visibility_off:" if shown else ":material/visibility:",
                       width="stretch", help=_("Show or hide the answer (space)"))
        row.button(_("Next"), key="present-next", on_click=move_by, args=(1,), icon=":material/chevron_right:",
                   disabled=turn >= last, type="primary", width="stretch",
                   help=_("Next turn, answer hidden (→)"))
        if last and not game.hand_over and turn == last:
            st.caption(_("The hand is still being played: the replay ends at the last turn played so far. Play on "
                         "in Practice to add turns."))


def session_game() -> PracticeGame:
    """The practice game in play (imported late: the practice view needs the page's state)."""
    from tutorial.app.practice import view as practice_view

    return practice_view.game()
