"""The rule book's sections and rulings: the one list of their ids, titles, order and
glosses, and how a text cites them in the reader's language.

Texts (lesson files, the narrator's templates, the rules page) cite a section by
its stable id (``§priority``) and a ruling by its code (``R3``). Those are anchors,
not words a learner should read: :func:`cite` turns every citation in a text into
the section's number and title (``§ 4 “Where the turned card must go”`` /
``§ 4 «Dónde debe ir la carta girada»``) and every ruling into its code and a short
gloss (``R3 “recycle only when a card is needed”``), in the language of the
translations given. :func:`tutorial.i18n.translations` applies it to every
translated message, so no page, explanation or command can show a bare id.

The Rules page shows the sections in :data:`SECTIONS` order, numbered from 1; the
lesson files' ``sections`` field and the engine's section codes use the same ids.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from .i18n import N_


@dataclass(frozen=True)
class Section:
    """A section of the rules: its stable ``id`` (``§priority``; also the Rules page's
    anchor without the ``§``), its ``title`` (a message id) and its ``number`` (its place
    on the Rules page, from 1)."""

    id: str
    title: str
    number: int

    @property
    def anchor(self) -> str:
        """The Rules page anchor of the section (``priority``)."""
        return self.id.lstrip("§")


@dataclass(frozen=True)
class Ruling:
    """One of this app's rulings: its ``code`` (``R3``) and a short ``gloss`` (a message
    id) that says what it rules, short enough to stand in brackets in a sentence."""

    code: str
    gloss: str


SECTIONS: tuple[Section, ...] = tuple(Section(code, title, number) for number, (code, title) in enumerate((
    ("§deal", N_("Cards, seats and the deal")),
    ("§counts", N_("Cards and common piles by number of players")),
    ("§turn", N_("One card per turn")),
    ("§priority", N_("Where the turned card must go")),
    ("§recycle", N_("When the stock runs out")),
    ("§muggins", N_("Calling Muggins and the penalty")),
    ("§finish", N_("Winning a hand")),
    ("§match", N_("Several hands")),
    ("§variants", N_("Other tables play differently")),
    ("§glossary", N_("Words used here")),
), start=1))
"""Every section of the rules, in the Rules page's order."""

RULINGS: tuple[Ruling, ...] = (
    Ruling("R1", N_("how a deal is shuffled and dealt")),
    Ruling("R2", N_("a player with no cards passes")),
    Ruling("R3", N_("a discard is turned over only when a card is needed")),
    Ruling("R4", N_("the offender picks among the fitting common piles")),
    Ruling("R5", N_("donors give in turn from the offender's left")),
    Ruling("R6", N_("giving away your last card is not a finish")),
    Ruling("R7", N_("when a hand is drawn: a turn limit, or play repeating")),
    Ruling("R8", N_("how the computer players choose a pile")),
    Ruling("R9", N_("a pass counts as a turn")),
    Ruling("R10", N_("a lesson may use fewer than 52 cards")),
    Ruling("R11", N_("a wrong last card always counts as called")),
    Ruling("R12", N_("left with no cards by a correction is not a finish")),
    Ruling("R13", N_("a playout keeps the cards the table has seen")),
    Ruling("V1", N_("without priority, every fitting pile is correct")),
    Ruling("V2", N_("playing on an opponent may be optional")),
    Ruling("V3", N_("only the caller gives a penalty card")),
    Ruling("V4", N_("cards left over go on the piles in turn")),
)
"""Every ruling the app cites: this app's rulings (R…) and the variant rulings (V…),
in the Rules page's order."""

BY_ID = {section.id: section for section in SECTIONS}
BY_CODE = {ruling.code: ruling for ruling in RULINGS}
SECTION_IDS = tuple(BY_ID)

SECTION_CITATION = re.compile(r"§[a-z]+")
"""A section id in a text (``§priority``)."""
RULING_CITATION = re.compile(r"\b[RV][0-9]{1,2}\b")
"""A ruling code in a text (``R3``, ``V1``)."""
CITATION = re.compile(f"{SECTION_CITATION.pattern}|{RULING_CITATION.pattern}")

# The citation templates, translated like every text.
SECTION_TEMPLATE = N_("§\u00a0{number} “{title}”")
RULING_TEMPLATE = N_("{code} “{gloss}”")


def citations(text: str) -> list[str]:
    """The section ids and ruling codes cited in ``text``, in order, repeats included."""
    return CITATION.findall(text)


def section_name(code: str, tr: gettext.NullTranslations) -> str:
    """``§priority`` → ``§ 4 “Where the turned card must go”`` in ``tr``'s language
    (an unknown id is returned as it is)."""
    section = BY_ID.get(code)
    if section is None:
        return code
    plain = _plain(tr)
    return plain(SECTION_TEMPLATE).format(number=section.number, title=plain(section.title))


def ruling_name(code: str, tr: gettext.NullTranslations) -> str:
    """``R3`` → ``R3 “a discard is turned over only when a card is needed”`` in ``tr``'s
    language (an unknown code is returned as it is)."""
    ruling = BY_CODE.get(code)
    if ruling is None:
        return code
    plain = _plain(tr)
    return plain(RULING_TEMPLATE).format(code=code, gloss=plain(ruling.gloss))


def cite(text: str, tr: gettext.NullTranslations) -> str:
    """``text`` with every citation in words: each section id becomes its number and
    title, and each ruling code its code and gloss, the first time it appears (a
    ruling cited twice in one text is glossed once)."""
    if "§" not in text and not RULING_CITATION.search(text):
        return text
    glossed: set[str] = set()

    def replace(match: re.Match[str]) -> str:
        code = match.group()
        if code.startswith("§"):
            return section_name(code, tr)
        if code in glossed or code not in BY_CODE:
            return code
        glossed.add(code)
        return ruling_name(code, tr)

    return CITATION.sub(replace, text)


def _plain(tr: gettext.NullTranslations) -> Callable[[str], str]:
    """``tr``'s gettext without citations (the templates and titles hold none)."""
    return getattr(tr, "plain_gettext", tr.gettext)


class _Citing(gettext.NullTranslations):
    """Put before a translations class: every translated message has its citations in
    words (:func:`cite`). ``plain_gettext`` is the translation alone."""

    def plain_gettext(self, message: str) -> str:
        return super().gettext(message)

    @lru_cache(maxsize=8192)  # noqa: B019 - one shared object per language, never freed
    def gettext(self, message: str) -> str:
        return cite(super().gettext(message), self)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return cite(super().ngettext(msgid1, msgid2, n), self)

    @lru_cache(maxsize=1024)  # noqa: B019
    def pgettext(self, context: str, message: str) -> str:
        return cite(super().pgettext(context, message), self)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return cite(super().npgettext(context, msgid1, msgid2, n), self)


class CitingNullTranslations(_Citing, gettext.NullTranslations):
    """English: the message ids themselves, with their citations in words."""


class CitingGNUTranslations(_Citing, gettext.GNUTranslations):
    """A compiled catalog, with the citations of every translation in words."""
