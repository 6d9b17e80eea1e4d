"""Content catalogues and effects by name (engine/content.py): rows take the catalogue's defaults,
ids are unique, a catalogue is read from its package's data folder, and the effects named in the
data and the handlers registered must match; bad data is refused readably."""

import json

import pytest

from tabletown.engine.content import Catalog, ContentError, Effects, load_catalog, rows_with_defaults

# --- catalogues -----------------------------------------------------------------------------------

def test_rows_take_the_defaults_and_ids_are_unique():
    rows = rows_with_defaults("monsters", {"defaults": {"copies": 1, "effect": None},
                                           "rows": [{"id": "rat", "power": 4}, {"id": "ape", "copies": 2}]})
    cat = Catalog("monsters", rows)
    assert cat["rat"] == {"copies": 1, "effect": None, "id": "rat", "power": 4}
    assert len(cat) == 2 and cat.count("copies") == 3
    with pytest.raises(ContentError, match="twice"):
        Catalog("x", [{"id": 1}, {"id": 1}])
    with pytest.raises(ContentError):
        rows_with_defaults("x", {"rows": [1]})


def test_rows_take_their_defaults_and_keep_their_own_values():
    rows = rows_with_defaults("heroes", {"defaults": {"copies": 1, "effect": None},
                                           "rows": [{"id": "a"}, {"id": "b", "copies": 3}]})
    assert rows == [{"copies": 1, "effect": None, "id": "a"}, {"copies": 3, "effect": None, "id": "b"}]
    assert rows_with_defaults("x", {"rows": [{"id": 1}]}) == [{"id": 1}]


@pytest.mark.parametrize("data, message", [
    ([], "a catalogue is"), ({"rows": {}}, "a catalogue is"), ({"rows": [], "defaults": []}, "'defaults' must be"),
    ({"rows": [{"id": 1}, 5]}, "row 2 is not an object"),
])
def test_a_catalogue_of_the_wrong_shape_is_refused(data, message):
    with pytest.raises(ContentError, match=message):
        rows_with_defaults("heroes", data)


def test_a_catalogue_counts_rows_or_copies_and_finds_rows_by_id():
    cat = Catalog("heroes", [{"id": "a", "copies": 2}, {"id": "b"}, {"name": "no id"}])
    assert len(cat) == 3 and [r.get("id") for r in cat] == ["a", "b", None]
    assert cat["a"] == {"id": "a", "copies": 2} and set(cat.by_id) == {"a", "b"}
    assert cat.count() == 3 and cat.count("copies") == 4
    with pytest.raises(ContentError, match="the id 'a' is used twice"):
        Catalog("heroes", [{"id": "a"}, {"id": "a"}])
    Catalog("zero", [{"id": 0}, {"id": None}, {"id": None}])  # no id is no clash


def test_a_catalogue_is_read_from_the_packages_data_folder(tmp_path, monkeypatch):
    pkg = tmp_path / "cat_pkg"
    (pkg / "data").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "data" / "heroes.json").write_text(json.dumps({"defaults": {"copies": 1}, "rows": [{"id": "v"}]}))
    (pkg / "data" / "bad.json").write_text("{not json")
    monkeypatch.syspath_prepend(str(tmp_path))
    cat = load_catalog("cat_pkg", "heroes")
    assert cat.name == "heroes" and cat.rows == [{"copies": 1, "id": "v"}]
    with pytest.raises(ContentError, match="cat_pkg: there is no data/missing.json"):
        load_catalog("cat_pkg", "missing")
    with pytest.raises(ContentError, match="cat_pkg: data/bad.json is not valid JSON"):
        load_catalog("cat_pkg", "bad")


# --- effects --------------------------------------------------------------------------------------

def test_effects_named_and_handlers_registered_must_match():
    fx = Effects("demo")

    @fx.handler("heal")
    def heal(target, amount):
        return target + amount

    @fx.handler("unused")
    def unused():
        return None

    cat = Catalog("cards", [{"id": "a", "effect": "heal"}, {"id": "b", "effect": "burn"}, {"id": "c", "effect": None}])
    assert fx.problems([cat]) == ["no handler for the effect 'burn'", "the handler 'unused' is never used"]
    assert fx("heal", 2, 3) == 5
    with pytest.raises(ContentError):
        fx("burn")
    with pytest.raises(ContentError, match="two handlers"):
        fx.handler("heal")(heal)


def test_effects_are_registered_once_by_name_and_called_with_their_arguments():
    effects = Effects("demo")

    @effects.handler("double")
    def double(x, by=2):
        return x * by

    assert "double" in effects and "half" not in effects
    assert effects("double", 3) == 6 and effects("double", 3, by=3) == 9
    with pytest.raises(ContentError, match="demo: no handler for the effect 'half'"):
        effects("half", 1)
    with pytest.raises(ContentError, match="demo: two handlers for the effect 'double'"):
        effects.handler("double")(lambda: None)


def test_effects_named_in_the_data_and_handlers_must_match():
    effects = Effects("demo")
    effects.handler("a")(lambda: None)
    effects.handler("unused")(lambda: None)
    cats = [Catalog("x", [{"effect": "a"}, {"effect": ["b", 3, "a"]}, {"effect": None}, {"other": "c"}])]
    assert effects.named_in(cats) == {"a", "b"}
    assert effects.named_in(cats, "other") == {"c"}
    assert effects.problems(iter(cats)) == ["no handler for the effect 'b'", "the handler 'unused' is never used"]
