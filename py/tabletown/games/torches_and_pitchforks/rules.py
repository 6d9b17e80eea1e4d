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
from tabletown.engine.reactions import asked
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
from .acting import act, advance
from .content import CARDS
from .decisions import PASS, asked_seat, asking, decision, held_step, playable, window_open
from .phrases import PHRASES, monster_name
from .scoring import (
    HAND_SIZE,
    MIN_MOB,
    combat_wins,
    folk_strength,
    hand_limit,
    kill_count,
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
        if window_open(state):
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
        return t.result()

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
