"""The campaign: the Earps (seat 0) against the Cowboys (seat 1) across the territory.

A campaign record (kept by the page between acts) holds the rosters with their permanent
wounds, the Silver Dollars, the campaign points, where the last act was fought and the
history. Each act is one game:

1. The Earps, then the Cowboys, spend Silver Dollars (hired guns, a doctor, fresh horses,
   whiskey, a tracker for the Earps, an ambush for the Cowboys).
2. From the second act on, the Cowboys secretly ride one space toward the border and the
   Earp player guesses where they are. A right guess starts that place's scenario; a wrong
   one gives the Cowboys a Silver Dollar and they ride on. From a border space they cross
   into Mexico: if the Earps guess wrong there, the Cowboys escape and the campaign ends.
3. The gunfight (a showdown: +2 VP for each enemy killed, +1 for each of your men standing
   and steady at the end, +3 for holding the field).

After the act: killed characters are gone for good; a wounded survivor keeps one
permanent wound (in the worst place he was hit, never his last box there); each side earns
2 Silver Dollars plus its victory points. The campaign ends when the Cowboys escape (after
an act on the border, or a wrong guess there) or one side has nobody left; the side with
more campaign points wins (the Cowboys get +5 for escaping with anyone alive, a side that
wipes out the other +5; a tie goes to the Cowboys, who got away with it).
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.move import Move
from tabletown.engine.rules import BadSetup, IllegalAction
from tabletown.engine.state import clone

from . import content as C
from . import models as M
from .deploy import deploy

EARPS, COWBOYS = 0, 1
SEVERITY = ("severe", "chest", "arm", "leg")  # worst first
SCHEMA = 1


def new_campaign() -> dict[str, Any]:
    sides = C.CAMPAIGN["sides"]
    return {
        "v": SCHEMA, "act": 1, "at": C.CAMPAIGN["start"],
        "rosters": [[{"card": c, "wounds": {loc: 0 for loc in M.LOCATIONS}, "dead": False} for c in side["roster"]]
                    for side in sides],
        "dollars": [side["dollars"] for side in sides],
        "points": [0, 0], "history": [], "over": False, "winner": None, "why": None,
    }


def check_campaign(data: Any) -> dict[str, Any]:
    """A campaign record's data, checked; BadSetup with a readable message if it is not one."""
    if data is None or data == {}:
        return new_campaign()
    try:
        if data["v"] != SCHEMA:
            raise BadSetup("This campaign was saved by a newer Tabletown.")
        assert isinstance(data["act"], int) and 1 <= data["act"] <= 20
        assert data["at"] in C.MAP.by_id
        assert len(data["rosters"]) == 2 and len(data["dollars"]) == 2 and len(data["points"]) == 2
        for roster in data["rosters"]:
            for entry in roster:
                assert entry["card"] in C.CHARACTERS.by_id
                assert set(entry["wounds"]) == set(M.LOCATIONS)
                assert all(type(v) is int and 0 <= v <= 9 for v in entry["wounds"].values())
                assert isinstance(entry["dead"], bool)
        assert all(type(d) is int and 0 <= d <= 999 for d in data["dollars"])
        assert all(type(p) is int and -999 <= p <= 999 for p in data["points"])
        assert isinstance(data["over"], bool)
        assert isinstance(data["history"], list) and len(data["history"]) <= 20
        for h in data["history"]:
            assert type(h["act"]) is int and (h["at"] is None or h["at"] in C.MAP.by_id)
            assert len(h["vp"]) == 2 and all(type(v) is int for v in h["vp"])
            assert all(k in C.CHARACTERS.by_id for k in h["killed"])
            assert isinstance(h["escaped"], bool) and type(h["wrong"]) is int
    except (KeyError, TypeError, AssertionError, AttributeError) as err:
        raise BadSetup("This campaign record is damaged and cannot be played.") from err
    if data["over"]:
        raise BadSetup("This campaign is over. Start a new one.")
    return data


def current(record_data: Optional[dict[str, Any]]) -> Optional[dict[str, Any]]:
    """The campaign under way in a player's record (None: start a new one; a finished
    campaign makes way for a new one)."""
    camp = (record_data or {}).get("campaign")
    if not camp or (isinstance(camp, dict) and camp.get("over") is True):
        return None
    return camp


def setup_act(st: M.State, campaign: Optional[dict[str, Any]]) -> None:
    data = clone(check_campaign(campaign))
    st["sides"] = ["earps", "cowboys"]
    st["act"] = {
        "before": clone(data),
        "number": data["act"], "at": data["at"], "node": None, "possible": [], "guesses": [], "rides": 0,
        "ruled_out": [],
        "rosters": data["rosters"], "dollars": list(data["dollars"]), "points": list(data["points"]),
        "bought": [[], []], "whiskey": [], "horses": [], "tracker": False, "ambush": None,
        "escaped": False, "wrong": 0,
    }
    st["phase"] = "shop"
    st["asked"] = EARPS


