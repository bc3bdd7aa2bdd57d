"""How long making a training exercise takes, per theme (issue 19: under 50 ms).

Run: ``python benchmarks/bench_training.py [SEEDS]`` (default 200 seeds per theme and
level). Prints, per theme, the median and the 99th percentile time to make one exercise
(``make_exercise``: drawing, the plausibility check and the step built through the lesson
path, with the engine recomputing its answer) and the mean draws thrown away."""

from __future__ import annotations

import statistics
import sys
import time

from tutorial.training.generate import make_exercise
from tutorial.training.themes import LEVELS, THEME_IDS


def main(seeds: int = 200) -> None:
    make_exercise("call", 1, 0)  # imports and caches warm
    worst = 0.0
    print(f"{'theme':18} {'median ms':>10} {'p99 ms':>8} {'max ms':>8} {'redraws':>8}")
    for theme in THEME_IDS:
        times, redraws = [], 0
        for level in range(1, LEVELS + 1):
            for seed in range(seeds):
                start = time.perf_counter()
                exercise = make_exercise(theme, level, seed)
                times.append((time.perf_counter() - start) * 1000)
                redraws += exercise.attempt
        times.sort()
        p99 = times[int(len(times) * 0.99) - 1]
        worst = max(worst, times[-1])
        print(f"{theme:18} {statistics.median(times):10.2f} {p99:8.2f} {times[-1]:8.2f} {redraws / len(times):8.2f}")
    print(f"slowest exercise: {worst:.1f} ms (target: under 50 ms)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
