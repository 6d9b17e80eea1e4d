"""Checks of the content language's conditions, modifiers, triggers, abilities and steps.
"""

from __future__ import annotations

from typing import Any, Optional

from ..vocabulary import (
    DMG_FROM,
    EVENTS,
    IMMUNE_TO,
    INTERACT_AT,
    MODS,
    ROLL_BONUSES,
    ROTATIONS,
    RUFFIAN_MOVES,
    SLOT_CHOICES,
    STATS,
    STEPS,
    SUBJECTLESS_EVENTS,
    SUBJECTS,
    TEMP_STATS,
    USES,
    WHEN,
)
from .base import Ctx, Env, _bool, _enum, _fields, _int, _is_int, _list, _name, _ref, _show, _text
from .places import (
    _counter_owner,
    _terrain_word,
    amount,
    conds,
    cost,
    destination,
    duration,
    gear_choice,
    gear_filter,
    selector,
    spot,
    squares,
    target_spec,
    weapon_choice,
)

# --- modifiers, triggers, abilities --------------------------------------------------

def mod(v: Any, path: str, ctx: Ctx, env: Env) -> None:
    if not isinstance(v, dict):
        ctx.err(path, f"a modifier must be an object, not {_show(v)}")
        return
    kind = v.get("mod")
    if not _enum(kind, path + ".mod", ctx, MODS, "mod"):
        return
    spec = {"mod": True, "who": False, "if": False}
    spec.update({k: k not in ("gear", "min", "from") for k in MODS[kind]})
    if not _fields(v, path, ctx, spec, f"{kind!r} modifier"):
        return
    if "who" in v:
        selector(v["who"], path + ".who", ctx, env)
    elif env.kind == "terrain" and not env.boost:
        ctx.err(path, "a terrain card's modifier must say whom it affects ('who', usually with an 'if')")
    if "if" in v:
        conds(v["if"], path + ".if", ctx, env)
    if "amount" in v:
        if kind == "stat":
            amount(v["amount"], path + ".amount", ctx, env, signed=True)
        elif kind == "attacks":
            _int(v["amount"], path + ".amount", ctx, "amount", 1)
        else:
            _int(v["amount"], path + ".amount", ctx, "amount")
    if "stat" in v:
        _enum(v["stat"], path + ".stat", ctx, STATS, "stat")
    if "weapons" in v:
        weapon_choice(v["weapons"], path + ".weapons", ctx)
        if v["weapons"] in ("this", "other") and env.kind != "gear":
            ctx.err(path + ".weapons", f"{v['weapons']!r} weapons exist only on gear (use all, melee, ranged or a filter)")
    if "from" in v:
        _enum(v["from"], path + ".from", ctx, DMG_FROM, "from")
    if "min" in v:
        _int(v["min"], path + ".min", ctx, "min", 0)
    if "at-least" in v:
        _int(v["at-least"], path + ".at-least", ctx, "at-least", 2, 10)
    if "terrain" in v:
        _terrain_word(v["terrain"], path + ".terrain", ctx, env, ("features", "all"))
    if "cost" in v:
        _int(v["cost"], path + ".cost", ctx, "cost", 1)
    if "to" in v:
        if kind == "retarget":
            _enum(v["to"], path + ".to", ctx, ("self", "sheriff"), "to")
        else:
            _list(v["to"], path + ".to", ctx, "to", lambda x, q: _enum(x, q, ctx, IMMUNE_TO, "immune to"), 1)
    if "gear" in v:
        gear_filter(v["gear"], path + ".gear", ctx)


def mods(v: Any, path: str, ctx: Ctx, env: Env) -> None:
    _list(v, path, ctx, "mods", lambda m, p: mod(m, p, ctx, env))


def goal(v: Any, path: str, ctx: Ctx, env: Env) -> None:
    """A goal: an event with conditions, or a state that must hold at some moment."""
    env = env.but(trigger=True)
    if isinstance(v, list):
        if len(v) < 2:
            ctx.err(path, "a list of goals (any of them) needs at least two")
        for i, g in enumerate(v):
            if isinstance(g, list):
                ctx.err(f"{path}[{i}]", "goals do not nest")
            else:
                goal(g, f"{path}[{i}]", ctx, env)
        return
    if isinstance(v, dict) and "state" in v:
        if _fields(v, path, ctx, {"state": True, "during": False}, "goal"):
            conds(v["state"], path + ".state", ctx, env)
            if "during" in v:
                _enum(v["during"], path + ".during", ctx, ("fight", "town", "any"), "during")
        return
    if _fields(v, path, ctx, {"on": True, "who": False, "if": False}, "goal"):
        _event_head(v, path, ctx, env)


