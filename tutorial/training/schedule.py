"""Which theme to train next: spaced repetition with the FSRS scheduler (the ``fsrs``
package, issue 19).

Each theme is one FSRS card. An exercise answered right at the first try rates *Good*,
right after a hint *Hard*, wrong *Again* (:class:`Outcome`). :meth:`Training.next_theme`
gives the theme most due; a new learner starts with the themes the course has covered
(:meth:`Training.start`, given the completed lesson ids), and :meth:`Training.unlock` adds
themes as more lessons are completed. An error in a practice hand makes its theme due at
once and first in line (:meth:`Training.note_practice_error`).

The state is kept in the learner's browser, so it goes out as a small JSON-able dict
(:meth:`Training.to_dict`, versioned: ``{"v": 1, "t": {theme: [...]}}``) and comes back
through :meth:`Training.from_dict`, which refuses anything malformed with a
:class:`TrainingStateError` (never a failure deeper in). Times are always passed in
(``now``, a timezone-aware datetime); nothing here reads the clock or a global random
generator (FSRS's interval fuzzing, which draws from it, is off). Times are kept in whole
seconds and FSRS's stability and difficulty to 4 decimals, so a state read back from its
dict is exactly the state written.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

from fsrs import Card as FsrsCard
from fsrs import Rating, Scheduler, State

from ..engine.rules import ErrorKind
from .themes import THEME_BY_ID, THEME_IDS, covered_themes, theme_of_error

VERSION = 1
"""The version of the stored state's layout."""
SCHEDULER = Scheduler(enable_fuzzing=False, maximum_interval=365)
"""FSRS with its default parameters (learning steps 1 and 10 minutes, relearning 10
minutes, desired retention 0.9), intervals up to a year, without fuzzing: the same answers always give the same
schedule."""
MASTERED_DAYS = 21.0
"""A theme remembered now with this stability (in days) or more counts as mastered."""
MAX_TIME = int(datetime(9999, 12, 31, tzinfo=UTC).timestamp())
"""The latest time a stored state may hold (seconds since 1970, UTC)."""
DECIMALS = 4
MAX_REVIEWS = 10**9
"""The most answers counted for one theme (a count stops there)."""
STABILITY_RANGE = (10.0**-DECIMALS, 1e6)
"""The stabilities (days) a stored state may hold; an answer never writes one outside them."""
DIFFICULTY_RANGE = (1.0, 10.0)
"""FSRS's difficulties."""


class TrainingStateError(ValueError):
    """A stored training state that cannot be read: ``code`` is ``not-a-state``,
    ``bad-version``, ``unknown-theme`` or ``bad-entry``; ``detail`` says where."""

    def __init__(self, code: str, detail: str = ""):
        self.code = code
        self.detail = detail
        super().__init__(f"{code}: {detail}" if detail else code)


class Outcome(StrEnum):
    """How an exercise went, and the FSRS rating it gives (:data:`RATINGS`)."""

    RIGHT = "right"  # right at the first try
    HINTED = "hinted"  # right after a hint (or after being shown)
    WRONG = "wrong"

    @classmethod
    def of(cls, *, right_first_try: bool, hinted: bool = False) -> Outcome:
        """The outcome of an answer: wrong unless right at the first try; hinted if a hint was opened."""
        if not right_first_try:
            return cls.WRONG
        return cls.HINTED if hinted else cls.RIGHT


RATINGS = {Outcome.RIGHT: Rating.Good, Outcome.HINTED: Rating.Hard, Outcome.WRONG: Rating.Again}


def instant(now: datetime) -> datetime:
    """``now`` in UTC, to the whole second. Raises ``ValueError`` for a naive datetime."""
    if not isinstance(now, datetime) or now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("a time must be a timezone-aware datetime")
    return now.astimezone(UTC).replace(microsecond=0)


def _seconds(moment: datetime) -> int:
    return int(moment.timestamp())


def _moment(seconds: int) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


