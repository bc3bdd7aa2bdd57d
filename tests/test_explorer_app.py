"""The explorer page through AppTest (issue 11): the position lab examines every
destination, refuses bad text with a line number, edits and plays out; the variant lab
runs a small study with tables, sentences, charts and a CSV, in both languages."""

import base64
import zlib

from test_app import app, click, plain, start

from tutorial.app.explore.position_lab import from_link, link_value, move_card
from tutorial.engine import DealCode, deal
from tutorial.engine.posfile import dumps, loads

EXPLORE = "explore/page.py"


def lab(**query):
    return start(app(**query), EXPLORE)


def keyed(at, base):
    """The selectbox whose key is ``base`` plus a digest of its labels (session.labelled_key)."""
    found = [w for w in at.selectbox if (w.key or "").startswith(base + "-")]
    assert len(found) == 1, [w.key for w in at.selectbox]
    return found[0]


def verdicts(at):
    return [plain(e.label) for e in at.expander if plain(e.label).startswith(("Correct:", "Muggins"))]


def test_position_lab_gives_a_verdict_for_every_destination():
    at = lab(lang="en", lab="position")
    position = loads(at.session_state["lab:text"])
    found = verdicts(at)
    assert len(found) == len(position.commons) + len(position.players)
    assert sum(label.startswith("Correct:") for label in found) >= 1
    assert any("Muggins!" in label for label in found)


def test_position_lab_steps_through_a_playout():
    at = lab(lang="en", lab="position")
    click(at, "lab-forward").run()
    assert any(m.value.startswith("Turn 1 of ") for m in at.markdown)
    click(at, "lab-end").run()
    last = next(m.value for m in at.markdown if m.value.startswith("Turn "))
    turn, of = last.split("\n")[0].removeprefix("Turn ").split(" of ")
    assert turn == of
    assert at.slider(key="lab-turn-slider").value == int(of)
    click(at, "lab-back").run()
    assert at.slider(key="lab-turn-slider").value == int(of) - 1
    assert not at.exception


def test_position_lab_refuses_bad_text_with_its_line_and_keeps_working():
    at = lab(lang="es", lab="position")
    text = at.session_state["lab:text"]
    position = loads(text)
    card = str(position.stocks[0][0])  # also put on common pile 1: the card twice
    broken = text.replace("commons = [[", f'commons = [["{card}", ', 1)
    at.text_area(key="lab-editor").set_value(broken)
    at.button(key="lab-editor-go").click().run()
    assert not at.exception
    problem = [e.value for e in at.error]
    line = broken.splitlines().index(next(li for li in broken.splitlines() if li.startswith(position.players[0] + " = "))) + 1
    assert problem and f"Línea {line}" in problem[0] and card in problem[0], problem
    at.text_area(key="lab-editor").set_value("players = [").run()
    at.button(key="lab-editor-go").click().run()
    assert not at.exception and at.error
    at.text_input(key="lab-deal").set_value("5-77").run()
    at.button(key="lab-deal-go").click().run()
    assert not at.error and loads(at.session_state["lab:text"]) == deal(DealCode(5, 77))[0]


def test_position_lab_edits_the_position():
    at = lab(lang="en", lab="position")
    before = loads(at.session_state["lab:text"])
    other = before.players[(before.to_move + 1) % len(before.players)]
    keyed(at, "lab-mover").set_value(other).run()
    assert loads(at.session_state["lab:text"]).mover == other
    click(at, "lab-add").run()
    assert len(loads(at.session_state["lab:text"]).players) == len(before.players) + 1
    keyed(at, "lab-move-from").set_value(f"stock:{before.players[0]}")
    keyed(at, "lab-move-to").set_value("common:1")
    click(at, "lab-move-go").run()
    moved = loads(at.session_state["lab:text"])
    assert moved.commons[0][-1] == before.stocks[0][0] and len(moved.stocks[0]) == len(before.stocks[0]) - 1
    assert not at.exception


