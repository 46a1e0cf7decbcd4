"""Flames of War Pre-planned Artillery Targets (p.49) and Bulletproof Cover Firepower tests (p.39, p.48).

p.49 "An Artillery Unit that is not in Reserve may place its Ranged In marker anywhere on the table at the start of
the game after Objectives and Minefields have been placed, but before Deployment. This Ranged In marker indicates the
Artillery Unit's current Aiming Point at the start of the game"; p.96 "In a Meeting Engagement ... players do not
place their Ranged In markers as Preplanned Artillery Targets". A ``preplanned`` event (``unit`` a team of the
Artillery Unit, ``aim``) places the marker: a Repeat Bombardment may use it (:mod:`.artillery`).

p.39 "The Shooting player must roll a die for each unsaved hit on an Infantry or Gun Team in Bulletproof Cover. If
the roll equals or exceeds the weapon's Firepower rating, the target Team is Destroyed. If the roll is lower ... the
cover protects the Team"; p.48 against a Bombardment the Firepower is the adjusted one (p.49) and "Teams behind
Stone Walls, Bocage Hedgerows, and similar linear terrain are not in Bulletproof Cover from an Artillery
Bombardment" (a team claiming cover that stands in no bulletproof area terrain: a warning showing where).
"""

from __future__ import annotations

from typing import Any

from modgen.geometry.table import point_in_polygon
from modgen.rules.fow import teams as T
from modgen.rules.fow.artillery import artillery_weapon, bombardment_of, bombardment_ratings, ranged_in_markers
from modgen.rules.fow.foxholes import in_foxholes
from modgen.rules.fow.meeting import meeting_engagement
from modgen.rules.fow.notes import notes
from modgen.rules.fow.shooting import SaveDice

#: Terrain types that are linear obstacles: Bulletproof Cover from shooting, not from a Bombardment (p.48).
LINEAR = ("stone_wall", "bocage", "bocage_hedgerow", "hedge", "hedgerow", "wall")

EVENT_KINDS: dict[str, dict[str, Any]] = {
    "preplanned": {
        "type": "object",
        "description": "An Artillery Unit places its Ranged In marker as a Pre-planned Artillery Target before "
                       "Deployment (FoW p.49).",
        "properties": {
            "unit": {"type": "string", "minLength": 1, "description": "A team of the Artillery Unit."},
            "aim": {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2,
                    "description": "The Ranged In marker, table inches."},
        },
        "required": ["type", "unit", "aim"],
    },
}


