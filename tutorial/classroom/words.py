"""The class room's codes in words: a verdict, a recorded choice. Plain text (a view
escapes it for Markdown), through the narrator of the reader's language. A choice is
worded as the lessons word it (:mod:`tutorial.narrate.lesson_steps`)."""

from __future__ import annotations

from ..narrate import Narrator, narrator
from ..narrate.lesson_steps import choice_words, option_words


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


option_label = option_words
choice_text = choice_words


__all__ = ["choice_text", "option_label", "seated", "verdict_words"]
