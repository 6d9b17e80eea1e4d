"""The rules-contract conformance check, shared by every game's tests.

`check_playouts` plays many seeded random games and asserts what the contract
promises: while the game runs somebody must act and every asked seat has a legal action
(deterministic, JSON); every state is JSON, survives a JSON round trip and holds no
English text; `apply` never changes its input and refuses a bogus action readably; a
move that drew on the PRNG says so with a roll or shuffle event (so it cannot be undone);
every move writes a log line; replaying the log rebuilds the same state; views never
carry the PRNG; a seat's view does not change when anything it may not know is scrambled,
and `view(determinize(view)) == view`; the renderer offers every legal action with an
accessible name; the game ends with an outcome of the kind its spec declares. A listed
action with one value's JSON type changed (true for 1, 1.0 or "1" for 1) is refused by the
session's check and by `apply` alike: Python's `==` cannot tell them apart, the contract must.
"""

from __future__ import annotations

import json
import re
from types import ModuleType
from typing import Any, Optional
from xml.etree import ElementTree

from tabletown.engine.events import is_barrier
from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.rules import IllegalAction, is_listed
from tabletown.engine.state import is_json

BOGUS_ACTION = {"type": "__not-a-move__"}


def has_english(value: Any) -> Optional[str]:
    """The first string in `value` that reads like English text (it has a space), or None."""
    if isinstance(value, str):
        return value if " " in value else None
    if isinstance(value, list):
        for v in value:
            found = has_english(v)
            if found:
                return found
    if isinstance(value, dict):
        for k, v in value.items():
            found = has_english(k) or has_english(v)
            if found:
                return found
    return None


def retyped(value: Any) -> list[Any]:
    """`value` with its JSON type changed: a bool as a number, a whole number as a bool, a float or a string."""
    if isinstance(value, bool):
        return [int(value)]
    if isinstance(value, int):
        return ([bool(value)] if value in (0, 1) else []) + [float(value), str(value)]
    return []


def forgeries(action: Any) -> list[Any]:
    """Copies of `action` with one value (or one item of a list value) of another JSON type."""
    forged = []
    if isinstance(action, dict):
        for key, value in action.items():
            forged += [{**action, key: other} for other in retyped(value) + forgeries(value)]
    elif isinstance(action, list):
        for i, value in enumerate(action):
            forged += [action[:i] + [other] + action[i + 1:] for other in retyped(value) + forgeries(value)]
    return forged


def check_forgeries(rules: Any, state: dict[str, Any], seat: int, legal: list, step: int) -> None:
    """Every retyped copy of the first listed action of each kind is refused, unless listed itself."""
    firsts = {}
    for action in legal:
        firsts.setdefault(action.get("type") if isinstance(action, dict) else None, action)
    for action in firsts.values():
        for forged in forgeries(action):
            if is_listed(forged, legal):
                continue
            for check in (rules.check_legal, rules.apply):
                try:
                    check(state, seat, forged)
                except IllegalAction as err:
                    assert str(err)
                else:
                    raise AssertionError(f"step {step}: {forged} (a retyped {action}) was accepted by {check.__name__}")


def check_secrets(rules: Any, state: dict[str, Any], seats: int, rng: Rng, step: int) -> None:
    """A view is unchanged by scrambling what its seat may not know; determinize is consistent."""
    for seat in list(range(seats)) + [None]:
        view = rules.view(state, seat)
        scrambled = rules.zones.scramble(state, seat, rng)
        assert rules.view(scrambled, seat) == view, f"step {step}: seat {seat}'s view shows something it may not know"
        if seat is not None:
            world = rules.determinize(view, seat, Rng(seed_state(step * 31 + seat)))
            assert is_json(world) and "rng" in world
            assert rules.view(world, seat) == view, f"step {step}: determinize is not consistent with seat {seat}'s view"


