"""Facts the interpreter reads once off the content: every step inside a list of steps,
the terrain that harms whoever enters it, the goals checked as a state."""

from __future__ import annotations

from typing import Any, Iterable

from .. import content as C


def walk_steps(steps: Any) -> Iterable[dict]:
    for st in steps or []:
        yield st
        for key in ("then", "else", "steps", "otherwise"):
            yield from walk_steps(st.get(key))
        for key in ("table", "options"):
            for part in st.get(key) or []:
                yield from walk_steps(part.get("steps"))


def harmful_terrain(tid: str) -> bool:
    """Terrain that deals DMG to whoever enters it (the Ruffian avoids paths through it)."""
    for trig in C.TERRAIN[tid].get("triggers") or []:
        if trig["on"] == "entered" and any(st["do"] == "dmg" for st in walk_steps(trig["steps"])):
            return True
    return False


HARMFUL = {tid: harmful_terrain(tid) for tid in C.TERRAIN}


_STATE_PART: dict[int, bool] = {}


def has_state_part(goal: Any) -> bool:
    """Does a goal (content, read once) have a part checked as a state rather than on an event?"""
    found = _STATE_PART.get(id(goal))
    if found is None:
        found = any("state" in g for g in (goal if isinstance(goal, list) else [goal]))
        _STATE_PART[id(goal)] = found
    return found

