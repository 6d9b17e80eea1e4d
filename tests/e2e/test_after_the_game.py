"""Between turns and after the game, as a player meets them: replays of finished and shared
games, the rules at hand (from the picker, from the prompt's "Why?", from the board), the
story of a game in charts with their tables, and the guided first turn.

Finished games are played here by bots in CPython and opened as links, so a test spends its
time on the page, not on playing a game through it.
"""

from __future__ import annotations

import json
import re

import pytest

from tabletown import games
from tabletown.engine.codec import encode_link
from tabletown.engine.replay import Replay, story
from tabletown.engine.session import RecordError, Session, new_record
from tabletown.engine.spec import BadSetup
from tabletown.web import charts, rulebook
from tabletown.web.policy import fill_names

from .conftest import check_guard, guarded_context
from .helpers import BOOT_TIMEOUT, FAST, open_page, run_axe, wait_for_humans

NAMES = ["Ann", "Bob", "Cy"]


def bots_game(game_id: str, seats: int = 2, seed: int = 3, stop: int | None = None) -> Session:
    """A game played by bots (to the end, or for `stop` moves)."""
    game = games.load(game_id)
    players = [{"name": NAMES[i], "kind": "bot", "level": "easy"} for i in range(seats)]
    session = Session(game, new_record(game, players, {}, seed))
    while session.active() and (stop is None or len(session.record["log"]) < stop):
        session.bot_move(session.active()[0])
    return session


def drawn_at_start(session: Session, seat: int | None) -> str:
    """The board as the game's renderer draws it at the start for `seat` (None: the table)."""
    game = session.game
    start = Session(game, dict(session.record, log=[]), trusted=True).state
    ui = {"viewer": seat, "legal": [], "params": [], "armed": None, "cursor": None, "names": NAMES[:2], "narrow": False}
    return str(game.render(game.RULES.view(start, seat), ui))


def replay_link(session: Session) -> str:
    return encode_link(session.record).replace("#play=", "#replay=", 1)


def rules_of(game_id: str) -> dict:
    return rulebook.bundle(f"tabletown.games.{games.package_of(game_id)}")


def at(page) -> str:
    return page.locator("#replay-at").inner_text()


def board(page) -> str:
    return page.locator("#board").inner_html()


def goto(page, base_url: str, fragment: str) -> None:
    """Go to another address of the page already open (the same document, as a link would)."""
    page.goto(base_url + FAST + fragment)
    page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)


# --- replays -------------------------------------------------------------------------------------


def test_a_finished_game_of_each_ready_kind_replays_move_by_move_forward_and_back(page, base_url):
    open_page(page, base_url, "#")
    for number, game_id in enumerate(games.ready_ids()):
        session = bots_game(game_id)
        moves = len(session.record["log"])
        lines = [fill_names(line, NAMES) for line in session.lines]
        goto(page, base_url, replay_link(session))
        page.wait_for_function("(n) => document.getElementById('replay-at')?.textContent === `Move 0 of ${n}`", arg=moves)
        assert page.locator("#status").inner_text() == f"The game as it was set up ({moves} moves follow)."
        assert page.locator("[data-action=replay-back]").is_disabled()
        assert page.locator("#log li.now").count() == 0
        start = board(page)

        page.keyboard.press("ArrowRight")
        assert at(page) == f"Move 1 of {moves}"
        assert page.locator("#log li.now").inner_text() == lines[0]
        assert page.locator("#log li[aria-current=step]").count() == 1
        assert page.locator("#status").inner_text() == f"Move 1 of {moves}: {lines[0]}"
        page.keyboard.press("ArrowLeft")
        assert at(page) == f"Move 0 of {moves}" and board(page) == start

        page.keyboard.press("End")
        assert at(page) == f"Move {moves} of {moves}"
        assert page.locator("#board[data-game-over]").count() == 1
        assert "Game over" in page.locator("#status").inner_text()
        assert page.locator("[data-action=replay-next]").is_disabled()
        assert page.locator("#log li.now").inner_text() == lines[-1]
        page.keyboard.press("ArrowRight")  # never past the end
        assert at(page) == f"Move {moves} of {moves}"
        page.keyboard.press("Home")
        assert at(page) == f"Move 0 of {moves}" and board(page) == start

        page.locator("#log li[data-step='3']").click()
        assert at(page) == f"Move 3 of {moves}" and page.locator("#log li.now").inner_text() == lines[2]
        page.click("[data-action=replay-next]")
        assert at(page) == f"Move 4 of {moves}"
        page.click("[data-action=replay-back]")
        assert at(page) == f"Move 3 of {moves}"

        # Once the game is over, each seat's own view may be chosen; where a seat sees more
        # than the table at the start (its own hand), the board shows it.
        options = page.locator("[data-replay-viewer] option").all_inner_texts()
        assert options == ["The whole table"] + NAMES[:2]
        page.click("[data-action=replay-first]")
        table_view = board(page)
        page.select_option("[data-replay-viewer]", "0")
        if drawn_at_start(session, 0) != drawn_at_start(session, None):
            page.wait_for_function("(old) => document.getElementById('board').innerHTML !== old", arg=table_view)
        assert at(page) == f"Move 0 of {moves}"
        if number == 0:
            assert run_axe(page) == []
    assert not page.evaluate("Object.keys(localStorage).some((k) => k.startsWith('tabletown:save:'))")


