"""The story of a Torches & Pitchforks game, for the result screen: what became of every fight.

`story(steps, final)` reads the events of every move (`steps` holds (seat, action, events,
state after) per move, see `engine/replay.py`) and returns tables the page draws as charts,
each with its figures as a table beside it:

- **Fights**, per player: Monsters slain, fights lost, Monsters Fled from, and Monsters sent
  to the Moor without a fight (a Defense, Escape Plan, Holy Ground).
- **Townsfolk**, per player: killed by Monsters, lost to other cards (Plague, Bump on the Head,
  Overpopulation), and brought back (Recoup, Stragglers, A Good Day's Sleep).
- **Cards on the fights**, per player: cards played on their own fights, on rivals' fights,
  and Cancels.
- **Fights the cards turned**: every fight whose end was not what the Mob's Strength promised
  when Fight was declared — a rival's card that spoiled a win, a card that won a lost fight.

Text here names players as {seatN}; the page puts their names in.
"""

from __future__ import annotations

from typing import Any, Optional

from .content import CARDS
from .scoring import mob_strength, monster_power

Event = dict[str, Any]
Step = tuple[int, dict[str, Any], list[Event], dict[str, Any]]

# Events that start a fight (the Mob's standing is taken when its combat window opens).
FIGHT_STARTS = ("fight", "must_fight", "hunt", "risen", "flee_failed")
# Events that end a Monster's visit, and what each counts as.
ENDINGS = {"slain": "won", "beaten": "lost", "fled": "fled", "to_moor": "away", "turned_away": "away"}
RESULT_WORDS = {"won": "slain", "lost": "lost", "away": "sent to the Moor"}


def _seat(seat: int) -> str:
    return f"{{seat{seat}}}"


class _Fight:
    """One Monster met: who met it, how the Mob stood when Fight was declared, the cards played."""

    def __init__(self, seat: int, monster: int, turn: int):
        self.seat = seat
        self.monster = monster
        self.turn = turn
        self.start: Optional[tuple[int, int]] = None  # (Strength, Power) when the combat window opened
        self.cards: list[tuple[int, int]] = []  # (who, card) played on it and not Canceled

    def winning_at_start(self) -> bool:
        assert self.start is not None
        return self.start[0] > self.start[1]


def story(steps: list[Step], final: dict[str, Any]) -> list[dict[str, Any]]:
    n = final["n"]
    fights = {k: [0] * n for k in ("won", "lost", "fled", "away")}
    killed = [0] * n
    lost_to_cards = [0] * n
    back = [0] * n
    own_cards = [0] * n
    rival_cards = [0] * n
    cancels = [0] * n
    turned: list[list[Any]] = []
    fight: Optional[_Fight] = None
    for _seat_moved, _action, events, after in steps:
        for e in events:
            t = e["t"]
            if t in ("flip", "hunt", "risen"):
                fight = _Fight(e["seat"], e["m"], after["turns"])
            if t in FIGHT_STARTS and fight is not None and fight.start is None:
                fight.start = _standing(after, events, e)
            if t == "play" and fight is not None and CARDS[e["card"]]["kind"] in ("action", "defense"):
                fight.cards.append((e["seat"], e["card"]))
                (own_cards if e["seat"] == fight.seat else rival_cards)[e["seat"]] += 1
            elif t == "cancel_play":
                cancels[e["seat"]] += 1
            elif t == "canceled" and fight is not None and (e["seat"], e["card"]) in fight.cards:
                fight.cards.remove((e["seat"], e["card"]))
            elif t == "killed":
                (killed if e["why"] == "kill" else lost_to_cards)[e["seat"]] += 1
            elif t in ("knocked_out", "leaves"):
                lost_to_cards[e["seat"]] += 1
            elif t == "revived":
                back[e["seat"]] += len(e["folk"])
            if t in ENDINGS:
                result = ENDINGS[t]
                seat = e["seat"] if "seat" in e else (fight.seat if fight is not None else after["turn"])
                fights[result][seat] += 1
                if fight is not None and result != "fled":
                    row = _turned(fight, result, e)
                    if row is not None:
                        turned.append(row)
                fight = None
    seats = [_seat(p) for p in range(n)]
    tables = [
        {"title": "Fights", "columns": ["Player", "Slain", "Lost", "Fled", "Sent to the Moor"],
         "rows": [[seats[p], fights["won"][p], fights["lost"][p], fights["fled"][p], fights["away"][p]]
                  for p in range(n)]},
        {"title": "Townsfolk", "columns": ["Player", "Killed by Monsters", "Lost to other cards", "Brought back"],
         "rows": [[seats[p], killed[p], lost_to_cards[p], back[p]] for p in range(n)]},
        {"title": "Cards on the fights", "columns": ["Player", "On their own fights", "On rivals' fights", "Cancels"],
         "rows": [[seats[p], own_cards[p], rival_cards[p], cancels[p]] for p in range(n)]},
    ]
    if turned:
        tables.append({"title": "Fights the cards turned",
                       "columns": ["Turn", "Player", "Monster", "Cards played", "How it went"], "rows": turned})
    return tables


def _standing(after: dict[str, Any], events: list[Event], start: Event) -> tuple[int, int]:
    """The Mob's Strength and the Monster's Power as its combat window opens: from the state
    after the move, or (when the fight was settled in the same move, with no card played) from
    the move's own ending."""
    cb = after["combat"]
    if cb is not None and cb["stage"] == "fight":
        return mob_strength(after, cb["seat"], cb), monster_power(cb)
    for e in events[events.index(start):]:
        if e["t"] in ("slain", "beaten"):
            return e["str"], e["pow"]
    return 0, 0


def _turned(fight: _Fight, result: str, end: Event) -> Optional[list[Any]]:
    """A row for a fight whose end the cards changed, or None."""
    if fight.start is None or not fight.cards:
        return None
    was_winning = fight.winning_at_start()
    if (result == "won") == was_winning and result != "away":
        return None
    st, pw = fight.start
    before = f"Strength {st} against Power {pw}"
    if result in ("won", "lost") and "str" in end:
        after = f"{RESULT_WORDS[result]}, {end['str']} against {end['pow']}"
        if end.get("melt"):
            after = "slain: the Monster melted"
    else:
        after = RESULT_WORDS[result]
    cards = "; ".join(f"{_seat(who)}: {CARDS[cid]['name']}" for who, cid in fight.cards)
    return [f"Turn {fight.turn}", _seat(fight.seat), CARDS[fight.monster]["name"], cards,
            f"{before} at first; {after}"]
