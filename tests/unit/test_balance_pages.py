"""Every game's balance page, as the project promises it: each table row gives the games (or
fights) it counts and a 95 % interval, there is a "Seat advantage" section, the footer says what
the page cost, and progress stays off the page. Quick sizes: a smoke test of the page's shape."""

from __future__ import annotations

import importlib
import re

import pytest

from tabletown import games
from tabletown.engine import trials

INTERVAL = re.compile(r"±|\(\d+(\.\d+)? ?%?–\d+(\.\d+)? ?%?\)")
COUNT = re.compile(r"\b(games|fights|campaigns)\b")
GAME_IDS = ["tavern-tussle", "torches-and-pitchforks", "tumble-town", "ruthless", "townsfolk-tussle"]


def tables(page: str) -> list[list[str]]:
    """Each markdown table of the page: its lines, header first."""
    found: list[list[str]] = []
    current: list[str] = []
    for line in page.splitlines() + [""]:
        if line.startswith("|"):
            current.append(line)
        elif current:
            found.append(current)
            current = []
    return found


@pytest.fixture(scope="module")
def pages():
    out = {}
    for game_id in games.ready_ids():
        module = importlib.import_module(f"tabletown.games.{games.package_of(game_id)}.balance")
        out[game_id] = module.report(quick=True, jobs=1, progress=False)
    return out


def test_every_game_has_a_balance_page(pages):
    assert set(pages) == set(GAME_IDS)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_row_gives_its_games_and_an_interval(pages, game_id):
    page = pages[game_id]
    assert tables(page), game_id
    for table in tables(page):
        header, rule, *rows = table
        assert set(rule.replace("|", "")) == {"-"}, header
        assert COUNT.search(header.lower()), f"{game_id}: no count of games in {header}"
        assert rows, header
        for row in rows:
            assert INTERVAL.search(row), f"{game_id}: no interval in {row}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_page_has_a_seat_advantage_section_and_a_footer(pages, game_id):
    page = pages[game_id]
    assert "\n## Seat advantage\n" in page
    section = page.split("\n## Seat advantage\n")[1].split("\n## ")[0]
    seat_rows = tables(section)[0][2:]
    assert seat_rows and all("seat" not in row or "%" in row for row in seat_rows)
    assert re.search(r"_\d+ games played, \d+(\.\d+)? CPU-(seconds|minutes|hours)", page.strip().splitlines()[-1])
    assert "/" not in page.strip().splitlines()[-1].split("games played")[0]  # no progress line on the page


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_page_says_under_which_rules_version_it_was_measured(pages, game_id):
    """Figures of older rules must not read as today's once the rules move on."""
    version = games.load(game_id).SPEC.rules_version
    assert f"rules version {version}" in pages[game_id].lower(), game_id


def test_a_row_a_claim_rests_on_has_at_least_min_games_in_the_full_run():
    from tabletown.games.tavern_tussle import balance as tavern
    from tabletown.games.torches_and_pitchforks import balance as torches
    from tabletown.games.townsfolk_tussle import balance as townsfolk
    from tabletown.games.tumble_town import balance as tumble

    assert trials.MIN_GAMES >= 200
    assert all(deals * seats >= trials.MIN_GAMES for seats, deals in tavern.FULL["deals"].items())
    assert tavern.FULL["duel"] >= trials.MIN_GAMES and tavern.FULL["easy"] >= trials.MIN_GAMES
    assert min(torches.FULL.values()) >= trials.MIN_GAMES
    assert all(len(row) >= trials.MIN_GAMES for row in tumble.tasks_of(trials.MIN_GAMES, trials.MIN_GAMES).values())
    assert all(len(row) >= trials.MIN_GAMES for row in townsfolk.tasks_of(trials.MIN_GAMES).values())
