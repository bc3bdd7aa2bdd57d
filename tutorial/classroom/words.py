"""The class room's codes in words: a verdict, a recorded choice. Plain text (a view
escapes it for Markdown), through the narrator of the reader's language. A choice is
worded as the lessons word it (:mod:`tutorial.narrate.lesson_steps`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..narrate import Narrator, narrator
from ..narrate.lesson_steps import choice_words, option_words
from ..training import words as training_words

if TYPE_CHECKING:
    from .targets import Asked


def seated(n: Narrator, you: str | None) -> Narrator:
    """The shared narrator of ``n``'s language told to ``you`` (``None``: nobody)."""
    return narrator(n.lang, you)


def verdict_words(verdict: str, n: Narrator) -> str:
    """A verdict code in words: right, wrong, or the §muggins error's title (an unknown
    kind, from a newer version, as it is)."""
    if verdict == "right":
        return n._("Right")
    if verdict == "wrong":
        return n._("Wrong")
    try:
        return n.error_title(verdict)
    except KeyError:
        return verdict


def asked_heading(asked: Asked, n: Narrator) -> str:
    """What is asked, in a line above it: the lesson's title, or the training exercise by its
    code and theme."""
    if asked.exercise is None:
        return n._(asked.lesson.title)
    return exercise_words(asked, n)


def asked_words(asked: Asked, n: Narrator) -> str:
    """What is asked, in the class summary: the lesson's and the step's titles, or the
    training exercise by its code and theme."""
    if asked.exercise is None:
        return f"{n._(asked.lesson.title)} · {n._(asked.step.title)}"
    return exercise_words(asked, n)


def exercise_words(asked: Asked, n: Narrator) -> str:
    assert asked.exercise is not None
    return n._("Training exercise {code} · {theme}").format(code=asked.exercise.code,
                                                            theme=n._(asked.exercise.theme.name))


def story_lines(asked: Asked, n: Narrator) -> list[str]:
    """What happened before the question, told from the step's seat as the Training page
    tells it (a training exercise about a call's penalty); ``[]`` for other questions."""
    if asked.exercise is None:
        return []
    return training_words.story(asked.exercise, seated(n, asked.step.you))


option_label = option_words
choice_text = choice_words


__all__ = ["asked_heading", "asked_words", "choice_text", "exercise_words", "option_label", "seated", "story_lines",
           "verdict_words"]
