"""What one seat is sent: its view of the game as data, and the table's parts as keyed elements.

Everything here reads a seat's view or the spectator's (``game.state_view(seat)``,
``game.state_view(None)``: one per state, each seat's public face made once, shared by every
part of a page and by the packs' render hooks), never the game itself, so another seat's hand,
the order of any deck, the bag's contents, fate cards and other secrets cannot reach a
connection: what a view hides is not there to send. The legal
actions go to the deciding seat only (with the engine's labels, :mod:`clank.labels`).

The parts every page of a game shows alike (the map, the dungeon row, the supply, the log and
the players' public rows) are built once per state, from the spectator's view, for every
seat: the map is the engine's renderer (:func:`clank.mapdraw.map_scene`, with a
:class:`~clank.mapdraw.MapMemo` per game, so a state that changes nothing on the map costs a
check; when only pawns moved, the kept model follows them and only their rooms are drawn again).
What differs between seats is small: the status line, the hand, the actions and the seat's own
row of the players' table (a pack may show its owner more; seats whose rows are the same
elements share one players' part, its changes worked out once). A part is built again only when
what it reads changed (the status line from a small key of what it says, the supply from what it
reads before it is put in words), and so are the elements of a part (a player's row and the line
under it, the hand's cards, play area and tokens, the map's legend): an element unchanged is the
very element of the state before, which costs nothing to compare. The elements that change at
almost every action (log lines, players' rows, the hand's lines, action buttons, the status line,
the dragon's line) are written in Python, escaped exactly as the templates escape. What is content
alone (a row card's words) is kept per ruleset (``view.memo``). The rooms a seat can
reach are named by its actions (``room``), and the page marks them on the shared map; the page
of the deciding seat asks how each orientation of a discovered tile looks when a player looks at
it (``preview``): the operations that turn the map into the one with the tile laid that way.

A page receives a part whole when it joins (``html``) and, after each change, the operations
that turn what it shows into the new parts (``diff``, :mod:`clank_web.diffs`): a card played
changes a few elements, a tile laid adds that tile's elements, never the whole map.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import starmap
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any

from clank.actions import Action
from clank.labels import (
    action_label,
    card_name,
    cost_text,
    marks,
    move_destination,
    prompt_text,
    resource_words,
    result_words,
    room_name,
    token_name,
)
from clank.mapdraw import MapMemo, map_scene
from clank.mapdraw.markup import Leaf, Node
from markupsafe import Markup

from clank_web.diffs import Op, diff
from clank_web.lobby import HUMAN
from clank_web.pages import parts
from clank_web.protocol import encode

if TYPE_CHECKING:
    from clank_web.tables import GameRoom

LOG_LINES = 40
OWN_PARTS = frozenset(("status", "actions", "hand"))
"""The parts one seat's pages show only (their changes are worked out for that seat alone)."""
PREVIEW_KINDS = ("orient", "place")
LEAVES = 8192
"""Elements kept by what they show (many games at once share cards, buttons and lines)."""
ROWS_KEPT = 192
"""Players' rows a game keeps by what they show (each row, each line under a row, each pair of
them): the rows of the last states (a seat's own row is the very row the others see when it
shows the same), never a long history that the garbage collector would walk again and again."""


def action_entries(view: Any, seat: int | None, actions: list[Action]) -> list[dict[str, Any]]:
    """The legal actions as the page shows them: the text to send back, the engine's label,
    the room a move leads to (a click on the map plays it) and whether it lays a tile."""
    out = []
    for a in actions:
        room = move_destination(view, seat, a) if seat is not None and a.kind in ("move", "portal") else None
        out.append(
            {
                "text": str(a),
                "label": action_label(view, a),
                "kind": a.kind,
                "room": room,
                "preview": a.kind in PREVIEW_KINDS,
            }
        )
    return out


def seat_labels(room: GameRoom) -> list[str]:
    """``"P1"``, ``"P2 (greedy)"`` ... for every seat."""
    names = []
    for seat, info in enumerate(room.seats):
        name = room.game.name(seat)
        names.append(name if info.kind == HUMAN else f"{name} ({info.bot})")
    return names


def known_decider(view: Any, seat: int | None) -> int | None:
    """Who decides now, as ``seat`` may know it: the seat itself, or the player whose turn it is;
    None when another player decides out of turn (a React card's window), so that every other
    seat and every spectator sees the same neutral wait whoever holds the card."""
    decider = view.current_player
    return decider if decider is not None and decider in (seat, view.current) else None


def state_view(room: GameRoom, seat: int | None) -> Any:
    """The view of ``seat`` (None: a spectator) of the room's current state, made once per state
    (kept in the room's ``state_cache``, which the room clears at every change): every part of
    one page reads the same view, each seat's public face made once (``game.state_view``)."""
    key = ("view", seat)
    kept = room.state_cache.get(key)
    if kept is None or kept[0] is not room.game:
        kept = room.state_cache[key] = (room.game, room.game.state_view(seat))
    return kept[1]


