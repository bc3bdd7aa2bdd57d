"""What the Home page decides and says about the learner's progress, without Streamlit: the
one *Continue* action (the practice hand under way, else the lesson and step under way, else
the next lesson: :meth:`HomeScreen.continue_action`), each lesson's line (done or not, its check result), how many are
done, where the progress is kept, and the two ways of forgetting it — *Reset my progress* and,
for a shared computer, *Not you? Start as a new learner* — each asked before it acts
(:class:`HomeScreen`; both forget the same things: :func:`tutorial.app.shell.storage.forget`).
The page's fixed prose stays in the view (``page.py``)."""

from __future__ import annotations

import gettext
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from tutorial.lessons.model import Lesson

CONFIRMING = "confirm"
"""The click-guard state while *Reset my progress* waits for a yes or no."""
CONFIRMING_NEW = "new"
"""The click-guard state while *Not you? Start as a new learner* waits for a yes or no."""


@dataclass
class HomeState:
    """This session's Home page: whether the reset (``confirm_reset``) or the start as a new
    learner (``confirm_new``) is waiting for a yes or no."""

    KEY: ClassVar[str] = "home"
    confirm_reset: bool = False
    confirm_new: bool = False


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
    ``hand``: the deal code of a practice hand under way (begun and not over), else ``None``."""

    def __init__(self, state: HomeState, lessons: Sequence[Lesson], done: Collection[str],
                 results: Mapping[str, tuple[int, int]], tr: gettext.NullTranslations, due: int | None = None, *,
                 place: tuple[str, int] | None = None, hand: str | None = None) -> None:
        self.state = state
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
            if lesson.id in self.results:
                right, total = self.results[lesson.id]
                label += " · " + self._("check: {right} of {total}").format(right=right, total=total)
            found.append(LessonLine(lesson.id, label, lesson.id in self.done))
        return found

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
        """*Reset my progress* is offered once a lesson is done."""
        return bool(self.done)

    @property
    def confirming(self) -> bool:
        return self.state.confirm_reset and self.can_reset()

    @property
    def confirming_new(self) -> bool:
        """*Not you? Start as a new learner* (always offered) waits for a yes or no."""
        return self.state.confirm_new

    def token(self) -> str:
        """The state the confirmation was drawn for: asking (which), or no longer asking."""
        return CONFIRMING if self.state.confirm_reset else CONFIRMING_NEW if self.state.confirm_new else ""

    def ask_reset(self) -> None:
        if self.can_reset():
            self.state.confirm_reset, self.state.confirm_new = True, False

    def ask_new(self) -> None:
        """*Not you? Start as a new learner*: asked first."""
        self.state.confirm_new, self.state.confirm_reset = True, False

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
        """*Keep my progress* (or *Cancel*): nothing is reset."""
        self.state.confirm_reset = self.state.confirm_new = False

    def confirm_reset(self) -> bool:
        """*Yes, reset my progress*: whether the view must now forget the progress."""
        asked = self.state.confirm_reset
        self.state.confirm_reset = False
        return asked

    def confirm_new(self) -> bool:
        """*Yes, start afresh*: whether the view must now forget everything (as a reset does)."""
        asked = self.state.confirm_new
        self.state.confirm_new = False
        return asked
