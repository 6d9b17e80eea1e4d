"""Torches & Pitchforks: the rules engine.

A state is plain JSON:

- "rng", "revealed": the PRNG words and the reveal counter (undo barriers)
- "n", "target": seat count and the winning score
- "turn", "turns", "phase" (attack | hunt | recoup | discard | over), "flipped", "fought",
  "hunted", "red_tape": the turn in progress
- "mob_deck", "mob_discard", "monster_deck", "monster_discard", "moor", "spare": card piles
  (lists of card ids; the end of a deck list is its top)
- "hands": a list of card ids per seat; "mobs": per seat a list of Townsfolk
  {"c": card id, "dead": bool, "enh": [attached card ids]}; "defense": a card id or None per
  seat; "scores": the Monsters in each score pile
- "combat": None or {"m", "seat", "hunt", "risen", "stage" (decide | fight | done), "str",
  "pow", "kill", "flags", "crash", "result"}
- "stack": cards being played, each {"card", "by", "mode", "ts", "tf"}; "xw": the Cancel
  window of the top card ({"depth", "order", "idx"}); "cw": the combat window
  ({"idx", "passes"}: seats answer in turn order from the active player until every seat has
  passed in a row)
- "select": a played card waiting for its target; "tasks": choices owed by a seat (kill,
  flee, down, plague, overpop), first one first
- "winner", "news" (what the last action did, public), "recent" (the last few news lines)

Actions are small dicts: flip, fight, flee, hunt, skip, end, pass, drop_defense,
{"type": "play", "card": id}, {"type": "target", "seat": s[, "tf": i]},
{"type": "discard", "card": id}, {"type": "kill", "tf": i}, {"type": "remove", "tf": i}.
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.rules import (
    Action,
    BadSetup,
    Game,
    IllegalAction,
    State,
    View,
    make_outcome,
    seat_token,
)
from tabletown.engine.state import clone

from . import content as C
from .content import CARDS

HAND_SIZE = 5
MIN_MOB = 6
RECENT = 6
SUPERNATURAL_HOLY = (C.UNDEAD, C.VAMPIRE, C.SPIRIT)

# Keys of the state that every seat may see as they are.
PUBLIC_KEYS = (
    "n", "target", "turn", "turns", "phase", "flipped", "fought", "hunted", "red_tape",
    "mob_discard", "monster_discard", "moor", "mobs", "defense", "scores", "combat", "stack",
    "xw", "cw", "tasks", "winner", "news", "recent", "revealed",
)


def T(seat: int) -> str:
    return seat_token(seat)


def cname(cid: int) -> str:
    return CARDS[cid]["name"]


# --- board functions (work on states and on views alike) ---------------------------------------

def living(mob: list[dict[str, Any]]) -> list[int]:
    return [i for i, t in enumerate(mob) if not t["dead"]]


def is_weapon(cid: int) -> bool:
    c = CARDS[cid]
    return c["kind"] == "weapon" or c["effect"] == "lathe"


def has_perk(mob: list[dict[str, Any]], perk: str) -> bool:
    """A living Townsfolk (or the Leader it carries) with `perk`."""
    for t in mob:
        if t["dead"]:
            continue
        if CARDS[t["c"]]["perk"] == perk:
            return True
        for e in t["enh"]:
            if CARDS[e]["perk"] == perk:
                return True
    return False


def count_perk(mob: list[dict[str, Any]], perk: str) -> int:
    n = 0
    for t in mob:
        if t["dead"]:
            continue
        n += CARDS[t["c"]]["perk"] == perk
        n += sum(1 for e in t["enh"] if CARDS[e]["perk"] == perk)
    return n


def leader_of(mob: list[dict[str, Any]]) -> Optional[int]:
    for t in mob:
        for e in t["enh"]:
            if CARDS[e]["kind"] == "leader":
                return e
    return None


def weapon_slots(t: dict[str, Any]) -> int:
    return 2 if CARDS[t["c"]]["perk"] == "slots" else 1


def free_slot(t: dict[str, Any]) -> bool:
    return not t["dead"] and sum(1 for e in t["enh"] if is_weapon(e)) < weapon_slots(t)


def hand_limit(s: dict[str, Any], seat: int) -> int:
    return HAND_SIZE + (1 if has_perk(s["mobs"][seat], "hand") else 0)


def _versus(card: dict[str, Any], monster: Optional[dict[str, Any]]) -> bool:
    return monster is not None and bool(card["vs"]) and (monster["mtype"] in card["vs"] or monster["name"] in card["vs"])


def enh_value(cid: int, monster: Optional[dict[str, Any]], combat: Optional[dict[str, Any]]) -> int:
    """Strength an attached card gives, against `monster` in `combat` (None: its printed value)."""
    c = CARDS[cid]
    flags = combat["flags"] if combat else []
    special = monster["special"].split(",") if monster else []
    if is_weapon(cid):
        if "no_weapons" in special:
            return 0
        if c["gun"] and "no_guns" in flags:
            return 0
        if c["torch"] and ("no_torches" in flags or "no_torches" in special):
            return 0
        value = c["bonus"] + (c["vs_bonus"] if _versus(c, monster) else 0)
        if c["torch"] and "torch_bonus" in special:
            value += 1
        return value
    if c["kind"] == "leader":
        if "no_leaders" in special:
            return 0
        value = c["bonus"] + (c["vs_bonus"] if _versus(c, monster) else 0)
        if c["perk"] == "hunt" and combat is not None and combat.get("hunt"):
            value += 2
        return value
    return 0


def folk_value(cid: int, monster: Optional[dict[str, Any]]) -> int:
    c = CARDS[cid]
    return 1 + c["bonus"] + (c["vs_bonus"] if _versus(c, monster) else 0)


def mob_strength(s: dict[str, Any], seat: int, combat: Optional[dict[str, Any]] = None) -> int:
    """The Strength of `seat`'s Mob: living Townsfolk plus bonuses (in `combat` if given)."""
    monster = CARDS[combat["m"]] if combat else None
    total = 0
    for t in s["mobs"][seat]:
        if t["dead"]:
            continue
        total += folk_value(t["c"], monster)
        for e in t["enh"]:
            total += enh_value(e, monster, combat)
    if combat is not None:
        total += combat["str"]
    return total


def monster_power(combat: dict[str, Any]) -> int:
    return CARDS[combat["m"]]["power"] + combat["pow"]


def combat_wins(s: dict[str, Any]) -> bool:
    c = s["combat"]
    return bool(c.get("melt")) or mob_strength(s, c["seat"], c) > monster_power(c)


def kill_count(s: dict[str, Any], combat: dict[str, Any]) -> int:
    if "guard" in combat["flags"]:
        return 0
    k = CARDS[combat["m"]]["kill"] + combat["kill"]
    k -= count_perk(s["mobs"][combat["seat"]], "kill_less")
    return max(0, k)


