"""The ``muggins`` command: ``app``, ``explain``, ``playout``, ``lessons check``, ``draw``,
``stats``, ``bench``, ``train``.

Bad input (unreadable or invalid files, unknown cards, duplicates, unknown
players, player counts outside 3–7, empty common piles, malformed
destinations) exits with status 2 and one line naming the file and the
problem, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import gettext
import json
import logging
import os
import sys
import time
from pathlib import Path
from typing import NoReturn

from tutorial import words
from tutorial.cli import explore as cli_explore
from tutorial.cli import train as cli_train
from tutorial.engine.errors import ActionError, PositionError
from tutorial.engine.numbers import MAX_DIGITS, parse_count
from tutorial.engine.playout import DEFAULT_MAX_TURNS, playout
from tutorial.engine.posfile import loads, read_text
from tutorial.engine.position import Dest, Position
from tutorial.engine.rules import complete_turn, legal_destinations, turn_up
from tutorial.engine.variants import STANDARD, VARIANTS, RuleOptions
from tutorial.explore.evaluate import MAX_EVAL_HANDS, EvalSpec, as_json, evaluate
from tutorial.i18n import LANGUAGES, translations
from tutorial.narrate import narrator
from tutorial.store import DATA_DIR_VARIABLE, DATABASE_URL_VARIABLE, data_dir, database_url, is_url, safe_url, url_problem

log = logging.getLogger(__name__)

APP_ENTRY = Path(__file__).resolve().parent.parent / "app" / "streamlit_app.py"
APP_DEFAULTS = [
    "--server.headless", "true",
    "--browser.gatherUsageStats", "false",
    "--client.toolbarMode", "viewer",
    "--server.enableStaticServing", "true",  # the card pictures (tutorial/app/static/cards)
    # The one upload (a position file, read up to 32 kB): Streamlit's smallest limit, 1 MB,
    # instead of its 200 MB, which the server would hold in memory per upload.
    "--server.maxUploadSize", "1",
    # Streamlit's full garbage collection after every run walks every object of every
    # session: with long practice hands in memory it took 150–300 ms of each click, for
    # everyone on the server. Python's own generational collector still runs.
    "--runner.postScriptGC", "false",
    # Every click sends the page's changed elements, messages that compress to about half
    # (permessage-deflate, a few tens of kB of memory per connection): a practice click with
    # the drawn table carries 3.3 kB on the wire instead of 6.5 kB (benchmarks/bench_clicks.py).
    "--server.enableWebsocketCompression", "true",
]


class CliError(Exception):
    """A problem to report as ``FILE: problem`` with exit status 2 (always one line)."""

    def __init__(self, where: str, problem: str):
        super().__init__(f"{words.clip(where, 200)}: {words.clip(problem, 400)}")


class _Once(argparse._StoreAction):
    """An option that takes a value and may be given once: argparse silently keeps the last of
    ``--theme a --theme b``, so the command would answer a question the user did not ask."""

    def __call__(self, parser, namespace, values, option_string=None):  # type: ignore[no-untyped-def]
        given: set[str] = namespace.__dict__.setdefault("_given", set())
        if self.dest in given:
            parser.error(f"{option_string or self.dest} may be given once")
        given.add(self.dest)
        super().__call__(parser, namespace, values, option_string)


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (status 2), like every other bad input, and an
    option with a value may be given once (:class:`_Once`; ``--variant`` lists by repeating)."""

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.register("action", None, _Once)
        self.register("action", "store", _Once)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {words.clip(message, 400)} (see {self.prog} --help)\n")


def _load(path: str, tr: gettext.NullTranslations) -> Position:
    """Read a position file; a bad one raises :class:`CliError` ``FILE:LINE: problem``
    (the line when the problem has one)."""
    try:
        text = read_text(path)
    except PositionError as err:
        raise CliError(path, words.position_error(err, tr)) from None
    try:
        return loads(text)
    except PositionError as err:
        line = 0 if err.code == "number-too-large" else words.error_line(err, text)  # that message names its line
        raise CliError(f"{path}:{line}" if line else path, words.position_error(err, tr)) from None


