"""Where the keyboard focus goes after a rerun (tutorial/app/shell/focus.py), decided in Python and
sent to the browser: checked through AppTest (the browser side is tests/browser/test_focus.py)."""

from __future__ import annotations

import re

import pytest
from test_app import app, button, click, start

from tutorial.app.lessons import steps as lesson_steps
from tutorial.app.lessons.state import course
from tutorial.app.shell import focus
from tutorial.app.shell.table import pile_names
from tutorial.i18n import translations

LESSONS, _PROBLEMS = course()
BY_ID = {lesson.id: lesson for lesson in LESSONS}


def sent(at) -> tuple[str, list[str], str, str]:
    value = at.session_state[focus.FocusState.KEY].sent
    assert isinstance(value, tuple), value
    return value


def drawn_keys(at) -> set[str]:
    """The key of every widget on the page, without its state token."""
    found = set()
    for widget in [*at.button, *at.get("segmented_control"), *at.get("button_group")]:
        key = getattr(widget, "key", None)
        if key:
            found.add(re.sub(r"-t[0-9a-z]+$", "", key))
    return found


def one_step_of_each_kind():
    seen, out = set(), []
    for lesson in LESSONS:
        for step in lesson.steps:
            if step.kind not in seen:
                seen.add(step.kind)
                out.append((lesson, step))
    return out


@pytest.mark.parametrize(("lesson", "step"), one_step_of_each_kind(), ids=lambda value: getattr(value, "id", ""))
def test_the_first_control_named_for_a_step_is_drawn_on_it(lesson, step):
    at = start(app(lesson=lesson.id, step=step.id, table="text"), "lessons/page.py")
    keys = lesson_steps.first_controls(lesson, step)
    assert keys[-len(lesson_steps.NEXT_KEYS):] == list(lesson_steps.NEXT_KEYS)
    first = keys[: -len(lesson_steps.NEXT_KEYS)]
    if step.kind == "explain":
        assert first == []
    elif step.kind == "place":
        assert first == [f"{lesson.id}-{step.id}-table", f"table-{lesson.id}-{step.id}"]
    else:
        assert first and first[0] in drawn_keys(at), (first, sorted(drawn_keys(at)))


def test_a_right_answer_sends_the_focus_to_next_and_reads_the_verdict():
    lesson = BY_ID["cards-and-fitting"]
    step = lesson.steps[1]
    at = start(app(lesson=lesson.id, step=step.id), "lessons/page.py")
    wrong = "no-fit" if step.right[0] == "fit" else "fit"
    click(at, f"{lesson.id}-{step.id}-option-{wrong}").run()
    # a wrong answer: the focus stays on the answer used (the browser restores it), the verdict is read out
    _nonce, keys, _say, read = sent(at)
    assert keys == [] and read == focus.SAID
    click(at, f"{lesson.id}-{step.id}-option-{step.right[0]}").run()
    _nonce, keys, _say, read = sent(at)
    assert keys == list(lesson_steps.NEXT_KEYS)
    assert read == focus.SAID  # the verdict and what happened at length, by the app's one live region
    button(at, "lesson-next")  # the first of them is on the page


@pytest.mark.parametrize("lang", ["en", "es"])
def test_next_sends_the_focus_to_the_new_steps_first_control_and_says_where_the_learner_is(lang):
    lesson = BY_ID["cards-and-fitting"]
    at = start(app(lesson=lesson.id, step=lesson.steps[0].id, lang=lang), "lessons/page.py")
    click(at, "lesson-next").run()
    step = lesson.steps[1]
    _nonce, keys, say, _read = sent(at)
    assert keys == lesson_steps.first_controls(lesson, step)
    assert keys[0] == f"{lesson.id}-{step.id}-option-fit"
    _ = translations(lang).gettext
    assert say == _("Step {number} of {total}").format(number=2, total=len(lesson.steps)) + ": " + _(step.title)
    first = sent(at)[0]
    click(at, "lesson-back").run()
    assert sent(at)[0] != first  # every move is a new request
    assert sent(at)[1][0] == "lesson-next"  # the first step explains only: on to Next


def test_finishing_a_lesson_sends_the_focus_to_the_next_lesson():
    lesson = BY_ID["players-and-matches"]
    last = lesson.steps[-1]
    at = start(app(lesson=lesson.id, step=last.id), "lessons/page.py")
    click(at, f"{lesson.id}-{last.id}-option-{last.right[0]}").run()
    click(at, "lesson-finish").run()
    _nonce, keys, _say, read = sent(at)
    assert keys == ["lesson-following", "lesson-restart"]
    assert read == focus.VERDICT
    assert not at.exception


def test_a_walk_through_keeps_the_focus_on_next_move_then_hands_it_to_next():
    lesson = BY_ID["common-piles-first"]
    step = next(item for item in lesson.steps if item.kind == "muggins")
    at = start(app(lesson=lesson.id, step=step.id), "lessons/page.py")
    for _move in range(30):
        if f"{lesson.id}-{step.id}-next" not in drawn_keys(at):
            break
        click(at, f"{lesson.id}-{step.id}-next").run()
    assert sent(at)[1] == list(lesson_steps.NEXT_KEYS)  # the last move: Next move is gone
    click(at, f"{lesson.id}-{step.id}-prev").run()
    click(at, f"{lesson.id}-{step.id}-next").run()
    assert not at.exception


@pytest.mark.parametrize(("lang", "common", "empty"), [("en", "Common pile 1: ", "{player}'s discard: empty"),
                                                       ("es", "Pila común 1: ", "Descarte de {player}: vacío")])
def test_the_text_views_pile_buttons_have_full_names_in_both_languages(lang, common, empty):
    step = next(item for item in BY_ID["cards-and-fitting"].steps if item.kind == "place")
    view = lesson_steps.question_view(step)
    names = pile_names(view, "k", lang)
    position = view.position
    assert set(names) == {f"k-common-{n}" for n in range(1, len(position.commons) + 1)} | {
        f"k-discard-{name}" for name in position.players}
    assert names["k-common-1"].startswith(common) and position.commons[0][-1].symbol in names["k-common-1"]
    empties = [name for name, discard in zip(position.players, position.discards, strict=True)
               if not discard and name != step.you]
    assert empties, "the example has an opponent's empty discard"
    assert names[f"k-discard-{empties[0]}"] == empty.format(player=empties[0])


def test_starting_a_lesson_from_home_sends_the_focus_to_its_step():
    at = start(app(), None)
    click(at, "home-continue").run()
    lesson = LESSONS[0]
    assert sent(at)[1] == lesson_steps.first_controls(lesson, lesson.steps[0])
    button(at, "lesson-next")  # on the Lessons page, where the focus goes
