"""The class room's role sessions without the interface (issue 18): a teacher, students and
join attempts on one store, through :mod:`tutorial.classroom.join`, ``.student`` and ``.teacher`` — what each screen
shows in words and what each action decides. These replace the AppTest checks of words and
decisions (tests/test_classroom_app.py keeps what needs the page: wiring, the click guard,
the address, cookies, faults)."""

from __future__ import annotations

import csv
import io

import pytest

from tutorial import words
from tutorial.classroom import ClassroomError
from tutorial.classroom.join import JoinSession
from tutorial.classroom.rooms import CLASS_TALLY_MIN
from tutorial.classroom.session import COOKIE_PREFIX, Role, RoomState, as_link_error, refusals
from tutorial.classroom.student import StudentSession
from tutorial.classroom.summary import CSV_COLUMNS, ClassSummary, cell
from tutorial.classroom.targets import Asked, Course, DealTarget, StepTarget, deal_target, parse_target
from tutorial.classroom.teacher import TeacherSession
from tutorial.classroom.words import choice_text, option_label, verdict_words
from tutorial.engine.bots import all_destinations
from tutorial.engine.deal import DealCode
from tutorial.engine.errors import MugginsError
from tutorial.engine.position import Dest
from tutorial.lessons import load_all
from tutorial.narrate import narrator
from tutorial.store import open_room_store

COURSE = Course(load_all()[0])
EN, ES = narrator("en"), narrator("es")


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture()
def rooms(tmp_path):
    return open_room_store(tmp_path)


def opened(rooms, clock=None) -> TeacherSession:
    state = RoomState()
    JoinSession(state, rooms, clock or Clock(), "10.0.0.9", lambda name: None).open_room()
    assert state.role is not None and state.role.kind == "teacher", state.problem
    return TeacherSession(state, rooms, COURSE, EN)


def joining(rooms, clock=None, cookies=None) -> tuple[RoomState, JoinSession]:
    state = RoomState()
    jar = cookies if cookies is not None else {}
    return state, JoinSession(state, rooms, clock or Clock(), "10.0.0.1", jar.get)


def joined(rooms, code: str, nickname: str, lang=EN) -> StudentSession:
    state, session = joining(rooms)
    session.join(code, nickname)
    assert state.problem is None, state.problem
    return StudentSession(state, rooms, COURSE, lang)


def pick(student: StudentSession, *, right: bool) -> str:
    screen = student.screen(student.view())
    step = screen.asked.step
    return next(option.value for option in step.options() if (option.value in step.right) == right)


def problem_words(state: RoomState) -> str:
    told = state.told()
    assert told is not None
    return words.class_error(told, EN.tr)


# ----- targets ---------------------------------------------------------------------------------
def test_targets_read_back_what_they_write_and_refuse_other_text():
    for target in (StepTarget("cards-and-fitting", "fits-any-suit"), DealTarget(DealCode.parse("4-1234"))):
        assert parse_target(str(target)) == target
    assert str(deal_target(" 4-1234 ")) == "deal/4-1234"
    for text in (None, "", "lesson/x", "lesson//y", "lesson/x/y/z", "deal/nonsense", "quiz/1"):
        assert parse_target(text) is None, text
    with pytest.raises(MugginsError):
        deal_target("nonsense")


def test_the_course_finds_only_askable_steps_and_walks_them_in_order():
    first = COURSE.first()
    found = COURSE.find(first)
    assert isinstance(found, Asked) and found.step.askable and found.target == first
    walked, target = [], first
    while target is not None:
        walked.append(target)
        target = COURSE.after(target)
    expected = [StepTarget(lesson.id, step.id) for lesson in COURSE.lessons for step in lesson.steps if step.askable]
    assert walked == expected
    explain = next(StepTarget(lesson.id, step.id) for lesson in COURSE.lessons for step in lesson.steps if not step.askable)
    assert COURSE.find(explain) is None and COURSE.find(StepTarget("no-such", "step")) is None
    assert COURSE.after(DealTarget(DealCode.parse("4-1234"))) is None


