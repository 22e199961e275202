"""Brackets and quotes an author left open, closed wrongly or closed too often.

Each function takes a :class:`~clank.content.yamlslip.Slip` and returns a hint (message, line,
column) when the slip is its kind of mistake, else None; :func:`flow_hint` tries them in turn.
A bracket or quote left open is reported where it opens, saying what to add and where; one
closed with the other kind of bracket, or closed twice, where the fix goes, with the line
as it reads once fixed.
"""

from __future__ import annotations

import re

from ruamel.yaml.tokens import (
    BlockEntryToken,
    FlowEntryToken,
    KeyToken,
    ScalarToken,
    Token,
    ValueToken,
)

from clank.content.yamlslip import (
    CLOSER_OF,
    OPENER_OF,
    Hint,
    Slip,
    bracket,
    excerpt,
    first_hint,
    flow_brackets,
    is_quoted,
    quoted,
)

_ENTRY = re.compile(r"\n[ \t]*(?:- +)?[^\s:#\"'][^:\n]*:(?:[ \t]|$)", re.M)
"""A line inside a quoted string that looks like a ``key:`` entry of its own."""
_WRONG_CLOSER = re.compile(r"expected ',' or '([\]}])', but got '([\]}])'|node content, but found '([\]}])'")
_NO_COMMA = re.compile(r"expected ',' or '([\]}])', but got '(.*)'$")


def flow_hint(slip: Slip) -> Hint | None:
    """The hint for a bracket or quote mistake, None when the slip is of another kind."""
    return first_hint(slip, (
        _unclosed_quote, _bad_escape, _wrong_closer, _never_closed, _runaway_quote, _quote_ended_early,
        _after_closer, _missing_comma, _dash_in_brackets, _empty_entry, _extra_closer))


# -- quotes ----------------------------------------------------------------------------------

def _unclosed_quote(slip: Slip) -> Hint | None:
    """A quote that runs to the end of the file (or into a ``---`` line)."""
    if slip.opened is None or "quoted scalar" not in slip.context or not slip.says("end of stream", "separator"):
        return None
    start = slip.opened.index
    quote = slip.char(start) if slip.char(start) in "'\"" else '"'
    return slip.hint(f"unclosed quote: the string starting here with {quote} never ends{_close_it(slip, start)}",
                     start)


def _close_it(slip: Slip, start: int) -> str:
    """``: add the closing " where its text ends (`name: "Lamp"` if it ends there)``, for the
    quote opening at ``start`` (only the closing quote to add when nothing follows it on its line)."""
    quote = slip.char(start)
    number = slip.line_of(start)
    if not slip.line(number)[slip.col_of(start) + 1:].strip():
        return f" (add the closing {quote})"
    end = slip.starts[number] + len(slip.line(number).rstrip())
    if slip.open_brackets(start):   # inside brackets: the text ends before the brackets that close the line
        while end > start + 1 and slip.text[end - 1] in "]} ,":
            end -= 1
    return f": add the closing {quote} where its text ends ({slip.edited(end, end, quote)} if it ends there)"


def _bad_escape(slip: Slip) -> Hint | None:
    """A backslash in double quotes that starts no escape YAML knows (a Windows path, a regex)."""
    if slip.opened is None or "double-quoted" not in slip.context or "escape" not in slip.problem:
        return None
    backslash = slip.text.rfind("\\", slip.opened.index, slip.index + 1)
    if backslash < 0:
        return None
    escape = slip.text[backslash:slip.index + 1]
    end = _closing_quote(slip, slip.opened.index)
    message = (f'a backslash inside "…" starts an escape, and {excerpt(escape)} is not one: write `\\\\` '
               "for a backslash")
    if end is not None:
        single = "'" + slip.text[slip.opened.index + 1:end] + "'"
        if single.count("'") == 2:
            message += f", or put the text in single quotes ({excerpt(single)})"
    return slip.hint(message, backslash)


def _closing_quote(slip: Slip, start: int) -> int | None:
    """The index of the ``"`` that closes the double-quoted string opening at ``start``, on its line."""
    number = slip.line_of(start)
    i, end = start + 1, slip.starts[number] + len(slip.line(number))
    while i < end:
        c = slip.text[i]
        if c == "\\":
            i += 2
            continue
        if c == '"':
            return i
        i += 1
    return None


def _runaway_quote(slip: Slip) -> Hint | None:
    """A quoted string ending on the problem's line after running over lines that look like
    entries of their own.

    ``name: "Lamp`` without its closing quote takes the following lines as its text, up to the
    next quote, which it takes as its end; the parser fails just after, on that line.
    """
    if slip.at is None:
        return None
    suspect = None
    for token in slip.tokens_before(slip.index):
        if (is_quoted(token) and token.start_mark.line < token.end_mark.line == slip.at.line
                and _ENTRY.search(slip.text, token.start_mark.index, token.end_mark.index)):
            suspect = token
    if suspect is None:
        return None
    start = suspect.start_mark.index
    return slip.hint(f"unclosed quote: the string starting here with {suspect.style} runs on to line "
                     f"{suspect.end_mark.line + 1}, taking the lines between as its text{_close_it(slip, start)}",
                     start)


