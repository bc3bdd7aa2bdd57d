"""The practice game: the learner in one seat against computer players, for a hand or a
match, in Coach or Table mode (docs/rules.md §muggins, §finish, §match, R4, R7, R11)."""

from __future__ import annotations

import logging
import random
import threading
import time
import zlib
from collections import Counter
from dataclasses import dataclass, field

from ..engine.bots import Bot
from ..engine.cards import Card
from ..engine.deal import DealCode
from ..engine.errors import ActionError, PositionError
from ..engine.hand import Hand
from ..engine.match import Match, match_winners, wins
from ..engine.playout import Outcome
from ..engine.position import Dest, Position
from ..engine.rules import Chooser, TurnRecord, lowest_pile, place
from .moves import BEST, CALL, NEXT, NEXT_HAND, pack, symbol
from .settings import LEARNER_SEAT, TABLE, WATCH_ALL, Settings

log = logging.getLogger(__name__)

QUEUE_AFTER = 1_000
"""Turns a replay plays before it waits its turn for :data:`REPLAYS` (see :class:`PracticeGame`)."""
REPLAYS = threading.Lock()
"""Long replays take turns, server-wide: one at a time. A game is rebuilt from its address
(or a saved game, or an undo) by replaying every decision; the server's sessions are threads
of one process, so eight long replays at once would share the core with every other
visitor's page. Short replays (the usual refresh: a hand of 4–7 players is over within
1,000 turns in 99.7 % of rule-perfect deals) never wait: a replay takes the lock only once it
has played :data:`QUEUE_AFTER` turns. A long game of a real learner may then wait behind
others' long replays (each at most :data:`~tutorial.practice.settings.MAX_GAME_TURNS` turns).
Not per-user state: one lock for the process."""
PAUSE_EVERY, PAUSE = 100, 0.005
"""A long replay pauses ``PAUSE`` seconds every ``PAUSE_EVERY`` turns (about 5 ms of work) so that
other visitors' pages, which share the process's one interpreter lock, run in between."""


@dataclass(frozen=True)
class Shown:
    """A computer player's placement shown to the learner before anyone calls (Table mode):
    ``mover`` put ``card`` on ``dest``; ``table`` is the position with the card there.
    Whether it was right is not said until the learner calls or lets play go on."""

    mover: str
    card: Card
    dest: Dest
    table: Position


@dataclass(frozen=True)
class LearnerCall:
    """A “Muggins!” the learner called: ``record`` is the placement as settled (corrected
    and penalised when the call was ``supported``, i.e. the placement was an error)."""

    record: TurnRecord
    supported: bool


