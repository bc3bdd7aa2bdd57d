"""The teacher's class room, in two layouts: the page, and the projector (presenter mode).
:class:`~tutorial.classroom.session.TeacherSession` decides and words; this view lays it out.
One set of controls (:func:`controls`) runs the question in play in both layouts."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, NoReturn

import streamlit as st

from tutorial import words
from tutorial.app.classroom import parts
from tutorial.app.classroom import state as room
from tutorial.app.presenter import lessons as lesson_present
from tutorial.app.presenter import mode as presenter
from tutorial.app.shell import clicks, document, session, share
from tutorial.app.shell.markup import literal
from tutorial.classroom import ClassroomError, RoomView
from tutorial.classroom.session import as_link_error
from tutorial.classroom.targets import Asked, DealTarget, ExerciseTarget, StepTarget, deal_target
from tutorial.classroom.teacher import Control, TeacherSession
from tutorial.engine.deal import DealCode
from tutorial.engine.errors import MugginsError
from tutorial.store import RoomStore
from tutorial.training.code import MAX_CODE_LENGTH

ICONS = {"reveal": ":material/visibility:", "next": ":material/skip_next:", "first": ":material/quiz:"}
KEYS = {"answer": presenter.ANSWER_KEY, "next": presenter.NEXT_KEY}
WIDGETS = {"reveal": "class-reveal", "next": "class-next", "first": "class-present-first"}
JOIN_QR_PX = 220
"""The join QR code in the projector's *Join* pop-up: it fits the pop-up's width (about 300 CSS
px) and, with the code and the link, a 480 px high screen (1280×720 at 150 %)."""

ASKING_STYLE = (
    # While asking, the answers come right under the question, before the hint (after the reveal
    # the step's explanation comes first: the class reads it).
    "<style>.st-key-present-panel > :has(> [class*='-words']) {order: -2;}"
    ".st-key-present-panel > :has(> .st-key-present-controls-box) {order: -1;}</style>"
)
PRESENT_STYLE = (
    "<style>"
    # The teacher's projector: the controls are in the line above the table (always on the
    # screen, never over the question); the tally follows the question in the panel and
    # scrolls with it, so nothing is pinned over the question, the table or the answer.
    ".st-key-present-panel > :has(.st-key-present-controls-box), .st-key-present-panel > .st-key-present-controls-box"
    " {position: static !important; padding-top: 0 !important;}"
    ".st-key-present-top {flex-wrap: nowrap !important;}"
    ".st-key-present-top [class*='st-key-class-reveal'] button, .st-key-present-top [class*='st-key-class-next'] button,"
    " .st-key-present-top [class*='st-key-class-present-first'] button"
    " {min-height: 2.1rem !important; padding: 0 0.7rem !important;}"
    ".st-key-present-top [class*='st-key-class-'] button p {font-size: 0.95rem; font-weight: 600; white-space: nowrap;}"
    ".st-key-present-top > div:first-child {flex: 1 1 9rem; min-width: 9rem;}"
    ".st-key-present-top > div:first-child p {line-height: 1.2; font-size: 0.85rem;}"
    # The class's answers one line each (label, bar, count): five rows of the spread were cut off
    # below the projector's fold, out of the teacher's reach without a mouse.
    ".st-key-present-controls-box {gap: 0.35rem !important;}"
    ".st-key-present-controls-box [data-testid='stProgress'] {display: flex; align-items: center; gap: 0.6rem;}"
    ".st-key-present-controls-box [data-testid='stProgress'] > div:first-child {flex: 0 0 55%;}"
    ".st-key-present-controls-box [data-testid='stProgress'] > [role='progressbar'] {flex: 1 1 auto;}"
    ".st-key-present-controls-box [data-testid='stProgress'] p {margin: 0; line-height: 1.25;}"
    "</style>"
)


def controls(teacher: TeacherSession, view: RoomView, where: Any, *, presenting: bool) -> None:
    """The controls of the question in play (:meth:`TeacherSession.controls`), in both layouts;
    on a projector with their keys (space reveals, → asks the next step). Each acts only on
    the question and phase drawn."""
    for control in teacher.controls(view, presenting=presenting):
        draw_control(teacher, view, control, where, presenting=presenting)


def draw_control(teacher: TeacherSession, view: RoomView, control: Control, where: Any, *, presenting: bool) -> None:
    clicks.button(control.label, key=WIDGETS[control.name], seen=teacher.token(view), current=teacher.token_now,
                  action=teacher.press, args=(control,), where=where, type="primary" if control.primary else "secondary",
                  icon=ICONS[control.name], shortcut=KEYS[control.key_name] if presenting and control.key_name else None)


def kept(make: Callable[..., Any], label: str, key: str, value: object, keep: Callable[[Any], None],
         where: Any = None, **options: Any) -> Any:
    """A widget whose value lives in the room's state (``keep(value)`` stores it), so it survives
    runs and layouts that do not draw it (Streamlit forgets a widget's value then: the *Ask the
    class* form came back from presenter mode on the first lesson, its Step box on another's
    steps) and a language switch (which makes a choice's key anew). A value the widget does not
    offer is not put (it starts from its first option)."""
    offered = options.get("options")
    if value is not None and (offered is None or value in list(offered)):
        st.session_state[key] = value
    if where is None:
        return make(label, key=key, on_change=lambda: keep(st.session_state.get(key)), **options)
    with where:
        return make(label, key=key, on_change=lambda: keep(st.session_state.get(key)), **options)


def kept_toggle(label: str, key: str, value: bool, keep: Callable[[bool], None], where: Any = None,
                **options: Any) -> bool:
    """A toggle whose value lives in the room's state (:func:`kept`)."""
    return bool(kept(st.toggle, label, key, value, lambda on: keep(bool(on)), where, **options))


def spread_toggle(teacher: TeacherSession, view: RoomView) -> bool:
    """*Show the spread of answers* while asking; after the reveal the spread is always shown."""
    _ = session.tr().gettext
    if view.phase != "asking":
        return True
    return kept_toggle(_("Show the spread of answers"), room.SPREAD, teacher.state.show_spread, teacher.show_spread,
                       help=_("How many chose each answer, without saying which is right; the right ones are "
                              "marked after the reveal."))


def bars(teacher: TeacherSession, asked: Asked, spread: bool, *, presenting: bool = False) -> None:
    """The tally (the teacher is nobody at the table: piles named from nobody's seat); on the
    projector without the counts by verdict, which the bars' ✓ already tell (room for the step's
    explanation)."""
    shown = teacher.shown(asked, teacher.tally(), spread=spread)
    parts.tally_bars(shown, [] if presenting else teacher.verdict_lines(shown))


def names(teacher: TeacherSession, view: RoomView, asked: Asked, *, shown: bool) -> None:
    """Who answered, when the teacher asked for names (``shown``): with their choice once the
    spread is shown, with the verdict only after the reveal; nothing before the first answer
    (the count above says so)."""
    if not shown:
        return
    lines = [f"- {literal(nickname)}" + (f": {literal(said)}" if said else "")
             for nickname, said in teacher.name_lines(asked, view)]
    if lines:
        st.markdown("\n".join(lines))


def join_popover(where: Any, join_link: str, code: str) -> None:
    """For latecomers while a question is open: a small *Join* button whose pop-up holds the
    room code and its QR code (sized to the pop-up)."""
    tr = session.tr()
    _ = tr.gettext
    # no tooltip: at the line's right end the projector clipped it; the pop-up says what it is for
    with where.popover(_("Join"), icon=":material/qr_code_2:"):
        st.caption(_("The room code and its QR code, for latecomers"))
        st.markdown(_("Room code") + f" **`{code}`**")
        st.image(share.qr_image(join_link), width=JOIN_QR_PX, alt=share.qr_alt(tr, room=code))
        st.caption(literal(join_link))


def practice_progress(teacher: TeacherSession, *, names: bool = False, compact: bool = False) -> None:
    """The class's progress on the practice deal: who started and finished, a bar of finished,
    the errors by kind; the table of students unless ``compact`` (the projector)."""
    _ = session.tr().gettext
    progress = teacher.progress(names=names)
    st.markdown(literal(teacher.progress_words(progress)))
    st.progress(progress.finished / max(progress.students, 1))
    if progress.rows and not compact:
        st.dataframe([{_("Student"): row.nickname or _("Student {number}").format(number=row.student),
                       _("Decisions"): row.decisions,
                       _("Errors"): sum(row.errors.values()),
                       _("Finished"): "✓" if row.finished else ""} for row in progress.rows],
                     hide_index=True)
    if progress.errors:
        st.markdown(_("Errors by kind:"))
        st.markdown("\n".join(f"- {literal(line)}" for line in teacher.error_lines(progress.errors)))


# ----- the projector ------------------------------------------------------------------------------
def presenting(teacher: TeacherSession, view: RoomView, join_link: str) -> None:
    """The teacher's page on a projector (presenter mode): before the first question the
    room code and a big QR code; then the step as in presenter mode — the table, the
    question, the answer once revealed — with the tally under the question; the controls
    (space reveals, → asks the next step, Esc leaves) and a small join code stay in the line
    above the table. Class practice shows the class's progress beside the QR code."""
    tr = session.tr()
    _ = tr.gettext
    presenter.frame(_("Class room"))
    st.html(PRESENT_STYLE)
    found = teacher.found(view) if view.round else None
    top = st.container(horizontal=True, key="present-top", vertical_alignment="center")
    heading = "**" + literal(view.code if view.round else _("Room {code}").format(code=view.code)) + "** · "
    count = teacher.tally() if isinstance(found, Asked) else None
    heading += literal(teacher.answered_words(count) if count is not None else teacher.joined_words(view.students))
    top.markdown(heading)
    if isinstance(found, Asked):
        controls(teacher, view, top, presenting=True)
    if view.round and not view.closed:
        join_popover(top, join_link, view.code)
    presenter.leave_button(tr, top)
    if not isinstance(found, Asked):
        left, right = st.columns([1, 1], vertical_alignment="center")
        with left:
            if isinstance(found, DealTarget):
                st.markdown("**" + literal(_("Class practice: deal {code}, Coach mode").format(code=found.code)) + "**")
                practice_progress(teacher, compact=True)
                st.markdown(_("Room code") + f" `{view.code}`")
            else:
                st.markdown(_("Room code"))
                with st.container(key=f"{document.BIG_TEXT}room-code-present"):  # large, but no heading
                    st.markdown(f"`{view.code}`")
                st.code(join_link, language=None, wrap_lines=True)
        if not view.round:
            left.caption(_("Choose the first question outside presenter mode (Esc), or start with the first step "
                           "of the course."))
            controls(teacher, view, left, presenting=True)
        right.image(share.qr_image(join_link, box=10), width=220 if view.round else 320,
                    alt=share.qr_alt(tr, room=view.code))
        return
    if teacher.newly_presented(view):
        lesson_present.forget(found.lesson, found.step)  # a new question starts with its answer hidden
    if view.phase != "revealed":
        st.html(ASKING_STYLE)
    below = parts.draw_step(found, revealed=view.phase == "revealed", presenting=True)
    with below:
        bars(teacher, found, spread_toggle(teacher, view), presenting=True)
        # its own switch, off until turned on here: names shown to read the page stay off the projector
        names(teacher, view, found, shown=kept_toggle(session.tr().gettext("Show names"), room.PRESENT_NAMES,
                                                      teacher.state.present_names, teacher.present_names))


# ----- the page ------------------------------------------------------------------------------------
def room_panel(teacher: TeacherSession, view: RoomView, join_link: str) -> None:
    """The room's code, join link and QR code (folded away once the class is under way), and
    the secret teacher link."""
    tr = session.tr()
    _ = tr.gettext
    st.markdown(f"**{literal(_('Room {code}').format(code=view.code))}** · {literal(teacher.joined_words(view.students))}")
    if view.closed:
        st.info(_("This room is closed. Its results stay readable until it expires."))
    else:  # open at first; once the class is under way it folds away, and the question comes first
        with st.expander(_("Room code and join link"), icon=":material/qr_code_2:", expanded=not view.round):
            left, right = st.columns([3, 2])
            with left:
                st.markdown(_("Room code"))
                with st.container(key=f"{document.BIG_TEXT}room-code"):  # large, but no heading
                    st.markdown(f"`{view.code}`")
                st.caption(_("Students open the link or scan the code, then choose a nickname:"))
                st.code(join_link, language=None, wrap_lines=True)
                note = share.address_note(tr)
                if note:
                    st.caption(note)
            right.image(share.qr_image(join_link), width=240, alt=share.qr_alt(tr, room=view.code))
    with st.expander(_("Your teacher link: keep it to yourself"), icon=":material/key:"):
        st.caption(_("Only this link can ask, reveal and close. Open it on another device to teach from there."))
        st.code(share.page_address("class", {"room": view.code, "teacher": teacher.role.token}), language=None,
                wrap_lines=True)
        st.caption(_("Save it before you let this browser forget the room: without it the room can no longer be "
                     "led."))
        st.button(_("Forget this room on this browser"), key="class-leave", on_click=teacher.state.leave,
                  icon=":material/logout:")


def in_play(teacher: TeacherSession, view: RoomView) -> None:
    """The question in play: the step (its answer once revealed) beside the tally and the
    controls; or the class's progress on the deal."""
    _ = session.tr().gettext
    st.divider()
    found = teacher.found(view)
    names_label = _("Show names")
    if isinstance(found, Asked):
        st.markdown("**" + literal(_("Question {number}").format(number=view.round)) + "** · "
                    + literal(teacher.heading(found)))
        board, panel = st.columns([3, 2], gap="medium")
        with board:
            if view.phase == "revealed":
                parts.draw_step(found, revealed=True)
            else:
                parts.question(found, view.round, token=teacher.token(view), current=teacher.token_now, chosen=None,
                               interactive=False, pick=lambda _value: None)
        with panel:
            st.header(_("How the class answered"))
            bars(teacher, found, spread_toggle(teacher, view))
            names(teacher, view, found, shown=kept_toggle(names_label, room.NAMES, teacher.state.show_names,
                                                          teacher.show_names))
            controls(teacher, view, st.container(horizontal=True), presenting=False)
    elif isinstance(found, DealTarget):
        st.markdown("**" + literal(_("Question {number}").format(number=view.round)) + "** · "
                    + literal(_("Class practice: deal {code}, Coach mode").format(code=found.code)))
        practice_progress(teacher, names=kept_toggle(names_label, room.NAMES, teacher.state.show_names,
                                                     teacher.show_names))
    else:
        st.warning(_("The question in play is not in this version of the course."))


def ask_panel(teacher: TeacherSession, view: RoomView) -> None:
    """Ask the class a lesson step, a training exercise or a deal to play."""
    tr = session.tr()
    _ = tr.gettext
    st.divider()
    st.header(_("Ask the class"))
    kinds = {"lesson": _("A lesson step"), "exercise": _("A training exercise"), "deal": _("A deal to play")}
    chosen = teacher.state.ask

    def keep(name: str) -> Callable[[Any], None]:
        return lambda value: teacher.keep_choice(name, value)

    kind = kept(st.segmented_control, _("What"), room.ASK_KIND, chosen.get("kind", "lesson"), keep("kind"),
                options=list(kinds), format_func=kinds.__getitem__, required=True) or "lesson"
    seen = teacher.token(view)
    if kind == "exercise":
        exercise_panel(teacher, view)
        return
    if kind == "deal":
        if "deal" not in chosen:
            teacher.keep_choice("deal", new_deal_code())
        typed = kept(st.text_input, _("Deal code"), room.DEAL_CODE, chosen["deal"], keep("deal"), max_chars=16)
        try:
            target = deal_target(typed)
        except MugginsError as err:
            st.error(literal(words.position_error(err, tr)))
            return
        clicks.button(_("Start class practice"), key="class-ask-deal", seen=seen, current=teacher.token_now,
                      action=teacher.ask, args=(str(target), view.round), type="primary", icon=":material/playing_cards:")
        return
    lessons = teacher.course.askable_lessons()
    if not lessons:
        return
    titles = {item.id: _(item.title) for item in lessons}
    lesson_id = kept(st.selectbox, _("Lesson"), session.labelled_key(room.LESSON_PICK, titles.values()),
                     chosen.get("lesson"), keep("lesson"), options=list(titles), format_func=titles.__getitem__)
    lesson = next((item for item in lessons if item.id == lesson_id), lessons[0])
    steps = {step.id: _(step.title) for step in teacher.course.askable_steps(lesson)}
    step_id = kept(st.selectbox, _("Step"), session.labelled_key(f"{room.STEP_PICK}-{lesson.id}", steps.values()),
                   chosen.get(f"step-{lesson.id}"), keep(f"step-{lesson.id}"), options=list(steps),
                   format_func=steps.__getitem__)
    clicks.button(_("Ask this question"), key="class-ask", seen=seen, current=teacher.token_now, action=teacher.ask,
                  args=(str(StepTarget(lesson.id, str(step_id or next(iter(steps))))), view.round), type="primary",
                  icon=":material/quiz:")


def exercise_panel(teacher: TeacherSession, view: RoomView) -> None:
    """*Ask a training exercise*: a theme and a level (choosing either draws a fresh exercise),
    *New exercise*, or a code typed in; the code in the box is what every student gets. The
    two pick lists show the code's theme and level while the code is valid."""
    _ = session.tr().gettext
    themes = teacher.exercise_themes()
    # The code lives on in a key of its own: Streamlit forgets a box's value while the box is not
    # drawn, so a code was lost after *What* was switched away and back (found by a trial).
    kept = f"{room.EXERCISE_CODE}-kept"
    code = (st.session_state.get(room.EXERCISE_CODE) or st.session_state.get(kept)
            or teacher.new_exercise(next(iter(themes)), 1))
    st.session_state[room.EXERCISE_CODE] = st.session_state[kept] = code
    chosen = teacher.exercise(str(code))
    current = chosen.code if isinstance(chosen, ExerciseTarget) else None
    theme_key = session.labelled_key(room.EXERCISE_THEME, themes.values())
    if current is not None:
        st.session_state[theme_key] = current.theme
    left, right = st.columns(2)
    theme = left.selectbox(_("Training theme"), options=list(themes), format_func=themes.__getitem__, key=theme_key,
                           on_change=fresh_exercise, args=(teacher, theme_key, None))
    levels = teacher.exercise_levels(str(theme or next(iter(themes))))
    level_key = session.labelled_key(f"{room.EXERCISE_LEVEL}-{theme}", levels.values())
    if current is not None and current.theme == theme:
        st.session_state[level_key] = current.level
    right.selectbox(_("Level"), options=list(levels), format_func=levels.__getitem__, key=level_key,
                    on_change=fresh_exercise, args=(teacher, theme_key, level_key))
    typed, fresh = st.columns([3, 1], vertical_alignment="bottom")
    typed.text_input(_("Exercise code"), key=room.EXERCISE_CODE, max_chars=MAX_CODE_LENGTH,
                     help=_("Every student gets this exercise. Type a code to ask an exercise again."))
    fresh.button(_("New exercise"), key="class-exercise-new", on_click=fresh_exercise,
                 args=(teacher, theme_key, level_key), icon=":material/casino:")
    if not isinstance(chosen, ExerciseTarget):
        st.error(literal(chosen))
        return
    clicks.button(_("Ask this exercise"), key="class-ask-exercise", seen=teacher.token(view),
                  current=teacher.token_now, action=ask_exercise, args=(teacher, view.round), type="primary",
                  icon=":material/fitness_center:")


def ask_exercise(teacher: TeacherSession, after: int) -> None:
    """*Ask this exercise*: the code in the box when the click arrives (a code typed just
    before the click comes with it), as the question after round ``after``."""
    teacher.ask_exercise(str(st.session_state.get(room.EXERCISE_CODE) or ""), after)


def fresh_exercise(teacher: TeacherSession, theme_key: str, level_key: str | None) -> None:
    """Callback of the theme and level pick lists and *New exercise*: a fresh exercise of the
    theme and level chosen (a new theme keeps the level, within its levels)."""
    level = st.session_state.get(level_key) if level_key else None
    code = st.session_state.get(room.EXERCISE_CODE)
    if level is None:  # the theme changed: keep the level of the exercise shown
        found = teacher.exercise(str(code or ""))
        level = found.code.level if isinstance(found, ExerciseTarget) else 1
    st.session_state[room.EXERCISE_CODE] = teacher.new_exercise(str(st.session_state.get(theme_key) or ""),
                                                                int(level))


def new_deal_code(players: int = 4) -> str:
    """A fresh short deal code for class practice."""
    return str(DealCode.new(players, random.SystemRandom()))


def summary_panel(teacher: TeacherSession, view: RoomView) -> None:
    """The most common errors, the lesson worth revisiting, and the CSV download."""
    from tutorial.app.practice.model import LESSON_FOR_ERROR

    tr = session.tr()
    _ = tr.gettext
    st.divider()
    st.header(_("Class summary"))
    whole = teacher.summary()
    summary = whole.on_screen(view.round, view.phase)  # the open question's verdicts only after the reveal
    lines = summary.error_lines(teacher.n)
    if lines:
        st.markdown(_("Most common errors:") + "\n" + "\n".join(f"- {literal(line)}" for line in lines))
        revisit = teacher.revisit(summary, LESSON_FOR_ERROR)
        if revisit is not None:
            st.info(literal(_("Worth revisiting with the class: the lesson “{title}”.").format(title=_(revisit.title))))
    else:
        st.caption(_("No errors of the kinds the rules name so far."))
    st.download_button(_("Download the class summary (CSV)"), whole.csv(teacher.course, teacher.n),
                       file_name=whole.file_name, mime="text/csv", key="class-csv", icon=":material/download:")


def students_panel(teacher: TeacherSession, view: RoomView) -> None:
    """The room's students: remove one (a ghost left by a closed tab, a stranger) or merge two
    entries of the same student (their answers and progress go to the one kept)."""
    _ = session.tr().gettext
    people = teacher.students()
    names = {row.student: f"{row.student}. {row.nickname}" for row in people}
    with st.expander(_("Students ({count})").format(count=len(people)), icon=":material/group:"):
        st.markdown("\n".join(f"- {literal(label)}" for label in names.values()))
        if view.closed or not people:
            return
        st.caption(_("Remove a student who left, or merge a second entry of a student into their first: the answers "
                     "move to the one kept."))
        seen = teacher.students_token(people)
        left, right = st.columns(2)
        chosen = left.selectbox(_("Student"), options=list(names), format_func=lambda key: names[key], key=room.PICK_STUDENT)
        other = right.selectbox(_("Merge into"), options=[None, *[n for n in names if n != chosen]],
                                format_func=lambda n: _("(nobody: remove)") if n is None else names[n],
                                key=room.PICK_INTO)
        if other is None:
            clicks.button(_("Remove this student"), key="class-remove", seen=seen, current=teacher.students_token_now,
                          action=teacher.remove_student, args=(chosen,), icon=":material/person_remove:")
        else:
            clicks.button(_("Merge the two"), key="class-merge", seen=seen, current=teacher.students_token_now,
                          action=merge, args=(teacher, other, chosen), icon=":material/merge:")


def merge(teacher: TeacherSession, keep: int, drop: int) -> None:
    teacher.merge_students(keep, drop)
    st.session_state.pop(room.PICK_INTO, None)  # the entry merged is gone: back to "remove"


def close_panel(teacher: TeacherSession, view: RoomView) -> None:
    """*Close the room*, confirmed."""
    _ = session.tr().gettext
    st.divider()
    if teacher.state.closing:
        st.warning(_("Close the room for everyone? Students can no longer answer."))
        yes, no = st.columns(2)
        clicks.button(_("Yes, close it"), key="class-close-yes", seen=teacher.token(view), current=teacher.token_now,
                      action=teacher.close, where=yes, type="primary")
        no.button(_("Keep it open"), key="class-close-no", on_click=teacher.ask_to_close, args=(False,))
    else:
        st.button(_("Close the room"), key="class-close", icon=":material/lock:", on_click=teacher.ask_to_close)


def page(rooms: RoomStore) -> NoReturn:
    """The teacher's page: the room, the question in play, asking, the summary, the students."""
    tr = session.tr()
    _ = tr.gettext
    teacher = room.teacher_session(rooms)
    try:
        view = teacher.room()
    except ClassroomError as err:
        if err.code == "unavailable":
            parts.fault(err)
        st.error(literal(words.class_error(as_link_error(err), tr)))
        st.button(_("Open a new class room"), key="class-reopen", on_click=teacher.state.leave)
        parts.end_page()
    parts.follow(teacher.signature, view.version)
    join_link = share.page_address("class", {"room": view.code})
    if presenter.active():
        presenting(teacher, view, join_link)
        parts.end_page()
    room_panel(teacher, view, join_link)
    if view.round:
        in_play(teacher, view)
    if teacher.can_ask(view):
        ask_panel(teacher, view)
    if view.round:
        summary_panel(teacher, view)
    if view.students:
        students_panel(teacher, view)
    if not view.closed:
        close_panel(teacher, view)
    parts.end_page()
