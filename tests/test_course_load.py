"""The course's weight and coverage (issue 38): a learner reads at most a third of what the course
once asked (tutorial/lessons/reading.py), and every rule of play is still taught and asked
(tutorial/lessons/coverage.py), in both languages."""

import pytest

from tutorial.i18n import LANGUAGES, translations
from tutorial.lessons import load_all
from tutorial.lessons.coverage import NOT_PLAY, PLAY, RULE_IDS, gaps, table
from tutorial.lessons.reading import COURSE_WORDS, DONE_WORDS, LANGUAGE_SPREAD, TEXT_WORDS, course_load, words

LESSONS, PROBLEMS = load_all()


def test_the_lessons_load():
    assert not PROBLEMS, PROBLEMS


def test_a_word_is_what_a_reader_counts():
    assert words("**6♥** fits the `7♣`: go on.") == 6  # 6, fits, the, 7, go, on: the suits and marks are no words
    assert words("") == 0 and words("§ 4 “Where the turned card must go”") == 7


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_step_says_more_than_a_short_instruction_and_a_short_confirmation(lang):
    long = [(load.id, step.id, step.text, step.done) for load in course_load(LESSONS, translations(lang))
            for step in load.steps if step.text > TEXT_WORDS or step.done > DONE_WORDS]
    assert not long, f"steps over {TEXT_WORDS} words of text or {DONE_WORDS} of confirmation ({lang}): {long}"


def test_the_course_reads_in_a_third_of_the_words_in_both_languages():
    totals = {lang: sum(load.words for load in course_load(LESSONS, translations(lang))) for lang in LANGUAGES}
    assert totals["en"] <= COURSE_WORDS, totals
    for total in totals.values():
        assert abs(total - totals["en"]) <= LANGUAGE_SPREAD * totals["en"], totals


def test_every_rule_of_play_is_taught_and_asked():
    missing = gaps(LESSONS)
    assert not missing, f"rules of play with no teaching step or no check question: {missing}"
    assert set(PLAY) | set(NOT_PLAY) == set(RULE_IDS) and not set(PLAY) & set(NOT_PLAY)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_steps_that_teach_and_ask_each_rule_read_in_both_languages(lang):
    """A rule is taught in a language only when the steps that teach and ask it are translated."""
    _ = translations(lang).gettext
    steps = {f"{lesson.id}/{step.id}": step for lesson in LESSONS for step in lesson.steps}
    for rule, covered in table(LESSONS).items():
        for where in covered.teach + covered.check:
            step = steps[where]
            assert _(step.text).strip(), (lang, rule, where)
            if lang != "en":
                assert _(step.text) != step.text, f"{where} is not translated into {lang}"