def state_message(room: GameRoom, seat: int | None, view: Any = None) -> dict[str, Any]:
    """The ``state`` message for ``seat`` (None: a spectator), without the table's parts;
    ``view``: the seat's view of this state (:func:`state_view`; by default a new one)."""
    view = room.game.state_view(seat) if view is None else view
    human = seat is not None and room.seats[seat].kind == HUMAN
    deciding = bool(human and view.deciding and not room.stopped)
    actions = action_entries(view, seat, view.legal_actions()) if deciding else []
    return {
        "type": "state",
        "game": room.id,
        "version": room.version,
        "seat": seat,
        "over": view.over,
        "deciding": deciding,
        "decider": known_decider(view, seat),
        "actions": actions,
        "prompt": prompt_text(view) if deciding else None,
        "stopped": room.stopped,
    }


class Pages:
    """What a game's pages are sent, kept across states: the map's memo, and the parts the pages
    of each seat show (every connection of a seat receives the same messages in the same
    order, so they show the same). What belongs to one state is kept in the room's
    ``state_cache``, which the room clears at every change."""

    def __init__(self) -> None:
        self.memo = MapMemo()
        self.shown: dict[tuple[int | None, str], dict[str, Node]] = {}
        self.inputs: dict[Any, tuple[Any, Any]] = {}  # what a part was last built from, and the part
        self.rows: dict[Any, Any] = {}  # players' rows by what they show
        self.words: dict[str, tuple[str, str]] = {}  # each reserve card's name and cost in words

    def message(self, room: GameRoom, seat: int | None) -> dict[str, Any]:
        """The state message's data for one seat (built once per state)."""
        key = ("message", seat)
        message = room.state_cache.get(key)
        if message is None:
            message = room.state_cache[key] = state_message(room, seat, state_view(room, seat))
        return message

    def payload(self, room: GameRoom, seat: int | None, mode: str) -> str:
        """The whole state message for one seat: what a connection that joins now receives."""
        message = self.message(room, seat)
        if mode != "html":
            return encode(message)
        table = self.parts(room, seat)
        self.shown[(seat, mode)] = table
        key = ("whole", seat)
        whole = room.state_cache.get(key)
        if whole is None:
            whole = room.state_cache[key] = {part: node.inner() for part, node in table.items()}
        return encode({**message, "html": whole})

    def update(self, room: GameRoom, seat: int | None, mode: str) -> str:
        """The state message for the connections of one seat after a change: in ``html`` mode,
        the operations that turn the parts those pages show into the new ones."""
        message = self.message(room, seat)
        if mode != "html":
            return encode(message)
        shown = self.shown.get((seat, mode))
        if shown is None:
            return self.payload(room, seat, mode)
        table = self.parts(room, seat)
        self.shown[(seat, mode)] = table
        ops: list[Op] = []
        for part, node in table.items():
            old = shown[part]
            if old is not node:                 # most parts are the very part shown
                ops.extend(diff(old, node) if part in OWN_PARTS else self.changes(room, old, node))
        return encode({**message, "diff": ops})

    @staticmethod
    def changes(room: GameRoom, old: Node, new: Node) -> list[Op]:
        """``diff(old, new)``, worked out once per state for the parts several seats share."""
        if old is new:
            return []
        key = ("diff", id(old), id(new))
        kept = room.state_cache.get(key)
        if kept is not None and kept[0] is old and kept[1] is new:
            return kept[2]
        ops = diff(old, new)
        room.state_cache[key] = (old, new, ops)
        return ops

    def parts(self, room: GameRoom, seat: int | None) -> dict[str, Node]:
        """Every part of the table for one seat, in the page's order (a part whose inputs are
        those of the state before is the very part it was)."""
        key = ("parts", seat)
        table = room.state_cache.get(key)
        if table is None:
            shared = self.shared(room)
            message = self.message(room, seat)
            view = state_view(room, seat)
            names = shared["names"]
            leaves: list[Leaf] = []
            rows = shared["rows"]
            for s in range(len(names)):             # a loop: a generator runs a frame of its own
                if s == seat:           # this seat's own row as its own view shows it (a pack may show more)
                    seat_rows = player_rows(view, seat, names, self.rows)
                else:                   # another seat's as the spectator's view shows it, made on first use
                    seat_rows = rows.get(s)
                    if seat_rows is None:
                        seat_rows = rows[s] = player_rows(shared["view"], s, names, self.rows)
                leaves.extend(seat_rows)
            actions = message["actions"]
            hand = hand_inputs(view, seat, actions)
            buttons = tuple(map(_action_key, actions))
            table = room.state_cache[key] = {
                "status": self.built(("status", seat), status_key(view, seat, shared["seats"], message["prompt"]),
                                     _status_part, room, view, seat, names),
                "map": shared["map"],
                "players": self.players(room, seat, tuple(leaves)),
                "row": shared["row"],
                "supply": shared["supply"],
                "log": shared["log"],
                "actions": self.built(("actions", seat), (view.over, view.current, buttons),
                                      actions_part, view, seat, buttons, names),
                "hand": self.built(("hand", seat), hand, hand_part, self, view, seat, hand),
            }
        return table

    def players(self, room: GameRoom, seat: int | None, rows: tuple[Leaf, ...]) -> Node:
        """The players' part showing ``rows``: one part for every seat whose rows are the same
        elements in a state (most seats see themselves as the others do), so that its changes are
        worked out once."""
        key = ("players", rows)
        made = room.state_cache.get(key)
        if made is None:
            made = room.state_cache[key] = self.built(("players", seat), rows, players_part, rows)
        return made

    def shared(self, room: GameRoom) -> dict[str, Any]:
        """The parts every page shows alike, built from the spectator's view once per state (a
        part whose inputs did not change is the very part of the state before)."""
        shared = room.state_cache.get("shared")
        if shared is None:
            view = state_view(room, None)
            names = seat_labels(room)
            scene = map_scene(view, memo=self.memo)
            log = view.log
            supply = supply_inputs(view)
            shared = room.state_cache["shared"] = {
                "view": view,
                "names": names,
                "map": self.built("map", scene, self._map, scene),
                "row": self.built("row", tuple(view.row), row_part, view),
                "supply": self.built("supply", supply, self._supply, view, supply[-1]),
                "log": self.built("log", (len(log), log[-1] if log else None),
                                  log_part, view, self.inputs.get("log", (None, None))[1]),
                "rows": {},                         # each seat's rows as the others see them, on first use
                "seats": seats_key(room, names),
            }
        return shared

    def built(self, key: Any, inputs: Any, build: Callable[..., Any], *args: Any) -> Any:
        """``build(*args)``, kept while the inputs are the same (``is`` or ``==``): an unchanged
        part is the very part of the state before, which costs nothing to compare (the arguments
        given, not a lambda, which would be a function object made at every call)."""
        kept = self.inputs.get(key)
        if kept is not None and (kept[0] is inputs or kept[0] == inputs):
            return kept[1]
        made = build(*args)
        self.inputs[key] = (inputs, made)
        return made

    def _map(self, scene: Any) -> Node:
        """The map part, its legend kept while the scene's legend is the same."""
        return map_part(scene, self.built("legend", scene.legend, legend_part, scene.legend))

    def _supply(self, view: Any, boards: tuple[str, ...]) -> Node:
        reserve, _, dragon = supply_data(view, self.words, boards)
        return supply_part(reserve, boards, dragon)

    def preview(self, room: GameRoom, seat: int | None, action: str) -> list[Op] | None:
        """The operations that turn the map into the one with the discovered tile laid as
        ``action`` (one of the seat's ``orient``/``place`` actions now), worked out when a page
        asks (hovering, focusing or tapping an orientation), kept while the map is the same; None
        when ``action`` is no such action."""
        if seat is None:
            return None
        message = self.message(room, seat)
        label = next((a["label"] for a in message["actions"] if a["preview"] and a["text"] == action), None)
        if label is None:
            return None
        base = self.shared(room)["map"]
        view = state_view(room, seat)
        return self.built(("preview", seat, action), (base, label), self._preview, view, base, action, label)

    def _preview(self, view: Any, base: Node, action: str, label: str) -> list[Op]:
        return diff(base, map_part(map_scene(view, preview=action, title=label, memo=self.memo)))


