"""Where the lesson files and the translation catalogs are.

They live at the top of the repository (``lessons/``, ``locales/``). A built
package (a wheel, ``pip install .``) carries copies inside itself, in
``tutorial/data/lessons`` and ``tutorial/data/locales`` (see
``[tool.setuptools]`` in ``pyproject.toml``). The packaged folder is used when
it is there; otherwise the top-level folder of the source checkout this
package sits in (``pip install -e .``, or running from the repository), but
only if that folder really is this project's checkout: a ``pyproject.toml``
naming ``muggins-tutor`` lies beside it.
"""

from __future__ import annotations

import logging
import tomllib
from pathlib import Path

log = logging.getLogger(__name__)

PROJECT = "muggins-tutor"
PACKAGE_DATA = Path(__file__).resolve().parent / "data"
"""Where a built package keeps the data folders."""
CHECKOUT = Path(__file__).resolve().parent.parent
"""The folder holding the ``tutorial`` package: the repository root in a checkout."""


def is_checkout(folder: Path) -> bool:
    """Whether ``folder`` holds this project's ``pyproject.toml`` (never raises)."""
    try:
        with open(folder / "pyproject.toml", "rb") as handle:
            return bool(tomllib.load(handle)["project"]["name"] == PROJECT)
    except (OSError, ValueError, KeyError, TypeError):
        return False


def data_dir(name: str) -> Path:
    """The folder ``name`` (``"lessons"`` or ``"locales"``): packaged copy, else the checkout's.

    Returns the packaged location when neither exists, so that a later
    "cannot read" names where an installed package should have had it.
    Raises :class:`ValueError` for any other name.
    """
    if name not in ("lessons", "locales"):
        raise ValueError(f"unknown data folder {name!r}")
    packaged = PACKAGE_DATA / name
    if packaged.is_dir():
        return packaged
    if (CHECKOUT / name).is_dir() and is_checkout(CHECKOUT):
        return CHECKOUT / name
    log.warning("no %s folder: neither %s nor a checkout's %s (an incomplete installation?)",
                name, packaged, CHECKOUT / name)
    return packaged


LESSONS_DIR = data_dir("lessons")
"""The lesson files (``*.toml``)."""
LOCALES_DIR = data_dir("locales")
"""The catalogs: ``<lang>/LC_MESSAGES/messages.po``."""
