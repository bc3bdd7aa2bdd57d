"""Training in words: theme names and levels translated, and an exercise told as a lesson
step is (the narrator's question and verdicts, :mod:`tutorial.narrate.lesson_steps`), plus
the earlier turn a penalty question is about. Plain text; no Streamlit."""

from __future__ import annotations

import gettext
from dataclasses import dataclass

from tutorial.words import clip

from ..engine.events import Placed
from ..engine.rules import TurnRecord
from ..lessons.steps import AnswerMode, TurnStep
from ..narrate import Narrator
from ..narrate import lesson_steps as steps_words
from .generate import Exercise
from .themes import Theme


def theme_name(theme: Theme, tr: gettext.NullTranslations) -> str:
    return tr.gettext(theme.name)


def theme_description(theme: Theme, tr: gettext.NullTranslations) -> str:
    return tr.gettext(theme.description)


def level_text(theme: Theme, level: int, tr: gettext.NullTranslations) -> str:
    """What level ``level`` (1-based) of ``theme`` asks."""
    return tr.gettext(theme.levels[level - 1])


def code_problem(code: str, params: dict[str, object], tr: gettext.NullTranslations) -> str:
    """An exercise code that was refused (:class:`~tutorial.training.code.ExerciseCodeError`'s
    ``code`` and ``params``), in words, with an example of a good one (quoted text plain)."""
    _ = tr.gettext
    if code == "unknown-theme":
        text = _("There is no training theme called “{theme}”.")
    elif code == "bad-level":
        text = _("The theme “{theme}” has levels 1 to {levels}, not “{level}”.")
    elif code == "bad-seed":
        text = _("The last part of a code is a number of 1 to 9 digits, not “{seed}”.")
    elif code == "empty":
        text = _("Type or paste an exercise code first.")
    else:
        text = _("“{text}” is not an exercise code.")
    clipped = {key: clip(value, 40) for key, value in params.items()}  # control characters shown escaped, a cut marked …
    return text.format_map(_Defaults(clipped)) + " " + _("A code looks like {example}.").format(
        example="nearest-opponent.2.48213")


class _Defaults(dict[str, str]):
    """``str.format_map`` values; a missing one shows as nothing."""

    def __missing__(self, key: str) -> str:
        return ""


def story(exercise: Exercise, n: Narrator) -> list[str]:
    """What happened before the question (an exercise about a call's penalty): the
    placement, the correction and each donor's card, in order; ``[]`` for other exercises."""
    record = exercise.record
    if record is None or record.judgement is None or record.card is None or record.judged_in is None:
        return []
    before, verdict = record.judged_in, record.judgement
    lines = [n.event(Placed(record.mover, record.card, verdict.dest, verdict.error), before),
             stock_line(record, n), n.correction(record, before)]
    return lines + n.penalty_lines(record)


def stock_line(record: TurnRecord, n: Narrator) -> str:
    """What the offender's closed stock still held under the card they turned up (the table
    shows a closed stock face down, so the question's own card is named here: else the learner
    could only find it by elimination, found by a trial)."""
    _ = n.tr.gettext
    stock = n.closed_stock(record.mover)
    left = record.before.stock_of(record.mover)[0 if record.recycled else 1:]
    if not left:
        return _("Under the card turned up, {stock} was empty.").format(stock=stock)
    if len(left) == 1:
        return _("Under the card turned up, {stock} still held {card}.").format(stock=stock, card=n.card(left[0]))
    return _("Under the card turned up, {stock} still held {cards}, top first.").format(stock=stock,
                                                                                       cards=n.cards(left))


@dataclass(frozen=True)
class Told:
    """An exercise in words: ``title``, ``story`` (lines told before the question), the step's
    ``text``, the narrator's ``question`` lines, the ``options`` (value and words), the right
    ``answer`` (values and words) and the ``explanation`` of the right answer."""

    title: str
    story: tuple[str, ...]
    text: str
    question: tuple[str, ...]
    options: tuple[tuple[str, str], ...]
    answer: tuple[tuple[str, str], ...]
    explanation: str


def tell(exercise: Exercise, lang: str = "en") -> Told:
    """``exercise`` told in ``lang`` from its learner's seat, as a lesson step is told."""
    from ..narrate import narrator

    step = exercise.step
    n = narrator(lang, step.you)
    tr = n.tr
    if step.answered_by is AnswerMode.PILE and isinstance(step, TurnStep):
        position = step.turned.position
        values = [f"common:{number}" for number in range(1, len(position.commons) + 1)]
        values += [f"discard:{player}" for player in position.players]
    else:
        values = [option.value for option in step.options()]
    options = tuple((value, steps_words.choice_words(step, value, n)) for value in values)
    answer = tuple((value, steps_words.choice_words(step, value, n)) for value in step.right)
    said = steps_words.right(step, n, step.right[0], shown_to_all=True)
    explanation = "\n\n".join(text for text in (said.text, said.more) if text)
    question = tuple(line.text for line in steps_words.question(step, n))
    if step.question_cards:  # a fits question shows its two cards
        question = ("  ".join(card.symbol for card in step.question_cards),) + question
    return Told(tr.gettext(step.title), tuple(story(exercise, n)), tr.gettext(step.text), question, options, answer,
                explanation)
