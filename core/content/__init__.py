"""The content pipeline: reading pack files, validating them, exporting schemas and guides.

Everything here turns YAML written by a pack author into checked plain data (or precise
problems at ``file:line:col``); nothing here plays a game.
"""
