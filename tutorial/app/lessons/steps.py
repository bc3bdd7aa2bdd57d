"""Lesson steps on screen: one function per step kind (see :data:`SCREENS`). Answers
are kept by :mod:`tutorial.app.lessons.state`; sentences come from the narrator, told
to the step's learner seat (``step.you``); every text goes through gettext."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import streamlit as st

from tutorial.app.lessons import state as lesson_view
from tutorial.app.lessons.state import answer
from tutorial.app.presenter import mode as presenter
from tutorial.app.shell import clicks, document, focus, session, takeaway
from tutorial.app.shell.markup import literal, paragraphs
from tutorial.app.shell.table import WHOLE_TABLE, TableView, card_md, render, request_scroll
from tutorial.app.shell.table import stage as two_columns
from tutorial.app.shell.table_component import anchor
from tutorial.draw.scene import PLACED, RIGHT, WRONG, Arrow, arrows_for
from tutorial.engine import events as ev
from tutorial.engine.cards import Card
from tutorial.engine.deal import COUNTS, DealCode, deal
from tutorial.engine.events import Placed
from tutorial.engine.position import Dest
from tutorial.engine.rules import judge, place
from tutorial.lessons import Lesson, Step
from tutorial.lessons.steps import PASS

TABLED = {"place", "muggins", "next-card", "call", "deal"}
"""Step kinds drawn with a table (an ``explain`` step has one when it has a position)."""
ANSWERS = "_lesson_answers"
"""Answers given so far this session: a new one brings its verdict into view."""


@dataclass
class Stage:
    """Where a step draws: the table on the ``board``, everything else (the question, the
    verdict, the controls) on the ``panel`` beside it (below it on a phone)."""

    board: Any
    panel: Any
    after: Any = None
    """Below the lesson's Back and Next: what may be read after going on is possible."""
    view: TableView | None = None
    """The table drawn last (for *Save picture*)."""
    more: Any = None
    """Between the verdict and the lesson's Next: what happened, at length (a call's correction
    and penalty). Stacked on a phone it stays there, so it is read before going on; beside
    the table it is drawn under Next (:data:`MORE_STYLE`), so the verdict and the way on
    stay on one screen."""

    def table(self, view: TableView, tr, **options) -> None:
        """Draw ``view`` on the board (options as for :func:`tutorial.app.shell.table.render`)."""
        self.view = view
        with self.board:
            render(view, tr, **options)


MORE_STYLE = (
    "<style>@media (min-width: 641px) {"  # Streamlit stacks the columns below 640 px
    "[data-testid='stColumn'] [data-testid='stLayoutWrapper']:has(> .st-key-lesson-controls) {order: 1;}"
    "[data-testid='stColumn'] [data-testid='stLayoutWrapper']:has(> .st-key-lesson-more) {order: 2;}"
    "[data-testid='stColumn'] [data-testid='stLayoutWrapper']:has(> .st-key-lesson-controls)"
    " ~ :not(:has(> .st-key-lesson-more)) {order: 3;}"
    "}</style>"
)


def show_step(lesson: Lesson, step: Step, *, presenting: bool = False) -> tuple[bool, Any]:
    """Draw one step; returns whether the learner may go on, and the container for the
    lesson's Back and Next (in the panel beside the table, right after the step's own
    controls). ``presenting``: for a projector (:mod:`tutorial.app.presenter.mode`): the step's
    title and text go beside the table, so the table can take the screen's whole height."""
    tr = session.tr()
    _ = tr.gettext
    if not presenting:
        st.header(_(step.title), anchor=False)
        st.markdown(_(step.text))
    if step.kind in TABLED or step.position is not None:
        board, panel = two_columns("present" if presenting else "lesson")
    else:
        board = panel = st.container()
    if presenting:
        with panel:
            panel = st.container(key="present-panel")
        with panel:
            st.subheader(_(step.title), anchor=False)
            st.markdown(_(step.text))
    with panel:  # the step's question and verdict, what happened at length, the lesson's Back and Next, the rest
        body = st.container()
        more = st.container(key="lesson-more")
        controls = st.container(key="present-controls-box") if presenting else st.container(key="lesson-controls")
        after = st.container()
    if not presenting:
        st.html(MORE_STYLE)
    stage = Stage(board, panel, after, more=more)
    with body:
        may_go_on = SCREENS.get(step.kind, _explain)(lesson, step, tr, stage)
    if stage.view is not None and not presenting:  # a projector has no use for downloads
        with after:
            _save_buttons(lesson, step, stage.view, tr)
    return may_go_on, controls


