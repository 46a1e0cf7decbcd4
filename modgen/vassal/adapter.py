"""VASSAL events → canonical events (docs/design.md "Canonical event log", ``schema/events.schema.json``).

:class:`Adapter` is a :class:`~modgen.vassal.reader.Visitor`. It turns the saved state into ``setup`` events, drops
into ``move`` events (from/to hex; the path is left unknown — VASSAL records the drop, not the way there), pieces
created later into ``reinforcement``, deleted units into ``loss … eliminated``, Face-layer changes into ``flip``, other
layers into ``marker``, dice reports into ``roll``, the turn tracker into ``turn``/``phase``, a plugin's track
properties (CoH CAPs) into its events (:mod:`.sidetracklog`), and chat declarations
(:mod:`modgen.logs.chat`) into ``attack``/``result``/``retreat``/… . Undone steps are removed with their undo.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from modgen.errors import DataError
from modgen.systems.core import MERGE_DROPS, core_policy_values
from modgen.vassal import bands, drops, piece_traits
from modgen.vassal import binding as bnd
from modgen.vassal import reader as R
from modgen.vassal.declarations import Declarations
from modgen.vassal.markerlog import MarkerEvents
from modgen.vassal.scale import (
    DEFAULT_HEX_PX,
    DEFAULT_PX_PER_INCH,
    HOLDING_MAP,
    LEGACY_HOLDING_MAP,
    counter_size,
    holding_band_height,
)
from modgen.vassal.sidetracklog import SideTrackEvents
from modgen.vassal.trackerlog import TrackerEvents
from modgen.vassal.turntrack import is_track_marker

FACE_LAYER = "Face"
Event = dict[str, Any]


@dataclass
class Result:
    """Canonical events plus the warnings met on the way (each a one-line message with its position)."""

    events: list[Event]
    warnings: list[str] = field(default_factory=list)
    module: str | None = None


def locator_for(game: Any, hex_px: float | None = None) -> R.Locator:
    """(VASSAL map name, x, y) → hex (or square cell) label, for every hex and square map of *game* (VASSAL map
    name = our map id).

    Boards sit at the map's top-left (our modules write ``edgeWidth``/``edgeHeight`` 0 and one board per map).
    """
    from modgen.geometry.squaregrid import map_grid

    grids = {m["id"]: map_grid(m) for m in game.maps if m.get("kind", "hex") in ("hex", "square") and "grid" in m}
    px = float(hex_px or (game.manifest.get("vassal") or {}).get("hex_px") or DEFAULT_HEX_PX)

    # the hex zone of each board (a legend strip below it has no hexes: VASSAL says "offboard" there)
    areas = {mid: (lay.width, lay.height) for mid, lay in ((mid, g.layout(px)) for mid, g in grids.items())}
    cache: dict[tuple[str | None, int, int], str | None] = {}

    def locate(map_id: str | None, x: int, y: int) -> str | None:
        key = (map_id, x, y)
        if key in cache:  # pieces sit on hex centres: the same few points come back again and again
            return cache[key]
        g = grids.get(map_id or "")
        inside = g is not None and 0 <= x < areas[map_id or ""][0] and 0 <= y < areas[map_id or ""][1]
        label = g.hex_at_px(x, y, px) if inside and g is not None else None
        cache[key] = label
        return label

    binding = bnd.for_game(game)
    return bnd.locator(binding, game, locate) if binding is not None and binding.maps else locate


def _policy(game: Any, name: str) -> Any:
    """The value of policy ``name`` the game's manifest chose (its plugin's ``policy_values``, which include the core
    policies), else the core's default: also for a game without a known rule system, or no game."""
    if game is not None:
        try:
            return game.rule_system().policy_values(game.manifest)[name]
        except (DataError, AttributeError, KeyError):
            pass
    return core_policy_values(game.manifest if game is not None else None)[name]