def test_a_shared_game_under_way_replays_only_what_the_table_saw_and_bad_replay_links_are_refused(page, base_url):
    session = bots_game("tavern-tussle", seats=3, stop=12)
    open_page(page, base_url, replay_link(session))
    page.wait_for_selector("#replay-at")
    assert page.locator("[data-replay-viewer]").count() == 0
    assert "hidden cards stay hidden" in page.locator(".replay").inner_text()
    page.keyboard.press("End")
    assert at(page) == "Move 12 of 12" and page.locator("#board[data-game-over]").count() == 0
    for bad in ("#replay=1.AAAA", "#replay=7.abc", "#replay=1." + "x" * 250_000, "#replay=1.<script>"):
        goto(page, base_url, bad)
        alert = page.locator("[role=alert]")
        alert.wait_for()
        assert "cannot be opened" in alert.inner_text()
        assert page.locator(".games").count() == 1
    assert not page.evaluate("Object.keys(localStorage).some((k) => k.startsWith('tabletown:save:'))")


# --- the rules at hand --------------------------------------------------------------------------


def matching(page_rules: dict, word: str) -> int:
    """How many paragraphs hold `word` (in their text, a list item or their section's title)."""
    return sum(
        1 for s in page_rules["sections"] for p in s["paragraphs"]
        if word in " ".join([s["title"], p["text"], *p.get("items", [])]).lower()
    )


def ruffian_drawn_at(page) -> tuple[str, str]:
    """Where the board draws the Ruffian: the corner of its 2 × 2 footprint."""
    body = page.locator('#board [data-topic="board:ruffian"] > rect').first
    return body.get_attribute("x"), body.get_attribute("y")


def test_a_ruffians_turn_replays_one_step_at_a_time_with_the_arrow_key(page, base_url):
    """The Ruffian's whole turn happens in the move that ends the townsfolk's turn ("play and discard
    the next card in the Ruffian action deck... Follow the actions on the card from start to finish").
    A replay steps through it: each step's line in #status, the Ruffian drawn where it stood then."""
    session = bots_game("townsfolk-tussle", seats=2, stop=40)
    moves = len(session.record["log"])
    replay = Replay(session.game, session.record)

    def positions(k):
        return [step["state"]["fight"]["pos"] for step in replay.substeps(k)]

    k = next(k for k in range(2, moves + 1) if len({tuple(p) for p in positions(k)}) > 1)  # a turn with a walk
    steps = replay.substeps(k)
    told = [f"Move {k} of {moves}, step {n + 1} of {len(steps)}: {fill_names(step['line'], NAMES)}"
            for n, step in enumerate(steps)]
    open_page(page, base_url, replay_link(session))
    page.wait_for_selector("#replay-at")
    page.locator(f"#log li[data-step='{k - 1}']").click()
    drawn = []
    for n, line in enumerate(told):
        page.keyboard.press("ArrowRight")
        assert page.locator("#status").inner_text() == line
        assert at(page) == f"Move {k} of {moves} · step {n + 1} of {len(steps)}"
        assert page.locator("#log li.now").get_attribute("data-step") == str(k)
        drawn.append(ruffian_drawn_at(page))
    moved = [drawn[n] != drawn[n - 1] for n in range(1, len(drawn))]
    walked = [positions(k)[n] != positions(k)[n - 1] for n in range(1, len(steps))]
    assert any(moved) and moved == walked  # the Ruffian moves on the board exactly at its steps
    page.keyboard.press("ArrowLeft")
    assert page.locator("#status").inner_text() == told[-2] and ruffian_drawn_at(page) == drawn[-2]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # on past the turn: the next move
    assert at(page).startswith(f"Move {k + 1} of {moves}")


