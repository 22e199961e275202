"""YAML syntax errors in the author's words (issue 37 point 4).

Every syntax error an author can make is told in words of their own at the place to fix it:
where an unclosed bracket or quote opens, which key is out of line, what to write instead, never
the parser's wording ("while parsing a flow sequence: expected ',' or ']', but got '}'").

- ``tests/corpus/yaml/``: one mistake per file, its first line the rule and line:col expected,
  its ``# says:`` lines words the message must hold (``test_content_validation.py`` and
  ``test_cli_validate.py`` also run these files with the rest of the corpus);
- :data:`SNIPPETS`: more mistakes, loaded straight from text, each also with Windows (and old
  Mac) line ends;
- both YAML readers (libyaml's fast path and ruamel's pure-Python parser) give the same words,
  and pack manifests, scenario files and ``--set`` values go through the same explanations;
- a property: random insertions and deletions of ``[]{}:'"-`` and tabs in the shipped packs'
  content never make validation raise, nor a message speak the parser's words.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from clank.api import load_packs
from clank.content import OverrideError, parse_setting, yamlload
from clank.content.packread import file_kind
from clank.content.problems import ContentError, Problem
from clank.content.schemas import FILE_KINDS
from clank.content.validate import check_file, validate_file, validate_pack_dirs
from clank.content.yamlhints import explain_syntax_error, hint_for
from clank.content.yamlslip import Slip
from clank.registry import Registry
from clank.scenarios.loader import load_file as load_scenario_file
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, StreamMark, YAMLError
from ruamel.yaml.parser import ParserError

HERE = Path(__file__).parent
CORPUS = HERE / "corpus"
YAML_CORPUS = sorted((CORPUS / "yaml").glob("*--*.yaml"))
ALL_CORPUS = sorted([*CORPUS.glob("*--*.yaml"), *YAML_CORPUS])
EXPECT = re.compile(r"^# expect: (error|warning)\[([a-z-]+)\] (\d+):(\d+)")
SAYS = re.compile(r"^# says: (.+?)\r?$", re.M)
SHIPPED = sorted((HERE.parent / "packs").glob("*/clank_*/data/*.yaml"))
JARGON = ("while parsing", "while scanning", "while constructing", "while composing", "expected <", "but found",
          "but got", "<block", "<flow", "<stream", "<document", "<scalar>", "<anchor>", "<alias>", "<tag>",
          "could not find expected", "simple key", "node content", "are not allowed here", "cannot start any token",
          "quoted scalar", "plain scalar", "block scalar", "flow sequence", "flow mapping", "block mapping",
          "block collection", "block node", "flow node", "chomping", "indentation indicator", "end of stream",
          "document separator", "tag handle", "found undefined", "found unknown", "found unexpected",
          "found character", "found duplicate", "found incompatible", "alphabetic or numeric", "hexdecimal",
          "<unicode string>", "ScannerError", "ParserError", "ComposerError", "ConstructorError")
"""The parser's phrases: none may reach an author."""


def jargon(message: str) -> list[str]:
    """The parser's phrases ``message`` holds."""
    return [phrase for phrase in JARGON if phrase in message]


@pytest.fixture(scope="module")
def registry() -> Registry:
    """What the shipped packs register (ops, features, content kinds), their content not loaded."""
    return load_packs(["catacombs", "underworld", "party"])[1]


def _refused(text: str | bytes, file: str = "x.yaml") -> Problem:
    data = text.encode("utf-8") if isinstance(text, str) else text
    with pytest.raises(ContentError) as exc:
        yamlload.load_yaml_bytes(data, file)
    [problem] = exc.value.problems
    return problem


def _loaded(text: str) -> tuple[Any, Any]:
    """What the loader makes of ``text``: the data and positions, or the problems."""
    try:
        data, locator = yamlload.load_yaml_text(text, "x.yaml")
    except ContentError as exc:
        return None, [(p.rule, p.line, p.col, p.message) for p in exc.problems]
    return data, vars(locator)


