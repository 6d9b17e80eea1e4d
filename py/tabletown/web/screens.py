"""HTML for the page's screens, as pure functions of plain data (testable without a browser).

Every player-typed string is escaped here before it reaches the page.
"""

from __future__ import annotations

from html import escape
from typing import Any, Iterable, Optional

from ..engine.campaign import PROGRESS_ID
from . import catalog
from .policy import fill_names as names_in


def alert(message: str) -> str:
    return (
        '<div class="alert" role="alert"><p>'
        + escape(message)
        + '</p><button type="button" class="ghost" data-action="dismiss" aria-label="Dismiss this message">×</button></div>'
    )


def _game_cards(specs: Iterable[Any]) -> str:
    cards = []
    for spec in specs:
        title = escape(spec.title)
        tagline = escape(spec.tagline)
        if spec.ready:
            cards.append(
                f'<li class="game-card playable"><a href="#setup/{escape(spec.id)}" data-action="open-setup" '
                f'data-game-title="{title}">'
                f'<span class="game-title">{title}</span>'
                f'<span class="tagline">{tagline}</span><span class="cta">Play</span></a></li>'
            )
        else:
            cards.append(
                f'<li class="game-card coming" aria-label="{title}, coming soon"><span class="game-title">{title}</span>'
                f'<span class="tagline">{tagline}</span><span class="badge">Coming soon</span></li>'
            )
    return (
        '<section class="intro" aria-labelledby="pick-h"><h1 id="pick-h">Choose a game</h1>'
        "<p>Five small-town tabletop games. Play with friends on one device, against bots, or share a game as a link.</p>"
        '<ul class="games">' + "".join(cards) + "</ul></section>"
    )


def picker_shell(specs: Optional[Iterable[Any]] = None) -> str:
    """The picker as it is written into index.html at build time: the games, and an empty
    saved-games slot that a few lines of JavaScript (static/boot.js) fill from the save
    summaries before Python starts."""
    return (
        '<div id="alerts"></div>'
        + _game_cards(catalog.specs() if specs is None else specs)
        + '<section class="saves" aria-labelledby="saves-h"><h2 id="saves-h">Saved games</h2>'
        '<p id="picker-status" role="status" class="muted"></p>'
        f'<div id="save-rows" data-key="">{save_rows([])}</div><div id="save-notes"></div></section>'
    )


def save_rows(saves: list[dict[str, Any]]) -> str:
    """The saved games, newest first (static/boot.js draws the same rows from the summaries)."""
    if not saves:
        return '<p class="muted">No saved games yet. Every game is saved after each move.</p>'
    rows = []
    for s in saves:
        who = ", ".join(escape(str(n)) for n in s["names"])
        title = escape(s["title"])
        state = "finished" if s["over"] else (escape(s["status"]) if s.get("status") else f"{int(s['moves'])} moves")
        rows.append(
            f'<li class="save"><a href="#game/{escape(s["id"])}" data-action="resume">'
            f'<span class="visually-hidden">Resume </span><strong>{title}</strong> <span>{who}</span> '
            f'<span class="muted">{state}</span></a>'
            f'<button type="button" class="ghost" data-action="delete-save" data-save="{escape(s["id"])}" '
            f'aria-label="Delete saved {title} game with {who}">Delete</button></li>'
        )
    return '<ul class="save-list">' + "".join(rows) + "</ul>"


def saves_key(saves: list[dict[str, Any]]) -> str:
    """Which saves a drawn list shows (static/boot.js writes the same key)."""
    return "|".join(f"{s['id']}:{s['updated']}" for s in saves)


def save_notes(broken: list[dict[str, str]], notices: list[str]) -> str:
    if not broken and not notices:
        return ""
    parts = ['<div class="broken"><h3>Saves that could not be opened</h3><ul>']
    for note in notices:
        parts.append(f"<li>{escape(note)}</li>")
    for b in broken:
        parts.append(
            f'<li>Saved game {escape(b["id"])} was set aside: {escape(b["reason"])} '
            f'<button type="button" class="ghost" data-action="forget-broken" data-save="{escape(b["id"])}" '
            f'aria-label="Remove the damaged save {escape(b["id"])}">Remove</button></li>'
        )
    parts.append("</ul></div>")
    return "".join(parts)