@dataclass
class PracticeGame:
    """A practice game for ``code.players`` players; the learner sits at ``learner_seat`` (0 = A).

    ``decisions`` (see the module text) with the deal code and ``settings``
    reproduce the game exactly: every chance a computer player takes comes from
    one generator seeded with the deal code and the settings.

    Table mode: each computer player's placement the learner watches (see
    :attr:`Settings.watch`) is shown first (:attr:`watching`); the learner calls
    “Muggins!” or lets play go on, and only then may the computer players call
    it (they never call before the learner). In every mode, when a called error
    of the learner's could go on several common piles, the learner picks which
    (R4): :attr:`correcting` holds the wrong placement until they do.
    Raises :class:`PositionError` (``bad-seat``, a decision naming no pile) or
    :class:`ActionError` (a decision that cannot be made at that point).
    """

    code: DealCode
    learner_seat: int = LEARNER_SEAT
    decisions: list[str] = field(default_factory=list)
    settings: Settings = field(default_factory=Settings)

    def __post_init__(self) -> None:
        if not 0 <= self.learner_seat < self.code.players:
            raise PositionError("bad-seat", seat=self.learner_seat)
        self.match = Match(self.code, self.settings.hands)
        self.hand: Hand  # the hand being played and its dealer's seat: set by _start_hand
        self.dealer: int
        self._rng = random.Random(f"{self.code}|{self.settings.to_text()}|{self.learner_seat}")
        table = self.settings.mode == TABLE
        self._bot = Bot(self._rng, error_rate=self.settings.slips / 100 if table else 0.0,
                        alertness=self.settings.alertness / 100 if table else 1.0)
        self.outcomes: list[Outcome] = []
        self.calls: list[LearnerCall] = []
        self.watching: Shown | None = None
        self.correcting: tuple[Dest, bool, str | None] | None = None  # (wrong pile, called, who called)
        self._picks: set[int] = set()  # decisions that picked the common pile for a called card
        self.hand_index = -1
        self._earlier_turns = 0  # turns of the hands before this one
        self._symbols: list[str] = []
        self._digest = zlib.crc32(f"{self.code}|{self.learner_seat}|{self.settings.to_text()}".encode())
        self._packed: tuple[int, str] = (0, "")
        replay = list(self.decisions)
        self.decisions = []
        self._start_hand()
        queued, pause = False, QUEUE_AFTER
        started, waited = time.perf_counter(), 0.0
        try:
            for decision in replay:
                if self.turns_played > pause:
                    if not queued:
                        asked = time.perf_counter()
                        REPLAYS.acquire()
                        waited = time.perf_counter() - asked
                        queued = True
                    else:
                        time.sleep(PAUSE)  # let the other visitors' pages run
                    pause = self.turns_played + PAUSE_EVERY
                self.decide(decision)
        finally:
            if queued:
                REPLAYS.release()
                log.info("long replay of %s: %d decisions, %d turns in %.2f s (%.2f s waiting for other replays)",
                         self.code, len(replay), self.turns_played, time.perf_counter() - started, waited)

    @property
    def turns_played(self) -> int:
        """Turns played in the whole game so far, every hand and passes included (R9). At most
        ``hands × turn_limit`` (:data:`~tutorial.practice.settings.MAX_GAME_TURNS` at most):
        what rebuilding the game from its address can cost."""
        return self._earlier_turns + self.hand.turns

    @property
    def token(self) -> str:
        """A short text naming this exact state: the deal, seat, settings and every
        decision so far (8 hex digits). Buttons carry the token of the state the
        learner saw; :meth:`decide` ignores an action whose token is out of date
        (a click queued while the page was being redrawn, a double click)."""
        return f"{self._digest:08x}"

    def moves_text(self) -> str:
        """The decisions in compact form for the address (``""`` when there are none):
        ``~`` then one symbol per decision — ``.`` the rule-perfect placement (R8),
        ``1``–``9`` a common pile, ``a``–``g`` the discard of seat A–G, ``n`` next,
        ``M`` call, ``H`` next hand — or ``~z`` and the same symbols packed with zlib
        (base64url), whichever is shorter. :func:`decode_moves` reads it back."""
        if self._packed[0] != len(self._symbols):
            self._packed = (len(self._symbols), pack("".join(self._symbols)))
        return self._packed[1]

    def _note(self, decision: str, symbol: str) -> None:
        """Record a decision that was applied (its canonical text and its address symbol)."""
        self.decisions.append(decision)
        self._symbols.append(symbol)
        self._digest = zlib.crc32(f"|{decision}".encode(), self._digest)

    # ----- reading -----------------------------------------------------
    @property
    def learner(self) -> str:
        """The learner's player name."""
        return self.hand.start.players[self.learner_seat]

    @property
    def waiting_for_learner(self) -> bool:
        """True when the learner has a turned card to place."""
        return (self.watching is None and self.correcting is None and self.hand.turned is not None
                and self.hand.position.to_move == self.learner_seat)

    @property
    def hand_over(self) -> bool:
        """True when the hand is over."""
        return self.hand.over

    @property
    def match_over(self) -> bool:
        """True when the last hand of the match is over."""
        return self.hand_over and len(self.outcomes) == self.settings.hands

    def scores(self) -> dict[str, int]:
        """Hands won so far by each player (§match)."""
        return wins(self.outcomes, self.hand.start.players)

    def winners(self) -> list[str]:
        """The players sharing the lead (the match winners once it is over, §match)."""
        return match_winners(self.outcomes, self.hand.start.players)

    def errors_by_kind(self) -> Counter[str]:
        """The learner's errors in this hand, by error id."""
        return Counter(r.judgement.error for r in self.hand.records
                       if r.mover == self.learner and r.judgement is not None and r.judgement.error)

    def missed_calls(self) -> list[tuple[int, TurnRecord]]:
        """Other players' errors in this hand that stood — nobody called them in time —
        each with its turn number (1-based, passes counted, R9)."""
        return [(turn, r) for turn, r in enumerate(self.hand.records, start=1) if r.mover != self.learner
                and r.judgement is not None and r.judgement.error and not r.called]

    def correction_choices(self) -> tuple[Dest, ...]:
        """The common piles the learner may pick for their called error (R4), or ``()``."""
        if self.correcting is None:
            return ()
        return self.hand.legal().dests

    # ----- acting --------------------------------------------------------
    def decide(self, decision: str, seen: str | None = None) -> bool:
        """Apply one decision (see the module text). With ``seen`` (the :attr:`token`
        of the state the learner acted on) an out-of-date decision changes nothing
        and ``False`` is returned. Raises :class:`ActionError` for a decision that
        cannot be made now (``not-your-turn``, ``call-too-late``, ``hand-over``) and
        :class:`PositionError` ``bad-dest`` for a pile that does not exist here or does not fit."""
        if seen is not None and seen != self.token:
            return False
        if decision == CALL:
            self.call()
        elif decision == NEXT:
            self.go_on()
        elif decision == NEXT_HAND:
            self.next_hand()
        elif decision == BEST:
            if self.correcting is None and not self.waiting_for_learner:
                raise ActionError("not-your-turn")
            self.play(self.hand.legal().dests[0])
        else:
            self.play(Dest.parse(decision))
        return True

    def play(self, dest: Dest) -> TurnRecord | None:
        """The learner places the turned card on ``dest`` — or, while :attr:`correcting`,
        picks the common pile their called card goes to (R4).

        Coach mode calls every error at once (penalty as set); in Table mode the
        computer players call it with the set chance, else it stands (the finish
        check of R11 always catches one on the last card). When the called card
        could go on several common piles, the learner is asked to pick and
        ``None`` is returned; else the settled record. Then the others play.
        Raises :class:`ActionError` ``not-your-turn``, or :class:`PositionError`
        ``bad-dest`` for a pile that does not exist here or, when picking, does not fit."""
        if self.correcting is not None:
            if dest not in self.hand.legal().dests:
                raise PositionError("bad-dest", dest=str(dest))
            wrong, called, caller = self.correcting
            self.correcting = None
            self._picks.add(len(self.decisions))
            self._note(str(dest), "." if dest == self.hand.legal().dests[0] else self._symbol(dest))
            record = self._settle(wrong, called=called, caller=caller, correct_to=lambda legal: dest)
            self._after_turn()
            return record
        if not self.waiting_for_learner:
            raise ActionError("not-your-turn")
        verdict = self.hand.judge(dest)
        called, caller = True, None
        if self.settings.mode == TABLE:
            called = verdict.error is not None and self._bot.calls(verdict)
            caller = self._first_caller(self.learner_seat) if called else None
        self._note(str(dest), "." if dest == verdict.legal.dests[0] else self._symbol(dest))
        if verdict.error is not None and (called or self._would_empty(dest)) and len(verdict.legal.dests) > 1:
            self.correcting = (dest, called, caller)  # the learner picks the common pile (R4)
            return None
        record = self._settle(dest, called=called, caller=caller)
        self._after_turn()
        return record

    def call(self) -> LearnerCall:
        """The learner calls “Muggins!” on the placement being shown (Table mode).
        Raises :class:`ActionError` ``call-too-late`` when none is shown."""
        if self.watching is None:
            raise ActionError("call-too-late")
        shown = self.watching
        verdict = self.hand.judge(shown.dest)
        self.watching = None
        self._note(CALL, "M")
        record = self._settle(shown.dest, called=True, caller=self.learner)
        entry = LearnerCall(record, verdict.error is not None)
        self.calls.append(entry)
        self._after_turn()
        return entry

    def go_on(self) -> None:
        """Let play go on after watching a placement (Table mode): the learner does not
        call it; the computer players may, with the set chance. Raises :class:`ActionError`
        ``not-your-turn`` when no placement is being shown."""
        if self.watching is None:
            raise ActionError("not-your-turn")
        shown = self.watching
        self.watching = None
        self._note(NEXT, "n")
        self._settle_by_others(shown.dest)
        self._after_turn()

    def skip(self, limit: int = 100_000) -> int:
        """Let play go on, without calling, until the learner has a card to place or the
        hand is over (Table mode: “Skip to my turn”). Each placement let pass is one
        ``next`` decision. Returns how many were let pass; raises :class:`ActionError`
        ``not-your-turn`` when no placement is being shown."""
        if self.watching is None:
            raise ActionError("not-your-turn")
        passed = 0
        while self.watching is not None and passed < limit:
            self.go_on()
            passed += 1
        return passed

    def next_hand(self) -> None:
        """Deal the next hand of the match. Raises :class:`ActionError` ``hand-over`` when the
        match is over and ``not-your-turn`` while the hand is still being played."""
        if not self.hand_over:
            raise ActionError("not-your-turn")
        if self.match_over:
            raise ActionError("hand-over")
        self._note(NEXT_HAND, "H")
        self._start_hand()

    def undone(self) -> PracticeGame:
        """The same game without the learner's last placement (replayed from the deal;
        Coach mode). Raises :class:`ActionError` ``nothing-to-undo``."""
        placements = [i for i, d in enumerate(self.decisions) if d not in (CALL, NEXT, NEXT_HAND)]
        if not placements or NEXT_HAND in self.decisions[placements[-1]:]:
            raise ActionError("nothing-to-undo")
        last = placements[-1]
        if last in self._picks:
            last -= 1  # picking the common pile for a called card goes with the placement it corrects
        return PracticeGame(self.code, self.learner_seat, self.decisions[:last], self.settings)

    # ----- settling placements and the others' turns ------------------------
    def _symbol(self, dest: Dest) -> str:
        return symbol(dest, self.hand.start.players)

    def _would_empty(self, dest: Dest) -> bool:
        """Whether placing the turned card on ``dest`` leaves the mover with no cards (the finish check, R11)."""
        position, card = self._turned()
        return not place(position, card, dest).has_cards(position.to_move)

    def _turned(self) -> tuple[Position, Card]:
        """The position the turned card is placed in, and the card. Raises :class:`ActionError`
        ``no-card`` when no card is turned up (as :meth:`Hand.play` does)."""
        turned = self.hand.turned
        if turned is None or turned.card is None:
            raise ActionError("no-card", player=self.hand.position.mover)
        return turned.position, turned.card

    def _first_caller(self, offender: int) -> str | None:
        """The computer player who calls: the first clockwise from the offender's left (never the learner)."""
        position = self.hand.position
        for seat in position.opponents_clockwise(offender):
            if seat != self.learner_seat:
                return position.players[seat]
        return None

    def _settle(self, dest: Dest, *, called: bool, caller: str | None, correct_to: Chooser = lowest_pile) -> TurnRecord:
        penalise = self.settings.penalise or self.settings.mode == TABLE
        return self.hand.play(dest, called=called, caller=caller, correct_to=correct_to, penalise=penalise)

    def _settle_by_others(self, dest: Dest) -> TurnRecord:
        """A computer player's placement once the learner has let it pass: the others call an
        error with the set chance (the finish check catches one on the last card)."""
        verdict = self.hand.judge(dest)
        called = verdict.error is not None and self._bot.calls(verdict)
        caller = self._first_caller(self.hand.position.to_move) if called else None
        return self._settle(dest, called=called, caller=caller)

    def _watched(self, dest: Dest) -> bool:
        """Whether the learner watches this computer placement (Table mode, :attr:`Settings.watch`)."""
        if self.settings.mode != TABLE:
            return False
        if self.settings.watch == WATCH_ALL or dest.kind == "discard":
            return True
        position, card = self._turned()
        return any(position.discards[seat] and card.fits(position.discards[seat][-1])
                   for seat in position.opponents_clockwise())

    def _start_hand(self) -> None:
        if self.hand_index >= 0:
            self._earlier_turns += self.hand.turns
        self.hand_index += 1
        start, self.dealer = self.match.deal(self.hand_index)
        self.hand = Hand(start, max_turns=self.settings.turn_limit)
        self.calls = []
        self._after_turn()

    def _after_turn(self) -> None:
        """Record a finished hand, else let the others play until the learner must act."""
        hand = self.hand
        while True:
            if hand.outcome is not None:  # the hand is over
                if len(self.outcomes) <= self.hand_index:
                    self.outcomes.append(hand.outcome)
                return
            if self.watching is not None or self.correcting is not None or self.waiting_for_learner:
                return
            if hand.turned is None:
                hand.turn_up()
                continue
            position, card = self._turned()
            dest = self._bot.choose(position, card, hand.legal())
            if self._watched(dest):
                self.watching = Shown(position.mover, card, dest, place(position, card, dest))
                return
            self._settle_by_others(dest)
