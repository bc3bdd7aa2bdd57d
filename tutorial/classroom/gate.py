"""The pace of one browser session in the class room (issue 17), without the interface.

A school's class shares one network address behind its router, so what one *address*
may do must leave room for a whole class; what one *session* (one browser tab) may do is
much less, because a real student joins once and a real teacher opens a room or two. The
app keeps a :class:`SessionGate` in each session and asks it before it asks the store;
the store keeps the limits per address and for the whole server (:class:`~.rooms.RoomLimits`).

The ruling on wrong room codes (see :meth:`SessionGate.check_join`):

- A session may send :data:`SessionLimits.free_failures` wrong codes at once; after that
  each try waits: 2 s, then 4, 8 … up to 60 s. A try sent during the wait is answered
  ``slow-down`` and counts nowhere (not even towards the address), so one session can
  never reach the address's limit: at most 5 + 10 wrong codes in its first 10 minutes.
- The address (the store) locks *wrong* codes after ``max_failed_joins`` within the
  window, for one window; tries during the lock are not counted and do not extend it,
  and once the lock ends the count starts from zero (a lock is not renewed by one more try).
- A session that has sent no wrong code is *clean*: the address's lock does not stop it
  (its first wrong code is refused and makes it not clean). A student who types the right
  code from the link or the board therefore always gets in, even while someone on the
  same network floods wrong codes; a guesser must open a new session for every guess
  during a lock, which costs a page load each.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import ClassroomError


@dataclass(frozen=True)
class SessionLimits:
    """What one session may do. ``free_failures`` wrong room codes without waiting, then a
    wait from ``first_wait`` doubling up to ``max_wait`` seconds; ``joins`` new students per
    ``join_window`` seconds; ``rooms`` rooms opened per ``room_window`` seconds."""

    free_failures: int = 5
    first_wait: float = 2.0
    max_wait: float = 60.0
    joins: int = 3
    join_window: float = 600.0
    rooms: int = 3
    room_window: float = 3600.0


@dataclass
class SessionGate:
    """One session's recent class-room requests (plain data kept in the session)."""

    limits: SessionLimits = field(default_factory=SessionLimits)
    failures: int = 0
    wait_until: float = 0.0
    joins: list[float] = field(default_factory=list)
    opened: list[float] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        """The session has sent no wrong room code (since its last successful join)."""
        return self.failures == 0

    def check_join(self, now: float) -> None:
        """Before a join is sent to the store: ``slow-down`` (``retry_after`` seconds) while this
        session must wait after wrong codes; ``too-many-joins`` (``scope`` ``session``) when it
        made :attr:`SessionLimits.joins` students within the window. Counts nothing."""
        if now < self.wait_until:
            raise ClassroomError("slow-down", retry_after=max(1, int(self.wait_until - now + 0.999)))
        recent = [at for at in self.joins if at > now - self.limits.join_window]
        self.joins[:] = recent
        if len(recent) >= self.limits.joins:
            raise ClassroomError("too-many-joins", scope="session", limit=self.limits.joins,
                                 retry_after=max(1, int(recent[0] + self.limits.join_window - now + 0.999)))

    def failed(self, now: float) -> None:
        """A wrong room code was sent: after the free ones, the next try must wait."""
        self.failures += 1
        extra = self.failures - self.limits.free_failures  # after the last free one the next try waits
        if extra >= 0:
            self.wait_until = now + min(self.limits.max_wait, self.limits.first_wait * 2 ** extra)

    def joined(self, now: float) -> None:
        """A new student was made from this session: counted; wrong codes before it forgotten."""
        self.joins.append(now)
        self.failures, self.wait_until = 0, 0.0

    def check_open(self, now: float) -> None:
        """Before a room is opened: ``too-many-rooms`` (``scope`` ``session``) after
        :attr:`SessionLimits.rooms` within the window. Counts nothing."""
        recent = [at for at in self.opened if at > now - self.limits.room_window]
        self.opened[:] = recent
        if len(recent) >= self.limits.rooms:
            raise ClassroomError("too-many-rooms", scope="session", limit=self.limits.rooms,
                                 retry_after=max(1, int(recent[0] + self.limits.room_window - now + 0.999)))

    def opened_room(self, now: float) -> None:
        self.opened.append(now)


__all__ = ["SessionGate", "SessionLimits"]
