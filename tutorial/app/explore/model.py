"""The explorer's state and its address, without Streamlit.

One :class:`ExplorerState` per session (``session.feature(ExplorerState)``, key
:attr:`ExplorerState.KEY`): which lab is shown, the position lab's state
(:class:`~tutorial.app.explore.model_position.PositionLabState`) and the variant lab's
(:class:`~tutorial.app.explore.model_variant.VariantLabState`). Its address form is
:class:`LabAddress`: ``lab=position|variants``, ``pos=`` (the position text packed,
:func:`~tutorial.app.explore.model_position.link_value`) and, for the variant lab's rules of one's
own, ``rules=`` (:meth:`~tutorial.engine.variants.RuleOptions.code`) and ``vname=``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from tutorial.app.explore.model_position import PositionLabState
from tutorial.app.explore.model_variant import VariantLabState

POSITION = "position"
VARIANTS = "variants"
LABS = (POSITION, VARIANTS)
"""The labs by id, in the order the page offers them (ids are the address's ``lab=`` values)."""

LAB_CHOICE = "explore-lab-choice"
"""The base of the lab switch's widget key (the key carries a digest of its labels)."""


@dataclass
class ExplorerState:
    """This session's explorer: the lab shown (``""`` until seeded from the address) and both labs."""

    KEY: ClassVar[str] = "explore"
    lab: str = ""
    position: PositionLabState = field(default_factory=PositionLabState)
    variants: VariantLabState = field(default_factory=VariantLabState)

    def seed(self, address: LabAddress) -> None:
        """The first visit in a session: the lab the address names (else the position lab)."""
        if not self.lab:
            self.lab = address.lab

    def choose(self, lab: str | None) -> None:
        """The learner picked a lab (``None``: the switch was cleared; the lab stays)."""
        if lab in LABS:
            self.lab = lab


@dataclass(frozen=True)
class LabAddress:
    """The explorer's part of the page address: the lab, and the position lab's position
    (packed, as :func:`~tutorial.app.explore.model_position.link_value` gives it)."""

    lab: str = POSITION
    pos: str | None = None
    rules: str | None = None
    vname: str | None = None

    @classmethod
    def from_query(cls, get: Callable[[str], str | None] | Mapping[str, str | None]) -> LabAddress:
        """Read ``lab``, ``pos``, ``rules`` and ``vname`` (an unknown lab is the position lab;
        ``pos`` and the rules are checked when their lab reads them)."""
        read = get.get if isinstance(get, Mapping) else get
        lab = read("lab")
        return cls(lab if lab in LABS else POSITION, read("pos") or None, read("rules") or None, read("vname") or None)

    def to_query(self) -> dict[str, str | None]:
        """The address's values (``pos`` only on the position lab; ``rules`` and ``vname``, rules of
        one's own and their name, only on the variant lab)."""
        variants = self.lab == VARIANTS
        return {"lab": self.lab, "pos": self.pos if self.lab == POSITION else None,
                "rules": self.rules if variants else None, "vname": self.vname if variants else None}