def _save_buttons(lesson: Lesson, step: Step, view: TableView, tr) -> None:
    """*Save picture* (the table as shown, with the lesson, the step and, for a turned card,
    what the rule says) and *Save position* (the step's position before any turn-up)."""
    heading = f"{tr.gettext(lesson.title)} · {tr.gettext(step.title)}"
    takeaway.save_buttons(view, step.position if step.position is not None else view.position, tr,
                 key=f"{lesson.id}-{step.id}", caption=takeaway.caption(heading, view, narrator(step)), name=f"muggins-{lesson.id}-{step.id}")


def shown_to_all() -> bool:
    """The answer on the screen is shown to everyone (presenter mode, a class room's reveal),
    not the reader's own: it is told without "Right." and "your answer"."""
    return presenter.active() or bool(st.session_state.get(lesson_view.STORE_OVERRIDE))


def narrator(step: Step):
    """The narrator for this step: the learner's language, told to the learner's seat."""
    return session.narrator(step.you)


def _answer_token(lesson: Lesson, step: Step):
    """``(seen, current)`` for the click guard: the step's state now, and how to read it later."""
    return answer(lesson, step).token(), lambda: answer(lesson, step).token()


def _done(step: Step, tr) -> str:
    """The step's own closing text (the lesson's Markdown), after a blank line; or nothing."""
    return ("\n\n" + tr.gettext(step.done)) if step.done else ""


def _hint(step: Step, tr) -> None:
    if step.hint:
        with st.expander(tr.gettext("Hint")):
            st.markdown(tr.gettext(step.hint))


def _explain(lesson: Lesson, step: Step, tr, stage: Stage) -> bool:
    if step.position is not None:
        stage.table(TableView(step.position, you=step.you), tr, key=f"{lesson.id}-{step.id}")
    return True


# ----- place: click where the card must go --------------------------------------------
def _place(lesson: Lesson, step: Step, tr, stage: Stage) -> bool:
    """A wrong pick is explained without giving the right pile away; after a second wrong
    pick (or on request) the right pile is named and marked."""
    _ = tr.gettext
    state = answer(lesson, step)
    turned = step.turned
    before = turned.position
    n = narrator(step)

    def pick(dest_text: str) -> None:
        verdict = judge(before, turned.card, Dest.parse(dest_text))
        state.last = dest_text
        if verdict.ok:
            state.solved = True
        else:
            state.wrong.append(dest_text)
        answered(verdict.ok)

    def reveal() -> None:
        state.frame = 1  # the right pile is shown
        focus.request([f"{lesson.id}-{step.id}-table", f"table-{lesson.id}-{step.id}"])  # the button is gone

    if state.solved:
        dest = Dest.parse(state.last)
        stage.table(TableView(place(before, turned.card, dest), you=step.you, marked={dest}, show_mover=False,
                              arrows=(Arrow(("turned", before.mover), dest),)), tr,
               key=f"{lesson.id}-{step.id}")  # the move is made: nobody is shown "to move" any more
        said = n.where_it_goes(turned.card, step.legal, before) if shown_to_all() else \
            n.judgement(judge(before, turned.card, dest), before)
        st.success(paragraphs(said) + _done(step, tr))
        return True
    shown_right = state.frame == 1 or len(state.wrong) >= 2
    seen, current = _answer_token(lesson, step)
    marks = dict.fromkeys(step.legal.dests, RIGHT) if shown_right else {}
    if state.last is not None and Dest.parse(state.last) not in marks:
        marks[Dest.parse(state.last)] = WRONG
    stage.table(TableView(before, turned=turned.card, you=step.you, marks=marks),
           tr, key=f"{lesson.id}-{step.id}", pick=pick, seen=seen, current=current)
    if state.last is not None:
        verdict = judge(before, turned.card, Dest.parse(state.last))
        st.error(paragraphs(n.judgement(verdict, before, reveal=shown_right),
                            _("Try again: choose the marked pile.") if shown_right
                            else _("Try again: choose the pile where the card must go.")))
    if not shown_right:
        if not presenter.active():  # a presenter has "Show the answer"
            clicks.button(_("Show me where it goes"), key=f"{lesson.id}-{step.id}-reveal", seen=seen, current=current,
                          action=reveal, icon=":material/visibility:")
    elif state.last is None:
        st.info(paragraphs(n.where_it_goes(turned.card, step.legal, before)))
    _hint(step, tr)
    return False


