"""The words of the Townsfolk Tussle content language, and the shape of its catalogue files.

Every catalogue in `data/` is a JSON file `{"defaults": {...}, "rows": [...]}`: each row is
`{**FIELD_DEFAULTS, **file defaults, **row}` (`rows_of`). The language (every field, every
allowed value, what each step does) is described in docs/content/townsfolk-tussle.md; the words
are listed here once, for the content checker (checks/) and the tests: a test checks that the
guide names every word, another that the interpreter (lang/) has a handler for every one.
"""

from __future__ import annotations

import re
from typing import Any, Optional

# Catalogue families: a file `data/<family>.json`, or `data/<family>_<part>.json` where a
# family may be split so several people can write it at once. Action cards are one file
# per Ruffian: `data/action_cards_<ruffian-id>.json`.

FAMILIES = (
    "townsfolk", "ruffians", "endings", "terrain", "charts",
    "gear_starting", "gear_peddler", "gear_ruffian", "gear_unique", "gear_unlockable",
    "feats", "events", "action_cards",
)
SPLITTABLE = ("gear_peddler", "feats", "events")

# The kind of gear each gear family holds.
GEAR_KIND_OF_FAMILY = {
    "gear_starting": "starting", "gear_peddler": "peddler", "gear_ruffian": "ruffian",
    "gear_unique": "unique", "gear_unlockable": "unlockable",
}

# ------------------------------------------------------------------------------------
# Vocabularies (the guide explains each word)

LEVELS = ("chump", "scrapper", "brute", "outlaw", "final-fight")
TEAM_SIZES = ("2", "3", "4")
STATS = ("hp", "mvmt", "mox", "acc")
TEMP_STATS = ("max-hp", "mvmt", "mox", "acc")
SLOTS = ("hand", "left-hand", "right-hand", "head", "chest", "leg", "accessory", "special")
HAND_SLOTS = ("hand", "left-hand", "right-hand")
SLOT_CHOICES = ("head", "chest", "leg", "accessory", "left-hand", "right-hand", "hand", "hands", "any", "all", "best")
GEAR_KINDS = ("starting", "peddler", "ruffian", "unique", "unlockable")
UNIQUE_SOURCES = ("sheriff", "event", "feat")
STYLES = ("melee", "ranged")
WEAPON_TYPES = (
    "axe", "banner", "book", "bow", "cane", "claw", "club", "dagger", "darts", "fish", "fist", "gun",
    "hammer", "hook", "instrument", "knife", "mace", "pick", "pitchfork", "rod", "rope", "scythe",
    "shears", "shield", "shovel", "sling", "spear", "staff", "sword", "thrown", "tool", "torch",
    "umbrella", "utensil", "wand", "whip", "other",
)
DURATIONS = (
    "turn", "next-turn-start", "next-turn-end", "user-next-turn-start", "ruffian-turn-end",
    "moved", "attack", "phase", "fight", "game",
)
USES = ("turn", "phase", "fight", "game", "unlimited")
WHEN = ("fight", "town", "any")
EVENTS = (
    "fight-start", "fight-end", "town-start", "town-end", "turn-start", "turn-end", "card", "targeted",
    "reached", "damaged", "attack", "knocked-out", "moved", "entered", "pushed", "placed", "bumped",
    "interacted", "healed", "breaking-point", "equipped", "unequipped", "discarded", "bought", "sold",
    "feat", "weakness", "defeated", "coins", "rolled",
)
SUBJECTLESS_EVENTS = ("fight-start", "fight-end", "town-start", "town-end")
SUBJECTS = ("self", "any", "townsfolk", "others", "ruffian", "sheriff", "holder", "target")
SELECTORS = ("self", "target", "ruffian", "sheriff", "team", "others", "event", "by", "chosen", "collided", "holder")
PICKS = ("closest", "farthest", "weakest", "healthiest", "most", "least", "all", "random", "terrain", "sheriff", "none")
SINGLE_PICKS = ("closest", "farthest", "weakest", "healthiest", "most", "least", "random", "sheriff")
PICK_STATS = ("hp", "max-hp", "mvmt", "mox", "acc", "coins", "equipped", "stashed", "feats", "feat-points")
QUANTITIES = (
    "hp", "max-hp", "mvmt", "mox", "acc", "coins", "equipped", "stashed", "feats", "feat-points",
    "distance", "amount", "roll", "townsfolk", "knocked-out",
)
TALLIES = (
    "dmg-taken", "dmg-dealt", "attacks", "hits", "misses", "crits", "whiffs", "squares-moved",
    "interactions", "healed", "knocked-out", "targeted", "pushed", "gear-changes", "coins-paid",
    "cards", "breaking-points",
)
SCOPES = ("turn", "fight", "game")
CMP_KEYS = ("at-least", "at-most", "exactly")
CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right", "nearest", "farthest")
ROLL_BONUSES = ("hp", "max-hp", "mvmt", "mox", "acc")
AFTER_WHEN = ("damaged", "reached", "inside", "partly-inside", "always", "not-damaged")
TERRAIN_TYPES = ("feature", "obstacle")
INTERACT_AT = ("adjacent", "inside", "door")
RESULTS = ("hit", "miss", "crit", "whiff")
EVENT_SOURCES = ("ruffian", "townsfolk", "attack", "terrain")
CAUSES = ("collision", "push")
DMG_FROM = ("any", "ruffian", "ruffian-ranged", "attacks", "melee-attacks", "ranged-attacks", "terrain")
IMMUNE_TO = ("lower", "push", "place", "unequip", "discard", "steal", "coins")
ENDING_RESULTS = ("win", "loss", "special")
PRONOUNS = ("he", "she", "they")
ROTATIONS = (0, 90, 180, 270)

