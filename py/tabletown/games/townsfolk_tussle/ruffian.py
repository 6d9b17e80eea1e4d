"""The Ruffian's turn.

The Ruffian plays the top card of its action deck: it chooses the target first (ties rolled,
the lowest roll is targeted), resolves the Move/Act steps, then the aftereffect, and discards
the card unless it is kept. How it moves is in movement.py.
"""

from __future__ import annotations

from typing import Optional

from . import content as C
from .play import Ctx, R


class Ruffian:
    """Mixin: the Ruffian's turn: its action cards, their targets and aftereffects."""

    # --- the Ruffian's turn -------------------------------------------------------------------------------
    def ruffian_turn(self, bonus: bool = False) -> None:
        f = self.fight
        f["trail"] = []
        f["walk_from"] = None
        f["pushes"] = []
        if not bonus:
            self.begin_turn(R)
        skip = f.pop("skip", False)
        if not skip and not f.get("out"):
            self.play_card(bonus)
        elif skip:
            self.emit("dozes", who=f["rid"])
        if not bonus:
            self.finish_turn(R)

    def refill_deck(self) -> None:
        f = self.fight
        f["deck"].extend(f["disc"])
        f["disc"] = []
        self.shuffle(f["deck"], "action-deck")

    def play_card(self, bonus: bool) -> None:
        f = self.fight
        if f["top"] is not None:
            card_id, f["top"] = f["top"], None
        else:
            if not f["deck"]:
                self.refill_deck()
            if not f["deck"]:
                return
            card_id = f["deck"].pop(0)
        card = C.CARDS[card_id]
        self.tally(R, "cards")
        f["card"] = card_id
        f["keeping"] = None
        f["targets"] = []
        self.reveal(zone="action-deck", what=[card_id], card=card_id, bonus=bonus, who=f["rid"])
        self.fire("card", R)
        ctx = Ctx("card", R, row=card_id)
        ctx.card = card_id
        self.choose_target(card, ctx)
        f["targets"] = list(ctx.targets) if ctx.targets else ([] if ctx.terrain_target is None else
                                                              ["t%d" % ctx.terrain_target])
        for t in list(ctx.targets):
            self.fire("targeted", t, R)
        self.run(card["act"], ctx)
        after = card.get("after")
        if after is not None:
            self.aftereffect(after, ctx)
        if f.get("keeping") != card_id:
            f["disc"].append(card_id)
        f["keeping"] = None
        if f.pop("reshuffle", False):
            self.refill_deck()

    def choose_target(self, card: dict, ctx: Ctx) -> None:
        spec = card["target"]
        kind = spec["pick"]
        if kind == "none":
            return
        if kind == "terrain":
            pieces = self.terrain_pieces(spec["terrain"], ctx)
            if pieces:
                dist = {i: self.foot_to(self.pieces()[i]["cells"]) for i in pieces}
                if spec.get("choose", "closest") == "closest":
                    best = min(dist.values())
                else:
                    best = max(dist.values())
                tied = [i for i in pieces if dist[i] == best]
                ctx.terrain_target = tied[0]
                self.emit("target_terrain", terrain=self.pieces()[tied[0]]["t"], card=ctx.card)
            return
        if kind != "all":
            redirect = self.retarget()
            if redirect is not None:
                ctx.targets = [redirect]
                self.emit("target", who=[redirect], why="retarget")
                return
        ctx.targets = self.pick(spec, ctx)
        self.emit("target", who=list(ctx.targets), card=ctx.card,
                    measure=[self.target_measure(spec, t, ctx) for t in ctx.targets])

    def target_measure(self, spec: dict, t: int, ctx: Ctx) -> Optional[int]:
        """The figure a target was picked by, for the log: MVMT to reach them (squares away when
        they cannot be reached), HP, or the stat or tally counted."""
        kind = spec["pick"]
        if kind in ("closest", "farthest") and spec.get("of", "ruffian") == "ruffian":
            reach = self.reach(t)
            return reach if reach is not None else self.dist(R, t)
        if kind in ("weakest", "healthiest"):
            return self.folk(t)["hp"]
        if kind in ("most", "least"):
            return self.quantity(spec["stat"], t, ctx) if "stat" in spec else \
                self.tally_of(t, spec["tally"], spec.get("scope", "fight"))
        return None

    def retarget(self) -> Optional[int]:
        for kinds, ctx, default in self.mod_sources():
            for m in kinds.get("retarget", ()):
                subjects = self.select(m["who"], ctx) if "who" in m else default
                if m.get("if") and not any(self.all_hold(m["if"], ctx, s) for s in subjects or [None]):
                    continue
                to = ctx.owner if m["to"] == "self" else self.sheriff
                if isinstance(to, int) and self.on_board(to) and not self.untargetable(to):
                    return to
        return None

    def aftereffect(self, after: dict, ctx: Ctx) -> None:
        when = after["when"]
        f = self.fight
        if when == "damaged":
            hit = [t for t in ctx.targets if t in ctx.damaged]
            if not hit:
                self.emit("no_after", card=ctx.card, when=when, who=list(ctx.targets))
                return
            if after.get("once"):
                self.emit("after", card=ctx.card)
                self.run(after["steps"], ctx.but(targets=hit))
                return
            for t in hit:
                self.emit("after", card=ctx.card)
                self.run(after["steps"], ctx.but(targets=[t]))
            return
        if when == "not-damaged":
            ok = bool(ctx.targets) and not any(t in ctx.damaged for t in ctx.targets)
        elif when == "reached":
            ok = ctx.reached
        elif when in ("inside", "partly-inside"):
            ok = ctx.terrain_target is not None and not f.get("out") and self.inside(
                R, "target", ctx, completely=when == "inside")
        else:
            ok = True
        if ok:
            self.emit("after", card=ctx.card)
            self.run(after["steps"], ctx)
        else:
            self.emit("no_after", card=ctx.card, when=when, who=list(ctx.targets))

    def bonus_actions(self) -> None:
        """Actions owed for breaking points reached (or a Crit Hit's rage), one after another."""
        f = self.fight
        while f["bonus"] > 0:
            f["bonus"] -= 1
            self.emit("bonus_action", who=f["rid"])
            self.ruffian_turn(bonus=True)