# -- the elements ------------------------------------------------------------------------------
def _leaf(key: str, macro: Callable[..., Any], *args: Any) -> Leaf:
    return Leaf(key, str(macro(key, *args)).strip())


def _part(key: str, children: tuple[Node | Leaf, ...]) -> Node:
    """A part of the table: the page's section is its element (``data-part``)."""
    return Node(key, "section", (), children)


@lru_cache(maxsize=LEAVES)
def _heading(key: str, text: str) -> Leaf:
    return _leaf(key, parts().heading, text)


@lru_cache(maxsize=LEAVES)
def _text_leaf(macro: str, key: str, *args: Any) -> Leaf:
    return _leaf(key, getattr(parts(), macro), *args)


def map_part(scene: Any, legend: Node | None = None) -> Node:
    """The dungeon: the zoom buttons, the map (in a view that pans and a box that zooms) and its
    legend (``legend``: :func:`legend_part` of the scene's legend, when it was kept)."""
    view = Node("view", "div", (("class", "map-view"), ("id", "map-view")),
                (Node("zoom", "div", (("class", "map-zoom"),), (scene.map_node(),)),))
    legend = legend_part(scene.legend) if legend is None else legend
    return _part("map", (_heading("h", "Dungeon"), _text_leaf("map_tools", "tools"), view, legend))


