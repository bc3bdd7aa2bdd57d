"""Class room page: a teacher opens a room and asks questions; students join with the
room code and a nickname and answer on their own screens; the teacher sees a live tally,
reveals the answer, and moves on (issue 12). The state and actions are in
tutorial.app.classroom.view; this page lays them out."""

import csv
import io

import streamlit as st

from tutorial import words
from tutorial.app.classroom import view as room
from tutorial.app.shell import clicks, document, pages, session, share
from tutorial.app.presenter import lessons as lesson_present, mode as presenter
from tutorial.app.lessons import steps as lesson_steps, state as lesson_view
from tutorial.app.shell.markup import fill, literal
from tutorial.app.shell.table import render
from tutorial.classroom import ClassroomError
from tutorial.classroom.board import shown_tally, student_token
from tutorial.classroom.rooms import CLASS_TALLY_MIN
from tutorial.classroom.tally import errors_ranked
from tutorial.engine.deal import DealCode
from tutorial.engine.errors import MugginsError
from tutorial.app.practice.model import LESSON_FOR_ERROR

tr = session.tr()
_ = tr.gettext
_role = room.role()
if presenter.active() and (_role is None or _role.kind != "teacher"):
    presenter.page_frame(tr)  # the teacher's page has a presenter layout of its own
if not presenter.active():
    st.title(_("Class room"))

told = room.problem()
if told is not None:
    st.error(literal(words.class_error(told, tr)))


def end_page() -> None:
    """The page's address (this page's own values) and nothing more below."""
    session.sync_url(room.address())
    st.stop()


rooms = room.store()
if rooms is None:
    st.error(_("Class rooms cannot be used on this server just now: its data folder cannot be written. The page "
               "tries again by itself."))
    st.button(_("Try again"), key="class-retry", icon=":material/refresh:")
    room.follow(room.store_works, False, every=room.RETRY_POLL_SECONDS)
    end_page()


def question(found, round_: int, phase: str, *, chosen: str | None, interactive: bool) -> None:
    """A lesson step's question as a student answers it: the table (a pile is the answer of a
    place step) or the answer buttons; ``chosen`` is marked once answered. A click counts
    only while the question, its phase and the student's answer are as drawn."""
    _lesson, step = found
    st.header(_(step.title))
    st.markdown(_(step.text))
    view = lesson_steps.question_view(step)
    token = student_token(round_, phase, chosen is not None)  # type: ignore[arg-type]
    current = room.student_state_now

    def pick(value: str) -> None:
        room.answer(round_, value, room.verdict_of(step, value))

    if view is not None:
        if interactive and step.kind == "place":
            render(view, tr, key=f"class-{round_}", pick=pick, seen=token, current=current)
        else:
            render(view, tr, key=f"class-{round_}")
    lesson_steps.show_question_lines(step, tr, f"class-{round_}")
    options = lesson_steps.option_labels(step)
    if options:
        columns = st.columns(max(len(options), 2))
        for column, (value, label) in zip(columns, options, strict=False):
            clicks.button(label, key=f"class-option-{round_}-{value}", seen=token, current=current, action=pick,
                          args=(value,), where=column, width="stretch", disabled=not interactive,
                          type="primary" if value == chosen else "secondary")
    elif interactive:
        st.caption(_("Choose the pile where the card must go."))


def tally_bars(found, tally, *, teacher: bool, spread: bool = True) -> None:
    """How many answered and, when shown, a bar per choice; once revealed, the right ones
    marked ✓ and the counts by verdict (never names). Before the reveal nothing says which
    choice is right (:func:`tutorial.classroom.board.shown_tally`). The teacher is nobody at
    the table: piles are named from nobody's seat ("B's discard (7♦)")."""
    shown = shown_tally(tally, found[1].right, lambda choice: room.choice_words(found, choice, tr, neutral=teacher),
                        spread=spread)
    st.markdown(literal(_("{answered} of {students} have answered.").format(
        answered=shown.answered, students=shown.students)))
    for line in shown.lines:
        mark = " ✓" if line.right else ""
        st.progress(line.share, text=f"{line.label}{mark} — {line.count}")
    if shown.verdicts:
        st.caption(_("By verdict"))
        st.markdown("\n".join(f"- {literal(room.verdict_words(verdict, tr))}: {count}" for verdict, count in shown.verdicts))


