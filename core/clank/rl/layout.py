"""The fixed action space: every legal action of any state as one index, keyed by what it means.

**An action's meaning** is ``(context, word, arguments)``, read from the action and the decision
it answers, never from the other actions listed with it:

- the **context** is ``turn`` for the main decision and the orientation of a discovered tile
  (decision kinds ``main`` and ``orient``), else the decision kind (``choose``, ``pick``, a
  pack's ``fate_keep`` ...);
- the **word** is the action's kind (``play``, ``move``, ``keep`` ...);
- the **arguments** are the action's, canonical: a decision of the core that names its subject
  gets it first (the card or token asking a ``choose`` or a ``may``, ``-`` if none; the card
  of a ``react``; the purpose of a ``pick``: trash, discard or topdeck), and a link, whose key
  numbers the links made so far in the game (``link:chute4``), is named by where it leads
  (``link>uw-3.ladder``, a room, or the slot an ``explore`` opens; ``link>one-way:...`` for a
  one-way link);
- an ``option N`` answer numbers the options open now; a decision whose data carry ``numbers``
  (the core's ``choose``, a pack's choice among a card's options) gives each listed option its
  place in the source's own list, and the option is keyed by that place (and by the decision's
  ``src`` as subject), so an option left out when its condition fails, or picked before in a
  choice of several, shifts no other option's index.

The layout is a list of **blocks**, one per form (:mod:`clank.actionforms`) of each context: the
core's forms for its own words (:data:`CORE_FORMS`), the forms packs declare
(``registry.add_action_forms``), and, for what a pack registers without declaring forms, forms
made from what it registered (:func:`fallback_forms`). A block holds one index per combination
of its patterns' values, in order: ``offset + sum(position of argument i * stride i)``. Every
vocabulary is read from the loaded content and registry when the environment is built.

So **one index is one meaning in every state**: the index is a function of the meaning alone.
An action whose meaning no form fits (an undeclared word, a value outside a form's vocabulary)
takes one of its context's **spare** indices (``limits["spare"]`` per context), numbered in
listing order: a spare index means "the k-th action of this context no form fits", not an
action, and :attr:`ActionLayout.counts` counts how often spares are handed out. Two legal
actions never share an index: the legal actions of a state are distinct and so are their
meanings (an action whose meaning another already holds now takes a spare), and spares are
handed out one by one. Only a state with more unkeyed actions of one context than its spares
raises :class:`ActionSpaceOverflow`, naming the context and the limit to raise.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from clank.actionforms import Form, Pattern, parse_form
from clank.actions import Action

LAYOUT_FORMAT = 2
"""Version of the way layouts are derived; part of every layout's id."""
TURN = "turn"
TURN_KINDS = frozenset({"main", "orient"})
"""Decision kinds whose actions are the turn's (context ``turn``)."""
SUBJECT = {"choose": "src", "may": "src", "react": "card", "pick": "purpose"}
"""Core decisions whose answers get the decision's subject as first argument: the key of the
decision data it is read from."""
NO_SUBJECT = "-"
NUMBERS = "numbers"
"""The key of a choice's data giving each listed option its place in the source's own list."""
CORE_FORMS: dict[str, tuple[str, ...]] = {
    TURN: ("end", "play <card>", "ability <card:ability>",
           "buy <slot> <payment?>", "use <slot> <payment?>", "fight <slot> <payment?>",
           "reserve <card:reserve> <payment?>", "fight-reserve <card:reserve> <payment?>",
           "move <route> <swords>", "move <link> <swords>", "explore <route>", "explore <link>",
           "portal <portal> <portal> <swords>", "teleport <teleport> <target>",
           "orient <0..3> <swords>", "place <0..3>"),
    "choose": ("option <subject> <option>",),
    "may": ("yes <subject>", "no <subject>"),
    "react": ("yes <card>", "no <card>"),
    "pick": ("pick <purpose> <zone> <card>", "done <purpose>"),
    "pay": ("pay <0..15>",),
}
"""The forms of the core's own actions, by context. ``pay N`` (how to pay a price a resource
paying like another may pay in part) is the N-th way the decision lists, which orders them from
the most of the resource asked for to the least."""
ZONES = ("deck", "discard", "hand", "play")
PURPOSES = ("discard", "topdeck", "trash")
LINK = "link>"
ONE_WAY = "one-way:"
"""Put before a one-way link's destination (``link>one-way:slot:REGION:SLOT:FEATURE``): a
two-way and a one-way link may lead to the same place, and they are different ways there."""
DEFAULT_LIMITS = {"options": 8, "prevent": 4, "spare": 32}
"""The sizes a layout is built with; ``limits=`` overrides any of them.

``options``: option numbers of a choice (``<option>``); ``prevent``: Swords spent on a tunnel's
monsters (``<swords>``); ``spare``: the spare indices of each context."""
_LINKED = -2
"""An action with a link argument: its meaning depends on the map (not remembered)."""
_SPARE = -1
KNOWN = 50_000
"""Actions whose index is remembered, per kind of context (the same actions are listed again and again)."""


