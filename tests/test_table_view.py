"""The drawn table as data for the browser, its words, its pictures and the ``draw`` command."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from tutorial.cli.commands import main
from tutorial.draw.cards import card_file_name, write_card_files
from tutorial.draw.scene import LEGAL, PLACED, WRONG, Arrow, arrows_for
from tutorial.engine import posfile
from tutorial.engine.deal import DealCode, deal
from tutorial.engine.hand import Hand
from tutorial.engine.position import Common, Discard
from tutorial.engine.rules import turn_up
from tutorial.i18n import translations
from tutorial.narrate import narrator

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "tests" / "positions" / "example-1.toml"
CARDS = ROOT / "tutorial" / "app" / "static" / "cards"


def view(players=4, **options):
    from tutorial.app.shell.table import TableView

    position, _dealer = deal(DealCode(players, 1234))
    turned = turn_up(position)
    return TableView(turned.position, turned=turned.card, you="A", **options)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_table_data_has_every_pile_in_both_shapes_and_nothing_else(players):
    from tutorial.app.shell.table import table_data

    shown = view(players)
    data = table_data(shown, translations("en"), clickable=True, token="t1")
    json.dumps(data)  # JSON-ready
    position = shown.position
    wanted = {f"common:{n}" for n in range(1, len(position.commons) + 1)} | {f"discard:{p}" for p in position.players}
    items = data["items"]
    assert {item["dest"] for item in items if item.get("dest")} == wanted
    assert sum(item["kind"] == "stock" for item in items) == players
    assert sum(item["kind"] == "label" for item in items) == players
    assert sum(item["kind"] == "turned" for item in items) == 1
    for item in items:
        if item["kind"] != "label":
            assert (CARDS / item["src"]).exists()
            assert item["aria"]  # every card has words
    for shape in ("wide", "tall"):
        boxes = data[shape]["boxes"]
        assert len(boxes) == len(items)  # one box per item, in the same order
        for x, _y, w, _h in boxes:
            assert x - w / 2 >= 0 and x + w / 2 <= 1
    assert data["token"] == "t1" and data["clickable"]


def test_text_alternative_names_every_pile_in_both_languages():
    from tutorial.app.shell.table import table_data

    shown = view(5, marks={Common(1): LEGAL}, dealer="C")
    position = shown.position
    english = table_data(shown, translations("en"))["alt"]
    for number, pile in enumerate(position.commons, start=1):
        assert f"Common pile {number}: {pile[-1].symbol} on top" in english
    for seat, name in enumerate(position.players):
        if name != "A":
            assert f"{name}'s closed stock: {len(position.stocks[seat])} cards" in english
            assert f"{name}'s discard" in english
    assert "Your closed stock" in english and "Your discard" in english
    assert "A (you), B, C, D, and E" in english and "C dealt." in english
    assert "the card may go here" in english  # the mark in words, not only in colour
    assert f"{shown.position.mover} turns up {shown.turned.symbol}" in english
    spanish = table_data(shown, translations("es"), lang="es")["alt"]
    assert "Pila común 1" in spanish and "Tu montón cerrado" in spanish and "Repartió C." in spanish


def test_static_serving_off_embeds_the_pictures():
    from tutorial.app.shell.table import table_data

    data = table_data(view(), translations("en"), base=None)
    assert all(item["src"].startswith("data:image/png;base64,") for item in data["items"] if item["kind"] != "label")


def test_labels_say_who_is_who_and_who_moves():
    from tutorial.app.shell.table import TableView

    position, _dealer = deal(DealCode(4, 1234))
    scene = TableView(position, you="B", dealer="D").scene(translations("en"))
    assert scene.bottom == 1  # the learner at the bottom
    assert scene.labels[1] == "B (you)" and scene.labels[0] == "A · to move" and scene.labels[3] == "D · dealer"
    mover = TableView(position, you="A").scene(translations("es"))
    assert mover.labels[0] == "A · te toca"


def test_arrows_follow_the_events_of_a_called_error():
    hand = Hand(deal(DealCode(4, 1234))[0])
    hand.turn_up()
    mover = hand.position.mover
    wrong = next(dest for dest in [Discard(p) for p in hand.position.players] + [Common(1)] if not hand.judge(dest).ok)
    record = hand.play(wrong, called=True)
    arrows = arrows_for(record.events)
    assert arrows[0] == Arrow(("turned", mover), wrong)
    assert Arrow(wrong, record.placed) in arrows
    gifts = [arrow for arrow in arrows if arrow.kind == "gift"]
    assert len(gifts) == len(record.penalty) and all(arrow.end == ("stock", mover) for arrow in gifts)


def test_a_pick_applies_only_to_the_table_it_was_made_on(monkeypatch):
    from tutorial.app.shell import clicks, table

    state: dict = {}
    monkeypatch.setattr(table.st, "session_state", state)
    picked = []
    state["practice-table"] = {"pick": {"dest": "common:2", "token": "old"}}
    table._picked("practice-table", lambda: "new", picked.append)
    assert picked == [] and state[clicks.STALE] is True
    state["practice-table"] = {"pick": {"dest": "common:2", "token": "new"}}
    table._picked("practice-table", lambda: "new", picked.append)
    assert picked == ["common:2"] and state[table.SCROLL][1] == "common:2"
    state["practice-table"] = {"pick": {"dest": ["not", "text"], "token": "new"}}
    table._picked("practice-table", lambda: "new", picked.append)
    assert picked == ["common:2"]


def test_save_position_reads_back_unchanged():
    position, _dealer = deal(DealCode(6, 99))
    assert posfile.loads(posfile.dumps(position)) == position


def test_save_picture_is_a_png_with_a_caption():
    from tutorial.app.shell.takeaway import picture_bytes

    shown = view(4, marked={Common(1)}, marks={Discard("B"): WRONG})
    plain = Image.open(io.BytesIO(picture_bytes(shown, translations("en"), [], width=800)))
    captioned = Image.open(io.BytesIO(picture_bytes(shown, translations("es"), ["Una línea", "Otra línea"], width=800)))
    assert plain.size[0] == captioned.size[0] == 800 and captioned.size[1] > plain.size[1]
    assert PLACED in shown.all_marks().values()


def test_committed_card_pictures_are_the_ones_the_code_draws(tmp_path):
    names = write_card_files(tmp_path)
    assert sorted(path.name for path in CARDS.glob("*.png")) == names
    assert card_file_name(None, back=True) in names and card_file_name(None) in names
    for name in names:
        fresh, committed = Image.open(tmp_path / name).convert("RGBA"), Image.open(CARDS / name).convert("RGBA")
        assert fresh.size == committed.size, name
        difference = ImageChops.difference(fresh, committed).convert("L")
        assert ImageStat.Stat(difference).mean[0] < 2.0, f"{name}: run python -m tutorial.draw.cards"


def test_draw_command_writes_a_picture_in_each_language(tmp_path, capsys):
    out = tmp_path / "table.png"
    assert main(["draw", str(EXAMPLE), "-o", str(out), "--lang", "es", "--width", "900", "--four-colour"]) == 0
    picture = Image.open(out)
    assert picture.format == "PNG" and picture.size[0] == 900
    assert main(["draw", str(EXAMPLE), "-o", str(out), "--width", "20"]) == 2
    assert "--width" in capsys.readouterr().err
    assert main(["draw", str(tmp_path / "missing.toml"), "-o", str(out)]) == 2
    assert main(["draw", str(EXAMPLE), "-o", str(tmp_path / "no" / "such" / "folder.png")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_table_words_in_the_narrator():
    position, _dealer = deal(DealCode(3, 5))
    lines = narrator("en", "B").table_lines(position, mover=position.mover)
    assert lines[0].startswith("Seats in clockwise order") and "B (you)" in lines[0]
    assert sum(line.startswith("Common pile") for line in lines) == len(position.commons)


def contrast(foreground: str, background: str) -> float:
    """The WCAG 2 contrast ratio of two ``#rrggbb`` colours."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_every_text_on_the_table_meets_wcag_aa_contrast():
    from tutorial.app.shell.table_component import CSS, TEXT_COLOURS

    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    for name, (text, background) in TEXT_COLOURS.items():
        assert contrast(text, background) >= 4.5, name
        assert background in CSS, name  # the colours checked are the colours used