def test_the_prompt_links_to_its_rule_and_the_rules_are_searched_and_read_on_a_page_of_their_own(page, base_url):
    game_id = "torches-and-pitchforks"
    bundle = rules_of(game_id)
    open_page(page, base_url, f"#new/{game_id}?seats=human,bot,bot&names=Ann,Bob,Cy&seed=9")
    page.wait_for_selector("#board [data-action]")
    wait_for_humans(page)
    if page.locator("#guide").is_visible():
        page.click("[data-action=guide-close]")
    # The paragraph the game names for what Ann is asked now (its Rules.topic, through rule_index.json).
    entry = json.loads(page.evaluate(
        "localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('tabletown:save:')))"))
    game = games.load(game_id)
    now = Session(game, entry["record"], trusted=True)
    topic = game.RULES.topic(now.state, 0)
    assert topic in bundle["index"], f"the prompt's topic {topic!r} has no paragraph"
    expected = bundle["index"][topic]

    page.click("#status a.why")
    page.wait_for_selector("#rules-dialog[open]")
    assert page.locator(".rule.current").get_attribute("id") == f"rule-{expected}"
    assert page.evaluate("document.activeElement.id") == f"rule-{expected}"

    page.fill("#rules-q-dialog", "fight")
    count = matching(bundle["rules"], "fight")
    said = f"{count} paragraph{'s' if count != 1 else ''} match{'' if count != 1 else 'es'} “fight”."
    page.wait_for_function("(s) => document.getElementById('rules-count-dialog').textContent === s", arg=said)
    assert page.locator("#rules-dialog .rule").count() == count
    # Each paragraph shown holds the word, in itself or in its section's title, marked.
    assert page.evaluate("""() => [...document.querySelectorAll('#rules-dialog .rule')].every((r) =>
        (r.closest('section').querySelector('h2').textContent + r.textContent).toLowerCase().includes('fight'))""")
    assert page.locator("#rules-dialog mark").count() >= count
    page.fill("#rules-q-dialog", "")
    page.wait_for_function("() => document.getElementById('rules-count-dialog').textContent === ''")
    page.click("[data-action=close-rules]")
    assert page.locator("#rules-dialog[open]").count() == 0

    # "What's this?": a press on a board control opens its rule and plays nothing.
    lines = page.locator("#log li:not(.muted)").count()
    page.click("#whats-this")
    assert page.locator("#whats-this").get_attribute("aria-pressed") == "true"
    control = page.locator("#board [data-action]").first
    legal = game.RULES.legal(now.state, 0)
    kind = legal[int(control.get_attribute("data-action"))]["type"]
    topic_here = control.get_attribute("data-topic")
    wanted = bundle["index"].get(topic_here) or bundle["index"][f"action:{kind}"]
    control.click()
    page.wait_for_selector("#rules-dialog[open]")
    assert page.locator(".rule.current").get_attribute("id") == f"rule-{wanted}"
    page.keyboard.press("Escape")
    assert page.locator("#rules-dialog[open]").count() == 0
    assert page.locator("#whats-this").get_attribute("aria-pressed") == "false"
    assert page.locator("#log li:not(.muted)").count() == lines
    control.click()  # out of "What's this?", the same press plays
    page.wait_for_function("(n) => document.querySelectorAll('#log li:not(.muted)').length > n", arg=lines)

    # The rules on a page of their own, at a paragraph's address; its "see" links lead on.
    goto(page, base_url, f"#rules/{game_id}/{expected}")
    page.wait_for_selector(f".rules-page #rule-{expected}.current")
    assert page.locator("h1").inner_text() == "How to play Torches & Pitchforks"
    see = page.locator(f"#rule-{expected} .see a")
    if see.count():
        target = see.first.get_attribute("data-rule")
        see.first.click()
        page.wait_for_selector(f"#rule-{target}.current")
        assert page.url.endswith(f"#rules/{game_id}/{target}")
    assert run_axe(page) == []

    # From the picker, even for a game that is not ready yet.
    goto(page, base_url, "#")
    page.click("a.card-rules[href='#rules/townsfolk-tussle']")
    page.wait_for_selector(".rules-page h1")
    assert page.locator("h1").inner_text() == "How to play Townsfolk Tussle"
    assert page.locator(".rules-toc li").count() == len(rules_of("townsfolk-tussle")["rules"]["sections"])