def _pure(text: str) -> tuple[Any, Any]:
    """What the pure-Python reader alone makes of ``text``."""
    fast = yamlload.CParser
    yamlload.CParser = None
    try:
        return _loaded(text)
    finally:
        yamlload.CParser = fast


# ==========================================================================================
# the corpus: one mistake per file
# ==========================================================================================
def test_the_yaml_corpus_covers_the_mistakes_authors_make() -> None:
    """At least 30 broken files, each saying the words its message must hold."""
    assert len(YAML_CORPUS) >= 30
    assert all(SAYS.search(p.read_text(encoding="utf-8")) for p in YAML_CORPUS)
    kinds = {p.name.split("--")[0] for p in YAML_CORPUS}
    assert {"cards", "pack", "setup", "tiles", "tokens"} <= kinds


@pytest.mark.parametrize("path", YAML_CORPUS, ids=lambda p: p.stem)
def test_a_yaml_mistake_is_told_in_the_authors_words_at_its_place(path: Path, registry: Registry) -> None:
    """The rule, the line:col (where an unclosed bracket or quote opens, where the fix goes) and
    the words of the message, and none of the parser's."""
    head = path.read_bytes().decode("utf-8")
    m = EXPECT.match(head)
    assert m, f"{path.name}: first line must be '# expect: error[rule] line:col -- why'"
    [problem] = [p for p in validate_file(path, path.name.split("--")[0], registry) if p.severity == "error"]
    assert (problem.rule, problem.line, problem.col) == (m[2], int(m[3]), int(m[4])), problem.format_text()
    for words in SAYS.findall(head):
        assert words in problem.message, problem.message
    assert jargon(problem.message) == []


@pytest.mark.parametrize("path", ALL_CORPUS, ids=lambda p: p.stem)
def test_no_corpus_message_speaks_the_parsers_words(path: Path, registry: Registry) -> None:
    for problem in validate_file(path, path.name.split("--")[0], registry):
        assert jargon(problem.message) == [], problem.format_text()


