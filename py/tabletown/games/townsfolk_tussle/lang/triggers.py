"""The content language's triggers and goals (guide 3.8): what is in play reacts to the
events `fire` names; Feats, secret Town Events, the weakness and the Final Fight are goals
checked on events and on the state; cards kept in front of townsfolk."""

from __future__ import annotations

from typing import Any, Optional

from .. import content as C
from ..play import Ctx, FightOver, R
from .facts import has_state_part, walk_steps


class Triggers:
    """Mixin: triggers, events, goals and kept cards."""

    # ======================================================================================
    # Triggers, events and goals (3.8)

    def cache_key(self) -> tuple:
        """Changes whenever what is in play may have changed (see Stats.mod_sources)."""
        return (self._epoch, tuple(len(t["stash"]) for t in self.s["folk"]))

    def trigger_sources(self) -> list[tuple[list[dict], Ctx]]:
        """Every list of triggers in play, in order: the Ruffian's, the terrain's, then each townsfolk's
        in Beatin' order (triggers of the same event resolve in Beatin' order, the Ruffian's first)."""
        key = self.cache_key()
        cached = getattr(self, "_triggers", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        out = self._trigger_sources()
        self._triggers = (key, out)
        return out

    def _trigger_sources(self) -> list[tuple[list[dict], Ctx]]:
        out: list[tuple[list[dict], Ctx]] = []
        f = self.fight
        if f is not None:
            ruff = C.ruffian(f["rid"], self.s["v"])
            ab = ruff["abilities"][f["level"]]
            if ab.get("triggers"):
                out.append((ab["triggers"], Ctx("ruffian", R, row=f["rid"] + ":" + f["level"])))
            if f["weak"] and ruff["weakness"].get("triggers"):
                out.append((ruff["weakness"]["triggers"], Ctx("ruffian", R, row=f["rid"] + ":weakness")))
            if f["final"] and ruff["final_fight"]["rules"].get("triggers"):
                out.append((ruff["final_fight"]["rules"]["triggers"], Ctx("final-fight", R, row=f["rid"] + ":ff")))
            for k in f["kept"]:
                keep = self.keep_step(C.CARDS[k["card"]])
                if keep and keep.get("trigger"):
                    ctx = Ctx("card", R, row=k["card"], holders=self.kept_holders(k))
                    ctx.targets = list(k.get("targets", []))
                    ctx.card = k["card"]
                    out.append(([dict(keep["trigger"], kept=k["card"])], ctx))
            for tid in self.terrain_cards():
                row = C.TERRAIN[tid]
                if row.get("triggers"):
                    out.append((row["triggers"], Ctx("terrain", None, this={"card": tid, "piece": None}, row=tid)))
        for seat in self.beatin():
            t = self.folk(seat)
            if t["id"] is None:
                continue
            if f is not None and (t["ko"] or t["out"] is not None):
                continue
            for i, ab in enumerate(C.TOWNSFOLK[t["id"]]["abilities"]):
                if ab.get("triggers"):
                    out.append((ab["triggers"], Ctx("townsfolk", seat, row=f"{t['id']}:{i}")))
            for inst in self.active_gear(seat):
                g = C.gear_of(inst)
                if g.get("triggers"):
                    out.append((g["triggers"], Ctx("gear", seat, this=inst, row=g["id"])))
        return out

    def trigger_matches(self, trig: dict, evt: dict, ctx: Ctx) -> bool:
        if trig["on"] != evt["on"]:
            return False
        who = trig.get("who")
        subject = evt.get("who")
        if who is None or who == "any":
            return True
        if who == "self":
            return subject == (R if ctx.kind == "card" else ctx.owner) and subject is not None
        if who == "townsfolk":
            return isinstance(subject, int)
        if who == "others":
            return isinstance(subject, int) and subject != ctx.owner
        if who == "ruffian":
            return subject == R
        if who == "sheriff":
            return subject is not None and subject == self.sheriff
        if who == "holder":
            return subject in ctx.holders
        if who == "target":
            return subject in ctx.targets
        return False

    def fire(self, name: str, who: Any = None, by: Any = None, **info: Any) -> dict[str, Any]:
        """An event happened: its reactions run at once, then the goals it may meet are checked."""
        evt = {"on": name, "who": who, "by": by, **info}
        f = self.fight
        if f is not None:
            f["first"][name] = f["first"].get(name, 0) + 1
            evt["first"] = f["first"][name] == 1
        if name == "targeted" and isinstance(who, int):
            self.tally(who, "targeted")
        for triggers, ctx in self.trigger_sources():
            for i, trig in enumerate(triggers):
                if not self.trigger_matches(trig, evt, ctx):
                    continue
                self.run_trigger(trig, i, evt, ctx)
        self.check_goals(evt)
        self.check_states()
        return evt

    def run_trigger(self, trig: dict, index: int, evt: dict, ctx: Ctx) -> None:
        run_ctx = ctx.but(event=evt)
        if evt.get("attack") is not None:
            run_ctx.attack = evt["attack"]
        owner_subject = ctx.owner if ctx.kind != "terrain" else evt.get("who")
        if trig.get("if") and not self.all_hold(trig["if"], run_ctx, owner_subject):
            return
        uses = trig.get("uses", "unlimited")
        key = f"trigger:{ctx.row}:{index}:{ctx.owner}:{ctx.this if not isinstance(ctx.this, dict) else ''}"
        if uses != "unlimited" and self.used(key, uses):
            return
        if trig.get("optional"):
            cost = trig.get("cost") or {}
            asker = ctx.owner if isinstance(ctx.owner, int) else (evt["who"] if isinstance(evt.get("who"), int)
                                                                  else self.decider())
            if not self.can_pay_any_time(asker, cost, ctx.this):
                return
            extra = {"roll": evt["roll"]} if "roll" in evt else {}
            if not self.ask(asker, "react", [True, False], row=ctx.row, on=evt["on"], always=True, **extra):
                return
            self.pay(asker, cost, ctx.this)
        self.use(key, uses)
        if trig.get("kept"):
            kept = next((k for k in self.fight["kept"] if k["card"] == trig["kept"]), None)
            keep = self.keep_step(C.CARDS[trig["kept"]])
            self.emit("kept_fires", card=trig["kept"])
            self.run(trig["steps"], run_ctx)
            if kept is not None and not keep.get("repeat") and kept in self.fight["kept"]:
                self.discard_kept(kept)
            return
        self.run(trig["steps"], run_ctx)

    def can_pay_any_time(self, seat: Any, cost: dict[str, Any], inst: Any) -> bool:
        if not cost:
            return True
        if not isinstance(seat, int):
            return False
        t = self.folk(seat)
        if cost.get("coins", 0) > t["coins"]:
            return False
        if cost.get("mox", 0) > (self.mox_left(seat) if self.fight else 0):
            return False
        if cost.get("counters", 0) > self.s["charges"].get(inst, 0):
            return False
        return True

    def after_roll(self, who: Any, value: int) -> int:
        evt = self.fire("rolled", who, None, roll=value)
        if evt.get("reroll"):
            value = self.roll(10, who=self.name_of(who), why="reroll")
        return value

    # --- goals: Feats, secret events, the weakness, the Final Fight ------------------------------------------
    def goal_parts(self, goal: Any) -> list[dict]:
        return goal if isinstance(goal, list) else [goal]

    def event_goal_met(self, goal: Any, evt: dict, ctx: Ctx) -> bool:
        for g in self.goal_parts(goal):
            if "on" not in g:
                continue
            if not self.trigger_matches(g, evt, ctx):
                continue
            if g.get("if") and not self.all_hold(g["if"], ctx.but(event=evt), ctx.owner):
                continue
            return True
        return False

    def state_goal_met(self, goal: Any, ctx: Ctx) -> bool:
        for g in self.goal_parts(goal):
            if "state" not in g:
                continue
            during = g.get("during", "fight")
            if during == "fight" and not self.in_fight():
                continue
            if during == "town" and self.fight is not None:
                continue
            if self.all_hold(g["state"], ctx, ctx.owner):
                return True
        return False

    def goal_holders(self, states_only: bool = False) -> list[tuple[str, Any, Ctx, dict]]:
        """(what, id, context, goal) for every goal in play (only those with a state part)."""
        key = self.cache_key()
        cached = getattr(self, "_goals", None)
        if cached is None or cached[0] != key:
            every = self._goal_holders()
            cached = (key, every, [h for h in every if has_state_part(h[3])])
            self._goals = cached
        return cached[2] if states_only else cached[1]

    def _goal_holders(self) -> list[tuple[str, Any, Ctx, dict]]:
        out: list[tuple[str, Any, Ctx, dict]] = []
        f = self.fight
        if f is not None:
            ruff = C.RUFFIANS[f["rid"]]
            if not f["weak"]:
                out.append(("weakness", f["rid"], Ctx("ruffian", R, row=f["rid"]), ruff["weakness"]["when"]))
            if f["final"] and f["result"] is None:
                ff = ruff["final_fight"]
                for part in ("special", "loss", "win"):
                    if part == "special" and f["special"]:
                        continue  # met already: it counts if the team goes on to win
                    if ff[part].get("goal") is not None:
                        out.append(("ff-" + part, part, Ctx("final-fight", R, row=f["rid"]), ff[part]["goal"]))
        for seat in self.beatin():
            t = self.folk(seat)
            for fid in list(t["feats"]):
                out.append(("feat", fid, Ctx("feat", seat, row=fid), C.FEATS[fid]["goal"]))
            for eid in list(t["secrets"]):
                out.append(("secret", eid, Ctx("event", seat, row=C.base_id(eid)), C.EVENTS[C.base_id(eid)]["goal"]))
        return out

    def check_goals(self, evt: dict) -> None:
        for what, gid, ctx, goal in self.goal_holders():
            if self.event_goal_met(goal, evt, ctx):
                self.goal_reached(what, gid, ctx, evt)

    def check_states(self) -> None:
        if self.checking:
            return
        self.checking = True
        try:
            for _ in range(20):
                hit = None
                for what, gid, ctx, goal in self.goal_holders(states_only=True):
                    if self.state_goal_met(goal, ctx):
                        hit = (what, gid, ctx)
                        break
                if hit is None:
                    return
                self.goal_reached(hit[0], hit[1], hit[2], None)
        finally:
            self.checking = False

    def goal_reached(self, what: str, gid: Any, ctx: Ctx, evt: Optional[dict]) -> None:
        f = self.fight
        if what == "weakness":
            if not f["weak"]:
                self.activate_weakness(evt)
        elif what == "feat":
            self.accomplish(ctx.owner, gid, evt)
        elif what == "secret":
            self.secret_event_fires(ctx.owner, gid, evt)
        elif what == "ff-special":
            f["special"] = True
            self.invalidate()
        elif what == "ff-loss":
            f["result"] = "loss"
            self.invalidate()
            raise FightOver(False, "goal")
        elif what == "ff-win":
            special = C.RUFFIANS[f["rid"]]["final_fight"]["special"]["goal"]
            if evt is not None and self.event_goal_met(special, evt, Ctx("final-fight", R, row=f["rid"])):
                f["special"] = True
            if self.state_goal_met(special, Ctx("final-fight", R, row=f["rid"])):
                f["special"] = True
            f["result"] = "win"
            self.invalidate()
            raise FightOver(True, "goal")

    def activate_weakness(self, evt: Optional[dict] = None) -> None:
        f = self.fight
        if f is None or f["weak"]:
            return
        f["weak"] = True
        self.invalidate()
        ruff = C.RUFFIANS[f["rid"]]
        self.emit("weakness", who=f["rid"])
        self.fire("weakness", R)
        self.run(ruff["weakness"].get("steps") or [], Ctx("ruffian", R, row=f["rid"], event=evt))

    def accomplish(self, seat: int, fid: str, evt: Optional[dict]) -> None:
        t = self.folk(seat)
        if fid not in t["feats"]:
            return
        t["feats"].remove(fid)
        self.invalidate()
        t["done"].append(fid)
        t["won"] += 1
        self.reveal(zone="feats", what=[fid], who=seat, feat=fid)
        self.run(C.FEATS[fid]["reward"], Ctx("feat", seat, row=fid, event=evt))
        self.fire("feat", seat)

    def secret_event_fires(self, seat: int, eid: str, evt: Optional[dict]) -> None:
        t = self.folk(seat)
        if eid not in t["secrets"]:
            return
        t["secrets"].remove(eid)
        self.invalidate()
        self.s["events_gone"].append(eid)
        self.reveal(zone="secrets", what=[eid], who=seat, event=C.base_id(eid))
        self.run(C.EVENTS[C.base_id(eid)]["steps"], Ctx("event", seat, row=C.base_id(eid), event=evt))

    # --- kept cards --------------------------------------------------------------------------------------
    @staticmethod
    def keep_step(card: dict) -> Optional[dict]:
        for st in list(walk_steps(card["act"])) + list(walk_steps((card.get("after") or {}).get("steps"))):
            if st["do"] == "keep":
                return st
        return None

    def kept_holders(self, kept: dict) -> list[int]:
        if kept["with"] == "group":
            return self.everyone()
        return [h for h in kept["with"] if not self.folk(h)["ko"]]

    def discard_kept(self, kept: dict) -> None:
        f = self.fight
        if kept in f["kept"]:
            f["kept"].remove(kept)
            self.invalidate()
            f["disc"].append(kept["card"])
            self.emit("unkeep", card=kept["card"])
