"""Muggins Tutor: the Streamlit entry script (``muggins app`` runs it).

Sets up the page, the learner's session and language, and routes to the
pages with ``st.navigation``. Page titles are translated on every run; the
pages' identities are their fixed ``url_path``.
"""

from pathlib import Path

import streamlit as st

from tutorial.app import session
from tutorial.app.icon import page_icon
from tutorial.i18n import LANGUAGE_NAMES, LANGUAGES

# Not "pages/": Streamlit treats a pages/ folder beside the entry script as
# old-style pages and, on a rerun, runs such a file without this script.
SCREENS = Path(__file__).resolve().parent / "screens"

st.set_page_config(page_title="Muggins Tutor", page_icon=page_icon(), layout="wide")
session.init()
_ = session.gettext_func()

with st.sidebar:
    st.radio(
        "Language · Idioma",
        options=list(LANGUAGES),
        index=LANGUAGES.index(session.lang()),
        format_func=LANGUAGE_NAMES.get,
        key=session.LANG_CHOICE,
        on_change=session.choose_language,
        horizontal=True,
    )

navigation = st.navigation(
    [
        st.Page(SCREENS / "home.py", title=_("Home"), icon=":material/home:", url_path="home", default=True),
        st.Page(SCREENS / "lessons.py", title=_("Lessons"), icon=":material/school:", url_path="lessons"),
        st.Page(SCREENS / "practice.py", title=_("Practice"), icon=":material/playing_cards:", url_path="practice"),
        st.Page(SCREENS / "rules.py", title=_("Rules"), icon=":material/menu_book:", url_path="rules"),
    ]
)
navigation.run()
