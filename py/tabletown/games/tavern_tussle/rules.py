"""Tavern Tussle rules.

State (plain JSON; seats are 0..n-1, the player on a seat's left is seat+1):

- "rng": the PRNG words; "v": the rules version the game is played under (see below).
- "n", "adv" (the 3–4 player Advanced Variant), "ages" (the seats from youngest to
  oldest: the last tie-breaker of Initiative and of the final scores), "taverner_bonus"
  (version 6 on: the "Taverner bonus points" option).
- "tav": Taverner id per seat; "tup": Taverner face-up per seat.
- "round" 1..3, "story" 1..3, "phase": "pick" | "resolve" | "over".
- hidden: "deck" (drawn from the end); per seat, owner only: "hands", "act" and "dis"
  (the secret picks of this story phase), "discards" (the seat's own revealed-phase
  discards still in the discard pile: the pile is these, one card from each seat per
  story phase) and "passed" (the cards the seat last handed to its left).
- public: "play" (revealed active Hero per seat), "tab" (tableau per seat), "inits"
  (Initiative of each active Hero this phase), "order" (seats still to act) and
  "ctx" (the Hero now acting: its remaining steps, target and pending choice).

A card on the table is an int: the Hero id when face-up, ``~id`` (= -1 - id) when it is
flipped to its Coin side. Every Coin was seen face-up by the whole table before it
flipped, so which Hero lies under a Coin is public knowledge.

Actions, one click each: {"type": "activate"|"discard", "card": id} while picking;
{"type": "target", "seat": s}, {"type": "steal"|"heal"|"copy", "card": id} while a Hero
acts. Choices with a single option are taken automatically.

Rules versions: version 1 read the Hare's Quick Draught as a standing +3 from the Taverner
card while it is face-up, and knew only the youngest player (other ties went by seating
from the youngest, and final ties between other players were shared). Version 2: "this
card" is the Cheers Hero — each face-up Cheers Hero in the Hare player's tableau adds 3 to
their later Heroes — and every tie goes by the players' order from youngest to oldest.
Version 3: a player's final score adds their Taverner card's Story Points (a few points by
the number of players, `data/taverners.json`) to the points of their stories. Version 4:
the same rule with retuned Story Points (the cards list each version's values; a game
keeps those of the version it began under); version 5 retuned them again. Version 6 scores
as the rulebook does ("players score points based on the Stories they collect in their
tableau"): the stories alone, unless the game was begun with the "Taverner bonus points"
option, which adds version 5's values.
"""

from __future__ import annotations

from typing import Any, Optional

from ...engine.events import Events
from ...engine.prng import Rng, seed_state
from ...engine.rules import Action, BadSetup, IllegalAction, Rules, State, View, is_listed, make_outcome, seat_token
from ...engine.state import clone
from ...engine.words import plural
from ...engine.zones import HIDDEN, OWNER, Zone, Zones
from .content import (
    BATTLE,
    BONUS_OPTIONAL_FROM,
    BOOST_BONUS,
    COIN,
    CURRENT_VERSION,
    DRAUGHT_BONUS,
    EDITIONS,
    H_THEME,
    LUCK,
    TARGETED,
    TAVERNERS,
    THEMES,
    counts_taverner_points,
    hero_label,
    taverner_points,
)
from .phrases import PHRASES

ROUNDS = 3
HAND_SIZE = 6
STORIES_PER_ROUND = 3
# Points for a story of 0..5 distinct themes.
STORY_POINTS = (0, 1, 3, 6, 10, 15)
CURRENT = CURRENT_VERSION
_SPLIT = frozenset(("target", "each", "copy"))
_REPLACED_WHOLE = frozenset(("deck", "discards", "passed"))


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


