"""Presenter mode in a real browser (issue 12): on a projector (1280×720 at 150 %, so
853×480 CSS pixels) the question and the whole 7-player table fit without scrolling,
with the answer hidden and shown, in both languages; the keyboard works it: → next,
← back, space shows or hides the answer, Esc leaves."""

from __future__ import annotations

import pytest

from .conftest import query, settle

PROJECTOR = {"viewport": {"width": 853, "height": 480}, "device_scale_factor": 1.5}
SEVEN = "lesson=players-and-matches&step=place-seven-players"


@pytest.fixture(params=["en-GB", "es-ES"])
def projector(request, browser):
    context = browser.new_context(locale=request.param, **PROJECTOR)
    yield context.new_page()
    context.close()


def fits(page, what: str) -> None:
    """Nothing scrolls, and the table, the step's question and the controls are all on the screen."""
    main = page.locator("[data-testid='stMain']")
    sizes = main.evaluate("el => [el.scrollHeight, el.clientHeight, document.documentElement.scrollHeight, innerHeight]")
    assert sizes[0] <= sizes[1] + 2 and sizes[2] <= sizes[3] + 2, (what, sizes)
    height = page.viewport_size["height"]
    for name, locator in (("table", page.locator(".mt-root")), ("question", page.locator(".st-key-present-panel h3")),
                          ("controls", page.locator(".st-key-present-controls"))):
        box = locator.first.bounding_box()
        assert box is not None, (what, name)
        assert box["y"] >= -2 and box["y"] + box["height"] <= height + 2, (what, name, box)


def press(page, key: str) -> None:
    page.keyboard.press(key)
    page.wait_for_timeout(300)
    settle(page)


def test_a_seven_player_step_fits_a_projector_with_the_answer_hidden_and_shown(projector, app_url):
    page = projector
    page.goto(f"{app_url}/lessons?{SEVEN}&present=1")
    settle(page)
    page.wait_for_selector(".mt-root button[data-dest]")
    assert page.locator("[data-testid='stSidebar']").count() == 0 or not page.locator(
        "[data-testid='stSidebar']").first.is_visible()
    fits(page, "question")
    press(page, "Space")
    page.wait_for_selector("[data-testid='stAlertContentSuccess']")
    fits(page, "answer shown")
    assert page.locator("[data-testid='stAlertContentSuccess']").first.bounding_box()["y"] + \
        page.locator("[data-testid='stAlertContentSuccess']").first.bounding_box()["height"] <= 482
    press(page, "Space")
    page.wait_for_selector("[data-testid='stAlertContentSuccess']", state="detached")
    fits(page, "answer hidden again")


def test_the_keyboard_steps_through_the_lesson_and_leaves(projector, app_url):
    page = projector
    page.goto(f"{app_url}/lessons?{SEVEN}&present=1")
    settle(page)
    press(page, "ArrowRight")
    page.wait_for_function("() => new URLSearchParams(location.search).get('step') !== 'place-seven-players'")
    after = query(page)["step"]
    press(page, "ArrowLeft")
    page.wait_for_function("() => new URLSearchParams(location.search).get('step') === 'place-seven-players'")
    assert after != "place-seven-players"
    press(page, "Escape")
    page.wait_for_function("() => !new URLSearchParams(location.search).has('present')")
    page.wait_for_selector("[data-testid='stSidebar']")
    assert page.locator("h1").first.inner_text() in ("Lessons", "Lecciones")


def test_space_on_a_focused_pile_shows_the_answer_once(projector, app_url):
    """A pile with the keyboard focus does not also take the space as a click."""
    page = projector
    page.goto(f"{app_url}/lessons?{SEVEN}&present=1")
    settle(page)
    page.locator(".mt-root button[data-dest='discard:B']").focus()
    press(page, "Space")
    page.wait_for_timeout(500)
    settle(page)
    assert page.locator("[data-testid='stAlertContentError']").count() == 0


def test_a_seven_player_practice_hand_replays_on_a_projector(projector, app_url):
    page = projector
    page.goto(f"{app_url}/practice?deal=7-2817&moves=~....&present=1")
    settle(page)
    fits(page, "the deal")
    press(page, "ArrowRight")
    page.wait_for_selector(".st-key-present-panel h3:has-text('1')")
    fits(page, "turn 1, question")
    press(page, "Space")
    page.wait_for_selector("[data-testid='stAlertContentSuccess'], [data-testid='stAlertContentError']")
    fits(page, "turn 1, answer")


def test_every_step_of_the_course_fits_a_projector_question_and_answer(browser, app_url):
    """The whole kind: every step of every lesson, in Spanish (the longer texts), with its
    answer hidden and shown. Nothing scrolls the page; the table and the controls lie on the
    screen (a long explanation scrolls inside the panel, the controls pinned at its foot)."""
    from tutorial.app.lesson_view import course

    lessons, _problems = course()
    context = browser.new_context(locale="es-ES", **PROJECTOR)
    page = context.new_page()
    measure = """() => { const m = document.querySelector('[data-testid=stMain]');
      const worst = [m.scrollHeight - m.clientHeight];
      for (const sel of ['.st-key-present-controls', '.mt-root']) {
        const el = document.querySelector(sel);
        if (el) { const r = el.getBoundingClientRect(); worst.push(r.bottom - innerHeight, -r.top); } }
      return Math.max(...worst); }"""
    misfits = []
    for lesson in lessons:
        for step in lesson.steps:
            page.goto(f"{app_url}/lessons?lesson={lesson.id}&step={step.id}&present=1")
            settle(page)
            page.wait_for_selector(".st-key-present-controls")
            if page.evaluate(measure) > 2:
                misfits.append((lesson.id, step.id, "question"))
            if page.locator("[class*='st-key-present-answer'] button").count():
                press(page, "Space")
                if page.evaluate(measure) > 2:
                    misfits.append((lesson.id, step.id, "answer"))
    context.close()
    assert not misfits