def _event_head(v: dict, path: str, ctx: Ctx, env: Env) -> None:
    on = v.get("on")
    if not _enum(on, path + ".on", ctx, EVENTS, "on"):
        return
    if on in SUBJECTLESS_EVENTS:
        if "who" in v:
            ctx.err(path, f"event {on!r} has no subject; drop 'who'")
    elif "who" not in v:
        ctx.err(path, f"event {on!r} needs 'who' (one of {', '.join(SUBJECTS)})")
    else:
        if _enum(v["who"], path + ".who", ctx, SUBJECTS, "who"):
            if v["who"] == "holder" and not env.keep:
                ctx.err(path + ".who", "'holder' exists only inside a kept card")
            if v["who"] == "target" and env.kind != "card":
                ctx.err(path + ".who", "'target' exists only on Ruffian action cards")
    if "if" in v:
        conds(v["if"], path + ".if", ctx, env)


def trigger(v: Any, path: str, ctx: Ctx, env: Env) -> None:
    spec = {"on": True, "who": False, "if": False, "steps": True, "optional": False, "cost": False, "uses": False}
    if not _fields(v, path, ctx, spec, "trigger"):
        return
    env = env.but(trigger=True, attack=v.get("on") in ("attack", "rolled"))
    _event_head(v, path, ctx, env)
    if "optional" in v:
        _bool(v["optional"], path + ".optional", ctx, "optional")
    if "cost" in v:
        cost(v["cost"], path + ".cost", ctx, env)
        if v.get("optional") is not True:
            ctx.err(path, "a trigger with a cost must be 'optional': true (the player decides to pay)")
    if "uses" in v:
        _enum(v["uses"], path + ".uses", ctx, USES, "uses")
    steps(v.get("steps"), path + ".steps", ctx, env, allow_empty=True)


def activated(v: Any, path: str, ctx: Ctx, env: Env, terrain: bool = False) -> None:
    spec = {"when": False, "cost": True, "uses": False, "if": False, "choose": False, "steps": True}
    if terrain:
        spec.update({"at": True, "piece": False})
    if not _fields(v, path, ctx, spec, "activated ability"):
        return
    if "when" in v:
        _enum(v["when"], path + ".when", ctx, WHEN, "when")
    cost(v.get("cost", {}), path + ".cost", ctx, env)
    if "uses" in v:
        _enum(v["uses"], path + ".uses", ctx, USES, "uses")
    if "if" in v:
        conds(v["if"], path + ".if", ctx, env)
    if "choose" in v:
        target_spec(v["choose"], path + ".choose", ctx, env, card_target=False)
        if isinstance(v["choose"], dict) and v["choose"].get("pick") != "all":
            ctx.err(path + ".choose", "'choose' lists the townsfolk a player may pick from: use pick 'all' "
                                      "with within/of/filter")
        env = env.but(chosen=True)
    if terrain:
        _enum(v.get("at"), path + ".at", ctx, INTERACT_AT, "at")
        if "piece" in v:
            _name(v["piece"], path + ".piece", ctx, "piece")
    steps(v.get("steps"), path + ".steps", ctx, env)


def ability(v: Any, path: str, ctx: Ctx, env: Env) -> None:
    spec = {"name": True, "text": True, "mods": False, "triggers": False, "activate": False}
    if not _fields(v, path, ctx, spec, "ability"):
        return
    _text(v.get("name"), path + ".name", ctx, "name")
    _text(v.get("text"), path + ".text", ctx, "text")
    _parts(v, path, ctx, env)
    if not any(v.get(k) for k in ("mods", "triggers", "activate")):
        ctx.err(path, "an ability needs at least one of mods, triggers or activate (text alone does nothing)")


def _parts(v: dict, path: str, ctx: Ctx, env: Env) -> None:
    if "mods" in v:
        mods(v["mods"], path + ".mods", ctx, env)
    if "triggers" in v:
        _list(v["triggers"], path + ".triggers", ctx, "triggers", lambda t, p: trigger(t, p, ctx, env))
    if "activate" in v:
        _list(v["activate"], path + ".activate", ctx, "activate", lambda a, p: activated(a, p, ctx, env))


# --- steps -----------------------------------------------------------------------------

def steps(v: Any, path: str, ctx: Ctx, env: Env, allow_empty: bool = False) -> None:
    _list(v, path, ctx, "steps", lambda s, p: step(s, p, ctx, env), 0 if allow_empty else 1)


