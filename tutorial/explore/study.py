"""Studies: many seeded hands under one variant, summed up per player count (docs/rules.md
§deal, §finish, R7, R8).

A study is fully described by a :class:`StudySpec`. Hand ``i`` at ``p`` players gets its
own deal seed and chance generator derived from ``(seed, variant, p, i)``, so the same
spec gives the same numbers whether it runs in one process, several, or on a cluster:
hands are played in chunks anywhere and put back in index order.

The *challenger* sits at one seat (seat ``i mod p`` in hand ``i``, counted from the
player to move first) and plays ``policy``; everybody else is an R8 player. With every
player making errors (``error_rate``) and calling them (``alertness``), penalty rules
matter too.
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import statistics
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, TypeVar

from ..engine.deal import MAX_SEED
from ..engine.errors import PositionError
from ..engine.variants import RuleOptions, variant
from ..words import cell
from .lean import Table, play
from .players import Policy, Seat, policy
from .summary import FINISHED, REPETITION, TURN_LIMIT

K = TypeVar("K")
R = TypeVar("R")

CUSTOM = "custom"
"""The variant id of rules of one's own (:attr:`StudySpec.custom`)."""
NAME_LIMIT = 40
"""At most this many characters in the name of rules of one's own."""
MAX_HANDS = 1_000_000
"""At most this many hands per player count in one study."""
DEFAULT_MAX_TURNS = 20_000
"""The agreed turn limit of a study's hands (R7); most hands end long before."""
CHUNK = 250
"""Hands per unit of work handed to a worker."""

Row = tuple[int, int, int, int, int, int, int, int, int]
"""One hand: reason, winner seat (-1 for a draw), turns, choices, recycles, errors,
calls, penalty cards, the challenger's seat."""


@dataclass(frozen=True, slots=True)
class StudySpec:
    """What to simulate.

    - ``players``: player counts (each one the variant deals for).
    - ``hands``: hands per player count, 1 to :data:`MAX_HANDS`.
    - ``seed``: any int ≥ 0; ``variant``: a :data:`~tutorial.engine.variants.VARIANTS` id, or
      :data:`CUSTOM` with ``custom``, rules of one's own (:class:`RuleOptions`), and their
      ``name`` (at most :data:`NAME_LIMIT` printable characters; may be empty).
    - ``policy``: the challenger's :class:`Policy`; ``error_rate``, ``alertness``: every
      player's (0–1).
    - ``max_turns``: the turn limit of each hand (R7), ≥ 1.

    Raises :class:`PositionError` (``unknown-variant``, ``unknown-policy``,
    ``player-count``, ``bad-field`` with ``field``) for values outside these.
    """

    players: tuple[int, ...]
    hands: int
    seed: int = 0
    variant: str = "standard"
    policy: Policy = Policy.LOWEST
    error_rate: float = 0.0
    alertness: float = 1.0
    max_turns: int = DEFAULT_MAX_TURNS
    custom: RuleOptions | None = None
    name: str = ""

    def __post_init__(self) -> None:
        if self.custom is not None:  # rules of one's own: their variant id is "custom"
            if self.variant != CUSTOM or not isinstance(self.custom, RuleOptions):
                raise PositionError("bad-field", field="custom")
            if not isinstance(self.name, str) or len(self.name) > NAME_LIMIT or not self.name.isprintable():
                raise PositionError("bad-field", field="name")
            object.__setattr__(self, "name", self.name.strip())  # a name of spaces is no name
        rules = self.rules
        object.__setattr__(self, "policy", policy(self.policy))
        object.__setattr__(self, "players", tuple(self.players))
        if not self.players or len(set(self.players)) != len(self.players):
            raise PositionError("bad-field", field="players")
        for count in self.players:
            rules.layout(count)
        checks = {
            "hands": isinstance(self.hands, int) and 1 <= self.hands <= MAX_HANDS,
            "seed": isinstance(self.seed, int) and self.seed >= 0,
            "error_rate": isinstance(self.error_rate, int | float) and 0 <= self.error_rate <= 1,
            "alertness": isinstance(self.alertness, int | float) and 0 <= self.alertness <= 1,
            "max_turns": isinstance(self.max_turns, int) and 1 <= self.max_turns <= 10_000_000,
        }
        for name, good in checks.items():
            if not good:
                raise PositionError("bad-field", field=name)

    @property
    def rules(self) -> RuleOptions:
        """The rules the study's hands are played by: its own, or its named variant's."""
        return self.custom if self.custom is not None else variant(self.variant).rules

    @property
    def label(self) -> str:
        """The variant as plain text outputs name it: its id, or a custom variant's name."""
        return (self.name or CUSTOM) if self.custom is not None else self.variant

    def seats(self, players: int, challenger: int) -> list[Seat]:
        """The players of a hand, counted from the player to move first."""
        base = Seat(error_rate=self.error_rate, alertness=self.alertness)
        seats = [base] * players
        seats[challenger] = Seat(self.policy, self.error_rate, self.alertness)
        return seats


