"""The live class room, without the interface: room codes and tokens, nickname checks,
the values a room store hands back, tallies and progress summaries.

The store (:class:`tutorial.store.RoomStore`, implemented by
:class:`tutorial.store.SqliteStore`) keeps the rooms and does the work; the modules here
are the rules it follows, shared by any implementation:

- :mod:`.rooms`: :class:`RoomLimits` (lifetime, caps), :func:`room_hours`, the view values;
- :mod:`.names`: nickname normalisation and uniqueness key, checks of choices, verdicts, targets;
- :mod:`.tokens`: room codes (6 symbols of an unambiguous alphabet) and secret tokens (SHA-256 kept);
- :mod:`.tally`: the teacher's tally, progress and CSV rows;
- :mod:`.errors`: :class:`ClassroomError`, whose codes are listed in its docstring;
- :mod:`.targets`: what a teacher asks (:class:`~.targets.StepTarget` | :class:`~.targets.ExerciseTarget` |
  :class:`~.targets.DealTarget`) and the :class:`~.targets.Course` of askable steps;
- :mod:`.summary`: the class summary (errors ranked from the data, the CSV file);
- :mod:`.words`: verdicts and choices in words;
- the role sessions (the screen models of the class page): :mod:`.session` (one browser session's
  :class:`~.session.RoomState`), :mod:`.join`, :mod:`.student`, :mod:`.teacher`.
"""

from .errors import ClassroomError
from .names import nickname_key, normalise_nickname
from .rooms import (
    DEFAULT_ROOM_HOURS,
    ROOM_HOURS_VARIABLE,
    Joined,
    NewRoom,
    Phase,
    RoomLimits,
    RoomView,
    StudentRow,
    StudentView,
    room_hours,
)
from .tally import SUMMARY_KEYS, NamedAnswer, Progress, ProgressRow, Tally
from .tokens import ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH, parse_room_code

__all__ = ["DEFAULT_ROOM_HOURS", "ROOM_CODE_ALPHABET", "ROOM_CODE_LENGTH", "ROOM_HOURS_VARIABLE", "SUMMARY_KEYS",
           "ClassroomError", "Joined", "NamedAnswer", "NewRoom", "Phase", "Progress", "ProgressRow", "RoomLimits", "RoomView",
           "StudentRow", "StudentView", "Tally", "nickname_key", "normalise_nickname", "parse_room_code", "room_hours"]
