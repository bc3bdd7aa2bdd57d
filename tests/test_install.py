"""The built package: a wheel installed outside the checkout finds its lessons and catalogs.

The wheel is built from a copy of the sources (so no ``build/`` folder is
left in the checkout, nor stale files from one taken into the wheel) with
``pip wheel --no-deps``, and installed with ``--no-deps`` into a fresh
virtual environment in a temporary folder; that environment sees the test
environment's packages (Streamlit, Babel, …) through a ``.pth`` file, so
nothing is downloaded again except the build backend when pip has no copy.
"""

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT

from tutorial import resources
from tutorial.cli.commands import explain

pytestmark = pytest.mark.xdist_group("install")
"""One worker for this module (``--dist loadgroup``): the wheel and its environment are built
once, not once per worker that runs one of these tests. Their fixtures are session-scoped: the
worker runs other modules' tests between these, and a module-scoped fixture would be torn down
and built again each time (three wheels were built in one run)."""

SOURCES = ("pyproject.toml", "README.md", "tutorial", "lessons", "locales")
LESSON_FILES = sorted(path.name for path in (ROOT / "lessons").glob("*.toml"))
CATALOGS = sorted(path.relative_to(ROOT / "locales").as_posix() for path in (ROOT / "locales").glob("*/LC_MESSAGES/*.po"))
SPANISH = "es/LC_MESSAGES/messages.po"


def run(command, **kwargs):
    done = subprocess.run([str(part) for part in command], capture_output=True, text=True, timeout=600, **kwargs)
    assert done.returncode == 0, f"{command}: {done.stdout[-2000:]}{done.stderr[-2000:]}"
    return done


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    """A wheel built from a copy of this checkout's sources."""
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(ROOT / name, source / name)
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check", "-q", "-w", base / "dist", source])
    (built,) = (base / "dist").glob("muggins_tutor-*.whl")
    return built


