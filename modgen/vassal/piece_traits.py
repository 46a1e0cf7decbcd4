"""The commands each VASSAL piece gets (docs/vassal.md "Pieces"): Flip, Step loss / Restore, Mask, ownership.

* **Flip** (Ctrl+F): the ``Face`` layer, only over the faces a player turns (front/back). A counter's ``reduced``
  face and the face a mask hides are not in it.
* **Step loss** (Ctrl+L) / **Restore step** (Ctrl+Shift+L): a ``Steps`` layer, where the counter has a step track
  (``steps.track``: level *k* = *k*-1 steps lost, a badge with the strength at that step) or a ``reduced`` face
  (level 2 shows it). The layer does not loop: the last step is lost by deleting the piece.
* **Mask** (Ctrl+U, VASSAL's Obscurable): counters whose rule system names a hidden face
  (:meth:`~modgen.systems.base.RuleSystem.masked_face`, EFB untried units) are masked with that face's image; only
  the owning side may reveal them.
* **Owner** (VASSAL's Restricted Access): with the manifest's ``vassal.restricted_access`` (default: on for games with
  two sides) only the unit's side may move it or use its commands.
* **Place marker** (Ctrl+1, Ctrl+2, …; VASSAL's Place Marker): one command per marker the rule system puts on such a
  unit (:meth:`~modgen.systems.base.RuleSystem.unit_markers`) and the game's counters have. It places the palette's
  marker piece (referenced by its PieceSlot's component path, so the new piece carries the slot's gpid) right above
  the unit in its stack, or right below it for a marker the unit sits in (a fortification). A key belongs to one
  marker across the whole module, in the order the units first offer them.

Each command has its own report in the chat (ReportState). The reader decodes the same layers and the mask
(:mod:`modgen.vassal.adapter`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from modgen.errors import DataError
from modgen.vassal import traits as tr

STEP_LAYER = "Steps"
STEP_FACE = "reduced"  # a face that shows a step loss rather than a side to flip to
STEP_LOSS_KEY = "76,130"  # Ctrl+L
RESTORE_KEY = "76,195"  # Ctrl+Shift+L
MASK_KEY = "85,130"  # Ctrl+U
MASK_NAME = "hidden"
# ReportState formats; VASSAL puts "* " in front
STEP_LOSS_REPORT = "$location$: $newPieceName$ loses a step (step $Steps_Level$ of {n})"
RESTORE_REPORT = "$location$: $newPieceName$ restores a step (step $Steps_Level$ of {n})"
MASK_REPORT = "$location$: reveal/mask: $newPieceName$"  # VASSAL 3.6 leaves $oldPieceName$ empty here
DELETE_REPORT = "$location$: $newPieceName$ deleted"
PLACE_REPORT = "$location$: {marker} placed on $newPieceName$"
PLACE_KEY_CODES = (49, 50, 51, 52, 53, 54, 55, 56, 57, 48)  # Ctrl+1 … Ctrl+9, Ctrl+0: no other command uses them
PIECE_WINDOW = "VASSAL.build.module.PieceWindow"
WIDGET_CLASS = {"tabs": "VASSAL.build.widget.TabWidget", "panel": "VASSAL.build.widget.PanelWidget",
                "list": "VASSAL.build.widget.ListWidget"}
SLOT_CLASS = "VASSAL.build.widget.PieceSlot"


@dataclass
class Plan:
    """What a unit's piece carries: the faces its Flip turns through, its step levels, its mask, its owner."""

    flip_faces: list[str]
    step_levels: int = 0  # 0: no Steps layer
    step_face: str | None = None  # the reduced face when the steps are faces rather than a track
    step_track: list[Any] | None = None
    masked_face: str | None = None
    owner: str | None = None  # the VASSAL side (our side's name) that owns it, when ownership is restricted

    @property
    def initial_face(self) -> str:
        """The face a unit shows before anyone set it: its mask if it has one, else its first face."""
        return self.masked_face or self.flip_faces[0]


