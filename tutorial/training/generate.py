"""Exercises made by the engine: a small position and one question of a kind the course
already asks (issue 19).

:func:`make_exercise` draws a position for a theme and level from ``random.Random`` seeded
with the exercise code (never the global generator), states the answer the theme was
designed to have, and builds the question as a real lesson step through the same
``Step.build`` path a lesson file goes through (:mod:`tutorial.lessons.steps`): the engine
recomputes every stated answer there, so a step that exists has the engine's answer. A
draw the engine disagrees with, or whose table play by the rules could not have built
(:func:`tutorial.lessons.plausible.impossible_piles`), is thrown away and drawn again
from a seed derived from the code (``attempt`` 1, 2, …), so a code always gives the same
exercise.

How a position is drawn: every pile is designed by its *kind* relative to the turned card's
rank ``r`` (:class:`Pile`): a top that fits, one that does not, a top that does not fit over
a covered card that would, an empty discard, a K–A wrap, an equal rank. Ranks are chosen
first and suits last (one card of each rank and suit at most); a common pile still holding
only its dealt card is given a card underneath whenever a discard card fits its top (as
play would have put that card there).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..engine.cards import RANKS, SUITS
from ..engine.deal import COUNTS, SEAT_NAMES
from ..engine.errors import MugginsError
from ..engine.posfile import from_dict
from ..engine.position import Dest, Position
from ..engine.rules import TurnRecord, complete_turn, turn_up
from ..lessons.plausible import impossible_piles
from ..lessons.steps import KINDS, PASS, Step, StepVerdict
from .code import ExerciseCode
from .themes import N_, THEME_BY_ID, Theme

MAX_ATTEMPTS = 64
"""Draws tried for one code before giving up (none has needed more than a few)."""

TEXTS = {
    "place": N_("Where must the card you turned up go? Choose its pile."),  # named by the table and read out on arrival
    "call": N_("Watch this placement. Do you call “Muggins!”?"),
    "next-card": N_("It is your turn: your discard is shown open."),
    "penalty": N_("You were called “Muggins!” and received penalty cards, as told above. Now your turn has come round again."),
    "fits": N_("Do these two cards fit?"),
}
"""The step texts of exercises (English message ids): the position and the narrator say the rest."""

HINTS = {
    "no-wrap": N_("Cards fit when their ranks are exactly one apart. A king and an ace are not neighbours, and equal ranks never fit."),
    "common-first": N_("Look at the common piles first: if one fits, the card must go on a common pile."),
    "several-commons": N_("When more than one common pile fits, any of them is right."),
    "only-tops": N_("Only the top card of each pile counts; covered cards do not."),
    "nearest-opponent": N_("No common pile fits? Go round from the mover's left, clockwise: the first discard whose top fits takes it."),
    "empty-discard": N_("An empty discard is never a destination: skip it."),
    "own-discard": N_("If nothing else fits, the card goes on the mover's own discard, whatever its rank."),
    "recycle": N_("The discard is turned over without shuffling: which card was at its bottom?"),
    "call": N_("Was the placement correct? And has the next card already been turned up?"),
    "penalty": N_("Penalty cards go under your closed stock, in turn from your left. What was on top before?"),
    "finish": N_("A last card must go where any card must go. Only a correct placement wins."),
    "passing": N_("Do you have any card left, in your closed stock or in your discard?"),
}
"""One hint per theme (English message ids)."""


class Retry(Exception):
    """This draw cannot make the exercise: draw again from the next derived seed."""


class Pile(Enum):
    """How a pile's top is drawn relative to the turned card's rank."""

    FIT = "fit"
    NOFIT = "nofit"
    COVERED = "covered"  # the top does not fit, the card under it would
    EMPTY = "empty"  # discards only
    WRAP = "wrap"  # an ace for a king, a king for an ace (else an equal rank)
    EQUAL = "equal"


FIT, NOFIT, COVERED, EMPTY, WRAP, EQUAL = Pile
TOPLESS = (EMPTY,)


def fits(a: int, b: int) -> bool:
    """Ranks one apart (§deal): no wrap, equal ranks never."""
    return abs(a - b) == 1


@dataclass(frozen=True)
class Exercise:
    """One exercise: its ``code``, the question as a lesson ``step`` (judged by the engine,
    worded by the narrator exactly as in a lesson), the ``attempt`` (which derived seed made
    it) and, for a question about what a call brought (the penalty theme), the engine's
    ``record`` of that earlier turn, told before the question."""

    code: ExerciseCode
    step: Step
    attempt: int = 0
    record: TurnRecord | None = None

    @property
    def theme(self) -> Theme:
        return THEME_BY_ID[self.code.theme]

    @property
    def level(self) -> int:
        return self.code.level

    @property
    def right(self) -> tuple[str, ...]:
        """Every right answer (the engine's), as the step's screens offer them."""
        return self.step.right

    def judge(self, choice: str) -> StepVerdict:
        """``choice`` judged by the step (a pile ``common:2`` / ``discard:B``, or an option)."""
        return self.step.judge(choice)


# ----- drawing a position -------------------------------------------------------------------
class Draft:
    """A position being drawn, in ranks: ``commons`` bottom to top, ``stocks`` top first,
    ``discards`` bottom to top, each by seat."""

    def __init__(self, rng: random.Random, players: int, mover: int = 0):
        if players not in COUNTS:
            raise ValueError(f"no deal for {players} players")
        self.rng = rng
        self.players = players
        self.mover = mover % players
        self.names = SEAT_NAMES[:players]
        self.commons: list[list[int]] = [[] for _ in range(COUNTS[players][1])]
        self.stocks: list[list[int]] = [[] for _ in range(players)]
        self.discards: list[list[int]] = [[] for _ in range(players)]
        self.used: Counter[int] = Counter()
        self.settled = False
        self.strict: frozenset[Pile] = frozenset()
        """Kinds the exercise's theme needs as designed: one that cannot be drawn (its ranks have
        run out) throws the draw away (:class:`Retry`) instead of drawing a card that does not fit."""

    @property
    def opponents(self) -> list[int]:
        """The other seats, clockwise from the mover's left."""
        return [(self.mover + step) % self.players for step in range(1, self.players)]

    # ranks: each drawn from those with a suit left (four cards of each rank)
    def take(self, candidates: Sequence[int]) -> int:
        """One of ``candidates`` that still has a card left, counted as used; :class:`Retry`
        when none has."""
        left = [rank for rank in candidates if 1 <= rank <= 13 and self.used[rank] < len(SUITS)]
        if not left:
            raise Retry("a rank ran out of suits")
        rank = self.rng.choice(left)
        self.used[rank] += 1
        return rank

    def any_rank(self) -> int:
        return self.take(range(1, 14))

    def fitting(self, r: int) -> int:
        return self.take((r - 1, r + 1))

    def not_fitting(self, r: int) -> int:
        return self.take([x for x in range(1, 14) if not fits(x, r)])

    def pile(self, r: int, kind: Pile) -> list[int]:
        """The designed cards of a pile (bottom to top) of ``kind`` for the card rank ``r``;
        each card fits the one below it, so it may be a common pile."""
        if kind is EMPTY:
            return []
        if kind is FIT:
            return [self.fitting(r)]
        if kind is NOFIT:
            return [self.not_fitting(r)]
        if kind is COVERED:
            pairs = [(below, top) for below in (r - 1, r + 1) for top in (below - 1, below + 1)
                     if self.room(below) and self.room(top) and not fits(top, r) and top != below]
            if pairs:
                below, top = self.rng.choice(pairs)
                return [self.take((below,)), self.take((top,))]
        partner = 14 - r if kind is WRAP and r in (1, 13) else r  # EQUAL, or WRAP for a card without a wrap partner
        if kind in (WRAP, EQUAL) and self.room(partner):
            return [self.take((partner,))]
        if kind in self.strict:
            raise Retry(f"no {kind.value} pile can be drawn")
        return [self.not_fitting(r)]  # a distractor whose rank has run out: any card that does not fit

    def room(self, *ranks: int) -> bool:
        """Some card of one of ``ranks`` is left."""
        return any(1 <= rank <= 13 and self.used[rank] < len(SUITS) for rank in ranks)

    def design(self, r: int, commons: Sequence[Pile], opponents: Sequence[Pile], own: Pile | None = None) -> None:
        """Draw the common piles and the opponents' discards (clockwise from the mover's left)
        by kind; the mover's own discard too when ``own`` is given."""
        if len(commons) != len(self.commons):
            raise ValueError("one kind per common pile")
        for number, kind in enumerate(commons):
            if kind is EMPTY:
                raise ValueError("a common pile is never empty")
            self.commons[number] = self.pile(r, kind)
        for seat, kind in zip(self.opponents, opponents, strict=True):
            self.discards[seat] = self.covered() + self.pile(r, kind) if kind is not EMPTY else []
        if own is not None:
            self.discards[self.mover] = self.covered() + self.pile(r, own) if own is not EMPTY else []

    def covered(self) -> list[int]:
        """0 to 2 cards of any rank under a discard's designed top."""
        return [self.any_rank() for _ in range(self.rng.choice((0, 0, 1, 2)))]

    def settle_commons(self) -> None:
        """Give each common pile 1 to 3 cards under its designed ones (once every discard is
        drawn): at least one when it would otherwise hold only its dealt card and a discard
        card fits that card (play would have put it there, see :mod:`tutorial.lessons.plausible`)."""
        if self.settled:
            return
        self.settled = True
        discard_ranks = {rank for pile in self.discards for rank in pile}
        for pile in self.commons:
            length = self.rng.choice((1, 1, 2, 2, 3))
            if len(pile) == 1 and any(fits(rank, pile[0]) for rank in discard_ranks):
                length = max(length, 2)
            while len(pile) < length and self.room(pile[0] - 1, pile[0] + 1):  # else impossible_piles refuses it
                pile.insert(0, self.fitting(pile[0]))

    def fill_stocks(self, *, skip: Sequence[int] = ()) -> None:
        """1 to 3 cards of any rank in every stock not yet drawn (seats in ``skip`` left as they
        are), once the common piles are settled (they come first)."""
        self.settle_commons()
        for seat in range(self.players):
            if seat not in skip and not self.stocks[seat]:
                self.stocks[seat] = [self.any_rank() for _ in range(self.rng.randint(1, 3))]

    # the designed answer of a placement
    def legal(self, r: int) -> list[str]:
        """Where a card of rank ``r`` must go as this draft was designed (§priority): fitting
        commons, else the first fitting opponent, else the mover's own discard."""
        commons = [f"common:{n}" for n, pile in enumerate(self.commons, start=1) if fits(pile[-1], r)]
        if commons:
            return commons
        for seat in self.opponents:
            if self.discards[seat] and fits(self.discards[seat][-1], r):
                return [f"discard:{self.names[seat]}"]
        return [f"discard:{self.names[self.mover]}"]

    # cards
    def table(self) -> dict[str, Any]:
        """The position in the position-file layout, suits drawn. Raises :class:`Retry` when a
        rank has run out of suits."""
        self.settle_commons()
        free = {rank: list(SUITS) for rank in range(1, 14)}

        def card(rank: int) -> str:
            if not free[rank]:
                raise Retry("a rank ran out of suits")
            suit = self.rng.choice(free[rank])
            free[rank].remove(suit)
            return f"{RANKS[rank - 1]}{suit}"

        commons = [[card(rank) for rank in pile] for pile in self.commons]
        stocks = {self.names[seat]: [card(rank) for rank in pile] for seat, pile in enumerate(self.stocks) if pile}
        discards = {self.names[seat]: [card(rank) for rank in pile] for seat, pile in enumerate(self.discards) if pile}
        return {"players": list(self.names), "to_move": self.names[self.mover], "commons": commons,
                "stocks": stocks, "discards": discards}


