"""The page as a whole (issue 17, item 5): the app's theme meets WCAG AA contrast and is
read wherever the app starts, page titles and the document language, text alternatives of
images, and cards shown large without being headings. The pages themselves are checked in
a browser by tests/browser/test_axe.py."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from test_app import app, start

from tutorial.app.shell import document, share
from tutorial.cli.commands import APP_ENTRY
from tutorial.i18n import translations

THEME = APP_ENTRY.parent / ".streamlit" / "config.toml"


def luminance(colour: str) -> float:
    channels = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def over(colour: str, alpha: float, background: str = "#ffffff") -> str:
    """``colour`` at ``alpha`` opacity over ``background``."""
    mix = [round(alpha * int(colour[i:i + 2], 16) + (1 - alpha) * int(background[i:i + 2], 16)) for i in (1, 3, 5)]
    return "#" + "".join(f"{c:02x}" for c in mix)


def test_the_theme_meets_wcag_aa_contrast():
    theme = tomllib.loads(THEME.read_text(encoding="utf-8"))["theme"]
    assert theme["base"] == "light"
    # Streamlit draws captions and other quiet text in the text colour at 60 % opacity:
    # its default (#31333F) gave #828180-like grey, 3.88:1 on white.
    assert contrast(over("#31333f", 0.6), "#ffffff") < 4.5  # the fault this theme fixes
    assert contrast(over(theme["textColor"], 0.6), "#ffffff") >= 4.5
    assert contrast(theme["textColor"], "#ffffff") >= 7
    # Primary buttons write white on the primary colour; selected segments, radio dots and
    # links draw it on white or on a faint tint of itself.
    assert contrast(theme["primaryColor"], "#ffffff") >= 4.5
    assert contrast(theme["primaryColor"], over(theme["primaryColor"], 0.1)) >= 4.5


def test_streamlit_reads_the_theme_beside_the_entry_script_for_a_plain_streamlit_run(tmp_path):
    """``streamlit run tutorial/app/streamlit_app.py`` from any folder finds the theme (and so
    does ``muggins app``, which runs the same entry script through Streamlit's own command)."""
    code = ("import sys; from streamlit import config; config._main_script_path = sys.argv[1]; "
            "config.get_config_options(force_reparse=True); "
            "print(config.get_option('theme.primaryColor'), config.get_option('theme.textColor'))")
    done = subprocess.run([sys.executable, "-c", code, str(APP_ENTRY)], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    theme = tomllib.loads(THEME.read_text(encoding="utf-8"))["theme"]
    assert done.stdout.split() == [theme["primaryColor"], theme["textColor"]], done.stderr[-2000:]


def test_page_titles_name_the_page_then_the_app():
    assert document.page_title("Lessons") == "Lessons · Muggins Tutor"
    assert document.page_title("Cards and fitting", "Lessons") == "Cards and fitting · Lessons · Muggins Tutor"
    assert document.page_title("", "Aula") == "Aula · Muggins Tutor"
    assert document.page_title("two\nlines") == "two lines · Muggins Tutor"
    assert document.page_title() == document.page_title("Muggins Tutor") == "Muggins Tutor"


def test_the_language_script_names_only_the_apps_languages():
    assert "'lang', \"es\"" in document.language_script("es")
    assert "'lang', \"en\"" in document.language_script("en")
    for odd in ("de", "es'); alert(1); ('", "</script>"):
        assert document.language_script(odd) == document.language_script("en")


def test_streamlits_hints_under_a_text_box_are_put_in_the_learners_language():
    """Streamlit writes "Press Enter to apply" under a text box in English whatever the app's
    language (found on the Training page's code box in Spanish)."""
    spanish = document.input_instructions(translations("es"))
    assert set(spanish) == {f"Press {keys}+Enter to {what}" for keys in ("Ctrl", "⌘") for what in ("apply", "submit form")} \
        | {"Press Enter to apply", "Press Enter to submit form"}
    assert spanish["Press Enter to apply"] == "Pulsa Intro para aplicar"
    assert all("Enter" not in said and "Intro" in said for said in spanish.values())
    assert document.input_instructions(translations("en")) == {}  # nothing to change in English
    words = document.streamlit_words(translations("es"))
    assert words["text"]["Press Enter to apply"] == "Pulsa Intro para aplicar"
    assert words["text"]["Skip to main content"] == "Saltar al contenido principal"
    assert words["label"]["Collapse sidebar"] == "Cerrar la barra lateral" and words["prefix"]["Help for "] == "Ayuda: "
    assert words["text"]["No results"] == "Sin resultados" and words["label"]["Selectbox options"] == "Opciones"
    # in English only a select box's arrow and list, the uploader's button and the dialog of a server
    # away (a developer's words: issue 37) get other words than Streamlit's
    english = document.streamlit_words(translations("en"))
    lost = english["text"]["Streamlit server is not responding. Are you connected to the internet?"]
    assert lost.startswith("The server is not answering just now") and "Streamlit" not in lost
    assert words["text"]["Connection error"] == "Conectando de nuevo…"
    assert english == {
        "text": {"Upload": "Choose a file", "Connection error": "Connecting again…",
                 "Streamlit server is not responding. Are you connected to the internet?": lost,
                 "Is Streamlit still running? If you accidentally stopped Streamlit, just restart it in your terminal:": lost,
                 "Running...": "Working…"},
        "label": {"Open": "Open the list", "Selectbox options": "Options", "progress": "Progress",
                  "check_circle icon": "Right"},  # (a progress bar's name; the ✓ after a right answer: issue 37, § 2)
        "prefix": {},
        "say": {"refused": english["say"]["refused"]}}
    # what the page's script says itself is always sent: a refused text in the page's language
    assert english["say"]["refused"].startswith("That text is too long for this box")
    assert words["say"]["refused"] != english["say"]["refused"]
    script = document.language_script("es", words)
    assert "Pulsa Intro para aplicar" in script.encode().decode("unicode_escape")
    evil = {"text": {"Press Enter to apply": "</script><b>"}, "label": {}, "prefix": {}}
    assert "</script>" not in document.language_script("es", evil)[:-len("</script>")]


def test_qr_codes_have_a_text_alternative_in_the_learners_language():
    english, spanish = translations("en"), translations("es")
    assert share.qr_alt(english, room="K7QM3X") == "QR code: scan it to join class room K7QM3X."
    assert "K7QM3X" in share.qr_alt(spanish, room="K7QM3X") and "aula" in share.qr_alt(spanish, room="K7QM3X")
    assert "4-1234" in share.qr_alt(english, deal="4-1234") and "reparto" in share.qr_alt(spanish, deal="4-1234")


def test_every_image_the_app_shows_has_a_text_alternative():
    """Each ``.image(...)`` call in the app passes ``alt=`` (WCAG 1.1.1)."""
    missing = []
    for path in sorted(Path(APP_ENTRY.parent).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "image"
                    and "alt" not in {keyword.arg for keyword in node.keywords}):
                missing.append(f"{path.name}:{node.lineno}")
    assert not missing, "st.image without alt=: " + ", ".join(missing)


def test_cards_in_the_text_view_and_a_fits_question_are_large_text_not_headings():
    shown = start(app(lesson="common-piles-first", step="example-1-muggins"), "lessons/page.py")
    assert not shown.subheader and [h.value for h in shown.header] == ["Example 1: the Muggins call"]
    fits = start(app(lesson="cards-and-fitting", step="fits-any-suit"), "lessons/page.py")
    practice = start(app(deal="4-1234"), "practice/page.py")  # the text view, a card turned up
    for at in (shown, fits, practice):
        assert not at.subheader
        assert not [m.value for m in at.markdown if re.search(r"(^|\n)#", m.value)], "Markdown headings"
    assert "**J♠**" in [m.value for m in practice.markdown]
