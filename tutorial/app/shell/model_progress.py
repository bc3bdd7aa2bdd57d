"""The learner's progress as one small document kept in their own browser (issue 19, part 1),
without Streamlit.

:class:`Progress` is what a learner owns: completed lessons and check results, the training
scheduler's state (:meth:`tutorial.training.schedule.Training.to_dict`), the language, the deck
and table preferences and the practice game under way (its address form,
:class:`tutorial.app.practice.state.PracticeAddress`). :func:`encode` writes it as compact JSON;
:func:`decode` reads it back with limits on size and cost, refusing anything else with a
:class:`ProgressError` code (never a failure deeper in). The document (version 1)::

    {"v": 1,
     "done": ["fitting", "placing"],             # completed lessons, in the order completed
     "checks": {"placing": [2, 3]},             # check results: [right at the first try, check steps]
     "train": {"v": 1, "t": {...}},              # the training scheduler (optional)
     "lang": "es",                               # optional
     "deck": "4", "table": "text",               # the four-colour deck, the table as text (optional)
     "game": {"deal": "5-777", "moves": "...", "seat": "B", "game": "...", "saved": "..."},  # optional
     "stats": {"hands": 12, "errors": {"common-first": 3}, "last": "5-777/0/0"},  # practice statistics (optional)
     "gen": "3f9a0c1d"}                          # the learner's generation (optional, below)

A document without ``stats`` (written before they were kept) reads as no practice statistics.

``gen`` names the learner's *generation* in this browser: a reset, a new learner or progress
moved in from another device starts a new one. Two tabs of one browser keep one document, and
each writes its whole progress: :func:`merge` joins what another tab wrote into this tab's
progress when both are of one generation, and a document of another generation replaces it
(the other tab reset it). A document without ``gen`` is of the first generation (``""``).

:func:`restore` is the rule for a stored document arriving in a session that may already have
progress of its own (see its text).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tutorial.app.practice.stats import PracticeStats, StatsError
from tutorial.i18n import N_
from tutorial.training.schedule import Training, TrainingStateError

VERSION = 1
LIMIT = 16_000
"""The longest stored document read (characters); :func:`encode` leaves the practice game out
rather than write a longer one."""
STORAGE_KEY = "muggins.progress"
"""The browser's ``localStorage`` key the document is kept under."""
KEYS = frozenset({"v", "done", "checks", "train", "lang", "deck", "table", "game", "stats", "gen"})
GAME_PARTS = ("deal", "moves", "seat", "game", "saved")
"""The practice game's address parts (:data:`tutorial.app.practice.state.ADDRESS_PARTS`)."""
GAME_PART_LIMIT = 12_000
LESSON_LIMIT = 200
"""At most this many lesson ids or check results, each id at most 80 characters."""
LANGS = ("en", "es")
GENERATION = re.compile(r"[0-9a-f]{1,16}")
"""What a ``gen`` may be (:func:`new_generation` makes 8 hex digits)."""


PART_NAMES = {"done": N_("completed lessons"), "checks": N_("check results"), "train": N_("the training schedule"),
              "lang": N_("the language"), "deck": N_("the deck"), "table": N_("the table as text"),
              "game": N_("the practice game"), "stats": N_("the practice statistics"),
              "gen": N_("the mark that ties your tabs together")}
"""The parts of the document by the names :func:`decode_parts` gives them (English message ids)."""
UNKNOWN_PART = N_("a part this version of the app does not know")


def part_names(parts: Iterable[str], gettext: Callable[[str], str]) -> list[str]:
    """Parts :func:`decode_parts` set aside (their :attr:`ProgressError.detail`), in words, each once, in order."""
    return list(dict.fromkeys(gettext(PART_NAMES.get(part, UNKNOWN_PART)) for part in parts))


class ProgressError(ValueError):
    """A stored document that cannot be read: ``code`` is one of ``too-long``, ``not-json``,
    ``not-a-document``, ``bad-version``, ``unknown-key``, ``bad-field`` (``detail`` names the
    field) or ``bad-training``."""

    def __init__(self, code: str, detail: str = ""):
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code, self.detail = code, detail


