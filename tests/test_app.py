"""The Streamlit app through AppTest: lessons, language switching, refresh, practice."""

import json
import re

import pytest
from streamlit.testing.v1 import AppTest

from tutorial.app.lessons.state import course
from tutorial.cli.commands import APP_ENTRY
from tutorial.engine.position import Dest
from tutorial.i18n import translations
from tutorial.lessons.steps import AnswerMode

LESSONS, _PROBLEMS = course()


@pytest.fixture
def data_dir(monkeypatch, tmp_path):
    """The app's store in a fresh folder for this test (the shared store object is dropped
    before and after, so no other test sees it)."""
    from tutorial.app.practice import view as practice_view

    monkeypatch.setenv("MUGGINS_DATA_DIR", str(tmp_path))
    practice_view._store.clear()
    yield tmp_path
    practice_view._store.clear()


def app(**query) -> AppTest:
    """The app with these query parameters; the table as text (``table=text``) unless
    ``table`` is given, since AppTest cannot click inside the drawn table's component."""
    query.setdefault("table", "text")
    query = {key: value for key, value in query.items() if value is not None}
    at = AppTest.from_file(str(APP_ENTRY), default_timeout=30)
    for key, value in query.items():
        at.query_params[key] = value
    return at


def start(at, page=None):
    """First run (as a new browser session), then go to ``page`` like a click in the menu.

    AppTest forgets plain query parameters on a page switch before the first run,
    so the session starts on Home and the app keeps the URL it was opened with."""
    at.run()
    if page:
        at.switch_page(page).run()
    assert not at.exception
    return at


def button(at, key):
    """The button drawn for ``key``: action buttons carry the token of the state they
    were drawn for (``<key>-t<token>``, see tutorial/app/shell/clicks.py)."""
    found = [b for b in at.button if b.key == key or re.fullmatch(re.escape(key) + r"-t[0-9a-z]+", b.key or "")]
    assert len(found) == 1, (key, [b.key for b in at.button])
    return found[0]


def click(at, key):
    return button(at, key).click()


# ----- the browser's progress storage, simulated (tutorial/app/shell/storage.py) ----------------
def _storage_components(at):
    """The storage scripts the last run drew: the reader (until the stored value has arrived)
    or the short writer (after)."""
    return [element for element in at._tree if getattr(element, "type", "") == "bidi_component"
            and element.proto.component_name in ("muggins_storage", "muggins_storage_write")]


def stored_sent(at):
    """What the last run handed the browser's storage script (``None``: it was not drawn)."""
    found = _storage_components(at)
    return json.loads(found[0].proto.json) if found else None


def _table_store(at):
    """A write riding with a drawn table of the last run (tutorial/app/shell/storage.py, pending)."""
    for element in at._tree:
        if getattr(element, "type", "") == "bidi_component" and element.proto.component_name == "muggins_table":
            store = json.loads(element.proto.bytes or b"{}").get("store")
            if store:
                return store
    return None


def written(at):
    """The document the last run had the browser write (``None``: removed; ``"(nothing)"``):
    by a storage script or riding with the drawn table."""
    op = (stored_sent(at) or {}).get("op") or _table_store(at)
    return op["doc"] if op else "(nothing)"


def deliver(at, value):
    """The browser's answer on a page load, as its storage script sends it: what its
    ``localStorage`` holds (``None``: nothing). AppTest has no browser, so the component's
    state is put among the widget states of the next run, as the browser would."""
    states = at._tree.get_widget_states()
    widget = states.widgets.add()
    widget.id = _storage_components(at)[0].proto.id
    widget.json_value = json.dumps({"stored": {"session": at.session_state["storage"].session, "value": value}})
    at._run(states)
    assert not at.exception
    return at


def lesson_selector(at):
    """The lesson selector (its key carries a digest of its labels: session.labelled_key)."""
    return next(box for box in at.selectbox if box.key and box.key.startswith("lesson_choice-"))


def mode_radio(at):
    return next(radio for radio in at.radio if radio.key and radio.key.startswith("practice-w-mode-"))


def keys(at) -> list[str]:
    """Every button's key without its state token."""
    return [re.sub(r"-t[0-9a-z]+$", "", b.key) for b in at.button if b.key]


def plain(markdown: str) -> str:
    """What Markdown shows for text escaped by tutorial.app.shell.markup (backslash escapes and the
    invisible joiners that keep addresses from becoming links removed)."""
    return re.sub(r"\\(.)", r"\1", str(markdown)).replace("  \n", "\n").replace("\u2060", "")


def texts(at) -> str:
    parts = []
    for kind in ("markdown", "success", "error", "info", "warning", "caption", "header", "subheader", "title"):
        parts += [plain(element.value) for element in getattr(at, kind)]
    return "\n".join(parts)


def open_settings(at):
    """Open the *Table and deal* panel (AppTest does not keep a panel's open state between runs)."""
    at.session_state["practice-settings-panel"] = True
    at.run()
    assert not at.exception


def open_lessons(at, lang="en"):
    at.run()
    if lang != "en":
        at.radio(key="lang_choice").set_value(lang).run()
    at.switch_page("lessons/page.py").run()
    assert not at.exception
    return at


def lessons_state(at):
    """The lesson feature's state in the session (tutorial.app.lessons.model.LessonState)."""
    from tutorial.app.lessons.model import LessonState

    return at.session_state[LessonState.KEY]


def current_step(at):
    state = lessons_state(at)
    lesson = next(item for item in LESSONS if item.id == state.current)
    return lesson, lesson.steps[state.steps[lesson.id]]


def answer_step(at, lesson, step):
    """Answer the current step correctly, as a learner would by clicking."""
    prefix = f"{lesson.id}-{step.id}"
    if step.answered_by == AnswerMode.PILE:
        dest = Dest.parse(step.right[-1])
        click(at, f"{prefix}-{dest.kind}-{dest.target}").run()
    elif step.answered_by == AnswerMode.OPTION:
        button = "card" if any(option.card for option in step.options()) else "option"
        click(at, f"{prefix}-{button}-{step.right[0]}").run()
    elif step.answered_by == AnswerMode.MOVES:
        for _ in range(20):
            if f"{prefix}-next" not in keys(at):
                break
            click(at, f"{prefix}-next").run()
    assert not at.exception


