"""The parts of ``clank lsp`` on their own: a problem's range in the text, the did-you-mean
fixes, the guide's sections, what completion offers where, and references."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="clank lsp needs the extra 'lsp'")

from clank.content import Problem, overlay_key  # noqa: E402
from clank_cli.lsp.actions import fixes, proposal  # noqa: E402
from clank_cli.lsp.catalog import Catalog, Definition  # noqa: E402
from clank_cli.lsp.completion import complete  # noqa: E402
from clank_cli.lsp.diagnostics import to_diagnostic  # noqa: E402
from clank_cli.lsp.guide import named_sections  # noqa: E402
from clank_cli.lsp.navigation import references  # noqa: E402
from lsprotocol import types as lsp  # noqa: E402


def _range(line: str, col: int) -> tuple[int, int]:
    problem = Problem("f.yaml", 1, col, "error", "some-rule", "a message")
    got = to_diagnostic(problem, [line]).range
    return got.start.character, got.end.character


@pytest.mark.parametrize(("line", "col", "want"), [
    ("    - drw: 1", 7, (6, 9)),                         # a key: up to its colon
    ("reserve: [burgle, lamps-x]", 19, (18, 25)),       # a flow item: up to the comma or bracket
    ("  pool: 'mnor'  # a comment", 9, (8, 14)),        # a quoted scalar, quotes included
    ("  text: é😀 drw", 12, (12, 15)),                   # columns in UTF-16 units (😀 takes two)
    ("cards:", 7, (6, 7)),                              # at the end of the line: one character
])
def test_a_problem_covers_the_word_it_points_at(line: str, col: int, want: tuple[int, int]) -> None:
    assert _range(line, col) == want


def test_a_diagnostic_keeps_the_problems_words_rule_and_severity() -> None:
    problem = Problem("f.yaml", 1, 1, "warning", "unlisted-file", "x.yaml is never loaded", "$.files")
    diagnostic = to_diagnostic(problem, ["files: []"])
    assert (diagnostic.message, diagnostic.code, diagnostic.severity, diagnostic.source) == (
        "x.yaml is never loaded", "unlisted-file", lsp.DiagnosticSeverity.Warning, "clank")


def test_the_proposal_is_read_from_the_validators_words() -> None:
    assert proposal("unknown op 'drw' (did you mean 'draw'?)") == ("drw", "draw")
    assert proposal("unknown token pool 'mnor' in 'x' (did you mean 'minor'?)") == ("mnor", "minor")
    assert proposal("unknown op 'zzz'") is None


def _fixed(line: str, col: int, message: str) -> tuple[str, int, int, str]:
    """The text a problem's fix replaces on ``line``, where, and by what."""
    diagnostic = to_diagnostic(Problem("f.yaml", 1, col, "error", "some-rule", message), [line])
    [action] = fixes("file:///f.yaml", [line], [diagnostic])
    assert action.edit is not None and action.edit.changes is not None
    [edit] = action.edit.changes["file:///f.yaml"]
    start, end = edit.range.start.character, edit.range.end.character
    return line[start:end], start, end, edit.new_text


def test_a_fix_replaces_the_word_inside_its_quotes() -> None:
    assert _fixed("  pool: 'mnor'", 9, "unknown token pool 'mnor' (did you mean 'minor'?)") == ("mnor", 9, 13, "minor")


def test_a_fix_finds_the_word_on_the_line_when_the_problem_points_at_its_entry() -> None:
    assert _fixed("  - {drw: 1}", 5, "unknown op 'drw' (did you mean 'draw'?)") == ("drw", 5, 8, "draw")


def test_another_servers_diagnostics_get_no_fix() -> None:
    diagnostic = lsp.Diagnostic(lsp.Range(lsp.Position(0, 0), lsp.Position(0, 3)),
                                "unknown op 'drw' (did you mean 'draw'?)", source="yaml")
    assert fixes("file:///f.yaml", ["drw: 1"], [diagnostic]) == []