# ----- a question from asking to the next ----------------------------------------------------------
def test_students_answer_the_teacher_tallies_reveals_and_moves_on(rooms):
    teacher = opened(rooms)
    ana, ben = joined(rooms, teacher.role.code, "Ana"), joined(rooms, teacher.role.code, "Ben")
    view = teacher.room()
    assert teacher.joined_words(view.students) == "2 students have joined."
    assert [c.name for c in teacher.controls(view, presenting=False)] == []
    teacher.ask(COURSE.first(), view.round)
    view = teacher.room()
    assert [(c.name, c.label) for c in teacher.controls(view, presenting=False)] == [
        ("reveal", "Reveal the answer"), ("next", "Ask the next step")]
    assert [c.label for c in teacher.controls(view, presenting=True)] == ["Reveal", "Next step"]
    for student, right in ((ana, True), (ben, False)):
        screen = student.screen(student.view())
        assert screen.showing == "question" and screen.interactive and student.can_answer(1)
        student.answer(1, pick(student, right=right))
        screen = student.screen(student.view())
        assert not screen.interactive and screen.answer in ("They fit", "They do not fit") and screen.verdict is None
        assert not student.can_answer(1)
    asked = teacher.found(view)
    shown = teacher.shown(asked, teacher.tally())
    assert teacher.answered_words(teacher.tally()) == "2 of 2 have answered."
    assert shown.lines == () and shown.verdicts == (), "the spread only when the teacher asks for it"
    teacher.show_spread(True)
    shown = teacher.shown(asked, teacher.tally())
    assert sorted((line.label, line.count, line.right) for line in shown.lines) == [
        ("They do not fit", 1, None), ("They fit", 1, None)], "nothing marked right before the reveal"
    teacher.show_names(True)
    assert sorted(teacher.name_lines(asked, view)) == [("Ana", "They fit"), ("Ben", "They do not fit")]
    teacher.show_spread(False)
    assert sorted(teacher.name_lines(asked, view)) == [("Ana", ""), ("Ben", "")], "names, no choices, without the spread"
    teacher.press(teacher.controls(view, presenting=False)[0])
    view = teacher.room()
    assert view.phase == "revealed" and teacher.spread_shown(view)
    shown = teacher.shown(asked, teacher.tally(), spread=True)
    assert sorted(teacher.verdict_lines(shown)) == ["Right: 1", "Wrong: 1"]
    assert {line.label: line.right for line in shown.lines} == {"They fit": True, "They do not fit": False}
    assert sorted(teacher.name_lines(asked, view)) == [("Ana", "They fit (Right)"), ("Ben", "They do not fit (Wrong)")]
    assert [c.name for c in teacher.controls(view, presenting=False)] == ["next"]
    for student, right in ((ana, True), (ben, False)):
        screen = student.screen(student.view())
        assert screen.showing == "revealed" and screen.right is right
        assert student.verdict_words(screen.verdict) == ("Right" if right else "Wrong")
        assert screen.class_tally is None, "two answers: the counts would tell who chose what"
    teacher.press(teacher.controls(view, presenting=False)[0])
    screen = ana.screen(ana.view())
    assert screen.showing == "question" and screen.round == 2 and screen.asked.target == COURSE.after(COURSE.first())


def test_students_see_how_the_class_answered_from_enough_answers_on_and_without_names(rooms):
    teacher = opened(rooms)
    students = [joined(rooms, teacher.role.code, f"Kid{number}") for number in range(CLASS_TALLY_MIN)]
    teacher.ask(COURSE.first(), 0)
    for number, student in enumerate(students):
        student.answer(1, pick(student, right=number % 2 == 0))
    assert students[0].screen(students[0].view()).class_tally is None, "nothing before the reveal"
    teacher.reveal(1)
    shown = students[0].screen(students[0].view()).class_tally
    assert shown is not None and shown.answered == CLASS_TALLY_MIN
    right = (CLASS_TALLY_MIN + 1) // 2
    assert sorted(students[0].verdict_lines(shown)) == sorted([f"Right: {right}", f"Wrong: {CLASS_TALLY_MIN - right}"])
    assert {line.label for line in shown.lines} <= {"They fit", "They do not fit"}


def test_a_double_click_asks_and_reveals_once_and_is_counted(rooms):
    teacher = opened(rooms)
    before = refusals()
    teacher.ask(COURSE.first(), 0)
    teacher.ask(COURSE.first(), 0)  # drawn for the old room: refused quietly
    assert teacher.room().round == 1 and teacher.state.problem is None
    teacher.reveal(1)
    teacher.reveal(1)
    assert teacher.state.problem is None
    after = refusals()
    assert after.get("ask:wrong-round", 0) == before.get("ask:wrong-round", 0) + 1
    assert after.get("reveal:not-asking", 0) == before.get("reveal:not-asking", 0) + 1


