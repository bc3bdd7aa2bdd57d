"""Lesson steps on screen: where the learner is, what they answered, and how
each kind of step is drawn. State lives in ``st.session_state`` only."""

from __future__ import annotations

from dataclasses import dataclass, field

import streamlit as st

from .. import words
from ..engine.cards import Card
from ..engine.deal import COUNTS, DealCode, deal
from ..engine.position import Dest, Position
from ..engine.rules import give_penalty_card, judge, place, take_back
from ..lessons import Lesson, Step, load_all
from . import session
from .table import TableView, card_md, render

STEPS = "lesson_steps"  # {lesson id: step index}
ANSWERS = "lesson_answers"  # {"lesson/step": Answer}
CURRENT = "lesson_current"
DONE = "lessons_done"  # [lesson ids completed]
CHECKS = "lesson_checks"  # {lesson id: (right at the first try, check steps)}


@st.cache_resource(show_spinner=False)
def course() -> tuple[list[Lesson], list]:
    """Every lesson (shared, read-only) and the problems of broken files."""
    return load_all()


@dataclass
class Answer:
    """What the learner has done on one step: wrong tries, the last choice,
    whether it is solved, and (for ``muggins`` steps) the frame shown."""

    wrong: list[str] = field(default_factory=list)
    last: str | None = None
    solved: bool = False
    frame: int = 0


def answer(lesson: Lesson, step: Step) -> Answer:
    store = st.session_state.setdefault(ANSWERS, {})
    return store.setdefault(f"{lesson.id}/{step.id}", Answer())


def current(lessons: list[Lesson]) -> tuple[Lesson, int]:
    """The lesson and step index the learner is on; seeded once from the URL."""
    state = st.session_state
    by_id = {lesson.id: lesson for lesson in lessons}
    steps = state.setdefault(STEPS, {})
    if CURRENT not in state or state[CURRENT] not in by_id:
        wanted = session.url_seed("lesson")
        lesson = by_id.get(wanted, lessons[0])
        state[CURRENT] = lesson.id
        step_id = session.url_seed("step")
        index = lesson.step_index(step_id) if step_id else None
        if index is not None and lesson.id == wanted:
            steps[lesson.id] = index
    lesson = by_id[state[CURRENT]]
    index = min(max(steps.get(lesson.id, 0), 0), len(lesson.steps) - 1)
    steps[lesson.id] = index
    return lesson, index


def open_lesson(lesson_id: str) -> None:
    """Make ``lesson_id`` the current lesson (at the step the learner last reached)."""
    st.session_state[CURRENT] = lesson_id


def choose(widget_key: str) -> None:
    """Callback of the lesson selector: make its value the current lesson."""
    st.session_state[CURRENT] = st.session_state[widget_key]


def restart(lesson_id: str) -> None:
    """Callback: back to the first step of a lesson, answers forgotten."""
    st.session_state.setdefault(STEPS, {})[lesson_id] = 0
    answers = st.session_state.setdefault(ANSWERS, {})
    for key in [k for k in answers if k.startswith(f"{lesson_id}/")]:
        del answers[key]


def go(lesson_id: str, index: int) -> None:
    """Callback: move to step ``index`` of a lesson."""
    st.session_state.setdefault(STEPS, {})[lesson_id] = index


def finish(lesson_id: str) -> None:
    """Callback: mark a lesson completed and keep its check result."""
    done = done_lessons()
    if lesson_id not in done:
        done.append(lesson_id)
    lesson = next((item for item in course()[0] if item.id == lesson_id), None)
    if lesson is not None and lesson.check_steps:
        check_results()[lesson_id] = check_score(lesson)


def check_score(lesson: Lesson) -> tuple[int, int]:
    """``(right at the first try, number of check steps)`` from this session's answers."""
    store = st.session_state.setdefault(ANSWERS, {})
    right = 0
    for step in lesson.check_steps:
        state = store.get(f"{lesson.id}/{step.id}")
        right += bool(state and state.solved and not state.wrong)
    return right, len(lesson.check_steps)


def check_results() -> dict[str, tuple[int, int]]:
    """Check results by lesson id (this session, or restored from the URL's ``checks``)."""
    if CHECKS not in st.session_state:
        results = {}
        known = {lesson.id: len(lesson.check_steps) for lesson in course()[0]}
        for part in (session.url_seed("checks") or "").split(","):
            lesson_id, _, score = part.partition(":")
            right, _, total = score.partition("-")
            if lesson_id in known and right.isdigit() and total.isdigit() and int(total) == known[lesson_id] \
                    and int(right) <= int(total):
                results[lesson_id] = (int(right), int(total))
        st.session_state[CHECKS] = results
    return st.session_state[CHECKS]


