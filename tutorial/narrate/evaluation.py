"""The explorer's evaluation of a turn's choices in words (issue 20): each pile's winning
chance with its interval, what an error costs, and whether the choice matters
(:mod:`tutorial.explore.evaluate`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from babel.numbers import format_decimal, format_percent

from .. import words
from ..engine.position import Position
from .table import TableWords

if TYPE_CHECKING:
    from ..explore.evaluate import ChoiceValue, Difference, Evaluation


class EvaluationWords(TableWords):
    """Sentences about an :class:`~tutorial.explore.evaluate.Evaluation`."""

    def percent(self, value: float) -> str:
        """A share (0–1) as a whole percentage, as the language writes it (``41%``, ``41 %``)."""
        return format_percent(value, locale=self.locale)

    def points(self, value: float) -> str:
        """A difference of shares (−1 to 1) in percentage points, one decimal (``3.1``)."""
        return format_decimal(round(value * 100, 1), "0.#", locale=self.locale)

    def chance(self, choice: ChoiceValue) -> str:
        """``41.2% (38.1%–44.3%)``: the mover's share of wins with its 95 % interval, one decimal
        (whole percentages showed 200 of 200 won as "100% (100%–100%)", as if certain)."""
        share = choice.share
        return self._("{rate} ({low}–{high})").format(rate=words.percent(share.rate, self.lang),
                                                     low=words.percent(share.low, self.lang),
                                                     high=words.percent(share.high, self.lang))

    def choice_line(self, choice: ChoiceValue, evaluation: Evaluation, position: Position) -> str:
        """One pile and what it is worth: ``common pile 2 (5♣): wins 41% (38%–44%)``; a wrong
        pile with its penalty and how much lower its chance is than the best pile's."""
        pile = self.sentence(self.pile(choice.dest, position))
        if choice.finished:
            return self._("{pile}: the last card, so the hand is won at once").format(pile=pile)
        if choice.correct:
            found = evaluation.against(choice.dest)
            if found is None:
                return self._("{pile}: correct, wins {chance}").format(pile=pile, chance=self.chance(choice))
            return self._("{pile}: correct, wins {chance}, {drop} points less than the best pile").format(
                pile=pile, chance=self.chance(choice), drop=self.points(found.difference))
        penalty = self.n_("{count} penalty card", "{count} penalty cards", choice.penalty).format(
            count=self.number(choice.penalty))
        error = self.error_title(choice.error) if choice.error is not None else ""
        if not choice.valued:
            return self._("{pile}: Muggins! ({error}), {penalty}").format(pile=pile, error=error, penalty=penalty)
        found = evaluation.against(choice.dest)
        drop = self.points(found.difference) if found is not None else self.points(0.0)
        return self._("{pile}: Muggins! ({error}), {penalty}; wins {chance}, {drop} points less than the best "
                      "pile").format(pile=pile, error=error, penalty=penalty,
                                     chance=self.chance(choice), drop=drop)

    def difference(self, found: Difference) -> str:
        """``a difference of 8.2 points (5.1 to 11.3), p < 0.001``."""
        if found.p < 0.001:
            p = self._("p < {value}").format(value=format_decimal(0.001, locale=self.locale))
        else:
            p = self._("p = {value}").format(value=format_decimal(round(found.p, 3), "0.###", locale=self.locale))
        return self._("a difference of {points} points ({low} to {high}), {p}").format(
            points=self.points(found.difference), low=self.points(found.low), high=self.points(found.high), p=p)

    def evaluation_heading(self, evaluation: Evaluation) -> str:
        """What the lines that follow give: the mover's chance of winning after each pile."""
        if self.is_you(evaluation.mover):
            return self._("Your chance of winning the hand after each pile:")
        return self._("{player}'s chance of winning the hand after each pile:").format(player=evaluation.mover)

    def evaluation_summary(self, evaluation: Evaluation, position: Position) -> str:
        """Whether the choice matters, in one or two sentences."""
        best = evaluation.best
        hands = self.number(evaluation.spec.hands)
        correct = evaluation.correct
        if len(correct) == 1:
            if best.finished:
                return self._("Only one pile is correct here, and it is the last card: the hand is won.")
            return self._("Only one pile is correct here: {pile}, so there is no choice to make. From it, {chance} of "
                          "{hands} playouts are won.").format(pile=self.pile(best.dest, position),
                                                              chance=self.chance(best), hands=hands)
        others = [found for choice in correct if choice.dest != best.dest
                  if (found := evaluation.against(choice.dest)) is not None]
        closest = min(others, key=lambda found: found.difference)
        runner = next(choice for choice in correct if choice.dest == closest.other)
        if evaluation.matters:
            text = self._("{best} is better: it wins {chance} of {hands} playouts, {other} {other_chance} — "
                          "{difference}. The difference is real.")
        else:
            text = self._("The choice makes no clear difference here: {best} wins {chance} of {hands} playouts, "
                          "{other} {other_chance} — {difference}, within what chance alone gives.")
        return self.sentence(text.format(best=self.pile(best.dest, position), chance=self.chance(best), hands=hands,
                           other=self.pile(runner.dest, position), other_chance=self.chance(runner),
                           difference=self.difference(closest)))

    def evaluation_method(self, evaluation: Evaluation) -> str:
        """How the numbers were made, and what a playout may know (R13); a second sentence says how
        many stock cards the table had seen, when it had seen any."""
        spec = evaluation.spec
        if spec.error_rate or spec.alertness < 1:
            players = self._("players who misplace {error} of their cards and call {alert} of the errors they "
                             "see").format(error=self.percent(spec.error_rate), alert=self.percent(spec.alertness))
        else:
            players = self._("rule-perfect players (R8)")
        method = self._("Each pile was played out {hands} times to the end of the hand by {players}, the same deals "
                        "for every pile; a wrong pile is called by the next player and penalised. Before each "
                        "playout the cards of the closed stocks that nobody has seen are dealt anew (they are face "
                        "down), while a card the table saw go onto a stock keeps its place (R13). Intervals are "
                        "{level}; a difference is real when the exact McNemar test gives p below {alpha}.").format(
            hands=self.number(spec.hands), players=players, level=self.percent(0.95), alpha=self.number(0.05))
        known = evaluation.known
        if not known:
            return method
        return method + " " + self.n_(
            "Here the table had seen {count} card of the closed stocks (a discard turned over, a penalty card "
            "named as it was given): it kept its place in every playout.",
            "Here the table had seen {count} cards of the closed stocks (a discard turned over, penalty cards "
            "named as they were given): they kept their places in every playout.", known).format(
            count=self.number(known))
