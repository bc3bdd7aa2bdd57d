"""The lesson screen model (tutorial/app/lessons/model.py), without Streamlit: every step of
every lesson answered wrong, then right, in both languages, with the words checked (no
English left in Spanish, the verdicts, the reveal after two wrong picks, every move of a
walk-through), and the lesson's way on. These replace the browser's walk through every
lesson (tests/browser/test_lessons_walk.py keeps a few steps) and AppTest's word checks."""

from __future__ import annotations

import re

import pytest

from tutorial.app.lessons.model import (
    BIG,
    NEXT_KEYS,
    Layout,
    LessonScreen,
    LessonState,
    StepAnswer,
    StepScreen,
    checks_from_text,
    checks_text,
    choice_text,
    done_from_text,
    follow_lesson,
    next_action,
    option_label,
    pick_lesson,
)
from tutorial.draw.scene import RIGHT, WRONG
from tutorial.engine.position import Dest
from tutorial.i18n import translations
from tutorial.lessons import load_all
from tutorial.lessons.steps import PASS, AnswerMode
from tutorial.narrate import narrator

LESSONS, _PROBLEMS = load_all()
BY_ID = {lesson.id: lesson for lesson in LESSONS}
LANGS = ("en", "es")
ENGLISH = re.compile(r"\b(the|that|was|with|not|card|cards|call|pile|discard|must|fits|your|turned|Right|Try again|players)\b")
"""Words that mean English has been left in a Spanish text."""
MARKUP = r":[a-z]+\[|&nbsp;|:material/[a-z_]+:"
"""Markdown that is no word: a card's colour, a space, an icon."""


def plain(markdown: str) -> str:
    """What Markdown shows of text escaped by tutorial.app.shell.markup."""
    return re.sub(r"\\(.)", r"\1", markdown).replace("  \n", "\n").replace("\u2060", "")


def screen(lesson, step, answer, lang="en", **options) -> StepScreen:
    return StepScreen(lesson, step, answer, narrator(lang, step.you), translations(lang), **options)


def step_of(lesson_id: str, step_id: str):
    lesson = BY_ID[lesson_id]
    return lesson, lesson.steps[lesson.step_index(step_id)]


def every_pile(step) -> list[str]:
    position = step.turned.position
    return [f"common:{n}" for n in range(1, len(position.commons) + 1)] + [f"discard:{p}" for p in position.players]


def wrong_values(step) -> list[str]:
    """Every answer the step offers that is wrong (for a pile step: every other pile)."""
    offered = every_pile(step) if step.answered_by == AnswerMode.PILE else [o.value for o in step.options()]
    return [value for value in offered if value not in step.right]


def words_of(shown: StepScreen) -> list[str]:
    """Everything the step says now (Markdown): the verdict boxes, the answer line, the
    question, the buttons' labels and a walk-through's caption."""
    said = shown.verdict()
    texts = [box.text for box in said.boxes] + ([said.more.text] if said.more else [])
    texts += [shown.question(), shown.answer_line() or ""]
    texts += [button.label for button in shown.buttons()]
    if shown.layout == Layout.MOVES:
        texts.append(shown.frame_caption())
    return [text for text in texts if text]


class Pair:
    """The same step on two screens, in English and in Spanish, acted on alike."""

    def __init__(self, lesson, step):
        self.en = screen(lesson, step, StepAnswer(), "en")
        self.es = screen(lesson, step, StepAnswer(), "es")

    def pick(self, value: str) -> bool:
        right = self.en.pick(value)
        assert self.es.pick(value) == right
        return right

    def check_words(self) -> None:
        """Spanish says the same things in Spanish: as many texts, each one different from the
        English one where that has words, and no English word left."""
        en, es = words_of(self.en), words_of(self.es)
        assert len(en) == len(es), (en, es)
        for english, spanish in zip(en, es, strict=True):
            if re.search(r"[A-Za-z]{4,}", re.sub(MARKUP, "", english)):
                assert spanish != english, english
            assert not ENGLISH.search(re.sub(r"Muggins", "", spanish)), spanish

    def boxes(self, lang="en") -> list[tuple[str, str]]:
        said = getattr(self, lang).verdict()
        return [(box.tone, plain(box.text)) for box in said.boxes]


