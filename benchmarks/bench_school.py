"""Benchmark: a school's load through ``muggins serve`` (issue 21; not part of the test suite;
needs Debian's postgresql and haproxy).

    python benchmarks/bench_school.py [--processes 1,2] [--learners 48] [--seconds 40] [--think 1.0] [--json]

For each process count: a PostgreSQL cluster of this machine (with ``pg_stat_statements``), then
``muggins serve --processes N --database-url …`` with Streamlit's Agent API switched on. Then
LEARNERS simulated learners, each a thread with a cookie jar of its own (so HAProxy keeps it on one
process, as a browser), all through the proxy:

- half practise: a Coach hand on the Practice page, clicking a pile (any: right or wrong),
  a new deal when the hand is over;
- half are a class (one teacher, who opens a room, then asks, reveals and moves on every
  few seconds): they join, their page looks for news every second (as the app's does), and
  they answer each question once.

Each learner waits THINK seconds (±50 %) between clicks. Reported per process count: clicks a
second (practice clicks, joins, answers; the page's polls are counted apart), click latency
(the time to the answered snapshot, i.e. the app's whole rerun: p50/p95/max), and the
database's share: the server's time in statements (``pg_stat_statements``) against the time the
clicks and polls took.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.server import stop_app, wait_for_line  # noqa: E402
from tutorial.deploy.local_postgres import LocalPostgres  # noqa: E402


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))] if ordered else float("nan")


class Agent:
    """One simulated browser: its own cookies (HAProxy's stickiness) and Agent API session."""

    def __init__(self, base: str, log: Log, kind: str):
        self.base, self.log, self.kind = base, log, kind
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.session: str | None = None
        self.snapshot: dict = {}

    def post(self, body: dict, what: str) -> dict:
        if self.session:
            body = {"session_id": self.session, **body}
        request = urllib.request.Request(self.base + "/_stcore/agent/interact", data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        started = time.monotonic()
        try:
            with self.opener.open(request, timeout=120) as answer:
                self.snapshot = json.loads(answer.read())
        except OSError as err:
            body = err.read()[:200] if isinstance(err, urllib.error.HTTPError) else b""
            self.log.fail(what, f"{err} {body!r}")
            raise
        self.log.note(what, time.monotonic() - started)
        self.session = self.snapshot.get("session_id", self.session)
        return self.snapshot

    def keys(self, prefix: str) -> list[str]:
        """The buttons on the page whose keys start with ``prefix``."""
        return [a["key"] for a in self.snapshot.get("actions", [])
                if a.get("key", "").startswith(prefix) and a.get("type") == "button"]


class Log:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = {}
        self.failures: list[str] = []
        self.counting = False

    def note(self, what: str, seconds: float) -> None:
        if self.counting:
            with self.lock:
                self.times.setdefault(what, []).append(seconds)

    def fail(self, what: str, err: object) -> None:
        with self.lock:
            self.failures.append(f"{what}: {err}")


def practise(base: str, log: Log, stop: threading.Event, rng: random.Random, think: float) -> None:
    me = Agent(base, log, "practice")
    me.post({"page": "practice", "query_params": {"deal": [f"4-{rng.randrange(1, 99999)}"], "table": ["text"],
                                                   "lang": ["en"]}}, "open")
    while not stop.is_set():
        time.sleep(think * rng.uniform(0.5, 1.5))
        piles = me.keys("practice-common-") + me.keys("practice-discard-")
        go_on = me.keys("practice-next") + me.keys("practice-skip") + me.keys("practice-go-on")
        try:
            if piles:
                me.post({"trigger": {"key": rng.choice(piles)}}, "pile")
            elif go_on:
                me.post({"trigger": {"key": go_on[0]}}, "click")
            else:
                me.post({"trigger": {"key": me.keys("practice-new")[0]}} if me.keys("practice-new") else {}, "click")
        except OSError:
            time.sleep(1)


def teach(base: str, log: Log, stop: threading.Event, room: list[str], ready: threading.Event, period: float) -> None:
    me = Agent(base, log, "teacher")
    me.post({"page": "class", "query_params": {"lang": ["en"]}}, "open")
    me.post({"trigger": {"key": me.keys("class-open")[0]}}, "teacher")
    room.append(me.snapshot["query_params"]["room"][0])
    ready.set()
    while not stop.is_set():
        stop.wait(period)
        try:
            for prefix in ("class-ask", "class-reveal", "class-next"):
                keys = me.keys(prefix)
                if keys:
                    me.post({"trigger": {"key": keys[0]}}, "teacher")
                    break
            else:
                me.post({}, "teacher")
        except OSError:
            continue


def attend(base: str, log: Log, stop: threading.Event, code: str, number: int, rng: random.Random, think: float) -> None:
    me = Agent(base, log, "student")
    try:
        me.post({"page": "class", "query_params": {"room": [code]}}, "open")
        me.post({"widget_state": {"class-join-code": code, "class-join-name": f"learner {number:03d}"},
                 "trigger": {"key": "FormSubmitter:class-join-Join"}}, "join")
    except OSError:
        return
    answered: set[str] = set()
    while not stop.is_set():
        time.sleep(1.0)
        try:
            me.post({}, "poll")
            options = [k for k in me.keys("class-option-") if k.split("-")[2] not in answered]
            if options:
                time.sleep(think * rng.uniform(0.5, 1.5))
                me.post({"trigger": {"key": rng.choice(options)}}, "answer")
                answered.add(options[0].split("-")[2])
        except OSError:
            time.sleep(1)


def run(processes: int, learners: int, seconds: float, think: float) -> dict:
    folder = Path(tempfile.mkdtemp(prefix="muggins-bench-"))
    above = tempfile.mkdtemp(prefix="muggins-bench-pg-")
    os.chmod(above, 0o755)  # the server's user passes through (root's serve makes the cluster's folder new)
    cluster = LocalPostgres(os.path.join(above, "pg"), settings=["shared_preload_libraries=pg_stat_statements", "max_connections=300"])
    serve: subprocess.Popen | None = None
    stop = threading.Event()
    threads: list[threading.Thread] = []
    try:  # whatever ends the run (its end, an error, Ctrl+C, SIGTERM), the servers it started stop
        cluster.start()
        url = cluster.create_database("muggins")
        import psycopg

        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        port, first = free_port(), free_port()
        while port in range(first, first + processes):
            first = free_port()
        env = {**os.environ, "STREAMLIT_SERVER_ENABLE_AGENT_API": "true", "STREAMLIT_SERVER_AGENT_MAX_SESSIONS": "1000",
               "MUGGINS_MIN_SEEN_MS": "0", "MUGGINS_DATA_DIR": str(folder / "data"),
               # every simulated learner comes from this machine's one address: the limits per address off
               "MUGGINS_ADDRESS_RUNS": "0", "MUGGINS_ADDRESS_SESSIONS": "0"}
        said = folder / "serve.out"
        with open(said, "wb") as out:
            serve = subprocess.Popen([sys.executable, "-m", "tutorial", "serve", "--processes", str(processes),
                                      "--address", "127.0.0.1", "--port", str(port), "--first-app-port", str(first),
                                      "--database-url", url, "--run-dir", str(folder / "run")],
                                     env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                     start_new_session=True)
        wait_for_line(said, serve, "Muggins Tutor is at http", 180)
        base = f"http://127.0.0.1:{port}"
        log, rng = Log(), random.Random(2026)
        room: list[str] = []
        ready = threading.Event()
        threads.append(threading.Thread(target=teach, args=(base, log, stop, room, ready, 6.0), daemon=True))
        threads[0].start()
        if not ready.wait(120) or not room:
            raise RuntimeError("the teacher's class room did not open within 120 s")
        for number in range(learners):
            if number % 2:
                target = (attend, (base, log, stop, room[0], number, random.Random(rng.random()), think))
            else:
                target = (practise, (base, log, stop, random.Random(rng.random()), think))
            threads.append(threading.Thread(target=target[0], args=target[1], daemon=True))
            threads[-1].start()
        time.sleep(10)  # every learner has joined or opened a hand
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("SELECT pg_stat_statements_reset()")
        log.counting = True
        started, cpu = time.monotonic(), time.process_time()
        time.sleep(seconds)
        log.counting = False
        elapsed, cpu = time.monotonic() - started, time.process_time() - cpu
        with psycopg.connect(url, autocommit=True) as conn:
            db_ms, calls = conn.execute("SELECT COALESCE(SUM(total_exec_time), 0), COALESCE(SUM(calls), 0) FROM pg_stat_statements "
                                        "WHERE query NOT ILIKE '%pg_stat_statements%'").fetchone()
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        if serve is not None:
            stop_app(serve, seconds=60)
        cluster.stop("immediate")
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(above, ignore_errors=True)
    clicks = [t for what in ("pile", "answer", "join", "click") for t in log.times.get(what, [])]
    polls = log.times.get("poll", [])
    request_s = sum(clicks) + sum(polls) + sum(log.times.get("teacher", []))
    return {
        "processes": processes, "learners": learners, "seconds": round(elapsed, 1), "think_s": think,
        "clicks": len(clicks), "clicks_per_s": round(len(clicks) / elapsed, 1),
        "practice_clicks": len(log.times.get("pile", [])), "answers": len(log.times.get("answer", [])),
        "load_generator_cpu_share": round(cpu / elapsed / (os.cpu_count() or 1), 3),
        "polls_per_s": round(len(polls) / elapsed, 1),
        "requests_per_s": round((len(clicks) + len(polls) + len(log.times.get("teacher", []))) / elapsed, 1),
        "click_p50_ms": round(1000 * statistics.median(clicks)) if clicks else None,
        "click_p95_ms": round(1000 * percentile(clicks, 0.95)) if clicks else None,
        "click_max_ms": round(1000 * max(clicks)) if clicks else None,
        "poll_p50_ms": round(1000 * statistics.median(polls)) if polls else None,
        "db_statements": int(calls), "db_ms": round(float(db_ms)),
        "db_ms_per_request": round(float(db_ms) / max(1, len(clicks) + len(polls) + len(log.times.get("teacher", []))), 2),
        "db_share": round(float(db_ms) / 1000 / request_s, 4) if request_s else None,
        "failures": len(log.failures), "first_failures": log.failures[:3],
    }


def interrupted(signum: int, _frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")  # SIGTERM as Ctrl+C: run()'s servers are stopped on the way out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_school.py", description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("--processes", default="1,2", help="app process counts to measure, comma-separated (default 1,2)")
    parser.add_argument("--learners", type=int, default=48, help="simulated learners, half practising, half a class (default 48)")
    parser.add_argument("--seconds", type=float, default=40.0, help="seconds measured per process count (default 40)")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a learner waits between clicks, ±50 %% (default 1.0)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    try:
        counts = [int(n) for n in args.processes.split(",")]
    except ValueError:
        parser.error(f"--processes: whole numbers separated by commas, not {args.processes!r}")
    signal.signal(signal.SIGTERM, interrupted)
    results = [run(n, args.learners, args.seconds, args.think) for n in counts]
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        for r in results:
            print(f"{r['processes']} process(es), {r['learners']} learners, think {r['think_s']} s: "
                  f"{r['clicks_per_s']} clicks/s (+{r['polls_per_s']} polls/s), click p50 {r['click_p50_ms']} ms, "
                  f"p95 {r['click_p95_ms']} ms, max {r['click_max_ms']} ms; database {r['db_ms']} ms in "
                  f"{r['db_statements']} statements = {100 * (r['db_share'] or 0):.1f} % of the requests' time; "
                  f"failures {r['failures']}; answers {r['answers']}, practice clicks {r['practice_clicks']}; "
                  f"the load generator used {100 * r['load_generator_cpu_share']:.0f} % of the machine")
    return 0


if __name__ == "__main__":
    sys.exit(main())
