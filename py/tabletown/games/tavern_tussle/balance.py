"""Tavern Tussle's balance page, made from seeded bot games.

    python -m tabletown balance tavern-tussle            # writes docs/balance/tavern-tussle.md
    python -m tabletown balance tavern-tussle --quick    # a small sample, for a smoke test

The hard-bot games take some 100 CPU-minutes, so they can also be played in a run that keeps
every finished deal's games and can be stopped and resumed:

    python -m tabletown.games.tavern_tussle.balance play FILE     # plays (or goes on with) the run
    python -m tabletown.games.tavern_tussle.balance page FILE     # the page, its hard tables from FILE
    python -m tabletown.games.tavern_tussle.balance search FILE   # Story Points re-ranked on FILE's games

Set TABLETOWN_JOBS=2 to play the games in two processes (the figures do not change).

Three measurements, each at 2, 3 and 4 players and in the 3–4 player Advanced Variant:

- hard bots in every seat, in a paired design: every deal is played once for each way of
  turning the same Taverners round the table (the Taverners dealt to the seats are rotated
  one seat at a time; the Hero cards and every bot's seed stay), so each Taverner sits in
  every seat with the same cards and the deal's luck cancels out. How often each Taverner
  wins against its fair share (the authored content is balanced when every Taverner is
  within 0.9–1.1 of it), its mean lead over the table, and what its card's Story Points do;
- one hard bot against easy bots, from each seat in turn (`simulate` games);
- easy bots in every seat, on a larger sample (`simulate` games).

Every game is seeded, so any figure can be replayed. Every game is played with the "Taverner
bonus points" option, the Story Points this page measures (a game without it scores as the
rulebook does: the stories alone, the "without" figures below).
"""

from __future__ import annotations

import json
import math
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Iterator

from ...cli import simulate
from ...engine.bots import bot_game
from .content import CURRENT_VERSION, STORY_POINTS_BY_VERSION, STORY_POINTS_FROM, TAVERNERS, taverner_points
from .scoring import final_key, luck_showing

GAME = "tavern-tussle"
# Rules version 6 with the "Taverner bonus points" option plays and scores as version 5 did, so
# the games of a run stored under version 5 are games of what this page measures.
MEASURED_VERSIONS = (5, CURRENT_VERSION)
CONFIGS: tuple[tuple[int, bool], ...] = ((2, False), (3, False), (3, True), (4, False), (4, True))
# Games a row of the paired hard measurement, for a share within about ± 0.1 (95 %): 1000 at
# 2 players (a 2-player deal's two games usually have the same winner, so a game says less
# there), 800 at 3 and 1100 at 4. A hard game takes about 0.3 s of one core at 2 players,
# 0.5 s at 3 and 1 s at 4, so the whole is some 60 CPU-minutes: `store_games` plays the same
# deals in a run that can be stopped and resumed, and `report(stored=…)` reads them.
TARGET_GAMES = {(2, False): 1000, (3, False): 800, (3, True): 800, (4, False): 1100, (4, True): 1100}
# Deals of the paired hard measurement (each played once per seat: 2, 3 or 4 games a deal),
# one hard bot against easy bots (games a seat), easy bots (games).
FULL = {"deals": {2: 500, 3: 267, 4: 275}, "duel": 6, "easy": 400}
QUICK = {"deals": {2: 1, 3: 1, 4: 1}, "duel": 1, "easy": 4}
FIRST_SEED = 1


def _options(advanced: bool) -> dict[str, str]:
    """The options of a measured game: the bonus points measured here, and the variant."""
    return {"taverner_bonus": "true", **({"advanced": "true"} if advanced else {})}


def _label(seats: int, advanced: bool) -> str:
    return f"{seats} players" + (", Advanced" if advanced else "")


def _jobs() -> int:
    try:
        return max(1, int(os.environ.get("TABLETOWN_JOBS", "1")))
    except ValueError:
        return 1


