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
    workers = [subprocess.Popen([sys.executable, "-c", code, str(tmp_path), prefix], stderr=subprocess.PIPE)
               for prefix in ("a", "b")]
    errors = [worker.communicate(timeout=60)[1].decode(errors="replace") for worker in workers]
    assert [worker.returncode for worker in workers] == [0, 0], "".join(errors)[-2000:]
    store = open_store(tmp_path)
    assert [store.load_game(f"{p}{i}") for p in "ab" for i in (0, 49)] == ["0", "49", "0", "49"]


def test_a_new_file_locked_by_another_connection_is_put_in_wal_mode_once_it_is_free(tmp_path):
    """Switching a new file to WAL mode answers "database is locked" at once, without SQLite's
    busy timeout: two processes opening a new store together failed on a loaded machine."""
    import threading

    from tutorial.store.sqlite import SqliteStore

    path = tmp_path / "new.sqlite3"
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("CREATE TABLE t (x)")
    other = sqlite3.connect(path, timeout=0.05, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        other.execute("PRAGMA journal_mode=WAL")  # what the store met
    threading.Timer(0.3, lambda: holder.execute("COMMIT")).start()
    SqliteStore._wal(other)
    assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    with pytest.raises(sqlite3.OperationalError, match="locked"):  # and it does not wait for ever
        again = sqlite3.connect(tmp_path / "again.sqlite3", isolation_level=None, check_same_thread=False)
        again.execute("BEGIN EXCLUSIVE")
        again.execute("CREATE TABLE t (x)")
        SqliteStore._wal(sqlite3.connect(tmp_path / "again.sqlite3", timeout=0.05, isolation_level=None), patience=0.2)


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
