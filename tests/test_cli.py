"""`muggins explain` and `muggins playout`: the worked examples and bad input."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES

from tutorial.cli import main


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

    from tutorial.cli import main

    path = tmp_path / "dd.toml"
    path.write_text("a." * 40000 + "b = 1\n")
    started = time.monotonic()
    assert main(["explain", str(path)]) == 2
    assert time.monotonic() - started < 5 and "dotted key" in capsys.readouterr().err


def test_a_fifo_is_refused_instead_of_waiting_forever(tmp_path, capsys):
    import os

    from tutorial.cli import main

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
    from tutorial.cli import main

    path = tmp_path / "u.toml"
    path.write_text('id = "x"\ntitle = "T"\ntext = """\nabc\n')
    assert main(["lessons", "check", str(path)]) == 1
    assert f"{path}:3:" in capsys.readouterr().out
