"""Saved games, campaign records and content catalogues (engine/saves.py, campaign.py,
content.py): every migrated entry whole, the quota on its boundary, the list's order,
what is set aside and why, and catalogues and effects that refuse bad data readably."""

import json

import pytest

from tabletown.engine import campaign as C
from tabletown.engine import content as K
from tabletown.engine import saves as V
from tabletown.engine.saves import BROKEN_PREFIX, SAVE_PREFIX, MemoryBackend, SaveStore, StorageFull
from tabletown.engine.session import RecordError, Session, new_record

SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "bot", "level": "easy"}]


def played(toy, seed=1, moves=1):
    session = Session(toy, new_record(toy, SEATS, {}, seed=seed))
    for _ in range(moves):
        session.apply(0, {"type": "pick", "card": session.state["hands"][0][0]})
        session.bot_move(1)
    return session.record


# --- the memory backend ----------------------------------------------------------------------------

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


# --- summaries and migrations ---------------------------------------------------------------------------

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


# --- the store ----------------------------------------------------------------------------------------------

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


# --- campaigns ----------------------------------------------------------------------------------------------

class Lib:
    class Spec:
        campaign = True
        title = "Demo"

    def spec(self, game_id):
        if game_id == "plain":
            spec = self.Spec()
            spec.campaign = False
            return spec
        return self.Spec() if game_id == "demo" else None


def good_campaign(**changes):
    return dict({"schema": 1, "game": "demo", "id": "c-1", "name": "Spring", "data": {"act": 1}, "updated": 5},
                **changes)


def test_a_good_campaign_is_kept_whole_and_defaults_fill_in():
    assert C.check_campaign(good_campaign(), Lib()) == good_campaign()
    short = {"schema": 1, "game": "demo", "id": "c", "data": {}}
    assert C.check_campaign(short, Lib()) == {"schema": 1, "game": "demo", "id": "c", "name": "", "data": {},
                                              "updated": 0}
    assert C.check_campaign(good_campaign(updated=2.5, name="n" * 40), Lib())["name"] == "n" * 40


@pytest.mark.parametrize("changes, message", [
    ({"schema": 2}, "another version"),
    ({"schema": 0}, "another version"),
    ({"game": "plain"}, "game Tabletown does not know"),
    ({"game": 5}, "game Tabletown does not know"),
    ({"game": "chess"}, "game Tabletown does not know"),
    ({"id": ""}, "name tag"),
    ({"id": "a" * 41}, "name tag"),
    ({"id": 3}, "name tag"),
    ({"name": "n" * 41}, "its name is wrong"),
    ({"name": None}, "its name is wrong"),
    ({"data": []}, "contents are not readable"),
    ({"updated": "now"}, "time stamp"),
    ({"updated": True}, "time stamp"),
    ({"extra": 1}, "unknown parts"),
])
def test_a_bad_campaign_is_refused_readably(changes, message):
    with pytest.raises(RecordError, match=message):
        C.check_campaign(good_campaign(**changes), Lib())
    with pytest.raises(RecordError, match="wrong shape"):
        C.check_campaign([good_campaign()], Lib())


def test_a_new_campaign_has_a_checked_id_and_a_name_cut_to_its_limit():
    assert C.new_campaign("demo", "a" * 40, "n" * 50, {"x": 1}, updated=3) == {
        "schema": 1, "game": "demo", "id": "a" * 40, "name": "n" * 40, "data": {"x": 1}, "updated": 3}
    for bad in ("", "a" * 41, "a b", "../x"):
        with pytest.raises(ValueError, match="campaign id"):
            C.new_campaign("demo", bad, "n", {})
    assert C.key_of("demo", "c1") == "tabletown:campaign:demo:c1"


def test_campaign_links_check_their_mark():
    link = C.encode_campaign_link(good_campaign())
    assert link.startswith("#campaign=1.") and C.decode_campaign_link(link + " ", Lib()) == good_campaign()
    with pytest.raises(RecordError, match="not text"):
        C.decode_campaign_link(7, Lib())
    for other in ("2", "0"):
        with pytest.raises(RecordError, match=f"format {other}"):
            C.decode_campaign_link(link.replace("=1.", f"={other}."), Lib())
    with pytest.raises(RecordError, match="version mark"):
        C.decode_campaign_link(link.replace("=1.", "=1"), Lib())
    with pytest.raises(RecordError, match="version mark"):
        C.decode_campaign_link(link.replace("=1.", "=1000."), Lib())


def test_the_campaign_store_lists_newest_first_and_leaves_out_damaged_ones():
    backend = MemoryBackend()
    store = C.CampaignStore(backend, Lib())
    store.save(good_campaign(id="old", updated=1))
    store.save(good_campaign(id="new", updated=9))
    backend.set(C.key_of("demo", "broken"), "{oops")
    backend.set(C.key_of("demo", "wrong"), json.dumps([1]))
    backend.set(C.key_of("other", "x"), json.dumps(good_campaign(id="x")))
    assert [r["id"] for r in store.list("demo")] == ["new", "old"]
    assert store.load("demo", "missing") is None and store.data("demo", "missing") == {}
    assert store.data("demo", "old") == {"act": 1}
    raw = backend.get(C.key_of("demo", "old"))
    assert ", " not in raw
    store.delete("demo", "old")
    assert [r["id"] for r in store.list("demo")] == ["new"]
    with pytest.raises(RecordError):
        store.save(good_campaign(id="bad id"))


