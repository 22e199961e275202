"""Content overrides: the loaded packs with some cards changed or left out, without writing files.

A balance question ("what if Dragon Egg cost 6?") needs a game built from content that differs
from the packs' files in one or two values. The game option ``overrides`` carries such changes
as plain JSON data, so they travel with a game's configuration (saves, records, replays, worker
processes) like the option ``parts`` does::

    {"cards": {"dragon-egg": {"cost": 6, "points": 3},       # top-level keys of the card entry,
               "rebel-scribe": {"cost.skill": 1}},           # or dotted paths into them
     "without": ["payoff"]}                                  # cards left out of the game

:func:`apply_overrides` changes copies of the loaded :class:`~clank.content.packdata.PackData`
(never the originals, never a file, never the compiled-content cache, which keeps what the
files say) and checks the result as content is checked: each changed card against the card
schema (an unknown key is refused with the nearest known one) and the whole set again (a card
left out that the setup or another card names is refused). Mistakes raise
:class:`OverrideError`, one message per mistake. The counts a manifest's ``expect`` states are
not judged on overridden content: changing a count is the point of ``count`` and ``without``.

``cost`` given as a bare integer sets the card's only cost resource (``cost: 6`` on a card that
costs ``{skill: 4}`` makes it ``{skill: 6}``); a card that costs nothing or several resources
needs ``cost.skill`` or a whole mapping. A card's ``id`` cannot be overridden: it is what the
rest of the content refers to.

:func:`parse_setting` reads the command line's form, ``CARD.KEY[.SUB]=VALUE`` with the value in
YAML flow syntax (``dragon-egg.cost=6``, ``x.play=[gain: {skill: 5, swords: 5}]``).
"""

from __future__ import annotations

import copy
import dataclasses
import datetime
import json
from collections.abc import Mapping, Sequence
from typing import Any

from clank.content.packdata import PackData, as_dict
from clank.content.problems import did_you_mean
from clank.registry import Registry

OPTION = "overrides"
"""The game option that carries overrides."""
SECTIONS = ("cards", "without")
"""The keys of an overrides value."""
FIXED_KEYS = ("id",)
"""Card keys an override may not change."""


class OverrideError(ValueError):
    """Overrides that name an unknown card or key, or that make the content invalid."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


# -- the option's value -------------------------------------------------------------------

def normalise(value: Any) -> dict[str, Any]:
    """The overrides value checked for shape, with its sections sorted: ``{"cards": {id: {key:
    value}}, "without": [ids]}`` (empty sections left out). Raises :class:`OverrideError`."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise OverrideError([f"overrides must be a mapping with {' and/or '.join(SECTIONS)}, "
                             f"got {type(value).__name__}"])
    problems = [f"unknown overrides section {key!r}" + did_you_mean(str(key), SECTIONS)
                for key in value if key not in SECTIONS]
    cards = value.get("cards") or {}
    without = value.get("without") or []
    if not isinstance(cards, Mapping) or not all(isinstance(v, Mapping) for v in cards.values()):
        problems.append("overrides 'cards' must map card ids to mappings of keys and values")
        cards = {}
    if not isinstance(without, list) or not all(isinstance(c, str) for c in without):
        problems.append("overrides 'without' must be a list of card ids")
        without = []
    for card in sorted(set(cards) & set(without)):
        problems.append(f"card {card!r} is both changed and left out")
    for card, changes in cards.items():
        for key in changes:
            if not isinstance(key, str) or not all(key.split(".")):
                problems.append(f"card {card!r}: {key!r} is not a key or a dotted path of keys")
    if problems:
        raise OverrideError(problems)
    out: dict[str, Any] = {}
    if cards:
        out["cards"] = {card: {key: _plain(cards[card][key], f"{card}.{key}") for key in sorted(cards[card])}
                        for card in sorted(cards) if cards[card]}
    if without:
        out["without"] = sorted(set(without))
    return out


def canonical(value: Any) -> str:
    """The overrides as one stable text (a cache key): the same changes give the same text."""
    return json.dumps(normalise(value), sort_keys=True, separators=(",", ":"))


def _plain(value: Any, where: str) -> Any:
    """``value`` as plain JSON data (what content files hold once read), or an error."""
    if isinstance(value, bool) or value is None or isinstance(value, (int, float, str)):
        return value
    if isinstance(value, Mapping):
        return {str(k): _plain(v, where) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v, where) for v in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        raise OverrideError([f"{where}: {value} reads as a date: quote it"])
    raise OverrideError([f"{where}: a value of type {type(value).__name__} is not content data"])


# -- the command line's form -----------------------------------------------------------------

def parse_setting(text: str) -> tuple[str, str, Any]:
    """``"dragon-egg.cost=6"`` -> ``("dragon-egg", "cost", 6)``; the value is YAML flow syntax
    (``[gain: {skill: 5}]``, ``"A name"``, ``true``). Raises :class:`OverrideError`."""
    target, sep, raw = text.partition("=")
    card, dot, key = target.strip().partition(".")
    if not sep or not dot or not card or not key or not all(key.split(".")):
        raise OverrideError([f"{text!r}: expected CARD.KEY=VALUE, e.g. dragon-egg.cost=6"])
    return card, key, _plain(_read_value(text, raw.strip()), text)


