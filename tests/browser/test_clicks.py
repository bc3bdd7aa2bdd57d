"""Fast clicks in a real browser, against a server with the real click guard (300 ms).

Issue 7: a click made on an old table never acts on a newer one (the state token).
Issue 17: the second click of a human double click lands on the *new* table, drawn a few
dozen milliseconds earlier; it must change nothing, and nothing is said about it
(tutorial/app/shell/dwell.py). The clicks are dispatched from inside the page at exact gaps
(``setTimeout`` and ``el.click()``, walking the open shadow roots of the drawn table):
Playwright's own ``click()`` waits for the element to be stable and would hide the race.
What is asserted is what the server recorded (the address's ``moves=``), never the clock.
"""

from __future__ import annotations

import os
from unittest import mock

import pytest

from tutorial.app.shell import dwell

from .conftest import query, settle
from .server import start_app, stop_app

THRESHOLD = dwell.DEFAULT_MIN_SEEN_MS


@pytest.fixture(scope="session")
def guarded_url(tmp_path_factory):
    """The app as it is served: the guard at its default (the test suite turns it off for the
    other tests, tests/conftest.py)."""
    with mock.patch.dict(os.environ, {dwell.ENV: str(THRESHOLD)}):
        process, base = start_app(tmp_path_factory.mktemp("guarded"))
    yield base
    stop_app(process)


FIRE_BOTH = """async ([first, second]) => {
    // Once the learner has had the first control in view for a second, click both at once:
    // the second lands on the old table, before any redraw.
    const begin = performance.now();
    let a = document.querySelector(first), steady = performance.now();
    while (performance.now() - steady < 1000) {
        if (performance.now() - begin > 20000) { return false; }
        await new Promise((resolve) => setTimeout(resolve, 50));
        const now = document.querySelector(first);
        if (now !== a) { a = now; steady = performance.now(); }
    }
    const b = document.querySelector(second);
    a.click(); b.click();
    return true;
}"""

GESTURE = """async ([first, second, gap]) => {
    // Click ``first``, then ``gap`` ms later whatever matches ``second`` then (the page may
    // have been redrawn: elements are looked for afresh, in open shadow roots too). Returns
    // the real gap, whether the second click hit a new control (a new element, or one that
    // now carries another key) and for how long that one had been in the page (a
    // MutationObserver notes the moment it appears).
    const find = (selector) => {
        const walk = (root) => {
            const hit = root.querySelector(selector);
            if (hit) { return hit; }
            for (const el of root.querySelectorAll('*')) {
                if (el.shadowRoot) { const found = walk(el.shadowRoot); if (found) { return found; } }
            }
            return null;
        };
        return walk(document);
    };
    const ident = (el) => {
        const holder = el && el.closest('[class*="st-key-"]');
        return holder ? [...holder.classList].filter(c => c.startsWith('st-key-')).join(' ') : '';
    };
    // First the learner looks: both controls in the page, the first unchanged for a second.
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const begin = performance.now();
    let a = find(first), keyA = ident(a), steady = performance.now();
    while (performance.now() - steady < 1000 || !a || !find(second)) {
        if (performance.now() - begin > 20000) { return { missing: !a ? first : second }; }
        await sleep(50);
        const now = find(first);
        if (now !== a || ident(now) !== keyA) { a = now; keyA = ident(now); steady = performance.now(); }
    }
    const before = find(second);
    const keyBefore = ident(before);
    const isNew = (el) => !!el && (el !== before || ident(el) !== keyBefore);
    let appeared = null;
    const look = () => { if (appeared === null && isNew(find(second))) { appeared = performance.now(); } };
    const observer = new MutationObserver(look);
    const options = { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] };
    observer.observe(document.body, options);
    const shadows = (root) => {
        for (const el of root.querySelectorAll('*')) {
            if (el.shadowRoot) { observer.observe(el.shadowRoot, options); shadows(el.shadowRoot); }
        }
    };
    shadows(document);
    const start = performance.now();
    a.click();
    await new Promise((resolve) => setTimeout(resolve, gap));
    look();
    const b = find(second);
    const at = performance.now();
    if (b) { b.click(); }
    observer.disconnect();
    return { gap: Math.round(at - start), fresh: isNew(b), shown: isNew(b) && appeared !== null ? Math.round(at - appeared) : null };
}"""

