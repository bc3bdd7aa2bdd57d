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
from pathlib import Path

from ..engine.deal import DealCode, deal
from ..engine.playout import playout
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


def _time(run, seeds: range) -> Speed:  # type: ignore[no-untyped-def]
    turns = 0
    start = time.process_time()
    for seed in seeds:
        turns += run(seed)
    return Speed(len(seeds), turns, time.process_time() - start)


def measure(players: int, hands: int, *, max_turns: int = 5_000, teaching: bool = False) -> dict[str, Speed]:
    """Time ``hands`` seeded deals at ``players``: the lean path and the floor, with and
    without repetition detection (``max_turns`` ends hands that repeat), and the
    teaching engine's :func:`~tutorial.engine.playout.playout` when ``teaching``."""
    floor = load_floor()
    seeds = range(hands)
    speeds = {
        "lean": _time(lambda s: play(Table.deal(players, s), max_turns=max_turns).turns, seeds),
        "floor": _time(lambda s: floor(Table.deal(players, s), max_turns, True), seeds),
        "lean-no-repetition": _time(
            lambda s: play(Table.deal(players, s), max_turns=max_turns, repetition=False).turns, seeds),
        "floor-no-repetition": _time(lambda s: floor(Table.deal(players, s), max_turns, False), seeds),
    }
    if teaching:
        speeds["teaching"] = _time(lambda s: playout(deal(DealCode(players, s))[0], max_turns=max_turns).turns,
                                   range(max(1, hands // 10)))
    return speeds
