"""HTML for the page's screens, as pure functions of plain data (testable without a browser).

Every player-typed string is escaped here before it reaches the page.
"""

from __future__ import annotations

from html import escape
from typing import Any, Iterable, Optional

from ..engine.draw import names_in
from ..engine.spec import Flag, GameSpec


def alert(message: str) -> str:
    return (
        '<div class="alert" role="alert"><p>'
        + escape(message)
        + '</p><button type="button" class="ghost" data-action="dismiss" aria-label="Dismiss this message">×</button></div>'
    )


def picker(specs: Iterable[GameSpec], saves: list[dict[str, Any]], broken: list[dict[str, str]], notices: list[str]) -> str:
    cards = []
    for entry in specs:
        title = escape(entry.title)
        tagline = escape(entry.tagline)
        if entry.ready:
            cards.append(
                f'<li class="game-card playable"><a href="#setup/{escape(entry.id)}" data-action="open-setup">'
                f'<span class="game-title">{title}</span>'
                f'<span class="tagline">{tagline}</span><span class="cta">Play</span></a></li>'
            )
        else:
            cards.append(
                f'<li class="game-card coming" aria-label="{title}, coming soon"><span class="game-title">{title}</span>'
                f'<span class="tagline">{tagline}</span><span class="badge">Coming soon</span></li>'
            )
    parts = [
        '<div id="alerts"></div>',
        '<section class="intro" aria-labelledby="pick-h"><h1 id="pick-h">Choose a game</h1>',
        "<p>Five small-town tabletop games. Play with friends on one device, against bots, or share a game as a link.</p>",
        '<ul class="games">' + "".join(cards) + "</ul></section>",
    ]
    parts.append('<section class="saves" aria-labelledby="saves-h"><h2 id="saves-h">Saved games</h2>')
    parts.append('<p id="picker-status" role="status" class="muted"></p>')
    if saves:
        rows = []
        for s in saves:
            who = ", ".join(escape(n) for n in s["names"])
            title = escape(s["title"])
            state = "finished" if s["over"] else f"{s['moves']} moves"
            rows.append(
                f'<li class="save"><a href="#game/{escape(s["id"])}" data-action="resume">'
                f'<span class="visually-hidden">Resume </span><strong>{title}</strong> <span>{who}</span> '
                f'<span class="muted">{state}</span></a>'
                f'<button type="button" class="ghost" data-action="delete-save" data-save="{escape(s["id"])}" '
                f'aria-label="Delete saved {title} game with {who}">Delete</button></li>'
            )
        parts.append('<ul class="save-list">' + "".join(rows) + "</ul>")
    else:
        parts.append('<p class="muted">No saved games yet. Every game is saved after each move.</p>')
    if broken or notices:
        parts.append('<div class="broken"><h3>Saves that could not be opened</h3><ul>')
        for note in notices:
            parts.append(f"<li>{escape(note)}</li>")
        for b in broken:
            parts.append(
                f'<li>Saved game {escape(b["id"])} was set aside: {escape(b["reason"])} '
                f'<button type="button" class="ghost" data-action="forget-broken" data-save="{escape(b["id"])}" '
                f'aria-label="Remove the damaged save {escape(b["id"])}">Remove</button></li>'
            )
        parts.append("</ul></div>")
    parts.append("</section>")
    return "".join(parts)


def setup(rules: GameSpec) -> str:
    low, high = rules.seats
    title = escape(rules.title)
    seat_opts = "".join(
        f'<option value="{n}"{" selected" if n == min(max(low, 4), high) else ""}>{n}</option>' for n in range(low, high + 1)
    )
    kinds = [("human", "Human")] + [(f"bot:{lvl}", f"Bot ({lvl})") for lvl in rules.bots]
    rows = []
    for i in range(high):
        default_kind = "human" if i == 0 else f"bot:{rules.bots[0]}"
        kind_opts = "".join(
            f'<option value="{v}"{" selected" if v == default_kind else ""}>{escape(label)}</option>' for v, label in kinds
        )
        rows.append(
            f'<div class="seat-row" data-seat-row="{i}">'
            f'<label>Player {i + 1} name <input name="name{i}" maxlength="24" autocomplete="off" '
            f'placeholder="{"You" if i == 0 else f"Player {i + 1}"}"></label>'
            f'<label>Played by <select name="kind{i}">{kind_opts}</select></label></div>'
        )
    options = []
    for opt in rules.options:
        for_seats = ",".join(str(n) for n in opt.for_seats)
        help_text = f'<span class="help">{escape(opt.help)}</span>' if opt.help else ""
        if isinstance(opt, Flag):
            checked = " checked" if opt.default else ""
            control = (
                f'<label class="check"><input type="checkbox" name="opt-{escape(opt.name)}" '
                f'data-for-seats="{for_seats}"{checked}> {escape(opt.label)}</label>'
            )
        else:
            choices = "".join(
                f'<option value="{escape(str(c))}"{" selected" if c == opt.default else ""}>{escape(opt.label_of(c))}</option>'
                for c in opt.choices
            )
            control = (
                f'<label>{escape(opt.label)} <select name="opt-{escape(opt.name)}" '
                f'data-for-seats="{for_seats}">{choices}</select></label>'
            )
        options.append(f'<div class="option">{control}{help_text}</div>')
    return (
        '<div id="alerts"></div>'
        f'<section class="setup" aria-labelledby="setup-h"><h1 id="setup-h">New game of {title}</h1>'
        f'<p class="muted">{escape(rules.blurb)}</p>'
        f'<form id="setup-form" data-game="{escape(rules.id)}">'
        f'<fieldset><legend>Players</legend><label>Number of players <select name="seats">{seat_opts}</select></label>'
        + "".join(rows)
        + "</fieldset>"
        + (f'<fieldset><legend>Options</legend>{"".join(options)}</fieldset>' if options else "")
        + '<fieldset><legend>Shuffle</legend><label>Seed (optional) <input name="seed" inputmode="numeric" '
        'pattern="-?[0-9]*" maxlength="12" placeholder="random"></label>'
        '<span class="help">The same seed and players give the same shuffle.</span></fieldset>'
        '<div class="form-actions"><a href="#" class="button ghost" data-action="back">Back</a>'
        '<button type="submit" class="primary" data-action="start">Start game</button></div>'
        "</form></section>"
    )


