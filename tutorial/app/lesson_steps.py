"""Lesson steps on screen, one function per step kind. Answers are kept by
:mod:`tutorial.app.lesson_view`; every text goes through gettext."""

from __future__ import annotations

import streamlit as st

from ..engine.cards import Card
from ..engine.deal import COUNTS, DealCode, deal
from ..engine.position import Dest, Position
from ..engine.events import Placed
from ..engine.rules import give_penalty_card, judge, place, take_back
from ..lessons import Lesson, Step
from . import clicks, session
from .lesson_view import answer
from .markup import literal, paragraphs
from .table import TableView, card_md, render


def show_step(lesson: Lesson, step: Step) -> bool:
    """Draw one step; returns True when the learner may go on."""
    tr = session.tr()
    _ = tr.gettext
    st.subheader(_(step.title))
    st.markdown(_(step.text))
    if step.kind == "place":
        return _place(lesson, step, tr)
    if step.kind == "muggins":
        return _muggins(lesson, step, tr)
    if step.kind == "next-card":
        return _next_card(lesson, step, tr)
    if step.kind in _CHOICE_KINDS:
        return _CHOICE_KINDS[step.kind](lesson, step, tr)
    if step.kind == "deal":
        return _deal(lesson, step, tr)
    if step.position is not None:
        render(TableView(step.position, you=step.position.mover), tr, key=f"{lesson.id}-{step.id}")
    return True


def learner_seat(step: Step) -> str | None:
    """The seat the learner sits in for this step: the mover in the steps where the learner
    plays the turn, the first seat when watching another player's placement (call steps)."""
    if step.position is None:
        return None
    if step.kind == "call":
        return step.position.players[0] if step.position.to_move != 0 else None
    return step.position.mover


def narrator(step: Step):
    """The narrator for this step: the learner's language, told to the learner's seat."""
    return session.narrator(learner_seat(step))


def _answer_token(lesson: Lesson, step: Step):
    """``(seen, current)`` for the click guard: the step's state now, and how to read it later."""
    return answer(lesson, step).token(), lambda: answer(lesson, step).token()


def _hint(step: Step, tr) -> None:
    if step.hint:
        with st.expander(tr.gettext("Hint")):
            st.markdown(tr.gettext(step.hint))


def _place(lesson: Lesson, step: Step, tr) -> bool:
    _ = tr.gettext
    state = answer(lesson, step)
    turned = step.turned
    before = turned.position

    def pick(dest_text: str) -> None:
        verdict = judge(before, turned.card, Dest.parse(dest_text))
        state.last = dest_text
        if verdict.ok:
            state.solved = True
        else:
            state.wrong.append(dest_text)

    if state.solved:
        dest = Dest.parse(state.last)
        view = TableView(place(before, turned.card, dest), you=before.mover, marked={dest})
        render(view, tr, key=f"{lesson.id}-{step.id}")
        verdict = judge(before, turned.card, dest)
        st.success(paragraphs(narrator(step).judgement(verdict, before)) + ("\n\n" + _(step.done) if step.done else ""))
        return True
    seen, current = _answer_token(lesson, step)
    render(TableView(before, turned=turned.card, you=before.mover), tr, key=f"{lesson.id}-{step.id}", pick=pick,
           seen=seen, current=current)
    if state.last is not None:
        verdict = judge(before, turned.card, Dest.parse(state.last))
        st.error(paragraphs(narrator(step).judgement(verdict, before),
                            _("Try again: click the pile where the card must go.")))
    _hint(step, tr)
    return False


def muggins_frames(step: Step, tr) -> list[tuple[Position, set[Dest], str, tuple[str, ...]]]:
    """The Muggins call on the step's wrong play, move by move:
    ``(position, marked piles, caption as Markdown, stocks to show open)``."""
    _ = tr.gettext
    record, turned = step.record, step.turned
    card, wrong, right = record.card, record.judgement.dest, record.placed
    before = turned.position
    offender = before.to_move
    name = before.mover
    n = narrator(step)
    frames = []
    done = ("\n\n" + _(step.done)) if step.done else ""  # the lesson's own Markdown
    position = place(before, card, wrong)
    frames.append((position, {wrong}, paragraphs(n.event(Placed(name, card, wrong, record.judgement.error), before),
                                                 n.judgement(record.judgement, before)), (name,)))
    position = place(take_back(position, card, wrong), card, right)
    frames.append((position, {right}, paragraphs(n.correction(record, before)), (name,)))
    for donor in before.opponents_clockwise(offender):
        donor_name = before.players[donor]
        position, gift = give_penalty_card(position, donor, offender)
        text = (n.recycled_sentence(donor_name, True) + " " if gift and gift.recycled else "") + (
            n.gift(donor_name, name, gift.card) if gift else n.no_gift(donor_name))
        frames.append((position, set(), paragraphs(text), (name,)))
    frames.append((position, set(), paragraphs(n.penalty_summary(record)) + done, (name,)))
    return frames


