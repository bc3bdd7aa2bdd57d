"""Benchmark: rule-perfect playouts of seeded deals (not part of the test suite).

    python benchmarks/bench_playout.py [HANDS_PER_COUNT]

Prints, for each player count, hands per second, turns per second and how the
hands ended. Target for the rules explorer: 1,000 three-player hands in under
a minute on one core of a CI machine.
"""

import sys
import time
from collections import Counter

from tutorial.engine import COUNTS, DealCode, deal, playout


def main(hands: int = 200) -> None:
    for players in sorted(COUNTS):
        reasons = Counter()
        turns = 0
        start = time.perf_counter()
        for seed in range(hands):
            outcome = playout(deal(DealCode(players, seed))[0])
            reasons[outcome.reason] += 1
            turns += outcome.turns
        seconds = time.perf_counter() - start
        print(f"{players} players: {hands / seconds:8.1f} hands/s  {turns / seconds:10.0f} turns/s  "
              f"{dict(reasons)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
