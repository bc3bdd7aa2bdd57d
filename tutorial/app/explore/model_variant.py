"""The variant lab's screen model, without Streamlit (issue 11).

Rule variants compared by simulating many seeded hands (:mod:`tutorial.explore.study`):
the settings (:class:`VariantSettings`, validated whatever a widget or an address sends),
the study's state (:class:`Phase`: asked, waiting for its turn in the server's line,
running with its progress, done, stopped, cut short), finished results kept for everyone
(:class:`ResultStore`: the same settings and seed always give the same numbers), and the
results in words — tables, sentences and numbers in the learner's language (Babel) —, the
data of the charts (:class:`ChartData`, drawn by the view) and the CSV.
Issue 20 (metrics with intervals, comparisons with a significance test, rules of one's own)
adds to :class:`VariantSettings` and :class:`Results`.
"""

from __future__ import annotations

import csv
import gettext
import io
import logging
import math
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import Any

from babel.numbers import format_decimal, format_percent

from tutorial import words
from tutorial.engine.variants import VARIANTS
from tutorial.explore.players import Policy
from tutorial.explore.queue import StudyQueue, Ticket
from tutorial.explore.study import StudyResult, StudySpec, csv_rows
from tutorial.explore.study import run as run_study
from tutorial.i18n import N_

log = logging.getLogger(__name__)

VARIANT_NAMES = {
    "standard": N_("The source rules"),
    "swedish-16": N_("Three players, 16 cards each, four common piles"),
    "open-choice": N_("Open choice: any fitting pile, opponents optional"),
    "caller-pays": N_("Only the caller gives a penalty card"),
    "wrap": N_("King and ace fit (K–A wrap)"),
    "four-centre": N_("Four centre piles, 4 to 8 players"),
}
PLAYED = {
    "source": N_("The rules this app teaches (see the Rules page)."),
    "sweden": N_("As a Swedish rules page deals it for three players."),
    "online": N_("As an online version plays it: no priority for common piles, any fitting opponent, and playing on "
                 "an opponent is optional."),
    "family": N_("A family's house rule: only the player who called gives the offender a card."),
    "wrap": N_("A common house rule: ranks go round, so a king and an ace fit each other."),
    "children": N_("As a children's-games site deals it: 4 to 8 players, the cards left after the deal on four "
                   "centre piles."),
}
POLICY_NAMES = {
    Policy.LOWEST: N_("lowest-numbered pile (R8)"),
    Policy.HIGHEST: N_("highest-numbered pile"),
    Policy.RANDOM: N_("a pile at random"),
    Policy.LOOKAHEAD: N_("look-ahead: leave the next player least to fit"),
}
WORKERS = 2
KEEP = 40
"""Finished studies kept for reuse (all learners share them; they hold no personal data)."""
LIMITS = {"hands": (10, 20_000), "seed": (0, 10**9 - 1), "errors": (0, 30), "alert": (0, 100)}
"""The settings' ranges (hands per player count, seed, errors and alertness in per cent)."""
DEFAULT_PLAYERS = 3
"""How many player counts a fresh form picks (the smallest, up to five players)."""


