"""Benchmark: time and bytes per click on the Practice page as a hand grows long
(not part of the test suite; needs Debian's chromium and the test extras).

    python benchmarks/bench_clicks.py [CLICKS]

Starts the app and, for comparison, a bare one-button Streamlit page, each on a
free port, and drives them with Playwright in headless Chromium. For hands
already 0, 1,000 and 5,000 decisions long (deal 3-2760, whose rule-perfect hand
runs 47,270 turns) it clicks the right pile CLICKS times (default 10) and
reports the median click-to-settled time and the bytes the server sent per
click (websocket frames). The hand log is closed, as it is until a learner
opens it, so neither figure should grow with the hand's length.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, settle  # noqa: E402
from tests.browser.server import start_app, stop_app  # noqa: E402

LENGTHS = (0, 1000, 5000)
BARE_APP = 'import streamlit as st\nst.button("Click", key="bare")\n'
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]


def measure(page, url: str, click, clicks: int, prepare=None) -> tuple[float, float]:
    """Open ``url``, run ``prepare(page)``, then click ``clicks`` times: median seconds from
    click to settled, and mean bytes the server sent per click."""
    received = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: received.append(len(payload))))
    page.goto(url)
    settle(page)
    if prepare is not None:
        prepare(page)
    times, sizes = [], []
    for _ in range(clicks):
        received.clear()
        start = time.perf_counter()
        click(page)
        settle(page, quiet_ms=150)
        times.append(time.perf_counter() - start - 0.15)
        sizes.append(sum(received))
    return statistics.median(times), statistics.mean(sizes)


def show_hints(page) -> None:
    """Switch on *Show where the card may go*: the right pile is then a primary button."""
    page.locator(".st-key-practice_hints label").click()
    settle(page)


def right_pile(page) -> None:
    """Click a right pile: on the drawn table the pile marked by the hints, else (text view)
    the highlighted button."""
    drawn = page.locator("button.mt-mark-legal")
    if drawn.count():
        drawn.first.click()
    else:
        page.locator("[class*='st-key-table-practice'] [data-testid='stBaseButton-primary']").first.click()


def main(clicks: int = 10) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "bare.py").write_text(BARE_APP)
        app, app_url = start_app(tmp)
        bare, bare_url = start_app(tmp, command=[sys.executable, "-m", "streamlit", "run", str(tmp / "bare.py")])
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
                bare_time, bare_bytes = measure(browser.new_page(), bare_url, lambda p: p.locator(".st-key-bare button").click(),
                                                clicks)
                print(f"bare one-button page: {bare_time * 1000:6.0f} ms per click, {bare_bytes / 1000:6.1f} kB per click")
                for view, extra in (("drawn table", ""), ("text view", "&table=text")):
                    for length in LENGTHS:
                        url = (f"{app_url}/practice?lang=en&deal=3-2760&game=coach.p1.h1.t100000{extra}"
                               + (f"&moves={moves(length)}" if length else ""))
                        seconds, size = measure(browser.new_page(), url, right_pile, clicks, prepare=show_hints)
                        print(f"practice ({view}), hand {length:5d} decisions long: {seconds * 1000:6.0f} ms per click "
                              f"({seconds / bare_time:4.1f}x the bare page), {size / 1000:6.1f} kB per click")
                browser.close()
        finally:
            stop_app(app)
            stop_app(bare)


def moves(length: int) -> str:
    """The address form of ``length`` rule-perfect placements."""
    from tutorial.engine import DealCode
    from tutorial.practice import PracticeGame, Settings

    game = PracticeGame(DealCode(3, 2760), settings=Settings(turn_limit=100_000))
    for _ in range(length):
        game.decide("best")
    return game.moves_text()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
