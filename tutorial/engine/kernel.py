"""The rules kernel: where a turned card may go, under given rule options, over plain ints
(docs/rules.md §priority; the variants' V1, V2).

This is the one implementation of §priority. The teaching engine
(:func:`tutorial.engine.rules.legal_destinations`) and the lean simulation path
(:mod:`tutorial.explore.lean`) both ask it; the benchmark floor (``benchmarks/floor.py``)
is kept apart as the independent plain version of the source rules that the tests compare
it with.

Plain data:

- a **rank** is 1 (A) … 13 (K); the top of an empty discard is :data:`EMPTY` (0), which
  fits nothing;
- a **destination** is an int: a common pile's index (0, 1, …) or, for the discard of the
  player at seat ``s``, ``~s`` (that is −1 − ``s``; :func:`discard`, :func:`seat_of`), so
  ``dest >= 0`` tells the two apart.
"""

from __future__ import annotations

from collections.abc import Sequence

from .variants import STANDARD, Opponents, RuleOptions

EMPTY = 0
"""The top rank of an empty discard: it fits no card (§priority: an empty discard takes no
card from another player)."""

_RANKS = range(14)
FITS: tuple[tuple[tuple[bool, ...], ...], ...] = tuple(
    tuple(tuple(EMPTY not in (rank, top) and RuleOptions(wrap=wrap).fits(rank, top) for top in _RANKS)
          for rank in _RANKS)
    for wrap in (False, True))
"""``FITS[wrap][rank][top]``: a card of ``rank`` fits a pile whose top is ``top`` (ranks 0–13,
0 being :data:`EMPTY`), without (``False``) or with K–A wrap. Built from
:meth:`RuleOptions.fits`, the one definition of fitting."""


_NEAREST = Opponents.NEAREST  # a module name: reading an enum member off its class is slow in Python 3.11


def discard(seat: int) -> int:
    """The destination for the discard of the player at ``seat``: ``~seat``."""
    return ~seat


def seat_of(dest: int) -> int:
    """The seat whose discard ``dest`` (< 0) is."""
    return ~dest


def destinations(rank: int, common_tops: Sequence[int], discard_tops: Sequence[int], around: Sequence[int],
                 mover: int, rules: RuleOptions = STANDARD) -> list[int]:
    """Every correct destination for the mover's turned card of ``rank`` (§priority), in order.

    ``common_tops``: the common piles' top ranks, in pile order; ``discard_tops``: each
    seat's discard top rank (:data:`EMPTY` when empty); ``around``: the other seats
    clockwise from the mover's left; ``mover``: the mover's seat.

    The source rules: every fitting common pile (the player chooses), else the first
    fitting opponent clockwise from the mover's left, else the mover's own discard. Other
    ``rules``: without ``common_priority`` fitting commons and fitting opponents are all
    correct; with ``Opponents.ANY`` every fitting opponent is, clockwise; with
    ``opponent_optional`` the mover's own discard is correct too whenever no common fits but
    an opponent does. Listed commons first, then opponents clockwise, then the own discard;
    never empty. Which rule decided is told by the first: a common pile, an opponent, or
    the mover's own discard.
    """
    fit = FITS[rules.wrap][rank]
    commons = []
    pile = 0
    for top in common_tops:  # plain loops: faster than comprehensions or enumerate in 3.11
        if fit[top]:
            commons.append(pile)
        pile += 1  # noqa: SIM113 (enumerate is slower here, and this is the hot loop)
    if commons and rules.common_priority:
        return commons
    nearest = rules.opponents is _NEAREST
    opponents = []
    for seat in around:
        if fit[discard_tops[seat]]:
            opponents.append(~seat)
            if nearest:
                break
    if commons:
        return commons + opponents
    if opponents:
        return opponents + [~mover] if rules.opponent_optional else opponents
    return [~mover]