# --- the players' order from youngest to oldest ---------------------------------------------
def age_order(code: int, seats: int) -> list[int]:
    """The seats from youngest to oldest for the setup option `youngest`.

    A single digit k: player k is the youngest, then the players to their left in turn
    (k, k+1, …). Several digits list every player from youngest to oldest (2143: player 2
    is the youngest, then 1, 4 and 3 the oldest). Players are counted from 1."""
    digits = [int(d) for d in str(code)]
    if len(digits) == 1:
        first = digits[0] - 1
        if not 0 <= first < seats:
            raise BadSetup(f"The youngest player must be one of the {seats} players.")
        return [(first + i) % seats for i in range(seats)]
    if sorted(digits) != list(range(1, seats + 1)):
        raise BadSetup(f"That order from youngest to oldest is for {len(digits)} players, but this game has {seats}.")
    return [d - 1 for d in digits]


# --- scoring -------------------------------------------------------------------------
def theme_counts(tableau: list[int]) -> list[int]:
    """How many cards of each theme a tableau shows (flipped cards are Coins)."""
    counts = [0, 0, 0, 0, 0]
    themes = H_THEME
    for c in tableau:
        counts[themes[c] if c >= 0 else COIN] += 1
    return counts


def score_counts(counts: list[int]) -> int:
    """Best total over all groupings into stories of distinct themes.

    Greedy is optimal: a story takes one card of every theme still left. The story
    sizes this gives are the conjugate of the theme counts, which majorizes the sizes
    of any other grouping; the points 1/3/6/10/15 are convex, so nothing beats it
    (tests check this against a brute force).
    """
    key = tuple(counts)
    total = _SCORES.get(key)
    if total is None:
        total = 0
        for k in range(1, max(counts) + 1):
            total += STORY_POINTS[sum(1 for x in counts if x >= k)]
        _SCORES[key] = total
    return total


# score_counts remembers every tally it has scored: bots score the same few hundred tallies
# again and again.
_SCORES: dict[tuple[int, ...], int] = {}


def stories(tableau: list[int]) -> list[list[str]]:
    """The grouping behind `score_counts`: each story as a list of theme names."""
    counts = theme_counts(tableau)
    result = []
    while any(counts):
        result.append([THEMES[t] for t in range(5) if counts[t]])
        counts = [max(0, x - 1) for x in counts]
    return result


def tableau_score(tableau: list[int]) -> int:
    return score_counts(theme_counts(tableau))


def bonus_points(state: State, seat: int) -> int:
    """The points `seat`'s Taverner card adds to their score (0 unless the game counts them)."""
    if not counts_taverner_points(state):
        return 0
    return taverner_points(state["tav"][seat], state["n"], state["v"], state["adv"])


def points(state: State, seat: int) -> int:
    """A player's points: their stories, plus their Taverner card's points where they count."""
    return tableau_score(state["tab"][seat]) + bonus_points(state, seat)


def luck_showing(tableau: list[int]) -> int:
    """Face-up Luck Heroes in a tableau (a Coin shows no Luck)."""
    return sum(1 for c in tableau if c >= 0 and H_THEME[c] == LUCK)


def initiative_bonus(tableau: list[int], taverner: int, taverner_up: bool = True, version: int = CURRENT) -> int:
    """What a seat adds to the Initiative of every Hero it activates now.

    +2 for each face-up Boost Hero in the tableau. The Hare's Quick Draught: in version 2,
    +3 for each face-up Cheers Hero in the tableau ("if this card is face-up in your
    tableau"); in version 1, +3 while the Hare Taverner card is face-up.
    """
    edition = EDITIONS[version]
    bonus = 0
    cheers = 0
    for c in tableau:
        if c >= 0:
            if edition.boost[c]:
                bonus += BOOST_BONUS
            if edition.cheers[c]:
                cheers += 1
    draught = DRAUGHT_BONUS[taverner]
    if version >= 2:
        bonus += draught * cheers
    elif taverner_up:
        bonus += draught
    return bonus