def picker(specs: Iterable[Any], saves: list[dict[str, Any]], broken: list[dict[str, str]], notices: list[str]) -> str:
    """The whole picker with its saved games (the same markup as the shell, filled in)."""
    shell = picker_shell(specs)
    shell = shell.replace(f'<div id="save-rows" data-key="">{save_rows([])}</div>',
                          f'<div id="save-rows" data-key="{escape(saves_key(saves))}">{save_rows(saves)}</div>')
    return shell.replace('<div id="save-notes"></div>', f'<div id="save-notes">{save_notes(broken, notices)}</div>')


def loading_game(title: str, percent: int) -> str:
    """Shown while a game's own files arrive the first time it is opened."""
    return (
        f'<section class="loading" aria-labelledby="loading-h"><h1 id="loading-h">{escape(title)}</h1>'
        f'<p id="loading-text" role="status" aria-live="polite">Opening {escape(title)}…</p>'
        f'<div class="bar" aria-hidden="true"><div id="loading-fill" class="fill" data-percent="{int(percent)}"></div></div>'
        "</section>"
    )


def _seat_word(spec: Any) -> str:
    return getattr(spec, "seat_word", "player") or "player"


def setup(spec: Any, campaigns: Optional[list[dict[str, Any]]] = None) -> str:
    """The setup form of a game, from its spec (seats, bot levels, typed options)."""
    low, high = spec.seats
    title = escape(spec.title)
    word = _seat_word(spec)
    seat_opts = "".join(
        f'<option value="{n}"{" selected" if n == min(max(low, 4), high) else ""}>{n}</option>' for n in range(low, high + 1)
    )
    kinds = [("human", "Human")] + [(f"bot:{lvl}", f"Bot ({lvl})") for lvl in spec.bots]
    rows = []
    for i in range(high):
        default_kind = "human" if i == 0 or not spec.bots else f"bot:{spec.bots[0]}"
        kind_opts = "".join(
            f'<option value="{v}"{" selected" if v == default_kind else ""}>{escape(label)}</option>' for v, label in kinds
        )
        ask = ""
        if getattr(spec, "reactions", False):
            ask = (
                f'<label class="check ask"><input type="checkbox" name="ask{i}" data-human-only> '
                "Ask me only when I can respond</label>"
            )
        rows.append(
            f'<div class="seat-row" data-seat-row="{i}">'
            f'<label>{escape(word.capitalize())} {i + 1} name <input name="name{i}" maxlength="24" autocomplete="off" '
            f'placeholder="{"You" if i == 0 else f"{word.capitalize()} {i + 1}"}"></label>'
            f'<label>Played by <select name="kind{i}">{kind_opts}</select></label>{ask}</div>'
        )
    ask_help = ""
    if getattr(spec, "reactions", False):
        ask_help = (
            '<p class="help">“Ask me only when I can respond”: the game skips your reaction turns when you '
            "hold nothing you could play. It is quicker, but it lets others guess what you hold.</p>"
        )
    options = []
    for opt in spec.options:
        for_seats = ",".join(str(n) for n in opt.for_seats)
        help_text = f'<span class="help">{escape(opt.help)}</span>' if opt.help else ""
        note = ""
        if opt.for_seats:
            plural = word if tuple(opt.for_seats) == (1,) else f"{word}s"
            note = f'<span class="help only">With {escape(_counts(opt.for_seats))} {plural} only.</span>'
        if catalog.is_flag(opt):
            checked = " checked" if opt.default else ""
            control = (
                f'<label class="check"><input type="checkbox" name="opt-{escape(opt.name)}" '
                f'data-for-seats="{for_seats}"{checked}> {escape(opt.label)}</label>'
            )
        else:
            choices = "".join(
                f'<option value="{escape(str(c))}"{" selected" if type(c) is type(opt.default) and c == opt.default else ""}>'
                f"{escape(catalog.choice_label(opt, c))}</option>"
                for c in opt.choices
            )
            control = (
                f'<label>{escape(opt.label)} <select name="opt-{escape(opt.name)}" '
                f'data-for-seats="{for_seats}">{choices}</select></label>'
            )
        options.append(f'<div class="option">{control}{help_text}{note}</div>')
    return (
        '<div id="alerts"></div>'
        f'<section class="setup" aria-labelledby="setup-h"><h1 id="setup-h">New game of {title}</h1>'
        f'<p class="muted">{escape(spec.blurb)}</p>'
        + (campaign_list(spec, campaigns) if getattr(spec, "campaign", False) and campaigns is not None else "")
        + f'<form id="setup-form" data-game="{escape(spec.id)}">'
        f'<fieldset><legend>{escape(word.capitalize())}s</legend><label>Number of {word}s '
        f'<select name="seats">{seat_opts}</select></label>'
        + "".join(rows)
        + ask_help
        + "</fieldset>"
        + (f'<fieldset><legend>Options</legend>{"".join(options)}</fieldset>' if options else "")
        + '<fieldset><legend>Shuffle</legend><label>Seed (optional) <input name="seed" inputmode="numeric" '
        'pattern="-?[0-9]*" maxlength="12" placeholder="random"></label>'
        '<span class="help">The same seed and players give the same shuffle.</span></fieldset>'
        '<div class="form-actions"><a href="#" class="button ghost" data-action="back">Back</a>'
        '<button type="submit" class="primary" data-action="start">Start game</button></div>'
        "</form></section>"
    )