def test_a_pile_answer_is_judged_by_the_step_and_tallied_by_error_kind(rooms):
    teacher = opened(rooms)
    cleo = joined(rooms, teacher.role.code, "Cleo")
    lesson = next(item for item in COURSE.lessons if any(step.kind == "place" for step in item.steps))
    step = next(item for item in lesson.steps if item.kind == "place")
    teacher.ask(StepTarget(lesson.id, step.id), 0)
    wrong = next(str(dest) for dest in all_destinations(step.turned.position) if str(dest) not in step.right)
    cleo.answer(1, "discard:Q")  # no such pile: refused, nothing recorded
    assert teacher.tally().answered == 0
    cleo.answer(1, wrong)
    kind = step.judge(wrong).code
    assert kind not in ("right", "wrong")
    tally = teacher.tally()
    assert tally.by_verdict == {kind: 1}
    assert cleo.screen(cleo.view()).answer == choice_text(step, wrong, narrator("en", step.you))
    teacher.reveal(1)
    shown = teacher.shown(teacher.found(teacher.room()), teacher.tally())
    assert teacher.verdict_lines(shown) == [f"{EN.error_title(kind)}: 1"]
    assert shown.lines[0].label == EN.pile(Dest.parse(wrong), step.turned.position), "named from nobody's seat"


def test_class_practice_reports_progress_to_the_teacher(rooms):
    teacher = opened(rooms)
    dee = joined(rooms, teacher.role.code, "Dee")
    code = DealCode.parse("4-2817")
    teacher.ask(DealTarget(code), 0)
    seen = dee.view()
    screen = dee.screen(seen)
    assert screen.showing == "practice" and screen.deal == DealTarget(code) and not screen.playing
    assert dee.can_play(seen)
    dee.play(seen.round, str(code))
    assert dee.state.go_practice and dee.screen(seen).playing
    assert dee.on_class_deal(code, 0) == seen and dee.on_class_deal(code, 1) is None
    assert dee.on_class_deal(DealCode.parse("4-1234"), 0) is None
    dee.report(seen, 3, {"not-adjacent": 1}, False)
    dee.report(seen, 4, {}, False)  # an undo took the error back: it still counts
    progress = teacher.progress()
    assert teacher.progress_words(progress) == "1 of 1 have started; 0 have finished."
    assert (progress.decisions, progress.errors) == (4, {"not-adjacent": 1})
    assert teacher.error_lines(progress.errors) == [f"{EN.error_title('not-adjacent')}: 1"]
    assert dee.state.practice == (teacher.role.code, 1, "4-2817")
    teacher.ask(COURSE.first(), 1)
    assert dee.hears_of_new(dee.signature()), "the practice page says the teacher asked something new"


def test_a_forged_teacher_link_opens_nothing_and_says_the_same_as_a_made_up_code(rooms):
    teacher = opened(rooms)
    for code in (teacher.role.code, "ZZZZZZ" if teacher.role.code != "ZZZZZZ" else "YYYYYY"):
        state = RoomState(role=Role("teacher", code, "x" * 32))
        forged = TeacherSession(state, rooms, COURSE, EN)
        with pytest.raises(ClassroomError) as made:
            forged.room()
        assert as_link_error(made.value).code == "bad-link"
        assert forged.token_now() == "" and forged.signature() in (-1, teacher.room().version)
        forged.ask(COURSE.first(), 0)
        assert teacher.room().round == 0
    with pytest.raises(ValueError):
        StudentSession(RoomState(role=Role("teacher", "X", "y")), rooms, COURSE, EN)


# ----- joining ------------------------------------------------------------------------------------
@pytest.mark.parametrize("nickname, said", [("", "Choose a nickname."), ("a\u200bb", "no invisible characters")])
def test_bad_nicknames_are_refused_with_a_reason(rooms, nickname, said):
    teacher = opened(rooms)
    state, session = joining(rooms)
    session.join(teacher.role.code, nickname)
    assert state.role is None and said in problem_words(state)


def test_a_taken_nickname_is_refused_whatever_its_case(rooms):
    teacher = opened(rooms)
    joined(rooms, teacher.role.code, "Ana")
    state, session = joining(rooms)
    session.join(teacher.role.code, "ANA")
    assert "already has that nickname" in problem_words(state)


def test_a_second_submit_of_the_form_is_the_same_student(rooms):
    teacher = opened(rooms)
    state, session = joining(rooms)
    session.join(teacher.role.code, "Gus")
    first = state.role
    state.take(None)
    session.join(teacher.role.code.lower(), "gus")  # the same name again from this browser
    assert state.role == first and state.problem is None and teacher.room().students == 1


