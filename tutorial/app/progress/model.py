"""The Progress page in words and numbers, without Streamlit (issue 19, part 3).

:class:`ProgressScreen` takes what the learner has done — the training scheduler
(:class:`~tutorial.training.schedule.Training`, or ``None``), the course's lessons, the completed
ones and the check results, the practice statistics
(:class:`~tutorial.app.practice.stats.PracticeStats`) — with ``now`` (timezone-aware; nothing
here reads the clock), the learner's time zone and language, and gives what the page shows:
mastery per theme as chart rows and as a table (the chart's text alternative), what is due now
and when the next reviews come, the lessons with their check results, practice hands and errors
by kind, and the weakest rule to train. Numbers, dates and relative times are written by Babel
as the learner's language writes them. A new learner with nothing yet gets an empty state
(:meth:`ProgressScreen.empty`) instead of empty charts.
"""

from __future__ import annotations

import gettext
import textwrap
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo

from babel.dates import format_skeleton, format_time, format_timedelta
from babel.numbers import format_decimal, format_percent

from tutorial.app.lessons.model_course import lesson_stars, star_text
from tutorial.app.practice.stats import PracticeStats
from tutorial.lessons.model import Lesson
from tutorial.narrate import narrator
from tutorial.training import words as training_words
from tutorial.training.schedule import Training, instant
from tutorial.training.themes import ERROR_THEMES, MISSED_CALL, THEME_BY_ID, THEME_IDS

TICKS = (0.0, 0.25, 0.5, 0.75, 1.0)
"""The mastery axis's ticks."""
LABEL_WIDTH = 22
"""The most characters on one line of a theme's name on the chart's axis (about 150 px)."""
UPCOMING = 5
"""At most this many coming reviews are listed."""


@dataclass(frozen=True)
class MasteryRow:
    """One theme's mastery: its id, name (the learner's language), mastery (0 to 1), the
    mastery written as a percentage, and when it is next due, in words."""

    theme: str
    name: str
    mastery: float
    label: str
    when: str


@dataclass(frozen=True)
class LessonRow:
    """One lesson: its id, numbered title, status words and check result in words."""

    id: str
    title: str
    done: bool
    status: str
    check: str


