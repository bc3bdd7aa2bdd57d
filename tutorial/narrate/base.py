"""The narrator's core: one language, one point of view, and the small words
every sentence is made of (cards, piles, players, lists, rule sections)."""

from __future__ import annotations

import gettext
from collections.abc import Iterable
from dataclasses import dataclass, field

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal

from ..engine.cards import Card
from ..engine.position import Common, Dest, Discard, Position
from ..i18n import LANGUAGES, N_, translations
from ..rulebook import section_name

RANK_NAMES = (
    N_("ace"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
    N_("eight"), N_("nine"), N_("ten"), N_("jack"), N_("queen"), N_("king"),
)


@dataclass(frozen=True)
class Base:
    """Sentences in ``lang`` (``en`` or ``es``), told to ``you``: the player name of the
    learner's seat, or ``None`` when nobody at the table is the learner.

    The point of view is the narrator's, not each sentence's: every sentence about
    the seat ``you`` is in the second person (“you put…”, “D gives you…”), every
    other seat is named. Everything returned is plain text (card symbols
    included, no Markdown).
    """

    lang: str = "en"
    you: str | None = None
    tr: gettext.NullTranslations = field(init=False, repr=False, compare=False)
    locale: Locale = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        lang = self.lang if self.lang in LANGUAGES else LANGUAGES[0]
        object.__setattr__(self, "lang", lang)
        object.__setattr__(self, "tr", translations(lang))
        object.__setattr__(self, "locale", Locale.parse(lang))

    # ----- gettext -------------------------------------------------------------
    def _(self, message: str) -> str:
        """The translation of ``message``."""
        return self.tr.gettext(message)

    def n_(self, singular: str, plural: str, count: int) -> str:
        """The translation of a message with a plural form, for ``count``."""
        return self.tr.ngettext(singular, plural, count)

    # ----- small words -----------------------------------------------------------
    def is_you(self, name: str | None) -> bool:
        """Whether ``name`` is the learner's seat."""
        return name is not None and name == self.you

    def number(self, value: int | float) -> str:
        """A number as the language writes it (``1,234`` / ``1.234``)."""
        return format_decimal(value, locale=self.locale)

    def section(self, code: str) -> str:
        """``§priority`` → ``§ 4 “Where the turned card must go”``: the section's number on
        the Rules page and its title, in the language (:mod:`tutorial.rulebook`)."""
        return section_name(code, self.tr)

    def card_name(self, card: Card) -> str:
        """A card's full name, e.g. ``six of hearts`` (for tooltips and screen readers)."""
        rank = self._(RANK_NAMES[card.rank - 1])
        return {
            "C": self._("{rank} of clubs"),
            "D": self._("{rank} of diamonds"),
            "H": self._("{rank} of hearts"),
            "S": self._("{rank} of spades"),
        }[card.suit].format(rank=rank)

    def card(self, c: Card) -> str:
        """A card inside a sentence: ``6♥`` in English, ``el 6♥`` / ``la J♥`` in Spanish."""
        return self._article_templates()[c.rank - 1].format(card=c.symbol)

    def _article_templates(self) -> tuple[str, ...]:
        tr = self.tr  # each call spelled out (no alias) so that Babel's extractor finds it
        return (
            tr.pgettext("card in a sentence: ace", "{card}"),
            tr.pgettext("card in a sentence: two", "{card}"),
            tr.pgettext("card in a sentence: three", "{card}"),
            tr.pgettext("card in a sentence: four", "{card}"),
            tr.pgettext("card in a sentence: five", "{card}"),
            tr.pgettext("card in a sentence: six", "{card}"),
            tr.pgettext("card in a sentence: seven", "{card}"),
            tr.pgettext("card in a sentence: eight", "{card}"),
            tr.pgettext("card in a sentence: nine", "{card}"),
            tr.pgettext("card in a sentence: ten", "{card}"),
            tr.pgettext("card in a sentence: jack", "{card}"),
            tr.pgettext("card in a sentence: queen", "{card}"),
            tr.pgettext("card in a sentence: king", "{card}"),
        )

    def cards(self, cards: Iterable[Card]) -> str:
        """``K♣, 3♥ and 10♠`` (Babel's list formatting for the language)."""
        return format_list([self.card(c) for c in cards], locale=self.locale)

    def names(self, names: Iterable[str]) -> str:
        """``A, B and C``; the learner's seat is “you”."""
        return format_list([self._("you") if self.is_you(n) else n for n in names], locale=self.locale)

    @staticmethod
    def sentence(text: str) -> str:
        """Capitalise the first letter (a sentence may start with a card's article) — unless the
        sentence starts with a player's name (“ana's discard”: a name is shown as written; the
        narrator's own words never end in 's)."""
        first = text.split(" ", 1)[0]
        if first.endswith(("'s", "’s")):
            return text
        return text[:1].upper() + text[1:]

    # ----- piles ---------------------------------------------------------------------
    def pile(self, dest: Dest, position: Position, *, top: bool = True, mover: str | None = None,
             subject: str | None = None) -> str:
        """Name a pile: ``common pile 1 (5♣)``, ``B's discard (7♦)``, ``B's empty discard``,
        ``your discard (7♦)``. ``mover``'s own discard is ``B's own discard``; when the
        sentence's subject owns it (``subject``), ``their own discard`` (``your own
        discard`` for the learner).

        ``position`` gives the top shown in brackets (left out with ``top=False``).
        """
        _ = self._
        if isinstance(dest, Common):
            number = dest.number
            if top and 1 <= number <= len(position.commons):
                return _("common pile {number} ({top})").format(
                    number=number, top=position.commons[number - 1][-1].symbol)
            return _("common pile {number}").format(number=number)
        if not isinstance(dest, Discard):
            raise TypeError(f"not a pile: {dest!r}")
        name = dest.player
        if subject is not None and name == subject:
            return _("your own discard") if self.is_you(name) else _("their own discard")
        if mover is not None and name == mover:
            return self.own_discard(name)
        cards = position.discard_of(name) if name in position.players else ()
        mine = self.is_you(name)
        if not top:
            return _("your discard") if mine else _("{player}'s discard").format(player=name)
        if not cards:
            return _("your empty discard") if mine else _("{player}'s empty discard").format(player=name)
        if mine:
            return _("your discard ({top})").format(top=cards[-1].symbol)
        return _("{player}'s discard ({top})").format(player=name, top=cards[-1].symbol)

    def piles(self, dests: Iterable[Dest], position: Position) -> str:
        """Several piles as one phrase joined with “or”."""
        names = [self.pile(d, position) for d in dests]
        return format_list(names, style="or", locale=self.locale) if names else ""

    def left_of(self, player: str) -> str:
        """``your left`` / ``B's left``."""
        return self._("your left") if self.is_you(player) else self._("{player}'s left").format(player=player)

    def own_discard(self, player: str) -> str:
        """``your own discard`` / ``B's own discard``."""
        return self._("your own discard") if self.is_you(player) else self._("{player}'s own discard").format(player=player)

    def closed_stock(self, player: str) -> str:
        """``your closed stock`` / ``B's closed stock``."""
        return self._("your closed stock") if self.is_you(player) else self._("{player}'s closed stock").format(player=player)