def _quote_ended_early(slip: Slip) -> Hint | None:
    """A string in quotes followed by more text on its line: a quote inside it that ends it
    early (``"say "hi""``, ``'it's'``), or words after its closing quote (``"Lamp" oil``)."""
    if slip.at is None:
        return None
    prev = slip.content_before(slip.index)
    if not is_quoted(prev) or prev.end_mark.line != slip.at.line or slip.index < prev.end_mark.index:
        return None
    quote = str(prev.style)
    close = prev.end_mark.index - 1
    end = slip.content_end(slip.at.line)
    rest = slip.text[close + 1:end]
    in_flow = bool(slip.open_brackets(slip.index))
    if in_flow:   # the entry ends at the next comma or bracket
        m = re.search(r"[,\]}]", rest)
        rest = rest[:m.start()] if m else rest
    last = rest.rfind(quote)
    if last >= 0 and not (rest[:1].isspace() and rest.lstrip().startswith(quote)):   # not "a" "b": two strings
        return _inner_quote(slip, prev, close, close + 1 + last, quote)
    if in_flow:
        return None   # words after a string inside brackets: a comma is missing (see _missing_comma)
    inner = slip.text[prev.start_mark.index + 1:close]
    after = rest.strip()
    whole = quote + inner + slip.text[close + 1:end].rstrip() + quote if quote not in after else ""
    fix = f": put all of the value inside the quotes ({excerpt(whole)})" if whole else ""
    return slip.hint(f"text after the closing quote: the string {excerpt(quote + inner + quote)} ends here, and "
                     f"{excerpt(after)} follows it on the line{fix}", close)


def _after_closer(slip: Slip) -> Hint | None:
    """Words after the ``]`` or ``}`` that ends a value (``keep: tru}e``, ``{a: 1} more``): the
    bracket closes early, or the words belong in a comment."""
    if slip.at is None or not slip.says("expected <block end>", "expected '<document start>'", "are not allowed here"):
        return None
    prev = slip.content_before(slip.index)
    if prev is None or bracket(prev) not in ("]", "}") or prev.end_mark.line != slip.at.line or slip.found() in ("]", "}") or (
            slip.open_brackets(slip.index)):
        return None
    close = prev.start_mark.index
    after = slip.text[prev.end_mark.index:slip.content_end(slip.at.line)].strip()
    return slip.hint(f"text after the closing {bracket(prev)}: the {bracket(prev)} here ends the value, and "
                     f"{excerpt(after)} follows it on the line: remove it, or put it inside the brackets (a comment "
                     "starts with a space and #)", close)


def _inner_quote(slip: Slip, prev: Token, close: int, stop: int, quote: str) -> Hint:
    """A quote inside a string written in the same quotes (it ends the string there)."""
    inner = slip.text[prev.start_mark.index + 1:stop]
    if quote == '"':
        fixed = '"' + inner.replace("\\", "\\\\").replace('"', '\\"') + '"'
        other, kind = (f"'{inner}'" if "'" not in inner else ""), "single"
        how = '\\"'
    else:
        fixed = "'" + inner.replace("'", "''") + "'"
        other, kind = (f'"{inner}"' if '"' not in inner and "\\" not in inner else ""), "double"
        how = "''"
    also = f", or put the text in {kind} quotes ({excerpt(other)})" if other else ""
    return slip.hint(f"the {quote} here ends the string that starts at "
                     f"{slip.place(prev.start_mark.index, slip.line_of(close))}, and the rest of the text "
                     f"follows it: inside {quote}…{quote} write `{how}` for a {quote} ({excerpt(fixed)}){also}", close)


# -- brackets --------------------------------------------------------------------------------

