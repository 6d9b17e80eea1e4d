"""Games players already hold keep opening at the same point, with the same log.

tests/fixtures/records/ holds records (and their share links) frozen from an earlier
version by tools/capture_records.py, with what each step showed: who was asked, a
digest of the moves offered, and the log line. Every refactor must keep them true.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from tabletown import games
from tabletown.engine.codec import decode_link
from tabletown.engine.session import Session

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "records"
CASES = [
    pytest.param(case, id=f"{path.stem}-{i}")
    for path in sorted(FIXTURES.glob("*.json"))
    for i, case in enumerate(json.loads(path.read_text()))
]


def digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


@pytest.mark.parametrize("case", CASES)
def test_an_old_record_replays_step_by_step(case):
    record = case["record"]
    log = record["log"]
    session = Session(games.load(record["game"]), dict(record, log=[]))
    for step, (entry, seen) in enumerate(zip(log, case["steps"])):
        seat, action = entry
        assert session.active() == seen["active"], f"step {step}: other seats are asked"
        assert digest(session.rules.legal(session.state, seat)) == seen["legal"], f"step {step}: other moves are offered"
        assert session.apply(seat, action) == seen["line"], f"step {step}: the log reads differently"
    assert session.over() == case["over"]
    assert session.can_undo() == case["can_undo"]
    outcome, expected = session.outcome(), case["outcome"]
    if expected is None:
        assert outcome is None
    else:
        for key in ("scores", "places", "winners", "tiebreaks", "headline"):
            assert outcome.get(key) == expected.get(key), key


@pytest.mark.parametrize("case", CASES)
def test_an_old_share_link_opens_at_the_same_point(case):
    record = decode_link(case["link"], games.LIBRARY)
    assert record["log"] == case["record"]["log"]
    session = Session(games.load(record["game"]), record)
    assert session.lines == [s["line"] for s in case["steps"]]


def test_a_ruthless_version_1_stagecoach_keeps_its_short_suggested_turns():
    """Ruthless rules version 2 offers the stagecoach's turns at their full 6″; a game begun
    under version 1 (the second Ruthless record) goes on offering what it offered then."""
    import math

    from tabletown.games.ruthless import coach

    case = json.loads((FIXTURES / "ruthless.json").read_text())[1]
    record = case["record"]
    assert record["rules_version"] == 1 and record["options"]["scenario"] == "riding-shotgun"
    session = Session(games.load("ruthless"), dict(record, log=[]))
    for seat, action in record["log"]:
        drives = [a for a in session.rules.legal(session.state, seat) if a["type"] == "drive"]
        if drives:
            break
        session.apply(seat, action)
    state = session.state
    start = state["coach"]["pos"]
    assert state["v"] == 1 and not state["coach"]["whipped"]
    old = dict(coach.suggestions(state))
    assert [round(math.dist(start, old[t])) for t in ("ahead", "left", "right")] == [600, 300, 300]
    assert [a["to"] for a in drives] == [old["ahead"], old["left"], old["right"]]
    state["v"] = 2
    new = dict(coach.suggestions(state))
    assert all(599 <= math.dist(start, new[t]) <= 600 for t in ("ahead", "left", "right"))
