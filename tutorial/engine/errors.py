"""Error values the engine raises: a code plus data, never a sentence.

The user interface and the command line turn a code into words in the
chosen language (see :mod:`tutorial.words`).
"""

from __future__ import annotations


class PositionError(ValueError):
    """A position, position file or destination is not valid.

    ``code`` is one of: ``unreadable``, ``invalid-toml``, ``bad-field``,
    ``unknown-field``, ``unknown-card``, ``duplicate-card``,
    ``duplicate-player``, ``unknown-player``, ``player-count``,
    ``no-commons``, ``empty-common``, ``bad-dest``, ``no-card``,
    ``bad-deal-code``, ``bad-moves``, ``hand-over``, ``card-pending``,
    ``not-your-turn``, ``call-too-late``. ``params`` holds the data the message needs
    (``card``, ``player``, ``pile``, ``count``, ``field``, ``dest``,
    ``deal``, ``moves``, ``detail``).
    """

    def __init__(self, code: str, **params):
        self.code = code
        self.params = params
        detail = ", ".join(f"{k}={v!r}" for k, v in params.items())
        super().__init__(f"{code}: {detail}" if detail else code)
