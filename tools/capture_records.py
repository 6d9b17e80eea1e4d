"""Freeze game records as players hold them, so later versions can prove they still open.

    python tools/capture_records.py            # adds missing records to tests/fixtures/records/<game>.json
    python tools/capture_records.py --reword   # rewrites only the log lines, after a change of wording

Each record is played with a mix of bot levels and random choices, and stored with
what a player saw at every step: who was asked, a digest of the moves they were
offered, and the log line. `tests/unit/test_old_records.py` replays every stored
record (and its share link) with today's rules and compares step by step.

Records already in a fixture file are never made again: they are history. A plan line
names the rules version it was made under; only lines of a game's current version that
have no record yet are played and appended. Add lines when a game's rules version goes
up on purpose; never run this to "fix" a failing test.

`--reword` is for a change of the log's words alone: it replays every stored record and
stops, changing nothing, unless every step still asks the same seats, offers the same
moves, and the game ends (or not) with the same outcome and undo; only then does it
write the new log lines in place of the old.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from tabletown import games  # noqa: E402
from tabletown.engine.codec import encode_link  # noqa: E402
from tabletown.engine.prng import Rng, seed_state  # noqa: E402
from tabletown.engine.session import Session, new_record  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "records"

# (game, seat kinds, options, seed, stop after N moves or None for a whole game)
PLAN: list[tuple[str, list[str], dict, int, int | None]] = [
    ("tavern-tussle", ["random", "easy", "hard"], {}, 11, None),
    ("tavern-tussle", ["random", "random"], {}, 12, None),
    ("tavern-tussle", ["easy", "random", "hard", "random"], {"advanced": True}, 13, None),
    ("tavern-tussle", ["random", "random", "random"], {"advanced": True, "youngest": 3}, 14, None),
    ("tavern-tussle", ["random", "hard", "random", "easy"], {}, 15, 40),
    # Tavern Tussle rules version 2 (the Hare's Cheers Heroes add 3 each; every tie by the order from youngest to oldest).
    ("tavern-tussle", ["random", "easy", "hard"], {}, 16, None),
    ("tavern-tussle", ["random", "random"], {}, 17, None),
    ("tavern-tussle", ["easy", "random", "hard", "random"], {"advanced": True, "youngest": 2143}, 18, None),
    ("tavern-tussle", ["random", "random", "random"], {"advanced": True, "youngest": 132}, 19, None),
    ("tavern-tussle", ["random", "hard", "random", "easy"], {"youngest": 3}, 20, 40),
    # Tavern Tussle rules version 3 (each Taverner card's Story Points join its player's final score).
    ("tavern-tussle", ["random", "easy", "hard"], {}, 81, None),
    ("tavern-tussle", ["hard", "random"], {}, 82, None),
    ("tavern-tussle", ["easy", "random", "hard", "random"], {"advanced": True, "youngest": 2143}, 83, None),
    ("tavern-tussle", ["random", "random", "random", "random"], {"youngest": 4}, 84, None),
    ("tavern-tussle", ["random", "hard", "random"], {"advanced": True}, 85, 40),
    # Tavern Tussle rules version 4 (the Taverner cards' Story Points retuned by measurement).
    ("tavern-tussle", ["random", "easy"], {}, 86, None),
    ("tavern-tussle", ["random", "easy", "random"], {"youngest": 2}, 87, None),
    ("tavern-tussle", ["easy", "random", "random", "random"], {"advanced": True}, 88, None),
    ("tavern-tussle", ["random", "hard", "random", "random"], {}, 89, 30),
    # Tavern Tussle rules version 5 (Story Points retuned again; the 4-player Advanced Variant has its own).
    ("tavern-tussle", ["random", "easy"], {}, 101, None),
    ("tavern-tussle", ["easy", "random", "random", "random"], {}, 102, None),
    ("tavern-tussle", ["random", "random", "easy", "random"], {"advanced": True, "youngest": 2}, 103, None),
    ("tavern-tussle", ["random", "hard", "random"], {"advanced": True}, 104, 30),
    # Tavern Tussle rules version 6 (the rulebook's scoring, the stories alone; the Taverner cards' points are an option).
    ("tavern-tussle", ["random", "easy", "hard"], {}, 105, None),
    ("tavern-tussle", ["easy", "random"], {"taverner_bonus": True}, 106, None),
    ("tavern-tussle", ["random", "random", "easy", "random"], {"advanced": True, "youngest": 3}, 107, None),
    ("tavern-tussle", ["random", "hard", "random", "random"], {"taverner_bonus": True, "advanced": True}, 108, 30),
    ("torches-and-pitchforks", ["random", "easy"], {"target": 20}, 21, None),
    ("torches-and-pitchforks", ["random", "hard", "random"], {}, 22, None),
    ("torches-and-pitchforks", ["easy", "random", "hard", "random", "random"], {"target": 20}, 23, None),
    ("torches-and-pitchforks", ["random", "random", "random", "random"], {"target": 40}, 24, 150),
    # Torches & Pitchforks rules version 2 (any-time windows, Defense before Fight or Flee, who comes back).
    ("torches-and-pitchforks", ["random", "easy"], {"target": 20}, 25, None),
    ("torches-and-pitchforks", ["random", "hard", "random"], {}, 26, None),
    ("torches-and-pitchforks", ["easy", "random", "hard", "random", "random"], {"target": 20}, 27, None),
    ("torches-and-pitchforks", ["hard", "random", "random", "easy"], {"target": 40}, 28, 200),
    # Torches & Pitchforks rules version 3 (Adam keeps 6 cards but refills to 5; Lucky Lowry saves one from a Kill).
    ("torches-and-pitchforks", ["random", "hard"], {"target": 20}, 51, None),
    ("torches-and-pitchforks", ["hard", "random", "easy"], {}, 52, None),
    ("torches-and-pitchforks", ["random", "easy", "random", "hard", "random"], {"target": 20}, 53, None),
    ("torches-and-pitchforks", ["random", "random", "hard", "random", "easy"], {"target": 40}, 54, 250),
    # Torches & Pitchforks rules version 4 (an Early Harvest is discarded after its draw).
    ("torches-and-pitchforks", ["random", "easy", "random"], {"target": 20}, 55, None),
    ("torches-and-pitchforks", ["hard", "random", "random", "random", "easy"], {"target": 40}, 56, 250),
    # Torches & Pitchforks rules version 5 (Action cards during another player's Hunt!, Recoup and Discard).
    ("torches-and-pitchforks", ["random", "easy", "random"], {"target": 20}, 57, None),
    ("torches-and-pitchforks", ["hard", "random"], {"target": 20}, 58, None),
    ("torches-and-pitchforks", ["random", "hard", "random", "easy"], {"target": 40}, 59, 250),
    ("tumble-town", ["random"], {"mode": "outlaw", "difficulty": "hard"}, 31, None),
    ("tumble-town", ["hard"], {"mode": "no-outlaw"}, 32, None),
    ("tumble-town", ["random"], {"mode": "sole-surveyor"}, 33, None),
    ("tumble-town", ["random", "hard"], {"town": "cactus"}, 34, None),
    ("tumble-town", ["random", "easy", "random"], {"town": "dueling", "surplus": True}, 35, None),
    ("tumble-town", ["random", "hard", "random", "easy"], {"no_main_street": True, "town": "hard"}, 36, None),
    ("tumble-town", ["random", "random"], {"mission": 3, "mission_seat2": 5}, 37, None),
    ("tumble-town", ["hard"], {"mission": 7, "mission_hard": True}, 38, None),
    ("tumble-town", ["random", "random", "random", "random"], {}, 39, 60),
    # rules version 2 (the Jail only when it can be completed; the 3-cactus back may take gold;
    # a Penalty token costs 1; the authored 2- and 3-cactus plans are worth one point more)
    ("tumble-town", ["random", "hard"], {}, 40, None),
    ("tumble-town", ["hard"], {"mode": "outlaw", "difficulty": "extra-hard"}, 41, None),
    ("tumble-town", ["random", "random", "hard"], {"town": "hard", "surplus": True}, 42, None),
    ("tumble-town", ["random"], {"mode": "sole-surveyor", "mission": 4}, 43, None),
    # Ruthless and Townsfolk Tussle, rules version 1 (the first records of each)
    ("ruthless", ["random", "hard"], {"scenario": "dodge-city"}, 61, None),
    ("ruthless", ["easy", "random"], {"scenario": "riding-shotgun"}, 62, None),
    ("ruthless", ["random", "random"], {"scenario": "gunfight", "table": "ranch"}, 63, 150),
    ("ruthless", ["random", "hard", "random", "easy"], {"scenario": "gunfight", "table": "wash", "small": True}, 64, 150),
    ("ruthless", ["random", "hard"], {"scenario": "campaign"}, 65, 200),
    # Ruthless rules version 2 (points never further than allowed: the stagecoach's suggested
    # turns roll 6"; a fresh pick is taken back with Undo, not swapped by another pick)
    ("ruthless", ["hard", "random"], {"scenario": "riding-shotgun"}, 91, None),
    ("ruthless", ["random", "easy"], {"scenario": "riding-shotgun"}, 92, 200),
    ("ruthless", ["random", "hard"], {"scenario": "dodge-city"}, 93, 200),
    ("ruthless", ["random", "random", "easy"], {"scenario": "gunfight", "table": "canyon", "small": True}, 94, 150),
    ("ruthless", ["hard", "random"], {"scenario": "campaign"}, 95, 150),
    # Ruthless rules version 3 (the ready-made Cowboys ride with Johnny Ringo, not Billy Claiborne)
    ("ruthless", ["random", "hard"], {"scenario": "gunfight", "table": "town"}, 121, 150),
    ("ruthless", ["hard", "random"], {"scenario": "gunfight", "table": "wash", "posse1": "cowboys", "posse2": "cowboys"}, 122, 150),
    ("ruthless", ["random", "easy"], {"scenario": "dodge-city"}, 123, 150),
    # Ruthless rules version 4 (Dirty Cheat's swap is no action; the log names each Skedaddle roll)
    ("ruthless", ["random", "hard"], {"scenario": "dodge-city"}, 131, None),
    ("ruthless", ["hard", "random"], {"scenario": "gunfight", "table": "town", "posse1": "hired-guns", "posse2": "peacock"}, 132, 200),
    ("ruthless", ["random", "easy", "random"], {"scenario": "gunfight", "table": "ranch", "posse1": "bandits", "posse2": "earps",
                                               "posse3": "peacock"}, 133, 150),
    # Ruthless rules version 5 (Dodge City Draw: Updegraff in the hotel's doorway, Skene in the Long Branch's)
    ("ruthless", ["random", "hard"], {"scenario": "dodge-city"}, 141, None),
    ("ruthless", ["hard", "random"], {"scenario": "dodge-city"}, 142, 200),
    ("ruthless", ["random", "hard"], {"scenario": "riding-shotgun"}, 143, None),
    # Ruthless rules version 6 (Riding Shotgun: Curly Deane and Dutch Henry wait beside their rocks, 3″ further west)
    ("ruthless", ["hard", "random"], {"scenario": "riding-shotgun"}, 151, None),
    ("ruthless", ["random", "easy"], {"scenario": "riding-shotgun"}, 152, 120),
    # ... and free gunfights with every ready-made posse but the Earps and the Cowboys, as they rode under version 6
    ("ruthless", ["random", "hard", "random", "easy"], {"scenario": "gunfight", "table": "ranch", "posse1": "masterson",
                                                        "posse2": "hired-guns", "posse3": "bandits", "posse4": "coach",
                                                        "small": True}, 153, 150),
    ("ruthless", ["hard", "random"], {"scenario": "gunfight", "table": "town", "posse1": "peacock", "posse2": "masterson"},
     154, 150),
    # Ruthless rules version 7 (the ready-made posses even against the Earps): four and three posses
    # in the town and the dry wash, as they played before version 8 changed how a move meets two enemies
    ("ruthless", ["hard", "random", "easy", "random"], {"scenario": "gunfight", "table": "town", "posse1": "earps",
                                                        "posse2": "cowboys", "posse3": "masterson", "posse4": "peacock",
                                                        "small": True}, 161, 150),
    ("ruthless", ["random", "hard", "random", "hard"], {"scenario": "gunfight", "table": "wash", "posse1": "hired-guns",
                                                        "posse2": "bandits", "posse3": "coach", "posse4": "earps",
                                                        "small": True}, 162, 150),
    ("ruthless", ["random", "easy", "hard"], {"scenario": "gunfight", "table": "wash", "posse1": "cowboys",
                                             "posse2": "earps", "posse3": "peacock"}, 163, 150),
    # Ruthless rules version 8 (a move within reach of two enemies meets the nearest): three posses in
    # the town, the ranch and the canyon and four in the town, deployed as before version 9 gave a game
    # of three its own areas and moved the town's third and fourth
    ("ruthless", ["hard", "random", "easy"], {"scenario": "gunfight", "table": "town", "posse1": "masterson",
                                             "posse2": "earps", "posse3": "cowboys"}, 171, 150),
    ("ruthless", ["random", "hard", "random"], {"scenario": "gunfight", "table": "ranch", "posse1": "bandits",
                                               "posse2": "hired-guns", "posse3": "earps", "small": True}, 172, 150),
    ("ruthless", ["easy", "random", "hard"], {"scenario": "gunfight", "table": "canyon", "posse1": "earps",
                                             "posse2": "coach", "posse3": "peacock"}, 173, 150),
    ("ruthless", ["random", "hard", "random", "easy"], {"scenario": "gunfight", "table": "town", "posse1": "peacock",
                                                        "posse2": "bandits", "posse3": "earps", "posse4": "masterson",
                                                        "small": True}, 174, 150),
    # Ruthless rules version 10 (a tie on points and men lost is a draw in Dodge City Draw), captured
    # as version 11 moved Dutch Henry back: Riding Shotgun with the road agents where 6 to 10 put them
    ("ruthless", ["hard", "random"], {"scenario": "riding-shotgun"}, 181, None),
    ("ruthless", ["random", "easy"], {"scenario": "riding-shotgun"}, 182, 150),
    ("ruthless", ["random", "hard"], {"scenario": "dodge-city"}, 183, None),
    # Ruthless rules version 11 (in Riding Shotgun Dutch Henry waits behind his rocks again)
    ("ruthless", ["hard", "random"], {"scenario": "riding-shotgun"}, 191, None),
    ("ruthless", ["random", "hard"], {"scenario": "riding-shotgun"}, 192, 150),
    ("townsfolk-tussle", ["random", "easy"], {}, 71, 300),
    ("townsfolk-tussle", ["random", "random", "random"], {"solo": True}, 72, 200),
    ("townsfolk-tussle", ["hard", "random", "easy", "random"], {"doublin_down": True, "trading": True}, 73, 250),
    ("townsfolk-tussle", ["random", "hard", "random"], {"town_map": "rough", "unlocked_waggums": True}, 74, 150),
    # Townsfolk Tussle rules version 2 (buying a piece offers to equip it at once when a slot it fits is free)
    ("townsfolk-tussle", ["random", "easy"], {}, 75, 200),
    ("townsfolk-tussle", ["random", "random", "hard"], {"trading": True}, 76, 150),
    # Townsfolk Tussle rules version 3 (the Ruffians fight back: more HP and DMG at each Town Map level)
    ("townsfolk-tussle", ["random", "hard", "easy"], {}, 77, 250),
    ("townsfolk-tussle", ["random", "easy"], {"town_map": "rough"}, 78, 200),
]


# Seeds of plan lines made under a rules version after the first, per game.
VERSIONS: dict[str, dict[int, set[int]]] = {
    "tavern-tussle": {2: {16, 17, 18, 19, 20}, 3: {81, 82, 83, 84, 85}, 4: {86, 87, 88, 89}, 5: {101, 102, 103, 104},
                      6: {105, 106, 107, 108}},
    "torches-and-pitchforks": {2: {25, 26, 27, 28}, 3: {51, 52, 53, 54}, 4: {55, 56}, 5: {57, 58, 59}},
    "tumble-town": {2: {40, 41, 42, 43}},
    "ruthless": {2: {91, 92, 93, 94, 95}, 3: {121, 122, 123}, 4: {131, 132, 133}, 5: {141, 142, 143}, 6: {151, 152, 153, 154},
                 7: {161, 162, 163}, 8: {171, 172, 173, 174}, 10: {181, 182, 183}, 11: {191, 192}},
    "townsfolk-tussle": {2: {75, 76}, 3: {77, 78}},
}


def digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


def capture(game_id: str, kinds: list[str], options: dict, seed: int, stop: int | None) -> dict:
    seats = [{"name": f"P{i + 1}", "kind": "human"} if k == "random" else {"name": f"B{i + 1}", "kind": "bot", "level": k}
             for i, k in enumerate(kinds)]
    game = games.load(game_id)
    session = Session(game, new_record(game, seats, options, seed))
    chooser = Rng(seed_state(seed * 31 + 7))
    steps = []
    while session.active() and (stop is None or len(steps) < stop):
        active = session.active()
        seat = active[chooser.below(len(active))]
        legal = session.rules.legal(session.state, seat)
        if session.is_bot(seat):
            line = session.bot_move(seat)
            action = session.record["log"][-1][1]
        else:
            action = legal[chooser.below(len(legal))]
            line = session.apply(seat, action)
        steps.append({"active": active, "seat": seat, "legal": digest(legal), "line": line})
    record = session.record
    return {
        "record": record,
        "link": encode_link(record),
        "steps": steps,
        "over": session.over(),
        "outcome": session.outcome(),
        "can_undo": session.can_undo(),
    }


def version_of(game_id: str, seed: int) -> int:
    """The rules version a plan line was made under: VERSIONS lists the seeds of later versions."""
    for version, seeds in VERSIONS.get(game_id, {}).items():
        if seed in seeds:
            return version
    return 1


def reword() -> None:
    for path in sorted(OUT.glob("*.json")):
        cases = json.loads(path.read_text())
        changed = 0
        for n, case in enumerate(cases):
            record = case["record"]
            session = Session(games.load(record["game"]), dict(record, log=[]))
            where = f"{path.name} record {n}"
            for step, ((seat, action), seen) in enumerate(zip(record["log"], case["steps"])):
                if session.active() != seen["active"] or digest(session.rules.legal(session.state, seat)) != seen["legal"]:
                    sys.exit(f"{where}, step {step}: the play changed, not only its words; nothing written")
                line = session.apply(seat, action)
                changed += line != seen["line"]
                seen["line"] = line
            outcome = session.outcome()
            same_end = session.over() == case["over"] and session.can_undo() == case["can_undo"] and all(
                (outcome or {}).get(k) == (case["outcome"] or {}).get(k) for k in ("scores", "places", "winners", "tiebreaks"))
            if not same_end or (outcome is None) != (case["outcome"] is None):
                sys.exit(f"{where}: the game ends differently; nothing written")
        path.write_text(json.dumps(cases, separators=(",", ":"), sort_keys=True) + "\n")
        print(f"{path.relative_to(ROOT)}: {changed} log lines reworded")


def main() -> None:
    if sys.argv[1:] == ["--reword"]:
        reword()
        return
    OUT.mkdir(parents=True, exist_ok=True)
    for game_id in dict.fromkeys(line[0] for line in PLAN):
        path = OUT / f"{game_id}.json"
        cases = json.loads(path.read_text()) if path.exists() else []
        have = {(c["record"]["seed"], c["record"]["rules_version"]) for c in cases}
        current = games.BY_ID[game_id].rules_version
        added = 0
        for line_game, kinds, options, seed, stop in PLAN:
            if line_game != game_id or version_of(game_id, seed) != current or (seed, current) in have:
                continue
            cases.append(capture(game_id, kinds, options, seed, stop))
            added += 1
        if added:
            path.write_text(json.dumps(cases, separators=(",", ":"), sort_keys=True) + "\n")
        print(f"{path.relative_to(ROOT)}: {len(cases)} records ({added} new)")


if __name__ == "__main__":
    main()
