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


SHARED_AT_MODULE_LEVEL = {
    "tutorial/app/classroom/state.py:_store": "the process's handle on the room store (or when opening it last failed)",
    "tutorial/app/practice/view.py:_UNDER_WAY": "whether a hand of a game is under way, by the SHA-256 digest of its "
                                                "address (Home's Continue without a replay): no deal, no decision",
    "tutorial/classroom/session.py:_refused": "refused class-room requests counted by code, for the operator's log",
    "tutorial/engine/cards.py:_BY_TEXT": "cards interned once (immutable values)",
    "tutorial/engine/cards.py:_CARDS": "cards interned once (immutable values)",
    "tutorial/engine/cards.py:_RANK_BY_TEXT": "the ranks' texts, filled at import",
    "tutorial/engine/cards.py:_SUIT_BY_TEXT": "the suits' texts, filled at import",
    "tutorial/engine/rules.py:_COMMONS": "destinations interned once (immutable values)",
    "tutorial/engine/rules.py:_DISCARDS": "destinations interned once (immutable values)",
    "tutorial/explore/lean.py:_keys": "Zobrist keys drawn once from a fixed seed",
    "tutorial/lessons/steps.py:KINDS": "the registry of step kinds, filled at import",
    "tutorial/practice/game.py:REPLAYS": "a lock: one long replay at a time per process",
    "tutorial/practice/moves.py:_LONG": "the move symbols, filled at import",
    "tutorial/store/postgres.py:_pools": "a connection pool per database address",
    "tutorial/store/postgres.py:_unreachable": "when a database address was last found unreachable",
    "tutorial/store/postgres.py:_hiding": "the database addresses whose passwords log records hide",
    "tutorial/store/postgres.py:_watchdog": "the deadlines of the calls waiting on the database",
    "tutorial/store/sql_rooms.py:_LOGGED": "when each kind of store fault was last logged",
    "tutorial/training/schedule.py:SCHEDULER": "FSRS's settings (the learner's state is passed in)",
}
"""Every module-level container or object that its module changes, with what it holds: none holds
a learner's data (Streamlit runs every session in one process, and several processes serve a
school: a learner's state lives in ``st.session_state``, their browser and the store). Page
scripts (``page.py``) are not modules: Streamlit runs them afresh for each run."""


def test_nothing_per_user_is_kept_at_module_level():
    import ast

    mutators = {"append", "add", "update", "setdefault", "pop", "clear", "remove", "extend", "insert", "discard",
                "popitem", "appendleft", "__setitem__"}
    containers = {"dict", "list", "set", "defaultdict", "Counter", "OrderedDict", "deque"}
    found = set()
    root = PACKAGE.parent
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "page.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names: dict[str, str] = {}
        for node in tree.body:
            if isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                targets, value = [node.target], node.value
            else:
                continue
            kind = None
            if isinstance(value, (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)):
                kind = "container"
            elif isinstance(value, ast.Call):
                called = value.func.id if isinstance(value.func, ast.Name) else getattr(value.func, "attr", "")
                kind = "container" if called in containers else "object" if called.lstrip("_")[:1].isupper() else None
            for target in targets:
                if kind and isinstance(target, ast.Name):
                    names[target.id] = kind
        for node in ast.walk(tree):
            changed: list[str] = []
            if isinstance(node, ast.Global):
                changed = list(node.names)
            elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
                targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
                changed = [t.value.id for t in targets if isinstance(t, (ast.Subscript, ast.Attribute)) and isinstance(t.value, ast.Name)]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name):
                name = node.func.value.id
                if node.func.attr in mutators or names.get(name) == "object":
                    changed = [name]
            found |= {f"{path.relative_to(root).as_posix()}:{name}" for name in changed if name in names}
    assert found == set(SHARED_AT_MODULE_LEVEL), (sorted(found - set(SHARED_AT_MODULE_LEVEL)), sorted(set(SHARED_AT_MODULE_LEVEL) - found))