# --- what a side may do before the act -----------------------------------------------------------
def alive(roster: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in roster if not e["dead"]]


def shop_options(st: M.State, seat: int) -> list[dict[str, Any]]:
    act = st["act"]
    out: list[dict[str, Any]] = []
    money = act["dollars"][seat]
    for item in C.SHOP.rows:
        if seat not in item["sides"] or item["cost"] > money:
            continue
        if act["bought"][seat].count(item["id"]) >= item["per_act"]:
            continue
        for pick in picks_for(st, seat, item["id"]):
            out.append({"type": "buy", "item": item["id"], "pick": pick})
    out.append({"type": "ready"})
    return out


def picks_for(st: M.State, seat: int, item: str) -> list[Optional[str]]:
    act = st["act"]
    roster = act["rosters"][seat]
    if item == "hire":
        have = {e["card"] for e in roster}
        return [c for c in C.CAMPAIGN["sides"][seat]["hires"] if c not in have]
    if item == "doctor":
        return [e["card"] for e in alive(roster) if any(e["wounds"].values())]
    if item == "fresh-horses":
        return [None] if seat not in act["horses"] else []
    if item == "whiskey":
        return [None] if seat not in act["whiskey"] else []
    return [None]


def options(st: M.State, seat: int) -> list[dict[str, Any]]:
    if st["phase"] == "shop":
        return shop_options(st, seat)
    act = st["act"]
    if seat == COWBOYS:
        here = st["trail"][COWBOYS] or act["at"]
        return [{"type": "ride", "to": n} for n in C.node(here)["next"]]
    return [{"type": "guess", "at": n} for n in act["possible"] if n not in act["guesses"]]


def apply(mv: Move, seat: int, action: dict[str, Any]) -> None:
    st = mv.s
    act = st["act"]
    typ = action["type"]
    if typ == "buy":
        buy(mv, seat, action["item"], action["pick"])
        return
    if typ == "ready":
        mv.emit("ready", seat=seat)
        if seat == EARPS:
            st["asked"] = COWBOYS
            return
        if act["number"] == 1:
            found(mv, act["at"])
        else:
            st["phase"] = "trail"
            st["asked"] = COWBOYS
        return
    if typ == "ride":
        if st["trail"][COWBOYS] is None:
            act["possible"] = list(C.node(act["at"])["next"])
        else:
            act["possible"] = sorted({n for p in act["possible"] if p not in act["guesses"] for n in C.node(p)["next"]},
                                     key=_map_order)
        act["guesses"] = []
        act["rides"] += 1
        st["trail"][COWBOYS] = action["to"]
        mv.emit("ride", seat=seat)
        st["asked"] = EARPS
        return
    if typ == "guess":
        act["guesses"].append(action["at"])
        mv.emit("guess", seat=seat, at=action["at"])
        here = st["trail"][COWBOYS]
        if action["at"] == here:
            mv.reveal("trail", what=here)
            found(mv, here)
            return
        allowed = 2 if act["tracker"] else 1
        if len(act["guesses"]) < allowed and [n for n in act["possible"] if n not in act["guesses"]]:
            return
        act["wrong"] += 1
        act["ruled_out"].append(list(act["guesses"]))
        act["dollars"][COWBOYS] += C.CAMPAIGN["income"]["wrong_guess"]
        mv.emit("wrong_guess", guesses=list(act["guesses"]))
        if C.node(here)["layer"] == 0:
            mv.reveal("trail", what=here)
            act["escaped"] = True
            act["node"] = here
            mv.emit("escaped", at=here)
            st["end"] = "escaped"  # the act is over (actions.py finishes it)
            return
        st["asked"] = COWBOYS
        return
    raise IllegalAction("That move is not allowed now.")


def _map_order(node_id: str) -> int:
    return [r["id"] for r in C.MAP.rows].index(node_id)


def buy(mv: Move, seat: int, item_id: str, pick: Optional[str]) -> None:
    st = mv.s
    act = st["act"]
    item = C.SHOP.by_id[item_id]
    act["dollars"][seat] -= item["cost"]
    act["bought"][seat].append(item_id)
    C.EFFECTS(item["effect"], st, seat, pick)
    mv.emit("buy", seat=seat, item=item_id, pick=pick, cost=item["cost"])


