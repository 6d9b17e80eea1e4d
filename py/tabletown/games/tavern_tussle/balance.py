"""Tavern Tussle's balance page, made from seeded bot games.

    python -m tabletown balance tavern-tussle            # writes docs/balance/tavern-tussle.md
    python -m tabletown balance tavern-tussle --quick    # a small sample, for a smoke test
    python -m tabletown balance tavern-tussle --resume DIR    # keeps every finished game in DIR

The games are played on every core (`--jobs N` for fewer) by the kit's trials
(engine/trials.py); the hard-bot games take some 60 CPU-minutes, so `--resume DIR` keeps each
finished game and a stopped run goes on where it stopped. From the games kept in DIR,

    python -m tabletown.games.tavern_tussle.balance search DIR   # Story Points re-ranked on DIR's games

Four measurements, each at 2, 3 and 4 players and in the 3–4 player Advanced Variant:

- hard bots in every seat, in a paired design: every deal is played once for each way of
  turning the same Taverners round the table (the Taverners dealt to the seats are rotated
  one seat at a time; the Hero cards and every bot's seed stay), so each Taverner sits in
  every seat with the same cards and the deal's luck cancels out. How often each Taverner
  wins against its fair share (the authored content is balanced when every Taverner is
  within 0.9–1.1 of it), its mean lead over the table, and what its card's Story Points do;
- the seat advantage, from the same games (each seat had every Taverner equally often);
- one hard bot against easy bots, from each seat in turn (paired: every seed is played with
  the hard bot in each seat);
- easy bots in every seat.

Every game is seeded, so any figure can be replayed. Every game is played with the "Taverner
bonus points" option, the Story Points this page measures (a game without it scores as the
rulebook does: the stories alone, the "without" figures below).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any, Optional

from ...cli import simulate
from ...engine import trials
from ...engine.bots import bot_game
from .content import CURRENT_VERSION, STORY_POINTS_BY_VERSION, STORY_POINTS_FROM, TAVERNERS, taverner_points
from .scoring import final_key, luck_showing

GAME = "tavern-tussle"
CONFIGS: tuple[tuple[int, bool], ...] = ((2, False), (3, False), (3, True), (4, False), (4, True))
# Deals of the paired hard measurement (each played once per seat: 2, 3 or 4 games a deal): a
# share within about ± 0.1 (95 %) wants 1000 games at 2 players (a 2-player deal's two games
# usually have the same winner, so a game says less there), 800 at 3 and 1100 at 4. A hard game
# takes about 0.3 s of one core at 2 players, 0.5 s at 3 and 1 s at 4: some 60 CPU-minutes.
# Then seeds of one hard bot against easy bots (each played with the hard bot in every seat),
# and games of easy bots.
FULL = {"deals": {2: 500, 3: 267, 4: 275}, "duel": trials.MIN_GAMES, "easy": 400}
QUICK = {"deals": {2: 1, 3: 1, 4: 1}, "duel": 1, "easy": 1}
FIRST_SEED = 1


def _options(advanced: bool) -> dict[str, str]:
    """The options of a measured game: the bonus points measured here, and the variant."""
    return {"taverner_bonus": "true", **({"advanced": "true"} if advanced else {})}


def _label(seats: int, advanced: bool) -> str:
    return f"{seats} players" + (", Advanced" if advanced else "")


# --- the games ---------------------------------------------------------------------------------
def play_hard(seats: int, advanced: bool, seed: int, turn: int) -> dict[str, Any]:
    """One game of a paired deal, hard bots in every seat: the deal of `seed` with its Taverners
    turned `turn` seats round the table. Per game the Taverner of each seat, the final scores
    and what breaks ties."""
    from .game import BOTS, RULES, SPEC

    start = RULES.setup(seed, seats, SPEC.parse_link_options(seats, _options(advanced)))
    state = dict(start, tav=[start["tav"][(s + turn) % seats] for s in range(seats)])
    state, step = bot_game(RULES, BOTS, "hard", state, seed)
    outcome = RULES.outcome(state)
    return {
        "deal": seed, "tav": list(state["tav"]), "scores": outcome["scores"], "winners": outcome["winners"],
        "bonus": [taverner_points(t, seats, state["v"], advanced) for t in state["tav"]],
        "luck": [luck_showing(t) for t in state["tab"]], "cards": [len(t) for t in state["tab"]],
        "age": [state["ages"].index(s) for s in range(seats)], "moves": step, "v": state["v"],
    }


def play_simulated(seats: int, advanced: bool, levels: list[str], seed: int) -> dict[str, Any]:
    """One seeded `simulate` game: each seat's win (shared on a tie) and the seats' Taverners."""
    from .game import RULES, SPEC

    stats = simulate(GAME, 1, seats, list(levels), _options(advanced), seed)
    return {"wins": stats["win_rate"],
            "tav": RULES.setup(seed, seats, SPEC.parse_link_options(seats, _options(advanced)))["tav"]}


def play(task: list[Any]) -> dict[str, Any]:
    """One task of the page: `["hard", seats, advanced, seed, turn]` or
    `["sim", seats, advanced, levels, seed]`."""
    kind, *args = task
    return play_hard(*args) if kind == "hard" else play_simulated(*args)


def hard_tasks(deals: dict[int, int], first: int = FIRST_SEED) -> list[list[Any]]:
    """Every row's paired deals, interleaved so that each row is the same fraction done whenever
    a run stops (the cheaper rows first at each step)."""
    keyed = []
    for order, (seats, adv) in enumerate(CONFIGS):
        count = deals[seats]
        keyed += [((i + 0.5) / count, order, ["hard", seats, adv, first + i, turn])
                  for i in range(count) for turn in range(seats)]
    return [task for _, _, task in sorted(keyed, key=lambda k: (k[0], k[1]))]


def by_row(tasks: list[list[Any]], results: list[Any]) -> dict[tuple[int, bool], list[dict[str, Any]]]:
    """The hard games by row (players, Advanced Variant)."""
    out: dict[tuple[int, bool], list[dict[str, Any]]] = {cfg: [] for cfg in CONFIGS}
    for task, game in zip(tasks, results):
        if task[0] == "hard":
            out[(task[1], task[2])].append(game)
    return out


def stored_hard_games(store: str | Path) -> dict[tuple[int, bool], list[dict[str, Any]]]:
    """The hard games kept in a store (`--resume DIR`) by row, whole deals only (the store of a
    run still going on may hold part of a deal)."""
    games = [(task, game) for task, game in trials.stored(store, play, str(CURRENT_VERSION)) if task[0] == "hard"]
    counts: dict[tuple[int, bool, int], int] = {}
    for task, _ in games:
        counts[(task[1], task[2], task[3])] = counts.get((task[1], task[2], task[3]), 0) + 1
    rows: dict[tuple[int, bool], list[dict[str, Any]]] = {cfg: [] for cfg in CONFIGS}
    for task, game in games:
        if counts[(task[1], task[2], task[3])] == task[1]:
            rows[(task[1], task[2])].append(game)
    return rows


def winners_with_story_points(points: tuple[int, ...]) -> Any:
    """A ranking of stored games as if each Taverner card had added `points[taverner]` instead
    of its own Story Points (the same final stories; the bots played knowing the real ones)."""
    def winners(game: dict[str, Any]) -> list[int]:
        n = len(game["tav"])
        keys = [final_key(game["scores"][s] - game["bonus"][s] + points[game["tav"][s]], game["luck"][s],
                          game["cards"][s], game["age"][s], game.get("v", CURRENT_VERSION), n) for s in range(n)]
        best = max(keys)
        return [s for s in range(n) if keys[s] == best]
    return winners


def worst_distance(rows: list[list[dict[str, Any]]], seats: int, points: tuple[int, ...]) -> float:
    """The largest |share − 1| of any Taverner in any of the rows, ranked with `points`."""
    rank = winners_with_story_points(points)
    shares = [taverner_share(games, t, seats, rank) for games in rows for t in range(len(TAVERNERS))]
    return max(abs(value - 1) for value, _, played in shares if played)


def squared_distance(rows: list[list[dict[str, Any]]], seats: int, points: tuple[int, ...]) -> float:
    """The sum of (share − 1)² over the Taverners of the rows, ranked with `points`."""
    rank = winners_with_story_points(points)
    shares = [taverner_share(games, t, seats, rank) for games in rows for t in range(len(TAVERNERS))]
    return sum((value - 1) ** 2 for value, _, played in shares if played)


def best_story_points(rows: list[list[dict[str, Any]]], seats: int, top: int = 3) -> list[tuple[float, tuple[int, ...]]]:
    """Story Point vectors of 0–3 a Taverner (at least one Taverner 0: adding the same to every
    card changes nothing), best first by the worst |share − 1| over the rows, then the summed
    squared distance, then the fewest points."""
    found = []
    for code in range(4 ** len(TAVERNERS)):
        points = tuple((code >> (2 * t)) & 3 for t in range(len(TAVERNERS)))
        if min(points) == 0:
            found.append((round(worst_distance(rows, seats, points), 6), round(squared_distance(rows, seats, points), 6),
                          sum(points), points))
    found.sort()
    return [(d, p) for d, _, _, p in found[:top]]


def taverner_share(games: list[dict[str, Any]], taverner: int, seats: int,
                   winners: Any = None) -> tuple[float, float, int]:
    """A Taverner's win rate over its fair share 1/seats, the half-width of its 95 % interval,
    and its games. The interval is the wider of two: counted by deal (a deal's games share
    their cards) and as if every game stood alone (a few deals can show no spread at all)."""
    wins: dict[int, float] = {}
    played: dict[int, int] = {}
    for g in games:
        won = winners(g) if winners else g["winners"]
        for s, t in enumerate(g["tav"]):
            if t == taverner:
                played[g["deal"]] = played.get(g["deal"], 0) + 1
                wins[g["deal"]] = wins.get(g["deal"], 0.0) + (1 / len(won) if s in won else 0.0)
    total = sum(played.values())
    if not total:
        return 0.0, 0.0, 0
    p = sum(wins.values()) / total
    spread = sum((wins[d] - p * played[d]) ** 2 for d in played)
    half = 1.96 * max(math.sqrt(spread) / total, math.sqrt(p * (1 - p) / total))
    return p * seats, half * seats, total


def taverner_lead(games: list[dict[str, Any]], taverner: int, with_bonus: bool = True) -> tuple[float, float]:
    """The mean of (its player's score − the table's mean score) and its 95 % half-width."""
    per_deal: dict[int, list[float]] = {}
    for g in games:
        n = len(g["tav"])
        scores = [g["scores"][s] - (0 if with_bonus else g["bonus"][s]) for s in range(n)]
        mean = sum(scores) / n
        for s, t in enumerate(g["tav"]):
            if t == taverner:
                per_deal.setdefault(g["deal"], []).append(scores[s] - mean)
    values = [sum(v) / len(v) for v in per_deal.values()]
    if not values:
        return 0.0, 0.0
    mu = sum(values) / len(values)
    if len(values) < 2:
        return mu, 0.0
    sd = math.sqrt(sum((x - mu) ** 2 for x in values) / (len(values) - 1))
    return mu, 1.96 * sd / math.sqrt(len(values))


def _story_points_row(seats: int, advanced: bool) -> str:
    return " / ".join(f"+{taverner_points(t, seats, CURRENT_VERSION, advanced)}" for t in range(len(TAVERNERS)))


def _sim_rows(tasks: list[list[Any]], results: list[Any]) -> dict[tuple, list[tuple[list[Any], dict[str, Any]]]]:
    """The `simulate` games by (players, Advanced, levels)."""
    out: dict[tuple, list[tuple[list[Any], dict[str, Any]]]] = {}
    for task, res in zip(tasks, results):
        if task[0] == "sim":
            out.setdefault((task[1], task[2], tuple(task[3])), []).append((task, res))
    return out


def _simulated_sections(sims: dict[tuple, list[tuple[list[Any], dict[str, Any]]]], names: list[str]) -> list[str]:
    """The page's sections of `simulate` games: one hard bot against easy bots, easy bots."""
    out: list[str] = []
    out += ["", "## One hard bot against easy bots, from each seat", "",
            "Fair share: 50 % at 2 players, 33 % at 3, 25 % at 4. Paired seeds: every seed is played with the "
            "hard bot in each seat in turn.", "",
            "| Game | hard in seat 1 | seat 2 | seat 3 | seat 4 | games a seat |", "|---|---|---|---|---|---|"]
    for seats, adv in CONFIGS:
        cells = []
        games = 0
        for s in range(4):
            if s >= seats:
                cells.append("—")
                continue
            levels = tuple("hard" if k == s else "easy" for k in range(seats))
            rows = sims.get((seats, adv, levels), [])
            games = len(rows)
            cells.append(trials.percent(sum(res["wins"][s] for _, res in rows), games))
        out.append(f"| {_label(seats, adv)} | " + " | ".join(cells) + f" | {games} |")

    out += ["", "## Easy bots in every seat", "",
            "Each seat's win rate, and each Taverner's share (its wins ÷ its fair share, 1.00 is fair).", "",
            "| Game | win rate by seat | " + " | ".join(names) + " | games |", "|---|---|" + "---|" * (len(names) + 1)]
    for seats, adv in CONFIGS:
        rows = sims.get((seats, adv, ("easy",) * seats), [])
        g = len(rows)
        wins = " / ".join(trials.percent(sum(res["wins"][s] for _, res in rows), g) for s in range(seats))
        cells = []
        for t in range(len(names)):
            played = sum(res["tav"].count(t) for _, res in rows)
            won = sum(res["wins"][s] for _, res in rows for s in range(seats) if res["tav"][s] == t)
            cells.append(trials.share(won, played, seats))
        out.append(f"| {_label(seats, adv)} | {wins} | " + " | ".join(cells) + f" | {g} |")
    return out


