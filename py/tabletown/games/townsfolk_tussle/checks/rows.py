"""Checks of one catalogue row of each family: gear, townsfolk, Ruffians, action cards,
terrain, Feats, Town Events, endings and charts.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..shapes import terrain_pieces
from ..vocabulary import (
    AFTER_WHEN,
    CHART_IDS,
    ENDING_RESULTS,
    FIELD_DEFAULTS,
    GEAR_KIND_OF_FAMILY,
    GEAR_KINDS,
    HAND_SLOTS,
    ID_RE,
    LEVELS,
    PRONOUNS,
    ROTATIONS,
    SLOTS,
    STATS,
    STYLES,
    TEAM_SIZES,
    TERRAIN_TYPES,
    UNIQUE_SOURCES,
    WEAPON_TYPES,
)
from .base import Ctx, Env, _bool, _cell, _enum, _fields, _int, _is_int, _list, _name, _ref, _show, _text
from .counts import COUNTS
from .effects import _parts, ability, activated, goal, mods, roll_table, steps, trigger
from .places import target_spec


def _common(row: dict, path: str, ctx: Ctx, spec: dict[str, bool], what: str) -> bool:
    if not _fields(row, path, ctx, spec, what):
        return False
    rid = row.get("id")
    if not isinstance(rid, str) or not ID_RE.match(rid):
        ctx.err(path, f"id must be lower-case words joined by hyphens, not {_show(rid)}")
    if "name" in spec:
        _text(row.get("name"), path + ".name", ctx, "name")
    return True


def _stat_bonus(v: Any, path: str, ctx: Ctx) -> None:
    if _fields(v, path, ctx, {s: False for s in STATS}, "bonus"):
        for key, n in v.items():
            if _int(n, f"{path}.{key}", ctx, key) and n == 0:
                ctx.err(f"{path}.{key}", "leave a zero bonus out")


def check_gear(row: dict, path: str, ctx: Ctx, family: str) -> None:
    spec = {k: False for k in FIELD_DEFAULTS["gear"]}
    spec.update({"id": True, "name": True, "kind": True, "slot": True, "text": True})
    if not _common(row, path, ctx, spec, "gear"):
        return
    env = Env("gear", row_id=row.get("id", ""))
    kind = row.get("kind")
    if _enum(kind, path + ".kind", ctx, GEAR_KINDS, "kind") and kind != GEAR_KIND_OF_FAMILY.get(family):
        ctx.err(path, f"kind {kind!r} does not belong in a {family} file")
    slot = row.get("slot")
    _enum(slot, path + ".slot", ctx, SLOTS, "slot")
    hand = slot in HAND_SLOTS
    hands = row.get("hands")
    if hand:
        if _enum(hands, path + ".hands", ctx, (1, 2), "hands") and hands == 2 and slot != "hand":
            ctx.err(path, "a 2-handed weapon takes both hands: its slot is 'hand'")
        if row.get("weapon") is None:
            ctx.err(path, "gear held in the hands is a weapon: give it 'weapon' (style and type at least)")
    else:
        if hands is not None:
            ctx.err(path, "'hands' belongs only to hand gear")
        if row.get("weapon") is not None:
            ctx.err(path, "'weapon' belongs only to hand gear")
    if row.get("weapon") is not None:
        _weapon(row["weapon"], path + ".weapon", ctx)
    if slot == "special" and row.get("bonus"):
        ctx.err(path, "Special Gear cannot be equipped, so it has no stat bonus; use 'mods'")
    _stat_bonus(row.get("bonus", {}), path + ".bonus", ctx)
    c = row.get("cost")
    needs_cost = kind in ("peddler", "ruffian", "unique") or (kind == "unlockable" and row.get("townsfolk") is None)
    if needs_cost:
        _int(c, path + ".cost", ctx, "cost", 0)
    elif c is not None:
        ctx.err(path, "starting gear (and alternative starting gear) cannot be sold: its cost is null")
    _bool(row.get("consumable"), path + ".consumable", ctx, "consumable")
    if row.get("counters") is not None:
        cnt = row["counters"]
        if _fields(cnt, path + ".counters", ctx, {"start": True, "max": True}, "counters"):
            _int(cnt.get("start"), path + ".counters.start", ctx, "start", 0)
            _int(cnt.get("max"), path + ".counters.max", ctx, "max", 1)
            if _is_int(cnt.get("start")) and _is_int(cnt.get("max")) and cnt["start"] > cnt["max"]:
                ctx.err(path + ".counters", "start is above max")
    _parts(row, path, ctx, env)
    has_rules = any(row.get(k) for k in ("mods", "triggers", "activate", "counters"))
    w = row.get("weapon") or {}
    if isinstance(w, dict) and any(k in w for k in ("reload", "attacks")) or has_rules:
        _text(row.get("text"), path + ".text", ctx, "text")
    else:
        _text(row.get("text"), path + ".text", ctx, "text", empty=True)
    if row.get("consumable") and not (row.get("activate") or (isinstance(w, dict) and "dmg" in w)):
        ctx.err(path, "a consumable is discarded when used: give it an activated ability or an attack")
    if row.get("flavour"):
        _text(row["flavour"], path + ".flavour", ctx, "flavour")
    # who owns the gear
    for key, ok in (("townsfolk", kind in ("starting", "unlockable")), ("ruffian", kind == "ruffian"),
                    ("unlocked_by", kind == "unlockable"), ("source", kind == "unique")):
        val = row.get(key)
        if val is not None and not ok:
            ctx.err(path, f"{key!r} does not apply to {kind} gear")
    if kind == "starting":
        _ref(row.get("townsfolk"), path + ".townsfolk", ctx, "townsfolk")
    if kind == "unlockable":
        _ref(row.get("unlocked_by"), path + ".unlocked_by", ctx, "ruffian")
        if row.get("townsfolk") is not None:
            _ref(row["townsfolk"], path + ".townsfolk", ctx, "townsfolk")
    if kind == "ruffian":
        _ref(row.get("ruffian"), path + ".ruffian", ctx, "ruffian")
    if kind == "unique":
        _enum(row.get("source"), path + ".source", ctx, UNIQUE_SOURCES, "source")
    _bool(row.get("star"), path + ".star", ctx, "star")
    if row.get("star") and kind != "ruffian":
        ctx.err(path, "only Ruffian gear carries the star")
    cp = row.get("copies")
    if _int(cp, path + ".copies", ctx, "copies", 1, 4) and cp > 1 and kind != "peddler":
        ctx.err(path, "only Peddler gear comes in several copies")


def _weapon(v: Any, path: str, ctx: Ctx) -> None:
    spec = {"style": True, "type": True, "mox": False, "acc": False, "dmg": False, "range": False,
            "reload": False, "attacks": False}
    if not _fields(v, path, ctx, spec, "weapon"):
        return
    _enum(v.get("style"), path + ".style", ctx, STYLES, "style")
    _enum(v.get("type"), path + ".type", ctx, WEAPON_TYPES, "type")
    attack = [k for k in ("mox", "acc", "dmg") if k in v]
    if attack and len(attack) != 3:
        ctx.err(path, "a weapon that attacks needs all of mox, acc and dmg (one that cannot attack has none)")
    if "mox" in v:
        _int(v["mox"], path + ".mox", ctx, "mox", 0)
    if "acc" in v:
        _int(v["acc"], path + ".acc", ctx, "acc requirement", 2, 10)
    if "dmg" in v:
        _int(v["dmg"], path + ".dmg", ctx, "dmg", 0)
    if "range" in v:
        if _int(v["range"], path + ".range", ctx, "range", 1) and v.get("style") == "ranged" and v["range"] < 2:
            ctx.err(path, "a ranged weapon has a range of 2 or more")
    elif v.get("style") == "ranged" and attack:
        ctx.err(path, "a ranged weapon needs its range (Range: X)")
    if "reload" in v:
        _int(v["reload"], path + ".reload", ctx, "reload", 1)
    if "attacks" in v:
        _int(v["attacks"], path + ".attacks", ctx, "attacks", 2)
    if not attack:
        for key in ("range", "reload", "attacks"):
            if key in v:
                ctx.err(path, f"{key!r} needs an attack (mox, acc, dmg)")


def check_townsfolk(row: dict, path: str, ctx: Ctx) -> None:
    spec = {"id": True, "name": True, "short": True, "pronoun": True, "intro": True, "stats": True,
            "abilities": True}
    if not _common(row, path, ctx, spec, "townsfolk"):
        return
    env = Env("townsfolk", row_id=row.get("id", ""))
    _text(row.get("short"), path + ".short", ctx, "short")
    _enum(row.get("pronoun"), path + ".pronoun", ctx, PRONOUNS, "pronoun")
    _text(row.get("intro"), path + ".intro", ctx, "intro")
    stats = row.get("stats")
    if _fields(stats, path + ".stats", ctx, {s: True for s in STATS}, "stats"):
        for s in STATS:
            bar = stats.get(s)
            p = f"{path}.stats.{s}"
            if _fields(bar, p, ctx, {"min": True, "start": True, "max": True}, f"{s} bar"):
                if all(_int(bar.get(k), f"{p}.{k}", ctx, k) for k in ("min", "start", "max")):
                    if not bar["min"] <= bar["start"] <= bar["max"]:
                        ctx.err(p, "the bar must run min ≤ start ≤ max")
                    if s != "acc" and bar["min"] != 0:
                        ctx.err(p, f"the {s} bar starts at 0")
    _list(row.get("abilities"), path + ".abilities", ctx, "abilities", lambda a, p: ability(a, p, ctx, env), 2)
    if isinstance(row.get("abilities"), list) and len(row["abilities"]) != 2:
        ctx.err(path, "a townsfolk has exactly two abilities")


def _team_table(v: Any, path: str, ctx: Ctx, what: str, lo: int) -> None:
    if _fields(v, path, ctx, {n: True for n in TEAM_SIZES}, what):
        for n in TEAM_SIZES:
            if n in v:
                _int(v[n], f"{path}.{n}", ctx, f"{what} with {n} townsfolk", lo)


def check_ruffian(row: dict, path: str, ctx: Ctx) -> None:
    spec = {"id": True, "name": True, "full_name": True, "pronoun": True, "lore": True, "hp": True, "mvmt": True,
            "abilities": True, "weakness": True, "landscape": True, "final_fight": True}
    if not _common(row, path, ctx, spec, "Ruffian"):
        return
    env = Env("ruffian", row_id=row.get("id", ""))
    _text(row.get("full_name"), path + ".full_name", ctx, "full_name")
    _enum(row.get("pronoun"), path + ".pronoun", ctx, PRONOUNS, "pronoun")
    _text(row.get("lore"), path + ".lore", ctx, "lore")
    _team_table(row.get("hp"), path + ".hp", ctx, "HP", 1)
    _team_table(row.get("mvmt"), path + ".mvmt", ctx, "MVMT", 1)
    abil = row.get("abilities")
    if _fields(abil, path + ".abilities", ctx, {lv: True for lv in LEVELS}, "abilities by level"):
        for lv in LEVELS:
            if lv in abil:
                ability(abil[lv], f"{path}.abilities.{lv}", ctx, env)
    weak = row.get("weakness")
    if _fields(weak, path + ".weakness", ctx, {"name": True, "text": True, "when": True, "mods": False,
                                               "triggers": False, "steps": False}, "weakness"):
        _text(weak.get("name"), path + ".weakness.name", ctx, "name")
        _text(weak.get("text"), path + ".weakness.text", ctx, "text")
        goal(weak.get("when"), path + ".weakness.when", ctx, env)
        if "mods" in weak:
            mods(weak["mods"], path + ".weakness.mods", ctx, env)
        if "steps" in weak:
            steps(weak["steps"], path + ".weakness.steps", ctx, env.but(trigger=True))
        if "triggers" in weak:
            _list(weak["triggers"], path + ".weakness.triggers", ctx, "triggers", lambda t, q: trigger(t, q, ctx, env))
        if not any(weak.get(k) for k in ("mods", "steps", "triggers")):
            ctx.err(path + ".weakness", "a weakness needs mods, triggers or steps")
    land = row.get("landscape")
    if _fields(land, path + ".landscape", ctx, {"name": True, "terrain": True, "t": True, "r": True},
               "landscape"):
        _text(land.get("name"), path + ".landscape.name", ctx, "name")

        def placement(pl: Any, p: str) -> None:
            if _fields(pl, p, ctx, {"terrain": True, "at": True, "rot": False, "piece": False, "ff": False},
                       "placement"):
                _ref(pl.get("terrain"), p + ".terrain", ctx, "terrain")
                _cell(pl.get("at"), p + ".at", ctx, "at")
                if "rot" in pl:
                    _enum(pl["rot"], p + ".rot", ctx, ROTATIONS, "rot")
                if "piece" in pl:
                    _name(pl["piece"], p + ".piece", ctx, "piece")
                if "ff" in pl:
                    _int(pl["ff"], p + ".ff", ctx, "ff", 1)

        _list(land.get("terrain"), path + ".landscape.terrain", ctx, "terrain", placement, 1)
        _list(land.get("t"), path + ".landscape.t", ctx, "T positions", lambda c, p: _cell(c, p, ctx, "T"), 4)
        _cell(land.get("r"), path + ".landscape.r", ctx, "R")
    ff = row.get("final_fight")
    fenv = Env("final-fight", row_id=row.get("id", ""))
    fspec = {"text": True, "ff_pieces": True, "sheriff_gear": True, "setup": False, "setup_text": True,
             "rules": True, "win": True, "loss": True, "special": True}
    if _fields(ff, path + ".final_fight", ctx, fspec, "Final Fight"):
        p = path + ".final_fight"
        _text(ff.get("text"), p + ".text", ctx, "text")
        _team_table(ff.get("ff_pieces"), p + ".ff_pieces", ctx, "FF pieces", 0)
        _ref(ff.get("sheriff_gear"), p + ".sheriff_gear", ctx, "gear")
        if "setup" in ff:
            steps(ff["setup"], p + ".setup", ctx, fenv, allow_empty=True)
        _text(ff.get("setup_text"), p + ".setup_text", ctx, "setup_text")
        ability(ff.get("rules"), p + ".rules", ctx, fenv)
        for key in ("win", "loss", "special"):
            part = ff.get(key)
            if _fields(part, f"{p}.{key}", ctx, {"text": True, "goal": key != "loss"}, key):
                _text(part.get("text"), f"{p}.{key}.text", ctx, "text")
                if part.get("goal") is not None:
                    goal(part["goal"], f"{p}.{key}.goal", ctx, fenv)


def check_action_card(row: dict, path: str, ctx: Ctx, ruffian: str) -> None:
    spec = {"id": True, "name": True, "ruffian": True, "flavour": False, "target": True, "act": True,
            "after": False, "target_text": True, "act_text": True, "after_text": False}
    if not _common(row, path, ctx, spec, "action card"):
        return
    env = Env("card", row_id=row.get("id", ""))
    if row.get("ruffian") != ruffian:
        ctx.err(path, f"this file holds {ruffian!r}'s cards; 'ruffian' is {_show(row.get('ruffian'))}")
    elif isinstance(row.get("id"), str) and not row["id"].startswith(ruffian + "-"):
        ctx.err(path, f"an action card id starts with its Ruffian's id: {ruffian}-…")
    if row.get("flavour"):
        _text(row["flavour"], path + ".flavour", ctx, "flavour")
    target_spec(row.get("target"), path + ".target", ctx, env, card_target=True)
    steps(row.get("act"), path + ".act", ctx, env)
    _text(row.get("target_text"), path + ".target_text", ctx, "target_text")
    _text(row.get("act_text"), path + ".act_text", ctx, "act_text")
    after = row.get("after")
    if after is not None:
        if _fields(after, path + ".after", ctx, {"when": True, "steps": True, "once": False}, "aftereffect"):
            _enum(after.get("when"), path + ".after.when", ctx, AFTER_WHEN, "when")
            steps(after.get("steps"), path + ".after.steps", ctx, env)
            if "once" in after:
                _bool(after["once"], path + ".after.once", ctx, "once")
        _text(row.get("after_text"), path + ".after_text", ctx, "after_text")
    elif row.get("after_text"):
        ctx.err(path, "after_text without an aftereffect")
    _check_card_target_use(row, path, ctx)


def _walk_steps(steps_list: Any) -> Iterable[dict]:
    """Every step in a list, nested ones (if/once/roll/choose/keep) included."""
    for st in steps_list if isinstance(steps_list, list) else []:
        if not isinstance(st, dict):
            continue
        yield st
        for key in ("then", "else", "steps", "otherwise"):
            yield from _walk_steps(st.get(key))
        for key in ("table", "options"):
            for part in st.get(key) if isinstance(st.get(key), list) else []:
                if isinstance(part, dict):
                    yield from _walk_steps(part.get("steps"))
        if isinstance(st.get("trigger"), dict):
            yield from _walk_steps(st["trigger"].get("steps"))


def _check_card_target_use(row: dict, path: str, ctx: Ctx) -> None:
    """'target' must mean something the card's target can be: a townsfolk to move to, damage, or a terrain."""
    tgt = row.get("target") if isinstance(row.get("target"), dict) else {}
    pick = tgt.get("pick")
    after = row.get("after") if isinstance(row.get("after"), dict) else {}
    all_steps = list(_walk_steps(row.get("act"))) + list(_walk_steps(after.get("steps")))
    townsfolk_target = pick not in ("terrain", "none")
    for st in all_steps:
        if st.get("who") == "target" and not townsfolk_target:
            ctx.err(path, f"a {st.get('do')!r} step names the target, but this card's target is {pick!r}, "
                          "not townsfolk")
        for key in ("to", "from", "face"):
            if st.get(key) == "target" and pick in ("all", "none"):
                ctx.err(path, f"a {st.get('do')!r} step moves relative to 'target', but this card's target is "
                              f"{pick!r}; name one townsfolk with a pick instead")
    when = after.get("when")
    if when in ("inside", "partly-inside") and pick != "terrain":
        ctx.err(path, "an aftereffect on being inside needs a terrain target")
    if when in ("damaged", "not-damaged", "reached") and not townsfolk_target:
        ctx.err(path, f"an aftereffect on {when!r} needs a townsfolk target")


