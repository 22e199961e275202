"""The two YAML paths agree on generated documents: whatever libyaml's fast path loads
(:func:`clank.content.yamlload._load_fast`), it loads as the pure-Python loader does, to the data,
every key's and value's position and the problems (none).

The documents are built from block and flow mappings and sequences nested a few levels, with the
scalars authors write and the ones YAML reads in surprising ways (``012``, ``yes``, ``~``, dates,
quoted and escaped strings, characters beyond the BMP), keys of several types, values left empty,
comments and blank lines. ``tests/test_content_validation.py`` compares the two paths on every
YAML file of the packs and tests and on chosen awkward texts.
"""

from __future__ import annotations

from typing import Any

import pytest
from clank.content import yamlload
from clank.content.problems import ContentError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.skipif(yamlload.CParser is None, reason="ruamel.yaml.clib (libyaml) is not installed here")

FLOW_SCALARS = ["word", "two words", "1", "-0", "012", "0o17", "0x1F", "+5", "1_000", "1.5", "-.5", "1e3", ".inf",
                "true", "False", "yes", "no", "~", "null", "NULL", "2024-01-31", "'it''s'", '"dq \\u00e9 \\n"',
                "''", "é", "漢字", "🐉", "\"a: b\"", "'#not a comment'"]
BLOCK_SCALARS = [*FLOW_SCALARS, "", "a: b c", "x # a comment", "trailing ", "- not a list"]
KEYS = ["id", "name", "cost", "two words", "5", "6", "1.5", "true", "~", "'quoted'", '"1"', "é", "2024-01-31"]

Tree = Any   # ("map", [(key, tree)]) | ("seq", [tree]) | ("flow", text) | ("scalar", text)


def _flow(tree: Tree) -> str:
    kind, body = tree
    if kind == "scalar":
        return body or "''"
    if kind == "seq":
        return "[" + ", ".join(_flow(t) for t in body) + "]"
    return "{" + ", ".join(f"{k}: {_flow(t)}" for k, t in body) + "}"


def _block(tree: Tree, indent: int) -> list[str]:
    """Lines of ``tree`` in block style at ``indent`` (a collection: one line per entry)."""
    pad = " " * indent
    kind, body = tree
    lines: list[str] = []
    for entry in body:
        head, value = (f"{pad}{entry[0]}:", entry[1]) if kind == "map" else (f"{pad}-", entry)
        if value[0] == "scalar":
            lines.append(f"{head} {value[1]}".rstrip() if value[1] else head)
        elif value[0] == "flow":
            lines.append(f"{head} {_flow(value[1])}")
        elif value[1]:
            lines.append(head)
            lines.extend(_block(value, indent + 2))
        else:
            lines.append(f"{head} {'{}' if value[0] == 'map' else '[]'}")
    return lines


def _trees(block: bool) -> st.SearchStrategy[Tree]:
    scalars = st.sampled_from(BLOCK_SCALARS if block else FLOW_SCALARS).map(lambda s: ("scalar", s))

    def grow(children: st.SearchStrategy[Tree]) -> st.SearchStrategy[Tree]:
        return st.one_of(
            st.lists(children, max_size=4).map(lambda items: ("seq", items)),
            st.lists(st.tuples(st.sampled_from(KEYS), children), max_size=4,
                     unique_by=lambda kv: kv[0]).map(lambda items: ("map", items)))

    leaves = st.one_of(scalars, _trees(False).map(lambda t: ("flow", t))) if block else scalars
    return st.recursive(leaves, grow, max_leaves=12)   # a block collection may hold flow ones


@st.composite
def documents(draw: st.DrawFn) -> str:
    root = draw(st.one_of(
        st.lists(st.tuples(st.sampled_from(KEYS), _trees(True)), min_size=1, max_size=5,
                 unique_by=lambda kv: kv[0]).map(lambda items: ("map", items)),
        st.lists(_trees(True), min_size=1, max_size=5).map(lambda items: ("seq", items))))
    lines = _block(root, 0)
    out = []
    for line in lines:
        extra = draw(st.sampled_from(["", "", "", "comment", "blank"]))
        if extra == "blank":
            out.append("")
        out.append(line + ("  # note" if extra == "comment" and not line.endswith(":") else ""))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    return newline.join(out) + newline


def _pure(text: str) -> tuple[Any, Any]:
    saved, yamlload.CParser = yamlload.CParser, None
    try:
        data, loc = yamlload.load_yaml_text(text, "x.yaml")
        return data, vars(loc)
    except ContentError as exc:
        return None, exc.problems
    finally:
        yamlload.CParser = saved


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_the_fast_path_loads_what_the_pure_loader_loads(text: str) -> None:
    fast = yamlload._load_fast(text, "x.yaml")
    if fast is not None:
        data, loc = fast
        assert (data, vars(loc)) == _pure(text)
