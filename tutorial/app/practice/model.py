"""What the Practice page shows and what a learner can do there, without Streamlit.

:class:`PracticeScreen` reads a :class:`~tutorial.app.practice.state.PracticeState` (the
game and what the page keeps around it) and tells, through the narrator (the learner's
language, the learner's seat in the second person), everything the page puts on screen:
the heading, the verdict on the learner's last action, the turns since, the placement
being watched, the end-of-hand review, the match score, the hand log and the table to
draw. It also holds every action of the page, each with a *can* (is its control shown)
and a *do* (``can_undo`` / ``undo``, ``can_call`` / ``call`` …). The Streamlit page only
lays these out and wires the actions to buttons; so whole matches can be tested here, fast.
Everything returned is plain text (the page escapes it for Markdown).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

from tutorial.app.practice.state import NEW, SETTINGS, WIDGETS, Draft, PracticeState, fresh_game
from tutorial.app.shell.table_view import TableView
from tutorial.draw.scene import LEGAL, Arrow, arrows_for
from tutorial.engine.cards import Card
from tutorial.engine.deal import COUNTS
from tutorial.engine.errors import MugginsError, PositionError
from tutorial.engine.position import Discard, Position
from tutorial.engine.rules import Judgement, TurnRecord
from tutorial.narrate import Narrator
from tutorial.practice.game import LearnerCall, PracticeGame
from tutorial.practice.moves import CALL, NEXT, NEXT_HAND
from tutorial.practice.settings import COACH, MAX_HANDS, MAX_TURN_LIMIT, TABLE, WATCH_ALL, WATCH_DISCARDS
from tutorial.training.themes import MISSED_CALL
from tutorial.words import clip, position_error

SINCE_SHOWN = 30
"""Turns listed under “Since your last card” (the hand log holds them all)."""
LOG_SHOWN = 200
"""Turns shown in the open hand log (the download holds them all)."""
SAID_SHOWN = 12
"""Turns a screen reader is told after an action (the last ones; the hand log holds them all)."""

TABLE_KEYS = ["practice-table", "table-practice"]
"""The keys of the table the learner picks a pile on: drawn, or as text (its piles)."""
WATCH_KEYS = ["practice-next", "practice-call"]
"""The controls of a placement watched in Table mode: *Next* (the safe one) first."""
HAND_END_KEYS = ["practice-next-hand", "practice-new", "practice-summary"]
"""The way on at the end of a hand."""
KEEP_KEY = "practice-keep"
"""The safe answer to “Start a new deal?” (*Keep playing*)."""
CODE_KEY = WIDGETS["code"]
"""The settings panel's deal code box (a code that cannot be dealt: to be typed again)."""

LESSON_FOR_ERROR = {
    "not-adjacent": "cards-and-fitting",
    "empty-discard": "nearest-opponent",
    "common-first": "common-piles-first",
    "nearest-opponent": "nearest-opponent",
    "missed-destination": "own-discard",
}
"""The lesson that teaches each error (by lesson id), for the review."""

WATCHING, CORRECTING, OVER, TURN = "watching", "correcting", "over", "turn"
"""What the learner is asked now (:meth:`PracticeScreen.phase`): judge a placement shown
(Table mode), pick the common pile for a called card (R4), read the end of the hand, or
place their turned card."""


@dataclass(frozen=True)
class Message:
    """A message box: ``tone`` (``success``, ``error``, ``warning`` or ``info``) and its
    paragraphs (plain text)."""

    tone: str
    lines: tuple[str, ...]
    details: tuple[str, ...] = ()
    """Lines shown on request under the box (each penalty card, donor by donor, R5)."""


@dataclass(frozen=True)
class Review:
    """The end of a hand: ``outcome`` (who won, or why it was drawn), the learner's errors
    (``errors``: lines by kind, or ``clean``), Table mode's ``calls`` line and the others'
    errors that stood (``missed_count``, ``missed``: a line each with its turn), and the
    error kinds whose lessons to offer (``lessons``, in order, no repeats)."""

    outcome: Message
    won: bool
    errors: tuple[str, ...]
    clean: str | None
    calls: str | None
    missed_count: str | None
    missed: tuple[str, ...]
    lessons: tuple[str, ...] = field(default=())


@dataclass(frozen=True)
class Board:
    """The table to draw: what it shows, its widget key, and whether its piles take a pick
    (a card to place, or a common pile to pick for a called card)."""

    view: TableView
    key: str
    pickable: bool


@dataclass(frozen=True)
class Snapshot:
    """*Save picture* / *Save position* of the moment: the table, its caption's heading and
    the file name (without extension)."""

    view: TableView
    heading: str
    name: str


