"""Mission Mode: the ten missions, the check after a game, and the progress kept per
player name from game to game (a player who fails stays on the mission)."""

from __future__ import annotations

from typing import Any, Optional

from .content import ICONS, MISSIONS, PLANS, is_gold_building

LAST_MISSION = len(MISSIONS)


def mission_info(n: int) -> Optional[dict[str, Any]]:
    return MISSIONS[n - 1] if 1 <= n <= LAST_MISSION else None


def extra_requirement(n: int, player: dict[str, Any], horse_icon: Optional[str], parts: dict[str, int]) -> bool:
    """The mission's additional requirement (the score is checked separately)."""
    built = [PLANS[b["plan"]] for b in player["built"]]
    levels = [p["level"] for p in built]
    shapes: dict[str, int] = {}
    for p in built:
        shapes[p["shape"]] = shapes.get(p["shape"], 0) + 1
    if n == 1:
        return sum(1 for p in built if p["style"] == horse_icon) >= 4
    if n == 2:
        return all(levels.count(lv) >= 2 for lv in (1, 2, 3))
    if n == 3:
        return levels.count(2) >= 4
    if n == 4:
        return sum(1 for p in built if is_gold_building(p)) >= 3
    if n == 5:
        return parts["street"] >= 13
    if n == 6:
        return parts["gold"] >= 12
    if n == 7:
        return levels.count(1) <= 1
    if n == 8:
        return all(any(p["style"] == icon for p in built) for icon in ICONS)
    if n == 9:
        return any(c >= 3 for c in shapes.values())
    if n == 10:
        return bool(built) and all(c == 1 for c in shapes.values())
    return False


def mission_result(n: int, player: dict[str, Any], horse_icon: Optional[str], parts: dict[str, int],
                   outlaw_total: Optional[int]) -> dict[str, Any]:
    """Did the player clear mission n? outlaw_total is given only in Hard Mode."""
    info = mission_info(n)
    assert info is not None
    score_ok = parts["total"] >= info["score"]
    extra_ok = extra_requirement(n, player, horse_icon, parts)
    outlaw_ok = outlaw_total is None or parts["total"] > outlaw_total
    return {"mission": n, "score_ok": score_ok, "extra_ok": extra_ok, "outlaw_ok": outlaw_ok,
            "success": score_ok and extra_ok and outlaw_ok, "need": info["score"], "text": info["text"],
            "hard": outlaw_total is not None}


def current_mission(progress: dict[str, Any], name: str) -> int:
    entry = progress.get(name)
    n = entry.get("mission", 1) if isinstance(entry, dict) else 1
    if not isinstance(n, int) or isinstance(n, bool):
        n = 1
    return max(1, min(LAST_MISSION, n))


def update_progress(progress: dict[str, Any], names: list[str], results: list[Optional[dict[str, Any]]]) -> dict[str, Any]:
    """A new progress dict after a game: success moves a player on, failure keeps them."""
    out = {k: (dict(v) if isinstance(v, dict) else v) for k, v in progress.items()}
    for name, res in zip(names, results):
        if res is None:
            continue
        entry = out.get(name)
        entry = dict(entry) if isinstance(entry, dict) else {}
        n = res["mission"]
        cleared = list(entry.get("cleared", [])) if isinstance(entry.get("cleared"), list) else []
        entry["played"] = int(entry.get("played", 0) or 0) + 1
        if res["success"]:
            if n not in cleared:
                cleared.append(n)
            entry["mission"] = n + 1 if n < LAST_MISSION else LAST_MISSION
            if n == LAST_MISSION:
                entry["complete"] = True
        else:
            entry["mission"] = n
        entry["cleared"] = sorted(cleared)
        out[name] = entry
    return out


def options_from_progress(progress: dict[str, Any], names: list[str], options: dict[str, Any]) -> dict[str, Any]:
    """Replace mission "next" by each player's current mission."""
    opts = dict(options)
    if str(opts.get("mission")) != "next":
        return opts
    missions = [current_mission(progress, name) for name in names] or [1]
    opts["mission"] = missions[0]
    for i in range(1, 4):
        key = f"mission_seat{i + 1}"
        if i < len(missions):
            opts[key] = missions[i]
        else:
            opts.pop(key, None)
    return opts
