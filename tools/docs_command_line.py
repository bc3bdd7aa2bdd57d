"""The documentation site's Command line page, made from the ``muggins`` command's own
argparse parsers at build time, so the page is the ``--help`` of each sub-command and
cannot drift from it.

``mkdocs.yml`` names this file as a hook: :func:`on_files` adds the page to every
language's build. (A hook rather than mkdocs-gen-files: mkdocs-static-i18n keeps only the
pages that lie in ``docs/``, and drops the ones gen-files writes to a temporary folder; a
hook that runs after it adds the page to each language's build.)

Run by hand, it prints the page: ``python tools/docs_command_line.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["COLUMNS"] = "100"  # argparse wraps to the terminal's width: the page's is fixed

from mkdocs.config.defaults import MkDocsConfig  # noqa: E402
from mkdocs.plugins import event_priority  # noqa: E402
from mkdocs.structure.files import File, Files  # noqa: E402

from tutorial.cli import commands  # noqa: E402

PAGE = "command-line.md"

INTRO = """# Command line

This page is made from the `muggins` command's own parsers each time the site is built
(`tools/docs_command_line.py`), so it says what `muggins COMMAND --help` says.
`python -m tutorial` is the same command.

Bad input exits with status 2 and one line naming the file and the problem. A position
file is a small TOML file (see [Position files](explorer.md#position-files)); the
examples in `tests/positions/` are the rule book's worked examples.

```sh
muggins explain tests/positions/example-1.toml --play discard:B --lang es
muggins explain tests/positions/pile-two-wins.toml --evaluate --hands 200
muggins draw tests/positions/example-1.toml -o table.png
muggins train --theme nearest-opponent --level 2 --seed 48213
```
"""


def _subcommands(parser: argparse.ArgumentParser) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """Every sub-command of ``parser`` (nested ones too, as ``lessons check``), in order."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield name, sub
                for inner, deeper in _subcommands(sub):
                    yield f"{name} {inner}", deeper


def _app_help() -> str:
    """``muggins app --help``: its own text (its other options go to Streamlit)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        commands._app(["--help"])
    return out.getvalue()


def page() -> str:
    """The whole page, in Markdown."""
    top = commands.parser()
    parts = [INTRO, "## muggins\n", "```text\n" + top.format_help().rstrip() + "\n```\n"]
    for name, sub in _subcommands(top):
        text = _app_help() if name == "app" else sub.format_help()
        parts.append(f"## muggins {name}\n")
        parts.append("```text\n" + text.rstrip() + "\n```\n")
    return "\n".join(parts)


@event_priority(-150)  # after mkdocs-static-i18n's on_files (-100), which sorts the files by language
def on_files(files: Files, config: MkDocsConfig) -> Files:
    """The mkdocs hook: add the page to this language's build."""
    files.append(File.generated(config, PAGE, content=page()))
    return files


if __name__ == "__main__":  # by hand: print the page
    print(page())
