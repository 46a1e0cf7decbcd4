"""Reading an existing module's buildFile for ``modgen import``: maps, boards and grids, prototypes, palette slots and
predefined set-ups, as plain records (:class:`ModuleFile`). Nothing here decides how they become game data
(:mod:`modgen.vassal.importer` does).

VASSAL 3.2–3.7 write the same element names (the Java class names); 3.2–3.4 call the entry ``buildFile``, 3.5+
``buildFile.xml``. Folders (3.7 ``…folder.*Folder``) and nested widgets are walked, so slots and prototypes are found at
any depth. The XML is parsed with entities, DTDs and network access off, and the buildFile size is capped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from modgen.errors import DataError
from modgen.vassal.archive import Archive

BUILDFILE_NAMES = ("buildFile.xml", "buildFile")
MAX_BUILDFILE = 64 * 1024 * 1024  # the largest real modules' buildFiles are a few MB
_MAP_TAGS = ("VASSAL.build.module.Map", "VASSAL.build.module.PrivateMap", "VASSAL.build.module.PlayerHand")


@dataclass
class BoardRec:
    """One Board of a map, with its grid (``kind``: hex, square, zoned, none) and the grid's raw attributes."""

    name: str
    image: str
    width: int
    height: int
    grid_kind: str = "none"
    grid: dict[str, str] = field(default_factory=dict)
    numbering: dict[str, str] = field(default_factory=dict)
    #: the bounds (x, y, width, height) of the ZonedGrid zone that holds the hex or square grid, None: the board's
    zone: tuple[int, int, int, int] | None = None


@dataclass
class MapRec:
    """One VASSAL map (its name is the map id pieces carry in saves) and its boards."""

    name: str
    edge_width: int
    edge_height: int
    boards: list[BoardRec] = field(default_factory=list)
    setup_stacks: int = 0


@dataclass
class SlotRec:
    """One PieceSlot: palette path (tab/list names, outermost first), name, gpid and definition text."""

    path: list[str]
    name: str
    gpid: str
    definition: str


@dataclass
class ModuleFile:
    """What the buildFile says, read but not interpreted."""

    name: str
    version: str
    vassal_version: str
    sides: list[str]
    maps: list[MapRec]
    prototypes: dict[str, str]
    slots: list[SlotRec]
    setups: list[tuple[str, str]]  # (menu name, archive entry)
    entry: str  # which buildFile entry was read


def _int(value: str | None, default: int = 0) -> int:
    try:
        return int(float(value)) if value not in (None, "") else default
    except ValueError:
        return default


def _short(tag: Any) -> str:
    return tag.rsplit(".", 1)[-1] if isinstance(tag, str) else ""


def parse_xml(data: bytes, where: str) -> etree._Element:
    """The buildFile's root element; one DataError line for anything that is not well-formed XML."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
                             remove_comments=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise DataError(f"{where}: not well-formed XML ({exc})") from None
    if root is None or not _short(root.tag).endswith("GameModule"):
        raise DataError(f"{where}: not a VASSAL buildFile (root element {getattr(root, 'tag', None)!r}, "
                        "expected VASSAL.build.GameModule)")
    return root


def read_buildfile(arc: Archive) -> ModuleFile:
    """Find and read the buildFile of the module *arc*."""
    entry = next((n for n in BUILDFILE_NAMES if arc.has(n)), None)
    if entry is None:
        raise DataError(f"{arc.name}: no buildFile.xml or buildFile entry; not a VASSAL module")
    root = parse_xml(arc.read(entry, max_size=MAX_BUILDFILE), f"{arc.name}: {entry}")
    sides = [(e.text or "").strip() for r in root.iter("VASSAL.build.module.PlayerRoster") for e in r
             if e.tag == "entry" and (e.text or "").strip()]
    maps = [_map(m) for m in root.iter(*_MAP_TAGS)]
    prototypes: dict[str, str] = {}
    for p in root.iter("VASSAL.build.module.PrototypeDefinition"):
        prototypes.setdefault(p.get("name", ""), (p.text or "").strip())
    slots: list[SlotRec] = []
    for window in root.iter("VASSAL.build.module.PieceWindow"):
        _walk_palette(window, [], slots)
    setups = [(s.get("name", ""), s.get("file", "")) for s in root.iter("VASSAL.build.module.PredefinedSetup")
              if s.get("useFile", "true") == "true" and s.get("isMenu", "false") != "true" and s.get("file")]
    return ModuleFile(name=root.get("name", ""), version=root.get("version", ""),
                      vassal_version=root.get("VassalVersion", ""), sides=sides, maps=maps, prototypes=prototypes,
                      slots=slots, setups=setups, entry=entry)


def _walk_palette(el: etree._Element, path: list[str], out: list[SlotRec]) -> None:
    for child in el:
        if not isinstance(child.tag, str):
            continue
        short = _short(child.tag)
        if short in ("PieceSlot", "CardSlot"):
            out.append(SlotRec(path, child.get("entryName", ""), child.get("gpid", ""), (child.text or "").strip()))
        else:
            name = child.get("entryName") or child.get("name") or ""
            _walk_palette(child, [*path, name] if name else path, out)


def _map(m: etree._Element) -> MapRec:
    rec = MapRec(name=m.get("mapName", ""), edge_width=_int(m.get("edgeWidth")),
                 edge_height=_int(m.get("edgeHeight")))
    rec.setup_stacks = sum(1 for _ in m.iter("VASSAL.build.module.map.SetupStack"))
    for b in m.iter("VASSAL.build.module.map.boardPicker.Board"):
        board = BoardRec(name=b.get("name", ""), image=b.get("image", ""), width=_int(b.get("width")),
                         height=_int(b.get("height")))
        for g in b:
            short = _short(g.tag)
            if short in ("HexGrid", "SquareGrid", "ZonedGrid"):
                board.grid_kind = {"HexGrid": "hex", "SquareGrid": "square", "ZonedGrid": "zoned"}[short]
                board.grid = dict(g.attrib)
                _numbering(g, board)
                if short == "ZonedGrid":
                    _zoned_hexes(g, board)
                break
        rec.boards.append(board)
    return rec


def _numbering(g: etree._Element, board: BoardRec) -> None:
    for n in g:
        if _short(n.tag) in ("HexGridNumbering", "SquareGridNumbering"):
            board.numbering = dict(n.attrib)


def _zoned_hexes(zoned: etree._Element, board: BoardRec) -> None:
    """A ZonedGrid whose first zone with a HexGrid or SquareGrid (a board with a legend strip outside its grid, as
    modgen writes it) is read as that grid, with the zone's bounds."""
    for z in zoned:
        if _short(z.tag) != "Zone" or not isinstance(z.tag, str):
            continue
        hexgrid = next((g for g in z if isinstance(g.tag, str) and _short(g.tag) in ("HexGrid", "SquareGrid")), None)
        bounds = _path_bounds(z.get("path", ""))
        if hexgrid is not None and bounds is not None:
            kind = "hex" if _short(hexgrid.tag) == "HexGrid" else "square"
            board.grid_kind, board.grid, board.zone = kind, dict(hexgrid.attrib), bounds
            _numbering(hexgrid, board)
            return


def _path_bounds(path: str) -> tuple[int, int, int, int] | None:
    """The bounding box (x, y, width, height) of a Zone's ``x,y;x,y;…`` polygon; None if it is malformed."""
    try:
        pts = [tuple(int(v) for v in p.split(",")) for p in path.split(";") if p.strip()]
    except ValueError:
        return None
    if len(pts) < 3 or any(len(p) != 2 for p in pts):
        return None
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)

