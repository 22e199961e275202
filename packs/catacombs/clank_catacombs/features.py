"""Room features and tunnel icons of the base game (R1-R11, A7-A9, A13, A14, A18)."""

from __future__ import annotations

from typing import Any

from clank.plugin import Registry, RoomFeatureDef, TunnelIconDef, act

from clank_catacombs import labels

PACK = "catacombs"
EXHAUSTED = "exhausted"


def pack_state(player: Any) -> dict[str, Any]:
    """This pack's part of a player's state."""
    return player.ext.setdefault(PACK, {})


# -- Crypt (R3, A18, E1) --------------------------------------------------------------------
def crypt_may_enter(game, seat, room, _arg, _entry):
    if not game.player(seat).artifacts:
        return "you may not enter the Crypt without an artifact (A18)"
    return None


def crypt_enter(game, seat, room, _arg):
    if game.player(seat).artifacts:
        game.escape(seat)
        game.say(f"{game.name(seat)} reaches the Crypt with an artifact!")


def _mastery(game, event) -> None:
    """E1: an escaping player takes a Mastery token."""
    token = game.draw_token("mastery")
    if token:
        game.take_token(event["seat"], token)


# -- Monkey Shrine (S11, R10) ---------------------------------------------------------------
def shrine_place(game, room, _arg):
    idols = game.pools.get("idol", [])
    game.room(room)["tokens"] = list(idols)
    idols.clear()


def shrine_enter(game, seat, room, _arg):
    tokens = game.room(room).get("tokens", [])
    if tokens and game.claim_room_reward(seat, room):
        game.take_token(seat, tokens.pop())
        game.say(f"{game.name(seat)} takes a Monkey Idol.")


# -- Artifact rooms (R2, P4, A13, P5, P6) ---------------------------------------------------
def artifact_place(game, room, arg):
    plus = int((arg or {}).get("plus", 0)) if isinstance(arg, dict) else int(arg or 0)
    stack = game.artifact_stack
    if not stack:
        return
    if game.setup.get("multi_artifact_rooms"):          # P4: k "+" -> k+1 artifacts (setup key of this pack)
        taken, stack[:] = stack[: plus + 1], stack[plus + 1:]
    else:                                                         # R2
        i = min(plus, len(stack) - 1)
        taken = [stack.pop(i)]
    game.room(room).setdefault("artifacts", []).extend(taken)


def _backpacks(game, limit: int, seat: int) -> int:
    """K2: each Backpack held raises the artifact limit by one."""
    return limit + game.counts_as(seat, "backpack")


def taken_from(game, seat) -> list[str]:
    """The rooms a player took artifacts from (never two from one room, P5). Reading changes
    nothing: listing legal actions must leave the state as it was (a replay lists none)."""
    return game.player(seat).ext.get(PACK, {}).get("artifact_rooms", [])


def _note_taken(game, seat, room) -> None:
    pack_state(game.player(seat)).setdefault("artifact_rooms", []).append(room)


def artifact_actions(game, seat, room, _arg):
    arts = game.room_state(room).get("artifacts", [])
    if not arts or game.carried_artifacts(seat) >= game.artifact_limit(seat) or room in taken_from(game, seat):
        return []
    toks = game.token_defs
    # P5: the most valuable one; at equal values the one that lay above in the stack (the
    # Party's, P1): the room keeps the stack's order (a loop, not generators: listed in its room)
    best, best_value = arts[0], toks[arts[0]].value
    for a in arts:
        if toks[a].value > best_value:
            best, best_value = a, toks[a].value
    return [act("room", "artifact", best)]


def full_hands(game, seat) -> str | None:
    """Why a seat may take no more artifacts now (P6, K2), or None."""
    limit = game.artifact_limit(seat)
    if game.carried_artifacts(seat) < limit:
        return None
    if limit == 1:
        return "you already carry an artifact: one at a time (a Backpack carries one more)"
    return f"you already carry {limit} artifacts, as many as you may"