def _muggins(lesson: Lesson, step: Step, tr) -> bool:
    _ = tr.gettext
    state = answer(lesson, step)
    frames = muggins_frames(step, tr)
    state.frame = min(state.frame, len(frames) - 1)
    position, marked, caption, open_stocks = frames[state.frame]
    st.caption(_("Move {number} of {total}").format(number=state.frame + 1, total=len(frames)))
    render(TableView(position, you=step.position.mover, marked=marked, open_stocks=open_stocks), tr,
           key=f"{lesson.id}-{step.id}-{state.frame}")
    (st.success if state.frame == len(frames) - 1 else st.info)(caption)  # Markdown built by muggins_frames

    def move(target: int) -> None:  # an absolute frame, so a double click cannot skip one
        state.frame = min(max(target, 0), len(frames) - 1)
        if state.frame == len(frames) - 1:
            state.solved = True

    left, right, _spacer = st.columns([2, 2, 3])
    seen, current = _answer_token(lesson, step)
    if state.frame > 0:
        clicks.button(_("◀ Previous move"), key=f"{lesson.id}-{step.id}-prev", seen=seen, current=current, action=move,
                      args=(state.frame - 1,), where=left, width="stretch")
    if state.frame < len(frames) - 1:
        clicks.button(_("Next move ▶"), key=f"{lesson.id}-{step.id}-next", seen=seen, current=current, action=move,
                      args=(state.frame + 1,), where=right, type="primary", width="stretch")
    _hint(step, tr)
    return state.solved


def _next_card(lesson: Lesson, step: Step, tr) -> bool:
    _ = tr.gettext
    state = answer(lesson, step)
    right: Card = step.turned.card
    mover = step.position.mover
    render(TableView(step.position, you=mover, open_discards=(mover,)), tr, key=f"{lesson.id}-{step.id}")

    def pick(card_text: str) -> None:
        state.last = card_text
        if Card.parse(card_text) == right:
            state.solved = True
        else:
            state.wrong.append(card_text)

    st.markdown("**" + literal(_("Which card does {player} turn up?").format(player=mover)) + "**")
    columns = st.columns(max(len(step.choices), 4))
    seen, current = _answer_token(lesson, step)
    for column, card in zip(columns, step.choices):
        clicks.button(f"**{card_md(card)}**", key=f"{lesson.id}-{step.id}-card-{card}", seen=seen, current=current,
                      action=pick, args=(str(card),), where=column, disabled=state.solved, help=narrator(step).card_name(card),
                      width="stretch", type="primary" if state.solved and card == right else "secondary")
    if state.solved:
        st.success(paragraphs(narrator(step).next_card_right(right)) + ("\n\n" + _(step.done) if step.done else ""))
        return True
    if state.last is not None:
        st.error(paragraphs(narrator(step).next_card_wrong(Card.parse(state.last), right, step.turned.recycled)))
    _hint(step, tr)
    return False


# ----- steps answered by picking one option -------------------------------
def _choose(lesson: Lesson, step: Step, tr, options: list[tuple[str, str]], right: str,
            said_right: str, said_wrong) -> bool:
    """Buttons for ``options`` (``(value, label)``); ``right`` is the right value.
    ``said_right`` is shown once answered; ``said_wrong(value)`` after a wrong pick."""
    _ = tr.gettext
    state = answer(lesson, step)

    def pick(value: str) -> None:
        state.last = value
        if value == right:
            state.solved = True
        elif not state.solved:
            state.wrong.append(value)

    if state.solved:
        label = dict(options)[right]
        st.markdown(_("Your answer: **{answer}**").format(answer=label) + " :material/check_circle:")
        st.success(paragraphs(said_right) + ("\n\n" + _(step.done) if step.done else ""))
        return True
    columns = st.columns(max(len(options), 2))
    seen, current = _answer_token(lesson, step)
    for column, (value, label) in zip(columns, options):
        clicks.button(label, key=f"{lesson.id}-{step.id}-option-{value}", seen=seen, current=current, action=pick,
                      args=(value,), where=column, width="stretch")
    if state.last is not None:
        st.error(paragraphs(said_wrong(state.last), _("Try again.")))
    _hint(step, tr)
    return False


