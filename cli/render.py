"""Text views of a game for the terminal: the dungeon map, the panels a player decides from,
readable labels for legal actions, and the final scores.

Everything here reads one seat's :class:`~clank.game.view.SeatView` (never the whole game:
a human sees what their seat may see) and returns rich renderables or strings; nothing prints
and nothing changes the game. What packs put on the map, the players' panels and the boards
comes from their render hooks (:class:`~clank.registry.RenderDef`). Text built from content
(names, card texts) is wrapped in :class:`rich.text.Text`, never parsed as markup.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from clank.actions import Action
from clank.cli.seats import Seat
from clank.game.view import SeatView as Game
from clank.registry import Mark
from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

SIDE_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}
_RULE_REFS = re.compile(r"\s*\([A-Z]{1,2}-?\d[^)]*\)")
_SENTENCE_END = re.compile(r"(?<=[a-z)])[.:;]\s+(?=[A-Z])")
STYLES = {"treasure": "yellow", "danger": "red", "muted": "dim", "resource": "cyan"}


def _marks(game: Game, what: str, *args: Any) -> list[Mark]:
    """What the packs' render hooks say about a room, tile, player or the boards."""
    out: list[Mark] = []
    for rdef in game.registry.renderers:
        fn = getattr(rdef, what)
        if fn is not None:
            out.extend(fn(game, *args))
    return out


def _style(mark: Mark) -> str:
    if mark.style.startswith("player:"):
        return "bold"
    return STYLES.get(mark.style, "")


# ==========================================================================================
# Names
# ==========================================================================================
def seat_name(game: Game, seat: int, seats: Sequence[Seat] | None = None) -> str:
    """``P2`` or ``P2 (greedy)``; humans are marked ``(you)`` when there is only one."""
    name = game.name(seat)
    if not seats:
        return name
    s = seats[seat]
    if s.is_human:
        return f"{name} (you)" if sum(x.is_human for x in seats) == 1 else f"{name} (human)"
    return f"{name} ({s.bot})"


def card_name(game: Game, card: str) -> str:
    """A card's printed name (its id if unknown)."""
    cdef = game.ruleset.cards.get(card)
    return cdef.name if cdef else card


def token_name(game: Game, token: str) -> str:
    """A token's name (its id if unknown)."""
    tdef = game.ruleset.tokens.get(token)
    return tdef.name if tdef else token


def cost_text(cost: dict[str, int]) -> str:
    """``{"skill": 2, "swords": 1}`` → ``"2 skill, 1 swords"``; nothing → ``"free"``."""
    return ", ".join(f"{n} {res}" for res, n in cost.items() if n) or "free"


def feature_text(name: str, arg: Any) -> str:
    """``("reward_gold", 2)`` → ``"reward gold 2"``; ``("artifact", {"plus": 1})`` → ``"artifact plus=1"``."""
    text = name.replace("_", " ")
    if isinstance(arg, dict):
        extra = ",".join(f"{k}={v}" for k, v in arg.items() if v not in (0, None, False))
        return f"{text} {extra}" if extra else text
    return f"{text} {arg}" if arg not in (None, "") else text


def room_name(game: Game, room_id: str) -> str:
    """``"su-1.market"`` → ``"market (Lantern Market)"``."""
    tile, _, local = room_id.partition(".")
    tdef = game.ruleset.tiles.get(tile)
    return f"{local} ({tdef.name})" if tdef else room_id


def room_features(game: Game, room_id: str) -> str:
    """The printed features of a room, short (``"market, wayshrine"``)."""
    try:
        feats = game.room_features(room_id)
    except (KeyError, ValueError):
        return ""
    return ", ".join(feature_text(n, a) for n, a in feats)


def room_state(game: Game, room_id: str) -> list[str]:
    """What lies in a room now, as the packs' render hooks say (artifacts, marks ...), and the
    pieces standing there."""
    out = [m.text for m in _marks(game, "room", room_id)]
    for piece in game.pieces.values():
        if piece["room"] == room_id:
            drawn = [rdef.piece(game, piece) for rdef in game.registry.renderers if rdef.piece is not None]
            out.append(drawn[0].text if drawn else piece["kind"].replace("_", " "))
    return out


def _first_sentence(doc: str) -> str:
    text = _RULE_REFS.sub("", doc).strip()
    return _SENTENCE_END.split(text)[0].rstrip(".")


def _humanise(game: Game, arg: str) -> str:
    if arg in game.ruleset.cards:
        return card_name(game, arg)
    if arg in game.ruleset.tokens:
        return token_name(game, arg)
    if "." in arg and arg.partition(".")[0] in game.ruleset.tiles:
        return room_name(game, arg)
    return arg


