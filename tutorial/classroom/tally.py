"""What the teacher reads: the tally of a question, the class's progress on a practice deal,
and rows for a CSV download. Built from plain rows, so any store can use these helpers."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .errors import ClassroomError
from .names import CODE_LIMIT, is_code
from .rooms import Phase

PROGRESS_LIMIT = 1_000_000  # decisions, and each error count
ERROR_KINDS_LIMIT = 32

#: The keys of every :meth:`SummaryRow.cells`, in CSV column order.
SUMMARY_KEYS = ("round", "target", "student", "nickname", "choice", "verdict", "decisions", "errors", "error_kinds",
                "finished")


@dataclass(frozen=True)
class Tally:
    """The answers to one question, without names: ``students`` in the room, how many
    ``answered``, and counts ``by_choice`` and ``by_verdict`` (most frequent first, then by
    text). ``round`` 0 (with ``target`` ``None``, phase ``waiting``) before the first question."""

    round: int
    target: str | None
    phase: Phase
    students: int
    answered: int
    by_choice: dict[str, int]
    by_verdict: dict[str, int]


@dataclass(frozen=True)
class NamedAnswer:
    """One student's answer, for the teacher who asked for names: ``at`` in seconds since the epoch."""

    student: int
    nickname: str
    choice: str
    verdict: str
    at: float


@dataclass(frozen=True)
class ProgressRow:
    """A student's latest report on a practice round: ``decisions`` made, ``errors`` by kind,
    ``finished`` the deal, ``updated`` (seconds since the epoch). ``nickname`` is ``None``
    unless names were asked for: show "Student {student}" instead."""

    student: int
    nickname: str | None
    decisions: int
    errors: dict[str, int]
    finished: bool
    updated: float


@dataclass(frozen=True)
class Progress:
    """The class on one practice round: ``students`` in the room, how many ``reporting`` and
    ``finished``, total ``decisions``, total ``errors`` by kind (most frequent first) and the
    ``rows`` (by student number)."""

    round: int
    target: str | None
    students: int
    reporting: int
    finished: int
    decisions: int
    errors: dict[str, int]
    rows: list[ProgressRow]


def _ranked(counts: Counter[str]) -> dict[str, int]:
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def make_tally(round_: int, target: str | None, phase: Phase, students: int, answers: Iterable[tuple[str, str]]) -> Tally:
    """The tally of ``answers`` (``(choice, verdict)`` pairs) to round ``round_``."""
    pairs = list(answers)
    return Tally(round_, target, phase, students, len(pairs), _ranked(Counter(choice for choice, _ in pairs)),
                 _ranked(Counter(verdict for _, verdict in pairs)))


def check_progress(decisions: object, errors: object, finished: object) -> tuple[int, dict[str, int], bool]:
    """A progress report checked: ``decisions`` and each count whole numbers in 0–1,000,000,
    ``errors`` a mapping of at most 32 short codes (see :func:`~.names.is_code`) to counts,
    ``finished`` a boolean. Kinds with count 0 are dropped. Raises
    ``ClassroomError("bad-progress", reason=...)``."""
    if type(decisions) is not int or not 0 <= decisions <= PROGRESS_LIMIT:
        raise ClassroomError("bad-progress", reason="decisions", limit=PROGRESS_LIMIT)
    if not isinstance(errors, Mapping) or len(errors) > ERROR_KINDS_LIMIT:
        raise ClassroomError("bad-progress", reason="errors", limit=ERROR_KINDS_LIMIT)
    kept: dict[str, int] = {}
    for kind, count in errors.items():
        if not is_code(kind):
            raise ClassroomError("bad-progress", reason="kind", limit=CODE_LIMIT)
        if type(count) is not int or not 0 <= count <= PROGRESS_LIMIT:
            raise ClassroomError("bad-progress", reason="count", limit=PROGRESS_LIMIT)
        if count:
            kept[kind] = count
    if type(finished) is not bool:
        raise ClassroomError("bad-progress", reason="finished")
    return decisions, dict(sorted(kept.items())), finished


def encode_errors(errors: Mapping[str, int]) -> str:
    """Errors by kind as stored: compact JSON with sorted keys."""
    return json.dumps(dict(sorted(errors.items())), separators=(",", ":"))