def walk_step(lesson, step) -> None:
    """Answer ``step`` wrong (twice where it can be), then right, on both screens; check every
    state's words and decisions."""
    pair = Pair(lesson, step)
    shown = pair.en
    assert shown.title() and shown.text()
    assert pair.es.title() != shown.title() and pair.es.text() != shown.text()  # the lesson's own text in Spanish
    pair.check_words()
    layout = shown.layout
    if layout == Layout.READ:
        assert shown.may_go_on and not shown.verdict().boxes and not shown.buttons()
        assert (shown.table() is not None) == (step.position is not None)
        return
    if layout == Layout.DEAL:
        assert shown.may_go_on
        for players in shown.players():
            for lang in LANGS:
                caption, view = getattr(pair, lang).deal_view(players)
                assert f"{players}" in caption and len(view.position.players) == players
        assert screen(lesson, step, StepAnswer(), "es").deal_view(shown.players()[0])[0] != \
            shown.deal_view(shown.players()[0])[0]
        return
    if layout == Layout.MOVES:
        walk_moves(pair, step)
        return
    assert not shown.may_go_on and not shown.verdict().boxes
    wrong = wrong_values(step)
    assert wrong, step.id
    assert not pair.pick(wrong[0])
    assert not shown.may_go_on and shown.answer.wrong == [wrong[0]]
    (tone, text), *_rest = pair.boxes()
    assert tone == "error" and text
    pair.check_words()
    if layout == Layout.PILE:
        first_wrong_pile(pair, step, wrong)
    elif layout == Layout.CHOICE:
        assert "Try again." in text
    elif layout == Layout.CARDS:
        card = step.turned.card
        named = shown.n.card(card) if card is not None else None
        if named and wrong[0] != PASS:
            assert named not in text  # the first wrong try does not give the card away
        if len(wrong) > 1:
            assert not pair.pick(wrong[1])
            if named and wrong[1] != PASS:
                assert named in pair.boxes()[0][1]  # the second names it
            pair.check_words()
    right = step.right[-1]
    assert pair.pick(right)
    assert shown.may_go_on and shown.answer.solved
    boxes = pair.boxes()
    assert boxes[0][0] == "success" and boxes[0][1]
    assert not shown.can_pick(wrong[0])  # answered: nothing more to pick
    pair.check_words()
    if layout == Layout.CHOICE:
        assert shown.buttons() == [] and "Your answer:" in (shown.answer_line() or "")
    if layout == Layout.CARDS:
        assert all(button.disabled for button in shown.buttons())
        assert [button.value for button in shown.buttons() if button.primary] == list(step.right)
    if layout == Layout.PILE:
        view = shown.table()
        assert view.marked == {Dest.parse(right)} and not view.show_mover and view.arrows


def first_wrong_pile(pair: Pair, step, wrong: list[str]) -> None:
    """A wrong pile: explained without naming the right one, the wrong pile marked; a second
    wrong pick names and marks the right ones."""
    shown, n = pair.en, pair.en.n
    before = step.turned.position
    text = pair.boxes()[0][1]
    assert "choose the pile where the card must go" in text
    if step.legal.rule != "own-discard":  # "it fits somewhere else": the right pile is not named
        for dest in step.legal.dests:
            assert n.pile(dest, before) not in text
    assert shown.table().marks == {Dest.parse(wrong[0]): WRONG}
    assert shown.can_reveal()
    if len(wrong) < 2:
        return
    assert not pair.pick(wrong[1])
    assert shown.shown_right and not shown.can_reveal()
    text = pair.boxes()[0][1]
    assert "choose the marked pile" in text
    marks = shown.table().marks
    assert {dest for dest, mark in marks.items() if mark == RIGHT} == set(step.legal.dests)
    assert marks[Dest.parse(wrong[1])] == WRONG
    pair.check_words()