class ActionSpaceOverflow(RuntimeError):
    """A state has more actions no form fits, in one context, than the context's spare indices."""


@dataclass(frozen=True, slots=True)
class Block:
    """A run of ``size`` indices from ``offset``: one per combination of ``fields`` (the
    vocabulary of each argument) of a ``form`` in a ``context``; or, with ``spare`` set, the
    context's spare indices."""

    context: str
    word: str
    form: str
    fields: tuple[tuple[str, ...], ...]
    offset: int = 0
    source: str = "core"          # core, a pack's name, or "registered" (a fallback form)
    spare: int = 0

    @property
    def size(self) -> int:
        """How many indices the block holds."""
        return self.spare or math.prod(len(f) for f in self.fields)


class Situation(NamedTuple):
    """What an action's meaning reads of the decision it answers: the ``context``, the
    ``subject`` put before its arguments (empty, or one name), ``links`` (a function giving,
    for the map now, each link key's canonical name) and ``numbers`` (a choice's option places)."""

    context: str
    subject: tuple[str, ...] = ()
    links: Callable[[], Mapping[str, str]] | None = None
    numbers: tuple[str, ...] | None = None
    """For a choice, each listed option's place in its source's list (``option N`` is keyed by it)."""


def situation(kind: str, decision: Mapping[str, Any] | None, links: Callable[[], Mapping[str, str]]) -> Situation:
    """The situation of a decision of ``kind`` (``decision``: its data, the game's pending decision)."""
    if kind in TURN_KINDS:
        return Situation(TURN, (), links)
    data = decision or {}
    numbers = data.get(NUMBERS)
    key = SUBJECT.get(kind) or ("src" if numbers is not None else None)
    if key is None:
        return Situation(kind)
    subject = data.get(key) or NO_SUBJECT
    return Situation(kind, (str(subject),), None, None if numbers is None else tuple(map(str, numbers)))


def content_names(ruleset: Any) -> dict[str, tuple[str, ...]]:
    """The content names vocabularies and observations are built from, each list sorted."""
    tiles = ruleset.tiles
    registry = ruleset.registry
    return {
        "cards": tuple(sorted(ruleset.cards)),
        "tokens": tuple(sorted(ruleset.tokens)),
        "tiles": tuple(sorted(tiles)),
        "rooms": tuple(sorted(f"{t}.{r}" for t in tiles for r in tiles[t].rooms)),
        "routes": tuple(f"{t}#{i}" for t in sorted(tiles) for i in range(len(tiles[t].tunnels))),
        # a route (a move's, an explore's, a teleport's toward an open edge) is named by its first
        # tunnel, which starts at a room; toward an open edge, that tunnel's other end is a port
        "room_routes": tuple(f"{t}#{i}" for t in sorted(tiles) for i, tunnel in enumerate(tiles[t].tunnels)
                             if "room" in (tunnel.a.kind, tunnel.b.kind)),
        "open_routes": tuple(f"{t}#{i}" for t in sorted(tiles) for i, tunnel in enumerate(tiles[t].tunnels)
                             if sorted((tunnel.a.kind, tunnel.b.kind)) == ["port", "room"]),
        "portal_routes": tuple(f"{t}#{i}" for t in sorted(tiles) for i, tunnel in enumerate(tiles[t].tunnels)
                               if "portal" in (tunnel.a.kind, tunnel.b.kind)),
        "features": tuple(sorted(registry.room_features)),
        "resources": tuple(sorted(registry.resources)),
        "teleports": tuple(sorted(registry.teleport_kinds)),
        "cube_kinds": tuple(sorted(registry.cube_kinds)),
        "decisions": ("main", "over", *sorted(registry.decision_kinds)),
    }