def position_of(table: dict[str, Any]) -> Position:
    """A drawn table as a checked position (as a lesson file's position is read), refused
    (:class:`Retry`) when play by the rules could not have built it."""
    try:
        position = from_dict(table)
    except MugginsError as err:
        raise Retry(f"not a position: {err}") from None
    if impossible_piles(position):
        raise Retry("a table play cannot build")
    return position


# ----- building the step through the lesson path ------------------------------------------------
def build_step(theme: Theme, kind: str, raw: dict[str, Any], position: Position | None, *,
               text: str | None = None, you: str | None = None) -> Step:
    """The step of ``kind`` from ``raw`` (its fields as a lesson file gives them), built and
    checked by the step class exactly as a lesson step is; any problem the check reports
    (the engine disagrees with the stated answer) raises :class:`Retry`."""
    cls = KINDS[kind]
    problems: list[tuple[object, str, dict[str, object]]] = []

    def report(where: object, code: str, /, **params: object) -> None:
        problems.append((where, code, params))

    common: dict[str, Any] = dict(
        id=f"{theme.id}-exercise", line=0, position=position, check=False,
        you=you if you is not None else cls.default_you(position),
        title=theme.name, text=text if text is not None else TEXTS[kind], hint=HINTS[theme.id], done="")
    try:
        step = cls.build(common, {"kind": kind, **raw}, report)
    except MugginsError as err:
        raise Retry(f"the step was refused: {err}") from None
    if problems or step is None:
        raise Retry(f"the engine disagrees: {problems}")
    return step


