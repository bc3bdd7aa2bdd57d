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


def _article_templates(tr: Tr) -> tuple[str, ...]:
    # Each call is spelled out (no alias) so that Babel's extractor finds it.
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


def card(c: Card, tr: Tr) -> str:
    """A card inside a sentence: ``6♥`` in English, ``el 6♥`` / ``la J♥`` in Spanish."""
    return _article_templates(tr)[c.rank - 1].format(card=c.symbol)


def sentence(text: str) -> str:
    """Capitalise the first letter (a sentence may start with a card's article)."""
    return text[:1].upper() + text[1:]


def cards_list(cards: list[Card] | tuple[Card, ...], tr: Tr) -> str:
    """``K♣, 3♥ and 10♠`` (Babel's list formatting for the language)."""
    return format_list([card(c, tr) for c in cards], locale=lang_of(tr))


def names_list(names, tr: Tr) -> str:
    """``A, B and C`` (Babel's list formatting for the language)."""
    return format_list(list(names), locale=lang_of(tr))


def pile(dest: Dest, position: Position, tr: Tr, *, top: bool = True, you: str | None = None) -> str:
    """Name a pile: ``common pile 1 (5♣)``, ``B's discard (7♦)``, ``B's empty discard``;
    ``your discard (7♦)`` when it belongs to ``you``.

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
    mine = name == you
    if not top:
        return _("your discard") if mine else _("{player}'s discard").format(player=name)
    if not cards:
        return _("your empty discard") if mine else _("{player}'s empty discard").format(player=name)
    if mine:
        return _("your discard ({top})").format(top=cards[-1].symbol)
    return _("{player}'s discard ({top})").format(player=name, top=cards[-1].symbol)


def piles(dests, position: Position, tr: Tr, you: str | None = None) -> str:
    """Several piles as one phrase joined with “or” (``common pile 1 (5♣) or common pile 3 (7♦)``)."""
    names = [pile(d, position, tr, you=you) for d in dests]
    return format_list(names, style="or", locale=lang_of(tr)) if names else ""


def _left(player: str, you: str | None, tr: Tr) -> str:
    return tr.gettext("your left") if player == you else tr.gettext("{player}'s left").format(player=player)


def _own(player: str, you: str | None, tr: Tr) -> str:
    return tr.gettext("your own discard") if player == you else tr.gettext("{player}'s own discard").format(player=player)


def where_it_goes(c: Card | None, legal: Legal, position: Position, tr: Tr, you: str | None = None) -> str:
    """Why the legal destinations are what they are (§priority), one or two sentences.

    ``position`` is the one the card is placed in; ``you`` names the learner
    (their piles are called “your …”)."""
    _ = tr.gettext
    sec = section("§priority", tr)
    mover = position.mover
    if legal.rule == "pass":
        return _("{player} has no cards left and passes ({section}, R2).").format(
            player=mover, section=section("§turn", tr))
    name = card(c, tr)
    if legal.rule == "common-pile" and len(legal.dests) > 1:
        text = _("{card} fits {piles}. A card that fits a common pile must go on one, and any of them will do ({section}).").format(
            card=name, piles=piles(legal.dests, position, tr), section=sec)
    elif legal.rule == "common-pile":
        text = _("{card} fits {pile}, and a card that fits a common pile must go on a common pile ({section}).").format(
            card=name, pile=pile(legal.dests[0], position, tr), section=sec)
    elif legal.rule == "nearest-opponent":
        text = _("No common pile fits {card}. Going round clockwise from {left}, the first discard it fits is {pile}, so it goes there ({section}).").format(
            card=name, left=_left(mover, you, tr), pile=pile(legal.dests[0], position, tr, you=you), section=sec)
    else:
        text = _("{card} fits no common pile and no other player's discard, so it goes on {own} ({section}).").format(
            card=name, own=_own(mover, you, tr), section=sec)
    return sentence(text)


def judgement(j: Judgement, position: Position, tr: Tr, you: str | None = None) -> str:
    """Explain a verdict: a confirmation, or the error naming the card, the pile
    chosen, where the card had to go and the rule section.

    ``position`` is the position the card was judged in (after the turn-up,
    before the placement), so piles show their tops at that moment. ``you``
    names the learner, whose piles are called “your …”.
    """
    _ = tr.gettext
    name = card(j.card, tr)
    right = piles(j.legal.dests, position, tr, you=you)
    sec = section(j.section, tr)
    if j.error is None:
        return _("Right.") + " " + where_it_goes(j.card, j.legal, position, tr, you)
    suffix = True
    if j.error == "not-adjacent":
        text = _("{card} does not fit {top} on {pile}: two cards fit only when their ranks differ by exactly one ({section}).").format(
            card=name, top=card(j.top, tr), pile=pile(j.dest, position, tr, top=False, you=you), section=section("§deal", tr))
    elif j.error == "empty-discard":
        text = _("{pile} is empty, and nobody may start another player's discard ({section}).").format(
            pile=pile(j.dest, position, tr, top=False, you=you), section=sec)
    elif j.error == "common-first":
        text = _("{card} fits {pile}, but it also fits a common pile, and common piles come first ({section}).").format(
            card=name, pile=pile(j.dest, position, tr, you=you), section=sec)
    elif j.error == "nearest-opponent":
        text = _("{card} fits {pile}, but going round clockwise from {left}, {right} comes first and fits too: the first fitting discard takes the card ({section}).").format(
            card=name, pile=pile(j.dest, position, tr, you=you), left=_left(j.mover, you, tr), right=right, section=sec)
        suffix = False
    else:  # missed-destination
        text = _("{card} went on {own}, but it fits {right}. A player's own discard is only for a card that fits nowhere else ({section}).").format(
            card=name, own=_own(j.mover, you, tr), right=right, section=sec)
        suffix = False
    text = sentence(text)
    if suffix:
        text += " " + _("It had to go on {right}.").format(right=right)
    return text


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


def correction(record: TurnRecord, position: Position, tr: Tr, you: str | None = None) -> str:
    """The Muggins call on a wrong placement: where the card is moved (R4)."""
    return sentence(tr.gettext("Muggins! {card} is moved to {pile} ({section}).").format(
        card=card(record.card, tr), pile=pile(record.placed, position, tr, you=you), section=section("§muggins", tr)))


def gift(g: Gift, offender: str, tr: Tr, you: str | None = None) -> str:
    """One penalty card: ``C gives 3♥, which goes under A's closed stock.``"""
    _ = tr.gettext
    if offender == you:
        text = _("{donor} gives you {card}, which goes under your closed stock.").format(donor=g.donor, card=card(g.card, tr))
    elif g.donor == you:
        text = _("You give {offender} {card}, which goes under {offender}'s closed stock.").format(
            card=card(g.card, tr), offender=offender)
    else:
        text = _("{donor} gives {offender} {card}, which goes under {offender}'s closed stock.").format(
            donor=g.donor, card=card(g.card, tr), offender=offender)
    if g.recycled:
        text = _("{donor}'s closed stock is empty, so {donor} first turns their discard over.").format(donor=g.donor) + " " + text
    return text


