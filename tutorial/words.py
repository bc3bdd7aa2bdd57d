"""Engine results in words, in the learner's language.

Every function takes ``tr``, a :class:`gettext.NullTranslations` from
:func:`tutorial.i18n.translations`, and returns plain text (card symbols
included, no Markdown). The judge's codes become sentences only here.
"""

from __future__ import annotations

import gettext

from babel.lists import format_list

from .engine.cards import Card
from .engine.errors import PositionError
from .engine.position import Dest, Position
from .engine.rules import Gift, Judgement, Legal, TurnRecord
from .i18n import N_

Tr = gettext.NullTranslations

SECTIONS = {
    "§deal": N_("Cards, seats and the deal"),
    "§counts": N_("Cards and common piles by number of players"),
    "§turn": N_("One card per turn"),
    "§priority": N_("Where the turned card must go"),
    "§recycle": N_("When the stock runs out"),
    "§muggins": N_("Calling Muggins and the penalty"),
    "§finish": N_("Winning a hand"),
    "§match": N_("Several hands"),
}

RANK_NAMES = (
    N_("ace"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
    N_("eight"), N_("nine"), N_("ten"), N_("jack"), N_("queen"), N_("king"),
)


def lang_of(tr: Tr) -> str:
    """The language code ``tr`` translates into (``en`` for the source language)."""
    info = tr.info() if hasattr(tr, "info") else {}
    language = info.get("language") if isinstance(info, dict) else None
    return (language or "en").split("_")[0]


def section(code: str, tr: Tr) -> str:
    """``§priority`` → ``§priority (Where the turned card must go)`` in the chosen language."""
    name = SECTIONS.get(code)
    if not name:
        return code
    return tr.gettext("{code}, “{name}”").format(code=code, name=tr.gettext(name))


def card_name(card: Card, tr: Tr) -> str:
    """A card's full name, e.g. ``six of hearts`` / ``seis de corazones`` (for tooltips and screen readers)."""
    _ = tr.gettext
    rank = _(RANK_NAMES[card.rank - 1])
    return {
        "C": _("{rank} of clubs"),
        "D": _("{rank} of diamonds"),
        "H": _("{rank} of hearts"),
        "S": _("{rank} of spades"),
    }[card.suit].format(rank=rank)


def cards_list(cards: list[Card] | tuple[Card, ...], tr: Tr) -> str:
    """``K♣, 3♥ and 10♠`` (Babel's list formatting for the language)."""
    return format_list([card.symbol for card in cards], locale=lang_of(tr))


def pile(dest: Dest, position: Position, tr: Tr, *, top: bool = True) -> str:
    """Name a pile: ``common pile 1 (5♣)``, ``B's discard (7♦)``, ``B's empty discard``.

    ``position`` gives the top shown in brackets (omitted with ``top=False``).
    """
    _ = tr.gettext
    if dest.kind == "common":
        if top and 1 <= dest.target <= len(position.commons):
            return _("common pile {number} ({top})").format(
                number=dest.target, top=position.commons[dest.target - 1][-1].symbol
            )
        return _("common pile {number}").format(number=dest.target)
    name = dest.target
    cards = position.discard_of(name) if name in position.players else ()
    if not top:
        return _("{player}'s discard").format(player=name)
    if not cards:
        return _("{player}'s empty discard").format(player=name)
    return _("{player}'s discard ({top})").format(player=name, top=cards[-1].symbol)


def piles(dests, position: Position, tr: Tr) -> str:
    """Several piles as one phrase joined with “or” (``common pile 1 (5♣) or common pile 3 (7♦)``)."""
    names = [pile(d, position, tr) for d in dests]
    return format_list(names, style="or", locale=lang_of(tr)) if names else ""


def where_it_goes(card: Card, legal: Legal, position: Position, tr: Tr) -> str:
    """Why the legal destinations are what they are (§priority), one or two sentences."""
    _ = tr.gettext
    sec = section("§priority", tr)
    if legal.rule == "common-pile":
        if len(legal.dests) > 1:
            return _("{card} fits more than one common pile: {piles}. Common piles come first, and the player chooses among them ({section}).").format(
                card=card.symbol, piles=piles(legal.dests, position, tr), section=sec)
        return _("{card} fits {pile}, and common piles come first ({section}).").format(
            card=card.symbol, pile=pile(legal.dests[0], position, tr), section=sec)
    if legal.rule == "nearest-opponent":
        return _("No common pile fits {card}. The first discard that fits, going clockwise from the player's left, is {pile}: it must go there ({section}).").format(
            card=card.symbol, pile=pile(legal.dests[0], position, tr), section=sec)
    if legal.rule == "own-discard":
        return _("{card} fits no common pile and no opponent's discard, so it goes on {player}'s own discard ({section}).").format(
            card=card.symbol, player=legal.dests[0].target, section=sec)
    return _("{player} has no cards left and passes ({section}, R2).").format(
        player=position.mover, section=section("§turn", tr))


def judgement(j: Judgement, position: Position, tr: Tr) -> str:
    """Explain a verdict: a confirmation, or the error naming the card, the pile
    chosen, where the card had to go and the rule section.

    ``position`` is the position the card was judged in (after the turn-up,
    before the placement), so piles show their tops at that moment.
    """
    _ = tr.gettext
    card = j.card.symbol
    chosen = pile(j.dest, position, tr)
    right = piles(j.legal.dests, position, tr)
    sec = section(j.section, tr)
    if j.error is None:
        return _("Right: {reason}").format(reason=where_it_goes(j.card, j.legal, position, tr))
    if j.error == "not-adjacent":
        text = _("{card} does not fit {top} on {pile}: cards fit only when their ranks differ by exactly one ({section}).").format(
            card=card, top=j.top.symbol, pile=chosen, section=section("§deal", tr))
    elif j.error == "empty-discard":
        text = _("{pile} is empty, and an empty discard is never a destination: nobody can start another player's discard ({section}).").format(
            pile=pile(j.dest, position, tr, top=False), section=sec)
        text = text[0].upper() + text[1:]
    elif j.error == "common-first":
        text = _("{card} fits {pile}, but it also fits a common pile, and common piles come first ({section}).").format(
            card=card, pile=chosen, section=sec)
    elif j.error == "nearest-opponent":
        text = _("{card} fits {pile}, but an earlier discard clockwise from {mover}'s left fits too, and the nearest one takes the card ({section}).").format(
            card=card, pile=chosen, mover=j.mover, section=sec)
    else:  # missed-destination
        text = _("{card} went on {mover}'s own discard, but it fits {right}. Your own discard is only for a card that fits nowhere else ({section}).").format(
            card=card, mover=j.mover, right=right, section=sec)
    return text + " " + _("It had to go on {right}.").format(right=right)


def error_title(error: str, tr: Tr) -> str:
    """A short title for an error id (``common-first`` → ``Common piles come first``)."""
    _ = tr.gettext
    return {
        "not-adjacent": _("The card does not fit there"),
        "empty-discard": _("An empty discard is never a destination"),
        "common-first": _("Common piles come first"),
        "nearest-opponent": _("The nearest opponent takes it"),
        "missed-destination": _("The card had somewhere to go"),
    }[error]


def correction(record: TurnRecord, position: Position, tr: Tr) -> str:
    """The Muggins call on a wrong placement: where the card is moved (R4)."""
    _ = tr.gettext
    return _("Muggins! {card} is moved to {pile} ({section}).").format(
        card=record.card.symbol, pile=pile(record.placed, position, tr), section=section("§muggins", tr))


def gift(g: Gift, offender: str, tr: Tr) -> str:
    """One penalty card: ``C gives 3♥; it goes under A's closed stock.``"""
    _ = tr.gettext
    text = _("{donor} gives {card}; it goes under {offender}'s closed stock.").format(
        donor=g.donor, card=g.card.symbol, offender=offender)
    if g.recycled:
        text = _("{donor}'s closed stock was empty, so {donor} first turned their discard over.").format(donor=g.donor) + " " + text
    return text


def no_gift(donor: str, tr: Tr) -> str:
    """A donor with no cards gives nothing (§muggins, R6)."""
    return tr.gettext("{donor} has no cards and gives nothing.").format(donor=donor)


def penalty_summary(record: TurnRecord, tr: Tr) -> str:
    """``Penalty for A: K♣, 3♥ and 10♠ go under A's closed stock.`` (or none given)."""
    _ = tr.gettext
    if not record.penalty:
        return _("Nobody had a card to give, so {offender} receives no penalty cards.").format(offender=record.mover)
    return tr.ngettext(
        "Penalty for {offender}: {cards} goes under {offender}'s closed stock.",
        "Penalty for {offender}: {cards} go under {offender}'s closed stock.",
        len(record.penalty),
    ).format(offender=record.mover, cards=cards_list([g.card for g in record.penalty], tr))


def recycled(player: str, card: Card, tr: Tr) -> str:
    """Announce a recycle (§recycle)."""
    return tr.gettext(
        "{player}'s closed stock was empty: the discard is turned over without shuffling, and its oldest card, {card}, is turned up ({section})."
    ).format(player=player, card=card.symbol, section=section("§recycle", tr))


def turn_line(record: TurnRecord, tr: Tr) -> str:
    """One line of the hand log for a turn."""
    _ = tr.gettext
    if record.card is None:
        return _("{player} has no cards and passes.").format(player=record.mover)
    line = _turn_line(record, tr)
    if record.recycled:
        line = _("{player} turns the discard over (the stock was empty).").format(player=record.mover) + " " + line
    if record.penalty:
        line += " " + penalty_summary(record, tr)
    if record.finished:
        line += " " + finished(record.mover, tr)
    return line


def _turn_line(record: TurnRecord, tr: Tr) -> str:
    _ = tr.gettext
    before = record.judgement
    where = pile(record.placed, record.after, tr, top=False)
    if before is not None and before.error is not None and record.called:
        return _("{player} turns up {card} and puts it on {wrong}: Muggins! ({error}) It is moved to {pile}.").format(
            player=record.mover, card=record.card.symbol,
            wrong=pile(before.dest, record.after, tr, top=False),
            error=error_title(before.error, tr), pile=where)
    return _("{player} turns up {card} and puts it on {pile}.").format(
        player=record.mover, card=record.card.symbol, pile=where)


def finished(player: str, tr: Tr) -> str:
    """Announce a finish (§finish)."""
    return tr.gettext("{player} placed their last card correctly and wins the hand ({section}).").format(
        player=player, section=section("§finish", tr))


def draw(reason: str, turns: int, tr: Tr) -> str:
    """Announce a drawn hand (R7)."""
    _ = tr.gettext
    if reason == "repetition":
        return _("The hand is drawn: the whole position has come round again, so play would only repeat itself (R7).")
    return tr.ngettext(
        "The hand is drawn: the agreed limit of {turns} turn has been played (R7).",
        "The hand is drawn: the agreed limit of {turns} turns has been played (R7).",
        turns,
    ).format(turns=turns)


def position_error(err: PositionError, tr: Tr) -> str:
    """A :class:`PositionError` as one sentence (for the command line and the app)."""
    _ = tr.gettext
    p = err.params
    messages = {
        "unreadable": _("cannot read the file ({detail})"),
        "invalid-toml": _("not valid TOML: {detail}"),
        "bad-field": _("“{field}” is missing or has the wrong type"),
        "unknown-field": _("unknown field “{field}”"),
        "unknown-card": _("unknown card “{card}” (write cards like 6H, 10S, TS or 6♥)"),
        "duplicate-card": _("the card {card} appears more than once"),
        "duplicate-player": _("the player name “{player}” is used twice"),
        "unknown-player": _("unknown player “{player}”"),
        "player-count": _("{count} players: Muggins is played by 3 to 7 players"),
        "no-commons": _("there must be at least one common pile"),
        "empty-common": _("common pile {pile} is empty; common piles are never empty"),
        "bad-dest": _("“{dest}” is not a destination here (write common:N or discard:NAME)"),
        "bad-deal-code": _("“{deal}” is not a deal code (write players-seed, e.g. 4-12345)"),
        "no-card": _("{player} has no card to place"),
        "hand-over": _("the hand is over"),
        "card-pending": _("a card is already turned up"),
        "not-your-turn": _("it is not your turn"),
        "bad-moves": _("“{moves}” is not a list of moves from this deal"),
    }
    template = messages.get(err.code, err.code)
    try:
        return template.format(**p)
    except (KeyError, IndexError):
        return template


def next_card_wrong(chosen: Card, right: Card, tr: Tr) -> str:
    """Why ``chosen`` is not the next card after a recycle (§recycle)."""
    return tr.gettext(
        "Not {chosen}. The discard is turned over as it is, without shuffling, so the card that was at the bottom, {right}, is now on top and comes up first ({section})."
    ).format(chosen=chosen.symbol, right=right.symbol, section=section("§recycle", tr))


def lesson_problem(problem, tr: Tr) -> str:
    """A lesson-file :class:`~tutorial.lessons.model.Problem` as ``file:line: text``."""
    _ = tr.gettext
    p = dict(problem.params)
    messages = {
        "invalid-toml": _("not valid TOML: {detail}"),
        "unreadable": _("cannot read the file ({detail})"),
        "unknown-field": _("unknown field “{field}”"),
        "bad-field": _("“{field}” is missing or has the wrong type"),
        "bad-id": _("“{value}” is not a valid id (use lower-case letters, digits and hyphens)"),
        "missing-text": _("step {step}: the text field “{field}” is missing or empty"),
        "no-steps": _("the lesson has no steps"),
        "duplicate-step": _("the step id “{step}” is used twice"),
        "duplicate-lesson": _("the lesson id “{lesson}” is used by another file"),
        "unknown-kind": _("step {step}: unknown step kind “{kind}”"),
        "unknown-position": _("step {step}: no position called “{position}”"),
        "missing-position": _("step {step}: this kind of step needs a position"),
        "mover-has-no-card": _("step {step}: {player} has no card to turn up"),
        "missing-answer": _("step {step}: the answer is missing"),
        "answer-disagrees": _("step {step}: the lesson says {stated}, but the engine says {engine}"),
        "answer-not-offered": _("step {step}: the right card {card} is not among the choices"),
        "duplicate-card": _("the card {card} appears more than once"),
    }
    if problem.code in ("bad-position", "bad-answer"):
        inner = PositionError(p.pop("error"), **{k: v for k, v in p.items() if k not in ("position", "step")})
        where = p.get("position") or p.get("step")
        text = _("“{where}”: {problem}").format(where=where, problem=position_error(inner, tr))
    else:
        try:
            text = messages.get(problem.code, problem.code).format(**p)
        except (KeyError, IndexError):
            text = problem.code
    return f"{problem.path}:{problem.line}: {text}"


def finish_refused(player: str, tr: Tr) -> str:
    """A last card placed wrongly and called: no finish (§finish)."""
    return tr.gettext(
        "That was {player}'s last card, but the placement was wrong and was called, so {player} has not finished ({section})."
    ).format(player=player, section=section("§finish", tr))


def outcome(result, you: str | None, tr: Tr) -> str:
    """The end of a hand in words (a win, or a draw by repetition or turn limit)."""
    _ = tr.gettext
    if result.winner is None:
        return draw(result.reason, result.turns, tr)
    if result.winner == you:
        return _("You placed your last card correctly and won the hand in {turns} turns ({section}).").format(
            turns=result.turns, section=section("§finish", tr))
    return finished(result.winner, tr)
