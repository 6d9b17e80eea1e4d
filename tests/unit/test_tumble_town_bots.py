"""Tumble Town's bots: legal moves in every mode, and a hard bot that plays for the mission
card it is on (Mission 5: "Gain at least 13 points from Main Street")."""

from __future__ import annotations

import pytest

from tabletown.engine.bots import bot_game
from tabletown.engine.prng import Rng, seed_state
from tabletown.games.tumble_town.content import PLAN_BY_NAME
from tabletown.games.tumble_town.game import BOTS, RULES, SPEC
from tabletown.games.tumble_town.missions import extra_requirement
from tabletown.games.tumble_town.scoring import placements, street_points


def A(st, seat, action):
    return RULES.apply(st, seat, action)[0]


# ----------------------------------------------------------------------------------
# Legal moves in every mode


MODES = [
    (1, {"mode": "outlaw", "difficulty": "easy"}),
    (1, {"mode": "outlaw", "difficulty": "extra-hard", "town": "hard"}),
    (1, {"mode": "no-outlaw", "town": "cactus"}),
    (1, {"mode": "sole-surveyor", "town": "dueling", "surplus": True}),
    (1, {"mode": "outlaw", "no_main_street": True}),
    (2, {"town": "dueling", "mission": 5, "mission_seat2": 9}),
    (3, {"town": "cactus", "surplus": True}),
    (4, {"town": "hard"}),
] + [(1, {"mode": "outlaw", "difficulty": "medium", "mission": m, "mission_hard": m % 2 == 0}) for m in range(1, 11)]


