"""``muggins stats`` and ``muggins bench``: the rules explorer on the command line.

Bad input (player counts a variant does not deal for, hand counts out of range,
unknown variants or policies) exits with status 2 and one line, like every other
``muggins`` command.
"""

from __future__ import annotations

import csv
import gettext
import json
import re
import signal
import socket
import struct
import sys
import time

from babel.numbers import format_decimal, format_percent

from tutorial import words
from tutorial.engine.errors import PositionError
from tutorial.engine.numbers import parse_count
from tutorial.engine.variants import VARIANTS, RuleOptions, parse_rules
from tutorial.explore import metrics
from tutorial.explore.players import Policy
from tutorial.explore.study import (
    CUSTOM,
    DEFAULT_MAX_TURNS,
    MAX_HANDS,
    NAME_LIMIT,
    StudyResult,
    StudySpec,
    csv_rows,
    run,
)
from tutorial.i18n import LANGUAGES, translations
from tutorial.measure_words import MeasureWords

MAX_WORKERS = 64


class StatsInputError(Exception):
    """A bad option of ``muggins stats``/``bench``: ``where`` and one-line ``problem``."""

    def __init__(self, where: str, problem: str):
        super().__init__(f"{where}: {problem}")


def add_parsers(commands) -> None:  # type: ignore[no-untyped-def]
    """Add ``stats`` and ``bench`` to the ``muggins`` sub-commands."""
    st = commands.add_parser("stats", help="simulate many seeded hands and sum them up, per player count")
    st.add_argument("--players", default="3,4,5,6,7", metavar="N,N,...", help="player counts (default 3,4,5,6,7)")
    st.add_argument("--hands", default="1000", metavar="N", help=f"hands per player count, 1 to {MAX_HANDS} (default 1000)")
    st.add_argument("--seed", default="0", metavar="S", help="the study's seed (default 0)")
    st.add_argument("--variant", action="append", metavar="NAME", choices=list(VARIANTS),
                    help="rule variant; repeat to compare (default standard): " + ", ".join(VARIANTS))
    st.add_argument("--rules", metavar="TEXT",
                    help="rules of your own, e.g. 'wrap=1;common-first=0;opponents=any;optional=1;penalty=caller;"
                         "deal=3x16+4,4x12+4' (parts left out are the source rules'); studied after the --variants")
    st.add_argument("--name", default="", metavar="NAME", help="the name of your rules (with --rules)")
    st.add_argument("--policy", default="lowest", choices=[p.value for p in Policy],
                    help="the challenger's pile choice, at a rotating seat against R8 players (default lowest)")
    st.add_argument("--error-rate", default="0", metavar="X", help="every player's chance of a wrong placement, 0–1")
    st.add_argument("--alertness", default="1", metavar="X", help="every player's chance of calling an error, 0–1")
    st.add_argument("--max-turns", default=str(DEFAULT_MAX_TURNS), metavar="N", help="turn limit of each hand (R7)")
    st.add_argument("--workers", default="1", metavar="N", help=f"processes to use, 1 to {MAX_WORKERS} (default 1)")
    st.add_argument("--scheduler", metavar="ADDRESS",
                    help="run on a Dask distributed cluster, e.g. tcp://10.0.0.5:8786 (needs the 'cluster' extra)")
    form = st.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print one JSON object")
    form.add_argument("--csv", action="store_true", help="print CSV, a row per variant and player count")
    st.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the text output")
    be = commands.add_parser(
        "bench", help="time the lean simulation path against a floor and the teaching engine",
        description="For each player count: hands and turns per second (CPU time, one core) of the lean "
                    "simulation path, of a 'floor' (the plainest code for the source rules: benchmarks/floor.py "
                    "of the source checkout, timed in the same run) and of the teaching engine; 'ratio' is the lean "
                    "path's time over the floor's (1.00: as fast as the floor), with and without repetition detection. "
                    "Only the play is timed, not the deals; each figure is the fastest of three passes, taken in turns.")
    be.add_argument("--hands", default="400", metavar="N", help="hands per player count (default 400)")
    be.add_argument("--players", default="3,4,5,6,7", metavar="N,N,...", help="player counts, 3 to 7 (default 3,4,5,6,7)")


