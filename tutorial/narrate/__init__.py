"""The narrator: the engine's codes, verdicts and events in words, in the learner's
language and from the learner's point of view.

``Narrator("es", you="C")`` tells everything in Spanish to the player in seat C:
every sentence about seat C is in the second person, every other seat is
named. One object holds the language (a Babel ``Locale`` and its gettext
translations) and the point of view, so no function needs them passed in.
Split by concern, each layer building on the one before (so each is typed
against what it really uses): :mod:`.base` (cards, piles, players, sections) →
:mod:`.verdicts` (where a card goes, why a placement was wrong) → :mod:`.story`
(events, turns, penalties, hand results) → :mod:`.table` (a table in words) →
:mod:`.evaluation` (the explorer's valued choices) → :class:`Narrator`.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ..rulebook import SECTIONS
from .base import RANK_NAMES
from .evaluation import EvaluationWords


class Narrator(EvaluationWords):
    """Sentences in one language from one point of view (see the module text)."""

    def seen_by(self, you: str | None) -> Narrator:
        """The same narrator telling it to another seat (or to nobody: ``None``)."""
        return replace(self, you=you)


@lru_cache(maxsize=64)
def narrator(lang: str = "en", you: str | None = None) -> Narrator:
    """A shared :class:`Narrator` for ``lang`` and ``you`` (read-only, safe to share)."""
    return Narrator(lang, you)


__all__ = ["RANK_NAMES", "SECTIONS", "Narrator", "narrator"]
