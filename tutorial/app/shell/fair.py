"""A fair share of an app process for each address: at most :data:`RUNS_PER_ADDRESS` page runs
at once from one address, and :data:`RUNS_PER_SECOND` started a second on average; more wait
their turn (at most :data:`WAIT_SECONDS`).

A visitor who opens hundreds of sessions and makes each run its page again and again (a trial
did, from one address, and every other page of the server took 28 s, then none came) gets no
more of the process than four pages at once and 25 a second, and the other addresses' pages run
beside them. A whole class behind one router shares the same, which costs it nothing: a process
runs one page at a time anyway (Python runs one thread at a time), and a class clicks far less.

A run that waits on something slow (a study waiting in the server's line) gives its turn back
while it waits (:meth:`FairShare.pause`). Plain Python: no Streamlit here (the entry script
takes the turn, :mod:`tutorial.app.shell.client` names the address)."""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Iterator, Mapping

log = logging.getLogger(__name__)
_monotonic = time.monotonic  # this process's clock, whatever a test does to the time module's

RUNS_PER_ADDRESS = 4
WAIT_SECONDS = 30.0
RATE_VARIABLE = "MUGGINS_ADDRESS_RUNS"
RUNS_PER_SECOND = 25.0
"""Page runs one address may start per second in one process, on average (four times as many
at once after a quiet while): far above what a school behind one router asks of it (a learner
clicks every few seconds), far below what a script can ask (a trial's hundreds of sessions asked
82 a second of one process and stopped everyone else's pages). ``MUGGINS_ADDRESS_RUNS`` sets
another figure (``0``: no limit)."""


def runs_per_second(environ: Mapping[str, str] = os.environ) -> float:
    """``$MUGGINS_ADDRESS_RUNS`` when it is a number from 0 to 10,000, else :data:`RUNS_PER_SECOND`."""
    text = environ.get(RATE_VARIABLE, "").strip()
    try:
        value = float(text) if text.isascii() and text else RUNS_PER_SECOND
    except ValueError:
        value = -1.0
    if not 0 <= value <= 10_000:
        log.warning("%s=%r is not a number from 0 to 10000: %s used", RATE_VARIABLE, text[:40], RUNS_PER_SECOND)
        return RUNS_PER_SECOND
    return value


class FairShare:
    """The turns of one process (shared by its sessions: counts per address, nobody's data)."""

    def __init__(self, per_address: int = RUNS_PER_ADDRESS, wait: float = WAIT_SECONDS, rate: float = 0.0):
        self.per_address, self.wait, self.rate = per_address, wait, rate
        self._lock = threading.Lock()
        self._tokens: dict[str, tuple[float, float]] = {}  # per address: runs it may start, and when counted
        self._running: dict[str, int] = {}
        self._waiting: dict[str, tuple[threading.Condition, int]] = {}  # per address: its own line
        self._local = threading.local()  # the address whose turn this thread holds

    def running(self, who: str) -> int:
        """How many runs of ``who`` hold a turn now."""
        with self._lock:
            return self._running.get(who, 0)

    @contextlib.contextmanager
    def turn(self, who: str) -> Iterator[bool]:
        """Hold a turn of ``who`` for the block: ``True``, or ``False`` when none came within
        :attr:`wait` (the block should then say so and draw nothing else)."""
        before = getattr(self._local, "who", None)
        if before == who:  # a part of a run that holds its turn already (a fragment in a full run)
            yield True
            return
        begun = _monotonic()
        given = self._paced(who, self.wait) and self._take(who, self.wait - (_monotonic() - begun))
        if given:
            self._local.who = who
        try:
            yield given
        finally:
            if given:  # held again: a pause takes it back before it returns
                self._give(who)
            self._local.who = before

    def pause(self, seconds: float) -> None:
        """Sleep ``seconds`` without holding this thread's turn (taken again after)."""
        who = getattr(self._local, "who", None)
        if who is None:
            time.sleep(seconds)
            return
        self._give(who)
        self._local.who = None
        try:
            time.sleep(seconds)
        finally:
            self._take(who, None)
            self._local.who = who

    def _paced(self, who: str, wait: float) -> bool:
        """Wait until ``who`` may start another run (its :attr:`rate`); ``False`` when that is
        later than ``wait`` from now (nothing is used up then)."""
        if self.rate <= 0:
            return True
        burst = 4 * self.rate
        with self._lock:
            now = _monotonic()
            tokens, counted = self._tokens.get(who, (burst, now))
            tokens = min(burst, tokens + max(0.0, now - counted) * self.rate) - 1
            delay = -tokens / self.rate if tokens < 0 else 0.0
            if delay > wait:
                return False
            self._tokens[who] = (tokens, now)
            if len(self._tokens) > 10_000:  # forget the addresses whose allowance is whole again
                full = [key for key, (left, at) in self._tokens.items() if left + (now - at) * self.rate >= burst]
                for key in full:
                    del self._tokens[key]
        if delay > 0:
            time.sleep(delay)
        return True

    def _take(self, who: str, wait: float | None) -> bool:
        deadline = None if wait is None else _monotonic() + wait
        with self._lock:
            if self._running.get(who, 0) < self.per_address:
                self._running[who] = self._running.get(who, 0) + 1
                return True
            line, count = self._waiting.get(who) or (threading.Condition(self._lock), 0)
            self._waiting[who] = (line, count + 1)
            try:
                while self._running.get(who, 0) >= self.per_address:
                    left = None if deadline is None else deadline - _monotonic()
                    if left is not None and left <= 0:
                        return False
                    line.wait(left)
                self._running[who] = self._running.get(who, 0) + 1
                return True
            finally:
                line, count = self._waiting[who]
                if count > 1:
                    self._waiting[who] = (line, count - 1)
                else:
                    del self._waiting[who]

    def _give(self, who: str) -> None:
        with self._lock:
            left = self._running.get(who, 0) - 1
            if left > 0:
                self._running[who] = left
            else:
                self._running.pop(who, None)
            waiting = self._waiting.get(who)
            if waiting is not None:
                waiting[0].notify()  # one of this address's waiting runs, no other (hundreds may wait)


SHARE = FairShare(rate=runs_per_second())
"""This process's turns."""
