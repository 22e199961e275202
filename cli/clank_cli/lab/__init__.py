"""The balance lab (``clank balance``): two setups compared on paired games, with intervals.

- :mod:`clank_cli.lab.setups`: what a setup is, the paired plan the simulation backends play, and
  what is watched in each game (scores, wins, offers and picks per card);
- :mod:`clank_cli.lab.stats`: the paired bootstrap over games;
- :mod:`clank_cli.lab.figures`: every figure, per setup and as differences, and the card band;
- :mod:`clank_cli.lab.verdicts`: the plain verdict lines and the intervals ``--precision`` watches;
- :mod:`clank_cli.lab.textreport`: the tables printed on the terminal and the JSON of the figures;
- :mod:`clank_cli.lab.htmlreport`: the HTML page with its plots (matplotlib, the extra ``lab``).

``docs/balance-lab.md`` explains each figure and the statistics.
"""
