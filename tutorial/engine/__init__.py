"""The Muggins rules engine: cards, positions, legal destinations, the judge,
penalties, deals and playout. Pure Python; imports no Streamlit, Pillow or
gettext, so simulations and the command line can use it on their own."""

from .cards import Card, CardError, FULL_DECK
from .deal import COUNTS, DealCode, deal
from .errors import ActionError, MugginsError, PositionError
from .playout import DrawWatch, EndReason, Outcome, Result, playout
from .position import Common, Dest, Discard, Position
from .rules import (
    ERROR_IDS,
    ErrorKind,
    Rule,
    Gift,
    Judgement,
    Legal,
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
    "Card", "CardError", "FULL_DECK", "COUNTS", "DealCode", "deal", "ActionError", "MugginsError", "PositionError",
    "DrawWatch", "EndReason", "Outcome", "Result", "playout", "Common", "Dest", "Discard", "Position", "ERROR_IDS",
    "ErrorKind", "Rule", "Gift",
    "Judgement", "Legal", "TurnRecord", "TurnUp", "complete_turn", "judge",
    "legal_destinations", "pass_turn", "penalty", "play_turn", "recycle",
    "rule_perfect", "turn_up",
]
