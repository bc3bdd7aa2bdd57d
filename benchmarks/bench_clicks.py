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
bytes the server sent per click: on the wire (counted by a relay between the browser
and the server: what a learner's connection carries, compressed as the app sends it) and
decoded (the websocket messages' own size). The hand log is closed, as it is until a learner
opens it, so neither figure should grow with the hand's length. Then the Training page: the
right answer to the exercise on screen and *Next exercise*, CLICKS times each (issue 19: a
training click as fast as a practice click). Last, the bytes of one
drawn-table click, message by message (what each of Streamlit's messages carries), so
what travels per click can be read off.
"""

from __future__ import annotations

import contextlib
import os
import socket
import statistics
import sys
import tempfile
import threading
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


class Relay:
    """A TCP relay on a free local port in front of ``port``, counting the bytes the server
    sends on the app's websocket (``sent``): what travels on the learner's connection per
    click, after any compression (pictures and scripts fetched as files are not counted:
    the browser keeps them)."""

    def __init__(self, port: int):
        self.target = port
        self.sent = 0
        self.lock = threading.Lock()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self) -> None:
        while True:
            client, _ = self.listener.accept()
            server = socket.create_connection(("127.0.0.1", self.target))
            flags = {"stream": False}
            threading.Thread(target=self.pump, args=(client, server, flags, False), daemon=True).start()
            threading.Thread(target=self.pump, args=(server, client, flags, True), daemon=True).start()

    def pump(self, source: socket.socket, sink: socket.socket, flags: dict, answers: bool) -> None:
        try:
            while data := source.recv(65536):
                if not answers and b"/_stcore/stream" in data[:200]:
                    flags["stream"] = True  # the websocket's opening request
                if answers and flags["stream"]:
                    with self.lock:
                        self.sent += len(data)
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)


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


def measure(page, url: str, selector: str, clicks: int, prepare=None, frames: list | None = None,
            relay: Relay | None = None) -> tuple[float, float, float]:
    """Open ``url``, run ``prepare(page)``, then click the element ``selector`` ``clicks``
    times from inside the page: median milliseconds from the click to the end of the
    script run it caused (as the page sees it: sent, run, every change drawn), the
    mean bytes of the websocket messages the server sent per click, and the mean bytes
    on the wire per click (through ``relay``; the decoded figure when there is none)."""
    received: list = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: received.append(payload)))
    page.goto(url)
    settle(page)
    if prepare is not None:
        prepare(page)
    page.evaluate(WATCH)
    times, sizes, wire = [], [], []
    for _ in range(clicks):
        received.clear()
        before = relay.sent if relay else 0
        start = page.evaluate(CLICK, selector)
        settle(page, quiet_ms=150)
        took = page.evaluate(DONE, start)
        if took is not None:
            times.append(took)
            sizes.append(sum(len(payload) for payload in received))
            wire.append(relay.sent - before if relay else sizes[-1])
            if frames is not None:
                frames[:] = received
    return statistics.median(times), statistics.mean(sizes), statistics.mean(wire)


def one_click(page, selector: str, received: list, relay: Relay | None) -> tuple[float, int, int] | None:
    """Click ``selector`` from inside the page: (milliseconds to the end of its run, bytes of
    messages, bytes on the wire), or ``None`` when no run was seen."""
    received.clear()
    before = relay.sent if relay else 0
    start = page.evaluate(CLICK, selector)
    settle(page, quiet_ms=150)
    took = page.evaluate(DONE, start)
    if took is None:
        return None
    size = sum(len(payload) for payload in received)
    return took, size, (relay.sent - before if relay else size)


def right_answer(code: str) -> str:
    """The selector of the right answer to the training exercise ``code`` (its pile on the
    drawn table, or its option's button)."""
    from tutorial.training.code import ExerciseCode
    from tutorial.training.generate import exercise_for

    step = exercise_for(ExerciseCode.parse(code)).step
    if step.kind == "place":
        return f"button[data-dest='{step.legal.dests[0]}']"
    return f"[class*='-option-{step.right[0]}'] button"


def measure_training(page, url: str, clicks: int, relay: Relay | None) -> tuple:
    """Training clicks: the right answer to the exercise on screen, then *Next exercise*, ``clicks``
    times each: (time, bytes, bytes on the wire) of the answers, then of *Next* (medians and means
    as :func:`measure`)."""
    from urllib.parse import parse_qs, urlsplit

    received: list = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: received.append(payload)))
    page.goto(url)
    settle(page)
    page.evaluate(WATCH)
    answers: list = []
    nexts: list = []
    for _ in range(clicks):
        code = parse_qs(urlsplit(page.url).query)["ex"][0]
        for selector, done in ((right_answer(code), answers), ("[class*='st-key-train-next'] button", nexts)):
            found = one_click(page, selector, received, relay)
            if found is not None:
                done.append(found)
            page.wait_for_timeout(100)
    return tuple((statistics.median(t for t, _, _ in done), statistics.mean(b for _, b, _ in done),
                  statistics.mean(w for _, _, w in done)) for done in (answers, nexts))


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
        relays = {url: Relay(int(url.rsplit(":", 1)[1])) for url in (app_url, bare_url)}
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
                bare_relay = relays[bare_url]
                bare_time, bare_bytes, bare_wire = measure(browser.new_page(), f"http://127.0.0.1:{bare_relay.port}",
                                                           ".st-key-bare button", clicks, relay=bare_relay)
                print(f"bare one-button page: {bare_time:6.0f} ms per click, {bare_wire / 1000:6.1f} kB per click on the "
                      f"wire ({bare_bytes / 1000:.1f} kB of messages)")
                last: list = []
                for view, extra in (("drawn table", ""), ("text view", "&table=text")):
                    for length in LENGTHS:
                        relay = relays[app_url]
                        url = (f"http://127.0.0.1:{relay.port}/practice?lang=en&deal=3-2760&game=coach.p1.h1.t2000{extra}"
                               + (f"&moves={moves(length)}" if length else ""))
                        took, size, wire = measure(browser.new_page(), url, RIGHT_PILE[view], clicks, prepare=show_hints,
                                                   frames=last if view == "drawn table" and not length else None,
                                                   relay=relay)
                        print(f"practice ({view}), hand {length:5d} decisions long: {took:6.0f} ms per click "
                              f"({took / bare_time:4.1f}x the bare page), {wire / 1000:6.1f} kB per click on the wire "
                              f"({size / 1000:.1f} kB of messages)")
                relay = relays[app_url]
                measured = measure_training(
                    browser.new_page(), f"http://127.0.0.1:{relay.port}/train?lang=en&ex=nearest-opponent.1.5", clicks, relay)
                for what, (took, size, wire) in zip(("an answer", "Next exercise"), measured, strict=True):
                    print(f"training ({what}): {took:6.0f} ms per click ({took / bare_time:4.1f}x the bare page), "
                          f"{wire / 1000:6.1f} kB per click on the wire ({size / 1000:.1f} kB of messages)")
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
