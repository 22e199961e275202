"""Indentation and the shape of block YAML: keys and list items out of line, a list item among
keys, a colon or a dash without its space, a line with no colon, tabs, block text (``|``, ``>``)
indented less than its first line.

Each function takes a :class:`~clank.content.yamlslip.Slip` and returns a hint (message, line,
column) when the slip is its kind of mistake, else None; :func:`block_hint` tries them in turn.
Each names the key or line that is out of place, and says what to write.
"""

from __future__ import annotations

import re

from ruamel.yaml.tokens import KeyToken, ScalarToken, ValueToken

from clank.content.yamlslip import Hint, Slip, excerpt, first_hint, quoted, spaces, split_lines

_KEY_LINE = re.compile(r"^( *)(- +)*([^\s#:\-][^:#]*?|-[^\s][^:#]*?):(?:\s|$)")
"""A line that starts a mapping entry (``key:``), maybe after list dashes."""
_BLOCK_ERRORS = ("expected <block end>", "mapping values are not allowed", "could not find expected ':'",
                 "expected <block mapping start>", "expected '<document start>'")
_GLUED_COLON = re.compile(r"[^\s:]:(?=[^\s:/])")
"""A colon with text right after it (``id:a``): no key ends there (``http://`` aside)."""


def block_hint(slip: Slip) -> Hint | None:
    """The hint for an indentation or block-structure mistake, None when the slip is of another kind."""
    return first_hint(slip, (
        _tab, _dash_without_space, _out_of_line, _colon_in_value, _no_colon, _block_text_outdent,
        _list_on_key_line, _question_mark, _file_outdent, _text_file, _colon_first, _second_value))


def _tab(slip: Slip) -> Hint | None:
    """A tab where YAML wants spaces: in the indentation, or between a key and its value."""
    if "'\\t'" not in slip.problem:
        return None
    line = slip.line(slip.line_of(slip.index))
    col = slip.col_of(slip.index)
    if not line[:col].strip(" \t-"):
        return slip.hint("a tab in the indentation: YAML indents with spaces only; replace the tab with spaces",
                         slip.index)
    before = line[:col].strip()
    return slip.hint(f"a tab after {excerpt(before[-30:])}: YAML separates with spaces here; replace the tab "
                     "with a space", slip.index)


def _indent_of(line: str) -> tuple[int, int, str] | None:
    """(column of its list dash or -1, column of its key or -1, the key) of a line that starts a
    list item or a mapping entry; None for blank lines, comments and continued text."""
    stripped = line.lstrip(" ")
    dash = len(line) - len(stripped) if stripped.startswith("- ") or stripped == "-" else -1
    m = _KEY_LINE.match(line)
    if m is not None:
        return dash, len(line) - len(line.lstrip(" -")), m.group(3).strip()
    return (dash, -1, "") if dash >= 0 else None


def _out_of_line(slip: Slip) -> Hint | None:
    """A key or list item indented off the line of its neighbours (which one, and by how much), a
    list item among the keys of a mapping, a key among the items of a list. Only when the parser
    stopped where that line's key or item starts (or just after its key)."""
    problem = slip.at
    if problem is None or not slip.says(*_BLOCK_ERRORS):
        return None
    number = problem.line
    here = _indent_of(slip.line(number))
    if here is None or problem.column not in (here[0], here[1], here[1] + len(here[2])):
        return None
    dash, key, name = here
    item = dash >= 0
    hint = _among(slip, number, dash if item else key, item, name)
    if hint is not None:
        return hint
    for n in range(number - 1, -1, -1):            # the nearest line above of the same kind
        above = _indent_of(slip.line(n))
        if above is None or (above[0] if item else above[1]) < 0:
            continue
        col, col_above = (dash, above[0]) if item else (key, above[1])
        if col == col_above:
            return None
        shown, other = ("this list item", "the list item") if item else (f"key {name!r}", f"{above[2]!r}")
        how = "more" if col > col_above else "less"
        fix = "line it up with the items of its list" if item else "line it up with the keys of its mapping"
        if col > col_above and not item:
            fix += f", or end {other} with a colon alone to start a mapping under it"
        return slip.hint(f"{shown} is out of line: indented {how} ({spaces(col)}) than {other} on line {n + 1} "
                         f"({spaces(col_above)}): {fix}", slip.starts[number] + col)
    return None


