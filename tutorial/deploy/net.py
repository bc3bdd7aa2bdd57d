"""What a server needs to know about this machine's network: its own address, a free port, and
who a request came from when a proxy of this machine passed it on."""

from __future__ import annotations

import contextlib
import errno
import functools
import hmac
import ipaddress
import socket
from collections.abc import Sequence

PROXY_KEY_VARIABLE = "MUGGINS_PROXY_KEY"
"""Set by ``muggins serve`` in its app processes: a secret its proxy, in front of them on this
machine, sends with every request (:data:`PROXY_HEADER`) beside each browser's address in
``X-Forwarded-For``. A request without it came from elsewhere (another program of this machine
straight to an app process's port), and its ``X-Forwarded-For`` is not believed."""
PROXY_HEADER = "X-Muggins-Proxy"
LISTEN_FD_VARIABLE = "MUGGINS_LISTEN_FD"
"""Set by ``muggins serve`` for each app process: the listening socket it made for the process's
port and keeps for as long as it runs, so that while the process is started again nobody else
can take the port (a local user who did got every request the proxy sent there, with its key)."""


def from_proxy(sent: str | None, key: str | None) -> bool:
    """Whether a request carrying ``sent`` in :data:`PROXY_HEADER` came through the proxy whose
    secret is ``key`` (compared in constant time)."""
    return bool(key) and sent is not None and hmac.compare_digest(sent.encode(), str(key).encode())


@functools.lru_cache(maxsize=1)
def network_ip() -> str | None:
    """This computer's address on its network (the one a route to the outside would use;
    nothing is sent), or ``None``. Found once per process, not on every rerun."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, only routed
        found = str(probe.getsockname()[0])
        return None if found.startswith("127.") else found
    return None


def port_free(host: str, port: int) -> bool:
    """Whether a server could listen on ``host:port`` now (nothing else holds it)."""
    return listen_problem(host, port) is None


def listen_problem(host: str, port: int) -> str | None:
    """Why a server could not listen on ``host:port`` now (``"in use"``, or the system's words for
    an address this machine does not have), or ``None``."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as err:
            if err.errno == errno.EADDRINUSE:
                return "in use"
            return (err.strerror or str(err)).lower()
    return None


def client_address(peer: str | None, forwarded: Sequence[str], *, trust_forwarded: bool) -> str | None:
    """The browser's address: ``peer`` (the connection's other end; ``None`` when it is this
    machine), or, when the connection came from this machine's own proxy (``peer`` is ``None``
    and ``trust_forwarded``), the last address in the ``X-Forwarded-For`` headers — the one the
    proxy appended; what a browser wrote there itself comes before it and is never used."""
    if peer is not None or not trust_forwarded or not forwarded:
        return peer
    last = forwarded[-1].rsplit(",", 1)[-1].strip()
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:
        return None