TOLERANCE = 30
"""Milliseconds: the test and the app note a control's arrival in the page a moment apart."""


def judged_right(result: dict, acted: bool) -> None:
    """The rule, asserted on what the server recorded (``acted``): a second click acts only on
    a new control that had been in the page for the threshold, and then it does act (the
    server counts from before the browser shows it, so its count is never shorter)."""
    if acted:
        assert result["fresh"] and result["shown"] >= THRESHOLD - TOLERANCE, result
    elif result["fresh"] and result["shown"] is not None:
        assert result["shown"] < THRESHOLD + TOLERANCE, result


def pile(dest: str) -> str:
    """A pile of the drawn table (a button inside the component's shadow root)."""
    return f'button.mt-item[data-dest="{dest}"]'


def key(prefix: str) -> str:
    """A Streamlit button whose key is ``prefix`` and a state token."""
    return f'[class*="st-key-{prefix}-t"] button'


def gesture(page, first: str, second: str, gap: int) -> dict:
    result = page.evaluate(GESTURE, [first, second, gap])
    assert "missing" not in result, result
    settle(page)
    return result


def decisions(page) -> int:
    moves = query(page).get("moves", "")
    assert not moves or moves.startswith("~"), moves
    return max(len(moves) - 1, 0)


@pytest.mark.parametrize("gap", [40, 150, 400])
def test_a_second_click_on_the_drawn_table_acts_only_on_a_table_seen(page, guarded_url, gap):
    """Common pile 1, then the learner's own discard ``gap`` ms later. 40 and 150 ms: a
    double click, one decision. 400 ms: a fresh action on the new table, which had been on
    screen for the threshold on a machine that redraws quickly — it acts; a slow machine
    may show the table later, and then the click is refused: never a card the learner did
    not see."""
    page.goto(f"{guarded_url}/practice?lang=en&deal=4-1234")
    settle(page)
    result = gesture(page, pile("common:1"), pile("discard:A"), gap)
    made = decisions(page)
    assert made in (1, 2), (query(page), result)
    judged_right(result, made == 2)
    if result["gap"] < THRESHOLD:
        assert made == 1, (query(page), result)
    if made == 2:
        assert query(page)["moves"].endswith("a"), query(page)  # the learner's own discard, as clicked
    print(f"{gap} ms:", result, query(page).get("moves"))


@pytest.mark.parametrize("gap", [40, 150])
def test_a_double_click_on_call_calls_once(page, guarded_url, gap):
    """The next placement's Call button appears where the first one was: the second click
    must not call on a placement the learner never saw."""
    page.goto(f"{guarded_url}/practice?lang=en&deal=4-1234&game=table.a0.s60.h1.t1000&moves=dA")
    settle(page)
    result = gesture(page, key("practice-call"), key("practice-call"), gap)
    moves = query(page).get("moves")
    assert moves in ("~aM", "~aMM"), (moves, result)
    judged_right(result, moves == "~aMM")
    if result["gap"] < THRESHOLD:
        assert moves == "~aM", (moves, result)
        assert "unsupported" not in page.inner_text("body")
    assert not page.locator("[data-testid='stToast']").count(), page.inner_text("body")  # nothing tells the learner off
    print(f"{gap} ms:", result, moves)