def flee_cost(s: dict[str, Any], seat: int, monster: int, roll: int) -> int:
    mob = s["mobs"][seat]
    cost = roll + (1 if C.has_special(monster, "flee_cost") else 0)
    cost -= count_perk(mob, "flee")
    cost -= 2 * count_perk(mob, "hunt")
    return max(0, cost)


def can_flee(combat: dict[str, Any]) -> bool:
    return not combat["hunt"] and not combat.get("risen") and not C.has_special(combat["m"], "no_flee")


def score_of(s: dict[str, Any], seat: int) -> int:
    return sum(CARDS[m]["power"] for m in s["scores"][seat])


def hand_count(s: dict[str, Any], seat: int) -> int:
    if "hand_counts" in s:
        return s["hand_counts"][seat]
    return len(s["hands"][seat])


def cancels_visible(s: dict[str, Any]) -> int:
    """Cancel cards whose place everyone knows (the discard pile or the stack)."""
    n = sum(1 for c in s["mob_discard"] if CARDS[c]["effect"] == "cancel")
    return n + sum(1 for e in s["stack"] if CARDS[e["card"]]["effect"] == "cancel")


def kill_options(s: dict[str, Any], task: dict[str, Any]) -> list[int]:
    mob = s["mobs"][task["seat"]]
    alive = living(mob)
    if task.get("vamp"):
        most = max((len(mob[i]["enh"]) for i in alive), default=0)
        alive = [i for i in alive if len(mob[i]["enh"]) == most]
    if task["k"] == "kill":
        others = [i for i in alive if CARDS[mob[i]["c"]]["perk"] != "last"]
        if others:
            alive = others
    return alive


_INT_LISTS = ("rng", "mob_deck", "mob_discard", "monster_deck", "monster_discard", "moor", "spare", "defense",
              "news", "recent")


def copy_state(s: State) -> State:
    """A deep copy of a state (what `clone` does, several times faster for this shape)."""
    c = dict(s)
    for k in _INT_LISTS:
        c[k] = list(s[k])
    c["hands"] = [list(h) for h in s["hands"]]
    c["scores"] = [list(h) for h in s["scores"]]
    c["mobs"] = [[{"c": t["c"], "dead": t["dead"], "enh": list(t["enh"])} for t in mob] for mob in s["mobs"]]
    for k in ("combat", "stack", "xw", "cw", "select", "tasks"):
        c[k] = clone(s[k])
    return c


# --- the game -----------------------------------------------------------------------------------

class TorchesAndPitchforks(Game):

    # ----- setup ---------------------------------------------------------------------------------
    def setup(self, seed: int, seats: int, options: dict[str, Any]) -> State:
        opts = self.normalize_options(seats, options)
        if not isinstance(seed, int):
            raise BadSetup("The seed must be a whole number.")
        words = seed_state(seed)
        rng = Rng(words)
        folk = list(C.TOWNSFOLK_DECK)
        rng.shuffle(folk)
        mobs = [[{"c": folk[p * MIN_MOB + j], "dead": False, "enh": []} for j in range(MIN_MOB)] for p in range(seats)]
        mob_deck = list(C.MOB_DECK)
        rng.shuffle(mob_deck)
        hands = []
        for _ in range(seats):
            hands.append(sorted(mob_deck.pop() for _ in range(HAND_SIZE)))
        monster_deck = list(C.MONSTER_DECK)
        rng.shuffle(monster_deck)
        first = rng.below(seats)
        s: State = {
            "rng": words, "revealed": 0,
            "n": seats, "target": int(opts["target"]),
            "turn": first, "turns": 1, "phase": "attack",
            "flipped": False, "fought": False, "hunted": False, "red_tape": False,
            "mob_deck": mob_deck, "mob_discard": [], "monster_deck": monster_deck,
            "monster_discard": [], "moor": [], "spare": folk[seats * MIN_MOB:],
            "hands": hands, "mobs": mobs, "defense": [None] * seats, "scores": [[] for _ in range(seats)],
            "combat": None, "stack": [], "xw": None, "cw": None, "select": None, "tasks": [],
            "winner": None, "news": [], "recent": [],
        }
        _say(s, f"{T(first)} goes first.")
        return s

    # ----- whose move ----------------------------------------------------------------------------
    def active(self, state: State) -> list[int]:
        seat, _ = _decision(state)
        return [] if seat is None else [seat]

    def legal(self, state: State, seat: int) -> list[Action]:
        who, actions = _decision(state)
        return actions if who == seat else []

    # ----- apply ---------------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Action) -> State:
        if not isinstance(action, dict):
            raise IllegalAction("That move is not allowed now.")
        who, actions = _decision(state)
        if who is None:
            raise IllegalAction("The game is over.")
        if who != seat:
            raise IllegalAction("It is not this player's turn.")
        if action not in actions:
            raise IllegalAction("That move is not allowed now.")
        s = copy_state(state)
        s["news"] = []
        _act(s, seat, action)
        _advance(s)
        s["recent"] = (s["recent"] + s["news"])[-RECENT:]
        return s

    # ----- views ---------------------------------------------------------------------------------
    def view(self, state: State, seat: Optional[int]) -> View:
        s = state
        v: dict[str, Any] = {k: clone(s[k]) for k in PUBLIC_KEYS}
        v["game"] = self.id
        v["seat"] = seat
        v["hand"] = sorted(s["hands"][seat]) if seat is not None else None
        v["hand_counts"] = [len(h) for h in s["hands"]]
        v["mob_deck_count"] = len(s["mob_deck"])
        v["monster_deck_count"] = len(s["monster_deck"])
        v["spare_count"] = len(s["spare"])
        sel = s["select"]
        if sel is None:
            v["select"] = None
        elif sel["seat"] == seat:
            v["select"] = clone(sel)
        else:
            v["select"] = {"seat": sel["seat"]}
        v["strength"] = [mob_strength(s, p) for p in range(s["n"])]
        v["score_totals"] = [score_of(s, p) for p in range(s["n"])]
        v["limits"] = [hand_limit(s, p) for p in range(s["n"])]
        if s["combat"] is not None:
            c = s["combat"]
            v["combat_strength"] = mob_strength(s, c["seat"], c)
            v["combat_power"] = monster_power(c)
            v["combat_kill"] = kill_count(s, c)
        active = self.active(s)
        v["active"] = active
        v["over"] = s["phase"] == "over"
        v["outcome"] = self.outcome(s) if v["over"] else None
        v["prompt"] = self.prompt(s, seat) if seat is not None and seat in active else status_line(s)
        return v

    def outcome(self, state: State) -> Optional[dict[str, Any]]:
        if state["phase"] != "over":
            return None
        n = state["n"]
        scores = [score_of(state, p) for p in range(n)]
        kills = [len(state["scores"][p]) for p in range(n)]
        winner = state["winner"]
        # The winner reached the target first; the others rank by score, then Monsters slain.
        order_keys = [(scores[p] + (1000 if p == winner else 0), kills[p]) for p in range(n)]
        details = [{"Score": scores[p], "Monsters": kills[p],
                    "Living Townsfolk": len(living(state["mobs"][p])),
                    "Slain": ", ".join(cname(m) for m in state["scores"][p]) or "—"} for p in range(n)]
        out = make_outcome(scores, order_keys, ["score", "more Monsters slain"], details,
                           ["Score", "Monsters", "Living Townsfolk", "Slain"])
        if winner is not None:
            out["tiebreaks"].insert(0, f"{T(winner)} was first to reach {state['target']} points and saves the town.")
        return out

    def describe(self, state: State, seat: int, action: Action) -> str:
        try:
            after = self.apply(state, seat, action)
        except IllegalAction:
            return f"{T(seat)} tries a move that is not allowed."
        lines = after["news"]
        return " ".join(lines) if lines else f"{T(seat)} moves."

    def prompt(self, state: State, seat: int) -> str:
        return prompt_for(state, seat)

    # ----- search support ------------------------------------------------------------------------
    def determinize(self, view: View, seat: int, rng: Rng) -> State:
        return determinize(view, seat, rng)

    def heuristic(self, state: State, seat: int) -> float:
        out = self.outcome(state)
        if out is not None:
            return 1.0 if seat in out["winners"] else 0.0
        target = state["target"]
        mine = score_of(state, seat)
        best_other = max((score_of(state, p) for p in range(state["n"]) if p != seat), default=0)
        value = 0.5 + 0.4 * (mine - best_other) / target
        value += 0.01 * (mob_strength(state, seat) - 6) + 0.01 * len(state["hands"][seat])
        return max(0.0, min(1.0, value))


