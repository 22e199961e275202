"""Effect ops, conditions and quantities that base-game cards and tokens use."""

from __future__ import annotations

from clank.plugin import PlacedTile, act

from clank_catacombs import features, labels, market

NULL = {"type": "null"}
COUNT = {"type": "integer", "minimum": 1}


def _arg(schema: dict, title: str, description: str) -> dict:
    """An argument schema with the title and description editors and the authoring guide show."""
    return {"title": title, "description": description, **schema}


# -- tokens and prisoners -------------------------------------------------------------------
def op_take_secret(ctx, pool: str) -> None:
    token = ctx.game.draw_token(pool)
    if token:
        ctx.game.say(f"{ctx.game.name(ctx.seat)} takes {ctx.game.article(ctx.game.token_defs[token].name)}.")
        ctx.game.take_token(ctx.seat, token)


def op_free_prisoners(ctx, n: int) -> None:
    for _ in range(int(n)):
        token = ctx.game.draw_token("prisoner")
        if token is None:
            return
        ctx.game.say(f"{ctx.game.name(ctx.seat)} frees the {ctx.game.token_defs[token].name}.")
        ctx.game.take_token(ctx.seat, token)


def op_return_black_cubes(ctx, n: int) -> None:
    bank, bag = ctx.game.bank, ctx.game.bag
    k = min(int(n), bank.get("black", 0))
    bank["black"] = bank.get("black", 0) - k
    bag["black"] = bag.get("black", 0) + k


# -- dungeon row ----------------------------------------------------------------------------
def op_replace_row_card(ctx, _arg) -> None:
    if any(c is not None for c in ctx.game.row) and ctx.game.dungeon_deck:
        ctx.ask({"kind": "replace_row", "prompt": "choose a dungeon row card to replace"})


def replace_legal(game, d):
    return [act("slot", i) for i, c in enumerate(game.row) if c is not None]


def replace_resolve(game, d, action):
    row = game.row
    slot = int(action.args[0])
    old = row[slot]
    game.dungeon_discard.append(old)
    new = game.dungeon_deck.pop()
    row[slot] = new
    game.say(f"{game.card_defs[old].name} is replaced by {game.card_defs[new].name}.")
    cdef = game.card_defs[new]
    if "arrive" in cdef.effects:
        game.push(cdef.effects["arrive"], d["seat"], new)
    # the newcomer's dragon icon is ignored (Remove Traps)


# -- tiles ----------------------------------------------------------------------------------
def _pawn_tiles(game) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for p in game.players:
        room = p.room if p.status == "live" else p.ko_room if p.status == "knocked_out" else None
        if room:
            out.setdefault(room.partition(".")[0], []).append(p.seat)
    return out


def op_rotate_tiles(ctx, args: dict) -> None:
    """X15: Animated Wall turns occupied tiles 180°; Sudden Movement lets lone pawns turn theirs."""
    game = ctx.game
    pawns = _pawn_tiles(game)
    placed = {t.tile: t for t in game.tiles}
    if args.get("who") == "occupied":
        turned = [tile for tile in sorted(pawns) if game.tile_defs[tile].rotatable]
        for tile in turned:
            placed[tile].rot = (placed[tile].rot + 2) % 4
            game.say(f"{game.tile_defs[tile].name} turns around (180°).")
        game.tiles_turned(turned)
        return
    for seat in reversed(game.clockwise_live(game.current)):
        room = game.player(seat).room
        own = room.partition(".")[0] if room else None
        if own and pawns.get(own) == [seat] and game.tile_defs[own].rotatable:
            game.ask_later({"kind": "rotate_tile", "seat": seat, "tile": own,
                            "src": ctx.src, "prompt": "turn your tile to a new orientation"})


def rotate_legal(game, d):
    return [act("rotate", k) for k in (1, 2, 3)]


def rotate_resolve(game, d, action):
    placed = next(t for t in game.tiles if t.tile == d["tile"])
    placed.rot = (placed.rot + int(action.args[0])) % 4
    game.tiles_turned([d["tile"]])
    game.say(f"{game.name(d['seat'])} turns {game.tile_defs[d['tile']].name} "
             f"{int(action.args[0]) * 90}° clockwise.")


def _region(game, seat: int) -> str:
    """The map region of the player's room (tiles are drawn from that region's stack); a tile
    placed anywhere (Dusty Map) goes to the catacombs whatever region the player is in."""
    room = game.player(seat).room
    return game.tile_defs[room.partition(".")[0]].region if room else "catacombs"


