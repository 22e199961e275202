"""Characters YAML reserves, written where text was meant: ``@`` and backticks, ``%``, ``&`` and
``*`` (anchors and aliases), ``!`` (tags), ``|`` and ``>`` (block text), and the lines that
mark documents (``---``, ``...``) and directives (``%YAML``).

Each function takes a :class:`~clank.content.yamlslip.Slip` and returns a hint (message, line,
column) when the slip is its kind of mistake, else None; :func:`indicator_hint` tries them in
turn. Most say to put the value in quotes, and show it so.
"""

from __future__ import annotations

import re

from ruamel.yaml.tokens import AliasToken, AnchorToken

from clank.content.yamlslip import LINE_BREAK, Hint, Slip, char_name, excerpt, first_hint, quoted

_RESERVED = {"@": "YAML reserves it", "`": "YAML reserves it", "%": "it starts a directive in YAML",
             "|": "it starts block text, which cannot be inside [ ] or { }",
             ">": "it starts block text, which cannot be inside [ ] or { }"}


def indicator_hint(slip: Slip) -> Hint | None:
    """The hint for a misused reserved character or marker line, None when the slip is of another kind."""
    return first_hint(slip, (
        _cannot_start, _anchor_or_alias_name, _undefined_alias, _after_anchor_or_alias, _tag, _block_header,
        _directive, _documents, _merge))


def _value_at(slip: Slip, at: int) -> str:
    """The value that starts at ``at``: to the next comma or closing bracket inside brackets, else
    to the end of the line (a comment left out)."""
    end = slip.content_end(slip.line_of(at))
    if slip.open_brackets(at):
        m = re.compile(r"[,\]}]").search(slip.text, at, end)
        end = m.start() if m else end
    return slip.text[at:end].strip()


def _quote_it(slip: Slip, at: int) -> str:
    """``put the value in quotes (`name: "@scout"`)`` for the value starting at ``at``."""
    value = _value_at(slip, at)
    return f"put the value in quotes ({slip.edited(at, at + len(value), quoted(value))})"


def _cannot_start(slip: Slip) -> Hint | None:
    """``name: @scout``, ``name: `x```, ``text: %50``, ``[|]``: a value starting with a character
    YAML keeps for itself."""
    m = re.search(r"found character (.*) that cannot start any token", slip.problem)
    if m is None:
        return None
    char = slip.char(slip.index)
    if char == "\t":
        return None   # a tab: see yamlhints_block
    why = _RESERVED.get(char, "YAML cannot read it there")
    return slip.hint(f"a value cannot start with {char_name(char)}, as {why}: {_quote_it(slip, slip.index)}",
                     slip.index)


def _anchor_or_alias_name(slip: Slip) -> Hint | None:
    """``& x``, ``* x``: an anchor or alias mark with no name right after it."""
    m = re.search(r"while scanning an? (anchor|alias)", slip.context)
    if m is None or slip.opened is None:
        return None
    at = slip.opened.index
    if m.group(1) == "anchor":
        what = "& marks a value so that an alias (`*name`) can repeat it, and its name must follow it (`&lamp`)"
    else:
        what = "* repeats a value marked with an anchor (`&name`) above it, and the name must follow it (`*lamp`)"
    return slip.hint(f"{what}: write the name right after it, or if the {slip.char(at)} is text, "
                     f"{_quote_it(slip, at)}", at)


def undefined_alias(name: str, text: str, index: int) -> str:
    """The message for an alias ``*name`` that names no anchor, written at ``index`` of ``text``."""
    end = LINE_BREAK.search(text, index)
    line = text[index:end.start() if end else len(text)]
    value = re.split(r"\s#|[,\]}]", line, maxsplit=1)[0].strip() or f"*{name}"
    return (f"the alias *{name} names no anchor: an alias repeats a value marked &{name} earlier in the file; "
            f"mark that value, or if the * is text, put the value in quotes ({excerpt(quoted(value))})")


def _undefined_alias(slip: Slip) -> Hint | None:
    m = re.search(r"found undefined alias '(.*)'", slip.problem)
    return slip.hint(undefined_alias(m.group(1), slip.text, slip.index), slip.index) if m else None