# ==========================================================================================
# Action labels
# ==========================================================================================
def action_label(game: Game, action: Action) -> str:
    """``"buy 2: Rebel Scribe (1 skill)"``: the action text, then what it does in words."""
    try:
        detail = _describe(game, action)
    except Exception:  # a label must never stop a game: fall back to names only
        detail = None
    if detail is None:
        detail = " ".join(_humanise(game, a) for a in action.args)
    return f"{action}: {detail}" if detail and detail != str(action) else str(action)


def _describe(game: Game, action: Action) -> str | None:
    d = game.pending()
    if d is not None and d["kind"] != "orient":
        return _describe_answer(game, d, action)
    k, args = action.kind, action.args
    seat = game.current
    if k == "play":
        return card_name(game, args[0])
    if k in ("buy", "use", "fight"):
        card = game.row[int(args[0])]
        cdef = game.ruleset.cards[card]
        how = " paying with a lockpick" if len(args) > 1 and args[1] == "alt" else ""
        return f"{cdef.name} ({cost_text(cdef.cost)}){how}"
    if k in ("reserve", "fight-reserve"):
        cdef = game.ruleset.cards[args[0]]
        return f"{'fight' if k == 'fight-reserve' else 'acquire'} {cdef.name} from the reserve ({cost_text(cdef.cost)})"
    if k in ("move", "portal", "explore"):
        return _describe_move(game, seat, action)
    if k == "teleport":
        kind, target = args
        if target.startswith("open:"):
            return f"teleport ({kind}) through an unexplored tunnel"
        return f"teleport ({kind}) to {room_name(game, target)}" + _feature_suffix(game, target)
    if k in ("orient", "place"):
        return _describe_orient(game, action)
    if k == "end":
        return "end your turn"
    if k == "room":
        return _describe_room(game, seat, action)
    if k == "token":
        tdef = game.ruleset.tokens[args[0]]
        return f"use {tdef.name}" + (f" ({tdef.text})" if tdef.text else "")
    if k == "cash":
        tdef = game.ruleset.tokens[args[0]]
        return f"trade {tdef.name} for {tdef.worth_gold} gold"
    if k in ("remote-buy", "item"):
        return "buy " + " with ".join(token_name(game, a) for a in args) + " from the market"
    return None


def _feature_suffix(game: Game, room_id: str) -> str:
    feats = room_features(game, room_id)
    state = room_state(game, room_id)
    parts = [p for p in (feats, "; ".join(state)) if p]
    return f" [{'; '.join(parts)}]" if parts else ""


def _cost_words(cost: Any, prevent: int | None) -> str:
    parts = [f"{n} {res if n != 1 else res.rstrip('s')}" for res, n in cost.resources.items() if n]
    if cost.damage:
        monsters = f"{cost.damage} monster{'s' if cost.damage != 1 else ''}"
        if prevent is not None:
            taken = cost.damage - prevent
            monsters += f": {prevent} swords, {taken} damage" if prevent else f": {taken} damage"
        parts.append(monsters)
    if cost.against:
        parts.append("against the arrow")
    return ", ".join(parts)


def _describe_move(game: Game, seat: int, action: Action) -> str:
    geo = game.geometry
    here = game.player(seat).room
    if action.args[0].startswith("link:"):
        key, dest, cost = next(x for x in game.link_routes(here) if x[0] == action.args[0])
        return f"to {room_name(game, dest)}{_feature_suffix(game, dest)} ({_cost_words(cost, int(action.args[1]))})"
    routes = {r.key: r for r in geo.routes_from(here)}
    r = routes[action.args[0]]
    if action.kind == "move":
        cost = game.path_cost(r.segments)
        return f"to {room_name(game, r.to[1])}{_feature_suffix(game, r.to[1])} ({_cost_words(cost, int(action.args[1]))})"
    if action.kind == "portal":
        ex = next(e for e in geo.portal_exits() if e.key == action.args[1])
        cost = game.path_cost([*r.segments, *ex.segments])
        return (f"through the portal to {room_name(game, ex.to[1])}{_feature_suffix(game, ex.to[1])} "
                f"({_cost_words(cost, int(action.args[2]))})")
    _, x, y, side, _idx, _region = r.to
    cost = game.path_cost(r.segments)
    return f"explore {SIDE_NAMES.get(side, side)} from cell ({x},{y}) ({_cost_words(cost, None)} so far)"


