"""A board of squares — a tactical battle board, a chessboard — drawn with the same machinery as the maps.

:class:`GridFigure` is a :class:`~.mapfig.MapFigure` whose regions are the squares (``"D11"``: column letter, row
number; row 1 at the bottom), so everything a map does a grid does too: counters that can be clicked, the squares
you can choose outlined, the other side's last move, lines that change (who fires at whom, with the odds written
beside them), badges for a counter's status and an arrow for the way it faces (``Token.facing``: 0 towards the top,
90 to the right …). Each square has a second, small region in its top-left corner (``"D11^"``, a click there means the
square) for markers that ride with the counters, such as a leader.

    >>> g = GridFigure(11, 8, title="battle board")
    >>> len([r for r in g.regions if "^" not in r]), g.square_at(3, 10)
    (88, 'D11')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .mapfig import LineStyle, MapFigure, Region
from .palette import COAST, LAND_CLEAR

COLUMNS = "ABCDEFGHIJKLMNOPQRST"
TOP = "^"  # the suffix of a square's top strip (leaders and markers)


def square_name(row: int, column: int) -> str:
    """The name of the square in 0-based ``row`` (from the bottom) and ``column`` (from the left): "A1"."""
    return f"{COLUMNS[column]}{row + 1}"


class GridFigure(MapFigure):
    """A board of ``rows`` × ``columns`` squares, one unit wide each (row 1 at the bottom)."""

    def __init__(self, rows: int, columns: int, *, title: str = "", height: int = 640,
                 hover: Callable[[str], str] | None = None, fill: str = LAND_CLEAR,
                 edges: tuple[str, str] = ("", ""), line_styles: Iterable[LineStyle] = (), caption: str = "",
                 label_size: int = 13, sides: Sequence[str] = ()) -> None:
        self.rows, self.columns = rows, columns
        self._grid_bounds = (-0.75, columns + 0.75, -1.05, rows + 1.05)  # room for the letters, numbers and edges
        regions = []
        for r in range(rows):
            for c in range(columns):
                name = square_name(r, c)
                outline = ((c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1))
                words = hover(name) if hover else f"square {name}"
                regions.append(Region(name, f"square {name}", "", (c + 0.5, r + 0.5), outline, fill=fill,
                                      line=COAST, hover=words, token_anchor=(c + 0.5, r + 0.42)))
                regions.append(Region(name + TOP, f"square {name}", "", (c + 0.15, r + 0.85), hover=words,
                                      click_as=name, token_anchor=(c + 0.15, r + 0.85)))
        notes = []
        for c in range(columns):
            notes += [((c + 0.5, -0.3), COLUMNS[c], label_size, 0), ((c + 0.5, rows + 0.3), COLUMNS[c], label_size, 0)]
        for r in range(rows):
            notes += [((-0.32, r + 0.5), str(r + 1), label_size, 0), ((columns + 0.32, r + 0.5), str(r + 1),
                                                                       label_size, 0)]
        if edges[0]:
            notes.append(((columns / 2, -0.75), edges[0], label_size, 0))
        if edges[1]:
            notes.append(((columns / 2, rows + 0.75), edges[1], label_size, 0))
        super().__init__(regions, sides=sides, title=title, height=height, token_spacing=0.5, token_columns=2,
                         side_offset=0.0, lat0=0.0, label_size=label_size, badges=True, facings=True,
                         line_styles=line_styles, notes=notes, caption=caption, click_spacing=0.5, show_legend=False)

    def bounds(self) -> tuple[float, float, float, float]:
        return self._grid_bounds

    def square_at(self, column: int, row: int) -> str:
        return square_name(row, column)

    def centre(self, square: str) -> tuple[float, float]:
        """The middle of a square (its board coordinates)."""
        return self.regions[square].anchor

    def texture_paths(self) -> list:
        return []