def test_put_data_starts_a_campaign_or_updates_one_and_may_rename_it():
    store = C.CampaignStore(MemoryBackend(), Lib())
    store.put_data("demo", "c1", {"act": 1}, updated=4)
    assert store.load("demo", "c1") == {"schema": 1, "game": "demo", "id": "c1", "name": "c1", "data": {"act": 1},
                                        "updated": 4}
    store.put_data("demo", "c1", {"act": 2}, updated=6, name="Autumn " + "x" * 40)
    assert store.load("demo", "c1")["name"] == ("Autumn " + "x" * 40)[:40]
    store.put_data("demo", "c2", {}, updated=1, name="Named")
    assert store.load("demo", "c2")["name"] == "Named"


def test_old_progress_moves_once_and_never_overwrites_a_campaign():
    backend = MemoryBackend()
    backend.set("tabletown:progress:demo", json.dumps({"Ann": 2}))
    backend.set("tabletown:progress:other", json.dumps([1, 2]))
    existing = C.new_campaign("demo", "progress", "Kept", {"Bob": 5})
    backend.set(C.key_of("demo", "progress"), json.dumps(existing))
    store = C.CampaignStore(backend, Lib())
    assert store.data("demo", "progress") == {"Bob": 5}
    assert backend.get("tabletown:progress:demo") is None and backend.get("tabletown:progress:other") is None
    moved = json.loads(backend.get(C.key_of("other", "progress")))
    assert moved["data"] == {} and moved["name"] == "Progress by player name" and moved["id"] == "progress"


# --- content ------------------------------------------------------------------------------------------------

def test_rows_take_their_defaults_and_keep_their_own_values():
    rows = K.rows_with_defaults("heroes", {"defaults": {"copies": 1, "effect": None},
                                           "rows": [{"id": "a"}, {"id": "b", "copies": 3}]})
    assert rows == [{"copies": 1, "effect": None, "id": "a"}, {"copies": 3, "effect": None, "id": "b"}]
    assert K.rows_with_defaults("x", {"rows": [{"id": 1}]}) == [{"id": 1}]


@pytest.mark.parametrize("data, message", [
    ([], "a catalogue is"), ({"rows": {}}, "a catalogue is"), ({"rows": [], "defaults": []}, "'defaults' must be"),
    ({"rows": [{"id": 1}, 5]}, "row 2 is not an object"),
])
def test_a_catalogue_of_the_wrong_shape_is_refused(data, message):
    with pytest.raises(K.ContentError, match=message):
        K.rows_with_defaults("heroes", data)


def test_a_catalogue_counts_rows_or_copies_and_finds_rows_by_id():
    cat = K.Catalog("heroes", [{"id": "a", "copies": 2}, {"id": "b"}, {"name": "no id"}])
    assert len(cat) == 3 and [r.get("id") for r in cat] == ["a", "b", None]
    assert cat["a"] == {"id": "a", "copies": 2} and set(cat.by_id) == {"a", "b"}
    assert cat.count() == 3 and cat.count("copies") == 4
    with pytest.raises(K.ContentError, match="the id 'a' is used twice"):
        K.Catalog("heroes", [{"id": "a"}, {"id": "a"}])
    K.Catalog("zero", [{"id": 0}, {"id": None}, {"id": None}])  # no id is no clash


def test_a_catalogue_is_read_from_the_packages_data_folder(tmp_path, monkeypatch):
    pkg = tmp_path / "cat_pkg"
    (pkg / "data").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "data" / "heroes.json").write_text(json.dumps({"defaults": {"copies": 1}, "rows": [{"id": "v"}]}))
    (pkg / "data" / "bad.json").write_text("{not json")
    monkeypatch.syspath_prepend(str(tmp_path))
    cat = K.load_catalog("cat_pkg", "heroes")
    assert cat.name == "heroes" and cat.rows == [{"copies": 1, "id": "v"}]
    with pytest.raises(K.ContentError, match="cat_pkg: there is no data/missing.json"):
        K.load_catalog("cat_pkg", "missing")
    with pytest.raises(K.ContentError, match="cat_pkg: data/bad.json is not valid JSON"):
        K.load_catalog("cat_pkg", "bad")


def test_effects_are_registered_once_by_name_and_called_with_their_arguments():
    effects = K.Effects("demo")

    @effects.handler("double")
    def double(x, by=2):
        return x * by

    assert "double" in effects and "half" not in effects
    assert effects("double", 3) == 6 and effects("double", 3, by=3) == 9
    with pytest.raises(K.ContentError, match="demo: no handler for the effect 'half'"):
        effects("half", 1)
    with pytest.raises(K.ContentError, match="demo: two handlers for the effect 'double'"):
        effects.handler("double")(lambda: None)


def test_effects_named_in_the_data_and_handlers_must_match():
    effects = K.Effects("demo")
    effects.handler("a")(lambda: None)
    effects.handler("unused")(lambda: None)
    cats = [K.Catalog("x", [{"effect": "a"}, {"effect": ["b", 3, "a"]}, {"effect": None}, {"other": "c"}])]
    assert effects.named_in(cats) == {"a", "b"}
    assert effects.named_in(cats, "other") == {"c"}
    assert effects.problems(iter(cats)) == ["no handler for the effect 'b'", "the handler 'unused' is never used"]
