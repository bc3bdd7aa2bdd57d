"""``muggins serve``'s parts without a browser: the plan's checks, the proxy's configuration
(checked by HAProxy itself), the command line's refusals, a local cluster's folder rules. The
whole server through a proxy in real browsers: tests/browser/test_serve.py."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tutorial.deploy import proxy
from tutorial.deploy.serve import Plan


@pytest.mark.parametrize("options, said", [
    ({"processes": 0}, "--processes must be from 1 to 64"),
    ({"processes": 65}, "--processes must be from 1 to 64"),
    ({"port": 8601, "first_app_port": 8601}, "also an app process's port"),
    ({"port": 8602, "first_app_port": 8601, "processes": 2}, "also an app process's port"),
    ({"first_app_port": 65535, "processes": 2}, "port 65536 is not from 1 to 65535"),
    ({"database_url": "postgresql:///m", "postgres": "/srv/pg"}, "not both"),
    ({"address": " "}, "--address must name an address"),
    ({"address": "0"}, "--address must be an IP address of this machine"),  # a trial's: links went to http://0:8501
    ({"address": "127.1"}, "--address must be an IP address"),
    ({"address": "example.invalid"}, "--address must be an IP address"),
])
def test_a_plan_that_cannot_work_is_refused_with_a_reason(options, said):
    with pytest.raises(ValueError, match=said):
        Plan(**options)


def test_the_proxy_s_configuration_names_every_process_with_its_cookie_and_haproxy_takes_it(tmp_path):
    text = proxy.config("0.0.0.0", 8501, [8601, 8602, 8603])
    assert "bind 0.0.0.0:8501" in text
    assert [line.split()[1:4] for line in text.splitlines() if line.strip().startswith("server ")] == [
        ["app1", "127.0.0.1:8601", "cookie"], ["app2", "127.0.0.1:8602", "cookie"], ["app3", "127.0.0.1:8603", "cookie"]]
    assert "cookie MUGGINS_APP insert indirect nocache" in text and "option redispatch" in text
    assert "bind [::1]:8501" in proxy.config("::1", 8501, [8601])
    try:
        proxy.haproxy()
    except proxy.ProxyMissing:
        from stores import require_or_skip

        require_or_skip("no haproxy on this machine")
    path = tmp_path / "haproxy.cfg"
    path.write_text(text, encoding="utf-8")
    proxy.check(path)  # HAProxy's own check of the file
    path.write_text(text.replace("balance leastconn", "balance nonsense"), encoding="utf-8")
    with pytest.raises(RuntimeError, match="haproxy refuses"):
        proxy.check(path)


def muggins(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutorial", *args], capture_output=True, text=True, timeout=60,
                          env={**os.environ, **(env or {})})


@pytest.mark.parametrize("args, said", [
    (["--processes", "0"], "--processes: must be a whole number from 1 to 64"),
    (["--processes", "２"], "--processes: must be a whole number"),
    (["--port", "70000"], "--port: must be a whole number from 1 to 65535"),
    (["--database-url", "mysql://u:secret@db/x"], "--database-url: needs a PostgreSQL address"),
    (["--database-url", "postgresql:///m", "--postgres", "/tmp/x"], "not allowed with argument"),
    (["--postgres", ""], "--postgres: needs a folder for the cluster"),
    (["--postgres", "  "], "--postgres: needs a folder for the cluster"),
    # a password the driver would misread (its errors then quoted pieces of it): refused unread
    (["--database-url", "postgresql://u:se/cr?et#x@127.0.0.1:1/m"], "--database-url: its user name or password holds"),
])
def test_muggins_serve_refuses_what_cannot_work_in_one_line(args, said):
    done = muggins("serve", *args)
    assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert "secret" not in done.stderr


def test_a_database_address_in_the_environment_is_checked_by_app_and_serve():
    for command, value in ((["app"], "sqlite:///x?password=secret"), (["serve"], "host=db password=secret")):
        done = muggins(*command, env={"MUGGINS_DATABASE_URL": value})
        assert done.returncode == 2 and "MUGGINS_DATABASE_URL must be an address starting with postgresql://" in \
            done.stderr, done.stderr
        assert "Traceback" not in done.stderr and "secret" not in done.stderr
    done = muggins("app", "--database-url", "postgresql://u:Ω1@se@cret@host/m")
    assert done.returncode == 2 and "write them %-encoded" in done.stderr and "cret" not in done.stderr
    done = muggins("app", "--database-url", "nowhere")
    assert done.returncode == 2 and "--database-url needs a PostgreSQL address" in done.stderr


def test_a_cluster_folder_the_server_s_user_cannot_reach_is_said(tmp_path):
    from tutorial.deploy.local_postgres import LocalPostgres, PostgresMissing

    if os.geteuid() != 0:
        pytest.skip("only root hands the cluster to the postgres user")
    hidden = tmp_path / "private"
    hidden.mkdir(mode=0o700)
    with pytest.raises(PostgresMissing, match="cannot pass through"):
        LocalPostgres(hidden / "pg").start()


def test_a_cluster_s_address_names_its_socket_and_schema():
    from tutorial.deploy.local_postgres import LocalPostgres

    url = LocalPostgres("/srv/muggins pg", port=5433).url("muggins", schema="t1")
    assert url == "postgresql:///muggins?host=/srv/muggins%20pg&port=5433&user=postgres&options=-c%20search_path%3Dt1"


@pytest.mark.parametrize("folder", ["/", "/tmp", str(os.path.expanduser("~"))])
def test_a_cluster_is_never_made_in_a_top_or_home_folder(folder):
    from tutorial.deploy.local_postgres import LocalPostgres, PostgresMissing

    before = os.stat(folder)
    with pytest.raises(PostgresMissing):
        LocalPostgres(folder).start()
    after = os.stat(folder)
    assert (after.st_mode, after.st_uid, after.st_gid) == (before.st_mode, before.st_uid, before.st_gid)


@pytest.fixture
def above():
    """A folder for cluster folders, readable by the server's user (not under pytest's 0700 ones)."""
    import shutil

    from stores import cluster_folder

    made, _ = cluster_folder("muggins-test-")
    yield Path(made)
    shutil.rmtree(made, ignore_errors=True)


def test_a_folder_holding_other_files_is_refused_and_left_as_it_was(above):
    """A trial gave ``--postgres /``, and the folder was handed to the postgres user."""
    from tutorial.deploy.local_postgres import LocalPostgres, PostgresMissing

    folder = above / "work"
    folder.mkdir(mode=0o755)
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    before = os.stat(folder)
    with pytest.raises(PostgresMissing, match="already holds files and no cluster"):
        LocalPostgres(folder).start()
    after = os.stat(folder)
    assert (after.st_mode, after.st_uid) == (before.st_mode, before.st_uid)
    with pytest.raises(PostgresMissing, match="is a file"):
        LocalPostgres(folder / "notes.txt").start()
    with pytest.raises(PostgresMissing, match="too long a path"):
        LocalPostgres(above / ("x" * 120)).start()
    assert not (above / ("x" * 120)).exists()


@pytest.mark.parametrize("name", ['pg"x', "pg$HOME", "pg`id`", "pg\\x", "pg\nx"])
def test_a_folder_name_the_server_s_shell_would_read_is_refused_before_anything_is_made(tmp_path, name):
    """pg_ctl passes its folder to a shell in double quotes: a trial's folder named with a quote
    broke the start, one with ``$(...)`` would run it."""
    from tutorial.deploy.local_postgres import LocalPostgres, PostgresMissing

    with pytest.raises(PostgresMissing, match="cannot take in a folder's name"):
        LocalPostgres(tmp_path / name / "pg").start()
    assert list(tmp_path.iterdir()) == []


def test_an_empty_folder_of_the_system_or_shared_by_all_is_refused_and_left_as_it_was(above):
    """A trial gave ``--postgres /var/tmp`` (empty, everyone's), and it was taken; another,
    running as root, found /var/lib/dpkg/updates taken: root takes only a new folder."""
    from tutorial.deploy.local_postgres import LocalPostgres, PostgresMissing

    for folder in ("/dev/shm/muggins-pg", "/sys/kernel/muggins", "/proc/muggins", "/usr/local/muggins-pg"):
        with pytest.raises(PostgresMissing, match="not a folder for a cluster"):
            LocalPostgres(folder).start()
        assert not os.path.exists(folder)
    shared = above / "shared"
    shared.mkdir()
    os.chmod(shared, 0o1777)
    root = os.geteuid() == 0
    with pytest.raises(PostgresMissing, match="it exists: started as root" if root else "other users may write in it"):
        LocalPostgres(shared).start()
    assert os.stat(shared).st_mode & 0o7777 == 0o1777
    mine = above / "mine"
    mine.mkdir(mode=0o755)
    if root:  # an empty folder that exists (the system's own, perhaps) is not root's to hand over
        with pytest.raises(PostgresMissing, match="it exists: started as root"):
            LocalPostgres(mine)._own()
        assert os.stat(mine).st_mode & 0o777 == 0o755
        mine = above / "new"
    LocalPostgres(mine)._own()  # taken (made when new), for the server alone
    assert os.stat(mine).st_mode & 0o777 == 0o700


def test_a_folder_under_one_another_user_may_change_is_refused(above):
    """Another user could swap the folder above for a fake cluster of links."""
    from tutorial.deploy.local_postgres import LocalPostgres, PostgresMissing

    open_to_all = above / "open"
    open_to_all.mkdir()
    os.chmod(open_to_all, 0o777)  # writable by all, without the sticky bit /tmp has
    with pytest.raises(PostgresMissing, match="may be changed by another user"):
        LocalPostgres(open_to_all / "pg").start()
    assert list(open_to_all.iterdir()) == []
    with pytest.raises(PostgresMissing, match="cannot take in a folder's name"):  # a comma: a second socket folder
        LocalPostgres(f"{above}/pg,{above}/open").start()
    assert sorted(path.name for path in above.iterdir()) == ["open"]


@pytest.mark.skipif(os.geteuid() != 0, reason="only root hands folders to the server's user")
def test_root_writes_nothing_in_the_cluster_s_folder_the_server_s_user_could_not(above):
    """A breaker, as the postgres user, linked data/muggins.conf to a file of root's: serve's
    next start wrote over it and handed it to postgres. Root now writes there only as postgres;
    and a folder holding a cluster of another user's is refused."""
    import pwd

    from tutorial.deploy.local_postgres import SERVER_USER, LocalPostgres, PostgresMissing

    server = pwd.getpwnam(SERVER_USER)
    victim = above / "victim.txt"
    victim.write_text("root's own\n", encoding="utf-8")
    os.chmod(victim, 0o600)
    cluster = LocalPostgres(above / "pg")
    cluster._own()
    cluster.data.mkdir()
    os.chown(cluster.data, server.pw_uid, server.pw_gid)
    (cluster.data / "muggins.conf").symlink_to(victim)
    os.lchown(cluster.data / "muggins.conf", server.pw_uid, server.pw_gid)
    (cluster.data / "postgresql.conf").write_text("# the server's own\n", encoding="utf-8")
    cluster._write_settings()  # the link is replaced by a file of the server's user
    assert victim.read_text(encoding="utf-8") == "root's own\n" and os.stat(victim).st_uid == 0
    written = os.lstat(cluster.data / "muggins.conf")
    assert not os.path.islink(cluster.data / "muggins.conf") and written.st_uid == server.pw_uid
    assert "unix_socket_directories" in (cluster.data / "muggins.conf").read_text(encoding="utf-8")
    cluster._write_settings()  # the include line is added once
    assert (cluster.data / "postgresql.conf").read_text(encoding="utf-8").count("include_if_exists") == 1
    (cluster.data / "PG_VERSION").write_text("15\n", encoding="ascii")
    os.chown(cluster.data, 65534, 65534)  # nobody's
    with pytest.raises(PostgresMissing, match="belongs to another user"):
        LocalPostgres(above / "pg").start()


def test_only_a_request_with_the_proxy_s_key_came_through_the_proxy():
    """A breaker sent X-Forwarded-For straight to an app process's port from the same machine,
    and it was believed: only the proxy knows the key."""
    from tutorial.deploy.net import from_proxy

    assert from_proxy("k3y", "k3y")
    assert not from_proxy("guess", "k3y") and not from_proxy(None, "k3y")
    assert not from_proxy("", "") and not from_proxy("none", None)  # no key set: nothing came through a proxy
    with pytest.raises(ValueError):
        proxy.config("0.0.0.0", 8501, [8601], key="a b\n    http-request allow")


def test_the_address_of_a_browser_behind_the_proxy_is_the_one_the_proxy_added():
    from tutorial.deploy.net import client_address

    # straight to the app: the connection's other end, whatever the headers say
    assert client_address("203.0.113.9", ["198.51.100.1"], trust_forwarded=True) == "203.0.113.9"
    # from this machine without muggins serve: the header is not trusted
    assert client_address(None, ["198.51.100.1"], trust_forwarded=False) is None
    # behind the proxy: the last address, which HAProxy appended after what the browser sent
    assert client_address(None, ["10.0.0.7"], trust_forwarded=True) == "10.0.0.7"
    assert client_address(None, ["1.2.3.4, 5.6.7.8", "10.0.0.7"], trust_forwarded=True) == "10.0.0.7"
    assert client_address(None, ["1.2.3.4,  2001:db8::1 "], trust_forwarded=True) == "2001:db8::1"
    assert client_address(None, ["not an address"], trust_forwarded=True) is None
    assert client_address(None, [], trust_forwarded=True) is None


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_proxy_passes_each_browser_s_own_address_on_and_holds_few_connections_from_one(tmp_path):
    """Through a real HAProxy: the address a browser wrote in X-Forwarded-For is replaced by its
    own, and one address's idle connections beyond its share are refused while another's pass."""
    import http.server
    import socket
    import threading
    import time

    try:
        proxy.haproxy()
    except proxy.ProxyMissing:
        from stores import require_or_skip

        require_or_skip("no haproxy on this machine")

    class Echo(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = ("ok " + "|".join(self.headers.get_all("X-Forwarded-For") or [])
                    + " key=" + "|".join(self.headers.get_all("X-Muggins-Proxy") or [])).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_: object) -> None:
            pass

    backend = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Echo)
    threading.Thread(target=backend.serve_forever, daemon=True).start()
    port = free_port()
    path = tmp_path / "haproxy.cfg"
    path.write_text(proxy.config("127.0.0.1", port, [backend.server_address[1]], maxconn=64, per_address=3,
                                 key="s3cret-Key_1", sessions=2), encoding="utf-8")
    running = proxy.start(path, tmp_path / "haproxy.log")

    def ask(source: str, forwarded: str | None = None, extra: str = "") -> str:
        with socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0)) as conn:
            if forwarded:
                extra += f"X-Forwarded-For: {forwarded}\r\nX-Muggins-Proxy: guessed\r\n"
            conn.sendall(f"GET / HTTP/1.1\r\nHost: x\r\n{extra}Connection: close\r\n\r\n".encode())
            answer = b""
            while chunk := conn.recv(4096):
                answer += chunk
        return answer.decode(errors="replace")

    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                if ask("127.0.0.1").endswith("ok 127.0.0.1 key=s3cret-Key_1"):
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, (tmp_path / "haproxy.log").read_text()
            time.sleep(0.1)
        # what the browser wrote is gone; the proxy's key is the proxy's
        assert ask("127.0.0.1", "6.6.6.6").endswith("ok 127.0.0.1 key=s3cret-Key_1")
        # new page sessions (websocket upgrades): two in 10 s from one address, then 429 until later
        upgrade = "Upgrade: websocket\r\n"
        assert [ask("127.0.0.3", extra=upgrade).split()[1] for _ in range(3)] == ["200", "200", "429"]
        assert ask("127.0.0.3").endswith("ok 127.0.0.3 key=s3cret-Key_1")  # its plain requests pass
        assert ask("127.0.0.4", extra=upgrade).split()[1] == "200"  # and other addresses' sessions
        held = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(3)]
        time.sleep(0.5)  # taken in by the proxy's threads (a connection counts once accepted)
        try:
            refused = True
            with contextlib.suppress(ConnectionResetError, BrokenPipeError):  # as it connects, or after
                refused = ask("127.0.0.1") == ""  # the fourth: closed by the proxy, unanswered
            assert refused
            assert ask("127.0.0.2").endswith("ok 127.0.0.2 key=s3cret-Key_1")  # another address is served
        finally:
            for conn in held:
                conn.close()
    finally:
        running.terminate()
        running.wait(10)
        backend.shutdown()