def no_gift(donor: str, tr: Tr) -> str:
    """A donor with no cards gives nothing (§muggins, R6)."""
    return tr.gettext("{donor} has no cards and gives nothing.").format(donor=donor)


def penalty_lines(record: TurnRecord, tr: Tr, you: str | None = None) -> list[str]:
    """The penalty donor by donor in clockwise order from the offender's left (R5),
    donors with no cards included (R6); one line when nobody could give."""
    if not record.penalty:
        return [penalty_summary(record, tr, you)]
    table = record.judged_in
    given = {g.donor: g for g in record.penalty}
    lines = []
    for seat in table.opponents_clockwise(table.seat(record.mover)):
        donor = table.players[seat]
        lines.append(gift(given[donor], record.mover, tr, you) if donor in given else no_gift(donor, tr))
    return lines


def penalty_summary(record: TurnRecord, tr: Tr, you: str | None = None) -> str:
    """``Penalty: K♣, 3♥ and 10♠ go under A's closed stock.`` (or none given)."""
    _ = tr.gettext
    if not record.penalty:
        return _("Nobody had a card to give, so there are no penalty cards.")
    cards = cards_list([g.card for g in record.penalty], tr)
    if record.mover == you:
        return tr.ngettext("Your penalty: {cards} now lies under your closed stock.",
                           "Your penalty: {cards} now lie under your closed stock.", len(record.penalty)).format(cards=cards)
    return tr.ngettext(
        "Penalty for {offender}: {cards} now lies under {offender}'s closed stock.",
        "Penalty for {offender}: {cards} now lie under {offender}'s closed stock.",
        len(record.penalty),
    ).format(offender=record.mover, cards=cards)


