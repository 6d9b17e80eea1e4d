"""Two small tables declared with zones, and a state of each, shared by the tests of zones and
of the move object: one with hands, secret Horses and a public table; one with secret styles."""

from tabletown.engine.zones import HIDDEN, OWNER, PUBLIC, Zone, Zones

ZONES = Zones(
    Zone("deck", HIDDEN, pool="cards"),
    Zone("hands.*", OWNER, pool="cards"),
    Zone("players.*.horse", OWNER, pool="horses"),
    Zone("table", PUBLIC),
)


def state():
    return {"rng": [1, 2, 3, 4], "deck": [7, 8, 9], "hands": [[1, 2], [3], []],
            "players": [{"horse": 10}, {"horse": None}, {"horse": 12}], "table": [5], "score": [0, 0, 0]}


SECRET_ZONES = Zones(
    Zone("deck", HIDDEN, pool="cards"),
    Zone("hands.*", OWNER, pool="cards"),
    Zone("players.*.secret", OWNER, pool="styles"),
)


def secret_state():
    return {"rng": [1, 2, 3, 4], "deck": [7, 8, 9], "hands": [[1, 2], [3]], "discard": [5],
            "players": [{"secret": "red", "score": 1}, {"secret": None, "score": 2}]}
