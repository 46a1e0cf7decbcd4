"""The Conflict of Heroes (Storms of Steel) rule-system plugin.

Unit ``class`` is ``foot``, ``vehicle``, ``gun`` or ``airplane``; hit counters are ``kind: "hit"``. Fronts print
red/blue FP, fire cost, range, move cost and front/flank defence; backs are the ``spent`` side (Fig 28).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from modgen.rules.coh import tables as coh_tables
from modgen.rules.coh import tracks as coh_tracks
from modgen.rules.coh.events import CHAT_VERBS, EVENT_KINDS
from modgen.rules.coh.policies import POLICIES
from modgen.rules.tableplugin import TablePlugin
from modgen.systems.base import Chore, Die, Family, Phase, Track, UnitMarker, not_checked

_GROUND = ["fp_red", "fp_blue", "fire_cost", "range", "move_cost", "defense_front", "defense_flank"]
_REQUIRED: dict[str, list[str]] = {
    "foot": _GROUND,
    "vehicle": _GROUND,
    "gun": _GROUND,
    # 20.0: airplanes also print their impulses in the blue hexagon; they have no move cost.
    "airplane": ["fp_red", "fp_blue", "range", "defense_front", "defense_flank", "impulses"],
}


class ConflictOfHeroes(TablePlugin):
    """Conflict of Heroes plugin: table schema, required unit values, round structure, policies."""

    tables = coh_tables
    required = _REQUIRED
    checks_module = "modgen.rules.coh.checks"

    def phases(self, game: Any = None) -> list[Phase]:
        # Digest §5: a round is the pre-round sequence, an initiative roll, then alternating actions by both
        # players until consecutive passes end it. Actions alternate, so no phase belongs to one side.
        return [
            Phase("pre_round", "Pre-round sequence", per_side=False),
            Phase("initiative", "Initiative", per_side=False),
            Phase("actions", "Actions (alternating)", per_side=False),
            Phase("round_end", "Round end", per_side=False),
        ]

    def chores(self, game: Any = None) -> list[Chore]:
        """A unit is flipped to its spent side when its activation ends (Fig 28) and stays spent for the round;
        "a new round begins with the pre-round sequence" (Fig 30) with every unit fresh again."""
        return [Chore("Turn all units fresh", "pre_round", "Fig 30", "front",
                      note="every spent unit back to its fresh side for the new round (Fig 28, Fig 30)")]

    def event_kinds(self) -> dict[str, dict[str, Any]]:
        """``pass``, ``stall``, ``pivot``, ``spent``, ``load``, ``unload``, ``cap``, ``smoke``, ``occupy``,
        ``leave``, ``entrench``, ``air_action``, ``altitude`` (:mod:`modgen.rules.coh.events`)."""
        return dict(EVENT_KINDS)

    def chat_verbs(self) -> dict[str, Any]:
        """``!activate``, ``!pass``, ``!stall``, ``!spent``, ``!pivot``, ``!unload``, ``!cap``, ``!card``, ``!smoke``,
        ``!occupy``, ``!leave``, ``!entrench``, ``!air``, ``!altitude``."""
        return dict(CHAT_VERBS)

    def tracks(self, game: Any, scenario: dict[str, Any] | None = None) -> tuple[Track, ...]:
        """CAPs per side (21.3) and the activation's APs per side (:mod:`modgen.rules.coh.tracks`)."""
        return coh_tracks.tracks(game, scenario)

    def track_event(self, track: Track, side: str, old: int, new: int, since: list[dict[str, Any]],
                    side_of: Callable[[str], str | None]) -> dict[str, Any] | None:
        """A lowered CAP count is a ``cap`` event (:func:`modgen.rules.coh.tracks.track_event`)."""
        return coh_tracks.track_event(track, side, old, new, since, side_of)

    def counter_role(self, counter: dict[str, Any]) -> str:
        """Hit counters are drawn onto the unit they hit (15.2): a marker attached to that unit, never a unit."""
        if counter.get("kind") == "hit":
            return "attached"
        return super().counter_role(counter)

    def cup(self, counter: dict[str, Any]) -> str | None:
        """Vehicle hit counters are drawn at random, face down (15.2): the module's "Vehicle hits" cup. Foot hit
        counters are placed (7.4): the hit pool."""
        return VEHICLE_HIT_CUP if counter.get("kind") == "hit" and counter.get("class") == "vehicle_hit" else None

    def unit_markers(self, counter: dict[str, Any]) -> tuple[UnitMarker, ...]:
        """A foot unit takes a foot Hit counter (7.4, via 15.2). Vehicle hits are drawn at random from the face-down
        pile (15.2), so a vehicle has no command that picks one."""
        if counter.get("kind") == "unit" and counter.get("class") == "foot":
            return (UnitMarker("hit.foot", "Place Hit counter", "7.4"),)
        return ()

    def default_layout(self, unit: dict[str, Any]) -> str:
        kind = unit.get("kind")
        if kind == "unit":
            return "coh-unit"
        if kind == "hit":
            return "coh-hit"
        return "coh-marker"


#: The VASSAL Deck the vehicle hit counters are drawn from (15.2)
VEHICLE_HIT_CUP = "Vehicle hits"

#: The module's dice buttons (the system's dice).
DICE = (Die("2d6", 2, 6),)