@dataclass(frozen=True)
class Moment:
    """The page just before an action (:meth:`PracticeScreen.moment`): the game and its hand,
    how many turns and decisions it held, and whether a placement was being watched — what
    :meth:`PracticeScreen.said_after` compares with to tell what the action brought."""

    game: PracticeGame
    hand: object
    records: int
    decisions: int
    watching: bool


@dataclass(frozen=True)
class Choice:
    """A setting's option: its stable value and its label (in the learner's language)."""

    value: object
    label: str


def _placement(record: TurnRecord) -> tuple[Card, Judgement, Position]:
    """The card, the verdict and the table of a placement (a pass has none: never the learner's
    placement or call)."""
    if record.card is None or record.judgement is None or record.judged_in is None:
        raise ValueError("a pass has no placement to tell")
    return record.card, record.judgement, record.judged_in


class PracticeScreen:
    """The Practice page of ``state`` (or of a bare game) in words, with its actions (see the
    module text). ``undone``: the learner has just taken a card back (Coach mode's Undo;
    by default read from the state). ``rng``: where fresh deals come from. ``on_error``: told
    each new error of the learner's an action brings (its error id), and ``missed-call`` when
    the learner let another player's error pass (training makes its theme due)."""

    def __init__(self, state: PracticeState | PracticeGame, narrator: Narrator, *, undone: bool | None = None,
                 rng: random.Random | None = None, on_error: Callable[[str], None] | None = None):
        self.state = state if isinstance(state, PracticeState) else PracticeState(game=state)
        self.n = narrator
        self._undone = undone
        self.rng = rng or random.SystemRandom()
        self.on_error = on_error

    @property
    def game(self) -> PracticeGame:
        """The game under way (an action may replace it: a new deal, an undo)."""
        return self.state.current

    @property
    def undone(self) -> bool:
        """The learner has just taken a card back, and nothing happened since."""
        if self._undone is not None:
            return self._undone
        return self.state.undone is not None and self.state.undone == self.game.token

    @property
    def token(self) -> str:
        """The token of the game as it is now: every action's control carries it."""
        return self.game.token

    # ----- the top of the page ------------------------------------------------------------
    def heading(self) -> tuple[str, str, str]:
        """``(deal, who, mode)``: the deal code, dealer and hand of the match; who the learner
        is; what the mode does."""
        _ = self.n._
        game = self.game
        deal = _("Deal {code}").format(code=game.match.deal_code(game.hand_index)) + " · " + \
            _("Dealer: {dealer}").format(dealer=game.hand.start.players[game.dealer])
        if game.settings.hands > 1:
            deal += " · " + _("Hand {number} of {total}").format(number=game.hand_index + 1, total=game.settings.hands)
            if game.hand_index:
                deal += " " + _("(match {code})").format(code=game.code)
        if game.settings.mode == COACH:
            mode = _("Coach mode: every error of yours is explained at once.")
        else:
            mode = _("Table mode: the others may miss your errors, and may slip themselves; you may call “Muggins!”.")
        return deal, _("You are {you}.").format(you=game.learner), mode

    def notice(self, kind: str, value: object) -> str:
        """A problem with the page address, and what was done about it."""
        _ = self.n._
        if kind == "saved-missing":
            return _("The saved game in the link (“{key}”) is not kept on this server.").format(key=clip(value))
        if kind == "saved-unusable":
            return _("This server cannot read its store of saved games just now, so the saved game in the link (“{key}”) cannot be opened.").format(
                key=clip(value))
        if kind == "saved-damaged":
            return _("The saved game in the link (“{key}”) is damaged and cannot be replayed.").format(key=clip(value))
        if kind == "fresh-deal":
            return _("So here is a fresh deal.")
        if kind == "moves-without-deal":
            return _("The link holds moves but no deal code, so they cannot be replayed; here is a fresh deal.")
        if kind == "unsaved":
            return _("This game has grown too long for its page address and this server cannot keep it, so a refresh or a link may not bring it back.")
        problem = position_error(value, self.n.tr) if isinstance(value, MugginsError) else clip(value)
        if kind == "bad-deal":
            return _("The link did not hold a game that can be restored ({problem}), so here is a fresh deal.").format(problem=problem)
        code = getattr(value, "code", "")
        if code == "bad-seat":
            return _("The seat in the link cannot be used ({problem}), so you sit in seat A of deal {deal}.").format(
                problem=problem, deal=self.game.code)
        if code == "bad-settings":
            return _("The game settings in the link cannot be used ({problem}), so deal {deal} is played with the usual settings.").format(
                problem=problem, deal=self.game.code)
        return _("The moves in the link could not be replayed ({problem}), so this is the same deal from the start.").format(problem=problem)

    # ----- what just happened -------------------------------------------------------------------
    def _learner_placements(self) -> list[int]:
        you = self.game.learner
        return [index for index, record in enumerate(self.game.hand.records) if record.mover == you and record.card is not None]

    def feedback(self) -> Message | None:
        """The result of the learner's last action: an undo, a call, or their last placement."""
        n, game = self.n, self.game
        _ = n._
        turned = game.hand.turned
        if self.undone and turned is not None and turned.card is not None:
            return Message("info", (_("Your last card was taken back: {card} is turned up again. Where must it go?").format(
                card=n.card(turned.card)),))
        entry, record = self._latest()
        if record is None:
            return None
        card, verdict, table = _placement(record)
        if entry is not None:
            if entry.supported:
                return Message("success", (_("Right to call."), n.judgement(verdict, table),
                                           n.correction(record, table), n.penalty_summary(record)),
                           details=tuple(n.penalty_lines(record)) if record.penalty else ())
            return Message("info", (_("That placement was correct, so your call was unsupported: nothing happens, and it costs you nothing ({section}).").format(
                section=n.section("§muggins")), n.judgement(verdict, table)))  # which placement
        if verdict.ok:
            return Message("success", (_("You put {card} on {pile}.").format(card=n.card(card), pile=n.pile(verdict.dest, table))
                                       + " " + n.judgement(verdict, table),))
        if not record.called:
            return Message("warning", (
                _("Nobody called it, so your error stands and the card stays there ({section}). But it was an error:").format(
                    section=n.section("§muggins")),
                n.judgement(verdict, table)))
        lines = [n.judgement(verdict, table), n.correction(record, table)]
        details: tuple[str, ...] = ()
        if record.penalty or game.settings.penalise or game.settings.mode == TABLE:
            lines.append(n.penalty_summary(record))  # short on a phone; each donor's card is drawn as an arrow
            details = tuple(n.penalty_lines(record)) if record.penalty else ()
        else:
            lines.append(_("Penalty cards are switched off in this game."))
        if not table.has_cards(table.to_move):
            lines.append(n.finish_refused(record.mover))
        return Message("error", tuple(lines), details)

    def _latest(self) -> tuple[LearnerCall | None, TurnRecord | None]:
        """What the learner did last: ``(their call, its record)`` if a call came after their
        last placement, else ``(None, that placement's record)``, or ``(None, None)``."""
        records = self.game.hand.records
        mine = self._learner_placements()
        calls = self.game.calls
        if calls and (not mine or records.index(calls[-1].record) > mine[-1]):
            return calls[-1], calls[-1].record
        return None, (records[mine[-1]] if mine else None)

    def last_arrows(self) -> tuple[Arrow, ...]:
        """What the learner's last placement or call set moving, for the table's arrows: each
        penalty card, and the correction while nobody has played since (after that the piles
        it joined have changed); empty when nothing was called."""
        _entry, record = self._latest()
        if record is None or not record.called:
            return ()
        current = self.game.hand.records[-1] is record
        return tuple(arrow for arrow in arrows_for(record.events)
                     if arrow.kind == "gift" or (current and arrow.start != ("turned", record.mover)))

    def since(self) -> tuple[str, tuple[str, ...]] | None:
        """The turns played since the learner's last card (or before their first): a
        heading and a line each; ``None`` when there are none."""
        _ = self.n._
        records = self.game.hand.records
        mine = self._learner_placements()
        others = records[mine[-1] + 1:] if mine else records
        if not others:
            return None
        heading = _("Since your last card:") if mine else _("Before your first turn:")
        lines = [self.n.turn_line(record) for record in others[-SINCE_SHOWN:]]
        if len(others) > SINCE_SHOWN:
            hidden = len(others) - SINCE_SHOWN
            lines.insert(0, self.n.n_("… and {count} earlier turn (all of them are in the hand log).",
                                      "… and {count} earlier turns (all of them are in the hand log).", hidden).format(count=hidden))
        return heading, tuple(lines)

    # ----- what the learner must do now ------------------------------------------------------------
    def watching(self) -> tuple[str, str] | None:
        """A computer player's placement being shown (Table mode): what they did, and the
        question — the same whether it was right or wrong."""
        shown = self.game.watching
        if shown is None:
            return None
        n = self.n
        turned = self.game.hand.turned
        text = n._("{player} turned up {card} and put it on {pile}.").format(
            player=shown.mover, card=n.card(shown.card),
            pile=n.pile(shown.dest, turned.position if turned is not None else shown.table, subject=shown.mover))
        return text, n._("Was that right? Call “Muggins!” if it was not, before the next card is turned up.")

    def correcting(self, wrong_pick: bool = False) -> Message | None:
        """The learner's called card fits several common piles: they pick one (R4)."""
        game, n = self.game, self.n
        if game.correcting is None:
            return None
        wrong = game.correcting[0]
        turned = game.hand.turned
        if turned is None:
            return None
        _wrong, called, caller = game.correcting
        if called and caller is not None:
            call = n._("{caller} calls “Muggins!”.").format(caller=caller)
        elif called:
            call = n._("“Muggins!” is called.")
        else:
            call = n._("That was your last card, so the finish is checked: the error counts as called ({section}, R11).").format(
                section=n.section("§finish"))
        lines = [n.judgement(game.hand.judge(wrong), turned.position), call,
                 n._("Your card must go on a common pile, and several fit: you pick which ({section}, R4).").format(
                     section=n.section("§muggins"))]
        if wrong_pick:
            lines.append(n._("That pile does not fit: pick one of the marked common piles."))
        return Message("error", tuple(lines))

    def can_undo(self) -> bool:
        """Whether *Undo my last card* is shown: only when it can act — Coach mode, the hand
        not over, and a card of the learner's placed in this hand (not only in an earlier
        hand of the match: :meth:`PracticeGame.undone` never goes back across a new hand)."""
        game = self.game
        if game.settings.mode != COACH or game.hand_over:
            return False
        placements = [index for index, decision in enumerate(game.decisions) if decision not in (CALL, NEXT, NEXT_HAND)]
        return bool(placements) and NEXT_HAND not in game.decisions[placements[-1]:]

    def skip_label(self) -> str:
        """The label of the button that lets the others play on until the learner's turn."""
        game = self.game
        seat = game.hand.position.seat(game.learner)
        if not game.hand.position.has_cards(seat):
            return self.n._("Play the rest of the hand")
        return self.n._("Skip to my turn")

    def your_turn(self) -> tuple[str, str | None]:
        """The prompt for the learner's card, and the recycle it followed (if any)."""
        n = self.n
        turned = self.game.hand.turned
        recycled = n.recycled(self.game.learner, turned.card) if turned is not None and turned.card is not None and turned.recycled else None
        return n._("Your turn: choose the pile where your card must go. Every common pile and every discard, your own included, can be chosen."), recycled

    # ----- the end of a hand ----------------------------------------------------------------------
    def review(self) -> Review | None:
        """The hand's result and the learner's review, once the hand is over."""
        game, n = self.game, self.n
        _ = n._
        if not game.hand_over:
            return None
        result = game.hand.outcome
        if result is None:
            return None
        seat = game.hand.position.seat(game.learner)
        won = result.winner == game.learner
        outcome = Message("success" if won else "info", (n.outcome(result, cards_left=game.hand.position.card_count(seat)),))
        errors = game.errors_by_kind()
        lines = tuple(n.n_("{title}: {count} time ({section}).", "{title}: {count} times ({section}).", count).format(
            title=n.error_title(error), count=count, section=n.section("§priority")) for error, count in sorted(errors.items()))
        lessons = list(dict.fromkeys(sorted(errors)))
        calls = missed_count = None
        missed_lines: tuple[str, ...] = ()
        if game.settings.mode == TABLE:
            right = sum(entry.supported for entry in game.calls)
            calls = _("Your calls — right: {right}; unsupported: {wrong}.").format(right=right, wrong=len(game.calls) - right)
            missed = game.missed_calls()
            missed_count = n.n_("Errors by others that nobody called: {count}.", "Errors by others that nobody called: {count}.",
                                len(missed)).format(count=len(missed))
            missed_lines = tuple(_("Turn {turn}: {what}").format(turn=turn, what=n.turn_line(record)) for turn, record in missed)
            kinds = {record.judgement.error for _turn, record in missed
                     if record.judgement is not None and record.judgement.error is not None}
            lessons += [error for error in sorted(kinds) if error not in lessons]
        return Review(outcome, won, lines, None if errors else _("You made no errors in this hand."), calls, missed_count,
                      missed_lines, tuple(lessons))

    def scoreboard(self) -> tuple[str, str, str | None] | None:
        """In a match: the heading, the wins so far with the drawn hands, and the match
        result once it is over (§match); ``None`` for a single hand."""
        game, n = self.game, self.n
        _ = n._
        if game.settings.hands < 2:
            return None
        drawn = sum(1 for outcome in game.outcomes if outcome.winner is None)
        heading = _("Match: hand {number} of {total}").format(number=len(game.outcomes), total=game.settings.hands)
        scores = " · ".join(f"{name}: {wins}" for name, wins in game.scores().items()) + " · " + \
            n.n_("{count} drawn hand", "{count} drawn hands", drawn).format(count=drawn)
        result = None
        if game.match_over:
            winners = game.winners()
            if winners == [game.learner]:
                result = _("You win the match ({section}).").format(section=n.section("§match"))
            elif len(winners) == 1:
                result = _("{player} wins the match ({section}).").format(player=winners[0], section=n.section("§match"))
            else:
                result = _("{players} share the match ({section}).").format(players=n.names(winners), section=n.section("§match"))
        return heading, scores, result

    # ----- the hand log -------------------------------------------------------------------------------
    def log_lines(self, last: int | None = None) -> list[tuple[int, str]]:
        """``(turn number, line)`` for every turn of the hand, or only the ``last`` ones."""
        records: Sequence[TurnRecord] = self.game.hand.records
        first = 0 if last is None else max(0, len(records) - last)
        return [(number, self.n.turn_line(record)) for number, record in enumerate(records[first:], start=first + 1)]

    def log_text(self) -> str:
        """The whole hand log as plain text, for downloading."""
        game = self.game
        lines = [f"Muggins Tutor · {game.match.deal_code(game.hand_index)} · {game.settings.to_text()}"]
        lines += [f"{number}. {line}" for number, line in self.log_lines()]
        return "\n".join(lines) + "\n"

    def log_note(self) -> str | None:
        """The line above the open hand log: no turns yet, or only the last ones shown."""
        if not self.game.hand.records:
            return self.n._("No turns played yet.")
        if len(self.game.hand.records) > LOG_SHOWN:
            return self.n.n_("The last {count} turn; the download holds the whole hand.",
                             "The last {count} turns; the download holds the whole hand.", LOG_SHOWN).format(count=LOG_SHOWN)
        return None

    def log_file_name(self) -> str:
        """The downloaded hand log's file name."""
        return f"muggins-{self.game.match.deal_code(self.game.hand_index)}.txt"

    # ----- the page's notices -------------------------------------------------------------------
    def notices(self) -> list[str]:
        """The problems the address had, in words (shown until the next deal from the panel)."""
        return [self.notice(kind, value) for kind, value in self.state.notices]

    def can_retry_saved(self) -> bool:
        """*Try again* is shown: the saved game in the address could not be read from the store,
        and the learner has not begun the fresh deal shown instead."""
        return self.state.waiting is not None and not self.game.decisions

    def retry_saved(self) -> None:
        """*Try again*: open the saved game in the address again (the page opens it afresh)."""
        if self.can_retry_saved():
            self.state.game, self.state.notices, self.state.waiting = None, [], None

    def unsaved(self) -> str | None:
        """The warning for a game too long for its address that the store could not keep."""
        return self.notice("unsaved", None) if self.state.unsaved == self.game.code else None

    def typed_problem(self) -> str | None:
        """A bad deal code typed in the panel, in words (``None`` when there is none)."""
        err = self.state.typed
        if err is None:
            return None
        return self.n._("That cannot be dealt: {problem}.").format(problem=position_error(err, self.n.tr))

    def take_typed_problem(self) -> str | None:
        """:meth:`typed_problem`, said once."""
        said, self.state.typed = self.typed_problem(), None
        return said

    # ----- new deals: New deal, the panel's Deal, and “are you sure?” ---------------------------
    def under_way(self) -> bool:
        """A hand is being played: dealing again asks first."""
        return bool(self.game.decisions) and not self.game.match_over

    def can_new_deal(self) -> bool:
        """*New deal* is always there."""
        return True

    def new_deal(self) -> None:
        """*New deal*: a fresh deal (same table, seat and settings) at once, unless a hand is
        under way: then ask first."""
        if self.under_way():
            self.state.confirm = NEW
        else:
            self._deal_fresh()

    def question(self) -> str | None:
        """“Are you sure?” while a deal waits for it."""
        return self.n._("Start a new deal? The hand you are playing will be lost.") if self.can_confirm() else None

    def can_confirm(self) -> bool:
        """*Yes, deal again* and *Keep playing* are shown: a deal waits for “are you sure?”."""
        return self.state.confirm in (NEW, SETTINGS)

    def confirm(self) -> None:
        """*Yes, deal again*: carry out the deal that was waiting."""
        if self.state.confirm == SETTINGS:
            self._deal_from_draft()
        elif self.state.confirm == NEW:
            self._deal_fresh()

    def keep_playing(self) -> None:
        """*Keep playing*: the waiting deal is dropped."""
        self.state.confirm = None

    def can_deal(self) -> bool:
        """The panel's *Deal* is always there (a bad typed code is explained when pressed)."""
        return True

    def deal(self) -> None:
        """The panel's *Deal*: deal with the panel's settings (and the typed code) at once,
        unless a hand is under way: then ask first. A bad typed code is explained at once."""
        try:
            self.state.draft_of().deal(self.rng)
        except PositionError as err:
            self.state.typed = err
            return
        self.state.typed = None
        if self.under_way():
            self.state.confirm = SETTINGS
        else:
            self._deal_from_draft()

    def _deal_fresh(self) -> None:
        current = self.game
        self.state.game = fresh_game(current.code.players, current.learner_seat, current.settings, self.rng)
        self.state.confirm = None

    def _deal_from_draft(self) -> None:
        try:
            code, seat, settings = self.state.draft_of().deal(self.rng)
        except PositionError as err:
            self.state.typed = err
            return
        self.state.typed = None
        self.state.notices = []
        self.state.game = PracticeGame(code, seat, settings=settings)
        self.state.confirm = None
        self.state.close_panel = True  # the new table comes into view

    # ----- the settings panel's choices -------------------------------------------------------
    def draft(self) -> Draft:
        """The settings panel's values (made from the game on first use)."""
        return self.state.draft_of()

    @staticmethod
    def player_counts() -> list[int]:
        """The table sizes the panel offers."""
        return sorted(COUNTS)

    def modes(self) -> list[Choice]:
        """The modes the panel offers."""
        return [Choice(COACH, self.n._("Coach")), Choice(TABLE, self.n._("Table"))]

    def watch_choices(self) -> list[Choice]:
        """Which of the others' placements the learner watches (Table mode)."""
        return [Choice(WATCH_ALL, self.n._("Every placement by the others")),
                Choice(WATCH_DISCARDS, self.n._("Only placements where a discard is involved"))]

    HANDS = (1, MAX_HANDS)
    """The fewest and most hands in a match."""
    TURN_LIMITS = (50, MAX_TURN_LIMIT, 50)
    """The lowest and highest agreed turn limit per hand, and its step."""

    # ----- playing: what is asked now, and the learner's actions ----------------------------------
    def phase(self) -> str:
        """What the learner is asked now: :data:`WATCHING`, :data:`CORRECTING`, :data:`OVER` or :data:`TURN`."""
        game = self.game
        if game.watching is not None:
            return WATCHING
        if game.correcting is not None:
            return CORRECTING
        if game.hand_over:
            return OVER
        return TURN

    def feedback_first(self) -> bool:
        """The verdict on the learner's last action comes before the question (after it while
        the learner watches the others: their last decision was *Next*)."""
        decisions = self.game.decisions
        return not (decisions and decisions[-1] == NEXT)

    def shown_feedback(self) -> Message | None:
        """The verdict box of the page: none while a called card's common pile is picked, and
        none once the learner has let a placement pass (*Next*, *Skip to my turn*) since the
        action it was about — it would go stale (“Right to call.” three placements later)."""
        if self.game.correcting is not None:
            return None
        decisions = self.game.decisions
        if decisions and decisions[-1] == NEXT and not self.undone:
            return None
        return self.feedback()

    # ----- what a screen reader is told after an action, and where the focus goes -------------
    def moment(self) -> Moment:
        """The page as it is now, to compare with after an action (:meth:`said_after`)."""
        game = self.game
        return Moment(game, game.hand, len(game.hand.records), len(game.decisions), game.watching is not None)

    def said_after(self, before: Moment) -> str:
        """What a screen reader is told, once, after an action taken at ``before``: the
        verdict on the learner's own placement or call, every placement since by the others
        (a placement the learner watched is not told again, only what followed it: a call,
        an error that stood), then what comes now — the next placement to watch, the learner's
        turned card, the common pile to pick, or the hand's result. A new hand starts with its
        deal and dealer; a deal that waits for “are you sure?” says the question. Plain text
        in the learner's language."""
        n, game = self.n, self.game
        _ = n._
        if self.state.typed is not None:  # a deal code that cannot be dealt: nothing else happened
            return self.typed_problem() or ""
        question = self.question()
        if question:
            return question
        if self.undone:
            undone = self.feedback()
            return " ".join(undone.lines) if undone is not None else ""
        same = game is before.game and game.hand is before.hand
        parts: list[str] = []
        if not same:
            parts.append(_("Deal {code}").format(code=game.match.deal_code(game.hand_index)) + ".")
            if game.settings.hands > 1:
                parts.append(_("Hand {number} of {total}").format(number=game.hand_index + 1, total=game.settings.hands) + ".")
            parts.append(_("Dealer: {dealer}").format(dealer=self.dealer()) + ".")
        made = game.decisions[before.decisions:] if same else []
        verdict = self.shown_feedback() if any(decision != NEXT for decision in made) else None
        if verdict is not None:
            parts.extend(verdict.lines)
        fresh = game.hand.records[before.records:] if same else game.hand.records
        lines: list[str] = []
        for index, record in enumerate(fresh):
            if index == 0 and same and before.watching:  # the placement watched: told as it was shown
                if made[:1] == [CALL]:
                    continue  # ... and the verdict on the call tells what followed
                line = n.turn_line(record, placement=False)
            elif verdict is not None and record.mover == game.learner and record.card is not None:
                continue  # the learner's own placement: the verdict told it
            else:
                line = n.turn_line(record)
            if line:
                lines.append(line)
        if len(lines) > SAID_SHOWN:
            hidden = len(lines) - SAID_SHOWN
            lines = [n.n_("… and {count} earlier turn (all of them are in the hand log).",
                          "… and {count} earlier turns (all of them are in the hand log).", hidden).format(count=hidden),
                     *lines[-SAID_SHOWN:]]
        parts.extend(lines)
        parts.append(self.now_said())
        return " ".join(part for part in parts if part)

    def now_said(self) -> str:
        """What comes now, as a screen reader is told it: the placement to watch, the common
        pile to pick for a called card, the hand's result, or the learner's turned card."""
        n, game = self.n, self.game
        phase = self.phase()
        if phase == WATCHING:
            shown = self.watching()
            return shown[0] if shown is not None else ""
        if phase == CORRECTING:
            message = self.correcting()
            return " ".join(message.lines) if message is not None else ""
        if phase == OVER:
            review = self.review()
            return " ".join(review.outcome.lines) if review is not None else ""
        turned = game.hand.turned
        if turned is None or turned.card is None:
            return ""
        # (a discard turned over: the sentence that says so names the card that came up)
        card = n.recycled(game.learner, turned.card) if turned.recycled else n.turned_words(game.learner, turned.card)
        return n._("Your turn.") + " " + card

    def focus_after(self) -> list[str]:
        """Where the focus goes after an action (widget keys without their state tokens, best
        first): the safe answer to “are you sure?”, the table when a pile is to be chosen,
        *Next* beside a placement watched, the way on at the end of a hand."""
        if self.state.typed is not None:
            return [CODE_KEY]
        if self.can_confirm():
            return [KEEP_KEY]
        phase = self.phase()
        if phase == WATCHING:
            return list(WATCH_KEYS)
        if phase == OVER:
            return list(HAND_END_KEYS)
        return list(TABLE_KEYS)

    def last_move(self) -> str:
        """The last move on the table in words (the drawn table's key *L* says it again): the
        placement being watched, else the last turn played in this hand."""
        shown = self.watching()
        if shown is not None:
            return shown[0]
        records = self.game.hand.records
        return self.n.turn_line(records[-1]) if records else self.n._("No card has been played yet in this hand.")

    def take_correcting(self) -> Message | None:
        """:meth:`correcting`, saying once that the last pick did not fit."""
        wrong, self.state.pick_problem = self.state.pick_problem, False
        return self.correcting(wrong_pick=wrong)

    def can_pick(self) -> bool:
        """The table's piles take a pick: a card to place, or a common pile for a called card."""
        return self.phase() in (CORRECTING, TURN)

    def pick(self, dest: str) -> None:
        """The learner puts the turned card (or the called card) on the pile ``dest`` (its text)."""
        self._decide(dest)

    def can_call(self) -> bool:
        """*Call “Muggins!”* is shown: a placement by another player is being watched."""
        return self.phase() == WATCHING

    def call(self) -> None:
        """The learner calls “Muggins!” on the placement shown."""
        self._decide(CALL)

    def can_go_on(self) -> bool:
        """*Next ▶* is shown (beside the call)."""
        return self.can_call()

    def go_on(self) -> None:
        """The learner lets play go on without calling."""
        self._decide(NEXT)

    def can_skip(self) -> bool:
        """*Skip to my turn* is shown (beside the call)."""
        return self.can_call()

    def skip(self) -> None:
        """The others play on without the learner's calls until the learner has a card to place."""
        before = self._errors_now()
        try:
            self.game.skip()
        except MugginsError:
            return
        self._note_errors(before)

    def can_next_hand(self) -> bool:
        """*Deal the next hand* is shown: a hand of an unfinished match is over."""
        return self.phase() == OVER and not self.game.match_over

    def next_hand(self) -> None:
        """The next hand of the match."""
        self._decide(NEXT_HAND)

    def undo(self) -> None:
        """*Undo my last card* (Coach mode): the learner's last placement taken back."""
        try:
            self.state.game = self.game.undone()
        except MugginsError:
            return
        self.state.undone = self.state.game.token

    def can_hint(self) -> bool:
        """The switch *Show where the card may go* is shown: Coach mode, a card to place."""
        return self.game.settings.mode == COACH and self.phase() == TURN

    def _decide(self, decision: str) -> None:
        game = self.game
        before = self._errors_now()
        try:
            game.decide(decision)
        except MugginsError:
            if game.correcting is not None:  # a pile that does not fit the called card
                self.state.pick_problem = True
            return
        self._note_errors(before)

    def _errors_now(self) -> tuple[object, Counter[str], int] | None:
        """The hand, the learner's errors in it by kind and the others' errors that stood
        (for :meth:`_note_errors`); ``None`` when nobody listens."""
        if self.on_error is None:
            return None
        game = self.game
        return game.hand, game.errors_by_kind(), len(game.missed_calls())

    def _note_errors(self, before: tuple[object, Counter[str], int] | None) -> None:
        """Tell :attr:`on_error` the errors an action brought within the same hand."""
        if before is None or self.on_error is None or self.game.hand is not before[0]:
            return
        game = self.game
        for kind, count in (game.errors_by_kind() - before[1]).items():
            for _each in range(count):
                self.on_error(kind)
        if len(game.missed_calls()) > before[2]:
            self.on_error(MISSED_CALL)

    def watched_pile(self) -> str | None:
        """The pile of the placement being watched (the table brings it into view)."""
        shown = self.game.watching
        return None if shown is None else str(shown.dest)

    def since_panel(self) -> tuple[str, tuple[str, ...], bool] | None:
        """:meth:`since` as the page shows it (not while a placement is watched), with whether
        its panel is open (at the end of a hand, or when it is short)."""
        since = self.since()
        if since is None or self.game.watching is not None:
            return None
        heading, lines = since
        return heading, lines, self.game.hand_over or len(lines) <= 3

    # ----- the table ----------------------------------------------------------------------------
    def dealer(self) -> str:
        """The dealer's name in the hand under way."""
        return self.game.hand.start.players[self.game.dealer]

    def board(self, hints: bool = False) -> Board:
        """The table to draw now; ``hints``: the learner asked where the card may go (Coach mode)."""
        game = self.game
        hand, you, dealer = game.hand, game.learner, self.dealer()
        if game.watching is not None:
            shown = game.watching
            return Board(TableView(shown.table, you=you, marked={shown.dest}, show_mover=False, dealer=dealer,
                                   arrows=(Arrow(("turned", shown.mover), shown.dest),)), "practice-watching", False)
        turned = hand.turned
        if game.hand_over or turned is None:
            return Board(TableView(hand.position, you=you, show_mover=False, dealer=dealer), "practice-final", False)
        arrows: tuple[Arrow, ...] = ()
        if game.correcting is not None:
            marks = dict.fromkeys(game.correction_choices(), LEGAL)
        else:
            marks = dict.fromkeys(hand.legal().dests, LEGAL) if hints and self.can_hint() else {}
            arrows = self.last_arrows()
        if turned.recycled:  # the mover's discard was turned over to make a new stock
            mover = turned.position.mover
            arrows += (Arrow(Discard(mover), ("stock", mover), "recycle"),)
        return Board(TableView(turned.position, turned=turned.card, you=you, marks=marks, dealer=dealer, arrows=arrows),
                     "practice", True)

    def snapshot(self) -> Snapshot:
        """What *Save picture* and *Save position* keep: the table of the moment (with the
        turned card, unless a placement is watched) and the file name."""
        game = self.game
        hand = game.hand
        deal, _who, _mode = self.heading()
        if hand.turned is not None and hand.turned.card is not None and game.watching is None:
            view = TableView(hand.turned.position, turned=hand.turned.card, you=game.learner, dealer=self.dealer())
        else:
            view = TableView(hand.position, you=game.learner, dealer=self.dealer())
        return Snapshot(view, deal, f"muggins-{game.match.deal_code(game.hand_index)}-turn-{len(hand.records) + 1}")

    # ----- the end of a hand: celebration and lessons ------------------------------------------
    def celebrate(self) -> bool:
        """Whether to celebrate now: the learner won this hand, and it was not celebrated yet."""
        review = self.review()
        finished = f"{self.game.code}/{len(self.game.decisions)}"
        if review is None or not review.won or self.state.celebrated == finished:
            return False
        self.state.celebrated = finished  # once, not on every rerun
        return True

    def lesson_offers(self, available: Collection[str]) -> list[str]:
        """The lessons (ids, among ``available``) that teach the errors of this hand, once each."""
        review = self.review()
        offered: list[str] = []
        for error in review.lessons if review is not None else ():
            lesson = LESSON_FOR_ERROR.get(error)
            if lesson is not None and lesson in available and lesson not in offered:
                offered.append(lesson)
        return offered

    def open_lesson(self, lesson_id: str) -> None:
        """A lesson button at the end of the hand: the page goes to that lesson."""
        self.state.to_lesson = lesson_id

    def take_lesson(self) -> str | None:
        """The lesson to go to, once."""
        chosen, self.state.to_lesson = self.state.to_lesson, None
        return chosen
