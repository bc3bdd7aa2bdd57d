from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "tests" / "positions"

from tutorial.engine import Card, Position  # noqa: E402


def cards(text: str) -> list[Card]:
    """``"6H 7D"`` → ``[Card 6H, Card 7D]``."""
    return [Card.parse(part) for part in text.split()]


def position(commons: str, stocks: dict[str, str] | None = None, discards: dict[str, str] | None = None,
             players: str = "A B C D", to_move: str = "A") -> Position:
    """A position from compact text: commons as space-separated tops, piles as card lists."""
    return Position.build(
        players.split(), to_move, [[card] for card in cards(commons)],
        {name: cards(text) for name, text in (stocks or {}).items()},
        {name: cards(text) for name, text in (discards or {}).items()},
    )


@pytest.fixture
def root() -> Path:
    return ROOT