def game_frame(title: str, names: list[str]) -> str:
    return (
        '<div id="alerts"></div>'
        f'<section class="game" aria-labelledby="game-h"><h1 id="game-h" class="visually-hidden">{escape(title)}</h1>'
        '<p id="status" role="status" aria-live="polite"></p>'
        '<div id="results"></div>'
        '<div class="game-layout">'
        '<div id="board" class="board"></div>'
        '<aside class="side" aria-label="Game controls and log">'
        '<div class="controls">'
        '<button type="button" id="undo" data-action="undo">Undo</button>'
        '<button type="button" id="share" data-action="share">Share link</button>'
        '<a href="#" class="button ghost" data-action="menu">Menu</a>'
        "</div>"
        '<div id="share-box" hidden><p id="share-note" class="muted"></p>'
        '<a id="share-link" class="share-link" href="#"></a></div>'
        '<section class="log-panel" aria-labelledby="log-h"><h2 id="log-h">Game log</h2>'
        '<ol id="log" class="log" tabindex="0" aria-label="Game log"></ol></section>'
        "</aside></div>"
        '<div id="handoff" class="handoff" hidden></div>'
        "</section>"
    )


def log_items(lines: list[str], names: list[str]) -> str:
    """Log lines as list items; `names` are escaped, the lines are escaped here."""
    return "".join(f"<li>{names_in(escape(line, quote=False), names)}</li>" for line in lines)


def handoff(name: str) -> str:
    """The pass-the-device screen; `name` is already escaped."""
    return (
        '<div class="handoff-card" role="dialog" aria-modal="true" aria-labelledby="handoff-h">'
        f'<h2 id="handoff-h">Pass the device to {name}</h2>'
        "<p>The next screen shows cards only they may see.</p>"
        f'<button type="button" class="primary" data-action="handoff">I am {name} — show my cards</button></div>'
    )


def results(outcome: dict[str, Any], names: list[str], rules: Optional[GameSpec] = None) -> str:
    """The final score table with every tie-break explained; `names` are escaped."""
    columns = outcome.get("columns") or []
    order = sorted(range(len(names)), key=lambda s: (outcome["places"][s], s))
    head = "".join(f'<th scope="col">{escape(c)}</th>' for c in columns)
    rows = []
    for seat in order:
        detail = outcome["details"][seat] if outcome.get("details") else {}
        cells = "".join(f"<td>{escape(str(detail.get(c, '')))}</td>" for c in columns)
        crown = ' <span class="winner">★ winner</span>' if seat in outcome["winners"] else ""
        rows.append(
            f'<tr><td>{outcome["places"][seat]}</td><th scope="row">{names[seat]}{crown}</th>'
            f'<td>{outcome["scores"][seat]}</td>{cells}</tr>'
        )
    tiebreaks = "".join(f"<li>{names_in(escape(t, quote=False), names)}</li>" for t in outcome.get("tiebreaks", []))
    return (
        '<section class="results" aria-labelledby="results-h"><h2 id="results-h">Final scores</h2>'
        + (f'<p class="headline">{names_in(escape(outcome["headline"], quote=False), names)}</p>' if outcome.get("headline") else "")
        +         '<table class="score-table"><thead><tr><th scope="col">Place</th><th scope="col">Player</th>'
        f'<th scope="col">Score</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
        + (f'<h3>Tie-breaks</h3><ul class="tiebreaks">{tiebreaks}</ul>' if tiebreaks else "")
        + '<p><a href="#" class="button primary" data-action="menu">Back to the games</a></p></section>'
    )
