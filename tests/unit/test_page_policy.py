"""Page policy (web/policy.py), tested in CPython with real sessions and stand-ins:
the address never stops the page, hot-seat Undo never takes back another human's hidden
choice, the Share box warns about secrets, and only changed parts of a board are redrawn."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from tabletown import games
from tabletown.engine.session import Session, new_record
from tabletown.web import policy

# --- the address -------------------------------------------------------------------------


def test_bot_pause_reads_plain_ascii_digits_and_clamps_them():
    assert policy.bot_pause("?botpause=20") == 20
    assert policy.bot_pause("?a=b&botpause=0") == 0
    assert policy.bot_pause("?botpause=4999") == 4999
    assert policy.bot_pause("?botpause=5000") == 5000
    assert policy.bot_pause("?botpause=5001") == 5000
    assert policy.bot_pause("") == policy.BOT_PAUSE_MS


def test_bot_pause_ignores_digits_int_refuses_and_absurd_lengths():
    # "²".isdigit() is True in Python, but int("²") raises: the page must not stop at Loading.
    for bad in ("?botpause=²", "?botpause=٣", "?botpause=" + "9" * 1000, "?botpause=-5", "?botpause=1e3",
                "?botpause= 7", "?botpause=", "?" + "x" * 600 + "&botpause=7"):
        assert policy.bot_pause(bad) == policy.BOT_PAUSE_MS, bad


@given(st.text(max_size=80))
def test_bot_pause_never_raises_and_stays_in_range(text):
    value = policy.bot_pause("?botpause=" + text)
    assert 0 <= value <= policy.MAX_BOT_PAUSE_MS


def test_routes_are_read_with_strict_patterns():
    assert policy.route("") == policy.Route("picker")
    assert policy.route("#") == policy.Route("picker")
    assert policy.route("#setup/tumble-town") == policy.Route("setup", "tumble-town")
    assert policy.route("#game/lx3k9-a1b2") == policy.Route("game", "lx3k9-a1b2")
    assert policy.route("#setup/" + "a" * 40).kind == "setup"
    for bad in ("#setup/" + "a" * 41, "#setup/Tumble", "#setup/²", "#setup/", "#game/../x", "#game/a b"):
        where = policy.route(bad)
        assert where.kind == "picker" and where.problem, bad
    assert policy.route("#play=1.abc").kind == "play"
    assert policy.route("#new/tavern-tussle?seats=human").kind == "new"
    assert policy.route("#campaign=1.abc").kind == "campaign"
    assert policy.route("#whatever") == policy.Route("picker")


def test_a_fragment_beyond_the_length_limit_is_refused_with_a_message():
    assert policy.route("#play=1." + "A" * (policy.MAX_FRAGMENT - 8)).kind == "play"
    too_long = policy.route("#play=1." + "A" * policy.MAX_FRAGMENT)
    assert too_long.kind == "picker" and "too large" in too_long.problem


@given(st.text(max_size=60))
def test_any_fragment_routes_without_raising(text):
    assert policy.route("#" + text).kind in {"picker", "setup", "game", "play", "new", "campaign"}


# --- names ----------------------------------------------------------------------------------


def test_names_are_substituted_in_one_pass():
    # A player who calls herself "{seat1}" is shown as typed, not as player 2's name.
    assert policy.fill_names("{seat0} beats {seat1}", ["{seat1}", "Bob"]) == "{seat1} beats Bob"
    assert policy.fill_names("{seat5} waits", ["Ann"]) == "{seat5} waits"


@given(st.lists(st.text(alphabet="{}seat0123 ab", max_size=8), min_size=1, max_size=4))
def test_one_pass_substitution_matches_token_by_token(names):
    text = " ".join("{seat%d}" % i for i in range(len(names)))
    assert policy.fill_names(text, names) == " ".join(names)


# --- hot seat -------------------------------------------------------------------------------


def tavern(seats, seed=5):
    game = games.load("tavern-tussle")
    return Session(game, new_record(game, seats, {}, seed))


HUMANS2 = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]


def test_a_second_human_gets_a_handoff_before_seeing_cards():
    session = tavern(HUMANS2)
    first = policy.game_screen(session, secrets=True, shown_seat=None)
    assert first.handoff and first.acting is None and first.view_seat is None
    assert first.status == "Pass the device to Ann."
    after = policy.game_screen(session, secrets=True, shown_seat=first.asked)
    assert not after.handoff and after.acting == 0 and after.view_seat == 0


def test_no_handoff_without_secrets_or_with_one_human():
    session = tavern(HUMANS2)
    assert not policy.game_screen(session, secrets=False, shown_seat=None).handoff
    solo = tavern([{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "bot", "level": "easy"}])
    assert not policy.game_screen(solo, secrets=True, shown_seat=0).handoff


def test_undo_never_takes_back_another_humans_hidden_choice():
    session = tavern(HUMANS2)
    screen = policy.game_screen(session, secrets=True, shown_seat=0)
    assert screen.acting == 0 and not screen.undo  # nothing played yet
    while 0 in session.active():  # Ann picks (and discards) face down
        session.apply(0, session.rules.legal(session.state, 0)[0])
    assert session.active() == [1]
    # Bob must pick next: the hand-off is up, and Undo is off behind it.
    handoff = policy.game_screen(session, secrets=True, shown_seat=0)
    assert handoff.handoff and handoff.asked == 1 and not handoff.undo
    # Bob now holds the device: undoing would take back Ann's hidden pick and show her hand.
    bob = policy.game_screen(session, secrets=True, shown_seat=1)
    assert bob.acting == 1 and not bob.undo
    assert session.can_undo()  # the session itself would allow it, asked on nobody's behalf


def test_undo_of_ones_own_move_stays_allowed():
    session = tavern([{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "bot", "level": "easy"}])
    session.apply(0, session.rules.legal(session.state, 0)[0])
    assert policy.game_screen(session, secrets=True, shown_seat=0).undo


def test_without_secrets_any_humans_move_may_be_undone():
    session = tavern(HUMANS2)
    session.apply(0, session.rules.legal(session.state, 0)[0])
    assert policy.undo_allowed(session, secrets=False, shown_seat=1, handoff=False)
    assert not policy.undo_allowed(session, secrets=False, shown_seat=1, handoff=True)


class StandIn:
    """A session reduced to what the policy reads."""

    def __init__(self, kinds, active, log, point, over=False, outcome=None):
        self.seats = [{"name": n, "kind": k} for n, k in zip(["Ann", "Bob", "Cy"], kinds)]
        self.names = [s["name"] for s in self.seats]
        self._active = active
        self.record = {"log": log}
        self._point = point
        self._over = over
        self._outcome = outcome
        self.state = {}
        self.rules = type("R", (), {"prompt": staticmethod(lambda state, seat: "Pick {seat%d}" % ((seat + 1) % 2))})()

    def active(self):
        return self._active

    def is_bot(self, seat):
        return self.seats[seat]["kind"] == "bot"

    def remotes(self):
        return [i for i, s in enumerate(self.seats) if s["kind"] == "remote"]

    def prompt(self, seat):
        return self.rules.prompt(self.state, seat)

    def over(self):
        return self._over

    def outcome(self):
        return self._outcome

    def can_undo(self, by=None):
        return self._point is not None and (by is None or self.record["log"][self._point][0] == by)


def test_one_person_playing_several_seats_gets_no_handoff_between_them():
    s = StandIn(["human", "human", "human"], [1], [], None)
    s.person = lambda seat: {0: 0, 1: 0, 2: 2}[seat]
    assert not policy.needs_handoff(s, True, 1, 0)  # the same person's other seat
    assert policy.needs_handoff(s, True, 2, 0)
    assert policy.needs_handoff(s, True, 1, None)  # nobody's view is on screen yet
    solo = StandIn(["human", "human"], [1], [], None)
    solo.person = lambda seat: 0
    assert not policy.needs_handoff(solo, True, 1, 0) and not policy.needs_handoff(solo, True, 1, None)


def test_undo_with_three_seats_follows_the_seat_of_the_move_it_would_take_back():
    # Ann (human), Bob (bot), Cy (human): the latest human move was Cy's.
    s = StandIn(["human", "bot", "human"], [0], [[0, {}], [2, {}], [1, {}]], point=1)
    assert policy.undo_allowed(s, secrets=True, shown_seat=2, handoff=False)
    assert not policy.undo_allowed(s, secrets=True, shown_seat=0, handoff=False)
    assert not policy.undo_allowed(StandIn(["human", "bot", "human"], [0], [], point=None), True, 0, False)


def test_status_lines_fill_names_once_and_name_bots_thinking():
    s = StandIn(["human", "bot"], [0], [], None)
    assert policy.status_text(s, 0, False) == "Ann: Pick Bob"
    thinking = StandIn(["human", "bot", "bot"], [1, 2], [], None)
    assert policy.status_text(thinking, None, False) == "Bob and Cy are thinking…"
    one = StandIn(["human", "bot"], [1], [], None)
    assert policy.status_text(one, None, False) == "Bob is thinking…"
    # Both lay a card at once: Ann is asked, and the line says Bob has not chosen yet.
    together = StandIn(["human", "bot"], [0, 1], [], None)
    assert policy.status_text(together, 0, False) == "Ann: Pick Bob (Bob is thinking…)"


def test_status_of_a_finished_game_ranked_and_team():
    ranked = StandIn(["human", "bot"], [], [], None, over=True, outcome={"winners": [1]})
    assert policy.status_text(ranked, None, False) == "Game over — Bob wins."
    tie = StandIn(["human", "bot"], [], [], None, over=True, outcome={"winners": [0, 1]})
    assert policy.status_text(tie, None, False) == "Game over — Ann and Bob share the win."
    won = StandIn(["human", "human"], [], [], None, over=True,
                  outcome={"kind": "team", "won": True, "title": "The Ruffians ride out"})
    assert policy.status_text(won, None, False) == "Game over — you won together: The Ruffians ride out"
    lost = StandIn(["human", "human"], [], [], None, over=True, outcome={"kind": "team", "won": False, "title": ""})
    assert policy.status_text(lost, None, False) == "Game over — you lost together."


# --- sharing ----------------------------------------------------------------------------------


def test_the_share_box_warns_about_hidden_cards_until_the_game_is_over():
    running = policy.share_note(secrets=True, over=False, copied=True)
    assert "whoever opens this link can work out every hidden card" in running.lower()
    assert "share it with players you trust, or share when the game is over" in running
    assert "hidden card" not in policy.share_note(secrets=False, over=False, copied=True)
    finished = policy.share_note(secrets=True, over=True, copied=False)
    assert "safe to share" in finished and "hidden card" not in finished


# --- redrawing ------------------------------------------------------------------------------


class Drawing(str):
    """What the render kit returns: SVG text with its keyed parts."""

    parts: list


def drawing(parts: dict[str, str], frame: str = "F") -> Drawing:
    body = "".join(f'<g data-part="{k}">{v}</g>' for k, v in parts.items())
    d = Drawing(f"<svg>{frame}{body}</svg>")
    d.parts = [(k, f'<g data-part="{k}">{v}</g>') for k, v in parts.items()]
    return d


def test_a_plain_str_render_is_always_drawn_whole():
    changes, painted = policy.plan_redraw(None, "<svg>a</svg>")
    assert changes == [(None, "<svg>a</svg>")] and painted is None
    again, _ = policy.plan_redraw(painted, "<svg>a</svg>")
    assert again == [(None, "<svg>a</svg>")]


def test_only_changed_parts_are_replaced_when_the_frame_is_the_same():
    first = drawing({"hand": "1", "row": "2", "log": "3"})
    changes, painted = policy.plan_redraw(None, first)
    assert changes == [(None, str(first))]
    second = drawing({"hand": "1", "row": "9", "log": "3"})
    changes, painted = policy.plan_redraw(painted, second)
    assert changes == [("row", '<g data-part="row">9</g>')]
    same, painted = policy.plan_redraw(painted, second)
    assert same == []


def test_a_changed_frame_or_set_of_parts_redraws_whole():
    _, painted = policy.plan_redraw(None, drawing({"a": "1"}))
    moved = drawing({"a": "1"}, frame="G")
    assert policy.plan_redraw(painted, moved)[0] == [(None, str(moved))]
    more = drawing({"a": "1", "b": "2"})
    assert policy.plan_redraw(painted, more)[0] == [(None, str(more))]


def test_a_board_that_grew_gets_its_new_root_attributes_and_keeps_its_unchanged_parts():
    def tall(height: int, parts: dict[str, str], over: str = "") -> Drawing:
        d = drawing(parts)
        root = f'<svg viewBox="0 0 960 {height}" aria-label="A &amp; B"{over}>'
        out = Drawing(root + str(d)[len("<svg>"):])
        out.parts = d.parts
        return out

    _, painted = policy.plan_redraw(None, tall(600, {"a": "1", "b": "2"}))
    changes, painted = policy.plan_redraw(painted, tall(640, {"a": "1", "b": "3"}))
    assert changes == [(policy.ROOT, '<svg viewBox="0 0 960 640" aria-label="A &amp; B">'),
                       ("b", '<g data-part="b">3</g>')]
    assert policy.root_attributes(changes[0][1]) == {"viewBox": "0 0 960 640", "aria-label": "A & B"}
    ended, _ = policy.plan_redraw(painted, tall(640, {"a": "1", "b": "3"}, over=' data-game-over="true"'))
    assert ended == [(policy.ROOT, '<svg viewBox="0 0 960 640" aria-label="A &amp; B" data-game-over="true">')]
    assert policy.plan_redraw(painted, tall(640, {"a": "1", "b": "3"}))[0] == []


def test_parts_that_do_not_appear_in_order_fall_back_to_a_whole_drawing():
    d = drawing({"a": "1", "b": "2"})
    d.parts = list(reversed(d.parts))
    assert policy.split_drawing(d) is None


# --- parameterised actions ----------------------------------------------------------------------

POINT = {"kind": "point", "action": {"type": "move", "model": 3}, "param": "to", "frame": "table",
         "label": "Move Wyatt Earp", "origin": [1200, 800], "reach": 600}
SQUARE = {"kind": "square", "action": {"type": "step", "who": 1}, "param": "to", "frame": "grid", "label": "Move"}
NUMBER = {"kind": "number", "action": {"type": "bid"}, "param": "amount", "min": 0, "max": 9, "label": "Bid"}


def test_a_press_becomes_a_whole_point_or_the_square_under_it():
    assert policy.complete(POINT, [1250, 790]) == {"type": "move", "model": 3, "to": [1250, 790]}
    assert policy.frame_value(POINT, 1250.4, 789.6) == [1250, 790]
    assert policy.frame_value(SQUARE, 99.9, 0.0) == [0, 0]
    assert policy.frame_value(SQUARE, 100.0, 0.0) == [1, 0]
    assert policy.frame_value(SQUARE, -0.1, 250.0) == [-1, 2]
    assert policy.frame_value(SQUARE, 150.0, 150.0, cell=50) == [3, 3]
    assert policy.frame_value(POINT, float("nan"), 1.0) is None


def test_the_keyboard_cursor_starts_at_the_origin_and_moves_by_steps():
    cursor = policy.start_cursor(POINT)
    assert cursor == [1200, 800]
    assert policy.move_cursor(POINT, cursor, "ArrowRight") == [1225, 800]
    assert policy.move_cursor(POINT, cursor, "ArrowUp", big=True) == [1200, 700]
    assert policy.move_cursor(SQUARE, [2, 2], "ArrowLeft") == [1, 2]
    assert policy.start_cursor(SQUARE) == [0, 0]


def test_a_kind_may_set_its_own_arrow_step():
    half_inch = dict(POINT, step=50)  # Ruthless: ½″ a press, 1″ with Shift
    assert policy.move_cursor(half_inch, [1200, 800], "ArrowLeft") == [1150, 800]
    assert policy.move_cursor(half_inch, [1200, 800], "ArrowDown", big=True) == [1200, 900]


def test_a_kind_armed_at_once_is_found_with_a_key_per_offer():
    assert policy.arms_at_once([POINT, SQUARE]) is None
    ready = dict(POINT, at_once=True)
    index, key = policy.arms_at_once([SQUARE, ready])
    assert index == 1
    # the same offer again keeps its key (a cancelled Move stays cancelled); a new origin is a new offer
    assert policy.arms_at_once([SQUARE, dict(ready)])[1] == key
    assert policy.arms_at_once([SQUARE, dict(ready, origin=[1300, 800])])[1] != key


def test_a_typed_number_must_be_plain_digits_within_the_bounds():
    assert policy.number_value(NUMBER, "0") == 0
    assert policy.number_value(NUMBER, "9") == 9
    assert policy.number_value(NUMBER, "-1") is None
    assert policy.number_value(NUMBER, "10") is None
    for bad in ("²", "3.0", "", "1e2", "9" * 20):
        assert policy.number_value(NUMBER, bad) is None


def test_every_policy_function_is_pure_python():
    source = open(policy.__file__).read()
    assert not re.search(r"^\s*(import|from)\s+(js|pyodide)\b", source, re.M)


# --- replays, rules pages, the guide ------------------------------------------------------------


def test_replay_and_rules_addresses_are_read_strictly():
    assert policy.route("#replay=1.abc") == policy.Route("replay", "#replay=1.abc")
    assert policy.route("#rules/tumble-town") == policy.Route("rules", "tumble-town")
    assert policy.route("#rules/tumble-town/pan-pair") == policy.Route("rules", "tumble-town", anchor="pan-pair")
    for bad in ("#rules/Tumble", "#rules/tumble-town/<b>", "#rules/tumble-town/a/b", "#rules/"):
        assert policy.route(bad).kind == "picker" and "no rules" in policy.route(bad).problem, bad


def test_a_replay_address_carries_the_same_data_as_a_play_link():
    assert policy.play_fragment("#replay=1.abc") == "#play=1.abc"
    assert policy.replay_fragment("#play=1.abc") == "#replay=1.abc"
    assert policy.play_fragment(policy.replay_fragment("#play=1.x_-")) == "#play=1.x_-"


def test_arrow_keys_step_one_move_and_home_and_end_jump_never_past_either_end():
    assert policy.replay_step("ArrowRight", 3, 10) == 4
    assert policy.replay_step("ArrowRight", 10, 10) == 10
    assert policy.replay_step("ArrowRight", 9, 10) == 10
    assert policy.replay_step("ArrowLeft", 1, 10) == 0
    assert policy.replay_step("ArrowLeft", 0, 10) == 0
    assert policy.replay_step("Home", 7, 10) == 0 and policy.replay_step("End", 0, 10) == 10
    assert policy.replay_step("ArrowUp", 3, 10) is None and policy.replay_step("Enter", 3, 10) is None


def test_a_replay_status_names_the_move_and_at_the_last_move_how_the_game_ended():
    assert policy.replay_status(0, 1, "") == "The game as it was set up (1 move follows)."
    assert policy.replay_status(0, 12, "") == "The game as it was set up (12 moves follow)."
    assert policy.replay_status(3, 12, "Ann knocks.", "Game over — Ann wins.") == "Move 3 of 12: Ann knocks."
    assert policy.replay_status(12, 12, "Ann knocks.", "Game over — Ann wins.") == "Move 12 of 12: Ann knocks. Game over — Ann wins."


def test_a_replay_status_names_the_step_of_a_move_told_in_several_and_ends_the_game_at_its_last():
    said = policy.replay_status(5, 12, "Qing & Kween play Twin Cleave.", "", (1, 7))
    assert said == "Move 5 of 12, step 2 of 7: Qing & Kween play Twin Cleave."
    won = "The townsfolk win."
    assert policy.replay_status(12, 12, "Ann ends the turn.", won, (0, 3)) == "Move 12 of 12, step 1 of 3: Ann ends the turn."
    assert policy.replay_status(12, 12, "Qing & Kween are beaten!", won, (2, 3)).endswith("beaten! The townsfolk win.")
    assert policy.replay_place(5, 12, (1, 7)) == "Move 5 of 12 · step 2 of 7"
    assert policy.replay_place(5, 12) == "Move 5 of 12"


def test_a_replays_link_warns_about_hidden_cards_only_while_a_game_with_secrets_is_not_over():
    assert "work out every hidden card" in policy.replay_share_note(True, False, True)
    assert "hidden" not in policy.replay_share_note(True, True, True)
    assert "hidden" not in policy.replay_share_note(False, False, False)
    assert policy.replay_share_note(False, True, False).startswith("Copy this link.")


def test_the_guide_shows_itself_once_and_only_to_a_person_at_the_device():
    assert policy.wants_guide(None, True, 1) is True
    assert policy.wants_guide("seen", True, 1) is False
    assert policy.wants_guide(None, False, 1) is False  # a game without a guide
    assert policy.wants_guide(None, True, 0) is False  # bots only: nobody to guide
    assert policy.guide_key("tumble-town") == "tabletown:guide:tumble-town"


def test_the_verdict_of_a_finished_game_names_the_winners():
    assert policy.verdict({"winners": [1]}, ["Ann", "Bob"]) == "Game over — Bob wins."
    assert policy.verdict({"winners": [0, 1]}, ["Ann", "Bob"]) == "Game over — Ann and Bob share the win."
    assert policy.verdict(None, ["Ann"]) == "Game over — nobody wins."
    team = {"kind": "team", "won": False, "title": "{seat0} falls"}
    assert policy.verdict(team, ["Ann"]) == "Game over — you lost together: Ann falls"


# --- one person, several seats (Townsfolk Tussle: "you control 3 townsfolk at once") -----------

def townsfolk_session(count, options):
    game = games.load("townsfolk-tussle")
    opts = game.SPEC.normalize(count, options)
    humans = [{"name": f"P{i + 1}", "kind": "human"} for i in range(count)]
    seats = policy.seats_at_one_device(game.RULES, humans, opts)
    return Session(game, new_record(game, seats, opts, 3))


def test_the_solo_player_runs_all_three_townsfolk_without_passing_the_device_to_themselves():
    solo = townsfolk_session(3, {"solo": True})
    assert [solo.person(s) for s in range(3)] == [0, 0, 0]
    assert not any(policy.needs_handoff(solo, True, a, b) for a in range(3) for b in range(3))


def test_doublin_down_gives_each_of_two_players_two_townsfolk():
    pairs = townsfolk_session(4, {"doublin_down": True})
    assert [pairs.person(s) for s in range(4)] == [0, 0, 2, 2]
    assert not policy.needs_handoff(pairs, True, 1, 0) and not policy.needs_handoff(pairs, True, 3, 2)
    assert policy.needs_handoff(pairs, True, 2, 1) and policy.needs_handoff(pairs, True, 0, 3)


def test_without_a_variant_every_townsfolk_is_its_own_player():
    three = townsfolk_session(3, {})
    assert [three.person(s) for s in range(3)] == [0, 1, 2]
    assert policy.needs_handoff(three, True, 1, 0)


def test_a_bot_seat_is_nobody_at_the_device_and_the_first_human_seat_speaks_for_the_player():
    game = games.load("townsfolk-tussle")
    opts = game.SPEC.normalize(3, {"solo": True})
    seats = [{"name": "B", "kind": "bot", "level": "easy"}, {"name": "A", "kind": "human"}, {"name": "C", "kind": "human"}]
    marked = policy.seats_at_one_device(game.RULES, seats, opts)
    assert "person" not in marked[0] and "person" not in marked[1] and marked[2]["person"] == 1
    assert seats[2] == {"name": "C", "kind": "human"}  # the form's seats are not changed in place


def test_with_a_player_on_another_device_undo_takes_back_only_the_seat_on_screen():
    # Ann here, Bob on another device, in a game with no secrets: Bob's move is his to take back.
    s = StandIn(["human", "remote"], [0], [[0, {}], [1, {}]], point=1)
    assert policy.undo_by(s, False, 0) == 0
    assert not policy.undo_allowed(s, False, 0, False)
    mine = StandIn(["human", "remote"], [1], [[1, {}], [0, {}]], point=1)
    assert policy.undo_allowed(mine, False, 0, False)


def test_a_player_on_another_device_is_waited_for_not_asked_here():
    s = StandIn(["human", "remote"], [1], [], None)
    screen = policy.game_screen(s, True, 0)
    assert screen.acting is None and not screen.handoff
    assert screen.status == "Waiting for Bob…"
    both = StandIn(["human", "remote", "bot"], [0, 1, 2], [], None)
    assert policy.game_screen(both, True, 0).status.endswith("(Cy is thinking…; waiting for Bob…)")
