"""Checks of the content language's words for who, where, how much and whether: selectors,
targets, places, gear filters and choices, amounts, durations, costs and conditions.
"""

from __future__ import annotations

from typing import Any

from ..vocabulary import (
    CAUSES,
    CMP_KEYS,
    CORNERS,
    DURATIONS,
    EVENT_SOURCES,
    GEAR_KINDS,
    LEVELS,
    PICK_STATS,
    PICKS,
    PREDICATES,
    QUANTITATIVE,
    QUANTITIES,
    RESULTS,
    SCOPES,
    SELECTORS,
    SINGLE_PICKS,
    SLOT_CHOICES,
    SLOTS,
    STYLES,
    TALLIES,
    WEAPON_TYPES,
)
from .base import Ctx, Env, _bool, _enum, _fields, _int, _is_int, _list, _name, _ref, _show

# --- selectors, targets, places ---------------------------------------------------

def _selector_word(v: str, path: str, ctx: Ctx, env: Env) -> None:
    if v not in SELECTORS:
        ctx.err(path, f"selector must be one of {', '.join(SELECTORS)} or a pick object; got {_show(v)}")
        return
    if v in ("target", "collided") and env.kind != "card":
        ctx.err(path, f"{v!r} exists only on Ruffian action cards")
    if v in ("event", "by") and not env.trigger:
        ctx.err(path, f"{v!r} exists only inside a trigger, goal or weakness")
    if v == "chosen" and not env.chosen:
        ctx.err(path, "'chosen' needs an ability with a 'choose'")
    if v == "holder" and not env.keep:
        ctx.err(path, "'holder' exists only inside a kept card")


def selector(v: Any, path: str, ctx: Ctx, env: Env) -> None:
    if isinstance(v, str):
        _selector_word(v, path, ctx, env)
    else:
        target_spec(v, path, ctx, env, card_target=False)


def _anchor(v: Any, path: str, ctx: Ctx, env: Env) -> None:
    if isinstance(v, dict):
        if _fields(v, path, ctx, {"piece": True}, "anchor") and "piece" in v:
            _name(v["piece"], path + ".piece", ctx, "piece")
            if env.kind != "terrain":
                ctx.err(path, "a piece anchor exists only on terrain cards")
        return
    if _enum(v, path, ctx, ("ruffian", "self", "target", "this", "sheriff", "chosen", "event"), "of"):
        if v in ("target", "chosen", "event"):
            _selector_word(v, path, ctx, env)
        if v == "this" and env.kind != "terrain":
            ctx.err(path, "'this' as an anchor exists only on terrain cards")


def target_spec(v: Any, path: str, ctx: Ctx, env: Env, card_target: bool) -> None:
    spec = {"pick": True, "stat": False, "tally": False, "scope": False, "within": False, "beyond": False,
            "of": False, "filter": False, "except": False, "terrain": False, "choose": False, "else": False}
    if not _fields(v, path, ctx, spec, "target" if card_target else "pick"):
        return
    pick = v.get("pick")
    if not _enum(pick, path + ".pick", ctx, PICKS, "pick"):
        return
    if pick == "none" and not card_target:
        ctx.err(path, "pick 'none' is only for a card's target")
    if pick in ("most", "least"):
        if ("stat" in v) == ("tally" in v):
            ctx.err(path, f"pick {pick!r} needs 'stat' or 'tally' (one of them)")
        if "stat" in v:
            _enum(v["stat"], path + ".stat", ctx, PICK_STATS, "stat")
        if "tally" in v:
            _enum(v["tally"], path + ".tally", ctx, TALLIES, "tally")
        if "scope" in v:
            _enum(v["scope"], path + ".scope", ctx, SCOPES, "scope")
            if "tally" not in v:
                ctx.err(path, "'scope' belongs to a 'tally'")
    else:
        for key in ("stat", "tally", "scope"):
            if key in v:
                ctx.err(path, f"{key!r} belongs only to pick 'most' or 'least'")
    if pick == "terrain":
        if not card_target:
            ctx.err(path, "pick 'terrain' is only for a card's target (use a terrain destination elsewhere)")
        if "terrain" not in v:
            ctx.err(path, "pick 'terrain' needs 'terrain'")
        else:
            _ref(v["terrain"], path + ".terrain", ctx, "terrain", ("feature", "obstacle", "any"))
        if "choose" in v:
            _enum(v["choose"], path + ".choose", ctx, ("closest", "farthest"), "choose")
        for key in ("within", "beyond", "filter", "except", "of"):
            if key in v:
                ctx.err(path, f"{key!r} does not apply to pick 'terrain'")
    else:
        for key in ("terrain", "choose"):
            if key in v:
                ctx.err(path, f"{key!r} belongs only to pick 'terrain'")
    for key in ("within", "beyond"):
        if key in v:
            _int(v[key], f"{path}.{key}", ctx, key, 1)
    if "of" in v:
        _anchor(v["of"], path + ".of", ctx, env)
    if "filter" in v:
        _list(v["filter"], path + ".filter", ctx, "filter", lambda c, p: cond(c, p, ctx, env), 1)
    if "except" in v:
        if _enum(v["except"], path + ".except", ctx, ("self", "target", "sheriff", "chosen", "event"), "except"):
            _selector_word(v["except"], path + ".except", ctx, env)
    if "else" in v:
        if pick in ("all", "none"):
            ctx.err(path, f"'else' does not apply to pick {pick!r}")
        target_spec(v["else"], path + ".else", ctx, env, card_target)


