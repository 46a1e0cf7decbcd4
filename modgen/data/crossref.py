"""Cross-reference checks of a game workspace: ids that must exist, be unique, or agree between files.

Runs after the schema check on data that may still be schema-invalid, so every access is defensive:
records of the wrong type are skipped here (the schema check has already reported them).
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from modgen import inputs, limits
from modgen.data.crossref_draw import check_layout_cycles, check_symbol, check_terrain_styles
from modgen.data.documents import Doc, Report, Workspace, check_against, confined_path, rules_schema_issues, schema
from modgen.data.jsonio import pointer
from modgen.data.model import Game
from modgen.data.shapes import explain_shapes
from modgen.errors import DataError, ModgenError
from modgen.resources import ASSETS_DIR
from modgen.systems.core import CORE_POLICIES, with_core_policies


def _items(value: Any) -> Iterator[tuple[int, dict[str, Any]]]:
    """(index, record) for the dict records of a list; anything else yields nothing."""
    if isinstance(value, list):
        for i, item in enumerate(value):
            if isinstance(item, dict):
                yield i, item


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _names(values: Any) -> str:
    return ", ".join(sorted(values)) if values else "none"


def _mean(name: str, known: Any, sep: str = " (") -> str:
    """``" (did you mean 'x'?)"`` for the closest known id to a misspelt ``name`` (``sep="; "`` to continue an
    open parenthesis: ``"; did you mean 'x'?"``), or "" when none is close."""
    close = difflib.get_close_matches(name, sorted(known or ()), 1, 0.6)
    if not close:
        return ""
    return f"{sep}did you mean {close[0]!r}?" + (")" if sep == " (" else "")


class Checker:
    """Holds the id tables built from the manifest and checks the other files against them."""

    def __init__(self, ws: Workspace, report: Report) -> None:
        self.ws = ws
        self.report = report
        self.files_named: list[Path] = []  # every file the data names (read by the validation cache, validcache.py)
        self.manifest: Doc = ws.manifest  # type: ignore[assignment]  # check() only runs with a manifest
        m = self.manifest.value
        self.sides: dict[str, dict[str, Any]] = {}
        self.nationalities: dict[str, set[str]] = {}
        self.formations: dict[str, dict[str, Any]] = {}
        self.terrain: dict[str, str] = {}
        self.units: dict[str, dict[str, Any]] = {}
        self.maps: dict[str, tuple[Doc, str, dict[str, Any]]] = {}
        self.grids: dict[str, Any] = {}
        self.game_id = _str(m.get("id"))
        terrain = m.get("terrain")
        if isinstance(terrain, dict):
            for tid, t in terrain.items():
                if isinstance(t, dict):  # a kind the schema rejected is recorded as unknown (not re-reported)
                    kind = t.get("kind")
                    self.terrain[tid] = kind if kind in ("hex", "hexside", "line", "area") else "?"
        self.plugin = None

    def add(self, doc: Doc, ptr: str, message: str, *, at_key: bool = False, severity: str = "error") -> None:
        self.report.add(doc, ptr, message, at_key=at_key, severity=severity)

    # --- manifest ------------------------------------------------------------------------------------------

    def check_manifest(self) -> None:
        doc, m = self.manifest, self.manifest.value
        for i, side in _items(m.get("sides")):
            sid = _str(side.get("id"))
            if sid is None:
                continue
            if sid in self.sides:
                self.add(doc, pointer("sides", i, "id"), f"duplicate side id {sid!r}")
                continue
            self.sides[sid] = side
            nats = side.get("nationalities")
            self.nationalities[sid] = {n for n in nats if isinstance(n, str)} if isinstance(nats, list) else {sid}
        for i, f in _items(m.get("formations")):
            fid = _str(f.get("id"))
            if fid is None:
                continue
            if fid in self.formations:
                self.add(doc, pointer("formations", i, "id"), f"duplicate formation id {fid!r}")
                continue
            self.formations[fid] = dict(f, _index=i)
        for f in self.formations.values():
            i = f["_index"]
            side = _str(f.get("side"))
            if side is not None and side not in self.sides:
                self.add(doc, pointer("formations", i, "side"),
                         f"unknown side {side!r} (sides: {_names(self.sides)}{_mean(side, self.sides, '; ')})")
            parent = _str(f.get("parent"))
            if parent is not None and parent not in self.formations:
                self.add(doc, pointer("formations", i, "parent"),
                         f"unknown parent formation {parent!r}{_mean(parent, self.formations)}")
        self._check_formation_cycles()
        self._check_layouts()
        check_layout_cycles(self.add, doc, m.get("counter_layouts"))
        check_terrain_styles(self.add, doc, m.get("terrain"))
        self._check_plugin()
        rules_pdf = (m.get("files") or {}).get("rules_pdf") if isinstance(m.get("files"), dict) else None
        if isinstance(rules_pdf, str) and rules_pdf:
            self._check_file(doc, "/files/rules_pdf", rules_pdf)

    def builtin_layouts(self) -> set[str]:
        """Names of the built-in counter layouts (``modgen/assets/layouts/*.json``)."""
        return {p.stem for p in (ASSETS_DIR / "layouts").glob("*.json")} | {"generic"}

    def _check_layouts(self) -> None:
        """The manifest's own counter layouts against ``layout.schema.json``; ``extends`` must name a layout."""
        layouts = self.manifest.value.get("counter_layouts")
        if not isinstance(layouts, dict) or not layouts:
            return
        try:
            validator = Draft202012Validator(schema("layout"))
        except Exception:  # no layout schema installed: only the names are checked
            validator = None
        known = self.builtin_layouts() | set(layouts)
        for name, layout in layouts.items():
            ptr = pointer("counter_layouts", name)
            if validator is not None:
                check_against(validator, self.manifest, ptr, self.report)
            if isinstance(layout, dict) and isinstance(layout.get("extends"), str) and layout["extends"] not in known:
                self.add(self.manifest, ptr + "/extends",
                         f"unknown counter layout {layout['extends']!r} (known: {_names(known)}"
                         f"{_mean(layout['extends'], known, '; ')})")

    def _check_formation_cycles(self) -> None:
        # each formation is walked once: a walk stops at one an earlier walk went through (whose chain is known),
        # so a chain of 20,000 parents takes linear time (walking every chain whole, with a list, was cubic)
        reported: set[str] = set()
        walked: set[str] = set()
        for start in self.formations:
            seen: list[str] = []
            on_walk: set[str] = set()
            fid: str | None = start
            while fid is not None and fid in self.formations and fid not in on_walk and fid not in walked:
                seen.append(fid)
                on_walk.add(fid)
                fid = _str(self.formations[fid].get("parent"))
            walked.update(seen)
            if fid is not None and fid in on_walk:
                cycle = seen[seen.index(fid):]
                if not reported.intersection(cycle):
                    reported.update(cycle)
                    first = min(cycle, key=lambda c: self.formations[c]["_index"])
                    order = cycle[cycle.index(first):] + cycle[: cycle.index(first)] + [first]
                    self.add(self.manifest, pointer("formations", self.formations[first]["_index"], "parent"),
                             f"formation parents form a cycle: {' -> '.join(order)}")

    def _check_plugin(self) -> None:

        doc = self.manifest
        system = _str(doc.value.get("system"))
        if system is None:
            return
        game = Game(path=Path(doc.path), manifest=doc.value)
        try:
            self.plugin = game.rule_system()
        except DataError as exc:
            self.add(doc, "/system", str(exc))
            return
        policies = (doc.value.get("rules") or {}).get("policies") if isinstance(doc.value.get("rules"), dict) else None
        if isinstance(policies, dict):
            known = {p.name: p for p in (*CORE_POLICIES, *self.plugin.policies)}  # the core's are in every game
            for name, value in policies.items():
                ptr = pointer("rules", "policies", name)
                if name not in known:
                    self.add(doc, ptr, f"unknown policy {name!r} for system {system!r} (policies: {_names(known)}"
                             f"{_mean(name, known, '; ')})",
                             at_key=True)
                elif known[name].choices and value not in known[name].choices:
                    choices = ", ".join(repr(c) for c in known[name].choices)
                    self.add(doc, ptr, f"policy {name!r} must be one of {choices}, got {value!r}")
        # the plugin's schema may reject the same policies; those are reported above with the policy's choices
        reported = frozenset(i.pointer for i in self.report.issues if i.file == doc.path and i.pointer)
        rules = with_core_policies(self.plugin.rules_schema())
        rules_schema_issues(doc, rules, system, self.report, reported)
        explain_shapes(self.report, doc, rules, "/rules")  # a table of the wrong type: show the shape it takes

    def _check_file(self, doc: Doc, ptr: str, rel: str, *, image: bool = False) -> None:
        """The file ``rel`` named at ``ptr`` of ``doc`` must stay in the workspace and be a regular file (never
        read here); an ``image`` must also be a picture within the ``image_mpx`` limit (its header is read)."""
        try:
            path = confined_path(self.manifest.path, doc.path, rel)
        except inputs.OutsideWorkspace as exc:
            self.add(doc, ptr, str(exc))
            return
        self.files_named.append(path)
        if not os.path.lexists(path):
            self.add(doc, ptr, f"file not found: {path}")
            return
        try:
            if image and not str(path).lower().endswith(".svg"):  # an SVG has no pixels until it is drawn
                # imported here, not at the top: Pillow only loads when the data names an image, so `modgen check`
                # (which validates first) starts without it
                from modgen import images

                images.check_pixels(images.image_size(path), path)
            else:
                with inputs.open_regular(path):
                    pass
        except ModgenError as exc:
            self.add(doc, ptr, str(exc))

    def _terrain(self, doc: Doc, ptr: str, tid: Any, kind: str) -> None:
        if not isinstance(tid, str):
            return
        if tid not in self.terrain:
            self.add(doc, ptr, f"terrain {tid!r} is not declared in the manifest's \"terrain\" "
                               f"({self.manifest.path}{_mean(tid, self._terrain_of(kind), '; ')})")
        elif self.terrain[tid] not in (kind, "?"):
            article = "an" if self.terrain[tid] == "area" else "a"
            self.add(doc, ptr, f"terrain {tid!r} is {article} {self.terrain[tid]} terrain, but is used here as {kind}")

    def _terrain_of(self, kind: str) -> list[str]:
        """The declared terrain ids of ``kind`` (the ones a misspelling there most likely meant)."""
        return [t for t, k in self.terrain.items() if k in (kind, "?")]

    def _game(self, doc: Doc) -> None:
        game = _str(doc.value.get("game"))
        if game is not None and self.game_id is not None and game != self.game_id:
            self.add(doc, "/game", f"game {game!r} does not match the manifest's id {self.game_id!r}")

    # --- counters ------------------------------------------------------------------------------------------

    def check_counters(self) -> None:
        doc = self.ws.counters
        if doc is None:
            return
        self._game(doc)
        builtin = self.builtin_layouts()
        layouts = self.manifest.value.get("counter_layouts")
        known_layouts = builtin | (set(layouts) if isinstance(layouts, dict) else set())
        for i, u in _items(doc.value.get("counters")):
            uid = _str(u.get("id"))
            at = ("counters", i)
            if uid is not None:
                if uid in self.units:
                    self.add(doc, pointer(*at, "id"), f"duplicate counter id {uid!r}")
                else:
                    self.units[uid] = u
            side = _str(u.get("side"))
            if side is not None and side not in self.sides:
                self.add(doc, pointer(*at, "side"),
                         f"unknown side {side!r} (sides: {_names(self.sides)}{_mean(side, self.sides, '; ')})")
            nat = _str(u.get("nationality"))
            if nat is not None and side in self.nationalities and nat not in self.nationalities[side]:
                self.add(doc, pointer(*at, "nationality"),
                         f"nationality {nat!r} is not a nationality of side {side!r} "
                         f"(nationalities: {_names(self.nationalities[side])}"
                         f"{_mean(nat, self.nationalities[side], '; ')})")
            form = _str(u.get("formation"))
            if form is not None:
                if form not in self.formations:
                    self.add(doc, pointer(*at, "formation"),
                             f"unknown formation {form!r}{_mean(form, self.formations)}")
                elif side in self.sides and _str(self.formations[form].get("side")) in self.sides \
                        and self.formations[form].get("side") != side:
                    self.add(doc, pointer(*at, "formation"),
                             f"formation {form!r} belongs to side {self.formations[form].get('side')!r}, "
                             f"not {side!r}")
            layout = _str(u.get("layout"))
            if layout is not None and layout not in known_layouts:
                self.add(doc, pointer(*at, "layout"),
                         f"unknown counter layout {layout!r} (known: {_names(known_layouts)}"
                         f"{_mean(layout, known_layouts, '; ')})")
            check_symbol(self.add, doc, at, u.get("symbol"))
            if isinstance(u.get("image"), str):
                self._check_file(doc, pointer(*at, "image"), u["image"], image=True)
            sym = u.get("symbol")
            if isinstance(sym, dict) and isinstance(sym.get("image"), str):
                self._check_file(doc, pointer(*at, "symbol", "image"), sym["image"], image=True)
            for name, rel in (u.get("images") or {}).items() if isinstance(u.get("images"), dict) else ():
                if isinstance(rel, str):
                    self._check_file(doc, pointer(*at, "images", name), rel, image=True)
            faces = u.get("faces")
            if isinstance(faces, dict):
                self._check_faces(doc, at, u, faces)
        self._check_value_names(doc)
        self._check_copies(doc)

    def _check_copies(self, doc: Doc) -> None:
        """The sum of every ``count`` (the counters printed on sheets) within the ``counter_copies`` limit, reported
        at the largest count."""
        counts = [(u.get("count", 1), i) for i, u in _items(doc.value.get("counters"))
                  if isinstance(u.get("count", 1), int) and not isinstance(u.get("count"), bool)
                  and u.get("count", 1) > 0]
        total = sum(c for c, _ in counts)
        if total > limits.get("counter_copies"):
            _, i = max(counts)
            self.add(doc, pointer("counters", i, "count"),
                     str(limits.breach("counter_copies", "the counters to print", f"{total:,} counters in all")))

    def _check_value_names(self, doc: Doc) -> None:
        """Warn about a value name printed on one face only that is a near miss of a name the game uses at
        least three times ("movment" beside 200 "movement"): likely a typo the required values cannot catch."""
        uses: dict[str, list[str]] = {}
        for i, u in _items(doc.value.get("counters")):
            faces = u.get("faces") if isinstance(u.get("faces"), dict) else {}
            for fname, face in faces.items():
                if isinstance(face, dict) and isinstance(face.get("values"), dict):
                    for vname in face["values"]:
                        uses.setdefault(vname, []).append(pointer("counters", i, "faces", fname, "values", vname))
        common = [n for n, ptrs in uses.items() if len(ptrs) >= 3]
        for vname, ptrs in uses.items():
            close = difflib.get_close_matches(vname, common, 1, 0.8) if len(ptrs) == 1 else []
            if close and close[0] != vname:
                self.add(doc, ptrs[0], f"value {vname!r} is printed on this face only; did you mean "
                                       f"{close[0]!r} ({len(uses[close[0]])} faces)?", at_key=True,
                         severity="warning")

    def _check_faces(self, doc: Doc, at: tuple[str | int, ...], unit: dict[str, Any], faces: dict[str, Any]) -> None:
        for name, face in faces.items():
            if not isinstance(face, dict):
                continue
            values = face.get("values") if isinstance(face.get("values"), dict) else {}
            marks = face.get("marks")
            if isinstance(marks, dict):
                for vname in marks:
                    if vname not in values:
                        self.add(doc, pointer(*at, "faces", name, "marks", vname),
                                 f"mark for value {vname!r}, which face {name!r} does not print", at_key=True)
            if isinstance(face.get("image"), str):
                self._check_file(doc, pointer(*at, "faces", name, "image"), face["image"], image=True)
        if self.plugin is None or unit.get("kind") not in ("unit", "team", None):
            return
        try:
            required = self.plugin.required_values(unit)
        except Exception as exc:  # a plugin bug must not hide the other issues; report it where it happened
            self.add(doc, pointer(*at), f"the {self.plugin.id!r} plugin failed on this counter: "
                                        f"{type(exc).__name__}: {exc}")
            return
        cls = unit.get("class")
        for face_name, names in (required or {}).items():
            face = faces.get(face_name)
            if not isinstance(face, dict):
                self.add(doc, pointer(*at, "faces"),
                         f"missing face {face_name!r}: system {self.plugin.id!r} requires it for class {cls!r} "
                         f"(values {', '.join(names)})")
                continue
            if not isinstance(face.get("values"), dict):
                if names and face.get("kind") != "values":  # kind values without values: the schema reports it
                    self.add(doc, pointer(*at, "faces", face_name),
                             f"face {face_name!r} must print values ({', '.join(names)}) for system "
                             f"{self.plugin.id!r}, class {cls!r}")
                continue
            values = face["values"]
            missing = [n for n in names if n not in values]
            if missing:
                spare = [v for v in values if v not in names]  # a misspelt required name is one of these
                hints = [(close[0], n) for n in missing if (close := difflib.get_close_matches(n, spare, 1, 0.6))]
                hint = "".join(f" (is {got!r} a misspelling of {want!r}?)" for got, want in hints)
                self.add(doc, pointer(*at, "faces", face_name, "values"),
                         f"missing value{'s' if len(missing) > 1 else ''} {', '.join(missing)}: system "
                         f"{self.plugin.id!r} requires {', '.join(names)} on face {face_name!r} for class {cls!r}"
                         + hint)
