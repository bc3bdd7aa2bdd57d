"""The practice table: the learner in one seat against computer players, for a
hand or a match, in Coach or Table mode (docs/rules.md §muggins, §finish, §match, R7).

Pure game logic for the Practice page (no Streamlit). A whole game is rebuilt
exactly from its deal code, its settings and the learner's decisions, so the
page address can carry it and a refresh or a shared link restores it.

Decisions, in order:
``common:N`` / ``discard:NAME`` — the learner places the turned card
(``best``: wherever the rule-perfect player of R8 would put it);
``call`` — the learner calls “Muggins!” on the placement just shown;
``next`` — the learner lets play go on after watching a placement (Table mode);
``hand`` — the learner starts the next hand of the match.

The address carries them compactly (:meth:`PracticeGame.moves_text`): one
symbol per decision, most of them the rule-perfect choice, packed with zlib
when that is shorter. Every action may carry the :attr:`PracticeGame.token`
of the state the learner saw; an action made on an older state is ignored.
"""

from __future__ import annotations

from .address import parse_seat, restore, share_query
from .game import LearnerCall, PracticeGame, Shown
from .moves import BEST, CALL, MAX_DECISIONS, NEXT, NEXT_HAND, decode_moves, encode_moves
from .settings import COACH, LEARNER_SEAT, PRACTICE_PLAYERS, TABLE, WATCH_ALL, WATCH_DISCARDS, Settings

__all__ = [
    "BEST", "CALL", "COACH", "LEARNER_SEAT", "MAX_DECISIONS", "NEXT", "NEXT_HAND", "PRACTICE_PLAYERS", "TABLE",
    "WATCH_ALL", "WATCH_DISCARDS", "LearnerCall", "PracticeGame", "Settings", "Shown", "decode_moves",
    "encode_moves", "parse_seat", "restore", "share_query",
]
