"""Saved games (engine/saves.py): round trips, every migrated entry whole and in its order by time,
the list read from summaries without replaying, what is set aside and why (a broken entry never
hides the others), and the storage quota on its boundary."""

import json

import pytest

from tabletown.engine import saves as V
from tabletown.engine.saves import BROKEN_PREFIX, SAVE_PREFIX, MemoryBackend, SaveStore, StorageFull
from tabletown.engine.session import RecordError, Session, new_record

SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "bot", "level": "easy"}]


def record(toy, seed=1):
    """The toy game's record after one move: Ann has picked a card."""
    session = Session(toy, new_record(toy, SEATS, {}, seed=seed))
    session.apply(0, {"type": "pick", "card": session.state["hands"][0][0]})
    return session.record


def played(toy, seed=1, moves=1):
    """The toy game's record after `moves` tricks: Ann picks, then the bot."""
    session = Session(toy, new_record(toy, SEATS, {}, seed=seed))
    for _ in range(moves):
        session.apply(0, {"type": "pick", "card": session.state["hands"][0][0]})
        session.bot_move(1)
    return session.record


def schema_1(save_id, saved_at, moves):
    """A save entry as the first save format wrote it."""
    return {
        "schema": 1, "id": save_id, "game": "high-card", "seed": 1, "saved_at": saved_at,
        "players": [{"name": "Ann", "bot": None}, {"name": "Bot", "bot": "easy"}],
        "options": {"tricks": 3}, "moves": moves,
    }


# --- the memory backend ---------------------------------------------------------------------------

def test_the_quota_counts_keys_and_values_and_allows_exactly_full():
    backend = MemoryBackend(quota=10)
    backend.set("ab", "cdef")          # 6
    backend.set("gh", "ij")            # 4: exactly 10
    with pytest.raises(StorageFull):
        backend.set("k", "")           # 11
    backend.set("ab", "cdef")          # rewriting a key does not count its old copy twice
    with pytest.raises(StorageFull):
        backend.set("ab", "cdefg")     # 11
    assert backend.get("ab") == "cdef" and backend.keys() == ["ab", "gh"]
    backend.remove("ab")
    backend.remove("missing")
    assert backend.get("ab") is None and backend.keys() == ["gh"]
    unlimited = MemoryBackend()
    unlimited.set("x", "y" * 100_000)
    assert unlimited.get("x") == "y" * 100_000


# --- summaries and migrations ---------------------------------------------------------------------

def test_a_summary_is_what_the_list_shows():
    rec = {"game": "g", "seats": [{"name": "A"}, {"name": "B"}], "log": [[0, {}], [1, {}]]}
    assert V.summarize(rec, "Game", 1, "Round 2") == {"game": "g", "title": "Game", "names": ["A", "B"],
                                                       "moves": 2, "over": True, "status": "Round 2"}


def test_a_schema_1_entry_becomes_a_whole_schema_2_entry(toy, library):
    entry = {"schema": 1, "id": "old", "game": "high-card", "seed": 9, "saved_at": 42, "rules": 1, "over": 1,
             "players": [{"name": "Ann", "bot": None}, {"name": "B", "bot": "hard"}],
             "options": {"tricks": 2}, "moves": [[0, {"type": "knock"}]]}
    assert V._migrate_1_to_2(entry, library) == {
        "schema": 2, "id": "old", "updated": 42, "over": True,
        "record": {"format": 1, "game": "high-card", "rules_version": 1, "seed": 9,
                   "seats": [{"name": "Ann", "kind": "human"}, {"name": "B", "kind": "bot", "level": "hard"}],
                   "options": {"tricks": 2}, "log": [[0, {"type": "knock"}]]}}


def test_a_schema_1_entry_without_optional_parts_takes_their_defaults(library):
    entry = {"schema": 1, "id": "o", "game": "high-card", "seed": 1, "players": [], "moves": []}
    migrated = V._migrate_1_to_2(entry, library)
    assert migrated["updated"] == 0 and migrated["over"] is False
    assert migrated["record"]["rules_version"] == 1 and migrated["record"]["options"] == {}


def test_a_schema_2_entry_gains_its_summary_with_the_games_title(toy, library):
    rec = played(toy)
    migrated = V._migrate_2_to_3({"schema": 2, "id": "s", "updated": 5, "over": 0, "record": rec}, library)
    assert migrated == {"schema": 3, "id": "s", "updated": 5, "over": False, "record": rec,
                        "summary": {"game": "high-card", "title": "High Card", "names": ["Ann", "Bot"],
                                    "moves": 2, "over": False, "status": ""}}
    unknown = dict(rec, game="lost-game")
    assert V._migrate_2_to_3({"schema": 2, "id": "s", "updated": 5, "record": unknown}, library)["summary"]["title"] \
        == "lost-game"