def recycled(player: str, c: Card, tr: Tr, you: str | None = None) -> str:
    """Announce a recycle (§recycle)."""
    if player == you:
        text = tr.gettext("Your closed stock was empty, so your discard has been turned over without shuffling: its oldest card, {card}, comes up ({section}).")
    else:
        text = tr.gettext("{player}'s closed stock was empty, so the discard has been turned over without shuffling: its oldest card, {card}, comes up ({section}).")
    return text.format(player=player, card=card(c, tr), section=section("§recycle", tr))


def turn_line(record: TurnRecord, tr: Tr, you: str | None = None) -> str:
    """One line of the hand log for a turn."""
    _ = tr.gettext
    if record.card is None:
        if record.mover == you:
            return _("You have no cards and pass.")
        return _("{player} has no cards and passes.").format(player=record.mover)
    parts = []
    if record.recycled and record.mover == you:
        parts.append(_("Your closed stock is empty, so you turn your discard over."))
    elif record.recycled:
        parts.append(_("{player}'s closed stock is empty, so {player} turns their discard over.").format(player=record.mover))
    verdict = record.judgement
    name = card(record.card, tr)
    where = pile(record.placed, record.after, tr, top=False, you=you)
    mine = record.mover == you
    if verdict is not None and verdict.error is not None and record.called:
        wrong = pile(verdict.dest, record.after, tr, top=False, you=you)
        if mine:
            text = _("You turn up {card} and put it on {wrong}. Muggins! ({error}.) The card is moved to {pile}.")
        else:
            text = _("{player} turns up {card} and puts it on {wrong}. Muggins! ({error}.) The card is moved to {pile}.")
        parts.append(text.format(player=record.mover, card=name, wrong=wrong, error=error_title(verdict.error, tr), pile=where))
        parts.append(penalty_summary(record, tr, you))
    elif mine:
        parts.append(_("You turn up {card} and put it on {pile}.").format(card=name, pile=where))
    else:
        parts.append(_("{player} turns up {card} and puts it on {pile}.").format(player=record.mover, card=name, pile=where))
    if record.finished:
        parts.append(finished(record.mover, tr, stood=verdict is not None and not verdict.ok))
    return " ".join(parts)


def finished(player: str, tr: Tr, stood: bool = False) -> str:
    """Announce a finish (§finish); ``stood``: the last placement was an error nobody called (R11)."""
    if stood:
        return tr.gettext("{player} placed their last card and nobody called “Muggins!”, so the placement stands and {player} wins the hand ({section}, R11).").format(
            player=player, section=section("§finish", tr))
    return tr.gettext("{player} placed their last card correctly and wins the hand ({section}).").format(
        player=player, section=section("§finish", tr))


def draw(reason: str, turns: int, tr: Tr) -> str:
    """Announce a drawn hand (R7)."""
    _ = tr.gettext
    if reason == "repetition":
        return _("The hand is drawn: the whole position has come round again, so play would only repeat itself (R7).")
    return tr.ngettext(
        "The hand is drawn: the turn limit of {turns} turn has been reached (R7).",
        "The hand is drawn: the turn limit of {turns} turns has been reached (R7).",
        turns,
    ).format(turns=turns)


def clip(value: object, limit: int = 60) -> str:
    """A value quoted in a message: control characters escaped, at most ``limit`` characters."""
    text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in str(value))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def position_error(err: PositionError, tr: Tr) -> str:
    """A :class:`PositionError` as one sentence (for the command line and the app)."""
    _ = tr.gettext
    p = err.params
    messages = {
        "unreadable": _("cannot read the file ({detail})"),
        "too-large": _("the file is too large (more than {limit} MB)"),
        "invalid-toml": _("not valid TOML: {detail}"),
        "number-too-large": _("the number on line {line} is too large"),
        "bad-field": _("“{field}” is missing or has the wrong type"),
        "bad-player-name": _("“{player}” is not a usable player name (no line breaks, and no spaces at either end)"),
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
        "bad-settings": _("“{setting}” is not a valid game setting"),
        "call-too-late": _("too late to call: the next card has been turned up"),
        "bad-seat": _("“{seat}” is not a seat at this table"),
        "nothing-to-undo": _("there is nothing to undo"),
        "bad-moves": _("“{moves}” is not a list of moves from this deal"),
    }
    template = messages.get(err.code, err.code)
    try:
        return template.format(**{key: clip(value) for key, value in p.items()})
    except (KeyError, IndexError):
        return template


