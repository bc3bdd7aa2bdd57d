"""Pictures and positions to take away: “Save picture” (the drawn table as a PNG with a
caption in the learner's language, for a slide or a handout) and “Save position” (a
position file that ``muggins explain`` and the app read back)."""

from __future__ import annotations

import gettext

import streamlit as st

from tutorial.app.shell.table import four_colour
from tutorial.app.shell.table_view import TableView
from tutorial.draw.picture import png, render
from tutorial.engine.posfile import dumps
from tutorial.engine.position import Position
from tutorial.narrate import Narrator

PICTURE_WIDTH = 1600
"""Width of a saved picture in pixels (sharp on a slide)."""


def caption(heading: str, view: TableView, n: Narrator) -> list[str]:
    """The caption of a saved picture: ``heading``, then for a turned card who turned it up
    and where the rule sends it (§priority), in the narrator ``n``'s words."""
    return [heading] + (n.turn_caption(view.position, view.turned) if view.turned is not None else [])


def picture_bytes(view: TableView, tr: gettext.NullTranslations, caption: list[str], *, four: bool = False,
                  width: int = PICTURE_WIDTH) -> bytes:
    """The table of ``view`` as PNG bytes, ``width`` pixels wide, with ``caption`` lines under it."""
    return png(render(view.scene(tr), width=width, four_colour=four, caption=caption))


def save_buttons(view: TableView, position: Position, tr: gettext.NullTranslations, *, key: str, caption: list[str],
                 name: str) -> None:
    """*Save…*: one small button that opens a pop-up with *Save picture* and *Save position*;
    the files are made when the pop-up opens. ``position``: the position to save (before the
    turn-up); ``name``: the file name without its extension.

    One button rather than the two downloads in the page: a download button carries a new
    file id on every run, and in a practice fragment they were a fifth of each click's
    message (issue 18: at most 3 kB a click). The files are made with the pop-up, not on the
    click (Streamlit's deferred download, ``data`` a callable): a file made on the click
    belongs to no session, and Streamlit deletes such files when a second run ends anywhere
    on the server — on a busy server, before the browser had fetched it (a test's download
    was "canceled" under load)."""
    _ = tr.gettext
    four = four_colour()

    def files() -> None:
        # The buttons' places first, empty: until this run replaces them, the pop-up shows the
        # last opening's buttons, and a quick click on one gave that opening's file (the picture
        # of an earlier turn: found by a trial; making the picture takes a fifth of a second).
        st.caption(_("The table as a picture, with a caption, for a slide or a handout."))
        picture = st.empty()
        st.caption(_("A position file: open it with “muggins explain” or read it back into the app."))
        text = st.empty()
        text.download_button(_("Save position"), data=dumps(position), file_name=f"{name}.toml",
                             mime="application/toml", key=f"{key}-save-position", on_click="ignore",
                             icon=":material/download:")
        picture.download_button(_("Save picture"), data=picture_bytes(view, tr, caption, four=four),
                                file_name=f"{name}.png", mime="image/png", key=f"{key}-save-picture",
                                on_click="ignore", icon=":material/image:")

    if st.button(_("Save…"), key=f"{key}-save", icon=":material/download:", type="tertiary"):
        st.dialog(_("Save this table"))(files)()
