"""Zones: which parts of a state each seat may see, declared once per game.

    ZONES = Zones(
        Zone("deck", HIDDEN, pool="heroes"),          # nobody sees the order or the cards
        Zone("hands.*", OWNER, pool="heroes"),        # state["hands"][s]: only seat s
        Zone("players.*.horse", OWNER, pool="styles"),
    )

A path is dot-separated keys into the state; `*` stands for the owning seat's index in
a list. Everything not declared is public. In a view a masked list becomes a list of
None of the same length (its size stays public), a masked value becomes "?", and None
stays None (that nothing is there is public too). The PRNG words are never in a view.

From the same declarations follow `determinize` (a full state consistent with a view,
for search bots: the values the viewer cannot see, shuffled back into the masked
places) and `scramble` (the conformance suite's check that a view does not change when
anything its seat may not know is changed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator, Optional

from .prng import Rng
from .state import clone

PUBLIC = "public"
HIDDEN = "hidden"
OWNER = "owner"
MASK = "?"
# Figures a game adds to a view (Rules.derive) live under this key, so a determinized
# state never carries them.
DERIVED = "derived"


@dataclass(frozen=True)
class Zone:
    path: str
    kind: str
    pool: Optional[str] = None
    # Only values for which this holds may lie here (a hand that keeps only the pool's secret
    # cards, say): determinize and scramble deal such places first, from the values that fit.
    fits: Optional[Callable[[Any], bool]] = None

    def __post_init__(self) -> None:
        if self.kind not in (PUBLIC, HIDDEN, OWNER):
            raise ValueError(f"zone {self.path}: unknown kind {self.kind!r}")
        if self.kind == OWNER and "*" not in self.path.split("."):
            raise ValueError(f"zone {self.path}: an owner zone needs a * for the seat")

    @property
    def parts(self) -> list[str]:
        return self.path.split(".")


@dataclass
class Place:
    """One concrete location a zone covers: container[key], owned by `owner` (or None)."""

    zone: Zone
    container: Any
    key: Any
    owner: Optional[int]

    @property
    def value(self) -> Any:
        return self.container[self.key]


def _walk(node: Any, parts: list[str], owner: Optional[int]) -> Iterator[tuple[Any, Any, Optional[int]]]:
    head, rest = parts[0], parts[1:]
    if head == "*":
        if not isinstance(node, list):
            return
        keys: list[Any] = list(range(len(node)))
    else:
        if not isinstance(node, dict) or head not in node:
            return
        keys = [head]
    for key in keys:
        who = key if head == "*" else owner
        if rest:
            yield from _walk(node[key], rest, who)
        else:
            yield node, key, who


class Zones:
    def __init__(self, *zones: Zone):
        self.zones = zones

    def _zone_at(self, path: str) -> Optional[Zone]:
        """The zone a concrete path lies in (`hands.2` lies in a zone `hands.*`)."""
        parts = path.split(".")
        for zone in self.zones:
            zp = zone.parts
            if len(zp) == len(parts) and all(z == "*" or z == p for z, p in zip(zp, parts)):
                return zone
        return None

    def kind_of(self, path: str) -> str:
        """The visibility of a concrete path: public unless a zone says otherwise."""
        zone = self._zone_at(path)
        return zone.kind if zone else PUBLIC

    def owner_of(self, path: str) -> Optional[int]:
        """The seat that owns a concrete path in an owner-only zone, else None."""
        zone = self._zone_at(path)
        if zone is None or zone.kind != OWNER:
            return None
        return int(path.split(".")[zone.parts.index("*")])

    def places(self, state: Any) -> list[Place]:
        out = []
        for zone in self.zones:
            for container, key, owner in _walk(state, zone.parts, None):
                out.append(Place(zone, container, key, owner))
        return out

    def hidden_from(self, state: Any, seat: Optional[int]) -> list[Place]:
        """The places whose contents `seat` may not see (None: a spectator sees no hand)."""
        return [p for p in self.places(state) if _hidden(p, seat)]

    def mask(self, state: dict[str, Any], seat: Optional[int]) -> dict[str, Any]:
        """A copy of `state` with everything `seat` may not see masked, and no PRNG words."""
        view = {k: clone(v) for k, v in state.items() if k != "rng"}
        for place in self.hidden_from(view, seat):
            value = place.value
            if isinstance(value, list):
                place.container[place.key] = [None] * len(value)
            elif value is not None:
                place.container[place.key] = MASK
        return view

    def determinize_from(
        self,
        view: dict[str, Any],
        seat: Optional[int],
        rng: Rng,
        unseen: Callable[[dict[str, Any], str], list[Any]],
    ) -> dict[str, Any]:
        """A full state consistent with `view`: each pool's unseen values, shuffled, fill its masked places."""
        state = {k: clone(v) for k, v in view.items() if k != DERIVED}
        by_pool: dict[str, list[Place]] = {}
        for place in self.hidden_from(state, seat):
            value = place.value
            if value is None or (isinstance(value, list) and not value):
                continue
            if place.zone.pool is None:
                raise ValueError(f"zone {place.zone.path} hides values but names no pool to sample them from")
            by_pool.setdefault(place.zone.pool, []).append(place)
        for pool, places in by_pool.items():
            values = list(unseen(view, pool))
            rng.shuffle(values)
            need = sum(len(p.value) if isinstance(p.value, list) else 1 for p in places)
            if len(values) < need:
                raise ValueError(f"pool {pool}: {need} hidden places but only {len(values)} unseen values")
            _deal(places, values, pool)
        state["rng"] = [rng.next_u32() | 1, rng.next_u32(), rng.next_u32(), rng.next_u32()]
        return state

    def scramble(self, state: dict[str, Any], seat: Optional[int], rng: Rng) -> dict[str, Any]:
        """A copy of `state` with every value `seat` may not see permuted within its pool
        (each place keeps its size) and fresh PRNG words."""
        copy = clone(state)
        by_pool: dict[Any, list[Place]] = {}
        for place in self.hidden_from(copy, seat):
            if place.value is None:
                continue
            by_pool.setdefault(place.zone.pool or place.zone.path, []).append(place)
        for pool, places in by_pool.items():
            values: list[Any] = []
            for place in places:
                values.extend(place.value if isinstance(place.value, list) else [place.value])
            rng.shuffle(values)
            _deal(places, values, pool)
        if "rng" in copy:
            copy["rng"] = [rng.next_u32() | 1, rng.next_u32(), rng.next_u32(), rng.next_u32()]
        return copy


def _deal(places: list[Place], values: list[Any], pool: Any) -> None:
    """Fill `places` from the shuffled `values` in their order: places with a `fits` first, each
    taking the next values that fit, then the rest in order (values are shuffled, so with one `fits`
    every assignment that respects it is as likely as any other)."""
    def take(fits: Optional[Callable[[Any], bool]]) -> Any:
        for i, value in enumerate(values):
            if fits is None or fits(value):
                return values.pop(i)
        raise ValueError(f"pool {pool}: no unseen value fits a hidden place")

    for place in sorted(places, key=lambda p: p.zone.fits is None):
        fits = place.zone.fits
        if isinstance(place.value, list):
            place.container[place.key] = [take(fits) for _ in place.value]
        else:
            place.container[place.key] = take(fits)


def _hidden(place: Place, seat: Optional[int]) -> bool:
    kind = place.zone.kind
    if kind == HIDDEN:
        return True
    if kind == OWNER:
        return seat is None or place.owner != seat
    return False
