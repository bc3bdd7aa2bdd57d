"""Lessons: data files in ``lessons/``, read and checked against the engine."""

from ..resources import LESSONS_DIR
from .load import LessonFileError, lesson_files, load, load_all, parse
from .model import Lesson, Problem
from .steps import ANSWERED_KINDS, KINDS, STEP_KINDS, Step

__all__ = [
           "ANSWERED_KINDS",
           "KINDS",
           "LESSONS_DIR",
           "STEP_KINDS",
           "Lesson",
           "LessonFileError",
           "Problem",
           "Step",
           "lesson_files",
           "load",
           "load_all",
           "parse",
]