def test_the_guide_is_cut_at_each_named_heading() -> None:
    guide = ("# Guide\n\n## Effects\n\n#### `draw`\n\nDraw N cards.\n\n##### Example\n\n- draw: 1\n\n"
             "#### `gain`\n\nGain things.\n\n## Conditions\n\n#### `gain`\n\nTrue when gained.\n\n## Keys\n\nno name")
    sections = named_sections(guide)
    assert set(sections) == {"draw", "gain"}
    assert sections["draw"] == "#### `draw`\n\nDraw N cards.\n\n##### Example\n\n- draw: 1"
    assert sections["gain"] == "#### `gain`\n\nGain things.\n\n---\n\n#### `gain`\n\nTrue when gained."


def _card(cid: str, pack: str = "lamps") -> Definition:
    return Definition("cards", cid, pack, "cards.yaml", 1, 7, {"id": cid, "name": cid.title()})


def test_ids_complete_where_a_value_is_written_and_ops_where_an_op_starts() -> None:
    catalog = Catalog(ops=["draw", "gain"], conditions=["dragon_attacked"])
    ids = {"lamps-x": _card("lamps-x"), "drape": _card("drape", "underworld")}
    assert [i.label for i in complete("reserve: [", "", ids, catalog)] == ["drape", "lamps-x"]
    assert [i.label for i in complete("  card: ", "dr", ids, catalog)] == ["drape"]
    assert [i.label for i in complete("    ", "dr", ids, catalog)] == ["draw", "dragon_attacked"]
    assert sorted(i.label for i in complete("    - ", "dr", ids, catalog)) == ["dragon_attacked", "drape", "draw"]
    assert complete("  name: Lamp ", "li", ids, catalog) == []


def test_references_are_whole_ids_outside_comments(tmp_path: Path) -> None:
    cards, setup = tmp_path / "cards.yaml", tmp_path / "setup.yaml"
    cards.write_text("- id: lamps-x\n- id: lamps-x-two  # lamps-x again\n# lamps-x\n", encoding="utf-8")
    overlay = {overlay_key(setup): "reserve: [lamps-x]\n"}    # unsaved, not on the disk
    found = references("lamps-x", [str(cards), str(setup)], overlay)
    assert [(Path(r.uri).name, r.range.start.line, r.range.start.character) for r in found] == [
        ("cards.yaml", 0, 6), ("setup.yaml", 0, 10)]


def test_the_installed_packs_define_cards_pools_and_regions_where_they_are_written() -> None:
    from clank_cli import validation
    from clank_cli.lsp.catalog import definitions

    packs = validation.validate(["catacombs"]).content
    found = {(d.kind, d.id): d for d in definitions(packs)}
    for kind, name in (("cards", "burgle"), ("token_pools", "minor")):
        where = found[kind, name]
        line = Path(where.file).read_text(encoding="utf-8").splitlines()[where.line - 1]
        assert line[where.col - 1:].startswith(name), (kind, line)
    assert found["tile_stacks", "catacombs"].what == "region of pack 'catacombs'"
    assert found["cards", "burgle"].what == "card of pack 'catacombs'"


def test_statistics_and_options_complete_where_a_value_is_written() -> None:
    catalog = Catalog(names={"clank_made": "statistic: Clank! made", "max_rounds": "option: rounds at most"})
    [item] = complete("  stat: ", "clank", {}, catalog)
    assert (item.label, item.detail) == ("clank_made", "statistic: Clank! made")


CARDS = """- id: x
  name: X
  cost: {skill: 3}

  play:
    - draw: 1
- id: y
  cost:
    sk
""".split("\n")


@pytest.mark.parametrize(("row", "before", "path"), [
    (3, "  ", ([0], 2)),               # a key of the first card
    (8, "    ", ([0, "cost"], 4)),     # a key of the second card's cost
    (9, "- ", ([0], 2)),               # the first key of a new card
    (3, "  name: ", None),             # a value, not a key
])
def test_the_mapping_a_key_is_typed_in_is_read_from_the_lines_above(row: int, before: str, path: object) -> None:
    from clank_cli.lsp.keys import key_path

    assert key_path(CARDS, row, before) == path


