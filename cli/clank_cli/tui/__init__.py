"""The full-screen table of ``clank play`` and ``clank replay --step`` (Textual).

- :mod:`~clank_cli.tui.keys`: stable keys for legal actions (hand letters, row numbers, moves by
  destination, rotations by angle);
- :mod:`~clank_cli.tui.panels`: what each fixed panel shows, from one seat's view;
- :mod:`~clank_cli.tui.screens`: hand-off, help, inspection, confirmation, choosers, scores;
- :mod:`~clank_cli.tui.app`: the table that plays a game; :mod:`~clank_cli.tui.replay`: the
  stepper through a record.

Textual is the maintained full-screen toolkit of the Python field (by the authors of rich,
which the CLI already prints with), with a headless test pilot (``App.run_test``) that drives
an app by key presses in tests.
"""
