"""A student's class room: the question in play, its answer once revealed, the class deal
to play (:class:`~tutorial.classroom.session.StudentSession` decides and words)."""

from __future__ import annotations

import json
from typing import NoReturn
from urllib.parse import quote

import streamlit as st

from tutorial import words
from tutorial.app.classroom import parts
from tutorial.app.classroom import state as room
from tutorial.app.shell import clicks, pages, session
from tutorial.app.shell.markup import fill, literal
from tutorial.app.shell.table_component import anchor
from tutorial.classroom import ClassroomError, StudentView
from tutorial.classroom.rooms import CLASS_TALLY_MIN
from tutorial.classroom.session import COOKIE_DAYS, as_link_error, cookie_name, cookie_token
from tutorial.classroom.student import StudentScreen, StudentSession
from tutorial.store import RoomStore

OWN_ANSWER = "class-own-answer"
"""The container of the student's own answer and verdict after a reveal."""


def play(student: StudentSession, round_: int, code: str) -> None:
    """Callback of *Play the class deal*: this student plays it on the practice page (Coach
    mode, seat A); a game of that deal already under way goes on (a second click does not
    start it again)."""
    from tutorial.app.practice import view as practice_view  # the practice page's own state (not ours)
    from tutorial.engine.deal import DealCode
    from tutorial.practice import PracticeGame

    student.play(round_, code)
    playing = practice_view.playing()
    if playing is None or str(playing.code) != code or playing.hand_index:
        practice_view.play(PracticeGame(DealCode.parse(code), 0))


def keep_place(student: StudentSession, seen: StudentView) -> None:
    """Keep this place in a cookie of this browser (once per page session), so the join link
    gives it back after the tab was closed. The cookie holds the student's token, as the
    page's own address does; it lasts 7 days at most, and a room that has expired no longer
    knows the token."""
    state = student.state
    state.forget_cookie = None
    placed = (seen.code, student.role.token)
    if state.placed == placed:
        return
    state.placed = placed
    value = json.dumps({"t": student.role.token, "n": seen.nickname[:24]}, separators=(",", ":"))
    cookie = f"{cookie_name(seen.code)}={quote(value)}; Max-Age={COOKIE_DAYS * 24 * 3600}; Path=/; SameSite=Lax"
    st.html(f"<script>document.cookie = {json.dumps(cookie)} + (location.protocol === 'https:' ? '; Secure' : '');"
            "</script>", unsafe_allow_javascript=True, width="content")


def _placed_here(student: StudentSession) -> bool:
    """Whether this browser's place cookie for the room holds this student's token (see :func:`keep_place`)."""
    return cookie_token(room.browser_cookie(cookie_name(student.role.code))) == student.role.token


def leave_button(key: str = "class-leave") -> None:
    _ = session.tr().gettext
    st.button(_("Leave the room"), key=key, on_click=room.room_state().leave, icon=":material/logout:",
              help=_("This browser forgets the room; to come back, open the join link again on this browser."))


def revealed(student: StudentSession, screen: StudentScreen, round_: int) -> None:
    """The step with its right answer and explanation, as after a right answer, how this
    student did, and how the class answered (from enough answers on). Once per reveal the
    student's own line is brought into view (a phone stayed scrolled to the page's foot, the
    class's count on the screen and the student's own answer above it)."""
    _ = session.tr().gettext
    assert screen.asked is not None
    beside = parts.draw_step(screen.asked, revealed=True)
    with beside:  # under the explanation, beside the table (below it on a phone), where the eyes are
        anchor()(data={"nonce": f"{student.role.code}-{round_}", "until": OWN_ANSWER}, key=f"class-reveal-mark-{round_}")
        own = st.container(key=OWN_ANSWER)
    with own:
        if screen.answer is not None:
            (st.success if screen.right else st.error)(
                fill(_("Your answer: {answer}"), answer=literal(screen.answer)) + " — "
                + literal(student.verdict_words(screen.verdict)))
        else:
            st.warning(_("You did not answer this question."))
    if screen.class_tally is not None:
        with st.expander(_("How the class answered"), expanded=True):
            parts.tally_bars(screen.class_tally, student.verdict_lines(screen.class_tally))
    else:
        st.caption(_("How the class answered is shown here from {count} answers on.").format(count=CLASS_TALLY_MIN))


def page(rooms: RoomStore) -> NoReturn:
    tr = session.tr()
    _ = tr.gettext
    student = room.student_session(rooms)
    try:
        seen = student.view()
    except ClassroomError as err:
        if err.code == "unavailable":
            parts.fault(err)
        if _placed_here(student):  # this browser held the place (its cookie): a new session of the same student
            student.state.been.add((student.role.code, student.role.token))
        st.error(literal(words.class_error(as_link_error(err, student.state), tr)))
        st.button(_("Join another room"), key="class-rejoin", on_click=student.state.leave)
        parts.end_page()
    student.state.been.add((student.role.code, student.role.token))
    keep_place(student, seen)
    parts.follow(student.signature, (seen.round, seen.phase, seen.choice))
    screen = student.screen(seen)
    st.markdown(literal(_("Room {code}").format(code=seen.code)) + " · "
                + _("You are **{nickname}**").format(nickname=literal(seen.nickname)))
    if screen.showing == "waiting":
        st.info(_("Your teacher has not asked a question yet. This page follows by itself: no need to reload."))
    elif screen.showing == "revealed":
        revealed(student, screen, seen.round)
    elif screen.showing == "question":
        assert screen.asked is not None
        parts.question(screen.asked, seen.round, token=screen.token, current=student.token_now, chosen=screen.choice,
                       interactive=screen.interactive, pick=lambda value: student.answer(seen.round, value))
        if screen.answer is not None:
            st.info(fill(_("Your answer is in: {answer}. Wait for your teacher to show the answer."),
                         answer=literal(screen.answer.rstrip().removesuffix("."))))  # a sentence of its own: one stop
    elif screen.showing == "practice":
        assert screen.deal is not None
        code = str(screen.deal.code)
        st.info(literal(_("Class practice: everybody plays deal {code} in Coach mode. Your teacher sees how far "
                          "you are and your errors by kind.").format(code=code)))
        clicks.button(_("Play the class deal"), key="class-play", seen=screen.token, current=student.token_now,
                      action=play, args=(student, seen.round, code), type="primary", icon=":material/playing_cards:")
        if student.state.go_practice:
            student.state.go_practice = False
            st.switch_page(pages.page("practice"))
        if screen.playing:
            st.page_link(pages.page("practice"), label=_("Go on playing"), icon=":material/arrow_forward:")
    else:
        st.warning(_("Your teacher's question is not in this version of the course."))
    st.divider()
    leave_button()
    parts.end_page()
