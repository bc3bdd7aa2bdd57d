"""The variant lab's results in words, without Streamlit: per study a table of numbers and what
they mean in sentences, the charts' data (:class:`ChartData`, drawn by the view) and the CSV,
every number in the learner's language (Babel). Issue 20's metrics and comparisons go here."""

from __future__ import annotations

import csv
import gettext
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from babel.numbers import format_decimal, format_percent

from tutorial import words
from tutorial.app.explore.model_variant import POLICY_NAMES, VARIANT_NAMES, own_name
from tutorial.explore.metrics import MEASURES, Difference, compare, measures
from tutorial.explore.players import Policy
from tutorial.explore.study import CountResult, StudyResult, csv_rows
from tutorial.measure_words import MeasureWords


@dataclass(frozen=True)
class ChartData:
    """One chart to draw: its ``title``, the ``rows`` (one dict per mark), the words of its
    fields (``labels``: axis, legend and tooltip titles by field name) and the variants'
    ``order`` (bars within a group and the legend in the form's order, in every language)."""

    title: str
    rows: list[dict[str, Any]]
    labels: dict[str, str]
    order: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Section:
    """One study's part of the results: its heading, its table (columns of formatted
    numbers) and what the numbers mean, in sentences."""

    heading: str
    table: dict[str, list[str]]
    meaning: tuple[str, ...]