def test_links_name_the_address_students_reach(monkeypatch):
    from tutorial.deploy import serve

    monkeypatch.setattr(serve, "network_ip", lambda: "192.168.1.20")
    assert serve.public_url("0.0.0.0", 8501) == "http://192.168.1.20:8501"
    assert serve.public_url("10.1.2.3", 80) == "http://10.1.2.3:80"
    assert serve.public_url("2001:db8::5", 8501) == "http://[2001:db8::5]:8501"
    assert serve.public_url("127.0.0.1", 8501) is None
    assert serve.public_url("::ffff:127.0.0.1", 8501) is None and serve.public_url("127.0.0.2", 8501) is None
    assert Plan(address="localhost").address == "127.0.0.1" and Plan(address="::FFFF:10.0.0.1").address == "::ffff:a00:1"
    monkeypatch.setattr(serve, "network_ip", lambda: None)
    assert serve.public_url("::", 8501) is None


def test_a_port_in_use_is_found():
    import socket

    from tutorial.deploy.net import port_free

    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        assert not port_free("127.0.0.1", port)
    assert port_free("127.0.0.1", port)


class FakeProcess:
    """An app process as serve's watch sees it."""

    def __init__(self, code: int | None = None):
        self.returncode, self.killed = code, False
        self.pid = 4242

    def poll(self) -> int | None:
        return self.returncode

    def kill(self) -> None:
        self.killed, self.returncode = True, -9


