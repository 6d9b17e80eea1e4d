"""Tavern Tussle content: 54 Hero cards and 4 Taverner cards, read from `data/*.json`.

- `data/kinds.json`: what every Hero of one name shares — its Initiative and abilities.
- `data/heroes.json`: one row per card — its name (`kind`), animal, Story Theme and Player
  Count (`players`: the numbers of players the card is used with).
- `data/taverners.json`: the four Taverners and their Specials; `effect` names the
  handler below that says what drinking the Special does; `story_points` is the card's
  Story Points field, the points the Taverner adds to its player's final score at 2, 3
  and 4 players, listed by the rules version that set them (from rules version 3).
- `data/abilities.json`: the rulebook's words for each Hero ability.
- `data/version1.json`: the values the cards had under rules version 1, where they differ
  from today's (see `Edition`).

The rulebook prints no card list; docs/content/tavern-tussle.md says what Tabletown
authored and how it was balanced. Every printed theme is Luck, Battle, Journey or Elixir:
Coin is the back of every Hero card ("having flipped cards in your tableau is the only way
to score Coins").

Abilities become small steps ("ops") that the rules run one by one:
"target" (choose the one player all targeted steps hit), "attack", "counter", "steal",
"heal", "copy" (the Bear's Special) and "each" (the Toucan's Special).
"""

from __future__ import annotations

from typing import Any

from ...engine.content import Catalog, ContentError, Effects, load_catalog

KINDS = load_catalog(__package__, "kinds")
HERO_CARDS = load_catalog(__package__, "heroes")
TAVERNER_CARDS = load_catalog(__package__, "taverners")
ABILITY_ROWS = load_catalog(__package__, "abilities")
VERSION_1 = load_catalog(__package__, "version1")
CATALOGS: dict[str, Catalog] = {
    "heroes": HERO_CARDS,
    "kinds": KINDS,
    "taverners": TAVERNER_CARDS,
    "abilities": ABILITY_ROWS,
}
# The catalogues that are pieces in the box, by the rulebook's name for them (its Components).
COMPONENTS = {"heroes": "Hero Cards", "taverners": "Taverner Cards"}

THEMES = ("Luck", "Battle", "Journey", "Elixir", "Coin")
LUCK, BATTLE, JOURNEY, ELIXIR, COIN = range(5)
PRINTED_THEMES = THEMES[:4]
THEME_INDEX = {t: i for i, t in enumerate(THEMES)}
ABILITIES = tuple(row["id"] for row in ABILITY_ROWS)
ABILITY = {row["id"]: row for row in ABILITY_ROWS}
TAVERNERS: tuple[dict[str, Any], ...] = tuple(TAVERNER_CARDS)
if [t["id"] for t in TAVERNERS] != list(range(len(TAVERNERS))):
    raise ContentError("taverners: ids must run 0, 1, 2… in order")

# --- what drinking a Taverner Special does (a Hero with Cheers acting) -----------------
EFFECTS = Effects("tavern-tussle")


@EFFECTS.handler("snap_and_mend")
def _snap_and_mend() -> tuple[str, ...]:
    """Attack an active Hero of another player, then Heal a Coin in your tableau."""
    return ("target", "attack", "heal")


@EFFECTS.handler("copycat_cider")
def _copycat_cider() -> tuple[str, ...]:
    """Copy the ability of one of the Heroes in your tableau."""
    return ("copy",)


@EFFECTS.handler("tip_jar")
def _tip_jar() -> tuple[str, ...]:
    """Steal 1 Coin from each other player."""
    return ("each",)


@EFFECTS.handler("quick_draught")
def _quick_draught() -> tuple[str, ...]:
    """Nothing happens when it is drunk: the Cheers Hero adds Initiative from the tableau
    (the Taverner's `initiative_bonus`)."""
    return ()


