"""Torches & Pitchforks content: every card of the rulebook's card list, as data.

Each physical card has a global integer id:

- Monster deck (60 cards: 12 Events, 48 Monsters): ids 0-59
- Mob deck (101 cards: 61 Action, 30 Enhancement, 4 Defense, 6 Townsfolk): ids 100-200
- Townsfolk deck (30 cards, 29 named by the rulebook plus one Tabletown card): ids 300-329

A card's definition is a prototype of defaults updated by its table row. Plain numbers
(Power, Kill, bonus, Strength or Power modifiers) carry most cards; the rules look up a
short effect name for the exceptions (see `rules.py`).

The rulebook names every card but prints no text or numbers except those used in its
examples (Giant Ape Power 9, Killer Bug 5, Giant Rat 4, Vampire Power 9 Kill 1 killing the
Townsfolk with the most Enhancements; Heck Spawn +2 Power; Sheriff +1; Sword +3; Terror Toy
kills two; Pistol is an Enhancement). Everything else here is Tabletown's own design.
"""

from __future__ import annotations

from typing import Any

# --- Monster types named by Defense cards and specials -------------------------------------
BEAST = "Beast"
WEREWOLF = "Werewolf"
VAMPIRE = "Vampire"
WITCH = "Witch"
SPIRIT = "Spirit"
UNDEAD = "Undead"
ABOMINATION = "Abomination"
FIEND = "Fiend"
MONSTER_TYPES = (BEAST, WEREWOLF, VAMPIRE, WITCH, SPIRIT, UNDEAD, ABOMINATION, FIEND)

PROTOTYPE: dict[str, Any] = {
    "id": -1,
    "name": "",
    "kind": "",  # monster | event | action | defense | weapon | leader | townsfolk
    "deck": "",  # monster | mob | townsfolk
    "copies": 1,
    "text": "",
    # Monsters
    "power": 0,
    "kill": 0,
    "mtype": "",
    "special": "",  # most_enhanced | no_weapons | no_leaders | no_torches | torch_bonus | swallow | no_flee | flee_cost
    # Action cards
    "timing": "",  # combat (combat window only) | any (any time you may play) | cancel (answers a card)
    "target": "",  # "" | self | player | other | tf_any | tf_own
    "str": 0,  # Strength change for the fighting Mob
    "pow": 0,  # Power change for the Monster
    "kill_mod": 0,
    "effect": "",  # named effect for exceptions
    "uncancelable": False,
    # Enhancements (weapon/leader) and Townsfolk
    "bonus": 0,
    "vs": (),  # Monster types (or names) against which `vs_bonus` applies
    "vs_bonus": 0,
    "gun": False,
    "torch": False,
    "wooden": False,
    "one_shot": False,
    "perk": "",  # Townsfolk/Leader perks: hand | tough | revive | slots | flee | last | kill_less | hunt
    # Defense cards
    "defends": (),
    # Events
    "event": "",
}

