"""The rules machine: the compiled ruleset, the game state and the rule modules that play it.

In layers, each importing only those below it (an import-linter contract): ``engine`` puts the
public :class:`~clank.game.engine.Game` on top; ``turn``, ``movement``, ``dragon``,
``decisions``, ``markets``, ``scoring``, ``setup``, ``view`` and ``audit`` are rule modules built
on ``table`` (the state and the primitives every rule uses, and the rules packs call), itself on
``board`` (what packs read); below them the data and the compiled content (``state``,
``ruleset``, ``effects`` ...).
"""
