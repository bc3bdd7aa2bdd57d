"""What the Home page decides and says about the learner's progress, without Streamlit: the
one *Continue* action (the practice hand under way, else the lesson and step under way, else
the next lesson: :meth:`HomeScreen.continue_action`), each lesson's line (done or not, its check result), how many are
done, where the progress is kept, the two ways of forgetting it — *Reset my progress* and,
for a shared computer, *Not you? Start as a new learner* — each asked before it acts
(:class:`HomeScreen`; both forget the same things: :func:`tutorial.app.shell.storage.forget`),
and *Move my progress to another device*: the code carrying it (:mod:`tutorial.app.shell.model_move`)
shown, or a code from another device taken after asking (it replaces this browser's progress:
:func:`tutorial.app.shell.storage.move_in`). The page's fixed prose stays in the view (``page.py``)."""

from __future__ import annotations

import gettext
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from babel.lists import format_list

from tutorial.app.lessons.model_course import STARS, lesson_stars, star_text
from tutorial.app.shell.model_move import read_move_code_parts
from tutorial.app.shell.model_progress import Progress, ProgressError, part_names
from tutorial.i18n import LANGUAGE_NAMES
from tutorial.lessons.model import Lesson

CONFIRMING = "confirm"
"""The click-guard state while *Reset my progress* waits for a yes or no."""
CONFIRMING_NEW = "new"
"""The click-guard state while *Not you? Start as a new learner* waits for a yes or no."""
CONFIRMING_MOVE = "move"
"""The click-guard state while a code from another device waits for a yes or no."""


@dataclass
class HomeState:
    """This session's Home page: whether the reset (``confirm_reset``) or the start as a new
    learner (``confirm_new``) is waiting for a yes or no; *Move my progress*: ``show_code``
    (the learner's code is shown), ``offered`` (a code from another device waiting for a yes or
    no), ``move_problem`` (the code last tried could not be used: its :class:`ProgressError`
    code), ``moved`` (a code was taken), ``link_read`` (the address's ``move=`` has
    been looked at: it is offered once per session); ``forgotten``: what was just done after a
    yes, ``"reset"`` or ``"new"``. ``moved`` and ``forgotten`` are said until the learner's next
    action on Home or visit to another page (:meth:`HomeScreen.arrived`), not only in the next
    run: the second click of a double click on the yes reran the page and lost the line."""

    KEY: ClassVar[str] = "home"
    confirm_reset: bool = False
    confirm_new: bool = False
    show_code: bool = False
    offered: str | None = None
    move_problem: str | None = None
    moved: bool = False
    link_read: bool = False
    forgotten: str | None = None


LESSON, PRACTICE = "lesson", "practice"
"""What *Continue* opens (:attr:`ContinueAction.kind`)."""


@dataclass(frozen=True)
class ContinueAction:
    """Home's *Continue*: what it opens (``kind``: :data:`LESSON` or :data:`PRACTICE`), its
    ``label`` and, for a lesson, the lesson's id."""

    kind: str
    label: str
    lesson_id: str | None = None


@dataclass(frozen=True)
class LessonLine:
    """One lesson in the progress list: its ``id``, ``label`` (number, title, check result) and ``done``."""

    id: str
    label: str
    done: bool


