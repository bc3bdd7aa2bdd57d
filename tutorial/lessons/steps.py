"""Lesson steps: one class per kind, each with its own fields and its own check.

A kind is one class here, registered with :func:`kind`: its ``keys`` (the
fields a lesson file may give it besides the common ones), whether it needs a
position, whether the learner answers it, its translatable texts besides the
common ones (:meth:`Step.extra_texts`, for the Babel extractor) and
:meth:`Step.build`, which reads the file's values, recomputes every stated
answer with the engine and reports each disagreement at the line of the
offending key. Adding a kind means adding one class (and, in the app, a
screen for it).

Every text field holds the English source text, which is also the gettext
message id.

**Step behaviour lives on the step** (issue 18): every screen (a lesson, presenter mode,
the class room) asks the step, never its ``kind``: :attr:`Step.answered_by` (how the
learner answers it: an :class:`AnswerMode`), :meth:`Step.options` (the answers offered),
:meth:`Step.judge` (a :class:`StepVerdict` for a choice), :attr:`Step.right`,
:attr:`Step.has_table` and :attr:`Step.askable` (a class can be asked it). This module's
registry (:data:`KINDS`) is the only place that knows the kinds by name.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar

from ..engine.cards import Card, CardError
from ..engine.deal import COUNTS, MAX_SEED, DealCode, deal
from ..engine.errors import PositionError
from ..engine.events import Event
from ..engine.position import Dest, Position
from ..engine.rules import Judgement, Legal, TurnRecord, TurnUp, complete_turn, judge, legal_destinations, place, turn_up

Raw = dict[str, Any]
"""A step's table as read from its file (or the common values already checked)."""
KeyPath = tuple[str | int, ...]
"""Where a value is, relative to the step: ``("choices", 2)``."""
Report = Callable[..., None]
"""``report(where, code, **params)``: a problem of the step at its key ``where`` (a key
name, a key path relative to the step, or ``""`` for the step itself)."""

COMMON_KEYS = frozenset({"id", "kind", "title", "text", "hint", "done", "reason", "position", "check", "you", "teaches"})
TEXT_FIELDS = ("title", "text", "hint", "done", "reason")
PASS = "pass"
"""The answer of a ``next-card`` step whose mover has no card (R2)."""

def N_(message: str) -> str:
    """Mark a message id for extraction (translated where it is shown)."""
    return message


class AnswerMode(StrEnum):
    """How a step is answered on screen (a screen lays out a mode, never a kind)."""

    READ = "read"  # nothing to answer: text, maybe a table
    PILE = "pile"  # click the pile on the table where the turned card must go
    OPTION = "option"  # pick one of :meth:`Step.options`
    MOVES = "moves"  # watch a call move by move (Previous move / Next move)
    DEAL = "deal"  # choose a number of players and see the deal


@dataclass(frozen=True)
class Option:
    """One answer a step offers. ``value`` is what is recorded and judged; ``label`` an
    English message id (translated where shown; a lesson's own text for a quiz, a number
    for a count), empty when the option is the ``card`` itself."""

    value: str
    label: str = ""
    card: Card | None = None


@dataclass(frozen=True)
class StepVerdict:
    """A choice judged: ``right``, and ``code``: ``"right"``, ``"wrong"`` or, for a pile,
    the §muggins error kind the placement would be (an ``ErrorKind`` value)."""

    choice: str
    right: bool
    code: str


@dataclass(frozen=True)
class Shown:
    """What a step's table shows (plain data: the screens draw it). ``moved``: ``(mover,
    pile)``, an arrow from the mover's turned card to the pile; ``events``: what happened,
    drawn as arrows."""

    position: Position
    turned: Card | None = None
    marked: frozenset[Dest] = frozenset()
    open_discards: tuple[str, ...] = ()
    show_mover: bool = True
    moved: tuple[str, Dest] | None = None
    events: tuple[Event, ...] = ()


RIGHT, WRONG = "right", "wrong"

