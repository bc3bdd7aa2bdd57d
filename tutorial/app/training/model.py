"""The Training page in words and actions, without Streamlit (issue 19, part 2).

:class:`TrainingPageState` is everything the page keeps in one session (one session key):
the learner's scheduler (:class:`~tutorial.training.schedule.Training`), the exercise on
screen (its code), whether its hint was shown, the tries on it, and how many exercises
were done in this session. :class:`TrainingScreen` reads it and tells what the page shows
(the theme, its level and why it was chosen, the exercise's code, a typed code's problem,
how an answer counted) and the actions, each a ``can_x`` and an ``x``: ``hint``, ``pick``,
``next``, ``choose`` (a theme), ``open_code`` (a code typed or from the address).

The exercise itself is shown as a lesson step is: :meth:`TrainingScreen.step_screen` is the
lessons' :class:`~tutorial.app.lessons.model.StepScreen` over the exercise's step and the
state's :class:`~tutorial.app.lessons.model.StepAnswer`, so verdicts, explanations and table
marks are those of the lessons. Times are passed in (``now``, timezone-aware); nothing here
reads the clock. Fresh seeds come from ``rng`` (a ``random.SystemRandom`` by default).
"""

from __future__ import annotations

import dataclasses
import gettext
import random
import zlib
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import ClassVar
from urllib.parse import parse_qs, urlsplit

from tutorial.app.lessons.model import StepAnswer, StepScreen
from tutorial.lessons import Step
from tutorial.lessons.model import Lesson
from tutorial.narrate import narrator
from tutorial.training import words as training_words
from tutorial.training.code import ExerciseCode, ExerciseCodeError
from tutorial.training.generate import HINTS, Exercise, exercise_for
from tutorial.training.schedule import Outcome, Training
from tutorial.training.themes import THEME_BY_ID, THEME_IDS, THEMES, covered_themes

SEEDS = 100_000
"""Fresh exercises take seeds below this (codes stay short: ``nearest-opponent.2.48213``)."""

NEW, DUE, PRACTICE, WEAKEST, CHOSEN, CODE = "new", "due", "practice", "weakest", "chosen", "code"
"""Why the exercise on screen was chosen (:attr:`TrainingPageState.reason`)."""

MIXED = "mixed"
"""The theme box's first option: no theme chosen, the schedule chooses each exercise."""

CODE_INPUT = "train-code-input"
"""The widget key of the box where a code is typed."""
THEME_CHOICE = "train-theme"
"""The widget key (with a digest of its labels) of the theme selector."""
NEXT_KEY = "train-next"
"""The key of *Next exercise* (the focus goes there after a right answer)."""


@dataclass
class TrainingPageState:
    """The Training page's state in one session (one session key, :attr:`KEY`).

    - ``training``: the learner's scheduler (``None`` until the page or a practice error makes it);
    - ``code``: the exercise on screen (``THEME.LEVEL.SEED``), ``reason``: why it was chosen;
    - ``answer``: what was done on it (the lessons' :class:`StepAnswer`), ``hinted``: its hint
      was shown, ``attempts``: answers given, ``recorded``: its outcome went to the scheduler;
    - ``exercises``: exercises done (answered right) in this session;
    - ``seeded``: the address's ``ex`` has been read; ``link_problem``: the code it carried when
      it could not be opened (said once); ``problem``: a typed code refused
      (``(error code, params)``), said until the next action; ``refusals``: codes refused so far
      (each brings the message into view: it is under the box, below the screen on a laptop);
    - ``started_empty``: no lesson was completed when the scheduler was made, so the first
      themes were opened anyway;
    - ``moves``: exercises put on screen after the first (the page then brings the new one's top
      into view, as the lessons do after *Next*);
    - ``chosen``: the theme the learner chose to train: *Next exercise* stays on it until they
      choose :data:`MIXED` (a choice lasted one exercise, then the schedule took over: found by
      a trial);
    - ``presented``: the exercise was on a projector (presenter mode): a presenter's answers
      are kept apart from their own schedule, so it is never recorded.
    """

    KEY: ClassVar[str] = "training"

    training: Training | None = None
    code: str | None = None
    reason: str = NEW
    answer: StepAnswer = field(default_factory=StepAnswer)
    hinted: bool = False
    attempts: int = 0
    recorded: bool = False
    exercises: int = 0
    seeded: bool = False
    link_problem: str | None = None
    problem: tuple[str, dict[str, object]] | None = None
    refusals: int = 0
    started_empty: bool = False
    moves: int = 0
    chosen: str | None = None
    presented: bool = False


