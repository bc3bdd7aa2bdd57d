"""Languages: the catalogs, the learner's first language, the address's language."""

import pytest

from tutorial.i18n import LANGUAGES, header_languages, match_language, negotiate, normalize, po_path, translations


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


def test_catalogs_are_found_compiled_and_shared():
    assert po_path("es").exists()
    spanish = translations("es")
    assert spanish is translations("es")  # compiled once per process, shared read-only
    assert spanish.gettext("Lessons") == "Lecciones"
    assert translations("en").gettext("Lessons") == "Lessons" and translations("xx").gettext("Lessons") == "Lessons"
    assert set(LANGUAGES) == {"en", "es"}