def walk_moves(pair: Pair, step) -> None:
    """Every move of a walk-through, forward to the last (which lets the learner go on), then
    one back; each move's caption said in both languages."""
    shown = pair.en
    frames = shown.frames()
    assert len(frames) >= 3 and not shown.may_go_on
    assert not shown.can_move(-1) and not shown.can_move(len(frames))
    for target in range(len(frames)):
        for one in (pair.en, pair.es):
            one.move(target)
        assert shown.at_frame() == target
        assert shown.frame_caption() == f"Move {target + 1} of {len(frames)}"
        tone, caption = pair.boxes()[0]
        assert caption == plain(frames[target].caption)
        assert tone == ("success" if target == len(frames) - 1 else "info")
        assert shown.may_go_on == (target == len(frames) - 1)
        pair.check_words()
    if step.done:
        assert shown.done() in frames[-1].caption
    shown.move(len(frames) - 2)
    assert shown.may_go_on  # watched to the end once: the way on stays open


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_step_of_every_lesson_answered_wrong_then_right_in_both_languages(lesson):
    state = LessonState()
    where = LessonScreen(LESSONS, state)
    where.open(lesson.id)
    for index, step in enumerate(lesson.steps):
        where = LessonScreen(LESSONS, state)
        assert (where.lesson, where.index) == (lesson, index)
        walk_step(lesson, step)
        state.answer(lesson, step).solved = True  # as the walk left it
        if index < len(lesson.steps) - 1:
            assert where.can_next(True) and not where.can_finish(True)
            where.next()
        else:
            assert where.can_finish(True) and not where.can_next(True)
            where.finish()
    assert state.done == [lesson.id]
    if lesson.check_steps:
        assert state.checks[lesson.id] == (len(lesson.check_steps), len(lesson.check_steps))


# ----- the words a learner reads (formerly AppTest checks) ---------------------------------------------
EXAMPLE_1 = ("common-piles-first", "example-1-place")  # docs/rules.md worked example 1


def test_a_wrong_pile_is_explained_then_the_right_one_named_and_marked():
    lesson, step = step_of(*EXAMPLE_1)
    shown = screen(lesson, step, StepAnswer())
    assert not shown.pick("discard:B")
    message = plain(shown.verdict().boxes[0].text)
    for needle in ("6♥", "B's discard (7♦)", "common piles come first", "Where the turned card must go"):
        assert needle in message
    assert "common pile 1" not in message  # the first wrong try does not give the answer away
    assert not shown.may_go_on
    assert not shown.pick("discard:A")  # a second wrong try: now the right pile is named and marked
    message = plain(shown.verdict().boxes[0].text)
    assert "common pile 1 (5♣)" in message and "marked pile" in message
    assert shown.table().marks[Dest.parse("common:1")] == RIGHT
    assert shown.pick("common:1")
    assert [box.tone for box in shown.verdict().boxes] == ["success"]


def test_show_me_where_it_goes_names_the_pile_and_the_check_does_not_count_it():
    lesson, step = step_of(*EXAMPLE_1)
    state = LessonState()
    shown = screen(lesson, step, state.answer(lesson, step))
    assert shown.can_reveal()
    shown.reveal()
    assert not shown.can_reveal()
    (box,) = shown.verdict().boxes
    assert box.tone == "info" and "common pile 1 (5♣)" in plain(box.text)
    assert shown.pick("common:1")
    assert shown.answer.solved and shown.answer.frame == 1 and not shown.answer.first_try
    checked = next(item for item in LESSONS if any(s.check and s.answered_by == AnswerMode.PILE for s in item.steps))
    check = next(s for s in checked.steps if s.check and s.answered_by == AnswerMode.PILE)
    shown = screen(checked, check, state.answer(checked, check))
    shown.reveal()
    shown.pick(check.right[0])
    assert state.check_score(checked)[0] == 0


def test_a_walk_through_shows_each_donor_in_turn():
    lesson, step = step_of("common-piles-first", "example-1-muggins")
    shown = screen(lesson, step, StepAnswer())
    captions = [frame.caption.replace("\\", "") for frame in shown.frames()]
    assert "moved to common pile 1 (5♣)" in captions[1]
    assert "B gives you K♣" in captions[2] and "C gives you 3♥" in captions[3] and "D gives you 10♠" in captions[4]
    joined = "\n".join(captions)
    assert "K♣, 3♥, and 10♠" in joined and "Calling Muggins and the penalty" in joined
    assert shown.first_controls()[0] == f"{lesson.id}-{step.id}-next"
    shown.move(1)
    assert shown.move_focus() != "*"  # a phone scrolls to the pile the card moved to