def explain(path: str, play: str | None, lang: str, *, rules: RuleOptions = STANDARD,
            evaluation: EvalSpec | None = None, workers: int = 1) -> dict[str, object]:
    """The ``explain`` result as a dict with the documented JSON keys (``rules``: the table's;
    with ``evaluation``, every pile valued by playouts on ``workers`` processes, key
    ``evaluation``, its words appended to ``text``)."""
    tr = translations(lang)
    try:
        position = _load(path, tr)
        dest = position.check_dest(Dest.parse(play)) if play is not None else None
    except PositionError as err:
        raise CliError(path, words.position_error(err, tr)) from None
    turned = turn_up(position)
    legal = legal_destinations(turned.position, turned.card, rules)
    if evaluation is not None:
        if turned.card is None:
            raise CliError(path, words.position_error(ActionError("no-card", player=position.mover), tr))
        return _evaluated(explain(path, play, lang, rules=rules), position, evaluation, workers, lang)
    result: dict[str, object] = {
        "mover": position.mover,
        "card": str(turned.card) if turned.card else None,
        "recycled": turned.recycled,
        "legal": [str(d) for d in legal.dests],
        "rule": legal.rule,
    }
    lines = []
    if turned.card is None:
        lines.append(narrator(lang).where_it_goes(None, legal, position))
    else:
        if turned.recycled:
            lines.append(narrator(lang).recycled(position.mover, turned.card))
        lines.append(tr.gettext("{player} turns up {card}.").format(player=position.mover, card=narrator(lang).card(turned.card)))
    if dest is None:
        if turned.card is not None:
            lines.append(narrator(lang).where_it_goes(turned.card, legal, turned.position))
        result["text"] = "\n".join(lines)
        return result
    if turned.card is None:
        raise CliError(path, words.position_error(ActionError("no-card", player=position.mover), tr))
    record = complete_turn(turned, dest, called=True, before=position, rules=rules)
    verdict = record.judgement
    if verdict is None:  # nothing was placed (a pass): as above
        raise CliError(path, words.position_error(ActionError("no-card", player=position.mover), tr))
    story = narrator(lang)
    lines.append(story.judgement(verdict, turned.position))
    if record.called:
        lines.append(story.correction(record, turned.position))
        lines.extend(story.penalty_lines(record))
    if record.finished:
        lines.append(story.finished(record.mover))
    explanation = "\n".join(lines)
    result.update(
        {
            "play": str(dest),
            "verdict": "legal" if verdict.ok else "muggins",
            "error": verdict.error,
            "placed": str(record.placed),
            "penalty": [{"from": g.donor, "card": str(g.card)} for g in record.penalty],
            "finished": record.finished,
            "explanation": explanation,
        }
    )
    result["text"] = explanation
    return result


def _evaluated(result: dict[str, object], position: Position, spec: EvalSpec, workers: int,
               lang: str) -> dict[str, object]:
    """``explain``'s ``result`` with every pile valued by playouts (key ``evaluation``)."""
    found = evaluate(position, spec, workers=workers)
    story = narrator(lang)
    table = turn_up(position).position
    lines = [story.evaluation_heading(found), *("  " + story.choice_line(choice, found, table) for choice in found.choices),
             story.evaluation_summary(found, table), story.evaluation_method(found)]
    result["evaluation"] = as_json(found)
    result["text"] = "\n".join([str(result["text"]), "", *lines])
    return result


def _explain(args: argparse.Namespace) -> int:
    rules = VARIANTS[args.variant].rules
    spec = None
    workers = 1
    given = [option for option, value, default in (("--hands", args.hands, "1000"), ("--seed", args.seed, "0"),
                                                   ("--error-rate", args.error_rate, "0"),
                                                   ("--alertness", args.alertness, "1"), ("--workers", args.workers, "1"))
             if value != default]
    tr = translations(args.lang)
    if given and not args.evaluate:
        raise cli_explore.StatsInputError(given[0], tr.gettext("needs --evaluate"))
    if args.evaluate:
        spec = EvalSpec(hands=cli_explore.parse_whole(args.hands, "--hands", 1, MAX_EVAL_HANDS, tr),
                        seed=cli_explore.parse_whole(args.seed, "--seed", 0, 10**18, tr), variant=args.variant,
                        error_rate=cli_explore.parse_chance(args.error_rate, "--error-rate", tr),
                        alertness=cli_explore.parse_chance(args.alertness, "--alertness", tr))
        workers = cli_explore.parse_whole(args.workers, "--workers", 1, cli_explore.MAX_WORKERS, tr)
    result = explain(args.position, args.play, args.lang, rules=rules, evaluation=spec, workers=workers)
    text = result.pop("text")
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(text)
    return 0


