"""The measures game designers use, per variant and player count, each with its 95 % interval,
and two variants compared measure by measure with a significance test (issue 20).

Every measure is read off a study's :class:`~tutorial.explore.study.CountResult`:

- **balance** — 1 − (the largest seat's share of the won hands − the smallest's), as Ludii
  reports it: 1 when every seat wins equally often, 0 when one seat wins everything. Interval:
  a seeded parametric bootstrap (the seats' wins drawn again from their shares, 2,000 times).
- **first-mover advantage** — seat 1's share of the won hands minus an even share (1 / players).
  Interval: Wilson's for seat 1's share, shifted; test: exact binomial against the even share.
- **decisiveness** — the share of hands someone wins (Wilson's interval).
- **drawishness** — the share drawn by repetition and the share drawn at the turn limit (R7).
- **duration** — turns per hand (mean, with the normal interval of a mean) and the minutes that
  is at :data:`PACE` seconds a turn.
- **penalty load** — penalty cards given per hand (mean, normal interval).
- **choice matters** — the challenger's share of all hands minus an even share: whether a player
  who chooses among correct piles by the study's policy does better than rule-perfect players
  who take the lowest-numbered pile (the restricted-play idea of Jaffe et al., AIIDE 2012). Only
  when the challenger plays another policy.

Two variants at one player count are compared per measure (:func:`compare`): the difference
(second minus first) with its 95 % interval and the p-value of a test from ``scipy.stats`` —
Fisher's exact test for a share (2×2 table: the hands with and without it in each variant;
Newcombe's interval for the difference, from the two Wilson intervals), Welch's t-test for a
mean (from the means, deviations and counts), and Pearson's chi-square test of the seats' wins
(2 × players table) for balance (its interval from the two bootstraps). A difference is *real*
when p < :data:`LEVEL`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .study import CountResult, Share, wilson

PACE = 3.0
"""Seconds a turn takes at a table of people (turn a card, find its place, put it down)."""
LEVEL = 0.05
Z = 1.959964
BOOTSTRAP = 2000
MEASURES = ("balance", "first_mover", "decisive", "repetition", "turn_limit", "turns", "minutes", "penalty_cards",
            "choice")
"""Every measure's id, in the order tables list them."""
SHARES = {"decisive", "repetition", "turn_limit", "first_mover", "choice"}
"""The measures that are shares (written as percentages; compared in percentage points)."""


@dataclass(frozen=True, slots=True)
class Measure:
    """One measure of one study at one player count: ``value`` and its 95 % interval
    ``low``–``high``; ``p``: the test of :data:`MEASURES`' text against its even value where
    there is one (first-mover advantage, choice matters), else ``None``."""

    id: str
    value: float
    low: float
    high: float
    p: float | None = None


@dataclass(frozen=True, slots=True)
class Difference:
    """One measure in two variants: ``first`` and ``second`` (their :class:`Measure`), the
    difference ``second − first`` with its interval, the ``test`` used and its ``p``."""

    id: str
    first: Measure
    second: Measure
    difference: float
    low: float
    high: float
    test: str
    p: float

    @property
    def real(self) -> bool:
        return self.p < LEVEL


def measures(count: CountResult, *, challenger: bool, seed: int = 0) -> dict[str, Measure]:
    """Every measure of :data:`MEASURES` for one player count (``choice`` only with a
    ``challenger`` playing another policy than R8)."""
    from scipy.stats import binomtest

    players, hands = count.players, count.hands
    won = count.wins.count
    even = 1 / players
    found: dict[str, Measure] = {}
    low, high = _percentiles(_bootstrap([share.count for share in count.wins_by_seat], seed))
    found["balance"] = Measure("balance", balance([share.count for share in count.wins_by_seat]), low, high)
    first = count.wins_by_seat[0].count
    share_low, share_high = wilson(first, won)
    found["first_mover"] = Measure("first_mover", (first / won if won else even) - even, share_low - even,
                                   share_high - even, float(binomtest(first, won, even).pvalue) if won else 1.0)
    for name, share in (("decisive", count.wins), ("repetition", count.draws_repetition),
                        ("turn_limit", count.draws_turn_limit)):
        found[name] = Measure(name, share.rate, share.low, share.high)
    mean, spread = count.length["mean"], count.spread.get("length", 0.0)
    margin = Z * spread / math.sqrt(hands) if hands else 0.0
    found["turns"] = Measure("turns", mean, mean - margin, mean + margin)
    found["minutes"] = Measure("minutes", mean * PACE / 60, (mean - margin) * PACE / 60, (mean + margin) * PACE / 60)
    load, load_spread = count.per_hand["penalty_cards"], count.spread.get("penalty_cards", 0.0)
    margin = Z * load_spread / math.sqrt(hands) if hands else 0.0
    found["penalty_cards"] = Measure("penalty_cards", load, max(0.0, load - margin), load + margin)
    if challenger:
        edge = count.challenger
        fair = count.fair
        p = float(binomtest(edge.count, hands, fair).pvalue) if hands and 0 < fair < 1 else 1.0
        found["choice"] = Measure("choice", edge.rate - fair, edge.low - fair, edge.high - fair, p)
    return found