class HomeScreen:
    """The progress part of Home for ``lessons``, the ``done`` lesson ids and the check
    ``results`` (``{lesson id: (right at the first try, check steps)}``), in the language of ``tr``;
    ``due``: how many training exercises are due (``None`` while this session has no training);
    ``place``: the lesson and step index the session has the learner on (``None``: not known);
    ``hand``: the deal code of a practice hand under way (begun and not over), else ``None``;
    ``more``: the learner has progress besides lessons (exercises trained, practice statistics, a game);
    ``lang``: the language of ``tr`` (for lists)."""

    def __init__(self, state: HomeState, lessons: Sequence[Lesson], done: Collection[str],
                 results: Mapping[str, tuple[int, int]], tr: gettext.NullTranslations, due: int | None = None, *,
                 place: tuple[str, int] | None = None, hand: str | None = None, more: bool = False,
                 lang: str = "en") -> None:
        self.state = state
        self.lang = lang
        self.more = more
        self.due = due
        self.place = place
        self.hand = hand
        self.lessons = lessons
        self.done = done
        self.results = results
        self.tr = tr
        self._ = tr.gettext

    def following(self) -> Lesson | None:
        """The first lesson not done yet (``None`` when all are)."""
        return next((lesson for lesson in self.lessons if lesson.id not in self.done), None)

    def continue_label(self) -> str | None:
        """*Start: …* before any lesson is done, *Continue: …* after, ``None`` once all are."""
        following = self.following()
        if following is None:
            return None
        template = self._("Continue: {title}") if self.done else self._("Start: {title}")
        return template.format(title=self._(following.title))

    def under_way(self) -> tuple[Lesson, int] | None:
        """The lesson the learner is in the middle of (not completed, past its first step) and
        the step index, if the session knows it."""
        if self.place is None:
            return None
        lesson_id, index = self.place
        lesson = next((item for item in self.lessons if item.id == lesson_id), None)
        if lesson is None or lesson.id in self.done or not 0 < index < len(lesson.steps):
            return None
        return lesson, index

    def continue_action(self) -> ContinueAction | None:
        """Home's one *Continue*: the practice hand under way; else the lesson under way, at its
        step; else the first lesson not done (*Start* before any is done); ``None`` when every
        lesson is done and no hand is under way."""
        _ = self._
        if self.hand:
            return ContinueAction(PRACTICE, _("Continue your practice hand (deal {code})").format(code=self.hand))
        under_way = self.under_way()
        if under_way is not None:
            lesson, index = under_way
            return ContinueAction(LESSON, _("Continue: {title}, step {step} of {steps}").format(
                title=_(lesson.title), step=index + 1, steps=len(lesson.steps)), lesson.id)
        following, label = self.following(), self.continue_label()
        if following is None or label is None:
            return None
        return ContinueAction(LESSON, label, following.id)

    def lines(self) -> list[LessonLine]:
        """Every lesson, numbered, with its check result when it has one."""
        found = []
        for number, lesson in enumerate(self.lessons, start=1):
            label = f"{number}. {self._(lesson.title)}"
            earned = lesson_stars(lesson, self.done, self.results)
            if earned:  # its stars, from its check (model_course.stars; none without a check result)
                label += " · " + star_text(earned, self.tr)
            found.append(LessonLine(lesson.id, label, lesson.id in self.done))
        return found

    def course_finished(self) -> str | None:
        """Once every lesson is done: the course's stars (``None`` before)."""
        if not self.lessons or any(lesson.id not in self.done for lesson in self.lessons):
            return None
        earned = sum(lesson_stars(lesson, self.done, self.results) for lesson in self.lessons)
        return self._("You have finished the course: {count} of {most} stars. Next: a practice hand, and training "
                      "when it is due.").format(count=earned, most=STARS * len(self.lessons))

    def completed(self) -> str:
        """How many lessons are done, out of how many."""
        total = len(self.lessons)
        return self.tr.ngettext("{done} of {total} lesson completed.", "{done} of {total} lessons completed.",
                                total).format(done=sum(lesson.id in self.done for lesson in self.lessons), total=total)

    def due_line(self) -> str | None:
        """``3 exercises due`` on the Training page, once this session trains (else ``None``)."""
        if self.due is None:
            return None
        return self.tr.ngettext("{count} training exercise due.", "{count} training exercises due.",
                                self.due).format(count=self.due)

    def kept_where(self) -> str:
        """Where the progress is kept (plain): in this browser, nothing on the server."""
        return self._("Your progress is kept in this browser only: another browser, another device or a private "
                      "window starts afresh. There is no account, and no personal data is kept on the server.")

    # ----- Reset my progress, or start as a new learner: asked first ------------------------------
    def can_reset(self) -> bool:
        """*Reset my progress* is offered once there is progress to reset: a lesson done, or
        (``more``) exercises trained, practice hands counted, a practice game under way — a
        learner who only trained had no way to reset (found by a trial)."""
        return bool(self.done) or self.more

    @property
    def confirming(self) -> bool:
        return self.state.confirm_reset and self.can_reset()

    @property
    def confirming_new(self) -> bool:
        """*Not you? Start as a new learner* (always offered) waits for a yes or no."""
        return self.state.confirm_new

    def token(self) -> str:
        """The state the confirmation was drawn for: asking (which), or no longer asking."""
        if self.state.confirm_reset:
            return CONFIRMING
        return CONFIRMING_NEW if self.state.confirm_new else CONFIRMING_MOVE if self.state.offered else ""

    def arrived(self) -> None:
        """The learner came (back) to Home from another page: what was done before is not said again."""
        self._acted()

    def _acted(self) -> None:
        """Every action on Home: the lines saying what the last one did (``forgotten``, ``moved``) end."""
        self.state.forgotten, self.state.moved = None, False

    def ask_reset(self) -> None:
        self._acted()
        if self.can_reset():
            self.state.confirm_reset, self.state.confirm_new, self.state.offered = True, False, None

    def ask_new(self) -> None:
        """*Not you? Start as a new learner*: asked first."""
        self._acted()
        self.state.confirm_new, self.state.confirm_reset, self.state.offered = True, False, None

    def reset_question(self) -> str:
        """*Reset my progress* asks first, naming all it forgets (a trial found the question
        named only the lessons)."""
        return self._("Forget your progress? This browser forgets your completed lessons, check results, "
                      "training schedule, practice game and practice statistics.")

    def new_question(self) -> str:
        return self._("Start as a new learner? Everything this browser keeps of the learner before you is "
                      "forgotten: completed lessons, check results, the training schedule, the practice game and the "
                      "practice statistics.")

    def keep(self) -> None:
        """*Keep my progress* (or *Cancel*, or *No, keep mine* for a code from another device): nothing
        is reset or replaced."""
        self._acted()
        self.state.confirm_reset = self.state.confirm_new = False
        self.state.offered = None

    def confirm_reset(self) -> bool:
        """*Yes, reset my progress*: whether the view must now forget the progress."""
        asked = self.state.confirm_reset
        self.state.confirm_reset = False
        if asked:
            self._acted()
            self.state.forgotten = "reset"
        return asked

    def confirm_new(self) -> bool:
        """*Yes, start afresh*: whether the view must now forget everything (as a reset does)."""
        asked = self.state.confirm_new
        self.state.confirm_new = False
        if asked:
            self._acted()
            self.state.forgotten = "new"
        return asked

    def forgotten_line(self) -> str | None:
        """Said after *Yes, reset my progress* or *Yes, start afresh* (else ``None``), until the
        next action: the page looks much the same afterwards, so it says what was done (found by
        a trial)."""
        done = self.state.forgotten
        if done == "reset":
            return self._("Done: your progress is reset. This browser keeps nothing of it now.")
        if done == "new":
            return self._("Done: this browser has forgotten the learner before you. Welcome — you start afresh.")
        return None

    # ----- Move my progress to another device ---------------------------------------------------
    def known(self) -> dict[str, int]:
        """The course's lesson ids and their numbers of check steps (for reading a code)."""
        return {lesson.id: len(lesson.check_steps) for lesson in self.lessons}

    def move_heading(self) -> str:
        return self._("Move my progress to another device")

    def move_intro(self) -> str:
        """What a code is (plain): it carries the progress itself; nothing is kept on the server."""
        return self._("A code carries your progress itself — completed lessons, check results, training schedule, "
                      "language and table settings — so nothing is kept on the server. Anyone with the code can "
                      "take this progress: share it only with yourself.")

    def show_code(self) -> None:
        """*Show my code*."""
        self._acted()
        self.state.show_code = True

    def hide_code(self) -> None:
        """*Hide my code*."""
        self._acted()
        self.state.show_code = False

    def code_how(self) -> str:
        """One line of how to use the code shown."""
        return self._("On the other device, scan the QR code, or open Muggins Tutor there and paste the code under "
                      "“Use a code from another device” on Home.")

    def game_left_out(self) -> str:
        return self._("Your practice game under way is not included: it would make the code too long.")

    def qr_alt(self) -> str:
        """The QR code's text alternative (plain)."""
        return self._("QR code: scan it with the other device to open Muggins Tutor there with your progress.")

    def offer(self, text: str) -> None:
        """*Use this code*: a code typed or pasted (or from the address) is read; a good one waits
        for a yes or no (:meth:`offered`), a bad one is said (:meth:`move_problem_line`): nothing
        changes either way."""
        if not text.strip() and self.state.offered is not None:
            return  # a second click on *Use this code* (the box emptied by the first): the code still waits
        self._acted()
        if not text.strip():  # nothing typed: asked for, as the Training page's code box does
            self.state.offered, self.state.move_problem = None, "empty"
            return
        try:
            read_move_code_parts(text, self.known())
        except ProgressError as err:
            self.state.offered, self.state.move_problem = None, err.code
            return
        self.state.offered, self.state.move_problem = text, None
        self.state.confirm_reset = self.state.confirm_new = False

    def from_link(self, text: str | None) -> None:
        """The address's ``move=`` (``None``: none), offered once per session."""
        if self.state.link_read:
            return
        self.state.link_read = True
        if text:
            self.offer(text)

    def offered(self) -> Progress | None:
        """The progress the code waiting for a yes or no carries (``None``: none waits), less any
        part it holds that this version cannot read (:meth:`set_aside`)."""
        read = self._read_offered()
        return None if read is None else read[0]

    def _read_offered(self) -> tuple[Progress, list[ProgressError]] | None:
        if self.state.offered is None:
            return None
        try:
            return read_move_code_parts(self.state.offered, self.known())
        except ProgressError:  # the course changed under it: read again when offered
            self.state.offered = None
            return None

    def set_aside(self) -> list[str]:
        """The parts of the code waiting that cannot be read here (a newer version's, say), in
        words: they are left out, the rest taken, as the browser's own stored progress is read."""
        read = self._read_offered()
        return [] if read is None else part_names([err.detail for err in read[1]], self._)

    @property
    def confirming_move(self) -> bool:
        return self.offered() is not None

    def carries(self) -> list[str]:
        """What the code waiting for a yes or no carries, a line per part (plain)."""
        progress = self.offered()
        if progress is None:
            return []
        total = len(self.lessons)
        lines = [self.tr.ngettext("{done} of {total} lesson completed", "{done} of {total} lessons completed",
                                  total).format(done=len(progress.done), total=total)]
        if progress.checks:
            lines.append(self.tr.ngettext("{count} check result", "{count} check results",
                                          len(progress.checks)).format(count=len(progress.checks)))
        themes = (progress.training or {}).get("t")
        if isinstance(themes, dict) and themes:
            lines.append(self.tr.ngettext("a training schedule of {count} theme", "a training schedule of {count} themes",
                                          len(themes)).format(count=len(themes)))
        if progress.lang in LANGUAGE_NAMES:
            lines.append(self._("language: {name}").format(name=LANGUAGE_NAMES[progress.lang]))
        if progress.four_colour:
            lines.append(self._("the four-colour deck"))
        if progress.text_table:
            lines.append(self._("the table as text"))
        if not progress.stats.empty:
            lines.append(self.tr.ngettext("{count} practice hand played", "{count} practice hands played",
                                          progress.stats.hands).format(count=progress.stats.hands))
        if progress.game:
            lines.append(self._("a practice game under way"))
        aside = self.set_aside()
        if aside:
            lines.append(self._("left out, as this version cannot read it: {parts}").format(
                parts=format_list(aside, locale=self.lang)))
        return lines

    def move_question(self) -> str:
        return self._("This replaces everything this browser keeps of your progress, a practice game under way "
                      "included. Take it?")

    def take_move(self) -> Progress | None:
        """*Yes, take it*: the progress the view must now make this browser's (``None``: nothing waits)."""
        progress = self.offered()
        self.state.offered = None
        if progress is not None:
            self._acted()
            self.state.moved = True
        return progress

    def moved_line(self) -> str | None:
        """Said after a code was taken, until the next action (else ``None``)."""
        if not self.state.moved:
            return None
        return self._("Done: this browser now keeps the progress from the other device.")

    def move_problem_line(self) -> str | None:
        """Why the code last tried could not be used (plain; ``None``: no problem)."""
        code = self.state.move_problem
        if code is None:
            return None
        if code == "empty":
            return self._("Type or paste a progress code first (it starts with M1-).")
        if code == "tampered":
            said = self._("This code has a mistake in it: a character is wrong, missing or extra. Copy it again, "
                          "whole.")
        elif code == "not-a-code":
            said = self._("This is not a progress code: a code starts with M1- followed by letters and digits.")
        elif code == "bad-version":
            said = self._("This code was made by another version of Muggins Tutor and cannot be read here.")
        elif code == "too-long":
            said = self._("This text is too long to be a progress code.")
        else:
            said = self._("This code could not be read.")
        return said + " " + self._("Nothing was changed.")
