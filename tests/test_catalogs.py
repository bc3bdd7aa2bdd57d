"""Translations: the committed template is current, the Spanish catalog complete, and `pybabel update` keeps translations."""

import re
import shutil
import subprocess
import sys
import tomllib

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


def problems(catalog):
    """``[(kind, msgid), ...]``: fuzzy, untranslated, or placeholders that differ from the English."""
    found = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            found.append(("fuzzy", message.id))
        if not all(strings):
            found.append(("untranslated", message.id))
        source = message.id if isinstance(message.id, str) else message.id[-1]
        for text in strings:
            if text and set(PLACEHOLDER.findall(text)) != set(PLACEHOLDER.findall(source)):
                found.append(("placeholders", message.id))
    return found


REVIEW = ("fuzzy: the English changed and the entry holds the old translation (`git diff locales/messages.pot` "
          "shows the change): correct it, then delete the fuzzy flag")


def test_every_language_catalog_matches_template_and_is_complete(root):
    with open(root / "locales" / "messages.pot", "rb") as handle:
        template = read_po(handle)
    for lang in LANGUAGES[1:]:
        with open(po_path(lang), "rb") as handle:
            catalog = read_po(handle, locale=lang)
        assert ids(catalog) == ids(template), f"run `pybabel update` for {lang}"
        found = problems(catalog)
        assert not found, f"{po_path(lang)}: {found[:10]}" + (f"; {REVIEW}" if any(k == "fuzzy" for k, _ in found) else "")
        assert not list(catalog.check())


def test_spanish_is_used():
    es = translations("es")
    assert es.gettext("Lessons") != "Lessons"
    assert translations("xx").gettext("Lessons") == "Lessons"


# ----- The documented workflow: `pybabel extract`, then `pybabel update` ------

