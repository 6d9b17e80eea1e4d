"""The steps that change a Torches & Pitchforks table while one action is applied.

A `Turn` is the kit's move (engine/move.py): a copy of the state, its PRNG and the events
the action makes, with the game's own steps added. Every step here changes `t.s` and says
what it did with an event (the phrasebook writes the log line from them). Every draw on the
PRNG goes through the kit (`roll`, `below`, `shuffle`); a step that shows a card
nobody saw before (a flip, a card played or discarded from hand, a draw) carries
`"barrier": True`, so the move cannot be undone.

`t.old` is True for a game begun under rules version 1 (saved games keep their rules):
the steps that changed in version 2 branch on it.
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.events import Event
from tabletown.engine.move import Move
from tabletown.engine.reactions import ALL_PASS

from . import content as C
from . import effects  # noqa: F401  (registers the card effect handlers)
from .content import CARDS, EFFECTS
from .scoring import (
    can_flee,
    count_perk,
    dead,
    enh_value,
    flee_cost,
    free_slot,
    is_weapon,
    kill_count,
    leader_of,
    living,
    mob_strength,
    monster_power,
    refill_to,
    score_of,
)

FIRST_VERSION = 1


class Turn(Move):
    """One action being applied to a Torches & Pitchforks table (the kit's Move, engine/move.py,
    with the game's own steps)."""

    def __init__(self, state: dict[str, Any]):
        super().__init__(state)
        self.old = self.s["v"] == FIRST_VERSION

    def emit(self, t: str, **fields: Any) -> Event:
        if self.old:
            fields["v"] = FIRST_VERSION  # the phrasebook keeps the first version's wording
        return super().emit(t, **fields)

    # --- cards moving --------------------------------------------------------------------
    def draw_cards(self, seat: int, k: int, say: bool = True) -> int:
        """`seat` draws up to `k` Mob cards (the discard pile is reshuffled when the deck runs out)."""
        s = self.s
        cards = []
        for _ in range(k):
            if not s["mob_deck"]:
                if not s["mob_discard"]:
                    break
                s["mob_deck"], s["mob_discard"] = s["mob_discard"], []
                self.shuffle(s["mob_deck"], "mob_deck", refill=True)
            cards.append(s["mob_deck"].pop())
        if cards:
            s["hands"][seat].extend(cards)
            s["hands"][seat].sort()
            # Each drawn card is seen by its owner: no take-backs.
            self.emit("draw", seat=seat, n=len(cards), quiet=not say, private=seat, cards=cards, barrier=True)
        return len(cards)

    def discard_random(self, seat: int, why: str) -> Optional[int]:
        """A random card of `seat`'s hand goes to the discard pile (shown to all)."""
        hand = self.s["hands"][seat]
        if not hand:
            return None
        lost = hand.pop(self.below(len(hand), why=why))
        self.s["mob_discard"].append(lost)
        self.reveal(f"hands.{seat}", what=[lost])
        return lost

    def take_random(self, seat: int, victim: int) -> bool:
        """`seat` takes a random card from `victim`'s hand (unseen by the others)."""
        hand = self.s["hands"][victim]
        if not hand:
            return False
        got = hand.pop(self.below(len(hand), why="steal"))
        self.s["hands"][seat].append(got)
        self.s["hands"][seat].sort()
        return True

    def kill(self, seat: int, idx: int) -> None:
        """Flip a Townsfolk face down; its Enhancements are discarded."""
        t = self.s["mobs"][seat][idx]
        t["dead"] = True
        self.s["mob_discard"].extend(t["enh"])
        t["enh"] = []

    def remove_folk(self, seat: int, idx: int) -> None:
        """A living Townsfolk leaves the Mob (Overpopulation)."""
        t = self.s["mobs"][seat].pop(idx)
        self.s["mob_discard"].extend(t["enh"])
        if CARDS[t["c"]]["deck"] == "mob":
            self.s["mob_discard"].append(t["c"])
        else:
            self.s["spare"].append(t["c"])
        self.emit("leaves", seat=seat, folk=t["c"])

    def attach(self, e: dict[str, Any]) -> None:
        """An Enhancement (or a Lathe) joins the Townsfolk it was played on, if it still can."""
        cid = e["card"]
        mob = self.s["mobs"][e["ts"]]
        ok = e["tf"] < len(mob) and not mob[e["tf"]]["dead"]
        if ok and is_weapon(cid):
            ok = free_slot(mob[e["tf"]])
        if ok and CARDS[cid]["kind"] == "leader":
            ok = leader_of(mob) is None
        if ok:
            mob[e["tf"]]["enh"].append(cid)
            self.emit("takes_up", folk=mob[e["tf"]]["c"], card=cid)
        else:
            self.s["mob_discard"].append(cid)
            self.emit("no_one", card=cid)

    # --- Recoup and revivals ---------------------------------------------------------------
    def revive(self, seat: int, n: int, why: str) -> None:
        """Up to `n` dead Townsfolk of `seat` come back. Under the first rules they came back in
        a fixed order (gifted Townsfolk first); now the Mob's owner chooses whenever there is a
        choice to make."""
        mob = self.s["mobs"][seat]
        down = dead(mob)
        if not down or n <= 0:
            return
        if self.old:
            down.sort(key=lambda i: (-(CARDS[mob[i]["c"]]["bonus"] + CARDS[mob[i]["c"]]["vs_bonus"]
                                       + (CARDS[mob[i]["c"]]["perk"] is not None)), i))
            self.bring_back(seat, down[:n], why)
        elif n >= len(down):
            self.bring_back(seat, down, why)
        else:
            self.s["tasks"].append({"k": "revive", "seat": seat, "n": n, "why": why})

    def bring_back(self, seat: int, idxs: list[int], why: str) -> None:
        mob = self.s["mobs"][seat]
        for i in idxs:
            mob[i]["dead"] = False
        self.emit("revived", seat=seat, folk=[mob[i]["c"] for i in idxs], why=why)

    # --- the turn's phases -------------------------------------------------------------------
    def start_turn(self, seat: int) -> None:
        s = self.s
        s["turn"] = seat
        s["phase"] = "attack"
        s["fought"] = s["hunted"] = s["red_tape"] = False
        need = refill_to(s, seat) - len(s["hands"][seat])
        if need > 0:
            self.draw_cards(seat, need)

    def end_turn(self) -> None:
        self.s["turns"] += 1
        self.start_turn((self.s["turn"] + 1) % self.s["n"])

    def to_hunt(self) -> None:
        """On to Hunt! (the rules move on to Recoup when there is nothing to hunt)."""
        self.s["phase"] = "hunt"

    def to_recoup(self) -> None:
        s = self.s
        s["phase"] = "recoup"
        seat = s["turn"]
        self.revive(seat, 1 + count_perk(s["mobs"][seat], "revive", s["v"]), "recoup")

    # --- Monsters -----------------------------------------------------------------------------
    def draw_monster(self) -> Optional[int]:
        s = self.s
        if not s["monster_deck"]:
            pool = s["monster_discard"] + s["moor"]
            if not pool:
                return None
            s["monster_deck"], s["monster_discard"], s["moor"] = pool, [], []
            self.shuffle(s["monster_deck"], "monster_deck", refill=True)
        return s["monster_deck"].pop()

    def flip(self, plot: int = 0) -> None:
        """Flip the top Monster card: an Event happens, a Monster attacks."""
        s = self.s
        seat = s["turn"]
        cid = self.draw_monster()
        if cid is None:
            self.emit("deck_empty")
            self.to_hunt()
            return
        c = CARDS[cid]
        if c["kind"] == "event":
            self.reveal("monster_deck", what=[cid])
            self.emit("flip_event", seat=seat, card=cid)
            s["monster_discard"].append(cid)
            if not EFFECTS(c["effect"], self, seat):
                self.to_hunt()
            return
        self.reveal("monster_deck", what=[cid])
        self.emit("flip", seat=seat, m=cid, plot=plot)
        d = s["defense"][seat]
        if d is not None and c["type"] in CARDS[d]["defends"]:
            s["moor"].append(cid)
            self.emit("turned_away", seat=seat, card=d, m=cid)
            self.to_hunt()
            return
        s["combat"] = self.new_combat(cid, hunt=False)
        s["combat"]["pow"] += plot
        if not can_flee(s["combat"]):
            self.emit("must_fight", seat=seat, m=cid)
            self.start_fight()

    def new_combat(self, cid: int, hunt: bool, risen: bool = False) -> dict[str, Any]:
        return {"m": cid, "seat": self.s["turn"], "hunt": hunt, "risen": risen, "stage": "decide",
                "str": 0, "pow": 0, "kill": 0, "flags": [], "crash": 0, "result": None, "roll": None}

    def start_fight(self) -> None:
        """Fight is declared: the combat window goes round the table, the fighter first."""
        self.s["combat"]["stage"] = "fight"
        self.s["window"] = self.window("combat", self.seats_from(self.s["turn"]), until=ALL_PASS)

    def flee(self, seat: int) -> None:
        s = self.s
        c = s["combat"]
        roll = self.roll(6, seat=seat, why="flee")
        c["roll"] = roll
        cost = flee_cost(s, seat, c["m"], roll)
        hand = len(s["hands"][seat])
        if cost > hand:
            # Not enough cards to discard: the flight fails, nothing is discarded.
            self.emit("flee_failed", seat=seat, roll=roll, cost=cost, hand=hand, m=c["m"])
            self.start_fight()
            return
        self.emit("flee_roll", seat=seat, roll=roll, cost=cost)
        if cost == 0:
            self.fled()
            return
        c["stage"] = "flee"
        s["tasks"].append({"k": "flee", "seat": seat, "n": cost})

    def fled(self) -> None:
        s = self.s
        c = s["combat"]
        s["moor"].append(c["m"])
        self.emit("fled", seat=c["seat"], m=c["m"])
        s["combat"] = None
        s["window"] = None
        self.to_hunt()

    def hunt(self, seat: int) -> None:
        s = self.s
        cid = s["moor"].pop(self.below(len(s["moor"]), why="hunt"))
        s["hunted"] = True
        self.emit("hunt", seat=seat, m=cid)
        s["combat"] = self.new_combat(cid, hunt=True)
        self.start_fight()

    def neutralize(self) -> None:
        """The Monster goes to the Moor without combat (Defense, Escape Plan, Holy Ground)."""
        s = self.s
        cb = s["combat"]
        s["moor"].append(cb["m"])
        self.emit("to_moor", m=cb["m"])
        s["combat"] = None
        s["window"] = None
        if cb["hunt"]:
            self.to_recoup()
        else:
            self.to_hunt()

    def sum_line(self) -> None:
        cb = self.s["combat"]
        self.emit("sum", str=mob_strength(self.s, cb["seat"], cb), pow=monster_power(cb))

    def resolve_combat(self) -> None:
        """Everyone has passed: the Mob's Strength must exceed the Monster's Power."""
        s = self.s
        cb = s["combat"]
        s["window"] = None
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
            self.emit("slain", seat=seat, m=m, str=st, pow=pw, melt=bool(cb.get("melt")), total=total)
            if total >= s["target"]:
                s["winner"] = seat
                s["phase"] = "over"
                s["combat"] = None
                s["stack"] = []
                s["cancel"] = None
                s["select"] = None
                s["tasks"] = []
                self.emit("wins", seat=seat, target=s["target"])
            return
        cb["result"] = "lost"
        s["moor"].append(m)
        k = kill_count(s, cb)
        self.emit("beaten", seat=seat, m=m, str=st, pow=pw, kills=k)
        if C.has_special(m, "swallow"):
            swallowed = [e for t in s["mobs"][seat] for e in t["enh"]]
            for t in s["mobs"][seat]:
                t["enh"] = []
            s["mob_discard"].extend(swallowed)
            if swallowed:
                self.emit("swallows", m=m, n=len(swallowed))
        if k > 0 and living(s["mobs"][seat]):
            s["tasks"].append({"k": "kill", "seat": seat, "n": k, "vamp": C.has_special(m, "most_enhanced")})

    def finish_combat(self) -> None:
        """After the fight: Grenades are used up, Sugar Rush crashes, the turn goes on."""
        s = self.s
        cb = s["combat"]
        seat = cb["seat"]
        monster = CARDS[cb["m"]]
        for t in s["mobs"][seat]:
            # A Grenade is thrown only in a fight where it adds Strength (first rules: always).
            used = [e for e in t["enh"] if CARDS[e]["one_shot"] and (self.old or enh_value(e, monster, cb) > 0)]
            for e in used:
                t["enh"].remove(e)
                s["mob_discard"].append(e)
                self.emit("used_up", folk=t["c"], card=e)
        for _ in range(cb["crash"]):
            lost = self.discard_random(seat, "crash")
            if lost is not None:
                self.emit("crash", seat=seat, card=lost)
        s["combat"] = None
        if cb["hunt"] or s["fought"]:
            self.to_recoup()
        else:
            self.to_hunt()

    def lose_weapon(self, seat: int, strongest: bool) -> None:
        """Swords into Plowshares (the strongest Weapon) and Termites (the weakest wooden one)."""
        best = None
        for i, t in enumerate(self.s["mobs"][seat]):
            for e in t["enh"]:
                c = CARDS[e]
                if not is_weapon(e) or (not strongest and not c["wooden"]):
                    continue
                key = (c["bonus"] if strongest else -c["bonus"], -i)
                if best is None or key > best[0]:
                    best = (key, i, e)
        if best is not None:
            _, i, e = best
            self.s["mobs"][seat][i]["enh"].remove(e)
            self.s["mob_discard"].append(e)
            self.emit("loses", seat=seat, card=e)