def _describe_orient(game: Game, action: Action) -> str:
    moving = game.moving_tile
    tile = game.ruleset.tiles[moving].name if moving else "the new tile"
    rot = int(action.args[0])
    turned = f"{tile} turned {rot * 90}°" if rot else f"{tile} unturned"
    if action.kind == "place":
        return f"place {turned}; you cannot pass and stay where you are"
    outcome = next((o for o in game.orientations() if o["rot"] == rot), None)
    if outcome is None:
        return f"place {turned}"
    to = outcome["to"]
    where = (f"leads to {room_name(game, to[1])}{_feature_suffix(game, to[1])}" if to[0] == "room"
             else f"leads on to an unexplored edge ({SIDE_NAMES.get(to[3], to[3])})")
    return f"place {turned}: {where} ({_cost_words(outcome['cost'], int(action.args[1]))})"


def _describe_room(game: Game, seat: int, action: Action) -> str:
    feature, *rest = action.args
    if feature == "artifact" and rest:
        tdef = game.ruleset.tokens[rest[0]]
        return f"take the {tdef.value}-point artifact ({tdef.name})"
    if feature == "market" and rest:
        item = game.ruleset.tokens[rest[0]]
        with_coupon = f" using {token_name(game, rest[1])}" if len(rest) > 1 else ""
        return f"buy {item.name}{with_coupon}" + (f" — {item.text}" if item.text else "")
    fdef = game.registry.room_features.get(feature)
    what = _first_sentence(fdef.doc) if fdef and fdef.doc else feature.replace("_", " ")
    return " ".join([what, *(_humanise(game, a) for a in rest)])


def _describe_answer(game: Game, d: dict[str, Any], action: Action) -> str | None:
    kind = d["kind"]
    if action.kind == "option" and isinstance(d.get("labels"), list):     # choose, and packs' choices
        return str(d["labels"][int(action.args[0])])
    if kind in ("may", "react"):
        return str(d.get("label", "")) if action.kind == "yes" else "no"
    if kind == "pick":
        if action.kind == "done":
            return "done (pick no more)"
        zone, card = action.args
        return f"{d['purpose']} {card_name(game, card)} from your {zone}"
    return _describe_verb(game, action)


def _describe_verb(game: Game, action: Action) -> str | None:
    """Answers to pack-defined decisions whose verbs are common enough to word generically."""
    k, args = action.kind, action.args
    try:
        if k == "slot":
            card = game.row[int(args[0])]
            return f"row slot {args[0]}: {card_name(game, card)}" if card else None
        if k == "rotate":
            return f"turn the tile {int(args[0]) * 90}° clockwise"
        if k == "put":
            x, y, r = (int(a) for a in args)
            return f"place the next tile at ({x},{y}) turned {r * 90}°"
    except (ValueError, IndexError):
        return None
    return None


# ==========================================================================================
# Panels
# ==========================================================================================
def _pawns(game: Game) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for p in game.players:
        room = p.room if p.status == "live" else p.ko_room if p.status == "knocked_out" else None
        if room:
            out.setdefault(room, []).append(("x" if p.status == "knocked_out" else "") + game.name(p.seat))
    return out


def dungeon_map(game: Game) -> RenderableType:
    """The placed tiles on their grid (north up): tile name, its rooms, what lies there, pawns.

    ``@P2`` is a pawn, ``@xP3`` a knocked-out one; packs' notes follow the tile's name.
    """
    pawns = _pawns(game)
    regions: dict[str, dict[tuple[int, int], Text]] = {}
    for pt in game.tiles:
        tdef = game.ruleset.tiles[pt.tile]
        notes = _marks(game, "tile", pt.tile)
        for key, (dx, dy) in tdef.cells.items():
            text = Text()
            text.append(tdef.name, style="bold")
            for mark in notes:
                text.append(f" {mark.text}", style=_style(mark))
            for local, room in tdef.rooms.items():
                if room.get("cell", "") != key:
                    continue
                rid = f"{pt.tile}.{local}"
                text.append(f"\n{local}", style="green")
                feats = ", ".join(feature_text(n, a) for n, a in room["features"])
                if feats:
                    text.append(f": {feats}")
                for item in room_state(game, rid):
                    text.append(f"; {item}", style="yellow")
                if rid in pawns:
                    text.append(" @" + " @".join(pawns[rid]), style="bold red")
            regions.setdefault(pt.region, {})[(pt.x + dx, pt.y + dy)] = text
    tables = []
    for region in sorted(regions):
        cells = regions[region]
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        table = Table(title=Text(f"Dungeon: {region}"), box=box.SQUARE, show_lines=True, expand=False,
                      title_justify="left")
        table.add_column("y\\x", justify="right", style="dim")
        for x in range(min(xs), max(xs) + 1):
            table.add_column(str(x), min_width=12, max_width=30)
        for y in range(max(ys), min(ys) - 1, -1):
            table.add_row(str(y), *(cells.get((x, y), Text("")) for x in range(min(xs), max(xs) + 1)))
        tables.append(table)
    return Group(*tables) if tables else Text("(no tiles placed)")


