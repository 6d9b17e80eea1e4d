"""The Townsfolk Tussle content language, checked.

Every catalogue in `data/` is a JSON file `{"defaults": {...}, "rows": [...]}`: each row
is `{**FIELD_DEFAULTS, **file defaults, **row}`. The language (every field, every allowed
value, what each step does) is described in docs/content/townsfolk-tussle.md; this module
is its checker and holds the vocabularies, so the guide and the checker cannot drift apart
(a test checks that the guide names every word listed here).

    python -m tabletown.games.townsfolk_tussle.schema      # every problem, and the counts so far

`validate(name, data)` checks one file; `validate_all(files)` checks every file, the
references between them, the landscapes and (once `REQUIRE_COMPLETE` is on) the counts.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterable, Optional

from tabletown.engine.words import plural

# Counts below the rulebook's are "incomplete" (reported, not failures) until every
# catalogue is written; then switch this on and a missing card is a failure.
REQUIRE_COMPLETE = True

DATA_DIR = Path(__file__).with_name("data")

# ------------------------------------------------------------------------------------
# Catalogue families: a file `data/<family>.json`, or `data/<family>_<part>.json` where a
# family may be split so several people can write it at once. Action cards are one file
# per Ruffian: `data/action_cards_<ruffian-id>.json`.

FAMILIES = (
    "townsfolk", "ruffians", "endings", "terrain", "charts",
    "gear_starting", "gear_peddler", "gear_ruffian", "gear_unique", "gear_unlockable",
    "feats", "events", "action_cards",
)
SPLITTABLE = ("gear_peddler", "feats", "events")

# The rulebook's counts (cards; a Peddler gear or Town Event row with "copies": n counts n).
COUNTS = {
    "townsfolk": 7, "ruffians": 12, "endings": 36, "terrain": 20,
    "gear_starting": 15, "gear_peddler": 177, "gear_ruffian": 36, "gear_unique": 28,
    "gear_unlockable": 24, "feats": 75, "events": 100, "action_cards": 180,
}
CARDS_PER_RUFFIAN = 15
GEAR_PER_RUFFIAN = 3
UNLOCKS_PER_RUFFIAN = 2

GEAR_KIND_OF_FAMILY = {
    "gear_starting": "starting", "gear_peddler": "peddler", "gear_ruffian": "ruffian",
    "gear_unique": "unique", "gear_unlockable": "unlockable",
}

# ------------------------------------------------------------------------------------
# Vocabularies (the guide explains each word)

LEVELS = ("chump", "scrapper", "brute", "outlaw", "final-fight")
TEAM_SIZES = ("2", "3", "4")
STATS = ("hp", "mvmt", "mox", "acc")
TEMP_STATS = ("max-hp", "mvmt", "mox", "acc")
SLOTS = ("hand", "left-hand", "right-hand", "head", "chest", "leg", "accessory", "special")
HAND_SLOTS = ("hand", "left-hand", "right-hand")
SLOT_CHOICES = ("head", "chest", "leg", "accessory", "left-hand", "right-hand", "hand", "hands", "any", "all", "best")
GEAR_KINDS = ("starting", "peddler", "ruffian", "unique", "unlockable")
UNIQUE_SOURCES = ("sheriff", "event", "feat")
STYLES = ("melee", "ranged")
WEAPON_TYPES = (
    "axe", "banner", "book", "bow", "cane", "claw", "club", "dagger", "darts", "fish", "fist", "gun",
    "hammer", "hook", "instrument", "knife", "mace", "pick", "pitchfork", "rod", "rope", "scythe",
    "shears", "shield", "shovel", "sling", "spear", "staff", "sword", "thrown", "tool", "torch",
    "umbrella", "utensil", "wand", "whip", "other",
)
DURATIONS = (
    "turn", "next-turn-start", "next-turn-end", "user-next-turn-start", "ruffian-turn-end",
    "moved", "attack", "phase", "fight", "game",
)
USES = ("turn", "phase", "fight", "game", "unlimited")
WHEN = ("fight", "town", "any")
EVENTS = (
    "fight-start", "fight-end", "town-start", "town-end", "turn-start", "turn-end", "card", "targeted",
    "reached", "damaged", "attack", "knocked-out", "moved", "entered", "pushed", "placed", "bumped",
    "interacted", "healed", "breaking-point", "equipped", "unequipped", "discarded", "bought", "sold",
    "feat", "weakness", "defeated", "coins", "rolled",
)
SUBJECTLESS_EVENTS = ("fight-start", "fight-end", "town-start", "town-end")
SUBJECTS = ("self", "any", "townsfolk", "others", "ruffian", "sheriff", "holder", "target")
SELECTORS = ("self", "target", "ruffian", "sheriff", "team", "others", "event", "by", "chosen", "collided", "holder")
PICKS = ("closest", "farthest", "weakest", "healthiest", "most", "least", "all", "random", "terrain", "sheriff", "none")
SINGLE_PICKS = ("closest", "farthest", "weakest", "healthiest", "most", "least", "random", "sheriff")
PICK_STATS = ("hp", "max-hp", "mvmt", "mox", "acc", "coins", "equipped", "stashed", "feats", "feat-points")
QUANTITIES = (
    "hp", "max-hp", "mvmt", "mox", "acc", "coins", "equipped", "stashed", "feats", "feat-points",
    "distance", "amount", "roll", "townsfolk", "knocked-out",
)
TALLIES = (
    "dmg-taken", "dmg-dealt", "attacks", "hits", "misses", "crits", "whiffs", "squares-moved",
    "interactions", "healed", "knocked-out", "targeted", "pushed", "gear-changes", "coins-paid",
    "cards", "breaking-points",
)
SCOPES = ("turn", "fight", "game")
CMP_KEYS = ("at-least", "at-most", "exactly")
CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right", "nearest", "farthest")
ROLL_BONUSES = ("hp", "max-hp", "mvmt", "mox", "acc")
AFTER_WHEN = ("damaged", "reached", "inside", "partly-inside", "always", "not-damaged")
TERRAIN_TYPES = ("feature", "obstacle")
INTERACT_AT = ("adjacent", "inside", "door")
RESULTS = ("hit", "miss", "crit", "whiff")
EVENT_SOURCES = ("ruffian", "townsfolk", "attack", "terrain")
CAUSES = ("collision", "push")
DMG_FROM = ("any", "ruffian", "ruffian-ranged", "attacks", "melee-attacks", "ranged-attacks", "terrain")
IMMUNE_TO = ("lower", "push", "place", "unequip", "discard", "steal", "coins")
ENDING_RESULTS = ("win", "loss", "special")
PRONOUNS = ("he", "she", "they")
ROTATIONS = (0, 90, 180, 270)

MODS: dict[str, tuple[str, ...]] = {  # kind -> its own fields (every mod may also have "who" and "if")
    "stat": ("stat", "amount"),
    "range": ("weapons", "amount"),
    "dmg": ("weapons", "amount"),
    "to-hit": ("weapons", "amount"),
    "weapon-mox": ("weapons", "amount"),
    "attacks": ("weapons", "amount"),
    "dmg-taken": ("amount", "from", "min"),
    "dmg-dealt": ("amount", "min"),
    "crit-on": ("at-least",),
    "move-cost": ("terrain", "cost"),
    "untargetable": (),
    "unattackable": ("weapons",),
    "invulnerable": (),
    "min-hp": ("amount",),
    "retarget": ("to",),
    "price": ("amount", "gear"),
    "sell": ("amount", "gear"),
    "event-roll": ("amount",),
    "interact-mox": ("amount",),
    "gear-change-mox": ("amount",),
    "immune": ("to",),
    "feats-hand": ("amount",),
}

# Every step: its fields (name -> required?).
STEPS: dict[str, dict[str, bool]] = {
    "move": {"to": True, "squares": False, "dmg": False},
    "move-into": {"to": True, "squares": False},
    "forward": {"face": False, "squares": False, "dmg": False},
    "retreat": {"from": True, "squares": False},
    "face": {"to": True},
    "place": {"who": True, "at": True},
    "swap": {"who": True, "with": True},
    "dmg": {"who": True, "amount": True, "range": False},
    "bonus-dmg": {"amount": True},
    "attack": {"with": True, "free": False, "acc": False, "dmg": False},
    "heal": {"who": True, "amount": True},
    "lower": {"who": True, "stat": True, "amount": True, "until": True},
    "raise": {"who": True, "stat": True, "amount": True, "until": True},
    "restore": {"who": True, "stat": True},
    "boost": {"who": True, "mods": True, "until": True},
    "push": {"who": True, "squares": True, "from": False, "dmg": False},
    "pull": {"who": True, "squares": True},
    "dash": {"who": True, "squares": True},
    "unequip": {"who": True, "slot": True},
    "discard": {"who": True, "gear": True},
    "steal": {"who": True, "slot": True},
    "recover": {"who": True},
    "gain-gear": {"who": True, "gear": True, "equip": False},
    "search-peddler": {"who": True, "for": True, "price": False, "count": False},
    "take-from-shop": {"who": True, "for": False, "price": False},
    "exchange": {"who": True, "with": True, "count": False},
    "coins": {"who": True, "amount": True},
    "counter": {"on": True, "name": True, "amount": True},
    "keep": {"with": True, "while": False, "trigger": False, "until": False, "repeat": False},
    "reshuffle": {},
    "reveal-next": {},
    "extra-action": {},
    "skip-action": {},
    "end-turn": {},
    "stop": {},
    "draw-feat": {"who": True, "count": False},
    "draw-event": {"who": True},
    "exhaust": {"terrain": True},
    "place-terrain": {"terrain": True, "at": True, "rot": False},
    "remove-terrain": {"terrain": True},
    "roll": {"who": True, "bonus": False, "table": True},
    "choose": {"by": True, "options": True},
    "if": {"if": True, "then": True, "else": False},
    "once": {"per": True, "steps": True, "otherwise": False},
    "weakness": {},
    "remove": {"who": True, "until": True, "return": True},
    "reroll": {},
    "effect": {"effect": True, "text": True, "args": False},
}
RUFFIAN_MOVES = ("move", "move-into", "forward", "retreat", "face")

# Conditions: predicate -> the modifier keys it also takes.
PREDICATES: dict[str, tuple[str, ...]] = {
    "adjacent": ("who",), "within": ("who", "of"), "beyond": ("who", "of"),
    "inside": ("who", "completely"), "next-to": ("who",), "at-door": ("who",),
    "equipped": ("who",), "boosted": ("who",), "is": ("who",), "in-team": (),
    "at-max-hp": ("who",), "behind": ("who",), "in-front": ("who",), "in-line": ("who",),
    "flanked": (), "weakness": (), "level": (), "final-fight": (), "phase": (), "turn-of": (),
    "first": (), "source": (), "result": (), "with": (), "terrain": (), "cause": (), "by": (),
    "reached": (), "damaged": (),
    "value": ("who", "of") + CMP_KEYS, "count": CMP_KEYS, "counter": ("on",) + CMP_KEYS,
    "tally": ("who", "scope") + CMP_KEYS,
    "not": (), "any": (), "all": (),
}
QUANTITATIVE = ("value", "count", "counter", "tally")

CHART_IDS = ("board", "crit-hit", "town-map", "breaking-points", "setup", "order-bar")

ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
NAME_RE = ID_RE

# ------------------------------------------------------------------------------------
# Field defaults per family (a file's "defaults" and then the row override them)

FIELD_DEFAULTS: dict[str, dict[str, Any]] = {
    "gear": {"hands": None, "cost": None, "weapon": None, "bonus": {}, "consumable": False, "counters": None,
             "mods": [], "triggers": [], "activate": [], "flavour": "", "townsfolk": None, "ruffian": None,
             "star": False, "unlocked_by": None, "source": None, "copies": 1},
    "action_cards": {"flavour": "", "after": None, "after_text": ""},
    "terrain": {"door": None, "shape": None, "pieces": None, "move_cost": None, "interact": None,
                "interact_text": "", "mods": [], "triggers": []},
    "feats": {"reward": [], "reward_text": ""},
    "events": {"flavour": "", "secret": False, "goal": None, "copies": 1},
}


def family_of(name: str) -> Optional[str]:
    """The family a catalogue file name (without .json) belongs to, or None."""
    if name.startswith("action_cards_"):
        return "action_cards" if ID_RE.match(name[len("action_cards_"):]) else None
    if name in FAMILIES and name != "action_cards":
        return name
    for family in SPLITTABLE:
        if name.startswith(family + "_") and ID_RE.match(name[len(family) + 1:]):
            return family
    return None


def _defaults_key(family: str) -> str:
    return "gear" if family.startswith("gear_") else family


def rows_of(data: Any, family: str) -> list[dict]:
    """The rows of one file with the field defaults and the file's defaults filled in."""
    base = FIELD_DEFAULTS.get(_defaults_key(family), {})
    file_defaults = data.get("defaults", {}) if isinstance(data, dict) else {}
    rows = data.get("rows", []) if isinstance(data, dict) else []
    out = []
    for row in rows if isinstance(rows, list) else []:
        if isinstance(row, dict):
            out.append({**base, **(file_defaults if isinstance(file_defaults, dict) else {}), **row})
    return out


