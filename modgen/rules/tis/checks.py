"""The TiS checks: the stage sequence [3.1], [3.3], phase discipline, movement and zones of control [4], [6],
stacking [5.1], direct combat [7], and the scenario's reinforcement schedule with the airborne landings [17]
(:mod:`modgen.rules.tis.arrivals`), and air units [26] (:mod:`modgen.rules.tis.air`)."""

from __future__ import annotations

from typing import Any

from modgen.rules.seqcheck import Sequence
from modgen.rules.tis.air import Air
from modgen.rules.tis.arrivals import Reinforcements
from modgen.rules.tis.artillery import Artillery
from modgen.rules.tis.at_teams import AtTeams
from modgen.rules.tis.attrition import Attrition
from modgen.rules.tis.barricades import Barricades
from modgen.rules.tis.battlegroups import Battlegroups
from modgen.rules.tis.bridges import Bridges
from modgen.rules.tis.columns import Columns
from modgen.rules.tis.combat import Combat
from modgen.rules.tis.counterattacks import Counterattacks
from modgen.rules.tis.crossings import Crossings
from modgen.rules.tis.drop_water import DropWater
from modgen.rules.tis.drops import Drops
from modgen.rules.tis.engineer_roles import EngineerRoles
from modgen.rules.tis.engineers import Engineers
from modgen.rules.tis.far import FireAtRange
from modgen.rules.tis.far_results import FarResults
from modgen.rules.tis.fire import ArtilleryFire
from modgen.rules.tis.fortifications import Fortifications
from modgen.rules.tis.hq import Headquarters
from modgen.rules.tis.march import AttackFromMarch
from modgen.rules.tis.mines import Minefields
from modgen.rules.tis.movement import Movement
from modgen.rules.tis.night import NightLosses
from modgen.rules.tis.objects import Objects
from modgen.rules.tis.objfire import ObjectFire
from modgen.rules.tis.obligations import HqEffects, Obligations
from modgen.rules.tis.phases import Landings, PhaseDiscipline
from modgen.rules.tis.recon import Recon
from modgen.rules.tis.retreats import Retreats
from modgen.rules.tis.sea import SeaCasualties
from modgen.rules.tis.stacking import Stacking
from modgen.rules.tis.supply import Supply
from modgen.rules.tis.victory import Victory
from modgen.rules.tis.visibility import Visibility
from modgen.rules.tis.weather import Weather


def make_checkers(ctx: Any) -> list[Any]:
    """The TiS checks for one replay ([3.3] phase order follows policy ``phase_order``)."""
    interleaved = ctx.policies.get("phase_order") == "interleaved"
    return [Sequence("3.3", "3.1", "stage", interleaved=interleaved), Reinforcements(), PhaseDiscipline(),
            Barricades(), AttackFromMarch(),
            Movement(), Stacking(), Combat(), Retreats(), ArtilleryFire(), Obligations(), HqEffects(), Landings(),
            Supply(), Attrition(), Engineers(), Victory(), Air(), FireAtRange(), Counterattacks(), Fortifications(),
            Minefields(), Crossings(), Objects(), Bridges(),
            Artillery(), Headquarters(), Weather(), Drops(), Recon(), Columns(), Battlegroups(), AtTeams(),
            Visibility(), FarResults(), NightLosses(), ObjectFire(), EngineerRoles(), DropWater(), SeaCasualties()]