def check_playouts(
    game: ModuleType,
    seats: int,
    options: Optional[dict[str, Any]] = None,
    games: int = 10,
    max_steps: int = 5000,
    render_every: int = 7,
    secrets_every: int = 5,
    forgeries_every: int = 3,
    first_seed: int = 1,
) -> list[dict[str, Any]]:
    """Play `games` random games; return their outcomes. Fails on any broken promise."""
    rules = game.RULES
    spec = game.SPEC
    opts = spec.normalize(seats, options)
    outcomes = []
    record = rules.sample_campaign(opts)  # a variant that plays a saved posse needs the record it is saved in
    snapshot = rules.campaign_snapshot(record, opts) if record is not None else None
    for seed in range(first_seed, first_seed + games):
        state = rules.setup(seed, seats, opts, snapshot)
        start = json.loads(json.dumps(state))
        log: list[tuple[int, dict[str, Any]]] = []
        rng = Rng(seed_state(seed * 7919))
        for step in range(max_steps):
            assert is_json(state), f"state is not plain JSON at step {step}"
            assert json.loads(json.dumps(state)) == state
            assert "rng" in state
            english = has_english(state)
            assert english is None, f"step {step}: the state holds English text: {english[:60]!r}"
            active = rules.active(state)
            if not active:
                break
            assert len(set(active)) == len(active) and all(0 <= s < seats for s in active)
            for s in active:
                assert rules.legal(state, s) or rules.params(state, s), f"seat {s} is asked but has nothing to do (step {step})"
            seat = active[rng.below(len(active))]
            legal = rules.legal(state, seat)
            assert legal == rules.legal(state, seat), "legal() is not deterministic"
            assert all(is_json(a) for a in legal)
            for other in range(seats):
                if other not in active:
                    assert rules.legal(state, other) == [], "an inactive seat has legal actions"
            view = rules.view(state, seat)
            assert is_json(view) and "rng" not in view
            assert isinstance(rules.prompt(state, seat), str)
            if step % render_every == 0:
                check_render(game, view, seat, legal, seats)
            if step % secrets_every == 0:
                check_secrets(rules, state, seats, rng, step)
            try:
                rules.apply(state, seat, BOGUS_ACTION)
                raise AssertionError("a bogus action was accepted")
            except IllegalAction as err:
                assert str(err)
            if not legal:  # only parameterised actions: take a suggested value the game lists… there is none
                raise AssertionError(f"step {step}: seat {seat} has only parameterised actions and no suggested value")
            action = legal[rng.below(len(legal))]
            if step % forgeries_every == 0:
                check_forgeries(rules, state, seat, legal, step)
            before = json.dumps(state, sort_keys=True)
            new_state, events, barrier = rules.step(state, seat, action)
            assert json.dumps(state, sort_keys=True) == before, "apply() changed its input state"
            line = rules.phrase(events)
            assert isinstance(line, str) and line, f"step {step}: the move {action} writes no log line"
            assert is_json(events)
            if new_state["rng"] != state["rng"]:
                assert is_barrier(events), f"step {step}: {action} drew on the PRNG without a roll or shuffle event"
            assert barrier == is_barrier(events)
            log.append((seat, action))
            state = new_state
        else:
            raise AssertionError(f"seed {seed}: game did not end in {max_steps} steps")
        outcome = rules.outcome(state)
        assert outcome is not None, "a finished game has no outcome"
        assert outcome.get("kind", "ranked") == spec.outcome, "the outcome is not of the kind the spec declares"
        assert len(outcome["scores"]) == seats
        # Nobody at the table may win (a solo game lost to an automaton, a lost co-operative
        # game); then a headline or the team result says why.
        assert outcome["winners"] or outcome.get("headline") or outcome.get("kind") == "team"
        assert is_json(outcome)
        for seat in range(seats):
            assert rules.legal(state, seat) == []
        spectator = rules.view(state, None)
        check_render(game, spectator, None, [], seats, over=True)
        # Replay from setup gives the same final state.
        replay = json.loads(json.dumps(start))
        for seat, action in log:
            replay = rules.step(replay, seat, action)[0]
        assert replay == state, "replaying the log did not rebuild the same state"
        outcomes.append(outcome)
    return outcomes


# Names as players type them: markup, an entity already written out, quotes, bidi marks. The
# render contract gives them raw to the renderer and the kit escapes them once.
HOSTILE_NAMES = ('Tom & Jerry', '<b>Bo</b>', 'R&amp;D "Q" \'s', '\u202eevil\u202c', 'A<B>C', 'Zoë & co')


def check_render(game: ModuleType, view: dict, seat: Optional[int], legal: list, seats: int, over: bool = False) -> None:
    names = [HOSTILE_NAMES[i % len(HOSTILE_NAMES)] for i in range(seats)]
    ui = {"viewer": seat, "legal": legal, "params": [], "armed": None, "cursor": None, "names": names}
    svg = game.render(view, ui)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    check_names_escaped_once(svg)
    parts = getattr(svg, "parts", None)
    if parts is not None:
        keys = [k for k, _ in parts]
        assert len(keys) == len(set(keys)), "two parts of the board share a key"
    found = {int(m) for m in re.findall(r'data-action="(\d+)"', svg)}
    assert found == set(range(len(legal))), f"render offers {sorted(found)} but legal has {len(legal)} actions"
    for match in re.finditer(r"<[^>]*data-action=[^>]*>", svg):
        tag = match.group(0)
        assert "aria-label=" in tag and 'tabindex="0"' in tag, f"control without accessible name: {tag[:120]}"
    if over:
        assert "data-game-over" in svg


def check_names_escaped_once(svg: str) -> None:
    """The board is well-formed XML whose text and attributes hold the names as typed: a name
    escaped twice shows "&amp;" to the player, one not escaped breaks the markup or adds a
    <b> element, and one unescaped turns "R&amp;D" into "R&D"."""
    root = ElementTree.fromstring(svg)
    for element in root.iter():
        tag = element.tag.rsplit("}", 1)[-1]
        assert tag != "b", "a player's name became markup"
        said = [element.text or "", element.tail or "", *element.attrib.values()]
        for text in said:
            for twice in ("&amp;", "&lt;", "&gt;", "&quot;", "&#x27;"):
                if twice in text and "R&amp;D" not in text:
                    raise AssertionError(f"a name was escaped twice: {text[:80]!r}")
            assert "R&D" not in text, f"a name was unescaped by the renderer: {text[:80]!r}"