# ==========================================================================================
# more mistakes, straight from text
# ==========================================================================================
CARD = "- id: scout\n  name: Scout\n  kind: dungeon\n  type: companion\n  count: 1\n"
SNIPPETS = [
    # brackets
    ("bracket-alone", "[\n", 1, 1, "unclosed bracket: the [ here is never closed: add ] at the end of the line"),
    ("unclosed-nested", "a: [b, {c: 1\n", 1, 8, "the { here is never closed, nor the [ at col 4: add }] at the end "
                                                 "of the line (`[b, {c: 1}]`)"),
    ("multi-line-unclosed", "- play: [\n    draw: 1,\n    gain: 2\n  name: b\n", 1, 9,
     "add ] at the end of line 3 (`gain: 2]`), or before the next entry on line 4"),
    ("multi-line-missing-comma", "- play: [\n    draw: 1\n    gain: 2\n  ]\n", 2, 12,
     "a comma is missing at the end of the line, before `gain` on line 3"),
    ("closed-twice-top", "a: [1]]\n", 1, 7, "one ] too many: no [ is open for it to close; remove it (`a: [1]`)"),
    ("extra-inside-braces", "a: {b: [1]]}\n", 1, 11, "one ] too many: the [ it would close is already closed"),
    ("bracket-closed-as-brace", "a: [b, {c: 1]\n", 1, 8, "the { here is never closed: the ] at col 13 closes the [ "
                                                          "around it; add } before that ] (`a: [b, {c: 1}]`)"),
    ("brace-alone-value", "a: }\n", 1, 4, "a value cannot start with }: write {} for an empty mapping"),
    ("leading-comma", "a: [, b]\n", 1, 5, "a comma right after the [, before any entry: remove it (`a: [ b]`)"),
    ("value-starts-with-comma", "a: ,b\n", 1, 4, 'a value cannot start with a comma: put the value in quotes (`a: ",b"`)'),
    ("colon-in-flow-entry", "a: {b: c: d}\n", 1, 9, 'a second colon in `c: d`: a colon and a space end a key, so a value '
                                                   'that holds one goes in quotes (`a: {b: "c: d"}`)'),
    ("two-strings-in-brackets", 'a: ["x" "y"]\n', 1, 8, 'a comma is missing before `"y"`'),
    ("bracket-then-word", "a: [b {c: 1}]\n", 1, 6, "a comma is missing before `{`"),
    ("comment-after-comma", "a: [b,#c d]\n", 1, 4, "the # at col 7 starts a comment"),
    # quotes
    ("quote-at-end-of-file", 'a: "b\n', 1, 4, 'unclosed quote: the string starting here with " never ends: add the '
                                             'closing " where its text ends (`a: "b"` if it ends there)'),
    ("quote-into-separator", 'a: "b\n---\nc"\n', 1, 4, 'unclosed quote: the string starting here with " never ends'),
    ("quote-in-brackets", 'a: ["b, c]\n', 1, 5, 'add the closing " where its text ends (`a: ["b, c"]` if it ends there)'),
    ("quote-alone", 'a: "\nb: 1\n', 1, 4, 'unclosed quote: the string starting here with " never ends (add the closing ")'),
    ("hex-escape", 'a: "\\x4g"\n', 1, 5, 'a backslash inside "…" starts an escape, and `\\x4` is not one'),
    ("quoted-key-then-word", '"a" b: c\n', 1, 3, "text after the closing quote: the string `\"a\"` ends here, and "
                                                "`b: c` follows it on the line"),
    # characters YAML keeps for itself
    ("at-sign-in-brackets", "a: [@b, c]\n", 1, 5, 'a value cannot start with `@`, as YAML reserves it: put the value in '
                                                  'quotes (`a: ["@b", c]`)'),
    ("pipe-in-brackets", "a: [|]\n", 1, 5, "as it starts block text, which cannot be inside [ ] or { }"),
    ("two-anchors", "a: &x &y [1]\n", 1, 7, "a second anchor on one value: a value takes one anchor; remove `&y`"),
    ("alias-then-word", "a: &x 1\nb: *x y\n", 2, 7, "an alias stands for a whole value, so nothing may follow `*x` on "
                                                    'its line; if the * is text, put the value in quotes (`b: "*x y"`)'),
    ("undefined-alias", "a: *lamp\n", 1, 4, "the alias *lamp names no anchor"),
    ("tag-not-closed", "a: !<x b\n", 1, 4, 'a ! at the start of a value starts a tag, and content files use none: if '
                                          'the ! is text, put the value in quotes (`a: "!<x b"`)'),
    ("tag-handle", "a: !e!x b\n", 1, 4, "a ! at the start of a value starts a tag"),
    ("merge-a-number", "a:\n  <<: 3\n", 2, 7, "`<<` merges a mapping into this one"),
    ("block-header-digit-zero", "a: |0\n  b\n", 1, 5, "after | only a + or a -, and a digit from 1 to 9 for the "
                                                      "indentation, may follow on its line, not `0`"),
    # documents and directives
    ("directive-twice", "%YAML 1.2\n%YAML 1.2\n---\na: 1\n", 2, 1, "this directive is given twice"),
    ("directive-unreadable", "%YAML x\n---\na: 1\n", 1, 1, "a line that starts with % is a directive"),
    ("text-after-document-end", "a: 1\n... b\n", 2, 5, "nothing may follow `...` on its line"),
    # indentation and the shape of blocks
    ("key-among-top-level-items", "- a\nb: 1\n", 2, 1, "a key among the items of a list: 'b' is in line with the list "
                                                       "item on line 1"),
    ("list-item-among-top-level-keys", "a: 1\nb: 2\n- c\n", 3, 1, "a list item among the keys of a mapping: this "
                                                                   "item is in line with the key 'b' on line 2"),
    ("list-item-less-indented", "- a:\n    - b\n   - c\n", 3, 4, "this list item is out of line: indented less "
                                                                  "(3 spaces) than the list item on line 2 (4 spaces)"),
    ("key-under-a-value", CARD + "  cost: 2\n    skill: 1\n", 7, 5, "key 'skill' is out of line: indented more "
                                                                     "(4 spaces) than 'cost' on line 6 (2 spaces)"),
    ("text-line-then-key", "abc\nkey: 1\n", 1, 1, "`abc` has no colon, so YAML reads it on into line 2 as one "
                                                  "text, where a colon cannot follow: add the colon after its key"),
    ("item-without-colon", "- id treasure\n  name: Treasure\n", 1, 3, "`id treasure` has no colon, so YAML reads it on "
                                                                      "into line 2 as one text, where a colon cannot "
                                                                      "follow: add the colon after its key "
                                                                      "(`id: treasure`)"),
    ("key-without-colon-above-a-list", "tile_stacks:\n  catacombs\n    - {stack: surface}\n", 2, 3,
     "`catacombs` has no colon, so YAML reads it on into line 3 as one text"),
    ("no-space-after-colon-of-a-key", "- id: a\n  name:[ Book\n  kind: x\n", 2, 7,
     "no space after the colon in `name:[`: a key ends with a colon and a space (`name: [`)"),
    ("count-without-colon", "- id: a\n  count 1\n  points: 0\n", 2, 3, "`count 1` has no colon: each line of a "
                                                                        "mapping is `key: value`; add the colon after "
                                                                        "the key (`count: 1`)"),
    ("words-after-a-closing-brace", "- {id: a, keep: tru}e, points: 1}\n", 1, 20,
     "text after the closing }: the } here ends the value, and `e, points: 1}` follows it on the line"),
    ("bracket-closes-early-in-flow", "- {ends: [e2,} curios], icons: [lock]}\n", 1, 14,
     "one } too many: the { it would close is already closed; remove it (`- {ends: [e2, curios], icons: [lock]}`)"),
    ("a-value-on-a-line-of-its-own", "joins:\n  - [a, b]\n   [c, d]\n", 3, 4, "this line holds a value of its own, and "
                                                                          "the value on line 2 is complete"),
    ("text-file-then-key", "market_board:[ [lamp]\n\ntoken_pools:\n", 1, 13,
     "no space after the colon in `market_board:[`"),
    ("dash-glued-to-a-bracket", "tunnels:\n  - {ends: [a, b]}\n  -] {ends: [c, d]}\n", 3, 3,
     "no space after the dash in `-] {ends: [c, d]}`"),
    ("colon-after-a-closing-bracket", "- do: [gain]: {gold: 1}\n", 1, 12, "text after the closing ]: the ] here ends "
                                                                        "the value, and `: {gold: 1}` follows it"),
    ("dash-inside-brackets", "files: [setup.yaml, - cards.yaml]\n", 1, 21, "a dash inside brackets: the items of [ ] "
                                                                           "are separated by commas, with no dash; "
                                                                           "remove it (`files: [setup.yaml, "
                                                                           "cards.yaml]`)"),
    ("colon-without-key", "- id: a\n  name: b\n : stack: c\n", 3, 2, "a colon with no key before it"),
    ("block-text-less-than-first-line", "a: |\n    one\n  two\n", 3, 3, "this line is indented less (2 spaces) than "
                                                                        "the first line of the | text above it"),
    ("folded-text-less", "a: >\n      one\n    two\nb: 1\n", 3, 5, "than the first line of the > text above it"),
    ("tab-in-a-flow-value", "a: [b\tc]\n", 1, 6, "a tab after `b`: inside brackets a tab ends the text; write a "
                                                  "space instead"),
    ("dash-after-key-in-list", "- a: - b\n", 1, 6, "a list cannot start on the line of its key: put `- b` on the "
                                                  "next line, indented under `a:`, or write the list in brackets "
                                                  "(`a: [b]`)"),
    ("question-mark-value", "a: ?\n", 1, 4, "a value cannot start with `?`"),
    ("first-line-indented", "  a: 1\nb: 2\n", 2, 1, "key 'b' is out of line: indented less (0 spaces) than 'a' on "
                                                    "line 1 (2 spaces)"),
    ("a-month-thirteen", "a: 2024-13-01\n", 1, 4, "`2024-13-01` reads as a date and is not one"),
    ("duplicate-key", "a: 1\nb: 2\na: 3\n", 3, 1, "duplicate key 'a': a key may appear once in a mapping "
                                                  "(first on line 1); keep one"),
    ("nested-collection-as-key", "- {ends: [a, b]}:\n- c\n", 1, 3, "this `{...}` or `[...]` is used as a key (a "
                                                                  "`:` follows it): a key is a name; remove that `:`"),
]


