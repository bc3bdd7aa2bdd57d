"""Take the documentation's pictures of the app from a running app (issue 40).

Starts ``muggins app`` on a free port of this machine with a new, empty data folder, opens
each page in headless Chromium (Debian's, ``/usr/bin/chromium``: never a downloaded browser)
in English and Spanish, waits until the page has settled, and writes one PNG per page and
language, ``NAME.png`` and ``NAME.es.png``, into ``--out`` (default ``docs/images/app``).
The suite does not run it: it is run by hand when the pages change.

    .venv/bin/python tools/screenshots.py [--out DIR] [--pages home,lessons,...] [--width 1280 --height 800]

Needs the ``test`` extra (Playwright) and Chromium (``apt-get install chromium``).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("MUGGINS_CHROMIUM", "/usr/bin/chromium")
PAGES = ("home", "lessons", "practice", "train", "progress", "rules", "explore", "class")
"""The app's pages by address (``tutorial/app/shell/pages.py``)."""
LANGUAGES = ("en", "es")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def running_app(port: int) -> Iterator[str]:
    """``muggins app`` on ``127.0.0.1:port`` with an empty data folder, until the block ends."""
    with tempfile.TemporaryDirectory(prefix="muggins-shots-") as data:
        muggins = Path(sys.executable).parent / "muggins"
        command = [str(muggins), "app", "--data-dir", data, "--server.port", str(port), "--server.address", "127.0.0.1"]
        app = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 60
            while True:
                try:
                    with urllib.request.urlopen(f"{base}/_stcore/health", timeout=2) as answer:
                        if answer.status == 200:
                            break
                except OSError:
                    pass
                if app.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"muggins app did not start: {app.stderr.read() if app.stderr else ''}")
                time.sleep(0.3)
            yield base
        finally:
            app.terminate()
            try:
                app.wait(timeout=10)
            except subprocess.TimeoutExpired:
                app.kill()


def settle(page, quiet_ms: int = 600, timeout_ms: int = 30_000) -> None:  # type: ignore[no-untyped-def]
    """Wait until the app is connected and no script has run for ``quiet_ms`` (as the browser tests do)."""
    done = "[data-testid='stApp'][data-test-script-state='notRunning']"
    page.wait_for_selector("[data-testid='stApp'][data-test-connection-state='CONNECTED']", timeout=timeout_ms)
    deadline = time.monotonic() + timeout_ms / 1000
    while time.monotonic() < deadline:
        page.wait_for_selector(done, timeout=timeout_ms)
        page.wait_for_timeout(quiet_ms)
        if page.locator(done).count():
            return
    raise SystemExit(f"{page.url}: the app kept running")


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--out", default=str(ROOT / "docs" / "images" / "app"), help="where the pictures go")
    options.add_argument("--pages", default=",".join(PAGES), help="the pages, by address, comma-separated")
    options.add_argument("--width", type=int, default=1280)
    options.add_argument("--height", type=int, default=800)
    args = options.parse_args(argv)
    pages = [name for name in args.pages.split(",") if name]
    unknown = sorted(set(pages) - set(PAGES))
    if unknown:
        options.error(f"unknown pages: {', '.join(unknown)} (the pages: {', '.join(PAGES)})")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    from playwright.sync_api import sync_playwright

    with running_app(free_port()) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            for lang in LANGUAGES:
                context = browser.new_context(viewport={"width": args.width, "height": args.height}, locale=lang)
                page = context.new_page()
                for name in pages:
                    page.goto(f"{base}/{name}?lang={lang}")
                    settle(page)
                    picture = out / (f"{name}.png" if lang == "en" else f"{name}.{lang}.png")
                    page.screenshot(path=str(picture))
                    print(picture)
                context.close()
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
