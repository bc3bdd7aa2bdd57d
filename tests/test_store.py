"""The store for what outgrows an address: SQLite file, schema version, shared by processes."""

import sqlite3
import subprocess
import sys
import time

import pytest
from stores import PLACE_SCRIPT

from tutorial.store import DATA_DIR_VARIABLE, data_dir
from tutorial.store.schema import SCHEMA_VERSION


def test_a_saved_game_survives_a_restart_and_is_replaced_by_a_later_save(place):
    store = place.games()
    assert store.load_game("abc") is None
    store.save_game("abc", '{"deal": "4-1"}')
    store.save_game("abc", '{"deal": "4-2"}')
    again = place.games()  # as after a restart of the app
    assert again.load_game("abc") == '{"deal": "4-2"}'
    assert place.sql("SELECT value FROM meta WHERE name = 'schema'")[0][0] == str(SCHEMA_VERSION)
    if place.kind == "sqlite":
        assert place.sql("PRAGMA journal_mode")[0][0] == "wal"


def test_a_saved_game_keeps_every_character_and_a_big_body(place):
    store = place.games()
    body = '{"moves": "' + "~." * 200_000 + '", "name": "Zoë 🂡 \\u0000 \' ? %s %"}'
    store.save_game("k?%s", body)
    assert place.games().load_game("k?%s") == body
    assert store.load_game("k") is None


def test_a_key_or_body_no_store_could_keep_is_refused_alike_by_both(place):
    """PostgreSQL's text refuses NUL, SQLite's takes it; a number binds as a number in SQLite
    only: both stores refuse alike before the database sees it (found by a trial)."""
    store = place.games()
    for key, body in [("", "{}"), ("a\x00b", "{}"), ("k" * 101, "{}"), (7, "{}"), ("line\nbreak", "{}"),
                      ("k", "a\x00b"), ("k", None), ("k", "x" * 1_000_001)]:
        with pytest.raises(ValueError):
            store.save_game(key, body)
        if key != "k":
            assert store.load_game(key) is None
    assert store.load_game("k") is None  # nothing was kept
    store.save_game("k" * 100, "x" * 1_000_000)
    assert len(store.load_game("k" * 100)) == 1_000_000


def test_a_store_mended_into_a_newer_schema_says_unavailable_never_a_traceback(place, caplog, monkeypatch):
    """A table dropped while the app runs is made again; if the database then turns out to be
    of a newer schema (another app version upgraded it), the class room and the lease say
    *unavailable*, logged (a trial met a traceback on the student's page)."""
    from tutorial.classroom import ClassroomError
    from tutorial.store import StoreUnavailable, sql_rooms

    monkeypatch.setattr(sql_rooms, "_LOGGED", {})
    rooms = place.rooms()
    room = rooms.open_room()
    place.sql("DROP TABLE students")
    place.sql("DROP TABLE leases")
    place.sql("UPDATE meta SET value = ? WHERE name = 'schema'", (str(SCHEMA_VERSION + 1),))
    with caplog.at_level("ERROR", logger="tutorial.store"):
        with pytest.raises(ClassroomError) as refused:
            rooms.join(room.code, "Ana", "k")
        assert refused.value.code == "unavailable"
        with pytest.raises(StoreUnavailable):
            rooms.take_lease("study", "me", 30)
    assert f"schema {SCHEMA_VERSION + 1}" in caplog.text


@pytest.mark.parametrize("name, holder, seconds", [
    ("study\x00", "me", 30), ("study", "", 30), ("study", "x" * 201, 30), (None, "me", 30),
    ("study", "me", float("nan")), ("study", "me", 0), ("study", "me", -1), ("study", "me", float("inf")),
    ("study", "me", True), ("study", "me", "30"),
])
def test_a_lease_both_stores_cannot_keep_alike_is_refused_by_both(place, name, holder, seconds):
    """A breaker found NUL refused by PostgreSQL only and a NaN lease held for ever on one store."""
    rooms = place.rooms()
    with pytest.raises(ValueError):
        rooms.take_lease(name, holder, seconds)
    assert rooms.take_lease("study", "me", 30)


def test_a_dropped_lease_table_is_made_again(place):
    rooms = place.rooms()
    assert rooms.take_lease("study", "me", 30)
    place.sql("DROP TABLE leases")
    assert rooms.take_lease("study", "you", 30)  # the table made again, empty
    rooms.drop_lease("study", "you")
    assert rooms.take_lease("study", "me", 30)