def names_list(found, revealed_: bool, spread: bool) -> None:
    """Who answered (the teacher asked for names): with their choice once the spread is shown,
    with the verdict only after the reveal."""
    named = rooms.answers_with_names(who.code, who.token)
    lines = []
    for a in named:
        said = literal(a.nickname)
        if revealed_ or spread:
            said += ": " + room.choice_words(found, a.choice, tr, neutral=True)
        if revealed_:
            said += f" ({literal(room.verdict_words(a.verdict, tr))})"
        lines.append(f"- {said}")
    st.markdown("\n".join(lines) or _("Nobody has answered yet."))


def revealed(found, chosen: str | None, verdict: str | None) -> None:
    """The step with its right answer and explanation, as after a right answer, and how
    this student did."""
    lesson, step = found
    with room.shown_answer(lesson, step):
        _may, beside = lesson_steps.show_step(lesson, step)
    with beside:  # under the explanation, beside the table (below it on a phone), where the eyes are
        if chosen is not None:
            said = room.choice_words(found, chosen, tr)
            (st.success if verdict == "right" else st.error)(
                fill(_("Your answer: {answer}"), answer=said) + " — "
                + literal(room.verdict_words(verdict or "wrong", tr)))
        else:
            st.warning(_("You did not answer this question."))


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
    "</style>"
)


def teacher_controls(view, found, where, *, presenting: bool) -> None:
    """Reveal and Ask the next step (one set for both layouts; in presenter mode with their keys:
    space reveals, → asks the next step). Each acts only on the question and phase drawn."""
    seen = room.teacher_state(view)
    if view.closed:
        return
    if view.phase == "asking":  # on the projector, short labels: the line above the table holds them all
        clicks.button(_("Reveal") if presenting else _("Reveal the answer"), key="class-reveal", seen=seen, current=room.teacher_state_now,
                      action=room.reveal, args=(view.round,), where=where, type="primary",
                      icon=":material/visibility:", shortcut=presenter.ANSWER_KEY if presenting else None)
    following = room.next_target(view.target)
    if following:
        clicks.button(_("Next step") if presenting else _("Ask the next step"), key="class-next", seen=seen, current=room.teacher_state_now,
                      action=room.ask, args=(following, view.round), where=where, icon=":material/skip_next:",
                      shortcut=presenter.NEXT_KEY if presenting else None)


# The join QR code in the projector's *Join* pop-up: it fits the pop-up's width (about 300 CSS
# px) and, with the code and the link, a 480 px high screen (1280×720 at 150 %).
JOIN_QR_PX = 220


def join_popover(where, join_link: str, code: str) -> None:
    """For latecomers while a question is open: a small *Join* button whose pop-up holds the
    room code and its QR code (sized to the pop-up)."""
    with where.popover(_("Join"), icon=":material/qr_code_2:", help=_("The room code and its QR code, for latecomers")):
        st.markdown(_("Room code") + f" **`{code}`**")
        st.image(share.qr_image(join_link), width=JOIN_QR_PX, alt=share.qr_alt(tr, room=code))
        st.caption(literal(join_link))


def practice_progress(found: DealCode, progress, *, compact: bool = False) -> None:
    """The class's progress on the practice deal: who started and finished, a bar of finished,
    the errors by kind; the table of students unless ``compact`` (the projector)."""
    said = session.narrator().n_("{reporting} of {students} have started; {finished} has finished.",
                                 "{reporting} of {students} have started; {finished} have finished.",
                                 progress.finished)
    st.markdown(literal(said.format(reporting=progress.reporting, students=progress.students,
                                    finished=progress.finished)))
    st.progress(progress.finished / max(progress.students, 1))
    if progress.rows and not compact:
        st.dataframe([{_("Student"): row.nickname or _("Student {number}").format(number=row.student),
                       _("Decisions"): row.decisions,
                       _("Errors"): sum(row.errors.values()),
                       _("Finished"): "✓" if row.finished else ""} for row in progress.rows],
                     hide_index=True)
    if progress.errors:
        st.markdown(_("Errors by kind:"))
        st.markdown("\n".join(f"- {literal(room.verdict_words(kind, tr))}: {count}"
                              for kind, count in progress.errors.items()))


