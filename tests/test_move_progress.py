"""*Move my progress* (issue 19, part 1): the code carrying a learner's progress to another device
(tutorial/app/shell/model_move.py, plain Python), Home's words and actions for it
(tutorial/app/home/model.py), and the wiring under AppTest with the browser's stored value
simulated (tests/test_app.py's ``deliver``)."""

from __future__ import annotations

import base64
import json
import time
import zlib
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_app import LESSONS, app, click, deliver, lessons_state, start, texts, written
from tutorial.app.home.model import CONFIRMING_MOVE, HomeScreen, HomeState
from tutorial.app.shell import model_move
from tutorial.app.shell.model_move import (
    PREFIX,
    READ_LIMIT,
    SHORT,
    _checksum,
    move_code,
    moving,
    read_move_code,
)
from tutorial.app.shell.model_progress import LIMIT, Progress, ProgressError, decode, encode
from tutorial.i18n import translations
from tutorial.training.schedule import Outcome, Training
from tutorial.training.themes import THEME_IDS

KNOWN = {lesson.id: len(lesson.check_steps) for lesson in LESSONS}
NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


def full_training() -> dict:
    """Every theme open and answered a few times, days apart (a full schedule)."""
    scheduler = Training.start([lesson.id for lesson in LESSONS], NOW)
    for day, outcome in enumerate([Outcome.RIGHT, Outcome.HINTED, Outcome.WRONG, Outcome.RIGHT]):
        for theme in THEME_IDS:
            scheduler.record(theme, outcome, NOW + timedelta(days=3 * day, minutes=THEME_IDS.index(theme)))
    return scheduler.to_dict()


NEW = Progress(lang="en")
FINISHED = Progress(done=[lesson.id for lesson in LESSONS],
                    checks={lesson.id: (len(lesson.check_steps) - 1, len(lesson.check_steps))
                            for lesson in LESSONS if lesson.check_steps},
                    training=Training.start([lesson.id for lesson in LESSONS], NOW).to_dict(), lang="es")
TRAINED = Progress(done=FINISHED.done, checks=FINISHED.checks, training=full_training(), lang="es",
                   four_colour=True, text_table=True, game={"deal": "5-777", "moves": "c1d2", "seat": "B"})


def lengths() -> dict[str, int]:
    """The code's length for a new learner, one who finished the course, one with a full schedule."""
    return {name: len(move_code(progress)) for name, progress in
            (("new", NEW), ("finished", FINISHED), ("full schedule", TRAINED))}


# ----- the codec ------------------------------------------------------------------------------------
@pytest.mark.parametrize("progress", [NEW, FINISHED, TRAINED, Progress()])
def test_a_code_reads_back_as_the_progress_it_carries(progress: Progress) -> None:
    code = move_code(progress)
    assert code.startswith(PREFIX) and code[len(PREFIX):].isalnum() and code == code.upper()
    assert read_move_code(code, KNOWN) == decode(encode(progress), KNOWN)


def test_codes_are_short() -> None:
    found = lengths()
    assert found["new"] <= 30 and found["finished"] <= 250 and found["full schedule"] <= 350, found


def test_the_preset_dictionary_is_version_1s_for_ever() -> None:
    """Codes already made are read with it: changing it needs a new version (M2-)."""
    import hashlib

    assert hashlib.sha256(model_move._DICTIONARY).hexdigest()[:16] == "a08fd04720b6afb8"


def test_a_code_is_read_in_any_case_with_spaces_and_line_breaks_or_as_its_whole_link() -> None:
    code = move_code(TRAINED)
    messy = "  " + "\n".join(code[i:i + 7].lower() + " " for i in range(0, len(code), 7)) + "\t"
    assert read_move_code(messy, KNOWN) == read_move_code(code, KNOWN)
    assert read_move_code(f"http://192.168.1.5:8501/home?lang=es&move={code}", KNOWN) == read_move_code(code, KNOWN)