def test_migrate_refuses_what_is_not_a_save_or_is_damaged(library):
    for bad in ([], {"schema": "1"}, {"schema": True}, {}):
        with pytest.raises(RecordError, match="not a Tabletown save"):
            V.migrate(bad, library)
    with pytest.raises(RecordError, match="save format 0 can no longer be read"):
        V.migrate({"schema": 0}, library)
    with pytest.raises(RecordError, match="damaged \\(format 1\\)"):
        V.migrate({"schema": 1, "id": "x"}, library)
    with pytest.raises(RecordError, match="newer Tabletown"):
        V.migrate({"schema": 4}, library)


@pytest.mark.parametrize("updated, ok", [(0, True), (1.5, True), (-3, True), (float("nan"), False), ("1", False),
                                         (True, False), (None, False)])
def test_an_entrys_time_must_be_a_number(toy, library, updated, ok):
    entry = {"schema": 3, "id": "x", "updated": updated, "record": {}, "summary": {
        "game": "g", "title": "G", "names": ["A"], "moves": 0}}
    if ok:
        assert V.migrate(entry, library)["updated"] is updated
    else:
        with pytest.raises(RecordError, match="time stamp"):
            V.migrate(entry, library)


@pytest.mark.parametrize("change", [
    {"id": 5}, {"record": []},
])
def test_an_entry_needs_an_id_and_a_record(library, change):
    entry = {"schema": 3, "id": "x", "updated": 1, "record": {}, "summary": {
        "game": "g", "title": "G", "names": [], "moves": 0}}
    entry.update(change)
    with pytest.raises(RecordError, match="it is damaged"):
        V.migrate(entry, library)


@pytest.mark.parametrize("summary", [
    None, {"title": "G", "names": [], "moves": 0}, {"game": "g", "names": [], "moves": 0},
    {"game": "g", "title": "G", "moves": 0}, {"game": "g", "title": "G", "names": [1], "moves": 0},
    {"game": "g", "title": "G", "names": [], "moves": "0"}, {"game": "g", "title": "G", "names": [], "moves": True},
    {"game": "g", "title": 1, "names": [], "moves": 0}, {"game": 1, "title": "G", "names": [], "moves": 0},
])
def test_a_damaged_summary_is_refused(library, summary):
    entry = {"schema": 3, "id": "x", "updated": 1, "record": {}, "summary": summary}
    with pytest.raises(RecordError, match="summary is damaged"):
        V.migrate(entry, library)


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


def test_newer_schema_is_refused_readably(library):
    backend = MemoryBackend()
    backend.set(SAVE_PREFIX + "future", json.dumps({"schema": 99, "record": {}}))
    store = SaveStore(backend, library)
    assert store.load("future") is None
    assert "newer Tabletown" in store.notices[0]


# --- the store ------------------------------------------------------------------------------------

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


def test_the_list_reads_summaries_without_replaying(toy, library, monkeypatch):
    store = SaveStore(MemoryBackend(), library)
    store.save("a", record(toy), updated=1)
    fresh = SaveStore(store.backend, library)
    monkeypatch.setattr(toy.RULES, "setup", lambda *a, **k: pytest.fail("the list replayed a game"))
    assert [s["names"] for s in fresh.list()] == [["Ann", "Bot"]]


def test_the_list_is_newest_first_and_skips_other_keys(toy, library):
    backend = MemoryBackend()
    store = SaveStore(backend, library)
    store.save("b", played(toy), updated=5, over=True, status="Done")
    store.save("a", played(toy, seed=2), updated=9)
    backend.set("tabletown:other", "x")
    backend.set(BROKEN_PREFIX + "z", json.dumps({"reason": "old", "raw": ""}))
    listed = store.list()
    assert [s["id"] for s in listed] == ["a", "b"]
    assert listed[1] == {"game": "high-card", "title": "High Card", "names": ["Ann", "Bot"], "moves": 2,
                         "over": True, "status": "Done", "id": "b", "updated": 5}


def test_a_save_of_an_unknown_game_is_titled_by_its_id(toy, library):
    backend = MemoryBackend()
    SaveStore(backend, library).save("x", dict(played(toy), game="lost"), updated=1)
    assert json.loads(backend.get(SAVE_PREFIX + "x"))["summary"]["title"] == "lost"


