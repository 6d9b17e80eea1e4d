"""The Ruthless balance page: bot-only games, measured.

`python -m tabletown balance ruthless` writes `report()` to docs/balance/ruthless.md
(`--quick` plays a small sample, for a smoke test).

- How strong the bots are: the old hand (`hard`) and the greenhorn (`easy`) against each
  other from each side, in each scenario (win rate by side, how the fights end, length).
- What Tabletown authored, measured with old hands on both sides: the sides of Dodge City
  Draw and Riding Shotgun (posses, citizens, the coach, victory points), the free gunfight
  with two and four posses, and whole Earps-against-Cowboys campaigns (acts, guesses,
  losses).
"""

from __future__ import annotations

import time
from typing import Any, Callable, Optional

from tabletown.engine.bots import bot_game

from . import campaign as CP
from .phrases import END_NAMES, NODE_NAMES

GAME = "ruthless"
RULES: Any = None
BOTS: Any = None

# (heading, options, seats, side names, [(levels, games)]); games are for the full page.
HH, HE, EH, EE = ("hard", "hard"), ("hard", "easy"), ("easy", "hard"), ("easy", "easy")
SCENARIOS: list[tuple[str, dict[str, Any], list[str], list[tuple[tuple[str, ...], int]]]] = [
    ("Dodge City Draw", {"scenario": "dodge-city"}, ["Masterson", "Peacock"],
     [(HH, 40), (HE, 20), (EH, 20), (EE, 20)]),
    ("Riding Shotgun", {"scenario": "riding-shotgun"}, ["the coach", "road agents"],
     [(HH, 40), (HE, 20), (EH, 20), (EE, 20)]),
    ("A free gunfight in the town: the Earps against the Cowboys", {"scenario": "gunfight", "table": "town"},
     ["Earps", "Cowboys"], [(HH, 100), (HE, 20), (EH, 20)]),
    ("A free gunfight in the dry wash: the Cowboys against the Cowboys",
     {"scenario": "gunfight", "table": "wash", "posse1": "cowboys", "posse2": "cowboys"},
     ["Cowboys", "Cowboys"], [(HH, 20), (HE, 20), (EH, 20)]),
    ("A free gunfight for four posses on the ranch, the small-gunfight option",
     {"scenario": "gunfight", "table": "ranch", "posse1": "earps", "posse2": "cowboys", "posse3": "masterson",
      "posse4": "peacock", "small": True},
     ["Earps", "Cowboys", "Masterson", "Peacock"], [(("hard", "easy", "hard", "easy"), 10),
                                                    (("easy", "hard", "easy", "hard"), 10)]),
]
CAMPAIGNS = 12
WHY = {"escaped": "the Cowboys crossed the border", "wiped-out": "a side was wiped out"}


def _load() -> None:
    global RULES, BOTS
    if RULES is None:
        from tabletown import games

        module = games.load(GAME)
        RULES, BOTS = module.RULES, module.BOTS


def play(seed: int, levels: tuple[str, ...], options: dict[str, Any],
         campaign: Optional[dict[str, Any]] = None) -> tuple[dict[str, Any], int]:
    """One bot-only game: (final state, moves)."""
    _load()
    from tabletown import games

    opts = games.load(GAME).SPEC.normalize(len(levels), options)
    state = RULES.setup(seed, len(levels), opts, campaign)
    return bot_game(RULES, BOTS, levels, state, seed)


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def _ends(counts: dict[str, int], games: int) -> str:
    return "; ".join(f"{END_NAMES.get(k, k).rstrip('.')} {_pct(v / games)}"
                     for k, v in sorted(counts.items(), key=lambda kv: -kv[1]))


