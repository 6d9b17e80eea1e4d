"""Townsfolk Tussle played through the page: one human with bot teammates to an ending, a reload in
the middle of a fight, a share link, and what a campaign unlocks offered in the next game's setup.
"""

from __future__ import annotations

import json
import re
import time

from tabletown.web import rulebook

from .helpers import (
    check_phone_and_axe,
    is_over,
    log_lines,
    open_page,
    reload_and_check,
    share_and_open,
    wait_for_humans,
)

NEW = "#new/townsfolk-tussle?seats=human,bot:hard,bot:hard&seed={seed}"

# What a sensible human clicks first, by the start of a control's accessible name.
PREFERENCES = ("Play Henlo", "Play ", "No shop reset", "Pass", "Start at", "Attack with", "Yes, react", "Keep the other",
               "Keep it in the stash", "No trade", "End the turn")


def act(page) -> str:
    """Do one sensible thing the page offers: pass a hand-off, or click a board control."""
    handoff = page.locator("#handoff:not([hidden]) [data-action=handoff]")
    if handoff.count():
        handoff.click()
        return "handoff"
    controls = page.locator("#board [data-action]")
    count = controls.count()
    if not count:
        time.sleep(0.05)
        return "wait"
    labels = controls.evaluate_all("els => els.map(e => e.getAttribute('aria-label') || '')")
    for want in PREFERENCES:
        for i, label in enumerate(labels):
            if label.startswith(want):
                controls.nth(i).click()
                return label
    controls.nth(0).click()
    return labels[0]


def play(page, moves: int) -> None:
    for _ in range(moves):
        if is_over(page):
            return
        act(page)


def state_of(page) -> dict:
    """The newest saved game's record (read from localStorage, as the page keeps it)."""
    saves = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('tabletown:save:')).map(k => localStorage.getItem(k))")
    return max((json.loads(s) for s in saves), key=lambda e: e["updated"])["record"]


def test_one_human_and_two_bot_teammates_play_to_an_ending(page, base_url):
    open_page(page, base_url, NEW.format(seed=5))
    for _ in range(4000):
        if is_over(page):
            break
        act(page)
    assert is_over(page)
    results = page.locator("#results").inner_text() if page.locator("#results").count() else ""
    board = page.locator("#board").text_content()
    assert "You win!" in board or "You lose." in board
    assert results or board


def test_a_reload_in_the_middle_of_a_fight_resumes_it(page, base_url):
    open_page(page, base_url, NEW.format(seed=8))
    for _ in range(60):
        act(page)
        if any("attacks with" in line for line in log_lines(page)[-3:]):
            break
    assert "Fight 1 of 4" in page.locator("#board").text_content()
    reload_and_check(page)
    assert "Fight 1 of 4" in page.locator("#board").text_content()
    play(page, 10)
    assert log_lines(page)


def test_a_share_link_opens_the_game_at_the_same_point(browser, page, base_url):
    open_page(page, base_url, NEW.format(seed=9))
    play(page, 25)
    share_and_open(browser, page)


def test_it_fits_a_phone_and_has_no_serious_accessibility_problem(browser, base_url):
    check_phone_and_axe(browser, base_url, NEW.format(seed=9))


def test_an_unlock_is_offered_in_the_next_games_setup(page, base_url):
    open_page(page, base_url, "")
    page.evaluate("""localStorage.setItem('tabletown:campaign:townsfolk-tussle:progress', JSON.stringify(
        {schema: 1, game: 'townsfolk-tussle', id: 'progress', name: 'Progress', updated: 1,
         data: {unlocked: ['umbrello'], endings: ['ending-02']}}))""")
    open_page(page, base_url, NEW.format(seed=3))  # the same page, a new address: no reload
    page.wait_for_selector("#status")  # the game is loaded and its board drawn
    wait_for_humans(page)
    labels = page.locator("#board [data-action]").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert any("Norman with the alternative gear" in (label or "") for label in labels)
    options = state_of(page)["options"]
    assert options["unlocked_umbrello"] is True  # the record carries it, so a share link does too
    assert not any(v for k, v in options.items() if k.startswith("unlocked_") and k != "unlocked_umbrello")


def test_the_setup_form_says_an_earned_unlock_is_in_play_and_the_game_starts_with_it(page, base_url):
    open_page(page, base_url, "")
    page.evaluate("""localStorage.setItem('tabletown:campaign:townsfolk-tussle:progress', JSON.stringify(
        {schema: 1, game: 'townsfolk-tussle', id: 'progress', name: 'Progress by player name', updated: 1,
         data: {unlocked: ['umbrello'], endings: ['ending-02']}}))""")
    open_page(page, base_url, "#setup/townsfolk-tussle")
    option = page.locator(".option", has=page.locator("input[name=opt-unlocked_umbrello]"))
    assert "Earned in the campaign “Progress by player name”: in play when you continue it" in option.inner_text()
    assert page.locator(".option .earned").count() == 1  # only the unlock this campaign earned
    page.locator("[data-action=start]").click()  # the box left as it is, the campaign chosen by default
    page.wait_for_selector("#status")
    options = state_of(page)["options"]
    assert options["unlocked_umbrello"] is True


def ruffian_name(page) -> str:
    header = page.locator("#board [data-part=head]").text_content()
    return header.split(": ", 1)[1].split(" (", 1)[0]  # "Fight 1 of 4: Qing & Kween (Chump)"


