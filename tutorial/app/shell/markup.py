"""Text shown literally inside Streamlit's Markdown.

Streamlit renders Markdown (links, images, ``:red[…]`` directives, ``$`` maths)
in ``st.markdown``, ``st.warning`` and the other message boxes. Sentences from
:mod:`tutorial.words` are plain text and may quote values from outside (the
page address, a lesson file, a text box), so they are escaped here before
they reach Markdown: nothing quoted can become a link or an image.
"""

from __future__ import annotations

import re

_SPECIAL = set("\\`*_[]()#+-.!$~|<>:{}&=\"'")
_JOINER = "\u2060"  # WORD JOINER: invisible, and no part of an address
# GitHub-flavoured Markdown links bare addresses even when their dots are escaped
# (www.…, http://…, name@host): an invisible joiner inside each breaks the pattern.
_AUTOLINK = re.compile(r"(?i)(?<=www)(?=\\\.)|(?<=https)(?=\\:)|(?<=http)(?=\\:)|(?<=ftp)(?=\\:)|(?<=@)|(?<=mailto)(?=\\:)")


_BIDI_CONTROLS = dict.fromkeys([*range(0x202A, 0x202F), *range(0x2066, 0x206A)])
"""The embedding, override and isolate controls: quoted text carrying one (``?ex=%E2%80%AE…``)
turned the rest of the app's own sentence backwards (found by a trial). The app's texts use
none of them."""


def literal(text: object) -> str:
    """``text`` escaped so that Markdown shows it character for character (bidirectional
    controls left out: they would reorder the words around it); a blank line stays a paragraph
    break and a single line break stays a line break."""
    return "\n\n".join(_line_breaks(part) for part in str(text).translate(_BIDI_CONTROLS).split("\n\n"))


def _line_breaks(text: str) -> str:
    return "  \n".join(_AUTOLINK.sub(_JOINER, "".join("\\" + ch if ch in _SPECIAL else ch for ch in line))
                       for line in text.split("\n"))


def fill(template: str, **markdown: str) -> str:
    """A plain-text ``template`` (e.g. a translated sentence) escaped as by :func:`literal`,
    with its ``{name}`` fields replaced by the given Markdown as it is (already safe: a card
    in colour, a label escaped by its maker). Unknown fields stay as written."""
    parts = re.split(r"(\{[a-z_]+\})", template)
    return "".join(markdown.get(part[1:-1], literal(part)) if part.startswith("{") and part.endswith("}")
                   else literal(part) for part in parts)


def paragraphs(*sentences: str) -> str:
    """Plain-text sentences as Markdown paragraphs, each escaped."""
    return "\n\n".join(literal(sentence) for sentence in sentences if sentence)


_COLOURED = re.compile(r":[a-z]+\[([^\]]*)\]")
_ICON = re.compile(r":material/[a-z_]+:")


def plain(markdown: str) -> str:
    """What a screen reader should hear of the app's own Markdown (a lesson's text, a text
    escaped by :func:`literal`): the words without emphasis, list marks, colour directives,
    icons or escapes, its paragraphs and lines joined by spaces."""
    text = _ICON.sub("", markdown.replace("&nbsp;", " ").replace(_JOINER, ""))
    text = _COLOURED.sub(r"\1", text)
    text = re.sub(r"(?m)^\s*(?:[-*+]|\d+\.)\s+", "", text)  # list marks
    text = re.sub(r"(?<!\\)[*_`]+", "", text)  # emphasis (an escaped one is a character)
    text = re.sub(r"\\(.)", r"\1", text)
    return " ".join(text.split())
