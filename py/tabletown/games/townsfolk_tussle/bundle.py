"""The content files packed into one Python module, for pages that ship only Python files.

`content.py` reads `data/*.json` when they are there (a checkout, the tests) and falls back on
`data_bundle.py` when they are not (the page's package holds only `.py` files). A test checks
that the bundle matches the data files, so it cannot fall behind unnoticed:

    python -m tabletown.games.townsfolk_tussle.bundle      # rewrite data_bundle.py from data/
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TARGET = HERE / "data_bundle.py"


def current() -> dict[str, str]:
    """Every data file's text, by file name."""
    return {p.name: p.read_text(encoding="utf-8") for p in sorted((HERE / "data").glob("*.json"))}


def source(files: dict[str, str]) -> str:
    packed = {name: json.loads(text) for name, text in files.items()}
    body = json.dumps(packed, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return ('"""Townsfolk Tussle\'s data files, packed by `python -m tabletown.games.townsfolk_tussle.bundle`.'
            ' Do not edit."""\n\nimport json\n\nFILES = json.loads(' + repr(body) + ")\n")


def main() -> int:
    TARGET.write_text(source(current()), encoding="utf-8")
    print(f"wrote {TARGET.relative_to(HERE.parents[3])} ({len(current())} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
