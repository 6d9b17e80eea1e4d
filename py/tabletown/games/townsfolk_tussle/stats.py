"""Stats, gear and modifiers; DMG, healing and Coins.

A townsfolk's stat is the bar's start, plus equipped gear's bonuses, plus `stat` modifiers,
plus raises and lowerings still running, held to the bar (rulebook: stat bars). Max HP follows
the rulebook's rules for equipping and unequipping mid-fight. Modifiers (guide 3.11) come
from equipped gear (Special Gear while owned), townsfolk abilities, the Ruffian's level
ability, its activated weakness, the Final Fight's rules, kept cards, terrain cards and boosts.
"""

from __future__ import annotations

from typing import Any, Iterator, Optional

from tabletown.engine.rules import IllegalAction

from . import content as C
from .play import Ctx, FightOver, R

SLOTS = ("left-hand", "right-hand", "head", "chest", "leg", "accessory")
HANDS = ("left-hand", "right-hand")


def gear_matches(flt: Optional[dict[str, Any]], inst: str) -> bool:
    """Does a piece of gear meet every field of a gear filter (3.7)? The empty filter matches anything."""
    if not flt:
        return True
    g = C.gear_of(inst)
    w = g.get("weapon") or {}
    if "slot" in flt:
        slots = flt["slot"] if isinstance(flt["slot"], list) else [flt["slot"]]
        if g["slot"] not in slots:
            return False
    if "style" in flt and w.get("style") != flt["style"]:
        return False
    if "type" in flt:
        types = flt["type"] if isinstance(flt["type"], list) else [flt["type"]]
        if w.get("type") not in types:
            return False
    if "hands" in flt and g.get("hands") != flt["hands"]:
        return False
    if "consumable" in flt and bool(g.get("consumable")) != flt["consumable"]:
        return False
    if "weapon" in flt and can_attack(inst) != flt["weapon"]:
        return False
    if "kind" in flt:
        kinds = flt["kind"] if isinstance(flt["kind"], list) else [flt["kind"]]
        if g["kind"] not in kinds:
            return False
    cost = g.get("cost") or 0
    if "min-cost" in flt and cost < flt["min-cost"]:
        return False
    if "max-cost" in flt and cost > flt["max-cost"]:
        return False
    return True


_BY_KIND: dict[int, tuple[list[dict], dict[str, list[dict]]]] = {}


def by_kind(mods: list[dict], static: bool = True) -> dict[str, list[dict]]:
    """A list of modifiers grouped by kind; content lists are grouped once and kept."""
    if static:
        found = _BY_KIND.get(id(mods))
        if found is not None and found[0] is mods:
            return found[1]
    grouped: dict[str, list[dict]] = {}
    for m in mods:
        grouped.setdefault(m["mod"], []).append(m)
    if static:
        _BY_KIND[id(mods)] = (mods, grouped)
    return grouped


def can_attack(inst: str) -> bool:
    w = C.gear_of(inst).get("weapon") or {}
    return "dmg" in w


def is_weapon(inst: str) -> bool:
    return C.gear_of(inst).get("weapon") is not None


