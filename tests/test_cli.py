"""`muggins explain` and `muggins playout`: the worked examples and bad input."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES

from tutorial.cli.commands import main


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def explain_json(capsys, *argv):
    status, out, err = run(capsys, "explain", *argv, "--json")
    assert status == 0, err
    return json.loads(out)


BASE_KEYS = {"mover", "card", "recycled", "legal", "rule"}
PLAY_KEYS = BASE_KEYS | {"play", "verdict", "error", "placed", "penalty", "finished", "explanation"}


def test_example_1(capsys):
    data = explain_json(capsys, EXAMPLES / "example-1.toml")
    assert set(data) == BASE_KEYS
    assert data == {"mover": "A", "card": "6H", "recycled": False, "legal": ["common:1"], "rule": "common-pile"}
    data = explain_json(capsys, EXAMPLES / "example-1.toml", "--play", "discard:B")
    assert set(data) == PLAY_KEYS
    assert data["verdict"] == "muggins" and data["error"] == "common-first"
    assert data["placed"] == "common:1"
    assert data["penalty"] == [{"from": "B", "card": "KC"}, {"from": "C", "card": "3H"}, {"from": "D", "card": "10S"}]
    assert data["finished"] is False
    for needle in ("6♥", "5♣", "7♦", "§\u00a04 “Where the turned card must go”", "§\u00a06 “Calling Muggins and the penalty”"):
        assert needle in data["explanation"]
    assert "§priority" not in data["explanation"]  # sections are cited by number and title, never by id


def test_example_1_correct_play_finishes(capsys):
    data = explain_json(capsys, EXAMPLES / "example-1.toml", "--play", "common:1")
    assert data["verdict"] == "legal" and data["error"] is None and data["penalty"] == []
    assert data["placed"] == "common:1" and data["finished"] is True  # 6♥ was A's only card


def test_example_2(capsys):
    data = explain_json(capsys, EXAMPLES / "example-2.toml", "--play", "discard:C")
    assert data["legal"] == ["discard:B"] and data["rule"] == "nearest-opponent"
    assert data["error"] == "nearest-opponent" and data["placed"] == "discard:B"
    assert [p["from"] for p in data["penalty"]] == ["B", "C", "D"]


def test_example_3(capsys):
    data = explain_json(capsys, EXAMPLES / "example-3.toml")
    assert data == {"mover": "A", "card": "4D", "recycled": True, "legal": ["common:1"], "rule": "common-pile"}


def test_spanish_explanation(capsys):
    data = explain_json(capsys, EXAMPLES / "example-1.toml", "--play", "discard:B", "--lang", "es")
    assert "6♥" in data["explanation"] and "§\u00a04 «Dónde debe ir la carta girada»" in data["explanation"]
    assert "común" in data["explanation"]


def test_text_output(capsys):
    status, out, _ = run(capsys, "explain", EXAMPLES / "example-2.toml")
    assert status == 0 and "J♥" in out and "B" in out and "§\u00a04 “Where the turned card must go”" in out


def test_pass_when_mover_has_no_cards(capsys, tmp_path):
    path = tmp_path / "p.toml"
    path.write_text('players = ["A","B","C"]\nto_move = "A"\ncommons = [["5C"]]\n[stocks]\nB = ["6H"]\n')
    data = explain_json(capsys, path)
    assert data == {"mover": "A", "card": None, "recycled": False, "legal": [], "rule": "pass"}
    status, _, err = run(capsys, "explain", path, "--play", "common:1")
    assert status == 2 and "A" in err


def test_playout_json(capsys):
    status, out, _ = run(capsys, "playout", EXAMPLES / "example-2.toml", "--json")
    data = json.loads(out)
    assert status == 0 and set(data) == {"result", "winner", "reason", "turns"}
    assert data["result"] == "win" and data["reason"] == "finished"


def test_playout_turn_limit(capsys, tmp_path):
    path = tmp_path / "p.toml"
    path.write_text('players = ["A","B","C"]\nto_move = "A"\ncommons = [["7C"]]\n[stocks]\nA=["KD"]\nB=["KS"]\nC=["KH"]\n')
    _status, out, _ = run(capsys, "playout", path, "--json", "--max-turns", "2")
    assert json.loads(out) == {"result": "draw", "winner": None, "reason": "turn-limit", "turns": 2}
    _status, out, _ = run(capsys, "playout", path, "--json")
    assert json.loads(out) == {"result": "draw", "winner": None, "reason": "repetition", "turns": 6}


GOOD = 'players = ["A","B","C","D"]\nto_move = "A"\ncommons = [["5C"]]\n[stocks]\nA = ["6H"]\n'
BAD_FILES = {
    "invalid-toml": ('players = ["A", "B"\n', "TOML"),
    "unknown-card": (GOOD.replace('"6H"', '"6X"'), "6X"),
    "duplicate-card": (GOOD.replace('"6H"', '"5C"'), "5C"),
    "unknown-player": (GOOD + 'Z = ["2D"]\n', "Z"),
    "unknown-to-move": (GOOD.replace('to_move = "A"', 'to_move = "Q"'), "Q"),
    "too-few-players": (GOOD.replace('"A","B","C","D"', '"A","B"'), "3 to 7"),
    "too-many-players": (GOOD.replace('"A","B","C","D"', '"A","B","C","D","E","F","G","H"'), "3 to 7"),
    "empty-common": (GOOD.replace('[["5C"]]', '[["5C"], []]'), "2"),
    "not-utf8": (b"players = [\xff]", "read"),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
@pytest.mark.parametrize("command", ["explain", "playout"])
def test_bad_input_exits_2_with_one_line(capsys, tmp_path, case, command):
    content, needle = BAD_FILES[case]
    path = tmp_path / f"{case}.toml"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    status, out, err = run(capsys, command, path)
    assert status == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0] and needle in lines[0]


def test_unreadable_file(capsys, tmp_path):
    missing = tmp_path / "nope.toml"
    for command in ("explain", "playout"):
        status, _, err = run(capsys, command, missing)
        assert status == 2 and str(missing) in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("dest", ["common", "common:0", "common:5", "common:x", "discard:", "discard:Z", "pile:1", "common:-1", "common:²",
                                  "common:" + "1" * 4301, "common:" + "9" * 10, "common:٣", "common:1_0", "common:+1"])
def test_malformed_dest(capsys, dest):
    status, out, err = run(capsys, "explain", EXAMPLES / "example-1.toml", "--play", dest)
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "example-1.toml" in err


@pytest.mark.parametrize("limit", ["-1", "abc", "", "1000000000", "1" * 4301, "٣", "1_0", "+5", "²", "1e3"])
def test_bad_turn_limits_exit_2_with_one_line(capsys, limit):
    status, out, err = run(capsys, "playout", EXAMPLES / "example-1.toml", "--max-turns", limit)
    assert status == 2 and out == ""
    assert err.strip().splitlines() == ["muggins: --max-turns: the turn limit must be a whole number from 0 to 999999999"]


@pytest.mark.parametrize("limit, turns", [("999999999", 1), ("0", 0), ("007", 1)])
def test_turn_limits_up_to_the_largest(capsys, limit, turns):
    status, out, _ = run(capsys, "playout", EXAMPLES / "example-1.toml", "--max-turns", limit, "--json")
    assert status == 0 and json.loads(out)["turns"] == turns


NUMBERS = 'players = ["A","B","C","D"]\nto_move = "A"\ncommons = [["5C"]]\n'
HUGE_NUMBERS = {  # (file text, line of the number): whole numbers TOML does not allow (64 bits at most)
    "4400-zeros": ("x = 1" + "0" * 4400 + "\n", 1),
    "in-a-pile": (NUMBERS.replace('[["5C"]]', '[["5C"], [\n  1' + "0" * 4400 + "]]"), 4),
    "hex": (NUMBERS.replace('[["5C"]]', '[[0x' + "F" * 4000 + "]]"), 3),  # Python reads it, but cannot print it
    "twenty-digits": (NUMBERS + "[stocks]\nA = 99999999999999999999\n", 5),
    "below-int64": (NUMBERS.replace('"A"\n', "-9223372036854775809\n", 1), 2),
}


@pytest.mark.parametrize("case", sorted(HUGE_NUMBERS))
@pytest.mark.parametrize("command", ["explain", "playout"])
def test_numbers_too_large_give_one_line(capsys, tmp_path, case, command):
    content, line = HUGE_NUMBERS[case]
    path = tmp_path / f"{case}.toml"
    path.write_text(content)
    status, out, err = run(capsys, command, path)
    assert status == 2 and out == ""
    assert err.strip().splitlines() == [f"muggins: {path}: the number on line {line} is too large"]


def test_the_largest_toml_number_is_read_as_a_number(capsys, tmp_path):
    path = tmp_path / "p.toml"
    path.write_text(NUMBERS.replace('"A"\n', "9223372036854775807\n", 1))
    status, _, err = run(capsys, "explain", path)
    assert status == 2 and "“to_move” is missing or has the wrong type" in err


def test_console_script_and_module_run():
    script = Path(sys.executable).parent / "muggins"  # installed beside the interpreter, activated or not
    for command in ([str(script)], [sys.executable, "-m", "tutorial"]):
        done = subprocess.run([*command, "explain", str(EXAMPLES / "example-1.toml"), "--json"], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["legal"] == ["common:1"]


MORE_BAD = {
    "deep-nesting": ("x = " + "[" * 600 + "]" * 600 + "\n", "TOML"),
    "padded-name": (GOOD.replace('"A","B","C","D"', '"A","B ","C","D"'), "B "),
    "newline-name": (GOOD.replace('"A","B","C","D"', '"A","B\\nC","C","D"'), "B\\nC"),
    "newline-card": (GOOD.replace('"6H"', '"6\\nH"'), "6\\nH"),
    "long-card": (GOOD.replace('"6H"', '"' + "X" * 5000 + '"'), "XXXX"),
}


@pytest.mark.parametrize("case", sorted(MORE_BAD))
def test_odd_files_still_give_one_line(capsys, tmp_path, case):
    content, needle = MORE_BAD[case]
    path = tmp_path / f"{case}.toml"
    path.write_text(content)
    status, out, err = run(capsys, "explain", path)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err and len(err) < 1000


def test_byte_order_mark_is_accepted(capsys, tmp_path):
    path = tmp_path / "bom.toml"
    path.write_bytes("\ufeff".encode() + (EXAMPLES / "example-1.toml").read_bytes())
    assert explain_json(capsys, path)["card"] == "6H"


@pytest.mark.parametrize("argv", [["explain"], ["explain", "x.toml", "--lang", "fr"], ["playout", "x.toml", "--max-turns"], ["nope"]])
def test_usage_errors_are_one_line(capsys, argv):
    with pytest.raises(SystemExit) as info:
        main(argv)
    _out, err = capsys.readouterr()
    assert info.value.code == 2 and len(err.strip().splitlines()) == 1


def test_text_names_a_donor_with_no_cards(capsys, tmp_path):
    path = tmp_path / "p.toml"
    path.write_text('players = ["A","B","C","D"]\nto_move = "A"\ncommons = [["5C"]]\n[stocks]\nA = ["6H"]\nB = ["KC"]\nD = ["2D"]\n[discards]\nB = ["7D"]\n')
    data = explain_json(capsys, path, "--play", "discard:B")
    assert [p["from"] for p in data["penalty"]] == ["B", "D"]
    assert "C has no cards and gives nothing" in data["explanation"]


@pytest.mark.parametrize("argv", [
    ["explain", EXAMPLES / "example-1.toml", "--play", "discard:B"],
    ["explain", EXAMPLES / "example-1.toml", "--json"],
    ["playout", EXAMPLES / "example-2.toml"],
])
def test_output_to_a_closed_pipe_ends_quietly(argv):
    """Like ``muggins explain ... | head -1`` when head has already gone: no traceback, status 1."""
    script = Path(sys.executable).parent / "muggins"
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line is written
    try:
        done = subprocess.run([str(script), *map(str, argv)], stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (1, "")


def test_a_dotted_key_that_would_take_minutes_is_refused_at_once(tmp_path, capsys):
    import time

    from tutorial.cli.commands import main

    path = tmp_path / "dd.toml"
    path.write_text("a." * 40000 + "b = 1\n")
    started = time.monotonic()
    assert main(["explain", str(path)]) == 2
    assert time.monotonic() - started < 5 and "dotted key" in capsys.readouterr().err


def test_a_fifo_is_refused_instead_of_waiting_forever(tmp_path, capsys):
    import os

    from tutorial.cli.commands import main

    fifo = tmp_path / "f.toml"
    os.mkfifo(fifo)
    assert main(["explain", str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err


def test_output_that_cannot_be_written_is_one_line():
    import subprocess
    import sys

    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "tutorial", "explain", str(EXAMPLES / "example-1.toml")],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "cannot write the output" in done.stderr
    done = subprocess.run([sys.executable, "-m", "tutorial", "explain", str(EXAMPLES / "example-1.toml")],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=60,
                          preexec_fn=lambda: os.close(1))
    assert done.returncode == 1 and "Traceback" not in done.stderr


def test_an_unclosed_multi_line_string_is_reported_where_it_starts(tmp_path, capsys):
    from tutorial.cli.commands import main

    path = tmp_path / "u.toml"
    path.write_text('id = "x"\ntitle = "T"\ntext = """\nabc\n')
    assert main(["lessons", "check", str(path)]) == 1
    assert f"{path}:3:" in capsys.readouterr().out


