"""`python -m tabletown catalog GAME` gives, beside each catalogue's kinds, the pieces in the box
as the rulebook counts them (each row's copies added up), in words and in JSON. Each count is
checked against the rulebook's own line, quoted here."""

from __future__ import annotations

import json
import re

import pytest

from tabletown.cli import catalog_pieces, main

# (game, catalogue, the rulebook's line that counts its pieces)
RULEBOOK = [
    ("tavern-tussle", "taverners", "4x Taverner Cards: Labelled on the sheet as Story Points and Taverner Special."),
    ("tavern-tussle", "heroes", "54x Hero Cards: Labelled on the sheet as Hero Initiative, Story Theme, Player Count, "
                                "and Hero Ability."),
    ("torches-and-pitchforks", "townsfolk", "1. There are 30 Townsfolk cards."),
    ("tumble-town", "plans", "(52) Building Plan"),
    ("tumble-town", "horses", "(4) Horse"),
    ("townsfolk-tussle", "townsfolk", "- 7 Two-Sided Townsfolk Cards"),
    ("townsfolk-tussle", "ruffians", "- 12 Two-Sided Ruffian Cards"),
    ("townsfolk-tussle", "gear_starting", "- 15 Starting Gear"),
    ("townsfolk-tussle", "gear_peddler", "- 177 Peddler Gear"),
    ("townsfolk-tussle", "gear_ruffian", "- 36 Ruffian Gear"),
    ("townsfolk-tussle", "gear_unique", "- 28 Unique Gear"),
    ("townsfolk-tussle", "feats", "- 75 Feats of Mettle"),
    ("townsfolk-tussle", "action_cards", "- 180 Action Cards"),
    ("townsfolk-tussle", "events", "- 100 Town Events"),
    ("townsfolk-tussle", "terrain", "- 20 Terrain Cards"),
    ("townsfolk-tussle", "gear_unlockable", "Additional Pieces: 19 Character Tokens, 5 Custom Dice, 5 Cheatsheet Cards, "
                                            "1 Crit Hit Card, 2 Cloth Bags, 24 Unlockable Gear, 1 Town Map Poster"),
]


@pytest.mark.parametrize("game_id, name, line", RULEBOOK)
def test_the_pieces_in_the_box_are_the_rulebooks(game_id, name, line):
    counted = catalog_pieces(game_id)[name]
    words = counted["component"].removesuffix(" cards") if game_id == "tumble-town" else counted["component"]
    said = re.search(r"\(?(\d+)\)?x? " + re.escape(words), line)
    assert said, f"the rulebook's line does not count {words}"
    assert counted["physical"] == int(said.group(1))


def test_kinds_and_pieces_differ_where_a_kind_comes_in_several_copies():
    townsfolk = catalog_pieces("townsfolk-tussle")
    assert townsfolk["gear_peddler"] == {"kinds": 167, "physical": 177, "component": "Peddler Gear"}
    assert townsfolk["events"] == {"kinds": 90, "physical": 100, "component": "Town Events"}


def test_a_catalogue_the_rulebook_does_not_count_has_no_pieces():
    assert catalog_pieces("townsfolk-tussle")["endings"] == {"kinds": 36, "physical": None, "component": None}
    assert all(c["physical"] is None for c in catalog_pieces("ruthless").values())


def test_the_command_prints_kinds_and_pieces_and_the_same_in_json(capsys):
    assert main(["catalog", "townsfolk-tussle"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"gear_peddler +167 kinds +177 Peddler Gear\n", out)
    assert re.search(r"events +90 kinds +100 Town Events\n", out)
    assert re.search(r"endings +36 kinds\n", out)
    assert main(["catalog", "townsfolk-tussle", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["gear_peddler"] == {"kinds": 167, "physical": 177, "component": "Peddler Gear"}
