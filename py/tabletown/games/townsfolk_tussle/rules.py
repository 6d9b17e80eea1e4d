"""Townsfolk Tussle on the game kit: the state, who acts, what they may do, and what each seat sees.

A seat is one townsfolk (the solo variant gives one person three seats; Doublin' Down two people
two each). Hidden: the order of every deck, the face-down Ruffians on the Town Map, each
townsfolk's unaccomplished Feats and secret Town Events (seen by their owner only).

A state is plain JSON, with no English in it. Cards and gear are ids of the content (content.py);
a piece of gear in play is an instance id ("old-pitchfork", or "lucky-coin#2" for a second copy).
R ("R") names the Ruffian wherever a character is named; townsfolk are seat numbers.

- "rng": the PRNG words; "v": the rules version the game began under
- "variant": {"solo", "doublin", "trading", "map"}; "unlocked": the Ruffians whose unlocks are in play
- "stage": what the game waits for or does next, {"kind", "seat", ...}: kind is pick, reset, shop,
  position, turn, discard or over (a seat acts; see match.py), or town, events, fight, open, flow or
  ending (run by themselves); a reset also keeps "pledged" and "left", a shop "passes", a discard "left"
- "round": the fight now or last fought (1 to 4); "map_hidden", "map_seen": the Town Map's Ruffians
  face down (the next fight's first) and those already fought
- "bar": the Buyin'/Beatin' bar, seats in Beatin' order (Buyin' is the reverse)
- "folk": per seat {"id" (townsfolk id, None until picked), "hp", "coins", "eq" (slot -> gear or None),
  "stash", "pos" ([column, row] or None off the board), "out" (a removal until it ends, or None),
  "ko", "feats" (in hand), "done" (accomplished Feats), "won", "secrets" (secret Town Events), "counters"}
- "charges": counters on a piece of gear, by instance; "effects": timed effects in play, each
  {"k": stat | boost, "who", ..., "until"}; "uses": uses of once-per abilities and "tally": counts
  of things done, each by scope (turn, phase, fight, game)
- "peddler": {"deck", "shop" (the Peddler's table), "gone"}; "feat_deck", "feats_gone",
  "event_deck", "events_gone": the Feat and Town Event decks and their discards (the end of a
  deck list is its bottom: cards are drawn from the front)
- "fight": None in town; in a fight the Ruffian and the landscape: "rid", "level", "final", "pos"
  (the top-left square of its 2 × 2 footprint), "face" (n, e, s, w), "hp", "max", "out", "deck",
  "disc", "top" (a revealed next card), "card" and "targets" (the action card being played),
  "kept" (cards kept in front of townsfolk), "counters", "stolen" ({"g", "owner"} per piece),
  "weak" (the weakness is active), "terrain" (pieces {"t", "piece", "cells", "door", "gone", "exh"}),
  "tcount" (counters on terrain cards), "order" and "cur" (turn order, R first, and whose turn),
  "tn" (the turn number), "turn" ({"who", "n", "mv" and "mx" (MVMT and MOX spent), "att" (attacks
  made), "stopped"} or None), "turns" (turns taken by each), "reload" (when each ranged weapon may
  fire again), "sheriff", "ko_order", "first" (how often each trigger event came), "bonus" (extra
  Ruffian actions owed), "skip", "reshuffle", "end_turn", "looted", "special" (the special objective
  met), "result", "trail", "walk_from" and "pushes" (what the last card did on the grid, drawn on
  the board), "keeping", "started"
- "result": None until the game ends, then its ending; "pending": None, or a question asked in the
  middle of an action: {"q": the question, "base": the state before the action, "job": [seat,
  action], "answers": those given so far, "emitted": how many events were told already}. The
  action is played again from "base" with one more answer each time (play.py, `Suspend`).

Log events are {"t": type, ...} in snake_case; the fields a player's phrase reads name what they
are: "who" (a seat, or a Ruffian id), "gear" (and "taken" in a trade), "terrain" (a terrain id).

Actions: {"type": "pick", "folk", "alt"}, pledge / no-reset, buy / sell / equip / unequip / give /
pass in the shop, {"type": "start", "at"}, and in a turn move, attack, interact, use, equip,
unequip, end; discard-feat / keep-feats after a fight; {"type": "answer", "v"} to a question.

The rules themselves are in the `Match` mixins (see match.py), played on the kit's Move.
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.events import StateAtEachEvent
from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.rules import BadSetup, IllegalAction, Rules, State, is_listed, make_team_outcome, seat_token
from tabletown.engine.zones import HIDDEN, OWNER, Zone, Zones

from . import SPEC, unlock_option
from . import content as C
from .match import Match
from .phrases import PHRASES, gather_steps, is_ruffian, prompt_for
from .play import R, Suspend

SQUARE_QUESTIONS = ("push", "place", "dash", "spot", "terrain-spot")

# The rules topic (data/pages/rule_index.json) of each step a seat is asked to play, and of the
# "choose a piece of gear" question by what the piece is chosen for.
STAGE_TOPICS = {"pick": "prompt:pick", "reset": "prompt:reset", "shop": "prompt:shop", "position": "prompt:position",
                "turn": "prompt:turn", "discard": "prompt:discard-feats"}
GEAR_QUESTION_TOPICS = {"attack": "prompt:gear-attack", "discard": "prompt:gear-discard",
                        "recover": "prompt:gear-recover", "take": "prompt:gear-take", "give": "prompt:gear-give"}


def earned(campaign: Any, key: str, known: Any = None) -> list[str]:
    """The names under `key` of a campaign's data (only those in `known`, if given), sorted, each once.

    A campaign comes from storage or a link: anything that is not a list of names (a damaged
    or hand-edited campaign) counts as nothing earned rather than stopping the game."""
    found = campaign.get(key) if isinstance(campaign, dict) else None
    if not isinstance(found, list):
        return []
    return sorted({n for n in found if isinstance(n, str) and (known is None or n in known)})


def new_state(seed: int, seats: int, options: dict[str, Any], campaign: Optional[dict[str, Any]],
              version: int = SPEC.rules_version) -> dict[str, Any]:
    words = seed_state(seed)
    rng = Rng(words)
    unlocked = sorted(set(earned(campaign, "unlocked", C.RUFFIANS))
                      | {r for r in C.RUFFIAN_IDS if options.get(unlock_option(r))})
    pool = C.playable_ruffians()
    if len(pool) < C.SETUP["fights"]:
        raise BadSetup("Townsfolk Tussle needs four Ruffians with action decks.")
    pool = list(pool)
    rng.shuffle(pool)
    peddler = list(C.PEDDLER_CARDS) + [g for rid in unlocked for g in C.PEDDLER_UNLOCKS[rid]]
    rng.shuffle(peddler)
    no_secrets = bool(options.get("solo") or options.get("doublin_down"))
    events = [e for e in C.EVENT_CARDS if not (no_secrets and C.base_id(e) in C.SECRET_EVENTS)]
    rng.shuffle(events)
    feats = list(C.FEAT_CARDS)
    rng.shuffle(feats)
    folk = [{"id": None, "hp": 0, "coins": 0, "eq": {s: None for s in ("left-hand", "right-hand", "head", "chest",
                                                                       "leg", "accessory")},
             "stash": [], "pos": None, "out": None, "ko": False, "feats": [], "done": [], "won": 0,
             "secrets": [], "counters": {}} for _ in range(seats)]
    return {
        "rng": words,
        "v": version,
        "variant": {"solo": bool(options.get("solo")), "doublin": bool(options.get("doublin_down")),
                    "trading": bool(options.get("trading")), "map": options.get("town_map", "standard")},
        "unlocked": unlocked,
        "stage": {"kind": "pick", "seat": 0},
        "round": 0,
        "map_hidden": pool[:C.SETUP["fights"]],
        "map_seen": [],
        "bar": list(range(seats)),
        "folk": folk,
        "charges": {},
        "effects": [],
        "uses": {"turn": {}, "phase": {}, "fight": {}, "game": {}},
        "tally": {"turn": {}, "fight": {}, "game": {}},
        "peddler": {"deck": peddler, "shop": [], "gone": []},
        "feat_deck": feats, "feats_gone": [],
        "event_deck": events, "events_gone": [],
        "fight": None,
        "result": None,
        "pending": None,
    }


_LEAVES = (str, int, bool, type(None))


def copy_json(value: Any) -> Any:
    """A deep copy of JSON data that copies lists of plain values in one go (decks are long)."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        if all(isinstance(v, _LEAVES) for v in value):
            return value[:]
        return [copy_json(v) for v in value]
    return value