@pytest.mark.parametrize("lang", ["en"])  # every lesson, both languages, wrong and right: tests/test_lesson_screen.py
@pytest.mark.parametrize("lesson", [lesson for lesson in LESSONS if lesson.id == "finishing"], ids=lambda lesson: lesson.id)
def test_a_lesson_can_be_completed_by_clicks(lesson, lang):
    """The page's wiring: every answer reaches the step, Next and Finish move on, the browser's
    storage keeps the completed lesson, the address does not (a lesson with a pile, options,
    cards and a walk-through)."""
    tr = translations(lang)
    at = deliver(open_lessons(app(), lang), None)
    lesson_selector(at).set_value(lesson.id).run()
    for index, step in enumerate(lesson.steps):
        assert current_step(at) == (lesson, step)
        assert tr.gettext(step.title) in texts(at)
        answer_step(at, lesson, step)
        if step.answered_by not in (AnswerMode.READ, AnswerMode.DEAL):
            assert at.success, f"step {step.id} shows no confirmation"
        if index < len(lesson.steps) - 1:
            click(at, "lesson-next").run()
    click(at, "lesson-finish").run()
    assert lesson.id in lessons_state(at).done
    assert tr.gettext("Lesson complete: {stars}.").split("{")[0] in texts(at)  # its stars follow (issue 38)
    assert lesson.id in json.loads(written(at))["done"] and "done" not in at.query_params


EXAMPLE_1 = dict(lesson="common-piles-first", step="example-1-place")  # docs/rules.md worked example 1
EXAMPLE_2 = dict(lesson="nearest-opponent", step="example-2-place")  # worked example 2


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_wrong_click_shows_the_explanation_then_allows_another_try():
    """The wiring of a pile step (its words: tests/test_lesson_screen.py): a wrong pile shows
    the error and no Next; a second marks the right pile in the text view; the right one
    shows the verdict."""
    at = open_lessons(app(**EXAMPLE_1))
    lesson, step = current_step(at)
    assert step.id == "example-1-place"
    click(at, f"{lesson.id}-{step.id}-discard-B").run()
    assert at.error and not at.success
    assert "lesson-next" not in keys(at)
    click(at, f"{lesson.id}-{step.id}-discard-A").run()  # a second wrong try: now the right pile is marked
    marked = [b for b in at.button if b.key.startswith(f"{lesson.id}-{step.id}-common-1-") and b.proto.type == "primary"]
    assert marked
    click(at, f"{lesson.id}-{step.id}-common-1").run()
    assert at.success and not at.error


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_language_switch_mid_lesson_keeps_the_step_and_answer():
    at = open_lessons(app(**EXAMPLE_1))
    lesson, step = current_step(at)
    click(at, f"{lesson.id}-{step.id}-discard-B").run()
    at.radio(key="lang_choice").set_value("es").run()
    assert current_step(at) == (lesson, step)
    es = translations("es")
    assert es.gettext(step.title) in texts(at)
    assert at.error and "Dónde debe ir la carta girada" in plain(at.error[0].value) and "B's discard" not in plain(at.error[0].value)
    assert at.query_params["lang"] in ("es", ["es"])


def back_or_forward(at, monkeypatch, **address):
    """A run as the browser's Back or Forward starts it: the address it brings back, a run that
    Streamlit marks as history navigation (session.history_navigation)."""
    from tutorial.app.shell import session

    for key in list(at.query_params):
        del at.query_params[key]
    for key, value in address.items():
        at.query_params[key] = value
    with monkeypatch.context() as patched:
        patched.setattr(session, "history_navigation", lambda: True)
        at.run()
    assert not at.exception
    return at


def test_back_and_forward_show_the_step_language_and_mode_of_the_address_they_bring_back(monkeypatch):
    """Each step change pushes an address; Back brought the last one back for an instant and the
    app wrote its own place over it (a learner pressed Back three times to leave a lesson of
    two steps taken). Now a run Back or Forward starts follows the address: its step, its
    language, presenter mode and the table's look; any other run keeps the session's place (a
    click's run may carry an older address)."""
    at = open_lessons(app(lesson=LESSONS[1].id, step=LESSONS[1].steps[0].id))
    for step in LESSONS[1].steps[:2]:
        answer_step(at, LESSONS[1], step)
        click(at, "lesson-next").run()
    assert current_step(at) == (LESSONS[1], LESSONS[1].steps[2])
    back_or_forward(at, monkeypatch, lang="es", table="text", lesson=LESSONS[1].id, step=LESSONS[1].steps[1].id)
    assert current_step(at) == (LESSONS[1], LESSONS[1].steps[1])
    assert at.query_params["step"] in (LESSONS[1].steps[1].id, [LESSONS[1].steps[1].id])
    assert at.session_state["lang_choice"] == "es" and translations("es").gettext(LESSONS[1].steps[1].title) in texts(at)
    back_or_forward(at, monkeypatch, lang="en", lesson=LESSONS[1].id, step=LESSONS[1].steps[2].id, present="1")
    assert current_step(at) == (LESSONS[1], LESSONS[1].steps[2]) and at.session_state["lang_choice"] == "en"
    assert at.session_state["present_switch"] is True and at.query_params["present"] in ("1", ["1"])
    assert at.session_state["table_text"] is False
    for key in list(at.query_params):  # an ordinary run with an older address (a click's): the place stays
        del at.query_params[key]
    at.query_params.update(lang="en", lesson=LESSONS[1].id, step=LESSONS[1].steps[0].id)
    at.run()
    assert current_step(at) == (LESSONS[1], LESSONS[1].steps[2])
    assert at.query_params["step"] in (LESSONS[1].steps[2].id, [LESSONS[1].steps[2].id])
    at.switch_page("explore/page.py").run()  # the explorer's lab switch pushes an address too
    assert at.query_params["lab"] in ("position", ["position"])
    back_or_forward(at, monkeypatch, lang="en", lab="variants")
    assert at.query_params["lab"] in ("variants", ["variants"]) and "variant-lab-run" in keys(at)
    back_or_forward(at, monkeypatch, lang="en", lab="position")
    assert "variant-lab-run" not in keys(at) and not at.warning