# --- decisions ---------------------------------------------------------------------------------

PASS = {"type": "pass"}


def _decision(s: dict[str, Any]) -> tuple[Optional[int], list[Action]]:
    """(the seat that must act, its legal actions) — or (None, []) when the game is over."""
    if s["phase"] == "over":
        return None, []
    if s["tasks"]:
        task = s["tasks"][0]
        return task["seat"], _task_actions(s, task)
    if s["select"] is not None:
        sel = s["select"]
        return sel["seat"], [dict(type="target", **t) for t in _targets(s, sel["seat"], sel["card"], sel["mode"])]
    if s["xw"] is not None:
        seat = s["xw"]["order"][s["xw"]["idx"]]
        return seat, [PASS] + [{"type": "play", "card": c} for c in _cancel_cards(s, seat)]
    c = s["combat"]
    turn = s["turn"]
    acts: list[Action]
    if c is not None:
        if c["stage"] == "decide":
            acts = [{"type": "fight"}]
            if can_flee(c):
                acts.append({"type": "flee"})
            return turn, acts
        if c["stage"] == "fight" and s["cw"] is not None:
            seat = _cw_seat(s)
            return seat, [PASS] + [{"type": "play", "card": cid} for cid in _playable(s, seat, "window")]
    phase = s["phase"]
    plays: list[Action] = [{"type": "play", "card": cid} for cid in _playable(s, turn, "own")]
    if phase == "attack":
        return turn, [{"type": "flip"}] + plays
    if phase == "hunt":
        return turn, [{"type": "hunt"}, {"type": "skip"}] + plays
    if phase == "recoup":
        acts = [{"type": "end"}] + plays
        if s["defense"][turn] is not None:
            acts.append({"type": "drop_defense"})
        acts += _discards(s["hands"][turn])
        return turn, acts
    if phase == "discard":
        acts = [{"type": "end"}] + plays
        acts += _discards(s["hands"][turn])
        return turn, acts
    raise AssertionError(f"no decision in phase {phase}")  # pragma: no cover


def _discards(hand: list[int]) -> list[Action]:
    return [{"type": "discard", "card": cid} for cid in _distinct(hand)]


def _distinct(hand: list[int]) -> list[int]:
    """One card id per card name (copies play alike), in hand order."""
    seen: set[str] = set()
    out = []
    for cid in sorted(hand):
        nm = CARDS[cid]["name"]
        if nm not in seen:
            seen.add(nm)
            out.append(cid)
    return out


def _task_actions(s: dict[str, Any], task: dict[str, Any]) -> list[Action]:
    k = task["k"]
    if k in ("kill", "plague"):
        return [{"type": "kill", "tf": i} for i in kill_options(s, task)]
    if k == "overpop":
        return [{"type": "remove", "tf": i} for i in living(s["mobs"][task["seat"]])]
    # flee and down: discard a card of your choice
    return [{"type": "discard", "card": cid} for cid in _distinct(s["hands"][task["seat"]])]


def _cw_seat(s: dict[str, Any]) -> int:
    return (s["turn"] + s["cw"]["idx"]) % s["n"]


def _cancel_cards(s: dict[str, Any], seat: int) -> list[int]:
    top = s["stack"][-1]
    if CARDS[top["card"]]["uncancelable"]:
        return []
    return [cid for cid in _distinct(s["hands"][seat]) if CARDS[cid]["effect"] == "cancel"]


def _fighting(s: dict[str, Any]) -> bool:
    c = s["combat"]
    return c is not None and c["stage"] == "fight"


def _playable(s: dict[str, Any], seat: int, mode: str) -> list[int]:
    """Cards `seat` may play now: mode "own" (its own turn's steps) or "window" (combat window)."""
    out = []
    own_recoup = mode == "own" and s["phase"] == "recoup" and not s["red_tape"]
    for cid in _distinct(s["hands"][seat]):
        c = CARDS[cid]
        kind = c["kind"]
        if kind == "action":
            if c["timing"] == "cancel":
                continue
            if c["timing"] == "combat" and not (mode == "window" and _fighting(s)):
                continue
        elif kind in ("weapon", "leader", "townsfolk"):
            if not own_recoup:
                continue
        elif kind == "defense":
            if mode == "window":
                if not _defense_action_ok(s, seat, cid):
                    continue
            elif not own_recoup:
                continue
        else:  # pragma: no cover - no other kinds in a hand
            continue
        if _targets(s, seat, cid, mode):
            out.append(cid)
    return out


def _defense_action_ok(s: dict[str, Any], seat: int, cid: int) -> bool:
    c = s["combat"]
    return (seat == s["turn"] and _fighting(s) and not c["hunt"] and not c.get("risen")
            and CARDS[c["m"]]["mtype"] in CARDS[cid]["defends"])


