"""What a drawn table shows (:class:`TableView`): plain Python, shared by the views and the
screen models (``tutorial/app/*/model.py``), which say what to draw without drawing it."""

from __future__ import annotations

import gettext
from dataclasses import dataclass, field

from tutorial.draw import scene as sc
from tutorial.engine.cards import Card
from tutorial.engine.position import Dest, Position


@dataclass
class TableView:
    """What to draw.

    - ``position``: the piles (the turned card is not in it).
    - ``turned``: the card in the mover's hand, if any (drawn at the mover's seat).
    - ``you``: the learner's player name (marked “you”, drawn at the bottom), or ``None``
      (then the mover is drawn at the bottom).
    - ``marked``: piles where a card just went; ``marks``: other marks by pile
      (:data:`tutorial.draw.scene.LEGAL`, ``WRONG``, ``RIGHT``, ``PLACED``).
    - ``arrows``: what just happened (:func:`tutorial.draw.scene.arrows_for`).
    - ``dealer``: the dealer's name, marked at their seat.
    - ``open_stocks``: show these players' closed stocks card by card (lessons only).
    - ``open_discards``: show these players' whole discards, bottom to top.
    - ``show_mover``: mark whose turn it is.
    - ``bottom``: the player drawn at the bottom (default: ``you``, else the mover), so a
      table stepped turn by turn keeps its seats.
    """

    position: Position
    turned: Card | None = None
    you: str | None = None
    marked: set[Dest] = field(default_factory=set)
    open_stocks: tuple[str, ...] = ()
    open_discards: tuple[str, ...] = ()
    show_mover: bool = True
    marks: dict[Dest, str] = field(default_factory=dict)
    arrows: tuple[sc.Arrow, ...] = ()
    dealer: str | None = None
    bottom: str | None = None

    def all_marks(self) -> dict[Dest, str]:
        """Every mark: ``marked`` piles as :data:`~tutorial.draw.scene.PLACED`, then ``marks``."""
        return {**dict.fromkeys(self.marked, sc.PLACED), **self.marks}

    def scene(self, tr: gettext.NullTranslations) -> sc.TableScene:
        """The scene to draw, labels in the language of ``tr``."""
        position = self.position
        seated = self.bottom if self.bottom in position.players else self.you
        bottom = position.seat(seated) if seated in position.players else position.to_move
        labels = {seat: player_label(name, self, tr) for seat, name in enumerate(position.players)}
        return sc.TableScene(
            position, bottom=bottom, labels=labels, turned=self.turned, marks=self.all_marks(), arrows=self.arrows,
            dealer=position.seat(self.dealer) if self.dealer in position.players else None,
            mover=position.to_move if self.show_mover else None,
        )


def player_label(name: str, view: TableView, tr: gettext.NullTranslations, *, mark_mover: bool = True) -> str:
    _ = tr.gettext
    label = name
    mover = mark_mover and view.show_mover and name == view.position.mover
    if name == view.you and not mover:
        label = _("{player} (you)").format(player=label)
    if mover:
        label = (_("{player} · your turn") if name == view.you else _("{player} · to move")).format(player=label)
    if name == view.dealer:
        label = _("{player} · dealer").format(player=label)
    return label
