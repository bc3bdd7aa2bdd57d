"""`muggins app` as a process: a signal stops the server, a bad option is one line."""

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

MUGGINS = Path(sys.executable).parent / "muggins"  # installed beside the interpreter


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def health(port: int) -> str | None:
    """The body of ``/_stcore/health``, or ``None`` when nothing answers on the port."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as response:
            return response.read().decode()
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def websocket_extensions(port: int) -> str:
    """The extensions the app's websocket (``/_stcore/stream``) agrees to when a browser offers
    compression, read from the handshake's answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall((f"GET /_stcore/stream HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                      "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                      "Sec-WebSocket-Protocol: streamlit\r\n"
                      "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = conn.recv(4096)
            if not chunk:
                break
            answer += chunk
    head = answer.split(b"\r\n\r\n")[0].decode("latin-1")
    assert head.startswith("HTTP/1.1 101"), head
    return next((line.split(":", 1)[1].strip() for line in head.split("\r\n")
                 if line.lower().startswith("sec-websocket-extensions:")), "")


def test_sigterm_stops_the_server(tmp_path):
    port = free_port()
    log = tmp_path / "app.log"
    with open(log, "w") as output:
        # --server.address keeps the test server on the loopback (and Streamlit from looking up an external address)
        app = subprocess.Popen([str(MUGGINS), "app", "--server.port", str(port), "--server.address", "127.0.0.1"],
                               stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while health(port) != "ok":
            assert app.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        # what it says goes out as it is said, with its output in a file and no PYTHONUNBUFFERED (issue 41)
        assert "PYTHONUNBUFFERED" not in os.environ
        while f"URL: http://127.0.0.1:{port}" not in log.read_text():
            assert time.monotonic() < deadline + 10, "muggins app held its output back: " + log.read_text()
            time.sleep(0.1)
        # every click's messages travel compressed (a practice click: 3.3 kB instead of 6.5 kB)
        assert websocket_extensions(port).startswith("permessage-deflate")
        app.send_signal(signal.SIGTERM)
        started = time.monotonic()
        assert app.wait(timeout=10) == 0, log.read_text()
        assert time.monotonic() - started < 5
        assert health(port) is None, "the server outlived muggins app"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(app.pid, signal.SIGKILL)  # whatever is left of its process group, should this test fail
        app.wait()


def test_unknown_option_is_one_line_with_status_2():
    done = subprocess.run([str(MUGGINS), "app", "--no-such-option"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith("muggins app: ") and "--no-such-option" in done.stderr


def test_data_dir_sets_the_store_folder_and_the_rest_goes_to_streamlit(monkeypatch, tmp_path):
    import tutorial.app.shell.serve as serve
    from tutorial.cli import commands as cli

    seen = {}
    monkeypatch.setattr(serve, "run", lambda entry, options: seen.update(options=options, env=os.environ.get("MUGGINS_DATA_DIR")) or 0)
    monkeypatch.delenv("MUGGINS_DATA_DIR", raising=False)
    assert cli.main(["app", "--data-dir", str(tmp_path), "--server.port", "8600"]) == 0
    assert seen["env"] == str(tmp_path) and "--data-dir" not in seen["options"] and seen["options"][-2:] == ["--server.port", "8600"]
    assert cli.main(["app", f"--data-dir={tmp_path / 'x'}"]) == 0 and seen["env"] == str(tmp_path / "x")
    assert cli.main(["app", "--data-dir"]) == 2


def test_app_help_names_our_own_option():
    done = subprocess.run([str(MUGGINS), "app", "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "--data-dir" in done.stdout and "Streamlit" in done.stdout
