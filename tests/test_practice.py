"""The practice game without the interface: replay, URL moves, stale clicks."""

import pytest

from tutorial.engine import ActionError, DealCode, Dest, PositionError
from tutorial.practice import PracticeGame, decode_moves, encode_moves, restore


def restore_game(*args):
    """A game restored from address parts that are all good."""
    game, problems = restore(*args)
    assert problems == []
    return game


def test_moves_round_trip():
    decisions = ["common:1", "discard:B", "common:12", "discard:A"]
    assert decode_moves(encode_moves(decisions)) == decisions
    for bad in ["x1", "c", "c1..c2", "c²"]:
        with pytest.raises(PositionError):
            decode_moves(bad)


def test_a_stale_click_is_ignored():
    game = PracticeGame(DealCode(4, 5))
    seen = game.token
    dest = game.hand.legal().dests[0]
    assert game.decide(str(dest), seen=seen)
    before = (list(game.decisions), game.hand.position, game.hand.turns, game.token)
    assert not game.decide("discard:A", seen=seen)  # the second half of a double click
    assert (list(game.decisions), game.hand.position, game.hand.turns, game.token) == before


def test_restore_rebuilds_the_same_game():
    game = PracticeGame(DealCode(4, 11))
    for _ in range(5):
        if game.hand.over:
            break
        game.play(game.hand.legal().dests[-1])
    again = restore_game("4-11", encode_moves(game.decisions))
    assert again.hand.position == game.hand.position and again.decisions == game.decisions


def test_restore_keeps_the_good_parts_and_names_the_bad_ones():
    game, problems = restore("3-1", "", "D")
    assert [p.code for p in problems] == ["bad-seat"] and str(game.code) == "3-1" and game.learner == "A"
    game, problems = restore("4-1", "c9")
    assert [p.code for p in problems] == ["bad-moves"] and str(game.code) == "4-1" and game.decisions == []
    game, problems = restore("4-12345", "", "Z", "table.a500")
    assert [p.code for p in problems] == ["bad-seat", "bad-settings"] and str(game.code) == "4-12345"
    assert restore("7-1", "", "g")[0].learner == "G"
    with pytest.raises(PositionError):
        restore("4-1234567890")


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_every_table_size_plays_to_the_end_from_any_seat(players):
    seat = players - 1
    game = PracticeGame(DealCode(players, 99), seat)
    while not game.hand.over:
        game.play(game.hand.legal().dests[0])
    assert game.hand.outcome.result in ("win", "draw")
    assert restore_game(f"{players}-99", encode_moves(game.decisions), "ABCDEFG"[seat]).hand.position == game.hand.position


def test_undo_replays_without_the_last_placement():
    game = PracticeGame(DealCode(4, 3))
    first = game.hand.position, game.hand.turned
    game.play(game.hand.legal().dests[0])
    back = game.undone()
    assert back.decisions == [] and (back.hand.position, back.hand.turned) == first
    with pytest.raises(ActionError):
        back.undone()


# ----- settings, Table mode, matches (issue 4) -------------------------------
from tutorial.practice import CALL, NEXT, Settings  # noqa: E402


def test_settings_round_trip_and_bad_values():
    for settings in [Settings(), Settings(mode="table", alertness=70, slips=15, hands=3, turn_limit=500),
                     Settings(penalise=False)]:
        assert Settings.parse(settings.to_text()) == settings
    for bad in ["chess", "table.a101", "coach.h0", "coach.t10", "table.x5", "table.a1e3", "coach.h99999999"]:
        with pytest.raises(PositionError) as info:
            Settings.parse(bad)
        assert info.value.code == "bad-settings"


def wrong_dest(game):
    legal = game.hand.legal().dests
    position = game.hand.turned.position
    options = [Dest.common(n) for n in range(1, len(position.commons) + 1)] + [Dest.discard(p) for p in position.players]
    return next(d for d in options if d not in legal)


def test_coach_without_penalty_corrects_but_gives_no_cards():
    game = PracticeGame(DealCode(4, 12), settings=Settings(penalise=False))
    record = game.play(wrong_dest(game))
    assert record.called and record.penalty == ()


