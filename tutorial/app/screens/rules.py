"""Rules page: the whole rules in the learner's language, with section ids and the app's rulings."""

import streamlit as st

from tutorial.app import lesson_view, pages, session
from tutorial.rules_text import NOT_THIS_MUGGINS, RULINGS, SECTIONS

tr = session.tr()
_ = tr.gettext

st.title(_("The rules of Muggins"))
st.markdown(_("Explanations in the lessons and in practice cite these sections by their ids, such as §priority."))
st.info(_(NOT_THIS_MUGGINS))
lessons, _problems = lesson_view.course()
for code, title, body in SECTIONS:
    st.subheader(f"{code} · {_(title)}", anchor=code.lstrip("§"))
    st.markdown(_(body))
    for lesson in (item for item in lessons if code in item.sections):
        label = _("Lesson: {title}").format(title=_(lesson.title))
        if st.button(label, key=f"rules-{code.lstrip('§')}-{lesson.id}", icon=":material/school:"):
            lesson_view.open_lesson(lesson.id)
            st.switch_page(pages.page("lessons"))

st.subheader(_("This app's rulings"), anchor="rulings")
st.markdown(_("The traditional rules leave a few points open. This app settles them as follows; each ruling is marked as ours."))
for code, text in RULINGS:
    st.markdown(f"**{code}** · " + _(text))
session.sync_url()
