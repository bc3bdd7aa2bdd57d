"""The practice table: the learner in one seat against computer players, for a
hand or a match, in Coach or Table mode (RULES.md §muggins, §finish, §match, R7).

Pure game logic for the Practice page (no Streamlit). A whole game is rebuilt
exactly from its deal code, its settings and the learner's decisions, so the
page address can carry it and a refresh or a shared link restores it.

Decisions, in order:
``common:N`` / ``discard:NAME`` — the learner places the turned card
(``best``: wherever the rule-perfect player of R8 would put it);
``call`` — the learner calls “Muggins!” on the placement just shown;
``next`` — the learner lets play go on after watching a placement (Table mode);
``hand`` — the learner starts the next hand of the match.

The address carries them compactly (:meth:`PracticeGame.moves_text`): one
symbol per decision, most of them the rule-perfect choice, packed with zlib
when that is shorter. Every action may carry the :attr:`PracticeGame.token`
of the state the learner saw; an action made on an older state is ignored.
"""

from __future__ import annotations

import base64
import binascii
import random
import zlib
from collections import Counter
from dataclasses import dataclass, field

from .engine.bots import Bot
from .engine.deal import SEAT_NAMES, DealCode
from .engine.errors import PositionError
from .engine.hand import Hand
from .engine.match import Match, match_winners, wins
from .engine.playout import Outcome
from .engine.position import Dest
from .engine.rules import TurnRecord

PRACTICE_PLAYERS = 4
"""The default number of players."""
LEARNER_SEAT = 0
COACH, TABLE = "coach", "table"
CALL, NEXT, NEXT_HAND, BEST = "call", "next", "hand", "best"


@dataclass(frozen=True)
class Settings:
    """How the practice table plays.

    - ``mode``: ``coach`` (every learner error is called at once and explained;
      computer players never err) or ``table`` (like a real table, below).
    - ``penalise`` (Coach): a called learner error also gets the penalty cards.
    - ``alertness`` (Table): chance in percent that the others call a learner error.
    - ``slips`` (Table): chance in percent that a computer player misplaces a card;
      the learner may call it until the next card is turned up.
    - ``hands``: hands in the match (1–20); ``turn_limit``: the agreed turn limit
      of each hand (R7, 50–100000 turns).
    Raises :class:`PositionError` ``bad-settings`` for values out of range.
    """

    mode: str = COACH
    penalise: bool = True
    alertness: int = 100
    slips: int = 0
    hands: int = 1
    turn_limit: int = 1000

    def __post_init__(self):
        checks = {
            "mode": self.mode in (COACH, TABLE),
            "penalise": isinstance(self.penalise, bool),
            "alertness": isinstance(self.alertness, int) and 0 <= self.alertness <= 100,
            "slips": isinstance(self.slips, int) and 0 <= self.slips <= 100,
            "hands": isinstance(self.hands, int) and 1 <= self.hands <= 20,
            "turn_limit": isinstance(self.turn_limit, int) and 50 <= self.turn_limit <= 100_000,
        }
        for name, ok in checks.items():
            if not ok:
                raise PositionError("bad-settings", setting=name)

    def to_text(self) -> str:
        """Compact text for the address, e.g. ``table.a70.s10.h3.t1000`` (``coach.p1.h1.t1000``)."""
        first = f"{self.mode}.p{int(self.penalise)}" if self.mode == COACH else f"{self.mode}.a{self.alertness}.s{self.slips}"
        return f"{first}.h{self.hands}.t{self.turn_limit}"

    @classmethod
    def parse(cls, text: str | None) -> Settings:
        """Inverse of :meth:`to_text`; empty text gives the defaults. Raises ``bad-settings``."""
        if not text:
            return cls()
        parts = str(text).split(".")
        values: dict = {"mode": parts[0]}
        names = {"p": "penalise", "a": "alertness", "s": "slips", "h": "hands", "t": "turn_limit"}
        for part in parts[1:]:
            key, number = part[:1], part[1:]
            if key not in names or not (number.isascii() and number.isdigit()) or len(number) > 6:
                raise PositionError("bad-settings", setting=str(text)[:40])
            values[names[key]] = int(number) if key != "p" else number == "1"
        try:
            return cls(**values)
        except PositionError:  # name the text from the address, not the field
            raise PositionError("bad-settings", setting=str(text)[:40]) from None


