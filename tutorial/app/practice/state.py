"""The Practice page's state, typed, and its address form (plain Python, no Streamlit).

:class:`PracticeState` is everything the page keeps for a learner between runs, under one
session key (:attr:`PracticeState.KEY`, through :func:`tutorial.app.shell.session.feature`):
the game, the problems the address had, a question waiting for “are you sure?”, the saved
game's key, the settings panel's draft. :class:`PracticeAddress` is the game's compact form
(``deal``, ``moves``, ``seat``, ``game``, ``saved``) — today the page address; the same text
parts can be kept anywhere a dict of strings goes (the browser's local storage, issue 19).
:func:`open_game` rebuilds a game from an address, keeping every good part and saying what
was wrong; the store is passed in (``load_saved``), so all of this is tested without a page.

Widget keys of the page are named here too (:data:`HINTS`, :data:`SETTINGS_PANEL` …): a
widget's own value is Streamlit's, under its key, and never held twice.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import ClassVar

from tutorial.engine.deal import COUNTS, SEAT_NAMES, DealCode
from tutorial.engine.errors import MugginsError, PositionError
from tutorial.practice import (
    COACH,
    NEXT_HAND,
    PRACTICE_PLAYERS,
    TABLE,
    PracticeGame,
    Settings,
    decode_moves,
    parse_seat,
    restore,
)

# ----- widget keys (Streamlit keeps each widget's value under its key) ------------------------
HINTS = "practice_hints"
"""The Coach-mode switch *Show where the card may go*."""
SETTINGS_PANEL = "practice-settings-panel"
"""The *Table and deal* panel (open or closed)."""
LOG_PANEL = "practice-log-panel"
"""The *Hand log* panel."""
WIDGETS = {  # draft field → the key of its widget in the settings panel (seat, mode, watch: see widget_key)
    "players": "practice-w-players",
    "seat": "practice-w-seat",
    "mode": "practice-w-mode",
    "penalise": "practice-w-penalise",
    "alertness": "practice-w-alertness",
    "slips": "practice-w-slips",
    "watch": "practice-w-watch",
    "hands": "practice-w-hands",
    "turn_limit": "practice-w-turn-limit",
    "code": "practice-w-code",
}

ADDRESS_PARTS = ("deal", "moves", "seat", "game", "saved")
"""The query parameters that carry a practice game."""

NEW, SETTINGS = "new", "settings"
"""The actions that may wait for “are you sure?”: a new deal, a deal from the settings panel."""


Notice = tuple[str, object]
"""A problem with the address, and its subject: ``(kind, value)``, worded by
:meth:`tutorial.app.practice.model.PracticeScreen.notice`."""


@dataclass(frozen=True)
class SavedGame:
    """The store key this session's game is kept under: ``token`` of the game as stored;
    ``owned``: this session saved it (a key opened from a link is never written over, so
    everyone who opens a shared link keeps their own game)."""

    key: str
    token: str
    owned: bool = True


@dataclass(frozen=True)
class PracticeAddress:
    """A practice game in text: the deal code, the decisions (:meth:`PracticeGame.moves_text`),
    the seat letter (``None``: seat A), the settings (``None``: the defaults), or instead of
    all these the key of a game kept in the store (``saved``)."""

    deal: str | None = None
    moves: str | None = None
    seat: str | None = None
    game: str | None = None
    saved: str | None = None

    @classmethod
    def of(cls, game: PracticeGame) -> PracticeAddress:
        """The address of ``game`` as it is now (the defaults left out)."""
        return cls(deal=str(game.code), moves=game.moves_text(),
                   seat=SEAT_NAMES[game.learner_seat] if game.learner_seat else None,
                   game=None if game.settings == Settings() else game.settings.to_text())

    @classmethod
    def from_params(cls, params: Mapping[str, object]) -> PracticeAddress:
        """The address in query parameters (or any dict of strings); anything else is ignored."""
        return cls(**{name: value for name in ADDRESS_PARTS
                      if isinstance(value := params.get(name), str) and value})

    def params(self) -> dict[str, str | None]:
        """Every part as a query parameter, ``None`` for a part left out."""
        return {item.name: getattr(self, item.name) or None for item in fields(self)}

    def too_long(self, limit: int) -> bool:
        """The decisions are longer than ``limit`` characters (then the game is kept in the store)."""
        return len(self.moves or "") > limit

    def body(self) -> dict[str, str | None]:
        """What the store keeps of a game too long for its address: every part but ``saved``."""
        return {name: value for name, value in self.params().items() if name != "saved"}


def saved_key_ok(key: str) -> bool:
    """Whether ``key`` can name a saved game (ASCII letters, digits, ``-`` and ``_``, at most 40)."""
    return key.isascii() and key.replace("-", "").replace("_", "").isalnum() and len(key) <= 40


def read_saved(body: str, limit: int) -> PracticeAddress | None:
    """The address a saved game's ``body`` (JSON, as :meth:`PracticeAddress.body` wrote it)
    holds, or ``None`` when it is damaged: not JSON, nested too deep, longer than four
    ``limit`` s (an address of moves at most ``limit`` long is kept in the address itself),
    without a deal code, or with a part that is not text."""
    try:
        data = json.loads(body) if len(body) <= 4 * limit + 1000 else None
    except (ValueError, RecursionError):
        data = None
    if not (isinstance(data, dict) and isinstance(data.get("deal"), str)
            and all(isinstance(value, (str, type(None))) for value in data.values())):
        return None
    return PracticeAddress.from_params({**data, "saved": None})


@dataclass
class Draft:
    """The settings panel's values, kept apart from its widgets (Streamlit forgets the state
    of widgets it does not draw: a closed panel). ``seat`` is a letter; ``code`` a typed deal
    code, or empty for a fresh one."""

    players: int = PRACTICE_PLAYERS
    seat: str = "A"
    mode: str = COACH
    penalise: bool = True
    alertness: int = Settings.alertness
    slips: int = Settings.slips
    watch: str = Settings.watch
    hands: int = 1
    turn_limit: int = Settings.turn_limit
    code: str = ""

    @classmethod
    def of(cls, game: PracticeGame) -> Draft:
        """The panel as the game is set."""
        settings = game.settings
        return cls(players=game.code.players, seat=SEAT_NAMES[game.learner_seat], mode=settings.mode,
                   penalise=settings.penalise, alertness=settings.alertness, slips=settings.slips,
                   watch=settings.watch, hands=settings.hands, turn_limit=settings.turn_limit)

    def seats(self) -> list[str]:
        """The seats the learner may take at a table of :attr:`players`."""
        return list(SEAT_NAMES[:self.players])

    def keep(self, name: str, value: object) -> None:
        """A widget of the panel changed: keep its value (an emptied choice, ``None``, keeps the
        old one; a table made smaller moves the seat to its last)."""
        if value is None or name not in {item.name for item in fields(self)}:
            return
        setattr(self, name, value)
        if name == "players" and self.seat not in self.seats():
            self.seat = self.seats()[-1]

    def deal(self, rng: random.Random) -> tuple[DealCode, int, Settings]:
        """The deal code (the typed one, else a fresh deal of :attr:`players`), the seat and
        the settings of the panel. Raises :class:`PositionError` (a bad typed code)."""
        players = self.players if self.players in COUNTS else PRACTICE_PLAYERS
        typed = (self.code or "").strip()
        code = DealCode.parse(typed) if typed else DealCode.new(players, rng)
        hands, turn_limit = int(self.hands), int(self.turn_limit)
        if self.mode == TABLE:
            settings = Settings(mode=TABLE, alertness=int(self.alertness), slips=int(self.slips), watch=self.watch,
                                hands=hands, turn_limit=turn_limit)
        else:
            settings = Settings(mode=COACH, penalise=bool(self.penalise), hands=hands, turn_limit=turn_limit)
        seat = SEAT_NAMES.index(self.seat) if self.seat in SEAT_NAMES else 0
        return code, min(seat, code.players - 1), settings


@dataclass
class PracticeState:
    """Everything the Practice page keeps for one learner (one session key, :attr:`KEY`).

    - ``game``: the game under way (``None`` until the page first opens it, :func:`open_game`).
    - ``notices``: the problems the address had, shown until the next deal.
    - ``typed``: a bad deal code typed in the panel, shown once.
    - ``confirm``: the action waiting for “are you sure?” (:data:`NEW`, :data:`SETTINGS`).
    - ``saved``: the store key of a game too long for its address; ``unsaved``: the deal of
      such a game the store could not keep (the learner is told once).
    - ``undone``: the token an *Undo* went back to; ``pick_problem``: a called card was put on a
      common pile that does not fit it.
    - ``to_lesson``: a lesson chosen at the end of a hand; ``celebrated``: the hand already
      celebrated; ``close_panel``: a deal from the panel is made (the panel closes).
    - ``draft``: the settings panel's values.
    - ``waiting``: the key of a saved game in the address that the store could not read just now
      (kept in the address, and tried again on request, until the learner plays the fresh deal).
    - ``stored``: the game the learner's stored progress brought, not yet opened: replaying it
      costs up to seconds (a long match), so it is opened where the game itself is needed — the
      Practice page (:func:`tutorial.app.practice.view.state`) — not on every page the learner
      opens (Home, Lessons and Rules took 1.8–2.7 s for a long match: found by a trial).
    """

    KEY: ClassVar[str] = "practice"

    game: PracticeGame | None = None
    notices: list[Notice] = field(default_factory=list)
    typed: PositionError | None = None
    confirm: str | None = None
    saved: SavedGame | None = None
    unsaved: DealCode | None = None
    undone: str | None = None
    pick_problem: bool = False
    to_lesson: str | None = None
    celebrated: str | None = None
    close_panel: bool = False
    draft: Draft | None = None
    waiting: str | None = None
    stored: PracticeAddress | None = None

    @property
    def current(self) -> PracticeGame:
        """The game under way (a new random deal if none was opened yet)."""
        if self.game is None:
            self.game = fresh_game()
        return self.game

    def address(self) -> PracticeAddress:
        """The game's address as it is now."""
        return PracticeAddress.of(self.current)

    def draft_of(self) -> Draft:
        """The settings panel's draft (made from the game on first use)."""
        if self.draft is None:
            self.draft = Draft.of(self.current)
        return self.draft


