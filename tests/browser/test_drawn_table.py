"""The drawn table in a real browser: the learner clicks the pile itself, and after the click
the pile, the verdict with its explanation and the next control are all on the screen,
without scrolling, on a phone, a laptop and a projector (1280×720 at 150 %), for 3 to 7
players, in lessons, walk-throughs and practice (issue 10)."""

from __future__ import annotations

import itertools
import time

import pytest

from tutorial.app.lessons.state import course
from tutorial.engine.deal import DealCode
from tutorial.practice import PracticeGame
from tutorial.practice.moves import decode_moves

from .conftest import click_key, query, settle

SIZES = {"phone": (390, 844, 1), "laptop": (1366, 800, 1), "projector": (853, 480, 1.5)}
LESSONS, _PROBLEMS = course()


SLACK = 4
"""Pixels an element may stick out of the screen and still count as in view (its text and
its click target are still there; font rendering moves layouts by a pixel or two)."""


def in_view(page, locator, what: str, timeout_ms: int = 5000) -> None:
    """``locator``'s first visible element lies wholly inside the viewport, within
    ``timeout_ms`` (the page brings it into view in a later frame, later still on a busy machine)."""
    height = page.viewport_size["height"]
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        box = locator.locator("visible=true").first.bounding_box()
        assert box is not None, f"{what} is not on the page"
        inside = box["y"] >= -SLACK and box["y"] + box["height"] <= height + SLACK
        if inside or time.monotonic() > deadline:
            break
        page.wait_for_timeout(100)
    assert inside, f"{what} at {box['y']:.0f}–{box['y'] + box['height']:.0f}, screen 0–{height}"


def pile(page, dest: str):
    return page.locator(f"button[data-dest='{dest}']")


def pick(page, dest: str) -> None:
    """Click the pile ``dest`` on the drawn table, as a learner would (scrolled to it first)."""
    target = pile(page, dest)
    try:
        target.scroll_into_view_if_needed()
        target.click()
    except Exception as err:  # the table was drawn again under the pointer (the stored progress arriving
        if "not attached" not in str(err):  # reruns the page): a learner would click again, and so does the test
            raise
        settle(page)
        target.scroll_into_view_if_needed()
        target.click()
    page.wait_for_timeout(300)
    settle(page)
    page.wait_for_timeout(300)  # the table brings itself into view in the next frame


@pytest.fixture(params=list(SIZES))
def sized(request, browser):
    width, height, scale = SIZES[request.param]
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale, locale="en-GB")
    yield context.new_page()
    context.close()


@pytest.fixture
def at_size(request, browser):
    """A page at the size named by the test's ``size`` parameter (for tests that pair each case
    with one size, so that every case and every size is visited once, not every pair)."""
    width, height, scale = SIZES[request.node.callspec.params["size"]]
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale, locale="en-GB")
    yield context.new_page()
    context.close()


def first_step(kind: str):
    for lesson in LESSONS:
        for step in lesson.steps:
            if step.kind == kind:
                return lesson, step
    raise AssertionError(kind)


@pytest.mark.parametrize(("players", "size"), [(3, "laptop"), (4, "projector"), (7, "phone")])
def test_practice_targets_then_a_wrong_pick_pile_verdict_and_undo_in_one_screen(at_size, app_url, players, size):
    """WCAG 2.5.5 first, for the fewest seats (the biggest cards), a usual table and the most:
    on a phone (390×844) and a laptop every pile that can be chosen is at least 44×44 CSS px,
    and at every size no two targets touch (at least 4 px apart); at the case's own size, a
    wrong pile picked: the pile, the verdict and *Undo* on the screen at once. Then, the card
    taken back, the same page resized to the other two sizes (the table redraws itself to the
    width it is given) for their targets: each size answers once, with another number of
    seats, and every pair's targets are measured, a page load per case rather than per pair."""
    page = at_size
    game = PracticeGame(DealCode(players, 2817))
    position = game.hand.turned.position
    piles = len(position.players) + len(position.commons)
    legal = {str(dest) for dest in game.hand.legal().dests}
    candidates = [f"discard:{name}" for name in position.players] + [f"common:{n}" for n in range(1, len(position.commons) + 1)]
    wrong = next(text for text in candidates if text not in legal)
    page.goto(f"{app_url}/practice?lang=es&deal={players}-2817")
    settle(page)
    big_enough_targets(page, piles)
    pick(page, wrong)
    in_view(page, pile(page, wrong), "the clicked pile")
    in_view(page, page.locator("[data-testid='stAlertContentError']"), "the verdict")
    in_view(page, page.locator("[class*='st-key-practice-undo'] button"), "Undo")
    assert "Muggins" in page.locator("[data-testid='stAlertContentError']").inner_text()
    click_key(page, "practice-undo")
    settle(page)
    page.wait_for_selector("[data-testid='stAlertContentError']", state="detached", timeout=15_000)
    for other in SIZES:
        if other != size:
            width, height, _scale = SIZES[other]
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(300)  # the table redraws itself at the new width
            big_enough_targets(page, piles)


