"""What one simulated hand comes to, in plain numbers (docs/rules.md §finish, R7, R9)."""

from __future__ import annotations

from dataclasses import dataclass

FINISHED, REPETITION, TURN_LIMIT = 0, 1, 2
"""How a hand ended, as small ints (``finished``: won, §finish; the other two: drawn, R7)."""
REASONS = ("finished", "repetition", "turn-limit")


@dataclass(frozen=True, slots=True)
class HandSummary:
    """One hand's result.

    - ``reason``: :data:`FINISHED`, :data:`REPETITION` or :data:`TURN_LIMIT`.
    - ``winner``: the winner's seat (0 = the player to move first), ``None`` for a draw.
    - ``turns``: turns played, passes included (R9).
    - ``choices``: turns whose card had more than one correct destination.
    - ``recycles``: discards turned over (§recycle), donors' included.
    - ``errors``: placements that broke §priority; ``calls``: errors corrected and
      penalised (called in time, or caught by the finish check, R11);
      ``penalty_cards``: cards given (§muggins step 2).
    """

    reason: int
    winner: int | None
    turns: int
    choices: int = 0
    recycles: int = 0
    errors: int = 0
    calls: int = 0
    penalty_cards: int = 0

    @property
    def reason_id(self) -> str:
        """``finished``, ``repetition`` or ``turn-limit``."""
        return REASONS[self.reason]