@dataclass
class Made:
    """What a theme's drawing function returns: the step, and the earlier turn it is about."""

    step: Step
    record: TurnRecord | None = None


def place(theme: Theme, draft: Draft, r: int) -> Made:
    """A ``place`` step: the mover turns up ``r`` (put on top of the stock) and must place it."""
    draft.stocks[draft.mover] = [r] + [draft.any_rank() for _ in range(draft.rng.randint(0, 2))]
    draft.fill_stocks()
    answer = draft.legal(r)
    position = position_of(draft.table())
    return Made(build_step(theme, "place", {"answer": answer}, position))


ERROR_PLAYS = ("not-adjacent", "empty-discard", "common-first", "nearest-opponent", "missed-destination")


def call(theme: Theme, draft: Draft, r: int, *, errors: Sequence[str], right_share: float = 0.4,
         late: bool = False, last_card: bool = False, play: str | None = None, right_last: bool = False) -> Made:
    """A ``call`` step: the mover turns up ``r`` and places it rightly (a share ``right_share``
    of draws) or with one of the ``errors`` (a §muggins id the design allows here); ``late``:
    the next card has been turned up already. ``last_card``: ``r`` is the mover's last card
    (their stock and discard hold nothing else: the stock is not filled). ``play``: the pile the
    card is put on, whatever the draw (right or wrong as the table makes it); ``right_last``: a
    right placement goes on the last fitting pile (the higher-numbered common)."""
    rng, mover = draft.rng, draft.mover
    if last_card:
        draft.stocks[mover], draft.discards[mover] = ([r], []) if rng.random() < 0.6 else ([], [r])
    else:
        draft.stocks[mover] = [r] + [draft.any_rank() for _ in range(rng.randint(1, 2))]
    draft.fill_stocks(skip=(mover,))
    legal = draft.legal(r)
    names = draft.names
    plays: dict[str, list[str]] = {kind: [] for kind in ERROR_PLAYS}
    commons_fit = legal[0].startswith("common:")
    for number, pile in enumerate(draft.commons, start=1):
        if not fits(pile[-1], r):
            plays["not-adjacent"].append(f"common:{number}")
    for seat in draft.opponents:
        pile, dest = draft.discards[seat], f"discard:{names[seat]}"
        if not pile:
            plays["empty-discard"].append(dest)
        elif not fits(pile[-1], r):
            plays["not-adjacent"].append(dest)
        elif dest not in legal:
            plays["common-first" if commons_fit else "nearest-opponent"].append(dest)
    if legal != [f"discard:{names[mover]}"]:
        plays["missed-destination"].append(f"discard:{names[mover]}")
    wrong = [kind for kind in errors if plays[kind]]
    raw: dict[str, Any] = {}
    if play is not None:
        error = None if play in legal else next((kind for kind in errors if play in plays[kind]), None)
        if play not in legal and error is None:
            raise Retry(f"{play} is an error the theme does not drill")
    elif rng.random() < right_share or not wrong:
        play, error = legal[-1] if right_last else rng.choice(legal), None
    else:
        error = rng.choice(wrong)
        play = rng.choice(plays[error])
    raw["play"], raw["answer"] = play, "accept"
    if error is not None:
        raw["error"] = error
        raw["answer"] = "accept" if late else "call"
        if late:
            raw["late"] = True
    position = position_of(draft.table())
    you = names[rng.choice(draft.opponents)]
    return Made(build_step(theme, "call", raw, position, you=you))


