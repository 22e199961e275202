"""Checking a game state against what any legal game can reach (a loaded save is never trusted).

:func:`problems` lists, in words, every way a state breaks the invariants of the whole Clank!
family (RULES.md Appendix 2): conservation of cards, tokens and cubes, resources and health in
range, the rage marker on its track, statuses and pawns, artifacts within the carry limit,
tiles in one place each. Packs that keep cards, tokens or cubes somewhere the core does not
know (a room, a pack's part of a player) say so through the ``cards_elsewhere``,
``tokens_elsewhere`` and ``cubes_elsewhere`` modifiers, and packs that put cards into the game
after setup through ``game_cards``, so conservation still adds up.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from clank.game.state import ESCAPED, KNOCKED_OUT, LIVE

if TYPE_CHECKING:
    from clank.game.table import Table

MARKERS = ("own", "black", "neutral")


def problems(game: Table) -> list[str]:
    """Every invariant the state breaks (empty: the state is one a game can reach)."""
    out: list[str] = []
    for check in (_seats, _resources, _health_and_rage, _cards, _tokens, _cubes, _tiles):
        try:
            out.extend(check(game))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            out.append(f"{check.__name__.strip('_')}: malformed ({type(exc).__name__}: {exc})")
    return out


def _seats(game: Table) -> list[str]:
    st = game.state
    out = []
    rooms = set(game.placed_rooms())
    for p in st.players:
        who = game.name(p.seat)
        if p.status not in (LIVE, ESCAPED, KNOCKED_OUT):
            out.append(f"{who} has an unknown status {p.status!r}")
        elif p.status == LIVE and p.room not in rooms:
            out.append(f"{who} is live but not in a room of a placed tile ({p.room!r})")
        elif p.status == ESCAPED and p.room is not None:
            out.append(f"{who} escaped but still has a pawn on the board")
        if p.status == LIVE and game.carried_artifacts(p.seat) > game.artifact_limit(p.seat):
            out.append(f"{who} carries {game.carried_artifacts(p.seat)} artifacts, more than the "
                       f"limit of {game.artifact_limit(p.seat)} (A13)")
    return out


def _resources(game: Table) -> list[str]:
    st = game.state
    res = game.registry.resources
    out = []
    for p in st.players:
        who = game.name(p.seat)
        for name, n in p.pool.items():
            if name not in res:
                out.append(f"{who} holds an unknown resource {name!r}")
            elif n < 0:
                out.append(f"{who} has {n} {name} (never negative)")
            elif res[name].turn and n and (p.seat != st.current or st.over):
                out.append(f"{who} keeps {n} {name} outside their turn (T6)")
        if p.cubes < 0:
            out.append(f"{who} has {p.cubes} cubes in supply")
        if p.pending_neg < 0 or (p.pending_neg and p.seat != st.current):
            out.append(f"{who} has {p.pending_neg} pending negative Clank! (T9)")
    return out


def _health_and_rage(game: Table) -> list[str]:
    st = game.state
    out = []
    for p in st.players:
        who = game.name(p.seat)
        odd = set(p.damage) - set(MARKERS)
        if odd:
            out.append(f"{who} has unknown damage markers {sorted(odd)}")
        if len(p.damage) > game.health or (p.status == LIVE and len(p.damage) >= game.health):
            out.append(f"{who} has {len(p.damage)} damage on a meter of {game.health} (H1, H7)")
    track = game.setup["rage_track"]["draws"]
    if not 0 <= st.rage < len(track):
        out.append(f"the dragon marker is on space {st.rage + 1}, off a track of {len(track)} (D10)")
    if st.rage_advances < 0:
        out.append("the rage track advanced a negative number of times")
    if sum(c is not None for c in st.row) > int(game.setup.get("row_size", 6)):
        out.append(f"the dungeon row holds {sum(c is not None for c in st.row)} cards (D3)")
    return out


def expected_cards(game: Table) -> Counter:
    """Every card of the game: the dungeon deck, the reserve stacks and the starting decks at
    setup, as folded by the ``game_cards`` modifiers (a pack's own starting decks ...)."""
    s = game.setup
    cards = game.ruleset.cards
    n = len(game.state.players)
    out: Counter = Counter({c.id: c.count for c in cards.values() if c.kind == "dungeon"})
    reserve = s.get("reserve", [])
    for cid in reserve:
        size = reserve[cid] if isinstance(reserve, dict) else None
        out[cid] += cards[cid].count if size is None else int(size)
    for cid, copies in (s.get("starting_deck") or {}).items():
        out[cid] += int(copies) * n
    return game.modify("game_cards", out)


def _cards(game: Table) -> list[str]:
    st = game.state
    seen: Counter = Counter()
    seen.update(st.dungeon_deck)
    seen.update(c for c in st.row if c is not None)
    seen.update(st.dungeon_discard)
    seen.update(st.box)
    for cid, left in st.reserve.items():
        seen[cid] += left
    for p in st.players:
        for zone in (p.deck, p.hand, p.play, p.discard):
            seen.update(zone)
    seen.update(game.modify("cards_elsewhere", []))
    want = expected_cards(game)
    diff = sorted(c for c in set(seen) | set(want) if seen[c] != want[c])
    return [f"there are {seen[c]} {c!r} cards; the game has {want[c]}" for c in diff]


def _tokens(game: Table) -> list[str]:
    st = game.state
    spec = game.setup.get("token_pools") or {}
    n = len(st.players)
    want: Counter = Counter()
    for t in game.ruleset.tokens.values():
        per_player = (spec.get(t.pool) or {}).get("per_player")
        want[t.id] = n * int(per_player) if per_player is not None else t.count
    seen: Counter = Counter(st.artifact_stack)
    seen.update(st.token_box)
    for pool in st.pools.values():
        seen.update(pool)
    for board in st.market.values():
        seen.update(board)
    for p in st.players:
        seen.update(p.tokens)
        seen.update(p.artifacts)
    seen.update(game.modify("tokens_elsewhere", []))
    diff = sorted(t for t in set(seen) | set(want) if seen[t] != want[t])
    return [f"there are {seen[t]} {t!r} tokens; the game has {want[t]}" for t in diff]


def _in_flight(game: Table) -> Counter:
    """Cubes an attack has drawn whose steps are still queued (a save in the middle of one)."""
    out: Counter = Counter()
    kinds = game.registry.cube_kinds
    for addr, _seat, data in game.state.queue:
        if addr == "cube":
            out[data] += 1
        elif addr == "attack_end":
            out.update(c for c in data if c in kinds)
    for addr, _seat, data in game.state.queue:     # a kind's cube still queued is counted once
        if addr == "cube" and data in kinds:
            out[data] -= 1
    return out


def _cubes(game: Table) -> list[str]:
    st = game.state
    s = game.setup
    out = []
    flight = _in_flight(game)
    placed: dict[str, int] = game.modify("cubes_elsewhere", {})
    per_player = int(s.get("cubes_per_player", 30))
    for p in st.players:
        k = str(p.seat)
        total = (p.cubes + st.clank_area.get(k, 0) + st.bag.get(k, 0) + p.damage.count("own")
                 + flight[k] + placed.get(k, 0))
        if total != per_player:
            out.append(f"{game.name(p.seat)} has {total} cubes in all; every player has {per_player}")
    black = (st.bag.get("black", 0) + st.bank.get("black", 0) + st.clank_area.get("black", 0)
             + sum(p.damage.count("black") for p in st.players) + flight["black"])
    if black != int(s.get("black_cubes", 24)):
        out.append(f"there are {black} black cubes; the game has {int(s.get('black_cubes', 24))}")
    bank: dict[str, Any] = s.get("bank") or {}
    for kind in game.registry.cube_kinds:
        n = st.bank.get(kind, 0) + st.clank_area.get(kind, 0) + st.bag.get(kind, 0) + flight[kind]
        if n != int(bank.get(kind, 0)):
            out.append(f"there are {n} {kind} cubes; the game has {int(bank.get(kind, 0))}")
    for zone, name in ((st.clank_area, "Clank! area"), (st.bag, "dragon bag"), (st.bank, "bank")):
        for key, n in zone.items():
            if n < 0:
                out.append(f"the {name} holds {n} {key!r} cubes")
            if not (key == "black" or key in game.registry.cube_kinds or key.isdigit() and int(key) < len(st.players)):
                out.append(f"the {name} holds cubes of an unknown kind {key!r}")
    return out


def _tiles(game: Table) -> list[str]:
    st = game.state
    out = []
    where = Counter(t.tile for t in st.tiles)
    for stack in st.stacks.values():
        where.update(stack)
    where.update(st.removed_tiles)
    twice = sorted(t for t, k in where.items() if k > 1)
    if twice:
        out.append(f"tiles in two places: {', '.join(twice)}")
    cells: set[tuple[int, int, str]] = set()
    slots: set[tuple[str, str]] = set()
    for t in st.tiles:
        layout = game.ruleset.regions.get(t.region)
        if layout is not None:              # a slot region: one tile per slot, never turned
            if t.slot not in layout.slots:
                out.append(f"tile {t.tile} is in {t.region!r} but not in one of its slots ({t.slot!r})")
            elif (t.region, t.slot) in slots:
                out.append(f"two tiles fill the slot {t.slot} of {t.region}")
            if t.rot:
                out.append(f"tile {t.tile} of the slot region {t.region!r} is turned")
            slots.add((t.region, t.slot))
            continue
        for dx, dy in game.ruleset.tiles[t.tile].cells.values():
            cell = (t.x + dx, t.y + dy, t.region)
            if cell in cells:
                out.append(f"two tiles cover the cell ({cell[0]}, {cell[1]}) of {cell[2]}")
            cells.add(cell)
    return out
