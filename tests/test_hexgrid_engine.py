"""modgen.geometry.hexgrid against the real VASSAL engine (Vengine.jar 3.6.0): labels, label -> point, and snapping.

Runs tests/hexgrid_engine/GridProbe.java, which builds VASSAL's own HexGrid + HexGridNumbering from
``Grid.vassal_params`` on a board of the same size and answers locationName / getLocation / snapTo queries.
Needs the engine prepared by ``.ci/vassal-engine.sh`` (JDK + Vengine.jar); CI runs that script.
"""

from __future__ import annotations

import math
import random
import subprocess
from pathlib import Path

import pytest

from modgen.geometry.hexgrid import Grid, Numbering

REPO = Path(__file__).resolve().parent.parent
SOURCE = REPO / "tests" / "hexgrid_engine" / "GridProbe.java"

pytestmark = pytest.mark.engine


class Probe:
    def __init__(self, workdir: Path, cp: str) -> None:
        subprocess.run(["javac", "-nowarn", "-d", str(workdir), "-cp", cp, str(SOURCE)], check=True,
                       capture_output=True)
        quiet = workdir / "logback.xml"  # keep VASSAL's logging off stdout and out of the working tree
        quiet.write_text('<configuration><root level="OFF"/></configuration>\n')
        self.proc = subprocess.Popen(
            ["java", "-Djava.awt.headless=true", f"-Dlogback.configurationFile={quiet}",
             "-cp", f"{workdir}:{cp}", "GridProbe"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=workdir)

    def ask_many(self, lines: list[str]) -> list[str]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write("".join(line + "\n" for line in lines))
        self.proc.stdin.flush()
        out = []
        while len(out) < len(lines):
            reply = self.proc.stdout.readline()
            assert reply, "GridProbe exited"
            if reply[:2].isdigit() and "|-" in reply:  # logback status chatter, if any
                continue
            out.append(reply.rstrip("\n"))
        return out

    def load(self, grid: Grid, hex_px: float) -> None:
        p = grid.vassal_params(hex_px)
        fields = [f"{k}={_java(v)}" for k, v in p["HexGrid"].items() if k in ("x0", "y0", "dy", "dx", "sideways")]
        fields += [f"N:{k}={_java(v)}" for k, v in p["HexGridNumbering"].items()
                   if k in ("first", "sep", "hType", "vType", "hLeading", "vLeading", "hOff", "vOff", "hDescend",
                            "vDescend", "stagger")]
        assert self.ask_many(["\t".join(["GRID", str(p["board"]["width"]), str(p["board"]["height"]), *fields])]) \
            == ["OK"]

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def _java(v: object) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


@pytest.fixture(scope="module")
def probe(tmp_path_factory: pytest.TempPathFactory, engine_classpath: str):
    p = Probe(tmp_path_factory.mktemp("gridprobe"), engine_classpath)
    yield p
    p.close()


def minsk() -> Grid:
    return Grid.from_map({"grid": {"orientation": "flat", "columns": 50, "rows": 30, "numbering": {
        "first": "H", "sep": "", "h_type": "N", "v_type": "N", "h_leading": 1, "v_leading": 1, "h_off": 1,
        "v_off": 1, "h_descend": False, "v_descend": False, "stagger": False}}})


GRIDS = {
    "minsk": (minsk(), 100),
    "minsk-64": (minsk(), 64),
    "stagger": (Grid(9, 7, "flat", Numbering(h_off=1, v_off=1, stagger=True)), 137.5),
    "descending": (Grid(7, 6, "flat", Numbering(h_off=1, v_off=1, h_descend=True, v_descend=True)), 80),
    "alpha": (Grid(28, 30, "flat", Numbering(first="V", sep="-", v_type="A", h_leading=0, h_off=1)), 50),
    "pointy": (Grid(8, 6, "pointy", Numbering(h_off=1, v_off=1, v_descend=True)), 72),
    "pointy-stagger": (Grid(7, 5, "pointy", Numbering(sep=".", stagger=True, h_descend=True)), 90),
    "quirk": (Grid(4, 5, "flat", Numbering(sep="-", stagger=True, h_descend=True)), 100),
    "even": (Grid(9, 8, "flat", Numbering(v_off=1), offset="even"), 100),
    "pointy-even": (Grid(6, 7, "pointy", Numbering(h_off=1, stagger=True), offset="even"), 64),
}


@pytest.mark.parametrize("name", list(GRIDS))
def test_vassal_names_every_centre_with_our_label(probe: Probe, name: str) -> None:
    grid, px = GRIDS[name]
    probe.load(grid, px)
    cells = [(c, r) for c in range(grid.columns) for r in range(grid.rows)]
    centres = [grid.center_of(c, r, px) for c, r in cells]
    names = probe.ask_many([f"NAME\t{x}\t{y}" for x, y in centres])
    assert names == [grid.label(c, r) for c, r in cells]


@pytest.mark.parametrize("name", list(GRIDS))
def test_vassal_get_location_matches_port(probe: Probe, name: str) -> None:
    grid, px = GRIDS[name]
    probe.load(grid, px)
    labels = grid.labels()
    got = probe.ask_many([f"LOC\t{lab}" for lab in labels])
    ours = [grid.vassal_get_location(lab, px) for lab in labels]
    assert got == [f"{x},{y}" for x, y in ours]
    assert probe.ask_many(["LOC\tnot a hex"]) == ["BAD"]


def test_quirk_confirmed_by_the_engine(probe: Probe) -> None:
    grid, px = GRIDS["quirk"]
    assert grid.max_columns % 2 == 1 and not grid.vassal_round_trips()
    probe.load(grid, px)
    labels = grid.labels()
    points = probe.ask_many([f"LOC\t{lab}" for lab in labels])
    back = probe.ask_many([f"NAME\t{p.replace(',', chr(9))}" for p in points])
    assert back != labels  # VASSAL's own getLocation(locationName(centre)) does not come back
    assert all(grid.position(lab) == pos for lab, pos in zip(labels, ((c, r) for c in range(4) for r in range(5)),
                                                              strict=True))


def _snap_points(grid: Grid, px: float, seed: str) -> list[tuple[int, int]]:
    lay = grid.layout(px)
    rng = random.Random(seed)
    pts = [(rng.randrange(lay.width), rng.randrange(lay.height)) for _ in range(400)]
    # plus points right on hex edges and corners, where the hexagon test decides
    for col, row in ((1, 1), (2, 3), (0, 0)):
        for x, y in grid.corners(col, row, px):
            pts.append((int(x), int(y)))
        cx, cy = grid.center_of(col, row, px)
        pts += [(cx + int(px * 0.43), cy), (cx, cy + int(px / 2)), (cx - int(px * 0.5), cy - int(px * 0.25))]
    return pts


@pytest.mark.parametrize("name", ["minsk", "stagger", "pointy", "alpha", "even"])
def test_snap_matches_engine(probe: Probe, name: str) -> None:
    # The engine here is VASSAL 3.6.0, whose snapToHex uses rectangles only (hexX/hexY); current VASSAL adds the
    # hexagon test. Our legacy mode must equal 3.6.0 everywhere; both modes agree well inside every hex.
    grid, px = GRIDS[name]
    probe.load(grid, px)
    pts = _snap_points(grid, px, name)
    got = probe.ask_many([f"SNAP\t{x}\t{y}" for x, y in pts])
    legacy = [grid.snap_to_hex(x, y, px, legacy=True) for x, y in pts]
    mismatches = [(p, g, o) for p, g, o in zip(pts, got, legacy, strict=True) if g != f"{o[0]},{o[1]}"]
    assert not mismatches, mismatches[:5]
    for (x, y), g in zip(pts, got, strict=True):
        modern = grid.snap_to_hex(x, y, px)
        if math.dist(modern, (x, y)) < px * 0.4:  # inside the inscribed circle (0.433 px) with rounding room
            assert g == f"{modern[0]},{modern[1]}"


@pytest.mark.parametrize("name", ["minsk", "stagger", "pointy", "alpha"])
def test_modern_snap_is_the_nearest_centre(name: str) -> None:
    # Independent of VASSAL: the hexagon-based snap picks the nearest hex centre (up to integer rounding).
    grid, px = GRIDS[name]
    for x, y in _snap_points(grid, px, name + "!"):
        sx, sy = grid.snap_to_hex(x, y, px)
        nearest = min((grid.center_of(c, r, px) for c in range(-1, grid.columns + 1) for r in range(-1, grid.rows + 1)),
                      key=lambda p: math.dist(p, (x, y)))
        assert math.dist((sx, sy), (x, y)) <= math.dist(nearest, (x, y)) + 2.5  # VASSAL rounds hexagon corners