def watched_server(tmp_path, monkeypatch):
    from tutorial.deploy import serve

    said: list[str] = []
    server = serve.Server(Plan(processes=1, run_dir=tmp_path), say=said.append)
    started: list[int] = []

    def start_app(app):
        started.append(app.port)
        app.process, app.started, app.answered, app.failed_checks, app.check = FakeProcess(), 0.0, False, 0, None
    monkeypatch.setattr(server, "_start_app", start_app)
    return server, said, started


def test_a_process_that_keeps_dying_rests_and_is_then_started_again(tmp_path, monkeypatch):
    from tutorial.deploy import serve

    server, said, started = watched_server(tmp_path, monkeypatch)
    app = server.apps[0]
    now = 1000.0
    for _ in range(serve.RESTARTS_PER_MINUTE + 1):
        app.process = FakeProcess(1)
        server._tend(app, now)
        now += 1
    assert len(started) == serve.RESTARTS_PER_MINUTE and "trying again in 60 s" in said[-1]
    app.process = FakeProcess(1)
    server._tend(app, now + 10)
    assert len(started) == serve.RESTARTS_PER_MINUTE  # resting
    server._tend(app, now + serve.REST_SECONDS + 1)
    assert len(started) == serve.RESTARTS_PER_MINUTE + 1 and "after its rest" in said[-1]