def teacher_presenting(view, join_link: str) -> None:
    """The teacher's page on a projector (presenter mode): before the first question the
    room code and a big QR code; then the step as in presenter mode — the table, the
    question, the answer once revealed — with the tally under the question; the controls
    (space reveals, → asks the next step, Esc leaves) and a small join code stay in the line
    above the table. Class practice shows the class's progress beside the QR code."""
    presenter.frame()
    st.html(PRESENT_STYLE)
    found = room.parse_target(view.target)
    top = st.container(horizontal=True, key="present-top", vertical_alignment="center")
    heading = "**" + literal(view.code if view.round else _("Room {code}").format(code=view.code)) + "** · "
    tally = rooms.tally(who.code, who.token) if isinstance(found, tuple) and view.round else None
    if tally is not None:
        heading += literal(_("{answered} of {students} have answered.").format(answered=tally.answered,
                                                                               students=tally.students))
    else:
        heading += literal(session.narrator().n_("{count} student has joined.", "{count} students have joined.",
                                                 view.students).format(count=view.students))
    top.markdown(heading)
    if tally is not None:
        teacher_controls(view, found, top, presenting=True)
    if view.round and not view.closed:
        join_popover(top, join_link, view.code)
    presenter.leave_button(tr, top)
    if not isinstance(found, tuple) or not view.round:
        left, right = st.columns([1, 1], vertical_alignment="center")
        with left:
            if isinstance(found, DealCode) and view.round:
                st.markdown("**" + literal(_("Class practice: deal {code}, Coach mode").format(code=found)) + "**")
                practice_progress(found, rooms.progress(who.code, who.token), compact=True)
                st.markdown(_("Room code") + f" `{view.code}`")
            else:
                st.markdown(_("Room code"))
                with st.container(key=f"{document.BIG_TEXT}room-code-present"):  # large, but no heading
                    st.markdown(f"`{view.code}`")
                st.code(join_link, language=None, wrap_lines=True)
        if not view.round:
            left.caption(_("Choose the first question outside presenter mode (Esc), or start with the first step "
                           "of the course."))
            first = next((room.lesson_target(item, room.askable_steps(item)[0]) for item in lesson_view.course()[0]
                          if room.askable_steps(item)), None)
            if first and not view.closed:
                clicks.button(_("Ask the first step"), key="class-present-first", seen=room.teacher_state(view),
                              current=room.teacher_state_now, action=room.ask, args=(first, 0), where=left,
                              type="primary", shortcut=presenter.NEXT_KEY, icon=":material/quiz:")
        width = 320 if not view.round else 220
        right.image(share.qr_image(join_link, box=10), width=width,
                    alt=share.qr_alt(tr, room=view.code))
        return
    lesson, step = found
    if st.session_state.get("_class_present_round") != (view.code, view.round):
        st.session_state["_class_present_round"] = (view.code, view.round)
        lesson_present.forget(lesson, step)  # a new question starts with its answer hidden
    if view.phase == "revealed":
        with room.shown_answer(lesson, step):
            _may, below = lesson_steps.show_step(lesson, step, presenting=True)
    else:
        _may, below = lesson_steps.show_step(lesson, step, presenting=True)
    with below:
        assert tally is not None
        spread = room.kept_toggle(_("Show the spread of answers"), "class-spread",
                                  help=_("How many chose each answer, without saying which is right; the "
                                         "right ones are marked after the reveal.")) if view.phase == "asking" else True
        tally_bars(found, tally, teacher=True, spread=spread)
        if room.kept_value("class-names"):
            names_list(found, view.phase == "revealed", spread)


def fault(err: ClassroomError) -> None:
    """The store failed (its folder read-only, its file gone, the disk full): said in the
    reader's language (the fault itself is logged by the store); the page looks again every
    few seconds and comes back by itself once the store works."""
    st.error(literal(words.class_error(err, tr)))
    st.button(_("Try again"), key="class-retry", icon=":material/refresh:")
    room.follow(room.store_works, False, every=room.RETRY_POLL_SECONDS)
    end_page()