def mask(zones: Zones, state: dict[str, Any], seat: Optional[int]) -> dict[str, Any]:
    """What `zones.mask` gives (the same masked copy), made with a quicker copy."""
    view = {k: copy_json(v) for k, v in state.items() if k != "rng"}
    for place in zones.hidden_from(view, seat):
        value = place.value
        if isinstance(value, list):
            place.container[place.key] = [None] * len(value)
        elif value is not None:
            place.container[place.key] = "?"
    return view


def annotate(events: list[dict[str, Any]], state: dict[str, Any]) -> list[dict[str, Any]]:
    """Name the townsfolk a seat plays in each event (the log says "Henlo ({seat0})")."""
    folk = [t["id"] for t in state["folk"]]
    for e in events:
        for key, out in (("who", "folk"), ("seat", "seat-folk"), ("to", "to-folk"), ("other", "other-folk"),
                         ("chosen", "chosen-folk"), ("by", "by-folk")):
            v = e.get(key)
            if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(folk):
                e[out] = folk[v]
        if e.get("t") in ("target", "tie"):
            e["folks"] = [folk[w] if isinstance(w, int) else None for w in e["who"]]
    return events


def of_ruffians_turn(e: dict[str, Any]) -> bool:
    """An event of the Ruffian's turn: its turn begins, it plays a card, or it walks (a move that
    answers a question in the middle of the Ruffian's turn tells only the rest of it)."""
    return (e["t"] == "turn" and is_ruffian(e.get("who"))) or e["t"] == "ruffian_step" \
        or (e["t"] == "reveal" and e.get("zone") == "action-deck")