def _free_cells(game, anywhere: bool, seat: int) -> list[tuple[int, int]]:
    geo = game.geometry
    room = game.player(seat).room
    region = _region(game, seat)
    if game.slot_layout(region) is not None:      # Dusty Map from a region of slots: the catacombs
        region, room = "catacombs", None
    bases = [t for t in game.tiles if t.region == region
             and (anywhere or (room and t.tile == room.partition(".")[0]))]
    cells = set()
    for t in bases:
        for dx, dy in game.tile_defs[t.tile].cells.values():
            for nx, ny in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                c = (t.x + dx + nx, t.y + dy + ny)
                if geo.cell_free(c[0], c[1], region) and game.ask_listeners(
                        "discovery_ok", region=region, x=c[0], y=c[1]):
                    cells.add(c)
    pending = game.turn.move      # X3: the cell of a tile being oriented is taken
    if pending:
        cells.discard((pending["x"], pending["y"]))
    return sorted(cells)


def _free_slots(game, seat: int) -> list[str]:
    """In a region laid out as slots, the empty slots next to the player's tile."""
    room = game.player(seat).room
    return game.empty_slots_next_to(room.partition(".")[0]) if room else []


def op_place_tile_adjacent(ctx, args: dict) -> None:
    """Marble Guardian / Dusty Map: place the next tile in an empty cell (next to yours, or anywhere).

    In a region laid out as slots (U40) the Marble Guardian places the region's next tile into an
    empty slot next to the player's tile; with none, or an empty stack, nothing is placed and the
    player gains 2 gold. Placing anywhere (Dusty Map) only ever places catacomb tiles."""
    game = ctx.game
    anywhere = bool(args.get("anywhere"))
    region = _region(game, ctx.seat)
    if game.slot_layout(region) is not None and not anywhere:
        if not game.stacks.get(region) or not _free_slots(game, ctx.seat):
            game.say("No tile can be placed next to yours: you gain 2 gold instead.")
            game.gain(ctx.seat, "gold", 2)
            return
        ctx.ask({"kind": "place_tile", "anywhere": False, "region": region,
                 "prompt": "choose an empty slot next to your tile for the next tile"})
        return
    if not game.stacks.get(_region(game, ctx.seat)) or not _free_cells(game, anywhere, ctx.seat):
        game.say("No tile can be placed: nothing happens.")      # X12 (content-facts: then it does nothing)
        return
    ctx.ask({"kind": "place_tile", "anywhere": anywhere,
             "prompt": "choose an empty cell for the next tile"})


def place_legal(game, d):
    """X3: first the empty cell (before the tile is revealed), then the orientation (X4); in a
    region of slots, the empty slot (no orientation: the slot fixes it)."""
    if d.get("region") and "tile" not in d:
        return [act("slot", s) for s in _free_slots(game, d["seat"])]
    if "tile" in d:
        turns = 4 if game.tile_defs[d["tile"]].rotatable else 1
        ok = [r for r in range(turns)
              if game.placement_ok(PlacedTile(d["tile"], d["x"], d["y"], r, d["region"]))]
        return [act("turn", r) for r in ok or range(turns)]
    return [act("put", x, y) for x, y in _free_cells(game, d["anywhere"], d["seat"])]


def place_resolve(game, d, action):
    if action.kind == "slot":
        region = d["region"]
        tile = game.stacks[region].pop(0)
        game.say(f"{game.name(d['seat'])} reveals {game.tile_defs[tile].name}.")
        game.place_in_slot(tile, region, action.args[0], d["seat"])
        game.ask({"kind": "marble_reward", "seat": d["seat"], "tile": tile, "src": d.get("src", ""),
                  "prompt": "teleport into a room of the new tile, or gain 2 gold"})
        return
    if action.kind == "put":
        region = _region(game, d["seat"])
        region = "catacombs" if game.slot_layout(region) is not None else region
        tile = game.stacks[region].pop(0)
        game.say(f"{game.name(d['seat'])} reveals {game.tile_defs[tile].name}.")
        game.ask({**d, "tile": tile, "x": int(action.args[0]), "y": int(action.args[1]), "region": region,
                  "prompt": "turn the revealed tile to an orientation"})
        return
    tile = d["tile"]
    game.place_tile(tile, d["x"], d["y"], int(action.args[0]), d["region"], d["seat"])
    game.say(f"{game.name(d['seat'])} places {game.tile_defs[tile].name}.")
    if not d["anywhere"]:
        game.ask({"kind": "marble_reward", "seat": d["seat"], "tile": tile, "src": d.get("src", ""),
                  "prompt": "teleport into a room of the new tile, or gain 2 gold"})


def marble_legal(game, d):
    rooms = [f"{d['tile']}.{r}" for r in game.tile_defs[d["tile"]].rooms]
    if game.turn.move:            # X8: a paused move allows no teleport
        return [act("gold")]
    return [act("enter", r) for r in rooms if not game.may_enter(d["seat"], r)] + [act("gold")]


