"""The Taktyka i Strategia (WWII battles system; Arnhem 1944) rule-system plugin.

A game turn is a *stage*; Arnhem has three stages a day (1e, 2e, 3e). Counters print movement, artillery fire
range (AFR), FaR GUN/ARMOR factors and black/yellow stars; strength (SP per EP step) comes from scenario tables,
so units carry a ``steps`` track (docs/design.md). The reverse shows only the side [1.2].
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tableplugin import TablePlugin
from modgen.rules.tis import tables as tis_tables
from modgen.rules.tis.events import CHAT_VERBS, EVENT_KINDS
from modgen.rules.tis.policies import POLICIES
from modgen.systems.base import Die, Family, Phase, UnitMarker

STAGES_PER_DAY = 3  # Arnhem scenario sheet: stages "1e, 2e, 3e"

_GROUND = ["movement"]
_REQUIRED: dict[str, list[str]] = {
    "infantry": _GROUND,
    "airborne": _GROUND,
    "mechanized": _GROUND,
    "motorized": _GROUND,
    "recon": _GROUND,
    "engineer": _GROUND,
    "hq": _GROUND,
    "armour": ["movement", "gun", "armor", "black_stars"],  # [15.1], [29.1.1]
    "artillery": ["movement", "afr"],  # field artillery prints its range in a red square [9.0]
    "at_artillery": ["movement", "gun", "armor"],  # [10.1]; fires at range [15.1.1]
    "aa_artillery": ["movement"],
    "at_team": ["gun"],  # PIAT / Panzerfaust teams fire at range [35.2]
    "air": [],  # air units show only strength and type [26.0]
}

# [3.3]: the eight phases of one player's half of a stage, in order. The counterattack phase is played by the
# non-phasing player [8.1.1]; the combat phase resolves those counterattacks, then the phasing player's attacks.
_PLAYER_PHASES = (
    ("air", "Air phase"),
    ("airborne", "Airborne assault phase"),
    ("barrage", "Artillery barrage phase"),
    ("naval", "Naval assault / beach landing phase"),
    ("movement", "Movement phase"),
    ("counterattack", "Counterattack phase"),
    ("combat", "Combat phase"),
    ("supply", "Supply phase"),
)


class TaktykaIStrategia(TablePlugin):
    """TiS plugin: table schema, required counter values, stage sequence, policies."""

    tables = tis_tables
    required = _REQUIRED
    checks_module = "modgen.rules.tis.checks"

    def event_kinds(self) -> dict[str, dict[str, Any]]:
        return dict(EVENT_KINDS)

    def chat_verbs(self) -> dict[str, Any]:
        return dict(CHAT_VERBS)

    def phases(self, game: Any = None) -> list[Phase]:
        # Weather is rolled once a stage, at the start of the first air phase [45.1.2]; then each player's
        # eight phases, the initiative player first (policy phase_order, default player_blocks).
        return [Phase("weather", "Weather", per_side=False)] + [Phase(i, n) for i, n in _PLAYER_PHASES]

    def phases_used(self, game: Any, scenario: dict[str, Any] | None = None) -> list[Phase]:
        """[3.3]'s naval assault / beach landing phase is for naval units [18] and beach landings [19]: a game with
        no naval counters and no beach terrain does not play it (Arnhem: "generic, not used"). The scenario's
        ``omit_phases`` leaves out more."""
        phases = super().phases_used(game, scenario)
        if game is None or _has_naval(game):
            return phases
        return [p for p in phases if p.id != "naval"]

    def unit_markers(self, counter: dict[str, Any]) -> tuple[UnitMarker, ...]:
        """A ground unit digs in under a field-fortification ("entrenched") counter [12.1.8] and is marked out of
        supply [32.2.3]; air units neither."""
        if counter.get("kind", "unit") != "unit" or counter.get("class") == "air":
            return ()
        marks = [UnitMarker("marker.entrenched", "Place Entrenched counter", "12.1.8", under=True),
                 UnitMarker("marker.out_of_supply", "Place Out of supply marker", "32.2.3"),
                 # the Fighter Attacks on Units table's "Z - unit stopped" (half MP, no counterattack)
                 UnitMarker("marker.stopped", "Place Stopped (fighter Z) marker", "Fighter Attacks on Units")]
        if counter.get("class") == "engineer":  # only engineers lay minefields [21.1.1] and build barricades [12.4.1]
            marks += [UnitMarker("marker.minefield", "Place Minefield", "21.1.1"),
                      UnitMarker("marker.at_barricade", "Place AT barricade", "12.4.1")]
        if counter.get("class") not in ("artillery", "hq"):  # ground units blow up objects [22.1.7]
            marks.append(UnitMarker("marker.object_destroyed", "Place Object destroyed marker", "22.1.7"))
        return tuple(marks)

    def marker_name(self, counter: dict[str, Any]) -> str:
        """A marker counter ``marker.X`` stands for the marker ``X`` the checks read (``entrenched``,
        ``at_barricade``, ``stopped``, ``minefield``, ``object_destroyed``...)."""
        return str(counter.get("id", "")).removeprefix("marker.")

    def default_layout(self, unit: dict[str, Any]) -> str:
        if unit.get("kind") != "unit":
            return "tis-marker"
        return {"hq": "tis-hq", "artillery": "tis-artillery"}.get(unit.get("class", ""), "tis-unit")


def _has_naval(game: Any) -> bool:
    """Whether the game has naval counters or beach terrain (so the naval assault phase [3.3] has a use)."""
    units = getattr(game, "units", None) or []
    terrain = (getattr(game, "manifest", None) or {}).get("terrain") or []
    ids = [t.get("id", "") for t in terrain if isinstance(t, dict)] if isinstance(terrain, list) else list(terrain)
    return any(u.get("class") == "naval" or u.get("mobility") == "naval" for u in units) or \
        any("beach" in str(i) for i in ids)


def stage_labels(first_day: int, first_stage: int, last_day: int, last_stage: int, month: str = "IX") -> list[str]:
    """Stage-track labels such as ``"17 IX 2e"`` from (day, stage) to (day, stage) inclusive, three stages a day."""
    labels = []
    day, stage = first_day, first_stage
    while (day, stage) <= (last_day, last_stage):
        labels.append(f"{day} {month} {stage}e")
        day, stage = (day, stage + 1) if stage < STAGES_PER_DAY else (day + 1, 1)
    return labels


#: The module's dice buttons (the system's dice).
DICE = (Die("1d6"),)

#: What is checked (docs/rules.md, "Taktyka i Strategia: section 6 items" maps every digest item).
FAMILIES = (
    Family("sequence", rules=("3.1", "3.3"), note="phase discipline [3.3]; one unit at a time [4.1.4]"),
    Family("reinforcements", rules=("scenario", "17.1.1", "17.1.2", "17.2", "10.2.3", "10.2.4"),
           note="schedule, entry areas, drop phase and the Poles' drop-date roll; drops [17]: bad weather [45.2.4], "
           "enemy fighters [17.2.13], the wind roll [17.1.2], AA fire [17.2.4] (printed Day cells), losses on "
           "landing [17.2.1], the order of steps [17.2.9], the surprise roll's losses [17.2.6], double losses on "
           "the enemy [17.2.8] and +1 EP on starred armour [17.2.7]; lakes and sea [17.2.2]-[17.2.3] (to the closest "
           "land hex, eliminated on open sea; policies drop_sea_near_land, drop_lake_far_from_land; the lake row of "
           "the drop table is the designer's); where a missed drop lands (diagram omitted) not checked"),
    Family("movement", tables=("terrain",), rules=("4", "9.2.5", "13.1.7", "14.3.1", "21.2.1", "12.4.3", "16.1.3",
                                                  "25.1", "24.1", "36.1"),
           note="MP budget, roads, enemy hexes, after-drop MP, after a barrage ½ [9.2.5], night 2 MP [13.1.7], "
           "division HQ lost 2 MP "
           "[14.3.1], out of supply ½ [32.2.2], 2 MP a FaR [15.1.6], minefield +2/+3 [21.2.1], [21.2.4], AT barricade "
           "edge +3 for armoured and motorized units [12.4.3], 1 MP an attack from march [16.1.3], fighter Z ½ "
           "(policy fighter_z_duration); river crossings: the small-river procedure [25.1], ferries [24.1], pontoon "
           "columns [36.1], engineers [20.1.1], blown and built bridges [23]; demolition 3 MP [22.1.7]"),
    Family("zoc", rules=("6", "11.1", "8.1.1", "8.2.1", "8.2.2", "16.2.7", "28.1.4", "35.3.3", "13.1.5"),
           note="stop on entry, ZoC to ZoC, who projects one, big rivers, armour and inaccessible hexes, recon, "
           "counterattack moves (not from a ZoC, not at a unit adjacent before [8.2.1], not out of a hex where a "
           "friend stays [8.2.2], policies counterattack_adjacent, counterattack_from; not when stopped by "
           "fighters, Z), the ZoC a Bx result of an attack from march lifts [16.2.7], commandos [28.1.4], sabotage "
           "units [35.3.3], night infiltration through an own entrenched unit [13.1.5] (given paths); no ZoC up a "
           "scarp [6.1.2] (the map hexside's high side)"),
    Family("stacking", rules=("5.1", "33.3", "34"),
           note="28 SP, artillery counting, the 14 SP road limit (policy road_stack_infantry), 24 SP in combat; "
           "one transport column and one train a hex [34.3.1], [33.3.1], no unit with a loaded column [34.3.2]; "
           "transport columns: capacity [34.2.1], loading and unloading 2 MP [34.2.2]-[34.2.3], carried units "
           "do not fight [34.3.6], a lone column entered is destroyed [34.3.4]"),
    Family("combat", tables=("crt", "casualties", "terrain"),
           rules=("7", "11", "30", "35", "3.4", "8.1.2", "9.2.1", "9.3.1", "5.1.2", "13.1", "14.1.5", "14.3.3", "16",
                  "12.4.4"),
           note="adjacency, one fight, geometry, mandatory combat [7.1.3]-[7.1.4], counterattack obligation "
           "[8.1.2], odds with terrain, edges (by the SP fighting [7.3.5]), attackers out of a swamp ½ rounded down "
           "[7.3.2], fortification, corps, encirclement, stars, engineers, SS, airborne "
           "surprise and night [13.1.1], the night die [13.1.3] and its 1-SP losses, CRT and casualty lookups, "
           "even loss spread, loss "
           "order [7.2.6], star/engineer users first [7.2.7], MG [30.1], snipers [35.1.1], Volkssturm [35.5.6], "
           "fortress units [35.6.2]-[35.6.3] in the odds and casualty rows, "
           "retreat [7.4] with its losses [7.4.4], [9.5.5], [7.6.1] (+2 EP out of engineer range, policy "
           "river_retreat_engineers), pursuit [7.5], [7.6.3]-[7.6.4], "
           "a lone HQ overrun [14.1.5], the least-losses route [7.4.2], a destroyed HQ -1 per hex [14.3.3], out of "
           "supply ×½ [32.2.2], CAS support SP [26.5.6], recon surprise attacks on their table [11.2] and recon "
           "identification [11.4]; attack from march [16] (one hex, every ZoC on it, 1 MP, "
           "scarp and big river, ⅔ strengths, SP artillery only at ⅔, no move after winning, the one-hex withdrawal, "
           "no road retreat, no stack split, barred from the combat phase without Bx); AT barricade effects "
           "[12.4.4]-[12.4.7]; [16.2.11] (garbled example) not checked"),
    Family("fire", rules=("9.2", "9.6", "9.7", "13.1.4", "13.1.8", "8.2.5", "15"), note="barrage (phase, 3 units, "
           "11 SP), single-handed fire (combat phase, 7 SP, not at night, not at counterattackers), range, once a "
           "stage, artillery in an enemy ZoC [9.2.4], none out of supply [32.2.2], fire at objects 3 SP [9.6.5] (the "
           "fire table, ammunition and command: family artillery). Firing at range: GUN and ARMOUR [15.1.1]-[15.1.2], "
           "exterior zone in the "
           "movement and counterattack phases [15.1.4], by or at counterattackers there [15.2.4], non-armoured units "
           "only unmoved in their own phases [15.1.5], 2 MP [15.1.6], once in each window a-d [15.2.1], no exterior "
           "fire from an armoured or AT ZoC [15.2.5], field artillery entrenched or fortified [15.2.7], sheltered "
           "targets [15.2.8]-[15.2.9], shots [15.3.3], GUN-ARMOR >= -3 [15.3.4], losses after all shooting "
           "[15.3.7]; the FIRING AT RANGE table's losses [15.3.5] c) (rows +7 and +6 as printed, +1 and 0 from the "
           "[15.3.5] example, other cells could-not-check), 'Z' jams for the stage, the modifiers: terrain and "
           "trenches [15.5.1], night [15.5.2], [15.5.3], [15.5.5], two opposite sides, the AT team's own terrain "
           "[15.3.3] d) (its [15.5.4] +1 is could-not-check where it decides); zone radii and [15.2.3] not checked"),
    Family("supply", rules=("32",), note="the supply phase's out-of-supply markers against the supply line (scenario "
           "bases, 15 motorized MP, HQ extensions, rivers, enemy ZoC, landing areas at half) [32.1], every unit "
           "under policy supply_marking, the effects [32.2.2], the attrition roll [32.2.3] (owed from the 4th stage "
           "without supply, policy supply_attrition_start, and obeyed), empty transport columns +12 MP [32.1.6], "
           "small rivers at pontoon bridges [36.1.3], empty trains +30 MP along rail lines [32.1.6] "
           "(destroyed track 20 MP [33.3.3], policy train_rail_mp); [32.1.8] not checked"),
    Family("fortifications", rules=("12.1", "12.4.1", "12.4.2", "13.1.2", "20.1", "21", "22", "23", "24", "25.1",
                                    "28.1.6", "36.1"),
           note="field fortifications [12.1.1]-[12.1.5]; engineer actions a stage [20.1.3]-[20.1.4]; laying and "
           "clearing minefields [21.1], [21.3]; minefield losses (the Losses on the Minefields table, the engineers' "
           "own throw, night ×2) [21.2.2]-[21.2.4], [13.1.2], attacking from one ×½ [21.2.5]; objects destroyed by "
           "ground units (3 MP, engineer range; commandos 2 MP) [22.1.7], [28.1.6], repaired [22.1.5], rebuilt "
           "[22.3]; bridges blown [23.1] (in the movement phase as objects, policy bridge_demolition; scenario IV's "
           "Arnhem bridge option) and built by the procedure [23.2] (policy bridge_building); the small-river "
           "crossing [25.1] (policy small_river_crossing), ferries [24.1], pontoon columns [36.1]; AT barricades "
           "only by engineer battalions [12.4.1] (policy at_barricade_builder), directed on 3 edges side by side "
           "[12.4.2] (marker edges/facing, barricade event; effects: movement, combat); artillery fire at objects on "
           "the Destroying Objects by Artillery table [22.1.2], [22.1.4]-[22.1.5], minefields [22.1.6], ferries "
           "only by Z [24.2.2]; engineer company roles [20.2.1]-[20.2.3] (role markers before play; "
           "policies engineer_company_below, engineer_merge). Not checked: objects destroyed by air (truncated "
           "tables), the ferry's "
           "artillery range [24.2.2], a bridge's rebuilding time ('see 19.2.2'), crossings in from/to moves "
           "between hexes that are not adjacent"),
    Family("victory", rules=("scenario",), note="game_end VP against the scenario table (SP destroyed, named "
           "units, cut-off units; a stage VP for a place is accepted, not located)"),
    Family("air", rules=("26", "13.2.1", "45.2.4"), note="one mission a stage [26.1.3], CAS support by CAS units "
           "[26.5.1] in the movement or combat phase [26.2.6] within 10 hexes of the air-phase station [26.5.4], "
           "airstrike phases and the tactical-attack radius [26.9.1]-[26.9.2], fighter targets [26.4.13], 3 bombers "
           "a hex and none next to friends [26.6.1]-[26.6.2], no CAS/recon at night [13.2.1], none in bad weather "
           "[45.2.4], airfield allocation (5 an airfield, before the game, never changed) [26.3.3]; AA fire, "
           "dogfights, air recon, the air tables' results, airfields in an "
           "enemy ZoC or captured [26.3.4]-[26.3.6], supply drops and air transport not checked"),
    Family("artillery", tables=("artillery_fire", "terrain"), rules=("9.2.6", "9.2.7", "9.4.1", "9.5.1", "9.8", "9.9",
                                                                    "10.4", "10.5", "13.1.4"),
           note="support only of units under the artillery's HQ [9.2.7] (formation parent links, policy "
           "artillery_command, the scenario's params.artillery_command), moved artillery ½ or -1 [9.2.6], defensive "
           "support ½ [9.4.1], direct combat 1 SP (SP artillery over 3 SP: 2) [9.5.1]-[9.5.2], rockets and mortars "
           "against armour [10.4.2], [10.5.1]; the Artillery Fire table's losses [9.8.1] with terrain and "
           "entrenchment [9.8.2] (policy artillery_terrain_modifier), heavy-only barrage +2 [9.7.4], rockets +1 "
           "[10.4.1], night barrage -2 [13.1.4], 26+ SP [9.8.3]; a missing cell (row 21-, dice 4-6) is "
           "could-not-check; ammunition pools per formation [9.9] (scenario AR or 2 x artillery SP, 4/2/1 AR, "
           "policies ammunition_debit, ammunition_last_rounds); targets visible or identified [9.6.3] (family "
           "line_of_sight); the object table [22.1] (objfire.py). AfM support [16.2.2]-[16.2.3] not checked"),
    Family("command", rules=("14.1.6", "14.3", "14.2.2", "31"), note="HQs not destroyed by retreat losses "
           "[14.1.6], a lost division HQ's 2 MP [14.3.1] and -1 per hex [14.3.3] (movement, combat), a lost corps "
           "HQ's divisions not attacking together and the corps die (roll purpose corps_hq) [14.3.4], the restored "
           "HQ (replacement: a full day later, movement phase, 8 SP, one SP less, levels from subordinates) "
           "[14.3.7]; battlegroups: the scenario's allowance per HQ (none unless the scenario lists them) [14.2.2], "
           "created in the own movement phase from more than 14 SP (policy battlegroup_sp) and ended in a later one "
           "[31.1.1], one division/brigade/corps [31.1.3], not under a destroyed HQ and resolved after one is lost "
           "[14.3.2], the slowest unit's MP [31.1.1] and the +1 in battle [31.1.2] (policy battlegroup_bonus); army "
           "HQs [14.3.5] and the reveal [14.3.6] not checked"),
    Family("events", rules=("45",), note="the first stage good (scenario first_weather), the "
           "stage's 2d6 roll in the air phase against the Weather Change Table from the previous weather, once a "
           "stage; the worsened-weather die of each air mission (4-6 aborts) [45.2.3]; bad weather as night "
           "[45.2.5]; casualties at sea [45.2.1]-[45.2.2] (roll purpose sea against the designer's sea_casualties)"),
    Family("setup", rules=("35.2",), note="AT teams [35.2]: with a friendly unit after the movement phase "
           "[35.2.2], the die after each use [35.2.6], one unit to move with a stage [35.2.8], BSO targets (policy "
           "at_team_targets) [35.2.9]; attachment before play [35.2.1] not checked"),
    Family("line_of_sight", tables=("terrain",), rules=("3.5", "15.2.6", "9.6.3", "11.4.4"),
           note="visibility [3.5]: 2 hexes [3.5.1], two blocking fields between (terrain row blocks_los) [3.5.3] "
           "(one hex between: policy visibility_one_hex), units in city/woods/fort/fortified line seen only from "
           "next door except by recon [3.5.4], identified units to the end of the next own combat phase [3.5.5], "
           "night adjacent only [3.5.6]; used by exterior FaR [15.2.6], single-handed artillery fire [9.6.3] "
           "(policy artillery_visibility) and identification at 2 hexes [11.4.4]; the hex above a scarp "
           "is not visible from below [3.5.2] (the hexside's high; a warning where the data does not say); "
           "air recon [26.7.1] not checked"),
    Family("morale", rules=("15.4",), note="the die after FaR losses (roll purpose far_morale) [15.4.1]: owed, "
           "its +1 (own HQ in the hex) and -1 (out of the HQ's range, policy far_morale_hq_range) [15.4.3], the "
           "unit held in its hex (exterior) or retreating one hex (interior) [15.4.1], or 1 more EP with its HQ "
           "on the map [15.4.4]; withdrawing stack-mates [15.4.5] and the firer's chase [15.4.6] not checked"),
)

plugin = TaktykaIStrategia(id="tis", name="Taktyka i Strategia", rule_prefix="TIS", policies=POLICIES, dice=DICE,
                           families=FAMILIES)