def _terrain_word(v: Any, path: str, ctx: Ctx, env: Env, words: tuple[str, ...]) -> None:
    _ref(v, path, ctx, "terrain", words)
    if v == "this" and env.kind != "terrain":
        ctx.err(path, "'this' terrain exists only on terrain cards")
    if v == "target" and env.kind != "card":
        ctx.err(path, "'target' terrain exists only on Ruffian action cards")


def destination(v: Any, path: str, ctx: Ctx, env: Env) -> None:
    if isinstance(v, str):
        if _enum(v, path, ctx, ("target", "sheriff", "center", "start", "event", "by", "chosen"), "destination"):
            if v in ("target", "event", "by", "chosen"):
                _selector_word(v, path, ctx, env)
        return
    if isinstance(v, dict) and "pick" in v:
        target_spec(v, path, ctx, env, card_target=False)
        if v.get("pick") not in SINGLE_PICKS:
            ctx.err(path, "a destination pick must name one townsfolk (closest, farthest, weakest, …)")
        return
    if isinstance(v, dict) and "terrain" in v:
        if _fields(v, path, ctx, {"terrain": True, "choose": False}, "terrain destination"):
            _terrain_word(v["terrain"], path + ".terrain", ctx, env, ("feature", "obstacle", "any", "this"))
            if "choose" in v:
                _enum(v["choose"], path + ".choose", ctx, ("closest", "farthest"), "choose")
        return
    if isinstance(v, dict) and "corner" in v:
        if _fields(v, path, ctx, {"corner": True}, "corner destination"):
            _enum(v["corner"], path + ".corner", ctx, CORNERS, "corner")
        return
    ctx.err(path, f"a destination is 'target', 'sheriff', 'center', 'start', a pick, a terrain or a corner; "
                  f"got {_show(v)}")


SPOT_KEYS = ("adjacent", "corner", "inside", "next-to", "door", "behind", "in-front", "across",
             "farthest-from", "within")


