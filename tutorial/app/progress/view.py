"""The Progress page's Streamlit parts: the screen model made from the session
(:mod:`tutorial.app.progress.model`), the mastery chart (Altair), tables as Markdown (real HTML
tables, which screen readers read by row and column), and *Train it*."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import altair as alt
import streamlit as st

from tutorial.app.lessons import state as lesson_view
from tutorial.app.practice.stats import PracticeStats
from tutorial.app.progress.model import TICKS, ProgressScreen
from tutorial.app.shell import focus, pages, session
from tutorial.app.shell.markup import literal
from tutorial.app.training import view as training_view
from tutorial.app.training.model import TrainingPageState

INK = "#16181f"
"""The app's text colour (.streamlit/config.toml): the chart's words as dark as the page's (Vega's grey is lighter)."""
TRAIN_KEY = "progress-train"
"""The key of *Train it* (with the theme's id: a click meant for another theme does nothing)."""


def zone() -> tzinfo | None:
    """The browser's time zone (``None`` when unknown: AppTest, a client without a browser)."""
    name = st.context.timezone
    if not name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def screen() -> ProgressScreen:
    """The learner's progress now, from this session's state (nothing is made or changed)."""
    found = st.session_state.get(TrainingPageState.KEY)
    training = found.training if isinstance(found, TrainingPageState) else None
    stats = st.session_state.get(PracticeStats.KEY)
    return ProgressScreen(training, lesson_view.course()[0], lesson_view.done_lessons(), lesson_view.check_results(),
                          stats if isinstance(stats, PracticeStats) else PracticeStats(), training_view.now(),
                          session.tr(), session.lang(), zone())


def chart(page: ProgressScreen) -> alt.LayerChart | alt.FacetChart:
    """Mastery per theme: a bar per theme, its percentage beside it (Babel's words, also on the
    axis); no title of its own (the page's heading above names it), a description for screen
    readers (the table beside it holds the same figures). The scale runs past 100 % so that a
    full bar's words still fit."""
    words = page.chart_words()
    rows = page.chart_rows()
    order = [str(row["theme"]) for row in rows]
    labels = page.tick_labels()
    label_expr = "{" + ", ".join(f"'{key}': '{value}'" for key, value in labels.items()) + "}[toString(datum.value)]"
    base = alt.Chart(alt.Data(values=rows))  # type: ignore[no-untyped-call]
    lines = page.label_lines()  # a long name on two lines rather than cut (Vega draws a list as lines)
    y = alt.Y("theme:N", sort=order, title=None,
              axis=alt.Axis(labelLimit=170, labelFontSize=12, labelColor=INK, labelExpr=json.dumps(lines) + "[datum.value]"))
    bars = base.mark_bar(color="#1f6f43").encode(
        y=y,
        x=alt.X("mastery:Q", scale=alt.Scale(domain=[0, 1.15]), title=words["mastery"],
                axis=alt.Axis(values=list(TICKS), labelExpr=label_expr, labelColor=INK, titleColor=INK,
                              labelFontSize=12)),
        tooltip=[alt.Tooltip("theme:N", title=words["theme"]), alt.Tooltip("label:N", title=words["mastery"])])
    text = base.mark_text(align="left", dx=4, color=INK, fontSize=12).encode(y=y, x="mastery:Q", text="label:N")
    layered: alt.LayerChart | alt.FacetChart = alt.layer(bars, text).properties(
        description=words["description"], height=alt.Step(26 if all(len(parts) == 1 for parts in lines.values()) else 34),
        autosize=alt.AutoSizeParams(type="fit-x", contains="padding"))
    return layered


def table(headings: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A Markdown table, every cell shown literally (pipes and Markdown escaped)."""
    lines = ["| " + " | ".join(literal(heading) for heading in headings) + " |",
             "|" + "---|" * len(headings)]
    lines += ["| " + " | ".join(literal(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def train(theme: str) -> None:
    """*Train it*: the Training page opens on ``theme`` (the learner's choice, as if chosen in
    its theme selector), the focus on the exercise's first control."""
    page = training_view.screen()
    if page.can_choose(theme):
        page.choose(theme, training_view.now())
        focus.request(page.step_screen().first_controls())
    st.switch_page(pages.page("train"))