def test_two_processes_share_the_store(place):
    code = PLACE_SCRIPT + ("import sys; from tutorial.store import open_store; s = open_store(**place_of(sys.argv[1])); "
                           "[s.save_game(f'{sys.argv[2]}{i}', str(i)) for i in range(50)]")
    workers = [subprocess.Popen([sys.executable, "-c", code, place.arg, prefix], stderr=subprocess.PIPE)
               for prefix in ("a", "b")]
    errors = [worker.communicate(timeout=60)[1].decode(errors="replace") for worker in workers]
    assert [worker.returncode for worker in workers] == [0, 0], "".join(errors)[-2000:]
    store = place.games()
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


def test_a_newer_schema_is_refused(place):
    place.games()
    place.sql("UPDATE meta SET value = ? WHERE name = 'schema'", (str(SCHEMA_VERSION + 1),))
    with pytest.raises(RuntimeError, match=f"schema {SCHEMA_VERSION + 1}; this app knows {SCHEMA_VERSION}"):
        place.games()


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


def test_making_or_upgrading_the_tables_is_logged_and_opening_a_current_file_is_not(place, caplog):
    with caplog.at_level("INFO", logger="tutorial.store"):
        place.games()
        assert f"schema {SCHEMA_VERSION} tables made (a new database)" in caplog.text
        caplog.clear()
        place.games()
        assert caplog.text == ""
        place.sql("UPDATE meta SET value = '2' WHERE name = 'schema'")
        place.games()
        assert "upgraded from schema 2" in caplog.text
        caplog.clear()
        place.sql("DROP TABLE joins")
        place.games()
        assert "(some tables were missing)" in caplog.text
    assert place.sql("SELECT COUNT(*) FROM joins") == [(0,)]


# ----- PostgreSQL: chosen by an address, faults of the server ----------------------------------


def test_the_database_address_comes_from_the_environment_and_a_folder_given_wins(monkeypatch, tmp_path):
    from tutorial.store import DATABASE_URL_VARIABLE, _where, database_url

    monkeypatch.delenv(DATABASE_URL_VARIABLE, raising=False)
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    assert database_url() is None and _where(None, None) == (tmp_path, None)
    monkeypatch.setenv(DATABASE_URL_VARIABLE, " postgresql://u:secret@db.example/muggins ")
    assert database_url() == "postgresql://u:secret@db.example/muggins"
    assert _where(None, None) == (None, "postgresql://u:secret@db.example/muggins")
    assert _where(tmp_path / "x", None) == (tmp_path / "x", None)  # a folder named in the call wins
    monkeypatch.setenv(DATABASE_URL_VARIABLE, "mysql://u:secret@db/x")
    with pytest.raises(ValueError, match="postgresql://") as refused:
        database_url()
    assert "secret" not in str(refused.value)


def test_a_password_never_reaches_a_message():
    from tutorial.store import safe_url

    assert safe_url("postgresql://ana:s3cr:et@db:5432/m") == "postgresql://ana:***@db:5432/m"
    assert safe_url("postgresql:///m?host=/run") == "postgresql:///m?host=/run"
    # an @ in the password (the host follows the last one), a password as a parameter (found by a trial)
    assert safe_url("postgresql://ana:p@ss@db/m") == "postgresql://ana:***@db/m"
    assert safe_url("postgresql://db/m?sslmode=require&PASSWORD=s3cret#x") == "postgresql://db/m?sslmode=require&PASSWORD=***#x"
    assert safe_url("postgresql://ana@db/m") == "postgresql://ana@db/m"
    # what a breaker tried: / ? # in the password (the driver wants them %-encoded, but a message
    # must hide them either way), the parameter's name %-encoded (the driver decodes it), the
    # key=value form with a quoted password
    assert safe_url("postgresql://ana:pa/ss?w#x@db/m") == "postgresql://ana:***@db/m"
    assert safe_url("postgresql://db/m?pass%77ord=s3cret&x=1") == "postgresql://db/m?pass%77ord=***&x=1"
    assert safe_url("host=db password = 'se cret' user=x") == "host=db password = *** user=x"
    assert safe_url("postgresql://ana@[::1]:5432/m") == "postgresql://ana@[::1]:5432/m"
    # the client key's passphrase is a secret too
    assert safe_url("postgresql://db/m?sslpassword=s3cret&x=1") == "postgresql://db/m?sslpassword=***&x=1"
    assert safe_url("host=db sslpassword=s3cret") == "host=db sslpassword=***"
    # a third trial: an encoded = in the name (the driver reads password%3Ds3cret as password=s3cret)
    assert safe_url("postgresql://u@host/db?password%3Ds3cret") == "postgresql://u@host/db?***"
    assert "s3cret" not in safe_url("postgresql://u@host/db?options=-c%20password%3Ds3cret&x=1")
    from tutorial.store.common import hide_secrets

    said = 'missing key/value separator "=" in URI query parameter: "password%3Ds3cret"'
    assert "s3cret" not in hide_secrets(said, ["postgresql://u@host/db?password%3Ds3cret"])