def test_lesson_place_step_wrong_then_right(sized, app_url):
    page = sized
    lesson, step = first_step("place")
    page.goto(f"{app_url}/lessons?lang=es&lesson={lesson.id}&step={step.id}")
    settle(page)
    position = step.turned.position
    right = str(step.legal.dests[0])
    wrong = next(text for text in [f"discard:{p}" for p in position.players] if all(str(d) != text for d in step.legal.dests))
    pick(page, wrong)
    in_view(page, pile(page, wrong), "the clicked pile")
    in_view(page, page.locator("[data-testid='stAlertContentError']"), "the explanation")
    in_view(page, page.locator(f"[class*='st-key-{lesson.id}-{step.id}-reveal'] button"), "Show me where it goes")
    assert pile(page, wrong).get_attribute("class").find("mt-mark-wrong") >= 0  # marked, with a ✗, not by colour alone
    pick(page, right)
    in_view(page, page.locator("[data-testid='stAlertContentSuccess']"), "the verdict")
    in_view(page, page.locator("[class*='st-key-lesson-next'] button, [class*='st-key-lesson-finish'] button"),
            "Next (or Finish the lesson)")
    in_view(page, page.locator("[data-dest='" + right + "']"), "the pile the card went to")


def test_walk_through_moved_card_caption_and_next_move_in_one_screen(sized, app_url):
    page = sized
    lesson, step = first_step("muggins")
    page.goto(f"{app_url}/lessons?lang=es&lesson={lesson.id}&step={step.id}")
    settle(page)
    for _move in range(3):
        click_key(page, f"{lesson.id}-{step.id}-next")
        settle(page)
        page.wait_for_timeout(300)
        marked = page.locator(".mt-mark-placed, .mt-mark-right, .mt-mark-wrong")
        if marked.count():
            in_view(page, marked, "the moved card")
        in_view(page, page.locator("[data-testid='stAlert']"), "the caption")
        nxt = page.locator(f"[class*='st-key-{lesson.id}-{step.id}-next'] button")
        if nxt.count():
            in_view(page, nxt, "Next move")


def test_the_drawn_table_seats_the_learner_at_the_bottom_the_left_neighbour_on_the_left_and_takes_a_key(page, app_url):
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(f"{app_url}/practice?lang=en&deal=5-2817&seat=C")
    settle(page)
    pile(page, "discard:C").wait_for(timeout=30_000)  # the table's script loads on its own time
    me, left, right = (pile(page, f"discard:{name}").bounding_box() for name in ("C", "D", "B"))
    table = page.locator(".mt-root").bounding_box()
    assert me["y"] > table["y"] + table["height"] * 0.6  # at the bottom
    assert left["x"] < me["x"] < right["x"]  # D, who plays after C, sits on C's left
    assert "Seats in clockwise order" in page.locator(".mt-hidden").inner_text()
    for button in page.locator("button.mt-item").all():
        assert button.get_attribute("aria-label")  # every pile can be found and used by its name
    # and a pile can be chosen from the keyboard
    target = pile(page, "discard:C")
    target.focus()
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    settle(page)
    assert page.locator("[data-testid='stAlert']").count() >= 1


def test_two_fast_clicks_on_the_drawn_table_place_one_card(page, app_url):
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(f"{app_url}/practice?lang=en&deal=4-1234")
    settle(page)
    page.wait_for_function("""() => [...document.querySelectorAll('*')].some(e => e.shadowRoot
        && e.shadowRoot.querySelector('button[data-dest="discard:A"]'))""", timeout=30_000)  # the table drawn
    page.evaluate("""() => {
        const buttons = (dest) => [...document.querySelectorAll('*')].flatMap(e => e.shadowRoot ? [...e.shadowRoot.querySelectorAll('button[data-dest="' + dest + '"]')] : []);
        buttons('common:1')[0].click();
        setTimeout(() => buttons('discard:A')[0].click(), 40);
    }""")
    page.wait_for_timeout(600)
    settle(page)
    moves = query(page).get("moves", "")
    assert len(decode_moves(moves)) == 1, moves  # one card placed, not two


