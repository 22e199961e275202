"""Game setup (S1-S19) from the merged ``setup.yaml`` of the loaded packs."""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Any

from clank.content.setupmerge import effective_setup
from clank.game import movement, turn
from clank.game.state import GameState, PlayerState, TurnState
from clank.rng import Rng, seed_state

if TYPE_CHECKING:
    from clank.game.ruleset import Ruleset
    from clank.game.table import Table


class SetupError(ValueError):
    """The requested configuration cannot be set up (player count, options, incomplete setup)."""


REQUIRED = ("rage_track", "start_tiles", "start_feature")
"""Setup keys without which no game can start (a pack such as the base game gives them)."""


OPTIONS: tuple[tuple[str, str], ...] = (
    ("max_rounds", "Abort the game once this many rounds are played (0: no cap; default: the setup's "
                   "max_rounds)."),
    ("first_player", "The seat that plays first (0-based, default 0); starting Clank! follows turn "
                     "order from it (S18)."),
    ("start_side", "The side of the start tile to use (its tiles' side letter; default: the first listed)."),
    ("parts", "The packs' optional parts to use: a list of PART or PACK:PART; -PART leaves out a part "
              "used by default."),
    ("overrides", "Content changed for this game without editing files: {cards: {CARD: {KEY: VALUE}}, "
                  "without: [CARD]} (clank.content.overrides)."),
)
"""The core's own game options, declared like the packs' (``Registry.add_option``)."""


def check_options(ruleset: Ruleset, options: dict[str, Any]) -> None:
    """Refuse an option no loaded pack declares (``Registry.add_option``, or a slot region's
    ``side_option``): a misspelt option would otherwise be silently ignored."""
    known = set(ruleset.registry.options)
    known.update(layout.side_option for layout in ruleset.regions.values() if layout.side_option)
    unknown = [name for name in options if name not in known]
    if not unknown:
        return
    words = []
    for name in unknown:
        near = difflib.get_close_matches(str(name), sorted(known), n=1)
        words.append(f"{name!r}" + (f" (did you mean {near[0]!r}?)" if near else ""))
    raise SetupError(f"unknown game option{'s' if len(unknown) > 1 else ''} {', '.join(words)}; "
                     f"the loaded packs' options are {', '.join(sorted(known))}")


def check_player_count(ruleset: Ruleset, players: int) -> None:
    """S1, P: the loaded packs say which player counts they support."""
    spec = ruleset.setup.get("players", {"min": 2, "max": 4})
    lo, hi = int(spec.get("min", 2)), int(spec.get("max", 4))
    if not lo <= players <= hi:
        hint = spec.get("hint", "")
        raise SetupError(f"{players} players are not supported by the loaded packs ({lo}-{hi})."
                         + (f" {hint}" if hint else ""))


def new_state(ruleset: Ruleset, players: int, seed: int, options: dict[str, Any],
              names: list[str] | None = None) -> GameState:
    """Build the initial state; the caller wraps it in a Game and calls :func:`begin`."""
    check_player_count(ruleset, players)
    s = effective_setup(ruleset.setup, players)
    missing = [key for key in REQUIRED if not s.get(key)]
    if missing:
        raise SetupError(f"the loaded packs' setup gives no {', '.join(missing)}: a game needs "
                         f"{', '.join(REQUIRED)} (is a pack that provides them loaded?)")
    st = GameState(config={"players": players, "seed": seed, "options": dict(options),
                           "packs": dict(ruleset.pack_versions),
                           "max_rounds": int(options.get("max_rounds", s.get("max_rounds", 100)))},
                   rng=seed_state(seed))
    rng = Rng(st)
    cubes = int(s.get("cubes_per_player", 30))
    start = {str(k): int(v) for k, v in (s.get("starting_resources") or {}).items()}
    first = int(options.get("first_player", 0)) % players
    for seat in range(players):
        number = str((seat - first) % players + 1)        # in turn order, like starting_clank (S18, P9)
        extra = (s.get("seat_resources") or {}).get(number) or {}
        pool = {**start, **{str(k): int(v) for k, v in extra.items()}}
        st.players.append(PlayerState(seat=seat, name=(names[seat] if names and seat < len(names) else ""),
                                      cubes=cubes, pool={k: v for k, v in pool.items() if v}))
    st.bag = {"black": int(s.get("black_cubes", 24))}                   # S6
    st.bank = {"black": 0, **{str(k): int(v) for k, v in (s.get("bank") or {}).items()}}
    track = s["rage_track"]
    start = track.get("start", {})
    st.rage = int(start.get(str(players), start.get(players, 0)))        # S4
    _stacks(s, ruleset, st, rng)
    _tokens(s, ruleset, st, rng, players)
    # reserve (S13): a list of card ids (stack size = card count) or a mapping id -> size
    reserve = s.get("reserve", [])
    for cid in reserve:
        size = reserve[cid] if isinstance(reserve, dict) else None
        st.reserve[cid] = ruleset.cards[cid].count if size is None else int(size)
    # dungeon deck (S14)
    deck = [c.id for c in ruleset.cards.values() if c.kind == "dungeon" for _ in range(c.count)]
    rng.shuffle(deck)
    st.dungeon_deck = deck
    # starting decks (S16)
    for p in st.players:
        p.deck = [cid for cid, n in s.get("starting_deck", {}).items() for _ in range(int(n))]
        rng.shuffle(p.deck)
    return st


