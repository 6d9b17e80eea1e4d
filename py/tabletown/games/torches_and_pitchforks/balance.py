"""The Torches & Pitchforks balance page: bot-only games, measured.

`python -m tabletown balance torches-and-pitchforks` writes `report()` to
docs/balance/torches-and-pitchforks.md (`--quick` plays a small sample, for a smoke test). The
games are played by the kit's trials (engine/trials.py): on every core, with progress on stderr,
and with `--resume DIR` kept game by game so that a stopped run goes on where it stopped.

- How strong the bots are: hard bots at every seat (win rate by seat: the Seat advantage) and
  one hard bot against easy ones from each seat (paired: every seed played with the hard bot in
  each seat).
- What Tabletown authored, measured with hard bots at every seat: whether going first is an
  advantage, whether a Townsfolk's gift (dealt at random at setup, so its effect is clean to
  measure) changes its owner's chance to win, and how the Monsters' Power and Kill play out
  (how often each is fought, beaten, fled or turned away).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Optional

from tabletown.engine import trials
from tabletown.engine.bots import bot_game

from . import SPEC
from . import content as C
from .content import CARDS

GAME = "torches-and-pitchforks"
SEATS = (2, 3, 4, 5)
TARGET = 30
# Games of hard bots at every seat for each player count (the bots' table, going first, the
# Townsfolk dealt, the Monsters and the Seat advantage all read them); seeds of one hard bot
# against easy ones (each played with the hard bot in every seat); games of each gift trial.
FULL = {"hard": 400, "duel": trials.MIN_GAMES, "trial": 400}
QUICK = {"hard": 2, "duel": 1, "trial": 2}


def _pct(wins: float, games: int) -> str:
    return trials.percent(wins, games)


# --- the games ------------------------------------------------------------------------------------

def play_recorded(seats: int, levels: list[str], seed: int) -> dict[str, Any]:
    """One bot game (the game `simulate` plays from `seed`) with what the content notes
    measure: who went first, who was dealt which Townsfolk, how each Monster fared, who won."""
    from . import game

    rules = game.RULES
    state = rules.setup(seed, seats, {"target": TARGET})
    rec: dict[str, Any] = {"seats": seats, "first": state["turn"],
                           "dealt": [[t["c"] for t in mob] for mob in state["mobs"]], "monsters": []}
    state, moves = bot_game(rules, game.BOTS, levels, state, seed,
                            lambda seat, action, after, events, rec=rec: _tell_monsters(rec, events))
    rec["winners"] = rules.outcome(state)["winners"]
    rec["moves"] = moves
    return rec


def _tell_monsters(rec: dict[str, Any], events: list[dict[str, Any]]) -> None:
    """How each Monster a move dealt with fared (slain, beaten, fled, sent away)."""
    for e in events:
        if e["t"] in ("slain", "beaten", "fled", "turned_away", "drives_away", "slips_away", "holy_ground"):
            rec["monsters"].append((e["t"], e["m"]))


def gift_game(name: str, seats: int, seed: int, g: int, version: Optional[int] = None, level: str = "hard") -> float:
    """Game `g` of a gift trial: the Townsfolk called `name` always in play, each deal played once
    with it in every seat's Mob in turn (so a seat's luck in that deal counts for and against it
    alike), the rest of the deal and who goes first at random. Its holder's win (shared on a tie)."""
    from . import game

    rules = game.RULES
    cid = C.ids_named(name)[0]
    game_seed = seed + g // seats
    state = rules.setup(game_seed, seats, {"target": TARGET}, version=version)
    holder, slot = g % seats, (g // seats) % 6
    _deal_into(state, cid, holder, slot)
    state, _ = bot_game(rules, game.BOTS, level, state, game_seed)
    winners = rules.outcome(state)["winners"]
    return 1 / len(winners) if holder in winners else 0.0


def _deal_into(state: dict[str, Any], cid: int, seat: int, slot: int) -> None:
    """Put Townsfolk `cid` at `slot` of `seat`'s Mob; the card that was there takes its place."""
    was = state["mobs"][seat][slot]["c"]
    if was == cid:
        return
    for mob in state["mobs"]:
        for t in mob:
            if t["c"] == cid:
                t["c"] = was
    state["spare"] = [was if c == cid else c for c in state["spare"]]
    state["mobs"][seat][slot]["c"] = cid


def play(task: list[Any]) -> Any:
    """One task of the page: `["game", seats, levels, seed]` or `["gift", name, seats, seed, g]`."""
    kind, *args = task
    return play_recorded(*args) if kind == "game" else gift_game(*args)


# --- the tables -----------------------------------------------------------------------------------

def _wins(records: list[dict[str, Any]], seat: int) -> float:
    return sum(1 / len(r["winners"]) for r in records if seat in r["winners"])


def bot_tables(hard: dict[int, list[dict[str, Any]]], duels: dict[tuple[int, int], list[dict[str, Any]]]) -> list[str]:
    """`hard`: games of hard bots at every seat by players; `duels`: one hard bot among easy
    ones, by (players, its seat)."""
    out = ["## The bots", "",
           "Hard bots at every seat: their win rate by seat is the Seat advantage below. The length of a game:", "",
           "| players | games | mean moves |", "|---|---|---|"]
    for n in SEATS:
        out.append(f"| {n} | {len(hard[n])} | {trials.plus_minus([r['moves'] for r in hard[n]], 0)} |")
    out += ["", "One hard bot against easy bots, from each seat (fair share: 1 in the number of players). Paired "
            "seeds: every seed is played with the hard bot in each seat in turn.", "",
            "| players | games a seat | fair share | " + " | ".join(f"hard at seat {s + 1}" for s in range(max(SEATS)))
            + " |", "|---|---|---|" + "---|" * max(SEATS)]
    for n in SEATS:
        cells = [_pct(_wins(duels[(n, seat)], seat), len(duels[(n, seat)])) for seat in range(n)]
        cells += [""] * (max(SEATS) - n)
        out.append(f"| {n} | {len(duels[(n, 0)])} | {100 / n:.0f} % | " + " | ".join(cells) + " |")
    return out


def first_player_table(records: list[dict[str, Any]]) -> list[str]:
    out = ["## Going first", "",
           "Who goes first is drawn at random; a player's position counts from the first player.", "",
           "| players | games | first player wins | second | last | fair share |", "|---|---|---|---|---|---|"]
    for n in SEATS:
        games = [r for r in records if r["seats"] == n]
        if not games:
            continue
        pos = [0.0] * n
        for r in games:
            for w in r["winners"]:
                pos[(w - r["first"]) % n] += 1 / len(r["winners"])
        g = len(games)
        out.append(f"| {n} | {g} | {_pct(pos[0], g)} | {_pct(pos[1], g)} | {_pct(pos[-1], g)} | {100 / n:.0f} % |")
    return out


def _ratio_cell(won: float, fair: float, var: float) -> str:
    """Wins ÷ the wins a player would have at random, ± the half-width of its 95 % interval
    (the variance of the wins, summed over games of different player counts)."""
    return f"{won / fair:.2f} ± {trials.Z * math.sqrt(var) / fair:.2f}" if fair else "— ± ?"


def townsfolk_table(records: list[dict[str, Any]]) -> list[str]:
    dealt: dict[int, float] = {}
    won: dict[int, float] = {}
    fair: dict[int, float] = {}
    var: dict[int, float] = {}
    for r in records:
        for seat, mob in enumerate(r["dealt"]):
            win = 1 / len(r["winners"]) if seat in r["winners"] else 0.0
            for c in mob:
                p = 1 / r["seats"]
                dealt[c] = dealt.get(c, 0) + 1
                won[c] = won.get(c, 0) + win
                fair[c] = fair.get(c, 0) + p
                var[c] = var.get(c, 0) + p * (1 - p)
    out = ["## Townsfolk gifts", "",
           "Every player is dealt six of the thirty Townsfolk at random. For each Townsfolk: how often the player "
           "who was dealt it won, divided by the share a player would win at random (1.00 is fair; ± is the "
           "half-width of a 95 % interval).", "",
           "| Townsfolk | gift | games dealt | wins ÷ fair share |", "|---|---|---|---|"]
    plain = [0.0, 0.0, 0.0, 0.0]
    rows = []
    for c in C.TOWNSFOLK_DECK:
        if not dealt.get(c):
            continue
        card = CARDS[c]
        if card["perk"] is None:
            for i, x in enumerate((dealt[c], won[c], fair[c], var[c])):
                plain[i] += x
            continue
        rows.append(f"| {card['name']} | {card['text']} | {dealt[c]:.0f} | {_ratio_cell(won[c], fair[c], var[c])} |")
    out += rows
    if plain[2]:
        out.append(f"| the {len([c for c in C.TOWNSFOLK_DECK if CARDS[c]['perk'] is None])} Townsfolk without a gift "
                   f"| — | {plain[0]:.0f} | {_ratio_cell(plain[1], plain[2], plain[3])} |")
    return out


def monster_table(records: list[dict[str, Any]]) -> list[str]:
    seen: dict[str, dict[str, int]] = {}
    for r in records:
        for what, m in r["monsters"]:
            row = seen.setdefault(CARDS[m]["name"], {})
            row[what] = row.get(what, 0) + 1
    out = ["## Monsters", "",
           "How each Monster's fights ended, in the games of hard bots above (a Monster sent to the Moor may be "
           "met again later). Turned away: by a Defense, Escape Plan or Holy Ground.", "",
           "| Monster | Power | Kill | fights met | slain | beat the Mob | fled from | turned away |",
           "|---|---|---|---|---|---|---|---|"]
    for row in C.CATALOGS["monsters"]:
        counts = seen.get(row["name"], {})
        met = sum(counts.values())
        if not met:
            continue
        away = counts.get("turned_away", 0) + counts.get("drives_away", 0) + counts.get("slips_away", 0) \
            + counts.get("holy_ground", 0)
        out.append(f"| {row['name']} | {row['power']} | {row['kill']} | {met} | {_pct(counts.get('slain', 0), met)} | "
                   f"{_pct(counts.get('beaten', 0), met)} | {_pct(counts.get('fled', 0), met)} | {_pct(away, met)} |")
    return out


def gift_trial_table(trials_won: dict[tuple[str, int], list[float]]) -> list[str]:
    names = sorted({name for name, _ in trials_won})
    counts = sorted({n for _, n in trials_won})
    out = ["## Each gift in every game", "",
           "For each Townsfolk and player count, the Townsfolk always dealt into one Mob (the seats taking turns "
           "to hold it), everything else dealt at random: its holder's wins ÷ fair share (1.00 is fair) with its "
           "95 % interval. A Townsfolk without a gift is measured the same way, as a check of the method.", "",
           "| Townsfolk | gift | " + " | ".join(f"{n} players" for n in counts) + " | games |",
           "|---|---|" + "---|" * (len(counts) + 1)]
    for name in sorted(names, key=lambda nm: (CARDS[C.ids_named(nm)[0]]["perk"] is None, nm)):
        c = CARDS[C.ids_named(name)[0]]
        cells = [trials.share(sum(trials_won[(name, n)]), len(trials_won[(name, n)]), n) for n in counts]
        games = " / ".join(str(len(trials_won[(name, n)])) for n in counts)
        out.append(f"| {name} | {c['text'] if c['perk'] else '— (no gift)'} | " + " | ".join(cells) + f" | {games} |")
    return out


# The Townsfolk measured one at a time: the two whose gifts rules version 3 retuned, and one
# without a gift as the method's check.
TRIALS = ("Adam, Traveling Salesman", "Lucky Lowry", "Chef Kidney")
TRIAL_SEATS = (2,)


def tasks_of(sizes: dict[str, int]) -> list[list[Any]]:
    """The page's games, the longest first (so the processes finish together)."""
    tasks: list[list[Any]] = []
    for n in reversed(SEATS):
        tasks += [["game", n, ["hard"] * n, seed] for seed in range(90_000 + 1000 * n, 90_000 + 1000 * n + sizes["hard"])]
        seeds = range(10_000 + 100 * n, 10_000 + 100 * n + sizes["duel"])
        tasks += [["game", n, list(levels), seed] for seed, levels in trials.paired(seeds, ["hard"] + ["easy"] * (n - 1))]
    for n in TRIAL_SEATS:
        for name in TRIALS:
            games = sizes["trial"] - sizes["trial"] % n
            tasks += [["gift", name, n, 70_000 + 1000 * n, g] for g in range(games)]
    return tasks


def report(quick: bool = False, jobs: Optional[int] = None, store: str | Path | None = None,
           progress: bool = True) -> str:
    """The balance page: every game played by `trials.run` (on `jobs` processes; with `store`,
    a directory, each finished game is kept there and a stopped run resumes)."""
    tasks = tasks_of(QUICK if quick else FULL)
    tally = trials.Tally()
    results = trials.run(tasks, play, jobs=jobs, progress=progress, store=store, version=str(SPEC.rules_version),
                         tally=tally, label=GAME)
    hard: dict[int, list[dict[str, Any]]] = {n: [] for n in SEATS}
    duels: dict[tuple[int, int], list[dict[str, Any]]] = {}
    gifts: dict[tuple[str, int], list[float]] = {}
    for task, res in zip(tasks, results):
        if task[0] == "gift":
            gifts.setdefault((task[1], task[2]), []).append(res)
        elif "easy" in task[2]:
            duels.setdefault((task[1], task[2].index("hard")), []).append(res)
        else:
            hard[task[1]].append(res)
    records = [r for n in SEATS for r in hard[n]]
    lines = [
        "# Torches & Pitchforks — balance",
        "",
        f"Made by `python -m tabletown balance torches-and-pitchforks` from bot-only games (rules version "
        f"{SPEC.rules_version}, winning score {TARGET}){' — a quick sample, not the published figures' if quick else ''}. "
        "Every rate is given with its 95 % interval and the games it comes from; a tie counts half.",
        "",
    ]
    lines += bot_tables(hard, duels) + [""]
    lines += trials.seat_table([(f"{n} players", [_wins(hard[n], s) for s in range(n)], len(hard[n])) for n in SEATS],
                               "Who goes first is drawn at random, so every seat should win about as often.")
    lines += first_player_table(records)
    lines += [""] + townsfolk_table(records)
    lines += [""] + gift_trial_table(gifts)
    lines += [""] + monster_table(records)
    lines += ["", trials.footer(tally.tasks, tally.cpu)]
    return "\n".join(lines) + "\n"
