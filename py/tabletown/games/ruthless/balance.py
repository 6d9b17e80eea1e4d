"""The Ruthless balance page: bot-only games, measured.

`python -m tabletown balance ruthless` writes `report()` to docs/balance/ruthless.md
(`--quick` plays a small sample, for a smoke test). The games are played by the kit's trials
(engine/trials.py): on every core (`--jobs N` for fewer), with progress on stderr, and with
`--resume DIR` kept game by game so that a stopped run goes on where it stopped. Every row has
at least `trials.MIN_GAMES` games (a campaign counts once) and every rate its 95 % interval.

- How strong the bots are: the old hand (`hard`) and the greenhorn (`easy`) against each
  other from each side, in each scenario (win rate by side, how the fights end, length).
- What Tabletown authored, measured with old hands on both sides: the sides of Dodge City
  Draw and Riding Shotgun (posses, citizens, the coach, victory points), the free gunfight
  with two and four posses, and whole Earps-against-Cowboys campaigns (acts, guesses,
  losses).
- The ready-made posses of a free gunfight, each against the Earps from both sides.
- The seat advantage: old hands on both sides of every scenario, and in all four seats of the
  four-posse gunfight (in Ruthless a seat is a side: its posse and where it starts); and the three
  and the four places of every free-gunfight table, with the Earps in every seat.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Optional

from tabletown.engine import trials
from tabletown.engine.bots import bot_game

from . import campaign as CP
from . import content as C
from .phrases import END_NAMES, NODE_NAMES, POSSE_NAMES, name

GAME = "ruthless"
RULES: Any = None
BOTS: Any = None

# (heading, options, side names, the bots of each row). A row of one old hand against a
# greenhorn is played on paired seeds: every seed with the old hand on each side in turn.
HH, HE, EE = ("hard", "hard"), ("hard", "easy"), ("easy", "easy")
SCENARIOS: list[tuple[str, dict[str, Any], list[str], list[tuple[str, ...]]]] = [
    ("Dodge City Draw", {"scenario": "dodge-city"}, ["Masterson", "Peacock"], [HH, HE, EE]),
    ("Riding Shotgun", {"scenario": "riding-shotgun"}, ["the coach", "road agents"], [HH, HE, EE]),
    ("A free gunfight in the town: the Earps against the Cowboys", {"scenario": "gunfight", "table": "town"},
     ["Earps", "Cowboys"], [HH, HE]),
    ("A free gunfight in the dry wash: the Cowboys against the Cowboys",
     {"scenario": "gunfight", "table": "wash", "posse1": "cowboys", "posse2": "cowboys"},
     ["Cowboys", "Cowboys"], [HH, HE]),
    ("A free gunfight for four posses on the ranch, the small-gunfight option",
     {"scenario": "gunfight", "table": "ranch", "posse1": "earps", "posse2": "cowboys", "posse3": "masterson",
      "posse4": "peacock", "small": True},
     ["Earps", "Cowboys", "Masterson", "Peacock"], [("hard",) * 4, ("hard", "easy", "hard", "easy")]),
]
# The same posse in every seat: what the three and the four places of each table are worth by themselves.
SCENARIOS += [
    (f"A free gunfight for {words} posses {where}, the Earps in every seat, the small-gunfight option",
     {"scenario": "gunfight", "table": table, "small": True, **{f"posse{s + 1}": "earps" for s in range(count)}},
     [f"Earps {s + 1}" for s in range(count)], [("hard",) * count])
    for count, words in ((3, "three"), (4, "four"))
    for table, where in (("town", "in the town"), ("wash", "in the dry wash"), ("ranch", "on the ranch"),
                         ("canyon", "in the canyon"))
]
# The ready-made posses of a free gunfight, each against the Earps on the town's table, old hands
# on both sides, every seed played from each side.
POSSE_REFERENCE, POSSE_TABLE = "earps", "town"
READY_POSSES = ("cowboys", "masterson", "peacock", "hired-guns", "bandits", "coach")
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


def play_game(seed: int, levels: list[str], options: dict[str, Any]) -> dict[str, Any]:
    """One game of a scenario row: what the page reads of it."""
    started = time.process_time()
    state, steps = play(seed, tuple(levels), options)
    out = RULES.outcome(state)
    return {"winners": out["winners"], "scores": out["scores"], "turns": state["turn"], "moves": steps,
            "end": state["end"], "cpu": time.process_time() - started}


def play_campaign(seed: int) -> dict[str, Any]:
    """A whole campaign, old hands on both sides: every act one game, the record carried on."""
    record: dict[str, Any] = {}
    g = found = guessed = 0
    places: dict[str, int] = {}
    while True:
        state, _ = play(seed + g, HH, {"scenario": "campaign"}, record)
        record = RULES.campaign_update(record, ["Earps", "Cowboys"], state)
        camp = record["campaign"]
        act = state["act"]
        g += 1
        if act["number"] > 1:
            guessed += 1
            found += not act["escaped"]
        if act["node"]:
            places[act["node"]] = places.get(act["node"], 0) + 1
        if camp["over"]:
            break
    return {"acts": g, "found": found, "guessed": guessed, "places": places, "winner": camp["winner"],
            "why": camp["why"], "dead": [sum(1 for e in camp["rosters"][side] if e["dead"]) for side in (CP.EARPS, CP.COWBOYS)],
            "points": [camp["points"][side] for side in (CP.EARPS, CP.COWBOYS)]}


def play_task(task: list[Any]) -> dict[str, Any]:
    """One task of the page: `["game", seed, levels, options]` or `["campaign", seed]`."""
    kind, *args = task
    return play_game(*args) if kind == "game" else play_campaign(*args)


def _ends(counts: dict[str, int], games: int) -> str:
    # A game's `end` is hyphenated where the log's ending events are not (coach-away, coach_away).
    return "; ".join(f"{END_NAMES.get(k, END_NAMES.get(k.replace('-', '_'), k)).rstrip('.')} {trials.percent(v, games)}"
                     for k, v in sorted(counts.items(), key=lambda kv: -kv[1]))


def _wins(games: list[dict[str, Any]], seat: int) -> float:
    return sum(1 / len(g["winners"]) for g in games if seat in g["winners"])


def scenario_rows(rows: dict[tuple[int, tuple[str, ...]], list[dict[str, Any]]]) -> list[str]:
    """`rows`: the games of each (scenario, bots)."""
    out: list[str] = []
    for i, (heading, _, sides, _) in enumerate(SCENARIOS):
        n = len(sides)
        out += [f"### {heading}", "",
                "| bots (" + ", ".join(sides) + ") | games | " + " | ".join(f"{s} wins" for s in sides)
                + " | mean VP | mean turns | mean moves | how it ended |",
                "|---|---|" + "---|" * n + "---|---|---|---|"]
        for (scenario, levels), games in rows.items():
            if scenario != i:
                continue
            count = len(games)
            ends: dict[str, int] = {}
            for g in games:
                ends[g["end"]] = ends.get(g["end"], 0) + 1
            out.append(f"| {', '.join(levels)} | {count} | " + " | ".join(trials.percent(_wins(games, s), count)
                                                                        for s in range(n))
                       + " | " + " / ".join(trials.plus_minus([g["scores"][s] for g in games]) for s in range(n))
                       + f" | {trials.plus_minus([g['turns'] for g in games])} | "
                       f"{trials.plus_minus([g['moves'] for g in games], 0)} | {_ends(ends, count)} |")
        out.append("")
    return out


def posse_rows(duels: dict[str, list[tuple[int, dict[str, Any]]]], version: int) -> list[str]:
    """`duels`: each ready-made posse's games against the reference, as (its seat, game), in a
    game of rules `version` (whose members it lists)."""
    ref = POSSE_NAMES[POSSE_REFERENCE].replace("The ", "the ")
    out = [f"## The ready-made posses, each against {ref}", "",
           f"A free gunfight in the town, two posses, old hands on both sides; every seed is played with the "
           f"posse on each side of the table, so where a posse starts counts for and against it alike. Each "
           f"posse's wins against {ref} with the 95 % interval; 50 % is an even fight.", "",
           "| posse | members | games | its wins | from the first side | from the second side | mean turns |",
           "|---|---|---|---|---|---|---|"]
    for posse, games in duels.items():
        firsts = [g for seat, g in games if seat == 0]
        seconds = [g for seat, g in games if seat == 1]
        first_wins, second_wins = _wins(firsts, 0), _wins(seconds, 1)
        members = ", ".join(name(m) for m in C.posse_members(posse, version))
        out.append(f"| {POSSE_NAMES.get(posse, posse)} | {members} | {len(games)} | "
                   f"{trials.percent(first_wins + second_wins, len(games))} | "
                   f"{trials.percent(first_wins, len(firsts))} | {trials.percent(second_wins, len(seconds))} | "
                   f"{trials.plus_minus([g['turns'] for _, g in games])} |")
    return out + [""]


def campaign_rows(camps: list[dict[str, Any]]) -> list[str]:
    """Whole campaigns, old hands on both sides."""
    campaigns = len(camps)
    whys: dict[str, int] = {}
    places: dict[str, int] = {}
    for c in camps:
        whys[c["why"]] = whys.get(c["why"], 0) + 1
        for node, k in c["places"].items():
            places[node] = places.get(node, 0) + k
    earps = sum(c["winner"] == CP.EARPS for c in camps)
    found, guessed = sum(c["found"] for c in camps), sum(c["guessed"] for c in camps)
    out = ["## Whole campaigns: the Earps against the Cowboys (old hands on both sides)", "",
           f"{campaigns} campaigns, each act one game, the campaign record carried from act to act.", "",
           "| campaigns | Earps win | Cowboys win | mean acts | hunts that came to a fight | mean campaign points"
           " (Earps / Cowboys) | men dead for good (Earps / Cowboys, mean) |",
           "|---|---|---|---|---|---|---|",
           f"| {campaigns} | {trials.percent(earps, campaigns)} | {trials.percent(campaigns - earps, campaigns)} | "
           f"{trials.plus_minus([c['acts'] for c in camps])} | {found} of {guessed}: {trials.percent(found, guessed)} | "
           + " / ".join(trials.plus_minus([c["points"][s] for c in camps]) for s in range(2)) + " | "
           + " / ".join(trials.plus_minus([c["dead"][s] for c in camps]) for s in range(2)) + " |", "",
           "How the campaigns ended: " + "; ".join(f"{WHY.get(k, k)} {v}" for k, v in sorted(whys.items(), key=lambda kv: -kv[1]))
           + ".", "",
           "Where the acts were fought: " + "; ".join(f"{NODE_NAMES.get(k, k)} {v}"
                                                   for k, v in sorted(places.items(), key=lambda kv: -kv[1])) + ".", ""]
    return out


def report(quick: bool = False, seed: int = 1, jobs: Optional[int] = None, store: str | Path | None = None,
           progress: bool = True) -> str:
    """The balance page: every game played by `trials.run` (on `jobs` processes; with `store`,
    a directory, each finished game is kept there and a stopped run resumes)."""
    _load()
    from tabletown import games as registry

    games = 1 if quick else trials.MIN_GAMES
    keys: list[tuple[Any, ...]] = []
    tasks: list[list[Any]] = []
    for i, (_, options, _, runs) in enumerate(SCENARIOS):
        for levels in runs:
            for g, turn in trials.paired(range(seed, seed + games), levels):
                keys.append((i, turn))
                tasks.append(["game", g, list(turn), options])
    for posse in READY_POSSES:
        for g in range(seed, seed + games):
            for side in (0, 1):
                pair = (posse, POSSE_REFERENCE) if side == 0 else (POSSE_REFERENCE, posse)
                keys.append(("posse", posse, side))
                tasks.append(["game", g, list(HH), {"scenario": "gunfight", "table": POSSE_TABLE,
                                                    "posse1": pair[0], "posse2": pair[1]}])
    campaigns = 1 if quick else trials.MIN_GAMES
    for c in range(campaigns):
        keys.append(("campaign",))
        tasks.append(["campaign", seed + 100 * c])
    tally = trials.Tally()
    version = registry.load(GAME).SPEC.rules_version
    results = trials.run(tasks, play_task, jobs=jobs, progress=progress, store=store,
                         version=str(version), tally=tally, label=GAME)
    rows: dict[tuple[int, tuple[str, ...]], list[dict[str, Any]]] = {}
    duels: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    for key, res in zip(keys, results):
        if key[0] == "posse":
            duels.setdefault(key[1], []).append((key[2], res))
        elif key[0] != "campaign":
            rows.setdefault(key, []).append(res)  # type: ignore[arg-type]
    camps = [res for key, res in zip(keys, results) if key[0] == "campaign"]
    head = ["# Ruthless balance", "",
            "Measured by `python -m tabletown balance ruthless" + (" --quick" if quick else "")
            + f"` under rules version {version}: bot-only games from seed 1, with Tabletown's authored characters, tables, Riding Shotgun "
            "and campaign (see [the content notes](../content/ruthless.md)). The old hand is the `hard` bot, "
            "the greenhorn the `easy` one; both decide from their own view of the table. A drawn game counts "
            "half to each winner. Victory points as each scenario scores them. Every rate and mean is given with "
            "its 95 % interval; an old hand against a greenhorn plays the same seeds from each side.", ""]
    seats = []
    for i, (heading, _, sides, _) in enumerate(SCENARIOS):
        hard = rows[(i, ("hard",) * len(sides))]
        seats.append((f"{heading.split(':')[0].split(',')[0]} ({', '.join(sides)})",
                      [_wins(hard, s) for s in range(len(sides))], len(hard)))
    played = [g for games_ in rows.values() for g in games_] + [g for d in duels.values() for _, g in d]
    cpu = sum(g["cpu"] for g in played)
    tail = [f"Simulation speed on this machine: {len(played) / cpu if cpu else 0:.1f} games a second on the whole "
            "(CPython, one core, bots included).", "", trials.footer(len(played) + sum(c["acts"] for c in camps),
                                                                     tally.cpu), ""]
    return "\n".join(head + ["## The scenarios", ""] + scenario_rows(rows)
                     + posse_rows(duels, version)
                     + trials.seat_table(seats, "In Ruthless a seat is a side: its posse, and where it starts.")
                     + campaign_rows(camps) + tail)
