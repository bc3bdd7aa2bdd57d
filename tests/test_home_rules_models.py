"""The Home and Rules pages' screen models (tutorial/app/home/model.py, tutorial/app/rules/model.py),
without Streamlit: progress shown on Home and the reset asked first; the rules' sections, their
lessons and figures, the rulings and variants (issue 18)."""

from __future__ import annotations

from tutorial.app.home.model import CONFIRMING, HomeScreen, HomeState
from tutorial.app.lessons.state import course
from tutorial.app.rules.model import RulesScreen
from tutorial.i18n import translations
from tutorial.narrate import narrator
from tutorial.rules_text import RULINGS, SECTIONS, VARIANT_RULINGS

LESSONS, _PROBLEMS = course()


def home(done=(), results=None, lang="en", state=None) -> HomeScreen:  # type: ignore[no-untyped-def]
    return HomeScreen(state or HomeState(), LESSONS, list(done), results or {}, translations(lang))


def test_home_offers_the_first_lesson_then_the_next_one_not_done() -> None:
    fresh = home()
    assert fresh.following() is LESSONS[0] and fresh.continue_label() == f"Start: {LESSONS[0].title}"
    assert fresh.completed() == f"0 of {len(LESSONS)} lessons completed."
    later = home(done=[LESSONS[0].id], lang="es")
    assert later.following() is LESSONS[1] and later.continue_label().startswith("Continuar")  # type: ignore[union-attr]
    finished = home(done=[lesson.id for lesson in LESSONS])
    assert finished.following() is None and finished.continue_label() is None


def test_home_lists_every_lesson_with_its_check_result() -> None:
    lesson = next(item for item in LESSONS if item.check_steps)
    total = len(lesson.check_steps)
    lines = home(done=[lesson.id], results={lesson.id: (total, total)}).lines()
    assert [line.id for line in lines] == [item.id for item in LESSONS]
    line = next(line for line in lines if line.id == lesson.id)
    assert line.done and line.label.endswith("· ★★★ 3 of 3 stars")  # every check question right at the first try
    assert lines[0].label.startswith("1. ") and sum(line.done for line in lines) == 1


def test_reset_is_asked_first_and_only_once_a_lesson_is_done() -> None:
    state = HomeState()
    nothing = home(state=state)
    nothing.ask_reset()
    assert not nothing.can_reset() and not nothing.confirming and nothing.token() == ""
    screen = home(done=[LESSONS[0].id], state=state)
    screen.ask_reset()
    assert screen.confirming and screen.token() == CONFIRMING
    screen.keep()
    assert not screen.confirming and screen.confirm_reset() is False  # a late yes after "keep" does nothing
    assert screen.forgotten_line() is None
    screen.ask_reset()
    assert screen.confirm_reset() is True and not state.confirm_reset
    said = screen.forgotten_line()
    # said again on a run no action caused (a double click's refused second click reruns the
    # page), until the next action on Home or a visit to another page
    assert said is not None and "reset" in said and screen.forgotten_line() == said
    screen.show_code()
    assert screen.forgotten_line() is None
    screen.ask_reset()
    assert screen.confirm_reset() and screen.forgotten_line() == said
    screen.arrived()  # back on Home from another page
    assert screen.forgotten_line() is None
    spanish = home(done=[LESSONS[0].id], state=HomeState(), lang="es")
    spanish.ask_reset()
    assert spanish.confirm_reset() and spanish.forgotten_line() != said


def test_reset_is_offered_to_a_learner_who_only_trained_or_practised() -> None:
    """A learner with a training schedule and practice hands but no lesson done had no way to
    reset (found by a trial)."""
    state = HomeState()
    trained = HomeScreen(state, LESSONS, [], {}, translations("en"), more=True)
    assert trained.can_reset()
    trained.ask_reset()
    assert trained.confirming and trained.confirm_reset() is True


def test_every_rules_section_is_numbered_titled_and_links_its_lessons() -> None:
    rules = RulesScreen(LESSONS, narrator("en"))
    sections = rules.sections()
    assert [s.code for s in sections] == [code for code, _title, _body in SECTIONS]
    assert all(s.heading.startswith(f"§\u00a0{number} · ") for number, s in enumerate(sections, start=1))
    assert all(s.lessons for s in sections), "every rule section links to a lesson"
    recycle = next(s for s in sections if s.code == "§recycle")
    assert any(link.lesson_id == "recycling" and link.key == "rules-recycle-recycling" for link in recycle.lessons)
    assert recycle.lessons[0].label.startswith("Lesson: ")


def test_the_rules_figures_draw_the_seats_and_a_turned_card_where_it_may_go() -> None:
    rules = RulesScreen(LESSONS, narrator("en"))
    figures = {s.code: s.figure for s in rules.sections() if s.figure is not None}
    assert set(figures) == {"§deal", "§priority"}
    seats, priority = figures["§deal"], figures["§priority"]
    assert "clockwise" in " ".join(seats.words) and seats.table.dealer is not None
    assert "common pile" in " ".join(priority.words) and priority.table.turned is not None
    assert priority.table.marks and set(priority.table.marks.values()) == {"legal"}


def test_the_rulings_and_variants_in_both_languages() -> None:
    for lang in ("en", "es"):
        rules = RulesScreen(LESSONS, narrator(lang))
        assert len(rules.rulings()) == len(RULINGS) and all(name and text for name, text in rules.rulings())
        variants = rules.variants()
        assert len(variants) == 5 + len(VARIANT_RULINGS)
        assert rules.not_this_muggins().startswith("**")
    assert any("K–A" in name for name, _text in RulesScreen(LESSONS, narrator("en")).variants())
