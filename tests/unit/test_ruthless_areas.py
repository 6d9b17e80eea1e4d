"""Where the posses of a free gunfight deploy.

Two posses face each other from areas 0 and 1 of the table. From rules version 9 a game of
three has areas of its own on every free-gunfight table (in the first three areas of a game of
four, the third posse stood between the other two; the dry wash's game of three keeps those), and
the town's and the dry wash's third and fourth areas moved; games begun before keep the areas
they began with. The board shades each posse's area in its colour.
"""

from __future__ import annotations

import re

import pytest

from tabletown.games.ruthless import content as C
from tabletown.games.ruthless import game
from tabletown.games.ruthless import models as M
from tabletown.games.ruthless.draw_style import SEATS

from .test_ruthless_helpers import RULES, SPEC

TABLES = ["town", "wash", "ranch", "canyon"]
# the biggest ready-made posses, and the Road Agents on their horses' wider bases
POSSES = ["cowboys", "bandits", "peacock", "coach"]


def gunfight(table, seats, version=None):
    options = {"scenario": "gunfight", "table": table, **{f"posse{s + 1}": POSSES[s] for s in range(seats)}}
    return RULES.setup(1, seats, SPEC.normalize(seats, options), version=version)


def inside(area, pos):
    x0, y0, x1, y1 = area
    return x0 <= pos[0] <= x1 and y0 <= pos[1] <= y1


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_posse_starts_in_its_own_area(table, seats):
    st = gunfight(table, seats)
    areas = [C.deploy_area(table, seats, st["v"], s) for s in range(seats)]
    for m in M.chars(st):
        assert inside(areas[m["side"]], m["pos"]), (m["card"], m["pos"], areas[m["side"]])
    for i, a in enumerate(areas):
        for b in areas[i + 1:]:
            assert not overlap(a, b)


@pytest.mark.parametrize("table", TABLES)
def test_a_game_of_three_has_areas_of_its_own_on_every_table(table):
    v = SPEC.rules_version
    three = [C.deploy_area(table, 3, v, s) for s in range(3)]
    four = [C.deploy_area(table, 4, v, s) for s in range(4)]
    assert three != four[:3]
    w, h = C.TABLES.by_id[table]["size"]
    for x0, y0, x1, y1 in three:
        assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h


@pytest.mark.parametrize("table", TABLES)
def test_a_game_of_two_still_deploys_where_it_always_did(table):
    for v in (8, SPEC.rules_version):
        assert [C.deploy_area(table, 2, v, s) for s in range(2)] == C.TABLES.by_id[table]["zones"][:2]


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("seats", [3, 4])
def test_a_game_begun_under_version_8_keeps_its_old_areas(table, seats):
    # under version 8 a game of three took the first three areas of a game of four
    old_four = [C.deploy_area(table, 4, 8, s) for s in range(4)]
    st = gunfight(table, seats, version=8)
    for m in M.chars(st):
        assert inside(old_four[m["side"]], m["pos"])


def test_the_town_and_the_dry_wash_moved_their_third_and_fourth_areas_for_four_posses():
    for table in ("town", "wash"):
        old, new = ([C.deploy_area(table, 4, v, s) for s in range(4)] for v in (8, SPEC.rules_version))
        assert old[:2] == new[:2] and old[2:] != new[2:]
    for table in ("ranch", "canyon"):
        assert [C.deploy_area(table, 4, 8, s) for s in range(4)] == [C.deploy_area(table, 4, 9, s) for s in range(4)]


def test_the_dry_washs_game_of_three_keeps_the_areas_it_had():
    # its four-posse areas moved; a game of three keeps the first three it took before
    assert [C.deploy_area("wash", 3, 8, s) for s in range(3)] == \
        [C.deploy_area("wash", 3, SPEC.rules_version, s) for s in range(3)]


def board(st):
    ui = {"viewer": 0, "legal": RULES.legal(st, 0), "params": RULES.params(st, 0), "armed": None, "cursor": None}
    return game.render(RULES.view(st, 0), ui)


def shaded_areas(st):
    return re.findall(r'<rect x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)" fill="([^"]+)" opacity="0.07" '
                      r'data-topic="board:area"/>', board(st))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_board_shades_each_posses_area_in_its_colour(seats):
    st = gunfight("town", seats)
    shaded = shaded_areas(st)
    assert len(shaded) == seats
    for s, (x, y, w, h, fill) in enumerate(shaded):
        x0, y0, x1, y1 = C.deploy_area("town", seats, st["v"], s)
        assert (int(x), int(y), int(w), int(h), fill) == (x0, y0, x1 - x0, y1 - y0, SEATS[s])


def test_dodge_city_shades_the_two_areas_where_citizens_join():
    st = RULES.setup(1, 2, SPEC.normalize(2, {"scenario": "dodge-city"}))
    assert len(shaded_areas(st)) == 2


def test_riding_shotgun_shades_no_area():
    st = RULES.setup(1, 2, SPEC.normalize(2, {"scenario": "riding-shotgun"}))
    assert shaded_areas(st) == []


def test_the_towns_areas_show_above_its_street_and_below_its_buildings():
    # the street and the boardwalks are the ground the posses stand on: drawn over the areas, they hid them
    topics = re.findall(r'data-topic="([^"]+)"', board(gunfight("town", 3)))
    first_area = topics.index("board:area")
    assert topics[:first_area] == ["board:terrain"] * 3     # the street and its two boardwalks
    assert topics[first_area:first_area + 4] == ["board:area"] * 3 + ["board:hard-cover"]  # then the saloon
