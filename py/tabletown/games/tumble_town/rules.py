"""Tumble Town rules: setup, the four phases of a turn, the Gold Pan, building powers,
Main Street placement, the game end and the tally; the solo modes and Mission Mode.

Every choice is one action. Constructing is a sequence held in `state["build"]`:
choose a plan from your hand, put dice on its positions one at a time, then choose
where it stands on your Town card (the choice confirms it); cancel hands the dice
back. Powers, Dice Tokens and the Gold Pan use short sub-steps in `state["sub"]`.
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.rules import Action, Game, IllegalAction, Option, State, View, make_outcome, seat_token
from tabletown.engine.state import clone

from . import outlaw as outlaw_mod
from .content import (
    BACKS,
    COLORS,
    DICE_RETURNED,
    DICE_TOTAL,
    EXTRA_SPACES,
    HORSES,
    LEVEL_NAMES,
    PLAIN,
    PLANS,
    PLANS_PER_DECK,
    PLOTS,
    STARTING_DICE,
    STOREHOUSE,
    SURVEYOR_EXTRA_RETURNED,
    TOWN_NAMES,
    TOWN_TYPES,
    TOWNS,
)
from .content import verdict as chart_verdict
from .missions import mission_info, mission_result, options_from_progress, update_progress
from .scoring import outlaw_score, penalty_detail, placements, player_score, street_detail

CANCEL_LIMIT = 8  # take-backs per turn (cancel a construction, a power or the Gold Pan)
MODES = ("outlaw", "no-outlaw", "sole-surveyor")
DIFFICULTIES = ("easy", "medium", "hard", "extra-hard")
COLOR_ORDER = {c: i for i, c in enumerate(COLORS)}
SIDE_NAMES = ("north", "south")

OPTIONS = (
    Option("town", "Town cards", TOWN_TYPES, "easy",
           choice_labels=tuple(TOWN_NAMES[t] for t in TOWN_TYPES),
           help="Every player gets the same type of Town card."),
    Option("mode", "Solo game", MODES, "outlaw",
           choice_labels=("Against the Outlaw", "No Outlaw scoring chart", "Sole Surveyor"), for_seats=(1,),
           help="Play against the Outlaw, chase it out of town and compare with the chart, or face the Sole Surveyor."),
    Option("difficulty", "Outlaw difficulty", DIFFICULTIES, "medium",
           choice_labels=("Easy", "Medium", "Hard", "Extra Hard"), for_seats=(1,)),
    Option("no_main_street", "No Main Street variant", (False, True), False,
           choice_labels=("Off", "On"), help="Buildings are not placed on the Town card and Main Street does not score."),
    Option("surplus", "Surplus variant", (False, True), False, choice_labels=("Off", "On"),
           help="No dice are returned to the box; the end comes when two Plan End cards show."),
    Option("mission", "Mission Mode", (0,) + tuple(range(1, 11)) + ("next",), 0,
           choice_labels=("Off",) + tuple(f"Mission {i}" for i in range(1, 11)) + ("Each player's next mission",),
           help="Beat the mission's score and its extra requirement to move on to the next mission."),
    Option("mission_seat2", "Second player's mission", tuple(range(0, 11)), 0,
           choice_labels=("Same as the first",) + tuple(f"Mission {i}" for i in range(1, 11)), for_seats=(2, 3, 4)),
    Option("mission_seat3", "Third player's mission", tuple(range(0, 11)), 0,
           choice_labels=("Same as the first",) + tuple(f"Mission {i}" for i in range(1, 11)), for_seats=(3, 4)),
    Option("mission_seat4", "Fourth player's mission", tuple(range(0, 11)), 0,
           choice_labels=("Same as the first",) + tuple(f"Mission {i}" for i in range(1, 11)), for_seats=(4,)),
    Option("mission_hard", "Solo Missions: Hard Mode", (False, True), False, choice_labels=("Off", "On"),
           for_seats=(1,), help="You must also beat the Outlaw's score to move on."),
)


def _sort_dice(dice: list[list[Any]]) -> None:
    dice.sort(key=lambda d: (COLOR_ORDER[d[0]], d[1]))


def kinds(dice: list[list[Any]], skip: tuple[int, ...] = ()) -> list[int]:
    """Index of the first die of each (colour, value), skipping some indices."""
    seen: set[tuple[str, int]] = set()
    out = []
    for i, d in enumerate(dice):
        if i in skip:
            continue
        key = (d[0], d[1])
        if key not in seen:
            seen.add(key)
            out.append(i)
    return out


def die_name(d: list[Any]) -> str:
    return f"{d[0]} {d[1]}"


def dice_text(dice: list[list[Any]]) -> str:
    return ", ".join(die_name(d) for d in dice) if dice else "no dice"


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


def capacity(player: dict[str, Any]) -> int:
    return len(STOREHOUSE) + player["extra"]


class TumbleTown(Game):
    # --- setup ---------------------------------------------------------------------
    def setup(self, seed: int, seats: int, options: dict[str, Any]) -> State:
        opts = self.normalize_options(seats, options)
        if opts["mission"] == "next":
            opts["mission"] = 1
        mode = opts["mode"] if seats == 1 else "multi"
        rng_words = seed_state(seed)
        rng = Rng(rng_words)
        decks: list[list[int]] = []
        per_deck = PLANS_PER_DECK[seats]
        for level in (1, 2, 3):
            pool = [p["id"] for p in PLANS if p["level"] == level
                    and not (seats == 2 and p["name"] == "Dance Hall")]
            rng.shuffle(pool)
            decks.append(pool[:per_deck])
        rows = [[deck.pop(0) for _ in range(4)] for deck in decks]
        returned = 0 if opts["surplus"] else DICE_RETURNED[seats]
        if mode == "sole-surveyor":
            returned += SURVEYOR_EXTRA_RETURNED
        supply = {c: DICE_TOTAL[c] - returned for c in COLORS}
        horses = [h["id"] for h in HORSES]
        rng.shuffle(horses)
        players = []
        pending_start = None
        for seat in range(seats):
            colors = list(STARTING_DICE[seats][seat])
            if mode in ("outlaw", "no-outlaw") and opts["difficulty"] == "easy":
                colors += ["gold", "gold"]
            dice = []
            for c in colors:
                if c == "gray|black":
                    pending_start = seat
                    continue
                supply[c] -= 1
                dice.append([c, rng.d6()])
            _sort_dice(dice)
            players.append({"dice": dice, "hand": [], "built": [], "penalties": 0, "tokens": 0,
                            "extra": 0, "horse": horses[seat]})
        outlaw = None
        surveyor = None
        if mode in ("outlaw", "no-outlaw"):
            for c in outlaw_mod.OUTLAW_DICE:
                supply[c] -= 1
            their = horses[1:4] if opts["difficulty"] == "extra-hard" else horses[1:2]
            outlaw = {"plans": [], "dice": {c: 0 for c in COLORS}, "penalties": 0, "horses": their,
                      "q": [], "ask": None, "last": None}
        elif mode == "sole-surveyor":
            supply["brown"] -= 1
            surveyor = {"last": None}
        first_mission = opts["mission"]
        missions = []
        for seat in range(seats):
            m = opts.get(f"mission_seat{seat + 1}", 0) if seat > 0 else 0
            missions.append(m or first_mission)
        state: State = {
            "rng": rng_words, "revealed": 0, "n": seats, "opts": opts, "mode": mode, "town": opts["town"],
            "decks": decks, "rows": rows, "supply": supply, "boxed": [], "players": players,
            "first": 0, "turn": 0, "round": 1, "phase": "claim", "take": None, "build": None, "sub": None,
            "cancels": 0, "rolled": [], "ending": False, "over": False,
            "outlaw": outlaw, "surveyor": surveyor, "missions": missions,
        }
        if pending_start is not None:
            state["phase"] = "start"
            state["start_seat"] = pending_start
        else:
            self._begin_turn(state)
        return state

    # --- whose turn -----------------------------------------------------------------
    def active(self, state: State) -> list[int]:
        if state["over"]:
            return []
        if state["phase"] == "start":
            return [state["start_seat"]]
        return [state["turn"]]

    # --- legal actions --------------------------------------------------------------
    def legal(self, state: State, seat: int) -> list[Action]:
        if seat not in self.active(state):
            return []
        phase = state["phase"]
        pl = state["players"][seat]
        if phase == "start":
            return [{"type": "start_die", "color": c} for c in ("gray", "black") if state["supply"][c] > 0] or \
                   [{"type": "start_die", "color": "none"}]
        if phase == "claim":
            return [{"type": "claim", "row": r, "col": c}
                    for r in range(3) for c in range(4) if state["rows"][r][c] is not None]
        if phase == "take":
            return [{"type": "take", "color": c} for c in self._slot_options(state)]
        if phase == "discard":
            _, over = storehouse_overflow(pl)
            return [{"type": "discard", "die": i} for i in kinds(pl["dice"]) if pl["dice"][i][0] in over]
        if phase == "outlaw":
            kind = state["outlaw"]["ask"]["kind"]
            t = "outlaw_take" if kind == "take" else "outlaw_return"
            return [{"type": t, "color": c} for c in outlaw_mod.ask_options(state)]
        # main phase
        if state["sub"] is not None:
            return self._sub_legal(state, pl, state["sub"])
        acts: list[Action] = []
        can_cancel = state["cancels"] < CANCEL_LIMIT
        build = state["build"]
        if build is not None:
            plan = PLANS[build["plan"]]
            empty = [i for i, d in enumerate(build["dice"]) if d is None]
            if empty:
                ks = kinds(pl["dice"])
                for pos in empty:
                    for i in ks:
                        acts.append({"type": "put", "die": i, "pos": pos})
            else:
                acts.extend(self._place_actions(state, pl, plan, build["dice"]))
            if can_cancel:
                acts.append({"type": "cancel"})
            acts.extend(self._power_starts(state, pl))
            if empty and len(pl["dice"]) > len(empty) and self._pan_firsts(state, pl):
                acts.append({"type": "pan"})  # a trade still leaves dice for every position
            return acts
        for pid in pl["hand"]:
            if len(pl["dice"]) >= len(PLANS[pid]["pos"]):
                acts.append({"type": "build", "plan": pid})
        acts.extend(self._power_starts(state, pl))
        if self._pan_firsts(state, pl):
            acts.append({"type": "pan"})
        acts.append({"type": "end"})
        return acts

    def _place_actions(self, state: State, pl: dict[str, Any], plan: dict[str, Any], dice: list[Any]) -> list[Action]:
        if state["opts"]["no_main_street"]:
            return [{"type": "place"}]
        spots = placements(pl["built"], state["town"], plan, dice)
        if not spots:
            return [{"type": "place"}]
        return [{"type": "place", "side": s["side"], "start": s["start"], "mirror": s["mirror"]} for s in spots]

    def _power_starts(self, state: State, pl: dict[str, Any]) -> list[Action]:
        acts: list[Action] = []
        if not pl["dice"]:
            return acts
        for k, b in enumerate(pl["built"]):
            plan = PLANS[b["plan"]]
            if plan["ptype"] != "once" or b["used"]:
                continue
            kind = plan["power"]["k"]
            if kind == "black_split" and not any(d[0] == "black" for d in pl["dice"]):
                continue
            if kind == "swap" and not any(d[0] in PLAIN for d in pl["dice"]):
                continue
            acts.append({"type": "power", "b": k})
        if pl["tokens"] > 0:
            acts.append({"type": "token"})
        return acts

    def _pan_firsts(self, state: State, pl: dict[str, Any]) -> list[int]:
        """Dice that can start a Gold Pan trade: with a partner, or gold for a die in the supply."""
        dice = pl["dice"]
        plain_left = any(state["supply"][c] > 0 for c in PLAIN)
        out = []
        for i in kinds(dice):
            d = dice[i]
            if (d[0] == "gold" and plain_left) or any(j != i and (e[0] == d[0] or e[1] == d[1]) for j, e in enumerate(dice)):
                out.append(i)
        return out

    def _slot_options(self, state: State) -> list[str]:
        take = state["take"]
        if not take or not take["slots"]:
            return []
        return [c for c in take["slots"][0] if state["supply"][c] > 0]

    def _sub_legal(self, state: State, pl: dict[str, Any], sub: dict[str, Any]) -> list[Action]:
        dice = pl["dice"]
        acts: list[Action] = []
        back = state["cancels"] < CANCEL_LIMIT
        k = sub["k"]
        if k == "gain":
            return [{"type": "color", "c": c} for c in PLAIN if state["supply"][c] > 0]
        if k == "pan":
            sel = sub["sel"]
            if not sel:
                acts = [{"type": "pick", "die": i} for i in self._pan_firsts(state, pl)]
            elif len(sel) == 1:
                first = dice[sel[0]]
                acts = [{"type": "pick", "die": j} for j in kinds(dice, skip=(sel[0],))
                        if dice[j][0] == first[0] or dice[j][1] == first[1]]
                if first[0] == "gold":
                    acts += [{"type": "color", "c": c} for c in PLAIN if state["supply"][c] > 0]
            else:
                back_counts = {c: 0 for c in COLORS}
                for i in sel:
                    back_counts[dice[i][0]] += 1
                acts = [{"type": "color", "c": c} for c in COLORS if state["supply"][c] + back_counts[c] > 0]
            if back:
                acts.append({"type": "back"})
            return acts
        if k == "token":
            if sub["die"] is None:
                acts = [{"type": "pick", "die": i} for i in kinds(dice)]
            else:
                cur = dice[sub["die"]][1]
                acts = [{"type": "value", "v": v} for v in range(1, 7) if v != cur]
            if back:
                acts.append({"type": "back"})
            return acts
        # a building power
        power = PLANS[pl["built"][sub["b"]]["plan"]]["power"]["k"]
        if power == "flip":
            acts = [{"type": "pick", "die": i} for i in kinds(dice)]
        elif power in ("adjust1", "adjust2"):
            n = 1 if power == "adjust1" else 2
            for i in kinds(dice):
                v = dice[i][1]
                if v + n <= 6:
                    acts.append({"type": "adj", "die": i, "d": n})
                if v - n >= 1:
                    acts.append({"type": "adj", "die": i, "d": -n})
        elif power == "plusminus":
            plus, minus = sub.get("plus"), sub.get("minus")
            skip = tuple(x for x in (plus, minus) if x is not None)
            for i in kinds(dice, skip=skip):
                v = dice[i][1]
                if plus is None and v < 6:
                    acts.append({"type": "adj", "die": i, "d": 1})
                if minus is None and v > 1:
                    acts.append({"type": "adj", "die": i, "d": -1})
            if plus is not None or minus is not None:
                acts.append({"type": "done"})
                return acts
        elif power == "reroll":
            acts = [{"type": "pick", "die": i} for i in kinds(dice, skip=tuple(sub["sel"]))]
            if sub["sel"]:
                acts.append({"type": "roll"})
        elif power == "black_split":
            acts = [{"type": "pick", "die": i} for i in kinds(dice) if dice[i][0] == "black"]
        elif power == "swap":
            if sub.get("die") is None:
                acts = [{"type": "pick", "die": i} for i in kinds(dice) if dice[i][0] in PLAIN]
            else:
                back_c = dice[sub["die"]][0]
                acts = [{"type": "color", "c": c} for c in PLAIN
                        if state["supply"][c] + (1 if c == back_c else 0) > 0]
        if back:
            acts.append({"type": "back"})
        return acts

    # --- apply ------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Action) -> State:
        if not isinstance(action, dict) or seat not in self.active(state) or action not in self.legal(state, seat):
            raise IllegalAction("That move is not allowed now.")
        st = clone(state)
        rng = Rng(st["rng"])
        t = action["type"]
        pl = st["players"][seat]
        if t == "start_die":
            if action["color"] != "none":
                st["supply"][action["color"]] -= 1
                pl["dice"].append([action["color"], rng.d6()])
            st.pop("start_seat", None)
            self._begin_turn(st)
        elif t == "claim":
            self._claim(st, seat, action["row"], action["col"], rng)
        elif t == "take":
            c = action["color"]
            st["supply"][c] -= 1
            st["take"]["got"].append(c)
            st["take"]["slots"].pop(0)
            self._advance_take(st, seat, rng)
        elif t == "build":
            pid = action["plan"]
            st["build"] = {"plan": pid, "dice": [None] * len(PLANS[pid]["pos"])}
        elif t == "put":
            st["build"]["dice"][action["pos"]] = pl["dice"].pop(action["die"])
        elif t == "cancel":
            pl["dice"].extend(d for d in st["build"]["dice"] if d is not None)
            st["build"] = None
            st["cancels"] += 1
        elif t == "place":
            at = [action["side"], action["start"], action["mirror"]] if "side" in action else None
            self._complete(st, seat, at, rng)
        elif t == "power":
            st["sub"] = {"k": "power", "b": action["b"], "sel": []}
        elif t == "token":
            st["sub"] = {"k": "token", "die": None}
        elif t == "pan":
            st["sub"] = {"k": "pan", "sel": []}
        elif t == "back":
            st["sub"] = None
            st["cancels"] += 1
        elif t in ("pick", "adj", "value", "color", "done", "roll"):
            self._sub_step(st, seat, action, rng)
        elif t == "end":
            self._end_turn(st, seat, rng)
        elif t == "discard":
            d = pl["dice"].pop(action["die"])
            st["supply"][d[0]] += 1
            if storehouse_overflow(pl)[0] == 0:
                self._after_turn(st, rng)
        elif t in ("outlaw_take", "outlaw_return"):
            outlaw_mod.answer(st, action["color"])
            st["phase"] = "main"
            self._continue_outlaw(st, rng)
        else:  # pragma: no cover - legal() guards every type
            raise IllegalAction("Unknown move.")
        if st["sub"] is None:
            for p in st["players"]:
                _sort_dice(p["dice"])
        if st["mode"] == "multi" and not st["ending"] and self._end_condition(st):
            st["ending"] = True
        return st

    # --- turn flow ------------------------------------------------------------------
    def _begin_turn(self, st: State) -> None:
        st["cancels"] = 0
        st["build"] = None
        st["sub"] = None
        if any(pid is not None for row in st["rows"] for pid in row):
            st["phase"] = "claim"
        else:
            st["phase"] = "main"

    def _claim(self, st: State, seat: int, row: int, col: int, rng: Rng) -> None:
        pid = st["rows"][row][col]
        st["rows"][row][col] = None
        st["players"][seat]["hand"].append(pid)
        back = BACKS[outlaw_mod.back_of(st, row)]
        got = []
        for c in back["fixed"]:
            if st["supply"][c] > 0:
                st["supply"][c] -= 1
                got.append(c)
        st["take"] = {"row": row, "col": col, "got": got, "slots": [list(s) for s in back["choice"]]}
        self._advance_take(st, seat, rng)

    def _advance_take(self, st: State, seat: int, rng: Rng) -> None:
        take = st["take"]
        while take["slots"]:
            opts = self._slot_options(st)
            if len(opts) > 1:
                st["phase"] = "take"
                return
            if opts:
                st["supply"][opts[0]] -= 1
                take["got"].append(opts[0])
            take["slots"].pop(0)
        rolled = [[c, rng.d6()] for c in take["got"]]
        st["players"][seat]["dice"].extend(clone(rolled))
        st["rolled"] = rolled
        outlaw_mod.refill(st, take["row"], take["col"])
        st["take"] = None
        st["phase"] = "main"

    def _complete(self, st: State, seat: int, at: Optional[list[Any]], rng: Rng) -> None:
        pl = st["players"][seat]
        build = st["build"]
        plan = PLANS[build["plan"]]
        pen = penalty_detail(plan, build["dice"])["count"]
        pl["penalties"] += pen
        pl["hand"].remove(plan["id"])
        pl["built"].append({"plan": plan["id"], "dice": build["dice"], "at": at, "used": False, "pen": pen})
        st["build"] = None
        kind = plan["power"]["k"]
        if kind == "tokens":
            pl["tokens"] += plan["power"]["n"]
        elif kind == "warehouse":
            pl["extra"] += EXTRA_SPACES
            for c in PLAIN:
                if st["supply"][c] > 0:
                    st["supply"][c] -= 1
                    pl["dice"].append([c, rng.d6()])
        elif kind == "gain_die":
            opts = [c for c in PLAIN if st["supply"][c] > 0]
            if len(opts) == 1:
                st["supply"][opts[0]] -= 1
                pl["dice"].append([opts[0], rng.d6()])
            elif opts:
                st["sub"] = {"k": "gain"}

    def _sub_step(self, st: State, seat: int, action: Action, rng: Rng) -> None:
        pl = st["players"][seat]
        dice = pl["dice"]
        sub = st["sub"]
        t = action["type"]
        k = sub["k"]
        if k == "gain":
            c = action["c"]
            st["supply"][c] -= 1
            dice.append([c, rng.d6()])
            st["sub"] = None
            return
        if k == "pan":
            if t == "pick":
                sub["sel"].append(action["die"])
                return
            c = action["c"]
            for i in sorted(sub["sel"], reverse=True):
                d = dice.pop(i)
                st["supply"][d[0]] += 1
            st["supply"][c] -= 1
            dice.append([c, rng.d6()])
            st["sub"] = None
            return
        if k == "token":
            if t == "pick":
                sub["die"] = action["die"]
                return
            dice[sub["die"]][1] = action["v"]
            pl["tokens"] -= 1
            st["sub"] = None
            return
        built = pl["built"][sub["b"]]
        power = PLANS[built["plan"]]["power"]["k"]
        finished = True
        if power == "flip":
            d = dice[action["die"]]
            d[1] = 7 - d[1]
        elif power in ("adjust1", "adjust2"):
            dice[action["die"]][1] += action["d"]
        elif power == "plusminus":
            if t == "adj":
                dice[action["die"]][1] += action["d"]
                sub["plus" if action["d"] > 0 else "minus"] = action["die"]
                finished = sub.get("plus") is not None and sub.get("minus") is not None
        elif power == "reroll":
            if t == "pick":
                sub["sel"].append(action["die"])
                finished = False
            else:
                for i in sub["sel"]:
                    dice[i][1] = rng.d6()
        elif power == "black_split":
            dice.pop(action["die"])
            st["supply"]["black"] += 1
            for c in ("brown", "gray"):
                if st["supply"][c] > 0:
                    st["supply"][c] -= 1
                    dice.append([c, rng.d6()])
        elif power == "swap":
            if t == "pick":
                sub["die"] = action["die"]
                finished = False
            else:
                d = dice.pop(sub["die"])
                st["supply"][d[0]] += 1
                st["supply"][action["c"]] -= 1
                dice.append([action["c"], rng.d6()])
        if finished:
            built["used"] = True
            st["sub"] = None

    def _end_turn(self, st: State, seat: int, rng: Rng) -> None:
        pl = st["players"][seat]
        for b in pl["built"]:
            b["used"] = False
        if storehouse_overflow(pl)[0] > 0:
            st["phase"] = "discard"
            return
        self._after_turn(st, rng)

    def _end_condition(self, st: State) -> bool:
        if not any(pid is not None for row in st["rows"] for pid in row):
            return True  # nothing left to claim
        if st["opts"]["surplus"]:
            return sum(1 for deck in st["decks"] if not deck) >= 2
        return sum(1 for c in COLORS if st["supply"][c] <= 2) >= 2

    def _after_turn(self, st: State, rng: Rng) -> None:
        st["phase"] = "main"
        st["build"] = None
        st["sub"] = None
        mode = st["mode"]
        if mode == "multi":
            if self._end_condition(st):
                st["ending"] = True
            last = (st["first"] - 1) % st["n"]
            if st["ending"] and st["turn"] == last:
                self._game_over(st)
                return
            st["turn"] = (st["turn"] + 1) % st["n"]
            if st["turn"] == st["first"]:
                st["round"] += 1
            self._begin_turn(st)
        elif mode == "sole-surveyor":
            if self._end_condition(st):
                self._game_over(st)
                return
            outlaw_mod.surveyor_turn(st, rng)
            st["round"] += 1
            self._begin_turn(st)
        else:
            outlaw_mod.outlaw_turn(st, rng)
            self._continue_outlaw(st, rng)

    def _continue_outlaw(self, st: State, rng: Rng) -> None:
        if not outlaw_mod.run_outlaw(st):
            st["phase"] = "outlaw"
            return
        if self._end_condition(st):
            self._game_over(st)
            return
        st["round"] += 1
        self._begin_turn(st)

    def _game_over(self, st: State) -> None:
        st["over"] = True
        st["revealed"] += 1  # the Horses are shown
        st["phase"] = "over"
        st["build"] = None
        st["sub"] = None

    # --- scoring ----------------------------------------------------------------------
    def neighbor_plans(self, st: State, seat: int) -> list[int]:
        n = st["n"]
        if n == 1:
            return list(st["outlaw"]["plans"]) if st["outlaw"] else []
        others = {(seat - 1) % n, (seat + 1) % n} - {seat}
        return [b["plan"] for o in sorted(others) for b in st["players"][o]["built"]]

    def score_parts(self, st: State, seat: int, horse_known: bool = True, street: Optional[int] = None) -> dict[str, int]:
        pl = st["players"][seat]
        icon = HORSES[pl["horse"]]["icon"] if horse_known and pl.get("horse") is not None else None
        return player_score(pl, icon, st["town"], st["opts"]["no_main_street"], self.neighbor_plans(st, seat), street)

    def outlaw_parts(self, st: State) -> Optional[dict[str, int]]:
        o = st.get("outlaw")
        if not o:
            return None
        icons = [HORSES[h]["icon"] for h in o["horses"]] if o.get("horses") else []
        bonus = st["opts"]["difficulty"] in ("hard", "extra-hard")
        return outlaw_score(o["plans"], icons, o["penalties"], bonus, st["opts"]["no_main_street"])

    def missions_result(self, st: State) -> list[Optional[dict[str, Any]]]:
        out: list[Optional[dict[str, Any]]] = []
        for seat in range(st["n"]):
            m = st["missions"][seat]
            if not m or mission_info(m) is None:
                out.append(None)
                continue
            parts = self.score_parts(st, seat)
            pl = st["players"][seat]
            outlaw_total = None
            if st["n"] == 1 and st["opts"]["mission_hard"] and st["outlaw"]:
                outlaw_total = self.outlaw_parts(st)["total"]  # type: ignore[index]
            out.append(mission_result(m, pl, HORSES[pl["horse"]]["icon"], parts, outlaw_total))
        return out

    def outcome(self, state: State) -> Optional[dict[str, Any]]:
        if not state["over"]:
            return None
        n = state["n"]
        parts = [self.score_parts(state, s) for s in range(n)]
        scores = [p["total"] for p in parts]
        left = [len(state["players"][s]["dice"]) for s in range(n)]
        details = []
        missions = self.missions_result(state)
        for s in range(n):
            p = parts[s]
            d = {"Buildings": p["buildings"], "Gold buildings": p["gold"], "Horse": p["horse"],
                 "Main Street": p["street"], "Penalties": p["penalties"], "Dice left": left[s],
                 "Horse card": HORSES[state["players"][s]["horse"]]["name"]}
            m = missions[s]
            if m:
                d["Mission"] = f"{m['mission']}: {'cleared' if m['success'] else 'not cleared'}"
            details.append(d)
        columns = ["Buildings", "Gold buildings", "Horse", "Main Street", "Penalties", "Dice left"]
        out = make_outcome(scores, [(scores[s], left[s]) for s in range(n)], ["points", "more leftover dice"],
                           details=details, columns=columns)
        out["missions"] = missions
        if n == 1:
            out.update(self._solo_result(state, scores[0]))
        else:
            w = out["winners"]
            out["headline"] = (" and ".join(seat_token(s) for s in w) +
                               (" share the victory" if len(w) > 1 else " is the Best in the West"))
        return out

    def _solo_result(self, state: State, score: int) -> dict[str, Any]:
        mode = state["mode"]
        verdict = chart_verdict(score)
        res: dict[str, Any] = {"verdict": verdict}
        if mode == "outlaw":
            op = self.outlaw_parts(state)
            assert op is not None
            won = score > op["total"]
            res["outlaw"] = op
            res["solo_won"] = won
            res["headline"] = (f"{seat_token(0)} beats the Outlaw, {score} to {op['total']}" if won else
                               f"The Outlaw wins, {op['total']} to {score}")
            res["tiebreaks"] = []
            if not won:  # the Outlaw is no seat: nobody at the table won
                res["winners"] = []
        else:
            res["solo_won"] = None
            if mode == "no-outlaw":
                res["outlaw"] = self.outlaw_parts(state)
            res["headline"] = f"{seat_token(0)} scores {score}: {verdict}"
            res["tiebreaks"] = []
        return res

    # --- progress (Mission Mode) ----------------------------------------------------------
    def progress_update(self, progress: dict[str, Any], names: list[str], state: State) -> dict[str, Any]:
        if not state.get("over"):
            return dict(progress)
        return update_progress(progress, names, self.missions_result(state))

    def progress_options(self, progress: dict[str, Any], names: list[str], options: dict[str, Any]) -> dict[str, Any]:
        return options_from_progress(progress, names, options)

    # --- views ----------------------------------------------------------------------------
    def view(self, state: State, seat: Optional[int]) -> View:
        st = state
        over = st["over"]
        players = []
        for s, pl in enumerate(st["players"]):
            show = over or s == seat
            street = street_detail(pl["built"], st["town"])
            players.append({
                "dice": clone(pl["dice"]), "hand": list(pl["hand"]), "built": clone(pl["built"]),
                "penalties": pl["penalties"], "tokens": pl["tokens"], "extra": pl["extra"],
                "horse": pl["horse"] if show else None,
                "score": self.score_parts(st, s, horse_known=show, street=street["total"]),
                "street": street,
                "capacity": capacity(pl),
            })
        v: View = {
            "game": "tumble-town", "seats": st["n"], "viewer": seat, "opts": dict(st["opts"]), "mode": st["mode"],
            "town": st["town"], "town_rows": TOWNS[st["town"]]["rows"],
            "rows": clone(st["rows"]), "deck_sizes": [len(d) for d in st["decks"]],
            "backs": [outlaw_mod.back_of(st, r) for r in range(3)], "supply": dict(st["supply"]),
            "boxed": list(st["boxed"]), "players": players, "first": st["first"], "turn": st["turn"],
            "round": st["round"], "phase": st["phase"], "take": clone(st["take"]), "build": clone(st["build"]),
            "sub": clone(st["sub"]), "cancels": st["cancels"], "rolled": clone(st["rolled"]),
            "ending": st["ending"] or (st["mode"] != "multi" and self._end_condition(st)),
            "over": over, "missions": list(st["missions"]),
            "start_seat": st.get("start_seat"),
            "asked": "" if over else self.prompt(st, self.active(st)[0]),
        }
        if st["outlaw"]:
            o = st["outlaw"]
            v["outlaw"] = {"plans": list(o["plans"]), "dice": dict(o["dice"]), "penalties": o["penalties"],
                           "horses": list(o["horses"]) if over else None, "n_horses": len(o["horses"]),
                           "ask": clone(o["ask"]), "last": clone(o["last"])}
        else:
            v["outlaw"] = None
        v["surveyor"] = clone(st["surveyor"])
        if st["build"] is not None:
            v["preview"] = self.build_preview(st)
        if over:
            v["outcome"] = self.outcome(st)
        return v

    def build_preview(self, st: State) -> dict[str, Any]:
        """What the construction in progress would cost and score, for the page."""
        build = st["build"]
        pl = st["players"][st["turn"]]
        plan = PLANS[build["plan"]]
        detail = penalty_detail(plan, build["dice"])
        full = all(d is not None for d in build["dice"])
        prev: dict[str, Any] = {"penalty": detail["count"], "bad": sorted(set(detail["color"]) | set(detail["value"])),
                                "full": full, "spots": []}
        if full and not st["opts"]["no_main_street"]:
            prev["spots"] = placements(pl["built"], st["town"], plan, build["dice"])
        return prev

    # --- text -------------------------------------------------------------------------------
    def prompt(self, state: State, seat: int) -> str:
        if seat not in self.active(state):
            return "Waiting for another player" if not state["over"] else "The game is over"
        phase = state["phase"]
        if phase == "start":
            return "Choose your third starting die: gray or black"
        if phase == "claim":
            return "Claim a Building Plan from the three rows"
        if phase == "take":
            return "Choose the colour of your next die"
        if phase == "discard":
            return "Your Storehouse is full: discard a die to the supply"
        if phase == "outlaw":
            ask = state["outlaw"]["ask"]
            if ask["kind"] == "take":
                return "The Outlaw takes from the smallest supply: choose which"
            return "The Outlaw returns dice: choose a colour"
        sub = state["sub"]
        if sub:
            k = sub["k"]
            if k == "gain":
                return "Choose the colour of the die you gain"
            if k == "pan":
                return ("Gold Pan: choose a die to trade" if not sub["sel"] else
                        "Gold Pan: choose its partner (same colour or number)" if len(sub["sel"]) == 1 and
                        state["players"][seat]["dice"][sub["sel"][0]][0] != "gold" else
                        "Gold Pan: choose the colour you get")
            if k == "token":
                return "Dice Token: choose a die" if sub["die"] is None else "Dice Token: choose its new value"
            plan = PLANS[state["players"][seat]["built"][sub["b"]]["plan"]]
            return f"{plan['name']}: {power_text(plan['power'])}"
        build = state["build"]
        if build:
            plan = PLANS[build["plan"]]
            if any(d is None for d in build["dice"]):
                return f"Building the {plan['name']}: put a die on each position"
            return f"Place the {plan['name']} on your Town card"
        return "Construct, use powers or the Gold Pan, then end your turn"

    def describe(self, state: State, seat: int, action: Action) -> str:
        who = seat_token(seat)
        t = action.get("type")
        pl = state["players"][seat]
        try:
            after = self.apply(state, seat, action)
        except IllegalAction:
            return f"{who} tries a move that is not allowed"
        extra = self._consequences(state, after, seat)
        if t == "start_die":
            return f"{who} starts with a {action['color']} die" + extra
        if t == "claim":
            plan = PLANS[state["rows"][action["row"]][action["col"]]]
            return f"{who} claims the {plan['name']} from the {LEVEL_NAMES[plan['level']]} row" + extra
        if t == "take":
            return f"{who} takes a {action['color']} die" + extra
        if t == "build":
            return f"{who} starts building the {PLANS[action['plan']]['name']}"
        if t == "put":
            d = pl["dice"][action["die"]]
            return f"{who} puts a {die_name(d)} on the plan"
        if t == "cancel":
            return f"{who} takes the dice back off the plan"
        if t == "place":
            plan = PLANS[state["build"]["plan"]]
            built = after["players"][seat]["built"][-1]
            pen = built["pen"]
            where = ""
            if "side" in action:
                cols = [action["start"] + i for i in range(plan["width"])]
                on = [c + 1 for c in cols if 0 <= c < PLOTS]
                plots = f"plot {on[0]}" if len(on) == 1 else f"plots {on[0]}–{on[-1]}"
                where = f" on the {SIDE_NAMES[action['side']]} side of Main Street ({plots})" \
                        + (", mirrored" if action["mirror"] else "")
            pens = f" with {pen} Penalty token{'s' if pen != 1 else ''}" if pen else ""
            return f"{who} builds the {plan['name']}{where}{pens}" + extra
        if t == "power":
            plan = PLANS[pl["built"][action["b"]]["plan"]]
            return f"{who} uses the {plan['name']}"
        if t == "token":
            return f"{who} reaches for a Dice Token"
        if t == "pan":
            return f"{who} goes to the Gold Pan"
        if t == "back":
            return f"{who} changes their mind"
        if t in ("pick", "adj", "value", "color", "done", "roll"):
            return self._describe_sub(state, after, seat, action) + extra
        if t == "end":
            return f"{who} ends the turn" + extra
        if t == "discard":
            return f"{who} discards a {die_name(pl['dice'][action['die']])}" + extra
        if t == "outlaw_take":
            return f"{who} sends the Outlaw to the {action['color']} supply" + extra
        if t == "outlaw_return":
            return f"{who} picks {action['color']} for the Outlaw to return" + extra
        return f"{who} acts"

    def _describe_sub(self, state: State, after: State, seat: int, action: Action) -> str:
        who = seat_token(seat)
        sub = state["sub"]
        dice = state["players"][seat]["dice"]
        k = sub["k"]
        t = action["type"]
        if k == "gain":
            return f"{who} gains a {action['c']} die"
        if k == "pan":
            if t == "pick":
                return f"{who} puts a {die_name(dice[action['die']])} in the Gold Pan"
            return f"{who} pans for a {action['c']} die"
        if k == "token":
            if t == "pick":
                return f"{who} picks the {die_name(dice[action['die']])} for a Dice Token"
            return f"{who} spends a Dice Token: the die now shows {action['v']}"
        plan = PLANS[state["players"][seat]["built"][sub["b"]]["plan"]]
        if t == "adj":
            d = dice[action["die"]]
            return f"{who} turns a {die_name(d)} into a {d[1] + action['d']} ({plan['name']})"
        if t == "pick":
            d = dice[action["die"]]
            power = plan["power"]["k"]
            if power == "flip":
                return f"{who} flips a {die_name(d)} to {7 - d[1]} ({plan['name']})"
            if power == "black_split":
                return f"{who} trades a black die for a brown and a gray ({plan['name']})"
            if power == "swap":
                return f"{who} returns a {die_name(d)} ({plan['name']})"
            return f"{who} marks a {die_name(d)} to reroll"
        if t == "roll":
            return f"{who} rerolls {len(sub['sel'])} dice ({plan['name']})"
        if t == "color":
            return f"{who} takes a {action['c']} die ({plan['name']})"
        return f"{who} is done with the {plan['name']}"

    def _consequences(self, before: State, after: State, seat: int) -> str:
        """Public results of an action: dice rolled, plans revealed, the opponents' turns."""
        bits = []
        b_dice = before["players"][seat]["dice"]
        a_dice = after["players"][seat]["dice"]
        if after["rng"] != before["rng"]:
            if before["phase"] in ("claim", "take") and after["phase"] != "take":
                bits.append("rolls " + dice_text(after["rolled"]))
            elif before["phase"] in ("main", "start"):
                gained = list(a_dice)
                for d in b_dice:
                    if d in gained:
                        gained.remove(d)
                if gained:
                    bits.append("rolls " + dice_text(gained))
        if before["mode"] in ("outlaw", "no-outlaw"):
            if before["phase"] == "outlaw":
                moved = {c: after["outlaw"]["dice"][c] - before["outlaw"]["dice"][c] for c in COLORS}
                got = [f"{n} {c}" for c, n in moved.items() if n > 0]
                back = [f"{-n} {c}" for c, n in moved.items() if n < 0]
                if got:
                    bits.append("it takes " + ", ".join(got))
                if back:
                    bits.append("it returns " + ", ".join(back))
                if after["phase"] != "outlaw":
                    bits.append(f"the Outlaw ends its turn with {after['outlaw']['penalties']} Penalty tokens")
            elif after["round"] != before["round"] or (after["over"] and not before["over"]) or after["phase"] == "outlaw":
                bits.append(outlaw_text(after["outlaw"]["last"]))
        if before["mode"] == "sole-surveyor" and after["round"] != before["round"]:
            last = after["surveyor"]["last"]
            if last["plans"]:
                bits.append(f"the Sole Surveyor rolls {last['roll']} and clears " +
                            ", ".join(PLANS[p]["name"] for p in last["plans"]))
            else:
                bits.append(f"the Sole Surveyor rolls {last['roll']}")
        for r in range(3):
            for c in range(4):
                pid = after["rows"][r][c]
                if pid is not None and pid != before["rows"][r][c]:
                    bits.append(f"the {PLANS[pid]['name']} is revealed")
        if after["ending"] and not before["ending"]:
            bits.append("the end of the game is near: this round is the last")
        if after["over"] and not before["over"]:
            bits.append("the game is over")
        return ("; " + "; ".join(bits)) if bits else ""

    # --- search support ---------------------------------------------------------------------
    def determinize(self, view: View, seat: int, rng: Rng) -> State:
        n = view["seats"]
        seen: set[int] = set()
        for row in view["rows"]:
            seen.update(p for p in row if p is not None)
        for pl in view["players"]:
            seen.update(pl["hand"])
            seen.update(b["plan"] for b in pl["built"])
        if view.get("build"):
            seen.add(view["build"]["plan"])
        if view.get("outlaw"):
            seen.update(view["outlaw"]["plans"])
        seen.update(view["boxed"])
        decks = []
        for level in (1, 2, 3):
            pool = [p["id"] for p in PLANS if p["level"] == level and p["id"] not in seen
                    and not (n == 2 and p["name"] == "Dance Hall")]
            rng.shuffle(pool)
            size = view["deck_sizes"][level - 1]
            back = view["backs"][level - 1]
            deck = pool[:size]
            if size and PLANS[deck[0]]["back"] != back:
                for j, pid in enumerate(pool):
                    if PLANS[pid]["back"] == back:
                        if j < size:
                            deck[0], deck[j] = deck[j], deck[0]
                        else:
                            deck[0] = pid
                        break
            decks.append(deck)
        mine = view["players"][seat]["horse"]
        others = [h["id"] for h in HORSES if h["id"] != mine]
        rng.shuffle(others)
        players = []
        for pl in view["players"]:
            horse = pl["horse"] if pl["horse"] is not None else others.pop()
            players.append({"dice": clone(pl["dice"]), "hand": list(pl["hand"]), "built": clone(pl["built"]),
                            "penalties": pl["penalties"], "tokens": pl["tokens"], "extra": pl["extra"],
                            "horse": horse})
        outlaw = None
        if view.get("outlaw"):
            o = view["outlaw"]
            horses = o["horses"] if o["horses"] is not None else others[:o["n_horses"]]
            outlaw = {"plans": list(o["plans"]), "dice": dict(o["dice"]), "penalties": o["penalties"],
                      "horses": horses, "q": [], "ask": clone(o["ask"]), "last": clone(o["last"])}
        state: State = {
            "rng": [rng.next_u32() | 1, rng.next_u32(), rng.next_u32(), rng.next_u32()], "revealed": 0,
            "n": n, "opts": dict(view["opts"]), "mode": view["mode"], "town": view["town"],
            "decks": decks, "rows": clone(view["rows"]), "supply": dict(view["supply"]), "boxed": list(view["boxed"]),
            "players": players, "first": view["first"], "turn": view["turn"], "round": view["round"],
            "phase": view["phase"], "take": clone(view["take"]), "build": clone(view["build"]), "sub": clone(view["sub"]),
            "cancels": view["cancels"], "rolled": clone(view["rolled"]), "ending": bool(view["ending"]) and view["mode"] == "multi",
            "over": view["over"], "outlaw": outlaw, "surveyor": clone(view["surveyor"]),
            "missions": list(view["missions"]),
        }
        if view.get("start_seat") is not None:
            state["start_seat"] = view["start_seat"]
        if outlaw and outlaw["ask"]:
            outlaw["q"] = [{"op": "take", "c": None, "n": outlaw["ask"].get("n", 0)}] if outlaw["ask"]["kind"] == "take" \
                else [{"op": "return", "left": outlaw["ask"]["left"], "options": list(outlaw["ask"]["options"])}]
        return state

    def heuristic(self, state: State, seat: int) -> float:
        parts = self.score_parts(state, seat)
        mine = parts["total"] + len(state["players"][seat]["dice"]) * 0.01
        if state["n"] == 1:
            o = self.outlaw_parts(state)
            rival = o["total"] if o else 50
        else:
            rival = max(self.score_parts(state, s)["total"] for s in range(state["n"]) if s != seat)
        return mine - rival


