"""``muggins serve``: several app processes behind one address.

Starts ``processes`` ``muggins app`` processes on loopback ports, HAProxy in front of them on
the public address (sticky sessions: :mod:`.proxy`) and, with ``postgres``, a PostgreSQL
cluster of this machine in that folder (:mod:`.local_postgres`) — or uses the database at
``database_url``, or else the SQLite file of the data folder (one machine only). Every process
gets the same store and the same cookie secret (so a browser moved to another process after a
failure keeps a valid session cookie). A process that dies is started again; the proxy sends
its browsers to the others meanwhile. SIGTERM or Ctrl+C stops everything it started.
"""

from __future__ import annotations

import logging
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from . import proxy
from .local_postgres import LocalPostgres

log = logging.getLogger(__name__)

RESTARTS_PER_MINUTE = 5
"""A process that dies more often than this is left down (its log says why)."""
READY_SECONDS = 180.0


@dataclass
class Plan:
    """What ``muggins serve`` runs (see the module text)."""

    processes: int = 2
    address: str = "0.0.0.0"
    port: int = 8501
    first_app_port: int = 8601
    database_url: str | None = None
    postgres: Path | None = None
    run_dir: Path | None = None
    app_options: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not 1 <= self.processes <= 64:
            raise ValueError("--processes must be from 1 to 64")
        for port in (self.port, self.first_app_port, self.first_app_port + self.processes - 1):
            if not 1 <= port <= 65535:
                raise ValueError(f"port {port} is not from 1 to 65535")
        if self.port in self.app_ports:
            raise ValueError(f"the proxy's port {self.port} is also an app process's port")
        if self.database_url and self.postgres:
            raise ValueError("give --database-url or --postgres, not both")

    @property
    def app_ports(self) -> list[int]:
        return list(range(self.first_app_port, self.first_app_port + self.processes))


@dataclass
class _App:
    port: int
    log_file: Path
    process: subprocess.Popen[bytes] | None = None
    deaths: list[float] = field(default_factory=list)
    given_up: bool = False


def healthy(port: int, timeout: float = 2.0, host: str = "127.0.0.1") -> bool:
    """Whether the app on ``host:port`` answers Streamlit's health check."""
    where = f"[{host}]" if ":" in host else host
    try:
        with urllib.request.urlopen(f"http://{where}:{port}/_stcore/health", timeout=timeout) as answer:
            return bool(answer.status == 200 and answer.read().strip() == b"ok")
    except OSError:
        return False


