"""Muggins Tutor: the Streamlit entry script (``muggins app`` runs it).

Sets up the page, the learner's session and language, and routes to the
pages with ``st.navigation``. Page titles are translated on every run; the
pages' identities are their fixed ``url_path`` (see :mod:`tutorial.app.pages`).
"""

import streamlit as st

from tutorial.app import pages, session
from tutorial.app.icon import page_icon
from tutorial.i18n import LANGUAGE_NAMES, LANGUAGES

st.set_page_config(page_title="Muggins Tutor", page_icon=page_icon(), layout="wide")
session.init()

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

st.navigation(pages.build(session.tr())).run()