def _targets(s: dict[str, Any], seat: int, cid: int, mode: str) -> list[dict[str, Any]]:
    """Every target the card may be played on ([{}] when it needs none)."""
    c = CARDS[cid]
    kind = c["kind"]
    mob = s["mobs"][seat]
    if kind == "weapon":
        return [{"seat": seat, "tf": i} for i, t in enumerate(mob) if free_slot(t)]
    if kind == "leader":
        if leader_of(mob) is not None:
            return []
        return [{"seat": seat, "tf": i} for i in living(mob)]
    if kind == "townsfolk":
        return [{}]
    if kind == "defense":
        if mode == "window":
            return [{}]
        return [{"seat": p} for p in _seats_from(s, seat) if s["defense"][p] is None]
    # actions
    tk = c["target"]
    eff = c["effect"]
    if tk == "":
        return [{}]
    if tk == "self":
        return [{"seat": seat}]
    if tk == "player":
        if eff == "revive":
            return [{"seat": p} for p in _seats_from(s, seat) if any(t["dead"] for t in s["mobs"][p])]
        if eff == "overpop":
            return [{"seat": p} for p in _seats_from(s, seat) if len(s["mobs"][p]) > MIN_MOB and living(s["mobs"][p])]
        return [{"seat": p} for p in _seats_from(s, seat)]
    if tk == "other":
        return [{"seat": p} for p in _seats_from(s, seat) if p != seat and hand_count(s, p) > 0]
    if tk == "tf_any":
        out = []
        for p in _seats_from(s, seat):
            for i, t in enumerate(s["mobs"][p]):
                if not t["dead"] and CARDS[t["c"]]["perk"] != "tough":
                    out.append({"seat": p, "tf": i})
        return out
    if tk == "tf_own":
        return [{"seat": seat, "tf": i} for i, t in enumerate(mob) if free_slot(t)]
    return []  # pragma: no cover


def _seats_from(s: dict[str, Any], seat: int) -> list[int]:
    """Seats in turn order starting with `seat` (yourself first)."""
    n = s["n"]
    return [(seat + i) % n for i in range(n)]


# --- acting ------------------------------------------------------------------------------------

def _say(s: dict[str, Any], line: str) -> None:
    s["news"].append(line)


def _act(s: dict[str, Any], seat: int, a: Action) -> None:
    kind = a["type"]
    if s["tasks"]:
        _do_task(s, seat, a)
        return
    if kind == "target":
        sel = s["select"]
        s["select"] = None
        tgt = {k: v for k, v in a.items() if k != "type"}
        _put_on_stack(s, seat, sel["card"], tgt, sel["mode"])
        return
    if kind == "pass":
        if s["xw"] is not None:
            s["xw"]["idx"] += 1
            top = s["stack"][-1]
            _say(s, f"{T(seat)} lets {cname(top['card'])} stand.")
        else:
            s["cw"]["idx"] = (s["cw"]["idx"] + 1) % s["n"]
            s["cw"]["passes"] += 1
            _say(s, f"{T(seat)} passes.")
        return
    if kind == "play":
        cid = a["card"]
        if s["xw"] is not None:
            mode = "cancel"
        elif s["cw"] is not None and s["combat"] is not None and s["combat"]["stage"] == "fight":
            mode = "window"
        else:
            mode = "own"
        targets = _targets(s, seat, cid, mode) if mode != "cancel" else [{}]
        if len(targets) == 1:
            _put_on_stack(s, seat, cid, targets[0], mode)
        else:
            s["select"] = {"seat": seat, "card": cid, "mode": mode}
            _say(s, f"{T(seat)} plays a card and chooses its target.")
        return
    if kind == "flip":
        s["flipped"] = True
        _flip(s)
        return
    if kind == "fight":
        c = s["combat"]
        _say(s, f"{T(seat)} chooses to Fight the {cname(c['m'])}.")
        _start_fight(s)
        return
    if kind == "flee":
        _flee(s, seat)
        return
    if kind == "hunt":
        _hunt(s, seat)
        return
    if kind == "skip":
        _say(s, f"{T(seat)} does not go Hunting.")
        _to_recoup(s)
        return
    if kind == "drop_defense":
        d = s["defense"][seat]
        s["defense"][seat] = None
        s["mob_discard"].append(d)
        _say(s, f"{T(seat)} discards their Defense, {cname(d)}.")
        return
    if kind == "discard":
        cid = a["card"]
        s["hands"][seat].remove(cid)
        s["mob_discard"].append(cid)
        s["revealed"] += 1
        s["phase"] = "discard"
        _say(s, f"{T(seat)} discards {cname(cid)}.")
        return
    if kind == "end":
        _say(s, f"{T(seat)} ends their turn.")
        _end_turn(s)
        return
    raise IllegalAction("That move is not allowed now.")  # pragma: no cover


def _do_task(s: dict[str, Any], seat: int, a: Action) -> None:
    task = s["tasks"][0]
    k = task["k"]
    if k in ("kill", "plague"):
        t = s["mobs"][seat][a["tf"]]
        _kill(s, seat, a["tf"])
        verb = "is killed" if k == "kill" else "dies of the Plague"
        _say(s, f"{T(seat)}'s {cname(t['c'])} {verb}.")
        task["n"] -= 1
        if task["n"] <= 0 or not living(s["mobs"][seat]):
            s["tasks"].pop(0)
        return
    if k == "overpop":
        _remove_folk(s, seat, a["tf"])
        s["tasks"].pop(0)
        return
    # flee / down: discard
    cid = a["card"]
    s["hands"][seat].remove(cid)
    s["mob_discard"].append(cid)
    s["revealed"] += 1
    if k == "flee":
        task["n"] -= 1
        _say(s, f"{T(seat)} discards {cname(cid)} to flee.")
        if task["n"] <= 0:
            s["tasks"].pop(0)
            _flee_success(s)
    else:
        _say(s, f"{T(seat)} discards {cname(cid)} (hand limit).")
        if len(s["hands"][seat]) <= hand_limit(s, seat):
            s["tasks"].pop(0)


def _kill(s: dict[str, Any], seat: int, idx: int) -> None:
    t = s["mobs"][seat][idx]
    t["dead"] = True
    s["mob_discard"].extend(t["enh"])
    t["enh"] = []


def _remove_folk(s: dict[str, Any], seat: int, idx: int) -> None:
    t = s["mobs"][seat].pop(idx)
    s["mob_discard"].extend(t["enh"])
    if CARDS[t["c"]]["deck"] == "mob":
        s["mob_discard"].append(t["c"])
    else:
        s["spare"].append(t["c"])
    _say(s, f"{T(seat)}'s {cname(t['c'])} leaves the crowded Mob.")