KINDS: dict[str, type[Step]] = {}
"""Every step kind by name, in the order they were registered."""


def kind(cls: type[Step]) -> type[Step]:
    """Register a step class under its ``kind`` (a class decorator)."""
    KINDS[cls.kind] = cls
    return cls


@dataclass(frozen=True)
class Step:
    """What every step has.

    - ``id``: stable within the lesson (progress and translation comments use it).
    - ``title``, ``text``, ``hint``, ``done``, ``reason``: English source text (``done`` is
      shown once the step is answered or watched to the end, ``reason`` — the reasoning at
      length — under *Why?* beside it, for a learner who asks).
    - ``position``: the position shown, or ``None``.
    - ``check``: the step counts in the lesson's end-of-lesson check.
    - ``you``: the seat the learner sits in (told in the second person, marked
      “you” on the table), or ``None`` when nobody at the table is the learner.
    - ``teaches``: the rules the step teaches (a check step: asks), by id — a section
      (``§priority``), a ruling (``R3``), an error kind (``common-first``): the course's
      coverage table (:mod:`tutorial.lessons.coverage`).
    - ``line``: the line of the step in its file.
    """

    kind: ClassVar[str] = ""
    keys: ClassVar[frozenset[str]] = frozenset()
    needs_position: ClassVar[bool] = False
    answered: ClassVar[bool] = False
    answered_by: ClassVar[AnswerMode] = AnswerMode.READ
    tabled: ClassVar[bool] = False
    """Drawn with a table even without a position of its own (a deal step deals one)."""

    id: str
    title: str
    text: str
    hint: str = ""
    done: str = ""
    reason: str = ""
    position: Position | None = None
    check: bool = False
    you: str | None = None
    teaches: tuple[str, ...] = ()
    line: int = 0

    @classmethod
    def default_you(cls, position: Position | None) -> str | None:
        """The learner's seat when the file does not say: nobody."""
        return None

    @property
    def right(self) -> tuple[str, ...]:
        """The answers the engine accepts, as the values the screens offer (``()`` for a
        step with nothing to answer): e.g. ``("common:1", "common:3")``, ``("call",)``."""
        return ()

    @property
    def has_table(self) -> bool:
        """The step is drawn with a table."""
        return self.tabled or self.position is not None

    @property
    def askable(self) -> bool:
        """A class can be asked this step: it is answered with one pick (a pile or an option)."""
        return self.answered_by in (AnswerMode.PILE, AnswerMode.OPTION)

    def options(self) -> tuple[Option, ...]:
        """The answers offered, in order (``()`` unless :attr:`answered_by` is ``OPTION``)."""
        return ()

    def table(self, answered: str | None = None) -> Shown | None:
        """What the step's table shows: as asked (``answered`` ``None``), or once answered
        right with ``answered``; ``None`` for a step without a table of its own."""
        return Shown(self.position) if self.position is not None else None

    @property
    def question_cards(self) -> tuple[Card, ...]:
        """Cards the question shows on their own, large (none unless the step asks about them)."""
        return ()

    @property
    def walk_through(self) -> TurnRecord | None:
        """The turn a ``MOVES`` step shows move by move (``None`` for any other step)."""
        return None

    @property
    def counts(self) -> tuple[int, ...]:
        """The numbers of players a ``DEAL`` step offers (``()`` for any other step)."""
        return ()

    def deal_for(self, players: int) -> tuple[Position, int]:
        """A ``DEAL`` step's deal for ``players``: the position and the dealer's seat."""
        raise ValueError(f"step {self.id!r} deals nothing")

    def judge(self, choice: str) -> StepVerdict:
        """``choice`` (a value of :meth:`options`, or a pile's text ``common:2`` /
        ``discard:B`` for a ``PILE`` step) judged. Raises :class:`PositionError` for a pile
        that is not on the table or text that names no pile."""
        right = choice in self.right
        return StepVerdict(choice, right, RIGHT if right else WRONG)

    @classmethod
    def build(cls, common: Raw, raw: Raw, report: Report) -> Step | None:
        """The step from the common values (already checked) and the file's ``raw``
        table, or ``None`` after reporting each problem. May raise
        :class:`PositionError` whose ``at`` is a key path relative to the step."""
        return cls(**common)

    @classmethod
    def extra_texts(cls, raw: Raw) -> Iterator[tuple[KeyPath, str, str]]:
        """Translatable texts besides the common ones: ``(key path, text, label)``."""
        return iter(())


