"""A tiny game used to test the engine without depending on a real game's details.

High Card: each seat holds three cards from a shuffled deck of 1..9. In each of three
tricks every seat picks a card at the same time (hidden), then the picks are revealed
together and the highest card scores a point. Seat 0 may also "knock" (a free,
undoable choice) before picking.
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.rules import Game, IllegalAction, Option, make_outcome, seat_token
from tabletown.engine.state import clone
from tabletown.engine.svg import action_attrs, esc, svg_open


class HighCard(Game):
    def setup(self, seed: int, seats: int, options: dict[str, Any]) -> dict[str, Any]:
        rng_words = seed_state(seed)
        deck = list(range(1, 10))
        Rng(rng_words).shuffle(deck)
        hands = [sorted(deck[i * 3:(i + 1) * 3]) for i in range(seats)]
        return {"rng": rng_words, "revealed": 0, "hands": hands, "picks": [None] * seats,
                "scores": [0] * seats, "trick": 0, "knocks": 0, "last": None, "tricks": options["tricks"]}

    def active(self, state):
        if state["trick"] >= state["tricks"]:
            return []
        return [s for s, p in enumerate(state["picks"]) if p is None]

    def legal(self, state, seat):
        if seat not in self.active(state):
            return []
        moves = [{"type": "pick", "card": c} for c in state["hands"][seat]]
        if seat == 0:
            moves.append({"type": "knock"})
        return moves

    def apply(self, state, seat, action):
        if action not in self.legal(state, seat):
            raise IllegalAction("You cannot play that card now.")
        s = clone(state)
        if action["type"] == "knock":
            s["knocks"] += 1
            return s
        s["hands"][seat].remove(action["card"])
        s["picks"][seat] = action["card"]
        if all(p is not None for p in s["picks"]):
            best = max(s["picks"])
            s["scores"][s["picks"].index(best)] += 1
            s["last"] = s["picks"]
            s["picks"] = [None] * len(s["picks"])
            s["trick"] += 1
            s["revealed"] += 1
        return s

    def view(self, state, seat):
        return {"seats": len(state["hands"]), "hand": state["hands"][seat] if seat is not None else [],
                "picked": [p is not None for p in state["picks"]], "scores": state["scores"],
                "last": state["last"], "over": not self.active(state), "trick": state["trick"]}

    def outcome(self, state) -> Optional[dict[str, Any]]:
        if self.active(state):
            return None
        return make_outcome(state["scores"], [(sc, -i) for i, sc in enumerate(state["scores"])], ["", "a lower seat"])

    def describe(self, state, seat, action):
        return f"{seat_token(seat)} knocks" if action["type"] == "knock" else f"{seat_token(seat)} picks a card"

    def prompt(self, state, seat):
        return "Pick a card"

    def determinize(self, view, seat, rng):
        raise NotImplementedError


RULES = HighCard(id="high-card", title="High Card", seats=(2, 3),
                 options=(Option("tricks", "Tricks", (1, 2, 3), 3),), blurb="A test game.")


def _bot(rules, view, seat, legal, rng):
    picks = [a for a in legal if a["type"] == "pick"]
    return max(picks, key=lambda a: a["card"])


BOTS = {"easy": _bot, "hard": _bot}


def render(view, ui):
    parts = [svg_open(400, 100, "High Card")]
    if view["over"]:
        parts[0] = parts[0].replace("<svg ", '<svg data-game-over="true" ', 1)
    for i, action in enumerate(ui["legal"]):
        label = esc(action.get("card", "knock"))
        parts.append(f'<g{action_attrs(i, f"Play {label}")}><rect x="{i * 40}" y="0" width="36" height="50"/></g>')
    parts.append("</svg>")
    return "".join(parts)