def _counts(seats: tuple[int, ...]) -> str:
    items = [str(n) for n in seats]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def campaign_list(spec: Any, campaigns: list[dict[str, Any]]) -> str:
    """A game's campaigns on its setup screen: continue one, export it as a link, or import one."""
    rows = []
    ids = [str(c["id"]) for c in campaigns]
    # The default: the campaign already under way (progress by player name first), else that one, begun now.
    chosen = PROGRESS_ID if PROGRESS_ID in ids or not ids else ids[0]
    if PROGRESS_ID not in ids:
        campaigns = [{"id": PROGRESS_ID, "name": "Progress by player name"}] + list(campaigns)
    for c in campaigns:
        cid = escape(str(c["id"]))
        checked = " checked" if str(c["id"]) == chosen else ""
        label = escape(str(c.get("name") or c["id"]))
        rows.append(
            f'<li class="campaign"><label class="check"><input type="radio" name="campaign" value="{cid}" form="setup-form"{checked}> '
            f"Continue {label}</label>"
            f'<button type="button" class="ghost" data-action="export-campaign" data-campaign="{cid}" '
            f'aria-label="Share campaign {label} as a link">Share as a link</button></li>'
        )
    none = (
        '<li class="campaign"><label class="check"><input type="radio" name="campaign" value="new" form="setup-form"> '
        "A new campaign</label></li>"
    )
    return (
        '<section class="campaigns" aria-labelledby="campaigns-h"><h2 id="campaigns-h">Campaigns</h2>'
        '<p id="campaign-status" role="status" class="muted"></p>'
        f'<ul class="campaign-list">{"".join(rows)}{none}</ul>'
        '<form id="campaign-import" class="import"><label>Campaign link <input name="link" maxlength="40000" '
        'autocomplete="off" placeholder="#campaign=1.…"></label>'
        '<button type="submit" class="ghost" data-action="import-campaign">Import</button></form>'
        '<div id="campaign-share" hidden><p class="muted">Anyone who opens this link can continue the campaign in '
        'their own browser.</p><a id="campaign-link" class="share-link" href="#"></a></div></section>'
    )


