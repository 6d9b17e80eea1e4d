"""Checks across the catalogue files: every reference names a row that exists, and every
Ruffian's landscape fits on the board and leaves it room to move.
"""

from __future__ import annotations

from collections import Counter

from ..shapes import placement_cells, terrain_pieces
from ..vocabulary import ENDING_RESULTS, FAMILIES
from .base import Ctx, _is_int
from .counts import GEAR_PER_RUFFIAN, UNLOCKS_PER_RUFFIAN


def _ids_by_kind(rows: dict[str, list[dict]]) -> dict[str, set[str]]:
    gear = {r["id"] for f in FAMILIES if f.startswith("gear_") for r in rows[f] if isinstance(r.get("id"), str)}
    ids = {
        "gear": gear,
        "terrain": {r.get("id") for r in rows["terrain"]},
        "townsfolk": {r.get("id") for r in rows["townsfolk"]},
        "ruffian": {r.get("id") for r in rows["ruffians"]},
    }
    ids["any"] = {r.get("id") for f in FAMILIES for r in rows[f] if isinstance(r.get("id"), str)}
    return ids


def _cross_check(rows: dict[str, list[dict]], ctxs: list[Ctx]) -> list[str]:
    out: list[str] = []
    # ids unique across every catalogue
    seen: dict[str, str] = {}
    for family in FAMILIES:
        for r in rows[family]:
            rid = r.get("id")
            if not isinstance(rid, str):
                continue
            if rid in seen:
                out.append(f"id {rid!r} is used twice ({seen[rid]} and {family}); ids are unique across catalogues")
            else:
                seen[rid] = family
    # references
    ids = _ids_by_kind(rows)
    for ctx in ctxs:
        for kind, value, path in ctx.refs:
            if value not in ids[kind]:
                word = "id" if kind == "any" else f"{kind} id"
                out.append(f"{ctx.where}: {path}: no {word} {value!r}")
    # effects: one meaning per handler name
    meanings: dict[str, tuple[str, str]] = {}
    for ctx in ctxs:
        for name, text, path in ctx.effects:
            if name in meanings and meanings[name][0] != text:
                out.append(f"{ctx.where}: {path}: effect {name!r} is described differently at {meanings[name][1]}; "
                           "one handler, one text (pass differences in 'args')")
            meanings.setdefault(name, (text, f"{ctx.where}: {path}"))
    # per-Ruffian and per-townsfolk structure
    ruffians = [r.get("id") for r in rows["ruffians"]]
    gear_by_id = {r.get("id"): r for f in FAMILIES if f.startswith("gear_") for r in rows[f]}
    for rid in ruffians:
        mine = [g for g in rows["gear_ruffian"] if g.get("ruffian") == rid]
        if len(mine) != GEAR_PER_RUFFIAN or sum(1 for g in mine if g.get("star")) != 1:
            out.append(f"Ruffian {rid!r}: needs {GEAR_PER_RUFFIAN} Ruffian gear with exactly one star; "
                       f"has {len(mine)} with {sum(1 for g in mine if g.get('star'))}")
        unlocks = [g for g in rows["gear_unlockable"] if g.get("unlocked_by") == rid]
        if len(unlocks) != UNLOCKS_PER_RUFFIAN:
            out.append(f"Ruffian {rid!r}: its special objective unlocks {UNLOCKS_PER_RUFFIAN} gear; has {len(unlocks)}")
        elif len({g.get("townsfolk") for g in unlocks}) != 1:
            out.append(f"Ruffian {rid!r}: both unlocks are one townsfolk's alternative starting gear, or both Peddler")
        results = sorted(e.get("result") for e in rows["endings"] if e.get("ruffian") == rid)
        if results != sorted(ENDING_RESULTS):
            out.append(f"Ruffian {rid!r}: needs one win, one loss and one special ending; has {results}")
    for t in rows["townsfolk"]:
        tid = t.get("id")
        if not any(g.get("townsfolk") == tid for g in rows["gear_starting"]):
            out.append(f"townsfolk {tid!r}: has no starting gear")
        alt = [g for g in rows["gear_unlockable"] if g.get("townsfolk") == tid]
        if len(alt) != 2:
            out.append(f"townsfolk {tid!r}: has {len(alt)} alternative starting gear; the tracker gives each two")
    numbers = Counter(e.get("number") for e in rows["endings"])
    for n, k in numbers.items():
        if k > 1:
            out.append(f"ending number {n} is used {k} times")
    # sheriff gear: one unique piece per Final Fight
    sheriff_ids = []
    for r in rows["ruffians"]:
        ff = r.get("final_fight") if isinstance(r.get("final_fight"), dict) else {}
        gid = ff.get("sheriff_gear")
        g = gear_by_id.get(gid)
        if g is not None and (g.get("kind") != "unique" or g.get("source") != "sheriff"):
            out.append(f"Ruffian {r.get('id')!r}: the sheriff's gear {gid!r} must be Unique gear with source 'sheriff'")
        sheriff_ids.append(gid)
    for gid, k in Counter(sheriff_ids).items():
        if k > 1 and gid is not None:
            out.append(f"the sheriff's gear {gid!r} is named by {k} Final Fights; each has its own")
    for g in rows["gear_unique"]:
        if g.get("source") == "sheriff" and g.get("id") not in sheriff_ids:
            out.append(f"Unique gear {g.get('id')!r} has source 'sheriff' but no Final Fight names it")
    return out