def next_card(theme: Theme, position: Position, answer: str, offered: Sequence[str], rng: random.Random, *,
              text: str | None = None, record: TurnRecord | None = None) -> Made:
    """A ``next-card`` step on ``position``: the mover's next card is ``answer`` (a card's text,
    or ``pass``); ``offered``: the other choices (duplicates dropped, at most 4 in all)."""
    choices = [answer]
    for value in offered:
        if value not in choices and len(choices) < 4:
            choices.append(value)
    if len(choices) < 2:
        raise Retry("nothing to choose between")
    rng.shuffle(choices)
    if PASS in choices:  # "None: a pass" is offered after the cards
        choices.remove(PASS)
        choices.append(PASS)
    return Made(build_step(theme, "next-card", {"answer": answer, "choices": choices}, position, text=text), record)


# ----- the themes ------------------------------------------------------------------------------------
def players_for(rng: random.Random, level: int, *, least: int = 3) -> int:
    """How many players sit at a level: 4 at level 1, 4 to 5 at level 2, 5 to 7 at level 3."""
    counts = {1: (4,), 2: (4, 5), 3: (5, 6, 7)}[level]
    return rng.choice([n for n in counts if n >= least] or [max(counts)])


def mover_for(rng: random.Random, level: int, players: int) -> int:
    """Seat A moves at level 1; any seat after."""
    return 0 if level == 1 else rng.randrange(players)


