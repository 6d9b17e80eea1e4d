"""Torches & Pitchforks: rally your Mob and drive the Monsters from town."""

from tabletown.engine.rules import Option

from .bots import BOTS
from .render import render
from .rules import TorchesAndPitchforks

RULES = TorchesAndPitchforks(
    id="torches-and-pitchforks",
    title="Torches & Pitchforks",
    seats=(2, 5),
    options=(
        Option("target", "Winning score", (20, 30, 40), 30,
               choice_labels=("20 (quick)", "30", "40 (long)"),
               help="The first player whose slain Monsters add up to this many points wins."),
    ),
    version=1,
    blurb="Rally your Mob, fight or flee the Monsters, and trip up your neighbours. 2–5 players.",
)

__all__ = ["RULES", "BOTS", "render"]
