"""`modgen map`: render a map to PNG (VASSAL board image), to a tiled, physical-size print PDF, or to SVG."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from modgen.atomic import atomic_path
from modgen.cli.params import FiniteFloatRange
from modgen.data.model import load_game
from modgen.draw.mapdraw import render_map, render_map_pdf, render_map_svg
from modgen.draw.printing import PAPER_SIZES_IN
from modgen.errors import DataError

from .common import Steps, check_output, done, invalid_data_reported, output_options, require_valid

NEEDS = ("maps",)  # the parts of the game this command reads (modgen.data.parts)


@click.command("map")
@click.argument("manifest", type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--output", "out", required=True, metavar="FILE", type=click.Path(path_type=Path),
              help="Output file (.png, .pdf or .svg).")
@click.option("--map", "map_id", default=None, help="Map id (default: the first map).")
@click.option("--png", "fmt", flag_value="png", help="Write a PNG (default unless OUT ends in .pdf).")
@click.option("--pdf", "fmt", flag_value="pdf", help="Write a print PDF at physical size, tiled over pages.")
@click.option("--svg", "fmt", flag_value="svg",
              help="Write one SVG at physical size (hex size as for PDF), legend below, for finishing in Inkscape.")
@click.option("--hex-px", type=FiniteFloatRange(8, 1000), default=None,
              help="PNG: pixels between adjacent hex centres (default: manifest vassal.hex_px, else 100).")
@click.option("--px-per-inch", type=FiniteFloatRange(1, 400), default=None,
              help="PNG of a table map: pixels per table inch (default 20).")
@click.option("--hex-size", default=None,
              help="PDF: distance between adjacent hex centres on paper, e.g. 16mm, 5/8in (default: manifest).")
@click.option("--paper", type=click.Choice(list(PAPER_SIZES_IN), case_sensitive=False), default=None,
              help="PDF paper (default: manifest print.paper, else letter).")
@click.option("--dpi", type=FiniteFloatRange(50, 1200), default=None, help="PDF raster resolution (default 300).")
@click.option("--margin", default=None, help="PDF page margin, e.g. 0.5in (default: manifest print.margin).")
@click.option("--overlap", default="0.5in", show_default=True, help="PDF: overlap between neighbouring tiles.")
@click.option("--orientation", type=click.Choice(["auto", "portrait", "landscape"]), default="auto",
              show_default=True, help="PDF page orientation (auto: whichever needs fewer pages).")
@click.option("--legend/--no-legend", default=None,
              help="Append a terrain legend (and scale bar) below the map (default: on; off for the PNG of a table "
                   "map). The PNG of a hex map is then the module's board image: the hexes at the top left, the legend "
                   "strip below them.")
@click.option("--numbers/--no-numbers", default=True, show_default=True, help="Hex numbers (hex maps).")
@click.option("--antialias", type=click.IntRange(1, 4), default=1, show_default=True,
              help="PNG of a hex map: draw N times larger and shrink, for smoother lines (N² memory).")
@click.option("--validate/--no-validate", default=False, show_default=True,
              help="Validate the game data first and refuse to draw invalid map data (counter and scenario errors "
                   "are warnings).")
@output_options
def command(manifest: Path, out: Path, map_id: str | None, fmt: str | None, hex_px: float | None,
            px_per_inch: float | None, hex_size: str | None, paper: str | None, dpi: float | None,
            margin: str | None, overlap: str, orientation: str, legend: bool | None, numbers: bool, antialias: int,
            validate: bool, quiet: bool, as_json: bool) -> None:
    """Render a map of the game at MANIFEST to OUT (PNG board image, print PDF or SVG)."""
    fmt = fmt or {".pdf": "pdf", ".svg": "svg"}.get(out.suffix.lower(), "png")
    # a print PDF takes seconds: say what is happening (a PNG is quick and stays silent)
    step = Steps(3 if validate else 2, hidden=quiet or as_json or fmt != "pdf")
    if validate:
        step("validating the map data")
        require_valid(manifest, NEEDS)  # counter and scenario errors are warnings here: the map does not read them
    with invalid_data_reported(manifest, NEEDS):
        step("loading the game")
        game = load_game(manifest, skip=("counters", "scenarios"))  # only the parts in NEEDS
        check_output(out, game)
        m = game.map(map_id)
        prn = game.manifest.get("print") or {}
        is_table = m.get("kind", "hex") == "table"
        if fmt == "pdf":
            step(f"drawing map {m['id']!r} and writing the pages of {out}")
            pages = render_map_pdf(
                game, m["id"], out, hex_size=hex_size or prn.get("hex_size", "16mm"),
                paper=(paper or prn.get("paper") or "letter").lower(), overlap=overlap,
                margin=margin or prn.get("margin", "0.5in"), dpi=dpi or _manifest_number(game, "print", "dpi", 300),
                legend=True if legend is None else legend, orientation=orientation,
                **({} if is_table else {"numbers": numbers}))
            done(f"wrote {out} ({pages} page{'s' if pages != 1 else ''})",
                 {"output": str(out), "map": m["id"], "format": "pdf", "pages": pages}, quiet=quiet, as_json=as_json)
            return
        if fmt == "svg":
            text = render_map_svg(game, m["id"], hex_size=hex_size or prn.get("hex_size", "16mm"),
                                  legend=True if legend is None else legend, px_per_inch=px_per_inch,
                                  **({} if is_table else {"numbers": numbers}))
            with atomic_path(out) as tmp:
                tmp.write_text(text, encoding="utf-8")
            done(f"wrote {out} (SVG, {len(text.encode()) / 1e6:.1f} MB)",
                 {"output": str(out), "map": m["id"], "format": "svg"}, quiet=quiet, as_json=as_json)
            return
        if is_table:
            opts = {"px_per_inch": px_per_inch or 20.0, "legend": bool(legend)}  # a table: off unless asked
            img = render_map(game, m["id"], **opts)
        else:
            px = hex_px or _manifest_number(game, "vassal", "hex_px", 100)
            if not 8 <= px <= 1000:
                raise DataError(f"{manifest}: vassal.hex_px {px} is out of range (8..1000)")
            # as the module's board (modgen build): the legend strip below the hexes unless --no-legend
            img = render_map(game, m["id"], px, legend=legend is not False, numbers=numbers, antialias=antialias)
        with atomic_path(out) as tmp:
            img.save(tmp, "PNG", optimize=False)
        done(f"wrote {out} ({img.width}×{img.height} px)",
             {"output": str(out), "map": m["id"], "format": "png", "width": img.width, "height": img.height},
             quiet=quiet, as_json=as_json)


def _manifest_number(game: Any, section: str, key: str, default: float) -> float:
    """The manifest's ``section.key`` as a number (``default`` when absent); a DataError naming it if it is not one.

    `modgen map` does not validate the game first, so a wrong type here must not become an internal error.
    """
    value = (game.manifest.get(section) or {}).get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise DataError(f"{game.path}: {section}.{key}: expected a number, got {value!r}")
    return float(value)