@pytest.mark.parametrize(("players", "size"), [(7, "phone"), (4, "laptop"), (7, "projector")])
def test_table_mode_placement_question_and_call_in_one_screen(at_size, app_url, players, size):
    """Watching the others in Table mode: the placement shown, the question and Call “Muggins!”
    (the most seats on the smallest screens)."""
    page = at_size
    page.goto(f"{app_url}/practice?lang=es&deal={players}-2817&game=table.a50.s15.h1.t1000")
    settle(page)
    checked = 0
    for _turn in range(3):
        if not page.locator("[class*='st-key-practice-call']").count():  # the learner's own card: any pile will do
            pick(page, "discard:A")
            continue
        click_key(page, "practice-next")
        settle(page)
        if page.locator("[class*='st-key-practice-call']").count():
            checked += 1
            in_view(page, page.locator(".mt-mark-placed"), "the placement")
            in_view(page, page.locator("[class*='st-key-practice-watch'] [data-testid='stMarkdown']"), "the question")
            in_view(page, page.locator("[class*='st-key-practice-call'] button"), "Call “Muggins!”")
    assert checked, "no placement of the others was shown"


def longest_call_steps() -> list[tuple]:
    """Of each sort of “Call Muggins?” step (a call is right, no call is, it is too late), the
    one with the most text in Spanish (tests/presenter_cases.py): the verdict and the way on
    fit after it, so they fit after the shorter ones."""
    from presenter_cases import all_cases

    length = {(case.lesson, case.step): case.lines for case in all_cases("es")}
    sorts: dict = {}
    for lesson in LESSONS:
        for step in lesson.steps:
            if step.kind == "call":
                sort = (step.call, step.late)
                if sort not in sorts or length[lesson.id, step.id] > length[sorts[sort][0].id, sorts[sort][1].id]:
                    sorts[sort] = (lesson, step)
    return list(sorts.values())


CALL_STEPS = longest_call_steps()


CALL_CASES = [(lesson, step, size) for (lesson, step), size in zip(CALL_STEPS, ["phone", "projector", "laptop"], strict=True)]
"""Each sort at one size, the smallest screens taking the first two sorts: every sort and every
size once (the presenter-mode fit test visits the longest steps on a projector besides)."""


@pytest.mark.parametrize(("lesson", "step", "size"), CALL_CASES,
                         ids=[f"{lesson.id}-{step.id}-{size}" for lesson, step, size in CALL_CASES])
def test_lesson_call_step_verdict_and_next_in_one_screen(at_size, app_url, lesson, step, size):
    """The longest “Call Muggins?” step of each sort beside its table: after a wrong and then
    the right answer, the verdict and the way on are on the screen (Spanish, the longer
    language). (Every call step was visited at three sizes once: 57 visits.)"""
    page = at_size
    right, wrong = ("call", "accept") if step.call else ("accept", "call")
    page.goto(f"{app_url}/lessons?lang=es&lesson={lesson.id}&step={step.id}")
    settle(page)
    # as a learner who scrolled just far enough to see the answers: the buttons at the bottom
    button = page.locator(f"[class*='st-key-{lesson.id}-{step.id}-option-{wrong}'] button").first
    button.scroll_into_view_if_needed()
    button.evaluate("b => window.scrollBy(0, b.getBoundingClientRect().bottom - window.innerHeight + 2)")
    click_key(page, f"{lesson.id}-{step.id}-option-{wrong}")
    settle(page)
    in_view(page, page.locator("[data-testid='stAlertContentError']"), "the explanation")
    click_key(page, f"{lesson.id}-{step.id}-option-{right}")
    settle(page)
    page.wait_for_timeout(300)
    in_view(page, page.locator("[data-testid='stAlertContentSuccess']"), "the verdict")
    in_view(page, page.locator("[class*='st-key-lesson-next'] button, [class*='st-key-lesson-finish'] button"),
            "Next (or Finish the lesson)")


# ----- target sizes, counts and ranks (issue 17) ---------------------------------------------
BOXES = """() => {
    const items = [...document.querySelectorAll('*')].flatMap(e => e.shadowRoot ? [...e.shadowRoot.querySelectorAll('.mt-item')] : []);
    const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
    return items.map(el => ({ kind: [...el.classList].find(c => c.startsWith('mt-') && c !== 'mt-item'),
                              button: el.tagName === 'BUTTON', box: box(el),
                              count: el.querySelector('.mt-count') ? box(el.querySelector('.mt-count')) : null,
                              glyph: el.querySelector('.mt-glyph') ? box(el.querySelector('.mt-glyph')) : null }));
}"""


def table_items(page) -> list[dict]:
    page.wait_for_function("() => [...document.querySelectorAll('*')].some(e => e.shadowRoot && e.shadowRoot.querySelector('.mt-item img'))",
                           timeout=15000)
    page.wait_for_timeout(200)  # the table's last redraw at its final size
    return page.evaluate(BOXES)


