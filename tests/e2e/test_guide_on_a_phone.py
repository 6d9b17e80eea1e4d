"""The guided first turn on a phone (390 px wide) and on a wide screen: the card leaves in sight what
its step points at. On a phone the card is a compact bar, a quarter of the screen at most, so a step
about the whole board leaves most of the board in sight, and a step about the log, at the very end of
the page, brings the log up above the card. On either screen every step fits its card, buttons and
all, and the card keeps one size from step to step."""

from __future__ import annotations

from .conftest import check_guard, guarded_context
from .helpers import open_page

NEW = "#new/{game}?seats=human,bot&names=Ann,Bob&seed=8"

MEASURE = """() => {
  const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                         return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, height: r.height}; };
  const card = document.querySelector('#guide');
  return {card: box('#guide'), ring: box('#guide-ring'), next: box('[data-action=guide-next]'),
          fits: card.scrollHeight <= card.clientHeight, title: card.querySelector('h2').textContent,
          height: innerHeight};
}"""


def steps_seen(browser, base_url, game: str, width: int, height: int) -> list[dict]:
    """Each step of the game's guide as the page shows it, opened by itself at the first visit."""
    ctx = guarded_context(browser, base_url, viewport={"width": width, "height": height})
    try:
        page = ctx.new_page()
        open_page(page, base_url, NEW.format(game=game))
        page.wait_for_selector("#guide:not([hidden])")
        seen = []
        while True:
            seen.append(page.evaluate(MEASURE))
            forward = page.locator("[data-action=guide-next]")
            if forward.inner_text() == "Done":
                break
            title = seen[-1]["title"]
            forward.click()
            page.wait_for_function("(t) => document.querySelector('#guide h2').textContent !== t", arg=title)
    finally:
        ctx.close()
    check_guard(ctx)
    return seen


def fits(step: dict) -> bool:
    card, forward = step["card"], step["next"]
    return step["fits"] and card["top"] <= forward["top"] and forward["bottom"] <= card["bottom"]


def test_on_a_phone_a_step_about_the_whole_board_leaves_most_of_it_in_sight(browser, base_url):
    seen = steps_seen(browser, base_url, "tumble-town", 390, 844)
    # the ring round the Town card, taller than the room above the card
    board_steps = [s for s in seen if s["ring"]["height"] > s["card"]["top"]]
    assert len(board_steps) >= 1, [s["title"] for s in seen]
    for s in board_steps:
        assert s["ring"]["top"] <= 0  # shown from its top
    for s in seen:
        assert s["card"]["height"] <= 0.25 * s["height"], s["title"]  # three quarters of the screen show the game
        assert fits(s), s["title"]
    assert len({(s["card"]["top"], s["card"]["height"]) for s in seen}) == 1  # one size and place for every step


def test_on_a_phone_the_step_about_the_log_brings_the_log_above_the_card(browser, base_url):
    seen = steps_seen(browser, base_url, "tavern-tussle", 390, 844)
    log = next(s for s in seen if s["title"] == "What happened")
    assert log["ring"]["bottom"] <= log["card"]["top"] and log["ring"]["top"] >= 0


def test_on_a_wide_screen_each_step_fits_its_card(browser, base_url):
    seen = steps_seen(browser, base_url, "torches-and-pitchforks", 1280, 800)
    for s in seen:
        assert fits(s), s["title"]
    assert len({(s["card"]["top"], s["card"]["height"]) for s in seen}) == 1
