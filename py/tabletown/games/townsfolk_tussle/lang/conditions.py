"""The content language's conditions (guide 3.9): `holds(cond, ctx, subject)`.

A condition is a dict with one predicate word (`{"adjacent": "ruffian"}`, `{"value": "hp",
"at-least": 3}`); `not`, `any` and `all` combine conditions and `who` names the subjects."""

from __future__ import annotations

from typing import Any

from .. import content as C
from ..board import flank_side, in_line, manhattan, side_of
from ..play import Ctx, R
from ..stats import gear_matches


class Conditions:
    """Mixin: whether a condition holds."""

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
