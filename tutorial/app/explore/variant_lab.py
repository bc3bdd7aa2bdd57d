"""The variant lab: rule variants compared by simulating many seeded hands (issue 11).

The study itself is :mod:`tutorial.explore.study` (no Streamlit); this module asks for its
parameters, runs it on worker processes with a progress bar and a Stop button, keeps
finished results for everyone (the same parameters and seed give the same numbers), and
shows them as tables, charts and sentences in the learner's language.
"""

from __future__ import annotations

import csv
import io
import math
import time
from collections import OrderedDict

import altair as alt
import streamlit as st
from babel.numbers import format_decimal, format_percent

from tutorial import words
from tutorial.app.shell import session
from tutorial.app.shell.markup import literal
from tutorial.engine.variants import VARIANTS
from tutorial.explore.players import Policy
from tutorial.explore.queue import QUEUE, Status
from tutorial.explore.study import StudyResult, StudySpec, csv_rows, run
from tutorial.i18n import N_

VARIANT_NAMES = {
    "standard": N_("The source rules"),
    "swedish-16": N_("Three players, 16 cards each, four common piles"),
    "open-choice": N_("Open choice: any fitting pile, opponents optional"),
    "caller-pays": N_("Only the caller gives a penalty card"),
    "wrap": N_("King and ace fit (K–A wrap)"),
    "four-centre": N_("Four centre piles, 4 to 8 players"),
}
PLAYED = {
    "source": N_("The rules this app teaches (see the Rules page)."),
    "sweden": N_("As a Swedish rules page deals it for three players."),
    "online": N_("As an online version plays it: no priority for common piles, any fitting opponent, and playing on "
                 "an opponent is optional."),
    "family": N_("A family's house rule: only the player who called gives the offender a card."),
    "wrap": N_("A common house rule: ranks go round, so a king and an ace fit each other."),
    "children": N_("As a children's-games site deals it: 4 to 8 players, the cards left after the deal on four "
                   "centre piles."),
}
POLICY_NAMES = {
    Policy.LOWEST: N_("lowest-numbered pile (R8)"),
    Policy.HIGHEST: N_("highest-numbered pile"),
    Policy.RANDOM: N_("a pile at random"),
    Policy.LOOKAHEAD: N_("look-ahead: leave the next player least to fit"),
}
WORKERS = 2
KEEP = 40
"""Finished studies kept for reuse (all learners share them; they hold no personal data)."""
REQUEST = "variant-lab-request"
RUNNING = "variant-lab-running"
"""The request a run started on; still there at the next run means that run was cut short."""


@st.cache_resource(show_spinner=False)
def _results() -> OrderedDict[StudySpec, StudyResult]:
    return OrderedDict()


def finished(spec: StudySpec) -> StudyResult | None:
    """A study already run with these very parameters, if kept."""
    store = _results()
    found = store.get(spec)
    if found is not None:
        store.move_to_end(spec)
    return found


def _store(spec: StudySpec, result: StudyResult) -> None:
    store = _results()
    store[spec] = result
    while len(store) > KEEP:
        store.popitem(last=False)


def pct(value: float) -> str:
    """A share (0–1) as a percentage in the learner's language (``12.5%`` / ``12,5 %``)."""
    return words.percent(value, session.lang())


def level() -> str:
    """The confidence level of every interval shown (95 %), as the language writes it."""
    return format_percent(0.95, locale=session.lang())


def num(value: float, pattern: str = "#,##0.#") -> str:
    """A number in the learner's language."""
    return format_decimal(value, pattern, locale=session.lang())


FIELDS = {"a": "standard", "b": "", "players": None, "hands": 1000, "seed": 0, "policy": Policy.LOWEST,
          "errors": 0, "alert": 100}
"""The form's values, kept in the app's own state (``variant-lab:<field>``), with their defaults."""
_WIDGETS = "variant-lab-widgets"


