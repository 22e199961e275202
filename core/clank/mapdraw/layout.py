"""Where things go, in cell units: each region's tiles on a sheet, and the fixed places of
room positions and ports inside a cell.

A *sheet* puts every region of the dungeon side by side or one above the other (today the
base game has one region, the catacombs grid; an expansion's second area is another region),
each region keeping its own grid. Sheet cells are ``(col, row)`` with row 0 at the top
(north); a region's world cell ``(x, y)`` (``y`` grows northward) maps to one sheet cell.

Inside a cell, fractions locate the 3×3 room positions and the eight ports (two per side,
numbered clockwise), the same for the terminal and SVG: the terminal rounds them to its
character grid, SVG scales them.
"""

from __future__ import annotations

from dataclasses import dataclass

from clank.mapdraw.model import MapModel, TileItem

PORT_FRACTIONS: dict[tuple[str, int], tuple[float, float]] = {
    ("n", 1): (1 / 3, 0.0), ("n", 2): (2 / 3, 0.0),
    ("e", 1): (1.0, 1 / 3), ("e", 2): (1.0, 2 / 3),
    ("s", 1): (2 / 3, 1.0), ("s", 2): (1 / 3, 1.0),
    ("w", 1): (0.0, 2 / 3), ("w", 2): (0.0, 1 / 3),
}
"""A port's place on its cell, as fractions of the cell (x rightward, y downward)."""
STEP = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
"""One step toward a side on a sheet (rows grow southward)."""


def port_fraction(side: str, idx: int, at: float | None = None) -> tuple[float, float]:
    """A port's place on its cell as fractions: ``at`` along its side when given (a slot tile's
    named port), else the grid's third or two thirds (:data:`PORT_FRACTIONS`)."""
    if at is None:
        return PORT_FRACTIONS.get((side, idx), (0.5, 0.5))
    return {"n": (at, 0.0), "s": (at, 1.0), "e": (1.0, at), "w": (0.0, at)}.get(side, (0.5, 0.5))


def anchor_fraction(col: int, row: int) -> tuple[float, float]:
    """The centre of room position (col, row) of a cell's 3×3 grid, as fractions."""
    return (col + 0.5) / 3, (row + 0.5) / 3


@dataclass
class RegionBox:
    """One region's cells on the sheet."""

    region: str
    minx: int
    maxx: int
    miny: int
    maxy: int
    col0: int = 0
    row0: int = 0

    @property
    def cols(self) -> int:
        """Width in cells."""
        return self.maxx - self.minx + 1

    @property
    def rows(self) -> int:
        """Height in cells."""
        return self.maxy - self.miny + 1

    def sheet(self, x: int, y: int) -> tuple[int, int]:
        """The sheet cell of world cell (x, y)."""
        return x - self.minx + self.col0, self.maxy - y + self.row0


@dataclass
class Sheet:
    """Every region placed on one sheet; ``gap`` cells separate regions."""

    boxes: dict[str, RegionBox]
    cols: int
    rows: int
    stacked: bool

    def cell(self, region: str, x: int, y: int) -> tuple[int, int]:
        """The sheet cell of a region's world cell."""
        return self.boxes[region].sheet(x, y)

    def tile_origin(self, tile: TileItem) -> tuple[int, int]:
        """The sheet cell of a tile's north-west cell."""
        xs = [c[0] for c in tile.cells.values()]
        ys = [c[1] for c in tile.cells.values()]
        return self.cell(tile.region, min(xs), max(ys))


def region_boxes(model: MapModel) -> dict[str, RegionBox]:
    """Each region's extent in world cells (the tiles placed there, and the preview)."""
    boxes: dict[str, RegionBox] = {}
    for tile in model.tiles:
        for x, y in tile.cells.values():
            box = boxes.get(tile.region)
            if box is None:
                boxes[tile.region] = RegionBox(tile.region, x, x, y, y)
            else:
                box.minx, box.maxx = min(box.minx, x), max(box.maxx, x)
                box.miny, box.maxy = min(box.miny, y), max(box.maxy, y)
    return boxes


def arrange(model: MapModel, stacked: bool, gap: int = 1, extents: dict[str, RegionBox] | None = None) -> Sheet:
    """Put the regions on a sheet, in the order they were first placed: one above the other
    (``stacked``) or side by side, ``gap`` cells apart, each aligned to the sheet's top-left.
    ``extents``: the regions' extents (:func:`region_boxes` of ``model``) when worked out already
    (they are copied)."""
    boxes = region_boxes(model) if extents is None else \
        {r: RegionBox(b.region, b.minx, b.maxx, b.miny, b.maxy) for r, b in extents.items()}
    col = row = 0
    for region in model.regions:
        box = boxes[region]
        box.col0, box.row0 = (0, row) if stacked else (col, 0)
        row += box.rows + gap
        col += box.cols + gap
    if not boxes:
        return Sheet({}, 0, 0, stacked)
    cols = max(b.col0 + b.cols for b in boxes.values())
    rows = max(b.row0 + b.rows for b in boxes.values())
    return Sheet(boxes, cols, rows, stacked)
