"""The variant lab's view: lays out :class:`~tutorial.app.explore.model_variant.VariantLab`
(the screen model: settings, the study's state, the results in words) and draws its charts
with Altair. The study runs in the page's run, on worker processes, with a progress bar and
a Stop button; finished results are kept for everyone (the same parameters and seed give the
same numbers)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import altair as alt
import streamlit as st

from tutorial.app.explore.model import ExplorerState
from tutorial.app.explore.model_results import ChartData, Results, csv_bytes
from tutorial.app.explore.model_variant import (
    PLAYED,
    POLICY_NAMES,
    VARIANT_NAMES,
    Phase,
    Progress,
    ResultStore,
    VariantLab,
)
from tutorial.app.shell import fair, session, storage
from tutorial.app.shell.markup import literal
from tutorial.explore.players import Policy
from tutorial.explore.queue import QUEUE, Lease, SharedLine
from tutorial.explore.study import StudyResult, StudySpec

__all__ = ["PLAYED", "POLICY_NAMES", "VARIANT_NAMES", "csv_bytes", "form", "results"]

# widget keys (the form's values are the lab's own, in ExplorerState)
A, B, PLAYERS = "variant-lab-a", "variant-lab-b", "variant-lab-players"
HANDS, SEED, POLICY = "variant-lab-hands", "variant-lab-seed", "variant-lab-policy"
ERRORS, ALERT = "variant-lab-errors", "variant-lab-alert"
RUN, STOP, CSV = "variant-lab-run", "variant-lab-stop", "variant-lab-csv"
TURNS = "variant-lab-turns"
OWN_NAME, OWN_WRAP, OWN_FIRST, OWN_OPPONENTS = "variant-own-name", "variant-own-wrap", "variant-own-first", "variant-own-opp"
OWN_OPTIONAL, OWN_PENALTY, OWN_DEAL = "variant-own-optional", "variant-own-penalty", "variant-own-deal"

POLL = 0.5
"""Seconds between two looks at the line while a study waits for its turn."""
pause: Callable[[float], None] = fair.SHARE.pause  # the address's turn given back while waiting
"""How the page waits between two looks (a test replaces it)."""


@st.cache_resource(show_spinner=False)
def _store() -> ResultStore[StudySpec, StudyResult]:
    """The finished studies, shared by every session (they hold no personal data)."""
    return ResultStore()


def lab() -> VariantLab:
    """This session's variant lab."""
    return VariantLab(session.feature(ExplorerState).variants, session.tr(), session.lang(), _store())


def _keep(field: str, widget_key: str) -> None:
    if widget_key in st.session_state:
        lab().set(field, st.session_state[widget_key])


def _widget(variant_lab: VariantLab, field: str, widget_key: str, make: Callable[..., Any], **options: Any) -> Any:
    """A form widget whose value lives in the lab's settings: after a language switch (a new
    key, from the labels) it starts from that value, never from a label the browser sent.

    The value is the widget's own default (``value``, ``index`` or ``default``), not put into
    its session state before it is drawn: so put, a fresh page loaded from an address drew the
    number boxes and sliders at their minimum 3 times in 8 (10 hands, a 50-turn limit, 0 %
    alertness; found by a trial), as the position lab's editor had drawn itself empty."""
    variant_lab.state.widgets[field] = widget_key
    value = getattr(variant_lab.settings, field)
    if make in (st.selectbox, st.radio):
        choices = list(options["options"])
        options["index"] = choices.index(value) if value in choices else 0
    elif make is st.pills:
        options["default"] = list(value or ())
    else:
        options["value"] = value
    return make(key=widget_key, on_change=_keep, args=(field, widget_key), **options)


def _request() -> None:
    """Run clicked: read every widget now (a value changed with the click arrives with it)."""
    variant_lab = lab()
    for field, widget_key in list(variant_lab.state.widgets.items()):
        if widget_key in st.session_state:
            variant_lab.set(field, st.session_state[widget_key])
    variant_lab.run()


def _stop() -> None:
    lab().stop()


