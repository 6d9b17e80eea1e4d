"""The content language's words for who and where: selectors and picks (guide 3.4, 3.5),
the terrain words, quantities and amounts (3.1, 3.10)."""

from __future__ import annotations

from typing import Any, Optional

from .. import content as C
from ..board import dist_to_foot, manhattan
from ..play import Ctx, R


class Selection:
    """Mixin: whom and what a piece of content names, and how much."""

    # ======================================================================================
    # Selectors and picks (3.4, 3.5)

    def everyone(self) -> list[int]:
        """The townsfolk a selector may name: those on the board (in town: the whole team)."""
        if self.fight is None:
            return self.beatin()
        return self.team()

    def select(self, spec: Any, ctx: Ctx) -> list[Any]:
        if isinstance(spec, dict):
            return self.pick(spec, ctx)
        present = set(self.everyone())
        if spec == "self":
            return [] if ctx.owner is None else [ctx.owner]
        if spec == "ruffian":
            return [R] if self.fight is not None and not self.fight.get("out") else []
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
        if self.fight is None:
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
            return dist_to_foot(mine[0], self.fight["pos"])
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
            if self.fight is None or all(self.folk(s)["pos"] is None for s in self.seats()):
                return len(self.standing()) if self.fight is not None else self.team_size()
            return len(self.team())
        if q == "knocked-out":
            return len(self.fight["ko_order"]) if self.fight else 0
        if x is None:
            return 0
        if x == R:
            if q == "hp":
                return self.fight["hp"] if self.fight else 0
            if q == "mvmt":
                return self.stat(R, "mvmt") if self.fight else 0
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
            return self.counters_on(R).get(name, 0) if self.fight else 0
        if on == "this":
            if ctx.kind == "gear":
                return self.s["charges"].get(ctx.this, 0)
            if isinstance(ctx.this, dict) and self.fight:
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