# --- the guided first turn ------------------------------------------------------------------------

SHIFTS = """
window.__shifts = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__shifts += e.value;
}).observe({type: "layout-shift", buffered: true});
"""


def ring_holds(page, selector: str) -> bool:
    return page.evaluate(
        """(sel) => {
            const ring = document.getElementById('guide-ring').getBoundingClientRect();
            const el = document.querySelector(sel).getBoundingClientRect();
            return ring.left <= el.left && ring.top <= el.top && ring.right >= el.right && ring.bottom >= el.bottom;
        }""",
        selector,
    )


def test_the_guided_first_turn_is_shown_once_points_at_what_it_names_and_comes_back_from_the_menu(browser, base_url):
    # The first screen (a Story Phase's pick) shows the guide's first stage, the one without a name.
    steps = [s for s in rules_of("tavern-tussle")["guide"]["steps"] if s.get("stage", "") == ""]
    ctx = guarded_context(browser, base_url, viewport={"width": 1200, "height": 900})
    ctx.add_init_script(SHIFTS)
    try:
        page = ctx.new_page()
        open_page(page, base_url, "#new/tavern-tussle?seats=human,bot&names=Ann,Bob&seed=8")
        page.wait_for_selector("#guide:not([hidden])")
        assert f"step 1 of {len(steps)}" in page.locator("#guide").inner_text()
        assert page.locator("#guide h2").inner_text() == steps[0]["title"]
        assert page.evaluate("localStorage.getItem('tabletown:guide:tavern-tussle')") == "seen"
        first = steps[0]["points_at"]
        assert ring_holds(page, rulebook.guide_targets(first, [])[0])
        # Keyboard alone: Enter on Next goes on; each step links to its paragraph.
        for i, step in enumerate(steps[1:], start=2):
            page.locator("[data-action=guide-next]").focus()
            page.keyboard.press("Enter")
            page.wait_for_function("(s) => document.querySelector('#guide h2')?.textContent === s", arg=step["title"])
            assert f"step {i} of {len(steps)}" in page.locator("#guide").inner_text()
            assert page.locator("#guide a[data-rule]").get_attribute("data-rule") == step["rule"]
            if step["points_at"] == "control:action:activate":
                assert ring_holds(page, "#board [data-action]")  # a Hero in hand Ann can activate
        assert page.locator("[data-action=guide-next]").inner_text() == "Done"
        assert run_axe(page) == []
        # The board still plays while the guide is open; Escape closes it.
        lines = page.locator("#log li:not(.muted)").count()
        page.locator("#board [data-action]").first.click()
        page.wait_for_function("(n) => document.querySelectorAll('#log li:not(.muted)').length > n", arg=lines)
        wait_for_humans(page)
        page.locator("#guide h2").focus()
        page.keyboard.press("Escape")
        assert page.locator("#guide").is_hidden() and page.locator("#guide-ring").is_hidden()
        # Shown once: not again on the next visit, but from the game's menu.
        page.reload()
        page.wait_for_selector("html.ready", timeout=BOOT_TIMEOUT)
        page.wait_for_selector("#board svg")
        assert page.locator("#guide").is_hidden()
        page.evaluate("window.__shifts = 0")
        page.click(".menu summary")
        page.click("[data-action=open-guide]")
        page.wait_for_selector("#guide:not([hidden])")
        assert f"step 1 of {len(steps)}" in page.locator("#guide").inner_text()
        assert page.evaluate("document.activeElement.id") == "guide-h"
        page.click("[data-action=guide-next]")
        page.click("[data-action=guide-next]")
        # Neither the menu, nor the guide, nor its ring moved anything on the page.
        assert page.evaluate("window.__shifts") == 0
    finally:
        ctx.close()
    check_guard(ctx)