class Adapter(MarkerEvents, Declarations, TrackerEvents, SideTrackEvents, R.Visitor):
    """Collects canonical events while the reader walks a save or log."""

    def __init__(self, game: Any = None, scenario: str | None = None, filename: str = "",
                 hex_px: float | None = None, merge_drops: bool | None = None) -> None:
        self.game = game
        # core policy merge_drops (modgen.systems.core): the argument, else the manifest's choice, else on
        self.merge_drops = merge_drops if merge_drops is not None else _policy(game, MERGE_DROPS.name)
        self.hex_px = hex_px  # the module's scale when it was built with --hex-px (else the manifest's)
        self.scenario = scenario
        self.filename = filename
        self.steps: list[list[Event]] = [[]]  # [0] = saved state; one list per logged step
        self.step_undone: list[bool] = [False]
        self.warnings: list[str] = []
        self.module: str | None = None
        self.where: dict[str, tuple[str | None, str | None]] = {}  # piece id -> (unit/label, hex)
        self.names: dict[str, str] = {}  # piece id -> piece name
        self.mode: str | None = None
        self.purpose: str | None = None
        self.pending: dict[str, tuple[str, list[str]]] = {}  # unit -> (retreat|advance, path) declared before the drop
        self.eliminated: set[str] = set()
        self.games_seen: set[str] = set()
        self.player_sides: dict[str, str] = {}  # player name -> VASSAL side (roster)
        self.pieces_seen = 0
        self.turn: int | None = None
        self.phase_idx: int | None = None
        self.current_phase: tuple[str, str | None] | None = None
        self._phases: list[Any] | None = None
        self._grids: list[Any] | None = None
        self._units: dict[str, dict[str, Any]] | None = None
        self._boxes: tuple[list[bands.Placed], list[str], int] | None = None  # holding map: boxes, legacy bands
        self._roles: dict[str, str] = {}  # unit/counter id -> its role (the plugin's counter_role)
        self._chat_verbs: dict[str, Any] | None = None
        self.attached: dict[str, str | None] = {}  # piece id of an attached marker -> the unit it is on
        self.on_unit: dict[str, str] = {}  # piece id of a marker put on a unit's stack -> that unit (see _beneath)
        self.first_player: str | None = None  # learned from a !phase declaration when the scenario leaves it open
        self.unsided: list[tuple[Event, int]] = []  # tracker phase events whose seat is not resolved yet
        self.last_press: tuple[tuple[Any, ...], list[Event], tuple[int, int]] | None = None  # see turn_changed
        # pieces of a module modgen did not build (modgen import): the workspace's binding file
        self.binding: bnd.Binding | None = bnd.for_game(game) if game is not None else None
        self.bound: dict[str, str | None] = {}  # piece id -> unit the binding gave it (None: no unit matched)

    # -- helpers --
    def _emit(self, ev: Event, ctx: R.Context) -> None:
        ev["source"] = {"file": self.filename, "offset": ctx.offset}
        if ctx.step is not None:
            ev["source"]["step"] = ctx.step
        self.steps[-1].append(ev)

    def _warn(self, msg: str, ctx: R.Context) -> None:
        where = f"step {ctx.step}" if ctx.step is not None else "saved state"
        self.warnings.append(f"{self.filename}: {where}, offset {ctx.offset}: {msg}")

    def _record(self, unit: str) -> dict[str, Any] | None:
        """The counter record of *unit* in the game's counters (None: not one of ours, or no game)."""
        if self.game is None:
            return None
        if self._units is None:
            self._units = {u.get("id"): u for u in self.game.units if isinstance(u, dict)}
        return self._units.get(unit)

    def _faces(self, unit: str) -> list[str]:
        rec = self._record(unit)
        return list((rec.get("faces") or {}).keys()) if rec else []

    def _masked_face(self, unit: str) -> str | None:
        """The face the game's rule system hides under a mask (:mod:`.piece_traits`), None if it masks none."""
        rec = self._record(unit)
        if rec is None or self.game is None:
            return None
        faces = self._faces(unit)
        face = self.game.rule_system().masked_face(rec)
        return face if face in faces and len(faces) > 1 else None

    def _layer_faces(self, piece: R.Piece, unit: str) -> list[str]:
        """The faces a piece's Face layer turns through: in our modules the counter's faces without its step and
        masked faces (:func:`.piece_traits.flip_faces`); in a bound module (modgen import), or a module built before
        the Steps layer and the Mask (a Face level per face), all of them."""
        faces = self._faces(unit)
        if piece.id in self.bound or not faces or piece.layer_sizes.get(FACE_LAYER) == len(faces):
            return faces
        return piece_traits.flip_faces(faces, self._masked_face(unit))

    def _kind(self, unit: str) -> str | None:
        rec = self._record(unit)
        return rec.get("kind") if rec else None

    def _role(self, unit: str) -> str:
        """``unit``, ``marker`` or ``attached``, as the game's rule system maps the counter's kind (shared kinds:
        ``marker`` counters are markers, everything else a unit)."""
        role = self._roles.get(unit)
        if role is None:
            rec = self._record(unit)
            if rec is None:
                role = "unit"
            elif self.game is None:
                role = "marker" if rec.get("kind") == "marker" else "unit"
            else:
                role = self.game.rule_system().counter_role(rec)
            self._roles[unit] = role
        return role

    def _marker_name(self, marker: str) -> str:
        """The marker event's name for the marker counter ``marker``, as the rule system names it."""
        rec = self._record(marker)
        return self.game.rule_system().marker_name(rec) if rec is not None and self.game is not None else marker

    def _face(self, unit: str, level: int | None, faces: list[str] | None = None) -> str | None:
        if level is None:
            return None
        faces = self._faces(unit) if faces is None else faces
        n = abs(level)
        if 1 <= n <= len(faces):
            return faces[n - 1]
        return faces[0] if (faces and n == 0) else (str(n) if not faces else None)

    def _unit(self, piece: R.Piece) -> str:
        return piece.label

    def _note_piece(self, piece: R.Piece) -> None:
        self.pieces_seen += 1
        if piece.props.get("mg_game"):
            self.games_seen.add(piece.props["mg_game"])

    def _bind(self, piece: R.Piece, changes: list[R.StateChange] | None = None) -> None:
        """A piece without modgen Marker properties gets its unit from the binding file (:mod:`.binding`): the first
        matching unit no other piece holds, preferring the one the scenario sets up where the piece stands; its face
        layer is read as our Face layer."""
        if self.binding is None or self.game is None or piece.props.get("mg_unit"):
            return
        if piece.id not in self.bound:
            cands = self.binding.candidates(bnd.piece_keys(piece.type, piece.state))
            free = [u for u in cands if u not in self.bound.values()]
            setup = {e.get("unit"): e.get("hex") for e in
                     (self.game.scenarios.get(self.scenario or "") or {}).get("setup") or []}
            here = [u for u in free if setup.get(u) == piece.location.hex and piece.location.hex]
            self.bound[piece.id] = (here or free or [None])[0]
        unit = self.bound[piece.id]
        if unit is None:
            return
        rec = self._record(unit) or {}
        piece.props.update({"mg_unit": unit, "mg_game": self.game.id, "mg_side": rec.get("side") or ""})
        if not piece.props["mg_side"]:
            del piece.props["mg_side"]
        entry = self.binding.by_unit.get(unit) or {}
        layer, mode = entry.get("face_layer"), entry.get("face_mode", "levels")
        if layer and layer in piece.layers:
            piece.layers[FACE_LAYER] = bnd.face_index(mode, piece.layers[layer]) or 1
        for ch in changes or []:
            if ch.kind == "layer" and layer and ch.name == layer:
                ch.name, ch.old, ch.new = FACE_LAYER, bnd.face_index(mode, ch.old), bnd.face_index(mode, ch.new)

    def _table_ppi(self, map_id: str | None) -> float | None:
        """Pixels per inch if *map_id* is one of the game's table (FoW) maps."""
        if self.game is None or map_id is None:
            return None
        for m in self.game.maps:
            if m["id"] == map_id and m.get("kind") == "table":
                return float((self.game.manifest.get("vassal") or {}).get("px_per_inch") or DEFAULT_PX_PER_INCH)
        return None

    def _holding_box(self, map_id: str | None, x: int, y: int) -> bands.Band | None:
        """The off-map box a point of our modules' holding map lies in: the boxes laid out by modgen.vassal.bands
        as the builder lays them out; on the ``holding`` map of older modules, bands of equal height."""
        if self.game is None or map_id not in (HOLDING_MAP, LEGACY_HOLDING_MAP):
            return None
        if self._boxes is None:
            opts = self.game.manifest.get("vassal") or {}
            hex_maps = any(m.get("kind", "hex") in ("hex", "square") for m in self.game.maps)
            counter_px = int(counter_size(opts, float(self.hex_px or opts.get("hex_px") or DEFAULT_HEX_PX),
                                          float(opts.get("px_per_inch") or DEFAULT_PX_PER_INCH), hex_maps))
            self._boxes = (bands.layout(bands.holding_boxes(self.game), counter_px)[0], bands.legacy_boxes(self.game),
                           holding_band_height(counter_px))
        placed, legacy, band_h = self._boxes
        if map_id == HOLDING_MAP:
            return bands.box_at(placed, x, y)
        i = y // band_h if band_h > 0 else -1
        return bands.Band(legacy[i], legacy[i], "box") if 0 <= i < len(legacy) else None

    def _place(self, loc: R.Location) -> dict[str, Any] | None:
        """Where a piece is, as canonical fields: hex, table pos (inches), or off-map box; None if unknown."""
        if loc.hex:
            return {"hex": loc.hex}
        ppi = self._table_ppi(loc.map)
        if ppi:
            return {"pos": [round(loc.x / ppi, 2), round(loc.y / ppi, 2)]}
        box = self._holding_box(loc.map, loc.x, loc.y)
        if box:
            return {"off_map": box.id}
        return None

    def _loss_box_move(self, piece: R.Piece, unit: str, old: R.Location, new: R.Location, ctx: R.Context) -> bool:
        """A drag into a side's Eliminated box is ``loss … eliminated``; out of an Eliminated or Replacements box
        onto a map, the unit returns (``replacement`` at the hex or table position). True if handled here."""
        was, now = self._holding_box(old.map, old.x, old.y), self._holding_box(new.map, new.x, new.y)
        kinds = ("eliminated", "replacements")
        if now is not None and now.kind == "eliminated" and (was is None or was.kind != "eliminated"):
            if unit not in self.eliminated:
                self.eliminated.add(unit)
                self._emit({"type": "loss", "unit": unit, "eliminated": True}, ctx)
            return True
        if was is not None and was.kind in kinds and now is None:
            place = self._place(new)
            if place is None:
                return True  # dropped between the boxes: still waiting
            self.eliminated.discard(unit)
            ev: Event = {"type": "replacement", "unit": unit}
            if "hex" in place:
                ev["hex"] = place["hex"]
            if piece.props.get("mg_side"):
                ev["side"] = piece.props["mg_side"]
            self._emit(ev, ctx)
            return True
        return was is not None and was.kind in kinds or now is not None and now.kind in kinds

    def _table_move(self, piece: R.Piece, unit: str, old: R.Location, new: R.Location, ctx: R.Context) -> None:
        """A move on a table (FoW) map: start and end positions in inches (``from_pos``/``to_pos``), no hexes."""
        ev: Event = {"type": "move", "unit": unit}
        a, b = self._place(old), self._place(new)
        if a and "pos" in a:
            ev["from_pos"] = a["pos"]
        if b and "pos" in b:
            ev["to_pos"] = b["pos"]
        if ev.get("from_pos") == ev.get("to_pos"):
            return
        if "from_pos" not in ev and "to_pos" in ev:
            # brought onto the table from a holding box (or from off every map): it enters
            ev = {"type": "reinforcement", "unit": unit, "pos": ev["to_pos"]}
            if piece.props.get("mg_side"):
                ev["side"] = piece.props["mg_side"]
            self._emit(ev, ctx)
            return
        if piece.facing is not None:
            ev["facing"] = piece.facing
        if piece.props.get("mg_side"):
            ev["side"] = piece.props["mg_side"]
        self._emit(ev, ctx)

    # -- visitor --
    def begin(self, meta: dict[str, Any]) -> None:
        self.module = meta.get("module")
        if self.game is not None:
            ev: Event = {"type": "scenario_start", "game": self.game.id}
            if self.scenario:
                ev["scenario"] = self.scenario
            ev["source"] = {"file": self.filename, "offset": 0}
            self.steps[0].append(ev)

    def step(self, ctx: R.Context) -> None:
        self.steps.append([])
        self.step_undone.append(False)

    def undo(self, in_progress: bool, ctx: R.Context) -> None:
        if not in_progress:
            return
        # The undo reverses the latest step still standing: drop its events, and this step's inverse commands.
        self.step_undone[-1] = True
        for i in range(len(self.steps) - 2, 0, -1):
            if not self.step_undone[i]:
                self.step_undone[i] = True
                return
        self._warn("undo with no earlier step to undo", ctx)

    def piece_added(self, piece: R.Piece, ctx: R.Context) -> None:
        if is_track_marker(piece.props):
            return  # the turn record track's marker: not a unit (modgen.vassal.turntrack)
        self._bind(piece)
        self._note_piece(piece)
        unit = self._unit(piece)
        loc = piece.location
        self.where[piece.id] = (unit, loc.hex)
        self.names[piece.id] = piece.name
        if not piece.unit and self.game is not None:
            return  # not one of ours (a module's own marker without modgen properties)
        if self._role(unit) == "attached" and loc.hex:  # off the map (a pool of hit counters) it is set up as usual
            self._attach(piece.id, unit, loc.hex, ctx)
            return
        if self._role(unit) == "attached" and loc.map is None and not (ctx.in_setup or ctx.step is None):
            return  # created off every map (a Place Marker, a drop onto a stack): the MovePiece that follows places it
        if self._kind(unit) == "marker":
            if loc.hex:
                self._emit(self._marker_event(loc.hex, unit, True), ctx)
            return
        level = piece.layers.get(FACE_LAYER)
        # single-faced units get no Face layer in our modules: they show their first (only) face
        lfaces = self._layer_faces(piece, unit)
        face = self._face(unit, level, lfaces) if level is not None else (lfaces or [None])[0]
        if piece.masked and self._masked_face(unit):
            face = self._masked_face(unit)  # set up hidden: the face the mask shows (an untried side)
        elif piece.layers.get(piece_traits.STEP_LAYER, 1) > 1 and piece_traits.STEP_FACE in self._faces(unit):
            face = piece_traits.STEP_FACE
        place = self._place(loc)
        if ctx.in_setup or ctx.step is None:
            ev: Event = {"type": "setup", "unit": unit, **(place or {"off_map": loc.map or "off-map"})}
            if face:
                ev["face"] = face
            if piece.facing is not None and "off_map" not in ev:
                ev["facing"] = piece.facing
        else:
            ev = {"type": "reinforcement", "unit": unit}
            if place and "off_map" not in place:
                ev.update(place)
        if piece.props.get("mg_side"):
            ev["side"] = piece.props["mg_side"]
        self._emit(ev, ctx)

    def piece_removed(self, piece: R.Piece, ctx: R.Context) -> None:
        if is_track_marker(piece.props):
            return  # the turn record track's marker: not a unit (modgen.vassal.turntrack)
        self._bind(piece)
        unit = self._unit(piece)
        hexlabel = self.where.pop(piece.id, (None, None))[1]
        if not piece.unit and self.game is not None:
            return
        if piece.id in self.attached:
            self._detach(piece.id, unit, hexlabel, ctx)
            return
        if self._kind(unit) == "marker":
            was = self.on_unit.pop(piece.id, None)
            if hexlabel or was:
                self._emit(self._marker_event(hexlabel, unit, False, was), ctx)
            return
        if unit in self.eliminated:
            return
        self._emit({"type": "loss", "unit": unit, "eliminated": True}, ctx)

    def piece_moved(self, piece: R.Piece, old: R.Location, new: R.Location, ctx: R.Context) -> None:
        if is_track_marker(piece.props):
            return  # the turn record track's marker: not a unit (modgen.vassal.turntrack)
        self._bind(piece)
        unit = self._unit(piece)
        self.where[piece.id] = (unit, new.hex)
        if not piece.unit and self.game is not None:
            return
        if self._role(unit) == "attached":
            if old.hex != new.hex:
                self._detach(piece.id, unit, old.hex, ctx)
                self._attach(piece.id, unit, new.hex, ctx, piece)
            return
        if self._kind(unit) == "marker":
            self._marker_moved(piece, unit, old, new, ctx)
            return
        if self._loss_box_move(piece, unit, old, new, ctx):
            return
        if self.game is not None and (self._table_ppi(old.map) or self._table_ppi(new.map)):
            self._table_move(piece, unit, old, new, ctx)
            return
        frm = old.hex if old.hex is not None or self.game is not None else _px(old)
        to = new.hex if new.hex is not None or self.game is not None else _px(new)
        if frm == to and frm is not None:
            return  # nudged inside the same hex: not a move in rules terms
        if self.game is not None and frm is None and to is None:
            return  # rearranged off the map (within or between holding boxes): bookkeeping, not a move
        pend = self.pending.get(unit)
        if pend and pend[1] and pend[1][-1] == to:
            del self.pending[unit]
            self._emit({"type": pend[0], "unit": unit, "path": [frm, *pend[1]] if frm else pend[1]}, ctx)
            return
        if self.game is not None and frm is None and to is not None:
            # brought onto the map from a holding box (or from off every map): that is how units enter
            entry: Event = {"type": "reinforcement", "unit": unit, "hex": to}
            if piece.props.get("mg_side"):
                entry["side"] = piece.props["mg_side"]
            self._emit(entry, ctx)
            return
        ev: Event = {"type": "move", "unit": unit, "from": frm, "to": to}
        if piece.facing is not None:
            ev["facing"] = piece.facing
        if self.mode and self.mode != "normal":
            ev["mode"] = self.mode
        if piece.props.get("mg_side"):
            ev["side"] = piece.props["mg_side"]
        self._emit(ev, ctx)

    def state_changed(self, piece: R.Piece, changes: list[R.StateChange], ctx: R.Context) -> None:
        if is_track_marker(piece.props):
            return  # the turn record track's marker: not a unit (modgen.vassal.turntrack)
        self._bind(piece, changes)
        if not piece.unit and self.game is not None:
            return
        unit = self._unit(piece)
        for ch in changes:
            if ch.kind == "facing" and ch.new is not None:
                # a turn in place: a core event, since every system with facing (CoH, FoW, ...) reads it
                self._emit({"type": "facing", "unit": unit, "facing": ch.new}, ctx)
                continue
            if ch.kind == "mask":
                self._mask_changed(piece, unit, ch, ctx)
                continue
            if ch.kind != "layer":
                continue
            if ch.name == FACE_LAYER and self._role(unit) == "attached":
                continue  # a drawn hit counter turned face up (CoH 15.2): its marker event already named it
            if ch.name == FACE_LAYER:
                face = self._face(unit, ch.new, self._layer_faces(piece, unit))
                if face:
                    self._emit({"type": "flip", "unit": unit, "face": face}, ctx)
            elif ch.name == piece_traits.STEP_LAYER and piece.id not in self.bound:
                self._steps_changed(unit, ch, ctx)
            elif ch.name:
                was, now = (ch.old or 0) > 0, (ch.new or 0) > 0
                if was != now:
                    self._emit({"type": "marker", "unit": unit, "marker": ch.name, "on": now}, ctx)

    def _mask_changed(self, piece: R.Piece, unit: str, ch: R.StateChange, ctx: R.Context) -> None:
        """Mask lifted: ``reveal`` with the face now shown; masked again: a ``flip`` to the hidden face (which the
        rules may forbid, e.g. EFB 21.3)."""
        hidden = self._masked_face(unit)
        if hidden is None:
            return
        if ch.new is None:
            lfaces = self._layer_faces(piece, unit)
            level = piece.layers.get(FACE_LAYER)
            face = self._face(unit, level, lfaces) if level is not None else (lfaces or [None])[0]
            ev: Event = {"type": "reveal", "unit": unit}
            if face:
                ev["face"] = face
            self._emit(ev, ctx)
        elif ch.old is None:
            self._emit({"type": "flip", "unit": unit, "face": hidden}, ctx)

    def _steps_changed(self, unit: str, ch: R.StateChange, ctx: R.Context) -> None:
        """The Steps layer went up (``loss`` of that many steps) or down (``replacement`` of steps)."""
        old, new = abs(ch.old or 1), abs(ch.new or 1)
        if new > old:
            self._emit({"type": "loss", "unit": unit, "steps": new - old}, ctx)
        elif new < old:
            self._emit({"type": "replacement", "unit": unit, "steps": old - new}, ctx)

    def dice(self, roll: R.DiceRoll, ctx: R.Context) -> None:
        if not roll.results:
            return
        ev: Event = {"type": "roll", "dice": roll.results}
        if self.purpose:
            ev["purpose"] = self.purpose
            self.purpose = None
        side = self._side_id(roll.side) if self.game is not None else roll.side
        if side:
            ev["side"] = side
        self._emit(ev, ctx)

    def player(self, name: str, side: str, ctx: R.Context) -> None:
        self.player_sides[name] = side

    def _side_of(self, player: str) -> str | None:
        """Our side id for a player, from the roster."""
        return self._side_id(self.player_sides.get(player))

    def _side_id(self, vassal_side: str | None) -> str | None:
        """Our side id for a VASSAL side name (our modules name VASSAL sides after our sides' names)."""
        if not vassal_side or self.game is None:
            return None
        for s in self.game.manifest.get("sides") or []:
            if vassal_side.strip().lower() in (str(s.get("id", "")).lower(), str(s.get("name", "")).lower()):
                return s.get("id")
        return None

    def warning(self, message: str, ctx: R.Context) -> None:
        self._warn(message, ctx)

    def end(self) -> None:
        if self.game is not None and self.pieces_seen:
            if not self.games_seen:
                made_by = f" (it was saved by module {self.module!r})" if self.module else ""
                self.warnings.append(f"{self.filename}: no piece carries modgen's mg_game property; this save/log "
                                     f"is not from a module built from {self.game.id}{made_by}")
            elif self.game.id not in self.games_seen:
                self.warnings.append(f"{self.filename}: pieces belong to {', '.join(sorted(self.games_seen))}, "
                                     f"not {self.game.id}; is this a log for another module?")
        for unit, (verb, path) in self.pending.items():
            self.warnings.append(f"{self.filename}: !{verb} {unit} to {path[-1]} was declared but never dropped there")

    def result(self) -> Result:
        """The canonical events in order (undone steps removed), with ``i`` set."""
        out: list[Event] = []
        for evs, undone in zip(self.steps, self.step_undone, strict=True):
            if not undone:
                out.extend(evs)
        if self.merge_drops:
            out = drops.merge_drops(out, self._adjacent if self.game is not None else None)
        for i, ev in enumerate(out):
            ev["i"] = i
        return Result(out, self.warnings, self.module)


def _px(loc: R.Location) -> str | None:
    """A position without a hex grid, as a string: ``map@x,y`` (None off every map)."""
    return None if loc.map is None else f"{loc.map}@{loc.x},{loc.y}"


def adapt(source: str | Path | bytes, game: Any = None, *, scenario: str | None = None, name: str | None = None,
          hex_px: float | None = None, merge_drops: bool | None = None) -> Result:
    """Read a .vsav/.vlog and return canonical events. With *game*, positions become hex labels.
    ``merge_drops`` overrides the core policy of that name (:mod:`modgen.systems.core`)."""
    label = name or (str(source) if not isinstance(source, bytes) else "<bytes>")
    adapter = Adapter(game, scenario, label, hex_px, merge_drops)
    locator = locator_for(game, hex_px) if game is not None else None
    R.read(source, adapter, locator=locator, name=label)
    return adapter.result()
