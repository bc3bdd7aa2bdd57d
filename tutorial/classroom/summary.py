"""The class summary a teacher reads and downloads: the errors ranked from the data (the
answers' verdicts and the practice reports), the lesson worth revisiting, and the CSV file,
written last, from the same rows, with three columns in the teacher's language."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..lessons import Lesson
from ..narrate import Narrator
from ..words import FORMULA_STARTS, cell
from .tally import SUMMARY_KEYS, SummaryRow, errors_ranked
from .targets import Asked, Course, DealTarget, parse_target
from .words import asked_words, choice_text, seated, verdict_words

WORDED = ("question", "answer", "result")
"""The columns in the teacher's language, after ``round``."""
CSV_COLUMNS = (SUMMARY_KEYS[0], *WORDED, *SUMMARY_KEYS[1:])


@dataclass(frozen=True)
class ClassSummary:
    """The summary of room ``code`` from its ``rows`` (:class:`SummaryRow`)."""

    code: str
    rows: tuple[SummaryRow, ...]

    def on_screen(self, round_: int, phase: str) -> ClassSummary:
        """The summary a teacher's page may show while round ``round_`` is in ``phase``: the
        answers to a lesson step still being asked are left out until the reveal (their
        verdicts would tell a projector's viewers which answers were wrong); class-practice
        reports stay (the projector shows them during class practice anyway)."""
        if phase != "asking":
            return self
        kept = tuple(row for row in self.rows
                     if row.round != round_ or isinstance(parse_target(row.target), DealTarget))
        return ClassSummary(self.code, kept)

    def errors(self) -> list[tuple[str, int]]:
        """``(error kind, count)``, most common first (see :attr:`SummaryRow.errors`)."""
        return errors_ranked(self.rows)

    def error_lines(self, n: Narrator) -> list[str]:
        """The ranked errors in words: ``title: count``."""
        return [f"{verdict_words(kind, n)}: {count}" for kind, count in self.errors()]

    def revisit(self, course: Course, lesson_for_error: Mapping[str, str]) -> Lesson | None:
        """The lesson that teaches the most common error the course has a lesson for."""
        for kind, _count in self.errors():
            lesson = course.lesson(lesson_for_error.get(kind, ""))
            if lesson is not None:
                return lesson
        return None

    def worded(self, row: SummaryRow, course: Course, n: Narrator) -> dict[str, str | int]:
        """A row's cells with, after ``round``, the ``question`` (the step's lesson and title,
        the training exercise's code and theme, or the deal), the ``answer`` (a pile named from nobody's seat) and the ``result``, in
        ``n``'s language; the codes stay as they are, for other tools."""
        found = course.find(parse_target(row.target))
        if isinstance(found, Asked):
            question = asked_words(found, n)
            answer = choice_text(found.step, row.choice, seated(n, None)) if row.choice else ""
        elif isinstance(found, DealTarget):
            question, answer = n._("Class practice: deal {code}").format(code=found.code), ""
        else:
            question, answer = row.target, ""
        words = {"question": question, "answer": answer, "result": verdict_words(row.verdict, n) if row.verdict else ""}
        cells = row.cells()
        return {key: words[key] if key in words else cells[key] for key in CSV_COLUMNS}

    def csv(self, course: Course, n: Narrator) -> bytes:
        """The CSV file (UTF-8 with a byte-order mark, for spreadsheets): a header and one line
        per row, no cell a formula."""
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=list(CSV_COLUMNS), lineterminator="\n")
        writer.writeheader()
        writer.writerows({key: cell(value) for key, value in self.worded(row, course, n).items()} for row in self.rows)
        return buffer.getvalue().encode("utf-8-sig")

    @property
    def file_name(self) -> str:
        return f"muggins-class-{self.code}.csv"


def summary(code: str, rows: Sequence[SummaryRow]) -> ClassSummary:
    return ClassSummary(code, tuple(rows))


__all__ = ["CSV_COLUMNS", "FORMULA_STARTS", "ClassSummary", "cell", "summary"]