def artifact_unavailable(game, seat, room, _arg):
    """Why the artifact here is not offered: hands full, or one taken from this room already (P5)."""
    if not game.room_state(room).get("artifacts"):
        return None
    if room in taken_from(game, seat):
        return "you took an artifact from this room already: never two from one room"
    return full_hands(game, seat)


def artifact_apply(game, seat, room, _arg, action):
    token = action.args[1]
    game.room(room)["artifacts"].remove(token)
    _note_taken(game, seat, room)
    game.take_token(seat, token)
    game.say(f"{game.name(seat)} takes the {game.token_defs[token].name}!")
    game.rage(1)                                                  # A13, D10 (the rage line is logged)


# -- Crystal Cave (R4) ----------------------------------------------------------------------
def cave_enter(game, seat, room, _arg):
    if seat == game.current:
        game.set_flag(EXHAUSTED)


def _exhausted(game, reason: str | None, seat: int, kind: str) -> str | None:
    """R4: an exhausted player spends no more Boots this turn; teleports stay usable."""
    if (reason is None and kind == "boots" and seat == game.current and game.has_flag(EXHAUSTED)
            and not game.has_flag("ignore_exhaustion")):
        return "you are exhausted by a Crystal Cave: no more Boots this turn (R4)"
    return reason


# -- Rewards (R9) ---------------------------------------------------------------------------
def minor_enter(game, seat, room, _arg):
    if game.claim_room_reward(seat, room):
        token = game.draw_token("minor")
        if token:
            game.say(f"{game.name(seat)} finds {game.article(game.token_defs[token].name)}.")
            game.take_token(seat, token)


def gold_enter(game, seat, room, arg):
    if game.claim_room_reward(seat, room):
        game.gain(seat, "gold", int(arg or 1))


def heal_enter(game, seat, room, _arg):
    if game.claim_room_reward(seat, room):
        game.heal(seat, 1)


# -- Wayshrine (R11) ------------------------------------------------------------------------
MARK_SPACES = 4


def can_mark(game, seat, room) -> bool:
    marks = game.room_state(room).get("marks", [])
    return seat not in marks and len(marks) < MARK_SPACES and game.player(seat).cubes > 0


def mark(game, seat, room) -> None:
    game.room(room).setdefault("marks", []).append(seat)
    p = game.player(seat)
    p.cubes -= 1
    game.bump(seat, "wayshrines_marked")
    game.bump(seat, "cubes_placed_on_map")
    n = p.stats["wayshrines_marked"]
    game.say(f"{game.name(seat)} marks a wayshrine.", seat)
    game.gain(seat, "gold", n)                                    # joins the line: "...: gains 2 gold."


def wayshrine_actions(game, seat, room, _arg):
    return [act("room", "wayshrine")] if can_mark(game, seat, room) else []


def wayshrine_unavailable(game, seat, room, _arg):
    """Why the wayshrine cannot be marked now."""
    marks = game.room_state(room).get("marks", [])
    if seat in marks:
        return "you marked this wayshrine already"
    if len(marks) >= MARK_SPACES:
        return "every space of this wayshrine is marked"
    if game.player(seat).cubes <= 0:
        return "you have no cube left to mark it with"
    return None


def wayshrine_apply(game, seat, room, _arg, _action):
    mark(game, seat, room)


# -- Locked rewards (R6, A14) ---------------------------------------------------------------
LOCKPICK = {"lockpicks": 1}
OPEN_PAID = "open_locked"
"""The step that opens a locked chest, library or cell once its lockpick is paid (``game.pay_then``:
a resource another pack makes pay like lockpicks may leave a choice of how to pay, asked first)."""


