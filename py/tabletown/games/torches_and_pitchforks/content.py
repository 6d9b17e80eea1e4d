"""Torches & Pitchforks content: every card of the rulebook's card list, read from data/*.json.

Each physical card has a global integer id (saved games and links name cards by it, so the
order of the data files and of their rows never changes):

- Monster deck (60 cards: 12 Events, 48 Monsters): ids 0-59
- Mob deck (101 cards: 61 Action, 30 Enhancement, 4 Defense, 6 Townsfolk): ids 100-200
- Townsfolk deck (30 cards, 29 named by the rulebook plus one Tabletown card): ids 300-329

Every card carries the same fields (`PROTOTYPE`), filled from its catalogue row. Plain numbers
(Power, Kill, bonus, Strength or Power changes) carry most cards; a card whose effect is an
exception names it in `effect`, and the handler of that name (effects.py, registered in
`EFFECTS`) does it. Monsters' `specials` and Townsfolk/Leader `perk`s are modifiers that the
Strength sums in scoring.py read.

The rulebook names every card but prints no text or numbers except those used in its
examples (Giant Ape Power 9, Killer Bug 5, Giant Rat 4, Vampire Power 9 Kill 1 killing the
Townsfolk with the most Enhancements; Heck Spawn +2 Power; Sheriff +1; Sword +3; Terror Toy
kills two; Pistol is an Enhancement). Everything else is Tabletown's own design
(docs/content/torches-and-pitchforks.md).
"""

from __future__ import annotations

from typing import Any

from tabletown.engine.content import Catalog, Effects, load_catalog

# Monster types named by Defense cards and Enhancements.
BEAST = "Beast"
WEREWOLF = "Werewolf"
VAMPIRE = "Vampire"
WITCH = "Witch"
SPIRIT = "Spirit"
UNDEAD = "Undead"
ABOMINATION = "Abomination"
FIEND = "Fiend"
MONSTER_TYPES = (BEAST, WEREWOLF, VAMPIRE, WITCH, SPIRIT, UNDEAD, ABOMINATION, FIEND)

# Monster specials the Strength sums know (scoring.py and rules.py read them by these names).
SPECIALS = ("most_enhanced", "no_weapons", "no_leaders", "no_torches", "torch_bonus", "swallow", "no_flee",
            "flee_cost")
# Townsfolk and Leader perks.
PERKS = ("hand", "stock", "tough", "revive", "slots", "flee", "last", "lucky", "kill_less", "hunt")
# The rules version that retuned Adam's and Lucky Lowry's gifts; games begun before it keep the
# gifts their cards had then (a card's "v2" field).
GIFTS_VERSION = 3
# When an Action card may be played: in a fight, at any time, or in answer to a card (a Cancel).
TIMINGS = ("combat", "any", "cancel")
# What an Action card is played on.
TARGETS = ("", "self", "player", "other", "tf_any", "tf_own")

PROTOTYPE: dict[str, Any] = {
    "id": -1,
    "key": "",
    "name": "",
    "kind": "",  # monster | event | action | defense | weapon | leader | townsfolk
    "deck": "",  # monster | mob | townsfolk
    "copies": 1,
    "text": "",
    # Monsters
    "power": 0,
    "kill": 0,
    "type": "",
    "specials": [],
    "proper": False,  # a name that takes no article ("Vlad the Inhaler", "The Glob")
    # Action cards
    "timing": "",
    "target": "",
    "str": 0,  # Strength change for the fighting Mob
    "pow": 0,  # Power change for the Monster
    "kill_mod": 0,
    "effect": None,  # a named effect handler (actions and events)
    "uncancelable": False,
    # Enhancements and Townsfolk
    "bonus": 0,
    "vs": [],  # Monster types (or names) against which `vs_bonus` applies
    "vs_bonus": 0,
    "gun": False,
    "torch": False,
    "wooden": False,
    "one_shot": False,
    "perk": None,
    "v2": None,  # {"perk", "text"}: the gift as rules versions 1 and 2 had it, if it changed since
    "authored": False,
    # Defense cards
    "defends": [],
}

# (catalogue, card kind, deck, first id) in id order.
LAYOUT = (
    ("events", "event", "monster", 0),
    ("monsters", "monster", "monster", None),
    ("actions", "action", "mob", 100),
    ("weapons", "weapon", "mob", None),
    ("leaders", "leader", "mob", None),
    ("defenses", "defense", "mob", None),
    ("mob_townsfolk", "townsfolk", "mob", None),
    ("townsfolk", "townsfolk", "townsfolk", 300),
)

CATALOGS: dict[str, Catalog] = {name: load_catalog(__package__, name) for name, _, _, _ in LAYOUT}
# The catalogues whose pieces the rulebook counts, by its name for them (each row's copies counted).
COMPONENTS = {"townsfolk": "Townsfolk cards"}

# Effect handlers by name; effects.py registers them (rules.py imports it).
EFFECTS = Effects("torches-and-pitchforks")

CARDS: dict[int, dict[str, Any]] = {}
BY_NAME: dict[str, dict[str, Any]] = {}
MONSTER_DECK: list[int] = []
MOB_DECK: list[int] = []
TOWNSFOLK_DECK: list[int] = []
_DECKS = {"monster": MONSTER_DECK, "mob": MOB_DECK, "townsfolk": TOWNSFOLK_DECK}


def _expand() -> None:
    next_id = 0
    for catalog, kind, deck, start in LAYOUT:
        if start is not None:
            next_id = start
        for row in CATALOGS[catalog]:
            card = dict(PROTOTYPE)
            card.update({k: v for k, v in row.items() if k != "id"})
            card["key"] = row["id"]
            card["kind"] = kind
            card["deck"] = deck
            BY_NAME[card["name"]] = card
            for _ in range(card["copies"]):
                CARDS[next_id] = dict(card, id=next_id)
                _DECKS[deck].append(next_id)
                next_id += 1


_expand()

# The rulebook says the Townsfolk deck has 30 cards but names 29; this one is Tabletown's own.
AUTHORED_TOWNSFOLK = next(c["name"] for c in CATALOGS["townsfolk"] if c["authored"])
CANCEL_CARDS = tuple(c for c in MOB_DECK if CARDS[c]["effect"] == "cancel")
ANYTIME_CARDS = tuple(c for c in MOB_DECK if CARDS[c]["kind"] == "action" and CARDS[c]["timing"] == "any")


def card(cid: int) -> dict[str, Any]:
    return CARDS[cid]


def name(cid: int) -> str:
    return CARDS[cid]["name"]


def ids_named(card_name: str) -> list[int]:
    """Every physical copy of the card called `card_name`, in id order."""
    return [cid for cid, c in CARDS.items() if c["name"] == card_name]


def gift_of(cid: int, version: int) -> str | None:
    """The gift of card `cid` in a game begun under rules `version`."""
    c = CARDS[cid]
    return c["v2"]["perk"] if version < GIFTS_VERSION and c["v2"] else c["perk"]


def text_of(cid: int, version: int) -> str:
    """The text of card `cid` in a game begun under rules `version`."""
    c = CARDS[cid]
    return c["v2"]["text"] if version < GIFTS_VERSION and c["v2"] else c["text"]


def has_special(cid: int, special: str) -> bool:
    return special in CARDS[cid]["specials"]
