"""One server's studies, one after another (issue 17: ten sessions ran twenty worker processes).

A study runs on worker processes that keep both cores busy for up to minutes, so the
server runs at most :data:`AT_ONCE` at a time and the others wait in line, first come
first served. The line is process-wide, shared by every session: that is its purpose (it
holds no personal data, only an owner's id, the work asked for and how far it got). An
owner (a browser session) holds at most one place: asking again gives up the old one.

Plain Python (no Streamlit): the page polls :meth:`StudyQueue.status` while it waits.

Several app processes (``muggins serve``) each have their own line; :class:`SharedLine` adds one
slot shared by all of them, held in the store (a lease renewed while the study runs and given
up when it ends, or lost within :data:`LEASE_SECONDS` when its process dies), so the whole
server still runs one study at a time.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

log = logging.getLogger(__name__)

AT_ONCE = 1
"""Studies that may run at the same time on one server (each uses two worker processes)."""


@dataclass(eq=False)
class Ticket:
    """A place in the line: ``owner``'s study of ``work`` hands."""

    owner: str
    work: int
    number: int
    done: float = 0.0
    """The share of the work already played (0–1), reported while it runs."""
    started: float | None = None


@dataclass(frozen=True)
class Status:
    """Where a ticket stands: ``ahead`` studies before it (0: it may run now), and the
    seconds they are expected to take (``None`` before any study has finished here)."""

    ahead: int
    wait: float | None

    @property
    def may_run(self) -> bool:
        return self.ahead == 0


@dataclass
class StudyQueue:
    """The line of studies (thread-safe)."""

    at_once: int = AT_ONCE
    clock: Callable[[], float] = time.monotonic
    _line: list[Ticket] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _numbers: itertools.count[int] = field(default_factory=itertools.count)
    _rate: float | None = None
    """Hands per second of the studies finished so far (a running mean)."""

    def join(self, owner: str, work: int) -> Ticket:
        """A place at the end of the line for ``owner`` (whose earlier place, if any, is given up)."""
        with self._lock:
            self._line = [ticket for ticket in self._line if ticket.owner != owner]
            ticket = Ticket(owner, max(1, int(work)), next(self._numbers))
            self._line.append(ticket)
            return ticket

    def status(self, ticket: Ticket) -> Status:
        """How many studies are before ``ticket`` beyond the ones allowed at once, and how long they
        should take. A ticket no longer in the line (given up) may not run: ``ahead`` is -1."""
        with self._lock:
            if ticket not in self._line:
                return Status(-1, None)
            place = self._line.index(ticket)
            ahead = max(0, place - self.at_once + 1)
            if ahead == 0 and ticket.started is None:
                ticket.started = self.clock()
            if ahead == 0 or self._rate is None:
                return Status(ahead, None)
            before = self._line[:place]
            left = sum(other.work * (1 - other.done) for other in before)
            return Status(ahead, left / self._rate / self.at_once)

    def progress(self, ticket: Ticket, done: float) -> None:
        """``ticket``'s study has played this share of its work."""
        ticket.done = min(1.0, max(0.0, done))

    def leave(self, ticket: Ticket) -> None:
        """``ticket`` is done (finished, stopped or cut short); a finished one teaches the line
        how fast studies go."""
        with self._lock:
            if ticket in self._line:
                self._line.remove(ticket)
            if ticket.started is not None and ticket.done > 0:
                seconds = max(self.clock() - ticket.started, 1e-3)
                rate = ticket.work * ticket.done / seconds
                self._rate = rate if self._rate is None else (self._rate + rate) / 2

    def __len__(self) -> int:
        with self._lock:
            return len(self._line)


QUEUE = StudyQueue()
"""The server's line of studies (shared by all sessions, by design: see the module's text)."""


LEASE_NAME = "studies"
LEASE_SECONDS = 30.0
"""How long the shared slot stays held without a renewal (a study renews it every few seconds)."""
RENEW_SECONDS = 5.0
PROCESS = uuid.uuid4().hex[:12]
"""This process's name among the server's processes (made once at import; no user's data)."""


class Lease(Protocol):
    """A slot shared by every app process (the store: :meth:`~tutorial.store.sql_rooms.SqlRooms.take_lease`)."""

    def take_lease(self, name: str, holder: str, seconds: float) -> bool: ...

    def drop_lease(self, name: str, holder: str) -> None: ...


class Line(Protocol):
    """What a study's page asks of a line: :class:`StudyQueue` or :class:`SharedLine`."""

    def join(self, owner: str, work: int) -> Ticket: ...

    def status(self, ticket: Ticket) -> Status: ...

    def progress(self, ticket: Ticket, done: float) -> None: ...

    def leave(self, ticket: Ticket) -> None: ...


@dataclass(eq=False)
class SharedLine:
    """This process's ``line``, then the slot shared by every process of the server: a ticket at
    the head of its own line runs once it holds the slot (else one study is said to be ahead of
    it). Without a ``lease`` (no store), or while the store cannot be reached, the process's own
    line alone decides (logged): a study is never held up by a fault of the store."""

    line: StudyQueue
    lease: Lease | None
    clock: Callable[[], float] = time.monotonic
    _renewed: dict[int, float] = field(default_factory=dict)

    def _holder(self, ticket: Ticket) -> str:
        """The ticket's name among the whole server's (its process, its line, its number)."""
        return f"{PROCESS}:{id(self.line):x}:{ticket.number}"

    def _hold(self, ticket: Ticket) -> bool:
        """Take or renew the slot for ``ticket`` (renewed at most every :data:`RENEW_SECONDS`)."""
        if self.lease is None:
            return True
        last = self._renewed.get(ticket.number)
        if last is not None and self.clock() - last < RENEW_SECONDS:
            return True
        try:
            held = self.lease.take_lease(LEASE_NAME, self._holder(ticket), LEASE_SECONDS)
        except OSError as exc:
            log.warning("the server-wide line of studies cannot be reached (%s): this process's line decides", exc)
            return True
        if held:
            self._renewed[ticket.number] = self.clock()
        return held

    def join(self, owner: str, work: int) -> Ticket:
        return self.line.join(owner, work)

    def status(self, ticket: Ticket) -> Status:
        found = self.line.status(ticket)
        if not found.may_run or self._hold(ticket):
            return found
        return Status(1, None)

    def progress(self, ticket: Ticket, done: float) -> None:
        self.line.progress(ticket, done)
        if ticket.number in self._renewed:
            self._hold(ticket)

    def leave(self, ticket: Ticket) -> None:
        self.line.leave(ticket)
        if self._renewed.pop(ticket.number, None) is not None and self.lease is not None:
            try:
                self.lease.drop_lease(LEASE_NAME, self._holder(ticket))
            except OSError as exc:  # it runs out by itself
                log.warning("the server-wide line of studies cannot be reached (%s)", exc)
