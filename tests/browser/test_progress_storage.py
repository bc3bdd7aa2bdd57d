"""The learner's progress kept in the browser's own storage, in a real browser (issue 19, part 1;
tutorial/app/shell/storage.py): a lesson finished survives closing the browser (Playwright's
storage state carried to a new context), two browsers stay apart, and a corrupted stored value
is set aside with a message while the page goes on working. Four page loads in all."""

from __future__ import annotations

import json

from tutorial.app.lessons.state import course

from .conftest import settle

LESSONS, _PROBLEMS = course()
LESSON = next(lesson for lesson in LESSONS if lesson.id == "common-piles-first")
LAST = LESSON.steps[-1]  # a check step answered with an option ("call")
KEY = "muggins.progress"
COMPLETED = f"1 of {len(LESSONS)} lessons completed."
NONE_COMPLETED = f"0 of {len(LESSONS)} lessons completed."


def stored(page) -> str | None:
    return page.evaluate("(key) => window.localStorage.getItem(key)", KEY)


def wait_text(page, text: str, timeout_ms: int = 20_000) -> None:
    page.wait_for_function("(text) => document.body.innerText.includes(text)", arg=text, timeout=timeout_ms)


def test_progress_survives_closing_the_browser_and_browsers_stay_apart(browser, app_url):
    first = browser.new_context()
    other = browser.new_context()  # another browser (or a private window) on the same computer
    try:
        page = first.new_page()
        page.goto(f"{app_url}/lessons?lesson={LESSON.id}&step={LAST.id}&lang=en")
        settle(page)
        page.wait_for_function("() => document.body.dataset.mugginsStorage === 'read'", timeout=20_000)
        page.locator(f"[class*='st-key-{LESSON.id}-{LAST.id}-option-{LAST.right[0]}'] button").first.click()
        finish = page.locator("[class*='st-key-lesson-finish'] button").first
        finish.wait_for(timeout=20_000)
        finish.click()
        page.wait_for_function("(key) => (window.localStorage.getItem(key) || '').includes('common-piles-first')",
                               arg=KEY, timeout=20_000)
        document = json.loads(stored(page) or "{}")
        assert document["v"] == 1 and document["done"] == [LESSON.id]
        assert LESSON.id in document["checks"]
        address = page.evaluate("location.href")
        assert "done=" not in address and "checks=" not in address  # the progress is not in links
        kept = first.storage_state()
        # a write handed over late (the drawn table's, when its script has loaded) never undoes a later one
        page.evaluate("""() => { window.__mugginsStorageWrite({nonce: 1000, doc: 'later'});
                                 window.__mugginsStorageWrite({nonce: 999, doc: 'earlier'}); }""")
        assert stored(page) == "later"

        stranger = other.new_page()
        stranger.goto(f"{app_url}/")
        settle(stranger)
        wait_text(stranger, NONE_COMPLETED)
        assert stored(stranger) is None
    finally:
        first.close()
        other.close()

    again = browser.new_context(storage_state=kept)  # the browser closed and opened again
    try:
        page = again.new_page()
        page.goto(f"{app_url}/")
        wait_text(page, COMPLETED)
        settle(page)
        assert "this browser" in page.inner_text("body")
    finally:
        again.close()


def test_a_corrupted_stored_value_is_set_aside_and_the_page_still_works(browser, app_url):
    context = browser.new_context(locale="es-ES")
    context.add_init_script(
        "try { window.localStorage.setItem('muggins.progress', '{\"v\": 1, \"done\": [\"broken'); } catch (e) {}")
    try:
        page = context.new_page()
        page.goto(f"{app_url}/")
        settle(page)
        wait_text(page, "No se pudo leer tu progreso guardado")
        assert page.locator("[data-testid='stAlertContentWarning']").count() >= 1
        assert stored(page) == '{"v": 1, "done": ["broken'  # set aside, not yet written over
        page.locator("[data-testid='stSidebarNav'] a[href$='/lessons']").first.click()  # the page works on
        page.wait_for_selector("[data-testid='stHeading']", timeout=20_000)
        settle(page)
        assert page.locator("[data-testid='stApp']").count() == 1 and "Traceback" not in page.inner_text("body")
    finally:
        context.close()


