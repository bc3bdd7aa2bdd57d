"""The position lab's screen model (tutorial/app/explore/model_position.py), without Streamlit:
every destination judged, bad text refused with its line, edits, the playout stepped, links,
files, and the explorer's state and address (issue 11, issue 17, issue 18)."""

from __future__ import annotations

import base64
import zlib

import pytest

from tutorial.app.explore import model_position
from tutorial.app.explore.model import POSITION, VARIANTS, ExplorerState, LabAddress
from tutorial.app.explore.model_position import PositionLab, PositionLabState
from tutorial.app.explore.position_text import MAX_LINK, MAX_TEXT, from_link, link_value, move_card
from tutorial.engine import DealCode, deal, legal_destinations, turn_up
from tutorial.engine.errors import PositionError
from tutorial.engine.posfile import dumps, loads
from tutorial.narrate import narrator

START_TEXT = dumps(deal(DealCode(4, 1))[0])


def lab(lang: str = "en", state: PositionLabState | None = None, linked: str | None = None) -> PositionLab:
    return PositionLab(state if state is not None else PositionLabState(), narrator(lang), linked=linked)


def test_a_fresh_lab_starts_from_deal_4_1_and_gives_a_verdict_for_every_destination() -> None:
    found = lab()
    assert found.text == START_TEXT and found.take_notice() is None
    exam = found.examination()
    position = loads(found.text)
    assert exam is not None and exam.pickable
    assert len(exam.piles) == len(position.commons) + len(position.players)
    titles = [pile.title for pile in exam.piles]
    assert sum(t.startswith("Correct:") for t in titles) >= 1 and any(t.startswith("Muggins!") for t in titles)
    assert all(pile.explanation for pile in exam.piles)
    assert exam.picked is None and exam.prompt and "Choose a pile" in exam.prompt
    assert exam.table.turned is not None and set(exam.table.marks) == {p.dest for p in exam.piles if p.ok}
    assert any("turned" in line or "goes" in line or "must" in line for line in exam.lines), exam.lines


def test_a_click_on_a_pile_shows_its_verdict_and_a_new_position_forgets_it() -> None:
    found = lab()
    turned = turn_up(loads(found.text))
    legal = legal_destinations(turned.position, turned.card)
    exam = found.examination()
    assert exam is not None
    wrong = next(pile.dest for pile in exam.piles if not pile.ok)
    found.pick(str(wrong))
    exam = found.examination()
    assert exam is not None and exam.picked is not None and not exam.picked.ok and exam.prompt is None
    assert exam.table.marks[wrong] == "wrong"
    found.pick(str(legal.dests[0]))
    exam = found.examination()
    assert exam is not None and exam.picked is not None and exam.picked.ok
    found.deal("5-3")  # a click made on the old table does not pick on the new one
    exam = found.examination()
    assert exam is not None and exam.picked is None


def test_the_playout_steps_forward_back_to_the_end_and_to_the_start() -> None:
    found = lab()
    shown = found.playout.view()
    assert shown is not None and shown.turn == 0 and shown.last > 3
    assert [s.name for s in shown.steps] == ["first", "back", "forward", "end"]
    assert [s.enabled for s in shown.steps] == [False, False, True, True]
    assert shown.lines[0].startswith("The start.")
    token = found.token()
    found.playout.step("forward")
    shown = found.playout.view()
    assert shown is not None and shown.lines[0] == f"Turn 1 of {shown.last}" and found.token() != token
    found.playout.step("end")
    shown = found.playout.view()
    assert shown is not None and shown.turn == shown.last and len(shown.lines) == 3  # the outcome too
    assert not found.playout.can_step("forward") and not found.playout.can_step("end")
    found.playout.step("forward")  # nothing beyond the end
    assert found.playout.turn() == shown.last
    found.playout.step("back")
    assert found.playout.turn() == shown.last - 1
    found.playout.go_to(10**6)
    assert found.playout.turn() == shown.last
    found.playout.go_to(-5)
    assert found.playout.turn() == 0
    found.playout.step("end")
    found.playout.step("first")
    assert found.playout.turn() == 0
    found.playout.step("end")
    found.deal("4-2")  # a new position starts at its start
    assert found.playout.turn() == 0