def _among(slip: Slip, number: int, col: int, item: bool, name: str) -> Hint | None:
    """A list item in line with the keys of a mapping, or a key in line with the items of a list:
    the nearest line above that starts in the same column is of the other kind."""
    for n in range(number - 1, -1, -1):
        above = _indent_of(slip.line(n))
        if above is None:
            continue
        first = above[0] if above[0] >= 0 else above[1]
        if first < col:
            return None
        if first > col:
            continue
        at = slip.starts[number] + col
        if item and above[0] < 0:
            return slip.hint(f"a list item among the keys of a mapping: this item is in line with the key "
                             f"{above[2]!r} on line {n + 1}, which has its value already. A list goes under a key "
                             f"of its own that ends with a colon (`key:`, the items indented below it)", at)
        if not item and above[0] == col:
            return slip.hint(f"a key among the items of a list: {name!r} is in line with the list item on line "
                             f"{n + 1}: start it with `- ` to make it an item, or indent it like the keys of "
                             "the item it belongs to", at)
        return None
    return None


def _dash_without_space(slip: Slip) -> Hint | None:
    """``-id: a``: a dash with no space after it makes a key ``-id``, not a list item; the parser
    only fails on a later line."""
    if slip.at is None or not slip.says(*_BLOCK_ERRORS):
        return None
    line = slip.line(slip.at.line)
    stripped = line.lstrip(" ")
    if re.match(r"-[^\s\-]", stripped) and slip.starts[slip.at.line] + len(line) - len(stripped) == slip.index:
        return slip.hint(f"no space after the dash in {excerpt(stripped)}: a list item starts with a dash and a "
                         f"space ({excerpt('- ' + stripped[1:])})", slip.index)
    near = {slip.at.line, slip.last_content_line(slip.at.line)}
    tokens = slip.tokens_before(slip.index)
    for i, token in enumerate(tokens[:-1]):
        value = tokens[i + 1]
        if (isinstance(token, KeyToken) and isinstance(value, ScalarToken) and value.plain
                and re.match(r"-[^\s\-]", value.value) and token.start_mark.line in near):
            at = tokens[i + 1].start_mark.index
            line = slip.line(slip.line_of(at)).strip()
            return slip.hint(f"no space after the dash in {excerpt(line)}: a list item starts with a dash and a "
                             f"space ({excerpt('- ' + line[1:])})", at)
    return None


def _colon_in_value(slip: Slip) -> Hint | None:
    """A colon and a space inside a value that is not in quotes (``text: Gain 2: then draw``), a
    colon with no space after it (``id:a``), or a line of text with no key that runs on into a
    ``key:`` line below it."""
    if "mapping values are not allowed" not in slip.problem or slip.at is None:
        return None
    prev = slip.content_before(slip.index)
    if not isinstance(prev, ScalarToken) or not prev.plain:
        return None
    start = prev.start_mark.index
    before = slip.content_before(start)
    if prev.start_mark.line == slip.at.line:
        if not isinstance(before, ValueToken) or before.start_mark.line != slip.at.line:
            return None
        key = slip.content_before(before.start_mark.index)
        name = str(key.value) if isinstance(key, ScalarToken) else "this key"
        value = slip.text[start:slip.content_end(slip.at.line)]
        line = slip.line(slip.at.line)
        fixed = line[slip.indent(slip.at.line):slip.col_of(start)] + quoted(value)
        return slip.hint(f"a second colon in the value of {name!r}: a colon and a space end a key, so a value "
                         f"that holds one goes in quotes ({excerpt(fixed)})", slip.index)
    hint = _glued_colon(slip, start)
    if hint is not None or (isinstance(before, ValueToken) and before.start_mark.line == prev.start_mark.line):
        return hint
    first = slip.text[start:slip.content_end(prev.start_mark.line)].strip()
    return slip.hint(f"{excerpt(first)} has no colon, so YAML reads it on into line {slip.at.line + 1} as one text, "
                     f"where a colon cannot follow: add the colon after its key{_key_fix(first)}, or make the line "
                     "a comment with #", start)


