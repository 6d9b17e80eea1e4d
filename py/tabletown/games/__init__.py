"""The registry of Tabletown's games.

Each playable game is a package `tabletown.games.<module>` exposing `RULES`, `BOTS`
and `render`. Games not yet playable are listed so the picker can show them as coming.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    module: str
    playable: bool
    tagline: str


CATALOG: tuple[Entry, ...] = (
    Entry("tavern-tussle", "Tavern Tussle", "tavern_tussle", True,
          "Draft travelling Heroes and collect their stories. 2–4 players."),
    Entry("torches-and-pitchforks", "Torches & Pitchforks", "torches_and_pitchforks", True,
          "Rally your mob and drive the monsters from town. 2–5 players."),
    Entry("tumble-town", "Tumble Town", "tumble_town", True,
          "Roll dice and raise a frontier town. 1–4 players."),
    Entry("ruthless", "Ruthless", "ruthless", False,
          "Wild West gunfights, hit by hit and wound by wound."),
    Entry("townsfolk-tussle", "Townsfolk Tussle", "townsfolk_tussle", False,
          "Townsfolk team up, gear up and run the Ruffians out of town. Co-operative."),
)

BY_ID = {entry.id: entry for entry in CATALOG}


def playable_ids() -> list[str]:
    return [e.id for e in CATALOG if e.playable]


def load(game_id: str) -> ModuleType:
    """The game package for `game_id` (with RULES, BOTS, render). KeyError if unknown."""
    entry = BY_ID.get(game_id)
    if entry is None or not entry.playable:
        raise KeyError(game_id)
    name = entry.module if "." in entry.module else f"tabletown.games.{entry.module}"
    return importlib.import_module(name)
