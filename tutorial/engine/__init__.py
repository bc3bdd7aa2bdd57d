"""The Muggins rules engine: cards, positions, legal destinations, the judge,
penalties, deals and playout. Pure Python; imports no Streamlit, Pillow or
gettext, so simulations and the command line can use it on their own.

Where a card may go (§priority) is written once, over plain ints, in
:mod:`.kernel`; :func:`legal_destinations` and the lean simulation path
(:mod:`tutorial.explore.lean`) both ask it."""

from .cards import FULL_DECK, Card, CardError
from .deal import COUNTS, DealCode, deal
from .errors import ActionError, MugginsError, PositionError
from .playout import DrawWatch, EndReason, Outcome, Result, playout
from .position import Common, Dest, Discard, Position
from .rules import (
    ERROR_IDS,
    ErrorKind,
    Gift,
    Judgement,
    Legal,
    Rule,
    TurnRecord,
    TurnUp,
    complete_turn,
    judge,
    legal_destinations,
    pass_turn,
    penalty,
    play_turn,
    recycle,
    rule_perfect,
    turn_up,
)

__all__ = [
    "COUNTS",
    "ERROR_IDS",
    "FULL_DECK",
    "ActionError",
    "Card",
    "CardError",
    "Common",
    "DealCode",
    "Dest",
    "Discard",
    "DrawWatch",
    "EndReason",
    "ErrorKind",
    "Gift",
    "Judgement",
    "Legal",
    "MugginsError",
    "Outcome",
    "Position",
    "PositionError",
    "Result",
    "Rule",
    "TurnRecord",
    "TurnUp",
    "complete_turn",
    "deal",
    "judge",
    "legal_destinations",
    "pass_turn",
    "penalty",
    "play_turn",
    "playout",
    "recycle",
    "rule_perfect",
    "turn_up",
]