def _put_on_stack(s: dict[str, Any], seat: int, cid: int, tgt: dict[str, Any], mode: str) -> None:
    s["hands"][seat].remove(cid)
    s["revealed"] += 1
    entry = {"card": cid, "by": seat, "mode": mode, "ts": tgt.get("seat"), "tf": tgt.get("tf")}
    if mode == "cancel":
        victim = s["stack"][-1]
        s["xw"] = None
        _say(s, f"{T(seat)} plays {cname(cid)} to Cancel {T(victim['by'])}'s {cname(victim['card'])}!")
    else:
        _say(s, f"{T(seat)} plays {cname(cid)}{_target_text(s, entry)}.")
        if mode == "window":
            cw = s["cw"]
            cw["idx"] = (cw["idx"] + 1) % s["n"]
            cw["passes"] = 0
    s["stack"].append(entry)
    _open_xw(s)


def _target_text(s: dict[str, Any], e: dict[str, Any]) -> str:
    if e["tf"] is not None:
        t = s["mobs"][e["ts"]][e["tf"]]
        return f" on {T(e['ts'])}'s {cname(t['c'])}"
    if e["ts"] is not None and CARDS[e["card"]]["target"] != "self":
        return f" on {T(e['ts'])}"
    return ""


def _open_xw(s: dict[str, Any]) -> None:
    top = s["stack"][-1]
    if CARDS[top["card"]]["uncancelable"] or cancels_visible(s) >= len(C.CANCEL_CARDS):
        s["xw"] = None
        return
    order = [p for p in _seats_from(s, s["turn"]) if p != top["by"]]
    s["xw"] = {"depth": len(s["stack"]), "order": order, "idx": 0}


# --- automatic steps -----------------------------------------------------------------------------

def _advance(s: dict[str, Any]) -> None:
    """Run everything that needs no decision, up to the next decision."""
    for _ in range(10000):
        if s["phase"] == "over":
            return
        if s["tasks"]:
            if _auto_task(s):
                continue
            return
        if _queue_hand_limits(s):
            continue
        if s["select"] is not None:
            return
        xw = s["xw"]
        if xw is not None:
            while xw["idx"] < len(xw["order"]) and not s["hands"][xw["order"][xw["idx"]]]:
                xw["idx"] += 1
            if xw["idx"] >= len(xw["order"]):
                s["xw"] = None
                continue
            return
        if s["stack"]:
            _resolve_top(s)
            continue
        c = s["combat"]
        if c is not None:
            if c["stage"] == "fight":
                cw = s["cw"]
                while cw["passes"] < s["n"] and not s["hands"][_cw_seat(s)]:
                    cw["idx"] = (cw["idx"] + 1) % s["n"]
                    cw["passes"] += 1
                if cw["passes"] >= s["n"]:
                    _resolve_combat(s)
                    continue
                return
            if c["stage"] == "done":
                _finish_combat(s)
                continue
            return  # decide
        if s["phase"] == "hunt" and (not s["moor"] or s["hunted"]):
            _to_recoup(s)
            continue
        return
    raise AssertionError("the game did not settle")  # pragma: no cover


def _auto_task(s: dict[str, Any]) -> bool:
    """Resolve a task with only one possible outcome; True if something happened."""
    task = s["tasks"][0]
    seat = task["seat"]
    k = task["k"]
    if k in ("kill", "plague"):
        alive = living(s["mobs"][seat])
        if not alive or task["n"] <= 0:
            s["tasks"].pop(0)
            return True
        opts = kill_options(s, task)
        if len(opts) == 1 or task["n"] >= len(alive):
            _do_task(s, seat, {"type": "kill", "tf": opts[0]})
            return True
        return False
    if k == "overpop":
        if len(s["mobs"][seat]) <= MIN_MOB or not living(s["mobs"][seat]):
            s["tasks"].pop(0)
            return True
        alive = living(s["mobs"][seat])
        if len(alive) == 1:
            _do_task(s, seat, {"type": "remove", "tf": alive[0]})
            return True
        return False
    if k == "flee":
        hand = s["hands"][seat]
        if task["n"] >= len(hand) or len(_distinct(hand)) == 1:
            _do_task(s, seat, {"type": "discard", "card": sorted(hand)[0]})
            return True
        return False
    if k == "down":
        hand = s["hands"][seat]
        if len(hand) <= hand_limit(s, seat):
            s["tasks"].pop(0)
            return True
        if len(_distinct(hand)) == 1:
            _do_task(s, seat, {"type": "discard", "card": sorted(hand)[0]})
            return True
        return False
    return False  # pragma: no cover


def _queue_hand_limits(s: dict[str, Any]) -> bool:
    hands = s["hands"]
    if all(len(h) <= HAND_SIZE for h in hands):
        return False
    for p in _seats_from(s, s["turn"]):
        if len(hands[p]) > hand_limit(s, p):
            s["tasks"].append({"k": "down", "seat": p})
            return True
    return False


def _draw(s: dict[str, Any], seat: int, k: int) -> int:
    drawn = 0
    for _ in range(k):
        if not s["mob_deck"]:
            if not s["mob_discard"]:
                break
            s["mob_deck"] = s["mob_discard"]
            s["mob_discard"] = []
            Rng(s["rng"]).shuffle(s["mob_deck"])
            _say(s, "The Mob discard pile is shuffled into a new Mob deck.")
        s["hands"][seat].append(s["mob_deck"].pop())
        drawn += 1
    if drawn:
        s["hands"][seat].sort()
        s["revealed"] += 1
    return drawn


def _draw_monster(s: dict[str, Any]) -> Optional[int]:
    if not s["monster_deck"]:
        pool = s["monster_discard"] + s["moor"]
        if not pool:
            return None
        s["monster_deck"] = pool
        s["monster_discard"] = []
        s["moor"] = []
        Rng(s["rng"]).shuffle(s["monster_deck"])
        _say(s, "The Monster discard pile and the Moor are shuffled into a new Monster deck.")
    s["revealed"] += 1
    return s["monster_deck"].pop()


def _start_turn(s: dict[str, Any], seat: int) -> None:
    s["turn"] = seat
    s["phase"] = "attack"
    s["flipped"] = s["fought"] = s["hunted"] = s["red_tape"] = False
    need = hand_limit(s, seat) - len(s["hands"][seat])
    if need > 0:
        got = _draw(s, seat, need)
        if got:
            _say(s, f"{T(seat)} draws {got} card{'s' if got != 1 else ''}.")


def _end_turn(s: dict[str, Any]) -> None:
    s["turns"] += 1
    _start_turn(s, (s["turn"] + 1) % s["n"])