def check_terrain(row: dict, path: str, ctx: Ctx) -> None:
    spec = {k: False for k in FIELD_DEFAULTS["terrain"]}
    spec.update({"id": True, "name": True, "type": True, "text": True})
    if not _common(row, path, ctx, spec, "terrain card"):
        return
    env = Env("terrain", row_id=row.get("id", ""))
    _enum(row.get("type"), path + ".type", ctx, TERRAIN_TYPES, "type")
    _text(row.get("text"), path + ".text", ctx, "text")
    pieces = terrain_pieces(row)
    if (row.get("shape") is None) == (row.get("pieces") is None):
        ctx.err(path, "give either 'shape' (one piece) or 'pieces' (several named pieces)")
    if row.get("pieces") is not None:
        if not isinstance(row["pieces"], dict) or len(row["pieces"]) < 2:
            ctx.err(path, "'pieces' names two or more pieces")
        elif row.get("door") is not None:
            ctx.err(path, "with 'pieces', each piece holds its own door")
    for pname, piece in pieces.items():
        p = f"{path}.pieces.{pname}" if row.get("pieces") else path
        if row.get("pieces") and not _fields(piece, p, ctx, {"shape": True, "door": False}, "piece"):
            continue
        _name(pname, p, ctx, "piece name")
        shape = piece.get("shape")
        if not isinstance(shape, list) or not shape:
            ctx.err(p, "shape must be a list of squares [column, row]")
            continue
        if all(_cell(c, f"{p}.shape", ctx, "shape square") for c in shape):
            cells = {tuple(c) for c in shape}
            if len(cells) != len(shape):
                ctx.err(p, "shape repeats a square")
            if min(c for c, _ in cells) != 0 or min(r for _, r in cells) != 0:
                ctx.err(p, "shape must touch column 0 and row 0")
            if not _connected(cells):
                ctx.err(p, "shape squares must join orthogonally into one piece")
            door = piece.get("door")
            if door is not None and _cell(door, p + ".door", ctx, "door"):
                if tuple(door) in cells:
                    ctx.err(p, "the door is the square you stand on: it lies outside the shape")
                elif not any(abs(door[0] - c) + abs(door[1] - r) == 1 for c, r in cells):
                    ctx.err(p, "the door must be adjacent to the shape")
    mc = row.get("move_cost")
    if mc is not None and _fields(mc, path + ".move_cost", ctx, {"cost": True, "ruffians": True}, "move_cost"):
        _int(mc.get("cost"), path + ".move_cost.cost", ctx, "cost", 2)
        _bool(mc.get("ruffians"), path + ".move_cost.ruffians", ctx, "ruffians")
        if row.get("type") == "obstacle":
            ctx.err(path, "obstacles cannot be entered: no move_cost")
    inter = row.get("interact")
    if inter is not None:
        activated(inter, path + ".interact", ctx, env, terrain=True)
        at = inter.get("at") if isinstance(inter, dict) else None
        if row.get("type") == "feature" and at not in (None, "inside"):
            ctx.err(path, "a feature is interacted with from inside ('at': 'inside')")
        if row.get("type") == "obstacle" and at == "inside":
            ctx.err(path, "an obstacle is interacted with from an adjacent square or its door")
        piece_name = inter.get("piece", "main") if isinstance(inter, dict) else "main"
        if piece_name not in pieces:
            ctx.err(path, f"interact names the piece {piece_name!r}, which this card does not have")
        elif at == "door" and pieces[piece_name].get("door") is None:
            ctx.err(path, "interaction at the door needs a 'door'")
        _text(row.get("interact_text"), path + ".interact_text", ctx, "interact_text")
    elif row.get("interact_text"):
        ctx.err(path, "interact_text without 'interact'")
    _parts(row, path, ctx, env)