def roll_table(v: Any, path: str, ctx: Ctx, env: Env, open_ends: bool) -> None:
    """Rows {min, max, steps, text?} in ascending order, covering every result."""
    if not isinstance(v, list) or len(v) < 2:
        ctx.err(path, "a roll table needs at least two rows")
        return
    prev_max: Optional[int] = None
    for i, row in enumerate(v):
        p = f"{path}[{i}]"
        if not _fields(row, p, ctx, {"min": True, "max": True, "steps": True, "text": False}, "roll row"):
            return
        lo, hi = row.get("min"), row.get("max")
        for key, val in (("min", lo), ("max", hi)):
            if val is not None and not _is_int(val):
                ctx.err(p, f"{key} must be a whole number or null, not {_show(val)}")
                return
        if lo is None and i != 0:
            ctx.err(p, "only the first row may have min null (\"or less\")")
        if hi is None and i != len(v) - 1:
            ctx.err(p, "only the last row may have max null (\"or more\")")
        if lo is not None and hi is not None and lo > hi:
            ctx.err(p, f"min {lo} is above max {hi}")
        if i > 0 and prev_max is not None and lo != prev_max + 1:
            ctx.err(p, f"rows must follow on without gaps or overlaps: expected min {prev_max + 1}, got {lo}")
        prev_max = hi
        steps(row.get("steps"), p + ".steps", ctx, env, allow_empty=True)
        if "text" in row:
            _text(row["text"], p + ".text", ctx, "text")
    first, last = v[0].get("min"), v[-1].get("max")
    if open_ends:
        if first is not None:
            ctx.err(path, "with a roll bonus the first row must have min null (\"or less\")")
        if last is not None:
            ctx.err(path, "with a roll bonus the last row must have max null (\"or more\")")
    else:
        if first is not None and first > 1:
            ctx.err(path, f"the table must cover a roll of 1; it starts at {first}")
        if last is not None and last < 10:
            ctx.err(path, f"the table must cover a roll of 10; it ends at {last}")