def _after_anchor_or_alias(slip: Slip) -> Hint | None:
    """``*lamp oil``, ``&a &b [1]``: more after an alias (which stands for a whole value), or a
    second anchor on one value."""
    prev = slip.content_before(slip.index)
    if not isinstance(prev, (AliasToken, AnchorToken)) or slip.at is None or prev.end_mark.line != slip.at.line:
        return None
    if isinstance(prev, AnchorToken):
        if slip.found() != "<anchor>":
            return None
        return slip.hint(f"a second anchor on one value: a value takes one anchor; remove "
                         f"{excerpt(slip.text[slip.index:].split()[0])}", slip.index)
    start = prev.start_mark.index
    return slip.hint(f"an alias stands for a whole value, so nothing may follow {excerpt('*' + str(prev.value))} "
                     f"on its line; if the * is text, {_quote_it(slip, start)}", slip.index)


def _tag(slip: Slip) -> Hint | None:
    """``!<x``, ``!e!x``: a ``!`` that starts a tag YAML cannot read (content uses no tags)."""
    if not (slip.says("tag") and (" tag" in slip.context or "tag handle" in slip.problem)):
        return None
    at = slip.opened.index if slip.opened is not None else slip.index
    at = slip.text.rfind("!", 0, at + 1) if slip.char(at) != "!" else at
    at = max(at, 0)
    return slip.hint(f"a ! at the start of a value starts a tag, and content files use none: if the ! is text, "
                     f"{_quote_it(slip, at)}", at)


def _block_header(slip: Slip) -> Hint | None:
    """``text: | hello``, ``text: |x``, ``text: |0``: something after ``|`` or ``>`` on its line."""
    if "while scanning a block scalar" not in slip.context or slip.opened is None:
        return None
    at = slip.opened.index
    sign = slip.char(at) or "|"
    char = slip.char(slip.index)
    key = slip.line(slip.line_of(at))[:slip.col_of(at)].strip()
    if char.isalpha() or char in "\"'[{":
        return slip.hint(f"the text of a {sign} block starts on the line below it: write {excerpt(key + ' ' + sign)} "
                         "alone, then the text on the next lines, indented", slip.index)
    return slip.hint(f"after {sign} only a + or a -, and a digit from 1 to 9 for the indentation, may follow on its "
                     f"line, not {char_name(char)}: put the text on the next lines, indented", slip.index)


def _directive(slip: Slip) -> Hint | None:
    """A ``%`` line YAML cannot read, or given twice, or asking for a YAML that is not 1.x."""
    if "while scanning a directive" in slip.context and slip.opened is not None:
        return slip.hint("a line that starts with % is a directive (`%YAML 1.2`), and this one cannot be read: "
                         "remove it, or if it is text, put it in quotes", slip.opened.index)
    if "duplicate YAML directive" in slip.problem or "duplicate tag handle" in slip.problem:
        return slip.hint("this directive is given twice: remove one of the lines", slip.index)
    if "incompatible YAML document" in slip.problem:
        return slip.hint("content files are YAML 1.2: remove the %YAML line, or write `%YAML 1.2`", slip.index)
    return None


def _documents(slip: Slip) -> Hint | None:
    """A second document in one file (after ``---``, or after ``...``), or text after ``...``."""
    if "non-comment content after document end" in slip.problem:
        return slip.hint("nothing may follow `...` on its line (it ends the document): remove it", slip.index)
    if "single document" not in slip.context and "another document" not in slip.problem:
        return None
    first = slip.opened.line if slip.opened is not None else 0
    last = slip.line_of(slip.index)
    for n in range(max(first, 0), last + 1):
        line = slip.line(n)
        if line.startswith("..."):
            return slip.hint("`...` ends the document, and more follows it: a content file holds one document; "
                             "remove the line", slip.starts[n])
        if line.startswith("---") and n > first or (n == last and line.startswith("---")):
            return slip.hint("a second document: a content file holds one, and the `---` here starts another; "
                             "remove the line and keep all the entries in the one list or mapping above it",
                             slip.starts[n])
    return slip.hint("a second document: a content file holds one; keep all the entries in one list or mapping",
                     slip.index)


def _merge(slip: Slip) -> Hint | None:
    """``<<: 3``: the merge key takes a mapping (through an alias) or a list of them."""
    if "for merging" not in slip.problem:
        return None
    return slip.hint("`<<` merges a mapping into this one, so its value must be an alias of a mapping (`<<: *base`) "
                     "or a list of them; to use << as a key, put it in quotes (`'<<':`)", slip.index)
