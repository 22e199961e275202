"""The generated guides: the authoring guide (``docs/authoring.md``) and the hooks guide
(``docs/hooks.md``), written from the registry, the schemas and the hook specifications of
the packs they describe (``clank docs authoring``, ``clank docs hooks``).

They stand above the content pipeline and the game: a guide may load packs and play a short
game to show a real example, which the content pipeline itself never does.
"""