def form() -> None:
    """The study's parameters and the Run button."""
    _ = session.tr().gettext
    variant_lab = lab()
    label = variant_lab.variant_names()
    left, right = st.columns(2)
    with left:
        first = _widget(variant_lab, "a", session.labelled_key(A, label.values()), st.selectbox, label=_("Variant"),
                        options=list(label), format_func=lambda name: label.get(name, name))
        st.caption(variant_lab.played(first) or "")
    with right:
        nothing = _("nothing")
        second = _widget(variant_lab, "b", session.labelled_key(B, [nothing, *label.values()]), st.selectbox,
                         label=_("Compare with"), options=["", *label], format_func=lambda v: label.get(v, nothing))
        if second:
            st.caption(variant_lab.played(second) or "")
    said = variant_lab.take_link_problem(keep=storage.holding())
    if said:
        st.warning(literal(said))
    if variant_lab.settings.uses_own():
        own_rules(variant_lab)
    dealt = list(variant_lab.settings.dealt())
    # the counts offered are in the key: another variant's counts make a new widget, from the settings
    players_key = session.labelled_key(PLAYERS, dealt)
    _widget(variant_lab, "players", players_key, st.pills, label=_("Players"), options=dealt, selection_mode="multi")
    a, b, c = st.columns(3)
    with a:
        _widget(variant_lab, "hands", HANDS, st.number_input, label=_("Hands per player count"), min_value=10,
                max_value=20_000, step=100)
    with b:
        _widget(variant_lab, "seed", SEED, st.number_input, label=_("Seed"), min_value=0, max_value=10**9 - 1, step=1)
    with c:
        policies = variant_lab.policy_names()
        _widget(variant_lab, "policy", session.labelled_key(POLICY, policies.values()), st.selectbox,
                label=_("The challenger chooses"), options=list(Policy),
                format_func=lambda policy: policies.get(policy, str(policy)),
                help=_("One seat (a different one each hand) chooses this way; the others play the "
                       "lowest-numbered pile (R8). Its win rate shows whether the choice matters."))
    d, e, f = st.columns(3)
    with d:
        _widget(variant_lab, "errors", ERRORS, st.slider, label=_("Errors: chance of a wrong placement"),
                min_value=0, max_value=30, step=1, format="%d %%")
    with e:
        _widget(variant_lab, "alert", ALERT, st.slider, label=_("Alertness: chance of calling an error"),
                min_value=0, max_value=100, step=5, format="%d %%")
    with f:
        _widget(variant_lab, "max_turns", TURNS, st.number_input, label=_("Turn limit of a hand (R7)"),
                min_value=50, max_value=20_000, step=500,
                help=_("A hand still running after this many turns is drawn."))
    reason = variant_lab.no_run_reason()
    if reason:
        if reason != variant_lab.own_problem():  # that one is said under "Your rules" already
            st.info(reason)
        return
    st.button(_("Run the study"), type="primary", icon=":material/play_arrow:", key=RUN, on_click=_request)


STATUS_STYLE = ("<style>[data-testid='stStatusWidget'] button, [data-testid='stStatusWidget'] a "
                "{display: none !important;}</style>")
"""While a study runs, Streamlit's own status corner shows "Running…" with a *Stop* button, in
English, which ends the run without a word: it is hidden (the page has its own Stop, and a
run ended another way still says so on the next run)."""


def progress_slot() -> Callable[[Progress | None], None]:
    """Where a study or an evaluation shows how it stands (in the container this is called in):
    Streamlit's own Stop hidden (:data:`STATUS_STYLE`), then a slot that shows the wait in the
    server's line or a progress bar; ``None`` empties it."""
    st.html(STATUS_STYLE)
    shown = st.empty()

    def show(progress: Progress | None) -> None:
        if progress is None:
            shown.empty()
        elif progress.phase is Phase.QUEUED:
            shown.info(progress.text, icon=":material/hourglass_top:")
        else:
            shown.progress(progress.done, text=progress.text)

    return show


def shared_lease() -> Lease | None:
    """The slot every app process of the server shares for studies (in the store that keeps the
    class rooms), or ``None`` when the store cannot be opened now (then this process's line decides)."""
    from tutorial.app.classroom.state import store

    return store()


