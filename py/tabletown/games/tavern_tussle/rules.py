"""Tavern Tussle: the rules engine on the game kit.

A state is plain JSON, with no English in it (seats are 0..n-1; the player on a seat's left
is seat+1):

- "rng": the PRNG words; "v": the rules version the game began under (1 to 6, see below)
- "n": seat count; "adv": the 3–4 player Advanced Variant; "ages": the seats from youngest
  to oldest (the last tie-breaker of Initiative and of the final scores);
  "taverner_bonus" (version 6 on): the "Taverner bonus points" option
- "tav": the Taverner card per seat; "tup": per seat, True while that Taverner is face-up
- "round" 1..3, "story" 1..3 (the story phase of the round), "phase" (pick | resolve | over)
- hidden: "deck" (Hero ids, drawn from the end of the list)
- per seat, seen by its owner only: "hands"; "act" and "dis" (this story phase's secret
  picks: the Hero to activate and the Hero to discard, None until picked); "discards" (the
  seat's revealed discards still in the discard pile: the pile is these, one card from each
  seat per story phase); "passed" (the cards the seat last handed to its left, or None)
- public: "play" (per seat, the revealed active Hero, None once stolen or when there is
  none); "tab" (per seat, the tableau); "inits" (per seat, the Initiative of its active
  Hero while they act, else None); "order" (the seats still to act, first one first)
- "ctx": None, or the Hero now acting {"seat", "card", "ops" (its steps still to run:
  abilities, "target", "each", "copy", "@p" for a fixed target, "_" for a step done),
  "target" (the seat targeted, -1 for none), "ask" (None, or the choice its player owes:
  target | steal | heal | copy), "opts" (the options of that choice), "hits" (Advanced
  Variant: seats whose card it flipped or stole, to turn their Taverner face-down)}

Every seat still picking picks at once (`active` lists them all); while Heroes act, only the
player of the acting Hero is asked, and only when a choice has more than one option.

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

from ...engine.prng import Rng, seed_state
from ...engine.rules import Action, BadSetup, IllegalAction, Rules, State, View, is_listed, make_outcome, seat_token
from ...engine.state import clone
from ...engine.words import plural
from .content import BONUS_OPTIONAL_FROM, EDITIONS, H_THEME, TAVERNERS, counts_taverner_points, hero_label
from .phrases import PHRASES
from .play import ROUNDS, STORIES_PER_ROUND, ZONES, Play, QuietPlay, deal, play
from .scoring import (
    CURRENT,
    STORY_POINTS,
    bonus_points,
    final_key,
    initiative_bonus,
    luck_showing,
    points,
    score_counts,
    stories,
    theme_counts,
)

# The deck, the discard pile and the passed cards change only when a story phase is revealed or
# a round dealt, and then they are replaced, never changed in place (play.py): a move shares them.
_REPLACED_WHOLE = frozenset(("deck", "discards", "passed"))


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


class TavernTussle(Rules):
    zones = ZONES
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
        deal(Play(st))
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
        # Shares the piles that are only ever replaced: every move is cheaper.
        m = Play({k: (v if k in _REPLACED_WHOLE else clone(v)) for k, v in state.items()})
        play(m, seat, action)
        return m.result()

    def play_in_place(self, state: State, seat: int, action: Action) -> None:
        """Play a legal `action` by changing `state` itself. Only for bots playing on in a
        sampled world of their own (no copy per move, no check, no events kept)."""
        play(QuietPlay(state), seat, action)

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
