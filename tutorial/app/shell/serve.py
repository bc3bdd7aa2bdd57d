"""Starting the Streamlit server for ``muggins app``, in this process.

Streamlit runs in the ``muggins`` process itself (not as a child), so a
signal sent to ``muggins app`` (SIGTERM, SIGINT, SIGQUIT) reaches Streamlit's
own handlers and stops the server, and options Streamlit refuses can be
reported in one line.
"""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

import click
from streamlit.web import cli as streamlit_cli

from tutorial.deploy.net import LISTEN_FD_VARIABLE
from tutorial.words import clip


def _listen_on_inherited_socket() -> None:
    """Have Streamlit serve on the socket in ``$MUGGINS_LISTEN_FD`` instead of binding its port."""
    text = os.environ.pop(LISTEN_FD_VARIABLE, "").strip()
    if not text:
        return
    from streamlit.web.server.starlette import starlette_server

    if not hasattr(starlette_server, "_bind_server_socket"):
        raise RuntimeError("this Streamlit binds its port otherwise: muggins serve cannot hand it its socket")
    held = socket.socket(fileno=int(text))
    held.setblocking(False)

    def bind(server_address: str, bind_address: str, port: int, backlog: int) -> tuple[socket.socket, str]:
        return held, bind_address
    starlette_server._bind_server_socket = bind


FORWARDED_VARIABLE = "FORWARDED_ALLOW_IPS"
"""Uvicorn's list of the proxies whose ``X-Forwarded-For`` it believes (none, here)."""


def run(entry: Path, options: list[str]) -> int:
    """Run ``streamlit run ENTRY OPTIONS...`` here; block until the server stops.

    Returns the exit status: 0 when the server has stopped (or after
    ``--help``), 2 when Streamlit refuses an option or argument, which is
    then reported as one line on stderr (never Streamlit's usage text).
    """
    # Uvicorn, under Streamlit, would take X-Forwarded-For from any connection of this machine as
    # the browser's address, so a browser on this machine could name any. The app decides itself
    # (tutorial.deploy.net.client_address: only behind muggins serve's proxy, and only its entry).
    os.environ[FORWARDED_VARIABLE] = ""
    try:
        _listen_on_inherited_socket()
    except (RuntimeError, ValueError, OSError) as err:
        print(f"muggins app: {clip(err, 300)}", file=sys.stderr)
        return 2
    try:
        result = streamlit_cli.main.main(["run", str(entry), *options], prog_name="streamlit", standalone_mode=False)
    except click.ClickException as err:
        print(f"muggins app: {clip(err.format_message(), 400)} (see muggins app --help)", file=sys.stderr)
        return 2
    except click.Abort:  # Ctrl+C before the server had started
        return 0
    except (OverflowError, OSError) as err:  # e.g. --server.port 99999, an address that cannot be bound
        print(f"muggins app: the server cannot start: {clip(err, 300)}", file=sys.stderr)
        return 2
    return result if isinstance(result, int) else 0
