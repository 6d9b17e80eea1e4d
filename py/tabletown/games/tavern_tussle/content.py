"""Tavern Tussle content: 54 Hero cards and 4 Taverner cards, as data.

The rulebook names the card fields (Hero Initiative, Story Theme, Player Count, Hero
Ability; Story Points and Taverner Special) and a handful of Heroes from its examples
(Archer, Mage, King, Barbarian, Swashbuckler, Mercenary) but prints no card list.
The cards below are original Tabletown content that fits every example:

- every Archer has Initiative 7 and Attacks;
- every Barbarian has Initiative 1, the Battle theme, and Attacks then Steals;
- every Mercenary Counters with Initiative 9 (above the Archer);
- the Swashbuckler's Initiative (4) lies below the Archer's.

A Hero's printed theme is one of Luck, Battle, Journey and Elixir. The Coin theme is
the back of every Hero card: "having flipped cards in your tableau is the only way to
score Coins", so no Hero is printed with the Coin theme.

Player Count: a card is used at every seat count listed in its `players`:
30 cards at 2+, 12 more at 3+ and 12 more at 4 players (30 / 42 / 54 cards).

Each Hero's ability is a tuple of ability names ("Attack", "Counter", "Steal",
"Heal", "Boost", "Cheers"); () is no ability. Abilities are turned into small
steps ("ops") that the rules engine runs one by one; see `hero_ops`.
"""

from __future__ import annotations

from typing import Any

THEMES = ("Luck", "Battle", "Journey", "Elixir", "Coin")
LUCK, BATTLE, JOURNEY, ELIXIR, COIN = range(5)
PRINTED_THEMES = THEMES[:4]
# Points for a story of 0..5 distinct themes.
STORY_POINTS = (0, 1, 3, 6, 10, 15)
ROUNDS = 3
HAND_SIZE = 6
STORIES_PER_ROUND = 3
BOOST_BONUS = 2
QUICK_DRAUGHT_BONUS = 3

ABILITIES = ("Attack", "Counter", "Steal", "Heal", "Boost", "Cheers")
ABILITY_TEXT = {
    "Attack": "Flip another player's active Hero to its Coin side.",
    "Counter": "Flip another player's active Battle Hero to its Coin side.",
    "Steal": "Take a Coin from one other player (active or in their tableau) into your tableau.",
    "Heal": "Unflip a Coin in your tableau to its Hero side.",
    "Boost": "While face-up in your tableau: +2 Initiative to all your future Heroes.",
    "Cheers": "Drink your Taverner Special and perform it.",
}

# Prototype of a Hero card; each row below only states what differs.
HERO_DEFAULTS: dict[str, Any] = {"name": "", "animal": "", "initiative": 0, "theme": "Luck",
                                 "players": (2, 3, 4), "abilities": ()}

# Stats shared by every copy of a name: (initiative, abilities).
_KINDS: dict[str, tuple[int, tuple[str, ...]]] = {
    # Attackers
    "Archer": (7, ("Attack",)),
    "Knight": (6, ("Attack",)),
    "Hunter": (5, ("Attack",)),
    "Duelist": (8, ("Attack",)),
    "Ranger": (4, ("Attack",)),
    "Valkyrie": (10, ("Attack",)),
    "Barbarian": (1, ("Attack", "Steal")),
    # Counters
    "Mercenary": (9, ("Counter",)),
    "Samurai": (10, ("Counter",)),
    "Gladiator": (11, ("Counter",)),
    # Thieves
    "Thief": (2, ("Steal",)),
    "Rogue": (3, ("Steal",)),
    "Gambler": (4, ("Steal",)),
    "Trickster": (5, ("Steal",)),
    "Pirate": (4, ("Steal",)),
    "Swashbuckler": (4, ("Steal", "Heal")),
    # Healers
    "Mage": (5, ("Heal",)),
    "Herbalist": (3, ("Heal",)),
    "Cleric": (6, ("Heal",)),
    "Monk": (8, ("Heal",)),
    "Druid": (6, ("Heal",)),
    "Paladin": (10, ("Heal",)),
    # Boosters
    "Bard": (10, ("Boost",)),
    "Minstrel": (11, ("Boost",)),
    "Squire": (9, ("Boost",)),
    "Scout": (12, ("Boost",)),
    "Falconer": (12, ("Boost",)),
    # Cheers
    "King": (8, ("Cheers",)),
    "Queen": (7, ("Cheers",)),
    "Prince": (6, ("Cheers",)),
    "Jester": (5, ("Cheers",)),
    "Brewer": (3, ("Cheers",)),
    # No ability: pure stories
    "Pilgrim": (12, ()),
    "Giant": (2, ()),
    "Sage": (11, ()),
    "Oracle": (9, ()),
    "Fortune Teller": (10, ()),
    "Alchemist": (6, ()),
}

