from ...engine.svg import action_attrs, svg_open


def render(view, ui):
    out = [svg_open(1000, 100, "Tavern Tussle")[:-1] + (' data-game-over="true">' if view["over"] else ">")]
    for i, a in enumerate(ui["legal"]):
        out.append(f'<rect x="{i*10}" y="0" width="8" height="8"{action_attrs(i, str(a))}/>')
    out.append("</svg>")
    return "".join(out)
