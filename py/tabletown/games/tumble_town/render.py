from tabletown.engine.svg import action_attrs, svg_open


def render(view, ui):
    parts = [svg_open(1000, 100, "Tumble Town")]
    if view["over"]:
        parts[0] = parts[0].replace("<svg ", '<svg data-game-over="true" ', 1)
    for i, a in enumerate(ui["legal"]):
        parts.append(f'<rect x="0" y="0" width="5" height="5"{action_attrs(i, str(a))}/>')
    parts.append("</svg>")
    return "".join(parts)
