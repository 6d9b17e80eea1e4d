"""Townsfolk Tussle's content, read from `data/*.json` (the language is described in
docs/content/townsfolk-tussle.md and checked at build and test time by `checks/`).

Families split over several files (`gear_peddler_<part>.json`, `feats_<part>.json`,
`events_<part>.json`, one `action_cards_<ruffian>.json` per Ruffian) are merged here.
Rows get their field defaults exactly as the checker reads them. The few rules the
language cannot say are effect handlers registered by name in `effects.py`.
"""

from __future__ import annotations

import json
import zlib
from importlib import resources
from typing import Any

from tabletown.engine.content import Catalog, Effects, load_data

from .shapes import terrain_pieces
from .vocabulary import FIELD_DEFAULTS, family_of

PACKAGE = __package__ or "tabletown.games.townsfolk_tussle"


def _data_files() -> dict[str, Any]:
    """The parsed data files by name (the page's build ships `data/*.json` with the game's modules)."""
    folder = resources.files(PACKAGE).joinpath("data")
    names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".json"))
    return {name[:-5]: load_data(PACKAGE, name[:-5]) for name in names}


def _read_all() -> dict[str, list[dict[str, Any]]]:
    """Every catalogue family's rows, defaults filled in (files in name order)."""
    files = _data_files()
    out: dict[str, list[dict[str, Any]]] = {}
    for name in sorted(files):
        family = family_of(name)
        if family is None:
            continue
        data = files[name]
        key = "gear" if family.startswith("gear_") else family
        base = FIELD_DEFAULTS.get(key, {})
        for row in data["rows"]:
            out.setdefault(family, []).append({**base, **data.get("defaults", {}), **row})
    return out


ROWS = _read_all()


def _by_id(family: str) -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in ROWS.get(family, [])}


TOWNSFOLK = _by_id("townsfolk")
TOWNSFOLK_IDS = [r["id"] for r in ROWS["townsfolk"]]
RUFFIANS = _by_id("ruffians")
RUFFIAN_IDS = [r["id"] for r in ROWS["ruffians"]]


def _merged(row: Any, over: Any) -> Any:
    """`row` with `over` laid on it: objects merge key by key, anything else is replaced."""
    if not isinstance(row, dict) or not isinstance(over, dict):
        return over
    return {**row, **{k: _merged(row.get(k), v) for k, v in over.items()}}


# The Ruffians' numbers were tuned in rules version 3 (harder at each Town Map level). A game begun
# under an older version plays on with the numbers it began with: data/v2/ruffians.json holds, per
# Ruffian, the fields as they were, laid over the row. Read a Ruffian through `ruffian(rid, v)`.
TUNED_FROM_VERSION = 3
_AS_IN_V2 = load_data(PACKAGE, "v2/ruffians")["ruffians"]
RUFFIANS_V2 = {rid: _merged(row, _AS_IN_V2.get(rid, {})) for rid, row in RUFFIANS.items()}


def ruffian(rid: str, version: int) -> dict[str, Any]:
    """A Ruffian's row as a game begun under rules `version` has it."""
    return RUFFIANS[rid] if version >= TUNED_FROM_VERSION else RUFFIANS_V2[rid]


ENDINGS = _by_id("endings")
TERRAIN = _by_id("terrain")
CHARTS = _by_id("charts")
FEATS = _by_id("feats")
EVENTS = _by_id("events")

GEAR: dict[str, dict[str, Any]] = {}
for _family in ("gear_starting", "gear_peddler", "gear_ruffian", "gear_unique", "gear_unlockable"):
    for _row in ROWS.get(_family, []):
        GEAR[_row["id"]] = _row

CARDS: dict[str, dict[str, Any]] = {r["id"]: r for r in ROWS.get("action_cards", [])}
DECKS: dict[str, list[str]] = {rid: [c["id"] for c in ROWS.get("action_cards", []) if c["ruffian"] == rid]
                               for rid in RUFFIAN_IDS}

