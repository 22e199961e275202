"""Hook specifications: how packs give meaning to content (DESIGN §3).

Every ``clank_register_*`` hook is called once when a game's ruleset is built, with the
:class:`clank.registry.Registry` to fill; the engine reads that registry, never the plugin
manager, during play. Implementations may accept fewer arguments than the spec.
The ``clank_register_*`` hooks are called for the core first, then for packs in dependency
order (ties by id), so behaviour never depends on install order; registries refuse duplicates.
``clank_configure`` is a plain pluggy call (last registered pack first).
"""

from __future__ import annotations

from typing import Any

import pluggy

hookspec = pluggy.HookspecMarker("clank")
hookimpl = pluggy.HookimplMarker("clank")


class ClankSpecs:
    """The hooks a pack may implement."""

    @hookspec(firstresult=True)
    def clank_pack_data_dir(self) -> Any:
        """Where an installed pack keeps its content.

        Called once when the pack is loaded. Return the directory (``pathlib.Path`` or an
        ``importlib.resources`` traversable) that holds ``pack.yaml`` and the YAML files it
        lists. Stops at the first non-None result (each pack answers for itself).
        """

    @hookspec
    def clank_register_resources(self, registry) -> None:
        """Register resources (``registry.add_resource``): turn resources vanish at end of turn.

        Example: the core registers skill, swords and boots.
        """

    @hookspec
    def clank_register_content(self, registry) -> None:
        """Register keys a pack adds to content kinds (``add_content_key``) and new content kinds."""

    @hookspec
    def clank_register_ops(self, registry) -> None:
        """Register effect ops and card keywords (``registry.add_op(name, run, schema, doc, example)``).

        ``run(ctx, args)`` performs the op; ``schema`` is the JSON Schema of its arguments,
        composed into the content schemas so a misspelt argument is an error at its line.
        """

    @hookspec
    def clank_register_conditions(self, registry) -> None:
        """Register conditions (``add_condition``) and countable quantities (``add_quantity``).

        Conditions are used by ``if`` ops, ``choose`` options, ``fight_if`` and points.
        """

    @hookspec
    def clank_register_room_features(self, registry) -> None:
        """Register room features (``registry.add_room_feature(RoomFeatureDef(...))``).

        A feature says what placing its tile, entering its room, starting a turn in it and
        acting in it do, and whether a pawn may enter (U-M5).
        """

    @hookspec
    def clank_register_tunnel_icons(self, registry) -> None:
        """Register tunnel icons (``registry.add_tunnel_icon(TunnelIconDef(...))``):
        extra Boots, preventable damage, locks."""

    @hookspec
    def clank_register_market_rules(self, registry) -> None:
        """Register market rules: action kinds that buy items (``add_action_kind``), where
        and at what price, and per-item purchase conditions."""

    @hookspec
    def clank_register_actions(self, registry) -> None:
        """Register other main-decision action kinds (use a token ...) and decision kinds
        (``add_decision_kind``) for pauses in the middle of an effect."""

    @hookspec
    def clank_register_reactions(self, registry) -> None:
        """Register event listeners (``registry.listen(event, fn)``): ``tile_placed``,
        ``entered_room``, ``turn_start``, ``card_played``, ``card_gained``, ``tile_discovered``, ``card_trashed``, ``token_taken``,
        ``escaped``, ``knocked_out``, ``healed``, ``tunnel_damage``, ``setup_done``,
        ``placement_ok`` (return False to forbid a tile placement)."""

    @hookspec
    def clank_register_scoring(self, registry) -> None:
        """Register score contributions (``registry.add_scorer(fn)``):
        ``fn(game, seat) -> [(source, points)]``, folded at game end (E8)."""

    @hookspec
    def clank_register_render(self, registry) -> None:
        """Register how the pack's things are drawn (``add_render``)."""

    @hookspec
    def clank_register_bots(self, registry) -> None:
        """Register bots (``registry.add_bot(name, factory, doc)``); ``factory(seed)`` returns
        an object with ``choose(game) -> Action``."""

    @hookspec
    def clank_configure(self, config: dict) -> None:
        """Adjust the game configuration before setup (options, variants).

        ``config`` holds ``players`` and ``options``; raise ``ValueError`` to refuse it.
        """