def test_an_address_brought_back_is_taken_only_where_it_makes_sense():
    """ShellState.follow: anyone can edit a history entry's address (pushState), so a language
    the app lacks keeps the learner's, a lesson id of another shape is no lesson, the switches
    take only their one value, and what the address lacks is dropped from what is kept."""
    from tutorial.app.shell.session import ShellState

    shell = ShellState(lang="es", kept={"lesson": "a", "step": "b", "deal": "4-9", "present": "1"})
    brought = shell.follow({"lang": "xx", "lesson": "x" * 200, "step": "welcome", "table": "yes", "deck": "4"})
    assert shell.lang == "es" and brought["lang"] == "es" and brought["lesson"] is None
    assert brought["table"] is None and brought["deck"] == "4" and brought["present"] is None
    assert shell.kept == {"step": "welcome", "deal": "4-9", "deck": "4"} and shell.followed is brought
    shell.follow({"lang": "en-GB", "lab": "variants"})
    assert shell.lang == "en" and shell.followed["lab"] == "variants" and "lab" not in shell.kept


def test_what_back_brought_is_read_only_in_the_run_back_started(monkeypatch):
    """A fragment's run after a Back (the practice table's, say) does not start at session.init,
    so what Back brought is still kept: read there, it turned presenter mode on again after Esc
    inside the fragment. It is read only in a run Streamlit marks as history navigation."""
    from tutorial.app.shell import session

    kept = session.ShellState(followed={"present": "1"})
    monkeypatch.setattr(session, "shell", lambda: kept)
    monkeypatch.setattr(session, "history_navigation", lambda: False)
    assert session.followed() is None
    monkeypatch.setattr(session, "history_navigation", lambda: True)
    assert session.followed() == {"present": "1"}


def test_scripts_drawn_once_are_drawn_again_when_the_browser_lacks_them():
    """The focus keeper and the history rule are drawn on a session's first run only; a first run
    cut short by a rerun can drop their element before its script loads (a focus test once found
    the keeper missing 15 s after the table came). The storage script's first answer says which
    are in the page; a missing one is drawn again in that run, and nothing more when both are."""
    def drawn(at):
        return {element.proto.component_name for element in at._tree if getattr(element, "type", "") == "bidi_component"}

    for scripts, again in (({"focus": False, "history": False}, {"muggins_focus", "muggins_history"}),
                           ({"focus": True, "history": True}, set())):
        at = app()
        at.run()
        assert {"muggins_focus", "muggins_history"} <= drawn(at)
        at.run()
        assert not {"muggins_focus", "muggins_history"} & drawn(at)  # drawn once: the scripts stay in the page
        states = at._tree.get_widget_states()
        widget = states.widgets.add()
        widget.id = _storage_components(at)[0].proto.id
        widget.json_value = json.dumps({"stored": {"session": at.session_state["storage"].session, "value": None,
                                                   "scripts": scripts}})
        at._run(states)
        assert not at.exception and {"muggins_focus", "muggins_history"} & drawn(at) == again, scripts


def test_refresh_restores_language_and_step_from_the_url():
    at = start(app(lang="es", **EXAMPLE_2), "lessons/page.py")
    lesson, step = current_step(at)
    assert (lesson.id, step.id) == (EXAMPLE_2["lesson"], EXAMPLE_2["step"])
    assert translations("es").gettext(step.title) in texts(at)


def test_odd_url_values_are_ignored():
    at = start(app(lang="xx", lesson="nope", step="<script>"), "lessons/page.py")
    lesson, step = current_step(at)
    assert step is lesson.steps[0]
    assert at.session_state["shell"].lang == "en"


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_a_links_lesson_or_step_of_another_shape_is_not_kept_in_every_pages_address():
    """A breaker's trial: Home kept ``lesson=<b>x`` (and a 60,000-character one) in its address."""
    at = start(app(lesson="<b>x" + "y" * 60_000, step="<i>"), "home/page.py")
    assert "lesson" not in at.query_params and "step" not in at.query_params and not at.exception
    fine = start(app(lesson=LESSONS[1].id, step=LESSONS[1].steps[1].id), "home/page.py")
    assert fine.query_params["lesson"] in (LESSONS[1].id, [LESSONS[1].id])


def test_browser_language_is_negotiated():
    at = app()
    at.context["locale"] = "es-MX"
    at.run()
    assert at.session_state["shell"].lang == "es"



def test_practice_piles_and_a_called_error_are_wired_and_the_address_restores_them():
    """The pile buttons, the verdict box and the pick of a called card's common pile (R4)
    through the page; the words of every verdict over whole hands are checked fast in
    tests/test_practice_screen.py (test_every_learner_error_is_explained_called_and_penalised_in_coach_mode)."""
    at = start(app(deal="4-77"), "practice/page.py")
    game = at.session_state["practice"].game
    errors = 0
    for turn in range(12):
        position = game.hand.turned.position
        legal = game.hand.legal()
        dest = legal.dests[0]
        if turn % 3 == 1:  # a deliberate error now and then
            wrong = [d for d in [Dest.common(n) for n in range(1, 5)] + [Dest.discard(p) for p in position.players]
                     if d not in legal.dests]
            dest = wrong[turn % len(wrong)]
            errors += 1
        click(at, f"practice-{dest.kind}-{dest.target}").run()
        assert not at.exception
        game = at.session_state["practice"].game
        if game.correcting is not None:  # several common piles fit the called card: the learner picks (R4)
            assert "you pick which" in plain(at.error[0].value)
            pick = game.correction_choices()[-1]
            click(at, f"practice-{pick.kind}-{pick.target}").run()
            game = at.session_state["practice"].game
        if turn % 3 == 1:
            message = plain(at.error[0].value)
            record = [r for r in game.hand.records if r.mover == "A" and r.card is not None][-1]
            assert record.called and "Muggins!" in message and "§" in message
            assert texts(at).count("gives you") == len(record.penalty)  # each donor's card under the box
    assert errors > 0 and len(game.decisions) >= 12
    # the URL holds the deal and the decisions: a refresh rebuilds the same game
    again = start(app(**{k: at.query_params[k] for k in ("deal", "moves")}), "practice/page.py")
    assert again.session_state["practice"].game.hand.position == game.hand.position