def test_spanish_steps_and_turns() -> None:
    found = lab("es")
    found.playout.step("forward")
    shown = found.playout.view()
    assert shown is not None and shown.lines[0].startswith("Turno 1 de")
    assert [s.label for s in shown.steps][2] == "Adelante"


def test_bad_text_is_refused_with_its_line_and_the_last_good_position_stays() -> None:
    found = lab("es")
    position = loads(found.text)
    card = str(position.stocks[0][0])  # also put on common pile 1: the card twice
    broken = found.text.replace("commons = [[", f'commons = [["{card}", ', 1)
    edits = found.state.edits
    assert found.use_text(broken) is False and found.state.edits == edits  # the editor keeps what was typed
    line = broken.splitlines().index(next(li for li in broken.splitlines()
                                          if li.startswith(position.players[0] + " = "))) + 1
    problem = found.problem()
    assert problem is not None and f"Línea {line}" in problem and card in problem, problem
    assert found.position() is None and found.shown() == position
    assert found.fallback_note() and found.examination() is not None and found.playout.view() is not None
    assert not found.can_move() and not found.can_add_player() and found.move_sources() == {}
    assert found.use_text("players = [") is False and found.problem()
    assert found.deal("5-77") and found.problem() is None and loads(found.text) == deal(DealCode(5, 77))[0]
    assert found.fallback_note() is None and found.state.edits == edits + 1  # a new editor with the dealt text


def test_a_bad_deal_code_is_a_notice_said_once() -> None:
    found = lab()
    assert found.deal("9-1") is False
    notice = found.take_notice()
    assert notice and found.take_notice() is None
    assert found.text == START_TEXT


def test_edits_move_a_card_choose_the_mover_add_and_remove_players() -> None:
    found = lab()
    before = loads(found.text)
    other = before.players[(before.to_move + 1) % len(before.players)]
    assert found.can_set_mover(other) and not found.can_set_mover(before.mover) and not found.can_set_mover("Z")
    found.set_mover(other)
    assert loads(found.text).mover == other
    assert found.can_add_player()
    found.add_player()
    assert len(loads(found.text).players) == len(before.players) + 1
    source = f"stock:{before.players[0]}"
    assert source in found.move_sources() and "common:1" in found.move_targets()
    assert found.move_sources()[source] and not found.can_move(source, source)
    found.move(source, "common:1")
    moved = loads(found.text)
    assert moved.commons[0][-1] == before.stocks[0][0] and len(moved.stocks[0]) == len(before.stocks[0]) - 1
    while found.can_add_player():
        found.add_player()
    assert len(found.players()) == 7
    found.add_player()
    assert len(found.players()) == 7
    mover = found.mover()
    found.remove_player(mover)
    assert len(found.players()) == 6 and mover not in found.players() and found.mover() in found.players()
    while found.can_remove_player():
        found.remove_player(found.players()[-1])
    assert len(found.players()) == 3 and not found.can_remove_player()


def test_a_move_the_position_refuses_is_a_notice() -> None:
    found = lab()
    found.move("common:1", "discard:B")  # its only card: not offered, so nothing happens
    assert found.text == START_TEXT and found.take_notice() is None


def test_move_card_keeps_every_card_and_never_empties_a_common() -> None:
    position, _ = deal(DealCode(4, 3))
    moved = move_card(position, "stock:A", "discard:B")
    assert moved.discard_of("B") == (position.stock_of("A")[0],)
    assert sorted(map(str, moved.all_cards())) == sorted(map(str, position.all_cards()))
    with pytest.raises(PositionError):
        move_card(position, "common:1", "discard:B")  # its only card
    with pytest.raises(PositionError):
        move_card(position, "discard:B", "common:1")  # nothing there


def test_position_links_round_trip_and_odd_links_are_refused() -> None:
    text = dumps(deal(DealCode(6, 9))[0])
    assert from_link(link_value(text)) == text
    bomb = base64.urlsafe_b64encode(zlib.compress(b"a" * 50_000_000, 9)).decode().rstrip("=")
    for odd in ("", "!!!", "x" * 7000, base64.urlsafe_b64encode(b"not zlib").decode(), bomb,
                link_value(text) + "AAAA", None):
        assert from_link(odd) is None
    assert lab(linked=link_value(text)).text == text
    garbage = lab(linked="garbage")
    assert garbage.text == START_TEXT
    assert garbage.take_notice() == "The position in the page address could not be read; here is deal 4-1 instead."
    invalid = lab(linked=link_value("players = ["))  # a link to a text that is no position
    assert invalid.text == START_TEXT and invalid.take_notice()


