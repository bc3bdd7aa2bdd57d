"""``muggins serve``: several app processes behind one address.

Starts ``processes`` ``muggins app`` processes on loopback ports, HAProxy in front of them on
the public address (sticky sessions: :mod:`.proxy`) and, with ``postgres``, a PostgreSQL
cluster of this machine in that folder (:mod:`.local_postgres`) — or uses the database at
``database_url``, or else the SQLite file of the data folder (one machine only). Every process
gets the same store and the same cookie secret (so a browser moved to another process after a
failure keeps a valid session cookie), the address students reach (``MUGGINS_PUBLIC_URL``,
for links and QR codes, unless set already) and the word that the proxy in front passes on
each browser's address (:data:`~tutorial.deploy.net.PROXY_KEY_VARIABLE`). A process that
dies is started again, and one that stops answering its health check is stopped and started
again; the proxy sends its browsers to the others meanwhile. So is a cluster it runs.
SIGTERM, SIGHUP or Ctrl+C stops everything it started; so does the end of ``muggins serve``
itself, even killed (on Linux its children are told to stop when it dies).
"""

from __future__ import annotations

import contextlib
import ctypes
import ipaddress
import logging
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from ..store.common import hide_secrets, safe_url
from . import proxy
from .local_postgres import LocalPostgres, process_alive
from .net import LISTEN_FD_VARIABLE, PROXY_KEY_VARIABLE, listen_problem, network_ip

log = logging.getLogger(__name__)

RESTARTS_PER_MINUTE = 5
"""A process that dies more often than this in a minute rests :data:`REST_SECONDS` before it is
started again (its log says why)."""
REST_SECONDS = 60.0
READY_SECONDS = 180.0
HEALTH_SECONDS = 10.0
"""How often each running process's health check is asked (beside HAProxy's own)."""
HUNG_CHECKS = 3
"""A process that fails this many health checks in a row (each may take :data:`HEALTH_SECONDS`)
is taken for hung: stopped and started again."""
ADDRESS_LIMIT_MAX = 12_000
"""The longest page address (``MUGGINS_ADDRESS_LIMIT``) that passes the proxy whole with its
headers (HAProxy reads a request in a 16 kB buffer)."""


CONNECTIONS_MAX = 20_000
"""The most connections the proxy holds at once (fewer when this machine's limit on open files
is lower: each takes two); one address may hold a quarter of them."""