def test_muggins_app_shows_the_packages_warnings_on_stderr(capsys, monkeypatch):
    import logging

    from tutorial.app.shell import serve
    from tutorial.cli import commands as cli

    def fake_run(entry, options):  # the server, as far as logging goes: a store fault while it runs
        logging.getLogger("tutorial.app.practice.view").warning("the store could not keep a game")
        logging.getLogger("tutorial.app.practice.view").info("not shown")
        return 0

    logger = logging.getLogger("tutorial")
    before = list(logger.handlers)
    monkeypatch.setattr(serve, "run", fake_run)
    try:
        assert main(["app"]) == 0
        err = capsys.readouterr().err
        assert "WARNING tutorial.app.practice.view: the store could not keep a game" in err and "not shown" not in err
        assert cli.log_to_stderr() is cli.log_to_stderr()  # one handler, however often
    finally:
        for handler in logger.handlers[:]:
            if handler not in before:
                logger.removeHandler(handler)


@pytest.mark.parametrize(("level", "shown", "hidden"), [
    ("info", ["INFO tutorial.cli.commands: the app's store is /", "INFO tutorial.x: opened"], ["DEBUG"]),
    ("ERROR", [], ["the app's store", "opened", "careful"]),
    ("loud", ["MUGGINS_LOG_LEVEL='loud' is not a log level", "WARNING tutorial.x: careful"], ["opened"]),
])
def test_muggins_log_level_chooses_what_the_app_logs_on_stderr(capsys, monkeypatch, tmp_path, level, shown, hidden):
    import logging

    from tutorial.app.shell import serve
    from tutorial.cli import commands as cli

    def fake_run(entry, options):
        logging.getLogger("tutorial.x").debug("DEBUG")
        logging.getLogger("tutorial.x").info("opened")
        logging.getLogger("tutorial.x").warning("careful")
        return 0

    logger = logging.getLogger("tutorial")
    before, level_before = list(logger.handlers), logger.level
    for handler in before:  # a handler left by an earlier test in this worker holds its own level
        if getattr(handler, "muggins", False):
            logger.removeHandler(handler)
    logger.setLevel(logging.NOTSET)
    monkeypatch.setattr(serve, "run", fake_run)
    monkeypatch.setenv(cli.LOG_LEVEL_VARIABLE, level)
    monkeypatch.setenv(cli.DATA_DIR_VARIABLE, str(tmp_path))
    try:
        assert main(["app"]) == 0
        err = capsys.readouterr().err
        assert all(text in err for text in shown) and not any(text in err for text in hidden), err
    finally:
        for handler in logger.handlers[:]:
            if handler not in before:
                logger.removeHandler(handler)
        for handler in before:
            if handler not in logger.handlers:
                logger.addHandler(handler)
        logger.setLevel(level_before)


