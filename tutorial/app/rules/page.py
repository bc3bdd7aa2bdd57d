"""Rules page: the whole rules in the learner's language, its sections numbered and titled as the
explanations cite them (:mod:`tutorial.rulebook`), and the app's rulings."""

import streamlit as st

from tutorial.app.lessons import state as lesson_view
from tutorial.app.shell import pages, session
from tutorial.app.presenter import mode as presenter
from tutorial.app.shell.markup import paragraphs
from tutorial.app.shell.table import TableView, render
from tutorial.draw.scene import LEGAL
from tutorial.engine.deal import DealCode, deal
from tutorial.app.explore.variant_lab import PLAYED, VARIANT_NAMES
from tutorial.engine.variants import VARIANTS
from tutorial import rulebook
from tutorial.rules_text import NOT_THIS_MUGGINS, RULINGS, SECTIONS, VARIANT_RULINGS

tr = session.tr()
_ = tr.gettext

presenter.page_frame(tr)
st.title(_("The rules of Muggins"))
st.markdown(_("Explanations in the lessons and in practice cite these sections by number and title, such as "
              "§priority, and this app's rulings by their code and what they settle, such as R3. Each ruling is "
              "set out in full at the end of this page."))
st.info(_(NOT_THIS_MUGGINS))
lessons, _problems = lesson_view.course()


def figure(code: str) -> None:
    """A drawn table beside the section it illustrates: the seats of a deal (§deal), and a
    turned card with every place it may go marked (§priority, from the course's first
    worked example)."""
    n = session.narrator()
    if code == "§deal":
        position, dealer = deal(DealCode(5, 1))
        view = TableView(position, dealer=position.players[dealer])
        words = [_("Play passes clockwise, to each player's left."), n.table_lines(position)[0]]
    elif code == "§priority":
        step = next((s for lesson in lessons for s in lesson.steps if s.kind == "place"), None)
        if step is None:
            return
        turned = step.turned
        view = TableView(turned.position, turned=turned.card, marks=dict.fromkeys(step.legal.dests, LEGAL))
        words = n.turn_caption(turned.position, turned.card)
    else:
        return
    table, caption = st.columns([3, 2], gap="medium")
    with table:
        render(view, tr, key=f"rules-{code.lstrip('§')}")
    caption.caption(paragraphs(*words))


for code, title, body in SECTIONS:
    st.header(f"§\u00a0{rulebook.BY_ID[code].number} · {_(title)}", anchor=rulebook.BY_ID[code].anchor)
    st.markdown(_(body))
    figure(code)
    for lesson in (item for item in lessons if code in item.sections):
        label = _("Lesson: {title}").format(title=_(lesson.title))
        if st.button(label, key=f"rules-{code.lstrip('§')}-{lesson.id}", icon=":material/school:"):
            lesson_view.open_lesson(lesson.id)
            st.switch_page(pages.page("lessons"))

st.header(_("This app's rulings"), anchor="rulings")
st.markdown(_("The traditional rules leave a few points open. This app settles them as follows; each ruling is marked as ours."))
for code, text in RULINGS:
    st.markdown(f"**{rulebook.ruling_name(code, tr)}** · " + _(text))

st.header(_("Rule variants"), anchor="variant-rulings")
st.markdown(_("The explorer compares these house and regional rules with the rules taught here. They are not "
              "part of the course; where they leave a point open, this app rules as follows."))
for name, variant in VARIANTS.items():
    if name != "standard":
        st.markdown(f"**{_(VARIANT_NAMES[name])}** · " + _(PLAYED[variant.played]))
for code, text in VARIANT_RULINGS:
    st.markdown(f"**{rulebook.ruling_name(code, tr)}** · " + _(text))
session.sync_url()
