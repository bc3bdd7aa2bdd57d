"""The variant lab's screen model, without Streamlit (issue 11).

Rule variants compared by simulating many seeded hands (:mod:`tutorial.explore.study`):
the settings (:class:`VariantSettings`, valid whatever a widget or an address sends), the
study's state (:class:`Phase`: asked, waiting for its turn in the server's line, running with
its progress, done, stopped, cut short) and finished results kept for everyone
(:class:`ResultStore`: the same settings and seed always give the same numbers). The results
in words, the charts' data and the CSV are :mod:`tutorial.app.explore.model_results`.
Issue 20 (rules of one's own, comparisons) adds to :class:`VariantSettings`.
"""

from __future__ import annotations

import functools
import gettext
import logging
import math
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import Any, Generic, TypeVar

from babel.numbers import format_percent

from tutorial import words
from tutorial.engine.errors import PositionError
from tutorial.engine.variants import STANDARD, VARIANTS, Opponents, PenaltyRule, RuleOptions, parse_rules
from tutorial.explore.players import Policy
from tutorial.explore.queue import Line, Ticket
from tutorial.explore.study import CUSTOM, DEFAULT_MAX_TURNS, NAME_LIMIT, StudyResult, StudySpec
from tutorial.explore.study import run as run_study
from tutorial.i18n import LANGUAGES, N_, translations

log = logging.getLogger(__name__)
K = TypeVar("K")
V = TypeVar("V")

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
LIMITS = {"hands": (10, 20_000), "seed": (0, 10**9 - 1), "errors": (0, 30), "alert": (0, 100),
          "max_turns": (50, DEFAULT_MAX_TURNS)}
"""The settings' ranges (hands per player count, seed, errors and alertness in per cent, the
turn limit of each hand)."""
OWN_DEAL = STANDARD.deal_code()
"""The deal of rules of one's own as a fresh form shows it: the source rules' (§counts)."""
DEAL_LIMIT = 120
"""At most this many characters in the deal of rules of one's own."""
DEFAULT_PLAYERS = 3
"""How many player counts a fresh form picks (the smallest, up to five players)."""


def _plain(text: str) -> str:
    """A name as a reader compares it: no spaces, no case, one form of each letter (full-width
    ``Ｔｅｓｔ`` reads as ``Test``)."""
    return "".join(unicodedata.normalize("NFKC", text).split()).casefold()


@functools.cache
def _taken_names() -> frozenset[str]:
    """What rules of one's own may not be called, in either language: a variant's name or id, the
    name they have without one, the results table's headings, the empty choice of *Compare with*.
    Called so, the results' table came out sideways (its columns are headed by names) and a link
    with ``vname=The source rules`` showed the rules' numbers under the source rules' name."""
    taken: set[str] = set()
    for lang in LANGUAGES:
        _ = translations(lang).gettext
        level = str(format_percent(0.95, locale=lang))
        taken |= {_(name) for name in VARIANT_NAMES.values()}
        taken |= {_("Rules of your own"), _("Measure"), _("Test"), _("nothing"), _("Variant"),
                  _("Difference ({level} interval)").format(level=level)}
    taken |= {*VARIANTS, CUSTOM}  # the ids the command line, the CSV and links name the variants by
    return frozenset(_plain(name) for name in taken)


