"""Tavern Tussle rules engine.

State (plain JSON; seats are 0..n-1, the player on a seat's left is seat+1):

- "rng", "revealed": PRNG words and the reveal counter (see the engine contract).
- "n", "adv" (Advanced Variant), "young" (the youngest player's seat).
- "tav": Taverner id per seat; "tup": Taverner face-up per seat.
- "round" 1..3, "story" 1..3, "phase": "pick" | "resolve" | "over".
- hidden: "deck" (drawn from the end), "disc" (discard pile), "mydis" (per seat, its
  own discards still in the pile), "hands", "act"/"dis" (the secret picks of this
  story phase), "passed" (per seat, the cards it last handed to its left).
- public: "play" (revealed active Hero per seat), "tab" (tableau per seat), "inits"
  (Initiative of each active Hero this phase), "order" (seats still to act) and
  "ctx" (the Hero now acting: its remaining steps, target and pending choice).

A card on the table is an int: the Hero id when face-up, ``~id`` (= -1 - id) when it
is flipped to its Coin side. Every Coin was seen face-up by the whole table before it
flipped, so which Hero lies under a Coin is public knowledge.

Actions, one click each: {"type": "activate"|"discard", "card": id} while picking;
{"type": "target", "seat": s}, {"type": "steal"|"heal"|"copy", "card": id} while a
Hero acts. Choices with a single option are taken automatically.
"""

from __future__ import annotations

from typing import Any, Optional

from ...engine.prng import Rng, seed_state
from ...engine.rules import Action, BadSetup, Game, IllegalAction, Option, State, View, make_outcome, seat_token
from .content import (
    BATTLE,
    BOOST_BONUS,
    COIN,
    COPY_OPS,
    DECKS,
    H_BOOST,
    H_CHEERS,
    H_INIT,
    H_THEME,
    HAND_SIZE,
    LUCK,
    OPS,
    QUICK_DRAUGHT_BONUS,
    QUICK_TAVERNER,
    ROUNDS,
    STORY_POINTS,
    TARGETED,
    TAVERNERS,
    THEMES,
    ability_label,
    hero_label,
)

_SPLIT = frozenset(("target", "each", "copy"))


# --- scoring -------------------------------------------------------------------------
def theme_counts(tableau: list[int]) -> list[int]:
    """How many cards of each theme a tableau shows (flipped cards are Coins)."""
    counts = [0, 0, 0, 0, 0]
    for c in tableau:
        if c < 0:
            counts[COIN] += 1
        else:
            t = H_THEME[c]
            if t != COIN:  # only flipped cards score as Coins
                counts[t] += 1
    return counts


def score_counts(counts: list[int]) -> int:
    """Best total over all groupings into stories of distinct themes.

    Greedy is optimal: a story takes one card of every theme still left. The story
    sizes this gives are the conjugate of the theme counts, which majorizes the sizes
    of any other grouping; the points 1/3/6/10/15 are convex, so nothing beats it
    (tests check this against a brute force).
    """
    total = 0
    top = max(counts)
    for k in range(1, top + 1):
        m = 0
        for x in counts:
            if x >= k:
                m += 1
        total += STORY_POINTS[m]
    return total


def stories(tableau: list[int]) -> list[list[str]]:
    """The grouping behind `score_counts`: each story as a list of theme names."""
    counts = theme_counts(tableau)
    result = []
    while any(counts):
        story = [THEMES[t] for t in range(5) if counts[t]]
        for t in range(5):
            if counts[t]:
                counts[t] -= 1
        result.append(story)
    return result


def tableau_score(tableau: list[int]) -> int:
    return score_counts(theme_counts(tableau))


def luck_showing(tableau: list[int]) -> int:
    n = 0
    for c in tableau:
        if c >= 0 and H_THEME[c] == LUCK:
            n += 1
    return n


def initiative(card: int, tableau: list[int], taverner: int, taverner_up: bool = True) -> int:
    """A Hero's Initiative: its printed value, +2 for each face-up Boost Hero in the tableau,
    and +3 for the Hare's Quick Draught while the Hare Taverner card is face-up."""
    boost = 0
    for c in tableau:
        if c >= 0 and H_BOOST[c]:
            boost += BOOST_BONUS
    if taverner == QUICK_TAVERNER and taverner_up:
        boost += QUICK_DRAUGHT_BONUS
    return H_INIT[card] + boost


