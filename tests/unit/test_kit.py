"""The game kit as a whole (py/tabletown/engine/): it names and imports no game, and each of its
modules has its own test file here, tests/unit/test_engine_<module>.py."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_engine_imports_no_game():
    code = ("import sys, pkgutil, importlib, tabletown.engine as e\n"
            "for m in pkgutil.iter_modules(e.__path__): importlib.import_module('tabletown.engine.' + m.name)\n"
            "print(any(name.startswith('tabletown.games') for name in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT / "py")}, check=True).stdout.strip()
    assert out == "False"
    for path in (ROOT / "py" / "tabletown" / "engine").glob("*.py"):
        text = path.read_text().lower()
        for name in ("tavern", "torches", "tumble", "ruthless", "townsfolk"):
            assert name not in text, f"{path.name} names a game ({name})"


def test_every_engine_module_has_its_own_test_file_and_every_engine_test_file_its_module():
    modules = {path.stem for path in (ROOT / "py" / "tabletown" / "engine").glob("*.py")} - {"__init__"}
    test_files = {path.stem.removeprefix("test_engine_") for path in Path(__file__).parent.glob("test_engine_*.py")}
    assert test_files == modules


def test_no_game_escapes_or_unescapes_text_itself():
    """The render contract: names reach a renderer raw and only the kit escapes them (the
    conformance run proves it on the drawn board; this keeps the tools out of the games)."""
    for path in (ROOT / "py" / "tabletown" / "games").rglob("*.py"):
        text = path.read_text()
        for tool in ("import html", "from html import", "unescape(", "xml.sax.saxutils"):
            assert tool not in text, f"{path.relative_to(ROOT)} uses {tool!r}: draw text with the kit (engine/draw.py)"