@pytest.mark.parametrize(("text", "line", "col", "words"), [s[1:] for s in SNIPPETS], ids=[s[0] for s in SNIPPETS])
def test_a_mistake_in_text_is_told_at_its_place(text: str, line: int, col: int, words: str) -> None:
    problem = _refused(text)
    assert (problem.line, problem.col) == (line, col), problem.format_text()
    assert words in problem.message, problem.message
    assert jargon(problem.message) == []


@pytest.mark.parametrize("end", ["\r\n", "\r"], ids=["windows", "old-mac"])
@pytest.mark.parametrize("text", [s[1] for s in SNIPPETS], ids=[s[0] for s in SNIPPETS])
def test_other_line_ends_change_neither_the_place_nor_the_words(text: str, end: str) -> None:
    assert _refused(text.replace("\n", end)) == _refused(text)


@pytest.mark.parametrize(("text", "data"), [
    ("a: value#x\n", {"a": "value#x"}),                    # a # inside a word is text
    ("a: [b, #c\n  d]\n", {"a": ["b", "d"]}),              # a comment inside brackets, the ] on the next line
    ("a: {b: 2#x}\n", {"a": {"b": "2#x"}}),
    ("\ufeffa: 1\n", {"a": 1}),                            # a byte order mark at the very start
    ("a: b]\n", {"a": "b]"}),                              # a ] inside a word is text
    ("a: 1\r\nb: [x, y]\r\n", {"a": 1, "b": ["x", "y"]}),
    ("", None),
    ("just text\n", "just text"),
], ids=["hash-in-word", "comment-in-brackets", "hash-in-flow-word", "bom", "bracket-in-word", "crlf", "empty",
        "scalar"])
