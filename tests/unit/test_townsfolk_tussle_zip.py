"""What the browser downloads for Townsfolk Tussle: the game's zip holds the rules, the content
and the board, but not the content checker (checks/), which runs at build and test time only."""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build  # type: ignore[import-not-found]  # noqa: E402

PACKAGE = "tabletown/games/townsfolk_tussle"


def zipped() -> list[str]:
    _, games = build.package_zips({})
    return zipfile.ZipFile(io.BytesIO(games["townsfolk_tussle"])).namelist()


def test_the_games_zip_has_no_checker_module():
    names = zipped()
    assert not [n for n in names if n.startswith(f"{PACKAGE}/checks/")]


def test_the_games_zip_has_everything_the_game_imports():
    names = set(zipped())
    for module in ("rules.py", "render/__init__.py", "render/grid.py", "vocabulary.py", "shapes.py", "lang/__init__.py", "lang/steps.py",
                   "data/townsfolk.json"):
        assert f"{PACKAGE}/{module}" in names, module


def test_the_game_plays_without_its_checker():
    """Nothing the game imports reaches the checker: play a few moves with it out of reach."""
    import subprocess

    script = ("import sys, importlib.abc\n"
              "class NoChecks(importlib.abc.MetaPathFinder):\n"
              "    def find_spec(self, name, path, target=None):\n"
              "        if name.startswith('tabletown.games.townsfolk_tussle.checks'):\n"
              "            raise ImportError('the checker is not shipped')\n"
              "sys.meta_path.insert(0, NoChecks())\n"
              "from tabletown.games import load\n"
              "game = load('townsfolk-tussle')\n"
              "state = game.RULES.setup(1, 3, game.SPEC.normalize(3, {}))\n"
              "seat = game.RULES.active(state)[0]\n"
              "state, _ = game.RULES.apply(state, seat, game.RULES.legal(state, seat)[0])\n"
              "game.render(game.RULES.view(state, seat), {'viewer': seat, 'legal': [], 'names': []})\n")
    env = {"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