def name_taken(name: str) -> bool:
    """Whether ``name`` would read as something else of the lab (:func:`_taken_names`)."""
    return bool(name.strip()) and _plain(name) in _taken_names()


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
    max_turns: int = DEFAULT_MAX_TURNS
    own_name: str = ""
    own_wrap: bool = False
    own_first: bool = True
    own_opponents: str = Opponents.NEAREST.value
    own_optional: bool = False
    own_penalty: str = PenaltyRule.EVERY_OTHER.value
    own_deal: str = OWN_DEAL

    # ----- rules of one's own (variant id :data:`CUSTOM`) ----------------------------------------
    def own_text(self) -> str:
        """The rules of one's own as text (:meth:`~tutorial.engine.variants.RuleOptions.code`),
        whether or not they are possible."""
        return (f"wrap={int(bool(self.own_wrap))};common-first={int(bool(self.own_first))};"
                f"opponents={self.own_opponents};optional={int(bool(self.own_optional))};"
                f"penalty={self.own_penalty};deal={self.own_deal}")

    def own_rules(self) -> RuleOptions | PositionError:
        """The rules of one's own, or the engine's reason they are impossible."""
        try:
            return parse_rules(self.own_text())
        except PositionError as err:
            return err

    def with_own(self, text: str, name: str = "") -> VariantSettings:
        """These settings with the rules of ``text`` as one's own (a shared link's), compared with
        variant ``a``; raises :class:`PositionError` for rules that cannot be read or played."""
        rules = parse_rules(text)
        return replace(self, b=CUSTOM, players=None, own_name=name[:NAME_LIMIT], own_wrap=rules.wrap,
                       own_first=rules.common_priority, own_opponents=rules.opponents.value,
                       own_optional=rules.opponent_optional, own_penalty=rules.penalty.value, own_deal=rules.deal_code()).checked()

    def uses_own(self) -> bool:
        return CUSTOM in (self.a, self.b)

    def rules_of(self, name: str) -> RuleOptions | None:
        """The rules of variant ``name`` (``None``: one's own rules, impossible as they are)."""
        if name == CUSTOM:
            found = self.own_rules()
            return found if isinstance(found, RuleOptions) else None
        return VARIANTS[name].rules

    def dealt(self) -> tuple[int, ...]:
        """The player counts both chosen variants deal for."""
        first = self.rules_of(self.a)
        counts = first.player_counts if first is not None else ()
        if self.b:
            second = self.rules_of(self.b)
            counts = tuple(count for count in counts if second is not None and count in second.player_counts)
        return tuple(counts)

    def checked(self) -> VariantSettings:
        """The same settings with every value in range (unknown variants: the source rules /
        none; counts not dealt dropped, a fresh form's picked; numbers clamped)."""
        a = self.a if self.a in VARIANTS or self.a == CUSTOM else "standard"
        b = self.b if self.b in VARIANTS or self.b == CUSTOM else ""
        own: dict[str, Any] = {
            "own_name": self.own_name.strip()[:NAME_LIMIT]
            if isinstance(self.own_name, str) and self.own_name.isprintable() and not name_taken(self.own_name) else "",
            "own_wrap": bool(self.own_wrap), "own_first": bool(self.own_first),
            "own_opponents": self.own_opponents if self.own_opponents in {o.value for o in Opponents}
            else Opponents.NEAREST.value,
            "own_optional": bool(self.own_optional),
            "own_penalty": self.own_penalty if self.own_penalty in {p.value for p in PenaltyRule}
            else PenaltyRule.EVERY_OTHER.value,
            "own_deal": " ".join(self.own_deal.split())[:DEAL_LIMIT] if isinstance(self.own_deal, str) else OWN_DEAL,
        }
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
        dealt = replace(self, a=a, b=b, **own).dealt()
        players: tuple[int, ...] | None
        if not dealt:  # none dealt (impossible rules): picked afresh once they are possible
            players = None
        elif self.players is None:
            players = tuple(count for count in dealt if count <= 5)[:DEFAULT_PLAYERS]
        else:
            players = tuple(sorted({count for count in self.players if isinstance(count, int) and count in dealt}))
        return VariantSettings(a, b, players, numbers["hands"], numbers["seed"], policy, numbers["errors"],
                               numbers["alert"], numbers["max_turns"], **own)

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
        own = settings.own_rules()
        return [StudySpec(players=settings.players, hands=settings.hands, seed=settings.seed, variant=name,
                          policy=settings.policy, error_rate=settings.errors / 100, alertness=settings.alert / 100,
                          max_turns=settings.max_turns,
                          custom=own if name == CUSTOM and isinstance(own, RuleOptions) else None,
                          name=settings.own_name if name == CUSTOM else "")
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
    the labels' language); ``linked``: the address's rules of one's own have been read (once per
    session), ``link_problem``: why they could not be used (said once); ``refused_name``: a name
    given to them that reads as something else (:func:`name_taken`), said while it stands."""

    settings: VariantSettings = field(default_factory=lambda: VariantSettings().checked())
    request: tuple[StudySpec, ...] | None = None
    running: tuple[StudySpec, ...] | None = None
    stopped: bool = False
    widgets: dict[str, str] = field(default_factory=dict)
    linked: bool = False
    link_problem: str | None = None
    refused_name: str = ""


class ResultStore(Generic[K, V]):
    """Finished work by what was asked (a :class:`StudySpec`, a position and its evaluation's
    settings …), the most recent :data:`KEEP` (shared by every session: the same settings and
    seed always give the same numbers)."""

    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        self._done: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        found = self._done.get(key)
        if found is not None:
            self._done.move_to_end(key)
        return found

    def put(self, key: K, result: V) -> None:
        self._done[key] = result
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

    def __init__(self, state: VariantLabState, tr: gettext.NullTranslations, lang: str,
                 store: ResultStore[StudySpec, StudyResult]) -> None:
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
        if name == "own_name":
            self.state.refused_name = value if isinstance(value, str) and name_taken(value) else ""
        self.state.settings = self.state.settings.changed(name, value)

    def name_problem(self) -> str | None:
        """Why the name given to one's own rules is not used, while it stands."""
        if not self.state.refused_name:
            return None
        return self._("“{name}” already names something on this page: your rules are called “{own}”. "
                      "Choose another name.").format(name=words.clip(self.state.refused_name.strip(), NAME_LIMIT),
                                                    own=own_name(self.settings.own_name, self.tr))

    def variant_names(self) -> dict[str, str]:
        """Every variant by id, named in the learner's language; rules of one's own last."""
        names = {name: self._(VARIANT_NAMES[name]) for name in VARIANTS}
        names[CUSTOM] = own_name(self.settings.own_name, self.tr)
        return names

    def spec_name(self, spec: StudySpec) -> str:
        """A study's variant, named in the learner's language."""
        return own_name(spec.name, self.tr) if spec.variant == CUSTOM else self._(VARIANT_NAMES[spec.variant])

    def played(self, name: str) -> str | None:
        """Where a variant is played so (``None`` for none); for rules of one's own, where to set them."""
        if name == CUSTOM:
            return self._("Set your rules below, under “Your rules”.")
        return self._(PLAYED[VARIANTS[name].played]) if name in VARIANTS else None

    def own_problem(self) -> str | None:
        """Why the rules of one's own cannot be played (the engine's reason), when they are chosen."""
        if not self.settings.uses_own():
            return None
        found = self.settings.own_rules()
        if isinstance(found, RuleOptions):
            return None
        return self._("These rules cannot be played: {reason}.").format(reason=words.position_error(found, self.tr))

    def own_link(self) -> dict[str, str] | None:
        """The address's part for rules of one's own (``rules``, ``vname``), when they are chosen
        and playable (a link then opens the variant lab with them)."""
        settings = self.settings
        found = settings.own_rules()
        if not settings.uses_own() or not isinstance(found, RuleOptions):
            return None
        return {"rules": found.code(), **({"vname": settings.own_name} if settings.own_name else {})}

    def take_link(self, rules: str | None, name: str | None) -> None:
        """A link's rules of one's own (once per session): compared with the form's first variant.
        Rules that cannot be read or played are said once and the form stays as it was."""
        if not rules or self.state.linked:
            return
        self.state.linked = True
        if name and name_taken(name):
            self.state.refused_name = name
        elif name and (len(name.strip()) > NAME_LIMIT or not name.isprintable()):
            self.state.link_problem = self._("The link's name for these rules was left out: a name has at most "
                                             "{limit} characters, and no control characters.").format(limit=NAME_LIMIT)
            name = ""
        try:
            self.state.settings = self.state.settings.with_own(rules, name or "")
        except PositionError as err:
            self.state.link_problem = self._("The link's rules could not be used: {reason}.").format(
                reason=words.position_error(err, self.tr))

    def take_link_problem(self, *, keep: bool = False) -> str | None:
        """Why the link's rules could not be used, said once (with ``keep``, again at the next run:
        the page's first run is drawn again when the browser's stored progress arrives)."""
        said = self.state.link_problem
        if not keep:
            self.state.link_problem = None
        return said

    def policy_names(self) -> dict[Policy, str]:
        return {policy: self._(POLICY_NAMES[policy]) for policy in Policy}

    def can_run(self) -> bool:
        """Whether *Run the study* is offered: rules that can be played, and at least one player
        count chosen."""
        return self.own_problem() is None and bool(self.settings.specs())

    def no_run_reason(self) -> str | None:
        if self.can_run():
            return None
        return self.own_problem() or self.no_common_deal() or self._("Choose at least one number of players.")

    def no_common_deal(self) -> str | None:
        """Why no number of players can be chosen: the two variants deal for none in common
        (a link's rules for 8 players only, compared with the source rules' 3 to 7)."""
        settings = self.settings
        if settings.dealt() or not settings.b:
            return None
        first, second = settings.rules_of(settings.a), settings.rules_of(settings.b)
        if first is None or second is None:
            return None
        names = self.variant_names()
        return self._("No number of players is dealt by both: “{a}” deals for {a_counts} players, “{b}” for "
                      "{b_counts}. Compare with another variant, or change the deal.").format(
            a=names[settings.a], a_counts=words.count_list(first.player_counts, self.lang),
            b=names[settings.b], b_counts=words.count_list(second.player_counts, self.lang))

    def run(self) -> None:
        """*Run the study*: ask for the studies the settings give."""
        self.state.request = tuple(self.settings.specs())
        self.state.running = None

    def can_stop(self) -> bool:
        return self.state.request is not None

    def stop(self) -> None:
        """*Stop*: the study is dropped (nothing of it kept), and the page says so once."""
        if self.state.request:
            log.info("study stopped: %s", ", ".join(spec.label for spec in self.state.request))
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
        """What the page says while a study waits for its turn (:func:`waiting_words`)."""
        return waiting_words(self.tr, ahead, wait)

    def simulate(self, specs: Sequence[StudySpec], queue: Line, owner: str, show: Callable[[Progress | None], None],
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
                name = self.spec_name(spec)
                show(Progress(Phase.RUNNING, self._("Simulating…")))

                def progress(count: int, parts: int, before: int = played, size: int = size, name: str = name) -> None:
                    queue.progress(ticket, (before + size * count / parts) / total)
                    show(Progress(Phase.RUNNING, self._("Simulating {variant}: {done} of {total} parts").format(
                        variant=name, done=count, total=parts), count / parts))

                log.info("study started: %s, %d hands", spec.label, size)
                self.store.put(spec, runner(spec, workers=WORKERS, progress=progress))
                played += size
                show(None)
            return True
        finally:
            queue.leave(ticket)


def waiting_words(tr: gettext.NullTranslations, ahead: int, wait: float | None) -> str:
    """What a page says while its work (a study, an evaluation) waits for its turn in the
    server's line: how many are before it and, once the server has timed one, about how long
    that takes."""
    n_ = tr.ngettext
    text = n_("Other studies are running on this server. Yours starts after {count} other study.",
              "Other studies are running on this server. Yours starts after {count} other studies.",
              ahead).format(count=ahead)
    if wait is None:
        return text
    minutes = max(1, math.ceil(wait / 60))
    return text + " " + n_("That should take about {minutes} minute.", "That should take about {minutes} minutes.",
                           minutes).format(minutes=minutes)


def own_name(name: str, tr: gettext.NullTranslations) -> str:
    """The name of rules of one's own: the learner's, else "Rules of your own"."""
    return name or tr.gettext("Rules of your own")