def teacher_page() -> None:
    """The teacher's page outside presenter mode."""
    try:
        view = rooms.teacher_room(who.code, who.token)
    except ClassroomError as err:
        if err.code == "unavailable":
            fault(err)
        st.error(literal(words.class_error(room.as_link_error(err), tr)))
        st.button(_("Open a new class room"), key="class-reopen", on_click=room.leave)
        end_page()
    room.follow(room.teacher_signature, view.version)
    join_link = share.page_address("class", {"room": view.code})
    if presenter.active():
        teacher_presenting(view, join_link)
        end_page()
    joined = session.narrator().n_("{count} student has joined.", "{count} students have joined.",
                                   view.students).format(count=view.students)
    st.markdown(f"**{literal(_('Room {code}').format(code=view.code))}** · {literal(joined)}")
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
            right.image(share.qr_image(join_link), width=240,
                        alt=share.qr_alt(tr, room=view.code))
    with st.expander(_("Your teacher link: keep it to yourself"), icon=":material/key:"):
        st.caption(_("Only this link can ask, reveal and close. Open it on another device to teach from there."))
        st.code(share.page_address("class", {"room": view.code, "teacher": who.token}), language=None,
                wrap_lines=True)
        st.caption(_("Save it before you let this browser forget the room: without it the room can no longer be "
                     "led."))
        st.button(_("Forget this room on this browser"), key="class-leave", on_click=room.leave,
                  icon=":material/logout:")

    # The question in play
    found = room.parse_target(view.target)
    show_names = room.kept_value("class-names")
    if view.round:
        st.divider()
        phase = view.phase
        if isinstance(found, tuple):
            tally = rooms.tally(who.code, who.token)
            st.markdown("**" + literal(_("Question {number}").format(number=view.round)) + "** · "
                        + literal(_(found[0].title)))
            board, panel = st.columns([3, 2], gap="medium")
            with board:
                if phase == "revealed":
                    with room.shown_answer(*found):
                        lesson_steps.show_step(*found)
                else:
                    question(found, view.round, phase, chosen=None, interactive=False)
            with panel:
                st.header(_("How the class answered"))
                spread = room.kept_toggle(_("Show the spread of answers"), "class-spread",
                                          help=_("How many chose each answer, without saying which is right; the "
                                                 "right ones are marked after the reveal.")) if phase == "asking" else True
                tally_bars(found, tally, teacher=True, spread=spread)
                if room.kept_toggle(_("Show names"), "class-names"):
                    names_list(found, phase == "revealed", spread)
                row = st.container(horizontal=True)
                teacher_controls(view, found, row, presenting=False)
        elif isinstance(found, DealCode):
            st.markdown("**" + literal(_("Question {number}").format(number=view.round)) + "** · "
                        + literal(_("Class practice: deal {code}, Coach mode").format(code=found)))
            room.kept_toggle(_("Show names"), "class-names")
            practice_progress(found, rooms.progress(who.code, who.token, names=room.kept_value("class-names")))
        else:
            st.warning(_("The question in play is not in this version of the course."))

    # Ask a question
    if not view.closed:
        st.divider()
        st.header(_("Ask the class"))
        kind = st.segmented_control(_("What"), options=["lesson", "deal"], key="class-ask-kind", default="lesson",
                                    format_func=lambda k: _("A lesson step") if k == "lesson" else _("A deal to play"))
        lessons = [item for item in lesson_view.course()[0] if room.askable_steps(item)]
        if kind == "deal":
            st.session_state.setdefault("class-deal", room.new_deal_code())
            typed = st.text_input(_("Deal code"), key="class-deal", max_chars=16)
            try:
                target = room.deal_target(typed)
            except MugginsError as err:
                st.error(literal(words.position_error(err, tr)))
                target = None
            if target:
                clicks.button(_("Start class practice"), key="class-ask-deal", seen=room.teacher_state(view),
                              current=room.teacher_state_now, action=room.ask, args=(target, view.round),
                              type="primary", icon=":material/playing_cards:")
        elif lessons:
            titles = {item.id: _(item.title) for item in lessons}
            lesson_id = st.selectbox(_("Lesson"), options=list(titles), format_func=titles.get,
                                     key=session.labelled_key("class-lesson", titles.values()))
            lesson = next(item for item in lessons if item.id == lesson_id)
            steps = {step.id: _(step.title) for step in room.askable_steps(lesson)}
            step_id = st.selectbox(_("Step"), options=list(steps), format_func=steps.get,
                                   key=session.labelled_key(f"class-step-{lesson.id}", steps.values()))
            step = next(item for item in lesson.steps if item.id == step_id)
            clicks.button(_("Ask this question"), key="class-ask", seen=room.teacher_state(view),
                          current=room.teacher_state_now, action=room.ask,
                          args=(room.lesson_target(lesson, step), view.round), type="primary", icon=":material/quiz:")

    # The class summary
    if view.round:
        st.divider()
        st.header(_("Class summary"))
        rows = rooms.summary_rows(who.code, who.token, names=show_names)
        ranked = errors_ranked(rows)
        if ranked:
            st.markdown(_("Most common errors:") + "\n" + "\n".join(
                f"- {literal(room.verdict_words(kind_, tr))}: {count}" for kind_, count in ranked))
            lessons_by_id = {item.id: item for item in lesson_view.course()[0]}
            revisit = next((lessons_by_id[LESSON_FOR_ERROR[k]] for k, _c in ranked
                            if LESSON_FOR_ERROR.get(k) in lessons_by_id), None)
            if revisit is not None:
                st.info(literal(_("Worth revisiting with the class: the lesson “{title}”.").format(
                    title=_(revisit.title))))
        else:
            st.caption(_("No errors of the kinds the rules name so far."))
        buffer = io.StringIO()
        table = [room.summary_in_words(row, tr) for row in rows]
        writer = csv.DictWriter(buffer, fieldnames=list(table[0]) if table else ["round"], lineterminator="\n")
        writer.writeheader()
        writer.writerows({key: room.cell(value) for key, value in row.items()} for row in table)
        st.download_button(_("Download the class summary (CSV)"), buffer.getvalue().encode("utf-8-sig"),
                           file_name=f"muggins-class-{view.code}.csv", mime="text/csv", key="class-csv",
                           icon=":material/download:")
    if view.students:
        students_panel(view)
    if not view.closed:
        st.divider()
        if st.session_state.get("class-closing"):
            st.warning(_("Close the room for everyone? Students can no longer answer."))
            yes, no = st.columns(2)
            clicks.button(_("Yes, close it"), key="class-close-yes", seen=room.teacher_state(view),
                          current=room.teacher_state_now, action=room.close_room, where=yes, type="primary")
            no.button(_("Keep it open"), key="class-close-no",
                      on_click=lambda: st.session_state.update({"class-closing": False}))
        else:
            st.button(_("Close the room"), key="class-close", icon=":material/lock:",
                      on_click=lambda: st.session_state.update({"class-closing": True}))
    end_page()


