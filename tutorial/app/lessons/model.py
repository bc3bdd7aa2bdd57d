"""What a lesson step shows, in words, and what the learner can do on it: no Streamlit.

:class:`StepScreen` reads a step and the learner's :class:`StepAnswer` and tells what the
screen shows (title, text, the table as a :class:`~tutorial.app.shell.table_view.TableView`,
the question, the answer buttons, the verdict after a pick, the reveal after two wrong
picks, a walk-through's moves) and the actions, each with a *can* and a *do* (``pick``,
``reveal``, ``move``). :class:`LessonScreen` is the lesson around it (the way on and
back, finishing, the check result). The lesson page, presenter mode and the class room
lay these out; a screen dispatches on :attr:`Step.answered_by` or asks the step, never on
its kind. Sentences come from the narrator (:mod:`tutorial.narrate.lesson_steps`), told
to the step's learner seat (``step.you``). Returned text is Markdown unless said "plain".

The lesson feature's state (:class:`LessonState`, one session key, with its address form)
and the lesson around the step (:class:`LessonScreen`) are in
:mod:`tutorial.app.lessons.model_course`, and can be imported from here too.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass
from enum import StrEnum

from tutorial.app.shell.markup import literal, paragraphs, plain
from tutorial.app.shell.table_view import TableView
from tutorial.draw.scene import PLACED, RIGHT, WRONG, Arrow, arrows_for
from tutorial.engine import events as ev
from tutorial.engine.cards import Card
from tutorial.engine.errors import MugginsError
from tutorial.engine.position import Dest, Position
from tutorial.lessons import Lesson, Step
from tutorial.lessons.steps import AnswerMode, Option, Shown, judged
from tutorial.narrate import Narrator
from tutorial.narrate import lesson_steps as words

from .model_course import (
    BIG,
    LessonScreen,
    LessonState,
    StepAnswer,
    answer_key,
    checks_from_text,
    checks_text,
    done_from_text,
    done_text,
    follow_lesson,
    pick_lesson,
)

FOUR_COLOUR_MD = {"C": "green", "D": "blue", "H": "red"}
"""Markdown colours of the four-colour deck (spades stay black)."""

NEXT_KEYS = ("lesson-next", "lesson-finish", "lesson-following", "lesson-restart", "train-next")
"""The lesson's way on (its keys on the lesson page; ``train-next`` is the Training page's
*Next exercise*, which draws its exercise as a lesson step): after a right answer the focus
goes to the first of these on the page."""


def card_md(card: Card | None, *, four_colour: bool = False) -> str:
    """Markdown for a card: red suits in red, or with the four-colour deck clubs green and
    diamonds blue. ``None`` gives an em dash."""
    if card is None:
        return "—"
    colour = FOUR_COLOUR_MD.get(card.suit) if four_colour else ("red" if card.is_red else None)
    return f":{colour}[{card.symbol}]" if colour else card.symbol


# ----- the words of one answer (the class room uses these too) ----------------------------------
def _option(step: Step, value: str) -> Option | None:
    return next((option for option in step.options() if option.value == value), None)


def choice_text(step: Step, choice: str, narrator: Narrator, tr: gettext.NullTranslations, *,
                from_seat: bool = False) -> str:
    """A recorded choice in plain words (the teacher's file, a tally's label): a pile named
    with its top — from nobody's seat unless ``from_seat`` (then from ``narrator``'s seat) —,
    a card by its symbol, or the option's label (:func:`tutorial.narrate.lesson_steps.choice_words`).
    A choice the step does not know is returned as it is."""
    return words.choice_words(step, choice, narrator if from_seat else narrator.seen_by(None))


def option_label(step: Step, value: str, tr: gettext.NullTranslations, *, narrator: Narrator | None = None,
                 four_colour: bool = False) -> str:
    """The label of an answer as Markdown: a card in colour and bold, the option's label
    translated, or (a ``PILE`` step, given a ``narrator``) the pile named from the
    narrator's seat. A value the step does not offer is shown literally."""
    if step.answered_by == AnswerMode.PILE:
        return literal(choice_text(step, value, narrator, tr, from_seat=True)) if narrator is not None else literal(value)
    option = _option(step, value)
    if option is None:
        return literal(value)
    if option.card is not None:
        return f"**{card_md(option.card, four_colour=four_colour)}**"
    return tr.gettext(option.label) if option.label else option.value