# ----- muggins stats --scheduler: one line, status 2, in bounded time (issue 17, item 9) ------
import contextlib  # noqa: E402
import socket  # noqa: E402
import threading  # noqa: E402
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer  # noqa: E402


def one_line_error(capsys, *argv):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return err


@pytest.fixture
def quick_scheduler_wait(monkeypatch):
    from tutorial.cli import explore as cli_explore

    monkeypatch.setattr(cli_explore, "SCHEDULER_WAIT", 1.0)


def test_a_silent_listener_as_scheduler_gives_one_line(capsys, quick_scheduler_wait):
    with socket.socket() as silent:  # accepts connections (the kernel does) and never says a word
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        port = silent.getsockname()[1]
        err = one_line_error(capsys, "stats", "--players", "4", "--hands", "5", "--scheduler", f"tcp://127.0.0.1:{port}")
    assert "no Dask scheduler answered" in err


def test_a_web_server_as_scheduler_gives_one_line(capsys, quick_scheduler_wait):
    class Page(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        err = one_line_error(capsys, "stats", "--players", "4", "--hands", "5",
                             "--scheduler", f"tcp://127.0.0.1:{server.server_address[1]}")
    finally:
        server.shutdown()
        server.server_close()
    assert "--scheduler" in err


def test_a_listener_that_talks_first_but_not_dask_gives_one_line(capsys, quick_scheduler_wait):
    with socket.socket() as talker:
        talker.bind(("127.0.0.1", 0))
        talker.listen(1)

        def greet():
            connection, _ = talker.accept()
            with connection, contextlib.suppress(OSError):  # the probe hangs up when it has read enough
                connection.sendall(b"SSH-2.0-OpenSSH_9.2p1 Debian\r\n")
                connection.recv(1)

        threading.Thread(target=greet, daemon=True).start()
        err = one_line_error(capsys, "stats", "--players", "4", "--hands", "5",
                             "--scheduler", f"127.0.0.1:{talker.getsockname()[1]}")
    assert "not a Dask scheduler" in err


@pytest.mark.parametrize("address, said", [
    ("ucx://127.0.0.1:1", "only tcp://"), ("inproc://x", "only tcp://"), ("tls://127.0.0.1:8786", "only tcp://"),
    ("tcp://127.0.0.1", "not a scheduler address"), ("tcp://:8786", "not a scheduler address"),
    ("tcp://127.0.0.1:99999", "not a scheduler address"), ("tcp://127.0.0.1:٣", "not a scheduler address"),
    ("tcp://a/b:1", "not a scheduler address"), (" tcp://127.0.0.1:1", "not a scheduler address"),
    ("tcp://127.0.0.1:9", "cannot reach"),
])
def test_scheduler_addresses_that_cannot_be_used_give_one_line(capsys, quick_scheduler_wait, address, said):
    assert said in one_line_error(capsys, "stats", "--players", "4", "--hands", "5", "--scheduler", address)


def test_a_real_scheduler_answers_the_probe_and_runs_the_study(capsys):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None,
                                  protocol="tcp://") as cluster:
        address = cluster.scheduler_address
        status, out, err = run(capsys, "stats", "--players", "4", "--hands", "5", "--scheduler", address, "--json")
    assert status == 0, err
    assert json.loads(out)["studies"][0]["counts"][0]["hands"] == 5