def _flip(s: dict[str, Any], plot: int = 0) -> None:
    seat = s["turn"]
    cid = _draw_monster(s)
    if cid is None:
        _say(s, "The Monster deck is empty: every Monster has been slain.")
        _to_hunt(s)
        return
    c = CARDS[cid]
    if c["kind"] == "event":
        _say(s, f"{T(seat)} flips the Event {c['name']}: {c['text']}")
        s["monster_discard"].append(cid)
        _event(s, seat, cid)
        return
    _say(s, f"{T(seat)} flips {_monster_text(cid, plot)}.")
    d = s["defense"][seat]
    if d is not None and c["mtype"] in CARDS[d]["defends"]:
        s["moor"].append(cid)
        _say(s, f"{T(seat)}'s {cname(d)} turns the {c['name']} away to the Moor.")
        _to_hunt(s)
        return
    s["combat"] = _new_combat(s, cid, hunt=False)
    s["combat"]["pow"] += plot
    if not can_flee(s["combat"]):
        _say(s, f"The {c['name']} cannot be Fled: {T(seat)} must Fight.")
        _start_fight(s)


def _monster_text(cid: int, plot: int = 0) -> str:
    c = CARDS[cid]
    extra = f" +{plot}" if plot else ""
    return f"the {c['name']} (Power {c['power']}{extra}, Kill {c['kill']})"


def _new_combat(s: dict[str, Any], cid: int, hunt: bool, risen: bool = False) -> dict[str, Any]:
    return {"m": cid, "seat": s["turn"], "hunt": hunt, "risen": risen, "stage": "decide",
            "str": 0, "pow": 0, "kill": 0, "flags": [], "crash": 0, "result": None, "roll": None}


def _start_fight(s: dict[str, Any]) -> None:
    s["combat"]["stage"] = "fight"
    s["cw"] = {"idx": 0, "passes": 0}


def _flee(s: dict[str, Any], seat: int) -> None:
    c = s["combat"]
    roll = Rng(s["rng"]).d6()
    c["roll"] = roll
    cost = flee_cost(s, seat, c["m"], roll)
    hand = len(s["hands"][seat])
    if cost > hand:
        _say(s, f"{T(seat)} tries to Flee and rolls {roll}: {cost} card{'s' if cost != 1 else ''} needed but "
                f"only {hand} in hand. The flight fails: {T(seat)} must Fight the {cname(c['m'])}.")
        _start_fight(s)
        return
    _say(s, f"{T(seat)} tries to Flee and rolls {roll}: discard {cost} card{'s' if cost != 1 else ''}.")
    if cost == 0:
        _flee_success(s)
        return
    c["stage"] = "flee"
    s["tasks"].append({"k": "flee", "seat": seat, "n": cost})


def _flee_success(s: dict[str, Any]) -> None:
    c = s["combat"]
    s["moor"].append(c["m"])
    _say(s, f"{T(c['seat'])} flees; the {cname(c['m'])} goes to the Moor.")
    s["combat"] = None
    s["cw"] = None
    _to_hunt(s)


def _hunt(s: dict[str, Any], seat: int) -> None:
    rng = Rng(s["rng"])
    cid = s["moor"].pop(rng.below(len(s["moor"])))
    s["hunted"] = True
    _say(s, f"{T(seat)} goes Hunting and finds {_monster_text(cid)} in the Moor. It must be Fought.")
    s["combat"] = _new_combat(s, cid, hunt=True)
    _start_fight(s)


def _to_hunt(s: dict[str, Any]) -> None:
    """On to Hunt! (`_advance` moves on to Recoup when there is nothing to hunt)."""
    s["phase"] = "hunt"


def _to_recoup(s: dict[str, Any]) -> None:
    s["phase"] = "recoup"
    seat = s["turn"]
    mob = s["mobs"][seat]
    n = 1 + count_perk(mob, "revive")
    back = _revive(s, seat, n)
    if back:
        _say(s, f"{T(seat)} recoups: {', '.join(back)} {'is' if len(back) == 1 else 'are'} back on their feet.")


def _revive(s: dict[str, Any], seat: int, n: int) -> list[str]:
    mob = s["mobs"][seat]
    dead = [i for i, t in enumerate(mob) if t["dead"]]
    # Townsfolk with a gift come back first, then in Mob order.
    dead.sort(key=lambda i: (-(CARDS[mob[i]["c"]]["bonus"] + CARDS[mob[i]["c"]]["vs_bonus"] + (CARDS[mob[i]["c"]]["perk"] != "")), i))
    back = []
    for i in dead[:n]:
        mob[i]["dead"] = False
        back.append(cname(mob[i]["c"]))
    return back


def _event(s: dict[str, Any], seat: int, cid: int) -> None:
    ev = CARDS[cid]["event"]
    rng = Rng(s["rng"])
    order = _seats_from(s, seat)
    if ev == "arms":
        for p in order:
            _draw(s, p, 2)
    elif ev == "red_tape":
        s["red_tape"] = True
    elif ev == "fire":
        for p in order:
            hand = s["hands"][p]
            if hand:
                lost = hand.pop(rng.below(len(hand)))
                s["mob_discard"].append(lost)
                _say(s, f"{T(p)} drops {cname(lost)} in the fire.")
    elif ev == "confusion":
        hands = s["hands"]
        s["hands"] = [sorted(hands[(p - 1) % s["n"]]) for p in range(s["n"])]
        s["revealed"] += 1
    elif ev == "plague":
        for p in order:
            if living(s["mobs"][p]):
                s["tasks"].append({"k": "plague", "seat": p, "n": 1})
    elif ev == "risen":
        if s["moor"]:
            m = s["moor"].pop(rng.below(len(s["moor"])))
            _say(s, f"{_monster_text(m)[0].upper()}{_monster_text(m)[1:]} rises from the Moor and attacks {T(seat)}!")
            s["combat"] = _new_combat(s, m, hunt=False, risen=True)
            _start_fight(s)
            return
        _say(s, "The Moor is empty: nothing rises.")
    elif ev == "scrap":
        _flip(s)
        return
    elif ev == "plot":
        _flip(s, plot=2)
        return
    elif ev == "stolen":
        for p in order[1:]:
            hand = s["hands"][p]
            if hand:
                s["hands"][seat].append(hand.pop(rng.below(len(hand))))
        s["hands"][seat].sort()
    elif ev == "plowshares":
        for p in order:
            _lose_weapon(s, p, strongest=True)
    elif ev == "termites":
        for p in order:
            _lose_weapon(s, p, strongest=False)
    elif ev == "mists":
        if s["moor"]:
            s["monster_deck"].extend(s["moor"])
            s["moor"] = []
            rng.shuffle(s["monster_deck"])
    _to_hunt(s)


def _lose_weapon(s: dict[str, Any], seat: int, strongest: bool) -> None:
    best = None
    for i, t in enumerate(s["mobs"][seat]):
        for e in t["enh"]:
            c = CARDS[e]
            if not is_weapon(e) or (not strongest and not c["wooden"]):
                continue
            key = (c["bonus"] if strongest else -c["bonus"], -i)
            if best is None or key > best[0]:
                best = (key, i, e)
    if best is not None:
        _, i, e = best
        s["mobs"][seat][i]["enh"].remove(e)
        s["mob_discard"].append(e)
        _say(s, f"{T(seat)} loses {cname(e)}.")