def game_frame(title: str, names: list[str]) -> str:
    return (
        '<div id="alerts"></div>'
        f'<section class="game" aria-labelledby="game-h"><h1 id="game-h" class="visually-hidden">{escape(title)}</h1>'
        '<div class="game-main">'
        '<p id="status" role="status" aria-live="polite"></p>'
        '<div id="results"></div>'
        '<div class="game-layout">'
        '<div id="board" class="board"></div>'
        '<aside class="side" aria-label="Game controls and log">'
        '<div id="params" class="params" hidden></div>'
        '<div class="controls">'
        '<button type="button" id="undo" data-action="undo">Undo</button>'
        '<button type="button" id="share" data-action="share">Share link</button>'
        '<a href="#" class="button ghost" data-action="menu">Menu</a>'
        "</div>"
        '<div id="share-box" hidden><p id="share-note" class="muted"></p>'
        '<a id="share-link" class="share-link" href="#"></a></div>'
        '<section class="log-panel" aria-labelledby="log-h"><h2 id="log-h">Game log</h2>'
        '<ol id="log" class="log" tabindex="0" aria-label="Game log"></ol></section>'
        "</aside></div></div>"
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


def params_panel(kinds: list[dict[str, Any]], armed: Optional[int], cursor: Optional[list[int]]) -> str:
    """Controls for parameterised actions: arm a kind, then press the board (or move the
    cursor with the arrow keys and press Enter); a number kind takes a typed number."""
    if not kinds:
        return ""
    items = []
    for i, kind in enumerate(kinds):
        label = escape(str(kind.get("label", "Choose")))
        if kind.get("kind") == "number":
            low, high = kind.get("min", ""), kind.get("max", "")
            items.append(
                f'<form class="param-number" data-param-form="{i}"><label>{label} '
                f'<input name="value" inputmode="numeric" pattern="-?[0-9]*" maxlength="9" '
                f'aria-describedby="param-range-{i}"></label> <span id="param-range-{i}" class="help">'
                f"{escape(str(low))}–{escape(str(high))}</span>"
                f'<button type="submit" class="primary">OK</button></form>'
            )
            continue
        pressed = "true" if armed == i else "false"
        items.append(
            f'<button type="button" data-param="{i}" aria-pressed="{pressed}">{label}</button>'
        )
    hint = ""
    if armed is not None and 0 <= armed < len(kinds):
        where = "square" if kinds[armed].get("kind") == "square" else "point"
        at = f" (now at {cursor[0]}, {cursor[1]})" if cursor else ""
        hint = (
            f'<p class="help" id="param-hint">Press the board at the {where} you want, or move the cursor with the '
            f"arrow keys and press Enter{at}. Escape cancels.</p>"
        )
    return f'<h2 class="params-h">Choose on the board</h2><div class="param-list">{"".join(items)}</div>{hint}'


def results(outcome: dict[str, Any], names: list[str], rules: Any = None) -> str:
    """The result screen; `names` are escaped. A team outcome (everyone wins or loses
    together) shows the verdict, the ending and what it unlocked; a ranked one the places
    with every tie-break explained. Both show the score table when there are scores."""
    team = outcome.get("kind") == "team"
    parts = ['<section class="results" aria-labelledby="results-h">']
    if team:
        verdict = "You won together" if outcome.get("won") else "You lost together"
        parts.append(f'<h2 id="results-h">{verdict}</h2>')
        if outcome.get("title"):
            parts.append(f'<p class="headline">{names_in(escape(str(outcome["title"]), quote=False), names)}</p>')
        if outcome.get("text"):
            parts.append(f'<p class="ending">{names_in(escape(str(outcome["text"]), quote=False), names)}</p>')
        unlocks = outcome.get("unlocks") or []
        if unlocks:
            items = "".join(f"<li>{escape(str(u))}</li>" for u in unlocks)
            parts.append(f'<h3>Unlocked for your next game</h3><ul class="unlocks">{items}</ul>')
    else:
        parts.append('<h2 id="results-h">Final scores</h2>')
        if outcome.get("headline"):
            parts.append(f'<p class="headline">{names_in(escape(outcome["headline"], quote=False), names)}</p>')
    if outcome.get("scores") and (not team or any(outcome["scores"])):
        parts.append(_score_table(outcome, names, ranked=not team))
    tiebreaks = "".join(f"<li>{names_in(escape(t, quote=False), names)}</li>" for t in outcome.get("tiebreaks", []))
    if tiebreaks:
        parts.append(f'<h3>Tie-breaks</h3><ul class="tiebreaks">{tiebreaks}</ul>')
    parts.append('<p><a href="#" class="button primary" data-action="menu">Back to the games</a></p></section>')
    return "".join(parts)


def _score_table(outcome: dict[str, Any], names: list[str], ranked: bool) -> str:
    columns = outcome.get("columns") or []
    places = outcome.get("places") or [1] * len(names)
    order = sorted(range(len(names)), key=lambda s: (places[s], s)) if ranked else list(range(len(names)))
    head = "".join(f'<th scope="col">{escape(c)}</th>' for c in columns)
    rows = []
    for seat in order:
        detail = outcome["details"][seat] if outcome.get("details") else {}
        cells = "".join(f"<td>{escape(str(detail.get(c, '')))}</td>" for c in columns)
        crown = ' <span class="winner">★ winner</span>' if ranked and seat in outcome.get("winners", []) else ""
        place = f"<td>{places[seat]}</td>" if ranked else ""
        rows.append(f'<tr>{place}<th scope="row">{names[seat]}{crown}</th><td>{outcome["scores"][seat]}</td>{cells}</tr>')
    place_head = '<th scope="col">Place</th>' if ranked else ""
    return (
        f'<table class="score-table"><thead><tr>{place_head}<th scope="col">Player</th>'
        f'<th scope="col">Score</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )
