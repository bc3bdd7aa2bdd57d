"""A lesson step's question and verdicts in words (plain text), in the narrator's language
and from its seat: what is asked under the step's table, what is said after a right
answer and after a wrong one.

Each function is a :func:`functools.singledispatch` over the step's class (typed, no kind
names): a new kind of step that is answered registers its words here beside its class in
:mod:`tutorial.lessons.steps`. Screens never ask a step's ``kind``; they call these.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import singledispatch

from ..engine.cards import Card
from ..engine.deal import COUNTS
from ..engine.errors import MugginsError
from ..engine.events import Placed
from ..engine.position import Dest
from ..engine.rules import judge
from ..lessons.steps import PASS, AnswerMode, Call, Count, Fits, NextCard, Place, Quiz, Step, TurnStep
from . import Narrator


@dataclass(frozen=True)
class Said:
    """What is said after an answer: ``text`` first (the verdict), then ``more`` (what
    happened, at length; shown apart, may be empty). Plain text, paragraphs split by a
    blank line."""

    text: str
    more: str = ""


@dataclass(frozen=True)
class Line:
    """One line of a step's question: plain ``text``, shown in bold when ``strong``."""

    text: str
    strong: bool = False


# ----- the question ------------------------------------------------------------------------
@singledispatch
def question(step: Step, n: Narrator) -> tuple[Line, ...]:
    """What is said under the step's table before it is answered (nothing for most steps:
    their own text ends with the question)."""
    return ()


@question.register
def _question_next_card(step: NextCard, n: Narrator) -> tuple[Line, ...]:
    assert step.position is not None
    mover = step.position.mover
    asked = n._("Which card do you turn up?") if n.is_you(mover) else \
        n._("Which card does {player} turn up?").format(player=mover)
    return (Line(asked, strong=True),)


@question.register
def _question_call(step: Call, n: Narrator) -> tuple[Line, ...]:
    before, verdict = step.judged_in, step.judgement
    lines = [Line(n.event(Placed(before.mover, step.placed_card, verdict.dest, verdict.error), before))]
    if step.late:
        lines.append(Line(n._("The next player has already turned up a card."), strong=True))
    return tuple(lines)


# ----- after a right answer -------------------------------------------------------------------
@singledispatch
def right(step: Step, n: Narrator, choice: str, *, shown_to_all: bool = False) -> Said:
    """What is said once the step is answered right with ``choice``. ``shown_to_all``: the
    answer is shown to everyone (presenter mode, a class room's reveal), not the reader's
    own: told without "Right." and "your answer"."""
    return Said("")


@right.register
def _right_place(step: Place, n: Narrator, choice: str, *, shown_to_all: bool = False) -> Said:
    before = step.turned.position
    if shown_to_all:
        return Said(n.where_it_goes(step.card, step.legal, before))
    return Said(n.judgement(judge(before, step.card, Dest.parse(choice)), before))


@right.register
def _right_next_card(step: NextCard, n: Narrator, choice: str, *, shown_to_all: bool = False) -> Said:
    turned, legal = step.turned, step.legal
    assert step.position is not None
    if turned.card is None:
        return Said(n.where_it_goes(None, legal, step.position))
    if shown_to_all:
        return Said(n.sentence(n._("{card} comes up next.").format(card=n.card(turned.card))))
    return Said(n.next_card_right(turned.card))


@right.register
def _right_call(step: Call, n: Narrator, choice: str, *, shown_to_all: bool = False) -> Said:
    record = step.record
    before, verdict = step.judged_in, step.judgement
    if verdict.ok:  # the verdict first; the placement's reasons at length
        if shown_to_all:
            unsupported = n._("A call would be unsupported: nothing would happen, and it would cost you nothing either ({section}).")
        else:  # the reader's own answer, "No call": said first, so it is never heard as a call
            unsupported = n._("Right not to call: a call would be unsupported, so nothing would happen, and it would cost you nothing either ({section}).")
        return Said(unsupported.format(section=n.section("§muggins")), n.judgement(verdict, before))
    if step.late:
        return Said(n._("It was an error, but the call had to come before the next card was turned up. Now it is too late: the error stands and the card stays where it is ({section}).").format(
            section=n.section("§muggins")), n.judgement(verdict, before))
    called = n._("Muggins! A call is right here.") if shown_to_all else n._("Muggins! Right to call.")
    return Said("\n\n".join([called, n.judgement(verdict, before)]),
                "\n\n".join([n.correction(replace(record, caller=step.you), before),
                             n.penalty_summary(record)]))  # each card is drawn as an arrow from its donor


def _fits_reason(step: Fits, n: Narrator) -> str:
    a, b = step.cards
    gap = abs(a.rank - b.rank)
    if step.fit:
        reason = n._("{a} and {b} fit: their ranks differ by exactly one ({section}).")
    elif gap == 0:
        reason = n._("{a} and {b} do not fit: equal ranks never fit ({section}).")
    elif gap == 12:
        reason = n._("{a} and {b} do not fit: there is no wrap, so K and A are not neighbours ({section}).")
    else:
        reason = n._("{a} and {b} do not fit: their ranks are {gap} apart, and cards fit only one rank apart ({section}).")
    return n.sentence(reason.format(a=n.card(a), b=n.card(b), gap=gap, section=n.section("§deal")))


