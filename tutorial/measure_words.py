"""The variant measures (:mod:`tutorial.explore.metrics`) in words, in the learner's language:
their names, what each means, values with their intervals, p-values and the sentences that
compare two variants. Used by the variant lab (:mod:`tutorial.app.explore.model_results`) and by
``muggins stats``."""

from __future__ import annotations

import gettext

from babel.numbers import format_decimal

from . import words
from .explore.metrics import PACE, SHARES, Difference, Measure
from .i18n import N_

NAMES = {
    "balance": N_("Balance"),
    "first_mover": N_("First-mover advantage"),
    "decisive": N_("Decisiveness: hands won"),
    "repetition": N_("Drawn by repetition"),
    "turn_limit": N_("Drawn at the turn limit"),
    "turns": N_("Duration: turns per hand"),
    "minutes": N_("Duration: minutes per hand"),
    "penalty_cards": N_("Penalty load: penalty cards per hand"),
    "choice": N_("Does the choice matter: the challenger's edge"),
}
MEANINGS = {
    "balance": N_("1 − (the share of the won hands of the seat that wins most − that of the seat that wins least): 1 "
                  "when every seat wins as often, 0 when one seat wins everything."),
    "first_mover": N_("Seat 1 (who moves first) wins this much more of the won hands than an even share; tested "
                      "against the even share (exact binomial test)."),
    "decisive": N_("The share of hands that someone wins."),
    "repetition": N_("The share of hands drawn because a position came round again (R7)."),
    "turn_limit": N_("The share of hands drawn at the turn limit (R7)."),
    "turns": N_("Turns per hand, passes included: the mean over every hand, drawn ones included."),
    "minutes": N_("The same at {pace} seconds a turn, the pace of a table of people."),
    "penalty_cards": N_("Penalty cards given per hand (the mean)."),
    "choice": N_("How much more of all hands the challenger wins than an even share, choosing among correct piles by "
                 "the study's way against players who take the lowest-numbered pile (R8): whether decisions matter, as "
                 "game designers measure it by restricted play; tested against the even share (exact binomial test)."),
}
TESTS = {"fisher": N_("Fisher's exact test"), "welch": N_("Welch's t-test"), "chi-square": N_("chi-square test")}
MORE_LESS = {  # (more, less): a sentence part for each direction of a real difference
    "balance": (N_("the seats' wins are more even (balance {first} → {second})"),
                N_("the seats' wins are less even (balance {first} → {second})")),
    "first_mover": (N_("moving first is worth {amount} points more"), N_("moving first is worth {amount} points less")),
    "decisive": (N_("hands end with a winner {amount} points more often"),
                 N_("hands end with a winner {amount} points less often")),
    "repetition": (N_("hands are drawn by repetition {amount} points more often"),
                   N_("hands are drawn by repetition {amount} points less often")),
    "turn_limit": (N_("hands reach the turn limit {amount} points more often"),
                   N_("hands reach the turn limit {amount} points less often")),
    "turns": (N_("hands last {amount} turns longer"), N_("hands last {amount} turns less")),
    "penalty_cards": (N_("{amount} more penalty cards are given per hand"),
                      N_("{amount} fewer penalty cards are given per hand")),
    "choice": (N_("the challenger's edge is {amount} points larger"), N_("the challenger's edge is {amount} points smaller")),
}