def value(field: str):  # type: ignore[no-untyped-def]
    """A form value: the app's own copy, else the default."""
    return st.session_state.get(f"variant-lab:{field}", FIELDS[field])


def _keep(field: str, widget_key: str) -> None:
    if widget_key in st.session_state:
        st.session_state[f"variant-lab:{field}"] = st.session_state[widget_key]


def _widget(field: str, widget_key: str, make, **options):  # type: ignore[no-untyped-def]
    """A form widget whose value lives in the app's state: after a language switch (a new
    key, from the labels) it starts from that value, never from a label the browser sent."""
    st.session_state.setdefault(_WIDGETS, {})[field] = widget_key
    if widget_key not in st.session_state:
        st.session_state[widget_key] = value(field)
    return make(key=widget_key, on_change=_keep, args=(field, widget_key), **options)


def specs() -> list[StudySpec]:
    """The studies the form asks for (one per chosen variant); empty without players."""
    first, second = value("a"), value("b") or None
    dealt = VARIANTS[first].rules.player_counts
    players = tuple(sorted(count for count in (value("players") or ()) if count in dealt
                           and (second is None or count in VARIANTS[second].rules.player_counts)))
    if not players:
        return []
    return [StudySpec(players=players, hands=int(value("hands")), seed=int(value("seed")), variant=name,
                      policy=value("policy"), error_rate=int(value("errors")) / 100,
                      alertness=int(value("alert")) / 100)
            for name in dict.fromkeys((first, second)) if name is not None]  # a variant compared with itself: once


def _request() -> None:
    """Run clicked: read every widget now (a value changed with the click arrives with it)."""
    for field, widget_key in st.session_state.get(_WIDGETS, {}).items():
        _keep(field, widget_key)
    st.session_state[REQUEST] = specs()
    st.session_state.pop(RUNNING, None)


def _stop() -> None:
    st.session_state.pop(REQUEST, None)
    st.session_state.pop(RUNNING, None)
    st.session_state["variant-lab-stopped"] = True


def form() -> None:
    """The study's parameters and the Run button."""
    _ = session.tr().gettext
    names = list(VARIANTS)
    label = {name: _(VARIANT_NAMES[name]) for name in names}
    left, right = st.columns(2)
    with left:
        first = _widget("a", session.labelled_key("variant-lab-a", label.values()), st.selectbox, label=_("Variant"),
                        options=names, format_func=label.get)
        st.caption(_(PLAYED[VARIANTS[first].played]))
    with right:
        nothing = _("nothing")
        second = _widget("b", session.labelled_key("variant-lab-b", [nothing, *label.values()]), st.selectbox,
                         label=_("Compare with"), options=["", *names],
                         format_func=lambda v: label.get(v, nothing)) or None
        if second is not None:
            st.caption(_(PLAYED[VARIANTS[second].played]))
    dealt = [count for count in VARIANTS[first].rules.player_counts
             if second is None or count in VARIANTS[second].rules.player_counts]
    if value("players") is None:
        st.session_state["variant-lab:players"] = [count for count in dealt if count <= 5][:3]
    st.session_state["variant-lab:players"] = [count for count in value("players") if count in dealt]
    _widget("players", session.labelled_key("variant-lab-players", dealt), st.pills, label=_("Players"),
            options=dealt, selection_mode="multi")
    a, b, c = st.columns(3)
    with a:
        _widget("hands", "variant-lab-hands", st.number_input, label=_("Hands per player count"), min_value=10,
                max_value=20_000, step=100)
    with b:
        _widget("seed", "variant-lab-seed", st.number_input, label=_("Seed"), min_value=0, max_value=10**9 - 1,
                step=1)
    with c:
        policies = {policy: _(POLICY_NAMES[policy]) for policy in Policy}
        _widget("policy", session.labelled_key("variant-lab-policy", policies.values()), st.selectbox,
                label=_("The challenger chooses"), options=list(Policy), format_func=policies.get,
                help=_("One seat (a different one each hand) chooses this way; the others play the "
                       "lowest-numbered pile (R8). Its win rate shows whether the choice matters."))
    d, e = st.columns(2)
    with d:
        _widget("errors", "variant-lab-errors", st.slider, label=_("Errors: chance of a wrong placement"),
                min_value=0, max_value=30, step=1, format="%d %%")
    with e:
        _widget("alert", "variant-lab-alert", st.slider, label=_("Alertness: chance of calling an error"),
                min_value=0, max_value=100, step=5, format="%d %%")
    if not specs():
        st.info(_("Choose at least one number of players."))
        return
    st.button(_("Run the study"), type="primary", icon=":material/play_arrow:", key="variant-lab-run",
              on_click=_request)