def _stacks(s: dict[str, Any], ruleset: Ruleset, st: GameState, rng: Rng) -> None:
    """S5: tile stacks built from parts, top first.

    A part names one stack or several (shuffled together), may ``remove`` tiles unseen, may
    ``take`` only the first N (the rest wait for a later ``{rest: true}`` part), and may ``add``
    the tiles of other stacks to what it took before shuffling again (expansions §2.6): all of
    a stack, or ``{stack, keep}``: that stack shuffled, ``keep`` of its tiles, the rest out of
    the game unseen.
    """
    def of(names: Any) -> list[str]:
        names = [names] if isinstance(names, str) else list(names or ())
        return sorted(t.id for t in ruleset.tiles.values() if t.stack in names)

    for region, parts in s.get("tile_stacks", {}).items():
        stack: list[str] = []
        left: list[str] = []
        for part in parts:
            tiles = left if part.get("rest") else of(part.get("stack"))
            if part.get("rest"):
                left = []
            rng.shuffle(tiles)
            for _ in range(int(part.get("remove", 0))):
                if tiles:
                    st.removed_tiles.append(tiles.pop())
            if "take" in part:
                st.removed_tiles.extend(left)      # leftovers no `rest` part claimed leave the game
                tiles, left = tiles[: int(part["take"])], tiles[int(part["take"]):]
            if part.get("add"):
                extra: list[str] = []
                for add in part["add"]:
                    if isinstance(add, dict):              # {stack, keep}: keep k, box the rest unseen
                        kept = of(add["stack"])
                        rng.shuffle(kept)
                        k = int(add["keep"])
                        st.removed_tiles.extend(kept[k:])
                        extra += kept[:k]
                    else:
                        extra += of(add)
                tiles = tiles + extra
                rng.shuffle(tiles)
            stack.extend(tiles)
        st.removed_tiles.extend(left)
        st.stacks[region] = stack


def _tokens(s: dict[str, Any], ruleset: Ruleset, st: GameState, rng: Rng, players: int) -> None:
    """S7-S9, S12: artifact stack, token pools (shuffled unless setup says otherwise, sized per
    player where setup says so), market board."""
    spec = s.get("token_pools") or {}
    by_pool: dict[str, list[str]] = {}
    for t in ruleset.tokens.values():
        count = t.count
        per_player = (spec.get(t.pool) or {}).get("per_player")
        if per_player is not None:
            count = players * int(per_player)                            # S12, P10
        by_pool.setdefault(t.pool, []).extend([t.id] * count)
    arts = by_pool.pop("artifact", [])
    order = {a: i for i, a in enumerate(s.get("artifact_order") or ())}
    toks = ruleset.tokens
    # S7: ascending value from the top, equal values in `artifact_order`; packs may adjust
    stack = sorted(arts, key=lambda a: (toks[a].value, order.get(a, 0)))
    st.artifact_stack = list(stack)
    market = by_pool.pop("market", [])
    board = s.get("market_board")
    st.market["market"] = [m for b in board for m in market if m == b] if board else market
    for pool, tokens in sorted(by_pool.items()):
        tokens.sort()
        if (spec.get(pool) or {}).get("shuffle", True):
            rng.shuffle(tokens)
        st.pools[pool] = tokens