ENGLISH = translations("en")
"""The messages' language when a command has none (``--lang`` picks another)."""


def parse_whole(text: str, where: str, low: int, high: int, tr: gettext.NullTranslations = ENGLISH) -> int:
    value = parse_count(text.strip(), max_digits=len(str(high))) if isinstance(text, str) else None
    if value is None or not low <= value <= high:
        raise StatsInputError(where, tr.gettext("must be a whole number from {low} to {high}").format(low=low, high=high))
    return value


CHANCE = re.compile(r"(?:0|1)(?:\.[0-9]{1,6})?|\.[0-9]{1,6}")
"""A chance as typed: ASCII digits, 0 to 1, at most six decimals (``0.05``, ``.5``, ``1``)."""


def parse_chance(text: str, where: str, tr: gettext.NullTranslations = ENGLISH) -> float:
    if isinstance(text, str) and CHANCE.fullmatch(text.strip()) and 0.0 <= float(text) <= 1.0:
        return float(text)
    try:
        value = float(text) if len(text) <= 40 and text.strip().isascii() else -1.0
    except ValueError:
        value = -1.0
    if 0.0 <= value <= 1.0:  # a number in range, written otherwise (1e-3, 0.0000001)
        raise StatsInputError(where, tr.gettext("write it as a decimal from 0 to 1 with at most six decimals, e.g. 0.05, "
                                                "not {typed!r}").format(typed=words.clip(text, 20)))
    raise StatsInputError(where, tr.gettext("must be a number from 0 to 1, e.g. 0.05, not {typed!r}").format(
        typed=words.clip(text, 20)))


def _players(text: str, high: int = 8, tr: gettext.NullTranslations = ENGLISH) -> tuple[int, ...]:
    """Player counts, 3 to ``high`` (8 for ``stats``: a variant deals for 8; 7 for ``bench``)."""
    parts = [part.strip() for part in text.split(",")] if len(text) <= 40 else [""]
    counts = tuple(parse_whole(part, "--players", 3, high, tr) for part in parts)
    if len(set(counts)) != len(counts):
        raise StatsInputError("--players", tr.gettext("a player count is listed twice"))
    return counts


def specs(args) -> list[StudySpec]:  # type: ignore[no-untyped-def]
    """The studies asked for, one per variant; raises :class:`StatsInputError` (in ``args.lang``)."""
    tr = translations(getattr(args, "lang", "en"))
    _ = tr.gettext
    players = _players(args.players, tr=tr)
    common = {
        "hands": parse_whole(args.hands, "--hands", 1, MAX_HANDS, tr),
        "seed": parse_whole(args.seed, "--seed", 0, 10**18, tr),
        "policy": args.policy,
        "error_rate": parse_chance(args.error_rate, "--error-rate", tr),
        "alertness": parse_chance(args.alertness, "--alertness", tr),
        "max_turns": parse_whole(args.max_turns, "--max-turns", 1, 10_000_000, tr),
    }
    found = []
    custom = None
    if args.name and args.rules is None:
        raise StatsInputError("--name", _("names rules of your own: give --rules too"))
    if args.rules is not None:
        try:
            custom = parse_rules(args.rules)
        except PositionError as err:
            raise StatsInputError("--rules", words.position_error(err, tr)) from None
        if len(args.name) > NAME_LIMIT or not args.name.isprintable():
            raise StatsInputError("--name", _("at most {limit} printable characters").format(limit=NAME_LIMIT))
        from tutorial.app.explore.model_variant import name_taken  # the variant lab's rule, the same here

        if name_taken(args.name):
            raise StatsInputError("--name", _("{name!r} already names a variant or a heading of the results, in English "
                                              "or Spanish: choose another name").format(name=words.clip(args.name, 40)))
    asked: list[tuple[str, RuleOptions | None]] = [(name, None) for name in args.variant or ([] if custom else
                                                                                            ["standard"])]
    if custom is not None:
        asked.append((CUSTOM, custom))
    for name, rules in asked:
        dealt = (rules or VARIANTS[name].rules).player_counts
        if rules is None:
            shown = _("the variant {name}").format(name=name)
        else:
            shown = _("“{name}”").format(name=args.name) if args.name else _("your rules")
        for count in players:
            if count not in dealt:
                raise StatsInputError("--players", _("no deal for {count} players under {rules}: it deals for {counts} "
                                                     "players only").format(count=count, rules=shown,
                                                                            counts=", ".join(map(str, dealt))))
        try:
            found.append(StudySpec(players=players, variant=name, custom=rules, name=args.name if rules else "",
                                   **common))
        except PositionError as err:
            raise StatsInputError("--players", words.position_error(err, tr)) from None
    return found