def test_what_is_not_a_mistake_loads(text: str, data: Any) -> None:
    assert yamlload.load_yaml_bytes(text.encode("utf-8"), "ok.yaml")[0] == data


def test_the_fallback_names_what_was_found_and_what_yaml_allows_there() -> None:
    """A mistake no hint knows still reads plainly: what stands there, what YAML allows there."""
    mark = StreamMark("x.yaml", 5, 0, 5)   # index, line, column: where `!c` starts
    exc = ParserError("while parsing a block mapping", mark, "expected <block end>, but found '<tag>'", mark)
    message, line, col = explain_syntax_error(exc, "a: b !c\n")
    assert (line, col) == (1, 6)
    assert message.startswith("this line is not valid YAML: a tag (!) cannot stand here; here YAML allows the next "
                              "key or list item, in line with the ones above")
    assert jargon(message) == []
    message, line, col = explain_syntax_error(YAMLError("something odd"), "a: 1\n")
    assert (message, line, col) == ("this file cannot be read as YAML: check its brackets, quotes and indentation", 1, 1)


DOCUMENTED = [
    "- id: rebel-scout\n  name: Rebel Scout\n  kind: dungeon\n  type: companion\n  count: 1\n  cost: {skill: [3}\n",
    "- id: rebel-scout\n  name: Rebel Scout\n  kind: dungeon\n  type: companion\n  count: 1\n  cost: {skill: 2}\n"
    "  text: Gain 2 skill: then draw 1\n",
    "- id: rebel-scout\n  name: Rebel Scout\n  kind: dungeon\n   type: companion\n",
]
"""The files behind the examples of docs/content-format.md, in its order."""


