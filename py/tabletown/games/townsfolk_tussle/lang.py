"""The content language, run: selectors and picks, conditions, amounts, places, steps,
triggers and goals (docs/content/townsfolk-tussle.md, part B, sections 3 and 4).

Every card, gear, ability, Feat, Town Event, terrain card and Final Fight is data; this
mixin is the one interpreter for all of it. The Ruffian's own movement steps (move,
move-into, forward, retreat, face) and the townsfolk's movement (push, pull, dash) are in
`ruffian.py`; the rest are here.
"""

from __future__ import annotations

import json
import zlib
from typing import Any, Iterable, Optional

from . import content as C
from .board import dist_to_foot, flank_side, foot, in_line, manhattan, side_of
from .play import Ctx, FightOver, R
from .stats import gear_matches

CMP = ("at-least", "at-most", "exactly")


def _walk_steps(steps: Any) -> Iterable[dict]:
    for st in steps or []:
        yield st
        for key in ("then", "else", "steps", "otherwise"):
            yield from _walk_steps(st.get(key))
        for key in ("table", "options"):
            for part in st.get(key) or []:
                yield from _walk_steps(part.get("steps"))


def harmful_terrain(tid: str) -> bool:
    """Terrain that deals DMG to whoever enters it (the Ruffian avoids paths through it)."""
    for trig in C.TERRAIN[tid].get("triggers") or []:
        if trig["on"] == "entered" and any(st["do"] == "dmg" for st in _walk_steps(trig["steps"])):
            return True
    return False


HARMFUL = {tid: harmful_terrain(tid) for tid in C.TERRAIN}


_STATE_PART: dict[int, bool] = {}


def has_state_part(goal: Any) -> bool:
    """Does a goal (content, read once) have a part checked as a state rather than on an event?"""
    found = _STATE_PART.get(id(goal))
    if found is None:
        found = any("state" in g for g in (goal if isinstance(goal, list) else [goal]))
        _STATE_PART[id(goal)] = found
    return found


def step_key(ctx: Ctx, st: dict) -> str:
    return f"{ctx.row}:{zlib.crc32(json.dumps(st, sort_keys=True).encode())}"


