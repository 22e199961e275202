"""Testing helpers any pack can use: a self-test of the game contract and a scenario toolkit.

``check_game`` plays seeded random games and checks what every game must do (OpenSpiel's
contract): playouts end, clones are independent, serialise→deserialise is identity, the same
seed gives the same game, and illegal actions raise and leave the state untouched.

``surface_problems`` reads a pack's code and lists every use of what is not its documented
surface (``game.state``, ``view.ruleset``, a misspelt member): a pack's own tests can assert it
finds nothing.

The scenario toolkit puts a game in a known position (hands, row, pool, cubes, damage, the
next dragon draws, tiles, pawns, tokens) so a rule test can then play through the public API.
Every helper tells the game its state changed (:meth:`~clank.game.table.Table.changed`), so
legal actions are recomputed; after editing ``game.state`` by hand, call ``game.changed()``
or wrap the edit in ``with edit(game):``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from clank.actions import Action, IllegalAction
from clank.api import load_packs, new_game
from clank.builtin import RandomBot
from clank.content.problems import ContentError, Problem
from clank.game import lookback
from clank.game.engine import Game
from clank.game.state import ESCAPED, KNOCKED_OUT, GameState
from clank.hookspecs import hookimpl
from clank.playcheck import contract_problem
from clank.rng import Rng, seed_state
from clank.surface import surface_problems


def state_json(game: Game) -> str:
    """A canonical JSON text of the whole state (for equality checks)."""
    return json.dumps(game.state.to_dict(), sort_keys=True)


class BusyBot:
    """A random bot weighted toward actions that move a game on (coverage, not strategy): room
    actions, moves, purchases and fights over playing cards one at a time, ending a turn only
    now and then while something else is possible. For fuzzing a pack: it reaches escapes,
    markets, locked rewards and deck exhaustion more often than a uniform random bot."""

    WEIGHTS = {"room": 12, "explore": 8, "move": 6, "portal": 6, "teleport": 6, "orient": 4,
               "buy": 4, "use": 3, "fight": 4, "reserve": 2, "fight-reserve": 1, "token": 3,
               "cash": 1, "play": 3, "end": 1}

    def __init__(self, seed: int = 0) -> None:
        self.rng = seed_state(seed)
        self._r = Rng(self)

    def choose(self, view: Any) -> Action:
        """A legal action of the deciding seat's view, weighted by kind."""
        acts = view.legal_actions()
        weights = [self.WEIGHTS.get(a.kind, 2) for a in acts]
        r = self._r.below(sum(weights))
        for a, w in zip(acts, weights, strict=True):
            if r < w:
                return a
            r -= w
        return acts[-1]  # pragma: no cover


def playout(game: Game, bot: Any, max_steps: int = 50000,
            after: Callable[[Game, Action], None] | None = None) -> int:
    """Let ``bot`` (one bot, or a list with one bot per seat) take every decision until the game
    ends, each from the deciding seat's view; return the number of actions."""
    steps = 0
    while not game.over:
        if steps >= max_steps:
            raise AssertionError(f"game did not end within {max_steps} actions")
        seat = game.current_player
        assert seat is not None            # someone decides while the game runs
        chooser = bot[seat] if isinstance(bot, list | tuple) else bot
        action = chooser.choose(game.view(seat))
        game.apply(action)
        steps += 1
        if after is not None:
            after(game, action)
    return steps


def check_game(packs: Sequence[str], players: int = 2, seeds: Sequence[int] = (0, 1),
               options: dict[str, Any] | None = None, modules: dict[str, Any] | None = None) -> None:
    """Self-test the game contract on seeded random playouts; raises AssertionError on failure.

    ``modules`` passes pack modules directly (see :func:`clank.api.load_packs`).
    """
    options = {"max_rounds": 60, **(options or {})}
    for seed in seeds:
        game = new_game(packs, players, seed, options, modules=modules)
        twin = new_game(packs, players, seed, options, modules=modules)
        assert state_json(game) == state_json(twin), "same seed must give the same setup"
        bot = RandomBot(seed)
        steps = 0
        while not game.over:
            legal = game.legal_actions()
            assert legal, "a running game must offer at least one legal action"
            assert legal == game.legal_actions(), "legal actions must be deterministic"
            assert game.view(game.current_player).legal_actions() == legal, \
                "the deciding seat's view must offer the legal actions"
            if steps % 25 == 0:
                broken = contract_problem(game)     # saved and restored, cloned: the same game
                assert broken is None, broken
                _check_illegal(game)
            action = bot.choose(game.view(game.current_player))
            game.apply(action)
            twin.apply(action)
            steps += 1
            assert steps < 50000, "random playout did not end"
        assert state_json(game) == state_json(twin), "same seed and actions must give the same game"
        assert game.legal_actions() == [], "a finished game has no legal actions"


