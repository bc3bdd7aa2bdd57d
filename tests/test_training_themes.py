"""Every generated exercise is the theme and level its code names (issue 37, § 4): what each
level's line says (tutorial/training/themes.py) holds on the table the learner is shown, read
here from the step's position apart from the generator, for every theme and level over many
seeds. A ``finish`` exercise is about the mover's last card, a ``nearest-opponent`` one has no
fitting common pile and several fitting opponents, and so on."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutorial.engine.cards import Card
from tutorial.engine.position import Common, Discard, Position
from tutorial.lessons.steps import PASS, Call, Fits, NextCard, Place
from tutorial.training.generate import Exercise, make_exercise
from tutorial.training.themes import LEVELS, THEME_BY_ID, THEME_IDS
from tutorial.training.words import tell

SEEDS = range(60)
"""Seeds drawn per theme and level (the codes the issue named are added)."""
NAMED = {("finish", 2): (1, 5, 8, 999_999_999), ("finish", 3): (5, 10, 11, 13, 18, 999_999_999)}
"""The codes the tester found off their theme."""


def fits(a: Card, b: Card) -> bool:
    return abs(a.rank - b.rank) == 1


class Table:
    """A placement's table as the learner judges it: ``position`` (the card in the mover's
    hand) and ``card``, the mover's opponents clockwise from their left."""

    def __init__(self, position: Position, card: Card):
        self.position, self.card = position, card
        self.mover = position.to_move
        count = len(position.players)
        self.opponents = [(self.mover + step) % count for step in range(1, count)]

    @property
    def players(self) -> int:
        return len(self.position.players)

    def fitting_commons(self) -> list[int]:
        return [number for number, pile in enumerate(self.position.commons, start=1) if fits(pile[-1], self.card)]

    def fitting_opponents(self) -> list[int]:
        return [seat for seat in self.opponents if self.position.discards[seat]
                and fits(self.position.discards[seat][-1], self.card)]

    def covered(self, pile: tuple[Card, ...]) -> bool:
        """The top does not fit, a card under it would."""
        return bool(pile) and not fits(pile[-1], self.card) and any(fits(card, self.card) for card in pile[:-1])

    def covered_commons(self) -> list[int]:
        return [number for number, pile in enumerate(self.position.commons, start=1) if self.covered(pile)]

    def covered_opponents(self) -> list[int]:
        return [seat for seat in self.opponents if self.covered(self.position.discards[seat])]

    def empty_opponents(self) -> list[int]:
        return [seat for seat in self.opponents if not self.position.discards[seat]]

    def tops(self) -> list[Card]:
        return [pile[-1] for pile in (*self.position.commons, *self.position.discards) if pile]

    def last_card(self) -> bool:
        """The card is the mover's last: nothing left in their closed stock or discard."""
        return not self.position.stocks[self.mover] and not self.position.discards[self.mover]

    def own(self) -> Discard:
        return Discard(self.position.players[self.mover])


def table_of(exercise: Exercise) -> Table:
    step = exercise.step
    if isinstance(step, Call):
        return Table(step.judged_in, step.placed_card)
    assert isinstance(step, Place), step
    return Table(step.turned.position, step.card)


def call_of(exercise: Exercise, errors: tuple[str, ...]) -> list[str]:
    """A call step whose placement is right or one of ``errors``."""
    step = exercise.step
    if not isinstance(step, Call):
        return [f"a {step.kind} step, not a call"]
    error = step.judgement.error
    return [] if error is None or str(error) in errors else [f"the placement's error is {error}"]


def players(exercise: Exercise, level: int, *, first: tuple[int, ...] = (4,)) -> list[str]:
    """Four at level 1 (``first``), 4 to 6 at level 2, five to seven at level 3; seat A moves
    at level 1."""
    position = exercise.step.position
    if position is None:
        return []
    wanted = {1: first, 2: (4, 5, 6), 3: (5, 6, 7)}[level]
    found = [] if len(position.players) in wanted else [f"{len(position.players)} players"]
    if level == 1 and position.to_move != 0:
        found.append("seat A does not move at level 1")
    return found