def students_panel(view) -> None:
    """The room's students: remove one (a ghost left by a closed tab, a stranger) or merge two
    entries of the same student (their answers and progress go to the one kept)."""
    people = rooms.students(who.code, who.token)
    names = {row.student: f"{row.student}. {row.nickname}" for row in people}
    with st.expander(_("Students ({count})").format(count=len(people)), icon=":material/group:"):
        st.markdown("\n".join(f"- {literal(label)}" for label in names.values()))
        if view.closed or not people:
            return
        st.caption(_("Remove a student who left, or merge a second entry of a student into their first: the answers "
                     "move to the one kept."))
        seen = room.students_state(people)
        left, right = st.columns(2)
        chosen = left.selectbox(_("Student"), options=list(names), format_func=names.get, key="class-pick-student")
        other = right.selectbox(_("Merge into"), options=[None, *[n for n in names if n != chosen]],
                                format_func=lambda n: _("(nobody: remove)") if n is None else names[n],
                                key="class-pick-into")
        if other is None:
            clicks.button(_("Remove this student"), key="class-remove", seen=seen, current=room.students_state_now,
                          action=room.remove_student, args=(chosen,), icon=":material/person_remove:")
        else:
            clicks.button(_("Merge the two"), key="class-merge", seen=seen, current=room.students_state_now,
                          action=room.merge_students, args=(other, chosen), icon=":material/merge:")


