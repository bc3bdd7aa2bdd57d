"""The class room seen from the Practice page: a student of a room playing the class deal
reports progress (:func:`report`) and hears when the teacher asks something new
(:func:`practice_banner`). The class page itself is :mod:`.page` and its role views."""

from __future__ import annotations

import gettext

import streamlit as st

from tutorial.app.classroom import parts
from tutorial.app.classroom import state as room
from tutorial.app.shell import pages
from tutorial.classroom import StudentView
from tutorial.classroom.student import StudentSession
from tutorial.practice import PracticeGame


def _student() -> StudentSession | None:
    """This browser's student session, when it is a student of a room and the store works."""
    state = room.room_state()
    if state.role is None or state.role.kind != "student":
        return None  # (the store is not opened for a learner outside a class: its faults are not theirs)
    rooms = room.store()
    return None if rooms is None else room.student_session(rooms)


def class_deal(student: StudentSession, game: PracticeGame) -> StudentView | None:
    """The student's view of the room when it is playing ``game``'s deal now (class practice)."""
    return student.on_class_deal(game.code, game.hand_index)


def in_class_practice(game: PracticeGame) -> bool:
    """Whether this browser's student is playing ``game`` as the class deal: the deal is the
    teacher's (the page offers no other deal and no other settings meanwhile)."""
    student = _student()
    return student is not None and class_deal(student, game) is not None


def report(game: PracticeGame) -> None:
    """On the practice page: send this student's progress on the class deal (only when it
    changed; see :meth:`StudentSession.report`)."""
    student = _student()
    if student is None:
        return
    seen = class_deal(student, game)
    if seen is not None:
        errors = {str(kind): count for kind, count in game.errors_by_kind().items()}
        student.report(seen, len(game.decisions), errors, bool(game.hand_over))


def practice_banner(game: PracticeGame, tr: gettext.NullTranslations) -> None:
    """On the Practice page, for a student of a room: the way back to the class room, and a
    word when the teacher has asked something new (the page follows by itself)."""
    student = _student()
    if student is None:
        return
    _ = tr.gettext
    drawn = student.signature()
    if class_deal(student, game) is not None:
        st.caption(_("Class practice in room {code}: your teacher sees how far you are.").format(code=student.role.code))
        if game.hand_over:
            st.page_link(pages.page("class"), label=_("Back to the class room"), icon=":material/groups:")
    elif drawn[0] != "gone":
        if student.hears_of_new(drawn):
            st.warning(_("Your teacher has asked something new in the class room."))
        st.page_link(pages.page("class"), label=_("Back to the class room"), icon=":material/groups:")
    parts.follow(student.signature, drawn)