MAX_TURN_LIMIT = 10**MAX_DIGITS - 1
"""The largest ``--max-turns`` accepted."""


def _playout(args: argparse.Namespace) -> int:
    tr = translations(args.lang)
    max_turns = DEFAULT_MAX_TURNS if args.max_turns is None else parse_count(args.max_turns.strip())
    if max_turns is None:
        raise CliError("--max-turns", tr.gettext("the turn limit must be a whole number from 0 to {limit}").format(
            limit=MAX_TURN_LIMIT))
    position = _load(args.position, tr)
    outcome = playout(position, max_turns=max_turns)
    if args.json:
        print(json.dumps(outcome.as_dict(), ensure_ascii=False))
    elif outcome.winner is not None:
        print(narrator(args.lang).finished(outcome.winner))
        print(tr.ngettext("{turns} turn played.", "{turns} turns played.", outcome.turns).format(turns=outcome.turns))
    else:
        print(narrator(args.lang).draw(outcome.reason, outcome.turns))
    return 0


def _lessons_check(args: argparse.Namespace) -> int:
    """``muggins lessons check [PATH ...]``: every problem as ``file:line: text``; status 1 if any."""
    from tutorial.lessons import LESSONS_DIR, LessonFileError, lesson_files, load, load_all

    tr = translations(args.lang)
    paths = args.paths or [str(LESSONS_DIR)]
    problems, count = [], 0  # count: every file checked, with or without problems
    for path in paths:
        if Path(path).is_dir():
            count += len(lesson_files(path))
            problems += load_all(path)[1]
            continue
        count += 1
        try:
            load(path)
        except LessonFileError as err:
            problems += err.problems
    for problem in problems:
        print(words.clip(words.lesson_problem(problem, tr), 600))
    print(tr.ngettext("{count} lesson checked, {problems} problem(s).", "{count} lessons checked, {problems} problem(s).",
                      count).format(count=count, problems=len(problems)), file=sys.stderr)
    return 1 if problems else 0


def _lessons_coverage() -> int:
    """``muggins lessons coverage``: the course's coverage table (:mod:`tutorial.lessons.coverage`);
    status 1 when a rule of play has no teaching step or no check question."""
    from tutorial.lessons import load_all
    from tutorial.lessons.coverage import NOT_PLAY, gaps, table

    lessons, problems = load_all()
    if problems:
        raise CliError("lessons", f"{len(problems)} problem(s): run muggins lessons check")
    for rule, covered in table(lessons).items():
        if rule in NOT_PLAY:
            print(f"{rule}: not a rule of play ({NOT_PLAY[rule]})")
            continue
        print(f"{rule}: taught by {', '.join(covered.teach) or 'NO STEP'}; asked by {', '.join(covered.check) or 'NO CHECK'}")
    missing = gaps(lessons)
    if missing:
        print(f"{len(missing)} gap(s): " + ", ".join(f"{rule} ({part})" for rule, part in missing))
    return 1 if missing else 0


def _lessons_stats(args: argparse.Namespace) -> int:
    """``muggins lessons stats [--json]``: per lesson and language, the steps and the words a
    learner reads by default (:mod:`tutorial.lessons.reading`), and the course's total."""
    from tutorial.lessons import load_all
    from tutorial.lessons.reading import READING_SPEED, course_load, minutes

    lessons, problems = load_all()
    if problems:
        raise CliError("lessons", f"{len(problems)} problem(s): run muggins lessons check")
    loads = {lang: course_load(lessons, translations(lang)) for lang in LANGUAGES}
    if args.json:
        print(json.dumps({lang: {"lessons": [{"id": item.id, "steps": len(item.steps), "words": item.words,
                                              "longest_text": max((s.text for s in item.steps), default=0),
                                              "longest_done": max((s.done for s in item.steps), default=0)}
                                             for item in found],
                                 "steps": sum(len(item.steps) for item in found),
                                 "words": sum(item.words for item in found)}
                          for lang, found in loads.items()}, ensure_ascii=False))
        return 0
    first = loads[LANGUAGES[0]]
    head = "".join(f"{lang + ' words':>10}" for lang in LANGUAGES)
    print(f"{'lesson':<32}{'steps':>6}{head}")
    for index, item in enumerate(first):
        counts = "".join(f"{loads[lang][index].words:>10,}" for lang in LANGUAGES)
        print(f"{f'{item.order}. {item.id}':<32}{len(item.steps):>6}{counts}")
    totals = {lang: sum(item.words for item in found) for lang, found in loads.items()}
    counts = "".join(f"{totals[lang]:>10,}" for lang in LANGUAGES)
    print(f"{'the course':<32}{sum(len(item.steps) for item in first):>6}{counts}")
    print("minutes of reading at " + f"{READING_SPEED} words a minute: "
          + ", ".join(f"{lang} {minutes(total):.0f}" for lang, total in totals.items()))
    return 0


LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
TIME_FORMAT = "%Y-%m-%d %H:%M:%S"
"""The time at the start of every log line and of every message of ``muggins serve``."""


def said_now(text: str) -> None:
    """Print one of ``muggins serve``'s messages to an operator, after the time (its output is a
    log: a terminal, a file, a service manager's journal)."""
    print(f"{time.strftime(TIME_FORMAT)} {text}", flush=True)


def write_each_line() -> None:
    """Every line on standard output and error goes out when it is written, whatever they are.

    Python buffers output in blocks of 8 kB when it is not a terminal (a file, a pipe, a service
    manager's journal): ``muggins serve > serve.log`` showed nothing of a running server — not where
    it serves, not a process that died and came back — until it stopped, unless
    ``PYTHONUNBUFFERED`` was set. Line buffering is what a terminal gets.
    """
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # a test's capture may be another kind of stream
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):  # a closed stream: nothing to write to anyway
                reconfigure(line_buffering=True)


class _StderrHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """A handler that writes to whatever ``sys.stderr`` is when a record comes (not the one
    in force when it was made: a test's capture, or a stream closed since)."""

    @property
    def stream(self):  # type: ignore[no-untyped-def]
        return sys.stderr

    @stream.setter
    def stream(self, _value) -> None:  # type: ignore[no-untyped-def]
        pass


LOG_LEVEL_VARIABLE = "MUGGINS_LOG_LEVEL"
"""The least level of the package's log records shown on stderr: ``DEBUG``, ``INFO``,
``WARNING`` (the default), ``ERROR`` or ``CRITICAL``."""


def log_level() -> tuple[int, str | None]:
    """The level :data:`LOG_LEVEL_VARIABLE` names (default ``WARNING``), and the text it held
    when that is no level (then ``WARNING`` is used)."""
    text = os.environ.get(LOG_LEVEL_VARIABLE, "").strip()
    if not text:
        return logging.WARNING, None
    level = logging.getLevelNamesMapping().get(text.upper())
    if level is None or text.upper() == "NOTSET":
        return logging.WARNING, text
    return level, None


def log_to_stderr() -> logging.Handler:
    """Show the package's log records of WARNING and above (a store that cannot keep a game,
    a damaged saved game, a lesson whose check failed; with ``MUGGINS_LOG_LEVEL=INFO`` also
    the store opened or upgraded, long replays, addresses that could not be replayed) on
    stderr, as ``muggins app`` does beside Streamlit's own log. Adds the handler once;
    returns it."""
    logger = logging.getLogger("tutorial")
    for handler in logger.handlers:
        if getattr(handler, "muggins", False):
            return handler
    level, bad = log_level()
    handler = _StderrHandler()
    handler.muggins = True  # type: ignore[attr-defined]
    handler.setLevel(level)
    handler.setFormatter(logging.Formatter(LOG_FORMAT, TIME_FORMAT))
    logger.addHandler(handler)
    if logger.level == logging.NOTSET or logger.level > level:
        logger.setLevel(level)
    if bad is not None:
        log.warning("%s=%r is not a log level (DEBUG, INFO, WARNING, ERROR, CRITICAL): WARNING is used",
                    LOG_LEVEL_VARIABLE, words.clip(bad, 40))
    return handler


