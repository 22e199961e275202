"""The dragon: attacks (D5-D9) and out players' draws (E4), as steps of the effect queue.

The bag holds the players' cubes (keyed by seat, ``"0"`` ...), black cubes (``"black"``) and
the cube kinds packs register (:class:`~clank.registry.CubeKindDef`): what drawing one of
those does and where it goes afterwards is the pack's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from clank.callbacks import StepRun
    from clank.game.table import Table
    from clank.registry import Registry

BLACK = "black"


def rage_draw(game: Table) -> int:
    """D5b: the number on the dragon marker's space of the rage track."""
    return int(game.setup["rage_track"]["draws"][game.state.rage])


def danger(game: Table) -> int:
    """C4: the Danger cards in the dungeon row."""
    cards = game.ruleset.cards
    n = 0
    for c in game.state.row:           # a loop, not a generator (at every attack)
        if c is not None and cards[c].danger:
            n += 1
    return n


def draw_number(game: Table) -> int:
    """D5b: the rage space's draw number plus the Danger cards in the row."""
    return rage_draw(game) + danger(game)


def bag_total(game: Table) -> int:
    """Cubes in the dragon bag."""
    return sum(game.state.bag.values())


def bag_counts(game: Table) -> int:
    """Cubes in the bag that keep it from being empty (D9)."""
    kinds = game.registry.cube_kinds
    total = 0
    for k, n in game.state.bag.items():    # a loop, not a generator: asked after every attack
        if k not in kinds or kinds[k].in_bag_counts:
            total += n
    return total


class DragonOutlook(NamedTuple):
    """What the dragon's next draws take, as things stand now (read by
    :meth:`~clank.game.table.Table.dragon_outlook`; nothing is drawn). Every number is public:
    the rage track, the row, the Clank! area and how many cubes the bag holds."""

    rage_draw: int
    """The number on the dragon marker's space of the rage track (D5b)."""
    danger: int
    """Danger cards in the dungeon row: one more cube each for an attack (C4)."""
    attack: int
    """Cubes a dragon attack draws now: ``rage_draw + danger`` (D5b)."""
    out_turn: int
    """Cubes the turn of a player who is out draws, ignoring rage and Danger (E4)."""
    bag: int
    """Cubes in the bag when the next draw begins: the bag now and the Clank! area, which goes
    into it first (D5a). A draw takes at most these."""
    counting: int
    """Of those, the cubes that keep the bag from being empty (D9): cube kinds registered
    with ``in_bag_counts=False`` are left out."""

    def may_empty(self, draw: int) -> bool:
        """Whether a draw of ``draw`` cubes could leave no cube that counts in the bag, which
        ends the game at once (D9)."""
        return self.counting <= draw


def outlook(game: Table) -> DragonOutlook:
    """What the next attack and the next out player's turn would draw now (D5, C4, E4, D9)."""
    area = game.state.clank_area
    kinds = game.registry.cube_kinds
    rage, extra = rage_draw(game), danger(game)
    bag = bag_total(game) + sum(area.values())
    counting = bag_counts(game) + sum(n for k, n in area.items() if k not in kinds or kinds[k].in_bag_counts)
    return DragonOutlook(rage, extra, rage + extra, game.out_player_draw(), bag, counting)


def _draw_cubes(game: Table, n: int) -> list[str]:
    """``n`` cubes drawn one after the other, each at random among the cubes left (the bag's
    keys sorted and its total counted once for them all), or as a test scripted them."""
    st = game.state
    if st.ext.get("bag_script"):      # a test's script, then at random once it runs out
        return [_scripted_cube(game) if st.ext.get("bag_script") else _draw_cubes(game, 1)[0] for _ in range(n)]
    bag = st.bag
    keys = sorted(bag)
    total = sum(bag.values())
    below = game.rng.below
    drawn = []
    for _ in range(n):
        r = below(total)
        for key in keys:
            left = bag[key]
            if r < left:
                bag[key] = left - 1
                drawn.append(key)
                break
            r -= left
        else:
            raise AssertionError("bag total out of sync")
        total -= 1
    return drawn


def _draw_cube(game: Table) -> str:
    """One cube drawn (:func:`_draw_cubes`)."""
    return _draw_cubes(game, 1)[0]


def _scripted_cube(game: Table) -> str:
    """The next cube a test scripted (:func:`clank.testing.script_bag`), taken from the bag."""
    bag = game.state.bag
    key = game.state.ext["bag_script"].pop(0)
    if bag.get(key, 0) <= 0:
        raise ValueError(f"the scripted cube {key!r} is not in the dragon bag "
                         f"({', '.join(f'{k} {n}' for k, n in sorted(bag.items()) if n) or 'empty'})")
    bag[key] -= 1
    return key


