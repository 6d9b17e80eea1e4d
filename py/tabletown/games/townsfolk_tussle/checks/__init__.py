"""The Townsfolk Tussle content checker: every catalogue in `data/` checked against the content
language (docs/content/townsfolk-tussle.md). It runs at build and test time only; the game's
zip for the browser leaves this package out (tools/build.py), since content is checked before
it ships.

    python -m tabletown.games.townsfolk_tussle.checks      # every problem, and the counts so far

`validate(name, data)` checks one file; `validate_all(files)` checks every file, the
references between them, the landscapes and (once `REQUIRE_COMPLETE` is on) the counts.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Optional

from tabletown.engine.words import plural

from ..vocabulary import FAMILIES, family_of, rows_of
from .base import Ctx, _fields, _is_int, _show
from .counts import CARDS_PER_RUFFIAN, COUNTS
from .references import _check_landscapes, _cross_check
from .rows import (
    check_action_card,
    check_chart,
    check_ending,
    check_event,
    check_feat,
    check_gear,
    check_ruffian,
    check_terrain,
    check_townsfolk,
)

# Counts below the rulebook's are "incomplete" (reported, not failures) until every
# catalogue is written; then switch this on and a missing card is a failure.
REQUIRE_COMPLETE = True

DATA_DIR = Path(__file__).parent.with_name("data")


def validate(name: str, data: Any) -> list[str]:
    """Readable problems in one catalogue file (`name` without .json)."""
    ctx = _validate(name, data)
    return ctx.problems


def _validate(name: str, data: Any) -> Ctx:
    ctx = Ctx(f"{name}.json")
    family = family_of(name)
    if family is None:
        ctx.err("file", f"unknown catalogue name {name!r}: a file is one of {', '.join(FAMILIES[:-1])}, "
                        "<gear_peddler|feats|events>_<part>, or action_cards_<ruffian-id>")
        return ctx
    if not _fields(data, "file", ctx, {"defaults": True, "rows": True}, "catalogue file"):
        return ctx
    if not isinstance(data.get("defaults"), dict):
        ctx.err("defaults", "defaults must be an object (may be empty)")
        return ctx
    if not isinstance(data.get("rows"), list):
        ctx.err("rows", "rows must be a list")
        return ctx
    ruffian = name[len("action_cards_"):] if family == "action_cards" else ""
    if ruffian:
        ctx.ref("ruffian", ruffian, "file")
    for i, raw in enumerate(data["rows"]):
        path = f"rows[{i}]"
        if not isinstance(raw, dict):
            ctx.err(path, f"a row must be an object, not {_show(raw)}")
            continue
        if isinstance(raw.get("id"), str):
            path = f"{raw['id']}"
        row = rows_of({"defaults": data["defaults"], "rows": [raw]}, family)[0]
        if family.startswith("gear_"):
            check_gear(row, path, ctx, family)
        elif family == "townsfolk":
            check_townsfolk(row, path, ctx)
        elif family == "ruffians":
            check_ruffian(row, path, ctx)
        elif family == "action_cards":
            check_action_card(row, path, ctx, ruffian)
        elif family == "terrain":
            check_terrain(row, path, ctx)
        elif family == "feats":
            check_feat(row, path, ctx)
        elif family == "events":
            check_event(row, path, ctx)
        elif family == "endings":
            check_ending(row, path, ctx)
        elif family == "charts":
            check_chart(row, path, ctx)
    return ctx


def load_files(data_dir: Path = DATA_DIR) -> dict[str, Any]:
    """Every catalogue file in `data_dir`, by name without .json (a file that is not JSON maps to its error)."""
    files: dict[str, Any] = {}
    for p in sorted(data_dir.glob("*.json")):
        try:
            files[p.stem] = json.loads(p.read_text(encoding="utf-8"))
        except ValueError as exc:
            files[p.stem] = JsonError(str(exc))
    return files


class JsonError:
    def __init__(self, message: str) -> None:
        self.message = message


def all_rows(files: dict[str, Any]) -> dict[str, list[dict]]:
    """Rows (defaults filled in) by family."""
    out: dict[str, list[dict]] = {f: [] for f in FAMILIES}
    for name, data in files.items():
        family = family_of(name)
        if family and isinstance(data, dict):
            out[family].extend(rows_of(data, family))
    return out


def counts(files: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """(have, need) per family, counting copies."""
    rows = all_rows(files)
    return {f: (sum(r.get("copies", 1) if _is_int(r.get("copies", 1)) else 1 for r in rows[f]), need)
            for f, need in COUNTS.items()}


def validate_all(files: dict[str, Any], complete: bool = REQUIRE_COMPLETE) -> list[str]:
    """Every problem in every file, in the references between them, in the landscapes, and (when `complete`)
    every count below the rulebook's."""
    problems: list[str] = []
    ctxs: list[Ctx] = []
    for name, data in files.items():
        if isinstance(data, JsonError):
            problems.append(f"{name}.json: not valid JSON: {data.message}")
            continue
        ctx = _validate(name, data)
        ctxs.append(ctx)
        problems.extend(ctx.problems)
    rows = all_rows({n: d for n, d in files.items() if not isinstance(d, JsonError)})
    problems.extend(_cross_check(rows, ctxs))
    problems.extend(_check_landscapes(rows))
    if complete:
        for family, (have, need) in counts(files).items():
            if have != need:
                problems.append(f"{family}: {have} of the rulebook's {need}")
    return problems


def main(argv: Optional[list[str]] = None) -> int:
    files = load_files()
    problems = validate_all(files, complete=False)
    for p in problems:
        print(p)
    print()
    print(f"{'catalogue':<18}{'have':>6}{'need':>6}")
    incomplete = []
    for family, (have, need) in counts(files).items():
        mark = "" if have == need else ("  incomplete" if have < need else "  TOO MANY")
        if have != need:
            incomplete.append(family)
        print(f"{family:<18}{have:>6}{need:>6}{mark}")
    rows = all_rows({n: d for n, d in files.items() if not isinstance(d, JsonError)})
    for r in rows["ruffians"]:
        n = sum(1 for c in rows["action_cards"] if c.get("ruffian") == r.get("id"))
        if n != CARDS_PER_RUFFIAN:
            print(f"  action cards for {r.get('id')}: {n} of {CARDS_PER_RUFFIAN}")
    handlers = sorted({name for ctx in (_validate(n, d) for n, d in files.items()
                                          if not isinstance(d, JsonError)) for name, _, _ in ctx.effects})
    print(f"\neffect handlers named: {len(handlers)}" + (f" ({', '.join(handlers)})" if handlers else ""))
    print(plural(len(problems), "problem")
          + (f"; incomplete: {', '.join(incomplete)}" if incomplete else "; every count reached"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
