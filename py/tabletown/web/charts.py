"""The story of a game as charts: SVG drawn here, each with a table of the same figures.

`story_html(story, names, narrow)` turns the engine's story of a game (`engine.replay.story`:
the score of each seat after every move, and the game's own tables of the moments that
mattered) into the result screen's charts:

- the score over time as a line per player (steps, since a score changes at a move), told
  apart by colour, dash and end mark, never by colour alone;
- each story table whose cells after the first column are whole numbers as horizontal bars
  (one bar per numeric column, grouped by row); a table of other cells stays a table.

Every chart is an image with a name, and a real table beside it gives every figure to screen
readers (and to anyone who prefers numbers). Charts are drawn for the width they will have:
about 340 units on a phone (`narrow`) and 600 on a wider screen, and never scaled up, so
their 13-unit text reads the same at 390 px and at 1200 px. Pure Python; names come escaped.
"""

from __future__ import annotations

import html
import math
from html import escape
from typing import Any, Optional

from ..engine.draw import PALETTE
from ..engine.words import plural
from .policy import fill_names

SEATS = PALETTE["seats"]
DASHES = ("", "7 4", "2 3", "10 3 2 3", "5 2", "1 5")
MARKS = ("circle", "square", "triangle", "diamond", "cross", "bar")
# Bars of several columns: colours that are not the seats' (a column is not a player).
SERIES = ("#2a5db2", "#b27a1f", "#2f8a3c", "#8a4fb2", "#b23a2a", "#20807f")
FONT = 13
WIDE, NARROW = 600, 340
MAX_TABLE_ROWS = 400  # a table of the score after every change stays readable; longer games are sampled


def width_for(narrow: bool) -> int:
    return NARROW if narrow else WIDE


def nice_ticks(low: float, high: float, most: int = 5) -> list[int]:
    """Whole-number ticks from low to high (1, 2 or 5 times a power of ten apart)."""
    if high <= low:
        high = low + 1
    raw = (high - low) / max(1, most - 1)
    power = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    step = max(1, int(step))
    first = math.floor(low / step) * step
    ticks = []
    t = first
    while t <= high + 1e-9:
        ticks.append(int(t))
        t += step
    if ticks[-1] < high:
        ticks.append(ticks[-1] + step)
    return ticks


def _mark(kind: str, x: float, y: float, colour: str, r: float = 4.5) -> str:
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{colour}"/>'
    if kind == "square":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}" fill="{colour}"/>'
    if kind == "triangle":
        return f'<path d="M{x:.1f} {y - r - 1:.1f}L{x + r + 1:.1f} {y + r:.1f}H{x - r - 1:.1f}Z" fill="{colour}"/>'
    if kind == "diamond":
        return f'<path d="M{x:.1f} {y - r - 1:.1f}L{x + r + 1:.1f} {y:.1f}L{x:.1f} {y + r + 1:.1f}L{x - r - 1:.1f} {y:.1f}Z" fill="{colour}"/>'
    if kind == "cross":
        return (f'<path d="M{x - r:.1f} {y - r:.1f}L{x + r:.1f} {y + r:.1f}M{x + r:.1f} {y - r:.1f}L{x - r:.1f} {y + r:.1f}" '
                f'stroke="{colour}" stroke-width="2.5"/>')
    return f'<rect x="{x - 1.5:.1f}" y="{y - r - 1:.1f}" width="3" height="{2 * r + 2}" fill="{colour}"/>'


def _swatch(seat: int) -> str:
    """The legend's sample of a player's line: its colour, dash and end mark."""
    colour, dash = SEATS[seat % len(SEATS)], DASHES[seat % len(DASHES)]
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<svg class="swatch" viewBox="0 0 34 12" width="34" height="12" aria-hidden="true" focusable="false">'
            f'<path d="M1 6H24" stroke="{colour}" stroke-width="2.5"{dash_attr}/>'
            f'{_mark(MARKS[seat % len(MARKS)], 28, 6, colour, 3.5)}</svg>')


def score_rows(series: list[list[int]]) -> list[tuple[int, list[int]]]:
    """The moves after which some score changed (and the start and the end), with every score."""
    n = len(series[0]) - 1 if series else 0
    rows = []
    for k in range(n + 1):
        now = [s[k] for s in series]
        if k in (0, n) or any(s[k] != s[k - 1] for s in series):
            rows.append((k, now))
    if len(rows) > MAX_TABLE_ROWS:
        keep = {round(i * (len(rows) - 1) / (MAX_TABLE_ROWS - 1)) for i in range(MAX_TABLE_ROWS)}
        rows = [r for i, r in enumerate(rows) if i in keep]
    return rows


