"""Images a module carries besides maps and counters: the About-screen splash and the game's tables as charts.

The typesetting (which tables are charts, their titles, names and keys) is :mod:`modgen.draw.chartgrid`, read from
the manifest's ``charts`` section; the drawing is :mod:`modgen.draw.chartdraw`. Internal settings (scalars such as
a ranged CRT cap) are not charts.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from modgen.draw import chartdraw, chartgrid


def splash(title: str, description: str, sides: list[str], size: tuple[int, int] = (640, 360)) -> Image.Image:
    """The About-screen image: title, side names and the description, each wrapped and shrunk to fit."""
    return chartdraw.render_splash(title, description, sides, size)[0]


def chart_images(manifest: dict[str, Any]) -> list[tuple[str, Image.Image, chartdraw.Drawn]]:
    """(tab title, image, strings drawn) for every chart of the manifest, in the order of its ``charts`` section."""
    out = []
    for ch in chartgrid.charts(manifest):
        img, drawn = chartdraw.render_chart(ch)
        out.append((ch.title, img, drawn))
    return out


def table_images(manifest: dict[str, Any]) -> list[tuple[str, Image.Image]]:
    """(tab title, image) for every chart of the manifest."""
    return [(title, img) for title, img, _ in chart_images(manifest)]
