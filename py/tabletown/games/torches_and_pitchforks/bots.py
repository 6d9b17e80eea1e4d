"""Torches & Pitchforks bots. Both decide from their own seat's view only (what a player at
the table sees: their own hand, everybody's Mobs, the piles, the counts of other hands).

- easy: plays its own fights sensibly (Fight when its Mob is stronger, else a Defense that
  turns the Monster away, else Flee), arms its Mob in Recoup, helps itself when losing a
  fight, only now and then spoils a rival's fight, and Cancels only cards aimed straight at it.
- hard: tries every playable card in sampled copies of the table (`determinize` plus the real
  rules) to see exactly what it does to the fight, spends the fewest cards that win its own
  fights, denies the rival who is leading or about to win, saves its Cancels for cards that
  swing a fight or hurt it badly, weighs Fleeing and Hunting against what the other hands
  probably hold, plays its any-time cards where they count (a Lathe at once, a revival before
  its own fights, a knock-out on the leader), and cycles weak cards away in its Discard phase.
- expert: the kit's search around the hard bot; each move it weighs is played on by the easy
  bot to the end of the turn it was made in (`finish_turn`), and the table then judged: in a
  game of two by the chance of winning (judgement.py: the points and the Mobs, fit to games
  between hard bots), in larger games by the points.
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.prng import Rng
from tabletown.engine.rules import Action, Rules, View
from tabletown.engine.search import Expert, play_until

from . import content as C
from .bots_judgement import (
    card_value,
    cards_to_play,
    defense_plays,
    fight_sum,
    find_action,
    folk_worth,
    hand,
    hand_count,
    leader_rival,
    score,
    target_choice,
    task_choice,
    threat,
)
from .content import CARDS
from .judgement import expert_standing
from .scoring import (
    MIN_MOB,
    combat_wins,
    kill_count,
    leader_of,
    living,
    mob_strength,
    monster_power,
)

# How much the hard bot fears interference in its fights, and the bar a Hunt must clear.
WORRY = 0.5
HUNT_BAR = 0.5
PASS: Action = {"type": "pass"}

HOSTILE_COMBAT = {"Heck Spawn", "Enraged Monster", "Pure Evil", "Disorganized Mob", "Frightened Children",
                  "Night of the Walking Dead", "Bump on the Head", "Escape Plan"}


# --- easy -----------------------------------------------------------------------------------------

def easy_bot(rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
    if len(legal) == 1:
        return legal[0]
    asking = view["derived"]["asking"]
    kinds = {a["type"] for a in legal}
    if view["tasks"]:
        return task_choice(view, seat, legal)
    if asking == "target":
        return target_choice(view, seat, legal)
    cb = view["combat"]
    if asking == "decide":
        st, pw = fight_sum(view)
        defenses = defense_plays(legal)
        if st > pw:
            return {"type": "fight"}
        if defenses:
            return defenses[0]
        return {"type": "flee"} if "flee" in kinds else {"type": "fight"}
    if asking == "cancel":
        top = view["stack"][-1]
        c = CARDS[top["card"]]
        aimed = top["ts"] == seat and c["effect"] in ("knockout", "steal", "overpop")
        mine_hurt = cb is not None and cb["seat"] == seat and (c["pow"] > 0 or c["str"] < 0)
        cancels = cards_to_play(legal)
        if cancels and (aimed or mine_hurt) and top["by"] != seat:
            return {"type": "play", "card": cancels[0]}
        return PASS
    if asking == "fight":
        return _easy_window(view, seat, legal, rng)
    if asking == "anytime":
        return _easy_anytime(view, seat, legal, rng)
    return _easy_turn(view, seat, legal, rng)


def _easy_window(view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
    cb = view["combat"]
    st, pw = fight_sum(view)
    plays = cards_to_play(legal)
    if cb["seat"] == seat:
        if st <= pw:
            down = any(t["dead"] for t in view["mobs"][seat])
            helps = [cid for cid in plays if CARDS[cid]["str"] > 0 or CARDS[cid]["pow"] < 0
                     or CARDS[cid]["effect"] in ("escape", "holy", "energize", "inspire")
                     or (CARDS[cid]["effect"] == "revive" and down)
                     or CARDS[cid]["kind"] == "defense"]
            if helps:
                return {"type": "play", "card": helps[0]}
        return PASS
    if st > pw and rng.below(2) == 0:
        hurts = [cid for cid in plays if CARDS[cid]["pow"] > 0 or CARDS[cid]["str"] < 0]
        if hurts:
            return {"type": "play", "card": hurts[0]}
    return PASS


def _easy_anytime(view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
    """Before someone's flip: arm the Mob with a Lathe, wake its own dead, now and then steal."""
    mob = view["mobs"][seat]
    for cid in cards_to_play(legal):
        eff = CARDS[cid]["effect"]
        if eff == "lathe":
            return {"type": "play", "card": cid}
        if eff == "revive" and any(t["dead"] for t in mob):
            return {"type": "play", "card": cid}
        if eff == "steal" and rng.below(2) == 0:
            return {"type": "play", "card": cid}
    return PASS


