"""The explorer's engine side (issue 11): the lean path plays exactly as the teaching
engine, studies are reproducible whatever the number of workers, every policy obeys
§priority, and ``muggins stats``/``bench`` refuse bad input in one line."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutorial.cli.commands import main
from tutorial.engine import DealCode, deal, playout
from tutorial.engine.variants import VARIANTS
from tutorial.explore.bench import load_floor
from tutorial.explore.lean import Table, play
from tutorial.explore.players import Policy, Seat, choose
from tutorial.explore.reference import play_hand
from tutorial.explore.study import StudySpec, run, summarise, wilson
from tutorial.explore.summary import FINISHED, REPETITION, TURN_LIMIT

LIMIT = 1500


@pytest.mark.no_cover  # a long run over code the other tests cover: without coverage's tracer, half the time
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_lean_path_equals_the_teaching_engine_over_many_deals(players):
    """R8 players, the source rules: the same end, winner and length as ``playout`` (R7 included).
    Both run the one rules kernel (tutorial/engine/kernel.py); what differs is the bookkeeping
    round it (turns, recycles, repetition), which every deal exercises: 860 deals (60 of
    3-player hands, which run longest, 200 of each other count), and the property test below
    varies the players' policies and the variants."""
    deals = 60 if players == 3 else 200
    for seed in range(deals):
        position, _dealer = deal(DealCode(players, seed))
        outcome = playout(position, max_turns=LIMIT)
        lean = play(Table.deal(players, seed), max_turns=LIMIT)
        winner = None if lean.winner is None else position.players[(position.to_move + lean.winner) % players]
        assert (lean.reason_id, winner, lean.turns) == (outcome.reason, outcome.winner, outcome.turns), seed


def test_lean_deal_is_the_engine_deal():
    for players in (3, 4, 5, 6, 7):
        for seed in (0, 1, 999_999_999):
            position, _dealer = deal(DealCode(players, seed))
            table, from_position = Table.deal(players, seed), Table.of(position)
            assert (table.stocks, table.discards, table.commons, table.to_move) == (
                from_position.stocks, from_position.discards, from_position.commons, from_position.to_move)


seats_strategy = st.builds(Seat, st.sampled_from(list(Policy)), st.sampled_from([0.0, 0.05, 0.3, 1.0]),
                           st.sampled_from([0.0, 0.4, 1.0]))


@pytest.mark.no_cover  # a long run over code the other tests cover: without coverage's tracer, half the time
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(list(VARIANTS)), seed=st.integers(0, 10**9 - 1), data=st.data())
def test_lean_path_equals_the_teaching_engine_for_any_players_and_variant(variant, seed, data):
    rules = VARIANTS[variant].rules
    players = data.draw(st.sampled_from([count for count in rules.player_counts if count <= 7]))
    seats = data.draw(st.lists(seats_strategy, min_size=players, max_size=players))
    position, _dealer = deal(DealCode(players, seed), rules=rules)
    lean = play(Table.of(position), seats, random.Random(seed), rules=rules, max_turns=400)
    _hand, slow = play_hand(position, seats, random.Random(seed), rules=rules, max_turns=400)
    assert lean == slow


@pytest.mark.no_cover  # a long run over code the other tests cover: without coverage's tracer, half the time
def test_every_policy_obeys_priority():
    for variant in VARIANTS.values():
        for policy in Policy:
            for seed in range(4):
                players = variant.rules.player_counts[0]
                position, _ = deal(DealCode(players, seed), rules=variant.rules)
                hand, summary = play_hand(position, [Seat(policy)] * players, random.Random(seed),
                                          rules=variant.rules, max_turns=300)
                assert summary.errors == summary.calls == 0
                assert all(record.judgement is None or record.judgement.ok for record in hand.records)