def test_keys_complete_from_the_schema_except_those_written() -> None:
    from clank_cli.lsp.keys import complete_keys

    schema = {"type": "array", "items": {"$ref": "#/definitions/card"}, "definitions": {"card": {
        "type": "object", "properties": {"id": {}, "name": {}, "cost": {"type": "object", "properties": {
            "skill": {"description": "Skill to acquire."}, "swords": {}}}, "play": {"$ref": "effect.schema.json"},
        "danger": {"description": "Danger."}}}}}
    labels = [i.label for i in complete_keys(schema, CARDS, 3, "  ", "")]
    assert labels == ["danger"]                                   # id, name, cost and play are written
    [skill] = complete_keys(schema, CARDS, 8, "    ", "sk")
    assert (skill.label, skill.insert_text, skill.documentation) == ("skill", "skill: ", "Skill to acquire.")
    assert complete_keys(schema, CARDS, 5, "    - ", "") == []     # an effect: its own schema, ops complete there


def test_room_features_tunnel_icons_and_conditions_have_their_guide_sections_to_hover() -> None:
    from clank.guides.authoring import render_guide
    from clank_cli import scaffold

    registry, _ = scaffold.schema_registry(["catacombs"])
    sections = named_sections(render_guide(registry, shipped=True))
    assert sections["crystal_cave"].startswith("### `crystal_cave`")          # a room feature
    assert sections["monster"].startswith("### `monster`")                    # a tunnel icon
    assert sections["has_artifact"].startswith("#### `has_artifact`")         # a condition
    assert "Draw N cards" in sections["draw"]


def test_a_keys_hover_says_what_it_is_when_it_is_required_and_how_the_guide_writes_it() -> None:
    from clank.content import new_context
    from clank.guides.authoring import render_guide
    from clank_cli import scaffold
    from clank_cli.lsp.guide import key_rows
    from clank_cli.lsp.keydocs import key_hover
    from clank_cli.lsp.keys import key_at

    registry, _ = scaffold.schema_registry(["catacombs"])
    schemas = {kind: v.schema for kind, v in new_context(registry).validators.items()}
    rows = key_rows(render_guide(registry, shipped=True))
    lines = ["- id: x", "  cost: {skill: 3}", "  ability:", "    do: []"]
    assert key_at(lines, 1, 2) == [0, "cost"]
    assert key_at(lines, 1, 9) is None                       # a key of a flow mapping: not followed
    cost = key_hover(schemas["cards"], [0, "cost"], rows)
    assert cost is not None and cost.startswith("**`cost`** · required when `kind` is `dungeon` or `reserve`")
    assert "Skill to acquire" in cost and "Written as: mapping" in cost
    ident = key_hover(schemas["cards"], [0, "id"], rows)
    assert ident is not None and ident.startswith("**`id`** (card id) · required")
    assert "Unique across all packs" in ident and "Written as: card id" in ident
    do = key_hover(schemas["cards"], key_at(lines, 3, 4) or [], rows)      # nested: the guide's ability.do row
    assert do is not None and "Ops resolved when the ability is used.\n\nA list of ops" in do
    skill = key_hover(schemas["cards"], [0, "cost", "skill"], rows)
    assert skill is not None and skill.startswith("**`skill`** · optional") and "Written as: integer ≥ 0" in skill
    files = key_hover(schemas["pack"], ["files"], rows)
    assert files is not None and "Content files always loaded" in files
    assert key_hover(schemas["cards"], [0, "no_such_key"], rows) is None


def test_the_guides_key_tables_are_read_by_heading_and_dotted_key() -> None:
    from clank_cli.lsp.guide import key_rows

    guide = ("### Cards (`cards.yaml`)\n\n#### Card\n\n| key | type | required | description |\n|---|---|---|---|\n"
             "| `cost` | mapping (keys below) | yes | To pay. |\n| `cost.skill` | integer |  | Skill. |\n")
    assert key_rows(guide) == {("card", "cost"): ["mapping (keys below)", "yes", "To pay."],
                               ("card", "cost.skill"): ["integer", "", "Skill."]}


