"""Setting up a Ruthless game: the scenario's table, the posses and where they start.

Dodge City Draw and Riding Shotgun place every model where the scenario says. A free
gunfight and the campaign's acts deploy each posse in its area of the table (deploy.py).
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.move import Move
from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.rules import BadSetup

from . import SPEC
from . import campaign as CP
from . import cards as K
from . import content as C
from . import editor as E
from . import models as M
from .deploy import deploy, give_horse
from .flow import start_scenario

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
        CP.setup_act(st, CP.current(campaign))
    if st["phase"] == "deploy":
        start_scenario(Move(st, copy=False))  # its events tell nothing before the first move
    return st


TITLES = {"dodge-city": "Dodge City Draw", "riding-shotgun": "Riding Shotgun",
          "gunfight": "A free gunfight", "campaign": "The campaign"}


# --- the two scenarios ---------------------------------------------------------------------
def place_listed(st: M.State, entries: list[dict[str, Any]]) -> None:
    """A scenario's models where they start, as of the game's rules version (an entry's
    `before` keeps the places of games begun under earlier versions)."""
    for e in (C.as_of(entry, st["v"]) for entry in entries):
        m = M.new_character(st, e["card"], e["side"], e.get("pos") or [0, 0], e.get("facing", 0))
        if e.get("aboard"):
            m["aboard"] = e["aboard"]
        if C.character(e["card"])["mounted"]:
            give_horse(st, m)


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
            deploy(st, s, cards)
        else:
            sides.append(choice)
            deploy(st, s, C.posse_members(choice, st["v"]))
    st["sides"] = sides
    if building:
        E.begin(st, building)
    else:
        st["phase"] = "deploy"


def saved_posse(library: Optional[dict[str, Any]], number: int) -> Optional[dict[str, Any]]:
    """Posse number `number` of the posse book, checked (the book comes from the browser)."""
    posses = (library or {}).get("posses") or []
    if not isinstance(posses, list) or not 1 <= number <= len(posses):
        return None
    posse = posses[number - 1]
    if not E.check_posse(posse):
        raise BadSetup(f"Saved posse {number} is damaged and cannot be played: choose another posse.")
    return posse


