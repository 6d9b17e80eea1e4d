"""Ruthless content: the catalogues read from data/*.json fit the rulebook and each other."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletown.games.ruthless import content as C
from tabletown.games.ruthless import ground as G
from tabletown.games.ruthless import models as M
from tabletown.games.ruthless.phrases import (
    CHARACTER_NAMES,
    LABELS,
    NODE_NAMES,
    SHOP_NAMES,
    SHOP_TEXT,
    TRAIT_TEXT,
    WEAPON_NAMES,
)

from .test_ruthless_helpers import RULES, SPEC


def test_every_effect_has_a_handler_and_every_handler_is_named():
    assert C.EFFECTS.problems([C.TRAITS, C.SHOP]) == []


def test_every_piece_of_content_has_its_english():
    assert set(CHARACTER_NAMES) == set(C.CHARACTERS.by_id)
    assert set(WEAPON_NAMES) == set(C.WEAPONS.by_id)
    assert set(TRAIT_TEXT) == set(C.TRAITS.by_id)
    assert set(NODE_NAMES) == set(C.MAP.by_id)
    assert set(SHOP_NAMES) == set(SHOP_TEXT) == set(C.SHOP.by_id)
    labels = {p.get("label") for t in C.TABLES.rows for p in t["pieces"]} - {None}
    assert labels <= set(LABELS)


def test_characters_name_only_known_weapons_and_traits():
    for row in C.CHARACTERS.rows:
        assert all(w in C.WEAPONS.by_id for w in row["weapons"]), row["id"]
        assert all(t in C.TRAITS.by_id for t in row["traits"]), row["id"]


def test_posses_and_scenarios_name_known_characters():
    for posse in C.POSSES.rows:
        assert all(c in C.CHARACTERS.by_id for c in posse["members"])
        for members in posse.get("before", {}).values():
            assert all(c in C.CHARACTERS.by_id for c in members)
    for scen in C.SCENARIOS.rows:
        for m in scen["models"]:
            assert m["card"] in C.CHARACTERS.by_id
    cit = C.SCENARIOS.by_id["dodge-city"]["citizens"]
    assert all(C.character(c)["role"] == "citizen" for c in cit["deck"] + [cit["last"]])


@pytest.mark.parametrize("scenario", ["dodge-city", "riding-shotgun"])
def test_scenario_models_start_on_the_table_clear_of_walls_and_of_each_other(scenario):
    st = RULES.setup(1, 2, SPEC.normalize(2, {"scenario": scenario}))
    g = G.ground(st["table"])
    bodies = M.bodies(st)
    for b in bodies:
        r = M.radius(b)
        assert G.on_table(g, tuple(b["pos"]), r) and G.clear_of_walls(g, tuple(b["pos"]), r), b
    for i, a in enumerate(bodies):
        for b in bodies[i + 1:]:
            assert G.dist2(a["pos"], b["pos"]) >= (M.radius(a) + M.radius(b)) ** 2


@pytest.mark.parametrize("table", ["town", "wash", "ranch", "canyon"])
def test_four_posses_deploy_on_every_free_gunfight_table(table):
    st = RULES.setup(1, 4, SPEC.normalize(4, {"scenario": "gunfight", "table": table, "posse3": "bandits",
                                              "posse4": "hired-guns"}))
    g = G.ground(table)
    for m in M.chars(st):
        assert G.in_zone(g, m["side"], tuple(m["pos"]))


def test_every_deployment_zone_lies_on_its_table():
    for row in C.TABLES.rows:
        w, h = row["size"]
        for x0, y0, x1, y1 in row["zones"]:
            assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h


def test_the_territory_map_leads_to_the_border_one_space_at_a_time():
    start = C.node(C.CAMPAIGN["start"])
    seen = {start["id"]}
    frontier = [start]
    while frontier:
        node = frontier.pop()
        for n in node["next"]:
            assert C.node(n)["layer"] == node["layer"] - 1
            if n not in seen:
                seen.add(n)
                frontier.append(C.node(n))
    assert seen == set(C.MAP.by_id)
    assert all(row["next"] == [] for row in C.MAP.rows if row["layer"] == 0)
    assert all(row["table"] in C.TABLES.by_id for row in C.MAP.rows)


def test_the_campaign_rosters_and_hires():
    for side in C.CAMPAIGN["sides"]:
        assert set(side["roster"]).isdisjoint(side["hires"])
        assert all(c in C.CHARACTERS.by_id for c in side["roster"] + side["hires"])


def test_the_data_files_are_plain_json():
    for name in C.CATALOGS:
        assert len(C.CATALOGS[name]) > 0
    json.dumps(C.CAMPAIGN)


def test_the_catalog_command_lists_ruthless():
    # run from this checkout's code, whatever copy of the package the interpreter has installed
    py = str(Path(__file__).resolve().parents[2] / "py")
    out = subprocess.run([sys.executable, "-m", "tabletown", "catalog", "ruthless", "--json"],
                         capture_output=True, text=True, check=True, env={**os.environ, "PYTHONPATH": py})
    kinds = {name: entry["kinds"] for name, entry in json.loads(out.stdout).items()}
    assert kinds["weapons"] == 7 and kinds["wounds"] == 6 and kinds["traits"] == 19 and kinds["map"] == 10


def _cowboys(version=None):
    st = RULES.setup(7, 2, SPEC.normalize(2, {"scenario": "gunfight", "table": "town"}), None, version)
    return sorted(m["card"] for m in st["models"] if m["kind"] == "char" and m["side"] == 1)


def test_the_ready_made_cowboys_ride_with_johnny_ringo_and_older_games_keep_billy_claiborne():
    # Rules version 3 put Johnny Ringo in Billy Claiborne's place (the Earps won too often);
    # a free gunfight begun under version 1 or 2 replays with the posse it began with.
    assert _cowboys() == ["billy-clanton", "frank-mclaury", "ike-clanton", "johnny-ringo", "tom-mclaury"]
    for old in (1, 2):
        assert _cowboys(old) == ["billy-claiborne", "billy-clanton", "frank-mclaury", "ike-clanton", "tom-mclaury"]


def _posse(posse, version=None):
    st = RULES.setup(7, 2, SPEC.normalize(2, {"scenario": "gunfight", "table": "town", "posse1": posse,
                                               "posse2": "earps"}), None, version)
    return sorted(m["card"] for m in st["models"] if m["kind"] == "char" and m["side"] == 0)


# Rules version 7 evened the ready-made posses against the Earps (the content notes give the
# measurements); a free gunfight begun under versions 1 to 6 replays with the posses it began with.
EVENED = {
    "masterson": (["bat-masterson", "charlie-ronan", "doc-ambrose", "jim-masterson"],
                  ["bat-masterson", "charlie-ronan", "jim-masterson", "neal-brown"]),
    "peacock": (["al-peacock", "al-updegraff", "hank-briggs", "walt-skene", "wash-tyler"],
                ["al-peacock", "al-updegraff", "hank-briggs", "walt-skene"]),
    "bandits": (["curly-deane", "dutch-henry", "little-hawk", "pike-moran"],
                ["black-jack-kettle", "curly-deane", "dutch-henry", "little-hawk", "pike-moran"]),
    "hired-guns": (["curly-bill", "frank-stilwell", "pete-spence"],
                   ["curly-bill", "frank-stilwell", "johnny-ringo", "pete-spence"]),
    "coach": (["buck-lawson", "ezra-boone", "jess-harlan", "prudence-hale", "turkey-creek-jack"],
              ["buck-lawson", "ezra-boone", "jess-harlan", "prudence-hale"]),
}


@pytest.mark.parametrize("posse", sorted(EVENED))
def test_a_ready_made_posse_rides_evened_now_and_as_it_was_in_older_games(posse):
    now, before = EVENED[posse]
    assert _posse(posse) == now
    for old in range(1, 7):
        assert _posse(posse, old) == before, old


def test_the_earps_and_the_cowboys_ride_as_they_did_under_version_6():
    for version in (6, None):
        assert _posse("earps", version) == ["doc-holliday", "morgan-earp", "virgil-earp", "wyatt-earp"]
        assert _cowboys(version) == ["billy-clanton", "frank-mclaury", "ike-clanton", "johnny-ringo", "tom-mclaury"]