def test_table_mode_uncalled_learner_error_stands():
    game = PracticeGame(DealCode(4, 12), settings=Settings(mode="table", alertness=0))
    dest = wrong_dest(game)
    record = game.play(dest)
    assert record.judgement.error and not record.called and record.placed == dest


def until_shown(game):
    """The learner plays right until a computer player's placement is shown."""
    while game.watching is None:
        game.play(game.hand.legal().dests[0])
    return game.watching


def test_table_mode_the_learner_calls_first_and_a_right_call_corrects():
    game = PracticeGame(DealCode(4, 12), settings=Settings(mode="table", alertness=100, slips=100))
    shown = until_shown(game)
    assert game.hand.judge(shown.dest).error  # a slip, shown with the same controls as a right play...
    assert game.hand.turned is not None and game.hand.turned.card == shown.card  # ...and nobody has called it yet
    entry = game.call()
    assert entry.supported and entry.record.called and entry.record.caller == "A" and entry.record.mover == shown.mover
    assert len(entry.record.penalty) >= 1 and game.calls == [entry]


def test_table_mode_an_unsupported_call_changes_nothing():
    game = PracticeGame(DealCode(4, 12), settings=Settings(mode="table", slips=0))
    shown = until_shown(game)
    entry = game.call()
    assert not entry.supported and not entry.record.called and entry.record.placed == shown.dest
    assert entry.record.penalty == () and game.calls == [entry]


def test_table_mode_the_others_call_only_after_the_learner_lets_it_pass():
    game = PracticeGame(DealCode(4, 12), settings=Settings(mode="table", alertness=100, slips=100))
    shown = until_shown(game)
    game.go_on()
    record = next(r for r in reversed(game.hand.records) if r.card == shown.card)
    assert record.called and record.caller not in (None, "A") and record.caller != shown.mover


def test_table_mode_defaults_give_the_learner_errors_to_call():
    shown, slips = 0, 0
    for seed in range(5):
        game = PracticeGame(DealCode(4, seed), settings=Settings(mode="table"))
        while not game.hand_over:
            if game.watching is not None:
                shown += 1
                slips += game.hand.judge(game.watching.dest).error is not None
                game.go_on()
            else:
                game.play(game.hand.legal().dests[0])
    assert slips >= 10 and shown > 3 * slips  # several chances per hand, among many right plays


def test_watching_only_placements_that_involve_a_discard_shows_fewer():
    counts = {}
    for watch in ("all", "discards"):
        game = PracticeGame(DealCode(7, 3), settings=Settings(mode="table", watch=watch))
        counts[watch] = 0
        while not game.hand_over:
            if game.watching is not None:
                counts[watch] += 1
                shown = game.watching
                if watch == "discards":
                    position = game.hand.turned.position
                    assert shown.dest.kind == "discard" or any(
                        position.discards[s] and shown.card.fits(position.discards[s][-1])
                        for s in position.opponents_clockwise())
                game.go_on()
            else:
                game.play(game.hand.legal().dests[0])
    assert 0 < counts["discards"] < counts["all"]
    assert Settings.parse("table.a50.s15.w1.h1.t1000").watch == "discards"


def test_the_learner_picks_the_common_pile_for_a_called_card_r4():
    for seed in range(200):  # a deal whose first card of the learner fits two common piles
        game = PracticeGame(DealCode(4, seed))
        if len(game.hand.legal().dests) > 1:
            break
    legal = game.hand.legal().dests
    assert game.play(Dest.discard(game.learner)) is None  # missed-destination, called: the learner picks
    assert game.correction_choices() == legal and not game.waiting_for_learner
    with pytest.raises(PositionError):
        game.play(Dest.discard("B"))
    record = game.play(legal[-1])
    assert record.called and record.placed == legal[-1]
    again = restore_game(f"4-{seed}", game.moves_text())
    assert again.token == game.token and next(r for r in again.hand.records if r.mover == "A").placed == legal[-1]
    assert game.undone().decisions == []  # undo takes back the placement with its pick