def test_a_proxy_that_dies_is_started_again_unless_it_keeps_dying(tmp_path, monkeypatch):
    """A breaker killed HAProxy: serve stopped everything. It is now started again, as the app
    processes are; one that dies more than 5 times a minute (its port taken) ends the server."""
    from tutorial.deploy import serve

    server, said, _ = watched_server(tmp_path, monkeypatch)
    proxies: list[FakeProcess] = []

    def start_proxy():
        proxies.append(FakeProcess())
        server.proxy = proxies[-1]
    monkeypatch.setattr(server, "_start_proxy", start_proxy)
    server.proxy = FakeProcess(-9)
    assert server._tend_proxy(1000.0) and len(proxies) == 1
    assert said[-1].startswith("muggins serve: haproxy was killed by signal 9 (SIGKILL); starting it again")
    for second in range(1, serve.RESTARTS_PER_MINUTE):
        server.proxy = FakeProcess(1)
        assert server._tend_proxy(1000.0 + second)
    server.proxy = FakeProcess(1)
    assert not server._tend_proxy(1010.0) and "6 times in a minute" in said[-1]
    server.proxy = FakeProcess(1)
    assert server._tend_proxy(1070.0)  # a minute later, the deaths before no longer count


def test_a_process_that_stops_answering_is_stopped_to_be_started_again(tmp_path, monkeypatch):
    from concurrent.futures import ThreadPoolExecutor

    from tutorial.deploy import serve

    server, said, _started = watched_server(tmp_path, monkeypatch)
    app = server.apps[0]
    app.process, app.answered = FakeProcess(), True
    answers = iter([True, False, False, False])
    monkeypatch.setattr(serve, "healthy", lambda port, timeout: next(answers))
    with ThreadPoolExecutor(1) as checks:
        for now in range(5):
            if app.check is not None:
                app.check.result()  # the check ran (a real one may still be waiting: counted as failed)
            server._ask_health(app, checks, float(now))
            assert app.process.killed == (now == 4), (now, app.failed_checks)
    assert "does not answer" in said[-1]