def test_reset_progress_also_restarts_lessons():
    last = LESSONS[0].steps[-1].id
    at = open_lessons(app(done=LESSONS[0].id, lesson=LESSONS[0].id, step=last))
    assert current_step(at)[1].id == last
    at.switch_page("home/page.py").run()
    click(at, "reset-progress").run()
    assert lessons_state(at).done != []  # asks first
    click(at, "reset-confirm").run()
    assert lessons_state(at).done == []
    at.switch_page("lessons/page.py").run()
    assert current_step(at)[1].id == LESSONS[0].steps[0].id


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_new_deal_asks_before_throwing_a_hand_away():
    at = start(app(deal="4-1"), "practice/page.py")
    game = at.session_state["practice"].game
    dest = game.hand.legal().dests[0]
    click(at, f"practice-{dest.kind}-{dest.target}").run()
    click(at, "practice-new").run()
    assert str(at.session_state["practice"].game.code) == "4-1"
    click(at, "practice-keep").run()
    assert str(at.session_state["practice"].game.code) == "4-1"
    click(at, "practice-new").run()
    click(at, "practice-confirm-new").run()
    assert str(at.session_state["practice"].game.code) != "4-1"


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_every_page_renders_in_both_languages():
    for lang in ("en", "es"):
        at = start(app(lang=lang))
        for page in ("home/page.py", "lessons/page.py", "practice/page.py", "training/page.py", "progress/page.py",
                     "rules/page.py"):
            at.switch_page(page).run()
            assert not at.exception, (lang, page)
            assert at.title


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_address_keeps_the_game_on_the_practice_page_only_and_an_old_bookmarks_progress_in_the_session():
    """The progress is no longer put into the address (tests/test_progress_storage.py: it goes to
    the browser's storage); an old bookmark's ``done`` is read once and kept. The practice game
    under way is in the Practice page's address only: a link to another page does not share it,
    yet the session keeps it, and back on Practice the address carries it again."""
    first = LESSONS[0].id
    at = start(app(done=f"{first},unknown", deal="4-9"), "practice/page.py")
    assert at.query_params["deal"] in ("4-9", ["4-9"])
    for page in ("rules/page.py", "home/page.py", "lessons/page.py", "training/page.py",
                 "practice/page.py"):
        at.switch_page(page).run()
        assert "done" not in at.query_params and lessons_state(at).done == [first], page
        shown = {key for key in ("deal", "moves", "seat", "game", "saved") if key in at.query_params}
        if page == "practice/page.py":
            assert at.query_params["deal"] in ("4-9", ["4-9"]), page
        else:
            assert not shown, (page, shown)
            assert at.query_params["lang"] in ("en", ["en"]), page


def test_lang_param_with_region_is_understood():
    at = start(app(lang="es-ES"))
    assert at.session_state["shell"].lang == "es"


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_a_language_the_app_does_not_have_is_said_and_the_page_is_in_another():
    at = start(app(lang="de"))
    said = " ".join(plain(box.value) for box in at.info)
    assert "the language “de”, which this app does not have, so the page is in English" in said, said
    assert at.session_state["shell"].lang == "en"
    for understood in ("es-MX", "ES", ""):
        fine = start(app(lang=understood))
        assert not any("does not have" in plain(box.value) for box in fine.info), understood


def test_rules_page_links_each_section_to_its_lesson():
    """Which lessons each section links: tests/test_home_rules_models.py; here the button opens one."""
    at = start(app(), "rules/page.py")
    click(at, "rules-recycle-recycling").run()
    assert lessons_state(at).current == "recycling"
    assert any(t.value == "Lessons" for t in at.title)


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_progress_and_check_results_survive_a_refresh():
    lesson = next(lesson for lesson in LESSONS if lesson.check_steps)
    at = deliver(open_lessons(app()), None)
    lesson_selector(at).set_value(lesson.id).run()
    for index, step in enumerate(lesson.steps):
        answer_step(at, lesson, step)
        if index < len(lesson.steps) - 1:
            click(at, "lesson-next").run()
    click(at, "lesson-finish").run()
    total = len(lesson.check_steps)
    assert lessons_state(at).checks[lesson.id] == (total, total)
    stored = written(at)
    # a refresh is a new session opened on the same address, the same browser storage sent to it
    again = deliver(start(app(**{k: at.query_params[k] for k in at.query_params}), "home/page.py"), stored)
    assert lesson.id in lessons_state(again).done
    assert lessons_state(again).checks[lesson.id] == (total, total)
    assert any(f"{total} of {total}" in str(b.label) for b in again.button)



def test_the_practice_page_and_the_shell_keep_their_state_under_one_key_each():
    """Issue 18: typed state, one session key per feature (practice, presenter, the shell, the
    focus keeper); the page's other keys are its widgets' (``practice-…``, the hints switch)."""
    from tutorial.app.practice.state import HINTS, PracticeState

    at = start(app(deal="4-21"), "practice/page.py")
    game = at.session_state[PracticeState.KEY].game
    dest = game.hand.legal().dests[0]
    click(at, f"practice-{dest.kind}-{dest.target}").run()
    keys = set(at.session_state.keys())
    assert {"practice", "presenter", "shell", "focus"} <= keys
    assert all(key.startswith("practice-") or key in ("practice", HINTS) for key in keys if key.startswith("practice"))
    old = {"lang", "_initialised", "_url", "_url_seed", "_pages", "_present", "_present_zoom", "_present_turn",
           "_present_keys_seen", "_focus_request", "_focus_requests", "_focus_sent", "_focus_labels"}
    assert not keys & old


def test_practice_at_a_big_table_from_the_url_keeps_the_seat():
    """(Whole hands at every table size are played fast in tests/test_practice_screen.py.)"""
    at = start(app(deal="7-8", seat="G"), "practice/page.py")
    game = at.session_state["practice"].game
    assert game.code.players == 7 and game.learner == "G"
    for _turn in range(3):
        dest = game.hand.legal().dests[-1]
        click(at, f"practice-{dest.kind}-{dest.target}").run()
        assert not at.exception
        game = at.session_state["practice"].game
    assert len(game.decisions) == 3 and at.query_params["seat"] in ("G", ["G"])


