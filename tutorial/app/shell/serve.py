"""Starting the Streamlit server for ``muggins app``, in this process.

Streamlit runs in the ``muggins`` process itself (not as a child), so a
signal sent to ``muggins app`` (SIGTERM, SIGINT, SIGQUIT) reaches Streamlit's
own handlers and stops the server, and options Streamlit refuses can be
reported in one line.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click
from streamlit.web import cli as streamlit_cli

from tutorial.words import clip

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