def _app(extra: list[str]) -> int:
    """``muggins app [--data-dir DIR] [--database-url URL] [STREAMLIT OPTIONS]``: Streamlit in
    this process (a signal to it stops the server). ``--data-dir`` sets the folder of the app's
    SQLite store, ``--database-url`` a PostgreSQL store instead (see :mod:`tutorial.store`);
    everything else goes to Streamlit."""
    if extra[:1] in (["--help"], ["-h"]):
        print("usage: muggins app [--data-dir DIR] [--database-url URL] [STREAMLIT OPTIONS ...]\n\n"
              "Start the Muggins Tutor web app (http://localhost:8501 unless --server.port says otherwise).\n\n"
              "  --data-dir DIR   folder of the app's store of saved games (default $MUGGINS_DATA_DIR,\n"
              "                   else ~/.local/share/muggins-tutor); created on first use\n"
              "  --database-url URL  keep saved games and class rooms in this PostgreSQL database\n"
              "                   instead (postgresql://...; default $MUGGINS_DATABASE_URL), so that\n"
              "                   app processes on several machines share them (an address with a\n"
              "                   password: better in $MUGGINS_DATABASE_URL, as every user of the\n"
              "                   machine sees a command's arguments)\n\n"
              "Any other option goes to Streamlit, e.g. --server.port 8502 or --server.address 0.0.0.0\n"
              "(see 'streamlit run --help'). Stop the app with Ctrl+C or SIGTERM.")
        return 0
    options = []
    words_left = iter(extra)
    for word in words_left:
        if word == "--data-dir" or word.startswith("--data-dir="):
            folder = word.partition("=")[2] if "=" in word else next(words_left, "")
            if not folder.strip():
                print("muggins app: --data-dir needs a folder (see muggins app --help)", file=sys.stderr)
                return 2
            os.environ[DATA_DIR_VARIABLE] = folder
        elif word == "--database-url" or word.startswith("--database-url="):
            url = word.partition("=")[2] if "=" in word else next(words_left, "")
            if not is_url(url):
                print("muggins app: --database-url needs a PostgreSQL address, postgresql://... (see muggins app --help)",
                      file=sys.stderr)
                return 2
            if problem := url_problem(url):
                print(f"muggins app: --database-url: {problem}", file=sys.stderr)
                return 2
            os.environ[DATABASE_URL_VARIABLE] = url.strip()
        else:
            options.append(word)
    log_to_stderr()
    try:
        chosen = database_url()
    except ValueError as err:
        print(f"muggins app: {err}", file=sys.stderr)
        return 2
    log.info("the app's store is %s", safe_url(chosen) if chosen else data_dir())
    try:
        from tutorial.app.shell.serve import run  # Streamlit is slow to import: only for this command

        return run(APP_ENTRY, [*APP_DEFAULTS, *options])
    except KeyboardInterrupt:  # Ctrl+C before Streamlit's own handler was set: stopped, as asked
        return 0


def _number(text: str, name: str, low: int, high: int) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 6 and low <= int(text) <= high):
        raise CliError(name, f"must be a whole number from {low} to {high}, not {words.clip(text, 40)!r}")
    return int(text)


def _serve(args: argparse.Namespace) -> int:
    """``muggins serve``: see :mod:`tutorial.deploy.serve`."""
    from tutorial.deploy import serve

    url = args.database_url
    if url is not None and not is_url(url):
        raise CliError("--database-url", "needs a PostgreSQL address, postgresql://...")
    if url is not None and (problem := url_problem(url)):
        raise CliError("--database-url", problem)
    if args.postgres is not None and not args.postgres.strip():
        raise CliError("--postgres", "needs a folder for the cluster, such as /var/lib/muggins/pg")
    if url is None and not args.postgres:
        try:
            url = database_url()  # $MUGGINS_DATABASE_URL, as muggins app reads it
        except ValueError as err:
            raise CliError("serve", str(err)) from None
    if args.data_dir:
        os.environ[DATA_DIR_VARIABLE] = args.data_dir
    try:
        plan = serve.Plan(processes=_number(args.processes, "--processes", 1, 64), address=args.address,
                          port=_number(args.port, "--port", 1, 65535),
                          first_app_port=_number(args.first_app_port, "--first-app-port", 1, 65535),
                          database_url=url.strip() if url else None, postgres=Path(args.postgres) if args.postgres else None,
                          run_dir=Path(args.run_dir) if args.run_dir else None)
    except ValueError as err:
        raise CliError("serve", str(err)) from None
    log_to_stderr()
    return serve.run(plan, say=said_now)


DRAW_WIDTHS = (300, 4000)
"""Smallest and largest picture width ``muggins draw`` accepts, in pixels."""