def next_card_wrong(chosen: Card, right: Card, recycled: bool, tr: Tr) -> str:
    """Why ``chosen`` is not the next card: after a recycle (§recycle) or from the stock (§turn)."""
    if recycled:
        text = tr.gettext(
            "Not {chosen}. The discard is turned over as it is, without shuffling, so the card that was at the bottom, {right}, is now on top and comes up first ({section}).")
        return text.format(chosen=card(chosen, tr), right=card(right, tr), section=section("§recycle", tr))
    text = tr.gettext("Not {chosen}. A turn always starts with the top card of the closed stock, and here that is {right} ({section}).")
    return text.format(chosen=card(chosen, tr), right=card(right, tr), section=section("§turn", tr))


def next_card_right(right: Card, tr: Tr) -> str:
    """Confirm the next card after a recycle (§recycle)."""
    return sentence(tr.gettext("Right: {card} comes up next.").format(card=card(right, tr)))


def lesson_problem(problem, tr: Tr) -> str:
    """A lesson-file :class:`~tutorial.lessons.model.Problem` as ``file:line: text``."""
    _ = tr.gettext
    p = dict(problem.params)
    messages = {  # codes shared with position files are worded by position_error
        "bad-id": _("“{value}” is not a valid id (use lower-case letters, digits and hyphens)"),
        "missing-text": _("step {step}: the text field “{field}” is missing or empty"),
        "missing-lesson-text": _("the lesson's “{field}” is missing or empty"),
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
        "check-not-answered": _("step {step}: a “{kind}” step cannot be part of the check (it has no answer)"),
        "invalid-answer": _("step {step}: “{answer}” is not a valid answer for a “{kind}” step"),
        "answer-out-of-range": _("step {step}: the answer {answer} is out of range: it must be from {low} to {high}"),
        "check-failed": _("the file could not be checked ({detail})"),
    }
    choices = p.pop("choices", None) if problem.code == "invalid-answer" else None
    p = {key: clip(value) if key != "error" else value for key, value in p.items()}
    if choices:
        messages["invalid-answer"] = _("step {step}: “{answer}” is not a valid answer; write {choices}")
        p["choices"] = format_list([f"“{clip(c)}”" for c in choices], style="or", locale=lang_of(tr))
    if p.get("stated") == "":
        p["stated"] = _("(nothing)")
    if problem.code in ("bad-position", "bad-answer"):
        inner = PositionError(p.pop("error"), **{k: v for k, v in p.items() if k not in ("position", "step")})
        where = p.get("position") or p.get("step")
        text = _("“{where}”: {problem}").format(where=where, problem=position_error(inner, tr))
    elif problem.code not in messages:
        text = position_error(PositionError(problem.code, **p), tr)
    else:
        try:
            text = messages[problem.code].format(**p)
        except (KeyError, IndexError):
            text = problem.code
    return f"{problem.path}:{problem.line}: {text}"


def finish_refused(player: str, tr: Tr, you: str | None = None) -> str:
    """A last card placed wrongly and called: no finish (§finish)."""
    if player == you:
        text = tr.gettext("That was your last card, but the placement was wrong and was called, so you have not finished ({section}).")
    else:
        text = tr.gettext("That was {player}'s last card, but the placement was wrong and was called, so {player} has not finished ({section}).")
    return text.format(player=player, section=section("§finish", tr))


def outcome(result, you: str | None, tr: Tr, cards_left: int = 0, stood: bool = False) -> str:
    """The end of a hand in words: who won (or why it was drawn) and, for a
    learner who did not win, how many cards they still held. ``stood``: the
    winning placement was an error nobody called (R11)."""
    _ = tr.gettext
    if result.winner is None:
        text = draw(result.reason, result.turns, tr)
    elif result.winner == you and stood:
        return _("Nobody called “Muggins!” on your last card, so it stands and you win the hand ({section}, R11).").format(
            section=section("§finish", tr))
    elif result.winner == you:
        return tr.ngettext(
            "You placed your last card correctly and won the hand after {turns} turn ({section}).",
            "You placed your last card correctly and won the hand after {turns} turns ({section}).",
            result.turns).format(turns=result.turns, section=section("§finish", tr))
    else:
        text = tr.ngettext("{player} won the hand after {turns} turn.", "{player} won the hand after {turns} turns.",
                           result.turns).format(player=result.winner, turns=result.turns)
    if you is not None:
        text += " " + tr.ngettext("You still held {count} card.", "You still held {count} cards.", cards_left).format(count=cards_left)
    return text
