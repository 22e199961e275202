"""The fixed action space: every legal action of any state as one index, and back.

An index has a meaning that holds in every state of every game played with the same packs:
"play the card ``burgle``", "walk the tunnel ``de-03#2``, its first way to pay", "answer 3 of a
pack's decision". The layout is a list of **blocks**, derived from the loaded packs' content and
registry when the environment is built (nothing in it is written for a particular pack):

- one block per action word the core defines (``play``, ``buy``, ``move``, ``orient``,
  ``option``, ``pick`` ...), whose **anchors** are the content names that argument can hold
  (every card id, every dungeon-row slot, every tile tunnel ``tile#i``, every room id ...);
- one block per action kind and market a pack registers (``token``, ``cash``, ``remote-buy`` ...),
  anchored on card and token ids;
- ``other``: main actions of a word no block names;
- ``answer``: the answers to a decision kind a pack registers, by their position in the
  decision's listing.

Within a block an action's index is ``offset + anchor position * variants + rank``: its
**anchor** is the last (``pick="last"``) or first argument found among the block's anchors, and
its **rank** counts the legal actions listed before it with the same word and anchor (the ways
to pay one offer, the Swords spent on one tunnel, the teleport kinds reaching one room ...). An
action with no listed anchor, or whose rank reaches ``variants``, takes one of the block's
``spare`` indices after the anchored ones, in listing order.

Why two legal actions never share an index: the legal actions of a state are distinct; two of
them with different words fall in different blocks; with the same word and different anchors
they fall in different anchor rows; with the same word and anchor they have different ranks;
the spare indices are numbered in listing order. So the map from the legal actions to indices
is one-to-one, and :meth:`ActionLayout.encode` keeps the inverse for the state it encoded: an
index in the mask applies exactly the action it was given for. Every legal action gets an
index: a word without a block goes to ``other``; only a state with more actions of one word or
anchor than a block's spare indices can hold raises :class:`ActionSpaceOverflow`, naming the
block and the limit to raise (``limits={...}``), never a silent loss.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from clank.actions import Action

LAYOUT_FORMAT = 1
"""Version of the way layouts are derived; part of every layout's id."""
CORE_DECISIONS = frozenset({"main", "orient", "choose", "may", "pick", "react"})
"""Decisions whose answers use the core's action words; any other kind's answers go to ``answer``."""
DEFAULT_LIMITS = {"options": 8, "payments": 4, "prevent": 4, "portal": 8, "teleport": 4, "room": 4, "pick": 4,
                  "pack": 2, "spare": 16, "answer": 64, "other": 32}
"""The variants and spare sizes of the blocks; ``limits=`` overrides any of them.

``options``: numbered options of a choice; ``payments``: ways to pay one market offer; ``prevent``: Swords choices on one tunnel or
orientation; ``portal``: entries and Swords choices toward one portal exit; ``teleport``:
teleport kinds reaching one room; ``room``: room actions on one card, token or feature;
``pick``: zones one card may be picked from; ``pack``: variants of a pack's action on one card
or token; ``spare``: spare indices of each block; ``answer``: answers to a pack's decision;
``other``: main actions of words no block names."""


SLOTS = 50_000
"""Actions whose :meth:`ActionLayout._slot` is remembered (the same actions are listed again and again)."""
Slot = tuple[str, tuple[str, str] | None, int, int]
"""An action's block word, its ``(word, anchor)`` key (None: it takes a spare index), its anchor row's first index
and the row's length."""


class ActionSpaceOverflow(RuntimeError):
    """A state has more actions for one block than its spare indices: raise that limit."""


@dataclass(frozen=True, slots=True)
class Block:
    """A run of indices: ``len(anchors) * variants`` anchored ones, then ``spare`` ones."""

    word: str
    anchors: tuple[str, ...]
    variants: int
    spare: int
    pick: str = "last"            # which argument found among the anchors is the anchor
    offset: int = 0
    doc: str = ""

    @property
    def size(self) -> int:
        """How many indices the block holds."""
        return len(self.anchors) * self.variants + self.spare


def _ids(*groups: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(set().union(*map(set, groups))))


