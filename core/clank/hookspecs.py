"""Hook specifications: how packs give meaning to content (DESIGN §3).

A pack is a module (found through the entry-point group ``clank.packs``) that implements some
of these hooks with :data:`hookimpl`. Every ``clank_register_*`` hook is called once when a
ruleset is built, with the :class:`clank.registry.Registry` to fill; games then read that
registry's plain tables and never call the plugin manager during play. The implementations of
``clank_check_content`` are gathered then too, and called when content is validated.

Order: the ``clank_register_*`` hooks are called one hook at a time, through pluggy, in the
order of this module (resources, content, ops, conditions, room features, tunnel icons, market
rules, actions, reactions, scoring, render, bots); for each hook the core's implementation comes
first, then the packs' in dependency order (a pack after the packs its ``pack.yaml``
``requires``, ties by id), whatever the install or command-line order; ``tryfirst`` and
``trylast`` move an implementation to the front or the back. Registries refuse a name
registered twice, so the order shows only where lists are built (listeners of an event,
modifiers of a value, score lines, tie-break keys, the order of action kinds).

An implementation may accept fewer arguments than its spec (pluggy's rule): a hook written
without ``registry`` is called without it, so specs can grow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable
    from pathlib import Path

    from clank.content.checks_structure import ContentView, Report
    from clank.registry import Registry

hookspec = pluggy.HookspecMarker("clank")
hookimpl = pluggy.HookimplMarker("clank")
"""The marker of a pack's hook implementations: ``@hookimpl`` above ``def clank_register_ops(registry)``."""


