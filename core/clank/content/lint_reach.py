"""Lint: content that can never reach a game (``unreachable-card``, ``-token``, ``-tile``).

What setup builds is read from the packs' setups merged as a game merges them (in dependency
order, :mod:`clank.content.setupmerge`), for every player count a ``by_players`` entry changes:

- a **card** reaches a game in the dungeon deck (``kind: dungeon``), or when anything names it:
  the reserve, a starting deck, an effect (``gain_card``), a pack's content key (a character's
  deck) ...;
- a **token** reaches it in its pool: the artifact stack, a pool a setup declares (a pack's code
  deals from it; a pool none declares is an error of :mod:`clank.content.checks_refs`), the market
  board (only the tokens ``market_board`` lists, when it lists any), or when anything names it;
- a **tile** reaches it in a stack ``tile_stacks`` builds (a part's ``stack`` or ``add``), as a
  start tile, or when anything names it.

A pack's code may hand out content by other ways (a pool it deals from, an id it places itself):
it declares them with ``registry.add_content_reach(kind, name)`` (``card``, ``token`` or ``tile``
ids it places, a tile ``stack`` it draws from), and what it declares counts as reached.
"""

from __future__ import annotations

from typing import Any

from clank.content.checks_refs import IdIndex, known_stacks, part_stacks
from clank.content.packdata import PackData, as_dict, as_list
from clank.content.packread import Context
from clank.content.setupmerge import merge_setup


def setups_by_count(packs: list[PackData]) -> list[dict[str, Any]]:
    """The setup a game of ``packs`` reads: merged over the packs, and again with each
    ``by_players`` entry merged over it (one per player count it changes)."""
    merged: dict[str, Any] = {}
    for pack in packs:
        merged = merge_setup(merged, pack.setup or {})
    entries = [e for e in as_dict(merged.get("by_players")).values() if isinstance(e, dict)]
    return [merged, *(merge_setup(merged, e) for e in entries)]


def drawn_stacks(setups: list[dict[str, Any]]) -> set[str]:
    """Every tile stack some ``tile_stacks`` part takes tiles from (``stack``, ``add``)."""
    return {name for setup in setups for parts in as_dict(setup.get("tile_stacks")).values()
            for part in as_list(parts) for name in part_stacks(part)}


def check_reach(ctx: Context, packs: list[PackData], index: IdIndex) -> None:
    """Warn about each card, token and tile of ``packs`` that no game of them can hold."""
    setups = setups_by_count(packs)
    reach = ctx.registry.content_reach
    named = {kind: index.referenced[kind] | reach.get(kind, set()) for kind in ("card", "token", "tile")}
    boards = [setup.get("market_board") for setup in setups]
    every_market_token = any(not isinstance(board, list) for board in boards)
    stacks = drawn_stacks(setups) | reach.get("stack", set())
    named_stacks = known_stacks(packs)     # a tile of another stack is an error already
    for pack in packs:
        for i, card in enumerate(pack.cards):
            cid = as_dict(card).get("id")
            if isinstance(cid, str) and card.get("kind") != "dungeon" and cid not in named["card"]:
                ctx.problems.append(pack.problem(
                    "cards", (i, "id"), "unreachable-card",
                    f"card {cid!r} (a {card.get('kind', '')} card) is named by no reserve, starting deck, effect "
                    f"or other content, so no game ever holds it: add it to setup's reserve or starting_deck, "
                    f"name it where content deals cards (a deck a pack's content lists), or make it a dungeon "
                    f"card", severity="warning"))
        for i, token in enumerate(pack.tokens):
            _check_token(ctx, pack, i, as_dict(token), named["token"], every_market_token)
    lost: dict[str, list[tuple[PackData, int]]] = {}
    for pack in packs:
        for i, tile in enumerate(pack.tiles):
            tid, stack = as_dict(tile).get("id"), as_dict(tile).get("stack")
            if (isinstance(tid, str) and isinstance(stack, str) and tid not in named["tile"] and stack not in stacks
                    and stack in named_stacks):
                lost.setdefault(stack, []).append((pack, i))
    for stack, tiles in lost.items():
        _report_lost_stack(ctx, packs, stack, tiles)


def _report_lost_stack(ctx: Context, packs: list[PackData], stack: str, tiles: list[tuple[PackData, int]]) -> None:
    """Tiles of a stack no merged ``tile_stacks`` draws: when a pack's setup drew it and a later
    pack's list for the same region replaced that one, at the replacing list (lists replace, they
    do not add up); else at each tile."""
    for n, pack in enumerate(packs):
        for region, parts in as_dict(pack.setup.get("tile_stacks")).items():
            if stack not in drawn_stacks([{"tile_stacks": {region: parts}}]):
                continue
            later = [p for p in packs[n + 1:] if region in as_dict(p.setup.get("tile_stacks"))]
            if later:
                ctx.problems.append(later[-1].problem(
                    "setup", ("tile_stacks", region), "unreachable-tile",
                    f"this list replaces the tile_stacks of region {region!r} that pack {pack.id!r} gives, which "
                    f"drew stack {stack!r}: its {len(tiles)} tile{'s' if len(tiles) != 1 else ''} never reach a "
                    f"game (a list replaces the earlier one: repeat the parts to keep)",
                    severity="warning", key=True))
                return
    for pack, i in tiles:
        tid = pack.tiles[i]["id"]
        fix = (f"a start tile is laid when setup's start_tiles lists it: add {tid} to start_tiles" if stack == "start"
               else f"add {{stack: {stack}}} (or add: [{stack}]) to a region's tile_stacks")
        ctx.problems.append(pack.problem(
            "tiles", (i, "stack"), "unreachable-tile",
            f"tile {tid!r} is in stack {stack!r}, which no part of tile_stacks draws from, so no game ever lays it: "
            f"{fix}", severity="warning"))


def _check_token(ctx: Context, pack: PackData, i: int, token: dict[str, Any], named: set[str],
                 every_market_token: bool) -> None:
    """A market token the market board never lists (a token of an undeclared pool is an error of
    :mod:`clank.content.checks_refs`; every declared pool is dealt)."""
    tid, pool = token.get("id"), token.get("pool")
    if isinstance(tid, str) and pool == "market" and tid not in named and not every_market_token:
        ctx.problems.append(pack.problem(
            "tokens", (i, "pool"), "unreachable-token",
            f"token {tid!r} is of pool 'market', but setup's market_board lists the items put on the board "
            f"and not this one: add {tid} to market_board", severity="warning"))
