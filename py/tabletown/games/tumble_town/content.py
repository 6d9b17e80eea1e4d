"""Tumble Town content as data: dice, Building Plans, Horses, Town cards, Plan Ends.

The rulebook names most components without printing them; the tables below are
Tabletown's own content, written to fit every example and count in the rulebook
(see docs/content/tumble-town.md).

Geometry of a building: every die position is (level, x). Level-1 dice sit at even
x (0, 2, 4…), one per *section* (plot width). A die on a higher level sits either
straight on top (even x) or between two dice below (odd x), so it covers half of
each of the two sections under it. The height over each half of a section is the
highest level covering it; a section counts every height its two halves show. That
makes the Saloon both height 1 and 2 over both of its sections, and the Bath House
1 over two sections and 3 over the third, as the rulebook describes.
"""

from __future__ import annotations

from typing import Any

COLORS = ("brown", "gray", "black", "gold")
PLAIN = ("brown", "gray", "black")  # the non-gold colours
DICE_TOTAL = {"brown": 28, "gray": 24, "black": 24, "gold": 24}
ICONS = ("hat", "pickaxe", "horseshoe", "boot")
FEATURES = ("windmill", "agave")

# Points lost for each Penalty token (the rulebook leaves the value to the score pad).
PENALTY_VALUE = 2

# Setup tables: plans kept per deck, dice of each colour returned to the box.
PLANS_PER_DECK = {4: 13, 3: 11, 2: 9, 1: 11}
DICE_RETURNED = {4: 0, 3: 6, 2: 12, 1: 6}
SURVEYOR_EXTRA_RETURNED = 10
# Starting dice by seat count and seat order; "gray|black" is the player's choice.
STARTING_DICE: dict[int, list[list[str]]] = {
    4: [["brown", "brown"], ["brown", "brown"], ["brown", "brown", "gray|black"], ["brown", "brown", "gold"]],
    3: [["brown", "brown"], ["brown", "brown"], ["brown", "brown", "gold"]],
    2: [["brown", "brown"], ["brown", "brown", "gold"]],
    1: [["brown", "brown"]],
}

# The Storehouse printed on every Town card: one space per die, by colour.
STOREHOUSE = ("brown", "brown", "gray", "black", "gold")
EXTRA_SPACES = 3  # from the one-time power that adds Storehouse spaces (any colour)

LEVEL_NAMES = {1: "1-cactus", 2: "2-cactus", 3: "3-cactus"}

# ---------------------------------------------------------------------------------
# Plan backs: which dice a claim from that row takes. "fixed" dice are taken first,
# then each "choice" slot is one die of a colour the player picks from the list.
BACKS: dict[str, dict[str, Any]] = {
    "cactus1": {"fixed": ["brown", "brown"], "choice": [list(PLAIN)], "color": "brown"},
    "cactus2-gray": {"fixed": ["gray", "gray"], "choice": [list(PLAIN)], "color": "gray"},
    "cactus2-black": {"fixed": ["black", "black"], "choice": [list(PLAIN)], "color": "black"},
    "cactus3": {"fixed": ["gold"], "choice": [list(PLAIN), list(PLAIN)], "color": "gold"},
    # The three Plan End cards are alike: two brown, gray or black dice of the player's
    # choice. For the Outlaw's gray die a visible Plan End counts as a gray back.
    "plan-end": {"fixed": [], "choice": [list(PLAIN), list(PLAIN)], "color": "gray"},
}

