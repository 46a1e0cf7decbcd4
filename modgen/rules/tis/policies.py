"""Taktyka i Strategia (Arnhem 1944): named policies for the inconsistencies the rulebook digest collects (§8.4)."""

from __future__ import annotations

from modgen.systems.base import Policy

POLICIES: tuple[Policy, ...] = (
    Policy(
        "phase_order",
        default="player_blocks",
        choices=("player_blocks", "interleaved"),
        doc="A stage has 16 phases but [3.3] lists 8: the initiative player's 8 phases then the other player's "
        "8 (player_blocks), or each phase for both players in turn (interleaved).",
        rule="TIS 3.1, 3.3",
    ),
    Policy(
        "combat_phase_actor",
        default="phasing",
        choices=("phasing", "non_phasing"),
        doc="[3.3] labels the combat phase 'B player' but describes the A player's attacks; read as the phasing "
        "player's attacks, after the non-phasing player's counterattack battles.",
        rule="TIS 3.3, 8.2.4",
    ),
    Policy(
        "crt_columns",
        default="chart",
        choices=("chart", "text"),
        doc="Odds columns: the chart prints 14 (worse than 1:4 … 10:1); [3.2] lists 6 (1:3 … 4:1). Column "
        "shifts stop at the ends of the chosen list.",
        rule="TIS 3.2, CRT",
    ),
    Policy(
        "combat_stack_limit",
        default="at_most_24",
        choices=("at_most_24", "more_than_24"),
        doc="[5.1.2] 'only units whose total strength is higher than 24 can fight' read as at most 24 SP of a "
        "stack fight: more than 24 SP attacking from one hex is an error and a defending hex counts at most 24 SP "
        "in the odds (at_most_24); more_than_24 reads the sentence literally, which limits nothing checkable.",
        rule="TIS 5.1.2",
    ),
    Policy(
        "hills_combat_modifier",
        default=-1,
        choices=(-1, -2),
        doc="Hills: -1 in the Terrain Effect chart, -2 in the [29.1.1] example.",
        rule="TIS Terrain Effect chart, 29.1.1",
    ),
    Policy(
        "at_barricade_modifier",
        default=-1,
        choices=(-1, -2),
        doc="AT barricade when only armour/mech/recon cars attack through it: -1 in [12.4.7], -2 in its example.",
        rule="TIS 12.4.7",
    ),
    Policy(
        "artillery_terrain_modifier",
        default="die",
        choices=("die", "effect_doubled"),
        doc="Terrain modifier on artillery fire: applied to the die [9.8.2], or subtracted (doubled) from the "
        "fire effect as in the examples.",
        rule="TIS 9.8.2",
    ),
    Policy(
        "tactical_air_u_result",
        default="damaged",
        choices=("damaged", "destroyed"),
        doc="'U' on the Tactical Air Attack on Objects table: the legend says destroyed, the bomber table and "
        "[22.1.5] say damaged.",
        rule="TIS 22.1.5, air tables",
    ),
    Policy(
        "light_aa_vs_fighters_at_2",
        default="heavy_only",
        choices=("heavy_only", "as_printed"),
        doc="AA fire at fighters 2 hexes away: the chart prints a light-AA row, the text allows heavy AA only.",
        rule="TIS 10.2, AA tables",
    ),
    Policy(
        "recon_result_notation",
        default="retreat_then_loss",
        choices=("retreat_then_loss", "loss_then_retreat"),
        doc="Recon Surprise results such as 'A1(-1)': [7.2.2] reads the number after the letter as hexes of "
        "retreat and the bracket as the loss; the table legend says the reverse.",
        rule="TIS 11.2, 7.2.2",
    ),
    Policy(
        "loss_unit",
        default="ep",
        choices=("ep", "sp"),
        doc="Artillery, drop, minefield and AA tables say SP lost, combat and FaR say EP: treat every loss as "
        "EP steps on the unit's strength track (ep), or as SP (sp).",
        rule="TIS 3.6, 7.2.3",
    ),
    Policy(
        "market_garden_area",
        default="whole_map",
        choices=("whole_map", "north_of_waal"),
        doc="Scenario IV says play is north of the Waal, but its victory tables include Eindhoven (south).",
        rule="Arnhem scenario IV notes",
    ),
    Policy(
        "vp_pair_order",
        default="allies_first",
        choices=("allies_first", "germans_first"),
        doc="The 'x/y' city VP tables do not say which number is whose; read x as the Allied VP for reaching the "
        "city and y as the German VP for holding it.",
        rule="Arnhem scenarios III, IV",
    ),
    Policy(
        "stacking_when",
        default="end_of_phase",
        choices=("end_of_phase", "always"),
        doc="[5.1] gives the 28 SP and 14 SP limits but not when they apply: at the end of every phase "
        "(end_of_phase; moving through a full hex is allowed, [5.1.2] 'allied units … cross that hex'), or after "
        "every move, retreat and arrival (always).",
        rule="TIS 5.1.2, 5.1.6",
    ),
    Policy(
        "road_stack_infantry",
        default="exempt",
        choices=("exempt", "counted"),
        doc="[5.1.6] 'only 14 SP of those units [armored, motorized, artillery] can stay. It doesn't affect "
        "infantry (motorized and mechanized also)': motorized and mechanized infantry (symbol type infantry) do "
        "not count against the 14 SP (exempt, the sentence as printed); counted reads the bracket as naming the "
        "motorized and mechanized units the limit does count, infantry among them.",
        rule="TIS 5.1.6",
    ),
    Policy(
        "reinforcement_phase",
        default="movement",
        choices=("movement", "any_own"),
        doc="The rulebook does not say in which phase ground reinforcements enter (airborne units land in the "
        "airborne assault phase [17.1.1]; a restored HQ arrives in a movement phase [14.3.7]): in their side's "
        "movement phase (movement), or in any phase of their side (any_own).",
        rule="TIS 3.3, 14.3.7",
    ),
    Policy(
        "supply_extension",
        default="from_hq",
        choices=("from_hq", "added"),
        doc="[32.1.5] says an HQ 'lengthens' the 15-MP line by 12/9/6 MP; the [32.1.7] example (HQ 12 MP from the "
        "base, unit A 9 MP from the HQ supplied, B at 10 not) counts the extension from the HQ alone (from_hq); "
        "added gives the unit what is left of the 15 MP at the HQ as well.",
        rule="TIS 32.1.5, 32.1.7",
    ),
    Policy(
        "supply_marking",
        default="marked_only",
        choices=("marked_only", "every_unit"),
        doc="What a supply phase is checked for: the out-of-supply markers the players put on or took off "
        "(marked_only: a log that records no supply check is not judged), or every unit of the side, so an "
        "unsupplied unit left unmarked is an error (every_unit).",
        rule="TIS 32.2.4",
    ),
    Policy(
        "supply_attrition_start",
        default=4,
        choices=(4, 1),
        doc="[32.2.3] 'a unit which doesn't have supplies for 4 stages for each token' is garbled: the attrition "
        "die is owed in each supply phase once the unit has been out of supply at 4 supply checks in a row, this "
        "one included (4, as the example's fourth phase), or at every check (1; a roll cannot destroy before the "
        "fourth, since 1+3 > 3).",
        rule="TIS 32.2.3",
    ),
    Policy(
        "sp_destroyed",
        default="track",
        choices=("track", "eliminated"),
        doc="Scenario VP 'per SP destroyed': every SP lost on the EP tracks (track), or the printed SP of "
        "eliminated units only (eliminated).",
        rule="Arnhem scenario I victory conditions",
    ),
    Policy(
        "night_stage",
        default=None,
        choices=(None, 1, 2, 3),
        doc="Which stage of the day (1e/2e/3e) is a night stage: the rulebook and scenarios do not say; none "
        "unless chosen. At night: 2 MP or one hex [13.1.7], attackers at half SP and artillery at 1 SP [13.1.1], "
        "the night die before every battle [13.1.3], no single-handed fire [13.1.4], only entrenched artillery in "
        "a fort or fortified line fires [13.1.8].",
        rule="TIS 13, Arnhem scenarios",
    ),
    Policy(
        "far_limit_terrain",
        default="before_terrain",
        choices=("before_terrain", "after_terrain"),
        doc="[15.3.4] forbids fire at range when GUN less ARMOR is below -3, and [15.3.5] then lowers the "
        "difference for terrain; the book does not say whether the limit is judged before the terrain step "
        "(before_terrain, the order the sections come in) or after it (after_terrain: terrain can put a shot out "
        "of reach).",
        rule="TIS 15.3.4, 15.3.5",
    ),
    Policy(
        "at_barricade_builder",
        default="battalion",
        choices=("battalion", "any_engineer"),
        doc="[12.4.1] 'Anti-tank barricades can only be built by engineer battalions [12.1.1]': only engineer "
        "units whose counter prints the battalion size (II) build them, a counter printing no size is accepted "
        "(battalion); or any engineer unit, as Arnhem's engineers are companies and squadrons (any_engineer).",
        rule="TIS 12.4.1",
    ),
    Policy(
        "at_barricade_sides",
        default="any",
        choices=("any", "all"),
        doc="[12.4.4] 'Defending units, when attacked from sides affected by barricades, are considered to be "
        "entrenched': when any attacker attacks across the barricade's edges (any), or only when every attacker "
        "does (all). Its -1 [12.1.6] plus the -1 of [12.4.7] (policy at_barricade_modifier) is the -2 of the "
        "[12.4] example.",
        rule="TIS 12.4.4",
    ),
    Policy(
        "fighter_z_duration",
        default="stage",
        choices=("stage", "marker"),
        doc="The Fighter Attacks on Units result 'Z – unit stopped (unit can use only half of its MP and it cannot "
        "make counterattacks)' gives no duration: for the stage of the attack (stage), or for as long as the "
        "marker (stopped / fighter_z) stays on the unit (marker).",
        rule="TIS 26.4.13",
    ),
    Policy(
        "counterattack_adjacent",
        default="counterattacker",
        choices=("counterattacker", "target"),
        doc="[8.2.1] 'A unit that was adjacent to the attacking unit before its movement cannot be "
        "counterattacked': 'its' read as the counterattacking unit's one-hex move (counterattacker: enemies "
        "already next to it at the start of the counterattack phase), or as the target's own move in the "
        "movement phase (target: enemies that started that phase next to it).",
        rule="TIS 8.2.1",
    ),
    Policy(
        "counterattack_from",
        default="origin",
        choices=("origin", "destination"),
        doc="[8.2.2] (printed twice, as [8.2.3] too) 'A unit can't make a counterattack from a square where "
        "another allied unit stays': the hex the counterattacker moves out of holds another friendly unit that "
        "stays there (origin), or the hex it counterattacks from holds a friendly unit that did not counterattack "
        "(destination).",
        rule="TIS 8.2.2",
    ),
    Policy(
        "small_river_crossing",
        default="half_mp",
        choices=("half_mp", "half_mp_plus_terrain"),
        doc="[25.1.2] an armoured or motorized unit crosses a small river 'by spending half of its movement points': "
        "the step into the far hex costs half its MP, terrain included (half_mp), or half its MP plus the far "
        "hex's terrain cost (half_mp_plus_terrain).",
        rule="TIS 25.1.2",
    ),
    Policy(
        "bridge_demolition",
        default="as_object",
        choices=("as_object", "line_unit"),
        doc="[23.1.3] 'Bridges are destroyed under the same rules as other objects': a bridge blown in the movement "
        "phase also costs 3 MP and needs an engineer of the unit's command in range [22.1.7] (as_object); or only "
        "[23.1.1]-[23.1.5] apply (line_unit), as the digest's summary of [23.1] reads.",
        rule="TIS 23.1.3, 22.1.7",
    ),
    Policy(
        "bridge_building",
        default="procedure",
        choices=("procedure", "event_only"),
        doc="[23.2.2]-[23.2.4]: the 'bridge build' event is checked against the procedure over several movement "
        "phases (the engineer takes the river hex, crosses in a later phase; a big-river bridge stands a stage "
        "later) (procedure); or only [23.2.1] is checked at the event (event_only), for logs that record the "
        "bridge when building starts.",
        rule="TIS 23.2.2-23.2.4",
    ),
    Policy(
        "artillery_command",
        default="subordinates",
        choices=("subordinates", "same_corps", "any"),
        doc="[9.2.7] 'Field artillery can support only units from the same headquarters or subordinate "
        "headquarters (corps and army artillery)': artillery supports units of its own formation or of formations "
        "under it in the formations' parent links, so corps artillery supports the corps' divisions and a "
        "division's artillery only that division (subordinates); or any unit under the same top formation, so a "
        "division's artillery also supports a sister division of its corps (same_corps); or any friendly unit "
        "(any: not checked). A scenario's special rule with params.artillery_command widens it for named units.",
        rule="TIS 9.2.7",
    ),
    Policy(
        "artillery_die_bounds",
        default="clamp",
        choices=("clamp", "below_one_no_effect"),
        doc="The Artillery Fire table has die columns 1-6; the book does not say what a modified die outside them "
        "reads: column 1 or 6 (clamp), or no effect below 1 and column 6 above 6 (below_one_no_effect).",
        rule="TIS 9.8.2",
    ),
    Policy(
        "artillery_strength_bonus",
        default="loss",
        choices=("loss", "die"),
        doc="[9.8.3] 26-30 SP of firing artillery 'add +1 to the result' (+2 above 30), read on row '21 and "
        "higher': added to the SP lost (loss), or to the die like the other modifiers (die).",
        rule="TIS 9.8.3",
    ),
    Policy(
        "ammunition_debit",
        default="per_unit",
        choices=("per_unit", "per_fire"),
        doc="[9.9.3] 'reducing the total number of AR by 4 after a barrage, 2 after single-handed fire, 1 after "
        "supporting battle': once for every firing artillery unit, from its own formation's pool (per_unit), or "
        "once for each formation taking part in the fire (per_fire).",
        rule="TIS 9.9.3",
    ),
    Policy(
        "ammunition_last_rounds",
        default="cost_needed",
        choices=("cost_needed", "any_left"),
        doc="[9.9.4] 'If a unit uses all its AR, the artillery can't fire any more': a fire needs its whole cost "
        "left in the pool (cost_needed), or only some AR left, the pool going to 0 (any_left).",
        rule="TIS 9.9.4",
    ),
    Policy(
        "drop_fighter_area",
        default="hex",
        choices=("hex", "zone"),
        doc="[17.2.13] 'An airborne unit can't land in an area with enemy fighter planes' does not define the "
        "area: the landing hex holds an enemy fighter stationed there this stage (hex), or the hex is within the "
        "fighters' 10-hex attack zone [26.4.2] (zone).",
        rule="TIS 17.2.13",
    ),
    Policy(
        "drop_loss_unit",
        default="ep",
        choices=("ep", "sp"),
        doc="The Casualties during the drop table gives SP, while the combat and AA tables give EP (digest §8.4 "
        "item 20): the drop losses are taken as EP steps on the unit's track (ep, the digest's reading) or as SP "
        "of strength lost (sp).",
        rule="TIS 17.2.1",
    ),
    Policy(
        "battlegroup_sp",
        default="total",
        choices=("total", "each"),
        doc="[31.1.1] 'A Battlegroup may be created ... from units with more than 14 SP': the group's units "
        "together have more than 14 SP (total), or each unit has (each).",
        rule="TIS 31.1.1",
    ),
    Policy(
        "battlegroup_bonus",
        default="whole_group",
        choices=("whole_group", "any_member"),
        doc="[31.1.2] 'If a battlegroup fights in battle, the commanding player gets a +1 modifier', while "
        "[31.1.1] lets its units split up: the +1 (attacker) or -1 (defender) counts when all the group's units on "
        "the map fight in the battle (whole_group), or when any of them does (any_member).",
        rule="TIS 31.1.2",
    ),
    Policy(
        "at_team_targets",
        default="any",
        choices=("any", "armoured"),
        doc="[35.2.9] 'AT units fire only at BSO': the seed does not expand BSO; not checked (any), or read as "
        "armoured targets only (armoured).",
        rule="TIS 35.2.9",
    ),
    Policy(
        "visibility_one_hex",
        default="blocks",
        choices=("blocks", "clear"),
        doc="[3.5.3] 'If on both fields between hexes there are cities, forts, hills, mountains or forests, those "
        "hexes are not visible': the book names the line along a hexside (two fields between); for a straight "
        "line with one hex between, that hex blocks alone (blocks) or never does (clear).",
        rule="TIS 3.5.3",
    ),
    Policy(
        "artillery_visibility",
        default="any_friendly",
        choices=("any_friendly", "firer"),
        doc="[9.6.3] 'Artillery units can fire only at visible or spotted/identified units': visible to any unit "
        "of the firing side (any_friendly, 'spotted') or to the firing artillery itself (firer); identified units "
        "[3.5.5] always count.",
        rule="TIS 9.6.3",
    ),
    Policy(
        "far_morale_hq_range",
        default=None,
        choices=(None, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
        doc="[15.4.3] -1 to the FaR morale die when the unit 'isn't in range of the divisional HQ': the book never "
        "gives that range. Hexes from the unit's division HQ (a number), or unset: the -1 is then unknown and a "
        "die it would decide is could-not-check.",
        rule="TIS 15.4.3",
    ),
    Policy(
        "river_retreat_engineers",
        default="any_friendly",
        choices=("any_friendly", "same_command"),
        doc="[7.6.1] 'If the hex on which the withdrawing unit plans to retreat is not in range of allied engineer "
        "units, the units lose an additional 2 EP (per stack)': any friendly engineer's operating range [20.1.6] "
        "counts (any_friendly), or only an engineer of the retreating unit's division, brigade or corps, as for "
        "crossings [25.1.3] (same_command). Like the rest of [7.6.1], owed only after a chase to the river line "
        "[7.6.2].",
        rule="TIS 7.6.1",
    ),
    Policy(
        "engineer_company_below",
        default=3,
        choices=(3, 4, 5, 6, 7, 8, 9),
        doc="[20.2.1] 'engineer companies (weaker than B SP)': the 'B' is garbled (the digest guesses 8). An "
        "engineer unit with fewer SP than this number is a company whose role (combat +1, minefields or bridges) "
        "is fixed before play; the default 3 agrees with [20.2.2] (a battalion reduced to 2 SP becomes subject "
        "to [20.2.1]).",
        rule="TIS 20.2.1, 20.2.2",
    ),
    Policy(
        "engineer_merge",
        default="stacked",
        choices=("stacked", "never"),
        doc="[20.2.3] 'Two (or more) weakened engineer battalions can be treated as one battalion with a strength "
        "equal to the total': weakened engineer battalions (not size-I companies) of one side on one hex count "
        "their summed SP against the company threshold (stacked), or each unit counts alone (never).",
        rule="TIS 20.2.3",
    ),
    Policy(
        "drop_sea_near_land",
        default="as_lake",
        choices=("as_lake", "no_rule"),
        doc="[17.2.3] eliminates a unit landing 'on a sea square which isn't near land' and says nothing of a sea "
        "hex next to land: it is read like a lake [17.2.2] (casualties, then the closest land hex; as_lake), or "
        "left unchecked (no_rule).",
        rule="TIS 17.2.2, 17.2.3",
    ),
    Policy(
        "drop_lake_far_from_land",
        default="closest",
        choices=("closest", "eliminated"),
        doc="A unit landing on a lake with no land hex adjacent: [17.2.2] places it 'on the closest land hex' "
        "(closest); the drop-losses chart's note eliminates it when 'no adjacent land hex exists' (eliminated).",
        rule="TIS 17.2.2",
    ),
    Policy(
        "train_rail_mp",
        default=1,
        choices=(1, 2),
        doc="[32.1.6] an empty train lengthens the supply line by 30 MP 'only on rail tracks', but the book gives "
        "no train cost a rail hex (trains have 60 MP [33.1.2]; a hex with destroyed tracks costs 20 [33.3.3]): "
        "MP a rail hex for the extension.",
        rule="TIS 32.1.6, 33.3.3",
    ),
)
