"""Fast clicks in a real browser: a click made on an old table never acts on a newer one (issue 7)."""

from .conftest import query, settle

FIRE_BOTH = """([first, second]) => {
    const a = document.querySelector(first), b = document.querySelector(second);
    a.click(); b.click();  // the second lands on the old table, before any redraw
}"""


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


def test_two_fast_clicks_on_the_table_place_one_card(page, app_url):
    page.goto(f"{app_url}/practice?lang=en&deal=4-1234&table=text")
    settle(page)
    page.evaluate(FIRE_BOTH, [key_selector(page, "practice-common-1"), key_selector(page, "practice-discard-A")])
    settle(page)
    moves = query(page).get("moves", "")
    assert moves.startswith("~") and len(moves) == 2, moves  # one decision, not two


def test_a_click_on_the_old_table_after_new_deal_is_ignored(page, app_url):
    page.goto(f"{app_url}/practice?lang=en&deal=4-1234&table=text")
    settle(page)
    page.evaluate(FIRE_BOTH, [key_selector(page, "practice-new"), key_selector(page, "practice-common-1")])
    settle(page)
    address = query(page)
    assert address.get("deal") != "4-1234" and not address.get("moves"), address


def test_a_double_click_on_next_moves_one_step(page, app_url):
    page.goto(f"{app_url}/lessons?lang=en&lesson=cards-and-fitting&table=text")
    settle(page)
    first = query(page).get("step")
    selector = key_selector(page, "lesson-next")
    page.evaluate(FIRE_BOTH, [selector, selector])
    settle(page)
    from tutorial.app.lesson_view import course

    lesson = next(item for item in course()[0] if item.id == "cards-and-fitting")
    ids = [step.id for step in lesson.steps]
    assert ids.index(query(page)["step"]) == ids.index(first) + 1


def test_home_answers_at_its_own_address(page, app_url):
    page.goto(f"{app_url}/home?lang=en")
    settle(page)
    assert "Muggins Tutor" in page.inner_text("h1")
    assert "Page not found" not in page.inner_text("body")


def test_a_double_click_in_the_position_lab_adds_one_player(page, app_url):
    page.goto(f"{app_url}/explore?lang=en&lab=position&table=text")
    settle(page)
    page.get_by_text("Edit the position").click()
    selector = key_selector(page, "lab-add")
    page.evaluate(FIRE_BOTH, [selector, selector])
    settle(page)
    from tutorial.app.position_lab import from_link
    from tutorial.engine.posfile import loads

    assert len(loads(from_link(query(page)["pos"])).players) == 5  # deal 4-1 and one more