def _check_illegal(game: Game) -> None:
    before = state_json(game)
    for bogus in (Action("play", ("no-such-card",)), Action("fly"), Action("option", ("99",))):
        if bogus in game.legal_actions():
            continue
        try:
            game.apply(bogus)
        except IllegalAction:
            pass
        else:  # pragma: no cover - only reached on an engine bug
            raise AssertionError(f"illegal action {bogus} was accepted")
        assert state_json(game) == before, "an illegal action must leave the state unchanged"


# ==========================================================================================
# Scenario toolkit: put the game in a known position, then play through the API
# ==========================================================================================
@contextmanager
def edit(game: Game) -> Iterator[GameState]:
    """Edit ``game.state`` by hand inside the block; the game recomputes what it derived
    (legal actions, the tile geometry) afterwards."""
    try:
        yield game.state
    finally:
        game.changed()


def arranged_game(packs: Sequence[str], players: int = 2, seed: int = 0, options: dict[str, Any] | None = None,
                  modules: dict[str, Any] | None = None, arrange: Callable[[Game], None] | None = None) -> Game:
    """A new game like :func:`clank.new_game` (configured by the packs the same way), with
    ``arrange(game)`` run on the state once it is built and before setup deals hands and the row
    and runs the first effects (S10-S19): rig the dungeon deck, the tile stacks or the pools a
    setup will draw from."""
    from clank.api import configure_game
    from clank.game import setup

    ruleset, players, options = configure_game(packs, players, options, modules)
    game = Game(ruleset, setup.new_state(ruleset, players, seed, options))
    if arrange is not None:
        arrange(game)
    setup.begin(game)
    return game


def set_hand(game: Game, seat: int, cards: Sequence[str]) -> None:
    """Replace a player's hand (the old hand goes to the bottom of the deck)."""
    p = game.player(seat)
    p.deck[0:0] = p.hand
    p.hand = list(cards)
    game.changed()


def set_row(game: Game, cards: Sequence[str | None]) -> None:
    """Replace the dungeon row (old row cards go back to the deck bottom)."""
    st = game.state
    st.dungeon_deck[0:0] = [c for c in st.row if c is not None]
    st.row = list(cards)
    game.changed()


def dungeon_top(game: Game, cards: Sequence[str]) -> None:
    """Make ``cards`` the next cards the dungeon deck reveals (the first listed first), taking
    them out of the deck where they were."""
    deck = game.state.dungeon_deck
    for card in cards:
        if card in deck:
            deck.remove(card)
    deck.extend(reversed(list(cards)))
    game.changed()


def set_pool(game: Game, seat: int, **resources: int) -> None:
    """Set resources (skill, swords, boots, gold and what packs register) and ``cubes`` (the
    personal supply of cubes)."""
    p = game.player(seat)
    for res, n in resources.items():
        if res == "cubes":
            p.cubes = n
        else:
            p.pool[res] = n
    game.changed()


def put_cubes(game: Game, who: int | str, n: int, where: str = "clank_area") -> None:
    """Put ``n`` cubes of a seat (an int) or of a kind (``"black"``, a pack's cube kind) in the
    Clank! area or the dragon bag (``where="bag"``). A seat's cubes come from its supply."""
    key = str(who)
    if isinstance(who, int):
        p = game.player(who)
        if p.cubes < n:
            raise AssertionError(f"seat {who} has only {p.cubes} cubes in supply")
        p.cubes -= n
    zone = game.state.bag if where == "bag" else game.state.clank_area
    zone[key] = zone.get(key, 0) + n
    game.changed()


def script_bag(game: Game, draws: Sequence[int | str]) -> None:
    """Make the next dragon draws exactly these cubes (seats as ints, kinds as text), in order;
    each must be in the bag when drawn (the draw raises ValueError naming it otherwise). Later
    draws are random again."""
    game.state.ext["bag_script"] = [str(d) for d in draws]
    game.changed()