def json_report(results: list[StudyResult]) -> dict[str, object]:
    """``stats --json``: ``studies`` (each count with its ``measures``, :mod:`tutorial.explore.metrics`)
    and, with two variants or more, ``comparisons``: the first variant against each other one,
    per player count, measure by measure."""
    studies = []
    for result in results:
        found = result.as_dict()
        challenger = result.spec.policy is not Policy.LOWEST
        for count, data in zip(result.counts, found["counts"], strict=True):  # type: ignore[call-overload]
            data["measures"] = {name: _measure(measure)
                                for name, measure in metrics.measures(count, challenger=challenger).items()}
        studies.append(found)
    report: dict[str, object] = {"studies": studies}
    if len(results) > 1:
        first = results[0]
        report["comparisons"] = [
            {"first": first.spec.label, "second": other.spec.label, "players": count.players,
             "measures": {found.id: {"first": _measure(found.first), "second": _measure(found.second),
                                     "difference": found.difference, "low": found.low, "high": found.high,
                                     "test": found.test, "p": found.p, "real": found.real}
                          for found in metrics.compare(count, other_count, challenger=first.spec.policy is not Policy.LOWEST)}}
            for other in results[1:] for count in first.counts for other_count in other.counts
            if other_count.players == count.players]
    return report


def _measure(found: metrics.Measure) -> dict[str, object]:
    data: dict[str, object] = {"value": found.value, "low": found.low, "high": found.high}
    if found.p is not None:
        data["p"] = found.p
    return data