# ----- shared checks -------------------------------------------------------------------
def shown(value: Any) -> str:
    """A TOML value as the lesson author wrote it, near enough: text as is, the rest as JSON."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def cards_of(values: Any, field: str) -> list[Card]:
    """Cards from a list of card texts; errors carry ``at`` relative to the step."""
    if not isinstance(values, list):
        raise PositionError("bad-field", field=field, at=(field,))
    out = []
    for number, value in enumerate(values):
        try:
            out.append(Card.parse(value))
        except CardError as err:
            raise PositionError("unknown-card", card=value if isinstance(value, str) else err.text,
                                at=(field, number)) from None
    return out


def dest_of(text: Any, position: Position, at: KeyPath) -> Dest:
    try:
        return position.check_dest(Dest.parse(text))
    except PositionError as err:
        raise PositionError(err.code, **{**err.params, "at": at}) from None


def answer_of(raw: Raw, report: Report, key: str = "answer") -> tuple[bool, Any]:
    """``(present, value)`` of the step's answer; a missing one is reported."""
    if key not in raw:
        report("", "missing-answer")
        return False, None
    return True, raw[key]


def one_of(value: Any, choices: tuple[str, ...], step_kind: str, report: Report) -> bool:
    """True when ``value`` is one of ``choices``; else an ``invalid-answer`` is reported."""
    if isinstance(value, str) and value in choices:
        return True
    report("answer", "invalid-answer", answer=shown(value), kind=step_kind, choices=choices)
    return False


def disagree(report: Report, key: str, stated: Any, engine: Any) -> None:
    report(key, "answer-disagrees", stated=shown(stated), engine=str(engine))


# ----- the kinds ------------------------------------------------------------------------
@kind
@dataclass(frozen=True)
class Explain(Step):
    """Text to read, and optionally a position to look at."""

    kind: ClassVar[str] = "explain"


@dataclass(frozen=True)
class TurnStep(Step):
    """A step about the mover's next card: the engine turns it up exactly as in a game
    (the discard is turned over first when the stock is empty).

    - ``turned``: the turn-up; ``legal``: the correct destinations of its card.
    """

    needs_position: ClassVar[bool] = True
    needs_card: ClassVar[bool] = True

    turned: TurnUp = field(kw_only=True)
    legal: Legal = field(kw_only=True)

    @classmethod
    def default_you(cls, position: Position | None) -> str | None:
        """The learner plays the mover's turn."""
        return position.mover if position is not None else None

    @classmethod
    def build(cls, common: Raw, raw: Raw, report: Report) -> Step | None:
        position = common["position"]
        turned = turn_up(position)
        if turned.card is None and cls.needs_card:
            report("position", "mover-has-no-card", player=position.mover)
            return None
        legal = legal_destinations(turned.position, turned.card)
        return cls.check_turn(common, raw, turned, legal, report)

    @classmethod
    def check_turn(cls, common: Raw, raw: Raw, turned: TurnUp, legal: Legal, report: Report) -> Step | None:
        raise NotImplementedError

    @property
    def card(self) -> Card:
        """The card the mover turned up (a step about a pass has none: :attr:`turned`)."""
        assert self.turned.card is not None, "the mover passes: no card"
        return self.turned.card


