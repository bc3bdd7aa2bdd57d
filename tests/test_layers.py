"""The engine stays pure: no Streamlit, Pillow or gettext below the interface."""

import ast
from pathlib import Path

import tutorial

PACKAGE = Path(tutorial.__file__).parent
FORBIDDEN = {"streamlit", "PIL", "gettext", "babel"}


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def test_engine_and_lessons_import_no_interface_libraries():
    checked = list((PACKAGE / "engine").glob("*.py")) + list((PACKAGE / "lessons").glob("*.py")) + list((PACKAGE / "explore").glob("*.py"))
    checked += list((PACKAGE / "practice").glob("*.py"))
    assert len(checked) > 8
    for path in checked:
        assert not imports(path) & FORBIDDEN, path


def test_the_words_layers_draw_nothing():
    """The narrator and the screen models (``tutorial/app/<feature>/model*.py``) turn codes
    into words and decide what a page shows; they use no Streamlit and no Pillow (the
    views draw)."""
    checked = list((PACKAGE / "narrate").glob("*.py")) + list((PACKAGE / "app").glob("*/model*.py"))
    assert len(checked) > 5
    for path in checked:
        assert not imports(path) & {"streamlit", "PIL"}, path


def test_only_the_app_imports_streamlit():
    for path in PACKAGE.rglob("*.py"):
        if "app" in path.relative_to(PACKAGE).parts:
            continue
        assert "streamlit" not in imports(path), path


def test_the_table_layout_and_scene_are_plain_python():
    """Where everything sits and what a table shows are shared by the browser, the Pillow
    picture and the practice screen model: they draw nothing themselves."""
    for name in ("layout.py", "scene.py"):
        assert not imports(PACKAGE / "draw" / name) & {"streamlit", "PIL", "gettext", "babel"}, name


def test_training_is_plain_python():
    """The training core (generator, scheduler, words) draws nothing: no Streamlit, no Pillow."""
    checked = list((PACKAGE / "training").glob("*.py"))
    assert len(checked) >= 5
    for path in checked:
        assert not imports(path) & {"streamlit", "PIL"}, path


def test_no_page_script_holds_a_bare_string_streamlit_would_show():
    """Streamlit's magic writes on the page every bare expression of a page script, a string
    after a constant meant as its docstring included (Home showed "The text field of *Use a
    code from another device*."). Only the module's own docstring is left alone."""
    import ast

    app = Path(__file__).resolve().parent.parent / "tutorial" / "app"
    found = []

    def walk(body, path, top):
        for index, node in enumerate(body):
            if (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
                    and not (top and index == 0)):
                found.append(f"{path.relative_to(app)}:{node.lineno}")
            if isinstance(node, (ast.With, ast.If, ast.For, ast.While, ast.Try)):
                for part in ("body", "orelse", "finalbody"):
                    walk(getattr(node, part, []), path, False)

    for path in [*sorted(app.rglob("page.py")), app / "streamlit_app.py"]:
        walk(ast.parse(path.read_text(encoding="utf-8")).body, path, True)
    assert not found, found


def test_the_store_and_the_deployment_are_plain_python_and_the_driver_loads_only_when_used():
    """The stores and ``muggins serve`` draw and say nothing (no Streamlit, Pillow, gettext); the
    PostgreSQL driver is imported only by its store (it costs ~0.3 s: the command line, and an
    app on SQLite, never pay it)."""
    checked = list((PACKAGE / "store").glob("*.py")) + list((PACKAGE / "deploy").glob("*.py"))
    assert len(checked) >= 8
    for path in checked:
        assert not imports(path) & FORBIDDEN, path
        if path.name not in ("postgres.py", "local_postgres.py"):  # the second only inside its functions
            assert not imports(path) & {"psycopg", "psycopg_pool"}, path
    import subprocess
    import sys

    code = "import sys, tutorial.store, tutorial.cli.commands; print('psycopg' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "False"
