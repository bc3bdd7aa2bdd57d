"""The ``muggins`` command line: :mod:`.commands` (app, lessons, draw, explain, playout) and
:mod:`.explore` (stats, bench)."""

from tutorial.cli.commands import main

__all__ = ["main"]
