"""Setting up a Ruthless game: the scenario's table, the posses and where they start.

Dodge City Draw and Riding Shotgun place every model where the scenario says. A free
gunfight and the campaign's acts deploy each posse in its area of the table (areas 0 and
1 face each other; a third and a fourth posse take areas 2 and 3).
"""

from __future__ import annotations

import math
from typing import Any, Optional

from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.rules import BadSetup

from . import SPEC
from . import cards as K
from . import content as C
from . import ground as G
from . import models as M

SCENARIO_SEATS = {"dodge-city": 2, "riding-shotgun": 2, "campaign": 2}


def blank_state(seed: int, seats: int, options: dict[str, Any], version: int = SPEC.rules_version) -> M.State:
    scen = options["scenario"]
    row = C.SCENARIOS.by_id[scen]
    st: M.State = {
        "rng": seed_state(seed), "v": version,
        "mode": scen, "scenario": scen, "table": row["table"], "vp_rule": row["vp"],
        "seats": seats, "sides": list(row["sides"]) if row["sides"] else [], "small": bool(options["small"]),
        "turn": 0, "turns": row["turns"], "last_turn": None, "round": 0,
        "phase": "setup", "asked": None,
        "deck": list(K.DECK), "discard": [], "hands": [[] for _ in range(seats)],
        "picks": [None] * seats, "played": [None] * seats, "brawl": [None] * seats,
        "round_seats": [], "order": [], "current": 0, "bonus": None, "discarders": [],
        "fled": [False] * seats, "out": [False] * seats, "fired": [False] * seats,
        "models": [], "custom": {}, "selected": None, "pick_unused": False, "chosen": None,
        "queue": [], "pending": None,
        "citizens": None, "coach": None, "strongbox": None,
        "kills": [], "bonus_vp": [0] * seats, "flags": {},
        "end": None, "result": None,
        "act": None, "trail": [None] * seats, "build": None,
    }
    rng = Rng(st["rng"])
    rng.shuffle(st["deck"])
    return st


def new_state(seed: int, seats: int, options: dict[str, Any], campaign: Optional[dict[str, Any]] = None,
              version: Optional[int] = None) -> M.State:
    """A new game; `version` is given only to replay a record made under older rules (the
    game then keeps them: `state["v"]` is read wherever the versions differ)."""
    version = SPEC.rules_version if version is None else version
    if not SPEC.plays_version(version):
        raise BadSetup(f"Ruthless has no rules version {version}.")
    scen = options["scenario"]
    need = SCENARIO_SEATS.get(scen)
    if need is not None and seats != need:
        raise BadSetup(f"{TITLES[scen]} is played by two posses, not {seats}: choose 2 posses, or a free gunfight.")
    st = blank_state(seed, seats, options, version)
    if scen == "dodge-city":
        setup_dodge_city(st)
    elif scen == "riding-shotgun":
        setup_riding_shotgun(st)
    elif scen == "gunfight":
        setup_gunfight(st, options, campaign)
    else:
        from . import campaign as CP
        CP.setup_act(st, CP.current(campaign))
    if st["phase"] == "deploy":
        from tabletown.engine.events import Events

        from .play import start_scenario
        start_scenario(st, Events(), Rng(st["rng"]))
    return st


TITLES = {"dodge-city": "Dodge City Draw", "riding-shotgun": "Riding Shotgun",
          "gunfight": "A free gunfight", "campaign": "The campaign"}


# --- the two scenarios ---------------------------------------------------------------------
def place_listed(st: M.State, entries: list[dict[str, Any]]) -> None:
    for e in entries:
        m = M.new_character(st, e["card"], e["side"], e.get("pos") or [0, 0], e.get("facing", 0))
        if e.get("aboard"):
            m["aboard"] = e["aboard"]
        if C.character(e["card"])["mounted"]:
            give_horse(st, m)


def give_horse(st: M.State, m: M.Model) -> None:
    h = M.new_horse(st, m["side"], m["pos"], m["facing"])
    h["rider"] = m["id"]
    m["horse"] = h["id"]


def setup_dodge_city(st: M.State) -> None:
    row = C.SCENARIOS.by_id["dodge-city"]
    place_listed(st, row["models"])
    cit = row["citizens"]
    deck = list(cit["deck"])
    Rng(st["rng"]).shuffle(deck)
    st["citizens"] = {"deck": deck, "drawn": [], "mayor": False}
    st["phase"] = "deploy"


