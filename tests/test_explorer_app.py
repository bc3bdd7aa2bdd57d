"""The explorer page's wiring through AppTest (issue 11): its widgets reach the screen models'
actions and show what they say. What the labs decide and say is tested without Streamlit in
tests/test_explore_model_position.py and tests/test_explore_model_variant.py."""

import json

from test_app import app, click, plain, start

from tutorial.app.explore.model import ExplorerState
from tutorial.engine import DealCode, deal, legal_destinations, turn_up
from tutorial.engine.bots import all_destinations
from tutorial.engine.posfile import dumps, loads

EXPLORE = "explore/page.py"


def lab(**query):
    return start(app(**query), EXPLORE)


def state(at) -> ExplorerState:
    found = at.session_state[ExplorerState.KEY]
    assert isinstance(found, ExplorerState)
    return found


def editor(at):
    """The position lab's text editor (its key ends with the count of texts set from elsewhere)."""
    found = [area for area in at.text_area if str(area.key).startswith("lab-editor-")]
    assert len(found) == 1, [area.key for area in at.text_area]
    return found[0]


def text(at) -> str:
    return state(at).position.text


def keyed(at, base):
    """The selectbox whose key is ``base`` plus a digest of its labels (session.labelled_key)."""
    found = [w for w in at.selectbox if (w.key or "").startswith(base + "-")]
    assert len(found) == 1, [w.key for w in at.selectbox]
    return found[0]


def test_the_lab_shows_every_verdict_and_a_click_on_a_pile_shows_its_own():
    from tutorial.app.explore.position_text import link_value

    start_text = dumps(deal(DealCode(4, 1))[0])
    at = lab(lang="en", lab="position", pos=link_value(start_text))
    assert text(at) == start_text and at.query_params["lab"] in ("position", ["position"])
    position = loads(text(at))
    verdicts = [plain(e.label) for e in at.expander if plain(e.label).startswith(("Correct:", "Muggins"))]
    assert len(verdicts) == len(position.commons) + len(position.players)
    turned = turn_up(position)
    legal = legal_destinations(turned.position, turned.card)
    wrong = next(d for d in all_destinations(turned.position) if d not in legal.dests)
    assert not at.success and not at.error
    click(at, f"lab-table-{wrong.kind}-{wrong.target}").run()
    assert len(at.error) == 1 and not at.success
    right = legal.dests[0]
    click(at, f"lab-table-{right.kind}-{right.target}").run()
    assert len(at.success) == 1 and not at.error and not at.exception
    uploader = [w for w in at.get("file_uploader") if (getattr(w, "key", None) or getattr(w.proto, "id", ""))]
    assert uploader and all(w.proto.max_upload_size_mb == 1 for w in uploader), uploader


def test_the_playout_buttons_and_slider_step_the_turns():
    at = lab(lang="en", lab="position")
    click(at, "lab-forward").run()
    assert any(m.value.startswith("Turn 1 of ") for m in at.markdown)
    click(at, "lab-end").run()
    last = state(at).position.playout.turn
    def slider():
        (found,) = [w for w in at.slider if str(w.key).startswith("lab-turn-slider-")]  # a new one each turn
        return found

    assert last > 1 and slider().value == last
    click(at, "lab-back").run()
    assert slider().value == last - 1
    slider().set_value(2).run()
    assert state(at).position.playout.turn == 2 and any(m.value.startswith("Turn 2 of ") for m in at.markdown)
    assert not at.exception


def test_edits_text_and_deal_codes_reach_the_lab():
    at = lab(lang="es", lab="position")
    before = loads(text(at))
    other = before.players[(before.to_move + 1) % len(before.players)]
    keyed(at, "lab-mover").set_value(other).run()
    assert loads(text(at)).mover == other
    click(at, "lab-add").run()
    assert len(loads(text(at)).players) == len(before.players) + 1
    keyed(at, "lab-move-from").set_value(f"stock:{before.players[0]}")
    keyed(at, "lab-move-to").set_value("common:1")
    click(at, "lab-move-go").run()
    moved = loads(text(at))
    assert moved.commons[0][-1] == before.stocks[0][0]
    assert editor(at).value == text(at)  # the editor follows every edit
    broken = text(at).replace("commons = [[", "commons = [[[", 1)
    editor(at).set_value(broken)
    at.button(key="lab-editor-go").click().run()
    assert not at.exception and at.error and "Línea" in at.error[0].value
    assert at.info and at.session_state["lab-edit"] is True  # the last valid position below, the editor open
    assert editor(at).value == broken  # what was typed stays, to be corrected
    at.text_input(key="lab-deal").set_value("5-77").run()
    at.button(key="lab-deal-go").click().run()
    assert not at.error and loads(text(at)) == deal(DealCode(5, 77))[0]
    assert editor(at).value == text(at)  # a new editor with the dealt text
    at.text_input(key="lab-deal").set_value("9-1").run()
    at.button(key="lab-deal-go").click().run()
    assert at.warning and not at.exception


