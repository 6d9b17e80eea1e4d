"""States as plain JSON data (engine/state.py), from its docstrings: a clone is a deep copy that
shares nothing and keeps bools and key order, and only JSON types with text keys count as JSON."""

import pytest

from tabletown.engine.state import clone, is_json


def test_clone_copies_every_level_and_changes_nothing_shared():
    original = {"a": [1, {"b": [2, 3]}], "c": {"d": None}, "e": "text", "f": True}
    copy = clone(original)
    assert copy == original
    copy["a"][1]["b"].append(4)
    copy["c"]["d"] = 1
    assert original == {"a": [1, {"b": [2, 3]}], "c": {"d": None}, "e": "text", "f": True}


@pytest.mark.parametrize("value", [None, True, 0, -3, "x", [], {}, [1, [None, "a"]], {"k": {"j": [False]}}])
def test_json_values_are_json(value):
    assert is_json(value)


@pytest.mark.parametrize("value", [1.5, [1, 2.0], {"k": 0.1}, {1: "a"}, (1, 2), {"k": {3}}, [object()]])
def test_floats_tuples_sets_and_non_text_keys_are_not_json(value):
    assert not is_json(value)


def test_a_cloned_state_is_equal_independent_and_keeps_its_types():
    shared = [1, 2]
    state = {"a": shared, "b": shared, "flag": True, "n": 1, "none": None, "text": "é", "deep": [{"x": [3]}]}
    copy = clone(state)
    assert copy == state and list(copy) == list(state)
    assert copy["a"] is not shared and copy["a"] is not copy["b"]
    assert copy["flag"] is True and type(copy["n"]) is int
    copy["deep"][0]["x"].append(4)
    assert state["deep"][0]["x"] == [3]
