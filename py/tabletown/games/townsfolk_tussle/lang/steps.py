"""The content language's steps (guide 4): `run(steps, ctx)`, one `do_<word>` method per
step word (`"bonus-dmg"` is `do_bonus_dmg`). The Ruffian's movement steps (move, move-into,
forward, retreat, face) and the townsfolk's (push, pull, dash) are in movement.py; the terrain
and placement steps in places.py."""

from __future__ import annotations

import json
import zlib
from typing import Any, Optional

from .. import content as C
from ..play import Ctx, R
from ..stats import gear_matches


def step_key(ctx: Ctx, st: dict) -> str:
    """A name for one step of one content row, the same every time the row runs (a `once`
    step's use is kept under it)."""
    return f"{ctx.row}:{zlib.crc32(json.dumps(st, sort_keys=True).encode())}"


class Steps:
    """Mixin: the steps about DMG, stats, gear, Coins, counters, cards and the flow of a turn."""

    # ======================================================================================
    # Steps (4)

    def run(self, steps: list[dict], ctx: Ctx) -> None:
        for st in steps or []:
            self.step(st, ctx)
            self.check_states()

    def step(self, st: dict[str, Any], ctx: Ctx) -> None:  # noqa: C901 - one branch per step
        do = st["do"]
        handler = getattr(self, "do_" + do.replace("-", "_"), None)
        if handler is None:
            raise ValueError(f"no step {do!r}")
        handler(st, ctx)

    # --- DMG, HP, stats ---------------------------------------------------------------------------
    def dmg_source(self, ctx: Ctx) -> tuple[str, Any]:
        if ctx.ruffian_side:
            return "ruffian", R
        if ctx.kind == "terrain":
            return "terrain", ctx.owner
        return "townsfolk", ctx.owner

    def do_dmg(self, st: dict, ctx: Ctx) -> None:
        n = self.amount(st["amount"], ctx)
        source, by = self.dmg_source(ctx)
        for who in self.select(st["who"], ctx):
            ranged = False
            if "range" in st and self.fight is not None:
                d = self.dist(R, who) if who != R else 0
                if d is None or d > st["range"]:
                    self.emit("out_of_range", who=who, d=d, range=st["range"], by=self.name_of(by))
                    continue
                ranged = st["range"] >= 2 and ctx.ruffian_side
            gear = ctx.this if ctx.kind == "gear" else None  # the gear whose ability dealt it (Jerry)
            lost = self.deal(who, n, source, by=by, ranged=ranged, with_=gear,
                             cause=None if ctx.ruffian_side else ctx.row)
            if lost and ctx.kind == "card" and who not in ctx.damaged:
                ctx.damaged.append(who)

    def do_bonus_dmg(self, st: dict, ctx: Ctx) -> None:
        if ctx.attack is not None:
            ctx.attack["bonus"] += self.amount(st["amount"], ctx)

    def do_heal(self, st: dict, ctx: Ctx) -> None:
        n = "full" if st["amount"] == "full" else self.amount(st["amount"], ctx)
        for who in self.select(st["who"], ctx):
            self.heal(who, n)

    def do_lower(self, st: dict, ctx: Ctx, sign: int = -1) -> None:
        n = self.amount(st["amount"], ctx)
        src = "ruffian" if ctx.ruffian_side else ("terrain" if ctx.kind == "terrain" else "townsfolk")
        for who in self.select(st["who"], ctx):
            if sign < 0 and src == "ruffian" and who != R and self.immune(who, "lower"):
                continue
            self.change_stat(who, st["stat"], sign * n, st["until"], src, user=ctx.user)

    def do_raise(self, st: dict, ctx: Ctx) -> None:
        self.do_lower(st, ctx, sign=1)

    def do_restore(self, st: dict, ctx: Ctx) -> None:
        for who in self.select(st["who"], ctx):
            self.restore_stats(who, st["stat"])

    def do_boost(self, st: dict, ctx: Ctx) -> None:
        for who in self.select(st["who"], ctx):
            self.add_effect({"k": "boost", "who": who, "mods": st["mods"], "row": ctx.row, "owner": ctx.owner,
                             "kind": ctx.kind, "this": ctx.this if not isinstance(ctx.this, dict) else None,
                             "until": self.resolve_until(st["until"], who, ctx.user)})
            self.emit("boost", who=self.name_of(who), row=ctx.row)

    # --- gear and Coins -------------------------------------------------------------------------------
    def slot_choice(self, seat: int, choice: str, why: str) -> list[str]:
        """The equipped pieces a slot choice names (asking the affected player where they choose)."""
        eq = self.folk(seat)["eq"]
        have = self.equipped(seat)
        if not have:
            return []
        if choice == "all":
            return have
        if choice == "hands":
            return [g for g in have if self.slot_of(seat, g) in ("left-hand", "right-hand")]
        if choice in ("head", "chest", "leg", "accessory", "left-hand", "right-hand"):
            return [eq[choice]] if eq.get(choice) else []
        if choice == "hand":
            opts = [g for g in have if self.slot_of(seat, g) in ("left-hand", "right-hand")]
        elif choice == "best":
            top = max((C.gear_of(g).get("cost") or 0) for g in have)
            opts = [g for g in have if (C.gear_of(g).get("cost") or 0) == top]
        else:  # any
            opts = have
        if not opts:
            return []
        return [self.ask(seat, "gear", opts, why=why)]

    def do_unequip(self, st: dict, ctx: Ctx) -> None:
        ruffian = ctx.ruffian_side
        for who in self.select(st["who"], ctx):
            if who == R or (ruffian and self.immune(who, "unequip")):
                continue
            for inst in self.slot_choice(who, st["slot"], "unequip"):
                self.unequip_piece(who, inst)
                self.emit("unequip", who=who, gear=inst, by=self.fight["rid"] if ruffian and self.fight else None)
                self.fire("unequipped", who, R if ruffian else None, **{"with": inst, "source": self.dmg_source(ctx)[0]})

    def do_discard(self, st: dict, ctx: Ctx) -> None:
        ruffian = ctx.ruffian_side
        choice = st["gear"]
        for who in self.select(st["who"], ctx):
            if who == R or (ruffian and self.immune(who, "discard")):
                continue
            if choice == "this":
                pieces = [ctx.this] if ctx.this in self.owns(who) else []
            elif choice == "stashed":
                stash = list(self.folk(who)["stash"])
                pieces = [self.ask(who, "gear", stash, why="discard")] if stash else []
            elif isinstance(choice, dict):
                where = choice.get("from", "any")
                pool = (self.equipped(who) if where in ("equipped", "any") else []) + \
                       (list(self.folk(who)["stash"]) if where in ("stashed", "any") else [])
                pool = [g for g in pool if gear_matches(choice.get("filter"), g)]
                pieces = [self.ask(who, "gear", pool, why="discard")] if pool else []
            else:
                pieces = self.slot_choice(who, choice, "discard")
            for inst in pieces:
                self.discard_gear(who, inst, R if ruffian else None, self.dmg_source(ctx)[0])

    def discard_gear(self, seat: int, inst: str, by: Any, source: str) -> None:
        self.lose_piece(seat, inst)
        self.s["peddler"]["gone"].append(inst)
        self.s["charges"].pop(inst, None)
        self.emit("discard", who=seat, gear=inst, by=self.name_of(by) if by == R else None)
        self.fire("discarded", seat, by, **{"with": inst, "source": source})

    def do_steal(self, st: dict, ctx: Ctx) -> None:
        if self.fight is None:
            return
        for who in self.select(st["who"], ctx):
            if who == R or self.immune(who, "steal"):
                continue
            for inst in self.slot_choice(who, st["slot"], "steal"):
                self.lose_piece(who, inst)
                self.fight["stolen"].append({"g": inst, "owner": who})
                self.emit("steal", who=who, gear=inst, by=self.fight["rid"])
                self.fire("unequipped", who, R, **{"with": inst, "source": "ruffian"})

    def do_recover(self, st: dict, ctx: Ctx) -> None:
        if self.fight is None:
            return
        owners = set(self.select(st["who"], ctx))
        pool = [i for i, s in enumerate(self.fight["stolen"]) if s["owner"] in owners]
        if not pool:
            return
        asker = ctx.owner if isinstance(ctx.owner, int) else self.fight["stolen"][pool[0]]["owner"]
        opts = [self.fight["stolen"][i]["g"] for i in pool]
        inst = self.ask(asker, "gear", opts, why="recover")
        item = next(s for s in self.fight["stolen"] if s["g"] == inst)
        self.fight["stolen"].remove(item)
        owner = item["owner"]
        self.folk(owner)["stash"].append(inst)
        self.emit("recover", who=owner, gear=inst)
        self.offer_equip(owner, inst)

    def offer_equip(self, seat: int, inst: str, free_only: bool = False) -> None:
        """The owner may equip a piece at once, for free (or leave it in the stash); with `free_only`
        only into a slot nothing is in (both hands for a 2-handed piece)."""
        slots = self.fitting_slots(inst)
        if free_only:
            slots = [slot for slot in slots if self.slot_free(seat, slot)]
        if not slots:
            return
        where = self.ask(seat, "equip", slots + ["stash"], gear=inst, always=True)
        if where != "stash":
            self.equip(seat, inst, where)
            self.emit("equip", who=seat, gear=inst, slot=where)
            self.fire("equipped", seat, None, **{"with": inst})

    def do_gain_gear(self, st: dict, ctx: Ctx) -> None:
        gear = st["gear"]
        for who in self.select(st["who"], ctx):
            if who == R:
                continue
            inst = self.gear_to_gain(gear)
            if inst is None:
                continue
            self.folk(who)["stash"].append(inst)
            counters = C.gear_of(inst).get("counters")
            if counters:
                self.s["charges"][inst] = counters["start"]
            self.emit("gain", who=who, gear=inst)
            if st.get("equip"):
                self.offer_equip(who, inst)

    def gear_to_gain(self, gear: str) -> Optional[str]:
        """A Unique gear id (if no one holds it yet), or this Ruffian's starred / a random remaining piece."""
        f = self.fight
        held = {g for s in self.seats() for g in self.owns(s)}
        if f is not None:
            held |= {x["g"] for x in f["stolen"]}
        if gear in ("ruffian-star", "ruffian-random"):
            if f is None:
                return None
            left = [g for g in C.RUFFIAN_GEAR[f["rid"]] if g not in f["looted"] and g not in held]
            if gear == "ruffian-star":
                star = C.STAR_GEAR[f["rid"]]
                pick = star if star in left else None
            else:
                pick = left[self.below(len(left), why="loot")] if left else None
            if pick is not None:
                f["looted"].append(pick)
            return pick
        return None if gear in held else gear

    def do_search_peddler(self, st: dict, ctx: Ctx) -> None:
        flt = st.get("for") or {}
        for who in self.select(st["who"], ctx):
            if who == R:
                continue
            for _ in range(st.get("count", 1)):
                inst = self.search_peddler(flt)
                if inst is None:
                    break
                self.take_gear(who, inst, st.get("price", "free"), "search")

    def search_peddler(self, flt: dict[str, Any]) -> Optional[str]:
        """Reveal Peddler cards from the top until one matches; the rest go to the bottom (FAQ).
        If the whole deck is gone through, it is reshuffled and the search ends."""
        ped = self.s["peddler"]
        looked = 0
        total = len(ped["deck"])
        while looked < total and ped["deck"]:
            inst = ped["deck"].pop(0)
            looked += 1
            self.reveal(zone="peddler", what=[inst])
            if gear_matches(flt, inst):
                return inst
            ped["deck"].append(inst)
        self.reshuffle_peddler()
        return None

    def reshuffle_peddler(self) -> None:
        self.shuffle(self.s["peddler"]["deck"], "peddler")

    def take_gear(self, seat: int, inst: str, price: Any, how: str) -> None:
        """The townsfolk takes a Peddler piece, paying `price` (free, full, or that many Coins off)."""
        cost = 0
        if price == "full":
            cost = self.price(seat, inst)
        elif isinstance(price, int) and not isinstance(price, bool):
            cost = max(0, self.price(seat, inst) - price)
        if cost > self.folk(seat)["coins"]:
            self.s["peddler"]["deck"].append(inst)  # cannot pay: back to the bottom
            self.emit("cannot_pay", who=seat, gear=inst)
            return
        if cost:
            self.coins(seat, -cost, paid=True)
        self.folk(seat)["stash"].append(inst)
        counters = C.gear_of(inst).get("counters")
        if counters and inst not in self.s["charges"]:
            self.s["charges"][inst] = counters["start"]
        self.emit("gain", who=seat, gear=inst, how=how)

    def do_take_from_shop(self, st: dict, ctx: Ctx) -> None:
        if self.fight is not None:
            return
        flt = st.get("for") or {}
        for who in self.select(st["who"], ctx):
            shop = [g for g in self.s["peddler"]["shop"] if gear_matches(flt, g)]
            if not shop:
                continue
            inst = self.ask(who, "gear", shop, why="take")
            self.s["peddler"]["shop"].remove(inst)
            self.take_gear(who, inst, st.get("price", "free"), "shop")

    def do_exchange(self, st: dict, ctx: Ctx) -> None:
        """Up to `count` one-for-one swaps with another townsfolk, if both agree: the townsfolk picks
        a piece of someone else's to ask for (or none), then what to give for it; the other says yes or no."""
        me = ctx.owner
        if not isinstance(me, int):
            return
        for _ in range(st.get("count", 1)):
            partners = [s for s in self.everyone() if s != me]
            if st["with"] == "adjacent" and self.fight is not None:
                partners = [s for s in partners if self.dist(me, s) == 1]
            mine = self.owns(me)
            wanted = [[s, g] for s in partners for g in self.owns(s)]
            if not mine or not wanted:
                return
            pick = self.ask(me, "exchange", [None] + wanted)
            if pick is None:
                return
            other, take = pick
            give = self.ask(me, "gear", list(mine), why="give")
            if not self.ask(other, "agree", [True, False], gear=give, taken=take, **{"from": me}):
                self.emit("refused", who=other)
                return
            self.lose_piece(me, give)
            self.lose_piece(other, take)
            self.folk(me)["stash"].append(take)
            self.folk(other)["stash"].append(give)
            self.emit("exchange", who=me, other=other, gear=give, taken=take)

    def do_coins(self, st: dict, ctx: Ctx) -> None:
        n = self.amount(st["amount"], ctx, signed=True)
        source, by = self.dmg_source(ctx)
        for who in self.select(st["who"], ctx):
            if who != R:
                self.coins(who, n, by=by, source=source)

    def do_counter(self, st: dict, ctx: Ctx) -> None:
        on = st["on"]
        if on == "ruffian":
            owners = [R] if self.fight is not None else []
        elif on == "this":
            if ctx.kind == "gear":
                owners = ["gear:" + ctx.this]
            elif isinstance(ctx.this, dict) and self.fight is not None:
                owners = [{"card": ctx.this["card"]}]
            else:
                owners = []
        else:
            owners = self.select(on, ctx)
        name = st["name"]
        for owner in owners:
            have = self.counters_on(owner).get(name, 0)
            if st["amount"] == "clear":
                new = 0
            else:
                new = have + self.amount(st["amount"], ctx, signed=True)
                if owner != R and isinstance(owner, str) and owner.startswith("gear:"):
                    top = (C.gear_of(owner[5:]).get("counters") or {}).get("max")
                    if top is not None:
                        new = min(new, top)
            self.set_counter(owner, name, new)
            label = owner if not isinstance(owner, dict) else owner["card"]
            self.emit("counter", on=self.name_of(label) if label == R else label, name=name, n=max(0, new))

    # --- cards, turns, flow ----------------------------------------------------------------------------
    def do_keep(self, st: dict, ctx: Ctx) -> None:
        if self.fight is None or ctx.card is None:
            return
        holders: Any = "group" if st["with"] == "group" else list(ctx.targets)
        if holders != "group" and not holders:
            return
        kept = {"card": ctx.card, "with": holders, "targets": list(ctx.targets),
                "until": self.resolve_until(st["until"], R) if st.get("until") else None}
        self.fight["kept"].append(kept)
        self.invalidate()
        self.fight["keeping"] = ctx.card
        self.emit("keep", card=ctx.card, holders=holders)

    def do_reshuffle(self, st: dict, ctx: Ctx) -> None:
        if self.fight is None:
            return
        self.fight["reshuffle"] = True

    def do_reveal_next(self, st: dict, ctx: Ctx) -> None:
        f = self.fight
        if f is None or f["top"] is not None:
            return
        if not f["deck"]:
            self.refill_deck()
        if f["deck"]:
            f["top"] = f["deck"].pop(0)
            self.reveal(zone="action-deck", what=[f["top"]], card=f["top"], next=True)

    def do_extra_action(self, st: dict, ctx: Ctx) -> None:
        if self.fight is not None:
            self.fight["bonus"] += 1

    def do_skip_action(self, st: dict, ctx: Ctx) -> None:
        if self.fight is not None:
            self.fight["skip"] = True
            self.emit("skip", who=self.fight["rid"])

    def do_end_turn(self, st: dict, ctx: Ctx) -> None:
        if self.fight is not None and self.fight.get("turn") and isinstance(self.fight["turn"].get("who"), int):
            self.fight["end_turn"] = True

    def do_stop(self, st: dict, ctx: Ctx) -> None:
        self.stop_move = True

    def do_weakness(self, st: dict, ctx: Ctx) -> None:
        self.activate_weakness()

    def do_draw_feat(self, st: dict, ctx: Ctx) -> None:
        for who in self.select(st["who"], ctx):
            if who != R:
                for _ in range(st.get("count", 1)):
                    self.draw_feat(who)

    def do_draw_event(self, st: dict, ctx: Ctx) -> None:
        for who in self.select(st["who"], ctx):
            if who != R:
                self.town_event(who)

    def do_roll(self, st: dict, ctx: Ctx) -> None:
        who = st["who"]
        roller = R if who == "ruffian" else ctx.owner
        if roller is None:
            roller = R if ctx.ruffian_side else self.decider()
        natural = self.d10(roller, "roll")
        total = natural
        if st.get("bonus") and roller != R:
            total += self.quantity(st["bonus"], roller, ctx)
            if self.fight is None:
                total += sum(m["amount"] for m, _ in self.mods_for("event-roll", roller))
        # the log says what was rolled for, the bonus added and the table's rows rolled against
        told = {"natural": natural, "bonus": st.get("bonus") if roller != R else None, "src": ctx.row,
                "rows": [[r["min"], r["max"]] for r in st["table"]]}
        for n, row in enumerate(st["table"]):
            lo = row["min"] if row["min"] is not None else -(10 ** 6)
            hi = row["max"] if row["max"] is not None else 10 ** 6
            if lo <= total <= hi:
                self.emit("result", who=self.name_of(roller), total=total, row=row.get("text", ""), picked=n, **told)
                self.run(row["steps"], ctx.but(event=dict(ctx.event or {}, roll=natural)))
                return

    def do_choose(self, st: dict, ctx: Ctx) -> None:
        by = st["by"]
        if by == "target":
            asker = ctx.targets[0] if ctx.targets else self.decider()
        elif by == "self" and isinstance(ctx.owner, int):
            asker = ctx.owner
        else:
            asker = self.decider()
        n = self.ask(asker, "option", list(range(len(st["options"]))), choice=C.choice_key(st))
        self.run(st["options"][n]["steps"], ctx)

    def do_if(self, st: dict, ctx: Ctx) -> None:
        if self.all_hold(st["if"], ctx, ctx.owner):
            self.run(st["then"], ctx)
        elif st.get("else"):
            self.run(st["else"], ctx)

    def do_once(self, st: dict, ctx: Ctx) -> None:
        key = "once:" + step_key(ctx, st)
        scope = st["per"]
        if self.used(key, scope):
            if st.get("otherwise"):
                self.run(st["otherwise"], ctx)
            return
        self.use(key, scope)
        self.run(st["steps"], ctx)

    def do_reroll(self, st: dict, ctx: Ctx) -> None:
        if ctx.event is not None and not ctx.event.get("rerolled"):
            ctx.event["reroll"] = True