def test_uploads_are_limited_by_the_server_and_the_page_says_the_real_limit_in_spanish():
    """Issue 17: Streamlit's default 200 MB upload limit was in force for a lab that reads 32 kB,
    and the uploader said "200MB per file" and "Upload" in English on a Spanish page."""
    from tutorial.app.explore.position_lab import MAX_TEXT, UPLOAD_MB, css_string, upload_style
    from tutorial.cli.commands import APP_DEFAULTS
    from tutorial.i18n import translations

    option = APP_DEFAULTS.index("--server.maxUploadSize")
    assert APP_DEFAULTS[option + 1] == str(UPLOAD_MB) == "1"  # Streamlit's smallest: whole megabytes
    style = upload_style(translations("es"))
    assert f"{MAX_TEXT // 1000} kB" in style and "TOML" in style
    # the button's word is changed in the page (a word drawn by CSS was no name for axe-core)
    from tutorial.app.shell.document import streamlit_words
    assert streamlit_words(translations("es"))["text"]["Upload"] == "Elige un archivo"
    assert "stFileUploaderDropzoneInstructions" in style and "stFileUploaderDropzoneInput" in style
    assert css_string('a "b" \\ </style>\n') == '"a \\22 b\\22  \\5c  \\3c /style\\3e \\a "'


def test_a_study_waits_its_turn_runs_and_shows_tables_charts_in_order_and_a_csv(monkeypatch):
    """The variant lab's run through the page: a study waits for the one before it (issue 17),
    runs, and its tables, charts (bars in the form's order, issue 17) and CSV are shown."""
    from tutorial.app.explore import variant_lab
    from tutorial.explore.queue import QUEUE

    other = QUEUE.join("another session", 5_000)
    waited = []

    def look_again(seconds):  # the page's poll: the other study ends while this one waits
        waited.append(seconds)
        QUEUE.leave(other)

    monkeypatch.setattr(variant_lab, "pause", look_again)
    at = lab(lang="es", lab="variants")
    assert at.query_params["lab"] in ("variants", ["variants"]) and "pos" not in at.query_params
    compare = next(w for w in at.selectbox if w.key.startswith("variant-lab-b"))
    compare.set_value("wrap").run()  # «Las reglas…» after «El rey…» in the alphabet: first in the form
    at.number_input(key="variant-lab-hands").set_value(10).run()
    at.button(key="variant-lab-run").click().run(timeout=120)
    assert not at.exception and waited == [variant_lab.POLL] and len(QUEUE) == 0
    assert len(at.table) == 3 and at.get("download_button")  # one table per player count, the variants side by side
    assert [plain(c) for c in at.table[0].value.columns] == ["Medida", "Las reglas de origen", "El rey y el as sirven (K–A enlazados)",
                                               "Diferencia (intervalo del 95\xa0%)", "Prueba"]
    specs = [json.loads(chart.proto.spec) for chart in at.get("vega_lite_chart")]
    offsets = [layer["encoding"]["xOffset"]["sort"] for spec in specs for layer in [spec, *spec.get("layer", [])]
               if layer.get("encoding", {}).get("xOffset")]
    first, second = [plain(c) for c in at.table[0].value.columns][1:3]  # the variants in the form's order
    assert len(offsets) >= 4 and all(sort == [first, second] for sort in offsets), (offsets, first, second)
    assert state(at).variants.settings.hands == 10 and state(at).variants.running is None


