"""The offer lists markets keep (:mod:`clank.game.markets`).

A module of its own because it subclasses ``list``: the experimental compiled build
(``benchmarks/compiled.py``) compiles the game modules but leaves this one as Python, as mypyc
compiles a subclass of a builtin type only as a Python class.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class OfferList(list):
    """A list of offers a market keeps and hands out again (read it, never change it), with
    ``prices``: the price of each offer (:data:`clank.game.markets.Price`), or None when one is
    not that simple. :func:`clank.game.markets.scan` lists such offers by comparing each amount
    with the seat's supply."""

    __slots__ = ("prices",)

    def __init__(self, offers: Iterable[Any], prices: list[Any] | None) -> None:
        super().__init__(offers)
        self.prices = prices