# --- resolving played cards ------------------------------------------------------------------------

def _resolve_top(s: dict[str, Any]) -> None:
    e = s["stack"].pop()
    cid = e["card"]
    c = CARDS[cid]
    if c["effect"] == "cancel":
        s["mob_discard"].append(cid)
        if s["stack"]:
            victim = s["stack"].pop()
            s["mob_discard"].append(victim["card"])
            _say(s, f"{T(victim['by'])}'s {cname(victim['card'])} is Canceled.")
        return
    kind = c["kind"]
    if kind in ("weapon", "leader"):
        _attach(s, e)
    elif kind == "townsfolk":
        s["mobs"][e["by"]].append({"c": cid, "dead": False, "enh": []})
        _say(s, f"{cname(cid)} joins {T(e['by'])}'s Mob.")
    elif kind == "defense":
        if e["mode"] == "window":
            s["mob_discard"].append(cid)
            if _fighting(s):
                _say(s, f"{cname(cid)} drives the {cname(s['combat']['m'])} away.")
                _neutralize(s)
        elif s["defense"][e["ts"]] is None:
            s["defense"][e["ts"]] = cid
            _say(s, f"{cname(cid)} now guards {T(e['ts'])}'s Mob.")
        else:
            s["mob_discard"].append(cid)
    else:
        _action_effect(s, e)


def _attach(s: dict[str, Any], e: dict[str, Any]) -> None:
    cid = e["card"]
    mob = s["mobs"][e["ts"]]
    ok = e["tf"] < len(mob) and not mob[e["tf"]]["dead"]
    if ok and is_weapon(cid):
        ok = free_slot(mob[e["tf"]])
    if ok and CARDS[cid]["kind"] == "leader":
        ok = leader_of(mob) is None
    if ok:
        mob[e["tf"]]["enh"].append(cid)
        _say(s, f"{cname(mob[e['tf']]['c'])} takes up {cname(cid)}.")
    else:
        s["mob_discard"].append(cid)
        _say(s, f"{cname(cid)} has no one to go to and is discarded.")


def _action_effect(s: dict[str, Any], e: dict[str, Any]) -> None:
    cid = e["card"]
    c = CARDS[cid]
    eff = c["effect"]
    by = e["by"]
    if eff == "lathe":
        _attach(s, e)
        return
    s["mob_discard"].append(cid)
    rng = Rng(s["rng"])
    if c["timing"] == "combat":
        if not _fighting(s):
            _say(s, f"{c['name']} has nothing to act on.")
            return
        _combat_card(s, e)
        return
    ts = e["ts"]
    if eff == "revive":
        back = _revive(s, ts, c["bonus"])
        if back:
            _say(s, f"{', '.join(back)} {'is' if len(back) == 1 else 'are'} back on their feet in {T(ts)}'s Mob.")
    elif eff == "knockout":
        mob = s["mobs"][ts]
        if e["tf"] < len(mob) and not mob[e["tf"]]["dead"]:
            _kill(s, ts, e["tf"])
            _say(s, f"{T(ts)}'s {cname(mob[e['tf']]['c'])} is knocked out.")
    elif eff == "spy":
        for p in (ts, by):
            hand = s["hands"][p]
            if hand:
                lost = hand.pop(rng.below(len(hand)))
                s["mob_discard"].append(lost)
                _say(s, f"{T(p)} discards {cname(lost)}.")
    elif eff == "draw":
        got = _draw(s, by, c["bonus"])
        _say(s, f"{T(by)} draws {got} card{'s' if got != 1 else ''}.")
    elif eff == "overpop":
        if len(s["mobs"][ts]) > MIN_MOB:
            s["tasks"].append({"k": "overpop", "seat": ts})
    elif eff == "steal":
        hand = s["hands"][ts]
        if hand:
            s["hands"][by].append(hand.pop(rng.below(len(hand))))
            s["hands"][by].sort()
            _say(s, f"{T(by)} takes a random card from {T(ts)}'s hand.")


def _combat_card(s: dict[str, Any], e: dict[str, Any]) -> None:
    cid = e["card"]
    c = CARDS[cid]
    cb = s["combat"]
    monster = CARDS[cb["m"]]
    eff = c["effect"]
    cb["str"] += c["str"]
    cb["pow"] += c["pow"]
    cb["kill"] += c["kill_mod"]
    if eff == "energize":
        armed = sum(1 for t in s["mobs"][cb["seat"]] if not t["dead"] and any(is_weapon(x) for x in t["enh"]))
        cb["str"] += max(1, min(3, armed))
    elif eff == "escape":
        _say(s, f"{T(cb['seat'])}'s Mob slips away from the {monster['name']}.")
        _neutralize(s)
        return
    elif eff in ("no_guns", "guard"):
        cb["flags"].append(eff)
    elif eff == "harpoon":
        if monster["name"] == "Creature from the Tide Flats":
            cb["str"] += 3
    elif eff == "holy":
        if monster["mtype"] in SUPERNATURAL_HOLY:
            _say(s, f"The {monster['name']} cannot set foot on Holy Ground.")
            _neutralize(s)
            return
        cb["str"] += 2
    elif eff == "inspire":
        cb["str"] += 3 if leader_of([t for t in s["mobs"][cb["seat"]] if not t["dead"]]) is not None else 1
    elif eff == "walking_dead":
        cb["pow"] += max(1, sum(1 for mob in s["mobs"] for t in mob if t["dead"]))
    elif eff == "crash":
        cb["crash"] += 1
    elif eff == "downpour":
        cb["flags"].append("no_torches")
        if monster["mtype"] == C.WITCH:
            cb["melt"] = True
            _say(s, f"The {monster['name']} melts in the rain!")
            _resolve_combat(s)
            return
    _say(s, f"Now {_sum_text(s)}.")


def _sum_text(s: dict[str, Any]) -> str:
    cb = s["combat"]
    return f"Strength {mob_strength(s, cb['seat'], cb)} vs Power {monster_power(cb)}"


def _neutralize(s: dict[str, Any]) -> None:
    cb = s["combat"]
    s["moor"].append(cb["m"])
    _say(s, f"The {cname(cb['m'])} goes to the Moor without combat.")
    s["combat"] = None
    s["cw"] = None
    if cb["hunt"]:
        _to_recoup(s)
    else:
        _to_hunt(s)