@pytest.fixture(scope="session")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh virtual environment outside the checkout with the wheel installed; its folder."""
    venv = tmp_path_factory.mktemp("venv") / "env"
    run([sys.executable, "-m", "venv", "--without-pip", venv])
    python = venv / "bin" / "python"
    site = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"]).stdout.strip())
    ours = dict.fromkeys([sysconfig.get_path("purelib"), sysconfig.get_path("platlib")])
    (site / "test-environment.pth").write_text("".join(f"{path}\n" for path in ours))
    run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index",
         "--disable-pip-version-check", "-q", wheel])
    return venv


def outside(venv: Path, *command, tmp_path: Path):
    """Run ``command`` with the environment's interpreter or script, from a folder outside the checkout."""
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    cwd = tmp_path / "elsewhere"
    cwd.mkdir(exist_ok=True)
    assert ROOT not in cwd.resolve().parents and ROOT not in venv.resolve().parents
    return subprocess.run([str(venv / "bin" / command[0]), *map(str, command[1:])], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_wheel_holds_the_code_lessons_and_catalogs_inside_the_package(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for lesson in LESSON_FILES:
        assert f"tutorial/data/lessons/{lesson}" in names
    assert SPANISH in CATALOGS
    for catalog in CATALOGS:
        assert f"tutorial/data/locales/{catalog}" in names
    code = {path.relative_to(ROOT).as_posix() for path in (ROOT / "tutorial").rglob("*.py") if "__pycache__" not in path.parts}
    assert code - names == set(), "add the missing packages to [tool.setuptools] packages in pyproject.toml"
    tops = {name.split("/")[0] for name in names}
    assert {top for top in tops if not top.endswith(".dist-info")} == {"tutorial"}  # no top-level lessons/ or locales/
    cards = {path.relative_to(ROOT).as_posix() for path in (ROOT / "tutorial" / "app" / "static" / "cards").glob("*.png")}
    from tutorial.draw.cards import FOUR_FILES
    expected = 52 + 13 * len(FOUR_FILES) + 2  # every face, the four-colour faces that differ, a back, an empty place
    assert len(cards) == expected and cards - names == set()  # every card picture the browser table asks for
    table = {path.relative_to(ROOT).as_posix() for path in (ROOT / "tutorial" / "app" / "static" / "table").iterdir()}
    assert table == {"tutorial/app/static/table/table.js", "tutorial/app/static/table/table.css"} and table <= names  # its script, style
    assert "tutorial/app/.streamlit/config.toml" in names  # the app's theme, read beside the entry script
    with zipfile.ZipFile(wheel) as archive:
        for lesson in LESSON_FILES:
            assert archive.read(f"tutorial/data/lessons/{lesson}") == (ROOT / "lessons" / lesson).read_bytes()
        assert archive.read(f"tutorial/data/locales/{SPANISH}") == (ROOT / "locales" / SPANISH).read_bytes()
        theme = ROOT / "tutorial" / "app" / ".streamlit" / "config.toml"
        assert archive.read("tutorial/app/.streamlit/config.toml") == theme.read_bytes()


def test_installed_package_finds_its_own_lessons_and_catalogs(installed, tmp_path):
    done = outside(installed, "python", "-c", "import tutorial.resources as r; print(r.LESSONS_DIR); print(r.LOCALES_DIR)", tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    lessons, locales = map(Path, done.stdout.split("\n")[:2])
    site = lessons.parent.parent.parent
    assert lessons.parts[-3:] == ("tutorial", "data", "lessons") and locales.parts[-3:] == ("tutorial", "data", "locales")
    assert installed.resolve() in lessons.resolve().parents
    assert sorted(path.name for path in lessons.glob("*.toml")) == LESSON_FILES and (locales / SPANISH).is_file()
    assert not (site / "lessons").exists() and not (site / "locales").exists()


def test_installed_command_checks_every_lesson(installed, tmp_path):
    done = outside(installed, "muggins", "lessons", "check", tmp_path=tmp_path)
    assert len(LESSON_FILES) == 10
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "10 lessons checked, 0 problem(s).\n")


def test_installed_command_explains_in_spanish(installed, tmp_path):
    example = EXAMPLES / "example-1.toml"
    done = outside(installed, "muggins", "explain", example, "--play", "discard:B", "--lang", "es", tmp_path=tmp_path)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    spanish = explain(str(example), "discard:B", "es")["text"]
    assert spanish != explain(str(example), "discard:B", "en")["text"]
    assert done.stdout == spanish + "\n"
    assert "Muggins" in done.stdout and "6♥" in done.stdout


# ----- tutorial.resources in the checkout ------------------------------------

def test_checkout_uses_its_top_level_folders():
    from tutorial import i18n, lessons

    assert resources.LESSONS_DIR == lessons.LESSONS_DIR == ROOT / "lessons"
    assert resources.LOCALES_DIR == i18n.LOCALES_DIR == ROOT / "locales"


def test_packaged_folder_first_and_only_our_own_checkout_as_fallback(tmp_path, monkeypatch):
    checkout, package = tmp_path / "checkout", tmp_path / "checkout" / "tutorial" / "data"
    (checkout / "lessons").mkdir(parents=True)
    monkeypatch.setattr(resources, "CHECKOUT", checkout)
    monkeypatch.setattr(resources, "PACKAGE_DATA", package)
    assert resources.data_dir("lessons") == package / "lessons"  # no pyproject.toml: not a checkout
    for text in ('[project]\nname = "another-project"\n', "not = [toml", "[tool.x]\n"):
        (checkout / "pyproject.toml").write_text(text)
        assert resources.data_dir("lessons") == package / "lessons"
    (checkout / "pyproject.toml").write_text('[project]\nname = "muggins-tutor"\n')
    assert resources.data_dir("lessons") == checkout / "lessons"
    assert resources.data_dir("locales") == package / "locales"  # the checkout has none
    (package / "lessons").mkdir(parents=True)
    assert resources.data_dir("lessons") == package / "lessons"
    with pytest.raises(ValueError):
        resources.data_dir("tutorial")


def test_a_missing_data_folder_is_logged(tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(resources, "CHECKOUT", tmp_path / "nowhere")
    monkeypatch.setattr(resources, "PACKAGE_DATA", tmp_path / "data")
    with caplog.at_level("WARNING", logger="tutorial.resources"):
        assert resources.data_dir("locales") == tmp_path / "data" / "locales"
    assert "no locales folder" in caplog.text and str(tmp_path / "data" / "locales") in caplog.text
