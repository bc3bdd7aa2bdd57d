"""The course teaches what issues 8 and 13 ask, each point by an engine-checked step.

Every fact below is read from the loaded lessons (whose stated answers the
engine has already recomputed) and, where a step must *state* a checked value
(``penalty``, ``stock``, ``discard``, ``placed``, ``next``), from the lesson
file itself: a value the file states is a value the checker compared with the
engine's.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter

import pytest
from babel.messages.pofile import read_po

from tutorial import rules_text
from tutorial.engine import events as ev
from tutorial.engine.events import apply
from tutorial.engine.position import Dest
from tutorial.engine.rules import complete_turn, play_turn, turn_up
from tutorial.i18n import po_path, translations
from tutorial.lessons import LESSONS_DIR, load_all

LESSONS, PROBLEMS = load_all(LESSONS_DIR)
BY_ID = {lesson.id: lesson for lesson in LESSONS}
RAW = {}  # (lesson id, step id) -> the step's table as written in the file
for path in sorted(LESSONS_DIR.glob("*.toml")):
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    for raw in data.get("steps", []):
        RAW[data["id"], raw["id"]] = raw

CODES = re.compile(r"common-first|nearest-opponent|empty-discard|missed-destination|not-adjacent")


def steps(kind: str | None = None):
    """``(lesson, step, raw)`` for every step (of ``kind``)."""
    for lesson in LESSONS:
        for step in lesson.steps:
            if kind is None or step.kind == kind:
                yield lesson, step, RAW[lesson.id, step.id]


def step_of(lesson_id: str, step_id: str):
    return next(step for step in BY_ID[lesson_id].steps if step.id == step_id)


def stated(raw: dict, *keys: str) -> bool:
    return all(key in raw for key in keys)


def step_texts(step) -> list[str]:
    """Every learner-facing text of a step, in English."""
    choices = [choice for choice in getattr(step, "choices", ()) if isinstance(choice, str)]  # a quiz's statements
    return [t for t in (step.title, step.text, step.hint, step.done, *choices, *getattr(step, "why", ())) if t]


def words(step) -> str:
    return " ".join(step_texts(step))


def test_the_course_loads():
    assert PROBLEMS == []
    assert len(LESSONS) == 10


# ----- codes never reach the learner (issue 8, item 6) ------------------------------
def learner_texts():
    for lesson in LESSONS:
        yield f"{lesson.id}: title", lesson.title
        yield f"{lesson.id}: summary", lesson.summary
        for step in lesson.steps:
            for text in step_texts(step):
                yield f"{lesson.id}/{step.id}", text
    yield "rules: not this muggins", rules_text.NOT_THIS_MUGGINS
    for code, title, body in rules_text.SECTIONS:
        yield f"rules {code}", title
        yield f"rules {code}", body
    for code, text in rules_text.RULINGS:
        yield f"rules {code}", text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_error_code_in_lesson_or_rules_text(lang):
    tr = translations(lang)
    found = [(where, CODES.search(tr.gettext(text)).group()) for where, text in learner_texts()
             if CODES.search(tr.gettext(text))]
    assert found == []


def test_no_error_code_in_any_catalog_entry_of_lessons_rules_or_home(root):
    """The same through the catalog, so the Home page's text is covered too."""
    with open(po_path("es"), "rb") as handle:
        catalog = read_po(handle, locale="es")
    mine = ("lessons/", "tutorial/rules_text.py", "tutorial/app/home/page.py")
    checked = 0
    for message in catalog:
        if not message.id or not any(file.startswith(mine) for file, _line in message.locations):
            continue
        checked += 1
        for text in (message.id, message.string):
            texts = text if isinstance(text, tuple) else (text,)
            assert not any(CODES.search(t) for t in texts), (message.locations, text)
    assert checked > 300


# ----- issue 13: five points a new learner had to guess ----------------------------------
def test_correction_comes_before_the_penalty():
    """A muggins step moves the card onto a donor's discard, and that donor, with an empty
    closed stock, turns over a discard that already holds the moved card."""
    shown = []
    for lesson, step, raw in steps("muggins"):
        record = step.record
        if record.placed.kind != "discard" or record.placed.target == record.mover or not stated(raw, "penalty", "placed"):
            continue
        position, moved = record.before, False
        for event in record.events:
            if isinstance(event, ev.Corrected):
                moved = True
            if isinstance(event, ev.Recycled) and event.for_penalty and event.player == record.placed.target:
                assert moved, "the correction comes before the penalty"
                if record.card in position.discard_of(event.player):
                    shown.append((lesson.id, step.id))
            position = apply(position, event)
    assert shown, "no step shows a donor turning over a discard that holds the corrected card"


