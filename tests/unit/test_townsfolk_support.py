"""Helpers for the Townsfolk Tussle tests (this module holds no tests of its own).

- `Table`: a game driven through the real rules (setup, picks, the Town Phase) up to a chosen
  fight, with helpers to put characters where a test needs them, stack the action deck, script
  the dice, and play actions or answer questions.
"""

from __future__ import annotations

import contextlib
from typing import Any, Iterator, Optional

from tabletown.engine import events as engine_events
from tabletown.games.townsfolk_tussle import SPEC
from tabletown.games.townsfolk_tussle import content as C
from tabletown.games.townsfolk_tussle.match import Match
from tabletown.games.townsfolk_tussle.rules import RULES


@contextlib.contextmanager
def dice(*values: int) -> Iterator[list[int]]:
    """Every d10 rolled inside comes from `values`, in order (the roll is still recorded)."""
    queue = list(values)
    real = engine_events.Events.roll

    def roll(self: Any, rng: Any, sides: int, **fields: Any) -> int:
        if sides != 10 or not queue:
            return real(self, rng, sides, **fields)
        value = queue.pop(0)
        self.add("roll", sides=sides, value=value, **fields)
        return value

    engine_events.Events.roll = roll  # type: ignore[method-assign]
    try:
        yield queue
    finally:
        engine_events.Events.roll = real  # type: ignore[method-assign]


def level_dmg(t: "Table") -> int:
    """The DMG the Ruffian's level ability adds to every DMG it deals (from rules version 3: "Barlow
    deals +2 DMG"); a test of a step's DMG adds it to what the step says."""
    f = t.state["fight"]
    ability = C.ruffian(f["rid"], t.state["v"])["abilities"][f["level"]]
    return sum(m["amount"] for m in ability.get("mods", []) if m["mod"] == "dmg-dealt")


