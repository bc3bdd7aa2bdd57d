"""Benchmark: a live class room under load (issue 12; not part of the test suite; needs
Debian's chromium and the test extras).

    python benchmarks/bench_class.py [STUDENTS] [--json]

Starts the app (with Streamlit's Agent API switched on) on a free port with a fresh data
folder. The teacher is a real browser (headless Chromium): it opens a room and asks a
question. STUDENTS (default 40) students join: 3 in real browsers (they time how fast a student's
page follows the teacher's question and reveal), the others simulated through the Agent API,
each in its own Streamlit session (plain HTTP, as a browser's session but without drawing),
waiting a random 0–5 s and answering, all at once from a thread each. Reported:

- answers recorded in the store (read back from the SQLite file) against answers sent,
  and no student counted twice;
- the teacher's tally: for each answer, the time from the moment the server had
  recorded it to the moment the teacher's page showed a count that includes it (the page
  polls once a second); median, 95th percentile and maximum;
- memory: the server's resident memory before the students join and after they have all
  answered, per student;
- how long a student's join and answer took (median, 95th percentile).
"""

from __future__ import annotations

import json
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, settle  # noqa: E402
from tests.browser.server import start_app, stop_app  # noqa: E402

# A machine clicks at once: the guard that ignores clicks on controls shown too briefly
# for a person to have seen them (tutorial/app/shell/dwell.py) is off for the servers started here.
os.environ.setdefault("MUGGINS_MIN_SEEN_MS", "0")

WATCHERS = 3
"""Students in real browsers (the rest go through the Agent API)."""
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]


def post(base: str, body: dict) -> dict:
    request = urllib.request.Request(base + "/_stcore/agent/interact", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as answer:
        return json.loads(answer.read())


def key_of(snapshot: dict, prefix: str) -> str | None:
    """The key of the first action whose key starts with ``prefix``."""
    return next((action["key"] for action in snapshot.get("actions", []) if action["key"].startswith(prefix)), None)


def rss_kib(pid: int) -> int:
    """Resident memory of the process ``pid`` and its children (KiB), from /proc."""
    total = 0
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)
        if status.parent.name == str(pid) or fields.get("PPid", "").strip() == str(pid):
            total += int(fields.get("VmRSS", "0 kB").split()[0])
    return total


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


def student(base: str, code: str, number: int, asked: threading.Event, rng: random.Random) -> dict:
    """One simulated student: join, wait for the question, answer after a random pause."""
    started = time.monotonic()
    snapshot = post(base, {"page": "class", "query_params": {"room": [code]}})
    session = snapshot["session_id"]
    snapshot = post(base, {"session_id": session,
                           "widget_state": {"class-join-code": code, "class-join-name": f"student {number:02d}"},
                           "trigger": {"key": "FormSubmitter:class-join-Join"}})
    joined = time.monotonic() - started
    asked.wait(timeout=120)
    time.sleep(rng.uniform(0, 5))
    option = None
    for _ in range(50):  # the question reaches this session on its next run
        snapshot = post(base, {"session_id": session})
        option = key_of(snapshot, "class-option-1-")
        if option:
            break
        time.sleep(0.2)
    if option is None:
        return {"joined": joined, "answered": None, "error": "no question"}
    sent = time.monotonic()
    post(base, {"session_id": session, "trigger": {"key": option}})
    return {"joined": joined, "answer_seconds": time.monotonic() - sent, "recorded_at": time.monotonic()}


