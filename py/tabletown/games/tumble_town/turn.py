"""One action being applied: the kit's Move, with Tumble Town's turn flow.

`play(state, seat, action)` applies an action already found legal. The steps of a turn
are methods of `Turn`: claiming a plan and taking its dice, constructing and placing a
building, the short sub-steps of powers, Dice Tokens and the Gold Pan, the end of a turn
(the Storehouse, the solo opponent's turn, the next player, the end of the game).

Besides the move itself the events tell what the table saw follow it (the dice rolled,
the Outlaw's dice, the end drawing near); phrases.py words them, in that order.
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.move import Move
from tabletown.engine.rules import Action, IllegalAction, State
from tabletown.engine.state import clone

from . import outlaw as outlaw_mod
from .content import BACKS, COLORS, LEVELS, PLANS, STOREHOUSE, back_choices
from .powers import POWERS
from .scoring import penalty_detail

COLOR_ORDER = {c: i for i, c in enumerate(COLORS)}


def sort_dice(dice: list[list[Any]]) -> None:
    dice.sort(key=lambda d: (COLOR_ORDER[d[0]], d[1]))


def storehouse_overflow(player: dict[str, Any]) -> tuple[int, list[str]]:
    """How many dice do not fit the Storehouse, and which colours are over their spaces."""
    over = 0
    colors = []
    for c in COLORS:
        n = sum(1 for d in player["dice"] if d[0] == c)
        spaces = STOREHOUSE.count(c)
        if n > spaces:
            over += n - spaces
            colors.append(c)
    return max(0, over - player["extra"]), colors


def slot_options(state: State) -> list[str]:
    """The colours the player may choose for the next die a claim brings."""
    take = state["take"]
    if not take or not take["slots"]:
        return []
    return [c for c in take["slots"][0] if state["supply"][c] > 0]


def end_condition(st: State) -> bool:
    """The game ends after this round (or now, solo): nothing to claim, or the supply runs low
    (with Surplus: two Plan End cards show)."""
    if not any(pid is not None for row in st["rows"] for pid in row):
        return True  # nothing left to claim
    if st["opts"]["surplus"]:
        return sum(1 for level in LEVELS if not st["decks"][level]) >= 2
    return sum(1 for c in COLORS if st["supply"][c] <= 2) >= 2


def begin_turn(st: State) -> None:
    st["cancels"] = 0
    st["build"] = None
    st["sub"] = None
    if any(pid is not None for row in st["rows"] for pid in row):
        st["phase"] = "claim"
    else:
        st["phase"] = "main"


def play(state: State, seat: int, action: Action) -> tuple[State, list[dict[str, Any]]]:
    """The new state and the events of a legal `action` of `seat`."""
    m = Turn(state, seat)
    m.act(action)
    return m.result()


class Turn(Move):
    """The move of `seat`: the state copy, the PRNG and the events travel together."""

    def __init__(self, state: State, seat: int):
        super().__init__(state)
        self.seat = seat
        self.rolled: list[list[Any]] = []  # the dice a claim brought, as rolled

    def die(self, color: str) -> list[Any]:
        """A die taken from the supply is rolled before it is used."""
        return [color, self.roll(6, color=color)]

    # --- the action ---------------------------------------------------------------------
    def act(self, action: Action) -> None:
        st, seat = self.s, self.seat
        t = action["type"]
        pl = st["players"][seat]
        phase_before = st["phase"]
        dice_before = clone(pl["dice"])
        outlaw_before = dict(st["outlaw"]["dice"]) if st["outlaw"] else None
        ending_before = st["ending"]
        if t == "start_die":
            self.emit("start_die", seat=seat, color=action["color"])
            if action["color"] != "none":
                st["supply"][action["color"]] -= 1
                pl["dice"].append(self.die(action["color"]))
            st["start_seat"] = None
            begin_turn(st)
        elif t == "claim":
            pid = st["rows"][action["row"]][action["col"]]
            self.emit("claim", seat=seat, plan=pid)
            self.claim(action["row"], action["col"])
        elif t == "take":
            c = action["color"]
            self.emit("take", seat=seat, color=c)
            st["supply"][c] -= 1
            st["take"]["got"].append(c)
            st["take"]["slots"].pop(0)
            self.advance_take()
        elif t == "build":
            pid = action["plan"]
            self.emit("build", seat=seat, plan=pid)
            st["build"] = {"plan": pid, "dice": [None] * len(PLANS[pid]["pos"])}
        elif t == "put":
            die = pl["dice"].pop(action["die"])
            self.emit("put", seat=seat, die=list(die), pos=action["pos"])
            st["build"]["dice"][action["pos"]] = die
        elif t == "cancel":
            self.emit("cancel", seat=seat)
            pl["dice"].extend(d for d in st["build"]["dice"] if d is not None)
            st["build"] = None
            st["cancels"] += 1
        elif t == "place":
            at = [action["side"], action["start"], action["mirror"]] if "side" in action else None
            self.complete(at)
        elif t == "power":
            self.emit("power", seat=seat, plan=pl["built"][action["b"]]["plan"])
            st["sub"] = {"k": "power", "b": action["b"], "sel": []}
        elif t == "token":
            self.emit("token", seat=seat)
            st["sub"] = {"k": "token", "die": None}
        elif t == "pan":
            self.emit("pan", seat=seat)
            st["sub"] = {"k": "pan", "sel": []}
        elif t == "back":
            self.emit("back", seat=seat)
            st["sub"] = None
            st["cancels"] += 1
        elif t in ("pick", "adj", "value", "color", "done", "roll"):
            self.sub_step(action)
        elif t == "end":
            self.emit("end", seat=seat)
            self.end_turn()
        elif t == "discard":
            d = pl["dice"].pop(action["die"])
            self.emit("discard", seat=seat, die=list(d))
            st["supply"][d[0]] += 1
            if storehouse_overflow(pl)[0] == 0:
                self.after_turn()
        elif t in ("outlaw_take", "outlaw_return"):
            self.emit(t, seat=seat, color=action["color"])
            outlaw_mod.answer(st, action["color"])
            st["phase"] = "main"
            self.continue_outlaw(told=False)
        else:  # pragma: no cover - legal() guards every type
            raise IllegalAction("Unknown move.")
        if st["sub"] is None:
            for p in st["players"]:
                sort_dice(p["dice"])
        if st["mode"] == "multi" and not st["ending"] and end_condition(st):
            st["ending"] = True
        self.tell_consequences(phase_before, dice_before, outlaw_before, ending_before)

    def tell_consequences(self, phase_before: str, dice_before: list[Any], outlaw_before: Optional[dict[str, int]],
                          ending_before: bool) -> None:
        """Events for what the table sees besides the move itself: the dice a player
        rolled, the Outlaw's dice after a choice made for it, the end drawing near."""
        st = self.s
        if any(e["t"] == "roll" for e in self.ev):
            if phase_before in ("claim", "take") and st["phase"] != "take":
                self.emit("rolls", seat=self.seat, dice=clone(self.rolled))
            elif phase_before in ("main", "start"):
                gained = clone(st["players"][self.seat]["dice"])
                for d in dice_before:
                    if d in gained:
                        gained.remove(d)
                if gained:
                    self.emit("rolls", seat=self.seat, dice=gained)
        if phase_before == "outlaw" and outlaw_before is not None:
            moved = {c: st["outlaw"]["dice"][c] - outlaw_before[c] for c in COLORS}
            self.emit("outlaw_dice", moved=moved, finished=st["phase"] != "outlaw", penalties=st["outlaw"]["penalties"])
        if st["ending"] and not ending_before:
            self.emit("ending")
        if st["over"]:
            self.emit("over")

    # --- claiming ---------------------------------------------------------------------------
    def claim(self, row: int, col: int) -> None:
        st = self.s
        pid = st["rows"][row][col]
        st["rows"][row][col] = None
        st["players"][self.seat]["hand"].append(pid)
        back = st["backs"][row]
        got = []
        for c in BACKS[back]["fixed"]:
            if st["supply"][c] > 0:
                st["supply"][c] -= 1
                got.append(c)
        st["take"] = {"row": row, "col": col, "got": got, "slots": back_choices(back, st["v"])}
        self.advance_take()

    def advance_take(self) -> None:
        """Take the claim's dice, asking only where a choice is left; then roll them all."""
        st = self.s
        take = st["take"]
        while take["slots"]:
            opts = slot_options(st)
            if len(opts) > 1:
                st["phase"] = "take"
                return
            if opts:
                st["supply"][opts[0]] -= 1
                take["got"].append(opts[0])
            take["slots"].pop(0)
        rolled = [self.die(c) for c in take["got"]]
        st["players"][self.seat]["dice"].extend(clone(rolled))
        self.rolled = rolled
        outlaw_mod.refill(self, take["row"], take["col"])
        st["take"] = None
        st["phase"] = "main"

    # --- constructing -------------------------------------------------------------------------
    def complete(self, at: Optional[list[Any]]) -> None:
        st = self.s
        pl = st["players"][self.seat]
        build = st["build"]
        plan = PLANS[build["plan"]]
        pen = penalty_detail(plan, build["dice"])["count"]
        self.emit("place", seat=self.seat, plan=plan["id"], at=at, pen=pen)
        pl["penalties"] += pen
        pl["hand"].remove(plan["id"])
        pl["built"].append({"plan": plan["id"], "dice": build["dice"], "at": at, "used": False, "pen": pen})
        st["build"] = None
        handler = POWERS.handlers[plan["power"]["k"]]
        if handler.family == "one":
            handler.on_build(st, pl, plan, self.die)

    def sub_step(self, action: Action) -> None:
        """One step of the Gold Pan, a Dice Token or a building's power."""
        st, seat = self.s, self.seat
        pl = st["players"][seat]
        dice = pl["dice"]
        sub = st["sub"]
        t = action["type"]
        k = sub["k"]
        if k == "gain":
            self.emit("gain", seat=seat, color=action["c"])
            st["supply"][action["c"]] -= 1
            dice.append(self.die(action["c"]))
            st["sub"] = None
            return
        if k == "pan":
            if t == "pick":
                self.emit("pan_pick", seat=seat, die=list(dice[action["die"]]))
                sub["sel"].append(action["die"])
                return
            self.emit("pan_color", seat=seat, color=action["c"])
            for i in sorted(sub["sel"], reverse=True):
                d = dice.pop(i)
                st["supply"][d[0]] += 1
            st["supply"][action["c"]] -= 1
            dice.append(self.die(action["c"]))
            st["sub"] = None
            return
        if k == "token":
            if t == "pick":
                self.emit("token_pick", seat=seat, die=list(dice[action["die"]]))
                sub["die"] = action["die"]
                return
            self.emit("token_value", seat=seat, value=action["v"])
            dice[sub["die"]][1] = action["v"]
            pl["tokens"] -= 1
            st["sub"] = None
            return
        built = pl["built"][sub["b"]]
        plan = PLANS[built["plan"]]
        power = plan["power"]["k"]
        if t in ("pick", "adj"):
            d = list(dice[action["die"]])
            if t == "adj":
                self.emit("adjust", seat=seat, plan=plan["id"], die=d, to=d[1] + action["d"])
            else:
                self.emit("power_pick", seat=seat, plan=plan["id"], power=power, die=d)
        elif t == "roll":
            self.emit("reroll", seat=seat, plan=plan["id"], n=len(sub["sel"]))
        elif t == "color":
            self.emit("swap_color", seat=seat, plan=plan["id"], color=action["c"])
        else:
            self.emit("done", seat=seat, plan=plan["id"])
        if POWERS.handlers[power].use(st, pl, sub, action, self.die):
            built["used"] = True
            st["sub"] = None

    # --- the end of a turn --------------------------------------------------------------------
    def end_turn(self) -> None:
        st = self.s
        pl = st["players"][self.seat]
        for b in pl["built"]:
            b["used"] = False
        if storehouse_overflow(pl)[0] > 0:
            st["phase"] = "discard"
            return
        self.after_turn()

    def after_turn(self) -> None:
        """The next player's turn, the solo opponent's turn, or the end of the game."""
        st = self.s
        st["phase"] = "main"
        st["build"] = None
        st["sub"] = None
        mode = st["mode"]
        if mode == "multi":
            if end_condition(st):
                st["ending"] = True
            last = (st["first"] - 1) % st["n"]
            if st["ending"] and st["turn"] == last:
                self.game_over()
                return
            st["turn"] = (st["turn"] + 1) % st["n"]
            if st["turn"] == st["first"]:
                st["round"] += 1
            begin_turn(st)
        elif mode == "sole-surveyor":
            if end_condition(st):
                self.game_over()
                return
            outlaw_mod.surveyor_turn(self)
            st["round"] += 1
            begin_turn(st)
        else:
            outlaw_mod.outlaw_turn(self)
            self.continue_outlaw(told=True)

    def continue_outlaw(self, told: bool) -> None:
        """Run the Outlaw's queue; `told`: its turn began in this move (say what it did)."""
        st = self.s
        done = outlaw_mod.run_outlaw(st)
        if told:
            self.emit("outlaw", last=clone(st["outlaw"]["last"]))
        if not done:
            st["phase"] = "outlaw"
            return
        if end_condition(st):
            self.game_over()
            return
        st["round"] += 1
        begin_turn(st)

    def game_over(self) -> None:
        st = self.s
        st["over"] = True
        st["phase"] = "over"
        st["build"] = None
        st["sub"] = None
        # The Horses are shown.
        shown = {"players": [p["horse"] for p in st["players"]],
                 "outlaw": list(st["outlaw"]["horses"]) if st["outlaw"] else []}
        st["shown"] = shown
        self.reveal("horses", what=shown)