# ----- one step on the screen ----------------------------------------------------------------------------
class Layout(StrEnum):
    """How a step's answers are laid out (from :attr:`Step.answered_by` and its options)."""

    READ = "read"
    PILE = "pile"  # a pile on the table
    CARDS = "cards"  # one button per card (with the card's name as help)
    CHOICE = "choice"  # one button per option; once answered, the answer said and the buttons gone
    MOVES = "moves"
    DEAL = "deal"


@dataclass(frozen=True)
class Box:
    """A message box: ``tone`` (``success``, ``error`` or ``info``) and its Markdown."""

    tone: str
    text: str


@dataclass(frozen=True)
class Button:
    """An answer button: the ``value`` it picks, its ``label`` (Markdown), ``key`` (without
    the state token), ``help`` (plain, or ``None``), shown as ``primary``, ``disabled``."""

    value: str
    label: str
    key: str
    help: str | None = None
    primary: bool = False
    disabled: bool = False


@dataclass(frozen=True)
class Frame:
    """One move of a walk-through: the table and its caption (Markdown)."""

    view: TableView
    caption: str


def table_view(shown: Shown | None, you: str | None) -> TableView | None:
    """A step's :class:`~tutorial.lessons.steps.Shown` as the view to draw."""
    if shown is None:
        return None
    arrows: tuple[Arrow, ...] = ()
    if shown.moved is not None:
        mover, dest = shown.moved
        arrows = (Arrow(("turned", mover), dest),)
    elif shown.events:
        arrows = arrows_for(list(shown.events))
    return TableView(shown.position, turned=shown.turned, you=you, marked=set(shown.marked),
                     open_discards=shown.open_discards, show_mover=shown.show_mover, arrows=arrows)


def question_lines(step: Step, n: Narrator, *, four_colour: bool = False) -> str:
    """What is said under a step's table before the answers (Markdown, quoted text escaped):
    the question, a placement to call, or the cards asked about (shown large: see
    :attr:`Step.question_cards`)."""
    cards = step.question_cards
    if cards:
        return " &nbsp; ".join(card_md(card, four_colour=four_colour) for card in cards)
    return "\n\n".join("**" + literal(line.text) + "**" if line.strong else literal(line.text)
                       for line in words.question(step, n))


def question_view(step: Step) -> TableView | None:
    """The table a step's question is asked on (before any answer), or ``None``."""
    return table_view(step.table(), step.you)