def any_kind(rng: random.Random) -> Pile:
    return rng.choice((EMPTY, NOFIT, FIT, NOFIT))


def kinds_before_and_after(rng: random.Random, count: int, at: int, before: Sequence[Pile], after: Sequence[Pile]) -> list[Pile]:
    """``count`` kinds: those before index ``at`` drawn from ``before``, ``at`` itself FIT, the
    rest from ``after``."""
    return [rng.choice(before) if i < at else FIT if i == at else rng.choice(after) for i in range(count)]


def _no_wrap(theme: Theme, rng: random.Random, level: int) -> Made:
    if level == 1:
        roll = rng.random()
        if roll < 0.4:
            ranks = [13, 1]
        elif roll < 0.7:
            rank = rng.randint(1, 13)
            ranks = [rank, rank]
        else:
            low = rng.choice((1, 12, rng.randint(1, 12)))
            ranks = [low, low + 1]
        rng.shuffle(ranks)
        suits = rng.sample(SUITS, 2)
        cards = [f"{RANKS[rank - 1]}{suit}" for rank, suit in zip(ranks, suits, strict=True)]
        return Made(build_step(theme, "fits", {"cards": cards, "answer": "fit" if fits(*ranks) else "no-fit"}, None))
    players = players_for(rng, level)
    draft = Draft(rng, players, mover_for(rng, level, players))
    r = draft.take((rng.choice((1, 13, 1, 13, rng.randint(2, 12))),))
    commons = [rng.choice((WRAP, EQUAL, NOFIT)) for _ in draft.commons]
    if rng.random() < 0.4:
        commons[rng.randrange(len(commons))] = FIT
    opponents = [rng.choice((WRAP, EQUAL, EMPTY, FIT)) for _ in draft.opponents]
    own = rng.choice((WRAP, EQUAL, EMPTY))
    if r not in (1, 13) and not {WRAP, EQUAL} & {*commons, *opponents, own}:
        opponents[rng.randrange(len(opponents))] = EQUAL  # a card with no wrap partner: an equal rank to tempt
    draft.strict = frozenset({WRAP, EQUAL})
    draft.design(r, commons, opponents, own=own)
    if level == 2:
        return place(theme, draft, r)
    return call(theme, draft, r, errors=("not-adjacent",), right_share=0.35)


def _common_first(theme: Theme, rng: random.Random, level: int) -> Made:
    players = players_for(rng, level)
    draft = Draft(rng, players, mover_for(rng, level, players))
    r = draft.any_rank()
    count = len(draft.commons)
    at = rng.randrange(count) if level == 1 else count - 1 if rng.random() < 0.5 else rng.randrange(count)
    commons = [FIT if i == at else (NOFIT if level == 1 else rng.choice((NOFIT, COVERED))) for i in range(count)]
    opponents = [FIT if i == 0 or (level > 1 and rng.random() < 0.6) else any_kind(rng) for i in range(players - 1)]
    if level == 2 and opponents.count(FIT) < 2:  # several opponents fit
        opponents[rng.randrange(1, players - 1)] = FIT
    draft.design(r, commons, opponents, own=rng.choice((FIT, NOFIT, EMPTY)))
    if level == 3 and rng.random() < 0.5:
        return call(theme, draft, r, errors=("common-first",), right_share=0.35)
    return place(theme, draft, r)


def _several_commons(theme: Theme, rng: random.Random, level: int) -> Made:
    players = 4 if level == 1 else rng.choice((4, 6)) if level == 2 else rng.choice((5, 6, 7))
    draft = Draft(rng, players, mover_for(rng, level, players))
    r = draft.any_rank()
    count = len(draft.commons)
    fitting = 2 if level == 1 or count == 2 else rng.randint(2, min(3, count))
    chosen = set(rng.sample(range(count), fitting))
    commons = [FIT if i in chosen else rng.choice((NOFIT, COVERED) if level > 1 else (NOFIT,)) for i in range(count)]
    opponents = [rng.choice((FIT, NOFIT, EMPTY)) for _ in draft.opponents]
    if level > 1 and FIT not in opponents:  # opponents fit too
        opponents[rng.randrange(players - 1)] = FIT
    draft.design(r, commons, opponents, own=rng.choice((FIT, NOFIT, EMPTY)))
    if level == 3:  # a card put on the higher-numbered fitting pile (right) or on a fitting opponent
        return call(theme, draft, r, errors=("common-first",), right_share=0.5, right_last=True)
    return place(theme, draft, r)


