"""Rebuilding a practice game from the page address, keeping every good part."""

from __future__ import annotations

import logging

from ..engine.deal import SEAT_NAMES, DealCode
from ..engine.errors import MugginsError, PositionError
from .game import PracticeGame
from .moves import decode_moves
from .settings import LEARNER_SEAT, Settings

log = logging.getLogger(__name__)


def parse_seat(text: str | None, players: int) -> int:
    """A seat from the address: a letter ``A``… (case-insensitive); missing means seat A.
    Raises :class:`PositionError` ``bad-seat``."""
    if not text:
        return LEARNER_SEAT
    letter = str(text).strip().upper()
    if len(letter) == 1 and "A" <= letter <= "Z" and ord(letter) - ord("A") < players:
        return ord(letter) - ord("A")
    raise PositionError("bad-seat", seat=str(text)[:40])


def restore(deal_text: str, moves_text: str | None = None, seat_text: str | None = None,
            settings_text: str | None = None) -> tuple[PracticeGame, list[PositionError]]:
    """Rebuild a game from the address's ``deal``, ``moves``, ``seat`` and ``game`` (settings).

    Keeps every good part: a bad seat becomes seat A, bad settings the defaults,
    and moves that cannot be replayed give the same deal from the start. What any
    address costs is bounded: at most ``hands × (2 × turn_limit + 2)`` decisions are
    read and the replay plays at most ``hands × turn_limit`` turns (see
    :data:`~tutorial.practice.settings.MAX_GAME_TURNS`; long replays take turns
    server-wide, :data:`~tutorial.practice.game.REPLAYS`). Returns
    the game and the problems met, in that order (``bad-seat``, ``bad-settings``,
    ``bad-moves``). Raises :class:`PositionError` (``bad-deal-code``,
    ``player-count``) only when the deal itself is unusable.
    """
    code = DealCode.parse(deal_text)
    problems: list[PositionError] = []
    try:
        seat = parse_seat(seat_text, code.players)
    except PositionError as err:
        problems.append(err)
        seat = LEARNER_SEAT
    try:
        settings = Settings.parse(settings_text)
    except PositionError as err:
        problems.append(err)
        settings = Settings()
    limit = settings.hands * (2 * settings.turn_limit + 2)
    try:
        decisions = decode_moves(moves_text or "", limit)
        return PracticeGame(code, seat, decisions, settings), problems
    except MugginsError as err:  # a link made by another version of the rules, or edited by hand
        log.info("the moves of deal %s could not be replayed (%s): the deal starts again", code, err.code)
        problems.append(PositionError("bad-moves", moves=str(moves_text or "")[:40]))
        return PracticeGame(code, seat, [], settings), problems


def share_query(game: PracticeGame) -> dict[str, str]:
    """The address query of a link to the **start** of ``game``'s deal (its first hand) with
    its seat and settings, as :func:`restore` reads them: ``deal``, and ``seat`` and ``game``
    only when not the defaults. No decisions and no language: whoever opens it starts the
    same cards from the beginning, in their own browser's language (issue 12)."""
    query = {"deal": str(game.code)}
    if game.learner_seat != LEARNER_SEAT:
        query["seat"] = SEAT_NAMES[game.learner_seat]
    if game.settings != Settings():
        query["game"] = game.settings.to_text()
    return query
