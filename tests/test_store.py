"""The store for what outgrows an address: SQLite file, schema version, shared by processes."""

import sqlite3
import subprocess
import sys

import pytest

from tutorial.store import DATA_DIR_VARIABLE, data_dir, open_store
from tutorial.store.sqlite import FILE_NAME, SCHEMA_VERSION


def test_a_saved_game_survives_a_restart_and_is_replaced_by_a_later_save(tmp_path):
    store = open_store(tmp_path / "data")
    assert store.load_game("abc") is None
    store.save_game("abc", '{"deal": "4-1"}')
    store.save_game("abc", '{"deal": "4-2"}')
    again = open_store(tmp_path / "data")  # as after a restart of the app
    assert again.load_game("abc") == '{"deal": "4-2"}'
    with sqlite3.connect(tmp_path / "data" / FILE_NAME) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("SELECT value FROM meta WHERE name = 'schema'").fetchone()[0] == str(SCHEMA_VERSION)


def test_two_processes_share_the_store(tmp_path):
    code = ("import sys; from tutorial.store import open_store; s = open_store(sys.argv[1]); "
            "[s.save_game(f'{sys.argv[2]}{i}', str(i)) for i in range(50)]")
    workers = [subprocess.Popen([sys.executable, "-c", code, str(tmp_path), prefix]) for prefix in ("a", "b")]
    assert [worker.wait(timeout=60) for worker in workers] == [0, 0]
    store = open_store(tmp_path)
    assert [store.load_game(f"{p}{i}") for p in "ab" for i in (0, 49)] == ["0", "49", "0", "49"]


def test_a_newer_schema_is_refused(tmp_path):
    open_store(tmp_path)
    with sqlite3.connect(tmp_path / FILE_NAME) as db:
        db.execute("UPDATE meta SET value = ? WHERE name = 'schema'", (str(SCHEMA_VERSION + 1),))
    with pytest.raises(RuntimeError):
        open_store(tmp_path)


def test_the_data_folder_comes_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"
    monkeypatch.delenv(DATA_DIR_VARIABLE)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert data_dir() == tmp_path / "muggins-tutor"


@pytest.mark.parametrize("text", ["١", "1_0", "٣", "²", "1e1", "0x10", "+2", "２", "1.5.0", "1,5", "nan", "inf"])
def test_the_room_lifetime_takes_only_ascii_numbers(text):
    from tutorial.classroom.rooms import DEFAULT_ROOM_HOURS, room_hours

    assert room_hours({"MUGGINS_ROOM_HOURS": text}) == DEFAULT_ROOM_HOURS


@pytest.mark.parametrize("text, hours", [("10", 10.0), (" 2.5 ", 2.5), (".5", 0.5), ("168", 168.0), ("168.5", 4.0)])
def test_the_room_lifetime_reads_plain_numbers(text, hours):
    from tutorial.classroom.rooms import room_hours

    assert room_hours({"MUGGINS_ROOM_HOURS": text}) == hours


def test_making_or_upgrading_the_tables_is_logged_and_opening_a_current_file_is_not(tmp_path, caplog):
    with caplog.at_level("INFO", logger="tutorial.store"):
        open_store(tmp_path)
        assert f"schema {SCHEMA_VERSION} tables made (a new file)" in caplog.text
        caplog.clear()
        open_store(tmp_path)
        assert caplog.text == ""
        with sqlite3.connect(tmp_path / FILE_NAME) as db:
            db.execute("UPDATE meta SET value = '2' WHERE name = 'schema'")
        open_store(tmp_path)
        assert "upgraded from schema 2" in caplog.text