P2, P3, P4 = (2, 3, 4), (3, 4), (4,)

# (name, animal, theme, players) - one row per card.
_ROWS: tuple[tuple[str, str, str, tuple[int, ...]], ...] = (
    # --- 30 cards used at every seat count (2+) ---
    ("Archer", "fox", "Journey", P2),
    ("Archer", "hedgehog", "Luck", P2),
    ("Knight", "badger", "Battle", P2),
    ("Knight", "stag", "Battle", P2),
    ("Hunter", "wolf", "Journey", P2),
    ("Duelist", "weasel", "Elixir", P2),
    ("Barbarian", "boar", "Battle", P2),
    ("Mercenary", "cat", "Journey", P2),
    ("Mercenary", "lynx", "Battle", P2),
    ("Samurai", "crane", "Battle", P2),
    ("Thief", "rat", "Luck", P2),
    ("Rogue", "raccoon", "Journey", P2),
    ("Gambler", "magpie", "Luck", P2),
    ("Swashbuckler", "otter", "Journey", P2),
    ("Mage", "owl", "Elixir", P2),
    ("Mage", "newt", "Elixir", P2),
    ("Herbalist", "rabbit", "Elixir", P2),
    ("Cleric", "lamb", "Luck", P2),
    ("Bard", "frog", "Luck", P2),
    ("Minstrel", "cricket", "Journey", P2),
    ("Squire", "pup", "Battle", P2),
    ("Scout", "squirrel", "Journey", P2),
    ("King", "lion", "Luck", P2),
    ("Queen", "swan", "Elixir", P2),
    ("Jester", "monkey", "Luck", P2),
    ("Brewer", "beaver", "Elixir", P2),
    ("Prince", "goat", "Battle", P2),
    ("Pilgrim", "tortoise", "Journey", P2),
    ("Giant", "ox", "Battle", P2),
    ("Sage", "heron", "Elixir", P2),
    # --- 12 more cards at 3 and 4 players (3+) ---
    ("Archer", "mole", "Elixir", P3),
    ("Ranger", "lizard", "Journey", P3),
    ("Barbarian", "bull", "Battle", P3),
    ("Mercenary", "panther", "Battle", P3),
    ("Thief", "ferret", "Journey", P3),
    ("Trickster", "jackal", "Luck", P3),
    ("Swashbuckler", "parrot", "Luck", P3),
    ("Mage", "toad", "Elixir", P3),
    ("Monk", "panda", "Elixir", P3),
    ("Bard", "robin", "Journey", P3),
    ("Paladin", "walrus", "Battle", P3),
    ("Oracle", "moth", "Luck", P3),
    # --- 12 more cards at 4 players ---
    ("Valkyrie", "eagle", "Battle", P4),
    ("Duelist", "stoat", "Journey", P4),
    ("Barbarian", "bison", "Battle", P4),
    ("Gladiator", "rhino", "Battle", P4),
    ("Rogue", "coyote", "Luck", P4),
    ("Herbalist", "snail", "Elixir", P4),
    ("Minstrel", "wren", "Luck", P4),
    ("Falconer", "hawk", "Journey", P4),
    ("Druid", "lemur", "Elixir", P4),
    ("Pirate", "mouse", "Journey", P4),
    ("Fortune Teller", "peacock", "Luck", P4),
    ("Alchemist", "gecko", "Elixir", P4),
)