def open_files_limit() -> int:
    """Raise this process's limit on open files to its hard limit (the app processes and HAProxy,
    started from here, inherit it: each browser's websocket is an open file) and return it."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 1 << 20
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
    return soft if soft != resource.RLIM_INFINITY else wanted


def proxy_connections(files: int) -> int:
    """The proxy's ``maxconn`` for a limit of ``files`` open files: two per connection, a few spare."""
    return max(64, min(CONNECTIONS_MAX, (files - 100) // 2))


def _listener(port: int) -> socket.socket:
    """A listening socket on ``127.0.0.1:port`` for an app process (passed to it, kept here)."""
    held = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        held.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        held.bind(("127.0.0.1", port))
        held.listen(2048)
    except OSError as err:
        held.close()
        raise RuntimeError(f"cannot listen on 127.0.0.1:{port}: {err.strerror or err}") from None
    return held


def fleeting(folder: Path) -> bool:
    """Whether ``folder`` lies where the system may empty it (``/tmp``, ``/var/tmp``, ``/dev/shm``,
    the temporary folder of this process)."""
    places = {Path("/tmp"), Path("/var/tmp"), Path("/dev/shm"), Path(tempfile.gettempdir())}
    resolved = folder.resolve()
    return any(resolved.is_relative_to(place.resolve()) for place in places)


class Stopped(Exception):
    """A stop was asked for while the server was starting."""


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
        self.address = self.address.strip()
        if not self.address:
            raise ValueError("--address must name an address to listen on (0.0.0.0: every interface)")
        if self.address.lower() == "localhost":
            self.address = "127.0.0.1"
        try:
            self.address = str(ipaddress.ip_address(self.address))  # one spelling: links are made from it
        except ValueError:
            raise ValueError(f"--address must be an IP address of this machine, such as 0.0.0.0 (every interface) or "
                             f"127.0.0.1 (this machine only), not {self.address[:60]!r}") from None
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
    resting_until: float = 0.0
    started: float = 0.0
    answered: bool = False  # its health check passed since it was started
    failed_checks: int = 0
    check: Future[bool] | None = None
    listener: socket.socket | None = None  # its port, held by serve for as long as it runs


def healthy(port: int, timeout: float = 2.0, host: str = "127.0.0.1") -> bool:
    """Whether the app on ``host:port`` answers Streamlit's health check."""
    where = f"[{host}]" if ":" in host else host
    try:
        with urllib.request.urlopen(f"http://{where}:{port}/_stcore/health", timeout=timeout) as answer:
            return bool(answer.status == 200 and answer.read().strip() == b"ok")
    except OSError:
        return False


def _find_prctl() -> Callable[[int, int], int] | None:
    """Linux's ``prctl``, looked up before any child is made (a child between fork and exec
    should do no more than call it)."""
    try:
        found: Callable[[int, int], int] = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):  # not Linux: a plain stop still stops every child
        return None
    return found


_PRCTL = _find_prctl()
PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """In a child before it runs: it gets SIGTERM when ``muggins serve`` dies, even killed (Linux)."""
    if _PRCTL is not None:
        _PRCTL(PR_SET_PDEATHSIG, signal.SIGTERM)


def public_url(address: str, port: int) -> str | None:
    """The address students reach the proxy at, for links and QR codes: ``address`` itself, this
    machine's network address when it listens on every interface, ``None`` on loopback only."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return None
    mapped = ip.ipv4_mapped if isinstance(ip, ipaddress.IPv6Address) else None
    if ip.is_unspecified:
        found = network_ip()
        return f"http://{found}:{port}" if found else None
    if ip.is_loopback or (mapped is not None and mapped.is_loopback):
        return None
    return f"http://[{ip}]:{port}" if ip.version == 6 else f"http://{ip}:{port}"


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
        self.started = False  # anything started yet (a cluster, a process)
        self.connections = 0  # the proxy's limit, set at start
        self.proxy_deaths: list[float] = []
        self.pid_files: set[Path] = set()  # the pid files it wrote (removed at its stop)
        self.env = dict(os.environ)

    def sessions_per_address(self) -> int:
        """New page sessions one address may open in 10 s: ``$MUGGINS_ADDRESS_SESSIONS`` (a whole
        number; ``0``: no limit), else :data:`~tutorial.deploy.proxy.SESSIONS_PER_PROCESS` per process."""
        default = proxy.SESSIONS_PER_PROCESS * self.plan.processes
        text = self.env.get("MUGGINS_ADDRESS_SESSIONS", "").strip()
        if not text:
            return default
        if not (text.isascii() and text.isdigit() and len(text) <= 7):
            self.say(f"muggins serve: MUGGINS_ADDRESS_SESSIONS {text[:40]!r} is not a whole number: {default} used")
            return default
        return int(text) or 10_000_000

    # ----- starting ------------------------------------------------------------------------
    def start(self) -> str:
        """Start everything and wait until every process answers; the store's description.
        Raises ``RuntimeError`` (with the reason) or :class:`Stopped`."""
        plan = self.plan
        self._claim_run_dir()
        try:
            problem = listen_problem(plan.address, plan.port)
        except (OSError, UnicodeError) as err:  # a name that is no address
            problem = str(err)
        if problem is not None and problem != "in use":
            raise RuntimeError(f"cannot listen on {plan.address}:{plan.port}: {problem} (--address must be an address "
                               "of this machine, or 0.0.0.0 for all of them)")
        busy = [f"{host}:{port}" for host, port in [("127.0.0.1", p) for p in plan.app_ports] + [(plan.address, plan.port)]
                if listen_problem(host, port) is not None]
        if busy:
            raise RuntimeError(f"already in use: {', '.join(busy)} (is another muggins serve still running? "
                               "choose other ports with --port and --first-app-port)")
        for app in self.apps:  # held from now on: a process started again finds its port waiting for it
            app.listener = _listener(app.port)
        from ..store import data_dir

        store = f"SQLite in {data_dir()} (one machine)"
        self.env.pop("MUGGINS_DATABASE_URL", None)  # the plan's store, and only it
        if plan.postgres is not None:
            self.postgres = LocalPostgres(plan.postgres).start()
            self.started = True
            if fleeting(self.postgres.folder):
                self.say(f"muggins serve: the cluster's folder {self.postgres.folder} is in a temporary folder, which "
                         "the system may empty (at a restart): the class rooms and saved games would go with it; for "
                         "a school, give a lasting folder such as /var/lib/muggins/pg")
            self.env["MUGGINS_DATABASE_URL"] = self.postgres.create_database("muggins")
            store = f"PostgreSQL in {self.postgres.folder}"
        elif plan.database_url:
            self.env["MUGGINS_DATABASE_URL"] = plan.database_url
            store = f"PostgreSQL at {safe_url(plan.database_url)}"
        if "MUGGINS_DATABASE_URL" in self.env:
            _check_database(self.env["MUGGINS_DATABASE_URL"])
        # One cookie secret for all: a browser redispatched to another process keeps valid cookies.
        self.env.setdefault("STREAMLIT_SERVER_COOKIE_SECRET", secrets.token_urlsafe(32))
        self.env[PROXY_KEY_VARIABLE] = secrets.token_urlsafe(24)  # in the proxy's file, mode 600, and the processes
        if not self.env.get("MUGGINS_PUBLIC_URL"):
            found = public_url(plan.address, plan.port)
            if found:
                self.env["MUGGINS_PUBLIC_URL"] = found
        limit = self.env.get("MUGGINS_ADDRESS_LIMIT", "").strip()
        if limit.isascii() and limit.isdigit() and len(limit) <= 7 and int(limit) > ADDRESS_LIMIT_MAX:
            self.say(f"muggins serve: MUGGINS_ADDRESS_LIMIT {limit} would not pass the proxy; {ADDRESS_LIMIT_MAX} used")
            self.env["MUGGINS_ADDRESS_LIMIT"] = str(ADDRESS_LIMIT_MAX)
        config = self.run_dir / "haproxy.cfg"
        self.connections = proxy_connections(open_files_limit())
        config.touch(mode=0o600)
        os.chmod(config, 0o600)  # it holds the proxy's key
        config.write_text(proxy.config(plan.address, plan.port, plan.app_ports, maxconn=self.connections,
                                       key=self.env[PROXY_KEY_VARIABLE], sessions=self.sessions_per_address()),
                          encoding="utf-8")
        proxy.check(config)
        self.started = True
        for app in self.apps:
            self._start_app(app)
        deadline = time.monotonic() + READY_SECONDS
        waiting = list(self.apps)
        while waiting:
            if self.stopping:
                raise Stopped
            waiting = [app for app in waiting if not healthy(app.port)]
            for app in waiting:
                if app.process is not None and app.process.poll() is not None:
                    raise RuntimeError(f"the app process on port {app.port} stopped at start; its log: {app.log_file}\n"
                                       + _tail(app.log_file))
            if waiting and time.monotonic() > deadline:
                raise RuntimeError(f"the app processes on ports {[a.port for a in waiting]} did not answer in {READY_SECONDS:.0f} s")
            if waiting:
                time.sleep(0.25)
        for app in self.apps:
            app.answered = True
        # The proxy starts once every process answers: its servers start up, and no browser is
        # sent past a process still starting (HAProxy takes two passed checks to bring one back).
        self._start_proxy()
        assert self.proxy is not None
        proxy_host = "127.0.0.1" if plan.address in ("0.0.0.0", "::") else plan.address
        while not healthy(plan.port, host=proxy_host):
            if self.stopping:
                raise Stopped
            if self.proxy.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("haproxy does not answer: " + _tail(self.run_dir / "haproxy.log"))
            time.sleep(0.25)
        return store

    def _start_app(self, app: _App) -> None:
        options = ["--server.port", str(app.port), "--server.address", "127.0.0.1", *self.plan.app_options]
        env = dict(self.env)
        held: tuple[int, ...] = ()
        if app.listener is not None:
            held = (app.listener.fileno(),)
            env[LISTEN_FD_VARIABLE] = str(held[0])
        with open(app.log_file, "ab") as out:
            app.process = subprocess.Popen([sys.executable, "-m", "tutorial", "app", *options], stdout=out,
                                           stderr=subprocess.STDOUT, env=env, preexec_fn=die_with_parent,
                                           pass_fds=held)
        app.started, app.answered, app.failed_checks, app.check = time.monotonic(), False, 0, None
        self._write_pid(f"app-{app.port}.pid", app.process.pid)

    # ----- running -------------------------------------------------------------------------
    def watch(self, period: float = 0.5) -> int:
        """Start again every app process that dies (resting after :data:`RESTARTS_PER_MINUTE`
        deaths in a minute), stop and start again one that stops answering, start the cluster
        again if it stops, and the proxy — until :meth:`stop`, or until the proxy has died too
        often (status 1)."""
        next_check = time.monotonic() + HEALTH_SECONDS
        with ThreadPoolExecutor(max_workers=len(self.apps), thread_name_prefix="health") as checks:
            while not self.stopping:
                now = time.monotonic()
                if self.proxy is not None and self.proxy.poll() is not None and not self._tend_proxy(now):
                    self.stop()
                    return 1
                for app in self.apps:
                    self._tend(app, now)
                if now >= next_check:
                    next_check = now + HEALTH_SECONDS
                    for app in self.apps:
                        self._ask_health(app, checks, now)
                    self._tend_postgres()
                time.sleep(period)
        return 0

    def _write_pid(self, name: str, pid: int) -> None:
        path = self.run_dir / name
        path.write_text(f"{pid}\n", encoding="ascii")
        self.pid_files.add(path)

    def _claim_run_dir(self) -> None:
        """``serve.pid`` in the run folder: another running server's there is refused (their
        logs and pid files would mix, and one's stop would remove the other's)."""
        mine = self.run_dir / "serve.pid"
        try:
            other = int(mine.read_text(encoding="ascii").strip())
        except (OSError, ValueError):
            other = None
        if other is not None and other != os.getpid() and process_alive(other):
            raise RuntimeError(f"the run folder {self.run_dir} is used by another muggins serve (process {other}): "
                               "give another --run-dir")
        self._write_pid("serve.pid", os.getpid())

    def _start_proxy(self) -> None:
        self.proxy = proxy.start(self.run_dir / "haproxy.cfg", self.run_dir / "haproxy.log", preexec_fn=die_with_parent)
        self._write_pid("haproxy.pid", self.proxy.pid)

    def _tend_proxy(self, now: float) -> bool:
        """Start the proxy again after it died; ``False`` (give up) when it died more than
        :data:`RESTARTS_PER_MINUTE` times in a minute (its port taken, say)."""
        assert self.proxy is not None
        ended = _ended(self.proxy.returncode)
        (self.run_dir / "haproxy.pid").unlink(missing_ok=True)
        self.proxy_deaths = [when for when in self.proxy_deaths if now - when < 60] + [now]
        log_file = self.run_dir / "haproxy.log"
        if len(self.proxy_deaths) > RESTARTS_PER_MINUTE:
            self.say(f"muggins serve: haproxy {ended}, {len(self.proxy_deaths)} times in a minute; see {log_file}")
            return False
        self.say(f"muggins serve: haproxy {ended}; starting it again (its log: {log_file})")
        self._start_proxy()
        return True

    def _tend(self, app: _App, now: float) -> None:
        """Start ``app`` again if it died (or rests, after too many deaths)."""
        if app.process is None or app.process.poll() is None:
            return
        (self.run_dir / f"app-{app.port}.pid").unlink(missing_ok=True)
        if app.resting_until:
            if now < app.resting_until:
                return
            app.resting_until, app.deaths = 0.0, []
            self.say(f"muggins serve: starting the app process on port {app.port} again after its rest")
            self._start_app(app)
            return
        app.deaths = [t for t in app.deaths if now - t < 60] + [now]
        if len(app.deaths) > RESTARTS_PER_MINUTE:
            app.resting_until = now + REST_SECONDS
            self.say(f"muggins serve: the app process on port {app.port} keeps stopping; trying again in "
                     f"{REST_SECONDS:.0f} s (its log: {app.log_file})")
            return
        self.say(f"muggins serve: the app process on port {app.port} {_ended(app.process.returncode)}; starting it again")
        self._start_app(app)

    def _ask_health(self, app: _App, checks: ThreadPoolExecutor, now: float) -> None:
        """Read ``app``'s last health check and ask the next; a process that fails
        :data:`HUNG_CHECKS` in a row (or never answers after its start) is killed: :meth:`_tend`
        starts it again."""
        process = app.process
        if process is None or process.poll() is not None:
            return
        if app.check is not None:
            if not app.check.done():
                app.failed_checks += 1  # still waiting: as good as a failure
            elif app.check.result():
                app.answered, app.failed_checks = True, 0
            else:
                app.failed_checks += 1
        hung = app.failed_checks >= HUNG_CHECKS if app.answered else now - app.started > READY_SECONDS
        if hung:
            self.say(f"muggins serve: the app process on port {app.port} does not answer; stopping it to start it again")
            process.kill()
            app.check = None
            return
        if app.check is None or app.check.done():
            app.check = checks.submit(healthy, app.port, HEALTH_SECONDS)

    def _tend_postgres(self) -> None:
        """Start the cluster this server runs again if it stopped."""
        if self.postgres is None or self.postgres.answers():
            return
        self.say(f"muggins serve: PostgreSQL in {self.postgres.folder} stopped; starting it again "
                 f"(its log: {self.postgres.log_file})")
        try:
            self.postgres.start()
        except (RuntimeError, OSError) as err:
            self.say(f"muggins serve: PostgreSQL does not start: {err}")

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
        for pid_file in self.pid_files:  # its own only: another server's, in the same folder, stay
            pid_file.unlink(missing_ok=True)
        for app in self.apps:
            if app.listener is not None:
                app.listener.close()
                app.listener = None
        if self.postgres is not None and self.postgres.adopted:
            self.say(f"muggins serve: PostgreSQL in {self.postgres.folder} was started by hand: left running")
        elif self.postgres is not None:
            try:
                self.postgres.stop()
            except (RuntimeError, OSError) as err:
                self.say(f"muggins serve: PostgreSQL did not stop cleanly: {err}")
        self.postgres = None


def _ended(code: int) -> str:
    """How a process ended, from its return code."""
    if code < 0:
        try:
            return f"was killed by signal {-code} ({signal.Signals(-code).name})"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"stopped (status {code})"


def _check_database(url: str) -> None:
    """Reach the database and make (or upgrade) its tables once, before the processes start;
    ``RuntimeError`` saying why not."""
    from ..store import OPEN_ERRORS, open_room_store
    from ..store.postgres import reach

    try:
        reach(url)  # the driver's own words for what is wrong
        open_room_store(url=url)
    except OPEN_ERRORS as err:
        said = " ".join(str(err).split())
        raise RuntimeError(f"the database at {safe_url(url)} cannot be used: {hide_secrets(said, [url])}") from None


def _tail(path: Path, size: int = 2000) -> str:
    try:
        return path.read_bytes()[-size:].decode(errors="replace")
    except OSError:
        return ""


def run(plan: Plan, *, say: Callable[[str], None] = print) -> int:
    """Serve until SIGTERM, SIGHUP or Ctrl+C; the exit status."""
    try:
        server = Server(plan, say=say)
    except OSError as err:
        say(f"muggins serve: --run-dir {plan.run_dir}: {err.strerror or err}")
        return 1

    def on_signal(signum: int, _frame: FrameType | None) -> None:
        server.stopping = True

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)}
    try:
        store = server.start()
        local = f"http://localhost:{plan.port}" if plan.address in ("0.0.0.0", "::", "127.0.0.1", "::1") else None
        public = server.env.get("MUGGINS_PUBLIC_URL")
        where = " and ".join(dict.fromkeys(a for a in (local, public) if a))
        count = f"{plan.processes} app process" + ("es" if plan.processes > 1 else "")
        ports = f"port {plan.app_ports[0]}" if plan.processes == 1 else f"ports {plan.app_ports[0]}–{plan.app_ports[-1]}"
        bracketed = f"[{plan.address}]" if ":" in plan.address else plan.address
        say(f"Muggins Tutor is at {where or f'http://{bracketed}:{plan.port}'} ({count} on {ports}; store: {store}; "
            f"{server.connections:,} connections at once, {server.connections // 4:,} from one address; "
            f"logs in {server.run_dir}). Ctrl+C stops it.")
        status = server.watch()
    except Stopped:
        status = 0
    except (RuntimeError, OSError) as err:
        if server.stopping:  # a start cut short by Ctrl+C (which reached its programs too): as asked
            status = 0
        else:
            say(f"muggins serve: {err}")
            status = 1
    finally:
        started = server.started
        server.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if started:
        say("muggins serve: stopped")
    return status
