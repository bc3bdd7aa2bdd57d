"""Lint and types are part of the test run: ruff on the whole project, mypy --strict on the engine, the drawing and the explorer."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: pip install -e '.[test]'")
    return found


def test_ruff_finds_nothing():
    done = subprocess.run([tool("ruff"), "check", "--output-format", "concise", "."], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-1000:]


def test_the_engine_and_the_drawing_type_check_strictly():
    done = subprocess.run([tool("mypy"), "--strict", "tutorial/engine", "tutorial/draw", "tutorial/explore"], cwd=ROOT, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-1000:]
