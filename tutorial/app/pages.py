"""The app's pages, defined once: screen file, title, icon and fixed address.

The entry script builds them on every run (titles are translated then) with
:func:`build`; other code links to a page by its name with :func:`page`, never
by a file path. A page's identity is its ``url_path``, which is never translated.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from ..i18n import N_

# Not "pages/": Streamlit treats a pages/ folder beside the entry script as
# old-style pages and, on a rerun, runs such a file without the entry script.
SCREENS = Path(__file__).resolve().parent / "screens"

PAGES = {  # name (= url_path): (screen file, title, icon)
    "home": ("home.py", N_("Home"), ":material/home:"),
    "lessons": ("lessons.py", N_("Lessons"), ":material/school:"),
    "practice": ("practice.py", N_("Practice"), ":material/playing_cards:"),
    "rules": ("rules.py", N_("Rules"), ":material/menu_book:"),
    "explore": ("explore.py", N_("Explorer"), ":material/science:"),
    "class": ("classroom.py", N_("Class room"), ":material/groups:"),
}
DEFAULT = "home"
_BUILT = "_pages"


def build(tr) -> list:
    """The pages for ``st.navigation``, titles in the learner's language.

    Home answers at ``/home`` and, through a hidden default page showing the same
    screen, at ``/`` (Streamlit serves its default page only at ``/`` and says
    "Page not found" at the default page's own path)."""
    built = {name: st.Page(SCREENS / screen, title=tr.gettext(title), icon=icon, url_path=name)
             for name, (screen, title, icon) in PAGES.items()}
    st.session_state[_BUILT] = built
    screen, title, icon = PAGES[DEFAULT]
    start = st.Page(SCREENS / screen, title=tr.gettext(title), icon=icon, url_path="start", default=True,
                    visibility="hidden")
    return [*built.values(), start]


def page(name: str):
    """The page called ``name`` (a key of :data:`PAGES`) as built in this run, for
    ``st.page_link`` and ``st.switch_page``."""
    return st.session_state[_BUILT][name]
