"""Command line: `python -m tabletown simulate …` and `python -m tabletown check …`.

  simulate GAME --games N --seats S --bots easy[,hard,…] [--option NAME=VALUE] [--seed K]
      Bot-only games: win rate and mean score per seat, mean game length, games/second.
  check FILE-OR-LINK
      Validate a saved game (a file with a save entry, a record, or a link) or a
      `#play=` link, replaying every move; says why not when it is not valid.
  catalog GAME [--json]
      Each catalogue of a game's content (cards, characters, gear…): its kinds and, where the
      rulebook counts the pieces in the box, how many there are and what the rulebook calls them.
  balance GAME [--quick] [--out FILE] [--jobs N] [--resume DIR]
      The game's balance page (bot win rates, authored content measured by simulation),
      written to docs/balance/GAME.md by default. The games are played on every core (or N),
      with progress on stderr; with --resume each finished game is kept in DIR, and the same
      command run again goes on where a stopped run stopped.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Optional

from . import games
from .engine import trials
from .engine.bots import bot_game
from .engine.codec import LINK_PREFIX, check_record, decode_link, parse_json
from .engine.saves import migrate
from .engine.session import RecordError, Session
from .engine.spec import BadSetup
from .engine.words import and_list, plural


def play_one(task: tuple[str, int, tuple[str, ...], dict[str, Any], int]) -> tuple[list[int], list[float], int]:
    """One seeded bot-only game: (winners, scores, moves). A module-level function, so that
    `trials.run` can play games in other processes."""
    game_id, seats, levels, opts, seed = task
    game = games.load(game_id)
    state = game.RULES.setup(seed, seats, opts)
    state, step = bot_game(game.RULES, game.BOTS, list(levels), state, seed)
    outcome = game.RULES.outcome(state)
    return list(outcome["winners"]), list(outcome["scores"]), step


def _levels(spec: Any, seats: int, bots: list[str]) -> list[str]:
    levels = bots * seats if len(bots) == 1 else bots
    if len(levels) != seats:
        raise BadSetup(f"--bots names {len(levels)} levels for {seats} seats")
    for level in levels:
        if level not in spec.bots:
            raise BadSetup(f"unknown bot level {level!r}; {spec.id} has " + ", ".join(spec.bots))
    return levels


def resume_problem(store: Optional[str]) -> Optional[str]:
    """Why `--resume` cannot keep games at `store` (a file, not a directory), or None."""
    if store is not None and Path(store).exists() and not Path(store).is_dir():
        return f"--resume takes a directory (where the run keeps its games); {store} is a file."
    return None


def simulate(game_id: str, n_games: int, seats: int, bots: list[str], options: dict[str, Any], seed: int,
             jobs: int = 1, paired: bool = False, store: Optional[str] = None) -> dict[str, Any]:
    """Play `n_games` bot-only games; returns the statistics (also used by tests). With `paired`,
    each seed is played once for every turn of the levels round the table (`trials.paired`),
    so each level meets the same deals from every seat: `n_games` seeds, `seats` games each.
    With `store`, every finished game is kept in that directory and a game kept there is read
    back instead of played (`trials.run`): a stopped run goes on where it stopped."""
    spec = games.load(game_id).SPEC
    problem = resume_problem(store)
    if problem:
        raise BadSetup(problem)
    opts = spec.parse_link_options(seats, options)
    levels = _levels(spec, seats, bots)
    seatings = trials.paired(range(seed, seed + n_games), levels) if paired else \
        [(s, tuple(levels)) for s in range(seed, seed + n_games)]
    tasks = [(game_id, seats, turn, opts, game_seed) for game_seed, turn in seatings]
    started = time.perf_counter()
    results = trials.run(tasks, play_one, jobs, progress=jobs > 1 or store is not None, label="games",
                         store=store, version=str(spec.rules_version))
    elapsed = time.perf_counter() - started
    wins = [0.0] * seats
    score_sum = [0.0] * seats
    by_level: dict[str, list[float]] = {}  # level -> [wins, games]
    by_level_seat: dict[tuple[str, int], list[float]] = {}
    moves = 0
    for (_, _, turn, _, _), (winners, scores, step) in zip(tasks, results):
        for s in range(seats):
            won = 1 / len(winners) if s in winners else 0.0
            wins[s] += won
            score_sum[s] += scores[s]
            for key, table in ((turn[s], by_level), ((turn[s], s), by_level_seat)):
                row = table.setdefault(key, [0.0, 0])
                row[0] += won
                row[1] += 1
        moves += step
    played = len(tasks)
    stats = {
        "game": game_id,
        "games": played,
        "seats": seats,
        "bots": levels,
        "paired": paired,
        "options": opts,
        "win_rate": [w / played for w in wins],
        "mean_score": [s / played for s in score_sum],
        "mean_moves": moves / played,
        "games_per_second": played / elapsed if elapsed else float("inf"),
        "seconds": elapsed,
    }
    if paired:
        stats["levels"] = {lvl: _rate(w, g) for lvl, (w, g) in by_level.items()}
        stats["level_seats"] = {f"{lvl}@{s + 1}": _rate(w, g) for (lvl, s), (w, g) in sorted(by_level_seat.items())}
    return stats


def _rate(wins: float, n: float) -> dict[str, Any]:
    rate, low, high = trials.wilson(wins, int(n))
    return {"games": int(n), "win_rate": rate, "low": low, "high": high}


def check(source: str) -> tuple[bool, str]:
    """(valid, message) for a link or a file holding a link, a save entry or a record."""
    text = source
    path = Path(source)
    if LINK_PREFIX not in source:
        try:
            if path.is_file():
                text = path.read_text(encoding="utf-8", errors="replace")
        except OSError as err:
            return False, f"Cannot read {source}: {err.strerror}"
    try:
        if LINK_PREFIX in text:
            record = decode_link(text.strip(), games.LIBRARY)
        else:
            if not text.lstrip().startswith(("{", "[")):
                return False, "Not valid: this is neither a Tabletown link nor a saved game (not JSON)."
            data = parse_json(text, "saved game")
            if isinstance(data, dict) and "schema" in data:
                data = migrate(data, games.LIBRARY)["record"]
            record = check_record(data, games.LIBRARY)
    except RecordError as err:
        return False, f"Not valid: {err}"
    session = Session(games.load(record["game"]), record, trusted=True)
    names = session.names
    title = session.spec.title
    moves = len(record["log"])
    if session.over():
        out = session.outcome() or {"winners": []}
        if out.get("headline"):
            from .engine.draw import names_in

            end = "finished: " + names_in(out["headline"], names)
        else:
            end = "finished, won by " + and_list(names[w] for w in out["winners"])
    else:
        end = "in progress, waiting for " + and_list(names[s] for s in session.active())
    return True, f"Valid: {title}, {plural(len(names), 'player')} ({', '.join(names)}), {plural(moves, 'move')}, {end}."


def balance(game_id: str, quick: bool, out: Optional[str], jobs: Optional[int] = None,
            resume: Optional[str] = None) -> int:
    """Write a game's balance page from its own `balance.report` (simulations of bot games, played
    by engine/trials.py in `jobs` processes; with `resume`, a directory keeping every finished
    game, so that a stopped run resumes)."""
    try:
        module = importlib.import_module(f"tabletown.games.{games.package_of(game_id)}.balance")
    except ModuleNotFoundError:
        print(f"{games.BY_ID[game_id].title} has no balance report yet.", file=sys.stderr)
        return 2
    problem = resume_problem(resume)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    page = module.report(quick=quick, jobs=jobs, store=resume)
    if out == "-":
        print(page)
        return 0
    path = Path(out) if out else Path("docs") / "balance" / f"{game_id}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(page if page.endswith("\n") else page + "\n", encoding="utf-8")
    print(f"wrote {path}")
    return 0


def catalog(game_id: str) -> dict[str, int]:
    """Each content catalogue of a game with its count of kinds (rows)."""
    return {name: count["kinds"] for name, count in catalog_pieces(game_id).items()}


def catalog_pieces(game_id: str) -> dict[str, dict[str, Any]]:
    """Each content catalogue of a game: `kinds` (its rows) and, for the catalogues the game lists in
    `COMPONENTS` (pieces the rulebook counts), `physical` (the rows' copies added up) and `component`
    (the rulebook's name for them); both None for the others (names, tables, rules data)."""
    games.load(game_id)  # a game that is not ready has no catalogues to list
    content = importlib.import_module(f"tabletown.games.{games.package_of(game_id)}.content")
    named = getattr(content, "COMPONENTS", {})
    return {
        name: {"kinds": len(cat), "physical": cat.count("copies") if name in named else None,
               "component": named.get(name)}
        for name, cat in getattr(content, "CATALOGS", {}).items()
    }


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tabletown", description="Tabletown from the command line")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play bot-only games and report statistics")
    sim.add_argument("game", choices=games.ready_ids())
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seats", type=int, default=4)
    sim.add_argument("--bots", default="easy", help="one level for every seat, or one per seat: easy,hard,easy,easy")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--json", action="store_true", help="print the statistics as JSON")
    sim.add_argument("--paired", action="store_true", help="play each seed once for every turn of the levels round "
                     "the table, and give each level's win rate with its 95 %% interval")
    sim.add_argument("--jobs", type=int, default=1, help="games played at once, each in its own process (0: every core)")
    sim.add_argument("--resume", metavar="DIR", help="keep every finished game in DIR, and read back the games kept "
                     "there instead of playing them again (a stopped run goes on where it stopped; the games are "
                     "kept as the bots played them, so a changed bot wants a new DIR)")
    chk = sub.add_parser("check", help="validate a save file or a #play= link")
    chk.add_argument("source", help="a file (save entry, record or link) or a link")
    cat = sub.add_parser("catalog", help="list each catalogue of a game's content with its count")
    cat.add_argument("game", choices=games.ready_ids())
    cat.add_argument("--json", action="store_true", help="print the counts as JSON")
    bal = sub.add_parser("balance", help="measure a game's balance by simulation and write its balance page")
    bal.add_argument("game", choices=games.ready_ids())
    bal.add_argument("--quick", action="store_true", help="a small sample (a smoke test, not figures to publish)")
    bal.add_argument("--out", help="where to write the page (default docs/balance/GAME.md; - for standard output)")
    bal.add_argument("--jobs", type=int, metavar="N", help="processes to play the games in (default: every core)")
    bal.add_argument("--resume", metavar="DIR", help="keep every finished game in DIR, and read back the games "
                     "kept there instead of playing them again (a stopped run goes on where it stopped)")
    args = parser.parse_args(argv)

    if args.command == "balance":
        return balance(args.game, args.quick, args.out, args.jobs, args.resume)
    if args.command == "check":
        ok, message = check(args.source)
        print(message)
        return 0 if ok else 1
    if args.command == "catalog":
        counts = catalog_pieces(args.game)
        if args.json:
            print(json.dumps(counts, indent=1))
        else:
            boxed = any(count["component"] for count in counts.values())
            print(f"{games.BY_ID[args.game].title}: {plural(len(counts), 'catalogue')} "
                  + ("(kinds, and the pieces in the box as the rulebook counts them)" if boxed else "(kinds)"))
            for name, count in counts.items():
                box = f"   {count['physical']:>5} {count['component']}" if count["component"] else ""
                print(f"  {name:<24} {plural(count['kinds'], 'kind'):>10}{box}")
        return 0

    options = {}
    for item in args.option:
        name, eq, value = item.partition("=")
        if not eq:
            parser.error(f"--option takes NAME=VALUE, not {item!r}")
        options[name] = value
    try:
        stats = simulate(args.game, args.games, args.seats, args.bots.split(","), options, args.seed,
                         jobs=args.jobs or os.cpu_count() or 1, paired=args.paired, store=args.resume)
    except BadSetup as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(stats, indent=1))
        return 0
    spec = games.BY_ID[args.game]
    title = spec.title
    offered = {o.name for o in spec.offered_options(args.seats)}
    shown = {k: v for k, v in stats["options"].items() if k in offered}
    print(f"{title}: {plural(stats['games'], 'game')}, {plural(stats['seats'], 'seat')}, options {shown}")
    print(f"{'seat':>4}  {'bot':<6} {'win rate':>8}  {'mean score':>10}")
    for s in range(stats["seats"]):
        bot = "turns" if args.paired else stats["bots"][s]  # paired: every level sat here in turn
        print(f"{s + 1:>4}  {bot:<6} {stats['win_rate'][s]:>8.1%}  {stats['mean_score'][s]:>10.2f}")
    if args.paired:
        print(f"each seed played {plural(stats['seats'], 'time')}, once for each turn of the levels round the table:")
        print(f"{'level':<8} {'seat':>4} {'games':>6} {'win rate':>9}  95 % interval")
        rows = [(lvl, "all", r) for lvl, r in stats["levels"].items()]
        rows += [(key.split("@")[0], key.split("@")[1], r) for key, r in stats["level_seats"].items()]
        for lvl, seat, r in rows:
            print(f"{lvl:<8} {seat:>4} {r['games']:>6} {r['win_rate']:>9.1%}  {r['low']:.1%}–{r['high']:.1%}")
    print(f"mean game length: {stats['mean_moves']:.1f} moves")
    print(f"speed: {stats['games_per_second']:.1f} games per second ({stats['seconds']:.2f} s)")
    return 0