def test_unknown_closed_and_expired_rooms_are_said(rooms):
    state, session = joining(rooms)
    session.join("ZZZZZZ", "Eve")
    assert problem_words(state) == "There is no class room with this code. Check the code with your teacher."
    teacher = opened(rooms)
    finn = joined(rooms, teacher.role.code, "Finn")
    teacher.ask_to_close()
    assert teacher.state.closing
    teacher.close()
    assert teacher.room().closed and not teacher.state.closing and teacher.controls(teacher.room(), presenting=True) == []
    assert not teacher.can_ask(teacher.room())
    with pytest.raises(ClassroomError) as closed:
        finn.view()
    assert words.class_error(closed.value, EN.tr) == "Your teacher has closed this class room."
    assert finn.signature() == ("gone", "closed-room")


def test_wrong_codes_from_one_session_are_slowed_down(rooms):
    state, session = joining(rooms, Clock())  # all tries within the same second
    said = []
    for _ in range(7):
        session.join("ZZZZZZ", "Eve")
        said.append(problem_words(state))
    assert said[-1].startswith("Too many wrong room codes: wait") and "seconds before the next try" in said[-1]


def test_one_session_opens_a_few_rooms_then_is_told_to_use_them(rooms):
    state, session = joining(rooms)
    for _ in range(3):
        session.open_room()
        assert state.role is not None and state.role.kind == "teacher"
        state.leave()
    session.open_room()
    assert state.role is None and "You have opened enough class rooms for now" in problem_words(state)


def test_a_student_who_closed_the_tab_gets_their_place_back_from_the_same_browser(rooms):
    import json
    from urllib.parse import quote

    teacher = opened(rooms)
    ona = joined(rooms, teacher.role.code, "Ona")
    cookies = {COOKIE_PREFIX + teacher.role.code: quote(json.dumps({"t": ona.role.token, "n": "Ona"}))}
    state, session = joining(rooms, cookies=cookies)
    state.seed(teacher.role.code, None, None)
    back = session.back()
    assert back is not None and back.nickname == "Ona" and back.token == ona.role.token
    session.reclaim(back)
    assert state.address() == {"room": teacher.role.code, "student": ona.role.token}
    again, session = joining(rooms, cookies=cookies)
    session.join(teacher.role.code, "ona")  # typing the same name again takes the place back too
    assert again.role == back and again.problem is None
    assert teacher.room().students == 1, "no ghost in the count"
    other, session = joining(rooms)  # another browser (no cookie)
    session.join(teacher.role.code, "Ona")
    assert "already has that nickname" in problem_words(other)
    state.leave()  # Leave the room: this browser forgets it, and its cookie goes
    assert state.role is None and state.forget_cookie == teacher.role.code
    _state, session = joining(rooms, cookies=cookies)
    session.state.forget_cookie = teacher.role.code
    assert session.back() is None and "Max-Age=0" in (session.cookie_script() or "")
    for broken in ("", "%7Bnot json", quote(json.dumps(["t"])), quote(json.dumps({"t": "x" * 81}))):
        _state, session = joining(rooms, cookies={COOKIE_PREFIX + teacher.role.code: broken})
        assert session.place_here(teacher.role.code) is None


def test_the_address_seeds_the_role_once_and_keeps_a_students_place_on_every_page():
    state = RoomState()
    state.seed("K7QM3X", None, "tok")
    state.seed("OTHER", "t", None)  # seeded once
    assert state.role == Role("student", "K7QM3X", "tok")
    assert state.kept() == {"room": "K7QM3X", "student": "tok"} == state.address()
    teacher = RoomState()
    teacher.seed("K7QM3X", "secret", None)
    assert teacher.address() == {"room": "K7QM3X", "teacher": "secret"}
    assert teacher.kept() == {"room": None, "student": None}, "a teacher's token stays on the class page"
    link = RoomState()
    link.seed("K7QM3X", None, None)
    assert link.role is None and link.address() == {"room": "K7QM3X"}


def test_the_teacher_removes_and_merges_students(rooms):
    teacher = opened(rooms)
    for name in ("Quin", "Quin 2", "Ray"):
        joined(rooms, teacher.role.code, name)
    people = teacher.students()
    seen = teacher.students_token(people)
    teacher.remove_student(3)
    assert teacher.students_token_now() != seen, "a click drawn for the old list is stale"
    teacher.remove_student(3)  # a double click: already gone, said nothing
    teacher.merge_students(1, 2)
    assert [row.nickname for row in teacher.students()] == ["Quin"] and teacher.state.problem is None


