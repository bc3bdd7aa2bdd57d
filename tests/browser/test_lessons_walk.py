"""Every lesson answered wrong first, then right, in both languages, in a real browser."""

import pytest

from tutorial.app.lessons.state import course
from tutorial.i18n import translations
from tutorial.lessons.steps import PASS

from .conftest import click_key, query, settle, wait_for_alert, wait_for_step

LESSONS, _PROBLEMS = course()


def wrong_values(step) -> list[str]:
    """Values a learner could pick that are wrong for this step (as the screen names them)."""
    if step.kind == "place":
        position = step.turned.position
        every = [f"common-{n}" for n in range(1, len(position.commons) + 1)] + [f"discard-{p}" for p in position.players]
        right = {value.replace(":", "-") for value in step.right}
        return [value for value in every if value not in right]
    if step.kind == "next-card":
        offered = [str(card) for card in step.choices] + ([PASS] if step.offers_pass else [])
        return [value for value in offered if value not in step.right]
    if step.kind == "call":
        return ["accept" if step.call else "call"]
    if step.kind == "fits":
        return ["no-fit" if step.fit else "fit"]
    if step.kind in ("count", "quiz"):
        return []  # offered values are known to the screen; checked below with any other option
    return []


def answer(page, prefix: str, step) -> None:
    """Answer the step wrong (where it has a wrong answer), see the error, then right."""
    if step.kind == "place":
        wrong = wrong_values(step)
        click_key(page, f"{prefix}-{wrong[0]}")
        wait_for_alert(page, "Error")
        click_key(page, f"{prefix}-{step.right[-1].replace(':', '-')}")
    elif step.kind == "next-card":
        click_key(page, f"{prefix}-card-{wrong_values(step)[0]}")
        wait_for_alert(page, "Error")
        click_key(page, f"{prefix}-card-{step.right[0]}")
    elif step.kind in ("call", "fits", "count", "quiz"):
        options = page.evaluate("""(prefix) => [...document.querySelectorAll('[class*="st-key-' + prefix + '-option-"]')]
            .map(e => [...e.classList].find(c => c.startsWith('st-key-' + prefix + '-option-')))
            .map(c => c.slice(('st-key-' + prefix + '-option-').length).replace(/-t[0-9a-z]+$/, ''))""", prefix)
        wrong = [value for value in options if value not in step.right]
        assert wrong, (prefix, options)
        click_key(page, f"{prefix}-option-{wrong[0]}")
        wait_for_alert(page, "Error")
        click_key(page, f"{prefix}-option-{step.right[0]}")
    elif step.kind == "muggins":
        for _ in range(20):
            if not page.locator(f"[class*='st-key-{prefix}-next-t']").count():
                break
            click_key(page, f"{prefix}-next")
        wait_for_alert(page, "Success")
        return
    else:
        return
    wait_for_alert(page, "Success")


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_answered_wrong_then_right(page, app_url, lesson, lang):
    page.goto(f"{app_url}/lessons?lang={lang}&lesson={lesson.id}&step={lesson.steps[0].id}&table=text")
    settle(page)
    for index, step in enumerate(lesson.steps):
        prefix = f"{lesson.id}-{step.id}"
        answer(page, prefix, step)
        if index < len(lesson.steps) - 1:
            click_key(page, "lesson-next")
            wait_for_step(page, lesson.steps[index + 1].id)
    click_key(page, "lesson-finish")
    done = translations(lang).gettext("Lesson complete.")
    page.wait_for_function("(text) => document.body.innerText.includes(text)", arg=done, timeout=15000)
    assert lesson.id in query(page).get("done", "")


def test_next_lesson_after_finishing_opens_it_at_the_first_click(page, app_url):
    """The lesson selector's labels gain a ✓ when a lesson is finished, and the browser sends
    the old label back with the next click; that click must still open the next lesson."""
    first, second = LESSONS[0], LESSONS[1]
    last = first.steps[-1]
    page.goto(f"{app_url}/lessons?lang=en&lesson={first.id}&step={last.id}&table=text")
    settle(page)
    answer(page, f"{first.id}-{last.id}", last)
    click_key(page, "lesson-finish")
    click_key(page, "lesson-following")
    page.wait_for_function("(id) => new URLSearchParams(location.search).get('lesson') === id", arg=second.id, timeout=15000)
    settle(page)
    assert query(page)["step"] == second.steps[0].id
    assert not page.locator("[data-testid='stToast']").count()