def test_the_documented_examples_are_what_validate_says() -> None:
    text = (HERE.parent / "docs" / "content-format.md").read_text(encoding="utf-8")
    section = text[text.index("A syntax error is reported"):]
    start = section.index("```text\n") + 8
    block = section[start:section.index("\n```", start)]
    assert block.splitlines() == [_refused(doc, "cards.yaml").format_text() for doc in DOCUMENTED]


def test_a_hint_that_trips_on_odd_text_falls_back_to_plain_words(monkeypatch: pytest.MonkeyPatch) -> None:
    from clank.content import yamlhints

    def trips(slip: Slip) -> None:
        raise IndexError("odd text")

    monkeypatch.setattr(yamlhints, "flow_hint", trips)
    problem = _refused("a: [b}\n")
    assert (problem.line, problem.col) == (1, 6)
    assert problem.message.startswith("this line is not valid YAML: `}` cannot stand here; here YAML allows a comma "
                                      "or the closing ]")


# ==========================================================================================
# one set of words, whichever way the YAML is read
# ==========================================================================================
@pytest.mark.skipif(yamlload.CParser is None, reason="ruamel.yaml.clib (libyaml) is not installed here")
@pytest.mark.parametrize("text", [*(s[1] for s in SNIPPETS),
                                  *(p.read_bytes().decode("utf-8").removeprefix("\ufeff") for p in YAML_CORPUS)],
                         ids=[*(s[0] for s in SNIPPETS), *(p.stem for p in YAML_CORPUS)])
def test_both_yaml_readers_give_the_same_words(text: str) -> None:
    """libyaml's fast path leaves every error (and tabs and anchors, where it reads some text the
    pure parser refuses) to the pure-Python parser, whose words are the reference."""
    assert _loaded(text) == _pure(text)


def test_a_pack_manifest_is_told_in_the_same_words_by_validate_and_by_a_game(tmp_path: Path,
                                                                            registry: Registry) -> None:
    """``pack.yaml`` goes through the same reading as every content file, for ``clank validate``
    and for a game that loads the pack."""
    pack = tmp_path / "lantern"
    pack.mkdir()
    text = 'id: lantern\nname: Lantern\nversion: "0.1"\nengine: ">=0.1"\nrequires: [catacombs}\n'
    (pack / "pack.yaml").write_text(text, encoding="utf-8")
    alone = _refused(text, str(pack / "pack.yaml"))
    assert (alone.line, alone.col) == (5, 21)
    assert alone.message == "mismatched brackets: the [ at col 11 is closed with }: write ] instead (`requires: [catacombs]`)"
    [validated] = validate_pack_dirs([pack], registry)
    assert validated.message == alone.message and (validated.line, validated.col) == (5, 21)
    with pytest.raises(ContentError) as exc:
        load_packs([str(pack)])
    assert [(p.line, p.col, p.message) for p in exc.value.problems] == [(5, 21, alone.message)]


@pytest.mark.parametrize("name", ["cards--wrong-closer-inside-braces", "cards--colon-in-value",
                                  "cards--unclosed-quote-at-end", "cards--key-among-items"])