# ----- the summary ----------------------------------------------------------------------------------
def test_the_class_summary_ranks_errors_from_data_and_its_csv_reads_in_the_teachers_language(rooms):
    teacher = opened(rooms)
    jose = joined(rooms, teacher.role.code, "José")
    teacher.ask(COURSE.first(), 0)
    jose.answer(1, "no-fit")
    teacher.ask(DealTarget(DealCode.parse("4-2817")), 1)
    jose.report(jose.view(), 5, {"not-adjacent": 2, "common-first": 1}, True)
    teacher.show_names(True)
    summary = teacher.summary()
    assert summary.errors() == [("not-adjacent", 2), ("common-first", 1)]
    assert summary.error_lines(EN) == [f"{EN.error_title('not-adjacent')}: 2", f"{EN.error_title('common-first')}: 1"]
    assert teacher.revisit(summary, {"common-first": "common-piles-first"}).id == "common-piles-first"
    assert teacher.revisit(summary, {}) is None
    worded = summary.worded(summary.rows[0], COURSE, ES)
    assert list(worded)[:4] == ["round", "question", "answer", "result"]
    assert worded["answer"] == "No, no sirven" and worded["result"] == "Incorrecto"
    assert worded["nickname"] == "José" and worded["choice"] == "no-fit" and " · " in worded["question"]
    text = summary.csv(COURSE, EN).decode("utf-8-sig")
    table = list(csv.DictReader(io.StringIO(text)))
    assert tuple(table[0]) == CSV_COLUMNS and len(table) == 2
    assert table[1]["question"] == "Class practice: deal 4-2817" and table[1]["error_kinds"] == "common-first=1;not-adjacent=2"
    assert summary.file_name == f"muggins-class-{teacher.role.code}.csv"
    assert ClassSummary("X", ()).errors() == []


def test_a_nickname_in_the_csv_never_runs_as_a_formula(rooms):
    teacher = opened(rooms)
    joined(rooms, teacher.role.code, "=HYPERLINK(1)")
    teacher.ask(COURSE.first(), 0)
    teacher.show_names(True)
    table = list(csv.DictReader(io.StringIO(teacher.summary().csv(COURSE, EN).decode("utf-8-sig"))))
    assert table[0]["nickname"] == "'=HYPERLINK(1)"
    assert cell(3) == 3 and cell("-2") == "'-2"


# ----- words --------------------------------------------------------------------------------------
def test_choices_and_verdicts_in_words():
    quiz = next(step for lesson in COURSE.lessons for step in lesson.steps if step.kind == "next-card")
    card = next(option for option in quiz.options() if option.card is not None)
    assert option_label(quiz, card.value, EN) == EN.card(card.card)
    assert option_label(quiz, "nothing", EN) == "nothing"
    assert verdict_words("right", ES) == "Correcto" and verdict_words("wrong", EN) == "Wrong"
    assert verdict_words("a-kind-from-a-newer-version", EN) == "a-kind-from-a-newer-version"
    place = next(step for lesson in COURSE.lessons for step in lesson.steps if step.kind == "place")
    assert choice_text(place, "not a pile", EN) == "not a pile"


def test_the_summary_on_the_teachers_page_tells_no_verdict_of_the_open_question_before_the_reveal(rooms):
    """Found by a trial: with one student, "Most common errors: Common piles come first: 1"
    appeared on the projector while the question was still open, telling the class the answer
    was wrong. The open question's verdicts join the summary on screen at the reveal; the
    downloaded file keeps everything."""
    teacher = opened(rooms)
    ana = joined(rooms, teacher.role.code, "Ana")
    from tutorial.lessons.steps import AnswerMode

    lesson, step = next((lesson, step) for lesson in COURSE.lessons for step in COURSE.askable_steps(lesson)
                        if step.answered_by is AnswerMode.PILE)
    wrong = next(f"discard:{p}" for p in step.turned.position.players if not step.judge(f"discard:{p}").right)
    teacher.ask(StepTarget(lesson.id, step.id), 0)
    ana.answer(1, wrong)
    view = teacher.room()
    assert view.phase == "asking"
    assert teacher.summary().errors() != []  # the file has it
    assert teacher.summary().on_screen(view.round, view.phase).errors() == []
    teacher.reveal(view.round)
    view = teacher.room()
    assert teacher.summary().on_screen(view.round, view.phase).errors() == teacher.summary().errors() != []