def flip_faces(faces: Sequence[str], masked_face: str | None) -> list[str]:
    """The faces the Face layer turns through, in the counter's order (the reader maps levels back with this)."""
    out = [f for f in faces if f != STEP_FACE and f != masked_face]
    return out or list(faces[:1])


def restricted_access(manifest: dict[str, Any]) -> bool:
    """The manifest's ``vassal.restricted_access``; by default on when the game has exactly two sides."""
    opt = (manifest.get("vassal") or {}).get("restricted_access")
    return bool(opt) if opt is not None else len(manifest.get("sides") or []) == 2


def plan_for(unit: dict[str, Any], faces: Sequence[str], system: Any, side_names: dict[str, str],
             restrict: bool) -> Plan:
    """The :class:`Plan` for ``unit`` (``faces`` = the faces rendered for it, in order)."""
    masked = system.masked_face(unit) if unit.get("kind", "unit") != "marker" else None
    masked = masked if masked in faces and len(faces) > 1 else None
    plan = Plan(flip_faces(faces, masked), masked_face=masked)
    track = (unit.get("steps") or {}).get("track")
    if isinstance(track, list) and len(track) >= 2:
        plan.step_levels, plan.step_track = len(track), track
    elif STEP_FACE in faces and faces[0] != STEP_FACE:
        plan.step_levels, plan.step_face = 2, STEP_FACE
    side = side_names.get(unit.get("side") or "")
    if side and (restrict or masked):
        plan.owner = side
    return plan