def hand_seeds(spec: StudySpec, players: int, index: int) -> tuple[int, random.Random]:
    """Hand ``index``'s deal seed (0 ≤ seed < 10⁹) and chance generator."""
    rules = f"{CUSTOM}:{spec.custom.code()}" if spec.custom is not None else spec.variant
    base = f"{spec.seed}:{rules}:{players}:{index}"
    return random.Random(base).randrange(MAX_SEED), random.Random(base + ":play")


def play_hands(spec: StudySpec, players: int, start: int, stop: int) -> list[Row]:
    """Play hands ``start`` to ``stop - 1`` at ``players``; one :data:`Row` each."""
    rules = spec.rules
    rows: list[Row] = []
    for index in range(start, stop):
        seed, rng = hand_seeds(spec, players, index)
        table = Table.deal(players, seed, rules)
        challenger = index % players
        seats = spec.seats(players, challenger)
        ordered = seats[-table.to_move:] + seats[:-table.to_move] if table.to_move else seats  # seat order
        done = play(table, ordered, rng, rules=rules, max_turns=spec.max_turns)
        rows.append((done.reason, -1 if done.winner is None else done.winner, done.turns, done.choices,
                     done.recycles, done.errors, done.calls, done.penalty_cards, challenger))
    return rows


def chunks(spec: StudySpec) -> list[tuple[int, int, int]]:
    """The study's units of work: ``(players, start, stop)``."""
    return [(players, start, min(start + CHUNK, spec.hands))
            for players in spec.players for start in range(0, spec.hands, CHUNK)]


# ----- summing up ------------------------------------------------------------
def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of a proportion, as ``(low, high)`` in
    0–1; ``(0.0, 1.0)`` for no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    margin = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return max(0.0, (centre - margin) / scale), min(1.0, (centre + margin) / scale)


@dataclass(frozen=True, slots=True)
class Share:
    """``count`` out of ``of``, its ``rate`` (0–1) and 95 % interval ``low``–``high``."""

    count: int
    of: int
    rate: float
    low: float
    high: float

    @classmethod
    def of_(cls, count: int, total: int) -> Share:
        low, high = wilson(count, total)
        return cls(count, total, count / total if total else 0.0, low, high)


@dataclass(frozen=True, slots=True)
class CountResult:
    """A study's numbers at one player count (the JSON keys of ``muggins stats``).

    - ``players``, ``hands``.
    - ``wins``, ``draws_repetition``, ``draws_turn_limit``: :class:`Share` of hands.
    - ``length``: turns per hand over **every** hand, drawn ones included (a hand drawn at the
      turn limit counts the limit) — ``mean``, ``median``, ``p90``, ``max`` —, and
      ``finished_mean``: the mean over the hands won only (0 when none was).
    - ``wins_by_seat``: one :class:`Share` (of all hands) per seat, seat 1 moving first.
    - ``per_hand``: means per hand of ``choices`` (turns with a choice), ``recycles``,
      ``errors``, ``penalties`` (errors corrected and penalised), ``penalty_cards``.
    - ``challenger``: the challenger's wins (a :class:`Share` of all hands) and
      ``fair``: an even share of the hands won (wins ÷ hands ÷ players).
    - ``spread``: standard deviations per hand of ``length`` (turns) and ``penalty_cards``
      (for the intervals of :mod:`tutorial.explore.metrics`).
    - ``lengths``: every hand's length (for charts; left out of the JSON).
    """

    players: int
    hands: int
    wins: Share
    draws_repetition: Share
    draws_turn_limit: Share
    length: dict[str, float]
    wins_by_seat: tuple[Share, ...]
    per_hand: dict[str, float]
    challenger: Share
    fair: float
    spread: dict[str, float] = field(default_factory=dict)
    lengths: tuple[int, ...] = field(repr=False, default=())

    def as_dict(self) -> dict[str, object]:
        """JSON-ready, without ``lengths``."""
        data = asdict(self)
        data.pop("lengths")
        return data


