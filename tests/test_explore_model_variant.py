"""The variant lab's screen model (tutorial/app/explore/model_variant.py), without Streamlit:
settings kept valid, the study's phases (asked, waiting, running, done, stopped, cut short),
the server's line, and the results in words and numbers of the learner's language (issue 11,
issue 17, issue 18)."""

from __future__ import annotations

from functools import cache

import pytest

from tutorial.app.explore.model_results import Results, csv_bytes
from tutorial.app.explore.model_variant import (
    Phase,
    Progress,
    ResultStore,
    VariantLab,
    VariantLabState,
    VariantSettings,
    name_taken,
)
from tutorial.explore.players import Policy
from tutorial.explore.queue import StudyQueue
from tutorial.explore.study import StudyResult, StudySpec, run
from tutorial.i18n import translations


@cache
def study(spec: StudySpec) -> StudyResult:
    return run(spec)


def runner(spec: StudySpec, *, workers: int, progress=None) -> StudyResult:  # type: ignore[no-untyped-def]
    """The study in this process (the page runs it on worker processes)."""
    result = study(spec)
    if progress:
        progress(1, 1)
    return result


def variant_lab(lang: str = "en", store: ResultStore | None = None, **settings: object) -> VariantLab:
    found = VariantLab(VariantLabState(), translations(lang), lang, store if store is not None else ResultStore())
    for name, value in settings.items():
        found.set(name, value)
    return found


def simulate(found: VariantLab, queue: StudyQueue | None = None, pause=lambda seconds: None) -> list[Progress | None]:  # type: ignore[no-untyped-def]
    shown: list[Progress | None] = []
    plan = found.plan()
    found.simulate(plan.specs, queue or StudyQueue(), "me", shown.append, pause, runner=runner)
    found.finished_run()
    return shown


def test_settings_are_always_valid() -> None:
    fresh = VariantSettings().checked()
    assert fresh.players == (3, 4, 5) and fresh.a == "standard" and fresh.b == ""
    odd = VariantSettings(a="nope", b="nope", players=(2, 3, 99), hands=5, seed=-1, errors=90, alert=200).checked()
    assert (odd.a, odd.b, odd.players, odd.hands, odd.seed, odd.errors, odd.alert) == ("standard", "", (3,), 10, 0, 30, 100)
    assert fresh.changed("hands", "lots").hands == 1000 and fresh.changed("hands", 10**9).hands == 20_000
    assert fresh.changed("policy", "sideways").policy is Policy.LOWEST
    assert fresh.changed("b", None).b == ""
    with pytest.raises(KeyError):
        fresh.changed("colour", 1)
    centre = fresh.changed("b", "four-centre")  # deals for 4 to 8: three players leave the choice
    assert centre.dealt() == (4, 5, 6, 7) and centre.players == (4, 5)
    assert [spec.variant for spec in centre.specs()] == ["standard", "four-centre"]
    assert centre.changed("a", "four-centre").changed("b", "").dealt() == (4, 5, 6, 7, 8)
    itself = fresh.changed("b", "standard")
    assert [spec.variant for spec in itself.specs()] == ["standard"]  # a variant compared with itself: once
    spec = fresh.changed("errors", 10).changed("alert", 55).changed("players", [4]).specs()[0]
    assert spec.players == (4,) and spec.error_rate == pytest.approx(0.1) and spec.alertness == pytest.approx(0.55)


def test_without_player_counts_nothing_can_run() -> None:
    found = variant_lab(players=[])
    assert not found.can_run() and found.no_run_reason() == "Choose at least one number of players."
    found = variant_lab("es", players=[3])
    assert found.can_run() and found.no_run_reason() is None
    assert found.variant_names()["wrap"].startswith("El rey") and found.played("wrap")
    assert found.played("nope") is None and len(found.policy_names()) == len(Policy)


def test_a_study_is_asked_run_shown_and_reused() -> None:
    store = ResultStore()
    found = variant_lab(store=store, players=[3], hands=20, b="wrap")
    assert found.plan().phase is Phase.IDLE
    found.run()
    assert found.can_stop()
    shown = simulate(found)
    phases = [item.phase for item in shown if item is not None]
    assert Phase.RUNNING in phases and Phase.QUEUED not in phases and shown[-1] is None
    assert any(item and "Simulating King and ace fit" in item.text and item.done == 1.0 for item in shown)
    assert len(store) == 2
    again = found.plan()  # the next run of the page: every result kept
    assert again.phase is Phase.DONE and again.message is None and len(found.done(again.specs)) == 2
    found.finished_run()
    other = variant_lab(store=store, players=[3], hands=20, b="wrap")  # another learner: the same numbers, no wait
    other.run()
    assert other.plan().phase is Phase.DONE


