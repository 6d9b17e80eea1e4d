"""A count of one reads "1 move", never "1 moves": in the saved games list, a replay's first
line, the charts' notes, every game's log lines, boards and results. Counts are written through
one helper, `engine.words.plural`; these tests read what a player reads."""

from __future__ import annotations

import html
import re

import pytest

from tabletown import games
from tabletown.engine.prng import Rng, seed_state
from tabletown.web import charts, policy, screens

# The plural nouns the page and the games write after a count. "1 " before one of them is a
# hand-made plural that forgot the singular.
PLURAL_NOUNS = (
    "moves", "points", "pts", "cards", "Coins", "rounds", "players", "posses", "seats", "games", "lines",
    "rows", "plans", "Penalty tokens", "Horses", "secret Horses", "penalties", "hits", "names", "men",
    "Unconscious men", "Enhancements", "Feats", "counters", "Dice Tokens", "paragraphs", "problems",
)
ONE_OF_MANY = re.compile(r"(?<![\d.,−-])\b1 (" + "|".join(sorted(map(re.escape, PLURAL_NOUNS), key=len, reverse=True)) + r")\b")


def words(markup: str) -> str:
    """What a player reads in HTML or SVG: the text between tags and the accessible names."""
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', markup))
    return html.unescape(re.sub(r"<[^>]+>", " ", markup) + " " + labels)


def test_the_pattern_finds_a_forgotten_singular_and_passes_a_right_one():
    assert ONE_OF_MANY.search("Hand 2 · 1 points")
    assert ONE_OF_MANY.search("Fanfire 1 rounds at Ike")
    assert not ONE_OF_MANY.search("Hand 2 · 1 point") and not ONE_OF_MANY.search("11 points")
    assert not ONE_OF_MANY.search("2.1 points") and not ONE_OF_MANY.search("Seat 1 wins")


def test_the_saved_games_list_says_1_move():
    save = {"id": "a1", "title": "Tumble Town", "names": ["Ann"], "moves": 1, "over": False, "status": ""}
    row = words(screens.save_rows([save]))
    assert "1 move" in row and not ONE_OF_MANY.search(row)
    assert "2 moves" in words(screens.save_rows([dict(save, moves=2)]))


def test_the_saved_games_list_drawn_before_python_says_1_move_too():
    from pathlib import Path

    boot = (Path(__file__).resolve().parents[2] / "static" / "boot.js").read_text()
    assert 's.moves + " moves"' not in boot and '(s.moves === 1 ? " move" : " moves")' in boot


def test_a_replay_of_one_move_says_it_follows():
    assert policy.replay_status(0, 1, "") == "The game as it was set up (1 move follows)."
    assert policy.replay_status(0, 3, "") == "The game as it was set up (3 moves follow)."


def test_a_chart_of_one_player_over_one_move_says_so():
    note = words(charts.line_chart([[0, 4]], ["Ann"], False, "c1"))
    assert "1 line, one per player, over 1 move" in note and not ONE_OF_MANY.search(note)
    bars = words(charts.bar_chart({"title": "Dice", "columns": ["Player", "Dice"], "rows": [["{seat0}", 3]]},
                                  ["Ann"], False, "c2"))
    assert "Bars for 1 row" in bars and not ONE_OF_MANY.search(bars)


# --- each game's own words, with counts of one ---------------------------------------------------

def phrase(game_id: str, event: dict) -> str:
    return games.load(game_id).RULES.phrase([event])


def test_townsfolk_tussle_buys_sells_and_pledges_for_1_coin():
    assert phrase("townsfolk-tussle", {"t": "bought", "seat": 0, "gear": "big-barrel-gun", "n": 1}).endswith("for 1 Coin.")
    assert phrase("townsfolk-tussle", {"t": "sold", "seat": 0, "gear": "big-barrel-gun", "n": 1}).endswith("for 1 Coin.")
    assert "pledges 1 Coin to reset" in phrase("townsfolk-tussle", {"t": "pledge", "seat": 0, "n": 1})


def test_ruthless_reloads_fans_and_revives_by_one():
    rules = games.load("ruthless").RULES
    line = rules.phrase([{"t": "reload", "model_who": "wyatt-earp", "weapon": "revolver", "rounds": 1}])
    assert line.endswith("(1 round).")
    line = rules.phrase([{"t": "revive", "seat": 0, "models": [3]}])
    assert "brings 1 Unconscious man round" in line


def test_tumble_town_powers_worth_1_point():
    from tabletown.games.tumble_town.phrases import power_text

    for kind in ("pairs", "height", "sets", "neighbor"):
        text = power_text({"k": kind, "pts": 1, "h": 2, "icon": "star"})
        assert text.startswith("1 point for each"), text
        assert power_text({"k": kind, "pts": 2, "h": 2, "icon": "star"}).startswith("2 points for each")


# --- whole games, read as they are played --------------------------------------------------------

@pytest.mark.parametrize("game_id, seats", [
    ("tavern-tussle", 2), ("torches-and-pitchforks", 2), ("tumble-town", 1), ("tumble-town", 2),
    ("ruthless", 2), ("townsfolk-tussle", 3),
])
def test_no_count_of_one_is_written_as_many_in_a_played_game(game_id, seats):
    """Bots play a game; every log line, every fifth board for the player to move and the
    finished board and result are read for a "1 <plural>"."""
    game = games.load(game_id)
    rules = game.RULES
    state = rules.setup(5, seats, game.SPEC.normalize(seats, {}))
    rng = Rng(seed_state(5))
    read: list[str] = []
    names = [f"P{i + 1}" for i in range(seats)]
    for step in range(3000):
        active = rules.active(state)
        if not active:
            break
        seat = active[0]
        legal = rules.legal(state, seat)
        if step % 5 == 0:
            ui = {"viewer": seat, "legal": legal, "params": rules.params(state, seat), "armed": None,
                  "cursor": None, "names": names, "narrow": step % 10 == 0}
            read.append(words(game.render(rules.view(state, seat), ui)))
            read.append(rules.prompt(state, seat))
        state, events, _ = rules.step(state, seat, legal[rng.below(len(legal))])
        read.append(rules.phrase(events))
    ui = {"viewer": None, "legal": [], "params": [], "armed": None, "cursor": None, "names": names, "narrow": False}
    read.append(words(game.render(rules.view(state, None), ui)))
    outcome = rules.outcome(state)
    if outcome is not None:
        read.append(" ".join(str(v) for v in (outcome.get("headline"), *outcome.get("tiebreaks", []))))
    wrong = sorted({m.group(0) for text in read for m in ONE_OF_MANY.finditer(text)})
    assert not wrong, wrong