def fresh_game(players: int = PRACTICE_PLAYERS, seat: int = 0, settings: Settings | None = None,
               rng: random.Random | None = None) -> PracticeGame:
    """A fresh deal (a new random seed) at ``players``, the learner in ``seat``."""
    return PracticeGame(DealCode.new(players, rng or random.SystemRandom()), seat, settings=settings or Settings())


def fresh_from(seat_text: str | None, settings_text: str | None,
               rng: random.Random | None = None) -> tuple[PracticeGame, list[PositionError]]:
    """A fresh deal at the default table, keeping the address's seat and settings when they
    are good (a bad one is reported and replaced by its default)."""
    problems: list[PositionError] = []
    seat, settings = 0, Settings()
    if seat_text:
        try:
            seat = parse_seat(seat_text, PRACTICE_PLAYERS)
        except PositionError as err:
            problems.append(err)
    if settings_text:
        try:
            settings = Settings.parse(settings_text)
        except PositionError as err:
            problems.append(err)
    return fresh_game(PRACTICE_PLAYERS, seat, settings, rng), problems


LoadSaved = Callable[[str], tuple[PracticeAddress | None, str]]
"""Reads a saved game by key: ``(its address, "")`` or ``(None, why)`` (a notice kind)."""


@dataclass(frozen=True)
class Opened:
    """A game opened from an address: the game, the problems met (:data:`Notice`) and, for a
    game opened from the store, its key (never written over: see :class:`SavedGame`)."""

    game: PracticeGame
    notices: list[Notice]
    saved: SavedGame | None = None
    waiting: str | None = None  # a saved game the store could not read just now (see PracticeState)