@kind
@dataclass(frozen=True)
class Place(TurnStep):
    """The learner clicks the pile where the mover's turned card must go.
    File: ``answer`` lists **every** correct destination."""

    kind: ClassVar[str] = "place"
    keys: ClassVar[frozenset[str]] = frozenset({"answer"})
    answered: ClassVar[bool] = True
    answered_by: ClassVar[AnswerMode] = AnswerMode.PILE
    tabled: ClassVar[bool] = True

    @classmethod
    def check_turn(cls, common: Raw, raw: Raw, turned: TurnUp, legal: Legal, report: Report) -> Step | None:
        present, answer = answer_of(raw, report)
        if not present:
            return None
        if not isinstance(answer, list) or not answer:
            report("answer", "invalid-answer", answer=shown(answer), kind=cls.kind)
            return None
        stated = [dest_of(a, turned.position, ("answer", number)) for number, a in enumerate(answer)]
        if set(stated) != set(legal.dests):
            disagree(report, "answer", ", ".join(map(str, stated)), ", ".join(map(str, legal.dests)))
            return None
        return cls(**common, turned=turned, legal=legal)

    @property
    def right(self) -> tuple[str, ...]:
        return tuple(str(dest) for dest in self.legal.dests)

    def table(self, answered: str | None = None) -> Shown | None:
        turned = self.turned
        if answered is None:
            return Shown(turned.position, turned=self.card)
        dest = Dest.parse(answered)  # the move is made: nobody is shown "to move" any more
        return Shown(place(turned.position, self.card, dest), marked=frozenset({dest}), show_mover=False,
                     moved=(turned.position.mover, dest))

    def judge(self, choice: str) -> StepVerdict:
        dest = self.turned.position.check_dest(Dest.parse(choice))
        verdict = judge(self.turned.position, self.card, dest, self.legal)
        return StepVerdict(choice, verdict.ok, RIGHT if verdict.ok else str(verdict.error))


def judged(record: TurnRecord) -> Judgement:
    """The verdict on a turn's placement (a turn that passed has none)."""
    assert record.judgement is not None, "the mover passed: no placement"
    return record.judgement


class Recorded:
    """A step about a placement the engine has played out (:attr:`record`): the position
    it was judged in, the verdict and the card placed."""

    record: TurnRecord

    @property
    def judged_in(self) -> Position:
        assert self.record.judged_in is not None, "the mover passed: no placement"
        return self.record.judged_in

    @property
    def judgement(self) -> Judgement:
        return judged(self.record)

    @property
    def placed_card(self) -> Card:
        assert self.record.card is not None, "the mover passed: no card"
        return self.record.card


@kind
@dataclass(frozen=True)
class Muggins(Recorded, TurnStep):
    """A wrong placement is called and shown move by move: the placement, the correction,
    each donor's penalty card, then the summary.

    File: ``play`` (the wrong destination); optional checks: ``error``, ``placed``
    (where the card is moved), ``penalty`` (``["B:KC", …]`` in the order given),
    ``stock`` and ``discard`` (the offender's piles afterwards; the stock top
    first, the discard bottom to top), ``next`` (who moves next). ``called =
    false``: nobody calls, and the finish check of R11 catches the error (only
    on the offender's last card). ``record``: the engine's record of the turn.
    """

    kind: ClassVar[str] = "muggins"
    answered_by: ClassVar[AnswerMode] = AnswerMode.MOVES
    tabled: ClassVar[bool] = True
    keys: ClassVar[frozenset[str]] = frozenset({"play", "error", "placed", "penalty", "stock", "discard", "next", "called"})

    record: TurnRecord = field(kw_only=True)

    @classmethod
    def check_turn(cls, common: Raw, raw: Raw, turned: TurnUp, legal: Legal, report: Report) -> Step | None:
        present, play = answer_of(raw, report, "play")
        if not present:
            return None
        dest = dest_of(play, turned.position, ("play",))
        called = raw.get("called", True)
        if not isinstance(called, bool):
            raise PositionError("bad-field", field="called", at=("called",))
        record = complete_turn(turned, dest, called=called, before=common["position"])
        if judged(record).error is None:
            disagree(report, "play", f"{play}: muggins", f"{play}: legal")
            return None
        if not record.called:  # called = false, and not a last card: the error stands, there is nothing to show
            disagree(report, "called", "the finish check corrects it", "the error stands (it is not the last card)")
            return None
        after, offender = record.after, record.mover
        engine = {
            "error": judged(record).error,
            "placed": str(record.placed),
            "penalty": ", ".join(f"{g.donor}:{g.card}" for g in record.penalty),
            "stock": " ".join(map(str, after.stock_of(offender))),
            "discard": " ".join(map(str, after.discard_of(offender))),
            "next": after.mover,
        }
        for key in ("error", "placed", "penalty", "stock", "discard", "next"):
            if key not in raw:
                continue
            stated = _stated(key, raw[key], turned.position)
            if stated != engine[key]:
                disagree(report, key, stated, engine[key] or "(nothing)")
                return None
        return cls(**common, turned=turned, legal=legal, record=record)

    @property
    def walk_through(self) -> TurnRecord | None:
        return self.record