# ----- settings ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class VariantSettings:
    """The form's values: variant ``a``, ``b`` to compare it with (``""``: none), the player
    counts (``None``: not chosen yet — the first few the variants deal), hands per count,
    seed, the challenger's ``policy``, ``errors`` and ``alert`` (per cent). Always valid:
    :meth:`changed` and :meth:`checked` bring any value back into range."""

    a: str = "standard"
    b: str = ""
    players: tuple[int, ...] | None = None
    hands: int = 1000
    seed: int = 0
    policy: Policy = Policy.LOWEST
    errors: int = 0
    alert: int = 100

    def dealt(self) -> tuple[int, ...]:
        """The player counts both chosen variants deal for."""
        counts = VARIANTS[self.a].rules.player_counts
        if self.b:
            counts = tuple(count for count in counts if count in VARIANTS[self.b].rules.player_counts)
        return tuple(counts)

    def checked(self) -> VariantSettings:
        """The same settings with every value in range (unknown variants: the source rules /
        none; counts not dealt dropped, a fresh form's picked; numbers clamped)."""
        a = self.a if self.a in VARIANTS else "standard"
        b = self.b if self.b in VARIANTS else ""
        numbers = {}
        for name, (low, high) in LIMITS.items():
            value = getattr(self, name)
            try:
                number = int(value)
            except (TypeError, ValueError, OverflowError):
                number = getattr(VariantSettings, name)
            numbers[name] = max(low, min(high, number))
        try:
            policy = Policy(self.policy)
        except ValueError:
            policy = Policy.LOWEST
        dealt = replace(self, a=a, b=b).dealt()
        if self.players is None:
            players = tuple(count for count in dealt if count <= 5)[:DEFAULT_PLAYERS]
        else:
            players = tuple(sorted({count for count in self.players if isinstance(count, int) and count in dealt}))
        return VariantSettings(a, b, players, numbers["hands"], numbers["seed"], policy, numbers["errors"],
                               numbers["alert"])

    def changed(self, name: str, value: object) -> VariantSettings:
        """These settings with ``name`` set to ``value``, checked."""
        if name not in {item.name for item in fields(self)}:
            raise KeyError(name)
        values: dict[str, Any] = {item.name: getattr(self, item.name) for item in fields(self)}
        if name == "players":
            value = tuple(value) if isinstance(value, list | tuple) else ()
        if name == "b":
            value = value or ""
        values[name] = value
        return VariantSettings(**values).checked()

    def specs(self) -> list[StudySpec]:
        """The studies these settings ask for (one per chosen variant; a variant compared with
        itself: once); empty without player counts."""
        settings = self.checked()
        if not settings.players:
            return []
        return [StudySpec(players=settings.players, hands=settings.hands, seed=settings.seed, variant=name,
                          policy=settings.policy, error_rate=settings.errors / 100, alertness=settings.alert / 100)
                for name in dict.fromkeys((settings.a, settings.b or None)) if name is not None]


# ----- the study's state ---------------------------------------------------------------------------
class Phase(StrEnum):
    """Where the lab's study stands."""

    IDLE = "idle"  # nothing asked
    ASKED = "asked"  # Run pressed: to run (or reuse) on this run of the page
    QUEUED = "queued"  # waiting for a place in the server's line
    RUNNING = "running"  # simulating, with its progress
    DONE = "done"  # results on show
    STOPPED = "stopped"  # Stop pressed: nothing kept
    INTERRUPTED = "interrupted"  # the page's run was cut short (another click, a language switch)


@dataclass
class VariantLabState:
    """The variant lab's state in a session (inside :class:`~tutorial.app.explore.model.ExplorerState`):
    the ``settings``; the studies asked for (``request``) and the ones a run of the page started
    on (``running``: still set at the next run means that run was cut short); ``stopped``: Stop
    was pressed (said once); ``widgets``: the form's widget key per setting (keys change with
    the labels' language)."""

    settings: VariantSettings = field(default_factory=lambda: VariantSettings().checked())
    request: tuple[StudySpec, ...] | None = None
    running: tuple[StudySpec, ...] | None = None
    stopped: bool = False
    widgets: dict[str, str] = field(default_factory=dict)


class ResultStore:
    """Finished studies by their settings, the most recent :data:`KEEP` (shared by every
    session: the same settings and seed always give the same numbers)."""

    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        self._done: OrderedDict[StudySpec, StudyResult] = OrderedDict()

    def get(self, spec: StudySpec) -> StudyResult | None:
        found = self._done.get(spec)
        if found is not None:
            self._done.move_to_end(spec)
        return found

    def put(self, spec: StudySpec, result: StudyResult) -> None:
        self._done[spec] = result
        while len(self._done) > self.keep:
            self._done.popitem(last=False)

    def __len__(self) -> int:
        return len(self._done)


@dataclass(frozen=True)
class Progress:
    """What the page shows while a study waits or runs: its ``phase`` (``QUEUED`` or
    ``RUNNING``), the words, and the share done of the current study (``RUNNING``)."""

    phase: Phase
    text: str
    done: float = 0.0


@dataclass(frozen=True)
class Plan:
    """What a run of the page does with the lab's study: its ``phase`` (``IDLE``, ``STOPPED``,
    ``INTERRUPTED``: nothing to run; ``ASKED``: to simulate first; ``DONE``: every result kept),
    a ``message`` to show first (``(tone, text)``: stopped, interrupted) and the ``specs``
    asked for (their results shown once done)."""

    phase: Phase
    message: tuple[str, str] | None
    specs: tuple[StudySpec, ...]


