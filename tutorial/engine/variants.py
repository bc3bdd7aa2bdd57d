"""Rule options and the named variants of Muggins (RULES.md §deal, §counts, §priority,
§muggins; the variant rulings V1–V4 on the app's rules page).

:class:`RuleOptions` is a small immutable value. Its default, :data:`STANDARD`, is the
source rule sheet exactly as RULES.md states it: every function that takes ``rules=``
gives the same results with it as without it. The other :data:`VARIANTS` are the house
and regional rules the explorer compares; each has a stable id (used in addresses, the
command line and JSON) and a ``played`` code saying where it comes from — the interface
turns both into words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .errors import PositionError


class Opponents(StrEnum):
    """Which fitting opponents' discards are correct destinations (§priority step 2)."""

    NEAREST = "nearest"  # the first fitting opponent clockwise from the mover's left (the source sheet)
    ANY = "any"  # any opponent whose discard top fits


class PenaltyRule(StrEnum):
    """Who gives penalty cards after a called error (§muggins step 2)."""

    EVERY_OTHER = "every-other"  # each other player gives one card (the source sheet, R5)
    CALLER = "caller"  # only the caller gives one card (V3)


STANDARD_COUNTS: tuple[tuple[int, int, int], ...] = ((3, 17, 1), (4, 12, 4), (5, 10, 2), (6, 8, 4), (7, 7, 3))
"""§counts as rows ``(players, cards each, common piles)``."""


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """How a table plays. Every field's default is the source rule sheet.

    - ``wrap``: K and A fit each other (§deal says they do not).
    - ``common_priority``: a fitting common pile must be used before any opponent's
      discard (§priority step 1). ``False``: fitting commons and fitting opponents are
      equally correct.
    - ``opponents``: :class:`Opponents` — the nearest fitting opponent only, or any.
    - ``opponent_optional``: when no common pile fits, the mover may keep the card on
      their own discard although an opponent fits (V2: commons stay compulsory).
    - ``penalty``: :class:`PenaltyRule` — every other player gives a card, or only the caller.
    - ``counts``: rows ``(players, cards each, common piles)``; a deal turns the cards
      left after dealing onto the common piles in turn (V4: only the last is a top).

    Raises :class:`PositionError` ``bad-field`` for an impossible ``counts`` row.
    """

    wrap: bool = False
    common_priority: bool = True
    opponents: Opponents = Opponents.NEAREST
    opponent_optional: bool = False
    penalty: PenaltyRule = PenaltyRule.EVERY_OTHER
    counts: tuple[tuple[int, int, int], ...] = field(default=STANDARD_COUNTS)

    def __post_init__(self) -> None:
        object.__setattr__(self, "opponents", Opponents(self.opponents))
        object.__setattr__(self, "penalty", PenaltyRule(self.penalty))
        for players, each, piles in self.counts:
            if not (3 <= players <= 8 and each >= 1 and piles >= 1 and players * each + piles <= 52):
                raise PositionError("bad-field", field="counts")

    @property
    def standard(self) -> bool:
        """True for the source rule sheet's rules."""
        return self is STANDARD or self == STANDARD

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The numbers of players this table deals for, smallest first."""
        return tuple(sorted(players for players, _each, _piles in self.counts))

    def layout(self, players: int) -> tuple[int, int]:
        """``(cards each, common piles)`` for ``players``; raises :class:`PositionError`
        ``player-count`` when these rules deal for no such table (§counts)."""
        for count, each, piles in self.counts:
            if count == players:
                return each, piles
        raise PositionError("player-count", count=players)

    def fits(self, a: int, b: int) -> bool:
        """True when ranks ``a`` and ``b`` (1 = A … 13 = K) fit: they differ by one, or are
        K and A when ``wrap`` (§deal)."""
        gap = abs(a - b)
        return gap == 1 or (self.wrap and gap == 12)

    def fitting_ranks(self, rank: int) -> tuple[int, ...]:
        """The ranks (1–13) that fit ``rank``."""
        return tuple(other for other in range(1, 14) if self.fits(rank, other))


STANDARD = RuleOptions()
"""The source rule sheet (RULES.md)."""


@dataclass(frozen=True, slots=True)
class Variant:
    """A named rule set: ``id`` (stable, ``[a-z0-9-]``), ``rules``, and ``played``: a code
    for where it comes from (``source``, ``sweden``, ``online``, ``family``, ``wrap``,
    ``children``), which the interface names."""

    id: str
    rules: RuleOptions
    played: str


def _centre_four() -> tuple[tuple[int, int, int], ...]:
    """4–8 players: four centre piles, the rest dealt evenly, leftovers on the centre piles."""
    return tuple((players, (52 - 4) // players, 4) for players in range(4, 9))


VARIANTS: dict[str, Variant] = {
    variant.id: variant
    for variant in (
        Variant("standard", STANDARD, "source"),
        Variant("swedish-16", RuleOptions(counts=((3, 16, 4),) + STANDARD_COUNTS[1:]), "sweden"),
        Variant("open-choice", RuleOptions(common_priority=False, opponents=Opponents.ANY, opponent_optional=True),
                "online"),
        Variant("caller-pays", RuleOptions(penalty=PenaltyRule.CALLER), "family"),
        Variant("wrap", RuleOptions(wrap=True), "wrap"),
        Variant("four-centre", RuleOptions(counts=_centre_four()), "children"),
    )
}
"""Every named variant, by id; ``standard`` first."""


def variant(name: str) -> Variant:
    """The variant called ``name``; raises :class:`PositionError` ``unknown-variant``."""
    found = VARIANTS.get(name) if isinstance(name, str) else None
    if found is None:
        raise PositionError("unknown-variant", variant=str(name)[:40])
    return found
