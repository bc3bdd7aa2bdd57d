"""The class room's codes in words: a verdict, a recorded choice. Plain text (a view
escapes it for Markdown), through the narrator of the reader's language.

:func:`choice_text` is the class room's own until the lessons screen model offers
``option_label(step, value, tr)`` and ``choice_text(step, choice, narrator, tr)``
(tutorial/app/lessons/model.py, being written): LEAD, swap these for those.
"""

from __future__ import annotations

from ..engine.errors import MugginsError
from ..engine.position import Dest
from ..lessons import Step
from ..lessons.steps import AnswerMode, TurnStep
from ..narrate import Narrator, narrator


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


def option_label(step: Step, value: str, n: Narrator) -> str:
    """The label of the option ``value`` of ``step`` in words: the card, or the option's
    text translated; ``value`` itself when the step offers no such option."""
    for option in step.options():
        if option.value == value:
            if option.card is not None:
                return n.card(option.card)
            return n._(option.label) if option.label else value
    return value


def choice_text(step: Step, choice: str, n: Narrator) -> str:
    """A recorded choice in words: a pile named with its top from ``n``'s seat (pass a
    narrator seated at nobody for the teacher: "B's discard (7♦)"), or the option's label.
    A choice that names nothing on this step is given as it is."""
    if step.answered_by is AnswerMode.PILE:
        if not isinstance(step, TurnStep) or step.turned is None:
            return choice
        try:
            return n.pile(Dest.parse(choice), step.turned.position)
        except MugginsError:
            return choice
    return option_label(step, choice, n)


__all__ = ["choice_text", "option_label", "seated", "verdict_words"]