def line_chart(series: list[list[int]], names: list[str], narrow: bool, chart_id: str) -> str:
    """Score over time: one step line per player, with a legend and the table of figures."""
    width, height = width_for(narrow), (230 if narrow else 260)
    left, right, top, bottom = 44, 16, 12, 40
    n = max(len(s) for s in series) - 1
    values = [v for s in series for v in s]
    ticks = nice_ticks(min(0, min(values)), max(values))
    lo, hi = ticks[0], ticks[-1]
    plot_w, plot_h = width - left - right, height - top - bottom

    def sx(k: float) -> float:
        return left + (plot_w * k / n if n else 0)

    def sy(v: float) -> float:
        return top + plot_h - plot_h * (v - lo) / (hi - lo)

    parts = []
    for t in ticks:
        y = sy(t)
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}" stroke="#d9c8a9"/>'
                     f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{t}</text>')
    for k in nice_ticks(0, max(n, 1), 6 if not narrow else 4):
        if k > n:
            continue
        x = sx(k)
        parts.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top + plot_h}" y2="{top + plot_h + 4}" stroke="{PALETTE["ink"]}"/>'
                     f'<text x="{x:.1f}" y="{top + plot_h + 17}" text-anchor="middle">{k}</text>')
    parts.append(f'<line x1="{left}" x2="{width - right}" y1="{top + plot_h}" y2="{top + plot_h}" stroke="{PALETTE["ink"]}"/>'
                 f'<text x="{left + plot_w / 2:.1f}" y="{height - 4}" text-anchor="middle">Move</text>')
    for seat, points in enumerate(series):
        colour, dash = SEATS[seat % len(SEATS)], DASHES[seat % len(DASHES)]
        d = [f"M{sx(0):.1f} {sy(points[0]):.1f}"]
        for k in range(1, len(points)):
            if points[k] != points[k - 1]:
                d.append(f"H{sx(k):.1f}V{sy(points[k]):.1f}")
        d.append(f"H{sx(len(points) - 1):.1f}")
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<path d="{"".join(d)}" fill="none" stroke="{colour}" stroke-width="2.5"{dash_attr}/>')
        parts.append(_mark(MARKS[seat % len(MARKS)], sx(len(points) - 1), sy(points[-1]), colour))
    title = "Score over time"
    svg = (
        f'<svg class="chart-svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        f'aria-labelledby="{chart_id}-h" aria-describedby="{chart_id}-note" font-size="{FONT}" fill="{PALETTE["ink"]}">'
        + "".join(parts) + "</svg>"
    )
    legend = "".join(
        f'<li>{_swatch(s)}<span>{names[s]}</span> <strong>{series[s][-1]}</strong></li>' for s in range(len(series))
    )
    head = "".join(f'<th scope="col" class="num">{names[s]}</th>' for s in range(len(series)))
    rows = "".join(
        f'<tr><th scope="row">{"Start" if k == 0 else k}</th>' + "".join(f'<td class="num">{v}</td>' for v in vals) + "</tr>"
        for k, vals in score_rows(series)
    )
    table = (
        f'<div class="chart-table" tabindex="0" role="region" aria-labelledby="{chart_id}-t">'
        f'<table><caption id="{chart_id}-t">Score after each move that changed it</caption>'
        f'<thead><tr><th scope="col">Move</th>{head}</tr></thead><tbody>{rows}</tbody></table></div>'
    )
    return _figure(chart_id, title, svg, f'<ul class="legend">{legend}</ul>', table,
                   f"{plural(len(series), 'line')}, one per player, over {plural(n, 'move')}; the table gives every change.")


def _numeric_columns(table: dict[str, Any]) -> list[int]:
    rows = table["rows"]
    return [c for c in range(1, len(table["columns"]))
            if rows and all(c < len(r) and type(r[c]) is int for r in rows)]


LABEL_CHARS = 44  # about the width of a phone's chart at 13-unit text


def _bar_label(columns: list[Any], row: list[Any], numeric: list[int], names: list[str]) -> str:
    """The words above a row's bars: its first cell; a bare number there is named by its column
    and joined to the row's first words ("Fight 2 · Waggums"), so the bars say whose they are."""
    if not row:
        return ""
    label = str(row[0])
    if type(row[0]) is int:
        label = f"{columns[0]} {row[0]}"
        words = [row[c] for c in range(1, len(row)) if c not in numeric and isinstance(row[c], str) and row[c]]
        if words:
            label += f" · {words[0]}"
    label = fill_names(label, [html.unescape(n) for n in names])
    if len(label) > LABEL_CHARS:
        label = label[: LABEL_CHARS - 1].rstrip() + "…"
    return escape(label)


