"""The rules machine: the compiled ruleset, the game state and the rule modules that play it.

``table`` holds the state and the primitives every rule uses; ``turn``, ``movement``,
``dragon``, ``decisions``, ``scoring`` and ``setup`` are rule modules built on it; ``engine``
puts the public :class:`~clank.game.engine.Game` on top.
"""
