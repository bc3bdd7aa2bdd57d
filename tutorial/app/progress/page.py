"""Progress page: mastery per theme, what is due and when, the lessons with their check results,
practice hands and errors by kind, and the weakest rule to train (what it shows:
:mod:`tutorial.app.progress.model`; the chart and *Train it*: :mod:`tutorial.app.progress.view`)."""

import streamlit as st

from tutorial.app.progress import view
from tutorial.app.shell import pages, session
from tutorial.app.shell.markup import literal

tr = session.tr()
_ = tr.gettext
page = view.screen()

st.title(_("Progress"), anchor=False)

if page.empty():
    st.info(page.empty_text(), icon=":material/school:")
    st.page_link(pages.page("lessons"), label=_("Go to the lessons"), icon=":material/school:")
else:
    weakest, weakest_line = page.weakest(), page.weakest_line()
    if weakest is not None and weakest_line is not None:
        with st.container(border=True):
            st.markdown(literal(weakest_line))
            if st.button(_("Train it"), key=f"{view.TRAIN_KEY}-{weakest}", type="primary",
                         icon=":material/fitness_center:"):
                view.train(weakest)

    st.header(_("Mastery per theme"), anchor=False)
    rows = page.mastery_rows()
    if rows:
        # the chart, then the table of the same figures under it, each as wide as the page (side by
        # side, the table was cut at the right on a projector with the sidebar open: found by a trial)
        st.altair_chart(view.chart(page), width="stretch")
        st.markdown(view.table(page.table_headings(), [(row.name, row.label, row.when) for row in rows]))
        st.caption(page.mastery_note())
    else:
        st.markdown(literal(_("No theme is open for training yet: complete a lesson or open the Training page.")))

    st.header(_("What is due"), anchor=False)
    due_line = page.due_line()
    if due_line is not None:
        due_row = st.container(horizontal=True, vertical_alignment="center")
        due_row.markdown(literal(due_line))
        due_row.page_link(pages.page("train"), label=_("Train"), icon=":material/fitness_center:")
        upcoming = page.upcoming()
        if upcoming:
            st.markdown("**" + literal(_("Next reviews")) + "**\n\n" +
                        "\n".join(f"- {literal(line)}" for line in upcoming))
    else:
        st.markdown(literal(_("Nothing to review yet.")))

    st.header(_("Lessons"), anchor=False)
    st.markdown(literal(page.lessons_line()))
    st.markdown(view.table(page.lesson_headings(), [(row.title, row.status, row.check) for row in page.lesson_rows()]))

    st.header(_("Practice"), anchor=False)
    practice_row = st.container(horizontal=True, vertical_alignment="center")
    practice_row.markdown(literal(page.hands_line()))
    practice_row.page_link(pages.page("practice"), label=_("Play a hand"), icon=":material/playing_cards:")
    errors = page.error_rows()
    if errors:
        st.markdown(view.table(page.error_headings(), errors))
    else:
        errors_line = page.errors_line()
        if errors_line:
            st.markdown(literal(errors_line))

session.sync_url()
