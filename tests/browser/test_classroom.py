"""A live class room in real browsers (issue 12): a teacher and two students, each in a
browser context of their own (one English laptop, one Spanish phone, one English phone):
join, answer, tally, reveal, advance — the students' pages follow the teacher by
themselves, without a reload."""

from __future__ import annotations

import time

from .conftest import settle

FOLLOW_S = 6
"""Seconds a student's page may take to follow the teacher here (the app polls once a
second and follows within about 1 s on an idle machine: benchmarks/bench_class.py; the
browser tests may share the machine with other work)."""


def test_a_teacher_and_two_students_join_answer_tally_reveal_and_advance(browser, app_url):
    teacher = browser.new_context(viewport={"width": 1366, "height": 800}, locale="en-GB").new_page()
    teacher.goto(f"{app_url}/class")
    settle(teacher)
    teacher.locator(".st-key-class-open button").click()
    teacher.wait_for_function("() => new URLSearchParams(location.search).has('teacher')")
    settle(teacher)
    code = teacher.evaluate("() => new URLSearchParams(location.search).get('room')")
    students = []
    for nickname, locale in (("Ana", "es-ES"), ("Ben", "en-GB")):
        page = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale).new_page()
        page.goto(f"{app_url}/class?room={code}")  # the join link: no language, the browser's own
        settle(page)
        page.locator(".st-key-class-join-name input").fill(nickname)
        page.locator(".st-key-class-join-name input").press("Enter")
        page.wait_for_function("() => new URLSearchParams(location.search).has('student')")
        settle(page)
        students.append(page)
    teacher.wait_for_selector("text=2 students have joined.", timeout=FOLLOW_S * 1000)

    # The teacher asks; both students' pages show the question by themselves.
    asked = time.monotonic()
    teacher.locator(".st-key-class-ask button").click()
    for page in students:
        page.wait_for_selector("[class*='st-key-class-option-1-'] button", timeout=FOLLOW_S * 1000)
    assert time.monotonic() - asked < FOLLOW_S
    assert "¿" in students[0].locator("[data-testid='stMain']").inner_text(), "Ana reads the question in Spanish"

    # Ana answers right, Ben wrong (a double click counts once).
    ana_button = students[0].locator("[class*='st-key-class-option-1-fit-'] button")
    ben_button = students[1].locator("[class*='st-key-class-option-1-no-fit-'] button")
    ana_button.dblclick()
    ben_button.click()
    for page in students:
        page.wait_for_selector("[data-testid='stAlertContentInfo']", timeout=FOLLOW_S * 1000)
    teacher.wait_for_selector("text=2 of 2 have answered.", timeout=FOLLOW_S * 1000)
    tally = teacher.locator("[data-testid='stMain']").inner_text()
    assert "They fit — 1" in tally and "They do not fit — 1" in tally
    assert "Ana" not in tally and "Ben" not in tally

    # The reveal reaches both, each told how they did; nobody sees the other's name.
    teacher.locator("[class*='st-key-class-reveal'] button").click()
    students[0].wait_for_selector("[data-testid='stAlertContentSuccess']", timeout=FOLLOW_S * 1000)
    students[1].wait_for_selector("[data-testid='stAlertContentError']", timeout=FOLLOW_S * 1000)
    assert "Ben" not in students[0].locator("[data-testid='stMain']").inner_text()
    assert "Ana" not in students[1].locator("[data-testid='stMain']").inner_text()

    # The teacher moves on; the students follow.
    teacher.locator("[class*='st-key-class-next'] button").click()
    for page in students:
        page.wait_for_selector("[class*='st-key-class-option-2-'] button, [class*='st-key-class-2-']",
                               timeout=FOLLOW_S * 1000)