def _locked(feature: str, available, what: str):
    def actions(game, seat, room, _arg):
        if (not game.room_state(room).get(f"{feature}_open") and game.can_pay(seat, LOCKPICK)
                and available(game)):
            return [act("room", feature)]
        return []

    def apply(game, seat, room, _arg, _action):
        game.pay_then(seat, LOCKPICK, OPEN_PAID, {"room": room, "feature": feature}, purpose=f"to open the {what}")

    def unavailable(game, seat, room, _arg):
        if not game.room_state(room).get(f"{feature}_open") and game.player(seat).pool.get("lockpicks", 0) < 1:
            return "it is locked: opening it takes a lockpick, and you have none"
        return None

    return actions, apply, unavailable


def _chest_reward(game, seat):
    token = game.draw_token("major")
    game.say(f"{game.name(seat)} opens a chest: {game.token_defs[token].name}.")
    game.take_token(seat, token)


def _tome_reward(game, seat):
    game.reserve["secret-tome"] -= 1
    game.say(f"{game.name(seat)} opens a library and gains a Secret Tome.")
    game.gain_card(seat, "secret-tome")


def _cell_reward(game, seat):
    for _ in range(2):
        token = game.draw_token("prisoner")
        if token is None:
            break
        game.say(f"{game.name(seat)} frees the {game.token_defs[token].name}.")
        game.take_token(seat, token)


REWARDS = {"locked_chest": _chest_reward, "locked_tome": _tome_reward, "locked_cell": _cell_reward}
"""What opening each locked feature gives."""


def step_open_locked(game, seat: int, data: dict[str, Any]) -> None:
    """:data:`OPEN_PAID`: the feature of ``data["room"]`` is open and gives its reward; the log
    says what was spent when it was not the lockpick itself."""
    if {r: n for r, n in data["spent"].items() if n} != LOCKPICK:
        game.say(f"{game.name(seat)} pays {game.spent_text(data['spent'])}.")
    game.room(data["room"])[f"{data['feature']}_open"] = True
    REWARDS[data["feature"]](game, seat)


def features() -> list[RoomFeatureDef]:
    """Every base room feature."""
    chest = _locked("locked_chest", lambda g: bool(g.pools.get("major")), "chest")
    tome = _locked("locked_tome", lambda g: g.reserve.get("secret-tome", 0) > 0, "library")
    cell = _locked("locked_cell", lambda g: bool(g.pools.get("prisoner")), "cell")
    plus = {"type": "object", "additionalProperties": False,
            "properties": {"plus": {"title": "plus", "type": "integer", "minimum": 0, "maximum": 2,
                                    "description": "The + marks printed in the room: the artifact taken skips "
                                                   "that many down the stack (default 0)."}}}
    return [
        RoomFeatureDef("crypt", "Where pawns start; entering it with an artifact is an escape (R3, A18, E1).",
                       on_enter=crypt_enter, may_enter=crypt_may_enter),
        RoomFeatureDef("monkey_shrine", "Holds the 3 Monkey Idols; entering takes one (R9, R10).",
                       on_place=shrine_place, on_enter=shrine_enter),
        RoomFeatureDef("artifact", "Receives an artifact when placed (R2; `plus` skips down the stack); "
                       "take it while here (A13).", arg_schema=plus, on_place=artifact_place,
                       actions=artifact_actions, apply=artifact_apply, example="artifact(plus=1)",
                       label=labels.artifact_label, unavailable=artifact_unavailable),
        RoomFeatureDef("crystal_cave", "Entering exhausts you: no more Boots this turn (R4).",
                       on_enter=cave_enter),
        RoomFeatureDef("market", "Buy items from the market board for 7 gold (K1, R7)."),
        RoomFeatureDef("wayshrine", "Mark it with a cube for 1/2/3... gold (R11).",
                       actions=wayshrine_actions, apply=wayshrine_apply, unavailable=wayshrine_unavailable),
        RoomFeatureDef("locked_chest", "Spend a lockpick: take a random Major Secret (R6, A14).",
                       actions=chest[0], apply=chest[1], unavailable=chest[2]),
        RoomFeatureDef("locked_tome", "Spend a lockpick: gain a Secret Tome (R6, A14).",
                       actions=tome[0], apply=tome[1], unavailable=tome[2]),
        RoomFeatureDef("locked_cell", "Spend a lockpick: free 2 random prisoners (R6, A14).",
                       actions=cell[0], apply=cell[1], unavailable=cell[2]),
        RoomFeatureDef("reward_minor_secret", "Entering takes a random Minor Secret, once per turn (R9).",
                       on_enter=minor_enter),
        RoomFeatureDef("reward_gold", "Entering gains the gold shown, once per turn (R9).",
                       arg_schema={"type": "integer", "minimum": 1}, on_enter=gold_enter,
                       example="reward_gold(2)", label=labels.reward_gold_label),
        RoomFeatureDef("reward_heal", "Entering heals 1, once per turn (R9).", on_enter=heal_enter),
    ]


