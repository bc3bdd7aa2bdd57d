"""The fair share of a process per address (tutorial/app/shell/fair.py): a trial's hundreds of
sessions from one address, each running its page again and again, stopped every other page of
the server; now one address runs a few pages at once and the others' pages go beside them."""

from __future__ import annotations

import threading
import time

from tutorial.app.shell.fair import FairShare


def hold(share: FairShare, who: str, started: threading.Event, release: threading.Event, got: list[bool]) -> None:
    with share.turn(who) as given:
        got.append(given)
        started.set()
        release.wait(10)


def test_one_address_runs_a_few_pages_at_once_and_another_is_not_held_up():
    share = FairShare(per_address=2, wait=5)
    release = threading.Event()
    got: list[bool] = []
    holders = []
    for _ in range(2):
        started = threading.Event()
        holders.append(threading.Thread(target=hold, args=(share, "flood", started, release, got)))
        holders[-1].start()
        assert started.wait(5)
    assert share.running("flood") == 2
    third_started = threading.Event()
    third = threading.Thread(target=hold, args=(share, "flood", third_started, release, got))
    third.start()
    assert not third_started.wait(0.3)  # the flood's third page waits its turn …
    begun = time.monotonic()
    with share.turn("class") as given:  # … while another address's page runs at once
        assert given and time.monotonic() - begun < 1.0  # (the flood's pages are held for 10 s)
    release.set()
    for thread in [*holders, third]:
        thread.join(5)
    assert got == [True, True, True] and share.running("flood") == 0


def test_a_page_that_waited_too_long_is_told_so_and_holds_nothing():
    share = FairShare(per_address=1, wait=0.2)
    started, release, got = threading.Event(), threading.Event(), []
    holder = threading.Thread(target=hold, args=(share, "a", started, release, got))
    holder.start()
    assert started.wait(5)
    with share.turn("a") as second:  # another session of the same address
        assert not second
    assert share.running("a") == 1
    release.set()
    holder.join(5)
    assert got == [True] and share.running("a") == 0


def test_a_page_waiting_on_something_slow_gives_its_turn_back_meanwhile():
    share = FairShare(per_address=1, wait=5)
    seen: list[int] = []

    def study() -> None:
        with share.turn("a"):
            share.pause(2.0)  # waiting in the server's line of studies
            seen.append(share.running("a"))

    thread = threading.Thread(target=study)
    thread.start()
    time.sleep(0.3)
    begun = time.monotonic()
    with share.turn("a") as given:  # the same address's other page runs during the pause
        assert given and time.monotonic() - begun < 1.5
    thread.join(5)
    assert seen == [1] and share.running("a") == 0


def test_a_run_stopped_midway_gives_its_turn_back():
    share = FairShare(per_address=1, wait=0.2)
    try:
        with share.turn("a"):
            raise RuntimeError("a rerun asked for: Streamlit stops the script")
    except RuntimeError:
        pass
    with share.turn("a") as given:
        assert given


def test_one_address_starts_so_many_runs_a_second_and_another_is_not_held_up():
    """A trial's flood asked 82 runs a second of one process: paced to the rate, while a class
    clicking now and then (its allowance whole) never waits. (Generous bounds: a loaded machine.)"""
    share = FairShare(per_address=4, wait=5, rate=2)  # 8 at once after a quiet while, then 2 a second
    begun = time.monotonic()
    for _ in range(8):
        with share.turn("flood") as given:
            assert given
    assert time.monotonic() - begun < 0.4
    begun = time.monotonic()
    for _ in range(2):
        with share.turn("flood"):
            pass
    assert 0.9 < time.monotonic() - begun < 3.0  # two more: about a second
    begun = time.monotonic()
    with share.turn("class") as given:
        assert given and time.monotonic() - begun < 0.4
    hurried = FairShare(per_address=4, wait=0.01, rate=1)
    for _ in range(4):
        with hurried.turn("a"):
            pass
    with hurried.turn("a") as given:  # its next would start a second later: more than it may wait
        assert not given


def test_the_rate_and_the_sessions_per_address_are_read_with_care(tmp_path):
    from tutorial.app.shell.fair import RUNS_PER_SECOND, runs_per_second
    from tutorial.deploy import proxy
    from tutorial.deploy.serve import Plan, Server

    assert runs_per_second({}) == RUNS_PER_SECOND
    assert runs_per_second({"MUGGINS_ADDRESS_RUNS": "0"}) == 0
    assert runs_per_second({"MUGGINS_ADDRESS_RUNS": "7.5"}) == 7.5
    for bad in ("-1", "nan", "inf", "lots", "１０"):
        assert runs_per_second({"MUGGINS_ADDRESS_RUNS": bad}) == RUNS_PER_SECOND
    said: list[str] = []
    server = Server(Plan(run_dir=tmp_path), say=said.append)
    assert server.sessions_per_address() == 2 * proxy.SESSIONS_PER_PROCESS  # two processes by default
    server.env["MUGGINS_ADDRESS_SESSIONS"] = "250"
    assert server.sessions_per_address() == 250
    server.env["MUGGINS_ADDRESS_SESSIONS"] = "many"
    assert server.sessions_per_address() == 2 * proxy.SESSIONS_PER_PROCESS and "not a whole number" in said[-1]


def test_a_fragment_inside_a_full_run_uses_the_run_s_turn_and_alone_takes_its_own():
    """Fragments (the practice table, the class room's poll) rerun without the entry script: they
    take a turn of their own; inside a full run they use the run's (no second turn, no second pace)."""
    share = FairShare(per_address=1, wait=0.1, rate=1)
    with share.turn("a") as run, share.turn("a") as fragment:
        assert run and fragment and share.running("a") == 1
    assert share.running("a") == 0
    with share.turn("a") as alone:  # a fragment's own rerun: its own turn (paced: the burst allows it)
        assert alone and share.running("a") == 1