def bar_chart(table: dict[str, Any], names: list[str], narrow: bool, chart_id: str) -> str:
    """A story table as grouped horizontal bars (label above, bars below, value at the end),
    or as a table alone when its cells are not numbers."""
    title = fill_names(escape(str(table["title"]), quote=False), names)
    columns = [fill_names(escape(str(c), quote=False), names) for c in table["columns"]]
    rows = table["rows"]
    numeric = _numeric_columns(table)
    labels = [_bar_label(table["columns"], r, numeric, names) for r in rows]
    data = _table_html(chart_id, title, columns, rows, names, numeric)
    if not numeric:
        return _figure(chart_id, title, "", "", data, "")
    width = width_for(narrow)
    left, right, label_h, bar_h, gap = 4, 44, 18, 14, 10
    values = [r[c] for r in rows for c in numeric]
    lo, hi = min(0, min(values)), max(0, max(values))
    if hi == lo:
        hi = lo + 1
    plot_w = width - left - right

    def sx(v: float) -> float:
        return left + plot_w * (v - lo) / (hi - lo)

    parts, y = [], 4
    for r, row in enumerate(rows):
        parts.append(f'<text x="{left}" y="{y + 13}">{labels[r]}</text>')
        y += label_h
        for i, c in enumerate(numeric):
            v = row[c]
            x0, x1 = sorted((sx(0), sx(v)))
            colour = SERIES[i % len(SERIES)]
            parts.append(f'<rect x="{x0:.1f}" y="{y}" width="{max(x1 - x0, 1.5):.1f}" height="{bar_h}" fill="{colour}"/>')
            # The value beside its bar, on the right of the zero line (a negative bar's too).
            parts.append(f'<text x="{max(x1, sx(0)) + 4:.1f}" y="{y + bar_h - 2}">{v}</text>')
            y += bar_h + 2
        y += gap
    if lo < 0:
        parts.append(f'<line x1="{sx(0):.1f}" x2="{sx(0):.1f}" y1="0" y2="{y}" stroke="{PALETTE["ink"]}"/>')
    height = y
    svg = (
        f'<svg class="chart-svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        f'aria-labelledby="{chart_id}-h" aria-describedby="{chart_id}-note" font-size="{FONT}" fill="{PALETTE["ink"]}">'
        + "".join(parts) + "</svg>"
    )
    legend = ""
    if len(numeric) > 1:
        legend = '<ul class="legend">' + "".join(
            f'<li><svg class="swatch" viewBox="0 0 14 14" width="14" height="14" aria-hidden="true" focusable="false">'
            f'<rect width="14" height="14" fill="{SERIES[i % len(SERIES)]}"/></svg><span>{columns[c]}</span></li>'
            for i, c in enumerate(numeric)
        ) + "</ul>"
    note = f"Bars for {plural(len(rows), 'row')}; the table gives every figure."
    return _figure(chart_id, title, svg, legend, data, note)


def _table_html(chart_id: str, title: str, columns: list[str], rows: list[list[Any]], names: list[str],
                numeric: list[int]) -> str:
    """A story table as it is; numbers line up on the right. Its caption repeats the figure's
    title for screen readers only."""
    def cls(c: int) -> str:
        return ' class="num"' if c in numeric else ""

    head = "".join(f'<th scope="col"{cls(c)}>{col}</th>' for c, col in enumerate(columns))
    body = []
    for row in rows:
        cells = [fill_names(escape(str(v), quote=False), names) for v in row]
        if cells:
            body.append(f'<tr><th scope="row">{cells[0]}</th>'
                        + "".join(f"<td{cls(c)}>{v}</td>" for c, v in enumerate(cells) if c) + "</tr>")
    return (
        f'<div class="chart-table" tabindex="0" role="region" aria-labelledby="{chart_id}-t">'
        f'<table><caption id="{chart_id}-t" class="visually-hidden">{title}</caption><thead><tr>{head}</tr></thead>'
        f'<tbody>{"".join(body)}</tbody></table></div>'
    )


def _figure(chart_id: str, title: str, svg: str, legend: str, table: str, note: str) -> str:
    drawn = (
        f'<div class="chart-drawing">{svg}{legend}<p id="{chart_id}-note" class="visually-hidden">{escape(note)}</p></div>'
        if svg else ""
    )
    kind = "chart" if svg else "chart only-table"
    return (
        f'<figure class="{kind}" id="{chart_id}" aria-labelledby="{chart_id}-h">'
        f'<figcaption id="{chart_id}-h">{title}</figcaption><div class="chart-body">{drawn}{table}</div></figure>'
    )


def _usable_table(table: Any) -> bool:
    return (
        isinstance(table, dict) and isinstance(table.get("title"), str)
        and isinstance(table.get("columns"), list) and table["columns"]
        and isinstance(table.get("rows"), list)
        and all(isinstance(r, list) for r in table["rows"])
    )


# While a long game's story is still being told (in slices, so the page answers meanwhile).
STORY_PENDING = (
    '<section class="story" aria-labelledby="story-h" aria-busy="true"><h3 id="story-h">The story of the game</h3>'
    '<p class="story-pending" role="status">Drawing its charts…</p></section>'
)


def story_html(story: Optional[dict[str, Any]], names: list[str], narrow: bool) -> str:
    """The result screen's section of charts ("" when the game tells no story)."""
    if not isinstance(story, dict):
        return ""
    figures = []
    series = story.get("series")
    if (isinstance(series, list) and series and len(series) <= len(names)
            and all(isinstance(s, list) and s and all(type(v) is int for v in s) for s in series)):
        figures.append(line_chart(series, names, narrow, "story-0"))
    for i, table in enumerate(story.get("tables") or []):
        if _usable_table(table) and table["rows"]:
            figures.append(bar_chart(table, names, narrow, f"story-{i + 1}"))
    if not figures:
        return ""
    return (
        '<section class="story" aria-labelledby="story-h"><h3 id="story-h">The story of the game</h3>'
        f'<div class="story-grid">{"".join(figures)}</div></section>'
    )