class TownsfolkTussle(Rules):
    zones = Zones(
        Zone("map_hidden", HIDDEN, pool="ruffians"),
        Zone("peddler.deck", HIDDEN, pool="peddler"),
        Zone("feat_deck", HIDDEN, pool="feats"),
        Zone("folk.*.feats", OWNER, pool="feats"),
        Zone("event_deck", HIDDEN, pool="events"),
        # a townsfolk keeps only secret Town Events (the others are played when drawn)
        Zone("folk.*.secrets", OWNER, pool="events", fits=lambda eid: C.base_id(eid) in C.SECRET_EVENTS),
        Zone("fight.deck", HIDDEN, pool="cards"),
    )
    phrases = PHRASES

    def phrase(self, events):
        return super().phrase(gather_steps(events))

    # --- the contract -----------------------------------------------------------------------------
    def people(self, seats, options):
        # Solo: one player runs all three townsfolk; Doublin' Down: the first player runs
        # seats 1-2, the second seats 3-4 (the setup form says so).
        if options.get("solo"):
            return [0] * seats
        if options.get("doublin_down"):
            return [0, 0, 2, 2][:seats]
        return None

    def setup(self, seed, seats, options, campaign=None, version=None):
        self.spec.check_seats(seats)
        return new_state(seed, seats, options, campaign, version or SPEC.rules_version)

    def active(self, state):
        if state.get("result") is not None:
            return []
        q = state.get("pending")
        if q:
            return [q["q"]["seat"]]
        stage = state["stage"]
        if stage["kind"] in ("pick", "reset", "shop", "position", "turn", "discard"):
            return [stage["seat"]]
        return []

    def legal(self, state, seat):
        if seat not in self.active(state):
            return []
        q = state.get("pending")
        if q:
            return [{"type": "answer", "v": v} for v in q["q"]["opts"]]
        m = Match(state, [])
        kind = state["stage"]["kind"]
        if kind == "pick":
            return m.pick_actions()
        if kind == "reset":
            return m.reset_actions(seat)
        if kind == "shop":
            return m.shop_actions(seat)
        if kind == "position":
            return [{"type": "start", "at": sq} for sq in m.start_squares()]
        if kind == "turn":
            return m.turn_actions(seat)
        if kind == "discard":
            return [{"type": "discard-feat", "feat": f} for f in state["folk"][seat]["feats"]] + [{"type": "keep-feats"}]
        return []

    def params(self, state, seat):
        if seat not in self.active(state):
            return []
        q = state.get("pending")
        if q:
            if q["q"]["k"] in SQUARE_QUESTIONS:
                return [{"kind": "square", "action": {"type": "answer"}, "param": "v", "frame": "grid",
                         "label": "Choose a square"}]
            return []
        kind = state["stage"]["kind"]
        if kind == "turn":
            if not Match(state, []).move_targets(seat):  # no MVMT left, or hemmed in: no Move to offer
                return []
            return [{"kind": "square", "action": {"type": "move"}, "param": "to", "frame": "grid",
                     "label": "Move"}]
        if kind == "position":
            return [{"kind": "square", "action": {"type": "start"}, "param": "at", "frame": "grid",
                     "label": "Starting square"}]
        return []

    def check_param(self, state, seat, action):
        if action not in self.legal(state, seat):
            raise IllegalAction("That square cannot be chosen now.")

    def apply(self, state, seat, action):
        new, events, _ = self._play(state, seat, action)
        return new, events

    def substeps(self, state, seat, action):
        """A move in which the Ruffian takes its turn is stepped through as the log tells it: a step
        at each event the log tells and at each square walked, with the state as it stood then."""
        new, events, recorded = self._play(state, seat, action, keep_states=True)
        if not any(of_ruffians_turn(e) for e in events):
            return []
        skip = len(recorded) - len(events)  # the events of earlier answers to this move's questions
        starts = [n for n, e in enumerate(events) if e["t"] == "ruffian_step" or PHRASES[e["t"]](e)]
        if not starts:
            return []
        starts[0] = 0  # what goes untold before the first told event belongs to the first step
        ends = starts[1:] + [len(events)]
        steps = [(recorded.states[skip + end - 1], events[start:end]) for start, end in zip(starts, ends)]
        steps[-1] = (new, steps[-1][1])  # the last step ends where the move does
        return steps if len(steps) > 1 else []

    def _play(self, state, seat, action, keep_states=False):
        """Play one action: the new state, its events, and every event of the run (from the state
        before the first question answered), which `keep_states` makes keep the state at each."""
        if not isinstance(action, dict):
            raise IllegalAction("That is not a move.")
        if seat not in self.active(state):
            raise IllegalAction("It is not this townsfolk's turn.")
        legal = self.legal(state, seat)
        if action in legal and not is_listed(action, legal):  # equal only to Python: a true for a 1
            raise IllegalAction("That is not a move.")
        pending = state.get("pending")
        if pending:
            if action.get("type") != "answer" or "v" not in action or set(action) != {"type", "v"}:
                raise IllegalAction("Answer the question first.")
            base, job = pending["base"], pending["job"]
            answers = pending["answers"] + [action["v"]]
            skip = pending["emitted"]
        else:
            base, job, answers, skip = state, [seat, action], [], 0
        m = Match(copy_json(base), answers)
        if keep_states:
            m.ev = StateAtEachEvent(m.s)
        try:
            m.play(job[0], job[1])
            new = m.s
            new["pending"] = None
        except Suspend as q:
            new = m.s
            new["pending"] = {"base": base, "job": job, "answers": answers, "q": q.question, "emitted": len(m.ev)}
        if pending and m.asked < len(answers):
            raise IllegalAction("That answers no question.")
        return new, annotate(list(m.ev[skip:]), new), m.ev

    def reaction(self, state, seat):
        q = state.get("pending")
        if q and q["q"]["seat"] == seat and q["q"]["k"] == "react":
            return {"pass": {"type": "answer", "v": False}}
        return None

    # --- what a seat sees ------------------------------------------------------------------------------
    def view(self, state, seat):
        v = self.bot_view(state, seat)
        self.derive(state, v, seat)
        return v

    def bot_view(self, state, seat):
        """The masked state alone: the bots read the board from it (bots.reader); the derived
        figures are the board's, and costly to work out at every move of a search."""
        pending = state.get("pending")
        if pending:  # the state before the action is kept only to replay it; nobody is shown it
            state = dict(state, pending={k: v for k, v in pending.items() if k != "base"})
        return mask(self.zones, state, seat)

    def imaginable(self, view):
        # In the middle of an action the state it is played again from ("base") is in no view,
        # and without it no answer can be played: a table is imagined only between actions.
        return not view.get("pending")

    def derive(self, state, view, seat):
        m = Match(state, [])
        d: dict[str, Any] = {"over": state.get("result") is not None}
        folk = []
        for s in range(len(state["folk"])):
            t = state["folk"][s]
            if t["id"] is None:
                folk.append(None)
                continue
            folk.append({
                "max": m.max_hp(s), "mvmt": m.stat(s, "mvmt"), "mox": m.stat(s, "mox"), "acc": m.stat(s, "acc"),
                "points": sum(C.FEATS[f]["points"] for f in t["done"]),
                "sell": {g: m.sale_value(s, g) for g in m.owns(s) if m.sellable(s, g)}
                if state["fight"] is None and state["stage"].get("seat") == s else {},
            })
        d["folk"] = folk
        f = state["fight"]
        if f is not None:
            d["ruffian"] = {"mvmt": m.stat(R, "mvmt")}
            turn = f.get("turn")
            if turn and isinstance(turn.get("who"), int) and not state.get("pending"):
                who = turn["who"]
                d["turn"] = {"who": who, "mvmt": m.mvmt_left(who), "mox": m.mox_left(who),
                             "reach": m.reach_squares(who), "range": m.attack_range_cells(who),
                             "weapons": {g: {"range": m.weapon_range(who, g), "mox": m.weapon_cost(who, g)}
                                         for g in m.weapons(who) if C.gear_of(g)["weapon"].get("dmg") is not None},
                             "change": m.change_cost(who)}
        else:
            shopper = state["stage"].get("seat")  # prices and sale values are shown for whoever shops now
            d["prices"] = {g: m.price(shopper, g) for g in state["peddler"]["shop"]} if shopper is not None else {}
        view["derived"] = d

    def unseen(self, view, pool):
        if pool == "ruffians":
            return [r for r in C.playable_ruffians() if r not in view["map_seen"]]
        if pool == "peddler":
            seen = set(view["peddler"]["shop"]) | set(view["peddler"]["gone"])
            for t in view["folk"]:
                seen |= set(g for g in t["eq"].values() if g)
                seen |= set(t["stash"])
            if view.get("fight"):
                seen |= {x["g"] for x in view["fight"]["stolen"]}
            allp = list(C.PEDDLER_CARDS) + [g for rid in view["unlocked"] for g in C.PEDDLER_UNLOCKS[rid]]
            return [g for g in allp if g not in seen]
        if pool == "feats":
            seen = set(view["feats_gone"])
            for t in view["folk"]:
                seen |= set(t["done"]) | {x for x in t["feats"] if x is not None}
            return [f for f in C.FEAT_CARDS if f not in seen]
        if pool == "events":
            seen = set(view["events_gone"])
            for t in view["folk"]:
                seen |= {x for x in t["secrets"] if x is not None}
            no_secrets = view["variant"]["solo"] or view["variant"]["doublin"]
            return [e for e in C.EVENT_CARDS if e not in seen and not (no_secrets and C.base_id(e) in C.SECRET_EVENTS)]
        if pool == "cards":
            f = view["fight"]
            seen = set(f["disc"]) | {k["card"] for k in f["kept"]}
            if f["top"]:
                seen.add(f["top"])
            return [c for c in C.DECKS[f["rid"]] if c not in seen]
        return []

    # --- the end --------------------------------------------------------------------------------------------
    def outcome(self, state):
        res = state.get("result")
        if res is None:
            return None
        ending = C.ENDINGS[res["ending"]]
        names = [C.GEAR[g]["name"] for g in res["unlocks"]]
        text = ending["text"]
        if names:
            text += " Unlocked: " + " and ".join(names) + "."
        seats = len(state["folk"])
        details = []
        for t in state["folk"]:
            details.append({"Townsfolk": C.TOWNSFOLK[t["id"]]["short"] if t["id"] else "",
                            "Feats": len(t["done"]), "Feat points": sum(C.FEATS[f]["points"] for f in t["done"]),
                            "Coins": t["coins"]})
        return make_team_outcome(res["won"], res["ending"], f"{ending['number']}. {ending['title']}", text, seats,
                                 details=details, columns=["Townsfolk", "Feats", "Feat points", "Coins"],
                                 unlocks=res["unlocks"],
                                 scores=[sum(C.FEATS[f]["points"] for f in t["done"]) for t in state["folk"]])

    def prompt(self, state, seat):
        turn = state["stage"]["kind"] == "turn" and not state.get("pending") and seat in self.active(state)
        return prompt_for(state, seat, {a["type"] for a in self.legal(state, seat)} if turn else None)

    def topic(self, state: dict[str, Any], seat: int) -> Optional[str]:
        """The rules topic behind what `seat` is asked now, as `prompt` words it."""
        if seat not in self.active(state):
            return "prompt:game-over" if state.get("result") is not None else "prompt:waiting"
        pending = state.get("pending")
        if pending:
            q = pending["q"]
            if q["k"] == "gear":
                return GEAR_QUESTION_TOPICS.get(q.get("why"), "prompt:gear")
            return f"prompt:{q['k']}"
        kind = state["stage"]["kind"]
        f = state.get("fight")
        if f is not None and f["final"] and kind in ("position", "turn"):
            if kind == "position":
                return "prompt:final-position"
            return "prompt:sheriff-turn" if f["sheriff"] == seat else "prompt:final-turn"
        return STAGE_TOPICS.get(kind, "prompt:waiting")

    # --- the story of a game --------------------------------------------------------------------------------
    def tally(self, state):
        """Each townsfolk's Feat points so far (the sheriff is the one with the most)."""
        return [sum(C.FEATS[f]["points"] for f in t["done"]) for t in state["folk"]]

    def story(self, steps, final):
        """The fights (Ruffian, level, how it went, how long it took), the DMG each townsfolk dealt
        and took in each fight, and each townsfolk's Feats."""
        fights: list[list[Any]] = []
        dealt: list[list[Any]] = []
        taken: list[list[Any]] = []
        current: Optional[list[Any]] = None
        seats = range(len(final["folk"]))

        def fight_dmg(state: State, kind: str) -> list[int]:
            # the fight's own tally: reset when a fight begins, kept until the next one
            book = state["tally"]["fight"]
            return [book.get(str(seat), {}).get(kind, 0) for seat in seats]

        for _seat, _action, _events, state in steps:
            f = state["fight"]
            if f is not None and (current is None or current[1] != C.RUFFIANS[f["rid"]]["name"]):
                current = [len(fights) + 1, C.RUFFIANS[f["rid"]]["name"], C.LEVEL_NAMES[f["level"]], "", 0, 0]
                fights.append(current)
                dealt.append([current[0], current[1]] + [0] * len(seats))
                taken.append([current[0], current[1]] + [0] * len(seats))
            if current is not None and (f is not None or not current[3]):
                dealt[-1][2:] = fight_dmg(state, "dmg-dealt")
                taken[-1][2:] = fight_dmg(state, "dmg-taken")
            if f is not None and current is not None:
                current[4] = max([current[4]] + list(f["turns"].values()))
                current[5] = len(f["ko_order"])
            if f is None and current is not None and not current[3]:
                current[3] = "Defeated"
        if current is not None and not current[3] and final.get("result"):
            current[3] = "Won" if final["result"]["won"] else "Lost"
        feats = [[C.TOWNSFOLK[t["id"]]["short"] if t["id"] else "", len(t["done"]),
                  sum(C.FEATS[x]["points"] for x in t["done"]), ", ".join(C.FEATS[x]["name"] for x in t["done"]) or "—"]
                 for t in final["folk"]]
        return [
            {"title": "The fights", "columns": ["Fight", "Ruffian", "Level", "Result", "Rounds", "Knocked out"],
             "rows": fights},
            {"title": "DMG dealt in each fight",
             "columns": ["Fight", "Ruffian"] + [seat_token(seat) for seat in seats], "rows": dealt},
            {"title": "DMG taken in each fight",
             "columns": ["Fight", "Ruffian"] + [seat_token(seat) for seat in seats], "rows": taken},
            {"title": "Feats of Mettle", "columns": ["Townsfolk", "Feats", "Points", "Accomplished"], "rows": feats},
        ]

    # --- campaigns ------------------------------------------------------------------------------------------
    def campaign_options(self, campaign, names, options):
        """The unlocks this browser's campaign has earned, ticked in the new game's options (the page
        hands a game its campaign this way, and the record's options carry them into a share link)."""
        opts = dict(options)
        for rid in earned(campaign, "unlocked", C.RUFFIANS):
            opts[unlock_option(rid)] = True
        return opts

    def campaign_update(self, campaign, names, state):
        res = state.get("result")
        data = dict(campaign) if isinstance(campaign, dict) else {}
        if res is None:
            return campaign
        unlocked = sorted(set(earned(data, "unlocked", C.RUFFIANS)) | set(state.get("unlocked", []))
                          | ({res["ruffian"]} if res["unlocks"] else set()))
        endings = sorted(set(earned(data, "endings")) | {res["ending"]})
        data["unlocked"] = unlocked
        data["endings"] = endings
        return data


RULES = TownsfolkTussle(SPEC)