def spot(v: Any, path: str, ctx: Ctx, env: Env) -> None:
    if isinstance(v, str):
        _enum(v, path, ctx, ("center", "start"), "place")
        return
    if not isinstance(v, dict):
        ctx.err(path, f"a place must be 'center', 'start' or an object; got {_show(v)}")
        return
    keys = [k for k in v if k in SPOT_KEYS]
    if len(keys) != 1:
        ctx.err(path, f"a place needs exactly one of {', '.join(SPOT_KEYS)}")
        return
    key = keys[0]
    allowed = {key: True, "of": key == "within"}
    _fields(v, path, ctx, allowed, "place")
    val = v[key]
    p = f"{path}.{key}"
    if key in ("adjacent", "farthest-from"):
        if _enum(val, p, ctx, ("target", "self", "ruffian", "sheriff", "chosen", "event"), key):
            if val in ("target", "chosen", "event"):
                _selector_word(val, p, ctx, env)
    elif key == "corner":
        _enum(val, p, ctx, CORNERS, "corner")
    elif key in ("inside", "next-to"):
        _terrain_word(val, p, ctx, env, ("this", "target"))
    elif key == "door":
        _terrain_word(val, p, ctx, env, ("this",))
    elif key in ("behind", "in-front"):
        _enum(val, p, ctx, ("ruffian",), key)
    elif key == "across":
        _enum(val, p, ctx, ("this",), key)
        if env.kind != "terrain":
            ctx.err(p, "'across' exists only on terrain cards")
    elif key == "within":
        _int(val, p, ctx, "within", 1)
        if "of" not in v:
            ctx.err(path, "a 'within' place needs 'of'")
        else:
            _anchor(v["of"], path + ".of", ctx, env)


# --- gear filters and choices -----------------------------------------------------

def gear_filter(v: Any, path: str, ctx: Ctx, empty: bool = False) -> None:
    spec = {"slot": False, "style": False, "type": False, "hands": False, "consumable": False, "weapon": False,
            "kind": False, "min-cost": False, "max-cost": False}
    if not _fields(v, path, ctx, spec, "gear filter"):
        return
    if not v and not empty:
        ctx.err(path, "a gear filter needs at least one field")
    for key, values in (("slot", SLOTS), ("type", WEAPON_TYPES), ("kind", GEAR_KINDS)):
        if key in v:
            items = v[key] if isinstance(v[key], list) else [v[key]]
            for i, item in enumerate(items):
                _enum(item, f"{path}.{key}[{i}]" if isinstance(v[key], list) else f"{path}.{key}", ctx, values, key)
    if "style" in v:
        _enum(v["style"], path + ".style", ctx, STYLES, "style")
    if "hands" in v:
        _enum(v["hands"], path + ".hands", ctx, (1, 2), "hands")
    for key in ("consumable", "weapon"):
        if key in v:
            _bool(v[key], f"{path}.{key}", ctx, key)
    for key in ("min-cost", "max-cost"):
        if key in v:
            _int(v[key], f"{path}.{key}", ctx, key, 0)


def weapon_choice(v: Any, path: str, ctx: Ctx) -> None:
    if isinstance(v, dict):
        gear_filter(v, path, ctx)
    else:
        _enum(v, path, ctx, ("this", "other", "all", "melee", "ranged"), "weapons")


def gear_choice(v: Any, path: str, ctx: Ctx) -> None:
    if isinstance(v, dict):
        if _fields(v, path, ctx, {"filter": True, "from": False}, "gear choice"):
            gear_filter(v.get("filter"), path + ".filter", ctx)
            if "from" in v:
                _enum(v["from"], path + ".from", ctx, ("equipped", "stashed", "any"), "from")
        return
    _enum(v, path, ctx, SLOT_CHOICES + ("this", "stashed"), "gear")


# --- amounts, durations, costs -------------------------------------------------------

def amount(v: Any, path: str, ctx: Ctx, env: Env, signed: bool = False, full: bool = False) -> None:
    if _is_int(v):
        if not signed and v < 0:
            ctx.err(path, f"amount must not be negative; got {v}")
        return
    if full and v == "full":
        return
    keys = [k for k in ("value", "count", "counter") if isinstance(v, dict) and k in v]
    if len(keys) == 1:
        key = keys[0]
        spec = {key: True, "who": key == "value" and v.get("value") == "distance", "times": False, "plus": False,
                "max": False, "on": key == "counter", "of": key == "value" and v.get("value") == "distance"}
        if key == "value" and v.get("value") != "distance":
            spec["who"] = False
        if _fields(v, path, ctx, spec, "amount"):
            if key == "value":
                _enum(v["value"], path + ".value", ctx, QUANTITIES, "value")
            elif key == "count":
                selector(v["count"], path + ".count", ctx, env)
            else:
                _name(v["counter"], path + ".counter", ctx, "counter")
                _counter_owner(v.get("on"), path + ".on", ctx, env)
            if "of" in v:
                _anchor(v["of"], path + ".of", ctx, env)
            if "max" in v:
                _int(v["max"], path + ".max", ctx, "max", 0)
            if "who" in v:
                selector(v["who"], path + ".who", ctx, env)
            if "times" in v:
                _int(v["times"], path + ".times", ctx, "times", 1)
            if "plus" in v:
                _int(v["plus"], path + ".plus", ctx, "plus")
        return
    ctx.err(path, f"amount must be a whole number{', full' if full else ''} or one value/count/counter object; "
                  f"got {_show(v)}")