# ----- muggins: a call shown move by move ------------------------------------------------
def muggins_frames(step: Step, tr) -> list[tuple]:
    """The call on the step's wrong play, move by move, from the engine's events:
    ``(position, marks, caption as Markdown, stocks shown open, arrows)`` — the
    placement, the call with the correction, each donor's card (or none), then the
    summary with the turn passing on. (The turn-up is already on the table.)"""
    n = narrator(step)
    record = step.record
    before = record.judged_in
    shown = (record.mover,)
    frames = []
    recycling, recycled = "", []
    for event, after, sentence in n.steps(record):
        if isinstance(event, ev.Placed):
            frames.append((after, {event.dest: WRONG if event.error else PLACED},
                           paragraphs(sentence, n.judgement(record.judgement, before)), shown, arrows_for([event])))
        elif isinstance(event, ev.Corrected):
            frames.append((after, {event.wrong: WRONG, event.right: RIGHT}, paragraphs(n.correction(record, before)), shown,
                           arrows_for([event])))
        elif isinstance(event, ev.Recycled) and event.for_penalty:
            recycling, recycled = sentence + " ", [event]  # told and drawn with the card it gives
        elif isinstance(event, (ev.PenaltyCard, ev.NoPenaltyCard)):
            frames.append((after, {}, paragraphs(recycling + sentence), shown, arrows_for([*recycled, event])))
            recycling, recycled = "", []
    frames.append((record.after, {record.placed: PLACED} if record.placed else {},
                   paragraphs(n.penalty_summary(record), n.turn_passes(record)) + _done(step, tr), shown, ()))
    return frames


def _muggins(lesson: Lesson, step: Step, tr, stage: Stage) -> bool:
    _ = tr.gettext
    state = answer(lesson, step)
    frames = muggins_frames(step, tr)
    state.frame = min(state.frame, len(frames) - 1)
    position, marks, caption, open_stocks, arrows = frames[state.frame]
    st.caption(_("Move {number} of {total}").format(number=state.frame + 1, total=len(frames)))
    stage.table(TableView(position, you=step.you, marks=marks, open_stocks=open_stocks, show_mover=False, arrows=arrows), tr,
           key=f"{lesson.id}-{step.id}-{state.frame}")
    (st.success if state.frame == len(frames) - 1 else st.info)(caption)

    def move(target: int) -> None:  # an absolute frame, so a double click cannot skip one
        state.frame = min(max(target, 0), len(frames) - 1)
        shown = frames[state.frame][1]
        request_scroll(str(next(iter(shown))) if shown else WHOLE_TABLE)
        if state.frame == len(frames) - 1:
            state.solved = True
            focus.request(NEXT_KEYS)  # *Next move* is gone: on to the lesson's Next
        elif state.frame == 0:
            focus.request([f"{lesson.id}-{step.id}-next"])  # *Previous move* is gone

    row = st.container(horizontal=True, key=f"{lesson.id}-{step.id}-moves")
    seen, current = _answer_token(lesson, step)
    if state.frame > 0:
        clicks.button(_("◀ Previous move"), key=f"{lesson.id}-{step.id}-prev", seen=seen, current=current, action=move,
                      args=(state.frame - 1,), where=row, width="stretch")
    if state.frame < len(frames) - 1:
        clicks.button(_("Next move ▶"), key=f"{lesson.id}-{step.id}-next", seen=seen, current=current, action=move,
                      args=(state.frame + 1,), where=row, type="primary", width="stretch")
    _hint(step, tr)
    return state.solved