class ProgressScreen:
    """The learner's progress at ``now`` (see the module text); ``zone``: the learner's time
    zone for dates (UTC when unknown)."""

    def __init__(self, training: Training | None, lessons: Sequence[Lesson], done: Collection[str],
                 checks: Mapping[str, tuple[int, int]], stats: PracticeStats, now: datetime,
                 tr: gettext.NullTranslations, lang: str, zone: tzinfo | None = None) -> None:
        self.training, self.lessons, self.done, self.checks, self.stats = training, list(lessons), done, checks, stats
        self.now = instant(now)
        self.tr, self._, self.lang = tr, tr.gettext, lang
        self.zone = zone or UTC

    # ----- the empty state ---------------------------------------------------------------------------
    def trained(self) -> bool:
        """Whether any exercise was answered (or a practice error noted) in training."""
        return self.training is not None and any(entry.reviews or entry.flagged
                                                 for entry in self.training.cards.values())

    def empty(self) -> bool:
        """A new learner: no lesson completed, no check result, no training, no practice hand."""
        return not self.done and not self.checks and not self.trained() and self.stats.empty

    def empty_text(self) -> str:
        return self._("Nothing to show yet. Start with the lessons: as you complete lessons, train and play "
                      "practice hands, your progress appears here.")

    # ----- words and numbers -----------------------------------------------------------------------------
    def percent(self, value: float) -> str:
        """A share (0–1) as a whole percentage, as the learner's language writes it (``45%``, ``45 %``)."""
        return format_percent(value, locale=self.lang)

    def theme_name(self, theme: str) -> str:
        return training_words.theme_name(THEME_BY_ID[theme], self.tr)

    def when(self, moment: datetime) -> str:
        """``now`` for a time past, else a relative time and the date and hour (``in 3 days
        (Fri, Dec 4, 9:00 AM)``), in the learner's language and time zone."""
        if moment <= self.now:
            return self._("now")
        relative = format_timedelta(moment - self.now, add_direction=True, locale=self.lang)
        local = moment.astimezone(self.zone)
        dated = format_skeleton("MMMEd", local, locale=self.lang) + ", " + format_time(local, "short", locale=self.lang)
        return self._("{relative} ({date})").format(relative=relative, date=dated)

    # ----- mastery per theme -------------------------------------------------------------------------------
    def mastery_rows(self) -> list[MasteryRow]:
        """The open themes, in the course's order, with their mastery and next review."""
        if self.training is None:
            return []
        masteries = self.training.masteries(self.now)
        return [MasteryRow(theme, self.theme_name(theme), masteries[theme], self.percent(masteries[theme]),
                           self.when(self.training.due_at(theme))) for theme in self.training.themes]

    def chart_rows(self) -> list[dict[str, object]]:
        """The chart's data: ``theme`` (name), ``mastery`` (0–1), ``label`` (the percentage in words)."""
        return [{"theme": row.name, "mastery": row.mastery, "label": row.label} for row in self.mastery_rows()]

    def label_lines(self, width: int = LABEL_WIDTH) -> dict[str, list[str]]:
        """Each theme's name on the chart's axis in lines of at most ``width`` characters (a word
        longer than that on a line of its own): one line was cut short with an ellipsis on a
        phone, in Spanish most of all (found by a trial)."""
        return {row.name: textwrap.wrap(row.name, width, break_long_words=False) or [row.name]
                for row in self.mastery_rows()}

    def tick_labels(self) -> dict[str, str]:
        """The mastery axis's tick labels, written by Babel (Vega's own format knows no Spanish
        ``50 %``): ``{"0.5": "50 %"}``, keyed as Vega writes the tick's value."""
        return {_vega_number(tick): self.percent(tick) for tick in TICKS}

    def chart_words(self) -> dict[str, str]:
        """``title``, the axes' titles, and the chart's description (for screen readers; the
        table beside it is the full text alternative)."""
        _ = self._
        return {"title": _("Mastery per theme"), "theme": _("Theme"), "mastery": _("Mastery"),
                "description": _("A bar chart of your mastery of each theme you train; the table "
                                 "“Mastery per theme” gives the same figures.")}

    def table_headings(self) -> tuple[str, str, str]:
        _ = self._
        return _("Theme"), _("Mastery"), _("Next review")

    def mastery_note(self) -> str:
        _ = self._
        return _("Mastery is how likely you are to remember a theme now, and how long you have held it: "
                 "a theme answered right for three weeks or more counts as mastered.")

    # ----- what is due -------------------------------------------------------------------------------------
    def due(self) -> tuple[str, ...]:
        return () if self.training is None else self.training.due(self.now)

    def due_line(self) -> str | None:
        """How many exercises are due now (``None`` without training; which ones: the table's
        *Next review* says *now*)."""
        if self.training is None or not self.training.cards:
            return None
        count = len(self.due())
        if not count:
            return self._("Nothing is due now.")
        return self.tr.ngettext("{count} exercise due now.", "{count} exercises due now.", count).format(count=count)

    def upcoming(self) -> list[str]:
        """The next reviews not yet due, soonest first (at most :data:`UPCOMING`): ``theme: when``."""
        if self.training is None:
            return []
        training = self.training
        later = sorted((theme for theme in training.themes if training.due_at(theme) > self.now),
                       key=lambda theme: (training.due_at(theme), THEME_IDS.index(theme)))
        return [self._("{theme}: {when}").format(theme=self.theme_name(theme), when=self.when(training.due_at(theme)))
                for theme in later[:UPCOMING]]

    # ----- lessons --------------------------------------------------------------------------------------------
    def lesson_rows(self) -> list[LessonRow]:
        """Every lesson, numbered, with whether it is completed and its check result."""
        _ = self._
        rows = []
        for number, lesson in enumerate(self.lessons, start=1):
            done = lesson.id in self.done
            if lesson.id in self.checks:
                right, total = self.checks[lesson.id]
                check = _("{right} of {total}").format(right=right, total=total)
            else:
                check = _("no check") if not lesson.check_steps else "—"
            status = _("Not yet")
            if done:  # with its stars (model_course.stars), earned by the check beside it (none without one)
                earned = lesson_stars(lesson, self.done, self.checks)
                status = _("Completed") + (" · " + star_text(earned, self.tr) if earned else "")
            rows.append(LessonRow(lesson.id, f"{number}. {_(lesson.title)}", done, status, check))
        return rows

    def lesson_headings(self) -> tuple[str, str, str]:
        _ = self._
        return _("Lesson"), _("Status"), _("Check: right at the first try")

    def lessons_line(self) -> str:
        total = len(self.lessons)
        return self.tr.ngettext("{done} of {total} lesson completed.", "{done} of {total} lessons completed.",
                                total).format(done=sum(lesson.id in self.done for lesson in self.lessons), total=total)

    # ----- practice -----------------------------------------------------------------------------------------------
    def hands_line(self) -> str:
        hands = self.stats.hands
        return self.tr.ngettext("{count} practice hand played.", "{count} practice hands played.",
                                hands).format(count=format_decimal(hands, locale=self.lang))

    def error_name(self, kind: str) -> str:
        """An error kind in the learner's language (the narrator's title of an error)."""
        if kind == MISSED_CALL:
            return self._("An error by another player that you did not call")
        return narrator(self.lang).error_title(kind)

    def error_rows(self) -> list[tuple[str, str]]:
        """``(error in words, count)`` for each kind made, in the rules' order."""
        return [(self.error_name(kind), format_decimal(count, locale=self.lang)) for kind, count in self.stats.errors_by_kind()]

    def error_headings(self) -> tuple[str, str]:
        _ = self._
        return _("Error"), _("Times")

    def errors_line(self) -> str | None:
        """Said when hands were played without an error (else the table says it)."""
        if self.stats.hands and not self.stats.errors_by_kind():
            return self._("No errors in your practice hands. Well played!")
        return None

    # ----- the weakest rule -----------------------------------------------------------------------------------------
    def theme_errors(self) -> dict[str, int]:
        """Practice errors by the theme that drills them."""
        found: dict[str, int] = {}
        for kind, count in self.stats.errors_by_kind():
            theme = ERROR_THEMES.get(kind)
            if theme is not None:
                found[theme] = found.get(theme, 0) + count
        return found

    def weakest(self) -> str | None:
        """The open theme to train first: among those trained or met as practice errors, the
        least mastered; on a tie the one with more practice errors, then the course's order.
        ``None`` while there is none."""
        if self.training is None:
            return None
        training, errors = self.training, self.theme_errors()
        candidates = [theme for theme in training.themes if training.reviews(theme) or errors.get(theme)
                      or training.cards[theme].flagged]
        if not candidates:
            return None
        masteries = training.masteries(self.now)
        return min(candidates, key=lambda theme: (round(masteries[theme], 4), -errors.get(theme, 0),
                                                  THEME_IDS.index(theme)))

    def weakest_line(self) -> str | None:
        theme = self.weakest()
        if theme is None or self.training is None:
            return None
        return self._("Your weakest rule: {theme} ({mastery} mastered).").format(
            theme=self.theme_name(theme), mastery=self.percent(self.training.mastery(theme, self.now)))


def _vega_number(value: float) -> str:
    """A number as Vega's expressions write it (``0``, ``0.25``, ``1``)."""
    return f"{value:g}"


__all__ = ["TICKS", "LessonRow", "MasteryRow", "ProgressScreen"]
