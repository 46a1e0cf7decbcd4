"""The Flames of War (4th edition) rule-system plugin.

Teams are ``kind: "team"`` counters whose ``class`` is the team type (p.6): ``tank``, ``infantry``, ``gun`` or
``aircraft``. Sequence of play, tables and policies follow the rulebook digest (shared/reference/rules/fow.md).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import chat_more, night, preplanned
from modgen.rules.fow import tables as fow_tables
from modgen.rules.fow.events import CHAT_VERBS, EVENT_KINDS
from modgen.rules.fow.mission_events import MISSION_CHAT, MISSION_EVENTS
from modgen.rules.fow.policies import POLICIES
from modgen.rules.tableplugin import TablePlugin
from modgen.systems.base import Chore, Die, Family, Phase, UnitMarker

#: Starting Step checklist, in the order p.16 gives it.
STARTING_STEP: tuple[str, ...] = (
    "remount", "rally", "unit_last_stand", "formation_last_stand", "check_victory",
    "reveal_ambushes", "reserves", "aircraft", "remove_smoke",
)

_RATINGS = ["skill", "motivation", "is_hit_on"]
_REQUIRED: dict[str, list[str]] = {
    # Armoured tanks print Front/Side/Top armour (p.26); unarmoured ones a save instead (p.39).
    "tank": ["armour_front", "armour_side", "armour_top", "movement", *_RATINGS],
    "tank_unarmoured": ["save", "movement", *_RATINGS],
    "infantry": ["save", "movement", *_RATINGS],
    "gun": ["save", "movement", *_RATINGS],
    "aircraft": ["save", "is_hit_on"],
}


class FlamesOfWar(TablePlugin):
    """Flames of War 4th ed. plugin: table schema, required team values, turn steps, policies."""

    tables = fow_tables
    required = _REQUIRED
    checks_module = "modgen.rules.fow.checks"  # step order (p.16) and deployment zones (p.97)
    unit_kinds = ("team", "unit")

    def value_class(self, unit: dict[str, Any]) -> str:
        cls = unit.get("class", "")
        return "tank_unarmoured" if cls == "tank" and "unarmoured" in (unit.get("tags") or []) else cls

    def phases(self, game: Any = None) -> list[Phase]:
        # p.16: each player's turn is Starting, Movement, Shooting, Assault; the Attacker goes first.
        return [
            Phase("starting", "Starting Step"),
            Phase("movement", "Movement Step"),
            Phase("shooting", "Shooting Step"),
            Phase("assault", "Assault Step"),
        ]

    def chores(self, game: Any = None) -> list[Chore]:
        """p.16 Starting Step: "Remove Friendly Smoke Markers"; p.51: "All Smoke fired by a player is removed at
        the start of their next turn". Smoke markers have no side, so the player selects their own."""
        return [Chore("Remove Smoke markers (selected)", "starting", "p.51", "remove", ("marker.smoke",),
                      selected=True, note="select the smoke you fired last turn (p.16, p.51)")]

    def unit_markers(self, counter: dict[str, Any]) -> tuple[UnitMarker, ...]:
        """Every team can be marked Pinned Down (p.41: the Unit's state, marked on its teams) and Out of Command
        (p.18); a tank can be Bailed Out (p.38)."""
        if counter.get("kind") not in ("team", "unit"):
            return ()
        out = [UnitMarker("marker.pinned_down", "Place Pinned Down marker", "p.41")]
        if counter.get("class") == "tank":
            out.append(UnitMarker("marker.bailed_out", "Place Bailed Out marker", "p.38"))
        out.append(UnitMarker("marker.out_of_command", "Place Out of Command marker", "p.18"))
        return tuple(out)

    def event_kinds(self) -> dict[str, dict[str, Any]]:
        return dict(EVENT_KINDS) | MISSION_EVENTS | night.EVENT_KINDS | preplanned.EVENT_KINDS

    def chat_verbs(self) -> dict[str, Any]:
        return dict(CHAT_VERBS) | MISSION_CHAT | chat_more.CHAT

    def default_layout(self, unit: dict[str, Any]) -> str:
        return "fow-team" if unit.get("kind") in ("team", "unit") else "fow-marker"


#: The module's dice buttons (the system's dice).
DICE = (Die("1d6"), Die("d6 pool", 1, 6, prompt=True))