def progress_values() -> st.SearchStrategy[Progress]:
    ids = [lesson.id for lesson in LESSONS]
    checked = {lesson.id: len(lesson.check_steps) for lesson in LESSONS if lesson.check_steps}
    checks = st.dictionaries(st.sampled_from(sorted(checked)), st.integers(0, 999)).map(
        lambda picked: {key: (min(right, checked[key]), checked[key]) for key, right in picked.items()})
    trainings = st.one_of(st.none(), st.builds(
        lambda done: Training.start(done, NOW).to_dict(), st.lists(st.sampled_from(ids), unique=True)))
    games = st.one_of(st.none(), st.builds(
        lambda deal, moves: {"deal": f"{deal}", "moves": moves} if moves else {"deal": f"{deal}"},
        st.sampled_from(["4-1", "5-777", "7-99999"]), st.text("abcdefghc1234567~.", max_size=3000)))
    return st.builds(Progress, done=st.lists(st.sampled_from(ids), unique=True), checks=checks, training=trainings,
                     lang=st.sampled_from([None, "en", "es"]), four_colour=st.booleans(), text_table=st.booleans(),
                     game=games)


@settings(max_examples=60, deadline=None)
@given(progress_values())
def test_every_progress_reads_back_the_practice_game_left_out_only_when_too_long(progress: Progress) -> None:
    made = moving(progress)
    again = read_move_code(made.code, KNOWN)
    expected = decode(encode(progress), KNOWN)
    if made.game_left_out:
        assert progress.game and again.game is None and len(model_move._code(encode(progress))) > SHORT
        expected.game = None
    else:
        assert len(made.code) <= SHORT or not progress.game
    assert again == expected


def test_a_long_practice_game_is_left_out_and_said_so() -> None:
    import random

    draw = random.Random(19)
    long = Progress(done=FINISHED.done[:3], lang="es", game={"deal": "5-777", "moves": "".join(
        draw.choice("abcdefgh") + draw.choice("1234567") for _n in range(1500))})
    made = moving(long)
    assert made.game_left_out and len(made.code) <= SHORT
    assert read_move_code(made.code, KNOWN).done == long.done and read_move_code(made.code, KNOWN).game is None


def test_every_single_character_changed_is_refused() -> None:
    code = move_code(FINISHED)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    refused = set()
    for at in range(len(PREFIX), len(code)):
        other = alphabet[(alphabet.index(code[at]) + 1) % 32]
        with pytest.raises(ProgressError) as err:
            read_move_code(code[:at] + other + code[at + 1:], KNOWN)
        refused.add(err.value.code)
    assert refused == {"tampered"}
    for cut in (code[:-1], code[:-9], code + "A", code[:10], code[:len(PREFIX) + 1]):
        with pytest.raises(ProgressError) as err:
            read_move_code(cut, KNOWN)
        assert err.value.code == "tampered"


@pytest.mark.parametrize(("text", "code"), [
    ("", "not-a-code"),
    ("   \n", "not-a-code"),
    (None, "not-a-code"),
    ("hello", "not-a-code"),
    ("M1-", "not-a-code"),
    ("M1-ABC", "tampered"),  # a length base32 never has: a character missing or extra
    ("M1-ABCDEFGH0", "tampered"),  # 0 is not base32: mistyped for O
    ("M1-ABCDEFGHIJKLMNOP", "tampered"),
    ("M1-ÀBCDEFGH", "not-a-code"),
    ("M1-ABC.DEF", "not-a-code"),
    ("M2-ABCDEFGHIJKLMNOP", "bad-version"),
    ("M0-ABCDEFGHIJKLMNOP", "not-a-code"),
    ("M1-" + "A" * (READ_LIMIT + 1), "too-long"),
    (" " * (2 * READ_LIMIT + 1) + "M1-AAAA", "too-long"),
])
def test_what_is_not_a_code_is_refused_with_a_code(text: object, code: str) -> None:
    with pytest.raises(ProgressError) as refused:
        read_move_code(text, KNOWN)
    assert refused.value.code == code


