"""A practice hand replayed on a projector (presenter mode, issue 12): the hand in play
(from its link: deal, seat, settings and decisions) turn by turn from its record. Each
turn is first a question — the turned card on the table, "where must it go?" — and then,
shown on request, where it went, whether that was right and why, with the call and the
penalty if any. → (Page Down) next turn, ← (Page Up) back, space show or hide the answer:
counted in the browser (:func:`tutorial.app.presenter.mode.keys`), so every press counts.
What is shown and what each control does: :class:`tutorial.app.presenter.model.PracticeReplay`."""

from __future__ import annotations

import streamlit as st

from tutorial.app.presenter import mode as presenter
from tutorial.app.presenter.model import ANSWER, BACKWARD, FORWARD, STEP_BACK, STEP_ON, PracticeReplay
from tutorial.app.shell import session, share
from tutorial.app.shell.markup import literal, paragraphs
from tutorial.app.shell.table import render, stage
from tutorial.practice import PracticeGame


def replay(game: PracticeGame | None = None) -> PracticeReplay:
    """The replay of ``game`` (default: the practice game in play) for this learner."""
    played = game if game is not None else session_game()
    return PracticeReplay(played, presenter.state(), session.narrator(played.learner))


def move_by(delta: int) -> None:
    """Callback: one turn on (answer hidden) or back (answer shown) from the turn shown *now*,
    so quick presses of → each count."""
    replay().move_by(delta)


def flip() -> None:
    """Callback: show or hide the answer of the turn shown now."""
    replay().flip()


def show(game: PracticeGame) -> None:
    """The whole presenter page of a practice hand."""
    tr = session.tr()
    _ = tr.gettext
    presenter.frame(_("Practice"))
    presenter.keys({FORWARD: lambda: move_by(1), BACKWARD: lambda: move_by(-1),
                    STEP_ON: lambda: move_by(1), STEP_BACK: lambda: move_by(-1), ANSWER: flip})
    here = replay(game)
    top = st.container(horizontal=True, key="present-top", vertical_alignment="center")
    top.markdown("**" + literal(here.heading()) + "**")
    share.share_deal(game, top, qr_width=380, width="content")
    presenter.zoom_button(tr, top)
    presenter.leave_button(tr, top)
    board, panel = stage("present")
    with panel:
        panel = st.container(key="present-panel")
    with board:
        drawn = here.board()
        render(drawn.view, tr, key=drawn.key)
    words = here.panel()
    with panel:
        st.header(words.heading, anchor=False)
        if words.lines:
            st.markdown(paragraphs(*words.lines))
        if words.question:
            st.markdown("**" + literal(words.question) + "**")
        if words.answer:
            (st.success if words.right else st.error)(paragraphs(*words.answer))
        if words.outcome:
            st.info(literal(words.outcome))
        row = st.container(horizontal=True, key="present-controls")  # stable keys, relative actions
        row.button(_("Back"), key="present-back", on_click=move_by, args=(-1,), icon=":material/chevron_left:",
                   disabled=not here.can_back(), width="stretch", help=_("Previous turn (←)"))
        if here.can_flip():
            row.button(here.answer_label(), key="present-answer", on_click=flip,
                       icon=":material/visibility_off:" if here.place()[1] else ":material/visibility:",
                       width="stretch", help=_("Show or hide the answer (space)"))
        row.button(_("Next"), key="present-next", on_click=move_by, args=(1,), icon=":material/chevron_right:",
                   disabled=not here.can_forward(), type="primary", width="stretch",
                   help=_("Next turn, answer hidden (→)"))
        if words.note:
            st.caption(words.note)


def session_game() -> PracticeGame:
    """The practice game in play (imported late: the practice view needs the page's state)."""
    from tutorial.app.practice import view as practice_view

    return practice_view.game()