def legend_part(entries: tuple[Any, ...]) -> Node:
    """The map's legend, entry by entry."""
    return Node("legend", "details", (("class", "map-legend"),),
                (_text_leaf("summary", "summary", "Legend"),
                 Node("entries", "ul", (("class", "legend"),), tuple(starmap(_legend_item, entries)))))


@lru_cache(maxsize=LEAVES)
def _legend_item(key: str, mark: str, words: str) -> Leaf:
    glyph = key[2:] if key.startswith("g:") else ""
    width = 20 if len(glyph) <= 2 else 10 * len(glyph) + 4      # a wide mark (≈ABCDE) drawn whole
    return _leaf(key, parts().legend_item, Markup(mark), words, width)


def _status_part(room: GameRoom, view: Any, seat: int | None, names: list[str]) -> Node:
    return status_part(status_context(room, view, seat, names))


def status_part(s: dict[str, Any]) -> Node:
    """Who you are, whose turn, who decides (another player may answer on your turn), the end
    (``s``: :func:`status_context`)."""
    line = dict(s)                          # what the line says: all but the seats and the scores
    del line["seats"], line["scores"]
    seats = []
    for seat in s["seats"]:                 # a loop: a generator runs a frame of its own
        seats.append(tuple(seat.items()))
    children: list[Node | Leaf] = [_status_line(tuple(line.items())), _seat_list(tuple(seats))]
    if s["over"]:
        children.append(_leaf("scores", parts().scores, s["scores"]))
        children.append(_leaf("record", parts().record_link, s["game"]))
    return _part("status", tuple(children))


@lru_cache(maxsize=LEAVES)
def _status_line(s: tuple[tuple[str, Any], ...]) -> Leaf:
    """Who you are, whose turn, who decides (written in Python, escaped as the templates escape:
    it changes at most turns)."""
    return Leaf("who", _status_line_markup(dict(s)))


def _status_line_markup(s: dict[str, Any]) -> str:
    you = f'You are <strong class="you">{_esc(s["you"])}</strong>. ' if s["you"] else "You are watching. "
    if s["stopped"]:
        said = f'<strong class="stopped">{_esc(s["stopped"])}</strong>\n'
    elif s["over"]:
        said = f'<strong class="result">{_esc(s["result"])}</strong>\n'
    elif s["deciding"] and s["own_turn"] and s["main"]:
        said = f'Round {_esc(s["round"])}. <strong class="your-move">Your turn.</strong>\n'
    elif s["deciding"] and s["own_turn"]:
        said = f'Round {_esc(s["round"])}, your turn. <strong class="your-move">Your decision: {_esc(s["prompt"])}</strong>\n'
    elif s["deciding"]:
        turn = _esc(s["turn"])
        said = (f"Round {_esc(s['round'])}, {turn}'s turn. <strong class=\"your-move\">Your decision (on {turn}'s "
                f"turn): {_esc(s['prompt'])}</strong>\n")
    else:
        said = f'Round {_esc(s["round"])}, <span class="turn">{_esc(s["turn"])}\'s turn</span>.\n'
        if s["out_of_turn"]:
            said += '<span class="waiting">Waiting for another player\'s decision.</span>'
    return f'<div data-key="who" class="who">\n{you}{said}</div>'


@lru_cache(maxsize=LEAVES)
def _seat_list(seats: tuple[tuple[tuple[str, Any], ...], ...]) -> Leaf:
    return _leaf("seats", parts().seat_list, [dict(seat) for seat in seats])


def seats_key(room: GameRoom, names: list[str]) -> tuple[Any, ...]:
    """What the status line reads of the room, the same for every seat (made once per state):
    the game, the seats' names, which are human, whether the game is stopped."""
    humans = []
    for info in room.seats:                 # a loop: a generator runs a frame of its own
        humans.append(info.kind == HUMAN)
    return room.id, tuple(names), tuple(humans), room.stopped


def status_key(view: Any, seat: int | None, seats: tuple[Any, ...], prompt: str | None) -> Any:
    """Everything :func:`status_context` reads, as a value equal while it shows the same
    (``seats``: :func:`seats_key`; ``prompt``: the state message's, the deciding seat's prompt);
    at the end of the game a value equal to nothing (the scores are read then, once)."""
    if view.over:
        return object()
    return seats, seat, view.round, view.current, view.decision_kind == "main", view.current_player, prompt


def status_context(room: GameRoom, view: Any, seat: int | None, names: list[str]) -> dict[str, Any]:
    """What the status line says, as data: who you are, whose turn, who decides (another player
    may answer on your turn: who, only that player's page says), the end."""
    decider = known_decider(view, seat)
    scores = []
    if view.over:
        for s in view.scores():
            scores.append({"name": names[s["seat"]], "total": s["total"], "eligible": s["eligible"],
                           "lines": [(src, pts) for src, pts in s["lines"]]})
    deciding = seat is not None and decider == seat and room.seats[seat].kind == HUMAN and not room.stopped
    return {
        "game": room.id,
        "you": names[seat] if seat is not None else None,
        "seat": seat,
        "round": view.round,
        "turn": names[view.current] if not view.over else None,
        "own_turn": seat is not None and view.current == seat,
        "main": view.decision_kind == "main",
        "decider": names[decider] if decider is not None else None,
        "out_of_turn": view.current_player is not None and view.current_player != view.current,
        "deciding": deciding,
        "prompt": prompt_text(view) if deciding else None,
        "over": view.over,
        "stopped": room.stopped,
        "result": result_words(view, names) if view.over else None,
        "scores": scores,
        "seats": [{"seat": s, "name": n, "human": room.seats[s].kind == HUMAN} for s, n in enumerate(names)],
    }


