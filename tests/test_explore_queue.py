"""The server's line of studies (issue 17: ten sessions ran twenty worker processes, 660 MB):
at most one study runs at a time, the others wait first come first served and are told how
many are before them and about how long; a session holds at most one place."""

from __future__ import annotations

import os
import time

import pytest

from tutorial.explore.queue import Status, StudyQueue


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_one_study_at_a_time_first_come_first_served() -> None:
    line = StudyQueue(at_once=1)
    first, second, third = line.join("a", 100), line.join("b", 100), line.join("c", 100)
    assert [line.status(t).ahead for t in (first, second, third)] == [0, 1, 2]
    assert line.status(first).may_run and not line.status(second).may_run
    line.leave(first)
    assert line.status(second).may_run and line.status(third).ahead == 1
    line.leave(second)
    line.leave(third)
    assert len(line) == 0


def test_a_session_holds_at_most_one_place() -> None:
    line = StudyQueue(at_once=1)
    running = line.join("a", 100)
    old = line.join("b", 100)
    new = line.join("b", 50)  # the same session asks again: its old place is given up
    assert len(line) == 2
    assert line.status(old).ahead == -1 and not line.status(old).may_run
    assert line.status(new).ahead == 1
    line.leave(running)
    assert line.status(new).may_run


def test_the_wait_is_estimated_from_studies_timed_here() -> None:
    clock = Clock()
    line = StudyQueue(at_once=1, clock=clock)
    timed = line.join("a", 1000)
    waiting = line.join("b", 10)
    assert line.status(waiting).wait is None  # nothing timed yet: no figure is made up
    assert line.status(timed).may_run  # it starts now
    clock.now = 10.0
    line.progress(timed, 1.0)
    line.leave(timed)  # 1,000 hands in 10 s: 100 hands a second
    assert line.status(waiting).may_run
    line.leave(waiting)  # finished at once: too little to time
    running = line.join("c", 3000)
    assert line.status(running).may_run
    line.progress(running, 0.5)  # 1,500 hands left
    later = line.join("d", 10)
    assert line.status(later).ahead == 1 and line.status(later).wait == 15.0


def test_two_at_once_when_allowed() -> None:
    line = StudyQueue(at_once=2)
    tickets = [line.join(name, 10) for name in "abc"]
    assert [line.status(t).ahead for t in tickets] == [0, 0, 1]


def test_a_study_worker_that_imports_the_apps_entry_script_draws_nothing():
    """A new user's study once broke its process pool: a worker started while another
    session's run had made the app's entry script ``__main__``, so the worker ran it as
    ``__mp_main__`` (as multiprocessing's spawn and forkserver do) and failed in Streamlit's
    bare mode. Run the script exactly that way: it must finish, quietly."""
    import subprocess
    import sys

    from tutorial.cli.commands import APP_ENTRY

    done = subprocess.run([sys.executable, "-c", "import runpy, sys; runpy.run_path(sys.argv[1], run_name='__mp_main__')",
                           str(APP_ENTRY)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr and "Error" not in done.stderr, done.stderr[-2000:]


# ----- one study at a time for the whole server (several app processes: issue 21) -------------


class FakeLease:
    """The store's slot, for two processes' lines (the store's own: tests/test_classroom.py)."""

    def __init__(self):
        self.holder, self.until, self.now, self.calls, self.down = None, 0.0, 0.0, 0, False

    def take_lease(self, name, holder, seconds):
        self.calls += 1
        if self.down:
            raise OSError("the database server is away")
        if self.holder not in (None, holder) and self.until > self.now:
            return False
        self.holder, self.until = holder, self.now + seconds
        return True

    def drop_lease(self, name, holder):
        if self.down:
            raise OSError("the database server is away")
        if self.holder == holder:
            self.holder = None


def test_two_processes_run_one_study_at_a_time_and_the_second_runs_when_the_first_leaves():
    from tutorial.explore.queue import SharedLine, StudyQueue

    lease, clock = FakeLease(), [0.0]
    first = SharedLine(StudyQueue(), lease, clock=lambda: clock[0])
    second = SharedLine(StudyQueue(), lease, clock=lambda: clock[0])  # another process: its own line
    mine, theirs = first.join("a", 100), second.join("b", 100)
    assert first.status(mine).may_run
    assert second.status(theirs) == Status(1, None)  # the other process's study is ahead
    clock[0] += 1
    first.progress(mine, 0.5)
    assert lease.calls == 2  # renewed at most every few seconds, not at every report
    clock[0] += 10
    first.progress(mine, 0.9)
    assert lease.calls == 3
    first.leave(mine)
    assert lease.holder is None
    assert second.status(theirs).may_run


def test_a_study_whose_process_died_frees_the_slot_when_its_lease_runs_out():
    from tutorial.explore.queue import LEASE_SECONDS, SharedLine, StudyQueue

    lease = FakeLease()
    dead = SharedLine(StudyQueue(), lease)
    dead.status(dead.join("a", 10))  # holds the slot, then its process dies: never renewed, never left
    alive = SharedLine(StudyQueue(), lease)
    waiting = alive.join("b", 10)
    assert not alive.status(waiting).may_run
    lease.now += LEASE_SECONDS + 1
    assert alive.status(waiting).may_run


def test_without_the_store_each_process_s_own_line_decides(caplog):
    from tutorial.explore.queue import SharedLine, StudyQueue

    lease = FakeLease()
    lease.down = True
    line = SharedLine(StudyQueue(), lease)
    ticket = line.join("a", 10)
    with caplog.at_level("WARNING", logger="tutorial.explore.queue"):
        assert line.status(ticket).may_run
    assert "cannot be reached" in caplog.text
    line.leave(ticket)  # nothing to give up, no fault
    alone = SharedLine(StudyQueue(), None)
    assert alone.status(alone.join("b", 1)).may_run


def _marked_processes(mark: str) -> list[int]:
    """The processes whose environment holds ``mark``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/environ", "rb") as env:
                    if mark.encode() in env.read():
                        found.append(int(entry))
            except OSError:
                pass
    return found


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_a_study_s_workers_end_when_its_process_is_killed():
    """A trial killed an app process mid-study: its worker processes played on for nobody."""
    import signal
    import subprocess
    import sys
    import uuid

    mark = f"MUGGINS_TEST_MARK={uuid.uuid4().hex}"
    script = ("import time\nfrom tutorial.explore.study import run_units\n"
              "if __name__ == '__main__':\n"
              "    run_units(time.sleep, [(60,), (60,)], [0, 1], 2, lambda key, result: None)\n")
    name, value = mark.split("=")
    parent = subprocess.Popen([sys.executable, "-c", script], env={**os.environ, name: value})
    try:
        deadline = time.monotonic() + 30
        while len(_marked_processes(mark)) < 4:  # the parent, the fork server, two workers
            assert time.monotonic() < deadline, _marked_processes(mark)
            time.sleep(0.1)
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait()
    deadline = time.monotonic() + 15
    while _marked_processes(mark):
        assert time.monotonic() < deadline, f"still running: {_marked_processes(mark)}"
        time.sleep(0.2)
