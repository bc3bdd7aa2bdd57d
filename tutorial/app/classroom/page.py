"""Class room page: a teacher opens a room and asks questions; students join with the
room code and a nickname and answer on their own screens; the teacher sees a live tally,
reveals the answer, and moves on (issue 12). This script routes to the view of this
browser's role: :mod:`.join`, :mod:`.student` or :mod:`.teacher` (their decisions and
words are in :mod:`tutorial.classroom.session`)."""

import streamlit as st

from tutorial import words
from tutorial.app.classroom import join, parts, student, teacher
from tutorial.app.classroom import state as room
from tutorial.app.presenter import mode as presenter
from tutorial.app.shell import session
from tutorial.app.shell.markup import literal
from tutorial.classroom import ClassroomError
from tutorial.classroom.session import as_link_error

tr = session.tr()
_ = tr.gettext
who = room.room_state().role
if presenter.active() and (who is None or who.kind != "teacher"):
    presenter.page_frame(tr)  # the teacher's page has a presenter layout of its own
if not presenter.active():
    st.title(_("Class room"))
parts.tell_problem()

rooms = room.store()
if rooms is None and room.on_database_server():
    st.error(_("Class rooms cannot be used on this server just now: its database cannot be reached. The page "
               "tries again by itself."))
    parts.retry()
elif rooms is None:
    st.error(_("Class rooms cannot be used on this server just now: its data folder cannot be written. The page "
               "tries again by itself."))
    parts.retry()
try:
    if who is None:
        join.page(rooms)
    elif who.kind == "teacher":
        teacher.page(rooms)
    else:
        student.page(rooms)
except ClassroomError as err:  # the room went away, or the store failed, while the page was drawn
    if err.code == "unavailable":
        parts.fault(err)
    st.error(literal(words.class_error(as_link_error(err), tr)))
    parts.end_page()