def _resolve_combat(s: dict[str, Any]) -> None:
    cb = s["combat"]
    s["cw"] = None
    seat = cb["seat"]
    m = cb["m"]
    st = mob_strength(s, seat, cb)
    pw = monster_power(cb)
    if not cb["hunt"]:
        s["fought"] = True
    cb["stage"] = "done"
    if cb.get("melt") or st > pw:
        cb["result"] = "won"
        s["scores"][seat].append(m)
        total = score_of(s, seat)
        how = "melts away" if cb.get("melt") else f"is slain (Strength {st} vs Power {pw})"
        _say(s, f"The {cname(m)} {how}! {T(seat)} scores {CARDS[m]['power']} and has {total} points.")
        if total >= s["target"]:
            s["winner"] = seat
            s["phase"] = "over"
            s["combat"] = None
            s["stack"] = []
            s["xw"] = None
            s["select"] = None
            s["tasks"] = []
            _say(s, f"{T(seat)} reaches {s['target']} points and saves the town!")
        return
    cb["result"] = "lost"
    s["moor"].append(m)
    k = kill_count(s, cb)
    _say(s, f"The {cname(m)} beats {T(seat)}'s Mob (Strength {st} vs Power {pw}) and kills {k}; it goes to the Moor.")
    if C.has_special(m, "swallow"):
        swallowed = [e for t in s["mobs"][seat] for e in t["enh"]]
        for t in s["mobs"][seat]:
            t["enh"] = []
        s["mob_discard"].extend(swallowed)
        if swallowed:
            _say(s, f"The {cname(m)} swallows {len(swallowed)} Enhancement{'s' if len(swallowed) != 1 else ''}.")
    if k > 0 and living(s["mobs"][seat]):
        s["tasks"].append({"k": "kill", "seat": seat, "n": k, "vamp": C.has_special(m, "most_enhanced")})


def _finish_combat(s: dict[str, Any]) -> None:
    cb = s["combat"]
    seat = cb["seat"]
    rng = Rng(s["rng"])
    for t in s["mobs"][seat]:
        used = [e for e in t["enh"] if CARDS[e]["one_shot"]]
        for e in used:
            t["enh"].remove(e)
            s["mob_discard"].append(e)
            _say(s, f"{cname(t['c'])}'s {cname(e)} is used up.")
    for _ in range(cb["crash"]):
        hand = s["hands"][seat]
        if hand:
            lost = hand.pop(rng.below(len(hand)))
            s["mob_discard"].append(lost)
            _say(s, f"Sugar crash: {T(seat)} discards {cname(lost)}.")
    s["combat"] = None
    if cb["hunt"] or s["fought"]:
        _to_recoup(s)
    else:
        _to_hunt(s)


# --- text ----------------------------------------------------------------------------------------

def status_line(s: dict[str, Any]) -> str:
    if s["phase"] == "over":
        w = s["winner"]
        return f"{T(w)} saved the town!" if w is not None else "The game is over."
    seat, _ = _decision(s)
    if seat is None:  # pragma: no cover - only when over
        return "The game is over."
    return f"Waiting for {T(seat)}: {prompt_for(s, seat, you=False)}"


def prompt_for(s: dict[str, Any], seat: int, you: bool = True) -> str:
    if s["phase"] == "over":
        return status_line(s)
    who, _ = _decision(s)
    if who != seat:
        return status_line(s)
    if s["tasks"]:
        t = s["tasks"][0]
        k = t["k"]
        if k == "kill":
            extra = " (the one with the most Enhancements)" if t.get("vamp") else ""
            return f"Choose a Townsfolk to die{extra}: {t['n']} to go"
        if k == "plague":
            return "Plague: choose one of your Townsfolk to die"
        if k == "overpop":
            return "Overpopulation: choose a living Townsfolk to leave your Mob"
        if k == "flee":
            return f"Fleeing: discard {t['n']} more card{'s' if t['n'] != 1 else ''}"
        return f"Too many cards: discard down to {hand_limit(s, seat)}"
    if s["select"] is not None:
        card = s["select"].get("card")
        what = cname(card) if card is not None and you else "the card"
        return f"Choose a target for {what}"
    if s["xw"] is not None:
        top = s["stack"][-1]
        return f"{T(top['by'])} played {cname(top['card'])}{_target_text(s, top)}: Cancel it?"
    cb = s["combat"]
    if cb is not None:
        m = cname(cb["m"])
        if cb["stage"] == "decide":
            whose = "your" if you else "Mob"
            return f"The {m} attacks (Power {monster_power(cb)}, {whose} Strength {mob_strength(s, seat, cb)}): Fight or Flee?"
        if cb["stage"] == "fight":
            whose = "your" if cb["seat"] == seat and you else f"{T(cb['seat'])}'s"
            return (f"{m}: Power {monster_power(cb)} vs {whose} Mob's Strength {mob_strength(s, cb['seat'], cb)}. "
                    f"Play a card or pass")
    ph = s["phase"]
    if ph == "attack":
        return "Attack! Flip the top Monster card"
    if ph == "hunt":
        return "Hunt! Take a random Monster from the Moor, or skip"
    if ph == "recoup":
        return "Recoup: play Enhancements, Defense and Townsfolk, discard, or end your turn"
    return "Discard any cards you like, then end your turn"


# --- determinize -----------------------------------------------------------------------------------

def determinize(view: View, seat: int, rng: Rng) -> State:
    """A full state consistent with `view` (seat's view), hidden cards dealt at random."""
    s: dict[str, Any] = {k: clone(view[k]) for k in PUBLIC_KEYS}
    n = view["n"]
    known_mob: set[int] = set(view["hand"] or [])
    known_mob.update(view["mob_discard"])
    for mob in view["mobs"]:
        for t in mob:
            if CARDS[t["c"]]["deck"] == "mob":
                known_mob.add(t["c"])
            known_mob.update(t["enh"])
    known_mob.update(d for d in view["defense"] if d is not None)
    known_mob.update(e["card"] for e in view["stack"])
    sel = view["select"]
    if sel is not None and "card" in sel:
        known_mob.add(sel["card"])
    unknown = [c for c in C.MOB_DECK if c not in known_mob]
    rng.shuffle(unknown)
    hands = []
    for p in range(n):
        if p == seat:
            hands.append(list(view["hand"]))
        else:
            k = view["hand_counts"][p]
            hands.append(sorted(unknown[:k]))
            unknown = unknown[k:]
    s["hands"] = hands
    s["mob_deck"] = unknown
    known_m: set[int] = set(view["monster_discard"]) | set(view["moor"])
    for pile in view["scores"]:
        known_m.update(pile)
    if view["combat"] is not None:
        known_m.add(view["combat"]["m"])
    deck = [c for c in C.MONSTER_DECK if c not in known_m]
    rng.shuffle(deck)
    s["monster_deck"] = deck
    in_mobs = {t["c"] for mob in view["mobs"] for t in mob}
    s["spare"] = [c for c in C.TOWNSFOLK_DECK if c not in in_mobs]
    s["select"] = clone(sel) if sel is not None and "card" in sel else None
    s["rng"] = [rng.next_u32() | 1, rng.next_u32(), rng.next_u32(), rng.next_u32()]
    return s