# --- fast copy -------------------------------------------------------------------------
def _copy(st: State) -> State:
    c = dict(st)
    c["rng"] = list(st["rng"])
    c["tav"] = list(st["tav"])
    c["tup"] = list(st["tup"])
    c["deck"] = list(st["deck"])
    c["disc"] = list(st["disc"])
    c["mydis"] = [list(x) for x in st["mydis"]]
    c["hands"] = [list(x) for x in st["hands"]]
    c["act"] = list(st["act"])
    c["dis"] = list(st["dis"])
    c["passed"] = [None if x is None else list(x) for x in st["passed"]]
    c["play"] = list(st["play"])
    c["tab"] = [list(x) for x in st["tab"]]
    c["inits"] = list(st["inits"])
    c["order"] = list(st["order"])
    ctx = st["ctx"]
    if ctx is not None:
        c["ctx"] = {"seat": ctx["seat"], "card": ctx["card"], "ops": list(ctx["ops"]), "target": ctx["target"],
                    "ask": ctx["ask"], "opts": list(ctx["opts"]), "hits": list(ctx["hits"])}
    return c


def _name(card: int) -> str:
    return hero_label(card if card >= 0 else ~card)


class TavernTussle(Game):
    # --- setup ---------------------------------------------------------------------
    def setup(self, seed: int, seats: int, options: dict[str, Any]) -> State:
        opts = self.normalize_options(seats, options)
        young = opts["youngest"] - 1  # the option counts players from 1; seats count from 0
        if not (0 <= young < seats):
            raise BadSetup(f"The youngest player must be one of the {seats} players.")
        rng = Rng(seed_state(seed))
        tavs = list(range(len(TAVERNERS)))
        rng.shuffle(tavs)
        deck = list(DECKS[seats])
        rng.shuffle(deck)
        st: State = {
            "rng": rng.s, "revealed": 0, "n": seats, "adv": bool(opts["advanced"]), "young": young,
            "tav": tavs[:seats], "tup": [True] * seats,
            "round": 1, "story": 1, "phase": "pick",
            "deck": deck, "disc": [], "mydis": [[] for _ in range(seats)],
            "hands": [[] for _ in range(seats)], "act": [None] * seats, "dis": [None] * seats,
            "passed": [None] * seats,
            "play": [None] * seats, "tab": [[] for _ in range(seats)], "inits": [None] * seats,
            "order": [], "ctx": None,
        }
        self._deal(st, None)
        return st

    def _deal(self, st: State, ev: Optional[list[str]]) -> None:
        deck, hands = st["deck"], st["hands"]
        for s in range(st["n"]):
            hand = hands[s]
            for _ in range(HAND_SIZE):
                if not deck:
                    deck.extend(st["disc"])
                    st["disc"] = []
                    st["mydis"] = [[] for _ in range(st["n"])]
                    Rng(st["rng"]).shuffle(deck)
                    if ev is not None:
                        ev.append("The Hero deck ran out: the discard pile is shuffled into a new deck.")
                hand.append(deck.pop())
            hand.sort()
        st["passed"] = [None] * st["n"]
        st["revealed"] += 1

    # --- turn structure ---------------------------------------------------------------
    def active(self, state: State) -> list[int]:
        phase = state["phase"]
        if phase == "pick":
            act, dis = state["act"], state["dis"]
            return [s for s in range(state["n"]) if act[s] is None or dis[s] is None]
        if phase == "resolve":
            ctx = state["ctx"]
            if ctx is not None and ctx["ask"] is not None:
                return [ctx["seat"]]
        return []

    def legal(self, state: State, seat: int) -> list[Action]:
        phase = state["phase"]
        if phase == "pick":
            if not isinstance(seat, int) or not 0 <= seat < state["n"]:
                return []
            if state["act"][seat] is None:
                return [{"type": "activate", "card": c} for c in state["hands"][seat]]
            if state["dis"][seat] is None:
                return [{"type": "discard", "card": c} for c in state["hands"][seat]]
            return []
        if phase == "resolve":
            ctx = state["ctx"]
            if ctx is None or ctx["seat"] != seat or ctx["ask"] is None:
                return []
            ask = ctx["ask"]
            if ask == "target":
                return [{"type": "target", "seat": p} for p in ctx["opts"]]
            return [{"type": ask, "card": c} for c in ctx["opts"]]
        return []

    def apply(self, state: State, seat: int, action: Action) -> State:
        return self._apply(state, seat, action, None)

    def _apply(self, state: State, seat: int, action: Action, ev: Optional[list[str]]) -> State:
        if not isinstance(action, dict) or action not in self.legal(state, seat):
            raise IllegalAction(self._why_illegal(state, seat))
        st = _copy(state)
        kind = action["type"]
        if kind == "activate":
            c = action["card"]
            hand = st["hands"][seat]
            hand.remove(c)
            st["act"][seat] = c
            if len(hand) == 1:
                st["dis"][seat] = hand.pop()
            if ev is not None:
                ev.append(f"{seat_token(seat)} places a Hero face-down as their active Hero.")
                if st["dis"][seat] is not None:
                    ev.append(f"{seat_token(seat)} discards their last Hero.")
            self._after_pick(st, ev)
        elif kind == "discard":
            c = action["card"]
            st["hands"][seat].remove(c)
            st["dis"][seat] = c
            if ev is not None:
                ev.append(f"{seat_token(seat)} discards a Hero.")
            self._after_pick(st, ev)
        else:
            ctx = st["ctx"]
            ctx["ask"] = None
            ctx["opts"] = []
            ops = ctx["ops"]
            if kind == "target":
                ctx["target"] = action["seat"]
                ops.pop(0)
                if ev is not None:
                    ev.append(f"{seat_token(seat)} targets {seat_token(action['seat'])}.")
            elif kind == "steal":
                self._steal(st, seat, ctx["target"], action["card"], ev)
                ops.pop(0)
            elif kind == "heal":
                self._heal(st, seat, action["card"], ev)
                ops.pop(0)
            elif kind == "copy":
                c = action["card"]
                ops[0:1] = list(COPY_OPS[c])
                if ev is not None:
                    ev.append(f"{seat_token(seat)} copies the ability of their {hero_label(c)}.")
            self._advance(st, ev)
        return st

    def _why_illegal(self, state: State, seat: int) -> str:
        if state.get("phase") == "over":
            return "The game is over."
        if seat not in self.active(state):
            return "It is not this player's turn."
        return "That move is not allowed now."

    def _after_pick(self, st: State, ev: Optional[list[str]]) -> None:
        act, dis = st["act"], st["dis"]
        for s in range(st["n"]):
            if act[s] is None or dis[s] is None:
                return
        self._reveal(st, ev)
        self._advance(st, ev)

    def _reveal(self, st: State, ev: Optional[list[str]]) -> None:
        n = st["n"]
        act, dis, disc, mydis, play = st["act"], st["dis"], st["disc"], st["mydis"], st["play"]
        for s in range(n):
            disc.append(dis[s])
            mydis[s].append(dis[s])
            play[s] = act[s]
            act[s] = None
            dis[s] = None
        hands = st["hands"]
        st["passed"] = [list(h) for h in hands]
        if hands[0]:
            st["hands"] = [hands[(s - 1) % n] for s in range(n)]
            for h in st["hands"]:
                h.sort()
        st["revealed"] += 1
        # Initiative: printed value plus Boosts from face-up Heroes in the tableau.
        tab, tav, young = st["tab"], st["tav"], st["young"]
        inits = []
        keys = []
        for s in range(n):
            init = initiative(play[s], tab[s], tav[s], st["tup"][s])
            inits.append(init)
            luck = luck_showing(tab[s]) + (1 if H_THEME[play[s]] == LUCK else 0)
            keys.append((-init, -luck, len(tab[s]), (s - young) % n, s))
        keys.sort()
        st["inits"] = inits
        st["order"] = [k[4] for k in keys]
        st["phase"] = "resolve"
        if ev is not None:
            shown = ", ".join(f"{seat_token(s)}: {hero_label(play[s])} (Initiative {inits[s]})" for s in st["order"])
            ev.append(f"All active Heroes are revealed — {shown}.")
            if st["hands"][0]:
                ev.append("The remaining hands are passed to the left.")

    # --- resolving the active Heroes ----------------------------------------------------
    def _advance(self, st: State, ev: Optional[list[str]]) -> None:
        while True:
            ctx = st["ctx"]
            if ctx is not None:
                if self._run(st, ev):
                    return
                st["ctx"] = None
                for p in ctx["hits"]:
                    # Advanced Variant: a player whose card was flipped or stolen turns their
                    # Taverner face-down once the Hero's action is over.
                    if st["tup"][p]:
                        st["tup"][p] = False
                        if ev is not None:
                            ev.append(f"{seat_token(p)}'s Taverner turns face-down: they are off-limits.")
            order = st["order"]
            if order:
                s = order.pop(0)
                c = st["play"][s]
                if c is None:
                    continue
                if c < 0:
                    if ev is not None:
                        ev.append(f"{seat_token(s)}'s {_name(c)} was flipped to its Coin side and does not act.")
                    continue
                ops = OPS[c][st["tav"][s]]
                if not ops:
                    if ev is not None:
                        if H_CHEERS[c]:
                            what = "drinks a Quick Draught: the Hare's +3 Initiative is a standing effect"
                        elif H_BOOST[c]:
                            what = "gives its Boost from the tableau"
                        else:
                            what = "has no ability"
                        ev.append(f"{seat_token(s)}'s {hero_label(c)} {what}.")
                    continue
                if st["adv"]:
                    tup = st["tup"]
                    if all(not tup[p] for p in range(st["n"]) if p != s):
                        for p in range(st["n"]):
                            tup[p] = True
                        if ev is not None:
                            ev.append("Every other Taverner is face-down: all Taverners are unflipped.")
                st["ctx"] = {"seat": s, "card": c, "ops": list(ops), "target": -1, "ask": None, "opts": [],
                             "hits": []}
                if ev is not None:
                    what = ability_label(c)
                    if H_CHEERS[c]:
                        what = f"Cheers: {TAVERNERS[st['tav'][s]]['special']}"
                    ev.append(f"{seat_token(s)}'s {hero_label(c)} acts ({what}).")
                continue
            self._end_story(st, ev)
            return

    def _end_story(self, st: State, ev: Optional[list[str]]) -> None:
        play, tab = st["play"], st["tab"]
        for s in range(st["n"]):
            if play[s] is not None:
                tab[s].append(play[s])
                play[s] = None
        st["inits"] = [None] * st["n"]
        if st["hands"][0]:
            st["story"] += 1
            st["phase"] = "pick"
            return
        if st["round"] < ROUNDS:
            st["round"] += 1
            st["story"] = 1
            st["phase"] = "pick"
            if ev is not None:
                ev.append(f"Round {st['round']} begins: {HAND_SIZE} Heroes are dealt to each player.")
            self._deal(st, ev)
            return
        st["phase"] = "over"
        if ev is not None:
            ev.append("The third round is over: the stories are scored.")

    def _off_limits(self, st: State, p: int) -> bool:
        return st["adv"] and not st["tup"][p]

    def _coins(self, st: State, p: int) -> list[int]:
        """Card ids of the Coins another player could steal from `p`."""
        out = []
        c = st["play"][p]
        if c is not None and c < 0:
            out.append(~c)
        for c in st["tab"][p]:
            if c < 0:
                out.append(~c)
        return out

    def _usable(self, st: State, p: int, ops: list[str]) -> int:
        """How many of the targeted steps `ops` would do something against `p`."""
        c = st["play"][p]
        up = c is not None and c >= 0
        battle = up and H_THEME[c] == BATTLE
        coins = len(self._coins(st, p))
        used = 0
        for op in ops:
            if op == "attack" or (op == "counter" and battle):
                if up:
                    used += 1
                    up = battle = False
                    coins += 1
            elif op == "steal":
                if coins:
                    used += 1
                    coins -= 1
        return used

    def _targets(self, st: State, s: int, ops: list[str]) -> list[int]:
        """Players the targeted steps may target: those against whom the most can be done."""
        seg = []
        for op in ops:
            if op in _SPLIT or op[0] == "@":
                break
            if op in TARGETED:
                seg.append(op)
        best, targets = 0, []
        n = st["n"]
        for i in range(1, n):
            p = (s + i) % n
            if self._off_limits(st, p):
                continue
            u = self._usable(st, p, seg)
            if u > best:
                best, targets = u, [p]
            elif u == best and u:
                targets.append(p)
        return targets

    def _can_use(self, st: State, s: int, ops: tuple[str, ...]) -> bool:
        if "heal" in ops and any(c < 0 for c in st["tab"][s]):
            return True
        return "target" in ops and bool(self._targets(st, s, list(ops[1:])))

    def _run(self, st: State, ev: Optional[list[str]]) -> bool:
        """Run the acting Hero's steps; True when its player must choose something."""
        ctx = st["ctx"]
        s = ctx["seat"]
        ops = ctx["ops"]
        play = st["play"]
        while ops:
            op = ops[0]
            if op == "target":
                targets = self._targets(st, s, ops[1:])
                if len(targets) > 1:
                    ctx["ask"], ctx["opts"] = "target", targets
                    return True
                ctx["target"] = targets[0] if targets else -1
                if ev is not None:
                    if targets:
                        ev.append(f"{seat_token(s)}'s {hero_label(ctx['card'])} targets {seat_token(targets[0])}.")
                    else:
                        ev.append(f"{seat_token(s)}'s {hero_label(ctx['card'])} has no one to target.")
            elif op[0] == "@":
                p = int(op[1:])
                ctx["target"] = -1 if self._off_limits(st, p) else p
            elif op == "each":
                n = st["n"]
                ops[1:1] = [x for i in range(1, n) for x in ("@%d" % ((s + i) % n), "steal")]
            elif op == "attack" or op == "counter":
                t = ctx["target"]
                if t >= 0:
                    c = play[t]
                    if c is not None and c >= 0 and (op == "attack" or H_THEME[c] == BATTLE):
                        play[t] = ~c
                        if ev is not None:
                            verb = "attacks" if op == "attack" else "counters"
                            ev.append(f"{seat_token(s)}'s {hero_label(ctx['card'])} {verb} {seat_token(t)}'s "
                                      f"{hero_label(c)}, flipping it to its Coin side.")
                        self._hit(st, t, ev)
            elif op == "steal":
                t = ctx["target"]
                coins = self._coins(st, t) if t >= 0 else []
                if len(coins) > 1:
                    ctx["ask"], ctx["opts"] = "steal", coins
                    return True
                if coins:
                    self._steal(st, s, t, coins[0], ev)
            elif op == "heal":
                coins = [~c for c in st["tab"][s] if c < 0]
                if len(coins) > 1:
                    ctx["ask"], ctx["opts"] = "heal", coins
                    return True
                if coins:
                    self._heal(st, s, coins[0], ev)
            elif op == "copy":
                seen = []
                for c in st["tab"][s]:
                    if c >= 0 and COPY_OPS[c] and c not in seen and self._can_use(st, s, COPY_OPS[c]):
                        seen.append(c)
                if len(seen) > 1:
                    ctx["ask"], ctx["opts"] = "copy", seen
                    return True
                if seen:
                    ops[0:1] = ["_"] + list(COPY_OPS[seen[0]])
                    if ev is not None:
                        ev.append(f"{seat_token(s)} copies the ability of their {hero_label(seen[0])}.")
            ops.pop(0)
        return False

    def _hit(self, st: State, p: int, ev: Optional[list[str]]) -> None:
        """Advanced Variant: note a player whose card was flipped or stolen by another player."""
        hits = st["ctx"]["hits"]
        if st["adv"] and p not in hits:
            hits.append(p)

    def _steal(self, st: State, s: int, t: int, card: int, ev: Optional[list[str]]) -> None:
        coin = ~card
        if st["play"][t] == coin:
            st["play"][t] = None
        else:
            st["tab"][t].remove(coin)
        st["tab"][s].append(coin)
        if ev is not None:
            ev.append(f"{seat_token(s)} steals a Coin ({hero_label(card)}) from {seat_token(t)}.")
        self._hit(st, t, ev)

    def _heal(self, st: State, s: int, card: int, ev: Optional[list[str]]) -> None:
        tab = st["tab"][s]
        tab[tab.index(~card)] = card
        if ev is not None:
            ev.append(f"{seat_token(s)} heals a Coin back to their {hero_label(card)}.")

    # --- what players see --------------------------------------------------------------
    def view(self, state: State, seat: Optional[int]) -> View:
        n = state["n"]
        act, dis = state["act"], state["dis"]
        phase = state["phase"]
        me = seat if isinstance(seat, int) and 0 <= seat < n else None
        ctx = state["ctx"]
        if phase == "pick":
            picked = [(act[s] is not None) + (dis[s] is not None) for s in range(n)]
            active = [s for s in range(n) if picked[s] < 2]
        else:
            picked = [0] * n
            active = [ctx["seat"]] if ctx is not None and ctx["ask"] is not None else []
        v: View = {
            "game": "tavern-tussle", "seats": n, "viewer": me, "advanced": state["adv"], "youngest": state["young"],
            "round": state["round"], "story": state["story"], "phase": phase, "over": phase == "over",
            "taverners": state["tav"][:], "tav_up": state["tup"][:],
            "hand_counts": [len(h) for h in state["hands"]], "picked": picked,
            "play": state["play"][:], "tableau": [t[:] for t in state["tab"]],
            "inits": state["inits"][:], "order": state["order"][:],
            "ctx": None if ctx is None else {"seat": ctx["seat"], "card": ctx["card"], "ops": ctx["ops"][:],
                                             "target": ctx["target"], "ask": ctx["ask"], "opts": ctx["opts"][:],
                                             "hits": ctx["hits"][:]},
            "deck": len(state["deck"]), "discard": len(state["disc"]), "active": active,
            "hand": [], "my_active": None, "my_discard": None, "my_discards": [], "passed": None,
        }
        if me is not None:
            v["hand"] = state["hands"][me][:]
            v["my_active"] = act[me]
            v["my_discard"] = dis[me]
            v["my_discards"] = state["mydis"][me][:]
            p = state["passed"][me]
            v["passed"] = None if p is None else p[:]
        if phase == "over":
            v["outcome"] = self.outcome(state)
        return v

    def outcome(self, state: State) -> Optional[dict[str, Any]]:
        if state["phase"] != "over":
            return None
        n = state["n"]
        scores, keys, details = [], [], []
        for s in range(n):
            tab = state["tab"][s]
            st_list = stories(tab)
            pts = [STORY_POINTS[len(x)] for x in st_list]
            score = sum(pts)
            luck = luck_showing(tab)
            scores.append(score)
            keys.append((score, luck, -len(tab), 1 if s == state["young"] else 0))
            details.append({
                "Stories": " + ".join(str(p) for p in pts) if pts else "none",
                "Luck": luck,
                "Tableau cards": len(tab),
                "Coins": sum(1 for c in tab if c < 0),
                "stories": st_list,
                "story_points": pts,
            })
        return make_outcome(scores, keys,
                            ["points", "more Luck", "fewer cards in the tableau", "youth (the youngest player wins the tie)"],
                            details, ["Stories", "Luck", "Tableau cards", "Coins"])

    def describe(self, state: State, seat: int, action: Action) -> str:
        ev: list[str] = []
        try:
            self._apply(state, seat, action, ev)
        except IllegalAction as err:
            return f"{seat_token(seat)}: {err}"
        return " ".join(ev) if ev else f"{seat_token(seat)} moves."

    def prompt(self, state: State, seat: int) -> str:
        phase = state["phase"]
        if phase == "over":
            return "The game is over."
        if seat not in self.active(state):
            return "Waiting for the other players."
        if phase == "pick":
            if state["act"][seat] is None:
                return "Choose a Hero to activate (it stays face-down until everyone has picked)."
            return "Choose a Hero to discard; the rest of your hand goes to the player on your left."
        ctx = state["ctx"]
        name = hero_label(ctx["card"])
        ask = ctx["ask"]
        if ask == "target":
            return f"Choose the player your {name} targets."
        if ask == "steal":
            return f"Choose the Coin your {name} steals from {seat_token(ctx['target'])}."
        if ask == "heal":
            return f"Choose the Coin in your tableau your {name} heals."
        return f"Choose the Hero in your tableau whose ability your {name} copies."

    # --- search support ------------------------------------------------------------------
    def determinize(self, view: View, seat: int, rng: Rng) -> State:
        n = view["seats"]
        phase = view["phase"]
        hand_counts = view["hand_counts"]
        picked = view["picked"]
        known = set(view["hand"])
        for c in (view["my_active"], view["my_discard"]):
            if c is not None:
                known.add(c)
        for c in view["play"]:
            if c is not None:
                known.add(c if c >= 0 else ~c)
        for t in view["tableau"]:
            for c in t:
                known.add(c if c >= 0 else ~c)
        mine = view["my_discards"]
        known.update(mine)
        left = (seat + 1) % n
        passed = view["passed"]
        use_passed = False
        if passed is not None and phase != "over":
            need = hand_counts[left] + (picked[left] if phase == "pick" else 0)
            if need == len(passed) and not (known & set(passed)):
                use_passed = True
                known.update(passed)
        pool = [c for c in DECKS[n] if c not in known]
        rng.shuffle(pool)
        hands: list[list[int]] = [[] for _ in range(n)]
        act: list[Optional[int]] = [None] * n
        dis: list[Optional[int]] = [None] * n
        hands[seat] = list(view["hand"])
        act[seat], dis[seat] = view["my_active"], view["my_discard"]
        if use_passed:
            src = list(passed)
            rng.shuffle(src)
        for p in range(n):
            if p == seat:
                continue
            take = pool if not (use_passed and p == left) else src
            k = picked[p] if phase == "pick" else 0
            if k >= 1:
                act[p] = take.pop()
            if k >= 2:
                dis[p] = take.pop()
            h = [take.pop() for _ in range(hand_counts[p])]
            h.sort()
            hands[p] = h
        disc = list(mine) + [pool.pop() for _ in range(view["discard"] - len(mine))]
        deck = pool[: view["deck"]]
        ctx = view["ctx"]
        words = [rng.next_u32() | 1, rng.next_u32(), rng.next_u32(), rng.next_u32()]
        return {
            "rng": words, "revealed": 0, "n": n, "adv": view["advanced"], "young": view["youngest"],
            "tav": list(view["taverners"]), "tup": list(view["tav_up"]),
            "round": view["round"], "story": view["story"], "phase": phase,
            "deck": deck, "disc": disc, "mydis": [list(mine) if p == seat else [] for p in range(n)],
            "hands": hands, "act": act, "dis": dis,
            "passed": [None] * n if passed is None else [list(passed) if p == seat else [] for p in range(n)],
            "play": list(view["play"]), "tab": [list(t) for t in view["tableau"]],
            "inits": list(view["inits"]), "order": list(view["order"]),
            "ctx": None if ctx is None else {"seat": ctx["seat"], "card": ctx["card"], "ops": list(ctx["ops"]),
                                             "target": ctx["target"], "ask": ctx["ask"], "opts": list(ctx["opts"]),
                                             "hits": list(ctx["hits"])},
        }

    def heuristic(self, state: State, seat: int) -> float:
        scores = [tableau_score(t) for t in state["tab"]]
        mine = scores[seat]
        best = max(scores[p] for p in range(state["n"]) if p != seat)
        return float(mine - best)