# ----- what each theme's levels say ------------------------------------------------------------------
def no_wrap(exercise: Exercise, level: int) -> list[str]:
    step = exercise.step
    if level == 1:
        if not isinstance(step, Fits):
            return ["not a fits question"]
        a, b = (card.rank for card in step.cards)
        return [] if {a, b} == {1, 13} or a == b or abs(a - b) == 1 else [f"ranks {a} and {b}"]
    found = call_of(exercise, ("not-adjacent",)) if level == 3 else [] if isinstance(step, Place) else ["not a place"]
    table = table_of(exercise)
    if table.card.rank not in (1, 13) and table.card.rank not in [card.rank for card in table.tops()]:
        found.append("neither a king, an ace nor an equal rank on the table")
    return found


def common_first(exercise: Exercise, level: int) -> list[str]:
    table = table_of(exercise)
    found = [] if table.fitting_commons() else ["no common pile fits"]
    opponents = table.fitting_opponents()
    if level == 1:
        found += [] if len(table.fitting_commons()) == 1 else ["not exactly one common pile fits"]
        found += [] if table.opponents[0] in opponents else ["the nearest opponent does not fit"]
    elif level == 2:
        found += [] if len(opponents) >= 2 else ["fewer than two opponents fit"]
    else:
        found += [] if opponents else ["no opponent fits"]
        if isinstance(exercise.step, Call):
            found += call_of(exercise, ("common-first",))
    if level < 3 and not isinstance(exercise.step, Place):
        found.append("not a place")
    return found


def several_commons(exercise: Exercise, level: int) -> list[str]:
    table = table_of(exercise)
    commons = table.fitting_commons()
    found = [] if len(commons) >= 2 else ["fewer than two common piles fit"]
    if level == 1:
        found += [] if len(commons) == 2 else ["not exactly two common piles fit"]
    if level == 2:
        found += [] if table.fitting_opponents() else ["no opponent fits"]
    if level == 3:
        found += call_of(exercise, ("common-first",))
        step = exercise.step
        if isinstance(step, Call) and step.judgement.error is None and commons and \
                step.judgement.dest != Common(commons[-1]):
            found.append("a right placement that is not on the higher-numbered fitting pile")
        if isinstance(step, Call) and step.judgement.error is not None and not isinstance(step.judgement.dest, Discard):
            found.append("a wrong placement that is not on an opponent")
    elif not isinstance(exercise.step, Place):
        found.append("not a place")
    return found


def only_tops(exercise: Exercise, level: int) -> list[str]:
    table = table_of(exercise)
    found = [] if isinstance(exercise.step, Place) else ["not a place"]
    if level == 1:
        found += [] if table.covered_commons() else ["no common pile has a covered card that would fit"]
    elif level == 2:
        found += [] if table.covered_commons() else ["no common pile has a covered card that would fit"]
        found += [] if not table.fitting_commons() else ["a common pile fits"]
        found += [] if table.opponents[0] in table.covered_opponents() else \
            ["the nearest opponent has no covered card that would fit"]
    else:
        found += [] if table.covered_commons() and table.covered_opponents() else \
            ["covered cards that would fit are not on common piles and opponents' discards both"]
    return found


def nearest_opponent(exercise: Exercise, level: int) -> list[str]:
    table = table_of(exercise)
    found = [] if isinstance(exercise.step, Place) else ["not a place"]
    found += [] if not table.fitting_commons() else ["a common pile fits"]
    opponents = table.fitting_opponents()
    if level == 2:
        found += [] if opponents and table.opponents[0] not in opponents else ["the first opponent fits, or none does"]
        found += [] if table.mover != 0 else ["the learner sits at seat A"]
    else:
        found += [] if len(opponents) >= 2 else ["fewer than two opponents fit"]
    return found


