"""Building Torches & Pitchforks positions by card name, for the rules tests (it holds no tests itself)."""

from __future__ import annotations

from typing import Any, Optional

from tabletown.games.torches_and_pitchforks import content as C
from tabletown.games.torches_and_pitchforks.acting import advance
from tabletown.games.torches_and_pitchforks.game import RULES
from tabletown.games.torches_and_pitchforks.turn import Turn

R = RULES

PLAIN_FOLK = [
    "Brother Jedediah", "Buff Hardback, Wannabe Hero", "Chef Kidney", "Christina, Cheer Captain",
    "Dexter, Boy Genius", "Franz, Town Baker", "Frederick the Lesser", "Hans, Town Butcher",
    "Heidi, Town Trollup", "Howard, Village Idiot", "Inspector McGee", "Juan, Foreign Guy", "Karl, Stable Boy",
    "Lady Locke", "Levi, Candlestick Maker", "Mathew the Magnificent", "Mikey, Town Drunk",
    "Miss Ginny, Damsel in Distress", "Moody Marge", "MP, Smartass Punk", "Ms. Manlove, Personal Trainer",
    "Shane the Shyster", C.AUTHORED_TOWNSFOLK,
]


class Pool:
    """Hands out physical copies of cards by name, each id at most once."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, name: str) -> int:
        for cid in C.ids_named(name):
            if cid not in self.used:
                self.used.add(cid)
                return cid
        raise KeyError(f"no copy of {name} left")


def build(
    n: int = 2,
    turn: int = 0,
    hands: Optional[dict[int, list[str]]] = None,
    mobs: Optional[dict[int, list[Any]]] = None,
    monster_top: Optional[list[str]] = None,
    mob_top: Optional[list[str]] = None,
    scores: Optional[dict[int, list[str]]] = None,
    moor: Optional[list[str]] = None,
    defense: Optional[dict[int, str]] = None,
    discard: Optional[list[str]] = None,
    target: int = 30,
    seed: int = 1,
    phase: str = "attack",
    version: Optional[int] = None,
) -> dict[str, Any]:
    """A state at the start of `turn`'s Attack! phase (Draw done), built from card names.

    mobs: seat -> list of Townsfolk, each a name or (name, [enhancement names], dead).
    monster_top / mob_top: the next cards to be flipped / drawn, first one first.
    Seats without a given hand hold no cards; seats without a given Mob get plain Townsfolk.
    `version` 1 builds a game under the first rules (a saved game from before version 2).
    """
    s = R.setup(seed, n, {"target": target}, version=version)
    pool = Pool()
    hands = hands or {}
    mobs = mobs or {}
    named_folk = {x if isinstance(x, str) else x[0] for m in mobs.values() for x in m}
    plain = [f for f in PLAIN_FOLK if f not in named_folk]
    plain += [C.CARDS[c]["name"] for c in C.TOWNSFOLK_DECK
              if C.CARDS[c]["name"] not in plain and C.CARDS[c]["name"] not in named_folk]
    s["mobs"] = []
    for p in range(n):
        rows = []
        spec = mobs.get(p)
        if spec is None:
            spec = [plain.pop(0) for _ in range(6)]
        for x in spec:
            name, enh, dead = (x, [], False) if isinstance(x, str) else (x[0], list(x[1]), bool(x[2]) if len(x) > 2 else False)
            rows.append({"c": pool.take(name), "dead": dead, "enh": [pool.take(e) for e in enh]})
        s["mobs"].append(rows)
    s["hands"] = [sorted(pool.take(c) for c in hands.get(p, [])) for p in range(n)]
    s["defense"] = [pool.take(defense[p]) if defense and p in defense else None for p in range(n)]
    s["scores"] = [[pool.take(m) for m in (scores or {}).get(p, [])] for p in range(n)]
    s["moor"] = [pool.take(m) for m in (moor or [])]
    s["mob_discard"] = [pool.take(c) for c in (discard or [])]
    top_m = [pool.take(m) for m in (monster_top or [])]
    top_d = [pool.take(m) for m in (mob_top or [])]
    s["monster_deck"] = [c for c in C.MONSTER_DECK if c not in pool.used] + list(reversed(top_m))
    s["mob_deck"] = [c for c in C.MOB_DECK if c not in pool.used] + list(reversed(top_d))
    in_mobs = {t["c"] for mob in s["mobs"] for t in mob}
    s["spare"] = [c for c in C.TOWNSFOLK_DECK if c not in in_mobs]
    s["monster_discard"] = []
    s["turn"] = turn
    s["phase"] = phase
    t = Turn(s)
    advance(t)
    return t.s


def step(s: dict[str, Any], seat: int, action: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """Apply a move; returns the new state and its log line."""
    assert seat in R.active(s), f"seat {seat} is not active; active {R.active(s)}"
    after, events = R.apply(s, seat, action)
    return after, R.phrase(events)


def play(s: dict[str, Any], seat: int, action: dict[str, Any]) -> dict[str, Any]:
    return step(s, seat, action)[0]


def card_id(s: dict[str, Any], seat: int, name: str) -> int:
    for cid in s["hands"][seat]:
        if C.CARDS[cid]["name"] == name:
            return cid
    raise KeyError(f"{name} not in hand of seat {seat}")


def play_card(s: dict[str, Any], seat: int, name: str) -> dict[str, Any]:
    return play(s, seat, {"type": "play", "card": card_id(s, seat, name)})


def window_open(s: dict[str, Any]) -> bool:
    return s["cancel"] is not None or s["window"] is not None


def pass_all(s: dict[str, Any], limit: int = 60, lines: Optional[list[str]] = None) -> dict[str, Any]:
    """Everyone passes every open window until no window is open (collecting the log lines)."""
    for _ in range(limit):
        if not window_open(s) or s["tasks"] or s["select"] is not None:
            return s
        seat = R.active(s)[0]
        s, line = step(s, seat, {"type": "pass"})
        if lines is not None:
            lines.append(line)
    raise AssertionError("windows did not close")


def folk_index(s: dict[str, Any], seat: int, name: str) -> int:
    for i, t in enumerate(s["mobs"][seat]):
        if C.CARDS[t["c"]]["name"] == name:
            return i
    raise KeyError(name)


def names(ids: list[int]) -> list[str]:
    return [C.CARDS[c]["name"] for c in ids]


def take_step(s: dict[str, Any], kind: str, seat: Optional[int] = None,
              lines: Optional[list[str]] = None) -> dict[str, Any]:
    """The active player flips (rules version 2 on), skips the Hunt! or ends the turn (version 5
    on); everyone else lets the any-time window pass (collecting the log lines)."""
    seat = s["turn"] if seat is None else seat
    s, line = step(s, seat, {"type": kind})
    if lines is not None:
        lines.append(line)
    while s["window"] is not None and s["window"]["kind"] == "anytime" and s["cancel"] is None and not s["tasks"]:
        s, line = step(s, R.active(s)[0], {"type": "pass"})
        if lines is not None:
            lines.append(line)
    return s


def flip(s: dict[str, Any], seat: Optional[int] = None) -> dict[str, Any]:
    """The active player flips; everyone else lets the any-time window pass (rules version 2)."""
    return take_step(s, "flip", seat)


def skip_hunt(s: dict[str, Any], lines: Optional[list[str]] = None) -> dict[str, Any]:
    """The active player does not go Hunting; everyone else lets the any-time window pass."""
    return take_step(s, "skip", lines=lines)


def end_turn(s: dict[str, Any], lines: Optional[list[str]] = None) -> dict[str, Any]:
    """The active player ends the turn; everyone else lets the any-time window pass."""
    return take_step(s, "end", lines=lines)