def initiative(card: int, tableau: list[int], taverner: int, taverner_up: bool = True, version: int = CURRENT) -> int:
    """A Hero's Initiative: its printed value plus the bonus of its player's tableau."""
    return EDITIONS[version].init[card] + initiative_bonus(tableau, taverner, taverner_up, version)


def initiative_key(init: int, luck: int, tableau_size: int, age_rank: int) -> tuple[int, int, int, int]:
    """Sort key of an active Hero (smallest acts first): the highest Initiative, then the
    most Luck showing, then the fewest cards in the tableau, then the youngest player."""
    return (-init, -luck, tableau_size, age_rank)


def final_key(score: int, luck: int, tableau_size: int, age_rank: int, version: int, seats: int) -> tuple[int, ...]:
    """Ranking key of a final score (largest wins): the most points, then the most Luck,
    then the fewest tableau cards, then the younger player (version 1: only the
    youngest player wins a tie; other players tied on every count share the place)."""
    if version >= 2:
        youth = seats - age_rank
    else:
        youth = 1 if age_rank == 0 else 0
    return (score, luck, -tableau_size, youth)


class TavernTussle(Rules):
    zones = Zones(
        Zone("deck", HIDDEN, pool="heroes"),
        Zone("hands.*", OWNER, pool="heroes"),
        Zone("act.*", OWNER, pool="heroes"),
        Zone("dis.*", OWNER, pool="heroes"),
        Zone("discards.*", OWNER, pool="heroes"),
        Zone("passed.*", OWNER, pool="heroes"),
    )
    phrases = PHRASES

    # --- setup ---------------------------------------------------------------------
    def setup(self, seed: int, seats: int, options: dict[str, Any], campaign: Optional[dict[str, Any]] = None,
              version: Optional[int] = None) -> State:
        opts = self.spec.normalize(seats, options)
        v = CURRENT if version is None else version
        if v not in EDITIONS:
            raise BadSetup(f"Tavern Tussle has no rules version {v}.")
        code = opts["youngest"]
        if v == 1 and not 1 <= code <= seats:
            raise BadSetup(f"The youngest player must be one of the {seats} players.")
        ages = age_order(code, seats)
        rng = Rng(seed_state(seed))
        tavs = list(range(len(TAVERNERS)))
        rng.shuffle(tavs)
        deck = list(EDITIONS[v].decks[seats])
        rng.shuffle(deck)
        st: State = {
            "rng": rng.s, "v": v, "n": seats, "adv": bool(opts["advanced"]), "ages": ages,
            "tav": tavs[:seats], "tup": [True] * seats,
            "round": 1, "story": 1, "phase": "pick",
            "deck": deck, "discards": [[] for _ in range(seats)],
            "hands": [[] for _ in range(seats)], "act": [None] * seats, "dis": [None] * seats,
            "passed": [None] * seats,
            "play": [None] * seats, "tab": [[] for _ in range(seats)], "inits": [None] * seats,
            "order": [], "ctx": None,
        }
        if v >= BONUS_OPTIONAL_FROM:
            st["taverner_bonus"] = bool(opts["taverner_bonus"])
        _deal(st, Events())
        return st

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
        if type(seat) is not int or not 0 <= seat < state["n"]:
            return []
        if phase == "pick":
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

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[dict[str, Any]]]:
        if not isinstance(action, dict) or not is_listed(action, self.legal(state, seat)):
            raise IllegalAction(self._why_illegal(state, seat))
        # The deck, the discard pile and the passed cards change only when a story phase is
        # revealed or a round dealt, and then they are replaced, never changed in place (see
        # _reveal and _deal): sharing them with `state` makes every move cheaper.
        st = {k: (v if k in _REPLACED_WHOLE else clone(v)) for k, v in state.items()}
        return st, _play(st, seat, action)

    def play_in_place(self, state: State, seat: int, action: Action) -> None:
        """Play a legal `action` by changing `state` itself. Only for bots playing on in a
        sampled world of their own (no copy per move, no check, no events kept)."""
        _play(state, seat, action, _QUIET)

    def _why_illegal(self, state: State, seat: int) -> str:
        if state.get("phase") == "over":
            return "The game is over."
        if seat not in self.active(state):
            return "It is not this player's turn."
        return "That move is not allowed now."

    # --- what players see --------------------------------------------------------------
    def derive(self, state: State, view: View, seat: Optional[int]) -> None:
        """Figures the board shows: scores so far, stories, theme tallies, Luck, the
        Initiative bonus of each tableau, who is asked, how far each seat has picked, and
        for the viewer's hand the points each Hero would add to their tableau."""
        n = state["n"]
        v = state["v"]
        tabs = state["tab"]
        tallies = [theme_counts(t) for t in tabs]
        phase = state["phase"]
        if phase == "pick":
            picked = [(state["act"][s] is not None) + (state["dis"][s] is not None) for s in range(n)]
        else:
            picked = [0] * n
        gains: list[int] = []
        if isinstance(seat, int) and 0 <= seat < n:
            base = score_counts(tallies[seat])
            for c in state["hands"][seat]:
                counts = list(tallies[seat])
                counts[H_THEME[c]] += 1
                gains.append(score_counts(counts) - base)
        taverner_bonus = [bonus_points(state, s) for s in range(n)]
        view["derived"] = {
            "scores": [score_counts(t) + b for t, b in zip(tallies, taverner_bonus)],
            "taverner_points": taverner_bonus,
            "counts_taverner_points": counts_taverner_points(state),
            "stories": [[STORY_POINTS[len(s)] for s in stories(t)] for t in tabs],
            "tally": tallies,
            "luck": [luck_showing(t) for t in tabs],
            "bonus": [initiative_bonus(tabs[s], state["tav"][s], state["tup"][s], v) for s in range(n)],
            "active": self.active(state),
            "picked": picked,
            "gains": gains,
            "over": phase == "over",
        }

    def outcome(self, state: State) -> Optional[dict[str, Any]]:
        if state["phase"] != "over":
            return None
        n = state["n"]
        v = state["v"]
        ages = state["ages"]
        counted = counts_taverner_points(state)
        scores, keys, details = [], [], []
        for s in range(n):
            tab = state["tab"][s]
            st_list = stories(tab)
            pts = [STORY_POINTS[len(x)] for x in st_list]
            bonus = bonus_points(state, s)
            score = sum(pts) + bonus
            luck = luck_showing(tab)
            scores.append(score)
            keys.append(final_key(score, luck, len(tab), ages.index(s), v, n))
            detail = {
                "Stories": " + ".join(str(p) for p in pts) if pts else "none",
                "Luck": luck,
                "Tableau cards": len(tab),
                "Coins": sum(1 for c in tab if c < 0),
                "stories": st_list,
                "story_points": pts,
            }
            if counted:
                detail["Taverner"] = f"+{bonus} ({TAVERNERS[state['tav'][s]]['animal']})"
                detail["taverner_points"] = bonus
            details.append(detail)
        youth = "youth (the younger player wins the tie)" if v >= 2 else "youth (the youngest player wins the tie)"
        columns = ["Stories", "Luck", "Tableau cards", "Coins"]
        if counted:
            columns.insert(1, "Taverner")
        return make_outcome(scores, keys, ["points", "more Luck", "fewer cards in the tableau", youth],
                            details, columns)

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
            return "Choose the Coin your %s steals from {seat%d}." % (name, ctx["target"])
        if ask == "heal":
            return f"Choose the Coin in your tableau your {name} heals."
        return f"Choose the Hero in your tableau whose ability your {name} copies."

    def status(self, state: State) -> str:
        """How far the game is, for the saved-games list."""
        if state["phase"] == "over":
            best = max(points(state, s) for s in range(state["n"]))
            return f"Over · won with {plural(best, 'point')}"
        return f"Round {state['round']} of {ROUNDS} · Story Phase {state['story']} of {STORIES_PER_ROUND}"

    def topic(self, state: State, seat: int) -> Optional[str]:
        """The rules topic (data/rule_index.json) of what `seat` is asked now, as `prompt` words it."""
        if state["phase"] == "over":
            return "prompt:game-over"
        if seat not in self.active(state):
            return "prompt:waiting"
        if state["phase"] == "pick":
            return "prompt:activate" if state["act"][seat] is None else "prompt:discard"
        return "prompt:" + state["ctx"]["ask"]

    def tally(self, state: State) -> Optional[list[int]]:
        """Each player's points so far: their tableau sorted into its best stories, plus
        their Taverner card's Story Points."""
        return [points(state, s) for s in range(state["n"])]

    def story(self, steps: list[tuple[int, Action, list[dict[str, Any]], State]], final: State) -> list[dict[str, Any]]:
        """The stories each player told, and the Coins each lost and won along the way."""
        n = final["n"]
        turned = [0] * n   # own active Heroes turned to Coins by another player
        robbed = [0] * n   # Coins stolen from them
        stolen = [0] * n   # Coins they stole
        healed = [0] * n   # Coins they turned back
        for _seat, _action, events, _after in steps:
            for e in events:
                if e["t"] == "flip":
                    turned[e["target"]] += 1
                elif e["t"] == "steal":
                    robbed[e["target"]] += 1
                    stolen[e["seat"]] += 1
                elif e["t"] == "heal":
                    healed[e["seat"]] += 1
        told = []
        for s in range(n):
            sizes = [len(x) for x in stories(final["tab"][s])]
            told.append([seat_token(s), len(sizes), max(sizes, default=0), sum(STORY_POINTS[k] for k in sizes)])
        told_columns = ["Player", "Stories", "Most themes in one story", "Points"]
        if counts_taverner_points(final):  # the Taverner card's own points, beside the stories'
            told_columns.append("Taverner's bonus points")
            for s, row in enumerate(told):
                row.append(bonus_points(final, s))
        return [
            {"title": "Stories told", "columns": told_columns, "rows": told},
            {"title": "Coins lost and won",
             "columns": ["Player", "Heroes turned to Coins", "Coins stolen from them", "Coins they stole",
                         "Coins they healed"],
             "rows": [[seat_token(s), turned[s], robbed[s], stolen[s], healed[s]] for s in range(n)]},
        ]

    # --- search support ------------------------------------------------------------------
    def unseen(self, view: View, pool: str) -> list[int]:
        """The Heroes the viewer cannot see anywhere (pool "heroes"): in the deck, in other
        hands and picks, in others' discards — and the cards it passed on, whose place it
        knows only while nobody has played them."""
        return [c for c in EDITIONS[view["v"]].decks[view["n"]] if c not in _seen(view)]

    def determinize(self, view: View, seat: int, rng: Rng) -> State:
        """A full state consistent with `seat`'s view: the unseen Heroes shuffled into the
        hidden places. The left neighbour's hand is drawn from what this seat passed it,
        as long as that is still where they must be."""
        n = view["n"]
        phase = view["phase"]
        hand_counts = [len(h) for h in view["hands"]]
        if phase == "pick":
            picked = [(view["act"][p] is not None) + (view["dis"][p] is not None) for p in range(n)]
        else:
            picked = [0] * n
        known = _seen(view)
        left = (seat + 1) % n
        passed = view["passed"][seat]
        use_passed = False
        if passed is not None and phase != "over":
            need = hand_counts[left] + (picked[left] if phase == "pick" else 0)
            if need == len(passed) and not (known & set(passed)):
                use_passed = True
                known = known | set(passed)
        pool = [c for c in EDITIONS[view["v"]].decks[n] if c not in known]
        rng.shuffle(pool)
        hands: list[list[int]] = [[] for _ in range(n)]
        act: list[Optional[int]] = [None] * n
        dis: list[Optional[int]] = [None] * n
        hands[seat] = list(view["hands"][seat])
        act[seat], dis[seat] = view["act"][seat], view["dis"][seat]
        src: list[int] = []
        if use_passed:
            src = list(passed)
            rng.shuffle(src)
        for p in range(n):
            if p == seat:
                continue
            take = src if (use_passed and p == left) else pool
            k = picked[p]
            if k >= 1:
                act[p] = take.pop()
            if k >= 2:
                dis[p] = take.pop()
            hands[p] = sorted(take.pop() for _ in range(hand_counts[p]))
        discards = [list(view["discards"][seat]) if p == seat else [pool.pop() for _ in view["discards"][p]]
                    for p in range(n)]
        deck = pool[: len(view["deck"])]
        words = [rng.next_u32() | 1, rng.next_u32(), rng.next_u32(), rng.next_u32()]
        world = {k: clone(v) for k, v in view.items() if k != "derived"}
        world.update(rng=words, deck=deck, discards=discards, hands=hands, act=act, dis=dis)
        world["passed"] = [_passed_in(world, p, view["passed"][p]) if p != seat else clone(view["passed"][p])
                           for p in range(n)]
        return world

    def heuristic(self, state: State, seat: int) -> float:
        scores = [points(state, p) for p in range(state["n"])]
        best = max(scores[p] for p in range(state["n"]) if p != seat)
        return float(scores[seat] - best)


