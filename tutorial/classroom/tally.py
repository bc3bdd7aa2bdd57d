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

#: The keys of every :func:`summary_rows` row, in CSV column order.
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


def summary_rows(rounds: Iterable[tuple[int, str]], students: Iterable[tuple[int, str]],
                 answers: Mapping[tuple[int, int], tuple[str, str]],
                 progress: Mapping[tuple[int, int], tuple[int, dict[str, int], bool]],
                 names: bool) -> list[dict[str, str | int]]:
    """One row per round and student (rounds in order, then students by number), with the keys
    :data:`SUMMARY_KEYS`:

    - ``round`` (int), ``target`` (str), ``student`` (int, the pseudonym number);
    - ``nickname``: the nickname when ``names``, else ``""``;
    - ``choice``, ``verdict``: the answer, ``""`` when none;
    - ``decisions`` (int), ``errors`` (int, the total), ``error_kinds`` (``"kind=n;kind=n"``,
      sorted by kind), ``finished`` (1 or 0): the latest progress report, all ``""`` when none.

    ``answers`` and ``progress`` are keyed by ``(round, student)``.
    """
    people = sorted(students)
    rows: list[dict[str, str | int]] = []
    for round_, target in sorted(rounds):
        for student, nickname in people:
            choice, verdict = answers.get((round_, student), ("", ""))
            row: dict[str, str | int] = {"round": round_, "target": target, "student": student,
                                         "nickname": nickname if names else "", "choice": choice, "verdict": verdict,
                                         "decisions": "", "errors": "", "error_kinds": "", "finished": ""}
            report = progress.get((round_, student))
            if report is not None:
                decisions, errors, finished = report
                row.update(decisions=decisions, errors=sum(errors.values()),
                           error_kinds=";".join(f"{kind}={count}" for kind, count in sorted(errors.items())),
                           finished=int(finished))
            rows.append(row)
    return rows


def errors_ranked(rows: Iterable[Mapping[str, object]]) -> list[tuple[str, int]]:
    """The errors of a class summary (:func:`summary_rows`), most common first: each answer's
    verdict that is an error kind (not ``right``/``wrong``) counts one, and each practice
    report's ``error_kinds`` its counts."""
    errors: Counter[str] = Counter()
    for row in rows:
        verdict = str(row.get("verdict") or "")
        if verdict not in ("", "right", "wrong"):
            errors[verdict] += 1
        for part in str(row.get("error_kinds") or "").split(";"):
            kind, _sep, count = part.partition("=")
            if kind and count.isascii() and count.isdigit():
                errors[kind] += int(count)
    return sorted(errors.items(), key=lambda item: (-item[1], item[0]))


__all__ = [
    "ERROR_KINDS_LIMIT",
    "PROGRESS_LIMIT",
    "SUMMARY_KEYS",
    "NamedAnswer",
    "Progress",
    "ProgressRow",
    "Tally",
    "check_progress",
    "decode_errors",
    "encode_errors",
    "errors_ranked",
    "make_progress",
    "make_tally",
    "summary_rows",
]
