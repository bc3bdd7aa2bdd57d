"""Problems in words: position errors and lesson-file problems, in the learner's language.

Every function takes ``tr``, a :class:`gettext.NullTranslations` from
:func:`tutorial.i18n.translations`, and returns plain text. Verdicts, events
and hand results are told by :mod:`tutorial.narrate`.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from babel.lists import format_list

from .engine.errors import MugginsError, PositionError

if TYPE_CHECKING:  # the lessons import these words
    from .lessons.model import Problem

Tr = gettext.NullTranslations


def lang_of(tr: Tr) -> str:
    """The language code ``tr`` translates into (``en`` for the source language)."""
    info = tr.info() if hasattr(tr, "info") else {}
    language = info.get("language") if isinstance(info, dict) else None
    return (language or "en").split("_")[0]


def count_list(counts: Sequence[int], lang: str) -> str:
    """Whole numbers as the language lists them: ``3, 4 and 5`` / ``3, 4 y 5``."""
    return str(format_list([str(count) for count in counts], locale=lang))


def clip(value: object, limit: int = 60) -> str:
    """A value quoted in a message: control characters escaped, at most ``limit`` characters."""
    text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in str(value))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def position_error(err: MugginsError, tr: Tr) -> str:
    """A :class:`PositionError` or :class:`ActionError` as one sentence (for the command line and the app)."""
    _ = tr.gettext
    p = err.params
    messages = {
        "unreadable": _("cannot read the file ({detail})"),
        "not-a-file": _("it is not a regular file"),
        "not-utf8": _("the file is not UTF-8 text (byte {offset} cannot be read)"),
        "too-large": _("the file is too large (more than {limit} MB)"),
        "invalid-toml": _("not valid TOML: {detail}"),
        "number-too-large": _("the number on line {line} is too large"),
        "bad-field": _("“{field}” is missing or has the wrong type"),
        "bad-player-name": _("“{player}” is not a usable player name (no line breaks or invisible characters, and no "
                             "spaces at either end)"),
        "unknown-field": _("unknown field “{field}”"),
        "unknown-card": _("unknown card “{card}” (write cards like 6H, 10S, TS or 6♥)"),
        "duplicate-card": _("the card {card} appears more than once"),
        "duplicate-player": _("the player name “{player}” is used twice"),
        "unknown-player": _("unknown player “{player}”"),
        "player-count": _("{count} players: Muggins is played by 3 to 7 players"),
        "no-commons": _("there must be at least one common pile"),
        "empty-deal": _("with {players} players every player needs at least one card and there must be at least "
                        "one common pile (not {each} cards each and {piles} common piles)"),
        "deal-too-large": _("with {players} players, dealing {each} cards each and turning up the common piles "
                            "({piles}) needs {cards} cards: a pack has 52"),
        "deal-players": _("a deal is for 3 to 8 players, not {players}"),
        "deal-twice": _("the deal for {players} players is given twice"),
        "rule-twice": _("“{rule}” is given twice"),
        "bad-rules": _("“{part}” cannot be read as a rule (write e.g. wrap=1;common-first=0;opponents=any;optional=1;"
                       "penalty=caller;deal=3x16+4,4x12+4)"),
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
        "unknown-variant": _("“{variant}” is not a rule variant known here"),
        "unknown-policy": _("“{policy}” is not a way of choosing a pile known here"),
    }
    template = messages.get(err.code, err.code)
    detail = p.get("detail")
    if err.code == "invalid-toml" and isinstance(detail, str):  # the line is given with the message
        p = {**p, "detail": toml_detail(re.sub(r"(?<!\s)\s*\(at (line \d+, column \d+|end of document)\)$", "",
                                               detail), tr)}
    try:
        return template.format(**{key: clip(value) for key, value in p.items()})
    except (KeyError, IndexError):
        return template


def _toml_messages(_: Callable[[str], str]) -> tuple[tuple[str, str], ...]:
    """tomllib's messages (Python 3.11–3.13, ``tomllib/_parser.py``) and ours with their
    translations: a message as it is, or (when it has a group) a regular expression whose
    group is quoted back as ``{what}``."""
    return (
        ("Invalid statement", _("this line is neither a key = value pair nor a [table] header")),
        ("Expected newline or end of document after a statement",
         _("something follows a complete key = value pair on the same line")),
        ("Cannot overwrite a value", _("a key is given a value twice")),
        ("Expected ']' at the end of a table declaration", _("a [table] header lacks its closing ]")),
        ("Expected ']]' at the end of an array declaration", _("a [[table]] header lacks its closing ]]")),
        ("Expected '=' after a key in a key/value pair", _("a key without “=” and a value")),
        ("Invalid initial character for a key part", _("a key starts with a character keys cannot have")),
        ("Unclosed array", _("a list opened with [ is never closed")),
        ("Unclosed inline table", _("a table opened with {{ is never closed")),
        ("Unescaped '\\' in a string", _("a \\ in a string that does not start an escape")),
        ("Invalid hex value", _("an invalid \\u or \\U escape")),
        ("Escaped character is not a Unicode scalar value", _("an escape that is not a Unicode character")),
        ("Unterminated string", _("a string that is never closed")),
        ("Invalid date or datetime", _("an invalid date or time")),
        ("Invalid value", _("a value that is not a number, string, true/false, list or table")),
        ("nested too deeply", _("lists or tables nested too deeply")),
        (r"Expected (.+)", _("{what} expected")),
        (r"Found invalid character (.+)", _("the character {what} is not allowed here")),
        (r"Illegal character (.+)", _("the character {what} is not allowed in a string")),
        (r"Cannot declare (.+) twice", _("the table {what} is declared twice")),
        (r"Cannot (?:mutate immutable|redefine) namespace (.+)", _("{what} is already defined and cannot be changed")),
        (r"Duplicate inline table key (.+)", _("the key {what} appears twice")),
        (r"a dotted key of more than (\d+) parts", _("a dotted key of more than {what} parts")),
    )


def toml_detail(detail: str, tr: Tr) -> str:
    """tomllib's English message ``detail`` (without its position) in the learner's language;
    a message not known here is quoted as it is."""
    for pattern, words in _toml_messages(tr.gettext):
        if "(" not in pattern:  # a message as it is
            if detail == pattern:
                return words.format(what="")
            continue
        match = re.fullmatch(pattern, detail)
        if match:
            what = match.group(1)
            if what.startswith("("):  # a key path, which tomllib shows as a tuple: ('a', 'b') -> a.b
                what = ".".join(re.findall(r"'([^']*)'", what)) or what
            return words.format(what=clip(what))
    return detail


def error_line(err: MugginsError, text: str) -> int:
    """The line (1-based) of position-file ``text`` that ``err`` is about; 0 when unknown."""
    from .engine.locate import locate

    line = err.params.get("line")
    if isinstance(line, int) and line > 0:
        return line
    at = err.params.get("at")
    return locate(text).line(at) if isinstance(at, tuple) and at else 0


def lesson_problem(problem: Problem, tr: Tr) -> str:
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
        "unknown-rule": _("step {step}: “{rule}” in teaches is no section (§priority), ruling (R3) or error kind "
                          "(common-first) of the rules"),
        "invalid-answer": _("step {step}: “{answer}” is not a valid answer for a “{kind}” step"),
        "answer-out-of-range": _("step {step}: the answer {answer} is out of range: it must be from {low} to {high}"),
        "check-failed": _("the file could not be checked ({detail})"),
        "impossible-common-pile": _("position “{position}”: on common pile {pile}, {card} lies on {below}, which it does "
                                    "not fit; a common pile only ever takes a card that fits its top"),
        "impossible-discard-card": _("position “{position}”: {card} on {player}'s discard fits {top}, the only card of "
                                     "common pile {pile}, so it could only be there by an error nobody called; put a card "
                                     "under {top} (its top changed during the hand) or choose another card"),
        "common-pile-count": _("position “{position}”: with {players} players there are {expected} common piles, not {count}"),
    }
    choices = p.pop("choices", None) if problem.code == "invalid-answer" else None
    p = {key: clip(value) if key != "error" else value for key, value in p.items()}
    if isinstance(choices, (list, tuple)) and choices:
        messages["invalid-answer"] = _("step {step}: “{answer}” is not a valid answer; write {choices}")
        p["choices"] = format_list([f"“{clip(c)}”" for c in choices], style="or", locale=lang_of(tr))
    if p.get("stated") == "":
        p["stated"] = _("(nothing)")
    if problem.code in ("bad-position", "bad-answer"):
        inner = PositionError(str(p.pop("error")), **{k: v for k, v in p.items() if k not in ("position", "step")})
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


def percent(value: float, lang: str) -> str:
    """A share (0–1) as a percentage with one decimal, written as ``lang`` writes
    percentages (``12.5%``; Spanish ``12,5 %``), by Babel."""
    from babel import Locale
    from babel.numbers import format_percent

    pattern = Locale.parse(lang).percent_formats[None].pattern
    head, zero, tail = pattern.rpartition("0")
    return format_percent(value, head + zero + ".0" + tail if zero else None, locale=lang)


def class_error(err: MugginsError, tr: Tr) -> str:
    """A :class:`tutorial.classroom.ClassroomError` as one sentence for a teacher or a student."""
    _ = tr.gettext
    p = err.params
    reason = p.get("reason")
    messages = {
        "unknown-room": _("There is no class room with this code. Check the code with your teacher."),
        "expired-room": _("This class room has expired: it was left without activity for too long."),
        "closed-room": _("Your teacher has closed this class room."),
        "not-teacher": _("This teacher link does not belong to this class room."),
        "nickname-taken": _("Somebody in this room already has that nickname; choose another one."),
        "room-full": _("This class room is full ({limit} students)."),
        "too-many-attempts": _("Too many wrong room codes from here; try again in {minutes} minutes."),
        "unknown-student": _("This page no longer belongs to a student of the room; join again."),
        "taken-out": _("Your teacher took this entry out of the room: it was merged into another entry of yours, "
                       "which keeps your answers, or removed. No need to join again unless your teacher asks you to."),
        "wrong-round": _("Your teacher has moved on to another question."),
        "not-asking": _("The answer has already been shown; answers are closed."),
        "already-answered": _("You have already answered this question."),
        "bad-choice": _("That answer cannot be recorded."),
        "bad-verdict": _("That answer cannot be recorded."),
        "bad-progress": _("Your progress could not be recorded."),
        "bad-target": _("That question cannot be asked."),
        "bad-link": _("This link does not open a place in a class room: the room may have ended, or the link is "
                      "incomplete. Ask your teacher for the room code and join again."),
        "unavailable": _("The class room cannot be reached just now: the server could not read or write its data. "
                         "Try again in a moment."),
        "too-many-joins": _("Too many students have joined from here in the last minutes; try again in {minutes} "
                            "minutes."),
    }
    if err.code == "too-many-rooms":
        scope = p.get("scope")
        if scope == "server":
            return _("This server holds as many class rooms as it can; try again later.")
        if scope == "address":
            return _("Too many class rooms are open from this network; use one of them, or wait until one expires.")
        return _("You have opened enough class rooms for now; use one of them, or try again later.")
    if err.code == "bad-nickname":
        if reason == "too-long":
            return _("A nickname may have at most {limit} characters.").format(limit=p.get("limit", ""))
        if reason == "control":
            return _("A nickname may hold letters, digits, spaces and signs, but no invisible characters.")
        return _("Choose a nickname.")
    template = messages.get(err.code, _("That did not work ({code}).").format(code=clip(err.code)))
    retry = p.get("retry_after")
    minutes = max(1, -(-int(retry or 60) // 60)) if isinstance(retry, (int, float)) else 10
    seconds = int(retry) if isinstance(retry, int) else 60
    if err.code == "slow-down":  # "wait 1 second", "wait 2 seconds" (a trial saw "1 seconds")
        template = tr.ngettext("Too many wrong room codes: wait {seconds} second before the next try.",
                               "Too many wrong room codes: wait {seconds} seconds before the next try.", seconds)
    return template.format(limit=p.get("limit", ""), minutes=minutes, seconds=seconds)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A cell starting with one of these is a formula to a spreadsheet (CSV injection)."""


def cell(value: str | int) -> str | int:
    """A value for a CSV cell that a spreadsheet shows as text: a text a spreadsheet would
    run as a formula (a nickname like ``=HYPERLINK(…)``, a variant's name) gets a leading
    ``'``; numbers stay."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value