# --- Monster deck ---------------------------------------------------------------------------
MONSTERS: tuple[dict[str, Any], ...] = (
    dict(name="Creature from the Tide Flats", copies=1, power=11, kill=2, mtype=BEAST,
         text="Slithers up from the mud flats. A Harpoon Squad gets +6 against it."),
    dict(name="Evil Witch", copies=3, power=8, kill=1, mtype=WITCH, special="no_leaders",
         text="Her hex stuns your Leader: Leaders give no Strength against her."),
    dict(name="Ghost", copies=3, power=5, kill=1, mtype=SPIRIT, special="no_weapons",
         text="Blades pass right through it: Weapons give no Strength against the Ghost."),
    dict(name="Giant Ape", copies=3, power=9, kill=2, mtype=BEAST,
         text="Climbs the church tower and roars."),
    dict(name="Giant Rat", copies=6, power=4, kill=1, mtype=BEAST,
         text="Big as a dog, twice as mean."),
    dict(name="The Glob", copies=1, power=10, kill=2, mtype=ABOMINATION, special="swallow",
         text="If the Glob wins, it swallows every Enhancement in your Mob."),
    dict(name="Irvingstein's Monster", copies=1, power=12, kill=2, mtype=ABOMINATION, special="torch_bonus",
         text="Fears fire: each Torch gives +1 more against it."),
    dict(name="Killer Bug", copies=3, power=5, kill=1, mtype=BEAST,
         text="It buzzes. It bites. It lays eggs in the hay."),
    dict(name="Killer Clown", copies=3, power=7, kill=2, mtype=FIEND, special="flee_cost",
         text="Honk! Fleeing from it costs one more card."),
    dict(name="Mummy", copies=3, power=8, kill=2, mtype=UNDEAD, special="torch_bonus",
         text="Old bandages burn well: each Torch gives +1 more against it."),
    dict(name="Raging Dinosaur", copies=3, power=10, kill=3, mtype=BEAST,
         text="Tramples the market square flat."),
    dict(name="Terror Toy", copies=3, power=7, kill=2, mtype=SPIRIT,
         text="A possessed doll with a tiny, terrible knife."),
    dict(name="Vampire", copies=3, power=9, kill=1, mtype=VAMPIRE, special="most_enhanced",
         text="Kills the Townsfolk with the most Enhancements."),
    dict(name="Vlad the Inhaler", copies=1, power=11, kill=1, mtype=VAMPIRE, special="most_enhanced,no_torches",
         text="Inhales every Torch flame (Torches give nothing) and kills the Townsfolk with the most Enhancements."),
    dict(name="Werewolf", copies=6, power=7, kill=2, mtype=WEREWOLF,
         text="Full moon tonight."),
    dict(name="Wicked Witch of the South-Southeast", copies=1, power=12, kill=2, mtype=WITCH,
         special="no_leaders,no_flee", text="Cannot be Fled. Leaders give no Strength against her."),
    dict(name="Jack the Wolfman", copies=1, power=11, kill=2, mtype=WEREWOLF, special="no_flee",
         text="Outruns anyone: he cannot be Fled."),
    dict(name="Zombie", copies=3, power=6, kill=2, mtype=UNDEAD,
         text="Slow, hungry and not alone."),
)

EVENTS: tuple[dict[str, Any], ...] = (
    dict(name="Arms Shipment", event="arms", text="Every player draws 2 Mob cards (then discards down to the hand limit)."),
    dict(name="Cowering Bureaucrats", event="red_tape",
         text="No permits today: you may not play Enhancement, Defense or Townsfolk cards this turn."),
    dict(name="Dropped Match", event="fire", text="Fire in the square! Every player discards a random card from hand."),
    dict(name="Mass Confusion", event="confusion", text="Every player passes their hand to the player on their left."),
    dict(name="Plague", event="plague", text="Every player chooses one of their living Townsfolk; it dies."),
    dict(name="Risen from the Dead", event="risen",
         text="A random Monster rises from the Moor and attacks you: you must Fight it (no Fleeing, no Defense)."),
    dict(name="Scrap That", event="scrap", text="Never mind: flip the next card of the Monster deck."),
    dict(name="Stolen Plans", event="stolen",
         text="Take a random card from every other player's hand (then discard down to the hand limit)."),
    dict(name="Swords into Plowshares", event="plowshares", text="Every player discards their strongest Weapon."),
    dict(name="Termite Infestation", event="termites",
         text="Termites eat one wooden Weapon (the weakest) in every Mob."),
    dict(name="The Plot Thickens", event="plot", text="Flip the next card: a Monster gets +2 Power this turn."),
    dict(name="Vanished Into the Mists", event="mists", text="Every Monster in the Moor is shuffled back into the Monster deck."),
)