@pytest.mark.xdist_group("postgres")
def test_a_cluster_started_by_hand_runs_as_muggins_runs_it_and_whose_it_is_decides_who_stops_it(postgres_cluster):
    """A trial started the cluster by hand as the README said then: it listened on TCP with no
    password, its socket elsewhere, and serve then crashed and stopped a cluster it had not started."""
    import psycopg

    from tutorial.deploy.local_postgres import LocalPostgres

    server = postgres_cluster.get()
    assert "include_if_exists = 'muggins.conf'" in (server.data / "postgresql.conf").read_text(encoding="utf-8")
    owner = server.folder / "started-by.pid"
    assert owner.read_text(encoding="ascii").strip() == str(os.getpid())
    server.stop()
    assert not owner.exists()
    server._run("pg_ctl", ["-D", str(server.data), "-l", str(server.log_file), "-w", "start"])  # by hand: no options
    try:
        by_hand = LocalPostgres(server.folder, durable=False).start()
        assert by_hand.adopted and not owner.exists()  # started by hand: muggins serve leaves it running
        with psycopg.connect(by_hand.url("postgres")) as conn:  # on its socket in the folder, no network
            assert conn.execute("SHOW listen_addresses").fetchone() == ("",)
            assert conn.execute("SHOW max_connections").fetchone() == ("200",)
        owner.write_text(f"{os.getppid()}\n", encoding="ascii")  # a process still running holds it
        with pytest.raises(RuntimeError, match="used by another process"):
            LocalPostgres(server.folder).start()
        gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
        owner.write_text(gone.stdout, encoding="ascii")  # left by a process that was killed: taken over
        taken = LocalPostgres(server.folder).start()
        assert not taken.adopted and owner.read_text(encoding="ascii").strip() == str(os.getpid())
    finally:
        server.stop()
        server.start()
        server.wait_ready()