def step_badge(text: str, size: tuple[int, int]) -> Image.Image:
    """A transparent image of the counter's size with ``text`` (the strength at a step) in its bottom-right corner."""
    w, h = size
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fsize = max(8, h // 4)
    font = ImageFont.load_default(size=fsize)
    box = d.textbbox((0, 0), text, font=font)
    tw, th = box[2] - box[0], box[3] - box[1]
    pad = max(1, fsize // 6)
    x1, y1 = w - 2, h - 2
    x0, y0 = x1 - tw - 2 * pad, y1 - th - 2 * pad
    d.rectangle((x0, y0, x1, y1), fill=(255, 255, 255, 235), outline=(0, 0, 0, 255))
    d.text((x0 + pad - box[0], y0 + pad - box[1]), text, font=font, fill=(0, 0, 0, 255))
    return img


def traits_for(plan: Plan, images: dict[str, str], step_images: list[str], restrict_sides: bool
               ) -> tuple[list[str], list[str], list[str], list[str]]:
    """Outer and inner (type, state) lists around the Marker: (outer types, outer states, inner types, inner
    states). ``images`` maps face -> image name; ``step_images`` one image per step level (track badges)."""
    outer_t: list[str] = []
    outer_s: list[str] = []
    inner_t: list[str] = []
    inner_s: list[str] = []
    if plan.owner and restrict_sides:
        outer_t.append(tr.restricted([plan.owner]))
        outer_s.append("")
    if plan.step_levels:
        n = plan.step_levels
        outer_t += [tr.report_state([STEP_LOSS_KEY], STEP_LOSS_REPORT.format(n=n), "Report step losses"),
                    tr.report_state([RESTORE_KEY], RESTORE_REPORT.format(n=n), "Report restored steps")]
        outer_s += ["", ""]
    if plan.masked_face and plan.owner:
        outer_t.append(tr.report_state([MASK_KEY], MASK_REPORT, "Report mask and reveal"))
        outer_s.append("")
        inner_t.append(tr.obscurable(images[plan.masked_face], plan.owner, command="Reveal / mask", key=MASK_KEY,
                                     mask_name=MASK_NAME))
        inner_s.append(tr.obscurable_state(plan.owner))
    if plan.step_levels:
        imgs = step_images if plan.step_track else ["", images[plan.step_face or STEP_FACE]]
        # no reset key: "turn all units fresh" (the Face layer's reset) must not restore lost steps
        inner_t.append(tr.layer(STEP_LAYER, imgs, flip_key=STEP_LOSS_KEY, flip_text="Step loss", loop=False,
                                down_key=RESTORE_KEY, down_text="Restore step", reset_key=""))
        inner_s.append(tr.layer_state(1))
    return outer_t, outer_s, inner_t, inner_s


@dataclass
class Placing:
    """One Place-marker command of a unit's piece: the marker counter it places, its menu text and key, and whether
    the marker goes under the unit."""

    counter: str
    command: str
    key: str
    under: bool = False


def marker_keys(units: Sequence[dict[str, Any]], system: Any) -> dict[str, str]:
    """Marker counter id -> its Place-marker key, for the markers the rule system puts on the game's units and the
    game's counters have (a unit counter is never one), numbered in the order the units first offer them. A
    ``DataError`` when a game offers more markers than there are keys."""
    markers = {u.get("id") for u in units if system.counter_role(u) != "unit"}
    keys: dict[str, str] = {}
    for unit in units:
        if system.counter_role(unit) != "unit":
            continue
        for m in system.unit_markers(unit):
            if m.counter in markers and m.counter not in keys:
                if len(keys) == len(PLACE_KEY_CODES):
                    raise DataError(f"the rule system puts more than {len(PLACE_KEY_CODES)} kinds of markers on "
                                    f"units; the module has keys for {len(PLACE_KEY_CODES)}")
                keys[m.counter] = f"{PLACE_KEY_CODES[len(keys)]},130"
    return keys


def placings_for(unit: dict[str, Any], system: Any, keys: dict[str, str]) -> list[Placing]:
    """The Place-marker commands of ``unit``'s piece (markers the game lacks are left out)."""
    if system.counter_role(unit) != "unit":
        return []
    return [Placing(m.counter, m.command, keys[m.counter], m.under) for m in system.unit_markers(unit)
            if m.counter in keys]


def slot_paths(palette: Sequence[Any], wanted: set[str]) -> dict[str, str]:
    """PieceSlot gpid -> its VASSAL component path, for the ``wanted`` gpids of a palette of ``buildfile.ListSpec``
    widgets under the Pieces window's top TabWidget ``Pieces`` (as :mod:`.buildfile` writes it). A ``DataError`` if
    a name on the way ends with a backslash (VASSAL's path encoding cannot hold it)."""
    out: dict[str, str] = {}

    def walk(lst: Any, above: list[tuple[str, str | None]]) -> None:
        here = [*above, (WIDGET_CLASS[lst.kind], lst.name)]
        for slot in lst.slots:
            if slot.gpid in wanted and slot.gpid not in out:
                try:
                    out[slot.gpid] = tr.component_path([*here, (SLOT_CLASS, slot.name)])
                except ValueError as exc:
                    raise DataError(f"palette entry {slot.name!r}, a marker units place: {exc}") from None
        for child in lst.children:
            walk(child, here)

    for top in palette:
        walk(top, [(PIECE_WINDOW, None), (WIDGET_CLASS["tabs"], "Pieces")])
    return out


def place_traits(placings: Sequence[Placing], specs: dict[str, str], names: dict[str, str], first_gpid: int
                 ) -> tuple[list[str], list[str]]:
    """(types, states) of a ReportState and a Place Marker trait per placing; ``specs``: marker counter -> its slot's
    component path; ``names``: marker counter -> how the report names it; trait gpids from ``first_gpid`` on."""
    types: list[str] = []
    states: list[str] = []
    for i, p in enumerate(placings):
        name = names.get(p.counter, p.counter)
        types += [tr.report_state([p.key], PLACE_REPORT.format(marker=tr.display_text(name)), f"Report {p.command}"),
                  tr.place_marker(p.command, p.key, specs[p.counter], str(first_gpid + i),
                                  placement=tr.PLACE_BELOW if p.under else tr.PLACE_ABOVE, description=p.command)]
        states += ["", ""]
    return types, states