@pytest.mark.parametrize("gap", [40, 150])
def test_new_deal_then_a_pile_at_once_places_no_card(page, guarded_url, gap):
    page.goto(f"{guarded_url}/practice?lang=en&deal=4-1234")
    settle(page)
    result = gesture(page, key("practice-new"), pile("common:1"), gap)
    address = query(page)
    assert address.get("deal") != "4-1234", (address, result)
    judged_right(result, bool(address.get("moves")))
    if result["gap"] < THRESHOLD:
        assert not address.get("moves"), (address, result)
    assert not page.locator("[data-testid='stToast']").count(), page.inner_text("body")
    print(f"{gap} ms:", result, address)


def key_selector(page, prefix: str) -> str:
    """The CSS selector of the button whose key starts with ``prefix`` (keys end with a state
    token), once that button is on the page."""
    cls = page.wait_for_function("""(prefix) => {
        const el = [...document.querySelectorAll('[class*="st-key-"]')].find(e =>
            [...e.classList].some(c => c.startsWith('st-key-' + prefix + '-t')) && e.querySelector('button'));
        return el ? [...el.classList].find(c => c.startsWith('st-key-' + prefix + '-t')) : null;
    }""", arg=prefix, timeout=15000).json_value()
    assert cls, f"no button {prefix}"
    return f".{cls} button"


def test_two_fast_clicks_on_the_table_place_one_card(page, guarded_url):
    page.goto(f"{guarded_url}/practice?lang=en&deal=4-1234&table=text")
    settle(page)
    assert page.evaluate(FIRE_BOTH, [key_selector(page, "practice-common-1"), key_selector(page, "practice-discard-A")])
    settle(page)
    moves = query(page).get("moves", "")
    assert moves.startswith("~") and len(moves) == 2, moves  # one decision, not two


def test_a_click_on_the_old_table_after_new_deal_is_ignored(page, guarded_url):
    page.goto(f"{guarded_url}/practice?lang=en&deal=4-1234&table=text")
    settle(page)
    assert page.evaluate(FIRE_BOTH, [key_selector(page, "practice-new"), key_selector(page, "practice-common-1")])
    settle(page)
    address = query(page)
    assert address.get("deal") != "4-1234" and not address.get("moves"), address


def test_a_double_click_on_next_moves_one_step(page, guarded_url):
    page.goto(f"{guarded_url}/lessons?lang=en&lesson=cards-and-fitting&table=text")
    settle(page)
    first = query(page).get("step")
    selector = key_selector(page, "lesson-next")
    assert page.evaluate(FIRE_BOTH, [selector, selector])
    settle(page)
    from tutorial.app.lessons.state import course

    lesson = next(item for item in course()[0] if item.id == "cards-and-fitting")
    ids = [step.id for step in lesson.steps]
    assert ids.index(query(page)["step"]) == ids.index(first) + 1


def test_home_answers_at_its_own_address(page, guarded_url):
    page.goto(f"{guarded_url}/home?lang=en")
    settle(page)
    assert "Muggins Tutor" in page.inner_text("h1")
    assert "Page not found" not in page.inner_text("body")


def test_a_double_click_in_the_position_lab_adds_one_player(page, guarded_url):
    page.goto(f"{guarded_url}/explore?lang=en&lab=position&table=text")
    settle(page)
    page.get_by_text("Edit the position").click()
    selector = key_selector(page, "lab-add")
    assert page.evaluate(FIRE_BOTH, [selector, selector])
    settle(page)
    from tutorial.app.explore.position_lab import from_link
    from tutorial.engine.posfile import loads

    assert len(loads(from_link(query(page)["pos"])).players) == 5  # deal 4-1 and one more