class Stats:
    """Mixin: gear, stats, modifiers, DMG, healing, Coins."""

    # --- gear held --------------------------------------------------------------------------------
    def equipped(self, seat: int) -> list[str]:
        """Each equipped piece once (a 2-handed weapon fills both hands)."""
        out: list[str] = []
        for slot in SLOTS:
            inst = self.folk(seat)["eq"].get(slot)
            if inst is not None and inst not in out:
                out.append(inst)
        return out

    def weapons(self, seat: int) -> list[str]:
        return [g for g in self.equipped(seat) if is_weapon(g)]

    def specials(self, seat: int) -> list[str]:
        return [g for g in self.folk(seat)["stash"] if C.gear_of(g)["slot"] == "special"]

    def active_gear(self, seat: int) -> list[str]:
        """Gear whose abilities work: equipped gear, and Special Gear while owned."""
        return self.equipped(seat) + self.specials(seat)

    def owns(self, seat: int) -> list[str]:
        return self.equipped(seat) + list(self.folk(seat)["stash"])

    def slot_of(self, seat: int, inst: str) -> Optional[str]:
        for slot in SLOTS:
            if self.folk(seat)["eq"].get(slot) == inst:
                return slot
        return None

    def fitting_slots(self, inst: str) -> list[str]:
        """The slots a piece can go in ("hands" for a 2-handed weapon)."""
        g = C.gear_of(inst)
        slot = g["slot"]
        if slot == "special":
            return []
        if slot == "hand":
            return ["hands"] if g.get("hands") == 2 else ["left-hand", "right-hand"]
        return [slot]

    def slot_free(self, seat: int, slot: str) -> bool:
        eq = self.folk(seat)["eq"]
        return all(eq.get(sl) is None for sl in (HANDS if slot == "hands" else (slot,)))

    def equip(self, seat: int, inst: str, slot: str, free_hp: bool = False) -> list[str]:
        """Put a stashed piece in a slot; what was there goes to the stash. Returns what was displaced."""
        t = self.folk(seat)
        eq = t["eq"]
        before_max = self.max_hp(seat)
        self.invalidate()
        targets = list(HANDS) if slot == "hands" else [slot]
        displaced: list[str] = []
        for sl in targets:
            old = eq.get(sl)
            if old is not None and old not in displaced:
                displaced.append(old)
        # A 2-handed weapon in the hand being filled leaves both hands.
        for old in list(displaced):
            if C.gear_of(old).get("hands") == 2:
                for sl in HANDS:
                    if eq.get(sl) == old:
                        eq[sl] = None
        for sl in targets:
            eq[sl] = None
        for old in displaced:
            t["stash"].append(old)
        t["stash"].remove(inst)
        for sl in targets:
            eq[sl] = inst
        self.max_changed(seat, before_max, free_hp)
        return displaced

    def unequip_piece(self, seat: int, inst: str, to: str = "stash") -> None:
        """Take an equipped piece off (to the stash, or out of the game with to="gone")."""
        t = self.folk(seat)
        before_max = self.max_hp(seat)
        self.invalidate()
        for sl in SLOTS:
            if t["eq"].get(sl) == inst:
                t["eq"][sl] = None
        if to == "stash":
            t["stash"].append(inst)
        self.max_changed(seat, before_max, False)

    def lose_piece(self, seat: int, inst: str) -> None:
        """The piece leaves its owner (discarded, stolen, sold or traded away)."""
        if inst in self.equipped(seat):
            self.unequip_piece(seat, inst, to="gone")
        else:
            self.folk(seat)["stash"].remove(inst)
        self.invalidate()

    def max_changed(self, seat: int, before: int, gain: bool) -> None:
        """Max HP moved: mid-fight HP only ever drops to a lower maximum (rulebook: changing gear);
        in town, or when `gain`, HP moves with it (the townsfolk keep the DMG they have taken)."""
        t = self.folk(seat)
        after = self.max_hp(seat)
        if after == before:
            return
        if (gain or self.fight is None) and not t["ko"]:
            t["hp"] = max(1, min(after, t["hp"] + (after - before)))
        elif t["hp"] > after:
            t["hp"] = after

    # --- stats ------------------------------------------------------------------------------------
    def bar(self, seat: int, stat: str) -> dict[str, int]:
        return C.TOWNSFOLK[self.townsfolk_id(seat)]["stats"][stat]

    def stat(self, ch: Any, stat: str) -> int:
        """Current MVMT, MOX or ACC (the Ruffian has only MVMT)."""
        if ch == R:
            if stat != "mvmt":
                return 0
            base = C.ruffian(self.fight["rid"], self.s["v"])["mvmt"][str(self.team_size())]
            value = base + self.stat_mods(R, "mvmt") + self.changes(R, "mvmt")
            return max(0, value)
        bar = self.bar(ch, stat)
        value = bar["start"] + self.gear_bonus(ch, stat) + self.stat_mods(ch, stat) + self.changes(ch, stat)
        return max(bar["min"], min(bar["max"], value))

    def max_hp(self, seat: int) -> int:
        bar = self.bar(seat, "hp")
        value = bar["start"] + self.gear_bonus(seat, "hp") + self.stat_mods(seat, "hp") + self.changes(seat, "max-hp")
        return max(1, min(bar["max"], value))

    def hp(self, ch: Any) -> int:
        return self.fight["hp"] if ch == R else self.folk(ch)["hp"]

    def team_size(self) -> int:
        return len(self.s["folk"])

    def gear_bonus(self, seat: int, stat: str) -> int:
        return sum(C.gear_of(g).get("bonus", {}).get(stat, 0) for g in self.equipped(seat))

    def changes(self, ch: Any, stat: str) -> int:
        return sum(e["n"] for e in self.s["effects"] if e["k"] == "stat" and e["who"] == ch and e["stat"] == stat)

    def stat_mods(self, ch: Any, stat: str) -> int:
        total = 0
        for m, ctx in self.mods_for("stat", ch):
            if m["stat"] == stat:
                total += self.amount(m["amount"], ctx)
        return total

    # --- modifiers --------------------------------------------------------------------------------------
    def mod_sources(self) -> list[tuple[dict[str, list[dict]], Ctx, Any]]:
        """(modifiers by kind, context, default subjects) for every source now in play (3.11).

        Kept until something could change them: an `invalidate()` (every change to gear, timed
        effects, kept cards, the weakness, terrain, knock-outs, Feats held…), or a change in how
        much anyone has stashed."""
        key = self.cache_key()
        if self._sources is not None and self._sources[0] == key:
            return self._sources[1]
        out = [(by_kind(mods, ctx.user != "boost"), ctx, default) for mods, ctx, default in self._mod_sources()]
        self._sources = (key, out)
        return out

    def _mod_sources(self) -> Iterator[tuple[list[dict], Ctx, Any]]:
        f = self.fight
        if f is not None:
            ruff = C.ruffian(f["rid"], self.s["v"])
            ab = ruff["abilities"][f["level"]]
            if ab.get("mods"):
                yield ab["mods"], Ctx("ruffian", R, row=f["rid"]), [R]
            if f["weak"] and ruff["weakness"].get("mods"):
                yield ruff["weakness"]["mods"], Ctx("ruffian", R, row=f["rid"]), [R]
            if f["final"] and ruff["final_fight"]["rules"].get("mods"):
                yield ruff["final_fight"]["rules"]["mods"], Ctx("final-fight", R, row=f["rid"]), [R]
            for k in f["kept"]:
                card = C.CARDS[k["card"]]
                keep = self.keep_step(card)
                if keep and keep.get("while"):
                    holders = self.kept_holders(k)
                    ctx = Ctx("card", R, row=k["card"], holders=holders)
                    ctx.targets = list(k.get("targets", []))
                    yield keep["while"], ctx, holders
            for tid in self.terrain_cards():
                row = C.TERRAIN[tid]
                if row.get("mods"):
                    yield row["mods"], Ctx("terrain", None, this={"card": tid, "piece": None}, row=tid), []
        for seat in self.seats():
            t = self.folk(seat)
            if t["id"] is None or (f is not None and t["ko"]):
                continue
            for ab in C.TOWNSFOLK[t["id"]]["abilities"]:
                if ab.get("mods"):
                    yield ab["mods"], Ctx("townsfolk", seat, row=t["id"]), [seat]
            for inst in self.active_gear(seat):
                g = C.gear_of(inst)
                if g.get("mods"):
                    yield g["mods"], Ctx("gear", seat, this=inst, row=g["id"]), [seat]
        for e in self.s["effects"]:
            if e["k"] == "boost":
                ctx = Ctx(e.get("kind", "townsfolk"), e["owner"], row=e["row"], this=e.get("this"))
                ctx.user = "boost"  # grouped afresh: a boost's modifiers are state, not content
                yield e["mods"], ctx, [e["who"]]

    def mods_for(self, kind: str, ch: Any, extra: Optional[dict] = None) -> list[tuple[dict, Ctx]]:
        """The modifiers of one kind that apply to character `ch` now."""
        out = []
        for kinds, ctx, default in self.mod_sources():
            for m in kinds.get(kind, ()):
                if "who" in m:
                    who = self.select(m["who"], ctx)
                else:
                    who = default
                if ch not in who:
                    continue
                if m.get("if"):
                    cctx = ctx if extra is None else ctx.but(event=extra)
                    if not self.all_hold(m["if"], cctx, ch):
                        continue
                out.append((m, ctx))
        return out

    def has_mod(self, kind: str, ch: Any, extra: Optional[dict] = None) -> bool:
        return bool(self.mods_for(kind, ch, extra))

    def immune(self, ch: Any, what: str) -> bool:
        return any(what in m["to"] for m, _ in self.mods_for("immune", ch))

    def untargetable(self, seat: int) -> bool:
        return self.has_mod("untargetable", seat)

    # --- weapons --------------------------------------------------------------------------------------
    def weapon_matches(self, spec: Any, inst: str, ctx: Ctx) -> bool:
        if spec == "this":
            return inst == ctx.this
        if spec == "other":
            return inst != ctx.this
        if spec == "all":
            return True
        if spec in ("melee", "ranged"):
            return (C.gear_of(inst).get("weapon") or {}).get("style") == spec
        return gear_matches(spec, inst)

    def weapon_mod(self, kind: str, seat: int, inst: str) -> int:
        return sum(m["amount"] for m, ctx in self.mods_for(kind, seat) if self.weapon_matches(m["weapons"], inst, ctx))

    def weapon_range(self, seat: int, inst: str) -> int:
        w = C.gear_of(inst)["weapon"]
        base = w.get("range", 1)
        return max(1, base + self.weapon_mod("range", seat, inst))

    def weapon_cost(self, seat: int, inst: str) -> int:
        return max(0, C.gear_of(inst)["weapon"]["mox"] + self.weapon_mod("weapon-mox", seat, inst))

    def weapon_attacks(self, seat: int, inst: str) -> int:
        return C.gear_of(inst)["weapon"].get("attacks", 1) + self.weapon_mod("attacks", seat, inst)

    def crit_from(self, seat: int) -> int:
        lows = [m["at-least"] for m, _ in self.mods_for("crit-on", seat)]
        return min([10] + lows)

    # --- stat changes ---------------------------------------------------------------------------------
    def change_stat(self, ch: Any, stat: str, n: int, until: Any, src: str, user: Any = None) -> None:
        """Raise (n > 0) or lower (n < 0) a stat bar for a while (guide: lower / raise)."""
        if n == 0:
            return
        if ch == R and stat != "mvmt":
            return
        if stat == "hp":
            stat = "max-hp"
        before = self.max_hp(ch) if stat == "max-hp" and ch != R else 0
        self.add_effect({"k": "stat", "who": ch, "stat": stat, "n": n, "src": src,
                         "until": self.resolve_until(until, ch, user)})
        if stat == "max-hp" and ch != R:
            t = self.folk(ch)
            after = self.max_hp(ch)
            if after > before and not t["ko"]:
                t["hp"] = min(after, t["hp"] + (after - before))
            elif t["hp"] > after:
                t["hp"] = after
        self.emit("stat", who=self.name_of(ch), stat=stat, n=n)

    def effect_ended(self, e: dict[str, Any]) -> None:
        if e["k"] == "stat" and e["stat"] == "max-hp" and e["who"] != R:
            t = self.folk(e["who"])
            t["hp"] = min(t["hp"], self.max_hp(e["who"]))

    def restore_stats(self, ch: Any, stat: str) -> None:
        """Undo every lowering the Ruffian caused to that stat (or all)."""
        before = self.s["effects"]
        self.invalidate()
        self.s["effects"] = [e for e in before if not (e["k"] == "stat" and e["who"] == ch and e["n"] < 0
                                                       and e["src"] == "ruffian" and stat in ("all", e["stat"]))]
        if len(self.s["effects"]) != len(before):
            self.emit("restored", who=self.name_of(ch))

    # --- DMG and healing ------------------------------------------------------------------------------
    def deal(self, victim: Any, amount: int, source: str, by: Any = None, with_: Optional[str] = None,
             ranged: bool = False, style: Optional[str] = None, cause: Optional[str] = None) -> int:
        """Deal DMG (after modifiers) and let everything that follows happen; returns the HP lost.

        source: ruffian (its content), townsfolk, attack (a weapon attack), terrain; `cause` is the
        content row that dealt it (gear, terrain, an ability), named in the log.
        """
        if amount <= 0 or not self.on_board(victim) and not (victim != R and self.fight is None):
            return 0
        if victim != R and self.folk(victim)["ko"]:
            return 0
        base = amount
        info = {"amount": base}
        total = base
        floors: list[int] = []
        if source == "ruffian" and victim != R:
            for m, _ctx in self.mods_for("dmg-dealt", R, info):
                total += m["amount"]
                if m["amount"] < 0:
                    floors.append(m.get("min", 0))
        kinds = {"any"}
        if source == "ruffian":
            kinds.add("ruffian")
            if ranged:
                kinds.add("ruffian-ranged")
        if source == "attack":
            kinds.add("attacks")
            kinds.add("melee-attacks" if style == "melee" else "ranged-attacks")
        if source == "terrain":
            kinds.add("terrain")
        for m, _ctx in self.mods_for("dmg-taken", victim, info):
            if m.get("from", "any") in kinds:
                total += m["amount"]
                if m["amount"] < 0:
                    floors.append(m.get("min", 0))
        if floors:
            total = max(total, min(base, max(floors)))
        total = max(0, total)
        if self.has_mod("invulnerable", victim):
            total = 0
        told = {"by": self.name_of(by), "of": cause}  # who and what dealt it, for the log
        if total == 0:
            self.emit("dmg", who=self.name_of(victim), n=0, src=source, **told)
            return 0
        floor = max([m["amount"] for m, _ in self.mods_for("min-hp", victim)] + [0])
        if self.fight is None:
            floor = max(floor, 1)  # DMG taken in town is carried into the fight, but never knocks out
        before = self.hp(victim)
        after = max(0, before - total)
        if floor and after < floor:
            after = min(before, floor)
        lost = before - after
        if victim == R:
            self.fight["hp"] = after
        else:
            self.folk(victim)["hp"] = after
        self.emit("dmg", who=self.name_of(victim), n=lost, src=source, hp=after, **told)
        if lost <= 0:
            return 0
        self.tally(victim, "dmg-taken", lost)
        if by is not None:
            self.tally(by, "dmg-dealt", lost)
        event = {"amount": lost, "source": source, "with": with_, "ranged": ranged}
        self.fire("damaged", victim, by, **event)
        if victim == R:
            self.ruffian_hurt(before, by, event)
        elif self.folk(victim)["hp"] < 1:
            self.knock_out(victim, by)
        return lost

    def ruffian_hurt(self, before: int, by: Any, event: dict[str, Any]) -> None:
        f = self.fight
        if f["hp"] < 1:
            self.emit("defeated", who=f["rid"], by=by)
            self.fire("defeated", R, by, **event)
            raise FightOver(True, "defeated")
        for bp in C.BREAKING_POINTS:
            if before > bp >= f["hp"]:
                self.emit("breaking", who=f["rid"], hp=bp)
                self.tally(R, "breaking-points")
                f["bonus"] += 1
                turn = f.get("turn")
                if turn and isinstance(turn.get("who"), int):
                    f["end_turn"] = True
                self.fire("breaking-point", R)

    def knock_out(self, seat: int, by: Any) -> None:
        t = self.folk(seat)
        self.fire("knocked-out", seat, by)
        if t["hp"] >= 1:
            return  # a reaction brought them back (Iron Gut)
        t["ko"] = True
        self.invalidate()
        self.fight["ko_order"].append(seat)
        self.tally(seat, "knocked-out")
        self.emit("ko", who=seat)
        for k in list(self.fight["kept"]):
            if k["with"] != "group" and not [h for h in k["with"] if not self.folk(h)["ko"]]:
                self.discard_kept(k)
        turn = self.fight.get("turn")
        if turn and turn.get("who") == seat:
            self.fight["end_turn"] = True
        self.check_loss()

    def check_loss(self) -> None:
        f = self.fight
        if f is None:
            return
        standing = self.standing()
        if not standing:
            raise FightOver(False, "all-out")
        if f["final"] and f.get("sheriff") is not None and self.folk(f["sheriff"])["ko"]:
            raise FightOver(False, "sheriff")
        if all(self.folk(s)["out"] is not None and all(u[0] == "game" for u in self.folk(s)["out"]["until"])
               for s in standing):
            raise FightOver(False, "removed")

    def heal(self, ch: Any, amount: Any) -> int:
        if ch == R:
            if self.fight is None:
                return 0
            top = self.fight["max"]
            have = self.fight["hp"]
        else:
            t = self.folk(ch)
            if t["ko"]:
                return 0
            top = self.max_hp(ch)
            have = t["hp"]
        gain = (top - have) if amount == "full" else min(amount, top - have)
        if gain <= 0:
            return 0
        if ch == R:
            self.fight["hp"] += gain
        else:
            self.folk(ch)["hp"] += gain
        self.emit("heal", who=self.name_of(ch), n=gain)
        self.tally(ch, "healed", gain)
        self.fire("healed", ch, None, amount=gain)
        return gain

    # --- Coins ----------------------------------------------------------------------------------------
    def coins(self, seat: int, n: int, by: Any = None, source: str = "townsfolk", paid: bool = False,
              quiet: bool = False) -> int:
        """Gain (n > 0) or lose Coins, never below 0; returns the signed change."""
        t = self.folk(seat)
        if n < 0 and source == "ruffian" and self.immune(seat, "coins"):
            return 0
        new = max(0, t["coins"] + n)
        change = new - t["coins"]
        if change == 0:
            return 0
        t["coins"] = new
        self.emit("coins", who=seat, n=change, **({"quiet": True} if quiet else {}))
        if paid and change < 0:
            self.tally(seat, "coins-paid", -change)
        self.fire("coins", seat, by, amount=change, source=source)
        return change

    def pay(self, seat: int, cost: dict[str, Any], inst: Optional[str] = None) -> None:
        """Pay an ability's cost in full (3.3); MOX is spent from this turn's MOX."""
        t = self.folk(seat)
        if cost.get("coins"):
            if t["coins"] < cost["coins"]:
                raise IllegalAction("Not enough Coins.")
            self.coins(seat, -cost["coins"], paid=True)
        if cost.get("mox"):
            self.spend_mox(seat, cost["mox"])
        if cost.get("counters"):
            have = self.s["charges"].get(inst, 0)
            self.s["charges"][inst] = have - cost["counters"]
        for stat, n in (cost.get("lower") or {}).items():
            self.change_stat(seat, stat, -n, "fight", "townsfolk")
        if cost.get("hp"):
            self.deal(seat, cost["hp"], "townsfolk", by=seat)

    def can_pay(self, seat: int, cost: dict[str, Any], inst: Optional[str] = None) -> bool:
        t = self.folk(seat)
        if cost.get("coins", 0) > t["coins"]:
            return False
        if cost.get("mox", 0) > self.mox_left(seat):
            return False
        if cost.get("counters", 0) > self.s["charges"].get(inst, 0):
            return False
        return True

    def mox_left(self, seat: int) -> int:
        f = self.fight
        if f is None or not f.get("turn") or f["turn"].get("who") != seat:
            return self.stat(seat, "mox") if f is None else 0
        return max(0, self.stat(seat, "mox") - f["turn"]["mx"])

    def mvmt_left(self, seat: int) -> int:
        f = self.fight
        if f is None or not f.get("turn") or f["turn"].get("who") != seat:
            return 0
        if f["turn"].get("stopped"):
            return 0
        return max(0, self.stat(seat, "mvmt") - f["turn"]["mv"])

    def spend_mox(self, seat: int, n: int) -> None:
        f = self.fight
        if f is not None and f.get("turn") and f["turn"].get("who") == seat:
            f["turn"]["mx"] += n