# --- Mob deck -------------------------------------------------------------------------------
ACTIONS: tuple[dict[str, Any], ...] = (
    dict(name="A Good Day's Sleep", copies=3, timing="any", target="player", effect="revive", bonus=2,
         text="Up to 2 of a player's dead Townsfolk wake up (flip them face up)."),
    dict(name="Bump on the Head", copies=2, timing="any", target="tf_any", effect="knockout",
         text="Knock out any living Townsfolk: it is flipped face down and its Enhancements are discarded."),
    dict(name="Bungling Spy", copies=3, timing="any", target="other", effect="spy",
         text="A player discards a random card from hand. The spy is spotted: you discard a random card too."),
    dict(name="Charge", copies=3, timing="combat", str=2, text="+2 Strength for the fighting Mob."),
    dict(name="Courage in a Bottle", copies=2, timing="combat", str=3, kill_mod=1,
         text="+3 Strength, but if the Mob loses, the Monster kills one more."),
    dict(name="Disorganized Mob", copies=2, timing="combat", str=-3, text="-3 Strength for the fighting Mob."),
    dict(name="Early Harvest", copies=1, timing="any", target="self", effect="draw", bonus=3,
         text="Draw 3 cards (then discard down to the hand limit)."),
    dict(name="Energizer", copies=3, timing="combat", effect="energize",
         text="+1 Strength for each armed living Townsfolk in the fighting Mob (at least +1, at most +3)."),
    dict(name="Enraged Monster", copies=2, timing="combat", pow=3, kill_mod=1, text="+3 Power and +1 Kill for the Monster."),
    dict(name="Escape Plan", copies=3, timing="combat", effect="escape",
         text="The fighting Mob slips away: the Monster goes to the Moor without combat."),
    dict(name="Frightened Children", copies=1, timing="combat", str=-2, kill_mod=1,
         text="-2 Strength, and if the Mob loses, the Monster kills one more."),
    dict(name="Gunpowder Shortage", copies=1, timing="combat", effect="no_guns",
         text="Pistols, Muskets, the Cannon and Grenades give no Strength this combat."),
    dict(name="Harpoon Squad", copies=1, timing="combat", str=3, effect="harpoon",
         text="+3 Strength (+6 against the Creature from the Tide Flats)."),
    dict(name="Heck Spawn", copies=3, timing="combat", pow=2, text="+2 Power for the Monster."),
    dict(name="Holy Ground", copies=1, timing="combat", effect="holy",
         text="An Undead, Vampire or Spirit cannot enter: it goes to the Moor without combat. Otherwise +2 Strength."),
    dict(name="Injured Monster", copies=2, timing="combat", pow=-3, text="-3 Power for the Monster."),
    dict(name="Inspiring Leadership", copies=3, timing="combat", effect="inspire",
         text="+3 Strength if the fighting Mob has a Leader, otherwise +1."),
    dict(name="Master Spy", copies=1, timing="cancel", effect="cancel",
         text="Cancel: the card being played is discarded with no effect."),
    dict(name="Meddling Kids", copies=2, timing="cancel", effect="cancel",
         text="Cancel: those pesky kids foil the card being played; it is discarded with no effect."),
    dict(name="Night of the Walking Dead", copies=1, timing="combat", effect="walking_dead",
         text="+1 Power for every dead Townsfolk in every Mob (at least +1)."),
    dict(name="Only a Dream", copies=3, timing="cancel", effect="cancel",
         text="Cancel: it was only a dream; the card being played is discarded with no effect."),
    dict(name="Overpopulation", copies=2, timing="any", target="player", effect="overpop",
         text="A player with more than 6 Townsfolk discards one living Townsfolk of their choice."),
    dict(name="Pure Evil", copies=1, timing="combat", pow=4, uncancelable=True,
         text="+4 Power for the Monster. Pure Evil cannot be Canceled."),
    dict(name="Righteous Indignation", copies=1, timing="combat", str=4, text="+4 Strength for the fighting Mob."),
    dict(name="Rudimentary Lathe", copies=3, timing="any", target="tf_own", effect="lathe", bonus=1,
         text="Turn out a crude Weapon: attach this card to one of your living Townsfolk as a +1 Weapon."),
    dict(name="Sticky Fingers", copies=1, timing="any", target="other", effect="steal",
         text="Take a random card from another player's hand."),
    dict(name="Stragglers", copies=3, timing="any", target="player", effect="revive", bonus=1,
         text="One of a player's dead Townsfolk catches up (flip it face up)."),
    dict(name="Sugar Rush", copies=3, timing="combat", str=3, effect="crash",
         text="+3 Strength; after the combat the fighting player crashes and discards a random card."),
    dict(name="Torrential Downpour", copies=1, timing="combat", effect="downpour",
         text="Torches give no Strength this combat. A Witch melts: the fighting Mob wins at once."),
    dict(name="Town on Guard", copies=3, timing="combat", effect="guard",
         text="If the Monster wins this combat, it kills no Townsfolk."),
)

