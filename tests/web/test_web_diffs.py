"""The operations of :mod:`clank_web.diffs`: applied as the page script applies them
(:class:`~tests.web.pagedom.Page`), they give what a page that receives the new part whole shows,
whatever the change of a keyed list (the short paths for a list that slid or lost children
included)."""

from __future__ import annotations

from clank.mapdraw.markup import Leaf, Node
from clank_web.diffs import diff
from hypothesis import given, settings
from hypothesis import strategies as st

from .pagedom import Page

KEYS = [f"k{i}" for i in range(8)]


def _leaf(key: str, text: str) -> Leaf:
    return Leaf(key, f'<li data-key="{key}">{text}</li>')


def _part(items: tuple[Leaf, ...], cls: str = "list", shape: str = "ul") -> Node:
    """A part whose list is ``shape``: an element of that tag, or a leaf (``"leaf"``) in its place."""
    if shape == "leaf":
        listed: Node | Leaf = Leaf("list", '<p data-key="list">' + "".join(i.markup for i in items) + "</p>")
    else:
        listed = Node("list", shape, (("class", cls),), items)
    return Node("part", "section", (), (_leaf("h", "heading"), listed))


def _shows(old: Node, new: Node) -> None:
    page = Page()
    page.receive({"html": {"part": old.inner()}})
    page.receive({"diff": diff(old, new)})
    whole = Page()
    whole.receive({"html": {"part": new.inner()}})
    assert page.write("part") == whole.write("part")


@st.composite
def _changes(draw: st.DrawFn) -> tuple[Node, Node]:
    """A list of keyed leaves and another made from it: children kept (the very same objects),
    dropped, redrawn, added, moved; sometimes the list's attributes changed, or the list drawn as
    another element or as a leaf in its place."""
    keys = draw(st.lists(st.sampled_from(KEYS), unique=True, max_size=6))
    old = tuple(_leaf(k, "old") for k in keys)
    kept = [c for c in old if draw(st.booleans())]
    redrawn = [c if draw(st.booleans()) else _leaf(c.key, "new") for c in kept]
    added = [_leaf(k, "added") for k in KEYS if k not in keys and draw(st.integers(0, 3)) == 0]
    new = redrawn + added
    if draw(st.booleans()):
        new = draw(st.permutations(new))
    cls = draw(st.sampled_from(["list", "list", "other"]))
    shapes = st.sampled_from(["ul", "ul", "ul", "ol", "leaf"])
    return _part(old, shape=draw(shapes)), _part(tuple(new), cls, draw(shapes))


@settings(max_examples=300, deadline=None)
@given(_changes())
def test_the_operations_turn_a_page_into_the_new_part(change: tuple[Node, Node]) -> None:
    _shows(*change)


def test_a_list_that_slid_loses_its_first_children_and_gains_its_last() -> None:
    lines = tuple(_leaf(f"l{i}", f"line {i}") for i in range(6))
    old, new = _part(lines[:4]), _part(lines[2:])
    assert diff(old, new) == [["d", ["part", "list"], ["l0", "l1"]],
                              ["i", ["part", "list"], "l4", lines[4].markup, None],
                              ["i", ["part", "list"], "l5", lines[5].markup, None]]
    _shows(old, new)


def test_a_list_that_lost_children_is_sent_one_removal() -> None:
    buttons = tuple(_leaf(k, k) for k in KEYS[:5])
    old, new = _part(buttons), _part((buttons[0], buttons[2], buttons[4]))
    assert diff(old, new) == [["d", ["part", "list"], ["k1", "k3"]]]
    _shows(old, new)


def test_a_child_redrawn_under_its_key_is_replaced_not_dropped() -> None:
    buttons = tuple(_leaf(k, k) for k in KEYS[:4])
    redrawn = _leaf("k2", "another label")
    old, new = _part(buttons), _part((buttons[0], redrawn))
    assert diff(old, new) == [["d", ["part", "list"], ["k1", "k3"]],
                              ["r", ["part", "list"], "k2", redrawn.markup]]
    _shows(old, new)


def test_a_long_list_is_paired_as_a_short_one() -> None:
    """A list longer than ``diffs.LONG`` (a layer of the map) pairs its changed children another
    way, to the same operations."""
    from clank_web import diffs

    n = diffs.LONG + 6
    lines = tuple(_leaf(f"l{i}", f"line {i}") for i in range(n))
    redrawn = tuple(_leaf(c.key, "new") if i in (3, n - 2) else c for i, c in enumerate(lines))
    assert diff(_part(lines), _part(redrawn)) == [["r", ["part", "list"], "l3", redrawn[3].markup],
                                                   ["r", ["part", "list"], f"l{n - 2}", redrawn[n - 2].markup]]
    _shows(_part(lines), _part(redrawn))
    renamed = lines[:5] + (_leaf("other", "other"),) + lines[6:]
    _shows(_part(lines), _part(renamed))
