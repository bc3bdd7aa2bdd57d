"""A school's server (issue 21): ``muggins serve`` with two app processes behind HAProxy and a
PostgreSQL cluster, driven through the proxy in real browsers. The teacher's session lives on
one process and the students' on the other (HAProxy's cookie says which); every answer is counted
once, the reveal reaches everyone, a saved game made on one process opens on the other, and
when the students' process is killed mid-question they come back (through the proxy, to a
process that is up) and nothing recorded is lost. The store's rules on both databases:
tests/test_store.py, tests/test_classroom.py."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time

import pytest

from .conftest import click_key, query, settle
from .server import free_port, stop_app, wait_for_line

FOLLOW_S = 15


@pytest.fixture(scope="session")
def school(tmp_path_factory):
    """``muggins serve --processes 2 --postgres DIR``: (base URL, run folder, app ports)."""
    from stores import cluster_folder, require_or_skip

    from tutorial.deploy.local_postgres import PostgresMissing, server_programs
    from tutorial.deploy.proxy import ProxyMissing, haproxy

    try:
        haproxy()
        server_programs()
    except (ProxyMissing, PostgresMissing) as err:
        require_or_skip(str(err))
    run = tmp_path_factory.mktemp("serve")
    above, cluster = cluster_folder("muggins-serve-pg-")
    port, first = free_port(), free_port()
    while port in (first, first + 1):
        first = free_port()
    env = {**os.environ, "MUGGINS_ADDRESS_LIMIT": "3", "MUGGINS_DATA_DIR": str(run / "data")}
    assert "PYTHONUNBUFFERED" not in env  # as a new user's shell and a service manager start it (tests/conftest.py)
    # Its output in a file, as an operator's `muggins serve > serve.log`: the readiness line must be
    # there while it runs (Python buffered it until the end once, and this wait never ended).
    said = run / "serve.out"
    with open(said, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "tutorial", "serve", "--processes", "2", "--address", "127.0.0.1", "--port", str(port),
             "--first-app-port", str(first), "--postgres", cluster, "--run-dir", str(run)],
            env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    from tutorial.deploy.local_postgres import LocalPostgres

    try:
        ready = wait_for_line(said, process, "Muggins Tutor is at http", 180)
        assert re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d Muggins Tutor is at http", ready), ready  # the time first, as a log's
        yield f"http://127.0.0.1:{port}", run, [first, first + 1], LocalPostgres(cluster).url("muggins")
    finally:  # whatever happened: nothing it started outlives the test
        stop_app(process, seconds=30)
        LocalPostgres(cluster).stop("immediate")  # serve stops it; a serve killed would not have
        shutil.rmtree(above, ignore_errors=True)


def on_process(browser, base: str, number: int, **options):
    """A page whose browser HAProxy sends to app process ``number`` (its cookie, as after a first visit)."""
    context = browser.new_context(**options)
    context.add_cookies([{"name": "MUGGINS_APP", "value": f"app{number}", "url": base}])
    return context.new_page()


def process_of(page) -> str | None:
    """Which app process HAProxy keeps this browser on now (its cookie)."""
    return next((c["value"] for c in page.context.cookies() if c["name"] == "MUGGINS_APP"), None)


def answer(page, selector: str, double: bool = False) -> None:
    """A student answers and sees it taken ("Your answer is in"). On a busy machine a click can
    land while the page is being drawn again; the app then ignores it as made on a question not
    yet seen (tutorial/app/shell/clicks.py) and the student, seeing nothing taken, clicks again."""
    button = page.locator(selector).first
    button.dblclick() if double else button.click()
    taken = page.locator("[data-testid='stAlertContentInfo']")
    try:
        taken.first.wait_for(timeout=5_000)
        return
    except Exception:
        pass
    with contextlib.suppress(Exception):  # taken meanwhile: the options may be gone
        button.click(timeout=3_000)
    taken.first.wait_for(timeout=FOLLOW_S * 1000)


def test_a_class_across_two_processes_loses_nothing_when_one_is_killed(browser, school):
    base, run, ports, database = school
    teacher = on_process(browser, base, 1, viewport={"width": 1366, "height": 800}, locale="en-GB")
    teacher.goto(f"{base}/class")
    settle(teacher)
    teacher.locator(".st-key-class-open button").click()
    teacher.wait_for_function("() => new URLSearchParams(location.search).has('teacher')")
    settle(teacher)
    code = query(teacher)["room"]
    students = []
    for nickname in ("Ana", "Ben"):
        page = on_process(browser, base, 2, viewport={"width": 390, "height": 844}, locale="en-GB")
        page.goto(f"{base}/class?room={code}")
        settle(page)
        page.locator(".st-key-class-join-name input").fill(nickname)
        page.locator(".st-key-class-join-name input").press("Enter")
        page.wait_for_function("() => new URLSearchParams(location.search).has('student')")
        settle(page)
        students.append(page)
    assert process_of(teacher) == "app1" and [process_of(p) for p in students] == ["app2", "app2"]
    teacher.wait_for_selector("text=2 students have joined.", timeout=FOLLOW_S * 1000)
    # The join limits count the browser's address the proxy passed on, not the proxy's
    # (which a whole school would share): here the browsers' own, 127.0.0.1.
    import psycopg

    from tutorial.classroom.tokens import hash_token

    with psycopg.connect(database) as conn:
        clients = {row[0] for row in conn.execute("SELECT client FROM joins").fetchall()}
    assert clients == {hash_token("127.0.0.1")}, clients

    # Question 1: asked on process 1, answered on process 2 (a double click counts once), revealed.
    teacher.locator("[class*='st-key-class-ask-t'] button").click()
    for page in students:
        page.wait_for_selector("[class*='st-key-class-option-1-'] button", timeout=FOLLOW_S * 1000)
    answer(students[0], "[class*='st-key-class-option-1-fit-'] button", double=True)
    answer(students[1], "[class*='st-key-class-option-1-no-fit-'] button")
    teacher.wait_for_selector("text=2 of 2 have answered.", timeout=FOLLOW_S * 1000)
    teacher.locator("[class*='st-key-class-reveal'] button").click()
    students[0].wait_for_selector("[data-testid='stAlertContentSuccess']", timeout=FOLLOW_S * 1000)
    students[1].wait_for_selector("[data-testid='stAlertContentError']", timeout=FOLLOW_S * 1000)

    # Question 2: Ana answers, then the students' process is killed mid-question.
    teacher.locator("[class*='st-key-class-next'] button").click()
    for page in students:
        page.wait_for_selector("[class*='st-key-class-option-2-'] button", timeout=FOLLOW_S * 1000)
    answer(students[0], "[class*='st-key-class-option-2-'] button")
    teacher.wait_for_selector("text=1 of 2 have answered.", timeout=FOLLOW_S * 1000)
    killed = int((run / f"app-{ports[1]}.pid").read_text())
    os.kill(killed, signal.SIGKILL)
    # its port stays muggins serve's: nobody else on this machine can take it (and the proxy's
    # requests, with their key) while the process is started again
    with socket.socket() as grab:
        grab.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        with pytest.raises(OSError):
            grab.bind(("127.0.0.1", ports[1]))
    # Ben's page reconnects by itself (Streamlit's client retries) through the proxy, which sends
    # it to a process that is up; his place comes back from his page address.
    students[1].wait_for_selector("[data-testid='stApp'][data-test-connection-state='CONNECTED']", timeout=60_000)
    students[1].locator("[class*='st-key-class-option-2-'] button").first.wait_for(timeout=60_000)
    settle(students[1])
    answer(students[1], "[class*='st-key-class-option-2-'] button")
    teacher.wait_for_selector("text=2 of 2 have answered.", timeout=FOLLOW_S * 1000)
    teacher.locator("[class*='st-key-class-reveal'] button").click()
    for page in students:
        page.wait_for_selector("[data-testid='stAlertContentSuccess'], [data-testid='stAlertContentError']",
                               timeout=60_000)
    # Nothing recorded was lost: both rounds, every answer once (the store, read as the teacher's page does).
    from tutorial.store import open_room_store

    rooms = open_room_store(url=database)
    token = query(teacher)["teacher"]
    assert [rooms.tally(code, token, r).answered for r in (1, 2)] == [2, 2]
    assert [row.nickname for row in rooms.students(code, token)] == ["Ana", "Ben"]  # Ben came back as Ben
    # the killed process was started again by muggins serve
    deadline = time.monotonic() + 60
    while int((run / f"app-{ports[1]}.pid").read_text()) == killed and time.monotonic() < deadline:
        time.sleep(0.5)
    assert int((run / f"app-{ports[1]}.pid").read_text()) != killed


def test_a_saved_game_made_on_one_process_opens_on_the_other(browser, school):
    base, _run, _ports, _database = school
    first = on_process(browser, base, 1, viewport={"width": 1366, "height": 800}, locale="en-GB")
    first.goto(f"{base}/practice?lang=en&deal=4-31&table=text")
    settle(first)
    for _ in range(8):  # MUGGINS_ADDRESS_LIMIT=3: a few decisions outgrow the address
        if "saved" in query(first):
            break
        keys = first.evaluate("""() => [...document.querySelectorAll('[class*="st-key-practice-common-"], [class*="st-key-practice-discard-"]')]
            .map(e => [...e.classList].find(c => /^st-key-practice-(common|discard)-/.test(c)))""")
        click_key(first, re.sub(r"-t[0-9a-z]+$", "", keys[-1][len("st-key-"):]))
        settle(first)
    first.wait_for_function("() => new URLSearchParams(location.search).has('saved')", timeout=FOLLOW_S * 1000)
    saved = query(first)["saved"]
    table = first.locator("[data-testid='stMain']").inner_text()
    second = on_process(browser, base, 2, viewport={"width": 1366, "height": 800}, locale="en-GB")
    second.goto(f"{base}/practice?lang=en&saved={saved}&table=text")
    settle(second)
    assert (process_of(second), process_of(first)) == ("app2", "app1"), (first.context.cookies(), second.context.cookies())
    shown = second.locator("[data-testid='stMain']").inner_text()
    assert "not kept on this server" not in shown
    assert query(second).get("saved") == saved
    turn = [line for line in table.splitlines() if "Turn" in line or "turn" in line][:1]
    assert turn and turn[0] in shown, (turn, shown[:500])