def _only_tops(theme: Theme, rng: random.Random, level: int) -> Made:
    players = players_for(rng, level)
    draft = Draft(rng, players, mover_for(rng, level, players))
    r = draft.any_rank()
    count = len(draft.commons)
    if level == 1:
        commons = [COVERED] + [FIT] + [NOFIT] * (count - 2) if count >= 2 else [COVERED]
        rng.shuffle(commons)
        opponents = [rng.choice((COVERED, NOFIT, EMPTY)) for _ in draft.opponents]
    elif level == 2:
        commons = [COVERED] + [rng.choice((COVERED, NOFIT)) for _ in range(count - 1)]
        rng.shuffle(commons)
        at = rng.randrange(1, players - 1)
        opponents = kinds_before_and_after(rng, players - 1, at, (COVERED,), (COVERED, NOFIT, FIT, EMPTY))
    else:
        commons = [rng.choice((COVERED, COVERED, NOFIT)) for _ in range(count)]
        commons[rng.randrange(count)] = COVERED
        opponents = [rng.choice((COVERED, COVERED, EMPTY, NOFIT)) for _ in draft.opponents]
        opponents[0] = COVERED  # covered cards everywhere: the nearest opponent's too
        if rng.random() < 0.4:
            opponents[rng.randrange(1, players - 1)] = FIT
    draft.strict = frozenset({COVERED})
    draft.design(r, commons, opponents, own=rng.choice((COVERED, NOFIT, EMPTY)))
    return place(theme, draft, r)


def _nearest_opponent(theme: Theme, rng: random.Random, level: int) -> Made:
    players = players_for(rng, level)
    draft = Draft(rng, players, rng.randrange(1, players) if level == 2 else mover_for(rng, level, players))
    r = draft.any_rank()
    commons = [NOFIT if level == 1 else rng.choice((NOFIT, COVERED, EQUAL)) for _ in draft.commons]
    if level == 1:
        at = rng.randrange(0, 2)
        before: tuple[Pile, ...] = (NOFIT,)
    else:
        at = rng.randrange(1, players - 2) if players > 3 else 0
        before = (NOFIT, EMPTY, COVERED) if level == 3 else (NOFIT, EMPTY)
    opponents = kinds_before_and_after(rng, players - 1, at, before, (FIT, FIT, NOFIT, EMPTY))
    if at + 1 < players - 1:
        opponents[rng.randrange(at + 1, players - 1)] = FIT  # a fitting opponent further round
    draft.design(r, commons, opponents, own=FIT if level > 1 else rng.choice((FIT, NOFIT, EMPTY)))
    return place(theme, draft, r)


def _empty_discard(theme: Theme, rng: random.Random, level: int) -> Made:
    players = players_for(rng, level)
    draft = Draft(rng, players, mover_for(rng, level, players))
    r = draft.any_rank()
    commons = [NOFIT for _ in draft.commons]
    if level == 1:
        empties = rng.randint(1, players - 2)
        opponents = [EMPTY] * empties + [FIT] + [rng.choice((FIT, NOFIT, EMPTY)) for _ in range(players - 2 - empties)]
    else:
        empties = rng.randint(2, min(3, players - 2)) if level == 2 else rng.randint(1, min(2, players - 2))
        tail = [rng.choice((EMPTY, NOFIT, FIT if rng.random() < 0.6 else NOFIT)) for _ in range(players - 1 - empties)]
        opponents = [EMPTY] * empties + tail
    draft.design(r, commons, opponents, own=rng.choice((NOFIT, EMPTY, FIT)))
    if level == 3:
        return call(theme, draft, r, errors=("empty-discard",), right_share=0.4)
    return place(theme, draft, r)