def test_stop_drops_the_study_and_says_so_once() -> None:
    found = variant_lab(players=[3], hands=20)
    found.run()
    found.stop()
    plan = found.plan()
    assert plan.phase is Phase.STOPPED and plan.message == ("warning", "Stopped. Nothing was kept from the unfinished study.")
    assert found.plan().phase is Phase.IDLE


def test_a_run_cut_short_is_never_restarted_by_itself() -> None:
    found = variant_lab(players=[3], hands=20)
    found.run()
    assert found.plan().phase is Phase.ASKED  # this run starts it … and is cut short (no finished_run)
    plan = found.plan()
    assert plan.phase is Phase.INTERRUPTED and plan.message and "interrupted by another click" in plan.message[1]
    assert found.plan().phase is Phase.IDLE


def test_a_study_waits_for_the_one_before_it_and_says_so() -> None:
    """Issue 17: one study runs at a time on the server; a study asked for meanwhile waits, and
    the page says how many are before it, then runs it once the other one is done."""
    queue = StudyQueue(at_once=1)
    other = queue.join("another session", 5_000)
    found = variant_lab("es", players=[3], hands=10)
    found.run()
    shown = simulate(found, queue, pause=lambda seconds: queue.leave(other))
    waiting = [item for item in shown if item is not None and item.phase is Phase.QUEUED]
    assert len(waiting) == 1 and "termine 1 estudio más" in waiting[0].text
    assert len(queue) == 0 and found.done(found.state.request or ())  # its place given up, its results kept
    text = found.waiting_words(2, 125.0)
    assert "2 estudios" in text and "3 minutos" in text, text


def test_a_place_given_up_meanwhile_runs_nothing() -> None:
    queue = StudyQueue(at_once=1)
    queue.join("another session", 5_000)
    found = variant_lab(players=[3], hands=10)
    found.run()
    specs = found.plan().specs

    def ask_again(_seconds: float) -> None:
        queue.join("me", 1)  # the same session asked again meanwhile: the first place is given up

    assert found.simulate(specs, queue, "me", lambda item: None, ask_again, runner=runner) is False
    assert found.done(specs) == []


def test_results_in_words_tables_sentences_and_charts() -> None:
    found = variant_lab(players=[3, 4], hands=20, b="wrap")
    found.run()
    simulate(found)
    results = Results(found.done(found.state.request or ()), found.tr, found.lang)
    sections = results.sections()
    assert [s.heading for s in sections] == ["3 players", "4 players"]  # one table per count, the variants side by side
    assert any("never finish" in line for line in sections[0].meaning)
    table = sections[0].table
    assert list(table) == ["Measure", "The source rules", "King and ace fit (K–A wrap)", "Difference (95% interval)",
                           "Test"]
    assert table["Measure"][:3] == ["Balance", "First-mover advantage", "Decisiveness: hands won"]
    assert "Does the choice matter: the challenger's edge" not in table["Measure"]  # only when a challenger plays
    decisive = table["Measure"].index("Decisiveness: hands won")
    assert table["The source rules"][decisive].endswith("%)") and " to " in table["The source rules"][decisive]
    assert table["Difference (95% interval)"][decisive].endswith(")") and "points" in table["Difference (95% interval)"][decisive]
    assert table["Test"][decisive].startswith("p ") and table["Test"][-1] == "—"
    said = " ".join(sections[0].meaning)
    assert "under “King and ace fit (K–A wrap)”" in said or "no measure differs clearly" in said
    names = [name for name, _meaning in results.definitions()]
    assert names[0] == "Balance" and names[-1] == "Intervals and tests"
    assert results.chart_headings()[2].startswith("Wins by seat, with 95% intervals")
    seats = results.seats(3)
    assert seats.order == ["The source rules", "King and ace fit (K–A wrap)"] and len(seats.rows) == 2 * 3
    assert seats.title == "3 players" and seats.labels["seat"] == "Seat (1 moves first)"
    assert {row["variant"] for row in results.draws().rows} == set(seats.order)
    assert results.lengths(results.done[0]).rows and results.player_counts() == [3, 4]
    assert results.vega_locale() == {}


def test_spanish_results_have_decimal_commas_and_a_no_break_space_before_percent() -> None:
    found = variant_lab("es", players=[3], hands=30, policy=Policy.HIGHEST)
    found.run()
    simulate(found)
    results = Results(found.done(found.state.request or ()), found.tr, found.lang)
    section = results.sections()[0]
    text = " ".join(section.meaning)
    assert "jugadores" in text and "\xa0%" in text  # Babel: a no-break space before %
    column = section.table["Las reglas de origen"]
    assert any("," in value and "\xa0%" in value for value in column)
    assert "¿Importa la elección?: la ventaja del aspirante" in section.table["Medida"]  # a challenger plays
    assert "Diferencia (intervalo del 95\xa0%)" not in section.table  # one variant: nothing to compare
    assert results.vega_locale()["locale"]["number"]["decimal"] == ","  # type: ignore[index]
    assert results.order() == ["Las reglas de origen"] and section.heading == "3 jugadores"