def _glued_colon(slip: Slip, start: int) -> Hint | None:
    """``id:a``, ``name:[x``: a colon with text right after it, on the line from ``start`` on."""
    first = slip.text[start:slip.content_end(slip.line_of(start))]
    glued = _GLUED_COLON.search(first)
    if glued is None:
        return None
    word = first[:glued.end()].split()[-1] + first[glued.end():].split(" ", 1)[0]
    return slip.hint(f"no space after the colon in {excerpt(word)}: a key ends with a colon and a space "
                     f"({excerpt(word.replace(':', ': ', 1))})", start + glued.start() + 1)


def _key_fix(line: str) -> str:
    """`` (`count: 1`)`` for a line ``count 1`` whose first word reads as a key; '' otherwise."""
    words = line.split(None, 1)
    if len(words) == 2 and re.fullmatch(r"[A-Za-z_][\w-]*", words[0]):
        return f" ({excerpt(words[0] + ': ' + words[1])})"
    return ""


def _no_colon(slip: Slip) -> Hint | None:
    """A line in a mapping with no colon (``name`` alone, ``count 1``, ``very long`` before ``key: b``)."""
    if "could not find expected ':'" not in slip.problem or slip.opened is None:
        return None
    start = slip.opened.index
    hint = _block_text_outdent(slip, start) or _glued_colon(slip, start)
    if hint is not None:
        return hint
    line = slip.text[start:slip.content_end(slip.opened.line)].strip()
    return slip.hint(f"{excerpt(line)} has no colon: each line of a mapping is `key: value`; add the colon after "
                     f"the key{_key_fix(line)}, or indent the line more if it continues the value above it", start)


def _colon_first(slip: Slip) -> Hint | None:
    """`` : value``: a line that starts with a colon, its key left out."""
    if slip.at is None:
        return None
    line = slip.line(slip.at.line)
    stripped = line.lstrip(" -")
    if not stripped.startswith(":") or stripped[1:2] not in ("", " "):
        return None
    at = slip.starts[slip.at.line] + len(line) - len(stripped)
    return slip.hint("a colon with no key before it: write the key before the colon, or remove the colon", at)


def _text_file(slip: Slip) -> Hint | None:
    """A file whose first line is text (no ``key:``, no ``- ``), followed by more: the text is
    the whole file's value, so nothing may follow it."""
    if "expected '<document start>'" not in slip.problem:
        return None
    first = next((t for t in slip.tokens() if t.end_mark.index > t.start_mark.index), None)
    if not isinstance(first, ScalarToken) or not first.plain or first.start_mark.index >= slip.index:
        return None
    start = first.start_mark.index
    text = slip.text[start:slip.content_end(slip.line_of(start))].strip()
    return _glued_colon(slip, start) or slip.hint(
        f"{excerpt(text)} has no colon, so it is the whole file's value and nothing may follow it: add the colon "
        f"after its key{_key_fix(text)}, or make the line a comment with #", start)


def _second_value(slip: Slip) -> Hint | None:
    """A value on a line of its own after a value that is complete (``- [a, b]`` then ``[c, d]``
    below it, its dash lost): nothing joins it to the structure."""
    if not slip.says("expected <block end>", "expected '<document start>'") or slip.at is None:
        return None
    if slip.found() in ("-", "?", "<block mapping start>", "<block sequence start>", "<block end>"):
        return None
    prev = slip.content_before(slip.index)
    if prev is None or prev.end_mark.line >= slip.at.line:
        return None
    above = slip.line_of(prev.start_mark.index) + 1
    return slip.hint(f"this line holds a value of its own, and the value on line {above} is complete: start it "
                     "with `- ` if it is a list item or with `key: ` if it is a key, or join it to the line above",
                     slip.index)


