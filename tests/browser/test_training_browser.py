"""Training and the Progress page in a real browser (issue 19): at a phone, a laptop and a
projector (1280×720 at 150 %), in both languages, an exercise opened from its code is answered
wrong and then right with the verdict and the way on in one screen, an option's words are never
cut, and the Progress page opened afterwards (a new page load: the answers come back from the
browser's storage) shows the theme trained, its chart within the screen's width. In Spanish,
Streamlit's hint under the code box is in Spanish, a text too long for the box is said to be so
(Streamlit drops it without a word), and Enter there opens the code. Two page loads
per size."""

from __future__ import annotations

import pytest

from tutorial.training.code import ExerciseCode
from tutorial.training.generate import exercise_for

from .conftest import settle, visit_in_session
from .test_drawn_table import SIZES, in_view, pick, pile

CODES = {"phone": ("es", "nearest-opponent.1.5"), "laptop": ("en", "call.1.7"), "projector": ("es", "call.2.11")}
"""A placement (the drawn table) on the phone; a call (answered with options, the longest words)
on the laptop and the projector."""


@pytest.fixture(params=list(SIZES))
def sized(request, browser):
    width, height, scale = SIZES[request.param]
    options = {"is_mobile": True, "has_touch": True} if request.param == "phone" else {}
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale,
                                  locale="en-GB", **options)
    page = context.new_page()
    page.size = request.param  # type: ignore[attr-defined]
    yield page
    context.close()


def cut_labels(page) -> list[str]:
    """The buttons of the main pane whose words do not fit them (cut with an ellipsis or hidden)."""
    return page.evaluate("""() => [...document.querySelectorAll('[data-testid="stMain"] button')]
        .filter(b => b.getClientRects().length)
        .flatMap(b => [...b.querySelectorAll('p, span, div')].filter(e => e.scrollWidth > e.clientWidth + 1)
                       .map(e => e.textContent.trim()).filter(Boolean))""")


def answer(page, code: str) -> None:
    """Answer the exercise of ``code`` wrong, then right, as a learner would."""
    step = exercise_for(ExerciseCode.parse(code)).step
    if step.kind == "place":
        right = str(step.legal.dests[0])
        page.locator("button[data-dest]").first.wait_for(timeout=15_000)  # the drawn table may come after the page settles
        wrong = next(dest.get_attribute("data-dest") for dest in page.locator("button[data-dest]").all()
                     if dest.get_attribute("data-dest") != right)
        pick(page, wrong)
        in_view(page, pile(page, wrong), "the pile picked")
        in_view(page, page.locator("[data-testid='stAlertContentError']"), "the verdict")
        pick(page, right)
    else:
        options = page.locator("[class*='-option-'] button")
        options.first.wait_for(timeout=15_000)
        keys = [" ".join(c for c in (el.get_attribute("class") or "").split() if "-option-" in c)
                for el in page.locator("[class*='-option-']").all()]
        right_key = next(key for key in keys if key.split("-option-")[-1].split("-t")[0] in map(str, step.right))
        wrong_key = next(key for key in keys if key != right_key)
        page.locator(f".{wrong_key.split()[0]} button").first.click()
        settle(page)
        in_view(page, page.locator("[data-testid='stAlertContentError']"), "the verdict")
        page.locator(f"[class*='-option-{right_key.split('-option-')[-1].split('-t')[0]}'] button").first.click()
        settle(page)
    in_view(page, page.locator("[data-testid='stAlertContentSuccess']"), "the verdict")
    in_view(page, page.locator("[class*='st-key-train-next'] button"), "Next exercise")


def test_an_exercise_answered_then_the_progress_page_at_each_size(sized, app_url):
    page = sized
    lang, code = CODES[page.size]
    page.goto(f"{app_url}/train?lang={lang}&ex={code}")
    settle(page)
    page.wait_for_function("() => document.body.dataset.mugginsStorage !== undefined", timeout=20_000)
    assert not cut_labels(page), cut_labels(page)
    answer(page, code)
    assert not cut_labels(page), cut_labels(page)
    page.wait_for_function("(theme) => (localStorage.getItem('muggins.progress') || '').includes(theme)",
                           arg=code.split(".")[0], timeout=20_000)
    if lang == "es":  # the code box: Streamlit's hint under it in the page's language, and Enter opens the code
        box = page.locator(".st-key-train-code-input input")
        box.fill("x" * 200_001)  # past the box's limit: Streamlit drops it without a word, the page says so
        note = page.locator("#muggins-refused[role=status]")
        note.wait_for(timeout=10_000)
        assert "demasiado largo" in note.inner_text() and box.input_value() == "", note.inner_text()
        said, typed = note.bounding_box(), box.bounding_box()
        assert said["y"] >= typed["y"] + typed["height"] or said["y"] + said["height"] <= typed["y"], (said, typed)
        box.fill("recycle.2.5")
        hint = page.locator("[data-testid='InputInstructions']").first
        hint.wait_for(timeout=10_000)
        page.wait_for_function("() => document.querySelector('[data-testid=InputInstructions]').innerText.includes('Pulsa Intro')",
                               timeout=10_000)
        assert "Press" not in hint.inner_text(), hint.inner_text()
        box.press("Enter")
        page.wait_for_function("() => new URLSearchParams(location.search).get('ex') === 'recycle.2.5'", timeout=15_000)
    else:  # a code that is not valid: its message, under the box, comes into view (a trial saw only the red border)
        box = page.locator(".st-key-train-code-input input")
        box.evaluate("e => e.scrollIntoView({block: 'end'})")  # the box at the screen's foot, as the trial had it
        box.fill("bogus.9.x")
        box.press("Enter")
        in_view(page, page.locator("[data-testid='stAlertContentError']").filter(has_text="bogus"), "the code's problem")

    visit_in_session(page, f"/progress?lang={lang}")  # as the menu's link goes: a fifth of a page load's work
    chart = page.locator("[data-testid='stVegaLiteChart']").first
    chart.wait_for(timeout=20_000)
    settle(page)
    box = chart.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"] + 1
    weakest = page.locator("[class*='st-key-progress-train'] button")
    assert weakest.count() == 1 and weakest.first.is_visible()