def test_hints_mark_the_legal_piles_and_undo_takes_a_card_back():
    at = start(app(deal="4-21"), "practice/page.py")
    game = at.session_state["practice"].game
    legal = set(game.hand.legal().dests)
    at.toggle(key="practice_hints").set_value(True).run()
    piles = [b for b in at.button if b.key and (b.key.startswith("practice-common-") or b.key.startswith("practice-discard-"))]
    primary = {re.sub(r"-t[0-9a-z]+$", "", b.key) for b in piles if b.proto.type == "primary"}
    assert primary == {f"practice-{d.kind}-{d.target}" for d in legal}
    before = game.hand.position
    dest = sorted(legal)[0]
    click(at, f"practice-{dest.kind}-{dest.target}").run()
    assert len(at.session_state["practice"].game.decisions) == 1
    click(at, "practice-undo").run()
    game = at.session_state["practice"].game
    assert game.decisions == [] and game.hand.position == before
    assert "was taken back" in plain(at.info[0].value) and not at.success  # not the previous turn's "Right."
    at.toggle(key="practice_hints").set_value(False).run()
    assert "was taken back" in plain(at.info[0].value)  # until the next move


def test_table_mode_from_the_url_learner_calls_and_lets_play_go_on():
    """The call and Next buttons through the page (the review's count of calls:
    tests/test_practice_screen.py::test_the_review_counts_the_learners_calls)."""
    at = start(app(deal="4-12", game="table.a0.s100.h1.t60"), "practice/page.py")
    game = at.session_state["practice"].game
    assert game.settings.mode == "table"
    calls = nexts = 0
    for _turn in range(100):
        game = at.session_state["practice"].game
        if nexts:
            break
        if game.watching is not None:
            if calls < 2:
                click(at, "practice-call").run()
                calls += 1
                assert at.success and "Right to call" in plain(at.success[0].value)
            else:
                click(at, "practice-next").run()
                nexts += 1
        else:
            dest = game.hand.legal().dests[0]
            click(at, f"practice-{dest.kind}-{dest.target}").run()
        assert not at.exception
    game = at.session_state["practice"].game
    assert calls == 2 and nexts == 1 and len(game.calls) == 2 and "next" in game.decisions
    again = start(app(**{k: at.query_params[k] for k in ("deal", "moves", "game")}), "practice/page.py")
    assert again.session_state["practice"].game.token == game.token


def test_a_match_of_two_hands_with_scoreboard_and_summary():
    at = start(app(deal="7-8", game="coach.p1.h2.t1000"), "practice/page.py")
    for _turn in range(2000):
        game = at.session_state["practice"].game
        if game.match_over:
            break
        if game.hand_over:
            assert "Your hand in review" in texts(at)
            click(at, "practice-next-hand").run()
            continue
        dest = game.hand.legal().dests[0]
        click(at, f"practice-{dest.kind}-{dest.target}").run()
        assert not at.exception
    game = at.session_state["practice"].game
    assert game.match_over and len(game.outcomes) == 2
    body = texts(at)
    assert "Match: hand 2 of 2" in body and ("wins the match" in body or "share the match" in body or "You win the match" in body)
    assert "You made no errors in this hand." in body
    logs = lambda: [b for b in at.get("download_button") if not b.key.startswith("practice-save-")]  # noqa: E731
    assert len(logs()) == 0  # the hand log is built only when its panel is opened
    at.session_state["practice-log-panel"] = True
    at.run()
    assert len(logs()) == 1 and "turns up" in texts(at)


@pytest.mark.parametrize("query, needle", [
    (dict(lesson="no-such-lesson"), "a lesson that does not exist (“no-such-lesson”)"),
    (dict(lesson="common-piles-first", step="no-such-step"), "a step that this lesson does not have (“no-such-step”)"),
])
def test_an_unknown_lesson_or_step_in_the_address_is_said(query, needle):
    at = start(app(**query), "lessons/page.py")
    assert needle in plain(at.warning[0].value)
    lesson, step = current_step(at)
    assert step is lesson.steps[0]


MARKDOWN_BAIT = ["[Sign in again](https://example.invalid)", "![x](https://example.invalid/x.png)",
                 ":red[alarm] **bold** $x^2$ <b>b</b>"]


QUOTED_PARAMS = ["deal", "seat", "game", "moves", "lesson", "step", "saved"]


# Each part of the address that is quoted back, with each bait in turn (every part once, every
# bait at least twice): the escaping itself is one function, tested on every bait in
# test_literal_escapes_every_bait; here the wiring, that every part goes through it.
@pytest.mark.parametrize(("param", "bait"), [(param, MARKDOWN_BAIT[i % len(MARKDOWN_BAIT)])
                                             for i, param in enumerate(QUOTED_PARAMS)])
def test_text_quoted_from_the_address_is_shown_literally(param, bait):
    query = {"deal": "4-5", param: bait}
    if param in ("lesson", "step"):
        query = {"lesson": "common-piles-first", param: bait} if param == "step" else {param: bait}
    at = start(app(**query), "lessons/page.py" if param in ("lesson", "step") else "practice/page.py")
    shown = [w.value for w in at.warning]
    assert shown, (param, bait)
    for raw in shown:
        # every Markdown character that came from the address is escaped: no link, image, directive or maths
        assert not re.search(r"(?<!\\)[\[\]()$<>*:!]", raw), raw
    assert any(bait[:12] in plain(raw) for raw in shown), shown


def test_the_first_deal_after_a_language_switch_uses_the_panel_as_set():
    at = start(app(), "practice/page.py")
    open_settings(at)
    at.radio(key="lang_choice").set_value("es").run()
    open_settings(at)
    assert mode_radio(at).value == "coach"  # still chosen after the switch
    mode_radio(at).set_value("table").run()
    open_settings(at)
    at.text_input(key="practice-w-code").set_value("5-777").run()
    open_settings(at)
    click(at, "practice-deal").run()
    assert not at.error, [plain(e.value) for e in at.error]
    game = at.session_state["practice"].game
    assert str(game.code) == "5-777" and game.settings.mode == "table"
    at.radio(key="lang_choice").set_value("en").run()
    open_settings(at)
    assert mode_radio(at).value == "table"


