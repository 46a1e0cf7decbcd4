"""Assemble a complete VASSAL module (.vmod) from a loaded game.

``build_module(game, out_path)`` renders the maps and counter faces, decides every piece (prototypes per unit class,
a Marker tying each piece to our data, a ``Face`` layer), writes buildFile.xml (:mod:`.buildfile`), one set-up
.vsav per scenario (:mod:`.setups`), the images, a generated splash, chart images, and zips it all atomically.
"""

from __future__ import annotations

import functools
import re
import time
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image

from modgen import atomic, inputs
from modgen.draw import boards, imagecache
from modgen.draw.counter_export import PNG_LEVEL, default_workers, render_pngs  # PNG_LEVEL: measured there
from modgen.errors import DataError
from modgen.vassal import bands, charts, chores, cups, piece_traits, setups, sidetracks, tracker, turntrack
from modgen.vassal import buildfile as bf
from modgen.vassal import presentation as pres
from modgen.vassal import traits as tr
from modgen.vassal.scale import DEFAULT_HEX_PX, DEFAULT_PX_PER_INCH, HOLDING_MAP, counter_size

#: ReportState format for flips; VASSAL puts "* " in front. $Face_Level$ is the Face layer's new level.
FLIP_REPORT = "$location$: $newPieceName$ flipped to face $Face_Level$"

RenderMap = Callable[[Any, str, float], Image.Image]
RenderFace = Callable[[Any, dict[str, Any], str, int], Image.Image]


@dataclass
class BuildStats:
    """What a build wrote, and how long the parts took (seconds)."""

    path: Path
    maps: int = 0
    slots: int = 0
    images: int = 0
    setups: int = 0
    bytes: int = 0
    min_text_px: float | None = None  # the smallest counter text at 100% zoom (markers left out), if measured
    cached: int = 0  # board and face images taken from the image cache (modgen.draw.imagecache) instead of drawn
    timings: dict[str, float] = field(default_factory=dict)


@dataclass
class _Piece:
    unit: dict[str, Any]
    faces: list[str]
    images: list[str]
    types: list[str]
    states: list[str]
    gpid: str
    width: int
    height: int
    plan: piece_traits.Plan | None = None


def safe_name(text: str) -> str:
    """A file-name-safe version of an id (VASSAL image names are bare archive names)."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("._") or "x"


def _png(img: Image.Image) -> bytes:
    return boards.png_bytes(img, PNG_LEVEL)


def _positive(value: Any, what: str) -> float:
    """``value`` as a positive number, or a DataError naming ``what``."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise DataError(f"{what}: expected a number, got {value!r}") from None
    if not number > 0 or number == float("inf"):
        raise DataError(f"{what}: must be a positive number, got {value!r}")
    return number


def _default_renderers() -> tuple[RenderMap, RenderFace, Callable[[dict[str, Any]], list[str]]]:
    from modgen.draw import counters

    return boards.board_image, counters.render_face, counters.faces_of