def summarise(players: int, rows: Sequence[Row]) -> CountResult:
    """Sum up the rows of one player count."""
    hands = len(rows)
    reasons = [row[0] for row in rows]
    lengths = sorted(row[2] for row in rows)
    finished = [row[2] for row in rows if row[0] == FINISHED]
    won = reasons.count(FINISHED)
    by_seat = [0] * players
    challenger = 0
    for row in rows:
        if row[1] >= 0:
            by_seat[row[1]] += 1
            challenger += row[1] == row[8]
    p90 = lengths[min(hands - 1, math.ceil(0.9 * hands) - 1)] if hands else 0
    return CountResult(
        players=players, hands=hands,
        wins=Share.of_(won, hands),
        draws_repetition=Share.of_(reasons.count(REPETITION), hands),
        draws_turn_limit=Share.of_(reasons.count(TURN_LIMIT), hands),
        length={"mean": statistics.fmean(lengths) if lengths else 0.0,
                "median": float(statistics.median(lengths)) if lengths else 0.0,
                "p90": float(p90), "max": float(lengths[-1]) if lengths else 0.0,
                "finished_mean": statistics.fmean(finished) if finished else 0.0},
        wins_by_seat=tuple(Share.of_(count, hands) for count in by_seat),
        per_hand={name: (sum(row[column] for row in rows) / hands if hands else 0.0)
                  for name, column in (("choices", 3), ("recycles", 4), ("errors", 5), ("penalties", 6),
                                       ("penalty_cards", 7))},
        challenger=Share.of_(challenger, hands),
        fair=won / hands / players if hands else 0.0,
        spread={"length": statistics.stdev(lengths) if hands > 1 else 0.0,
                "penalty_cards": statistics.stdev(row[7] for row in rows) if hands > 1 else 0.0},
        lengths=tuple(lengths),
    )


@dataclass(frozen=True, slots=True)
class StudyResult:
    """A whole study: its ``spec`` and one :class:`CountResult` per player count."""

    spec: StudySpec
    counts: tuple[CountResult, ...]

    def as_dict(self) -> dict[str, object]:
        """The JSON of ``muggins stats --json``: ``spec`` and ``counts`` (see :class:`CountResult`)."""
        spec = asdict(self.spec)
        spec["custom"] = None if self.spec.custom is None else self.spec.custom.code()
        return {"spec": spec, "counts": [count.as_dict() for count in self.counts]}


def collect(spec: StudySpec, done: Iterable[tuple[tuple[int, int, int], list[Row]]]) -> StudyResult:
    """Put finished chunks (in any order) back together as a :class:`StudyResult`."""
    rows: dict[int, dict[int, list[Row]]] = {players: {} for players in spec.players}
    for (players, start, _stop), chunk in done:
        rows[players][start] = chunk
    return StudyResult(spec, tuple(
        summarise(players, [row for start in sorted(rows[players]) for row in rows[players][start]])
        for players in spec.players))


def run(spec: StudySpec, *, workers: int = 1, progress: Callable[[int, int], None] | None = None,
        scheduler: str | None = None) -> StudyResult:
    """Run ``spec`` on ``workers`` processes (1: in this one), or on the Dask distributed
    cluster whose scheduler is at ``scheduler`` (``tcp://host:8786``; needs the optional
    ``cluster`` extra). ``progress(done, total)`` is called after each chunk. The result
    does not depend on where the hands were played. Raises ``ImportError`` when Dask's
    ``distributed`` is not installed, ``OSError`` when the scheduler cannot be reached."""
    work = chunks(spec)
    done: list[tuple[tuple[int, int, int], list[Row]]] = []

    def finished(unit: tuple[int, int, int], rows: list[Row]) -> None:
        done.append((unit, rows))
        if progress:
            progress(len(done), len(work))

    if scheduler is not None:
        _run_on_cluster(spec, work, scheduler, finished)
    else:
        run_units(play_hands, [(spec, *unit) for unit in work], work, workers, finished)
    return collect(spec, done)