def test_a_database_out_of_reach_is_refused_at_start_with_the_driver_s_reason():
    from tutorial.deploy.serve import _check_database

    with pytest.raises(RuntimeError) as refused:
        _check_database("postgresql://ana:s3cret@/muggins?host=/nonexistent-folder&connect_timeout=1")
    said = str(refused.value)
    assert "cannot be used" in said and "No such file or directory" in said and "s3cret" not in said


def test_serve_leaves_a_cluster_started_by_hand_running_and_says_how_a_process_ended(tmp_path, monkeypatch):
    from tutorial.deploy import serve

    server, said, _started = watched_server(tmp_path, monkeypatch)

    class Cluster:
        adopted, folder, stopped = True, tmp_path / "pg", False

        def stop(self):
            self.stopped = True
    cluster = Cluster()
    server.postgres = cluster
    server.stop()
    assert not cluster.stopped and "left running" in said[-1]
    assert serve._ended(-9) == "was killed by signal 9 (SIGKILL)" and serve._ended(3) == "stopped (status 3)"


def test_a_fault_said_every_second_is_logged_once_a_minute():
    import logging

    from tutorial.store.common import OncePer

    records = [logging.LogRecord("x", logging.WARNING, __file__, 1, "error connecting: %s", (why,), None)
               for why in ("refused", "refused", "timeout", "refused")]
    once = OncePer(60)
    assert [once.filter(record) for record in records] == [True, False, True, False]
    assert OncePer(0).filter(records[0]) and OncePer(0).filter(records[1])