def test_table_mode_game_replays_from_its_decisions():
    settings = Settings(mode="table", alertness=50, slips=30, hands=2, turn_limit=300)
    game = PracticeGame(DealCode(5, 4), 2, settings=settings)
    for step in range(3000):
        if game.match_over:
            break
        if game.watching is not None:  # a placement being shown: call it now and then
            if step % 3 == 0:
                game.call()
            else:
                game.go_on()
        elif game.hand_over:
            game.next_hand()
        elif game.correcting is not None:
            game.play(game.correction_choices()[-1])
        else:  # the learner's card: now and then a deliberate error
            game.play(game.hand.legal().dests[0] if step % 4 else wrong_dest(game))
    assert game.match_over and len(game.outcomes) == 2
    again = restore_game("5-4", encode_moves(game.decisions), "C", settings.to_text())
    assert again.outcomes == game.outcomes and again.hand.position == game.hand.position
    assert sum(game.scores().values()) == sum(1 for o in game.outcomes if o.winner)
    assert set(game.winners()) <= set(game.hand.start.players)


def test_match_hands_pass_the_deal_clockwise():
    game = PracticeGame(DealCode(3, 8), settings=Settings(hands=3))
    dealers = []
    while True:
        dealers.append(game.dealer)
        while not game.hand_over:
            game.play(game.hand.legal().dests[0])
        if game.match_over:
            break
        game.next_hand()
    assert dealers == [(dealers[0] + i) % 3 for i in range(3)]
    with pytest.raises(ActionError):
        game.next_hand()
    assert CALL and NEXT  # the decision words used in addresses


# ----- long games and the address (issue 7) ------------------------------------------
import base64  # noqa: E402
import random  # noqa: E402
import zlib  # noqa: E402

from hypothesis import HealthCheck, given  # noqa: E402
from hypothesis import settings as hyp_settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


def play_like_a_learner(game, rng, *, wrong=0.1, call=0.3, limit=None):
    """Play ``game`` to the end of its match (or ``limit`` decisions): mostly right,
    sometimes a wrong pile, sometimes a call. Returns the game."""
    while not game.match_over and (limit is None or len(game.decisions) < limit):
        if game.hand_over:
            game.decide("hand")
        elif game.watching is not None:
            game.decide("call" if rng.random() < call else "next")
        elif game.correcting is not None:
            game.play(rng.choice(game.correction_choices()))
        else:
            position = game.hand.turned.position
            every = [Dest.common(n) for n in range(1, len(position.commons) + 1)] + [Dest.discard(p) for p in position.players]
            game.play(rng.choice(every) if rng.random() < wrong else game.hand.legal().dests[0])
    return game


@pytest.mark.no_cover  # a long run over code the other tests cover: without coverage's tracer, half the time
@pytest.mark.parametrize("deal", ["3-1", "3-2"])
def test_a_twenty_hand_three_player_match_restores_from_a_short_address(deal):
    settings = Settings(hands=20)
    game = play_like_a_learner(PracticeGame(DealCode.parse(deal), settings=settings), random.Random(0), wrong=0.0)
    assert game.match_over and len(game.decisions) > 2500
    assert len(encode_moves(game.decisions)) > 7000  # the first address form: the length that was refused
    text = game.moves_text()
    assert len(text) < 500
    again = restore_game(deal, text, None, settings.to_text())
    assert again.token == game.token and again.outcomes == game.outcomes and again.hand.position == game.hand.position


@hyp_settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 7), seed=st.integers(0, 10**9 - 1), seat=st.integers(0, 6),
       mode=st.sampled_from(["coach", "table"]), alertness=st.integers(0, 10), slips=st.integers(0, 20),
       hands=st.integers(1, 3), turn_limit=st.sampled_from([50, 100, 1000, 2_000]), penalise=st.booleans(),
       wrong=st.floats(0, 0.5), choices=st.integers(0, 2**32))
