"""The position lab's *Which choice is better?*: every pile of the turn on show valued by seeded
playouts (issue 20; :mod:`tutorial.explore.evaluate`), without Streamlit.

The settings (:class:`EvaluationSettings`: playouts per pile, the other players' errors and
calls), what was asked and whether a run of the page got through it (:class:`EvaluationState`,
inside the position lab's state), and :class:`ChoiceEvaluation`: the actions (*Evaluate the
choices*, *Stop*, each with its ``can_…``), the run — it waits for its turn in the server's line
of studies (:data:`tutorial.explore.queue.QUEUE`: one heavy job at a time, so an evaluation never
slows another visitor's study and waits its turn behind one) — and the results in words and as
a table. Finished evaluations are kept for everyone (the same position and settings always give
the same numbers), like the variant lab's studies.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from tutorial.app.explore.model_variant import WORKERS, Phase, Progress, ResultStore, waiting_words
from tutorial.engine.position import Position
from tutorial.engine.rules import turn_up
from tutorial.engine.seen import Seen
from tutorial.explore.evaluate import ChoiceValue, EvalSpec, Evaluation
from tutorial.explore.evaluate import evaluate as evaluate_choices
from tutorial.explore.queue import Line, Ticket
from tutorial.narrate import Narrator

log = logging.getLogger(__name__)

HANDS = (200, 500, 1000, 2000, 5000)
"""The playouts per pile a learner may ask for."""
LIMITS = {"errors": (0, 30), "alert": (0, 100)}
"""The other players' chance of misplacing a card and of calling an error, in per cent."""
Key = tuple[str, EvalSpec, Seen | None]
"""What an evaluation is of: the position's text, the settings, and what the table has seen of
its closed stocks (R13; ``None``: nothing)."""


@dataclass(frozen=True)
class EvaluationSettings:
    """``hands`` playouts per pile (one of :data:`HANDS`), every player's chance of misplacing a
    card (``errors``, %) and of calling another's error (``alert``, %)."""

    hands: int = 1000
    errors: int = 0
    alert: int = 100

    def changed(self, name: str, value: object) -> EvaluationSettings:
        """The settings with ``name`` set to ``value`` (anything a widget or a test sends is
        brought into range; an unknown name or an unreadable value changes nothing)."""
        try:
            number = int(value)  # type: ignore[call-overload]
        except (TypeError, ValueError, OverflowError):
            return self
        if name == "hands":
            return replace(self, hands=min(HANDS, key=lambda hands: abs(hands - number)))
        if name in LIMITS:
            low, high = LIMITS[name]
            return replace(self, **{name: max(low, min(high, number))})
        return self

    def spec(self) -> EvalSpec:
        return EvalSpec(hands=self.hands, error_rate=self.errors / 100, alertness=self.alert / 100)


@dataclass
class EvaluationState:
    """The evaluation's state in a session: the ``settings``; ``request``, the evaluation asked
    for (of the position on show when asked); ``running``: the one a run of the page started on
    (still set at the next run means that run was cut short); ``said``: a message to show once
    (stopped, interrupted)."""

    settings: EvaluationSettings = field(default_factory=EvaluationSettings)
    request: Key | None = None
    running: Key | None = None
    said: str | None = None


@dataclass(frozen=True)
class ChoiceRow:
    """One pile in the results table, in words: the pile, its verdict, the penalty it brings, the
    mover's chance of winning after it, and how far below the best pile it is."""

    pile: str
    verdict: str
    penalty: str
    chance: str
    versus: str


