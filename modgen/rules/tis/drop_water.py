"""TiS drops on water [17.2.2]-[17.2.3]: "In case of landing on a lake, the unit suffers casualties and is placed on
the closest land hex"; "In case of landing on a sea square which isn't near land, the unit is eliminated".

A lake or sea is a map hex whose terrain id is ``lake`` or ``sea`` (the Arnhem map has none). The casualties of a
lake landing are the Casualties during the drop table's ``lake`` row, the designer's data (not printed in the seed:
a missing row is could-not-check, in :mod:`.drops`). The unit lands on the water hex (``reinforcement``) and is then
moved (``move`` path ending on land) to a land hex no farther from the water hex than any other land hex, before
the airborne phase ends. A sea hex "near land" has a land hex adjacent; a drop there is read by policy
``drop_sea_near_land`` (default ``as_lake``: casualties and the closest land hex; ``no_rule``: the book says
nothing, not checked); the drop chart's note agrees with as_lake ("placed on the adjacent land hex after its losses
are taken; if no adjacent land hex exists, the unit is eliminated"). That note contradicts [17.2.2] for a lake with
no land adjacent: policy ``drop_lake_far_from_land`` (default ``closest``, the rule's text; ``eliminated``, the
chart's note). A unit that is to be eliminated must be (a ``loss`` with ``eliminated``) before the phase ends.
"""

from __future__ import annotations

from typing import Any

WATER = ("lake", "sea")
PENDING = "tis_water_drops"


def is_land(ctx: Any, h: str) -> bool:
    return ctx.board.terrain(h) not in WATER


def closest_land(ctx: Any, h: str, limit: int = 12) -> tuple[int, set[str]]:
    """The distance from ``h`` to the nearest land hexes, and those hexes (rings out to ``limit``)."""
    seen, ring = {h}, {h}
    for d in range(1, limit + 1):
        ring = {n for x in ring for n in ctx.board.neighbours(x)} - seen
        seen |= ring
        land = {n for n in ring if is_land(ctx, n)}
        if land:
            return d, land
        if not ring:
            break
    return 0, set()


class DropWater:
    """[17.2.2], [17.2.3]."""

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        if ctx.board is None or st.phase != "airborne" or ev["type"] != "reinforcement" or not ev.get("hex"):
            return
        h, uid = ev["hex"], ev["unit"]
        terrain = ctx.board.terrain(h)
        if terrain not in WATER:
            return
        near_land = any(is_land(ctx, n) for n in ctx.board.neighbours(h))
        far = not near_land and (terrain == "sea" or ctx.policies.get("drop_lake_far_from_land") == "eliminated")
        if far:
            st.per_phase.setdefault(PENDING, {})[uid] = (h, "eliminated")
        elif terrain == "lake" or ctx.policies.get("drop_sea_near_land", "as_lake") == "as_lake":
            st.per_phase.setdefault(PENDING, {})[uid] = (h, "ashore")

    def phase_end(self, ctx: Any) -> None:
        st = ctx.state
        for uid, (h, owed) in sorted((st.per_phase.get(PENDING) or {}).items()):
            terrain = ctx.board.terrain(h)
            if owed == "eliminated":
                if uid not in st.eliminated:
                    rule = "17.2.3" if terrain == "sea" else "17.2.2"
                    ctx.error(ctx.rule(rule), f"{ctx.name(uid)} landed at {h}, a {terrain} hex with no land next "
                              f"to it, and was not eliminated; a unit landing on a {terrain} hex which isn't near "
                              "land is eliminated", units=[uid], hexes=[h])
                continue
            if uid in st.eliminated:
                continue
            at = st.position.get(uid)
            d, land = closest_land(ctx, h)
            if not land:
                ctx.could_not_check(ctx.rule("17.2.2"), f"a land hex near {h} (none within 12 hexes)")
            elif at not in land:
                rule = "17.2.2" if terrain == "lake" else "17.2.3"
                where = f"is at {at}" if at and at != h else f"stays on the {terrain}"
                ctx.error(ctx.rule(rule), f"{ctx.name(uid)} landed on the {terrain} at {h} and {where}; it is "
                          f"placed on the closest land hex ({', '.join(sorted(land))}, {d} away)", units=[uid],
                          hexes=[h, *([at] if at else [])])