def test_any_game_restores_from_what_the_address_keeps(players, seed, seat, mode, alertness, slips, hands, turn_limit,
                                                       penalise, wrong, choices):
    settings = Settings(mode=mode, alertness=alertness * 10, slips=slips * 5, hands=hands, turn_limit=turn_limit,
                        penalise=penalise)
    seat = seat % players
    game = play_like_a_learner(PracticeGame(DealCode(players, seed), seat, settings=settings), random.Random(choices),
                               wrong=wrong, limit=400)
    again = restore_game(f"{players}-{seed}", game.moves_text(), "ABCDEFG"[seat], settings.to_text())
    assert again.decisions == game.decisions and again.token == game.token
    assert again.hand.position == game.hand.position and again.outcomes == game.outcomes


def test_addresses_written_before_keep_working():
    game = play_like_a_learner(PracticeGame(DealCode(4, 77), settings=Settings(mode="table", slips=30)),
                               random.Random(3), wrong=0.2, limit=150)
    first_form = encode_moves(game.decisions)
    assert "." in first_form and not first_form.startswith("~")
    again = restore_game("4-77", first_form, None, game.settings.to_text())
    assert again.token == game.token


@pytest.mark.parametrize("text", [
    "~", "~x", "~1.?", "~z", "~z!!!", "~z" + base64.urlsafe_b64encode(b"not zlib").decode(),
    "~z" + base64.urlsafe_b64encode(zlib.compress(b"." * 10_000_000)).decode(),  # far more than any game allows
    "~z" + base64.urlsafe_b64encode(zlib.compress(b"..q")).decode(),  # a symbol that means nothing
    "c" + "1" * 4400, "d" + "A" * 5000, "c²",
])
def test_bad_moves_are_refused_without_unpacking_them_all(text):
    with pytest.raises(PositionError) as info:
        decode_moves(text, limit=2002)
    assert info.value.code == "bad-moves"


def test_moves_text_is_compact_and_plain_when_short():
    game = PracticeGame(DealCode(4, 5))
    assert game.moves_text() == ""
    game.play(game.hand.legal().dests[0])
    assert game.moves_text() == "~."
    assert decode_moves("~.1an") == ["best", "common:1", "discard:A", "next"]


@pytest.mark.parametrize("text", ["coach.p2", "coach.p1.p0", "coach.a50", "table.p1", "table.w2", "table.h2.h3"])
def test_settings_are_read_strictly(text):
    with pytest.raises(PositionError):
        Settings.parse(text)


def test_packed_moves_with_anything_after_the_packed_data_are_refused():
    with pytest.raises(PositionError):
        decode_moves("~z" + base64.urlsafe_b64encode(zlib.compress(b"..") + b"GARBAGE").decode())


# ----- what an address may cost (issue 17, item 9) ------------------------------------------
import contextlib  # noqa: E402
import re  # noqa: E402
import threading  # noqa: E402
from pathlib import Path  # noqa: E402

from tutorial.engine import MugginsError  # noqa: E402
from tutorial.practice import address, parse_seat  # noqa: E402
from tutorial.practice import game as game_module  # noqa: E402
from tutorial.practice.settings import MAX_GAME_TURNS, MAX_HANDS, MAX_TURN_LIMIT  # noqa: E402

SHORT_LINK = {"deal": "3-39", "game": "coach.p1.h1.t100000",
              "moves": "~zeNrtwQENAAAAwqBG7x_PHG5AAQAAAAAAAAAAAADcG4SvG1M"}
"""The link of issue 17: 49 characters of moves, 11,547 rule-perfect decisions of a hand that runs 34,643 turns."""


def test_the_short_link_of_issue_17_replays_a_bounded_number_of_turns():
    assert len(SHORT_LINK["moves"]) == 49 and len(decode_moves(SHORT_LINK["moves"])) == 11_547
    game, problems = restore(SHORT_LINK["deal"], SHORT_LINK["moves"], None, SHORT_LINK["game"])
    assert [problem.code for problem in problems] == ["bad-settings", "bad-moves"]
    assert game.settings == Settings() and game.turns_played <= Settings().turn_limit
    # the same decisions at the highest turn limit an address may set: the hand stops there
    at_cap, problems = restore(SHORT_LINK["deal"], SHORT_LINK["moves"], None, f"coach.p1.h1.t{MAX_TURN_LIMIT}")
    assert [problem.code for problem in problems] == ["bad-moves"] and at_cap.turns_played <= MAX_TURN_LIMIT