class Server:
    """The processes of one :class:`Plan`; :meth:`start`, then :meth:`watch` until stopped."""

    def __init__(self, plan: Plan, *, say: Callable[[str], None] = print):
        self.plan = plan
        self.say = say
        self.run_dir = plan.run_dir or Path(tempfile.mkdtemp(prefix="muggins-serve-"))
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self.apps = [_App(port, self.run_dir / f"app-{port}.log") for port in plan.app_ports]
        self.proxy: subprocess.Popen[bytes] | None = None
        self.postgres: LocalPostgres | None = None
        self.stopping = False
        self.env = dict(os.environ)

    # ----- starting ------------------------------------------------------------------------
    def start(self) -> str:
        """Start everything and wait until every process answers; the store's description."""
        plan = self.plan
        store = "SQLite in the data folder (one machine)"
        self.env.pop("MUGGINS_DATABASE_URL", None)  # the plan's store, and only it
        if plan.postgres is not None:
            self.postgres = LocalPostgres(plan.postgres).start()
            self.env["MUGGINS_DATABASE_URL"] = self.postgres.create_database("muggins")
            store = f"PostgreSQL in {self.postgres.folder}"
        elif plan.database_url:
            self.env["MUGGINS_DATABASE_URL"] = plan.database_url
            from ..store import safe_url

            store = f"PostgreSQL at {safe_url(plan.database_url)}"
        # One cookie secret for all: a browser redispatched to another process keeps valid cookies.
        self.env.setdefault("STREAMLIT_SERVER_COOKIE_SECRET", secrets.token_urlsafe(32))
        for app in self.apps:
            self._start_app(app)
        config = self.run_dir / "haproxy.cfg"
        config.write_text(proxy.config(plan.address, plan.port, plan.app_ports), encoding="utf-8")
        proxy.check(config)
        deadline = time.monotonic() + READY_SECONDS
        waiting = list(self.apps)
        while waiting:
            waiting = [app for app in waiting if not healthy(app.port)]
            for app in waiting:
                if app.process is not None and app.process.poll() is not None:
                    raise RuntimeError(f"the app process on port {app.port} stopped at start; its log: {app.log_file}\n"
                                       + _tail(app.log_file))
            if waiting and time.monotonic() > deadline:
                raise RuntimeError(f"the app processes on ports {[a.port for a in waiting]} did not answer in {READY_SECONDS:.0f} s")
            if waiting:
                time.sleep(0.25)
        # The proxy starts once every process answers: its servers start up, and no browser is
        # sent past a process still starting (HAProxy takes two passed checks to bring one back).
        self.proxy = proxy.start(config, self.run_dir / "haproxy.log")
        proxy_host = "127.0.0.1" if plan.address in ("0.0.0.0", "::") else plan.address
        while not healthy(plan.port, host=proxy_host):
            if self.proxy.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("haproxy does not answer: " + _tail(self.run_dir / "haproxy.log"))
            time.sleep(0.25)
        return store

    def _start_app(self, app: _App) -> None:
        options = ["--server.port", str(app.port), "--server.address", "127.0.0.1", *self.plan.app_options]
        with open(app.log_file, "ab") as out:
            app.process = subprocess.Popen([sys.executable, "-m", "tutorial", "app", *options], stdout=out,
                                           stderr=subprocess.STDOUT, env=self.env)
        (self.run_dir / f"app-{app.port}.pid").write_text(f"{app.process.pid}\n", encoding="ascii")

    # ----- running -------------------------------------------------------------------------
    def watch(self, period: float = 0.5) -> int:
        """Start again every app process that dies (at most :data:`RESTARTS_PER_MINUTE` a
        minute each), until :meth:`stop` or the proxy dies (status 1)."""
        while not self.stopping:
            if self.proxy is not None and self.proxy.poll() is not None:
                self.say(f"muggins serve: haproxy stopped ({self.proxy.returncode}); see {self.run_dir / 'haproxy.log'}")
                self.stop()
                return 1
            now = time.monotonic()
            for app in self.apps:
                if app.given_up or app.process is None or app.process.poll() is None:
                    continue
                app.deaths = [t for t in app.deaths if now - t < 60] + [now]
                if len(app.deaths) > RESTARTS_PER_MINUTE:
                    app.given_up = True
                    self.say(f"muggins serve: the app process on port {app.port} keeps stopping; left down (see {app.log_file})")
                    continue
                self.say(f"muggins serve: the app process on port {app.port} stopped ({app.process.returncode}); starting it again")
                self._start_app(app)
            time.sleep(period)
        return 0

    def stop(self, *_: object) -> None:
        """Stop the proxy, the app processes and the cluster this server started."""
        self.stopping = True
        children = [p for p in [self.proxy, *(app.process for app in self.apps)] if p is not None]
        for child in children:
            if child.poll() is None:
                child.terminate()
        deadline = time.monotonic() + 15
        for child in children:
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        if self.postgres is not None:
            self.postgres.stop()
            self.postgres = None


def _tail(path: Path, size: int = 2000) -> str:
    try:
        return path.read_bytes()[-size:].decode(errors="replace")
    except OSError:
        return ""


def run(plan: Plan, *, say: Callable[[str], None] = print) -> int:
    """Serve until SIGTERM or Ctrl+C; the exit status."""
    server = Server(plan, say=say)

    def on_signal(signum: int, _frame: FrameType | None) -> None:
        server.stopping = True

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        store = server.start()
        host = "localhost" if plan.address in ("0.0.0.0", "::", "127.0.0.1") else plan.address
        say(f"Muggins Tutor: http://{host}:{plan.port} — {plan.processes} app processes "
            f"(ports {plan.app_ports[0]}–{plan.app_ports[-1]}), store: {store}; logs in {server.run_dir}")
        status = server.watch()
    except (RuntimeError, OSError) as err:
        say(f"muggins serve: {err}")
        status = 1
    finally:
        server.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return status
