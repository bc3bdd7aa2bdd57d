"""Presenter mode without Streamlit: its typed state, the presenter's key presses, and what
a practice hand replayed on a projector shows turn by turn (issue 12).

:class:`PresenterState` is everything presenter mode keeps for one learner, under one
session key (:attr:`PresenterState.KEY`): whether it is on, the bigger table, the key
presses already applied, and for each practice hand the turn shown and whether its answer
is shown. :func:`fresh_presses` reads the browser's key count (not trusted).
:class:`PracticeReplay` is the screen model of a practice hand replayed: the heading, the
table to draw, the panel's words, and the actions (each with a *can* and a *do*):
:meth:`~PracticeReplay.back`, :meth:`~PracticeReplay.forward`, :meth:`~PracticeReplay.flip`.
The views (:mod:`tutorial.app.presenter.mode`, :mod:`tutorial.app.presenter.practice`)
only lay these out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from tutorial.app.shell.table_view import TableView
from tutorial.draw.scene import arrows_for
from tutorial.engine.rules import TurnRecord
from tutorial.narrate import Narrator
from tutorial.practice import PracticeGame

FORWARD, BACKWARD, STEP_ON, STEP_BACK, ANSWER, BIGGER, SMALLER = "n", "b", "N", "B", "a", "i", "o"
"""The presses the key counter reports: → (Page Down) forward, ← (Page Up) backward,
Shift+→ / Shift+← a whole step on or back (past a walk-through's moves), space the answer,
+ a bigger table, − the table back to its size."""
PRESSES = frozenset(FORWARD + BACKWARD + STEP_ON + STEP_BACK + ANSWER + BIGGER + SMALLER)
LOG = 64
"""Presses the browser keeps in its log: more than that between two runs are not applied."""
_EPOCH = re.compile(r"[0-9a-z]{1,16}")

Seen = tuple[str, int]
"""``(epoch, count)`` of the presses already applied."""
HandKey = tuple[str, int]
"""A practice hand: ``(deal code, hand index)``."""


@dataclass
class PresenterState:
    """Presenter mode for one learner (one session key, :attr:`KEY`).

    - ``on``: presenter mode is on (``None`` until seeded from the address, ``present=1``).
    - ``zoom``: the presenter asked for the bigger table.
    - ``seen``: the key presses already applied (:func:`fresh_presses`).
    - ``turns``: for each practice hand replayed, ``(turn shown, answer shown)`` (turn 0: the deal).
    """

    KEY: ClassVar[str] = "presenter"

    on: bool | None = None
    zoom: bool = False
    seen: Seen | None = None
    turns: dict[HandKey, tuple[int, bool]] = field(default_factory=dict)

    def address(self) -> dict[str, str | None]:
        """Its address form: ``present=1`` while on."""
        return {"present": "1" if self.on else None}


def fresh_presses(value: object, seen: Seen | None) -> tuple[str, Seen | None]:
    """The presses in ``value`` (the key counter's state, from the browser: not trusted) not
    yet applied, oldest first, and the new ``seen``. A new ``epoch`` (the counter was drawn
    anew: another page, presenter mode left and entered) counts from nothing; anything
    malformed applies nothing and changes nothing."""
    if not isinstance(value, Mapping):
        return "", seen
    epoch, total, log = value.get("epoch"), value.get("total"), value.get("log")
    if not (isinstance(epoch, str) and _EPOCH.fullmatch(epoch) and isinstance(total, int)
            and not isinstance(total, bool) and 0 <= total < 10**9 and isinstance(log, str)
            and len(log) <= LOG and set(log) <= PRESSES):
        return "", seen
    done = seen[1] if seen is not None and seen[0] == epoch else 0
    fresh = max(0, min(total - done, len(log)))
    return (log[len(log) - fresh:] if fresh else ""), (epoch, max(total, done))


@dataclass(frozen=True)
class ModeWords:
    """The words of presenter mode's own controls, in the learner's language."""

    zoom: str
    zoom_help: str
    leave: str
    leave_help: str

    @classmethod
    def of(cls, n: Narrator, *, zoomed: bool, keyboard: bool = True) -> ModeWords:
        """The words for the table's size now (``zoomed``), and *Leave* with Esc (``keyboard``) or not."""
        _ = n._
        return cls(zoom=_("Smaller table") if zoomed else _("Bigger table"),
                   zoom_help=_("The table at its size (−)") if zoomed else _("A bigger table, for the back of the room (+)"),
                   leave=_("Leave"),
                   leave_help=_("Leave presenter mode (Esc)") if keyboard else _("Leave presenter mode"))


@dataclass(frozen=True)
class ReplayBoard:
    """The table of the turn shown, and its widget key."""

    view: TableView
    key: str


@dataclass(frozen=True)
class ReplayPanel:
    """Beside the table: a ``heading``; ``lines`` (plain paragraphs); or the ``question``
    (bold), or the ``answer`` with its ``right`` tone (``None``: neither right nor wrong, a
    pass); the hand's ``outcome`` at its last turn; and a ``note`` while the hand is still
    being played."""

    heading: str
    lines: tuple[str, ...] = ()
    question: str | None = None
    answer: tuple[str, ...] = ()
    right: bool | None = None
    outcome: str | None = None
    note: str | None = None


class PracticeReplay:
    """A practice hand replayed on a projector, turn by turn: each turn first a question (the
    turned card on the table, "where must it go?"), then on request where it went and
    whether that was right. ``state`` keeps the turn shown per hand; ``narrator`` words it
    (the learner's seat as "you")."""

    def __init__(self, game: PracticeGame, state: PresenterState, narrator: Narrator):
        self.game = game
        self.state = state
        self.n = narrator

    # ----- where the presenter is --------------------------------------------------------------
    @property
    def hand_key(self) -> HandKey:
        return str(self.game.code), self.game.hand_index

    @property
    def last(self) -> int:
        """The turns played in the hand so far."""
        return len(self.game.hand.records)

    def place(self) -> tuple[int, bool]:
        """The turn shown (0 = the hand as dealt) and whether its answer is shown."""
        turn, shown = self.state.turns.get(self.hand_key, (0, False))
        return max(0, min(turn, self.last)), shown

    def record(self) -> TurnRecord | None:
        """The record of the turn shown (``None`` for the deal)."""
        turn, _shown = self.place()
        return self.game.hand.records[turn - 1] if turn else None

    # ----- actions -------------------------------------------------------------------------------
    def can_back(self) -> bool:
        """*Back* acts: a turn is shown."""
        return self.place()[0] > 0

    def back(self) -> None:
        """One turn back, its answer shown."""
        self.move_by(-1)

    def can_forward(self) -> bool:
        """*Next* acts: a later turn was played."""
        return self.place()[0] < self.last

    def forward(self) -> None:
        """One turn on, its answer hidden."""
        self.move_by(1)

    def move_by(self, delta: int) -> None:
        """``delta`` turns on (answer hidden) or back (answer shown) from the turn shown *now*,
        so quick presses each count."""
        turn, _shown = self.place()
        new = max(0, min(turn + delta, self.last))
        self.state.turns[self.hand_key] = (new, delta < 0 and new > 0)

    def can_flip(self) -> bool:
        """*Show the answer* / *Hide the answer* is shown: the turn shown placed a card."""
        record = self.record()
        return record is not None and record.card is not None

    def flip(self) -> None:
        """Show or hide the answer of the turn shown."""
        if self.can_flip():
            turn, shown = self.place()
            self.state.turns[self.hand_key] = (turn, not shown)

    # ----- what is shown ---------------------------------------------------------------------------
    def heading(self) -> str:
        """The line above the table: the deal and the turn."""
        _ = self.n._
        turn, _shown = self.place()
        return _("Deal {code}").format(code=self.game.match.deal_code(self.game.hand_index)) + " · " + (
            _("Turn {turn} of {last}").format(turn=turn, last=self.last) if turn else _("The deal"))

    def dealer(self) -> str:
        return self.game.hand.start.players[self.game.dealer]

    def board(self) -> ReplayBoard:
        """The table: the deal, the turn's card before it is placed, or the table after it."""
        game, record = self.game, self.record()
        _turn, shown = self.place()
        you, dealer = game.learner, self.dealer()
        if record is None:
            return ReplayBoard(TableView(game.hand.start, you=you, dealer=dealer), "present-deal")
        if shown or record.judged_in is None:
            return ReplayBoard(TableView(record.after, you=you, marked={record.placed} if record.placed else set(),
                                         show_mover=False, dealer=dealer, arrows=arrows_for(record.events)),
                               "present-after")
        return ReplayBoard(TableView(record.judged_in, turned=record.card, you=you, dealer=dealer), "present-before")

    def panel(self) -> ReplayPanel:
        """The words beside the table."""
        n, game = self.n, self.game
        _ = n._
        turn, shown = self.place()
        record = self.record()
        note = None
        if self.last and not game.hand_over and turn == self.last:
            note = _("The hand is still being played: the replay ends at the last turn played so far. Play on "
                     "in Practice to add turns.")
        if record is None:
            start = game.hand.start
            lines = [_("Dealer: {dealer}").format(dealer=self.dealer()) + ".", *n.table_lines(start, mover=start.mover)[:2]]
            if not self.last:
                lines.append(_("No turn has been played in this hand yet: play it on the Practice page, then "
                               "present it here turn by turn."))
            return ReplayPanel(_("The deal"), lines=tuple(lines), note=note)
        heading = _("Turn {turn} of {last}").format(turn=turn, last=self.last)
        outcome = None
        if turn == self.last and game.hand.outcome is not None and (shown or record.card is None):
            outcome = n.outcome(game.hand.outcome)
        if record.card is None or record.judged_in is None:
            return ReplayPanel(heading, lines=(n.turn_line(record),), outcome=outcome, note=note)
        if not shown:
            question = (_("You turn up {card}. Where must it go?") if n.is_you(record.mover)
                        else _("{player} turns up {card}. Where must it go?"))
            return ReplayPanel(heading, question=question.format(card=n.card(record.card), player=record.mover),
                               outcome=outcome, note=note)
        verdict = record.judgement
        answer = (n.turn_line(record), n.judgement(verdict, record.judged_in)) if verdict else (n.turn_line(record),)
        return ReplayPanel(heading, answer=answer, right=verdict is None or verdict.ok, outcome=outcome, note=note)

    def answer_label(self) -> str:
        """The label of the answer's button."""
        return self.n._("Hide the answer") if self.place()[1] else self.n._("Show the answer")