def empty_discard(exercise: Exercise, level: int) -> list[str]:
    table = table_of(exercise)
    found = [] if not table.fitting_commons() else ["a common pile fits"]
    empty = table.empty_opponents()
    if level == 1:
        found += [] if table.opponents[0] in empty else ["the nearest opponent's discard is not empty"]
        found += [] if table.fitting_opponents() else ["no opponent fits"]
    elif level == 2:
        found += [] if len(empty) >= 2 else ["fewer than two empty discards"]
    else:
        found += [] if empty else ["no empty discard"]
        found += call_of(exercise, ("empty-discard",))
    if level < 3 and not isinstance(exercise.step, Place):
        found.append("not a place")
    return found


def own_discard(exercise: Exercise, level: int) -> list[str]:
    table = table_of(exercise)
    found = [] if not table.fitting_commons() else ["a common pile fits"]
    opponents = table.fitting_opponents()
    if level < 3:
        found += [] if isinstance(exercise.step, Place) else ["not a place"]
        found += [] if len(opponents) <= 1 and table.opponents[0] not in opponents else \
            ["more than one opponent, or the nearest, fits"]
    if level == 2:
        own = table.position.discards[table.mover]
        if not own or not (fits(own[-1], table.card) or table.covered(own)):
            found.append("the learner's own discard does not seem to fit")
    if level == 3:
        found += call_of(exercise, ("missed-destination",))
        step = exercise.step
        if isinstance(step, Call) and step.judgement.dest != table.own():
            found.append("the card is not kept at home")
    return found


def recycle(exercise: Exercise, level: int) -> list[str]:
    step = exercise.step
    if not isinstance(step, NextCard):
        return ["not a next-card question"]
    mover = step.position.to_move
    length = len(step.position.discards[mover])
    low, high = {1: (2, 3), 2: (3, 5), 3: (4, 7)}[level]
    found = [] if not step.position.stocks[mover] and step.turned.recycled else ["no discard turned over"]
    return found + ([] if low <= length <= high else [f"a discard of {length}"])


def call(exercise: Exercise, level: int) -> list[str]:
    errors = {1: ("not-adjacent", "missed-destination"), 2: ("common-first", "nearest-opponent", "empty-discard"),
              3: ("common-first", "nearest-opponent", "empty-discard", "not-adjacent", "missed-destination")}[level]
    found = call_of(exercise, errors)
    step = exercise.step
    if level < 3 and isinstance(step, Call) and step.late:
        found.append("a late call before level 3")
    return found


def penalty(exercise: Exercise, level: int) -> list[str]:
    step, record = exercise.step, exercise.record
    if not isinstance(step, NextCard) or record is None:
        return ["not a question about a penalty"]
    found = [] if record.judgement is not None and record.judgement.error and record.called and record.penalty else \
        ["no called error with penalty cards"]
    before = record.before
    mover = before.seat(record.mover)
    own = len(before.stocks[mover]) - 1  # the offender's cards under the one turned up
    first = before.players[(mover + 1) % len(before.players)]
    if level == 1 and own:
        found.append("the offender still had cards of their own")
    if level == 3:
        first_gift = next((gift for gift in record.penalty if gift.donor == first), None)
        if first_gift is not None and not first_gift.recycled:
            found.append("the first donor gave from their closed stock")
    return found


def finish(exercise: Exercise, level: int) -> list[str]:
    table = table_of(exercise)
    found = [] if table.last_card() else [f"the mover still holds {len(table.position.stocks[table.mover])} + "
                                         f"{len(table.position.discards[table.mover])} cards"]
    if level == 1:
        return found + ([] if isinstance(exercise.step, Place) else ["not a place"])
    errors = ("not-adjacent", "missed-destination", "common-first") if level == 2 else \
        ("nearest-opponent", "empty-discard", "common-first", "missed-destination")
    return found + call_of(exercise, errors)