def _block_text_outdent(slip: Slip, at: int | None = None) -> Hint | None:
    """A line of block text (after ``|`` or ``>``) indented less than the text's first line: it
    ends the text, and YAML reads it as a key or fails."""
    if at is None:
        if "found '<scalar>'" not in slip.problem:
            return None
        at = slip.index
    prev = slip.content_before(at)
    if not isinstance(prev, ScalarToken) or prev.style not in ("|", ">"):
        return None
    header = prev.start_mark.line
    first = next((n for n in range(header + 1, slip.line_of(at)) if slip.line(n).strip()), None)
    if first is None:
        return None
    want = slip.indent(first)
    number = slip.line_of(at)
    have = slip.indent(number)
    if have >= want:
        return None
    return slip.hint(f"this line is indented less ({spaces(have)}) than the first line of the {prev.style} text "
                     f"above it (line {first + 1}, {spaces(want)}), so it ends that text: indent it like the first "
                     "line, which sets the indentation of all the text", slip.starts[number] + have)


def _list_on_key_line(slip: Slip) -> Hint | None:
    """``key: - a``: a list item on the line of its key (or content after a ``%`` directive
    without the ``---`` line that ends the directives)."""
    if "sequence entries are not allowed" not in slip.problem:
        return None
    number = slip.line_of(slip.index)
    directive = next((n for n in range(number) if slip.line(n).startswith("%")), None)
    if directive is not None and not any(slip.line(n).startswith("---") for n in range(directive, number + 1)):
        return slip.hint(f"a {slip.line(directive).split()[0]} line must be followed by a line `---` before the "
                         "content: add `---` after it, or remove the directive", slip.starts[directive])
    prev = slip.content_before(slip.index)
    if not isinstance(prev, ValueToken) or prev.start_mark.line != number:
        return None
    key = slip.content_before(prev.start_mark.index)
    name = str(key.value) if isinstance(key, ScalarToken) else "key"
    item = slip.text[slip.index:slip.content_end(number)]
    inner = item[1:].strip()
    return slip.hint(f"a list cannot start on the line of its key: put {excerpt(item)} on the next line, indented "
                     f"under {excerpt(name + ':')}, or write the list in brackets ({excerpt(f'{name}: [{inner}]')})",
                     slip.index)


def _question_mark(slip: Slip) -> Hint | None:
    """``cost: ?``: a ``?`` where a value starts marks a complex key."""
    if "mapping keys are not allowed" not in slip.problem:
        return None
    value = slip.text[slip.index:slip.content_end(slip.line_of(slip.index))].strip()
    return slip.hint(f"a value cannot start with `?`, which YAML reads as the mark of a complex key: put the value "
                     f"in quotes ({excerpt(quoted(value))})", slip.index)


def _file_outdent(slip: Slip) -> Hint | None:
    """A key or list item indented less than the first line of the file: the file's value ended
    before it."""
    if "expected '<document start>'" not in slip.problem or slip.found() not in (
            "<block mapping start>", "<block sequence start>"):
        return None
    first = next((n for n, line in enumerate(slip.lines)
                  if line.strip() and not line.lstrip().startswith(("#", "%", "---"))), None)
    number = slip.line_of(slip.index)
    if first is None or first >= number:
        return None
    want = slip.indent(first)
    have = slip.col_of(slip.index)
    if have >= want:
        return None
    return slip.hint(f"this line is indented less ({spaces(have)}) than the first line of the file (line "
                     f"{first + 1}, {spaces(want)}): the keys or list items at the top of a file start in one "
                     "column; line them up", slip.index)


def duplicate_key(problem: str, text: str, line: int, col: int, start_line: int) -> str:
    """The message for a key written twice in one mapping (ruamel's ``problem`` names it), with
    the line of its first writing when a key of that name stands in the same column above (the
    mapping starts on 0-based ``start_line``)."""
    found = re.search(r'duplicate key "(.*?)" with value', problem)
    if found is None:
        return "a key is written twice in one mapping: a key may appear once in a mapping"
    name = found.group(1)
    lines = split_lines(text)[0]
    first = next((n for n in range(start_line, line)
                  if (m := _KEY_LINE.match(lines[n])) and m.group(3).strip() == name
                  and len(lines[n]) - len(lines[n].lstrip(" -")) == col), None)
    where = f" (first on line {first + 1})" if first is not None else ""
    return f"duplicate key {name!r}: a key may appear once in a mapping{where}; keep one"