#: Checked: the turn's steps, deployment, movement and orders, Cross checks, transports, command distance, shooting,
#: hit allocation, Mistaken Target, saves, Pinned Down, the whole assault (eligibility, charge, Defensive Fire, Fall
#: Back, hits and saves, Counterattack, Break Off, Consolidation), the Starting Step's tests and Last Stand, and
#: Holding Objectives for the mission's victory, Artillery and Smoke Bombardments, Bring Transports Forward, Leading
#: from the Front, the Meeting Engagement's first turn, Reserve rolls and aircraft arrival and departure; the
#: missions' Ambush, Reserves, Strategic Withdrawal and victory conditions as scenario data, and Victory Points.
FAMILIES = (
    Family("sequence", rules=("p.16",),
           note="the Starting Step's order where events show it (tests, Ambush, Reserves, Aircraft, Smoke)"),
    Family("setup", rules=("p.93", "p.97"),
           note="teams placed inside the Deployment Area (p.97) and every Unit placed In Command (p.93)"),
    Family("movement", tables=("movement", "terrain"), rules=("p.17", "p.19", "p.20", "p.22", "p.23", "p.24", "p.25",
                                                              "p.41", "p.67", "p.90", "p.91"),
           note="Night (Terrain Dash at most, +1 Cross) and Unreliable, Wide Tracks, Overloaded checked; visibility "
           "is a 2-D proxy (Bring Transports Forward in sight: a warning); where surviving Passengers are placed is "
           "a warning"),
    Family("command", tables=("command_distance",), rules=("p.18",),
           note="'directly towards the Leader' is a warning"),
    Family("fire", tables=("skill",), rules=("p.4", "p.26", "p.27", "p.28", "p.33", "p.34", "p.35", "p.36", "p.38",
                                             "p.39", "p.40", "p.42", "p.43", "p.66", "p.67", "p.71", "p.72", "p.73",
                                             "p.76", "p.90", "p.96"),
           note="line of sight and concealment are the players' call (declared modifiers); hits assigned "
           "'evenly' per Unit and per weapon type; leader and Commander succession (p.40); re-rolls to hit only by "
           "a rule, each miss once; Snipers and Flame-throwers pin; Bulletproof Cover Firepower tests; save "
           "re-rolls against Breakthrough Guns and Firepower re-rolls against Bunkers, also against Bombardments "
           "(Repeat Bombardments re-roll saves) and in Assaults (no save re-roll)"),
    Family("artillery", tables=("skill", "terrain"), rules=("p.45", "p.46", "p.47", "p.48", "p.49", "p.51", "p.96"),
           note="Bombardments: Spotting Team, range, Danger Close, 6\" Template, Ranging In, to hit and re-rolls, "
           "Top-armour saves with the adjusted ratings, auto-pinning, Repeat, none in the first player's first "
           "Shooting Step of a Meeting Engagement; the Spotter's line of sight is a warning from the "
           "2-D map; Smoke Bombardments (once per game, first in the Step, no Terrain or Danger Close, 4\" of "
           "screen per weapon); Rocket Launcher Double-width and Devastating Templates, Pre-planned targets, "
           "Bulletproof Cover Firepower tests, aircraft bombs; buildings and the AOP's third-attempt re-roll not "
           "checked"),
    Family("combat", tables=("skill",), rules=("p.52", "p.53", "p.55", "p.56", "p.57", "p.58", "p.59"),
           note="'shortest route'/'shortest distance' (Fall Back's 'shortest distance necessary' a warning), "
           "Sneaking up on Tanks (Concealed) and the Leading from the Front Line of Sight are judgement"),
    Family("morale", tables=("motivation",), rules=("p.8", "p.16", "p.38", "p.41", "p.60", "p.61"),
           note="Remount, Rally, Unit and Formation Last Stand, Pinned Down by hits, by assault hits, by "
           "bombardment hits and by Sniper and Flame-thrower hits; a Komissar's second re-roll; Commander LOS is a "
           "warning"),
    Family("victory", tables=("victory_points",), rules=("p.8", "p.93", "p.94", "p.97", "p.98", "p.99", "p.100",
                                                          "p.101", "p.102"),
           note="Holding the mission's objectives at the start of the turn; the scenario's victory.conditions "
           "(hold, clear of enemy Tank/Infantry teams near objectives or in a zone, a turn, no Formations on the "
           "table) from victory.from_turn; the player with no Formation In Good Spirits other than Allied "
           "Formations loses; Victory Points and the level of victory against the p.93 table (policy "
           "no_winner_victory_points)"),
    Family("reinforcements", rules=("p.65", "p.68", "p.93", "p.95", "p.96", "p.97"),
           note="Reserves (the scenario's special_rules): the dice each turn, the Units that arrive, entry inside "
           "the mission's entry zones (Scattered: the designer's die-to-zone table), In Command at the end of the "
           "arrival move, no orders before arriving, 60% of the points on the table (points are the designer's "
           "data), Flanking (one Unit in Reserve) and Deep Reserves; Ambush (held off_map, revealed in the "
           "Starting Step, whole Unit, In Command, own Deployment Area, 4\" always, 16\" a Line of Sight "
           "warning); Strategic Withdrawal with Delay Counters; Attachments deployed, held and arriving with "
           "their core Unit; Foxholes at the start and after an Ambush; Spearhead deployment (Concealment a "
           "warning); No Leaving the Table. Ambushing Attachments placed Mounted not checked"),
    Family("air", rules=("p.32", "p.44", "p.46", "p.49", "p.50", "p.90", "p.96"),
           note="Aircraft arrival (4+, Close Air Support 3+) and Fighter Interception (5+), placed in the Movement "
           "Step, removed at the end of the Shooting Step, the 8\" safety distance when targeting, none in the "
           "first player's first turn of a Meeting Engagement, none at Night; one declared weapon type a turn, "
           "weapon ranges, bombs (spotting, Danger Close 8\", no Repeat), the AOP (no roll, 16\" to the Aiming "
           "Point); Aircraft in Reserve (held off_map reserve, arriving when a reserves roll names it in "
           "'aircraft': no Aircraft roll or placement before); Deep Reserves' one Aircraft Unit on the table not "
           "checked (Aircraft are never placed at Deployment)"),
)

plugin = FlamesOfWar(id="fow", name="Flames of War", rule_prefix="FoW", policies=POLICIES, dice=DICE,
                     families=FAMILIES)
