"""What the drawn table sends with a rerun (issue 18: the script and style travel once per
page, and per click only the table's data): compact JSON whose geometry comes once per page
and layout; the script and style are files the component's loader imports."""

from __future__ import annotations

import json
import re

import pytest

from tutorial.app.shell import table_component
from tutorial.app.shell.table import FIXED, _missing, table_data, wire_data
from tutorial.app.shell.table_view import TableView
from tutorial.draw.cards import FOOT
from tutorial.engine.deal import DealCode
from tutorial.i18n import translations
from tutorial.practice import PracticeGame


def data(players: int, moves: int = 0, token: str = "t1") -> dict:
    game = PracticeGame(DealCode(players, 2760))
    for _ in range(moves):
        game.decide("best")
    hand = game.hand
    shown = TableView(hand.turned.position, turned=hand.turned.card, you=game.learner,
                      marks=dict.fromkeys(hand.legal().dests, "legal"))
    return table_data(shown, translations("en"), clickable=True, token=token, lang="en")


def rebuilt(wire: bytes, kept: dict) -> dict:
    """What the browser's script makes of it (tutorial/app/static/table/table.js, withShapes)."""
    sent = json.loads(wire.decode())
    if "shapes" in sent:
        kept[sent["layout"]] = sent.pop("shapes")
    fixed = kept[sent["layout"]]
    arrows = sent.pop("arrows")
    if "alt_t" in sent:  # table.js, altText
        template = sent.pop("alt_t")
        sent["alt"] = re.sub(r"\{(\d+)\}", lambda found: sent["items"][int(found.group(1))]["aria"], template)
    whole = {**fixed, **sent}
    for name in ("wide", "tall"):
        whole[name] = {**fixed[name], "arrows": arrows[name]}
    whole.pop("layout")
    return whole


@pytest.mark.parametrize("players", [3, 7])
def test_the_geometry_travels_once_per_page_and_the_browser_gets_the_same_table(players):
    sent: set[str] = set()
    kept: dict = {}
    first, later = data(players), data(players, moves=4, token="t2")
    wire_first, wire_later = wire_data(first, sent), wire_data(later, sent)
    assert "shapes" in json.loads(wire_first) and "shapes" not in json.loads(wire_later)
    assert len(sent) == 1  # the same layout all hand long
    for original, wire in ((first, wire_first), (later, wire_later)):
        whole = rebuilt(wire, kept)
        expected = {key: value for key, value in original.items()}
        expected["items"] = [{k: v for k, v in item.items() if v is not None} for item in original["items"]]
        assert whole == json.loads(json.dumps(expected))  # nothing lost but empty fields
    assert len(wire_later) < 0.5 * len(json.dumps(later))  # compact: no spaces, no escapes, no geometry
    assert "alt" not in json.loads(wire_later) and "{0}" in json.loads(wire_later)["alt_t"]  # the piles' words once
    assert any(suit in wire_later.decode() for suit in "♣♦♥♠")  # as UTF-8, not \\u escapes


def test_another_layout_is_sent_and_a_page_that_lost_one_gets_it_again():
    sent: set[str] = set()
    assert "shapes" in json.loads(wire_data(data(3), sent))
    assert "shapes" in json.loads(wire_data(data(5), sent))  # five players sit elsewhere
    assert len(sent) == 2
    assert all(key not in json.loads(wire_data(data(3), sent)) for key in ("shapes", *FIXED))
    _missing(sent)  # the page asked (its run was replaced before the table was drawn)
    assert "shapes" in json.loads(wire_data(data(3), sent))
    assert "shapes" in json.loads(wire_data(data(3), None))  # no memory of the page: always whole


def test_the_text_alternative_travels_whole_when_its_piles_words_cannot_be_put_back():
    table = data(3)
    table["alt"] = "Seats {0}: " + table["alt"]  # braces of its own: a template could not tell them apart
    assert json.loads(wire_data(table, None))["alt"] == table["alt"]
    table = data(3)
    table["alt"] = "Nothing of the piles here."
    assert json.loads(wire_data(table, None))["alt"] == table["alt"]


def test_the_component_sends_a_short_loader_and_the_script_and_style_are_files():
    assert len(table_component.LOADER_JS) < 200
    assert "\n" in table_component.LOADER_JS  # else Streamlit takes it for a file's path
    assert table_component.VERSION in table_component.LOADER_JS
    assert (table_component.STATIC / "table.js").read_text() == table_component.JS
    assert "export default function(component)" in table_component.JS
    assert (table_component.STATIC / "table.css").read_text() == table_component.CSS


def test_the_style_starts_a_cards_blank_foot_where_the_pictures_do():
    declared = re.findall(r"--mt-foot:\s*([\d.]+)%", table_component.CSS)
    assert declared and float(declared[0]) == pytest.approx((1 - FOOT) * 100)