class Results:
    """Finished studies in the learner's language: tables, sentences, charts' data, CSV."""

    def __init__(self, done: list[StudyResult], tr: gettext.NullTranslations, lang: str) -> None:
        self.done = done
        self.tr = tr
        self._ = tr.gettext
        self.lang = lang
        self.measure_words = MeasureWords(tr, lang)

    # ----- numbers in the learner's language -----------------------------------------------------
    def pct(self, value: float) -> str:
        """A share (0–1) as a percentage (``12.5%`` / ``12,5 %``)."""
        return words.percent(value, self.lang)

    def level(self) -> str:
        """The confidence level of every interval shown (95 %), as the language writes it."""
        return str(format_percent(0.95, locale=self.lang))

    def num(self, value: float, pattern: str = "#,##0.#") -> str:
        return str(format_decimal(value, pattern, locale=self.lang))

    def name(self, result: StudyResult) -> str:
        spec = result.spec
        return own_name(spec.name, self.tr) if spec.custom is not None else self._(VARIANT_NAMES[spec.variant])

    def order(self) -> list[str]:
        """The variants' names in the form's order."""
        return [self.name(result) for result in self.done]

    # ----- tables and sentences ---------------------------------------------------------------
    def sections(self) -> list[Section]:
        """One section per number of players: one table with a row per measure and a column per
        variant (its value and 95 % interval) and, with two variants, the difference and its
        test side by side; then what the numbers mean, in sentences."""
        return [self.section(players) for players in self.player_counts()]

    def studies_at(self, players: int) -> list[tuple[StudyResult, CountResult]]:
        return [(result, count) for result in self.done for count in result.counts if count.players == players]

    def section(self, players: int) -> Section:
        _ = self._
        said = self.measure_words
        studies = self.studies_at(players)
        challenger = any(result.spec.policy is not Policy.LOWEST for result, _count in studies)
        found = [measures(count, challenger=challenger) for _result, count in studies]
        ids = [name for name in MEASURES if name in found[0]]
        table: dict[str, list[str]] = {_("Measure"): [said.name(name) for name in ids]}
        for (result, _count), values in zip(studies, found, strict=True):
            table[self.name(result)] = [said.with_interval(values[name]) for name in ids]
        compared: list[Difference] = []
        if len(studies) == 2:
            first_count, second_count = studies[0][1], studies[1][1]
            compared = compare(first_count, second_count, challenger=challenger)
            by_id = {difference.id: difference for difference in compared}
            table[_("Difference ({level} interval)").format(level=self.level())] = [
                said.difference(by_id[name]) for name in ids]
            # the test's name would double the column's height on a phone: it is in the definitions
            table[_("Test")] = [said.p(by_id[name].p) for name in ids]
        table[_("Measure")] += [_("Turns: median · 90th percentile · longest"), _("Choices per hand"),
                                _("Recycles per hand")]
        for result, count in studies:
            table[self.name(result)] += [
                " · ".join(self.num(count.length[key]) for key in ("median", "p90", "max")),
                self.num(count.per_hand["choices"], "#,##0.0"), self.num(count.per_hand["recycles"], "#,##0.0")]
        for column in list(table)[1 + len(studies):]:
            table[column] += ["—"] * 3
        if len(studies) == 2:  # each study's own sentences say which variant they are about
            lines = [_("Under “{variant}”: {said}").format(variant=self.name(result), said=line)
                     for result, count in studies for line in self.meaning_of(result, count)]
            names = (self.name(studies[0][0]), self.name(studies[1][0]))
            sentences = [text for difference in compared
                         if (text := said.sentence(difference, names[0], names[1], players)) is not None]
            lines += sentences or [said.no_difference(names[0], names[1], players)]
            fairness = [difference for difference in compared if difference.id in ("balance", "first_mover")]
            if not any(difference.real for difference in fairness):  # the question is which is fairer
                lines.append(said.equally_fair(names[0], names[1], players))
        else:
            lines = list(dict.fromkeys(line for result, count in studies for line in self.meaning_of(result, count)))
        return Section(_("{players} players").format(players=players), table, tuple(lines))

    def definitions_heading(self) -> str:
        return self._("What the measures mean")

    def definitions(self) -> list[tuple[str, str]]:
        """Every measure's name and what it means (and which test compares it)."""
        said = self.measure_words
        challenger = any(result.spec.policy is not Policy.LOWEST for result in self.done)
        found = [(said.name(name), said.meaning(name)) for name in MEASURES if challenger or name != "choice"]
        found.append((self._("Intervals and tests"), self._(
            "Every interval is a {level} interval. Two variants are compared with Fisher's exact test for a share, "
            "Welch's t-test for a mean and the chi-square test of the seats' wins for balance; a difference is real "
            "when p is below 0.05.").format(level=self.level())))
        return found

    def meaning_of(self, result: StudyResult, count: CountResult) -> list[str]:
        """What the numbers of one study at one player count mean, in sentences."""
        _ = self._
        pct = self.pct
        policy = _(POLICY_NAMES[result.spec.policy])
        lines = []
        if count.draws_repetition.rate >= 0.05:
            lines.append(_("With {players} players, {share} of deals never finish: the same position comes round "
                           "again, and rule R7 ends the hand as a draw.").format(
                players=count.players, share=pct(count.draws_repetition.rate)))
        if count.draws_turn_limit.count:
            lines.append(_("With {players} players, {share} of hands were still running at the turn limit of "
                           "{limit} turns and were drawn (R7).").format(
                players=count.players, share=pct(count.draws_turn_limit.rate), limit=self.num(result.spec.max_turns)))
        if count.per_hand["choices"] < 0.05:
            lines.append(_("With {players} players a card hardly ever fits two common piles, so how you choose "
                           "cannot matter.").format(players=count.players))
        elif result.spec.policy is not Policy.LOWEST:
            share = count.challenger
            if share.low > count.fair:
                verdict = _("more than an even share ({fair}): here the choice matters.")
            elif share.high < count.fair:
                verdict = _("less than an even share ({fair}): this way of choosing hurts.")
            else:
                verdict = _("no clear difference from an even share ({fair}): the choice hardly matters here.")
            lines.append(_("With {players} players, a player who chooses by “{policy}” wins {rate} of hands "
                           "({level} interval: {low}–{high}) against players who always take the lowest-numbered pile (R8): ").format(
                level=self.level(),
                players=count.players, policy=policy, rate=pct(share.rate), low=pct(share.low),
                high=pct(share.high)) + verdict.format(fair=pct(count.fair)))
        return lines

    # ----- charts -------------------------------------------------------------------------------
    def vega_locale(self) -> dict[str, object]:
        """Vega-Lite's number format for the learner's language (a decimal comma in Spanish)."""
        return vega_locale(self.lang)

    def chart_headings(self) -> tuple[str, str, str, str]:
        """The heading of the charts, and of each kind: lengths, wins by seat, drawn hands."""
        _ = self._
        return (_("Charts"), _("How long hands last"),
                _("Wins by seat, with {level} intervals; the short line across each bar: an even share").format(
                    level=self.level()),
                _("Drawn hands by number of players"))

    def lengths(self, result: StudyResult) -> ChartData:
        """Hand length distribution of one study: the share of hands per length band (log
        scale), one line per number of players."""
        _ = self._
        rows: list[dict[str, Any]] = []
        for count in result.counts:
            bands: dict[int, int] = {}
            for length in count.lengths:
                band = math.floor(math.log10(max(length, 1)) * 8)
                bands[band] = bands.get(band, 0) + 1
            for band, hands in sorted(bands.items()):
                rows.append({"players": _("{players} players").format(players=count.players),
                             "turns": round(10 ** (band / 8)), "share": hands / count.hands})
        return ChartData(self.name(result), rows, {
            "turns": _("Turns in the hand (log scale)"), "share": _("Share of hands"), "players": _("Players"),
            "turns-tip": _("Turns"), "share-tip": _("Share")})

    def player_counts(self) -> list[int]:
        return sorted({count.players for result in self.done for count in result.counts})

    def seats(self, players: int) -> ChartData:
        """Wins by seat (seat 1 moves first) at one player count, a bar per compared variant,
        with 95 % intervals and each variant's even share (its undrawn hands / players)."""
        _ = self._
        rows = [{"variant": self.name(result), "seat": seat, "rate": share.rate, "low": share.low, "high": share.high,
                 "fair": count.fair}
                for result in self.done for count in result.counts if count.players == players
                for seat, share in enumerate(count.wins_by_seat, start=1)]
        return ChartData(_("{players} players").format(players=players), rows, {
            "seat": _("Seat (1 moves first)"), "rate": _("Hands won"), "variant": _("Variant"),
            "fair": _("An even share")}, self.order())

    def draws(self) -> ChartData:
        """The share of drawn hands per player count (repetition and turn limit in the tooltip)."""
        _ = self._
        rows = [{"variant": self.name(result), "players": count.players,
                 "drawn": count.draws_repetition.rate + count.draws_turn_limit.rate,
                 "repetition": count.draws_repetition.rate, "limit": count.draws_turn_limit.rate}
                for result in self.done for count in result.counts]
        return ChartData("", rows, {
            "players": _("Players"), "drawn": _("Share of hands drawn"), "variant": _("Variant"),
            "repetition": _("Drawn by repetition"), "limit": _("Drawn at the turn limit")}, self.order())

    # ----- the file -----------------------------------------------------------------------------
    def csv_label(self) -> str:
        return self._("Download the numbers (CSV)")

    def csv_bytes(self) -> bytes:
        return csv_bytes(self.done)


def csv_bytes(done: Sequence[StudyResult]) -> bytes:
    """The studies' numbers as a CSV file, UTF-8 with a byte-order mark as the class room's
    summary (a spreadsheet then reads its accents right)."""
    buffer = io.StringIO()
    rows = csv_rows(done)
    writer = csv.DictWriter(buffer, fieldnames=list(dict.fromkeys(key for row in rows for key in row)),
                            lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue().encode("utf-8-sig")


def vega_locale(lang: str) -> dict[str, object]:
    """Vega-Lite's number format for ``lang`` (a decimal comma in Spanish), for every chart of
    the explorer."""
    if lang == "es":
        return {"locale": {"number": {"decimal": ",", "thousands": ".", "grouping": [3], "currency": ["", " €"]}}}
    return {}
