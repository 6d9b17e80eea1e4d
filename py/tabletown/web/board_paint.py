"""The board on screen: a renderer's SVG put in `#board` with as little work for the browser as
the change needs (the game screen and the replay both draw through it).

What changed is worked out in CPython (`policy.plan_redraw`); this module applies it: only the
parts that changed are parsed and put in place, a board that only grew gets its root's new
attributes, and anything unexpected draws the board whole.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import js  # type: ignore[import-not-found]

from . import policy
from .dom import absent


def array_from(collection: Any) -> list[Any]:
    """A JavaScript list of elements (HTMLCollection, NodeList) as a Python list, in one call."""
    return getattr(js.Array, "from")(collection).to_py()


class BoardPainter:
    def __init__(self, doc: Any, lap: Callable[[str], None]) -> None:
        self.doc = doc
        self.lap = lap  # times the steps of a redraw for the benchmarks
        self.painted: Optional[policy.Painted] = None  # what the board shows now
        self.range: Any = None  # parses a redraw's new board parts (`parse_parts`)

    def forget(self) -> None:
        """A new screen: its board is drawn whole the first time."""
        self.painted = None

    def draw(self, drawing: str) -> None:
        """Replace only the parts that changed when the frame is the same; else draw whole.
        A board that only grew or shrank gets its root's new attributes (its viewBox), not a new board.
        The changed parts are parsed together, in one fragment, and each put in its old part's place
        (found by its position among the root's children, as the drawing orders them)."""
        board = self.doc.getElementById("board")
        last = self.painted
        changes, self.painted = policy.plan_redraw(last, drawing)
        self.lap("diff")
        if not changes:
            return
        if changes[0][0] is None or last is None or self.painted is None:
            self.draw_whole(board, str(drawing))
            return
        root = board.firstElementChild
        if absent(root):
            self.draw_whole(board, str(drawing))
            return
        position = {key: i for i, key in enumerate(self.painted.parts)}
        children = array_from(root.children)  # one call into JavaScript for all of them
        first_part = len(children) - len(position)  # the <defs> before the parts
        if first_part not in (0, 1):
            self.draw_whole(board, str(drawing))
            return
        fresh: list[tuple[int, str]] = []
        for key, svg in changes:
            if key.startswith(policy.ROOT):
                moved = key[len(policy.ROOT):]
                old_tag = last.root if not moved else last.parts[moved][: last.parts[moved].find(">") + 1]
                element = root if not moved else children[first_part + position[moved]]
                self.change_attributes(element, policy.root_attributes(old_tag), policy.root_attributes(svg))
            else:
                fresh.append((first_part + position[key], svg))
        if not fresh:
            return
        self.lap("find")
        fragment = self.parse_parts(root, "".join(svg for _, svg in fresh))
        self.lap("parse")
        news = array_from(fragment.children)
        if len(news) != len(fresh):
            self.draw_whole(board, str(drawing))
            return
        for (index, _), new in zip(fresh, news):
            children[index].replaceWith(new)

    def draw_part(self, key: str, svg: str) -> bool:
        """Put one keyed part in place of the one on the board (False: the board has no such part)."""
        painted = self.painted
        if painted is None or key not in painted.parts:
            return False
        if painted.parts[key] == svg:
            return True
        root = self.doc.getElementById("board").firstElementChild
        if absent(root):
            return False
        keys = list(painted.parts)
        first_part = int(root.childElementCount) - len(keys)  # the <defs> before the parts
        if first_part not in (0, 1):
            return False
        fragment = self.parse_parts(root, svg)
        root.children.item(first_part + keys.index(key)).replaceWith(fragment.firstElementChild)
        painted.parts[key] = svg
        return True

    def parse_parts(self, root: Any, svg: str) -> Any:
        """Board parts as a fragment, parsed as SVG like the root's own children, their controls'
        names checked (only new parts need it)."""
        if self.range is None:
            self.range = self.doc.createRange()
        self.range.selectNodeContents(root)
        fragment = self.range.createContextualFragment(svg)
        js.tabletownLabels(fragment)
        return fragment

    @staticmethod
    def draw_whole(board: Any, svg: str) -> None:
        board.innerHTML = svg
        js.tabletownLabels(board)

    @staticmethod
    def change_attributes(element: Any, old: dict[str, str], new: dict[str, str]) -> None:
        """Set an element's attributes from `old` to `new`, touching only the ones that differ."""
        for name in old:
            if name not in new:
                element.removeAttribute(name)
        for name, value in new.items():
            if old.get(name) != value:
                element.setAttribute(name, value)
