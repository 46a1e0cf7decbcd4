"""Line of sight for Conflict of Heroes fire (11.0, 18.0, 18.2, 20.3) on the shared hex toolkit
(:func:`modgen.geometry.hexline.line_of_sight`, :func:`~modgen.geometry.hexline.height_blocker`).

Section 11 (line of sight, blind hexes 11.4) is not in the rulebook fragment, so what blocks is the designer's data:
each terrain row's ``blocks_los`` and ``obstacle_height`` (the obstacle stands that many levels above the ground,
default 1) and its ground ``level`` (20.3 names levels L0 and L-1, the balka). Policy ``los_model``: ``sight_line``
(an intervening hex blocks when its ground plus obstacle rises above the straight line between the two units'
levels; on a flat map any obstacle blocks) or ``flat`` (levels ignored). What the fragment does state:
fortifications and hindrances never block (18.0); units outside a bunker's arc are out of its occupants' LOS (18.2);
airplanes see over hills and every ground obstacle, but the hex directly behind one is blind (20.3); smoke is a DM
(19.0), and whether it also blocks is the ``smoke_blocks_los`` policy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from modgen.geometry import arcs, hexline
from modgen.rules.coh import common as C


@dataclass
class Seen:
    """The verdict: ``clear``, else ``why`` (a sentence) and the blocking ``hex``; ``rule`` is the rule cited."""

    clear: bool
    why: str = ""
    hex: str | None = None
    rule: str = "11.0"


def _row(ctx: Any, h: str) -> dict[str, Any]:
    row = C.terrain_row(ctx, h)
    if row is None:
        raise LookupError(f"the terrain table has no row for {ctx.board.terrain(h)!r} ({h})")
    return row


def level(ctx: Any, h: str) -> float:
    """Ground level of the hex (terrain row ``level``, 0 when the data gives none)."""
    if ctx.policies.get("los_model", "sight_line") == "flat":
        return 0.0
    return float(_row(ctx, h).get("level") or 0)


def obstacle(ctx: Any, h: str) -> float:
    """Height of what stands on the hex above its ground: blocking terrain (``obstacle_height``, default 1), smoke
    when the ``smoke_blocks_los`` policy says so. Fortifications and hindrances add nothing (18.0)."""
    row = _row(ctx, h)
    height = float(row.get("obstacle_height", 1)) if row.get("blocks_los") else 0.0
    if ctx.policies.get("smoke_blocks_los", "no") == "yes" and C.smoke_in(ctx, h):
        height = max(height, 1.0)
    return height


def top(ctx: Any, h: str) -> float:
    return level(ctx, h) + obstacle(ctx, h)


def _what(ctx: Any, h: str) -> str:
    smoke = " (smoke)" if C.smoke_in(ctx, h) and ctx.policies.get("smoke_blocks_los", "no") == "yes" else ""
    return f"{ctx.board.terrain(h)}{smoke} at level {level(ctx, h):g}, top {top(ctx, h):g}"


def ground_sight(ctx: Any, here: str, there: str) -> Seen:
    """Line of sight between two ground hexes; adjacent and same-hex sight is always clear."""
    if ctx.board.distance(here, there) <= 1:
        return Seen(True)
    grid = ctx.board.grid
    blocks = hexline.height_blocker(grid, here, there, lambda h: level(ctx, h), lambda h: top(ctx, h))
    along = ctx.policies.get("los_along_hexside", "both")
    seen = hexline.line_of_sight(grid, here, there, blocks_hex=blocks, along_side=along)
    if seen.clear:
        return Seen(True)
    h = seen.hex or ""
    return Seen(False, f"{h} ({_what(ctx, h)}) blocks the line from {here} (level {level(ctx, here):g}) to {there} "
                f"(level {level(ctx, there):g})", h)


def air_sight(ctx: Any, plane_hex: str, there: str) -> Seen:
    """20.3: an airplane sees over every ground obstacle, but the hex directly behind an obstacle is blind (the
    hex before the target on the line rises above the target's ground; the L0 to L-1 drop of a balka counts)."""
    if ctx.board.distance(plane_hex, there) <= 1:
        return Seen(True)
    readings = hexline.lines(ctx.board.grid, plane_hex, there)
    blind = [p[-2] for p in readings if top(ctx, p[-2]) > level(ctx, there)]
    if len(blind) < len(readings):  # along a hexside one clear reading is enough (the ``both`` reading)
        return Seen(True)
    h = blind[0]
    return Seen(False, f"{there} is a blind hex behind {h} ({_what(ctx, h)}) seen from the airplane at {plane_hex}",
                h, "20.3")


def sight(ctx: Any, uid: str, here: str, there: str) -> Seen:
    """Can ``uid`` at ``here`` see hex ``there``? Bunker occupants see only inside the bunker's arc (18.2)."""
    bunker = occupied_bunker(ctx, uid)
    if bunker is not None:
        face = (ctx.state.notes.get("coh_fort_facing") or {}).get((here, bunker))
        width = float(ctx.policies.get("front_arc", 120))
        if face is not None and here != there and not arcs.in_arc(face, C.bearing(ctx, here, there), width):
            return Seen(False, f"{there} is outside the arc of the bunker at {here} (facing {face:g}); units outside "
                        "a bunker's arc are out of its occupants' LOS", here, "18.2")
    if C.unit_class(ctx, uid) == "airplane":
        return air_sight(ctx, here, there)
    return ground_sight(ctx, here, there)


def occupied_bunker(ctx: Any, uid: str) -> str | None:
    fort = (ctx.state.notes.get("coh_occupying") or {}).get(uid)
    return fort if fort and (C.fort_table(ctx).get(fort) or {}).get("type") == "bunker" else None
