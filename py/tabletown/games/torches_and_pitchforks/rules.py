"""Torches & Pitchforks: the rules engine on the game kit.

A state is plain JSON, with no English in it:

- "rng": the PRNG words; "v": the rules version the game began under (1 to 5)
- "n", "target": seat count and the winning score
- "turn", "turns", "phase" (attack | hunt | recoup | discard | over), "fought", "hunted",
  "red_tape": the turn in progress
- "mob_deck", "mob_discard", "monster_deck", "monster_discard", "moor", "spare": card piles
  (lists of card ids; the end of a deck list is its top)
- "hands": a list of card ids per seat; "choosing": per seat, the card it is choosing a target
  for (None otherwise); "mobs": per seat a list of Townsfolk {"c": card id, "dead": bool,
  "enh": [attached card ids]}; "defense": a card id or None per seat; "scores": the Monsters
  in each score pile
- "combat": None or {"m", "seat", "hunt", "risen", "stage" (decide | fight | flee | done),
  "str", "pow", "kill", "flags", "crash", "result", "roll"}
- "stack": cards being played, each {"card", "by", "mode", "ts", "tf"}
- "cancel": the Cancel window of the top card of the stack; "window": the combat window (or,
  from rules version 2, the any-time window before the flip; from version 5 also before the
  Hunt! is skipped and before the turn ends: its ctx "then" names the step it holds) —
  reaction windows of engine/reactions.py
- "select": {"seat", "mode"} while a played card waits for its target; "tasks": choices owed
  by a seat (kill, plague, flee, down, overpop, revive), first one first
- "winner"

Actions: flip, fight, flee, hunt, skip, end, pass, drop_defense, {"type": "play", "card": id},
{"type": "target", "seat": s[, "tf": i]}, {"type": "discard", "card": id},
{"type": "kill", "tf": i}, {"type": "remove", "tf": i}, {"type": "revive", "tf": i}.

When cards are played. The active player plays Action cards in their own phases and
Enhancements, Defense and Townsfolk in their Recoup. Before a fight is resolved a combat
window asks every player in turn order, the fighter first, until all pass in a row. Every
card played opens a Cancel window for the others. From rules version 2, before each flip an
any-time window asks every player, the active player having played first, whether to play an
Action card that may be played at any time; and a Defense that would turn the Monster away
may be played before the Fight-or-Flee choice. From rules version 5 the same any-time window
holds the active player's other steps out of a phase, skipping the Hunt! and ending the turn
in Recoup or Discard, so the others may play Action cards during those phases too ("at any
time, on any player's turn"). Every player holding cards is asked in every window, whatever
they hold, so a window never tells who holds what.
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.reactions import ALL_PASS, ONE_ROUND, asked, closed, open_window, passed, reacted
from tabletown.engine.rules import (
    Action,
    BadSetup,
    IllegalAction,
    Rules,
    State,
    View,
    is_listed,
    make_outcome,
    seat_token,
)
from tabletown.engine.words import plural
from tabletown.engine.zones import HIDDEN, OWNER, Zone, Zones

from . import SPEC
from . import content as C
from .content import CARDS, EFFECTS
from .phrases import PHRASES, monster_name
from .scoring import (
    HAND_SIZE,
    MIN_MOB,
    can_flee,
    combat_wins,
    dead,
    folk_strength,
    free_slot,
    hand_limit,
    is_weapon,
    kill_count,
    leader_of,
    living,
    mob_strength,
    monster_power,
    score_of,
    standing,
)
from .story import story as tell_story
from .turn import FIRST_VERSION, Turn

# The version a new game begins under, and every version a saved game may carry (the spec's words).
VERSION = SPEC.rules_version
VERSIONS = (*SPEC.replays, VERSION)
PASS: Action = {"type": "pass"}
# From this rules version the any-time window also holds the active player's skipping the
# Hunt! and ending the turn, not only the flip.
HOLDS_EVERY_STEP_FROM = 5
ZONES = Zones(
    Zone("mob_deck", HIDDEN, pool="mob"),
    Zone("hands.*", OWNER, pool="mob"),
    Zone("choosing.*", OWNER, pool="mob"),
    Zone("monster_deck", HIDDEN, pool="monster"),
    Zone("spare", HIDDEN, pool="folk"),
)


# What a seat is asked (`asking`) -> its topic in the rules page's index.
TOPICS = {
    "attack": "prompt:flip", "decide": "prompt:fight-or-flee", "fight": "prompt:combat-window",
    "cancel": "prompt:cancel-window", "anytime": "prompt:any-time-window", "target": "prompt:choose-target",
    "kill": "prompt:choose-victim", "plague": "prompt:plague", "overpop": "prompt:overpopulation",
    "flee": "prompt:flee-discard", "down": "prompt:discard-down", "hunt": "prompt:hunt", "recoup": "prompt:recoup",
    "revive": "prompt:revive", "discard": "prompt:discard",
}


def T(seat: int) -> str:
    return seat_token(seat)


class TorchesAndPitchforks(Rules):
    zones = ZONES
    phrases = PHRASES

    # ----- setup ---------------------------------------------------------------------------------
    def setup(self, seed: int, seats: int, options: dict[str, Any], campaign: Optional[dict[str, Any]] = None,
              version: Optional[int] = None) -> State:
        opts = self.spec.normalize(seats, options)
        if type(seed) is not int:
            raise BadSetup("The seed must be a whole number.")
        if version is None:
            version = VERSION
        if version not in VERSIONS:
            raise BadSetup(f"Torches & Pitchforks has no rules version {version}.")
        words = seed_state(seed)
        rng = Rng(words)
        folk = list(C.TOWNSFOLK_DECK)
        rng.shuffle(folk)
        mobs = [[{"c": folk[p * MIN_MOB + j], "dead": False, "enh": []} for j in range(MIN_MOB)] for p in range(seats)]
        mob_deck = list(C.MOB_DECK)
        rng.shuffle(mob_deck)
        hands = [sorted(mob_deck.pop() for _ in range(HAND_SIZE)) for _ in range(seats)]
        monster_deck = list(C.MONSTER_DECK)
        rng.shuffle(monster_deck)
        first = rng.below(seats)
        return {
            "rng": words, "v": version,
            "n": seats, "target": opts["target"],
            "turn": first, "turns": 1, "phase": "attack", "fought": False, "hunted": False, "red_tape": False,
            "mob_deck": mob_deck, "mob_discard": [], "monster_deck": monster_deck,
            "monster_discard": [], "moor": [], "spare": folk[seats * MIN_MOB:],
            "hands": hands, "choosing": [None] * seats, "mobs": mobs, "defense": [None] * seats,
            "scores": [[] for _ in range(seats)],
            "combat": None, "stack": [], "cancel": None, "window": None, "select": None, "tasks": [],
            "winner": None,
        }

    # ----- whose move ----------------------------------------------------------------------------
    def active(self, state: State) -> list[int]:
        seat, _ = decision(state)
        return [] if seat is None else [seat]

    def legal(self, state: State, seat: int) -> list[Action]:
        who, actions = decision(state)
        return actions if who == seat else []

    def reaction(self, state: State, seat: int) -> Optional[dict[str, Any]]:
        """In a Cancel, combat or any-time window a seat is only asked whether to play a card."""
        if state["phase"] == "over" or state["tasks"] or state["select"] is not None:
            return None
        if state["cancel"] is not None:
            return {"pass": PASS} if asked(state["cancel"]) == seat else None
        if _window_open(state):
            return {"pass": PASS} if asked(state["window"]) == seat else None
        return None

    # ----- apply ---------------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[dict[str, Any]]]:
        if not isinstance(action, dict):
            raise IllegalAction("That move is not allowed now.")
        who, actions = decision(state)
        if who is None:
            raise IllegalAction("The game is over.")
        if who != seat:
            raise IllegalAction("It is not this player's turn.")
        if not is_listed(action, actions):
            raise IllegalAction("That move is not allowed now.")
        t = Turn(state)
        act(t, seat, action)
        advance(t)
        return t.s, list(t.ev)

    # ----- views ---------------------------------------------------------------------------------
    def derive(self, state: State, view: View, seat: Optional[int]) -> None:
        s = state
        n = s["n"]
        cb = s["combat"]
        derived: dict[str, Any] = {
            "scores": [score_of(s, p) for p in range(n)],
            "strength": [mob_strength(s, p) for p in range(n)],
            "limits": [hand_limit(s, p) for p in range(n)],
            # Each Townsfolk's Strength with its Enhancements, against the Monster if its Mob fights.
            "folk": [[folk_strength(t, cb if cb is not None and cb["seat"] == p else None) for t in s["mobs"][p]]
                     for p in range(n)],
            "asked": asked_seat(s),
            "asking": asking(s),
            "held": held_step(s),  # the active player's step an any-time window holds (flip, skip, end)
            "topic": self.topic(s, seat),  # what the viewer is asked, as a rules topic (the board links it)
            "over": s["phase"] == "over",
            "combat": None,
        }
        if cb is not None:
            derived["combat"] = {"strength": mob_strength(s, cb["seat"], cb), "power": monster_power(cb),
                                 "kill": kill_count(s, cb), "winning": combat_wins(s)}
        view["derived"] = derived

    def unseen(self, view: View, pool: str) -> list[Any]:
        """The cards of `pool` the viewer has not seen: wherever they are, they are hidden."""
        if pool == "monster":
            seen = set(view["monster_discard"]) | set(view["moor"])
            for pile in view["scores"]:
                seen.update(pile)
            if view["combat"] is not None:
                seen.add(view["combat"]["m"])
            return [c for c in C.MONSTER_DECK if c not in seen]
        if pool == "folk":
            in_mobs = {t["c"] for mob in view["mobs"] for t in mob}
            return [c for c in C.TOWNSFOLK_DECK if c not in in_mobs]
        seen = set(view["mob_discard"])
        for hand in view["hands"]:
            seen.update(c for c in hand if c is not None)
        seen.update(c for c in view["choosing"] if isinstance(c, int))
        for mob in view["mobs"]:
            for t in mob:
                seen.add(t["c"])
                seen.update(t["enh"])
        seen.update(d for d in view["defense"] if d is not None)
        seen.update(e["card"] for e in view["stack"])
        return [c for c in C.MOB_DECK if c not in seen]

    def outcome(self, state: State) -> Optional[dict[str, Any]]:
        if state["phase"] != "over":
            return None
        n = state["n"]
        scores = [score_of(state, p) for p in range(n)]
        kills = [len(state["scores"][p]) for p in range(n)]
        winner = state["winner"]
        details = [{"Score": scores[p], "Monsters": kills[p],
                    "Living Townsfolk": len(living(state["mobs"][p])),
                    "Slain": ", ".join(C.name(m) for m in state["scores"][p]) or "—"} for p in range(n)]
        out = make_outcome(scores, [standing(state, p) for p in range(n)], ["score", "more Monsters slain"], details,
                           ["Score", "Monsters", "Living Townsfolk", "Slain"])
        if winner is not None:
            out["tiebreaks"].insert(0, f"{T(winner)} was first to reach {plural(state['target'], 'point')} and saves the town.")
            if state["v"] != FIRST_VERSION:
                out["headline"] = f"{T(winner)} saves the town with {plural(scores[winner], 'point')}!"
        return out

    def prompt(self, state: State, seat: int) -> str:
        return prompt_for(state, seat)

    def status(self, state: State) -> str:
        """How far the game is, for the saved-games list ("Turn 12 · best score 21 of 30")."""
        best = max(score_of(state, p) for p in range(state["n"]))
        if state["phase"] == "over":
            return f"Over · won with {plural(best, 'point')}"
        return f"Turn {state['turns']} · best score {best} of {state['target']}"

    def topic(self, state: State, seat: Optional[int]) -> Optional[str]:
        """The rules topic (data/rule_index.json) of what `seat` is asked now."""
        if state["phase"] == "over":
            return "prompt:game-over"
        if asked_seat(state) != seat:
            return "prompt:waiting"
        what = asking(state)
        if what == "kill" and state["tasks"][0].get("vamp"):
            return "prompt:vampire-victim"
        if what == "anytime" and held_step(state) != "flip":
            return "prompt:any-time-step"  # a window during Hunt!, Recoup or Discard
        return TOPICS[what]

    def tally(self, state: State) -> Optional[list[int]]:
        return [score_of(state, p) for p in range(state["n"])]

    def story(self, steps: list[tuple[int, Action, list[dict[str, Any]], State]], final: State) -> list[dict[str, Any]]:
        """Fights slain, lost, Fled and sent away; Townsfolk lost; cards on fights; the fights cards turned."""
        return tell_story(steps, final)

    def heuristic(self, state: State, seat: int) -> float:
        out = self.outcome(state)
        if out is not None:
            return 1.0 if seat in out["winners"] else 0.0
        target = state["target"]
        mine = score_of(state, seat)
        best_other = max((score_of(state, p) for p in range(state["n"]) if p != seat), default=0)
        value = 0.5 + 0.4 * (mine - best_other) / target
        value += 0.01 * (mob_strength(state, seat) - MIN_MOB) + 0.01 * len(state["hands"][seat])
        return max(0.0, min(1.0, value))


# --- decisions ---------------------------------------------------------------------------------

def _window_open(s: dict[str, Any]) -> bool:
    """A play window (a fight's, or the any-time window before a flip) is asking someone."""
    w = s["window"]
    if w is None:
        return False
    cb = s["combat"]
    if w["kind"] == "combat":
        return cb is not None and cb["stage"] == "fight"
    return cb is None


def decision(s: dict[str, Any]) -> tuple[Optional[int], list[Action]]:
    """(the seat that must act, its legal actions) — or (None, []) when the game is over."""
    if s["phase"] == "over":
        return None, []
    if s["tasks"]:
        task = s["tasks"][0]
        return task["seat"], _task_actions(s, task)
    sel = s["select"]
    if sel is not None:
        seat = sel["seat"]
        return seat, [dict(type="target", **t) for t in targets(s, seat, s["choosing"][seat], sel["mode"])]
    if s["cancel"] is not None:
        seat = asked(s["cancel"])
        return seat, [PASS] + [{"type": "play", "card": c} for c in _cancel_cards(s, seat)]
    c = s["combat"]
    turn = s["turn"]
    acts: list[Action]
    if c is not None and c["stage"] == "decide":
        acts = [{"type": "fight"}]
        if can_flee(c):
            acts.append({"type": "flee"})
        if s["v"] != FIRST_VERSION:
            acts += [{"type": "play", "card": cid} for cid in playable(s, turn, "defend")]
        return turn, acts
    if _window_open(s):
        seat = asked(s["window"])
        mode = "window" if s["window"]["kind"] == "combat" else "anytime"
        return seat, [PASS] + [{"type": "play", "card": cid} for cid in playable(s, seat, mode)]
    phase = s["phase"]
    plays: list[Action] = [{"type": "play", "card": cid} for cid in playable(s, turn, "own")]
    if phase == "attack":
        return turn, [{"type": "flip"}] + plays
    if phase == "hunt":
        return turn, [{"type": "hunt"}, {"type": "skip"}] + plays
    if phase == "recoup":
        acts = [{"type": "end"}] + plays
        if s["defense"][turn] is not None:
            acts.append({"type": "drop_defense"})
        return turn, acts + _discards(s["hands"][turn])
    if phase == "discard":
        return turn, [{"type": "end"}] + plays + _discards(s["hands"][turn])
    raise AssertionError(f"no decision in phase {phase}")  # pragma: no cover


def asked_seat(s: dict[str, Any]) -> Optional[int]:
    """The seat that must act now (what `decision` says, without listing its actions)."""
    if s["phase"] == "over":
        return None
    if s["tasks"]:
        return s["tasks"][0]["seat"]
    if s["select"] is not None:
        return s["select"]["seat"]
    if s["cancel"] is not None:
        return asked(s["cancel"])
    if _window_open(s):
        return asked(s["window"])
    return s["turn"]


def held_step(s: dict[str, Any]) -> Optional[str]:
    """The active player's step an open any-time window holds back: "flip", "skip" (the
    Hunt!) or "end" (the turn); None when no such window asks anyone."""
    w = s["window"]
    if w is None or w["kind"] != "anytime" or not _window_open(s):
        return None
    return _then(w)


def _then(window: dict[str, Any]) -> str:
    return window["ctx"].get("then", "flip")  # the windows of rules versions 2 to 4 held only the flip


def asking(s: dict[str, Any]) -> Optional[str]:
    """What the seat asked now is asked, as a short code (for the board and the bots)."""
    if s["phase"] == "over":
        return None
    if s["tasks"]:
        return s["tasks"][0]["k"]
    if s["select"] is not None:
        return "target"
    if s["cancel"] is not None:
        return "cancel"
    c = s["combat"]
    if c is not None and c["stage"] == "decide":
        return "decide"
    if _window_open(s):
        return "fight" if s["window"]["kind"] == "combat" else "anytime"
    return s["phase"]


def _discards(hand: list[int]) -> list[Action]:
    return [{"type": "discard", "card": cid} for cid in distinct(hand)]


def distinct(hand: list[int]) -> list[int]:
    """One card id per card name (copies play alike), lowest id first."""
    seen: set[str] = set()
    out = []
    for cid in sorted(hand):
        nm = CARDS[cid]["name"]
        if nm not in seen:
            seen.add(nm)
            out.append(cid)
    return out


def kill_options(s: dict[str, Any], task: dict[str, Any]) -> list[int]:
    """The Townsfolk a seat may choose to die: the Vampire takes one with the most
    Enhancements; before rules version 3, Lucky Lowry dies only when nobody else is left."""
    mob = s["mobs"][task["seat"]]
    alive = living(mob)
    if task.get("vamp"):
        most = max((len(mob[i]["enh"]) for i in alive), default=0)
        alive = [i for i in alive if len(mob[i]["enh"]) == most]
    if task["k"] == "kill":
        others = [i for i in alive if C.gift_of(mob[i]["c"], s["v"]) != "last"]
        if others:
            alive = others
    return alive


def _task_actions(s: dict[str, Any], task: dict[str, Any]) -> list[Action]:
    k = task["k"]
    if k in ("kill", "plague"):
        return [{"type": "kill", "tf": i} for i in kill_options(s, task)]
    if k == "overpop":
        return [{"type": "remove", "tf": i} for i in living(s["mobs"][task["seat"]])]
    if k == "revive":
        return [{"type": "revive", "tf": i} for i in dead(s["mobs"][task["seat"]])]
    # flee and down: discard a card of your choice
    return [{"type": "discard", "card": cid} for cid in distinct(s["hands"][task["seat"]])]


def _cancel_cards(s: dict[str, Any], seat: int) -> list[int]:
    top = s["stack"][-1]
    if CARDS[top["card"]]["uncancelable"]:
        return []
    return [cid for cid in distinct(s["hands"][seat]) if CARDS[cid]["effect"] == "cancel"]


def fighting(s: dict[str, Any]) -> bool:
    c = s["combat"]
    return c is not None and c["stage"] == "fight"


def playable(s: dict[str, Any], seat: int, mode: str) -> list[int]:
    """Cards `seat` may play now. Modes: "own" (the active player's own phases), "window" (a
    combat window), "anytime" (the any-time window before a flip), "defend" (before the
    Fight-or-Flee choice: only a Defense that turns the Monster away)."""
    out = []
    own_recoup = mode == "own" and s["phase"] == "recoup" and not s["red_tape"]
    for cid in distinct(s["hands"][seat]):
        c = CARDS[cid]
        kind = c["kind"]
        if kind == "action":
            if mode == "defend" or c["timing"] == "cancel":
                continue
            if c["timing"] == "combat" and not (mode == "window" and fighting(s)):
                continue
        elif kind in ("weapon", "leader", "townsfolk"):
            if not own_recoup:
                continue
        elif kind == "defense":
            if mode in ("window", "defend"):
                if not _defense_turns_away(s, seat, cid):
                    continue
            elif not own_recoup:
                continue
        else:  # pragma: no cover - no other kinds in a hand
            continue
        if targets(s, seat, cid, mode):
            out.append(cid)
    return out


def _defense_turns_away(s: dict[str, Any], seat: int, cid: int) -> bool:
    """A Defense played as an Action: in your own Attack! against its type of Monster."""
    c = s["combat"]
    return (seat == s["turn"] and c is not None and c["stage"] in ("decide", "fight") and not c["hunt"]
            and not c.get("risen") and CARDS[c["m"]]["type"] in CARDS[cid]["defends"])


def targets(s: dict[str, Any], seat: int, cid: int, mode: str) -> list[dict[str, Any]]:
    """Every target the card may be played on ([{}] when it needs none)."""
    c = CARDS[cid]
    kind = c["kind"]
    mob = s["mobs"][seat]
    if mode == "cancel":
        return [{}]
    if kind == "weapon":
        return [{"seat": seat, "tf": i} for i, t in enumerate(mob) if free_slot(t)]
    if kind == "leader":
        if leader_of(mob) is not None:
            return []
        return [{"seat": seat, "tf": i} for i in living(mob)]
    if kind == "townsfolk":
        return [{}]
    if kind == "defense":
        if mode in ("window", "defend"):
            return [{}]
        return [{"seat": p} for p in _seats_from(s, seat) if s["defense"][p] is None]
    # Action cards
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
        return [{"seat": p} for p in _seats_from(s, seat) if p != seat and len(s["hands"][p]) > 0]
    if tk == "tf_any":
        out = []
        for p in _seats_from(s, seat):
            for i, t in enumerate(s["mobs"][p]):
                if not t["dead"] and CARDS[t["c"]]["perk"] != "tough":
                    out.append({"seat": p, "tf": i})
        return out
    if tk == "tf_own":
        return [{"seat": seat, "tf": i} for i, t in enumerate(mob) if free_slot(t)]
    raise AssertionError(f"unknown target kind {tk!r}")  # pragma: no cover


def _seats_from(s: dict[str, Any], seat: int) -> list[int]:
    """Seats in turn order starting with `seat` (yourself first)."""
    n = s["n"]
    return [(seat + i) % n for i in range(n)]


# --- acting ------------------------------------------------------------------------------------

def act(t: Turn, seat: int, a: Action) -> None:
    s = t.s
    kind = a["type"]
    if s["tasks"]:
        do_task(t, seat, a)
        return
    if kind == "target":
        mode = s["select"]["mode"]
        s["select"] = None
        cid = s["choosing"][seat]
        s["choosing"][seat] = None
        put_on_stack(t, seat, cid, {k: v for k, v in a.items() if k != "type"}, mode)
        return
    if kind == "pass":
        if s["cancel"] is not None:
            s["cancel"] = passed(s["cancel"])
            t.emit("let_stand", seat=seat, card=s["stack"][-1]["card"])
        else:
            s["window"] = passed(s["window"])
            t.emit("pass", seat=seat)
        return
    if kind == "play":
        play(t, seat, a["card"])
        return
    if kind in ("flip", "skip", "end"):
        before_step(t, kind)
        return
    if kind == "fight":
        t.emit("fight", seat=seat, m=s["combat"]["m"])
        t.start_fight()
        return
    if kind == "flee":
        t.flee(seat)
        return
    if kind == "hunt":
        t.hunt(seat)
        return
    if kind == "drop_defense":
        d = s["defense"][seat]
        s["defense"][seat] = None
        s["mob_discard"].append(d)
        t.emit("drop_defense", seat=seat, card=d)
        return
    if kind == "discard":
        s["hands"][seat].remove(a["card"])
        s["mob_discard"].append(a["card"])
        s["phase"] = "discard"
        t.reveal(f"hands.{seat}", [a["card"]])
        t.emit("discard", seat=seat, card=a["card"])
        return
    raise IllegalAction("That move is not allowed now.")  # pragma: no cover


def before_step(t: Turn, step: str) -> None:
    """The active player's step (flip, skip the Hunt!, end the turn): taken at once, or first
    the others are asked, in an any-time window, whether to play an Action card now."""
    s = t.s
    held = not t.old if step == "flip" else s["v"] >= HOLDS_EVERY_STEP_FROM
    if not held or not _anytime_window_worth_opening(s):
        take_step(t, step)
        return
    window = open_window("anytime", t.seats_from(s["turn"]), until=ALL_PASS, ctx={"then": step})
    s["window"] = passed(window)  # the active player had their chance: they asked for the step
    if step == "flip":
        t.emit("ready_to_flip", seat=s["turn"])
    else:
        t.emit("ready", seat=s["turn"], step=step)


def take_step(t: Turn, step: str) -> None:
    """Flip the top Monster card, skip the Hunt! or end the turn."""
    s = t.s
    if step == "flip":
        t.flip()
    elif step == "skip":
        t.emit("skip", seat=s["turn"])
        t.to_recoup()
    else:
        t.emit("end", seat=s["turn"])
        t.end_turn()


def _anytime_window_worth_opening(s: dict[str, Any]) -> bool:
    """Somebody else holds cards, and not every any-time Action card is known to be out of reach."""
    others = [p for p in range(s["n"]) if p != s["turn"] and s["hands"][p]]
    return bool(others) and anytime_visible(s) < len(C.ANYTIME_CARDS)


def anytime_visible(s: dict[str, Any]) -> int:
    """Any-time Action cards everyone knows are out of hands (discarded, attached, being played)."""
    seen = set(s["mob_discard"]) | {e["card"] for e in s["stack"]}
    for mob in s["mobs"]:
        for f in mob:
            seen.update(f["enh"])
    return sum(1 for c in C.ANYTIME_CARDS if c in seen)


def cancels_visible(s: dict[str, Any]) -> int:
    """Cancel cards whose place everyone knows (the discard pile or the stack)."""
    n = sum(1 for c in s["mob_discard"] if CARDS[c]["effect"] == "cancel")
    return n + sum(1 for e in s["stack"] if CARDS[e["card"]]["effect"] == "cancel")


def play(t: Turn, seat: int, cid: int) -> None:
    s = t.s
    if s["cancel"] is not None:
        mode = "cancel"
    elif _window_open(s):
        mode = "window" if s["window"]["kind"] == "combat" else "anytime"
    elif s["combat"] is not None and s["combat"]["stage"] == "decide":
        mode = "defend"
    else:
        mode = "own"
    choices = targets(s, seat, cid, mode)
    if len(choices) == 1:
        put_on_stack(t, seat, cid, choices[0], mode)
        return
    # Several targets: the card waits, unseen by the others, until its target is chosen.
    s["hands"][seat].remove(cid)
    s["choosing"][seat] = cid
    s["select"] = {"seat": seat, "mode": mode}
    t.emit("choose_target", seat=seat)


def put_on_stack(t: Turn, seat: int, cid: int, tgt: dict[str, Any], mode: str) -> None:
    s = t.s
    if cid in s["hands"][seat]:
        s["hands"][seat].remove(cid)
    entry = {"card": cid, "by": seat, "mode": mode, "ts": tgt.get("seat"), "tf": tgt.get("tf")}
    if mode == "cancel":
        victim = s["stack"][-1]
        s["cancel"] = None
        t.reveal(f"hands.{seat}", [cid])
        t.emit("cancel_play", seat=seat, card=cid, victim_by=victim["by"], victim=victim["card"])
    else:
        on = entry["ts"] if entry["ts"] is not None and CARDS[cid]["target"] != "self" else None
        folk = s["mobs"][entry["ts"]][entry["tf"]]["c"] if entry["tf"] is not None else None
        t.reveal(f"hands.{seat}", [cid])
        t.emit("play", seat=seat, card=cid, on=on, folk=folk)
        if mode in ("window", "anytime"):
            s["window"] = reacted(s["window"])
    s["stack"].append(entry)
    _open_cancel_window(s)


def _open_cancel_window(s: dict[str, Any]) -> None:
    top = s["stack"][-1]
    if CARDS[top["card"]]["uncancelable"] or cancels_visible(s) >= len(C.CANCEL_CARDS):
        s["cancel"] = None
        return
    order = [p for p in _seats_from(s, s["turn"]) if p != top["by"]]
    s["cancel"] = open_window("cancel", order, until=ONE_ROUND)


def do_task(t: Turn, seat: int, a: Action) -> None:
    s = t.s
    task = s["tasks"][0]
    k = task["k"]
    if k in ("kill", "plague"):
        folk = s["mobs"][seat][a["tf"]]["c"]
        t.kill(seat, a["tf"])
        t.emit("killed", seat=seat, folk=folk, why=k)
        task["n"] -= 1
        if task["n"] <= 0 or not living(s["mobs"][seat]):
            s["tasks"].pop(0)
        return
    if k == "overpop":
        t.remove_folk(seat, a["tf"])
        s["tasks"].pop(0)
        return
    if k == "revive":
        t.bring_back(seat, [a["tf"]], task["why"])
        task["n"] -= 1
        if task["n"] <= 0:
            s["tasks"].pop(0)
        return
    # flee / down: discard a card of your choice
    cid = a["card"]
    s["hands"][seat].remove(cid)
    s["mob_discard"].append(cid)
    if k == "flee":
        task["n"] -= 1
        t.reveal(f"hands.{seat}", [cid])
        t.emit("flee_discard", seat=seat, card=cid)
        if task["n"] <= 0:
            s["tasks"].pop(0)
            t.fled()
    else:
        t.reveal(f"hands.{seat}", [cid])
        t.emit("limit_discard", seat=seat, card=cid)
        if len(s["hands"][seat]) <= hand_limit(s, seat):
            s["tasks"].pop(0)


# --- resolving played cards ----------------------------------------------------------------------

def resolve_top(t: Turn) -> None:
    s = t.s
    e = s["stack"].pop()
    cid = e["card"]
    kind = CARDS[cid]["kind"]
    if kind in ("weapon", "leader"):
        t.attach(e)
    elif kind == "townsfolk":
        s["mobs"][e["by"]].append({"c": cid, "dead": False, "enh": []})
        t.emit("joins", seat=e["by"], folk=cid)
    elif kind == "defense":
        _resolve_defense(t, e)
    else:
        _resolve_action(t, e)


def _resolve_defense(t: Turn, e: dict[str, Any]) -> None:
    s = t.s
    cid = e["card"]
    if e["mode"] in ("window", "defend"):
        # Played as an Action: the Monster flees and the Defense is discarded.
        s["mob_discard"].append(cid)
        cb = s["combat"]
        if cb is not None and cb["stage"] in ("decide", "fight"):
            t.emit("drives_away", card=cid, m=cb["m"])
            t.neutralize()
    elif s["defense"][e["ts"]] is None:
        s["defense"][e["ts"]] = cid
        t.emit("guards", card=cid, seat=e["ts"])
    else:
        s["mob_discard"].append(cid)
        t.emit("no_one", card=cid)


def _resolve_action(t: Turn, e: dict[str, Any]) -> None:
    s = t.s
    cid = e["card"]
    c = CARDS[cid]
    if not is_weapon(cid):  # a Lathe stays in play as a Weapon; other Actions are discarded
        s["mob_discard"].append(cid)
    if c["timing"] == "combat":
        if not fighting(s):
            t.emit("no_effect", card=cid)
            return
        cb = s["combat"]
        cb["str"] += c["str"]
        cb["pow"] += c["pow"]
        cb["kill"] += c["kill_mod"]
        if c["effect"] and EFFECTS(c["effect"], t, e):
            return
        t.sum_line()
        return
    EFFECTS(c["effect"], t, e)


# --- automatic steps -----------------------------------------------------------------------------

def advance(t: Turn) -> None:
    """Run everything that needs no decision, up to the next decision."""
    s = t.s
    for _ in range(10000):
        if s["phase"] == "over":
            return
        if s["tasks"]:
            if _auto_task(t):
                continue
            return
        if _queue_hand_limits(s):
            continue
        if s["select"] is not None:
            return
        if s["cancel"] is not None:
            s["cancel"] = _skip_empty_hands(s, s["cancel"])
            if closed(s["cancel"]):
                s["cancel"] = None
                continue
            return
        if s["stack"]:
            resolve_top(t)
            continue
        c = s["combat"]
        if c is not None:
            if c["stage"] == "fight":
                s["window"] = _skip_empty_hands(s, s["window"])
                if closed(s["window"]):
                    t.resolve_combat()
                    continue
                return
            if c["stage"] == "done":
                t.finish_combat()
                continue
            return  # decide, or flee with its discards owed
        if s["window"] is not None:  # the any-time window before the active player's step
            s["window"] = _skip_empty_hands(s, s["window"])
            if closed(s["window"]):
                step = _then(s["window"])
                s["window"] = None
                take_step(t, step)
                continue
            return
        if s["phase"] == "hunt" and (not s["moor"] or s["hunted"]):
            t.to_recoup()
            continue
        return
    raise AssertionError("the game did not settle")  # pragma: no cover


def _skip_empty_hands(s: dict[str, Any], window: dict[str, Any]) -> dict[str, Any]:
    """Players with no cards cannot play one (everyone can see that): they are not asked."""
    while not closed(window) and not s["hands"][asked(window)]:
        window = passed(window)
    return window


def _auto_task(t: Turn) -> bool:
    """Resolve a task with only one possible outcome; True if something happened."""
    s = t.s
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
            do_task(t, seat, {"type": "kill", "tf": opts[0]})
            return True
        return False
    if k == "overpop":
        alive = living(s["mobs"][seat])
        if len(s["mobs"][seat]) <= MIN_MOB or not alive:
            s["tasks"].pop(0)
            return True
        if len(alive) == 1:
            do_task(t, seat, {"type": "remove", "tf": alive[0]})
            return True
        return False
    if k == "revive":
        down = dead(s["mobs"][seat])
        if task["n"] >= len(down):
            s["tasks"].pop(0)
            if down:
                t.bring_back(seat, down, task["why"])
            return True
        return False
    hand = s["hands"][seat]
    if k == "flee":
        if task["n"] >= len(hand) or len(distinct(hand)) == 1:
            do_task(t, seat, {"type": "discard", "card": sorted(hand)[0]})
            return True
        return False
    if k == "down":
        if len(hand) <= hand_limit(s, seat):
            s["tasks"].pop(0)
            return True
        if len(distinct(hand)) == 1:
            do_task(t, seat, {"type": "discard", "card": sorted(hand)[0]})
            return True
        return False
    raise AssertionError(f"unknown task {k!r}")  # pragma: no cover


def _queue_hand_limits(s: dict[str, Any]) -> bool:
    """A hand over its limit is discarded down at once, before anything else happens."""
    hands = s["hands"]
    if all(len(h) <= HAND_SIZE for h in hands):
        return False
    for p in _seats_from(s, s["turn"]):
        if len(hands[p]) > hand_limit(s, p):
            s["tasks"].append({"k": "down", "seat": p})
            return True
    return False


# --- text ----------------------------------------------------------------------------------------

def prompt_for(s: dict[str, Any], seat: int) -> str:
    """What `seat` is asked to do now (for the status line)."""
    if s["phase"] == "over":
        w = s["winner"]
        return f"{T(w)} saved the town!" if w is not None else "The game is over."
    who, _ = decision(s)
    if who != seat:
        return f"Waiting for {T(who)}."
    what = asking(s)
    if s["tasks"]:
        task = s["tasks"][0]
        if what == "kill":
            extra = " (the one with the most Enhancements)" if task.get("vamp") else ""
            return f"Choose a Townsfolk to die{extra}: {task['n']} to go"
        if what == "plague":
            return "Plague: choose one of your Townsfolk to die"
        if what == "overpop":
            return "Overpopulation: choose a living Townsfolk to leave your Mob"
        if what == "revive":
            return f"Choose a dead Townsfolk to come back: {task['n']} to go"
        if what == "flee":
            return f"Fleeing: discard {plural(task['n'], 'more card', 'more cards')}"
        return f"Too many cards: discard down to {hand_limit(s, seat)}"
    if what == "target":
        return f"Choose a target for {C.name(s['choosing'][seat])}"
    if what == "cancel":
        top = s["stack"][-1]
        return f"{T(top['by'])} played {C.name(top['card'])}{_target_text(s, top)}: Cancel it?"
    cb = s["combat"]
    if what == "decide":
        defend = " or play a Defense" if s["v"] != FIRST_VERSION and playable(s, seat, "defend") else ""
        return (f"{monster_name(cb['m'], cap=True, old=s['v'] == FIRST_VERSION)} attacks (Power {monster_power(cb)}, "
                f"your Strength {mob_strength(s, seat, cb)}): Fight or Flee{defend}?")
    if what == "fight":
        whose = "your" if cb["seat"] == seat else f"{T(cb['seat'])}'s"
        return (f"{C.name(cb['m'])}: Power {monster_power(cb)} vs {whose} Mob's Strength "
                f"{mob_strength(s, cb['seat'], cb)}. Play a card or pass")
    if what == "anytime":
        before, verb, about = HELD_STEP_WORDS[held_step(s) or "flip"]
        if seat == s["turn"]:
            return f"{before}: play a card that may be played at any time, or {verb}"
        return f"{T(s['turn'])} is about to {about}: play a card that may be played at any time, or pass"
    if what == "attack":
        return "Attack! Flip the top Monster card"
    if what == "hunt":
        return "Hunt! Take a random Monster from the Moor, or skip"
    if what == "recoup":
        return "Recoup: play Enhancements, Defense and Townsfolk, discard, or end your turn"
    return "Discard any cards you like, then end your turn"


# The words of the any-time window for the step it holds: asking the active player, and
# telling the others what the active player is about to do.
HELD_STEP_WORDS = {
    "flip": ("Before the flip", "flip", "flip a Monster"),
    "skip": ("Before you move on", "skip the Hunt!", "move on without Hunting"),
    "end": ("Before your turn ends", "end it", "end their turn"),
}


def _target_text(s: dict[str, Any], e: dict[str, Any]) -> str:
    if e["tf"] is not None:
        return f" on {T(e['ts'])}'s {C.name(s['mobs'][e['ts']][e['tf']]['c'])}"
    if e["ts"] is not None and CARDS[e["card"]]["target"] != "self":
        return f" on {T(e['ts'])}"
    return ""