def test_bench_names_the_player_counts_it_takes(capsys):
    err = one_line_error(capsys, "bench", "--players", "2", "--hands", "1")
    assert "3 to 7" in err and "8" not in err
    assert "3 to 7" in one_line_error(capsys, "bench", "--players", "8", "--hands", "1")
    assert "3 to 8" in one_line_error(capsys, "stats", "--players", "2", "--hands", "1")


# ----- muggins draw: no picture too big to make, whatever the position holds -----------------
LONG_NAME_POSITION = """players = [{name}, "B", "C"]
to_move = "B"
commons = [["5C"], ["9D"], ["KH"], ["2S"]]
[stocks]
B = ["6H"]
[discards]
C = ["7D"]
"""


@pytest.mark.parametrize("name", [" ".join(["Word"] * 20_000), "Ann"])
def test_draw_with_a_huge_player_name_at_the_largest_width_is_a_bounded_picture(capsys, tmp_path, name):
    from PIL import Image

    path = tmp_path / "long.toml"
    path.write_text(LONG_NAME_POSITION.format(name=json.dumps(name)), encoding="utf-8")
    out = tmp_path / "long.png"
    status, _, err = run(capsys, "draw", path, "--width", "4000", "-o", out)
    assert status == 0 and "Traceback" not in err, err
    with Image.open(out) as picture:
        assert picture.width == 4000 and picture.height <= 4000