def passing(exercise: Exercise, level: int) -> list[str]:
    step = exercise.step
    if not isinstance(step, NextCard):
        return ["not a next-card question"]
    mover = step.position.to_move
    found = [] if not step.position.stocks[mover] else ["the mover has a closed stock"]
    if PASS not in (option.value for option in step.options()):
        found.append("a pass is not offered")
    return found


THEMES: dict[str, Callable[[Exercise, int], list[str]]] = {
    "no-wrap": no_wrap, "common-first": common_first, "several-commons": several_commons, "only-tops": only_tops,
    "nearest-opponent": nearest_opponent, "empty-discard": empty_discard, "own-discard": own_discard,
    "recycle": recycle, "call": call, "penalty": penalty, "finish": finish, "passing": passing,
}
FIRST_LEVEL_PLAYERS = {"call": (3, 4)}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(theme=st.sampled_from(THEME_IDS), level=st.integers(1, LEVELS), seed=st.integers(0, 10**9 - 1))
def test_any_seed_makes_an_exercise_of_its_theme_and_level(theme, level, seed):
    exercise = make_exercise(theme, level, seed)
    problems = THEMES[theme](exercise, level) + players(exercise, level, first=FIRST_LEVEL_PLAYERS.get(theme, (4,)))
    assert not problems, (str(exercise.code), problems)


def test_every_theme_has_its_check():
    assert set(THEMES) == set(THEME_IDS)


@pytest.mark.parametrize("theme", THEME_IDS)
@pytest.mark.parametrize("level", range(1, LEVELS + 1))
def test_every_exercise_is_the_theme_and_level_it_names(theme, level):
    off = {}
    for seed in (*SEEDS, *NAMED.get((theme, level), ())):
        exercise = make_exercise(theme, level, seed)
        problems = THEMES[theme](exercise, level) + players(exercise, level, first=FIRST_LEVEL_PLAYERS.get(theme, (4,)))
        if problems:
            off[str(exercise.code)] = problems
    assert not off, off


ANSWER_NAMED = (("own-discard", 1), ("own-discard", 2), ("passing", 1), ("penalty", 2))
"""Levels whose line named the answer ("Nothing fits", "Nothing to turn up", "You still had a card
of your own") and whose every exercise had that answer."""


def answer_kind(exercise: Exercise) -> str:
    """What kind of answer is right: the mover's own discard or another pile; a pass, a penalty
    card or one of the mover's own cards."""
    step = exercise.step
    if isinstance(step, Place):
        return "own" if str(table_of(exercise).own()) in step.right else "other pile"
    assert isinstance(step, NextCard)
    given = {str(gift.card) for gift in exercise.record.penalty} if exercise.record else set()
    right = step.right[0]
    return "pass" if right == PASS else "penalty card" if right in given else "own card"


@pytest.mark.parametrize(("theme", "level"), ANSWER_NAMED)
def test_no_level_gives_its_answer_away(theme, level):
    """Neither the level's line nor the run of its exercises tells the answer: the kind of right
    answer varies, and the line does not say it."""
    kinds = {answer_kind(make_exercise(theme, level, seed)) for seed in range(40)}
    assert len(kinds) == 2, kinds
    line = THEME_BY_ID[theme].levels[level - 1]
    assert not any(words in line for words in ("Nothing fits", "Nothing to turn up", "You still had")), line


def test_a_penalty_question_names_the_offenders_own_cards():
    """The closed stock is shown face down: a question whose answer is the offender's own next
    card names that card in the story (else it is found only by elimination)."""
    own = 0
    for seed in range(30):
        exercise = make_exercise("penalty", 2, seed)
        told = tell(exercise)
        if answer_kind(exercise) == "own card":
            own += 1
            card = Card.parse(exercise.right[0])
            assert any(card.symbol in line and "your closed stock still held" in line for line in told.story), told.story
        else:
            assert "Under the card turned up, your closed stock was empty." in told.story, told.story
    assert own