# --- one move ----------------------------------------------------------------------------
class _QuietEvents(Events):
    """Events nobody will read (a bot's playout): adding one keeps nothing."""

    quiet = True

    def add(self, t: str, **fields: Any) -> dict[str, Any]:
        return fields


_QUIET = _QuietEvents()


def _play(st: State, seat: int, action: Action, ev: Optional[Events] = None) -> Events:
    """Play a checked `action` of `seat` on `st` (changed in place) and everything it sets
    off: the reveal, the Heroes acting in turn, the next story phase or round."""
    if ev is None:
        ev = Events()
    kind = action["type"]
    if kind == "activate":
        c = action["card"]
        hand = st["hands"][seat]
        hand.remove(c)
        st["act"][seat] = c
        ev.add("activate", seat=seat)
        if len(hand) == 1:
            st["dis"][seat] = hand.pop()
            ev.add("discard", seat=seat, last=True)
        _after_pick(st, ev)
    elif kind == "discard":
        c = action["card"]
        st["hands"][seat].remove(c)
        st["dis"][seat] = c
        ev.add("discard", seat=seat, last=False)
        _after_pick(st, ev)
    else:
        ctx = st["ctx"]
        ctx["ask"] = None
        ctx["opts"] = []
        ops = ctx["ops"]
        if kind == "target":
            ctx["target"] = action["seat"]
            ops.pop(0)
            ev.add("target", seat=seat, card=ctx["card"], target=action["seat"], chosen=True)
        elif kind == "steal":
            _steal(st, seat, ctx["target"], action["card"], ev)
            ops.pop(0)
        elif kind == "heal":
            _heal(st, seat, action["card"], ev)
            ops.pop(0)
        elif kind == "copy":
            c = action["card"]
            ops[0:1] = list(EDITIONS[st["v"]].copy_ops[c])
            ev.add("copy", seat=seat, card=c)
        _advance(st, ev)
    return ev