def signed(packed: bytes) -> str:
    """A code made of any bytes, with a right checksum (as a hostile maker would)."""
    return PREFIX + base64.b32encode(packed + _checksum(packed)).decode().rstrip("=")


def deflated(data: bytes) -> bytes:
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15, zdict=model_move._DICTIONARY)
    return squeezer.compress(data) + squeezer.flush()


def test_a_zip_bomb_is_refused_at_once() -> None:
    bomb = signed(deflated(b"[" * 15_000_000))  # 15 MB of JSON in a code of 23,000 characters
    assert len(bomb) < READ_LIMIT
    began = time.perf_counter()
    with pytest.raises(ProgressError) as refused:
        read_move_code(bomb, KNOWN)
    assert refused.value.code == "too-long" and time.perf_counter() - began < 0.5


@pytest.mark.parametrize(("packed", "code"), [
    (b"not deflate at all", "not-a-code"),
    (deflated(b'{"v": 1}')[:-2], "not-a-code"),  # cut short
    (deflated(b'{"v": 1}') + b"more", "not-a-code"),
    (deflated(b"\xff\xfe"), "not-json"),
    (deflated(b'{"v": 2}'), "bad-version"),
    (deflated(b" " * (LIMIT + 1)), "too-long"),
])
def test_a_code_with_a_right_checksum_is_still_read_with_the_documents_checks(packed: bytes, code: str) -> None:
    with pytest.raises(ProgressError) as refused:
        read_move_code(signed(packed), KNOWN)
    assert refused.value.code == code


def test_a_code_with_a_part_this_version_does_not_know_is_read_as_the_stored_document_is() -> None:
    """A newer version's code (a part this one does not know, a part it cannot read) gives the
    parts this version reads, the others named and left out — as the same document in the
    browser's storage does; it was refused whole as "could not be read"."""
    from tutorial.app.shell.model_move import read_move_code_parts
    from tutorial.app.shell.model_progress import decode_parts

    document = json.loads(encode(TRAINED))
    document["who"] = "Ana"  # a part of a later version
    document["deck"] = "6"  # a value this version cannot read
    text = json.dumps(document, sort_keys=True)
    code = signed(deflated(text.encode()))
    read, problems = read_move_code_parts(code, KNOWN)
    stored, stored_problems = decode_parts(text, KNOWN)
    assert read == stored and read.done == TRAINED.done and read.training == TRAINED.training
    assert [(err.code, err.detail) for err in problems] == [(err.code, err.detail) for err in stored_problems]
    assert {err.detail for err in problems} == {"who", "deck"}
    home = screen()
    home.offer(code)
    assert home.confirming_move and home.move_problem_line() is None
    assert home.carries()[-1] == ("left out, as this version cannot read it: a part this version of the app does not "
                                  "know and the deck")
    taken = home.take_move()
    assert taken is not None and taken.done == TRAINED.done and not taken.four_colour


# ----- Home: the words and actions ---------------------------------------------------------------------
def screen(lang: str = "en", state: HomeState | None = None) -> HomeScreen:
    return HomeScreen(state or HomeState(), LESSONS, [], {}, translations(lang))


def test_a_good_code_is_shown_then_asked_about_and_taken() -> None:
    home = screen()
    assert "nothing is kept on the server" in home.move_intro() and "M1-" not in home.move_intro()
    home.offer(move_code(TRAINED))
    assert home.confirming_move and home.token() == CONFIRMING_MOVE and home.move_problem_line() is None
    carries = home.carries()
    assert carries[0] == f"{len(LESSONS)} of {len(LESSONS)} lessons completed"
    assert f"a training schedule of {len(THEME_IDS)} themes" in carries and "language: Español" in carries
    assert "a practice game under way" in carries and "the four-colour deck" in carries
    assert "replaces everything this browser keeps" in home.move_question()
    assert "a practice game under way included" in home.move_question()  # said before it is lost
    taken = home.take_move()
    assert taken is not None and taken.done == TRAINED.done and not home.confirming_move
    said = home.moved_line()
    assert "Done" in (said or "") and home.moved_line() == said  # said until the next action
    assert home.take_move() is None and home.moved_line() == said  # a second Yes takes nothing, and the line stays
    home.hide_code()
    assert home.moved_line() is None


