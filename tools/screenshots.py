"""Take the documentation's pictures of the app from a running app (issue 40).

Starts ``muggins app`` on a free port of this machine with a new, empty data folder, opens
each page in headless Chromium (Debian's, ``/usr/bin/chromium``: never a downloaded browser)
in English and Spanish, waits until the page has settled, and writes one PNG per page and
language, ``NAME.png`` and ``NAME.es.png``, into ``--out`` (default ``docs/images/app``).
The suite does not run it: it is run by hand when the pages change.

    .venv/bin/python tools/screenshots.py [--out DIR] [--pages home,lessons,...] [--width 1280 --height 800] [--class-room]

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
def running_app(port: int) -> Iterator[tuple[str, Path]]:
    """``muggins app`` on ``127.0.0.1:port`` with an empty data folder, until the block ends:
    its address and its data folder (where the class room's scenes put a room)."""
    with tempfile.TemporaryDirectory(prefix="muggins-shots-") as data:
        muggins = Path(sys.executable).parent / "muggins"
        command = [str(muggins), "app", "--data-dir", data, "--server.port", str(port), "--server.address", "127.0.0.1"]
        log = Path(data) / "app.log"  # a file: a pipe nobody reads would stop the app once full
        with open(log, "wb") as out:
            app = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
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
                    raise SystemExit(f"muggins app did not start: {log.read_text(errors='replace')[-2000:]}")
                time.sleep(0.3)
            yield base, Path(data)
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


PROJECTOR = {"viewport": {"width": 853, "height": 480}, "device_scale_factor": 1.5}
"""A 1280×720 projector at 150 % (the teaching guide's pictures)."""
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
CLASS_QUESTION = "lesson/nearest-opponent/place-skip-empty"
CLASS_ANSWERS = ("discard:C", "discard:B", "discard:C", "common:1", "discard:C", "discard:D")


def class_room(browser, base: str, data: Path, out: Path) -> None:  # type: ignore[no-untyped-def]
    """The teaching guide's pictures: a room of six students asked a question, on the projector
    (asking, with the spread; revealed) and on a student's phone (revealed), in both languages."""
    from tutorial.store import open_room_store

    rooms = open_room_store(data)
    for lang in LANGUAGES:
        room = rooms.open_room()
        rooms.set_question(room.code, room.teacher_token, CLASS_QUESTION)
        joined = [rooms.join(room.code, f"Kid{number}", f"10.0.{LANGUAGES.index(lang)}.{number}")
                  for number in range(len(CLASS_ANSWERS))]
        for student, choice in zip(joined, CLASS_ANSWERS, strict=True):
            rooms.answer(room.code, student.student_token, 1, choice, "right" if choice == "discard:C" else "wrong")
        suffix = "" if lang == "en" else f".{lang}"
        projector = browser.new_context(locale=lang, **PROJECTOR).new_page()
        projector.goto(f"{base}/class?room={room.code}&teacher={room.teacher_token}&present=1&lang={lang}")
        settle(projector)
        projector.locator(".st-key-class-spread label").click()
        settle(projector)
        projector.screenshot(path=str(out / f"class-projector{suffix}.png"))
        projector.locator("[class*='st-key-class-reveal'] button").first.click()
        settle(projector)
        projector.screenshot(path=str(out / f"class-projector-revealed{suffix}.png"))
        projector.context.close()
        phone = browser.new_context(locale=lang, **PHONE).new_page()
        phone.goto(f"{base}/class?room={room.code}&student={joined[0].student_token}&lang={lang}")
        settle(phone)
        phone.screenshot(path=str(out / f"class-phone{suffix}.png"))
        phone.context.close()
        for name in ("class-projector", "class-projector-revealed", "class-phone"):
            print(out / f"{name}{suffix}.png")


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--out", default=str(ROOT / "docs" / "images" / "app"), help="where the pictures go")
    options.add_argument("--pages", default=",".join(PAGES), help="the pages, by address, comma-separated")
    options.add_argument("--width", type=int, default=1280)
    options.add_argument("--height", type=int, default=800)
    options.add_argument("--class-room", action="store_true",
                         help="also the teaching guide's class room pictures (projector and phone)")
    args = options.parse_args(argv)
    pages = [name for name in args.pages.split(",") if name]
    unknown = sorted(set(pages) - set(PAGES))
    if unknown:
        options.error(f"unknown pages: {', '.join(unknown)} (the pages: {', '.join(PAGES)})")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    from playwright.sync_api import sync_playwright

    with running_app(free_port()) as (base, data), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            if args.class_room:
                class_room(browser, base, data, out)
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
