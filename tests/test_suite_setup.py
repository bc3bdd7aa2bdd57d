"""The suite's own arrangements hold (docs/contributing.md, "The tests"): under ``-n``, the tests of one
``xdist_group`` run on one worker, so a module's own server (tests/browser/conftest.py:
``OWN_SERVERS``) and the PostgreSQL cluster start once per run, not once per worker.

pytest 9.2 with pytest-xdist 3.8 broke this without a word (pytest-xdist#1386: xdist marks a
grouped test by rewriting its node id, which pytest 9.2 no longer reads back): every worker
then started each of those servers and its own cluster. pyproject.toml keeps pytest below 9.2
until xdist has a release that groups again; this test fails if a grouped test runs ungrouped."""

import os

import pytest


@pytest.mark.xdist_group("suite-setup")
def test_a_grouped_test_runs_as_part_of_its_group(request):
    if not os.environ.get("PYTEST_XDIST_WORKER") or not request.config.getoption("loadgroup", default=False):
        pytest.skip("not run by pytest-xdist with --dist loadgroup")
    # xdist's scheduler sends a whole group to one worker by this suffix of the node id
    assert request.node.nodeid.endswith("@suite-setup"), (
        f"{request.node.nodeid}: --dist loadgroup ignores xdist_group with pytest {pytest.__version__} "
        "(pytest-xdist#1386): keep pytest at a version whose node ids xdist can mark")


HANGS = '''
import os


def test_waits_on_a_pipe_nobody_writes():
    read, write = os.pipe()  # as the school's fixture once waited for a line of muggins serve's
    os.read(read, 1)
'''


def test_a_hanging_test_fails_within_its_limit_with_its_stack(tmp_path, request):
    """A test that hangs fails alone, with its stack, under the suite's own settings (the limit of
    [tool.pytest.ini_options], pytest-xdist's workers): the run goes on instead of waiting for
    CI's limit with no word of where (issue 41)."""
    import subprocess
    import sys
    import time

    limit = request.config.getini("timeout")
    assert 60 <= float(limit) <= 600, f"the suite's time limit per test is {limit!r} s"
    assert request.config.getini("timeout_method") == "signal"  # the test fails; its worker goes on
    (tmp_path / "test_hang.py").write_text(HANGS)
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-c", str(request.config.inipath), "--rootdir", str(tmp_path),
         "-o", "addopts=-n 1 -p no:cacheprovider", "--timeout", "3", str(tmp_path / "test_hang.py")],
        cwd=tmp_path, capture_output=True, text=True, timeout=120)
    elapsed = time.monotonic() - started
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr[-2000:]
    assert "Failed: Timeout (>3.0s)" in done.stdout, done.stdout[-3000:]
    assert "os.read(read, 1)" in done.stdout, "the stack shows where it hung: " + done.stdout[-3000:]
    assert "1 failed" in done.stdout
    assert elapsed < 60, elapsed
