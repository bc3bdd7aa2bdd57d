"""What the class room's pages show, decided without the interface (issue 17).

- :func:`shown_tally`: the teacher's tally as the projector may show it. Until the reveal it
  says only how many answered and, when the teacher asks for it, the spread of choices —
  never which choice is right and never the counts by verdict (a verdict names the
  rule broken, so it would give the answer away). After the reveal the right choices are
  marked and the verdicts counted.
- :func:`teacher_token` and :func:`student_token`: the state a class-room button acts on,
  for the click guard (``tutorial.app.shell.clicks``): the same text when the button was drawn
  and when its click arrives means the click acts on what was shown.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from .rooms import Phase
from .tally import Tally


@dataclass(frozen=True)
class TallyLine:
    """One choice of the spread: the ``choice`` code, its ``label`` (from the namer), how many
    chose it (``count``, and ``share`` of those who answered, 0–1), and ``right``: ``None``
    before the reveal (nothing is marked), else whether it is a right answer."""

    choice: str
    label: str
    count: int
    share: float
    right: bool | None


@dataclass(frozen=True)
class ShownTally:
    """The tally as shown: ``answered`` of ``students``; the spread (``lines``, empty unless
    shown); the counts by verdict (``verdicts``, ``(code, count)``, empty before the reveal);
    ``revealed``; ``spread_hidden``: the teacher chose not to show the spread (yet)."""

    answered: int
    students: int
    lines: tuple[TallyLine, ...]
    verdicts: tuple[tuple[str, int], ...]
    revealed: bool
    spread_hidden: bool


def shown_tally(tally: Tally, right: Collection[str], name: Callable[[str], str], *, spread: bool,
                phase: Phase | None = None) -> ShownTally:
    """The tally the teacher's page may show now. ``right``: the question's right choices;
    ``name``: a choice in words (for the teacher: a pile named from nobody's seat, e.g.
    ``B's discard (7♦)``); ``spread``: the teacher asked to see the spread before the reveal
    (after it the spread is always shown); ``phase``: the question's phase (default the tally's)."""
    revealed = (phase or tally.phase) == "revealed"
    show = revealed or spread
    lines = tuple(TallyLine(choice, name(choice), count, count / max(tally.answered, 1),
                            (choice in right) if revealed else None)
                  for choice, count in tally.by_choice.items()) if show else ()
    verdicts = tuple(tally.by_verdict.items()) if revealed else ()
    return ShownTally(tally.answered, tally.students, lines, verdicts, revealed, not show)


def teacher_token(round_: int, phase: Phase, closed: bool = False) -> str:
    """The state the teacher's Reveal, Ask and Close buttons act on: the question's number and
    phase (answers coming in do not change it, so they never make a click stale), and
    whether the room is closed."""
    return f"{round_}{phase[0]}{'c' if closed else ''}"


def student_token(round_: int, phase: Phase, answered: bool) -> str:
    """The state a student's answer and *Play the class deal* buttons act on: the question's
    number and phase, and whether this student has answered it."""
    return f"{round_}{phase[0]}{'a' if answered else 'q'}"


__all__ = ["ShownTally", "TallyLine", "shown_tally", "student_token", "teacher_token"]
