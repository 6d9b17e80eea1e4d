"""Counts and nouns as a player (or a maintainer at the command line) reads them, at 0, 1 and 2:
the rules search's line, the setup form's seat counts and Townsfolk Tussle's data check."""

from __future__ import annotations

import pytest

from tabletown.games.townsfolk_tussle import checks
from tabletown.games.townsfolk_tussle.checks import base as check_base
from tabletown.web import catalog, screens

RULES = {
    "title": "How to play Test",
    "sections": [
        {"id": "coins", "title": "Coins", "paragraphs": [
            {"id": "coins-count", "text": "Coins count at the end."},
            {"id": "coins-gold", "text": "A gold Coin is worth two."},
        ]},
        {"id": "horses", "title": "Horses", "paragraphs": [{"id": "horses-gold", "text": "A gold horse runs."}]},
    ],
}


@pytest.mark.parametrize("query, note", [
    ("zebra", "Nothing in the rules matches “zebra”."),
    ("horse", "1 paragraph matches “horse”."),
    ("gold", "2 paragraphs match “gold”."),
    ("coin", "2 paragraphs match “coin”."),
    ("count", "1 paragraph matches “count”."),
])
def test_the_rules_search_says_how_many_paragraphs_match(query, note):
    assert screens.rules_body("g", RULES, query)[1] == note


def test_the_setup_form_names_the_player_counts_an_option_is_for():
    tumble = screens.setup(catalog.setup_of("tumble-town"))
    assert "With 1 player only." in tumble
    tavern = screens.setup(catalog.setup_of("tavern-tussle"))
    assert "With 3 or 4 players only." in tavern
    ruthless = screens.setup(catalog.setup_of("ruthless"))
    assert "<legend>Posses</legend><label>Number of posses " in ruthless and "With 4 posses only." in ruthless
    # Townsfolk is its own plural.
    townsfolk = screens.setup(catalog.setup_of("townsfolk-tussle"))
    assert "With 3 townsfolk only." in townsfolk and "With 4 townsfolk only." in townsfolk
    assert "<legend>Townsfolk</legend><label>Number of townsfolk " in townsfolk and "townsfolks" not in townsfolk


@pytest.mark.parametrize("found, last_line", [
    ([], "0 problems; every count reached"),
    (["ruffians.json: a problem"], "1 problem; every count reached"),
    (["ruffians.json: a problem", "gear.json: another"], "2 problems; every count reached"),
])
def test_the_data_check_counts_its_problems(monkeypatch, capsys, found, last_line):
    monkeypatch.setattr(checks, "validate_all", lambda files, complete: list(found))
    assert checks.main([]) == (1 if found else 0)
    assert capsys.readouterr().out.rstrip("\n").splitlines()[-1] == last_line


@pytest.mark.parametrize("needed, message", [(1, "needs at least 1 entry"), (2, "needs at least 2 entries")])
def test_a_list_too_short_says_how_many_entries_it_needs(needed, message):
    ctx = check_base.Ctx("gear.json")
    check_base._list([], "tags", ctx, "tags", lambda x, p: None, min_len=needed)
    assert ctx.problems == [f"gear.json: tags: tags {message}"]
