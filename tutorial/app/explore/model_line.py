"""The position lab's branching play (issue 20), without Streamlit: from the lab's position, any
pile clicked — right or wrong — is played as the engine plays it (a wrong one is called by the
next player, corrected and penalised), and the lab goes on from the position it leaves; a tree of
the lines tried, the line on show as a move list with its branches, and steps back and forth
along it or to any earlier move.

:class:`LineState` keeps the tree: every move played, by its *path* (the piles played from the
start, as ``common:1`` / ``discard:B`` texts, ``pass`` for a player with no card) and its
:class:`~tutorial.engine.rules.TurnRecord` (the engine's events kept), the order of each node's
branches, and the node on show. :class:`Line` reads and changes it; a new lab position starts a
new tree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutorial.engine.errors import PositionError
from tutorial.engine.position import Dest, Position
from tutorial.engine.rules import TurnRecord, complete_turn, pass_turn, turn_up
from tutorial.engine.seen import Seen
from tutorial.narrate import Narrator

Path = tuple[str, ...]
PASS = "pass"
MAX_MOVES = 500
"""At most this many moves in one tree (a session keeps them all)."""


@dataclass
class LineState:
    """The tree of moves played from ``base`` (the lab's position text they start from): ``moves``
    by path, ``branches`` (each node's moves in the order first played) and ``at``, the node on
    show (``()``: the start)."""

    base: str | None = None
    moves: dict[Path, TurnRecord] = field(default_factory=dict)
    branches: dict[Path, list[str]] = field(default_factory=dict)
    at: Path = ()
    seen: tuple[str, int] | None = None
    """The ← / → presses already applied (:func:`tutorial.app.presenter.model.fresh_presses`)."""


@dataclass(frozen=True)
class Entry:
    """One move of the line on show, in words: its ``number`` (from 1), its ``path`` (to go to
    it), ``text`` ("A: 6♥ → common pile 1 (5♥)"), whether it broke a rule (``wrong``), whether
    it is the move on show (``current``), and the other moves tried from the same position
    (``branches``: ``(path, text)``)."""

    number: int
    path: Path
    text: str
    wrong: bool
    current: bool
    branches: tuple[tuple[Path, str], ...]


class Line:
    """The branching play of one session from ``base`` (its text ``base_text``), in the
    narrator's words (see the module text)."""

    def __init__(self, state: LineState, base_text: str | None, base: Position | None, narrator: Narrator) -> None:
        if state.base != base_text:  # another position: a new tree
            state.base, state.moves, state.branches, state.at = base_text, {}, {}, ()
        self.state = state
        self.base = base
        self.n = narrator
        self._ = narrator._

    # ----- where the line is ----------------------------------------------------------------------
    @property
    def at(self) -> Path:
        return self.state.at if self.state.at in self.state.moves or not self.state.at else ()

    def position(self) -> Position | None:
        """The position on show: the start's, or the one the move on show left."""
        at = self.at
        return self.state.moves[at].after if at else self.base

    def seen(self) -> Seen | None:
        """What the table has seen of the closed stocks of the position on show (R13): nothing of
        the lab's position (a position carries no history), then what each move of the line to
        it showed — a discard turned over, penalty cards named as they were given."""
        if self.base is None:
            return None
        seen = Seen.nothing(self.base)
        for end in range(1, len(self.at) + 1):
            record = self.state.moves[self.at[:end]]
            seen = seen.after(record.before, record.events)
        return seen

    def over(self) -> bool:
        """The move on show finished the hand (§finish): nothing more to play."""
        at = self.at
        return bool(at) and self.state.moves[at].finished

    def shown_line(self) -> Path:
        """The line on show: from the start to the move on show, then on along each node's first
        branch to the end of what was played (so *Forward* retraces it)."""
        path = self.at
        while self.state.branches.get(path):
            path = (*path, self.state.branches[path][0])
        return path

    # ----- playing ----------------------------------------------------------------------------
    def can_play(self) -> bool:
        position = self.position()
        return position is not None and not self.over() and len(self.state.moves) < MAX_MOVES

    def passes(self) -> bool:
        """The mover has no card: the only move is a pass (R2)."""
        position = self.position()
        return position is not None and turn_up(position).card is None

    def play(self, dest: str) -> bool:
        """Play ``dest`` (``common:N``, ``discard:NAME``, or ``pass`` for a mover with no card) from
        the position on show, as the engine plays it: a wrong pile is called by the next player
        clockwise, corrected and penalised (§muggins). A move already played is gone to again.
        Returns whether a move was made."""
        position = self.position()
        if position is None or not self.can_play():
            return False
        path = (*self.at, dest)
        if path in self.state.moves:
            self.state.at = path
            return True
        turned = turn_up(position)
        if turned.card is None:
            if dest != PASS:
                return False
            record = pass_turn(position)
        else:
            try:
                target = position.check_dest(Dest.parse(dest))
            except PositionError:
                return False
            caller = position.players[(position.to_move + 1) % len(position.players)]
            record = complete_turn(turned, target, called=True, caller=caller, before=position)
        self.state.moves[path] = record
        self.state.branches.setdefault(self.at, []).append(dest)
        self.state.at = path
        return True

    # ----- moving along ----------------------------------------------------------------------------
    def can_back(self) -> bool:
        return bool(self.at)

    def back(self) -> None:
        if self.can_back():
            self.state.at = self.at[:-1]

    def can_forward(self) -> bool:
        return len(self.shown_line()) > len(self.at)

    def forward(self) -> None:
        if self.can_forward():
            self.state.at = self.shown_line()[:len(self.at) + 1]

    def keys(self, value: object) -> None:
        """The browser's count of ← and → presses (not trusted): each press not yet applied moves
        one move back or forward, in the order they were made."""
        from tutorial.app.presenter.model import BACKWARD, FORWARD, fresh_presses

        presses, self.state.seen = fresh_presses(value, self.state.seen)
        for press in presses:
            if press == FORWARD:
                self.forward()
            elif press == BACKWARD:
                self.back()

    def go(self, path: Path) -> None:
        """Go to any move played (``()``: the start); an unknown path changes nothing."""
        if not path or path in self.state.moves:
            self.state.at = tuple(path)

    def go_to(self, index: int) -> None:
        """The slider: the line on show, ``index`` moves from the start."""
        line = self.shown_line()
        self.state.at = line[:max(0, min(len(line), int(index)))]

    # ----- words ------------------------------------------------------------------------------------
    def move_text(self, record: TurnRecord) -> str:
        """``A: 6♥ → common pile 1 (5♥)``; a wrong pile with "Muggins!"; a pass."""
        if record.card is None:
            return self._("{player} passes").format(player=record.mover)
        judged = record.judgement
        where = record.judged_in or record.before
        if judged is None:
            return record.mover
        pile = self.n.pile(judged.dest, where)
        if judged.ok:
            return self._("{player}: {card} → {pile}").format(player=record.mover, card=self.n.card(record.card),
                                                              pile=pile)
        return self._("{player}: {card} → {pile} — Muggins!").format(player=record.mover,
                                                                       card=self.n.card(record.card), pile=pile)

    def entries(self) -> list[Entry]:
        """The line on show, move by move, with the other moves tried at each."""
        line = self.shown_line()
        found = []
        for number in range(1, len(line) + 1):
            path = line[:number]
            record = self.state.moves[path]
            parent = path[:-1]
            others = tuple(((*parent, dest), self.move_text(self.state.moves[(*parent, dest)]))
                           for dest in self.state.branches.get(parent, []) if dest != path[-1])
            wrong = record.judgement is not None and not record.judgement.ok
            found.append(Entry(number, path, self.move_text(record), wrong, path == self.at, others))
        return found

    def where_words(self) -> str:
        """Where the line is, in a sentence."""
        at = self.at
        if not at:
            return self._("The start of the line.")
        line = self.shown_line()
        return self._("Move {number} of {total}.").format(number=len(at), total=len(line))

    def happened(self) -> list[str]:
        """What the move on show did, as the narrator tells a turn: the verdict and, for a wrong
        pile, the call, the correction and each penalty card (after a wrong pile the table was
        simply drawn anew: a trial could only work it out from the card counts)."""
        at = self.at
        if not at:
            return []
        record = self.state.moves[at]
        verdict = record.judgement
        if verdict is None or record.judged_in is None:
            return [self.n.turn_line(record)]
        lines = [self.n.judgement(verdict, record.judged_in)]
        if record.called:
            lines.append(self.n.correction(record, record.judged_in))
            lines.extend(self.n.penalty_lines(record))
        return lines

    def full(self) -> bool:
        """The tree holds :data:`MAX_MOVES` moves: no more can be played (a session keeps them all)."""
        return len(self.state.moves) >= MAX_MOVES

    def full_words(self) -> str | None:
        """Said when no more moves can be played because the tree is full (else ``None``)."""
        if not self.full():
            return None
        return self._("These lines hold {count} moves, the most the lab keeps: go back to any move to see it, or "
                      "start from a new position.").format(count=self.n.number(MAX_MOVES))

    def outcome_words(self) -> str | None:
        """Said once the hand is won on the line."""
        if not self.over():
            return None
        return self.n.finished(self.state.moves[self.at].mover)
