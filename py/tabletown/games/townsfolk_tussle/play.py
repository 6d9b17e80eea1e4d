"""One action being played: the state it changes, the events it makes, and its questions.

A `Base` (the kit's `Move`) wraps a working copy of the state for one call of `apply`. The rules
run as plain Python code from the action to the next moment a player must decide. Where the
rulebook lets a player decide in the middle of something, the code calls `ask(...)`; how the
action then waits for the answer is told at `Suspend`, below.

This module holds the plumbing every part of the rules shares: characters, the grid, timed
effects, tallies, counters and uses. The rules themselves live in the mixins (stats, lang,
ruffian, fight, town).
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.move import Move
from tabletown.engine.rules import IllegalAction

from . import content as C
from .board import Grid, dist_to_foot, foot, grid_for, manhattan

R = "R"  # the Ruffian's key wherever a character is named (townsfolk are seat numbers)


class Suspend(Exception):
    """A question nobody has answered yet: the replayed-action engine.

    Mid-action choices (which square a pushed townsfolk goes to, which of two equal paths the
    Ruffian takes, whether to use a reaction) cannot wait inside a running Python call: the
    state must be JSON between two moves. So `ask` works like this:

    - with an answer already given (the action's `answers`, in the order asked), it returns it;
    - otherwise it raises `Suspend`. `Rules._play` keeps the state as it stood (the board shows
      how far things got) and, in `state["pending"]`, the state before the action ("base"), the
      action ("job"), the answers so far and the question ("q");
    - the player's answer is a new action, {"type": "answer", "v": ...}: the whole action is
      played again from "base" with one more answer. Every roll comes out the same, since the
      dice come from the PRNG words kept in "base"; the events the earlier runs already told
      ("emitted") are not told again.

    A replayed action must therefore ask the same questions in the same order given the same
    answers: nothing may depend on anything but the state and the answers."""

    def __init__(self, question: dict[str, Any]):
        super().__init__("a question")
        self.question = question


class FightOver(Exception):
    """The fight is decided: the Ruffian is defeated (won) or the team has fallen."""

    def __init__(self, won: bool, how: str = ""):
        super().__init__(how)
        self.won = won
        self.how = how


class Ctx:
    """Where a piece of content is being run: whose it is and what its words refer to."""

    __slots__ = ("kind", "owner", "this", "row", "event", "chosen", "holders", "targets", "terrain_target",
                 "card", "collided", "attack", "user", "reached", "damaged", "deals")

    def __init__(self, kind: str, owner: Any, this: Any = None, row: str = "", event: Optional[dict] = None,
                 chosen: Any = None, holders: Optional[list] = None, user: Any = None):
        self.kind = kind  # card | ruffian | final-fight | townsfolk | gear | terrain | feat | event | chart
        self.owner = owner  # "self": a seat, or R
        self.this = this  # gear instance, or {"card": terrain id, "piece": index or None}
        self.row = row  # the content row's id (boosts remember it)
        self.event = event  # the triggering event
        self.chosen = chosen
        self.holders = holders or []
        self.targets: list[int] = []  # an action card's townsfolk targets
        self.terrain_target: Optional[int] = None  # an action card's terrain piece
        self.card: Optional[str] = None
        self.collided: list[int] = []
        self.attack: Optional[dict] = None
        self.user = user if user is not None else owner
        self.reached = False
        self.damaged: list[int] = []
        self.deals = kind in ("card", "ruffian", "final-fight")  # Ruffian content: its DMG is the Ruffian's

    def but(self, **changes: Any) -> "Ctx":
        other = Ctx(self.kind, self.owner)
        for name in Ctx.__slots__:
            setattr(other, name, getattr(self, name))
        for k, v in changes.items():
            setattr(other, k, v)
        return other

    @property
    def ruffian_side(self) -> bool:
        return self.kind in ("card", "ruffian", "final-fight")


class Base(Move):
    """State access and the bookkeeping every rule uses, on the kit's move object: the state
    (`self.s`), the PRNG and the events travel together through `Move` (engine/move.py).

    The state is changed in place: the rules hand in a copy already (`apply`) or only read
    (`legal`, `view`)."""

    def __init__(self, state: dict[str, Any], answers: list[Any]):
        super().__init__(state, copy=False)
        self.answers = answers
        self.asked = 0
        self._grid: Optional[Grid] = None
        self.stop_move = False  # a Bear Trap ended the movement in progress
        self.checking = False
        self._epoch = 0
        self._sources: Any = None
        self._cost_cache: Any = None

    def invalidate(self) -> None:
        """Something the modifiers in play depend on changed without an event saying so."""
        self._epoch += 1

    # --- questions ----------------------------------------------------------------------------
    def ask(self, seat: int, kind: str, opts: list[Any], **info: Any) -> Any:
        """The answer to a question (the next one given), or Suspend until a player answers."""
        opts = [list(o) if isinstance(o, tuple) else o for o in opts]  # squares are JSON lists
        if len(opts) == 1 and not info.get("always"):
            return opts[0]
        if self.asked < len(self.answers):
            answer = self.answers[self.asked]
            self.asked += 1
            if answer not in opts:
                raise IllegalAction("That is not one of the choices.")
            self.emit("chose", seat=seat, k=kind, v=answer, **{k: v for k, v in info.items() if k != "always"})
            return answer
        info.pop("always", None)
        raise Suspend({"seat": seat, "k": kind, "opts": opts, **info})

    def decider(self, hint: Any = None) -> int:
        """The seat that answers for the team: the one named, else the townsfolk whose turn it is,
        else the first standing townsfolk in Beatin' order."""
        if isinstance(hint, int) and not isinstance(hint, bool):
            return hint
        f = self.s.get("fight")
        if f and f.get("turn") and isinstance(f["turn"].get("who"), int):
            return f["turn"]["who"]
        for seat in self.s["bar"]:
            if not self.folk(seat)["ko"]:
                return seat
        return self.s["bar"][0]

    # --- characters ---------------------------------------------------------------------------
    @property
    def fight(self) -> Optional[dict[str, Any]]:
        return self.s.get("fight")

    def folk(self, seat: int) -> dict[str, Any]:
        return self.s["folk"][seat]

    def seats(self) -> list[int]:
        return list(range(len(self.s["folk"])))

    def beatin(self) -> list[int]:
        """Seats top-down on the Buyin'/Beatin' bar."""
        return list(self.s["bar"])

    def buyin(self) -> list[int]:
        return list(reversed(self.s["bar"]))

    def in_fight(self) -> bool:
        """The fight has begun: set up (Final Fight setup included) and under way."""
        return self.fight is not None and bool(self.fight.get("started"))

    def on_board(self, ch: Any) -> bool:
        if ch == R:
            return self.fight is not None and not self.fight.get("out")
        t = self.folk(ch)
        return self.fight is not None and not t["ko"] and t["pos"] is not None and t["out"] is None

    def team(self) -> list[int]:
        """Every townsfolk on the board, in Beatin' order."""
        return [s for s in self.beatin() if self.on_board(s)]

    def standing(self) -> list[int]:
        """Townsfolk not knocked out (on the board or removed for a while)."""
        return [s for s in self.beatin() if not self.folk(s)["ko"]]

    def townsfolk_id(self, seat: int) -> str:
        return self.folk(seat)["id"]

    def name_of(self, ch: Any) -> str:
        """A character as events name it: a seat number, or the Ruffian's id."""
        return self.fight["rid"] if ch == R and self.fight else ch

    def cells_of(self, ch: Any) -> list[tuple[int, int]]:
        if ch == R:
            return foot(self.fight["pos"]) if self.fight is not None and not self.fight.get("out") else []
        p = self.folk(ch)["pos"]
        return [(p[0], p[1])] if p is not None and self.folk(ch)["out"] is None else []

    def dist(self, a: Any, b: Any) -> Optional[int]:
        """Orthogonal steps between two characters (or a character and squares); None if one is off the board."""
        ca = a if isinstance(a, list) else self.cells_of(a)
        cb = b if isinstance(b, list) else self.cells_of(b)
        if not ca or not cb:
            return None
        if a == R and not isinstance(b, list) and b != R and len(cb) == 1:
            return dist_to_foot(cb[0], self.fight["pos"])
        if b == R and not isinstance(a, list) and a != R and len(ca) == 1:
            return dist_to_foot(ca[0], self.fight["pos"])
        return min(manhattan(x, y) for x in ca for y in cb)

    def folk_at(self, sq: Any) -> Optional[int]:
        for s in self.seats():
            t = self.folk(s)
            if t["pos"] is not None and t["out"] is None and not t["ko"] and t["pos"][0] == sq[0] and t["pos"][1] == sq[1]:
                return s
        return None

    @property
    def sheriff(self) -> Optional[int]:
        f = self.fight
        return f.get("sheriff") if f else None

    # --- the grid -----------------------------------------------------------------------------------
    def grid(self) -> Grid:
        if self._grid is None:
            self._grid = grid_for(C.BOARD[0], C.BOARD[1], self.fight["terrain"])
        return self._grid

    def terrain_changed(self) -> None:
        self._grid = None
        self._cost_cache = None
        self.invalidate()

    def piece_at(self, sq: Any) -> Optional[int]:
        return self.grid().piece_at.get((sq[0], sq[1]))

    def pieces(self) -> list[dict[str, Any]]:
        return self.fight["terrain"] if self.fight else []

    def live_pieces(self) -> list[int]:
        return [i for i, p in enumerate(self.pieces()) if not p.get("gone")]

    # --- rolls ------------------------------------------------------------------------------------------
    def d10(self, who: Any, why: str, **info: Any) -> int:
        """Roll the one d10 (FAQ) for `who` and let `rolled` reactions see it (a reroll replaces it)."""
        value = self.roll(10, who=self.name_of(who) if who == R else who, why=why, **info)
        return self.after_roll(who, value)

    def after_roll(self, who: Any, value: int) -> int:
        return value  # the lang mixin lets `rolled` triggers reroll

    # --- timed effects ------------------------------------------------------------------------------
    def turn_no(self) -> int:
        f = self.fight
        return f["tn"] if f else 0

    def resolve_until(self, until: Any, who: Any, user: Any = None) -> list[list[Any]]:
        """A duration (3.2) as the list of moments that end it."""
        words = until if isinstance(until, list) else [until]
        fight = self.fight is not None
        out: list[list[Any]] = []
        for w in words:
            if w == "turn":
                turn = self.fight.get("turn") if fight else None
                out.append(["turn-end", turn["n"]] if fight and turn else (["phase"] if not fight else ["turn-end", -1]))
            elif w == "next-turn-start":
                out.append(["turn-start", who])
            elif w == "next-turn-end":
                out.append(["turn-end-of", who, self.turn_no()])
            elif w == "user-next-turn-start":
                out.append(["turn-start", user if user is not None else who])
            elif w == "ruffian-turn-end":
                out.append(["turn-end-of", R, self.turn_no()])
            elif w in ("moved", "attack"):
                out.append([w, who])
            elif w == "phase":
                out.append(["phase"])
            elif w == "fight":
                out.append(["fight"])
            else:
                out.append(["game"])
        return out

    def add_effect(self, effect: dict[str, Any]) -> None:
        self.s["effects"].append(effect)
        self.invalidate()

    def expire(self, moment: str, who: Any = None, turn: int = 0) -> None:
        """End every timed effect (and kept card, and removal) whose duration ends at this moment."""
        keep = []
        ended = []
        for e in self.s["effects"]:
            if any(self._ends(u, moment, who, turn) for u in e["until"]):
                ended.append(e)
            else:
                keep.append(e)
        if ended:
            self.invalidate()
            self.s["effects"] = keep
            for e in ended:
                self.effect_ended(e)
        f = self.fight
        if f is not None:
            for k in list(f["kept"]):
                if k.get("until") and any(self._ends(u, moment, who, turn) for u in k["until"]):
                    self.discard_kept(k)
            for seat in self.seats():
                out = self.folk(seat)["out"]
                if out and any(self._ends(u, moment, who, turn) for u in out["until"]):
                    self.return_to_board(seat)
            if f.get("out") and any(self._ends(u, moment, who, turn) for u in f["out"]["until"]):
                self.return_to_board(R)

    @staticmethod
    def _ends(u: list[Any], moment: str, who: Any, turn: int) -> bool:
        kind = u[0]
        if kind == "turn-end":
            return moment == "turn-end" and (u[1] == turn or u[1] == -1)
        if kind == "turn-start":
            return moment == "turn-start" and u[1] == who
        if kind == "turn-end-of":
            return moment == "turn-end" and u[1] == who and turn > u[2]
        if kind in ("moved", "attack"):
            return moment == kind and u[1] == who
        if kind == "phase":
            return moment in ("town-end", "fight-end")
        if kind == "fight":
            return moment == "fight-end"
        return False

    def effect_ended(self, e: dict[str, Any]) -> None:
        """A stat change or boost ran out (the stats mixin clamps HP to a lowered max)."""

    def discard_kept(self, kept: dict[str, Any]) -> None:
        raise NotImplementedError

    def return_to_board(self, ch: Any) -> None:
        raise NotImplementedError

    # --- tallies, counters, uses ---------------------------------------------------------------------
    def tally(self, ch: Any, name: str, n: int = 1) -> None:
        key = str(ch)
        for scope in ("turn", "fight", "game"):
            book = self.s["tally"][scope].setdefault(key, {})
            book[name] = book.get(name, 0) + n

    def tally_of(self, ch: Any, name: str, scope: str = "fight") -> int:
        return self.s["tally"][scope].get(str(ch), {}).get(name, 0)

    def counters_on(self, owner: Any) -> dict[str, int]:
        """The counters on a character, a terrain card ({"card": id}) or a gear instance ("gear:<inst>")."""
        if owner == R:
            return self.fight["counters"] if self.fight else {}
        if isinstance(owner, dict):
            return self.fight["tcount"].setdefault(owner["card"], {}) if self.fight else {}
        if isinstance(owner, str) and owner.startswith("gear:"):
            inst = owner[5:]
            return {"charge": self.s["charges"].get(inst, 0)}
        return self.folk(owner)["counters"]

    def set_counter(self, owner: Any, name: str, value: int) -> None:
        value = max(0, value)
        if isinstance(owner, str) and owner.startswith("gear:"):
            self.s["charges"][owner[5:]] = value
            return
        book = self.counters_on(owner)
        if value:
            book[name] = value
        else:
            book.pop(name, None)

    def used(self, key: str, scope: str) -> int:
        if scope == "unlimited":
            return 0
        return self.s["uses"][scope].get(key, 0)

    def use(self, key: str, scope: str) -> None:
        if scope != "unlimited":
            book = self.s["uses"][scope]
            book[key] = book.get(key, 0) + 1