def test_deal_in_the_panel_asks_before_throwing_a_hand_away():
    at = start(app(deal="4-1"), "practice/page.py")
    game = at.session_state["practice"].game
    dest = game.hand.legal().dests[0]
    click(at, f"practice-{dest.kind}-{dest.target}").run()
    open_settings(at)
    at.text_input(key="practice-w-code").set_value("4-2").run()
    open_settings(at)
    click(at, "practice-deal").run()
    assert str(at.session_state["practice"].game.code) == "4-1" and "will be lost" in texts(at)
    click(at, "practice-confirm-new").run()
    assert str(at.session_state["practice"].game.code) == "4-2"


def test_buttons_carry_the_state_they_were_drawn_for():
    """A click queued on an earlier table targets a key that is no longer drawn, so
    Streamlit drops it (the real-browser test fires such clicks)."""
    at = start(app(deal="4-1234"), "practice/page.py")
    before = {b.key for b in at.button}
    game = at.session_state["practice"].game
    dest = game.hand.legal().dests[0]
    click(at, f"practice-{dest.kind}-{dest.target}").run()
    after = {b.key for b in at.button}
    # *Save…* keeps its key: it changes nothing, it opens a pop-up of the table as it is then
    assert before.isdisjoint(after - {None, "practice-save"})
    assert all(key.endswith("-t" + at.session_state["practice"].game.token) for key in after
               if key.startswith("practice-common") or key.startswith("practice-discard"))


def test_a_game_too_long_for_the_address_is_kept_in_the_store(monkeypatch, data_dir):
    from tutorial.app.practice import view as practice_view

    monkeypatch.setattr(practice_view, "ADDRESS_LIMIT", 3)
    at = start(app(deal="4-31"), "practice/page.py")
    for _ in range(4):
        game = at.session_state["practice"].game
        dest = game.hand.legal().dests[-1]
        click(at, f"practice-{dest.kind}-{dest.target}").run()
    game = at.session_state["practice"].game
    assert "moves" not in at.query_params and "deal" not in at.query_params
    saved = at.query_params["saved"]
    saved = saved if isinstance(saved, str) else saved[0]
    again = start(app(saved=saved), "practice/page.py")  # a refresh: a new session on the same address
    assert again.session_state["practice"].game.token == game.token and not again.warning
    missing = start(app(saved="nothing-here"), "practice/page.py")
    assert "not kept on this server" in plain(missing.warning[0].value)


def test_nobody_is_shown_to_move_once_the_move_is_made():
    at = open_lessons(app(**EXAMPLE_1))
    lesson, step = current_step(at)
    assert "A · your turn" in texts(at)
    click(at, f"{lesson.id}-{step.id}-common-1").run()
    assert at.success and "to move" not in texts(at)


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_everyone_who_opens_a_saved_link_keeps_their_own_game(monkeypatch, data_dir):
    from tutorial.app.practice import view as practice_view

    monkeypatch.setattr(practice_view, "ADDRESS_LIMIT", 3)
    teacher = start(app(deal="4-7"), "practice/page.py")
    for _ in range(3):
        dest = teacher.session_state["practice"].game.hand.legal().dests[0]
        click(teacher, f"practice-{dest.kind}-{dest.target}").run()
    shared = teacher.query_params["saved"]
    shared = shared if isinstance(shared, str) else shared[0]
    original = teacher.session_state["practice"].game.token
    for learner in (start(app(saved=shared), "practice/page.py"), start(app(saved=shared), "practice/page.py")):
        assert learner.session_state["practice"].game.token == original and not learner.warning
        dest = learner.session_state["practice"].game.hand.legal().dests[-1]
        click(learner, f"practice-{dest.kind}-{dest.target}").run()
        own = learner.query_params["saved"]
        assert (own if isinstance(own, str) else own[0]) != shared  # a new key for the learner's own game
    again = start(app(saved=shared), "practice/page.py")
    assert again.session_state["practice"].game.token == original  # the shared game is as it was


@pytest.mark.parametrize("damage", ["schema", "body"])  # every damaged body: test_practice_screen.py::test_a_damaged_saved_game_is_refused
def test_a_damaged_store_is_explained_never_a_traceback(data_dir, damage):
    import sqlite3

    from tutorial.store import open_store

    store = open_store(data_dir)
    store.save_game("k1", {"body": '{"moves": "~."}', "nested": "[" * 100000 + "]" * 100000}.get(damage, '{"deal": "4-1"}'))
    if damage == "schema":
        with sqlite3.connect(data_dir / "muggins.sqlite3") as db:
            db.execute("UPDATE meta SET value = 'abc' WHERE name = 'schema'")
    at = start(app(saved="k1"), "practice/page.py")
    assert not at.exception
    said = " ".join(plain(w.value) for w in at.warning)
    assert ("cannot read its store" in said) if damage == "schema" else ("damaged" in said)
    assert "fresh deal" in said
    if damage == "schema":  # the store mended: Try again opens the saved game, still in the address
        assert at.query_params["saved"] in ("k1", ["k1"])
        from tutorial.store.schema import SCHEMA_VERSION

        with sqlite3.connect(data_dir / "muggins.sqlite3") as db:
            db.execute("UPDATE meta SET value = ? WHERE name = 'schema'", (str(SCHEMA_VERSION),))
        click(at, "practice-retry-saved").run()
        assert not at.exception and not at.warning
        assert str(at.session_state["practice"].game.code) == "4-1"


def test_a_saved_link_is_kept_by_the_session_on_every_page_but_not_put_in_their_address():
    at = start(app(saved="abcdef"), "rules/page.py")
    for page in ("home/page.py", "lessons/page.py", "rules/page.py"):
        at.switch_page(page).run()
        assert at.session_state["shell"].kept["saved"] == "abcdef", page
        assert "saved" not in at.query_params, page


