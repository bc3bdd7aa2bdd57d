"""Error values the engine raises: a code plus data, never a sentence.

Two kinds, as in python-chess: :class:`PositionError` for data that is not
valid (a position, a file, a destination, a code), :class:`ActionError` for an
action that is not allowed at this moment (a call too late, a card played out
of turn). Both derive from :class:`MugginsError`, so a caller may catch either
or both. The user interface and the command line turn a code into words in
the chosen language (see :mod:`tutorial.words`).
"""

from __future__ import annotations


class MugginsError(ValueError):
    """Any error the engine reports: ``code`` (a stable text) and ``params`` (the data the
    message needs)."""

    def __init__(self, code: str, **params: object):
        self.code = code
        self.params = params
        detail = ", ".join(f"{k}={v!r}" for k, v in params.items())
        super().__init__(f"{code}: {detail}" if detail else code)


class ActionError(MugginsError):
    """An action that is not allowed now: ``hand-over``, ``card-pending``, ``no-card``,
    ``not-your-turn``, ``call-too-late``, ``nothing-to-undo``. ``params`` as for
    :class:`PositionError` (``card``, ``player``)."""


class PositionError(MugginsError):
    """A position, position file or destination is not valid.

    ``code`` is one of: ``unreadable``, ``too-large``, ``invalid-toml``,
    ``number-too-large``, ``bad-field``, ``unknown-field``, ``bad-player-name``,
    ``unknown-card``, ``duplicate-card``, ``duplicate-player``,
    ``unknown-player``, ``player-count``, ``no-commons``, ``empty-common``,
    ``bad-dest``, ``bad-deal-code``, ``bad-moves``, ``bad-seat``, ``bad-settings``.
    ``params`` holds the
    data the message needs (``card``, ``player``, ``pile``, ``count``,
    ``field``, ``dest``, ``deal``, ``moves``, ``detail``, ``limit``, ``line``).

    Errors about a position's data also carry ``at``: the key path of the
    offending value in the position-file layout, e.g. ``("commons", 1, 0)``
    (indices 0-based, as in the parsed TOML) or ``("stocks", "B", 2)``, so a
    caller holding the file text can name its line
    (:mod:`tutorial.engine.locate`). ``number-too-large`` carries ``line``
    (1-based; 0 when unknown) and, when known, ``at``.
    """
