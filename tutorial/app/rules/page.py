"""Rules page: the whole rules in the learner's language, its sections numbered and titled as the
explanations cite them, and the app's rulings (what it shows: :mod:`tutorial.app.rules.model`)."""

import streamlit as st

from tutorial.app.lessons import state as lesson_view
from tutorial.app.presenter import mode as presenter
from tutorial.app.rules.model import RulesScreen
from tutorial.app.shell import pages, session
from tutorial.app.shell.markup import paragraphs
from tutorial.app.shell.table import render

tr = session.tr()
_ = tr.gettext

presenter.page_frame(tr)
lessons, _problems = lesson_view.course()
rules = RulesScreen(lessons, session.narrator())
st.title(_("The rules of Muggins"))
st.markdown(_("Explanations in the lessons and in practice cite these sections by number and title, such as "
              "§priority, and this app's rulings by their code and what they settle, such as R3. Each ruling is "
              "set out in full at the end of this page."))
st.info(rules.not_this_muggins())

for section in rules.sections():
    st.header(section.heading, anchor=section.anchor)
    st.markdown(section.body)
    if section.figure is not None:
        table, caption = st.columns([3, 2], gap="medium")
        with table:
            render(section.figure.table, tr, key=section.figure.key)
        caption.caption(paragraphs(*section.figure.words))
    for link in section.lessons:
        if st.button(link.label, key=link.key, icon=":material/school:"):
            lesson_view.open_lesson(link.lesson_id)
            st.switch_page(pages.page("lessons"))

st.header(_("This app's rulings"), anchor="rulings")
st.markdown(_("The traditional rules leave a few points open. This app settles them as follows; each ruling is marked as ours."))
for name, text in rules.rulings():
    st.markdown(f"**{name}** · " + text)

st.header(_("Rule variants"), anchor="variant-rulings")
st.markdown(_("The explorer compares these house and regional rules with the rules taught here. They are not "
              "part of the course; where they leave a point open, this app rules as follows."))
for name, text in rules.variants():
    st.markdown(f"**{name}** · " + text)
session.sync_url()