def test_walk_throughs_draw_each_move_and_a_discard_turned_over_for_a_penalty():
    from tutorial.app.lessons.model import muggins_frames
    from tutorial.app.lessons.state import course
    from tutorial.engine import events as ev
    from tutorial.narrate import narrator

    lessons, _problems = course()
    recycling_steps = 0
    for step in (s for lesson in lessons for s in lesson.steps if s.kind == "muggins"):
        frames = muggins_frames(step, narrator("en", step.you))
        arrows = [arrow for frame in frames for arrow in frame.view.arrows]
        assert Arrow(("turned", step.record.mover), step.record.judgement.dest) in arrows  # the placement
        for event in step.record.events:
            if isinstance(event, ev.Recycled) and event.for_penalty:
                recycling_steps += 1
                assert Arrow(Discard(event.player), ("stock", event.player), "recycle") in arrows
    assert recycling_steps >= 1  # the course shows a donor turning their discard over


def test_a_pick_naming_no_pile_of_the_table_is_ignored(monkeypatch):
    """What the browser sends is not trusted: a pile the table does not have, or no pile at
    all, changes nothing (a forged click once crashed a lesson step)."""
    from tutorial.app.shell import table

    state: dict = {}
    monkeypatch.setattr(table.st, "session_state", state)
    picked = []
    piles = frozenset({"common:1", "discard:A", "discard:B"})
    for forged in ("discard:Z", "common:9", "common:0", "common:-", "discardxA", "discard:a", ""):
        state["lesson-table"] = {"pick": {"dest": forged, "token": "t"}}
        table._picked("lesson-table", lambda: "t", picked.append, piles)
    assert picked == []
    state["lesson-table"] = {"pick": {"dest": "discard:B", "token": "t"}}
    table._picked("lesson-table", lambda: "t", picked.append, piles)
    assert picked == ["discard:B"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_piles_are_described_in_the_order_the_arrow_keys_take_them(lang):
    """Issue 37, § 2: the arrow keys follow the drawn order of the piles (table.js) — the common
    piles, then each discard clockwise from the seat at the bottom (you) — and the description
    reads them in that same order, saying so with the keys that repeat the last move and the card."""
    from tutorial.app.shell.table import TableView, table_data

    position, _dealer = deal(DealCode(4, 1234))
    turned = turn_up(position)
    shown = TableView(turned.position, turned=turned.card, you="C")
    data = table_data(shown, translations(lang), clickable=True, lang=lang)
    order = [item["dest"] for item in data["items"] if item.get("dest")]
    assert order == ["common:1", "common:2", "common:3", "common:4", "discard:C", "discard:D", "discard:A", "discard:B"]
    n = narrator(lang, "C")
    discards = [n.discard_words(name, turned.position.discard_of(name)) for name in "CDAB"]
    places = [data["alt"].index(words) for words in discards]
    assert places == sorted(places)  # the description goes round from you, as the arrows do
    assert data["alt"].index(n.common_words(4, turned.position.commons[3])) < places[0]
    keys = data["keys"]
    if lang == "en":
        assert keys.startswith("The arrow keys go through the piles in the order the table is described") and \
            "clockwise from yours" in keys and keys.endswith("L says the last move again, T the turned card.")
        assert data["no_turned"] == "No card is turned up."
    else:
        assert "Las flechas" in keys and "la carta girada" in keys
    lesson = table_data(TableView(turned.position, turned=turned.card), translations("en"), clickable=True)
    assert f"clockwise from {turned.position.mover}'s" in lesson["keys"]  # no "you": from the mover drawn at the bottom