def power_text(power: dict[str, Any]) -> str:
    k = power["k"]
    return {
        "flip": "flip a die to its opposite side",
        "plusminus": "add 1 to one die and/or subtract 1 from another",
        "adjust1": "add 1 to or subtract 1 from a die",
        "adjust2": "add 2 to or subtract 2 from a die",
        "black_split": "return a black die for a brown and a gray die",
        "reroll": "reroll any number of your dice once",
        "swap": "return a brown, gray or black die and take a brown, gray or black die",
        "gain_die": "gain a brown, gray or black die of your choice",
        "warehouse": "gain a brown, gray and black die and three Storehouse spaces",
        "tokens": "gain three Dice Tokens",
        "pairs": f"{power.get('pts')} points for each pair of dice in your Storehouse",
        "feature": f"{power.get('pts')} point{'s' if power.get('pts') != 1 else ''} for each {power.get('f')} on your buildings",
        "height": f"{power.get('pts')} point for each building of height {power.get('h')}",
        "sets": f"{power.get('pts')} points for each set of all four style icons (Horse included)",
        "neighbor": f"{power.get('pts')} point for each {power.get('icon')} on your neighbours' buildings",
    }[k]


def outlaw_text(last: dict[str, Any]) -> str:
    roll = last["roll"]
    bits = ["the Outlaw rolls " + ", ".join(f"{c} {v}" for c, v in roll.items())]
    if last["plans"]:
        bits.append("steals " + ", ".join(PLANS[p]["name"] for p in last["plans"]))
    took = {c: n for c, n in last["took"].items() if n}
    if took:
        bits.append("takes " + ", ".join(f"{n} {c}" for c, n in took.items()) + " dice")
    ret = {c: n for c, n in last["returned"].items() if n}
    if ret:
        bits.append("returns " + ", ".join(f"{n} {c}" for c, n in ret.items()))
    if last["penalty"] > 0:
        bits.append(f"gains {last['penalty']} Penalty token{'s' if last['penalty'] != 1 else ''}")
    elif last["penalty"] < 0:
        bits.append("drops a Penalty token")
    return ", ".join(bits)


RULES = TumbleTown(
    id="tumble-town",
    title="Tumble Town",
    seats=(1, 4),
    options=OPTIONS,
    version=1,
    blurb="Roll dice, claim building plans and raise the best frontier town in the West. 1–4 players.",
)