class Vocabularies:
    """The values each class of pattern holds for a ruleset (:data:`clank.actionforms.CLASSES`)."""

    def __init__(self, ruleset: Any, names: Mapping[str, tuple[str, ...]], limits: Mapping[str, int]) -> None:
        self.ruleset = ruleset
        regions = ruleset.setup.get("regions") or {}
        self.region_slots = tuple(sorted({str(s) for r in regions.values() for s in (r.get("slots") or {})}))
        slot_targets = tuple(f"slot:{region}:{slot}:{feature}" for region in sorted(regions)
                             for slot in sorted(map(str, regions[region].get("slots") or {}))
                             for feature in _region_features(ruleset, region))
        registry = ruleset.registry
        self.payments = tuple(sorted({parse_form(f.form).word for f in registry.action_forms
                                      if f.context == "payment"}))
        self.classes: dict[str, tuple[str, ...]] = {
            "card": names["cards"], "token": names["tokens"], "item": tuple(sorted({*names["cards"], *names["tokens"]})),
            "room": names["rooms"], "route": names["room_routes"], "portal": names["portal_routes"],
            "tile": names["tiles"], "feature": names["features"], "resource": names["resources"],
            "teleport": names["teleports"], "market": tuple(sorted(registry.markets)),
            "slot": tuple(str(i) for i in range(int(ruleset.setup.get("row_size", 6)))),
            "region-slot": self.region_slots, "zone": ZONES, "purpose": PURPOSES, "payment": self.payments,
            "swords": tuple(str(i) for i in range(limits["prevent"])),
            "option": tuple(str(i) for i in range(limits["options"])),
            "subject": (NO_SUBJECT, *sorted({*names["cards"], *names["tokens"]})),
            "target": (*names["rooms"], *(f"open:{r}" for r in names["open_routes"]), *slot_targets),
            "link": tuple(LINK + way + t for way in ("", ONE_WAY) for t in (*names["rooms"], *slot_targets)),
        }

    def of(self, pattern: Pattern) -> tuple[str, ...]:
        """The values a pattern holds."""
        if pattern.kind != "class":
            return pattern.values
        values = self.classes[pattern.name]
        if not pattern.narrow:
            return values
        rs, narrow = self.ruleset, pattern.narrow
        if pattern.name == "card":      # none may be loaded: a pack's part left out of this game
            return tuple(c for c in values if narrow in (rs.cards[c].type, rs.cards[c].kind)
                         or (narrow == "ability" and rs.cards[c].ability))
        return tuple(t for t in values if rs.tokens[t].pool == narrow)


def _region_features(ruleset: Any, region: str) -> list[str]:
    """The room features shown in the tiles of a region (what a slot target may name)."""
    return sorted({f for tile in ruleset.tiles.values() if tile.region == region
                   for room in tile.rooms.values() for f, _ in room.get("features", ())})


def expand(form: Form) -> list[tuple[str, tuple[Pattern, ...]]]:
    """A form as the forms it stands for: one without its optional last argument, one with it."""
    if form.patterns and form.patterns[-1].optional:
        *parts, last = form.text.split()
        whole = last[:-2] + last[-1] if last[-1] in ">}" else last[:-1]       # the last pattern without its '?'
        return [(" ".join(parts), form.patterns[:-1]), (" ".join((*parts, whole)), form.patterns)]
    return [(form.text, form.patterns)]


def fallback_forms(registry: Any, declared: Mapping[str, Sequence[Form]]) -> dict[str, list[str]]:
    """Forms for what packs register without declaring forms: an action kind ``K`` (``K`` and
    ``K <item>``), a market of its own word (``M <item> <payment?>``), a room feature's actions
    (``room F`` and ``room F <item>``) and a room-bound market's (``room M <item> <payment?>``); a
    pack's decision with no form at all gets the core's plain answers (``yes``, ``no``, ``done``,
    ``option <option>``)."""
    turn = declared.get(TURN, ())
    words = {f.word for f in turn}
    rooms = {f.patterns[0].values[0] for f in turn if f.word == "room" and f.patterns and f.patterns[0].kind == "literal"}
    out: dict[str, list[str]] = {TURN: []}
    for kind in sorted(set(registry.action_kinds) - words):
        out[TURN] += [kind, f"{kind} <item>"]
    for name, market in sorted(registry.markets.items()):
        if name in ("row", "reserve"):
            continue
        if market.feature and name not in rooms:
            out[TURN].append(f"room {name} <item> <payment?>")
        elif not market.feature and name not in words and name not in registry.action_kinds:
            out[TURN].append(f"{name} <item> <payment?>")
    for name, feature in sorted(registry.room_features.items()):
        if feature.actions is not None and name not in rooms and name not in registry.markets:
            out[TURN] += [f"room {name}", f"room {name} <item>"]
    for kind in sorted(registry.decision_kinds):
        if kind not in TURN_KINDS and kind not in SUBJECT and kind not in declared:
            out[kind] = ["yes", "no", "done", "option <option>"]
    return out


