"""Flames of War Line of Sight on the table map, as far as a 2-D map shows it (p.28): Buildings and Hills block it
("Teams completely behind them cannot be seen"), and a line "more than 2"/5cm through Tall terrain" is blocked
"unless the Range is 6"/15cm or less". Heights of model and terrain, gaps and friendly teams are not on the map, so
every verdict here is a warning that shows its geometry.

The Spotting Team's view of the Aiming Point (p.46 "Pick a point on the table within Line of Sight of the Spotting
Team") is checked by :class:`SpotterSight` for each Ranging In attempt with an ``aim``.
"""

from __future__ import annotations

import math
from typing import Any

from modgen.geometry.table import length_inside, point_in_polygon
from modgen.rules.fow import teams as T

#: p.28 Line of Sight through Tall terrain: blocked beyond this much of it (inches, cm) ...
TALL_DEPTH = (2, 5)
#: ... unless the range is this or less.
TALL_RANGE = (6, 15)


def blocked(ctx: Any, a: tuple[float, float], b: tuple[float, float]) -> str | None:
    """Why the line from ``a`` to ``b`` is blocked on the map (a sentence with the geometry), or None."""
    m = T.measure(ctx)
    depth = TALL_DEPTH[1] / T.CM_PER_INCH if m.cm else float(TALL_DEPTH[0])
    near = TALL_RANGE[1] / T.CM_PER_INCH if m.cm else float(TALL_RANGE[0])
    chart = ctx.tables.get("terrain") or {}
    rng = math.dist(a, b)
    for area in ctx.table.terrain_areas:
        kind = str(area.get("type", ""))
        poly = area.get("polygon") or []
        name = area.get("name") or kind
        if "hill" in kind or kind == "building":
            if point_in_polygon(a, poly) or point_in_polygon(b, poly):
                continue  # seen from or into it, not past it
            if length_inside(a, b, poly) > 1e-6:
                return f"the line crosses {name}, which blocks Line of Sight past it"
        elif (chart.get(kind) or {}).get("height") == "tall" and rng > near + 1e-6:
            through = length_inside(a, b, poly)
            if through > depth + 1e-6:
                return f"the line runs {m.show(through)} through {name} (Tall terrain) over a range of {m.show(rng)}"
    return None


class SpotterSight:
    """p.46: the Aiming Point is within Line of Sight of the Spotting Team (a warning: judged from the map)."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None or ev["type"] != "range_in" or ev.get("unit") not in ctx.units:
            return
        aim, spotter = ev.get("aim"), ev["unit"]
        where = ctx.state.table_pos.get(spotter)
        if not (isinstance(aim, list) and len(aim) == 2) or where is None:
            return
        if T.team(ctx, spotter).cls == "aircraft":
            return  # p.28: terrain never blocks Line of Sight to or from Aircraft
        key = (spotter, float(aim[0]), float(aim[1]))
        seen = ctx.state.per_phase.setdefault("fow_spotter_sight", set())
        if key in seen:
            return
        seen.add(key)
        why = blocked(ctx, (float(where[0]), float(where[1])), (float(aim[0]), float(aim[1])))
        if why:
            ctx.warning(ctx.rule("p.46"), f"{ctx.name(spotter)} at ({where[0]:.1f}, {where[1]:.1f}) spots the Aiming "
                        f"Point ({float(aim[0]):.1f}, {float(aim[1]):.1f}): {why}; the Aiming Point must be within "
                        "the Spotting Team's Line of Sight: judge whether it is", units=[spotter],
                        position=[float(aim[0]), float(aim[1])])