def players_view(game: Game, seats: Sequence[Seat] | None = None) -> Group:
    """Every player: where, gold, health, cubes, Clank! in the area, artifacts, cards; then what
    the packs add (lockpicks ...) and tokens."""
    table = Table(title="Players", box=box.SIMPLE_HEAD, title_justify="left", pad_edge=False, padding=(0, 1),
                  caption="hp: damage/health; cards: deck/discard/owned", caption_justify="left")
    for col in ("player", "where", "gold", "hp", "cube", "clank", "art", "cards"):
        table.add_column(col, no_wrap=True, overflow="ellipsis")
    tokens = Text()
    for p in game.players:
        marker = "▶" if p.seat == game.current_player else " "
        room = p.room or p.ko_room
        where = room.partition(".")[2] if room else "-"
        if p.status == "escaped":
            where = "escaped"
        elif p.status == "knocked_out":
            where = f"KO {where}"
        deck = p.deck if isinstance(p.deck, int) else len(p.deck)
        hand = p.hand if isinstance(p.hand, int) else len(p.hand)
        table.add_row(
            Text(marker + seat_name(game, p.seat, seats)), Text(where), str(p.gold),
            f"{len(p.damage)}/{game.health}", str(p.cubes), str(game.clank_area.get(str(p.seat), 0)),
            ",".join(str(game.ruleset.tokens[a].value) for a in p.artifacts) or "-",
            f"{deck}/{len(p.discard)}/{deck + hand + len(p.play) + len(p.discard)}")
        extra = [m.text for m in _marks(game, "player", p.seat)]
        held = Counter(token_name(game, t) for t in p.tokens)
        if extra or held:
            tokens.append(f"{game.name(p.seat)}: ", style="bold")
            tokens.append("; ".join([*extra, *(f"{n}×{k}" if k > 1 else n for n, k in sorted(held.items()))]) + "\n")
    tokens.rstrip()
    return Group(table, tokens) if tokens else Group(table)