def test_move_card_keeps_every_card_and_never_empties_a_common():
    position, _ = deal(DealCode(4, 3))
    moved = move_card(position, "stock:A", "discard:B")
    assert moved.discard_of("B") == (position.stock_of("A")[0],)
    assert sorted(map(str, moved.all_cards())) == sorted(map(str, position.all_cards()))
    import pytest

    from tutorial.engine.errors import PositionError

    with pytest.raises(PositionError):
        move_card(position, "common:1", "discard:B")  # its only card
    with pytest.raises(PositionError):
        move_card(position, "discard:B", "common:1")  # nothing there


def test_position_links_round_trip_and_odd_links_are_refused():
    text = dumps(deal(DealCode(6, 9))[0])
    assert from_link(link_value(text)) == text
    bomb = base64.urlsafe_b64encode(zlib.compress(b"a" * 50_000_000, 9)).decode().rstrip("=")
    for odd in ("", "!!!", "x" * 7000, base64.urlsafe_b64encode(b"not zlib").decode(), bomb,
                link_value(text) + "AAAA", None):
        assert from_link(odd) is None
    at = lab(lang="en", lab="position", pos=link_value(text))
    assert at.session_state["lab:text"] == text
    at = lab(lang="en", lab="position", pos="garbage")
    assert not at.exception and loads(at.session_state["lab:text"])


def run_study(at, hands=20):
    at.number_input(key="variant-lab-hands").set_value(hands).run()
    at.button(key="variant-lab-run").click().run(timeout=120)
    assert not at.exception
    return at


def test_variant_lab_runs_a_small_study_and_compares_two_variants():
    at = lab(lang="en", lab="variants")
    assert [w.key for w in at.selectbox if w.key.startswith("variant-lab-b")]
    compare = next(w for w in at.selectbox if w.key.startswith("variant-lab-b"))
    compare.set_value("wrap").run()
    run_study(at)
    assert len(at.dataframe) == 2
    assert any("never finish" in m.value for m in at.markdown)
    assert at.get("download_button")
    charts = [e for e in at.main if getattr(e, "type", "") == "arrow_vega_lite_chart" or "vega" in str(type(e)).lower()]
    assert charts or at.get("arrow_vega_lite_chart") or at.get("vega_lite_chart")


def test_variant_lab_in_spanish_writes_decimal_commas():
    at = lab(lang="es", lab="variants")
    run_study(at, hands=30)
    text = " ".join(m.value for m in at.markdown)
    assert "jugadores" in text and "\xa0%" in text  # Babel: a no-break space before %
    table = at.dataframe[0].value
    assert any("," in str(value) for value in table.iloc[:, 1])


def test_a_click_on_a_pile_of_the_lab_table_shows_its_verdict():
    from tutorial.engine import legal_destinations, turn_up
    from tutorial.engine.bots import all_destinations

    at = lab(lang="en", lab="position")
    turned = turn_up(loads(at.session_state["lab:text"]))
    legal = legal_destinations(turned.position, turned.card)
    wrong = next(d for d in all_destinations(turned.position) if d not in legal.dests)
    assert not at.success and not at.error
    click(at, f"lab-table-{wrong.kind}-{wrong.target}").run()
    assert len(at.error) == 1 and not at.success
    right = legal.dests[0]
    click(at, f"lab-table-{right.kind}-{right.target}").run()
    assert len(at.success) == 1 and not at.error and not at.exception


def test_the_lab_reads_its_text_once_not_on_every_rerun(monkeypatch):
    """Issue 17: a packed link of a few hundred characters unpacking to 32 kB cost 1–2 s on
    every rerun, since every rerun parsed the text again. The parse is kept per text."""
    from tutorial.app.explore import position_lab
    from tutorial.engine import posfile

    reads = []

    def counting(text):
        reads.append(text)
        return posfile.loads(text)

    monkeypatch.setattr(position_lab, "loads", counting)
    text = dumps(deal(DealCode(4, 5))[0]) + "# " + "a" * 20_000 + "\n"
    at = lab(lang="en", lab="position", pos=link_value(text))
    assert at.session_state["lab:text"] == text
    first = reads.count(text)
    assert first == 1, first
    click(at, "lab-forward").run()
    click(at, "lab-forward").run()
    click(at, "lab-back").run()
    assert reads.count(text) == first and not at.exception
    broken = text.replace("commons = [[", "commons = [[[", 1)  # an error is read once too, and worded
    at.text_area(key="lab-editor").set_value(broken)
    at.button(key="lab-editor-go").click().run()
    assert at.error and reads.count(broken) == 1
    at.run()
    assert at.error and reads.count(broken) == 1 and reads.count(text) == first