def test_any_player_with_no_cards_passes_even_one_emptied_by_a_correction():
    passes = [(lesson.id, step.id) for lesson, step, raw in steps("next-card") if step.right == ("pass",)]
    assert passes, "no next-card step asks for a pass"
    emptied = []
    for lesson, step, raw in steps("muggins"):
        record = step.record
        if stated(raw, "stock", "discard", "next") and not record.after.has_cards(record.after.seat(record.mover)):
            assert not record.finished and record.penalty == ()
            assert raw["stock"] == [] and raw["discard"] == []
            emptied.append((lesson.id, step.id))
    assert emptied, "no muggins step shows an offender emptied by the correction (R12)"
    assert any("R12" in words(step_of(*where)) for where in emptied)
    assert any("R2" in words(step_of(*where)) for where in passes)


def test_the_offenders_own_piles_during_the_penalty():
    """Penalty cards go under the offender's closed stock even when it is empty; the
    offender's discard stays as it is."""
    shown = []
    for lesson, step, raw in steps("muggins"):
        record = step.record
        judged = record.judged_in
        if not stated(raw, "stock", "discard") or judged.stock_of(record.mover) or not record.penalty:
            continue
        if record.placed == Dest.discard(record.mover) or not judged.discard_of(record.mover):
            continue  # the corrected card itself went on the discard, or there is no discard to leave alone
        assert record.after.discard_of(record.mover) == judged.discard_of(record.mover)
        assert list(record.after.stock_of(record.mover)) == [gift.card for gift in record.penalty]
        shown.append((lesson.id, step.id))
    assert shown


def test_where_the_corrected_card_goes_for_every_kind_of_error():
    kinds, places = set(), set()
    for _lesson, step, raw in steps("muggins"):
        if not stated(raw, "placed", "error"):
            continue
        record = step.record
        kinds.add(record.judgement.error)
        placed = record.placed
        if placed.kind == "common":
            places.add("common pile")
        elif placed.target == record.mover:
            places.add("own discard")
        else:
            places.add("nearest opponent")
    assert kinds == {"not-adjacent", "empty-discard", "common-first", "nearest-opponent", "missed-destination"}
    assert places == {"common pile", "nearest opponent", "own discard"}


def test_the_offenders_turn_ends_and_play_passes_clockwise():
    shown = []
    for lesson, step, raw in steps("muggins"):
        if stated(raw, "next"):
            position = step.record.judged_in
            left = position.players[(position.to_move + 1) % len(position.players)]
            assert raw["next"] == left
            shown.append((lesson.id, step.id))
    assert len(shown) >= 5


def test_the_finish_check_is_shown_on_a_last_card():
    """R11: a wrong last card is corrected and penalised, and the player has not finished."""
    shown = []
    for lesson, step, raw in steps("muggins"):
        record = step.record
        last = not record.judged_in.stock_of(record.mover) and not record.judged_in.discard_of(record.mover)
        if last and stated(raw, "stock", "next"):
            assert not record.finished and record.after.mover != record.mover
            shown.append((lesson.id, step.id))
    assert {lesson for lesson, _ in shown} >= {"finishing"}
    assert len(shown) >= 2  # one with penalty cards (R11), one emptied (R12)


# ----- issue 8, item 4: points that were not taught anywhere ------------------------------
def test_nobody_looks_through_or_rearranges_a_closed_stock():
    shown = [(lesson.id, step.id) for lesson, step, raw in steps("next-card")
             if step.turned.recycled and "Nobody looks through" in words(step)]
    assert shown
    deal = dict((code, body) for code, _title, body in rules_text.SECTIONS)
    assert "Nobody looks through a closed stock or rearranges it" in deal["§deal"]
    assert "Nobody looks through the new stock or reorders it" in deal["§recycle"]


def test_nothing_is_created_or_destroyed():
    shown = []
    for lesson, step, raw in steps("muggins"):
        record = step.record
        assert Counter(record.before.all_cards()) == Counter(record.after.all_cards())
        if "created or destroyed" in words(step) and stated(raw, "penalty"):
            shown.append((lesson.id, step.id))
    assert shown
    body = dict((code, body) for code, _title, body in rules_text.SECTIONS)["§muggins"]
    assert "nothing is created or destroyed" in body