def test_the_csv_has_a_byte_order_mark_and_the_store_keeps_the_latest() -> None:
    data = csv_bytes([study(StudySpec(players=(3,), hands=10, seed=1, variant="standard"))])
    assert data.startswith(b"\xef\xbb\xbf") and data.decode("utf-8-sig").startswith("variant")
    store = ResultStore(keep=2)
    specs = [StudySpec(players=(3,), hands=10, seed=seed) for seed in range(3)]
    for spec in specs:
        store.put(spec, study(StudySpec(players=(3,), hands=10, seed=1)))
    assert len(store) == 2 and store.get(specs[0]) is None and store.get(specs[2]) is not None


# ----- rules of one's own (issue 20) ----------------------------------------------------------------
def test_rules_of_ones_own_are_set_named_studied_and_shared_by_link() -> None:
    found = variant_lab(b="custom", players=[4], hands=20, own_wrap=True, own_name="Round the corner")
    settings = found.settings
    assert settings.b == "custom" and settings.uses_own() and found.variant_names()["custom"] == "Round the corner"
    assert found.played("custom").startswith("Set your rules below")
    assert found.can_run() and found.own_problem() is None
    own = [spec for spec in settings.specs() if spec.variant == "custom"]
    assert len(own) == 1 and own[0].custom.wrap and own[0].name == "Round the corner" and own[0].max_turns == 20_000
    link = found.own_link()
    assert link == {"rules": own[0].custom.code(), "vname": "Round the corner"}
    found.run()
    simulate(found)
    results = Results(found.done(found.state.request or ()), found.tr, found.lang)
    assert list(results.sections()[0].table)[1:3] == ["The source rules", "Round the corner"]
    opened = variant_lab("es")
    opened.take_link(link["rules"], link["vname"])
    assert opened.settings.b == "custom" and opened.settings.own_wrap and opened.settings.own_name == "Round the corner"
    assert opened.settings.own_rules() == own[0].custom
    opened.take_link("wrap=0", None)  # once per session
    assert opened.settings.own_wrap


def test_impossible_rules_of_ones_own_are_refused_with_the_engines_reason_in_both_languages() -> None:
    found = variant_lab(a="custom", own_deal="4x13+1")
    assert not found.can_run() and found.own_link() is None and found.settings.dealt() == ()
    assert found.no_run_reason() == ("These rules cannot be played: with 4 players, dealing 13 cards each and turning up "
                                     "the common piles (1) needs 53 cards: a pack has 52.")
    spanish = variant_lab("es", a="custom", own_deal="4x12+4,4x13+0")
    assert spanish.own_problem().startswith("Con estas reglas no se puede jugar:")
    linked = variant_lab("es")
    linked.take_link("deal=5x11+0", None)
    said = linked.take_link_problem()
    assert said.startswith("No se han podido usar las reglas del enlace:") and linked.take_link_problem() is None
    assert linked.settings.b == ""  # the form stays as it was
    junk = variant_lab(own_opponents="all", own_penalty=3, own_name="x\n" * 40, own_deal=42, max_turns=10**9)
    assert junk.settings.own_opponents == "nearest" and junk.settings.own_penalty == "every-other"
    assert junk.settings.own_name == "" and junk.settings.max_turns == 20_000