class StepScreen:
    """One step of ``lesson`` on screen (see the module text). ``answer`` is changed by the
    actions; ``narrator`` tells it in the learner's language to the step's seat (``step.you``);
    ``shown_to_all``: the answer on the screen is shown to everyone (presenter mode, a class
    room's reveal), not the reader's own; ``four_colour``: the learner's deck; ``locked``: the
    question is asked of others (a class room's projector before the reveal): it is shown, its
    answers drawn but not taken (a teacher's click would show an explanation to the class)."""

    def __init__(self, lesson: Lesson, step: Step, answer: StepAnswer, narrator: Narrator,
                 tr: gettext.NullTranslations, *, shown_to_all: bool = False, four_colour: bool = False,
                 locked: bool = False):
        self.lesson, self.step, self.answer = lesson, step, answer
        self.n, self.tr = narrator, tr
        self.shown_to_all, self.four_colour, self.locked = shown_to_all, four_colour, locked
        self.prefix = f"{lesson.id}-{step.id}"
        self._frames: list[Frame] | None = None
        if self.layout == Layout.MOVES:  # presenter mode's "show the answer" asks for a frame past the last
            answer.frame = min(answer.frame, len(self.frames()) - 1)

    # ----- what the step is ----------------------------------------------------------------------------------
    @property
    def layout(self) -> Layout:
        mode = self.step.answered_by
        if mode == AnswerMode.OPTION:
            return Layout.CARDS if any(option.card is not None for option in self.step.options()) else Layout.CHOICE
        return Layout(mode.value)

    def title(self) -> str:
        return self.tr.gettext(self.step.title)

    def text(self) -> str:
        """The step's text (the lesson's Markdown)."""
        return self.tr.gettext(self.step.text)

    def hint(self) -> str | None:
        """The hint (Markdown), shown on request: while an answer is awaited, and beside a
        walk-through or a deal throughout; ``None`` when there is none."""
        if not self.step.hint or self.layout == Layout.READ:
            return None
        if self.answer.solved and self.layout not in (Layout.MOVES, Layout.DEAL):
            return None
        return self.tr.gettext(self.step.hint)

    def done(self) -> str:
        """The step's own closing text (Markdown), or nothing."""
        return self.tr.gettext(self.step.done) if self.step.done else ""

    def reason(self) -> str:
        """The step's reasoning at length (Markdown), for a learner who asks (*Why?*)."""
        return self.tr.gettext(self.step.reason) if self.step.reason else ""

    def _with_done(self, text: str) -> str:
        done = self.done()
        return text + ("\n\n" + done if done else "")

    @property
    def has_table(self) -> bool:
        return self.step.has_table

    @property
    def may_go_on(self) -> bool:
        """The learner may go on: the step is answered (or watched to the end), or there is
        nothing to answer."""
        return self.layout in (Layout.READ, Layout.DEAL) or self.answer.solved

    def waiting(self) -> str:
        """Said where the lesson's Next would be while the step holds the learner (plain)."""
        _ = self.tr.gettext
        return _("Follow every move to go on.") if self.layout == Layout.MOVES else _("Answer to go on.")

    # ----- the table --------------------------------------------------------------------------------------
    @property
    def shown_right(self) -> bool:
        """The right pile is shown: asked for, or after two wrong picks."""
        return self.answer.frame == 1 or len(self.answer.wrong) >= 2

    def table(self) -> TableView | None:
        """What the table shows now (``None`` for a step without one; a walk-through's is
        its frame's, a deal step's :meth:`deal_view`'s)."""
        step, state = self.step, self.answer
        if self.layout == Layout.MOVES:
            return self.frame().view
        if self.layout == Layout.PILE and not state.solved:
            view = question_view(step)
            assert view is not None
            marks = dict.fromkeys((Dest.parse(value) for value in step.right), RIGHT) if self.shown_right else {}
            if state.last is not None and Dest.parse(state.last) not in marks:
                marks[Dest.parse(state.last)] = WRONG
            view.marks = marks
            return view
        return table_view(step.table(state.last if state.solved else None), step.you)

    def table_key(self) -> str:
        """The table's key: a walk-through's changes with each move, a deal's with the count."""
        return f"{self.prefix}-{self.answer.frame}" if self.layout == Layout.MOVES else self.prefix

    def can_pick_pile(self) -> bool:
        """The table's piles are the answer now."""
        return self.layout == Layout.PILE and not self.answer.solved and not self.locked

    # ----- the question and the answers -------------------------------------------------------------------
    def question(self) -> str:
        """What is said under the table before the answers (see :func:`question_lines`)."""
        return question_lines(self.step, self.n, four_colour=self.four_colour)

    @property
    def question_big(self) -> bool:
        """The question is cards shown large (as text, not a heading)."""
        return bool(self.step.question_cards)

    def label(self, value: str) -> str:
        return option_label(self.step, value, self.tr, narrator=self.n, four_colour=self.four_colour)

    def buttons(self) -> list[Button]:
        """The answer buttons (none once a ``CHOICE`` step is answered)."""
        state, right = self.answer, self.step.right
        if self.layout == Layout.CARDS:
            return [Button(option.value, self.label(option.value), f"{self.prefix}-card-{option.value}",
                           help=self.n.card_name(option.card) if option.card is not None else None,
                           primary=state.solved and option.value in right, disabled=state.solved or self.locked)
                    for option in self.step.options()]
        if self.layout == Layout.CHOICE and not state.solved:
            return [Button(option.value, self.label(option.value), f"{self.prefix}-option-{option.value}",
                           disabled=self.locked)
                    for option in self.step.options()]
        return []

    def columns(self) -> int:
        """How many columns the answer buttons take (a row of at least two, or four cards)."""
        return max(len(self.step.options()), 4 if self.layout == Layout.CARDS else 2)

    def can_pick(self, value: str) -> bool:
        """``value`` can be picked now: an answer the step offers (a pile on the table), and
        the step not yet answered (a ``CHOICE`` step's buttons are gone once it is)."""
        if self.answer.solved or self.locked or self.layout not in (Layout.PILE, Layout.CARDS, Layout.CHOICE):
            return False
        if self.layout == Layout.PILE:
            try:
                self.step.judge(value)
            except MugginsError:
                return False
            return True
        return _option(self.step, value) is not None

    def pick(self, value: str) -> bool:
        """Answer with ``value``; returns whether it is right (a wrong one is counted)."""
        if not self.can_pick(value):
            return False
        verdict = self.step.judge(value)
        self.answer.last = value
        if verdict.right:
            self.answer.solved = True
        else:
            self.answer.wrong.append(value)
        return verdict.right

    def can_reveal(self) -> bool:
        """*Show me where it goes*: a ``PILE`` step whose right pile is not yet shown."""
        return self.layout == Layout.PILE and not self.answer.solved and not self.shown_right and not self.locked

    def reveal(self) -> None:
        if self.can_reveal():
            self.answer.frame = 1

    # ----- the verdict ----------------------------------------------------------------------------------
    def answer_line(self) -> str | None:
        """Once a ``CHOICE`` or ``CARDS`` step is answered: the answer given (Markdown), else
        ``None`` (a card step's buttons stay, disabled, and a disabled button shows no mark: on a
        projector the red card looked chosen and the right one unmarked)."""
        if self.layout not in (Layout.CHOICE, Layout.CARDS) or not self.answer.solved:
            return None
        _ = self.tr.gettext
        said = _("The answer: **{answer}**") if self.shown_to_all else _("Your answer: **{answer}**")
        return said.format(answer=self.label(self.step.right[0])) + " :material/check_circle:"

    def verdict(self) -> Verdict:
        """The verdict (the boxes in the step's panel) and what happened at length
        (``more``, before the lesson's Next on a phone; after it beside the table)."""
        step, state, n = self.step, self.answer, self.n
        _ = self.tr.gettext
        if self.layout in (Layout.READ, Layout.MOVES):
            if self.layout == Layout.MOVES:
                last = state.frame >= len(self.frames()) - 1
                return Verdict((Box("success" if last else "info", self.frame().caption),), why=self.reason() if last else "")
            return Verdict(())
        if self.layout == Layout.DEAL:
            return Verdict((Box("info", self.done()),) if self.done() else (), why=self.reason())
        if state.solved:
            told = words.right(step, n, state.last or step.right[0], shown_to_all=self.shown_to_all)
            if told.more:
                return Verdict((Box("success", paragraphs(told.text)),), Box("info", self._with_done(paragraphs(told.more))),
                               why=self.reason())
            return Verdict((Box("success", self._with_done(paragraphs(told.text))),), why=self.reason())
        if self.layout == Layout.PILE:
            if state.last is not None:
                try_again = _("Try again: choose the marked pile.") if self.shown_right else \
                    _("Try again: choose the pile where the card must go.")
                return Verdict((Box("error", paragraphs(words.wrong(step, n, state.last, reveal=self.shown_right),
                                                     try_again)),))
            if self.shown_right:  # asked to be shown: where it goes, as told to everyone
                told = words.right(step, n, step.right[0], shown_to_all=True)
                return Verdict((Box("info", paragraphs(told.text)),))
            return Verdict(())
        if state.last is None:
            return Verdict(())
        reveal = len(state.wrong) >= 2
        told_wrong = words.wrong(step, n, state.last, reveal=reveal)
        if self.layout == Layout.CHOICE:
            return Verdict((Box("error", paragraphs(told_wrong, _("Try again."))),))
        return Verdict((Box("error", paragraphs(told_wrong)),))

    # ----- the answer shown to a class (presenter mode) --------------------------------------------------
    @property
    def answerable(self) -> bool:
        """The step has an answer to show (a walk-through's is its last move)."""
        return bool(self.step.right) or self.layout == Layout.MOVES

    def show_answer(self) -> None:
        """The step as a learner sees it after answering right at once."""
        shown = StepAnswer.shown(self.step)
        self.answer.last, self.answer.solved = shown.last, True
        if self.layout == Layout.MOVES:
            self.answer.frame = len(self.frames()) - 1

    def walk(self, forward: bool) -> str:
        """What → (``forward``) or ← does here: ``"move"`` (a walk-through's next or previous
        move) or ``"step"``."""
        return next_action(self.step.answered_by, self.at_frame(), len(self.frames()) if self.layout == Layout.MOVES else 0,
                           forward)

    def walk_by(self, delta: int) -> bool:
        """A walk-through's next (``delta`` 1) or previous (-1) move, if there is one; returns
        whether it moved (else the presenter goes a whole step)."""
        if self.walk(delta > 0) != "move":
            return False
        self.answer.frame = self.at_frame() + (1 if delta > 0 else -1)
        self.answer.solved = self.answer.frame == len(self.frames()) - 1
        return True

    # ----- a walk-through ----------------------------------------------------------------------------------
    def frames(self) -> list[Frame]:
        """The call on the step's wrong play, move by move, from the engine's events: the
        placement, the call with the correction, each donor's card (or none), then the
        summary with the turn passing on. (The turn-up is already on the table.)"""
        if self._frames is None:
            self._frames = muggins_frames(self.step, self.n, self.done())
        return self._frames

    def frame(self) -> Frame:
        """The move shown now (the answer's frame, clamped to the last)."""
        frames = self.frames()
        return frames[min(self.answer.frame, len(frames) - 1)]

    def at_frame(self) -> int:
        return min(self.answer.frame, len(self.frames()) - 1) if self.layout == Layout.MOVES else 0

    def frame_caption(self) -> str:
        """``Move 2 of 5`` (plain)."""
        return self.tr.gettext("Move {number} of {total}").format(number=self.at_frame() + 1, total=len(self.frames()))

    def can_move(self, target: int) -> bool:
        """Move ``target`` (an absolute frame, so a double click cannot skip one) can be shown."""
        return self.layout == Layout.MOVES and 0 <= target < len(self.frames())

    def move(self, target: int) -> None:
        """Show move ``target``; the last one solves the step."""
        if not self.can_move(target):
            return
        self.answer.frame = target
        if target == len(self.frames()) - 1:
            self.answer.solved = True

    def move_focus(self) -> str | None:
        """Where a phone scrolls after a move: the pile marked first (its text), or the whole
        table (``"*"``)."""
        marks = self.frame().view.marks
        return str(next(iter(marks))) if marks else "*"

    # ----- a deal -------------------------------------------------------------------------------------------
    def players(self) -> tuple[int, ...]:
        """The numbers of players a ``DEAL`` step offers."""
        return self.step.counts

    def deal_view(self, players: int) -> tuple[str, TableView]:
        """A deal for ``players`` (the dealer stays in seat A): its caption (plain) and table."""
        _ = self.tr.gettext
        position, dealer = self.step.deal_for(players)
        caption = (words.counts_sentence(players, self.n) + " "
                   + _("Dealer: {dealer}; {first} moves first.").format(dealer=position.players[dealer], first=position.mover)
                   + " " + _("(In a game the first dealer is drawn at random; here A deals, so only the number of players changes.)"))
        return caption, TableView(position)

    # ----- the focus ----------------------------------------------------------------------------------------
    def arrival(self) -> str:
        """What a screen reader is told on arriving at the step (Training's next exercise),
        in plain words: its title, its text, the question and, for a card to place, the card
        turned up, in words (the text names no card: the table shows it)."""
        step, n = self.step, self.n
        parts = [self.title(), plain(self.text())]
        if step.question_cards:
            parts.append(n.names([n.card(card) for card in step.question_cards]))
        else:
            parts.extend(line.text for line in words.question(step, n))
        turned = getattr(step, "turned", None)
        if self.layout == Layout.PILE and turned is not None and turned.card is not None:
            parts.append(n.turned_words(turned.position.mover, turned.card))
        return " ".join(part if part[-1:] in ".?!:…»”" else part + "." for part in parts if part)

    def first_controls(self) -> list[str]:
        """The keys (without state tokens) of the step's first control, best first: where the
        focus goes on arriving at the step (the table's piles, the answers, *Next move*, the
        deal's counts), then the lesson's way on."""
        first: list[str] = []
        options = self.step.options()
        if self.layout == Layout.PILE:
            first = [f"{self.prefix}-table", f"table-{self.prefix}"]  # the drawn table, or the text view's piles
        elif self.layout == Layout.MOVES:
            first = [f"{self.prefix}-next"]
        elif self.layout == Layout.CARDS and options:
            first = [f"{self.prefix}-card-{options[0].value}"]
        elif self.layout == Layout.CHOICE and options:
            first = [f"{self.prefix}-option-{options[0].value}"]
        elif self.layout == Layout.DEAL:
            first = [f"{self.prefix}-players"]
        return [*first, *NEXT_KEYS]