def test_covered_common_cards_stay_and_only_the_tops_count():
    shown = []
    for lesson, step, _raw in steps("place"):
        position, card = step.turned.position, step.turned.card
        for number, pile in enumerate(position.commons, start=1):
            covered_fit = any(card.fits(below) for below in pile[:-1])
            if covered_fit and not card.fits(pile[-1]) and Dest.common(number) not in step.legal.dests:
                shown.append((lesson.id, step.id))
    assert any("covered" in words(step_of(*where)) for where in shown)
    body = dict((code, body) for code, _title, body in rules_text.SECTIONS)["§priority"]
    assert "a covered card stays where it is" in body


def test_the_offender_picks_when_several_common_piles_fit_a_correction():
    shown = [(lesson.id, step.id) for lesson, step, raw in steps("muggins")
             if len([d for d in step.record.judgement.legal.dests if d.kind == "common"]) >= 2
             and stated(raw, "placed") and "R4" in words(step)]
    assert shown
    body = dict((code, body) for code, _title, body in rules_text.SECTIONS)["§muggins"]
    assert "when several fit, R4" in body and "the offender picks among the fitting common piles" in translations("en").gettext(body)


def test_the_later_position_of_lesson_4_arises_from_the_earlier_one():
    """Lesson 4: A puts 10♦ on C's discard, and 13 turns of rule-perfect play later C is
    about to turn it up: exactly the position of the step that says so."""
    lesson = BY_ID["own-discard"]
    by_id = {step.id: step for step in lesson.steps}
    earlier, later = by_id["own-fits"], by_id["c-turns-it-up"]
    position = complete_turn(earlier.turned, Dest.discard("C")).after
    for _turn in range(13):
        record = play_turn(position)
        assert not record.finished
        position = record.after
    assert position == later.position
    assert str(turn_up(position).card) == "10D"


# ----- issue 8: other points ---------------------------------------------------------------
def test_every_quiz_step_gives_a_reason_for_each_choice():
    missing = [(lesson.id, step.id) for lesson, step, raw in steps("quiz") if len(step.why) != len(step.choices)]
    assert missing == []


def test_each_lesson_keeps_an_intro_positions_and_a_short_check():
    for lesson in LESSONS:
        assert lesson.steps[0].kind == "explain", lesson.id
        assert any(step.position is not None for step in lesson.steps), lesson.id
        assert 2 <= len(lesson.check_steps) <= 3, lesson.id


def test_one_point_of_view_per_step():
    """Where the learner sits in a seat, no text names that seat in the third person;
    where nobody at the table is the learner, no text calls a seat “you”."""
    for lesson, step, _raw in steps():
        text = words(step)
        if step.you is not None:
            third = re.findall(rf"\b{step.you}'s\b|\b{step.you} (?:turns|puts|gives|has|is|keeps|plays|gets|receives|must)\b", text)
            assert not third, (lesson.id, step.id, third)
        elif step.position is not None:
            assert not re.search(r"\byou\b|\byour\b", text, re.I), (lesson.id, step.id)


def test_the_rules_page_has_the_finish_check_and_the_new_sections():
    sections = {code: body for code, _title, body in rules_text.SECTIONS}
    rulings = dict(rules_text.RULINGS)
    assert "R11" in sections["§finish"] and "R12" in sections["§finish"]
    assert "finish check" in rulings["R11"] and "has not finished" in rulings["R11"]
    assert "R12" in rulings and "passes from then on" in rulings["R12"]
    assert "a pass does not close the window" in sections["§muggins"]
    assert "(#variants)" in sections["§deal"]  # linked from the rules themselves
    assert {"§variants", "§glossary"} <= set(sections)
    for needle in ("online version", "Swedish", "16 cards", "children's-games", "4 to 8", "to the right",
                   "only the player who calls", "K and A fit", "source rule sheet"):
        assert needle in sections["§variants"], needle
    assert "call “Muggins!”" in sections["§glossary"]
    variants = [lesson.id for lesson in LESSONS if "§variants" in lesson.sections]
    assert variants == ["players-and-matches"]
    assert any(step.id == "other-tables" for step in BY_ID["players-and-matches"].steps)


def test_spanish_says_cantar_muggins():
    es = translations("es")
    glossary = dict((code, body) for code, _title, body in rules_text.SECTIONS)["§glossary"]
    assert "cantar «¡Muggins!»" in es.gettext(glossary)
    for where, text in learner_texts():
        spanish = es.gettext(text)
        assert not re.search(r"(dice|decir|dices|llama|llamar|grita)\s+\*{0,2}«¡Muggins", spanish), (where, spanish)