def setup_riding_shotgun(st: M.State) -> None:
    row = C.SCENARIOS.by_id["riding-shotgun"]
    spec = row["coach"]
    st["coach"] = {"pos": list(spec["pos"]), "facing": spec["facing"], "hits": 0, "pair": spec["pair"], "side": 0,
                   "driven": False, "whipped": False, "gone": False}
    st["strongbox"] = {"on": "coach", "model": None, "pos": None}
    place_listed(st, row["models"])
    first_box = True
    for m in M.chars(st):
        if m["aboard"]:
            m["pos"] = list(spec["pos"])
            m["facing"] = spec["facing"]
            m["passenger"] = m["aboard"] == "inside"
            if m["aboard"] == "box" and first_box:
                m["driver"] = True
                first_box = False
    st["phase"] = "deploy"


# --- free gunfight -----------------------------------------------------------------------------
def setup_gunfight(st: M.State, options: dict[str, Any], library: Optional[dict[str, Any]]) -> None:
    st["table"] = options["table"]
    sides = []
    building = []
    for s in range(st["seats"]):
        choice = options[f"posse{s + 1}"]
        if choice == "build":
            building.append(s)
            sides.append("build")
        elif choice.startswith("saved-"):
            posse = saved_posse(library, int(choice.split("-")[1]))
            if posse is None:
                raise BadSetup(f"Posse {s + 1}: there is no saved posse number {choice.split('-')[1]} in this browser. "
                               "Choose a ready-made posse, or build one in the posse editor (it is saved for later "
                               "gunfights).")
            sides.append(choice)
            cards = []
            for i, card in enumerate(posse["members"]):
                cid = f"c{s}-{i}"
                st["custom"][cid] = dict(card, id=cid)
                cards.append(cid)
            deploy(st, s, cards, s)
        else:
            sides.append(choice)
            deploy(st, s, C.posse_members(choice, st["v"]), s)
    st["sides"] = sides
    if building:
        from . import editor
        editor.begin(st, building)
    else:
        st["phase"] = "deploy"


def saved_posse(library: Optional[dict[str, Any]], number: int) -> Optional[dict[str, Any]]:
    """Posse number `number` of the posse book, checked (the book comes from the browser)."""
    from .editor import check_posse
    posses = (library or {}).get("posses") or []
    if not isinstance(posses, list) or not 1 <= number <= len(posses):
        return None
    posse = posses[number - 1]
    if not check_posse(posse):
        raise BadSetup(f"Saved posse {number} is damaged and cannot be played: choose another posse.")
    return posse


def deploy(st: M.State, side: int, cards: list[str], zone: int, mounted: bool = False,
           wounds: Optional[dict[str, dict[str, int]]] = None) -> None:
    """Put a posse's characters in its deployment area, spread out and facing the middle."""
    g = G.ground(st["table"])
    spots = deploy_spots(st, zone, len(cards), C.HORSE_RADIUS if mounted else C.FOOT_RADIUS)
    centre = [g.width // 2, g.height // 2]
    for card_id, p in zip(cards, spots):
        from .moving import facing_toward
        face = facing_toward(p, centre)
        m = M.new_character(st, card_id, side, p, face, wounds=(wounds or {}).get(card_id))
        if mounted or (card_id in C.CHARACTERS.by_id and C.character(card_id)["mounted"]):
            give_horse(st, m)


def deploy_spots(st: M.State, zone: int, count: int, r: int) -> list[list[int]]:
    g = G.ground(st["table"])
    x0, y0, x1, y1 = g.zones[zone]
    taken = [b["pos"] for b in M.bodies(st)]
    cand = []
    step = 2 * r + 60
    nx = max(1, (x1 - x0) // step)
    ny = max(1, (y1 - y0) // step)
    for j in range(ny + 1):
        for i in range(nx + 1):
            p = (x0 + (x1 - x0) * i // nx, y0 + (y1 - y0) * j // ny)
            if G.on_table(g, p, r) and G.clear_of_walls(g, p, r):
                cand.append(p)
    # the middle of the area first, then outward, keeping bases apart
    mid = ((x0 + x1) / 2, (y0 + y1) / 2)
    cand.sort(key=lambda p: (math.dist(p, mid), p))
    out: list[list[int]] = []
    for p in cand:
        if all(G.dist2(p, q) >= (2 * r + 60) ** 2 for q in taken + out):
            out.append([p[0], p[1]])
            if len(out) == count:
                return out
    raise BadSetup("The posse does not fit in its area of the table.")
