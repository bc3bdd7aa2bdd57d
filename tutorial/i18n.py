"""Languages: catalogs and negotiation.

Catalogs are the gettext ``.po`` files in ``locales/`` (:data:`LOCALES_DIR`,
found by :mod:`tutorial.resources`), compiled in memory once per process
with Babel (so a compiled ``.mo`` can never be stale). A
:class:`gettext.NullTranslations` object is shared read-only by every
session; nothing here installs a global ``_`` or changes the process locale.
"""

from __future__ import annotations

import gettext
import logging
from functools import cache
from io import BytesIO
from pathlib import Path

from babel import Locale, negotiate_locale
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from .resources import LOCALES_DIR

log = logging.getLogger(__name__)

DOMAIN = "messages"
LANGUAGES = ("en", "es")
"""Supported languages; the first is the source language and the fallback."""
LANGUAGE_NAMES = {"en": "English", "es": "Español"}


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now."""
    return message


def unknown_language_line(asked: str, lang: str, tr: gettext.NullTranslations) -> str:
    """What a page says when its link asks for a language the app does not have (``?lang=de``):
    which, and the language the page is in instead (quoted text plain: escape it to show it;
    control characters escaped, a long one cut with …, as :func:`tutorial.words.clip` quotes)."""
    from .words import clip
    shown = lang if lang in LANGUAGES else LANGUAGES[0]
    names = [Locale(code).get_language_name(shown) or code for code in LANGUAGES]  # in the page's language, as a sentence names them
    return tr.gettext("The link asks for the language “{asked}”, which this app does not have, so the page is in "
                      "{language}. The app speaks {languages}.").format(
        asked=clip(" ".join(str(asked).split()), 20), language=names[LANGUAGES.index(shown)],
        languages=format_list(names, locale=shown))


def po_path(lang: str) -> Path:
    """Path of the catalog for ``lang`` (``locales/<lang>/LC_MESSAGES/messages.po``)."""
    return LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The translations for ``lang`` (``en`` or ``es``); unknown codes get English.

    Fuzzy entries are left out, so an unchecked translation never shows. Every
    translated message has its rule citations in words (:func:`tutorial.rulebook.cite`:
    ``§priority`` → ``§ 4 “Where the turned card must go”``), so no text shows a bare
    section id or ruling code.
    """
    from .rulebook import CitingGNUTranslations, CitingNullTranslations

    if lang not in LANGUAGES[1:]:
        return CitingNullTranslations()
    with open(po_path(lang), "rb") as handle:
        catalog = read_po(handle, locale=lang, domain=DOMAIN)
    fuzzy = sum(1 for message in catalog if message.id and message.fuzzy)
    untranslated = sum(1 for message in catalog if message.id and not message.fuzzy and not (
        all(message.string) if isinstance(message.string, (list, tuple)) else message.string))
    if fuzzy or untranslated:  # they show in English (the tests keep the shipped catalog complete)
        log.warning("the %s catalog %s has %d fuzzy and %d untranslated messages: they show in English",
                    lang, po_path(lang), fuzzy, untranslated)
    buffer = BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return CitingGNUTranslations(buffer)


def normalize(lang: object) -> str | None:
    """``lang`` if it is a supported code (case-insensitive), else ``None``."""
    if isinstance(lang, str) and lang.strip().lower() in LANGUAGES:
        return lang.strip().lower()
    return None


def match_language(tag: str) -> str | None:
    """``es-MX`` → ``es``; ``None`` when no supported language matches."""
    if not isinstance(tag, str) or not tag.strip():
        return None
    return normalize(negotiate_locale([tag.strip().replace("_", "-")], list(LANGUAGES), sep="-"))


def header_languages(header: str | None) -> list[str]:
    """The language tags of an ``Accept-Language`` header, in the order the browser sent
    them (browsers list them most preferred first; q-values are not needed to order them)."""
    if not header:
        return []
    return [tag for tag in (part.split(";")[0].strip() for part in str(header)[:1000].split(",")) if tag and tag != "*"]


def negotiate(preferred: list[str]) -> str:
    """Pick ``en`` or ``es`` for a list of browser language tags (Babel's negotiation); English otherwise."""
    cleaned = [tag.replace("_", "-") for tag in preferred if isinstance(tag, str) and tag]
    return normalize(negotiate_locale(cleaned, list(LANGUAGES), sep="-")) or LANGUAGES[0]