def test_after_finishing_a_lesson_the_next_lesson_opens_and_the_selector_follows():
    """The selector's labels gain a ✓ when a lesson is finished; the browser then sends the
    old label back. The selector is a new widget then, so the next click still works."""
    first, second = LESSONS[0], LESSONS[1]
    at = open_lessons(app(lesson=first.id, step=first.steps[-1].id))
    answer_step(at, first, first.steps[-1])
    before = lesson_selector(at).key
    click(at, "lesson-finish").run()
    assert lesson_selector(at).key != before  # the ✓ changed the labels, so the widget is a new one
    click(at, "lesson-following").run()
    assert lessons_state(at).current == second.id and lesson_selector(at).value == second.id


def drawn_tables(at) -> int:
    """How many drawn tables (the browser component) the page holds."""
    def walk(node):
        for child in getattr(node, "children", {}).values():
            yield child
            yield from walk(child)
    return sum(getattr(element, "type", "") == "bidi_component" and element.proto.component_name == "muggins_table"
               for element in walk(at._tree))


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_the_rules_page_draws_the_seats_and_a_turned_card_where_it_may_go():
    at = start(app(table=None), "rules/page.py")  # their words: tests/test_home_rules_models.py
    assert drawn_tables(at) == 2 and len(at.caption) >= 2
    text = start(app(), "rules/page.py")  # the text view draws the same tables as words and buttons
    assert drawn_tables(text) == 0 and "Common piles" in texts(text)


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_the_four_colour_deck_reaches_the_text_view_too():
    labels = lambda at: " ".join(b.label for b in at.button)  # noqa: E731
    plain_deck = start(app(deal="4-1234"), "practice/page.py")
    four = start(app(deal="4-1234", deck="4"), "practice/page.py")
    assert ":green[6♣]" not in labels(plain_deck) and ":red[Q♥]" in labels(plain_deck)
    assert ":green[6♣]" in labels(four) and ":red[Q♥]" in labels(four)


def test_quoted_addresses_never_become_links():
    """Bare web and e-mail addresses are links in Streamlit's Markdown even with their dots
    escaped: text shown literally carries an invisible joiner inside each."""
    from tutorial.app.shell.markup import literal

    for text in ("www.evil.example", "http://x.example/a", "HTTPS://A.B", "me@evil.example", "mailto:me@x.y"):
        shown = literal(text)
        assert "\u2060" in shown and shown.replace("\u2060", "").replace("\\", "") == text
    assert literal("plain 1.5") == "plain 1\\.5"


def test_literal_escapes_every_bait():
    from tutorial.app.shell.markup import literal

    for bait in MARKDOWN_BAIT:
        shown = literal(bait)
        assert not re.search(r"(?<!\\)[\[\]()$<>*:!]", shown), shown
        assert shown.replace("\\", "").replace("\u2060", "") == bait
    # bidirectional controls would turn the app's own sentence around the quote backwards (found by a trial)
    assert literal("call\u202e.1.1\u2066x\u2069") == "call\\.1\\.1x"


EMPTY_PARTS = [".", "coach.", "coach..h1", "table..a50", "..."]
"""Game settings with an empty part; how each is read is the settings parser's (test_practice.py)."""
VISITS = [{"deal": "4-1234", "moves": "~."}, {}, {"present": "1", "deal": "4-1234"}]
"""With moves, alone, in presenter mode."""


@pytest.mark.parametrize(("settings", "extra"), [(settings, VISITS[i % len(VISITS)]) for i, settings in enumerate(EMPTY_PARTS)])
def test_an_empty_part_in_the_game_settings_is_explained_and_every_later_visit_works(settings, extra):
    at = start(app(game=settings, **extra), "practice/page.py")
    said = " ".join(plain(w.value) for w in at.warning)
    if "present" not in extra:  # presenter mode shows the class the table, not the address's problems
        assert "game settings in the link cannot be used" in said
    game = at.session_state["practice"].game
    assert game.settings.to_text() == "coach.p1.h1.t1000"
    assert "game" not in at.query_params  # the address no longer keeps the bad part
    for page in ("home/page.py", "practice/page.py"):  # later visits in the same session
        at.switch_page(page).run()
        assert not at.exception


def test_an_empty_part_in_the_settings_of_a_saved_game_is_explained(data_dir):
    import json

    from tutorial.store import open_store

    open_store(data_dir).save_game("k2", json.dumps({"deal": "4-1234", "moves": "~.", "seat": None, "game": "coach..h1"}))
    at = start(app(saved="k2"), "practice/page.py")
    said = " ".join(plain(w.value) for w in at.warning)
    assert "game settings in the link cannot be used" in said
    assert len(at.session_state["practice"].game.decisions) == 1  # the game itself is kept


def play_long(at, clicks=4):
    """Place ``clicks`` cards (a game longer than the patched address limit)."""
    for _ in range(clicks):
        dest = at.session_state["practice"].game.hand.legal().dests[-1]
        click(at, f"practice-{dest.kind}-{dest.target}").run()
    return at


def test_a_store_that_cannot_keep_a_game_is_logged_and_the_learner_told(monkeypatch, data_dir, caplog):
    from tutorial.app.practice import view as practice_view

    monkeypatch.setattr(practice_view, "ADDRESS_LIMIT", 3)
    blocked = data_dir / "not-a-folder"
    blocked.write_text("a file where the data folder should be")
    monkeypatch.setenv("MUGGINS_DATA_DIR", str(blocked))
    with caplog.at_level("WARNING", logger="tutorial"):
        at = play_long(start(app(deal="4-31"), "practice/page.py"))
    assert not at.exception
    assert any("cannot keep it" in plain(w.value) for w in at.warning)  # told once, in their language
    logged = [r for r in caplog.records if r.name == "tutorial.app.practice.view" and r.levelname == "WARNING"]
    assert logged and "keep a game too long for its address" in logged[0].getMessage()
    assert "moves" in at.query_params  # the long address is kept instead
    # the cause goes (the folder can be used again): the next placement is kept, nothing cached the failure
    monkeypatch.setenv("MUGGINS_DATA_DIR", str(data_dir / "good"))
    play_long(at, 1)
    assert "saved" in at.query_params and "moves" not in at.query_params


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_a_database_file_deleted_while_in_use_is_made_again(monkeypatch, data_dir, caplog):
    from tutorial.app.practice import view as practice_view

    monkeypatch.setattr(practice_view, "ADDRESS_LIMIT", 3)
    at = play_long(start(app(deal="4-31"), "practice/page.py"))
    assert "saved" in at.query_params
    for name in ("muggins.sqlite3", "muggins.sqlite3-wal", "muggins.sqlite3-shm"):
        (data_dir / name).unlink(missing_ok=True)
    with caplog.at_level("WARNING", logger="tutorial"):
        play_long(at, 1)
    assert any("no such table" in r.getMessage() for r in caplog.records)  # logged, then the store reopened
    saved = at.query_params["saved"]
    again = start(app(saved=saved if isinstance(saved, str) else saved[0]), "practice/page.py")
    assert again.session_state["practice"].game.token == at.session_state["practice"].game.token and not again.warning