def gap(a, b) -> float:
    """The distance between two boxes (left, top, width, height); negative when they overlap."""
    dx = max(a[0] - (b[0] + b[2]), b[0] - (a[0] + a[2]))
    dy = max(a[1] - (b[1] + b[3]), b[1] - (a[1] + a[3]))
    return max(dx, dy)


def overlaps(a, b) -> bool:
    return a[0] < b[0] + b[2] - 0.5 and b[0] < a[0] + a[2] - 0.5 and a[1] < b[1] + b[3] - 0.5 and b[1] < a[1] + a[3] - 0.5


def big_enough_targets(page, piles: int) -> None:
    """WCAG 2.5.5: on a phone (390×844) and a laptop every one of the ``piles`` that can be
    chosen is at least 44×44 CSS px; at every size no two targets touch (at least 4 px apart)."""
    buttons = [item["box"] for item in table_items(page) if item["button"]]
    assert len(buttons) >= piles
    width, _height = page.viewport_size["width"], page.viewport_size["height"]
    if width in (390, 1366):
        small = [box for box in buttons if box[2] < 44 or box[3] < 44]
        assert not small, f"targets under 44×44 CSS px: {small}"
    else:  # a projector at 150 %: the table fits 480 px of height; still above WCAG 2.5.8's 24 px
        assert all(box[2] >= 24 and box[3] >= 24 for box in buttons)
    closest = min(gap(a, b) for a, b in itertools.combinations(buttons, 2))
    assert closest >= 4, f"two targets {closest:.1f} px apart"


ZOOMED = {"phone": (390, 844, 1), "200 % zoom": (683, 400, 2), "projector": (853, 480, 1.5)}


def test_pile_counts_never_cover_a_cards_index_or_face(browser, app_url):
    """A count sits in the card's blank foot: it covers nothing of its own card above the
    foot, and nothing of any other card (at 200 % zoom the badges once covered the pips). One
    page resized to each size: the table redraws itself to the width it is given."""
    from tutorial.draw.cards import FOOT

    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, locale="en-GB")
    page = context.new_page()
    game = PracticeGame(DealCode(4, 2817))
    for _ in range(12):
        game.decide("best")
    page.goto(f"{app_url}/practice?lang=en&deal=4-2817&moves={game.moves_text()}")
    settle(page)

    def check(size: str) -> None:
        items = table_items(page)
        faces = [item for item in items if item["kind"] in ("mt-common", "mt-discard", "mt-turned")]
        counted = [item for item in items if item["count"]]
        assert counted and any(item["kind"] != "mt-stock" for item in counted)
        for item in counted + [item for item in items if item["glyph"]]:
            x, y, w, h = item["box"]
            face_part = [x, y, w, h * (1 - FOOT) - 0.5]  # the index and the suit
            for badge in (item["count"], item["glyph"]):
                if badge is None:
                    continue
                if item["kind"] != "mt-stock":
                    assert not overlaps(badge, face_part), (size, item["kind"], badge, item["box"])
                for other in faces:
                    if other is not item:
                        assert not overlaps(badge, other["box"]), (size, "covers another card", badge, other["box"])

    for size, (width, height, _scale) in ZOOMED.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)  # the resize observer's redraw
        deadline = time.monotonic() + 5
        while True:  # the table is drawn again at the new width in a later frame
            try:
                check(size)
                break
            except AssertionError:
                if time.monotonic() > deadline:
                    raise
                page.wait_for_timeout(150)
    context.close()


@pytest.mark.parametrize("players", [4, 7])
def test_ranks_are_large_on_a_projector(browser, app_url, players):
    """Large indices: at 853×480 CSS px (1280×720 at 150 %) a rank's figures on the
    presenter's table are at least 14 CSS px tall (they were 7–10)."""
    from tutorial.draw.cards import RANK_HEIGHT

    context = browser.new_context(viewport={"width": 853, "height": 480}, device_scale_factor=1.5, locale="en-GB")
    page = context.new_page()
    game = PracticeGame(DealCode(players, 2817))
    for _ in range(3):
        game.decide("best")
    page.goto(f"{app_url}/practice?lang=en&deal={players}-2817&moves={game.moves_text()}&present=1")
    settle(page)
    faces = [item["box"] for item in table_items(page) if item["kind"] in ("mt-common", "mt-discard")]
    rank = min(box[3] for box in faces) * RANK_HEIGHT
    print(f"{players} players on a projector: cards {min(b[2] for b in faces):.1f} CSS px wide, ranks {rank:.1f} px tall")
    assert rank >= 14
    context.close()