def main() -> int:
    count = int(next((arg for arg in sys.argv[1:] if arg.isdigit()), "40"))
    as_json = "--json" in sys.argv
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as folder:
        process, base = start_app(Path(folder), "--server.enableAgentApi", "true")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
                teacher = browser.new_context(viewport={"width": 1366, "height": 800}, locale="en-GB").new_page()
                teacher.goto(f"{base}/class?lang=en")
                settle(teacher)
                teacher.locator(".st-key-class-open button").click()
                teacher.wait_for_function("() => new URLSearchParams(location.search).has('teacher')")
                settle(teacher)
                code = re.search(r"room=([A-Z0-9]+)", teacher.url).group(1)
                watchers = []  # a few students in real browsers: how fast they follow the teacher
                for number in range(WATCHERS):
                    page = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB").new_page()
                    page.goto(f"{base}/class?room={code}")
                    settle(page)
                    page.locator(".st-key-class-join-name input").fill(f"watcher {number}")
                    page.get_by_role("button", name="Join").click()
                    page.wait_for_selector("text=has not asked a question yet")
                    watchers.append(page)
                before = rss_kib(process.pid)
                asked = threading.Event()
                with ThreadPoolExecutor(max_workers=count) as pool:
                    futures = [pool.submit(student, base, code, number, asked, random.Random(rng.random()))
                               for number in range(1, count - WATCHERS + 1)]
                    teacher.wait_for_function(
                        "(n) => document.body.innerText.includes(n + ' students have joined')", arg=count,
                        timeout=180_000)
                    clicked = time.monotonic()
                    teacher.locator(".st-key-class-ask button").click()
                    follow = []
                    for page in watchers:
                        page.wait_for_selector("[class*='st-key-class-option-1-']", timeout=30_000)
                        follow.append(time.monotonic() - clicked)
                    for page in watchers:
                        page.locator("[class*='st-key-class-option-1-'] button").first.click()
                    settle(teacher)
                    asked.set()
                    shown: list[tuple[float, int]] = []  # (time, answers the teacher's page shows)
                    deadline = time.monotonic() + 180
                    while time.monotonic() < deadline:
                        text = teacher.locator("[data-testid='stMain']").inner_text()
                        found = re.search(r"(\d+) of (\d+) have answered", text)
                        if found and (not shown or int(found.group(1)) != shown[-1][1]):
                            shown.append((time.monotonic(), int(found.group(1))))
                        if found and int(found.group(1)) >= count:
                            break
                        time.sleep(0.05)
                    results = [future.result() for future in futures]
                settle(teacher)
                clicked = time.monotonic()
                teacher.locator("[class*='st-key-class-reveal'] button").click()
                for page in watchers:
                    page.wait_for_selector("text=Your answer:", timeout=30_000)
                    follow.append(time.monotonic() - clicked)
                after = rss_kib(process.pid)
                browser.close()
        finally:
            stop_app(process)
        from tutorial.store import open_room_store

        rooms = open_room_store(Path(folder) / "data")
        import sqlite3

        with sqlite3.connect(Path(folder) / "data" / "muggins.sqlite3") as db:
            recorded = db.execute("SELECT COUNT(*), COUNT(DISTINCT student) FROM answers WHERE room = ?",
                                  (code,)).fetchone()
        del rooms
    answered = sorted(r["recorded_at"] for r in results if r.get("recorded_at"))  # the watchers' are not timed
    delays = []
    for index, at in enumerate(answered, start=1):
        seen = next((when for when, number in shown if number >= index + WATCHERS and when >= at - 0.05), None)
        if seen is not None:
            delays.append(max(0.0, seen - at))
    figures = {
        "students": count,
        "browser_students_follow_max_s": round(max(follow), 2),
        "answers_sent": len(answered) + WATCHERS,
        "answers_recorded": recorded[0],
        "distinct_students": recorded[1],
        "tally_delay_median_s": round(statistics.median(delays), 2) if delays else None,
        "tally_delay_p95_s": round(percentile(delays, 0.95), 2) if delays else None,
        "tally_delay_max_s": round(max(delays), 2) if delays else None,
        "tally_updates_seen": len(delays),
        "join_median_s": round(statistics.median(r["joined"] for r in results), 2),
        "answer_p95_s": round(percentile([r["answer_seconds"] for r in results if "answer_seconds" in r], 0.95), 2),
        "server_memory_before_mib": round(before / 1024, 1),
        "server_memory_after_mib": round(after / 1024, 1),
        "memory_per_student_kib": round((after - before) / (count - WATCHERS)),  # the Agent API's sessions
    }
    if as_json:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            print(f"{key:28} {value}")
    ok = figures["answers_recorded"] == count and figures["distinct_students"] == count
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
