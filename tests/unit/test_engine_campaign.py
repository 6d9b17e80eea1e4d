"""Campaign records (engine/campaign.py): a campaign checked whole with its defaults, kept in its
store newest first, shared as a link that checks its mark, and old progress by player name moved
once into a campaign, never over one that exists."""

import json

import pytest

from tabletown.engine import campaign as C
from tabletown.engine.campaign import (
    CampaignStore,
    decode_campaign_link,
    encode_campaign_link,
    key_of,
    new_campaign,
)
from tabletown.engine.saves import MemoryBackend
from tabletown.engine.session import RecordError


class Lib:
    """A library that knows three games: "demo" and "tumble-town" keep campaigns, "plain" keeps
    none; any other game is unknown."""

    class Spec:
        campaign = True
        title = "Demo"

    def spec(self, game_id):
        if game_id == "plain":
            spec = self.Spec()
            spec.campaign = False
            return spec
        return self.Spec() if game_id in ("demo", "tumble-town") else None


def good_campaign(**changes):
    return dict({"schema": 1, "game": "demo", "id": "c-1", "name": "Spring", "data": {"act": 1}, "updated": 5},
                **changes)


# --- a campaign record ----------------------------------------------------------------------------

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


# --- the store ------------------------------------------------------------------------------------

def test_campaigns_round_trip_through_the_store_and_a_link():
    store = CampaignStore(MemoryBackend(), Lib())
    record = new_campaign("demo", "c1", "Spring 1881", {"act": 2, "silver": 5}, updated=7)
    store.save(record)
    assert store.load("demo", "c1") == record and store.list("demo") == [record]
    link = encode_campaign_link(record)
    assert link.startswith("#campaign=1.") and decode_campaign_link("https://x/" + link, Lib()) == record
    store.put_data("demo", "c1", {"act": 3}, updated=9)
    assert store.data("demo", "c1") == {"act": 3} and store.load("demo", "c1")["name"] == "Spring 1881"


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


# --- links ----------------------------------------------------------------------------------------

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


@pytest.mark.parametrize("mangle, message", [
    (lambda link: link[:-6], "cut short|damaged"),
    (lambda link: link.replace("#campaign=1.", "#campaign=²."), "version mark"),
    (lambda link: link + "*", "characters"),
    (lambda link: "#nothing", "not a Tabletown campaign link"),
])
def test_a_broken_campaign_link_gets_a_readable_error(mangle, message):
    link = encode_campaign_link(new_campaign("demo", "c1", "x", {"act": 1}))
    with pytest.raises(RecordError, match=message):
        decode_campaign_link(mangle(link), Lib())


def test_a_campaign_for_an_unknown_game_or_of_the_wrong_shape_is_refused():
    for forged in (dict(new_campaign("demo", "c1", "x", {}), game="chess"),
                   dict(new_campaign("demo", "c1", "x", {}), data=[1]),
                   dict(new_campaign("demo", "c1", "x", {}), extra=1),
                   dict(new_campaign("demo", "c1", "x", {}), id="../../x")):
        with pytest.raises(RecordError):
            decode_campaign_link(encode_campaign_link(forged), Lib())


# --- old progress by player name ------------------------------------------------------------------

def test_old_per_name_progress_becomes_a_campaign_and_the_old_key_goes():
    backend = MemoryBackend()
    backend.set("tabletown:progress:tumble-town", json.dumps({"Ann": {"mission": 2}}))
    store = CampaignStore(backend, Lib())
    assert store.data("tumble-town", "progress") == {"Ann": {"mission": 2}}
    assert backend.get("tabletown:progress:tumble-town") is None
    assert json.loads(backend.get(key_of("tumble-town", "progress")))["schema"] == 1


def test_a_damaged_old_progress_entry_becomes_an_empty_campaign():
    backend = MemoryBackend()
    backend.set("tabletown:progress:tumble-town", "{oops")
    assert CampaignStore(backend, Lib()).data("tumble-town", "progress") == {}


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
