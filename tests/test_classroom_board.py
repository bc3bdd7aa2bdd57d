"""What the class room's pages show and how fast a session may go, decided without the
interface (issue 17): the projector never gives the answer away before the reveal; the
click guard's tokens change when what a button acts on changes; one session is slowed
down long before it could lock out its class."""

from __future__ import annotations

import pytest

from tutorial.classroom import ClassroomError
from tutorial.classroom.board import shown_tally, student_token, teacher_token
from tutorial.classroom.gate import SessionGate, SessionLimits
from tutorial.classroom.tally import SummaryRow, Tally, errors_ranked, make_tally

ANSWERS = [("discard:C", "right"), ("discard:B", "empty-discard"), ("common:1", "wrong-common"), ("discard:A", "skipped"),
           ("discard:C", "right")]


def tally(phase: str) -> Tally:
    return make_tally(1, "lesson/nearest-opponent/place-skip-empty", phase, 6, ANSWERS)


def named(choice: str) -> str:
    return {"discard:C": "C's discard (4♣)", "discard:B": "B's empty discard", "discard:A": "A's empty discard",
            "common:1": "common pile 1 (A♦)"}[choice]


def test_before_the_reveal_the_projector_shows_only_how_many_answered():
    shown = shown_tally(tally("asking"), {"discard:C"}, named, spread=False)
    assert (shown.answered, shown.students) == (5, 6)
    assert shown.lines == () and shown.verdicts == () and not shown.revealed and shown.spread_hidden


def test_the_spread_before_the_reveal_marks_no_choice_and_counts_no_verdict():
    shown = shown_tally(tally("asking"), {"discard:C"}, named, spread=True)
    assert [(line.label, line.count) for line in shown.lines] == [
        ("C's discard (4♣)", 2), ("common pile 1 (A♦)", 1), ("A's empty discard", 1), ("B's empty discard", 1)]
    assert all(line.right is None for line in shown.lines), "no choice is marked right or wrong"
    assert shown.verdicts == (), "a verdict names the rule broken: it would give the answer away"
    assert shown.lines[0].share == pytest.approx(0.4)


def test_after_the_reveal_the_right_choices_are_marked_and_verdicts_counted():
    shown = shown_tally(tally("revealed"), {"discard:C"}, named, spread=False)
    assert [line.right for line in shown.lines] == [True, False, False, False], "the spread is always shown once revealed"
    assert dict(shown.verdicts) == {"right": 2, "empty-discard": 1, "wrong-common": 1, "skipped": 1}


def test_the_teachers_piles_are_named_from_nobodys_seat():
    """The teacher is nobody at the table: the tally says "A's empty discard", never "your …"."""
    from tutorial.app.lessons.state import course
    from tutorial.engine.position import Dest
    from tutorial.narrate import narrator

    lesson = next(item for item in course()[0] if item.id == "nearest-opponent")
    step = lesson.steps[lesson.step_index("place-skip-empty")]
    nobody, mover = narrator("en", None), narrator("en", step.you)
    position = step.turned.position
    assert mover.pile(Dest.parse("discard:A"), position) == "your empty discard"
    assert nobody.pile(Dest.parse("discard:A"), position) == "A's empty discard"
    assert nobody.pile(Dest.parse("discard:C"), position) == "C's discard (4♣)"
    assert narrator("es", None).pile(Dest.parse("discard:A"), position) == "el descarte vacío de A"


def test_the_click_tokens_change_with_what_a_button_acts_on_and_only_then():
    assert teacher_token(3, "asking") != teacher_token(3, "revealed") != teacher_token(4, "asking")
    assert teacher_token(3, "asking") != teacher_token(3, "asking", closed=True)
    assert student_token(2, "asking", False) != student_token(2, "asking", True) != student_token(2, "revealed", True)
    assert student_token(2, "asking", False) != student_token(3, "asking", False)
    assert teacher_token(3, "asking") == teacher_token(3, "asking"), "answers coming in change nothing"


def test_one_session_is_slowed_down_long_before_it_could_lock_out_its_class():
    gate, now, sent = SessionGate(), 1000.0, 0
    refused_quietly = 0
    while now < 1600.0:  # ten minutes of a script sending a wrong code every 10 ms
        try:
            gate.check_join(now)
        except ClassroomError as err:
            assert err.code == "slow-down" and err.params["retry_after"] >= 1
            refused_quietly += 1
        else:
            sent += 1
            gate.failed(now)
        now += 0.01
    assert sent <= 5 + 15, sent  # 5 free, then 2, 4, 8, 16, 32, 60, 60 … s apart
    assert sent < 200 and refused_quietly > 50_000


def test_a_session_that_joined_starts_afresh_and_makes_few_students():
    gate = SessionGate(SessionLimits(joins=3, join_window=600))
    for _ in range(7):
        gate.failed(0.0)
    assert not gate.clean
    with pytest.raises(ClassroomError, match="slow-down"):
        gate.check_join(1.0)
    gate.joined(10.0)
    assert gate.clean
    gate.check_join(10.0)
    gate.joined(11.0)
    gate.joined(12.0)
    with pytest.raises(ClassroomError) as made:
        gate.check_join(13.0)
    assert made.value.code == "too-many-joins" and made.value.params["scope"] == "session"
    gate.check_join(10.0 + 601)


def test_a_session_opens_few_rooms():
    gate = SessionGate(SessionLimits(rooms=3, room_window=3600))
    for at in (0.0, 1.0, 2.0):
        gate.check_open(at)
        gate.opened_room(at)
    with pytest.raises(ClassroomError) as made:
        gate.check_open(3.0)
    assert made.value.code == "too-many-rooms" and made.value.params == {"scope": "session", "limit": 3,
                                                                          "retry_after": 3597}
    gate.check_open(3601.0)


def test_the_summarys_errors_are_ranked_from_its_rows():
    rows = [SummaryRow(1, "lesson/a/b", 1, "", "common:1", "right"), SummaryRow(1, "lesson/a/b", 2, "", "discard:A", "skipped"),
            SummaryRow(2, "deal/4-1234", 1, "", "", "", (4, {"skipped": 2, "wrong-common": 1}, False)),
            SummaryRow(3, "lesson/a/c", 1, "", "fit", "wrong")]
    assert errors_ranked(rows) == [("skipped", 3), ("wrong-common", 1)]


def test_the_sixth_wrong_code_waits_and_the_wait_is_said_in_good_grammar():
    """A trial found six wrong codes answered before any wait (docs/teaching.md says five) and
    "wait 1 seconds"."""
    from tutorial import words
    from tutorial.i18n import translations

    gate = SessionGate()
    for _number in range(5):
        gate.check_join(1000.0)
        gate.failed(1000.0)
    with pytest.raises(ClassroomError) as refused:
        gate.check_join(1000.5)
    assert refused.value.code == "slow-down"
    assert words.class_error(ClassroomError("slow-down", retry_after=1), translations("en")).endswith("wait 1 second before the next try.")
    assert "espera 2 segundos" in words.class_error(ClassroomError("slow-down", retry_after=2), translations("es"))
