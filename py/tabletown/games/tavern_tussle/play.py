"""One move on a Tavern Tussle table (the state is described in rules.py): a Hero picked or
discarded, and everything it sets off — the reveal of a story phase, the Heroes acting in
Initiative order, the next story phase or round, the end of the game.

Every step takes the move (`Play`, the kit's Move of engine/move.py): it changes `m.s` and
tells what it did with `m.emit`; the deck is shuffled with `m.shuffle`, so every draw on the
PRNG is recorded. A bot's playout plays on in place with a quiet move that keeps no events.
"""

from __future__ import annotations

from typing import Any, Optional

from ...engine.events import Event, Events
from ...engine.move import Move
from ...engine.prng import Rng
from ...engine.rules import Action, State
from ...engine.state import clone
from ...engine.zones import HIDDEN, OWNER, Zone, Zones
from .content import BATTLE, EDITIONS, H_THEME, LUCK, TARGETED
from .scoring import initiative, initiative_key, luck_showing

ROUNDS = 3
HAND_SIZE = 6
STORIES_PER_ROUND = 3
# A Hero's steps that end the run of targeted steps a single target is chosen for.
_SPLIT = frozenset(("target", "each", "copy"))
ZONES = Zones(
    Zone("deck", HIDDEN, pool="heroes"),
    Zone("hands.*", OWNER, pool="heroes"),
    Zone("act.*", OWNER, pool="heroes"),
    Zone("dis.*", OWNER, pool="heroes"),
    Zone("discards.*", OWNER, pool="heroes"),
    Zone("passed.*", OWNER, pool="heroes"),
)


class QuickRng(Rng):
    """The engine's PRNG (xoshiro128**) drawing the very same numbers, written out for speed:
    the hard bot draws hundreds of thousands of them a game in its playouts."""

    __slots__ = ()

    def next_u32(self) -> int:
        s = self.s
        s0, s1, s2, s3 = s
        x = (s1 * 5) & 0xFFFFFFFF
        result = ((((x << 7) | (x >> 25)) & 0xFFFFFFFF) * 9) & 0xFFFFFFFF
        s2 ^= s0
        s3 ^= s1
        s[0] = s0 ^ s3
        s[1] = s1 ^ s2
        s[2] = s2 ^ ((s1 << 9) & 0xFFFFFFFF)
        s[3] = ((s3 << 11) | (s3 >> 21)) & 0xFFFFFFFF
        return result

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = 0x100000000 - (0x100000000 % n)
        next_u32 = self.next_u32
        while True:
            v = next_u32()
            if v < limit:
                return v % n

    def shuffle(self, items: list[Any]) -> None:
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]


class _QuietEvents(Events):
    """Events nobody will read (a bot's playout): adding one keeps nothing."""

    def add(self, t: str, **fields: Any) -> dict[str, Any]:
        return fields


_QUIET = _QuietEvents()


class Play(Move):
    """A move on a Tavern Tussle table: the kit's Move on a state the caller has already
    copied, drawing from the quicker PRNG."""

    quiet = False

    def __init__(self, state: State, events: Optional[Events] = None):
        super().__init__(state, ZONES, copy=False, events=events, prng=QuickRng)


class QuietPlay(Play):
    """A move in a bot's playout, on the bot's own world: it keeps no events and tells no
    ties (the hard bot plays hundreds of thousands of them a decision)."""

    quiet = True

    def __init__(self, state: State):
        super().__init__(state, _QUIET)

    def emit(self, t: str, **fields: Any) -> Event:
        return fields


def play(m: Play, seat: int, action: Action) -> None:
    """Play a checked `action` of `seat` and everything it sets off: the reveal, the Heroes
    acting in turn, the next story phase or round."""
    st = m.s
    kind = action["type"]
    if kind == "activate":
        c = action["card"]
        hand = st["hands"][seat]
        hand.remove(c)
        st["act"][seat] = c
        m.emit("activate", seat=seat)
        if len(hand) == 1:
            st["dis"][seat] = hand.pop()
            m.emit("discard", seat=seat, last=True)
        _after_pick(m)
    elif kind == "discard":
        c = action["card"]
        st["hands"][seat].remove(c)
        st["dis"][seat] = c
        m.emit("discard", seat=seat, last=False)
        _after_pick(m)
    else:
        ctx = st["ctx"]
        ctx["ask"] = None
        ctx["opts"] = []
        ops = ctx["ops"]
        if kind == "target":
            ctx["target"] = action["seat"]
            ops.pop(0)
            m.emit("target", seat=seat, card=ctx["card"], target=action["seat"], chosen=True)
        elif kind == "steal":
            _steal(m, seat, ctx["target"], action["card"])
            ops.pop(0)
        elif kind == "heal":
            _heal(m, seat, action["card"])
            ops.pop(0)
        elif kind == "copy":
            c = action["card"]
            ops[0:1] = list(EDITIONS[st["v"]].copy_ops[c])
            m.emit("copy", seat=seat, card=c)
        _advance(m)