def _own_discard(theme: Theme, rng: random.Random, level: int) -> Made:
    players = players_for(rng, level)
    draft = Draft(rng, players, mover_for(rng, level, players))
    r = draft.any_rank()
    # An opponent further round fits after all in some draws: the own discard comes last of all,
    # so every pile must be looked at (a level whose answer was always the own discard gave it away).
    fits_after_all = rng.random() < (0.5 if level == 3 else 0.3)
    if level == 1:
        commons = [NOFIT for _ in draft.commons]
        opponents = [rng.choice((NOFIT, EMPTY)) for _ in draft.opponents]
        own = rng.choice((NOFIT, EMPTY))
    else:
        commons = [rng.choice((NOFIT, COVERED, WRAP, EQUAL)) for _ in draft.commons]
        opponents = [rng.choice((NOFIT, EMPTY, COVERED, WRAP)) for _ in draft.opponents]
        own = rng.choice((FIT, COVERED))  # the own discard seems to fit
        draft.strict = frozenset({COVERED})
    if fits_after_all:
        opponents[rng.randrange(1, players - 1) if level < 3 else rng.randrange(players - 1)] = FIT
    draft.design(r, commons, opponents, own=own)
    if level < 3:
        return place(theme, draft, r)
    # a card kept at home: right when nothing else fits, a missed destination when an opponent does
    return call(theme, draft, r, errors=("missed-destination",), play=f"discard:{draft.names[draft.mover]}")


def _call(theme: Theme, rng: random.Random, level: int) -> Made:
    players = rng.choice((3, 4)) if level == 1 else players_for(rng, level)
    draft = Draft(rng, players, mover_for(rng, level, players))
    r = draft.any_rank()
    commons = [rng.choice((FIT, NOFIT, NOFIT) if level == 1 else (FIT, NOFIT, COVERED, NOFIT)) for _ in draft.commons]
    opponents = [rng.choice((FIT, NOFIT, EMPTY)) for _ in draft.opponents]
    draft.design(r, commons, opponents, own=rng.choice((FIT, NOFIT, EMPTY)))
    if level == 1:
        return call(theme, draft, r, errors=("not-adjacent", "missed-destination"), right_share=0.4)
    subtle = ("common-first", "nearest-opponent", "empty-discard")
    return call(theme, draft, r, errors=subtle if level == 2 else subtle + ("not-adjacent", "missed-destination"),
                right_share=0.4 if level == 2 else 0.3, late=level == 3 and rng.random() < 0.4)


def _finish(theme: Theme, rng: random.Random, level: int) -> Made:
    players = players_for(rng, level)
    draft = Draft(rng, players, mover_for(rng, level, players))
    r = draft.any_rank()
    roll = rng.random()
    if roll < 0.5:
        commons = [rng.choice((FIT, NOFIT)) for _ in draft.commons]
        commons[rng.randrange(len(commons))] = FIT
        opponents = [rng.choice((FIT, NOFIT, EMPTY)) for _ in draft.opponents]
    else:
        commons = [rng.choice((NOFIT, COVERED)) for _ in draft.commons]
        opponents = [rng.choice((FIT, NOFIT, EMPTY) if roll < 0.85 else (NOFIT, EMPTY)) for _ in draft.opponents]
    draft.design(r, commons, opponents)
    if level == 1:
        draft.stocks[draft.mover], draft.discards[draft.mover] = [r], []
        draft.fill_stocks()
        answer = draft.legal(r)
        return Made(build_step(theme, "place", {"answer": answer}, position_of(draft.table())))
    errors = ("not-adjacent", "missed-destination", "common-first") if level == 2 else \
        ("nearest-opponent", "empty-discard", "common-first", "missed-destination")
    return call(theme, draft, r, errors=errors, right_share=0.45, last_card=True)


def _open_draft(rng: random.Random, level: int) -> tuple[Draft, int]:
    """A draft with commons and opponents' discards of any kind for a random rank."""
    players = players_for(rng, level)
    draft = Draft(rng, players, mover_for(rng, level, players))
    r = draft.any_rank()
    draft.design(r, [rng.choice((FIT, NOFIT)) for _ in draft.commons], [any_kind(rng) for _ in draft.opponents])
    return draft, r


def _recycle(theme: Theme, rng: random.Random, level: int) -> Made:
    draft, _r = _open_draft(rng, level)
    length = rng.randint(*{1: (2, 3), 2: (3, 5), 3: (4, 7)}[level])
    draft.stocks[draft.mover], draft.discards[draft.mover] = [], [draft.any_rank() for _ in range(length)]
    draft.fill_stocks(skip=(draft.mover,))
    table = draft.table()
    mine = table["discards"][draft.names[draft.mover]]
    others = [mine[-1], mine[1]] + rng.sample(mine[1:], len(mine) - 1)
    return next_card(theme, position_of(table), mine[0], others, rng)


