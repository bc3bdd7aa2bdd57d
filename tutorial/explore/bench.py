"""``muggins bench``: how fast the engines play whole hands, against a floor timed in the
same run (a measurement script, not a test).

The *floor* (``benchmarks/floor.py``, read from the source checkout) is the least work a
hand of the source rules with R8 players needs, in the plainest code. Anything the lean path
does on top of it is overhead; the ratio says how much.
"""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from ..engine.deal import DealCode, deal
from ..engine.playout import playout
from ..engine.position import Position
from .lean import Table, play

FLOOR = Path(__file__).resolve().parents[2] / "benchmarks" / "floor.py"
"""Where the floor lives: ``benchmarks/floor.py`` of the source checkout (not installed)."""

Floor = Callable[[Table, int, bool], int]
"""``floor(table, max_turns, repetition)``: plays the hand, returns the turns played."""


def load_floor(path: Path = FLOOR) -> Floor:
    """The floor function of ``benchmarks/floor.py``. Raises ``FileNotFoundError`` when there
    is no such file (an installed package without its source checkout)."""
    if not path.is_file():
        raise FileNotFoundError(f"the benchmark floor is not here: {path} (muggins bench needs a source checkout)")
    spec = importlib.util.spec_from_file_location("muggins_benchmark_floor", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    found: Floor = module.floor
    return found


@dataclass(frozen=True, slots=True)
class Speed:
    """One measurement: ``hands`` and ``turns`` played in ``seconds`` of CPU time."""

    hands: int
    turns: int
    seconds: float

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    @property
    def turns_per_second(self) -> float:
        return self.turns / self.seconds if self.seconds else 0.0


Hands = Callable[[], list[Callable[[], int]]]
"""Makes one pass's hands afresh (tables are played in place): each plays a hand and returns its turns."""


def _best(makers: dict[str, Hands], repeats: int) -> dict[str, Speed]:
    """For each name, the fastest of ``repeats`` passes (the least disturbed one on a shared
    machine). The passes take turns (one of each, then again), so that a busy moment weighs
    on all alike; only the play is timed, not making the hands."""
    best: dict[str, Speed] = {}
    for _ in range(repeats):
        for name, make in makers.items():
            hands = make()
            turns = 0
            start = time.process_time()
            for hand in hands:
                turns += hand()
            seconds = time.process_time() - start
            if name not in best or seconds < best[name].seconds:
                best[name] = Speed(len(hands), turns, seconds)
    return best


def measure(players: int, hands: int, *, max_turns: int = 5_000, teaching: bool = False,
            repeats: int = 3) -> dict[str, Speed]:
    """Time ``hands`` seeded deals at ``players``: the lean path and the floor, with and
    without repetition detection (``max_turns`` ends hands that repeat), and the
    teaching engine's :func:`~tutorial.engine.playout.playout` (a tenth of the hands) when
    ``teaching``. Only the play is timed (the deals are made before each pass); each figure
    is the fastest of ``repeats`` passes."""
    floor = load_floor()
    seeds = range(hands)
    starts = [deal(DealCode(players, seed))[0] for seed in range(max(1, hands // 10))] if teaching else []

    def lean(repetition: bool) -> Hands:
        return lambda: [partial(_lean_turns, Table.deal(players, seed), max_turns, repetition) for seed in seeds]

    def plain(repetition: bool) -> Hands:
        return lambda: [partial(floor, Table.deal(players, seed), max_turns, repetition) for seed in seeds]

    makers = {"lean": lean(True), "floor": plain(True), "lean-no-repetition": lean(False),
              "floor-no-repetition": plain(False)}
    if teaching:
        makers["teaching"] = lambda: [partial(_playout_turns, start, max_turns) for start in starts]
    return _best(makers, repeats)


def _lean_turns(table: Table, max_turns: int, repetition: bool) -> int:
    return play(table, max_turns=max_turns, repetition=repetition).turns


def _playout_turns(start: Position, max_turns: int) -> int:
    return playout(start, max_turns=max_turns).turns


def two_commons_position(players: int = 4) -> Position:
    """The first position of seeded deals at ``players`` (rule-perfect play from the deal)
    whose turned card fits two common piles: the evaluation's benchmark case."""
    from ..engine.hand import Hand
    from ..engine.rules import lowest_pile

    for seed in range(1, 1000):
        hand = Hand(deal(DealCode(players, seed))[0])
        for _ in range(60):
            turned = hand.turn_up()
            if hand.over:
                break
            if turned is None:
                continue
            legal = hand.legal()
            if len(legal.dests) == 2 and legal.rule == "common-pile":
                return hand.position
            hand.play(lowest_pile(legal))
    raise LookupError("no position with two fitting common piles")


def measure_evaluation(hands: int = 2000, workers: int = 2, repeats: int = 3) -> tuple[Position, float]:
    """The position of :func:`two_commons_position` and the wall-clock seconds (the fastest of
    ``repeats``) to value every pile of it with ``hands`` playouts each on ``workers``
    processes (worker start-up included, as a page pays it)."""
    from .evaluate import EvalSpec, evaluate

    position = two_commons_position()
    best = float("inf")
    for repeat in range(repeats):
        start = time.perf_counter()
        evaluate(position, EvalSpec(hands=hands, seed=repeat), workers=workers)
        best = min(best, time.perf_counter() - start)
    return position, best
