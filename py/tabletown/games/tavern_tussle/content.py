"""Tavern Tussle content: 54 Hero cards and 4 Taverner cards, read from `data/*.json`.

- `data/kinds.json`: what every Hero of one name shares — its Initiative and abilities.
- `data/heroes.json`: one row per card — its name (`kind`), animal, Story Theme and Player
  Count (`players`: the smallest number of players the card is used with, so 2 means
  "2+", 3 means "3+", 4 means "4 players only").
- `data/taverners.json`: the four Taverners and their Specials; `effect` names the
  handler below that says what drinking the Special does.
- `data/abilities.json`: the rulebook's words for each Hero ability.

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
CATALOGS: dict[str, Catalog] = {
    "heroes": HERO_CARDS,
    "kinds": KINDS,
    "taverners": TAVERNER_CARDS,
    "abilities": ABILITY_ROWS,
}

THEMES = ("Luck", "Battle", "Journey", "Elixir", "Coin")
LUCK, BATTLE, JOURNEY, ELIXIR, COIN = range(5)
PRINTED_THEMES = THEMES[:4]
ABILITIES = tuple(row["id"] for row in ABILITY_ROWS)
ABILITY = {row["id"]: row for row in ABILITY_ROWS}


def _hero(row: dict[str, Any]) -> dict[str, Any]:
    kind = KINDS.by_id.get(row["kind"])
    if kind is None:
        raise ContentError(f"heroes: card {row['id']} names an unknown kind {row['kind']!r}")
    if row["theme"] not in PRINTED_THEMES:
        raise ContentError(f"heroes: card {row['id']} has no printed theme ({row['theme']!r})")
    if row["players"] not in (2, 3, 4):
        raise ContentError(f"heroes: card {row['id']} has a Player Count of {row['players']!r}")
    for ability in kind["abilities"]:
        if ability not in ABILITY:
            raise ContentError(f"kinds: {row['kind']} has an unknown ability {ability!r}")
    return {"id": row["id"], "name": row["kind"], "animal": row["animal"], "initiative": kind["initiative"],
            "theme": row["theme"], "players": row["players"], "abilities": tuple(kind["abilities"])}


HEROES: tuple[dict[str, Any], ...] = tuple(_hero(row) for row in HERO_CARDS)
if [h["id"] for h in HEROES] != list(range(len(HEROES))):
    raise ContentError("heroes: ids must run 0, 1, 2… in order")
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

# --- tables for the rules' hot paths ----------------------------------------------------
THEME_INDEX = {t: i for i, t in enumerate(THEMES)}
N_HEROES = len(HEROES)
H_INIT = tuple(h["initiative"] for h in HEROES)
H_THEME = tuple(THEME_INDEX[h["theme"]] for h in HEROES)
H_BOOST = tuple("Boost" in h["abilities"] for h in HEROES)
H_CHEERS = tuple("Cheers" in h["abilities"] for h in HEROES)
BOOST_BONUS = ABILITY["Boost"]["initiative_bonus"]
# Initiative the Hare's Quick Draught adds (0 for the other Taverners).
DRAUGHT_BONUS = tuple(t["initiative_bonus"] for t in TAVERNERS)
DECKS = {n: tuple(h["id"] for h in HEROES if h["players"] <= n) for n in (2, 3, 4)}

_ABILITY_OPS = {"Attack": "attack", "Counter": "counter", "Steal": "steal", "Heal": "heal"}
TARGETED = frozenset(("attack", "counter", "steal"))


def hero_ops(card: int, taverner: int) -> tuple[str, ...]:
    """The steps a Hero performs when it acts: its abilities, in printed order.

    Targeted abilities share one target ("all abilities on a card target the same
    player"), chosen once by the "target" step before them. Cheers performs the owner's
    Taverner Special; Boost works from the tableau and does nothing when it acts.
    """
    ops: list[str] = []
    for ability in HEROES[card]["abilities"]:
        if ability == "Cheers":
            if taverner >= 0:
                ops.extend(SPECIAL_OPS[taverner])
        elif ability in _ABILITY_OPS:
            op = _ABILITY_OPS[ability]
            if op in TARGETED and "target" not in ops:
                ops.append("target")
            ops.append(op)
    return tuple(ops)


# Steps a tableau Hero lends to the Bear's Copycat Cider (its own abilities only: Boost,
# Cheers and Heroes without an ability have nothing to copy).
COPY_OPS = tuple(() if (H_BOOST[c] or H_CHEERS[c]) else hero_ops(c, -1) for c in range(N_HEROES))
OPS = tuple(tuple(hero_ops(c, t) for t in range(len(TAVERNERS))) for c in range(N_HEROES))


def hero_label(card: int) -> str:
    """'Archer fox': the Hero's name and animal (two cards never share both)."""
    h = HEROES[card]
    return f"{h['name']} {h['animal']}"


def ability_label(card: int) -> str:
    abilities = HEROES[card]["abilities"]
    return " + ".join(abilities) if abilities else "no ability"
