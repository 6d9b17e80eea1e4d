"""Saved games: round trips, migration, broken entries set aside, a full quota."""

import json

import pytest

from tabletown.engine.saves import BROKEN_PREFIX, SAVE_PREFIX, MemoryBackend, SaveStore, StorageFull
from tabletown.engine.session import Session, new_record

SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "bot", "level": "easy"}]


def record(seed=1):
    session = Session(new_record("high-card", SEATS, {}, seed=seed))
    session.apply(0, {"type": "knock"})
    return session.record


def test_save_and_load_round_trip(toy):
    store = SaveStore(MemoryBackend())
    store.save("a1", record(), updated=10)
    entry = store.load("a1")
    assert entry["record"] == record() and entry["schema"] == 2
    assert [s["id"] for s in store.list()] == ["a1"]
    assert all(key.startswith("tabletown:") for key in store.backend.keys())


def test_schema_1_saves_are_migrated(toy):
    old = {
        "schema": 1, "id": "old", "game": "high-card", "seed": 1, "saved_at": 5,
        "players": [{"name": "Ann", "bot": None}, {"name": "Bot", "bot": "easy"}],
        "options": {"tricks": 3}, "moves": [[0, {"type": "knock"}]],
    }
    backend = MemoryBackend()
    backend.set(SAVE_PREFIX + "old", json.dumps(old))
    entry = SaveStore(backend).load("old")
    assert entry["record"] == record()


def test_a_corrupted_entry_is_set_aside_and_the_others_still_load(toy):
    backend = MemoryBackend()
    store = SaveStore(backend)
    store.save("good", record(), updated=1)
    backend.set(SAVE_PREFIX + "bad", "{not json")
    backend.set(SAVE_PREFIX + "foreign", json.dumps({"hello": "world"}))
    tampered = json.loads(backend.get(SAVE_PREFIX + "good"))
    tampered["record"]["log"] = [[1, {"type": "knock"}]]
    backend.set(SAVE_PREFIX + "cheat", json.dumps(tampered))
    listed = store.list()
    assert [s["id"] for s in listed] == ["good"]
    assert {b["id"] for b in store.broken()} == {"bad", "foreign", "cheat"}
    assert backend.get(BROKEN_PREFIX + "bad") is not None and backend.get(SAVE_PREFIX + "bad") is None
    assert any("cheat" in n and "Move 1" in n for n in store.notices)
    assert json.loads(backend.get(BROKEN_PREFIX + "bad"))["raw"] == "{not json"  # nothing is lost
    assert store.load("good") is not None


def test_a_full_quota_raises_and_keeps_the_previous_copy(toy):
    backend = MemoryBackend(quota=2_000)
    store = SaveStore(backend)
    store.save("g", record(), updated=1)
    before = backend.get(SAVE_PREFIX + "g")
    big = record()
    big["seats"][0]["name"] = "A"
    big["log"] = big["log"] * 1  # same game, but pad the entry past the quota:
    with pytest.raises(StorageFull):
        store.save("g", {**big, "padding": "x" * 5_000}, updated=2)
    assert backend.get(SAVE_PREFIX + "g") == before
    assert store.load("g")["record"] == record()


def test_newer_schema_is_refused_readably(toy):
    backend = MemoryBackend()
    backend.set(SAVE_PREFIX + "future", json.dumps({"schema": 99, "record": {}}))
    store = SaveStore(backend)
    assert store.load("future") is None
    assert "newer Tabletown" in store.notices[0]


def test_progress_is_kept_per_game(toy):
    store = SaveStore(MemoryBackend())
    assert store.progress("tumble-town") == {}
    store.set_progress("tumble-town", {"Ann": {"mission": 2}})
    assert store.progress("tumble-town") == {"Ann": {"mission": 2}}