def content_names(ruleset: Any) -> dict[str, tuple[str, ...]]:
    """The content names anchors and observations are built from, each list sorted."""
    tiles = ruleset.tiles
    registry = ruleset.registry
    return {
        "cards": tuple(sorted(ruleset.cards)),
        "tokens": tuple(sorted(ruleset.tokens)),
        "tiles": tuple(sorted(tiles)),
        "rooms": tuple(sorted(f"{t}.{r}" for t in tiles for r in tiles[t].rooms)),
        "routes": tuple(f"{t}#{i}" for t in sorted(tiles) for i in range(len(tiles[t].tunnels))),
        "portal_routes": tuple(f"{t}#{i}" for t in sorted(tiles) for i, tunnel in enumerate(tiles[t].tunnels)
                               if "portal" in (tunnel.a.kind, tunnel.b.kind)),
        "features": tuple(sorted(registry.room_features)),
        "resources": tuple(sorted(registry.resources)),
        "teleports": tuple(sorted(registry.teleport_kinds)),
        "cube_kinds": tuple(sorted(registry.cube_kinds)),
        "decisions": ("main", "over", *sorted(registry.decision_kinds)),
    }


class ActionLayout:
    """The fixed action space of a ruleset: :meth:`encode` a state's legal actions to indices,
    :meth:`describe` an index in words, :attr:`layout_id` names the layout."""

    def __init__(self, ruleset: Any, limits: Mapping[str, int] | None = None) -> None:
        unknown = set(limits or {}) - set(DEFAULT_LIMITS)
        if unknown:
            raise ValueError(f"unknown action-space limits {sorted(unknown)}; known: {sorted(DEFAULT_LIMITS)}")
        lim = {**DEFAULT_LIMITS, **(limits or {})}
        self.limits = lim
        self.names = names = content_names(ruleset)
        registry = ruleset.registry
        cards, tokens, spare = names["cards"], names["tokens"], lim["spare"]
        slots = tuple(str(i) for i in range(int(ruleset.setup.get("row_size", 6))))
        reserve = tuple(c for c in cards if ruleset.cards[c].kind == "reserve")
        blocks = [
            Block("end", (), 1, 1, doc="end the turn"),
            Block("play", cards, 1, spare, doc="play a card from hand, by card id"),
            Block("ability", tuple(c for c in cards if ruleset.cards[c].ability), 1, spare,
                  doc="use the ability of a card in play, by card id"),
            *(Block(w, slots, lim["payments"], spare, doc=f"{w} the dungeon-row card of a slot, by slot; "
                    "variants: ways to pay") for w in ("buy", "use", "fight")),
            *(Block(w, reserve, lim["payments"], spare, doc=f"{w} from a reserve stack, by card id")
              for w in ("reserve", "fight-reserve")),
            Block("move", names["routes"], lim["prevent"], spare,
                  doc="walk a tunnel, by its first tile tunnel; variants: Swords spent (links: spare)"),
            Block("portal", names["portal_routes"], lim["portal"], spare,
                  doc="go through a portal, by the exit's tile tunnel (one with a portal end); "
                      "variants: entries and Swords"),
            Block("explore", names["routes"], 1, spare, doc="explore an open edge, by tile tunnel (links: spare)"),
            Block("teleport", names["rooms"], lim["teleport"], spare,
                  doc="teleport, by target room; variants: teleport kinds (open edges, slots: spare)"),
            Block("orient", ("0", "1", "2", "3"), lim["prevent"], spare, pick="first",
                  doc="turn the discovered tile, by quarter turns; variants: Swords spent"),
            Block("place", ("0", "1", "2", "3"), 1, spare, pick="first", doc="lay the tile unpassable (X9)"),
            Block("room", _ids(tokens, cards, names["features"]), lim["room"], spare,
                  doc="a room action, by the card or token it takes, else by feature"),
            Block("option", tuple(str(i) for i in range(lim["options"])), 1, spare, pick="first",
                  doc="answer a choice, by option number"),
            Block("yes", (), 1, 1, doc="accept"), Block("no", (), 1, 1, doc="decline"),
            Block("pick", cards, lim["pick"], spare, doc="pick a card, by card id; variants: zones"),
            Block("done", (), 1, 1, doc="stop picking"),
        ]
        core_words = {b.word for b in blocks}
        # the core's own markets, "row" and "reserve", act with the core's words (buy, use, fight, reserve ...)
        pack_words = sorted({*registry.action_kinds,
                             *(m.name for m in registry.markets.values() if not m.feature)} - core_words - {"row"})
        for word in pack_words:
            blocks.append(Block(word, _ids(tokens, cards), lim["pack"], spare,
                                doc="a pack's action kind or market, by the card or token it names"))
        blocks.append(Block("other", (), 1, lim["other"], doc="a main action of a word no block names"))
        blocks.append(Block("answer", (), 1, lim["answer"],
                            doc="an answer to a pack's decision, by its place in the listing"))
        offset = 0
        self.blocks: dict[str, Block] = {}
        for b in blocks:
            self.blocks[b.word] = Block(b.word, b.anchors, b.variants, b.spare, b.pick, offset, b.doc)
            offset += b.size
        self.size = offset
        self._anchor_pos = {w: {a: i for i, a in enumerate(b.anchors)} for w, b in self.blocks.items()}
        self._starts = sorted((b.offset, w) for w, b in self.blocks.items())
        self.layout_id = self._digest(ruleset)
        self._slots: dict[bool, dict[Action, Slot]] = {False: {}, True: {}}   # by "answers to a pack's decision"

    def _digest(self, ruleset: Any) -> str:
        table = [(b.word, list(b.anchors), b.variants, b.spare, b.pick) for b in self.blocks.values()]
        material = json.dumps({"format": LAYOUT_FORMAT, "versions": ruleset.pack_versions, "blocks": table},
                              sort_keys=True)
        return hashlib.sha256(material.encode()).hexdigest()[:16]

    # -- legal actions → indices ---------------------------------------------------------------
    def encode(self, decision_kind: str, actions: Sequence[Action]) -> dict[int, Action]:
        """The index of each legal action, as ``{index: action}`` in listing order (a new dict)."""
        out: dict[int, Action] = {}
        ranks: dict[tuple[str, str], int] = {}
        spares: dict[str, int] = {}
        answers = decision_kind not in CORE_DECISIONS
        slots = self._slots[answers]
        if len(slots) >= SLOTS:
            slots.clear()
        for action in actions:                   # distinct, as every listing of legal actions is
            slot = slots.get(action)
            if slot is None:
                slot = slots[action] = self._slot(action, answers)
            word, key, base, variants = slot
            if key is not None:
                rank = ranks.get(key, 0)
                ranks[key] = rank + 1
                if rank < variants:
                    out[base + rank] = action
                    continue
            block = self.blocks[word]
            n = spares.get(word, 0)
            if n >= block.spare:
                limit = {"answer": "answer", "other": "other"}.get(word, "spare")
                raise ActionSpaceOverflow(
                    f"more than {block.spare} actions of block {word!r} need a spare index now "
                    f"({action}); raise the limit with limits={{{limit!r}: ...}}")
            spares[word] = n + 1
            out[block.offset + len(block.anchors) * block.variants + n] = action
        return out

    def _slot(self, action: Action, answers: bool) -> Slot:
        """Where an action goes whatever else is listed: its block's word and, when one of its
        arguments is an anchor of the block, ``(word, anchor)``, the anchor row's first index and
        the row's length (the action's rank among the listing's others of that key picks its
        index in the row)."""
        word = "answer" if answers else action.kind if action.kind in self.blocks else "other"
        block = self.blocks[word]
        pos = self._anchor_pos[word]
        if pos:
            args = action.args if block.pick == "first" else reversed(action.args)
            anchor = next((a for a in args if a in pos), None)
            if anchor is not None:
                return word, (word, anchor), block.offset + pos[anchor] * block.variants, block.variants
        return word, None, 0, 0

    # -- indices → words -----------------------------------------------------------------------
    def block_of(self, index: int) -> Block:
        """The block an index belongs to."""
        if not 0 <= index < self.size:
            raise IndexError(f"action index {index} outside 0..{self.size - 1}")
        lo, hi = 0, len(self._starts) - 1
        while lo < hi:                       # the last block starting at or before the index
            mid = (lo + hi + 1) // 2
            if self._starts[mid][0] <= index:
                lo = mid
            else:
                hi = mid - 1
        return self.blocks[self._starts[lo][1]]

    def describe(self, index: int) -> str:
        """What an index means, in words: ``"play burgle"``, ``"move de-03#2 (variant 1)"``,
        ``"answer (spare 3)"``."""
        block = self.block_of(index)
        local = index - block.offset
        anchored = len(block.anchors) * block.variants
        if local < anchored:
            anchor, variant = divmod(local, block.variants)
            extra = f" (variant {variant})" if block.variants > 1 else ""
            return f"{block.word} {block.anchors[anchor]}{extra}"
        return f"{block.word} (spare {local - anchored})"

    def table(self) -> list[dict[str, Any]]:
        """The layout as rows: word, offset, size, anchors, variants, spare, meaning."""
        return [{"word": b.word, "offset": b.offset, "size": b.size, "anchors": len(b.anchors),
                 "variants": b.variants, "spare": b.spare, "meaning": b.doc} for b in self.blocks.values()]