def test_a_second_click_on_use_this_code_keeps_the_code_waiting() -> None:
    """The first click empties the box; a second one (a double click) read the empty box and
    threw the good code away with 'This is not a progress code' (found by a trial)."""
    home = screen()
    home.offer(move_code(TRAINED))
    home.offer("")
    assert home.confirming_move and home.move_problem_line() is None


def test_what_a_code_carries_names_the_practice_statistics() -> None:
    from tutorial.app.practice.stats import PracticeStats

    played = Progress(done=[LESSONS[0].id], stats=PracticeStats(hands=1_000_000))
    home = screen()
    home.offer(move_code(played))
    assert "1000000 practice hands played" in home.carries()


@pytest.mark.parametrize("code", ["M0-AAAA", "M\u0661-AAAA", "M\uff11-AAAA"])
def test_a_version_that_cannot_be_is_not_a_code(code: str) -> None:
    with pytest.raises(ProgressError) as refused:
        read_move_code(code, KNOWN)
    assert refused.value.code == "not-a-code"


def test_no_keeps_this_browsers_progress() -> None:
    home = screen()
    home.offer(move_code(NEW))
    assert home.carries() == [f"0 of {len(LESSONS)} lessons completed", "language: English"]
    home.keep()
    assert not home.confirming_move and home.take_move() is None


@pytest.mark.parametrize(("text", "said"), [
    ("M1-" + "A" * 40, "a character is wrong"),
    ("hello", "not a progress code"),
    ("M7-ABCDEFGHIJKL", "another version"),
    ("M1-" + "A" * (READ_LIMIT + 5), "too long"),
])
def test_a_bad_code_is_said_and_nothing_changes(text: str, said: str) -> None:
    home = screen()
    home.offer(text)
    line = home.move_problem_line()
    assert line is not None and said in line and "Nothing was changed" in line
    assert not home.confirming_move and home.take_move() is None
    home.offer(move_code(NEW))
    assert home.move_problem_line() is None and home.confirming_move


def test_the_link_is_offered_once_per_session() -> None:
    state = HomeState()
    home = screen(state=state)
    home.from_link(move_code(FINISHED))
    assert home.confirming_move
    home.keep()
    home.from_link(move_code(FINISHED))
    assert not home.confirming_move
    nothing = screen()
    nothing.from_link(None)
    assert not nothing.confirming_move and nothing.state.link_read


def test_asking_to_reset_drops_the_code_waiting() -> None:
    home = HomeScreen(HomeState(), LESSONS, [LESSONS[0].id], {}, translations("en"))
    home.offer(move_code(FINISHED))
    home.ask_reset()
    assert not home.confirming_move and home.confirming


def test_the_words_are_spanish_in_spanish() -> None:
    english, spanish = screen("en"), screen("es")
    for name in ("move_heading", "move_intro", "code_how", "game_left_out", "qr_alt", "move_question"):
        assert getattr(spanish, name)() != getattr(english, name)(), name
    spanish.offer(move_code(TRAINED))
    assert spanish.carries()[0].startswith(f"{len(LESSONS)} de {len(LESSONS)}")
    spanish.keep()
    spanish.offer("M1-AAAA")
    assert "Nothing" not in (spanish.move_problem_line() or "Nothing")