def decode_errors(text: str) -> dict[str, int]:
    """The inverse of :func:`encode_errors` (an unreadable value reads as no errors)."""
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(value, dict):
        return {}
    return {str(kind): count for kind, count in value.items() if type(count) is int}


def make_progress(round_: int, target: str | None, students: int, rows: Iterable[ProgressRow]) -> Progress:
    """The class's progress from the students' latest ``rows``."""
    ordered = sorted(rows, key=lambda row: row.student)
    totals: Counter[str] = Counter()
    for row in ordered:
        totals.update(row.errors)
    return Progress(round_, target, students, len(ordered), sum(row.finished for row in ordered),
                    sum(row.decisions for row in ordered), _ranked(totals), ordered)


@dataclass(frozen=True)
class SummaryRow:
    """One round and student of the class summary: ``round``, its ``target`` (stored text),
    the ``student`` (pseudonym number) and ``nickname`` (``""`` unless names were asked for);
    the answer (``choice``, ``verdict``: ``""`` when none); the latest practice report
    (``report``: decisions, errors by kind, finished; ``None`` when none)."""

    round: int
    target: str
    student: int
    nickname: str
    choice: str
    verdict: str
    report: tuple[int, dict[str, int], bool] | None = None

    @property
    def errors(self) -> dict[str, int]:
        """The errors this row counts, by kind: the answer's verdict when it is an error kind
        (not ``right``/``wrong``) counts one, and the practice report's counts."""
        found: Counter[str] = Counter()
        if self.verdict not in ("", "right", "wrong"):
            found[self.verdict] += 1
        if self.report is not None:
            found.update(self.report[1])
        return dict(found)

    def cells(self) -> dict[str, str | int]:
        """The row for a CSV file, keyed :data:`SUMMARY_KEYS`: ``decisions`` (int), ``errors``
        (int, the total), ``error_kinds`` (``"kind=n;kind=n"``, sorted by kind), ``finished``
        (1 or 0) from the report, all ``""`` when none."""
        cells: dict[str, str | int] = {"round": self.round, "target": self.target, "student": self.student,
                                       "nickname": self.nickname, "choice": self.choice, "verdict": self.verdict,
                                       "decisions": "", "errors": "", "error_kinds": "", "finished": ""}
        if self.report is not None:
            decisions, errors, finished = self.report
            cells.update(decisions=decisions, errors=sum(errors.values()),
                         error_kinds=";".join(f"{kind}={count}" for kind, count in sorted(errors.items())),
                         finished=int(finished))
        return cells


def summary_rows(rounds: Iterable[tuple[int, str]], students: Iterable[tuple[int, str]],
                 answers: Mapping[tuple[int, int], tuple[str, str]],
                 progress: Mapping[tuple[int, int], tuple[int, dict[str, int], bool]],
                 names: bool) -> list[SummaryRow]:
    """One row per round and student (rounds in order, then students by number); ``answers``
    and ``progress`` are keyed by ``(round, student)``; the nickname only when ``names``."""
    people = sorted(students)
    rows: list[SummaryRow] = []
    for round_, target in sorted(rounds):
        for student, nickname in people:
            choice, verdict = answers.get((round_, student), ("", ""))
            rows.append(SummaryRow(round_, target, student, nickname if names else "", choice, verdict,
                                   progress.get((round_, student))))
    return rows


def errors_ranked(rows: Iterable[SummaryRow]) -> list[tuple[str, int]]:
    """The errors of a class summary (:attr:`SummaryRow.errors` added up), most common first."""
    errors: Counter[str] = Counter()
    for row in rows:
        errors.update(row.errors)
    return sorted(errors.items(), key=lambda item: (-item[1], item[0]))


__all__ = [
    "ERROR_KINDS_LIMIT",
    "PROGRESS_LIMIT",
    "SUMMARY_KEYS",
    "NamedAnswer",
    "Progress",
    "ProgressRow",
    "SummaryRow",
    "Tally",
    "check_progress",
    "decode_errors",
    "encode_errors",
    "errors_ranked",
    "make_progress",
    "make_tally",
    "summary_rows",
]