def results() -> None:
    """Run what was asked for (or reuse it), then show it."""
    _ = session.tr().gettext
    specs: list[StudySpec] | None = st.session_state.get(REQUEST)
    if st.session_state.pop("variant-lab-stopped", False):
        st.warning(_("Stopped. Nothing was kept from the unfinished study."))
    if specs and st.session_state.get(RUNNING) == specs and any(finished(spec) is None for spec in specs):
        # the last run started this study and was cut short (a language switch, another
        # click: Streamlit stops a run without letting it tidy up): never restart by itself
        st.session_state.pop(REQUEST, None)
        st.session_state.pop(RUNNING, None)
        st.info(_("The study was interrupted by another click. Press “Run the study” to start it again."))
        return
    if not specs:
        return
    st.session_state[RUNNING] = specs
    stop = st.empty()
    running = st.empty()
    # The results' own slot, emptied while a study waits or runs: otherwise the last study's
    # results stay on the page, greyed, under the new progress bar (an element written into a
    # box keeps the box's old contents below it until the run ends).
    slot = st.empty()
    if any(finished(spec) is None for spec in specs):
        stop.button(_("Stop"), icon=":material/stop:", key="variant-lab-stop", on_click=_stop)
        slot.empty()
        with running.container():
            st.html(STATUS_STYLE)
            _run(specs)
        running.empty()
    stop.empty()
    st.session_state.pop(RUNNING, None)
    with slot.container():
        show([result for spec in specs if (result := finished(spec)) is not None])


STATUS_STYLE = ("<style>[data-testid='stStatusWidget'] button, [data-testid='stStatusWidget'] a "
                "{display: none !important;}</style>")
"""While a study runs, Streamlit's own status corner shows "Running…" with a *Stop* button, in
English, which ends the run without a word: it is hidden (the page has its own Stop, and a
run ended another way still says so on the next run)."""
POLL = 0.5
"""Seconds between two looks at the line while a study waits for its turn."""
pause = time.sleep
"""How the page waits between two looks (a test replaces it)."""


def work(specs: list[StudySpec]) -> int:
    """The hands a request plays (what its place in the line is measured in)."""
    return sum(spec.hands * len(spec.players) for spec in specs if finished(spec) is None)


def waiting_words(status: Status, tr) -> str:  # type: ignore[no-untyped-def]
    """What the page says while a study waits for its turn: how many are before it and, once
    the server has timed a study, about how long that takes."""
    n_ = tr.ngettext
    ahead = n_("Other studies are running on this server. Yours starts after {count} other study.",
               "Other studies are running on this server. Yours starts after {count} other studies.",
               status.ahead).format(count=status.ahead)
    if status.wait is None:
        return ahead
    minutes = max(1, math.ceil(status.wait / 60))
    return ahead + " " + n_("That should take about {minutes} minute.", "That should take about {minutes} minutes.",
                            minutes).format(minutes=minutes)


def _owner() -> str:
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    return ctx.session_id if ctx is not None else "test"


