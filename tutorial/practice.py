"""A practice hand: the learner in one seat against rule-perfect players, 3 to 7 at the table.

Pure game logic for the Practice page (no Streamlit): the whole game is
rebuilt exactly from its deal code and the learner's decisions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .engine.deal import DealCode, deal
from .engine.errors import PositionError
from .engine.hand import Hand
from .engine.position import Dest
from .engine.rules import TurnRecord, rule_perfect

PRACTICE_PLAYERS = 4
"""The default number of players."""
LEARNER_SEAT = 0


@dataclass
class PracticeGame:
    """A practice hand for ``code.players`` players; the learner sits at ``learner_seat`` (0 = A).

    ``decisions`` lists the learner's placements as destination texts, in
    order: with the deal code they reproduce the game (every error is called
    by the computer players, and they play by R8).
    """

    code: DealCode
    learner_seat: int = LEARNER_SEAT
    decisions: list[str] = field(default_factory=list)

    def __post_init__(self):
        if not 0 <= self.learner_seat < self.code.players:
            raise PositionError("bad-seat", seat=self.learner_seat)
        start, self.dealer = deal(self.code)
        self.hand = Hand(start)
        replay = list(self.decisions)
        self.decisions = []
        self.advance()
        for text in replay:
            self.play(Dest.parse(text))

    @property
    def learner(self) -> str:
        """The learner's player name."""
        return self.hand.start.players[self.learner_seat]

    @property
    def waiting_for_learner(self) -> bool:
        """True when the learner has a turned card to place."""
        return self.hand.turned is not None and self.hand.position.to_move == self.learner_seat

    def advance(self) -> list[TurnRecord]:
        """Let the computer players (and the learner's passes) play until the
        learner has a card to place or the hand is over. Returns the new records."""
        first = len(self.hand.records)
        hand = self.hand
        while not hand.over and not self.waiting_for_learner:
            turned = hand.turn_up()
            if turned is None or hand.position.to_move == self.learner_seat:
                continue
            hand.play(rule_perfect(turned.position, turned.card, hand.legal()))
        return hand.records[first:]

    def undone(self) -> PracticeGame:
        """The same game without the learner's last placement (replayed from the deal).
        Raises :class:`PositionError` ``nothing-to-undo`` before the first placement."""
        if not self.decisions:
            raise PositionError("nothing-to-undo")
        return PracticeGame(self.code, self.learner_seat, self.decisions[:-1])

    def play_on_turn(self, dest: Dest, turn: int) -> TurnRecord | None:
        """Like :meth:`play`, but only if the hand is still at ``turn`` (turns
        played when the learner chose): a stale click, such as the second half of a
        fast double click, returns ``None`` and changes nothing."""
        if not self.waiting_for_learner or self.hand.turns != turn:
            return None
        return self.play(dest)

    def play(self, dest: Dest) -> TurnRecord:
        """The learner places the turned card on ``dest``; an error is called
        at once and corrected to the lowest fitting pile (R4). Then the others play.
        Raises :class:`~tutorial.engine.errors.PositionError` if it is not the
        learner's turn or ``dest`` names no pile."""
        if not self.waiting_for_learner:
            raise PositionError("not-your-turn")
        record = self.hand.play(dest)
        self.decisions.append(str(dest))
        self.advance()
        return record


def encode_moves(decisions: list[str]) -> str:
    """Compact text for the URL: ``common:1`` → ``c1``, ``discard:B`` → ``dB``, joined by dots."""
    parts = []
    for text in decisions:
        dest = Dest.parse(text)
        parts.append(("c" if dest.kind == "common" else "d") + str(dest.target))
    return ".".join(parts)


def decode_moves(text: str) -> list[str]:
    """Inverse of :func:`encode_moves`. Raises :class:`PositionError` ``bad-moves``."""
    if not text:
        return []
    decisions = []
    for part in text.split("."):
        if len(part) >= 2 and part[0] == "c" and part[1:].isascii() and part[1:].isdigit():
            decisions.append(f"common:{int(part[1:])}")
        elif len(part) >= 2 and part[0] == "d":
            decisions.append(f"discard:{part[1:]}")
        else:
            raise PositionError("bad-moves", moves=text)
    return decisions


def parse_seat(text: str | None, players: int) -> int:
    """A seat from the URL: a letter ``A``… (case-insensitive); missing means seat A.
    Raises :class:`PositionError` ``bad-seat``."""
    if not text:
        return LEARNER_SEAT
    letter = str(text).strip().upper()
    if len(letter) == 1 and "A" <= letter <= "Z" and ord(letter) - ord("A") < players:
        return ord(letter) - ord("A")
    raise PositionError("bad-seat", seat=str(text))


def restore(deal_text: str, moves_text: str | None, seat_text: str | None = None, *, max_moves: int = 2000) -> PracticeGame:
    """Rebuild a game from the URL's ``deal``, ``moves`` and ``seat``.

    Raises :class:`PositionError` (``bad-deal-code``, ``player-count``,
    ``bad-seat``, ``bad-moves`` or the code of an impossible move) so the
    caller can explain and deal afresh.
    """
    code = DealCode.parse(deal_text)
    seat = parse_seat(seat_text, code.players)
    decisions = decode_moves(moves_text or "")
    if len(decisions) > max_moves:
        raise PositionError("bad-moves", moves=(moves_text or "")[:40])
    try:
        return PracticeGame(code, seat, decisions=decisions)
    except PositionError as err:
        if err.code in ("hand-over", "not-your-turn", "no-card"):
            raise PositionError("bad-moves", moves=(moves_text or "")[:40]) from None
        raise