def balance(wins: Sequence[int]) -> float:
    """1 − (the largest share of the won hands − the smallest); 1 with no hand won."""
    total = sum(wins)
    if not total:
        return 1.0
    return 1 - (max(wins) - min(wins)) / total


def _bootstrap(wins: Sequence[int], seed: int) -> list[float]:
    """:func:`balance` of :data:`BOOTSTRAP` seeded redraws of the seats' wins."""
    import numpy as np

    total = sum(wins)
    if not total:
        return [1.0] * BOOTSTRAP
    draws = np.random.default_rng(seed).multinomial(total, [count / total for count in wins], size=BOOTSTRAP)
    return [float(value) for value in 1 - (draws.max(axis=1) - draws.min(axis=1)) / total]


def _percentiles(values: Sequence[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return ordered[int(0.025 * len(ordered))], ordered[min(len(ordered) - 1, int(0.975 * len(ordered)))]


def compare(first: CountResult, second: CountResult, *, challenger: bool, seed: int = 0) -> list[Difference]:
    """Every measure of two studies at the same player count, second against first."""
    from scipy.stats import chi2_contingency, fisher_exact, ttest_ind_from_stats

    if first.players != second.players:
        raise ValueError("two studies compare at the same player count")
    a, b = measures(first, challenger=challenger, seed=seed), measures(second, challenger=challenger, seed=seed + 1)
    found = []
    seats_a, seats_b = [s.count for s in first.wins_by_seat], [s.count for s in second.wins_by_seat]
    if sum(seats_a) and sum(seats_b):
        table = [seats_a, seats_b]
        kept = [column for column in range(len(seats_a)) if seats_a[column] + seats_b[column]]
        p = float(chi2_contingency([[row[column] for column in kept] for row in table])[1]) if len(kept) > 1 else 1.0
    else:
        p = 1.0
    spread = [y - x for x, y in zip(_bootstrap(seats_a, seed), _bootstrap(seats_b, seed + 1), strict=True)]
    low, high = _percentiles(spread)
    found.append(Difference("balance", a["balance"], b["balance"], b["balance"].value - a["balance"].value, low, high,
                            "chi-square", p))
    won_a, won_b = first.wins.count, second.wins.count
    found.append(_shares("first_mover", a, b, (seats_a[0], won_a), (seats_b[0], won_b), fisher_exact))
    for name, share_a, share_b in (("decisive", first.wins, second.wins),
                                   ("repetition", first.draws_repetition, second.draws_repetition),
                                   ("turn_limit", first.draws_turn_limit, second.draws_turn_limit)):
        found.append(_shares(name, a, b, (share_a.count, share_a.of), (share_b.count, share_b.of), fisher_exact))
    for name, key, scale in (("turns", "length", 1.0), ("minutes", "length", PACE / 60),
                             ("penalty_cards", "penalty_cards", 1.0)):
        mean_a, mean_b = a[name].value, b[name].value
        sd_a, sd_b = first.spread.get(key, 0.0) * scale, second.spread.get(key, 0.0) * scale
        error = math.sqrt(sd_a ** 2 / first.hands + sd_b ** 2 / second.hands)
        if error:
            p = float(ttest_ind_from_stats(mean_b, sd_b, second.hands, mean_a, sd_a, first.hands, equal_var=False).pvalue)
        else:
            p = 1.0 if mean_a == mean_b else 0.0
        difference = mean_b - mean_a
        found.append(Difference(name, a[name], b[name], difference, difference - Z * error, difference + Z * error,
                                "welch", p))
    if challenger:
        found.append(_shares("choice", a, b, (first.challenger.count, first.hands),
                             (second.challenger.count, second.hands), fisher_exact))
    return found


def _shares(name: str, a: dict[str, Measure], b: dict[str, Measure], counts_a: tuple[int, int],
            counts_b: tuple[int, int], fisher_exact: Callable[..., Any]) -> Difference:
    """A share compared: Fisher's exact test on the 2×2 table, Newcombe's interval (method 10)
    for the difference of the shares. A measure that is a share less an even share (first-mover
    advantage, choice matters) moves by the difference of the even shares too, and so does its
    interval."""
    (x_a, n_a), (x_b, n_b) = counts_a, counts_b
    share_a, share_b = Share.of_(x_a, n_a), Share.of_(x_b, n_b)
    raw = share_b.rate - share_a.rate
    low = raw - math.sqrt((share_b.rate - share_b.low) ** 2 + (share_a.high - share_a.rate) ** 2)
    high = raw + math.sqrt((share_b.high - share_b.rate) ** 2 + (share_a.rate - share_a.low) ** 2)
    p = float(fisher_exact([[x_b, n_b - x_b], [x_a, n_a - x_a]]).pvalue) if n_a and n_b else 1.0
    difference = b[name].value - a[name].value
    moved = difference - raw
    return Difference(name, a[name], b[name], difference, low + moved, high + moved, "fisher", p)