# --- the story phase ------------------------------------------------------------------
def _deal(st: State, ev: Events) -> None:
    """Deal a hand of six to every player; a deck that runs out takes the discard pile,
    shuffled."""
    n = st["n"]
    deck = st["deck"] = clone(st["deck"])
    hands = st["hands"]
    for s in range(n):
        hand = hands[s]
        for _ in range(HAND_SIZE):
            if not deck:
                deck.extend(_discard_pile(st))
                st["discards"] = [[] for _ in range(n)]
                ev.shuffle(QuickRng(st["rng"]), deck, "deck")
            hand.append(deck.pop())
        hand.sort()
    st["passed"] = [None] * n
    # Every player now sees cards nobody saw before: the move cannot be taken back.
    ev.add("deal", round=st["round"], barrier=True)


def _discard_pile(st: State) -> list[int]:
    """The discard pile in the order it was laid: one card from each seat per story phase."""
    pile = []
    for cards in zip(*st["discards"]):
        pile.extend(cards)
    return pile


def _after_pick(st: State, ev: Events) -> None:
    act, dis = st["act"], st["dis"]
    for s in range(st["n"]):
        if act[s] is None or dis[s] is None:
            return
    _reveal(st, ev)
    _advance(st, ev)


def _reveal(st: State, ev: Events) -> None:
    """Every active Hero is revealed at once, the rest of each hand passes left, and the
    Heroes are ordered by Initiative."""
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
    ev.reveal(zone="act", what=list(play), inits=inits, order=list(st["order"]))
    if v >= 2 and not getattr(ev, "quiet", False):
        for (ka, a), (kb, b) in zip(keys, keys[1:]):
            if ka[0] == kb[0]:
                why = next(i for i in range(1, 4) if ka[i] != kb[i])
                ev.add("tie", first=a, then=b, init=inits[a], by=("", "luck", "tableau", "age")[why])
    if st["hands"][0]:
        ev.add("pass_left")


