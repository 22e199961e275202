"""What a page must change to show a new state: operations on keyed elements.

Each part of the table is a tree of keyed elements (:class:`~clank.mapdraw.markup.Node`,
:class:`~clank.mapdraw.markup.Leaf`, the form the map is drawn in too). A page that shows one
tree is sent the operations that turn it into the next, each naming its parent by the keys
of the path from the part (``["map", "view", "zoom", "map", "rooms", "g:catacombs"]``):

- ``["a", path, {name: value}]``: set the parent's attributes (``null``: remove one);
- ``["d", path, [key, ...]]``: remove those children;
- ``["r", path, key, markup]``: replace a child where it is;
- ``["i", path, key, markup, before]``: insert a child (``markup`` null: move the one there is)
  before the child keyed ``before`` (null: at the end).

Children are inserted from the last to the first, so the child each goes before is already
in place: applied in order, the operations give the new tree's elements in its order, exactly
what a page that receives the new tree whole shows. A child that is the same object in both
trees (the renderers keep what they draw) costs nothing to compare.
"""

from __future__ import annotations

from itertools import compress
from operator import is_not
from typing import Any

from clank.mapdraw.markup import Leaf, Node, markup

Op = list[Any]
LONG = 24
"""Children from which a list counts as long (its changed children picked out in C)."""


def diff(old: Node, new: Node, path: list[str] | None = None) -> list[Op]:
    """The operations that turn a page showing ``old`` into one showing ``new`` (the same part:
    ``path`` is the part's own, by default ``[new.key]``)."""
    out: list[Op] = []
    _diff(old, new, path if path is not None else [new.key], out)
    return out


def _diff(old: Node, new: Node, path: list[str], out: list[Op]) -> None:
    if old is new:
        return
    if old.attrs != new.attrs:
        before = dict(old.attrs)
        now = dict(new.attrs)
        changed: dict[str, str | None] = {}
        for k, v in now.items():            # plain loops: a comprehension runs a frame of its own
            if before.get(k) != v:
                changed[k] = v
        for k in before:
            if k not in now:
                changed[k] = None
        out.append(["a", path, changed])
    olds, news = old.children, new.children
    if olds == news:
        return
    if len(olds) == len(news) and (olds[0] is news[0] or olds[0].key == news[0].key):
        # the children that are not the very same: when each keeps its key (a child that is the
        # very same does), the same keys are in the same order (a list whose first child changed
        # its key slid or changed its order: the pairs are not made)
        if len(olds) > LONG:
            pairs = _long_pairs(olds, news)
        else:                                   # a plain loop: the iterators of C cost more here
            pairs = []
            for was_there, child_now in zip(olds, news, strict=True):
                if was_there is not child_now:
                    if was_there.key != child_now.key:
                        pairs = None
                        break
                    pairs.append((was_there, child_now))
        if pairs is not None:
            for was_there, child_now in pairs:       # _change, written out (a call a pair less)
                if type(child_now) is Leaf:
                    if type(was_there) is Leaf:
                        if was_there.markup != child_now.markup:
                            out.append(["r", path, child_now.key, child_now.markup])
                        continue
                elif type(was_there) is Node and child_now.tag == was_there.tag:
                    _diff(was_there, child_now, path + [child_now.key], out)
                    continue
                if not _same(was_there, child_now):
                    out.append(["r", path, child_now.key, markup(child_now)])
            return
    if _slid(olds, news, path, out) or _dropped(olds, news, path, out):
        return
    was = {child.key: child for child in old.children}
    keys = [child.key for child in new.children]
    present = set(keys)
    dropped = [k for k in was if k not in present]
    if dropped:
        out.append(["d", path, dropped])
    moved = set()
    if [k for k in was if k in present] != [k for k in keys if k in was]:
        moved = present & set(was)             # the order changed: place every kept child again
    after: str | None = None
    for child in reversed(new.children):
        key = child.key
        before_child = was.get(key)
        if before_child is None:
            out.append(["i", path, key, markup(child), after])
        elif key in moved:
            out.append(["i", path, key, None if _same(before_child, child) else markup(child), after])
        elif before_child is not child:
            _change(before_child, child, path, out)
        after = key


def _long_pairs(olds: tuple[Node | Leaf, ...], news: tuple[Node | Leaf, ...]) -> list[tuple[Any, Any]] | None:
    """The children of two long lists of one length that are not the very same, in pairs (picked
    out in C), when each keeps its key; None when a key changed. (The short lists of the table's
    parts are paired in a plain loop in :func:`_diff`: making these iterators costs more there.)"""
    pairs = list(compress(zip(olds, news, strict=True), map(is_not, olds, news)))
    for was_there, child_now in pairs:
        if was_there.key != child_now.key:
            return None
    return pairs


def _slid(old: tuple[Node | Leaf, ...], new: tuple[Node | Leaf, ...], path: list[str], out: list[Op]) -> bool:
    """The common change of a list (the log, a layer of the map): children dropped from its
    start and added at its end, the others the very same. Its operations, or False."""
    if not old or not new:
        return False
    first = new[0]                           # by identity: elements are never equal otherwise
    start = old.index(first) if first in old else len(old)     # (a test costs less than an exception)
    kept = len(old) - start
    if old[start:] != new[:kept]:
        return False
    if start:
        gone = []
        for c in old[:start]:                # a loop: a comprehension runs a frame of its own
            gone.append(c.key)
        out.append(["d", path, gone])
    for c in new[kept:]:                     # a loop: a generator runs a frame of its own
        out.append(["i", path, c.key, markup(c), None])
    return True


def _dropped(old: tuple[Node | Leaf, ...], new: tuple[Node | Leaf, ...], path: list[str], out: list[Op]) -> bool:
    """The other common change of a list (the actions, the hand's cards): children dropped, the
    others the very same in the same order. Its operation, or False."""
    if len(new) >= len(old):
        return False
    dropped = []
    i, n = 0, len(new)
    for child in old:                       # keys are unique: a child the very same is the one kept
        if i < n and child is new[i]:
            i += 1
        else:
            dropped.append(child.key)
    if i < n:
        return False
    out.append(["d", path, dropped])
    return True


def _change(before: Node | Leaf, child: Node | Leaf, path: list[str], out: list[Op]) -> None:
    """A child kept in its place: its own changes, or the child replaced."""
    if type(child) is Node and type(before) is Node and child.tag == before.tag:
        _diff(before, child, path + [child.key], out)
    elif not _same(before, child):
        out.append(["r", path, child.key, markup(child)])


def _same(a: Node | Leaf, b: Node | Leaf) -> bool:
    if a is b:
        return True
    if isinstance(a, Leaf) and isinstance(b, Leaf):
        return a.markup == b.markup
    return markup(a) == markup(b)
