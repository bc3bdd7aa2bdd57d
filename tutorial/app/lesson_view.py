"""Lesson steps on screen: where the learner is, what they answered, and how
each kind of step is drawn. State lives in ``st.session_state`` only."""

from __future__ import annotations

from dataclasses import dataclass, field

import streamlit as st

from .. import words
from ..engine.cards import Card
from ..engine.position import Dest, Position
from ..engine.rules import give_penalty_card, judge, place, take_back
from ..lessons import Lesson, Step, load_all
from . import session
from .table import TableView, card_md, render

STEPS = "lesson_steps"  # {lesson id: step index}
ANSWERS = "lesson_answers"  # {"lesson/step": Answer}
CURRENT = "lesson_current"
DONE = "lessons_done"  # [lesson ids completed]


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
    """Callback: mark a lesson completed."""
    done = st.session_state.setdefault(DONE, [])
    if lesson_id not in done:
        done.append(lesson_id)


def reset_progress() -> None:
    """Callback: forget completed lessons, steps reached and answers."""
    done_lessons().clear()
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
        st.error(words.next_card_wrong(Card.parse(state.last), right, tr))
    _hint(step, tr)
    return False
