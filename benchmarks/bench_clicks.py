"""Benchmark: time and bytes per click on the Practice page as a hand grows long
(not part of the test suite; needs Debian's chromium and the test extras).

    python benchmarks/bench_clicks.py [CLICKS]

Starts the app and, for comparison, a bare one-button Streamlit page, each on a
free port, and drives them with Playwright in headless Chromium. For hands
already 0, 300 and 650 decisions long (deal 3-2760, whose rule-perfect hand runs
47,270 turns, at the highest turn limit a hand may have: 2,000 turns, about 666 of
the learner's decisions) it clicks the right pile CLICKS times (default 10) and
reports the median time from the click to the end of the script run it caused,
timed inside the page (a MutationObserver on Streamlit's script state), and the
bytes the server sent per click (websocket frames). The hand log is closed, as it is until a learner
opens it, so neither figure should grow with the hand's length. Last, the bytes of one
drawn-table click, message by message (what each of Streamlit's messages carries), so
what travels per click can be read off.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, settle  # noqa: E402
from tests.browser.server import start_app, stop_app  # noqa: E402

# A machine clicks at once: the guard that ignores clicks on controls shown too briefly
# for a person to have seen them (tutorial/app/shell/dwell.py) is off for the servers started here.
os.environ.setdefault("MUGGINS_MIN_SEEN_MS", "0")

LENGTHS = (0, 300, 650)
BARE_APP = 'import streamlit as st\nst.button("Click", key="bare")\n'
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]


WATCH = """() => {
    const app = document.querySelector("[data-testid='stApp']");
    window.__states = [];
    new MutationObserver(() => window.__states.push([performance.now(), app.getAttribute('data-test-script-state')]))
        .observe(app, { attributes: true, attributeFilter: ['data-test-script-state'] });
}"""
CLICK = """(selector) => {
    // the element, looked for in the page and inside components' shadow roots
    const find = (root) => root.querySelector(selector)
        || [...root.querySelectorAll('*')].map(e => e.shadowRoot && find(e.shadowRoot)).find(Boolean);
    const target = find(document);
    const start = performance.now();
    target.click();
    return start;
}"""
DONE = """(start) => {
    const after = window.__states.filter(([time]) => time >= start);
    const ran = after.findIndex(([, state]) => state === 'running');
    const done = after.slice(ran + 1).find(([, state]) => state === 'notRunning');
    return ran >= 0 && done ? done[0] - start : null;
}"""


def breakdown(frames: list) -> list[tuple[int, str]]:
    """The server's websocket messages of one click: (bytes, what) each, e.g.
    ``(2076, "bidi_component muggins_table: js 341, css 31, data 1485")``."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    out = []
    for frame in frames:
        data = frame if isinstance(frame, bytes) else frame.encode()
        message = ForwardMsg()
        message.ParseFromString(data)
        what = message.WhichOneof("type") or "?"
        if what == "delta":
            what = message.delta.WhichOneof("type") or "?"
            if what == "new_element":
                what = message.delta.new_element.WhichOneof("type") or "?"
                if what == "bidi_component":
                    part = message.delta.new_element.bidi_component
                    what += (f" {part.component_name}: js {len(part.js_content)}, css {len(part.css_content)},"
                             f" data {len(part.json) + len(part.bytes)}")
        out.append((len(data), what))
    return out


def measure(page, url: str, selector: str, clicks: int, prepare=None, frames: list | None = None) -> tuple[float, float]:
    """Open ``url``, run ``prepare(page)``, then click the element ``selector`` ``clicks``
    times from inside the page: median milliseconds from the click to the end of the
    script run it caused (as the page sees it: sent, run, every change drawn), and the
    mean bytes the server sent per click."""
    received: list = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: received.append(payload)))
    page.goto(url)
    settle(page)
    if prepare is not None:
        prepare(page)
    page.evaluate(WATCH)
    times, sizes = [], []
    for _ in range(clicks):
        received.clear()
        start = page.evaluate(CLICK, selector)
        settle(page, quiet_ms=150)
        took = page.evaluate(DONE, start)
        if took is not None:
            times.append(took)
            sizes.append(sum(len(payload) for payload in received))
            if frames is not None:
                frames[:] = received
    return statistics.median(times), statistics.mean(sizes)


def show_hints(page) -> None:
    """Switch on *Show where the card may go*: the right pile is then marked."""
    page.locator(".st-key-practice_hints label").click()
    settle(page)


RIGHT_PILE = {"drawn table": "button.mt-mark-legal",
              "text view": "[class*='st-key-table-practice'] [data-testid='stBaseButton-primary']"}


def main(clicks: int = 10) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "bare.py").write_text(BARE_APP)
        app, app_url = start_app(tmp)
        bare, bare_url = start_app(tmp, command=[sys.executable, "-m", "streamlit", "run", str(tmp / "bare.py")])
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
                bare_time, bare_bytes = measure(browser.new_page(), bare_url, ".st-key-bare button", clicks)
                print(f"bare one-button page: {bare_time:6.0f} ms per click, {bare_bytes / 1000:6.1f} kB per click")
                last: list = []
                for view, extra in (("drawn table", ""), ("text view", "&table=text")):
                    for length in LENGTHS:
                        url = (f"{app_url}/practice?lang=en&deal=3-2760&game=coach.p1.h1.t2000{extra}"
                               + (f"&moves={moves(length)}" if length else ""))
                        took, size = measure(browser.new_page(), url, RIGHT_PILE[view], clicks, prepare=show_hints,
                                             frames=last if view == "drawn table" and not length else None)
                        print(f"practice ({view}), hand {length:5d} decisions long: {took:6.0f} ms per click "
                              f"({took / bare_time:4.1f}x the bare page), {size / 1000:6.1f} kB per click")
                print("one drawn-table click, message by message (bytes):")
                for size, what in breakdown(last):
                    print(f"  {size:6d}  {what}")
                browser.close()
        finally:
            stop_app(app)
            stop_app(bare)


def moves(length: int) -> str:
    """The address form of ``length`` rule-perfect placements."""
    from tutorial.engine import DealCode
    from tutorial.practice import PracticeGame, Settings

    game = PracticeGame(DealCode(3, 2760), settings=Settings(turn_limit=2_000))
    for _ in range(length):
        game.decide("best")
    return game.moves_text()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