def test_the_longest_game_the_settings_allow_replays_at_most_hands_times_the_limit():
    settings = Settings(hands=2, turn_limit=MAX_TURN_LIMIT)
    game = PracticeGame(DealCode(3, 39), settings=settings)
    while not game.match_over:
        game.decide("hand" if game.hand_over else "best")
    assert game.outcomes[0].reason == "turn-limit" and game.turns_played == sum(o.turns for o in game.outcomes)
    again = restore_game("3-39", game.moves_text(), None, settings.to_text())
    assert again.token == game.token and again.turns_played == game.turns_played <= 2 * MAX_TURN_LIMIT
    assert MAX_GAME_TURNS == MAX_HANDS * MAX_TURN_LIMIT


@pytest.mark.parametrize("text", [f"coach.p1.h1.t{MAX_TURN_LIMIT + 1}", "coach.p1.h1.t100000", f"table.h{MAX_HANDS + 1}"])
def test_an_address_cannot_set_more_than_the_caps(text):
    with pytest.raises(PositionError) as info:
        Settings.parse(text)
    assert info.value.code == "bad-settings"


class CountingLock:
    """Stands in for the server-wide replay lock and counts its use."""

    def __init__(self):
        self.acquired = self.released = 0
        self._lock = threading.Lock()

    def acquire(self):
        self.acquired += 1
        return self._lock.acquire()

    def release(self):
        self.released += 1
        self._lock.release()


def test_only_long_replays_take_turns_server_wide(monkeypatch):
    lock = CountingLock()
    monkeypatch.setattr(game_module, "REPLAYS", lock)
    short = PracticeGame(DealCode(4, 5))
    for _ in range(5):
        short.decide("best")
    restore_game("4-5", short.moves_text())
    assert lock.acquired == 0  # a refresh of an ordinary game never waits
    long_game = PracticeGame(DealCode(3, 39), settings=Settings(turn_limit=MAX_TURN_LIMIT))
    while not long_game.hand_over:
        long_game.decide("best")
    restore_game("3-39", long_game.moves_text(), None, long_game.settings.to_text())
    assert lock.acquired == lock.released == 1
    long_game.undone()  # an undo replays the game too
    assert lock.acquired == lock.released == 2
    with pytest.raises(MugginsError):  # a replay that fails half-way lets the next one go
        PracticeGame(DealCode(3, 39), 0, [*long_game.decisions[:-1], "hand"], long_game.settings)
    assert lock.acquired == lock.released == 3


# ----- every address parameter's parser raises only its documented error ---------------------
ADDRESS_BITS = st.sampled_from(["", ".", "..", "~", "~z", "coach", "table", "p", "p0", "p1", "p2", "a", "a50", "s15",
                                "w1", "w", "h", "h1", "h20", "h21", "t", "t50", "t2000", "t2001", "t100000", "٣", "1_0",
                                "²", "+5", "-", "3", "4", "9", "1234", "c1", "dA", "M", "n", "H", "1", "a", " ", "\x00"])
ADDRESS_TEXT = st.one_of(st.text(max_size=60), st.lists(ADDRESS_BITS, max_size=8).map("".join),
                         st.lists(ADDRESS_BITS, max_size=8).map(".".join), st.lists(ADDRESS_BITS, max_size=8).map("-".join))
PACKED = st.builds(lambda symbols, count: "~z" + base64.urlsafe_b64encode(zlib.compress((symbols * count).encode())).decode(),
                   st.text(alphabet=".123456789abcdefgMnH", min_size=1, max_size=4), st.integers(1, 20_000))


@hyp_settings(max_examples=300, deadline=None)
@given(text=st.one_of(ADDRESS_TEXT, PACKED, st.none()))
def test_each_address_parser_raises_only_position_errors(text):
    for parse in (DealCode.parse, decode_moves, lambda t: parse_seat(t, 4), Settings.parse):
        with contextlib.suppress(PositionError):
            parse(text)