def checks_text() -> str:
    """The check results for the URL: ``lesson:right-total,…``."""
    return ",".join(f"{lesson_id}:{right}-{total}" for lesson_id, (right, total) in check_results().items())


def reset_progress() -> None:
    """Callback: forget completed lessons, check results, steps reached and answers."""
    done_lessons().clear()
    check_results().clear()
    session.remember(lesson=None, step=None, done=None, checks=None)
    st.session_state[STEPS] = {}
    st.session_state[ANSWERS] = {}


def done_lessons() -> list[str]:
    """Ids of completed lessons (this session, or restored from the URL)."""
    if DONE not in st.session_state:
        seeded = session.url_seed("done") or ""
        known = {lesson.id for lesson in course()[0]}
        st.session_state[DONE] = [part for part in dict.fromkeys(seeded.split(",")) if part in known]
    return st.session_state[DONE]


# ----- step kinds ---------------------------------------------------------
def show_step(lesson: Lesson, step: Step) -> bool:
    """Draw one step; returns True when the learner may go on."""
    tr = session.tr()
    _ = tr.gettext
    st.subheader(_(step.title))
    st.markdown(_(step.text))
    if step.kind == "place":
        return _place(lesson, step, tr)
    if step.kind == "muggins":
        return _muggins(lesson, step, tr)
    if step.kind == "next-card":
        return _next_card(lesson, step, tr)
    if step.kind in _CHOICE_KINDS:
        return _CHOICE_KINDS[step.kind](lesson, step, tr)
    if step.kind == "deal":
        return _deal(lesson, step, tr)
    if step.position is not None:
        render(TableView(step.position, you=step.position.mover), tr, key=f"{lesson.id}-{step.id}")
    return True


def _hint(step: Step, tr) -> None:
    if step.hint:
        with st.expander(tr.gettext("Hint")):
            st.markdown(tr.gettext(step.hint))


def _place(lesson: Lesson, step: Step, tr) -> bool:
    _ = tr.gettext
    state = answer(lesson, step)
    turned = step.turned
    before = turned.position

    def pick(dest_text: str) -> None:
        verdict = judge(before, turned.card, Dest.parse(dest_text))
        state.last = dest_text
        if verdict.ok:
            state.solved = True
        else:
            state.wrong.append(dest_text)

    if state.solved:
        dest = Dest.parse(state.last)
        view = TableView(place(before, turned.card, dest), you=before.mover, marked={dest})
        render(view, tr, key=f"{lesson.id}-{step.id}")
        verdict = judge(before, turned.card, dest)
        st.success(words.judgement(verdict, before, tr, before.mover) + ("\n\n" + _(step.done) if step.done else ""))
        return True
    render(TableView(before, turned=turned.card, you=before.mover), tr, key=f"{lesson.id}-{step.id}", pick=pick)
    if state.last is not None:
        verdict = judge(before, turned.card, Dest.parse(state.last))
        st.error(
            words.judgement(verdict, before, tr, before.mover)
            + "\n\n" + _("Try again: click the pile where the card must go.")
        )
    _hint(step, tr)
    return False


def muggins_frames(step: Step, tr) -> list[tuple[Position, set[Dest], str, tuple[str, ...]]]:
    """The Muggins call on the step's wrong play, move by move:
    ``(position, marked piles, caption, stocks to show open)``."""
    _ = tr.gettext
    record, turned = step.record, step.turned
    card, wrong, right = record.card, record.judgement.dest, record.placed
    before = turned.position
    offender = before.to_move
    name = before.mover
    frames = []
    position = place(before, card, wrong)
    frames.append((position, {wrong}, _("{player} puts {card} on {pile}.").format(
        player=name, card=words.card(card, tr), pile=words.pile(wrong, before, tr)) + "\n\n"
        + words.judgement(record.judgement, before, tr), (name,)))
    position = place(take_back(position, card, wrong), card, right)
    frames.append((position, {right}, words.correction(record, before, tr), (name,)))
    for donor in before.opponents_clockwise(offender):
        donor_name = before.players[donor]
        position, gift = give_penalty_card(position, donor, offender)
        text = words.gift(gift, name, tr) if gift else words.no_gift(donor_name, tr)
        frames.append((position, set(), text, (name,)))
    frames.append((position, set(), words.penalty_summary(record, tr) + ("\n\n" + _(step.done) if step.done else ""), (name,)))
    return frames