def squares(v: Any, path: str, ctx: Ctx) -> None:
    if v == "mvmt":
        return
    if _is_int(v):
        _int(v, path, ctx, "squares", 1)
        return
    if isinstance(v, dict) and _fields(v, path, ctx, {"mvmt": True}, "squares"):
        _int(v.get("mvmt"), path + ".mvmt", ctx, "mvmt change")
        return
    if not isinstance(v, dict):
        ctx.err(path, f"squares must be a whole number, 'mvmt' or {{\"mvmt\": ±n}}; got {_show(v)}")


def duration(v: Any, path: str, ctx: Ctx) -> None:
    if isinstance(v, list):
        if len(v) < 2:
            ctx.err(path, "a list of durations needs at least two (whichever comes first)")
        for i, d in enumerate(v):
            _enum(d, f"{path}[{i}]", ctx, DURATIONS, "until")
        return
    _enum(v, path, ctx, DURATIONS, "until")


def cost(v: Any, path: str, ctx: Ctx, env: Env) -> None:
    spec = {"mox": False, "coins": False, "hp": False, "lower": False, "counters": False}
    if not _fields(v, path, ctx, spec, "cost"):
        return
    for key in ("mox", "coins", "hp", "counters"):
        if key in v:
            _int(v[key], f"{path}.{key}", ctx, key, 0)
    if "counters" in v and env.kind != "gear":
        ctx.err(path, "a 'counters' cost exists only on gear")
    if "lower" in v:
        low = v["lower"]
        if _fields(low, path + ".lower", ctx, {s: False for s in ("mvmt", "mox", "acc")}, "lowered stats"):
            for key, n in low.items():
                _int(n, f"{path}.lower.{key}", ctx, key, 1)


# --- conditions ---------------------------------------------------------------------

def conds(v: Any, path: str, ctx: Ctx, env: Env) -> None:
    _list(v, path, ctx, "conditions", lambda c, p: cond(c, p, ctx, env), 1)