def set_damage(game: Game, seat: int, n: int) -> None:
    """Give a player exactly ``n`` damage markers of their own colour (cubes from their supply)."""
    p = game.player(seat)
    own = [m for m in p.damage if m == "own"]
    p.cubes += len(own)
    p.damage = []
    take = min(n, p.cubes)
    p.cubes -= take
    p.damage = ["own"] * take + ["neutral"] * (n - take)
    game.changed()


def mark_escaped(game: Game, seat: int) -> None:
    """Make a player escaped (E1): the pawn leaves the board."""
    p = game.player(seat)
    p.status = ESCAPED
    p.room = None
    game.changed()


def knock_out(game: Game, seat: int, room: str | None = None) -> None:
    """Make a player knocked out where they stand (or in ``room``), without the turn's
    consequences (see :meth:`~clank.game.table.Table.knock_out` for the rule itself)."""
    p = game.player(seat)
    if room is not None:
        p.room = room
    p.status = KNOCKED_OUT
    p.ko_room = p.room
    game.changed()


def put_pawn(game: Game, seat: int, room: str) -> None:
    """Move a pawn without entering (no entry triggers). The pawn's room changed: for the
    seat whose turn it is, the conditions that look back see it as a moment of the turn."""
    game.player(seat).room = room
    if seat == game.state.current:
        lookback.note_room(game)
    game.changed()


def _take_tile(game: Game, tile: str) -> None:
    """Take a tile out of its stack, or out of the tiles set aside (S-rules remove some)."""
    st = game.state
    for stack in st.stacks.values():
        if tile in stack:
            stack.remove(tile)
            return
    if tile in st.removed_tiles:
        st.removed_tiles.remove(tile)


def place(game: Game, tile: str, x: int, y: int, rot: int = 0, region: str | None = None) -> None:
    """Place a tile from its stack (or from the tiles set aside) at a position (its placement
    effects resolve)."""
    _take_tile(game, tile)
    game.place_tile(tile, x, y, rot, region or game.ruleset.tiles[tile].region, None)
    game.run()
    game.changed()


def place_in_slot(game: Game, tile: str, slot: str, region: str | None = None) -> None:
    """Place a tile from its stack (or from the tiles set aside) into an empty slot of a slot
    region (the Underworld's ``A``-``E``); its placement effects resolve."""
    _take_tile(game, tile)
    game.place_in_slot(tile, region or game.ruleset.tiles[tile].region, slot, None)
    game.run()
    game.changed()


def next_tiles(game: Game, stack: str, tiles: Sequence[str]) -> None:
    """Make ``tiles`` the next tiles drawn from a tile stack (the first listed first), taking them
    from that stack or from the tiles set aside (a set-aside tile swaps with the stack's last)."""
    st = game.state
    pile = st.stacks[stack]
    for tile in tiles:
        if tile in pile:
            pile.remove(tile)
        elif tile in st.removed_tiles:
            st.removed_tiles.remove(tile)
            if pile:
                st.removed_tiles.append(pile.pop())
        else:
            raise AssertionError(f"tile {tile!r} is neither in stack {stack!r} nor set aside")
    pile[0:0] = list(tiles)
    game.changed()


def next_tokens(game: Game, pool: str, tokens: Sequence[str]) -> None:
    """Make ``tokens`` the next tokens drawn from a token pool (the first listed first); each must
    be in that pool."""
    drawn_from = game.state.pools[pool]
    for token in tokens:
        if token not in drawn_from:
            raise AssertionError(f"token {token!r} is not in pool {pool!r}")
        drawn_from.remove(token)
    drawn_from.extend(reversed(list(tokens)))
    game.changed()


def set_cubes(game: Game, who: int | str, n: int, where: str = "clank_area") -> None:
    """Make exactly ``n`` cubes of a seat (an int: they come from or go back to its supply) or of
    a kind (``"black"``) lie in the Clank! area or, with ``where="bag"``, the dragon bag."""
    key = str(who)
    zone = game.state.bag if where == "bag" else game.state.clank_area
    change = n - zone.get(key, 0)
    if isinstance(who, int):
        p = game.player(who)
        if p.cubes < change:
            raise AssertionError(f"seat {who} has only {p.cubes} cubes in supply")
        p.cubes -= change
    zone[key] = n
    game.changed()