# ------------------------------------------------------------------------------------
# The checker


class Ctx:
    """Problems and references collected while checking one file."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.problems: list[str] = []
        self.refs: list[tuple[str, str, str]] = []  # (kind, id, path)
        self.effects: list[tuple[str, str, str]] = []  # (name, text, path)

    def err(self, path: str, msg: str) -> None:
        self.problems.append(f"{self.where}: {path}: {msg}")

    def ref(self, kind: str, value: str, path: str) -> None:
        self.refs.append((kind, value, path))


class Env:
    """Where a piece of content sits: what its selectors may name."""

    def __init__(self, kind: str, trigger: bool = False, chosen: bool = False, keep: bool = False,
                 attack: bool = False, row_id: str = "", boost: bool = False) -> None:
        self.kind = kind  # card | ruffian | final-fight | townsfolk | gear | terrain | feat | event | chart
        self.trigger = trigger  # inside a trigger, goal or weakness: "event" and "by" exist
        self.chosen = chosen  # inside an activated ability with "choose"
        self.keep = keep  # inside a kept card: "holder" exists
        self.attack = attack  # an attack or roll is being resolved
        self.row_id = row_id
        self.boost = boost  # modifiers of a boost step: its "who" says whom they affect

    def but(self, **changes: Any) -> "Env":
        env = Env(self.kind, self.trigger, self.chosen, self.keep, self.attack, self.row_id, self.boost)
        for k, v in changes.items():
            setattr(env, k, v)
        return env


def _is_int(v: Any) -> bool:
    return type(v) is int


def _fields(obj: Any, path: str, ctx: Ctx, spec: dict[str, bool], what: str) -> bool:
    """Check that `obj` is an object with only known fields and every required one."""
    if not isinstance(obj, dict):
        ctx.err(path, f"{what} must be an object, not {_show(obj)}")
        return False
    for key in obj:
        if key not in spec:
            ctx.err(path, f"unknown field {key!r} in {what} (allowed: {', '.join(spec)})")
    for key, required in spec.items():
        if required and key not in obj:
            ctx.err(path, f"{what} needs the field {key!r}")
    return True


def _show(v: Any) -> str:
    text = json.dumps(v, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "…"


def _enum(v: Any, path: str, ctx: Ctx, values: Iterable[Any], what: str) -> bool:
    values = tuple(values)
    if not any(type(v) is type(x) and v == x for x in values):
        ctx.err(path, f"{what} must be one of {', '.join(str(x) for x in values)}; got {_show(v)}")
        return False
    return True


def _int(v: Any, path: str, ctx: Ctx, what: str, lo: Optional[int] = None, hi: Optional[int] = None) -> bool:
    if not _is_int(v):
        ctx.err(path, f"{what} must be a whole number, not {_show(v)}")
        return False
    if lo is not None and v < lo or hi is not None and v > hi:
        span = f"from {lo}" if hi is None else f"from {lo} to {hi}" if lo is not None else f"at most {hi}"
        ctx.err(path, f"{what} must be {span}; got {v}")
        return False
    return True


def _text(v: Any, path: str, ctx: Ctx, what: str, empty: bool = False) -> bool:
    if not isinstance(v, str):
        ctx.err(path, f"{what} must be text, not {_show(v)}")
        return False
    if not empty and not v.strip():
        ctx.err(path, f"{what} must not be empty")
        return False
    if v != v.strip():
        ctx.err(path, f"{what} has spaces at its start or end")
        return False
    return True


def _bool(v: Any, path: str, ctx: Ctx, what: str) -> bool:
    if not isinstance(v, bool):
        ctx.err(path, f"{what} must be true or false, not {_show(v)}")
        return False
    return True


def _list(v: Any, path: str, ctx: Ctx, what: str, item: Callable[[Any, str], None], min_len: int = 0) -> None:
    if not isinstance(v, list):
        ctx.err(path, f"{what} must be a list, not {_show(v)}")
        return
    if len(v) < min_len:
        ctx.err(path, f"{what} needs at least {plural(min_len, 'entry', 'entries')}")
    for i, x in enumerate(v):
        item(x, f"{path}[{i}]")


def _name(v: Any, path: str, ctx: Ctx, what: str) -> bool:
    if not isinstance(v, str) or not NAME_RE.match(v):
        ctx.err(path, f"{what} must be lower-case words joined by hyphens, not {_show(v)}")
        return False
    return True


def _cell(v: Any, path: str, ctx: Ctx, what: str) -> bool:
    if not (isinstance(v, list) and len(v) == 2 and all(_is_int(x) for x in v)):
        ctx.err(path, f"{what} must be a square [column, row] of two whole numbers, not {_show(v)}")
        return False
    return True


def _ref(v: Any, path: str, ctx: Ctx, kind: str, extra: tuple[str, ...] = ()) -> None:
    if isinstance(v, str) and v in extra:
        return
    if not isinstance(v, str) or not ID_RE.match(v):
        allowed = f" or one of {', '.join(extra)}" if extra else ""
        ctx.err(path, f"must name a {kind} id{allowed}, not {_show(v)}")
        return
    ctx.ref(kind, v, path)


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


# ------------------------------------------------------------------------------------
# Rows

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


# ------------------------------------------------------------------------------------
# Files

def validate(name: str, data: Any) -> list[str]:
    """Readable problems in one catalogue file (`name` without .json)."""
    ctx = _validate(name, data)
    return ctx.problems


def _validate(name: str, data: Any) -> Ctx:
    ctx = Ctx(f"{name}.json")
    family = family_of(name)
    if family is None:
        ctx.err("file", f"unknown catalogue name {name!r}: a file is one of {', '.join(FAMILIES[:-1])}, "
                        "<gear_peddler|feats|events>_<part>, or action_cards_<ruffian-id>")
        return ctx
    if not _fields(data, "file", ctx, {"defaults": True, "rows": True}, "catalogue file"):
        return ctx
    if not isinstance(data.get("defaults"), dict):
        ctx.err("defaults", "defaults must be an object (may be empty)")
        return ctx
    if not isinstance(data.get("rows"), list):
        ctx.err("rows", "rows must be a list")
        return ctx
    ruffian = name[len("action_cards_"):] if family == "action_cards" else ""
    if ruffian:
        ctx.ref("ruffian", ruffian, "file")
    for i, raw in enumerate(data["rows"]):
        path = f"rows[{i}]"
        if not isinstance(raw, dict):
            ctx.err(path, f"a row must be an object, not {_show(raw)}")
            continue
        if isinstance(raw.get("id"), str):
            path = f"{raw['id']}"
        row = rows_of({"defaults": data["defaults"], "rows": [raw]}, family)[0]
        if family.startswith("gear_"):
            check_gear(row, path, ctx, family)
        elif family == "townsfolk":
            check_townsfolk(row, path, ctx)
        elif family == "ruffians":
            check_ruffian(row, path, ctx)
        elif family == "action_cards":
            check_action_card(row, path, ctx, ruffian)
        elif family == "terrain":
            check_terrain(row, path, ctx)
        elif family == "feats":
            check_feat(row, path, ctx)
        elif family == "events":
            check_event(row, path, ctx)
        elif family == "endings":
            check_ending(row, path, ctx)
        elif family == "charts":
            check_chart(row, path, ctx)
    return ctx


def load_files(data_dir: Path = DATA_DIR) -> dict[str, Any]:
    """Every catalogue file in `data_dir`, by name without .json (a file that is not JSON maps to its error)."""
    files: dict[str, Any] = {}
    for p in sorted(data_dir.glob("*.json")):
        try:
            files[p.stem] = json.loads(p.read_text(encoding="utf-8"))
        except ValueError as exc:
            files[p.stem] = JsonError(str(exc))
    return files


class JsonError:
    def __init__(self, message: str) -> None:
        self.message = message


def all_rows(files: dict[str, Any]) -> dict[str, list[dict]]:
    """Rows (defaults filled in) by family."""
    out: dict[str, list[dict]] = {f: [] for f in FAMILIES}
    for name, data in files.items():
        family = family_of(name)
        if family and isinstance(data, dict):
            out[family].extend(rows_of(data, family))
    return out


def counts(files: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """(have, need) per family, counting copies."""
    rows = all_rows(files)
    return {f: (sum(r.get("copies", 1) if _is_int(r.get("copies", 1)) else 1 for r in rows[f]), need)
            for f, need in COUNTS.items()}


def terrain_pieces(row: dict) -> dict[str, dict]:
    """A terrain card's pieces by name ("main" for a one-piece card)."""
    if isinstance(row.get("pieces"), dict):
        return {k: v for k, v in row["pieces"].items() if isinstance(v, dict)}
    return {"main": {"shape": row.get("shape"), "door": row.get("door")}}


