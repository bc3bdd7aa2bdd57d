"""Starting and stopping the app as a user would (``python -m tutorial app``), for the
browser tests and the benchmarks."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


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
    process = subprocess.Popen(
        [*command, "--server.port", str(port), "--server.fileWatcherType", "none", "--server.headless", "true",
         "--browser.gatherUsageStats", "false", "--server.address", "127.0.0.1", *extra],
        cwd=tmp, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the app stopped: " + process.stderr.read().decode(errors="replace")[-2000:])
        try:
            with urllib.request.urlopen(base + "/_stcore/health", timeout=2) as answer:
                if answer.read().strip() == b"ok":
                    return process, base
        except OSError:
            time.sleep(0.2)
    stop_app(process)
    raise RuntimeError("the app did not answer on /_stcore/health within 60 s")


def stop_app(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=15)


