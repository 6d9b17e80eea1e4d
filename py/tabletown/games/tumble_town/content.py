"""Tumble Town content: the rulebook's tables, and the catalogues in `data/*.json`.

The rulebook names most components without printing them; the catalogues are
Tabletown's own content, written to fit every example and count in the rulebook
(see docs/content/tumble-town.md):

- plans.json     the 52 Building Plans (points, style icon, features, shape, colours,
                 value requirement, power; a 2-cactus plan also shows a gray or black die
                 on its back)
- shapes.json    the building shapes: die positions (level, x)
- backs.json     what a claim takes from the supply, by the back showing on the deck
- horses.json    the four Horses and their favoured style icon
- towns.json     the Town cards' Main Street requests
- missions.json  the ten missions of Mission Mode (the rulebook's list)
- verdicts.json  the No Outlaw scoring chart (the rulebook's lines)
- points-v1.json the points Tabletown's first release printed on the plans that were
                 worth one point less then (kept for games of rules version 1)

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

from tabletown.engine.content import Catalog, load_catalog

COLORS = ("brown", "gray", "black", "gold")
PLAIN = ("brown", "gray", "black")  # the non-gold colours
DICE_TOTAL = {"brown": 28, "gray": 24, "black": 24, "gold": 24}
ICONS = ("hat", "pickaxe", "horseshoe", "boot")
FEATURES = ("windmill", "agave")

# Points lost for each Penalty token (the rulebook leaves the value to the score pad):
# 1 since rules version 2; the first release took 2 (see penalty_value).
PENALTY_VALUE = 1

# The rulebook's setup tables: plans kept per deck, dice of each colour returned to the box.
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
LEVELS = ("1", "2", "3")  # the decks, by the cactus count on their backs (row r holds level r + 1)
PLAN_END_CARDS = 3
PLOTS = 8  # plots on each side of Main Street

# Value requirements and powers: once per turn (brown), one time when constructed
# (gray), end game (yellow: the gold buildings).
REQUIREMENT_KINDS = ("none", "range", "pairs", "seq", "distinct", "odd", "even", "sum_le", "sum_eq", "sum_ge")
ONCE_PER_TURN = ("flip", "plusminus", "adjust1", "black_split", "adjust2", "reroll", "swap")
ONE_TIME = ("gain_die", "warehouse", "tokens")
END_GAME = ("pairs", "feature", "height", "sets", "neighbor")

BEST_IN_THE_WEST = ("Best in the West: the winner names the town and picks the Town card "
                    "for the next game, and everyone else tips their hat.")

# --- the catalogues ------------------------------------------------------------------
CATALOGS: dict[str, Catalog] = {
    name: load_catalog(__package__, name)
    for name in ("plans", "points-v1", "shapes", "backs", "horses", "towns", "missions", "verdicts")
}
# The catalogues that are cards in the box, by the rulebook's name for them (its Components). Its
# (8) Town cards are not here: they carry the four kinds of town on their two sides, and the
# rulebook does not say which two share a card.
COMPONENTS = {"plans": "Building Plan cards", "horses": "Horse cards"}

SHAPES: dict[str, tuple[tuple[int, int], ...]] = {
    row["id"]: tuple((lv, x) for lv, x in row["pos"]) for row in CATALOGS["shapes"]
}
BACKS: dict[str, dict[str, Any]] = {row["id"]: row for row in CATALOGS["backs"]}


def _plan(row: dict[str, Any]) -> dict[str, Any]:
    positions = SHAPES[row["shape"]]
    kind = row["power"]["k"]
    level = row["level"]
    return {
        **row,
        "pos": [list(p) for p in positions],
        "ptype": "once" if kind in ONCE_PER_TURN else "one" if kind in ONE_TIME else "end",
        "back": "cactus1" if level == 1 else "cactus3" if level == 3 else row["back"],
        "width": max(x for _, x in positions) // 2 + 1,
    }


PLANS: tuple[dict[str, Any], ...] = tuple(_plan(row) for row in CATALOGS["plans"])
PLAN_BY_NAME: dict[str, dict[str, Any]] = {}
for _p in PLANS:
    PLAN_BY_NAME.setdefault(_p["name"], _p)

HORSES: tuple[dict[str, Any], ...] = tuple(CATALOGS["horses"])

# Town cards. Main Street runs between a north and a south row of plots; each plot
# carries one request: "any" (any building section), "h1".."h3" (a section of that
# height), "<colour letter><level>" e.g. "b1" (a brown die on level 1 of that section),
# "alley" (left empty with buildings on the plots beside it), "cactus" (cannot be built
# on; scores as an alley).
TOWNS: dict[str, dict[str, Any]] = {row["id"]: row for row in CATALOGS["towns"]}
TOWN_TYPES = tuple(TOWNS)
TOWN_NAMES = {t: TOWNS[t]["name"] for t in TOWN_TYPES}
# Eight double-sided Town cards: four Easy/Hard and four Cactus/Dueling Streets.
TOWN_CARDS: tuple[tuple[str, str], ...] = (("easy", "hard"),) * 4 + (("cactus", "dueling"),) * 4

MISSIONS: tuple[dict[str, Any], ...] = tuple(
    {"n": row["id"], "score": row["score"], "text": row["text"]} for row in CATALOGS["missions"]
)
# The No Outlaw scoring chart (also used by the Sole Surveyor): the least score for each verdict.
VERDICTS: tuple[dict[str, Any], ...] = tuple(CATALOGS["verdicts"])


def is_gold_building(plan: dict[str, Any]) -> bool:
    """A gold building carries an end-game scoring power (the yellow band)."""
    return plan["ptype"] == "end"


def verdict_index(score: int) -> int:
    """Which line of the No Outlaw chart a score reaches (0: less than the first line)."""
    reached = 0
    for i, row in enumerate(VERDICTS):
        if row["least"] is not None and score >= row["least"]:
            reached = i
    return reached


def verdict(score: int) -> str:
    return VERDICTS[verdict_index(score)]["text"]


def back_choices(back: str, version: int) -> list[list[str]]:
    """The dice a claim lets the player choose, by the back showing on the deck."""
    if back == "cactus3" and version < 2:
        return [list(PLAIN), list(PLAIN)]  # rules version 1 read "any two other dice" as non-gold
    return [list(s) for s in BACKS[back]["choice"]]


_POINTS_V1 = {row["id"]: row["points"] for row in CATALOGS["points-v1"]}


def points(plan: dict[str, Any], version: int) -> int:
    """The points printed on a plan, as they were under rules `version`."""
    if version < 2:
        return _POINTS_V1.get(plan["id"], plan["points"])
    return plan["points"]


def penalty_value(version: int) -> int:
    """Points lost for each Penalty token under rules `version`."""
    return 2 if version < 2 else PENALTY_VALUE