def home_texts() -> list[str]:
    """The Home page's texts, from the catalog (the page itself needs Streamlit)."""
    with open(po_path("es"), "rb") as handle:
        catalog = read_po(handle, locale="es")
    found = [m.id for m in catalog if m.id and any(f.endswith("home/page.py") for f, _ in m.locations)]
    return [text for message in found for text in ((message,) if isinstance(message, str) else message)]


WRONG = [  # statements issue 8 found wrong or misleading, in the words they were written
    "comes back on your next turn",  # lesson 9: not if a penalty card is asked for first
    "On the first turns of a hand",  # lesson 10: a discard is no longer empty after the first turn
    "first player to get rid of every card wins",  # Home: R6, R12
    "who call every error",  # Home: not in Table mode, nor at other table sizes
    "the finish stands",  # the old R11
    "only a called one takes the finish away",
]


def test_the_wrong_statements_are_gone():
    texts = [text for _where, text in learner_texts()] + home_texts()
    assert len(home_texts()) >= 5
    for phrase in WRONG:
        assert not [t for t in texts if phrase in t], phrase


def test_the_home_page_says_how_a_hand_is_won_and_what_practice_is():
    home = " ".join(home_texts())
    assert "correct placement of your last card" in home
    assert "Coach mode" in home and "Table mode" in home and "3 to 7" in home


def test_the_deal_step_says_that_seat_a_deals():
    deal = next(step for step in BY_ID["players-and-matches"].steps if step.kind == "deal")
    assert "seat A deals every time" in deal.text and "B, on A's left, always moves first" in deal.text


# ----- issue 17, item 6: citations in words, one list of sections and rulings -------------------
from pathlib import Path  # noqa: E402

from tutorial import rulebook  # noqa: E402
from tutorial.engine import rules as engine_rules  # noqa: E402
from tutorial.lessons.load import SECTION_IDS as LESSON_SECTION_IDS  # noqa: E402
from tutorial.narrate import Narrator  # noqa: E402

BARE_SECTION = re.compile(r"§[a-z]")


def catalog_messages():
    """Every message id of the Spanish catalog (plural forms: both)."""
    with open(po_path("es"), "rb") as handle:
        catalog = read_po(handle, locale="es")
    for message in catalog:
        if message.id:
            yield from (message.id if isinstance(message.id, tuple) else (message.id,))


def test_one_list_of_sections_used_everywhere():
    ids = rulebook.SECTION_IDS
    assert len(ids) == len(set(ids)) == 10 and ids[0] == "§deal" and ids[-2:] == ("§variants", "§glossary")
    assert [code for code, _title, _body in rules_text.SECTIONS] == list(ids)  # the Rules page's order
    assert {code: title for code, title, _body in rules_text.SECTIONS} == {s.id: s.title for s in rulebook.SECTIONS}
    assert LESSON_SECTION_IDS is rulebook.SECTION_IDS
    assert set(engine_rules.SECTION_OF_RULE.values()) <= set(ids)  # what the engine cites
    assert [s.number for s in rulebook.SECTIONS] == list(range(1, 11))


def test_every_section_and_ruling_cited_anywhere_is_in_the_one_list():
    """Lesson files (their texts and their ``sections``), the narrator's and the app's
    templates, the rules page: every ``§id`` and ruling code they cite is known."""
    cited = Counter()
    for text in catalog_messages():
        cited.update(rulebook.citations(text))
    for lesson in LESSONS:
        cited.update(lesson.sections)
    for path in (rules_text.__file__, *map(str, (LESSONS_DIR.parent / "tutorial" / "narrate").glob("*.py"))):
        cited.update(rulebook.citations(Path(path).read_text(encoding="utf-8")))
    assert {"§variants", "§glossary", "§priority", "R3", "R11"} <= set(cited)
    unknown = {code for code in cited if code not in rulebook.BY_ID and code not in rulebook.BY_CODE}
    assert unknown == set()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_text_shows_a_bare_section_id(lang):
    """Through the catalog: every message, as the learner reads it, names sections by
    number and title, never by id (``§priority``)."""
    tr = translations(lang)
    shown = [tr.gettext(text) for text in catalog_messages()]
    assert [text for text in shown if BARE_SECTION.search(text)] == []
    n = Narrator(lang)
    for section in rulebook.SECTIONS:
        name = n.section(section.id)
        assert name.startswith(f"§\u00a0{section.number} ") and tr.gettext(section.title) in name