def start_training(state: TrainingPageState, done: Collection[str], now: datetime,
                   lesson_order: Sequence[str] = ()) -> Training:
    """The session's scheduler, made on first use: the themes the completed lessons cover;
    with none covered, the themes of the first lesson (in ``lesson_order``) that covers any.
    Later calls open the themes newly covered by ``done``."""
    if state.training is None:
        state.training = Training.start(done, now)
        if not state.training.cards:
            state.started_empty = True
            for lesson in lesson_order or [lesson for theme in THEMES for lesson in theme.lessons]:
                if state.training.unlock([lesson], now):
                    break
    else:
        state.training.unlock(done, now)
    return state.training


def due_count(state: TrainingPageState, now: datetime) -> int | None:
    """How many exercises (themes) are due now; ``None`` while there is no scheduler."""
    return None if state.training is None else len(state.training.due(now))


def note_practice_error(state: TrainingPageState, kind: str, done: Collection[str], now: datetime,
                        lesson_order: Sequence[str] = ()) -> str | None:
    """A learner's error of ``kind`` in a practice hand (an error id, or ``missed-call``)
    makes its theme due now and first in line (the scheduler is made if need be). Returns
    the theme, or ``None`` for a kind no theme drills."""
    training = start_training(state, done, now, lesson_order)
    try:
        return training.note_practice_error(kind, now)
    except ValueError:
        return None


TYPED_LIMIT = 100_000
"""The most characters the code box takes. A whole link pasted (its ``ex=`` is opened) fits, and
a longer paste is refused with the usual message: Streamlit does not cut a paste longer than a
box's limit, it ignores it without a word (found by a trial), so the limit is far above any code."""


def code_in(text: object) -> object:
    """What to read as an exercise code in ``text``: the ``ex=`` part of a pasted link to the
    Training page (``https://…/train?ex=nearest-opponent.2.48213``), else the text itself."""
    if not isinstance(text, str):
        return text
    text = text.strip()
    if "ex=" in text and ("?" in text or "&" in text):
        found = parse_qs(urlsplit(text).query or text.split("?", 1)[-1]).get("ex")
        if found:
            return found[0]
    return text


