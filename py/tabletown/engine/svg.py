"""Helpers kept for renderers written before the render kit (engine/draw.py), which
supersedes them: new code uses `draw.Board`."""

from __future__ import annotations

from .draw import esc, names_in

__all__ = ["esc", "names_in", "action_attrs", "svg_open"]


def action_attrs(index: int, label: str) -> str:
    """Attributes that make an SVG element a keyboard-usable control for legal[index]."""
    return f' data-action="{index}" role="button" tabindex="0" aria-label="{esc(label)}" class="act"'


def svg_open(width: int, height: int, label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'class="board-svg" role="group" aria-label="{esc(label)}" preserveAspectRatio="xMidYMin meet">'
    )