def test_the_app_never_takes_a_forwarded_address_from_uvicorn(monkeypatch):
    """A browser on the app's own machine sending X-Forwarded-For: Uvicorn (under Streamlit)
    would believe it; ``muggins app`` turns that off (the app reads the header itself, behind
    serve's proxy only)."""
    from pathlib import Path

    import uvicorn
    from streamlit.web import cli as streamlit_cli

    from tutorial.app.shell import serve as shell

    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")  # uvicorn's own default, restored after
    monkeypatch.setattr(streamlit_cli.main, "main", lambda *args, **kwargs: 0)
    assert shell.run(Path("entry.py"), []) == 0
    seen: list[object] = []

    async def app(scope, receive, send):
        seen.append(scope["client"])

    config = uvicorn.Config(app, proxy_headers=True)
    config.load()
    scope = {"type": "http", "client": ("127.0.0.1", 5000), "headers": [(b"x-forwarded-for", b"6.6.6.6")]}
    running = config.loaded_app(scope, None, None)  # driven by hand: a browser test may hold this thread's loop
    with pytest.raises(StopIteration):
        running.send(None)
    assert seen == [("127.0.0.1", 5000)]


def test_the_proxy_holds_as_many_connections_as_the_machine_s_open_files_allow():
    import resource

    from tutorial.deploy import serve

    assert serve.proxy_connections(1024) == 462  # a default soft limit: two files a connection
    assert serve.proxy_connections(1 << 20) == serve.CONNECTIONS_MAX
    assert serve.proxy_connections(50) == 64
    limit = serve.open_files_limit()  # raised to the hard limit, for the proxy and the processes
    assert limit == resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    assert hard == resource.RLIM_INFINITY or limit == hard
    text = proxy.config("0.0.0.0", 8501, [8601], maxconn=9950)
    assert "maxconn 9950" in text and "sc0_conn_cur gt 2487" in text


def test_an_address_this_machine_does_not_have_is_said_as_such_not_as_in_use(tmp_path):
    from tutorial.deploy import serve

    for address, said in (("192.0.2.1", "cannot listen on 192.0.2.1:8501: cannot assign requested address"),
                          ("2001:db8::1", "cannot listen on 2001:db8::1:8501")):
        server = serve.Server(Plan(address=address, run_dir=tmp_path), say=lambda _: None)
        with pytest.raises(RuntimeError, match=said):
            server.start()
        assert not server.started


def test_a_start_cut_short_by_ctrl_c_ends_quietly(tmp_path, monkeypatch):
    """Ctrl+C reaches initdb too: what it printed as it died is not the user's business."""
    from tutorial.deploy import serve

    def start(self):
        self.stopping = True
        raise RuntimeError("initdb was stopped by signal 2")
    monkeypatch.setattr(serve.Server, "start", start)
    said: list[str] = []
    assert serve.run(Plan(run_dir=tmp_path), say=said.append) == 0
    assert not any("initdb" in line for line in said)


def test_a_cluster_in_a_temporary_folder_is_warned_of():
    from pathlib import Path

    from tutorial.deploy.serve import fleeting

    assert fleeting(Path("/tmp/muggins-pg")) and fleeting(Path("/var/tmp/x/pg"))
    assert not fleeting(Path("/var/lib/muggins/pg")) and not fleeting(Path("/srv/muggins-pg"))


def test_a_run_folder_in_use_by_another_serve_is_refused_and_its_files_left(tmp_path):
    """A breaker started two serves on one --run-dir: the second's stop removed the first's pid files."""
    from tutorial.deploy import serve

    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        (tmp_path / "serve.pid").write_text(f"{other.pid}\n", encoding="ascii")
        (tmp_path / "haproxy.pid").write_text("12345\n", encoding="ascii")
        said: list[str] = []
        assert serve.run(Plan(run_dir=tmp_path), say=said.append) == 1
        assert "is used by another muggins serve" in said[-1]
        assert sorted(path.name for path in tmp_path.glob("*.pid")) == ["haproxy.pid", "serve.pid"]
    finally:
        other.kill()
        other.wait()
