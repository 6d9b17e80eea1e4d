"""Shared fixtures: the toy game (tests/support/toy_game.py) and a library that knows it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tabletown import games


class ToyLibrary:
    """The real games plus the toy game "high-card" and "coming-soon", a game listed but not
    yet playable (every real game is playable now)."""

    def __init__(self, toy):
        self.toy = toy
        self.coming_soon = replace(toy.SPEC, id="coming-soon", title="Coming Soon", ready=False)

    def spec(self, game_id):
        if game_id == self.toy.SPEC.id:
            return self.toy.SPEC
        if game_id == self.coming_soon.id:
            return self.coming_soon
        return games.LIBRARY.spec(game_id)

    def load(self, game_id):
        if game_id == self.toy.SPEC.id:
            return self.toy
        return games.LIBRARY.load(game_id)


@pytest.fixture
def toy():
    from tests.support import toy_game

    return toy_game


@pytest.fixture
def library(toy):
    return ToyLibrary(toy)