# --- the story phase ------------------------------------------------------------------
def deal(m: Play) -> None:
    """Deal a hand of six to every player; a deck that runs out takes the discard pile,
    shuffled."""
    st = m.s
    n = st["n"]
    deck = st["deck"] = clone(st["deck"])
    hands = st["hands"]
    for s in range(n):
        hand = hands[s]
        for _ in range(HAND_SIZE):
            if not deck:
                deck.extend(_discard_pile(st))
                st["discards"] = [[] for _ in range(n)]
                m.shuffle(deck, "deck")
            hand.append(deck.pop())
        hand.sort()
    st["passed"] = [None] * n
    # Every player now sees cards nobody saw before: the move cannot be taken back.
    m.emit("deal", round=st["round"], barrier=True)


def _discard_pile(st: State) -> list[int]:
    """The discard pile in the order it was laid: one card from each seat per story phase."""
    pile = []
    for cards in zip(*st["discards"]):
        pile.extend(cards)
    return pile


def _after_pick(m: Play) -> None:
    st = m.s
    act, dis = st["act"], st["dis"]
    for s in range(st["n"]):
        if act[s] is None or dis[s] is None:
            return
    _reveal(m)
    _advance(m)


def _reveal(m: Play) -> None:
    """Every active Hero is revealed at once, the rest of each hand passes left, and the
    Heroes are ordered by Initiative."""
    st = m.s
    n = st["n"]
    v = st["v"]
    act, dis, play = st["act"], st["dis"], st["play"]
    st["discards"] = [pile + [dis[s]] for s, pile in enumerate(st["discards"])]
    for s in range(n):
        play[s] = act[s]
        act[s] = None
        dis[s] = None
    hands = st["hands"]
    st["passed"] = [list(h) for h in hands]
    if hands[0]:
        st["hands"] = [sorted(hands[(s - 1) % n]) for s in range(n)]
    tab, tav, ages = st["tab"], st["tav"], st["ages"]
    inits = []
    keys = []
    for s in range(n):
        init = initiative(play[s], tab[s], tav[s], st["tup"][s], v)
        inits.append(init)
        luck = luck_showing(tab[s]) + (1 if H_THEME[play[s]] == LUCK else 0)
        keys.append((initiative_key(init, luck, len(tab[s]), ages.index(s)), s))
    keys.sort()
    st["inits"] = inits
    st["order"] = [s for _, s in keys]
    st["phase"] = "resolve"
    m.reveal("act", what=list(play), inits=inits, order=list(st["order"]))
    if v >= 2 and not m.quiet:
        for (ka, a), (kb, b) in zip(keys, keys[1:]):
            if ka[0] == kb[0]:
                why = next(i for i in range(1, 4) if ka[i] != kb[i])
                m.emit("tie", first=a, then=b, init=inits[a], by=("", "luck", "tableau", "age")[why])
    if st["hands"][0]:
        m.emit("pass_left")


# --- resolving the active Heroes ----------------------------------------------------
def _advance(m: Play) -> None:
    """Run the acting Hero, then the next ones in Initiative order, until a player must
    choose something or the story phase is over."""
    st = m.s
    n = st["n"]
    while True:
        ctx = st["ctx"]
        if ctx is not None:
            if _run(m):
                return
            st["ctx"] = None
            for p in ctx["hits"]:
                # Advanced Variant: a player whose card was flipped or stolen turns their
                # Taverner face-down once the Hero's action is over.
                if st["tup"][p]:
                    st["tup"][p] = False
                    m.emit("taverner_down", seat=p)
        order = st["order"]
        if not order:
            _end_story(m)
            return
        s = order.pop(0)
        c = st["play"][s]
        if c is None:
            continue
        if c < 0:
            m.emit("flipped", seat=s, card=~c)
            continue
        edition = EDITIONS[st["v"]]
        ops = edition.ops[c][st["tav"][s]]
        if not ops:
            if edition.cheers[c]:
                why = "draught" if st["v"] >= 2 else "draught_v1"
            elif edition.boost[c]:
                why = "boost"
            else:
                why = "none"
            m.emit("idle", seat=s, card=c, why=why)
            continue
        if st["adv"]:
            tup = st["tup"]
            if all(not tup[p] for p in range(n) if p != s):
                for p in range(n):
                    tup[p] = True
                m.emit("unflip_all")
        st["ctx"] = {"seat": s, "card": c, "ops": list(ops), "target": -1, "ask": None, "opts": [], "hits": []}
        m.emit("acts", seat=s, card=c, abilities=list(edition.heroes[c]["abilities"]),
               special=st["tav"][s] if edition.cheers[c] else None)