def _connected(cells: set) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        c, r = todo.pop()
        for n in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def check_feat(row: dict, path: str, ctx: Ctx) -> None:
    spec = {"id": True, "name": True, "goal": True, "goal_text": True, "points": True, "reward": False,
            "reward_text": False}
    if not _common(row, path, ctx, spec, "Feat"):
        return
    env = Env("feat", row_id=row.get("id", ""))
    goal(row.get("goal"), path + ".goal", ctx, env)
    _text(row.get("goal_text"), path + ".goal_text", ctx, "goal_text")
    _int(row.get("points"), path + ".points", ctx, "points", 0, 5)
    steps(row.get("reward"), path + ".reward", ctx, env, allow_empty=True)
    _text(row.get("reward_text"), path + ".reward_text", ctx, "reward_text", empty=not row.get("reward"))


def check_event(row: dict, path: str, ctx: Ctx) -> None:
    spec = {"id": True, "name": True, "flavour": False, "text": True, "secret": False, "goal": False,
            "steps": True, "copies": False}
    if not _common(row, path, ctx, spec, "Town Event"):
        return
    env = Env("event", row_id=row.get("id", ""))
    _text(row.get("text"), path + ".text", ctx, "text")
    if row.get("flavour"):
        _text(row["flavour"], path + ".flavour", ctx, "flavour")
    _bool(row.get("secret"), path + ".secret", ctx, "secret")
    if row.get("secret"):
        if row.get("goal") is None:
            ctx.err(path, "a secret event needs the 'goal' that activates it")
        else:
            goal(row["goal"], path + ".goal", ctx, env)
        steps(row.get("steps"), path + ".steps", ctx, env.but(trigger=True))
    else:
        if row.get("goal") is not None:
            ctx.err(path, "only a secret event has a 'goal'")
        steps(row.get("steps"), path + ".steps", ctx, env)
    _int(row.get("copies"), path + ".copies", ctx, "copies", 1, 4)


