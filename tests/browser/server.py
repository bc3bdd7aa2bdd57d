"""Starting and stopping the app as a user would (``python -m tutorial app``), for the
browser tests and the benchmarks."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tutorial.deploy.serve import die_with_parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_app(tmp: Path, *extra: str, command: list[str] | None = None) -> tuple[subprocess.Popen, str]:
    """Start ``muggins app`` (or ``command`` followed by the server options) on a free port
    with a fresh data folder; returns the process and its base URL."""
    port = free_port()
    env = {**os.environ, "MUGGINS_DATA_DIR": str(tmp / "data")}
    command = command or [sys.executable, "-m", "tutorial", "app"]
    log = tmp / f"app-{port}.log"  # a file, not a pipe nobody reads: a full pipe would stop the app mid-write
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [*command, "--server.port", str(port), "--server.fileWatcherType", "none", "--server.headless", "true",
             "--browser.gatherUsageStats", "false", "--server.address", "127.0.0.1", *extra],
            cwd=tmp, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            preexec_fn=die_with_parent)  # a test or benchmark killed takes its app with it
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the app stopped: " + log.read_text(errors="replace")[-2000:])
        try:
            with urllib.request.urlopen(base + "/_stcore/health", timeout=2) as answer:
                if answer.read().strip() == b"ok":
                    return process, base
        except OSError:
            time.sleep(0.2)
    stop_app(process)
    raise RuntimeError("the app did not answer on /_stcore/health within 60 s: " + log.read_text(errors="replace")[-2000:])


def wait_for_line(log: Path, process: subprocess.Popen, needle: str, seconds: float) -> str:
    """The first line of ``log`` (a process's output, written as it runs) that holds ``needle``,
    waiting at most ``seconds``; ``RuntimeError`` with what the process had written when it stops
    or the time is up. The file is read again every fifth of a second, so the limit holds whatever
    the process does (a blocking read of a pipe would wait for its next line, for ever)."""
    deadline = time.monotonic() + seconds
    while True:
        text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
        found = next((line for line in text.splitlines() if needle in line), None)
        if found is not None:
            return found
        if process.poll() is not None:
            raise RuntimeError(f"{process.args[:4]} stopped (status {process.returncode}) without writing {needle!r}; "
                               f"it wrote:\n{text[-3000:]}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{process.args[:4]} did not write {needle!r} within {seconds:.0f} s; it wrote:\n{text[-3000:]}")
        time.sleep(0.2)


def stop_app(process: subprocess.Popen, seconds: float = 15) -> None:
    """Stop a process started in a session of its own (an app, ``muggins serve``) and everything in
    its process group: SIGTERM, then SIGKILL after ``seconds``."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=15)


