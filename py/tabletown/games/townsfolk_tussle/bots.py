"""Bot teammates at three levels. Each decides from its seat's view alone.

- easy: walks up to the Ruffian and swings its best weapon; buys the first weapon or armour it
  can afford; answers every question with the first sensible choice.
- hard: values gear by what it adds (expected DMG per turn, stats, abilities) and buys the best
  value for its Coins, keeps a loadout, heals when low, uses terrain and abilities that pay, picks
  the attack square that leaves it hardest to reach, retreats after attacking when it can, and
  answers questions to stay out of harm's way.
- expert: the hard bot's move, overruled where a search over tables imagined from its view finds
  a clearly better one for the team (engine/search.py; `team_standing` scores a table). A question
  asked in the middle of an action is answered as the hard bot answers it (`rules.imaginable`).
"""

from __future__ import annotations

from typing import Any, Callable

from tabletown.engine.prng import Rng
from tabletown.engine.search import Expert, squash

from . import content as C
from .board import dist_to_foot, foot, manhattan
from .match import Match
from .play import R
from .stats import can_attack

Action = dict[str, Any]

STRONG = ("henlo", "quintus", "norman", "yancy", "georgie", "blopsy", "melba")


def reader(view: dict[str, Any]) -> Match:
    """A Match over the view, for questions about the board (no dice are ever rolled on it)."""
    state = dict(view)
    state["rng"] = [1, 2, 3, 4]
    return Match(state, [])


# ------------------------------------------------------------------------------------------------
# Valuing gear


def weapon_value(m: Match, seat: int, inst: str) -> float:
    """Expected DMG per attack against an average Ruffian, less a little for MOX."""
    w = C.gear_of(inst).get("weapon") or {}
    if "dmg" not in w:
        return 0.0
    acc = m.stat(seat, "acc") if seat is not None else 0
    p = min(0.9, max(0.1, (11 - (w["acc"] - acc)) / 10))
    value = p * w["dmg"] * w.get("attacks", 1)
    if w.get("reload"):
        value *= 0.5
    value += 0.08 * (w.get("range", 1) - 1)
    value -= 0.25 * max(0, w["mox"] - 1)
    return value


def gear_value(m: Match, seat: int, inst: str) -> float:
    g = C.gear_of(inst)
    b = g.get("bonus") or {}
    value = 0.3 * b.get("hp", 0) + 0.8 * b.get("mvmt", 0) + 1.2 * b.get("mox", 0) + 1.0 * b.get("acc", 0)
    value += 2.0 * weapon_value(m, seat, inst)
    if g.get("mods"):
        value += 0.8 * len(g["mods"])
    if g.get("triggers"):
        value += 0.5 * len(g["triggers"])
    if g.get("activate"):
        value += 0.6 * len(g["activate"])
    if g.get("consumable"):
        value *= 0.6
    return value


def best_loadout_moves(m: Match, seat: int) -> list[Action]:
    """Equip moves that improve the townsfolk's kit (by gear value), one at a time."""
    out = []
    t = m.folk(seat)
    for inst in t["stash"]:
        for slot in m.fitting_slots(inst):
            current = [t["eq"].get(s) for s in (("left-hand", "right-hand") if slot == "hands" else (slot,))]
            current = [c for c in current if c]
            if slot in ("left-hand", "right-hand"):
                held = t["eq"].get(slot)
                if held and C.gear_of(held).get("hands") == 2:
                    current = [held]
            now = sum(gear_value(m, seat, c) for c in set(current))
            new = gear_value(m, seat, inst)
            if new > now + 0.05:
                out.append(({"type": "equip", "g": inst, "slot": slot}, new - now))
    out.sort(key=lambda x: -x[1])
    return [a for a, _ in out]


# ------------------------------------------------------------------------------------------------
# The bots


def choose_from(legal: list[Action], want: Callable[[Action], bool]) -> list[Action]:
    return [a for a in legal if want(a)]