_action_key = itemgetter("text", "label", "kind", "room", "preview")
"""What an action's button shows, as a tuple (read in C)."""


@lru_cache(maxsize=LEAVES)
def _action_leaf(text: str, label: str, kind: str, room: str | None, preview: bool) -> Leaf:
    key = f"a:{text}"
    where = f' data-room="{_esc(room)}"' if room else ""
    look = ' data-preview="true"' if preview else ""
    return Leaf(key, f'<li data-key="{_esc(key)}"><button type="button" class="action kind-{_esc(kind)}" '
                     f'data-action="{_esc(text)}"{where}{look}>{_esc(label)}</button></li>')


def actions_part(view: Any, seat: int | None, buttons: tuple[tuple[Any, ...], ...], names: list[str]) -> Node:
    """What the seat may do now, as buttons (``buttons``: what each shows, ``_action_key`` of the
    state message's actions); otherwise what is going on (never an empty panel)."""
    if buttons:
        items = tuple(starmap(_action_leaf, buttons))
        return _part("actions", (_heading("h", "What you may do"),
                                 Node("list", "ul", (("class", "action-list"),), items)))
    if view.over:
        return _part("actions", (_heading("h", "The game is over"),
                                 _text_leaf("idle", "idle", "Nothing more to decide: the scores are above.")))
    turn = f"It is {names[view.current]}'s turn."
    if seat is None:
        return _part("actions", (_heading("h", "Watching"), _text_leaf(
            "idle", "idle", f"You are watching: spectators see the table but cannot act. {turn}")))
    return _part("actions", (_heading("h", "What you may do"),
                             _text_leaf("idle", "idle", f"Nothing to decide now. {turn}")))


def health_words(damage: int, health: int) -> str:
    """A player's health as players say it: ``"10 health"`` unhurt, ``"3 damage of 10"``."""
    return f"{health} health" if damage == 0 else f"{damage} damage of {health}"


def _esc(text: Any) -> str:
    """``text`` escaped exactly as the templates escape it (markupsafe's five characters),
    without :func:`markupsafe.escape`'s ``Markup`` object, whose making cost more than the escaping
    for the short texts of rows and lines (``tests/web/test_web_parts.py`` holds the two equal)."""
    if type(text) is int:
        return str(text)
    text = str(text)
    if "&" in text or "<" in text or ">" in text or "'" in text or '"' in text:     # most texts have none
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&#39;") \
            .replace('"', "&#34;")
    return text


def _joined(items: Any, sep: str = ", ") -> str:
    return _esc(sep.join(map(str, items)))


def _player_row_markup(key: str, p: dict[str, Any]) -> str:
    """A player's row of the players' table (escaped, as the templates escape: written in Python
    because a row changes at almost every action)."""
    return (f'<tr data-key="{_esc(key)}" class="{"current" if p["current"] else ""}" data-seat="{p["seat"]}">\n'
            f'<td>{_esc(p["name"])} <small>{_esc(p["status"])}</small></td><td>{_esc(p["where"])}</td>'
            f'<td>{_esc(p["gold"])}</td>\n'
            f'<td class="health">{_esc(p["health_words"])}</td><td>{_esc(p["cubes"])}</td>'
            f'<td>{_esc(p["clank"])}</td>\n'
            f'<td>{_joined(p["artifacts"]) or "-"}</td>'
            f'<td>{_esc(p["hand"])}/{_esc(p["deck"])}/{_esc(p["discard"])}</td>\n</tr>')


def _player_extra_markup(key: str, p: dict[str, Any]) -> str:
    """The line under a player's row: cards in play, tokens, what the packs' render hooks say."""
    play = f'in play: {_joined(p["play"])}. ' if p["play"] else ""
    tokens = f'tokens: {_joined(p["tokens"])}. ' if p["tokens"] else ""
    return f'<tr data-key="{_esc(key)}" class="extra"><td colspan="8">{play}{tokens}{_joined(p["marks"], "; ")}</td></tr>'


_MARK_TEXT = attrgetter("text")
_FACE = itemgetter("status", "room", "ko_room", "pool", "damage", "cubes", "artifacts", "hand", "deck", "discard",
                   "play", "tokens")
"""The fields of a seat's public face a row shows (read in C)."""


