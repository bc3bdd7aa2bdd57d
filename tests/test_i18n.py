"""Languages: the catalogs, the learner's first language, the address's language."""

import pytest

from tutorial.i18n import (
    LANGUAGES,
    header_languages,
    match_language,
    negotiate,
    normalize,
    po_path,
    translations,
    unknown_language_line,
)


@pytest.mark.parametrize("preferred, expected", [
    (["es-ES"], "es"), (["es-MX", "en"], "es"), (["en-GB", "es"], "en"), (["fr-FR", "de"], "en"), ([], "en"),
    (["es_AR"], "es"), (["", None, "ES"], "es"),
])
def test_the_first_language_follows_the_browser(preferred, expected):
    assert negotiate(preferred) == expected


@pytest.mark.parametrize("header, tags", [
    ("es-ES,es;q=0.9,en;q=0.8", ["es-ES", "es", "en"]), ("", []), (None, []), ("*", []), (" fr ; q=1 , ,de", ["fr", "de"]),
])
def test_accept_language_tags_in_the_order_sent(header, tags):
    assert header_languages(header) == tags
    assert negotiate(header_languages("fr,es;q=0.5")) == "es"


def test_language_codes_from_the_address():
    assert normalize(" ES ") == "es" and normalize("xx") is None and normalize(7) is None
    assert match_language("es-CL") == "es" and match_language("zz") is None and match_language("") is None


def test_a_language_the_app_does_not_have_is_named_with_the_one_used():
    assert unknown_language_line("de", "en", translations("en")) == (
        "The link asks for the language “de”, which this app does not have, so the page is in English. "
        "The app speaks English and Spanish.")
    spanish = unknown_language_line("fr-CA", "es", translations("es"))
    assert "«fr-CA»" in spanish and "la página está en español" in spanish and "inglés y español" in spanish
    assert "“" + "x" * 19 + "…”" in unknown_language_line("x" * 300, "en", translations("en"))  # a long one is cut, and says so
    assert "\u202e" not in unknown_language_line("\u202eed", "en", translations("en"))  # a control shown escaped


def test_catalogs_are_found_compiled_and_shared():
    assert po_path("es").exists()
    spanish = translations("es")
    assert spanish is translations("es")  # compiled once per process, shared read-only
    assert spanish.gettext("Lessons") == "Lecciones"
    assert translations("en").gettext("Lessons") == "Lessons" and translations("xx").gettext("Lessons") == "Lessons"
    assert set(LANGUAGES) == {"en", "es"}


BAD_TOML = ["a = ", "a = 1\na = 2", "[x\n", "[[x]\n", "a = 'x", "a = 1 b", "= 1", "a = [1,", "a = {b=1",
            "a = tru", 'a = "\\q"', 'a = "\\uZZZZ"', 'a = "\\uD800"', "x", "[a]\n[a]", 'a = "\x01"', "a = 2026-13-45",
            "a = {b=1, b=2}", "a.b = 1\n[a]\nb.c = 2", "a = 1\n€ = 2"]


@pytest.mark.parametrize("text", BAD_TOML)
def test_tomllib_messages_are_said_in_spanish(text):
    """A TOML syntax error in a position file or a lesson reaches the learner in their
    language, not in tomllib's English (tutorial/words.toml_detail)."""
    from tutorial.engine.errors import PositionError
    from tutorial.engine.posfile import parse_toml
    from tutorial.words import position_error

    with pytest.raises(PositionError) as caught:
        parse_toml(text)
    english = caught.value.params["detail"].split(" (at ")[0]
    spanish = position_error(caught.value, translations("es"))
    assert spanish.startswith("TOML no válido: ")
    assert english not in spanish, spanish
    assert position_error(caught.value, translations("en")) != f"not valid TOML: {english}", english


def test_every_message_tomllib_can_give_is_known():
    """The messages in this Python's tomllib source are all translated (a new Python
    with new messages fails here, not in front of a learner)."""
    import ast
    import inspect
    from tomllib import _parser

    from tutorial.words import toml_detail

    samples = {"expect": "]", "key": ("a", "b"), "cont_key": ("a",), "abs_key_parent": ("a",), "key_stem": "b",
               "char": "\x01"}
    found = []
    for node in ast.walk(ast.parse(inspect.getsource(_parser))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "suffixed_err" and len(node.args) == 3:
            message = node.args[2]
            if isinstance(message, ast.Constant):
                found.append(message.value)
            elif isinstance(message, ast.JoinedStr):
                parts = []
                for value in message.values:
                    if isinstance(value, ast.Constant):
                        parts.append(value.value)
                    else:
                        name = ast.unparse(value.value)
                        sample = samples.get(name, "x")
                        parts.append(repr(sample) if value.conversion == ord("r") else str(sample))
                found.append("".join(parts))
    assert len(found) > 15
    spanish = translations("es")
    unknown = [message for message in found if toml_detail(message, spanish) == message]
    assert not unknown


def test_a_catalog_with_fuzzy_or_missing_entries_is_logged(tmp_path, monkeypatch, caplog):
    """They show in English; the operator is told (the shipped catalog has none: test_catalogs)."""
    from tutorial import i18n

    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        '#, fuzzy\nmsgid "Right."\nmsgstr "Correcto."\n\nmsgid "Wrong."\nmsgstr ""\n\n'
        'msgid "Next"\nmsgstr "Siguiente"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    with caplog.at_level("WARNING", logger="tutorial.i18n"):
        tr = i18n.translations.__wrapped__("es")
    assert tr.gettext("Right.") == "Right." and tr.gettext("Next") == "Siguiente"
    assert "1 fuzzy and 1 untranslated" in caplog.text
    caplog.clear()
    monkeypatch.undo()
    with caplog.at_level("WARNING", logger="tutorial.i18n"):
        translations.__wrapped__("es")  # the real catalog, complete
    assert caplog.text == ""