def test_a_save_is_one_compact_entry_under_its_key(toy, library):
    backend = MemoryBackend()
    SaveStore(backend, library).save("k", played(toy), updated=3)
    raw = backend.get(SAVE_PREFIX + "k")
    assert ", " not in raw and ": " not in raw
    assert json.loads(raw)["schema"] == V.SCHEMA == 3


def test_load_replays_a_text_once_and_again_when_it_changes(toy, library, monkeypatch):
    backend = MemoryBackend()
    writer = SaveStore(backend, library)
    writer.save("k", played(toy), updated=3)
    reader = SaveStore(backend, library)
    calls = []
    real = V.check_record
    monkeypatch.setattr(V, "check_record", lambda rec, lib: calls.append(1) or real(rec, lib))
    assert reader.load("k")["updated"] == 3 and len(calls) == 1
    assert reader.load("k") is not None and len(calls) == 1
    assert writer.load("k") is not None and len(calls) == 1    # the writer trusts what it wrote
    writer.save("k", played(toy, moves=2), updated=4)
    assert reader.load("k")["summary"]["moves"] == 4 and len(calls) == 2
    assert reader.load("missing") is None


def test_delete_removes_the_save(toy, library):
    store = SaveStore(MemoryBackend(), library)
    store.save("k", played(toy), updated=1)
    store.delete("k")
    assert store.load("k") is None and store.list() == [] and store.broken() == []


def test_an_entry_whose_key_vanishes_while_listing_is_skipped(library):
    class Flaky(MemoryBackend):
        def get(self, key):
            return None

    backend = Flaky()
    backend.data[SAVE_PREFIX + "x"] = "{}"
    assert SaveStore(backend, library).list() == []


# --- broken entries set aside ---------------------------------------------------------------------

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


def test_an_entry_that_fails_to_load_is_set_aside_with_its_reason_and_text(toy, library):
    backend = MemoryBackend()
    store = SaveStore(backend, library)
    store.save("k", played(toy), updated=3)
    raw = backend.get(SAVE_PREFIX + "k").replace('"seed":1', '"seed":"x"')
    backend.set(SAVE_PREFIX + "k", raw)
    assert store.load("k") is None
    assert backend.get(SAVE_PREFIX + "k") is None
    kept = json.loads(backend.get(BROKEN_PREFIX + "k"))
    assert kept["raw"] == raw and "seed" in kept["reason"]
    assert store.broken() == [{"id": "k", "reason": kept["reason"]}]
    assert store.notices == [f"A saved game (k) could not be opened and was set aside: {kept['reason']}."]
    store.forget_broken("k")
    assert store.broken() == []


def test_a_long_reason_is_cut_and_an_unreadable_one_is_said_so(library):
    backend = MemoryBackend()
    backend.set(BROKEN_PREFIX + "a", json.dumps({"reason": "r" * 300}))
    backend.set(BROKEN_PREFIX + "b", "{oops")
    backend.set(BROKEN_PREFIX + "c", json.dumps({"reason": 5}))
    assert SaveStore(backend, library).broken() == [
        {"id": "a", "reason": "r" * 200}, {"id": "b", "reason": "unreadable"}, {"id": "c", "reason": "unreadable"}]


def test_when_setting_aside_does_not_fit_the_original_stays(library):
    backend = MemoryBackend(quota=60)
    backend.set(SAVE_PREFIX + "x", "{bad json")
    store = SaveStore(backend, library)
    assert store.list() == []
    assert backend.get(SAVE_PREFIX + "x") == "{bad json" and store.notices


def test_a_long_id_is_cut_in_the_notice(library):
    backend = MemoryBackend()
    backend.set(SAVE_PREFIX + "i" * 30, "[]")
    store = SaveStore(backend, library)
    store.list()
    assert store.notices[0].startswith("A saved game (" + "i" * 24 + ") could not")


# --- a full quota ---------------------------------------------------------------------------------

def test_a_full_quota_raises_and_keeps_the_previous_copy(toy, library):
    backend = MemoryBackend(quota=2_000)
    store = SaveStore(backend, library)
    store.save("g", record(toy), updated=1)
    before = backend.get(SAVE_PREFIX + "g")
    with pytest.raises(StorageFull):
        store.save("g", {**record(toy), "padding": "x" * 5_000}, updated=2)
    assert backend.get(SAVE_PREFIX + "g") == before
    assert store.load("g")["record"] == record(toy)
