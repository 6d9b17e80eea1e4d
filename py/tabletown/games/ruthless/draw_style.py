"""The Ruthless board's measures, colours and what its parts are about (the rules topics a
player may ask about)."""

from __future__ import annotations

from typing import Any

from tabletown.engine.draw import PALETTE

from . import ground as G

W = 1120
PANEL_X = 730
PANEL_W = 382
TABLE_BOX = (700, 690)


# On a phone the panel goes under the table and the table shrinks to the panel's width, so the
# panel's words keep their size (the table can be zoomed with the fingers).
NARROW_W = PANEL_W + 20


INK, MUTED, ACCENT = PALETTE["ink"], PALETTE["muted"], PALETTE["accent"]
SEATS = PALETTE["seats"]

TERRAIN_FILL = {
    "building": "#8a6a4a", "rock": "#8d8578", "wagon": "#7a5230", "embankment": "#b59a6a", "fence": "#6b4a2a",
    "scrub": "#9fb27a", "doorway": "#d9c29a", "trough": "#7fa0b8", "haystack": "#d8c06a", "water": "#a9c6d6",
    "street": "#e3d3b4", "road": "#dcc8a4", "boardwalk": "#c9ad84", "rails": "#6e665c",
}

ROW = 26


def about(topic: str, svg: str) -> str:
    """`svg` as something a player may ask about: the page links it to the paragraph of
    `topic` (a key of data/rule_index.json)."""
    return f'<g data-topic="{topic}">{svg}</g>'


def terrain_topic(piece: G.Piece) -> str:
    """What a piece of the table is about: the cover it gives, else the rough ground it is."""
    if piece.cover == "hard":
        return "board:hard-cover"
    if piece.cover == "soft":
        return "board:soft-cover"
    return "board:rough" if piece.rough else "board:terrain"


def model_topic(m: dict[str, Any]) -> str:
    """What a character on the table is about: his state first (out cold, nerve gone, covering)."""
    if m["status"] == "dead":
        return "board:killed"
    if m["status"] == "down":
        return "board:unconscious"
    if m.get("lily"):
        return "board:lily"
    return "board:model"


ZOOM_BUTTON = 46  # drawn units: about 43 px on a phone, a finger's width
ZOOM_STRIP = ZOOM_BUTTON + 8  # the row under the table that holds them
