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