def _read_value(text: str, raw: str) -> Any:
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    if not raw:
        raise OverrideError([f"{text!r}: no value after '='"])
    from clank.content.yamlhints import explain_syntax_error

    try:
        return YAML(typ="safe", pure=True).load(raw)
    except YAMLError as exc:
        message, line, col = explain_syntax_error(exc, raw)
        where = f"col {col}" if line == 1 else f"line {line} col {col}"
        raise OverrideError([f"{text!r}: the value is not valid YAML ({where} of the value): {message}"]) from None


def with_setting(overrides: Any, card: str, key: str, value: Any) -> dict[str, Any]:
    """A copy of ``overrides`` that also sets ``card``'s ``key`` to ``value``."""
    out = copy.deepcopy(normalise(overrides))
    out.setdefault("cards", {}).setdefault(card, {})[key] = value
    return normalise(out)


def without_card(overrides: Any, card: str) -> dict[str, Any]:
    """A copy of ``overrides`` that also leaves ``card`` out."""
    out = copy.deepcopy(normalise(overrides))
    out["without"] = [*out.get("without", []), card]
    return normalise(out)


# -- applying them ------------------------------------------------------------------------

def apply_overrides(packs: Sequence[PackData], registry: Registry, overrides: Any) -> list[PackData]:
    """Copies of ``packs`` with ``overrides`` applied and checked (see the module's docstring).

    ``registry`` is the loaded packs' registry (the schemas the checks compose). The originals
    are left untouched. Raises :class:`OverrideError`.
    """
    spec = normalise(overrides)
    if not spec:
        return list(packs)
    where = {c["id"]: (i, j) for i, p in enumerate(packs) for j, c in enumerate(p.cards)
             if isinstance(c, dict) and isinstance(c.get("id"), str)}
    named = [*spec.get("cards", {}), *spec.get("without", [])]
    unknown = [f"unknown card {card!r}" + did_you_mean(card, where) for card in named if card not in where]
    if unknown:
        raise OverrideError(unknown)
    lists = [list(p.cards) for p in packs]
    changed: list[tuple[str, dict[str, Any]]] = []
    problems: list[str] = []
    for card, changes in spec.get("cards", {}).items():
        i, j = where[card]
        entry = copy.deepcopy(lists[i][j])
        for key, value in changes.items():
            problem = _set(entry, card, key, value)
            if problem:
                problems.append(problem)
        lists[i][j] = entry
        changed.append((card, entry))
    if problems:
        raise OverrideError(problems)
    for card in spec.get("without", []):
        i, j = where[card]
        lists[i][j] = {}          # a placeholder keeps the positions of the cards after it
    checked = [dataclasses.replace(p, cards=cards) for p, cards in zip(packs, lists, strict=True)]
    _check(checked, registry, changed)
    return [dataclasses.replace(p, cards=[c for c in cards if c]) for p, cards in zip(checked, lists, strict=True)]


def _set(entry: dict[str, Any], card: str, key: str, value: Any) -> str | None:
    """Set ``key`` (a dotted path) of a card entry; a message when it cannot be set."""
    path = key.split(".")
    if path[0] in FIXED_KEYS:
        return (f"card {card!r}: its {path[0]!r} cannot be overridden (other content refers to it); "
                "to try a renamed card, load a pack directory that renames it")
    if path == ["cost"] and isinstance(value, int) and not isinstance(value, bool):
        cost = as_dict(entry.get("cost"))
        if len(cost) != 1:
            shown = json.dumps(cost) if cost else "nothing"
            return (f"card {card!r} costs {shown}: cost={value} needs a card with one cost resource; "
                    f"write cost.RESOURCE={value} or cost={{RESOURCE: {value}}}")
        value = {next(iter(cost)): value}
    node = entry
    for part in path[:-1]:
        child = node.setdefault(part, {})
        if not isinstance(child, dict):
            return f"card {card!r}: {part!r} is not a mapping, so {key!r} cannot be set"
        node = child
    node[path[-1]] = value
    return None


def _check(packs: list[PackData], registry: Registry, changed: list[tuple[str, dict[str, Any]]]) -> None:
    """Each changed card against the card schema, then the set of packs as a game loads it."""
    from clank.content.locator import Locator
    from clank.content.packread import new_context
    from clank.content.schemas import schema_problems
    from clank.content.validate import recheck

    ctx = new_context(registry)
    problems = []
    for card, entry in changed:
        for p in schema_problems(ctx.validators["cards"], [entry], Locator(f"card {card!r}")):
            at = p.path.removeprefix("$[0]").lstrip(".") or "the card"
            problems.append(f"card {card!r}: {p.message} (at {at})")
    if problems:
        raise OverrideError(problems)
    found = [p for p in recheck(ctx, packs) if p.is_error and p.rule != "count-mismatch"]
    if found:
        raise OverrideError([f"with these overrides: {p.format_text()}" for p in found])


__all__ = ["OPTION", "OverrideError", "apply_overrides", "canonical", "normalise", "parse_setting",
           "with_setting", "without_card"]