def text_report(results: list[StudyResult], lang: str) -> str:
    """The plain-text report in ``lang`` (numbers in that language's format)."""
    tr = translations(lang)
    _ = tr.gettext

    def pct(value: float) -> str:
        return words.percent(value, lang)

    def num(value: float) -> str:
        return format_decimal(value, "#,##0.#", locale=lang)

    said = MeasureWords(tr, lang)
    lines = []
    for result in results:
        spec = result.spec
        lines.append(_("Variant {variant}, seed {seed}, challenger {policy}").format(
            variant=spec.label, seed=spec.seed, policy=spec.policy.value))
        for count in result.counts:
            lines.append("  " + tr.ngettext("{players} players, {hands} hand", "{players} players, {hands} hands",
                                             count.hands).format(players=count.players, hands=num(count.hands)))
            lines.append("    " + _("won {won} · drawn by repetition {repetition} · by turn limit {limit}").format(
                won=pct(count.wins.rate), repetition=pct(count.draws_repetition.rate),
                limit=pct(count.draws_turn_limit.rate)))
            length = count.length
            lines.append("    " + _("turns per hand, drawn hands included: mean {mean}, median {median}, 90th "
                                    "percentile {p90}, longest {max}; hands won: mean {finished_mean}").format(
                **{key: num(value) for key, value in length.items()}))
            seats = ", ".join(f"{pct(share.rate)} ({pct(share.low)}–{pct(share.high)})" for share in count.wins_by_seat)
            lines.append("    " + _("wins by seat, first mover first: {seats}").format(seats=seats))
            per = count.per_hand
            lines.append("    " + _("per hand: {choices} choices, {recycles} recycles, {penalties} penalties").format(
                choices=num(per["choices"]), recycles=num(per["recycles"]), penalties=num(per["penalties"])))
            if spec.policy is Policy.LOWEST:
                continue  # the challenger plays like everybody else
            lines.append("    " + _("challenger won {rate} ({low}–{high}); an even share is {fair}").format(
                rate=pct(count.challenger.rate), low=pct(count.challenger.low), high=pct(count.challenger.high),
                fair=pct(count.fair)))
        for count in result.counts:
            lines.append("  " + _("Measures, {players} players ({level} intervals):").format(
                players=count.players, level=format_percent(0.95, locale=lang)))
            for name, measure in metrics.measures(count, challenger=spec.policy is not Policy.LOWEST).items():
                lines.append(f"    {said.name(name)}: {said.with_interval(measure)}"
                             + (f", {said.p(measure.p)}" if measure.p is not None else ""))
    if len(results) > 1:
        first = results[0]
        for other in results[1:]:
            for count in first.counts:
                match = [found for found in other.counts if found.players == count.players]
                if not match:
                    continue
                lines.append(_("{second} against {first}, {players} players:").format(
                    second=other.spec.label, first=first.spec.label, players=count.players))
                compared = metrics.compare(count, match[0], challenger=first.spec.policy is not Policy.LOWEST)
                for difference in compared:
                    lines.append(f"  {said.name(difference.id)}: {said.difference(difference)}, {said.p(difference.p)} "
                                 f"({said.test(difference.test)})")
                sentences = [text for difference in compared
                             if (text := said.sentence(difference, first.spec.label, other.spec.label,
                                                       count.players))]
                lines += sentences or [said.no_difference(first.spec.label, other.spec.label, count.players)]
    return "\n".join(lines)


SCHEDULER_WAIT = 10.0
"""Seconds ``stats --scheduler`` waits for the scheduler to answer before giving up."""


def scheduler_address(text: str) -> tuple[str, int]:
    """``(host, port)`` of a ``--scheduler`` address: ``tcp://HOST:PORT`` or ``HOST:PORT``
    (an IPv6 host in brackets). Anything else (another protocol such as ``ucx://`` or
    ``inproc://``, no port) raises :class:`StatsInputError`."""
    example = "e.g. tcp://10.0.0.5:8786"
    if not (0 < len(text) <= 200 and text.isprintable() and text.strip() == text):
        raise StatsInputError("--scheduler", f"not a scheduler address ({example})")
    scheme, sep, rest = text.partition("://")
    if not sep:
        scheme, rest = "tcp", text
    if scheme.lower() != "tcp":
        raise StatsInputError("--scheduler", f"only tcp:// scheduler addresses can be used, not "
                                             f"{words.clip(scheme, 20)}:// ({example})")
    host, colon, port_text = rest.rpartition(":")
    port = parse_count(port_text, 5)
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not colon or not host or port is None or not 0 < port < 65536 or any(c in host for c in "/[]@ "):
        raise StatsInputError("--scheduler", f"not a scheduler address: tcp://HOST:PORT ({example})")
    return host, port