def test_the_arguments_an_op_takes_are_read_from_its_registered_schema() -> None:
    from clank_cli import scaffold
    from clank_cli.lsp.opargs import arguments_of

    registry, _ = scaffold.schema_registry(["catacombs"])
    taken = arguments_of(registry.ops, registry.conditions)
    assert set(taken["gain_card"]) == {"card", "to"}                        # its mapping form, in a oneOf
    assert taken["gain_card"]["card"]["x-ref"] == "card"
    assert {"skill", "boots", "gold"} <= set(taken["gain"])                 # the names of its mapping's keys
    assert {"stat", "n"} <= set(taken["turn_stat_at_least"])                # a condition's
    assert "draw" not in taken                                              # a number: no arguments to name


ARGUMENTS = {"trash": {"count": {"description": "How many cards (default 1)."}, "from": {"items": {"enum": ["hand", "play"]}},
                       "card": {"x-ref": "card"}},
             "turn_stat_at_least": {"stat": {"x-ref": "stat"}, "n": {}}}


@pytest.mark.parametrize(("lines", "row", "before", "typed", "want"), [
    (["  play:", "    - trash: {"], 1, "    - trash: {", "", ["count", "from", "card"]),     # a flow mapping
    (["    - trash: {count: 1, "], 0, "    - trash: {count: 1, ", "c", ["card"]),         # written ones left out
    (["    - trash:", "        count: 1", "        "], 2, "        ", "", ["from", "card"]),  # a block mapping
    (["    - trash: {from: [hand, "], 0, "    - trash: {from: [hand, ", "", ["hand", "play"]),  # an enum's words
    (["    - trash: {card: "], 0, "    - trash: {card: ", "la", ["lamps-x"]),            # a card id, no other id
    (["  fight_if:", "    turn_stat_at_least:", "      stat: "], 2, "      stat: ", "", ["clank_made"]),
])
def test_inside_an_ops_arguments_its_argument_names_and_their_values_complete(
        lines: list[str], row: int, before: str, typed: str, want: list[str]) -> None:
    from clank_cli.lsp.arguments import complete_arguments

    catalog = Catalog(arguments=ARGUMENTS, names={"clank_made": "statistic: Clank! made", "max_rounds": "option: rounds"})
    ids = {"lamps-x": _card("lamps-x"), "lamps-pool": Definition("token_pools", "lamps-pool", "lamps", "s.yaml", 1, 1, {})}
    got = complete_arguments(lines, row, before, typed, ids, catalog)
    assert got is not None and [i.label for i in got] == want


@pytest.mark.parametrize(("lines", "row", "before"), [
    (["    - trash:", "      "], 1, "      "),            # beside the op's name: the list item's next key
    (["  cost: {"], 0, "  cost: {"),                      # a content key's mapping, not an op's
    (["    - trash: {count: "], 0, "    - trash: {count: "),   # a number: nothing to offer here
    (["  play:", "    "], 1, "    "),                      # an effect: ops complete there
])
def test_outside_an_ops_arguments_they_do_not_complete(lines: list[str], row: int, before: str) -> None:
    from clank_cli.lsp.arguments import complete_arguments

    assert complete_arguments(lines, row, before, "", {}, Catalog(arguments=ARGUMENTS)) is None


def test_an_argument_name_says_whose_it_is_and_what_it_does() -> None:
    from clank_cli.lsp.arguments import complete_arguments

    got = complete_arguments(["- trash: {co"], 0, "- trash: {", "co", {}, Catalog(arguments=ARGUMENTS))
    assert got is not None
    [count] = got
    assert (count.insert_text, count.detail, count.documentation) == ("count: ", "argument of trash",
                                                                       "How many cards (default 1).")