BOARD = (CHARTS["board"]["cols"], CHARTS["board"]["rows"])
SETUP = CHARTS["setup"]
BREAKING_POINTS = sorted(CHARTS["breaking-points"]["hp"], reverse=True)
CRIT_CHART = CHARTS["crit-hit"]
LEVEL_NAMES = {lv["id"]: lv["name"] for lv in CHARTS["town-map"]["levels"]}
MAP_SIDES = {s["id"]: s["spaces"] for s in CHARTS["town-map"]["sides"]}

STARTING = {tid: [g["id"] for g in ROWS["gear_starting"] if g["townsfolk"] == tid] for tid in TOWNSFOLK_IDS}
ALTERNATIVE = {tid: [g["id"] for g in ROWS["gear_unlockable"] if g["townsfolk"] == tid] for tid in TOWNSFOLK_IDS}
UNLOCKS = {rid: [g["id"] for g in ROWS["gear_unlockable"] if g["unlocked_by"] == rid] for rid in RUFFIAN_IDS}
RUFFIAN_GEAR = {rid: [g["id"] for g in ROWS["gear_ruffian"] if g["ruffian"] == rid] for rid in RUFFIAN_IDS}
STAR_GEAR = {rid: next((g for g in RUFFIAN_GEAR[rid] if GEAR[g]["star"]), None) for rid in RUFFIAN_IDS}
# Peddler gear that a special objective adds to the Peddler deck once unlocked.
PEDDLER_UNLOCKS = {rid: [g for g in UNLOCKS[rid] if GEAR[g]["townsfolk"] is None] for rid in RUFFIAN_IDS}


def card_instances(rows: list[dict[str, Any]]) -> list[str]:
    """One name per physical card: the id, then `id~2`, `id~3`… for a row with copies."""
    out = []
    for row in rows:
        out.append(row["id"])
        for k in range(2, row.get("copies", 1) + 1):
            out.append(f"{row['id']}~{k}")
    return out


def base_id(instance: str) -> str:
    """The catalogue id of a card instance (`prize-pumpkin~2` -> `prize-pumpkin`)."""
    return instance.split("~", 1)[0]


def gear_of(instance: str) -> dict[str, Any]:
    row = _GEAR_OF.get(instance)
    return row if row is not None else GEAR[base_id(instance)]


PEDDLER_CARDS = card_instances(ROWS.get("gear_peddler", []))
_GEAR_OF: dict[str, dict[str, Any]] = dict(GEAR)
_GEAR_OF.update({inst: GEAR[base_id(inst)] for inst in PEDDLER_CARDS})
FEAT_CARDS = [r["id"] for r in ROWS.get("feats", [])]
EVENT_CARDS = card_instances(ROWS.get("events", []))
SECRET_EVENTS = {r["id"] for r in ROWS.get("events", []) if r["secret"]}


def ending_for(ruffian: str, result: str) -> dict[str, Any]:
    return next(e for e in ENDINGS.values() if e["ruffian"] == ruffian and e["result"] == result)


def pieces_of(terrain_id: str) -> dict[str, dict[str, Any]]:
    return terrain_pieces(TERRAIN[terrain_id])


def playable_ruffians() -> list[str]:
    """Ruffians whose action deck has cards (all twelve once every deck is written)."""
    return [rid for rid in RUFFIAN_IDS if DECKS[rid]]


CATALOGS: dict[str, Catalog] = {
    "townsfolk": Catalog("townsfolk", ROWS["townsfolk"]),
    "ruffians": Catalog("ruffians", ROWS["ruffians"]),
    "endings": Catalog("endings", ROWS["endings"]),
    "terrain": Catalog("terrain", ROWS["terrain"]),
    "action_cards": Catalog("action_cards", ROWS.get("action_cards", [])),
    "gear_starting": Catalog("gear_starting", ROWS["gear_starting"]),
    "gear_peddler": Catalog("gear_peddler", ROWS.get("gear_peddler", [])),
    "gear_ruffian": Catalog("gear_ruffian", ROWS["gear_ruffian"]),
    "gear_unique": Catalog("gear_unique", ROWS["gear_unique"]),
    "gear_unlockable": Catalog("gear_unlockable", ROWS["gear_unlockable"]),
    "feats": Catalog("feats", ROWS.get("feats", [])),
    "events": Catalog("events", ROWS.get("events", [])),
    "charts": Catalog("charts", ROWS["charts"]),
}
# The catalogues that are pieces in the box, by the rulebook's name for them (its Game Components);
# a row with `copies` is that many pieces (177 Peddler Gear of 167 kinds, 100 Town Events of 90).
COMPONENTS = {
    "townsfolk": "Two-Sided Townsfolk Cards", "ruffians": "Two-Sided Ruffian Cards", "terrain": "Terrain Cards",
    "action_cards": "Action Cards", "gear_starting": "Starting Gear", "gear_peddler": "Peddler Gear",
    "gear_ruffian": "Ruffian Gear", "gear_unique": "Unique Gear", "gear_unlockable": "Unlockable Gear",
    "feats": "Feats of Mettle", "events": "Town Events",
}