MODS: dict[str, tuple[str, ...]] = {  # kind -> its own fields (every mod may also have "who" and "if")
    "stat": ("stat", "amount"),
    "range": ("weapons", "amount"),
    "dmg": ("weapons", "amount"),
    "to-hit": ("weapons", "amount"),
    "weapon-mox": ("weapons", "amount"),
    "attacks": ("weapons", "amount"),
    "dmg-taken": ("amount", "from", "min"),
    "dmg-dealt": ("amount", "min"),
    "crit-on": ("at-least",),
    "move-cost": ("terrain", "cost"),
    "untargetable": (),
    "unattackable": ("weapons",),
    "invulnerable": (),
    "min-hp": ("amount",),
    "retarget": ("to",),
    "price": ("amount", "gear"),
    "sell": ("amount", "gear"),
    "event-roll": ("amount",),
    "interact-mox": ("amount",),
    "gear-change-mox": ("amount",),
    "immune": ("to",),
    "feats-hand": ("amount",),
}

# Every step: its fields (name -> required?).
STEPS: dict[str, dict[str, bool]] = {
    "move": {"to": True, "squares": False, "dmg": False},
    "move-into": {"to": True, "squares": False},
    "forward": {"face": False, "squares": False, "dmg": False},
    "retreat": {"from": True, "squares": False},
    "face": {"to": True},
    "place": {"who": True, "at": True},
    "swap": {"who": True, "with": True},
    "dmg": {"who": True, "amount": True, "range": False},
    "bonus-dmg": {"amount": True},
    "attack": {"with": True, "free": False, "acc": False, "dmg": False},
    "heal": {"who": True, "amount": True},
    "lower": {"who": True, "stat": True, "amount": True, "until": True},
    "raise": {"who": True, "stat": True, "amount": True, "until": True},
    "restore": {"who": True, "stat": True},
    "boost": {"who": True, "mods": True, "until": True},
    "push": {"who": True, "squares": True, "from": False, "dmg": False},
    "pull": {"who": True, "squares": True},
    "dash": {"who": True, "squares": True},
    "unequip": {"who": True, "slot": True},
    "discard": {"who": True, "gear": True},
    "steal": {"who": True, "slot": True},
    "recover": {"who": True},
    "gain-gear": {"who": True, "gear": True, "equip": False},
    "search-peddler": {"who": True, "for": True, "price": False, "count": False},
    "take-from-shop": {"who": True, "for": False, "price": False},
    "exchange": {"who": True, "with": True, "count": False},
    "coins": {"who": True, "amount": True},
    "counter": {"on": True, "name": True, "amount": True},
    "keep": {"with": True, "while": False, "trigger": False, "until": False, "repeat": False},
    "reshuffle": {},
    "reveal-next": {},
    "extra-action": {},
    "skip-action": {},
    "end-turn": {},
    "stop": {},
    "draw-feat": {"who": True, "count": False},
    "draw-event": {"who": True},
    "exhaust": {"terrain": True},
    "place-terrain": {"terrain": True, "at": True, "rot": False},
    "remove-terrain": {"terrain": True},
    "roll": {"who": True, "bonus": False, "table": True},
    "choose": {"by": True, "options": True},
    "if": {"if": True, "then": True, "else": False},
    "once": {"per": True, "steps": True, "otherwise": False},
    "weakness": {},
    "remove": {"who": True, "until": True, "return": True},
    "reroll": {},
    "effect": {"effect": True, "text": True, "args": False},
}
RUFFIAN_MOVES = ("move", "move-into", "forward", "retreat", "face")

