"""A hand in progress, recorded turn by turn (docs/rules.md §turn, §finish, R7, R9).

:class:`Hand` is the one mutable object of the engine: it keeps the start
position, every :class:`~tutorial.engine.rules.TurnRecord`, the card turned
up and not yet placed, and the outcome. Every action is checked before it is
done, and failures are :class:`~tutorial.engine.errors.ActionError` codes.
"""

from __future__ import annotations

from .cards import Card
from .errors import ActionError
from .events import Placed
from .playout import DEFAULT_MAX_TURNS, DRAW, FINISHED, WIN, DrawWatch, Outcome
from .position import Dest, Position
from .rules import (
    Chooser,
    Judgement,
    Legal,
    TurnRecord,
    TurnUp,
    complete_turn,
    judge,
    legal_destinations,
    lowest_pile,
    pass_turn,
    turn_up,
)
from .variants import STANDARD, RuleOptions


class Hand:
    """One hand from ``start`` to a win or a draw.

    Use :meth:`turn_up` to start each turn (it checks the R7 draws first and
    records a pass for a player with no cards, R2), then :meth:`play`.
    ``max_turns`` is the agreed turn limit (R7); ``None`` for none. ``rules``: the
    table's :class:`~tutorial.engine.variants.RuleOptions` (default: the source sheet).
    """

    def __init__(self, start: Position, *, max_turns: int | None = DEFAULT_MAX_TURNS,
                 rules: RuleOptions = STANDARD):
        self.start = start
        self.rules = rules
        self.position = start
        self.records: list[TurnRecord] = []
        self.turned: TurnUp | None = None
        self.outcome: Outcome | None = None
        self._watch = DrawWatch(max_turns)
        self._legal: Legal | None = None  # of the turned card, computed once per turn
        self._verdicts: dict[Dest, Judgement] = {}  # placements of the turned card judged so far

    @property
    def turns(self) -> int:
        """Turns completed so far, passes included (R9)."""
        return len(self.records)

    @property
    def over(self) -> bool:
        """True once the hand is won or drawn."""
        return self.outcome is not None

    @property
    def mover(self) -> str:
        """Name of the player whose turn it is."""
        return self.position.mover

    def turn_up(self) -> TurnUp | None:
        """Start the next turn (§turn).

        Checks the R7 draws first (the hand may end here). A player with no
        cards passes (R2): the pass is recorded and ``None`` returned. Else the
        top card is turned up (recycling first, §recycle) and returned; it must
        then be placed with :meth:`play`. Raises :class:`ActionError`
        ``hand-over`` or ``card-pending`` when no turn can start.
        """
        if self.outcome is not None:
            raise ActionError("hand-over")
        if self.turned is not None:
            raise ActionError("card-pending", card=str(self.turned.card))
        reason = self._watch.check(self.position, self.turns)
        if reason is not None:
            self.outcome = Outcome(DRAW, None, reason, self.turns)
            return None
        turned = turn_up(self.position)
        if turned.card is None:
            self._record(pass_turn(self.position))
            return None
        self.turned = turned
        self._legal = None
        self._verdicts = {}
        return turned

    def _pending(self) -> tuple[TurnUp, Card]:
        if self.turned is None or self.turned.card is None:
            raise ActionError("no-card", player=self.position.mover)
        return self.turned, self.turned.card

    def legal(self) -> Legal:
        """Correct destinations for the turned card (§priority); computed once per turn."""
        turned, card = self._pending()
        if self._legal is None:
            self._legal = legal_destinations(turned.position, card, self.rules)
        return self._legal

    def judge(self, dest: Dest) -> Judgement:
        """What placing the turned card on ``dest`` would be judged, without playing it
        (each placement is judged once: :meth:`play` uses the same verdict)."""
        turned, card = self._pending()
        verdict = self._verdicts.get(dest)
        if verdict is None:
            verdict = self._verdicts[dest] = judge(turned.position, card, dest, self.legal(), self.rules)
        return verdict

    def play(self, dest: Dest, *, called: bool = True, caller: str | None = None, correct_to: Chooser = lowest_pile,
             penalise: bool = True) -> TurnRecord:
        """Place the turned card on ``dest`` and settle the turn (see
        :func:`~tutorial.engine.rules.complete_turn`; the finish check of R11
        included). Returns the record. Raises :class:`ActionError` ``no-card`` when no card
        is turned up, and :class:`~tutorial.engine.errors.PositionError` ``bad-dest`` for a
        ``dest`` that names no pile or player."""
        turned, _card = self._pending()
        record = complete_turn(turned, dest, called=called, caller=caller, correct_to=correct_to,
                               before=self.position, verdict=self.judge(dest), penalise=penalise, rules=self.rules)
        self.turned = None
        self._record(record)
        return record

    def _last_placement(self) -> int | None:
        """Index of the last record that placed a card (passes after it are skipped)."""
        for index in range(len(self.records) - 1, -1, -1):
            if self.records[index].card is not None:
                return index
        return None

    def can_call(self) -> bool:
        """True while a Muggins call on the last placement is still in time: it was
        not called yet and no card has been turned up since — passes turn up no card,
        so they do not close the window (§muggins) — and the hand is not over."""
        index = self._last_placement()
        return index is not None and not self.records[index].called and self.turned is None and self.outcome is None

    def call(self, *, caller: str | None = None, correct_to: Chooser = lowest_pile) -> TurnRecord | None:
        """A Muggins call on the last placement (§muggins), by ``caller`` if known.

        An error is corrected (R4: ``correct_to`` picks among fitting commons)
        and penalised (R5); the placement's record is replaced by the called one
        (any passes made since stay passes) and the new record returned. A call
        on a correct placement is unsupported: nothing happens and ``None`` is
        returned. Raises :class:`ActionError` ``call-too-late`` when
        :meth:`can_call` is false.
        """
        index = self._last_placement()
        if index is None or not self.can_call():
            raise ActionError("call-too-late")
        last = self.records[index]
        if last.judgement is None or last.judged_in is None or last.judgement.ok:
            return None
        placed_at = next(i for i, event in enumerate(last.events) if isinstance(event, Placed))
        turned = TurnUp(last.judged_in, last.card, last.recycled, last.events[:placed_at], last.before)
        record = complete_turn(turned, last.judgement.dest, called=True, caller=caller, correct_to=correct_to,
                               before=last.before, verdict=last.judgement, rules=self.rules)
        self.records[index] = record
        position = record.after
        for later in range(index + 1, len(self.records)):  # the passes made since (R2)
            self.records[later] = pass_turn(position)
            position = self.records[later].after
        self.position = position
        return record

    def _record(self, record: TurnRecord) -> None:
        self.records.append(record)
        self.position = record.after
        if record.finished:
            self.outcome = Outcome(WIN, record.mover, FINISHED, self.turns)
