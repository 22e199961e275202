"""The dragon: attacks (D5-D9), ghost cubes (D7), out players' draws (E4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from clank.game.engine import Game


def queue_attack(game: Game, count: int | None) -> None:
    """Queue an attack: ``count`` None = rage draw number + Danger (D5b), else a fixed draw (E4)."""
    game.push_step("attack", game.state.current, "" if count is None else str(count))


def draw_number(game: Game) -> int:
    """D5b: the rage space's draw number plus the Danger cards in the row."""
    draws = game.setup["rage_track"]["draws"]
    danger = sum(1 for c in game.state.row if c is not None and game.ruleset.cards[c].danger)
    return int(draws[game.state.rage]) + danger


def bag_total(game: Game) -> int:
    """Cubes in the dragon bag."""
    return sum(game.state.bag.values())


def _draw_cube(game: Game) -> str:
    bag = game.state.bag
    r = game.rng.below(bag_total(game))
    for key in sorted(bag):
        if r < bag[key]:
            bag[key] -= 1
            return key
        r -= bag[key]
    raise AssertionError("bag total out of sync")


def _step_attack(game: Game, seat: int, data: Any) -> None:
    st = game.state
    for key, n in st.clank_area.items():
        if n:
            st.bag[key] = st.bag.get(key, 0) + n
    st.clank_area = {}
    n = draw_number(game) if data == "" else int(data)
    drawn = [_draw_cube(game) for _ in range(min(n, bag_total(game)))]
    game.say(f"The dragon draws {len(drawn)} cube(s): {', '.join(_cube_name(game, c) for c in drawn) or 'none'}.")
    game.push_step("attack_end", seat, str(drawn.count("ghost")))
    for cube in reversed(drawn):
        game.push_step("cube", seat, cube)


def _cube_name(game: Game, key: str) -> str:
    if key in ("black", "ghost"):
        return key
    return game.name(int(key))


def _step_cube(game: Game, seat: int, cube: str) -> None:
    """D6: what one drawn cube does."""
    st = game.state
    if cube == "black":
        st.bank["black"] = st.bank.get("black", 0) + 1
    elif cube == "ghost":
        game.say("A ghost wails: every player still in the dungeon takes 1 damage.")
        for s in reversed(game.clockwise_live(st.current)):
            game.push_step("ghost_hit", s)
    else:
        owner = int(cube)
        if game.is_live(owner):
            game.say(f"The dragon hits {game.name(owner)}.")
            game.damage(owner, 1, marker="own")
        else:
            game.player(owner).cubes += 1


def _step_ghost_hit(game: Game, seat: int, _data: Any) -> None:
    """D7: a ghost hurts every live player; a reaction from hand may prevent it (White Tourmaline)."""
    if not game.is_live(seat):
        return
    game.push_step("ghost_damage", seat)
    p = game.player(seat)
    seen = set()
    for card in p.hand:
        cdef = game.ruleset.cards[card]
        if cdef.react and cdef.react["on"] == "ghost_damage" and card not in seen:
            seen.add(card)
    for card in sorted(seen):
        cdef = game.ruleset.cards[card]
        game.ask({"kind": "react", "seat": seat, "card": card, "src": card,
                  "body": list(cdef.react["do"]), "token": f"ghost:{seat}",
                  "label": "prevent the ghost's damage"})
        return


def _step_ghost_damage(game: Game, seat: int, _data: Any) -> None:
    ext = game.state.turn.ext
    if ext.get("prevent", {}).get(str(seat)):
        ext["prevent"][str(seat)] -= 1
        return
    game.damage(seat, 1)


def _step_attack_end(game: Game, seat: int, ghosts: str) -> None:
    """D5d-e, D9: drawn ghosts return to the Clank! area; an empty bag ends the game."""
    st = game.state
    if int(ghosts):
        st.clank_area["ghost"] = st.clank_area.get("ghost", 0) + int(ghosts)
    if bag_total(game) == 0 and not st.over:
        from clank.game.turn import end_game
        game.say("The dragon bag is empty: the game ends.")
        end_game(game, knock_out_live=True)


STEPS = {
    "attack": _step_attack,
    "cube": _step_cube,
    "ghost_hit": _step_ghost_hit,
    "ghost_damage": _step_ghost_damage,
    "attack_end": _step_attack_end,
}
