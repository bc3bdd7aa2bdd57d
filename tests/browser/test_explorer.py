"""The rules explorer in a real browser (issue 11): the position lab's drawn table answers a
click on any pile with its verdict on the screen, its playout steps, and the variant lab
runs a study whose tables and charts fit a phone, a laptop and a projector, in Spanish
with a decimal comma."""

from __future__ import annotations

import re

import pytest

from .conftest import settle
from .test_drawn_table import SIZES, in_view, pick


@pytest.fixture(params=list(SIZES))
def spanish(request, browser):
    width, height, scale = SIZES[request.param]
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale,
                                  locale="es-ES")
    page = context.new_page()
    page.size = request.param  # type: ignore[attr-defined]
    yield page
    context.close()


def test_position_lab_every_pile_answers_with_its_verdict_in_view(spanish, app_url):
    page = spanish
    page.goto(f"{app_url}/explore?lab=position")
    settle(page)
    page.wait_for_selector("button[data-dest]")
    buttons = page.locator("button[data-dest]")
    dests = [buttons.nth(i).get_attribute("data-dest") for i in range(buttons.count())]
    assert "common:1" in dests and any(d.startswith("discard:") for d in dests), dests
    # A wrong pile (the last seat's discard: the example has a common pile that fits) ...
    pick(page, dests[-1])
    verdict = page.locator("[data-testid='stAlertContentError']")
    in_view(page, verdict, "the verdict on a wrong pile")
    assert "Dónde debe ir la carta girada" in verdict.first.inner_text()
    # ... and the right one: the answer changes, still in view.
    pick(page, "common:1")
    right = page.locator("[data-testid='stAlertContentSuccess']")
    in_view(page, right, "the verdict on the right pile")
    assert page.locator("[data-testid='stAlertContentError']").count() == 0


def test_position_lab_playout_steps_forward_and_back(spanish, app_url):
    page = spanish
    if page.size != "laptop":  # type: ignore[attr-defined]
        pytest.skip("the steps are the same at every size; the laptop is enough")
    page.goto(f"{app_url}/explore?lab=position")
    settle(page)
    forward = page.locator("[class*='st-key-lab-forward-t'] button")
    forward.scroll_into_view_if_needed()
    forward.click()
    page.wait_for_function("() => document.body.innerText.includes('Turno 1 de')", timeout=15000)
    settle(page)
    page.locator("[class*='st-key-lab-end-t'] button").click()
    page.wait_for_function("() => /Turno (\\d[\\d.]*) de \\1/.test(document.body.innerText)", timeout=15000)
    settle(page)
    page.locator("[class*='st-key-lab-first-t'] button").click()
    page.wait_for_function("() => !/Turno \\d/.test(document.body.innerText)", timeout=15000)


def test_variant_lab_study_fits_the_screen_with_charts_and_decimal_commas(spanish, app_url):
    page = spanish
    page.goto(f"{app_url}/explore?lab=variants")
    settle(page)
    page.locator("[class*='st-key-variant-lab-b-'] input").first.click()
    page.get_by_role("option").nth(2).click()  # compare with the first other variant
    settle(page)
    hands = page.locator(".st-key-variant-lab-hands input")
    hands.fill("40")
    hands.press("Enter")
    settle(page)
    page.locator(".st-key-variant-lab-run button").click()
    page.wait_for_selector(".st-key-variant-lab-csv", timeout=120_000)
    settle(page)
    width = page.viewport_size["width"]
    # Every chart is drawn, and none sticks out of the page: a phone stacks them.
    charts = page.locator("[data-testid='stVegaLiteChart']")
    page.wait_for_function("() => document.querySelectorAll(\"[data-testid='stVegaLiteChart'] canvas, "
                           "[data-testid='stVegaLiteChart'] svg\").length >= 3", timeout=30_000)
    assert charts.count() >= 1 + 3 + 1  # lengths per variant, seats per player count, draws
    for i in range(charts.count()):
        box = charts.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (i, box, width)
        assert box["height"] > 150, (i, box)  # the plot is not squashed by its legend
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    text = page.locator("[data-testid='stMain']").inner_text()
    assert "repartos no termina nunca" in text and "R7" in text
    assert re.search(r"el \d+,\d\s?%", text), "shares in Spanish have a decimal comma"