def test_a_wrong_call_does_not_start_with_right():
    lesson = next(item for item in LESSONS if any(s.kind == "call" and not s.call and s.record.judgement.ok for s in item.steps))
    step = next(s for s in lesson.steps if s.kind == "call" and not s.call and s.record.judgement.ok)
    shown = screen(lesson, step, StepAnswer())
    assert not shown.pick("call")
    message = plain(shown.verdict().boxes[0].text)
    assert message.startswith("No: that placement was correct") and "Right." not in message


def test_a_right_call_says_the_correction_and_the_penalty_apart_and_moves_the_card():
    lesson = next(item for item in LESSONS if any(s.kind == "call" and s.call for s in item.steps))
    step = next(s for s in lesson.steps if s.kind == "call" and s.call)
    shown = screen(lesson, step, StepAnswer())
    assert shown.table().position == step.table().position  # the placement to call
    assert shown.pick("call")
    said = shown.verdict()
    assert plain(said.boxes[0].text).startswith("Muggins! Right to call.")
    assert said.more is not None and said.more.tone == "info"
    assert shown.table().position == step.record.after  # the card moved, the penalty given
    told = screen(lesson, step, StepAnswer.shown(step), shown_to_all=True).verdict()
    assert plain(told.boxes[0].text).startswith("Muggins! A call is right here.")


@pytest.mark.parametrize("lang", LANGS)
def test_shown_to_everyone_no_answer_is_called_yours(lang):
    """Presenter mode and a class room's reveal: no "Right." and no "your answer"."""
    _ = translations(lang).gettext
    for lesson in LESSONS:
        for step in lesson.steps:
            if not step.right:
                continue
            shown = screen(lesson, step, StepAnswer.shown(step), lang, shown_to_all=True)
            said = " ".join(words_of(shown))
            assert _("Your answer: **{answer}**").split("{")[0] not in said
            if step.answered_by != AnswerMode.PILE:
                assert not said.startswith(_("Right."))


def test_a_next_card_step_offers_each_card_by_name_and_a_pass():
    lesson = next(item for item in LESSONS if any(s.kind == "next-card" and s.offers_pass for s in item.steps))
    step = next(s for s in lesson.steps if s.kind == "next-card" and s.offers_pass)
    shown = screen(lesson, step, StepAnswer())
    buttons = shown.buttons()
    assert [button.value for button in buttons][-1] == PASS and buttons[-1].label == "None: a pass"
    assert all(button.help for button in buttons[:-1]) and buttons[-1].help is None
    assert shown.columns() >= 4
    assert shown.first_controls()[0] == f"{lesson.id}-{step.id}-card-{buttons[0].value}"


def test_the_hint_is_offered_until_the_step_is_answered():
    lesson, step = next((lesson, step) for lesson in LESSONS for step in lesson.steps
                        if step.hint and step.answered_by == AnswerMode.OPTION)
    shown = screen(lesson, step, StepAnswer())
    assert shown.hint() == step.hint
    shown.pick(step.right[0])
    assert shown.hint() is None


def test_the_first_controls_of_each_layout_then_the_way_on():
    seen = {}
    for lesson in LESSONS:
        for step in lesson.steps:
            shown = screen(lesson, step, StepAnswer())
            keys = shown.first_controls()
            assert keys[-len(NEXT_KEYS):] == list(NEXT_KEYS)
            seen.setdefault(shown.layout, keys[: -len(NEXT_KEYS)])
    prefixes = {layout: keys[0].rsplit("-", 1)[-1] if keys else "" for layout, keys in seen.items()}
    assert set(seen) == set(Layout)
    assert seen[Layout.READ] == [] and prefixes[Layout.DEAL] == "players" and prefixes[Layout.MOVES] == "next"
    assert seen[Layout.PILE][0].endswith("-table")