class VariantLab:
    """The variant lab of one session: ``state`` read and changed, words in the language of
    ``tr``, results kept in ``store`` (see the module text)."""

    def __init__(self, state: VariantLabState, tr: gettext.NullTranslations, lang: str, store: ResultStore) -> None:
        self.state = state
        self.tr = tr
        self._ = tr.gettext
        self.lang = lang
        self.store = store

    # ----- the form -----------------------------------------------------------------------
    @property
    def settings(self) -> VariantSettings:
        return self.state.settings

    def set(self, name: str, value: object) -> None:
        """A setting changed (any value: it is brought into range)."""
        self.state.settings = self.state.settings.changed(name, value)

    def variant_names(self) -> dict[str, str]:
        """Every variant by id, named in the learner's language."""
        return {name: self._(VARIANT_NAMES[name]) for name in VARIANTS}

    def played(self, name: str) -> str | None:
        """Where a variant is played so (``None`` for none)."""
        return self._(PLAYED[VARIANTS[name].played]) if name in VARIANTS else None

    def policy_names(self) -> dict[Policy, str]:
        return {policy: self._(POLICY_NAMES[policy]) for policy in Policy}

    def can_run(self) -> bool:
        """Whether *Run the study* is offered: at least one player count chosen."""
        return bool(self.settings.specs())

    def no_run_reason(self) -> str | None:
        return None if self.can_run() else self._("Choose at least one number of players.")

    def run(self) -> None:
        """*Run the study*: ask for the studies the settings give."""
        self.state.request = tuple(self.settings.specs())
        self.state.running = None

    def can_stop(self) -> bool:
        return self.state.request is not None

    def stop(self) -> None:
        """*Stop*: the study is dropped (nothing of it kept), and the page says so once."""
        if self.state.request:
            log.info("study stopped: %s", ", ".join(spec.variant for spec in self.state.request))
        self.state.request = None
        self.state.running = None
        self.state.stopped = True

    # ----- a run of the page ---------------------------------------------------------------------
    def plan(self) -> Plan:
        """What this run of the page does (see :class:`Plan`); marks the study as started by it."""
        state = self.state
        message = None
        if state.stopped:
            state.stopped = False
            message = ("warning", self._("Stopped. Nothing was kept from the unfinished study."))
        specs = state.request
        if specs and state.running == specs and any(self.store.get(spec) is None for spec in specs):
            # the last run started this study and was cut short (a language switch, another
            # click: Streamlit stops a run without letting it tidy up): never restart by itself
            state.request = state.running = None
            return Plan(Phase.INTERRUPTED, ("info", self._("The study was interrupted by another click. Press “Run the "
                                                           "study” to start it again.")), ())
        if not specs:
            return Plan(Phase.STOPPED if message else Phase.IDLE, message, ())
        state.running = specs
        pending = any(self.store.get(spec) is None for spec in specs)
        return Plan(Phase.ASKED if pending else Phase.DONE, message, specs)

    def finished_run(self) -> None:
        """The page's run got through the study (run or reused)."""
        self.state.running = None

    def done(self, specs: Sequence[StudySpec]) -> list[StudyResult]:
        """The kept results of ``specs``, in their order."""
        return [result for spec in specs if (result := self.store.get(spec)) is not None]

    def work(self, specs: Sequence[StudySpec]) -> int:
        """The hands a request still plays (what its place in the line is measured in)."""
        return sum(spec.hands * len(spec.players) for spec in specs if self.store.get(spec) is None)

    def waiting_words(self, ahead: int, wait: float | None) -> str:
        """What the page says while a study waits for its turn: how many are before it and, once
        the server has timed a study, about how long that takes."""
        n_ = self.tr.ngettext
        text = n_("Other studies are running on this server. Yours starts after {count} other study.",
                  "Other studies are running on this server. Yours starts after {count} other studies.",
                  ahead).format(count=ahead)
        if wait is None:
            return text
        minutes = max(1, math.ceil(wait / 60))
        return text + " " + n_("That should take about {minutes} minute.", "That should take about {minutes} minutes.",
                               minutes).format(minutes=minutes)

    def simulate(self, specs: Sequence[StudySpec], queue: StudyQueue, owner: str, show: Callable[[Progress | None], None],
                 pause: Callable[[float], None], *, poll: float = 0.5,
                 runner: Callable[..., StudyResult] = run_study) -> bool:
        """Wait for a place in the server's ``queue``, then run the studies not kept yet,
        telling ``show`` where they stand (``None``: nothing to show any more); the place is given
        up however this ends. ``pause(poll)`` between two looks at the line (each look shows the
        note again, so a click on Stop ends the wait). Returns whether the studies ran."""
        ticket: Ticket = queue.join(owner, self.work(specs))
        try:
            status = queue.status(ticket)
            while not status.may_run and status.ahead >= 0:
                show(Progress(Phase.QUEUED, self.waiting_words(status.ahead, status.wait)))
                pause(poll)
                status = queue.status(ticket)
            show(None)
            if not status.may_run:  # the place was given up (this session asked again meanwhile)
                return False
            total = max(1, self.work(specs))
            played = 0
            for spec in specs:
                if self.store.get(spec) is not None:  # run meanwhile for someone else
                    continue
                size = spec.hands * len(spec.players)
                name = self._(VARIANT_NAMES[spec.variant])
                show(Progress(Phase.RUNNING, self._("Simulating…")))

                def progress(count: int, parts: int, before: int = played, size: int = size, name: str = name) -> None:
                    queue.progress(ticket, (before + size * count / parts) / total)
                    show(Progress(Phase.RUNNING, self._("Simulating {variant}: {done} of {total} parts").format(
                        variant=name, done=count, total=parts), count / parts))

                log.info("study started: %s, %d hands", spec.variant, size)
                self.store.put(spec, runner(spec, workers=WORKERS, progress=progress))
                played += size
                show(None)
            return True
        finally:
            queue.leave(ticket)

    # ----- the results ---------------------------------------------------------------------------
    def results(self, done: Sequence[StudyResult]) -> Results:
        return Results(list(done), self.tr, self.lang)


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
        return self._(VARIANT_NAMES[result.spec.variant])

    def order(self) -> list[str]:
        """The variants' names in the form's order."""
        return [self.name(result) for result in self.done]

    # ----- tables and sentences ---------------------------------------------------------------
    def sections(self) -> list[Section]:
        return [Section(self.name(result), self.table(result), tuple(self.meaning(result))) for result in self.done]

    def table(self, result: StudyResult) -> dict[str, list[str]]:
        """One row per player count; the challenger's columns only when one plays."""
        _ = self._
        pct, num = self.pct, self.num
        challenger = result.spec.policy is not Policy.LOWEST
        columns: dict[str, list[str]] = {}
        for count in result.counts:
            row = {
                _("Players"): num(count.players),
                _("Won"): pct(count.wins.rate),
                _("Drawn by repetition"): pct(count.draws_repetition.rate),
                _("Drawn at the turn limit"): pct(count.draws_turn_limit.rate),
            }
            if challenger:
                row[_("Challenger won ({level} interval)").format(level=self.level())] = (
                    f"{pct(count.challenger.rate)} ({pct(count.challenger.low)}–{pct(count.challenger.high)})")
                row[_("Even share")] = pct(count.fair)
            row.update({
                _("Turns: mean"): num(count.length["mean"]), _("median"): num(count.length["median"]),
                _("90th percentile"): num(count.length["p90"]), _("longest"): num(count.length["max"]),
                _("Choices per hand"): num(count.per_hand["choices"]),
                _("Recycles per hand"): num(count.per_hand["recycles"]),
                _("Penalties per hand"): num(count.per_hand["penalties"], "#,##0.##"),
            })
            for key, text in row.items():
                columns.setdefault(key, []).append(text)
        return columns

    def meaning(self, result: StudyResult) -> list[str]:
        """What the numbers mean for players, in sentences."""
        _ = self._
        pct = self.pct
        policy = _(POLICY_NAMES[result.spec.policy])
        lines = []
        for count in result.counts:
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
        if self.lang == "es":
            return {"locale": {"number": {"decimal": ",", "thousands": ".", "grouping": [3], "currency": ["", " €"]}}}
        return {}

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