# --- resolving the active Heroes ----------------------------------------------------
def _advance(st: State, ev: Events) -> None:
    """Run the acting Hero, then the next ones in Initiative order, until a player must
    choose something or the story phase is over."""
    n = st["n"]
    while True:
        ctx = st["ctx"]
        if ctx is not None:
            if _run(st, ev):
                return
            st["ctx"] = None
            for p in ctx["hits"]:
                # Advanced Variant: a player whose card was flipped or stolen turns their
                # Taverner face-down once the Hero's action is over.
                if st["tup"][p]:
                    st["tup"][p] = False
                    ev.add("taverner_down", seat=p)
        order = st["order"]
        if not order:
            _end_story(st, ev)
            return
        s = order.pop(0)
        c = st["play"][s]
        if c is None:
            continue
        if c < 0:
            ev.add("flipped", seat=s, card=~c)
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
            ev.add("idle", seat=s, card=c, why=why)
            continue
        if st["adv"]:
            tup = st["tup"]
            if all(not tup[p] for p in range(n) if p != s):
                for p in range(n):
                    tup[p] = True
                ev.add("unflip_all")
        st["ctx"] = {"seat": s, "card": c, "ops": list(ops), "target": -1, "ask": None, "opts": [], "hits": []}
        ev.add("acts", seat=s, card=c, abilities=list(edition.heroes[c]["abilities"]),
               special=st["tav"][s] if edition.cheers[c] else None)