@dataclass(frozen=True)
class LearnerCall:
    """A “Muggins!” the learner called: on ``record`` (as it was placed), ``supported``
    when it was an error (then ``result`` is the called record), else unsupported."""

    record: TurnRecord
    supported: bool
    result: TurnRecord | None


@dataclass
class PracticeGame:
    """A practice game for ``code.players`` players; the learner sits at ``learner_seat`` (0 = A).

    ``decisions`` (see the module text) with the deal code and ``settings``
    reproduce the game exactly: every chance a computer player takes comes from
    one generator seeded with the deal code and the settings.
    Raises :class:`PositionError` (``bad-seat``, or the code of a decision that
    cannot be made at that point).
    """

    code: DealCode
    learner_seat: int = LEARNER_SEAT
    decisions: list[str] = field(default_factory=list)
    settings: Settings = field(default_factory=Settings)

    def __post_init__(self):
        if not 0 <= self.learner_seat < self.code.players:
            raise PositionError("bad-seat", seat=self.learner_seat)
        self.match = Match(self.code, self.settings.hands)
        self._rng = random.Random(f"{self.code}|{self.settings.to_text()}|{self.learner_seat}")
        table = self.settings.mode == TABLE
        self._bot = Bot(self._rng, error_rate=self.settings.slips / 100 if table else 0.0,
                        alertness=self.settings.alertness / 100 if table else 1.0)
        self.outcomes: list[Outcome] = []
        self.calls: list[LearnerCall] = []
        self.watching: TurnRecord | None = None  # a placement shown to the learner (Table mode)
        self.hand_index = -1
        self._symbols: list[str] = []
        self._digest = zlib.crc32(f"{self.code}|{self.learner_seat}|{self.settings.to_text()}".encode())
        self._packed: tuple[int, str] = (0, "")
        replay = list(self.decisions)
        self.decisions = []
        self._start_hand()
        for decision in replay:
            self.decide(decision)

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
            raw = "".join(self._symbols)
            plain = "~" + raw
            packed = "~z" + base64.urlsafe_b64encode(zlib.compress(raw.encode("ascii"), 9)).decode("ascii").rstrip("=")
            self._packed = (len(self._symbols), min(plain, packed, key=len) if raw else "")
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
        return (self.watching is None and self.hand.turned is not None
                and self.hand.position.to_move == self.learner_seat)

    @property
    def hand_over(self) -> bool:
        """True when the hand is over and confirmed (a finish being shown in Table mode
        may still be called, so it is not over yet)."""
        return self.hand.over and self.watching is None

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

    def errors_by_kind(self) -> Counter:
        """The learner's errors in this hand, by error id."""
        return Counter(r.judgement.error for r in self.hand.records
                       if r.mover == self.learner and r.judgement is not None and r.judgement.error)

    def missed_calls(self) -> list[TurnRecord]:
        """Other players' errors in this hand that stood: nobody called them in time."""
        return [r for r in self.hand.records if r.mover != self.learner and r.judgement is not None
                and r.judgement.error and not r.called]

    # ----- acting --------------------------------------------------------
    def decide(self, decision: str, seen: str | None = None) -> bool:
        """Apply one decision (see the module text). With ``seen`` (the :attr:`token`
        of the state the learner acted on) an out-of-date decision changes nothing
        and ``False`` is returned. Raises :class:`PositionError` for a decision that
        cannot be made now."""
        if seen is not None and seen != self.token:
            return False
        if decision == CALL:
            self.call()
        elif decision == NEXT:
            self.go_on()
        elif decision == NEXT_HAND:
            self.next_hand()
        elif decision == BEST:
            if not self.waiting_for_learner:
                raise PositionError("not-your-turn")
            self.play(self.hand.legal().dests[0])
        else:
            self.play(Dest.parse(decision))
        return True

    def play(self, dest: Dest) -> TurnRecord:
        """The learner places the turned card on ``dest``. In Coach mode an error is
        called at once (penalty as set); in Table mode the others call it with the
        set chance, else it stands. Then the others play. Raises
        :class:`PositionError` ``not-your-turn`` or for a ``dest`` that names no pile."""
        if not self.waiting_for_learner:
            raise PositionError("not-your-turn")
        verdict = self.hand.judge(dest)
        if self.settings.mode == COACH:
            called = True
        else:
            called = verdict.error is not None and self._bot.calls(verdict)
        record = self.hand.play(dest, called=called, penalise=self.settings.penalise or self.settings.mode == TABLE)
        self._note(str(dest), "." if dest == verdict.legal.dests[0] else _symbol(dest, self.hand.start.players))
        self._after_turn()
        return record

    def call(self) -> LearnerCall:
        """The learner calls “Muggins!” on the placement being shown (Table mode).
        Raises :class:`PositionError` ``call-too-late`` when there is none."""
        if self.watching is None or not self.hand.can_call():
            raise PositionError("call-too-late")
        shown = self.watching
        result = self.hand.call()
        entry = LearnerCall(shown, result is not None, result)
        self.calls.append(entry)
        self._note(CALL, "M")
        self.watching = None
        self._after_turn()
        return entry

    def go_on(self) -> None:
        """Let play go on after watching a placement (Table mode): the chance to call it is gone."""
        if self.watching is None:
            raise PositionError("not-your-turn")
        self.watching = None
        self._note(NEXT, "n")
        self._after_turn()

    def next_hand(self) -> None:
        """Deal the next hand of the match. Raises ``hand-over`` when the match is over
        and ``not-your-turn`` while the hand is still being played."""
        if not self.hand_over:
            raise PositionError("not-your-turn")
        if self.match_over:
            raise PositionError("hand-over")
        self._note(NEXT_HAND, "H")
        self._start_hand()

    def undone(self) -> PracticeGame:
        """The same game without the learner's last placement (replayed from the deal;
        Coach mode). Raises :class:`PositionError` ``nothing-to-undo``."""
        placements = [i for i, d in enumerate(self.decisions) if d not in (CALL, NEXT, NEXT_HAND)]
        if not placements or NEXT_HAND in self.decisions[placements[-1]:]:
            raise PositionError("nothing-to-undo")
        return PracticeGame(self.code, self.learner_seat, self.decisions[: placements[-1]], self.settings)

    # ----- the others' turns --------------------------------------------
    def _start_hand(self) -> None:
        self.hand_index += 1
        start, self.dealer = self.match.deal(self.hand_index)
        self.hand = Hand(start, max_turns=self.settings.turn_limit)
        self.calls = []
        self._after_turn()

    def _after_turn(self) -> None:
        """Record a finished hand, else let the others play until the learner must act."""
        hand = self.hand
        while True:
            if hand.over:
                if len(self.outcomes) <= self.hand_index:
                    self.outcomes.append(hand.outcome)
                return
            if self.watching is not None or self.waiting_for_learner:
                return
            if hand.turned is None:
                hand.turn_up()
                continue
            turned = hand.turned
            dest = self._bot.choose(turned.position, turned.card, hand.legal())
            verdict = hand.judge(dest)
            # Another computer player calls a slip (with the alertness chance); the learner
            # may still call one that nobody called, until the next card is turned up.
            called = verdict.error is not None and self._bot.calls(verdict)
            record = hand.play(dest, called=called)
            if self.settings.mode == TABLE:
                self.watching = record
            if hand.over and record.finished and self.settings.mode == TABLE:
                return  # a finish is checked before it is confirmed: the learner may still call


