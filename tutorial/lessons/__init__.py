"""Lessons: data files in ``lessons/``, read and checked against the engine."""

from .load import LESSONS_DIR, LessonFileError, lesson_files, load, load_all, parse
from .model import STEP_KINDS, Lesson, Problem, Step

__all__ = ["LESSONS_DIR", "LessonFileError", "lesson_files", "load", "load_all", "parse", "STEP_KINDS", "Lesson", "Problem", "Step"]
