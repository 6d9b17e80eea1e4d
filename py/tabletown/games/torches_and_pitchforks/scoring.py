"""Torches & Pitchforks sums: Strength, Power, kills, the cost of Fleeing, and the score.

Pure functions of a state or a view (both hold the same public parts: the Mobs, the combat
and the score piles), so the rules, the view's derived figures and the bots share them.

- A Mob's Strength is its living Townsfolk (+1 each, more for some) plus the bonuses of their
  Enhancements, plus Action cards played in the fight. It must exceed the Monster's Power;
  a tie goes to the Monster.
- A player's score is the printed Power of the Monsters in their score pile.
"""

from __future__ import annotations

from typing import Any, Optional

from . import content as C
from .content import CARDS

HAND_SIZE = 5
MIN_MOB = 6

Mob = list[dict[str, Any]]


def living(mob: Mob) -> list[int]:
    """Indexes of the living Townsfolk of a Mob."""
    return [i for i, t in enumerate(mob) if not t["dead"]]


def dead(mob: Mob) -> list[int]:
    return [i for i, t in enumerate(mob) if t["dead"]]


def is_weapon(cid: int) -> bool:
    """A Weapon card, or a Rudimentary Lathe turned into one."""
    c = CARDS[cid]
    return c["kind"] == "weapon" or c["effect"] == "lathe"


def count_perk(mob: Mob, perk: str, version: int) -> int:
    """Living Townsfolk (and the Leaders they carry) with `perk`, in a game of rules `version`."""
    n = 0
    for t in mob:
        if t["dead"]:
            continue
        n += C.gift_of(t["c"], version) == perk
        n += sum(1 for e in t["enh"] if C.gift_of(e, version) == perk)
    return n


def has_perk(mob: Mob, perk: str, version: int) -> bool:
    return count_perk(mob, perk, version) > 0


def leader_of(mob: Mob) -> Optional[int]:
    """The Leader card in the Mob, if any (a Mob holds one at most)."""
    for t in mob:
        for e in t["enh"]:
            if CARDS[e]["kind"] == "leader":
                return e
    return None


def weapon_slots(t: dict[str, Any]) -> int:
    return 2 if CARDS[t["c"]]["perk"] == "slots" else 1


def free_slot(t: dict[str, Any]) -> bool:
    """A living Townsfolk that may take up one more Weapon."""
    return not t["dead"] and sum(1 for e in t["enh"] if is_weapon(e)) < weapon_slots(t)


def hand_limit(state: dict[str, Any], seat: int) -> int:
    """Cards a seat may keep: 6 with a living Adam, else 5."""
    mob, v = state["mobs"][seat], state["v"]
    return HAND_SIZE + (1 if has_perk(mob, "hand", v) or has_perk(mob, "stock", v) else 0)


def refill_to(state: dict[str, Any], seat: int) -> int:
    """Cards a seat's hand is refilled to as its turn starts: 5 (6 with Adam before rules version 3)."""
    return HAND_SIZE + (1 if has_perk(state["mobs"][seat], "hand", state["v"]) else 0)


def _versus(card: dict[str, Any], monster: Optional[dict[str, Any]]) -> bool:
    return monster is not None and bool(card["vs"]) and (monster["type"] in card["vs"] or monster["name"] in card["vs"])


def enh_value(cid: int, monster: Optional[dict[str, Any]], combat: Optional[dict[str, Any]]) -> int:
    """Strength an attached card gives against `monster` in `combat` (None: its printed value)."""
    c = CARDS[cid]
    flags = combat["flags"] if combat else []
    special = monster["specials"] if monster else []
    if is_weapon(cid):
        if "no_weapons" in special:
            return 0
        if c["gun"] and "no_guns" in flags:
            return 0
        if c["torch"] and ("no_torches" in flags or "no_torches" in special):
            return 0
        value = c["bonus"] + (c["vs_bonus"] if _versus(c, monster) else 0)
        if c["torch"] and "torch_bonus" in special:
            value += 1
        return value
    # Only Weapons and Leaders are ever attached: this one is a Leader.
    if "no_leaders" in special:
        return 0
    value = c["bonus"] + (c["vs_bonus"] if _versus(c, monster) else 0)
    if c["perk"] == "hunt" and combat is not None and combat.get("hunt"):
        value += 2
    return value


def folk_value(cid: int, monster: Optional[dict[str, Any]]) -> int:
    """Strength of one living Townsfolk on its own (1, more for specialists)."""
    c = CARDS[cid]
    return 1 + c["bonus"] + (c["vs_bonus"] if _versus(c, monster) else 0)


def folk_strength(t: dict[str, Any], combat: Optional[dict[str, Any]] = None) -> int:
    """A living Townsfolk with its Enhancements (against the Monster of `combat` if given)."""
    if t["dead"]:
        return 0
    monster = CARDS[combat["m"]] if combat else None
    return folk_value(t["c"], monster) + sum(enh_value(e, monster, combat) for e in t["enh"])


def mob_strength(state: dict[str, Any], seat: int, combat: Optional[dict[str, Any]] = None) -> int:
    """The Strength of `seat`'s Mob: living Townsfolk plus bonuses (in `combat` if given)."""
    total = sum(folk_strength(t, combat) for t in state["mobs"][seat])
    if combat is not None:
        total += combat["str"]
    return total


def monster_power(combat: dict[str, Any]) -> int:
    return CARDS[combat["m"]]["power"] + combat["pow"]


def combat_wins(state: dict[str, Any]) -> bool:
    """Does the fighting Mob win the combat as it stands? (Power must be exceeded.)"""
    c = state["combat"]
    return bool(c.get("melt")) or mob_strength(state, c["seat"], c) > monster_power(c)


def kill_count(state: dict[str, Any], combat: dict[str, Any]) -> int:
    """Townsfolk the Monster kills if it wins."""
    if "guard" in combat["flags"]:
        return 0
    mob, v = state["mobs"][combat["seat"]], state["v"]
    k = CARDS[combat["m"]]["kill"] + combat["kill"]
    if k > 1 and has_perk(mob, "lucky", v):
        k -= 1  # Lucky Lowry saves one, but never the whole count
    k -= count_perk(mob, "kill_less", v)
    return max(0, k)


def flee_cost(state: dict[str, Any], seat: int, monster: int, roll: int) -> int:
    """Cards to discard to Flee after rolling `roll` (the Killer Clown asks one more)."""
    mob = state["mobs"][seat]
    cost = roll + (1 if C.has_special(monster, "flee_cost") else 0)
    cost -= count_perk(mob, "flee", state["v"])
    cost -= 2 * count_perk(mob, "hunt", state["v"])
    return max(0, cost)


def can_flee(combat: dict[str, Any]) -> bool:
    """Only a Monster flipped in the Attack! may be Fled (not a Hunted or Risen one, not Jack)."""
    return not combat["hunt"] and not combat.get("risen") and not C.has_special(combat["m"], "no_flee")


def score_of(state: dict[str, Any], seat: int) -> int:
    """The printed Power of the Monsters in the score pile (bonuses in combat do not count)."""
    return sum(CARDS[m]["power"] for m in state["scores"][seat])


def standing(state: dict[str, Any], seat: int) -> tuple[int, int]:
    """The final ranking: score, then more Monsters slain. (The winner is always alone on top:
    the game ends the moment one score reaches the target.)"""
    return (score_of(state, seat), len(state["scores"][seat]))