def _check_landscapes(rows: dict[str, list[dict]]) -> list[str]:
    out: list[str] = []
    board = next((r for r in rows["charts"] if r.get("id") == "board"), None)
    if board is None or not _is_int(board.get("cols")) or not _is_int(board.get("rows")):
        return ["charts.json: needs the 'board' row (cols, rows) to check landscapes"] if rows["ruffians"] else []
    cols, nrows = board["cols"], board["rows"]
    terrain = {t.get("id"): t for t in rows["terrain"]}

    def on_board(c: int, r: int) -> bool:
        return 0 <= c < cols and 0 <= r < nrows

    for ruff in rows["ruffians"]:
        land = ruff.get("landscape")
        name = ruff.get("id")
        if not isinstance(land, dict) or not isinstance(land.get("terrain"), list):
            continue
        where = f"Ruffian {name!r} landscape"
        covered: dict[tuple[int, int], str] = {}
        obstacles: set[tuple[int, int]] = set()
        doors: list[tuple[tuple[int, int], str]] = []
        ff_numbers: list[int] = []
        for i, pl in enumerate(land["terrain"]):
            t = terrain.get(pl.get("terrain")) if isinstance(pl, dict) else None
            if t is None or not isinstance(pl.get("at"), list) or len(pl["at"]) != 2:
                continue
            if pl.get("piece", "main") not in terrain_pieces(t):
                out.append(f"{where}: terrain[{i}] names piece {pl.get('piece')!r} that {t['id']!r} does not have")
                continue
            if isinstance(t.get("pieces"), dict) and "piece" not in pl:
                out.append(f"{where}: terrain[{i}]: {t['id']!r} has several pieces; say which ('piece')")
                continue
            try:
                cells, door = placement_cells(t, pl)
            except (TypeError, ValueError, KeyError):
                continue
            label = f"{t['id']} at {pl['at']}"
            for c in cells:
                if not on_board(*c):
                    out.append(f"{where}: {label} leaves the board at {list(c)}")
                elif c in covered:
                    out.append(f"{where}: {label} overlaps {covered[c]} at {list(c)}")
                else:
                    covered[c] = label
                if t.get("type") == "obstacle":
                    obstacles.add(c)
            if door is not None:
                doors.append((door, label))
            if _is_int(pl.get("ff")):
                ff_numbers.append(pl["ff"])
        for door, label in doors:
            if not on_board(*door):
                out.append(f"{where}: the door of {label} is off the board at {list(door)}")
            elif door in obstacles:
                out.append(f"{where}: the door of {label} is blocked by an obstacle")
        wanted = sorted(set(ff_numbers))
        if wanted and wanted != list(range(1, len(wanted) + 1)):
            out.append(f"{where}: FF pieces are numbered FF1, FF2, … without gaps; found {wanted}")
        ff = ruff.get("final_fight") if isinstance(ruff.get("final_fight"), dict) else {}
        table = ff.get("ff_pieces") if isinstance(ff.get("ff_pieces"), dict) else {}
        for n, k in table.items():
            if _is_int(k) and k > len(wanted):
                out.append(f"{where}: with {n} townsfolk the Final Fight places FF1–FF{k}, but only "
                           f"{len(wanted)} are on the landscape")
        if wanted and not any(_is_int(k) and k >= max(wanted) for k in table.values()):
            out.append(f"{where}: FF{max(wanted)} is never placed (ff_pieces)")
        r = land.get("r")
        if not (isinstance(r, list) and len(r) == 2 and all(_is_int(x) for x in r)):
            continue
        footprint = [(r[0] + dc, r[1] + dr) for dc in (0, 1) for dr in (0, 1)]
        for c in footprint:
            if not on_board(*c):
                out.append(f"{where}: the Ruffian's R position leaves the board at {list(c)}")
            elif c in covered:
                out.append(f"{where}: the Ruffian's R position is on {covered[c]}")
        ts = [tuple(t) for t in land.get("t", []) if isinstance(t, list) and len(t) == 2]
        if len(set(ts)) != len(ts):
            out.append(f"{where}: a T position is listed twice")
        for t in ts:
            if not on_board(*t):
                out.append(f"{where}: T position {list(t)} is off the board")
            elif t in covered:
                out.append(f"{where}: T position {list(t)} is on {covered[t]} (T squares are empty squares)")
            elif t in footprint:
                out.append(f"{where}: T position {list(t)} is under the Ruffian")
        reach = _ruffian_reach(tuple(r), obstacles, cols, nrows)
        for t in ts:
            if on_board(*t) and not any(_adjacent_to_footprint(t, p) for p in reach):
                out.append(f"{where}: the Ruffian cannot reach T position {list(t)}")
    return out


def _adjacent_to_footprint(cell: tuple[int, int], pos: tuple[int, int]) -> bool:
    c, r = cell
    return any(abs(c - (pos[0] + dc)) + abs(r - (pos[1] + dr)) == 1 for dc in (0, 1) for dr in (0, 1)) and not (
        pos[0] <= c <= pos[0] + 1 and pos[1] <= r <= pos[1] + 1)


def _ruffian_reach(start: tuple[int, int], obstacles: set, cols: int, nrows: int) -> set[tuple[int, int]]:
    """Every top-left position the 2×2 Ruffian can move to from `start` around obstacles."""
    def free(p: tuple[int, int]) -> bool:
        return 0 <= p[0] <= cols - 2 and 0 <= p[1] <= nrows - 2 and not any(
            (p[0] + dc, p[1] + dr) in obstacles for dc in (0, 1) for dr in (0, 1))

    seen = {start}
    todo = [start]
    while todo:
        c, r = todo.pop()
        for n in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
            if n not in seen and free(n):
                seen.add(n)
                todo.append(n)
    return seen