def test_an_address_the_driver_would_misread_is_refused_before_it_is_used():
    """libpq reads the user part up to the first @ or /: a password written with them as is
    was taken for a host and a port, and the driver's errors quoted its pieces."""
    from tutorial.store.common import url_problem

    for misread in ("postgresql://u:ab/cd?ef#gh@127.0.0.1:8790/m", "postgresql://u:a@b@host/m",
                    "postgresql://u:p#w@host/m"):
        assert "%-encoded" in (url_problem(misread) or "")
    for fine in ("postgresql://u:ab%2Fcd%40x@host/m", "postgresql:///m?host=/run/pg&user=ana",
                 "postgresql://ana@db:5432/m", "postgresql://db/m"):
        assert url_problem(fine) is None


def test_the_driver_s_words_never_quote_a_password(caplog):
    """libpq reads ``ana:pa/ss@db`` as host ``ana`` and port ``pa``: its error, and the pool's
    warning quoting it, must not show that piece of the password."""
    import logging

    from tutorial.store import StoreUnavailable, postgres
    from tutorial.store.common import hide_secrets

    url = "postgresql://ana:pa/ss?w0rd@db.invalid/m"
    said = 'invalid integer value "pa/ss?w0rd" for connection option "port"; port "pa"'
    assert "pa" not in hide_secrets(said, [url]).replace("port", "")
    with pytest.raises(StoreUnavailable) as refused:
        postgres.reach(url, timeout=1)
    assert "w0rd" not in str(refused.value) and '"pa"' not in str(refused.value)
    postgres._hiding.add(url)
    with caplog.at_level(logging.WARNING, logger="psycopg.pool"):
        logging.getLogger("psycopg.pool").warning("error connecting in 'muggins': %s", said)
    assert "w0rd" not in caplog.text and '"pa"' not in caplog.text and "error connecting" in caplog.text


def test_a_quoted_placeholder_in_the_store_s_sql_is_refused():
    from tutorial.store.postgres import _sql

    assert _sql("SELECT a FROM t WHERE b = ? AND c LIKE ?") == "SELECT a FROM t WHERE b = %s AND c LIKE %s"
    with pytest.raises(ValueError):
        _sql("SELECT 'what?' FROM t")


@pytest.mark.xdist_group("postgres")
def test_a_stopped_database_server_is_said_and_logged_and_the_store_recovers(postgres_cluster, caplog, monkeypatch):
    """The server goes away mid-class (the class pages say so: tests/test_classroom_app.py)
    and comes back: the same store objects work again, without a restart of the app."""
    from tutorial.classroom import ClassroomError
    from tutorial.store import StoreUnavailable, open_room_store, open_store, postgres, sql_rooms

    monkeypatch.setattr(sql_rooms, "_LOGGED", {})
    monkeypatch.setattr(postgres, "QUIET_SECONDS", 0.5)
    server = postgres_cluster.get()
    url = server.create_database("muggins", schema="faults")
    rooms, games = open_room_store(url=url), open_store(url=url)
    room = rooms.open_room()
    rooms.join(room.code, "Ana", "k")
    try:
        server.stop("fast")
        with caplog.at_level("ERROR", logger="tutorial.store"):
            with pytest.raises(ClassroomError) as refused:
                rooms.teacher_room(room.code, room.teacher_token)
            assert refused.value.code == "unavailable"
            started = time.monotonic()
            with pytest.raises(ClassroomError, match="unavailable"):
                rooms.join(room.code, "Ben", "k")
            with pytest.raises(StoreUnavailable):
                games.save_game("k", "{}")
            assert time.monotonic() - started < 0.4  # right after a failure: at once, not after a wait
        assert "class-room store: teacher_room failed" in caplog.text
        time.sleep(0.5)
        with pytest.raises(StoreUnavailable):
            open_room_store(url=url)  # a new process meets the same
    finally:
        if not server.running:
            server.start()
        server.wait_ready()
    time.sleep(0.5)
    assert rooms.teacher_room(room.code, room.teacher_token).students == 1  # nothing recorded was lost
    assert rooms.join(room.code, "Ben", "k").student == 2
    games.save_game("k", "{}")
    assert games.load_game("k") == "{}"
    postgres.close_pools()


