"""TiS anti-tank barricades [12.4]: "Anti-tank barricades have only 3 edges; only on chosen directions do they affect
enemy units." The token is directed when placed [12.4.2]; its three edges cost armoured and motorized units that
cross them 3 MP more [12.4.3] (read by :mod:`.movement`); defenders attacked across them count as entrenched
[12.4.4], black stars (and flamethrowers) are cancelled [12.4.5], armoured attackers across them are halved [12.4.6],
and when only armoured, mechanized and recon cars attack across them the defender gets -1 [12.4.7] (policy
``at_barricade_modifier``) (read by :mod:`.odds`). Who builds one [12.4.1] is checked in :mod:`.engineers`.

In the log the barricade is a ``marker`` ``at_barricade`` on a hex; its direction is the marker's ``edges`` (the
1-3 neighbouring hexes across its edges; 3 contiguous ones) or ``facing`` (degrees clockwise from the top of the
map: the edge nearest that bearing and the two beside it), or a later ``barricade`` event (``!barricade 1211 1311
1312 1212`` or ``!barricade 1211 facing 90``) for a marker dragged onto the map in VASSAL.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from modgen.geometry.arcs import bearing, difference
from modgen.rules.tis import common as c

AT_BARRICADE = "at_barricade"
NOTES = "tis_barricades"  # state.notes: hex -> {"edges": set of neighbour hexes or None, "side": the builder's side}
EDGES = 3  # [12.4] "only 3 edges"


def _facing_edges(ctx: Any, h: str, facing: float) -> set[str]:
    """The three neighbours of ``h`` whose bearing is nearest ``facing`` (the middle edge and the two beside it)."""
    grid = ctx.board.grid
    here = grid.center_px(h, 100)
    near = sorted(ctx.board.neighbours(h),
                  key=lambda n: abs(difference(bearing(here, grid.center_px(n, 100)), facing)))
    return set(near[:EDGES])


def _contiguous(ctx: Any, h: str, edges: set[str]) -> bool:
    """Whether the edges toward ``edges`` are next to each other around ``h`` (a barricade's 3 edges are)."""
    ring = list(ctx.board.grid.neighbours(h, on_map=False))
    idx = sorted(ring.index(e) for e in edges if e in ring)
    if len(idx) != len(edges):
        return False
    n = len(ring)
    return any(all((i + k) % n in idx for k in range(len(idx))) for i in idx)


def direct(ctx: Any, h: str, ev: dict[str, Any]) -> None:
    """Record the direction an event gives the barricade at ``h`` (``edges`` or ``facing``), checking [12.4.2]."""
    notes = ctx.state.notes.setdefault(NOTES, {})
    entry = notes.setdefault(h, {"edges": None, "side": None})
    edges = ev.get("edges")
    if isinstance(edges, list) and edges:
        got = {e for e in edges if isinstance(e, str)}
        bad = sorted(e for e in got if not ctx.board.adjacent(h, e))
        if bad:
            ctx.error("LOG", f"the AT barricade at {h} is directed toward {', '.join(bad)}, which "
                      f"{'is' if len(bad) == 1 else 'are'} not next to {h}", hexes=[h, *bad])
            return
        if len(got) != EDGES or not _contiguous(ctx, h, got):
            toward = ", ".join(sorted(got))
            ctx.error(ctx.rule("12.4.2"), f"the AT barricade at {h} is given the edges toward {toward}; "
                      "a barricade has 3 edges side by side, in the direction it is placed", hexes=[h, *sorted(got)])
            return
        entry["edges"] = got
    elif isinstance(ev.get("facing"), int | float) and not isinstance(ev.get("facing"), bool):
        entry["edges"] = _facing_edges(ctx, h, float(ev["facing"]))


def edges_of(ctx: Any, h: str) -> tuple[bool, set[str] | None, str | None]:
    """(a barricade stands at ``h``, the neighbours across its edges or None when not directed, its side)."""
    if AT_BARRICADE not in ctx.state.hex_markers.get(h, set()):
        return False, None, None
    entry = (ctx.state.notes.get(NOTES) or {}).get(h) or {}
    return True, entry.get("edges"), entry.get("side")


def _undirected(ctx: Any, h: str, what: str) -> None:
    said = ctx.state.notes.setdefault("tis_barricades_said", set())
    if h not in said:
        said.add(h)
        ctx.could_not_check(ctx.rule("12.4.2"), f"the AT barricade at {h} has no direction (the marker's edges or "
                            f"facing, or a barricade event); {what} not checked")


def barricade_mp(ctx: Any, uid: str, a: str, b: str) -> int:
    """[12.4.3]: 3 more MP for an armoured or motorized unit crossing a barricade edge (a barricade affects the
    builder's enemies; one whose builder is unknown affects everyone)."""
    if c.move_class(ctx, uid) not in ("armoured", "motorized"):
        return 0
    for here, there in ((a, b), (b, a)):
        there_is, edges, side = edges_of(ctx, here)
        if not there_is or side == ctx.side_of(uid) and side is not None:
            continue
        if edges is None:
            _undirected(ctx, here, "its +3 MP [12.4.3]")
        elif there in edges:
            return 3
    return 0


@dataclass
class Effects:
    """What the defenders' barricade does to one battle."""

    through: list[str] = field(default_factory=list)  # attackers across its edges
    entrenched: bool = False  # [12.4.4]
    halved: list[str] = field(default_factory=list)  # armoured attackers across it [12.4.6]
    armour_only: bool = False  # [12.4.7]
    hex: str | None = None


def effects(ctx: Any, attackers: list[str], defenders: list[str]) -> Effects:
    """The effects [12.4.4]-[12.4.7] of a barricade in the defenders' hex on attackers across its edges."""
    out = Effects()
    pos = ctx.state.position
    dhexes = sorted({pos[d] for d in defenders if pos.get(d)})
    if len(dhexes) != 1 or not attackers:
        return out
    dhex = dhexes[0]
    there_is, edges, side = edges_of(ctx, dhex)
    if not there_is or (side is not None and side == ctx.side_of(attackers[0])):
        return out
    if edges is None:
        _undirected(ctx, dhex, "its combat effects [12.4.4]-[12.4.7]")
        return out
    out.hex = dhex
    out.through = [u for u in attackers if pos.get(u) in edges]
    if not out.through:
        return out
    rule = ctx.policies.get("at_barricade_sides", "any")
    out.entrenched = rule == "any" or len(out.through) == len(attackers)
    out.halved = [u for u in out.through if c.is_armoured(ctx, u)]
    out.armour_only = all(c.is_armour_or_mech(ctx, u) for u in out.through)
    return out


class Barricades:
    """Bookkeeping of barricade directions [12.4.2] (``marker`` ``at_barricade`` with ``edges``/``facing``, the
    ``barricade`` event)."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.board is None or getattr(ctx.board, "grid_kind", None) != "hex":
            return
        t = ev["type"]
        if t == "marker" and ev.get("marker") == AT_BARRICADE:
            h = ev.get("hex")  # a barricade stands on a hex (the engineers check moves it there from its builder)
            notes = ctx.state.notes.setdefault(NOTES, {})
            if not h:
                return
            if not ev.get("on"):
                notes.pop(h, None)
                return
            notes[h] = {"edges": None, "side": ctx.side_of(ev["unit"]) if ev.get("unit") else None}
            direct(ctx, h, ev)
        elif t == "barricade" and isinstance(ev.get("hex"), str):
            h = ev["hex"]
            if AT_BARRICADE not in ctx.state.hex_markers.get(h, set()):
                ctx.error("LOG", f"a barricade event directs the AT barricade at {h}, but no at_barricade marker is "
                          "there", hexes=[h])
                return
            direct(ctx, h, ev)
