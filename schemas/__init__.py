"""The bundled JSON Schemas (draft-07) of every content kind, as data: ``*.schema.json``.

Each file is valid on its own, so a YAML editor can check content with it. The code that
composes them with what the packs register lives in :mod:`clank.content.schemas`.
"""