class ChoiceEvaluation:
    """The position lab's evaluation in one session: ``state`` read and changed, ``position``
    and its ``text`` on show (``None``: nothing on show), words by ``narrator``, finished
    evaluations in ``store`` (shared); ``seen``: what the table has seen of the position's closed
    stocks (the lab's line of play knows the moves that led there: R13; ``None``: nothing)."""

    def __init__(self, state: EvaluationState, position: Position | None, text: str | None, narrator: Narrator,
                 store: ResultStore[Key, Evaluation], *, seen: Seen | None = None) -> None:
        self.state = state
        self.position = position
        self.text = text
        self.seen = None if seen is None or position is None or seen == Seen.nothing(position) else seen
        self.n = narrator
        self._ = narrator._
        self.n_ = narrator.n_
        self.store = store

    # ----- the form and the actions ----------------------------------------------------------
    @property
    def settings(self) -> EvaluationSettings:
        return self.state.settings

    def set(self, name: str, value: object) -> None:
        self.state.settings = self.state.settings.changed(name, value)

    def key(self) -> Key | None:
        """What *Evaluate* would ask for now."""
        if self.position is None or self.text is None:
            return None
        return self.text, self.settings.spec(), self.seen

    def can_evaluate(self) -> bool:
        """A position is on show whose mover has a card to turn (a mover who passes has no choice)."""
        return self.position is not None and turn_up(self.position).card is not None

    def evaluate(self) -> None:
        """*Evaluate the choices*: ask for the position on show with the settings (in place of any
        evaluation asked before: a click during a run ends that run)."""
        if self.can_evaluate():
            self.state.request = self.key()
            self.state.running = None

    def can_stop(self) -> bool:
        """*Stop*: an evaluation is asked for and not yet done."""
        request = self.state.request
        return request is not None and self.store.get(request) is None

    def stop(self) -> None:
        """*Stop*: nothing of the unfinished evaluation is kept, and the page says so once."""
        if self.can_stop():
            self.state.said = self._("Stopped. Nothing was kept from the unfinished evaluation.")
        self.state.request = self.state.running = None

    # ----- a run of the page -------------------------------------------------------------------
    def plan(self) -> Phase:
        """What this run of the page does: ``ASKED`` (evaluate now), ``DONE`` (results to show),
        ``IDLE``, or ``INTERRUPTED`` (the run that started it was cut short: never restarted by
        itself, and said once)."""
        state = self.state
        request = state.request
        if request is None:
            return Phase.IDLE
        if self.store.get(request) is not None:
            state.running = None
            return Phase.DONE
        if state.running == request:
            state.request = state.running = None
            state.said = self._("The evaluation was interrupted by another click. Press “Evaluate the choices” to "
                                "start it again.")
            return Phase.INTERRUPTED
        state.running = request
        return Phase.ASKED

    def take_said(self) -> str | None:
        said, self.state.said = self.state.said, None
        return said

    def simulate(self, queue: Line, owner: str, show: Callable[[Progress | None], None],
                 pause: Callable[[float], None], *, poll: float = 0.5, workers: int = WORKERS,
                 runner: Callable[..., Evaluation] = evaluate_choices) -> bool:
        """Wait for a place in the server's ``queue``, then evaluate, telling ``show`` where it
        stands; the place is given up however this ends. Returns whether it ran."""
        request = self.state.request
        if request is None:
            return False
        text, spec, seen = request
        position = self.position
        if position is None or text != self.text or seen != self.seen:
            return False
        ticket: Ticket = queue.join(owner, spec.hands * 4)
        try:
            status = queue.status(ticket)
            while not status.may_run and status.ahead >= 0:
                show(Progress(Phase.QUEUED, waiting_words(self.n.tr, status.ahead, status.wait)))
                pause(poll)
                status = queue.status(ticket)
            if not status.may_run:
                return False
            show(Progress(Phase.RUNNING, self._("Playing out every pile…")))

            def progress(done: int, total: int) -> None:
                queue.progress(ticket, done / total)
                show(Progress(Phase.RUNNING, self._("Playing out every pile: {done} of {total} parts").format(
                    done=done, total=total), done / total))

            log.info("evaluation started: %d playouts per pile", spec.hands)
            self.store.put(request, runner(position, spec, seen=seen, workers=workers, progress=progress))
            show(None)
            return True
        finally:
            queue.leave(ticket)

    def finished_run(self) -> None:
        self.state.running = None

    # ----- the results ---------------------------------------------------------------------------
    def result(self) -> Evaluation | None:
        """The evaluation of the position on show, as last asked (``None``: not asked, not done,
        or asked for another position)."""
        request = self.state.request
        if request is None or request[0] != self.text or request[2] != self.seen:
            return None
        return self.store.get(request)

    def table(self) -> tuple[dict[str, str], list[ChoiceRow]]:
        """The results table: its column headings, then a row per correct pile and one per group
        of wrong piles that leave the same position (under the source rules every wrong pile is
        corrected to the same pile with the same penalty, so that is one row: each wrong pile's
        own verdict is in the list of piles above)."""
        found = self.result()
        headings = {"pile": self._("Pile"), "verdict": self._("Verdict"), "penalty": self._("Penalty cards"),
                    "chance": self._("Wins ({level} interval)").format(level=self.n.percent(0.95)), "versus": self._("Against the best pile")}
        if found is None or self.position is None:
            return headings, []
        table = turn_up(self.position).position
        corrected = self.n.pile(found.correct[0].dest, table)
        rows = []
        for members in found.groups():
            choice = members[0]
            if choice.correct:
                rows.append(ChoiceRow(self.n.sentence(self.n.pile(choice.dest, table)), self._("correct"), "",
                                      self._("won at once") if choice.finished else self.n.chance(choice),
                                      self._versus(found, choice)))
                continue
            if len(members) == 1:
                pile = self.n.sentence(self.n.pile(choice.dest, table))
                verdict = self.n.error_title(str(choice.error))
            else:
                pile = self.n_("Any of the {count} wrong piles", "Any of the {count} wrong piles",
                               len(members)).format(count=self.n.number(len(members)))
                verdict = self._("Muggins!, corrected to {pile}").format(pile=corrected)
            chance = self.n.chance(choice) if choice.valued else "—"
            rows.append(ChoiceRow(pile, verdict, self.n.number(choice.penalty), chance, self._versus(found, choice)))
        return headings, rows

    def _versus(self, found: Evaluation, choice: ChoiceValue) -> str:
        if choice.dest == found.best.dest:
            return self._("best")
        versus = found.against(choice.dest)
        if versus is None:
            return "—"
        return self._("{points} points lower ({low} to {high})").format(
            points=self.n.points(versus.difference), low=self.n.points(versus.low), high=self.n.points(versus.high))

    def chart(self) -> tuple[list[dict[str, object]], dict[str, str]]:
        """The chart of the table's rows: the mover's chance of winning after each (a bar and its
        95 % interval), correct and wrong piles told apart; then the words of its fields."""
        _headings, rows = self.table()
        found = self.result()
        labels = {"pile": self._("Pile"), "rate": self._("Chance of winning the hand"), "kind": self._("Verdict"),
                  "correct": self._("correct"), "wrong": self._("Muggins!")}
        if found is None:
            return [], labels
        data = []
        for row, members in zip(rows, found.groups(), strict=True):
            choice = members[0]
            if choice.valued:
                share = choice.share
                data.append({"pile": row.pile, "rate": share.rate, "low": share.low, "high": share.high,
                             "kind": labels["correct"] if choice.correct else labels["wrong"], "chance": row.chance})
        return data, labels

    def words(self) -> tuple[str, str, str] | None:
        """The heading, whether the choice matters (one or two sentences) and how the numbers
        were made."""
        found = self.result()
        if found is None or self.position is None:
            return None
        table = turn_up(self.position).position
        return self.n.evaluation_heading(found), self.n.evaluation_summary(found, table), self.n.evaluation_method(found)

    def no_evaluation_reason(self) -> str | None:
        """Why *Evaluate* is not offered (a mover with no card to turn)."""
        if self.position is None or self.can_evaluate():
            return None
        return self._("The player to move has no card to turn, so there is no choice to evaluate.")
