"""The shapes of actions: what each argument of an action can hold, written as a short form.

A learning environment gives every action of a game a fixed index (:mod:`clank.rl`), keyed by
the action's word and its arguments. The core knows the shapes of its own actions (``play
CARD``, ``move TUNNEL SWORDS`` ...); a pack tells the shapes of the actions its code lists with
:meth:`~clank.registry.Registry.add_action_forms`, one form per shape::

    registry.add_action_forms("fate_keep", "keep <token:fate>", "none")
    registry.add_action_forms("turn", "spell duplicate <card>", "spell levitate <slot>")
    registry.add_action_forms("payment", "alt")

A form is the action's word, then one pattern per argument, separated by spaces:

- a literal (``none``, ``fight``): the argument is that text;
- alternatives ``{a|b|c}``: one of these texts;
- a range ``<0..3>`` (``<-9..9>``): an integer in it, written in decimal;
- a class ``<card>``, ``<token>`` ...: a name the loaded content defines (:data:`CLASSES`);
  ``<card:TYPE>`` narrows to the cards of a type or kind (``<card:ability>``: the cards with an
  ability), ``<token:POOL>`` to the tokens of a pool.

The last pattern may end in ``?`` (``<payment?>``): the argument may be left out. Nothing
here reads content: this module checks a form's syntax and splits it into patterns; the
vocabularies of the classes are read from a ruleset by :mod:`clank.rl.layout`.
"""

from __future__ import annotations

import re
from typing import NamedTuple

CLASSES: dict[str, str] = {
    "card": "a card id",
    "token": "a token id",
    "item": "a card or token id",
    "room": "a room id (tile.room)",
    "route": "a tile tunnel, tile#i",
    "portal": "a tile tunnel with a portal end",
    "tile": "a tile id",
    "feature": "a room feature",
    "resource": "a resource",
    "teleport": "a teleport kind",
    "market": "a market's name",
    "slot": "a dungeon-row slot, 0 to the row size - 1",
    "region-slot": "a slot name of a region laid out as slots",
    "zone": "a card zone of a player: hand, play, discard, deck",
    "payment": "a way to pay: a tag declared in the context 'payment'",
    "swords": "Swords spent on a tunnel's monsters, 0 to the layout's limit 'prevent' - 1",
    "option": ("an option of a choice, 0 to the layout's limit 'options' - 1: its place in its source's list "
               "when the decision's data give numbers, else its number among the options open now"),
    "purpose": "what a pick is for: trash, discard or topdeck",
    "subject": "what asks a choice: a card, token or room id, or - for nothing",
    "target": "where a teleport goes: a room id, open:TUNNEL (an unexplored tunnel) or slot:REGION:SLOT:FEATURE",
    "link": "a link by where it leads: link>ROOM, or link>slot:REGION:SLOT:FEATURE toward an empty slot",
}
"""The classes a form's ``<...>`` pattern may name, and what each holds."""
CONTEXTS = ("turn", "payment")
"""Contexts beside the decision kinds: ``turn``, actions of the main decision (and of the
orientation of a discovered tile); ``payment``, the tags a way to pay adds to a market's
action (each form one literal tag)."""
MAX_RANGE = 256
"""The most values a range pattern may hold."""

_WORD = re.compile(r"[A-Za-z0-9_.:#+>-]+$")
_RANGE = re.compile(r"<(-?\d+)\.\.(-?\d+)(\??)>$")
_CLASS = re.compile(r"<([a-z-]+)(?::([A-Za-z0-9_.-]+))?(\??)>$")
_ALTERNATIVES = re.compile(r"\{([^{}]+)\}(\??)$")


class Pattern(NamedTuple):
    """One argument's pattern: ``kind`` ``literal``, ``choice`` (``values`` the texts),
    ``range`` (``values`` the integers as text) or ``class`` (``name`` and ``narrow``)."""

    kind: str
    values: tuple[str, ...] = ()
    name: str = ""
    narrow: str = ""
    optional: bool = False


class Form(NamedTuple):
    """A parsed form: its text, the action's word and one pattern per argument."""

    text: str
    word: str
    patterns: tuple[Pattern, ...]


class FormError(ValueError):
    """A form that does not parse: the message says where and how to write it."""


def parse_form(text: str) -> Form:
    """Split a form into its word and patterns; :class:`FormError` says what is wrong."""
    parts = text.split()
    if not parts:
        raise FormError("an empty form: write the action's word, then one pattern per argument")
    word, *rest = parts
    if not _WORD.match(word):
        raise FormError(f"form {text!r}: the action's word {word!r} must be plain text (letters, digits, - _ . : # + >)")
    patterns = tuple(_pattern(text, p) for p in rest)
    if any(p.optional for p in patterns[:-1]):
        raise FormError(f"form {text!r}: only the last argument may be optional (end it with '?')")
    return Form(text, word, patterns)


def form_problem(text: str) -> str | None:
    """Why a form does not parse, or None."""
    try:
        parse_form(text)
    except FormError as exc:
        return str(exc)
    return None


def _pattern(text: str, part: str) -> Pattern:
    found = _RANGE.match(part)
    if found:
        lo, hi = int(found[1]), int(found[2])
        if hi < lo or hi - lo >= MAX_RANGE:
            raise FormError(f"form {text!r}: range {part} must go up and hold at most {MAX_RANGE} values")
        return Pattern("range", tuple(str(i) for i in range(lo, hi + 1)), optional=bool(found[3]))
    found = _CLASS.match(part)
    if found:
        name = found[1]
        if name not in CLASSES:
            close = [c for c in CLASSES if c.startswith(name[:3])]
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise FormError(f"form {text!r}: unknown class <{name}>{hint}; known: {', '.join(CLASSES)}")
        narrow = found[2] or ""
        if narrow and name not in ("card", "token"):
            raise FormError(f"form {text!r}: only <card:TYPE> and <token:POOL> narrow their class, not <{name}:...>")
        return Pattern("class", name=name, narrow=narrow, optional=bool(found[3]))
    found = _ALTERNATIVES.match(part)
    if found:
        values = tuple(found[1].split("|"))
        if not all(_WORD.match(v) for v in values):
            raise FormError(f"form {text!r}: alternatives {part} must be plain texts separated by |")
        return Pattern("choice", values, optional=bool(found[2]))
    optional = part.endswith("?")
    literal = part[:-1] if optional else part
    if not _WORD.match(literal) or "<" in part or "{" in part:
        raise FormError(f"form {text!r}: cannot read the pattern {part!r}: write a literal, {{a|b}}, <0..3> "
                        f"or a class such as <card>")
    return Pattern("literal", (literal,), optional=optional)
