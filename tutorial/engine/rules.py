"""The rules of one turn: turn up, where a card must go, judging, correction
and penalty (docs/rules.md §turn, §priority, §recycle, §muggins, §finish).

Every function is pure: it takes a :class:`~tutorial.engine.position.Position`
and returns data or a new position. Nothing here produces sentences; the
judge returns codes that the interface translates.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from .cards import Card
from .errors import ActionError, PositionError
from .events import (
    Called,
    Corrected,
    Event,
    Finished,
    NextPlayer,
    NoPenaltyCard,
    Passed,
    PenaltyCard,
    Placed,
    Recycled,
    TurnedUp,
    _take,
    apply,
)
from .kernel import EMPTY, destinations
from .position import Common, Dest, Discard, Position
from .variants import STANDARD, PenaltyRule, RuleOptions


class ErrorKind(StrEnum):
    """The §muggins errors, in the order docs/rules.md lists them (the first matching row
    wins). String-valued: each equals its id (``"common-first"``), so JSON output and
    comparisons with text are unchanged."""

    NOT_ADJACENT = "not-adjacent"
    EMPTY_DISCARD = "empty-discard"
    COMMON_FIRST = "common-first"
    NEAREST_OPPONENT = "nearest-opponent"
    MISSED_DESTINATION = "missed-destination"


class Rule(StrEnum):
    """Which §priority step decided the legal destinations (``pass``: §turn, R2)."""

    COMMON_PILE = "common-pile"
    NEAREST_OPPONENT = "nearest-opponent"
    OWN_DISCARD = "own-discard"
    PASS = "pass"


NOT_ADJACENT, EMPTY_DISCARD, COMMON_FIRST, NEAREST_OPPONENT, MISSED_DESTINATION = ErrorKind
ERROR_IDS = tuple(ErrorKind)
RULE_COMMON, RULE_OPPONENT, RULE_OWN, RULE_PASS = Rule

SECTION_OF_RULE = {
    RULE_COMMON: "§priority",
    RULE_OPPONENT: "§priority",
    RULE_OWN: "§priority",
    RULE_PASS: "§turn",
}


@dataclass(frozen=True, slots=True)
class Legal:
    """The correct destinations for a card (§priority).

    ``dests``: every correct destination — all fitting commons in pile order,
    or the single nearest fitting opponent, or the mover's own discard; empty
    when the mover passes. ``rule``: the :class:`Rule` that decided them (``common-pile``,
    ``nearest-opponent``, ``own-discard`` or ``pass``; a text is read as its rule, and an
    unknown one raises ``ValueError``).
    """

    dests: tuple[Dest, ...]
    rule: Rule

    def __post_init__(self) -> None:
        if type(self.rule) is not Rule:
            object.__setattr__(self, "rule", Rule(self.rule))

    def __contains__(self, dest: object) -> bool:
        return dest in self.dests


@dataclass(frozen=True, slots=True)
class Judgement:
    """The verdict on one placement (§priority, §muggins).

    ``error`` is ``None`` for a correct placement or an :class:`ErrorKind` (a text is read
    as its kind; an unknown one raises ``ValueError``).
    ``card`` is the turned card, ``dest`` where it was put, ``top`` the top of
    that pile before the play (``None`` for an empty discard), ``legal`` the
    correct destinations and the rule that decided them. ``section`` is the
    rule section to cite (``§priority``).
    """

    mover: str
    card: Card
    dest: Dest
    top: Card | None
    legal: Legal
    error: ErrorKind | None
    section: str = "§priority"

    def __post_init__(self) -> None:
        if self.error is not None and type(self.error) is not ErrorKind:
            object.__setattr__(self, "error", ErrorKind(self.error))

    @property
    def ok(self) -> bool:
        """True when the placement breaks no rule."""
        return self.error is None


@dataclass(frozen=True, slots=True)
class Gift:
    """One penalty card: ``donor`` gave ``card`` (``recycled``: the donor turned
    their discard over first). (§muggins step 2, R5.)"""

    donor: str
    card: Card
    recycled: bool = False


# ----- §turn, §recycle ----------------------------------------------------
def recycle(position: Position, seat: int) -> Position:
    """Turn the discard of ``seat`` over, without shuffling, as its new closed stock.

    The discard listed bottom-to-top becomes the stock listed top-first with the
    same order: the oldest card is turned next (§recycle). Only call when the
    stock is empty (R3); raises ``ValueError`` otherwise.
    """
    return apply(position, Recycled(position.players[seat]))


@dataclass(frozen=True, slots=True)
class TurnUp:
    """The mover's turned card (§turn).

    ``position``: the position with the card taken off the stock (and the
    discard turned over first when ``recycled``); ``card`` is ``None`` when the
    mover has no cards and passes (R2). ``events``: what happened
    (:class:`~tutorial.engine.events.Recycled`, then
    :class:`~tutorial.engine.events.TurnedUp`).
    """

    position: Position
    card: Card | None
    recycled: bool
    events: tuple[Event, ...] = ()
    before: Position | None = None

    @property
    def start(self) -> Position:
        """The position before the turn-up (``position`` when not known)."""
        return self.before if self.before is not None else self.position


def turn_up(position: Position) -> TurnUp:
    """Turn up the mover's next card, recycling first if the stock is empty (§turn, §recycle, R2)."""
    start = position
    seat = position.to_move
    name = position.players[seat]
    events: list[Event] = []
    if not position.stocks[seat]:
        if not position.discards[seat]:
            return TurnUp(position, None, False, before=start)
        events.append(Recycled(name))
        position = apply(position, events[-1])
    card = position.stocks[seat][0]
    events.append(TurnedUp(name, card))
    return TurnUp(apply(position, events[-1]), card, len(events) == 2, tuple(events), start)