# ----- next-card: which card comes up -----------------------------------------------------
def _next_card(lesson: Lesson, step: Step, tr, stage: Stage) -> bool:
    _ = tr.gettext
    state = answer(lesson, step)
    n = narrator(step)
    right = str(step.turned.card) if step.turned.card is not None else PASS
    mover = step.position.mover
    stage.table(question_view(step), tr, key=f"{lesson.id}-{step.id}")

    def pick(value: str) -> None:
        state.last = value
        st.session_state[ANSWERS] = st.session_state.get(ANSWERS, 0) + 1
        if value == right:
            state.solved = True
        else:
            state.wrong.append(value)
        answered(value == right)

    st.markdown("**" + literal(question_of(step, tr)) + "**")
    names = {str(card): n.card_name(card) for card in step.choices}
    options = [(value, label, names.get(value)) for value, label in answer_options(step, tr)]
    columns = st.columns(max(len(options), 4))
    seen, current = _answer_token(lesson, step)
    for column, (value, label, name) in zip(columns, options, strict=False):
        clicks.button(label, key=f"{lesson.id}-{step.id}-card-{value}", seen=seen, current=current,
                      action=pick, args=(value,), where=column, disabled=state.solved, help=name,
                      width="stretch", type="primary" if state.solved and value == right else "secondary")
    if state.solved:
        if right == PASS:
            said = n.where_it_goes(None, step.legal, step.position)
        elif shown_to_all():
            said = n.sentence(_("{card} comes up next.").format(card=n.card(step.turned.card)))
        else:
            said = n.next_card_right(step.turned.card)
        st.success(paragraphs(said) + _done(step, tr))
        return True
    if state.last is not None:
        if state.last == PASS and n.is_you(mover):
            text = _("No: you still have cards, so you turn one up ({section}).").format(section=n.section("§turn"))
        elif state.last == PASS:
            text = _("No: {player} still has cards, so a card is turned up ({section}).").format(
                player=mover, section=n.section("§turn"))
        elif right == PASS:
            text = n.where_it_goes(None, step.legal, step.position)
            text = _("No: there is no card to turn up.") + " " + text
        else:
            text = n.next_card_wrong(Card.parse(state.last), step.turned.card, step.turned.recycled,
                                     reveal=len(state.wrong) >= 2)
        st.error(paragraphs(text))
    _hint(step, tr)
    return False


# ----- steps answered by picking one option -------------------------------------------
def _choose(lesson: Lesson, step: Step, tr, options: list[tuple[str, str]], right: str,
            said_right: str, said_wrong, *, said_more: str = "", stage: Stage | None = None) -> bool:
    """Buttons for ``options`` (``(value, label)``); ``right`` is the right value.
    ``said_right`` (plain text) is shown once answered, then ``said_more`` with the step's
    closing text in ``stage.more`` (before the lesson's Next on a phone, so it is read
    before going on; after it beside the table, so the verdict and Next share the screen);
    ``said_wrong(value)`` (plain text) after a wrong pick."""
    _ = tr.gettext
    state = answer(lesson, step)

    def pick(value: str) -> None:
        state.last = value
        st.session_state[ANSWERS] = st.session_state.get(ANSWERS, 0) + 1
        if value == right:
            state.solved = True
        elif not state.solved:
            state.wrong.append(value)
        answered(value == right)
        if step.kind in TABLED or step.position is not None:
            request_scroll()  # beside a table: the table and the verdict in view

    if state.solved:
        label = dict(options)[right]
        said = _("The answer: **{answer}**") if shown_to_all() else _("Your answer: **{answer}**")
        # After the answer (not on a later visit): from here down to the lesson's Next in view,
        # so what happened is read before going on (the top of it first, if it is long).
        anchor()(data={"nonce": str(st.session_state.get(ANSWERS, "")), "until": "lesson-nav"},
                 key=f"{lesson.id}-{step.id}-verdict")
        st.markdown(said.format(answer=label) + " :material/check_circle:")
        if said_more:
            st.success(paragraphs(said_right))
            with stage.more if stage is not None and stage.more is not None else st.container():
                st.info(paragraphs(said_more) + _done(step, tr))
        else:
            st.success(paragraphs(said_right) + _done(step, tr))
        return True
    columns = st.columns(max(len(options), 2))
    seen, current = _answer_token(lesson, step)
    for column, (value, label) in zip(columns, options, strict=False):
        clicks.button(label, key=f"{lesson.id}-{step.id}-option-{value}", seen=seen, current=current, action=pick,
                      args=(value,), where=column, width="stretch")
    if state.last is not None:
        st.error(paragraphs(said_wrong(state.last), _("Try again.")))
        anchor()(data={"nonce": str(st.session_state.get(ANSWERS, 0)), "end": True}, key=f"{lesson.id}-{step.id}-said")
    _hint(step, tr)
    return False