def _symbol(dest: Dest, players: tuple[str, ...]) -> str:
    """The address symbol of a placement: ``1``–``9`` for a common pile, ``a``–``g`` for a seat's discard."""
    if dest.kind == "common":
        if not 1 <= dest.target <= 9:
            raise PositionError("bad-dest", dest=str(dest))
        return str(dest.target)
    return "abcdefg"[players.index(dest.target)]


_LONG = {"M": CALL, "n": NEXT, "H": NEXT_HAND, ".": BEST}
_LONG.update({str(n): f"common:{n}" for n in range(1, 10)})
_LONG.update({letter: f"discard:{SEAT_NAMES[i]}" for i, letter in enumerate("abcdefg")})


def encode_moves(decisions: list[str]) -> str:
    """The first address form (still read): ``common:1`` → ``c1``, ``discard:B`` → ``dB``,
    ``call`` → ``M``, ``next`` → ``n``, ``hand`` → ``H``; joined by dots.
    New addresses use :meth:`PracticeGame.moves_text`."""
    short = {CALL: "M", NEXT: "n", NEXT_HAND: "H"}
    parts = []
    for text in decisions:
        if text in short:
            parts.append(short[text])
            continue
        dest = Dest.parse(text)
        parts.append(("c" if dest.kind == "common" else "d") + str(dest.target))
    return ".".join(parts)


