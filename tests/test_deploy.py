"""``muggins serve``'s parts without a browser: the plan's checks, the proxy's configuration
(checked by HAProxy itself), the command line's refusals, a local cluster's folder rules. The
whole server through a proxy in real browsers: tests/browser/test_serve.py."""

from __future__ import annotations

import os
import subprocess
import sys

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
])
def test_muggins_serve_refuses_what_cannot_work_in_one_line(args, said):
    done = muggins("serve", *args)
    assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert "secret" not in done.stderr


def test_a_database_address_in_the_environment_is_checked_by_app_and_serve():
    for command in (["app"], ["serve"]):
        done = muggins(*command, env={"MUGGINS_DATABASE_URL": "sqlite:///x?password=secret"})
        assert done.returncode == 2 and "MUGGINS_DATABASE_URL must start with postgresql://" in done.stderr, done.stderr
        assert "Traceback" not in done.stderr
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
