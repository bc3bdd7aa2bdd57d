"""Cards: ranks, suits, parsing and display (docs/rules.md §deal).

A card is a small immutable value. Its canonical text is rank then suit
letter (``6H``, ``10S``, ``AC``); its display form uses the suit symbol
(``6♥``). Suits play no part in the rules; they only tell cards apart.
"""

from __future__ import annotations

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Rank texts, low to high; a card's ``rank`` is 1 (ace) … 13 (king)."""
SUITS = ("C", "D", "H", "S")
"""Suit letters: clubs, diamonds, hearts, spades."""
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

_RANK_BY_TEXT = {text: number for number, text in enumerate(RANKS, start=1)}
_RANK_BY_TEXT["T"] = 10
_SUIT_BY_TEXT = {letter: letter for letter in SUITS}
for _letter, _symbol in SUIT_SYMBOLS.items():
    _SUIT_BY_TEXT[_symbol] = _letter
# The white (outline) suit symbols are common in typed text too.
_SUIT_BY_TEXT.update({"♧": "C", "♢": "D", "♡": "H", "♤": "S"})
del _letter, _symbol


class CardError(ValueError):
    """Raised for text that does not name a card.

    ``text`` holds the offending text; ``code`` is ``"unknown-card"``.
    """

    code = "unknown-card"

    def __init__(self, text: str):
        super().__init__(f"unknown card {text!r}")
        self.text = text


class Card:
    """One playing card: a small immutable value, refused when it is not one of the 52.

    ``rank``: 1 (A) … 13 (K); ``suit``: one of ``"C" "D" "H" "S"``. ``Card(99, "X")`` raises
    :class:`CardError` where it is built. ``str(card)`` is the canonical text (``6H``);
    :meth:`parse` reads it back. As python-chess's ``Piece``: hashable, ordered (by rank, then
    suit), compared only with cards (``Card(6, "H") != (6, "H")``). There is one object per
    card (``Card(6, "H") is Card(6, "H")``, also after pickling), so comparing and hashing
    cost no more than for a tuple.
    """

    __slots__ = ("rank", "suit")
    __match_args__ = ("rank", "suit")
    rank: int
    suit: str

    def __new__(cls, rank: int, suit: str) -> Card:
        if type(rank) is int and type(suit) is str:
            found = _CARDS.get((rank, suit))
            if found is not None:
                return found
        raise CardError(f"{rank!s}{suit!s}"[:40])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a card cannot be changed (tried to set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a card cannot be changed (tried to delete {name!r})")

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return Card, (self.rank, self.suit)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __repr__(self) -> str:
        return f"Card(rank={self.rank}, suit={self.suit!r})"

    # One object per card, so equality is identity. Written out: a class that defines an ordering
    # but inherits ``==`` pays for a slow look-up on every comparison.
    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    __hash__ = object.__hash__

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.rank, self.suit) < (other.rank, other.suit)

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.rank, self.suit) <= (other.rank, other.suit)

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.rank, self.suit) > (other.rank, other.suit)

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.rank, self.suit) >= (other.rank, other.suit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``6H``, ``10S``, ``TS``, ``6♥``, ``10♠`` (case-insensitive).

        Surrounding white space is ignored. Raises :class:`CardError` naming
        the text when it is not a card.
        """
        if not isinstance(text, str):
            raise CardError(repr(text))
        cleaned = text.strip().upper()
        card = _BY_TEXT.get(cleaned)
        if card is None:
            raise CardError(text)
        return card

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    @property
    def rank_text(self) -> str:
        """The rank as printed on the card: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return RANKS[self.rank - 1]

    @property
    def symbol(self) -> str:
        """Display form with the suit symbol, e.g. ``6♥``."""
        return RANKS[self.rank - 1] + SUIT_SYMBOLS[self.suit]

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts (display only)."""
        return self.suit in ("D", "H")

    def fits(self, other: Card) -> bool:
        """True when the ranks differ by exactly one (§deal: A–2 fit, K–A do not)."""
        return abs(self.rank - other.rank) == 1


def _make(rank: int, suit: str) -> Card:
    card = object.__new__(Card)
    object.__setattr__(card, "rank", rank)
    object.__setattr__(card, "suit", suit)
    _CARDS[rank, suit] = card
    return card


_CARDS: dict[tuple[int, str], Card] = {}
FULL_DECK: tuple[Card, ...] = tuple(_make(rank, suit) for suit in SUITS for rank in range(1, 14))
"""The 52-card pack in a fixed order (clubs A–K, diamonds, hearts, spades)."""

_BY_TEXT: dict[str, Card] = {}
for _card in FULL_DECK:
    for _rank_text, _rank in _RANK_BY_TEXT.items():
        if _rank != _card.rank:
            continue
        for _suit_text, _suit in _SUIT_BY_TEXT.items():
            if _suit == _card.suit:
                _BY_TEXT[_rank_text + _suit_text] = _card
del _card, _rank_text, _rank, _suit_text, _suit


def fits(a: Card, b: Card) -> bool:
    """True when cards ``a`` and ``b`` fit: ranks differ by exactly one (§deal)."""
    return abs(a.rank - b.rank) == 1
