"""Saying what is wrong with YAML a person wrote, in their words, at the place they can fix it.

ruamel.yaml's syntax errors describe the parser's state ("while parsing a flow sequence:
expected ',' or ']', but got '}'") at the place it gave up, often a line after the mistake or
the end of the file. :func:`explain_syntax_error` turns every one of them into a message an
author can act on: what the mistake is, where it is (where an unclosed bracket or quote opens),
and what to write instead. It reads the error's problem, context and marks, and the text and
tokens around them (:class:`~clank.content.yamlslip.Slip`), and asks in turn:

- :mod:`~clank.content.yamlhints_flow`: brackets and quotes left open, closed with the wrong
  bracket or too often, a missing comma, a quote inside a string or text after it;
- :mod:`~clank.content.yamlhints_indicators`: characters YAML reserves (``@``, backtick, ``%``,
  ``&``, ``*``, ``!``, ``|``, ``>``), document and directive lines;
- :mod:`~clank.content.yamlhints_block`: keys and list items out of line, a list item among
  keys, a colon or dash without its space, a line with no colon, tabs, block text indented
  less than its first line.

Whatever none of them knows gets a plain fallback naming what was found and what YAML allows
there, never the parser's own words. :func:`odd_indentation` finds a non-breaking space (or
another Unicode space) in a line's indentation, usually pasted from a web page: YAML sees it as
text, so the line fails to parse or, worse, becomes part of a key.
"""

from __future__ import annotations

import bisect
import re
import unicodedata

from ruamel.yaml.error import MarkedYAMLError, YAMLError

from clank.content.yamlhints_block import block_hint
from clank.content.yamlhints_flow import flow_hint
from clank.content.yamlhints_indicators import indicator_hint
from clank.content.yamlslip import Hint, Slip, char_name, first_hint, split_lines

_ODD_SPACES = "\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000\ufeff"
_ODD_INDENT = re.compile(rf"(?:^|(?<=[\r\x85\u2028\u2029]))[ \t-]*([{_ODD_SPACES}])", re.M)
"""A line whose indentation (spaces, tabs and ``-`` indicators) runs into an unusual space."""
_SPACE_NAMES = {"\u00a0": "non-breaking space", "\u202f": "narrow non-breaking space",
                "\u200b": "zero-width space"}
_FOUND_WORDS = {"<scalar>": "text", "<block mapping start>": "a key", "<block sequence start>": "a list item",
                "-": "a list item", "?": "a key", ":": "a colon", ",": "a comma", "<anchor>": "an anchor (&)",
                "<alias>": "an alias (*)", "<tag>": "a tag (!)", "<document start>": "a `---` line",
                "<document end>": "a `...` line", "<block end>": "the end of an indented block",
                "<stream end>": "the end of the file", "<flow sequence start>": "a [", "<flow mapping start>": "a {"}
"""What the parser found, in words, by the names it gives."""
_EXPECTED_WORDS = (("<block end>", "the next key or list item, in line with the ones above"),
                   ("the node content", "a value"), ("',' or ']'", "a comma or the closing ]"),
                   ("',' or '}'", "a comma or the closing }"), ("':'", "a colon after the key"),
                   ("<document start>", "a line `---` before more content"),
                   ("alphabetic or numeric", "a letter or a digit"), ("a comment or a line break", "the end of the line"),
                   ("' '", "a space"), ("a digit", "a digit"), ("'>'", "a closing >"), ("'!'", "a closing !"),
                   ("escape sequence", "an escape such as \\n or \\x41"), ("URI", "a tag name"))
"""What the parser wanted, in words, by the phrases it uses."""



def odd_indentation(text: str, limit: int) -> list[Hint]:
    """Every line (at most ``limit``) indented with a space YAML does not count as one."""
    found: list[Hint] = []
    starts = split_lines(text)[1]
    for m in _ODD_INDENT.finditer(text):
        char = m.group(1)
        line = bisect.bisect_right(starts, m.start(1))
        col = m.start(1) - starts[line - 1] + 1
        if char == "\ufeff":
            found.append((f"a byte order mark (U+FEFF) at line {line} col {col}: it belongs only at the very start "
                          "of a file (were two files joined?); remove it", line, col))
        else:
            name = _SPACE_NAMES.get(char) or unicodedata.name(char, "unusual space").lower()
            found.append((f"a {name} (U+{ord(char):04X}) is used as indentation at line {line} col {col}: "
                          "use ordinary spaces", line, col))
        if len(found) >= limit:
            break
    return found


def explain_syntax_error(exc: YAMLError, text: str) -> Hint:
    """What a YAML error of ``text`` means to its author, at the place to fix: a message in the
    author's words and the 1-based line and column it belongs at."""
    if not isinstance(exc, MarkedYAMLError):
        return "this file cannot be read as YAML: check its brackets, quotes and indentation", 1, 1
    slip = Slip(exc, text)
    try:
        return hint_for(slip)
    except Exception:   # a hint that trips on odd text must not cost the author the error: plain words then
        return fallback(slip)


def hint_for(slip: Slip) -> Hint:
    """The message of :func:`explain_syntax_error` for one slip (a hint's own failure not caught)."""
    return first_hint(slip, (flow_hint, indicator_hint, block_hint)) or fallback(slip)


def fallback(slip: Slip) -> Hint:
    """A mistake no hint knows: what was found where the parser stopped, and what YAML allows there."""
    found = slip.found()
    what = _FOUND_WORDS.get(found or "") or char_name(found if found is not None else slip.char(slip.index))
    wanted = re.search(r"expected (.*?)(?:,? but |$)", slip.problem) or re.search(r"expected (.*)", slip.context)
    allows = next((words for phrase, words in _EXPECTED_WORDS if wanted and phrase in wanted.group(1)), None)
    message = f"this line is not valid YAML: {what} cannot stand here"
    if allows:
        message += f"; here YAML allows {allows}"
    return slip.hint(message + " (check the brackets, quotes and indentation of this line and the one above)",
                     slip.index)
