"""The drawn table in words: the text alternative of every picture of a table (read by
screen readers, shown in the text view and under a saved picture) and the name of each
thing on it."""

from __future__ import annotations

from collections.abc import Mapping

from babel.lists import format_list

from ..engine.cards import Card
from ..engine.position import Common, Dest, Discard, Position
from ..engine.rules import legal_destinations
from ..i18n import N_
from .story import Story

MARK_WORDS = {
    "placed": N_("just played here"),
    "legal": N_("the card may go here"),
    "wrong": N_("chosen, but wrong"),
    "right": N_("where the card had to go"),
}
"""What each mark on a pile means (scene marks, see tutorial/draw/scene.py)."""


class TableWords(Story):
    """A table in words, built on the story (a turned card's event) and the verdicts (where it may go)."""

    def cards_count(self, count: int) -> str:
        """``1 card`` / ``12 cards``."""
        return self.n_("{count} card", "{count} cards", count).format(count=self.number(count))

    def mark_words(self, mark: str | None) -> str:
        """What a mark on a pile means, in words (``""`` for none)."""
        return self._(MARK_WORDS[mark]) if mark is not None and mark in MARK_WORDS else ""

    def common_words(self, number: int, pile: tuple[Card, ...]) -> str:
        """``Common pile 1: 5♣ on top, 3 cards``."""
        return self._("Common pile {number}: {top} on top, {cards}").format(
            number=number, top=pile[-1].symbol, cards=self.cards_count(len(pile)))

    def discard_words(self, player: str, discard: tuple[Card, ...]) -> str:
        """``B's discard: 7♦ on top, 2 cards`` / ``Your discard: empty``."""
        _ = self._
        mine = self.is_you(player)
        if not discard:
            return _("Your discard: empty") if mine else _("{player}'s discard: empty").format(player=player)
        if mine:
            return _("Your discard: {top} on top, {cards}").format(top=discard[-1].symbol, cards=self.cards_count(len(discard)))
        return _("{player}'s discard: {top} on top, {cards}").format(
            player=player, top=discard[-1].symbol, cards=self.cards_count(len(discard)))

    def stock_words(self, player: str, count: int) -> str:
        """``B's closed stock: 12 cards`` / ``Your closed stock: empty``."""
        _ = self._
        pile = self.closed_stock(player)
        pile = pile[:1].upper() + pile[1:]
        return _("{pile}: {cards}").format(pile=pile, cards=self.cards_count(count) if count else _("empty"))

    def turned_words(self, player: str, card: Card) -> str:
        """``You turn up 6♥.`` / ``B turns up the 6♥.`` (the story's sentence for the turn-up)."""
        return self.turned_up_sentence(player, card)

    def turn_caption(self, position: Position, card: Card) -> list[str]:
        """Who turns up ``card`` (the mover of ``position``, the card already off their stock)
        and where the rule sends it (§priority): the caption of a saved picture."""
        legal = legal_destinations(position, card)
        return [self.turned_words(position.mover, card), self.where_it_goes(card, legal, position)]

    def table_lines(self, position: Position, *, turned: Card | None = None, mover: str | None = None,
                    dealer: str | None = None, marks: Mapping[Dest, str] | None = None,
                    first: str | None = None) -> list[str]:
        """The whole table in words, one line per thing: the seats in clockwise order, whose
        turn and who dealt, the turned card, every common pile, then every player's closed
        stock and discard, each pile with what its mark means. ``first``: the player the seats
        are read from (clockwise; the one drawn at the bottom, so the words and the drawn
        table's arrow keys go round in the same order), else seat A."""
        _ = self._
        marks = marks or {}
        start = position.players.index(first) if first in position.players else 0
        order = [(start + step) % len(position.players) for step in range(len(position.players))]

        def marked(text: str, dest: Dest) -> str:
            words = self.mark_words(marks.get(dest))
            return f"{text} ({words})" if words else text

        seats = [_("{player} (you)").format(player=name) if self.is_you(name) else name
                 for name in (position.players[seat] for seat in order)]
        lines = [_("Seats in clockwise order, the way play passes: {players}.").format(
            players=format_list(seats, locale=self.locale))]
        if mover is not None:
            lines.append(_("Your turn.") if self.is_you(mover) else _("{player} to move.").format(player=mover))
        if dealer is not None:
            lines.append(_("You dealt.") if self.is_you(dealer) else _("{player} dealt.").format(player=dealer))
        if turned is not None:
            lines.append(self.turned_words(position.mover, turned))
        for number, pile in enumerate(position.commons, start=1):
            lines.append(marked(self.common_words(number, pile), Common(number)) + ".")
        for seat in order:
            name = position.players[seat]
            lines.append(self.stock_words(name, len(position.stocks[seat])) + ". "
                         + marked(self.discard_words(name, position.discards[seat]), Discard(name)) + ".")
        return lines