def _end_story(st: State, ev: Events) -> None:
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
        ev.add("round", round=st["round"], cards=HAND_SIZE)
        _deal(st, ev)
        return
    st["phase"] = "over"
    ev.add("over")


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


def _run(st: State, ev: Events) -> bool:
    """Run the acting Hero's steps; True when its player must choose something."""
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
                ev.add("target", seat=s, card=ctx["card"], target=targets[0], chosen=False)
            else:
                ev.add("no_target", seat=s, card=ctx["card"])
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
                    ev.add("flip", seat=s, card=ctx["card"], how=op, target=t, victim=c)
                    _hit(st, t)
        elif op == "steal":
            t = ctx["target"]
            coins = _coins(st, t) if t >= 0 else []
            if len(coins) > 1:
                ctx["ask"], ctx["opts"] = "steal", coins
                return True
            if coins:
                _steal(st, s, t, coins[0], ev)
        elif op == "heal":
            coins = [~c for c in st["tab"][s] if c < 0]
            if len(coins) > 1:
                ctx["ask"], ctx["opts"] = "heal", coins
                return True
            if coins:
                _heal(st, s, coins[0], ev)
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
                ev.add("copy", seat=s, card=seen[0])
        ops.pop(0)
    return False


def _hit(st: State, p: int) -> None:
    """Advanced Variant: note a player whose card was flipped or stolen by another player."""
    hits = st["ctx"]["hits"]
    if st["adv"] and p not in hits:
        hits.append(p)