class Bot:
    def __init__(self, hard: bool):
        self.hard = hard

    def __call__(self, rules: Any, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        m = reader(view)
        if view.get("pending"):
            return self.answer(m, view, seat, legal, rng)
        kind = view["stage"]["kind"]
        if kind == "pick":
            return self.pick(legal, rng)
        if kind == "reset":
            return self.reset(m, seat, legal)
        if kind == "shop":
            return self.shop(m, view, seat, legal, rng)
        if kind == "position":
            return self.position(m, seat, legal, rng)
        if kind == "turn":
            return self.turn(m, view, seat, legal, rng)
        if kind == "discard":
            return next(a for a in legal if a["type"] == "keep-feats")
        return legal[rng.below(len(legal))]

    # --- setup and town -------------------------------------------------------------------------------------
    def pick(self, legal: list[Action], rng: Rng) -> Action:
        if not self.hard:
            plain = [a for a in legal if not a["alt"]]
            return plain[rng.below(len(plain))]
        alts = [a for a in legal if a["alt"]]
        if alts:
            return alts[0]
        for tid in STRONG:
            for a in legal:
                if a["folk"] == tid:
                    return a
        return legal[0]

    def reset(self, m: Match, seat: int, legal: list[Action]) -> Action:
        if not self.hard:
            return {"type": "no-reset"}
        shop = m.s["peddler"]["shop"]
        best = max((gear_value(m, seat, g) / max(1, m.price(seat, g)) for g in shop), default=0)
        pledges = [a for a in legal if a["type"] == "pledge"]
        if best < 0.08 and pledges:
            return max(pledges, key=lambda a: a["n"]) if len(pledges) > 1 else pledges[0]
        return {"type": "no-reset"}

    def shop(self, m: Match, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng) -> Action:
        equips = [a for a in best_loadout_moves(m, seat) if a in legal]
        if equips:
            return equips[0]
        buys = [a for a in legal if a["type"] == "buy"]
        if buys:
            if not self.hard:
                useful = [a for a in buys if m.fitting_slots(a["g"])]
                if useful and rng.below(3):
                    return useful[0]
            else:
                scored = []
                for a in buys:
                    inst = a["g"]
                    slots = m.fitting_slots(inst)
                    gain = gear_value(m, seat, inst)
                    if slots:
                        held = [m.folk(seat)["eq"].get(s) for s in (("left-hand", "right-hand")
                                                                       if slots == ["hands"] else slots)]
                        held_values = [gear_value(m, seat, h) if h else 0.0 for h in held]
                        gain -= min(held_values) if slots != ["hands"] else sum(set(held_values))
                    if gain > 0.3:
                        scored.append((gain / max(1, m.price(seat, inst)), gain, a))
                if scored:
                    scored.sort(key=lambda x: (-x[0], -x[1]))
                    return scored[0][2]
        uses = [a for a in legal if a["type"] == "use"]
        if self.hard and uses:
            return uses[0]
        return {"type": "pass"}

    def position(self, m: Match, seat: int, legal: list[Action], rng: Rng) -> Action:
        if not self.hard:
            return legal[rng.below(len(legal))]
        f = m.fight
        ranged = any((C.gear_of(g).get("weapon") or {}).get("style") == "ranged" for g in m.weapons(seat))

        def score(a: Action) -> float:
            d = dist_to_foot(a["at"], f["pos"])
            return -d if not ranged else -abs(d - 4)

        return max(legal, key=score)

    # --- the fight --------------------------------------------------------------------------------------------
    def turn(self, m: Match, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng) -> Action:
        t = m.folk(seat)
        hp, top = t["hp"], m.max_hp(seat)
        attacks = [a for a in legal if a["type"] == "attack"]
        uses = [a for a in legal if a["type"] == "use"]
        moves = [a for a in legal if a["type"] == "move"]
        interacts = [a for a in legal if a["type"] == "interact"]
        if self.hard and hp <= max(3, top // 3):
            heal = self.healing_use(m, seat, uses)
            if heal is not None:
                return heal
        regear = self.regear(m, seat, legal)
        if regear is not None:
            return regear
        if self.hard and m.fight["final"]:
            ff = [a for a in uses if a["k"].startswith("ff:")]
            if ff:
                return ff[0]
            if moves and not m.fight["turn"]["att"]:
                spot = self.final_fight_square(m, seat, moves)
                if spot is not None:
                    return spot
        if attacks:
            useful = [a for a in attacks if self.worth_attacking(m, a["g"])]
            if useful:
                return max(useful, key=lambda a: weapon_value(m, seat, a["g"]))
        if self.hard:
            good = self.good_interaction(m, seat, interacts)
            if good is not None:
                return good
            helper = self.support_use(m, seat, uses)
            if helper is not None:
                return helper
        if moves:
            target = self.move_square(m, seat, moves, attacked=bool(m.fight["turn"]["att"]))
            if target is not None:
                return target
        return {"type": "end"}

    def regear(self, m: Match, seat: int, legal: list[Action]) -> Any:
        """Take up a weapon again when the hands are empty (a Ruffian made us drop it); the hard bot
        also swaps in clearly better gear, before it has attacked this turn."""
        equips = [a for a in legal if a["type"] == "equip"]
        if not equips:
            return None
        armed = any(can_attack(g) for g in m.weapons(seat))
        better = [a for a in best_loadout_moves(m, seat) if a in equips]
        if not armed:
            weapons = [a for a in better if can_attack(a["g"])]
            return weapons[0] if weapons else None
        if self.hard and better and not m.fight["turn"]["att"]:
            gain = gear_value(m, seat, better[0]["g"])
            slots = ("left-hand", "right-hand") if better[0]["slot"] == "hands" else (better[0]["slot"],)
            held = [m.folk(seat)["eq"].get(sl) for sl in slots]
            gain -= sum(gear_value(m, seat, g) for g in set(held) if g)
            if gain > 1.0:
                return better[0]
        return None

    def worth_attacking(self, m: Match, inst: str) -> bool:
        """No use swinging at a Ruffian who takes no DMG, unless the weapon does something on a hit."""
        if not self.hard or C.gear_of(inst).get("triggers"):
            return True
        if m.has_mod("invulnerable", R):
            return False
        floor = max([mm["amount"] for mm, _ in m.mods_for("min-hp", R)] + [0])
        return m.fight["hp"] > floor

    def final_fight_square(self, m: Match, seat: int, moves: list[Action]) -> Any:
        """A square from which a Final Fight ability this townsfolk cannot use here becomes usable."""
        rules = C.RUFFIANS[m.fight["rid"]]["final_fight"]["rules"]
        acts = [a for a in rules.get("activate") or [] if a.get("if")]
        if not acts:
            return None
        from .play import Ctx

        t = m.folk(seat)
        here = t["pos"]
        ctx = Ctx("final-fight", seat, row=m.fight["rid"] + ":ff")
        for act in acts:
            if m.all_hold(act["if"], ctx, seat):
                return None
            best = None
            for a in moves:
                t["pos"] = a["to"]
                ok = m.all_hold(act["if"], ctx, seat)
                t["pos"] = here
                if ok and (best is None or dist_to_foot(a["to"], m.fight["pos"]) > dist_to_foot(best["to"], m.fight["pos"])):
                    best = a
            if best is not None:
                return best
        return None

    def healing_use(self, m: Match, seat: int, uses: list[Action]) -> Any:
        for a in uses:
            for key, act, _ctx in m.ability_sources(seat):
                if key == a["k"] and any(st["do"] == "heal" for st in act["steps"]):
                    return a
        return None

    def support_use(self, m: Match, seat: int, uses: list[Action]) -> Any:
        for a in uses:
            for key, act, _ctx in m.ability_sources(seat):
                if key != a["k"]:
                    continue
                dos = {st["do"] for st in act["steps"]}
                if dos & {"dmg", "lower"} and not a.get("chosen") is not None:
                    return a
                if dos & {"boost", "raise"} and a.get("chosen") is not None and m.folk(a["chosen"])["hp"] > 0:
                    return a
        return None

    def good_interaction(self, m: Match, seat: int, interacts: list[Action]) -> Any:
        for a in interacts:
            p = m.pieces()[a["p"]]
            tid = p["t"]
            if tid in ("rickety-farm", "buzzing-hive", "old-jalopy", "tool-shed", "dynamite-detonator",
                       "big-barrel-terrain"):
                if tid == "dynamite-detonator":
                    dyn = [c for q in m.pieces() if q["t"] == tid and q["piece"] == "dynamite" for c in q["cells"]]
                    if not dyn or min(dist_to_foot(c, m.fight["pos"]) for c in dyn) > 2:
                        continue
                    if any(manhattan(m.folk(s)["pos"], c) <= 2 for s in m.team() for c in dyn):
                        continue
                if tid == "big-barrel-terrain":
                    cell = p["cells"][0]
                    me = m.folk(seat)["pos"]
                    d = (cell[0] - me[0], cell[1] - me[1])
                    line = [(cell[0] + d[0] * k, cell[1] + d[1] * k) for k in range(1, 7)]
                    if not any(c in foot(m.fight["pos"]) for c in line):
                        continue
                return a
            if tid in ("vegetable-patch", "deserted-picnic", "mushroom-grove", "docs-hut", "town-pond") and \
                    m.folk(seat)["hp"] < m.max_hp(seat) - 2:
                return a
        return None

    def move_square(self, m: Match, seat: int, moves: list[Action], attacked: bool) -> Any:
        f = m.fight
        fpos = f["pos"]
        weapons = [g for g in m.weapons(seat) if can_attack(g)]
        ranges = [m.weapon_range(seat, g) for g in weapons] or [1]
        reach_now = m.stat(R, "mvmt") + 1
        here = m.folk(seat)["pos"]

        def in_range(sq: list[int]) -> bool:
            d = dist_to_foot(sq, fpos)
            return any(d <= r and (d < 2 or m.grid().sight([tuple(sq)], foot(fpos))) for r in ranges)

        def score(a: Action) -> float:
            sq = a["to"]
            d = dist_to_foot(sq, fpos)
            if d == 0:
                return -999
            s = 0.0
            if not attacked:
                s += 10 if in_range(sq) else -d
                if self.hard and in_range(sq):
                    s += min(d, max(ranges)) * 0.5  # stand as far back as the weapon allows
            else:
                s += d * 0.6 if self.hard else 0
                if self.hard and d > reach_now:
                    s += 3
            if self.hard:
                i = m.piece_at(sq)
                if i is not None and C.TERRAIN[m.pieces()[i]["t"]].get("triggers"):
                    s -= 4
            return s

        if not self.hard and attacked:
            return None
        best = max(moves, key=score)
        base = (dist_to_foot(here, fpos))
        if attacked and self.hard and score(best) <= base * 0.6 + (3 if base > reach_now else 0):
            return None
        if not attacked and in_range(here) and weapons:
            return None  # in range but cannot attack now (out of MOX or used): stay
        return best

    # --- questions ---------------------------------------------------------------------------------------------
    def answer(self, m: Match, view: dict[str, Any], seat: int, legal: list[Action], rng: Rng) -> Action:
        q = view["pending"]["q"]
        kind = q["k"]
        opts = [a["v"] for a in legal]
        f = m.fight
        if kind in ("push", "place", "dash") and f is not None and all(isinstance(o, list) for o in opts):
            if kind == "dash" and not self.hard:
                return legal[0]
            pick = max(opts, key=lambda sq: dist_to_foot(sq, f["pos"]))
            if kind == "dash" and self.hard and m.folk(seat)["hp"] > m.max_hp(seat) // 2:
                pick = opts[0]
            return {"type": "answer", "v": pick}
        if kind == "react":
            if q.get("on") == "rolled":  # a reroll is worth it only on a poor roll
                return {"type": "answer", "v": q.get("roll", 10) <= 4}
            return {"type": "answer", "v": True}
        if kind == "equip":
            return {"type": "answer", "v": opts[0]}
        if kind == "gear":
            why = q.get("why")
            if why in ("unequip", "discard", "steal", "give"):
                return {"type": "answer", "v": min(opts, key=lambda g: gear_value(m, seat, g))}
            return {"type": "answer", "v": max(opts, key=lambda g: gear_value(m, seat, g))}
        if kind == "agree":
            return {"type": "answer", "v": False}
        if kind == "exchange":
            return {"type": "answer", "v": None}
        if kind in ("pay", "give"):
            return {"type": "answer", "v": max(opts) if kind == "pay" else 0}
        if kind == "sheriff":
            return {"type": "answer", "v": opts[0]}
        return legal[0] if not self.hard else legal[rng.below(len(legal))] if kind == "option" else legal[0]


def team_standing(rules: Any, state: dict[str, Any], seat: int) -> float:
    """How the team stands in an imagined table, from 0 (lost) to 1 (won): the game's result once
    it has one; 1 once the fight is won (the team chooses its Feats or is back in town); in a fight,
    the share of the Ruffian's HP taken against the share of the team's HP lost (a knocked-out
    townsfolk has lost all of theirs), squashed into (0, 1). Every seat of the team scores the same
    table the same: the townsfolk win or lose together."""
    result = state.get("result")
    if result is not None:
        return 1.0 if result["won"] else 0.0
    f = state["fight"]
    if f is None or state["stage"]["kind"] == "discard":
        return 1.0
    m = Match(state, [])
    team = [s for s in range(len(state["folk"])) if state["folk"][s]["id"] is not None]
    lost = sum(1.0 if state["folk"][s]["ko"] else 1.0 - max(0, state["folk"][s]["hp"]) / m.max_hp(s)
               for s in team) / max(1, len(team))
    taken = 1.0 - max(0, f["hp"]) / max(1, f["max"])
    return squash(3.0 * (taken - lost), 1.0)


def in_a_fight(view: dict[str, Any]) -> bool:
    """A townsfolk's turn in a fight: what a few moves played on can tell apart. In town the team
    stands the same after any purchase until the next fight, so the expert shops as hard does."""
    return view["fight"] is not None and view["stage"]["kind"] == "turn"


HARD = Bot(hard=True)
# The team's own hard bots play the imagined tables on; a playout of 8 moves keeps a decision's
# rounds within the page's clock (a move with its bot takes about 1.3 ms in CPython).
BOTS = {"easy": Bot(hard=False), "hard": HARD,
        "expert": Expert(hard=HARD, policy=HARD, evaluate=team_standing, horizon=8, trials=24,
                         searches=in_a_fight)}