def pybabel(folder, command):
    """``pybabel COMMAND`` run from ``folder``, with the settings in its pyproject.toml (as docs/contributing.md says)."""
    done = subprocess.run([sys.executable, "-m", "babel.messages.frontend", command], cwd=folder, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def spanish(folder):
    with open(folder / "locales" / "es" / "LC_MESSAGES" / "messages.po", "rb") as handle:
        return read_po(handle, locale="es")


def fuzzy(catalog):
    return {message.id for message in catalog if message.id and message.fuzzy}


def test_update_keeps_the_old_translation_of_an_edited_text_as_fuzzy(root, tmp_path):
    for name in ("tutorial", "lessons", "locales"):
        shutil.copytree(root / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(root / "pyproject.toml", tmp_path)
    committed = spanish(tmp_path)

    # Unchanged sources: every committed entry keeps its translation and its (non-)fuzziness.
    pybabel(tmp_path, "extract")
    pybabel(tmp_path, "update")
    unchanged = spanish(tmp_path)
    for message in committed:
        if message.id and message.id in unchanged:
            assert (unchanged[message.id].string, unchanged[message.id].fuzzy) == (message.string, message.fuzzy), message.id
    new_ids = {message.id for message in unchanged} - {message.id for message in committed}
    assert fuzzy(unchanged) <= new_ids  # only texts added since the last update may be fuzzy

    # A teacher edits one lesson text slightly (two words added).
    lesson = tmp_path / "lessons" / "01-cards-and-fitting.toml"
    raw = lesson.read_text(encoding="utf-8")
    summary = tomllib.loads(raw)["summary"]
    edited = "In short: " + summary
    assert raw.count(f'summary = "{summary}"') == 1 and edited not in unchanged
    lesson.write_text(raw.replace(f'summary = "{summary}"', f'summary = "{edited}"'), encoding="utf-8")
    old = committed[summary]
    assert old.string and not old.fuzzy

    pybabel(tmp_path, "extract")
    pybabel(tmp_path, "update")
    updated = spanish(tmp_path)
    assert updated[edited].string == old.string
    assert fuzzy(updated) == fuzzy(unchanged) | {edited}
    assert summary not in updated and summary not in updated.obsolete  # taken over by the edited text
    assert ("fuzzy", edited) in problems(updated)  # so the completeness test names it


def test_every_message_the_code_asks_for_is_in_the_template(root):
    """Independent of Babel's keyword settings: every literal passed to a gettext-style
    call anywhere in the package (``_``, ``n_``, ``gettext``, ``ngettext``, ``pgettext``,
    ``N_``, called plainly or as a method) is in the committed template, so no message
    can silently miss translation."""
    import ast

    with open(root / "locales" / "messages.pot", "rb") as handle:
        known = {(m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(handle) if m.id}
    names = {"_": 0, "N_": 0, "gettext": 0, "n_": 0, "ngettext": 0, "pgettext": 1}
    missing = []
    for path in (root / "tutorial").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if name not in names or len(node.args) <= names[name]:
                continue
            arg = node.args[names[name]]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value not in known:
                missing.append(f"{path.name}:{node.lineno}: {arg.value[:60]}")
    assert not missing, missing


def test_translations_keep_every_citation(root):
    """A section id (``§priority``) or ruling code (``R3``) in a text is an anchor the app
    puts into words (:func:`tutorial.rulebook.cite`): each translation keeps exactly the
    citations of its English text, and every one is in the one list of sections and rulings."""
    from tutorial import rulebook

    with open(po_path("es"), "rb") as handle:
        catalog = read_po(handle, locale="es")
    found = []
    for message in catalog:
        if not message.id:
            continue
        source = message.id if isinstance(message.id, str) else message.id[-1]
        wanted = sorted(rulebook.citations(source))
        for code in wanted:
            if code not in rulebook.BY_ID and code not in rulebook.BY_CODE:
                found.append(("unknown", code, source[:60]))
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            if text and sorted(rulebook.citations(text)) != wanted:
                found.append(("differs", wanted, text[:60]))
    assert found == []


def test_citations_are_put_into_words_by_every_catalog():
    from tutorial import rulebook

    for lang, title in (("en", "“Where the turned card must go”"), ("es", "«Dónde debe ir la carta girada»")):
        tr = translations(lang)
        assert rulebook.cite("(§priority, R2)", tr) == "(§\u00a04 " + title + ", R2 " + (
            "“a player with no cards passes”)" if lang == "en" else "«quien no tiene cartas pasa»)")
        assert rulebook.cite("R2 and R2 again; §nonsense, R99", tr).count("R2 “") + rulebook.cite("R2 and R2", tr).count("R2 «") == 1  # glossed once
        assert "§nonsense" in rulebook.cite("§nonsense", tr) and "R99" in rulebook.cite("R99", tr)  # unknown: as written
        assert tr.ngettext("{n} card (§turn)", "{n} cards (§turn)", 2).startswith("{n} cards (§\u00a03 ")


def test_one_word_per_concept_in_spanish_and_instructions_that_fit_touch_and_mouse(root):
    """Issue 17: «llamar» beside «cantar», «Haz clic» on a touch screen. The settled terms:
    cantar «¡Muggins!» (never llamar), «Elige» a pile and «Pulsa» a named button (never
    «Haz clic»), «pulsación» for a tap or click, «carta de arriba» for a pile's top (the
    glossary also gives «tope»); in English "Choose" a pile, "Press" a button, never "Click"."""
    import re

    with open(po_path("es"), "rb") as handle:
        catalog = read_po(handle, locale="es")
    wrong_es = re.compile(r"[Hh]az clic|\bclics?\b|\b[Ll]lam(a|as|ó|ar|ada|adas|aría)\b|\bdecir «¡Muggins")
    wrong_en = re.compile(r"\b[Cc]lick (the|a|that|either|it|on|where)\b")
    found = []
    for message in catalog:
        if not message.id:
            continue
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            found += [("es", hit.group(), text[:70]) for hit in wrong_es.finditer(text)]
            if re.search(r"\btope\b", text) and "su tope." not in text:
                found.append(("es", "tope", text[:70]))
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            found += [("en", hit.group(), text[:70]) for hit in wrong_en.finditer(text)]
    assert found == []
