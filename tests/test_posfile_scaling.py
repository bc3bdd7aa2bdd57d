"""Reading a position file takes time in proportion to its length (issue 17, item 9).

The long-dotted-key guard of ``engine/posfile.py`` searched from every character of a run of
letters or digits and read the rest of the run each time: 50,000 characters took 3.4 s,
200,000 took 42 s, a 1 MB name over ten minutes; the message of a TOML error whose key is a
long run of spaces had the same fault in ``words.position_error``. Each shape below goes the
whole way a text goes in the lab and on the command line (parse, the error's words, its line)
and is timed at one size and at eight times that size: linear work grows about eightfold,
quadratic work sixty-fourfold. The bound between them (24×) is generous, and CPU time of this
process is measured (best of several tries), so other work on the machine does not count.
"""

from __future__ import annotations

import gettext
import subprocess
import sys
import time
from collections.abc import Callable

import pytest

from tutorial import words
from tutorial.app.explore.position_lab import MAX_LINK, MAX_TEXT, from_link, link_value
from tutorial.engine.errors import PositionError
from tutorial.engine.locate import locate
from tutorial.engine.posfile import loads

TR = gettext.NullTranslations()
HEAD = 'players = ["A", "B", "C"]\nto_move = "A"\ncommons = [["5C"]]\n'
SIZE = 12_000
GROWTH = 8
BOUND = 24  # between linear (8) and quadratic (64)

SHAPES: dict[str, Callable[[int], str]] = {
    "run of letters in a comment": lambda n: HEAD + "# " + "a" * n + "\n",
    "run of letters in a player name": lambda n: f'players = ["{"a" * n}", "B", "C"]\nto_move = "B"\ncommons = [["5C"]]\n',
    "run of letters as a key": lambda n: HEAD + "[stocks]\n" + "a" * n + ' = ["6H"]\n',
    "run of letters as a card": lambda n: HEAD.replace('"5C"', '"' + "X" * n + '"'),
    "run of letters that is not TOML": lambda n: HEAD + "a" * n + "\n",
    "run of digits as a number": lambda n: HEAD + "x = " + "1" * n + "\n",
    "run of digits as a key": lambda n: HEAD + "1" * n + " = 1\n",
    "run of spaces in a key declared twice": lambda n: HEAD + f'["{" " * n}"]\n["{" " * n}"]\n',
    "run of spaces before a value": lambda n: HEAD + "x =" + " " * n + "\n",
    "run of quotes in a comment": lambda n: HEAD + "# " + '"' * n + "\n",
    "run of mixed quotes in a comment": lambda n: HEAD + "# " + "\"'" * (n // 2) + "\n",
    "run of dots": lambda n: HEAD + "# " + "." * n + "\n",
    "dotted keys one part short of the limit": lambda n: HEAD + "# " + ("a." * 63 + "a ") * (n // 128) + "\n",
    "quoted dotted keys one part short": lambda n: HEAD + "# " + ('"a".' * 63 + '"a" ') * (n // 256) + "\n",
    "unclosed multi-line string": lambda n: HEAD + 'x = """' + "a" * n + "\n",
    "unclosed string of backslashes": lambda n: HEAD + 'x = "' + "\\\\" * (n // 2),
    "long list of cards": lambda n: HEAD + "[stocks]\nA = [" + '"6H",' * (n // 5) + "]\n",
}


def read_as_the_lab_does(text: str) -> None:
    """Parse; on a problem, word it and find its line (``position_lab.problem_text``)."""
    try:
        loads(text)
    except PositionError as err:
        words.position_error(err, TR)
        words.error_line(err, text)
    locate(text)


def cpu_time(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


@pytest.mark.no_cover  # a long run over code the other tests cover: without coverage's tracer, half the time
@pytest.mark.parametrize("shape", list(SHAPES))
def test_reading_grows_linearly_with_the_text(shape: str) -> None:
    small, large = SHAPES[shape](SIZE), SHAPES[shape](SIZE * GROWTH)
    assert len(large) > (GROWTH - 1) * len(small)
    base = min(cpu_time(lambda: read_as_the_lab_does(small)) for _try in range(7))
    base = max(base, 1e-4)  # the process clock's grain on a tiny time
    ratios = []
    for _try in range(5):
        ratio = cpu_time(lambda: read_as_the_lab_does(large)) / base
        ratios.append(round(ratio, 1))
        if ratio < BOUND or ratio > 2 * BOUND:  # clearly linear, or clearly not: no need to retry
            break
    assert min(ratios) < BOUND, f"{shape}: {GROWTH}× the text took {ratios}× the time"


def test_a_one_megabyte_name_is_read() -> None:
    """The issue's input: a position whose player name is a million letters is read (before
    the fix it took over ten minutes; a separate process, so a regression cannot hang the run)."""
    code = (
        "from tutorial.engine.posfile import loads\n"
        "name = 'a' * 1_000_000\n"
        "text = f'players = [\"{name}\", \"B\", \"C\"]\\nto_move = \"{name}\"\\ncommons = [[\"5C\"]]\\n'\n"
        "text += f'[stocks]\\n\"{name}\" = [\"6H\"]\\nB = [\"7D\"]\\n# {name}\\n'\n"
        "position = loads(text)\n"
        "assert position.players[0] == name\n"
        "print('read')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "read"


def test_a_short_packed_link_is_cheap_to_read() -> None:
    """A packed ``pos=`` of a few hundred characters unpacks to the lab's whole 32 kB of one
    letter (1–2 s a rerun before the fix); it still unpacks, and reading it is linear work, the
    same as reading eight times less."""
    text = HEAD + "# " + "a" * (MAX_TEXT - len(HEAD) - 3) + "\n"
    value = link_value(text)
    assert len(value) < 500 <= MAX_LINK
    assert from_link(value) == text
    eighth = HEAD + "# " + "a" * ((MAX_TEXT - len(HEAD) - 3) // GROWTH) + "\n"
    base = max(min(cpu_time(lambda: read_as_the_lab_does(eighth)) for _try in range(7)), 1e-4)
    whole = min(cpu_time(lambda: read_as_the_lab_does(from_link(value) or "")) for _try in range(3))
    assert whole / base < BOUND