def draw(path: str, lang: str, *, four_colour: bool = False, width: int = 1600) -> bytes:
    """The position in ``path`` drawn as a PNG (the ``draw`` command): the mover at the
    bottom with their next card turned up, and a caption in ``lang`` saying who moves,
    the card and where the rule sends it (§priority). Raises :class:`CliError` for a bad file."""
    from tutorial.draw.picture import png, render
    from tutorial.draw.scene import TableScene

    tr = translations(lang)
    story = narrator(lang)
    position = _load(path, tr)
    turned = turn_up(position)
    legal = legal_destinations(turned.position, turned.card)
    labels = {seat: tr.gettext("{player} · to move").format(player=name) if seat == position.to_move else name
              for seat, name in enumerate(position.players)}
    if turned.card is None:
        scene = TableScene(position, bottom=position.to_move, labels=labels, mover=position.to_move)
        caption = [story.where_it_goes(None, legal, position)]
    else:
        scene = TableScene(turned.position, bottom=position.to_move, labels=labels, turned=turned.card,
                           mover=position.to_move)
        caption = ([story.recycled(position.mover, turned.card)] if turned.recycled else []) + story.turn_caption(
            turned.position, turned.card)
    return png(render(scene, width=width, four_colour=four_colour, caption=caption))


def _draw(args: argparse.Namespace) -> int:
    text = args.width
    low, high = DRAW_WIDTHS
    if not (text.isascii() and text.isdigit() and len(text) <= 5 and low <= int(text) <= high):
        raise CliError("--width", f"must be a whole number of pixels from {low} to {high}, not {words.clip(text, 40)!r}")
    picture = draw(args.position, args.lang, four_colour=args.four_colour, width=int(text))
    try:
        with open(args.output, "wb") as out:
            out.write(picture)
    except OSError as err:
        raise CliError(args.output, f"cannot write the picture ({err.strerror or err})") from None
    return 0


