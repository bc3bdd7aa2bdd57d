"""The keyboard and the phone in a real browser (issue 17, items 5 and 7): the focus after
every rerun (tutorial/app/shell/focus.py), the drawn table's arrow keys and its one Tab stop, the
text view's button names, and the phone flow at 390×844 with touch, in Spanish."""

from __future__ import annotations

import re
import time

import pytest

from tutorial.app.lessons import steps as lesson_steps
from tutorial.app.lessons.state import course
from tutorial.app.shell.table import pile_names
from tutorial.i18n import translations

from .conftest import settle, wait_for_step
from .test_drawn_table import in_view

LESSONS, _PROBLEMS = course()
BY_ID = {lesson.id: lesson for lesson in LESSONS}

FOCUSED = """() => {
  let el = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) { el = el.shadowRoot.activeElement; }
  if (!el || el === document.body) { return null; }
  let key = null;
  for (let node = el; node && !key; node = node.parentElement || (node.getRootNode().host || null)) {
    key = node.classList ? [...node.classList].find(c => c.startsWith('st-key-')) : null;
  }
  return { key: key ? key.slice(7).replace(/-t[0-9a-z]+$/, '') : null, dest: el.getAttribute('data-dest'),
           tag: el.tagName, id: el.id, text: (el.getAttribute('aria-label') || el.innerText || '').trim(),
           tabindex: el.tabIndex };
}"""

PILES = """() => [...document.querySelectorAll('*')].flatMap(e => e.shadowRoot
  ? [...e.shadowRoot.querySelectorAll('button.mt-item')].map(b => [b.getAttribute('data-dest'), b.tabIndex]) : [])"""


def focused(page) -> dict | None:
    return page.evaluate(FOCUSED)


def expect_focus(page, timeout_ms: int = 15000, **want) -> dict:
    """Wait until the focused element has every ``want`` field (``key``, ``dest``, ``id``,
    ``text``, ``tabindex``): the focus keeper acts in the frames after a run's end, later on
    a busy machine."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        now = focused(page)
        if now and all(now.get(name) == value for name, value in want.items()):
            return now
        if time.monotonic() > deadline:
            raise AssertionError(f"focus {now}, wanted {want}")
        page.wait_for_timeout(100)


def press(page, key: str) -> None:
    """A key that may start a rerun: wait until the app has settled (the focus keeper acts
    in the frames after the run's end)."""
    page.keyboard.press(key)
    page.wait_for_timeout(150)
    settle(page)


def tab_to(page, want, limit: int = 80, key: str = "Tab") -> int:
    """Press Tab (or ``key``) until the focused element satisfies ``want``; returns how many it took."""
    for count in range(1, limit + 1):
        page.keyboard.press(key)
        now = focused(page)
        if now and want(now):
            return count
    raise AssertionError(f"not reached in {limit} Tabs; last: {focused(page)}")


def keyed(key: str):
    return lambda now: now["key"] == key


def table_ready(page) -> None:
    """Wait until the drawn table's piles are on the page (its script loads on its own time)."""
    page.wait_for_selector("button[data-dest]", timeout=15000)
    page.wait_for_function("() => { const skip = document.getElementById('muggins-skip-table'); return !!skip && !skip.hidden; }", timeout=15000)


def step_id(page) -> str | None:
    return page.evaluate("() => new URLSearchParams(location.search).get('step')")


@pytest.fixture
def laptop(browser):
    context = browser.new_context(viewport={"width": 1366, "height": 800}, locale="en-GB")
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True, locale="es-ES")
    page = context.new_page()
    yield page
    context.close()