def _call(lesson: Lesson, step: Step, tr, stage: Stage) -> bool:
    _ = tr.gettext
    n = narrator(step)
    record = step.record
    before = record.judged_in
    verdict = record.judgement
    if answer(lesson, step).solved and step.call:  # after a right call: the card moved, the penalty given
        view = TableView(record.after, you=step.you, marked={record.placed}, show_mover=False,
                         arrows=arrows_for(record.events))
    else:
        view = question_view(step)
    stage.table(view, tr, key=f"{lesson.id}-{step.id}")
    show_question_lines(step, tr, f"{lesson.id}-{step.id}")
    unsupported = _("A call would be unsupported: nothing would happen, and it would cost you nothing either ({section}).").format(
        section=n.section("§muggins"))
    too_late = _("It was an error, but the call had to come before the next card was turned up. Now it is too late: the error stands and the card stays where it is ({section}).").format(
        section=n.section("§muggins"))
    if verdict.ok:  # the verdict first; the placement's reasons under the lesson's Next
        said_right, said_more = unsupported, n.judgement(verdict, before)
    elif step.late:
        said_right, said_more = too_late, n.judgement(verdict, before)
    else:  # the learner is the one who calls
        said_right = "\n\n".join([_("Muggins! A call is right here.") if shown_to_all() else _("Muggins! Right to call."),
                                   n.judgement(verdict, before)])
        said_more = "\n\n".join([n.correction(replace(record, caller=step.you), before),
                                 n.penalty_summary(record)])  # each card is drawn as an arrow from its donor

    def said_wrong(value: str) -> str:
        if value == "call" and verdict.ok:
            return _("No: that placement was correct, so there is nothing to call.") + " " + n.where_it_goes(
                record.card, verdict.legal, before)
        if value == "call":
            return _("No: it was an error, but the next card has already been turned up, so it is too late to call.")
        return _("No: that placement was an error.") + " " + n.judgement(verdict, before, reveal=False)

    return _choose(lesson, step, tr, answer_options(step, tr), step.right[0], said_right, said_wrong,
                   said_more=said_more, stage=stage)


def _fits(lesson: Lesson, step: Step, tr, stage: Stage) -> bool:
    _ = tr.gettext
    n = narrator(step)
    a, b = step.cards
    show_question_lines(step, tr, f"{lesson.id}-{step.id}")
    gap = abs(a.rank - b.rank)
    if step.fit:
        reason = _("{a} and {b} fit: their ranks differ by exactly one ({section}).")
    elif gap == 0:
        reason = _("{a} and {b} do not fit: equal ranks never fit ({section}).")
    elif gap == 12:
        reason = _("{a} and {b} do not fit: there is no wrap, so K and A are not neighbours ({section}).")
    else:
        reason = _("{a} and {b} do not fit: their ranks are {gap} apart, and cards fit only one rank apart ({section}).")
    said = n.sentence(reason.format(a=n.card(a), b=n.card(b), gap=gap, section=n.section("§deal")))
    return _choose(lesson, step, tr, answer_options(step, tr), step.right[0], said,
                   lambda value: _("No.") + " " + said)


