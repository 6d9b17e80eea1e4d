"""The Torches & Pitchforks balance page: bot-only games, measured.

`python -m tabletown balance torches-and-pitchforks` writes `report()` to
docs/balance/torches-and-pitchforks.md (`--quick` plays a small sample, for a smoke test).

- How strong the bots are: hard bots at every seat (win rate by seat, from `simulate`) and one
  hard bot against easy ones from each seat.
- What Tabletown authored, measured with hard bots at every seat: whether going first is an
  advantage, whether a Townsfolk's gift (dealt at random at setup, so its effect is clean to
  measure) changes its owner's chance to win, and how the Monsters' Power and Kill play out
  (how often each is fought, beaten, fled or turned away).
"""

from __future__ import annotations

import math
from typing import Any, Optional

from tabletown.cli import simulate
from tabletown.engine.bots import bot_game

from . import SPEC
from . import content as C
from .content import CARDS

GAME = "torches-and-pitchforks"
SEATS = (2, 3, 4, 5)


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def _ratio(wins: float, games: float, seats: int) -> tuple[float, float]:
    """Win share ÷ fair share (1.0 is fair) and its standard error."""
    if not games:
        return 0.0, 0.0
    p = wins / games
    return p * seats, math.sqrt(max(p * (1 - p), 1e-9) / games) * seats


# --- bot strength, from simulate -------------------------------------------------------------------

def bot_tables(sims: dict[tuple, dict[str, Any]]) -> list[str]:
    """`sims`: simulate's results by ("hard", players) and ("hard at", players, seat)."""
    out = ["## The bots", "",
           "Hard bots at every seat (who goes first is drawn at random, so every seat should win about as often):", "",
           "| players | games | " + " | ".join(f"seat {s + 1}" for s in range(max(SEATS))) + " | mean moves |",
           "|---|---|" + "---|" * max(SEATS) + "---|"]
    for n in SEATS:
        r = sims[("hard", n)]
        cells = [_pct(w) for w in r["win_rate"]] + [""] * (max(SEATS) - n)
        out.append(f"| {n} | {r['games']} | " + " | ".join(cells) + f" | {r['mean_moves']:.0f} |")
    two = sims[("hard", 2)]["games"]
    out += ["", f"One standard error of a seat's share at two players: {100 * math.sqrt(0.25 / two):.1f} points."]
    out += ["", "One hard bot against easy bots, from each seat (fair share: 1 in the number of players):", "",
            "| players | fair share | " + " | ".join(f"hard at seat {s + 1}" for s in range(max(SEATS))) + " |",
            "|---|---|" + "---|" * max(SEATS)]
    for n in SEATS:
        cells = [_pct(sims[("hard at", n, seat)]["win_rate"][seat]) for seat in range(n)]
        cells += [""] * (max(SEATS) - n)
        out.append(f"| {n} | {_pct(1 / n)} | " + " | ".join(cells) + " |")
    return out


def bot_jobs(games: int, two_player_games: int, seed: int) -> dict[tuple, tuple]:
    jobs: dict[tuple, tuple] = {}
    for n in SEATS:
        jobs[("hard", n)] = ("sim", (GAME, two_player_games if n == 2 else games, n, ["hard"], {}, seed + n))
        for seat in range(n):
            levels = ["easy"] * n
            levels[seat] = "hard"
            jobs[("hard at", n, seat)] = ("sim", (GAME, games, n, levels, {}, seed + 100 * n + seat))
    return jobs


# --- authored content, from recorded games ----------------------------------------------------------

def play_recorded(seats: int, games: int, seed: int, level: str = "hard", target: int = 30) -> list[dict[str, Any]]:
    """Bot games with what the content notes measure: who went first, who was dealt which
    Townsfolk, how each Monster fared, who won."""
    from . import game

    rules = game.RULES
    records = []
    for g in range(games):
        game_seed = seed + g
        state = rules.setup(game_seed, seats, {"target": target})
        rec: dict[str, Any] = {"seats": seats, "first": state["turn"],
                               "dealt": [[t["c"] for t in mob] for mob in state["mobs"]], "monsters": []}
        state, _ = bot_game(rules, game.BOTS, level, state, game_seed,
                            lambda seat, action, after, events, rec=rec: _tell_monsters(rec, events))
        rec["winner"] = state["winner"]
        records.append(rec)
    return records