def _end_story(m: Play) -> None:
    st = m.s
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
        m.emit("round", round=st["round"], cards=HAND_SIZE)
        deal(m)
        return
    st["phase"] = "over"
    m.emit("over")


def _off_limits(st: State, p: int) -> bool:
    return st["adv"] and not st["tup"][p]


def _coins(st: State, p: int) -> list[int]:
    """Card ids of the Coins another player could steal from `p` (active first)."""
    out = []
    c = st["play"][p]
    if c is not None and c < 0:
        out.append(~c)
    for c in st["tab"][p]:
        if c < 0:
            out.append(~c)
    return out


def _usable(st: State, p: int, ops: list[str]) -> int:
    """How many of the targeted steps `ops` would do something against `p`."""
    c = st["play"][p]
    up = c is not None and c >= 0
    battle = up and H_THEME[c] == BATTLE
    coins = len(_coins(st, p))
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


def _targets(st: State, s: int, ops: list[str]) -> list[int]:
    """Players the targeted steps may target. A Hero must use its abilities when it can,
    so only the players against whom the most of them can be done (left of `s` first)."""
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
        if _off_limits(st, p):
            continue
        u = _usable(st, p, seg)
        if u > best:
            best, targets = u, [p]
        elif u == best and u:
            targets.append(p)
    return targets


def _can_use(st: State, s: int, ops: tuple[str, ...]) -> bool:
    """Whether a Hero of `s` with these steps could do something now (for Copycat Cider)."""
    if "heal" in ops and any(c < 0 for c in st["tab"][s]):
        return True
    return "target" in ops and bool(_targets(st, s, list(ops[1:])))


def _run(m: Play) -> bool:
    """Run the acting Hero's steps; True when its player must choose something."""
    st = m.s
    ctx = st["ctx"]
    s = ctx["seat"]
    ops = ctx["ops"]
    play = st["play"]
    while ops:
        op = ops[0]
        if op == "target":
            targets = _targets(st, s, ops[1:])
            if len(targets) > 1:
                ctx["ask"], ctx["opts"] = "target", targets
                return True
            ctx["target"] = targets[0] if targets else -1
            if targets:
                m.emit("target", seat=s, card=ctx["card"], target=targets[0], chosen=False)
            else:
                m.emit("no_target", seat=s, card=ctx["card"])
        elif op[0] == "@":
            p = int(op[1:])
            ctx["target"] = -1 if _off_limits(st, p) else p
        elif op == "each":
            n = st["n"]
            ops[1:1] = [x for i in range(1, n) for x in ("@%d" % ((s + i) % n), "steal")]
        elif op == "attack" or op == "counter":
            t = ctx["target"]
            if t >= 0:
                c = play[t]
                if c is not None and c >= 0 and (op == "attack" or H_THEME[c] == BATTLE):
                    play[t] = ~c
                    m.emit("flip", seat=s, card=ctx["card"], how=op, target=t, victim=c)
                    _hit(st, t)
        elif op == "steal":
            t = ctx["target"]
            coins = _coins(st, t) if t >= 0 else []
            if len(coins) > 1:
                ctx["ask"], ctx["opts"] = "steal", coins
                return True
            if coins:
                _steal(m, s, t, coins[0])
        elif op == "heal":
            coins = [~c for c in st["tab"][s] if c < 0]
            if len(coins) > 1:
                ctx["ask"], ctx["opts"] = "heal", coins
                return True
            if coins:
                _heal(m, s, coins[0])
        elif op == "copy":
            copy_ops = EDITIONS[st["v"]].copy_ops
            seen = []
            for c in st["tab"][s]:
                if c >= 0 and copy_ops[c] and c not in seen and _can_use(st, s, copy_ops[c]):
                    seen.append(c)
            if len(seen) > 1:
                ctx["ask"], ctx["opts"] = "copy", seen
                return True
            if seen:
                ops[0:1] = ["_"] + list(copy_ops[seen[0]])
                m.emit("copy", seat=s, card=seen[0])
        ops.pop(0)
    return False


def _hit(st: State, p: int) -> None:
    """Advanced Variant: note a player whose card was flipped or stolen by another player."""
    hits = st["ctx"]["hits"]
    if st["adv"] and p not in hits:
        hits.append(p)


def _steal(m: Play, s: int, t: int, card: int) -> None:
    st = m.s
    coin = ~card
    if st["play"][t] == coin:
        st["play"][t] = None
    else:
        st["tab"][t].remove(coin)
    st["tab"][s].append(coin)
    m.emit("steal", seat=s, target=t, card=card)
    _hit(st, t)


def _heal(m: Play, s: int, card: int) -> None:
    st = m.s
    tab = st["tab"][s]
    tab[tab.index(~card)] = card
    m.emit("heal", seat=s, card=card)
