"""The position lab's *Which choice is better?* view: lays out
:class:`~tutorial.app.explore.model_evaluation.ChoiceEvaluation` (the settings, *Evaluate the
choices*, the wait and progress, the results as sentences and a table) and wires its actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from tutorial.app.explore.model_evaluation import HANDS, LIMITS, ChoiceEvaluation, Key
from tutorial.app.explore.model_position import PositionLab
from tutorial.app.explore.model_variant import Phase, ResultStore
from tutorial.app.explore.variant_lab import owner, progress_slot, shared_lease
from tutorial.app.shell import fair, session
from tutorial.app.shell.markup import literal
from tutorial.explore.evaluate import Evaluation
from tutorial.explore.queue import QUEUE, SharedLine

FORM, HANDS_BOX, ERRORS_BOX, ALERT_BOX = "lab-eval-form", "lab-eval-hands", "lab-eval-errors", "lab-eval-alert"
GO, STOP = "lab-eval-go", "lab-eval-stop"
POLL = 0.5
pause: Callable[[float], None] = fair.SHARE.pause  # the address's turn given back while waiting
"""How the page waits between two looks at the server's line (a test replaces it)."""


@st.cache_resource(show_spinner=False)
def _store() -> ResultStore[Key, Evaluation]:
    """Finished evaluations, shared by every session (they hold no personal data)."""
    return ResultStore()


def model(position_lab: PositionLab) -> ChoiceEvaluation:
    return ChoiceEvaluation(position_lab.state.evaluation, position_lab.examined(), position_lab.file_text(),
                            session.narrator(), _store(), seen=position_lab.line().seen())


def _asked(found: ChoiceEvaluation) -> None:
    """*Evaluate the choices* (the form's submit): take the settings, then ask."""
    for name, key in (("hands", HANDS_BOX), ("errors", ERRORS_BOX), ("alert", ALERT_BOX)):
        found.set(name, st.session_state.get(key))
    found.evaluate()


def show(position_lab: PositionLab) -> None:
    """The section, under the piles' verdicts."""
    tr = session.tr()
    _ = tr.gettext
    found = model(position_lab)
    st.header(_("Which choice is better?"))
    reason = found.no_evaluation_reason()
    if reason:
        st.info(reason)
        return
    st.markdown(_("Play the hand out many times from every pile and compare the mover's chance of winning: does "
                  "the choice between correct piles matter here, and what does an error cost?"))
    settings = found.settings
    with st.form(FORM, border=False):
        row = st.columns(3)
        row[0].selectbox(_("Playouts per pile"), HANDS, index=HANDS.index(settings.hands), key=HANDS_BOX,
                         format_func=found.n.number)
        row[1].number_input(_("Other players misplace (%)"), *LIMITS["errors"], value=settings.errors, step=1,
                            key=ERRORS_BOX, help=_("Every player's chance of putting a turned card on a wrong pile."))
        row[2].number_input(_("Errors called (%)"), *LIMITS["alert"], value=settings.alert, step=5, key=ALERT_BOX,
                            help=_("Every player's chance of calling “Muggins!” on another player's error."))
        st.form_submit_button(_("Evaluate the choices"), type="primary", icon=":material/analytics:",
                              on_click=_asked, args=(found,))
    said = found.take_said()
    if said:
        st.info(said)
    phase = found.plan()
    stop = st.empty()
    running = st.empty()
    if phase is Phase.ASKED:
        stop.button(_("Stop"), icon=":material/stop:", key=STOP, on_click=lambda: model(position_lab).stop())
        with running.container():
            found.simulate(SharedLine(QUEUE, shared_lease()), owner(), progress_slot(), lambda seconds: pause(seconds), poll=POLL)
        running.empty()
        stop.empty()
    found.finished_run()
    results(found)


def results(found: ChoiceEvaluation) -> None:
    """The sentences and the table of the evaluation on show."""
    said = found.words()
    if said is None:
        return
    _ = session.tr().gettext
    heading, summary, method = said
    evaluation = found.result()
    (st.success if evaluation is not None and evaluation.matters else st.info)(literal(summary))
    headings, rows = found.table()
    st.markdown(literal(heading))
    st.table([{headings[name]: getattr(row, name) for name in headings} for row in rows], hide_index=True)
    chart(found)
    st.caption(literal(method))


def chart(found: ChoiceEvaluation) -> None:
    """The chance of winning after each pile (a row of the table): bars with their 95 % intervals."""
    import altair as alt

    from tutorial.app.explore.model_results import vega_locale

    rows, words = found.chart()
    if not rows:
        return
    y = alt.Y("pile:N", sort=None, title=None, axis=alt.Axis(labelLimit=130))  # a long name ends in "…" (a phone)
    bars = alt.Chart().mark_bar().encode(
        y=y, x=alt.X("rate:Q", axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1]), title=words["rate"]),
        color=alt.Color("kind:N", title=words["kind"], sort=[words["correct"], words["wrong"]],
                        scale=alt.Scale(range=["#1b7837", "#b2182b"]),
                        legend=alt.Legend(orient="bottom", direction="vertical")),
        tooltip=[alt.Tooltip("pile:N", title=words["pile"]), alt.Tooltip("chance:N", title=words["rate"])])
    whiskers = alt.Chart().mark_rule(color="#333").encode(y=y, x="low:Q", x2="high:Q")
    data: Any = alt.Data(values=rows)  # type: ignore[no-untyped-call]
    layered: alt.LayerChart | alt.FacetChart = alt.layer(bars, whiskers, data=data).properties(
        height=36 * len(rows) + 20, autosize=alt.AutoSizeParams(type="fit-x", contains="padding"))
    config: dict[str, Any] = dict(vega_locale(found.n.lang))
    said = "; ".join(f"{row['pile']}: {row['chance']}" for row in rows)  # the chart in words, for screen readers
    st.altair_chart(layered.configure(**config), width="stretch", alt=f"{words['rate']}: {said}")
