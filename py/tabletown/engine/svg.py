"""Small helpers for the games' pure SVG renderers."""

from __future__ import annotations

from html import escape
from typing import Any


def esc(text: Any) -> str:
    """Escape text for SVG/HTML content and attribute values."""
    return escape(str(text), quote=True)


def action_attrs(index: int, label: str) -> str:
    """Attributes that make an SVG element a keyboard-usable control for legal[index].

    The page handles clicks and Enter/Space on any element with data-action by
    delegation; role, tabindex and aria-label give it an accessible name.
    """
    return f' data-action="{index}" role="button" tabindex="0" aria-label="{esc(label)}" class="act"'


def names_in(text: str, names: list[str]) -> str:
    """Replace {seat0}… placeholders with (already escaped) names."""
    for i, name in enumerate(names):
        text = text.replace("{seat%d}" % i, name)
    return text


def svg_open(width: int, height: int, label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'class="board-svg" role="group" aria-label="{esc(label)}" preserveAspectRatio="xMidYMin meet">'
    )