def test_render_bounds_labels_captions_and_width_for_any_text():
    from tutorial.draw.picture import CAPTION_LINES, MAX_WIDTH, render
    from tutorial.draw.scene import TableScene
    from tutorial.engine.cards import Card
    from tutorial.engine.position import Position

    name = "N" * 100_000
    position = Position.build([name, "B", "C"], "B", [[Card.parse("5C")], [Card.parse("9D")]], {"B": [Card.parse("6H")]})
    plain = render(TableScene(position, bottom=1), width=MAX_WIDTH)
    picture = render(TableScene(position, bottom=1, labels={0: name, 1: "B", 2: name}), width=10 * MAX_WIDTH,
                     caption=[f"{name} turns up 6♥.", " ".join([name] * 3), "word " * 50_000])
    assert picture.width == MAX_WIDTH
    line = 2 * round(max(14, round(20 * picture.width / 1000)) * 1.35)  # at most CAPTION_LINES lines below the table
    assert picture.height <= plain.height + CAPTION_LINES * line


# ----- the package declares every third-party package it imports (issue 17, item 8) ---------
def test_every_imported_third_party_package_is_declared():
    import ast
    import importlib.metadata
    import re
    import tomllib

    import tutorial

    root = Path(tutorial.__file__).resolve().parent
    project = tomllib.loads((root.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]

    def names(requirements):
        return {re.match(r"[A-Za-z0-9_.-]+", text).group().lower().replace("_", "-") for text in requirements}

    required = names(project["dependencies"])
    optional = {name for group in project["optional-dependencies"].values() for name in names(group)}
    imported: dict[str, set[str]] = {}
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            else:
                continue
            for module in modules:
                top = module.partition(".")[0]
                if top not in sys.stdlib_module_names and top not in ("tutorial", "__future__"):
                    imported.setdefault(top, set()).add(path.relative_to(root).as_posix())
    providers = importlib.metadata.packages_distributions()
    assert {"streamlit", "PIL", "babel", "qrcode", "altair", "click"} <= set(imported)  # the check sees them
    for module, files in imported.items():
        distributions = {name.lower().replace("_", "-") for name in providers.get(module, [module])}
        if distributions & required:
            continue
        # only an optional extra may stand behind an import made where it is needed (study.py's Dask)
        assert distributions & optional and module == "distributed", (module, sorted(files))


def test_a_file_that_is_not_utf8_is_said_in_words_in_the_learners_language(capsys, tmp_path):
    """From the breaker's trial: a binary file gave Python's raw codec message, cut mid-word."""
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b'players = ["A", "B", "C"]\n# \x80\x81\n')
    status, _, err = run(capsys, "explain", binary, "--lang", "es")
    assert status == 2 and "no es texto UTF-8" in err and "byte 29" in err and "codec" not in err, err


