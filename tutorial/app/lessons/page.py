"""Lessons page: pick a lesson, work through its steps."""

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import streamlit as st

from tutorial import words
from tutorial.app.shell import clicks, document, focus, pages, session, storage
from tutorial.app.presenter import lessons as lesson_present, mode as presenter
from tutorial.app.lessons import steps as lesson_steps, state as lesson_view
from tutorial.app.shell.markup import literal
from tutorial.app.lessons.model_course import STARS
from tutorial.app.shell.table_component import anchor

tr = session.tr()
_ = tr.gettext
lessons, problems = lesson_view.course()

if not presenter.active():
    st.title(_("Lessons"), anchor=False)  # no heading link: one Tab stop fewer on every step
clicks.notice(tr)
for problem in problems:  # the file's name, not the server's path to it
    st.warning(literal(_("A lesson file could not be loaded and is left out:") + " "
                       + words.lesson_problem(replace(problem, path=Path(problem.path).name), tr)))
if not lessons:
    st.info(_("There are no lessons to show."))
    session.sync_url()
    st.stop()

if presenter.active():  # a projector: the table, the question and big controls only
    lesson_present.show(lessons)
    lesson, index = lesson_view.current(lessons)
    lesson_view.lesson_state().followed = False  # the projector's keys keep their own focus
    document.title(_(lesson.title), _("Lessons"))
    session.remember(lesson=lesson.id, step=lesson.steps[index].id)
    session.sync_url()
    st.stop()

where = lesson_view.here(lessons)
state = where.state
lesson, index = where.lesson, where.index
document.title(_(lesson.title), _("Lessons"))  # the browser's tab names the lesson
if state.notice is not None:
    kind, unknown = state.notice
    if not storage.holding():  # said again when the stored progress arrives (storage.holding)
        state.notice = None
    text = (_("The link names a lesson that does not exist (“{id}”), so the first lesson is shown.") if kind == "lesson"
            else _("The link names a step that this lesson does not have (“{id}”), so it starts at the first step."))
    st.warning(literal(text.format(id=words.clip(unknown))))
done = lesson_view.done_lessons()
titles = {item.id: f"{number}. {_(item.title)}" + (" ✓" if item.id in done else "")
          for number, item in enumerate(lessons, start=1)}
choice_key = session.labelled_key(lesson_view.CHOICE, titles.values())  # a fresh widget when the labels change
st.session_state[choice_key] = lesson.id  # the selector always shows the current lesson
st.selectbox(_("Lesson"), options=list(titles.keys()), format_func=lambda lesson_id: titles[lesson_id], key=choice_key,
             on_change=lesson_view.choose, args=(choice_key,))
if index == 0:  # later, the summary would give answers away
    st.caption(_(lesson.summary))

step = lesson.steps[index]
share, progress = where.progress(tr)
st.progress(share, text=progress)
with st.container(border=True):
    anchor()(data={"nonce": str(state.moves), "top": state.moves > 0}, key="lesson-step-top")
    may_go_on, panel = lesson_steps.show_step(lesson, step)


def focus_step() -> None:
    """The focus to the step on show, its first control, and a screen reader told where the
    learner is."""
    now, at = lesson_view.current(lessons)
    focus.request(lesson_steps.first_controls(now, now.steps[at]),
                  say=_("Step {number} of {total}").format(number=at + 1, total=len(now.steps)) + ": "
                  + _(now.steps[at].title))


if state.followed:  # the browser's Back or Forward brought another step: the focus to it, as after Next
    state.followed = False
    focus_step()
    focus.deliver("lesson-followed-focus")

here = lesson_view.place_token()


def arrived() -> None:
    """After a move to another step (or lesson): its top comes into view, the focus goes to its
    first control, and a screen reader hears where the learner is."""
    state.moves += 1
    focus_step()


def finished() -> None:
    """After *Finish the lesson*: the completion and *Next lesson* come into view, with the focus."""
    state.finished += 1
    focus.request(["lesson-following", "lesson-restart"], read=focus.VERDICT)


def nav_button(label: str, *, key: str, action: Callable[..., None], args: tuple[Any, ...] = (), where: Any = None,
               after: Callable[[], None] = arrived, **options: Any) -> None:
    """A navigation button that acts only on the step the learner saw (see clicks.py); the
    step it leads to is brought into view (``after``)."""
    def moved(*values: Any) -> None:
        action(*values)
        after()

    clicks.button(label, key=key, seen=here, current=lesson_view.place_token, action=moved, args=args,
                  where=where, **options)


with panel:  # beside the table: the way on is in view after every answer
    row = st.container(horizontal=True, key=lesson_steps.WAY_ON)
    if index > 0:
        nav_button(_("◀ Back"), key="lesson-back", action=lesson_view.go, args=(lesson.id, index - 1), where=row,
                   width="stretch")
    if not may_go_on:
        row.caption(lesson_steps.screen(lesson, step).waiting())
    elif index < len(lesson.steps) - 1:
        nav_button(_("Next ▶"), key="lesson-next", action=lesson_view.go, args=(lesson.id, index + 1), where=row,
                   type="primary", width="stretch")
    elif where.can_finish(may_go_on):
        nav_button(_("Finish the lesson ✓"), key="lesson-finish", action=lesson_view.finish, args=(lesson.id,),
                   where=row, after=finished, type="primary", width="stretch")
    else:
        anchor()(data={"nonce": str(state.finished or ""), "until": "lesson-onward"},
                 key="lesson-complete-mark")  # after a click on Finish: the completion and the way on in view
        ending = where.ending(tr)
        st.success(literal(ending.lesson))
        if ending.course is not None:  # the course's last lesson done: the course is complete
            st.success(literal(ending.course))
        for line in ending.lines:
            st.markdown(literal(line))
        following = where.following()
        onward = st.container(horizontal=True, key="lesson-onward")
        if following is not None:
            nav_button(_("Next lesson: {title}").format(title=_(following.title)), key="lesson-following",
                       action=lesson_view.open_lesson, args=(following.id,), where=onward, type="primary", width="stretch")
        onward.page_link(pages.page("practice"), label=_("Play a practice hand"), icon=":material/playing_cards:")
        if ending.course is not None:
            onward.page_link(pages.page("train"), label=_("Train"), icon=":material/fitness_center:")
        if ending.stars < STARS:
            nav_button(_("Start the lesson again for more stars"), key="lesson-restart", action=lesson_view.restart,
                       args=(lesson.id,), where=onward, width="stretch")
        else:
            nav_button(_("Start the lesson again"), key="lesson-restart", action=lesson_view.restart, args=(lesson.id,),
                       where=onward, width="stretch")

session.remember(lesson=lesson.id, step=step.id)
session.sync_url()
