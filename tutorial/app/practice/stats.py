"""Practice statistics that last (issue 19, part 3), plain Python: the hands the learner has
finished and their errors by kind, kept in the session (one session key) and in the stored
progress (:mod:`tutorial.app.shell.model_progress`, its ``stats`` field).

A finished hand is counted once (:meth:`PracticeStats.count`): the hand's identity (match deal
code, hand number, seat) is remembered as :attr:`PracticeStats.last`, so a rerun, an *Undo* and
finishing the hand again, or the same finished hand reloaded from the address or from the stored
progress, count nothing more. (Finishing the very same deal twice in a row therefore counts once.)
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tutorial.engine.rules import ERROR_IDS
from tutorial.practice import TABLE, PracticeGame
from tutorial.training.themes import MISSED_CALL

KINDS: tuple[str, ...] = (*(str(kind) for kind in ERROR_IDS), MISSED_CALL)
"""The kinds of error counted: the §muggins error ids, then an error of another player the
learner let pass (Table mode)."""
COUNT_LIMIT = 1_000_000
"""The largest count kept (a count stops there)."""
HAND_KEY_LIMIT = 80
"""The longest hand identity kept (:attr:`PracticeStats.last`)."""


class StatsError(ValueError):
    """A stored ``stats`` value that cannot be read (``detail`` says what)."""


@dataclass
class PracticeStats:
    """Finished practice hands (``hands``), the learner's errors in them by kind (``errors``,
    kinds of :data:`KINDS`) and the last hand counted (``last``)."""

    KEY: ClassVar[str] = "practice-stats"

    hands: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    last: str | None = None

    @property
    def empty(self) -> bool:
        return not self.hands and not self.last and not any(self.errors.values())

    @staticmethod
    def hand_key(game: PracticeGame) -> str:
        """The identity of the hand under way: ``match code/hand number/seat``."""
        return f"{game.code}/{game.hand_index}/{game.learner_seat}"[:HAND_KEY_LIMIT]

    def count(self, game: PracticeGame) -> bool:
        """Count ``game``'s hand if it is over and was not the last one counted; returns whether
        it was counted now. The learner's errors in it are added by kind (in Table mode, with
        the errors of others that nobody called: ``missed-call``)."""
        if not game.hand_over or game.hand.outcome is None:
            return False
        key = self.hand_key(game)
        if key == self.last:
            return False
        self.last = key
        found: Counter[str] = Counter({str(kind): number for kind, number in game.errors_by_kind().items()})
        if game.settings.mode == TABLE:
            found[MISSED_CALL] += len(game.missed_calls())
        self.hands = min(self.hands + 1, COUNT_LIMIT)
        for kind, number in found.items():
            if kind in KINDS and number > 0:
                self.errors[kind] = min(self.errors.get(kind, 0) + number, COUNT_LIMIT)
        return True

    def errors_by_kind(self) -> list[tuple[str, int]]:
        """``(kind, count)`` of the kinds made at least once, in :data:`KINDS` order."""
        return [(kind, self.errors[kind]) for kind in KINDS if self.errors.get(kind)]

    def copy(self) -> PracticeStats:
        return PracticeStats(self.hands, dict(self.errors), self.last)

    # ----- the stored form ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """``{"hands": n, "errors": {kind: n}, "last": "..."}`` (kinds never made left out)."""
        data: dict[str, Any] = {"hands": self.hands, "errors": {kind: count for kind, count in self.errors_by_kind()}}
        if self.last:
            data["last"] = self.last
        return data

    @classmethod
    def from_dict(cls, data: object) -> PracticeStats:
        """Read :meth:`to_dict`'s form back; raises :class:`StatsError` for anything else: other
        keys, a count that is not a whole number from 0 to :data:`COUNT_LIMIT`, a kind that is
        not a short id (lower-case letters, digits and hyphens), more than :data:`KIND_LIMIT`
        kinds, a hand identity that is not short printable ASCII text. A well-formed kind this
        version does not count (written by a later one, say) is left out, the others kept: one
        such kind set the whole part aside (found by a trial)."""
        if not isinstance(data, dict) or not set(data) <= {"hands", "errors", "last"}:
            raise StatsError("not an object of hands, errors and last")
        hands = data.get("hands", 0)
        if not _count(hands):
            raise StatsError("hands")
        errors = data.get("errors", {})
        if not isinstance(errors, dict) or len(errors) > KIND_LIMIT:
            raise StatsError("errors")
        for kind, number in errors.items():
            if not (isinstance(kind, str) and _KIND.fullmatch(kind)) or not _count(number):
                raise StatsError("errors")
        last = data.get("last")
        if last is not None and not (isinstance(last, str) and 0 < len(last) <= HAND_KEY_LIMIT and last.isascii()
                                     and last.isprintable()):
            raise StatsError("last")
        return cls(hands, {kind: errors[kind] for kind in KINDS if errors.get(kind)}, last)


KIND_LIMIT = 64
"""The most error kinds a stored part may name (this version counts :data:`KINDS`)."""

_KIND = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= COUNT_LIMIT