#: Rule families; ``rules`` are the numbers whose could-not-check findings belong to each (docs/rules.md, CoH table).
FAMILIES = (
    Family("sequence", rules=("21.0", "firefight", "Fig 30", "17.0"),
           note="round order and length, alternating actions, round end on consecutive passes; 3-4 player games "
           "(21.0, scenario special rule multiplayer): side-by-side or alternating turn order, the high initiative "
           "roller first, all but one player passing in a row ends the round, one activation, CAP track and force "
           "per player; objective hexes (multiplayer params.objectives) awarded once to the force that moved onto the "
           "hex first (21.0); a card played on another force's unit (no trading between forces); cards played from "
           "the hand where the log declares the player's draws (draw events, !draw); a hand whose draws are not "
           "declared (hidden information) and when an award is due not checked"),
    Family("activation", tables=("activation_ap",), rules=("20.0", "Fig 26-30", "Fig 27", "Fig 28", "9.11"),
           note="7-AP pool, spent units, stall, pivot, group actions (policy group_action_cost), a unit unloaded for "
           "CAPs staying fresh (17.0 Ex); the side's AP track "
           "against the APs charged when an activation is over (policy ap_track)"),
    Family("command", tables=("cap_limit",), rules=("21.3", "Fig 29"),
           note="CAPs spent against the starting level less destroyed units; the CAPs on one roll against the "
           "designer's cap_limit.per_roll (not in the fragment; null in the bundled data: could-not-check)"),
    Family("movement", tables=("terrain",), rules=("16.0", "17.0"),
           note="AP per hex from the (illustrative) terrain table, road congestion, transport (a vehicle pulls "
           "an immobilized vehicle, 17.0/14.1), Immobilized/Stunned; "
           "AT ditch +2 for infantry, wire 1D6 (foot) or +2 (tracked) in the move cost"),
    Family("line_of_sight", tables=("terrain",), rules=("11.0", "18.2", "20.3"),
           note="blocking terrain and levels from the terrain table (section 11 is missing: policy los_model), "
           "fortifications never block (18.0), bunker arcs (18.2), smoke by policy smoke_blocks_los; airplanes' "
           "blind hexes (20.3), also for fire at an airplane"),
    Family("fire", tables=("fire_modifiers",), rules=("15.1", "15.3", "15.4", "15.5", "7.6"),
           note="range (long range from the illustrative range_effects table), arcs (units in a trench fire in any "
           "direction, 18.2), fire cost, FP colour"),
    Family("combat", tables=("fire_modifiers", "terrain"), rules=("Fig 28", "Fig 30", "15.6", "16.1", "17.1"),
           note="AV against DV from the logged roll, two hits, second hit; smoke and fortification DMs; fire at a "
           "transporting vehicle attacks it and every unit it carries, survivors of a destroyed one on the map in "
           "its facing (17.1); a gun's "
           "close-combat modifier and group fire FP (9.11) from the designer's fire_modifiers (null in the bundled "
           "data: could-not-check)"),
    Family("fortifications", tables=("fortifications",),
           rules=("18.0", "18.1", "18.2", "18.3", "18.4", "18.5", "18.6", "19.0"),
           note="one of each type per hex, who may occupy, occupy/leave +1AP, hasty defences, trench/gun pit/bunker "
           "DMs by direction and colour (policy fort_dm_colour), in close combat for every occupant (policy "
           "cc_fort_dm), AT ditches, wire, mine attacks and outcomes, "
           "destruction against red 15DR, engineer smoke, a failed wire attempt forfeiting the APs, no more hasty "
           "defenses than the game's counters (18.1)"),
    Family("morale", tables=("hit_counters",), rules=("15.2", "7.4"),
           note="hit-counter effects and vehicle rally numbers; the rally AP cost and foot rally numbers (7.4, not "
           "in the fragment) from the designer's action_costs.rally and hit_counters (null in the bundled data: "
           "could-not-check)"),
    Family("victory", rules=("Fig 28", "21.0"), note="1 VP per unit destroyed; in 3-4 player games an objective hex's "
           "VP to the player that moved onto it first (21.0); other victory conditions are firefight data not in "
           "the fragment"),
    Family("air", rules=("20.0", "20.1", "20.2", "20.3", "20.4"),
           note="airplane actions of impulses (count, first a forward move into the front arc, attack or pivot after "
           "each move, cost 1AP +1 per attack +1 per climb), altitude one counter per hex moved, -1FP/+1DR per "
           "counter, range 2 to double the printed range (-1FP per hex beyond it), only blue-circle units fire at "
           "planes, no hit markers, a hit plane no longer attacks, a second hit destroys, the spent plane's straight "
           "free exit holding up its side, no re-entry, no cards or group actions, off the map at round end; bombs "
           "(20.4: only what the counter carries, any number for one attack's +1AP, each rolled separately with its "
           "FP less altitude and range, A-P cluster bombs leaving a red mine); entry onto a map edge, where the "
           "scenario's air_entry rule designates it"),
    *not_checked("reinforcements"),
)

plugin = ConflictOfHeroes(id="coh", name="Conflict of Heroes", rule_prefix="CoH", policies=POLICIES, dice=DICE,
                          families=FAMILIES)