def scenario_rows(games_scale: Callable[[int], int], seed: int) -> tuple[list[str], list[float]]:
    out: list[str] = []
    speeds: list[float] = []
    for heading, options, sides, runs in SCENARIOS:
        n = len(sides)
        out += [f"### {heading}", "",
                "| bots (" + ", ".join(sides) + ") | games | " + " | ".join(f"{s} wins" for s in sides)
                + " | mean VP | mean turns | mean moves | how it ended |",
                "|---|---|" + "---|" * n + "---|---|---|---|"]
        for levels, full in runs:
            games = games_scale(full)
            wins = [0.0] * n
            vp = [0] * n
            turns = moves = 0
            ends: dict[str, int] = {}
            started = time.perf_counter()
            for g in range(games):
                state, steps = play(seed + g, levels, options)
                out_ = RULES.outcome(state)
                for w in out_["winners"]:
                    wins[w] += 1 / len(out_["winners"])
                for s in range(n):
                    vp[s] += out_["scores"][s]
                turns += state["turn"]
                moves += steps
                ends[state["end"]] = ends.get(state["end"], 0) + 1
            speeds.append(games / (time.perf_counter() - started))
            out.append(f"| {', '.join(levels)} | {games} | " + " | ".join(_pct(w / games) for w in wins)
                       + " | " + " / ".join(f"{v / games:.1f}" for v in vp)
                       + f" | {turns / games:.1f} | {moves / games:.0f} | {_ends(ends, games)} |")
        out.append("")
    return out, speeds


def campaign_rows(campaigns: int, seed: int) -> list[str]:
    """Whole campaigns, old hands on both sides: every act one game, the record carried on."""
    wins = [0, 0]
    acts = 0
    found = 0
    guessed_acts = 0
    escaped = 0
    dead = [0, 0]
    points = [0, 0]
    whys: dict[str, int] = {}
    places: dict[str, int] = {}
    for c in range(campaigns):
        record: dict[str, Any] = {}
        g = 0
        while True:
            state, _ = play(seed + 100 * c + g, HH, {"scenario": "campaign"}, record)
            record = RULES.campaign_update(record, ["Earps", "Cowboys"], state)
            camp = record["campaign"]
            act = state["act"]
            g += 1
            if act["number"] > 1:
                guessed_acts += 1
                if not act["escaped"]:
                    found += 1
            if act["node"]:
                places[act["node"]] = places.get(act["node"], 0) + 1
            if camp["over"]:
                break
        acts += g
        wins[camp["winner"]] += 1
        whys[camp["why"]] = whys.get(camp["why"], 0) + 1
        escaped += camp["why"] == "escaped"
        for side in (CP.EARPS, CP.COWBOYS):
            dead[side] += sum(1 for e in camp["rosters"][side] if e["dead"])
            points[side] += camp["points"][side]
    out = ["## Whole campaigns: the Earps against the Cowboys (old hands on both sides)", "",
           f"{campaigns} campaigns, each act one game, the campaign record carried from act to act.", "",
           "| campaigns | Earps win | Cowboys win | mean acts | hunts that came to a fight | mean campaign points"
           " (Earps / Cowboys) | men dead for good (Earps / Cowboys, mean) |",
           "|---|---|---|---|---|---|---|",
           f"| {campaigns} | {wins[0]} | {wins[1]} | {acts / campaigns:.1f} | "
           f"{found} of {guessed_acts} | {points[0] / campaigns:.1f} / {points[1] / campaigns:.1f} | "
           f"{dead[0] / campaigns:.1f} / {dead[1] / campaigns:.1f} |", "",
           "How the campaigns ended: " + "; ".join(f"{WHY.get(k, k)} {v}" for k, v in sorted(whys.items(), key=lambda kv: -kv[1]))
           + ".", "",
           "Where the acts were fought: " + "; ".join(f"{NODE_NAMES.get(k, k)} {v}"
                                                   for k, v in sorted(places.items(), key=lambda kv: -kv[1])) + ".", ""]
    return out


def report(quick: bool = False, seed: int = 1) -> str:
    _load()
    scale = (lambda n: 2) if quick else (lambda n: n)
    head = ["# Ruthless balance", "",
            "Measured by `python -m tabletown balance ruthless" + (" --quick" if quick else "")
            + "`: bot-only games from seed 1, with Tabletown's authored characters, tables, Riding Shotgun "
            "and campaign (see [the content notes](../content/ruthless.md)). The old hand is the `hard` bot, "
            "the greenhorn the `easy` one; both decide from their own view of the table. A drawn game counts "
            "half to each winner. Victory points as each scenario scores them.", ""]
    rows, speeds = scenario_rows(scale, seed)
    camp = campaign_rows(2 if quick else CAMPAIGNS, seed)
    tail = [f"Simulation speed on this machine: {min(speeds):.1f} to {max(speeds):.1f} games a second "
            "(CPython, one core, bots included).", ""]
    return "\n".join(head + ["## The scenarios", ""] + rows + camp + tail)