# ---------------------------------------------------------------------------------
# Shapes: die positions (level, x). Colours are given per plan in the same order.
SHAPES: dict[str, tuple[tuple[int, int], ...]] = {
    "duo": ((1, 0), (1, 2)),
    "stack": ((1, 0), (2, 0)),
    "trio": ((1, 0), (1, 2), (1, 4)),
    "gable": ((1, 0), (1, 2), (2, 1)),
    "step": ((1, 0), (1, 2), (2, 2)),
    "tower": ((1, 0), (2, 0), (3, 0)),
    "quad": ((1, 0), (1, 2), (1, 4), (1, 6)),
    "hall": ((1, 0), (1, 2), (1, 4), (2, 2)),
    "lean": ((1, 0), (1, 2), (1, 4), (2, 1)),
    "keep": ((1, 0), (1, 2), (2, 0), (2, 2)),
    "steeple": ((1, 0), (1, 2), (2, 1), (3, 1)),
    "bath": ((1, 0), (1, 2), (1, 4), (2, 4), (3, 4)),
    "pyramid": ((1, 0), (1, 2), (1, 4), (2, 1), (2, 3)),
    "manor": ((1, 0), (1, 2), (1, 4), (1, 6), (2, 3)),
    "spire": ((1, 0), (1, 2), (1, 4), (2, 1), (2, 3), (3, 2)),
    "castle": ((1, 0), (1, 2), (1, 4), (1, 6), (2, 1), (2, 5)),
}

# Position colour letters: b brown, g gray, k black, y gold, n any non-gold, a any.
COLOR_LETTERS = {"b": "brown", "g": "gray", "k": "black", "y": "gold", "n": "plain", "a": "any"}

# Value requirements.
REQUIREMENT_KINDS = ("none", "range", "pairs", "seq", "distinct", "odd", "even", "sum_le", "sum_eq", "sum_ge")
# Powers: once per turn (brown), one time when constructed (gray), end game (yellow).
ONCE_PER_TURN = ("flip", "plusminus", "adjust1", "black_split", "adjust2", "reroll", "swap")
ONE_TIME = ("gain_die", "warehouse", "tokens")
END_GAME = ("pairs", "feature", "height", "sets", "neighbor")


def _r(text: str) -> dict[str, Any]:
    """A value requirement from its short form: '3-5', 'AA-BB', 'ABC', '!=', 'ODD', 'EVEN',
    '<=8', '=9', '>=24' or '-' for none."""
    if text == "-":
        return {"k": "none"}
    if text == "AA-BB":
        return {"k": "pairs"}
    if text == "ABC":
        return {"k": "seq"}
    if text == "!=":
        return {"k": "distinct"}
    if text == "ODD":
        return {"k": "odd"}
    if text == "EVEN":
        return {"k": "even"}
    if text.startswith("<="):
        return {"k": "sum_le", "n": int(text[2:])}
    if text.startswith(">="):
        return {"k": "sum_ge", "n": int(text[2:])}
    if text.startswith("="):
        return {"k": "sum_eq", "n": int(text[1:])}
    lo, hi = text.split("-")
    return {"k": "range", "lo": int(lo), "hi": int(hi)}


def _p(text: str) -> dict[str, Any]:
    """A power from its short form, e.g. 'adjust1', 'feature:windmill:2', 'height:2:1'."""
    parts = text.split(":")
    kind = parts[0]
    if kind == "feature":
        return {"k": "feature", "f": parts[1], "pts": int(parts[2])}
    if kind == "height":
        return {"k": "height", "h": int(parts[1]), "pts": int(parts[2])}
    if kind in ("pairs", "sets"):
        return {"k": kind, "pts": int(parts[1])}
    if kind == "neighbor":
        return {"k": "neighbor", "icon": parts[1], "pts": int(parts[2])}
    if kind == "tokens":
        return {"k": "tokens", "n": 3}
    return {"k": kind}