WEAPONS: tuple[dict[str, Any], ...] = (
    dict(name="Boar Spear", copies=1, bonus=2, vs=(BEAST,), vs_bonus=1, wooden=True, text="+2 Strength (+3 against Beasts)."),
    dict(name="Grenade", copies=2, bonus=3, gun=True, one_shot=True,
         text="+3 Strength for one combat, then it is discarded."),
    dict(name="Old Cannon", copies=1, bonus=4, gun=True, text="+4 Strength."),
    dict(name="Pistol", copies=3, bonus=2, gun=True, text="+2 Strength."),
    dict(name="Pitchfork", copies=6, bonus=1, wooden=True, text="+1 Strength."),
    dict(name="Rake", copies=1, bonus=1, wooden=True, text="+1 Strength."),
    dict(name="Rusty Musket", copies=1, bonus=2, gun=True, text="+2 Strength."),
    dict(name="Shovel", copies=1, bonus=1, vs=(UNDEAD,), vs_bonus=1, wooden=True,
         text="+1 Strength (+2 against the Undead: back in the ground!)."),
    dict(name="Stout Cudgel", copies=1, bonus=2, wooden=True, text="+2 Strength."),
    dict(name="Sword", copies=1, bonus=3, text="+3 Strength."),
    dict(name="Torch", copies=6, bonus=1, torch=True, wooden=True, text="+1 Strength."),
)

LEADERS: tuple[dict[str, Any], ...] = (
    dict(name="Hero!", copies=1, bonus=2, text="Leader: +2 Strength."),
    dict(name="Night Watch", copies=1, bonus=0, perk="kill_less", text="Leader: a Monster that beats your Mob kills one fewer."),
    dict(name="Occult Librarian", copies=1, bonus=0, vs=(SPIRIT, UNDEAD, VAMPIRE, WITCH), vs_bonus=3,
         text="Leader: +3 Strength against Spirits, Undead, Vampires and Witches."),
    dict(name="Sheriff", copies=1, bonus=1, text="Leader: +1 Strength."),
    dict(name="Wilderness Guide", copies=1, bonus=0, perk="hunt",
         text="Leader: +2 Strength when you Hunt; Fleeing costs 2 cards fewer."),
    dict(name="Wise Woman", copies=1, bonus=0, perk="revive", text="Leader: one more dead Townsfolk returns in your Recoup."),
)

DEFENSES: tuple[dict[str, Any], ...] = (
    dict(name="Antacid", defends=(VAMPIRE,),
         text="The whole town reeks of garlic: Vampires turn away."),
    dict(name="Werewolf? There Wolf!", defends=(WEREWOLF,),
         text="Point the Werewolves the other way: Werewolves turn away."),
    dict(name="Baby Shortage", defends=(WITCH,), text="Nothing left for the cauldron: Witches turn away."),
    dict(name="Freelance Paranormal Investigators", defends=(SPIRIT,),
         text="Who you gonna pay? Spirits (Ghosts, Terror Toys) turn away."),
)

MOB_TOWNSFOLK: tuple[dict[str, Any], ...] = (
    dict(name="Dotty", perk="flee", text="Knows every back alley: Fleeing costs one card fewer."),
    dict(name="Dr Irvingstein", vs=("Irvingstein's Monster",), vs_bonus=3,
         text="+3 Strength against Irvingstein's Monster (he knows its weak spot)."),
    dict(name="Dr Reed Davidson", vs=(BEAST,), vs_bonus=2, text="Zoologist: +2 Strength against Beasts."),
    dict(name="Officer Dave", bonus=1, text="Trained lawman: +1 Strength on top of his own."),
    dict(name="Professor von Hellpepper", vs=(VAMPIRE,), vs_bonus=3, text="Vampire hunter: +3 Strength against Vampires."),
    dict(name="Reverend Leon", vs=(UNDEAD, SPIRIT), vs_bonus=2, text="+2 Strength against the Undead and Spirits."),
)

# The rulebook says the Townsfolk deck has 30 cards but names 29; "Tilly, Town Crier" is
# Tabletown's own 30th Townsfolk, so that five players get six each.
AUTHORED_TOWNSFOLK = "Tilly, Town Crier"

