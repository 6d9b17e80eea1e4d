"""Terrain shapes on the grid: a terrain card's pieces, turned and placed on the board.
"""

from __future__ import annotations

from typing import Optional


def terrain_pieces(row: dict) -> dict[str, dict]:
    """A terrain card's pieces by name ("main" for a one-piece card)."""
    if isinstance(row.get("pieces"), dict):
        return {k: v for k, v in row["pieces"].items() if isinstance(v, dict)}
    return {"main": {"shape": row.get("shape"), "door": row.get("door")}}


def rotate(shape: list, door: Optional[list], rot: int) -> tuple[list[tuple[int, int]], Optional[tuple[int, int]]]:
    """Turn a shape (and its door) clockwise by `rot` degrees: (c, r) -> (-r, c) per quarter turn, then shift
    so the shape's squares start at column 0 and row 0 again (the door moves with them)."""
    cells = [(c, r) for c, r in shape]
    d = tuple(door) if door is not None else None
    for _ in range(rot // 90):
        cells = [(-r, c) for c, r in cells]
        d = (-d[1], d[0]) if d is not None else None
    dc, dr = -min(c for c, _ in cells), -min(r for _, r in cells)
    cells = [(c + dc, r + dr) for c, r in cells]
    if d is not None:
        d = (d[0] + dc, d[1] + dr)
    return cells, d


def placement_cells(terrain_row: dict, placement: dict) -> tuple[list[tuple[int, int]], Optional[tuple[int, int]]]:
    """The board squares a landscape placement covers, and its door square (or None)."""
    piece = terrain_pieces(terrain_row)[placement.get("piece", "main")]
    cells, door = rotate(piece["shape"], piece.get("door"), placement.get("rot", 0))
    c0, r0 = placement["at"]
    return [(c + c0, r + r0) for c, r in cells], (door[0] + c0, door[1] + r0) if door else None
