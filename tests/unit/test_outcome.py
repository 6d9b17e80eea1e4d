"""make_outcome ranks seats and explains each tie-break it used."""

from tabletown.engine.rules import make_outcome


def test_ranks_by_score_then_tiebreakers():
    out = make_outcome([5, 9, 9, 1], [(5, 0), (9, 1), (9, 3), (1, 0)], ["", "more Luck"])
    assert out["places"] == [3, 2, 1, 4]
    assert out["winners"] == [2]
    assert out["tiebreaks"] == ["{seat2} and {seat1} tied on 9 points; {seat2} places ahead with more Luck."]


def test_a_complete_tie_is_shared():
    out = make_outcome([4, 4], [(4, 1), (4, 1)], ["", "more Luck"])
    assert out["winners"] == [0, 1] and out["places"] == [1, 1]
    assert "share the place" in out["tiebreaks"][0]