# level, name, points, style, features, shape, colours, requirement, power, back (2-cactus)
_PLANS: tuple[tuple[Any, ...], ...] = (
    # --- 1-cactus deck (18) -------------------------------------------------------
    (1, "Saloon", 2, "horseshoe", "", "gable", "bbg", "-", "adjust1", ""),
    (1, "General Store", 1, "hat", "agave", "duo", "bb", "EVEN", "gain_die", ""),
    (1, "Blacksmith", 2, "pickaxe", "", "step", "bkb", "4-6", "flip", ""),
    (1, "Stable", 2, "horseshoe", "agave", "trio", "bbb", "ODD", "reroll", ""),
    (1, "Jail", 1, "boot", "", "stack", "bk", "<=6", "black_split", ""),
    (1, "Post Office", 3, "hat", "windmill", "trio", "bgb", "ABC", "plusminus", ""),
    (1, "Barber Shop", 1, "boot", "", "duo", "bg", "!=", "adjust1", ""),
    (1, "Bakery", 2, "hat", "windmill", "gable", "bbk", "1-3", "gain_die", ""),
    (1, "Livery", 2, "horseshoe", "agave", "trio", "bbg", "3-6", "reroll", ""),
    (1, "Chapel", 2, "boot", "", "tower", "bgk", "<=9", "tokens", ""),
    (1, "Schoolhouse", 3, "hat", "", "hall", "bbbg", "EVEN", "adjust1", ""),
    (1, "Undertaker", 2, "boot", "agave", "step", "kbk", "ODD", "black_split", ""),
    (1, "Feed Store", 2, "pickaxe", "windmill", "trio", "bbn", "2-4", "gain_die", ""),
    (1, "Cooperage", 2, "pickaxe", "", "trio", "bbk", "=9", "plusminus", ""),
    (1, "Well House", 3, "horseshoe", "agave", "keep", "bbgg", "AA-BB", "gain_die", ""),
    (1, "Smokehouse", 2, "boot", "windmill", "gable", "bkb", "3-5", "adjust1", ""),
    (1, "Telegraph Office", 1, "pickaxe", "", "duo", "gb", "ODD", "reroll", ""),
    (1, "Candle Maker", 2, "hat", "agave", "gable", "bgb", "<=8", "flip", ""),
    # --- 2-cactus deck (18, three Dance Halls) ----------------------------------------
    (2, "Printing House", 4, "hat", "", "manor", "bgknn", "ODD", "swap", "gray"),
    (2, "Bath House", 4, "horseshoe", "agave", "bath", "ybbga", "2-5", "adjust2", "black"),
    (2, "Dance Hall", 3, "boot", "windmill", "lean", "ggkb", "!=", "neighbor:horseshoe:1", "gray"),
    (2, "Dance Hall", 3, "hat", "agave", "lean", "kkgb", "!=", "neighbor:horseshoe:1", "black"),
    (2, "Dance Hall", 3, "pickaxe", "", "lean", "gkgb", "!=", "neighbor:horseshoe:1", "gray"),
    (2, "Hotel", 3, "hat", "windmill", "step", "ggk", "EVEN", "flip", "black"),
    (2, "Sheriff's Office", 4, "boot", "", "keep", "kkgg", "AA-BB", "adjust2", "gray"),
    (2, "Gunsmith", 3, "pickaxe", "", "gable", "kgk", "4-6", "reroll", "black"),
    (2, "Assay Office", 4, "pickaxe", "windmill", "steeple", "ggky", ">=16", "tokens", "gray"),
    (2, "Freight Depot", 2, "horseshoe", "", "quad", "bgkn", "-", "warehouse", "black"),
    (2, "Mercantile", 4, "horseshoe", "agave", "hall", "gbgk", "ABC", "plusminus", "gray"),
    (2, "Boarding House", 4, "boot", "agave", "hall", "bggk", "1-4", "gain_die", "black"),
    (2, "Trading Post", 3, "horseshoe", "windmill", "lean", "gkkn", "<=12", "black_split", "gray"),
    (2, "Doctor's Office", 3, "hat", "", "tower", "gkg", "3-6", "adjust2", "black"),
    (2, "Land Office", 4, "pickaxe", "agave", "keep", "gkkg", "=14", "flip", "gray"),
    (2, "Newspaper", 4, "hat", "windmill", "lean", "gbkg", "EVEN", "reroll", "black"),
    (2, "Tannery", 3, "boot", "agave", "step", "kkb", "ODD", "black_split", "gray"),
    (2, "Grain Mill", 3, "horseshoe", "windmill", "trio", "ggk", "1-3", "gain_die", "black"),
    # --- 3-cactus deck (16) --------------------------------------------------------
    (3, "Bank", 6, "pickaxe", "", "pyramid", "yyykk", ">=24", "feature:windmill:2", ""),
    (3, "Town Hall", 5, "hat", "windmill", "manor", "yybgk", "-", "sets:6", ""),
    (3, "Opera House", 6, "boot", "", "spire", "gyggky", "3-6", "height:2:1", ""),
    (3, "Cantina", 3, "horseshoe", "agave", "hall", "yabk", "ODD", "feature:agave:2", ""),
    (3, "Courthouse", 5, "pickaxe", "windmill", "manor", "yygkb", "ABC", "pairs:3", ""),
    (3, "Train Depot", 4, "boot", "windmill", "quad", "yykk", "AA-BB", "height:1:1", ""),
    (3, "Church", 4, "hat", "", "steeple", "yygk", "!=", "sets:6", ""),
    (3, "Water Tower", 3, "horseshoe", "windmill", "tower", "kgy", "<=8", "feature:windmill:2", ""),
    (3, "Distillery", 4, "boot", "agave", "lean", "ybab", "1-4", "feature:agave:2", ""),
    (3, "Silver Mine", 4, "pickaxe", "", "keep", "yykk", ">=18", "pairs:3", ""),
    (3, "Clock Tower", 4, "horseshoe", "", "hall", "ygyk", "EVEN", "adjust2", ""),
    (3, "Railroad Office", 5, "pickaxe", "windmill", "manor", "ykgbg", "-", "reroll", ""),
    (3, "Fort", 6, "boot", "", "castle", "yakkag", "EVEN", "plusminus", ""),
    (3, "Grand Hotel", 5, "horseshoe", "agave", "pyramid", "bgyka", "2-5", "warehouse", ""),
    (3, "Mine Office", 3, "pickaxe", "agave", "trio", "yyk", "ODD", "tokens", ""),
    (3, "Lookout", 4, "hat", "windmill", "quad", "yayk", "!=", "height:2:2", ""),
)