def scenario(seats: int, taverners: list[int], hands: list[list[int]], tableaus: Optional[list[list[int]]] = None,
             advanced: bool = False, youngest: int = 1, deck: Optional[list[int]] = None, round_: int = 1,
             story: int = 1, seed: int = 1, tav_up: Optional[list[bool]] = None) -> State:
    """A state at the start of a story phase, laid out by hand (for rulebook examples and tests).

    Cards are Hero ids; a tableau Coin is written ``~id``. Cards not placed anywhere
    make up the deck unless `deck` is given.
    """
    placed = {c for h in hands for c in h} | {c if c >= 0 else ~c for t in (tableaus or []) for c in t}
    if deck is None:
        deck = [c for c in DECKS[seats] if c not in placed]
    return {
        "rng": seed_state(seed), "revealed": 0, "n": seats, "adv": advanced, "young": youngest,
        "tav": list(taverners), "tup": list(tav_up) if tav_up else [True] * seats,
        "round": round_, "story": story, "phase": "pick",
        "deck": list(deck), "disc": [], "mydis": [[] for _ in range(seats)],
        "hands": [sorted(h) for h in hands], "act": [None] * seats, "dis": [None] * seats,
        "passed": [None] * seats,
        "play": [None] * seats, "tab": [list(t) for t in (tableaus or [[] for _ in range(seats)])],
        "inits": [None] * seats, "order": [], "ctx": None,
    }


RULES = TavernTussle(
    id="tavern-tussle",
    title="Tavern Tussle",
    seats=(2, 4),
    options=(
        Option("advanced", "Advanced Variant", (False, True), False, ("Off", "On"), for_seats=(3, 4),
               help="Players whose card is flipped or stolen turn their Taverner face-down and are off-limits."),
        Option("youngest", "Youngest player", (1, 2, 3, 4), 1,
               ("Player 1", "Player 2", "Player 3", "Player 4"),
               help="Wins ties of Initiative and final ties that Luck and tableau size leave open."),
    ),
    version=1,
    blurb="Draft travelling Heroes, tussle over Initiative and collect stories of every theme. 2–4 players.",
)