@dataclass
class Progress:
    """What the learner owns (see the module text); the empty default is a new learner."""

    done: list[str] = field(default_factory=list)
    checks: dict[str, tuple[int, int]] = field(default_factory=dict)
    training: dict[str, Any] | None = None
    lang: str | None = None
    four_colour: bool = False
    text_table: bool = False
    game: dict[str, str] | None = None
    stats: PracticeStats = field(default_factory=PracticeStats)
    gen: str = ""

    def lessons(self) -> tuple[tuple[str, ...], tuple[tuple[str, tuple[int, int]], ...]]:
        """The course part (completed lessons and check results), comparable."""
        return tuple(self.done), tuple(sorted(self.checks.items()))


def encode(progress: Progress) -> str:
    """The document as compact JSON (keys sorted, so equal progress gives equal text); the
    practice game is left out if the document would be longer than :data:`LIMIT` (or a part
    of it longer than :data:`GAME_PART_LIMIT`), so :func:`decode` always reads it back."""
    data: dict[str, Any] = {"v": VERSION, "done": list(progress.done),
                            "checks": {key: [right, total] for key, (right, total) in progress.checks.items()}}
    if progress.training is not None:
        data["train"] = progress.training
    if progress.lang:
        data["lang"] = progress.lang
    if progress.four_colour:
        data["deck"] = "4"
    if progress.text_table:
        data["table"] = "text"
    if progress.game and all(len(value) <= GAME_PART_LIMIT for value in progress.game.values()):
        data["game"] = {key: value for key, value in progress.game.items() if key in GAME_PARTS and value}
    if not progress.stats.empty:
        data["stats"] = progress.stats.to_dict()
    if progress.gen:
        data["gen"] = progress.gen
    text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    if len(text) > LIMIT and "game" in data:
        del data["game"]
        text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    return text


def _count(value: object, limit: int) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= limit else None


def decode(text: object, known: Mapping[str, int]) -> Progress:
    """Read a stored document; ``known``: the course's lesson ids and each one's number of check
    steps (lessons not in it are dropped, as is a check result whose count no longer fits).
    Raises :class:`ProgressError` for anything not written by :func:`encode` (see its codes)."""
    return _read(text, known, salvage=False)[0]


def decode_parts(text: object, known: Mapping[str, int]) -> tuple[Progress, list[ProgressError]]:
    """Read what can be read of a stored document: a part that cannot (the training schedule, the
    practice game, a key this version does not know …) is left out and named among the problems
    (:attr:`ProgressError.detail`: ``done``, ``checks``, ``train``, ``lang``, ``deck``, ``table``,
    ``game``, ``stats`` or the unknown key), the rest kept. A document that cannot be read at all
    (not JSON, too long, another version) still raises :class:`ProgressError`."""
    return _read(text, known, salvage=True)


def _read(text: object, known: Mapping[str, int], *, salvage: bool) -> tuple[Progress, list[ProgressError]]:
    if not isinstance(text, str):
        raise ProgressError("not-a-document", "not text")
    if len(text) > LIMIT:
        raise ProgressError("too-long", f"{len(text)} characters")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise ProgressError("not-json", str(err)[:80]) from None
    if not isinstance(data, dict):
        raise ProgressError("not-a-document", "not an object")
    if data.get("v") != VERSION or not isinstance(data.get("v"), int) or isinstance(data.get("v"), bool):
        raise ProgressError("bad-version", str(data.get("v"))[:20])
    problems: list[ProgressError] = []
    unknown = sorted(str(key)[:20] for key in data if key not in KEYS)
    if unknown:
        if not salvage:
            raise ProgressError("unknown-key", ", ".join(unknown[:3]))
        problems += [ProgressError("unknown-key", key) for key in unknown[:3]]
    progress = Progress()
    for part in (_done, _checks, _train, _lang, _look, _game, _stats, _gen):
        try:
            part(data, progress, known)
        except ProgressError as err:
            if not salvage:
                raise
            problems.append(err)
    return progress, problems