def _share_cells(games: list[dict[str, Any]], seats: int, rank: Any = None) -> list[str]:
    cells = []
    for t in range(len(TAVERNERS)):
        value, half, played = taverner_share(games, t, seats, rank)
        cells.append(f"{value:.2f} ± {half:.2f}" if played else "—")
    return cells


def report(quick: bool = False, jobs: Optional[int] = None, store: str | Path | None = None,
           progress: bool = True) -> str:
    """The balance page: every game played by `trials.run` (on `jobs` processes; with `store`,
    a directory, each finished game is kept there and a stopped run resumes)."""
    sizes = QUICK if quick else FULL
    names = [t["animal"] for t in TAVERNERS]
    tasks = hard_tasks(sizes["deals"])
    seeds = range(FIRST_SEED, FIRST_SEED + sizes["duel"])
    for seats, adv in CONFIGS:
        tasks += [["sim", seats, adv, list(levels), seed]
                  for seed, levels in trials.paired(seeds, ["hard"] + ["easy"] * (seats - 1))]
    for seats, adv in CONFIGS:
        tasks += [["sim", seats, adv, ["easy"] * seats, seed]
                  for seed in range(FIRST_SEED, FIRST_SEED + sizes["easy"])]
    tally = trials.Tally()
    results = trials.run(tasks, play, jobs=jobs, progress=progress, store=store, version=str(CURRENT_VERSION),
                         tally=tally, label=GAME)
    hard = by_row(tasks, results)
    simulated = _simulated_sections(_sim_rows(tasks, results), names)
    out = ["# Tavern Tussle — balance", "",
           f"Made by `python -m tabletown balance tavern-tussle` from seeded bot games (seeds from {FIRST_SEED}). "
           f"Rules version {CURRENT_VERSION}, every game with the *Taverner bonus points* option: its "
           "points are the Story Points measured here. Without the option (the default) a game scores as the "
           "rulebook does, its stories alone: the \"without the Taverner cards' Story Points\" figures below."
           + (" **Quick sample: not for reading.**" if quick else ""),
           "", "A Taverner's *share* is how often it wins divided by its fair share (1 / players); "
           "± is the half-width of a 95 % interval. The content is balanced when every share is within 0.9–1.1.", ""]

    out += ["## Taverners, hard bots in every seat", "",
            "Paired deals: every deal is played once for each way of turning its Taverners round the table "
            "(the same Hero cards and bot seeds; the Taverner cards move one seat at a time), so each Taverner "
            "plays every seat's cards. Intervals are counted by deal, and never narrower than if every game "
            "stood alone.", "",
            "| Game | Story Points (" + " / ".join(names) + ") | " + " | ".join(names) + " | deals | games |",
            "|---|---|" + "---|" * (len(names) + 2)]
    for (seats, adv), games in hard.items():
        out.append(f"| {_label(seats, adv)} | {_story_points_row(seats, adv)} | "
                   + " | ".join(_share_cells(games, seats)) + f" | {len({g['deal'] for g in games})} | {len(games)} |")

    # The same games ranked with the Story Points of earlier versions (an estimate: the bots
    # played knowing today's).
    earlier = sorted(v for v in STORY_POINTS_BY_VERSION if v < max(STORY_POINTS_BY_VERSION))
    for version in [STORY_POINTS_FROM - 1] + earlier:
        if version < STORY_POINTS_FROM:
            out += ["", "The same games ranked without the Taverner cards' Story Points (the scores of rules "
                    "version 2; the bots played knowing the Story Points):", ""]
        else:
            out += ["", f"The same games ranked with the Story Points of rules version {version} (the bots played "
                    "knowing today's):", ""]
        out += ["| Game | " + " | ".join(names) + " | games |", "|---|" + "---|" * (len(names) + 1)]
        for (seats, adv), games in hard.items():
            rank = winners_with_story_points(tuple(taverner_points(t, seats, version, adv) for t in range(len(names))))
            out.append(f"| {_label(seats, adv)} | " + " | ".join(_share_cells(games, seats, rank))
                       + f" | {len(games)} |")

    out += ["", "Mean lead of each Taverner's player over the table's mean score, in points, with the Story "
            "Points and (in brackets) without them:", "",
            "| Game | " + " | ".join(names) + " | games |", "|---|" + "---|" * (len(names) + 1)]
    for (seats, adv), games in hard.items():
        cells = []
        for t in range(len(names)):
            lead, half = taverner_lead(games, t)
            bare, _ = taverner_lead(games, t, with_bonus=False)
            cells.append(f"{lead:+.1f} ± {half:.1f} ({bare:+.1f})")
        out.append(f"| {_label(seats, adv)} | " + " | ".join(cells) + f" | {len(games)} |")

    out += [""] + trials.seat_table(
        [(_label(seats, adv), [sum(1 / len(x["winners"]) for x in games if s in x["winners"]) for s in range(seats)],
          len(games)) for (seats, adv), games in hard.items()],
        "From the paired hard games above: every seat had every Taverner equally often.")
    out += ["Mean score by seat, and the length of a game:", "",
            "| Game | mean score by seat (1st, 2nd, …) | moves a game | games |", "|---|---|---|---|"]
    for (seats, adv), games in hard.items():
        scores = " / ".join(trials.plus_minus([x["scores"][s] for x in games]) for s in range(seats))
        out.append(f"| {_label(seats, adv)} | {scores} | {trials.plus_minus([x['moves'] for x in games], 0)} "
                   f"| {len(games)} |")

    return "\n".join(out + simulated + ["", trials.footer(tally.tasks, tally.cpu)]) + "\n"


def main(argv: list[str]) -> int:
    """`search DIR`: the Story Points that would rank the hard games kept in DIR (a run of
    `python -m tabletown balance tavern-tussle --resume DIR`) closest to fair shares."""
    if len(argv) >= 2 and argv[0] == "search":
        rows = stored_hard_games(argv[1])
        for seats, adv in CONFIGS:
            now = tuple(taverner_points(t, seats, CURRENT_VERSION, adv) for t in range(len(TAVERNERS)))
            row = [rows[(seats, adv)]]
            if not row[0]:
                print(_label(seats, adv), "no games kept")
                continue
            print(_label(seats, adv), len(row[0]), "games; now", now, f"{worst_distance(row, seats, now):.3f};",
                  best_story_points(row, seats))
        return 0
    print(main.__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