# ----- §priority ------------------------------------------------------------
_COMMONS: dict[int, Common] = {}


def _common(index: int) -> Common:
    """The common pile at 0-based ``index`` (one value per pile number, made once)."""
    found = _COMMONS.get(index)
    if found is None:
        found = _COMMONS[index] = Common(index + 1)
    return found


_DISCARDS: dict[str, Discard] = {}


def _discard(player: str) -> Discard:
    """The discard of ``player`` (kept once made; forgotten past 1,024 names, which only a
    server seating that many different names would reach)."""
    found = _DISCARDS.get(player)
    if found is None:
        if len(_DISCARDS) >= 1024:
            _DISCARDS.clear()
        found = _DISCARDS[player] = Discard(player)
    return found


def legal_destinations(position: Position, card: Card | None, rules: RuleOptions = STANDARD) -> Legal:
    """The correct destinations of the mover's turned ``card`` (§priority), as the rules kernel
    (:func:`tutorial.engine.kernel.destinations`) finds them.

    Common piles first (all that fit: the player chooses), else the first fitting opponent
    clockwise from the mover's left, else the mover's own discard. ``card=None`` (nothing to
    turn, R2) gives ``Legal((), "pass")``.

    Other ``rules`` (:mod:`~tutorial.engine.variants`): without ``common_priority``
    fitting commons and fitting opponents are all correct (``rule`` is ``common-pile``
    when a common fits); with ``Opponents.ANY`` every fitting opponent is, clockwise from
    the mover's left; with ``opponent_optional`` the mover's own discard is correct too
    whenever no common fits (V1, V2). Destinations are listed commons first, then
    opponents clockwise, then the own discard.
    """
    if card is None:
        return Legal((), RULE_PASS)
    mover = position.to_move
    found = destinations(card.rank, [pile[-1].rank for pile in position.commons],
                         [pile[-1].rank if pile else EMPTY for pile in position.discards],
                         position.opponents_clockwise(mover), mover, rules)
    players = position.players
    first = found[0]
    rule = RULE_COMMON if first >= 0 else RULE_OWN if first == ~mover else RULE_OPPONENT
    return Legal(tuple([_common(dest) if dest >= 0 else _discard(players[~dest]) for dest in found]), rule)


def judge(position: Position, card: Card, dest: Dest, legal: Legal | None = None,
          rules: RuleOptions = STANDARD) -> Judgement:
    """Judge placing the mover's turned ``card`` on ``dest`` (§priority, §muggins).

    ``position`` is the position after the turn-up (the card is in the mover's
    hand). ``legal`` may pass the already computed legal destinations.
    Returns a :class:`Judgement` whose ``error`` is the first matching
    row of the §muggins table, or ``None``. Raises :class:`PositionError` if
    ``dest`` names no pile or player of this position. Under other ``rules`` a
    placement is correct exactly when ``dest`` is among their legal destinations, and
    an error gets the first §muggins row that matches it.
    """
    position.check_dest(dest)
    if legal is None:
        legal = legal_destinations(position, card, rules)
    top = position.top(dest)
    error: ErrorKind | None = None
    match dest:
        case Common():
            if top is None or not rules.fits(card.rank, top.rank):
                error = NOT_ADJACENT
        case Discard() if dest.player != position.mover:
            if top is None:
                error = EMPTY_DISCARD
            elif not rules.fits(card.rank, top.rank):
                error = NOT_ADJACENT
            elif dest in legal:
                error = None
            elif legal.rule is RULE_COMMON:
                error = COMMON_FIRST
            else:
                error = NEAREST_OPPONENT
        case _ if dest not in legal:  # the mover's own discard
            error = MISSED_DESTINATION
    return Judgement(position.mover, card, dest, top, legal, error)


