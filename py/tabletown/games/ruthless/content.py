"""Ruthless content: weapons, the wound table, traits, terrain, character cards, tables,
scenarios, ready-made posses and the campaign, read from `data/*.json`.

Everything the rulebook prints is here with its numbers (the weapon table, the wound
table, the movement distances, the to-hit numbers); everything it only names (character
cards, tables, the stagecoach, the territory map) is Tabletown's own content, listed in
docs/content/ruthless.md.
"""

from __future__ import annotations

import json
import os
from typing import Any

from tabletown.engine.content import Effects, load_catalog

WEAPONS = load_catalog(__package__, "weapons")
WOUNDS = load_catalog(__package__, "wounds")
TRAITS = load_catalog(__package__, "traits")
TERRAIN = load_catalog(__package__, "terrain")
CHARACTERS = load_catalog(__package__, "characters")
TABLES = load_catalog(__package__, "tables")
SCENARIOS = load_catalog(__package__, "scenarios")
POSSES = load_catalog(__package__, "posses")
MAP = load_catalog(__package__, "map")
SHOP = load_catalog(__package__, "shop")

CATALOGS = {
    "weapons": WEAPONS, "wounds": WOUNDS, "traits": TRAITS, "terrain": TERRAIN,
    "characters": CHARACTERS, "tables": TABLES, "scenarios": SCENARIOS, "posses": POSSES,
    "map": MAP, "shop": SHOP,
}


def _read(name: str) -> dict[str, Any]:
    with open(os.path.join(os.path.dirname(__file__), "data", name + ".json"), encoding="utf-8") as f:
        return json.load(f)


CAMPAIGN = _read("campaign")

# Traits and campaign purchases that are not plain numbers name a handler here; the
# handlers are registered where the rules they change live (combat.py, actions.py, campaign.py).
EFFECTS = Effects("ruthless")

# --- numbers the rulebook prints ------------------------------------------------------------
SHORT_NEED = 6          # SHORT RANGE 6+
LONG_NEED = 8           # LONG RANGE 8+
AIM_BONUS = 1           # +1 aiming
LILY_FIRER = -1         # -1 Lily Livered firer
COVER_MOD = {"soft": -1, "hard": -2}
MOUNTED_FIRER = -2      # -2 firing mounted
FOOT_OPEN, FOOT_ROUGH = 600, 300        # On FOOT 6" or 3" (open vs rough)
HORSE_OPEN, HORSE_ROUGH = 1200, 800     # On HORSE 12" or 8"
SNAP_MOVE = 300         # Snap Shot: move 3" toward cover
PUSH_BACK = 200         # Fisticuffs: the loser is pushed back 2"
BRAWL_WOUNDS = 2        # ... and takes two rolls on the wound table
RELOAD = 3              # Reload restores three shots
HORSE_HITS = 3          # horses die after three hits
HAND = 5                # hands are dealt and refilled to five
ACTIONS = 2             # two actions per character, three for one with a 7
FANFIRE_MAX = 6         # Fanfire: up to 6 rounds in one action at short range
HORSE_OR_RIDER = 5      # second d10 for a mounted target: 1-5 horse, 6-10 rider
CITIZEN_ON = 4          # a citizen joins the firer's posse on 1-4

# --- Tabletown's own measurements ------------------------------------------------------------
FOOT_RADIUS = 50        # a 1" round base
HORSE_RADIUS = 75       # a horse (with or without rider) on a 1.5" base
COVER_REACH = 200       # a piece gives cover when the line of fire crosses it within 2" of the target
HUG = 25                # a base this close to a piece is "in cover" behind it
CONTACT = 25            # bases this close are in contact
TOUGHNESS_RANGE = (3, 8)  # the posse editor's Toughness choices (the rulebook: 1, 2, 9, 10 reserved)
POSSE_SIZE = (2, 6)     # characters in a posse built in the editor
HOLLER_RANGE = 1200     # Loud Mouth: enemies within 12" who can see him test
TRAITS_PER_CHARACTER = (1, 2)
WEAPONS_PER_CHARACTER = (1, 2)


def wound_row(roll: int) -> dict[str, Any]:
    """The wound table row for a d10 result (1-10)."""
    for row in WOUNDS.rows:
        if row["low"] <= roll <= row["high"]:
            return row
    raise ValueError(roll)


def character(card_id: str) -> dict[str, Any]:
    return CHARACTERS.by_id[card_id]


def _before(row: dict[str, Any], version: int) -> Any:
    """What a row's `before` ({version: old value}) gives a game of rules `version` begun before
    one of those versions (the earliest that applies), or None when today's row holds."""
    for since, old in sorted(row.get("before", {}).items(), key=lambda kv: int(kv[0])):
        if version < int(since):
            return old
    return None


def as_of(entry: dict[str, Any], version: int) -> dict[str, Any]:
    """A scenario's entry (a model's starting place) in a game of rules `version`: its `before`
    gives the fields of games begun under earlier versions (before that version)."""
    old = _before(entry, version)
    return entry if old is None else {**entry, **old}


def posse_members(posse_id: str, version: int) -> list[str]:
    """A ready-made posse's members in a game of rules `version` (a row's `before` keeps the
    members of games begun under earlier versions)."""
    row = POSSES.by_id[posse_id]
    old = _before(row, version)
    return list(row["members"] if old is None else old)


def deploy_area(table_id: str, seats: int, version: int, side: int) -> list[int]:
    """Where posse `side` deploys on a table in a game of `seats` posses and rules `version`: the
    table's `zones` by number, unless it has areas of its own for that many posses (`zones3`);
    the table's `before` keeps the areas of games begun under earlier versions."""
    row = as_of(TABLES.by_id[table_id], version)
    return list((row.get(f"zones{seats}") or row["zones"])[side])


def custom_traits() -> list[str]:
    return [row["id"] for row in TRAITS.rows]


def node(node_id: str) -> dict[str, Any]:
    return MAP.by_id[node_id]


NAMES = load_catalog(__package__, "names")
CATALOGS["names"] = NAMES
# A name typed in the posse editor is kept as the player typed it; views and events name it
# with this mark before it, so it is never mistaken for a card or a name id ("n5").
TYPED_NAME = "typed:"


def name_ref(card_name: Any) -> str:
    """How views and events name the character of an editor card: a name id of the editor's
    list (its `name` is an index into NAMES) or a typed name (its `name` is the text)."""
    if isinstance(card_name, str):
        return TYPED_NAME + card_name
    return NAMES.rows[card_name]["id"]
BLANK_BOXES = {"leg": 3, "arm": 3, "chest": 2, "severe": 2}
