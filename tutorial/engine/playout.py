"""Playing a position to the end (docs/rules.md §finish, R7, R8, R9)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .position import Position
from .rules import Strategy, play_turn, rule_perfect
from .variants import STANDARD, RuleOptions

DEFAULT_MAX_TURNS = 100_000

class Result(StrEnum):
    """How a hand ended: ``win`` or ``draw`` (string-valued: JSON output is unchanged)."""

    WIN = "win"
    DRAW = "draw"


class EndReason(StrEnum):
    """Why a hand ended: ``finished`` (§finish), ``repetition`` or ``turn-limit`` (R7)."""

    FINISHED = "finished"
    REPETITION = "repetition"
    TURN_LIMIT = "turn-limit"


WIN, DRAW = Result
FINISHED, REPETITION, TURN_LIMIT = EndReason


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a hand ended: ``result`` (a :class:`Result`: ``win``/``draw``), ``winner`` (name or
    ``None``), ``reason`` (an :class:`EndReason`: ``finished``, ``repetition``, ``turn-limit``)
    and ``turns`` played, passes included (R9). Texts are read as their enum members; an
    unknown one raises ``ValueError``."""

    result: Result
    winner: str | None
    reason: EndReason
    turns: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "result", Result(self.result))
        object.__setattr__(self, "reason", EndReason(self.reason))

    def as_dict(self) -> dict[str, object]:
        """The JSON shape of ``muggins playout --json``."""
        return {"result": self.result, "winner": self.winner, "reason": self.reason, "turns": self.turns}


class DrawWatch:
    """Checks the R7 draws before each turn.

    Call :meth:`check` with the position about to be played and the number of
    turns already played; it returns ``"turn-limit"`` once ``max_turns`` have
    been played, else ``"repetition"`` when this whole position (every pile and
    the player to move) was seen before an earlier turn, else ``None``.
    """

    def __init__(self, max_turns: int | None = DEFAULT_MAX_TURNS):
        self.max_turns = max_turns
        self._seen: set[tuple[object, ...]] = set()

    def check(self, position: Position, turns: int) -> EndReason | None:
        if self.max_turns is not None and turns >= self.max_turns:
            return TURN_LIMIT
        key = position.key()
        if key in self._seen:
            return REPETITION
        self._seen.add(key)
        return None


def playout(position: Position, *, max_turns: int = DEFAULT_MAX_TURNS, choose: Strategy = rule_perfect,
            rules: RuleOptions = STANDARD) -> Outcome:
    """Play ``position`` to a win or a draw (§finish, R7), every player using ``choose``
    (default: the rule-perfect player of R8, every error called).

    ``max_turns`` ≥ 0 is the agreed turn limit; ``rules``: the table's
    :class:`~tutorial.engine.variants.RuleOptions`. Returns an :class:`Outcome`.
    """
    watch = DrawWatch(max_turns)
    turns = 0
    while True:
        reason = watch.check(position, turns)
        if reason is not None:
            return Outcome(DRAW, None, reason, turns)
        record = play_turn(position, choose, rules=rules)
        turns += 1
        if record.finished:
            return Outcome(WIN, record.mover, FINISHED, turns)
        position = record.after