class Preplanned:
    """p.49 Pre-planned Artillery Targets; p.96 none in a Meeting Engagement."""

    def __init__(self) -> None:
        self.deployed = False
        self.placed: dict[str, tuple[str, int]] = {}  # unit -> (team, event index)

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None:
            return
        kind = ev["type"]
        if kind == "setup" and isinstance(ev.get("pos"), list):
            self.deployed = True
        elif kind == "phase" and self.placed:
            for g, (uid, at) in self.placed.items():
                if not T.group_members(ctx, g):
                    ctx.error(ctx.rule("p.49"), f"{ctx.name(uid)}'s Unit placed a Pre-planned Ranged In marker "
                              "but is not on the table when play begins; only an Artillery Unit that is not in "
                              "Reserve places one", units=[uid], event_index=at)
            self.placed.clear()
        elif kind == "preplanned" and ev.get("unit") in ctx.units:
            self._place(ctx, ev)

    def _place(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid, aim = ev["unit"], ev.get("aim")
        t = T.team(ctx, uid)
        kw: dict[str, Any] = {"units": [uid], "position": list(aim) if isinstance(aim, list) else None}
        if meeting_engagement(ctx):
            ctx.error(ctx.rule("p.96"), f"{ctx.name(uid)}'s Unit places a Pre-planned Ranged In marker; in a Meeting "
                      "Engagement players do not place Pre-planned Artillery Targets", **kw)
            return
        if artillery_weapon(t) is None:
            ctx.error(ctx.rule("p.49"), f"{ctx.name(uid)} has no Artillery weapon; only an Artillery Unit places a "
                      "Pre-planned Ranged In marker", **kw)
            return
        if ctx.state.phase is not None or self.deployed:
            ctx.error(ctx.rule("p.49"), f"{ctx.name(uid)}'s Unit places a Pre-planned Ranged In marker after "
                      "Deployment began; it is placed at the start of the game, before Deployment", **kw)
        if isinstance(aim, list) and len(aim) == 2:
            ranged_in_markers(ctx)[t.group] = (float(aim[0]), float(aim[1]))
            self.placed[t.group] = (uid, ctx.index or 0)


class CoverFirepower(SaveDice):
    """p.39/p.48 the Firepower test for an unsaved hit on an Infantry or Gun Team in Bulletproof Cover."""

    def check(self, ctx: Any, ev: dict[str, Any], dice: list[int] | None, at: int) -> None:
        uid = ev.get("unit")
        if uid not in ctx.units or not ev.get("cover") or ctx.state.phase == "assault":
            return  # (p.55: Assaulting Teams are never in Bulletproof Cover from Defensive Fire, :mod:`.shooting`)
        t = T.team(ctx, uid)
        if t.cls not in ("infantry", "gun") or t.save is None:
            return
        where = ctx.state.table_pos.get(uid)
        by = ev.get("by")
        kw: dict[str, Any] = {"event_index": at, "event": ev, "units": [uid] + ([by] if by in ctx.units else []),
                              "position": list(where) if where else None}
        rng = bombardment_of(ctx, uid, by)
        if rng is not None:
            fp = bombardment_ratings(ctx, rng)[1]
            what = "the Bombardment's adjusted Firepower (p.49)"
            if where is not None:
                self._linear(ctx, uid, where, kw)
        else:
            shooter = by or self._shooter(ctx, uid)
            shots = notes(ctx).shots.get(shooter) or [] if shooter else []
            shot = next((s for s in reversed(shots) if s.target == uid), shots[-1] if shots else None)
            w = T.team(ctx, shooter).weapon(ev.get("weapon") or (shot.weapon if shot else None)) \
                if shooter in ctx.units else None
            fp = w.firepower if w is not None else None
            what = f"the {w.name}'s Firepower" if w is not None else "the weapon's Firepower"
        roll = ev["roll"] if isinstance(ev.get("roll"), int) else (dice[0] if dice else None)
        if isinstance(ev.get("reroll"), int):  # p.66: the Breakthrough Gun re-roll decides (.saverolls)
            roll = ev["reroll"]
        fp_roll = ev["fp_roll"] if isinstance(ev.get("fp_roll"), int) else \
            (dice[1] if dice and len(dice) > 1 and not (rng is not None and rng.repeat) else None)
        if isinstance(ev.get("fp_reroll"), int):  # p.76: a Bunker's re-rolled Firepower Test decides
            fp_roll = ev["fp_reroll"]
        result = {"bailed": "bailed_out"}.get(T.key(ev.get("result")), T.key(ev.get("result")))
        if roll is None or roll >= t.save or fp is None or fp_roll is None or result not in ("saved", "destroyed"):
            return
        expected = "destroyed" if fp_roll >= fp else "saved"
        if result != expected:
            page = "p.48" if rng is not None else "p.39"
            ctx.error(ctx.rule(page), f"{ctx.name(uid)} fails its {t.save}+ save ({roll}) in Bulletproof Cover; "
                      f"the Firepower test {fp_roll} against {what} {fp}+ leaves it "
                      f"{'Destroyed' if expected == 'destroyed' else 'protected by the cover'}, not {result}", **kw)

    @staticmethod
    def _shooter(ctx: Any, uid: str) -> str | None:
        best: tuple[str, int] | None = None
        for s, shots in notes(ctx).shots.items():
            for x in shots:
                if x.target == uid and (best is None or x.index > best[1]):
                    best = (s, x.index)
        return best[0] if best else None

    @staticmethod
    def _linear(ctx: Any, uid: str, where: tuple[float, float], kw: dict[str, Any]) -> None:
        """p.48: behind linear terrain is no Bulletproof Cover from a Bombardment (a warning: foxholes and
        buildings are where the team stands, which the 2-D map shows only as terrain areas)."""
        chart = ctx.tables.get("terrain") or {}
        inside = [a for a in ctx.table.terrain_areas if point_in_polygon(where, a["polygon"])
                  and chart.get(a.get("type", ""), {}).get("bulletproof") and a.get("type") not in LINEAR]
        if inside or in_foxholes(ctx, uid):
            return
        ctx.warning(ctx.rule("p.48"), f"{ctx.name(uid)} claims Bulletproof Cover against a Bombardment at "
                    f"({where[0]:.1f}, {where[1]:.1f}), which is in no building, crater or similar bulletproof "
                    "terrain on the map and carries no Foxholes marker; teams behind Stone Walls, Bocage and "
                    "similar linear terrain are not in Bulletproof Cover from a Bombardment", **kw)
