"""Simulated players: pile-choice policies and error-making (docs/rules.md §priority, §muggins,
R4, R8).

A policy only matters when several destinations are correct (several fitting common
piles; under some variants several opponents, or keeping the card). Every policy picks
among the correct destinations, so every policy obeys §priority; only an error-making
player (``error_rate``) ever places a card wrongly, like the practice table's bots.

Both the lean path (:mod:`tutorial.explore.lean`) and the teaching-engine path
(:mod:`tutorial.explore.reference`) ask :func:`choose` with the same plain data, and
draw chance from the generator in the same order, so they play identical hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..engine.errors import PositionError
from ..engine.variants import RuleOptions


class Policy(StrEnum):
    """How a player chooses among correct destinations.

    - ``lowest``: the lowest-numbered fitting common pile, else the first correct
      destination (the rule-perfect player of R8).
    - ``highest``: the highest-numbered fitting common pile, else as ``lowest``.
    - ``random``: any correct destination, evenly, from the seeded generator.
    - ``lookahead``: a one-turn look-ahead. It gives the card to an opponent when
      allowed (the one holding fewest cards), keeps it only when nothing else is
      correct, and among common piles covers the one that leaves the next player the
      fewest unseen cards that fit any common top.
    """

    LOWEST = "lowest"
    HIGHEST = "highest"
    RANDOM = "random"
    LOOKAHEAD = "lookahead"


def policy(name: str) -> Policy:
    """The policy called ``name``; raises :class:`PositionError` ``unknown-policy``."""
    try:
        return Policy(name)
    except ValueError:
        raise PositionError("unknown-policy", policy=str(name)[:40]) from None


@dataclass(frozen=True, slots=True)
class Seat:
    """One simulated player: ``policy``; ``error_rate`` (0–1), the chance of placing a
    turned card on a wrong pile (chosen evenly among the wrong ones); ``alertness``
    (0–1), the chance of calling another player's error. Raises ``ValueError`` for a
    chance outside 0–1."""

    policy: Policy = Policy.LOWEST
    error_rate: float = 0.0
    alertness: float = 1.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "policy", Policy(self.policy))
        for name in ("error_rate", "alertness"):
            value = getattr(self, name)
            if not (isinstance(value, int | float) and 0.0 <= value <= 1.0):
                raise ValueError(f"{name} must be between 0 and 1, not {value!r}")


R8 = Seat()
"""The rule-perfect player of R8, who never errs and calls every error."""

_LOWEST, _HIGHEST, _RANDOM = Policy.LOWEST, Policy.HIGHEST, Policy.RANDOM  # reading an enum member off its class is slow (3.11)


def choose(seat: Seat, legal: Sequence[int], rng: random.Random, *, mover: int, card_rank: int,
           common_tops: Sequence[int], unseen: Sequence[int] | None, holdings: Sequence[int],
           rules: RuleOptions) -> int:
    """The index in ``legal`` (correct destinations as the rules kernel lists them: a common
    pile's index, or ``~seat`` for a discard; :mod:`tutorial.engine.kernel`) that ``seat``
    picks. ``common_tops``: the common piles' top ranks; ``unseen``: per rank (index
    1–13) the cards the mover has not seen face up (only needed by ``lookahead``);
    ``holdings``: cards held per seat. Only ``random`` draws from ``rng``, and only when
    there is a choice."""
    if len(legal) == 1:
        return 0
    kind = seat.policy
    if kind is _LOWEST:
        return 0
    if kind is _RANDOM:
        return rng.randrange(len(legal))
    commons = [index for index, dest in enumerate(legal) if dest >= 0]
    if kind is _HIGHEST:
        return commons[-1] if commons else 0
    opponents = [index for index, dest in enumerate(legal) if dest < 0 and ~dest != mover]
    if opponents:
        return min(opponents, key=lambda index: (holdings[~legal[index]], index))
    if not commons:
        return 0
    assert unseen is not None
    fitting = [(), *(rules.fitting_ranks(rank) for rank in range(1, 14))]

    def exposed(index: int) -> tuple[int, int]:
        tops = list(common_tops)
        tops[legal[index]] = card_rank
        ranks = {other for top in tops for other in fitting[top]}
        return sum(unseen[rank] for rank in ranks), index

    return min(commons, key=exposed)
