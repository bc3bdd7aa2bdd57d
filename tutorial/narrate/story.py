"""What happened, told from the engine's events: turn lines for lists and logs, one
sentence per event for walk-throughs, penalties, finishes, draws and hand results."""

from __future__ import annotations

from ..engine import events as ev
from ..engine.cards import Card
from ..engine.events import Event, apply
from ..engine.playout import Outcome
from ..engine.position import Position
from ..engine.rules import TurnRecord
from .verdicts import Verdicts


class Story(Verdicts):
    """What happened, built on the core words and the verdicts (it names errors with :meth:`.Verdicts.error_title`)."""

    # ----- one event --------------------------------------------------------------
    def event(self, event: Event, before: Position) -> str:
        """One event as a sentence (``""`` for one that needs none); ``before`` is the
        position just before it, for the tops of the piles named."""
        _ = self._
        you = self.is_you
        if isinstance(event, ev.Recycled):
            return self.recycled_sentence(event.player, event.for_penalty)
        if isinstance(event, ev.TurnedUp):
            return self.turned_up_sentence(event.player, event.card)
        if isinstance(event, ev.Placed):
            pile = self.pile(event.dest, before, subject=event.player)
            if you(event.player):
                return _("You put {card} on {pile}.").format(card=self.card(event.card), pile=pile)
            return _("{player} puts {card} on {pile}.").format(player=event.player, card=self.card(event.card), pile=pile)
        if isinstance(event, ev.Called):
            return self.called_sentence(event)
        if isinstance(event, ev.Corrected):
            return self.sentence(_("{card} is moved to {pile}.").format(
                card=self.card(event.card), pile=self.pile(event.right, before, mover=event.player)))
        if isinstance(event, ev.PenaltyCard):
            return self.gift(event.donor, event.offender, event.card)
        if isinstance(event, ev.NoPenaltyCard):
            return self.no_gift(event.donor)
        if isinstance(event, ev.Passed):
            return _("You have no cards and pass.") if you(event.player) else \
                _("{player} has no cards and passes.").format(player=event.player)
        if isinstance(event, ev.Finished):
            return self.finished(event.player)
        if isinstance(event, ev.Drawn):
            return self.draw(event.reason, event.turns)
        return ""  # NextPlayer: the turn order needs no words

    def turned_up_sentence(self, player: str, card: Card) -> str:
        """``You turn up 6♥.`` / ``B turns up 6♥.``"""
        if self.is_you(player):
            return self._("You turn up {card}.").format(card=self.card(card))
        return self.sentence(self._("{player} turns up {card}.").format(player=player, card=self.card(card)))

    def called_sentence(self, event: ev.Called, error: str | None = None) -> str:
        """The call; with ``error`` (an error id) also what it was called for."""
        _ = self._
        if event.finish_check:
            return _("That was the last card, so the finish is checked: the error counts as called ({section}, R11).").format(
                section=self.section("§finish"))
        if error is not None:
            title = self.error_title(error)
            if event.caller is None:
                return _("Muggins! ({error}.)").format(error=title)
            if self.is_you(event.caller):
                return _("You call “Muggins!”: {error}.").format(error=title)
            return _("{caller} calls “Muggins!”: {error}.").format(caller=event.caller, error=title)
        if event.caller is None:
            return _("“Muggins!” is called.")
        if self.is_you(event.caller):
            return _("You call “Muggins!”.")
        return _("{caller} calls “Muggins!”.").format(caller=event.caller)

    def recycled_sentence(self, player: str, for_penalty: bool = False) -> str:
        _ = self._
        if for_penalty:
            if self.is_you(player):
                return _("Your closed stock is empty, so you first turn your discard over.")
            return _("{donor}'s closed stock is empty, so {donor} first turns their discard over.").format(donor=player)
        if self.is_you(player):
            return _("Your closed stock is empty, so you turn your discard over.")
        return _("{player}'s closed stock is empty, so {player} turns their discard over.").format(player=player)

    def gift(self, donor: str, offender: str, card: Card) -> str:
        """One penalty card and where it comes from: ``C gives A 3♥, the top card of their closed
        stock; it goes under A's closed stock.``"""
        _ = self._
        if self.is_you(offender):
            return _("{donor} gives you {card}, the top card of their closed stock; it goes under your closed stock.").format(donor=donor, card=self.card(card))
        if self.is_you(donor):
            return _("You give {offender} {card}, the top card of your closed stock; it goes under {offender}'s closed stock.").format(
                card=self.card(card), offender=offender)
        return _("{donor} gives {offender} {card}, the top card of their closed stock; it goes under {offender}'s closed stock.").format(
            donor=donor, card=self.card(card), offender=offender)

    def no_gift(self, donor: str) -> str:
        """A donor with no cards gives nothing (§muggins, R6)."""
        if self.is_you(donor):
            return self._("You have no cards and give nothing.")
        return self._("{donor} has no cards and gives nothing.").format(donor=donor)

    # ----- a whole turn -------------------------------------------------------------
    def steps(self, record: TurnRecord) -> list[tuple[Event, Position, str]]:
        """Each event of a turn with the position after it and its sentence (for walk-throughs)."""
        out = []
        position = record.before
        for event in record.events:
            after = apply(position, event)
            out.append((event, after, self.event(event, position)))
            position = after
        return out

    def turn_line(self, record: TurnRecord, *, placement: bool = True) -> str:
        """One line of a turn list or hand log: the card, where it went (the pile's top
        named), any call with who called, the correction and the penalty, an error that
        stood because nobody called it, a pass, a finish. ``placement`` ``False``: the
        placement itself left out (it was told as it was shown: a placement watched in Table
        mode), so only what followed it is said (``""`` when nothing did)."""
        _ = self._
        parts = []
        position = record.before
        placed: ev.Placed | None = None
        for event in record.events:
            if isinstance(event, ev.Recycled) and not event.for_penalty:
                if placement:  # (before the placement: told with it)
                    parts.append(self.recycled_sentence(event.player))
            elif isinstance(event, ev.Placed):
                placed = event
                pile = self.pile(event.dest, position, subject=event.player)
                if not placement:
                    pass  # told as it was shown
                elif self.is_you(event.player):
                    parts.append(_("You turn up {card} and put it on {pile}.").format(card=self.card(event.card), pile=pile))
                else:
                    parts.append(_("{player} turns up {card} and puts it on {pile}.").format(
                        player=event.player, card=self.card(event.card), pile=pile))
            elif isinstance(event, ev.Called):
                parts.append(self.called_sentence(event, None if placed is None else placed.error))
            elif isinstance(event, (ev.Corrected, ev.Passed, ev.Finished)):
                parts.append(self.event(event, position))
            position = apply(position, event)
        if record.penalty:
            parts.append(self.penalty_summary(record))
        elif record.called and placed is not None:
            parts.append(self._("Nobody had a card to give, so there are no penalty cards."))
        if placed is not None and placed.error and not record.called:
            parts.append(self.stood(placed.error))
        return " ".join(parts)

    def turn_passes(self, record: TurnRecord) -> str:
        """The mover's turn is over (after any correction and penalty) and play passes to the
        next player clockwise (§turn); ``""`` after a finish."""
        if record.finished:
            return ""
        mover, following = record.mover, record.after.mover
        values = dict(player=mover, next=following, section=self.section("§turn"))
        if self.is_you(mover):
            return self._("Your turn ends here: play passes to {next}, on your left ({section}).").format(**values)
        if self.is_you(following):
            return self._("{player}'s turn ends here: play passes to you, on {player}'s left ({section}).").format(**values)
        return self._("{player}'s turn ends here: play passes to {next}, on {player}'s left ({section}).").format(**values)

    def stood(self, error: str) -> str:
        """An error nobody called in time: which rule it broke, and that it stands."""
        title = self.error_title(error)
        return self._("That was an error ({error}, {section}), but nobody called “Muggins!” in time, so it stands.").format(
            error=title[:1].lower() + title[1:], section=self.section("§priority"))

    def penalty_lines(self, record: TurnRecord) -> list[str]:
        """The penalty donor by donor in clockwise order from the offender's left (R5),
        donors with no cards included (R6); one line when nobody could give."""
        if not record.penalty:
            return [self.penalty_summary(record)]
        recycling = {event.player for event in record.events if isinstance(event, ev.Recycled) and event.for_penalty}
        lines = []
        for event in record.events:
            if isinstance(event, ev.PenaltyCard):
                text = self.gift(event.donor, event.offender, event.card)
                if event.donor in recycling:
                    text = self.recycled_sentence(event.donor, for_penalty=True) + " " + text
                lines.append(text)
            elif isinstance(event, ev.NoPenaltyCard):
                lines.append(self.no_gift(event.donor))
        return lines

    def penalty_summary(self, record: TurnRecord) -> str:
        """``Penalty: K♣, 3♥ and 10♠ now lie under A's closed stock.`` (or none given)."""
        _ = self._
        if not record.penalty:
            return _("Nobody had a card to give, so there are no penalty cards.")
        cards = self.cards([g.card for g in record.penalty])
        if self.is_you(record.mover):
            return self.n_("Your penalty: {cards} now lies under your closed stock.",
                           "Your penalty: {cards} now lie under your closed stock.", len(record.penalty)).format(cards=cards)
        return self.n_("Penalty for {offender}: {cards} now lies under {offender}'s closed stock.",
                       "Penalty for {offender}: {cards} now lie under {offender}'s closed stock.",
                       len(record.penalty)).format(offender=record.mover, cards=cards)

    def recycled(self, player: str, card: Card) -> str:
        """Announce the turned-over discard and the card that came up (§recycle)."""
        if self.is_you(player):
            text = self._("Your closed stock was empty, so your discard has been turned over without shuffling: its oldest card, {card}, comes up ({section}).")
        else:
            text = self._("{player}'s closed stock was empty, so the discard has been turned over without shuffling: its oldest card, {card}, comes up ({section}).")
        return text.format(player=player, card=self.card(card), section=self.section("§recycle"))

    # ----- the end of a hand ------------------------------------------------------------
    def finished(self, player: str) -> str:
        """Announce a finish (§finish)."""
        if self.is_you(player):
            return self._("You placed your last card correctly and win the hand ({section}).").format(section=self.section("§finish"))
        return self._("{player} placed their last card correctly and wins the hand ({section}).").format(
            player=player, section=self.section("§finish"))

    def finish_refused(self, player: str) -> str:
        """A wrong last card: corrected, so no finish (§finish, R11)."""
        if self.is_you(player):
            text = self._("That was your last card, but the placement was wrong, so you have not finished ({section}).")
        else:
            text = self._("That was {player}'s last card, but the placement was wrong, so {player} has not finished ({section}).")
        return text.format(player=player, section=self.section("§finish"))

    def draw(self, reason: str, turns: int) -> str:
        """Announce a drawn hand (R7)."""
        if reason == "repetition":
            return self._("The hand is drawn: the whole position has come round again, so play would only repeat itself (R7).")
        return self.n_("The hand is drawn: the turn limit of {turns} turn has been reached (R7).",
                       "The hand is drawn: the turn limit of {turns} turns has been reached (R7).", turns).format(turns=turns)

    def outcome(self, result: Outcome, cards_left: int = 0) -> str:
        """The end of a hand: who won (or why it was drawn) and, for a learner who did
        not win, how many cards they still held."""
        if result.winner is not None and self.is_you(result.winner):
            return self.n_(
                "You placed your last card correctly and won the hand after {turns} turn ({section}).",
                "You placed your last card correctly and won the hand after {turns} turns ({section}).",
                result.turns).format(turns=result.turns, section=self.section("§finish"))
        if result.winner is None:
            text = self.draw(result.reason, result.turns)
        else:
            text = self.n_("{player} won the hand after {turns} turn.", "{player} won the hand after {turns} turns.",
                           result.turns).format(player=result.winner, turns=result.turns)
        if self.you is not None and cards_left == 0:
            text += " " + self._("You have no cards left, but you did not finish (R6).")
        elif self.you is not None:
            text += " " + self.n_("You still held {count} card.", "You still held {count} cards.", cards_left).format(count=cards_left)
        return text