def test_policies_pick_as_described():
    from tutorial.engine.variants import STANDARD

    legal = [0, 2, 3]  # common piles 1, 3 and 4 (the rules kernel's ints)
    common = dict(mover=0, card_rank=6, common_tops=[5, 9, 7, 5], holdings=[5, 5, 5, 5], rules=STANDARD)
    rng = random.Random(1)
    assert choose(Seat(Policy.LOWEST), legal, rng, unseen=None, **common) == 0
    assert choose(Seat(Policy.HIGHEST), legal, rng, unseen=None, **common) == 2
    assert {choose(Seat(Policy.RANDOM), legal, random.Random(s), unseen=None, **common) for s in range(30)} == {0, 1, 2}
    # look-ahead: covering the 7 (pile 3) leaves tops 5 9 6 5 — fitting 4 6 8 10 5 7; covering a 5 keeps 7's 6 and 8
    unseen = [0] + [4] * 13
    unseen[8] = 0  # all the eights are seen: covering the 7 no longer matters for them
    picked = choose(Seat(Policy.LOOKAHEAD), legal, rng, unseen=unseen, **common)
    assert picked in (0, 1, 2)
    scores = []
    for index in range(3):
        tops = list(common["common_tops"])
        tops[legal[index]] = 6
        ranks = {r for top in tops for r in (top - 1, top + 1) if 1 <= r <= 13}
        scores.append(sum(unseen[r] for r in ranks))
    assert scores[picked] == min(scores)
    # an opponent's discard, when allowed, goes to the one holding fewest cards
    mixed = [1, ~2, ~3, ~0]  # common pile 2, the discards of seats 2 and 3, the mover's own
    assert choose(Seat(Policy.LOOKAHEAD), mixed, rng, unseen=unseen, **{**common, "holdings": [3, 9, 7, 2]}) == 2


@pytest.mark.no_cover  # a long run over code the other tests cover: without coverage's tracer, half the time
def test_study_is_reproducible_and_adds_up():
    spec = StudySpec(players=(3, 4, 5), hands=120, seed=7, policy="lookahead", error_rate=0.05, alertness=0.5)
    one = run(spec)
    assert run(spec, workers=2) == one
    for count in one.counts:
        assert count.wins.count + count.draws_repetition.count + count.draws_turn_limit.count == count.hands == 120
        assert sum(share.count for share in count.wins_by_seat) == count.wins.count
        assert count.length["median"] <= count.length["p90"] <= count.length["max"]
        assert count.per_hand["errors"] > 0 and count.per_hand["penalties"] <= count.per_hand["errors"]
    other = run(StudySpec(players=(3, 4, 5), hands=120, seed=8, policy="lookahead", error_rate=0.05, alertness=0.5))
    assert other != one


@pytest.mark.no_cover  # a long run over code the other tests cover: without coverage's tracer, half the time
def test_three_player_deals_often_never_finish():
    """docs/rules.md R7: with 3 players and rule-perfect play, more than a quarter of deals repeat."""
    count = run(StudySpec(players=(3,), hands=400, seed=1)).counts[0]
    assert count.draws_repetition.rate > 0.25
    assert count.wins.count + count.draws_repetition.count + count.draws_turn_limit.count == 400


def test_length_mean_counts_every_hand_and_finished_mean_the_hands_won():
    """Issue 37 § 5: ``length.mean`` is over every hand, drawn ones included (a hand drawn at the
    turn limit counts the limit); ``finished_mean`` over the hands won only."""
    rows = [(FINISHED, 0, 40, 0, 0, 0, 0, 0, 0), (FINISHED, 1, 60, 0, 0, 0, 0, 0, 1),
            (REPETITION, -1, 200, 0, 0, 0, 0, 0, 2), (TURN_LIMIT, -1, 1500, 0, 0, 0, 0, 0, 0)]
    count = summarise(3, rows)
    assert count.length["mean"] == 450.0 and count.length["finished_mean"] == 50.0
    assert summarise(3, rows[2:]).length["finished_mean"] == 0.0
    assert count.as_dict()["length"]["finished_mean"] == 50.0


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0) and wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_floor_plays_the_same_hands():
    floor = load_floor()
    for players in (3, 4, 7):
        for seed in range(20):
            assert floor(Table.deal(players, seed), 3000, True) == play(Table.deal(players, seed), max_turns=3000).turns


