"""The tables the benchmarks open: every registered game, with one human and bots.

The seat counts below are those measured since the first benchmarks, kept so figures compare
across runs; a game not named here opens at its spec's default seat count, so a new game is
measured without a line of its own."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from tabletown import games  # noqa: E402

MEASURED_SEATS = {"tavern-tussle": 4, "torches-and-pitchforks": 3, "tumble-town": 2, "ruthless": 2,
                  "townsfolk-tussle": 3}

GAMES = {spec.id: ",".join(["human"] + ["bot"] * (MEASURED_SEATS.get(spec.id, spec.default_seats) - 1))
         for spec in games.SPECS if spec.ready}