def marble_resolve(game, d, action):
    if action.kind == "gold":
        game.gain(d["seat"], "gold", 2)
    else:
        game.say(f"{game.name(d['seat'])} teleports into {game.room_name(action.args[0])}.", d["seat"])
        game.enter_room(d["seat"], action.args[0])


def op_mark_wayshrine_remote(ctx, _arg) -> None:
    if _remote_shrines(ctx.game, ctx.seat):
        ctx.ask({"kind": "remote_mark", "prompt": "mark a wayshrine anywhere"})


def _remote_shrines(game, seat) -> list[str]:
    out = []
    for t in game.tiles:
        for local in game.tile_defs[t.tile].rooms:
            rid = f"{t.tile}.{local}"
            if game.room_has(rid, "wayshrine") and features.can_mark(game, seat, rid):
                out.append(rid)
    return out


def remote_mark_legal(game, d):
    return [act("mark", r) for r in _remote_shrines(game, d["seat"])] + [act("done")]


def remote_mark_resolve(game, d, action):
    if action.kind == "mark":
        features.mark(game, d["seat"], action.args[0])


# -- registration ---------------------------------------------------------------------------
def register_ops(reg) -> None:
    add = reg.add_op
    add("take_secret", op_take_secret, {"type": "string", "x-ref": "pool"},
        "Take a random Major or Minor Secret and resolve it (R6, R9).", {"take_secret": "minor"},
        label=lambda pool, _name: f"take a random {pool} secret")
    add("free_prisoners", op_free_prisoners, COUNT, "Free N random prisoners (R6).", {"free_prisoners": 1},
        label=lambda n, _name: "free a random prisoner" if int(n) == 1 else f"free {n} random prisoners")
    add("return_black_cubes", op_return_black_cubes, COUNT,
        "Return up to N black cubes from the bank to the dragon bag.", {"return_black_cubes": 3},
        label=lambda n, _name: f"return up to {n} black cubes to the dragon bag")
    add("take_market_item", market.op_take_market_item,
        {"type": "object", "additionalProperties": False,
         "properties": {"price": _arg({"type": "integer", "minimum": 0}, "price", "Gold to pay (default 0).")}},
        "Take one market item, paying the given price (Ogre Merchant; when gold and what pays like gold "
        "could both pay it, the player chooses how).", {"take_market_item": {"price": 0}},
        label=lambda arg, _name: "take a market item" + (f" for {arg['price']} gold" if (arg or {}).get("price")
                                                         else " for free"))
    add("remote_market", market.op_remote_market,
        {"type": "object", "additionalProperties": False,
         "properties": {"price": _arg({"type": "integer", "minimum": 0}, "price", "Gold to pay (default 5).")}},
        "This turn you may buy one market item from anywhere at this price (Golden Flute).",
        {"remote_market": {"price": 5}},
        label=lambda arg, _name: f"buy a market item from anywhere for {(arg or {}).get('price', 5)} gold this turn")
    add("lockpick_payment", market.op_lockpick_payment, NULL,
        "This turn, once: pay 1 lockpick instead of the Skill to acquire or use a row card (Grand Theft).",
        "lockpick_payment",
        label=lambda _arg, _name: "pay 1 lockpick instead of the Skill for a dungeon row card this turn")
    add("replace_row_card", op_replace_row_card, NULL,
        "Replace a dungeon row card with the top of the deck; its dragon icon is ignored (Remove Traps).",
        "replace_row_card", label=lambda _arg, _name: "replace a dungeon row card")
    add("rotate_tiles", op_rotate_tiles,
        {"type": "object", "required": ["who"], "additionalProperties": False,
         "properties": {"who": _arg({"enum": ["alone_on_tile", "occupied"]}, "which tiles",
                                    "`occupied`: every tile with a pawn; `alone_on_tile`: each pawn alone on "
                                    "its tile lets its player turn that tile."),
                        "turn": _arg({"enum": [180, "any"]}, "how far", "A half turn, or any new orientation.")}},
        "Turn tiles in place (X15): every occupied tile 180°, or each lone pawn turns its tile.",
        {"rotate_tiles": {"who": "occupied", "turn": 180}})
    add("mark_wayshrine_remote", op_mark_wayshrine_remote, NULL,
        "Mark any wayshrine in the dungeon as if you were there (Astral Projection).", "mark_wayshrine_remote",
        label=lambda _arg, _name: "mark any wayshrine as if you were there")
    add("place_tile_adjacent", op_place_tile_adjacent,
        {"type": "object", "additionalProperties": False,
         "properties": {"anywhere": _arg({"type": "boolean"}, "anywhere",
                                         "Any empty cell next to a placed tile, instead of next to yours.")}},
        "Place the next tile next to yours (then teleport into it or gain 2 gold), or anywhere.",
        {"place_tile_adjacent": {}}, label=lambda _arg, _name: "place the next tile")


