"""Victory points at the end of a scenario.

Every scenario: +3 to a posse that holds the field (every other posse fled or was beaten).

- Dodge City Draw: +2 for each enemy posse member you killed; d6 (rolled at the time) for
  wounding Al Updegraff and d10 for killing Bat Masterson; -2 for each citizen you killed;
  -1 for each citizen in your posse.
- Riding Shotgun: the stagecoach's side scores 5 if the coach got away and 2 more if the
  strongbox went with it, 1 for each passenger alive and 2 for each bandit killed; the bandits
  score 6 if they hold or carried off the strongbox (or the coach's people skedaddled and
  left it to them), 4 if the coach did not get away and 2 for each of the coach's people
  killed.
- A free gunfight and the campaign's acts (a showdown): +2 for each enemy you killed and
  +1 for each of your characters still standing and steady (not Lily Livered) at the end.

Ties: fewer of your own characters killed, then more still standing.
"""

from __future__ import annotations

from typing import Any

from . import models as M


def _killed_by(st: M.State, seat: int) -> list[M.Model]:
    return [st["models"][k["victim"]] for k in st["kills"] if k["by"] == seat]


def lost(st: M.State, seat: int) -> int:
    return sum(1 for m in M.side_chars(st, seat) if m["status"] == M.DEAD)


def steady(st: M.State, seat: int) -> int:
    return sum(1 for m in M.side_chars(st, seat) if m["status"] == M.OK and not m["lily"])


def holds_field(st: M.State, seat: int) -> bool:
    alive = [s for s in range(st["seats"]) if not st["fled"][s] and not st["out"][s]]
    return alive == [seat] and st["seats"] > 1


# Rules version 10: in Dodge City Draw a tie on victory points and on men lost is a draw. Before,
# the posse with more men standing won it: when nobody fell that was always the Peacocks' four
# against Bat's three, so a fight in which neither posse fired was theirs.
DRAWN_TIE_FROM_VERSION = 10
TIE_BREAKS = ["", "fewer men lost", "more men standing"]  # the ranking's keys, named for the result


def drawn_on_men_lost(st: M.State) -> bool:
    """Whether a tie on victory points and men lost stays a draw (no third tie-break)."""
    return st["vp_rule"] == "dodge-city" and st["v"] >= DRAWN_TIE_FROM_VERSION


def ranking_keys(st: M.State, result: dict[str, Any]) -> list[tuple[int, ...]]:
    """What ranks the posses, best first: victory points, then fewer men lost, then (but in
    Dodge City Draw since version 10) more men standing."""
    keys = [(result["vp"][s], -result["lost"][s], result["standing"][s]) for s in range(st["seats"])]
    return [k[:2] for k in keys] if drawn_on_men_lost(st) else keys


def final_result(st: M.State) -> dict[str, Any]:
    n = st["seats"]
    lines: list[list[list[Any]]] = [[] for _ in range(n)]

    def add(seat: int, why: str, points: int, count: int = 1) -> None:
        if points:
            lines[seat].append([why, points, count])

    rule = st["vp_rule"]
    for s in range(n):
        victims = [v for v in _killed_by(st, s) if v["side"] != s or v["citizen"]]
        if rule == "dodge-city":
            enemies = [v for v in victims if not v["citizen"] and v["side"] != s]
            citizens_killed = [v for v in _killed_by(st, s) if v["citizen"]]
            add(s, "kills", 2 * len(enemies), len(enemies))
            add(s, "citizens-killed", -2 * len(citizens_killed), len(citizens_killed))
            mine = [m for m in M.side_chars(st, s) if m["citizen"]]
            add(s, "citizens", -len(mine), len(mine))
            # the dice rolled at the time: d6 for wounding Updegraff, d10 for killing Bat
            for why in ("updegraff", "bat"):
                add(s, why, sum(p for seat, w, p in st["flags"].get("vp_dice", []) if seat == s and w == why))
        elif rule == "riding-shotgun":
            coach_side = st["coach"]["side"]
            box = st["strongbox"]
            foes = [v for v in victims if v["side"] != s]
            add(s, "kills", 2 * len(foes), len(foes))
            # a coach whose people skedaddled is left standing with its strongbox for the taking
            abandoned = st["fled"][coach_side] and not st["coach"]["gone"]
            if s == coach_side:
                add(s, "coach-away", 5 if st["coach"]["gone"] else 0)
                add(s, "strongbox-safe", 2 if box["on"] == "coach" and st["coach"]["gone"] else 0)
                alive = [m for m in M.side_chars(st, s) if m.get("passenger") and m["status"] != M.DEAD]
                add(s, "passengers", 0 if abandoned else len(alive), len(alive))
            else:
                held = box["on"] == "away" or (box["on"] == "model" and st["models"][box["model"]]["side"] == s)
                add(s, "strongbox-taken", 6 if held or (abandoned and box["on"] in ("coach", "ground")) else 0)
                add(s, "coach-stopped", 4 if not st["coach"]["gone"] and not st["fled"][s] else 0)
        else:
            foes = [v for v in victims if v["side"] != s]
            add(s, "kills", 2 * len(foes), len(foes))
            k = steady(st, s) if not st["fled"][s] else 0
            add(s, "standing", k, k)
        if holds_field(st, s):
            add(s, "field", 3)
    vp = [sum(p for _, p, _ in lines[s]) for s in range(n)]
    return {"vp": vp, "lines": lines, "why": st["end"],
            "lost": [lost(st, s) for s in range(n)], "standing": [steady(st, s) for s in range(n)]}