class _Builder:
    def __init__(self, game: Any, hex_px: float | None, render_map: RenderMap, render_face: RenderFace,
                 faces_of: Callable[[dict[str, Any]], list[str]], workers: int | None = None) -> None:
        self.game = game
        self.workers = workers
        vassal_opts = game.manifest.get("vassal") or {}
        self.hex_px = _positive(hex_px or vassal_opts.get("hex_px") or DEFAULT_HEX_PX, f"{game.path}: vassal.hex_px")
        self.px_per_inch = _positive(vassal_opts.get("px_per_inch") or DEFAULT_PX_PER_INCH,
                                     f"{game.path}: vassal.px_per_inch")
        if not game.maps:
            raise DataError(f"{game.path}: the game has no maps, so there is nothing to put pieces on")
        self.render_map, self.render_face, self.faces_of = render_map, render_face, faces_of
        self.files: dict[str, bytes] = {}
        self.grids: dict[str, Any] = {}
        self.boards: list[bf.BoardSpec] = []
        self.pieces: dict[str, _Piece] = {}
        self.prototypes: dict[str, tuple[list[str], list[str]]] = {}
        self.timings: dict[str, float] = {}
        self.min_text_px: float | None = None
        self.unit_faces: list[tuple[dict[str, Any], list[str]]] = []  # set by start_faces
        self.rendered: Iterator[tuple[tuple[int, int], bytes]] = iter(())  # (size, PNG) per face
        self.board_images: Iterator[tuple[tuple[int, int], bytes]] = iter(())  # (size, PNG) per map, set by start_maps
        self.from_cache = 0
        self.board_procs = 0  # processes drawing boards in the background (start_maps)
        hex_maps = [m for m in game.maps if m.get("kind", "hex") == "hex"]
        self.rot_angles = self._rotation_steps(game, hex_maps)
        grid_maps = [m for m in game.maps if m.get("kind", "hex") in ("hex", "square")]  # counters fit a cell
        self.counter_px = int(_positive(counter_size(vassal_opts, self.hex_px, self.px_per_inch, bool(grid_maps)),
                                        f"{game.path}: vassal.counter_px"))

    @functools.cached_property
    def cache(self) -> imagecache.ImageCache:
        """The image cache of this game's default board and face images."""
        return imagecache.ImageCache(self.game, PNG_LEVEL)

    @staticmethod
    def _rotation_steps(game: Any, hex_maps: list[dict[str, Any]]) -> int | None:
        """Facings the pieces can take, if any scenario gives units a facing: free on a table, 6 on flat-topped
        hexes (hexside facings), 12 on pointy-topped ones (30 + 60k); None when no scenario uses facings."""
        if not any("facing" in e for sc in game.scenarios.values() for e in sc.get("setup") or []):
            return None
        if len(hex_maps) < len(game.maps):
            return 1
        if any((m.get("grid") or {}).get("orientation") == "pointy" for m in hex_maps):
            return 12
        return 6

    # -- maps --------------------------------------------------------------------------------------------------
    def start_maps(self) -> None:
        """Start drawing the boards: the default boards of a big game in a process of their own (they draw while the
        faces render in theirs), any other board here as :meth:`maps` reads it."""
        from modgen.geometry.squaregrid import map_grid

        jobs = []
        for m in self.game.maps:
            self.files[f"images/map_{safe_name(m['id'])}.png"] = b""  # its place among the files (filled by maps)
            if m.get("kind", "hex") in ("hex", "square"):  # a square map: SquareGrid at hex_px per cell side
                self.grids[m["id"]] = map_grid(m)
                jobs.append((m["id"], self.hex_px))
            else:
                jobs.append((m["id"], self.px_per_inch))
        if self.render_map is boards.board_image:
            workers = self.workers or default_workers()

            def draw(todo: list[int]) -> Iterator[tuple[tuple[int, int], bytes]]:
                area = sum(boards.board_area(self.game.map(jobs[i][0]), jobs[i][1]) for i in todo)
                background = workers > 1 and area >= boards.BACKGROUND_MPX * 1e6
                tasks = sum(boards.bands_of(self.game.map(jobs[i][0]), jobs[i][1], workers) for i in todo)
                self.board_procs = min(workers, tasks) if background else 0
                return boards.board_pngs(self.game, [jobs[i] for i in todo], PNG_LEVEL, processes=workers,
                                         background=background)

            keys = [self.cache.board_key(m, px) for m, (_, px) in zip(self.game.maps, jobs, strict=True)]
            hits, self.board_images = imagecache.cached_pngs(self.cache, keys, draw)
            self.from_cache += hits
        else:
            self.board_images = ((img.size, _png(img))
                                 for img in (self.render_map(self.game, map_id, px) for map_id, px in jobs))

    def maps(self) -> None:
        for m, (size, data) in zip(self.game.maps, self.board_images, strict=True):
            map_id = m["id"]
            image = f"map_{safe_name(map_id)}.png"
            if map_id in self.grids:
                grid = self.grids[map_id]
                params = grid.vassal_params(self.hex_px)
                tag = "SquareGrid" if grid.kind == "square" else "HexGrid"
                w, h = params["board"]["width"], params["board"]["height"]
                if size[0] != w or size[1] < h:  # taller: a legend strip below the hexes
                    raise DataError(f"map {map_id!r}: rendered image is {size[0]}x{size[1]} px, the grid "
                                    f"needs {w}x{h} px")
                spec = bf.BoardSpec(map_id, m.get("name", map_id), image, w, size[1], hexgrid=params[tag],
                                    numbering=params[tag + "Numbering"], hex_area=(w, h), grid_kind=grid.kind)
            else:
                w, h = size
                spec = bf.BoardSpec(map_id, m.get("name", map_id), image, w, h, range_scale=self.px_per_inch,
                                    range_unit="in")
            spec.by_button = bool(self.boards)  # the first game map docks into the main window
            self.files["images/" + image] = data
            self.boards.append(spec)

    # -- pieces ------------------------------------------------------------------------------------------------
    def _prototype(self, unit: dict[str, Any]) -> str:
        name = f"mg {unit.get('class') or unit.get('kind', 'unit')}"
        if name not in self.prototypes:
            types = [tr.report_state([tr.FLIP_KEY], FLIP_REPORT, "Report flips"),
                     tr.report_state([tr.DELETE_KEY], piece_traits.DELETE_REPORT, "Report deletions"),
                     tr.delete(), tr.basic_piece("", "")]
            self.prototypes[name] = (types, ["-1", "", "", tr.basic_piece_state()])
        return name

    def start_faces(self) -> None:
        """Start rendering every counter face: modgen.draw.counters' renderer over the CPU cores (its processes work
        while the maps are drawn here), an injected renderer in this process as the images are read."""
        from modgen.draw import counters

        self.unit_faces = [(unit, self.faces_of(unit)) for unit in self.game.units]
        wanted = [(unit, face) for unit, faces in self.unit_faces for face in faces]
        if self.render_face is not counters.render_face:
            self.rendered = ((img.size, _png(img)) for img in (self.render_face(self.game, unit, face, self.counter_px)
                                                               for unit, face in wanted))
            return
        pairs = [(unit["id"], face) for unit, face in wanted]

        # the cores the boards' processes do not take; one left means here, while the boards draw (see build_module)
        workers = max(1, (self.workers or default_workers()) - self.board_procs)

        def draw(todo: list[int]) -> Iterator[tuple[tuple[int, int], bytes]]:
            # the workers encode the PNGs too (at _png's settings: the same bytes), so the faces scale with the cores
            return ((size, data) for _u, _f, size, data in render_pngs(self.game, [pairs[i] for i in todo],
                                                                        self.counter_px, workers=workers,
                                                                        level=PNG_LEVEL))

        keys = [self.cache.face_key(unit, face, self.counter_px) for unit, face in wanted]
        hits, self.rendered = imagecache.cached_pngs(self.cache, keys, draw)
        self.from_cache += hits

    def pieces_for_units(self) -> None:
        gpid = 1
        manifest_id = self.game.id
        rendered = self.rendered
        system = self.game.rule_system()
        man = self.game.manifest
        side_names = {s["id"]: s.get("name", s["id"]) for s in man.get("sides") or []}
        restrict = piece_traits.restricted_access(man)
        for unit, faces in self.unit_faces:
            images, sizes = [], []
            for face in faces:
                size, data = next(rendered)
                name = self._unique_image(f"{safe_name(unit['id'])}__{safe_name(face)}")
                self.files["images/" + name] = data
                images.append(name)
                sizes.append(size)
            props = {"mg_unit": unit["id"], "mg_game": manifest_id, "mg_side": unit.get("side") or "",
                     "mg_formation": unit.get("formation") or "", "mg_class": unit.get("class") or ""}
            front = (unit.get("faces") or {}).get("front") or {}
            for k, v in (front.get("values") or {}).items():
                props[f"mg_v_{k}"] = "" if v is None else str(v)
            try:
                mark_t, mark_s = tr.marker(props)
            except ValueError as exc:
                where = self.game.files.get("counters", self.game.path)
                raise DataError(f"{where}: unit {unit['id']!r}: {exc}") from None
            plan = piece_traits.plan_for(unit, faces, system, side_names, restrict)
            step_images = [self._step_image(unit, v, sizes[0]) for v in plan.step_track or []]
            outer_t, outer_s, inner_t, inner_s = piece_traits.traits_for(plan, dict(zip(faces, images, strict=True)),
                                                                         step_images, restrict)
            k = 1 if restrict and plan.owner else 0  # Restricted Access outermost, so it guards every command
            types = [*outer_t[:k], tr.use_prototype(self._prototype(unit)), *outer_t[k:], mark_t, *inner_t]
            states = [*outer_s[:k], "", *outer_s[k:], mark_s, *inner_s]
            if self.rot_angles and unit.get("kind", "unit") != "marker":
                types.append(tr.rotator(self.rot_angles))
                states.append(tr.rotator_state(0, self.rot_angles))
            if len(plan.flip_faces) > 1:
                types.append(tr.layer(tr.FACE_LAYER, [images[faces.index(f)] for f in plan.flip_faces]))
                states.append(tr.layer_state(1))
            label = unit.get("designation") or unit["id"]
            types.append(tr.basic_piece(images[0], label))
            states.append(tr.basic_piece_state(gpid=str(gpid)))
            w, h = sizes[0]  # the piece's size is its first face's
            self.pieces[unit["id"]] = _Piece(unit, faces, images, types, states, str(gpid), w, h, plan)
            gpid += 1
        self.next_gpid = gpid
        self.place_markers(system)

    def place_markers(self, system: Any) -> None:
        """The Place-marker commands (:mod:`.piece_traits`): each unit's piece gets, after its prototype, a ReportState
        and a Place Marker trait per marker its rule system puts on it, pointing at the marker's palette slot."""
        keys = piece_traits.marker_keys([p.unit for p in self.pieces.values()], system)
        if not keys:
            return
        slot_of = {uid: self.pieces[rep["id"]].gpid for rep, ids in
                   pres.distinct_counters(p.unit for p in self.pieces.values()) for uid in ids}
        paths = piece_traits.slot_paths(self.palette(), {slot_of[c] for c in keys})
        specs = {c: paths[slot_of[c]] for c in keys}
        names = {c: str(self.pieces[c].unit.get("designation") or self.pieces[c].unit.get("name") or c) for c in keys}
        for p in self.pieces.values():
            placings = piece_traits.placings_for(p.unit, system, keys)
            if not placings:
                continue
            types, states = piece_traits.place_traits(placings, specs, names, self.next_gpid)
            self.next_gpid += len(placings)  # each trait's own gpid, beside the slots' (VASSAL's GpIdChecker)
            at = p.types.index(tr.use_prototype(self._prototype(p.unit))) + 1
            p.types[at:at] = types
            p.states[at:at] = states

    def _step_image(self, unit: dict[str, Any], value: Any, size: tuple[int, int]) -> str:
        """The badge image showing a step's strength ``value`` (one image per distinct value and size)."""
        name = f"step_{safe_name(str(value))}_{size[0]}x{size[1]}.png"
        if "images/" + name not in self.files:
            self.files["images/" + name] = _png(piece_traits.step_badge(str(value), size))
        return name

    def _unique_image(self, stem: str) -> str:
        """An image name not used yet (ids that differ only in unsafe characters map to the same stem)."""
        name, n = f"{stem}.png", 1
        while "images/" + name in self.files:
            n += 1
            name = f"{stem}_{n}.png"
        return name

    def palette(self) -> list[bf.ListSpec]:
        """One tab per side, in it one tab per formation holding its counters as a grid (a PanelWidget), plus a
        "Markers" tab; one slot per distinct counter record (:func:`.presentation.distinct_counters`)."""
        man = self.game.manifest
        formations = {f["id"]: f for f in man.get("formations") or []}
        distinct = [self.pieces[u["id"]] for u, _ids in pres.distinct_counters(p.unit for p in self.pieces.values())]
        names = pres.slot_names([p.unit for p in distinct])

        def grid(name: str, pieces: list[_Piece]) -> bf.ListSpec:
            return bf.ListSpec(name, slots=[self._slot(p, names) for p in pieces], kind="panel",
                               columns=min(pres.PALETTE_COLUMNS, max(1, len(pieces))))

        tabs: list[bf.ListSpec] = []
        for side in man.get("sides") or []:
            by_formation: dict[str, list[_Piece]] = {}
            for p in distinct:
                if p.unit.get("side") == side["id"]:
                    by_formation.setdefault(p.unit.get("formation") or "", []).append(p)
            tab = bf.ListSpec(side.get("name", side["id"]), kind="tabs")
            for fid, pieces in by_formation.items():
                tab.children.append(grid(formations.get(fid, {}).get("name") or fid or "Other", pieces))
            tabs.append(tab)
        sides = {s["id"] for s in man.get("sides") or []}
        rest = [p for p in distinct if p.unit.get("side") not in sides]
        if rest:
            tabs.append(grid("Markers", rest))
        return tabs

    @staticmethod
    def _slot(p: _Piece, names: dict[str, str]) -> bf.SlotSpec:
        return bf.SlotSpec(names[p.unit["id"]], p.gpid, tr.piece_definition(p.types, p.states), p.width, p.height)

    def help_files(self) -> list[tuple[str, str]]:
        """The Help menu's HTML pages: the game's rules text (manifest ``files.rules_text``) and each scenario's
        notes; the pages are written to ``help/``."""
        out: list[tuple[str, str]] = []
        ref = (self.game.manifest.get("files") or {}).get("rules_text")
        title = str(self.game.manifest.get("title", self.game.id))
        if ref:
            path = self.game.resolve(ref)  # confined to the workspace
            if not path.exists():
                raise DataError(f"{self.game.path}: rules_text {ref!r} not found")
            raw = inputs.read_regular(path, f"{self.game.path}: rules_text {ref!r}")
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise DataError(f"{self.game.path}: rules_text {ref!r} is not UTF-8 text") from None
            self.files["help/rules.html"] = pres.text_as_html(f"{title}: rules", text).encode("utf-8")
            out.append(("Rules (text)", "help/rules.html"))
        for sid, scen in self.game.scenarios.items():
            entry = f"help/scenario_{safe_name(sid)}.html"
            self.files[entry] = pres.scenario_html(self.game, scen).encode("utf-8")
            out.append((f"Scenario: {scen.get('title', sid)}", entry))
        return out

    def zoom_start(self) -> int:
        """The main maps' opening zoom: legible counter text (:func:`.presentation.zoom_start`), measured on the
        counters as modgen draws them (an injected renderer: 100%)."""
        from modgen.draw import counters

        if self.render_face is not counters.render_face:
            return pres.zoom_start(None)
        units = [u for u, _ids in pres.distinct_counters(self.game.units)]
        self.min_text_px = pres.smallest_text_px(self.game, units, self.counter_px, self.faces_of)
        return pres.zoom_start(self.min_text_px)

    # -- scenarios ---------------------------------------------------------------------------------------------
    def _scenario_where(self, scenario: dict[str, Any]) -> str:
        """The scenario's file (for error messages), else its id."""
        for i, sc in enumerate(self.game.scenarios.values()):
            if sc is scenario and f"scenarios[{i}]" in self.game.files:
                return str(self.game.files[f"scenarios[{i}]"])
        return f"scenario {scenario.get('id', '?')!r}"

    def placements(self, scenario: dict[str, Any]) -> tuple[list[setups.Placement],
                                                            dict[str, list[dict[str, Any]]]]:
        """Where each setup unit goes; also the off-map setup entries by holding box, and the units still to arrive
        (``reinforcements`` not in ``setup``) by their arrival's band (:mod:`.bands`)."""
        out: list[setups.Placement] = []
        held: dict[str, list[dict[str, Any]]] = {}
        sid = self._scenario_where(scenario)
        waits = bands.waiting(self.game, scenario)
        arrival = dict(waits)
        for i, entry in enumerate(scenario.get("setup") or []):
            uid = entry.get("unit")
            if uid not in self.pieces:
                raise DataError(f"{sid}: /setup/{i}: unknown unit {uid!r}")
            p = self.pieces[uid]
            face = entry.get("face") or "front"
            if face not in p.faces:
                raise DataError(f"{sid}: /setup/{i}: unit {uid!r} has no face {face!r}")
            if entry.get("off_map"):
                # a scheduled unit set aside off the map waits in its arrival's box, with the set-up's face
                held.setdefault(arrival.pop(uid, entry["off_map"]), []).append(entry)
                continue
            map_id = entry.get("map") or scenario.get("map") or self.game.maps[0]["id"]
            if "hex" in entry:
                grid = self.grids.get(map_id)
                if grid is None or entry["hex"] not in grid:
                    raise DataError(f"{sid}: /setup/{i}: no hex {entry['hex']!r} on map {map_id!r}")
                x, y = grid.center_px(entry["hex"], self.hex_px)
            elif "pos" in entry:
                x, y = (round(entry["pos"][0] * self.px_per_inch), round(entry["pos"][1] * self.px_per_inch))
            else:
                raise DataError(f"{sid}: /setup/{i}: needs hex, pos or off_map")
            out.append(self._placement(p, face, map_id, x, y, entry.get("facing")))
        for uid, band in waits:
            if uid not in arrival:
                continue  # set up in its box above
            if uid not in self.pieces:
                raise DataError(f"{sid}: /reinforcements: unknown unit {uid!r}")
            # the schedule gives no face: a waiting unit shows its first face, as in the palette
            p = self.pieces[uid]
            held.setdefault(band, []).append({"unit": uid, "face": p.plan.initial_face if p.plan else p.faces[0]})
        return out, held

    def _placement(self, p: _Piece, face: str, map_id: str, x: int, y: int,
                   facing: float | None = None) -> setups.Placement:
        types, states = setups.expand_prototypes(p.types, p.states, self.prototypes)
        states = list(states)
        kinds = [tr.trait_kind(t) for t in types]
        if facing is not None and "rotate" in kinds and self.rot_angles:
            states[kinds.index("rotate")] = tr.rotator_state(facing, self.rot_angles)
        plan = p.plan or piece_traits.Plan(list(p.faces))
        layers = {tr.parse_trait(t).extra.get("name"): i for i, t in enumerate(types) if tr.trait_kind(t) == "emb2"}
        if face in plan.flip_faces and tr.FACE_LAYER in layers:
            states[layers[tr.FACE_LAYER]] = tr.layer_state(plan.flip_faces.index(face) + 1)
        if plan.step_face and face == plan.step_face and piece_traits.STEP_LAYER in layers:
            states[layers[piece_traits.STEP_LAYER]] = tr.layer_state(2)
        if "obs" in kinds:  # masked while the scenario shows the hidden face, revealed otherwise
            states[kinds.index("obs")] = tr.obscurable_state(plan.owner if face == plan.masked_face else None)
        return setups.Placement(types, states, map_id, x, y, p.gpid)

    def holding_board(self, boxes: list[bands.Band]) -> bf.BoardSpec:
        """A grid-less board with one zone per off-map box; returns its spec and writes its image."""
        from modgen.vassal import holding

        spec, img, self.holding_slots = holding.board(HOLDING_MAP, boxes, self.counter_px)
        self.files["images/" + spec.image] = _png(img)
        return spec

    # -- whole module ------------------------------------------------------------------------------------------
    def spec(self) -> bf.ModuleSpec:
        man = self.game.manifest
        scen_specs: list[tuple[str, str]] = []
        all_held: dict[str, dict[str, list[dict[str, Any]]]] = {}
        scen_placements: dict[str, list[setups.Placement]] = {}
        for sid, scen in self.game.scenarios.items():
            placed, held = self.placements(scen)
            scen_placements[sid] = placed
            all_held[sid] = held
        boxes = bands.holding_boxes(self.game)  # the adapter reads positions back with the same list
        assert {box for held in all_held.values() for box in held} <= {b.id for b in boxes}
        if boxes:
            self.boards.append(self.holding_board(boxes))
        tracks = self.turn_tracks()
        name = man.get("title", self.game.id)
        version = str(man.get("version", "0.1.0"))
        md = bf.metadata_bytes(name, version, man.get("description", ""))
        deck_specs = self.cup_decks(all_held)
        for sid, scen in self.game.scenarios.items():
            placed = scen_placements[sid]
            decks = []
            for box, entries in all_held[sid].items():
                slots = self.holding_slots[box]
                boxed = [e for e in entries if self._cup(e["unit"]) is None]
                skip = 1 if any(d[0] == box for d in deck_specs.values()) else 0  # slot 0 holds the cup
                for k, entry in enumerate(boxed):
                    x, y = slots[(k + skip) % len(slots)]  # more units than slots: they stack
                    placed.append(self._placement(self.pieces[entry["unit"]], entry.get("face") or "front",
                                                  HOLDING_MAP, x, y))
                for name, (cup_box, deck) in deck_specs.items():
                    cards = [e for e in entries if self._cup(e["unit"]) == name]
                    if cup_box != box or not cards:
                        continue
                    d = cups.DeckSpec(deck.name, deck.map_id, deck.x, deck.y, deck.width, deck.height,
                                      list(range(len(placed), len(placed) + len(cards))))
                    placed += [self._placement(self.pieces[e["unit"]], e.get("face") or "front", HOLDING_MAP,
                                               d.x, d.y)
                               for e in cards]
                    decks.append(d)
            placed += [self.track_markers[t.map_id] for t in tracks if sid in t.tracker.scenarios]
            text = setups.saved_game_text(placed, [b.map_id for b in self.boards], decks)
            entry_name = f"{safe_name(sid)}.vsav"
            sd = bf.metadata_bytes(name, version, scen.get("title", sid), with_name=False)
            self.files[entry_name] = setups.vsav_bytes(text, sd, md)
            scen_specs.append((scen.get("title", sid), entry_name))
        sides = [s.get("name", s["id"]) for s in man.get("sides") or []]
        splash = "mg_splash.png"
        blurb = man.get("description") or man.get("publisher_note") or ""
        self.files["images/" + splash] = _png(charts.splash(name, f"Version {version}. {blurb}", sides))
        chart_specs = []
        for title, img in charts.table_images(man):
            fname = self._unique_image(f"chart_{safe_name(title)}")
            self.files["images/" + fname] = _png(img)
            chart_specs.append((title, fname))
        rules_pdf = None
        pdf_ref = (man.get("files") or {}).get("rules_pdf")
        if pdf_ref:
            pdf_path = self.game.resolve(pdf_ref)  # confined to the workspace: never /etc/shadow
            if not pdf_path.exists():
                raise DataError(f"{self.game.path}: rules_pdf {pdf_ref!r} not found")
            rules_pdf = "help/rules.pdf"
            self.files[rules_pdf] = inputs.read_regular(pdf_path, f"{self.game.path}: rules_pdf {pdf_ref!r}")
        proto_defs = [(n, tr.piece_definition(t, s)) for n, (t, s) in self.prototypes.items()]
        zoom = self.zoom_start()
        for board in self.boards:
            if not board.launch:
                board.zoom_start = zoom
        return bf.ModuleSpec(
            name=name, version=version, description=man.get("description", ""), sides=sides, boards=self.boards,
            prototypes=proto_defs, palette=self.palette(), next_gpid=self.next_gpid, splash=splash,
            rules_pdf=rules_pdf, dice=[bf.DiceSpec(d.name, d.count, d.sides, prompt=d.prompt)
                                        for d in self.game.rule_system().dice],
            turn_trackers=self.turn_trackers(), chores=[*chores.chore_specs(self.game),
                                                        *(turntrack.move_command(t) for t in tracks)],
            turn_hotkeys={t.tracker.name: t.fire_key for t in tracks}, charts=chart_specs,
            setups=scen_specs, help_files=self.help_files(),
            properties=self.track_properties())

    def _cup(self, uid: str) -> str | None:
        return self.game.rule_system().cup(self.pieces[uid].unit)

    def cup_decks(self, all_held: dict[str, dict[str, list[dict[str, Any]]]]) -> dict[str, tuple[str, cups.DeckSpec]]:
        """One DrawPile per cup the rule system names (:mod:`.cups`), in the first slot of the holding box the
        scenarios set its counters up in; added to the holding board. By cup name: (box id, deck)."""
        out: dict[str, tuple[str, cups.DeckSpec]] = {}
        for held in all_held.values():
            for box, entries in held.items():
                for e in entries:
                    name = self._cup(e["unit"])
                    if name is None or name in out:
                        continue
                    x, y = self.holding_slots[box][0]
                    p = self.pieces[e["unit"]]
                    out[name] = (box, cups.DeckSpec(name, HOLDING_MAP, x, y, p.width, p.height))
        holding_board = next((b for b in self.boards if b.map_id == HOLDING_MAP), None)
        if holding_board is not None:
            holding_board.decks = [cups.drawpile_attrs(d) for _box, d in out.values()]
        return out

    def track_properties(self) -> list[bf.PropertySpec]:
        """The plugin's per-side tracks as global properties (:mod:`.sidetracks`; the adapter decodes the same)."""
        prefix = self.game.rule_system().rule_prefix
        return [bf.PropertySpec(t.name, t.label, t.start, t.minimum, t.maximum,
                                f"{t.label} ({prefix} {t.track.rule})" if t.track.rule else t.label)
                for t in sidetracks.side_tracks(self.game)]

    def turn_tracks(self) -> list[turntrack.Track]:
        """The turn record tracks (:mod:`.turntrack`): their boards and images, and each one's marker on turn 1
        (``track_markers``, by map id) for the set-ups of its tracker's scenarios."""
        tracks = turntrack.tracks(self.game, self.counter_px)
        self.track_markers: dict[str, setups.Placement] = {}
        for t in tracks:
            spec = turntrack.board_spec(t)
            self.boards.append(spec)
            self.files["images/" + spec.image] = _png(turntrack.board_image(t))
            self.files["images/" + t.marker_image] = _png(turntrack.marker_image(self.counter_px))
            types, states = turntrack.marker_traits(t, self.game.id)
            x, y = t.centre(1)
            self.track_markers[t.map_id] = setups.Placement(types, states, t.map_id, x, y, str(self.next_gpid))
            self.next_gpid += 1
        return tracks

    def turn_trackers(self) -> list[tuple[str, list[tuple[str, list[str]]]]]:
        """The turn trackers (name, list levels), as :mod:`modgen.vassal.tracker` defines them (the adapter decodes
        the same definition)."""
        return [(t.name, t.levels()) for t in tracker.trackers_for(self.game)]