@pytest.mark.parametrize("seats, options", MODES)
def test_both_bots_play_only_legal_moves_to_the_end_of_the_game(seats, options):
    st = RULES.setup(5, seats, SPEC.normalize(seats, options))
    rng = Rng(seed_state(5))
    steps = 0
    while not st["over"]:
        seat = RULES.active(st)[0]
        legal = RULES.legal(st, seat)
        level = "hard" if (seat + steps // 200) % 2 == 0 or seats == 1 else "easy"
        action = BOTS[level](RULES, RULES.view(st, seat), seat, legal, rng)
        assert action in legal
        st = A(st, seat, action)
        steps += 1
        assert steps < 2000
    assert RULES.outcome(st) is not None


def test_the_easy_bot_alone_plays_only_legal_moves_on_a_mission():
    st = RULES.setup(8, 1, SPEC.normalize(1, {"mode": "outlaw", "mission": 5}))
    rng = Rng(seed_state(8))
    while not st["over"]:
        legal = RULES.legal(st, 0)
        action = BOTS["easy"](RULES, RULES.view(st, 0), 0, legal, rng)
        assert action in legal
        st = A(st, 0, action)


# ----------------------------------------------------------------------------------
# Mission 5: "Gain at least 13 points from Main Street"
#
# The Easy card: north  h3, b1, g1, alley, h2, any, k1, h1
#                south  any, h1, y1, h2, alley, b1, any, h2


def _standing(name, side, start, mirror=False, colors=None):
    plan = PLAN_BY_NAME[name]
    spec = colors or [c if c not in ("any", "plain") else "brown" for c in plan["colors"]]
    return {"plan": plan["id"], "dice": [[c, 4] for c in spec], "at": [side, start, mirror], "used": False, "pen": 0}


def _placing(built, building, hand_too=()):
    """A solo game on mission 5 (Easy card), early on, with `built` standing and `building`
    constructed with the dice its plan asks for, waiting to be placed."""
    st = RULES.setup(4, 1, SPEC.normalize(1, {"mode": "outlaw", "difficulty": "medium", "mission": 5, "town": "easy"}))
    while st["phase"] != "main":
        legal = RULES.legal(st, 0)
        st = A(st, 0, legal[0])
    plan = PLAN_BY_NAME[building]
    pl = st["players"][0]
    pl["built"] = built
    pl["hand"] = [plan["id"]] + [PLAN_BY_NAME[n]["id"] for n in hand_too]
    st["build"] = {"plan": plan["id"], "dice": [[c, 4] for c in plan["colors"]]}
    return st


def test_on_mission_5_the_hard_bot_takes_the_one_spot_that_brings_main_street_to_13():
    built = [
        _standing("Barber Shop", 0, 1),   # brown on b1, gray on g1: 2
        _standing("Train Depot", 0, 4),   # any, black on k1, height 1 (h2 missed): 3, and the alley: 1
        _standing("Lookout", 1, 0, colors=["gold", "brown", "gold", "black"]),  # any, h1, gold on y1: 3
        _standing("Bakery", 1, 5),        # brown on b1, any: 2, and the alley between: 1
    ]
    st = _placing(built, "Water Tower", hand_too=["Chapel"])  # two towers of height 3: one plot asks for it
    pl = st["players"][0]
    assert street_points(pl["built"], "easy") == 12
    assert RULES.view(st, 0)["missions"][0] == 5 and not RULES.view(st, 0)["derived"]["last_round"]
    plan = PLAN_BY_NAME["Water Tower"]
    spots = placements(pl["built"], "easy", plan, st["build"]["dice"])
    reaching = [s for s in spots if s["gain"] >= 1]
    assert len(spots) >= 2 and len(reaching) == 1  # the height 3 plot; the other free plot asks for height 2

    legal = RULES.legal(st, 0)
    action = BOTS["hard"](RULES, RULES.view(st, 0), 0, legal, Rng(seed_state(1)))
    assert action["type"] == "place" and (action["side"], action["start"]) == (reaching[0]["side"], reaching[0]["start"])
    after = A(st, 0, action)["players"][0]
    assert street_points(after["built"], "easy") == 13
    assert extra_requirement(5, after, None, {"street": 13})


def test_the_expert_weighs_claims_and_builds_as_the_hard_bot_plans():
    """The expert searches a claim (which plan, which dice) among several moves, and inside a
    construction plays the click the hard bot's plan calls for, unsearched."""
    state = RULES.setup(11, 2, SPEC.normalize(2, {}))
    searched = {}
    for step in range(400):
        active = RULES.active(state)
        if not active or {"claim", "main"} <= set(searched):
            break
        seat = active[0]
        legal = RULES.legal(state, seat)
        view = RULES.bot_view(state, seat)
        if len(legal) > 1 and view["phase"] in ("claim", "main") and view["phase"] not in searched:
            search = BOTS["expert"].start(RULES, view, seat, legal, Rng(seed_state(step)))
            searched[view["phase"]] = len(search.moves)
            if view["phase"] == "main":
                assert search.moves == [BOTS["hard"](RULES, view, seat, legal, Rng(seed_state(step)))]
        state = RULES.apply(state, seat, BOTS["hard"](RULES, RULES.bot_view(state, seat), seat, legal, Rng(seed_state(step))))[0]
    assert searched["claim"] > 1 and searched["main"] == 1


def _first_claim(seed: int):
    """A two-player table at its first claim with more plans to claim than the expert weighs."""
    state = RULES.setup(seed, 2, SPEC.normalize(2, {}))
    seat = RULES.active(state)[0]
    assert state["phase"] == "claim"
    return state, seat, RULES.legal(state, seat), RULES.bot_view(state, seat)


def test_the_expert_weighs_the_claims_the_hard_bot_rates_next_best():
    """Beside the hard bot's claim, the expert tries the ones the hard bot would have made had
    that one not been there, and the next, and so on: its runners-up, not a random few."""
    for seed in (1, 2, 3):
        state, seat, legal, view = _first_claim(seed)
        moves = BOTS["expert"].start(RULES, view, seat, legal, Rng(seed_state(seed))).moves
        assert len(legal) > len(moves) > 2
        for k, move in enumerate(moves):
            rest = [a for a in legal if a not in moves[:k]]
            assert move == BOTS["hard"](RULES, view, seat, rest, Rng(seed_state(seed)))


def test_the_experts_imagined_turn_is_played_to_its_end():
    """A claim is judged by what the turn builds with it: the imagined table is played on until
    the next player's turn begins."""
    from tabletown.games.tumble_town.bots import finish_turn

    state, seat, legal, view = _first_claim(4)
    after = RULES.apply(state, seat, legal[0])[0]
    played = finish_turn(RULES, after, Rng(seed_state(4)))
    assert after["turn"] == seat and played["turn"] != seat and played["phase"] == "claim"


def _finished_solo(seed: int, mode: str):
    """A solo game played to its end by the hard bot."""
    return bot_game(RULES, BOTS, ["hard"], RULES.setup(seed, 1, SPEC.normalize(1, {"mode": mode})), seed)[0]


def test_the_solo_expert_plays_for_points_on_the_chart_not_for_an_early_end():
    """With no Outlaw, a solo game is scored on the chart: every finished game is "won", so a
    search that called a finished table perfect would race to end the game. The expert judges
    a finished table by its points, on the same scale as a table still in play; against the
    Outlaw, a finished table is won or lost."""
    from tabletown.games.tumble_town.bots import judged

    finished = sorted((_finished_solo(seed, "no-outlaw") for seed in (1, 2, 3, 4)), key=lambda st: RULES.tally(st)[0])
    scores = [RULES.tally(st)[0] for st in finished]
    assert scores[0] < scores[-1]
    judgements = [judged(RULES, st, 0) for st in finished]
    assert judgements == sorted(judgements) and judgements[0] < judgements[-1] < 1.0
    # A table still in play is judged on the same scale: at the start, with no points and two dice
    # kept for the turns to come, below them all, and above the same table with no dice.
    playing = RULES.setup(1, 1, SPEC.normalize(1, {"mode": "no-outlaw"}))
    assert judged(RULES, _with(playing, s0_dice=[]), 0) == 0.0 < judged(RULES, playing, 0) < judgements[0]
    against = _finished_solo(1, "outlaw")
    assert judged(RULES, against, 0) == (1.0 if RULES.outcome(against)["solo_won"] else 0.0)


def _midgame(seed: int):
    """A two-player table played by hard bots until seat 1 has built something, before the last
    round: a table the expert might imagine."""
    state = RULES.setup(seed, 2, SPEC.normalize(2, {}))
    for step in range(2000):
        if state["players"][1]["built"] and state["phase"] == "claim":
            break
        seat = RULES.active(state)[0]
        legal = RULES.legal(state, seat)
        state = A(state, seat, BOTS["hard"](RULES, RULES.bot_view(state, seat), seat, legal, Rng(seed_state(step))))
    assert state["players"][1]["built"] and not state["ending"] and not state["over"]
    return state


def _with(state, **changes):
    import copy

    changed = copy.deepcopy(state)
    for key, value in changes.items():
        seat, field = key.split("_", 1)
        changed["players"][int(seat[1:])][field] = value
    return changed


def test_the_expert_counts_the_dice_a_player_keeps_for_the_turns_to_come():
    """Between two tables level on points, the one where the expert keeps more dice in its
    Storehouse is better for it (a turn that builds nothing may save its dice for a better
    building), and dice the other player keeps are worse for it; once the last round has begun,
    kept dice build nothing more and count for nothing."""
    from tabletown.games.tumble_town.bots import judged

    state = _midgame(5)
    mine, theirs = state["players"][0]["dice"], state["players"][1]["dice"]
    more_mine = _with(state, s0_dice=mine + [["gold", 6]])
    more_theirs = _with(state, s1_dice=theirs + [["gold", 6]])
    assert judged(RULES, more_theirs, 0) < judged(RULES, state, 0) < judged(RULES, more_mine, 0)
    last = dict(state, ending=True)
    assert judged(RULES, dict(more_mine, ending=True), 0) == judged(RULES, last, 0)


def test_the_expert_counts_its_own_horse_and_not_the_one_it_cannot_see():
    """The expert knows its own Horse and weighs the buildings that match it; the other
    player's Horse is hidden, so its imagined Horse changes nothing."""
    from tabletown.games.tumble_town.bots import judged
    from tabletown.games.tumble_town.content import HORSES, PLANS

    state = _midgame(6)
    styles = {PLANS[b["plan"]]["style"] for b in state["players"][1]["built"]}
    horses = range(len(HORSES))
    as_seen_by_0 = {judged(RULES, _with(state, s1_horse=h), 0) for h in horses}
    assert len(as_seen_by_0) == 1
    matching = [h for h in horses if HORSES[h]["icon"] in styles]
    other = [h for h in horses if HORSES[h]["icon"] not in styles]
    assert matching and other
    assert judged(RULES, _with(state, s1_horse=matching[0]), 1) > judged(RULES, _with(state, s1_horse=other[0]), 1)
