"""``modgen import``: an existing VASSAL module (hand-made or modgen's) → a modgen workspace, a binding file and an
import report (docs/vassal.md "Importing a module").

Maps with a HexGrid become hex maps and maps with a SquareGrid square maps (board image kept, grid and numbering such
that every label is the module's; the grid directly on the board or in a ZonedGrid zone), maps without a grid become
off-map boxes, palette slots become counters (faces = the images of their face layer),
predefined set-ups become scenarios. Whatever cannot be mapped is a line of the report, never a silent guess.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from modgen import atomic, images, inputs
from modgen.errors import DataError
from modgen.vassal import import_grid, import_pieces, import_square
from modgen.vassal import reader as R
from modgen.vassal.archive import Archive
from modgen.vassal.binding import binding_path
from modgen.vassal.import_read import ModuleFile, read_buildfile

REPORT_NAME = "import-report.txt"
_NOTE = "imported from VASSAL module {m!r}"


def slug(text: str, default: str = "x") -> str:
    """An id (letters, digits, ``_.-``, starting with a letter or digit) made from *text*."""
    s = re.sub(r"[^A-Za-z0-9_.\-]+", "_", text.strip()).strip("_.-").lower()
    return s if s and s[0].isalnum() else (default + ("_" + s if s else ""))


class _Ids:
    """Ids handed out so far. :meth:`unique` gives ``base``, else the first free ``base_2``, ``base_3``…; the search
    starts where the last one for ``base`` stopped (ids are never given back), so the n-th piece of one name costs
    one step, not n (20,000 pieces named alike took minutes)."""

    def __init__(self) -> None:
        self.taken: set[str] = set()
        self._next: dict[str, int] = {}

    def unique(self, base: str) -> str:
        out, n = base, self._next.get(base, 2)
        if out in self.taken:
            while f"{base}_{n}" in self.taken:
                n += 1
            out = f"{base}_{n}"
            self._next[base] = n + 1
        self.taken.add(out)
        return out


@dataclass
class ImportResult:
    """What ``import_module`` wrote and what it could not map."""

    manifest: Path
    report: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)

    def summary(self) -> str:
        """One line for stdout."""
        c = self.counts
        return (f"{self.manifest}: {c.get('maps', 0)} map(s), {c.get('counters', 0)} counter(s), "
                f"{c.get('scenarios', 0)} scenario(s), {len(self.report)} item(s) in {REPORT_NAME}")


class _Importer:
    def __init__(self, arc: Archive, mod: ModuleFile, out: Path, system: str, game_id: str) -> None:
        self.arc, self.mod, self.out, self.system, self.gid = arc, mod, out, system, game_id
        self.report: list[str] = []
        self.files: dict[Path, bytes] = {}
        self.maps: list[dict[str, Any]] = []
        # vassal map name -> (geometry, Grid or SquareGrid)
        self.geos: dict[str, tuple[import_grid.Geometry | import_square.SquareGeometry, Any]] = {}
        self.boxes: set[str] = set()
        self.counters: list[dict[str, Any]] = []
        self.binding: list[dict[str, Any]] = []
        self.slot_of: list[tuple[dict[str, Any], dict[str, Any]]] = []  # (counter, binding entry) per slot
        self.ids = _Ids()
        # palette slot lookups for set-up pieces (by gpid, by name and image, by name: the first slot of each)
        self._slots_by: tuple[dict[Any, Any], dict[Any, Any], dict[Any, Any]] | None = None
        self.side_ids = {s: slug(s, "side") for s in mod.sides}
        self.hex_px: int | None = None  # the first hex map's hex size, kept so a rebuild has the module's pixels

    # -- images --
    def _image(self, name: str, folder: str, what: str) -> tuple[str | None, tuple[int, int] | None]:
        """Copy ``images/<name>`` to ``<folder>/images/``; (relative path, size) or (None, None) with a report line."""
        if not name:
            return None, None
        entry = next((e for e in (f"images/{name}", name) if self.arc.has(e)), None)
        if entry is None:
            self.report.append(f"{what}: image {name!r} is not in the module; left without an image")
            return None, None
        data = self.arc.read(entry)
        where = f"{self.arc.name}: {entry}"
        try:
            # a pixel bomb is a LimitError (not a DataError): it stops the import with one line naming the image
            size = images.bytes_size(data, where)
        except DataError as exc:
            self.report.append(f"{what}: image {name!r} is not a readable image ({exc}); left without an image")
            return None, None
        rel = "images/" + "_".join(PurePosixPath(name).parts)
        self.files[self.out / folder / rel] = data
        return rel, size

    # -- maps --
    def maps_(self) -> None:
        taken = _Ids()
        for m in self.mod.maps:
            if not m.boards:
                self.report.append(f"map {m.name!r}: no board; not imported")
                continue
            hexboards = [b for b in m.boards if b.grid_kind in ("hex", "square")]
            if not hexboards:
                kinds = {b.grid_kind for b in m.boards} - {"none"}
                self.boxes.add(m.name)
                self.report.append(f"map {m.name!r}: no hex or square grid ({', '.join(sorted(kinds)) or 'no grid'}); "
                                   f"pieces on it become off-map box {m.name!r}")
                continue
            b = hexboards[0]
            if len(m.boards) > 1:
                self.report.append(f"map {m.name!r}: {len(m.boards)} boards; only board {b.name!r} is imported")
            mid = taken.unique(slug(m.name, "map"))
            rel, size = self._image(b.image, "maps", f"map {m.name!r}")
            w, h = b.width or (size or (0, 0))[0], b.height or (size or (0, 0))[1]
            if not w or not h:
                self.report.append(f"map {m.name!r}: board size unknown (no width/height, no image); not imported")
                continue
            infer = import_square.infer if b.grid_kind == "square" else import_grid.infer
            try:
                grid, geo, problems = infer(m.name, mid, (w, h), (m.edge_width, m.edge_height), b.grid,
                                            b.numbering, zone=b.zone)
            except ValueError as exc:
                self.report.append(f"map {m.name!r}: grid not imported ({exc})")
                continue
            self.report += problems
            self._hex_size(m.name, geo)
            from modgen.geometry.squaregrid import map_grid

            entry: dict[str, Any] = {"id": mid, "kind": b.grid_kind, "name": m.name, "grid": grid,
                                     "default_terrain": "clear"}
            if rel:
                entry["image"] = rel
            self.maps.append(entry)
            self.geos[m.name] = (geo, map_grid(entry))
            if m.setup_stacks:
                self.report.append(f"map {m.name!r}: {m.setup_stacks} at-start stack(s) (SetupStack) not imported; "
                                   "only predefined set-ups become scenarios")

    def _hex_size(self, name: str, geo: import_grid.Geometry | import_square.SquareGeometry) -> None:
        """Keep the hex (or cell) size for ``vassal.hex_px`` and report what a rebuild cannot reproduce."""
        if isinstance(geo, import_square.SquareGeometry):
            if abs(geo.dx - geo.dy) > 0.5:
                self.report.append(f"map {name!r}: cells are not square (dx={geo.dx:g}, dy={geo.dy:g}); modgen "
                                   "draws square cells of dy, so a rebuilt module's grid will not fit this board image "
                                   "(the binding keeps the module's own geometry for reading its logs)")
        elif abs(geo.dx - geo.dy * math.sqrt(3) / 2) > 0.5:
            self.report.append(f"map {name!r}: hexes are not regular (dx={geo.dx:g}, dy={geo.dy:g}); modgen draws "
                               "regular hexes, so a rebuilt module's grid will not fit this board image (the binding "
                               "keeps the module's own geometry for reading its logs)")
        if self.hex_px is not None:
            if abs(self.hex_px - geo.dy) > 0.5:
                self.report.append(f"map {name!r}: hex size {geo.dy:g} px differs from the first map's "
                                   f"{self.hex_px} px; a rebuild uses {self.hex_px} px for every map")
            return
        if 16 <= geo.dy <= 400 and abs(geo.dy - round(geo.dy)) < 1e-6:
            self.hex_px = round(geo.dy)
        else:
            self.report.append(f"map {name!r}: hex size {geo.dy:g} px is not a whole number of pixels in 16..400 "
                               "(vassal.hex_px); a rebuild uses modgen's default hex size")

    # -- counters --
    def counters_(self) -> None:
        keys = Counter((s.name, s.gpid) for s in self.mod.slots)
        infos = []
        for slot in self.mod.slots:
            where = f"piece {'/'.join([*slot.path, slot.name])!r}"
            try:
                info = import_pieces.interpret(slot.definition, self.mod.prototypes)
            except ValueError as exc:
                self.report.append(f"{where}: unreadable definition ({exc}); not imported")
                continue
            infos.append((slot, info, where))
        name_image = Counter((i.name, i.image) for _, i, _ in infos)
        for slot, info, where in infos:
            self.report += [f"{where}: {p}" for p in info.problems]
            side, how = import_pieces.side_of(info, slot.path, self.mod.sides)
            cid = self.ids.unique(slug(info.name or slot.name, "piece"))
            faces: dict[str, Any] = {}
            values = import_pieces.values_of(info.name or slot.name)
            for i, img in enumerate(info.face_images):
                fname = "front" if i == 0 else ("back" if i == 1 else f"face{i + 1}")
                face: dict[str, Any] = {"kind": "values", "values": values if i == 0 else {}}
                if i and img in info.mask_images:
                    face = {"kind": "untried"}  # a hidden side: masked again when the system masks untried faces
                rel, _ = self._image(img, "counters", f"{where} face {fname}")
                if rel:
                    face["image"] = rel
                faces[fname] = face
            rec: dict[str, Any] = {"id": cid, "kind": "unit" if side else "marker",
                                   "side": self.side_ids[side] if side else None,
                                   "designation": (info.name or slot.name)[:200], "faces": faces,
                                   "source": {"values": "imported", "note": _NOTE.format(m=self.mod.name)
                                              + f", palette {'/'.join(slot.path) or '(top)'}"}}
            if not side:
                self.report.append(f"{where}: no side in its palette list, prototypes, properties or name; "
                                   "imported as a marker (no side)")
            elif how == "heuristic":
                self.report.append(f"{where}: side {side!r} guessed from the piece's name/image (heuristic)")
            if values:
                rec["source"]["note"] += f"; values {values} parsed from the name"
            for ly in info.other_layers:
                self.report.append(f"{where}: layer {ly!r} is not a face (a marker layer); not imported")
            bind: dict[str, Any] = {"unit": cid, "name": info.name, "image": info.image}
            if name_image[info.name, info.image] > 1 and keys[slot.name, slot.gpid] == 1:
                bind["gpid"] = slot.gpid  # name and image do not tell these slots apart
            if info.face_layer:
                bind["face_layer"], bind["face_mode"] = info.face_layer, info.face_mode
            self.counters.append(rec)
            self.binding.append(bind)
            self.slot_of.append((rec, bind))

    # -- scenarios --
    def _locate(self, map_name: str | None, x: int, y: int) -> str | None:
        g = self.geos.get(map_name or "")
        return g[0].locate(g[1], x, y) if g else None

    def _slot_for(self, k: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The palette slot of a set-up piece: the first with its gpid, else with its name and image, else its name
        (indexed once: scanning every slot for every piece was quadratic)."""
        if self._slots_by is None:
            by_gpid: dict[Any, Any] = {}
            by_name_image: dict[Any, Any] = {}
            by_name: dict[Any, Any] = {}
            for pair in self.slot_of:
                if pair[1].get("gpid"):
                    by_gpid.setdefault(pair[1]["gpid"], pair)
                by_name_image.setdefault((pair[1]["name"], pair[1]["image"]), pair)
                by_name.setdefault(pair[1]["name"], pair)
            self._slots_by = by_gpid, by_name_image, by_name
        by_gpid, by_name_image, by_name = self._slots_by
        return ((by_gpid.get(k["gpid"]) if k["gpid"] else None) or by_name_image.get((k["name"], k["image"]))
                or by_name.get(k["name"]))

    def scenarios_(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        copies: dict[str, list[str]] = {}  # slot counter id -> its counter ids (copies for set-ups)
        taken = _Ids()
        for title, entry in self.mod.setups:
            where = f"set-up {title!r}"
            if not self.arc.has(entry):
                self.report.append(f"{where}: file {entry!r} is not in the module; not imported")
                continue
            col = _Collect()
            try:
                R.read(self.arc.read(entry), col, locator=self._locate, name=f"{self.arc.name}: {entry}")
            except DataError as exc:
                self.report.append(f"{where}: unreadable ({exc}); not imported")
                continue
            used: dict[str, int] = {}
            setup: list[dict[str, Any]] = []
            for p in col.pieces:
                k = import_pieces.keys_of(p.type, p.state)
                pair = self._slot_for(k)
                if pair is None:
                    self.report.append(f"{where}: piece {k['name']!r} matches no palette piece; not placed")
                    continue
                rec, bind = pair
                n = used[rec["id"]] = used.get(rec["id"], 0) + 1
                ids = copies.setdefault(rec["id"], [rec["id"]])
                while len(ids) < n:  # a second copy of one slot in this set-up: a unit of its own
                    cid = self.ids.unique(f"{rec['id']}.{len(ids) + 1}")
                    self.counters.append({**json.loads(json.dumps(rec)), "id": cid})
                    self.binding.append({**bind, "unit": cid})
                    ids.append(cid)
                unit = ids[n - 1]
                place: dict[str, Any] = {"unit": unit}
                loc = p.location
                if loc.hex:
                    place["hex"] = loc.hex
                elif loc.map in self.boxes:
                    place["off_map"] = loc.map
                else:
                    self.report.append(f"{where}: {k['name']!r} at {loc.map}@{loc.x},{loc.y} is on no hex of the "
                                       "imported grid and in no off-map box; not placed")
                    continue
                if bind.get("face_layer"):
                    idx = import_pieces_face(bind, k["layers"])
                    names = list(rec["faces"])
                    if idx and 1 < idx <= len(names):
                        place["face"] = names[idx - 1]
                if p.masked and len(rec["faces"]) > 1:  # masked: it shows its mask, the last face (import_pieces)
                    place["face"] = list(rec["faces"])[-1]
                setup.append(place)
            sid = taken.unique(slug(title, "scenario"))
            out.append({"id": sid, "game": self.gid, "title": title[:200] or sid, "map": self.maps[0]["id"],
                        "turns": {"count": 1, "source": {"values": "imported", "note": "the module does not say; "
                                                         "a placeholder for the designer to set"}},
                        "setup": setup})
            self.report.append(f"{where}: turns.count is a placeholder (1); the module does not give the game length")
        return out

    def manifest(self) -> dict[str, Any]:
        sides = [{"id": sid, "name": name} for name, sid in self.side_ids.items()]
        if not sides:
            sides = [{"id": "side", "name": "Side"}]
            self.report.append("the module has no PlayerRoster sides; one placeholder side 'side'")
        return {"id": self.gid, "title": self.mod.name or self.gid, "version": self.mod.version or "0.1.0",
                "system": self.system,
                "publisher_note": _NOTE.format(m=self.mod.name) + " by modgen import; see " + REPORT_NAME,
                "sides": sides,
                **({"vassal": {"hex_px": self.hex_px}} if self.hex_px else {}),
                "terrain": {"clear": {"name": "Clear", "kind": "hex", "color": "#e8e0b8"}},
                "files": {"counters": f"../counters/{self.gid}.json", "maps": [f"../maps/{self.gid}.json"],
                          "scenarios": []}}


def import_pieces_face(bind: dict[str, Any], layers: dict[str, Any]) -> int | None:
    """The face index a placed piece shows through its bound face layer."""
    from modgen.vassal.binding import face_index

    level = layers.get(bind["face_layer"])
    return face_index(bind.get("face_mode", "levels"), level) if isinstance(level, int) else None


class _Collect(R.Visitor):
    def __init__(self) -> None:
        self.pieces: list[R.Piece] = []

    def piece_added(self, piece: R.Piece, ctx: R.Context) -> None:
        self.pieces.append(piece)


def _dump(doc: Any) -> bytes:
    return (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def import_module(module: str | Path, out: str | Path, *, system: str = "efb",
                  game_id: str | None = None) -> ImportResult:
    """Import *module* into workspace *out*; nothing is written when the module cannot be read."""
    out = Path(out)
    fh = inputs.open_regular_file(module, str(module), noun="module")
    with Archive(fh, name=str(module)) as arc:
        mod = read_buildfile(arc)
        gid = game_id or slug(mod.name or Path(module).stem, "game")
        imp = _Importer(arc, mod, out, system, gid)
        imp.maps_()
        if not imp.maps:
            raise DataError(f"{module}: no map with a hex or square grid could be imported (see the problems: "
                            f"{'; '.join(imp.report[:3]) or 'no maps'})")
        imp.counters_()
        scenarios = imp.scenarios_()
        manifest = imp.manifest()
    existing = [p for p in (out / "games" / f"{gid}.json", binding_path(out, gid)) if p.exists()]
    if existing:
        raise DataError(f"refusing to overwrite existing file {existing[0]}")
    for sc in scenarios:
        manifest["files"]["scenarios"].append(f"../scenarios/{gid}/{sc['id']}.json")
        imp.files[out / "scenarios" / gid / f"{sc['id']}.json"] = _dump(sc)
    imp.files[out / "counters" / f"{gid}.json"] = _dump({"game": gid, "counters": imp.counters})
    imp.files[out / "maps" / f"{gid}.json"] = _dump({"game": gid, "maps": imp.maps})
    path = out / "games" / f"{gid}.json"
    imp.files[path] = _dump(manifest)
    imp.files[binding_path(out, gid)] = _dump({"module": mod.name, "game": gid,
                                               "maps": [g.to_dict() for g, _ in imp.geos.values()],
                                               "pieces": imp.binding})
    imp.files[out / REPORT_NAME] = ("".join(f"{line}\n" for line in imp.report) or "nothing to report\n").encode()
    for p, data in imp.files.items():
        p.parent.mkdir(parents=True, exist_ok=True)
        atomic.write_bytes(p, data)
    counts = {"maps": len(imp.maps), "counters": len(imp.counters), "scenarios": len(scenarios)}
    return ImportResult(path, imp.report, counts)