@dataclass
class ThemeCard:
    """A theme's FSRS card, whether a practice error has put it first in line (``flagged``)
    and how many exercises of it were answered (``reviews``)."""

    card: FsrsCard
    flagged: bool = False
    reviews: int = 0

    @classmethod
    def new(cls, theme: str, now: datetime) -> ThemeCard:
        """A theme never trained, due ``now`` (the card id is the theme's place, not the clock)."""
        return cls(FsrsCard(card_id=THEME_IDS.index(theme) + 1, due=now))

    def row(self) -> list[Any]:
        """``[state, step, stability, difficulty, due, last review, flagged, reviews]``."""
        card = self.card
        return [int(card.state), card.step, card.stability, card.difficulty, _seconds(card.due),
                None if card.last_review is None else _seconds(card.last_review), int(self.flagged), self.reviews]

    @classmethod
    def from_row(cls, theme: str, row: object) -> ThemeCard:
        """Read :meth:`row` back; raises :class:`TrainingStateError` ``bad-entry``."""

        def bad(why: str) -> TrainingStateError:
            return TrainingStateError("bad-entry", f"{theme}: {why}")

        if not isinstance(row, list) or len(row) != 8:
            raise bad("not a list of 8 values")
        state, step, stability, difficulty, due, last, flagged, reviews = row
        if not _is_int(state) or state not in (1, 2, 3):
            raise bad("state")
        steps = {1: len(SCHEDULER.learning_steps), 2: 0, 3: len(SCHEDULER.relearning_steps)}[state]
        if (step is not None) if state == 2 else not (_is_int(step) and 0 <= step < steps):
            raise bad("step")
        if (stability is None) != (difficulty is None) or (stability is None and (state != 1 or last is not None)):
            raise bad("stability and difficulty")
        if stability is not None and not (_is_number(stability) and 0 < stability <= STABILITY_RANGE[1]):
            raise bad("stability")
        if difficulty is not None and not (_is_number(difficulty) and DIFFICULTY_RANGE[0] <= difficulty <= DIFFICULTY_RANGE[1]):
            raise bad("difficulty")
        if not _is_int(due) or not 0 <= due <= MAX_TIME:
            raise bad("due")
        if last is not None and not (_is_int(last) and 0 <= last <= MAX_TIME):
            raise bad("last review")
        if flagged not in (0, 1) or not _is_int(flagged):
            raise bad("flagged")
        if not _is_int(reviews) or not 0 <= reviews <= MAX_REVIEWS:
            raise bad("reviews")
        card = FsrsCard(card_id=THEME_IDS.index(theme) + 1, state=State(state), step=step,
                        stability=None if stability is None else float(stability),
                        difficulty=None if difficulty is None else float(difficulty),
                        due=_moment(due), last_review=None if last is None else _moment(last))
        return cls(card, bool(flagged), reviews)


def _clamp(value: float, low: float, high: float) -> float:
    return min(max(value, low), high)


def within(card: FsrsCard) -> FsrsCard:
    """``card`` as it may be stored: stability and difficulty rounded to :data:`DECIMALS` and
    kept within what :meth:`ThemeCard.from_row` reads (:data:`STABILITY_RANGE`,
    :data:`DIFFICULTY_RANGE`), times to the whole second and at most :data:`MAX_TIME`. An
    answer on a state at the edge of what is read once wrote one past it, refused at the next
    load with the whole schedule (found by a trial)."""
    if card.stability is not None:
        card.stability = round(_clamp(card.stability, *STABILITY_RANGE), DECIMALS)
    if card.difficulty is not None:
        card.difficulty = round(_clamp(card.difficulty, *DIFFICULTY_RANGE), DECIMALS)
    latest = _moment(MAX_TIME)
    card.due = min(instant(card.due), latest)
    if card.last_review is not None:
        card.last_review = min(instant(card.last_review), latest)
    return card


def _is_int(value: object) -> bool:
    return type(value) is int


def _is_number(value: object) -> bool:
    return type(value) in (int, float) and math.isfinite(value)  # type: ignore[arg-type]


