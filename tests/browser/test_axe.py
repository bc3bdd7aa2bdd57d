"""Accessibility in a real browser (issue 17, item 5): axe-core finds no violation of WCAG 2.1
A/AA on the app's pages, in English and in Spanish; every page says its language and has a
title of its own; no page skips a heading level.

axe-core comes from the npm registry at a pinned version, installed once into a cache
folder (``npm install --prefix``) and injected into each page with ``add_script_tag``;
``MUGGINS_AXE_JS`` may name an ``axe.min.js`` instead (e.g. on a machine without npm).
It is not kept in the repository: the minified file is 650 kB, and MPL-2.0 would allow it,
but a pinned version from the registry is as reproducible and keeps the checkout small.

One server, one browser context per language, every page visited once, in one language or
the other (:data:`PAGES`): Home, a lesson step, Practice (the drawn table and the text
view), Training, Progress (a new learner's), Rules, the position lab, the variant lab (with a study's tables and charts), and the
class room as a teacher (English) and as a student (Spanish), before and after a question
is asked.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tutorial.i18n import translations

from .conftest import settle, visit_in_session

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

EXCLUDED: list[tuple[str, str, str]] = []
"""(rule id, CSS selector of a Streamlit element, why): violations on or inside that element
that Streamlit itself causes and the app cannot avoid. None so far: every violation found
had an app-side fix (the theme, a text alternative, the page's outline)."""

TITLES = {  # the page names the browser's title must carry, per language
    "en": {"home": "Home", "lesson": "Lessons", "practice": "Practice", "rules": "Rules", "explore": "Explorer",
           "class": "Class room", "train": "Training", "progress": "Progress"},
    "es": {"home": "Inicio", "lesson": "Lecciones", "practice": "Práctica", "rules": "Reglas", "explore": "Explorador",
           "class": "Aula", "train": "Entrenamiento", "progress": "Progreso"},
}

LESSON_STEP = "/lessons?lesson=common-piles-first&step=place-covered-card"


def axe_problems(page, axe_js: Path, where: str) -> list[str]:
    """axe-core's WCAG 2.1 A/AA violations on the page as it is, one entry per element:
    where, rule, impact and what it asks, then the element's selector, its HTML and what
    would fix it (less what :data:`EXCLUDED` names)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(axe_js))
    found = page.evaluate("""async ([tags, excluded]) => {
        const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
        const element = (target) => {  // a node in the page or, for a nested target, inside shadow roots
            let root = document, found = null;
            for (const part of target) {
                for (const selector of [part].flat()) {
                    found = root.querySelector(selector);
                    if (!found) return null;
                    root = found.shadowRoot || found;
                }
            }
            return found;
        };
        const kept = (id, node) => !excluded.some(([rule, selector]) => rule === id && element(node.target)?.closest(selector));
        return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.filter(n => kept(v.id, n)).map(n => ({target: n.target.flat().join(' >>> '),
                html: n.html, summary: n.failureSummary || ''}))}));
    }""", [WCAG_TAGS, [[rule, selector] for rule, selector, _why in EXCLUDED]])
    lines = []
    for violation in found:
        for node in violation["nodes"]:
            summary = " ".join(node["summary"].split())[:300]
            html = " ".join(node["html"].split())[:120]
            lines.append(f"{where}: {violation['id']} ({violation['impact']}) {violation['help']}\n"
                         f"    at {node['target'][-160:]}\n    element {html}\n    {summary}")
    return lines


def document_problems(page, where: str, lang: str, name: str) -> list[str]:
    """The page's language, title and heading outline: ``lang`` on ``<html>``, a title naming
    the page (``name``) before the app's name, exactly one h1 first, and no level skipped."""
    problems = []
    actual = page.evaluate("() => document.documentElement.lang")
    if actual != lang:
        problems.append(f"{where}: <html lang={actual!r}>, not {lang!r} (WCAG 3.1.1)")
    title = page.title()
    if not (title.endswith(" · Muggins Tutor") and name in title.split(" · ")):
        problems.append(f"{where}: the title {title!r} does not name the page {name!r} (WCAG 2.4.2)")
    headings = page.evaluate("""() => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
        .filter(h => h.getClientRects().length)
        .map(h => [Number(h.tagName[1]), h.textContent.trim().slice(0, 60)])""")
    if [level for level, _text in headings].count(1) != 1 or headings[0][0] != 1:
        problems.append(f"{where}: one h1 must come first; the headings are {headings}")
    for (before, _text), (level, text) in itertools.pairwise(headings):
        if level > before + 1:
            problems.append(f"{where}: h{before} → h{level} skips a level at {text!r} (the outline: {headings})")
    return problems


def check(page, axe_js: Path, where: str, lang: str, name: str) -> list[str]:
    settle(page)
    return document_problems(page, where, lang, TITLES[lang][name]) + axe_problems(page, axe_js, where)


def visit(page, app_url: str, path: str, lang: str) -> None:
    page.goto(f"{app_url}{path}{'&' if '?' in path else '?'}lang={lang}")