def test_muggins_stats_plays_rules_of_your_own(capsys) -> None:  # type: ignore[no-untyped-def]
    import json

    from tutorial.cli.commands import main

    assert main(["stats", "--players", "4", "--hands", "30", "--variant", "standard", "--rules",
                 "common-first=0;opponents=any;optional=1", "--name", "Open", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    custom = report["studies"][1]["spec"]
    assert custom["variant"] == "custom" and custom["name"] == "Open"
    assert custom["custom"].startswith("wrap=0;common-first=0;opponents=any;optional=1")
    assert report["comparisons"][0]["second"] == "Open"
    assert main(["stats", "--players", "4", "--rules", "deal=4x13+1"]) == 2
    assert "53 cards" in capsys.readouterr().err
    assert main(["stats", "--players", "3", "--rules", "deal=4x12+4"]) == 2
    assert "no deal for 3 players under your rules: it deals for 4 players only" in capsys.readouterr().err


def test_player_counts_come_back_once_impossible_rules_are_put_right() -> None:
    """A trial: after an impossible deal was corrected, no player count was picked and Run was gone."""
    found = variant_lab(b="custom", own_deal="3x17+1,4x13+1")
    assert found.settings.dealt() == () and not found.can_run()
    found.set("own_deal", "3x17+1,4x12+4")
    assert found.settings.players == (3, 4) and found.can_run()


def test_two_variants_sentences_say_which_variant_and_whether_either_is_fairer() -> None:
    found = variant_lab(players=[3], hands=20, b="wrap")
    found.run()
    simulate(found)
    said = Results(found.done(found.state.request or ()), found.tr, found.lang).sections()[0].meaning
    assert all(line.startswith(("Under “", "With 3 players")) for line in said), said
    assert any(line.startswith("Under “The source rules”: With 3 players") for line in said)
    assert any("measurably fairer" in line or "balance" in line or "moving first" in line for line in said)


def test_a_name_like_a_formula_is_text_in_the_csv_and_a_name_of_spaces_is_no_name() -> None:
    """A breaker's trial: ``--name "=cmd|x"`` went into the CSV as a formula."""
    from tutorial.engine.variants import parse_rules

    spec = StudySpec(players=(4,), hands=10, variant="custom", custom=parse_rules("wrap=1"), name="=cmd|x")
    text = csv_bytes([study(spec)]).decode("utf-8-sig")
    assert "\n'=cmd|x," in text
    assert StudySpec(players=(4,), hands=10, variant="custom", custom=parse_rules(""), name="   ").name == ""
    assert variant_lab(b="custom", own_name="   ").variant_names()["custom"] == "Rules of your own"


@pytest.mark.parametrize(("lang", "name"), [
    ("en", "Measure"), ("en", "Test"), ("en", "Difference (95% interval)"), ("en", "The source rules"),
    ("es", "Medida"), ("es", "Las reglas de origen"), ("es", "the  SOURCE rules"), ("en", "Reglas propias"),
])
def test_a_name_that_reads_as_something_else_of_the_lab_is_refused_and_said(lang: str, name: str) -> None:
    """Issue 37 § 3: ``vname=Measure`` turned every results table sideways and ``vname=The source
    rules`` showed the rules' numbers under the source rules' name; in either language."""
    linked = variant_lab(lang=lang, hands=10, players=[3])
    linked.take_link("wrap=1", name)
    assert linked.settings.b == "custom" and linked.settings.a == "standard" and linked.settings.own_name == ""
    said = linked.name_problem()
    assert said is not None and name.strip() in said
    names = linked.variant_names()
    assert len(set(names.values())) == len(names), names  # every variant told apart
    linked.run()
    simulate(linked)
    results = Results(linked.done(linked.state.request or ()), linked.tr, linked.lang)
    table = results.sections()[0].table
    own = translations(lang).gettext("Rules of your own")
    assert list(table)[1:3] == [translations(lang).gettext("The source rules"), own]
    assert len({len(column) for column in table.values()}) == 1  # every column a row per measure
    linked.set("own_name", "Tom")  # a name of one's own: taken, and the warning gone
    assert linked.settings.own_name == "Tom" and linked.name_problem() is None
    linked.set("own_name", name)
    assert linked.settings.own_name == "" and linked.name_problem() is not None


def test_rules_dealt_for_no_count_the_other_variant_deals_say_so() -> None:
    """Issue 37 § 3: ``rules=deal=8x6+4`` opened with an empty Players row and only "Choose at
    least one number of players." — nothing said the source rules deal for 3 to 7 only."""
    for lang, words in (("en", "“The source rules” deals for 3, 4, 5, 6, and 7 players, “Rules of your own” for 8"),
                        ("es", "8")):
        linked = variant_lab(lang=lang)
        linked.take_link("deal=8x6+4", None)
        assert linked.settings.dealt() == () and not linked.can_run()
        reason = linked.no_run_reason()
        assert reason is not None and words in reason, reason
        assert reason.startswith("No number of players" if lang == "en" else "Ningún número de jugadores"), reason


@pytest.mark.parametrize("name", ["Tom\tJones", "evil\u202eevil", "x" * 41])
def test_a_links_name_that_cannot_be_kept_is_left_out_with_a_word(name: str) -> None:
    """A tester: a vname with a tab, a control character or over 40 characters was dropped or cut
    without a word."""
    linked = variant_lab()
    linked.take_link("wrap=1", name)
    said = linked.take_link_problem()
    assert linked.settings.b == "custom" and linked.settings.own_name == ""
    assert said is not None and "name for these rules was left out" in said


def test_a_full_width_name_reads_as_the_heading_it_looks_like() -> None:
    assert name_taken("Ｔｅｓｔ") and name_taken("ＭＥＤＩＤＡ") and not name_taken("Tom")