def hand_under_way(address: PracticeAddress, load_saved: LoadSaved) -> str | None:
    """The deal code of the game ``address`` names if a hand of it is under way (decisions made,
    the match not over), else ``None`` — from the decisions alone while the match has not reached
    its last hand; only then is the game replayed (whether that hand is over only play tells)."""
    parts: PracticeAddress | None = address
    if address.saved:
        parts, _why = load_saved(address.saved)
    if parts is None or not parts.deal or not parts.moves:
        return None
    try:
        code, settings = DealCode.parse(parts.deal), Settings.parse(parts.game)
        decisions = decode_moves(parts.moves, settings.hands * (2 * settings.turn_limit + 2))
    except MugginsError:
        decisions = None  # a part the replay reads otherwise (a bad seat or settings: the defaults)
    if decisions is not None:
        if not decisions:
            return None
        if decisions.count(NEXT_HAND) < settings.hands - 1:
            return str(code)
    try:
        game, _problems = restore(parts.deal, parts.moves, parts.seat, parts.game)
    except PositionError:
        return None
    return str(game.code) if game.decisions and not game.match_over else None


def open_game(address: PracticeAddress, load_saved: LoadSaved, rng: random.Random | None = None) -> Opened:
    """The game an address names: restored from ``deal``/``moves``/``seat``/``game`` (or from
    the store, for ``saved``), else a fresh deal keeping whatever good seat and settings it
    named. Every problem is said, in order, as a :data:`Notice`."""
    notices: list[Notice] = []
    parts = address
    from_store = False
    if address.saved:
        body, why = load_saved(address.saved)
        if body is None:
            notices.append((why, address.saved))
        else:
            parts, from_store = body, True
    if parts.deal:
        try:
            game, problems = restore(parts.deal, parts.moves, parts.seat, parts.game)
        except PositionError as err:
            notices.append(("bad-deal", err))
        else:
            notices += [("problem", problem) for problem in problems]
            saved = SavedGame(address.saved, game.token, owned=False) if from_store and address.saved else None
            return Opened(game, notices, saved)
    elif parts.moves:
        notices.append(("moves-without-deal", parts.moves))
    if address.saved and not parts.deal:
        notices.append(("fresh-deal", None))
    game, problems = fresh_from(parts.seat, parts.game, rng)
    waiting = address.saved if any(kind == "saved-unusable" for kind, _ in notices) else None
    return Opened(game, notices + [("problem", problem) for problem in problems], waiting=waiting)
