"""The terminal drawing: tiles as boxes, rooms with short names and glyphs, tunnels as lines
with their icons and arrows, pawns in their players' colours, open edges marked ``?``, and a
short legend of what is drawn, fitted into a ``width`` × ``height`` panel.

Sizes: a cell of 9 rows gives each room two lines (its name, then its glyphs and pawns); a
cell of 6 rows (the compact mode, for a 60×24 panel) gives it one line of glyphs. When even
the compact cells do not fit, the drawing shows the part of the map around the focus (the
previewed tile, the highlighted rooms, the seat's pawn) with ``◂ ▸ ▴ ▾`` where more lies.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from clank.mapdraw.canvas import Canvas
from clank.mapdraw.layout import STEP, Sheet, arrange
from clank.mapdraw.model import MapModel, RoomItem, TileItem
from clank.mapdraw.names import fit
from clank.mapdraw.route import E, N, S, W
from clank.mapdraw.symbols import (
    CLOSED,
    COVERED,
    MORE,
    ONE_WAY_SYMBOL,
    PLAIN_ROOM,
    PORTAL,
    UNEXPLORED,
    pawn_style,
    rich_style,
)
from clank.mapdraw.tileart import TileArt, tile_art

MX, MY = 2, 1
"""Margins (columns, rows) around the tiles, for the marks of open edges and cropping."""
LARGE_PH, COMPACT_PH = 9, 6
MIN_PW, LARGE_MIN_PW = 16, 18
MAX_PW = {LARGE_PH: 30, COMPACT_PH: 20}

Entry = tuple[str, str, str]
"""A legend line: glyph, rich style, meaning."""


DETAILS = ("auto", "named", "compact")
"""Cell sizes a drawing may ask for: the largest that fits (``auto``), cells of 9 rows with
room names (``named``, cropped and panned when they do not all fit), or compact ones."""


@dataclass(frozen=True)
class View:
    """What part of the map a drawing shows and how: ``focus`` a room to centre on (None: the
    previewed tile, else the seat's pawn, else the highlighted rooms), ``pan`` cells to
    shift the window by from there (clamped to the map), ``detail`` one of :data:`DETAILS`,
    ``legend_rows`` the most legend lines under the map (None: as many as the height
    suggests)."""

    focus: str | None = None
    pan: tuple[int, int] = (0, 0)
    detail: str = "auto"
    legend_rows: int | None = None


@dataclass
class Fit:
    """How the map fits a panel: the cell size, the part of the sheet shown, legend rows, and
    where the window would be without panning (``base_col0``, ``base_row0``)."""

    sheet: Sheet
    pw: int
    ph: int
    col0: int
    row0: int
    cols: int
    rows: int
    legend_rows: int
    base_col0: int = 0
    base_row0: int = 0

    @property
    def cropped(self) -> bool:
        """Whether part of the map is left out."""
        return self.cols < self.sheet.cols or self.rows < self.sheet.rows

    @property
    def pan(self) -> tuple[int, int]:
        """The shift from the focused window that is shown (after clamping)."""
        return self.col0 - self.base_col0, self.row0 - self.base_row0

    @property
    def pan_range(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The shifts that show another part of the map: ((left, right), (up, down))."""
        return ((-self.base_col0, self.sheet.cols - self.cols - self.base_col0),
                (-self.base_row0, self.sheet.rows - self.rows - self.base_row0))


def _focus(model: MapModel, sheet: Sheet, seat: int | None, room: str | None = None) -> tuple[float, float]:
    """The centre of what matters now: ``room`` when given, else the previewed tile, else the
    seat's own pawn, else the highlighted rooms (else the first tile)."""
    tiles = model.tiles_by_id

    def at(r: RoomItem) -> tuple[int, int]:
        return sheet.cell(tiles[r.tile].region, *r.cell)

    cells: list[tuple[int, int]] = []
    if room is not None and room in model.rooms:
        cells = [at(model.rooms[room])]
    if not cells:
        for tile in model.tiles:
            if tile.preview:
                cells.extend(sheet.cell(tile.region, *c) for c in tile.cells.values())
    if not cells and seat is not None:
        cells = [at(r) for r in model.rooms.values() if any(p.seat == seat and not p.knocked_out for p in r.pawns)]
    if not cells:
        cells = [at(r) for r in model.rooms.values() if r.highlighted]
    if not cells and model.tiles:
        t = model.tiles[0]
        cells = [sheet.cell(t.region, *c) for c in t.cells.values()]
    if not cells:
        return 0.0, 0.0
    return sum(c[0] for c in cells) / len(cells), sum(c[1] for c in cells) / len(cells)


def _start(centre: float, visible: int, total: int, shift: int) -> tuple[int, int]:
    """The first visible cell without and with ``shift``, both within the sheet."""
    base = int(min(max(0, round(centre + 0.5 - visible / 2)), total - visible))
    return base, int(min(max(0, base + shift), total - visible))


def fit_panel(model: MapModel, width: int, height: int, seat: int | None, how: View | None = None) -> Fit:
    """Choose the cell size and the part of the map to show in ``width`` × ``height``."""
    how = how or View()
    if how.legend_rows is None:
        legend_rows = 3 if height >= 40 else 2 if height >= 20 else 1 if height >= 12 else 0
    else:
        legend_rows = max(0, how.legend_rows)
    best: Fit | None = None
    for stacked in ((False, True) if len(model.regions) > 1 else (False,)):
        sheet = arrange(model, stacked)
        cols, rows = max(1, sheet.cols), max(1, sheet.rows)
        avail_w = max(1, width - 2 * MX - 1)
        avail_h = max(1, height - legend_rows - 2 * MY - 1)
        if how.detail == "named":
            ph = LARGE_PH
        elif how.detail == "compact":
            ph = COMPACT_PH
        else:
            ph = LARGE_PH if avail_h // rows >= LARGE_PH and avail_w // cols >= LARGE_MIN_PW else COMPACT_PH
        least = LARGE_MIN_PW if ph == LARGE_PH else MIN_PW
        pw = min(MAX_PW[ph], avail_w // cols)
        vis_cols, vis_rows = cols, rows
        if pw < least:
            pw = least
            vis_cols = max(1, min(cols, avail_w // pw))
        shown_legend = legend_rows
        if avail_h // rows < ph:
            vis_rows = max(1, min(rows, avail_h // ph))
            if legend_rows and (avail_h + legend_rows) // ph > vis_rows:    # a row of tiles beats a legend
                shown_legend, vis_rows = 0, max(1, min(rows, (avail_h + legend_rows) // ph))
        fx, fy = _focus(model, sheet, seat, how.focus)
        base_col0, col0 = _start(fx, vis_cols, cols, how.pan[0])
        base_row0, row0 = _start(fy, vis_rows, rows, how.pan[1])
        cand = Fit(sheet, pw, ph, col0, row0, vis_cols, vis_rows, shown_legend, base_col0, base_row0)
        score = (vis_cols * vis_rows, ph, pw)
        if best is None or score > (best.cols * best.rows, best.ph, best.pw):
            best = cand
    assert best is not None
    return best


class TextMap:
    """One drawing of a map model into a canvas."""

    def __init__(self, model: MapModel, view: Any, width: int, height: int, how: View | None = None) -> None:
        self.model, self.view = model, view
        self.width, self.height = max(1, width), max(1, height)
        self.how = how or View()
        self.fit = fit_panel(model, self.width, self.height, view.seat, self.how)
        f = self.fit
        self.canvas = Canvas(min(self.width, 2 * MX + f.cols * f.pw + 1), self.height)
        self.x_max = MX + f.cols * f.pw
        self.y_max = MY + f.rows * f.ph
        self.used: dict[str, tuple[str, str, str, int]] = {}
        self.pawns_seen: set[tuple[int, bool]] = set()
        self.named = f.ph >= LARGE_PH

    # -- coordinates -----------------------------------------------------------------------
    def origin(self, tile: TileItem) -> tuple[int, int]:
        """The canvas position of a tile's top-left corner."""
        col, row = self.fit.sheet.tile_origin(tile)
        return MX + (col - self.fit.col0) * self.fit.pw, MY + (row - self.fit.row0) * self.fit.ph

    def in_window(self, x: int, y: int) -> bool:
        """Inside the shown part of the sheet (borders included)."""
        return MX <= x <= self.x_max and MY <= y <= self.y_max

    def note(self, glyph: str, style: str, meaning: str, rank: int = 1) -> None:
        """Remember a drawn glyph for the legend; ``rank`` orders it there (0: what a route
        costs, 1: what rooms are, 2: what lies in them, 3: the drawing itself)."""
        if meaning and glyph not in self.used:
            self.used[glyph] = (glyph, style, meaning, rank)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self) -> Text:
        """The whole drawing."""
        if not self.model.tiles:
            return Text("(no tiles placed)")
        self.canvas.clip = (MX, MY, self.x_max, self.y_max)
        for tile in self.model.tiles:
            if not tile.preview:
                self.tile(tile)
        for tile in self.model.tiles:
            if tile.preview:
                self.tile(tile)
        self.canvas.clip = None
        self.open_edges()
        self.crop_marks()
        self.region_titles()
        rows = self.canvas.rows_used()
        legend = self.legend_text(max(0, self.height - rows))
        out = self.canvas.to_text(rows)
        if legend.plain:
            out.append("\n")
            out.append_text(legend)
        return out

    def tile(self, tile: TileItem) -> None:
        f, c = self.fit, self.canvas
        art = tile_art(tile, f.pw, f.ph)
        ox, oy = self.origin(tile)
        border = "preview" if tile.preview else "border"
        for (x, y), bits in art.border.items():
            if self.in_window(ox + x, oy + y):
                c.line(ox + x, oy + y, bits, rich_style(border), 3 if tile.preview else 1)
        for (x, y), (bits, _t) in art.lines.items():
            if self.in_window(ox + x, oy + y):
                c.line(ox + x, oy + y, bits, rich_style("line"), 2)
        for (x, y), stroke in art.bridges.items():
            if self.in_window(ox + x, oy + y):
                c.put(ox + x, oy + y, stroke, rich_style("line"))
        tunnels = {t.index: t for t in tile.tunnels}
        for (x, y), what in art.glyphs.items():
            if not self.in_window(ox + x, oy + y):
                continue
            tunnel = tunnels[what[1]]
            if what[0] == "icon":
                icon = tunnel.icons[what[2]]
                style = "muted" if icon.covered else icon.symbol.style
                c.put(ox + x, oy + y, icon.symbol.glyph[:1], rich_style(style))
                self.note(icon.symbol.glyph[:1], rich_style(icon.symbol.style), icon.symbol.meaning, 0)
                if icon.covered:
                    self.note(COVERED.glyph, rich_style(COVERED.style), COVERED.meaning, 0)
            elif what[0] == "arrow":
                c.put(ox + x, oy + y, what[2], rich_style("arrow"))
                self.note(ONE_WAY_SYMBOL.glyph, rich_style("arrow"), ONE_WAY_SYMBOL.meaning, 0)
            else:
                c.put(ox + x, oy + y, PORTAL.glyph, rich_style(PORTAL.style))
                self.note(PORTAL.glyph, rich_style(PORTAL.style), PORTAL.meaning, 0)
        self.title(tile, art, ox, oy)
        boxes = {r: (ox + b[0], oy + b[1], b[2], b[3]) for r, b in art.boxes.items()}
        for room in tile.rooms:
            box = boxes.get(room.id)
            if box is not None:
                self.room(room, box, tile.preview, [b for r, b in boxes.items() if r != room.id])
        for (x, y), d, _room in art.attach:
            self.extend(ox + x, oy + y, d)

    def title(self, tile: TileItem, art: TileArt, ox: int, oy: int) -> None:
        x, run = art.title
        notes = "".join(s.glyph for s in tile.notes)
        for s in tile.notes:
            self.note(s.glyph, rich_style(s.style), s.meaning, 2)
        name = tile.name[4:] if tile.name.lower().startswith("the ") else tile.name
        name = ("new: " if tile.preview else "") + name
        if run < 3 or not self.in_window(ox + x, oy):
            return
        room_for_name = run - 1 - len(notes) - (1 if notes else 0)
        text = fit_words(name, room_for_name) if (self.named and room_for_name >= 4) or tile.preview else ""
        pos = ox + x + 1
        if notes:
            self.canvas.text(pos, oy, notes, rich_style(tile.notes[0].style))
            pos += len(notes) + 1
        if text:
            self.canvas.text(pos, oy, text, rich_style("preview" if tile.preview else "title"))

    def runs(self, room: RoomItem, with_features: bool) -> list[tuple[str, str]]:
        """The glyphs of a room, each with its rich style: features, contents, pieces, pawns."""
        out: list[tuple[str, str]] = []
        if with_features:
            for s in room.features:
                out.append((s.glyph, rich_style(s.style)))
                self.note(s.glyph, rich_style(s.style), s.meaning, 1)
        for s in room.contents + room.pieces:
            if out and out[-1][0][-1:].isdigit() and s.glyph[:1].isdigit():
                out.append((",", ""))          # two numbers side by side: 10,10, never 1010
            out.append((s.glyph, rich_style(s.style)))
            self.note(s.glyph, rich_style(s.style), s.meaning, 2)
        if room.pawns:
            out.append((" ", "") if out else ("", ""))
        for p in room.pawns:
            glyph = str(p.seat + 1)
            out.append((glyph, pawn_style(p.seat, p.knocked_out)))
            self.pawns_seen.add((p.seat, p.knocked_out))
        return [(g, s) for g, s in out if g]

    def room(self, room: RoomItem, box: tuple[int, int, int, int], preview: bool,
             others: Sequence[tuple[int, int, int, int]] = ()) -> None:
        x, y, w, h = box
        highlight = " reverse" if room.highlighted else ""
        key = f"{room.key}:" if room.key else ""
        if self.named and h >= 2:
            name_style = rich_style("exit" if room.exit else "room") + highlight
            runs = self.runs(room, True)
            lead = 0
            nx, nw = self.widen(x, y, w, len(key) + len(room.label), others)
            if key and len(room.label) + len(key) > nw:       # no room beside the name: under it
                runs.insert(0, (key, rich_style("highlight")))
                key, lead = "", 1
                nx, nw = self.widen(x, y, w, len(room.label), others)
            label = key + fit(room.label, nw - len(key))
            self.canvas.text(nx + max(0, (nw - len(label)) // 2), y, label, name_style.strip())
            self.write_runs(runs, x, y + 1, w, len(room.pawns), lead)
        else:
            runs = self.runs(room, True)
            lead = 1 if key else 0
            if key:
                runs.insert(0, (key, rich_style("highlight")))
            if not runs:
                runs = [(PLAIN_ROOM.glyph, rich_style(PLAIN_ROOM.style))]
                self.note(PLAIN_ROOM.glyph, rich_style(PLAIN_ROOM.style), PLAIN_ROOM.meaning, 1)
            if room.highlighted:
                runs = [(g, (s + highlight).strip()) for g, s in runs]
            self.write_runs(runs, x, y, w, len(room.pawns), lead)

    def widen(self, x: int, y: int, w: int, want: int,
              others: Sequence[tuple[int, int, int, int]]) -> tuple[int, int]:
        """Where a name of ``want`` columns goes on the first row of a box at (x, y, w): the
        box, grown sideways (one column at a time, right then left) over blank cells and over
        the straight end of a tunnel ending there, which stays joined to the name; never onto
        a glyph, a junction, a border or beside another room's box. Returns (start, width)."""
        c = self.canvas

        def takes(cx: int) -> bool:
            if not self.in_window(cx, y) or not c.inside(cx, y) or c.chars[y][cx] is not None:
                return False
            if c.bits[y][cx] not in (0, E | W):
                return False
            if c.chars[y][cx - 1 if cx < x else cx + 1] is not None if c.inside(cx - 1 if cx < x else cx + 1, y) \
                    else True:
                return False          # a glyph right beyond the name would read as part of it
            return not any(bx - 1 <= cx <= bx + bw and by <= y < by + bh for bx, by, bw, bh in others)

        left, right = x, x + w
        while right - left < want:
            if takes(right):
                right += 1
            elif takes(left - 1):
                left -= 1
            else:
                break
            if right - left < want and takes(left - 1):
                left -= 1
        return left, right - left

    def write_runs(self, runs: list[tuple[str, str]], x: int, y: int, w: int, keep: int = 0,
                   lead: int = 0) -> None:
        """Glyph runs centred in a box row; what does not fit spills into blank cells beside it
        (right first). When even that is too little, runs are left out from the first, but
        never the first ``lead`` (a move's key) nor the last ``keep`` (the pawns: where a
        player stands always shows)."""
        c = self.canvas
        right_free = 0
        while c.blank(x + w + right_free, y) and self.in_window(x + w + right_free, y):
            right_free += 1
        left_free = 0
        while c.blank(x - 1 - left_free, y) and self.in_window(x - 1 - left_free, y):
            left_free += 1
        total = sum(len(g) for g, _ in runs)
        while total > w + right_free + left_free and len(runs) > keep + lead:
            total -= len(runs.pop(lead)[0])
            if len(runs) > keep + lead and not runs[lead][0].strip():
                total -= len(runs.pop(lead)[0])
        start = x + (w - total) // 2 if total <= w else x - max(0, total - w - right_free)
        pos = start
        for glyph, style in runs:
            for ch in glyph:
                if x <= pos < x + w or c.blank(pos, y):
                    c.put(pos, y, ch, style)
                pos += 1

    def extend(self, x: int, y: int, d: int) -> None:
        """Carry a line that ends beside a room's box on to the room's text."""
        if d in (N, S):         # a line from above or below ends at the box's edge
            return
        dx = 1 if d == E else -1
        c = self.canvas
        x += dx
        while c.blank(x, y) and self.in_window(x, y):
            c.line(x, y, E | W, rich_style("line"), 2)
            x += dx

    def open_edges(self) -> None:
        f = self.fit
        by_cell = {(t.region, cell): (t, key) for t in self.model.tiles for key, cell in t.cells.items()}
        for edge in self.model.open_edges:
            found = by_cell.get((edge.region, edge.cell))
            if found is None:
                continue
            tile, key = found
            art = tile_art(tile, f.pw, f.ph)
            local = art.ports.get((key, edge.side, edge.idx))
            if local is None:
                continue
            ox, oy = self.origin(tile)
            px, py = ox + local[0], oy + local[1]
            if not self.in_window(px, py):
                continue
            dx, dy = STEP[edge.side]
            sym = UNEXPLORED if edge.discoverable else CLOSED
            mx, my = px + dx, py + dy
            if self.canvas.blank(mx, my):
                self.canvas.put(mx, my, sym.glyph, rich_style(sym.style))
                self.note(sym.glyph, rich_style(sym.style), sym.meaning, 0)

    def crop_marks(self) -> None:
        f = self.fit
        if not f.cropped:
            return
        style = rich_style(MORE.style)
        mid_x, mid_y = MX + f.cols * f.pw // 2, MY + f.rows * f.ph // 2
        marks = []
        if f.col0 > 0:
            marks.append((0, mid_y, "◂"))
        if f.col0 + f.cols < f.sheet.cols:
            marks.append((self.x_max + 1, mid_y, "▸"))
        if f.row0 > 0:
            marks.append((mid_x, 0, "▴"))
        if f.row0 + f.rows < f.sheet.rows:
            marks.append((mid_x, self.y_max + 1, "▾"))
        for x, y, ch in marks:
            self.canvas.put(x, y, ch, style)
        if marks:
            self.note(MORE.glyph, style, MORE.meaning, 3)

    def region_titles(self) -> None:
        if len(self.model.regions) < 2:
            return
        f = self.fit
        for region, box in f.sheet.boxes.items():
            x = MX + (box.col0 - f.col0) * f.pw
            y = MY + (box.row0 - f.row0) * f.ph - 1
            if 0 <= y < self.canvas.height and 0 <= x < self.canvas.width:
                self.canvas.text(x, y, region.replace("_", " ").title(), rich_style("title"))

    # -- the legend --------------------------------------------------------------------------
    def entries(self) -> list[Entry]:
        """What the drawing shows, for its legend: the pawns, then by rank, glyphs that mean
        the same thing together (``5,12 artifact``)."""
        out: list[Entry] = []
        for seat, ko in sorted(self.pawns_seen):
            out.append((str(seat + 1), pawn_style(seat, ko), self.view.name(seat) + (" (out)" if ko else "")))
        groups: dict[str, list[tuple[str, str]]] = {}
        for glyph, style, meaning, _rank in sorted(self.used.values(), key=lambda e: e[3]):
            groups.setdefault(short(meaning), []).append((glyph, style))
        for meaning, glyphs in groups.items():
            shown = [g for g in glyphs if g[0]]
            out.append((",".join(g for g, _ in shown), shown[0][1] if shown else "dim", meaning))
        return out

    def legend_text(self, spare: int) -> Text:
        """The legend rows that fit under the map."""
        if self.how.legend_rows is None:
            rows = min(spare, max(self.fit.legend_rows, min(spare, 4)))
        else:
            rows = min(spare, self.fit.legend_rows)
        out = Text(no_wrap=True, overflow="crop")
        if rows <= 0:
            return out
        width = self.canvas.width if self.fit.cropped else max(self.canvas.width, min(self.width, 60))
        line_len, line = 0, 0
        for glyph, style, meaning in self.entries():
            piece = len(glyph) + (1 if glyph else 0) + len(meaning)
            if line_len and line_len + 2 + piece > width:
                line += 1
                if line >= rows:
                    break
                out.append("\n")
                line_len = 0
            elif line_len:
                out.append("  ")
                line_len += 2
            if glyph:
                out.append(glyph, style=style or None)
                out.append(" ")
            out.append(meaning, style="dim")
            line_len += piece
        return out


def fit_words(text: str, width: int) -> str:
    """As many whole words as fit (``"Dustveil"`` of "Dustveil Reliquary" in 9 columns), else
    the text cut with an ellipsis."""
    words = text.split()
    kept = ""
    for word in words:
        joined = f"{kept} {word}" if kept else word
        if len(joined) > width:
            break
        kept = joined
    return kept if kept and (kept == text or len(kept) >= 4) else fit(text, width)


def short(meaning: str) -> str:
    """A legend meaning in a word or two: what comes before its colon (else before a comma)."""
    head = meaning.split(":")[0].strip()
    if len(head) > 24:
        head = head.split(",")[0].strip()
    return head if len(head) <= 24 else fit(head, 24)


def draw_text(model: MapModel, view: Any, width: int, height: int, how: View | None = None) -> Text:
    """The terminal drawing of a model in ``width`` × ``height``."""
    return TextMap(model, view, width, height, how).draw()
