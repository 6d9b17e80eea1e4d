"""The registry of Tabletown's games, built from each game package's declared SPEC.

A game package `tabletown.games.<pkg>` opens with `SPEC` in its `__init__.py` (imported at
boot, so the picker and the setup form can be drawn); its rules, content, bots and
board live in `tabletown.games.<pkg>.game`, imported when the game is first opened.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Optional

from ..engine.spec import GameSpec

# Picker order.
PACKAGES: tuple[str, ...] = (
    "tavern_tussle",
    "torches_and_pitchforks",
    "tumble_town",
    "ruthless",
    "townsfolk_tussle",
)

SPECS: tuple[GameSpec, ...] = tuple(importlib.import_module(f"{__name__}.{pkg}").SPEC for pkg in PACKAGES)
BY_ID: dict[str, GameSpec] = {spec.id: spec for spec in SPECS}
_PACKAGE_OF: dict[str, str] = {spec.id: pkg for spec, pkg in zip(SPECS, PACKAGES)}


def ready_ids() -> list[str]:
    """The ids of the games that can be played now, in picker order."""
    return [s.id for s in SPECS if s.ready]


def package_of(game_id: str) -> str:
    """The package name of a game (`tavern_tussle`); KeyError if unknown."""
    return _PACKAGE_OF[game_id]


def load(game_id: str) -> ModuleType:
    """The game module for `game_id` (SPEC, RULES, BOTS, render). KeyError if unknown or not ready."""
    spec = BY_ID.get(game_id)
    if spec is None or not spec.ready:
        raise KeyError(game_id)
    return importlib.import_module(f"{__name__}.{_PACKAGE_OF[game_id]}.game")


class Library:
    """How the engine finds games without importing any: specs by id, and loading."""

    def spec(self, game_id: str) -> Optional[GameSpec]:
        return BY_ID.get(game_id) if isinstance(game_id, str) else None

    def load(self, game_id: str) -> ModuleType:
        return load(game_id)


LIBRARY = Library()
