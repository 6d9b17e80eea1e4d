"""`python -m tabletown.games.townsfolk_tussle.checks`: every problem in the content, and the counts."""

import sys

from . import main

sys.exit(main(sys.argv[1:]))