def player_rows(view: Any, seat: int, names: list[str], kept: dict[Any, Any]) -> tuple[Leaf, ...]:
    """One player's public state as this view sees it (a hand and a deck are counts), read
    from the view's public face of the seat (``view.public``: built without copying its zones).
    ``kept``: the rows drawn lately by what they show (of one game: the same names); the row and
    the line under it (cards in play, tokens, the packs' marks) are also kept each by what it
    shows, so that a change of one draws that one only."""
    status, room, ko_room, pool, damage, cubes, artifacts, hand, deck, discard, play, tokens = _FACE(view.public(seat))
    row = (seat, names[seat], status, room or ko_room, pool.get("gold", 0), len(damage), view.health, cubes,
           view.clank_area.get(str(seat), 0), tuple(artifacts), hand if isinstance(hand, int) else len(hand),
           deck if isinstance(deck, int) else len(deck), len(discard), seat == view.current)
    extra = (seat, tuple(play), tuple(tokens), tuple(map(_MARK_TEXT, marks(view, "player", seat))))
    key = (row, extra)                      # three kinds of keys in one dict: tuples of three lengths
    rows = kept.get(key)
    if rows is None:
        if len(kept) >= ROWS_KEPT:
            kept.clear()
        line = kept.get(row)
        if line is None:
            line = kept[row] = Leaf(f"p{seat}", _player_row_markup(f"p{seat}", _player_row(view, row)))
        if extra[1] or extra[2] or extra[3]:
            under = kept.get(extra)
            if under is None:
                under = kept[extra] = Leaf(f"x{seat}", _player_extra_markup(f"x{seat}", _player_extra(view, extra)))
            rows = kept[key] = (line, under)
        else:
            rows = kept[key] = (line,)
    return rows


def _player_row(view: Any, row: tuple[Any, ...]) -> dict[str, Any]:
    """A player's row in words, from :func:`player_rows`'s key of the row."""
    seat, name, status, where, gold, damage, health, cubes, clank, artifacts, hand, deck, discard, current = row
    shown = []
    for a in artifacts:                     # a loop: a generator runs a frame of its own
        shown.append(f"{token_name(view, a)} ({view.ruleset.tokens[a].value})")
    return {"seat": seat, "name": name, "status": status.replace("_", " "),
            "where": room_name(view, where) if where else "-", "gold": gold,
            "health_words": health_words(damage, health), "cubes": cubes, "clank": clank, "artifacts": tuple(shown),
            "hand": hand, "deck": deck, "discard": discard, "current": current}


def _player_extra(view: Any, extra: tuple[Any, ...]) -> dict[str, Any]:
    """The line under a player's row in words, from :func:`player_rows`'s key of the line."""
    _seat, play, tokens, lines = extra
    # plain loops: a generator runs a frame of its own, a Counter's making Python code of its own
    held: dict[str, int] = {}
    for t in tokens:
        n = token_name(view, t) if t != "hidden" else "face-down token"
        held[n] = held.get(n, 0) + 1
    said = []
    for n, k in sorted(held.items()):
        said.append(f"{n} ×{k}" if k > 1 else n)
    cards = []
    for c in play:
        cards.append(card_name(view, c))
    return {"play": tuple(cards), "tokens": tuple(said), "marks": lines}


def players_part(rows: tuple[Leaf, ...]) -> Node:
    """Every player's public state, row by row."""
    body = Node("body", "tbody", (), rows)
    table = Node("table", "table", (("class", "player-table"),), (_text_leaf("players_head", "head"), body))
    return _part("players", (_heading("h", "Players"), table))


def _card(view: Any, card: str) -> dict[str, Any]:
    cdef = view.ruleset.cards.get(card)
    if cdef is None:
        return {"id": card, "name": card, "text": "", "cost": "", "type": "", "points": ""}
    points = cdef.points if isinstance(cdef.points, int) else "*"
    return {
        "id": card,
        "name": cdef.name,
        "text": cdef.text or "",
        "cost": cost_text(cdef.cost),
        "type": cdef.type,
        "points": points,
        "dragon": bool(cdef.dragon_attack),
        "danger": bool(cdef.danger),
    }


@lru_cache(maxsize=LEAVES)
def _hand_card(card: str, name: str, text: str, count: int, action: str | None) -> Leaf:
    return _leaf(f"c:{card}", parts().hand_card, {"id": card, "name": name, "text": text, "count": count,
                                                  "action": action})


def hand_inputs(view: Any, seat: int | None, actions: list[dict[str, Any]]) -> tuple[Any, ...]:
    """What the hand part shows, as plain data (the cards' words are the ruleset's): the hand, the
    play area, the pool, the teleports, the tokens and the cards the seat may play."""
    if seat is None:
        return ()
    me = view.me
    plays = []
    for a in actions:                       # a loop: a generator runs a frame of its own
        if a["kind"] == "play":
            plays.append(a["text"])
    return (tuple(me.hand), tuple(me.play), tuple(me.pool.items()), tuple(me.teleports), tuple(me.tokens),
            tuple(plays))