# Conditions: predicate -> the modifier keys it also takes.
PREDICATES: dict[str, tuple[str, ...]] = {
    "adjacent": ("who",), "within": ("who", "of"), "beyond": ("who", "of"),
    "inside": ("who", "completely"), "next-to": ("who",), "at-door": ("who",),
    "equipped": ("who",), "boosted": ("who",), "is": ("who",), "in-team": (),
    "at-max-hp": ("who",), "behind": ("who",), "in-front": ("who",), "in-line": ("who",),
    "flanked": (), "weakness": (), "level": (), "final-fight": (), "phase": (), "turn-of": (),
    "first": (), "source": (), "result": (), "with": (), "terrain": (), "cause": (), "by": (),
    "reached": (), "damaged": (),
    "value": ("who", "of") + CMP_KEYS, "count": CMP_KEYS, "counter": ("on",) + CMP_KEYS,
    "tally": ("who", "scope") + CMP_KEYS,
    "not": (), "any": (), "all": (),
}
QUANTITATIVE = ("value", "count", "counter", "tally")

CHART_IDS = ("board", "crit-hit", "town-map", "breaking-points", "setup", "order-bar")

ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
NAME_RE = ID_RE

# ------------------------------------------------------------------------------------
# Field defaults per family (a file's "defaults" and then the row override them)

FIELD_DEFAULTS: dict[str, dict[str, Any]] = {
    "gear": {"hands": None, "cost": None, "weapon": None, "bonus": {}, "consumable": False, "counters": None,
             "mods": [], "triggers": [], "activate": [], "flavour": "", "townsfolk": None, "ruffian": None,
             "star": False, "unlocked_by": None, "source": None, "copies": 1},
    "action_cards": {"flavour": "", "after": None, "after_text": ""},
    "terrain": {"door": None, "shape": None, "pieces": None, "move_cost": None, "interact": None,
                "interact_text": "", "mods": [], "triggers": []},
    "feats": {"reward": [], "reward_text": ""},
    "events": {"flavour": "", "secret": False, "goal": None, "copies": 1},
}


def family_of(name: str) -> Optional[str]:
    """The family a catalogue file name (without .json) belongs to, or None."""
    if name.startswith("action_cards_"):
        return "action_cards" if ID_RE.match(name[len("action_cards_"):]) else None
    if name in FAMILIES and name != "action_cards":
        return name
    for family in SPLITTABLE:
        if name.startswith(family + "_") and ID_RE.match(name[len(family) + 1:]):
            return family
    return None


def _defaults_key(family: str) -> str:
    return "gear" if family.startswith("gear_") else family


def rows_of(data: Any, family: str) -> list[dict]:
    """The rows of one file with the field defaults and the file's defaults filled in."""
    base = FIELD_DEFAULTS.get(_defaults_key(family), {})
    file_defaults = data.get("defaults", {}) if isinstance(data, dict) else {}
    rows = data.get("rows", []) if isinstance(data, dict) else []
    out = []
    for row in rows if isinstance(rows, list) else []:
        if isinstance(row, dict):
            out.append({**base, **(file_defaults if isinstance(file_defaults, dict) else {}), **row})
    return out