def _stated(key: str, value: Any, position: Position) -> str:
    """A muggins step's stated value in the engine's form (raises ``PositionError`` with ``at``)."""
    if key == "placed":
        return str(dest_of(value, position, ("placed",)))
    if key == "penalty":
        if not isinstance(value, list):
            raise PositionError("bad-field", field="penalty", at=("penalty",))
        gifts = []
        for number, text in enumerate(value):
            if not isinstance(text, str) or ":" not in text:
                raise PositionError("bad-field", field="penalty", at=("penalty", number))
            donor, _, card = text.rpartition(":")
            try:
                gifts.append(f"{donor.strip()}:{Card.parse(card)}")
            except CardError:
                raise PositionError("unknown-card", card=card, at=("penalty", number)) from None
        return ", ".join(gifts)
    if key in ("stock", "discard"):
        return " ".join(map(str, cards_of(value, key)))
    return value if isinstance(value, str) else shown(value)


@kind
@dataclass(frozen=True)
class NextCard(TurnStep):
    """The learner picks which card the mover turns up next — or that the mover has no
    card and passes (R2).

    File: ``answer`` (a card, or ``"pass"``); ``choices`` (the cards offered, the
    answer among them; ``"pass"`` may be one). ``choices`` here: the cards
    offered; ``offers_pass``: “passes” is offered too.
    """

    kind: ClassVar[str] = "next-card"
    keys: ClassVar[frozenset[str]] = frozenset({"answer", "choices"})
    answered: ClassVar[bool] = True
    answered_by: ClassVar[AnswerMode] = AnswerMode.OPTION
    tabled: ClassVar[bool] = True
    needs_card: ClassVar[bool] = False

    choices: tuple[Card, ...] = ()
    offers_pass: bool = False

    @classmethod
    def check_turn(cls, common: Raw, raw: Raw, turned: TurnUp, legal: Legal, report: Report) -> Step | None:
        present, answer = answer_of(raw, report)
        if not present:
            return None
        if not isinstance(answer, str):
            report("answer", "invalid-answer", answer=shown(answer), kind=cls.kind)
            return None
        offered = raw.get("choices", [])
        if not isinstance(offered, list):
            raise PositionError("bad-field", field="choices", at=("choices",))
        offers_pass = PASS in offered
        numbered = [(number, value) for number, value in enumerate(offered) if value != PASS]
        choices = []
        for number, value in numbered:  # each card reported at its own place in the list
            try:
                choices.append(Card.parse(value))
            except CardError as err:
                raise PositionError("unknown-card", card=value if isinstance(value, str) else err.text,
                                    at=("choices", number)) from None
        engine = PASS if turned.card is None else str(turned.card)
        if answer.strip().lower() == PASS:
            stated = PASS
        else:
            try:
                stated = str(Card.parse(answer))
            except CardError:
                raise PositionError("unknown-card", card=answer, at=("answer",)) from None
        if stated != engine:
            disagree(report, "answer", stated, engine)
            return None
        if (engine == PASS and not offers_pass) or (engine != PASS and turned.card not in choices):
            report("choices", "answer-not-offered", card=engine)
            return None
        for (number, _value), card, earlier in zip(numbered, choices, range(len(choices)), strict=True):
            if card in choices[:earlier]:
                report(("choices", number), "duplicate-card", card=str(card))
                return None
        return cls(**common, turned=turned, legal=legal, choices=tuple(choices), offers_pass=offers_pass)

    @property
    def right(self) -> tuple[str, ...]:
        return (PASS if self.turned.card is None else str(self.turned.card),)

    def table(self, answered: str | None = None) -> Shown | None:
        """The mover's discard open: a recycle turns it over."""
        assert self.position is not None
        return Shown(self.position, open_discards=(self.position.mover,))

    def options(self) -> tuple[Option, ...]:
        cards = tuple(Option(str(card), card=card) for card in self.choices)
        return cards + (Option(PASS, N_("None: a pass")),) if self.offers_pass else cards