MAX_DECISIONS = 20 * (2 * 100_000 + 2)
"""No game the settings allow has more decisions than this (hands × two per turn, R9)."""


def decode_moves(text: str, limit: int = MAX_DECISIONS) -> list[str]:
    """Read the ``moves`` of an address: the compact form of :meth:`PracticeGame.moves_text`
    (``~…`` or ``~z…``) or the first form of :func:`encode_moves`. At most ``limit``
    decisions are read (a packed text is never unpacked beyond that). Raises
    :class:`PositionError` ``bad-moves``."""
    text = str(text or "")
    bad = PositionError("bad-moves", moves=text[:40])
    if not text:
        return []
    if text.startswith("~z"):
        try:
            packed = base64.urlsafe_b64decode(text[2:] + "=" * (-len(text[2:]) % 4))
            unpacker = zlib.decompressobj()
            raw = unpacker.decompress(packed, limit + 1)
            if unpacker.unconsumed_tail or not unpacker.eof:
                raise bad
            symbols = raw.decode("ascii")
        except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
            raise bad from None
    elif text.startswith("~"):
        symbols = text[1:]
    else:
        return _decode_first_form(text, limit, bad)
    if len(symbols) > limit or not symbols or any(symbol not in _LONG for symbol in symbols):
        raise bad
    return [_LONG[symbol] for symbol in symbols]


def _decode_first_form(text: str, limit: int, bad: PositionError) -> list[str]:
    long = {"M": CALL, "n": NEXT, "H": NEXT_HAND}
    parts = text.split(".")
    if len(parts) > limit:
        raise bad
    decisions = []
    for part in parts:
        number = part[1:]
        if part in long:
            decisions.append(long[part])
        elif part[:1] == "c" and number.isascii() and number.isdigit() and len(number) <= 2:
            decisions.append(f"common:{int(number)}")
        elif len(part) >= 2 and part[0] == "d" and len(part) <= 41:
            decisions.append(f"discard:{part[1:]}")
        else:
            raise bad
    return decisions


def parse_seat(text: str | None, players: int) -> int:
    """A seat from the address: a letter ``A``… (case-insensitive); missing means seat A.
    Raises :class:`PositionError` ``bad-seat``."""
    if not text:
        return LEARNER_SEAT
    letter = str(text).strip().upper()
    if len(letter) == 1 and "A" <= letter <= "Z" and ord(letter) - ord("A") < players:
        return ord(letter) - ord("A")
    raise PositionError("bad-seat", seat=str(text)[:40])


def restore(deal_text: str, moves_text: str | None = None, seat_text: str | None = None,
            settings_text: str | None = None) -> tuple[PracticeGame, list[PositionError]]:
    """Rebuild a game from the address's ``deal``, ``moves``, ``seat`` and ``game`` (settings).

    Keeps every good part: a bad seat becomes seat A, bad settings the defaults,
    and moves that cannot be replayed give the same deal from the start. Returns
    the game and the problems met, in that order (``bad-seat``, ``bad-settings``,
    ``bad-moves``). Raises :class:`PositionError` (``bad-deal-code``,
    ``player-count``) only when the deal itself is unusable.
    """
    code = DealCode.parse(deal_text)
    problems: list[PositionError] = []
    try:
        seat = parse_seat(seat_text, code.players)
    except PositionError as err:
        problems.append(err)
        seat = LEARNER_SEAT
    try:
        settings = Settings.parse(settings_text)
    except PositionError as err:
        problems.append(err)
        settings = Settings()
    limit = settings.hands * (2 * settings.turn_limit + 2)
    try:
        decisions = decode_moves(moves_text or "", limit)
        return PracticeGame(code, seat, decisions, settings), problems
    except PositionError:
        problems.append(PositionError("bad-moves", moves=str(moves_text or "")[:40]))
        return PracticeGame(code, seat, [], settings), problems