# ----- placing, correcting, penalty ---------------------------------------
def place(position: Position, card: Card, dest: Dest) -> Position:
    """Put ``card`` on top of ``dest`` without judging it (no turn change)."""
    return apply(position, Placed(position.mover, card, dest, None))


def take_back(position: Position, card: Card, dest: Dest) -> Position:
    """Remove ``card`` from the top of ``dest`` (the first half of a correction).

    Raises ``ValueError`` if ``card`` is not that pile's top.
    """
    return _take(position, card, dest)


def give_penalty_card(position: Position, donor: int, offender: int) -> tuple[Position, Gift | None]:
    """One donor gives the offender the top card of their closed stock (§muggins step 2).

    The card goes under the offender's closed stock. A donor with an empty
    stock first turns their discard over (§recycle); a donor with no cards
    gives nothing (``None``, R6).
    """
    events = _penalty_card_events(position, donor, offender)
    for event in events:
        position = apply(position, event)
    return position, _gift(events)


def _penalty_card_events(position: Position, donor: int, offender: int) -> tuple[Event, ...]:
    donor_name, offender_name = position.players[donor], position.players[offender]
    if not position.has_cards(donor):
        return (NoPenaltyCard(donor_name, offender_name),)
    if position.stocks[donor]:
        return (PenaltyCard(donor_name, offender_name, position.stocks[donor][0]),)
    return (Recycled(donor_name, for_penalty=True), PenaltyCard(donor_name, offender_name, position.discards[donor][0]))


def _gift(events: tuple[Event, ...]) -> Gift | None:
    last = events[-1]
    if not isinstance(last, PenaltyCard):
        return None
    return Gift(last.donor, last.card, recycled=len(events) == 2)


def penalty(position: Position, offender: int, *, rules: RuleOptions = STANDARD,
            caller: int | None = None) -> tuple[Position, tuple[Gift, ...]]:
    """Each other player gives the offender the top card of their closed stock (§muggins, R5).

    Donors give in clockwise order from the offender's left; each card goes
    under the offender's stock, beneath those already given, so the last
    donor's card ends at the very bottom. See :func:`give_penalty_card` for
    donors who recycle or have nothing. Returns the new position and the gifts
    in the order given. Under ``PenaltyRule.CALLER`` only ``caller`` (a seat) gives —
    the player at the offender's left when nobody called (the finish check, V3).
    """
    position, gifts, _events = _penalty(position, offender, rules, caller)
    return position, gifts


def _donors(position: Position, offender: int, rules: RuleOptions, caller: int | None) -> tuple[int, ...]:
    """Who gives penalty cards, in order (R5; V3 under ``PenaltyRule.CALLER``)."""
    around = position.opponents_clockwise(offender)
    if rules.penalty is PenaltyRule.CALLER:
        return (caller,) if caller is not None and caller in around else around[:1]
    return around


def _penalty(position: Position, offender: int, rules: RuleOptions = STANDARD,
             caller: int | None = None) -> tuple[Position, tuple[Gift, ...], tuple[Event, ...]]:
    gifts: list[Gift] = []
    events: list[Event] = []
    for seat in _donors(position, offender, rules, caller):
        given = _penalty_card_events(position, seat, offender)
        for event in given:
            position = apply(position, event)
        events += given
        gift = _gift(given)
        if gift is not None:
            gifts.append(gift)
    return position, tuple(gifts), tuple(events)


def lowest_pile(legal: Legal) -> Dest:
    """The first correct destination: the lowest-numbered fitting common (R4, R8)."""
    return legal.dests[0]


Chooser = Callable[[Legal], Dest]


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """Everything that happened in one turn (§turn, §muggins, §finish).

    - ``mover``; ``card`` (``None`` for a pass, R2); ``recycled``.
    - ``judgement`` (``None`` for a pass); ``called``: the error was called in
      time, or caught by the finish check (R11); ``caller``: who called (a
      player's name, when known); ``checked``: the finish check caught it (R11:
      an error on the last card is always treated as called).
    - ``placed``: where the card finally lies (after any correction).
    - ``penalty``: the gifts, in order given (R5).
    - ``finished``: the mover won the hand with this placement (§finish).
    - ``before`` and ``after``: the positions at the start and end of the turn;
      ``judged_in``: the position the card was judged in (after the turn-up,
      before the placement; ``None`` for a pass).
    - ``events``: everything that happened, in order (see
      :mod:`tutorial.engine.events`); applied one by one to ``before`` they
      give ``after``.
    """

    mover: str
    card: Card | None
    recycled: bool
    judgement: Judgement | None
    called: bool
    placed: Dest | None
    penalty: tuple[Gift, ...]
    finished: bool
    before: Position
    after: Position
    judged_in: Position | None = None
    caller: str | None = None
    checked: bool = False
    events: tuple[Event, ...] = ()

    @property
    def passed(self) -> bool:
        """True when the mover had no card and passed (R2)."""
        return self.card is None