def _easy_turn(view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
    if find_action(legal, "flip"):
        return {"type": "flip"}
    if find_action(legal, "hunt"):
        moor = view["moor"]
        avg = sum(CARDS[m]["power"] for m in moor) / len(moor)
        return {"type": "hunt"} if view["derived"]["strength"][seat] > avg + 1 else {"type": "skip"}
    plays = cards_to_play(legal)
    order = {"townsfolk": 0, "leader": 1, "weapon": 2, "defense": 3}
    plays = [cid for cid in plays if CARDS[cid]["kind"] in order
             and not (CARDS[cid]["kind"] == "defense" and view["defense"][seat] is not None)]
    if plays:
        plays.sort(key=lambda cid: (order[CARDS[cid]["kind"]], -CARDS[cid]["bonus"], cid))
        return {"type": "play", "card": plays[0]}
    return {"type": "end"}


# --- hard -----------------------------------------------------------------------------------------

def _after(rules: Rules, world: dict[str, Any], seat: int, action: Action) -> dict[str, Any]:
    return rules.apply(world, seat, action)[0]


def _settle(rules: Rules, world: dict[str, Any], seat: int, action: Action, target: Optional[Action] = None,
            cap: int = 40) -> dict[str, Any]:
    """Apply `action` (and its target) in a sampled world, then let every Cancel window pass."""
    world = _after(rules, world, seat, action)
    for _ in range(cap):
        if world["phase"] == "over" or world["tasks"]:
            break
        if world["select"] is not None:
            if world["select"]["seat"] != seat or target is None:
                break
            world = _after(rules, world, seat, target)
            continue
        if world["cancel"] is not None:
            who = rules.active(world)[0]
            world = _after(rules, world, who, PASS)
            continue
        break
    return world


def _candidates(rules: Rules, world: dict[str, Any], seat: int, cid: int) -> list[tuple[Action, Optional[Action]]]:
    """(play action, target action or None) pairs for card `cid` worth trying in a fight."""
    play = {"type": "play", "card": cid}
    after = _after(rules, world, seat, play)
    if after["select"] is not None and after["select"]["seat"] == seat:
        choices = rules.legal(after, seat)
        cb = world["combat"]
        if CARDS[cid]["effect"] == "knockout" and cb is not None:
            # Only a knock-out in the fighting Mob changes the fight.
            choices = [t for t in choices if t["seat"] == cb["seat"]]
            choices.sort(key=lambda t: -len(world["mobs"][t["seat"]][t["tf"]]["enh"]))
            choices = choices[:2]
        return [(play, t) for t in choices]
    return [(play, None)]


def _combat_outlook(world: dict[str, Any]) -> str:
    """'won' / 'lost' if the fight ended, 'away' if neutralized, 'win'/'lose' if still on."""
    cb = world["combat"]
    if world["phase"] == "over":
        return "won"
    if cb is None:
        return "away"
    if cb["stage"] == "done":
        return cb["result"]
    return "win" if combat_wins(world) else "lose"


def _winning(outlook: str) -> bool:
    return outlook in ("win", "won")


def _hostile_estimate(view: View, seat: int) -> float:
    """Expected Power swing other players could still throw at `seat`'s fight."""
    known: set[int] = set(hand(view, seat)) | set(view["mob_discard"])
    for mob in view["mobs"]:
        for t in mob:
            known.update(t["enh"])
            if CARDS[t["c"]]["deck"] == "mob":
                known.add(t["c"])
    known.update(d for d in view["defense"] if d is not None)
    unknown = [c for c in C.MOB_DECK if c not in known]
    if not unknown:
        return 0.0
    hostile = [c for c in unknown if CARDS[c]["name"] in HOSTILE_COMBAT]
    others = sum(hand_count(view, p) for p in range(view["n"]) if p != seat)
    expected = others * len(hostile) / len(unknown)
    return expected * 2.5


def _own_boost(view: View, seat: int, monster: int, hunt: bool = False) -> float:
    """Strength this seat's own hand can add in a fight against `monster` (roughly)."""
    boost = 0.0
    mob = view["mobs"][seat]
    m = CARDS[monster]
    for cid in hand(view, seat):
        c = CARDS[cid]
        if c["kind"] != "action" and not (c["kind"] == "defense" and m["type"] in c["defends"] and not hunt):
            continue
        if c["kind"] == "defense" or c["effect"] in ("escape",):
            boost += 20  # a way out
        elif c["effect"] == "holy":
            boost += 20 if m["type"] in c["vs"] else c["bonus"]
        elif c["effect"] == "downpour" and m["type"] == C.WITCH:
            boost += 20
        elif c["str"] > 0 or c["pow"] < 0:
            boost += c["str"] - c["pow"]
        elif c["effect"] == "inspire":
            boost += 3 if leader_of(mob) is not None else 1
        elif c["effect"] == "energize":
            boost += 2
        elif c["effect"] == "revive":
            boost += min(c["bonus"], sum(1 for t in mob if t["dead"]))
    return boost


def _fight_or_flee(view: View, seat: int, legal: list[Action]) -> Action:
    cb = view["combat"]
    st, pw = fight_sum(view)
    defenses = defense_plays(legal)
    boost = _own_boost(view, seat, cb["m"], hunt=bool(cb["hunt"] or cb.get("risen")))
    if defenses:
        boost -= 20  # the Defense in hand is better spent now than after Fight is declared
    hostile = _hostile_estimate(view, seat)
    # Rivals spoil fights that matter: more so when this seat is close to winning.
    worry = hostile * (WORRY + threat(view, seat))
    if st + boost - worry > pw or (st > pw and boost >= 20):
        return {"type": "fight"}
    if defenses:
        return defenses[0]
    if find_action(legal, "flee") is None:
        return {"type": "fight"}
    kills = CARDS[cb["m"]]["kill"]
    if hand_count(view, seat) <= 1 and kills <= 1 and st + boost >= pw:
        return {"type": "fight"}
    return {"type": "flee"}


def _hunt_value(view: View, seat: int) -> float:
    moor = view["moor"]
    if not moor:
        return -1.0
    hostile = _hostile_estimate(view, seat) * (0.5 + threat(view, seat))
    total = 0.0
    for m in moor:
        fake = {"m": m, "seat": seat, "hunt": True, "risen": False, "stage": "fight", "str": 0, "pow": 0,
                "kill": 0, "flags": [], "crash": 0}
        st = mob_strength(view, seat, fake) + 0.7 * min(_own_boost(view, seat, m, hunt=True), 6)
        p = CARDS[m]["power"]
        if st - hostile > p:
            total += p * (1.6 if score(view, seat) + p >= view["target"] else 1.0)
        else:
            total -= 1.5 * kill_count(view, fake)
    return total / len(moor)


def _deny_worth(view: View, seat: int, fighter: int, monster: int) -> float:
    """How much stopping `fighter` from scoring `monster` matters to `seat` (in card-value units)."""
    power = CARDS[monster]["power"]
    fs = score(view, fighter)
    if fs + power >= view["target"]:
        return 100.0
    n = view["n"]
    best_other = max(score(view, p) for p in range(n) if p != fighter)
    worth = power * (1.0 if n == 2 else 0.45)
    if fs + power > best_other and n > 2:
        worth *= 1.6
    if fs + power >= 0.75 * view["target"]:
        worth *= 1.5
    return worth


def _cancel_worth(rules: Rules, view: View, seat: int, world: dict[str, Any]) -> float:
    """What letting the top card of the stack resolve costs `seat` (positive: worth Canceling)."""
    top = world["stack"][-1]
    c = CARDS[top["card"]]
    by = top["by"]
    if c["effect"] == "cancel":
        # Someone Cancels a card: protect it if it was ours, otherwise let it be.
        victim = world["stack"][-2]
        if victim["by"] == seat:
            return 3.0 + card_value(view, seat, victim["card"])
        return -1.0
    # Compare the world after the card with the world where it never happened.
    resolved = world
    for _ in range(30):
        if resolved["cancel"] is None:
            break
        who = rules.active(resolved)[0]
        resolved = _after(rules, resolved, who, PASS)
    cb = world["combat"]
    if cb is not None and cb["stage"] in ("decide", "fight"):
        with_card = _combat_outlook(resolved)
        without = "win" if combat_wins(world) else "lose"
        fighter = cb["seat"]
        if fighter == seat:
            if _winning(without) and not _winning(with_card):
                return 4.0 + CARDS[cb["m"]]["power"]
            if with_card == "away" and _winning(without):
                return 3.0 + CARDS[cb["m"]]["power"]
            return -1.0
        if not _winning(without) and _winning(with_card):
            return _deny_worth(view, seat, fighter, cb["m"]) - 2.0
        return -1.0
    if by == seat:
        return -1.0
    if top["ts"] == seat:
        if c["effect"] == "knockout" and top["tf"] is not None:
            return folk_worth(view, seat, top["tf"]) + 0.5
        if c["effect"] in ("steal", "overpop"):
            return 3.0
        if c["effect"] == "spy":
            return 1.5
    if c["kind"] in ("weapon", "leader", "townsfolk") and threat(view, by) >= 0.6:
        return 1.0 + (c["bonus"] if c["kind"] != "townsfolk" else 1.0)
    return -1.0


def hard_bot(rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
    if len(legal) == 1:
        return legal[0]
    asking = view["derived"]["asking"]
    if view["tasks"]:
        return task_choice(view, seat, legal)
    if asking == "target":
        return target_choice(view, seat, legal)
    if asking == "decide":
        return _fight_or_flee(view, seat, legal)
    if asking == "anytime":
        return _anytime_play(view, seat, legal, window=True) or PASS
    if asking not in ("cancel", "fight"):
        return _hard_turn(view, seat, legal)
    if not cards_to_play(legal):
        return PASS
    # Try the cards in a copy of the table with the hidden cards dealt at random.
    world = rules.determinize(view, seat, rng)
    if asking == "cancel":
        cancels = cards_to_play(legal)
        worth = _cancel_worth(rules, view, seat, world)
        spare = len(cancels) >= 2 or sum(1 for c in hand(view, seat) if CARDS[c]["effect"] == "cancel") >= 2
        if worth >= (3.0 if spare else 5.0):
            return {"type": "play", "card": cancels[0]}
        return PASS
    return _hard_window(rules, view, seat, legal, world)


def _hard_window(rules: Rules, view: View, seat: int, legal: list[Action], world: dict[str, Any]) -> Action:
    cb = view["combat"]
    fighter = cb["seat"]
    winning = combat_wins(world)
    plays = cards_to_play(legal)
    if not plays:
        return PASS
    options = []
    for cid in plays:
        for play, target in _candidates(rules, world, seat, cid):
            after = _settle(rules, world, seat, play, target)
            options.append((cid, play, target, _combat_outlook(after), after))
    st, pw = fight_sum(view)
    if fighter == seat:
        if winning:
            return PASS
        wins = [o for o in options if _winning(o[3])]
        if wins:
            best = min(wins, key=lambda o: (card_value(view, seat, o[0]), o[0]))
            return best[1]
        # Cannot win with one card: push with the biggest swing if the hand can still get there,
        # else get away (Escape Plan, Defense, Holy Ground) or at least keep the Townsfolk alive.
        swings = []
        for o in options:
            after = o[4]
            if after["combat"] is not None and after["combat"]["stage"] == "fight":
                gain = (mob_strength(after, seat, after["combat"]) - monster_power(after["combat"])) - (st - pw)
                if gain > 0:
                    swings.append((gain, o))
        total_gain = sum(g for g, _ in swings)
        if swings and st + total_gain > pw:
            return max(swings, key=lambda x: (x[0], -x[1][0]))[1][1]
        aways = [o for o in options if o[3] == "away"]
        kills = kill_count(view, cb)
        if aways and kills >= 1:
            return min(aways, key=lambda o: card_value(view, seat, o[0]))[1]
        guards = [o for o in options if CARDS[o[0]]["effect"] == "guard"]
        if guards and kills >= 2:
            return guards[0][1]
        return PASS
    # Someone else's fight: deny it if it matters enough.
    if not winning:
        return PASS
    worth = _deny_worth(view, seat, fighter, cb["m"])
    stops = [o for o in options if not _winning(o[3])]
    if stops:
        best = min(stops, key=lambda o: (card_value(view, seat, o[0]), o[0]))
        if card_value(view, seat, best[0]) <= worth:
            return best[1]
        return PASS
    if worth >= 100.0:
        # The fighter is about to win the game: chip away with anything that hurts.
        for o in options:
            after = o[4]
            if after["combat"] is not None and after["combat"]["stage"] == "fight":
                if mob_strength(after, fighter, after["combat"]) - monster_power(after["combat"]) < st - pw:
                    return o[1]
    return PASS


def _anytime_play(view: View, seat: int, legal: list[Action], window: bool) -> Optional[Action]:
    """An any-time Action worth playing now (in a window before a flip, or in its own turn)."""
    mob = view["mobs"][seat]
    rival = leader_rival(view, seat)
    mine = hand(view, seat)
    for cid in cards_to_play(legal):
        c = CARDS[cid]
        eff = c["effect"]
        if c["kind"] != "action" or c["timing"] != "any":
            continue
        if eff in ("lathe", "steal"):
            return {"type": "play", "card": cid}
        if eff == "revive" and sum(1 for t in mob if t["dead"]) >= c["bonus"] and (window or view["phase"] == "discard"):
            return {"type": "play", "card": cid}
        if eff == "knockout" and threat(view, rival) >= 0.5:
            best = max((folk_worth(view, rival, i) for i in living(view["mobs"][rival])), default=0)
            if best >= 4.5:
                return {"type": "play", "card": cid}
        if eff == "overpop" and len(view["mobs"][rival]) > MIN_MOB and threat(view, rival) >= 0.5:
            return {"type": "play", "card": cid}
        # Early Harvest: only when all three cards fit in the hand.
        if eff == "draw" and len(mine) - 1 + c["bonus"] <= view["derived"]["limits"][seat]:
            return {"type": "play", "card": cid}
    return None


def _hard_turn(view: View, seat: int, legal: list[Action]) -> Action:
    phase = view["phase"]
    plays = cards_to_play(legal)
    if phase == "attack":
        return _anytime_play(view, seat, legal, window=False) or {"type": "flip"}
    if phase == "hunt":
        return {"type": "hunt"} if _hunt_value(view, seat) > HUNT_BAR else {"type": "skip"}
    # Build up the Mob in Recoup: Townsfolk, a Leader, the best Weapons, a Defense.
    order = {"townsfolk": 0, "leader": 1, "weapon": 2, "defense": 3}
    builds = [cid for cid in plays if CARDS[cid]["kind"] in order]
    builds = [cid for cid in builds if not (CARDS[cid]["kind"] == "defense" and view["defense"][seat] is not None)]
    if builds:
        builds.sort(key=lambda cid: (order[CARDS[cid]["kind"]], -CARDS[cid]["bonus"], cid))
        return {"type": "play", "card": builds[0]}
    chosen = _anytime_play(view, seat, legal, window=False)
    if chosen is not None:
        return chosen
    # Cycle away dead weight so the next draw brings something better.
    mine = hand(view, seat)
    if len(mine) >= 4:
        junk = [a for a in legal if a["type"] == "discard" and card_value(view, seat, a["card"]) <= 1.0]
        if junk:
            return min(junk, key=lambda a: (card_value(view, seat, a["card"]), a["card"]))
    return {"type": "end"}


MOST_MOVES_OF_A_TURN = 200  # a bound on a playout, far above any turn's moves (about ten)

# An imagined table played on after a candidate: the easy bot finishes the turn it was made in
# (its fight fought, its Recoup and Discard done), so the table is judged between turns rather
# than some moves into a fight.
finish_turn = play_until(easy_bot, lambda state: state["turn"], MOST_MOVES_OF_A_TURN)

BOTS = {"easy": easy_bot, "hard": hard_bot,
        "expert": Expert(hard=hard_bot, policy=easy_bot, evaluate=expert_standing, playout=finish_turn, trials=96)}

__all__ = ["BOTS", "easy_bot", "hard_bot", "card_value"]
