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
    # The scripts that keep the learner's progress in this browser (storage.py) and the history
    # rule (history.py) take no room either.
    "[class*='st-key-muggins-storage'], .st-key-muggins-history {display: none !important;}"
    # Under stMain: more particular than a page's own style for its paragraphs (presenter mode).
    f"[data-testid='stMain'] [class*='st-key-{BIG_TEXT}'] [data-testid='stMarkdownContainer'] p"
    " {font-size: 2.25rem; font-weight: 700; line-height: 1.2; margin: 0;}"
    f"[data-testid='stMain'] [class*='st-key-{BIG_TEXT}'] [data-testid='stMarkdownContainer'] p code"
    " {font-size: 1em;}"  # a room code
    f"[data-testid='stMain'] [class*='st-key-{LARGE_TEXT}'] [data-testid='stMarkdownContainer'] p"
    " {font-size: 1.75rem; font-weight: 600; line-height: 1.2; margin: 0;}"
    # An answer's label is read whole: Streamlit cuts a button's label to one line with "…", and a
    # phone has no hover to show the rest (whole choices of lessons, training and the class room
    # were unreadable). The label wraps instead; a button's height follows it.
    "[data-testid='stMain'] [class*='-option-'] button [data-testid='stMarkdownContainer'],"
    " [data-testid='stMain'] [class*='-option-'] button [data-testid='stMarkdownContainer'] p"
    " {white-space: normal; overflow: visible; text-overflow: clip; overflow-wrap: anywhere;}"
    "[data-testid='stMain'] [class*='-option-'] button {height: auto; min-height: 2.5rem;}"
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
    return _changed(words)


def streamlit_words(tr: gettext.NullTranslations) -> dict[str, dict[str, str]]:
    """All that Streamlit's own page says in English whatever the app's language, with its words
    in ``tr``'s language (those unchanged left out): ``text``, the words of its elements (the
    hints under a text box, the skip link a first Tab shows, a select box's "No results", a file
    uploader's button);
    ``label``, the names a screen reader hears (``aria-label``: the sidebar's and the menu's
    buttons, a heading's link, a select box's arrow and list); ``prefix``, the start of such a name before a label of ours (the help
    icon's "Help for Table as text"). Keys exactly as Streamlit 1.67 writes them. And ``say``:
    what the page's script says itself (``refused``: a text box refused a text longer than its
    limit, which Streamlit drops without a word: :data:`WORDS_JS`)."""
    _ = tr.gettext
    lost = _("The server is not answering just now: it may be restarting. This page connects again by itself, "
             "and your place is kept.")
    text = {**input_instructions(tr), "Skip to main content": _("Skip to main content"), "No results": _("No results"),
            "Upload": _("Choose a file"),
            # Streamlit's dialog while the server is away (a restart): a developer's words, in English, on
            # a projector and on every phone; its "streamlit run yourscript.py" is hidden (WORDS_JS)
            "Connection error": _("Connecting again…"),
            "Streamlit server is not responding. Are you connected to the internet?": lost,
            "Is Streamlit still running? If you accidentally stopped Streamlit, just restart it in your terminal:": lost,
            "Connecting": _("Connecting"), "Running...": _("Working…")}
    label = {"Collapse sidebar": _("Collapse sidebar"), "Expand sidebar": _("Expand sidebar"),
             "Main menu": _("Main menu"), "Link to heading": _("Link to heading"), "Open": _("Open the list"),
             "Help": _("Help"), "Close": _("Close"), "Selectbox options": _("Options"),
             "Sidebar": _("Sidebar"), "App pages": _("App pages"), "progress": _("Progress"),
             # an icon in Markdown is named by its icon's name ("check_circle icon"): the one the
             # app writes (after a right answer) says what it means
             "check_circle icon": _("Right")}
    prefix = {"Help for ": _("Help for ")}
    say = {"refused": _("That text is too long for this box, so it was not taken. "
                        "Type or paste a shorter one.")}
    return {"text": _changed(text), "label": _changed(label), "prefix": _changed(prefix), "say": say}


