"""(Over 600 lines: one fight from its setup to its end, read in the order it is played.)

The Fight Phase: setting up the landscape, turns in Beatin' order, the townsfolk's turn
(move, attack, interact with terrain, use abilities and gear, change gear), the end of a fight
(Coins, loot, restored stats, the bar's rotation) and the Final Fight (the new sheriff, FF
terrain, its own rules, win, loss and special objective).
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.rules import IllegalAction

from . import content as C
from .board import dist_to_foot, foot, manhattan
from .play import Ctx, FightOver, R
from .shapes import placement_cells
from .stats import can_attack


def landscape_pieces(rid: str, final: bool, team: int) -> list[dict[str, Any]]:
    """The terrain pieces set up for a fight (FF1…FFn only in the Final Fight, n by team size)."""
    ruff = C.RUFFIANS[rid]
    ff_count = ruff["final_fight"]["ff_pieces"][str(team)] if final else 0
    out = []
    for pl in ruff["landscape"]["terrain"]:
        if "ff" in pl and pl["ff"] > ff_count:
            continue
        row = C.TERRAIN[pl["terrain"]]
        cells, door = placement_cells(row, pl)
        out.append({"t": pl["terrain"], "piece": pl.get("piece", "main"), "cells": [list(c) for c in cells],
                    "door": list(door) if door else None, "type": row["type"], "gone": False, "exh": False,
                    "ff": pl.get("ff")})
    return out


class Fight:
    """Mixin: the Fight Phase."""

    # ======================================================================================
    # Setting up

    def begin_fight(self) -> None:
        s = self.s
        s["round"] += 1
        rid = s["map_hidden"].pop(0)
        s["map_seen"].append(rid)
        level = C.MAP_SIDES[s["variant"]["map"]][s["round"] - 1]
        final = level == "final-fight"
        self.reveal(zone="town-map", what=[rid], ruffian=rid, level=level)
        deck = list(C.DECKS[rid])
        s["fight"] = {
            "rid": rid, "level": level, "final": final, "pos": list(C.RUFFIANS[rid]["landscape"]["r"]), "face": "s",
            "hp": 0, "max": 0, "out": None, "deck": deck, "disc": [], "top": None, "kept": [], "counters": {},
            "stolen": [], "weak": False, "terrain": landscape_pieces(rid, final, self.team_size()), "tcount": {},
            "order": [R] + list(s["bar"]), "cur": -1, "tn": 0, "turn": None, "turns": {}, "reload": {},
            "sheriff": None, "ko_order": [], "first": {}, "bonus": 0, "end_turn": False, "looted": [],
            "special": False, "result": None, "card": None, "targets": [], "trail": [], "walk_from": None, "pushes": [],
            "keeping": None,
        }
        self.terrain_changed()
        self.invalidate()
        self.shuffle(s["fight"]["deck"], "action-deck")
        for seat in self.seats():
            t = self.folk(seat)
            t["pos"] = None
            t["out"] = None
        s["uses"]["fight"] = {}
        s["uses"]["phase"] = {}
        s["tally"]["fight"] = {}
        top = C.ruffian(rid, s["v"])["hp"][str(self.team_size())] + self.stat_mods(R, "hp")
        s["fight"]["hp"] = s["fight"]["max"] = top
        self.emit("fight", ruffian=rid, level=level, hp=top, final=final)
        if final:
            self.name_sheriff()
        s["stage"] = {"kind": "position", "seat": self.beatin()[0]}

    def name_sheriff(self) -> None:
        """The most Feat points (not Feats); the team may settle a tie, or the tied roll (highest)."""
        points = {seat: sum(C.FEATS[f]["points"] for f in self.folk(seat)["done"]) for seat in self.beatin()}
        top = max(points.values())
        tied = [seat for seat in self.beatin() if points[seat] == top]
        if len(tied) > 1:
            pick = self.ask(tied[0], "sheriff", tied + ["roll"], always=True)
            if pick == "roll":
                left = list(tied)
                while len(left) > 1:
                    rolls = {t: self.d10(t, "sheriff") for t in left}
                    high = max(rolls.values())
                    left = [t for t in left if rolls[t] == high]
                pick = left[0]
            sheriff = pick
        else:
            sheriff = tied[0]
        self.fight["sheriff"] = sheriff
        self.emit("sheriff", who=sheriff)
        gear = C.RUFFIANS[self.fight["rid"]]["final_fight"]["sheriff_gear"]
        self.folk(sheriff)["stash"].append(gear)
        self.emit("gain", who=sheriff, gear=gear, how="sheriff")
        self.offer_equip(sheriff, gear)

    def start_squares(self) -> list[list[int]]:
        return [list(t) for t in C.RUFFIANS[self.fight["rid"]]["landscape"]["t"]
                if self.folk_at(t) is None and self.piece_at(t) is None]

    def take_position(self, seat: int, at: list[int]) -> None:
        if at not in self.start_squares():
            raise IllegalAction("Start on a free square marked T.")
        self.folk(seat)["pos"] = [at[0], at[1]]
        self.emit("at", who=seat, at=list(at), how="start")
        left = [s for s in self.beatin() if self.folk(s)["pos"] is None]
        if left:
            self.s["stage"] = {"kind": "position", "seat": left[0]}
        else:
            self.s["stage"] = {"kind": "open"}

    def open_fight(self) -> None:
        """Everyone is in place: the Ruffian faces the closest townsfolk and the fight begins."""
        f = self.fight
        self.face_closest()
        if f["final"]:
            ff = C.RUFFIANS[f["rid"]]["final_fight"]
            self.run(ff.get("setup") or [], Ctx("final-fight", R, row=f["rid"] + ":ff"))
        f["started"] = True
        self.invalidate()
        self.fire("fight-start")
        self.s["stage"] = {"kind": "flow"}

    # ======================================================================================
    # Turns

    def begin_turn(self, ch: Any) -> None:
        f = self.fight
        f["tn"] += 1
        f["turn"] = {"who": ch, "n": f["tn"], "mv": 0, "mx": 0, "att": {}, "stopped": False}
        f["end_turn"] = False
        self.s["tally"]["turn"] = {}
        self.s["uses"]["turn"] = {}
        self.emit("turn", who=self.name_of(ch))
        self.expire("turn-start", ch)
        self.fire("turn-start", ch)

    def finish_turn(self, ch: Any) -> None:
        f = self.fight
        turn = f["turn"]
        if ch != R:
            f["turns"][str(ch)] = f["turns"].get(str(ch), 0) + 1
        self.fire("turn-end", ch)
        self.expire("turn-end", ch, turn["n"])
        f["turn"] = None
        f["end_turn"] = False

    def flow(self) -> None:
        """Turns go round until a townsfolk has a turn to play (the fight ends by FightOver)."""
        f = self.fight
        for _ in range(500):
            self.bonus_actions()
            f["cur"] = (f["cur"] + 1) % len(f["order"])
            who = f["order"][f["cur"]]
            if who == R:
                self.ruffian_turn()
                continue
            t = self.folk(who)
            if t["ko"]:
                continue
            self.begin_turn(who)
            if t["ko"] or t["out"] is not None or f["end_turn"]:
                self.finish_turn(who)
                continue
            self.s["stage"] = {"kind": "turn", "seat": who}
            return
        raise RuntimeError("a fight went round 500 turns without a townsfolk's turn")

    def after_folk_action(self, seat: int) -> None:
        """An action of the townsfolk whose turn it is has been resolved."""
        f = self.fight
        if f["end_turn"] or self.folk(seat)["ko"] or self.folk(seat)["out"] is not None:
            self.end_folk_turn(seat)

    def end_folk_turn(self, seat: int) -> None:
        self.s["stage"] = {"kind": "flow"}
        if self.fight["turn"] is not None and self.fight["turn"]["who"] == seat:
            self.finish_turn(seat)
        self.bonus_actions()

    # ======================================================================================
    # The townsfolk's turn

    def folk_action(self, seat: int, a: dict[str, Any]) -> None:
        kind = a.get("type")
        if kind == "move":
            self.act_move(seat, a)
        elif kind == "attack":
            self.act_attack(seat, a)
        elif kind == "interact":
            self.act_interact(seat, a)
        elif kind == "use":
            self.act_use(seat, a)
        elif kind == "equip":
            self.act_equip(seat, a)
        elif kind == "end":
            self.emit("end_turn", who=seat)
            self.end_folk_turn(seat)
            return
        else:
            raise IllegalAction("That is not something a townsfolk can do on their turn.")
        self.after_folk_action(seat)

    # --- moving ---------------------------------------------------------------------------------------------
    def walk_costs(self, seat: int) -> dict[tuple[int, int], tuple[int, int]]:
        pos = self.folk(seat)["pos"]
        return self.grid().folk_costs(pos, set(self.cells_of(R)), self.mvmt_left(seat), self.folk_cost_fn(seat),
                                      self.harm_fn())

    def move_targets(self, seat: int) -> dict[tuple[int, int], int]:
        """Squares the townsfolk can walk to now, with what each costs."""
        left = self.mvmt_left(seat)
        if left <= 0:
            return {}
        pos = tuple(self.folk(seat)["pos"])
        key = (seat, pos, left, self.cache_key(), tuple(tuple(t["pos"]) if t["pos"] else None for t in self.s["folk"]),
               tuple(self.fight["pos"]))
        cached = getattr(self, "_moves", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        out = {sq: c[0] for sq, c in self.walk_costs(seat).items() if sq != pos and self.folk_at(sq) is None}
        self._moves = (key, out)
        return out

    def act_move(self, seat: int, a: dict[str, Any]) -> None:
        to = a.get("to")
        if not (isinstance(to, list) and len(to) == 2):
            raise IllegalAction("Move to a square.")
        targets = self.move_targets(seat)
        sq = (to[0], to[1])
        if sq not in targets:
            raise IllegalAction("That square is out of reach this turn.")
        pos = self.folk(seat)["pos"]
        cost_fn = self.folk_cost_fn(seat)
        path = self.grid().folk_path(pos, sq, set(self.cells_of(R)), self.mvmt_left(seat), cost_fn, self.harm_fn())
        self.emit("move", who=seat, to=list(sq), n=targets[sq])
        entered = self.walk(seat, path, "walk")
        self.fight["turn"]["mv"] += sum(cost_fn(c) for c in path[:entered])

    # --- attacking -------------------------------------------------------------------------------------------
    def attack_problem(self, seat: int, inst: str, extra: bool = False, free: bool = False) -> Optional[str]:
        """Why this weapon cannot attack the Ruffian now (None: it can)."""
        f = self.fight
        if inst not in self.weapons(seat) or not can_attack(inst):
            return "That weapon cannot attack."
        if f.get("out"):
            return "The Ruffian is not on the board."
        for m, ctx in self.mods_for("unattackable", R):
            if self.weapon_matches(m["weapons"], inst, ctx):
                return "That weapon cannot reach the Ruffian now."
        if not extra:
            if f["turn"]["att"].get(inst, 0) >= self.weapon_attacks(seat, inst):
                return "That weapon has attacked already this turn."
            if f["reload"].get(inst) == f["turns"].get(str(seat), 0):
                return "That weapon is reloading this turn."
        if not free and self.weapon_cost(seat, inst) > self.mox_left(seat):
            return "Not enough MOX."
        d = self.dist(seat, R)
        if d is None or d > self.weapon_range(seat, inst):
            return "The Ruffian is out of range."
        if d >= 2 and not self.grid().sight(self.cells_of(seat), self.cells_of(R)):
            return "An obstacle blocks the way."
        return None

    def act_attack(self, seat: int, a: dict[str, Any]) -> None:
        inst = a.get("g")
        problem = self.attack_problem(seat, inst) if isinstance(inst, str) else "Attack with a weapon."
        if problem:
            raise IllegalAction(problem)
        self.attack(seat, inst)

    def attack(self, seat: int, inst: str, free: bool = False, plus_acc: int = 0, plus_dmg: int = 0,
               extra: bool = False) -> None:
        f = self.fight
        g = C.gear_of(inst)
        w = g["weapon"]
        if not free:
            self.spend_mox(seat, self.weapon_cost(seat, inst))
        if not extra:
            f["turn"]["att"][inst] = f["turn"]["att"].get(inst, 0) + 1
        self.tally(seat, "attacks")
        self.emit("attack", who=seat, gear=inst)
        natural = self.d10(seat, "attack")
        attack = {"seat": seat, "g": inst, "bonus": 0, "natural": natural}
        result = self.attack_result(seat, inst, natural, plus_acc, attack)
        evt = self.fire("attack", seat, None, **{"with": inst, "result": result, "roll": natural, "attack": attack})
        if evt.get("reroll"):
            natural = self.roll(10, who=seat, why="reroll")
            attack["natural"] = natural
            result = self.attack_result(seat, inst, natural, plus_acc, attack)
            self.fire("attack", seat, None, **{"with": inst, "result": result, "roll": natural, "attack": attack,
                                               "rerolled": True})
        self.tally(seat, {"hit": "hits", "crit": "crits", "miss": "misses", "whiff": "whiffs"}[result])
        if result == "crit":
            self.tally(seat, "hits")
            self.crit_chart(seat, attack)
        if result == "whiff":
            self.tally(seat, "misses")
        if result in ("hit", "crit"):
            dmg = w["dmg"] + self.weapon_mod("dmg", seat, inst) + attack["bonus"] + plus_dmg
            self.emit("hits", who=seat, gear=inst, n=max(0, dmg))
            try:
                if dmg > 0:
                    self.deal(R, dmg, "attack", by=seat, with_=inst, style=w["style"])
            finally:
                self.after_attack(seat, inst, w)
        else:
            self.emit("misses", who=seat, gear=inst, result=result)
            self.after_attack(seat, inst, w)

    def after_attack(self, seat: int, inst: str, w: dict[str, Any]) -> None:
        f = self.fight
        self.expire("attack", seat)
        if w.get("reload"):
            f["reload"][inst] = f["turns"].get(str(seat), 0) + 1
        if C.gear_of(inst).get("consumable") and inst in self.owns(seat):
            self.discard_gear(seat, inst, None, "townsfolk")

    def attack_result(self, seat: int, inst: str, natural: int, plus_acc: int, attack: dict[str, Any]) -> str:
        w = C.gear_of(inst)["weapon"]
        total = natural + self.stat(seat, "acc") + self.weapon_mod("to-hit", seat, inst) + plus_acc
        attack["total"] = total
        if natural >= self.crit_from(seat):
            result = "crit"
        elif natural == 1:
            result = "whiff"
        elif total >= w["acc"]:
            result = "hit"
        else:
            result = "miss"
        attack["result"] = result
        self.emit("attack_roll", who=seat, natural=natural, total=total, need=w["acc"], result=result)
        return result

    def crit_chart(self, seat: int, attack: dict[str, Any]) -> None:
        chart = C.CRIT_CHART
        ctx = Ctx("chart", seat, row="crit-hit")
        ctx.attack = attack
        value = self.d10(seat, "crit")
        for row in chart["table"]:
            lo = row["min"] if row["min"] is not None else -99
            hi = row["max"] if row["max"] is not None else 99
            if lo <= value <= hi:
                self.emit("crit", who=seat, roll=value, row=row["min"])
                self.run(row["steps"], ctx)
                return

    def do_attack(self, st: dict, ctx: Ctx) -> None:
        """An extra attack now with this weapon (or any equipped weapon), following every attack rule."""
        seat = ctx.owner
        if self.fight is None or not isinstance(seat, int) or not self.on_board(seat):
            return
        if st["with"] == "this":
            pool = [ctx.this] if ctx.this in self.weapons(seat) else []
        else:
            pool = self.weapons(seat)
        free = bool(st.get("free"))
        pool = [g for g in pool if self.attack_problem(seat, g, extra=True, free=free) is None]
        if not pool:
            return
        inst = self.ask(seat, "gear", pool, why="attack") if len(pool) > 1 else pool[0]
        self.attack(seat, inst, free=free, plus_acc=st.get("acc", 0), plus_dmg=st.get("dmg", 0), extra=True)

    # --- terrain -----------------------------------------------------------------------------------------------
    def interact_problem(self, seat: int, piece: int) -> Optional[str]:
        pieces = self.pieces()
        if not (0 <= piece < len(pieces)):
            return "There is no such terrain."
        p = pieces[piece]
        row = C.TERRAIN[p["t"]]
        inter = row.get("interact")
        if p.get("gone") or inter is None:
            return "Nothing to do there."
        if p.get("exh"):
            return "That can no longer be activated."
        if inter.get("piece", "main") != p["piece"]:
            return "That part cannot be used."
        pos = self.folk(seat)["pos"]
        at = inter["at"]
        cells = [(c[0], c[1]) for c in p["cells"]]
        if at == "inside" and (pos[0], pos[1]) not in cells:
            return "Stand inside it first."
        if at == "adjacent" and not any(manhattan(pos, c) == 1 for c in cells):
            return "Stand next to it first."
        if at == "door" and (p.get("door") is None or list(pos) != list(p["door"])):
            return "Stand at its door first."
        if self.used(f"interact:{piece}", inter.get("uses", "turn")):
            return "You have used it already."
        cost = self.interact_cost(seat, inter["cost"])
        if not self.can_pay(seat, cost):
            return "You cannot pay for it."
        ctx = Ctx("terrain", seat, this={"card": p["t"], "piece": piece}, row=p["t"])
        if inter.get("if") and not self.all_hold(inter["if"], ctx, seat):
            return "Not now."
        return None

    def interact_cost(self, seat: int, cost: dict[str, Any]) -> dict[str, Any]:
        cost = dict(cost)
        if cost.get("mox") is not None:
            extra = sum(m["amount"] for m, _ in self.mods_for("interact-mox", seat))
            cost["mox"] = max(0, cost["mox"] + extra)
        return cost

    def act_interact(self, seat: int, a: dict[str, Any]) -> None:
        piece = a.get("p")
        if not isinstance(piece, int) or isinstance(piece, bool):
            raise IllegalAction("Interact with a piece of terrain.")
        problem = self.interact_problem(seat, piece)
        if problem:
            raise IllegalAction(problem)
        p = self.pieces()[piece]
        inter = C.TERRAIN[p["t"]]["interact"]
        self.pay(seat, self.interact_cost(seat, inter["cost"]))
        self.use(f"interact:{piece}", inter.get("uses", "turn"))
        self.tally(seat, "interactions")
        self.emit("interact", who=seat, terrain=p["t"])
        ctx = Ctx("terrain", seat, this={"card": p["t"], "piece": piece}, row=p["t"])
        self.fire("interacted", seat, None, terrain=piece)
        self.run(inter["steps"], ctx)

    # --- abilities and gear ----------------------------------------------------------------------------------------
    def ability_sources(self, seat: int) -> list[tuple[str, dict[str, Any], Ctx]]:
        """(key, activated ability, context) for every ability this townsfolk may activate."""
        t = self.folk(seat)
        out = []
        for i, ab in enumerate(C.TOWNSFOLK[t["id"]]["abilities"]):
            for k, act in enumerate(ab.get("activate") or []):
                out.append((f"a:{i}:{k}", act, Ctx("townsfolk", seat, row=f"{t['id']}:{i}")))
        for inst in self.active_gear(seat):
            g = C.gear_of(inst)
            for k, act in enumerate(g.get("activate") or []):
                out.append((f"g:{inst}:{k}", act, Ctx("gear", seat, this=inst, row=g["id"])))
        f = self.fight
        if f is not None and f["final"]:
            for k, act in enumerate(C.RUFFIANS[f["rid"]]["final_fight"]["rules"].get("activate") or []):
                out.append((f"ff:{k}", act, Ctx("final-fight", seat, row=f["rid"] + ":ff")))
        return out

    def ability_choices(self, seat: int, key: str, act: dict[str, Any], ctx: Ctx) -> Optional[list[Any]]:
        """Who may be chosen ([None] without a choice); None when the ability cannot be used now."""
        when = act.get("when", "fight")
        town = self.fight is None
        if town and when == "fight" or not town and when == "town":
            return None
        if self.used(f"use:{seat}:{key}", act.get("uses", "turn")):
            return None
        cost = act["cost"]
        if town and cost.get("mox"):
            return None  # MOX is spent on your turn in a fight
        inst = ctx.this if ctx.kind == "gear" else None
        if cost.get("coins", 0) > self.folk(seat)["coins"]:
            return None
        if cost.get("counters", 0) > self.s["charges"].get(inst, 0):
            return None
        if not town and not self.can_pay(seat, cost, inst):
            return None
        if act.get("if") and not self.all_hold(act["if"], ctx, seat):
            return None
        if act.get("choose"):
            chosen = self.candidates(act["choose"], ctx)
            return chosen or None
        return [None]

    def act_use(self, seat: int, a: dict[str, Any]) -> None:
        key = a.get("k")
        for k, act, ctx in self.ability_sources(seat):
            if k != key:
                continue
            choices = self.ability_choices(seat, k, act, ctx)
            if choices is None or a.get("chosen") not in choices:
                raise IllegalAction("That ability cannot be used now.")
            self.use_ability(seat, k, act, ctx, a.get("chosen"))
            return
        raise IllegalAction("You have no such ability.")

    def use_ability(self, seat: int, key: str, act: dict[str, Any], ctx: Ctx, chosen: Any) -> None:
        uses = act.get("uses", "turn")
        inst = ctx.this if ctx.kind == "gear" else None
        self.pay(seat, act["cost"], inst)
        self.use(f"use:{seat}:{key}", uses)
        self.emit("use", who=seat, row=ctx.row, gear=inst, chosen=chosen)
        run_ctx = ctx.but(chosen=chosen)
        self.run(act["steps"], run_ctx)
        if inst is not None and C.gear_of(inst).get("consumable") and inst in self.owns(seat):
            self.discard_gear(seat, inst, None, "townsfolk")

    # --- changing gear -------------------------------------------------------------------------------------------------
    def change_cost(self, seat: int) -> int:
        base = C.SETUP["gear_change_mox"]
        return max(0, base + sum(m["amount"] for m, _ in self.mods_for("gear-change-mox", seat)))

    def act_equip(self, seat: int, a: dict[str, Any]) -> None:
        inst, slot = a.get("g"), a.get("slot")
        if inst not in self.folk(seat)["stash"] or slot not in self.fitting_slots(inst):
            raise IllegalAction("That gear does not go there.")
        if self.fight is not None:
            cost = self.change_cost(seat)
            if cost > self.mox_left(seat):
                raise IllegalAction("Changing gear costs %d MOX." % cost)
            self.spend_mox(seat, cost)
            self.tally(seat, "gear-changes")
        self.equip(seat, inst, slot)
        self.emit("equip", who=seat, gear=inst, slot=slot)
        self.fire("equipped", seat, None, **{"with": inst})

    # ======================================================================================
    # The end of a fight

    def end_fight(self, won: bool, how: str) -> None:
        f = self.fight
        self.s["stage"] = {"kind": "ending"}
        f["turn"] = None
        if f["final"]:
            self.finish_game(won, f["rid"], f.get("special", False) and won)
            return
        if not won:
            self.finish_game(False, f["rid"], False)
            return
        self.emit("victory", who=f["rid"])
        try:
            self.fire("fight-end")
        except FightOver:
            pass
        for seat in self.seats():
            self.coins(seat, C.SETUP["defeat_coins"])
        self.loot()
        for item in f["stolen"]:
            self.folk(item["owner"])["stash"].append(item["g"])
            self.emit("recover", who=item["owner"], gear=item["g"])
        f["stolen"] = []
        self.s["stage"] = {"kind": "discard", "seat": self.beatin()[0], "left": self.beatin()}

    def loot(self) -> None:
        eligible = [s for s in self.beatin() if not self.folk(s)["ko"]]
        if not eligible:
            return
        top = max(self.folk(s)["won"] for s in eligible)
        tied = [s for s in eligible if self.folk(s)["won"] == top]
        while len(tied) > 1:
            rolls = {t: self.d10(t, "loot") for t in tied}
            high = max(rolls.values())
            tied = [t for t in tied if rolls[t] == high]
        winner = tied[0]
        inst = self.gear_to_gain("ruffian-random")
        if inst is not None:
            self.folk(winner)["stash"].append(inst)
            self.emit("loot", who=winner, gear=inst)

    def discard_feat(self, seat: int, a: dict[str, Any]) -> None:
        stage = self.s["stage"]
        if a["type"] == "discard-feat":
            fid = a.get("feat")
            t = self.folk(seat)
            if fid not in t["feats"]:
                raise IllegalAction("You hold no such Feat.")
            t["feats"].remove(fid)
            self.invalidate()
            self.s["feats_gone"].append(fid)
            self.emit("feat_discarded", who=seat)
            return
        self.emit("keep_feats", who=seat, n=len(self.folk(seat)["feats"]))
        left = [s for s in stage["left"] if s != seat]
        if left:
            self.s["stage"] = {"kind": "discard", "seat": left[0], "left": left}
        else:
            self.after_fight()

    def after_fight(self) -> None:
        """Restore stats, rotate the bar, and go back to town."""
        s = self.s
        self.expire("fight-end")
        s["effects"] = [e for e in s["effects"] if any(u[0] == "game" for u in e["until"])]
        for seat in self.seats():
            t = self.folk(seat)
            t["pos"] = None
            t["out"] = None
            t["counters"] = {}
        s["bar"] = s["bar"][1:] + s["bar"][:1]
        self.emit("rotate", bar=list(s["bar"]))
        s["fight"] = None
        self._grid = None
        self.invalidate()
        s["stage"] = {"kind": "town"}

    def finish_game(self, won: bool, rid: str, special: bool) -> None:
        result = "special" if special else ("win" if won else "loss")
        ending = C.ending_for(rid, result)
        unlocks = list(C.UNLOCKS[rid]) if special else []
        self.s["result"] = {"won": won, "ending": ending["id"], "ruffian": rid, "unlocks": unlocks}
        self.emit("ending", ending=ending["id"], won=won, unlocks=unlocks, barrier=True)
        self.s["stage"] = {"kind": "over"}

    # ======================================================================================
    # What a townsfolk may do on their turn (listed actions)

    def turn_actions(self, seat: int) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for sq in sorted(self.move_targets(seat)):
            out.append({"type": "move", "to": [sq[0], sq[1]]})
        for inst in self.weapons(seat):
            if self.attack_problem(seat, inst) is None:
                out.append({"type": "attack", "g": inst})
        for i in self.live_pieces():
            if self.interact_problem(seat, i) is None:
                out.append({"type": "interact", "p": i})
        for key, act, ctx in self.ability_sources(seat):
            for chosen in self.ability_choices(seat, key, act, ctx) or []:
                out.append({"type": "use", "k": key, "chosen": chosen})
        if self.change_cost(seat) <= self.mox_left(seat):
            for inst in self.folk(seat)["stash"]:
                for slot in self.fitting_slots(inst):
                    out.append({"type": "equip", "g": inst, "slot": slot})
        out.append({"type": "end"})
        return out

    def reach_squares(self, seat: int) -> list[list[int]]:
        return [list(sq) for sq in sorted(self.move_targets(seat))]

    def attack_range_cells(self, seat: int) -> list[list[int]]:
        """Squares from which some equipped weapon could attack the Ruffian (range and sight)."""
        f = self.fight
        if f is None or f.get("out"):
            return []
        best = 0
        for inst in self.weapons(seat):
            if can_attack(inst):
                best = max(best, self.weapon_range(seat, inst))
        if not best:
            return []
        g = self.grid()
        out = []
        rc = foot(f["pos"])
        for sq in g.squares():
            if sq in g.obstacles or sq in rc:
                continue
            d = dist_to_foot(sq, f["pos"])
            if d > best:
                continue
            if d >= 2 and not g.sight([sq], rc):
                continue
            out.append(list(sq))
        return out
