"""The reverse proxy of ``muggins serve``: HAProxy (Debian's ``haproxy``) with sticky sessions,
configured from ``haproxy.cfg`` beside this module."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from string import Template

TEMPLATE = Path(__file__).with_name("haproxy.cfg")


SESSIONS_PER_PROCESS = 20
"""New page sessions (websockets) one address may open in 10 s, per app process: a trial's
script opening and closing ten a second (within a limit of 100) stalled a process, which makes a
session's first page in about a tenth of a second; at four a second the others' pages stayed quick."""


class ProxyMissing(RuntimeError):
    """This machine has no ``haproxy``."""


def haproxy() -> str:
    """The ``haproxy`` program (also in ``/usr/sbin``, which a user's PATH may lack)."""
    found = shutil.which("haproxy") or shutil.which("haproxy", path="/usr/sbin:/usr/local/sbin")
    if not found:
        raise ProxyMissing("no haproxy on this machine: install Debian's haproxy package")
    return found


def config(address: str, port: int, apps: list[int], *, maxconn: int = 4096, per_address: int | None = None,
           key: str = "", sessions: int = SESSIONS_PER_PROCESS) -> str:
    """The proxy's configuration: listening on ``address:port``, one server per app port, at most
    ``maxconn`` connections at once, ``per_address`` of them from one address (default: a quarter),
    ``sessions`` new page sessions (websockets) from one address in 10 s,
    sending ``key`` to the processes with every request (:data:`~tutorial.deploy.net.PROXY_HEADER`)."""
    if not re.fullmatch(r"[A-Za-z0-9_-]*", key):
        raise ValueError("the proxy's key must be letters, digits, - and _")
    per_address = per_address if per_address is not None else max(1, maxconn // 4)
    servers = "\n".join(f"    server app{i} 127.0.0.1:{app} cookie app{i}" for i, app in enumerate(apps, 1))
    bind = f"{address}:{port}" if ":" not in address else f"[{address}]:{port}"
    return Template(TEMPLATE.read_text(encoding="utf-8")).substitute(bind=bind, servers=servers, maxconn=maxconn,
                                                                    per_address=per_address, key=key or "none",
                                                                    sessions=sessions)


def check(path: Path) -> None:
    """``haproxy -c``: ``RuntimeError`` with its words when the configuration is refused."""
    done = subprocess.run([haproxy(), "-c", "-f", str(path)], capture_output=True, text=True, timeout=30, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"haproxy refuses {path}: {(done.stderr or done.stdout).strip()[-1000:]}")


def start(path: Path, log: Path, *, preexec_fn: Callable[[], None] | None = None) -> subprocess.Popen[bytes]:
    """HAProxy in the foreground (``-db``), as a child, its log in ``log``."""
    with open(log, "ab") as out:
        return subprocess.Popen([haproxy(), "-db", "-f", str(path)], stdout=out, stderr=subprocess.STDOUT,
                                preexec_fn=preexec_fn)