# ----- bad input in one short line, whatever was typed (issue 37, § 6) ------------------------
def test_a_huge_argument_is_quoted_short(capsys):
    status, out, err = run(capsys, "train", "--theme", "x" * 100_000, "--level", "1", "--seed", "1")
    assert status == 2 and out == ""
    assert err.startswith("muggins: --theme: unknown theme 'xxxxxxxx") and len(err) < 200 and err.count("\n") == 1


@pytest.mark.parametrize("argv", [
    ("train", "--theme", "call", "--theme", "finish", "--level", "1", "--seed", "1"),
    ("train", "--theme", "call", "--level", "1", "--seed", "1", "--lang", "en", "--lang", "es"),
    ("stats", "--rules", "wrap=1", "--rules", "wrap=0"),
    ("explain", EXAMPLES / "example-1.toml", "--play", "common:1", "--play", "discard:B"),
    ("serve", "--port", "8501", "--port", "8502"),
])
def test_an_option_given_twice_is_refused_not_silently_replaced(capsys, argv):
    with pytest.raises(SystemExit) as caught:
        main([str(a) for a in argv])
    err = capsys.readouterr().err
    assert caught.value.code == 2 and "may be given once" in err and err.count("\n") == 1, err


def test_a_listed_option_may_still_be_repeated(capsys):
    assert main(["stats", "--variant", "standard", "--variant", "wrap", "--players", "3", "--hands", "2", "--json"]) == 0
    assert [s["spec"]["variant"] for s in json.loads(capsys.readouterr().out)["studies"]] == ["standard", "wrap"]