def _run(specs: list[StudySpec]) -> None:
    """Wait for a place in the server's line (:mod:`tutorial.explore.queue`), then run the studies
    not kept yet, with a progress bar; the place is given up however the run ends."""
    tr = session.tr()
    _ = tr.gettext
    ticket = QUEUE.join(_owner(), work(specs))
    try:
        note = st.empty()
        status = QUEUE.status(ticket)
        while not status.may_run and status.ahead >= 0:
            note.info(waiting_words(status, tr), icon=":material/hourglass_top:")
            pause(POLL)  # each look draws the note again, so a click on Stop ends the wait
            status = QUEUE.status(ticket)
        note.empty()
        if not status.may_run:  # the place was given up (this session asked again meanwhile)
            return
        total = max(1, work(specs))
        played = 0
        for spec in specs:
            if finished(spec) is not None:  # run meanwhile for someone else
                continue
            bar = st.progress(0.0, text=_("Simulating…"))
            size = spec.hands * len(spec.players)

            def progress(count: int, parts: int, bar=bar, spec=spec, before=played, size=size) -> None:
                QUEUE.progress(ticket, (before + size * count / parts) / total)
                bar.progress(count / parts, text=_("Simulating {variant}: {done} of {total} parts").format(
                    variant=_(VARIANT_NAMES[spec.variant]), done=count, total=parts))

            _store(spec, run(spec, workers=WORKERS, progress=progress))
            played += size
            bar.empty()
    finally:
        QUEUE.leave(ticket)


def show(done: list[StudyResult]) -> None:
    """Tables, charts, what they mean, and the CSV."""
    _ = session.tr().gettext
    for result in done:
        st.header(_(VARIANT_NAMES[result.spec.variant]))
        st.dataframe(_table(result), hide_index=True, width="stretch")
        for line in meaning(result):
            st.markdown(literal(line))
    st.header(_("Charts"))
    charts(done)
    st.download_button(_("Download the numbers (CSV)"), csv_bytes(done), file_name="muggins-study.csv",
                       mime="text/csv", icon=":material/download:", key="variant-lab-csv")


