"""Tumble Town rules: setup, the four phases of a turn, the Gold Pan, building powers,
Main Street placement, the game end and the tally; the solo modes and Mission Mode.

Every choice is one action. Constructing is a sequence held in `state["build"]`:
choose a plan from your hand, put dice on its positions one at a time, then choose
where it stands on your Town card (the choice confirms it); cancel hands the dice
back. Powers, Dice Tokens and the Gold Pan use short sub-steps in `state["sub"]`.

`apply` checks the action and plays it (turn.py, on the kit's Move); phrases.py words the
events for the kit's log joiner.
What is hidden: the three Plan decks (only the back of each top card shows, kept in
`state["backs"]`), each player's Horse (until the end) and the Outlaw's Horses.

Rules versions: 1 is the first release; 2 reads the rulebook more closely (the Jail's
power is offered only when it can be completed; the 3-cactus back takes a gold die and
any two other dice, gold included). A version-1 game keeps its rules.
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.rules import Action, Event, IllegalAction, Rules, State, View, is_listed, make_outcome, seat_token
from tabletown.engine.zones import HIDDEN, OWNER, Zone, Zones

from . import outlaw as outlaw_mod
from .content import (
    COLORS,
    DICE_RETURNED,
    DICE_TOTAL,
    HORSES,
    LEVELS,
    PLAIN,
    PLANS,
    PLANS_PER_DECK,
    STARTING_DICE,
    SURVEYOR_EXTRA_RETURNED,
    points,
    verdict_index,
)
from .content import verdict as chart_verdict
from .fitting import least_penalty
from .missions import mission_info, mission_result, options_from_progress, update_progress
from .phrases import AFTERWARDS, PHRASES, power_text
from .powers import POWERS, kinds
from .scoring import outlaw_score, penalty_detail, placements, player_score, street_detail
from .story import tell as tell_story
from .turn import begin_turn, end_condition, play, slot_options, sort_dice, storehouse_overflow

CANCEL_LIMIT = 8  # take-backs per turn (cancel a construction, a power or the Gold Pan)


class TumbleTown(Rules):
    zones = Zones(
        Zone("decks.1", HIDDEN, pool="plans1"),
        Zone("decks.2", HIDDEN, pool="plans2"),
        Zone("decks.3", HIDDEN, pool="plans3"),
        Zone("players.*.horse", OWNER, pool="horses"),
        Zone("outlaw.horses", HIDDEN, pool="horses"),
    )
    phrases = PHRASES
    afterwards = AFTERWARDS

    # --- setup ---------------------------------------------------------------------
    def setup(self, seed: int, seats: int, options: dict[str, Any], campaign: Optional[dict[str, Any]] = None,
              version: Optional[int] = None) -> State:
        opts = self.spec.normalize(seats, options)
        if opts["mission"] == "next":
            opts["mission"] = 1
        mode = opts["mode"] if seats == 1 else "multi"
        rng_words = seed_state(seed)
        rng = Rng(rng_words)
        decks: dict[str, list[int]] = {}
        per_deck = PLANS_PER_DECK[seats]
        for level in LEVELS:
            pool = [p["id"] for p in PLANS if p["level"] == int(level)
                    and not (seats == 2 and p["name"] == "Dance Hall")]
            rng.shuffle(pool)
            decks[level] = pool[:per_deck]
        rows = [[decks[level].pop(0) for _ in range(4)] for level in LEVELS]
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
            sort_dice(dice)
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
            "rng": rng_words, "v": version or self.spec.rules_version, "n": seats, "opts": opts, "mode": mode,
            "town": opts["town"], "decks": decks, "backs": [], "rows": rows, "supply": supply, "boxed": [],
            "players": players, "first": 0, "turn": 0, "round": 1, "phase": "claim", "take": None,
            "build": None, "sub": None, "cancels": 0, "ending": False, "over": False, "shown": None,
            "outlaw": outlaw, "surveyor": surveyor, "missions": missions, "start_seat": None,
        }
        state["backs"] = [outlaw_mod.back_of(state, r) for r in range(3)]
        if pending_start is not None:
            state["phase"] = "start"
            state["start_seat"] = pending_start
        else:
            begin_turn(state)
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
            return [{"type": "take", "color": c} for c in slot_options(state)]
        if phase == "discard":
            _, over = storehouse_overflow(pl)
            return [{"type": "discard", "die": i} for i in kinds(pl["dice"]) if pl["dice"][i][0] in over]
        if phase == "outlaw":
            kind = state["outlaw"]["ask"]["kind"]
            t = "outlaw_take" if kind == "take" else "outlaw_return"
            return [{"type": t, "color": c} for c in outlaw_mod.ask_options(state)]
        # the construct phase
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
            if POWERS.handlers[plan["power"]["k"]].usable(state, pl, state["v"]):
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
        elif k == "token":
            if sub["die"] is None:
                acts = [{"type": "pick", "die": i} for i in kinds(dice)]
            else:
                cur = dice[sub["die"]][1]
                acts = [{"type": "value", "v": v} for v in range(1, 7) if v != cur]
        else:
            power = PLANS[pl["built"][sub["b"]]["plan"]]["power"]["k"]
            acts = POWERS.handlers[power].offer(state, pl, sub)
            if power == "plusminus" and (sub.get("plus") is not None or sub.get("minus") is not None):
                return acts  # half done: finish with "done"; no taking back
        if back:
            acts.append({"type": "back"})
        return acts

    # --- apply ------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[dict[str, Any]]]:
        if not isinstance(action, dict) or seat not in self.active(state) or not is_listed(action, self.legal(state, seat)):
            raise IllegalAction("That move is not allowed now.")
        return play(state, seat, action)

    # --- scoring ----------------------------------------------------------------------
    def neighbor_plans(self, st: State, seat: int) -> list[int]:
        n = st["n"]
        if n == 1:
            return list(st["outlaw"]["plans"]) if st["outlaw"] else []
        others = {(seat - 1) % n, (seat + 1) % n} - {seat}
        return [b["plan"] for o in sorted(others) for b in st["players"][o]["built"]]

    def score_parts(self, st: State, seat: int, street: Optional[int] = None, horse: Any = "state") -> dict[str, int]:
        """The tally of `seat` (with `horse`, a Horse id or None when unknown; by default the state's)."""
        pl = st["players"][seat]
        if horse == "state":
            horse = pl.get("horse")
        icon = HORSES[horse]["icon"] if isinstance(horse, int) else None
        return player_score(pl, icon, st["town"], st["opts"]["no_main_street"], self.neighbor_plans(st, seat), street,
                            st["v"])

    def outlaw_parts(self, st: State) -> Optional[dict[str, int]]:
        o = st.get("outlaw")
        if not o:
            return None
        icons = [HORSES[h]["icon"] for h in o["horses"] if isinstance(h, int)]
        bonus = st["opts"]["difficulty"] in ("hard", "extra-hard")
        return outlaw_score(o["plans"], icons, o["penalties"], bonus, st["opts"]["no_main_street"], st["v"])

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
            d: dict[str, Any] = {"Buildings": p["buildings"], "Gold buildings": p["gold"], "Horse": p["horse"],
                                 "Main Street": p["street"], "Penalties": p["penalties"], "Dice left": left[s],
                                 "Horse card": HORSES[state["players"][s]["horse"]]["name"]}
            m = missions[s]
            if m:
                d["Mission"] = f"{m['mission']}: {'cleared' if m['success'] else 'not cleared'}"
            details.append(d)
        columns = ["Buildings", "Gold buildings", "Horse", "Main Street", "Penalties", "Dice left", "Horse card"]
        if any(missions):
            columns.append("Mission")
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
        res: dict[str, Any] = {"verdict": verdict, "verdict_index": verdict_index(score)}
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

    # --- campaigns (Mission Mode progress by player name) ----------------------------------
    def campaign_update(self, campaign: Optional[dict[str, Any]], names: list[str], state: State) -> Optional[dict[str, Any]]:
        progress = dict(campaign or {})
        if not state.get("over"):
            return progress
        return update_progress(progress, names, self.missions_result(state))

    def campaign_options(self, campaign: Optional[dict[str, Any]], names: list[str], options: dict[str, Any]) -> dict[str, Any]:
        return options_from_progress(campaign or {}, names, options)

    # --- views ----------------------------------------------------------------------------
    def derive(self, state: State, view: View, seat: Optional[int]) -> None:
        """Figures the board shows, computed from what `seat` may see (the view itself)."""
        shown = view.get("shown")
        n = view["n"]
        scores = []
        streets = []
        for s in range(n):
            horse = shown["players"][s] if shown else view["players"][s]["horse"]
            street = street_detail(view["players"][s]["built"], view["town"])
            streets.append(street)
            parts = self.score_parts(view, s, street=street["total"], horse=horse if isinstance(horse, int) else None)
            parts["horse_known"] = isinstance(horse, int)
            scores.append(parts)
        derived: dict[str, Any] = {
            "scores": scores,
            "streets": streets,
            "deck_sizes": [len(view["decks"][level]) for level in LEVELS],
            "last_round": bool(view["ending"]) or (view["mode"] != "multi" and end_condition(view)),
            "prompt": "" if view["over"] else self.prompt(view, self.active(view)[0]),
            "hints": None,
        }
        if view["outlaw"]:
            o = view["outlaw"]
            horses = shown["outlaw"] if shown else o["horses"]
            derived["outlaw"] = {
                "points": sum(points(PLANS[p], view["v"]) for p in o["plans"]),
                "horses": len(o["horses"]),
                "score": self.outlaw_parts(dict(view, outlaw=dict(o, horses=horses))) if shown else None,
            }
        active = self.active(view)
        if active and view["phase"] == "main":
            derived["hints"] = self._hints(view, active[0])
        if view["over"]:
            derived["result"] = self._result_notes(view)
        view["derived"] = derived

    def _hints(self, view: View, seat: int) -> dict[str, Any]:
        """For the player whose turn it is: what each plan in hand would cost, and what the
        construction in progress costs and where it may stand."""
        pl = view["players"][seat]
        hints: dict[str, Any] = {"least": {str(pid): least_penalty(PLANS[pid], pl["dice"]) for pid in pl["hand"]}}
        build = view["build"]
        if build is not None:
            plan = PLANS[build["plan"]]
            detail = penalty_detail(plan, build["dice"])
            full = all(d is not None for d in build["dice"])
            hints["penalty"] = detail["count"]
            hints["bad"] = sorted(set(detail["color"]) | set(detail["value"]))
            hints["full"] = full
            hints["spots"] = (placements(pl["built"], view["town"], plan, build["dice"])
                              if full and not view["opts"]["no_main_street"] else [])
            misses = []
            if not full and view["sub"] is None:
                for pos, d in enumerate(build["dice"]):
                    if d is not None:
                        continue
                    for i in kinds(pl["dice"]):
                        trial = list(build["dice"])
                        trial[pos] = pl["dice"][i]
                        miss = penalty_detail(plan, trial)
                        if pos in miss["color"] or pos in miss["value"]:
                            misses.append([i, pos])
            hints["misses"] = misses
        return hints

    def _result_notes(self, view: View) -> dict[str, Any]:
        """At the end, what the score table does not show: the Outlaw's tally, the chart's
        verdict and each mission's checks."""
        full = dict(view, players=[dict(p, horse=h) for p, h in zip(view["players"], view["shown"]["players"])])
        if view["outlaw"]:
            full["outlaw"] = dict(view["outlaw"], horses=view["shown"]["outlaw"])
        out = self.outcome(full)
        assert out is not None
        return {"headline": out.get("headline", ""), "verdict": out.get("verdict") if view["n"] == 1 else None,
                "outlaw": out.get("outlaw"), "missions": out["missions"]}

    def unseen(self, view: View, pool: str) -> list[Any]:
        if pool == "horses":
            seen = {p["horse"] for p in view["players"] if isinstance(p["horse"], int)}
            if view["outlaw"]:
                seen.update(h for h in view["outlaw"]["horses"] if isinstance(h, int))
            return [h["id"] for h in HORSES if h["id"] not in seen]
        level = int(pool[-1])
        seen = self._seen_plans(view)
        return [p["id"] for p in PLANS if p["level"] == level and p["id"] not in seen
                and not (view["n"] == 2 and p["name"] == "Dance Hall")]

    def _seen_plans(self, view: View) -> set[int]:
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
        return seen

    def determinize(self, view: View, seat: int, rng: Rng) -> State:
        state = super().determinize(view, seat, rng)
        # The 2-cactus deck's top card shows a gray or a black die on its back.
        deck = state["decks"]["2"]
        want = state["backs"][1]
        if deck and PLANS[deck[0]]["back"] != want:
            for j, pid in enumerate(deck):
                if PLANS[pid]["back"] == want:
                    deck[0], deck[j] = deck[j], deck[0]
                    break
            else:
                spare = [p for p in self.unseen(view, "plans2") if p not in deck and PLANS[p]["back"] == want]
                if spare:
                    deck[0] = spare[0]
        return state

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

    def tally(self, state: State) -> Optional[list[int]]:
        """Each seat's public score now (its Horse counts only once the Horses are shown)."""
        shown = state.get("shown")
        return [self.score_parts(state, s, horse=shown["players"][s] if shown else None)["total"]
                for s in range(state["n"])]

    def story(self, steps: list[tuple[int, Action, list[Event], State]], final: State) -> list[dict[str, Any]]:
        """The buildings and what each brought, the Penalty tokens, the moments that mattered."""
        return tell_story(steps, final, lambda st, s: self.score_parts(st, s, horse=None)["total"],
                          self.neighbor_plans, lambda s: HORSES[final["players"][s]["horse"]]["icon"])

    def topic(self, state: State, seat: int) -> Optional[str]:
        """The rules topic (data/rule_index.json) behind what `seat` is asked now, as `prompt` words it."""
        if seat not in self.active(state):
            return "prompt:waiting" if not state["over"] else "prompt:game-over"
        phase = state["phase"]
        simple = {"start": "prompt:start-die", "claim": "prompt:claim", "take": "prompt:take",
                  "discard": "prompt:storehouse-full"}
        if phase in simple:
            return simple[phase]
        if phase == "outlaw":
            return "prompt:outlaw-take" if state["outlaw"]["ask"]["kind"] == "take" else "prompt:outlaw-return"
        sub = state["sub"]
        if sub:
            if sub["k"] == "gain":
                return "prompt:gain"
            if sub["k"] == "pan":
                if not sub["sel"]:
                    return "prompt:pan-die"
                first = state["players"][seat]["dice"][sub["sel"][0]]
                return "prompt:pan-partner" if len(sub["sel"]) == 1 and first[0] != "gold" else "prompt:pan-colour"
            if sub["k"] == "token":
                return "prompt:token-die" if sub["die"] is None else "prompt:token-value"
            return "prompt:power"
        build = state["build"]
        if build:
            return "prompt:put-dice" if any(d is None for d in build["dice"]) else "prompt:place"
        return "prompt:construct"
