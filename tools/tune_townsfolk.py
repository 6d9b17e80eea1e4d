"""Townsfolk Tussle's Ruffians by level: three hard bots play whole games on one process.

    PYTHONPATH=py .venv/bin/python tools/tune_townsfolk.py [--standard N] [--rough N] [--seed S] [--out FILE]
                                                           [--version V] [--read FILE...]

Prints each Town Map level's fights won, each Ruffian's, and the games won, every rate with its
95 % Wilson interval. A Ruffian's "expected" rate is the mean of its fights' level rates, so a
Ruffian met mostly at hard levels is not called hard for that alone. With --out, every game's
fights are kept as JSON lines (so two runs can be added up).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from tabletown.engine.trials import wilson
from tabletown.games.townsfolk_tussle import content as C
from tabletown.games.townsfolk_tussle.balance import LEVELS, play_game


def rate(won: int, n: int) -> str:
    if not n:
        return "—"
    p, lo, hi = wilson(won, n)
    return f"{100 * p:.0f}% ({100 * lo:.0f}–{100 * hi:.0f}) of {n}"


def summary(games: list[dict]) -> str:
    fights = [f for g in games for f in g["fights"]]
    out = []
    by_level = {}
    out.append("| level | won (95 % interval) of fights |")
    out.append("|---|---|")
    for lv in LEVELS:
        at = [f for f in fights if f["level"] == lv]
        won = sum(1 for f in at if f["won"])
        by_level[lv] = won / len(at) if at else 0.0
        out.append(f"| {C.LEVEL_NAMES[lv]} | {rate(won, len(at))} |")
    out += ["", "| Ruffian | won (95 % interval) of fights | expected from its levels | difference |", "|---|---|---|---|"]
    for rid in C.RUFFIAN_IDS:
        mine = [f for f in fights if f["rid"] == rid]
        won = sum(1 for f in mine if f["won"])
        exp = sum(by_level[f["level"]] for f in mine) / len(mine) if mine else 0.0
        diff = (won / len(mine) - exp) * 100 if mine else 0.0
        out.append(f"| {C.RUFFIANS[rid]['name']} | {rate(won, len(mine))} | {100 * exp:.0f}% | {diff:+.0f} |")
    out += ["", "| Town Map | games won (95 % interval) |", "|---|---|"]
    for side in ("standard", "rough", None):
        mine = [g for g in games if side is None or g["side"] == side]
        out.append(f"| {side or 'both'} | {rate(sum(1 for g in mine if g['won']), len(mine))} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--standard", type=int, default=100)
    ap.add_argument("--rough", type=int, default=100)
    ap.add_argument("--seed", type=int, default=70000)
    ap.add_argument("--out", default=None)
    ap.add_argument("--version", type=int, default=None, help="play under this older rules version")
    ap.add_argument("--read", nargs="*", default=[], help="JSON-lines files of earlier runs to report instead")
    ap.add_argument("--try-base", type=int, default=0, help="experiment: + this many HP per townsfolk to every Ruffian")
    ap.add_argument("--try-level", nargs="*", default=[], help="experiment: level=k, the level's HP per townsfolk")
    ap.add_argument("--try-hp", nargs="*", default=[], help="experiment: ruffian=delta to its 3-townsfolk HP")
    ap.add_argument("--try-dmg", nargs="*", default=[], help="experiment: level=k, the DMG the Ruffian's steps add")
    ap.add_argument("--try-rdmg", nargs="*", default=[], help="experiment: ruffian=k more DMG at every level")
    a = ap.parse_args(argv)
    for r in C.RUFFIANS.values():
        for n in ("2", "3", "4"):
            r["hp"][n] += a.try_base * int(n)
        for item in a.try_level:
            lv, k = item.split("=")
            for m in r["abilities"][lv].get("mods", []):
                if m.get("stat") == "hp":
                    m["amount"] = {"value": "townsfolk", "times": int(k)}
    rdmg = {item.split("=")[0]: int(item.split("=")[1]) for item in a.try_rdmg}
    for item in a.try_dmg:
        lv, k = item.split("=")
        for rid, r in C.RUFFIANS.items():
            n = int(k) + rdmg.get(rid, 0)
            if n:
                r["abilities"][lv].setdefault("mods", []).append({"mod": "dmg-dealt", "amount": n})
    for item in a.try_hp:
        rid, d = item.split("=")
        C.RUFFIANS[rid]["hp"]["3"] += int(d)
    games: list[dict] = []
    for path in a.read:
        with open(path) as fh:
            games += [json.loads(line) for line in fh if line.strip()]
    if not a.read:
        tasks = [(a.seed + i, "standard") for i in range(a.standard)] + \
                [(a.seed + 50000 + i, "rough") for i in range(a.rough)]
        out = open(a.out, "w") if a.out else None
        started = time.time()
        for k, (seed, side) in enumerate(tasks):
            g = play_game(seed, 3, "hard", {"town_map": side}, version=a.version)
            row = {"seed": seed, "side": side, "won": bool(g["won"]),
                   "fights": [{"rid": f["rid"], "level": f["level"], "won": bool(f["won"])} for f in g["fights"]]}
            games.append(row)
            if out:
                out.write(json.dumps(row) + "\n")
                out.flush()
            if (k + 1) % 50 == 0:
                print(f"{k + 1}/{len(tasks)} games, {time.time() - started:.0f} s", file=sys.stderr)
    print(summary(games))


if __name__ == "__main__":
    main()