def step(v: Any, path: str, ctx: Ctx, env: Env) -> None:
    if not isinstance(v, dict):
        ctx.err(path, f"a step must be an object, not {_show(v)}")
        return
    do = v.get("do")
    if not _enum(do, path + ".do", ctx, STEPS, "do"):
        return
    spec = {"do": True, **STEPS[do]}
    if not _fields(v, path, ctx, spec, f"{do!r} step"):
        return
    if do in RUFFIAN_MOVES and env.kind not in ("card", "ruffian", "final-fight", "chart"):
        ctx.err(path, f"{do!r} moves the Ruffian; it belongs on action cards and Ruffian abilities")
    if do == "bonus-dmg" and not env.attack:
        ctx.err(path, "'bonus-dmg' only works while an attack is resolved: in a trigger on 'attack' or the Crit Hit "
                      "chart")
    if do == "reroll" and not (env.attack and env.kind != "chart"):
        ctx.err(path, "'reroll' only works in a trigger on 'attack' or 'rolled'")
    if do in ("weakness",) and env.kind not in ("card", "ruffian", "final-fight"):
        ctx.err(path, "'weakness' belongs on action cards and Ruffian abilities")
    for key in ("who", "with"):
        if key in v and not (key == "with" and do in ("exchange", "attack", "keep")):
            selector(v[key], f"{path}.{key}", ctx, env)
    if "to" in v:
        destination(v["to"], path + ".to", ctx, env)
    if "from" in v:
        if do == "retreat":
            destination(v["from"], path + ".from", ctx, env)
        else:
            _enum(v["from"], path + ".from", ctx, ("ruffian", "self", "this"), "from")
    if "face" in v:
        destination(v["face"], path + ".face", ctx, env)
    if "squares" in v:
        if do in ("push", "pull", "dash"):
            _int(v["squares"], path + ".squares", ctx, "squares", 1)
        else:
            squares(v["squares"], path + ".squares", ctx)
    if "dmg" in v:
        if do == "attack":
            _int(v["dmg"], path + ".dmg", ctx, "dmg")
        else:
            amount(v["dmg"], path + ".dmg", ctx, env)
    if "amount" in v:
        if do == "coins":
            amount(v["amount"], path + ".amount", ctx, env, signed=True)
        elif do == "counter":
            if v["amount"] != "clear":
                amount(v["amount"], path + ".amount", ctx, env, signed=True)
        else:
            amount(v["amount"], path + ".amount", ctx, env, full=do == "heal")
    if "range" in v:
        _int(v["range"], path + ".range", ctx, "range", 1)
    if "at" in v:
        spot(v["at"], path + ".at", ctx, env)
    if "return" in v:
        spot(v["return"], path + ".return", ctx, env)
    if "stat" in v:
        _enum(v["stat"], path + ".stat", ctx, TEMP_STATS + (("all",) if do == "restore" else ()), "stat")
    if "until" in v:
        duration(v["until"], path + ".until", ctx)
    if "mods" in v:
        boosted = env.but(boost=True)
        _list(v["mods"], path + ".mods", ctx, "mods", lambda m, p: mod(m, p, ctx, boosted), 1)
    if "slot" in v:
        _enum(v["slot"], path + ".slot", ctx, SLOT_CHOICES, "slot")
    if "gear" in v:
        if do == "discard":
            gear_choice(v["gear"], path + ".gear", ctx)
            if v["gear"] == "this" and env.kind != "gear":
                ctx.err(path, "discarding 'this' gear exists only on gear")
        else:
            _ref(v["gear"], path + ".gear", ctx, "gear", ("ruffian-star", "ruffian-random"))
    if "equip" in v:
        _bool(v["equip"], path + ".equip", ctx, "equip")
    if "for" in v:
        gear_filter(v["for"], path + ".for", ctx, empty=True)
    if "price" in v and v["price"] not in ("free", "full"):
        _int(v["price"], path + ".price", ctx, "price (a discount)", 1)
    if "count" in v:
        _int(v["count"], path + ".count", ctx, "count", 1)
    if do == "exchange":
        _enum(v.get("with"), path + ".with", ctx, ("any", "adjacent"), "with")
    if do == "attack":
        _enum(v.get("with"), path + ".with", ctx, ("this", "any"), "with")
        if v.get("with") == "this" and env.kind != "gear":
            ctx.err(path, "attacking 'with': 'this' exists only on gear")
        for key in ("acc",):
            if key in v:
                _int(v[key], f"{path}.{key}", ctx, key)
        if "free" in v:
            _bool(v["free"], path + ".free", ctx, "free")
    if do == "counter":
        _counter_owner(v.get("on"), path + ".on", ctx, env)
        _name(v.get("name"), path + ".name", ctx, "counter name")
        if v.get("on") == "this" and env.kind == "gear" and v.get("name") != "charge":
            ctx.err(path, "a gear's own counters are named 'charge'")
    if do == "keep":
        if env.kind != "card":
            ctx.err(path, "'keep' belongs only on Ruffian action cards")
        _enum(v.get("with"), path + ".with", ctx, ("target", "group"), "with")
        kept = env.but(keep=True)
        if "while" in v:
            _list(v["while"], path + ".while", ctx, "while", lambda m, p: mod(m, p, ctx, kept), 1)
        if "trigger" in v:
            trigger(v["trigger"], path + ".trigger", ctx, kept)
        if "repeat" in v:
            _bool(v["repeat"], path + ".repeat", ctx, "repeat")
        if "while" not in v and "trigger" not in v:
            ctx.err(path, "a kept card needs 'while' (an ongoing effect) or 'trigger' (a later effect)")
    if do == "exhaust":
        _enum(v.get("terrain"), path + ".terrain", ctx, ("this",), "terrain")
        if env.kind != "terrain":
            ctx.err(path, "'exhaust' belongs on terrain cards")
    if do == "place-terrain":
        _ref(v.get("terrain"), path + ".terrain", ctx, "terrain")
        if "rot" in v:
            _enum(v["rot"], path + ".rot", ctx, ROTATIONS, "rot")
    if do == "remove-terrain":
        _terrain_word(v.get("terrain"), path + ".terrain", ctx, env, ("this", "target"))
    if do == "roll":
        bonus = v.get("bonus")
        if bonus is not None:
            _enum(bonus, path + ".bonus", ctx, ROLL_BONUSES, "bonus")
        roll_table(v.get("table"), path + ".table", ctx, env, open_ends=bonus is not None)
    if do == "choose":
        _enum(v.get("by"), path + ".by", ctx, ("self", "target", "team"), "by")
        if v.get("by") == "target" and env.kind != "card":
            ctx.err(path, "'by': 'target' exists only on Ruffian action cards")

        def option(o: Any, p: str) -> None:
            if _fields(o, p, ctx, {"text": True, "steps": True}, "option"):
                _text(o.get("text"), p + ".text", ctx, "text")
                steps(o.get("steps"), p + ".steps", ctx, env)

        _list(v.get("options"), path + ".options", ctx, "options", option, 2)
    if do == "if":
        conds(v.get("if"), path + ".if", ctx, env)
        steps(v.get("then"), path + ".then", ctx, env)
        if "else" in v:
            steps(v["else"], path + ".else", ctx, env)
    if do == "once":
        _enum(v.get("per"), path + ".per", ctx, ("turn", "fight", "game"), "per")
        steps(v.get("steps"), path + ".steps", ctx, env)
        if "otherwise" in v:
            steps(v["otherwise"], path + ".otherwise", ctx, env)
    if do == "effect":
        if _name(v.get("effect"), path + ".effect", ctx, "effect name") and isinstance(v.get("text"), str):
            ctx.effects.append((v["effect"], v["text"], path))
        _text(v.get("text"), path + ".text", ctx, "text")
        if "args" in v and not isinstance(v["args"], dict):
            ctx.err(path + ".args", "args must be an object")