def _call(lesson: Lesson, step: Step, tr) -> bool:
    _ = tr.gettext
    record, turned = step.record, step.turned
    before = turned.position
    verdict = record.judgement
    watcher = learner_seat(step)
    n = narrator(step)
    if answer(lesson, step).solved and step.call:  # after a right call: the card moved, the penalty given
        view = TableView(record.after, you=watcher, marked={record.placed}, show_mover=False)
    else:
        view = TableView(place(before, record.card, verdict.dest), you=watcher, marked={verdict.dest},
                         show_mover=not step.late)
    render(view, tr, key=f"{lesson.id}-{step.id}")
    st.markdown(literal(_("{player} turned up {card} and put it on {pile}.").format(
        player=before.mover, card=n.card(record.card), pile=n.pile(verdict.dest, before, mover=before.mover))))
    if step.late:
        st.markdown("**" + literal(_("The next player has already turned up a card.")) + "**")
    if verdict.ok:
        why = n.judgement(verdict, before)
        said_right = why + " " + _("A call would be unsupported: nothing would happen, and it would cost you nothing either ({section}).").format(
            section=n.section("§muggins"))
    elif step.late:
        why = n.judgement(verdict, before)
        said_right = _("It was an error, but the call had to come before the next card was turned up. Now it is too late: the error stands and the card stays where it is ({section}).").format(
            section=n.section("§muggins")) + "\n\n" + why
    else:
        lines = [n.judgement(verdict, before), n.correction(record, before), *n.penalty_lines(record)]
        said_right = _("Muggins! Right to call.") + "\n\n" + "\n\n".join(lines)

    def said_wrong(value: str) -> str:
        if value == "call" and verdict.ok:
            return _("That placement was correct, so there is nothing to call.")
        if value == "call":
            return _("Too late: the next card has already been turned up.")
        return _("That card is not where it must go.")

    options = [("call", _("Call “Muggins!”")), ("accept", _("No call"))]
    return _choose(lesson, step, tr, options, "call" if step.call else "accept", said_right, said_wrong)


def _fits(lesson: Lesson, step: Step, tr) -> bool:
    _ = tr.gettext
    a, b = step.cards
    st.markdown(f"## {card_md(a)} &nbsp; {card_md(b)}")
    gap = abs(a.rank - b.rank)
    if step.fit:
        reason = _("{a} and {b} fit: their ranks differ by exactly one ({section}).")
    elif gap == 0:
        reason = _("{a} and {b} do not fit: equal ranks never fit ({section}).")
    elif gap == 12:
        reason = _("{a} and {b} do not fit: there is no wrap, so K and A are not neighbours ({section}).")
    else:
        reason = _("{a} and {b} do not fit: their ranks are {gap} apart, and cards fit only one rank apart ({section}).")
    n = session.narrator()
    said = n.sentence(reason.format(a=n.card(a), b=n.card(b), gap=gap, section=n.section("§deal")))
    options = [("fit", _("They fit")), ("no-fit", _("They do not fit"))]
    return _choose(lesson, step, tr, options, "fit" if step.fit else "no-fit", said, lambda value: said)


def _count(lesson: Lesson, step: Step, tr) -> bool:
    _ = tr.gettext
    players = step.players[0]
    index = 0 if step.ask == "cards" else 1
    values = sorted({counts[index] for counts in COUNTS.values()})
    said = counts_sentence(players, tr)
    options = [(str(v), str(v)) for v in values]
    return _choose(lesson, step, tr, options, str(step.number), said,
                   lambda value: _("No, it is not {value}.").format(value=value))


def _quiz(lesson: Lesson, step: Step, tr) -> bool:
    _ = tr.gettext
    options = [(str(i), _(text)) for i, text in enumerate(step.options)]
    right_text = _(step.options[step.number])
    return _choose(lesson, step, tr, options, str(step.number), _("Right.") + " " + right_text,
                   lambda value: _("Not quite."))


def _deal(lesson: Lesson, step: Step, tr) -> bool:
    _ = tr.gettext
    key = f"{lesson.id}-{step.id}-players"
    players = st.segmented_control(_("Number of players"), options=list(step.players), key=key,
                                   default=step.players[0]) or step.players[0]
    position, dealer = deal(DealCode(players, step.seed))
    st.caption(literal(counts_sentence(players, tr) + " "
                       + _("Dealer: {dealer}; {first} moves first.").format(dealer=position.players[dealer], first=position.mover)))
    render(TableView(position), tr, key=f"{lesson.id}-{step.id}-{players}")
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


_CHOICE_KINDS = {"call": _call, "fits": _fits, "count": _count, "quiz": _quiz}
