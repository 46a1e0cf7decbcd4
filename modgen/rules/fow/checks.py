"""Flames of War checks: the turn's steps in order (p.16), deployment inside the mission's zones (p.97), movement
and orders (pp.17-25, :mod:`.movement`), shooting and saves (pp.26-39, :mod:`.shooting`) assaults (pp.52-53,
:mod:`.assault`), the Starting Step's tests and Pinned Down (pp.8, 16, 38, 41, 60-61, :mod:`.morale`) and hit
allocation with Mistaken Target (pp.34-35, :mod:`.allocation`), measured on the table from team positions in inches.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.aircraft import Aircraft
from modgen.rules.fow.airreserve import AircraftReserve
from modgen.rules.fow.airweapons import AircraftWeapons
from modgen.rules.fow.allocation import Assign, MistakenTarget
from modgen.rules.fow.ambush import Ambush
from modgen.rules.fow.artillery import Bombardment, BombardmentSaves
from modgen.rules.fow.assault import Assault
from modgen.rules.fow.attachments import AttachmentReserves
from modgen.rules.fow.crossing import Crossing, Victory
from modgen.rules.fow.deploycommand import DeployCommand
from modgen.rules.fow.forward import BringForward, Passengers
from modgen.rules.fow.foxholes import Foxholes
from modgen.rules.fow.leading import LeadingFromTheFront
from modgen.rules.fow.leaving import NoLeaving
from modgen.rules.fow.meeting import MeetingEngagement
from modgen.rules.fow.melee import Melee
from modgen.rules.fow.morale import Morale, Pinning
from modgen.rules.fow.movement import Command, Movement
from modgen.rules.fow.night import TimeOfDay
from modgen.rules.fow.preplanned import CoverFirepower, Preplanned
from modgen.rules.fow.rerolls import Rerolls
from modgen.rules.fow.reserve_limits import ReserveLimits
from modgen.rules.fow.reserves import Reserves
from modgen.rules.fow.saverolls import SaveRerolls
from modgen.rules.fow.shooting import Saves, Shooting
from modgen.rules.fow.sight import SpotterSight
from modgen.rules.fow.smoke import SmokeBombardment
from modgen.rules.fow.spearhead import Spearhead, extension, kind_of
from modgen.rules.fow.specialfire import SpecialFire
from modgen.rules.fow.starting import StartingOrder
from modgen.rules.fow.succession import Succession
from modgen.rules.fow.survivors import Survivors
from modgen.rules.fow.transport import Transports
from modgen.rules.fow.victory import MissionVictory
from modgen.rules.fow.withdrawal import StrategicWithdrawal
from modgen.rules.seqcheck import Sequence


def inside(polygon: list[list[float]], point: list[float]) -> bool:
    """Point in polygon (even-odd rule); points on an edge count as inside."""
    x, y = point
    n, hit = len(polygon), False
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        if min(x1, x2) <= x <= max(x1, x2) and min(y1, y2) <= y <= max(y1, y2) and \
                abs((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)) < 1e-9:
            return True  # on the edge
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


class Deployment:
    """A team set up on the table (or moved while deploying, not a Spearhead move) must be inside one of its side's
    deployment zones (ids ``deploy…``)."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.state.phase is not None or ev.get("unit") not in ctx.units:
            return  # a setup during play (a Transport Brought Forward, p.23) is not deployment
        uid = ev["unit"]
        if ev["type"] == "move" and isinstance(ev.get("to_pos"), list) and kind_of(T.team(ctx, uid)) is None:
            ev = {**ev, "pos": ev["to_pos"]}  # re-placed while deploying (a Spearhead move is .spearhead's)
        elif ev["type"] != "setup" or not isinstance(ev.get("pos"), list):
            return
        side = ctx.side_of(uid)
        try:
            table = ctx.game.map(ctx.scenario.get("map"))
        except Exception:
            return
        zones = [z for z in table.get("zones") or [] if z.get("side") == side and z.get("id", "").startswith("deploy")]
        if not zones:
            ctx.could_not_check(ctx.rule("p.97"), f"the table has no deployment zone for {side}")
            return
        if not any(inside(z["polygon"], ev["pos"]) for z in zones):
            if extension(ctx, uid, ev["pos"], float(ev.get("facing") or 0)):
                return  # p.68: within 8" of an In Command Spearhead team (.spearhead judges the rest)
            names = ", ".join(z.get("name", z["id"]) for z in zones)
            ctx.error(ctx.rule("p.97"), f"{ctx.name(uid)} is deployed at {ev['pos']}, outside {names}", units=[uid])


def make_checkers(ctx: Any) -> list[Any]:
    """The FoW checks for one replay. The rulebook sets no turn limit, so the game length is not checked."""
    return [Sequence("p.16", "p.16", "turn", check_length=False), MeetingEngagement(), Deployment(), Movement(),
            Command(), Shooting(),
            Saves(), LeadingFromTheFront(), Melee(), Assault(), Morale(), Pinning(), Assign(), MistakenTarget(),
            Transports(), BringForward(), Passengers(), Crossing(), Victory(), Bombardment(), BombardmentSaves(),
            SpotterSight(), SmokeBombardment(), Reserves(), Succession(), Aircraft(),
            Ambush(), ReserveLimits(), StartingOrder(), StrategicWithdrawal(), MissionVictory(),
            TimeOfDay(), Rerolls(), SpecialFire(), AircraftWeapons(),
            Preplanned(), CoverFirepower(), Survivors(), NoLeaving(),
            SaveRerolls(), Foxholes(), Spearhead(), AttachmentReserves(), DeployCommand(),
            AircraftReserve()]
