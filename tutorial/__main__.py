"""``python -m tutorial`` is the ``muggins`` command."""

import sys

from .cli import main

sys.exit(main())
