"""Training themes: one per rule a learner can get wrong, each with levels (issue 19).

A theme's ``id`` uses the field's words (the §muggins error ids where a theme is about
one error: ``common-first``, ``nearest-opponent``, ``empty-discard``); ``name`` and
``description`` are English message ids (translated where shown, see
:mod:`tutorial.training.words`); ``lessons`` are the ids of the course lessons that teach
it (``lessons/*.toml``): a theme is *covered* once all of them are completed;
``sections`` the rule book's sections it drills. Every theme has :data:`LEVELS` levels:
level 1 is the plain case at a small table, level 2 adds distractors (a fitting opponent
further round, covered cards that would fit, several commons, another seat to move), level
3 seats 5 to 7 players and mixes in the hardest cases (a call too late, a donor with no
cards, placements to call or not).

Plain data: no Streamlit, no gettext.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..engine.rules import ErrorKind


def N_(message: str) -> str:
    """Mark a message id for extraction (translated where it is shown)."""
    return message


LEVELS = 3
"""Every theme has levels 1 to ``LEVELS``."""


@dataclass(frozen=True)
class Theme:
    """One training theme (see the module text)."""

    id: str
    name: str
    description: str
    lessons: tuple[str, ...]
    sections: tuple[str, ...]
    levels: tuple[str, ...]
    """What each level asks, in order (English message ids)."""

    @property
    def level_count(self) -> int:
        return len(self.levels)

    def covered_by(self, completed: Iterable[str]) -> bool:
        """Every lesson that teaches this theme is among ``completed`` (lesson ids)."""
        done = set(completed)
        return all(lesson in done for lesson in self.lessons)


THEMES: tuple[Theme, ...] = (
    Theme("no-wrap", N_("Which cards fit"),
          N_("Two cards fit when their ranks differ by exactly one: no K–A wrap, and equal ranks never fit."),
          ("cards-and-fitting",), ("§deal",),
          (N_("Do two cards fit? (K–A, equal ranks, neighbours)"),
           N_("Place a king, an ace or a card beside equal ranks"),
           N_("Call or not: a king, an ace or a card beside equal ranks"))),
    Theme("common-first", N_("Common piles first"),
          N_("A card that fits a common pile must go on a common pile, even when an opponent's discard fits too."),
          ("common-piles-first",), ("§priority",),
          (N_("A common pile or the nearest opponent?"),
           N_("The fitting common pile may be the last; several opponents fit"),
           N_("Five to seven players: place it, or call or not on a placement"))),
    Theme("several-commons", N_("Several common piles fit"),
          N_("When the card fits several common piles, any of them is right: the player chooses."),
          ("common-piles-first",), ("§priority",),
          (N_("Two common piles fit"),
           N_("Two or three common piles fit, and opponents fit too"),
           N_("Call or not: a card put on the higher-numbered fitting pile or on an opponent"))),
    Theme("only-tops", N_("Only the top card counts"),
          N_("Only the top card of a pile counts: a covered card that would fit does not make the pile a destination."),
          ("common-piles-first",), ("§priority",),
          (N_("A covered card of a common pile would fit"),
           N_("Covered cards would fit on common piles and on a nearer opponent"),
           N_("Five to seven players, covered cards everywhere"))),
    Theme("nearest-opponent", N_("The nearest fitting opponent"),
          N_("When no common pile fits, the card goes to the first opponent, clockwise from the mover's left, whose discard fits."),
          ("nearest-opponent",), ("§priority",),
          (N_("Two opponents fit; which comes first?"),
           N_("You sit at another seat: go round from your left"),
           N_("Five to seven players, many fitting discards"))),
    Theme("empty-discard", N_("An empty discard is never a destination"),
          N_("Nobody may start another player's discard: an empty discard is skipped."),
          ("nearest-opponent",), ("§priority",),
          (N_("The nearest opponent's discard is empty"),
           N_("Several empty discards, maybe nothing fitting at all"),
           N_("Call or not, with empty discards on the table"))),
    Theme("own-discard", N_("Your own discard, last of all"),
          N_("A card that fits no common pile and no opponent's discard goes on the mover's own discard, whatever its rank."),
          ("own-discard",), ("§priority",),
          (N_("Look at every pile before your own discard"),
           N_("Covered cards, and your own discard seems to fit"),
           N_("Call or not: a card kept at home"))),
    Theme("recycle", N_("Turning the discard over"),
          N_("When the closed stock is empty the discard is turned over without shuffling: its oldest card comes up first."),
          ("recycling",), ("§recycle",),
          (N_("A short discard is turned over"),
           N_("A longer discard is turned over"),
           N_("Five to seven players, a long discard"))),
    Theme("call", N_("Calling “Muggins!”"),
          N_("Call on a placement that breaks the rules, before the next card is turned up; a call on a correct placement is unsupported."),
          ("calling-muggins",), ("§muggins",),
          (N_("A clear error, or a correct placement"),
           N_("Subtle cases: common first, the nearest opponent, an empty discard"),
           N_("Five to seven players; some calls come too late"))),
    Theme("penalty", N_("The penalty cards"),
          N_("After a right call each other player, from the offender's left, gives a card under the offender's closed stock; a donor with an empty stock turns the discard over, a donor with no cards gives nothing."),
          ("the-penalty",), ("§muggins", "§recycle"),
          (N_("Your stock was empty: which penalty card comes up first?"),
           N_("Your stock may still hold cards of your own"),
           N_("The first donor had to turn the discard over, or had no cards"))),
    Theme("finish", N_("The last card and the finish check"),
          N_("A hand is won by a correct placement of your last card; the table always checks a last card, and a wrong one does not win."),
          ("finishing",), ("§finish",),
          (N_("Where must your last card go?"),
           N_("Call or not on someone's last card"),
           N_("Five to seven players: subtle cases on a last card"))),
    Theme("passing", N_("Passing with no cards"),
          N_("A player with no cards at all, neither a closed stock nor a discard, passes on their turn."),
          ("finishing",), ("§turn",),
          (N_("Your closed stock is empty: what happens?"),
           N_("A pass, or a discard to turn over?"),
           N_("Five to seven players: a pass, or a discard to turn over?"))),
)

THEME_IDS: tuple[str, ...] = tuple(theme.id for theme in THEMES)
THEME_BY_ID: dict[str, Theme] = {theme.id: theme for theme in THEMES}

MISSED_CALL = "missed-call"
"""A practice error that is no placement: an error of another player the learner let pass."""

ERROR_THEMES: dict[str, str] = {
    ErrorKind.NOT_ADJACENT: "no-wrap",
    ErrorKind.EMPTY_DISCARD: "empty-discard",
    ErrorKind.COMMON_FIRST: "common-first",
    ErrorKind.NEAREST_OPPONENT: "nearest-opponent",
    ErrorKind.MISSED_DESTINATION: "own-discard",
    MISSED_CALL: "call",
}
"""The theme that drills each §muggins error kind (and a missed call)."""


def theme_of_error(kind: ErrorKind | str) -> Theme:
    """The theme for a practice error: an :class:`ErrorKind` (or its id) or :data:`MISSED_CALL`.
    Raises ``ValueError`` for anything else."""
    theme = ERROR_THEMES.get(str(kind)) if isinstance(kind, str) else None
    if theme is None:
        raise ValueError(f"no training theme for the error kind {kind!r}")
    return THEME_BY_ID[theme]


def covered_themes(completed: Iterable[str]) -> tuple[Theme, ...]:
    """The themes whose lessons are all among ``completed``, in :data:`THEMES` order."""
    done = set(completed)
    return tuple(theme for theme in THEMES if theme.covered_by(done))
