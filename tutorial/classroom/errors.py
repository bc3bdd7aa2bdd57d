"""The class room's error: a code plus data, never a sentence (as :mod:`tutorial.engine.errors`)."""

from __future__ import annotations

from ..engine.errors import MugginsError


class ClassroomError(MugginsError):
    """A class-room request that cannot be done. ``code`` is one of:

    Rooms
      ``unknown-room``       no room has this code (or it was purged).
      ``expired-room``       the room saw no change for longer than its lifetime.
      ``closed-room``        the teacher closed the room (students can no longer join,
                             answer or report; the teacher can still read its results).
      ``not-teacher``        the teacher token is missing or wrong for this room (also when
                             the code names no room: a link tells nothing of its code).
      ``too-many-rooms``     ``scope`` ``session``, ``address`` or ``server`` opened or holds
                             ``limit`` rooms; ``retry_after`` seconds (session only).
      ``unavailable``        the store could not read or write its data (logged).
      ``bad-link``           (the app's) a teacher or student link that opens no place in any
                             room: said the same way for a real and a made-up code.
    Joining
      ``bad-nickname``       ``reason``: ``empty``, ``too-long`` (with ``limit``) or ``control``
                             (a control, format, private-use or unassigned character).
      ``nickname-taken``     another student of the room has this name, ignoring case.
      ``room-full``          the room already has ``limit`` students.
      ``too-many-attempts``  this client made ``limit`` failed joins (wrong or stale room codes)
                             within ``window`` seconds; ``retry_after`` is the wait in seconds.
      ``too-many-joins``     ``scope`` ``session`` or ``address`` made ``limit`` students within
                             the window; ``retry_after`` seconds.
      ``slow-down``          this session sent many wrong codes: wait ``retry_after`` seconds.
    Students
      ``unknown-student``    the student token is not one of this room's students (also when
                             the code names no room), or a student number is unknown.
      ``wrong-round``        ``round`` is not the room's current question (``current``; 0
                             before the first), or not a whole number of an existing round.
      ``not-asking``         the current question was revealed (or none was set yet):
                             answering and revealing are refused; ``phase`` says which.
      ``already-answered``   this student already answered ``round``.
      ``bad-choice``         ``reason``: ``empty``, ``too-long`` (``limit``) or ``control``.
      ``bad-verdict``        the verdict is not a short code (``[a-z0-9]`` then ``[a-z0-9._:-]``,
                             at most ``limit`` characters).
      ``bad-progress``       ``reason``: ``decisions``, ``errors`` (too many kinds; ``limit``),
                             ``kind`` (an error kind that is not a short code), ``count`` or
                             ``finished`` (not a boolean).
    Teacher
      ``bad-target``         the question's target: ``reason`` ``empty``, ``too-long``
                             (``limit``) or ``control``.

    ``params`` never hold a token, a room code or a nickname.
    """


__all__ = ["ClassroomError"]
