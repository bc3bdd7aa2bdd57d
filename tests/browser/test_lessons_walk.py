"""A few lesson steps answered wrong first, then right, by clicks in a real browser: one
answered with a pile, one walk-through, one answered with an option (in English, at one
size). Every step of every lesson, in both languages, is walked in tests/test_lesson_screen.py
on the screen model; here only what a browser shows: the clicks reach the app, the verdict
boxes come, Next opens the following step."""

from tutorial.app.lessons.state import course
from tutorial.lessons.steps import PASS, AnswerMode

from .conftest import click_key, query, settle, wait_for_alert, wait_for_shown_step, wait_for_step

LESSONS, _PROBLEMS = course()
BY_ID = {lesson.id: lesson for lesson in LESSONS}


def wrong_values(step) -> list[str]:
    """Values a learner could pick that are wrong for this step (as the screen names them)."""
    if step.answered_by == AnswerMode.PILE:
        position = step.turned.position
        every = [f"common-{n}" for n in range(1, len(position.commons) + 1)] + [f"discard-{p}" for p in position.players]
        right = {value.replace(":", "-") for value in step.right}
        return [value for value in every if value not in right]
    offered = [option.value for option in step.options()]
    return [value for value in offered if value not in step.right and value != PASS] or \
        [value for value in offered if value not in step.right]


def answer(page, prefix: str, step) -> None:
    """Answer the step wrong (where it has a wrong answer), see the error, then right."""
    if step.answered_by == AnswerMode.PILE:
        click_key(page, f"{prefix}-{wrong_values(step)[0]}")
        wait_for_alert(page, "Error")
        click_key(page, f"{prefix}-{step.right[-1].replace(':', '-')}")
    elif step.answered_by == AnswerMode.OPTION:
        button = "card" if any(option.card for option in step.options()) else "option"
        click_key(page, f"{prefix}-{button}-{wrong_values(step)[0]}")
        wait_for_alert(page, "Error")
        click_key(page, f"{prefix}-{button}-{step.right[0]}")
    elif step.answered_by == AnswerMode.MOVES:
        for _ in range(20):
            if not page.locator(f"[class*='st-key-{prefix}-next-t']").count():
                break
            click_key(page, f"{prefix}-next")
    else:
        return
    wait_for_alert(page, "Success")


def walk(page, app_url, lesson, first: str, count: int, *, lang: str = "lang=en&") -> None:
    """From step ``first``, ``count`` steps answered wrong then right, each followed by Next
    (``lang=""``: a link without the language, which the app adds)."""
    start = lesson.step_index(first)
    page.goto(f"{app_url}/lessons?{lang}lesson={lesson.id}&step={first}&table=text")
    settle(page)
    for index in range(start, start + count):
        step = lesson.steps[index]
        answer(page, f"{lesson.id}-{step.id}", step)
        click_key(page, "lesson-next")
        wait_for_step(page, lesson.steps[index + 1].id)


def shown_step(page, lesson_id: str) -> str | None:
    """The id of the lesson step on the page (its words' key: ``{lesson}-{step}-words``)."""
    return page.evaluate("""(prefix) => { for (const el of document.querySelectorAll('[class*="' + prefix + '"]')) {
        const name = [...el.classList].find(c => c.startsWith(prefix) && c.endsWith('-words'));
        if (name) { return name.slice(prefix.length, -'-words'.length); } } return null; }""", f"st-key-{lesson_id}-")


def test_a_pile_a_walk_through_and_an_option_answered_by_clicks(page, app_url):
    lesson = BY_ID["common-piles-first"]
    modes = [lesson.steps[lesson.step_index(name)].answered_by
             for name in ("example-1-place", "example-1-muggins", "call-free-choice")]
    assert modes == [AnswerMode.PILE, AnswerMode.MOVES, AnswerMode.OPTION]
    entries = page.evaluate("history.length")
    walk(page, app_url, lesson, "example-1-place", 2, lang="")  # the place step, then its walk-through
    # the link, its language added (not a new entry: Back once showed the same step from the
    # bare link), then a step for each Next
    assert page.evaluate("history.length") == entries + 3, "a history entry too many"
    start = lesson.step_index("example-1-place")
    after, walk_through, place = (lesson.steps[start + n].id for n in (2, 1, 0))
    wait_for_shown_step(page, lesson.id, after)
    page.go_back()  # Back goes back a step at each press (it once showed the same step again) …
    wait_for_shown_step(page, lesson.id, walk_through)
    page.go_back()
    wait_for_shown_step(page, lesson.id, place)
    wait_for_alert(page, "Success")  # … answered as the learner left it
    page.go_forward()  # … and Forward on, the focus on the step as after Next (it was left on the page)
    wait_for_shown_step(page, lesson.id, walk_through)
    assert query(page)["step"] == walk_through
    page.wait_for_function("""(prefixes) => { let el = document.activeElement;  // the step's own, or its way on
        for (; el; el = el.parentElement) {
            if ([...el.classList].some(c => prefixes.some(p => c.startsWith(p)))) { return true; } }
        return false; }""", arg=[f"st-key-{lesson.id}-{walk_through}-", "st-key-lesson-controls"], timeout=10_000)
    # a switch turned on is a history entry (it replaced the step's: Back went a step further),
    # and Back turns it off on the same step
    page.locator("[data-testid='stSidebar'] .st-key-four_colour label").click()
    page.wait_for_function("() => new URLSearchParams(location.search).get('deck') === '4'", timeout=15_000)
    settle(page)
    page.go_back()
    page.wait_for_function("() => !new URLSearchParams(location.search).has('deck')", timeout=15_000)
    settle(page)
    assert not page.locator("[data-testid='stSidebar'] .st-key-four_colour input").is_checked()
    assert shown_step(page, lesson.id) == walk_through == query(page)["step"]
    # Next, and Back 25 ms later: the click's run wrote its step onto the entry Back reached,
    # and the page showed one step with another's address (a trial, 7 times in 8)
    page.evaluate("""() => { document.querySelector("[class*='st-key-lesson-next'] button").click();
                            setTimeout(() => history.back(), 25); }""")
    page.wait_for_timeout(300)
    settle(page)
    assert shown_step(page, lesson.id) == query(page)["step"]
    walk(page, app_url, lesson, "call-free-choice", 1)
    assert query(page)["step"] == "call-common-first"


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