@C.EFFECTS.handler("hire_gun")
def _hire_gun(st: M.State, seat: int, pick: Optional[str]) -> None:
    st["act"]["rosters"][seat].append({"card": pick, "wounds": {loc: 0 for loc in M.LOCATIONS}, "dead": False})


@C.EFFECTS.handler("heal_wound")
def _heal_wound(st: M.State, seat: int, pick: Optional[str]) -> None:
    for e in st["act"]["rosters"][seat]:
        if e["card"] == pick:
            for loc in SEVERITY:
                if e["wounds"][loc]:
                    e["wounds"][loc] -= 1
                    return


@C.EFFECTS.handler("start_mounted")
def _start_mounted(st: M.State, seat: int, pick: Optional[str]) -> None:
    st["act"]["horses"].append(seat)


@C.EFFECTS.handler("steady_nerves")
def _steady_nerves(st: M.State, seat: int, pick: Optional[str]) -> None:
    st["act"]["whiskey"].append(seat)


@C.EFFECTS.handler("second_guess")
def _second_guess(st: M.State, seat: int, pick: Optional[str]) -> None:
    st["act"]["tracker"] = True


@C.EFFECTS.handler("first_turn")
def _first_turn(st: M.State, seat: int, pick: Optional[str]) -> None:
    st["act"]["ambush"] = seat


def found(mv: Move, node_id: str) -> None:
    """The Earps have caught up: deploy both posses on that place's table."""
    st = mv.s
    act = st["act"]
    act["node"] = node_id
    row = C.node(node_id)
    st["table"] = row["table"]
    st["turns"] = row["turns"]
    mv.emit("showdown", at=node_id)
    for seat in (EARPS, COWBOYS):
        members = alive(act["rosters"][seat])
        deploy(st, seat, [e["card"] for e in members], mounted=seat in act["horses"],
               wounds={e["card"]: e["wounds"] for e in members})
    st["phase"] = "deploy"


# --- after the act ---------------------------------------------------------------------------
def permanent_wound(start: dict[str, int], end: dict[str, int], boxes: dict[str, int]) -> dict[str, int]:
    """A wounded survivor keeps one permanent wound: one box in the worst place he was hit
    this act (never a location's last box; if every place he was hit is one box from the
    end, the next worse place that still has room)."""
    out = dict(start)
    hit = [loc for loc in SEVERITY if end[loc] > start[loc]]
    if not hit:
        return out
    for loc in hit + [x for x in SEVERITY if x not in hit]:
        if out[loc] + 1 < boxes[loc]:
            out[loc] += 1
            return out
    return out


def after_act(data: Optional[dict[str, Any]], st: M.State) -> dict[str, Any]:
    """The campaign record after the finished act `st`."""
    base = clone(check_campaign(data)) if data not in (None, {}) else new_campaign()
    act = st["act"]
    out = clone(base)
    out["rosters"] = clone(act["rosters"])
    out["dollars"] = list(act["dollars"])
    vp = st["result"]["vp"] if not act["escaped"] else [0, 0]
    killed: list[str] = []
    if not act["escaped"]:
        for m in M.chars(st):
            entry = next(e for e in out["rosters"][m["side"]] if e["card"] == m["card"])
            if m["status"] == M.DEAD:
                entry["dead"] = True
                killed.append(m["card"])
            else:
                entry["wounds"] = permanent_wound(entry["wounds"], m["wounds"], M.boxes(st, m))
        income = C.CAMPAIGN["income"]
        for s in (EARPS, COWBOYS):
            out["dollars"][s] += income["base"] + income["per_vp"] * max(0, vp[s])
            out["points"][s] += vp[s]
    out["history"].append({"act": act["number"], "at": act["node"], "vp": vp, "killed": killed,
                           "escaped": act["escaped"], "wrong": act["wrong"]})
    out["act"] = act["number"] + 1
    if act["node"]:
        out["at"] = act["node"]
    alive_sides = [any(not e["dead"] for e in out["rosters"][s]) for s in (EARPS, COWBOYS)]
    bonus = C.CAMPAIGN["bonus"]
    on_border = act["node"] is not None and C.node(act["node"])["layer"] == 0
    if not alive_sides[COWBOYS] or not alive_sides[EARPS]:
        out["over"] = True
        survivor = EARPS if alive_sides[EARPS] else COWBOYS
        if alive_sides[survivor]:
            out["points"][survivor] += bonus["wipe_out"]
        out["why"] = "wiped-out"
    elif act["escaped"] or on_border:
        out["over"] = True
        out["points"][COWBOYS] += bonus["escape"]
        out["why"] = "escaped"
    if out["over"]:
        out["winner"] = EARPS if out["points"][EARPS] > out["points"][COWBOYS] else COWBOYS
    return out
