"""How the Ruffian and the townsfolk it shoves move, from the rulebook's words and the content notes.

- "Face the target and move forward… If the target is positioned diagonally, the Ruffian will face
  the direction that will leave them closest to the target at the end of the movement. If the target
  is at a perfect diagonal from the Ruffian, players may choose a direction for the Ruffian to face."
- "If a Ruffian would specifically move forward and collide with terrain they cannot pass through,
  the movement ends."
- Pushes go straight away from the Ruffian (pulls straight toward it, ending next to it); a push
  stopped early by an obstacle, the Ruffian or the board's edge is a bump.
- "When a character is 'placed' rather than moved, it is done regardless of square distance"; the
  corners of the board, its centre and the Ruffian's starting square are places content names.
- A retreat takes the Ruffian as far from what it flees as its MVMT allows.
- "If the Ruffian can take multiple paths…, the players may choose the path."
- A Cowbell's wearer draws the Ruffian's single-target actions to themselves.
"""

from __future__ import annotations

import pytest

from tabletown.games.townsfolk_tussle import content as C
from tabletown.games.townsfolk_tussle.board import manhattan
from tabletown.games.townsfolk_tussle.match import Match
from tabletown.games.townsfolk_tussle.play import Ctx, Suspend
from tests.unit.test_townsfolk_support import Table, level_dmg


def open_field(ruffian_at=(5, 5), face="s") -> Table:
    """Qing & Kween's fight with every piece of terrain taken away; townsfolk in the far corners."""
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    t.f["terrain"] = []
    t.f["pos"], t.f["face"] = list(ruffian_at), face
    t.put(0, [0, 11])
    t.put(1, [11, 11])
    t.put(2, [0, 0])
    return t


def with_obstacle(t: Table, sq) -> None:
    t.f["terrain"] = [{"t": "town-pond", "piece": "main", "cells": [list(sq)], "door": None, "type": "obstacle",
                       "gone": False, "exh": False, "ff": None}]


def card_ctx(targets) -> Ctx:
    ctx = Ctx("card", "R", row="test")
    ctx.targets = list(targets)
    return ctx


def run(t: Table, step: dict, ctx: Ctx, answers=()) -> Match:
    m = Match(t.state, list(answers))
    m.terrain_changed()
    m.step(step, ctx)
    return m


# --- places on the board -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("corner, at", [("top-left", (0, 0)), ("top-right", (10, 0)), ("bottom-left", (0, 10)),
                                        ("bottom-right", (10, 10))])
def test_the_four_corners_of_the_board_fit_the_whole_ruffian(corner, at):
    t = open_field()
    m = Match(t.state, [])
    assert m.destination({"corner": corner}, card_ctx([])) == ("spots", [at])


@pytest.mark.parametrize("ruffian_at, nearest, farthest", [((1, 2), (0, 0), (10, 10)), ((9, 8), (10, 10), (0, 0)),
                                                           ((8, 1), (10, 0), (0, 10)), ((2, 9), (0, 10), (10, 0))])
def test_the_nearest_and_farthest_corner(ruffian_at, nearest, farthest):
    t = open_field(ruffian_at)
    m = Match(t.state, [])
    assert m.destination({"corner": "nearest"}, card_ctx([])) == ("spots", [nearest])
    assert m.destination({"corner": "farthest"}, card_ctx([])) == ("spots", [farthest])


def test_the_centre_and_the_starting_square():
    t = open_field((1, 1))
    m = Match(t.state, [])
    assert m.destination("center", card_ctx([])) == ("spots", [(5, 5)])
    assert m.destination("start", card_ctx([])) == ("spots", [tuple(C.RUFFIANS["qing-kween"]["landscape"]["r"])])
    assert m.destination("target", card_ctx([1])) == ("char", 1)
    assert m.destination("target", card_ctx([])) == ("none", None)


# --- pushes and pulls ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("at, to", [
    ((5, 8), (5, 10)),    # below the Ruffian (columns 5-6): straight down
    ((6, 3), (6, 1)),     # above: straight up
    ((8, 6), (10, 6)),    # to the right (rows 5-6): straight right
    ((3, 5), (1, 5)),     # to the left
])
def test_a_push_goes_straight_away_from_the_ruffian(at, to):
    t = open_field()
    t.put(0, list(at))
    run(t, {"do": "push", "who": "target", "squares": 2}, card_ctx([0]))
    assert tuple(t.folk(0)["pos"]) == to


def test_a_push_from_a_diagonal_lets_the_townsfolk_choose_between_the_two_ways_away():
    t = open_field()
    t.put(0, [8, 8])  # below and right of the Ruffian's block
    with pytest.raises(Suspend) as q:
        run(t, {"do": "push", "who": "target", "squares": 2}, card_ctx([0]))
    assert q.value.question["k"] == "direction" and q.value.question["opts"] == ["e", "s"]
    run(t, {"do": "push", "who": "target", "squares": 2}, card_ctx([0]), ["s"])
    assert t.folk(0)["pos"] == [8, 10]