def complete_turn(
    turned: TurnUp,
    dest: Dest,
    *,
    called: bool = True,
    caller: str | None = None,
    correct_to: Chooser = lowest_pile,
    before: Position | None = None,
    legal: Legal | None = None,
    verdict: Judgement | None = None,
    penalise: bool = True,
    rules: RuleOptions = STANDARD,
) -> TurnRecord:
    """Place the turned card on ``dest`` and settle the turn (§priority, §muggins, §finish).

    If the placement is an error and ``called`` is true (``caller``: who called,
    if known), the card is moved to a correct destination (``correct_to`` picks
    among fitting commons; default the lowest-numbered, R4) and every other
    player gives a penalty card (R5). An uncalled error stands — except on the
    mover's last card: the finish check (R11) treats it as called, so an
    uncalled error can never win. The mover finishes only when a correct
    placement leaves both their stock and discard empty; a mover emptied by a
    correction has not finished and passes from then on (R12). Unless the hand
    is finished, the turn passes to the left. ``before`` is the position at the
    start of the turn, kept in the record (default: the position before the turn-up);
    ``legal`` may pass the already computed legal destinations and ``verdict``
    the judgement of this very placement (so it is judged once);
    ``penalise=False`` corrects a called error without penalty cards (a
    coaching aid, not a rule). ``rules``: the table's :class:`RuleOptions` (which
    destinations are correct; who gives penalty cards). Raises :class:`PositionError` ``bad-dest``
    for a ``dest`` that names no pile or player (or a ``correct_to`` that picks a pile the card
    does not fit), and :class:`ActionError` ``no-card`` when there is no card to place.
    """
    position = turned.position
    card = turned.card
    if card is None:
        raise ActionError("no-card", player=position.mover)
    if verdict is None or verdict.dest != dest or verdict.card != card:
        verdict = judge(position, card, dest, legal, rules)
    seat = position.to_move
    mover = position.players[seat]
    events: list[Event] = [*turned.events, Placed(mover, card, dest, verdict.error)]
    position = apply(position, events[-1])
    placed = dest
    gifts: tuple[Gift, ...] = ()
    did_call = called and verdict.error is not None
    checked = verdict.error is not None and not did_call and not position.has_cards(seat)  # R11
    if did_call or checked:
        placed = correct_to(verdict.legal)
        if placed not in verdict.legal:
            raise PositionError("bad-dest", dest=str(placed))
        events.append(Called(mover, caller if did_call else None, finish_check=checked))
        events.append(Corrected(mover, card, dest, placed))
        position = apply(position, events[-1])
        if penalise:
            donor = position.players.index(caller) if did_call and caller in position.players else None
            position, gifts, given = _penalty(position, seat, rules, donor)
            events += given
    finished = verdict.error is None and not position.has_cards(seat)
    if finished:
        events.append(Finished(mover))
    else:
        events.append(NextPlayer(position.players[(seat + 1) % len(position.players)]))
        position = apply(position, events[-1])
    return TurnRecord(
        mover=mover,
        card=card,
        recycled=turned.recycled,
        judgement=verdict,
        called=did_call or checked,
        placed=placed,
        penalty=gifts,
        finished=finished,
        before=before if before is not None else turned.start,
        after=position,
        judged_in=turned.position,
        caller=caller if did_call else None,
        checked=checked,
        events=tuple(events),
    )


def pass_turn(position: Position) -> TurnRecord:
    """The mover has no cards and passes (R2): the turn goes to the left."""
    event = Passed(position.mover)
    return TurnRecord(position.mover, None, False, None, False, None, (), False, position, apply(position, event),
                      events=(event,))


def rule_perfect(position: Position, card: Card, legal: Legal) -> Dest:
    """The rule-perfect player of R8: the lowest-numbered fitting common, else the only legal pile."""
    return legal.dests[0]


Strategy = Callable[[Position, Card, Legal], Dest]
"""A player's choice: ``(position after the turn-up, turned card, legal set) -> Dest``."""


def play_turn(position: Position, choose: Strategy = rule_perfect, *, called: bool = True,
              rules: RuleOptions = STANDARD) -> TurnRecord:
    """Play one whole turn: turn up, place where ``choose`` says, settle (§turn).

    ``choose`` defaults to the rule-perfect player (R8). A mover with no cards
    passes (R2). See :func:`complete_turn` for ``called``.
    """
    turned = turn_up(position)
    if turned.card is None:
        return pass_turn(position)
    legal = legal_destinations(turned.position, turned.card, rules)
    dest = choose(turned.position, turned.card, legal)
    return complete_turn(turned, dest, called=called, before=position, legal=legal, rules=rules)
