"""Translations: the committed template is current and the Spanish catalog complete."""

import re
import subprocess
import sys

from babel.messages.pofile import read_po

from tutorial.i18n import LANGUAGES, po_path, translations

PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def ids(catalog):
    return {(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in catalog if m.id}


def test_template_is_current(root, tmp_path):
    fresh = tmp_path / "messages.pot"
    done = subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-o", str(fresh)],
        cwd=root, capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stderr
    with open(fresh, "rb") as a, open(root / "locales" / "messages.pot", "rb") as b:
        extracted, committed = read_po(a), read_po(b)
    missing = ids(extracted) - ids(committed)
    extra = ids(committed) - ids(extracted)
    assert not missing and not extra, f"run `pybabel extract` then `pybabel update`: new {sorted(map(str, missing))[:5]}, gone {sorted(map(str, extra))[:5]}"


def test_every_language_catalog_matches_template_and_is_complete(root):
    with open(root / "locales" / "messages.pot", "rb") as handle:
        template = read_po(handle)
    for lang in LANGUAGES[1:]:
        with open(po_path(lang), "rb") as handle:
            catalog = read_po(handle, locale=lang)
        assert ids(catalog) == ids(template), f"run `pybabel update` for {lang}"
        problems = []
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.fuzzy:
                problems.append(("fuzzy", message.id))
            if not all(strings):
                problems.append(("untranslated", message.id))
            source = message.id if isinstance(message.id, str) else message.id[-1]
            for text in strings:
                if text and set(PLACEHOLDER.findall(text)) != set(PLACEHOLDER.findall(source)):
                    problems.append(("placeholders", message.id))
        assert not problems, problems[:10]
        assert not list(catalog.check())


def test_spanish_is_used():
    es = translations("es")
    assert es.gettext("Lessons") != "Lessons"
    assert translations("xx").gettext("Lessons") == "Lessons"
