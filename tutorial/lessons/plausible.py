"""Could the table of a lesson position have come about by play? (issue 17: a lesson
showed 9♦ on 7♣ on a common pile, which no play following the rules can build.)

What the rules imply for the piles a learner is shown (docs/rules.md §deal, §counts,
§priority, §muggins):

- **Common piles.** Each starts with one card turned up at the deal, and a card goes
  on a common pile only if it fits the top (§priority; a called error is moved to
  where it had to go, §muggins). So every card of a common pile is one rank from
  the card below it: no equal ranks, no gaps, no K–A.
- **Discards.** A discard starts empty and only its owner can start it; after that
  an opponent's card must fit its top, while the owner's own card goes there
  *whatever its rank* (only when it fits nowhere else). So a discard may hold any
  sequence: two cards that do not fit were both placed by the owner. What the
  rules do forbid is where the card could have gone instead: a card goes on a
  discard only when it fits no common pile's top *at that moment*. A common pile
  that still holds only its dealt card has shown that card all hand, so **no
  discard card can fit it**: such a card could only be there by an error nobody
  called, and a lesson should not show an unnoticed error as the normal state.
- **The number of common piles** is the one §counts gives for the number of
  players (the deal turns up one card per common pile and no pile is ever removed).

Uncalled errors do stand (§muggins), but only a step that plays one shows one; a
starting position never needs one. Each finding is ``(key path, code, params)``,
the key path relative to the position's table, so a lesson problem can point at
the line of the offending card.
"""

from __future__ import annotations

from ..engine.deal import COUNTS
from ..engine.position import Position

Finding = tuple[tuple[str | int, ...], str, dict[str, object]]


def impossible_piles(position: Position) -> list[Finding]:
    """Every pile of ``position`` that play by the rules cannot build (see the module text)."""
    found: list[Finding] = []
    for number, pile in enumerate(position.commons, start=1):
        for index in range(1, len(pile)):
            below, card = pile[index - 1], pile[index]
            if not card.fits(below):
                found.append((("commons", number - 1, index), "impossible-common-pile",
                               {"pile": number, "card": card.symbol, "below": below.symbol}))
    expected = COUNTS.get(len(position.players), (0, 0))[1]
    if expected and len(position.commons) != expected:
        found.append((("commons",), "common-pile-count",
                      {"players": len(position.players), "count": len(position.commons), "expected": expected}))
    dealt = [(number, pile[0]) for number, pile in enumerate(position.commons, start=1) if len(pile) == 1]
    for player in position.players:
        for index, card in enumerate(position.discard_of(player)):
            for number, top in dealt:
                if card.fits(top):
                    found.append((("discards", player, index), "impossible-discard-card",
                                  {"player": player, "card": card.symbol, "pile": number, "top": top.symbol}))
                    break
    return found
