"""What both Torches & Pitchforks bots read in a view and how they judge it: hands, scores
and the fight's sum as a seat sees them, the worth of cards and Townsfolk, who leads, and
the choices both bots make alike (a victim, a revival, a target)."""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.rules import Action, View

from . import content as C
from .content import CARDS
from .scoring import (
    enh_value,
    is_weapon,
    leader_of,
)

# --- what a view shows ------------------------------------------------------------------------------

def hand(view: View, seat: int) -> list[int]:
    return [c for c in view["hands"][seat] if c is not None]


def hand_count(view: View, seat: int) -> int:
    return len(view["hands"][seat])


def score(view: View, seat: int) -> int:
    return view["derived"]["scores"][seat]


def fight_sum(view: View) -> tuple[int, int]:
    """(the fighting Mob's Strength, the Monster's Power) as they stand."""
    cb = view["derived"]["combat"]
    return cb["strength"], cb["power"]


def choosing(view: View, seat: int) -> Optional[int]:
    c = view["choosing"][seat]
    return c if isinstance(c, int) else None


# --- shared judgement ---------------------------------------------------------------------------

def townsfolk_worth(cid: int) -> float:
    c = CARDS[cid]
    return 1.0 + c["bonus"] + 0.5 * c["vs_bonus"] + (0.8 if c["perk"] else 0.0)


def folk_worth(view: View, seat: int, idx: int) -> float:
    t = view["mobs"][seat][idx]
    worth = townsfolk_worth(t["c"])
    for e in t["enh"]:
        worth += 1.0 + enh_value(e, None, None) + (1.5 if CARDS[e]["kind"] == "leader" else 0.0)
    return worth


def card_value(view: View, seat: int, cid: int) -> float:
    """How much keeping `cid` in hand is worth to `seat`."""
    c = CARDS[cid]
    kind = c["kind"]
    mob = view["mobs"][seat]
    if kind == "townsfolk":
        return 4.0
    if kind == "leader":
        return 0.6 if leader_of(mob) is not None else 3.5 + c["bonus"]
    if kind == "weapon":
        free = any(not t["dead"] and sum(1 for e in t["enh"] if is_weapon(e)) < (2 if CARDS[t["c"]]["perk"] == "slots" else 1)
                   for t in mob)
        return (1.0 + c["bonus"]) * (1.0 if free else 0.5)
    if kind == "defense":
        return 1.0 if view["defense"][seat] is not None else 3.0
    eff = c["effect"]
    if eff == "cancel":
        return 6.0
    if eff == "escape":
        return 4.5
    if c["pow"] < 0:
        return 1.0 - c["pow"]
    if c["str"] > 0:
        return 1.0 + c["str"]
    if c["pow"] > 0 or c["str"] < 0:
        return 1.0 + abs(c["pow"]) + abs(c["str"])
    down = sum(1 for t in mob if t["dead"])
    table = {"guard": 3.0, "holy": 3.5, "downpour": 2.0, "no_guns": 1.5, "energize": 2.5, "inspire": 2.5,
             "walking_dead": 2.0, "revive": 1.5 + down, "knockout": 3.0, "spy": 1.5, "steal": 2.5, "draw": 2.5,
             "overpop": 1.0, "lathe": 2.0}
    return table.get(eff, 1.5)


def threat(view: View, seat: int) -> float:
    return score(view, seat) / view["target"]


def leader_rival(view: View, me: int) -> int:
    """The other seat most likely to win: highest score, then the strongest Mob, then the next to play."""
    n = view["n"]
    strength = view["derived"]["strength"]
    others = [p for p in range(n) if p != me]
    return max(others, key=lambda p: (score(view, p), strength[p], -((p - me) % n)))


def cheapest(view: View, seat: int, legal: list[Action], key: str = "card") -> Action:
    return min(legal, key=lambda a: (card_value(view, seat, a[key]), a[key]))


def kill_choice(view: View, seat: int, legal: list[Action]) -> Action:
    return min(legal, key=lambda a: (folk_worth(view, seat, a["tf"]), a["tf"]))


def revive_choice(view: View, seat: int, legal: list[Action]) -> Action:
    """The dead Townsfolk worth most comes back first."""
    mob = view["mobs"][seat]
    return max(legal, key=lambda a: (townsfolk_worth(mob[a["tf"]]["c"]), -a["tf"]))


def find_action(legal: list[Action], kind: str) -> Optional[Action]:
    for a in legal:
        if a["type"] == kind:
            return a
    return None


def cards_to_play(legal: list[Action]) -> list[int]:
    return [a["card"] for a in legal if a["type"] == "play"]


def best_weapon_target(view: View, seat: int, legal: list[Action]) -> Action:
    mob = view["mobs"][seat]

    def key(a: dict[str, Any]) -> tuple:
        t = mob[a["tf"]]
        perk = C.gift_of(t["c"], view["v"])
        # Lucky Lowry dies last (before rules version 3), so his gear is safest; otherwise the least-equipped.
        return (0 if perk == "last" else 1, len(t["enh"]), a["tf"])

    return min(legal, key=key)


def harm_target(view: View, seat: int, legal: list[Action]) -> Action:
    """For a harmful card: hit the leading rival (its best Townsfolk for a knock-out)."""
    rival = leader_rival(view, seat)
    cb = view["combat"]
    if cb is not None and cb["stage"] == "fight" and cb["seat"] != seat:
        rival = cb["seat"]

    def key(a: dict[str, Any]) -> tuple:
        p = a["seat"]
        worth = folk_worth(view, p, a["tf"]) if a.get("tf") is not None else hand_count(view, p)
        return (p == rival, p != seat, score(view, p), worth)

    return max(legal, key=key)


def target_choice(view: View, seat: int, legal: list[Action]) -> Action:
    cid = choosing(view, seat)
    if cid is None:
        return legal[0]
    c = CARDS[cid]
    if is_weapon(cid):
        return best_weapon_target(view, seat, legal)
    if c["kind"] == "leader":
        mob = view["mobs"][seat]
        return max(legal, key=lambda a: (C.gift_of(mob[a["tf"]]["c"], view["v"]) == "last", -len(mob[a["tf"]]["enh"]),
                                         -a["tf"]))
    if c["kind"] == "defense" or c["effect"] in ("revive", "draw"):
        mine = [a for a in legal if a.get("seat") == seat]
        return mine[0] if mine else legal[0]
    return harm_target(view, seat, legal)


def defense_plays(legal: list[Action]) -> list[Action]:
    return [a for a in legal if a["type"] == "play" and CARDS[a["card"]]["kind"] == "defense"]


def task_choice(view: View, seat: int, legal: list[Action]) -> Action:
    kinds = {a["type"] for a in legal}
    if "kill" in kinds:
        return kill_choice(view, seat, legal)
    if "remove" in kinds:
        return min(legal, key=lambda a: (folk_worth(view, seat, a["tf"]), a["tf"]))
    if "revive" in kinds:
        return revive_choice(view, seat, legal)
    return cheapest(view, seat, legal)