def csv_bytes(done: list[StudyResult]) -> bytes:
    """The studies' numbers as a CSV file, UTF-8 with a byte-order mark as the class room's
    summary (a spreadsheet then reads its accents right)."""
    buffer = io.StringIO()
    rows = csv_rows(done)
    writer = csv.DictWriter(buffer, fieldnames=list(dict.fromkeys(key for row in rows for key in row)),
                            lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue().encode("utf-8-sig")


def _table(result: StudyResult) -> dict[str, list[str]]:
    _ = session.tr().gettext
    challenger = result.spec.policy is not Policy.LOWEST
    columns: dict[str, list[str]] = {}
    for count in result.counts:
        row = {
            _("Players"): num(count.players),
            _("Won"): pct(count.wins.rate),
            _("Drawn by repetition"): pct(count.draws_repetition.rate),
            _("Drawn at the turn limit"): pct(count.draws_turn_limit.rate),
        }
        if challenger:
            row[_("Challenger won ({level} interval)").format(level=level())] = (
                f"{pct(count.challenger.rate)} ({pct(count.challenger.low)}–{pct(count.challenger.high)})")
            row[_("Even share")] = pct(count.fair)
        row.update({
            _("Turns: mean"): num(count.length["mean"]), _("median"): num(count.length["median"]),
            _("90th percentile"): num(count.length["p90"]), _("longest"): num(count.length["max"]),
            _("Choices per hand"): num(count.per_hand["choices"]),
            _("Recycles per hand"): num(count.per_hand["recycles"]),
            _("Penalties per hand"): num(count.per_hand["penalties"], "#,##0.##"),
        })
        for key, text in row.items():
            columns.setdefault(key, []).append(text)
    return columns


def meaning(result: StudyResult) -> list[str]:
    """What the numbers mean for players, in sentences."""
    tr = session.tr()
    _ = tr.gettext
    policy = _(POLICY_NAMES[result.spec.policy])
    lines = []
    for count in result.counts:
        if count.draws_repetition.rate >= 0.05:
            lines.append(_("With {players} players, {share} of deals never finish: the same position comes round "
                           "again, and rule R7 ends the hand as a draw.").format(
                players=count.players, share=pct(count.draws_repetition.rate)))
        if count.draws_turn_limit.count:
            lines.append(_("With {players} players, {share} of hands were still running at the turn limit of "
                           "{limit} turns and were drawn (R7).").format(
                players=count.players, share=pct(count.draws_turn_limit.rate), limit=num(result.spec.max_turns)))
        if count.per_hand["choices"] < 0.05:
            lines.append(_("With {players} players a card hardly ever fits two common piles, so how you choose "
                           "cannot matter.").format(players=count.players))
        elif result.spec.policy is not Policy.LOWEST:
            share = count.challenger
            if share.low > count.fair:
                verdict = _("more than an even share ({fair}): here the choice matters.")
            elif share.high < count.fair:
                verdict = _("less than an even share ({fair}): this way of choosing hurts.")
            else:
                verdict = _("no clear difference from an even share ({fair}): the choice hardly matters here.")
            lines.append(_("With {players} players, a player who chooses by “{policy}” wins {rate} of hands "
                           "({level} interval: {low}–{high}) against players who always take the lowest-numbered pile (R8): ").format(
                level=level(),
                players=count.players, policy=policy, rate=pct(share.rate), low=pct(share.low),
                high=pct(share.high)) + verdict.format(fair=pct(count.fair)))
    return lines


def _locale() -> dict[str, object]:
    """Vega-Lite's number format for the learner's language (a decimal comma in Spanish)."""
    if session.lang() == "es":
        return {"locale": {"number": {"decimal": ",", "thousands": ".", "grouping": [3], "currency": ["", " €"]}}}
    return {}


def _label(result: StudyResult) -> str:
    return session.tr().gettext(VARIANT_NAMES[result.spec.variant])


_FIT_WIDTH = alt.AutoSizeParams(type="fit-x", contains="padding")
"""Charts take their column's width; their height is the plot's, the legend comes on top of it."""


def _legend() -> alt.Legend:
    """A legend under the chart, one entry per line; a long name ends in "…" (its full
    text is in the tooltip and in the full-width chart of drawn hands)."""
    return alt.Legend(orient="bottom", direction="vertical", labelLimit=220)


def _lengths_chart(result: StudyResult) -> alt.Chart:
    """Hand length distribution of one study: the share of hands per length band (log
    scale), one line per number of players. Sized by its container (a phone stacks them)."""
    _ = session.tr().gettext
    rows = []
    for count in result.counts:
        bands: dict[int, int] = {}
        for length in count.lengths:
            band = math.floor(math.log10(max(length, 1)) * 8)
            bands[band] = bands.get(band, 0) + 1
        for band, hands in sorted(bands.items()):
            rows.append({"players": _("{players} players").format(players=count.players),
                         "turns": round(10 ** (band / 8)), "share": hands / count.hands})
    longest = max((row["turns"] for row in rows), default=10)
    return alt.Chart(alt.Data(values=rows), title=_label(result)).mark_line(point=True).encode(
        x=alt.X("turns:Q", scale=alt.Scale(type="log", domain=[10, longest]), title=_("Turns in the hand (log scale)"),
                axis=alt.Axis(tickCount=4)),
        y=alt.Y("share:Q", axis=alt.Axis(format="%"), title=_("Share of hands")),
        color=alt.Color("players:N", title=_("Players"), legend=_legend()),
        tooltip=[alt.Tooltip("players:N", title=_("Players")), alt.Tooltip("turns:Q", title=_("Turns")),
                 alt.Tooltip("share:Q", format=".1%", title=_("Share"))],
    ).properties(height=220, autosize=_FIT_WIDTH)


def _offset(done: list[StudyResult]) -> alt.XOffset:
    """Bars within a group in the variants' own order (the form's, the legend's), not sorted by
    their translated names, which would order them differently in each language."""
    return alt.XOffset("variant:N", sort=[_label(result) for result in done])


def _seats_chart(done: list[StudyResult], players: int) -> alt.LayerChart:
    """Wins by seat (seat 1 moves first) at one player count, a bar per compared variant,
    with 95 % intervals and a tick at each variant's even share (its undrawn hands / players)."""
    _ = session.tr().gettext
    rows = [{"variant": _label(result), "seat": seat, "rate": share.rate, "low": share.low, "high": share.high,
             "fair": count.fair}
            for result in done for count in result.counts if count.players == players
            for seat, share in enumerate(count.wins_by_seat, start=1)]
    base = alt.Chart()
    x = alt.X("seat:O", title=_("Seat (1 moves first)"), axis=alt.Axis(labelAngle=0))
    bars = base.mark_bar().encode(
        x=x, xOffset=_offset(done),
        y=alt.Y("rate:Q", axis=alt.Axis(format="%"), title=_("Hands won")),
        color=alt.Color("variant:N", title=_("Variant"), sort=[_label(r) for r in done], legend=_legend()),
        tooltip=[alt.Tooltip("variant:N", title=_("Variant")), alt.Tooltip("seat:O", title=_("Seat (1 moves first)")),
                 alt.Tooltip("rate:Q", format=".1%", title=_("Hands won")),
                 alt.Tooltip("fair:Q", format=".1%", title=_("An even share"))])
    whiskers = base.mark_rule(color="#333").encode(x=x, xOffset=_offset(done), y="low:Q", y2="high:Q")
    even = base.mark_tick(color="#555", thickness=2, strokeDash=[3, 2]).encode(x=x, xOffset=_offset(done), y="fair:Q")
    title = _("{players} players").format(players=players)
    return alt.layer(bars, whiskers, even, data=alt.Data(values=rows), title=title).properties(height=220, autosize=_FIT_WIDTH)


def _draws_chart(done: list[StudyResult]) -> alt.Chart:
    """The share of drawn hands per player count (repetition and turn limit in the tooltip)."""
    _ = session.tr().gettext
    rows = [{"variant": _label(result), "players": count.players,
             "drawn": count.draws_repetition.rate + count.draws_turn_limit.rate,
             "repetition": count.draws_repetition.rate, "limit": count.draws_turn_limit.rate}
            for result in done for count in result.counts]
    return alt.Chart(alt.Data(values=rows)).mark_bar().encode(
        x=alt.X("players:O", title=_("Players"), axis=alt.Axis(labelAngle=0)),
        xOffset=_offset(done),
        y=alt.Y("drawn:Q", axis=alt.Axis(format="%"), title=_("Share of hands drawn")),
        color=alt.Color("variant:N", title=_("Variant"), sort=[_label(r) for r in done], legend=_legend()),
        tooltip=[alt.Tooltip("variant:N", title=_("Variant")),
                 alt.Tooltip("repetition:Q", format=".1%", title=_("Drawn by repetition")),
                 alt.Tooltip("limit:Q", format=".1%", title=_("Drawn at the turn limit"))],
    ).properties(height=220, autosize=_FIT_WIDTH)


def charts(done: list[StudyResult]) -> None:
    """The three charts, each panel its own chart in a column: side by side on a wide
    screen, one under the other on a phone (Streamlit stacks columns there)."""
    _ = session.tr().gettext
    config = _locale()
    st.markdown("**" + literal(_("How long hands last")) + "**")
    for column, result in zip(st.columns(len(done)), done, strict=True):
        column.altair_chart(_lengths_chart(result).configure(**config), width="stretch")
    st.markdown("**" + literal(_("Wins by seat, with {level} intervals; the short line across each bar: an even share").format(level=level())) + "**")
    counts = sorted({count.players for result in done for count in result.counts})
    for start in range(0, len(counts), 3):
        row = counts[start:start + 3]
        for column, players in zip(st.columns(3), row, strict=False):
            column.altair_chart(_seats_chart(done, players).configure(**config), width="stretch")
    st.markdown("**" + literal(_("Drawn hands by number of players")) + "**")
    st.altair_chart(_draws_chart(done).configure(**config), width="stretch")
