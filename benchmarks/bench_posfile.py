"""Benchmark: reading position files with a long run of letters (not part of the test suite).

    python benchmarks/bench_posfile.py

Issue 17 measured, before the fix, a player name of 50,000 letters at 3.4 s, 100,000 at
9.8 s, 200,000 at 42 s and 1,000,000 at over ten minutes (the long-dotted-key guard was
quadratic). Target: linear, a 1 MB name well under a second.
"""

import contextlib
import time

from tutorial.app.explore.position_text import MAX_TEXT, from_link, link_value
from tutorial.engine.errors import PositionError
from tutorial.engine.posfile import loads

HEAD = 'players = ["A", "B", "C"]\nto_move = "A"\ncommons = [["5C"]]\n'


def best(text: str, tries: int = 3) -> float:
    times = []
    for _try in range(tries):
        start = time.process_time()
        with contextlib.suppress(PositionError):
            loads(text)
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    for size in (50_000, 100_000, 200_000, 1_000_000):
        name = "a" * size
        named = f'players = ["{name}", "B", "C"]\nto_move = "B"\ncommons = [["5C"]]\n[stocks]\nB = ["6H"]\n'
        comment = HEAD + "# " + name + "\n"
        print(f"{size:>9,} letters: as a name {best(named) * 1000:7.1f} ms, in a comment {best(comment) * 1000:7.1f} ms")
    text = HEAD + "# " + "a" * (MAX_TEXT - len(HEAD) - 3) + "\n"
    value = link_value(text)
    print(f"a {len(value)}-character pos= link unpacking to {len(text):,} characters: "
          f"{best(from_link(value) or '') * 1000:.1f} ms")


if __name__ == "__main__":
    main()
