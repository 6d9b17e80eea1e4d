"""The expert bot level in the page: every game's setup form that has it offers it, and every
form says in a line what each level does; a player can play against it by pointer to the end; and a player who leaves
while it thinks lands on the games list with nothing broken."""

from __future__ import annotations

from tabletown import games

from .helpers import is_over, log_lines, open_page, play_to_end

GAMES = games.ready_ids()


def test_every_setup_form_offers_its_levels_and_describes_each(page, base_url):
    open_page(page, base_url)
    for game in GAMES:
        page.evaluate("(g) => { location.hash = '#setup/' + g; }", game)
        page.wait_for_selector(f"#setup-form[data-game='{game}']")
        labels = page.locator("select[name=kind1] option").all_inner_texts()
        offered = games.load(game).SPEC.bots
        assert ("Bot (expert)" in labels) == ("expert" in offered), (game, labels)
        levels = page.locator(".bot-levels li").all_inner_texts()
        assert [line.split(":")[0] for line in levels] == [lvl.capitalize() for lvl in offered], (game, levels)
        assert all(len(line) > 20 for line in levels)


def test_a_player_plays_an_expert_to_the_end_by_pointer(page, base_url):
    open_page(page, base_url, "#new/tavern-tussle?seats=human,bot:expert&names=Ann,Eve&seed=11")
    page.wait_for_selector("#board")
    done = play_to_end(page)
    assert done["move"] > 5
    assert is_over(page)
    assert any("Eve" in line for line in log_lines(page))


def test_leaving_while_the_expert_thinks_breaks_nothing(page, base_url):
    open_page(page, base_url, "#new/tumble-town?seats=bot:expert,bot:expert&seed=4", fast=False)
    page.wait_for_selector("#board")
    page.wait_for_timeout(700)  # the first decision is under way (a pause, then slices of thinking)
    page.evaluate("location.hash = '#'")
    page.wait_for_selector(".games")
    page.wait_for_timeout(1500)  # a slice still scheduled would now act on a game no longer shown
    assert page.locator("#board").count() == 0
