"""How the practice table plays: the mode, the computer players' slips and calls, what the
learner watches, the match length and the turn limit; with their text form for the address."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.errors import PositionError
from ..engine.numbers import parse_count

PRACTICE_PLAYERS = 4
"""The default number of players."""
LEARNER_SEAT = 0
COACH, TABLE = "coach", "table"
WATCH_ALL, WATCH_DISCARDS = "all", "discards"
MAX_HANDS = 20
"""The most hands a practice match may have."""
MAX_TURN_LIMIT = 2_000
"""The highest turn limit a practice hand may have (R7). It bounds what any address may cost
the server: a game is rebuilt from its address by replaying it, and a hand of rule-perfect
play can run 34,643 turns (three players, deal 3-39) before anyone wins. A hand of 2,000
turns is about 700 cards of the learner's own at three players (more at bigger tables):
more than anyone places in a sitting. Rule-perfect hands with 4–7 players are over within
it in 99.9 % of deals (3 players: 85 %). See :data:`MAX_GAME_TURNS`."""
MAX_GAME_TURNS = MAX_HANDS * MAX_TURN_LIMIT
"""The most turns a practice game can ever play, and so replay (passes included, R9)."""


@dataclass(frozen=True)
class Settings:
    """How the practice table plays.

    - ``mode``: ``coach`` (every learner error is called at once and explained;
      computer players never err) or ``table`` (like a real table, below).
    - ``penalise`` (Coach): a called learner error also gets the penalty cards.
    - ``alertness`` (Table): chance in percent that the computer players call an
      error — the learner's, or (once the learner has let it pass) each other's.
    - ``slips`` (Table): chance in percent that a computer player misplaces a card.
    - ``watch`` (Table): which of the computer players' placements the learner
      watches, with the chance to call: ``all``, or ``discards`` (only those put on
      a discard or fitting an opponent's discard — fewer clicks at a big table).
    - ``hands``: hands in the match (1–20, :data:`MAX_HANDS`); ``turn_limit``: the
      agreed turn limit of each hand (R7, 50–2000 turns, :data:`MAX_TURN_LIMIT`).
    The Table-mode defaults give the learner several fair chances to call in a hand.
    Raises :class:`PositionError` ``bad-settings`` for values out of range.
    """

    mode: str = COACH
    penalise: bool = True
    alertness: int = 50
    slips: int = 15
    watch: str = WATCH_ALL
    hands: int = 1
    turn_limit: int = 1000

    def __post_init__(self) -> None:
        checks = {
            "mode": self.mode in (COACH, TABLE),
            "penalise": isinstance(self.penalise, bool),
            "alertness": isinstance(self.alertness, int) and 0 <= self.alertness <= 100,
            "slips": isinstance(self.slips, int) and 0 <= self.slips <= 100,
            "watch": self.watch in (WATCH_ALL, WATCH_DISCARDS),
            "hands": isinstance(self.hands, int) and 1 <= self.hands <= MAX_HANDS,
            "turn_limit": isinstance(self.turn_limit, int) and 50 <= self.turn_limit <= MAX_TURN_LIMIT,
        }
        for name, ok in checks.items():
            if not ok:
                raise PositionError("bad-settings", setting=name)

    def to_text(self) -> str:
        """Compact text for the address, e.g. ``table.a70.s10.h3.t1000`` (``coach.p1.h1.t1000``;
        ``.w1`` after the slips when only placements involving a discard are watched)."""
        if self.mode == COACH:
            first = f"{self.mode}.p{int(self.penalise)}"
        else:
            first = f"{self.mode}.a{self.alertness}.s{self.slips}" + (".w1" if self.watch == WATCH_DISCARDS else "")
        return f"{first}.h{self.hands}.t{self.turn_limit}"

    @classmethod
    def parse(cls, text: str | None) -> Settings:
        """Inverse of :meth:`to_text`; empty text gives the defaults. Raises ``bad-settings``."""
        if not text:
            return cls()
        parts = str(text).split(".")
        values: dict[str, Any] = {"mode": parts[0]}  # checked by __post_init__
        names = {"p": "penalise", "a": "alertness", "s": "slips", "w": "watch", "h": "hands", "t": "turn_limit"}
        allowed = {COACH: "pht", TABLE: "aswht"}.get(parts[0], "")
        for part in parts[1:]:
            key, number = part[:1], parse_count(part[1:], 6)
            # one letter and a number (an empty part is no setting: "" is in every string),
            # each setting once, only the mode's own, flags only 0 or 1
            if len(key) != 1 or key not in allowed or names[key] in values or number is None or (key in "pw" and number > 1):
                raise PositionError("bad-settings", setting=str(text)[:40])
            if key == "p":
                values["penalise"] = number == 1
            elif key == "w":
                values["watch"] = (WATCH_ALL, WATCH_DISCARDS)[number]
            else:
                values[names[key]] = number
        try:
            return cls(**values)
        except PositionError:  # name the text from the address, not the field
            raise PositionError("bad-settings", setting=str(text)[:40]) from None