SPECIAL_OPS = tuple(EFFECTS(t["effect"]) for t in TAVERNERS)
BOOST_BONUS = ABILITY["Boost"]["initiative_bonus"]
# Initiative the Hare's Quick Draught adds (0 for the other Taverners).
DRAUGHT_BONUS = tuple(t["initiative_bonus"] for t in TAVERNERS)
# The Taverner card's Story Points: added to its player's final score, by the number of
# players (rules version 3 on; earlier versions scored the stories alone). `story_points`
# lists the values of every rules version that changed them; a game scores with those of
# the latest such version not after its own, so a retuned card never changes a saved game.
# From version 5 a card may print its own value for the 3–4 player Advanced Variant ("3A",
# "4A"), where off-limits Taverners change who can be stolen from and attacked; otherwise
# the Advanced Variant uses its player count's.
STORY_POINTS_FROM = 3
# From version 6 a game scores as the rulebook does, its stories alone, unless it was begun
# with the "Taverner bonus points" option (state "taverner_bonus"): then the cards' points
# are added as in version 5, with version 5's values.
BONUS_OPTIONAL_FROM = 6
ADVANCED_KEYS = {"3A": 3, "4A": 4}


def _story_point_row(row: dict[str, Any]) -> dict[Any, int]:
    """A card's Story Points of one version: {2: …, 3: …, 4: …} and, when printed, ("A", 3)
    and ("A", 4) for the Advanced Variant."""
    base = {int(k): x for k, x in row.items() if k not in ADVANCED_KEYS}
    advanced = {("A", ADVANCED_KEYS[k]): x for k, x in row.items() if k in ADVANCED_KEYS}
    if sorted(base) != [2, 3, 4] or not all(type(v) is int and v >= 0 for v in row.values()):
        raise ContentError("taverners: story_points gives a whole number of points for 2, 3 and 4 players "
                           "(and, if printed, for the Advanced Variant at 3A and 4A)")
    return {**base, **advanced}


STORY_POINTS_BY_VERSION: dict[int, tuple[dict[Any, int], ...]] = {
    int(v): tuple(_story_point_row(t["story_points"][v]) for t in TAVERNERS)
    for v in TAVERNERS[0]["story_points"]}
if any(sorted(t["story_points"]) != sorted(TAVERNERS[0]["story_points"]) for t in TAVERNERS):
    raise ContentError("taverners: every card lists its Story Points for the same rules versions")
# Today's Story Points (the latest version's), as the cards print them.
TAVERNER_STORY_POINTS = STORY_POINTS_BY_VERSION[max(STORY_POINTS_BY_VERSION)]


def counts_taverner_points(game: dict[str, Any]) -> bool:
    """Whether a game's scores (`game`: its state or a view of it) add the Taverner cards'
    points: never before rules version 3, always in versions 3 to 5, from version 6 only
    with the "Taverner bonus points" option."""
    version = game["v"]
    if version < STORY_POINTS_FROM:
        return False
    return version < BONUS_OPTIONAL_FROM or game["taverner_bonus"]


def taverner_points(taverner: int, seats: int, version: int, advanced: bool = False) -> int:
    """The Story Points a Taverner card adds to its player's final score in a game of `version`
    (`advanced`: the 3–4 player Advanced Variant)."""
    if version < STORY_POINTS_FROM:
        return 0
    printed = STORY_POINTS_BY_VERSION[max(v for v in STORY_POINTS_BY_VERSION if v <= version)][taverner]
    return printed.get(("A", seats), printed[seats]) if advanced else printed[seats]


_ABILITY_OPS = {"Attack": "attack", "Counter": "counter", "Steal": "steal", "Heal": "heal"}
TARGETED = frozenset(("attack", "counter", "steal"))


def hero_ops(abilities: tuple[str, ...], taverner: int) -> tuple[str, ...]:
    """The steps a Hero with `abilities` performs when it acts, in printed order.

    Targeted abilities share one target ("all abilities on a card target the same
    player"), chosen once by the "target" step before them. Cheers performs the owner's
    Taverner Special; Boost works from the tableau and does nothing when it acts.
    """
    ops: list[str] = []
    for ability in abilities:
        if ability == "Cheers":
            if taverner >= 0:
                ops.extend(SPECIAL_OPS[taverner])
        elif ability in _ABILITY_OPS:
            op = _ABILITY_OPS[ability]
            if op in TARGETED and "target" not in ops:
                ops.append("target")
            ops.append(op)
    return tuple(ops)