def rotate(shape: list, door: Optional[list], rot: int) -> tuple[list[tuple[int, int]], Optional[tuple[int, int]]]:
    """Turn a shape (and its door) clockwise by `rot` degrees: (c, r) -> (-r, c) per quarter turn, then shift
    so the shape's squares start at column 0 and row 0 again (the door moves with them)."""
    cells = [(c, r) for c, r in shape]
    d = tuple(door) if door is not None else None
    for _ in range(rot // 90):
        cells = [(-r, c) for c, r in cells]
        d = (-d[1], d[0]) if d is not None else None
    dc, dr = -min(c for c, _ in cells), -min(r for _, r in cells)
    cells = [(c + dc, r + dr) for c, r in cells]
    if d is not None:
        d = (d[0] + dc, d[1] + dr)
    return cells, d


def placement_cells(terrain_row: dict, placement: dict) -> tuple[list[tuple[int, int]], Optional[tuple[int, int]]]:
    """The board squares a landscape placement covers, and its door square (or None)."""
    piece = terrain_pieces(terrain_row)[placement.get("piece", "main")]
    cells, door = rotate(piece["shape"], piece.get("door"), placement.get("rot", 0))
    c0, r0 = placement["at"]
    return [(c + c0, r + r0) for c, r in cells], (door[0] + c0, door[1] + r0) if door else None


def validate_all(files: dict[str, Any], complete: bool = REQUIRE_COMPLETE) -> list[str]:
    """Every problem in every file, in the references between them, in the landscapes, and (when `complete`)
    every count below the rulebook's."""
    problems: list[str] = []
    ctxs: list[Ctx] = []
    for name, data in files.items():
        if isinstance(data, JsonError):
            problems.append(f"{name}.json: not valid JSON: {data.message}")
            continue
        ctx = _validate(name, data)
        ctxs.append(ctx)
        problems.extend(ctx.problems)
    rows = all_rows({n: d for n, d in files.items() if not isinstance(d, JsonError)})
    problems.extend(_cross_check(rows, ctxs))
    problems.extend(_check_landscapes(rows))
    if complete:
        for family, (have, need) in counts(files).items():
            if have != need:
                problems.append(f"{family}: {have} of the rulebook's {need}")
    return problems


def _ids_by_kind(rows: dict[str, list[dict]]) -> dict[str, set[str]]:
    gear = {r["id"] for f in FAMILIES if f.startswith("gear_") for r in rows[f] if isinstance(r.get("id"), str)}
    ids = {
        "gear": gear,
        "terrain": {r.get("id") for r in rows["terrain"]},
        "townsfolk": {r.get("id") for r in rows["townsfolk"]},
        "ruffian": {r.get("id") for r in rows["ruffians"]},
    }
    ids["any"] = {r.get("id") for f in FAMILIES for r in rows[f] if isinstance(r.get("id"), str)}
    return ids


def _cross_check(rows: dict[str, list[dict]], ctxs: list[Ctx]) -> list[str]:
    out: list[str] = []
    # ids unique across every catalogue
    seen: dict[str, str] = {}
    for family in FAMILIES:
        for r in rows[family]:
            rid = r.get("id")
            if not isinstance(rid, str):
                continue
            if rid in seen:
                out.append(f"id {rid!r} is used twice ({seen[rid]} and {family}); ids are unique across catalogues")
            else:
                seen[rid] = family
    # references
    ids = _ids_by_kind(rows)
    for ctx in ctxs:
        for kind, value, path in ctx.refs:
            if value not in ids[kind]:
                word = "id" if kind == "any" else f"{kind} id"
                out.append(f"{ctx.where}: {path}: no {word} {value!r}")
    # effects: one meaning per handler name
    meanings: dict[str, tuple[str, str]] = {}
    for ctx in ctxs:
        for name, text, path in ctx.effects:
            if name in meanings and meanings[name][0] != text:
                out.append(f"{ctx.where}: {path}: effect {name!r} is described differently at {meanings[name][1]}; "
                           "one handler, one text (pass differences in 'args')")
            meanings.setdefault(name, (text, f"{ctx.where}: {path}"))
    # per-Ruffian and per-townsfolk structure
    ruffians = [r.get("id") for r in rows["ruffians"]]
    gear_by_id = {r.get("id"): r for f in FAMILIES if f.startswith("gear_") for r in rows[f]}
    for rid in ruffians:
        mine = [g for g in rows["gear_ruffian"] if g.get("ruffian") == rid]
        if len(mine) != GEAR_PER_RUFFIAN or sum(1 for g in mine if g.get("star")) != 1:
            out.append(f"Ruffian {rid!r}: needs {GEAR_PER_RUFFIAN} Ruffian gear with exactly one star; "
                       f"has {len(mine)} with {sum(1 for g in mine if g.get('star'))}")
        unlocks = [g for g in rows["gear_unlockable"] if g.get("unlocked_by") == rid]
        if len(unlocks) != UNLOCKS_PER_RUFFIAN:
            out.append(f"Ruffian {rid!r}: its special objective unlocks {UNLOCKS_PER_RUFFIAN} gear; has {len(unlocks)}")
        elif len({g.get("townsfolk") for g in unlocks}) != 1:
            out.append(f"Ruffian {rid!r}: both unlocks are one townsfolk's alternative starting gear, or both Peddler")
        results = sorted(e.get("result") for e in rows["endings"] if e.get("ruffian") == rid)
        if results != sorted(ENDING_RESULTS):
            out.append(f"Ruffian {rid!r}: needs one win, one loss and one special ending; has {results}")
    for t in rows["townsfolk"]:
        tid = t.get("id")
        if not any(g.get("townsfolk") == tid for g in rows["gear_starting"]):
            out.append(f"townsfolk {tid!r}: has no starting gear")
        alt = [g for g in rows["gear_unlockable"] if g.get("townsfolk") == tid]
        if len(alt) != 2:
            out.append(f"townsfolk {tid!r}: has {len(alt)} alternative starting gear; the tracker gives each two")
    numbers = Counter(e.get("number") for e in rows["endings"])
    for n, k in numbers.items():
        if k > 1:
            out.append(f"ending number {n} is used {k} times")
    # sheriff gear: one unique piece per Final Fight
    sheriff_ids = []
    for r in rows["ruffians"]:
        ff = r.get("final_fight") if isinstance(r.get("final_fight"), dict) else {}
        gid = ff.get("sheriff_gear")
        g = gear_by_id.get(gid)
        if g is not None and (g.get("kind") != "unique" or g.get("source") != "sheriff"):
            out.append(f"Ruffian {r.get('id')!r}: the sheriff's gear {gid!r} must be Unique gear with source 'sheriff'")
        sheriff_ids.append(gid)
    for gid, k in Counter(sheriff_ids).items():
        if k > 1 and gid is not None:
            out.append(f"the sheriff's gear {gid!r} is named by {k} Final Fights; each has its own")
    for g in rows["gear_unique"]:
        if g.get("source") == "sheriff" and g.get("id") not in sheriff_ids:
            out.append(f"Unique gear {g.get('id')!r} has source 'sheriff' but no Final Fight names it")
    return out


def _check_landscapes(rows: dict[str, list[dict]]) -> list[str]:
    out: list[str] = []
    board = next((r for r in rows["charts"] if r.get("id") == "board"), None)
    if board is None or not _is_int(board.get("cols")) or not _is_int(board.get("rows")):
        return ["charts.json: needs the 'board' row (cols, rows) to check landscapes"] if rows["ruffians"] else []
    cols, nrows = board["cols"], board["rows"]
    terrain = {t.get("id"): t for t in rows["terrain"]}

    def on_board(c: int, r: int) -> bool:
        return 0 <= c < cols and 0 <= r < nrows

    for ruff in rows["ruffians"]:
        land = ruff.get("landscape")
        name = ruff.get("id")
        if not isinstance(land, dict) or not isinstance(land.get("terrain"), list):
            continue
        where = f"Ruffian {name!r} landscape"
        covered: dict[tuple[int, int], str] = {}
        obstacles: set[tuple[int, int]] = set()
        doors: list[tuple[tuple[int, int], str]] = []
        ff_numbers: list[int] = []
        for i, pl in enumerate(land["terrain"]):
            t = terrain.get(pl.get("terrain")) if isinstance(pl, dict) else None
            if t is None or not isinstance(pl.get("at"), list) or len(pl["at"]) != 2:
                continue
            if pl.get("piece", "main") not in terrain_pieces(t):
                out.append(f"{where}: terrain[{i}] names piece {pl.get('piece')!r} that {t['id']!r} does not have")
                continue
            if isinstance(t.get("pieces"), dict) and "piece" not in pl:
                out.append(f"{where}: terrain[{i}]: {t['id']!r} has several pieces; say which ('piece')")
                continue
            try:
                cells, door = placement_cells(t, pl)
            except (TypeError, ValueError, KeyError):
                continue
            label = f"{t['id']} at {pl['at']}"
            for c in cells:
                if not on_board(*c):
                    out.append(f"{where}: {label} leaves the board at {list(c)}")
                elif c in covered:
                    out.append(f"{where}: {label} overlaps {covered[c]} at {list(c)}")
                else:
                    covered[c] = label
                if t.get("type") == "obstacle":
                    obstacles.add(c)
            if door is not None:
                doors.append((door, label))
            if _is_int(pl.get("ff")):
                ff_numbers.append(pl["ff"])
        for door, label in doors:
            if not on_board(*door):
                out.append(f"{where}: the door of {label} is off the board at {list(door)}")
            elif door in obstacles:
                out.append(f"{where}: the door of {label} is blocked by an obstacle")
        wanted = sorted(set(ff_numbers))
        if wanted and wanted != list(range(1, len(wanted) + 1)):
            out.append(f"{where}: FF pieces are numbered FF1, FF2, … without gaps; found {wanted}")
        ff = ruff.get("final_fight") if isinstance(ruff.get("final_fight"), dict) else {}
        table = ff.get("ff_pieces") if isinstance(ff.get("ff_pieces"), dict) else {}
        for n, k in table.items():
            if _is_int(k) and k > len(wanted):
                out.append(f"{where}: with {n} townsfolk the Final Fight places FF1–FF{k}, but only "
                           f"{len(wanted)} are on the landscape")
        if wanted and not any(_is_int(k) and k >= max(wanted) for k in table.values()):
            out.append(f"{where}: FF{max(wanted)} is never placed (ff_pieces)")
        r = land.get("r")
        if not (isinstance(r, list) and len(r) == 2 and all(_is_int(x) for x in r)):
            continue
        footprint = [(r[0] + dc, r[1] + dr) for dc in (0, 1) for dr in (0, 1)]
        for c in footprint:
            if not on_board(*c):
                out.append(f"{where}: the Ruffian's R position leaves the board at {list(c)}")
            elif c in covered:
                out.append(f"{where}: the Ruffian's R position is on {covered[c]}")
        ts = [tuple(t) for t in land.get("t", []) if isinstance(t, list) and len(t) == 2]
        if len(set(ts)) != len(ts):
            out.append(f"{where}: a T position is listed twice")
        for t in ts:
            if not on_board(*t):
                out.append(f"{where}: T position {list(t)} is off the board")
            elif t in covered:
                out.append(f"{where}: T position {list(t)} is on {covered[t]} (T squares are empty squares)")
            elif t in footprint:
                out.append(f"{where}: T position {list(t)} is under the Ruffian")
        reach = _ruffian_reach(tuple(r), obstacles, cols, nrows)
        for t in ts:
            if on_board(*t) and not any(_adjacent_to_footprint(t, p) for p in reach):
                out.append(f"{where}: the Ruffian cannot reach T position {list(t)}")
    return out


def _adjacent_to_footprint(cell: tuple[int, int], pos: tuple[int, int]) -> bool:
    c, r = cell
    return any(abs(c - (pos[0] + dc)) + abs(r - (pos[1] + dr)) == 1 for dc in (0, 1) for dr in (0, 1)) and not (
        pos[0] <= c <= pos[0] + 1 and pos[1] <= r <= pos[1] + 1)


def _ruffian_reach(start: tuple[int, int], obstacles: set, cols: int, nrows: int) -> set[tuple[int, int]]:
    """Every top-left position the 2×2 Ruffian can move to from `start` around obstacles."""
    def free(p: tuple[int, int]) -> bool:
        return 0 <= p[0] <= cols - 2 and 0 <= p[1] <= nrows - 2 and not any(
            (p[0] + dc, p[1] + dr) in obstacles for dc in (0, 1) for dr in (0, 1))

    seen = {start}
    todo = [start]
    while todo:
        c, r = todo.pop()
        for n in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
            if n not in seen and free(n):
                seen.add(n)
                todo.append(n)
    return seen


def main(argv: Optional[list[str]] = None) -> int:
    files = load_files()
    problems = validate_all(files, complete=False)
    for p in problems:
        print(p)
    print()
    print(f"{'catalogue':<18}{'have':>6}{'need':>6}")
    incomplete = []
    for family, (have, need) in counts(files).items():
        mark = "" if have == need else ("  incomplete" if have < need else "  TOO MANY")
        if have != need:
            incomplete.append(family)
        print(f"{family:<18}{have:>6}{need:>6}{mark}")
    rows = all_rows({n: d for n, d in files.items() if not isinstance(d, JsonError)})
    for r in rows["ruffians"]:
        n = sum(1 for c in rows["action_cards"] if c.get("ruffian") == r.get("id"))
        if n != CARDS_PER_RUFFIAN:
            print(f"  action cards for {r.get('id')}: {n} of {CARDS_PER_RUFFIAN}")
    handlers = sorted({name for ctx in (_validate(n, d) for n, d in files.items()
                                          if not isinstance(d, JsonError)) for name, _, _ in ctx.effects})
    print(f"\neffect handlers named: {len(handlers)}" + (f" ({', '.join(handlers)})" if handlers else ""))
    print(plural(len(problems), "problem")
          + (f"; incomplete: {', '.join(incomplete)}" if incomplete else "; every count reached"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