def build_module(game: Any, out_path: str | Path, hex_px: float | None = None, *,
                 render_map: RenderMap | None = None, render_face: RenderFace | None = None,
                 faces_of: Callable[[dict[str, Any]], list[str]] | None = None,
                 workers: int | None = None) -> BuildStats:
    """Write a complete .vmod for ``game`` to ``out_path`` (atomically) and say what was written.

    ``render_map``/``render_face``/``faces_of`` default to :mod:`modgen.draw.boards` and :mod:`modgen.draw.counters`.
    With the defaults, a big game's boards draw in processes of their own and the faces in the ``workers`` processes
    left (default: one per CPU core, see :mod:`modgen.draw.counter_export`), and images unchanged since an earlier
    build come from the image cache (:mod:`modgen.draw.imagecache`); any other renderer runs in this process. Every
    way writes the same bytes.
    Raises DataError for data the module cannot be built from; ``out_path`` is then left untouched.
    """
    if render_map is None or render_face is None or faces_of is None:
        d_map, d_face, d_faces = _default_renderers()
        render_map, render_face, faces_of = render_map or d_map, render_face or d_face, faces_of or d_faces
    b = _Builder(game, hex_px, render_map, render_face, faces_of, workers)
    t0 = time.perf_counter()
    b.start_maps()
    b.start_faces()
    # the pieces (and faces drawn here) first: while they are made, the boards draw in their own processes
    b.pieces_for_units()
    t1 = time.perf_counter()
    b.maps()
    t2 = time.perf_counter()
    spec = b.spec()
    xml = bf.buildfile_bytes(spec)
    md = bf.metadata_bytes(spec.name, spec.version, spec.description)
    t3 = time.perf_counter()
    out_path = Path(out_path)
    with atomic.atomic_path(out_path) as tmp:
        stamp = bf.zip_date_time()
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
            for name, data in (("buildFile.xml", xml), ("moduledata", md), *b.files.items()):
                # PNGs are already compressed: store them
                z.writestr(zipfile.ZipInfo(name, stamp), data,
                           zipfile.ZIP_STORED if name.endswith(".png") else zipfile.ZIP_DEFLATED)
    t4 = time.perf_counter()
    if "cache" in b.__dict__:  # the image cache was used: keep its folder within bounds
        b.cache.prune()
    return BuildStats(path=out_path, maps=len(b.boards), slots=len(b.pieces),
                      images=sum(1 for n in b.files if n.startswith("images/")), setups=len(spec.setups),
                      bytes=out_path.stat().st_size, min_text_px=b.min_text_px, cached=b.from_cache,
                      timings={"counters": t1 - t0, "maps": t2 - t1, "setups_xml": t3 - t2, "zip": t4 - t3})