def register_decisions(reg) -> None:
    reg.add_decision_kind("take_item", market.take_item_legal, market.take_item_resolve,
                          "take a market item", label=labels.take_item_label)
    reg.add_step(market.TAKE_PAID, market.step_take_paid,
                 "Hand over a market item taken at a set price, once paid (Ogre Merchant, K8).")
    reg.add_decision_kind("replace_row", replace_legal, replace_resolve, "replace a dungeon row card",
                          label=labels.replace_label)
    reg.add_decision_kind("rotate_tile", rotate_legal, rotate_resolve, "turn your tile", label=labels.rotate_label)
    reg.add_decision_kind("place_tile", place_legal, place_resolve, "place a tile", label=labels.place_label)
    reg.add_decision_kind("marble_reward", marble_legal, marble_resolve, "teleport or 2 gold",
                          label=labels.marble_label)
    reg.add_decision_kind("remote_mark", remote_mark_legal, remote_mark_resolve, "mark a wayshrine",
                          label=labels.remote_mark_label)
    for kind, *forms in (("take_item", "item <token> <payment?>", "done"), ("replace_row", "slot <slot>"),
                         ("rotate_tile", "rotate <1..3>"),
                         ("place_tile", "slot <region-slot>", "turn <0..3>", "put <-9..9> <-9..9>"),
                         ("marble_reward", "enter <room>", "gold"), ("remote_mark", "mark <room>", "done")):
        reg.add_action_forms(kind, *forms)


# -- conditions and quantities --------------------------------------------------------------
COMPANIONS_PLAYED = "companions_played"
"""The turn statistic of companions played (C11: what ``companion_in_play`` counts)."""


def count_companion(game, event) -> None:
    """A companion played on its owner's turn counts toward ``companions_played``."""
    if game.card_defs[event["card"]].type == "companion" and event["seat"] == game.current:
        game.bump(event["seat"], COMPANIONS_PLAYED)


def c_companion_in_play(game, seat, arg) -> bool:
    """A companion (another than the one asking, with ``other``) is or was in the play area this
    turn (C11 and its default (a): one trashed from the play area since still counts). Every card
    in the play area was played this turn, so that is the companions played, a count that never
    falls: nothing to look back at (out of turn, a React card, the play area as it is)."""
    need = 2 if arg == "other" else 1
    if seat == game.current:
        return game.turn_stat(COMPANIONS_PLAYED) >= need
    cards = game.card_defs
    return sum(1 for card in game.player(seat).play if cards[card].type == "companion") >= need


def c_been_in_room_feature(game, seat, features) -> bool:
    """The alias of the core's ``in_room_feature``, which looks back on its own now (C11a)."""
    room = game.player(seat).room
    wanted = features if isinstance(features, list) else [features]
    return any(game.room_has(room, f) for f in wanted)


def register_companion_count(reg) -> None:
    """The statistic ``companion_in_play`` reads, counted as companions are played."""
    reg.add_stat(COMPANIONS_PLAYED, "Companions played (C11: another companion in your play area this turn).")
    reg.listen("card_played", count_companion)


def register_conditions(reg) -> None:
    reg.add_condition("companion_in_play", c_companion_in_play, {"enum": ["other", "any"]},
                      "A companion (another one, with `other`) is or was in your play area this turn: "
                      "the companions played this turn (C11).", {"companion_in_play": "other"})
    reg.add_condition("been_in_room_feature", c_been_in_room_feature,
                      {"oneOf": [{"type": "string", "x-ref": "feature"},
                                 {"type": "array", "items": {"type": "string", "x-ref": "feature"}}]},
                      "The same as the core's `in_room_feature`, which looks back itself (C11 default a): "
                      "kept so that packs written before it did still load.",
                      {"been_in_room_feature": "crystal_cave"}, looks_back="room")
    q = reg.add_quantity
    q("lockpicks", lambda g, s: g.player(s).pool.get("lockpicks", 0), "Lockpicks in your supply.")
    q("monkey_idols", lambda g, s: g.counts_as(s, "monkey_idol"), "Monkey Idols held (the Bot counts, G6).")
    q("crowns", lambda g, s: g.counts_as(s, "crown"), "Crowns held.")
    q("secret_tomes", lambda g, s: g.counts_as(s, "secret_tome"), "Secret Tomes owned (C13).")
    q("gems", lambda g, s: sum(1 for c in g.owned_cards(s) if g.card_defs[c].type == "gem"), "Gem cards owned.")
    q("wayshrines_marked", lambda g, s: g.player(s).stats.get("wayshrines_marked", 0), "Wayshrines you marked.")
    q("prisoners_freed", lambda g, s: g.player(s).stats.get("prisoners_freed", 0), "Prisoners you freed (G14).")
    q("mastery", lambda g, s: g.counts_as(s, "mastery"), "Mastery tokens held.")