def _build_plans() -> tuple[dict[str, Any], ...]:
    plans = []
    for pid, row in enumerate(_PLANS):
        level, name, points, style, feats, shape, colors, req, power, back = row
        positions = SHAPES[shape]
        assert len(colors) == len(positions), name
        pw = _p(power)
        plans.append({
            "id": pid,
            "level": level,
            "name": name,
            "points": points,
            "style": style,
            "features": [f for f in feats.split(",") if f],
            "shape": shape,
            "pos": [list(p) for p in positions],
            "colors": [COLOR_LETTERS[c] for c in colors],
            "req": _r(req),
            "power": pw,
            "ptype": "once" if pw["k"] in ONCE_PER_TURN else "one" if pw["k"] in ONE_TIME else "end",
            "back": ("cactus1" if level == 1 else "cactus3" if level == 3 else "cactus2-" + back),
            "width": max(x for _, x in positions) // 2 + 1,
        })
    return tuple(plans)


PLANS: tuple[dict[str, Any], ...] = _build_plans()
PLAN_BY_NAME: dict[str, dict[str, Any]] = {}
for _plan in PLANS:
    PLAN_BY_NAME.setdefault(_plan["name"], _plan)


def is_gold_building(plan: dict[str, Any]) -> bool:
    """A gold building carries an end-game scoring power (the yellow band)."""
    return plan["ptype"] == "end"


# ---------------------------------------------------------------------------------
HORSES: tuple[dict[str, Any], ...] = (
    {"id": 0, "name": "Buttercup", "icon": "hat"},
    {"id": 1, "name": "Sarsaparilla", "icon": "pickaxe"},
    {"id": 2, "name": "Old Lucky", "icon": "horseshoe"},
    {"id": 3, "name": "Tumbleweed", "icon": "boot"},
)

