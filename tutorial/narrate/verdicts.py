"""Verdicts in words: where a card must go, why a placement was wrong, the correction."""

from __future__ import annotations

from ..engine.cards import Card
from ..engine.position import Position
from ..engine.rules import Judgement, Legal, Rule, TurnRecord
from .base import Base


class Verdicts(Base):
    """Where a card goes and why a placement was wrong, built on the core words of :class:`.Base`."""

    def where_it_goes(self, c: Card | None, legal: Legal, position: Position) -> str:
        """Why the legal destinations are what they are (§priority), one or two sentences.
        ``position`` is the one the card is placed in."""
        _ = self._
        sec = self.section("§priority")
        mover = position.mover
        if legal.rule is Rule.PASS:
            if self.is_you(mover):
                return _("You have no cards left and pass ({section}, R2).").format(section=self.section("§turn"))
            return _("{player} has no cards left and passes ({section}, R2).").format(player=mover, section=self.section("§turn"))
        if c is None:
            raise ValueError(f"where_it_goes needs the turned card (rule {legal.rule!r})")
        name = self.card(c)
        if legal.rule is Rule.COMMON_PILE and len(legal.dests) > 1:
            text = _("{card} fits {piles}. A card that fits a common pile must go on one, and any of them will do ({section}).").format(
                card=name, piles=self.piles(legal.dests, position), section=sec)
        elif legal.rule is Rule.COMMON_PILE:
            text = _("{card} fits {pile}, and a card that fits a common pile must go on a common pile ({section}).").format(
                card=name, pile=self.pile(legal.dests[0], position), section=sec)
        elif legal.rule is Rule.NEAREST_OPPONENT:
            text = _("No common pile fits {card}. Going round clockwise from {left}, the first discard it fits is {pile}, so it goes there ({section}).").format(
                card=name, left=self.left_of(mover), pile=self.pile(legal.dests[0], position), section=sec)
        else:
            text = _("{card} fits no common pile and no other player's discard, so it goes on {own} ({section}).").format(
                card=name, own=self.own_discard(mover), section=sec)
        return self.sentence(text)

    def judgement(self, j: Judgement, position: Position, *, reveal: bool = True) -> str:
        """Explain a verdict: a confirmation, or why the chosen pile is wrong and which
        rule decides; with ``reveal`` also where the card had to go.

        ``position`` is the position the card was judged in (after the turn-up,
        before the placement), so piles show their tops at that moment.
        """
        _ = self._
        if j.error is None:
            return _("Right.") + " " + self.where_it_goes(j.card, j.legal, position)
        name = self.card(j.card)
        right = self.piles(j.legal.dests, position)
        sec = self.section(j.section)
        said_right = False
        if j.error == "not-adjacent":
            if j.top is None:
                raise ValueError("a not-adjacent judgement has the top it did not fit")
            gap = abs(j.card.rank - j.top.rank)
            where = dict(card=name, top=self.card(j.top), pile=self.pile(j.dest, position, top=False), section=sec)
            if gap == 0:
                text = _("{card} does not fit {top} on {pile}: equal ranks never fit, only cards one rank apart ({section}).").format(**where)
            elif gap == 12:
                text = _("{card} does not fit {top} on {pile}: there is no wrap, so a king and an ace are not neighbours ({section}).").format(**where)
            else:
                text = _("{card} does not fit {top} on {pile}: two cards fit only when their ranks differ by exactly one ({section}).").format(**where)
        elif j.error == "empty-discard":
            text = _("{pile} is empty, and nobody may start another player's discard ({section}).").format(
                pile=self.pile(j.dest, position, top=False), section=sec)
        elif j.error == "common-first":
            text = _("{card} fits {pile}, but it also fits a common pile, and common piles come first ({section}).").format(
                card=name, pile=self.pile(j.dest, position), section=sec)
        elif j.error == "nearest-opponent" and reveal:
            text = _("{card} fits {pile}, but going round clockwise from {left}, {right} comes first and fits too: the first fitting discard takes the card ({section}).").format(
                card=name, pile=self.pile(j.dest, position), left=self.left_of(j.mover), right=right, section=sec)
            said_right = True
        elif j.error == "nearest-opponent":
            text = _("{card} fits {pile}, but going round clockwise from {left}, another discard that fits comes first: the first fitting discard takes the card ({section}).").format(
                card=name, pile=self.pile(j.dest, position), left=self.left_of(j.mover), section=sec)
        elif reveal and self.is_you(j.mover):  # missed-destination, told to the one who did it
            text = _("You put {card} on your own discard, but it fits {right}. A player's own discard is only for a card that fits nowhere else ({section}).").format(
                card=name, right=right, section=sec)
            said_right = True
        elif self.is_you(j.mover):
            text = _("You put {card} on your own discard, but it fits somewhere else, and a player's own discard is only for a card that fits nowhere else ({section}).").format(
                card=name, section=sec)
        elif reveal:
            text = _("{card} went on {own}, but it fits {right}. A player's own discard is only for a card that fits nowhere else ({section}).").format(
                card=name, own=self.own_discard(j.mover), right=right, section=sec)
            said_right = True
        else:
            text = _("{card} went on {own}, but it fits somewhere else, and a player's own discard is only for a card that fits nowhere else ({section}).").format(
                card=name, own=self.own_discard(j.mover), section=sec)
        text = self.sentence(text)
        if reveal and not said_right:
            text += " " + _("It had to go on {right}.").format(right=right)
        return text

    def error_title(self, error: str) -> str:
        """A short title for an error id (``common-first`` → ``Common piles come first``)."""
        _ = self._
        return {
            "not-adjacent": _("The card does not fit there"),
            "empty-discard": _("An empty discard is never a destination"),
            "common-first": _("Common piles come first"),
            "nearest-opponent": _("The nearest opponent takes it"),
            "missed-destination": _("The card had somewhere to go"),
        }[error]

    def correction(self, record: TurnRecord, position: Position) -> str:
        """The call on a wrong placement and where the card is moved (R4), naming who called."""
        _ = self._
        if record.card is None or record.placed is None:
            raise ValueError("a pass has no correction")
        values = dict(card=self.card(record.card), section=self.section("§muggins"),
                      pile=self.pile(record.placed, position, mover=record.mover))
        if record.checked:
            text = _("That was the last card, so the finish is checked: the error counts as called, and {card} is moved to {pile} ({section}, R11).")
        elif record.caller is not None and self.is_you(record.caller):
            text = _("You call “Muggins!”: {card} is moved to {pile} ({section}).")
        elif record.caller is not None:
            text = _("{caller} calls “Muggins!”: {card} is moved to {pile} ({section}).")
        else:
            text = _("Muggins! {card} is moved to {pile} ({section}).")
        return self.sentence(text.format(caller=record.caller, **values))

    def next_card_wrong(self, chosen: Card, right: Card, recycled: bool, *, reveal: bool = True) -> str:
        """Why ``chosen`` is not the next card: after a recycle (§recycle) or from the stock
        (§turn); with ``reveal`` also which card it is."""
        if not reveal and recycled:
            return self._("Not {chosen}. The discard is turned over as it is, without shuffling: which card was at its bottom ({section})?").format(
                chosen=self.card(chosen), section=self.section("§recycle"))
        if not reveal:
            return self._("Not {chosen}. A turn always starts with the top card of the closed stock: which card is on top now ({section})?").format(
                chosen=self.card(chosen), section=self.section("§turn"))
        if recycled:
            text = self._("Not {chosen}. The discard is turned over as it is, without shuffling, so the card that was at the bottom, {right}, is now on top and comes up first ({section}).")
            return text.format(chosen=self.card(chosen), right=self.card(right), section=self.section("§recycle"))
        text = self._("Not {chosen}. A turn always starts with the top card of the closed stock, and here that is {right} ({section}).")
        return text.format(chosen=self.card(chosen), right=self.card(right), section=self.section("§turn"))

    def next_card_right(self, right: Card) -> str:
        """Confirm the next card."""
        return self.sentence(self._("Right: {card} comes up next.").format(card=self.card(right)))
