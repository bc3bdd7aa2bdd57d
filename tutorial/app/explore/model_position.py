"""The position lab's screen model, without Streamlit (issue 11; docs/rules.md §priority, §muggins, R8).

Any position set up, examined destination by destination, and played out turn by turn.
The position's one source of truth is its position-file text (TOML, in
:class:`PositionLabState`): every way of starting (a deal code, a lesson's position, the
practice table, a file) and every edit writes it, and everything shown is read from it. A
text that is not a valid position is refused with the command line's line-numbered
message, never a traceback; the last valid position stays on show meanwhile.

:class:`PositionLab` reads and changes that state: the actions a learner can take (each with
a ``can_…`` and a ``do``), and what the lab shows in words, through the narrator — the
turned card, every pile with its verdict and explanation (:class:`PileVerdict`), the picked
pile's verdict, the playout stepped turn by turn (:mod:`~tutorial.app.explore.model_playout`) and the position to
save or share. The Streamlit view (``position_lab.py``) lays these out and wires the actions
to widgets. Issue 20 (choices evaluated by playouts, branching play) adds to
:class:`PileVerdict` and to the playout's line; nothing here needs Streamlit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from urllib.parse import quote

from tutorial import words
from tutorial.app.explore.model_evaluation import EvaluationState
from tutorial.app.explore.model_line import Line, LineState
from tutorial.app.explore.model_playout import Played, Playout, PlayoutState, play_out
from tutorial.app.explore.position_text import (
    MAX_LINK,
    MAX_TEXT,
    every_pile,
    from_link,
    link_value,
    move_card,
    piles_with_cards,
    seated,
    text_token,
)
from tutorial.app.shell.table_view import TableView
from tutorial.draw.scene import LEGAL, WRONG
from tutorial.engine.bots import all_destinations
from tutorial.engine.cards import Card
from tutorial.engine.deal import SEAT_NAMES, DealCode, deal
from tutorial.engine.errors import MugginsError, PositionError
from tutorial.engine.posfile import dumps, loads
from tutorial.engine.position import Dest, Position
from tutorial.engine.rules import Legal, judge, legal_destinations, turn_up
from tutorial.lessons.model import Lesson
from tutorial.narrate import Narrator

UPLOAD_MB = 1
"""The uploader's limit in MB: Streamlit's smallest (whole megabytes only; the lab reads
:data:`MAX_TEXT` of it and says so). ``muggins app`` sets the server's limit to the same."""
START = DealCode(4, 1)
"""The position a session starts from when the address brings none."""
MIN_PLAYERS, MAX_PLAYERS = 3, 7
NEW_NAMES = SEAT_NAMES + tuple("HIJK")
"""Names for an added player: the first not seated."""


# ----- the state ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Notice:
    """A problem with what a click asked for (a deal code, a file, an edit), shown once:
    ``error`` worded by :func:`tutorial.words.position_error`, or ``kind`` ``bad-link``
    (the address's position could not be read) or ``too-large`` (a file over :data:`MAX_TEXT`)."""

    kind: str = "error"
    error: MugginsError | None = None


@dataclass
class _Read:
    """What reading one text gave: a position or its problem, the packed link, the problem
    worded per language (each made once per text)."""

    result: Position | PositionError
    link: str | None = None
    worded: dict[str, str] = field(default_factory=dict)


@dataclass
class PositionLabState:
    """The position lab's state in a session (inside :class:`~tutorial.app.explore.model.ExplorerState`).

    - ``text``: the position text (``None`` until the lab first shows); ``good``: the last
      valid text (on show while ``text`` is not valid).
    - ``playout``: the playout's place (:class:`~tutorial.app.explore.model_playout.PlayoutState`).
    - ``picked``: ``(text token, pile)`` of the pile last clicked on the table.
    - ``notice``: a problem to tell once.
    - ``uploads``: files read so far (the uploader's key ends with it, so it empties after each).
    - ``edits``: texts set from elsewhere than the editor (a deal, a lesson, a move, a file);
      the editor's widget key ends with it, so after each it is a new widget whose own value
      is the new text. (It used to be given the text through its key's session state, which
      the browser overwrote with an empty editor when the page was busy.)
    - ``reads``: what reading each text gave, for the texts on show (a long text cost
      seconds on every rerun when it was read again, issue 17).
    - ``evaluation``: *Which choice is better?* (:mod:`~tutorial.app.explore.model_evaluation`).
    - ``line``: the moves played from the position, with their branches
      (:mod:`~tutorial.app.explore.model_line`).
    """

    text: str | None = None
    good: str | None = None
    playout: PlayoutState = field(default_factory=PlayoutState)
    picked: tuple[str, str] | None = None
    notice: Notice | None = None
    uploads: int = 0
    edits: int = 0
    reads: dict[str, _Read] = field(default_factory=dict)
    evaluation: EvaluationState = field(default_factory=EvaluationState)
    line: LineState = field(default_factory=LineState)


