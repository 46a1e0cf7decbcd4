"""Flames of War Attachments and Reserves (p.96, p.93): "A Unit (along with its Attachments) must be kept together.
Either the whole Unit is in Reserve, or the whole Unit is deployed on table." "When a Unit arrives from Reserves, it
and its Attachments move onto the table from the table edge specified in the mission."

An Attachment is a Unit whose teams' ``group.attached_to`` names its core Unit (p.7). Transport Attachments are left
out: they may stay off the table and be Brought Forward later (p.23, :mod:`.forward`). Held in Ambush counts as on
the table (p.95, which lets an Attachment "Deploy ... as normal" beside an Ambushing Unit). The entry edge of an
arriving Attachment is its core Unit's (Scattered: the core Unit's die), checked by :mod:`.reserves`.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.reserves import reserve_rule
from modgen.rules.fow.transport import is_transport


def _attachments(ctx: Any, side: str) -> dict[str, str]:
    """Attachment group -> its core group, for the side's non-transport Attachments."""
    out: dict[str, str] = {}
    for u, rec in ctx.units.items():
        if rec.get("kind") in ("team", "unit") and ctx.side_of(u) == side:
            t = T.team(ctx, u)
            if t.attached_to and not is_transport(t):
                out[t.group] = t.attached_to
    return out


def _members(ctx: Any, group: str) -> list[str]:
    """Every team of the Unit, on the table or not."""
    return [u for u, rec in ctx.units.items() if rec.get("kind") in ("team", "unit") and T.team(ctx, u).group == group]


def _on_table(ctx: Any, group: str) -> bool:
    return any(u in ctx.state.table_pos or ctx.state.off_map.get(u) == "ambush" for u in _members(ctx, group))


def _name(ctx: Any, group: str) -> str:
    members = _members(ctx, group)
    lead = next((u for u in members if T.team(ctx, u).leader), members[0] if members else None)
    return f"{ctx.name(lead)}'s Unit" if lead else group


class AttachmentReserves:
    """p.96: a Unit and its Attachments are deployed or held in Reserve together, and arrive together."""

    def __init__(self) -> None:
        self.started = False

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None or self.started or ev["type"] != "phase":
            return
        self.started = True
        for side in {ctx.side_of(u) for u in ctx.units} - {None}:
            if reserve_rule(ctx, side) is None:
                continue
            for att, core in sorted(_attachments(ctx, side).items()):
                if _members(ctx, core) and _on_table(ctx, att) != _on_table(ctx, core):
                    there, held = (att, core) if _on_table(ctx, att) else (core, att)
                    ctx.error(ctx.rule("p.96"), f"{_name(ctx, there)} is deployed on the table while "
                              f"{_name(ctx, held)} is in Reserve; a Unit and its Attachments are kept together: "
                              "either the whole Unit is in Reserve or the whole Unit is on the table",
                              units=_members(ctx, there)[:1] + _members(ctx, held)[:1])

    def phase_end(self, ctx: Any) -> None:
        if ctx.table is None or ctx.state.phase != "movement" or reserve_rule(ctx, ctx.state.side) is None:
            return
        roll = ctx.state.per_player_turn.get("fow_reserves")
        came = ctx.state.per_player_turn.get("fow_attached_arrivals", {})
        arrived = set(roll["arrived"]) if roll else set()
        links = _attachments(ctx, ctx.state.side)
        for att, uid in came.items():
            core = links.get(att)
            if core and core not in arrived:
                ctx.error(ctx.rule("p.96"), f"{ctx.name(uid)}'s Attachment arrives from Reserve without its core "
                          f"Unit ({_name(ctx, core)}); a Unit and its Attachments move onto the table together",
                          units=[uid], position=list(ctx.state.table_pos.get(uid, ())) or None)
        for att, core in links.items():
            if core in arrived and att not in came and not _on_table(ctx, att) and \
                    any(not T.destroyed(ctx, u) for u in _members(ctx, att)):
                ctx.error(ctx.rule("p.96"), f"{_name(ctx, core)} arrives from Reserve without its Attachment "
                          f"{_name(ctx, att)}; a Unit and its Attachments move onto the table together",
                          units=_members(ctx, core)[:1] + _members(ctx, att)[:1])