class Edition:
    """The Hero cards as one rules version plays them, with the tables the rules and the
    bots look things up in. A game keeps the edition of the version it began under, so a
    game saved or shared before the cards were retuned replays as it was played."""

    def __init__(self, version: int, kinds: dict[str, dict[str, Any]], cards: list[dict[str, Any]]):
        self.version = version
        self.heroes: tuple[dict[str, Any], ...] = tuple(_hero(row, kinds) for row in cards)
        if [h["id"] for h in self.heroes] != list(range(len(self.heroes))):
            raise ContentError("heroes: ids must run 0, 1, 2… in order")
        n = len(self.heroes)
        self.init = tuple(h["initiative"] for h in self.heroes)
        self.boost = tuple("Boost" in h["abilities"] for h in self.heroes)
        self.cheers = tuple("Cheers" in h["abilities"] for h in self.heroes)
        self.decks = {p: tuple(h["id"] for h in self.heroes if p in h["players"]) for p in (2, 3, 4)}
        self.ops = tuple(tuple(hero_ops(h["abilities"], t) for t in range(len(TAVERNERS))) for h in self.heroes)
        # What a tableau Hero lends to the Bear's Copycat Cider (its own abilities only:
        # Boost, Cheers and Heroes without an ability have nothing to copy).
        self.copy_ops = tuple(() if (self.boost[c] or self.cheers[c]) else hero_ops(self.heroes[c]["abilities"], -1)
                              for c in range(n))


def _hero(row: dict[str, Any], kinds: dict[str, dict[str, Any]]) -> dict[str, Any]:
    kind = kinds.get(row["kind"])
    if kind is None:
        raise ContentError(f"heroes: card {row['id']} names an unknown kind {row['kind']!r}")
    if row["theme"] not in PRINTED_THEMES:
        raise ContentError(f"heroes: card {row['id']} has no printed theme ({row['theme']!r})")
    if not row["players"] or not set(row["players"]) <= {2, 3, 4}:
        raise ContentError(f"heroes: card {row['id']} has a Player Count of {row['players']!r}")
    for ability in kind["abilities"]:
        if ability not in ABILITY:
            raise ContentError(f"kinds: {row['kind']} has an unknown ability {ability!r}")
    return {"id": row["id"], "name": row["kind"], "animal": row["animal"], "initiative": kind["initiative"],
            "theme": row["theme"], "players": tuple(row["players"]), "abilities": tuple(kind["abilities"])}


def _version_1() -> Edition:
    """Version 1's cards: today's, with the values `data/version1.json` lists put back."""
    kinds = {k: dict(row) for k, row in KINDS.by_id.items()}
    cards = [dict(row) for row in HERO_CARDS]
    for change in VERSION_1:
        fields = {k: v for k, v in change.items() if k not in ("kind", "hero")}
        if "kind" in change:
            kinds[change["kind"]].update(fields)
        else:
            cards[change["hero"]].update(fields)
    return Edition(1, kinds, cards)


CURRENT_VERSION = 6
# Version 3 added the Taverners' Story Points, versions 4 and 5 retuned them and version 6
# made them an option; all kept version 2's Hero cards.
EDITIONS = {**{v: Edition(v, dict(KINDS.by_id), list(HERO_CARDS)) for v in range(CURRENT_VERSION, 1, -1)},
            1: _version_1()}
# Today's cards, for the content notes and the tests; the rules look up a game's own edition.
HEROES = EDITIONS[CURRENT_VERSION].heroes
DECKS = EDITIONS[CURRENT_VERSION].decks
for _edition in EDITIONS.values():
    if [(h["name"], h["animal"], h["theme"]) for h in _edition.heroes] != [(h["name"], h["animal"], h["theme"])
                                                                          for h in HEROES]:
        raise ContentError("an older edition may change a Hero's Initiative, abilities or Player Count, "
                           "never its name, animal or theme (the log and the scoring read them)")
H_THEME = tuple(THEME_INDEX[h["theme"]] for h in HEROES)


def hero_name(card: int) -> str:
    return HEROES[card]["name"]


def hero_label(card: int) -> str:
    """'Archer fox': the Hero's name and animal (two cards never share both)."""
    h = HEROES[card]
    return f"{h['name']} {h['animal']}"