class Lang:
    """Mixin: the language's interpreter."""

    # ======================================================================================
    # Selectors and picks (3.4, 3.5)

    def everyone(self) -> list[int]:
        """The townsfolk a selector may name: those on the board (in town: the whole team)."""
        if self.f is None:
            return self.beatin()
        return self.team()

    def select(self, spec: Any, ctx: Ctx) -> list[Any]:
        if isinstance(spec, dict):
            return self.pick(spec, ctx)
        present = set(self.everyone())
        if spec == "self":
            return [] if ctx.owner is None else [ctx.owner]
        if spec == "ruffian":
            return [R] if self.f is not None and not self.f.get("out") else []
        if spec == "target":
            return [t for t in ctx.targets if t in present]
        if spec == "sheriff":
            s = self.sheriff
            return [s] if s is not None and s in present else []
        if spec == "team":
            return [t for t in self.everyone()]
        if spec == "others":
            left_out = ctx.targets if ctx.kind == "card" else [ctx.owner]
            return [t for t in self.everyone() if t not in left_out]
        if spec == "event":
            who = (ctx.event or {}).get("who")
            return [] if who is None else [who]
        if spec == "by":
            who = (ctx.event or {}).get("by")
            return [] if who is None else [who]
        if spec == "chosen":
            return [ctx.chosen] if ctx.chosen is not None else []
        if spec == "collided":
            return [t for t in ctx.collided if t in present]
        if spec == "holder":
            return [t for t in ctx.holders if t in present]
        raise ValueError(spec)

    def anchor_cells(self, anchor: Any, ctx: Ctx) -> list[tuple[int, int]]:
        if self.f is None:
            return []
        if anchor == "ruffian":
            return self.cells_of(R)
        if anchor == "this":
            return self.this_cells(ctx)
        if isinstance(anchor, dict) and "piece" in anchor:
            tid = (ctx.this or {}).get("card")
            return [(c[0], c[1]) for p in self.pieces() if p["t"] == tid and p["piece"] == anchor["piece"]
                    and not p.get("gone") for c in p["cells"]]
        chars = self.select(anchor, ctx) if anchor != "self" else ([ctx.owner] if ctx.owner is not None else [])
        return [c for ch in chars[:1] for c in self.cells_of(ch)]

    def this_cells(self, ctx: Ctx) -> list[tuple[int, int]]:
        this = ctx.this or {}
        if not isinstance(this, dict):
            return []
        if this.get("piece") is not None:
            p = self.pieces()[this["piece"]]
            return [] if p.get("gone") else [(c[0], c[1]) for c in p["cells"]]
        return [(c[0], c[1]) for p in self.pieces() if p["t"] == this.get("card") and not p.get("gone") for c in p["cells"]]

    def distance_to(self, ch: Any, cells: list[tuple[int, int]], anchor_is_ruffian: bool = False) -> Optional[int]:
        mine = self.cells_of(ch)
        if not mine or not cells:
            return None
        if anchor_is_ruffian and ch != R:
            return dist_to_foot(mine[0], self.f["pos"])
        return min(manhattan(a, b) for a in mine for b in cells)

    def candidates(self, spec: dict[str, Any], ctx: Ctx) -> list[int]:
        out = list(self.everyone())
        if ctx.ruffian_side:
            out = [t for t in out if not self.untargetable(t)]
        anchor = spec.get("of", "ruffian")
        if "within" in spec or "beyond" in spec:
            cells = self.anchor_cells(anchor, ctx)
            kept = []
            for t in out:
                d = self.distance_to(t, cells, anchor == "ruffian")
                if d is None:
                    continue
                if "within" in spec and d > spec["within"]:
                    continue
                if "beyond" in spec and d <= spec["beyond"]:
                    continue
                kept.append(t)
            out = kept
        for cond in spec.get("filter") or []:
            out = [t for t in out if self.holds(cond, ctx, t)]
        ex = spec.get("except")
        if ex is not None:
            drop = set(self.select(ex, ctx)) if ex != "self" else {ctx.owner}
            out = [t for t in out if t not in drop]
        return out

    def pick(self, spec: dict[str, Any], ctx: Ctx) -> list[Any]:
        """The townsfolk a pick names (one, or all for pick "all"); ties broken as section 2 says."""
        kind = spec["pick"]
        if kind in ("none", "terrain"):
            return []
        cands = self.candidates(spec, ctx)
        if kind == "all":
            return cands
        if kind == "sheriff":
            chosen = [t for t in cands if t == self.sheriff]
        elif not cands:
            chosen = []
        elif kind == "random":
            chosen = self.break_tie(cands, ctx)
        else:
            keys = {t: self.pick_key(kind, spec, t, ctx) for t in cands}
            best = min(keys.values())
            chosen = self.break_tie([t for t in cands if keys[t] == best], ctx)
        if not chosen and "else" in spec:
            return self.pick(spec["else"], ctx)
        return chosen

    def pick_key(self, kind: str, spec: dict[str, Any], t: int, ctx: Ctx) -> Any:
        """Smaller is better for the pick."""
        if kind in ("closest", "farthest"):
            anchor = spec.get("of", "ruffian")
            if anchor == "ruffian":
                reach = self.reach(t)
                key = (0, reach) if reach is not None else (1, self.dist(R, t) or 0)
            else:
                d = self.distance_to(t, self.anchor_cells(anchor, ctx))
                key = (0, d if d is not None else 999)
            if kind == "farthest":
                return (-key[0], -key[1])
            return key
        if kind in ("weakest", "healthiest"):
            hp = self.folk(t)["hp"]
            return hp if kind == "weakest" else -hp
        if kind in ("most", "least"):
            if "stat" in spec:
                v = self.quantity(spec["stat"], t, ctx)
            else:
                v = self.tally_of(t, spec["tally"], spec.get("scope", "fight"))
            return -v if kind == "most" else v
        raise ValueError(kind)

    def break_tie(self, tied: list[int], ctx: Ctx) -> list[int]:
        """One of several tied townsfolk: on Ruffian content they roll and the lowest roll is
        picked (tied lowest rolls roll again); on townsfolk content the players choose."""
        if len(tied) <= 1:
            return tied
        if ctx.ruffian_side:
            left = list(tied)
            self.emit("tie", who=list(tied))
            while len(left) > 1:
                rolls = {t: self.d10(t, "tie") for t in left}
                low = min(rolls.values())
                left = [t for t in left if rolls[t] == low]
            return left
        asker = ctx.owner if isinstance(ctx.owner, int) else self.decider()
        return [self.ask(asker, "tie", sorted(tied))]

    def reach(self, t: int) -> Optional[int]:
        """MVMT the Ruffian needs to end adjacent to townsfolk `t` (None: it cannot get there)."""
        costs = self.ruffian_cost_map()
        pos = self.folk(t)["pos"]
        return self.grid().reach_to(costs, pos)

    # ======================================================================================
    # Conditions (3.9)

    def all_hold(self, conds: list[dict], ctx: Ctx, subject: Any) -> bool:
        return all(self.holds(c, ctx, subject) for c in conds)

    def holds(self, cond: dict[str, Any], ctx: Ctx, subject: Any) -> bool:
        if "not" in cond:
            return not self.holds(cond["not"], ctx, subject)
        if "any" in cond:
            return any(self.holds(c, ctx, subject) for c in cond["any"])
        if "all" in cond:
            return all(self.holds(c, ctx, subject) for c in cond["all"])
        if "who" in cond:
            subjects = self.select(cond["who"], ctx) if cond["who"] != "self" else [ctx.owner]
            subjects = [s for s in subjects if s is not None]
            if "tally" in cond:
                total = sum(self.tally_of(s, cond["tally"], cond.get("scope", "fight")) for s in subjects)
                return self.compare(total, cond, ctx)
            if not subjects:
                return False
            bare = {k: v for k, v in cond.items() if k != "who"}
            return all(self._holds(bare, ctx, s) for s in subjects)
        return self._holds(cond, ctx, subject)

    def compare(self, value: int, cond: dict[str, Any], ctx: Ctx) -> bool:
        if "at-least" in cond:
            return value >= self.amount(cond["at-least"], ctx, signed=True)
        if "at-most" in cond:
            return value <= self.amount(cond["at-most"], ctx, signed=True)
        return value == self.amount(cond["exactly"], ctx, signed=True)

    def _holds(self, cond: dict[str, Any], ctx: Ctx, x: Any) -> bool:  # noqa: C901 - one branch per predicate
        f = self.f
        ev = ctx.event or {}
        if "value" in cond:
            q = cond["value"]
            if q == "distance":
                d = self.distance_to(x, self.anchor_cells(cond["of"], ctx), cond["of"] == "ruffian") if f else None
                return d is not None and self.compare(d, cond, ctx)
            return self.compare(self.quantity(q, x, ctx), cond, ctx)
        if "count" in cond:
            return self.compare(len(self.select(cond["count"], ctx)), cond, ctx)
        if "counter" in cond:
            return self.compare(self.counter_value(cond["counter"], cond["on"], ctx), cond, ctx)
        if "tally" in cond:
            return self.compare(self.tally_of(x, cond["tally"], cond.get("scope", "fight")), cond, ctx)
        if "in-team" in cond:
            return any(t["id"] == cond["in-team"] for t in self.s["folk"])
        if "weakness" in cond:
            return bool(f and f["weak"]) == cond["weakness"]
        if "level" in cond:
            return bool(f) and f["level"] in cond["level"]
        if "final-fight" in cond:
            return bool(f and f["final"]) == cond["final-fight"]
        if "phase" in cond:
            return ("fight" if f is not None else "town") == cond["phase"]
        if "turn-of" in cond:
            turn = f.get("turn") if f else None
            if not turn:
                return False
            who = [ctx.owner] if cond["turn-of"] == "self" else self.select(cond["turn-of"], ctx)
            return turn["who"] in who
        if "first" in cond:
            return bool(ev.get("first")) == cond["first"]
        if "source" in cond:
            src = ev.get("source")
            return src == cond["source"] or (cond["source"] == "townsfolk" and src == "attack")
        if "result" in cond:
            res = ev.get("result")
            want = cond["result"]
            if want == "hit":
                return res in ("hit", "crit")
            if want == "miss":
                return res in ("miss", "whiff")
            return res == want
        if "with" in cond:
            w = ev.get("with")
            if w is None:
                return False
            want = cond["with"]
            if want == "this":
                return w == ctx.this
            if isinstance(want, dict):
                return gear_matches(want, w)
            return C.base_id(w) == want
        if "terrain" in cond:
            piece = ev.get("terrain")
            if piece is None:
                return False
            return self.pieces()[piece]["t"] == (ctx.this or {}).get("card")
        if "cause" in cond:
            return ev.get("cause") == cond["cause"]
        if "by" in cond:
            by = ev.get("by")
            want = cond["by"]
            if want == "self":
                return by == ctx.owner
            if want == "sheriff":
                return by is not None and by == self.sheriff
            if want == "ruffian":
                return by == R
            if want == "others":
                return isinstance(by, int) and by != ctx.owner
            return isinstance(by, int) and self.folk(by)["id"] == want
        if "reached" in cond:
            return ctx.reached == cond["reached"]
        if "damaged" in cond:
            return any(t in ctx.damaged for t in ctx.targets)
        if "flanked" in cond:
            return self.flanked() == cond["flanked"]
        if x is None:
            return False
        if "is" in cond:
            want = cond["is"]
            if x == R:
                return False
            t = self.folk(x)
            if want == "sheriff":
                return x == self.sheriff
            if want == "on-board":
                return self.on_board(x)
            if want == "removed":
                return t["out"] is not None
            if want == "knocked-out":
                return t["ko"]
            return t["id"] == want
        if "at-max-hp" in cond:
            return x != R and (self.folk(x)["hp"] == self.max_hp(x)) == cond["at-max-hp"]
        if "equipped" in cond:
            return x != R and self.has_equipped(x, cond["equipped"])
        if "boosted" in cond:
            return any(e["k"] == "boost" and e["who"] == x and e["row"] == cond["boosted"] for e in self.s["effects"])
        if f is None:
            return False
        if "adjacent" in cond:
            others = self.select(cond["adjacent"], ctx) if cond["adjacent"] != "self" else [ctx.owner]
            return any(o is not None and o != x and self.dist(x, o) == 1 for o in others)
        if "within" in cond or "beyond" in cond:
            d = self.distance_to(x, self.anchor_cells(cond["of"], ctx), cond["of"] == "ruffian")
            if d is None:
                return False
            return d <= cond["within"] if "within" in cond else d > cond["beyond"]
        if "inside" in cond:
            return self.inside(x, cond["inside"], ctx, cond.get("completely", False))
        if "next-to" in cond:
            mine = self.cells_of(x)
            return any(manhattan(a, b) == 1 for a in mine for b in self.terrain_cells(cond["next-to"], ctx)
                       if (b[0], b[1]) not in mine)
        if "at-door" in cond:
            mine = self.cells_of(x)
            return bool(mine) and any(self.door_of(i) == mine[0] for i in self.terrain_pieces(cond["at-door"], ctx))
        if "behind" in cond or "in-front" in cond or "in-line" in cond:
            mine = self.cells_of(x)
            if x == R or not mine or f.get("out"):
                return False
            if "in-line" in cond:
                return in_line(mine[0], f["pos"], f["face"])
            want = "back" if "behind" in cond else "front"
            return side_of(mine[0], f["pos"], f["face"]) == want
        raise ValueError(f"unknown condition {cond}")

    def has_equipped(self, seat: int, what: Any) -> bool:
        eq = self.folk(seat)["eq"]
        if isinstance(what, dict):
            return any(gear_matches(what, g) for g in self.equipped(seat))
        if what == "any":
            return bool(self.equipped(seat))
        if what == "hand":
            return eq.get("left-hand") is not None or eq.get("right-hand") is not None
        if what == "hands":
            return eq.get("left-hand") is not None and eq.get("right-hand") is not None
        if what == "dual":
            left, right = eq.get("left-hand"), eq.get("right-hand")
            return (left is not None and right is not None and left != right
                    and C.gear_of(left).get("hands") == 1 and C.gear_of(right).get("hands") == 1)
        return eq.get(what) is not None

    def flanked(self) -> bool:
        f = self.f
        if f is None or f.get("out"):
            return False
        sides = {flank_side(self.folk(t)["pos"], f["pos"]) for t in self.team()}
        return ("n" in sides and "s" in sides) or ("e" in sides and "w" in sides)

    # --- terrain words ----------------------------------------------------------------------------
    def terrain_cards(self) -> list[str]:
        """The terrain cards below the landscape (one per terrain id on the board)."""
        out: list[str] = []
        for p in self.pieces():
            if not p.get("gone") and p["t"] not in out:
                out.append(p["t"])
        return out

    def terrain_pieces(self, word: Any, ctx: Ctx) -> list[int]:
        """Indexes of the live pieces a terrain word names (an id, this, target, feature, obstacle, any)."""
        live = self.live_pieces()
        if word == "this":
            this = ctx.this or {}
            if this.get("piece") is not None:
                return [this["piece"]] if this["piece"] in live else []
            return [i for i in live if self.pieces()[i]["t"] == this.get("card")]
        if word == "target":
            return [ctx.terrain_target] if ctx.terrain_target is not None and ctx.terrain_target in live else []
        if word == "any":
            return live
        if word in ("feature", "obstacle"):
            return [i for i in live if self.pieces()[i]["type"] == word]
        return [i for i in live if self.pieces()[i]["t"] == word]

    def terrain_cells(self, word: Any, ctx: Ctx) -> list[tuple[int, int]]:
        return [(c[0], c[1]) for i in self.terrain_pieces(word, ctx) for c in self.pieces()[i]["cells"]]

    def door_of(self, piece: int) -> Optional[tuple[int, int]]:
        door = self.pieces()[piece].get("door")
        return (door[0], door[1]) if door else None

    def inside(self, x: Any, word: Any, ctx: Ctx, completely: bool = False) -> bool:
        cells = set(self.terrain_cells(word, ctx))
        mine = self.cells_of(x)
        if not mine or not cells:
            return False
        if completely:
            return all(c in cells for c in mine)
        return any(c in cells for c in mine)

    # ======================================================================================
    # Quantities and amounts (3.1, 3.10)

    def quantity(self, q: str, x: Any, ctx: Ctx) -> int:
        ev = ctx.event or {}
        if q == "amount":
            return ev.get("amount", 0)
        if q == "roll":
            return ev.get("roll", 0)
        if q == "townsfolk":
            if self.f is None or all(self.folk(s)["pos"] is None for s in self.seats()):
                return len(self.standing()) if self.f is not None else self.team_size()
            return len(self.team())
        if q == "knocked-out":
            return len(self.f["ko_order"]) if self.f else 0
        if x is None:
            return 0
        if x == R:
            if q == "hp":
                return self.f["hp"] if self.f else 0
            if q == "mvmt":
                return self.stat(R, "mvmt") if self.f else 0
            return 0
        t = self.folk(x)
        if q == "hp":
            return t["hp"]
        if q == "max-hp":
            return self.max_hp(x)
        if q in ("mvmt", "mox", "acc"):
            return self.stat(x, q)
        if q == "coins":
            return t["coins"]
        if q == "equipped":
            return len(self.equipped(x))
        if q == "stashed":
            return len(t["stash"])
        if q == "feats":
            return len(t["done"])
        if q == "feat-points":
            return sum(C.FEATS[fid]["points"] for fid in t["done"])
        raise ValueError(q)

    def counter_value(self, name: str, on: Any, ctx: Ctx) -> int:
        if on == "ruffian":
            return self.counters_on(R).get(name, 0) if self.f else 0
        if on == "this":
            if ctx.kind == "gear":
                return self.s["charges"].get(ctx.this, 0)
            if isinstance(ctx.this, dict) and self.f:
                return self.counters_on({"card": ctx.this["card"]}).get(name, 0)
            return 0
        return sum(self.counters_on(ch).get(name, 0) for ch in self.select(on, ctx))

    def amount(self, spec: Any, ctx: Ctx, signed: bool = False) -> int:
        if isinstance(spec, int) and not isinstance(spec, bool):
            return spec
        if spec == "full":
            return 10 ** 6
        if "value" in spec:
            who = spec.get("who", "self")
            subjects = [ctx.owner] if who == "self" else self.select(who, ctx)
            if spec["value"] in ("townsfolk", "knocked-out", "amount", "roll"):
                base = self.quantity(spec["value"], None, ctx)
            elif spec["value"] == "distance":
                cells = self.anchor_cells(spec["of"], ctx)
                base = sum(self.distance_to(s, cells, spec["of"] == "ruffian") or 0 for s in subjects)
            else:
                base = sum(self.quantity(spec["value"], s, ctx) for s in subjects)
        elif "count" in spec:
            base = len(self.select(spec["count"], ctx))
        else:
            base = self.counter_value(spec["counter"], spec["on"], ctx)
        base = base * spec.get("times", 1) + spec.get("plus", 0)
        if "max" in spec:
            base = min(base, spec["max"])
        return base

    def squares_of(self, spec: Any) -> int:
        mvmt = self.stat(R, "mvmt")
        if spec is None or spec == "mvmt":
            return mvmt
        if isinstance(spec, dict):
            return max(0, mvmt + spec["mvmt"])
        return spec

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
            if "range" in st and self.f is not None:
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
                self.emit("unequip", who=who, g=inst, by=self.f["rid"] if ruffian and self.f else None)
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
        self.s["ped"]["gone"].append(inst)
        self.s["charges"].pop(inst, None)
        self.emit("discard", who=seat, g=inst, by=self.name_of(by) if by == R else None)
        self.fire("discarded", seat, by, **{"with": inst, "source": source})

    def do_steal(self, st: dict, ctx: Ctx) -> None:
        if self.f is None:
            return
        for who in self.select(st["who"], ctx):
            if who == R or self.immune(who, "steal"):
                continue
            for inst in self.slot_choice(who, st["slot"], "steal"):
                self.lose_piece(who, inst)
                self.f["stolen"].append({"g": inst, "owner": who})
                self.emit("steal", who=who, g=inst, by=self.f["rid"])
                self.fire("unequipped", who, R, **{"with": inst, "source": "ruffian"})

    def do_recover(self, st: dict, ctx: Ctx) -> None:
        if self.f is None:
            return
        owners = set(self.select(st["who"], ctx))
        pool = [i for i, s in enumerate(self.f["stolen"]) if s["owner"] in owners]
        if not pool:
            return
        asker = ctx.owner if isinstance(ctx.owner, int) else self.f["stolen"][pool[0]]["owner"]
        opts = [self.f["stolen"][i]["g"] for i in pool]
        inst = self.ask(asker, "gear", opts, why="recover")
        item = next(s for s in self.f["stolen"] if s["g"] == inst)
        self.f["stolen"].remove(item)
        owner = item["owner"]
        self.folk(owner)["stash"].append(inst)
        self.emit("recover", who=owner, g=inst)
        self.offer_equip(owner, inst)

    def offer_equip(self, seat: int, inst: str, free_only: bool = False) -> None:
        """The owner may equip a piece at once, for free (or leave it in the stash); with `free_only`
        only into a slot nothing is in (both hands for a 2-handed piece)."""
        slots = self.fitting_slots(inst)
        if free_only:
            slots = [slot for slot in slots if self.slot_free(seat, slot)]
        if not slots:
            return
        where = self.ask(seat, "equip", slots + ["stash"], g=inst, always=True)
        if where != "stash":
            self.equip(seat, inst, where)
            self.emit("equip", who=seat, g=inst, slot=where)
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
            self.emit("gain", who=who, g=inst)
            if st.get("equip"):
                self.offer_equip(who, inst)

    def gear_to_gain(self, gear: str) -> Optional[str]:
        """A Unique gear id (if no one holds it yet), or this Ruffian's starred / a random remaining piece."""
        f = self.f
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
        ped = self.s["ped"]
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
        self.shuffle(self.s["ped"]["deck"], "peddler")

    def take_gear(self, seat: int, inst: str, price: Any, how: str) -> None:
        """The townsfolk takes a Peddler piece, paying `price` (free, full, or that many Coins off)."""
        cost = 0
        if price == "full":
            cost = self.price(seat, inst)
        elif isinstance(price, int) and not isinstance(price, bool):
            cost = max(0, self.price(seat, inst) - price)
        if cost > self.folk(seat)["coins"]:
            self.s["ped"]["deck"].append(inst)  # cannot pay: back to the bottom
            self.emit("cannot_pay", who=seat, g=inst)
            return
        if cost:
            self.coins(seat, -cost, paid=True)
        self.folk(seat)["stash"].append(inst)
        counters = C.gear_of(inst).get("counters")
        if counters and inst not in self.s["charges"]:
            self.s["charges"][inst] = counters["start"]
        self.emit("gain", who=seat, g=inst, how=how)

    def do_take_from_shop(self, st: dict, ctx: Ctx) -> None:
        if self.f is not None:
            return
        flt = st.get("for") or {}
        for who in self.select(st["who"], ctx):
            shop = [g for g in self.s["ped"]["shop"] if gear_matches(flt, g)]
            if not shop:
                continue
            inst = self.ask(who, "gear", shop, why="take")
            self.s["ped"]["shop"].remove(inst)
            self.take_gear(who, inst, st.get("price", "free"), "shop")

    def do_exchange(self, st: dict, ctx: Ctx) -> None:
        """Up to `count` one-for-one swaps with another townsfolk, if both agree: the townsfolk picks
        a piece of someone else's to ask for (or none), then what to give for it; the other says yes or no."""
        me = ctx.owner
        if not isinstance(me, int):
            return
        for _ in range(st.get("count", 1)):
            partners = [s for s in self.everyone() if s != me]
            if st["with"] == "adjacent" and self.f is not None:
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
            if not self.ask(other, "agree", [True, False], g=give, h=take, **{"from": me}):
                self.emit("refused", who=other)
                return
            self.lose_piece(me, give)
            self.lose_piece(other, take)
            self.folk(me)["stash"].append(take)
            self.folk(other)["stash"].append(give)
            self.emit("exchange", who=me, other=other, g=give, h=take)

    def do_coins(self, st: dict, ctx: Ctx) -> None:
        n = self.amount(st["amount"], ctx, signed=True)
        source, by = self.dmg_source(ctx)
        for who in self.select(st["who"], ctx):
            if who != R:
                self.coins(who, n, by=by, source=source)

    def do_counter(self, st: dict, ctx: Ctx) -> None:
        on = st["on"]
        if on == "ruffian":
            owners = [R] if self.f is not None else []
        elif on == "this":
            if ctx.kind == "gear":
                owners = ["gear:" + ctx.this]
            elif isinstance(ctx.this, dict) and self.f is not None:
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
        if self.f is None or ctx.card is None:
            return
        holders: Any = "group" if st["with"] == "group" else list(ctx.targets)
        if holders != "group" and not holders:
            return
        kept = {"card": ctx.card, "with": holders, "targets": list(ctx.targets),
                "until": self.resolve_until(st["until"], R) if st.get("until") else None}
        self.f["kept"].append(kept)
        self.invalidate()
        self.f["keeping"] = ctx.card
        self.emit("keep", card=ctx.card, holders=holders)

    def do_reshuffle(self, st: dict, ctx: Ctx) -> None:
        if self.f is None:
            return
        self.f["reshuffle"] = True

    def do_reveal_next(self, st: dict, ctx: Ctx) -> None:
        f = self.f
        if f is None or f["top"] is not None:
            return
        if not f["deck"]:
            self.refill_deck()
        if f["deck"]:
            f["top"] = f["deck"].pop(0)
            self.reveal(zone="action-deck", what=[f["top"]], card=f["top"], next=True)

    def do_extra_action(self, st: dict, ctx: Ctx) -> None:
        if self.f is not None:
            self.f["bonus"] += 1

    def do_skip_action(self, st: dict, ctx: Ctx) -> None:
        if self.f is not None:
            self.f["skip"] = True
            self.emit("skip", who=self.f["rid"])

    def do_end_turn(self, st: dict, ctx: Ctx) -> None:
        if self.f is not None and self.f.get("turn") and isinstance(self.f["turn"].get("who"), int):
            self.f["end_turn"] = True

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
            if self.f is None:
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

    # --- terrain ---------------------------------------------------------------------------------------
    def do_exhaust(self, st: dict, ctx: Ctx) -> None:
        for i in self.terrain_pieces("this", ctx):
            self.pieces()[i]["exh"] = True
            self.emit("exhaust", ter=self.pieces()[i]["t"])

    def do_remove_terrain(self, st: dict, ctx: Ctx) -> None:
        word = st["terrain"]
        if word == "this" and isinstance(ctx.this, dict) and ctx.this.get("piece") is None and ctx.event \
                and ctx.event.get("terrain") is not None:
            targets = [ctx.event["terrain"]]  # a terrain trigger removes the piece the event was about
        else:
            targets = self.terrain_pieces(word, ctx)
            if word == "this" and isinstance(ctx.this, dict) and ctx.this.get("piece") is not None:
                card = self.pieces()[ctx.this["piece"]]["t"]
                targets = [i for i in self.live_pieces() if self.pieces()[i]["t"] == card]
        for i in targets:
            if not self.pieces()[i].get("gone"):
                self.pieces()[i]["gone"] = True
                self.emit("terrain_gone", ter=self.pieces()[i]["t"])
        self.terrain_changed()

    def do_place_terrain(self, st: dict, ctx: Ctx) -> None:
        if self.f is None:
            return
        tid = st["terrain"]
        row = C.TERRAIN[tid]
        piece_name = next(iter(C.pieces_of(tid)))
        from .schema import placement_cells

        opts = self.place_options(st["at"], ctx, None, terrain=(tid, st.get("rot", 0)))
        if not opts:
            return
        at = self.ask(self.decider(ctx.targets[0] if ctx.targets else None), "terrain-spot", sorted(opts))
        cells, door = placement_cells(row, {"at": list(at), "rot": st.get("rot", 0), "piece": piece_name})
        self.f["terrain"].append({"t": tid, "piece": piece_name, "cells": [list(c) for c in cells],
                                  "door": list(door) if door else None, "type": row["type"], "gone": False,
                                  "exh": False})
        self.terrain_changed()
        self.emit("terrain_placed", ter=tid, at=list(at))

    def do_effect(self, st: dict, ctx: Ctx) -> None:
        C.EFFECTS(st["effect"], self, ctx, st.get("args") or {})

    # ======================================================================================
    # Places (3.6)

    def free_for_folk(self, sq: Any, seat: Any = None) -> bool:
        g = self.grid()
        if not g.on_board(sq) or (sq[0], sq[1]) in g.obstacles:
            return False
        f = self.f
        if f is not None and not f.get("out") and sq[0] in (f["pos"][0], f["pos"][0] + 1) \
                and sq[1] in (f["pos"][1], f["pos"][1] + 1):
            return False
        other = self.folk_at(sq)
        return other is None or other == seat

    def free_for_ruffian(self, pos: Any) -> bool:
        if not self.grid().ruffian_fits(pos):
            return False
        return all(self.folk_at(c) is None for c in foot(pos))

    def empty_square(self, sq: Any) -> bool:
        """No terrain, no Ruffian, no townsfolk (rulebook's Quick Lookup)."""
        return self.free_for_folk(sq) and self.piece_at(sq) is None

    def nearest_free(self, spots: list[tuple[int, int]], ruffian: bool, seat: Any = None,
                     test: Any = None) -> list[tuple[int, int]]:
        """Free spots at the least distance from any of `spots` (themselves when free)."""
        free = test or ((lambda p: self.free_for_ruffian(p)) if ruffian else (lambda p: self.free_for_folk(p, seat)))
        here = [s for s in spots if free(s)]
        if here:
            return sorted(set(here))
        if not spots:
            return []
        pool = self.grid().ruffian_positions() if ruffian else self.grid().squares()
        best: Optional[int] = None
        out: list[tuple[int, int]] = []
        for p in pool:
            if not free(p):
                continue
            d = min(manhattan(p, s) for s in spots)
            if best is None or d < best:
                best, out = d, [p]
            elif d == best:
                out.append(p)
        return out

    def all_positions(self) -> list[tuple[int, int]]:
        """Every top-left square the 2 × 2 Ruffian could have on the board, blocked or not."""
        g = self.grid()
        return [(c, r) for r in range(g.rows - 1) for c in range(g.cols - 1)]

    def place_options(self, spec: Any, ctx: Ctx, ch: Any, terrain: Any = None) -> list[tuple[int, int]]:
        """Where a character (or a terrain piece) may be placed; [] when nowhere."""
        ruffian = ch == R
        g = self.grid()
        f = self.f
        test = None
        if terrain is not None:
            from .schema import placement_cells

            tid, rot = terrain
            row = C.TERRAIN[tid]
            piece_name = next(iter(C.pieces_of(tid)))

            def test(p: Any) -> bool:
                cells, _ = placement_cells(row, {"at": list(p), "rot": rot, "piece": piece_name})
                return all(g.on_board(c) and self.empty_square(c) for c in cells)
        if spec == "center":
            spots = [(5, 5)] if ruffian else [(5, 5), (6, 5), (5, 6), (6, 6)]
            return self.nearest_free(spots, ruffian, ch, test)
        if spec == "start":
            if ruffian:
                return self.nearest_free([tuple(C.RUFFIANS[f["rid"]]["landscape"]["r"])], True)
            ts = [tuple(t) for t in C.RUFFIANS[f["rid"]]["landscape"]["t"]]
            return self.nearest_free(ts, False, ch, test)
        key = next(k for k in spec if k != "of")
        val = spec[key]
        if key == "adjacent":
            who = [ctx.owner] if val == "self" else self.select(val, ctx)
            cells = [c for w in who[:1] for c in self.cells_of(w)]
            if not cells:
                return []
            if ruffian:
                near = [p for p in self.all_positions() if min(dist_to_foot(c, p) for c in cells) == 1]
                return self.nearest_free(near, True)
            near = [n for c in cells for n in g.neighbours(c) if n not in cells]
            return self.nearest_free(sorted(set(near)), False, ch, test)
        if key == "corner":
            size = 2 if ruffian else 1
            corners = {"top-left": (0, 0), "top-right": (g.cols - size, 0), "bottom-left": (0, g.rows - size),
                       "bottom-right": (g.cols - size, g.rows - size)}
            if val in corners:
                return self.nearest_free([corners[val]], ruffian, ch, test)
            mine = self.cells_of(ch)[0] if ch is not None and self.cells_of(ch) else (0, 0)
            ranked = sorted(corners.values(), key=lambda c: manhattan(c, mine))
            pick = ranked[0] if val == "nearest" else ranked[-1]
            return self.nearest_free([pick], ruffian, ch, test)
        if key in ("inside", "next-to", "door"):
            if key == "inside" and isinstance(val, str) and val not in ("this", "target"):
                pieces = self.closest_piece(val, ch, ctx)
            else:
                pieces = self.terrain_pieces(val, ctx)
            cells = [(c[0], c[1]) for i in pieces for c in self.pieces()[i]["cells"]]
            if not cells:
                return []
            if key == "door":
                doors = [self.door_of(i) for i in pieces if self.door_of(i)]
                return self.nearest_free(doors, ruffian, ch, test)
            if key == "inside":
                if ruffian:
                    cellset = set(cells)
                    scored = [(sum(1 for c in foot(p) if c in cellset), p) for p in g.ruffian_positions()]
                    top = max((s for s, _ in scored), default=0)
                    best = [p for s, p in scored if s == top and s > 0]
                    free = [p for p in best if self.free_for_ruffian(p)]
                    return free or self.nearest_free(best, True)
                return self.nearest_free(cells, False, ch, test)
            near = sorted({n for c in cells for n in g.neighbours(c) if n not in cells})
            if ruffian:
                near_pos = [p for p in self.all_positions()
                            if min(manhattan(a, b) for a in foot(p) for b in cells) == 1]
                return self.nearest_free(near_pos, True)
            return self.nearest_free(near, False, ch, test)
        if key in ("behind", "in-front"):
            if f is None or f.get("out"):
                return []
            want = "back" if key == "behind" else "front"
            near = [n for c in foot(f["pos"]) for n in g.neighbours(c)
                    if not (f["pos"][0] <= n[0] <= f["pos"][0] + 1 and f["pos"][1] <= n[1] <= f["pos"][1] + 1)
                    and side_of(n, f["pos"], f["face"]) == want]
            return self.nearest_free(sorted(set(near)), False, ch, test)
        if key == "across":
            mine = self.cells_of(ch)
            if not mine:
                return []
            cells = set(self.this_cells(ctx))
            out = []
            for d in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                sq = (mine[0][0] + d[0], mine[0][1] + d[1])
                if sq not in cells:
                    continue
                while sq in cells:
                    sq = (sq[0] + d[0], sq[1] + d[1])
                if self.free_for_folk(sq, ch):  # the fence's text: only if that square is empty
                    out.append(sq)
            return out
        if key == "farthest-from":
            who = [ctx.owner] if val == "self" else self.select(val, ctx)
            cells = [c for w in who[:1] for c in self.cells_of(w)]
            if not cells:
                return []
            pool = g.ruffian_positions() if ruffian else g.squares()
            free = [p for p in pool if (self.free_for_ruffian(p) if ruffian else self.free_for_folk(p, ch))]
            if not free:
                return []
            score = {p: min(manhattan(a, b) for a in (foot(p) if ruffian else [p]) for b in cells) for p in free}
            top = max(score.values())
            return [p for p in free if score[p] == top]
        if key == "within":
            cells = self.anchor_cells(spec["of"], ctx)
            if not cells:
                return []
            return [sq for sq in g.squares() if min(manhattan(sq, c) for c in cells) <= val
                    and self.free_for_folk(sq, ch) and (test is None or test(sq))]
        raise ValueError(spec)

    def closest_piece(self, tid: str, ch: Any, ctx: Ctx) -> list[int]:
        pieces = self.terrain_pieces(tid, ctx)
        if len(pieces) <= 1 or ch is None:
            return pieces
        mine = self.cells_of(ch)
        if not mine:
            return pieces[:1]
        return [min(pieces, key=lambda i: min(manhattan(a, b) for a in mine for b in self.pieces()[i]["cells"]))]

    def do_place(self, st: dict, ctx: Ctx) -> None:
        if self.f is None:
            return
        for who in self.select(st["who"], ctx):
            if who != R and ctx.ruffian_side and self.immune(who, "place"):
                continue
            opts = self.place_options(st["at"], ctx, who)
            if not opts:
                self.emit("no_room", who=self.name_of(who))
                continue
            asker = who if who != R else self.decider(ctx.targets[0] if ctx.targets else None)
            spot = self.ask(asker, "place", sorted(list(o) for o in opts), who=self.name_of(who))
            self.put(who, (spot[0], spot[1]), "placed")

    def do_swap(self, st: dict, ctx: Ctx) -> None:
        if self.f is None:
            return
        a = self.select(st["who"], ctx)
        b = self.select(st["with"], ctx)
        if not a or not b or a[0] == R or b[0] == R or a[0] == b[0]:
            return
        pa, pb = self.folk(a[0])["pos"], self.folk(b[0])["pos"]
        self.folk(a[0])["pos"] = None
        self.put(b[0], (pa[0], pa[1]), "placed")
        self.put(a[0], (pb[0], pb[1]), "placed")

    def do_remove(self, st: dict, ctx: Ctx) -> None:
        if self.f is None:
            return
        for who in self.select(st["who"], ctx):
            until = self.resolve_until(st["until"], who, ctx.user)
            info = {"until": until, "return": st["return"], "ctx": {"kind": ctx.kind, "owner": ctx.owner,
                                                                     "this": ctx.this, "row": ctx.row}}
            self.invalidate()
            if who == R:
                self.f["out"] = info
            else:
                self.folk(who)["out"] = info
                self.expire("moved", who)
            self.emit("removed", who=self.name_of(who))
            if who != R:
                turn = self.f.get("turn")
                if turn and turn.get("who") == who:
                    self.f["end_turn"] = True
                self.check_loss()

    def return_to_board(self, ch: Any) -> None:
        info = self.f["out"] if ch == R else self.folk(ch)["out"]
        saved = info["ctx"]
        self.invalidate()
        ctx = Ctx(saved["kind"], saved["owner"], this=saved["this"], row=saved["row"])
        if ch == R:
            self.f["out"] = None
        else:
            self.folk(ch)["out"] = None
            self.folk(ch)["pos"] = None
        opts = self.place_options(info["return"], ctx, ch)
        if ch != R and not opts:
            opts = self.nearest_free([tuple(p) for p in C.RUFFIANS[self.f["rid"]]["landscape"]["t"]], False, ch)
        self.emit("returned", who=self.name_of(ch))
        if opts:
            asker = ch if ch != R else self.decider()
            spot = self.ask(asker, "place", sorted(list(o) for o in opts), who=self.name_of(ch))
            self.put(ch, (spot[0], spot[1]), "placed")

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
        f = self.f
        if f is not None:
            ruff = C.RUFFIANS[f["rid"]]
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
        f = self.f
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
            kept = next((k for k in self.f["kept"] if k["card"] == trig["kept"]), None)
            keep = self.keep_step(C.CARDS[trig["kept"]])
            self.emit("kept_fires", card=trig["kept"])
            self.run(trig["steps"], run_ctx)
            if kept is not None and not keep.get("repeat") and kept in self.f["kept"]:
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
        if cost.get("mox", 0) > (self.mox_left(seat) if self.f else 0):
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
            if during == "town" and self.f is not None:
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
        f = self.f
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
        f = self.f
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
        f = self.f
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
        self.s["egone"].append(eid)
        self.reveal(zone="secrets", what=[eid], who=seat, event=C.base_id(eid))
        self.run(C.EVENTS[C.base_id(eid)]["steps"], Ctx("event", seat, row=C.base_id(eid), event=evt))

    # --- kept cards --------------------------------------------------------------------------------------
    @staticmethod
    def keep_step(card: dict) -> Optional[dict]:
        for st in list(_walk_steps(card["act"])) + list(_walk_steps((card.get("after") or {}).get("steps"))):
            if st["do"] == "keep":
                return st
        return None

    def kept_holders(self, kept: dict) -> list[int]:
        if kept["with"] == "group":
            return self.everyone()
        return [h for h in kept["with"] if not self.folk(h)["ko"]]

    def discard_kept(self, kept: dict) -> None:
        f = self.f
        if kept in f["kept"]:
            f["kept"].remove(kept)
            self.invalidate()
            f["disc"].append(kept["card"])
            self.emit("unkeep", card=kept["card"])


