"""Rules version 3 made the Ruffians fight back (more HP and more DMG at each Town Map level: the
content notes' "Rules version 3" section); a game begun under version 2 keeps the Ruffians it began
with. What the players see: the Ruffian's HP when the fight begins, in the log and on the board, and
the level's ability on the Ruffian's card.
"""

from __future__ import annotations

import html
import re

from tabletown.games.townsfolk_tussle import SPEC
from tabletown.games.townsfolk_tussle.render import render
from tabletown.games.townsfolk_tussle.rules import RULES
from tests.unit.test_townsfolk_support import Table


def barlow_as_scrapper(version: int) -> Table:
    """Three townsfolk on the Rough side of the Town Map (its first space is a Scrapper) meet Barlow."""
    t = Table(("henlo", "melba", "quintus"), options={"town_map": "rough"})
    t.state = RULES.setup(1, 3, SPEC.normalize(3, {"town_map": "rough"}), version=version)
    for seat, tid in enumerate(("henlo", "melba", "quintus")):
        t.act(seat, {"type": "pick", "folk": tid, "alt": False})
    t.to_fight("barlow")
    assert t.state["fight"]["level"] == "scrapper"
    return t


def card_text(t: Table) -> str:
    seat = RULES.active(t.state)[0]
    svg = str(render(RULES.view(t.state, seat), {"viewer": seat, "legal": RULES.legal(t.state, seat), "params": [],
                                                 "names": ["Ann", "Bob", "Cy"]}))
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", svg)).split())


def test_the_spec_plays_version_3_and_still_replays_versions_1_and_2():
    assert SPEC.rules_version == 3 and SPEC.replays == (1, 2)


def test_a_game_begun_under_version_2_meets_the_ruffian_it_began_with():
    t = barlow_as_scrapper(2)
    assert "The fight begins: Barlow has 33 HP." in " ".join(t.lines)  # 30 for three townsfolk, +1 for each
    assert RULES.view(t.state, 0)["fight"]["max"] == 33
    assert "Scrapper: Grave Dirt. +1 HP for each townsfolk. Whenever" in card_text(t)


def test_a_new_game_meets_the_tuned_ruffian():
    t = barlow_as_scrapper(SPEC.rules_version)
    assert "The fight begins: Barlow has 63 HP." in " ".join(t.lines)  # 39 for three townsfolk, +8 for each
    assert RULES.view(t.state, 0)["fight"]["max"] == 63
    assert "Scrapper: Grave Dirt. +8 HP for each townsfolk, and Barlow deals +1 DMG. Whenever" in card_text(t)