def _done(data: dict[str, Any], progress: Progress, known: Mapping[str, int]) -> None:
    done = data.get("done", [])
    if not isinstance(done, list) or len(done) > LESSON_LIMIT or not all(
            isinstance(item, str) and len(item) <= 80 for item in done):
        raise ProgressError("bad-field", "done")
    progress.done = [item for item in dict.fromkeys(done) if item in known]


def _checks(data: dict[str, Any], progress: Progress, known: Mapping[str, int]) -> None:
    checks = data.get("checks", {})
    if not isinstance(checks, dict) or len(checks) > LESSON_LIMIT:
        raise ProgressError("bad-field", "checks")
    kept: dict[str, tuple[int, int]] = {}
    for lesson_id, result in checks.items():
        if not (isinstance(result, list) and len(result) == 2 and len(lesson_id) <= 80):
            raise ProgressError("bad-field", "checks")
        right, total = _count(result[0], 999), _count(result[1], 999)
        if right is None or total is None or right > total:
            raise ProgressError("bad-field", "checks")
        if known.get(lesson_id) == total:
            kept[lesson_id] = (right, total)
    progress.checks = kept


def _train(data: dict[str, Any], progress: Progress, known: Mapping[str, int]) -> None:
    if "train" in data:
        try:
            progress.training = Training.from_dict(data["train"]).to_dict()
        except TrainingStateError as err:
            raise ProgressError("bad-training", "train") from err


def _lang(data: dict[str, Any], progress: Progress, known: Mapping[str, int]) -> None:
    lang = data.get("lang")
    if lang is not None and lang not in LANGS:
        raise ProgressError("bad-field", "lang")
    progress.lang = lang


def _look(data: dict[str, Any], progress: Progress, known: Mapping[str, int]) -> None:
    if data.get("deck", "4") != "4":
        raise ProgressError("bad-field", "deck")
    if data.get("table", "text") != "text":
        raise ProgressError("bad-field", "table")
    progress.four_colour, progress.text_table = "deck" in data, "table" in data


def _game(data: dict[str, Any], progress: Progress, known: Mapping[str, int]) -> None:
    game = data.get("game")
    if game is None:
        return
    if not (isinstance(game, dict) and set(game) <= set(GAME_PARTS) and all(
            isinstance(value, str) and 0 < len(value) <= GAME_PART_LIMIT for value in game.values())):
        raise ProgressError("bad-field", "game")
    if "deal" not in game and "saved" not in game:
        raise ProgressError("bad-field", "game")
    progress.game = dict(game)


def _gen(data: dict[str, Any], progress: Progress, known: Mapping[str, int]) -> None:
    gen = data.get("gen", "")
    if not isinstance(gen, str) or (gen and not GENERATION.fullmatch(gen)):
        raise ProgressError("bad-field", "gen")
    progress.gen = gen


def _stats(data: dict[str, Any], progress: Progress, known: Mapping[str, int]) -> None:
    if "stats" in data:
        try:
            progress.stats = PracticeStats.from_dict(data["stats"])
        except StatsError:
            raise ProgressError("bad-field", "stats") from None


def trained(training: Mapping[str, Any] | None) -> bool:
    """Whether a scheduler's state holds anything the learner did (an exercise answered, a
    practice error noted), not only themes opened."""
    rows = (training or {}).get("t")
    return isinstance(rows, dict) and any(isinstance(row, list) and len(row) == 8 and (row[6] or row[7])
                                          for row in rows.values())


