"""A map whose image would not fit in memory is one DataError naming the map and the scale, raised before drawing
(valid data allows 1000 x 1000 hexes and 400 x 400 inch tables; the CLI allows up to 1000 px per hex)."""

from __future__ import annotations

import pytest

from modgen.draw.mapdraw import render_hex_map
from modgen.draw.maptable import render_table
from modgen.draw.printing import MAX_IMAGE_PIXELS
from modgen.errors import DataError

TERRAIN = {"clear": {"name": "Clear", "kind": "hex", "color": "#e8e0b8"}}


def _hex_map(columns: int, rows: int) -> dict:
    return {"id": "big", "kind": "hex", "default_terrain": "clear",
            "grid": {"orientation": "flat", "columns": columns, "rows": rows}}


def test_hex_map_too_large_is_a_data_error() -> None:
    # 60 columns at 500 px per hex: 60 * 0.75 * 500 = 22,500 px wide; 60 rows * 500 * sqrt(3)/2 = ~26,000 px tall
    # = ~585 megapixels, over the 400 megapixel cap
    assert 22_500 * 25_980 > MAX_IMAGE_PIXELS
    with pytest.raises(DataError, match=r"map 'big' at 500 px per hex: the image would be \d+x\d+ px"):
        render_hex_map(_hex_map(60, 60), TERRAIN, 500)


def test_hex_map_under_the_cap_still_renders() -> None:
    img = render_hex_map(_hex_map(4, 3), TERRAIN, 40)
    assert img.width * img.height < MAX_IMAGE_PIXELS


def test_table_too_large_is_a_data_error() -> None:
    # 400 x 400 inches at 100 px/in = 40,000 x 40,000 px = 1,600 megapixels
    table = {"id": "t", "kind": "table", "width_in": 400, "height_in": 400}
    with pytest.raises(DataError, match=r"map 't' at 100 px per inch: the image would be 40000x40000 px \(1600 "):
        render_table(table, TERRAIN, px_per_inch=100)


def test_antialias_counts_in_the_size_and_is_named() -> None:
    # 20 x 20 hexes at 300 px per hex: roughly 6,000 px a side = ~36 megapixels, fine on its own; antialias 4 draws
    # it at 1,200 px per hex: roughly 24,000 px a side = ~576 megapixels, over the cap
    with pytest.raises(DataError, match=r"map 'big' at 300 px per hex with antialias 4: the image would be"):
        render_hex_map(_hex_map(20, 20), TERRAIN, 300, antialias=4)