class ClankSpecs:
    """The hooks a pack may implement."""

    @hookspec(firstresult=True)
    def clank_pack_data_dir(self) -> Path | Traversable | None:
        """Where an installed pack keeps its content.

        When: once, when the pack is found (before any ``clank_register_*`` hook).

        Parameters: none.

        Returns: the directory holding ``pack.yaml`` and the YAML files it lists, a
        ``pathlib.Path`` or an ``importlib.resources`` traversable. A pack without it cannot be
        loaded. ``firstresult``: each pack answers for itself.

        Example::

            from importlib.resources import files

            @hookimpl
            def clank_pack_data_dir():
                return files("clank_mypack") / "data"
        """

    @hookspec
    def clank_register_resources(self, registry: Registry) -> None:
        """Register resources.

        When: first of the registration hooks, so every later hook and the content schemas
        know every resource (the ``gain`` op and card costs accept each one).

        Parameters:
        - ``registry``: the :class:`~clank.registry.Registry` being built; call
          ``registry.add_resource(name, turn, doc, pays_as=..., label=...)``. ``turn=True``
          resources (skill, swords, boots) vanish at the end of a turn; the others are kept.
          ``pays_as="gold"`` makes a kept resource spendable wherever gold is asked for.

        Returns: nothing.

        Example::

            @hookimpl
            def clank_register_resources(registry):
                registry.add_resource("lockpicks", False, "Lockpicks: open locks (A9).",
                                      label=("lockpick", "lockpicks"))
        """

    @hookspec
    def clank_register_content(self, registry: Registry) -> None:
        """Register the keys a pack adds to the content kinds, and new content kinds.

        When: after resources, before ops; the content of every pack is validated against
        schemas that include these keys, then compiled.

        Parameters:
        - ``registry``: call ``registry.add_content_key(kind, key, schema, default=...,
          compile=...)`` to add a key to ``cards``, ``tokens``, ``tiles`` or ``setup`` (an
          unknown or misspelt key is an error at its line; on cards, tokens and tiles the
          compiled value lands in the definition's ``ext[key]``), or
          ``registry.add_content_schema(kind, schema)`` for a new file kind (``fate_cards``);
          ``registry.add_option(name, doc)`` for each game option the pack reads (a game
          given an option no loaded pack declares is refused, so a misspelt one never passes
          silently).

        Returns: nothing.

        Example::

            @hookimpl
            def clank_register_content(registry):
                registry.add_content_key("tiles", "haunted", {"type": "boolean"}, default=False,
                                         doc="Placing the tile adds a ghost cube (R5).")
                registry.add_option("fixed_space", "The catacombs fit in a 5x5 or 6x6 square.")
        """

    @hookspec
    def clank_register_ops(self, registry: Registry) -> None:
        """Register effect ops (the words of ``play``, ``acquire``, ``defeat`` ... effects).

        When: after content keys, before any effect is compiled.

        Parameters:
        - ``registry``: call ``registry.add_op(name, run, schema, doc, example, compile=...)``.
          ``run(ctx, arg)`` performs the op (``ctx``: an :class:`~clank.game.effects.EffectContext`
          with ``game``, ``seat``, ``src``, ``push``, ``ask``); ``schema`` is the JSON Schema of
          its argument, so a misspelt argument is an error at its line; ``compile(arg,
          compiler)`` pre-processes the argument once at load (nested effects, conditions).

        Returns: nothing.

        Example::

            def op_shout(ctx, n):
                ctx.game.clank(ctx.seat, n)

            @hookimpl
            def clank_register_ops(registry):
                registry.add_op("shout", op_shout, {"type": "integer", "minimum": 1},
                                "Make N Clank!.", {"shout": 2})
        """

    @hookspec
    def clank_register_conditions(self, registry: Registry) -> None:
        """Register conditions and countable quantities.

        When: after ops, before any effect is compiled.

        Parameters:
        - ``registry``: call ``registry.add_condition(name, test, schema, doc, example)`` with
          ``test(game, seat, arg) -> bool`` (used by ``if``, ``choose`` options, ``fight_if``,
          points ``{if: ...}``), and ``registry.add_quantity(name, count, doc)`` with
          ``count(game, seat) -> int`` (points ``{per: [...]}``, ``count_at_least``). A condition
          on the player's situation that can stop holding during a turn says so with
          ``looks_back="room"`` (it reads only where the pawn is) or ``looks_back=True``: in a
          card's ``play`` and ``defeat`` effects it then also counts when it held earlier this
          turn (C11 default (a)).

        Returns: nothing.

        Example::

            @hookimpl
            def clank_register_conditions(registry):
                registry.add_condition("hurt", lambda game, seat, want: bool(game.player(seat).damage) == want,
                                       {"type": "boolean"}, "You have damage.", {"hurt": True})
                registry.add_condition("on_start_tile",
                                       lambda game, seat, want: game.tile_of_room(game.player(seat).room).stack
                                       == "start", {"const": True}, "Your pawn is on the start tile.",
                                       {"on_start_tile": True}, looks_back="room")
                registry.add_quantity("cards_in_hand", lambda game, seat: len(game.player(seat).hand),
                                      "Cards in your hand.")
        """

    @hookspec
    def clank_register_room_features(self, registry: Registry) -> None:
        """Register room features: what placing, entering, starting a turn in or acting in a
        room showing the feature does, and whether a pawn may enter.

        When: after conditions; tiles are validated against the registered features.

        Parameters:
        - ``registry``: call ``registry.add_room_feature(RoomFeatureDef(name, doc, ...))`` with
          any of ``on_place``, ``on_enter``, ``on_turn_start``, ``actions`` + ``apply``,
          ``may_enter`` and an ``arg_schema`` for ``name(argument)``.

        Returns: nothing.

        Example::

            def fountain_enter(game, seat, room, arg):
                if game.claim_room_reward(seat, room):
                    game.heal(seat, arg or 1)

            @hookimpl
            def clank_register_room_features(registry):
                registry.add_room_feature(RoomFeatureDef(
                    "fountain", "Entering heals, once per turn.", arg_schema={"type": "integer"},
                    on_enter=fountain_enter, example="fountain(2)"))
        """

    @hookspec
    def clank_register_tunnel_icons(self, registry: Registry) -> None:
        """Register tunnel icons: what each icon on a tunnel costs or does to a pawn moving
        through it (A6-A10).

        When: after room features; tiles are validated against the registered icons.

        Parameters:
        - ``registry``: call ``registry.add_tunnel_icon(TunnelIconDef(name, doc, cost=...,
          covers=..., damage=..., damage_ignored_by=...))``: resources each icon adds to the
          move, whether paying covers it for good, damage Swords may prevent.

        Returns: nothing.

        Example::

            @hookimpl
            def clank_register_tunnel_icons(registry):
                registry.add_tunnel_icon(TunnelIconDef("mud", "Costs an extra Boot.", cost={"boots": 1}))
        """

    @hookspec
    def clank_register_market_rules(self, registry: Registry) -> None:
        """Register markets (what may be bought where, at what price) and ways to pay.

        When: after tunnel icons. The core registers the dungeon row and the reserve here
        itself; packs add boards. The core asks how to pay a market's price when what pays like
        gold leaves a choice; a purchase outside a market (an effect taking an item at a set
        price) pays with ``game.pay_then(seat, cost, step, data)`` to be asked the same way,
        then carry on with a step registered in :meth:`clank_register_actions`.

        Parameters:
        - ``registry``: call ``registry.add_market(MarketDef(name, offers, take, feature=...))``
          (``offers(game, seat)`` lists :class:`~clank.registry.Offer` s; the core pays each
          affordable one and calls ``take``), ``registry.add_payment_option(ways, markets=...,
          purposes=..., flag=...)`` for other ways to pay (a coupon), and
          ``registry.add_modifiable`` for the prices it folds.

        Returns: nothing.

        Example::

            def stall_offers(game, seat):
                return [Offer(act("room", "stall", "torch"), {"gold": 2}, "torch")]

            def stall_take(game, seat, offer, payment):
                game.gain(seat, "boots", 1)

            @hookimpl
            def clank_register_market_rules(registry):
                registry.add_market(MarketDef("stall", stall_offers, stall_take, "A torch for 2 gold.",
                                              feature="stall"))
        """

    @hookspec
    def clank_register_actions(self, registry: Registry) -> None:
        """Register main-decision action kinds, decision kinds, teleport kinds, queue steps
        and cube kinds.

        When: after market rules.

        Parameters:
        - ``registry``: ``add_action_kind(name, enumerate, apply)`` (actions of the current
          player's turn), ``add_decision_kind(name, legal, resolve)`` (a pause in the middle of
          an effect, for any seat), ``add_teleport_kind(name, targets)``, ``add_step(name, run)``
          (a step of the effect queue) and ``add_cube_kind(CubeKindDef(...))`` (cubes of the
          dragon bag besides the players' and the black ones).

        Returns: nothing.

        Example::

            def tip_legal(game, decision):
                return [act("tip", 1), act("tip", 0)]

            def tip_resolve(game, decision, action):
                game.gain(decision["seat"], "gold", int(action.args[0]))

            @hookimpl
            def clank_register_actions(registry):
                registry.add_decision_kind("tip", tip_legal, tip_resolve, "take a tip or not")
        """

    @hookspec
    def clank_register_reactions(self, registry: Registry) -> None:
        """Register what answers events: listeners, declared events, statistics and modifiers.

        When: after actions. The core declares its events and modifiable values here first.

        Parameters:
        - ``registry``: ``listen(event, fn)`` (``fn(game, event)`` each time the event is
          announced; ``event`` is ``{"event": name, **payload}``), ``add_event(name, doc,
          payload)`` for events this pack announces (reaction windows such as
          ``ghost_damage``), ``add_stat(name, doc)`` for statistics it counts,
          ``add_modifiable(name, doc)`` for values it folds and ``add_modifier(name, fn)`` to
          change one (``fn(game, value, **context) -> value``).

        Returns: nothing.

        Example::

            def bonus_on_escape(game, event):
                game.gain(event["seat"], "gold", 2)

            @hookimpl
            def clank_register_reactions(registry):
                registry.listen("escaped", bonus_on_escape)
                registry.add_modifier("artifact_limit", lambda game, limit, seat: limit + 1)
        """

    @hookspec
    def clank_register_scoring(self, registry: Registry) -> None:
        """Register score lines, tie-break keys and who scores at all (E7-E9).

        When: after reactions.

        Parameters:
        - ``registry``: ``add_scorer(fn)`` with ``fn(game, seat) -> [(source, points)]``,
          folded after the core's lines; ``add_tiebreaker(fn)`` with ``fn(game, seat)`` a key,
          higher wins, checked before the core's (best artifacts); the ``score_eligible``
          modifier decides whether a seat scores.

        Returns: nothing.

        Example::

            @hookimpl
            def clank_register_scoring(registry):
                registry.add_scorer(lambda game, seat: [("scars", len(game.player(seat).damage))])
        """

    @hookspec
    def clank_register_render(self, registry: Registry) -> None:
        """Register how the pack's pieces, rooms, tiles, player supplies and boards are drawn
        in the terminal (and SVG), without editing the CLI.

        When: after scoring.

        Parameters:
        - ``registry``: ``add_render(RenderDef(name, room=..., tile=..., player=..., board=...,
          piece=..., map_icon=..., map_feature=..., map_room=..., map_tile=...,
          room_name=...))``; each callback but ``room_name`` reads a seat's
          :class:`~clank.game.view.SeatView`. The panel callbacks return
          :class:`~clank.registry.Mark` s (text with a semantic style); the ``map_*``
          callbacks return :class:`~clank.registry.Symbol` s (a glyph, a style and its meaning
          for the legend) for the drawn map: tunnel icons, room features, what lies in a room,
          notes on a tile. The map draws a generic glyph for whatever no renderer describes.
          ``room_name(tile, room)`` words a room (``None``: the room's ``name`` in the tile
          data, else the generic rule of :mod:`clank.game.naming`); the log, menus and map
          all use that one name. ``add_rules_section(title, lines)`` adds the pack's section
          to the rules summary front ends show (the table's help shows the sections of the
          packs in play): ``(rule ids, text)`` lines in a player's words.

        Returns: nothing.

        Example::

            @hookimpl
            def clank_register_render(registry):
                registry.add_render(RenderDef(
                    "mine",
                    player=lambda view, seat: [
                        Mark(f"{view.player(seat).pool.get('lockpicks', 0)} lockpicks", "resource")],
                    map_icon=lambda view, name: Symbol("T", "danger", "toll booth: pay 1 coin")
                    if name == "toll" else None))
        """

    @hookspec
    def clank_register_bots(self, registry: Registry) -> None:
        """Register bots.

        When: last of the registration hooks.

        Parameters:
        - ``registry``: ``add_bot(name, factory, doc)``; ``factory(seed)`` returns an object
          with ``choose(view) -> Action``, where ``view`` is the deciding seat's
          :class:`~clank.game.view.SeatView` (never the whole game).

        Returns: nothing.

        Example::

            class FirstBot:
                def __init__(self, seed=0):
                    self.seed = seed

                def choose(self, view):
                    return view.legal_actions()[0]

            @hookimpl
            def clank_register_bots(registry):
                registry.add_bot("first", FirstBot, "Always the first legal action.")
        """

    @hookspec
    def clank_check_content(self, content: ContentView, report: Report) -> None:
        """State the structural rules of the pack's own content kinds: what its rules need of the
        content that its schemas cannot say (a slot tile's region and ports, where an op can
        trigger, how many cards a deck holds), each breach reported at the offending item.

        When: during validation (``clank validate``, and every load of the packs for a game),
        after the schemas and the names, with the content of every pack loaded together; so an
        installed pack's rules also judge the content of a directory pack that requires it.
        Implementations are gathered when the registry is built (core first, then packs in
        dependency order) and called one after the other.

        Parameters:
        - ``content``: a read-only :class:`~clank.content.checks_structure.ContentView`:
          ``content.items(kind)`` (cards, tiles, tokens, list kinds packs add) and
          ``content.get(kind, id)`` give :class:`~clank.content.checks_structure.ContentItem` s
          (``id``, ``pack``, ``data``, ``where``); ``content.setup`` is the merged setup,
          ``content.setups()`` each pack's own; ``content.ops(item)``,
          ``content.features(tile)`` and ``content.ports(tile)`` read an item as the core does;
          ``content.seat_counts`` is the range of player counts the packs support. An item an
          earlier layer found an error in is left out, so values have passed their schema.
        - ``report``: ``report(item, message, rule=..., at=(key, ...), key=False,
          severity="error")`` records one problem at the value ``at`` points to inside the item
          (``key=True``: at the key), printed ``file:line:col: error[rule]: message (at $.path)``.
          Say what is wrong and how to write it right, in the author's words, citing the rule.

        Returns: nothing. An exception is a fault of the pack: reported as one problem at the
        line of its code that raised, never a traceback.

        Example::

            @hookimpl
            def clank_check_content(content, report):
                for tile in content.items("tiles"):
                    fountains = [f for f in content.features(tile) if f.name == "fountain"]
                    for extra in fountains[1:]:
                        report(tile, f"tile {tile.id!r} has {len(fountains)} fountains: a tile holds "
                               "at most one (they drink from one spring)", rule="one-fountain",
                               at=extra.at)
        """

    @hookspec
    def clank_configure(self, config: dict[str, Any]) -> None:
        """Adjust or refuse a game's configuration before setup (options, variants).

        When: once per game, in ``new_game``, before the state is set up; called through
        pluggy in the order of every hook (the core, then the packs in dependency order, so a
        pack sees what the packs it requires did; ``tryfirst``/``trylast`` respected).

        Parameters:
        - ``config``: ``{"players": int, "options": dict}``, to change in place; the options
          were given by the player, each declared by a loaded pack (``registry.add_option`` in
          ``clank_register_content``). A pack may
          switch its optional parts on or off here (``options["parts"]``, e.g.
          ``"mypack:extras"`` for a player count): the game is then built with those parts, and
          the options the game keeps name them. A recorded game is configured again when it
          replays, so an implementation must accept the options it produced.

        Returns: nothing; raise ``ValueError`` to refuse the configuration (``new_game`` raises
        ``SetupError`` with the message). Any other exception is the pack's fault
        (:class:`~clank.faults.PackFault`).

        Example::

            @hookimpl
            def clank_configure(config):
                if config["options"].get("fixed_space") not in (None, 5, 6):
                    raise ValueError("fixed_space must be 5 or 6")
        """