def _count(lesson: Lesson, step: Step, tr, stage: Stage) -> bool:
    _ = tr.gettext
    n = narrator(step)
    index = 0 if step.ask == "cards" else 1
    said = counts_sentence(step.players, tr)

    def said_wrong(value: str) -> str:
        others = [players for players, counts in sorted(COUNTS.items()) if str(counts[index]) == value]
        if step.ask == "cards":
            text = _("No: {value} cards each is the deal for {others} players, not for {players} ({section}).")
        else:
            text = n.n_("No: {value} common pile goes with {others} players, not with {players} ({section}).",
                        "No: {value} common piles go with {others} players, not with {players} ({section}).",
                        int(value))
        return text.format(value=value, others=n.names([str(o) for o in others]), players=step.players,
                           section=n.section("§counts"))

    return _choose(lesson, step, tr, answer_options(step, tr), step.right[0], said, said_wrong)


def _quiz(lesson: Lesson, step: Step, tr, stage: Stage) -> bool:
    _ = tr.gettext
    right_text = _(step.choices[step.number])
    why = [_(text) for text in step.why]
    said_right = ("" if shown_to_all() else _("Right.") + " ") + right_text + ((" " + why[step.number]) if why else "")

    def said_wrong(value: str) -> str:
        reason = why[int(value)] if why else ""
        return _("No: “{choice}” is not right.").format(choice=_(step.choices[int(value)])) + (" " + reason if reason else "")

    return _choose(lesson, step, tr, answer_options(step, tr), step.right[0], said_right, said_wrong)


def _deal(lesson: Lesson, step: Step, tr, stage: Stage) -> bool:
    _ = tr.gettext
    key = f"{lesson.id}-{step.id}-players"
    players = st.segmented_control(_("Number of players"), options=list(step.players), key=key,
                                   default=step.players[0]) or step.players[0]
    position, dealer = deal(DealCode(players, step.seed), dealer=0)  # the dealer stays put while the count changes
    st.caption(literal(counts_sentence(players, tr) + " "
                       + _("Dealer: {dealer}; {first} moves first.").format(dealer=position.players[dealer], first=position.mover)
                       + " " + _("(In a game the first dealer is drawn at random; here A deals, so only the number of players changes.)")))
    stage.table(TableView(position), tr, key=f"{lesson.id}-{step.id}-{players}")
    if step.done:
        st.info(_(step.done))
    _hint(step, tr)
    return True


def counts_sentence(players: int, tr) -> str:
    """``With 5 players, each gets 10 cards and 2 common piles are turned face up (§counts).``"""
    each, piles = COUNTS[players]
    cards = tr.ngettext("{count} card", "{count} cards", each).format(count=each)
    return tr.ngettext(
        "With {players} players, each gets {cards} and {piles} common pile is turned face up; the whole pack is used ({section}).",
        "With {players} players, each gets {cards} and {piles} common piles are turned face up; the whole pack is used ({section}).",
        piles,
    ).format(players=players, cards=cards, piles=piles, section=session.narrator().section("§counts"))


ANSWERED_BY_CHOICE = ("next-card", "call", "fits", "count", "quiz")
"""Step kinds answered by picking one of :func:`answer_options` (a ``place`` step: a pile)."""


def answer_options(step: Step, tr) -> list[tuple[str, str]]:
    """``(value, label as Markdown)`` of each answer a step of a kind in
    :data:`ANSWERED_BY_CHOICE` offers; the right ones are ``step.right``."""
    _ = tr.gettext
    if step.kind == "next-card":
        options = [(str(card), f"**{card_md(card)}**") for card in step.choices]
        return options + [(PASS, _("None: a pass"))] if step.offers_pass else options
    if step.kind == "call":
        return [("call", _("Call “Muggins!”")), ("accept", _("No call"))]
    if step.kind == "fits":
        return [("fit", _("They fit")), ("no-fit", _("They do not fit"))]
    if step.kind == "count":
        index = 0 if step.ask == "cards" else 1
        return [(str(v), str(v)) for v in sorted({counts[index] for counts in COUNTS.values()})]
    if step.kind == "quiz":
        return [(str(i), _(text)) for i, text in enumerate(step.choices)]
    return []