# ----- the labels the class room shows ------------------------------------------------------------------
def test_option_labels_and_choice_words():
    tr = translations("es")
    _lesson, step = step_of(*EXAMPLE_1)
    n = narrator("es", step.you)
    assert choice_text(step, "common:1", n, tr) == "la pila común 1 (5♣)"
    assert step.you == "A" and "A" in choice_text(step, "discard:A", n, tr)  # from nobody's seat
    assert "tu " in choice_text(step, "discard:A", n, tr, from_seat=True)  # from the learner's
    assert "tu " in option_label(step, "discard:A", tr, narrator=n)
    assert choice_text(step, "nonsense", n, tr) == "nonsense"
    fits = next(s for lesson in LESSONS for s in lesson.steps if s.kind == "fits")
    assert option_label(fits, "fit", tr) == tr.gettext("They fit") != "They fit"
    card_step = next(s for lesson in LESSONS for s in lesson.steps if s.kind == "next-card" and s.offers_pass)
    card = card_step.choices[0]
    assert option_label(card_step, str(card), tr).startswith("**") and card.symbol in option_label(card_step, str(card), tr)
    assert option_label(card_step, str(card), tr, four_colour=True) != option_label(card_step, str(card), tr) or \
        card.suit == "S"
    assert choice_text(card_step, PASS, n, tr) == tr.gettext("None: a pass")
    assert choice_text(card_step, str(card), n, tr) == n.card(card)
    assert option_label(card_step, "<b>x</b>", tr) == "\\<b\\>x\\</b\\>"


# ----- the lesson around the step --------------------------------------------------------------------------
def test_the_address_form_of_progress_reads_back():
    known = {lesson.id: len(lesson.check_steps) for lesson in LESSONS}
    first = LESSONS[0]
    results = {first.id: (1, known[first.id])}
    assert checks_from_text(checks_text(results), known) == results
    assert checks_from_text(f"nope:1-2,{first.id}:9-9,{first.id}:x-1", known) == {}
    assert done_from_text(f"{first.id},zz,{first.id}", list(known)) == [first.id]


def test_an_unknown_lesson_or_step_in_the_address_is_noted_and_the_first_shown():
    state = LessonState()
    pick_lesson(LESSONS, state, "no-such-lesson", None)
    assert state.current == LESSONS[0].id and state.notice == ("lesson", "no-such-lesson")
    state = LessonState()
    pick_lesson(LESSONS, state, LESSONS[1].id, "no-such-step")
    assert state.current == LESSONS[1].id and state.notice == ("step", "no-such-step")
    state = LessonState()
    pick_lesson(LESSONS, state, LESSONS[1].id, LESSONS[1].steps[2].id)
    assert LessonScreen(LESSONS, state).index == 2 and state.notice is None


def test_the_browsers_back_and_forward_take_the_step_of_the_address_they_bring_back():
    """Back/Forward (session.followed): the address's lesson and step become the place, a move
    the page brings into view; the same place, or a lesson or step the course lacks, moves
    nothing (and says nothing: the address was this session's own)."""
    state = LessonState()
    pick_lesson(LESSONS, state, LESSONS[1].id, LESSONS[1].steps[3].id)
    assert follow_lesson(LESSONS, state, LESSONS[1].id, LESSONS[1].steps[2].id)
    assert LessonScreen(LESSONS, state).index == 2 and state.moves == 1 and state.followed
    state.followed = False  # (the page gives the step the focus and clears it)
    assert not follow_lesson(LESSONS, state, LESSONS[1].id, LESSONS[1].steps[2].id) and state.moves == 1
    assert not state.followed
    assert follow_lesson(LESSONS, state, LESSONS[0].id, None)  # back to the lesson before, at its step reached
    assert state.current == LESSONS[0].id and state.steps[LESSONS[1].id] == 2
    for lesson_id, step_id in (("no-such-lesson", None), (LESSONS[0].id, "no-such-step"), (None, None)):
        before = (state.current, dict(state.steps))
        follow_lesson(LESSONS, state, lesson_id, step_id)
        assert (state.current, state.steps) == before and state.notice is None


