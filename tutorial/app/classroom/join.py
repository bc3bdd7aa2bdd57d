"""The class room without a room yet: join one with its code and a nickname (or take back
this browser's place in it), or open one (:class:`~tutorial.classroom.session.JoinSession`)."""

from __future__ import annotations

from typing import NoReturn

import streamlit as st

from tutorial.app.classroom import state as room
from tutorial.app.classroom.parts import end_page
from tutorial.app.shell import session
from tutorial.app.shell.markup import fill, literal
from tutorial.classroom.join import JoinSession
from tutorial.store import RoomStore


def join_from_form(joining: JoinSession) -> None:
    """Callback of the join form: join with the typed code and nickname."""
    state = st.session_state
    joining.join(str(state.get(room.JOIN_CODE, "")), str(state.get(room.JOIN_NAME, "")))


def page(rooms: RoomStore) -> NoReturn:
    """No room yet: join one (or take back this browser's place in it), or open one."""
    _ = session.tr().gettext
    joining = room.join_session(rooms)
    st.markdown(_("A teacher opens a room and asks questions from the lessons, or a deal to play; each "
                  "student answers on their own device, and the teacher sees how the class answered."))
    script = joining.cookie_script()
    if script:
        st.html(script, unsafe_allow_javascript=True, width="content")
    asked = joining.state.asked or ""
    back = joining.back()
    if back is not None:
        st.info(fill(_("This browser joined room {code} as {nickname}."), code=literal(back.code),
                     nickname=f"**{literal(back.nickname)}**"))  # the name in bold (the template's own text is escaped)
        st.button(_("Go on as {nickname}").format(nickname=back.nickname), key="class-reclaim", type="primary",
                  on_click=joining.reclaim, args=(back,), icon=":material/login:")
        st.caption(_("Not you? Join below with your own nickname."))
    join_col, start_col = st.columns(2, gap="large")
    with join_col:
        st.header(_("Join a room"))
        with st.form(room.JOIN_FORM, border=False):
            st.text_input(_("Room code"), key=room.JOIN_CODE, max_chars=12, value=asked, placeholder="K7QM3X")
            st.text_input(_("Your nickname"), key=room.JOIN_NAME, max_chars=200,  # longer than 24: said, not ignored
                          help=_("Your teacher sees it; the other students do not."))
            st.form_submit_button(_("Join"), type="primary", on_click=join_from_form, args=(joining,),
                                  icon=":material/login:")
    with start_col:
        st.header(_("Teach a class"))
        st.markdown(_("Open a room: you get a room code and its QR code for the class, and a teacher link "
                      "for you alone."))
        st.button(_("Open a class room"), key="class-open", on_click=joining.open_room, icon=":material/co_present:")
    end_page()