# --- the rules the language cannot say, by name (each handler's text is its rule) ----------------------
EFFECTS = Effects("townsfolk-tussle")


@EFFECTS.handler("roll-barrel")
def roll_barrel(play: Any, ctx: Any, args: dict[str, Any]) -> None:
    """The barrel rolls in a straight line directly away from you, up to 6 squares, stopping before any
    obstacle or the board's edge; townsfolk in its way are jumped over. If it would enter a Ruffian
    square, the Ruffian takes 3 DMG and the barrel stops there. Remove the barrel from the board."""
    piece = ctx.this["piece"]
    barrel = play.pieces()[piece]["cells"][0]
    me = play.folk(ctx.owner)["pos"]
    d = (barrel[0] - me[0], barrel[1] - me[1])
    grid = play.grid()
    ruffian = set(play.cells_of("R"))
    cur = (barrel[0], barrel[1])
    for _ in range(6):
        nxt = (cur[0] + d[0], cur[1] + d[1])
        if not grid.on_board(nxt) or nxt in grid.obstacles:
            break
        if nxt in ruffian:
            play.emit("barrel_hits", who=play.fight["rid"])
            play.pieces()[piece]["gone"] = True
            play.terrain_changed()
            play.deal("R", 3, "terrain", by=ctx.owner)
            return
        cur = nxt
    play.emit("barrel_rolls", at=list(cur))
    play.pieces()[piece]["gone"] = True
    play.terrain_changed()


@EFFECTS.handler("pay-virginia")
def pay_virginia(play: Any, ctx: Any, args: dict[str, Any]) -> None:
    """Pay Virginia any number of your Coins; remove that many Debt counters from her."""
    seat = ctx.owner
    debt = play.counters_on("R").get("debt", 0)
    most = min(play.folk(seat)["coins"], debt)
    if most <= 0:
        return
    n = play.ask(seat, "pay", list(range(0, most + 1)), always=True)
    if n:
        play.coins(seat, -n, by="R", paid=True)
        play.set_counter("R", "debt", debt - n)
        play.emit("counter", on=play.fight["rid"], name="debt", n=debt - n)


@EFFECTS.handler("give-coins")
def give_coins(play: Any, ctx: Any, args: dict[str, Any]) -> None:
    """Give any number of your Coins to the chosen townsfolk."""
    seat, other = ctx.owner, ctx.chosen
    have = play.folk(seat)["coins"]
    if other is None or have <= 0:
        return
    n = play.ask(seat, "give", list(range(0, have + 1)), always=True)
    if n:
        play.coins(seat, -n)
        play.coins(other, n, by=seat)


# --- the options of every `choose` step, by a key the state can hold (states hold no English) ----------------
def choice_key(step: dict[str, Any]) -> str:
    return "%08x" % zlib.crc32(json.dumps(step, sort_keys=True).encode())


def _index_choices(node: Any, out: dict[str, list[str]]) -> None:
    if isinstance(node, dict):
        if node.get("do") == "choose" and isinstance(node.get("options"), list):
            out[choice_key(node)] = [o.get("text", "") for o in node["options"]]
        for value in node.values():
            _index_choices(value, out)
    elif isinstance(node, list):
        for value in node:
            _index_choices(value, out)


CHOICES: dict[str, list[str]] = {}
_index_choices(ROWS, CHOICES)