def hand_part(pages: Pages, view: Any, seat: int | None, inputs: tuple[Any, ...]) -> Node:
    """This seat's own cards, play area, resources, teleports and tokens (``inputs``:
    :func:`hand_inputs`; what the packs' render hooks add about a player is in the players'
    table). The cards' list, the play area and the tokens are built again only when what they
    show changed (``pages.built``, by this seat), the pool's line is kept by what it says: an
    element unchanged is the very element of the state before, which costs nothing to compare."""
    if seat is None:
        return _part("hand", ())
    hand, play, pool, teleports, tokens, plays = inputs
    children: tuple[Node | Leaf, ...] = (
        _heading("h", "Your hand"),
        pages.built(("hand cards", seat), (hand, plays), _hand_cards, view, hand, plays),
        pages.built(("hand play", seat), play, _play_line, view, play),
        _pool_line(pool, teleports),
    )
    if tokens:
        children += (pages.built(("hand tokens", seat), tokens, _tokens_line, view, tokens),)
    return _part("hand", children)


def _play_line(view: Any, play: tuple[str, ...]) -> Leaf:
    """``Play area: card, card`` (the cards' names)."""
    names = []
    for c in play:                          # a loop: a comprehension runs a frame of its own
        names.append(card_name(view, c))
    return _own_line("play", "Play area", tuple(names), "-")


def _tokens_line(view: Any, tokens: tuple[str, ...]) -> Leaf:
    """``Tokens: name, name`` (the tokens' names)."""
    names = []
    for t in tokens:                        # a loop: a comprehension runs a frame of its own
        names.append(token_name(view, t))
    return _text_line("tokens", "Tokens", ", ".join(names))


@lru_cache(maxsize=LEAVES)
def _pool_line(pool: tuple[tuple[str, int], ...], teleports: tuple[str, ...]) -> Leaf:
    """``Pool: 2 skill, 1 boot; teleports: ...`` (kept by what the pool holds)."""
    words = []
    for res, n in pool:                     # a loop: a comprehension runs a frame of its own
        if n:
            words.append(resource_words(res, n))
    said = ", ".join(words) or "nothing"
    if teleports:
        said += f"; teleports: {', '.join(teleports)}"
    return _text_line("pool", "Pool", said)


def _hand_cards(view: Any, hand: tuple[str, ...], plays: tuple[str, ...]) -> Node:
    """The cards in hand, one element a card (a count when several), playable ones marked."""
    playable = set(plays)
    held: dict[str, int] = {}               # a Counter's making runs Python code of its own
    for card in hand:
        held[card] = held.get(card, 0) + 1
    cards: list[Leaf] = []
    known = view.ruleset.cards
    for card, n in held.items():
        cdef = known.get(card)
        action = f"play {card}"
        cards.append(_hand_card(card, cdef.name if cdef else card, (cdef.text or "") if cdef else "", n,
                                action if action in playable else None))
    shown = tuple(cards) or (_text_leaf("empty_item", "none", "no cards in hand"),)
    return Node("cards", "ul", (("class", "cards hand-cards"),), shown)


@lru_cache(maxsize=LEAVES)
def _text_line(key: str, label: str, text: str) -> Leaf:
    """``Label: text`` (escaped, as the templates escape)."""
    return Leaf(key, f'<p data-key="{_esc(key)}"><strong>{_esc(label)}:</strong> {_esc(text)}</p>')


@lru_cache(maxsize=LEAVES)
def _own_line(key: str, label: str, items: tuple[str, ...], empty: str) -> Leaf:
    """``Label: card, card`` (each a card's name), or ``empty``."""
    shown = ", ".join(f'<span class="card-name">{_esc(item)}</span>' for item in items) or _esc(empty)
    return Leaf(key, f'<p data-key="{_esc(key)}"><strong>{_esc(label)}:</strong> {shown}</p>')


def row_part(view: Any) -> Node:
    """The dungeon row, slot by slot (1-6, as players count)."""
    items = []
    for i, c in enumerate(view.row):        # a loop: a generator runs a frame of its own
        items.append(_row_slot(i + 1, _row_card(view, c) if c else ()))
    return _part("row", (_heading("h", "Dungeon row"),
                         Node("cards", "ol", (("class", "cards dungeon-row"),), tuple(items))))


def _row_card(view: Any, card: str) -> tuple[tuple[str, Any], ...]:
    """What a card of the row shows (:func:`_card`): content alone, made once for every game of
    the same packs (``view.memo``)."""
    return view.memo(("clank_web", "row card", card), lambda: tuple(_card(view, card).items()))


@lru_cache(maxsize=LEAVES)
def _row_slot(slot: int, card: tuple[tuple[str, Any], ...]) -> Leaf:
    return _leaf(f"s{slot}", parts().row_card, {"slot": slot, **dict(card)} if card else {"slot": slot, "empty": True})