class ActionLayout:
    """The fixed action space of a ruleset: :meth:`encode` a state's legal actions to indices,
    :meth:`describe` an index in words, :attr:`layout_id` names the layout."""

    def __init__(self, ruleset: Any, limits: Mapping[str, int] | None = None) -> None:
        unknown = set(limits or {}) - set(DEFAULT_LIMITS)
        if unknown:
            raise ValueError(f"unknown action-space limits {sorted(unknown)}; known: {sorted(DEFAULT_LIMITS)}")
        self.limits = lim = {**DEFAULT_LIMITS, **(limits or {})}
        self.names = content_names(ruleset)
        registry = ruleset.registry
        self.contexts = (TURN, *SUBJECT, *sorted(k for k in registry.decision_kinds
                                                 if k not in TURN_KINDS and k not in SUBJECT))
        blocks = self._form_blocks(ruleset, Vocabularies(ruleset, self.names, lim))
        blocks += [Block(c, "", "(spare)", (), spare=lim["spare"]) for c in self.contexts]
        offset = 0
        self.blocks: list[Block] = []
        for b in blocks:
            if b.size == 0:
                continue                       # a form whose vocabulary is empty here (no links, no slots)
            self.blocks.append(Block(b.context, b.word, b.form, b.fields, offset, b.source, b.spare))
            offset += b.size
        self.size = offset
        self._starts = [b.offset for b in self.blocks]
        self._spares = {b.context: b for b in self.blocks if b.spare}
        # (context, word, arity) -> [(offset, [(value -> position, stride) per argument])]
        self._find: dict[tuple[str, str, int], list[tuple[int, list[tuple[dict[str, int], int]]]]] = {}
        for b in self.blocks:
            if not b.spare:
                strides, stride = [], 1
                for field in reversed(b.fields):
                    strides.append(({v: i for i, v in enumerate(field)}, stride))
                    stride *= len(field)
                self._find.setdefault((b.context, b.word, len(b.fields)), []).append((b.offset, strides[::-1]))
        self.layout_id = self._digest(ruleset)
        self._known_turn: dict[Action, int] = {}
        self._known: dict[tuple[str, tuple[str, ...], tuple[str, ...] | None, Action], int] = {}
        self.counts = [0, 0]
        """Legal actions indexed so far, and how many of them took a spare index."""
        self.spares_by_context: Counter[str] = Counter()
        """Spare indices handed out so far, by context."""

    def _form_blocks(self, ruleset: Any, vocab: Vocabularies) -> list[Block]:
        """One block per form of each context, in order: the core's, the declared, the fallback
        ones; each form with an optional last argument as two (without it, with it)."""
        declared: dict[str, list[Form]] = {}
        sources: dict[tuple[str, str], str] = {}
        for spec in ruleset.registry.action_forms:
            form = parse_form(spec.form)
            if spec.context == "payment":
                if form.patterns:
                    raise ValueError(f"action form {spec.form!r} of pack {spec.pack!r}: a payment form is one tag, "
                                     f"with no argument")
                continue
            declared.setdefault(spec.context, []).append(form)
            sources[(spec.context, spec.form)] = spec.pack
        fallback = fallback_forms(ruleset.registry, declared)
        blocks: list[Block] = []
        seen: set[tuple[str, str]] = set()
        for context in self.contexts:
            forms = [(parse_form(f), "core") for f in CORE_FORMS.get(context, ())]
            forms += [(f, sources[(context, f.text)]) for f in declared.get(context, ())]
            forms += [(parse_form(f), "registered") for f in fallback.get(context, ())]
            for form, source in forms:
                for shown, patterns in expand(form):
                    if (context, shown) not in seen:
                        seen.add((context, shown))
                        blocks.append(Block(context, form.word, shown, tuple(vocab.of(p) for p in patterns),
                                            source=source))
        return blocks

    def _digest(self, ruleset: Any) -> str:
        table = [(b.context, b.form, b.size, b.spare, hashlib.sha256(json.dumps(b.fields).encode()).hexdigest()[:16])
                 for b in self.blocks]
        material = json.dumps({"format": LAYOUT_FORMAT, "versions": ruleset.pack_versions, "blocks": table},
                              sort_keys=True)
        return hashlib.sha256(material.encode()).hexdigest()[:16]

    # -- meanings -> indices ---------------------------------------------------------------------
    def index_of(self, context: str, word: str, args: Sequence[str]) -> int | None:
        """The index of a meaning, or None when no form of its context fits it."""
        for offset, strides in self._find.get((context, word, len(args)), ()):
            index = offset
            for arg, (positions, stride) in zip(args, strides, strict=True):
                at = positions.get(arg)
                if at is None:
                    break
                index += at * stride
            else:
                return index
        return None

    def meaning_of(self, where: Situation, action: Action) -> tuple[str, str, tuple[str, ...]]:
        """An action's meaning in a situation: ``(context, word, canonical arguments)``."""
        args = action.args
        if where.links is not None and args and args[0].startswith("link:"):
            args = (where.links().get(args[0], args[0]), *args[1:])
        elif where.numbers is not None and action.kind == "option" and args and args[0].isdigit():
            at = int(args[0])
            if at < len(where.numbers):
                args = (where.numbers[at], *args[1:])
        return where.context, action.kind, (*where.subject, *args)

    def _known_index(self, where: Situation, action: Action) -> int:
        """The index of an action whose meaning does not depend on the map (``_LINKED`` if it does,
        ``_SPARE`` when no form fits)."""
        if where.links is not None and action.args and action.args[0].startswith("link:"):
            return _LINKED
        found = self.index_of(*self.meaning_of(where, action))
        return _SPARE if found is None else found

    def encode(self, where: Situation, actions: Sequence[Action]) -> dict[int, Action]:
        """The index of each legal action, as ``{index: action}`` in listing order (a new dict)."""
        out: dict[int, Action] = {}
        turn = where.context == TURN
        known: dict[Any, int] = self._known_turn if turn else self._known
        if len(known) > KNOWN:
            known.clear()
        spare = 0
        for action in actions:                   # distinct, as every listing of legal actions is
            key = action if turn else (where.context, where.subject, where.numbers, action)
            index = known.get(key)
            if index is None:
                index = known[key] = self._known_index(where, action)
            if index == _LINKED:
                index = self.index_of(*self.meaning_of(where, action))
                if index is None:
                    index = _SPARE
            if index >= 0 and index not in out:
                out[index] = action
                continue
            block = self._spares[where.context]
            if spare >= block.spare:
                raise ActionSpaceOverflow(
                    f"more than {block.spare} actions of context {where.context!r} fit no action form now "
                    f"({action}); raise the limit with limits={{'spare': ...}} or declare the pack's forms "
                    f"(registry.add_action_forms)")
            out[block.offset + spare] = action
            spare += 1
        self.counts[0] += len(actions)
        if spare:
            self.counts[1] += spare
            self.spares_by_context[where.context] += spare
        return out

    # -- indices -> meanings -------------------------------------------------------------------
    def block_of(self, index: int) -> Block:
        """The block an index belongs to."""
        if not 0 <= index < self.size:
            raise IndexError(f"action index {index} outside 0..{self.size - 1}")
        return self.blocks[bisect.bisect_right(self._starts, index) - 1]

    def is_spare(self, index: int) -> bool:
        """Whether an index is a spare one (its meaning is a rank in a listing, not an action)."""
        return bool(self.block_of(index).spare)

    def meaning(self, index: int) -> tuple[str, str, tuple[str, ...]] | None:
        """The meaning an index stands for, ``(context, word, arguments)``; None for a spare index."""
        block = self.block_of(index)
        if block.spare:
            return None
        local, args = index - block.offset, []
        for field in reversed(block.fields):
            local, at = divmod(local, len(field))
            args.append(field[at])
        return block.context, block.word, tuple(reversed(args))

    def describe(self, index: int) -> str:
        """What an index means, in words: the action's text in the ``turn`` context (``"play
        burgle"``, ``"move link>uw-3.ladder 0"``), else prefixed by the context (``"choose: option
        imp-familiar 1"``); ``"pick: spare 3"`` for a spare index."""
        found = self.meaning(index)
        if found is None:
            block = self.block_of(index)
            return f"{block.context}: spare {index - block.offset}"
        return meaning_text(*found)

    def table(self) -> list[dict[str, Any]]:
        """The layout as rows: context, word, form, offset, size, source (core, a pack, registered)."""
        return [{"context": b.context, "word": b.word, "form": b.form, "offset": b.offset, "size": b.size,
                 "source": "spare" if b.spare else b.source} for b in self.blocks]

    def spare_share(self) -> float:
        """The share of the legal actions indexed so far that took a spare index."""
        listed, spared = self.counts
        return spared / listed if listed else 0.0


def meaning_text(context: str, word: str, args: Sequence[str]) -> str:
    """A meaning in words: ``"play burgle"`` in the ``turn`` context, ``"pick: pick trash hand burgle"``
    in another."""
    text = " ".join((word, *args))
    return text if context == TURN else f"{context}: {text}"