def join_page() -> None:
    """No room yet: join one (or take back this browser's place in it), or open one."""
    st.markdown(_("A teacher opens a room and asks questions from the lessons, or a deal to play; each "
                  "student answers on their own device, and the teacher sees how the class answered."))
    script = room.cookie_script()
    if script:
        st.html(script, unsafe_allow_javascript=True, width="content")
    asked = room.address()["room"] or ""
    back = room.place_here(asked) if asked else None
    if back is not None:
        st.info(fill(_("This browser joined room {code} as **{nickname}**."), code=back.code, nickname=back.nickname))
        st.button(_("Go on as {nickname}").format(nickname=back.nickname), key="class-reclaim", type="primary",
                  on_click=room.reclaim, args=(back,), icon=":material/login:")
        st.caption(_("Not you? Join below with your own nickname."))
    join_col, start_col = st.columns(2, gap="large")
    with join_col:
        st.header(_("Join a room"))
        with st.form("class-join", border=False):
            st.text_input(_("Room code"), key="class-join-code", max_chars=12, value=asked, placeholder="K7QM3X")
            st.text_input(_("Your nickname"), key="class-join-name", max_chars=24,
                          help=_("Your teacher sees it; the other students do not."))
            st.form_submit_button(_("Join"), type="primary", on_click=room.join,
                                  args=("class-join-code", "class-join-name"), icon=":material/login:")
    with start_col:
        st.header(_("Teach a class"))
        st.markdown(_("Open a room: you get a room code and its QR code for the class, and a teacher link "
                      "for you alone."))
        st.button(_("Open a class room"), key="class-open", on_click=room.start_room, icon=":material/co_present:")
    end_page()


def student_page() -> None:
    try:
        seen = rooms.student(who.code, who.token)
    except ClassroomError as err:
        if err.code == "unavailable":
            fault(err)
        st.error(literal(words.class_error(room.as_link_error(err), tr)))
        st.button(_("Join another room"), key="class-rejoin", on_click=room.leave)
        end_page()
    room.keep_place(seen)
    room.follow(room.student_signature, (seen.round, seen.phase, seen.choice))
    st.markdown(literal(_("Room {code}").format(code=seen.code)) + " · "
                + _("You are **{nickname}**").format(nickname=literal(seen.nickname)))
    found = room.parse_target(seen.target)
    if not seen.round:
        st.info(_("Your teacher has not asked a question yet. This page follows by itself: no need to reload."))
    elif isinstance(found, tuple):
        if seen.phase == "revealed":
            revealed(found, seen.choice, seen.verdict)
            everyone = rooms.class_tally(who.code, who.token)
            if everyone is not None:
                with st.expander(_("How the class answered"), expanded=True):
                    tally_bars(found, everyone, teacher=False)
            else:
                st.caption(_("How the class answered is shown here from {count} answers on.").format(
                    count=CLASS_TALLY_MIN))
        else:
            question(found, seen.round, seen.phase, chosen=seen.choice, interactive=seen.choice is None)
            if seen.choice is not None:
                st.info(fill(_("Your answer is in: {answer}. Wait for your teacher to show the answer."),
                             answer=room.choice_words(found, seen.choice, tr)))
    elif isinstance(found, DealCode):
        st.info(literal(_("Class practice: everybody plays deal {code} in Coach mode. Your teacher sees how far "
                          "you are and your errors by kind.").format(code=found)))
        clicks.button(_("Play the class deal"), key="class-play", seen=room.student_state(seen),
                      current=room.student_state_now, action=room.start_practice, args=(seen.round, str(found)),
                      type="primary", icon=":material/playing_cards:")
        if st.session_state.pop(room.GO_PRACTICE, False):
            st.switch_page(pages.page("practice"))
        if st.session_state.get(room.PRACTICE, (None, None, None))[1] == seen.round:
            st.page_link(pages.page("practice"), label=_("Go on playing"), icon=":material/arrow_forward:")
    else:
        st.warning(_("Your teacher's question is not in this version of the course."))
    st.divider()
    st.button(_("Leave the room"), key="class-leave", on_click=room.leave, icon=":material/logout:",
              help=_("This browser forgets the room; to come back, open the join link again on this browser."))
    session.sync_url(room.address())


who = room.role()
try:
    if who is None:
        join_page()
    elif who.kind == "teacher":
        teacher_page()
    else:
        student_page()
except ClassroomError as err:  # the room went away, or the store failed, while the page was drawn
    if err.code == "unavailable":
        fault(err)
    st.error(literal(words.class_error(room.as_link_error(err), tr)))
    end_page()
