"""Saved games: round trips, migration, broken entries set aside, a full quota, summaries."""

import json

import pytest

from tabletown.engine.saves import BROKEN_PREFIX, SAVE_PREFIX, MemoryBackend, SaveStore, StorageFull
from tabletown.engine.session import Session, new_record

SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "bot", "level": "easy"}]


def record(toy, seed=1):
    session = Session(toy, new_record(toy, SEATS, {}, seed=seed))
    session.apply(0, {"type": "pick", "card": session.state["hands"][0][0]})
    return session.record


def test_save_and_load_round_trip(toy, library):
    store = SaveStore(MemoryBackend(), library)
    store.save("a1", record(toy), updated=10, status="Trick 1")
    entry = store.load("a1")
    assert entry == {
        "schema": 3, "id": "a1", "updated": 10, "over": False, "record": record(toy),
        "summary": {"game": "high-card", "title": "High Card", "names": ["Ann", "Bot"], "moves": 1,
                    "over": False, "status": "Trick 1"},
    }
    assert [s["id"] for s in store.list()] == ["a1"]
    assert all(key.startswith("tabletown:") for key in store.backend.keys())


def schema_1(save_id, saved_at, moves):
    return {
        "schema": 1, "id": save_id, "game": "high-card", "seed": 1, "saved_at": saved_at,
        "players": [{"name": "Ann", "bot": None}, {"name": "Bot", "bot": "easy"}],
        "options": {"tricks": 3}, "moves": moves,
    }


def test_schema_1_saves_migrate_whole_entries_step_by_step(toy, library):
    pick = record(toy)["log"]
    backend = MemoryBackend()
    backend.set(SAVE_PREFIX + "old", json.dumps(schema_1("old", 5, pick)))
    entry = SaveStore(backend, library).load("old")
    assert entry == {
        "schema": 3, "id": "old", "updated": 5, "over": False, "record": record(toy),
        "summary": {"game": "high-card", "title": "High Card", "names": ["Ann", "Bot"], "moves": 1,
                    "over": False, "status": ""},
    }


def test_schema_2_saves_migrate_whole_entries(toy, library):
    old = {"schema": 2, "id": "two", "updated": 77, "over": True, "record": record(toy)}
    backend = MemoryBackend()
    backend.set(SAVE_PREFIX + "two", json.dumps(old))
    entry = SaveStore(backend, library).load("two")
    assert entry == {
        "schema": 3, "id": "two", "updated": 77, "over": True, "record": record(toy),
        "summary": {"game": "high-card", "title": "High Card", "names": ["Ann", "Bot"], "moves": 1,
                    "over": True, "status": ""},
    }


def test_migrated_saves_keep_their_order_by_time(toy, library):
    """The list is newest first, by the time each save was written, whatever its schema."""
    backend = MemoryBackend()
    backend.set(SAVE_PREFIX + "a", json.dumps(schema_1("a", 300, [])))
    backend.set(SAVE_PREFIX + "b", json.dumps({"schema": 2, "id": "b", "updated": 200, "record": record(toy)}))
    store = SaveStore(backend, library)
    store.save("c", record(toy), updated=100)
    assert [s["id"] for s in store.list()] == ["a", "b", "c"]
    assert [s["updated"] for s in store.list()] == [300, 200, 100]


def test_the_list_reads_summaries_without_replaying(toy, library, monkeypatch):
    store = SaveStore(MemoryBackend(), library)
    store.save("a", record(toy), updated=1)
    fresh = SaveStore(store.backend, library)
    monkeypatch.setattr(toy.RULES, "setup", lambda *a, **k: pytest.fail("the list replayed a game"))
    assert [s["names"] for s in fresh.list()] == [["Ann", "Bot"]]


def test_a_corrupted_entry_is_set_aside_and_the_others_still_load(toy, library):
    backend = MemoryBackend()
    store = SaveStore(backend, library)
    store.save("good", record(toy), updated=1)
    backend.set(SAVE_PREFIX + "bad", "{not json")
    backend.set(SAVE_PREFIX + "foreign", json.dumps({"hello": "world"}))
    tampered = json.loads(backend.get(SAVE_PREFIX + "good"))
    tampered["record"]["log"] = [[1, {"type": "knock"}]]
    backend.set(SAVE_PREFIX + "cheat", json.dumps(tampered))
    assert [s["id"] for s in store.list()] == ["cheat", "good"]  # the list does not replay
    assert store.load("cheat") is None  # opening it does
    assert [s["id"] for s in store.list()] == ["good"]
    assert {b["id"] for b in store.broken()} == {"bad", "foreign", "cheat"}
    assert backend.get(BROKEN_PREFIX + "bad") is not None and backend.get(SAVE_PREFIX + "bad") is None
    assert any("cheat" in n and "Move 1" in n for n in store.notices)
    assert json.loads(backend.get(BROKEN_PREFIX + "bad"))["raw"] == "{not json"  # nothing is lost
    assert store.load("good") is not None


@pytest.mark.parametrize("tamper", [
    lambda e: e.update(updated="yesterday"),
    lambda e: e.update(updated=None),
    lambda e: e.update(updated=True),
    lambda e: e.update(summary=None),
    lambda e: e["summary"].update(names="Ann"),
    lambda e: e.update(record=[]),
])
def test_one_tampered_entry_never_hides_the_others(toy, library, tamper):
    backend = MemoryBackend()
    store = SaveStore(backend, library)
    store.save("good", record(toy), updated=1)
    entry = json.loads(backend.get(SAVE_PREFIX + "good"))
    tamper(entry)
    backend.set(SAVE_PREFIX + "odd", json.dumps(entry))
    backend.set(BROKEN_PREFIX + "weird", json.dumps([1, 2, 3]))  # a set-aside entry that is not an object
    assert [s["id"] for s in store.list()] == ["good"]
    assert {b["id"] for b in store.broken()} == {"odd", "weird"}


def test_a_full_quota_raises_and_keeps_the_previous_copy(toy, library):
    backend = MemoryBackend(quota=2_000)
    store = SaveStore(backend, library)
    store.save("g", record(toy), updated=1)
    before = backend.get(SAVE_PREFIX + "g")
    with pytest.raises(StorageFull):
        store.save("g", {**record(toy), "padding": "x" * 5_000}, updated=2)
    assert backend.get(SAVE_PREFIX + "g") == before
    assert store.load("g")["record"] == record(toy)


def test_newer_schema_is_refused_readably(library):
    backend = MemoryBackend()
    backend.set(SAVE_PREFIX + "future", json.dumps({"schema": 99, "record": {}}))
    store = SaveStore(backend, library)
    assert store.load("future") is None
    assert "newer Tabletown" in store.notices[0]


def test_a_save_remembers_its_campaign_and_status(toy, library):
    store = SaveStore(MemoryBackend(), library)
    store.save("a", record(toy), updated=1, status="Trick 2 of 3", campaign="spring")
    entry = store.load("a")
    assert entry["campaign"] == "spring" and entry["summary"]["status"] == "Trick 2 of 3"
    assert store.list()[0]["status"] == "Trick 2 of 3"
    raw = json.loads(store.backend.get(SAVE_PREFIX + "a"))
    raw["campaign"] = 7
    store.backend.set(SAVE_PREFIX + "b", json.dumps(raw))
    assert [s["id"] for s in store.list()] == ["a"]