def _steal(st: State, s: int, t: int, card: int, ev: Events) -> None:
    coin = ~card
    if st["play"][t] == coin:
        st["play"][t] = None
    else:
        st["tab"][t].remove(coin)
    st["tab"][s].append(coin)
    ev.add("steal", seat=s, target=t, card=card)
    _hit(st, t)


def _heal(st: State, s: int, card: int, ev: Events) -> None:
    tab = st["tab"][s]
    tab[tab.index(~card)] = card
    ev.add("heal", seat=s, card=card)


# --- hidden information ----------------------------------------------------------------
def _seen(view: View) -> set[int]:
    """Every Hero the viewer sees: its hand, picks and discards, and the table (the other
    seats' hidden places hold only None and "?")."""
    known: set[int] = set()
    n = view["n"]
    for p in range(n):
        for c in view["hands"][p]:
            if isinstance(c, int):
                known.add(c)
        for c in (view["act"][p], view["dis"][p]):
            if isinstance(c, int):
                known.add(c)
        for c in view["discards"][p]:
            if isinstance(c, int):
                known.add(c)
    for c in view["play"]:
        if c is not None:
            known.add(c if c >= 0 else ~c)
    for t in view["tab"]:
        for c in t:
            known.add(c if c >= 0 else ~c)
    return known


def _passed_in(world: State, p: int, masked: Any) -> Any:
    """What seat `p` handed to its left, rebuilt in a sampled world: the left neighbour's
    hand plus what it picked from it since."""
    if masked is None:
        return None
    left = (p + 1) % world["n"]
    cards = list(world["hands"][left])
    for c in (world["act"][left], world["dis"][left]):
        if c is not None:
            cards.append(c)
    cards.sort()
    if len(cards) != len(masked):  # only in a state that no game reaches; keep the size the view shows
        cards = (cards + cards[:1] * len(masked))[: len(masked)]
    return cards


def scenario(seats: int, taverners: list[int], hands: list[list[int]], tableaus: Optional[list[list[int]]] = None,
             advanced: bool = False, ages: Optional[list[int]] = None, deck: Optional[list[int]] = None,
             round_: int = 1, story: int = 1, seed: int = 1, tav_up: Optional[list[bool]] = None,
             version: int = CURRENT, taverner_bonus: bool = False) -> State:
    """A state at the start of a story phase, laid out by hand (for rulebook examples and tests).

    Cards are Hero ids; a tableau Coin is written ``~id``. Cards not placed anywhere make
    up the deck unless `deck` is given. `ages` lists the seats from youngest to oldest
    (default: seat order). `taverner_bonus`: the option of that name (version 6 on).
    """
    placed = {c for h in hands for c in h} | {c if c >= 0 else ~c for t in (tableaus or []) for c in t}
    if deck is None:
        deck = [c for c in EDITIONS[version].decks[seats] if c not in placed]
    st: State = {
        "rng": seed_state(seed), "v": version, "n": seats, "adv": advanced,
        "ages": list(ages) if ages is not None else list(range(seats)),
        "tav": list(taverners), "tup": list(tav_up) if tav_up else [True] * seats,
        "round": round_, "story": story, "phase": "pick",
        "deck": list(deck), "discards": [[] for _ in range(seats)],
        "hands": [sorted(h) for h in hands], "act": [None] * seats, "dis": [None] * seats,
        "passed": [None] * seats,
        "play": [None] * seats, "tab": [list(t) for t in (tableaus or [[] for _ in range(seats)])],
        "inits": [None] * seats, "order": [], "ctx": None,
    }
    if version >= BONUS_OPTIONAL_FROM:
        st["taverner_bonus"] = taverner_bonus
    return st