def test_stats_command_json_and_csv(capsys):
    assert main(["stats", "--players", "4,5", "--hands", "40", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    counts = data["studies"][0]["counts"]
    assert [c["players"] for c in counts] == [4, 5]
    assert set(counts[0]) >= {"wins", "draws_repetition", "draws_turn_limit", "length", "wins_by_seat", "per_hand",
                              "challenger", "fair"}
    assert counts[0]["wins"]["count"] + counts[0]["draws_repetition"]["count"] + counts[0]["draws_turn_limit"]["count"] == 40
    assert set(counts[0]["length"]) == {"mean", "median", "p90", "max", "finished_mean"}
    assert main(["stats", "--players", "4", "--hands", "20", "--variant", "standard", "--variant", "wrap", "--csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "length_mean,length_median,length_p90,length_max,length_finished_mean," in lines[0]
    assert lines[0].startswith("variant,players,hands") and [line.split(",")[0] for line in lines[1:]] == ["standard", "wrap"]
    assert main(["stats", "--players", "4", "--hands", "20", "--lang", "es"]) == 0
    assert "%" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [
    ["--players", "2"], ["--players", "3,3"], ["--players", "x" * 100], ["--hands", "0"], ["--hands", "1e3"],
    ["--hands", "9" * 5000], ["--seed", "-1"], ["--error-rate", "nan"], ["--alertness", "2"],
    ["--variant", "nope"], ["--policy", "best"], ["--workers", "0"], ["--variant", "four-centre", "--players", "3"],
    ["--max-turns", "0"], ["--json", "--csv"],
])
def test_stats_bad_input_is_one_line_status_2(argv, capsys):
    try:
        status = main(["stats", *argv])
    except SystemExit as stop:  # argparse's own checks (choices, exclusive options)
        status = stop.code
    assert status == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_bench_prints_a_line_per_player_count(capsys):
    assert main(["bench", "--hands", "3", "--players", "4,5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4 and lines[1].split()[0] == "4" and lines[2].split()[0] == "5"
    assert lines[3].startswith("evaluation: every pile of a 4-player turn with 2 correct piles (8 piles)")
    seconds = float(lines[3].rsplit(": ", 1)[1].split()[0])
    assert 0 < seconds < 60


def test_summary_of_a_won_hand():
    position, _ = deal(DealCode(4, 2))
    _hand, summary = play_hand(position)
    if summary.reason == FINISHED:
        assert summary.winner is not None and 0 <= summary.winner < 4


@pytest.mark.no_cover  # a long run over code the other tests cover: without coverage's tracer, half the time
def test_a_dask_cluster_gives_the_same_numbers():
    distributed = pytest.importorskip("distributed")
    spec = StudySpec(players=(4, 5), hands=300, seed=11, policy="random", error_rate=0.05)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        seen = []
        on_cluster = run(spec, scheduler=cluster.scheduler_address, progress=lambda done, total: seen.append(done))
    assert on_cluster == run(spec)
    assert seen[-1] == len(seen) == 4  # two player counts × two chunks of 250 hands or fewer


def test_stats_with_an_unreachable_scheduler_is_one_line(capsys):
    pytest.importorskip("distributed")
    assert main(["stats", "--players", "4", "--hands", "5", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--scheduler" in err


def test_bench_without_the_source_checkout_says_so_in_one_line(capsys, monkeypatch, tmp_path):
    """The floor lives in benchmarks/ (issue 18), which an installed package has not got."""
    import tutorial.explore.bench as bench

    monkeypatch.setattr(bench, "FLOOR", tmp_path / "floor.py")
    assert main(["bench", "--hands", "1", "--players", "4"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "source checkout" in err and "Traceback" not in err
    with pytest.raises(FileNotFoundError):
        bench.load_floor(tmp_path / "floor.py")