def test_a_push_stops_at_an_obstacle_and_the_bump_deals_its_dmg():
    t = open_field()
    with_obstacle(t, (5, 10))
    t.put(0, [5, 8])
    hp = t.folk(0)["hp"]
    run(t, {"do": "push", "who": "target", "squares": 3, "dmg": 1}, card_ctx([0]))
    assert t.folk(0)["pos"] == [5, 9] and t.folk(0)["hp"] == hp - 1 - level_dmg(t)


def test_a_push_stops_at_the_edge_of_the_board():
    t = open_field()
    t.put(0, [5, 10])
    hp = t.folk(0)["hp"]
    run(t, {"do": "push", "who": "target", "squares": 3, "dmg": 1}, card_ctx([0]))
    assert t.folk(0)["pos"] == [5, 11] and t.folk(0)["hp"] == hp - 1 - level_dmg(t)


def test_a_push_that_goes_its_whole_way_is_no_bump():
    t = open_field()
    t.put(0, [5, 8])
    hp = t.folk(0)["hp"]
    run(t, {"do": "push", "who": "target", "squares": 2, "dmg": 1}, card_ctx([0]))
    assert t.folk(0)["pos"] == [5, 10] and t.folk(0)["hp"] == hp


def test_a_push_passes_over_a_townsfolk_but_never_ends_on_one():
    t = open_field()
    t.put(0, [5, 8])
    t.put(1, [5, 10])
    run(t, {"do": "push", "who": "target", "squares": 2}, card_ctx([0]))
    assert t.folk(0)["pos"] == [5, 9]
    t.put(0, [5, 8])
    t.put(1, [5, 9])
    run(t, {"do": "push", "who": "target", "squares": 2}, card_ctx([0]))
    assert t.folk(0)["pos"] == [5, 10]


def test_a_pull_brings_the_townsfolk_next_to_the_ruffian_and_no_further():
    t = open_field()
    t.put(0, [5, 10])
    run(t, {"do": "pull", "who": "target", "squares": 5}, card_ctx([0]))
    assert t.folk(0)["pos"] == [5, 7]
    t.put(0, [10, 6])
    run(t, {"do": "pull", "who": "target", "squares": 2}, card_ctx([0]))
    assert t.folk(0)["pos"] == [8, 6]


# --- moving forward -----------------------------------------------------------------------------------------------------


def test_forward_faces_a_target_in_line_and_moves_its_mvmt():
    t = open_field((5, 2), face="n")
    t.put(0, [5, 11])
    run(t, {"do": "forward", "face": "target", "squares": 2}, card_ctx([0]))
    assert t.f["face"] == "s" and t.f["pos"] == [5, 4]


def test_forward_toward_a_diagonal_target_faces_the_way_that_ends_closest():
    t = open_field((2, 2), face="n")
    t.put(0, [9, 5])  # 6 columns and 2 rows off: going east ends closer
    run(t, {"do": "forward", "face": "target", "squares": 3}, card_ctx([0]))
    assert t.f["face"] == "e" and t.f["pos"] == [5, 2]
    t = open_field((2, 2), face="n")
    t.put(0, [4, 10])  # 1 column and 6 rows off: going south ends closer
    run(t, {"do": "forward", "face": "target", "squares": 3}, card_ctx([0]))
    assert t.f["face"] == "s" and t.f["pos"] == [2, 5]


def test_forward_toward_a_target_either_way_as_close_lets_the_players_choose():
    t = open_field((2, 2), face="n")
    t.put(0, [7, 7])  # 4 columns and 4 rows off: 3 squares either way ends as close
    with pytest.raises(Suspend) as q:
        run(t, {"do": "forward", "face": "target", "squares": 3}, card_ctx([0]))
    assert q.value.question["k"] == "face" and q.value.question["opts"] == ["e", "s"]
    run(t, {"do": "forward", "face": "target", "squares": 3}, card_ctx([0]), ["s"])
    assert t.f["face"] == "s" and t.f["pos"] == [2, 5]


def test_forward_stops_at_an_obstacle():
    t = open_field((2, 2), face="n")
    with_obstacle(t, (2, 6))
    t.put(0, [2, 11])
    run(t, {"do": "forward", "face": "target", "squares": 5}, card_ctx([0]))
    assert t.f["pos"] == [2, 4]  # the footprint would cover (2, 6) next


