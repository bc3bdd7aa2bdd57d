"""``python -m tutorial`` is the ``muggins`` command."""

import sys

from tutorial.cli.commands import main

sys.exit(main())