def test_spanish_cites_sections_by_their_spanish_title():
    es = translations("es")
    body = dict((code, body) for code, _title, body in rules_text.SECTIONS)["§turn"]
    assert "siguiendo el §\u00a04 «Dónde debe ir la carta girada»" in es.gettext(body)
    turn = es.gettext(step_of("one-card-per-turn", "stock-not-discard").reason)
    assert "tu montón cerrado (§\u00a03 «Una carta por turno»)" in turn
    assert "(§\u00a04 «Dónde" in es.gettext(step_of("one-card-per-turn", "b-next").reason)


def test_every_ruling_cited_is_glossed_where_it_is_cited():
    """A ruling code in a text always comes with what it rules, in the reader's language,
    the first time the text cites it (issue 17: R3 was explained only at the end of the Rules page)."""
    es = translations("es")
    cited = {code for text in catalog_messages() for code in rulebook.citations(text) if not code.startswith("§")}
    assert {"R2", "R3", "R4", "R5", "R6", "R7", "R11", "R12"} <= cited
    for ruling in rulebook.RULINGS:
        assert es.gettext(ruling.gloss) != ruling.gloss, ruling.code  # translated
    for lang in ("en", "es"):
        tr = translations(lang)
        for text in catalog_messages():
            shown = tr.gettext(text)
            for code in {c for c in rulebook.citations(text) if not c.startswith("§")}:
                gloss = tr.gettext(rulebook.BY_CODE[code].gloss)
                assert f"{code} “{gloss}”" in shown or f"{code} «{gloss}»" in shown, (lang, code, shown[:120])
    first = step_of("recycling", next(s.id for s in BY_ID["recycling"].steps if "R3" in (s.reason or "")))
    assert "R3 «el descarte se gira solo cuando hace falta una carta»" in es.gettext(first.reason)


def test_the_rules_page_numbers_its_sections_and_glosses_its_rulings():
    from streamlit.testing.v1 import AppTest

    from tutorial.cli.commands import APP_ENTRY

    at = AppTest.from_file(str(APP_ENTRY), default_timeout=30)
    at.query_params["lang"] = "es"
    at.run()
    at.switch_page("rules/page.py").run()
    headings = [h.value for h in at.header]
    assert "§\u00a04 · Dónde debe ir la carta girada" in headings
    shown = " ".join(headings + [m.value for m in at.markdown] + [i.value for i in at.info])
    assert not BARE_SECTION.search(shown)
    assert "R3 «el descarte se gira solo cuando hace falta una carta»" in shown


def course_texts():
    """``(lesson number, lesson id, step id, English text)`` in the order a learner meets them."""
    for number, lesson in enumerate(LESSONS, start=1):
        for step in lesson.steps:
            for text in step_texts(step):
                yield number, lesson.id, step.id, text


def test_nothing_is_used_before_it_is_taught():
    """Issue 17: the penalty card's source was shown in lesson 2 but explained in lesson 8, and
    passing was mentioned in lesson 7 before it is taught. The first mention of each comes
    with a gloss and a pointer to the lesson that teaches it."""
    number = {lesson.id: n for n, lesson in enumerate(LESSONS, start=1)}
    taught = {"penalty": number["the-penalty"], "pass": number["the-penalty"]}
    patterns = {"penalty": re.compile(r"penalty card"), "pass": re.compile(r"\bpass(es)?\b(?! (it )?on| over)")}
    for concept, pattern in patterns.items():
        first = next((n, lid, sid, text) for n, lid, sid, text in course_texts() if pattern.search(text))
        n, _lesson_id, _step_id, text = first
        assert n <= taught[concept]
        if n < taught[concept]:
            assert f"esson {taught[concept]}" in text or f"essons {taught[concept] - 1} and {taught[concept]}" in text, first
    penalty = next(text for _n, _l, _s, text in course_texts() if "penalty card" in text)
    assert "top card of their own closed stock" in penalty and "under yours" in penalty
    passing = next(text for _n, _l, _s, text in course_texts() if patterns["pass"].search(text))
    assert "no cards at all" in passing and "giving their last card away as a penalty card" in passing


def test_every_penalty_card_says_where_it_comes_from():
    from tutorial.engine.cards import Card

    card = Card.parse("KC") if hasattr(Card, "parse") else next(iter(step_of("common-piles-first", "example-1-muggins").record.penalty)).card
    for you in ("A", "B", None):
        said = Narrator("en", you).gift("B", "A", card)
        assert "the top card of" in said and "goes under" in said, said
    assert "la carta de arriba de su montón cerrado" in Narrator("es", "A").gift("B", "A", card)
