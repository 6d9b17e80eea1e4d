"""Deploying a posse in its area of the table: spread out, facing the middle.

A free gunfight, the posse editor and the campaign's acts all deploy this way (areas 0
and 1 face each other; a third and a fourth posse take areas 2 and 3, and a table may have
areas of its own for a game of three: `content.deploy_area`).
"""

from __future__ import annotations

import math
from typing import Optional

from tabletown.engine.rules import BadSetup

from . import content as C
from . import ground as G
from . import models as M
from .moving import facing_toward


def give_horse(st: M.State, m: M.Model) -> None:
    h = M.new_horse(st, m["side"], m["pos"], m["facing"])
    h["rider"] = m["id"]
    m["horse"] = h["id"]


def deploy(st: M.State, side: int, cards: list[str], mounted: bool = False,
           wounds: Optional[dict[str, dict[str, int]]] = None) -> None:
    """Put a posse's characters in its deployment area, spread out and facing the middle."""
    g = G.ground(st["table"])
    area = C.deploy_area(st["table"], st["seats"], st["v"], side)
    spots = deploy_spots(st, area, len(cards), C.HORSE_RADIUS if mounted else C.FOOT_RADIUS)
    centre = [g.width // 2, g.height // 2]
    for card_id, p in zip(cards, spots):
        face = facing_toward(p, centre)
        m = M.new_character(st, card_id, side, p, face, wounds=(wounds or {}).get(card_id))
        if mounted or (card_id in C.CHARACTERS.by_id and C.character(card_id)["mounted"]):
            give_horse(st, m)


def deploy_spots(st: M.State, area: list[int], count: int, r: int) -> list[list[int]]:
    g = G.ground(st["table"])
    x0, y0, x1, y1 = area
    taken = [b["pos"] for b in M.bodies(st)]
    cand = []
    step = 2 * r + 60
    nx = max(1, (x1 - x0) // step)
    ny = max(1, (y1 - y0) // step)
    for j in range(ny + 1):
        for i in range(nx + 1):
            p = (x0 + (x1 - x0) * i // nx, y0 + (y1 - y0) * j // ny)
            if G.on_table(g, p, r) and G.clear_of_walls(g, p, r):
                cand.append(p)
    # the middle of the area first, then outward, keeping bases apart
    mid = ((x0 + x1) / 2, (y0 + y1) / 2)
    cand.sort(key=lambda p: (math.dist(p, mid), p))
    out: list[list[int]] = []
    for p in cand:
        if all(G.dist2(p, q) >= (2 * r + 60) ** 2 for q in taken + out):
            out.append([p[0], p[1]])
            if len(out) == count:
                return out
    raise BadSetup("The posse does not fit in its area of the table.")