def supply_inputs(view: Any) -> tuple[Any, ...]:
    """What the supply part reads, before it is put in words: a value equal while the part shows
    the same (the reserve's stacks, the Clank! area, the bag, the rage, the dungeon deck, the
    setup's rage track), the packs' boards' marks last (their words, as :func:`supply_data`
    gives them)."""
    return (tuple(view.reserve.items()), tuple(view.clank_area.items()), view.bag_total, view.rage,
            view.dungeon_deck_size, view.setup, tuple(m.text for m in marks(view, "board")))


def supply_data(view: Any, words: dict[str, tuple[str, str]] | None = None,
                boards: tuple[str, ...] | None = None) -> tuple[Any, ...]:
    """What the supply part shows, as plain data: the reserve, the packs' boards (the market ...),
    the dragon (Clank! area, bag, rage, the dungeon deck). ``words``: each reserve card's name
    and cost in words, kept for the next states of the same game (its cards do not change);
    ``boards``: the boards' marks of this state when they were read already."""
    words = {} if words is None else words
    draws = view.setup.get("rage_track", {}).get("draws", [])
    items = []
    for card, n in view.reserve.items():
        name, cost = words.get(card) or _reserve_words(view, card, words)
        items.append((name, n, cost))
    reserve = tuple(items)
    area = tuple((view.name(int(k)) if k.isdigit() else k, n) for k, n in sorted(view.clank_area.items()) if n)
    dragon = (("area", area), ("bag", view.bag_total), ("rage", view.rage + 1), ("rage_spaces", len(draws)),
              ("draws", draws[view.rage] if 0 <= view.rage < len(draws) else "?"), ("deck", view.dungeon_deck_size))
    return reserve, tuple(m.text for m in marks(view, "board")) if boards is None else boards, dragon


def _reserve_words(view: Any, card: str, words: dict[str, tuple[str, str]]) -> tuple[str, str]:
    cdef = view.ruleset.cards.get(card)
    said = words[card] = (cdef.name, cost_text(cdef.cost)) if cdef is not None else (card, "")
    return said


def supply_part(reserve: tuple[Any, ...], boards: tuple[str, ...], dragon: tuple[Any, ...]) -> Node:
    """The reserve, the packs' boards, the dragon."""
    marks_ = tuple(_text_leaf("board_mark", f"b{i}", text) for i, text in enumerate(boards))
    return _part("supply", (_heading("h", "Reserve, market and dragon"), _reserve(reserve), *marks_, _dragon(dragon)))


@lru_cache(maxsize=LEAVES)
def _reserve(items: tuple[tuple[str, int, str], ...]) -> Leaf:
    return _leaf("reserve", parts().reserve, items)


@lru_cache(maxsize=LEAVES)
def _dragon(items: tuple[tuple[str, Any], ...]) -> Leaf:
    """The dragon's line: the Clank! area, the bag, the rage, the dungeon deck (written in Python,
    escaped as the templates escape: it changes at many actions)."""
    s = dict(items)
    area = []
    for who, n in s["area"]:                # a loop: a generator runs a frame of its own
        area.append(f"{_esc(who)} {_esc(n)}")
    return Leaf("dragon", f'<p data-key="dragon" class="dragon"><strong>Clank! area:</strong> '
                          f'{", ".join(area) or "empty"}· <strong>bag:</strong> {_esc(s["bag"])} cubes\n'
                          f'· <strong>rage:</strong> space {_esc(s["rage"])} of {_esc(s["rage_spaces"])} '
                          f'(draws {_esc(s["draws"])})\n· dungeon deck {_esc(s["deck"])} cards</p>')


def _log_line(key: str, line: str) -> Leaf:
    """A line of the log (escaped, as the templates escape)."""
    return Leaf(key, f'<li data-key="{_esc(key)}">{_esc(line)}</li>')


def log_part(view: Any, before: Node | None = None) -> Node:
    """The last lines of the log, each keyed by its place in the whole log (a page adds the new
    lines and drops the oldest); ``before``: the part of the state before, whose lines are kept."""
    log = view.log
    first = max(0, len(log) - LOG_LINES)
    lines: tuple[Node | Leaf, ...] = ()
    if before is not None:
        shown = before.children[1].children if isinstance(before.children[1], Node) else ()
        if shown and shown[0].key.startswith("l") and shown[-1].key == f"l{len(log) - 1}":
            return before
        start = int(shown[0].key[1:]) if shown else first
        end = start + len(shown)
        if shown and start <= first <= end <= len(log):      # the log grew: keep what it shows
            lines = shown[first - start:]
            first = end
    added = []
    for i in range(first, len(log)):        # a loop: a generator runs a frame of its own
        added.append(_log_line(f"l{i}", log[i]))
    lines += tuple(added)
    return _part("log", (_heading("h", "Log"), Node("lines", "ol", (("class", "log-lines"),), lines)))
