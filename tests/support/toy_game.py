"""A tiny game on the kit, used to test the engine without depending on a real game.

High Card: each seat holds three cards from a shuffled deck of 1..9 (the rest stay face
down). In each trick every seat picks a card at the same time (hidden), then the picks
are revealed together and the highest card scores a point. Seat 0 may also "knock" (a
free, undoable choice) before picking. Seat 0 may also "bid" any number from 0 to 9
(a parameterised action), and any seat may be asked to "object" to a knock (a reaction
window: the one who objects needs a 9 in hand).
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine import reactions
from tabletown.engine.draw import Board
from tabletown.engine.events import Events
from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.rules import IllegalAction, Rules, is_listed, make_outcome, seat_token
from tabletown.engine.spec import Choice, GameSpec
from tabletown.engine.state import clone
from tabletown.engine.zones import HIDDEN, OWNER, Zone, Zones

SPEC = GameSpec(
    id="high-card", title="High Card", tagline="A test game.", seats=(2, 3),
    options=(Choice("tricks", "Tricks", (1, 2, 3), 3),),
)

PASS = {"type": "pass"}


class HighCard(Rules):
    zones = Zones(
        Zone("deck", HIDDEN, pool="cards"),
        Zone("hands.*", OWNER, pool="cards"),
        Zone("picks.*", OWNER, pool="cards"),
    )
    phrases = {
        "knock": lambda e: f"{seat_token(e['seat'])} knocks.",
        "bid": lambda e: f"{seat_token(e['seat'])} bids {e['amount']}.",
        "pick": lambda e: f"{seat_token(e['seat'])} picks a card.",
        "object": lambda e: f"{seat_token(e['seat'])} objects.",
        "pass": lambda e: f"{seat_token(e['seat'])} lets it be.",
        "shuffle": lambda e: None,
        "reveal": lambda e: "Cards shown: " + ", ".join(str(c) for c in e["what"]) + ".",
        "trick": lambda e: f"{seat_token(e['winner'])} takes the trick.",
    }

    def setup(self, seed, seats, options, campaign=None):
        rng_words = seed_state(seed)
        deck = list(range(1, 10))
        Rng(rng_words).shuffle(deck)
        hands = [sorted(deck[i * 3:(i + 1) * 3]) for i in range(seats)]
        return {"rng": rng_words, "deck": deck[seats * 3:], "hands": hands, "picks": [None] * seats,
                "scores": [0] * seats, "trick": 0, "knocks": 0, "bid": None, "last": None, "played": [],
                "tricks": options["tricks"], "window": None}

    def active(self, state):
        if state["trick"] >= state["tricks"]:
            return []
        asked = reactions.asked(state["window"])
        if asked is not None:
            return [asked]
        return [s for s, p in enumerate(state["picks"]) if p is None]

    def legal(self, state, seat):
        if seat not in self.active(state):
            return []
        if state["window"] is not None:
            moves = [PASS]
            if 9 in state["hands"][seat]:
                moves.append({"type": "object"})
            return moves
        moves = [{"type": "pick", "card": c} for c in state["hands"][seat]]
        if seat == 0:
            moves.append({"type": "knock"})
        return moves

    def params(self, state, seat):
        if seat == 0 and seat in self.active(state) and state["window"] is None and state["bid"] is None:
            return [{"kind": "number", "action": {"type": "bid"}, "param": "amount", "min": 0, "max": 9, "label": "Bid"}]
        return []

    def check_param(self, state, seat, action):
        if action["amount"] == 7:
            raise IllegalAction("Nobody bids seven.")

    def reaction(self, state, seat):
        return {"pass": PASS} if reactions.asked(state["window"]) == seat else None

    def apply(self, state, seat, action):
        if not is_listed(action, self.legal(state, seat)) and not (
            action.get("type") == "bid" and self.params(state, seat) and type(action.get("amount")) is int
        ):
            raise IllegalAction("That move is not allowed now.")
        s = clone(state)
        ev = Events()
        kind = action["type"]
        if kind == "bid":
            s["bid"] = action["amount"]
            ev.add("bid", seat=seat, amount=action["amount"])
        elif kind == "knock":
            s["knocks"] += 1
            ev.add("knock", seat=seat)
            others = [p for p in range(len(s["hands"])) if p != seat]
            s["window"] = reactions.open_window("object", others)
        elif kind == "pass":
            s["window"] = reactions.passed(s["window"])
            ev.add("pass", seat=seat)
        elif kind == "object":
            s["window"] = reactions.reacted(s["window"])
            s["knocks"] -= 1
            ev.add("object", seat=seat)
        else:
            s["hands"][seat].remove(action["card"])
            s["picks"][seat] = action["card"]
            ev.add("pick", seat=seat)
            if all(p is not None for p in s["picks"]):
                shown = list(s["picks"])
                ev.reveal(zone="picks", what=shown)
                best = max(range(len(shown)), key=lambda p: shown[p])
                s["scores"][best] += 1
                ev.add("trick", winner=best)
                s["last"] = shown
                s["played"].extend(shown)
                s["picks"] = [None] * len(shown)
                s["trick"] += 1
        if reactions.closed(s["window"]):
            s["window"] = None
        return s, ev

    def derive(self, state, view, seat):
        view["derived"] = {"over": not self.active(state), "picked": [p is not None for p in state["picks"]]}

    def unseen(self, view, pool):
        seen = {c for hand in view["hands"] for c in hand if c is not None}
        seen |= {c for c in view["picks"] if isinstance(c, int)}
        seen |= set(view["played"])
        return [c for c in range(1, 10) if c not in seen]

    def outcome(self, state) -> Optional[dict[str, Any]]:
        if self.active(state):
            return None
        return make_outcome(state["scores"], [(sc, -i) for i, sc in enumerate(state["scores"])], ["", "a lower seat"])

    def tally(self, state):
        return list(state["scores"])

    def story(self, steps, final):
        tricks = [0] * len(final["scores"])
        for _seat, _action, events, _after in steps:
            for e in events:
                if e["t"] == "trick":
                    tricks[e["winner"]] += 1
        return [{"title": "Tricks taken", "columns": ["Player", "Tricks"],
                 "rows": [[f"{{seat{s}}}", n] for s, n in enumerate(tricks)]}]

    def prompt(self, state, seat):
        return "Object to the knock?" if state["window"] is not None else "Pick a card"


RULES = HighCard(SPEC)


def _bot(rules, view, seat, legal, rng):
    picks = [a for a in legal if a["type"] == "pick"]
    return max(picks, key=lambda a: a["card"]) if picks else legal[0]


BOTS = {"easy": _bot, "hard": _bot}


def render(view, ui):
    b = Board(400, 100, "High Card", game_over=view["derived"]["over"])
    with b.part("hand"):
        for i, action in enumerate(ui["legal"]):
            label = str(action.get("card", action["type"]))
            b.control(i, f"Play {label}", f'<rect x="{i * 40}" y="0" width="36" height="50"/>')
    return b.svg()