@kind
@dataclass(frozen=True)
class Call(Recorded, TurnStep):
    """Another player has placed their turned card on ``play``; the learner calls
    “Muggins!” or not. ``answer`` is ``call`` exactly when the placement is an error
    and the call is in time; ``late = true``: the next card has been turned up, so
    the error stands. Optional ``error`` check.

    ``record``: the engine's record of the turn as called; ``call``: calling is
    right; ``late``.
    """

    kind: ClassVar[str] = "call"
    keys: ClassVar[frozenset[str]] = frozenset({"play", "answer", "late", "error"})
    answered: ClassVar[bool] = True
    answered_by: ClassVar[AnswerMode] = AnswerMode.OPTION
    tabled: ClassVar[bool] = True

    record: TurnRecord = field(kw_only=True)
    call: bool = False
    late: bool = False

    @classmethod
    def default_you(cls, position: Position | None) -> str | None:
        """The learner watches from the first seat (nobody, if that seat is the mover)."""
        if position is None or position.to_move == 0:
            return None
        return position.players[0]

    @classmethod
    def check_turn(cls, common: Raw, raw: Raw, turned: TurnUp, legal: Legal, report: Report) -> Step | None:
        present, play = answer_of(raw, report, "play")
        if not present:
            return None
        late = raw.get("late", False)
        if not isinstance(late, bool):
            raise PositionError("bad-field", field="late", at=("late",))
        dest = dest_of(play, turned.position, ("play",))
        # in time: the learner's call settles it; too late: it stands — unless it was the
        # mover's last card, which the finish check corrects anyway (R11)
        record = complete_turn(turned, dest, called=not late, before=common["position"])
        error = judged(record).error
        if late and record.checked:  # a last card is checked before the next card can come up (R11)
            disagree(report, "late", "too late to call", "the finish check settles a last card at once (R11)")
            return None
        engine = "call" if error is not None and not late else "accept"
        present, answer = answer_of(raw, report)
        if not present or not one_of(answer, ("call", "accept"), cls.kind, report):
            return None
        if answer != engine:
            disagree(report, "answer", answer, engine)
            return None
        if "error" in raw and raw["error"] != error:
            disagree(report, "error", raw["error"], error)
            return None
        return cls(**common, turned=turned, legal=legal, record=record, call=engine == "call", late=late)

    @property
    def right(self) -> tuple[str, ...]:
        return ("call" if self.call else "accept",)

    def options(self) -> tuple[Option, ...]:
        return (Option("call", N_("Call “Muggins!”")), Option("accept", N_("No call")))

    def table(self, answered: str | None = None) -> Shown | None:
        """The placement to call or not; after a right call: the card moved, the penalty given."""
        record = self.record
        if answered is not None and self.call:
            return Shown(record.after, marked=frozenset({record.placed}) if record.placed else frozenset(),
                         show_mover=False, events=tuple(record.events))
        before, dest = self.judged_in, self.judgement.dest
        return Shown(place(before, self.placed_card, dest), marked=frozenset({dest}), show_mover=False,
                     moved=(before.mover, dest))