def _never_closed(slip: Slip) -> Hint | None:
    """A ``[`` or ``{`` that nothing after it closes, reported where it opens, saying what to add
    and where (at the end of its line, or after the last entry when the brackets span lines)."""
    if not (slip.says("flow") or "stream end" in slip.problem):
        return None
    never = [t for t in slip.open_brackets(slip.index) if slip.closing(t) is None]
    if not never:
        return None
    opener = never[-1]
    opened_at = opener.start_mark.index
    line = opener.start_mark.line
    closers = "".join(CLOSER_OF[bracket(t)] for t in reversed(never))
    nor = ", nor " + " and ".join(f"the {bracket(t)} at {slip.place(t.start_mark.index, line)}"
                                  for t in reversed(never[:-1])) if len(never) > 1 else ""
    said = f"unclosed bracket: the {bracket(opener)} here is never closed{nor}"
    comment = _comment_after(slip, opener)
    if comment is not None:
        return slip.hint(f"{said}: the # at {slip.place(comment, line)} starts a comment, which hides the rest "
                         "of the line from YAML; put text that holds a # in quotes", opened_at)
    problem_line = slip.at.line if slip.at is not None else len(slip.lines)
    at_end = slip.index >= len(slip.text.rstrip())
    fix_line = slip.last_content_line(problem_line) if problem_line > line else line
    if fix_line < line:
        return slip.hint(f"{said} (add the closing {closers})", opened_at)
    end = slip.content_end(fix_line)
    first_on_line = next(t for t in never if t.start_mark.line == line).start_mark.index
    shown_from = first_on_line if fix_line == line else slip.starts[fix_line]
    shown = slip.text[shown_from:end].strip() + closers
    where = "the line" if fix_line == line else f"line {fix_line + 1}"
    before = "" if at_end or problem_line <= fix_line else f", or before the next entry on line {problem_line + 1}"
    return slip.hint(f"{said}: add {closers} at the end of {where} ({excerpt(shown, len(shown))}){before}", opened_at)


def _comment_after(slip: Slip, opener: Token) -> int | None:
    """Where a comment starts on the opener's line after it, outside quotes (None when none does)."""
    start, end = opener.end_mark.index, slip.starts[opener.start_mark.line] + len(slip.line(opener.start_mark.line))
    quote = ""
    for i in range(start, end):
        c = slip.text[i]
        if quote:
            quote = "" if c == quote else quote
        elif c in "'\"" and slip.text[i - 1] in " [{,:":
            quote = c
        elif c == "#" and slip.text[i - 1] in " \t,[{":
            return i
    return None


def _wrong_closer(slip: Slip) -> Hint | None:
    """A ``]`` where a ``}`` belongs or the other way round: the fix that leaves the brackets
    balanced (add the missing closer before it, remove it, or write the other one)."""
    m = _WRONG_CLOSER.search(slip.problem)
    got, wrong = (m.group(2) or m.group(3)) if m else None, slip.index
    opened = slip.open_brackets(wrong)
    if got is None or not opened or CLOSER_OF[bracket(opened[-1])] == got:
        return None
    stack = [bracket(t) for t in opened]
    inner = opened[-1]
    want = CLOSER_OF[stack[-1]]
    rest = flow_brackets(slip.text, wrong + 1)
    line = slip.line_of(wrong)
    if len(stack) > 1 and _balances(slip, stack[:-1], [(got, wrong), *rest], wrong):
        return slip.hint(f"unclosed bracket: the {stack[-1]} here is never closed: the {got} at "
                         f"{slip.place(wrong, inner.start_mark.line)} closes the {stack[-2]} around it; add "
                         f"{want} before that {got} ({slip.edited(wrong, wrong, want)})", inner.start_mark.index)
    if _balances(slip, stack, rest, wrong):
        return slip.hint(f"one {got} too many: the {OPENER_OF[got]} it would close is already closed; remove it "
                         f"({slip.edited(wrong, wrong + 1, '')})", wrong)
    fixed = f" ({slip.edited(wrong, wrong + 1, want)})" if _balances(slip, stack[:-1], rest, wrong) else ""
    return slip.hint(f"mismatched brackets: the {stack[-1]} at {slip.place(inner.start_mark.index, line)} is closed "
                     f"with {got}: write {want} instead{fixed}", wrong)


def _balances(slip: Slip, stack: list[str], rest: list[tuple[str, int]], at: int) -> bool:
    """Whether the brackets ``rest`` close the open ``stack`` (innermost last) without a mismatch,
    leaving no stray closer on the line where the last one closes (an empty stack is closed at ``at``)."""
    stack = list(stack)
    for n, (b, index) in enumerate(rest):
        if not stack:
            return _tidy(slip, rest[n:], at)
        if b in CLOSER_OF:
            stack.append(b)
        elif CLOSER_OF[stack.pop()] != b:
            return False
        at = index
    return not stack


def _tidy(slip: Slip, rest: list[tuple[str, int]], at: int) -> bool:
    """Whether the brackets of ``rest`` on the line of ``at`` close none they did not open."""
    line, depth = slip.line_of(at), 0
    for b, index in rest:
        if slip.line_of(index) != line:
            break
        depth += 1 if b in CLOSER_OF else -1
        if depth < 0:
            return False
    return True