# --- the story of a game ---------------------------------------------------------------------------


def most_seats_up_to_three(game_id: str) -> int:
    """Three players where the game's default setup takes three (Ruthless' Dodge City Draw is two posses)."""
    game = games.load(game_id)
    try:
        Session(game, new_record(game, [{"name": n, "kind": "bot", "level": "easy"} for n in NAMES], {}, 1))
        return 3
    except (RecordError, BadSetup):
        return 2


@pytest.fixture(scope="module")
def finished_games():
    return {game_id: bots_game(game_id, seats=most_seats_up_to_three(game_id)) for game_id in games.ready_ids()}


def test_the_result_screen_tells_the_story_in_charts_with_tables_beside_them(page, base_url, finished_games):
    open_page(page, base_url, "#")
    drawn = 0
    checked = False
    for game_id, session in finished_games.items():
        told = story(session.game, session.record)
        tables = [t for t in told["tables"] if t["rows"]]
        goto(page, base_url, encode_link(session.record))
        page.wait_for_selector("#results .results")
        # The result shows first; a long game's charts follow once its story is told.
        page.wait_for_selector("#results [aria-busy=true]", state="detached")
        figures = page.locator("#results figure")
        assert figures.count() == (told["series"] is not None) + len(tables), game_id
        if told["series"] is not None:
            score = figures.first
            assert score.locator("figcaption").inner_text() == "Score over time"
            assert score.locator("svg[role=img]").count() == 1
            legend = score.locator(".legend").inner_text()
            names = NAMES[:len(session.seats)]
            for seat, name in enumerate(names):
                assert name in legend and str(told["series"][seat][-1]) in legend
            head = score.locator("table thead th").all_inner_texts()
            assert head == ["Move"] + names
            rows = score.locator("table tbody tr")
            assert rows.count() == len(charts.score_rows(told["series"]))
            assert rows.last.locator("td").all_inner_texts() == [str(s[-1]) for s in told["series"]]
            drawn += 1
        for table in tables:
            title = re.compile("^" + re.escape(fill_names(table["title"], NAMES)) + "$")  # "Fights" is not "Fights turned"
            figure = page.locator("#results figure", has=page.locator("figcaption", has_text=title))
            assert figure.locator("table tbody tr").count() == len(table["rows"])
            drawn += 1
        if drawn and not checked:
            assert run_axe(page) == []
            checked = True
        # From the result screen to the replay and its link.
        page.click("[data-action=share-replay]")
        assert "#replay=1." in page.locator("#replay-link").get_attribute("href")
        page.click("[data-action=watch-replay]")
        page.wait_for_selector("#replay-at")
        assert at(page) == f"Move 0 of {len(session.record['log'])}"
    # At least one ready game keeps a score to chart (Torches & Pitchforks does).
    assert drawn > 0 and checked


def test_replays_rules_and_charts_fit_a_phone(browser, base_url, finished_games):
    ctx = guarded_context(browser, base_url, viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        session = finished_games["torches-and-pitchforks"]
        open_page(page, base_url, encode_link(session.record))
        page.wait_for_selector("#results figure")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.locator("#results svg.chart-svg").first.get_attribute("viewBox").startswith(f"0 0 {charts.NARROW} ")
        assert run_axe(page) == []
        goto(page, base_url, replay_link(session))
        page.wait_for_selector("#replay-at")
        page.keyboard.press("End")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert run_axe(page) == []
        goto(page, base_url, "#rules/tumble-town")
        page.wait_for_selector(".rules-page")
        page.fill("#rules-q-page", "gold pan")
        page.wait_for_selector(".rules-page mark")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert run_axe(page) == []
    finally:
        ctx.close()
    check_guard(ctx)
