"""Content as data: catalogues read from JSON files inside a game's package, and card
effects registered by name.

A catalogue file `data/<name>.json` beside the game's modules:

    {"defaults": {"copies": 1, "effect": null},
     "rows": [{"id": "vampire", "name": "Vampire", "power": 9, "effect": "kill_most_enhanced"}, …]}

Each row is the defaults overlaid with its own fields. JSON is read by the same code in
CPython and in Pyodide (the package's files are on disk in both), and parses about thirty
times faster than TOML under Pyodide.

    EFFECTS = Effects("<game id>")

    @EFFECTS.handler("kill_most_enhanced")
    def kill_most_enhanced(table, ctx): ...

    EFFECTS.problems(monsters, "effect")   # effects named with no handler, handlers never named
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Optional


class ContentError(ValueError):
    """A catalogue that does not read as the game expects (a bug in the data)."""


@dataclass
class Catalog:
    name: str
    rows: list[dict[str, Any]]

    def __post_init__(self) -> None:
        self.by_id: dict[Any, dict[str, Any]] = {}
        for row in self.rows:
            key = row.get("id")
            if key is not None:
                if key in self.by_id:
                    raise ContentError(f"{self.name}: the id {key!r} is used twice")
                self.by_id[key] = row

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.rows)

    def __getitem__(self, key: Any) -> dict[str, Any]:
        return self.by_id[key]

    def count(self, copies_field: Optional[str] = None) -> int:
        """Rows, or physical components when each row says how many copies it has."""
        if copies_field is None:
            return len(self.rows)
        return sum(int(r.get(copies_field, 1)) for r in self.rows)


def rows_with_defaults(name: str, data: Any) -> list[dict[str, Any]]:
    if not isinstance(data, dict) or not isinstance(data.get("rows"), list):
        raise ContentError(f"{name}: a catalogue is {{'defaults': {{…}}, 'rows': […]}}")
    defaults = data.get("defaults", {})
    if not isinstance(defaults, dict):
        raise ContentError(f"{name}: 'defaults' must be an object")
    rows = []
    for i, row in enumerate(data["rows"]):
        if not isinstance(row, dict):
            raise ContentError(f"{name}: row {i + 1} is not an object")
        rows.append({**defaults, **row})
    return rows


def load_data(package: str, name: str) -> Any:
    """Any JSON file `data/<name>.json` of a game package (a rules page, a guide)."""
    from importlib import resources  # here, not at the top: the page's start does not need it

    try:
        text = resources.files(package).joinpath("data").joinpath(f"{name}.json").read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(f"{package}: there is no data/{name}.json") from None
    try:
        return json.loads(text)
    except ValueError as err:
        raise ContentError(f"{package}: data/{name}.json is not valid JSON ({err})") from None


def load_catalog(package: str, name: str) -> Catalog:
    """The catalogue `data/<name>.json` of a game package (e.g. load_catalog(__package__, "heroes"))."""
    return Catalog(name, rows_with_defaults(name, load_data(package, name)))


class Effects:
    """Effect handlers registered by name, for one game."""

    def __init__(self, game: str):
        self.game = game
        self.handlers: dict[str, Callable[..., Any]] = {}

    def handler(self, name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def register(fn: Callable[..., Any]) -> Callable[..., Any]:
            if name in self.handlers:
                raise ContentError(f"{self.game}: two handlers for the effect {name!r}")
            self.handlers[name] = fn
            return fn

        return register

    def __contains__(self, name: str) -> bool:
        return name in self.handlers

    def __call__(self, name: str, *args: Any, **kwargs: Any) -> Any:
        try:
            fn = self.handlers[name]
        except KeyError:
            raise ContentError(f"{self.game}: no handler for the effect {name!r}") from None
        return fn(*args, **kwargs)

    def named_in(self, catalogs: Iterable[Catalog], field: str = "effect") -> set[str]:
        names: set[str] = set()
        for cat in catalogs:
            for row in cat:
                value = row.get(field)
                if isinstance(value, str):
                    names.add(value)
                elif isinstance(value, list):
                    names.update(v for v in value if isinstance(v, str))
        return names

    def problems(self, catalogs: Iterable[Catalog], field: str = "effect") -> list[str]:
        """Effects named in the data with no handler, and handlers the data never names."""
        named = self.named_in(list(catalogs), field)
        out = [f"no handler for the effect {n!r}" for n in sorted(named - set(self.handlers))]
        out += [f"the handler {n!r} is never used" for n in sorted(set(self.handlers) - named)]
        return out