def test_the_way_on_and_back_across_lessons_and_a_restart():
    state = LessonState()
    where = LessonScreen(LESSONS, state)
    assert not where.can_back() and where.neighbours()[0] is None
    last = LESSONS[0].steps[-1]
    where.go(LESSONS[0].id, len(LESSONS[0].steps) - 1)
    where = LessonScreen(LESSONS, state)
    assert where.neighbours()[1] == (LESSONS[1].id, 0) and where.following() is LESSONS[1]
    assert not where.can_finish(False) and where.can_finish(True)
    state.answer(LESSONS[0], last).wrong.append("x")
    where.finish()
    assert state.done == [LESSONS[0].id] and not where.can_finish(True)
    where.open(LESSONS[1].id)
    where = LessonScreen(LESSONS, state)
    assert where.neighbours()[0] == (LESSONS[0].id, len(LESSONS[0].steps) - 1)
    state.restart(LESSONS[0].id)
    assert state.steps[LESSONS[0].id] == 0 and not any(key.startswith(LESSONS[0].id) for key in state.answers)
    token = state.place_token()
    where.next()
    assert state.place_token() != token
    state.reset()
    assert state.done == [] and state.answers == {} and state.steps == {}


def test_presenter_mode_keeps_its_answers_apart_and_a_class_rooms_store_reads_first():
    lesson, step = step_of(*EXAMPLE_1)
    state = LessonState()
    state.answer(lesson, step, presenting=True).solved = True
    assert not state.answer(lesson, step).solved
    before = state.showing({f"{lesson.id}/{step.id}": StepAnswer.shown(step)})
    assert before is None and state.answer(lesson, step).last == step.right[0]
    state.showing(before)
    assert not state.answer(lesson, step).solved
    state.forget(lesson, step, presenting=True)
    assert not state.answer(lesson, step, presenting=True).solved


def test_presenter_mode_walks_a_walk_through_move_by_move_and_shows_answers():
    lesson, step = step_of("common-piles-first", "example-1-muggins")
    shown = screen(lesson, step, StepAnswer())
    total = len(shown.frames())
    assert shown.answerable and shown.walk(True) == "move" and shown.walk(False) == "step"
    for _move in range(total - 1):
        assert shown.walk_by(1)
    assert shown.answer.solved and not shown.walk_by(1)
    assert shown.walk_by(-1) and not shown.answer.solved
    big = screen(lesson, step, StepAnswer(frame=BIG, solved=True))
    assert big.at_frame() == total - 1 and big.answer.frame == total - 1
    assert next_action(AnswerMode.PILE, 0, 5, True) == "step"
    place = screen(*step_of(*EXAMPLE_1), StepAnswer())
    place.show_answer()
    assert place.answer.solved and place.answer.last == place.step.right[0]
    explain = next((lesson, s) for lesson in LESSONS for s in lesson.steps if s.answered_by == AnswerMode.READ)
    assert not screen(*explain, StepAnswer()).answerable


@pytest.mark.parametrize(("lesson_id", "number"), [("common-piles-first", 5), ("nearest-opponent", 9)])
def test_a_right_no_call_is_said_first_as_no_call(lesson_id, number):
    """Issue 37, § 2: "No call" answered right began "A call would be unsupported…", heard as a call."""
    lesson = BY_ID[lesson_id]
    step = lesson.steps[number - 1]
    assert step.kind == "call" and step.right == ("accept",)
    shown = screen(lesson, step, StepAnswer())
    assert shown.pick("accept")
    assert plain(shown.verdict().boxes[0].text).startswith("Right not to call: a call would be unsupported")
    told = screen(lesson, step, StepAnswer.shown(step), shown_to_all=True)  # to a class: nobody's own answer
    assert plain(told.verdict().boxes[0].text).startswith("A call would be unsupported")


@pytest.mark.parametrize("lang", LANGS)
def test_arriving_at_a_step_names_the_card_turned_up(lang):
    """Training's *Next exercise* is announced (issue 37, § 2): the title, the text, the question and the
    card the text calls "shown at your seat", in plain words."""
    from tutorial.app.shell.markup import plain as spoken
    from tutorial.training.code import ExerciseCode
    from tutorial.training.generate import exercise_for

    for code in ("common-first.1.5", "call.1.7", "no-wrap.1.2"):
        exercise = exercise_for(ExerciseCode.parse(code))
        step = exercise.step
        lesson = type(LESSONS[0])("train-x", exercise.theme.name, exercise.theme.description, 0, (step,))
        shown = screen(lesson, step, StepAnswer(), lang)
        said = shown.arrival()
        assert said.startswith(shown.title()) and spoken(shown.text()) in said
        assert not re.search(r"[*\\]|:material/|&nbsp;", said), said
        n = narrator(lang, step.you)
        if step.kind == "place":
            assert said.endswith(n.turned_words(step.turned.position.mover, step.turned.card))
        elif step.question_cards:
            assert all(n.card(card) in said for card in step.question_cards)
        else:
            assert spoken(shown.question()) in said