def test_a_double_click_on_back_in_the_position_labs_line_steps_back_once(page, guarded_url):
    """A breaker's trial: two clicks on *Back* 40 ms apart left the line where it was (the second
    click's run carried the slider's old value back and undid the first). At 80–250 ms it acted
    once, as it does now at 40 ms."""
    gap = 40
    page.goto(f"{guarded_url}/explore?lang=en&lab=position&table=text")
    settle(page)
    play = page.locator("[class*='st-key-lab-play-picked'] button:visible")
    for _ in range(2):  # two moves: the first pile each time (the text view's buttons)
        for _try in range(3):  # the guard: a control seen for less than 300 ms takes no click
            page.wait_for_timeout(400)
            page.locator("[class*='st-key-lab-table'] button").first.click()
            settle(page)
            if play.count():
                break
        page.wait_for_timeout(400)
        play.first.click()
        settle(page)
    where = page.get_by_text("Move 2 of 2.")
    where.wait_for(timeout=15_000)
    back = key_selector(page, "lab-line-back")
    result = gesture(page, back, back, gap)
    said = page.locator("[data-testid='stMain']").inner_text()
    assert "Move 1 of 2." in said or ("The start of the line." in said and result["gap"] >= THRESHOLD), (result, said)


DOUBLE_PRESS = """async ([x, y, gap]) => {
    // A mouse's double click at (x, y): press, release and click on what is there, then the same
    // ``gap`` ms later on what is there then (the page may have been redrawn under the pointer).
    const press = (detail) => {
        const el = document.elementFromPoint(x, y);
        const at = { bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y, button: 0, view: window };
        el.dispatchEvent(new PointerEvent('pointerdown', { ...at, isPrimary: true, pointerType: 'mouse' }));
        el.dispatchEvent(new MouseEvent('mousedown', { ...at, detail }));
        el.dispatchEvent(new PointerEvent('pointerup', { ...at, isPrimary: true, pointerType: 'mouse' }));
        el.dispatchEvent(new MouseEvent('mouseup', { ...at, detail }));
        el.dispatchEvent(new MouseEvent('click', { ...at, detail }));
        const holder = el.closest('[class*="st-key-"]');
        return holder ? [...holder.classList].filter(c => c.startsWith('st-key-')).join(' ') : el.tagName;
    };
    const first = press(1), began = performance.now();
    await new Promise((resolve) => setTimeout(resolve, gap));
    const gapped = performance.now() - began;
    return { first, second: press(2), gap: gapped };
}"""


@pytest.mark.parametrize("gap", [120, 220])
def test_a_real_double_click_on_use_this_code_keeps_the_code_waiting(page, guarded_url, gap):
    """Issue 37: a double click (mouse events, 100–250 ms apart) on Home's *Use this code*: the
    first click draws the code's question at the top, which moves *Reset my progress* under the
    pointer; the second press landed on it, asked to reset and dropped the code (6 times in 6).
    The second press now reaches no control it was not aimed at: the code still waits."""
    from tutorial.app.shell.model_move import move_code
    from tutorial.app.shell.model_progress import Progress

    page.goto(f"{guarded_url}/home?lang=en&done=cards-and-fitting")
    settle(page)
    page.get_by_text("Move my progress to another device").click()
    box = page.locator(".st-key-move-code-input input")
    box.fill(move_code(Progress(done=["common-piles-first"], lang="en")))
    box.press("Tab")  # the value reaches the app, as a learner's next click would send it
    settle(page)
    page.locator(".st-key-move-use button").scroll_into_view_if_needed()
    page.wait_for_timeout(1000)  # the learner looks, then double-clicks
    use = page.locator(".st-key-move-use button").bounding_box()
    assert use is not None
    x, y = use["x"] + use["width"] / 2, use["y"] + use["height"] / 2
    # Both presses dispatched inside the page at the exact gap (driven from outside, a loaded
    # machine stretched 120 ms past the browser's 300 ms rule): what lies under the pointer then
    # is pressed, as a mouse would.
    done = page.evaluate(DOUBLE_PRESS, [x, y, gap])
    settle(page)
    body = page.inner_text("[data-testid='stMain']")
    assert done["gap"] < 300, done
    assert "The code carries:" in body, (done, body[:500])
    assert "Forget your progress?" not in body, done
    print(f"{gap} ms: {done}")