def run_a_study(page) -> None:
    """Run the variant lab's default study on a few hands; wait for its tables and charts."""
    hands = page.locator(".st-key-variant-lab-hands input")
    hands.fill("20")
    hands.press("Enter")
    settle(page)
    page.locator(".st-key-variant-lab-run button").click()
    page.wait_for_selector(".st-key-variant-lab-csv", timeout=120_000)
    page.wait_for_function("() => document.querySelectorAll(\"[data-testid='stVegaLiteChart'] canvas, "
                           "[data-testid='stVegaLiteChart'] svg\").length >= 2", timeout=30_000)


PAGES = {
    "en": [("home", "/home"), ("practice", "/practice"), ("rules", "/rules"), ("explore", "/explore?lab=position")],
    "es": [("lesson", LESSON_STEP), ("practice", "/practice?table=text"), ("train", "/train"), ("progress", "/progress"),
           ("explore", "/explore?lab=variants")],
}
"""Every page once, in one language or the other: axe-core's rules look at the page's
structure, names and colours, which are the same in both languages; what a language
changes — ``<html lang>``, the title, the outline — is checked on every page visited, and
:func:`test_a_language_switch_and_a_page_change_update_the_documents_language_and_title`
switches language on one page. The class room joins a teacher in English and a student in
Spanish in one room."""


@pytest.mark.parametrize(("lang", "locale"), [("en", "en-GB"), ("es", "es-ES")])
def test_every_page_passes_axe_says_its_language_and_title_and_keeps_its_outline(browser, app_url, axe_js,
                                                                                lang, locale):
    context = browser.new_context(viewport={"width": 1366, "height": 800}, locale=locale)
    try:
        page = context.new_page()
        problems: list[str] = []
        for number, (name, path) in enumerate(PAGES[lang]):
            if number == 0:
                visit(page, app_url, path, lang)
            else:  # the next page in the same session, as Back/Forward bring it: a fifth of a load's work
                visit_in_session(page, f"{path}{'&' if '?' in path else '?'}lang={lang}")
                page.wait_for_function("(name) => document.title.split(' · ').includes(name)", arg=TITLES[lang][name])
            if path.endswith("lab=variants"):
                settle(page)
                run_a_study(page)
            problems += check(page, axe_js, f"{lang} {path}", lang, name)
        if lang == "en":
            problems += class_room(context, page, app_url, axe_js, teacher="en", student="es")
    finally:
        context.close()
    assert not problems, f"{len(problems)} accessibility problem(s):\n" + "\n".join(problems)


def class_room(context, page, app_url: str, axe_js: Path, *, teacher: str, student: str) -> list[str]:
    """A teacher opens a room, a student joins it; both pages checked before and after a
    question is asked (the teacher's page then shows the tally)."""
    problems: list[str] = []
    visit_in_session(page, f"/class?lang={teacher}")  # the page has shown the app: in its session
    page.wait_for_selector(".st-key-class-open button")
    problems += check(page, axe_js, f"{teacher} /class (no room)", teacher, "class")
    page.locator(".st-key-class-open button").click()
    page.wait_for_function("() => new URLSearchParams(location.search).has('teacher')")
    problems += check(page, axe_js, f"{teacher} teacher, room open", teacher, "class")
    code = page.evaluate("() => new URLSearchParams(location.search).get('room')")
    pupil = context.new_page()
    visit(pupil, app_url, f"/class?room={code}", student)
    settle(pupil)
    pupil.locator(".st-key-class-join-name input").fill("Ana")
    pupil.locator(".st-key-class-join-name input").press("Enter")
    pupil.wait_for_function("() => new URLSearchParams(location.search).has('student')")
    problems += check(pupil, axe_js, f"{student} student, waiting", student, "class")
    page.locator("[class*='st-key-class-ask-t'] button").click()
    pupil.wait_for_selector("[class*='st-key-class-option-1-'] button", timeout=15_000)
    problems += check(page, axe_js, f"{teacher} teacher, question asked", teacher, "class")
    problems += check(pupil, axe_js, f"{student} student, question asked", student, "class")
    return problems


def test_a_language_switch_and_a_page_change_update_the_documents_language_and_title(browser, app_url):
    context = browser.new_context(viewport={"width": 1366, "height": 800}, locale="en-GB")
    try:
        page = context.new_page()
        page.goto(f"{app_url}/rules")
        settle(page)
        assert (page.evaluate("document.documentElement.lang"), page.title()) == ("en", "Rules · Muggins Tutor")
        page.locator("[data-testid='stSidebar'] label:has-text('Español')").click()
        page.wait_for_function("() => document.documentElement.lang === 'es'")
        settle(page)
        assert page.title() == "Reglas · Muggins Tutor"
        page.locator("[data-testid='stSidebarNav'] a:has-text('Lecciones')").click()
        page.wait_for_function("() => new URLSearchParams(location.search).has('lesson')")
        settle(page)
        assert page.evaluate("document.documentElement.lang") == "es"
        first = translations("es").gettext("Cards and fitting")  # a new learner starts at the first lesson
        assert page.title() == f"{first} · Lecciones · Muggins Tutor"
    finally:
        context.close()