def move_between(game: Game, a: str, b: str) -> Action:
    """Put the current player's pawn in room ``a`` (without entering) and make the move to room
    ``b`` through the public API (the cheapest prevention option offered); return the action.
    Raises AssertionError when no legal move leads there."""
    seat = game.state.current
    put_pawn(game, seat, a)
    geo = game.geometry
    routes = {r.key: r for r in geo.routes_from(a)}
    links = {key: dest for key, dest, _ in game.link_routes(a)}
    for action in game.legal_actions():
        if action.kind != "move":
            continue
        key = action.args[0]
        dest = links.get(key) if key.startswith("link:") else routes[key].to[1] if key in routes else None
        if dest == b:
            game.apply(action)
            return action
    raise AssertionError(f"no legal move from {a} to {b}: {[str(x) for x in game.legal_actions()]}")


def give_token(game: Game, seat: int, token: str) -> None:
    """Move a token from wherever it waits (pool, market board, artifact stack, a room) into a
    player's supply, without its immediate text."""
    st = game.state
    for pool in [*st.pools.values(), *st.market.values(), st.artifact_stack,
                 *[r.get("artifacts", []) for r in st.rooms.values()],
                 *[r.get("tokens", []) for r in st.rooms.values()]]:
        if token in pool:
            pool.remove(token)
            break
    else:
        raise AssertionError(f"no {token} left")
    p = game.player(seat)
    (p.artifacts if game.ruleset.tokens[token].pool == "artifact" else p.tokens).append(token)
    game.changed()


def assert_refused(game: Game, action: str) -> str:
    """Assert ``action`` is not legal, is refused with a reason and leaves the state unchanged;
    return the reason."""
    before = state_json(game)
    assert action not in [str(a) for a in game.legal_actions()]
    try:
        game.apply(action)
    except IllegalAction as exc:
        assert state_json(game) == before, "a refused action changed the state"
        assert exc.reason
        return exc.reason
    raise AssertionError(f"{action!r} was accepted")


def answer(game: Game, *actions: str) -> None:
    """Apply actions given as text, in order."""
    for a in actions:
        game.apply(a)


def fresh_state_copy(game: Game) -> GameState:
    """A deep copy of the state, for before/after comparisons."""
    return game.state.clone()


def state_problems(game: Game) -> list[str]:
    """Every invariant of the whole Clank! family the state breaks, in words (empty: a state a
    game can reach): conservation of cards, tokens and cubes (with what packs keep elsewhere),
    resources and health in range, statuses and pawns, artifacts within the limit, tiles in one
    place each. What a loaded save is checked against; packs' fuzz tests call it after every
    action."""
    from clank.game import audit

    return audit.problems(game)


def write_pack(parent: Path, pack_id: str, files: Mapping[str, str], requires: Sequence[str] = ("catacombs",)) -> Path:
    """Write a directory pack ``parent/pack_id`` for a test: a manifest named after the id that
    requires ``requires``, and each of ``files`` (file name -> YAML text). Returns its folder,
    which ``new_game`` and ``clank validate`` take as a pack."""
    pack = parent / pack_id
    pack.mkdir(parents=True)
    manifest = (f'id: {pack_id}\nname: {pack_id.replace("-", " ").title()}\nversion: "0.1.0"\n'
                f'engine: ">=0.1"\nrequires: [{", ".join(requires)}]\n')
    (pack / "pack.yaml").write_text(manifest, encoding="utf-8")
    for name, text in files.items():
        (pack / name).write_text(text, encoding="utf-8")
    return pack


class _ResourcePack:
    """The pack :func:`resource_pack` makes: its data folder and one resource."""

    def __init__(self, data: Path, resource: str, pays_as: str, label: tuple[str, str]) -> None:
        self.data, self.resource, self.pays_as, self.label = data, resource, pays_as, label

    @hookimpl
    def clank_pack_data_dir(self) -> Path:
        return self.data

    @hookimpl
    def clank_register_resources(self, registry: Any) -> None:
        registry.add_resource(self.resource, False, f"{self.label[1]}: pays like {self.pays_as} (a test's).",
                              pays_as=self.pays_as, label=self.label)


def resource_pack(parent: Path, pack_id: str, resource: str, pays_as: str, label: tuple[str, str],
                  requires: Sequence[str] = ("catacombs",)) -> Any:
    """An in-test pack ``pack_id`` (its folder written under ``parent``) that registers one kept
    ``resource`` paying like ``pays_as`` (``label``: singular and plural), for a test of how a
    price is paid when something may stand in and no loaded pack has such a resource: hand it
    to ``new_game`` as ``modules={pack_id: resource_pack(...)}``."""
    return _ResourcePack(write_pack(parent, pack_id, {}, requires), resource, pays_as, label)