def test_which_choice_is_better_runs_from_the_form_and_shows_its_sentences_and_table(monkeypatch):
    """Issue 20: the form's settings reach the model, the run goes through the server's line, and
    the sentence, the table and how the numbers were made are shown (in Spanish)."""
    from pathlib import Path

    from tutorial.app.explore import choices
    from tutorial.app.explore.position_text import link_value
    from tutorial.explore.queue import QUEUE

    monkeypatch.setattr(choices, "pause", lambda seconds: None)
    text = (Path(__file__).parent / "positions" / "pile-two-wins.toml").read_text(encoding="utf-8")
    at = lab(lang="es", lab="position", pos=link_value(text))
    assert any(plain(h.value) == "¿Qué elección es mejor?" for h in at.header)
    at.selectbox(key=choices.HANDS_BOX).set_value(200)
    at.number_input(key=choices.ERRORS_BOX).set_value(5)
    next(b for b in at.button if "Evaluar" in b.label).click().run(timeout=60)
    assert not at.exception and len(QUEUE) == 0
    assert state(at).position.evaluation.settings.hands == 200
    assert state(at).position.evaluation.settings.errors == 5
    said = " ".join(plain(box.value) for box in [*at.success, *at.info])
    assert "La pila común 2 (9♣) es mejor" in said, said
    table = at.table[0].value
    assert list(table.columns) == ["Pila", "Veredicto", "Cartas de castigo", "Gana (intervalo del 95\u00a0%)",
                                   "Frente a la mejor pila"]
    assert len(table) == 3 and table.iloc[1, 4] == "la mejor"
    assert any("colocan mal el 5" in plain(c.value) for c in at.caption)


def test_rules_of_your_own_from_a_link_reach_the_form_the_study_and_the_address(monkeypatch):
    """Issue 20: a shared link's rules open as the variant compared, their options in the form;
    an impossible deal typed there is refused with the engine's reason and no Run button."""
    from tutorial.app.explore import variant_lab

    monkeypatch.setattr(variant_lab, "pause", lambda seconds: None)
    at = lab(lang="en", lab="variants", rules="wrap=1;penalty=caller", vname="Mine")
    assert not at.exception
    rules = at.query_params["rules"]
    rules = rules[0] if isinstance(rules, list) else rules
    assert rules == ("wrap=1;common-first=1;opponents=nearest;optional=0;penalty=caller;"
                     "deal=3x17+1,4x12+4,5x10+2,6x8+4,7x7+3")
    assert at.query_params["vname"] in ("Mine", ["Mine"])
    assert at.toggle(key=variant_lab.OWN_WRAP).value and at.text_input(key=variant_lab.OWN_NAME).value == "Mine"
    at.number_input(key="variant-lab-hands").set_value(10).run()
    at.button(key="variant-lab-run").click().run(timeout=120)
    assert not at.exception and [plain(c) for c in at.table[0].value.columns][1:3] == ["The source rules", "Mine"]
    at.text_input(key=variant_lab.OWN_DEAL).set_value("4x13+1").run()
    said = " ".join(plain(e.value) for e in at.error)
    assert "53 cards: a pack has 52" in said and not [b for b in at.button if b.key == "variant-lab-run"]
    assert "rules" not in at.query_params  # impossible rules are not shared


def test_a_name_from_a_link_heads_the_results_as_typed_never_as_markdown(monkeypatch):
    """Issue 37 § 3: ``vname=**bold** [x](https://evil.example)`` put a live link in three
    headers of the results; a name that reads as a heading is refused, and the page says so."""
    from tutorial.app.explore import variant_lab
    from tutorial.app.shell.markup import literal

    monkeypatch.setattr(variant_lab, "pause", lambda seconds: None)
    name = "**bold** [x](https://evil.example)"
    at = lab(lang="en", lab="variants", rules="wrap=1", vname=name)
    at.number_input(key="variant-lab-hands").set_value(10).run()
    at.button(key="variant-lab-run").click().run(timeout=120)
    assert not at.exception
    assert list(at.table[0].value.columns)[1:3] == ["The source rules", literal(name)]
    taken = lab(lang="es", lab="variants", rules="wrap=1", vname="Medida")
    assert "«Medida» ya nombra otra cosa en esta página" in " ".join(plain(w.value) for w in taken.warning)
    assert taken.text_input(key=variant_lab.OWN_NAME).value == ""