def test_the_code_shown_in_one_browser_moves_the_lessons_into_another(browser, app_url):
    """*Move my progress* (tutorial/app/shell/model_move.py): the code one browser shows, opened
    as its link in another, is taken after asking and written to that browser's storage; the
    code leaves the address. Two page loads."""
    document = json.dumps({"v": 1, "done": [LESSONS[0].id, LESSON.id], "checks": {}, "lang": "en"})
    source = browser.new_context()
    source.add_init_script(f"try {{ window.localStorage.setItem('{KEY}', {json.dumps(document)}); }} catch (e) {{}}")
    target = browser.new_context()
    try:
        page = source.new_page()
        page.goto(f"{app_url}/")
        settle(page)
        wait_text(page, f"2 of {len(LESSONS)} lessons completed.")
        page.get_by_text("Move my progress to another device").first.click()
        page.locator("[class*='st-key-move-show'] button").first.click()
        block = page.locator("[data-testid='stCode'] code").first
        block.wait_for(timeout=20_000)
        code = "".join(block.inner_text().split())
        assert code.startswith("M1-")
        assert page.locator("[data-testid='stImage'] img").count() >= 1  # the QR code

        other = target.new_page()
        other.goto(f"{app_url}/home?move={code}")
        settle(other)
        wait_text(other, "This replaces everything this browser keeps")
        other.wait_for_function("() => document.body.dataset.mugginsStorage === 'read'", timeout=20_000)
        other.wait_for_function("() => !location.search.includes('move=')", timeout=15_000)  # written at the next run
        other.locator("[class*='st-key-move-take'] button").first.click()
        other.wait_for_function(f"(key) => (window.localStorage.getItem(key) || '').includes('{LESSON.id}')",
                                arg=KEY, timeout=20_000)
        assert json.loads(stored(other) or "{}")["done"] == [LESSONS[0].id, LESSON.id]
        wait_text(other, f"2 of {len(LESSONS)} lessons completed.")
    finally:
        source.close()
        target.close()


def test_two_tabs_of_one_browser_each_finishing_a_lesson_keep_both(browser, app_url):
    """Each tab writes the learner's whole progress: the second used to write over the first's
    lesson (found by a trial: three training reviews lost). The second tab now hears the first's
    write and joins it into its own (storage.heard). Two page loads."""
    other = next(lesson for lesson in LESSONS if lesson.id != LESSON.id and lesson.steps[-1].kind == LAST.kind
                 and lesson.steps[-1].right)
    other_last = other.steps[-1]
    context = browser.new_context()
    try:
        second = context.new_page()
        second.goto(f"{app_url}/lessons?lesson={other.id}&step={other_last.id}&lang=en")
        settle(second)
        second.wait_for_function("() => document.body.dataset.mugginsStorage === 'read'", timeout=20_000)
        first = context.new_page()
        first.goto(f"{app_url}/lessons?lesson={LESSON.id}&step={LAST.id}&lang=en")
        settle(first)
        first.wait_for_function("() => document.body.dataset.mugginsStorage === 'read'", timeout=20_000)
        for page, lesson, step in ((first, LESSON, LAST), (second, other, other_last)):
            page.bring_to_front()
            settle(page)
            page.locator(f"[class*='st-key-{lesson.id}-{step.id}-option-{step.right[0]}'] button").first.click()
            finish = page.locator("[class*='st-key-lesson-finish'] button").first
            finish.wait_for(timeout=20_000)
            finish.click()
            page.wait_for_function("(args) => (window.localStorage.getItem(args[0]) || '').includes(args[1])",
                                   arg=[KEY, lesson.id], timeout=20_000)
        second.wait_for_function("""(args) => { const d = JSON.parse(window.localStorage.getItem(args[0]) || '{}');
            return (d.done || []).includes(args[1]) && (d.done || []).includes(args[2]); }""",
                                 arg=[KEY, LESSON.id, other.id], timeout=20_000)
        assert sorted(json.loads(stored(second) or "{}")["done"]) == sorted([LESSON.id, other.id])
    finally:
        context.close()