def pack_module(path: Path, name: str) -> ModuleType:
    """Import a pack's module from its file, as ``name`` (once per process), for a test of a
    pack that is not installed: hand it to ``new_game`` or ``check_game`` as
    ``modules={"mypack": module}``. Its hooks, and the lines a fault names, are its file's."""
    import importlib.util
    import sys

    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ImportError(f"{path}: not a Python module")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


# ==========================================================================================
# Content corpus: a pack that holds mistakes on purpose, and the problems it says it holds
# ==========================================================================================
_EXPECT = re.compile(r"^# expect: (error|warning)\[([a-z0-9-]+)\] (\S+) (\d+):(\d+)(?: -- (.*))?$")


@dataclass(frozen=True)
class ExpectedProblem:
    """A problem a corpus pack says it holds: where, which rule, and words its message says."""

    severity: str
    rule: str
    file: str
    line: int
    col: int
    words: tuple[str, ...] = ()

    def matches(self, problem: Problem) -> bool:
        """Whether ``problem`` is this one: same severity, rule, file, line and column."""
        return ((problem.severity, problem.rule, problem.line, problem.col) == (self.severity, self.rule, self.line,
                                                                                self.col)
                and Path(problem.file).as_posix().endswith("/" + self.file))


def expected_problems(pack: Path | str) -> list[ExpectedProblem]:
    """The problems a corpus pack says it holds, read from the comment lines at the top of its
    ``pack.yaml`` (one per problem).

    Each gives the severity, the rule, the file within the pack, line:column, then the quoted
    words its message must say::

        # expect: error[slot-region] tiles.yaml 4:3 -- "write region: underworld" "(U26)"
    """
    out = []
    for text in (Path(pack) / "pack.yaml").read_text(encoding="utf-8").splitlines():
        if not text.startswith("#"):
            break
        m = _EXPECT.match(text)
        if m:
            sev, rule, file, line, col, words = m.groups()
            out.append(ExpectedProblem(sev, rule, file, int(line), int(col), tuple(re.findall(r'"([^"]+)"', words or ""))))
    return out


def content_problems(packs: Sequence[str]) -> list[Problem]:
    """Every problem found loading ``packs`` together as a game loads them (pack ids and pack
    directories, requirements first), every optional part on as ``clank validate`` checks
    them: the errors that refuse them, else the warnings."""
    try:
        _, _, datas = load_packs(list(packs), parts=["*"])
    except ContentError as exc:
        return list(exc.problems)
    return [p for data in datas for p in data.warnings]


def check_corpus_pack(pack: Path | str, packs: Sequence[str]) -> list[Problem]:
    """Load a corpus pack after ``packs`` (those it requires) and check that it holds exactly
    the problems its ``pack.yaml`` expects (:func:`expected_problems`), each message with its
    words; raises AssertionError naming what differs. Returns the pack's problems."""
    expected = expected_problems(pack)
    assert expected, f"{pack}: its pack.yaml expects no problem (# expect: ... lines at the top)"
    root = Path(pack).resolve()
    found = [p for p in content_problems([*packs, str(pack)]) if Path(p.file).resolve().is_relative_to(root)]
    shown = "\n".join(p.format_text() for p in found) or "nothing"
    for want in expected:
        hits = [p for p in found if want.matches(p)]
        assert hits, f"{pack}: expected {want.severity}[{want.rule}] at {want.file} {want.line}:{want.col}; found:\n{shown}"
        missing = [w for w in want.words if not any(w in p.message for p in hits)]
        assert not missing, f"{pack}: the message of {want.rule} at {want.line}:{want.col} does not say {missing}:\n{shown}"
    extra = [p for p in found if not any(want.matches(p) for want in expected)]
    assert not extra, f"{pack}: problems not expected:\n" + "\n".join(p.format_text() for p in extra)
    return found


__all__ = ["BusyBot", "ExpectedProblem", "answer", "arranged_game", "assert_refused", "check_corpus_pack", "check_game",
           "content_problems", "dungeon_top", "edit", "expected_problems", "fresh_state_copy", "give_token",
           "knock_out", "mark_escaped", "move_between", "next_tiles", "next_tokens", "pack_module", "place", "place_in_slot",
           "playout", "put_cubes", "put_pawn", "resource_pack", "script_bag", "set_cubes", "set_damage", "set_hand", "set_pool", "set_row",
           "state_json", "state_problems", "surface_problems", "write_pack"]