def _missing_comma(slip: Slip) -> Hint | None:
    """Two entries of a ``[ ]`` or ``{ }`` with no comma between them (or a second colon in an
    entry, which reads the same to YAML)."""
    m = _NO_COMMA.search(slip.problem)
    if not m or m.group(2) in ("]", "}", "<stream end>"):
        return None
    closer = m.group(1)
    prev = slip.content_before(slip.index)
    if prev is None:
        return None
    comma = prev.end_mark.index
    tab = slip.text.find("\t", comma, slip.index)
    if tab >= 0:
        word = slip.text[prev.start_mark.index:comma].strip()
        return slip.hint(f"a tab after {excerpt(word[-30:])}: inside brackets a tab ends the text; write a space "
                         f"instead, or put the text in quotes", tab)
    if m.group(2) == ":" and isinstance(prev, ScalarToken) and prev.plain:
        source = slip.text[prev.start_mark.index:prev.end_mark.index]
        gaps = list(re.finditer(r"\s+", source))
        if not gaps:
            return _colon_in_entry(slip, prev, closer)
        comma = prev.start_mark.index + gaps[-1].start()
    got = slip.token_at(slip.index)
    after = slip.text[comma:got.end_mark.index if got is not None else slip.index + 1].split()
    before = f"before {excerpt(after[0].rstrip(':'))}" if after else "here"
    if slip.line_of(comma) != slip.line_of(slip.index):
        before = f"at the end of the line, {before} on line {slip.line_of(slip.index) + 1}"
    return slip.hint(f"a comma is missing {before}: the entries of {OPENER_OF[closer]} {closer} are separated by "
                     f"commas ({slip.edited(comma, comma, ',')})", comma)


def _colon_in_entry(slip: Slip, prev: Token, closer: str) -> Hint:
    """``{a: b: c}``: a second colon in an entry of a flow mapping."""
    start = prev.start_mark.index
    m = re.compile(r"[,\]}]").search(slip.text, slip.index, slip.content_end(slip.line_of(slip.index)))
    value = slip.text[start:m.start() if m else slip.content_end(slip.line_of(start))].strip()
    return slip.hint(f"a second colon in {excerpt(value)}: a colon and a space end a key, so a value that holds "
                     f"one goes in quotes ({slip.edited(start, start + len(value), quoted(value))})", slip.index)


def _dash_in_brackets(slip: Slip) -> Hint | None:
    """``[a, - b]``: a list item's dash inside brackets, where items are separated by commas alone."""
    if not (slip.found() == "-" or "sequence entries are not allowed" in slip.problem) or (
            not slip.open_brackets(slip.index)):
        return None
    dash = slip.index
    end = dash + 1 + len(slip.text[dash + 1:dash + 2]) - len(slip.text[dash + 1:dash + 2].lstrip(" "))
    return slip.hint(f"a dash inside brackets: the items of [ ] are separated by commas, with no dash; remove it "
                     f"({slip.edited(dash, end, '')})", dash)


def _empty_entry(slip: Slip) -> Hint | None:
    """A comma with nothing before it: ``[a,, b]``, ``[, a]``, or a value that starts with a comma."""
    if "found ','" not in slip.problem or "node content" not in slip.problem:
        return None
    comma = slip.index
    prev = slip.content_before(comma)
    if "flow" not in slip.context:
        return _starts_value(slip, comma, "a comma")
    if isinstance(prev, FlowEntryToken):
        return slip.hint(f"two commas with nothing between them: remove one ({slip.edited(comma, comma + 1, '')})",
                         comma)
    opener = bracket(prev) or "bracket"
    return slip.hint(f"a comma right after the {opener}, before any entry: remove it "
                     f"({slip.edited(comma, comma + 1, '')})", comma)


def _extra_closer(slip: Slip) -> Hint | None:
    """A ``]`` or ``}`` that closes nothing: one too many after a closed bracket, or a value that
    starts with one."""
    got = slip.found()
    if got not in ("]", "}") or slip.open_brackets(slip.index):
        return None
    at = slip.index
    prev = slip.content_before(at)
    if prev is None or prev.end_mark.line != slip.line_of(at) or isinstance(
            prev, (ValueToken, BlockEntryToken, KeyToken)):
        empty = "[] for an empty list" if got == "]" else "{} for an empty mapping"
        return _starts_value(slip, at, got, f"write {empty}, or ")
    return slip.hint(f"one {got} too many: no {OPENER_OF[got]} is open for it to close; remove it "
                     f"({slip.edited(at, at + 1, '')})", at)


def _starts_value(slip: Slip, at: int, what: str, also: str = "") -> Hint:
    """A value that starts with a character YAML reads as something else: quote it."""
    value = slip.text[at:slip.content_end(slip.line_of(at))].strip()
    return slip.hint(f"a value cannot start with {what}: {also}put the value in quotes "
                     f"({slip.edited(at, at + len(value), quoted(value))})", at)