class Table:
    """A game at a chosen point, driven through the rules."""

    def __init__(self, folk: tuple[str, ...] = ("henlo", "melba", "quintus"), seed: int = 1,
                 options: Optional[dict[str, Any]] = None, campaign: Optional[dict[str, Any]] = None):
        self.n = len(folk)
        opts = SPEC.normalize(self.n, options or {})
        self.state = RULES.setup(seed, self.n, opts, campaign)
        self.events: list[dict[str, Any]] = []
        self.lines: list[str] = []
        for seat, tid in enumerate(folk):
            self.act(seat, {"type": "pick", "folk": tid, "alt": False})

    # --- driving -------------------------------------------------------------------------------------------
    def act(self, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        self.state, events = RULES.apply(self.state, seat, action)
        self.events = events
        self.lines.append(RULES.phrase(events))
        return events

    def answer(self, value: Any) -> list[dict[str, Any]]:
        q = self.question
        assert q is not None, "no question is asked"
        return self.act(q["seat"], {"type": "answer", "v": value})

    @property
    def question(self) -> Optional[dict[str, Any]]:
        p = self.state.get("pending")
        return p["q"] if p else None

    @property
    def stage(self) -> dict[str, Any]:
        return self.state["stage"]

    def legal(self, seat: Optional[int] = None) -> list[dict[str, Any]]:
        if seat is None:
            seat = RULES.active(self.state)[0]
        return RULES.legal(self.state, seat)

    def match(self) -> Match:
        """A read-only look at the state through the rules' own helpers."""
        return Match(self.state, [])

    def edit(self) -> dict[str, Any]:
        """The state, to change directly (a test setting up a position)."""
        return self.state

    # --- getting to a fight ------------------------------------------------------------------------------------
    def skip_town(self) -> None:
        """Nobody resets the shop, everybody passes: the Town Phase ends."""
        for _ in range(200):
            if self.question is not None:
                q = self.question
                self.answer(False if q["k"] in ("react", "agree") else (None if q["k"] == "exchange" else q["opts"][0]))
                continue
            kind = self.stage["kind"]
            if kind == "reset":
                self.act(self.stage["seat"], {"type": "no-reset"})
            elif kind == "shop":
                self.act(self.stage["seat"], {"type": "pass"})
            else:
                return
        raise AssertionError("the Town Phase did not end")

    def to_fight(self, ruffian: str, level: Optional[str] = None, final: bool = False) -> None:
        """Make `ruffian` the next face-down Ruffian and play through town to its fight's positions."""
        s = self.state
        left = [r for r in s["map_hidden"] if r != ruffian]
        s["map_hidden"] = [ruffian] + left[:3]
        if final:
            s["round"] = 3
        self.skip_town()
        assert self.stage["kind"] == "position", self.stage
        f = self.state["fight"]
        if level is not None and f["level"] != level:
            f["level"] = level
            f["final"] = level == "final-fight"
            top = C.RUFFIANS[ruffian]["hp"][str(self.n)] + self.match().stat_mods("R", "hp")
            f["hp"] = f["max"] = top

    def place_all(self, squares: list[list[int]]) -> None:
        """Take the starting squares in order; the fight opens (the Ruffian plays its first card)."""
        for sq in squares:
            self.act(self.stage["seat"], {"type": "start", "at": sq})

    def stack(self, *cards: str) -> None:
        """Put these action cards on top of the Ruffian's deck, first card first."""
        f = self.state["fight"]
        deck = [c for c in f["deck"] if c not in cards]
        f["deck"] = list(cards) + deck

    def put(self, seat: int, sq: list[int]) -> None:
        self.state["folk"][seat]["pos"] = list(sq)

    def give(self, seat: int, gear_id: str, slot: Optional[str] = None) -> None:
        """Give a townsfolk a piece of gear (equipped in `slot` when given)."""
        t = self.state["folk"][seat]
        t["stash"].append(gear_id)
        counters = C.GEAR[gear_id].get("counters")
        if counters:
            self.state["charges"][gear_id] = counters["start"]
        if slot is not None:
            m = Match(self.state, [])
            m.equip(seat, gear_id, slot, free_hp=True)

    def fight(self, ruffian: str, level: Optional[str] = None, final: bool = False) -> None:
        """Get to `ruffian`'s fight and to the first townsfolk's turn, then tidy the board: full HP,
        nothing kept or lowered, a fresh turn (tests then set up the position they need)."""
        self.to_fight(ruffian, level, final)
        ts = C.RUFFIANS[ruffian]["landscape"]["t"]
        for k in range(self.n):
            self.act(self.stage["seat"], {"type": "start", "at": ts[k]})
        self.settle()
        assert self.stage["kind"] == "turn", self.stage
        self.tidy()

    def settle(self) -> None:
        """Answer any questions with their first option (a test that cares answers them itself)."""
        for _ in range(50):
            q = self.question
            if q is None:
                return
            self.answer(False if q["k"] == "react" else q["opts"][0])
        raise AssertionError("questions never end")

    def tidy(self) -> None:
        """Full HP, nothing kept, lowered or counted; no Feats or secret events in hand."""
        s = self.state
        f = s["fight"]
        f["kept"] = []
        if not f["final"]:  # a Final Fight's counters come from its setup (ghosts, debt…): kept
            f["counters"] = {}
        f["top"] = None
        f["weak"] = False
        f["bonus"] = 0
        s["effects"] = []
        m = Match(s, [])
        f["hp"] = f["max"]
        for seat in range(self.n):
            t = s["folk"][seat]
            t["ko"] = False
            t["hp"] = m.max_hp(seat)
            t["feats"] = []  # no Feat or secret event goes off in the middle of a test
            t["secrets"] = []
        f["turn"]["mv"] = f["turn"]["mx"] = 0
        f["turn"]["att"] = {}
        s["uses"]["turn"] = {}
        s["tally"]["turn"] = {}

    def cards_played(self) -> int:
        return self.state["tally"]["fight"].get("R", {}).get("cards", 0)

    def ruffian_plays(self) -> None:
        """End townsfolk turns until the Ruffian has played a card (stops at a question or the next turn)."""
        before = self.cards_played()
        for _ in range(10):
            self.act(self.stage["seat"], {"type": "end"})
            if self.state["fight"] is None or self.question is not None or self.cards_played() > before:
                return
        raise AssertionError("the Ruffian never played")

    @property
    def f(self) -> dict[str, Any]:
        return self.state["fight"]

    def folk(self, seat: int) -> dict[str, Any]:
        return self.state["folk"][seat]
