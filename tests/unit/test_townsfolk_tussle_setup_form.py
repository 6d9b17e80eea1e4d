"""Townsfolk Tussle's setup form tells the truth about unlocks: an unlock a campaign has earned is in
play when that campaign's next game starts (the help says so), so the form says it beside the unlock's
tick box, naming the campaign, whether the box is ticked or not."""

from __future__ import annotations

import re

from tabletown.engine.session import Session, new_record
from tabletown.games.townsfolk_tussle import UNLOCKABLE
from tabletown.games.townsfolk_tussle import game as townsfolk
from tabletown.web import catalog, screens

PROGRESS = {"id": "progress", "name": "Progress by player name",
            "data": {"unlocked": ["umbrello"], "endings": ["ending-02"]}}


def option_lines(html: str) -> dict[str, str]:
    """Each unlock's line on the form as a player reads it (tags dropped), by Ruffian."""
    lines = {}
    for block in re.findall(r'<div class="option">(.*?)</div>', html):
        found = re.search(r'name="opt-unlocked_([a-z_]+)"', block)
        if found:
            lines[found.group(1).replace("_", "-")] = re.sub(r"<[^>]+>", " ", block)
    return lines


def form(campaigns):
    return screens.setup(catalog.setup_of("townsfolk-tussle"), campaigns)


def test_an_unlock_earned_by_the_campaign_says_it_is_in_play_when_the_campaign_goes_on():
    lines = option_lines(form([PROGRESS]))
    assert set(lines) == {rid for rid, _ in UNLOCKABLE}
    assert ("Earned in the campaign “Progress by player name”: in play when you continue it, no need to tick it."
            in lines["umbrello"])
    assert [rid for rid, line in lines.items() if "Earned" in line] == ["umbrello"]


def test_what_the_form_says_is_what_the_game_puts_in_play():
    options = townsfolk.RULES.campaign_options(PROGRESS["data"], ["Ann", "Bob", "Cy"], {})
    record = new_record(townsfolk, [{"name": n, "kind": "human"} for n in ("Ann", "Bob", "Cy")], options, seed=3)
    assert Session(townsfolk, record).state["unlocked"] == ["umbrello"]


def test_an_unlock_earned_in_two_campaigns_names_both():
    spring = {"id": "k3x9", "name": "Spring <1881>", "data": {"unlocked": ["umbrello", "dozy"]}}
    lines = option_lines(form([spring, PROGRESS]))
    assert ("Earned in the campaigns “Spring &lt;1881&gt;” and “Progress by player name”: in play when you "
            "continue one of them" in lines["umbrello"])
    assert "Earned in the campaign “Spring &lt;1881&gt;”: in play when you continue it" in lines["dozy"]
    assert [rid for rid, line in lines.items() if "Earned" in line] == ["dozy", "umbrello"]


def test_with_nothing_earned_no_unlock_says_it_is_earned():
    for campaigns in (None, [], [{"id": "progress", "name": "Progress by player name", "data": {}}],
                      [{"id": "progress", "name": "Progress by player name", "data": {"unlocked": []}}]):
        lines = option_lines(form(campaigns))
        assert not any("Earned" in line for line in lines.values()), campaigns


def test_a_game_whose_campaign_earns_no_options_shows_no_such_line():
    tumble = screens.setup(catalog.setup_of("tumble-town"),
                           [{"id": "progress", "name": "Progress by player name", "data": {"Ann": {"mission": 3}}}])
    assert "Earned in" not in tumble


def test_a_damaged_campaign_leaves_the_form_whole_and_earns_nothing_on_it():
    for data in ({"unlocked": 5}, {"unlocked": None}, {"unlocked": [None, 3, ["x"]]}, {"unlocked": "umbrello"}):
        damaged = {"id": "k3x9", "name": "Spring", "data": data}
        lines = option_lines(form([damaged, PROGRESS]))
        assert [rid for rid, line in lines.items() if "Earned" in line] == ["umbrello"], data
        assert "“Spring”" not in lines["umbrello"]