def restore(session: Progress, stored: Progress, start: Progress, named: Collection[str] = ()) -> Progress:
    """The session's progress once the stored document arrives.

    ``session`` is the session's progress now, ``start`` what it began with (an old bookmark's
    ``done``/``checks``), ``named``: what the page address names (``lang``, ``deck``, ``table``,
    ``game``). Part by part, the stored one wins unless the session has its own:

    - lessons: the session's if it changed them itself (a lesson finished, a reset) since it
      began; else the stored ones, an old bookmark's added (its completed lessons after the
      stored ones; a check result the stored document lacks);
    - training: the session's if the learner trained in it (:func:`trained`), else the stored;
    - the language and the deck and table preferences: the address's when it names them, else
      the stored (else the session's);
    - the practice statistics: the session's if it counted a hand itself, else the stored;
    - the practice game: the session's when the address names a game or the learner has made
      decisions in it, else the stored one (else the session's).
    """
    result = Progress()
    if session.lessons() != start.lessons():
        result.done, result.checks = list(session.done), dict(session.checks)
    else:
        result.done = list(dict.fromkeys([*stored.done, *session.done]))
        result.checks = {**session.checks, **stored.checks}
    result.training = session.training if trained(session.training) or stored.training is None else stored.training
    result.lang = session.lang if "lang" in named or not stored.lang else stored.lang
    result.four_colour = session.four_colour if "deck" in named else stored.four_colour
    result.text_table = session.text_table if "table" in named else stored.text_table
    own_game = "game" in named or bool(session.game and session.game.get("moves"))
    result.game = session.game if own_game or stored.game is None else stored.game
    result.stats = (session.stats if session.stats.hands else stored.stats).copy()
    result.gen = stored.gen
    return result


# ----- two tabs of one browser ------------------------------------------------------------------
def new_generation() -> str:
    """A new ``gen`` (8 random hex digits): after a reset, a new learner, a moved progress."""
    import secrets

    return secrets.token_hex(4)


def _row_rank(row: object) -> tuple[int, float, str]:
    """The order of two tabs' states of one theme: more reviews, then the later last review,
    then the text (any fixed order: both tabs must choose the same row)."""
    items = row if isinstance(row, list) else []
    reviews = items[7] if len(items) == 8 and isinstance(items[7], int) else 0
    last = items[5] if len(items) == 8 and isinstance(items[5], (int, float)) else 0
    return reviews, float(last), json.dumps(row, sort_keys=True)


def _merge_training(mine: dict[str, Any] | None, theirs: dict[str, Any] | None) -> dict[str, Any] | None:
    if mine is None or theirs is None:
        return mine if theirs is None else theirs
    rows, other = dict(mine.get("t", {})), theirs.get("t", {})
    for theme, row in other.items():
        if theme not in rows or _row_rank(row) > _row_rank(rows[theme]):
            rows[theme] = row
    return {**mine, "t": rows}


def merge(mine: Progress, theirs: Progress) -> Progress:
    """This tab's progress joined with what another tab of the same browser wrote (one
    generation: see the module text). The course, the training schedule and the practice
    statistics are joined — lessons completed in either; per lesson the better check result;
    per theme the state with more reviews (then the later); the statistics with more hands —
    so both tabs reach the same (:func:`shared`), whichever joins first; the language, the
    look of the table and the practice game stay this tab's own."""
    checks = dict(mine.checks)
    for lesson, result in theirs.checks.items():
        checks[lesson] = max(result, checks.get(lesson, result))
    stats = max((mine.stats, theirs.stats), key=lambda kept: (kept.hands, json.dumps(kept.to_dict(), sort_keys=True)))
    return Progress(done=list(dict.fromkeys([*mine.done, *theirs.done])), checks=checks,
                    training=_merge_training(mine.training, theirs.training), lang=mine.lang,
                    four_colour=mine.four_colour, text_table=mine.text_table,
                    game=None if mine.game is None else dict(mine.game), stats=stats.copy(), gen=mine.gen)


def shared(progress: Progress) -> str:
    """The parts two tabs join (:func:`merge`), in a form equal for equal progress whatever
    the order each tab completed lessons or opened themes in."""
    training = progress.training or {}
    return json.dumps([sorted(progress.done), sorted(progress.checks.items()),
                       sorted((training.get("t") or {}).items()), progress.stats.to_dict()], sort_keys=True)