def test_uploads_are_limited_by_the_server_and_the_page_says_the_real_limit_in_spanish():
    """Issue 17: Streamlit's default 200 MB upload limit was in force for a lab that reads 32 kB,
    and the uploader said "200MB per file" and "Upload" in English on a Spanish page."""
    from tutorial.app.explore.position_lab import MAX_TEXT, UPLOAD_MB, css_string, upload_style
    from tutorial.cli.commands import APP_DEFAULTS
    from tutorial.i18n import translations

    option = APP_DEFAULTS.index("--server.maxUploadSize")
    assert APP_DEFAULTS[option + 1] == str(UPLOAD_MB) == "1"  # Streamlit's smallest: whole megabytes
    style = upload_style(translations("es"))
    assert f"{MAX_TEXT // 1000} kB" in style and "Elige un archivo" in style and "TOML" in style
    assert "stFileUploaderDropzoneInstructions" in style and "stFileUploaderDropzoneInput" in style
    assert css_string('a "b" \\ </style>\n') == '"a \\22 b\\22  \\5c  \\3c /style\\3e \\a "'
    at = lab(lang="es", lab="position")
    uploader = [w for w in at.get("file_uploader") if (getattr(w, "key", None) or getattr(w.proto, "id", ""))]
    assert uploader and all(w.proto.max_upload_size_mb == 1 for w in uploader), uploader


def test_a_study_waits_for_the_one_before_it_and_says_so(monkeypatch):
    """Issue 17: no server-wide cap on studies (ten sessions ran twenty worker processes). One
    study runs at a time on the server; a study asked for meanwhile waits, and the page says
    how many are before it, then runs it once the other one is done."""
    from tutorial.app.explore import variant_lab
    from tutorial.explore.queue import QUEUE

    other = QUEUE.join("another session", 5_000)
    assert QUEUE.status(other).may_run

    def look_again(_seconds):  # the page's poll: the other study ends while this one waits
        QUEUE.leave(other)

    words_shown = []
    real_words = variant_lab.waiting_words
    monkeypatch.setattr(variant_lab, "waiting_words", lambda status, tr: words_shown.append(status) or real_words(status, tr))
    monkeypatch.setattr(variant_lab, "pause", look_again)
    at = lab(lang="es", lab="variants")
    run_study(at, hands=10)
    assert [status.ahead for status in words_shown] == [1]
    assert len(QUEUE) == 0 and at.dataframe  # its place given up, its results shown
    from tutorial.explore.queue import Status
    from tutorial.i18n import translations

    text = variant_lab.waiting_words(Status(2, 125.0), translations("es"))
    assert "2 estudios" in text and "3 minutos" in text, text


def test_bars_keep_the_variants_order_and_the_csv_has_a_byte_order_mark():
    """Issue 17: bars within a group were ordered by their translated names (another order
    than the legend's, and another in each language); the CSV had no byte-order mark."""
    import json

    at = lab(lang="es", lab="variants")
    compare = next(w for w in at.selectbox if w.key.startswith("variant-lab-b"))
    compare.set_value("wrap").run()  # «Las reglas…» after «El rey…» in the alphabet: first in the form
    run_study(at, hands=10)
    specs = [json.loads(chart.proto.spec) for chart in at.get("vega_lite_chart")]
    offsets = []
    for spec in specs:
        for layer in [spec, *spec.get("layer", [])]:
            offset = layer.get("encoding", {}).get("xOffset")
            if offset:
                offsets.append(offset.get("sort"))
    first, second = (plain(h.value) for h in at.header[:2])
    assert len(offsets) >= 4 and all(sort == [first, second] for sort in offsets), (offsets, first, second)
    from tutorial.app.explore.variant_lab import csv_bytes
    from tutorial.explore.study import StudySpec, run

    data = csv_bytes([run(StudySpec(players=(3,), hands=10, seed=1, variant="standard"))])
    assert data.startswith(b"\xef\xbb\xbf") and data.decode("utf-8-sig").startswith("variant")
