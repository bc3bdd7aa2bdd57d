"""The documentation site builds (issue 40): ``mkdocs build --strict`` of ``mkdocs.yml`` and
``docs/``, offline, into a temporary folder; the built site has the learners' and teachers'
guides in English and Spanish, the Command line page made from the parsers, the rule book's
anchors, and no link to a rule book outside the repository.

Needs the ``docs`` extra (``pip install -e ".[test,docs]"``); without MkDocs these tests are
skipped, unless ``MUGGINS_REQUIRE_DOCS=1`` (set by ``.ci/run``), when they fail.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tutorial.cli import commands

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.xdist_group("docs")  # one build, on one worker

NO_NETWORK = "http://127.0.0.1:9"
"""A proxy that answers nothing: a build that tried to fetch anything would fail."""


def _have_mkdocs() -> bool:
    return all(importlib.util.find_spec(name) is not None for name in ("mkdocs", "material", "mkdocs_static_i18n"))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not _have_mkdocs():
        if os.environ.get("MUGGINS_REQUIRE_DOCS") == "1":
            pytest.fail('MUGGINS_REQUIRE_DOCS=1 but MkDocs is not installed: pip install -e ".[docs]"')
        pytest.skip('MkDocs, Material for MkDocs or mkdocs-static-i18n is not installed (pip install -e ".[docs]")')
    out = tmp_path_factory.mktemp("site")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", HTTP_PROXY=NO_NETWORK, HTTPS_PROXY=NO_NETWORK,
               http_proxy=NO_NETWORK, https_proxy=NO_NETWORK, NO_PROXY="", no_proxy="")
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(ROOT / "mkdocs.yml"),
                           "--site-dir", str(out)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, f"mkdocs build --strict failed after {time.monotonic() - started:.1f} s:\n{done.stderr}"
    return out


def _page(site: Path, path: str) -> str:
    page = site / path / "index.html"
    assert page.is_file(), f"the site has no {path}/"
    return page.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", ["learning", "teaching"])
def test_the_learners_and_teachers_guides_are_in_english_and_spanish(site, path):
    english = _page(site, path)
    spanish = _page(site, f"es/{path}")
    assert '<html lang="en"' in english
    assert '<html lang="es"' in spanish
    assert spanish != english
    title = {"learning": "Aprender", "teaching": "Enseñar con Muggins Tutor"}[path]
    assert "<h1" in spanish and title in spanish


def test_every_guide_is_built(site):
    for path in ("", "learning", "teaching", "rules", "explorer", "serving", "command-line", "contributing",
                 "performance", "es"):
        assert (site / path / "index.html").is_file(), path


def test_the_command_line_page_is_every_sub_commands_help(site):
    page = _page(site, "command-line")
    for action in commands.parser()._subparsers._group_actions:  # type: ignore[union-attr]
        for name in action.choices:  # type: ignore[union-attr]
            assert f"usage: muggins {name}" in page, name


@pytest.mark.parametrize("path", ["rules", "es/rules"])
def test_the_rule_book_has_every_section_and_ruling_as_an_anchor(site, path):
    from tutorial import rulebook

    page = _page(site, path)
    for section in rulebook.SECTIONS:
        assert f'id="{section.anchor}"' in page, section.id
    for ruling in rulebook.RULINGS:
        assert f'id="{ruling.code}"' in page, ruling.code


def test_no_page_links_to_a_rule_book_outside_the_repository(site):
    for page in site.rglob("*.html"):
        links = re.findall(r'href="([^"]*)"', page.read_text(encoding="utf-8"))
        assert not [link for link in links if "RULES.md" in link], page


def test_no_code_names_a_rule_book_outside_the_repository():
    """Docstrings and comments cite the project's own rule book, docs/rules.md (issue 40: 25 cited a
    RULES.md the repository does not have)."""
    named = [str(path.relative_to(ROOT)) for folder in ("tutorial", "benchmarks", "tests", "lessons", "tools")
             for path in (ROOT / folder).rglob("*") if path.suffix in (".py", ".toml", ".md", ".js")
             and path.name != "test_docs.py" and "RULES.md" in path.read_text(encoding="utf-8", errors="replace")]
    assert not named, named
    assert (ROOT / "docs" / "rules.md").is_file()
