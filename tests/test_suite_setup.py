"""The suite's own arrangements hold (README, "Tests"): under ``-n``, the tests of one
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