@kind
@dataclass(frozen=True)
class Fits(Step):
    """The learner says whether two ``cards`` fit (``answer``: ``fit`` or ``no-fit``)."""

    kind: ClassVar[str] = "fits"
    keys: ClassVar[frozenset[str]] = frozenset({"cards", "answer"})
    answered: ClassVar[bool] = True
    answered_by: ClassVar[AnswerMode] = AnswerMode.OPTION

    cards: tuple[Card, ...] = ()
    fit: bool = False

    @classmethod
    def build(cls, common: Raw, raw: Raw, report: Report) -> Step | None:
        cards = cards_of(raw.get("cards"), "cards")
        if len(cards) != 2 or cards[0] == cards[1]:
            raise PositionError("bad-field", field="cards", at=("cards",))
        fit = cards[0].fits(cards[1])
        present, answer = answer_of(raw, report)
        if not present or not one_of(answer, ("fit", "no-fit"), cls.kind, report):
            return None
        engine = "fit" if fit else "no-fit"
        if answer != engine:
            disagree(report, "answer", answer, engine)
            return None
        return cls(**common, cards=tuple(cards), fit=fit)

    @property
    def right(self) -> tuple[str, ...]:
        return ("fit" if self.fit else "no-fit",)

    def options(self) -> tuple[Option, ...]:
        return (Option("fit", N_("They fit")), Option("no-fit", N_("They do not fit")))

    @property
    def question_cards(self) -> tuple[Card, ...]:
        return self.cards


@kind
@dataclass(frozen=True)
class Count(Step):
    """The learner picks a number from the §counts table: for ``players`` (3–7),
    ``ask`` = ``cards`` (cards each) or ``commons`` (common piles); ``answer``."""

    kind: ClassVar[str] = "count"
    keys: ClassVar[frozenset[str]] = frozenset({"players", "ask", "answer"})
    answered: ClassVar[bool] = True
    answered_by: ClassVar[AnswerMode] = AnswerMode.OPTION

    players: int = 4
    ask: str = "cards"
    number: int = 0

    @classmethod
    def build(cls, common: Raw, raw: Raw, report: Report) -> Step | None:
        players, ask = raw.get("players"), raw.get("ask")
        if not is_int(players):
            raise PositionError("bad-field", field="players", at=("players",))
        if players not in COUNTS:
            raise PositionError("player-count", count=players, at=("players",))
        if ask not in ("cards", "commons"):
            raise PositionError("bad-field", field="ask", at=("ask",))
        engine = COUNTS[players][0 if ask == "cards" else 1]
        present, answer = answer_of(raw, report)
        if not present:
            return None
        if not is_int(answer):
            report("answer", "invalid-answer", answer=shown(answer), kind=cls.kind)
            return None
        if answer != engine:
            disagree(report, "answer", answer, engine)
            return None
        return cls(**common, players=players, ask=ask, number=engine)

    @property
    def right(self) -> tuple[str, ...]:
        return (str(self.number),)

    def options(self) -> tuple[Option, ...]:
        index = 0 if self.ask == "cards" else 1
        return tuple(Option(str(v), str(v)) for v in sorted({counts[index] for counts in COUNTS.values()}))


