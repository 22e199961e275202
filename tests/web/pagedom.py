"""A page's parts as a browser would hold them, for tests without a browser: each part parsed
into elements (the standard library's HTML parser), the state messages' operations applied to
them (``diff``: :mod:`clank_web.diffs`) as the page script applies them, and the result written
out in one canonical form, so that a page that applied a run of operations can be compared with
a page that received the parts whole. The browser tests compare the real DOM the same way."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass
class Element:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Element | str] = field(default_factory=list)

    def child(self, key: str) -> Element | None:
        return next((c for c in self.children if isinstance(c, Element) and c.attrs.get("data-key") == key), None)

    def write(self) -> str:
        attrs = "".join(f' {k}="{v}"' for k, v in sorted(self.attrs.items()))
        inner = "".join(c if isinstance(c, str) else c.write() for c in self.children)
        return f"<{self.tag}{attrs}>{inner}</{self.tag}>"


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#fragment")
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Element(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(markup: str) -> Element:
    """A fragment's elements, under a ``#fragment`` element."""
    parser = _Parser()
    parser.feed(markup)
    parser.close()
    return parser.root


def one(markup: str) -> Element:
    """The one element of a keyed element's markup (nothing around it)."""
    nodes = parse(markup).children
    assert len(nodes) == 1 and isinstance(nodes[0], Element), f"not one element: {markup[:80]!r}"
    return nodes[0]


class Page:
    """The parts of one page (``data-part`` → its element)."""

    def __init__(self) -> None:
        self.parts: dict[str, Element] = {}

    def receive(self, message: dict[str, Any]) -> None:
        """Take a state message: whole parts (``html``) or operations (``diff``)."""
        for part, markup in (message.get("html") or {}).items():
            self.parts[part] = Element("section", {}, parse(markup).children)
        for op in message.get("diff") or ():
            self.apply(op)

    def resolve(self, path: list[str]) -> Element:
        element = self.parts[path[0]]
        for key in path[1:]:
            found = element.child(key)
            assert found is not None, f"no element {key!r} under {path}"
            element = found
        return element

    def apply(self, op: list[Any]) -> None:
        parent = self.resolve(op[1])
        if op[0] == "a":
            for name, value in op[2].items():
                if value is None:
                    parent.attrs.pop(name.lower(), None)
                else:
                    parent.attrs[name.lower()] = value
        elif op[0] == "d":
            parent.children = [c for c in parent.children if not (isinstance(c, Element) and
                                                                  c.attrs.get("data-key") in op[2])]
        elif op[0] == "r":
            old = parent.child(op[2])
            assert old is not None, f"nothing keyed {op[2]!r} to replace"
            parent.children[parent.children.index(old)] = one(op[3])
        elif op[0] == "i":
            old = parent.child(op[2])
            element = one(op[3]) if op[3] is not None else old
            assert element is not None, f"nothing keyed {op[2]!r} to move"
            if old is not None:
                parent.children.remove(old)
            before = parent.child(op[4]) if op[4] is not None else None
            parent.children.insert(parent.children.index(before) if before is not None else len(parent.children),
                                   element)
        else:
            raise AssertionError(f"unknown operation {op[0]!r}")

    def write(self, part: str) -> str:
        """A part's content in canonical form."""
        return "".join(c if isinstance(c, str) else c.write() for c in self.parts[part].children)

    def text(self, part: str) -> str:
        """A part's text."""
        def walk(node: Element | str) -> str:
            return node if isinstance(node, str) else "".join(walk(c) for c in node.children)
        return walk(self.parts[part])