def test_forward_runs_over_townsfolk_in_its_way_and_hurts_them():
    t = open_field((5, 2), face="s")
    t.put(0, [5, 11])
    t.put(1, [6, 5])
    hp = t.folk(1)["hp"]
    run(t, {"do": "forward", "face": "target", "squares": 3, "dmg": 2}, card_ctx([0]), [[7, 5]])
    assert t.f["pos"] == [5, 5]
    assert t.folk(1)["hp"] == hp - 2 - level_dmg(t) and t.folk(1)["pos"] == [7, 5]


# --- moving toward and retreating ---------------------------------------------------------------------------------------


def test_moving_toward_the_target_ends_next_to_them_and_deals_the_dmg():
    t = open_field((5, 2))
    t.put(0, [5, 7])
    hp = t.folk(0)["hp"]
    ctx = card_ctx([0])
    run(t, {"do": "move", "to": "target", "squares": 5, "dmg": 1}, ctx)
    assert t.match().dist("R", 0) == 1 and t.folk(0)["hp"] == hp - 1 - level_dmg(t) and ctx.reached


def test_moving_toward_a_target_out_of_reach_gets_closer_but_deals_nothing():
    t = open_field((5, 0))
    t.put(0, [5, 11])
    hp = t.folk(0)["hp"]
    ctx = card_ctx([0])
    run(t, {"do": "move", "to": "target", "squares": 3, "dmg": 1}, ctx)
    assert t.f["pos"] == [5, 3] and t.folk(0)["hp"] == hp and not ctx.reached


@pytest.mark.parametrize("target_at, reached", [((4, 6), True), ((7, 7), True), ((3, 6), False), ((7, 8), False),
                                                 ((9, 9), False)])
def test_a_move_toward_someone_else_reaches_the_target_only_when_it_ends_next_to_them(target_at, reached):
    t = open_field((5, 2))
    t.put(1, [5, 8])
    t.put(0, list(target_at))
    ctx = card_ctx([0])
    ctx.chosen = 1
    run(t, {"do": "move", "to": "chosen", "squares": 9}, ctx)
    assert t.f["pos"] == [5, 6]  # straight down to end next to Melba: columns 5-6, rows 6-7
    assert ctx.reached is reached


def test_a_retreat_goes_as_far_from_the_target_as_the_mvmt_allows():
    t = open_field((5, 10))
    t.put(0, [4, 10])  # just left of the Ruffian, which stands on the bottom edge
    run(t, {"do": "retreat", "from": "target", "squares": 3}, card_ctx([0]))
    assert t.f["pos"] == [8, 10]  # three squares straight away


def test_a_retreat_with_two_equally_far_ends_lets_the_townsfolk_it_flees_choose():
    t = open_field((5, 5))
    t.put(1, [4, 4])  # Melba, diagonal to the Ruffian's top-left (on Henlo's turn): away is right or down
    with pytest.raises(Suspend) as q:
        run(t, {"do": "retreat", "from": "target", "squares": 1}, card_ctx([1]))
    assert q.value.question["k"] == "spot" and sorted(q.value.question["opts"]) == [[5, 6], [6, 5]]
    assert q.value.question["seat"] == 1  # the townsfolk it flees from answers, not the one whose turn it is
    run(t, {"do": "retreat", "from": "target", "squares": 1}, card_ctx([1]), [[5, 6]])
    assert t.f["pos"] == [5, 6]


def test_turning_to_face_nobody_leaves_the_ruffian_as_it_was():
    t = open_field((5, 5), face="w")
    run(t, {"do": "face", "to": "target"}, card_ctx([]))
    assert t.f["face"] == "w" and t.f["pos"] == [5, 5]
    t.put(0, [5, 9])
    run(t, {"do": "face", "to": "target"}, card_ctx([0]))
    assert t.f["face"] == "s"


def test_a_townsfolk_collided_with_and_boxed_in_goes_to_the_nearest_free_square():
    t = open_field((3, 5), face="e")
    t.f["terrain"] = [{"t": "wooden-fence", "piece": "main", "cells": [[6, 4], [7, 5], [6, 7], [7, 6]],
                       "door": None, "type": "obstacle", "gone": False, "exh": False, "ff": None}]
    t.put(0, [6, 5])  # fence above, right and (diagonally) below: only (6, 6) is free, and the Ruffian takes it
    t.put(1, [11, 0])
    t.put(2, [0, 0])
    run(t, {"do": "forward", "squares": 1}, card_ctx([]))
    assert t.f["pos"] == [4, 5]
    run(t, {"do": "forward", "squares": 1}, card_ctx([]), [[8, 5]])
    assert t.f["pos"] == [5, 5]
    pos = t.folk(0)["pos"]
    assert pos not in ([5, 5], [6, 5], [5, 6], [6, 6])
    assert manhattan(pos, (6, 5)) == 2  # the nearest free squares are two steps off