@kind
@dataclass(frozen=True)
class Quiz(Step):
    """The learner picks the right statement among ``choices`` (``answer``: the 1-based
    number of the right one). Optional ``why``: for each choice, why it is right or
    wrong (shown after that choice is picked). Not engine-checked: only for facts no
    position can show."""

    kind: ClassVar[str] = "quiz"
    keys: ClassVar[frozenset[str]] = frozenset({"choices", "answer", "why"})
    answered: ClassVar[bool] = True
    answered_by: ClassVar[AnswerMode] = AnswerMode.OPTION

    choices: tuple[str, ...] = ()
    """The statements offered (lesson text, English message ids)."""
    why: tuple[str, ...] = ()
    number: int = 0

    @classmethod
    def build(cls, common: Raw, raw: Raw, report: Report) -> Step | None:
        choices = _texts(raw, "choices", at_least=2)
        why = _texts(raw, "why", at_least=len(choices)) if "why" in raw else ()
        if why and len(why) != len(choices):
            raise PositionError("bad-field", field="why", at=("why",))
        present, answer = answer_of(raw, report)
        if not present:
            return None
        if not is_int(answer):
            report("answer", "invalid-answer", answer=shown(answer), kind=cls.kind)
            return None
        if not 1 <= answer <= len(choices):
            report("answer", "answer-out-of-range", answer=str(answer), low=1, high=len(choices))
            return None
        return cls(**common, choices=tuple(choices), why=tuple(why), number=answer - 1)

    @property
    def right(self) -> tuple[str, ...]:
        return (str(self.number),)

    def options(self) -> tuple[Option, ...]:
        return tuple(Option(str(i), text) for i, text in enumerate(self.choices))

    @classmethod
    def extra_texts(cls, raw: Raw) -> Iterator[tuple[KeyPath, str, str]]:
        for key, label in (("choices", "choice"), ("why", "why")):
            values = raw.get(key)
            if isinstance(values, list):
                for number, value in enumerate(values, start=1):
                    if isinstance(value, str) and value.strip():
                        yield (key, number - 1), value, f"{label} {number}"


def _texts(raw: Raw, key: str, *, at_least: int) -> list[str]:
    values = raw.get(key)
    if not isinstance(values, list) or len(values) < at_least:
        raise PositionError("bad-field", field=key, at=(key,))
    for number, value in enumerate(values):
        if not isinstance(value, str) or not value.strip() or (key == "choices" and value in values[:number]):
            raise PositionError("bad-field", field=key, at=(key, number))
    return values


@kind
@dataclass(frozen=True)
class Deal(Step):
    """The learner picks a number of players and sees the deal (optional ``players``:
    the counts offered, default 3–7; ``seed``). The dealer stays in seat A whatever
    the count, so only the count changes what is seen."""

    kind: ClassVar[str] = "deal"
    keys: ClassVar[frozenset[str]] = frozenset({"players", "seed"})
    answered_by: ClassVar[AnswerMode] = AnswerMode.DEAL
    tabled: ClassVar[bool] = True

    players: tuple[int, ...] = ()
    seed: int = 1

    @classmethod
    def build(cls, common: Raw, raw: Raw, report: Report) -> Step | None:
        players = raw.get("players", sorted(COUNTS))
        seed = raw.get("seed", 1)
        if not isinstance(players, list) or not players:
            raise PositionError("bad-field", field="players", at=("players",))
        for number, count in enumerate(players):
            if not is_int(count) or count in players[:number]:  # each count offered once
                raise PositionError("bad-field", field="players", at=("players", number))
            if count not in COUNTS:
                raise PositionError("player-count", count=count, at=("players", number))
        if not is_int(seed) or not 0 <= seed < MAX_SEED:
            raise PositionError("bad-field", field="seed", at=("seed",))
        return cls(**common, players=tuple(players), seed=seed)

    @property
    def counts(self) -> tuple[int, ...]:
        return self.players

    def deal_for(self, players: int) -> tuple[Position, int]:
        """The dealer stays in seat A whatever the count, so only the count changes what is seen."""
        return deal(DealCode(players, self.seed), dealer=0)


STEP_KINDS = tuple(KINDS)
ANSWERED_KINDS = tuple(name for name, cls in KINDS.items() if cls.answered)
COMMON_FIELDS = tuple(field.name for field in fields(Step))
