"""What the browser knows about the page as a whole: its language, its title and the
app's own styles shared by every page (issue 17, WCAG 2.1 3.1.1 and 2.4.2).

Streamlit leaves ``<html lang="en">`` whatever the app's language and titles every
page with the one ``page_title`` of ``st.set_page_config``. :func:`frame`, called on
every run by the entry script, sets both: the document's language to the learner's
(so a screen reader reads Spanish pages with a Spanish voice, also right after a
language switch) and a title of the page's own ("Lessons · Muggins Tutor"); a page
may name more (the lesson) with :func:`title`. The texts are made by plain functions
(:func:`page_title`, :func:`language_script`) that the unit tests check.
"""

from __future__ import annotations

import gettext
import json

import streamlit as st

from tutorial.i18n import LANGUAGES

APP_NAME = "Muggins Tutor"
"""The product's name: the last part of every page title (not translated)."""

SEPARATOR = " · "

LANGUAGE_BOX = "document-language"
"""Key of the (hidden) container of the script that sets the document's language."""

BIG_TEXT = "big-text-"
"""Key prefix of a container whose text shows large without being a heading (a pair of
cards to compare, a room code): a heading is for a section, and one that is not breaks
the page's outline for a screen reader."""

LARGE_TEXT = "large-text-"
"""As :data:`BIG_TEXT`, one size smaller (a card in the text view of the table)."""

STAGE = (
    # The stage (tutorial.app.shell.table.stage: the table and the panel beside it). On a short,
    # wide screen (a projector at 150 %) the table is bounded by the height, so the panel beside
    # it may take more than half the width: its verdict then needs fewer lines.
    "@media (max-height: 620px) and (min-width: 640px) {"
    "[class*='st-key-stage-'] [data-testid='stColumn'] {flex: 4 1 0 !important; width: auto !important;}"
    "[class*='st-key-stage-'] [data-testid='stColumn'] + [data-testid='stColumn'] {flex: 5 1 0 !important;}"
    "[class*='st-key-stage-'] [data-testid='stAlert'] p {font-size: 0.88rem; line-height: 1.45;}}"
    # On a phone the panel sits below the table: slightly smaller text keeps a verdict short.
    "@media (max-width: 640px) {[class*='st-key-stage-'] [data-testid='stAlert'] p {font-size: 0.92rem;}}"
)
"""Shared, not sent by the stage itself: a stage is drawn inside fragments (a practice click
reruns only its fragment), and a style sent from there travelled again with every click."""

STYLE = (
    "<style>"
    # The script's box and its layout wrapper take no room (else the page gets one gap more).
    f".st-key-{LANGUAGE_BOX}, :has(> .st-key-{LANGUAGE_BOX}) {{display: none !important;}}"
    # The scripts that keep the learner's progress in this browser (storage.py) take no room either.
    "[class*='st-key-muggins-storage'] {display: none !important;}"
    # Under stMain: more particular than a page's own style for its paragraphs (presenter mode).
    f"[data-testid='stMain'] [class*='st-key-{BIG_TEXT}'] [data-testid='stMarkdownContainer'] p"
    " {font-size: 2.25rem; font-weight: 700; line-height: 1.2; margin: 0;}"
    f"[data-testid='stMain'] [class*='st-key-{BIG_TEXT}'] [data-testid='stMarkdownContainer'] p code"
    " {font-size: 1em;}"  # a room code
    f"[data-testid='stMain'] [class*='st-key-{LARGE_TEXT}'] [data-testid='stMarkdownContainer'] p"
    " {font-size: 1.75rem; font-weight: 600; line-height: 1.2; margin: 0;}"
    + STAGE +
    "</style>"
)


def page_title(*parts: str) -> str:
    """The browser's title of a page: its own parts, most particular first, then the app's
    name, e.g. ``page_title("Common piles first", "Lessons")`` gives
    "Common piles first · Lessons · Muggins Tutor". Empty parts and line breaks are dropped."""
    kept = [" ".join(str(part).split()) for part in parts]
    return SEPARATOR.join([part for part in kept if part and part != APP_NAME] + [APP_NAME])


def input_instructions(tr: gettext.NullTranslations) -> dict[str, str]:
    """Streamlit's own hints under a text box being typed in ("Press Enter to apply"), which
    its page shows in English whatever the app's language, each with its words in ``tr``'s
    language (those unchanged left out). The keys are Streamlit's texts, exactly as its
    ``InputInstructions`` element writes them (1.67); the count of characters beside them is
    in figures and stays."""
    _ = tr.gettext
    words = {
        "Press Enter to apply": _("Press Enter to apply"),
        "Press Enter to submit form": _("Press Enter to submit form"),
        "Press Ctrl+Enter to apply": _("Press Ctrl+Enter to apply"),
        "Press Ctrl+Enter to submit form": _("Press Ctrl+Enter to submit form"),
        "Press ⌘+Enter to apply": _("Press ⌘+Enter to apply"),
        "Press ⌘+Enter to submit form": _("Press ⌘+Enter to submit form"),
    }
    return {english: said for english, said in words.items() if said != english}


INPUT_WORDS_JS = """
window.mugginsInputWords = WORDS;
if (!window.mugginsInputWatch) {
  const fix = () => {
    const words = window.mugginsInputWords || {};
    for (const hint of document.querySelectorAll('[data-testid="InputInstructions"] span')) {
      const text = hint.firstChild;
      if (text && text.nodeType === 3 && Object.hasOwn(words, text.nodeValue)) { text.nodeValue = words[text.nodeValue]; }
    }
  };
  window.mugginsInputWatch = new MutationObserver(fix);
  window.mugginsInputWatch.observe(document.body, {childList: true, subtree: true, characterData: true});
  fix();
}
"""
"""Installed once per page: whenever Streamlit writes one of its hints under a text box, it is
put in the page's language (the text node React wrote is changed in place, so React's own
later changes to it are seen and put right again)."""


def language_script(lang: str, input_words: dict[str, str] | None = None) -> str:
    """HTML whose script sets the document's language to ``lang`` (one of the app's
    languages; anything else is taken as the first, English) and the words Streamlit's hints
    under text boxes are shown in (:func:`input_instructions`)."""
    code = lang if lang in LANGUAGES else LANGUAGES[0]
    words = INPUT_WORDS_JS.replace("WORDS", json.dumps(input_words or {}).replace("<", "\\u003c"))
    return f"<script>document.documentElement.setAttribute('lang', {json.dumps(code)});{words}</script>"


def title(*parts: str) -> None:
    """Title this page in the browser (see :func:`page_title`)."""
    st.set_page_config(page_title=page_title(*parts))


def frame(lang: str, page: str, tr: gettext.NullTranslations | None = None) -> None:
    """On every run, before the page: the app's styles, the document's language, the words of
    Streamlit's hints under text boxes (in ``tr``'s language) and the page's title (``page``:
    its translated name)."""
    title(page)
    st.html(STYLE)
    with st.container(key=LANGUAGE_BOX):
        st.html(language_script(lang, input_instructions(tr) if tr is not None else None), unsafe_allow_javascript=True)
