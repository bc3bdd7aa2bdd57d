"""The app's pages, defined once: screen file, title, icon and fixed address.

The entry script builds them on every run (titles are translated then) with
:func:`build`; other code links to a page by its name with :func:`page`, never
by a file path. A page's identity is its ``url_path``, which is never translated.
"""

from __future__ import annotations

import gettext
from pathlib import Path
from typing import Any

import streamlit as st

from tutorial.app.shell import session
from tutorial.i18n import N_

# Each feature folder of the app holds its page script as page.py (never a folder named
# "pages/": Streamlit treats one beside the entry script as old-style pages and, on a rerun,
# runs such a file without the entry script).
APP = Path(__file__).resolve().parent.parent

PAGES = {  # name (= url_path): (feature folder, title, icon)
    "home": ("home", N_("Home"), ":material/home:"),
    "lessons": ("lessons", N_("Lessons"), ":material/school:"),
    "practice": ("practice", N_("Practice"), ":material/playing_cards:"),
    "train": ("training", N_("Training"), ":material/fitness_center:"),
    "progress": ("progress", N_("Progress"), ":material/insights:"),
    "rules": ("rules", N_("Rules"), ":material/menu_book:"),
    "explore": ("explore", N_("Explorer"), ":material/science:"),
    "class": ("classroom", N_("Class room"), ":material/groups:"),
}
DEFAULT = "home"


def build(tr: gettext.NullTranslations) -> list[Any]:
    """The pages for ``st.navigation``, titles in the learner's language.

    Home answers at ``/home`` and, through a hidden default page showing the same
    screen, at ``/`` (Streamlit serves its default page only at ``/`` and says
    "Page not found" at the default page's own path)."""
    built = {name: st.Page(APP / screen / "page.py", title=tr.gettext(title), icon=icon, url_path=name)
             for name, (screen, title, icon) in PAGES.items()}
    session.shell().pages = built
    screen, title, icon = PAGES[DEFAULT]
    start = st.Page(APP / screen / "page.py", title=tr.gettext(title), icon=icon, url_path="start", default=True,
                    visibility="hidden")
    return [*built.values(), start]


def page(name: str) -> Any:
    """The page called ``name`` (a key of :data:`PAGES`) as built in this run, for
    ``st.page_link`` and ``st.switch_page``."""
    return session.shell().pages[name]
