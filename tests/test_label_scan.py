"""Every label a player sees is words with costs, never the engine's names.

Bots play games of every pack mix (the base game, with the Underworld, the Party at 6 seats, all
three) and at each of their thousands of states every text a player reads is scanned: the action
labels, the prompt, a decision's options, the room notes, every log line, the cards' and tokens'
texts, the rooms' features and what lies in them, the players' and boards' marks, the map's whole
legend, the map screen's destinations, and the line-mode table (players, row, supply, hand,
actions). A text holding a code-like token fails the test, naming the text and the token: list
brackets, ``True``/``False``/``None``, snake_case names, rule ids (``K8``, ``U5``), ``#0``-style
suffixes, ``KEY:value`` pairs, words ending in a number (``ladder0``), dotted ids (``D.i1``,
``uw-4.lake``) and content ids (``secret-tome``).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from clank import Game, new_game
from clank import labels as words
from clank.mapdraw import legend as map_legend
from clank.testing import BusyBot
from clank_cli import render, routes
from rich.console import Console

CODE_LIKE = [
    ("list brackets", re.compile(r"\[\s*['\"\]]|['\"]\s*\]|\[\s*\w+\s*(?:,\s*\w+\s*)*\]")),
    ("True/False/None", re.compile(r"\b(?:True|False|None)\b")),
    ("snake_case", re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")),
    ("rule id", re.compile(r"\b(?!P[1-6]\b)[A-Z]{1,2}-?\d{1,3}[a-z]?\b")),
    ("#n suffix", re.compile(r"\w#\d")),
    ("key:value", re.compile(r"\b[a-z]+:[a-z0-9]")),
    ("word ending in a number", re.compile(r"\b[a-z]+\d+\b")),
    ("dotted id", re.compile(r"\b[A-Za-z][\w-]*\.[a-z][\w-]*\b")),
]
"""The code-like tokens no label may hold, by name."""

MIXES = [(("catacombs",), 2, 12), (("catacombs", "underworld"), 2, 12), (("catacombs", "party"), 6, 5),
         (("catacombs", "underworld", "party"), 4, 6)]
"""Pack mixes, seats and how many games of each to play."""
TABLE_EVERY = 9
"""Every how many states the whole line-mode table is rendered and scanned (the rest: its parts)."""


def problems(text: str, ids: frozenset[str]) -> list[str]:
    """The code-like tokens of a text, each as ``name: token``."""
    found = [f"{name}: {m.group(0)!r}" for name, rx in CODE_LIKE for m in [rx.search(text)] if m]
    found += [f"content id: {w!r}" for w in re.findall(r"[\w-]+", text) if w in ids]
    return found


def content_ids(game: Game) -> frozenset[str]:
    """The ids of cards, tokens and tiles that a reader could not mistake for a word: with a
    hyphen or a digit (``secret-tome``, ``uw-4``)."""
    rs = game.ruleset
    return frozenset(i for i in (*rs.cards, *rs.tokens, *rs.tiles) if "-" in i or any(c.isdigit() for c in i))


def table_text(view, seat: int, actions) -> str:
    """The line-mode table as a player reads it, without the drawn map (its glyphs are the
    legend's business)."""
    console = Console(width=160, record=True, file=io.StringIO())
    for part in (render.players_view(view), render.row_table(view), render.supply_text(view),
                 render.hand_panel(view, seat), render.log_text(view), render.actions_text(view, actions),
                 render.notes_text(view, seat)):
        console.print(part)
    return console.export_text()


def texts(game: Game, step: int) -> Iterator[tuple[str, str]]:
    """(where, text) of what the deciding seat reads now."""
    seat = game.current_player
    view = game.view(seat)
    yield "prompt", words.prompt_text(view)
    pending = view.pending()
    for option in (pending or {}).get("labels") or []:
        yield "decision option", str(option)
    actions = game.legal_actions()
    for action in actions:
        yield f"label of {action}", words.action_label(view, action)
    for note in words.room_notes(view):
        yield "room note", note
    for place in routes.destinations(view, seat):
        yield "map screen's destination", place.words
    if step % TABLE_EVERY == 0:
        for line in table_text(view, seat, actions).splitlines():
            yield "line-mode table", line
        for room in view.placed_rooms():
            yield f"features of {room}", words.room_features(view, room)
            for thing in words.room_state(view, room):
                yield f"what lies in {room}", thing
        for glyph, _style, meaning in map_legend(view):
            yield "map legend", f"{glyph} {meaning}"
        for p in view.players:
            for mark in words.marks(view, "player", p.seat):
                yield "player mark", mark.text
        for mark in words.marks(view, "board"):
            yield "board mark", mark.text


def scan(packs: tuple[str, ...], seats: int, seed: int) -> tuple[int, list[str]]:
    """Play one game with greedy and busy bots; every state's texts scanned. Returns the states
    seen and the problems found (at most a few per text)."""
    game = new_game(list(packs), seats, seed, {"max_rounds": 30})
    ids = content_ids(game)
    bad: dict[str, str] = {}

    def check(where: str, text: str) -> None:
        found = problems(text, ids)
        if found and text not in bad:
            bad[text] = f"{where}: {text!r} holds {', '.join(found)}"

    for card in game.ruleset.cards.values():
        check(f"card text of {card.id}", card.text)
    for token in game.ruleset.tokens.values():
        check(f"token text of {token.id}", token.text)
    bots = [game.registry.bots["greedy"].factory(seed * 8 + s) if (s + seed) % 2 else BusyBot(seed * 8 + s)
            for s in range(seats)]
    seen_log, step = 0, 0
    while not game.over:
        for where, text in texts(game, step):
            check(where, text)
        seat = game.current_player
        game.apply(bots[seat].choose(game.view(seat)))
        for line in game.log[seen_log:]:
            check("log line", line)
        seen_log = len(game.log)
        step += 1
    return step, list(bad.values())


@pytest.mark.parametrize(("packs", "seats", "games"), MIXES, ids=["+".join(m[0]) for m in MIXES])
def test_every_label_a_player_reads_is_words(packs: tuple[str, ...], seats: int, games: int) -> None:
    states, found = 0, []
    for seed in range(games):
        n, bad = scan(packs, seats, 9_000 + seed)
        states += n
        found += [f"seed {9_000 + seed}, {b}" for b in bad]
    assert states >= 1_000, f"only {states} states were scanned"
    assert found == [], f"{len(found)} labels hold code-like tokens:\n" + "\n".join(found[:40])


@pytest.mark.parametrize(("text", "flagged"), [
    ("trash from ['play', 'discard'] count 2 up_to True card burgle", True),
    ("explore link:ladder0", True), ("explore D.i1 of the map", True), ("turn flag ignore_toll_booths", True),
    ("a Market room (Ogre Merchant, K8)", True), ("counts double (U5, U6)", True), ("artifact-7#0", True),
    ("uw-4.lake: trash a card", True), ("gain secret-tome", True),
    ("trash up to 2 × Burgle from your play area or your discard pile", False),
    ("explore: take the ladder to a new tile in slot A of the Underworld: 1 boot", False),
    ("move to the nave of the Dustveil Reliquary (1 gold): 1 boot, 1 monster", False),
    ("P2 pays 6 gold and 1 undercoin", False), ("a one-way tunnel, face-down, 10-point", False),
])
def test_the_scan_tells_code_from_words(text: str, flagged: bool) -> None:
    """The scan's own check: the issue's examples are caught; a player's words are not."""
    assert bool(problems(text, frozenset({"secret-tome", "artifact-7"}))) is flagged


def test_every_option_the_content_can_offer_is_words() -> None:
    """Every "choose one" option and "may" question the three packs' content compiles to, reached
    in play or not (``turn_flag: ignore_toll_booths`` reads "this turn: ignore toll booths")."""
    game = new_game(["catacombs", "underworld", "party"], 4, 1)
    rs, ids = game.ruleset, content_ids(game)
    labels: list[str] = []
    for op in rs.program:
        if op.name == "choose":
            labels += [option[0] for option in op.args]
        elif op.name == "choose_n":
            labels += [option[0] for option in op.args[1]]
        elif op.name == "may":
            labels.append(rs.describe_addrs(op.args))
    assert len(labels) >= 15 and "this turn: ignore toll booths" in {rs.describe_addrs([i]) for i, op in
                                                                     enumerate(rs.program) if op.name == "turn_flag"}
    assert [(label, problems(label, ids)) for label in labels if problems(label, ids)] == []
