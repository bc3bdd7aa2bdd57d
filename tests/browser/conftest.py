"""Real-browser tests: the app started as a user would, Debian's Chromium driven by Playwright.

The app runs on a free port for the whole session and is stopped by its process
id. Chromium is Debian's, never a downloaded build: its headless shell
(``apt-get install chromium-headless-shell``, the same Blink without the desktop
browser around it, as Playwright itself uses for headless runs) when installed — a
page load of the app costs it 2.3 s of CPU against 4.1 s for the full ``chromium``,
which these tests otherwise drive; ``MUGGINS_CHROMIUM`` names another. Without either,
these tests are skipped, unless ``MUGGINS_REQUIRE_BROWSER=1`` (set by ``.ci/run``)
turns the skip into a failure.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from .server import start_app, stop_app

CHROMIUM = (os.environ.get("MUGGINS_CHROMIUM") or shutil.which("chromium-headless-shell") or shutil.which("chromium")
            or "/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]


def _poll_every_100_ms() -> None:
    """``page.wait_for_function`` checks its condition every 100 ms instead of Playwright's
    default, every animation frame: many of these conditions walk the whole page (shadow roots
    included), and checked 60 times a second one costs Chromium 0.19 core-seconds a second of
    waiting against 0.03 at 100 ms (measured on the practice page) — CPU the other workers'
    pages need on a 2-core machine. A test may still pass ``polling`` itself."""
    from playwright.sync_api import Page

    if getattr(Page.wait_for_function, "_muggins", False):
        return
    original = Page.wait_for_function

    def wait_for_function(self, expression, *, arg=None, timeout=None, polling=None):
        return original(self, expression, arg=arg, timeout=timeout, polling=100 if polling is None else polling)

    wait_for_function._muggins = True  # type: ignore[attr-defined]
    Page.wait_for_function = wait_for_function  # type: ignore[method-assign]


_poll_every_100_ms()


OWN_SERVERS = {"test_clicks.py": "guarded-server", "test_classroom.py": "class-server", "test_serve.py": "school-server"}
"""Modules that start a server of their own: their tests run on one xdist worker (``--dist
loadgroup``), so the server starts once, not once per worker. The server's fixture is
session-scoped: that worker runs other modules' tests in between, which would stop and start a
module-scoped one again (the guarded server started three times in one run)."""


def pytest_collection_modifyitems(config, items):
    mine = [item for item in items if "tests/browser/" in str(item.fspath).replace(os.sep, "/")]
    for item in mine:
        item.add_marker(pytest.mark.browser)
        # A browser test that fails is run once more (pytest-rerunfailures; the summary lists
        # every rerun as "R" and "N rerun"): on a loaded 2-core machine a page can take seconds
        # to settle, and focus and scroll tests have failed 1 run in 3 there while passing alone.
        # A rerun is a timing fault to chase, not a pass to forget (docs/contributing.md, "The tests").
        item.add_marker(pytest.mark.flaky(reruns=1))
        # The app runs in its own process, where coverage does not follow: in this one the
        # tracer would only slow Playwright's client down.
        item.add_marker(pytest.mark.no_cover)
        group = OWN_SERVERS.get(Path(str(item.fspath)).name)
        if group:
            item.add_marker(pytest.mark.xdist_group(group))
    if Path(CHROMIUM).exists():
        return
    if os.environ.get("MUGGINS_REQUIRE_BROWSER") == "1":
        raise pytest.UsageError(f"Chromium is required for the browser tests but {CHROMIUM} is missing")
    skip = pytest.mark.skip(reason="Debian's chromium is not installed (apt-get install chromium)")
    for item in mine:
        item.add_marker(skip)


@pytest.fixture(scope="session")
def app_url(tmp_path_factory):
    process, base = start_app(tmp_path_factory.mktemp("app"))
    yield base
    stop_app(process)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"],
    }


class _LentContext:
    """A browser context lent to one test at a time by :class:`_KeptBrowser`: closing it gives
    it back, emptied of cookies and what the app kept in the browser (``localStorage``,
    ``sessionStorage``) but with its cache, so the next page load reuses Streamlit's scripts
    already fetched and compiled, and with one page kept open (on the app's health address)
    for the next test's first ``new_page()``: the app loaded in a page that has shown it before
    costs Chromium about half the CPU of a new page (measured: 0.94 s against 1.69 s of CPU for
    Home, the same in a fresh page of a kept context). A test that changes the context itself
    (an init script, a route, permissions: anything but pages and listeners) gets it closed for
    real instead; a page with listeners or routes of the test's own is closed, and one resized
    is given its size back."""

    SAFE = frozenset({"new_page", "pages", "on", "once", "remove_listener", "cookies", "storage_state", "browser",
                      "tracing", "request", "set_default_timeout", "set_default_navigation_timeout"})

    def __init__(self, lender: _KeptBrowser, key: str, real) -> None:
        self._lender, self._key, self._real = lender, key, real
        self._origins: set[str] = set()
        self._spare = None  # the page kept for the next test's first new_page()
        self.changed = False

    def __getattr__(self, name: str):
        if name not in self.SAFE:
            self.changed = True
        return getattr(self._real, name)

    def new_page(self, **options):
        if self._spare is not None and not options:
            page, self._spare = self._spare, None
            return page
        page = self._real.new_page(**options)
        page.on("framenavigated", self._note)
        page._muggins_kept = (page.viewport_size, _listeners(page))  # type: ignore[attr-defined]
        return page

    def _note(self, frame) -> None:
        from urllib.parse import urlsplit

        parts = urlsplit(frame.url)
        if parts.scheme in ("http", "https"):
            self._origins.add(f"{parts.scheme}://{parts.netloc}")

    def close(self, **_options) -> None:
        self._lender.give_back(self)

    def empty(self) -> bool:
        """Close every page but one, forget what the app kept and keep that page for the next
        test; ``False`` if that failed (close it for real)."""
        try:
            keep = None
            for page in list(self._real.pages):
                kept = getattr(page, "_muggins_kept", None)
                if keep is None and kept is not None and _listeners(page) == kept[1] and not page._impl_obj._routes:
                    keep = page
                else:
                    page.close()
            if keep is None and self._origins:
                keep = self.new_page()
            if keep is not None:
                for origin in sorted(self._origins):
                    keep.goto(origin + "/_stcore/health")  # a few bytes of text on the app's own origin
                    keep.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
                size = keep._muggins_kept[0]
                if size is not None and keep.viewport_size != size:
                    keep.set_viewport_size(size)
                self._spare = keep
            self._origins.clear()
            self._real.clear_cookies()
            return True
        except Exception:  # a server already stopped, a page that would not close: start afresh
            return False


def _listeners(page) -> dict[str, int]:
    """How many listeners a page has, by event (Playwright's own and the lender's included)."""
    return {event: 1 if callable(handlers) else len(handlers) for event, handlers in page._impl_obj._events.items()}


class _KeptBrowser:
    """The session's browser, lending each test a context with the options it asks for from
    those given back (see :class:`_LentContext`): a page load in a context that has loaded the
    app before costs Chromium about a quarter less CPU and the server no script files (measured:
    1.5 s of browser CPU instead of 2.1 s, 0.06 s of server CPU instead of 0.25 s). Contexts
    open at the same time are always distinct (two browsers stay apart); one with a stored state
    is always new."""

    def __init__(self, real) -> None:
        self._real = real
        self._idle: dict[str, list[_LentContext]] = {}

    def __getattr__(self, name: str):
        return getattr(self._real, name)

    def new_context(self, **options):
        if (options.get("storage_state") is not None or options.get("record_video_dir") or options.get("record_har_path")
                or os.environ.get("MUGGINS_FRESH_CONTEXTS") == "1"):  # (the switch: every context new, as pytest-playwright's)
            return self._real.new_context(**options)
        key = repr(sorted(options.items()))
        idle = self._idle.setdefault(key, [])
        return idle.pop() if idle else _LentContext(self, key, self._real.new_context(**options))

    def give_back(self, lent: _LentContext) -> None:
        if lent.changed or not lent.empty():
            lent._real.close()
            return
        self._idle.setdefault(lent._key, []).append(lent)

    def close_all(self) -> None:
        for idle in self._idle.values():
            for lent in idle:
                lent._real.close()
        self._idle.clear()


_KEPT: list[_KeptBrowser] = []
"""This worker's browser (one), so that a failed test can drop the contexts kept for lending."""


@pytest.fixture(scope="session")
def browser(launch_browser):
    """pytest-playwright's browser, lending contexts (:class:`_KeptBrowser`)."""
    real = launch_browser()
    kept = _KeptBrowser(real)
    _KEPT.append(kept)
    yield kept
    _KEPT.remove(kept)
    kept.close_all()
    real.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """After a browser test fails, the contexts kept for lending are closed: its rerun starts in
    a new one. Two focus tests failed on their first try and on the rerun in one clean-clone run
    while passing alone and under load, which points at something a lent context carried."""
    outcome = yield
    report = outcome.get_result()
    if report.failed and call.when == "call" and "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
        for kept in _KEPT:
            kept.close_all()


def settle(page, quiet_ms: int = 400, timeout_ms: int = 30_000) -> None:
    """Wait until the app is connected and no script has run for ``quiet_ms``."""
    page.wait_for_selector("[data-testid='stApp'][data-test-connection-state='CONNECTED']", timeout=timeout_ms)
    deadline = time.monotonic() + timeout_ms / 1000
    while time.monotonic() < deadline:
        page.wait_for_selector("[data-testid='stApp'][data-test-script-state='notRunning']", timeout=timeout_ms)
        page.wait_for_timeout(quiet_ms)
        if page.locator("[data-testid='stApp'][data-test-script-state='notRunning']").count():
            return
    raise AssertionError("the app kept running")


def query(page) -> dict[str, str]:
    """The page address's query parameters."""
    from urllib.parse import parse_qsl, urlsplit

    return dict(parse_qsl(urlsplit(page.evaluate("location.href")).query))  # page.url can miss a replaceState


def key_class(page, prefix: str, timeout_ms: int = 15000) -> str:
    """The ``st-key-…`` class of the button whose key is ``prefix`` plus its state token."""
    handle = page.wait_for_function("""(prefix) => {
        const el = [...document.querySelectorAll('[class*="st-key-' + prefix + '-t"]')].find(e =>
            [...e.classList].some(c => new RegExp('^st-key-' + prefix.replace(/[.*+?^${}()|[\\]\\\\]/g, '\\\\$&') + '-t[0-9a-z]+$').test(c)));
        return el ? [...el.classList].find(c => c.startsWith('st-key-' + prefix + '-t')) : null;
    }""", arg=prefix, timeout=timeout_ms)
    return handle.json_value()


def click_key(page, prefix: str, timeout_ms: int = 15000) -> None:
    """Click the button keyed ``prefix`` (with any state token) and wait until that button
    is gone: every action changes the state, so the page redraws its buttons with new
    tokens (tutorial/app/shell/clicks.py) and whatever is looked for next is on the new page."""
    cls = key_class(page, prefix)
    page.locator(f".{cls} button").locator("visible=true").first.click()
    try:
        page.wait_for_selector(f".{cls}", state="detached", timeout=5000)
    except Exception:
        # On a busy machine the click can land while the page is still being redrawn: the
        # app then ignores it as made on an earlier table (tutorial/app/shell/clicks.py) and the
        # button stays. A learner would click again; so does the test, once.
        if page.locator(f".{cls} button").count():
            page.locator(f".{cls} button").locator("visible=true").first.click()
        page.wait_for_selector(f".{cls}", state="detached", timeout=timeout_ms)


def wait_for_alert(page, kind: str, timeout_ms: int = 15000) -> None:
    """Wait for a message box of ``kind`` (``Error``, ``Success``, ``Info``, ``Warning``)."""
    page.wait_for_selector(f"[data-testid='stAlertContent{kind}']", timeout=timeout_ms)


def wait_for_step(page, step_id: str, timeout_ms: int = 15000) -> None:
    """Wait until the address names lesson step ``step_id`` (the page has moved on)."""
    page.wait_for_function("(id) => new URLSearchParams(location.search).get('step') === id", arg=step_id,
                           timeout=timeout_ms)


def wait_for_shown_step(page, lesson_id: str, step_id: str, timeout_ms: int = 15000) -> None:
    """Wait until the page shows lesson step ``step_id`` (its controls, keyed by lesson and
    step) and the run that drew it has ended (the address changes before: Back, Forward)."""
    page.wait_for_selector(f"[class*='st-key-{lesson_id}-{step_id}-']", state="attached", timeout=timeout_ms)
    settle(page, quiet_ms=250)


VISIT = "(to) => { history.pushState(null, '', to); dispatchEvent(new PopStateEvent('popstate')); }"


def visit_in_session(page, address: str) -> None:
    """Open ``address`` (``/lessons?lang=es&lesson=…``) in the page's own session, as the
    browser's Back or Forward does: the app follows its language, lesson, step, presenter
    mode, table look and lab (tutorial.app.shell.session.FOLLOWED). About a fifth of a page
    load's work for Chromium (0.14 s of CPU against 0.77 s, measured 2026-12-03). The caller
    waits for what the address shows (the address itself changes at once)."""
    page.evaluate(VISIT, address)


# ----- axe-core (tests/browser/test_axe.py, and presenter pages in test_presenter.py) --------------
AXE_VERSION = "4.14.1"
"""The axe-core release the check runs (npm package ``axe-core``)."""


def _cache_folder() -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "muggins-tutor-tests" / f"axe-core-{AXE_VERSION}"


def _unavailable(reason: str):
    if os.environ.get("MUGGINS_REQUIRE_BROWSER") == "1":
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def axe_js() -> Path:
    """``axe.min.js`` of :data:`AXE_VERSION`: ``$MUGGINS_AXE_JS``, or installed from npm once."""
    given = os.environ.get("MUGGINS_AXE_JS")
    if given:
        if not Path(given).is_file():
            _unavailable(f"MUGGINS_AXE_JS names no file: {given}")
        return Path(given)
    folder = _cache_folder()
    package = folder / "node_modules" / "axe-core"
    script = package / "axe.min.js"

    def installed() -> bool:
        try:
            return script.is_file() and json.loads((package / "package.json").read_text())["version"] == AXE_VERSION
        except (OSError, ValueError, KeyError):
            return False

    if not installed():
        npm = shutil.which("npm")
        if npm is None:
            _unavailable("npm is needed to fetch axe-core (or set MUGGINS_AXE_JS to an axe.min.js)")
        folder.mkdir(parents=True, exist_ok=True)
        done = subprocess.run([npm, "install", "--prefix", str(folder), "--no-save", "--no-audit", "--no-fund",
                               "--ignore-scripts", "--loglevel", "error", f"axe-core@{AXE_VERSION}"],
                              capture_output=True, text=True, timeout=300)
        if done.returncode != 0 or not installed():
            _unavailable(f"npm could not install axe-core@{AXE_VERSION}: {(done.stderr or done.stdout)[-800:]}")
    return script