TOWNSFOLK: tuple[dict[str, Any], ...] = (
    dict(name="Adam, Traveling Salesman", perk="hand", text="Always has something to sell: your hand limit is 6."),
    dict(name="Bentley the Brawler", perk="tough", text="Too thick-skulled for a Bump on the Head."),
    dict(name="Brother Jedediah"),
    dict(name="Buff Hardback, Wannabe Hero"),
    dict(name="Chef Kidney"),
    dict(name="Christina, Cheer Captain"),
    dict(name="Dexter, Boy Genius"),
    dict(name="Dr. Uberunder", perk="revive", text="Patches folk up: one more dead Townsfolk returns in your Recoup."),
    dict(name="Franz, Town Baker"),
    dict(name="Frederick the Lesser"),
    dict(name="Gus, Town Guard", perk="slots", text="May hold two Weapons."),
    dict(name="Hans, Town Butcher"),
    dict(name="Heidi, Town Trollup"),
    dict(name="Howard, Village Idiot"),
    dict(name="Inspector McGee"),
    dict(name="Juan, Foreign Guy"),
    dict(name="Karl, Stable Boy"),
    dict(name="Lady Locke"),
    dict(name="Levi, Candlestick Maker"),
    dict(name="Luke, Inconsiderate Ass", perk="flee", text="Shoves others aside: Fleeing costs one card fewer."),
    dict(name="Lucky Lowry", perk="last", text="Always gets away: a Monster kills him only when no one else is left."),
    dict(name="Mathew the Magnificent"),
    dict(name="Matt the Knife", perk="slots", text="May hold two Weapons."),
    dict(name="Mikey, Town Drunk"),
    dict(name="Miss Ginny, Damsel in Distress"),
    dict(name="Moody Marge"),
    dict(name="MP, Smartass Punk"),
    dict(name="Ms. Manlove, Personal Trainer"),
    dict(name="Shane the Shyster"),
    dict(name=AUTHORED_TOWNSFOLK, text="Rings the bell when the Monsters come (Tabletown's 30th Townsfolk)."),
)

# --- Expansion into physical cards ----------------------------------------------------------
CARDS: dict[int, dict[str, Any]] = {}
BY_NAME: dict[str, dict[str, Any]] = {}
MONSTER_DECK: list[int] = []
MOB_DECK: list[int] = []
TOWNSFOLK_DECK: list[int] = []


def _add(rows: tuple[dict[str, Any], ...], kind: str, deck: str, start: int, into: list[int]) -> int:
    next_id = start
    for row in rows:
        card = dict(PROTOTYPE)
        card.update(row)
        card["kind"] = kind
        card["deck"] = deck
        if kind == "townsfolk" and not card["text"]:
            card["text"] = "Adds 1 Strength to your Mob."
        BY_NAME[card["name"]] = card
        for _ in range(card["copies"]):
            copy = dict(card)
            copy["id"] = next_id
            CARDS[next_id] = copy
            into.append(next_id)
            next_id += 1
    return next_id


_n = _add(EVENTS, "event", "monster", 0, MONSTER_DECK)
_add(MONSTERS, "monster", "monster", _n, MONSTER_DECK)
_n = _add(ACTIONS, "action", "mob", 100, MOB_DECK)
_n = _add(WEAPONS, "weapon", "mob", _n, MOB_DECK)
_n = _add(LEADERS, "leader", "mob", _n, MOB_DECK)
_n = _add(DEFENSES, "defense", "mob", _n, MOB_DECK)
_add(MOB_TOWNSFOLK, "townsfolk", "mob", _n, MOB_DECK)
_add(TOWNSFOLK, "townsfolk", "townsfolk", 300, TOWNSFOLK_DECK)

CANCEL_CARDS = tuple(c for c in MOB_DECK if CARDS[c]["effect"] == "cancel")
GUN_NAMES = tuple(w["name"] for w in WEAPONS if w.get("gun"))


def card(cid: int) -> dict[str, Any]:
    return CARDS[cid]


def name(cid: int) -> str:
    return CARDS[cid]["name"]


def ids_named(card_name: str) -> list[int]:
    """Every physical copy of the card called `card_name`, in id order."""
    return [cid for cid, c in CARDS.items() if c["name"] == card_name]


def has_special(cid: int, special: str) -> bool:
    return special in CARDS[cid]["special"].split(",")
