"""Muggins Tutor: the Streamlit entry script (``muggins app`` runs it).

Sets up the page, the learner's session and language, and routes to the
pages with ``st.navigation``. Page titles are translated on every run; the
pages' identities are their fixed ``url_path`` (see :mod:`tutorial.app.shell.pages`).
"""

import streamlit as st

from tutorial.app.presenter import mode as presenter
from tutorial.app.shell import clicks, client, document, focus, history, pages, session, storage
from tutorial.app.shell.icon import page_icon
from tutorial.i18n import LANGUAGE_NAMES, LANGUAGES

SIDEBAR_WIDTH = 240  # pixels; Streamlit's default (about 300) leaves a projector at 150 % too little room


def main() -> None:
    """One run of the app: page set-up, then, in this address's turn, the sidebar and the page."""
    st.set_page_config(page_title=document.APP_NAME, page_icon=page_icon(), layout="wide", initial_sidebar_state=SIDEBAR_WIDTH)
    session.init()
    client.in_turn(sidebar_and_page)()  # at most a few runs at once per address (fair.py)


def sidebar_and_page() -> None:
    """The sidebar, then the chosen page."""
    with st.sidebar:
        st.radio(
            "Language · Idioma",
            options=list(LANGUAGES),
            # once the radio has a value (the learner's, or the stored progress's language) it is
            # kept under its key; a default beside it would only be ignored (and logged)
            index=None if session.LANG_CHOICE in st.session_state else LANGUAGES.index(session.lang()),
            format_func=LANGUAGE_NAMES.get,
            key=session.LANG_CHOICE,
            on_change=session.choose_language,
            horizontal=True,
        )
        _ = session.tr().gettext
        st.toggle(_("Table as text"), key=session.TEXT_VIEW, on_change=session.choose_view,
                  help=_("Show the table as a grid of buttons and words instead of a drawn card table."))
        st.toggle(_("Four-colour deck"), key=session.FOUR_COLOUR, on_change=session.choose_view,
                  help=_("Clubs green and diamonds blue, so every suit has its own colour."))
        presenter.switch(session.tr())
        clicks.install()  # the browser's half of the click guard (draws nothing)
        focus.mark(session.tr())  # keyboard focus kept across reruns, scroll marks, skip link (focus.py)
        storage.draw()  # the learner's progress kept in this browser (storage.py; draws nothing)
        history.install()  # Back goes back a place, not a card (history.py; draws nothing)
    session.choose_view()  # every run, not only in the callbacks: fast clicks can skip one, and the address must follow

    page = st.navigation(pages.build(session.tr()))
    session.visit(page.url_path)
    document.frame(session.lang(), page.title, session.tr())  # the document's language and this page's own title
    storage.notice(session.tr())  # a stored progress that could not be read, set aside
    session.language_notice(keep=storage.holding())  # a language in the link the app does not have
    page.run()


# A study's worker processes (tutorial/explore/study.py) import the parent's main module
# under the name "__mp_main__"; inside Streamlit that can be this script (another session's
# run sets it while a worker starts). There it must draw nothing.
if __name__ != "__mp_main__":
    main()
