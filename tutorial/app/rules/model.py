"""What the Rules page shows, without Streamlit: the rule book's sections, numbered and titled as
the explanations cite them (:mod:`tutorial.rulebook`), each with the lessons that teach it and,
for two of them, a drawn table with its words; then this app's rulings and the rule variants the
explorer compares. The view (``page.py``) lays these out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutorial import rulebook
from tutorial.app.explore.model_variant import PLAYED, VARIANT_NAMES
from tutorial.app.shell.table_view import TableView
from tutorial.draw.scene import LEGAL
from tutorial.engine.deal import DealCode, deal
from tutorial.engine.variants import VARIANTS
from tutorial.lessons.model import Lesson
from tutorial.lessons.steps import AnswerMode
from tutorial.narrate import Narrator
from tutorial.rules_text import NOT_THIS_MUGGINS, RULINGS, SECTIONS, VARIANT_RULINGS

FIGURE_DEAL = DealCode(5, 1)
"""The deal whose seats the §deal figure shows."""


@dataclass(frozen=True)
class Figure:
    """A drawn table beside a section: what to draw, its words, and the table's widget key."""

    key: str
    table: TableView
    words: tuple[str, ...]


@dataclass(frozen=True)
class LessonLink:
    """A button from a section to a lesson that teaches it."""

    key: str
    lesson_id: str
    label: str


@dataclass(frozen=True)
class RulesSection:
    """One section: its ``heading`` (“§ 4 · Where the turned card must go”), ``anchor``, Markdown
    ``body``, ``figure`` (or ``None``) and ``lessons``."""

    code: str
    heading: str
    anchor: str
    body: str
    figure: Figure | None
    lessons: tuple[LessonLink, ...]


class RulesScreen:
    """The Rules page for ``lessons`` in the narrator's language."""

    def __init__(self, lessons: Sequence[Lesson], narrator: Narrator) -> None:
        self.lessons = lessons
        self.n = narrator
        self.tr = narrator.tr
        self._ = narrator.tr.gettext

    def not_this_muggins(self) -> str:
        return self._(NOT_THIS_MUGGINS)

    def figure(self, code: str) -> Figure | None:
        """The seats of a deal (§deal), and a turned card with every place it may go marked
        (§priority, from the course's first step answered on a pile)."""
        key = f"rules-{code.lstrip('§')}"
        if code == "§deal":
            position, dealer = deal(FIGURE_DEAL)
            return Figure(key, TableView(position, dealer=position.players[dealer]),
                          (self._("Play passes clockwise, to each player's left."), self.n.table_lines(position)[0]))
        if code == "§priority":
            step = next((s for lesson in self.lessons for s in lesson.steps if s.answered_by is AnswerMode.PILE), None)
            turned, legal = getattr(step, "turned", None), getattr(step, "legal", None)  # a pile step's turned card
            if turned is None or legal is None or turned.card is None:
                return None
            return Figure(key, TableView(turned.position, turned=turned.card, marks=dict.fromkeys(legal.dests, LEGAL)),
                          tuple(self.n.turn_caption(turned.position, turned.card)))
        return None

    def sections(self) -> list[RulesSection]:
        found = []
        for code, title, body in SECTIONS:
            section = rulebook.BY_ID[code]
            links = tuple(LessonLink(f"rules-{code.lstrip('§')}-{lesson.id}", lesson.id,
                                     self._("Lesson: {title}").format(title=self._(lesson.title)))
                          for lesson in self.lessons if code in lesson.sections)
            found.append(RulesSection(code, f"§\u00a0{section.number} · {self._(title)}", section.anchor, self._(body),
                                      self.figure(code), links))
        return found

    def rulings(self) -> list[tuple[str, str]]:
        """This app's rulings: ``(name, text)``."""
        return [(rulebook.ruling_name(code, self.tr), self._(text)) for code, text in RULINGS]

    def variants(self) -> list[tuple[str, str]]:
        """The variants the explorer compares (the taught rules left out): ``(name, where played so)``,
        then the rulings for what they leave open."""
        named = [(self._(VARIANT_NAMES[name]), self._(PLAYED[variant.played])) for name, variant in VARIANTS.items()
                 if name != "standard"]
        return named + [(rulebook.ruling_name(code, self.tr), self._(text)) for code, text in VARIANT_RULINGS]