def probe_scheduler(host: str, port: int, wait: float | None = None) -> str:
    """The Dask address of the scheduler at ``host``:``port`` once it has answered as a Dask
    scheduler does (it speaks first: the length and frame count of its handshake), within
    ``wait`` seconds (default :data:`SCHEDULER_WAIT`). A web server, a silent listener or
    nothing listening raises :class:`StatsInputError` in bounded time."""
    wait = SCHEDULER_WAIT if wait is None else wait
    shown = words.clip(f"{host}:{port}", 80)
    deadline = time.monotonic() + wait
    head = b""
    try:
        with socket.create_connection((host, port), timeout=wait) as sock:
            while len(head) < 16:
                sock.settimeout(max(0.01, deadline - time.monotonic()))
                chunk = sock.recv(16 - len(head))
                if not chunk:
                    break
                head += chunk
    except TimeoutError:
        raise StatsInputError("--scheduler", f"no Dask scheduler answered at {shown} within {wait:g} s") from None
    except OSError as err:  # refused, unreachable, an unknown host name
        raise StatsInputError("--scheduler", f"cannot reach {shown} ({words.clip(err.strerror or err, 120)})") from None
    total, frames = struct.unpack("<QQ", head) if len(head) == 16 else (0, 0)
    if not (16 < total < 1_000_000 and 0 < frames < 64):
        raise StatsInputError("--scheduler", f"what answers at {shown} is not a Dask scheduler")
    return f"tcp://[{host}]:{port}" if ":" in host else f"tcp://{host}:{port}"


def stats(args) -> int:  # type: ignore[no-untyped-def]
    """``muggins stats``."""
    studies = specs(args)
    workers = parse_whole(args.workers, "--workers", 1, MAX_WORKERS)
    scheduler = None if args.scheduler is None else probe_scheduler(*scheduler_address(args.scheduler))
    # a plain `kill` ends the study like Ctrl+C: the worker processes are stopped with it
    signal.signal(signal.SIGTERM, lambda _signum, _frame: sys.exit(143))
    try:
        results = [run(spec, workers=workers, scheduler=scheduler) for spec in studies]
    except ImportError:
        raise StatsInputError("--scheduler", "Dask is not installed: pip install -e \".[cluster]\"") from None
    except (OSError, TimeoutError, ValueError) as err:
        if scheduler is None:
            raise
        raise StatsInputError("--scheduler", f"cannot use the cluster at {words.clip(scheduler, 80)} "
                                             f"({words.clip(str(err) or type(err).__name__, 200)})") from None
    if args.json:
        print(json.dumps(json_report(results), ensure_ascii=False))
    elif args.csv:
        rows = csv_rows(results)
        fields = list(dict.fromkeys(key for row in rows for key in row))
        writer = csv.DictWriter(sys.stdout, fieldnames=fields, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    else:
        print(text_report(results, args.lang))
    return 0


def bench(args) -> int:  # type: ignore[no-untyped-def]
    """``muggins bench``: a line per player count (CPU time, one core)."""
    from tutorial.explore.bench import FLOOR, measure, measure_evaluation

    hands = parse_whole(args.hands, "--hands", 1, 100_000)
    players = _players(args.players, high=7)  # bench plays the source rules: 3 to 7 players
    if not FLOOR.is_file():  # the floor is not installed with the package
        raise StatsInputError("bench", f"needs a source checkout: the floor {FLOOR} is not there")
    print("players  lean hands/s  lean turns/s  floor turns/s  ratio  | no repetition: lean turns/s  ratio"
          "  | teaching turns/s")
    for count in players:
        m = measure(count, hands, teaching=True)
        ratio = m["lean"].seconds / m["floor"].seconds
        ratio_plain = m["lean-no-repetition"].seconds / m["floor-no-repetition"].seconds
        print(f"{count:7d}  {m['lean'].hands_per_second:12,.0f}  {m['lean'].turns_per_second:12,.0f}  "
              f"{m['floor'].turns_per_second:13,.0f}  {ratio:5.2f}  | "
              f"{m['lean-no-repetition'].turns_per_second:27,.0f}  {ratio_plain:5.2f}  | "
              f"{m['teaching'].turns_per_second:16,.0f}")
        sys.stdout.flush()
    position, seconds = measure_evaluation()
    print(f"evaluation: every pile of a {len(position.players)}-player turn with 2 correct piles "
          f"({len(position.commons) + len(position.players)} piles), 2,000 playouts each, 2 processes: "
          f"{seconds:.2f} s (wall clock, the fastest of 3)")
    return 0