@right.register
def _right_fits(step: Fits, n: Narrator, choice: str, *, shown_to_all: bool = False) -> Said:
    return Said(_fits_reason(step, n))


@right.register
def _right_count(step: Count, n: Narrator, choice: str, *, shown_to_all: bool = False) -> Said:
    return Said(counts_sentence(step.players, n))


@right.register
def _right_quiz(step: Quiz, n: Narrator, choice: str, *, shown_to_all: bool = False) -> Said:
    why = [n._(text) for text in step.why]
    return Said(("" if shown_to_all else n._("Right.") + " ") + n._(step.choices[step.number])
                + ((" " + why[step.number]) if why else ""))


# ----- after a wrong answer -----------------------------------------------------------------
@singledispatch
def wrong(step: Step, n: Narrator, choice: str, *, reveal: bool = True) -> str:
    """What is said after the wrong ``choice``; ``reveal``: also what is right (after two
    wrong tries, or once the learner asked to be shown)."""
    return ""


@wrong.register
def _wrong_place(step: Place, n: Narrator, choice: str, *, reveal: bool = True) -> str:
    before = step.turned.position
    return n.judgement(judge(before, step.card, Dest.parse(choice)), before, reveal=reveal)


@wrong.register
def _wrong_next_card(step: NextCard, n: Narrator, choice: str, *, reveal: bool = True) -> str:
    turned, legal = step.turned, step.legal
    assert step.position is not None
    mover = step.position.mover
    if choice == PASS and n.is_you(mover):
        return n._("No: you still have cards, so you turn one up ({section}).").format(section=n.section("§turn"))
    if choice == PASS:
        return n._("No: {player} still has cards, so a card is turned up ({section}).").format(
            player=mover, section=n.section("§turn"))
    if turned.card is None:
        return n._("No: there is no card to turn up.") + " " + n.where_it_goes(None, legal, step.position)
    return n.next_card_wrong(Card.parse(choice), turned.card, turned.recycled, reveal=reveal)


@wrong.register
def _wrong_call(step: Call, n: Narrator, choice: str, *, reveal: bool = True) -> str:
    before, verdict = step.judged_in, step.judgement
    if choice == "call" and verdict.ok:
        return n._("No: that placement was correct, so there is nothing to call.") + " " + n.where_it_goes(
            step.placed_card, verdict.legal, before)
    if choice == "call":
        return n._("No: it was an error, but the next card has already been turned up, so it is too late to call.")
    return n._("No: that placement was an error.") + " " + n.judgement(verdict, before, reveal=False)


@wrong.register
def _wrong_fits(step: Fits, n: Narrator, choice: str, *, reveal: bool = True) -> str:
    return n._("No.") + " " + _fits_reason(step, n)


@wrong.register
def _wrong_count(step: Count, n: Narrator, choice: str, *, reveal: bool = True) -> str:
    index = 0 if step.ask == "cards" else 1
    others = [players for players, counts in sorted(COUNTS.items()) if str(counts[index]) == choice]
    if step.ask == "cards":
        text = n._("No: {value} cards each is the deal for {others} players, not for {players} ({section}).")
    else:
        text = n.n_("No: {value} common pile goes with {others} players, not with {players} ({section}).",
                    "No: {value} common piles go with {others} players, not with {players} ({section}).",
                    int(choice))
    return text.format(value=choice, others=n.names([str(o) for o in others]), players=step.players,
                       section=n.section("§counts"))


@wrong.register
def _wrong_quiz(step: Quiz, n: Narrator, choice: str, *, reveal: bool = True) -> str:
    reason = n._(step.why[int(choice)]) if step.why else ""
    return n._("No: “{choice}” is not right.").format(choice=n._(step.choices[int(choice)])) + (" " + reason if reason else "")


# ----- the counts -------------------------------------------------------------------------------
def counts_sentence(players: int, n: Narrator) -> str:
    """``With 5 players, each gets 10 cards and 2 common piles are turned face up … (§counts).``"""
    each, piles = COUNTS[players]
    cards = n.n_("{count} card", "{count} cards", each).format(count=each)
    return n.n_(
        "With {players} players, each gets {cards} and {piles} common pile is turned face up; the whole pack is used ({section}).",
        "With {players} players, each gets {cards} and {piles} common piles are turned face up; the whole pack is used ({section}).",
        piles,
    ).format(players=players, cards=cards, piles=piles, section=n.section("§counts"))


# ----- one answer in words (lessons, the class room's tally and file) ----------------------------
def option_words(step: Step, value: str, n: Narrator) -> str:
    """The option ``value`` of ``step`` in plain words: the card, or the option's text
    translated; ``value`` itself when the step offers no such option."""
    for option in step.options():
        if option.value == value:
            if option.card is not None:
                return n.card(option.card)
            return n._(option.label) if option.label else value
    return value


def choice_words(step: Step, choice: str, n: Narrator) -> str:
    """A recorded choice in plain words: a pile named with its top from ``n``'s seat (a
    narrator seated at nobody names it "B's discard (7♦)"), or the option's words. A choice
    that names nothing on this step is given as it is."""
    if step.answered_by is AnswerMode.PILE:
        if not isinstance(step, TurnStep) or step.turned is None:
            return choice
        try:
            return n.pile(Dest.parse(choice), step.turned.position)
        except MugginsError:
            return choice
    return option_words(step, choice, n)