def _muggins(lesson: Lesson, step: Step, tr) -> bool:
    _ = tr.gettext
    state = answer(lesson, step)
    frames = muggins_frames(step, tr)
    state.frame = min(state.frame, len(frames) - 1)
    position, marked, caption, open_stocks = frames[state.frame]
    st.caption(_("Move {number} of {total}").format(number=state.frame + 1, total=len(frames)))
    render(TableView(position, you=step.position.mover, marked=marked, open_stocks=open_stocks), tr,
           key=f"{lesson.id}-{step.id}-{state.frame}")
    (st.success if state.frame == len(frames) - 1 else st.info)(caption)

    def move(target: int) -> None:  # an absolute frame, so a double click cannot skip one
        state.frame = min(max(target, 0), len(frames) - 1)
        if state.frame == len(frames) - 1:
            state.solved = True

    left, right, _spacer = st.columns([2, 2, 3])
    if state.frame > 0:
        left.button(_("◀ Previous move"), key=f"{lesson.id}-{step.id}-prev", on_click=move, args=(state.frame - 1,), width="stretch")
    if state.frame < len(frames) - 1:
        right.button(_("Next move ▶"), key=f"{lesson.id}-{step.id}-next", on_click=move, args=(state.frame + 1,), type="primary", width="stretch")
    _hint(step, tr)
    return state.solved


def _next_card(lesson: Lesson, step: Step, tr) -> bool:
    _ = tr.gettext
    state = answer(lesson, step)
    right: Card = step.turned.card
    mover = step.position.mover
    render(TableView(step.position, you=mover, open_discards=(mover,)), tr, key=f"{lesson.id}-{step.id}")

    def pick(card_text: str) -> None:
        state.last = card_text
        if Card.parse(card_text) == right:
            state.solved = True
        else:
            state.wrong.append(card_text)

    st.markdown("**" + _("Which card does {player} turn up?").format(player=mover) + "**")
    columns = st.columns(max(len(step.choices), 4))
    for column, card in zip(columns, step.choices):
        column.button(f"**{card_md(card)}**", key=f"{lesson.id}-{step.id}-card-{card}", on_click=pick,
                      args=(str(card),), disabled=state.solved, help=words.card_name(card, tr), width="stretch",
                      type="primary" if state.solved and card == right else "secondary")
    if state.solved:
        st.success(words.next_card_right(right, tr) + ("\n\n" + _(step.done) if step.done else ""))
        return True
    if state.last is not None:
        st.error(words.next_card_wrong(Card.parse(state.last), right, step.turned.recycled, tr))
    _hint(step, tr)
    return False


# ----- steps answered by picking one option -------------------------------
def _choose(lesson: Lesson, step: Step, tr, options: list[tuple[str, str]], right: str,
            said_right: str, said_wrong) -> bool:
    """Buttons for ``options`` (``(value, label)``); ``right`` is the right value.
    ``said_right`` is shown once answered; ``said_wrong(value)`` after a wrong pick."""
    _ = tr.gettext
    state = answer(lesson, step)

    def pick(value: str) -> None:
        state.last = value
        if value == right:
            state.solved = True
        elif not state.solved:
            state.wrong.append(value)

    if state.solved:
        label = dict(options)[right]
        st.markdown(_("Your answer: **{answer}**").format(answer=label) + " :material/check_circle:")
        st.success(said_right + ("\n\n" + _(step.done) if step.done else ""))
        return True
    columns = st.columns(max(len(options), 2))
    for column, (value, label) in zip(columns, options):
        column.button(label, key=f"{lesson.id}-{step.id}-option-{value}", on_click=pick, args=(value,), width="stretch")
    if state.last is not None:
        st.error(said_wrong(state.last) + "\n\n" + _("Try again."))
    _hint(step, tr)
    return False