def _tell_monsters(rec: dict[str, Any], events: list[dict[str, Any]]) -> None:
    """How each Monster a move dealt with fared (slain, beaten, fled, sent away)."""
    for e in events:
        if e["t"] in ("slain", "beaten", "fled", "turned_away", "drives_away", "slips_away", "holy_ground"):
            rec["monsters"].append((e["t"], e["m"]))


def gift_trial(name: str, seats: int, games: int, seed: int, version: Optional[int] = None,
               level: str = "hard") -> tuple[float, float]:
    """Bot games where the Townsfolk called `name` is always in play: each deal is played once with
    it in every seat's Mob in turn (so a seat's luck in that deal counts for and against it alike),
    the rest of the deal and who goes first at random. Returns its holder's wins ÷ fair share and
    the standard error (1.00: the gift neither helps nor hurts)."""
    from . import game

    rules = game.RULES
    cid = C.ids_named(name)[0]
    won = 0.0
    games -= games % seats
    for g in range(games):
        game_seed = seed + g // seats
        state = rules.setup(game_seed, seats, {"target": 30}, version=version)
        holder, slot = g % seats, (g // seats) % 6
        _deal_into(state, cid, holder, slot)
        state, _ = bot_game(rules, game.BOTS, level, state, game_seed)
        won += state["winner"] == holder
    return _ratio(won, games, seats)


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


def first_player_table(records: list[dict[str, Any]]) -> list[str]:
    out = ["## Going first", "",
           "Who goes first is drawn at random; a player's position counts from the first player.", "",
           "| players | games | first player wins | second | last | fair share |", "|---|---|---|---|---|---|"]
    for n in SEATS:
        games = [r for r in records if r["seats"] == n]
        if not games:
            continue
        pos = [0] * n
        for r in games:
            pos[(r["winner"] - r["first"]) % n] += 1
        out.append(f"| {n} | {len(games)} | {_pct(pos[0] / len(games))} | {_pct(pos[1] / len(games))} | "
                   f"{_pct(pos[-1] / len(games))} | {_pct(1 / n)} |")
    return out


def townsfolk_table(records: list[dict[str, Any]]) -> list[str]:
    dealt: dict[int, float] = {}
    won: dict[int, float] = {}
    fair: dict[int, float] = {}
    for r in records:
        for seat, mob in enumerate(r["dealt"]):
            for c in mob:
                dealt[c] = dealt.get(c, 0) + 1
                won[c] = won.get(c, 0) + (r["winner"] == seat)
                fair[c] = fair.get(c, 0) + 1 / r["seats"]
    out = ["## Townsfolk gifts", "",
           "Every player is dealt six of the thirty Townsfolk at random. For each Townsfolk: how often the player "
           "who was dealt it won, divided by the share a player would win at random (1.00 is fair; ± is one "
           "standard error).", "",
           "| Townsfolk | gift | dealt | wins ÷ fair share |", "|---|---|---|---|"]
    plain_dealt = plain_won = plain_fair = 0.0
    rows = []
    for c in C.TOWNSFOLK_DECK:
        if not dealt.get(c):
            continue
        card = CARDS[c]
        ratio = won[c] / fair[c]
        err = math.sqrt(max(won[c], 1)) / fair[c]
        if card["perk"] is None:
            plain_dealt += dealt[c]
            plain_won += won[c]
            plain_fair += fair[c]
            continue
        rows.append(f"| {card['name']} | {card['text']} | {dealt[c]:.0f} | {ratio:.2f} ± {err:.2f} |")
    out += rows
    if plain_fair:
        ratio = plain_won / plain_fair
        err = math.sqrt(plain_won) / plain_fair
        out.append(f"| the {len([c for c in C.TOWNSFOLK_DECK if CARDS[c]['perk'] is None])} Townsfolk without a gift "
                   f"| — | {plain_dealt:.0f} | {ratio:.2f} ± {err:.2f} |")
    return out


def monster_table(records: list[dict[str, Any]]) -> list[str]:
    seen: dict[str, dict[str, int]] = {}
    for r in records:
        for what, m in r["monsters"]:
            row = seen.setdefault(CARDS[m]["name"], {})
            row[what] = row.get(what, 0) + 1
    out = ["## Monsters", "",
           "How each Monster's fights ended (a Monster sent to the Moor may be met again later). "
           "Turned away: by a Defense, Escape Plan or Holy Ground.", "",
           "| Monster | Power | Kill | met | slain | beat the Mob | fled from | turned away |",
           "|---|---|---|---|---|---|---|---|"]
    for row in C.CATALOGS["monsters"]:
        counts = seen.get(row["name"], {})
        met = sum(counts.values())
        if not met:
            continue
        away = counts.get("turned_away", 0) + counts.get("drives_away", 0) + counts.get("slips_away", 0) \
            + counts.get("holy_ground", 0)
        out.append(f"| {row['name']} | {row['power']} | {row['kill']} | {met} | {_pct(counts.get('slain', 0) / met)} | "
                   f"{_pct(counts.get('beaten', 0) / met)} | {_pct(counts.get('fled', 0) / met)} | {_pct(away / met)} |")
    return out


def gift_trial_table(trials: dict[tuple[str, int], tuple[float, float]], games: int) -> list[str]:
    names = sorted({name for name, _ in trials})
    counts = sorted({n for _, n in trials})
    out = ["## Each gift in every game", "",
           f"{games} games for each Townsfolk and player count, the Townsfolk always dealt into one Mob (the seats "
           "taking turns to hold it), everything else dealt at random: its holder's wins ÷ fair share (1.00 is "
           "fair; ± is one standard error). A Townsfolk without a gift is measured the same way, as a check of "
           "the method.", "",
           "| Townsfolk | gift | " + " | ".join(f"{n} players" for n in counts) + " |",
           "|---|---|" + "---|" * len(counts)]
    for name in sorted(names, key=lambda nm: (CARDS[C.ids_named(nm)[0]]["perk"] is None, nm)):
        c = CARDS[C.ids_named(name)[0]]
        cells = [f"{trials[(name, n)][0]:.2f} ± {trials[(name, n)][1]:.2f}" for n in counts]
        out.append(f"| {name} | {c['text'] if c['perk'] else '— (no gift)'} | " + " | ".join(cells) + " |")
    return out


# The Townsfolk measured one at a time: the two whose gifts rules version 3 retuned, and one
# without a gift as the method's check.
TRIALS = ("Adam, Traveling Salesman", "Lucky Lowry", "Chef Kidney")


def _run(job: tuple[str, tuple]) -> Any:
    kind, args = job
    if kind == "sim":
        return simulate(*args)
    if kind == "rec":
        return play_recorded(*args)
    return gift_trial(*args)


def run_jobs(jobs: dict[Any, tuple[str, tuple]], workers: int) -> dict[Any, Any]:
    """Every job's result by its key, played `workers` at a time (each job is seeded: the same figures
    however many run at once)."""
    keys = list(jobs)
    if workers <= 1:
        return {k: _run(jobs[k]) for k in keys}
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(workers) as pool:
        return dict(zip(keys, pool.map(_run, [jobs[k] for k in keys])))


def report(quick: bool = False, games: Optional[int] = None, workers: Optional[int] = None) -> str:
    per_config = games or (3 if quick else 30)
    two_player = games or (3 if quick else 400)
    recorded = games or (4 if quick else 60)
    trial_games = games or (4 if quick else 400)
    trial_seats = (2,)
    jobs: dict[Any, tuple[str, tuple]] = {}
    # The longest games first, so the workers finish together.
    for n in reversed(SEATS):
        jobs[("rec", n)] = ("rec", (n, recorded, 90_000 + 1000 * n))
    for n in trial_seats:
        for name in TRIALS:
            jobs[("trial", name, n)] = ("trial", (name, n, trial_games, 70_000 + 1000 * n))
    jobs.update(bot_jobs(per_config, two_player, 10_000))
    results = run_jobs(jobs, workers if workers is not None else (1 if quick else 4))
    records: list[dict[str, Any]] = []
    for n in SEATS:
        records += results[("rec", n)]
    trials = {(name, n): results[("trial", name, n)] for name in TRIALS for n in trial_seats}
    lines = [
        "# Torches & Pitchforks — balance",
        "",
        f"Made by `python -m tabletown balance torches-and-pitchforks` from bot-only games (rules version "
        f"{SPEC.rules_version}, winning score 30){' — a quick sample, not the published figures' if quick else ''}.",
        "",
    ]
    lines += bot_tables(results)
    lines += [""] + first_player_table(records)
    lines += [""] + townsfolk_table(records)
    lines += [""] + gift_trial_table(trials, trial_games)
    lines += [""] + monster_table(records)
    return "\n".join(lines) + "\n"
