"""Benchmark: what a short practice link costs the server, and whether it slows another
visitor (issue 17 item 9; not part of the test suite; needs the test extras).

    python benchmarks/bench_links.py [LINKS] [--root FOLDER] [--worst] [--json]

Starts ``muggins app`` from FOLDER (default: this checkout; give an older checkout to
measure "before") with Streamlit's Agent API switched on, on a free port with a fresh
data folder, and opens Home and a practice page once (the first practice page of a server
costs seconds of imports). A visitor opens the Home page alone (idle, 5 times). Then LINKS (default 8)
sessions open, all at once, the 49-character practice link of issue 17 (deal 3-39, whose
rule-perfect hand runs 34,643 turns, with the highest turn limit the address may set and a
zlib-packed run of ``.`` decisions) through the Agent API (plain HTTP: a Streamlit session
each, as a browser's, without drawing); while they load, the visitor opens Home again
every 0.25 s. Reported: the visitor's Home load idle and under load (median, 90th percentile and worst),
each link's load time, and the server's resident memory before and after.

``--worst`` opens instead the costliest link the settings allow since issue 17: a 20-hand
match of deal 3-39 at the highest turn limit (2,000), every decision rule-perfect: 16,779
turns, all replayed (the moves are made here with this checkout's code).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.server import start_app, stop_app  # noqa: E402

HEAVY = {"lang": ["en"], "deal": ["3-39"], "game": ["coach.p1.h1.t100000"],
         "moves": ["~zeNrtwQENAAAAwqBG7x_PHG5AAQAAAAAAAAAAAADcG4SvG1M"]}
"""The link of issue 17: 11,547 rule-perfect decisions of deal 3-39 (34,643 turns) packed in 49 characters."""


def post(base: str, body: dict) -> dict:
    request = urllib.request.Request(base + "/_stcore/agent/interact", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=600) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as err:
        raise RuntimeError(f"{err}: {err.read()[:500]!r}") from None


def rss_mib(pid: int) -> float:
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024


def timed(base: str, body: dict) -> float:
    start = time.monotonic()
    post(base, body)
    return time.monotonic() - start


def worst_link() -> dict[str, list[str]]:
    """The practice link of the longest game the settings allow (see the module text)."""
    from tutorial.engine import DealCode
    from tutorial.practice import PracticeGame, Settings

    game = PracticeGame(DealCode(3, 39), settings=Settings(hands=20, turn_limit=2_000))
    while not game.match_over:
        game.decide("hand" if game.hand_over else "best")
    return {"lang": ["en"], "deal": ["3-39"], "game": [game.settings.to_text()], "moves": [game.moves_text()]}


def main() -> int:
    args = sys.argv[1:]
    links = int(next((arg for arg in args if arg.isdigit()), "8"))
    root = Path(args[args.index("--root") + 1]).resolve() if "--root" in args else ROOT
    os.environ["PYTHONPATH"] = str(root)  # the app under test runs from this checkout
    home = {"page": "home", "query_params": {"lang": ["en"]}}
    link = worst_link() if "--worst" in args else HEAVY
    with tempfile.TemporaryDirectory() as folder:
        process, base = start_app(Path(folder), "--server.enableAgentApi", "true")
        try:
            timed(base, home)  # warm up (imports, catalogs): the first practice page costs seconds once per server
            timed(base, {"page": "practice", "query_params": {"lang": ["en"], "deal": ["4-1234"]}})
            idle = [timed(base, home) for _ in range(5)]
            before = rss_mib(process.pid)
            done = threading.Event()
            busy: list[float] = []
            with ThreadPoolExecutor(max_workers=links) as pool:
                futures = [pool.submit(timed, base, {"page": "practice", "query_params": link}) for _ in range(links)]
                time.sleep(0.5)  # the links have started
                while not all(future.done() for future in futures) or not busy:
                    busy.append(timed(base, home))
                    time.sleep(0.25)
                loads = [future.result() for future in futures]
            done.set()
            after = rss_mib(process.pid)
        finally:
            stop_app(process)
    figures = {
        "root": str(root),
        "links": links,
        "link": "&".join(f"{key}={value[0]}" for key, value in link.items())[:120],
        "home_idle_median_s": round(statistics.median(idle), 3),
        "home_under_load_median_s": round(statistics.median(busy), 3),
        "home_under_load_p90_s": round(sorted(busy)[int(0.9 * (len(busy) - 1))], 3),
        "home_under_load_max_s": round(max(busy), 3),
        "home_loads_measured": len(busy),
        "link_load_median_s": round(statistics.median(loads), 2),
        "link_load_max_s": round(max(loads), 2),
        "server_memory_before_mib": round(before, 1),
        "server_memory_after_mib": round(after, 1),
    }
    if "--json" in args:
        print(json.dumps(figures, indent=2))
    else:
        for name, value in figures.items():
            print(f"{name:28s} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