def check_ending(row: dict, path: str, ctx: Ctx) -> None:
    spec = {"id": True, "number": True, "title": True, "ruffian": True, "result": True, "text": True}
    if not _common(row, path, ctx, spec, "ending"):
        return
    if _int(row.get("number"), path + ".number", ctx, "number", 1, COUNTS["endings"]):
        if row.get("id") != f"ending-{row['number']:02d}":
            ctx.err(path, f"an ending's id is ending-NN from its number: ending-{row['number']:02d}")
    _text(row.get("title"), path + ".title", ctx, "title")
    _ref(row.get("ruffian"), path + ".ruffian", ctx, "ruffian")
    _enum(row.get("result"), path + ".result", ctx, ENDING_RESULTS, "result")
    _text(row.get("text"), path + ".text", ctx, "text")


def check_chart(row: dict, path: str, ctx: Ctx) -> None:
    rid = row.get("id") if isinstance(row, dict) else None
    if not _enum(rid, path + ".id", ctx, CHART_IDS, "chart id"):
        return
    env = Env("chart", attack=True, row_id=rid)
    if rid == "board":
        if _fields(row, path, ctx, {"id": True, "cols": True, "rows": True}, "board"):
            _int(row.get("cols"), path + ".cols", ctx, "cols", 6, 30)
            _int(row.get("rows"), path + ".rows", ctx, "rows", 6, 30)
    elif rid == "crit-hit":
        if _fields(row, path, ctx, {"id": True, "name": True, "text": True, "table": True}, "Crit Hit chart"):
            _text(row.get("name"), path + ".name", ctx, "name")
            _text(row.get("text"), path + ".text", ctx, "text")
            roll_table(row.get("table"), path + ".table", ctx, env, open_ends=False)
            for i, r in enumerate(row.get("table") or []):
                if isinstance(r, dict) and "text" not in r:
                    ctx.err(f"{path}.table[{i}]", "each Crit Hit row carries its printed text")
    elif rid == "town-map":
        if _fields(row, path, ctx, {"id": True, "levels": True, "sides": True}, "Town Map"):
            levels = row.get("levels")

            def level(lv: Any, p: str) -> None:
                if _fields(lv, p, ctx, {"id": True, "name": True}, "level"):
                    _enum(lv.get("id"), p + ".id", ctx, LEVELS, "level")
                    _text(lv.get("name"), p + ".name", ctx, "name")

            _list(levels, path + ".levels", ctx, "levels", level, len(LEVELS))
            if isinstance(levels, list) and [lv.get("id") for lv in levels if isinstance(lv, dict)] != list(LEVELS):
                ctx.err(path + ".levels", f"the levels in order are {', '.join(LEVELS)}")

            def side(sd: Any, p: str) -> None:
                if _fields(sd, p, ctx, {"id": True, "name": True, "spaces": True}, "Town Map side"):
                    _name(sd.get("id"), p + ".id", ctx, "id")
                    _text(sd.get("name"), p + ".name", ctx, "name")
                    sp = sd.get("spaces")
                    _list(sp, p + ".spaces", ctx, "spaces", lambda x, q: _enum(x, q, ctx, LEVELS, "level"), 4)
                    if isinstance(sp, list) and (len(sp) != 4 or sp[-1:] != ["final-fight"]
                                                 or "final-fight" in sp[:-1]):
                        ctx.err(p, "a Town Map has four spaces, the last (and only the last) the Final Fight")

            _list(row.get("sides"), path + ".sides", ctx, "sides", side, 1)
    elif rid == "breaking-points":
        if _fields(row, path, ctx, {"id": True, "hp": True}, "breaking points"):
            _list(row.get("hp"), path + ".hp", ctx, "hp", lambda x, q: _int(x, q, ctx, "hp", 1), 1)
    elif rid == "setup":
        keys = ("coins", "feats", "shop", "reset_per_townsfolk", "defeat_coins", "sell_divisor",
                "gear_change_mox", "solo_townsfolk", "fights")
        if _fields(row, path, ctx, {"id": True, **{k: True for k in keys}}, "setup"):
            for k in keys:
                _int(row.get(k), f"{path}.{k}", ctx, k, 1)
    elif rid == "order-bar":
        spec = {"id": True, "fight": True, "town": True, "rotate": True, "ruffian": True}
        if _fields(row, path, ctx, spec, "Buyin'/Beatin' bar"):
            _enum(row.get("fight"), path + ".fight", ctx, ("top-down",), "fight")
            _enum(row.get("town"), path + ".town", ctx, ("bottom-up",), "town")
            _enum(row.get("rotate"), path + ".rotate", ctx, ("top-to-bottom",), "rotate")
            _enum(row.get("ruffian"), path + ".ruffian", ctx, ("first",), "ruffian")
