"""The position lab's playout, without Streamlit: a rule-perfect playout (R8) of the position,
stepped turn by turn — start, back, forward, end, or any turn by the slider — each turn in words
(the narrator's) and as the table to draw. :class:`PlayoutState` is the learner's place in it;
issue 20's branching play (a line of moves from any pile clicked, its branches, a move list)
grows it into a line of moves."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutorial.app.shell.table_view import TableView
from tutorial.draw.scene import arrows_for
from tutorial.engine.playout import Outcome
from tutorial.engine.posfile import loads
from tutorial.engine.position import Position
from tutorial.engine.rules import TurnRecord
from tutorial.explore.players import Seat
from tutorial.explore.reference import play_hand
from tutorial.explore.study import DEFAULT_MAX_TURNS
from tutorial.narrate import Narrator

PLAYOUT_TURNS = DEFAULT_MAX_TURNS
"""The turn limit of the lab's playout (R7), the studies' own: 20,000 turns (a three-player
hand that still runs then is drawn, as in the variant lab)."""
STEPS = ("first", "back", "forward", "end")
"""The playout's step buttons, in order."""

Played = tuple[tuple[TurnRecord, ...], Outcome | None]
"""A playout: every turn's record, and how the hand ended."""


ERRORS, ALERT = 15, 50
"""The playout's players when they make errors (per cent): as the computer players of the
Practice page's Table mode by default."""


def play_out(text: str, careless: bool = False) -> Played:
    """The playout of a position's text: rule-perfect players (R8), or with ``careless`` players
    who misplace :data:`ERRORS` % of their cards and call :data:`ALERT` % of the errors they see
    (seeded: the same text gives the same playout). The view shares it between sessions: a
    20,000-turn hand is megabytes."""
    position = loads(text)
    seats = [Seat(error_rate=ERRORS / 100, alertness=ALERT / 100)] * len(position.players) if careless else None
    hand, _summary = play_hand(position, seats, random.Random(f"playout:{text}") if careless else None,
                               max_turns=PLAYOUT_TURNS)
    return tuple(hand.records), hand.outcome


@dataclass
class PlayoutState:
    """Where the learner is in the playout: ``turn`` (0: the start); ``careless``: its players
    make errors (:func:`play_out`)."""

    turn: int = 0
    careless: bool = False


@dataclass(frozen=True)
class Step:
    """A step button: ``name`` (one of :data:`STEPS`), ``label``, ``enabled``."""

    name: str
    label: str
    enabled: bool


@dataclass(frozen=True)
class PlayoutView:
    """The playout at ``turn`` of ``last``: the step buttons, the words and the table."""

    turn: int
    last: int
    steps: tuple[Step, ...]
    lines: tuple[str, ...]
    table: TableView


class Playout:
    """The playout of ``start`` (``played``: its records and outcome), at the place ``state``
    keeps, in the narrator's words."""

    def __init__(self, state: PlayoutState, start: Position | None, played: Played, narrator: Narrator) -> None:
        self.state = state
        self.start = start
        self.records, self.outcome = played
        self.careless = state.careless  # what it was played with
        self.n = narrator
        self._ = narrator.tr.gettext

    @property
    def last(self) -> int:
        return len(self.records)

    def turn(self) -> int:
        """The turn on show, within the playout."""
        return max(0, min(self.last, self.state.turn))

    def can_step(self, name: str) -> bool:
        """Whether a step button acts: back to the start only from a later turn, on to the end
        only before it."""
        turn = self.turn()
        return turn > 0 if name in ("first", "back") else turn < self.last

    def step(self, name: str) -> None:
        """One of :data:`STEPS`: the first turn, one back, one forward, the last."""
        if self.can_step(name):
            turn = self.turn()
            self.state.turn = {"first": 0, "back": turn - 1, "forward": turn + 1, "end": self.last}[name]

    def go_to(self, turn: int) -> None:
        """The slider: show ``turn`` (kept within the playout)."""
        self.state.turn = max(0, min(self.last, int(turn)))

    def view(self) -> PlayoutView | None:
        """The playout at the turn on show: its steps, its words and its table (the seats stay
        put while the turns go round: the first mover is drawn at the bottom); ``None`` with
        nothing to play out."""
        start = self.start
        if start is None:
            return None
        turn, last = self.turn(), self.last
        labels = {"first": self._("Start"), "back": self._("Back"), "forward": self._("Forward"), "end": self._("End")}
        steps = tuple(Step(name, labels[name], self.can_step(name)) for name in STEPS)
        if turn == 0:
            start_words = (self._("The start. Each step plays one turn as a player who misplaces {errors} of their "
                                  "cards and calls {alert} of the errors they see would.").format(
                errors=self.n.percent(ERRORS / 100), alert=self.n.percent(ALERT / 100))
                           if self.state.careless else
                           self._("The start. Each step plays one turn as a rule-perfect player would (R8)."))
            return PlayoutView(turn, last, steps, (start_words,), TableView(start, bottom=start.mover))
        record = self.records[turn - 1]
        lines = [self._("Turn {turn} of {last}").format(turn=turn, last=last), self.n.turn_line(record)]
        if turn == last and self.outcome is not None:
            lines.append(self.n.outcome(self.outcome))
        return PlayoutView(turn, last, steps, tuple(lines), TableView(
            record.after, marked={record.placed} if record.placed else set(), arrows=arrows_for(record.events),
            bottom=start.mover))
