"""Figures the board shows, computed from what the viewer may see.

The renderer draws the table and the cards from the view; what takes the rules to work
out (how far a model may move, what it can shoot and what it needs on the die, how many of
a posse are down for the Skedaddle roll, the victory points so far) is computed here and
put under view["derived"].
"""

from __future__ import annotations

from typing import Any, Optional

from . import campaign as CP
from . import cards as K
from . import coach as CO
from . import combat as X
from . import content as C
from . import ground as G
from . import models as M
from . import moving as V
from . import options as O
from .scoring import final_result


def derive_view(state: M.State, seat: Optional[int]) -> dict[str, Any]:
    out: dict[str, Any] = {"viewer": seat}
    if state["phase"] in ("shop", "trail") or (state["mode"] == "campaign" and state["act"]):
        out["campaign"] = campaign_figures(state)
    out["models"] = [model_figures(state, m) for m in state["models"]]
    out["down"] = [down_count(state, s) for s in range(state["seats"])]
    out["vp"] = final_result(state)["vp"] if state["models"] else [0] * state["seats"]
    out["acting"] = O.acting_seat(state)
    if state["table"] != "wagon-road":  # where each posse deployed (and citizens join)
        out["areas"] = [C.deploy_area(state["table"], state["seats"], state["v"], s) for s in range(state["seats"])]
    sel = state["selected"]
    if sel is not None and state["phase"] == "act" and state["pending"] is None:
        out["selected"] = selected_figures(state, state["models"][sel])
    if state["pending"] is not None:
        out["pending"] = pending_figures(state, seat)
    if state.get("citizens"):
        out["citizens"] = citizen_figures(state)
    if state.get("coach"):
        coach = state["coach"]
        out["coach"] = {"corners": [list(c) for c in CO.corners(coach)], "team": CO.team_point(coach),
                        "pairs_dead": coach["hits"] // coach["pair"], "limit": CO.drive_limit(state, False)}
    return out


def down_count(state: M.State, side: int) -> int:
    """Dead, Lily Livered and Unconscious characters: the Skedaddle number."""
    return sum(1 for m in M.side_chars(state, side)
               if m["status"] != M.GONE and (m["status"] in (M.DEAD, M.DOWN) or m["lily"]))


def citizen_figures(state: M.State) -> dict[str, Any]:
    """The citizens still to come (a count: their order is secret), who comes last and what
    his arrival does (Dodge City Draw: the Mayor ends the gunfight at the end of that turn)."""
    cit = state["citizens"]
    row = C.SCENARIOS.by_id[state["scenario"]]
    return {"left": len(cit["deck"]), "last": row["citizens"]["last"], "arrived": cit["mayor"],
            "join_on": row["citizens"]["join_on"], "last_ends": row["mayor_ends"]}


def model_figures(state: M.State, m: M.Model) -> dict[str, Any]:
    if m["kind"] == "horse":
        return {"id": m["id"], "who": "horse"}
    card = M.card(state, m)
    return {
        "id": m["id"], "who": M.ref(state, m), "toughness": card["toughness"], "boxes": M.boxes(state, m),
        "weapons": [[w, m["ammo"][i], M.weapon(w)["rounds"]] for i, w in enumerate(card["weapons"])],
        "traits": [[t, t in m["used"]] for t in card["traits"]],
        "able": M.can_act(state, m) if state["phase"] == "act" else False,
        "limit": M.action_limit(state, m),
        "radius": M.radius(m),
    }


def selected_figures(state: M.State, m: M.Model) -> dict[str, Any]:
    open_, rough_ = V.limits(state, m)
    out: dict[str, Any] = {"id": m["id"], "origin": list(X.firing_point(state, m)), "reach": open_, "rough": rough_,
                           "can_move": O.move_allowed(state, m) is None, "why_not_move": O.move_allowed(state, m)}
    out["moves"] = [[tag, p] for tag, p in V.suggestions(state, m)] if out["can_move"] else []
    shots = []
    for t in X.targets(state, m):
        geo = X.line_of_fire(state, m, t)
        for wi in range(len(M.weapons(state, m))):
            info = X.shot_info(state, m["id"], wi, t, geo=geo)
            shots.append({k: info[k] for k in ("target", "wi", "weapon", "dist", "band", "cover", "need", "mods", "ok", "why")})
    out["shots"] = shots
    if state.get("coach") and m["driver"]:
        out["drives"] = [[tag, p] for tag, p in CO.suggestions(state)]
    return out


def pending_figures(state: M.State, seat: Optional[int]) -> dict[str, Any]:
    p = state["pending"]
    kind = p["kind"]
    out: dict[str, Any] = {"kind": kind, "seat": O.active(state)}
    if kind == "snap":
        ctx = p["window"]["ctx"]
        d, a = state["models"][ctx["model"]], state["models"][ctx["threat"]]
        out.update({"model": d["id"], "threat": a["id"], "initiative": state["played"][a["side"]],
                    "beats": rank_needed(state, d, a)})
        fire = next((s for s in state["queue"] if s["do"] == "fire"), None)
        if fire is not None:
            info = X.shot_info(state, a["id"], fire["weapon"], fire["target"], aimed=fire["aimed"], fan=fire["fan"])
            out["incoming"] = {"weapon": info["weapon"], "need": info["need"], "band": info["band"],
                               "cover": info["cover"], "rounds": fire["rounds"], "fan": fire["fan"]}
        out["dash"] = O.snap_move_spot(state, d, a) if not M.aboard(d) else None
        out["fire"] = [X.shot_info(state, d["id"], wi, a["id"], aimed=False)["need"] for wi in O.snap_fire_weapons(state, d, a)]
    elif kind == "covered":
        out["mover"] = p["window"]["ctx"]["mover"]
    elif kind == "adjust":
        out.update({"roll": p["roll"], "victim": p["victim"], "by": p["by"],
                    "results": [[by, p["roll"] + by, C.wound_row(p["roll"] + by)["id"]]
                                for by in (-1, 0, 1) if 1 <= p["roll"] + by <= 10]})
    elif kind == "brawl":
        a, d = state["models"][p["attacker"]], state["models"][p["defender"]]
        out.update({"attacker": a["id"], "defender": d["id"],
                    "bonus": {str(a["id"]): (1 if M.mounted(a) else 0) + M.trait_sum(state, a, "brawl"),
                              str(d["id"]): (1 if M.mounted(d) else 0) + M.trait_sum(state, d, "brawl")}})
    elif kind == "place":
        g = G.ground(state["table"])
        out.update({"model": p["model"], "zone": list(g.zones[O.citizen_zone(state, state["models"][p["model"]]["side"])])})
    return out


def rank_needed(state: M.State, d: M.Model, a: M.Model) -> Optional[int]:
    """The lowest card rank that makes a Snap Shot against a's player this turn."""
    init = state["played"][a["side"]]
    if init is None:
        return None
    need = K.rank(init) + 1 - M.trait_sum(state, d, "snap")
    return need if need <= K.ACE else None


def campaign_figures(state: M.State) -> dict[str, Any]:
    act = state["act"]
    return {
        "number": act["number"], "at": act["at"], "node": act["node"], "possible": act["possible"],
        "guesses": act["guesses"], "ruled_out": act["ruled_out"], "dollars": act["dollars"], "points": act["points"],
        "rosters": act["rosters"], "history": act["before"].get("history", []),
        "bought": act["bought"], "tracker": act["tracker"], "rides": act["rides"],
        "layers": {r["id"]: r["layer"] for r in C.MAP.rows},
        "shop": [[opt["item"], opt["pick"]] for opt in (CP.shop_options(state, state["asked"])
                                                       if state["phase"] == "shop" else []) if opt["type"] == "buy"],
    }
