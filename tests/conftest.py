import atexit
import math
import os
import shutil
import signal
import sys
import tempfile
from pathlib import Path

import pytest

# Tests click as fast as a machine can, so the guard that ignores a click on a control
# shown too briefly for anyone to have seen it (tutorial/app/shell/dwell.py) is switched off
# for them: the app and every server the browser tests start read this once. The guard
# itself is tested with fake clocks (tests/test_clicks.py) and in a real browser against
# a server with the real threshold (tests/browser/test_clicks.py).
os.environ["MUGGINS_MIN_SEEN_MS"] = "0"
os.environ["MUGGINS_ADDRESS_RUNS"] = "0"  # every test page comes from this machine: no pace per address (tests/test_fair.py tests it)

# The suite never touches a learner's or a school's data: the store of every test without a
# folder of its own is a fresh folder (a test sets its own where it looks at it), never the
# data folder of whoever runs the tests, and no database named in their environment.
DATA_DIR = tempfile.mkdtemp(prefix="muggins-tests-")  # one per process of the suite (the workers' own)
os.environ["MUGGINS_DATA_DIR"] = DATA_DIR
atexit.register(shutil.rmtree, DATA_DIR, ignore_errors=True)  # 500 were left in /tmp after a day of runs
os.environ.pop("MUGGINS_DATABASE_URL", None)

# Bytecode caches are written even where PYTHONDONTWRITEBYTECODE is set (as on this project's
# machines): the README installs with --no-compile, so without them every Python process of
# the suite — the xdist workers, each app server the browser tests start, every command-line
# and wheel test, a Dask cluster's workers — compiled Streamlit, pandas, Altair and the rest
# from source again (measured: 5.1 s of CPU to import them against 1.7 s from caches). This
# module is loaded before the workers start, so they and everything they start inherit it.
# The caches land in ``__pycache__`` folders, which git ignores.
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
    sys.dont_write_bytecode = False

# Every process the suite starts (``muggins serve``, ``muggins app``, the command line) runs as a
# new user's shell or a service manager starts it: without PYTHONUNBUFFERED (set on this project's
# machines), so output written to a file or a pipe is buffered unless the program sees to it —
# ``muggins serve`` held its readiness line back so, and its test waited for ever (issue 41).
os.environ.pop("PYTHONUNBUFFERED", None)


def _stop_as_interrupted(signum, frame):
    """SIGTERM ends a run as Ctrl+C does: pytest then tears its fixtures down, so the servers they
    started (app processes, ``muggins serve``, PostgreSQL clusters) stop with the run."""
    raise KeyboardInterrupt(f"signal {signum}")


signal.signal(signal.SIGTERM, _stop_as_interrupted)



def pytest_xdist_auto_num_workers(config):
    """``-n auto``: half as many workers again as there are cores (3 on this project's 2-core
    machine), at most 8. A browser test spends much of its time waiting for the page to settle
    (tests/browser/conftest.py: settle); a third worker uses the cores while two wait."""
    return min(8, max(2, math.ceil(1.5 * (os.cpu_count() or 1))))


LONGEST_FIRST = (
    "test_axe.py::test_every_page_passes_axe",
    "test_presenter.py::test_the_steps_with_the_most_on_them_fit_a_projector",
    "test_quality.py::test_the_clean_packages_type_check_strictly",
    "test_classroom.py::test_a_teacher_and_two_students_join",
    "test_explorer.py::test_a_study_s_charts_fit_every_screen",
    "test_app.py::test_any_address_on_any_page_gives_a_page_not_a_traceback",
)
"""The suite's longest tests (20–45 s each in a full run), handed to the workers first: started
last, one of them kept a worker busy while the others had finished (the machine 40 % idle for
the run's last 25 s)."""


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: not any(name in item.nodeid for name in LONGEST_FIRST))  # stable: the rest as collected
    if config.getoption("no_cov", default=False):
        # pytest-cov 7.1 pauses its tracer for a ``no_cover`` test even under --no-cov, where it
        # has none, and the test fails with AttributeError: without coverage the mark means nothing.
        for item in items:
            item.own_markers = [mark for mark in item.own_markers if mark.name != "no_cover"]


ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "tests" / "positions"

from tutorial.engine import Card, Position  # noqa: E402


def cards(text: str) -> list[Card]:
    """``"6H 7D"`` → ``[Card 6H, Card 7D]``."""
    return [Card.parse(part) for part in text.split()]


def position(commons: str, stocks: dict[str, str] | None = None, discards: dict[str, str] | None = None,
             players: str = "A B C D", to_move: str = "A") -> Position:
    """A position from compact text: commons as space-separated tops, piles as card lists."""
    return Position.build(
        players.split(), to_move, [[card] for card in cards(commons)],
        {name: cards(text) for name, text in (stocks or {}).items()},
        {name: cards(text) for name, text in (discards or {}).items()},
    )


@pytest.fixture
def root() -> Path:
    return ROOT


def pytest_terminal_summary(terminalreporter):
    """Why each rerun test failed the first time (pytest-rerunfailures lists only its name):
    the end of its failure, so a timing fault can be chased from a CI log."""
    reruns = terminalreporter.stats.get("rerun", [])
    if not reruns:
        return
    terminalreporter.section("why the reruns failed the first time")
    for report in reruns:
        lines = (getattr(report, "longreprtext", "") or "").splitlines()
        terminalreporter.write_line(f"{report.nodeid}:")
        # the test's own lines (where it waited or asserted, not Playwright's insides), then the error
        ours = [line for line in lines if line.startswith(("tests/", "tests\\")) or line.lstrip().startswith(">")]
        errors = [line for line in lines if line.startswith("E ")]
        for line in (ours[-8:] + errors[-6:]) or lines[-25:]:
            terminalreporter.write_line(f"    {line}")


# ----- the stores: SQLite and PostgreSQL (tests/stores.py) -----------------------------------
from stores import Cluster, make_place  # noqa: E402

BOTH_STORES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.xdist_group("postgres"))]


def pytest_configure(config):
    if not hasattr(config, "workerinput"):  # once per run, before the workers start their own
        from stores import reap_left_clusters

        for folder in reap_left_clusters():
            print(f"stopped a PostgreSQL cluster a killed run left running: {folder}", file=sys.stderr)


@pytest.fixture(scope="session")
def postgres_cluster():
    cluster = Cluster()
    yield cluster
    cluster.close()


@pytest.fixture(params=BOTH_STORES)
def place(request, tmp_path, postgres_cluster):
    """Where a store test keeps its store: each test runs once on SQLite, once on PostgreSQL."""
    found, end = make_place(request.param, tmp_path, postgres_cluster)
    yield found
    if end is not None:
        end()