def _call(lesson: Lesson, step: Step, tr) -> bool:
    _ = tr.gettext
    record, turned = step.record, step.turned
    before = turned.position
    verdict = record.judgement
    watcher = before.players[0] if before.to_move != 0 else None  # the learner watches from the first seat
    if answer(lesson, step).solved and step.call:  # after a right call: the card moved, the penalty given
        view = TableView(record.after, you=watcher, marked={record.placed}, show_mover=False)
    else:
        view = TableView(place(before, record.card, verdict.dest), you=watcher, marked={verdict.dest},
                         show_mover=not step.late)
    render(view, tr, key=f"{lesson.id}-{step.id}")
    st.markdown(_("{player} turned up {card} and put it on {pile}.").format(
        player=before.mover, card=words.card(record.card, tr), pile=words.pile(verdict.dest, before, tr, you=watcher)))
    if step.late:
        st.markdown("**" + _("The next player has already turned up a card.") + "**")
    if verdict.ok:
        why = words.judgement(verdict, before, tr, watcher)
        said_right = why + " " + _("A call would be unsupported: nothing would happen, and it would cost you nothing either ({section}).").format(
            section=words.section("§muggins", tr))
    elif step.late:
        why = words.judgement(verdict, before, tr, watcher)
        said_right = _("It was an error, but the call had to come before the next card was turned up. Now it is too late: the error stands and the card stays where it is ({section}).").format(
            section=words.section("§muggins", tr)) + "\n\n" + why
    else:
        lines = [words.judgement(verdict, before, tr, watcher), words.correction(record, before, tr, watcher),
                 *words.penalty_lines(record, tr, watcher)]
        said_right = _("Muggins! Right to call.") + "\n\n" + "\n\n".join(lines)

    def said_wrong(value: str) -> str:
        if value == "call" and verdict.ok:
            return _("That placement was correct, so there is nothing to call.")
        if value == "call":
            return _("Too late: the next card has already been turned up.")
        return _("That card is not where it must go.")

    options = [("call", _("Call “Muggins!”")), ("accept", _("No call"))]
    return _choose(lesson, step, tr, options, "call" if step.call else "accept", said_right, said_wrong)


def _fits(lesson: Lesson, step: Step, tr) -> bool:
    _ = tr.gettext
    a, b = step.cards
    st.markdown(f"## {card_md(a)} &nbsp; {card_md(b)}")
    gap = abs(a.rank - b.rank)
    if step.fit:
        reason = _("{a} and {b} fit: their ranks differ by exactly one ({section}).")
    elif gap == 0:
        reason = _("{a} and {b} do not fit: equal ranks never fit ({section}).")
    elif gap == 12:
        reason = _("{a} and {b} do not fit: there is no wrap, so K and A are not neighbours ({section}).")
    else:
        reason = _("{a} and {b} do not fit: their ranks are {gap} apart, and cards fit only one rank apart ({section}).")
    said = words.sentence(reason.format(a=words.card(a, tr), b=words.card(b, tr), gap=gap, section=words.section("§deal", tr)))
    options = [("fit", _("They fit")), ("no-fit", _("They do not fit"))]
    return _choose(lesson, step, tr, options, "fit" if step.fit else "no-fit", said, lambda value: said)


def _count(lesson: Lesson, step: Step, tr) -> bool:
    _ = tr.gettext
    players = step.players[0]
    index = 0 if step.ask == "cards" else 1
    values = sorted({counts[index] for counts in COUNTS.values()})
    said = counts_sentence(players, tr)
    options = [(str(v), str(v)) for v in values]
    return _choose(lesson, step, tr, options, str(step.number), said,
                   lambda value: _("No, it is not {value}.").format(value=value))


def _quiz(lesson: Lesson, step: Step, tr) -> bool:
    _ = tr.gettext
    options = [(str(i), _(text)) for i, text in enumerate(step.options)]
    right_text = _(step.options[step.number])
    return _choose(lesson, step, tr, options, str(step.number), _("Right.") + " " + right_text,
                   lambda value: _("Not quite."))


def _deal(lesson: Lesson, step: Step, tr) -> bool:
    _ = tr.gettext
    key = f"{lesson.id}-{step.id}-players"
    players = st.segmented_control(_("Number of players"), options=list(step.players), key=key,
                                   default=step.players[0]) or step.players[0]
    position, dealer = deal(DealCode(players, step.seed))
    st.caption(counts_sentence(players, tr) + " "
               + _("Dealer: {dealer}; {first} moves first.").format(dealer=position.players[dealer], first=position.mover))
    render(TableView(position), tr, key=f"{lesson.id}-{step.id}-{players}")
    if step.done:
        st.info(_(step.done))
    _hint(step, tr)
    return True


def counts_sentence(players: int, tr) -> str:
    """``With 5 players, each gets 10 cards and 2 common piles are turned face up (§counts).``"""
    each, piles = COUNTS[players]
    cards = tr.ngettext("{count} card", "{count} cards", each).format(count=each)
    return tr.ngettext(
        "With {players} players, each gets {cards} and {piles} common pile is turned face up; the whole pack is used ({section}).",
        "With {players} players, each gets {cards} and {piles} common piles are turned face up; the whole pack is used ({section}).",
        piles,
    ).format(players=players, cards=cards, piles=piles, section=words.section("§counts", tr))


_CHOICE_KINDS = {"call": _call, "fits": _fits, "count": _count, "quiz": _quiz}
