"""The rules contract, checked over every registered game and every variant its spec declares:
each seat count with the default options, and each option's other values at a seat count that
plays them. A game added to the registry gets this check without asking for it."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tabletown import games
from tabletown.engine.spec import BadSetup, GameSpec
from tests.conformance import check_playouts


def variants(spec: GameSpec) -> Iterator[tuple[int, dict[str, Any]]]:
    low, high = spec.seats
    for seats in range(low, high + 1):
        yield seats, {}
    for opt in spec.options:
        for value in opt.choices:
            for seats in range(low, high + 1):
                if value == spec.default_for(opt, seats):
                    continue
                options = {opt.name: value}
                if opt.only_with:  # an option that counts only beside another's value gets that value
                    options[opt.only_with[0]] = opt.only_with[1][0]
                try:
                    normal = spec.normalize(seats, options)
                except BadSetup:
                    continue
                if not spec.applies(opt, normal):
                    continue
                yield seats, options
                break


CASES = [(spec.id, seats, options) for spec in games.SPECS if spec.ready for seats, options in variants(spec)]


@pytest.mark.parametrize("game_id,seats,options", CASES,
                         ids=[f"{g}-{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'defaults'}" for g, n, o in CASES])
def test_every_variant_of_every_game_keeps_the_rules_contract(game_id: str, seats: int, options: dict[str, Any]) -> None:
    game = games.load(game_id)
    check_playouts(game, seats, options, games=1, first_seed=seats * 31 + len(CASES),
                   render_every=20, secrets_every=40, forgeries_every=30, max_steps=8000)


def test_the_variants_cover_every_seat_count_and_option_value_of_every_game() -> None:
    for spec in games.SPECS:
        mine = [(n, o) for g, n, o in CASES if g == spec.id]
        assert {n for n, _ in mine} == set(range(spec.seats[0], spec.seats[1] + 1))
        for opt in spec.options:
            played = {o[opt.name] for _, o in mine if opt.name in o} | {opt.default}
            playable = {v for v in opt.choices if any(_plays(spec, n, opt.name, v) for n in range(spec.seats[0], spec.seats[1] + 1))}
            assert playable <= played, (spec.id, opt.name)


def _plays(spec: GameSpec, seats: int, name: str, value: Any) -> bool:
    try:
        spec.normalize(seats, {name: value})
        return True
    except BadSetup:
        return False