# ----- wiring (AppTest; the browser's half simulated) ------------------------------------------------------
def test_the_code_is_shown_with_its_qr_code_and_link() -> None:
    at = deliver(start(app()), encode(Progress(done=[LESSONS[0].id], lang="en")))
    at.button(key="move-show").click().run()
    codes = [block.value for block in at.code]
    assert len(codes) == 1 and read_move_code(codes[0], KNOWN).done == [LESSONS[0].id]
    assert at.get("image"), "the QR code"
    assert "scan the QR code" in texts(at)


def test_a_code_from_a_link_is_asked_about_survives_the_stored_value_and_is_written_to_the_browser() -> None:
    moved = Progress(done=[LESSONS[0].id, LESSONS[1].id], lang="es", training=Training.start(
        [LESSONS[0].id], NOW).to_dict())
    at = start(app(move=move_code(moved)))
    assert "move" not in at.query_params  # used, then out of the address
    assert "replaces everything this browser keeps" in texts(at)
    shown = [markdown.value for markdown in at.markdown]
    carries = next(index for index, text in enumerate(shown) if text.startswith("The code carries:"))
    intro = next(index for index, text in enumerate(shown) if text.startswith("Learn **Muggins**"))
    assert carries < intro  # first on the page, not screens below on a phone (found by a trial)
    deliver(at, encode(Progress(done=[LESSONS[3].id], lang="en")))  # this browser's own progress arrives
    assert lessons_state(at).done == [LESSONS[3].id] and "replaces everything this browser keeps" in texts(at)
    click(at, "move-take").run()
    assert lessons_state(at).done == moved.done and at.session_state["shell"].lang == "es"
    assert json.loads(written(at))["done"] == moved.done
    assert "move" not in at.query_params
    at.run()
    assert "reemplaza" not in texts(at)


@pytest.mark.no_cover  # its lines are covered by other tests (--cov-context=test, 2026-12-03): the tracer's time saved
def test_a_code_taken_before_the_stored_value_arrives_is_not_overwritten_by_it() -> None:
    moved = Progress(done=[LESSONS[1].id], lang="en")
    at = start(app(move=move_code(moved)))
    click(at, "move-take").run()
    assert json.loads(written(at))["done"] == [LESSONS[1].id]
    deliver(at, encode(Progress(done=[LESSONS[3].id], lang="en")))
    assert lessons_state(at).done == [LESSONS[1].id]


def test_a_typed_code_with_a_mistake_is_refused_and_nothing_is_lost() -> None:
    at = deliver(start(app()), encode(Progress(done=[LESSONS[0].id], lang="en")))
    code = move_code(Progress(done=[LESSONS[2].id]))
    at.text_input(key="move-code-input").input(code[:-3] + ("B" if code[-3] != "B" else "C") + code[-2:]).run()
    click(at, "move-use").run()
    assert "a character is wrong" in " ".join(e.value for e in at.error).replace("\\", "")
    assert lessons_state(at).done == [LESSONS[0].id]
    at.text_input(key="move-code-input").input(code.lower()).run()
    click(at, "move-use").run()
    click(at, "move-keep").run()
    assert lessons_state(at).done == [LESSONS[0].id] and not at.error


def test_the_qr_code_of_the_longest_link_reads_back() -> None:
    zxingcpp = pytest.importorskip("zxingcpp")
    import io

    from PIL import Image

    from tutorial.draw.qr import qr_png

    link = f"http://192.168.100.200:8501/home?move={move_code(TRAINED)}"
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(qr_png(link))), formats=zxingcpp.BarcodeFormat.QRCode)
    assert [code.text for code in found] == [link]  # (without formats= a 1D reader also "found" B31A in it)
    assert read_move_code(found[0].text, KNOWN).done == TRAINED.done  # a pasted link is read too


def test_use_this_code_with_nothing_typed_asks_for_a_code() -> None:
    """A breaker's trial: the empty box was answered 'This is not a progress code'."""
    home = screen()
    home.offer("   ")
    assert home.move_problem_line() == "Type or paste a progress code first (it starts with M1-)."
    assert not home.confirming_move