class MeasureWords:
    """The measures in the language of ``tr`` (numbers as ``lang`` writes them)."""

    def __init__(self, tr: gettext.NullTranslations, lang: str) -> None:
        self.tr = tr
        self._ = tr.gettext
        self.lang = lang

    def name(self, measure: str) -> str:
        return self._(NAMES[measure])

    def meaning(self, measure: str) -> str:
        return self._(MEANINGS[measure]).format(pace=self.number(PACE))

    def test(self, test: str) -> str:
        return self._(TESTS[test])

    def number(self, value: float, pattern: str = "#,##0.##") -> str:
        return str(format_decimal(value, pattern, locale=self.lang))

    def percent(self, value: float) -> str:
        return words.percent(value, self.lang)

    def points(self, value: float, *, signed: bool = False) -> str:
        """A share difference in percentage points, one decimal (``+3.1``)."""
        rounded = round(value * 100, 1) or 0.0  # never "−0.0"
        text = self.number(rounded, "#,##0.0")
        return ("+" + text) if signed and rounded > 0 else text.replace("-", "−")

    def value(self, measure: str, value: float, *, signed: bool = False) -> str:
        """One value of ``measure``: a share in per cent, an advantage or an edge in points, a
        balance with two decimals, turns and minutes with one, penalty cards with two."""
        if measure in ("first_mover", "choice"):
            return self.points(value, signed=True) + " " + self._("points")
        if measure in SHARES:
            return self.percent(value)
        pattern = {"balance": "0.00", "turns": "#,##0.0", "minutes": "#,##0.0", "penalty_cards": "#,##0.00"}[measure]
        text = self.number(value, pattern).replace("-", "−")
        if text.strip("−0.,") == "":  # a value that rounds to nothing has no sign
            text = text.replace("−", "")
        return ("+" + text) if signed and value > 0 and text.strip("0.,") else text

    def with_interval(self, found: Measure) -> str:
        """``70.0% (67.9% to 71.9%)``; ``+1.1 points (−0.8 to +3.1)`` for an advantage or an edge."""
        if found.id in ("first_mover", "choice"):
            return self._("{value} points ({low} to {high})").format(
                value=self.points(found.value, signed=True), low=self.points(found.low, signed=True),
                high=self.points(found.high, signed=True))
        return self._("{value} ({low} to {high})").format(
            value=self.value(found.id, found.value), low=self.value(found.id, found.low),
            high=self.value(found.id, found.high))

    def difference(self, found: Difference) -> str:
        """``+27.4 points (25.3 to 29.5)`` for a share, ``−1,086.0 (−1,202.7 to −969.2)`` otherwise."""
        if found.id in SHARES:
            return self._("{value} points ({low} to {high})").format(
                value=self.points(found.difference, signed=True), low=self.points(found.low, signed=True),
                high=self.points(found.high, signed=True))
        return self._("{value} ({low} to {high})").format(
            value=self.value(found.id, found.difference, signed=True), low=self.value(found.id, found.low, signed=True),
            high=self.value(found.id, found.high, signed=True))

    def p(self, value: float) -> str:
        if value < 0.001:
            return self._("p < {value}").format(value=self.number(0.001, "0.###"))
        return self._("p = {value}").format(value=self.number(value, "0.###"))

    def sentence(self, found: Difference, first: str, second: str, players: int) -> str | None:
        """A real difference in a sentence (``None`` for one that is not real, or for minutes,
        which say the same as turns)."""
        if not found.real or found.id == "minutes" or found.difference == 0:
            return None
        more, less = MORE_LESS[found.id]
        if found.id == "balance":
            amount = ""
        elif found.id in SHARES:
            amount = self.points(abs(found.difference))
        else:
            amount = self.value(found.id, abs(found.difference))
        part = self._(more if found.difference > 0 else less).format(
            amount=amount, first=self.value("balance", found.first.value), second=self.value("balance", found.second.value))
        return self._("With {players} players, under “{second}” {part} than under “{first}”: the difference is real "
                      "({test}, {p}).").format(players=players, second=second, first=first, part=part,
                                               test=self.test(found.test), p=self.p(found.p))

    def no_difference(self, first: str, second: str, players: int) -> str:
        return self._("With {players} players, no measure differs clearly between “{first}” and “{second}”.").format(
            players=players, first=first, second=second)

    def equally_fair(self, first: str, second: str, players: int) -> str:
        """Neither variant is measurably fairer: balance and first-mover advantage do not differ."""
        return self._("With {players} players, neither “{first}” nor “{second}” is measurably fairer: their balance "
                      "and the first mover's advantage do not differ clearly.").format(players=players, first=first,
                                                                                      second=second)