def _changed(words: dict[str, str]) -> dict[str, str]:
    """The words a language changes (Streamlit's English left as it is)."""
    return {english: said for english, said in words.items() if said != english}


WORDS_JS = """
(() => {  // a function of its own: the script runs again on every run, and a second top-level const would not parse
window.mugginsWords = WORDS;
const back = window.mugginsWordsBack || (window.mugginsWordsBack = {text: {}, label: {}, prefix: {}});
for (const kind of ['text', 'label', 'prefix']) {  // every translation seen, back to Streamlit's English
  for (const [english, said] of Object.entries(window.mugginsWords[kind] || {})) { back[kind][said] = english; }
}
if (!window.mugginsWordsWatch) {
  // the hints under a text box, the skip link, a select box's list when a search finds nothing
  // ... and the word on a file uploader's button
  const TEXTS = '[data-testid="InputInstructions"] span, [data-testid="stSkipToContent"], [role="listbox"], [role="listbox"] *, '
    + '[data-testid="stFileUploaderDropzone"] button p, [role="dialog"] h2, [role="dialog"] div, '
    + '[data-testid="stStatusWidget"] *';
  const SHELL = 'streamlit run yourscript.py';  // the connection dialog's advice to a developer
  const want = (kind, value) => {  // a text or name as it must read now: in the page's language, else Streamlit's own
    const words = window.mugginsWords[kind] || {};
    const english = Object.hasOwn(back[kind], value) ? back[kind][value] : value;
    return Object.hasOwn(words, english) ? words[english] : english;
  };
  const named = (value) => {  // a name that begins with a known start ("Help for …")
    let base = value;
    for (const [said, english] of Object.entries(back.prefix)) {
      if (value.startsWith(said)) { base = english + value.slice(said.length); break; }
    }
    for (const english of Object.keys(window.mugginsWords.prefix || {})) {
      if (base.startsWith(english)) { return window.mugginsWords.prefix[english] + base.slice(english.length); }
    }
    return base;
  };
  const fix = () => {
    for (const element of document.querySelectorAll(TEXTS)) {
      const node = element.firstChild;
      if (node && node.nodeType === 3) {
        const wanted = want('text', node.nodeValue);
        if (wanted !== node.nodeValue) { node.nodeValue = wanted; }
      }
    }
    for (const code of document.querySelectorAll('[role="dialog"] code, [role="dialog"] pre')) {
      if (code.textContent.trim() === SHELL) { (code.closest('pre') || code).style.display = 'none'; }
    }
    // a slider's input is named by itself and by its group, which bears the same name: a screen
    // reader said it twice ("How often … (%) How often … (%)"); its own name is enough
    for (const range of document.querySelectorAll('[data-testid="stSlider"] input[type="range"][aria-labelledby][aria-label]')) {
      range.removeAttribute('aria-labelledby');
    }
    // a heading's own link was a Tab stop of every heading: still there for a screen reader's
    // reading, no longer in the way of the Tab key
    for (const link of document.querySelectorAll(':is(h1, h2, h3, h4, h5, h6) a[href^="#"]:not([tabindex="-1"])')) {
      link.tabIndex = -1;
    }
    // an uploader's drop zone is role="presentation" yet named (axe: aria-prohibited-attr): its
    // label names it already, so the name goes
    for (const zone of document.querySelectorAll('[data-testid="stFileUploaderDropzone"][role="presentation"][aria-label]')) {
      zone.removeAttribute('aria-label');
    }
    for (const element of document.querySelectorAll('[aria-label]')) {
      const name = element.getAttribute('aria-label');
      let wanted = want('label', name);
      if (wanted === name) { wanted = named(name); }
      if (wanted !== name) {
        if (!element.hasAttribute('data-muggins-name')) { element.setAttribute('data-muggins-name', name); }
        element.setAttribute('aria-label', wanted);
      }
    }
  };
  window.mugginsWordsFix = fix;
  // A text box with a limit (max_chars) drops a change that would pass it — a long paste, a
  // typed character too many — without a word: the box just stays as it was. The new text is
  // in the box when the input event starts (this listener runs before React's); if the box
  // holds its old text once the event is done, the change was refused, and that is said.
  const BOXES = '[data-testid="stTextInput"] input, [data-testid="stTextArea"] textarea';
  document.addEventListener('input', (event) => {
    const box = event.target;
    if (!(box instanceof HTMLElement) || !box.matches(BOXES)) { return; }
    const typed = box.value;
    setTimeout(() => {
      if (box.isConnected && box.value !== typed && box.value.length < typed.length) { window.mugginsRefused(box); }
    }, 0);
  }, true);
  window.mugginsRefused = (box) => {
    const said = ((window.mugginsWords.say || {}).refused) || 'That text is too long for this box, so it was not taken.';
    let note = document.getElementById('muggins-refused');
    if (!note) {
      note = document.createElement('div');
      note.id = 'muggins-refused';
      note.setAttribute('role', 'status');
      note.style.cssText = 'position:fixed;z-index:1000100;max-width:min(28rem,90vw);padding:.5rem .75rem;'
        + 'border-radius:.5rem;background:#fff4e5;color:#5c2b00;border:1px solid #b35900;font-size:.95rem;'
        + 'box-shadow:0 2px 6px rgba(0,0,0,.2)';
      document.body.appendChild(note);
    }
    note.textContent = said;
    const where = box.getBoundingClientRect();
    note.style.left = Math.max(8, Math.min(where.left, window.innerWidth - note.offsetWidth - 8)) + 'px';
    // under the box, or above it when the screen ends first: never over the box
    const below = where.bottom + 6, above = where.top - note.offsetHeight - 6;
    const fits = below + note.offsetHeight <= window.innerHeight - 8 || above < 8;
    note.style.top = Math.max(8, fits ? below : above) + 'px';
    clearTimeout(window.mugginsRefusedTimer);
    window.mugginsRefusedTimer = setTimeout(() => note.remove(), 8000);
  };
  window.mugginsWordsWatch = new MutationObserver(fix);
  window.mugginsWordsWatch.observe(document.body, {childList: true, subtree: true, characterData: true,
                                                   attributes: true, attributeFilter: ['aria-label']});
}
window.mugginsWordsFix();
requestAnimationFrame(() => window.mugginsWordsFix());  // and once the run's elements are drawn
setTimeout(() => window.mugginsWordsFix(), 300);
})();
"""
"""Installed once per page: whenever Streamlit writes one of its texts or names, it is put in
the page's language (a text node React wrote is changed in place, and a name set again, so
React's own later changes are seen and put right again; a name already right is left alone,
so putting it right stops there). The words are set on every run, and what an earlier
language put is turned back (a switch to English brings Streamlit's own words back)."""


def language_script(lang: str, words: dict[str, dict[str, str]] | None = None) -> str:
    """HTML whose script sets the document's language to ``lang`` (one of the app's
    languages; anything else is taken as the first, English) and the words Streamlit's own
    texts and names are put in (:func:`streamlit_words`)."""
    code = lang if lang in LANGUAGES else LANGUAGES[0]
    script = WORDS_JS.replace("WORDS", json.dumps(words or {}).replace("<", "\\u003c"))
    return f"<script>document.documentElement.setAttribute('lang', {json.dumps(code)});{script}</script>"


def title(*parts: str) -> None:
    """Title this page in the browser (see :func:`page_title`)."""
    st.set_page_config(page_title=page_title(*parts))


def frame(lang: str, page: str, tr: gettext.NullTranslations | None = None) -> None:
    """On every run, before the page: the app's styles, the document's language, the words of
    Streamlit's own texts and names (in ``tr``'s language) and the page's title (``page``: its
    translated name)."""
    title(page)
    st.html(STYLE)
    with st.container(key=LANGUAGE_BOX):
        st.html(language_script(lang, streamlit_words(tr) if tr is not None else None), unsafe_allow_javascript=True)