def icons() -> list[TunnelIconDef]:
    """The base tunnel icons (A7-A9); one-way arrows are a tunnel property (A10)."""
    return [
        TunnelIconDef("boot", "Footprint: the tunnel costs 1 more Boot (A7).", extra_boots=1,
                      example={"ends": ["hall", "n1"], "icons": ["boot"]}),
        TunnelIconDef("monster", "Deals 1 damage as you pass; each Sword spent prevents 1 (A8).",
                      damage=1, damage_ignored_by="ignore_tunnel_monsters",
                      example={"ends": ["lair", "vault"], "icons": ["monster", "monster"]}),
        TunnelIconDef("lock", "Cover it with a lockpick to pass; it stays open for everyone (A9).",
                      cost=dict(LOCKPICK), covers=True, example={"ends": ["gate", "s1"], "icons": ["lock"]}),
    ]


FORMS = ("room artifact <token:artifact>", "room wayshrine", "room locked_chest", "room locked_tome",
         "room locked_cell")
"""The shapes of the room actions of these features (``registry.add_action_forms``)."""


def register_content(registry: Registry) -> None:
    registry.add_content_key("setup", "multi_artifact_rooms", {"title": "several artifacts per room", "type": "boolean"},
                             doc="P4: a newly placed artifact room with k plus marks receives k+1 artifacts (5-6 players).")


def _tokens_in_rooms(game, tokens: list[str]) -> list[str]:
    """Artifacts waiting in their rooms and idols in the shrine (for the check of a loaded state)."""
    return tokens + [t for room in game.rooms.values() for key in ("artifacts", "tokens")
                     for t in room.get(key, ())]


def _marks_on_map(game, cubes: dict[str, int]) -> dict[str, int]:
    """Cubes marking wayshrines (R11) are a player's cubes on the map."""
    out = dict(cubes)
    for room in game.rooms.values():
        for seat in room.get("marks", ()):
            out[str(seat)] = out.get(str(seat), 0) + 1
    return out


def register_steps(registry: Registry) -> None:
    registry.add_step(OPEN_PAID, step_open_locked,
                      "Open a locked chest, library or cell once its lockpick is paid (A14, R6).")


def register_reactions(registry: Registry) -> None:
    registry.add_flag(EXHAUSTED, "Entered a Crystal Cave: no more Boots this turn (R4).")
    registry.add_flag("ignore_exhaustion", "Crystal Cave exhaustion does not stop Boots this turn (R4).")
    registry.add_flag("ignore_tunnel_monsters", "Monster icons of tunnels deal no damage this turn (Skulker).")
    registry.listen("escaped", _mastery)
    registry.add_modifier("tokens_elsewhere", _tokens_in_rooms)
    registry.add_modifier("cubes_elsewhere", _marks_on_map)
    registry.add_modifier("may_move", _exhausted)
    registry.add_modifier("artifact_limit", _backpacks)
    registry.add_stat("wayshrines_marked", "Wayshrines marked (R11).")
    registry.add_stat("cubes_placed_on_map", "Cubes placed on the map (wayshrine marks).")