def cube_name(game: Table, key: str) -> str:
    """How a log line names a drawn cube."""
    if key == BLACK:
        return key
    kind = game.registry.cube_kinds.get(key)
    if kind is not None:
        return kind.label
    return game.name(int(key))


def _attack_args(data: Any) -> tuple[int | None, list[int]]:
    """An ``attack`` step's data: ``""`` (rage + Danger), a fixed count as text, or ``{"cubes",
    "spare"}`` (see :meth:`~clank.game.table.Table.dragon_attack`)."""
    if isinstance(data, dict):
        return data.get("cubes"), list(data.get("spare", ()))
    return (None if data == "" else int(data)), []


def _step_attack(game: Table, seat: int, data: Any) -> None:
    """D5: a dragon attack begins: ``attack_begins`` is announced, and what its listeners queue
    (reaction windows) resolves before any cube is drawn."""
    cubes, _ = _attack_args(data)
    game.push_step("attack_draw", seat, data)
    game.emit("attack_begins", seat=seat, cubes=cubes)


def _step_attack_draw(game: Table, seat: int, data: Any) -> None:
    """D5a-b: the Clank! area goes into the bag, then the cubes are drawn. A drawn cube of a
    seat the attack spares goes back to its owner's supply and does no damage."""
    st = game.state
    for key, n in st.clank_area.items():
        if n:
            st.bag[key] = st.bag.get(key, 0) + n
    st.clank_area = {}
    cubes, spare = _attack_args(data)
    n = draw_number(game) if cubes is None else int(cubes)
    drawn = _draw_cubes(game, min(n, bag_total(game)))
    names = []
    for cube in drawn:
        names.append(cube_name(game, cube))
    game.say(f"The dragon draws {len(drawn)} cube(s): {', '.join(names) or 'none'}.")
    game.push_step("attack_end", seat, drawn)
    for cube in reversed(drawn):
        if cube.isdigit() and int(cube) in spare:
            game.player(int(cube)).cubes += 1
            game.say(f"{game.name(int(cube))}'s cube goes back to its owner, harmless.")
            continue
        game.push_step("cube", seat, cube)


def _step_cube(game: Table, seat: int, cube: str) -> None:
    """D6: what one drawn cube does."""
    st = game.state
    if cube == BLACK:
        st.bank[BLACK] = st.bank.get(BLACK, 0) + 1
        return
    kind = game.registry.cube_kinds.get(cube)
    if kind is not None:
        if kind.on_draw is not None:
            kind.on_draw(game, seat)
        return
    owner = int(cube)
    if game.is_live(owner):
        game.say(f"The dragon hits {game.name(owner)}: 1 damage.")
        game.damage(owner, 1, marker="own", log=False)
    else:
        game.player(owner).cubes += 1


def _step_attack_end(game: Table, seat: int, drawn: list[str]) -> None:
    """D5d-e, D9: drawn cubes of kinds that return go back; ``attack_done`` is announced; an
    empty bag ends the game."""
    st = game.state
    kinds = game.registry.cube_kinds
    for key in sorted(set(drawn)):
        kind = kinds.get(key)
        if kind is None:
            continue
        n = drawn.count(key)
        where = st.clank_area if kind.returns_to == "clank_area" else st.bank
        where[key] = where.get(key, 0) + n
    game.emit("attack_done", seat=seat, drawn=list(drawn))
    if bag_counts(game) == 0 and not st.over:
        game.say("The dragon bag is empty: the game ends.")
        game.end_game(knock_out_live=True)


STEPS: dict[str, tuple[StepRun, str]] = {
    "attack": (_step_attack, "D5: a dragon attack begins (data: a fixed number of cubes, or '' for rage + "
                             "Danger, or {cubes, spare}); attack_begins is announced."),
    "attack_draw": (_step_attack_draw, "D5: the Clank! area goes into the bag and the attack's cubes are drawn."),
    "cube": (_step_cube, "D6: resolve one drawn cube."),
    "attack_end": (_step_attack_end, "D5d-e, D9: drawn cubes return, the empty-bag check."),
}


def register(registry: Registry) -> None:
    """Register the dragon's steps (the cubes of an attack already drawn still resolve when
    the current player is knocked out, D6)."""
    for name, (fn, doc) in STEPS.items():
        registry.add_step(name, fn, doc, after_knock_out=name not in ("attack", "attack_draw"))