def test_a_chance_in_range_in_another_notation_is_told_how_to_write_it(capsys):
    status, _, err = run(capsys, "explain", EXAMPLES / "example-1.toml", "--evaluate", "--error-rate", "1e-3")
    assert status == 2 and "--error-rate: write it as a decimal from 0 to 1 with at most six decimals" in err and "'1e-3'" in err
    status, _, err = run(capsys, "stats", "--error-rate", "1.5")
    assert status == 2 and "--error-rate: must be a number from 0 to 1, e.g. 0.05, not '1.5'" in err


def test_a_variant_s_deal_is_named_for_what_it_is(capsys):
    status, _, err = run(capsys, "stats", "--variant", "four-centre", "--players", "3")
    assert status == 2
    assert "--players: no deal for 3 players under the variant four-centre: it deals for 4, 5, 6, 7, 8 players only" in err, err


@pytest.mark.parametrize("name", ["wrap", "Measure", "Medida", "The source rules", "custom"])
def test_stats_refuses_a_name_for_ones_rules_that_reads_as_a_variant_or_a_heading(capsys, name):
    """A tester: `--name wrap` beside `--variant wrap` gave two "Variant wrap" sections and two CSV rows
    no reader could tell apart; the variant lab refused such names, the command line did not."""
    status, out, err = run(capsys, "stats", "--hands", "2", "--players", "4", "--rules", "wrap=1", "--name", name)
    assert status == 2 and out == "" and "already names a variant or a heading" in err, err


@pytest.mark.parametrize(("argv", "said"), [
    (("stats", "--lang", "es", "--hands", "0"), "muggins: --hands: tiene que ser un número entero de 1 a"),
    (("stats", "--lang", "es", "--variant", "four-centre", "--players", "3"), "no hay reparto para 3 jugadores con la variante"),
    (("stats", "--lang", "es", "--error-rate", "1e-3"), "escríbelo como un decimal de 0 a 1"),
    (("explain", EXAMPLES / "example-1.toml", "--lang", "es", "--evaluate", "--hands", "0"), "tiene que ser un número entero"),
    (("explain", EXAMPLES / "example-1.toml", "--lang", "es", "--hands", "5"), "--hands: necesita --evaluate"),
])
def test_stats_and_explain_say_bad_input_in_the_language_asked_for(capsys, argv, said):
    """A tester: `stats --lang es` and `explain --lang es` answered bad input in English."""
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and said in err and err.count("\n") == 1, err