def parser() -> argparse.ArgumentParser:
    """The argument parser (also used by the tests)."""
    top = _Parser(prog="muggins", description="Muggins Tutor: learn the Victorian shedding game Muggins.")
    commands = top.add_subparsers(dest="command", required=True)
    commands.add_parser("app", help="start the web app (further options go to Streamlit)", add_help=False)
    sv = commands.add_parser("serve", help="serve a school: several app processes behind one address (HAProxy)",
                             description="Start N app processes on loopback ports and HAProxy in front of them, with "
                                         "sticky sessions; stop them all with Ctrl+C, SIGTERM or SIGHUP.")
    sv.add_argument("--processes", default="2", metavar="N", help="app processes, 1 to 64 (default 2; about one per core)")
    sv.add_argument("--port", default="8501", metavar="PORT", help="the address's port (default 8501)")
    sv.add_argument("--address", default="0.0.0.0", help="the address to listen on (default 0.0.0.0: every interface)")
    sv.add_argument("--first-app-port", default="8601", metavar="PORT",
                    help="the app processes listen on 127.0.0.1 from this port on (default 8601)")
    store = sv.add_mutually_exclusive_group()
    store.add_argument("--database-url", metavar="URL",
                       help="the PostgreSQL database all processes share (default $MUGGINS_DATABASE_URL, "
                            "the better place for an address with a password: every user sees a command's arguments)")
    store.add_argument("--postgres", metavar="DIR",
                       help="run a PostgreSQL cluster of this machine in DIR (made when new) and share it")
    sv.add_argument("--data-dir", metavar="DIR", help="with neither: the folder of the SQLite store (one machine)")
    sv.add_argument("--run-dir", metavar="DIR", help="where the logs and the proxy's configuration go (default a new temporary folder)")

    ex = commands.add_parser("explain", help="turn up the mover's card and say where it must go")
    ex.add_argument("position", help="position file (TOML)")
    ex.add_argument("--play", metavar="DEST", help="judge this placement: common:N or discard:NAME")
    ex.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the explanation")
    ex.add_argument("--json", action="store_true", help="print one JSON object")
    ex.add_argument("--variant", default="standard", choices=list(VARIANTS),
                    help="the rules the table plays (default standard): " + ", ".join(VARIANTS))
    ex.add_argument("--evaluate", action="store_true",
                    help="value every pile by seeded playouts: the mover's chance of winning the hand after it")
    ex.add_argument("--hands", default="1000", metavar="N",
                    help=f"with --evaluate: playouts per pile, 1 to {MAX_EVAL_HANDS} (default 1000)")
    ex.add_argument("--seed", default="0", metavar="S", help="with --evaluate: the playouts' seed (default 0)")
    ex.add_argument("--error-rate", default="0", metavar="X",
                    help="with --evaluate: every player's chance of a wrong placement, 0–1 (default 0)")
    ex.add_argument("--alertness", default="1", metavar="X",
                    help="with --evaluate: every player's chance of calling an error, 0–1 (default 1)")
    ex.add_argument("--workers", default="1", metavar="N", help="with --evaluate: processes to use (default 1)")

    lessons = commands.add_parser("lessons", help="work with lesson files")
    lesson_commands = lessons.add_subparsers(dest="lessons_command", required=True)
    check = lesson_commands.add_parser("check", help="check lesson files against the rules engine")
    check.add_argument("paths", nargs="*", metavar="PATH", help="lesson files or folders (default: the lessons folder)")
    check.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the messages")

    lesson_commands.add_parser("coverage", help="for every rule of play, the steps that teach it and the check "
                                                "questions that ask it")
    stats = lesson_commands.add_parser("stats", help="steps and words a learner reads, per lesson and language")
    stats.add_argument("--json", action="store_true", help="print one JSON object")

    po = commands.add_parser("playout", help="play the position to the end with rule-perfect players")
    po.add_argument("position", help="position file (TOML)")
    po.add_argument("--max-turns", metavar="N", help=f"agreed turn limit (R7), 0 to {MAX_TURN_LIMIT}; default {DEFAULT_MAX_TURNS}")
    po.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the text output")
    po.add_argument("--json", action="store_true", help="print one JSON object")
    dr = commands.add_parser("draw", help="draw the position as a PNG picture with a caption")
    dr.add_argument("position", help="position file (TOML)")
    dr.add_argument("-o", "--output", required=True, metavar="FILE.png", help="where to write the picture")
    dr.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the caption")
    dr.add_argument("--four-colour", action="store_true", help="clubs green and diamonds blue")
    dr.add_argument("--width", metavar="PX", default="1600", help=f"picture width in pixels, {DRAW_WIDTHS[0]} to {DRAW_WIDTHS[1]} (default 1600)")
    cli_explore.add_parsers(commands)
    cli_train.add_parser(commands)
    return top


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``muggins`` console script. Returns the exit status.

    Usage errors raise :class:`SystemExit` (status 2, one line). Output to a
    pipe closed early (``muggins ... | head -1``) ends quietly with status 1.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    write_each_line()
    try:
        try:
            return _main(argv)
        finally:
            if sys.stdout is not None:
                sys.stdout.flush()  # a closed pipe shows here, inside the try
    except KeyboardInterrupt:
        if sys.stderr is not None:
            print("muggins: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # Python's recipe (signal module, "Note on SIGPIPE"): point stdout at
        # devnull so the flush at exit cannot fail again, and exit with 1.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as err:  # output that cannot be written (a full disk, a closed file)
        if sys.stderr is not None:
            print(f"muggins: cannot write the output ({words.clip(err.strerror or err, 200)})", file=sys.stderr)
        if sys.stdout is not None:  # so that the flush at exit cannot fail again
            with contextlib.suppress(OSError, ValueError):
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())
        return 1


def _main(argv: list[str]) -> int:
    if argv and argv[0] == "app":
        return _app(argv[1:])
    if sys.stdout is None:  # started with standard output closed: the answer could not be written
        raise OSError(9, "standard output is closed")
    args = parser().parse_args(argv)
    try:
        if args.command == "explain":
            return _explain(args)
        if args.command == "lessons":
            if args.lessons_command == "coverage":
                return _lessons_coverage()
            return _lessons_stats(args) if args.lessons_command == "stats" else _lessons_check(args)
        if args.command == "draw":
            return _draw(args)
        if args.command == "stats":
            return cli_explore.stats(args)
        if args.command == "bench":
            return cli_explore.bench(args)
        if args.command == "serve":
            return _serve(args)
        if args.command == "train":
            return cli_train.train(args)
        return _playout(args)
    except (CliError, cli_explore.StatsInputError, cli_train.TrainInputError) as err:
        print(f"muggins: {words.clip(str(err), 600)}", file=sys.stderr)  # one line, whatever was typed
        return 2


if __name__ == "__main__":
    sys.exit(main())
