"""Whether a click may act: only on a control the learner has had time to see (plain Python).

A state token (see :mod:`tutorial.app.shell.clicks`) stops a click made on a table that is
gone. It cannot stop the second click of a double click when the page redraws faster
than the two clicks: that click lands on the *new* table, on a card or a placement
drawn a few dozen milliseconds earlier, which nobody can have seen and aimed at.
So every guarded control also counts how long it has been on screen, and a click
on a control shown for less than :data:`DEFAULT_MIN_SEEN_MS` changes nothing, and
says nothing (the learner did nothing wrong).

Why 300 ms. To act on something new, a person must see it and then aim: a simple
visual reaction takes about 200–250 ms at best (and more when a choice is
involved, as it is here: which pile?), and aiming at a card-sized target adds
another 100 ms or more (Fitts' law). A human double click is much faster: its two
presses come 100–200 ms apart (operating systems accept up to 500 ms as a double
click, their default). 300 ms lies above the double clicks the issue measured and
below the quickest deliberate click on something new; a learner who clicks the
same control again on purpose after a quarter of a second is hardly slowed.

The time is counted twice, and the shorter count decides. The server counts from the
run that first drew the control in the state it shows to the arrival of the click:
the click that caused that run and the click being judged cross the same network,
so this is the time between the two clicks as the browser made them, less the
server's work before it drew the control. But a slow browser (a phone, a busy
machine) puts the new control in the page well after the server drew it — on a
loaded test machine 250 ms to a second later — so the browser counts too: the drawn
table sends with each pick how long that state of it has been in the page, and a
small script (:data:`tutorial.app.shell.clicks.BROWSER_JS`) stops a click on a button
drawn for a state (its key ends with the state's token) that has been in the page
for less than the threshold. What a browser says can only make the guard stricter.

A double click can also land on a control that was on screen long before: the first click's
run moves the page (a section drawn at the top now, a button drawn in the first one's place),
and the second press, at the same spot, finds another control under it — *Use this code* on
Home became *Reset my progress* there, 6 times in 6 (found by a trial). So a click on another
control than the one the learner's last click acted on, less than the threshold after it,
changes nothing and says nothing either: nobody aims at a second control that fast. The
browser's script applies the same rule to every control in the page, guarded or not (links,
plain buttons, a panel's header), which only it can see move.

:class:`SeenGuard` keeps, for each control (its key without the token), the token
it was last drawn with and since when it has been on screen continuously; it is
kept per session (in ``st.session_state``) with a clock passed in, so a fake clock
tests it.
"""

from __future__ import annotations

import logging
import os
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass

log = logging.getLogger(__name__)

ENV = "MUGGINS_MIN_SEEN_MS"
"""The environment variable that sets the threshold in milliseconds (tests set 0)."""
DEFAULT_MIN_SEEN_MS = 300
"""How long a control must have been on screen before a click on it acts (see the module text)."""
MAX_MIN_SEEN_MS = 5_000
"""The largest threshold accepted from the environment (a longer one would make buttons seem dead)."""

ACT = "act"
"""The click may act."""
TOO_SOON = "too-soon"
"""The control was drawn too recently to have been seen: nothing happens, nothing is said."""
QUIET_STALE = "quiet-stale"
"""The click was made on a state that the learner's own click has just left (the second
click of a double click, made before the page was redrawn): nothing happens, nothing is said."""
STALE = "stale"
"""The click was made on a state that changed without the learner acting on it (a teacher
moved the class on, say): nothing happens, and the page may say so."""


def min_seen_ms(environ: Mapping[str, str] | None = None) -> int:
    """The threshold in milliseconds from :data:`ENV` (default :data:`DEFAULT_MIN_SEEN_MS`):
    a whole number from 0 to :data:`MAX_MIN_SEEN_MS` written in ASCII digits; anything
    else is logged and the default used."""
    text = (os.environ if environ is None else environ).get(ENV, "").strip()
    if not text:
        return DEFAULT_MIN_SEEN_MS
    if text.isascii() and text.isdigit() and len(text) <= 5 and int(text) <= MAX_MIN_SEEN_MS:
        return int(text)
    log.warning("%s=%r is not a whole number of milliseconds from 0 to %d: %d is used",
                ENV, text[:20], MAX_MIN_SEEN_MS, DEFAULT_MIN_SEEN_MS)
    return DEFAULT_MIN_SEEN_MS


@dataclass(frozen=True)
class Shown:
    """A control on screen: the ``token`` of the state it shows, drawn at ``since`` (clock time)."""

    token: str
    since: float


class SeenGuard:
    """Since when each guarded control has been on screen, and whether a click on it may act.

    ``clock`` gives seconds (``time.monotonic``); ``min_seen`` is the threshold in
    seconds; at most ``limit`` controls are remembered (the least recently drawn are
    forgotten first; a click on a forgotten control is judged by its token alone)."""

    def __init__(self, clock: Callable[[], float], min_seen: float, *, limit: int = 512):
        self.clock = clock
        self.min_seen = max(0.0, min_seen)
        self.limit = limit
        self._shown: OrderedDict[str, Shown] = OrderedDict()
        self._acted_on: deque[str] = deque(maxlen=32)  # the states the learner's clicks acted on, latest last
        self._last_act: tuple[str, float] | None = None  # the control the last click acted on, and when

    def drawn(self, control: str, token: str, *, shown_before: bool = True) -> None:
        """``control`` is being drawn showing the state ``token``. ``shown_before``: it was
        on screen until now (drawn by the last run that drew that part of the page); a
        control drawn anew, or drawn for another state, starts counting now."""
        known = self._shown.get(control)
        if known is None or known.token != token or not shown_before:
            self._shown[control] = Shown(token, self.clock())
        self._shown.move_to_end(control)
        while len(self._shown) > self.limit:
            self._shown.popitem(last=False)

    def shown_for(self, control: str, token: str) -> float | None:
        """How long (seconds) ``control`` has been on screen showing ``token``, or ``None``
        when it is not on screen in that state (or forgotten)."""
        known = self._shown.get(control)
        if known is None or known.token != token:
            return None
        return self.clock() - known.since

    def verdict(self, control: str, token: str, current: str, *, shown: float | None = None) -> str:
        """Whether a click on ``control``, drawn for the state ``token``, may act now that
        the state is ``current``: :data:`ACT` (the state acted on is kept),
        :data:`TOO_SOON` (the control has not been on screen long enough, or the last click
        acted on another control less than the threshold ago), :data:`QUIET_STALE` or :data:`STALE`. ``shown``: how long (seconds)
        the browser says the control had been in the page when it was clicked, if it says;
        the shorter of that and the server's own count is taken (a slow browser shows a
        control well after the server drew it), so what a browser says can only make the
        guard stricter."""
        now = self.clock()
        if token != current:
            # Whether the learner's own click left that state is known whatever the delays:
            # the times of a loaded server are not.
            return QUIET_STALE if token in self._acted_on else STALE
        if self._last_act is not None and self._last_act[0] != control and now - self._last_act[1] < self.min_seen:
            return TOO_SOON  # another control, right after a click: a double click that the page moved under
        known = self._shown.get(control)
        if known is not None and (known.token != token or now - known.since < self.min_seen):
            return TOO_SOON
        if shown is not None and shown < self.min_seen:
            return TOO_SOON
        self._acted_on.append(token)
        self._last_act = (control, now)
        return ACT
