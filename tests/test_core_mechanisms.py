"""Generic mechanisms the Underworld relies on, shown with the tiny test pack and an in-test pack
(``tests/extpack`` + the module below), no expansion loaded:

- ``turn_starting``: announced at T3 before the room's start-of-turn features (a toll first);
- points ``div`` (round down, before ``max``) and ``max``;
- a card's ``on_trashed`` effect and the ``trash_pile`` modifier (where a trashed card goes);
- a device's ``use_if`` (A3);
- a tunnel icon's ``cost_ignored_by`` turn flag;
- a tunnel icon's gold cost, when a resource that pays like gold could stand in: asked (U21);
- a token's ``counts_as_at_end`` (a kind it counts as only when scores are counted).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from clank import Game, new_game
from clank.game import audit
from clank.plugin import RoomFeatureDef, TunnelIconDef, hookimpl
from clank.testing import give_token, put_pawn, resource_pack, set_hand, set_pool, set_row, state_json

ROOT = Path(__file__).resolve().parent


def _load_minipack():
    if "clank_test_minipack" in sys.modules:
        return sys.modules["clank_test_minipack"]
    spec = importlib.util.spec_from_file_location("clank_test_minipack", ROOT / "minipack" / "__init__.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


class ExtPack:
    """The in-test pack: a fee icon waived by a turn flag, a bell that rings at turn start,
    a record of the start-of-turn order and a pile some trashed cards go to."""

    @hookimpl
    def clank_pack_data_dir(self):
        return ROOT / "extpack"

    @hookimpl
    def clank_register_tunnel_icons(self, registry):
        registry.add_tunnel_icon(TunnelIconDef("fee", "Costs 1 gold to pass.", cost={"gold": 1},
                                               cost_ignored_by="free_passage"))

    @hookimpl
    def clank_register_room_features(self, registry):
        registry.add_room_feature(RoomFeatureDef(
            "bell", "Rings when a turn starts here.",
            on_turn_start=lambda game, seat, room, arg: game.state.ext.setdefault("order", []).append("bell")))

    @hookimpl
    def clank_register_reactions(self, registry):
        registry.listen("turn_starting", lambda game, e: game.state.ext.setdefault("order", []).append("starting"))
        registry.listen("turn_start", lambda game, e: game.state.ext.setdefault("order", []).append("start"))
        registry.add_modifier("trash_pile", _pile)
        registry.add_modifier("cards_elsewhere", lambda game, cards: cards + game.state.ext.get("pile", []))


def _pile(game, pile, seat, card):
    return game.state.ext.setdefault("pile", []) if game.state.ext.get("keep_trash") else pile


MODULES = {"mini": _load_minipack(), "ext": ExtPack()}


def game(seed: int = 2):
    return new_game(["mini", "ext"], players=2, seed=seed, modules=MODULES)


def take_from_deck(g, card: str) -> None:
    """Take a dungeon card out of the dungeon deck or row (so that cards still add up)."""
    if card in g.state.dungeon_deck:
        g.state.dungeon_deck.remove(card)
    else:
        g.state.row[g.state.row.index(card)] = None


def test_turn_starting_comes_before_the_room_features_and_turn_start():
    g = game()
    g.ruleset.tiles["fee-hall"].rooms["hall"]["features"].append(("bell", None))
    try:
        g.state.stacks["catacombs"].remove("fee-hall")
        g.place_tile("fee-hall", 0, 2, 0, "catacombs", None)
        nxt = 1 - g.state.current
        put_pawn(g, nxt, "fee-hall.hall")
        g.state.ext["order"] = []
        set_hand(g, g.state.current, [])
        g.apply("end")
        assert g.state.current == nxt
        assert g.state.ext["order"] == ["starting", "bell", "start"]
    finally:
        g.ruleset.tiles["fee-hall"].rooms["hall"]["features"].pop()


def test_points_per_quantity_divide_rounding_down_then_cap():
    g = game()
    seat = g.state.current
    take_from_deck(g, "hoard")
    g.player(seat).discard.append("hoard")
    g.player(seat).artifacts.append(g.state.artifact_stack.pop())
    for gold, points in ((5, 1), (6, 2), (17, 2)):
        set_pool(g, seat, gold=gold)
        lines = dict(g.scores()[seat]["lines"])
        assert lines["cards"] == points


def test_a_card_trashed_resolves_its_on_trashed_effect_and_goes_where_trash_pile_says():
    g = game()
    seat = g.state.current
    take_from_deck(g, "ember")
    g.player(seat).discard.append("ember")
    g.trash_card(seat, "ember", "discard")
    g.run()
    assert g.player(seat).gold == 2 and "ember" in g.state.box
    assert g.player(seat).stats["cards_trashed"] == 1
    g.state.box.remove("ember")
    g.player(seat).discard.append("ember")
    g.state.ext["keep_trash"] = True
    g.trash_card(seat, "ember", "discard")
    g.run()
    assert g.state.ext["pile"] == ["ember"] and "ember" not in g.state.box
    assert g.player(seat).gold == 4                   # still trashed: the effect happens
    assert not audit.problems(g)


def test_a_device_is_offered_only_while_its_use_if_holds():
    g = game()
    seat = g.state.current
    take_from_deck(g, "beacon")
    set_row(g, ["beacon", None])
    set_pool(g, seat, skill=1)
    assert "use 0" not in [str(a) for a in g.legal_actions()]
    assert "cannot be used here" in g.explain(g.legal_actions()[0].__class__("use", ("0",)))
    g.state.stacks["catacombs"].remove("vault")
    g.place_tile("vault", 0, 2, 0, "catacombs", None)
    put_pawn(g, seat, "vault.gold")
    assert "use 0" in [str(a) for a in g.legal_actions()]


def test_a_turn_flag_may_cancel_a_tunnel_icon_cost():
    g = game()
    g.state.stacks["catacombs"].remove("fee-hall")
    g.place_tile("fee-hall", 0, 2, 0, "catacombs", None)
    into = [r for r in g.geometry.routes_from("home.hall") if r.to == ("room", "fee-hall.hall")]
    costs = [g.path_cost(r.segments).resources for r in into]
    assert {"boots": 2, "gold": 1} in costs          # the mud of the start tile, the fee of the hall
    g.set_flag("free_passage")
    assert all("gold" not in g.path_cost(r.segments).resources for r in into)


def test_a_token_may_count_as_a_kind_only_when_scores_are_counted():
    g = game()
    seat = g.state.current
    give_token(g, seat, "codex")
    give_token(g, seat, "scroll-reader")
    g.player(seat).artifacts.append(g.state.artifact_stack.pop())
    assert g.counts_as(seat, "scroll") == 0
    assert dict(g.scores()[seat]["lines"])["Scroll Reader"] == 5
    assert g.counts_as(seat, "scroll") == 0
    g.state.over = True
    assert g.counts_as(seat, "scroll") == 1


def scrip_game(tmp_path: Path):
    """The fee hall placed north of the start tile; seat to play in the start hall."""
    scrip = resource_pack(tmp_path, "scrip", "scrip", "gold", ("scrip", "scrip"), requires=("mini", "ext"))
    g = new_game(["mini", "ext", "scrip"], players=2, seed=2, modules={**MODULES, "scrip": scrip})
    g.state.stacks["catacombs"].remove("fee-hall")
    g.place_tile("fee-hall", 0, 2, 0, "catacombs", None)
    seat = g.state.current
    set_hand(g, seat, [])
    return g, seat


def _move_into_fee_hall(g) -> None:
    """The move from the start hall into the fee hall along the tunnel costing 2 Boots and 1 gold."""
    into = next(r for r in g.geometry.routes_from("home.hall") if r.to == ("room", "fee-hall.hall")
                and g.path_cost(r.segments).resources == {"boots": 2, "gold": 1})
    g.apply(next(a for a in g.legal_actions() if a.kind == "move" and a.args[0] == into.key))


def test_a_tunnel_gold_cost_asks_how_to_pay_when_what_pays_like_gold_could_stand_in(tmp_path):
    """A6, A10, U21: a tunnel icon asking gold, with gold and a resource that pays like gold held,
    asks how to pay before the pawn moves (each answer in words, the destination named); the
    answer is spent, the pawn enters and the log says what was spent. With gold alone nothing
    is asked."""
    from clank.labels import action_label, prompt_text

    g, seat = scrip_game(tmp_path)
    put_pawn(g, seat, "home.hall")
    set_pool(g, seat, boots=2, gold=1, scrip=1)
    _move_into_fee_hall(g)
    view = g.view(seat)
    assert view.pending()["kind"] == "pay" and g.player(seat).room == "home.hall"
    assert prompt_text(view) == "how do you pay 2 Boots and 1 gold to move to the Fee Hall?"
    assert [action_label(view, a) for a in g.legal_actions()] == [
        "pay 2 Boots and 1 gold (leaves 0 Boots, 0 gold, 1 scrip)",
        "pay 2 Boots and 1 scrip (leaves 0 Boots, 1 gold, 0 scrip)"]
    loaded, clone = Game.from_json(g.ruleset, g.to_json()), g.clone()    # the question is data
    g.apply("pay 1")
    for copy in (loaded, clone):
        copy.apply("pay 1")
        assert state_json(copy) == state_json(g)
    p = g.player(seat)
    assert p.room == "fee-hall.hall" and (p.pool["boots"], p.gold, p.pool["scrip"]) == (0, 1, 0)
    assert any(line.endswith("moves to the Fee Hall (2 Boots, 1 scrip).") for line in g.log[-3:]), g.log[-3:]
    assert audit.problems(g) == []
    g2, seat2 = scrip_game(tmp_path / "again")
    put_pawn(g2, seat2, "home.hall")
    set_pool(g2, seat2, boots=2, gold=1)
    _move_into_fee_hall(g2)
    assert g2.decision()["kind"] == "main" and g2.player(seat2).room == "fee-hall.hall"
    assert any(line.endswith("moves to the Fee Hall (2 Boots, 1 gold).") for line in g2.log[-3:])