def _make_heroes() -> tuple[dict[str, Any], ...]:
    cards = []
    for i, (name, animal, theme, players) in enumerate(_ROWS):
        initiative, abilities = _KINDS[name]
        card = dict(HERO_DEFAULTS)
        card.update(id=i, name=name, animal=animal, initiative=initiative, theme=theme,
                    players=players, abilities=abilities)
        cards.append(card)
    return tuple(cards)


HEROES: tuple[dict[str, Any], ...] = _make_heroes()

# --- Taverners ---------------------------------------------------------------------
# Every Taverner card carries the same Story Points reference (1/3/6/10/15 points for
# stories of 1..5 distinct themes) and one Taverner Special, which a Hero with the
# Cheers ability performs.
TAVERNERS: tuple[dict[str, Any], ...] = (
    {"id": 0, "name": "Alligator", "special": "Snap & Mend",
     "text": "Attack an active Hero of another player, then Heal a Coin in your tableau.",
     "short": "Attack, then Heal", "ops": ("target", "attack", "heal")},
    {"id": 1, "name": "Bear", "special": "Copycat Cider",
     "text": "Copy the ability of one of the Heroes in your tableau.",
     "short": "Copy a tableau Hero's ability", "ops": ("copy",)},
    {"id": 2, "name": "Toucan", "special": "Tip Jar",
     "text": "Steal 1 Coin from each other player.",
     "short": "Steal 1 Coin from each other player", "ops": ("each",)},
    {"id": 3, "name": "Hare", "special": "Quick Draught",
     "text": "While this Taverner card is face-up, add 3 to the Initiative of every Hero you activate.",
     "short": "+3 Initiative to all your Heroes while face-up", "ops": ()},
)
QUICK_TAVERNER = 3  # the Taverner whose special is the standing +3 Initiative draught

# --- tables precomputed for the engine's hot paths ------------------------------------
THEME_INDEX = {t: i for i, t in enumerate(THEMES)}
N_HEROES = len(HEROES)
H_INIT = tuple(h["initiative"] for h in HEROES)
H_THEME = tuple(THEME_INDEX[h["theme"]] for h in HEROES)
H_BOOST = tuple("Boost" in h["abilities"] for h in HEROES)
H_CHEERS = tuple("Cheers" in h["abilities"] for h in HEROES)
H_NAME = tuple(h["name"] for h in HEROES)
DECKS = {n: tuple(h["id"] for h in HEROES if n in h["players"]) for n in (2, 3, 4)}

_ABILITY_OPS = {"Attack": ("attack",), "Counter": ("counter",), "Steal": ("steal",), "Heal": ("heal",)}
TARGETED = frozenset(("attack", "counter", "steal"))


def hero_ops(card: int, taverner: int) -> tuple[str, ...]:
    """The steps a Hero performs when it acts: its abilities, in printed order.

    Targeted abilities share one target, chosen once (the "target" step) before
    them. Cheers performs the owner's Taverner Special; Boost works from the tableau.
    """
    ops: list[str] = []
    for ab in HEROES[card]["abilities"]:
        if ab == "Cheers":
            ops.extend(TAVERNERS[taverner]["ops"])
        elif ab in _ABILITY_OPS:
            op = _ABILITY_OPS[ab][0]
            if op in TARGETED and "target" not in ops:
                ops.append("target")
            ops.append(op)
    return tuple(ops)


# Ops a Hero in the tableau lends to the Bear's Copycat Cider (its own abilities only;
# Boost, Cheers and no-ability Heroes have nothing to copy).
COPY_OPS = tuple(hero_ops(c, -1) if not (H_BOOST[c] or H_CHEERS[c]) else () for c in range(N_HEROES))
OPS = tuple(tuple(hero_ops(c, t) for t in range(len(TAVERNERS))) for c in range(N_HEROES))


def hero_label(card: int) -> str:
    h = HEROES[card]
    return f"{h['name']} {h['animal']}"


def ability_label(card: int) -> str:
    abilities = HEROES[card]["abilities"]
    return " + ".join(abilities) if abilities else "no ability"
