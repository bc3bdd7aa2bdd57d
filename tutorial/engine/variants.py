"""Rule options and the named variants of Muggins (docs/rules.md §deal, §counts, §priority,
§muggins; the variant rulings V1–V4 on the app's rules page).

:class:`RuleOptions` is a small immutable value. Its default, :data:`STANDARD`, is the
source rule sheet exactly as docs/rules.md states it: every function that takes ``rules=``
gives the same results with it as without it. The other :data:`VARIANTS` are the house
and regional rules the explorer compares; each has a stable id (used in addresses, the
command line and JSON) and a ``played`` code saying where it comes from — the interface
turns both into words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

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
        if not isinstance(self.counts, tuple) or not self.counts:
            raise PositionError("bad-field", field="counts")
        seen = set()
        for row in self.counts:
            if not (isinstance(row, tuple) and len(row) == 3 and all(type(n) is int for n in row)):
                raise PositionError("bad-field", field="counts")
            players, each, piles = row
            if not 3 <= players <= 8:
                raise PositionError("deal-players", players=players)
            if players in seen:
                raise PositionError("deal-twice", players=players)
            seen.add(players)
            if each < 1 or piles < 1:
                raise PositionError("empty-deal", players=players, each=each, piles=piles)
            if players * each + piles > 52:
                raise PositionError("deal-too-large", players=players, each=each, piles=piles,
                                    cards=players * each + piles)

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

    # ----- text form (``muggins stats --rules``, the variant lab's links) ------------------------
    def code(self) -> str:
        """The rules as text, read back by :func:`parse_rules`:
        ``wrap=0;common-first=1;opponents=nearest;optional=0;penalty=every-other;deal=3x17+1,4x12+4,…``
        (``deal``: per player count, cards each and common piles)."""
        return (f"wrap={int(self.wrap)};common-first={int(self.common_priority)};opponents={self.opponents.value};"
                f"optional={int(self.opponent_optional)};penalty={self.penalty.value};deal={self.deal_code()}")

    def deal_code(self) -> str:
        """The ``deal`` part of :meth:`code`: ``3x17+1,4x12+4,…`` (players x cards each + common
        piles), fewest players first."""
        return ",".join(f"{players}x{each}+{piles}" for players, each, piles in sorted(self.counts))


STANDARD = RuleOptions()
"""The source rule sheet (docs/rules.md)."""


RULE_KEYS = ("wrap", "common-first", "opponents", "optional", "penalty", "deal")
"""The parts of a rules text (:meth:`RuleOptions.code`); any may be left out (the source rule's value)."""
_DEAL_ROW = re.compile(r"([0-9])x([0-9]{1,2})\+([0-9]{1,2})")


def parse_rules(text: object) -> RuleOptions:
    """Rule options from their text (:meth:`RuleOptions.code`; parts in any order, any left out
    taking the source rules' value; at most 300 characters). Raises :class:`PositionError`:
    ``bad-rules`` (``part``: the part that cannot be read), or what :class:`RuleOptions` raises
    for an impossible deal (``empty-deal``, ``deal-too-large``, ``bad-field``)."""
    if not isinstance(text, str) or len(text) > 300:
        raise PositionError("bad-rules", part=str(text)[:40])
    values: dict[str, Any] = {}
    flags = {"0": False, "1": True}
    for part in (piece.strip() for piece in text.split(";")):
        if not part:
            continue
        key, sep, value = (item.strip() for item in part.partition("="))
        if sep and key in values:
            raise PositionError("rule-twice", rule=key)
        if not sep or key not in RULE_KEYS:
            raise PositionError("bad-rules", part=part[:40])
        if key in ("wrap", "common-first", "optional"):
            if value not in flags:
                raise PositionError("bad-rules", part=part[:40])
            values[key] = flags[value]
        elif key == "opponents":
            if value not in {item.value for item in Opponents}:
                raise PositionError("bad-rules", part=part[:40])
            values[key] = Opponents(value)
        elif key == "penalty":
            if value not in {item.value for item in PenaltyRule}:
                raise PositionError("bad-rules", part=part[:40])
            values[key] = PenaltyRule(value)
        else:
            rows = []
            for row in (item.strip() for item in value.split(",")):
                match = _DEAL_ROW.fullmatch(row)
                if match is None:
                    raise PositionError("bad-rules", part=row[:40] or part[:40])
                rows.append(tuple(int(number) for number in match.groups()))
            values[key] = tuple(rows)
    return RuleOptions(wrap=values.get("wrap", False), common_priority=values.get("common-first", True),
                       opponents=values.get("opponents", Opponents.NEAREST),
                       opponent_optional=values.get("optional", False),
                       penalty=values.get("penalty", PenaltyRule.EVERY_OTHER),
                       counts=values.get("deal", STANDARD_COUNTS))


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
