"""Home page: what Muggins is, where to start, and the learner's progress."""

import streamlit as st

from tutorial.app import lesson_view, pages, session

tr = session.tr()
_ = tr.gettext
lessons, _problems = lesson_view.course()
done = lesson_view.done_lessons()

st.title(_("Muggins Tutor"))
st.markdown(_(
    "Learn **Muggins**, the Victorian family card game of rank adjacency. Each turn you turn up the top card "
    "of your closed stock and must put it in the right place: on a common pile one rank away, else on the "
    "nearest opponent's discard that fits, else on your own discard. Miss the right place and someone calls "
    "“Muggins!”: the card is moved where it had to go, and every other player gives you a penalty card. You "
    "win the hand when a correct placement of your last card leaves you with no cards at all."
))
st.info(_(
    "This is not the *muggins* rule of cribbage, nor the dominoes or adding games of the same name, where "
    "“Muggins!” claims points someone forgot to count. This Muggins has no points at all: it is about where "
    "each card must go."
))

st.subheader(_("Where to start"))
left, middle, right = st.columns(3)
with left:
    st.page_link(pages.page("lessons"), label=_("Lessons"), icon=":material/school:")
    st.caption(_("Step-by-step positions: click where each card must go and see why."))
with middle:
    st.page_link(pages.page("practice"), label=_("Practice"), icon=":material/playing_cards:")
    st.caption(_("Play hands and matches against computer players, at tables of 3 to 7. In Coach mode every error "
                 "of yours is explained at once; in Table mode the others may slip, and you may call “Muggins!” on "
                 "them."))
with right:
    st.page_link(pages.page("rules"), label=_("Rules"), icon=":material/menu_book:")
    st.caption(_("The complete rules, with the section names the explanations cite."))

st.subheader(_("Your progress"))
if lessons:
    results = lesson_view.check_results()
    for number, lesson in enumerate(lessons, start=1):
        mark = ":material/check_circle:" if lesson.id in done else ":material/radio_button_unchecked:"
        line = f"{mark} {number}. {_(lesson.title)}"
        if lesson.id in results:
            right, total = results[lesson.id]
            line += " · " + _("check: {right} of {total}").format(right=right, total=total)
        st.markdown(line)
    st.caption(tr.ngettext("{done} of {total} lesson completed.", "{done} of {total} lessons completed.", len(lessons))
               .format(done=sum(lesson.id in done for lesson in lessons), total=len(lessons)))
    if done:
        st.button(_("Reset my progress"), key="reset-progress", on_click=lesson_view.reset_progress)
session.remember(done=",".join(done), checks=lesson_view.checks_text())
session.sync_url()