def test_each_step_of_a_walk_is_told_where_it_lands():
    t = open_field((5, 0))
    t.put(0, [2, 8])
    events = t.act(0, {"type": "move", "to": [4, 9]})
    steps = [e["at"] for e in events if e["t"] == "step"]
    assert len(steps) == 3 and steps[-1] == [4, 9]
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip([[2, 8]] + steps, steps))


# --- the Cowbell -------------------------------------------------------------------------------------------------------------


def test_the_cowbell_draws_single_target_actions_to_its_wearer_not_the_sheriff():
    t = open_field((5, 2))
    t.give(2, "cowbell", "accessory")
    t.f["sheriff"] = 1
    m = Match(t.state, [])
    m.s["fight"]["turn"] = {"who": 2, "n": 99, "mv": 0, "mx": 0, "att": {}, "stopped": False}
    m.use_ability(2, "g:cowbell:0", C.GEAR["cowbell"]["activate"][0], Ctx("gear", 2, this="cowbell", row="cowbell"),
                  None)
    assert m.retarget() == 2


@pytest.mark.parametrize("target_at, reached", [((5, 9), True), ((5, 11), False)])
def test_moving_forward_reaches_the_target_when_it_ends_next_to_them(target_at, reached):
    t = open_field((5, 2), face="s")
    t.put(0, list(target_at))
    ctx = card_ctx([0])
    run(t, {"do": "forward", "face": "target", "squares": 5}, ctx)
    assert t.f["pos"] == [5, 7] and ctx.reached is reached


def test_a_dash_for_everyone_goes_on_after_one_stays_put():
    t = open_field((5, 0))
    t.put(0, [2, 8])
    t.put(1, [8, 8])
    t.put(2, [0, 11])
    ctx = Ctx("gear", 0, row="tin-whistle")
    # Beatin' order: Henlo stays, Melba dashes two squares, Quintus stays
    run(t, {"do": "dash", "who": "team", "squares": 2}, ctx, [[2, 8], [8, 10], [0, 11]])
    assert t.folk(0)["pos"] == [2, 8] and t.folk(1)["pos"] == [8, 10] and t.folk(2)["pos"] == [0, 11]


def test_moving_toward_nobody_leaves_the_ruffian_where_it_is():
    t = open_field((5, 5), face="w")
    ctx = card_ctx([])
    run(t, {"do": "move", "to": "target", "squares": 4, "dmg": 1}, ctx)
    assert t.f["pos"] == [5, 5] and t.f["face"] == "w" and not ctx.reached


@pytest.mark.parametrize("ruffian_at, at, to", [((2, 7), (1, 8), (0, 8)), ((2, 7), (2, 10), (2, 11)),
                                                ((7, 2), (9, 3), (11, 3)), ((7, 2), (8, 0), (8, 0))])
def test_a_push_away_from_a_ruffian_off_the_boards_diagonal(ruffian_at, at, to):
    t = open_field(ruffian_at)
    t.put(0, list(at))
    run(t, {"do": "push", "who": "target", "squares": 2}, card_ctx([0]))
    assert tuple(t.folk(0)["pos"]) == to


def test_the_cowbell_does_not_draw_an_action_aimed_at_everyone():
    """Only single-target actions go to the Cowbell's wearer: one aimed at every townsfolk still
    hits them all. The card is read from JSON, as the game reads its content."""
    import json

    t = open_field((5, 2))
    t.give(2, "cowbell", "accessory")
    m = Match(t.state, [])
    m.s["fight"]["turn"] = {"who": 2, "n": 99, "mv": 0, "mx": 0, "att": {}, "stopped": False}
    m.use_ability(2, "g:cowbell:0", C.GEAR["cowbell"]["activate"][0], Ctx("gear", 2, this="cowbell", row="cowbell"),
                  None)
    assert m.retarget() == 2
    everyone, single = card_ctx([]), card_ctx([])
    m.choose_target(json.loads('{"target": {"pick": "all"}}'), everyone)
    m.choose_target(json.loads('{"target": {"pick": "closest"}}'), single)
    assert sorted(everyone.targets) == [0, 1, 2]
    assert single.targets == [2]


@pytest.mark.parametrize("target_at, facing", [((7, 5), "e"), ((4, 6), "w"), ((6, 7), "s"), ((5, 4), "n")])
def test_a_ruffian_told_to_face_its_target_turns_to_one_standing_beside_it(target_at, facing):
    """"Face the target and move forward": a target touching one side of the Ruffian's 2 × 2
    footprint is straight ahead once it turns, so it turns that way (here with no squares to move)."""
    t = open_field((5, 5), face="n" if facing == "s" else "s")
    t.put(0, list(target_at))
    run(t, {"do": "forward", "face": "target", "squares": 0}, card_ctx([0]))
    assert t.f["face"] == facing and t.f["pos"] == [5, 5]
