"""Setup and the Town Phase: choosing townsfolk, Feats of Mettle drawn up to 3, the Peddler's
table of 10 (the team may pay to reset it once, before anyone shops), Town Events in Buyin'
order (secret ones kept hidden), then buying or selling one item per turn until everyone
passes in a row; equipping is free in town, and in the Trading variant so is giving gear.
"""

from __future__ import annotations

from typing import Any

from tabletown.engine.rules import IllegalAction

from . import content as C
from .play import Ctx
from .stats import gear_matches


class Town:
    """Mixin: choosing townsfolk and the Town Phase."""

    # ======================================================================================
    # Choosing townsfolk

    def taken(self) -> set[str]:
        return {t["id"] for t in self.s["folk"] if t["id"] is not None}

    def alt_unlocked(self, tid: str) -> bool:
        alt = C.ALTERNATIVE[tid]
        return bool(alt) and all(C.GEAR[g]["unlocked_by"] in self.s["unlocked"] for g in alt)

    def pick_actions(self) -> list[dict[str, Any]]:
        out = []
        for tid in C.TOWNSFOLK_IDS:
            if tid in self.taken():
                continue
            out.append({"type": "pick", "folk": tid, "alt": False})
            if self.alt_unlocked(tid):
                out.append({"type": "pick", "folk": tid, "alt": True})
        return out

    def pick_townsfolk(self, seat: int, a: dict[str, Any]) -> None:
        if a not in self.pick_actions():
            raise IllegalAction("Choose one of the townsfolk still free.")
        tid = a["folk"]
        t = self.folk(seat)
        t["id"] = tid
        self.invalidate()
        kit = C.ALTERNATIVE[tid] if a["alt"] else C.STARTING[tid]
        t["stash"] = list(kit)
        for g in kit:
            counters = C.GEAR[g].get("counters")
            if counters:
                self.s["charges"][g] = counters["start"]
        t["coins"] = C.SETUP["coins"]
        t["hp"] = self.bar(seat, "hp")["start"]
        self.emit("picked", who=seat, folk=tid, alt=a["alt"])
        for g in kit:  # starting gear goes on at once (equipping is free in town)
            slots = [sl for sl in self.fitting_slots(g) if sl == "hands" or self.folk(seat)["eq"].get(sl) is None]
            if slots and not (slots == ["hands"] and self.weapons(seat)):
                self.equip(seat, g, slots[0], free_hp=True)
        t["hp"] = self.max_hp(seat)
        left = [s for s in self.seats() if self.folk(s)["id"] is None]
        self.s["stage"] = {"kind": "pick", "seat": left[0]} if left else {"kind": "town"}

    # ======================================================================================
    # The Town Phase

    def begin_town(self) -> None:
        s = self.s
        s["uses"]["phase"] = {}
        s["uses"]["turn"] = {}
        self.invalidate()
        for seat in self.seats():
            t = self.folk(seat)
            t["ko"] = False
            t["won"] = 0
            t["hp"] = self.max_hp(seat)
        self.emit("town", round=s["round"] + 1)
        for seat in self.buyin():
            hand = C.SETUP["feats"] + sum(m["amount"] for m, _ in self.mods_for("feats-hand", seat))
            while len(self.folk(seat)["feats"]) < hand:
                if not self.draw_feat(seat):
                    break
        self.fire("town-start")
        self.lay_out_shop()
        s["stage"] = {"kind": "reset", "seat": self.buyin()[0], "pledged": {}, "left": self.buyin()}

    def draw_feat(self, seat: int) -> bool:
        s = self.s
        if not s["feat_deck"] and s["feats_gone"]:
            s["feat_deck"], s["feats_gone"] = s["feats_gone"], []
            self.shuffle(s["feat_deck"], "feats")
        if not s["feat_deck"]:
            return False
        fid = s["feat_deck"].pop(0)
        self.folk(seat)["feats"].append(fid)
        self.invalidate()
        self.emit("feat_drawn", who=seat, private=seat, feat=fid, barrier=True)
        return True

    def lay_out_shop(self) -> None:
        ped = self.s["peddler"]
        want = C.SETUP["shop"] - len(ped["shop"])
        drawn = ped["deck"][:want]
        del ped["deck"][:want]
        ped["shop"].extend(drawn)
        self.reveal(zone="peddler", what=list(drawn), shop=True)

    def reset_needed(self) -> int:
        return C.SETUP["reset_per_townsfolk"] * self.team_size()

    def reset_actions(self, seat: int) -> list[dict[str, Any]]:
        stage = self.s["stage"]
        owed = self.reset_needed() - sum(stage["pledged"].values())
        last = len(stage["left"]) == 1
        coins = self.folk(seat)["coins"]
        out: list[dict[str, Any]] = [{"type": "no-reset"}]
        if last:
            if coins >= owed:
                out.append({"type": "pledge", "n": owed})
        else:
            out.extend({"type": "pledge", "n": n} for n in range(0, min(coins, owed) + 1))
        return out

    def reset_turn(self, seat: int, a: dict[str, Any]) -> None:
        if a not in self.reset_actions(seat):
            raise IllegalAction("Pledge Coins for the shop reset, or say no.")
        stage = self.s["stage"]
        if a["type"] == "no-reset":
            self.emit("no_reset", who=seat)
            self.s["stage"] = {"kind": "events"}
            return
        stage["pledged"][str(seat)] = a["n"]
        self.emit("pledge", who=seat, n=a["n"])
        left = stage["left"][1:]
        if left:
            stage["left"] = left
            stage["seat"] = left[0]
            return
        for key, n in stage["pledged"].items():
            if n:
                self.coins(int(key), -n, paid=True)
        ped = self.s["peddler"]
        gone = list(ped["shop"])
        ped["gone"].extend(gone)  # discarded: out of the game
        ped["shop"] = []
        self.emit("reset", gone=gone)
        self.lay_out_shop()
        self.s["stage"] = {"kind": "events"}

    def town_events(self) -> None:
        for seat in self.buyin():
            self.town_event(seat)
        order = self.buyin()
        self.s["uses"]["turn"] = {}
        self.s["stage"] = {"kind": "shop", "seat": order[0], "passes": 0}

    def town_event(self, seat: int) -> None:
        s = self.s
        if not s["event_deck"] and s["events_gone"]:
            s["event_deck"], s["events_gone"] = s["events_gone"], []
            self.shuffle(s["event_deck"], "events")
        if not s["event_deck"]:
            return
        eid = s["event_deck"].pop(0)
        row = C.EVENTS[C.base_id(eid)]
        if row["secret"]:
            self.folk(seat)["secrets"].append(eid)
            self.invalidate()
            self.emit("secret_drawn", who=seat, private=seat, event=C.base_id(eid), barrier=True)
            return
        self.reveal(zone="events", what=[eid], who=seat, event=row["id"])
        self.run(row["steps"], Ctx("event", seat, row=row["id"]))
        s["events_gone"].append(eid)

    # --- shopping ----------------------------------------------------------------------------------------
    def price(self, seat: int, inst: str) -> int:
        g = C.gear_of(inst)
        cost = g.get("cost") or 0
        change = sum(m["amount"] for m, _ in self.mods_for("price", seat) if gear_matches(m.get("gear"), inst))
        new = cost + change
        return max(1, new) if cost >= 1 else max(0, new)

    def sale_value(self, seat: int, inst: str) -> int:
        g = C.gear_of(inst)
        cost = g.get("cost") or 0
        base = cost // C.SETUP["sell_divisor"]
        extra = sum(m["amount"] for m, _ in self.mods_for("sell", seat) if gear_matches(m.get("gear"), inst))
        return max(0, min(cost, base + extra))

    def sellable(self, seat: int, inst: str) -> bool:
        g = C.gear_of(inst)
        return g.get("cost") is not None and g["kind"] != "starting"

    def shop_actions(self, seat: int) -> list[dict[str, Any]]:
        t = self.folk(seat)
        out: list[dict[str, Any]] = []
        for inst in self.s["peddler"]["shop"]:
            if self.price(seat, inst) <= t["coins"]:
                out.append({"type": "buy", "g": inst})
        for inst in self.owns(seat):
            if self.sellable(seat, inst):
                out.append({"type": "sell", "g": inst})
        out.extend(self.gear_actions(seat))
        for key, act, ctx in self.ability_sources(seat):
            for chosen in self.ability_choices(seat, key, act, ctx) or []:
                out.append({"type": "use", "k": key, "chosen": chosen})
        if self.s["variant"]["trading"]:
            for inst in self.owns(seat):
                for other in self.seats():
                    if other != seat:
                        out.append({"type": "give", "g": inst, "to": other})
        out.append({"type": "pass"})
        return out

    def gear_actions(self, seat: int) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for inst in self.folk(seat)["stash"]:
            for slot in self.fitting_slots(inst):
                out.append({"type": "equip", "g": inst, "slot": slot})
        for inst in self.equipped(seat):
            out.append({"type": "unequip", "g": inst})
        return out

    def shop_turn(self, seat: int, a: dict[str, Any]) -> None:
        kind = a.get("type")
        stage = self.s["stage"]
        t = self.folk(seat)
        if kind == "buy":
            inst = a.get("g")
            if inst not in self.s["peddler"]["shop"]:
                raise IllegalAction("That is not on the Peddler's table.")
            cost = self.price(seat, inst)
            if cost > t["coins"]:
                raise IllegalAction("Not enough Coins.")
            self.s["peddler"]["shop"].remove(inst)
            self.coins(seat, -cost, paid=True, quiet=True)
            t["stash"].append(inst)
            counters = C.gear_of(inst).get("counters")
            if counters and inst not in self.s["charges"]:
                self.s["charges"][inst] = counters["start"]
            self.emit("bought", who=seat, gear=inst, n=cost)
            self.fire("bought", seat, None, **{"with": inst, "amount": cost})
            if self.s["v"] >= 2:  # rules version 1 left it in the stash until the buyer's next turn
                self.offer_equip(seat, inst, free_only=True)
            self.next_shopper(seat, passed=False)
        elif kind == "sell":
            inst = a.get("g")
            if inst not in self.owns(seat) or not self.sellable(seat, inst):
                raise IllegalAction("That cannot be sold.")
            value = self.sale_value(seat, inst)
            self.lose_piece(seat, inst)
            self.s["peddler"]["gone"].append(inst)
            self.s["charges"].pop(inst, None)
            self.emit("sold", who=seat, gear=inst, n=value)
            self.coins(seat, value, quiet=True)
            self.fire("sold", seat, None, **{"with": inst, "amount": value})
            self.next_shopper(seat, passed=False)
        elif kind == "equip":
            self.act_equip(seat, a)
        elif kind == "unequip":
            inst = a.get("g")
            if inst not in self.equipped(seat):
                raise IllegalAction("That is not equipped.")
            self.unequip_piece(seat, inst)
            self.emit("unequip", who=seat, gear=inst)
            self.fire("unequipped", seat, None, **{"with": inst, "source": "townsfolk"})
        elif kind == "use":
            self.act_use(seat, a)
        elif kind == "give":
            inst, other = a.get("g"), a.get("to")
            if not self.s["variant"]["trading"] or inst not in self.owns(seat) or other not in self.seats() \
                    or other == seat:
                raise IllegalAction("Gear changes hands only in the Trading variant.")
            self.lose_piece(seat, inst)
            self.folk(other)["stash"].append(inst)
            self.emit("give", who=seat, to=other, gear=inst)
        elif kind == "pass":
            self.emit("pass", who=seat)
            self.next_shopper(seat, passed=True)
        else:
            raise IllegalAction("That is not something to do at the Peddler's.")
        del stage

    def next_shopper(self, seat: int, passed: bool) -> None:
        stage = self.s["stage"]
        passes = stage["passes"] + 1 if passed else 0
        if passes >= self.team_size():
            self.end_town()
            return
        order = self.buyin()
        nxt = order[(order.index(seat) + 1) % len(order)]
        self.s["uses"]["turn"] = {}
        self.s["stage"] = {"kind": "shop", "seat": nxt, "passes": passes}

    def end_town(self) -> None:
        ped = self.s["peddler"]
        if ped["shop"]:
            ped["deck"].extend(ped["shop"])  # unsold gear to the bottom of the Peddler deck
            ped["shop"] = []
        self.emit("shop_closed")
        self.fire("town-end")
        self.expire("town-end")
        self.s["stage"] = {"kind": "fight"}
