"""``python3 -m patience``: the command line (see cli.py)."""

import sys

from .cli import main

sys.exit(main())