def cond(v: Any, path: str, ctx: Ctx, env: Env) -> None:
    if not isinstance(v, dict):
        ctx.err(path, f"a condition must be an object, not {_show(v)}")
        return
    keys = [k for k in v if k in PREDICATES]
    if len(keys) != 1:
        ctx.err(path, f"a condition needs exactly one predicate; found {', '.join(keys) or 'none'} "
                      f"(predicates: {', '.join(PREDICATES)})")
        return
    pred = keys[0]
    allowed = (pred,) + PREDICATES[pred]
    for key in v:
        if key not in allowed:
            ctx.err(path, f"unknown field {key!r} in a {pred!r} condition (allowed: {', '.join(allowed)})")
    val = v[pred]
    p = f"{path}.{pred}"
    if "who" in v:
        selector(v["who"], path + ".who", ctx, env)
    if "of" in v:
        _anchor(v["of"], path + ".of", ctx, env)
    if pred in QUANTITATIVE:
        cmps = [k for k in CMP_KEYS if k in v]
        if len(cmps) != 1:
            ctx.err(path, f"a {pred!r} condition needs exactly one of {', '.join(CMP_KEYS)}")
        for k in cmps:
            amount(v[k], f"{path}.{k}", ctx, env, signed=True)
    if pred in ("adjacent",):
        if _enum(val, p, ctx, ("ruffian", "self", "target", "sheriff", "chosen", "event"), pred):
            if val in ("target", "chosen", "event"):
                _selector_word(val, p, ctx, env)
    elif pred in ("within", "beyond"):
        _int(val, p, ctx, pred, 1)
        if "of" not in v:
            ctx.err(path, f"a {pred!r} condition needs 'of'")
    elif pred == "inside":
        _terrain_word(val, p, ctx, env, ("this", "target", "feature", "any"))
        if "completely" in v:
            _bool(v["completely"], path + ".completely", ctx, "completely")
    elif pred == "next-to":
        _terrain_word(val, p, ctx, env, ("this", "target", "obstacle", "any"))
    elif pred == "at-door":
        _terrain_word(val, p, ctx, env, ("this",))
    elif pred == "equipped":
        if isinstance(val, dict):
            gear_filter(val, p, ctx)
        else:
            _enum(val, p, ctx, ("head", "chest", "leg", "accessory", "left-hand", "right-hand", "hand", "hands",
                                "dual", "any"), "equipped")
    elif pred == "boosted":
        if _name(val, p, ctx, "boosted"):
            ctx.ref("any", val, p)
    elif pred == "is":
        _ref(val, p, ctx, "townsfolk", ("sheriff", "on-board", "removed", "knocked-out"))
    elif pred == "in-team":
        _ref(val, p, ctx, "townsfolk")
    elif pred in ("at-max-hp", "flanked", "weakness", "final-fight", "first", "reached"):
        _bool(val, p, ctx, pred)
    elif pred in ("behind", "in-front", "in-line"):
        _enum(val, p, ctx, ("ruffian",), pred)
    elif pred == "level":
        _list(val, p, ctx, "levels", lambda x, q: _enum(x, q, ctx, LEVELS, "level"), 1)
    elif pred == "phase":
        _enum(val, p, ctx, ("town", "fight"), "phase")
    elif pred == "turn-of":
        selector(val, p, ctx, env)
    elif pred in ("source", "result", "with", "terrain", "cause", "by"):
        if not env.trigger:
            ctx.err(p, f"{pred!r} reads the triggering event; use it only in a trigger, goal or weakness")
        if pred == "source":
            _enum(val, p, ctx, EVENT_SOURCES, "source")
        elif pred == "result":
            _enum(val, p, ctx, RESULTS, "result")
        elif pred == "with":
            if isinstance(val, dict):
                gear_filter(val, p, ctx)
            elif val != "this":
                _ref(val, p, ctx, "gear")
            elif env.kind != "gear":
                ctx.err(p, "'with': 'this' exists only on gear")
        elif pred == "terrain":
            _terrain_word(val, p, ctx, env, ("this",))
        elif pred == "cause":
            _enum(val, p, ctx, CAUSES, "cause")
        elif pred == "by":
            _ref(val, p, ctx, "townsfolk", ("self", "sheriff", "ruffian", "others"))
    elif pred == "damaged":
        _enum(val, p, ctx, ("target",), "damaged")
        _selector_word("target", p, ctx, env)
    elif pred == "value":
        _enum(val, p, ctx, QUANTITIES, "value")
        if val == "distance" and "of" not in v:
            ctx.err(path, "a 'distance' value needs 'of'")
    elif pred == "count":
        selector(val, p, ctx, env)
    elif pred == "counter":
        _name(val, p, ctx, "counter")
        if "on" not in v:
            ctx.err(path, "a 'counter' condition needs 'on'")
        else:
            _counter_owner(v["on"], path + ".on", ctx, env)
            if v["on"] == "this" and env.kind == "gear" and val != "charge":
                ctx.err(path, "a gear's own counters are named 'charge'")
    elif pred == "tally":
        _enum(val, p, ctx, TALLIES, "tally")
        if "scope" in v:
            _enum(v["scope"], path + ".scope", ctx, SCOPES, "scope")
    elif pred == "not":
        cond(val, p, ctx, env)
    elif pred in ("any", "all"):
        _list(val, p, ctx, pred, lambda c, q: cond(c, q, ctx, env), 2)


def _counter_owner(v: Any, path: str, ctx: Ctx, env: Env) -> None:
    if v == "this":
        if env.kind not in ("gear", "terrain"):
            ctx.err(path, "counters on 'this' exist only on gear and terrain")
        return
    selector(v, path, ctx, env)
