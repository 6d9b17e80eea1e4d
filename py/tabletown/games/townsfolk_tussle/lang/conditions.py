"""The content language's conditions (guide 3.9): `holds(cond, ctx, subject)`.

A condition is a dict with one predicate word (`{"adjacent": "ruffian"}`, `{"value": "hp",
"at-least": 3}`); `not`, `any` and `all` combine conditions and `who` names the subjects."""

from __future__ import annotations

from typing import Any

from .. import content as C
from ..board import flank_side, in_line, manhattan, side_of
from ..play import Ctx, R
from ..stats import gear_matches

# The predicate words, in the order a condition is read: a condition names one of them.
PREDICATE_ORDER = (
    "value", "count", "counter", "tally", "in-team", "weakness", "level", "final-fight", "phase", "turn-of",
    "first", "source", "result", "with", "terrain", "cause", "by", "reached", "damaged", "flanked",
    "is", "at-max-hp", "equipped", "boosted",
    "adjacent", "within", "beyond", "inside", "next-to", "at-door", "behind", "in-front", "in-line",
)
# What a predicate is about: a subject ("subject": false for nobody) or where a subject stands on the
# board ("board": false for nobody, and false in town); the others are about the game or the event.
NEEDS = {**{w: "subject" for w in ("is", "at-max-hp", "equipped", "boosted")},
         **{w: "board" for w in ("adjacent", "within", "beyond", "inside", "next-to", "at-door", "behind",
                                 "in-front", "in-line")}}


class Conditions:
    """Mixin: whether a condition holds."""

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

    def _holds(self, cond: dict[str, Any], ctx: Ctx, x: Any) -> bool:
        """One predicate about the subject `x`, by its handler `cond_<word>`."""
        word = next((w for w in PREDICATE_ORDER if w in cond), None)
        if word is None:
            raise ValueError(f"unknown condition {cond}")
        needs = NEEDS.get(word)
        if needs is not None and x is None:  # a predicate about nobody is false
            return False
        if needs == "board" and self.fight is None:  # where someone stands means nothing in town
            return False
        return getattr(self, "cond_" + word.replace("-", "_"))(cond, ctx, x)

    # --- about the game, the fight and the event that triggered the content ---------------------
    def cond_value(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        q = cond["value"]
        if q == "distance":
            d = self.distance_to(x, self.anchor_cells(cond["of"], ctx), cond["of"] == "ruffian") if self.fight else None
            return d is not None and self.compare(d, cond, ctx)
        return self.compare(self.quantity(q, x, ctx), cond, ctx)

    def cond_count(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        return self.compare(len(self.select(cond["count"], ctx)), cond, ctx)

    def cond_counter(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        return self.compare(self.counter_value(cond["counter"], cond["on"], ctx), cond, ctx)

    def cond_tally(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        return self.compare(self.tally_of(x, cond["tally"], cond.get("scope", "fight")), cond, ctx)

    def cond_in_team(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        return any(t["id"] == cond["in-team"] for t in self.s["folk"])

    def cond_weakness(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        return bool(self.fight and self.fight["weak"]) == cond["weakness"]

    def cond_level(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        return bool(self.fight) and self.fight["level"] in cond["level"]

    def cond_final_fight(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        return bool(self.fight and self.fight["final"]) == cond["final-fight"]

    def cond_phase(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        return ("fight" if self.fight is not None else "town") == cond["phase"]

    def cond_turn_of(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        turn = self.fight.get("turn") if self.fight else None
        if not turn:
            return False
        who = [ctx.owner] if cond["turn-of"] == "self" else self.select(cond["turn-of"], ctx)
        return turn["who"] in who

    def cond_first(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        return bool((ctx.event or {}).get("first")) == cond["first"]

    def cond_source(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        src = (ctx.event or {}).get("source")
        return src == cond["source"] or (cond["source"] == "townsfolk" and src == "attack")

    def cond_result(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        res = (ctx.event or {}).get("result")
        want = cond["result"]
        if want == "hit":
            return res in ("hit", "crit")
        if want == "miss":
            return res in ("miss", "whiff")
        return res == want

    def cond_with(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        w = (ctx.event or {}).get("with")
        if w is None:
            return False
        want = cond["with"]
        if want == "this":
            return w == ctx.this
        if isinstance(want, dict):
            return gear_matches(want, w)
        return C.base_id(w) == want

    def cond_terrain(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        piece = (ctx.event or {}).get("terrain")
        if piece is None:
            return False
        return self.pieces()[piece]["t"] == (ctx.this or {}).get("card")

    def cond_cause(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        return (ctx.event or {}).get("cause") == cond["cause"]

    def cond_by(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        by = (ctx.event or {}).get("by")
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

    def cond_reached(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        return ctx.reached == cond["reached"]

    def cond_damaged(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        return any(t in ctx.damaged for t in ctx.targets)

    def cond_flanked(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        return self.flanked() == cond["flanked"]

    # --- about a subject (false for nobody) -------------------------------------------------------
    def cond_is(self, cond: dict, ctx: Ctx, x: Any) -> bool:
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

    def cond_at_max_hp(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        return x != R and (self.folk(x)["hp"] == self.max_hp(x)) == cond["at-max-hp"]

    def cond_equipped(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        return x != R and self.has_equipped(x, cond["equipped"])

    def cond_boosted(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        return any(e["k"] == "boost" and e["who"] == x and e["row"] == cond["boosted"] for e in self.s["effects"])

    # --- about where a subject stands on the board (false in town) ---------------------------------
    def cond_adjacent(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        others = self.select(cond["adjacent"], ctx) if cond["adjacent"] != "self" else [ctx.owner]
        return any(o is not None and o != x and self.dist(x, o) == 1 for o in others)

    def cond_within(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        d = self.distance_to(x, self.anchor_cells(cond["of"], ctx), cond["of"] == "ruffian")
        if d is None:
            return False
        return d <= cond["within"] if "within" in cond else d > cond["beyond"]

    cond_beyond = cond_within

    def cond_inside(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        return self.inside(x, cond["inside"], ctx, cond.get("completely", False))

    def cond_next_to(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        mine = self.cells_of(x)
        return any(manhattan(a, b) == 1 for a in mine for b in self.terrain_cells(cond["next-to"], ctx)
                   if (b[0], b[1]) not in mine)

    def cond_at_door(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        mine = self.cells_of(x)
        return bool(mine) and any(self.door_of(i) == mine[0] for i in self.terrain_pieces(cond["at-door"], ctx))

    def cond_behind(self, cond: dict, ctx: Ctx, x: Any) -> bool:
        f = self.fight
        mine = self.cells_of(x)
        if x == R or not mine or f.get("out"):
            return False
        if "in-line" in cond:
            return in_line(mine[0], f["pos"], f["face"])
        want = "back" if "behind" in cond else "front"
        return side_of(mine[0], f["pos"], f["face"]) == want

    cond_in_front = cond_behind
    cond_in_line = cond_behind

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
        f = self.fight
        if f is None or f.get("out"):
            return False
        sides = {flank_side(self.folk(t)["pos"], f["pos"]) for t in self.team()}
        return ("n" in sides and "s" in sides) or ("e" in sides and "w" in sides)