# ----- stars and the course's end (issue 38) ------------------------------------------------------------
def test_stars_come_from_the_check_and_a_lesson_done_again_keeps_its_better_result():
    from tutorial.app.lessons.model_course import LessonScreen, LessonState, StepAnswer, answer_key, stars

    assert [stars((3, 3)), stars((2, 3)), stars((1, 3)), stars((0, 3)), stars((1, 2)), stars(None)] == [3, 2, 1, 1, 2, 0]
    lesson = next(item for item in LESSONS if len(item.check_steps) >= 2)
    state = LessonState(done=[], checks={})
    screen = LessonScreen(LESSONS, state)
    for step in lesson.check_steps:
        state.answers[answer_key(lesson, step)] = StepAnswer(solved=True)
    state.answers[answer_key(lesson, lesson.check_steps[0])].hinted = True  # the hint taken: not at the first try
    screen.finish(lesson.id)
    total = len(lesson.check_steps)
    assert state.checks[lesson.id] == (total - 1, total) and screen.stars(lesson) < 3
    state.restart(lesson)  # done again, every question right at once: three stars
    for step in lesson.check_steps:
        state.answers[answer_key(lesson, step)] = StepAnswer(solved=True)
    state.current, state.steps[lesson.id] = lesson.id, len(lesson.steps) - 1
    assert LessonScreen(LESSONS, state).can_finish(True)
    LessonScreen(LESSONS, state).finish(lesson.id)
    assert screen.stars(lesson) == 3
    state.restart(lesson)
    for step in lesson.check_steps:
        state.answers[answer_key(lesson, step)] = StepAnswer(solved=True, wrong=["x"])
    again = LessonScreen(LESSONS, state)
    again.finish(lesson.id)
    assert screen.stars(lesson) == 3, "the better result is kept"
    said = again.ending(translations("en")).lesson  # and this time's result is said as this time's
    assert f"This time: 0 of {total} right at the first try; your best is kept." in said, said


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_last_lesson_ends_the_course_with_its_stars_and_what_to_do_next(lang):
    from tutorial.app.lessons.model_course import LessonScreen, LessonState

    checks = {lesson.id: (len(lesson.check_steps), len(lesson.check_steps)) for lesson in LESSONS}
    weak = LESSONS[2]
    checks[weak.id] = (0, len(weak.check_steps))
    state = LessonState(done=[lesson.id for lesson in LESSONS[:-1]], checks=checks, current=LESSONS[-1].id)
    screen = LessonScreen(LESSONS, state)
    assert screen.ending(translations(lang)).course is None, "no course's end before every lesson is done"
    screen.finish(LESSONS[-1].id)
    ending = screen.ending(translations(lang))
    most = 3 * len(LESSONS)
    assert ending.course is not None and f"{most - 2} " in ending.course and str(most) in ending.course
    assert any(translations(lang).gettext(weak.title) in line for line in ending.lines), ending.lines
    assert "★" in ending.lesson


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_question_answered_says_its_answer_in_words(lang):
    """Issue 37 (a trial): on the projector a revealed card question showed its disabled buttons in
    the cards' colours and marked none (a disabled button shows no mark): the answer is said."""
    lesson, step = next((item, step) for item in LESSONS for step in item.steps if screen(item, step, StepAnswer()).layout == Layout.CARDS)
    revealed = screen(lesson, step, StepAnswer.shown(step), lang, shown_to_all=True)
    line = revealed.answer_line()
    assert line is not None and translations(lang).gettext("The answer: **{answer}**").split("**")[0] in line
    assert revealed.label(step.right[0]) in line
    assert screen(lesson, step, StepAnswer(), lang).answer_line() is None  # nothing before it is answered
