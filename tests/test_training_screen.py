"""The Training page (issue 19, part 2): its screen model (tutorial.app.training.model) without
Streamlit, fast — words in both languages, every action's can and do, how each answer is
rated for the scheduler, exercise codes typed or from the address —, the Home's due line,
practice errors feeding training, and a few AppTest wiring tests."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta

import pytest
from test_app import app, button, click, keys, start, texts

from tutorial.app.home.model import HomeScreen, HomeState
from tutorial.app.lessons.model import Layout
from tutorial.app.lessons.state import course
from tutorial.app.practice.model import PracticeScreen
from tutorial.app.training.model import (
    CHOSEN,
    CODE,
    MIXED,
    NEW,
    PRACTICE,
    WEAKEST,
    TrainingPageState,
    TrainingScreen,
    due_count,
    note_practice_error,
)
from tutorial.engine import DealCode, Dest
from tutorial.i18n import translations
from tutorial.lessons.steps import AnswerMode
from tutorial.narrate import Narrator
from tutorial.practice import PracticeGame, Settings
from tutorial.training.schedule import Outcome, Training
from tutorial.training.themes import covered_themes

LESSONS, _PROBLEMS = course()
ALL_DONE = [lesson.id for lesson in LESSONS]
NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def screen(state: TrainingPageState | None = None, *, done=(), lang="en", seed=None, rng=1, now=NOW,
           presenting=False, theme=None) -> TrainingScreen:
    return TrainingScreen(state or TrainingPageState(), LESSONS, list(done), lang, translations(lang), now, seed=seed,
                          rng=random.Random(rng), presenting=presenting, theme=theme)


def values(page: TrainingScreen) -> list[str]:
    """Every answer the exercise offers (each pile for a pile step)."""
    step = page.step
    if step.answered_by == AnswerMode.PILE:
        position = step.turned.position  # type: ignore[attr-defined]
        return [f"common:{n}" for n in range(1, len(position.commons) + 1)] + [f"discard:{p}" for p in position.players]
    return [option.value for option in step.options()]


def right(page: TrainingScreen) -> str:
    return page.step.right[0]


def wrong(page: TrainingScreen) -> str:
    return next(value for value in values(page) if value not in page.step.right and page.can_pick(value))


def expected_after(page: TrainingScreen, outcome: Outcome) -> Training:
    """The scheduler as it should be once the exercise on screen is recorded with ``outcome``."""
    copy = Training.from_dict(page.training.to_dict())
    copy.record(page.code.theme, outcome, NOW)
    return copy


def test_a_new_learner_starts_with_the_first_lessons_themes_and_is_told_why():
    for lang, needle in (("en", "You have not completed a lesson yet"), ("es", "Aún no has completado ninguna lección")):
        page = screen(lang=lang)
        first = [theme.id for theme in covered_themes([LESSONS[0].id])]
        assert page.themes() == first and page.code.theme in first
        assert page.intro() is not None and page.intro().startswith(needle)  # type: ignore[union-attr]
        assert page.state.reason == NEW and page.code.level == 1
    assert screen(lang="en").reason_line() == "A new theme for you."
    assert screen(lang="es").reason_line() == "Un tema nuevo para ti."


def test_a_new_learner_who_opens_a_code_is_not_told_the_first_lessons_themes():
    """The intro names the first lesson's themes: over an exercise from a teacher's code, which
    may train any theme, it would mislead (found by a trial: it stayed after *Open*)."""
    page = screen()
    assert page.intro() is not None
    assert page.open_code("penalty.2.77", NOW)
    assert page.state.reason == CODE and page.intro() is None
    linked = screen(seed="call.1.7")
    assert linked.code.theme == "call" and linked.intro() is None


def test_the_page_brings_each_new_exercises_top_into_view_but_not_the_first():
    page = screen()
    first = page.top_mark()
    assert first["top"] is False
    assert page.pick(right(page), NOW)
    page.next(NOW)
    after_next = page.top_mark()
    assert after_next["top"] is True and after_next["nonce"] != first["nonce"]
    assert page.open_code("call.1.7", NOW)
    assert page.top_mark()["nonce"] not in (first["nonce"], after_next["nonce"])


def test_a_learner_who_completed_lessons_trains_what_they_cover():
    done = ALL_DONE[:3]
    page = screen(done=done)
    assert page.themes() == [theme.id for theme in covered_themes(done)] and page.intro() is None
    everything = screen(done=ALL_DONE)
    assert len(everything.themes()) == 12


def test_completing_more_lessons_opens_more_themes_in_the_same_session():
    state = TrainingPageState()
    before = screen(state).themes()
    after = screen(state, done=ALL_DONE).themes()
    assert set(before) < set(after)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_words_of_the_page_in_both_languages(lang):
    page = screen(lang=lang, seed="nearest-opponent.2.48213")
    tr = translations(lang)
    assert page.heading() == tr.gettext("The nearest fitting opponent") == page.step_screen().title()
    assert page.level_line().startswith(("Level 2 of 3: ", "Nivel 2 de 3: "))
    assert page.reason_line() == tr.gettext("Opened from an exercise code.") != ""
    assert "nearest-opponent.2.48213" in page.code_line()
    assert page.done_line() in ("0 exercises done in this session.", "0 ejercicios hechos en esta sesión.")
    assert page.description() and page.story() == []
    if lang == "es":
        assert page.reason_line() == "Abierto con un código de ejercicio." and "Código del ejercicio" in page.code_line()


def test_the_exercise_is_shown_as_a_lesson_step_without_the_step_hint():
    page = screen(seed="nearest-opponent.2.48213")
    shown = page.step_screen()
    assert shown.layout == Layout.PILE and shown.table() is not None and shown.hint() is None
    assert page.lesson.id == "train-nearest-opponent-2-48213" and page.lesson.steps == (page.step,)
    assert page.step.right == page.exercise.step.right


def test_a_right_answer_at_the_first_try_rates_good_and_offers_the_next_exercise():
    page = screen()
    assert not page.can_next()
    want = expected_after(page, Outcome.RIGHT)
    first = page.state.code
    assert page.pick(right(page), NOW) is True
    assert page.training == want and page.state.recorded and page.state.attempts == 1
    assert page.outcome_line() == "Right at the first try: this theme comes back later."
    assert page.can_next() and not page.can_hint() and not page.can_pick(right(page))
    assert page.settle(NOW) is None and page.training == want  # recorded once
    page.next(NOW)
    assert page.state.code != first and not page.state.answer.solved and page.state.attempts == 0
    assert page.state.exercises == 1 and page.done_line() == "1 exercise done in this session."


def test_wrong_then_right_rates_again():
    page = screen(done=ALL_DONE, seed="common-first.1.7")
    want = expected_after(page, Outcome.WRONG)
    assert page.pick(wrong(page), NOW) is False
    assert not page.state.recorded and not page.can_next() and page.state.attempts == 1
    verdict = page.step_screen().verdict()
    assert verdict.boxes and verdict.boxes[0].tone == "error"  # the lessons' explanation
    assert page.pick(right(page), NOW) is True
    assert page.training == want and page.state.attempts == 2
    assert page.outcome_line() == "Right after a wrong try: this theme comes back soon."


def test_a_hint_then_a_right_answer_rates_hard():
    page = screen(done=ALL_DONE, seed="call.2.31")
    assert page.can_hint() and page.hint_text() is None
    page.hint()
    assert not page.can_hint() and page.hint_text() == "Was the placement correct? And has the next card already been turned up?"
    assert screen(page.state, lang="es").hint_text() != page.hint_text()  # in the learner's language
    want = expected_after(page, Outcome.HINTED)
    page.pick(right(page), NOW)
    assert page.training == want and page.outcome() == Outcome.HINTED
    assert page.outcome_line() == "Right after a hint: this theme comes back a little sooner."


def test_being_shown_the_right_pile_counts_as_a_hint():
    page = screen(done=ALL_DONE, seed="own-discard.1.5")
    page.step_screen().reveal()
    page.pick(right(page), NOW)
    assert page.outcome() == Outcome.HINTED


def test_leaving_an_exercise_after_a_wrong_try_counts_it_wrong():
    page = screen(done=ALL_DONE, seed="common-first.1.7")
    want = expected_after(page, Outcome.WRONG)
    page.pick(wrong(page), NOW)
    page.choose("no-wrap", NOW)
    assert page.training == want and page.state.reason == CHOSEN and page.code.theme == "no-wrap"


def test_choosing_a_theme():
    page = screen()
    assert not page.can_choose("penalty") and not page.can_choose(None) and not page.can_choose(3)
    code = page.state.code
    page.choose("penalty", NOW)
    assert page.state.code == code  # not open yet: nothing changes
    page = screen(done=ALL_DONE)
    assert page.can_choose("penalty")
    page.choose("penalty", NOW)
    assert page.code.theme == "penalty" and page.reason_line() == (
        "You chose this theme; the next exercises stay on it until you choose “Mixed (what is due)”.")
    assert page.story()  # a penalty exercise tells the call that came before


def test_a_chosen_theme_lasts_until_mixed_is_chosen():
    """Found by a trial: a theme chosen lasted one exercise, then the schedule took over."""
    page = screen(done=ALL_DONE)
    assert page.box_themes()[0] == MIXED and page.box_value() == MIXED
    assert page.theme_name(MIXED) == "Mixed (what is due)"
    page.choose("recycle", NOW)
    assert page.box_value() == "recycle"
    seen = set()
    for _ in range(4):
        page.pick(right(page), NOW)
        page.next(NOW)
        assert page.code.theme == "recycle" and page.state.reason == CHOSEN
        seen.add(page.state.code)
    assert len(seen) == 4  # new exercises of it, not the same one again
    code = page.state.code
    assert page.can_choose(MIXED)
    page.choose(MIXED, NOW)
    assert page.state.code == code and page.box_value() == MIXED  # the exercise on screen stays
    assert page.reason_line() == "You chose this theme."
    page.pick(right(page), NOW)
    page.next(NOW)
    assert page.state.reason != CHOSEN  # the schedule chooses again
    assert screen(page.state, lang="es").theme_name(MIXED) == "Mezcla (lo que toca repasar)"


def test_the_theme_chosen_is_in_the_address_and_a_reload_keeps_it():
    page = screen(done=ALL_DONE)
    page.choose("recycle", NOW)
    assert page.address() == {"ex": page.state.code, "theme": "recycle"}
    again = screen(done=ALL_DONE, seed=page.state.code, theme="Recycle ")  # a reload: a new session, the same address
    assert again.state.code == page.state.code and again.box_value() == "recycle"
    again.pick(right(again), NOW)
    again.next(NOW)
    assert again.code.theme == "recycle" and again.state.reason == CHOSEN
    assert screen(done=ALL_DONE, theme="flying").box_value() == MIXED  # an unknown theme: none chosen
    page.choose(MIXED, NOW)
    assert page.address()["theme"] is None


def test_a_theme_named_by_the_address_is_trained_only_if_it_is_open():
    """``/train?theme=only-tops`` for a learner who has it open: its exercise, chosen; a theme the
    learner has not opened (``theme=finish``): not chosen, and the address drops it, as the box
    shows *Mixed* (the box showed one theme and the exercise was of another: found by a trial)."""
    opened = screen(done=["cards-and-fitting", "common-piles-first"], theme="only-tops")
    assert opened.code.theme == "only-tops" and opened.state.reason == CHOSEN
    assert opened.box_value() == "only-tops" and opened.address()["theme"] == "only-tops"
    assert opened.reason_line().startswith("You chose this theme; the next exercises stay on it")
    closed = screen(done=["cards-and-fitting"], theme="finish")
    assert closed.code.theme != "finish" and closed.state.reason != CHOSEN
    assert closed.box_value() == MIXED and closed.address()["theme"] is None
    closed.pick(right(closed), NOW)
    closed.next(NOW)
    assert closed.code.theme != "finish"


def test_a_theme_named_by_the_address_waits_for_the_stored_schedule_that_opens_it():
    """The page's first run comes before the learner's stored progress: the theme is not open
    yet, so the schedule's exercise is shown; once the stored schedule opens it, the exercise
    drawn again is of the theme chosen."""
    state = TrainingPageState()
    first = screen(state, theme="only-tops")  # nothing completed yet: the first lesson's themes
    assert first.code.theme != "only-tops" and first.box_value() == MIXED
    stored = Training.start(["cards-and-fitting", "common-piles-first"], NOW)
    state.training, state.code = stored, None  # what tutorial.app.shell.storage does when it arrives
    again = screen(state, done=["cards-and-fitting", "common-piles-first"])
    assert again.code.theme == "only-tops" and state.reason == CHOSEN and again.address()["theme"] == "only-tops"


def test_wiring_a_theme_in_the_address_once_the_stored_progress_arrives():
    from test_app import deliver

    from tutorial.app.shell.model_progress import Progress, encode

    at = start(app(theme="only-tops"), "training/page.py")
    deliver(at, encode(Progress(done=["cards-and-fitting", "common-piles-first"])))
    kept = at.session_state["training"]
    assert kept.code.startswith("only-tops.") and kept.reason == CHOSEN
    assert at.query_params["theme"] in ("only-tops", ["only-tops"])
    at = start(app(theme="finish"), "training/page.py")
    deliver(at, encode(Progress(done=["cards-and-fitting"])))
    assert not at.session_state["training"].code.startswith("finish.")
    assert "theme" not in at.query_params, at.query_params


@pytest.mark.parametrize(("typed", "en", "es"), [
    ("nope", "“nope” is not an exercise code.", "«nope» no es un código de ejercicio."),
    ("flying.1.2", "There is no training theme called “flying”.", "No hay ningún tema de entrenamiento que se llame «flying»."),
    ("call.9.2", "The theme “call” has levels 1 to 3, not “9”.", "El tema «call» tiene los niveles 1 a 3, no «9»."),
    ("call.1.x", "The last part of a code is a number of 1 to 9 digits, not “x”.",
     "La última parte de un código es un número de 1 a 9 cifras, no «x»."),
])
def test_an_invalid_typed_code_is_refused_with_a_message_and_nothing_is_lost(typed, en, es):
    state = TrainingPageState()
    page = screen(state)
    page.pick(wrong(page), NOW)
    code, answer = state.code, state.answer
    assert page.can_open_code(typed) and not page.can_open_code("  ") and not page.can_open_code(None)
    assert page.open_code(typed, NOW) is False
    assert state.code == code and state.answer is answer and state.answer.wrong  # nothing lost
    assert page.problem() == en + " A code looks like nearest-opponent.2.48213."
    assert screen(state, lang="es").problem() == es + " Un código tiene esta forma: nearest-opponent.2.48213."
    page.hint()
    assert page.problem() is None  # said until the next action


def test_open_with_nothing_typed_asks_for_a_code_instead_of_an_older_problem():
    state = TrainingPageState()
    page = screen(state)
    code = state.code
    assert page.open_code("nope", NOW) is False and "nope" in page.problem()
    for blank in ("", "   ", None):
        assert page.open_code(blank, NOW) is False
        assert page.problem() == "Type or paste an exercise code first. A code looks like nearest-opponent.2.48213."
    assert screen(state, lang="es").problem().startswith("Escribe o pega primero un código de ejercicio.")
    assert state.code == code  # the exercise stays


def test_a_typed_code_opens_that_exact_exercise():
    page = screen()
    assert page.open_code("  nearest-opponent.2.48213 ", NOW) is True
    assert page.state.code == "nearest-opponent.2.48213" and page.state.reason == CODE
    assert page.exercise.code.seed == 48213 and page.problem() is None


@pytest.mark.parametrize("pasted", [
    "https://muggins.example/train?lang=es&ex=nearest-opponent.2.48213",
    "http://localhost:8501/train?ex=nearest-opponent.2.48213&lang=en",
    "  /train?ex=nearest-opponent.2.48213\n",
])
def test_a_whole_link_pasted_in_the_code_box_opens_its_exercise(pasted):
    page = screen()
    assert page.open_code(pasted, NOW) is True
    assert page.state.code == "nearest-opponent.2.48213" and page.problem() is None


def test_a_paste_longer_than_any_code_is_refused_with_the_usual_message_not_cut_silently():
    from tutorial.app.training.model import TYPED_LIMIT
    from tutorial.training.code import MAX_CODE_LENGTH

    assert TYPED_LIMIT > 10 * MAX_CODE_LENGTH  # the box keeps a long paste whole (it cut at 64 without a word)
    page = screen()
    assert page.open_code("nearest-opponent.2." + "4" * 100, NOW) is False
    assert "is not an exercise code" in page.problem()


def test_a_code_from_the_address_opens_that_exercise_once():
    state = TrainingPageState()
    page = screen(state, seed="penalty.3.12")
    assert state.code == "penalty.3.12" and page.reason_line() == "Opened from an exercise code."
    assert page.address() == {"ex": "penalty.3.12", "theme": None}
    page.pick(right(page), NOW)
    page.next(NOW)
    again = screen(state, seed="penalty.3.12")  # a later run of the same session: the address is not read again
    assert state.code != "penalty.3.12" and again.link_problem() is None


def test_a_bad_code_in_the_address_is_said_once_and_an_exercise_is_drawn():
    state = TrainingPageState()
    page = screen(state, seed="[x](javascript:1)")
    said = page.link_problem()
    assert said is not None and said.startswith("The link's exercise code could not be opened")
    assert page.link_problem() is None and screen(state).link_problem() is None
    assert state.code is not None and state.problem is None


def test_the_address_never_carries_the_schedule():
    page = screen(done=ALL_DONE)
    page.pick(right(page), NOW)
    assert page.address() == {"ex": page.state.code, "theme": None}  # the exercise, and a theme once chosen


def test_a_language_switch_keeps_the_exercise_and_the_answer():
    state = TrainingPageState()
    page = screen(state, done=ALL_DONE, seed="nearest-opponent.2.48213")
    page.pick(wrong(page), NOW)
    spanish = screen(state, done=ALL_DONE, lang="es")
    assert spanish.state.code == "nearest-opponent.2.48213" and spanish.state.answer.wrong == page.state.answer.wrong
    assert spanish.heading() != page.heading() and spanish.heading() == translations("es").gettext("The nearest fitting opponent")
    assert spanish.step_screen().verdict().boxes[0].text != page.step_screen().verdict().boxes[0].text


def test_the_state_token_is_short_and_changes_with_every_action():
    page = screen(done=ALL_DONE, seed="common-first.1.7")
    seen = {page.token()}
    page.hint()
    seen.add(page.token())
    page.pick(wrong(page), NOW)
    seen.add(page.token())
    page.pick(right(page), NOW)
    seen.add(page.token())
    assert len(seen) == 4 and all(re.fullmatch(r"[0-9a-z]+", token) for token in seen)


def test_the_next_theme_is_the_one_due_first_then_the_weakest():
    state = TrainingPageState()
    page = screen(state, done=ALL_DONE[:2])
    for _each in range(len(page.themes())):  # answer every new theme right: none is due for a while
        assert state.reason == NEW
        page.pick(right(page), NOW)
        page.next(NOW)
    assert state.reason == WEAKEST and page.reason_line() == "Nothing is due now, so here is your weakest theme."
    later = screen(state, done=ALL_DONE[:2], now=NOW + timedelta(days=30))
    later.pick(right(later), NOW + timedelta(days=30))
    later.next(NOW + timedelta(days=30))
    assert state.reason == "due" and later.reason_line().startswith("Due for review")


def test_a_practice_error_makes_its_theme_due_and_first():
    state = TrainingPageState()
    assert due_count(state, NOW) is None
    assert note_practice_error(state, "nearest-opponent", ALL_DONE[:1], NOW) == "nearest-opponent"
    assert note_practice_error(state, "not-a-kind", ALL_DONE[:1], NOW) is None
    assert due_count(state, NOW) == 2  # the first lesson's theme and the practice error's
    page = screen(state, done=ALL_DONE[:1])
    assert page.code.theme == "nearest-opponent" and page.state.reason == PRACTICE
    assert page.reason_line() == "You made an error of this kind in a practice hand."


def test_practice_tells_each_new_error_of_the_learner_and_a_missed_call():
    noted: list[str] = []
    game = PracticeGame(DealCode(4, 12), settings=Settings(mode="table", alertness=0, slips=0))
    page = PracticeScreen(game, Narrator("en", "A"), on_error=noted.append)
    position = game.hand.turned.position
    legal = game.hand.legal().dests
    every = [Dest.common(n) for n in range(1, len(position.commons) + 1)] + [Dest.discard(p) for p in position.players]
    page.pick(str(next(d for d in every if d not in legal)))
    assert len(noted) == 1 and noted[0] in {"not-adjacent", "empty-discard", "common-first", "nearest-opponent",
                                            "missed-destination"}
    missed: list[str] = []
    game = PracticeGame(DealCode(4, 1234), settings=Settings(mode="table", alertness=0, slips=60, turn_limit=50))
    page = PracticeScreen(game, Narrator("en", "A"), on_error=missed.append)
    while not game.hand_over and "missed-call" not in missed:
        if game.watching is not None:
            page.go_on()
        elif game.correcting is not None:
            game.play(game.correction_choices()[0])
        else:
            page.pick(str(game.hand.legal().dests[0]))
    assert "missed-call" in missed and all(kind == "missed-call" for kind in missed)


def test_home_says_how_many_exercises_are_due_once_the_session_trains():
    def home(due, lang="en"):
        return HomeScreen(HomeState(), LESSONS, [], {}, translations(lang), due=due)

    assert home(None).due_line() is None
    assert home(1).due_line() == "1 training exercise due."
    assert home(3).due_line() == "3 training exercises due."
    assert home(3, "es").due_line() == "3 ejercicios de entrenamiento pendientes."


# ----- wiring (AppTest) -------------------------------------------------------------------------
def test_wiring_open_answer_next():
    at = start(app(), "training/page.py")
    state = at.session_state["training"]
    assert "Training" in texts(at) and "You have not completed a lesson yet" in texts(at)
    page = screen(state)
    prefix = f"{page.lesson.id}-{page.step.id}"
    click(at, "train-hint").run()
    assert page.hint_text() in texts(at)
    click(at, f"{prefix}-option-{wrong(page)}").run()
    assert at.error and "train-next" not in keys(at)
    click(at, f"{prefix}-option-{right(page)}").run()
    assert not at.exception and at.success and "Right after a wrong try" in texts(at)
    first = state.code
    click(at, "train-next").run()
    assert not at.exception and state.code != first and state.exercises == 1
    assert at.query_params["ex"] in (state.code, [state.code])
    at.switch_page("home/page.py").run()
    assert "training exercise" in texts(at) and "ex" not in at.query_params


def test_a_presenter_shows_and_hides_answers_and_moves_on_and_their_schedule_is_untouched():
    state = TrainingPageState()
    page = screen(state, done=ALL_DONE, seed="call.2.11", presenting=True)
    schedule = page.training.to_dict()
    assert page.can_next() and page.can_toggle_answer() and page.answer_label() == "Show the answer"
    assert page.level_short() == "Level 2 of 3"
    page.pick(wrong(page), NOW)
    page.toggle_answer()
    assert state.answer.solved and page.answer_label() == "Hide the answer"
    page.settle(NOW)
    assert page.outcome_line() is None and state.exercises == 0
    page.toggle_answer()
    assert not state.answer.solved and not state.answer.wrong  # hidden: the exercise as at first
    first = state.code
    page.next(NOW)  # on without answering
    assert state.code != first
    page.pick(right(page), NOW)
    page.next(NOW)
    assert page.training.to_dict() == schedule and state.exercises == 0  # a presenter's answers are not the presenter's progress
    shown = state.code
    page.toggle_answer()
    learner = screen(state, done=ALL_DONE)  # presenter mode left with the answer shown: still not recorded
    learner.settle(NOW)
    assert state.code == shown and learner.training.to_dict() == schedule and not learner.can_toggle_answer()
    assert screen(lang="es", done=ALL_DONE, seed="call.2.11", presenting=True).level_short() == "Nivel 2 de 3"


def test_wiring_presenter_mode_on_training():
    at = start(app(ex="call.2.11", present="1"), "training/page.py")
    assert not at.exception and at.session_state["training"].code == "call.2.11"
    assert "Training" not in [title.value for title in at.title]  # the presenter's page: no page heading
    button(at, "present-answer").click().run()
    assert not at.exception and at.session_state["training"].answer.solved and at.success
    button(at, "present-next").click().run()
    assert not at.exception and at.session_state["training"].code != "call.2.11"
    assert at.session_state["training"].exercises == 0


def test_wiring_a_typed_code_and_a_link():
    at = start(app(ex="own-discard.3.99"), "training/page.py")
    assert at.session_state["training"].code == "own-discard.3.99"
    # The box and *Open* are a form (Enter in the box opens too): what is typed is sent with *Open*
    at.text_input(key="train-code-input").set_value("bogus")
    click(at, "train-open").run()
    assert "“bogus” is not an exercise code" in texts(at) and at.session_state["training"].code == "own-discard.3.99"
    assert at.text_input(key="train-code-input").value == "bogus"  # the typed text is kept
    at.text_input(key="train-code-input").set_value("")
    click(at, "train-open").run()  # Open with nothing typed: asked for a code, the old problem gone
    assert "Type or paste an exercise code first" in texts(at) and "bogus" not in texts(at)
    at.text_input(key="train-code-input").set_value("recycle.2.5")
    click(at, "train-open").run()
    assert not at.exception and at.session_state["training"].code == "recycle.2.5"
    assert at.query_params["ex"] in ("recycle.2.5", ["recycle.2.5"])


def test_wiring_in_spanish_keeps_the_exercise_and_chooses_a_theme():
    at = start(app(done=",".join(ALL_DONE)), "training/page.py")
    code = at.session_state["training"].code
    at.radio(key="lang_choice").set_value("es").run()
    assert not at.exception and at.session_state["training"].code == code
    assert "Entrenamiento" in texts(at) and "Código del ejercicio" in texts(at)
    box = next(box for box in at.selectbox if box.key and box.key.startswith("train-theme-"))
    box.set_value("penalty").run()
    assert not at.exception and at.session_state["training"].code.startswith("penalty.")
    assert "Has elegido este tema" in texts(at)


def test_wiring_the_old_theme_box_sent_back_after_a_redraw_chooses_nothing():
    """A click made before the page was redrawn sends the old theme box's value back (a
    language switch, *Open*): it was taken for a choice and swapped in a random exercise of the
    theme already on screen (found by a trial). The box is a fresh widget per exercise and
    language, and a change on any other box than the one drawn is ignored."""
    at = start(app(done=",".join(ALL_DONE)), "training/page.py")
    before = at.session_state["training"]
    code, old_key = before.code, next(box.key for box in at.selectbox if box.key and box.key.startswith("train-theme-"))
    at.radio(key="lang_choice").set_value("es").run()
    assert not at.exception and at.session_state["training"].code == code
    new_key = next(box.key for box in at.selectbox if box.key and box.key.startswith("train-theme-"))
    assert new_key != old_key
    other = "call" if code.startswith("penalty.") else "penalty"
    at.selectbox(key=new_key).set_value(other).run()  # a real choice, on the box drawn
    assert not at.exception and at.session_state["training"].code.startswith(other + ".")
    assert at.session_state["training"].reason == CHOSEN
    newest = next(box.key for box in at.selectbox if box.key and box.key.startswith("train-theme-"))
    assert newest != new_key  # another exercise, another box: the old one's value means nothing now


def test_wiring_a_presenters_penalty_exercise_tells_the_call_before_the_step_says_as_told_above():
    at = start(app(ex="penalty.2.77", present="1"), "training/page.py")
    assert not at.exception
    story = screen(seed="penalty.2.77").story()
    assert story
    shown = [str(getattr(element, "value", "")) for element in at.main if getattr(element, "type", "") in
             ("caption", "markdown")]
    told = next(index for index, value in enumerate(shown) if "as told above" in value)
    first = next(index for index, value in enumerate(shown) if story[0][:30] in value)
    assert first < told, shown
