from tabletown.engine.svg import action_attrs, svg_open


def render(view, ui):
    out = [svg_open(1000, 100, "t")[:-1] + (' data-game-over="true">' if view["over"] else ">")]
    for i, a in enumerate(ui["legal"]):
        out.append(f'<rect {action_attrs(i, str(a))}/>')
    out.append("</svg>")
    return "".join(out)