# --- the paired hard measurement ------------------------------------------------------------
def play_deal(seats: int, advanced: bool, seed: int) -> list[dict[str, Any]]:
    """One deal played once for each rotation of its Taverners round the table, hard bots in
    every seat: per game the Taverner of each seat, the final scores and what breaks ties."""
    from .game import BOTS, RULES, SPEC

    start = RULES.setup(seed, seats, SPEC.parse_link_options(seats, _options(advanced)))
    games = []
    for turn in range(seats):
        state = dict(start, tav=[start["tav"][(s + turn) % seats] for s in range(seats)])
        state, step = bot_game(RULES, BOTS, "hard", state, seed)
        outcome = RULES.outcome(state)
        games.append({
            "deal": seed, "tav": list(state["tav"]), "scores": outcome["scores"], "winners": outcome["winners"],
            "bonus": [taverner_points(t, seats, state["v"], advanced) for t in state["tav"]],
            "luck": [luck_showing(t) for t in state["tab"]], "cards": [len(t) for t in state["tab"]],
            "age": [state["ages"].index(s) for s in range(seats)], "moves": step,
        })
    return games


def _play_deal_task(task: tuple[int, bool, int]) -> list[dict[str, Any]]:
    return play_deal(*task)


def _map(fn: Any, tasks: list[Any]) -> list[Any]:
    """fn over the tasks, in TABLETOWN_JOBS processes (in order; the figures do not change)."""
    jobs = _jobs()
    if jobs > 1 and len(tasks) > 1:
        with ProcessPoolExecutor(jobs) as pool:
            return list(pool.map(fn, tasks))
    return [fn(t) for t in tasks]


def paired_games(deals: dict[int, int], first: int = FIRST_SEED) -> dict[tuple[int, bool], list[dict[str, Any]]]:
    tasks = [(seats, adv, seed) for seats, adv in CONFIGS for seed in range(first, first + deals[seats])]
    results = _map(_play_deal_task, tasks)
    out: dict[tuple[int, bool], list[dict[str, Any]]] = {cfg: [] for cfg in CONFIGS}
    for (seats, adv, _), games in zip(tasks, results):
        out[(seats, adv)].extend(games)
    return out


# --- the long run, kept game by game ---------------------------------------------------------


def deal_schedule(targets: dict[tuple[int, bool], int], first: int = FIRST_SEED) -> list[tuple[int, bool, int]]:
    """Every row's deals, interleaved so that each row is the same fraction done whenever the
    run stops (the cheaper rows first at each step)."""
    keyed = []
    for order, (seats, adv) in enumerate(CONFIGS):
        deals = math.ceil(targets[(seats, adv)] / seats)
        keyed += [((i + 0.5) / deals, order, (seats, adv, first + i)) for i in range(deals)]
    return [task for _, _, task in sorted(keyed)]


def read_games(path: Path) -> list[dict[str, Any]]:
    """The games of a stored run (a line cut short by a stopped run is left out)."""
    games = []
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                games.append(json.loads(line))
            except ValueError:
                continue
    return games


def by_row(games: list[dict[str, Any]]) -> dict[tuple[int, bool], list[dict[str, Any]]]:
    """Stored games by row (players, Advanced Variant), each deal's games whole."""
    out: dict[tuple[int, bool], list[dict[str, Any]]] = {cfg: [] for cfg in CONFIGS}
    counts: dict[tuple[int, bool, int], int] = {}
    for g in games:
        counts[(g["n"], g["adv"], g["deal"])] = counts.get((g["n"], g["adv"], g["deal"]), 0) + 1
    for g in games:
        if counts[(g["n"], g["adv"], g["deal"])] == g["n"]:
            out[(g["n"], g["adv"])].append(g)
    return out


def _stored_deal_task(task: tuple[int, bool, int]) -> list[dict[str, Any]]:
    seats, adv, seed = task
    return [dict(g, n=seats, adv=adv, v=CURRENT_VERSION) for g in play_deal(seats, adv, seed)]


def _results(tasks: list[tuple[int, bool, int]]) -> Iterator[list[dict[str, Any]]]:
    jobs = _jobs()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            yield from pool.map(_stored_deal_task, tasks)
    else:
        yield from map(_stored_deal_task, tasks)


def store_games(path: Path, targets: dict[tuple[int, bool], int] = TARGET_GAMES, first: int = FIRST_SEED) -> None:
    """Play the paired hard deals of `deal_schedule`, appending each finished deal's games to
    `path` (JSON lines). Deals already stored under this rules version are skipped, so a
    stopped run goes on where it stopped."""
    done = {(g["n"], g["adv"], g["deal"]) for g in read_games(path) if g["v"] in MEASURED_VERSIONS}
    tasks = [t for t in deal_schedule(targets, first) if t not in done]
    path.parent.mkdir(parents=True, exist_ok=True)
    for games in _results(tasks):
        with path.open("a", encoding="utf-8") as out:
            for g in games:
                out.write(json.dumps(g, separators=(",", ":")) + "\n")


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


