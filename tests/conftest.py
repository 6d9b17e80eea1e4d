"""Shared fixtures: the toy game registered for engine tests."""

from __future__ import annotations

import pytest

from tabletown import games


@pytest.fixture
def toy(monkeypatch):
    """Register tests/support/toy_game.py as the playable game "high-card"."""
    entry = games.Entry("high-card", "High Card", "tests.support.toy_game", True, "A test game.")
    monkeypatch.setitem(games.BY_ID, "high-card", entry)
    from tests.support import toy_game

    return toy_game