class TrainingScreen:
    """The Training page of ``state`` for a learner who completed ``done`` lessons (the
    course's ``lessons`` in order), in ``lang``, at ``now`` (see the module text). Making
    it opens the scheduler and, when none is on screen, an exercise."""

    def __init__(self, state: TrainingPageState, lessons: Sequence[Lesson], done: Collection[str], lang: str,
                 tr: gettext.NullTranslations, now: datetime, *, seed: str | None = None,
                 rng: random.Random | None = None, four_colour: bool = False, presenting: bool = False,
                 theme: str | None = None):
        self.state, self.lessons, self.done = state, list(lessons), list(done)
        self.presenting = presenting
        self.lang, self.tr, self._ = lang, tr, tr.gettext
        self.rng = rng or random.SystemRandom()
        self.four_colour = four_colour
        self._exercise: Exercise | None = None
        self.training = start_training(state, self.done, now, [lesson.id for lesson in self.lessons])
        if not state.seeded:
            state.seeded = True
            if isinstance(theme, str) and theme.strip().lower() in THEME_BY_ID:  # the theme chosen, from the address
                # kept even while it is not open: the learner's stored schedule, which may open it,
                # arrives after the page's first run (until then it counts as not chosen: chosen())
                state.chosen = theme.strip().lower()
            if seed and not self.open_code(seed, now, reason=CODE):
                state.problem = None  # a bad code in the address is said by the page (link_problem)
                state.link_problem = seed
        if (state.code is not None and state.reason not in (CODE, CHOSEN) and self.chosen() is not None
                and not state.attempts and not state.hinted):
            # drawn by the schedule before the theme the address chose was open (the page's first
            # run comes before the learner's stored progress, whose lessons open it) and not yet
            # tried: the chosen theme's exercise instead, as the box says
            state.code = None
        if state.code is None:
            self._draw(now)

    # ----- the exercise on screen ---------------------------------------------------------------
    @property
    def code(self) -> ExerciseCode:
        assert self.state.code is not None
        return ExerciseCode.parse(self.state.code)

    @property
    def exercise(self) -> Exercise:
        if self._exercise is None or str(self._exercise.code) != self.state.code:
            self._exercise = exercise_for(self.code)
        return self._exercise

    @property
    def lesson(self) -> Lesson:
        """The exercise as a one-step lesson (what the lessons' step screen and view take);
        its id carries the code, so every control of one exercise has keys of its own."""
        code = self.code
        return Lesson(f"train-{code.theme}-{code.level}-{code.seed}", self.exercise.theme.name,
                      self.exercise.theme.description, 0, (self.step,))

    @property
    def step(self) -> Step:
        """The exercise's step without its hint (the page's *Hint* button shows it, and counts it)."""
        return dataclasses.replace(self.exercise.step, hint="")

    def step_screen(self) -> StepScreen:
        """The exercise as a lesson step on screen (the lessons' words, verdicts and marks)."""
        step = self.step
        return StepScreen(self.lesson, step, self.state.answer, narrator(self.lang, step.you), self.tr,
                          four_colour=self.four_colour)

    def token(self) -> str:
        """The state the page's controls were drawn for (the exercise and what was done on it),
        as a short text of digits and letters (:mod:`tutorial.app.shell.clicks`)."""
        seen = f"{self.state.code}:{self.state.answer.token()}:{int(self.state.hinted)}"
        return f"{zlib.crc32(seen.encode()):08x}"

    # ----- words -------------------------------------------------------------------------------
    def theme_name(self, theme: str) -> str:
        """A theme's name, or the theme box's :data:`MIXED`."""
        if theme == MIXED:
            return self._("Mixed (what is due)")
        return training_words.theme_name(THEME_BY_ID[theme], self.tr)

    def heading(self) -> str:
        """The theme's name."""
        return self.theme_name(self.code.theme)

    def level_line(self) -> str:
        """``Level 2 of 3: what it asks``."""
        code = self.code
        theme = THEME_BY_ID[code.theme]
        return self._("Level {level} of {levels}: {what}").format(
            level=code.level, levels=theme.level_count, what=training_words.level_text(theme, code.level, self.tr))

    def level_short(self) -> str:
        """``Level 2 of 3`` (presenter mode's line above the table)."""
        return self._("Level {level} of {levels}").format(level=self.code.level,
                                                          levels=THEME_BY_ID[self.code.theme].level_count)

    def reason_line(self) -> str:
        """Why this exercise is on screen."""
        _ = self._
        return {
            NEW: _("A new theme for you."),
            DUE: _("Due for review: time to check you still remember it."),
            PRACTICE: _("You made an error of this kind in a practice hand."),
            WEAKEST: _("Nothing is due now, so here is your weakest theme."),
            CHOSEN: _("You chose this theme; the next exercises stay on it until you choose “{mixed}”.").format(
                mixed=self.theme_name(MIXED)) if self.chosen() == self.code.theme else _("You chose this theme."),
            CODE: _("Opened from an exercise code."),
        }[self.state.reason]

    def description(self) -> str:
        return training_words.theme_description(self.exercise.theme, self.tr)

    def intro(self) -> str | None:
        """Said while no completed lesson covers a theme yet: which lesson teaches the first ones
        (not over an exercise opened from a code, which may train any theme)."""
        if not self.state.started_empty or covered_themes(self.done) or self.state.reason == CODE:
            return None
        first = next((lesson for lesson in self.lessons if any(lesson.id in theme.lessons for theme in THEMES)), None)
        if first is None:
            return None
        return self._("You have not completed a lesson yet. These first exercises train what the lesson "
                      "“{title}” teaches; more themes open as you complete lessons.").format(title=self._(first.title))

    def top_mark(self) -> dict[str, object]:
        """The scroll mark above the exercise (:func:`tutorial.app.shell.table_component.anchor`):
        after *Next exercise*, a theme chosen or a code opened, the new exercise's top is brought
        to the top of the screen (the learner may be further down, at the way on or the code
        box); on the page's first exercise, the page is left where it opens."""
        return {"nonce": f"exercise-{self.state.moves}", "top": self.state.moves > 0}

    def story(self) -> list[str]:
        """What happened before the question (a penalty exercise), plain lines; else ``[]``."""
        return training_words.story(self.exercise, narrator(self.lang, self.exercise.step.you))

    def code_line(self) -> str:
        """``Exercise code: nearest-opponent.2.48213`` (plain)."""
        return self._("Exercise code: {code}").format(code=self.state.code)

    def done_line(self) -> str:
        count = self.state.exercises
        return self.tr.ngettext("{count} exercise done in this session.", "{count} exercises done in this session.",
                                count).format(count=count)

    def outcome_line(self) -> str | None:
        """Once the exercise is answered right: how it counted for the schedule."""
        if not self.state.recorded or self.state.presented:
            return None
        _ = self._
        return {Outcome.RIGHT: _("Right at the first try: this theme comes back later."),
                Outcome.HINTED: _("Right after a hint: this theme comes back a little sooner."),
                Outcome.WRONG: _("Right after a wrong try: this theme comes back soon.")}[self.outcome()]

    def problem(self) -> str | None:
        """A typed code that was refused, in words (quoted text plain: escape it to show it)."""
        if self.state.problem is not None:
            return self._code_problem(*self.state.problem)
        return None

    def link_problem(self, *, keep: bool = False) -> str | None:
        """An exercise code in the page address that could not be opened (said once; with
        ``keep``, said again at the next call: the view keeps it while the page's first view
        waits for the browser's stored progress, whose arrival draws the page again)."""
        seed = self.state.link_problem
        if not keep:
            self.state.link_problem = None
        if seed is None:
            return None
        return self._("The link's exercise code could not be opened, so another exercise is shown.") + " " + \
            self._code_problem(*self._problem_of(seed))

    def _code_problem(self, code: str, params: dict[str, object]) -> str:
        return training_words.code_problem(code, params, self.tr)

    @staticmethod
    def _problem_of(text: str) -> tuple[str, dict[str, object]]:
        try:
            ExerciseCode.parse(text)
        except ExerciseCodeError as err:
            return err.code, dict(err.params)
        return "bad-code", {"text": text}

    # ----- hint --------------------------------------------------------------------------------
    def can_hint(self) -> bool:
        """*Hint*: the exercise is not yet answered and its hint not yet shown."""
        return not self.state.answer.solved and not self.state.hinted

    def hint(self) -> None:
        if self.can_hint():
            self.state.hinted = True
            self.state.problem = None

    def hint_text(self) -> str | None:
        """The theme's hint (Markdown), once asked for."""
        return self._(HINTS[self.code.theme]) if self.state.hinted else None

    # ----- answering -----------------------------------------------------------------------------
    def can_pick(self, value: str) -> bool:
        return self.step_screen().can_pick(value)

    def pick(self, value: str, now: datetime) -> bool:
        """Answer with ``value`` (a pile ``common:1`` / ``discard:B`` or an option); returns
        whether it was right. A right answer is recorded (:meth:`settle`)."""
        if not self.can_pick(value):
            return False
        self.state.problem = None
        right = self.step_screen().pick(value)
        self.settle(now)
        return right

    def outcome(self) -> Outcome:
        """How the exercise went so far: wrong after a wrong try, hinted after the hint (or the
        right pile shown), else right."""
        answer = self.state.answer
        if answer.wrong:
            return Outcome.WRONG
        return Outcome.HINTED if self.state.hinted or answer.frame else Outcome.RIGHT

    def settle(self, now: datetime) -> Outcome | None:
        """Once the exercise is answered right, record its outcome with the scheduler (once);
        the view calls this on every run, since the lessons' step view answers through the
        step screen. Returns the outcome recorded now, else ``None``."""
        state = self.state
        state.attempts = len(state.answer.wrong) + int(state.answer.solved)
        state.presented = state.presented or self.presenting
        if not state.answer.solved or state.recorded or state.presented:
            return None
        outcome = self.outcome()
        self.training.record(self.code.theme, outcome, now)
        state.recorded = True
        state.exercises += 1
        return outcome

    # ----- on to another exercise ------------------------------------------------------------------
    def can_next(self) -> bool:
        """*Next exercise*: after a right answer; a presenter moves on at any time."""
        return self.presenting or self.state.answer.solved

    # ----- presenter mode ----------------------------------------------------------------------------
    def can_toggle_answer(self) -> bool:
        """*Show the answer* / *Hide the answer*: a presenter's (space on the keyboard)."""
        return self.presenting

    def toggle_answer(self) -> None:
        """Show the exercise's answer as a learner sees it after answering right, or hide it and
        forget the tries (the exercise as at first)."""
        if not self.can_toggle_answer():
            return
        self.state.presented = True
        if self.state.answer.solved:
            self.state.answer, self.state.hinted, self.state.problem = StepAnswer(), False, None
        else:
            self.step_screen().show_answer()

    def answer_label(self) -> str:
        return self._("Hide the answer") if self.state.answer.solved else self._("Show the answer")

    def next(self, now: datetime) -> None:
        """The next exercise: of the theme the learner chose, else of the one the scheduler puts first."""
        if self.can_next():
            self.settle(now)
            self._draw(now)

    def themes(self) -> list[str]:
        """The themes the learner can choose (those open), stable ids in the course's order."""
        return list(self.training.themes)

    def box_themes(self) -> list[str]:
        """The theme box's options: :data:`MIXED`, then the open themes."""
        return [MIXED, *self.themes()]

    def chosen(self) -> str | None:
        """The theme the learner chose, if it is open (a theme named by the address that the
        learner has not opened counts as none: the box, the address and *Next exercise* agree)."""
        chosen = self.state.chosen
        return chosen if chosen is not None and chosen in self.training.cards else None

    def box_value(self) -> str:
        """What the theme box shows: the theme chosen, else :data:`MIXED` (what *Next exercise*
        will train, which may differ from the exercise on screen, opened from a code say)."""
        return self.chosen() or MIXED

    def can_choose(self, theme: object) -> bool:
        return theme == MIXED or (isinstance(theme, str) and theme in self.training.cards)

    def choose(self, theme: object, now: datetime) -> None:
        """Train ``theme`` (an open theme): an exercise of it at the learner's level now, and the
        next ones too. :data:`MIXED`: the schedule chooses again from the next exercise on (the
        one on screen stays)."""
        if not self.can_choose(theme) or not isinstance(theme, str):
            return
        if theme == MIXED:
            self.state.chosen = None
            return
        self.state.chosen = theme
        self._leave(now)
        self._show(ExerciseCode(theme, self.training.level_for(theme), self.rng.randrange(SEEDS)), CHOSEN)

    def can_open_code(self, text: object) -> bool:
        return isinstance(text, str) and bool(text.strip())

    def open_code(self, text: object, now: datetime, *, reason: str = CODE) -> bool:
        """Open the exercise of a typed code. A code that is not valid changes nothing but
        :meth:`problem`; returns whether it was opened."""
        if not self.can_open_code(text):
            if text is None or isinstance(text, str):  # *Open* with nothing typed: said, instead of an older problem
                self.state.problem = ("empty", {})
                self.state.refusals += 1
            return False
        try:
            code = ExerciseCode.parse(code_in(text))
        except ExerciseCodeError as err:
            self.state.problem = (err.code, dict(err.params))
            self.state.refusals += 1
            return False
        self._leave(now)
        self._show(code, reason)
        return True

    def _leave(self, now: datetime) -> None:
        """Leaving an exercise answered wrong and not yet right: it counts as wrong."""
        if self.state.code is not None and self.state.answer.wrong and not (self.state.recorded or self.state.presented
                                                                            or self.presenting):
            self.training.record(self.code.theme, Outcome.WRONG, now)

    def _draw(self, now: datetime) -> None:
        """The next exercise: of the theme chosen (the address's, on the page's first exercise),
        else of the theme the schedule puts first."""
        training = self.training
        chosen = self.chosen()
        if chosen is not None:
            self._show(ExerciseCode(chosen, training.level_for(chosen), self.rng.randrange(SEEDS)), CHOSEN)
            return
        due = training.due(now)
        if due:
            theme = due[0]
            entry = training.cards[theme]
            reason = PRACTICE if entry.flagged else NEW if entry.reviews == 0 else DUE
        elif training.cards:
            masteries = training.masteries(now)
            theme = min(training.themes, key=lambda item: (masteries[item], THEME_IDS.index(item)))
            reason = WEAKEST
        else:  # cannot happen: start_training opens at least one theme
            theme, reason = THEME_IDS[0], NEW
        self._show(ExerciseCode(theme, training.level_for(theme), self.rng.randrange(SEEDS)), reason)

    def _show(self, code: ExerciseCode, reason: str) -> None:
        state = self.state
        if state.code is not None:
            state.moves += 1
        state.code, state.reason = str(code), reason
        state.answer, state.hinted, state.attempts, state.recorded, state.problem = StepAnswer(), False, 0, False, None
        state.presented = False
        self._exercise = None

    # ----- the address -----------------------------------------------------------------------------
    def address(self) -> dict[str, str | None]:
        """What the page address carries (this page only): the exercise's code and the theme
        chosen (a reload kept the exercise but forgot the choice: found by a trial), never the
        schedule."""
        return {"ex": self.state.code, "theme": self.chosen()}


__all__ = ["CODE_INPUT", "MIXED", "NEXT_KEY", "THEME_CHOICE", "TYPED_LIMIT", "TrainingPageState", "TrainingScreen", "code_in", "due_count",
           "note_practice_error", "start_training"]