# ---------------------------------------------------------------------------------
# Town cards. Main Street runs between a north and a south row of plots; each plot
# carries one request. Request codes: "any" (any building section), "h1".."h3" (a
# section of that height), "<colour letter><level>" e.g. "b1" (a brown die on level
# 1 of that section), "alley" (left empty with buildings on the plots beside it),
# "cactus" (cannot be built on; scores as an alley), "-" (no request).
PLOTS = 8
TOWN_TYPES = ("easy", "hard", "cactus", "dueling")
TOWN_NAMES = {"easy": "Easy", "hard": "Hard", "cactus": "Cactus", "dueling": "Dueling Streets"}
TOWNS: dict[str, dict[str, Any]] = {
    "easy": {
        "rows": [["h3", "b1", "g1", "alley", "h2", "any", "k1", "h1"],
                 ["any", "h1", "y1", "h2", "alley", "b1", "any", "h2"]],
        "extra": "",
    },
    "hard": {
        "rows": [["y1", "h3", "alley", "g2", "h2", "k1", "b2", "h3"],
                 ["h3", "k2", "b1", "alley", "y2", "h2", "g1", "b2"]],
        "extra": "Requests ask for dice on upper levels.",
    },
    "cactus": {
        "rows": [["b1", "cactus", "h2", "any", "cactus", "g1", "h1", "any"],
                 ["h2", "k1", "cactus", "y1", "h1", "cactus", "b1", "any"]],
        "extra": "Cactus plots cannot be built on; each scores 1 like an alley.",
    },
    "dueling": {
        "rows": [["b1", "h2", "k1", "h1", "g1", "h3", "y1", "any"],
                 ["h1", "g1", "h2", "b1", "h3", "y1", "k1", "any"]],
        "extra": "Face-off: 1 point for each column built on both sides of Main Street.",
    },
}
# Eight double-sided Town cards: four Easy/Hard and four Cactus/Dueling Streets.
TOWN_CARDS: tuple[tuple[str, str], ...] = (("easy", "hard"),) * 4 + (("cactus", "dueling"),) * 4

PLAN_END_CARDS = 3
BEST_IN_THE_WEST = ("Best in the West: the winner names the town and picks the Town card "
                    "for the next game, and everyone else tips their hat.")

# No Outlaw scoring chart (also used by the Sole Surveyor): the least score for each verdict.
VERDICTS: tuple[tuple[int, str], ...] = (
    (-(10 ** 6), "You've built up Tumble Town, but it's practically a ghost town. No one wants to stay for some reason."),
    (45, "Tumble Town is slowly growing! Residents are moving in, but you'll really have to work to be reelected."),
    (55, "Tumble Town is definitely on the rise! Someone even named their horse after you!"),
    (65, "Tumble Town is indeed the place to be! They've even named the Saloon after you!"),
)



def verdict(score: int) -> str:
    return [text for need, text in VERDICTS if score >= need][-1]


# Mission Mode: score needed and the extra requirement.
MISSIONS: tuple[dict[str, Any], ...] = (
    {"n": 1, "score": 40, "text": "Build at least four buildings with the style icon on your horse"},
    {"n": 2, "score": 42, "text": "Build at least two buildings from each level"},
    {"n": 3, "score": 44, "text": "Build at least four buildings from level 2"},
    {"n": 4, "score": 46, "text": "Build at least three gold buildings"},
    {"n": 5, "score": 48, "text": "Gain at least 13 points from Main Street"},
    {"n": 6, "score": 50, "text": "Gain at least 12 points from end game scoring conditions on gold buildings"},
    {"n": 7, "score": 52, "text": "Build one or fewer level 1 buildings"},
    {"n": 8, "score": 54, "text": "Have at least one of every building style icon in your town"},
    {"n": 9, "score": 56, "text": "Have at least three buildings with the same shape in your town"},
    {"n": 10, "score": 58, "text": "Have buildings with all unique shapes"},
)
