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
    checked = list((PACKAGE / "engine").glob("*.py")) + [p for p in (PACKAGE / "lessons").glob("*.py")] + [PACKAGE / "practice.py"]
    assert len(checked) > 8
    for path in checked:
        assert not imports(path) & FORBIDDEN, path


def test_only_the_app_imports_streamlit():
    for path in PACKAGE.rglob("*.py"):
        if "app" in path.relative_to(PACKAGE).parts:
            continue
        assert "streamlit" not in imports(path), path