def owner() -> str:
    """The browser session a study or an evaluation is for (its place in the server's line)."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    return ctx.session_id if ctx is not None else "test"


def own_rules(variant_lab: VariantLab) -> None:
    """Rules of one's own: their name and every rule option the engine plays, set in the form;
    impossible ones are refused with the engine's reason. The page's address carries them."""
    _ = session.tr().gettext
    with st.expander(_("Your rules"), expanded=True, icon=":material/tune:"):
        _widget(variant_lab, "own_name", OWN_NAME, st.text_input, label=_("Name"), max_chars=40,
                placeholder=_("Rules of your own"))
        if said := variant_lab.name_problem():
            st.warning(literal(said))
        left, right = st.columns(2)
        with left:
            _widget(variant_lab, "own_wrap", OWN_WRAP, st.toggle, label=_("King and ace fit each other (K–A wrap)"))
            _widget(variant_lab, "own_first", OWN_FIRST, st.toggle, label=_("A fitting common pile comes first"))
            _widget(variant_lab, "own_optional", OWN_OPTIONAL, st.toggle,
                    label=_("Playing on an opponent is optional when no common pile fits"))
        with right:
            opponents = {"nearest": _("only the nearest fitting opponent, clockwise"),
                         "any": _("any fitting opponent")}
            _widget(variant_lab, "own_opponents", session.labelled_key(OWN_OPPONENTS, opponents.values()), st.radio,
                    label=_("Which opponent's discard"), options=list(opponents),
                    format_func=lambda name: opponents.get(name, name))
            penalty = {"every-other": _("every other player"), "caller": _("only the caller")}
            _widget(variant_lab, "own_penalty", session.labelled_key(OWN_PENALTY, penalty.values()), st.radio,
                    label=_("Who gives penalty cards"), options=list(penalty),
                    format_func=lambda name: penalty.get(name, name))
        _widget(variant_lab, "own_deal", OWN_DEAL, st.text_input, label=_("The deal per number of players"),
                max_chars=120, help=_("For each number of players (3 to 8) it deals for: players x cards each + common "
                                      "piles, e.g. 4x12+4 (4 players, 12 cards each, 4 common piles). The cards left "
                                      "after the deal go on the common piles; a pack has 52 cards."))
        problem = variant_lab.own_problem()
        if problem:
            st.error(literal(problem))
        else:
            st.caption(_("The page's address carries these rules: share it to share them."))


def results() -> None:
    """Run what was asked for (or reuse it), then show it."""
    _ = session.tr().gettext
    variant_lab = lab()
    plan = variant_lab.plan()
    if plan.message:
        tone, text = plan.message
        (st.warning if tone == "warning" else st.info)(text)
    if not plan.specs:
        return
    stop = st.empty()
    running = st.empty()
    # The results' own slot, emptied while a study waits or runs: otherwise the last study's
    # results stay on the page, greyed, under the new progress bar (an element written into a
    # box keeps the box's old contents below it until the run ends).
    slot = st.empty()
    if plan.phase is Phase.ASKED:
        stop.button(_("Stop"), icon=":material/stop:", key=STOP, on_click=_stop)
        slot.empty()
        with running.container():
            variant_lab.simulate(plan.specs, SharedLine(QUEUE, shared_lease()), owner(), progress_slot(), lambda seconds: pause(seconds), poll=POLL)
        running.empty()
    stop.empty()
    variant_lab.finished_run()
    done = variant_lab.done(plan.specs)
    if done:  # nothing when the study's place in the line was given up meanwhile
        with slot.container():
            show_results(Results(done, session.tr(), session.lang()))


def show_results(found: Results) -> None:
    """Tables, charts, what they mean, and the CSV."""
    for section in found.sections():
        st.header(section.heading)
        # the headings are names (one of them the learner's own, from an address): shown as typed, never as Markdown
        st.table({literal(heading): values for heading, values in section.table.items()}, hide_index=True)
        for line in section.meaning:
            st.markdown(literal(line))
    with st.expander(found.definitions_heading(), icon=":material/help:"):
        for name, meaning in found.definitions():
            st.markdown(f"**{literal(name)}**: {literal(meaning)}")
    st.header(found.chart_headings()[0])
    charts(found)
    st.download_button(found.csv_label(), found.csv_bytes(), file_name="muggins-study.csv", mime="text/csv",
                       icon=":material/download:", key=CSV)


# ----- charts: drawn from the model's ChartData -------------------------------------------------
_FIT_WIDTH = alt.AutoSizeParams(type="fit-x", contains="padding")
"""Charts take their column's width; their height is the plot's, the legend comes on top of it."""


def _data(rows: list[dict[str, Any]]) -> Any:
    """The rows as inline chart data."""
    return alt.Data(values=rows)  # type: ignore[no-untyped-call]


def _legend() -> alt.Legend:
    """A legend under the chart, one entry per line; a long name ends in "…" (its full
    text is in the tooltip and in the full-width chart of drawn hands)."""
    return alt.Legend(orient="bottom", direction="vertical", labelLimit=220)


def lengths_chart(data: ChartData) -> alt.Chart:
    """Hand length distribution of one study (log scale), one line per number of players."""
    words = data.labels
    longest = max((row["turns"] for row in data.rows), default=10)
    chart: alt.Chart = alt.Chart(_data(data.rows), title=data.title).mark_line(point=True).encode(
        x=alt.X("turns:Q", scale=alt.Scale(type="log", domain=[10, longest]), title=words["turns"],
                axis=alt.Axis(tickCount=4)),
        y=alt.Y("share:Q", axis=alt.Axis(format="%"), title=words["share"]),
        color=alt.Color("players:N", title=words["players"], legend=_legend()),
        tooltip=[alt.Tooltip("players:N", title=words["players"]), alt.Tooltip("turns:Q", title=words["turns-tip"]),
                 alt.Tooltip("share:Q", format=".1%", title=words["share-tip"])],
    ).properties(height=220, autosize=_FIT_WIDTH)
    return chart


def seats_chart(data: ChartData) -> alt.LayerChart | alt.FacetChart:
    """Wins by seat at one player count, a bar per compared variant, with 95 % intervals and
    a tick at each variant's even share; bars in the legend's order (the form's)."""
    words = data.labels
    base = alt.Chart()
    x = alt.X("seat:O", title=words["seat"], axis=alt.Axis(labelAngle=0))
    offset = alt.XOffset("variant:N", sort=data.order)
    bars = base.mark_bar().encode(
        x=x, xOffset=offset,
        y=alt.Y("rate:Q", axis=alt.Axis(format="%"), title=words["rate"]),
        color=alt.Color("variant:N", title=words["variant"], sort=data.order, legend=_legend()),
        tooltip=[alt.Tooltip("variant:N", title=words["variant"]), alt.Tooltip("seat:O", title=words["seat"]),
                 alt.Tooltip("rate:Q", format=".1%", title=words["rate"]),
                 alt.Tooltip("fair:Q", format=".1%", title=words["fair"])])
    whiskers = base.mark_rule(color="#333").encode(x=x, xOffset=offset, y="low:Q", y2="high:Q")
    even = base.mark_tick(color="#555", thickness=2, strokeDash=[3, 2]).encode(x=x, xOffset=offset, y="fair:Q")
    layered: alt.LayerChart | alt.FacetChart = alt.layer(bars, whiskers, even, data=_data(data.rows), title=data.title).properties(
        height=220, autosize=_FIT_WIDTH)
    return layered


def draws_chart(data: ChartData) -> alt.Chart:
    """The share of drawn hands per player count (repetition and turn limit in the tooltip)."""
    words = data.labels
    chart: alt.Chart = alt.Chart(_data(data.rows)).mark_bar().encode(
        x=alt.X("players:O", title=words["players"], axis=alt.Axis(labelAngle=0)),
        xOffset=alt.XOffset("variant:N", sort=data.order),
        y=alt.Y("drawn:Q", axis=alt.Axis(format="%"), title=words["drawn"]),
        color=alt.Color("variant:N", title=words["variant"], sort=data.order, legend=_legend()),
        tooltip=[alt.Tooltip("variant:N", title=words["variant"]),
                 alt.Tooltip("repetition:Q", format=".1%", title=words["repetition"]),
                 alt.Tooltip("limit:Q", format=".1%", title=words["limit"])],
    ).properties(height=220, autosize=_FIT_WIDTH)
    return chart


def _draw(where: Any, chart: alt.Chart | alt.LayerChart | alt.FacetChart, config: dict[str, Any]) -> None:
    where.altair_chart(chart.configure(**config), width="stretch")


def charts(found: Results) -> None:
    """The three charts, each panel its own chart in a column: side by side on a wide
    screen, one under the other on a phone (Streamlit stacks columns there)."""
    config: dict[str, Any] = dict(found.vega_locale())
    _charts, lengths, seats, draws = found.chart_headings()
    done: list[StudyResult] = found.done
    st.markdown("**" + literal(lengths) + "**")
    for column, result in zip(st.columns(len(done)), done, strict=True):
        _draw(column, lengths_chart(found.lengths(result)), config)
    st.markdown("**" + literal(seats) + "**")
    counts = found.player_counts()
    for start in range(0, len(counts), 3):
        row = counts[start:start + 3]
        for column, players in zip(st.columns(3), row, strict=False):
            _draw(column, seats_chart(found.seats(players)), config)
    st.markdown("**" + literal(draws) + "**")
    _draw(st, draws_chart(found.draws()), config)