def _passing(theme: Theme, rng: random.Random, level: int) -> Made:
    draft, _r = _open_draft(rng, level)
    passes = rng.random() < (0.7 if level == 1 else 0.5)  # at level 1 mostly a pass, but not always
    draft.stocks[draft.mover] = []
    most = {1: 1, 2: 2, 3: 4}[level]
    draft.discards[draft.mover] = [] if passes else [draft.any_rank() for _ in range(rng.randint(1, most))]
    draft.fill_stocks(skip=(draft.mover,))
    table = draft.table()
    position = position_of(table)
    mine = table["discards"].get(draft.names[draft.mover], [])
    seen = [str(pile[-1]) for pile in position.discards if pile] + [str(pile[-1]) for pile in position.commons]
    rng.shuffle(seen)
    if passes:
        return next_card(theme, position, PASS, seen, rng)
    return next_card(theme, position, mine[0], [PASS, *mine[1:][::-1], *seen], rng)


def _penalty(theme: Theme, rng: random.Random, level: int) -> Made:
    players = players_for(rng, level)
    draft = Draft(rng, players, mover_for(rng, level, players))
    r = draft.any_rank()
    commons = [NOFIT for _ in draft.commons]
    commons[rng.randrange(len(commons))] = FIT
    draft.design(r, commons, [rng.choice((NOFIT, EMPTY, FIT)) for _ in draft.opponents])
    mover, first = draft.mover, draft.opponents[0]
    # level 2: the offender may still have cards of their own (told in the story), or not
    own = [draft.any_rank() for _ in range(rng.randint(1, 2))] if level == 2 and rng.random() < 0.6 else []
    draft.stocks[mover] = [r, *own]
    draft.discards[mover] = [draft.any_rank() for _ in range(rng.randint(1, 3))]
    donor = "stock"
    if level == 3:
        donor = rng.choice(("recycles", "empty"))
        draft.stocks[first] = []
        draft.discards[first] = [] if donor == "empty" else [draft.any_rank() for _ in range(rng.randint(2, 3))]
    draft.fill_stocks(skip=(first,) if level == 3 else ())
    table = draft.table()
    before = position_of(table)
    names = draft.names
    # the design's answer: the offender's own next card, else the first card given (R5)
    if own:
        answer = table["stocks"][names[mover]][1]
    elif donor == "recycles":
        answer = table["discards"][names[first]][0]
    elif donor == "empty":
        answer = table["stocks"][names[draft.opponents[1]]][0]
    else:
        answer = table["stocks"][names[first]][0]
    turned = turn_up(before)
    record = complete_turn(turned, Dest.parse(f"discard:{names[mover]}"), called=True, before=before)
    if record.judgement is None or record.judgement.error is None or record.finished:
        raise Retry("the play was no error")
    after = record.after._replace(to_move=mover)  # the offender's turn has come round again
    if impossible_piles(after):
        raise Retry("a table play cannot build")
    offered = [str(gift.card) for gift in reversed(record.penalty)]
    offered += [str(card) for card in after.discards[mover][:1]] + [str(card) for card in after.stocks[mover][1:]]
    return next_card(theme, after, answer, offered, rng, text=TEXTS["penalty"], record=record)


MAKERS: dict[str, Callable[[Theme, random.Random, int], Made]] = {
    "no-wrap": _no_wrap,
    "common-first": _common_first,
    "several-commons": _several_commons,
    "only-tops": _only_tops,
    "nearest-opponent": _nearest_opponent,
    "empty-discard": _empty_discard,
    "own-discard": _own_discard,
    "recycle": _recycle,
    "call": _call,
    "penalty": _penalty,
    "finish": _finish,
    "passing": _passing,
}


def make_exercise(theme: str, level: int, seed: int) -> Exercise:
    """The exercise of the code ``theme.level.seed`` (checked: raises
    :class:`~tutorial.training.code.ExerciseCodeError`). Always the same for the same code:
    drawn from ``random.Random("muggins-training:CODE:ATTEMPT")`` for attempts 0, 1, … until
    a draw makes a step the engine agrees with. Raises ``RuntimeError`` if
    :data:`MAX_ATTEMPTS` draws all fail (a bug: the tests draw every theme and level)."""
    code = ExerciseCode.of(theme, level, seed)
    return exercise_for(code)


def exercise_for(code: ExerciseCode) -> Exercise:
    """The exercise of a checked ``code`` (see :func:`make_exercise`)."""
    found = THEME_BY_ID[code.theme]
    maker = MAKERS[code.theme]
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random(f"muggins-training:{code}:{attempt}")
        try:
            made = maker(found, rng, code.level)
        except Retry:
            continue
        return Exercise(code, made.step, attempt, made.record)
    raise RuntimeError(f"no exercise could be made for {code} in {MAX_ATTEMPTS} draws")