def question_view(step: Step) -> TableView | None:
    """The table a step's question is asked on (before any answer), or ``None`` for a step
    without one: a ``place`` step's turned card, a ``call`` step's placement, a
    ``next-card`` step's mover with their discard open."""
    if step.kind == "place":
        return TableView(step.turned.position, turned=step.turned.card, you=step.you)
    if step.kind == "call":
        record = step.record
        before, dest = record.judged_in, record.judgement.dest
        return TableView(place(before, record.card, dest), you=step.you, marked={dest}, show_mover=False,
                         arrows=(Arrow(("turned", before.mover), dest),))
    if step.kind == "next-card":
        return TableView(step.position, you=step.you, open_discards=(step.position.mover,))
    return TableView(step.position, you=step.you) if step.position is not None else None


def question_lines(step: Step, tr) -> str:
    """What is said under a step's question table (Markdown, quoted text escaped): a ``call``
    step's placement (and that the next card is already up), a ``next-card`` step's question,
    a ``fits`` step's two cards."""
    _ = tr.gettext
    if step.kind == "call":
        n = narrator(step)
        record = step.record
        before, verdict = record.judged_in, record.judgement
        said = literal(n.event(Placed(before.mover, record.card, verdict.dest, verdict.error), before))
        if step.late:
            said += "\n\n**" + literal(_("The next player has already turned up a card.")) + "**"
        return said
    if step.kind == "fits":
        a, b = step.cards
        return f"{card_md(a)} &nbsp; {card_md(b)}"
    question = question_of(step, tr)
    return "**" + literal(question) + "**" if question else ""


def show_question_lines(step: Step, tr, key: str) -> None:
    """:func:`question_lines` on the page (nothing when empty); a ``fits`` step's two cards
    large, as text rather than a heading (they head no section), in a container keyed
    ``key`` (see :data:`tutorial.app.shell.document.BIG_TEXT`)."""
    said = question_lines(step, tr)
    if not said:
        return
    if step.kind == "fits":
        with st.container(key=f"{document.BIG_TEXT}{key}"):
            st.markdown(said)
    else:
        st.markdown(said)


def question_of(step: Step, tr) -> str:
    """The question a step's answers reply to, when the step's own text does not end with it
    (``next-card``: which card comes up); else an empty text."""
    _ = tr.gettext
    if step.kind != "next-card":
        return ""
    mover = step.position.mover
    n = narrator(step)
    return _("Which card do you turn up?") if n.is_you(mover) else _("Which card does {player} turn up?").format(player=mover)


NEXT_KEYS = ("lesson-next", "lesson-finish", "lesson-following", "lesson-restart")
"""The lesson's way on (its keys in :mod:`tutorial.app.lessons.page`): after a right answer the
focus goes to the first of these on the page."""


def first_controls(lesson: Lesson, step: Step) -> list[str]:
    """The keys (without state tokens) of a step's first control, best first: where the focus
    goes when the learner arrives at the step (the answers, the table's piles, *Next move*),
    then the lesson's way on (a step already answered, or one without a control)."""
    prefix = f"{lesson.id}-{step.id}"
    if step.kind == "place":
        first = [f"{prefix}-table", f"table-{prefix}"]  # the drawn table, or the text view's piles
    elif step.kind == "muggins":
        first = [f"{prefix}-next"]
    elif step.kind == "next-card":
        first = [f"{prefix}-card-{value}" for value, _label in answer_options(step, session.tr())[:1]]
    elif step.kind in ANSWERED_BY_CHOICE:
        first = [f"{prefix}-option-{value}" for value, _label in answer_options(step, session.tr())[:1]]
    elif step.kind == "deal":
        first = [f"{prefix}-players"]
    else:
        first = []
    return [*first, *NEXT_KEYS]


def answered(right: bool) -> None:
    """After an answer: a right one sends the focus on to the lesson's way on (the control used
    is gone); after a wrong one the focus stays where it was (the focus keeper restores it)."""
    if right:
        focus.request(NEXT_KEYS, read=focus.VERDICT)


SCREENS = {"explain": _explain, "place": _place, "muggins": _muggins, "next-card": _next_card, "call": _call,
           "fits": _fits, "count": _count, "quiz": _quiz, "deal": _deal}
"""The screen of each step kind (a new kind in :mod:`tutorial.lessons.steps` adds one here)."""