@pytest.mark.xdist_group("postgres")
def test_a_refused_statement_does_not_make_the_server_look_unreachable(postgres_cluster):
    """Only a lost connection or none to be had makes calls fail at once for a while; a
    statement the server cancels (an ``OperationalError`` too) leaves the next call alone."""
    import psycopg

    from tutorial.store import postgres

    url = postgres_cluster.get().create_database("muggins", schema="refused")
    with pytest.raises(psycopg.errors.QueryCanceled), postgres._connection(url) as conn:
        conn.execute("BEGIN")
        conn.execute("SET LOCAL statement_timeout = 10")
        conn.execute("SELECT pg_sleep(1)")
    assert url not in postgres._unreachable
    with postgres._connection(url) as conn:
        assert conn.execute("SELECT 1").fetchone() == (1,)
    postgres.close_pools()


@pytest.mark.xdist_group("postgres")
def test_tables_dropped_under_the_app_are_made_again(postgres_cluster, caplog):
    from tutorial.store import open_room_store
    from tutorial.store.postgres import close_pools

    server = postgres_cluster.get()
    url = server.create_database("muggins", schema="dropped")
    rooms = open_room_store(url=url)
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP TABLE rooms")
    with caplog.at_level("WARNING", logger="tutorial.store"):
        room = rooms.open_room()
    assert "made them again" in caplog.text
    assert rooms.join(room.code, "Ana", "k").student == 1
    close_pools()


class FreezingRelay:
    """A TCP relay to a cluster's socket that can stop passing bytes on: a server that is
    reached but no longer answers (a frozen machine)."""

    def __init__(self, url: str):
        import socket
        import threading

        from psycopg.conninfo import conninfo_to_dict, make_conninfo

        params = conninfo_to_dict(url)
        self.target = f"{params['host']}/.s.PGSQL.{params.get('port', 5432)}"
        self.frozen = threading.Event()
        self.listener = socket.create_server(("127.0.0.1", 0))
        params.update(host="127.0.0.1", port=str(self.listener.getsockname()[1]))
        self.url = make_conninfo(**params)
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        import socket
        import threading

        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.socket(socket.AF_UNIX)
            upstream.connect(self.target)
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pass, args=(source, sink), daemon=True).start()

    def _pass(self, source, sink) -> None:
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                return
            if not data:
                return
            while self.frozen.is_set():
                time.sleep(0.05)
            try:
                sink.sendall(data)
            except OSError:
                return

    def close(self) -> None:
        self.listener.close()


@pytest.mark.xdist_group("postgres")
def test_a_server_that_stops_answering_fails_a_call_in_seconds_and_the_store_recovers(postgres_cluster,
                                                                                     monkeypatch):
    """Reached, then silent: the call waiting for its answer fails (its connection cut) within
    ANSWER_SECONDS rather than holding the page, and the store works once the server answers."""
    from tutorial.store import StoreUnavailable, open_store, postgres

    monkeypatch.setattr(postgres, "ANSWER_SECONDS", 1.0)
    monkeypatch.setattr(postgres, "CONNECT_SECONDS", 1.0)
    monkeypatch.setattr(postgres, "QUIET_SECONDS", 0.2)
    relay = FreezingRelay(postgres_cluster.get().create_database("muggins", schema="frozen"))
    try:
        games = open_store(url=relay.url)
        games.save_game("k", "{}")
        relay.frozen.set()
        for _ in range(2):  # a connection in use, then one the pool checks before use
            started = time.monotonic()
            with pytest.raises(StoreUnavailable):
                games.load_game("k")
            assert time.monotonic() - started < 4
            time.sleep(0.3)
        relay.frozen.clear()
        time.sleep(0.3)
        assert games.load_game("k") == "{}"
        with postgres._connection(relay.url) as conn:  # and the server ends its own long statements
            assert conn.execute("SHOW statement_timeout").fetchone() == ("4s",)
            assert conn.execute("SHOW lock_timeout").fetchone() == ("4s",)
    finally:
        relay.frozen.clear()
        relay.close()
        postgres.close_pools()
