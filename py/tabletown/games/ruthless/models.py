"""Models on the table and what their character cards say.

A state keeps its models in `state["models"]` (the list index is the model id). A
character model: card id, side (seat), position, facing, wound boxes crossed, rounds
loaded per weapon, markers (Lily Livered, aimed, Got You Covered!), the horse he rides or
his seat on the stagecoach, and what he did this turn. A horse is a model of its own:
position, hits, rider. Positions are [x, y] in hundredths of an inch.
"""

from __future__ import annotations

from typing import Any, Iterator, Optional

from . import content as C

State = dict[str, Any]
Model = dict[str, Any]

OK, DOWN, DEAD, WAITING, GONE = "ok", "down", "dead", "waiting", "gone"
LOCATIONS = ("leg", "arm", "chest", "severe")


# --- cards -------------------------------------------------------------------------------------
def card(state: State, m: Model) -> dict[str, Any]:
    """The character card of a character model (a built-in card or one from the posse editor)."""
    custom = state.get("custom", {})
    return custom[m["card"]] if m["card"] in custom else C.character(m["card"])


def traits(state: State, m: Model) -> list[dict[str, Any]]:
    return [C.TRAITS.by_id[t] for t in card(state, m)["traits"]]


def has(state: State, m: Model, trait_id: str) -> bool:
    return trait_id in card(state, m)["traits"]


def trait_sum(state: State, m: Model, field: str) -> int:
    return sum(t[field] for t in traits(state, m))


def can_use_once(state: State, m: Model, trait_id: str) -> bool:
    """A once-only trait with its tick box still empty."""
    return has(state, m, trait_id) and trait_id not in m["used"]


def tick(m: Model, trait_id: str) -> None:
    m["used"] = sorted(set(m["used"]) | {trait_id})


def toughness(state: State, m: Model) -> int:
    return card(state, m)["toughness"]


def boxes(state: State, m: Model) -> dict[str, int]:
    extra = trait_sum(state, m, "boxes")
    return {loc: n + extra for loc, n in card(state, m)["boxes"].items()}


def weapons(state: State, m: Model) -> list[str]:
    return list(card(state, m)["weapons"])


def weapon(weapon_id: str) -> dict[str, Any]:
    return C.WEAPONS.by_id[weapon_id]


# --- finding models ----------------------------------------------------------------------------
def chars(state: State) -> Iterator[Model]:
    return (m for m in state["models"] if m["kind"] == "char")


def on_table(m: Model) -> bool:
    """Standing, lying or riding on the table (not dead, fled or still to be placed)."""
    return m["status"] in (OK, DOWN)


def standing(m: Model) -> bool:
    return m["status"] == OK


def side_chars(state: State, side: int) -> list[Model]:
    return [m for m in chars(state) if m["side"] == side and m["status"] != WAITING]


def enemies_of(state: State, side: int) -> list[Model]:
    return [m for m in chars(state) if m["side"] != side and on_table(m)]


def horse_of(state: State, m: Model) -> Optional[Model]:
    return state["models"][m["horse"]] if m.get("horse") is not None else None


def mounted(m: Model) -> bool:
    return m.get("horse") is not None


def aboard(m: Model) -> bool:
    return m.get("aboard") is not None


def radius(m: Model) -> int:
    if m["kind"] == "horse" or mounted(m):
        return C.HORSE_RADIUS
    return C.FOOT_RADIUS


def bodies(state: State) -> list[Model]:
    """Models with a base of their own on the table: characters on foot (not aboard the
    stagecoach) and living horses (a rider is on his horse's base)."""
    out = []
    for m in state["models"]:
        if m["kind"] == "horse":
            if m["status"] == OK:
                out.append(m)
        elif on_table(m) and not mounted(m) and not aboard(m):
            out.append(m)
    return out


def body_of(state: State, m: Model) -> Model:
    """The model whose base carries m (his horse when mounted)."""
    h = horse_of(state, m)
    return h if h is not None else m


# --- turn limits ---------------------------------------------------------------------------------
def action_limit(state: State, m: Model) -> int:
    bonus = state.get("bonus")
    if bonus and bonus["seat"] == m["side"] and bonus["model"] in (None, m["id"]):
        return C.ACTIONS + 1
    return C.ACTIONS


def leg_wounded(m: Model) -> bool:
    return m["wounds"]["leg"] > 0


def arm_wounded(m: Model) -> bool:
    return m["wounds"]["arm"] > 0


def chest_wounded(m: Model) -> bool:
    return m["wounds"]["chest"] > 0


def can_act(state: State, m: Model) -> bool:
    """May this character still take an action this turn?"""
    return (m["kind"] == "char" and m["status"] == OK and not m["held"] and not m["fresh"]
            and m["acts"] < action_limit(state, m))


def new_character(state: State, card_id: str, side: int, pos: list[int], facing: int,
                  status: str = OK, wounds: Optional[dict[str, int]] = None) -> Model:
    m: Model = {
        "id": len(state["models"]), "kind": "char", "card": card_id, "side": side,
        "pos": list(pos), "facing": facing, "status": status,
        "wounds": dict(wounds or {loc: 0 for loc in LOCATIONS}),
        "ammo": [], "lily": False, "aim": False, "covering": False,
        "horse": None, "aboard": None, "driver": False,
        "acts": 0, "moves": 0, "shots": 0, "held": False, "fresh": False, "activated": False,
        "used": [], "cheat_turn": 0, "citizen": False, "strongbox": False,
    }
    state["models"].append(m)
    m["ammo"] = [weapon(w)["rounds"] for w in weapons(state, m)]
    return m


def new_horse(state: State, side: Optional[int], pos: list[int], facing: int) -> Model:
    h: Model = {"id": len(state["models"]), "kind": "horse", "side": side, "pos": list(pos),
                "facing": facing, "status": OK, "hits": 0, "rider": None}
    state["models"].append(h)
    return h


def ref(state: State, m: Model) -> str:
    """How events and views name a model: its card id, a name id from the editor's list
    ("n5"), a name typed in the editor ("typed:Kid Ory"), or "horse"."""
    if m["kind"] == "horse":
        return "horse"
    card_ = card(state, m)
    if "name" in card_:
        return C.name_ref(card_["name"])
    return m["card"]