def begin(game: Table) -> None:
    """S10-S19: start tile, initial Clank!, the dungeon row with its Arrive texts, first turn."""
    st = game.state
    s = game.setup
    opts = st.config["options"]
    st.artifact_stack = game.modify("artifact_stack", st.artifact_stack)
    _place_region_starts(game)
    starts = s.get("start_tiles", [])
    side = opts.get("start_side")
    start = next((t for t in starts if game.ruleset.tiles[t].side == side), starts[0] if starts else None)
    if start is None:
        raise SetupError("no start tile in the loaded packs")
    movement.place_tile(game, start, 0, 0, 0, game.ruleset.tiles[start].region, None)
    feature = s.get("start_feature")
    home = next((f"{start}.{r}" for r, room in game.ruleset.tiles[start].rooms.items()
                 if any(name == feature for name, _ in room["features"])), None)
    if home is None:
        raise SetupError(f"the start tile {start!r} has no room with the setup's start_feature {feature!r}")
    for p in st.players:
        p.room = home                                                    # S15
        game.draw(p.seat, int(s.get("hand_size", 5)), log=False)
    st.first = st.current = int(opts.get("first_player", 0)) % len(st.players)
    clank = s.get("starting_clank", [])
    for i in range(len(st.players)):                                     # S18
        seat = (st.first + i) % len(st.players)
        n = int(clank[i]) if i < len(clank) else 0
        game.clank(seat, n)
    _deal_row(game)                          # its Arrive texts are queued first (S19) ...
    game.queue_step(FIRST_TURN, st.first)    # ... and the first turn starts once they resolved
    game.run()


def _place_region_starts(game: Table) -> None:
    """Each slot region's start tile goes into its start slot (the side its ``side_option``
    names, else the first listed), before the main start tile: what its rooms take at
    placement (X11) they take first."""
    opts = game.state.config["options"]
    for name in sorted(game.ruleset.regions):
        layout = game.ruleset.regions[name]
        if not layout.start_tiles or not layout.start:
            continue
        side = opts.get(layout.side_option) if layout.side_option else None
        tiles = game.ruleset.tiles
        tile = next((t for t in layout.start_tiles if t in tiles and tiles[t].side == side),
                    next((t for t in layout.start_tiles if t in tiles), None))
        if tile is None:
            raise SetupError(f"region {name!r}: none of its start tiles {list(layout.start_tiles)} is loaded")
        x, y = layout.slots[layout.start]
        movement.place_tile(game, tile, x, y, 0, name, None, layout.start)


FIRST_TURN = "first_turn"
START_TURN = "start_first_turn"


def _step_first_turn(game: Table, seat: int, _data: Any) -> None:
    """After setup and the setup row's Arrive texts (S19): what setup did is not what the
    first player did on turn 1 (S18, S19, C3, C11b: setup Clank! is not Clank! made), so the
    statistics and the turn start afresh; ``setup_done`` is announced, and the first turn
    starts once what its listeners queued (a draft, decisions of any seat) has resolved."""
    st = game.state
    for p in st.players:
        p.stats.clear()
    st.turn = TurnState()
    game.queue_step(START_TURN, seat)
    game.emit("setup_done")


def _step_start_first_turn(game: Table, seat: int, _data: Any) -> None:
    turn.start_turn(game)


def register(registry: Any) -> None:
    """Register the setup's steps."""
    registry.add_step(FIRST_TURN, _step_first_turn, "S19: the first turn starts after the setup row's Arrive texts.")
    registry.add_step(START_TURN, _step_start_first_turn,
                      "The first turn starts, after what the setup_done listeners queued.")


def _deal_row(game: Table) -> None:
    """S14, S19: deal the row without dragon icons; resolve Arrive texts before the first turn."""
    st = game.state
    size = int(game.setup.get("row_size", 6))
    aside: list[str] = []
    row: list[str] = []
    while len(row) < size and st.dungeon_deck:
        card = st.dungeon_deck.pop()
        (aside if game.ruleset.cards[card].dragon_attack else row).append(card)
    st.dungeon_deck.extend(aside)
    game.rng.shuffle(st.dungeon_deck)
    st.row = list(row)
    arrivals = [(game.ruleset.cards[c].effects["arrive"], c) for c in row if "arrive" in game.ruleset.cards[c].effects]
    for addrs, card in reversed(arrivals):
        game.push(addrs, st.first, card)