def test_save_and_share_the_position() -> None:
    found = lab()
    assert found.file_text() == START_TEXT
    link = found.share_link("http://host:8501/explore?lab=position&pos=old")
    assert link == f"http://host:8501/explore?lab=position&pos={found.address_value()}"
    assert found.share_link(None) is not None and found.share_link(None).startswith("/explore?lab=position&pos=")
    noisy = START_TEXT + "".join(f"# {base64.b64encode(bytes([i] * 60)).decode()}{i}\n" for i in range(200))
    found.use_text(noisy)  # a text that packs to more than an address holds
    if len(link_value(noisy)) > MAX_LINK:
        assert found.address_value() is None and found.share_link("x") is None


def test_files_are_read_with_limits_and_a_byte_order_mark() -> None:
    found = lab()
    assert found.read_file(b"\xef\xbb\xbf" + dumps(deal(DealCode(3, 4))[0]).encode()) is True
    assert loads(found.text) == deal(DealCode(3, 4))[0] and found.state.uploads == 1
    assert found.read_file(b"#" * (MAX_TEXT + 1)) is False
    assert "32 kB" in (found.take_notice() or "")
    assert found.read_file(b"players = [\xff]") is False
    assert found.take_notice() and found.state.uploads == 3
    assert found.read_file(b"players = [") is False and found.problem()  # taken, for the editor to correct
    assert found.editor_open_after(False) and not found.editor_open_after(True)


def test_lesson_positions_are_offered_by_lesson_and_step() -> None:
    from tutorial.app.lessons.state import course

    lessons, _problems = course()
    found = lab("es").lesson_positions(lessons)
    assert len(found) > 10
    key, (title, position) = next(iter(found.items()))
    assert "/" in key and " · " in title
    opened = lab()
    opened.open(position)
    assert loads(opened.text) == position


def test_the_lab_reads_its_text_once_not_on_every_rerun(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: a packed link of a few hundred characters unpacking to 32 kB cost 1–2 s on
    every rerun, since every rerun parsed the text again. The parse is kept per text."""
    reads: list[str] = []

    def counting(text: str):  # type: ignore[no-untyped-def]
        reads.append(text)
        return loads(text)

    monkeypatch.setattr(model_position, "loads", counting)
    text = dumps(deal(DealCode(4, 5))[0]) + "# " + "a" * 20_000 + "\n"
    state = PositionLabState()
    for _rerun in range(3):  # every run of the page makes the model afresh over the same state
        found = lab(state=state, linked=link_value(text))
        found.examination()
        found.playout.step("forward")
        found.address_value()
    assert found.text == text and reads.count(text) == 1
    broken = text.replace("commons = [[", "commons = [[[", 1)  # an error is read once too, and worded
    found.use_text(broken)
    for lang in ("en", "en", "es"):
        assert lab(lang, state=state).problem()
    assert reads.count(broken) == 1 and reads.count(text) == 1
    assert set(state.reads) <= {text, broken}  # only the texts on show are kept


def test_the_explorers_state_and_address() -> None:
    state = ExplorerState()
    state.seed(LabAddress.from_query({"lab": "variants"}))
    assert state.lab == VARIANTS
    state.seed(LabAddress.from_query({"lab": "position"}))  # seeded once per session
    assert state.lab == VARIANTS
    state.choose(None)
    assert state.lab == VARIANTS
    state.choose("position")
    assert state.lab == POSITION
    assert LabAddress.from_query(lambda key: {"lab": "nonsense", "pos": ""}.get(key)) == LabAddress(POSITION, None)
    assert LabAddress(POSITION, "abc", "wrap=1").to_query() == {"lab": "position", "pos": "abc", "rules": None,
                                                                "vname": None}
    assert LabAddress(VARIANTS, "abc", "wrap=1", "Mine").to_query() == {"lab": "variants", "pos": None,
                                                                        "rules": "wrap=1", "vname": "Mine"}
    assert LabAddress.from_query({"lab": "variants", "rules": "wrap=1", "vname": ""}) == LabAddress(VARIANTS, None,
                                                                                                  "wrap=1", None)