def test_a_ruffian_turn_is_told_with_the_ruffian_as_the_one_acting(page, base_url):
    """'On the Ruffian's turn, all you need to do is play and discard the next card in the Ruffian action
    deck… Follow the actions on the card from start to finish.' The log line of that turn names the
    Ruffian as the one who plays the card, moves (how far, and the four squares it ends on) and deals
    DMG; a townsfolk is never told as taking DMG without saying from what."""
    open_page(page, base_url, NEW.format(seed=5))
    walk = re.compile(r"(?P<who>[\w&' ]+) moves? (?P<n>\d+) squares? from [A-L]\d+–[A-L]\d+ to [A-L]\d+–[A-L]\d+\.")
    told = None
    for _ in range(400):
        act(page)
        found = [line for line in log_lines(page) if walk.search(line) and " play" in line]
        if found:
            told = found[0]
            break
    assert told is not None, "the Ruffian walked in its first turns"
    name = ruffian_name(page)
    turn = told[told.index(f"{name} play"):]  # the Ruffian's part of the line
    assert walk.search(turn).group("who").strip() == name
    assert re.search(r"Target: .+|No target: no one fits", turn)
    outcomes = ("deal", "cannot reach", "Nothing happens", "No aftereffect", "Aftereffect", "stay", "collide", "push")
    assert any(f" {word}" in turn or turn.startswith(word) for word in outcomes), turn
    folk = ("Henlo", "Melba", "Blopsy", "Quintus", "Yancy", "Norman", "Georgie")
    assert not re.search(rf"\b({'|'.join(folk)}) \([^)]*\) takes \d+ DMG(?! from)", turn), turn


def test_opening_a_game_from_far_down_the_picker_lands_at_its_prompt(page, base_url):
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, base_url, "")
    card = page.locator("a.card-main[href='#setup/townsfolk-tussle']")
    card.scroll_into_view_if_needed()
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("() => window.scrollY") > 300
    card.click()
    page.locator("[data-action=start]").click()
    page.wait_for_selector("#board svg")
    top = page.evaluate("() => document.querySelector('#status').getBoundingClientRect().top")
    assert 0 <= top < 844 / 2, top


def test_the_peddlers_cards_read_at_12_px_or_more_on_a_phone(page, base_url):
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, base_url, NEW.format(seed=3))
    for _ in range(40):
        if page.locator("#board [data-topic='card:peddler-gear']").count():
            break
        act(page)
    sizes = page.locator("#board [data-topic='card:peddler-gear'] text").evaluate_all(
        "els => els.map(e => parseFloat(e.getAttribute('font-size')) * e.ownerSVGElement.getScreenCTM().a)")
    assert sizes and min(sizes) >= 12, sizes


GUIDE_STEP = """() => {
  const ring = document.getElementById('guide-ring').getBoundingClientRect();
  return {title: document.querySelector('#guide h2').textContent,
          text: document.querySelector('#guide').innerText,
          ring: [ring.left, ring.top, ring.right, ring.bottom]};
}"""

RING_HOLDS_VISIBLE = """([sel, ring]) => [...document.querySelectorAll(sel)].some((el) => {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight
    && ring[0] <= r.left + 1 && ring[1] <= r.top + 1 && ring[2] >= r.right - 1 && ring[3] >= r.bottom - 1;
})"""


def test_the_guide_on_the_first_fight_screen_speaks_of_the_fight(page, base_url):
    """The first time the fight's grid comes up, the guide speaks of taking a starting square and
    of the Ruffian, not of choosing townsfolk or shopping, and each ring is round a visible thing."""
    steps = {s["title"]: s for s in rulebook.bundle("tabletown.games.townsfolk_tussle")["guide"]["steps"]}
    open_page(page, base_url, NEW.format(seed=3))
    guide = page.locator("#guide:not([hidden]) h2")
    guide.wait_for()
    closed = []  # the stages before the fight, each closed as it comes
    start = page.locator("#board [data-topic='action:start']")
    answer = ", ".join(f"#board [data-action][aria-label^='{label}']"
                       for label in ("Play Henlo", "Pass", "No trade", "No shop reset"))
    while not start.count():  # the shop goes round until everyone passes in a row; no trades
        page.wait_for_selector(f"#guide:not([hidden]), #board [data-topic='action:start'], {answer}")
        if start.count():
            break
        if guide.count():
            closed.append(guide.inner_text())
            page.click("[data-action=guide-close]")
        elif not start.count():
            page.locator(answer).first.click()
    assert closed[:2] == ["Choose your townsfolk", "Shop with the Peddler"]
    page.wait_for_selector("#guide:not([hidden])")
    titles = []
    while True:
        step = page.evaluate(GUIDE_STEP)
        titles.append(step["title"])
        assert "choose your townsfolk" not in step["text"].lower() and "peddler" not in step["text"].lower()
        selector = rulebook.guide_targets(steps[step["title"]]["points_at"], [])[0]
        assert page.evaluate(RING_HOLDS_VISIBLE, [selector, step["ring"]]), step["title"]
        if page.locator("[data-action=guide-next]").inner_text() == "Done":
            break
        page.click("[data-action=guide-next]")
        page.wait_for_function("(t) => document.querySelector('#guide h2').textContent !== t", arg=step["title"])
    assert titles == ["Take your place", "The Ruffian goes first"]
