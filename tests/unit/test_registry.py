"""The registry of games (games/__init__.py): built from the games' specs, each game loaded with
its own spec, and a game package that opens with its spec and imports nothing heavy."""

from pathlib import Path

import pytest

from tabletown import games

ROOT = Path(__file__).resolve().parents[2]


def test_the_registry_is_built_from_the_specs():
    assert [s.id for s in games.SPECS] == ["tavern-tussle", "torches-and-pitchforks", "tumble-town", "ruthless",
                                          "townsfolk-tussle"]
    for game_id in games.ready_ids():
        assert games.load(game_id).SPEC is games.BY_ID[game_id]
    with pytest.raises(KeyError):
        games.load("chess")


def test_a_game_package_opens_with_its_spec_and_imports_nothing_heavy():
    for pkg in games.PACKAGES:
        source = (ROOT / "py" / "tabletown" / "games" / pkg / "__init__.py").read_text()
        imports = [line for line in source.splitlines() if line.startswith(("import ", "from "))]
        assert imports == ["from tabletown.engine.spec import " + imports[0].split(" import ")[1]], pkg