def run_units(work: Callable[..., R], calls: Sequence[tuple[Any, ...]], keys: Sequence[K], workers: int,
              finished: Callable[[K, R], None]) -> None:
    """Call ``work(*call)`` for every one of ``calls``, on ``workers`` processes (1: in this
    one), and ``finished(key, result)`` as each ends (in any order; ``keys[i]`` names
    ``calls[i]``). On an error, or when the caller's run is stopped, the calls not started are
    cancelled and it is raised."""
    if workers <= 1:
        for key, call in zip(keys, calls, strict=True):
            finished(key, work(*call))
        return
    import concurrent.futures
    import multiprocessing

    context = multiprocessing.get_context("forkserver")
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_follow,
                                                initargs=(os.getpid(),)) as pool:
        with _plain_main():  # the workers start as the first units are submitted
            futures = {pool.submit(work, *call): key for key, call in zip(keys, calls, strict=True)}
        try:
            for future in concurrent.futures.as_completed(futures):
                finished(futures[future], future.result())
        except BaseException:
            for future in futures:
                future.cancel()
            raise


ORPHAN_CHECK_SECONDS = 2.0


def _follow(parent: int) -> None:
    """In a worker: end when the process that asked for the work is gone (killed, say: a
    worker would otherwise play its hands for nobody, and wait for more)."""
    def watch() -> None:
        while True:
            time.sleep(ORPHAN_CHECK_SECONDS)
            try:
                os.kill(parent, 0)
            except ProcessLookupError:
                os._exit(1)
            except PermissionError:  # alive, another user's (cannot be ours)
                pass
    threading.Thread(target=watch, name="follow-parent", daemon=True).start()


@contextlib.contextmanager
def _plain_main() -> Iterator[None]:
    """While worker processes start, let ``__main__`` be this module.

    A new worker first imports the parent's ``__main__`` (by its module name, else by its
    file). Inside Streamlit, ``__main__`` is the app's page script, which would run again
    in every worker; this module is harmless to import."""
    main = sys.modules.get("__main__")
    sys.modules["__main__"] = sys.modules[__name__]
    try:
        yield
    finally:
        if main is not None:
            sys.modules["__main__"] = main


def _run_on_cluster(spec: StudySpec, work: list[tuple[int, int, int]], address: str,
                    finished: Callable[[tuple[int, int, int], list[Row]], None]) -> None:
    from distributed import Client, as_completed

    with Client(address, timeout=10) as client:
        client.wait_for_workers(1, timeout=30)  # a scheduler without workers would never answer
        futures = {client.submit(play_hands, spec, *unit, pure=False): unit for unit in work}
        try:
            for future in as_completed(futures):
                finished(futures[future], future.result())
        except BaseException:
            client.cancel(list(futures))
            raise


CSV_FIELDS = ["variant", "players", "hands", "wins", "draws_repetition", "draws_turn_limit", "length_mean",
              "length_median", "length_p90", "length_max", "length_finished_mean", "choices", "recycles", "errors", "penalties",
              "penalty_cards", "challenger_wins", "challenger_low", "challenger_high", "fair"]


def csv_rows(results: Sequence[StudyResult]) -> list[dict[str, object]]:
    """One CSV row per variant and player count (:data:`CSV_FIELDS`, then ``seat_N`` wins)."""
    rows = []
    for result in results:
        for count in result.counts:
            row: dict[str, object] = {
                "variant": cell(result.spec.label), "players": count.players, "hands": count.hands,
                "wins": count.wins.count, "draws_repetition": count.draws_repetition.count,
                "draws_turn_limit": count.draws_turn_limit.count,
                **{f"length_{key}": round(value, 2) for key, value in count.length.items()},
                **{key: round(value, 4) for key, value in count.per_hand.items()},
                "challenger_wins": count.challenger.count, "challenger_low": round(count.challenger.low, 4),
                "challenger_high": round(count.challenger.high, 4), "fair": round(count.fair, 4),
            }
            row.update({f"seat_{seat}": share.count for seat, share in enumerate(count.wins_by_seat, start=1)})
            rows.append(row)
    return rows