# ----- what the lab shows ---------------------------------------------------------------------
@dataclass(frozen=True)
class PileVerdict:
    """One pile the turned card could go on: ``dest``, whether it is a correct place
    (``ok``), ``title`` (“Correct: …” or “Muggins! …: …”) and ``explanation`` (the
    narrator's judgement). Issue 20 adds the choice's evaluation here."""

    dest: Dest
    ok: bool
    title: str
    explanation: str


@dataclass(frozen=True)
class Examination:
    """The turned card and where it may go: the ``table`` to draw, the ``lines`` beside it
    (a recycle, where the card goes), the ``picked`` pile's verdict (or ``prompt``, asking
    for a pick), and every pile's verdict (``piles``; empty when no card can be turned)."""

    table: TableView
    lines: tuple[str, ...]
    picked: PileVerdict | None
    prompt: str | None
    piles: tuple[PileVerdict, ...]

    @property
    def pickable(self) -> bool:
        """Whether the table's piles answer a click (only when a card is turned)."""
        return bool(self.piles)


class PositionLab:
    """The position lab of one session (see the module text): ``state`` read and changed,
    words in the narrator's language. ``linked``: the ``pos=`` value the address brought (read
    on the first use of a fresh state). ``playout``: how a text is played out (the view passes
    a shared cache of :func:`play_out`)."""

    def __init__(self, state: PositionLabState, narrator: Narrator, *, linked: str | None = None,
                 playout: Callable[[str, bool], Played] = play_out) -> None:
        self.state = state
        self.n = narrator
        self._ = narrator.tr.gettext
        self._playout = playout
        self._played_for: Playout | None = None
        self._line: Line | None = None
        if state.text is None:
            self._seed(linked)

    # ----- reading the text ---------------------------------------------------------------------
    def _seed(self, linked: str | None) -> None:
        text = from_link(linked)
        if text is None or not isinstance(self._read(text).result, Position):
            if linked:
                self.state.notice = Notice("bad-link")
            text = dumps(deal(START)[0])
        self.state.text = self.state.good = text

    def _read(self, text: str) -> _Read:
        """What ``text`` holds, read once per text and session; the reads of texts no longer
        on show are dropped when a new one is read."""
        reads = self.state.reads
        found = reads.get(text)
        if found is None:
            keep = {self.state.text, self.state.good}
            for known in [known for known in reads if known not in keep]:
                del reads[known]
            try:
                result: Position | PositionError = loads(text)
            except PositionError as err:
                result = err.with_traceback(None)
            found = reads[text] = _Read(result)
        return found

    @property
    def text(self) -> str:
        """The position text (as the editor shows it)."""
        return self.state.text or ""

    def position(self) -> Position | None:
        """The lab's position, or ``None`` when its text is not valid (see :meth:`problem`)."""
        result = self._read(self.text).result
        if isinstance(result, Position):
            self.state.good = self.text
            return result
        return None

    def shown(self) -> Position | None:
        """The position on show: the lab's, else the last valid one, else none."""
        position = self.position()
        if position is None and self.state.good:
            result = self._read(self.state.good).result
            position = result if isinstance(result, Position) else None
        return position

    def shown_text(self) -> str | None:
        """The text of the position on show (the lab's, else the last valid one)."""
        return self.text if self.position() is not None else self.state.good

    # ----- branching play (issue 20) ------------------------------------------------------------
    def line(self) -> Line:
        """The moves played from the position on show (made once per model)."""
        if self._line is None:
            self._line = Line(self.state.line, self.shown_text(), self.shown(), self.n)
        return self._line

    def examined(self) -> Position | None:
        """The position examined: the one the move on show of the line left (the lab's position
        before any move)."""
        return self.line().position()

    def can_play_picked(self) -> bool:
        """*Play this pile*: a pile was clicked on the table on show and the hand goes on."""
        picked = self.state.picked
        return picked is not None and picked[0] == self.table_token() and self.line().can_play()

    def play_picked(self) -> None:
        """Play the pile clicked, right or wrong, and go on from the position it leaves."""
        if self.can_play_picked():
            assert self.state.picked is not None
            if self.line().play(self.state.picked[1]):
                self._moved()

    def can_pass(self) -> bool:
        return self.line().can_play() and self.line().passes()

    def play_pass(self) -> None:
        """The mover has no card: they pass (R2) and the line goes on."""
        if self.can_pass() and self.line().play("pass"):
            self._moved()

    def _moved(self) -> None:
        """Another position examined: no pile picked on it yet, its playout from its start."""
        self.state.picked = None
        self.state.playout.turn = 0

    def set_careless(self, on: bool) -> None:
        """The playout's players make errors (``on``) or play rule-perfectly; back to its start."""
        if bool(on) != self.state.playout.careless:
            self.state.playout.careless = bool(on)
            self.state.playout.turn = 0

    def move_line(self, action: str, where: object = None) -> None:
        """Along the line: ``back``, ``forward``, ``start``, ``go`` (``where``: a move's path),
        ``to`` (``where``: how many moves from the start, the slider) or ``keys`` (``where``: the
        browser's count of ← and → presses)."""
        line = self.line()
        if action == "keys":
            line.keys(where)
        elif action == "back":
            line.back()
        elif action == "forward":
            line.forward()
        elif action == "start":
            line.go(())
        elif action == "go" and isinstance(where, tuple):
            line.go(where)
        elif action == "to" and isinstance(where, int):
            line.go_to(where)
        else:
            return
        self._moved()

    def problem(self) -> str | None:
        """Why the text is not a position, with its line (as on the command line), or ``None``."""
        read = self._read(self.text)
        if not isinstance(read.result, PositionError):
            return None
        lang = self.n.lang
        if lang not in read.worded:  # worded once per text and language
            err = read.result
            line = 0 if err.code == "number-too-large" else words.error_line(err, self.text)  # that message names its line
            message = words.position_error(err, self.n.tr)
            problem = self._("Line {line}: {problem}").format(line=line, problem=message) if line else message
            read.worded[lang] = self._("That is not a position: {problem}").format(problem=problem)
        return read.worded[lang]

    def fallback_note(self) -> str | None:
        """Said above the last valid position while the text is not valid."""
        if self.position() is None and self.shown() is not None:
            return self._("Below is the last valid position; correct the text to examine yours.")
        return None

    def take_notice(self, *, keep_link: bool = False) -> str | None:
        """The problem with the last click, in words, once (then it is forgotten); with
        ``keep_link``, a position in the address that could not be read is kept to be said
        again (the view keeps it while the page's first view waits for the browser's stored
        progress, whose arrival draws the page again)."""
        notice = self.state.notice
        if notice is None:
            return None
        if not (keep_link and notice.kind == "bad-link"):
            self.state.notice = None
        if notice.kind == "bad-link":
            return self._("The position in the page address could not be read; here is deal 4-1 instead.")
        if notice.kind == "too-large":
            return self._("The file is too large for a position (more than {limit} kB).").format(limit=MAX_TEXT // 1000)
        assert notice.error is not None
        return words.position_error(notice.error, self.n.tr)

    def token(self) -> str:
        """The state a click in the lab is made on: the text and the playout's turn."""
        return f"{self.table_token()}{self.state.playout.turn}"

    def table_token(self) -> str:
        """The state a click on the lab's table is made on: the text and the move of the line on
        show (the playout's turn does not change that table)."""
        at = self.state.line.at
        return text_token(self.text) + (text_token("/".join(at)) if at else "")

    def address_value(self) -> str | None:
        """The ``pos=`` value of the position on show, for the page address (``None`` when too
        long for one), so a refresh or a bookmark comes back to it."""
        text = self.state.good or self.state.text
        if not text:
            return None
        read = self._read(text)
        if read.link is None:
            read.link = link_value(text)
        return read.link if len(read.link) <= MAX_LINK else None

    # ----- where to start ------------------------------------------------------------------------
    def _set_text(self, text: str, *, from_editor: bool = False) -> bool:
        """A new text: the playout starts again, the editor follows unless it wrote it. Returns
        whether the text is a valid position."""
        self.state.text = text
        self.state.playout = PlayoutState()
        if not from_editor:
            self.state.edits += 1
        valid = isinstance(self._read(text).result, Position)
        if valid:
            self.state.good = text
        return valid

    def _set(self, position: Position) -> None:
        self._set_text(dumps(position))

    def deal(self, code: str) -> bool:
        """Start from a deal code (``4-12345``); a bad code is a notice. Returns whether it started."""
        try:
            self._set(deal(DealCode.parse(code))[0])
        except PositionError as err:
            self.state.notice = Notice(error=err)
            return False
        return True

    def open(self, position: Position) -> None:
        """Start from a position: a lesson's, or the practice table as it is now."""
        self._set(position)

    def read_file(self, raw: bytes) -> bool:
        """Start from a file's bytes (UTF-8, a byte-order mark allowed, at most :data:`MAX_TEXT`);
        a file too large or not UTF-8 is a notice. Returns whether its text is a position (a text
        with a problem is still taken, for the editor to correct)."""
        self.state.uploads += 1
        self.state.notice = None  # a new source: what was said of the last one no longer holds
        if len(raw) > MAX_TEXT:
            self.state.notice = Notice("too-large")
            return False
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            self.state.notice = Notice(error=PositionError("not-utf8", offset=exc.start + 1))
            return False
        return self._set_text(text)

    def use_text(self, text: str) -> bool:
        """*Use this text*: the editor's text becomes the position (cut at :data:`MAX_TEXT`).
        Returns whether it is valid."""
        return self._set_text(text[:MAX_TEXT], from_editor=True)

    @staticmethod
    def editor_open_after(valid: bool) -> bool:
        """Whether the editor must be open after a text was taken: a text with an error opens it,
        so it can be corrected where the message says (a valid one leaves it as it is)."""
        return not valid

    def lesson_positions(self, lessons: Iterable[Lesson]) -> dict[str, tuple[str, Position]]:
        """Every lesson step with a position, by ``lesson/step``: its title (“lesson · step”) and position."""
        found: dict[str, tuple[str, Position]] = {}
        for lesson in lessons:
            for step in lesson.steps:
                position = getattr(step, "position", None)  # the steps that show a table have one
                if isinstance(position, Position):
                    found[f"{lesson.id}/{step.id}"] = (f"{self._(lesson.title)} · {self._(step.title)}", position)
        return found

    # ----- edits ------------------------------------------------------------------------------------
    def pile_label(self, pile: str) -> str:
        """A pile of an edit in words (a stock by its owner; others as the narrator names them)."""
        position = self.shown()
        kind, _sep, owner = pile.partition(":")
        if kind == "stock" or position is None:
            return self.n.closed_stock(owner)
        return self.n.pile(Dest.parse(pile), position)

    def move_sources(self) -> dict[str, str]:
        """The piles a top card can be moved from, with their labels."""
        position = self.position()
        return {pile: self.pile_label(pile) for pile in piles_with_cards(position)} if position else {}

    def move_targets(self) -> dict[str, str]:
        """The piles a card can be moved onto, with their labels."""
        position = self.position()
        return {pile: self.pile_label(pile) for pile in every_pile(position)} if position else {}

    def can_move(self, source: str | None = None, target: str | None = None) -> bool:
        """Whether *Move* can act: a valid position with a card to move (and, when given, two
        different piles of it)."""
        sources = self.move_sources()
        if not sources:
            return False
        if source is None and target is None:
            return True
        return source in sources and target in self.move_targets() and source != target

    def move(self, source: str | None, target: str | None) -> None:
        """Move the top card of ``source`` onto ``target``; a move the position refuses is a notice."""
        position = self.position()
        if position is None or not self.can_move(source, target):
            return
        assert source is not None and target is not None
        try:
            self._set(move_card(position, source, target))
        except MugginsError as err:
            self.state.notice = Notice(error=err)

    def players(self) -> tuple[str, ...]:
        position = self.position()
        return position.players if position else ()

    def mover(self) -> str | None:
        position = self.position()
        return position.mover if position else None

    def can_set_mover(self, name: str | None) -> bool:
        return name in self.players() and name != self.mover()

    def set_mover(self, name: str | None) -> None:
        """Make ``name`` the player to move."""
        position = self.position()
        if position is not None and self.can_set_mover(name):
            assert name is not None
            self._set(position.replace(to_move=position.seat(name)))

    def can_add_player(self) -> bool:
        return MIN_PLAYERS <= len(self.players()) < MAX_PLAYERS

    def add_player(self) -> None:
        """Seat one more player (the first free name), with empty piles."""
        position = self.position()
        if position is None or not self.can_add_player():
            return
        name = next(n for n in NEW_NAMES if n not in position.players)
        self._reseat(position, [*position.players, name], position.mover)

    def can_remove_player(self, name: str | None = None) -> bool:
        players = self.players()
        return len(players) > MIN_PLAYERS and (name is None or name in players)

    def remove_player(self, name: str | None) -> None:
        """Unseat ``name``: their cards leave the table too (the next player moves if they did)."""
        position = self.position()
        if position is None or not self.can_remove_player(name) or name is None:
            return
        keep = [n for n in position.players if n != name]
        self._reseat(position, keep, position.mover if position.mover != name else keep[0])

    def _reseat(self, position: Position, players: list[str], mover: str) -> None:
        try:
            self._set(seated(position, players, mover))
        except PositionError as err:
            self.state.notice = Notice(error=err)

    # ----- examining --------------------------------------------------------------------------------
    def pick(self, dest_text: str) -> None:
        """A pile of the table was clicked: its verdict is shown first."""
        self.state.picked = (self.table_token(), dest_text)

    def _verdict(self, position: Position, card: Card, dest: Dest, legal: Legal) -> PileVerdict:
        verdict = judge(position, card, dest, legal)
        name = self.n.pile(dest, position)
        if verdict.ok:
            title = self._("Correct: {pile}").format(pile=name)
        else:
            assert verdict.error is not None  # a wrong pile always has its error
            title = self._("Muggins! {error}: {pile}").format(pile=name, error=self.n.error_title(verdict.error))
        return PileVerdict(dest, verdict.ok, title, self.n.judgement(verdict, position))

    def examination(self) -> Examination | None:
        """The turned card of the position examined and, for every pile, its verdict with the
        explanation; the clicked pile's verdict first (``None`` with nothing on show)."""
        position = self.examined()
        if position is None:
            return None
        turned = turn_up(position)
        if turned.card is None:
            message = self.n.where_it_goes(None, legal_destinations(position, None), position)
            return Examination(TableView(position), (message,), None, None, ())
        table = turned.position
        legal = legal_destinations(table, turned.card)
        piles = tuple(self._verdict(table, turned.card, dest, legal) for dest in all_destinations(table))
        token, dest_text = self.state.picked or ("", "")
        picked = next((pile for pile in piles if str(pile.dest) == dest_text), None) if token == self.table_token() else None
        marks = {pile.dest: LEGAL for pile in piles if pile.ok}
        if picked is not None:
            marks[picked.dest] = LEGAL if picked.ok else WRONG
        lines = [self.n.recycled(position.mover, turned.card)] if turned.recycled else []
        lines.append(self.n.where_it_goes(turned.card, legal, table))
        prompt = None if picked else self._("Choose a pile on the table to see what putting the card there would be called.")
        return Examination(TableView(table, turned=turned.card, marks=marks), tuple(lines), picked, prompt, piles)

    # ----- the playout ----------------------------------------------------------------------------
    @property
    def playout(self) -> Playout:
        """The playout of the position examined, stepped turn by turn (made once per model: a
        model lives one run of the page)."""
        shown = self.examined()
        found = self._played_for
        if (found is None or found.start != shown or found.state is not self.state.playout
                or found.careless != self.state.playout.careless):
            played = self._playout(dumps(shown), self.state.playout.careless) if shown is not None else ((), None)
            found = self._played_for = Playout(self.state.playout, shown, played, self.n)
        return found

    # ----- saving and sharing -------------------------------------------------------------------
    def file_text(self) -> str | None:
        """The position examined as a position file (TOML)."""
        position = self.examined()
        return dumps(position) if position is not None else None

    def share_link(self, base: str | None) -> str | None:
        """The address that opens this position in the lab (``base``: the page's address without
        its query; ``/explore`` when unknown), or ``None`` when the position is too long for one."""
        value = self.address_value()
        if value is None:
            return None
        return f"{(base or '/explore').split('?')[0]}?lab=position&pos={quote(value)}"