def next_action(mode: AnswerMode, frame: int, total: int, forward: bool) -> str:
    """What → (``forward``) or ← does on a step answered by ``mode`` showing move ``frame``
    of ``total``: ``"move"`` (the next or previous move of a walk-through) or ``"step"``."""
    if mode != AnswerMode.MOVES or total <= 1:
        return "step"
    if forward:
        return "move" if frame < total - 1 else "step"
    return "move" if frame > 0 else "step"


@dataclass(frozen=True)
class Verdict:
    """The verdict: ``boxes`` in order, ``more`` (what happened at length) apart, and ``why``:
    the step's reasoning at length (Markdown), shown when the learner asks (*Why?*)."""

    boxes: tuple[Box, ...]
    more: Box | None = None
    why: str = ""


def muggins_frames(step: Step, n: Narrator, done: str = "") -> list[Frame]:
    """A walk-through step's moves (see :meth:`StepScreen.frames`); ``done``: the step's
    closing text (Markdown), said with the last move."""
    record = step.walk_through
    assert record is not None and record.judged_in is not None, "not a walk-through"
    before, judgement = record.judged_in, judged(record)
    shown = (record.mover,)
    frames: list[Frame] = []

    def frame(position: Position, marks: dict[Dest, str], caption: str, arrows: tuple[Arrow, ...]) -> None:
        frames.append(Frame(TableView(position, you=step.you, marks=marks, open_stocks=shown, show_mover=False,
                                      arrows=arrows), caption))

    recycling, recycled = "", []
    for event, after, sentence in n.steps(record):
        if isinstance(event, ev.Placed):
            frame(after, {event.dest: WRONG if event.error else PLACED},
                  paragraphs(sentence, n.judgement(judgement, before)), arrows_for([event]))
        elif isinstance(event, ev.Corrected):
            frame(after, {event.wrong: WRONG, event.right: RIGHT}, paragraphs(n.correction(record, before)),
                  arrows_for([event]))
        elif isinstance(event, ev.Recycled) and event.for_penalty:
            recycling, recycled = sentence + " ", [event]  # told and drawn with the card it gives
        elif isinstance(event, (ev.PenaltyCard, ev.NoPenaltyCard)):
            frame(after, {}, paragraphs(recycling + sentence), arrows_for([*recycled, event]))
            recycling, recycled = "", []
    summary = paragraphs(n.penalty_summary(record), n.turn_passes(record))
    frame(record.after, {record.placed: PLACED} if record.placed else {}, summary + ("\n\n" + done if done else ""), ())
    return frames


__all__ = [
    "BIG", "NEXT_KEYS", "Box", "Button", "Frame", "Layout", "LessonScreen", "LessonState", "StepAnswer", "StepScreen",
    "Verdict", "answer_key", "card_md", "checks_from_text", "checks_text", "choice_text", "done_from_text", "done_text",
    "follow_lesson", "muggins_frames", "next_action", "option_label", "pick_lesson", "question_lines", "question_view", "table_view",
]