def hand_panel(game: Game, seat: int) -> RenderableType:
    """A player's hand (with card texts), play area, pool and held teleports."""
    p = game.player(seat)
    table = Table(title=Text(f"{game.name(seat)}: hand"), box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("card")
    table.add_column("text", overflow="fold")
    for card, n in Counter(p.hand).items():
        label = card_name(game, card) + (f" ×{n}" if n > 1 else "")
        table.add_row(Text(label), Text(game.ruleset.cards[card].text if card in game.ruleset.cards else ""))
    lines = Text()
    lines.append("play area: ", style="bold")
    lines.append(", ".join(card_name(game, c) for c in p.play) or "-")
    pool = {res: p.pool.get(res, 0) for res in ("skill", "swords", "boots")}
    pool.update({k: v for k, v in p.pool.items() if k not in pool})
    lines.append("\npool: ", style="bold")
    lines.append(", ".join(f"{n} {res}" for res, n in pool.items()))
    lines.append(f"; teleports: {', '.join(p.teleports) or 'none'}")
    if seat == game.current and game.turn.flags:
        lines.append(f"; this turn: {', '.join(f.replace('_', ' ') for f in game.turn.flags)}", style="yellow")
    return Group(table, lines)


def row_table(game: Game) -> Table:
    """The dungeon row with slots, costs, points and texts; then reserve and market."""
    table = Table(title="Dungeon row", box=box.SIMPLE_HEAD, title_justify="left")
    for col in ("slot", "card", "type", "cost", "VP", "text"):
        table.add_column(col, overflow="fold")
    for slot, card in enumerate(game.row):
        if card is None:
            table.add_row(str(slot), "(empty until end of turn)", "", "", "", "")
            continue
        cdef = game.ruleset.cards[card]
        flags = (" ⚠dragon" if cdef.dragon_attack else "") + (" danger" if cdef.danger else "")
        points = cdef.points if isinstance(cdef.points, int) else "*"
        table.add_row(str(slot), Text(cdef.name + flags), Text(cdef.type), Text(cost_text(cdef.cost)), str(points),
                      Text(cdef.text))
    return table


def supply_text(game: Game) -> Text:
    """Reserve stacks, the packs' boards, the Clank! area, the dragon's bag and rage."""
    cards = game.ruleset.cards
    out = Text()
    out.append("reserve: ", style="bold")
    out.append("; ".join(f"{cards[c].name} ×{n} ({cost_text(cards[c].cost)})" for c, n in game.reserve.items()) or "-")
    for mark in _marks(game, "board"):
        out.append(f"\n{mark.text}", style=_style(mark))
    area = ", ".join(f"{game.name(int(k)) if k.isdigit() else k} {n}" for k, n in sorted(game.clank_area.items()) if n)
    draws = game.setup.get("rage_track", {}).get("draws", [])
    draw = draws[game.rage] if 0 <= game.rage < len(draws) else "?"
    out.append("\nClank! area: ", style="bold")
    out.append(area or "empty")
    out.append("\ndragon bag: ", style="bold")
    out.append(f"{game.bag_total} cubes")
    out.append("\nrage: ", style="bold")
    out.append(f"space {game.rage + 1} of {len(draws)}, the dragon draws {draw} cube(s)")
    out.append(f"; dungeon deck {game.dungeon_deck_size} cards; round {game.round}")
    return out


def log_text(game: Game, lines: int = 10) -> Text:
    """The last lines of the event log."""
    tail = game.log[-lines:]
    out = Text()
    out.append("log:", style="bold")
    for line in tail:
        out.append(f"\n  {line}", style="dim")
    return out


def actions_text(game: Game, actions: Sequence[Action]) -> Text:
    """The numbered list of legal actions with readable labels."""
    out = Text()
    for i, a in enumerate(actions, 1):
        out.append(f"{i:>3}) ", style="bold cyan")
        out.append(action_label(game, a))
        if i < len(actions):
            out.append("\n")
    return out


def decision_view(game: Game, seat: int, seats: Sequence[Seat] | None, actions: Sequence[Action]) -> Group:
    """Everything a human decides from, top to bottom."""
    d = game.decision()
    header = Text()
    header.append(f"── {seat_name(game, seat, seats)} to decide", style="bold")
    if game.current != seat:                 # a decision on another seat's turn (a reaction, a choice)
        header.append(f" on {seat_name(game, game.current, seats)}'s turn", style="bold")
    header.append(": ", style="bold")
    header.append(str(d["prompt"]))
    return Group(dungeon_map(game), players_view(game, seats), row_table(game), supply_text(game), Text(""),
                 hand_panel(game, seat), log_text(game), Text(""), header, actions_text(game, actions))


# ==========================================================================================
# Scores
# ==========================================================================================
def winner_seat(game: Game) -> int | None:
    """The first of ``game.winners()`` when its score is positive, else None (nobody scored)."""
    if not game.over:
        return None
    wins = game.winners()
    if not wins:
        return None
    totals = {s["seat"]: s["total"] for s in game.scores()}
    return wins[0] if totals.get(wins[0], 0) > 0 else None


def scores_table(game: Game, seats: Sequence[Seat] | None = None) -> Table:
    """Score lines by source (rows) for every seat (columns), eligibility and totals."""
    scores = game.scores()
    sources: list[str] = []
    for s in scores:
        for src, _ in s["lines"]:
            if src not in sources:
                sources.append(src)
    table = Table(title="Final scores", box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("source")
    for s in scores:
        table.add_column(Text(seat_name(game, s["seat"], seats)), justify="right")
    for src in sources:
        row = [Text(src)]
        for s in scores:
            row.append(Text(str(sum(v for name, v in s["lines"] if name == src))))
        table.add_row(*row)
    table.add_row("status", *(Text(game.player(s["seat"]).status.replace("_", " ")) for s in scores))
    table.add_row("scores?", *("yes" if s["eligible"] else "no" for s in scores))
    table.add_row(Text("total", style="bold"), *(Text(str(s["total"]), style="bold") for s in scores))
    return table


def result_text(game: Game, seats: Sequence[Seat] | None = None) -> Text:
    """The outcome in one line: winner(s), no winner, or an aborted game."""
    if game.aborted:
        cap = game.max_rounds
        return Text(f"The game was aborted: the round cap ({cap}) was reached; there is no winner.",
                    style="yellow")
    if winner_seat(game) is None:
        return Text("Nobody scored: there is no winner.", style="yellow")
    wins = game.winners()
    total = next(s["total"] for s in game.scores() if s["seat"] == wins[0])
    names = " and ".join(seat_name(game, w, seats) for w in wins)
    verb = "share the win" if len(wins) > 1 else "wins"
    return Text(f"{names} {verb} with {total} points.", style="bold green")
