"""The practice table in a real browser: a Coach hand with hints, an error and undo, a language
switch mid-hand and mid-lesson, a reload that restores the game, and a phone screen. (What the
page says and decides is checked fast on its screen model: tests/test_practice_screen.py.)"""

import re
from pathlib import Path

from tutorial.i18n import translations

from .conftest import click_key, query, settle, wait_for_alert


def pile_keys(page) -> list[str]:
    """The keys (without their state token) of the pile buttons on the practice table."""
    classes = page.evaluate("""() => [...document.querySelectorAll('[class*="st-key-practice-common-"], [class*="st-key-practice-discard-"]')]
        .map(e => [...e.classList].find(c => /^st-key-practice-(common|discard)-/.test(c)))""")
    return sorted({re.sub(r"-t[0-9a-z]+$", "", c[len("st-key-"):]) for c in classes if c})


def primary_pile(page) -> str | None:
    """The key of a pile drawn as a primary button (the hints mark the right piles)."""
    classes = page.evaluate("""() => [...document.querySelectorAll('[data-testid="stBaseButton-primary"]')]
        .map(b => b.closest('[class*="st-key-practice-"]')).filter(e => e)
        .map(e => [...e.classList].find(c => /^st-key-practice-(common|discard)-/.test(c))).filter(c => c)""")
    return re.sub(r"-t[0-9a-z]+$", "", classes[0][len("st-key-"):]) if classes else None


def test_a_coach_hand_with_hints_an_error_and_undo(page, app_url):
    page.goto(f"{app_url}/practice?lang=en&deal=4-21&table=text")
    settle(page)
    page.locator(".st-key-practice_hints label").click()
    settle(page)
    right = primary_pile(page)
    wrong = next(key for key in pile_keys(page) if key != right)
    click_key(page, wrong)
    wait_for_alert(page, "Error")
    assert "Muggins!" in page.locator("[data-testid='stAlertContentError']").inner_text()
    click_key(page, "practice-undo")
    wait_for_alert(page, "Info")
    assert "taken back" in page.locator("[data-testid='stAlertContentInfo']").first.inner_text()
    click_key(page, primary_pile(page))
    wait_for_alert(page, "Success")
    # Save…: a pop-up with the two downloads; the position file is the table's position
    page.locator(".st-key-practice-save button").click()
    dialog = page.get_by_role("dialog")
    dialog.wait_for(timeout=15000)
    with page.expect_download() as download:
        dialog.locator(".st-key-practice-save-position button").click()

    from tutorial.engine.posfile import loads

    saved = loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert len(saved.players) == 4
    with page.expect_download():  # then the picture; Esc still closes the pop-up (a trial found it did not)
        dialog.locator(".st-key-practice-save-picture button").click()
    page.wait_for_timeout(300)
    # the worst case, whatever the browser did with the focus: it is on the page itself
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached", timeout=15000)


def test_language_switch_mid_hand_and_a_reload_keep_the_game(page, app_url):
    """… and the browser's history: a card played is no entry of it (Back once took back nothing,
    ten times), a language switch is, and Back brings the language back, not the cards."""
    page.goto(f"{app_url}/practice?lang=en&deal=5-777&table=text")
    settle(page)
    entries = page.evaluate("history.length")
    for _ in range(3):
        click_key(page, pile_keys(page)[0])
        settle(page)
    before = query(page)
    assert before["moves"] and page.evaluate("history.length") == entries
    page.locator("[data-testid='stSidebar'] label:has-text('Español')").click()
    settle(page)
    after = query(page)
    assert after["lang"] == "es" and after["moves"] == before["moves"] and after["deal"] == "5-777"
    assert translations("es").gettext("Practice") in page.locator("h1").inner_text()
    assert page.evaluate("history.length") == entries + 1
    page.reload()
    settle(page)
    again = query(page)
    assert again["moves"] == before["moves"] and again["lang"] == "es"
    page.go_back()
    page.wait_for_function("() => document.documentElement.lang === 'en'", timeout=15_000)
    settle(page)
    assert query(page)["moves"] == before["moves"] and page.locator("h1").inner_text() == "Practice"


def test_language_switch_mid_lesson_keeps_the_step_and_answer(page, app_url):
    page.goto(f"{app_url}/lessons?lang=en&lesson=common-piles-first&step=example-1-place&table=text")
    settle(page)
    click_key(page, "common-piles-first-example-1-place-discard-B")
    wait_for_alert(page, "Error")
    page.locator("[data-testid='stSidebar'] label:has-text('Español')").click()
    settle(page)
    assert query(page)["step"] == "example-1-place" and query(page)["lang"] == "es"
    assert "Dónde debe ir la carta girada" in page.locator("[data-testid='stAlertContentError']").inner_text()
    assert "descarte de B" in page.locator("[data-testid='stAlertContentError']").inner_text()


def test_a_phone_can_place_a_card_and_read_the_verdict(browser, app_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES")
    page = context.new_page()
    page.goto(f"{app_url}/practice?deal=4-21&table=text")
    settle(page)
    assert query(page)["lang"] == "es"  # the browser's language
    page.locator(".st-key-practice_hints label").click()
    settle(page)
    click_key(page, primary_pile(page))
    wait_for_alert(page, "Success")
    box = page.locator("[data-testid='stAlertContentSuccess']").bounding_box()
    assert box["width"] <= 390
    context.close()


def test_a_page_from_the_menu_or_a_corrected_link_is_one_history_entry(page, app_url):
    """Streamlit pushes a page chosen in the menu with its address emptied, then the page writes
    its own: with a switch on, that was a second entry, and Back showed the same page without the
    switch (a trial, 4 times in 4). A link the app corrects (``lang=xx``) was two entries too."""
    page.goto(f"{app_url}/rules?lang=en&table=text")
    settle(page)
    entries = page.evaluate("history.length")
    page.locator("[data-testid='stSidebarNav'] a:has-text('Practice')").click()
    page.wait_for_function("() => location.pathname.endsWith('/practice') && location.search.includes('deal=')", timeout=15_000)
    settle(page)
    assert page.evaluate("history.length") == entries + 1
    page.go_back()
    page.wait_for_function("() => location.pathname.endsWith('/rules')", timeout=15_000)
    settle(page)
    assert query(page).get("table") == "text" and page.locator("h1").first.inner_text() == "The rules of Muggins"
    page.goto(f"{app_url}/lessons?lang=xx")
    page.wait_for_function("() => new URLSearchParams(location.search).get('lang') === 'en'", timeout=15_000)
    settle(page)
    assert page.evaluate("history.length") == entries + 1  # the Rules page's entry, then this one (Practice's dropped)