# --- the simulate runs -------------------------------------------------------------------------
def _simulate_task(task: tuple[int, bool, tuple[str, ...], int]) -> tuple[list[float], list[int]]:
    """One seeded `simulate` game: each seat's win (shared on a tie) and the seats' Taverners."""
    from .game import RULES, SPEC

    seats, advanced, levels, seed = task
    stats = simulate(GAME, 1, seats, list(levels), _options(advanced), seed)
    return stats["win_rate"], RULES.setup(seed, seats, SPEC.parse_link_options(seats, _options(advanced)))["tav"]


def play_many(seats: int, advanced: bool, levels: list[str], games: int, first: int = FIRST_SEED) -> dict[str, Any]:
    """`games` seeded games, one `simulate` run each: wins per seat and per Taverner."""
    seat_wins = [0.0] * seats
    tav_wins = [0.0] * len(TAVERNERS)
    tav_games = [0] * len(TAVERNERS)
    tasks = [(seats, advanced, tuple(levels), seed) for seed in range(first, first + games)]
    for win_rate, tavs in _map(_simulate_task, tasks):
        for s in range(seats):
            seat_wins[s] += win_rate[s]
            tav_wins[tavs[s]] += win_rate[s]
            tav_games[tavs[s]] += 1
    return {"games": games, "seat_wins": seat_wins, "tav_wins": tav_wins, "tav_games": tav_games}


def share(wins: float, games: int, seats: int) -> tuple[float, float]:
    """A win rate over its fair share 1/seats, and the half-width of its 95 % interval."""
    if not games:
        return 0.0, 0.0
    p = wins / games
    return p * seats, 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / games) * seats


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _story_points_row(seats: int, advanced: bool) -> str:
    return " / ".join(f"+{taverner_points(t, seats, CURRENT_VERSION, advanced)}" for t in range(len(TAVERNERS)))


def _simulated_sections(sizes: dict[str, Any], names: list[str]) -> list[str]:
    """The page's sections of `simulate` games: one hard bot against easy bots, easy bots."""
    out: list[str] = []
    out += ["", "## One hard bot against easy bots, from each seat", "",
            "Fair share: 50 % at 2 players, 33 % at 3, 25 % at 4.", "",
            "| Game | hard in seat 1 | seat 2 | seat 3 | seat 4 | games a seat |", "|---|---|---|---|---|---|"]
    for seats, adv in CONFIGS:
        cells = []
        for s in range(4):
            if s >= seats:
                cells.append("—")
                continue
            levels = ["easy"] * seats
            levels[s] = "hard"
            res = play_many(seats, adv, levels, sizes["duel"])
            cells.append(_pct(res["seat_wins"][s] / res["games"]))
        out.append(f"| {_label(seats, adv)} | " + " | ".join(cells) + f" | {sizes['duel']} |")

    out += ["", "## Easy bots in every seat", "",
            "| Game | win rate by seat | " + " | ".join(names) + " | games |", "|---|---|" + "---|" * (len(names) + 1)]
    for seats, adv in CONFIGS:
        res = play_many(seats, adv, ["easy"], sizes["easy"])
        g = res["games"]
        wins = " / ".join(_pct(w / g) for w in res["seat_wins"])
        cells = [f"{share(res['tav_wins'][t], res['tav_games'][t], seats)[0]:.2f}" for t in range(len(names))]
        out.append(f"| {_label(seats, adv)} | {wins} | " + " | ".join(cells) + f" | {g} |")
    return out


