"""Lint and types are part of the test run: ruff on the whole project and ``mypy --strict
tutorial``, the whole package (every package is clean since issue 18; a package that is
not would be listed in :data:`NOT_YET_STRICT` and the suite would check the others)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

STRICT_PACKAGES = [
    "tutorial/engine",
    "tutorial/draw",
    "tutorial/explore",
    "tutorial/classroom",
    "tutorial/narrate",
    "tutorial/practice",
    "tutorial/cli",
    "tutorial/store",
    "tutorial/deploy",
    "tutorial/app",
    "tutorial/lessons",
    "tutorial/training",
]
"""The packages ``mypy --strict`` checks in the suite, with every top-level module
(``tutorial/*.py``). Add a package here once ``mypy --strict tutorial/<package>`` is clean,
and take it out of :data:`NOT_YET_STRICT`."""

NOT_YET_STRICT: list[str] = []
"""The packages not yet clean under ``mypy --strict`` (issue 18). When this list is empty
the suite checks :data:`STRICT_EVERYTHING` instead of the list above."""

STRICT_EVERYTHING = ["tutorial"]
"""The final form: ``mypy --strict tutorial``, the whole package."""

MYPY_CACHE = ROOT / ".mypy_cache"
"""mypy's cache (git-ignored). It is kept between runs: a cold check analyses the
third-party packages reached (Streamlit through the command line's ``app``, Dask and NumPy
through the explorer) and takes minutes on a 2-core machine, a warm one seconds."""


def tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: pip install -e '.[test]'")
    return found


def strict_targets() -> list[str]:
    """What ``mypy --strict`` checks: the clean packages and the top-level modules, or the
    whole package once every package is clean."""
    if not NOT_YET_STRICT:
        return STRICT_EVERYTHING
    return STRICT_PACKAGES + sorted(str(path.relative_to(ROOT)) for path in (ROOT / "tutorial").glob("*.py"))


def test_ruff_finds_nothing():
    done = subprocess.run([tool("ruff"), "check", "--output-format", "concise", "."], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-1000:]


def test_every_package_is_either_checked_strictly_or_listed_as_not_yet():
    packages = sorted(f"tutorial/{path.parent.name}" for path in (ROOT / "tutorial").glob("*/__init__.py"))
    assert sorted(STRICT_PACKAGES + NOT_YET_STRICT) == packages
    assert not set(STRICT_PACKAGES) & set(NOT_YET_STRICT)


def test_the_clean_packages_type_check_strictly():
    done = subprocess.run([tool("mypy"), "--strict", "--cache-dir", str(MYPY_CACHE), *strict_targets()], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-1000:]