# ----- the focus after every rerun, by keyboard alone ---------------------------------------
def test_a_lesson_step_by_keyboard_alone_wrong_right_next(laptop, app_url):
    """Tab and Enter only: a wrong answer keeps the focus on that answer; the right one sends
    it to Next (never to the page body, so Tab+Enter cannot reach Back); Next moves one step
    and puts the focus on the new step's first answer."""
    page = laptop
    lesson = BY_ID["cards-and-fitting"]
    step, following = lesson.steps[1], lesson.steps[2]
    prefix = f"{lesson.id}-{step.id}"
    right = step.right[0]
    wrong = "no-fit" if right == "fit" else "fit"
    page.goto(f"{app_url}/lessons?lang=en&lesson={lesson.id}&step={step.id}")
    settle(page)
    tab_to(page, keyed(f"{prefix}-option-{wrong}"))
    press(page, "Enter")
    page.wait_for_selector("[data-testid='stAlertContentError']")
    expect_focus(page, key=f"{prefix}-option-{wrong}")
    tab_to(page, keyed(f"{prefix}-option-{right}"))
    press(page, "Space")
    page.wait_for_selector("[data-testid='stAlertContentSuccess']")
    expect_focus(page, key="lesson-next")
    assert step_id(page) == step.id
    live = page.locator("#muggins-live")
    page.wait_for_function("() => document.getElementById('muggins-live').textContent.length > 0")
    assert "fit" in live.text_content()  # the verdict, read out politely
    # ... once: the verdict's box is no live region of its own (issue 37, § 2: heard in two regions)
    page.wait_for_function("() => !document.querySelector('[data-testid=stAlertContainer][role]')")
    press(page, "Enter")
    wait_for_step(page, following.id)
    expect_focus(page, key=lesson_steps.first_controls(lesson, following)[0])
    page.wait_for_function("(text) => document.getElementById('muggins-live').textContent.startsWith(text)",
                           arg=f"Step 3 of {len(lesson.steps)}")


def test_a_place_step_and_a_walk_through_by_keyboard_alone(laptop, app_url):
    """Skip to the table, choose its first pile with Space, Next; in the walk-through every
    Enter on *Next move* shows the next move and keeps the focus there, and the last hands it
    to the lesson's Next."""
    page = laptop
    lesson = BY_ID["common-piles-first"]
    place = next(step for step in lesson.steps if step.kind == "place")
    walk = lesson.steps[lesson.steps.index(place) + 1]
    assert place.right == ("common:1",) and walk.kind == "muggins"
    page.goto(f"{app_url}/lessons?lang=en&lesson={lesson.id}&step={place.id}")
    settle(page)
    table_ready(page)
    assert tab_to(page, lambda now: now["id"] == "muggins-skip-table") == 1
    assert focused(page)["text"] == "Skip to the table"
    page.keyboard.press("Enter")
    expect_focus(page, dest="common:1", tabindex=0)  # the table's one Tab stop
    press(page, "Space")
    page.wait_for_selector("[data-testid='stAlertContentSuccess']")
    expect_focus(page, key="lesson-next")
    press(page, "Enter")
    wait_for_step(page, walk.id)
    moves = f"{lesson.id}-{walk.id}-next"
    expect_focus(page, key=moves)
    shown = []
    caption = page.locator("[data-testid='stCaptionContainer']", has_text=re.compile(r"^Move \d+ of \d+$"))
    total = int(re.search(r"of (\d+)", caption.first.inner_text()).group(1))
    for number in range(1, total + 1):
        page.wait_for_function("(text) => document.body.innerText.includes(text)", arg=f"Move {number} of {total}")
        shown.append(caption.first.inner_text())
        if number < total:
            expect_focus(page, key=moves)
            press(page, "Enter")
    numbers = [int(re.match(r"Move (\d+)", text).group(1)) for text in shown]
    assert numbers == list(range(1, total + 1)) and total >= 3, shown  # one move per Enter
    expect_focus(page, key="lesson-next")
    press(page, "Enter")
    wait_for_step(page, lesson.steps[lesson.steps.index(walk) + 1].id)


def test_forward_three_times_in_the_position_lab_moves_three_turns(laptop, app_url):
    page = laptop
    page.goto(f"{app_url}/explore?lang=en&lab=position")
    settle(page)
    tab_to(page, keyed("lab-forward"), limit=120)
    for turn in (1, 2, 3):
        press(page, "Enter")
        page.wait_for_function("(turn) => document.body.innerText.includes('Turn ' + turn + ' of')", arg=turn)
        expect_focus(page, key="lab-forward")
    # The Turn slider keeps the focus across the run an arrow key starts (its key carried its
    # state without the "-t" the focus keeper reads, and the focus fell to the other table)
    tab_to(page, keyed("lab-turn-slider"), limit=10)
    for turn in (4, 3):
        press(page, "ArrowRight" if turn == 4 else "ArrowLeft")
        page.wait_for_function("(turn) => document.body.innerText.includes('Turn ' + turn + ' of')", arg=turn)
        expect_focus(page, key="lab-turn-slider")