def report(quick: bool = False, stored: Path | None = None) -> str:
    """The balance page. The paired hard games are played here, or read from a stored run
    (`store_games`: the same seeded deals, kept game by game) when `stored` is given."""
    sizes = QUICK if quick else FULL
    names = [t["animal"] for t in TAVERNERS]
    simulated = _simulated_sections(sizes, names)  # first: a stored run may go on meanwhile
    if stored is None:
        hard = paired_games(sizes["deals"])
        source = f"Made by `python -m tabletown balance tavern-tussle` from seeded bot games (seeds from {FIRST_SEED})."
    else:
        hard = by_row([g for g in read_games(stored) if g["v"] in MEASURED_VERSIONS])
        source = (f"Made from seeded bot games (seeds from {FIRST_SEED}). The hard-bot games are those of a stored run "
                  "(`python -m tabletown.games.tavern_tussle.balance play FILE`, then `page FILE`): the deals "
                  "`python -m tabletown balance tavern-tussle` plays, as many of them as the run finished "
                  "(each row says how many).")
    out = ["# Tavern Tussle — balance", "",
           f"{source} Rules version {CURRENT_VERSION}, every game with the *Taverner bonus points* option: its "
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
        cells = []
        for t in range(len(names)):
            value, half, played = taverner_share(games, t, seats)
            cells.append(f"{value:.2f} ± {half:.2f}" if played else "—")
        out.append(f"| {_label(seats, adv)} | {_story_points_row(seats, adv)} | " + " | ".join(cells)
                   + f" | {len({g['deal'] for g in games})} | {len(games)} |")

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
        out += ["| Game | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
        for (seats, adv), games in hard.items():
            rank = winners_with_story_points(tuple(taverner_points(t, seats, version, adv) for t in range(len(names))))
            cells = []
            for t in range(len(names)):
                value, half, played = taverner_share(games, t, seats, rank)
                cells.append(f"{value:.2f} ± {half:.2f}" if played else "—")
            out.append(f"| {_label(seats, adv)} | " + " | ".join(cells) + " |")

    out += ["", "Mean lead of each Taverner's player over the table's mean score, in points, with the Story "
            "Points and (in brackets) without them:", "",
            "| Game | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for (seats, adv), games in hard.items():
        cells = []
        for t in range(len(names)):
            lead, half = taverner_lead(games, t)
            bare, _ = taverner_lead(games, t, with_bonus=False)
            cells.append(f"{lead:+.1f} ± {half:.1f} ({bare:+.1f})")
        out.append(f"| {_label(seats, adv)} | " + " | ".join(cells) + " |")

    out += ["", "## Seats, hard bots in every seat", "",
            "| Game | win rate by seat (1st, 2nd, …) | mean score by seat | moves a game |", "|---|---|---|---|"]
    for (seats, adv), games in hard.items():
        g = len(games)
        if not g:
            out.append(f"| {_label(seats, adv)} | — | — | — |")
            continue
        wins = [sum(1 / len(x["winners"]) for x in games if s in x["winners"]) for s in range(seats)]
        scores = [sum(x["scores"][s] for x in games) for s in range(seats)]
        moves = sum(x["moves"] for x in games) / max(g, 1)
        out.append(f"| {_label(seats, adv)} | " + " / ".join(_pct(w / g) for w in wins) + " | "
                   + " / ".join(f"{s / g:.1f}" for s in scores) + f" | {moves:.0f} |")

    return "\n".join(out + simulated) + "\n"


def main(argv: list[str]) -> int:
    """`play FILE`: the long paired run, kept in FILE (resumable);
    `page FILE [OUT]`: the balance page with its hard-bot tables made from the games in FILE;
    `search FILE`: the Story Points that would rank FILE's games closest to fair shares."""
    if len(argv) >= 2 and argv[0] == "play":
        store_games(Path(argv[1]))
        return 0
    if len(argv) >= 2 and argv[0] == "page":
        page = report(stored=Path(argv[1]))
        out = Path(argv[2]) if len(argv) > 2 else Path("docs") / "balance" / f"{GAME}.md"
        out.write_text(page, encoding="utf-8")
        print(f"wrote {out}")
        return 0
    if len(argv) >= 2 and argv[0] == "search":
        rows = by_row([g for g in read_games(Path(argv[1])) if g["v"] in MEASURED_VERSIONS])
        for seats, adv in CONFIGS:
            now = tuple(taverner_points(t, seats, CURRENT_VERSION, adv) for t in range(len(TAVERNERS)))
            row = [rows[(seats, adv)]]
            print(_label(seats, adv), len(row[0]), "games; now", now, f"{worst_distance(row, seats, now):.3f};",
                  best_story_points(row, seats))
        return 0
    print(main.__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