def test_a_scenario_file_is_told_in_the_same_words(tmp_path: Path, name: str) -> None:
    """Scenario files (``clank pack test``) are read as content files are."""
    text = (CORPUS / "yaml" / f"{name}.yaml").read_text(encoding="utf-8")
    path = tmp_path / "scenarios.yaml"
    path.write_text(text, encoding="utf-8")
    [problem] = load_scenario_file(path, default_packs=["catacombs"]).problems
    assert problem == _refused(text, str(path))


def test_a_set_value_is_told_in_the_same_words() -> None:
    """``--set CARD.KEY=VALUE`` reads its value as YAML, with the same explanations."""
    with pytest.raises(OverrideError) as exc:
        parse_setting("dragon-egg.cost={skill: [3}")
    assert exc.value.problems == ["'dragon-egg.cost={skill: [3}': the value is not valid YAML (col 9 of the value): "
                                  "unclosed bracket: the [ here is never closed: the } at col 11 closes the { around "
                                  "it; add ] before that } (`{skill: [3]}`)"]


# ==========================================================================================
# the property: no broken text makes validation raise or speak the parser's words
# ==========================================================================================
SLIPS = "[]{}:'\"-\t"
"""The characters whose insertion or deletion breaks YAML the most ways."""


def _entries(text: str) -> list[str]:
    """``text`` cut into its top-level entries (a list item or a key at column 0, with what
    follows it), comment lines before the first kept with it."""
    entries: list[str] = []
    for line in text.splitlines(keepends=True):
        starts = line[:1] not in (" ", "#", "\n", "") and entries and entries[-1].strip()
        if starts or not entries:
            entries.append(line)
        else:
            entries[-1] += line
    return entries


SOURCES = [(path, _entries(path.read_text(encoding="utf-8"))) for path in SHIPPED]


@st.composite
def broken_content(draw: Any) -> tuple[str, str]:
    """(file name, text): a run of whole entries of a shipped content file, with a few of
    :data:`SLIPS` inserted or deleted at random places."""
    path, entries = draw(st.sampled_from(SOURCES))
    start = draw(st.integers(0, len(entries) - 1))
    text = "".join(entries[start:start + draw(st.integers(1, 4))])
    for insert, where, char in draw(st.lists(st.tuples(st.booleans(), st.integers(0, 1 << 20),
                                                       st.sampled_from(SLIPS)), min_size=1, max_size=4)):
        slips = [i for i, c in enumerate(text) if c in SLIPS]
        if insert or not slips:
            at = where % (len(text) + 1)
            text = text[:at] + char + text[at:]
        else:
            at = slips[where % len(slips)]
            text = text[:at] + text[at + 1:]
    return path.name, text


def _check_broken(name: str, text: str, registry: Registry, folder: Path) -> None:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    kind = file_kind(path, {*FILE_KINDS, *registry.content_schemas})
    problems = check_file(path, kind, registry).problems         # never raises
    for problem in problems:
        assert jargon(problem.message) == [], f"{problem.format_text()}\n--- text ---\n{text}"
    try:
        YAML(typ="rt").load(text)
    except MarkedYAMLError as exc:   # no hint trips on the text (the loader would fall back to plain words)
        hint_for(Slip(exc, text))
    except (YAMLError, ValueError, TypeError):     # TypeError: ruamel's own, for a key holding a collection
        pass
    if yamlload.CParser is not None:
        assert _loaded(text) == _pure(text), text


def _property(registry: Registry, examples: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
        @given(broken_content())
        def broken_text_is_told_plainly(case: tuple[str, str]) -> None:
            _check_broken(*case, registry, Path(folder))

        broken_text_is_told_plainly()


def test_broken_shipped_content_never_raises_nor_speaks_the_parsers_words(registry: Registry) -> None:
    _property(registry, 60)


@pytest.mark.slow
def test_broken_shipped_content_never_raises_nor_speaks_the_parsers_words_many(registry: Registry) -> None:
    """The property with many more examples."""
    _property(registry, 1500)
