"""The rules-contract conformance check, shared by every game's tests.

`check_playouts` plays many seeded random games and asserts what the contract
promises: legal actions are deterministic and non-empty while the game runs, every
state is JSON and survives a JSON round trip, an illegal action raises IllegalAction,
replaying the log rebuilds the same state, views never carry the PRNG, every legal
action of the viewer is offered by the renderer, and the game ends.
"""

from __future__ import annotations

import json
import re
from types import ModuleType
from typing import Any, Optional

from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.rules import IllegalAction
from tabletown.engine.state import is_json

BOGUS_ACTION = {"type": "__not-a-move__"}


def check_playouts(
    game: ModuleType,
    seats: int,
    options: Optional[dict[str, Any]] = None,
    games: int = 10,
    max_steps: int = 5000,
    render_every: int = 7,
    first_seed: int = 1,
) -> list[dict[str, Any]]:
    """Play `games` random games; return their outcomes. Fails on any broken promise."""
    rules = game.RULES
    opts = rules.normalize_options(seats, options)
    outcomes = []
    for seed in range(first_seed, first_seed + games):
        state = rules.setup(seed, seats, opts)
        start = json.loads(json.dumps(state))
        log: list[tuple[int, dict[str, Any]]] = []
        rng = Rng(seed_state(seed * 7919))
        for step in range(max_steps):
            assert is_json(state), f"state is not plain JSON at step {step}"
            assert json.loads(json.dumps(state)) == state
            assert "rng" in state and "revealed" in state
            active = rules.active(state)
            if not active:
                break
            assert len(set(active)) == len(active) and all(0 <= s < seats for s in active)
            seat = active[rng.below(len(active))]
            legal = rules.legal(state, seat)
            assert legal, f"seat {seat} is active but has no legal action (step {step})"
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
            try:
                rules.apply(state, seat, BOGUS_ACTION)
                raise AssertionError("a bogus action was accepted")
            except IllegalAction as err:
                assert str(err)
            action = legal[rng.below(len(legal))]
            line = rules.describe(state, seat, action)
            assert isinstance(line, str) and line
            before = json.dumps(state, sort_keys=True)
            new_state = rules.apply(state, seat, action)
            assert json.dumps(state, sort_keys=True) == before, "apply() changed its input state"
            log.append((seat, action))
            state = new_state
        else:
            raise AssertionError(f"seed {seed}: game did not end in {max_steps} steps")
        outcome = rules.outcome(state)
        assert outcome is not None, "a finished game has no outcome"
        assert len(outcome["scores"]) == seats
        # Nobody at the table may win (a solo game lost to an automaton); then a headline says why.
        assert outcome["winners"] or outcome.get("headline")
        assert is_json(outcome)
        for seat in range(seats):
            assert rules.legal(state, seat) == []
        spectator = rules.view(state, None)
        check_render(game, spectator, None, [], seats, over=True)
        # Replay from setup gives the same final state.
        replay = json.loads(json.dumps(start))
        for seat, action in log:
            replay = rules.apply(replay, seat, action)
        assert replay == state, "replaying the log did not rebuild the same state"
        outcomes.append(outcome)
    return outcomes


def check_render(game: ModuleType, view: dict, seat: Optional[int], legal: list, seats: int, over: bool = False) -> None:
    names = [f"P{i}" for i in range(seats)]
    ui = {"viewer": seat, "legal": legal, "names": names}
    svg = game.render(view, ui)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    found = {int(m) for m in re.findall(r'data-action="(\d+)"', svg)}
    assert found == set(range(len(legal))), f"render offers {sorted(found)} but legal has {len(legal)} actions"
    for match in re.finditer(r"<[^>]*data-action=[^>]*>", svg):
        tag = match.group(0)
        assert "aria-label=" in tag and 'tabindex="0"' in tag, f"control without accessible name: {tag[:120]}"
    if over:
        assert "data-game-over" in svg