@hyp_settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.one_of(ADDRESS_TEXT, st.sampled_from(["3-39", "4-1234", "7-5", "3-2760"])),
       moves=st.one_of(ADDRESS_TEXT, PACKED, st.none()), seat=st.one_of(ADDRESS_TEXT, st.none()),
       settings=st.one_of(ADDRESS_TEXT, st.none(), st.builds(
           lambda mode, hands, limit: f"{mode}.h{hands}.t{limit}", st.sampled_from(["coach", "table"]),
           st.integers(1, 3), st.integers(50, MAX_TURN_LIMIT))))
def test_any_address_restores_or_is_refused_and_its_replay_is_bounded(deal, moves, seat, settings):
    try:
        game, problems = restore(deal, moves, seat, settings)
    except PositionError as err:
        assert err.code in ("bad-deal-code", "player-count")
        return
    assert all(isinstance(problem, PositionError) for problem in problems)
    assert game.turns_played <= game.settings.hands * game.settings.turn_limit <= MAX_GAME_TURNS


@pytest.mark.parametrize("text", [".", "coach.", "coach..h1", ".coach", "table..", "table.a50..s15", "coach.p1.h1.t1000.", "..."])
def test_an_empty_part_in_the_settings_is_refused_not_a_crash(text):
    with pytest.raises(PositionError) as info:
        Settings.parse(text)
    assert info.value.code == "bad-settings"
    game, problems = restore("4-1234", "~.", None, text)
    assert [problem.code for problem in problems] == ["bad-settings"] and game.settings == Settings()
    assert address.share_query(game) == {"deal": "4-1234"}


# ----- docstrings name the error class the code raises (issue 17, item 8) --------------------
def raised_codes() -> dict[str, set[str]]:
    """Error codes raised anywhere in the package, by class."""
    codes: dict[str, set[str]] = {"ActionError": set(), "PositionError": set()}
    for path in Path(address.__file__).resolve().parent.parent.rglob("*.py"):
        for kind, code in re.findall(r"(ActionError|PositionError)\(\"([a-z-]+)\"", path.read_text(encoding="utf-8")):
            codes[kind].add(code)
    return codes


def test_docstrings_name_the_error_class_each_code_belongs_to():
    codes = raised_codes()
    assert not codes["ActionError"] & codes["PositionError"]
    wrong = []
    for path in Path(address.__file__).resolve().parent.parent.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        # ":class:`PositionError` ``a`` or ``b``", "(``a``, ``b``)": the codes named up to the sentence's end
        for kind, tail in re.findall(r"(ActionError|PositionError)`\s*((?:\(?``[a-z-]+``(?:,|\)| or|\s)*)+)", text):
            for code in re.findall(r"``([a-z-]+)``", tail):
                other = "ActionError" if kind == "PositionError" else "PositionError"
                if code in codes[other] and code not in codes[kind]:
                    wrong.append(f"{path.name}: {kind} ``{code}``")
    assert wrong == []


def test_with_no_card_turned_up_the_game_says_so_rather_than_failing_on_none():
    game = play_like_a_learner(PracticeGame(DealCode(3, 1)), random.Random(1))
    assert game.match_over and game.hand.turned is None
    with pytest.raises(ActionError) as refused:
        game._turned()
    assert refused.value.code == "no-card"


def test_a_long_replay_and_moves_that_cannot_be_replayed_are_logged(monkeypatch, caplog):
    from tutorial.practice import game as game_module

    played = play_like_a_learner(PracticeGame(DealCode(4, 7)), random.Random(2), limit=40)
    monkeypatch.setattr(game_module, "QUEUE_AFTER", 10)  # "long": past 10 turns, for the test
    with caplog.at_level("INFO", logger="tutorial.practice"):
        again = restore_game("4-7", played.moves_text())
        assert again.decisions == played.decisions
        assert f"long replay of 4-7: {len(played.decisions)} decisions" in caplog.text
        caplog.clear()
        _game, problems = restore("4-7", "~zzzz")
    assert [p.code for p in problems] == ["bad-moves"]
    assert "the moves of deal 4-7 could not be replayed" in caplog.text