class Training:
    """A learner's training: one :class:`ThemeCard` per theme they may train (see the module text)."""

    def __init__(self, cards: dict[str, ThemeCard] | None = None):
        self.cards: dict[str, ThemeCard] = dict(cards or {})

    # ----- starting and growing ---------------------------------------------------------------
    @classmethod
    def start(cls, completed_lessons: Iterable[str], now: datetime) -> Training:
        """A new learner's training: the themes the completed lessons cover, all due ``now``."""
        training = cls()
        training.unlock(completed_lessons, now)
        return training

    def unlock(self, completed_lessons: Iterable[str], now: datetime) -> tuple[str, ...]:
        """Add the themes that ``completed_lessons`` now cover (due ``now``); returns those added."""
        moment = instant(now)
        added = tuple(theme.id for theme in covered_themes(completed_lessons) if theme.id not in self.cards)
        for theme in added:
            self.cards[theme] = ThemeCard.new(theme, moment)
        return added

    @property
    def themes(self) -> tuple[str, ...]:
        """The themes this learner trains, in the course's order."""
        return tuple(theme for theme in THEME_IDS if theme in self.cards)

    # ----- what comes next ----------------------------------------------------------------------
    def due(self, now: datetime) -> tuple[str, ...]:
        """The themes due at ``now``, first in line first: those a practice error flagged, then
        the longest overdue."""
        moment = instant(now)
        ready = [theme for theme in self.themes if self.cards[theme].card.due <= moment]
        return tuple(sorted(ready, key=self._rank))

    def next_theme(self, now: datetime) -> str | None:
        """The theme most due at ``now`` (:meth:`due`); when none is due, the one due soonest
        (a learner who wants to train gets something). ``None`` when no theme is open yet."""
        due = self.due(now)
        if due:
            return due[0]
        if not self.cards:
            return None
        return min(self.themes, key=self._rank)

    def _rank(self, theme: str) -> tuple[int, datetime, int]:
        entry = self.cards[theme]
        return (0 if entry.flagged else 1, entry.card.due, THEME_IDS.index(theme))

    def due_at(self, theme: str) -> datetime:
        """When ``theme`` is next due."""
        return self._entry(theme).card.due

    # ----- answers ---------------------------------------------------------------------------------
    def record(self, theme: str, outcome: Outcome, now: datetime) -> datetime:
        """An exercise of ``theme`` answered at ``now`` with ``outcome``: its card is reviewed
        (Good, Hard or Again) and the flag of a practice error cleared. Returns when the
        theme is due next. A theme not yet open is opened first."""
        moment = instant(now)
        if theme not in THEME_BY_ID:
            raise ValueError(f"unknown theme {theme!r}")
        entry = self.cards.get(theme) or self.cards.setdefault(theme, ThemeCard.new(theme, moment))
        card, _log = SCHEDULER.review_card(entry.card, RATINGS[Outcome(outcome)], moment)
        entry.card, entry.flagged, entry.reviews = within(card), False, min(entry.reviews + 1, MAX_REVIEWS)
        return entry.card.due

    def note_practice_error(self, error_kind: ErrorKind | str, now: datetime) -> str:
        """A practice error of ``error_kind`` (an :class:`ErrorKind` or its id, or
        :data:`~tutorial.training.themes.MISSED_CALL`) makes its theme due at ``now`` and
        first in line (opened if it was not). Returns the theme's id; raises ``ValueError``
        for an unknown kind."""
        moment = instant(now)
        theme = theme_of_error(error_kind).id
        entry = self.cards.setdefault(theme, ThemeCard.new(theme, moment))
        entry.card.due = min(entry.card.due, moment, _moment(MAX_TIME))
        entry.flagged = True
        return theme

    # ----- progress ------------------------------------------------------------------------------------
    def mastery(self, theme: str, now: datetime) -> float:
        """How well ``theme`` is known, 0 to 1: the chance FSRS gives of recalling it now
        (retrievability) times its stability over :data:`MASTERED_DAYS` (at most 1). 0 for a
        theme never answered (or not open)."""
        entry = self.cards.get(theme)
        if entry is None or entry.card.stability is None:
            return 0.0
        recall = SCHEDULER.get_card_retrievability(entry.card, instant(now))
        return max(0.0, min(1.0, recall * min(1.0, entry.card.stability / MASTERED_DAYS)))

    def masteries(self, now: datetime) -> dict[str, float]:
        """:meth:`mastery` of every theme (0 for those not open), in the course's order."""
        return {theme: self.mastery(theme, now) for theme in THEME_IDS}

    def level_for(self, theme: str) -> int:
        """The level to train ``theme`` at: 1 until it holds a day, 2 until a week, then 3."""
        entry = self.cards.get(theme)
        stability = 0.0 if entry is None or entry.card.stability is None else entry.card.stability
        return 1 if stability < 1 else 2 if stability < 7 else 3

    def reviews(self, theme: str) -> int:
        entry = self.cards.get(theme)
        return 0 if entry is None else entry.reviews

    def _entry(self, theme: str) -> ThemeCard:
        if theme not in self.cards:
            raise ValueError(f"the theme {theme!r} is not open")
        return self.cards[theme]

    # ----- the stored form ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """``{"v": 1, "t": {theme: [state, step, stability, difficulty, due, last, flagged, reviews]}}``
        (times in seconds since 1970, UTC): plain JSON values only."""
        return {"v": VERSION, "t": {theme: self.cards[theme].row() for theme in self.themes}}

    @classmethod
    def from_dict(cls, data: object) -> Training:
        """Read :meth:`to_dict`'s form back. Raises :class:`TrainingStateError` for anything
        else: not a dict of ``v`` and ``t``, another version, an unknown theme, a malformed entry."""
        if not isinstance(data, dict) or set(data) != {"v", "t"}:
            raise TrainingStateError("not-a-state", "expected an object with the keys v and t")
        if not _is_int(data["v"]) or data["v"] != VERSION:
            raise TrainingStateError("bad-version", f"version {str(data['v'])[:20]!r}, expected {VERSION}")
        rows = data["t"]
        if not isinstance(rows, dict):
            raise TrainingStateError("not-a-state", "t is not an object")
        cards = {}
        for theme, row in rows.items():
            if not isinstance(theme, str) or theme not in THEME_BY_ID:
                raise TrainingStateError("unknown-theme", str(theme)[:40])
            cards[theme] = ThemeCard.from_row(theme, row)
        return cls(cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Training) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


def later(now: datetime, **delta: float) -> datetime:
    """``now`` plus a ``timedelta(**delta)`` (a convenience for callers and tests)."""
    return instant(now) + timedelta(**delta)