# ----- the drawn table: one Tab stop, arrow keys ----------------------------------------------
def test_the_drawn_table_is_one_tab_stop_with_arrow_keys_inside(laptop, app_url):
    page = laptop
    lesson = BY_ID["cards-and-fitting"]
    step = next(item for item in lesson.steps if item.kind == "place")
    page.goto(f"{app_url}/lessons?lang=en&lesson={lesson.id}&step={step.id}")
    settle(page)
    table_ready(page)
    piles = page.evaluate(PILES)
    assert len(piles) >= 6 and [tab for _dest, tab in piles].count(0) == 1, piles
    # The short way: the first Tab reaches "Skip to the table", Enter puts the focus on the table.
    assert tab_to(page, lambda now: now["id"] == "muggins-skip-table") == 1
    page.keyboard.press("Enter")
    start = expect_focus(page, tabindex=0)["dest"]
    assert start is not None
    visited = {start}
    for key in ("ArrowRight", "ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "End", "Home"):
        page.keyboard.press(key)
        now = focused(page)
        assert now["dest"] is not None, (key, now)  # the focus stays on the table
        visited.add(now["dest"])
        assert [dest for dest, tab in page.evaluate(PILES) if tab == 0] == [now["dest"]]  # it is the Tab stop now
    assert len(visited) >= 4, visited
    page.keyboard.press("ArrowRight")
    chosen = focused(page)["dest"]
    page.keyboard.press("Tab")
    assert focused(page)["dest"] is None  # one Tab leaves the table
    page.keyboard.press("Shift+Tab")
    assert focused(page)["dest"] == chosen  # and comes back to the pile last used
    press(page, "Enter")
    page.wait_for_selector("[data-testid='stAlertContentError'], [data-testid='stAlertContentSuccess']")
    expect_focus(page, dest=chosen)  # the verdict is shown, the focus stays on the pile


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_text_views_pile_buttons_have_full_names(laptop, app_url, lang):
    page = laptop
    lesson = BY_ID["cards-and-fitting"]
    step = next(item for item in lesson.steps if item.kind == "place")
    page.goto(f"{app_url}/lessons?lang={lang}&lesson={lesson.id}&step={step.id}&table=text")
    settle(page)
    names = pile_names(lesson_steps.question_view(step), f"{lesson.id}-{step.id}", lang)
    page.wait_for_function("(name) => [...document.querySelectorAll('button')].some(b => b.getAttribute('aria-label') === name)",
                           arg=next(iter(names.values())), timeout=15000)  # set by the names' script once it loads
    page.wait_for_function("() => { const skip = document.getElementById('muggins-skip-table'); return !!skip && !skip.hidden; }", timeout=15000)
    for name in names.values():
        assert page.get_by_role("button", name=name, exact=True).count() >= 1, name
    assert page.get_by_role("button", name="—", exact=True).count() == 0  # no pile named by a dash alone
    # the skip link goes to the text view's first pile
    assert tab_to(page, lambda now: now["id"] == "muggins-skip-table") == 1
    page.keyboard.press("Enter")
    expect_focus(page, text=names[f"{lesson.id}-{step.id}-common-1"])


# ----- the phone flow: 390×844, touch, Spanish ----------------------------------------------------
def tap_key(page, key: str) -> None:
    """Tap the button keyed ``key`` (any state token) as a learner would: scrolled to it first."""
    button = page.locator(f"[class*='st-key-{key}-t'] button").locator("visible=true").first
    button.scroll_into_view_if_needed()
    button.tap()
    page.wait_for_timeout(150)
    settle(page)


def tap_pile(page, dest: str) -> None:
    target = page.locator(f"button[data-dest='{dest}']").first
    target.scroll_into_view_if_needed()
    target.tap()
    page.wait_for_timeout(150)
    settle(page)


@pytest.mark.parametrize(("lesson_id", "number"), [("cards-and-fitting", 7), ("nearest-opponent", 5)])
def test_on_a_phone_next_brings_the_new_steps_question_to_the_top(phone, app_url, lesson_id, number):
    page = phone
    lesson = BY_ID[lesson_id]
    before, step = lesson.steps[number - 2], lesson.steps[number - 1]
    assert before.kind == "place"
    page.goto(f"{app_url}/lessons?lesson={lesson.id}&step={before.id}")
    # the run the browser's stored progress brings, which completes the link's address with the
    # language (a tap during its redraw of the table found the pile gone)
    page.wait_for_function("() => new URLSearchParams(location.search).has('lang')", timeout=20_000)
    settle(page)
    tap_pile(page, before.right[0])
    page.wait_for_selector("[data-testid='stAlertContentSuccess']")
    tap_key(page, "lesson-next")
    wait_for_step(page, step.id)
    heading = page.get_by_role("heading", name=translations("es").gettext(step.title))
    in_view(page, heading, "the new step's question")
    assert heading.bounding_box()["y"] < 844 / 3  # at the top of the screen, not somewhere below


CALLS = [(lesson, step) for lesson in LESSONS for step in lesson.steps if step.kind == "call" and step.call][:2]


@pytest.mark.parametrize(("lesson", "step"), CALLS, ids=[f"{lesson.id}-{step.id}" for lesson, step in CALLS])
def test_on_a_phone_a_calls_explanation_is_shown_before_next(phone, app_url, lesson, step):
    page = phone
    page.goto(f"{app_url}/lessons?lesson={lesson.id}&step={step.id}")
    settle(page)
    tap_key(page, f"{lesson.id}-{step.id}-option-call")
    explanation = page.locator("[data-testid='stAlertContentInfo']")
    in_view(page, explanation, "what happened (the correction and the penalty)")
    following = page.locator("[class*='st-key-lesson-next'] button, [class*='st-key-lesson-finish'] button").first
    assert explanation.first.bounding_box()["y"] + explanation.first.bounding_box()["height"] <= \
        following.bounding_box()["y"], "the explanation comes before Next"


@pytest.mark.parametrize("lesson_id", ["cards-and-fitting", "calling-muggins", "own-discard"])
def test_on_a_phone_finishing_a_lesson_shows_the_completion_and_next_lesson(phone, app_url, lesson_id):
    page = phone
    lesson = BY_ID[lesson_id]
    last = lesson.steps[-1]
    page.goto(f"{app_url}/lessons?lesson={lesson.id}&step={last.id}")
    settle(page)
    if last.kind == "place":
        tap_pile(page, last.right[0])
    else:
        tap_key(page, f"{lesson.id}-{last.id}-option-{last.right[0]}")
    page.wait_for_selector("[data-testid='stAlertContentSuccess']")
    tap_key(page, "lesson-finish")
    done = translations("es").gettext("Lesson complete: {stars}.").split("{")[0].strip()  # then its stars
    message = page.locator("[data-testid='stAlertContentSuccess']", has_text=done)
    in_view(page, message, "the completion")
    in_view(page, page.locator("[class*='st-key-lesson-following'] button"), "Next lesson")


def test_on_a_phone_the_sidebar_closes_after_choosing_a_page(phone, app_url):
    page = phone
    page.goto(f"{app_url}/home")
    settle(page)
    page.wait_for_function("() => !!window.__mugginsFocus", timeout=15000)  # the focus keeper's script has loaded
    page.locator("[data-testid='stExpandSidebarButton']").tap()
    sidebar = page.locator("[data-testid='stSidebar']")
    page.wait_for_function("() => document.querySelector('[data-testid=stSidebar]').getBoundingClientRect().right > 100")
    page.locator("[data-testid='stSidebarNavLink'][href$='/rules']").tap()
    page.wait_for_url(re.compile(r"/rules"))
    settle(page)
    try:
        page.wait_for_function("() => document.querySelector('[data-testid=stSidebar]').getBoundingClientRect().right <= 0",
                               timeout=10000)
    except Exception:  # what the focus keeper knew (a timing fault seen about one full run in three: to chase from a CI log)
        info = page.evaluate("""() => { const M = window.__mugginsFocus || {}; const bar = document.querySelector('[data-testid=stSidebar]');
          const b = document.querySelector('[data-testid="stSidebar"] button[aria-controls="stSidebar"]');
          return {closeSidebar: M.closeSidebar, reopened: M.reopened, now: Date.now(), lang: M.lang, path: M.path, w: window.innerWidth,
                  collapsed: bar && bar.getAttribute('data-collapsed'), right: bar && bar.getBoundingClientRect().right,
                  expanded: b && b.getAttribute('aria-expanded'), buttons: [...document.querySelectorAll('[data-testid=stSidebar] button')].map(x => (x.getAttribute('aria-label')||'') + '/' + x.getAttribute('aria-expanded') + '/' + x.getAttribute('aria-controls')), html: document.documentElement.lang}; }""")
        raise AssertionError(f"the sidebar stayed open after choosing a page: {info}") from None
    assert sidebar.get_attribute("data-collapsed") == "true"
    # Another language chosen there closes it too: the page in that language is what the learner wants to see
    page.locator("[data-testid='stExpandSidebarButton']").tap()
    page.wait_for_function("() => document.querySelector('[data-testid=stSidebar]').getBoundingClientRect().right > 100")
    page.locator("[data-testid='stSidebar'] .st-key-lang_choice label:has-text('English')").tap()  # the phone's is Spanish
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    settle(page)
    page.wait_for_function("() => document.querySelector('[data-testid=stSidebar]').getBoundingClientRect().right <= 0",
                           timeout=10000)
    assert page.locator("h1").first.inner_text() == "The rules of Muggins"


def test_in_practice_the_focus_goes_to_the_table_when_the_control_used_is_gone(laptop, app_url):
    """*Undo my last card* goes once it has nothing left to undo: the focus goes to the table."""
    page = laptop
    page.goto(f"{app_url}/practice?lang=en&deal=4-2817")
    settle(page)
    table_ready(page)
    page.locator("button[data-dest='discard:A']").first.focus()
    press(page, "Enter")
    expect_focus(page, dest="discard:A")  # the pile used keeps the focus
    tab_to(page, keyed("practice-undo"), limit=10)
    press(page, "Enter")
    page.wait_for_function("() => !document.querySelector('[class*=\"st-key-practice-undo\"]')")
    try:
        expect_focus(page, dest="discard:A", tabindex=0)
    except AssertionError as err:  # what the focus keeper knew (a timing fault of full runs: to chase from a CI log)
        info = page.evaluate("""() => { const M = window.__mugginsFocus || {};
          return {last: M.last && {key: M.last.key, dest: M.last.dest, connected: M.last.el.isConnected, disabled: M.last.el.disabled},
                  path: M.path, retries: M.retries, tableWanted: M.tableWanted, pending: M.pending, done: M.done,
                  table: !!(M.table && M.table()), state: document.querySelector('[data-testid=stApp]').getAttribute('data-test-script-state')}; }""")
        raise AssertionError(f"{err}; the focus keeper: {info}") from None


def test_a_training_exercise_by_keyboard_alone_right_then_next(laptop, app_url):
    """Training's answers rerun only the exercise (a fragment, issue 19): the right answer by
    keyboard still sends the focus to *Next exercise* (the request travels with the fragment's
    run), and Enter there opens another exercise with the focus on its first answer. *Hint* by
    keyboard sends the focus on to the first answer (found by a trial: it fell to the page)."""
    from tutorial.app.training.model import NEXT_KEY
    from tutorial.training.code import ExerciseCode
    from tutorial.training.generate import exercise_for

    page = laptop
    code = "call.1.7"
    step = exercise_for(ExerciseCode.parse(code)).step
    right = str(step.right[0])
    page.goto(f"{app_url}/train?lang=en&ex={code}")
    settle(page)
    tab_to(page, lambda now: bool(now["key"]) and now["key"].startswith("train-hint"))
    press(page, "Enter")  # *Hint* goes once used: the focus on to the first answer, the hint read out (it fell to the page)
    page.wait_for_function("""() => { const hint = document.querySelector("[class*='st-key-step-way-on'] [data-testid='stAlertContentInfo'] [data-testid='stMarkdownContainer']");
        return hint && document.getElementById('muggins-live').textContent.startsWith(hint.innerText.trim().slice(0, 20)); }""")
    assert "lightbulb" not in page.locator("#muggins-live").text_content()  # the icon's name is not read out
    now = expect_focus(page, tag="BUTTON")
    assert "-option-" in (now["key"] or ""), now
    tab_to(page, lambda now: bool(now["key"]) and now["key"].endswith(f"-option-{right}"))
    press(page, "Enter")
    page.wait_for_selector("[data-testid='stAlertContentSuccess']")
    expect_focus(page, key=NEXT_KEY)
    press(page, "Enter")
    page.wait_for_function("(code) => !location.search.includes(code)", arg=code, timeout=15000)
    now = expect_focus(page, tag="BUTTON")
    assert now["key"] != NEXT_KEY, now
    # ... and the new exercise is read out: its level, its title and question (issue 37, § 2)
    page.wait_for_function("""() => { const title = document.querySelector("[class*='-words'] h2");
        const said = document.getElementById('muggins-live').textContent;
        return title && said.startsWith('Level ') && said.includes(title.innerText.trim()); }""", timeout=15000)


def test_on_home_not_you_by_keyboard_alone_asks_then_says_done(laptop, app_url):
    """*Not you? Start as a new learner* by keyboard alone: the focus goes to the question's safe
    answer (*Cancel*: a stray Enter must not wipe the progress), the question read out; Shift+Tab
    reaches the yes; then the focus goes back to the button, and the "Done" line is read out (the
    focus fell to the page after each press; found by trials)."""
    page = laptop
    page.goto(f"{app_url}/home?lang=en")
    settle(page)
    tab_to(page, keyed("new-learner"), limit=120)
    press(page, "Enter")
    expect_focus(page, key="new-learner-keep")
    page.wait_for_function("() => document.getElementById('muggins-live').textContent.includes('Start as a new learner?')")
    press(page, "Shift+Tab")
    expect_focus(page, key="new-learner-confirm")
    press(page, "Enter")
    page.wait_for_selector("[data-testid='stAlertContentSuccess']")
    expect_focus(page, key="new-learner")
    page.wait_for_function("() => document.getElementById('muggins-live').textContent.includes('Done')")


# ----- a practice hand by keyboard and screen reader (issue 37, § 2) -------------------------------
HEARD = """() => { if (window.__heard) { return; } window.__heard = []; const live = document.getElementById('muggins-live');
  new MutationObserver(() => { if (live.textContent) { window.__heard.push(live.textContent); } })
    .observe(live, { childList: true, characterData: true, subtree: true }); }"""


def heard(page, count: int, timeout_ms: int = 15000) -> list[str]:
    """What the app's live region has said since :data:`HEARD` was installed, once it has said ``count`` things."""
    page.wait_for_function("(count) => window.__heard.length >= count", arg=count, timeout=timeout_ms)
    return page.evaluate("() => window.__heard.slice()")


def test_a_practice_hand_in_table_mode_by_keyboard_alone_is_heard_move_by_move(laptop, app_url):
    """A whole hand in Table mode by keyboard alone, a call included: the deal asked for in *Table and
    deal* asks first with the focus on *Keep playing*; then after every key the app's one live region
    says, once, the verdict, each placement by the others since and what comes now (the placement to
    watch, or the learner's card), exactly as the screen model words it; the focus is never left on
    the page (it goes to *Next* or to the table, whose arrow keys go round in the description's order);
    L and T say the last move and the turned card again."""
    from tutorial.app.practice.model import PracticeScreen
    from tutorial.app.practice.state import PracticeState
    from tutorial.engine import DealCode
    from tutorial.narrate import Narrator
    from tutorial.practice import PracticeGame, Settings

    page = laptop
    settings = "table.a0.s40.w1.h1.t1000"
    page.goto(f"{app_url}/practice?lang=en&deal=4-7&game={settings}")
    settle(page)
    page.wait_for_function("() => !!document.getElementById('muggins-live')", timeout=15000)
    page.evaluate(HEARD)
    # a hand under way: its first action
    old = PracticeState(game=PracticeGame(DealCode(4, 7), settings=Settings.parse(settings)))
    if old.current.watching is not None:
        tab_to(page, keyed("practice-next"), limit=120)
    else:
        tab_to(page, lambda now: now["dest"] is not None, limit=120)
    press(page, "Enter")
    heard(page, 1)
    # Table and deal: the code 4-144, Deal; the question takes the focus, its safe answer first
    tab_to(page, keyed("practice-settings-panel"), limit=60)
    press(page, "Enter")
    tab_to(page, lambda now: now["key"] == "practice-w-code" and now["tag"] == "INPUT", limit=40)
    page.keyboard.type("4-144")
    tab_to(page, keyed("practice-deal"), limit=10)
    press(page, "Enter")
    expect_focus(page, key="practice-keep")
    asked = heard(page, 2)
    page.wait_for_timeout(300)
    asked = heard(page, len(asked))
    assert asked[-1] == "Start a new deal? The hand you are playing will be lost.", asked
    base = len(asked)  # what follows is the new hand's
    press(page, "Shift+Tab")
    expect_focus(page, key="practice-confirm-new")
    page.keyboard.press("Enter")

    state = PracticeState(game=PracticeGame(DealCode(4, 144), settings=Settings.parse(settings)))
    model = PracticeScreen(state, Narrator("en", "A"))
    expected = [model.said_after(PracticeScreen(old, Narrator("en", "A")).moment())]
    keys_words = None
    said: list[str] = []
    order: list[str] = []
    called = 0
    for _turn in range(80):
        said = heard(page, base + len(expected))
        if keys_words is None and any("The arrow keys go through the piles" in text for text in said):
            keys_words = next(text for text in said if "The arrow keys" in text)
            keys_words = keys_words[keys_words.index("The arrow keys"):]
        spoken = [text.replace(" " + keys_words, "").replace(keys_words, "") if keys_words else text for text in said[base:]]
        assert [text for text in spoken if text] == expected, (spoken, expected)
        game = state.current
        if game.hand_over:
            break
        before = model.moment()
        if game.watching is not None:
            now = expect_focus(page, key="practice-next")  # never the page itself
            wrong = game.hand.judge(game.watching.dest).error is not None
            if wrong and not called:
                page.keyboard.press("Shift+Tab")
                expect_focus(page, key="practice-call")
                model.call()
                called += 1
            else:
                model.go_on()
        else:
            now = expect_focus(page, tabindex=0)
            assert now["dest"] is not None
            if not order:  # the arrow keys, once: the description's order, and L and T
                page.keyboard.press("Home")
                order.append(focused(page)["dest"])
                for _pile in range(12):
                    page.keyboard.press("ArrowRight")
                    if focused(page)["dest"] == order[-1]:
                        break  # the last pile: the arrows stop there
                    order.append(focused(page)["dest"])
                assert order == ["common:1", "common:2", "common:3", "common:4",
                                 "discard:A", "discard:B", "discard:C", "discard:D"], order
                page.keyboard.press("l")
                assert heard(page, base + 1 + len(expected))[-1] == model.last_move()
                page.keyboard.press("t")
                turned = model.n.turned_words("A", game.hand.turned.card)
                assert heard(page, base + 2 + len(expected))[-1] == turned
                page.evaluate("() => window.__heard.splice(window.__heard.length - 2)")
            target = str(game.hand.legal().dests[0])
            page.keyboard.press("Home")
            for _pile in range(order.index(target)):
                page.keyboard.press("ArrowRight")
            assert focused(page)["dest"] == target
            model.pick(target)
        page.keyboard.press("Enter")
        expected.append(model.said_after(before))
    else:
        raise AssertionError("the hand did not end")
    assert called == 1 and keys_words and sum(keys_words in text for text in said) == 1, said  # the keys said once
    expect_focus(page, tag="BUTTON")  # at the end of the hand: on the way on, not the page


def test_on_a_phone_every_answer_reads_whole(phone, app_url):
    """Issue 37/38: Streamlit cut a long answer's label to one line with "…" (lesson 6's check:
    all three choices), and a phone has no hover to show the rest: each label wraps instead."""
    page = phone
    page.goto(f"{app_url}/lessons?lang=es&lesson=recycling&step=check-when")
    settle(page)
    labels = page.locator("[class*='-option-'] button [data-testid='stMarkdownContainer']")
    labels.first.wait_for(timeout=15_000)  # the run the stored progress brings may still be drawing the step
    settle(page)
    assert labels.count() == 3
    cut = page.eval_on_selector_all("[class*='-option-'] button [data-testid='stMarkdownContainer']",
                                    "(all) => all.filter((el) => el.scrollWidth > el.clientWidth + 1"
                                    " || getComputedStyle(el).textOverflow === 'ellipsis').map((el) => el.innerText)")
    assert not cut, cut