@pytest.mark.parametrize("public, expected", [
    ("HTTPS://Cards.School.example/", "https://Cards.School.example"), ("Http://10.0.0.5:8501/app/", "http://10.0.0.5:8501/app"),
    ("https://muggins.example", "https://muggins.example"),
])
def test_the_public_address_is_read_whatever_the_case_of_its_scheme(public, expected):
    from tutorial.app.shell.share import resolve_base

    assert resolve_base("http://localhost:8501/practice", public=public, bound="", ip=lambda: None) == (expected, "public")


@pytest.mark.parametrize("public", ["https://", "ftp://files.example", "cards.school.example", "  "])
def test_a_public_address_that_is_not_one_is_ignored(public):
    from tutorial.app.shell.share import resolve_base

    assert resolve_base("http://localhost:8501/practice", public=public, bound="", ip=lambda: "10.0.0.5") == (
        "http://10.0.0.5:8501", "network")


# ----- any address on any page: a page, never a traceback (issue 17, item 9) -----------------
from hypothesis import HealthCheck, example, given  # noqa: E402
from hypothesis import settings as hyp_settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

ODD = st.one_of(st.sampled_from(["", ".", "..", "~", "~z", "~.", "coach.", "coach..h1", "table.", "1", "0", "-1", "٣", "1_0",
                                 "²", "x" * 300, "4-1234", "3-39", "8-1", "A", "z", "%00", "[", "<b>x</b>", "[a](javascript:x)",
                                 "en", "ES", "es-MX", "text", "4", "lesson-1", "step-1"]),
                st.text(max_size=40))
ADDRESS_KEYS = ("lang", "lesson", "step", "done", "checks", "deal", "moves", "seat", "game", "saved", "table", "deck",
                "present", "lab", "pos", "ex")


@pytest.mark.no_cover  # a robustness run: every line it reaches other tests cover (measured with --cov-context=test)
@hyp_settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@example(query={"game": "coach..h1", "deal": "4-1234"}, page="practice")
@example(query={"game": ".", "present": "1"}, page="practice")
@example(query={"ex": "[a](javascript:x)", "done": "x" * 300}, page="training")
@given(query=st.dictionaries(st.sampled_from(ADDRESS_KEYS), ODD, max_size=6),
       page=st.sampled_from(["home", "lessons", "practice", "training", "rules", "explore"]))
@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_any_address_on_any_page_gives_a_page_not_a_traceback(data_dir, query, page):
    query = {key: value for key, value in query.items() if "\x00" not in value}
    at = start(app(**query), f"{page}/page.py")
    assert not at.exception
    at.run()  # a later rerun in the same session (the address as the app kept it)
    assert not at.exception


@hyp_settings(max_examples=300, deadline=None)
@given(text=st.one_of(ODD, st.text(), st.binary().map(lambda b: b.decode("latin-1"))))
def test_the_address_parsers_outside_practice_never_raise(text):
    from tutorial.app.explore.position_text import from_link
    from tutorial.i18n import header_languages, match_language, negotiate, normalize

    assert normalize(text) in (None, "en", "es")
    assert match_language(text) in (None, "en", "es")
    assert negotiate(header_languages(text)) in ("en", "es")
    assert from_link(text) is None or isinstance(from_link(text), str)
    for lesson in LESSONS[:2]:
        assert lesson.step_index(text) is None or 0 <= lesson.step_index(text) < len(lesson.steps)


def test_save_opens_a_pop_up_with_the_picture_and_the_position():
    """*Save…* is one small button (a download button sends a new file id on every click);
    the pop-up it opens holds the two downloads."""
    at = start(app(deal="4-2817", lang="en"), "practice/page.py")
    assert not [b for b in at.get("download_button") if b.key.startswith("practice-save-")]
    at.button(key="practice-save").click().run()
    saves = {b.key: b.proto for b in at.get("download_button") if b.key.startswith("practice-save-")}
    assert set(saves) == {"practice-save-picture", "practice-save-position"}
    # made with the pop-up, kept for this session: a file made on the click (a deferred download)
    # belongs to no session, and a busy server deleted it before the browser fetched it
    assert all(proto.url and not proto.deferred_file_id for proto in saves.values())


@pytest.mark.parametrize("text, limit", [("12000", 12000), (" 300 ", 300), ("", 8000), ("0", 8000), ("100001", 8000),
                                         ("1e4", 8000), ("١٢", 8000), ("-5", 8000)])
def test_the_address_limit_takes_plain_numbers_and_says_when_it_cannot(text, limit, caplog):
    from tutorial.app.practice.view import _address_limit

    with caplog.at_level("WARNING"):
        assert _address_limit({"MUGGINS_ADDRESS_LIMIT": text}) == limit
    assert ("8000 used" in caplog.text) == (limit == 8000 and bool(text))


def test_a_page_that_gets_no_turn_from_its_address_s_share_says_so_and_draws_nothing_else(monkeypatch):
    """One address's pages run a few at a time (tutorial/app/shell/fair.py); one that waited too
    long says so, in the learner's language, instead of drawing a page."""
    from tutorial.app.shell import fair

    monkeypatch.setattr(fair, "SHARE", fair.FairShare(per_address=0, wait=0))
    at = start(app(lang="es"))
    assert "esperado demasiado su turno" in texts(at)
    assert not at.button and not at.radio  # no sidebar, no page
    monkeypatch.setattr(fair, "SHARE", fair.FairShare())
    at.run()
    assert "esperado demasiado" not in texts(at) and at.radio
