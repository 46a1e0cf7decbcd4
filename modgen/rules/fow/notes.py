"""What a Flames of War player turn has done so far (moves, orders, shots, assaults), kept in the state's
per-player-turn scope so every check reads the same record, plus the dice a declaration waits for."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Shot:
    """One team's shooting this turn: the weapon, its target, the ROF it used and where the target stood."""

    weapon: str
    target: str
    mode: str  # halted | moving | pinned (the ROF its dice count fits)
    target_pos: tuple[float, float] | None
    index: int


@dataclass
class Fight:
    """One Unit's assault (pp.52-59) from its charge to its end. A Counterattack (p.58) swaps the roles: ``side``
    and ``groups`` are whoever assaults now, ``teams`` their Assaulting Teams this round."""

    groups: list[str]
    side: str | None
    teams: list[str]
    index: int
    stage: str = "charge"  # charge (moves into contact, Defensive Fire) | fight (hits, saves, tests) | over
    defenders: set[str] = field(default_factory=set)  # Defending Units (set when Defensive Fire closes)
    df_hits: int = 0  # hits scored on Assaulting Teams by Defensive Fire (p.56)
    fell_back: bool = False
    fall_from: dict[str, tuple[float, float]] = field(default_factory=dict)  # team -> where it began to Fall Back
    breaking: dict[str, int] = field(default_factory=dict)  # unit -> event index it Broke Off (p.59)
    settled: set[str] = field(default_factory=set)  # units whose Break Off was measured
    moved: dict[str, float] = field(default_factory=dict)  # team -> inches moved in this round's stage
    won: bool = False
    fought: bool = False  # hits were rolled or the outcome declared (else the assault stopped at its charge)
    rounds: int = 0
    contact: dict[str, bool] = field(default_factory=dict)  # declared team -> in Contact when the charge closed


@dataclass
class TurnNotes:
    """Bookkeeping for one player turn (cleared when the phasing side changes)."""

    tactical: dict[str, float] = field(default_factory=dict)  # team -> inches moved at Tactical speed
    dash: dict[str, float] = field(default_factory=dict)  # team -> inches moved at Dash speed
    dash_path: dict[str, list[list[float]]] = field(default_factory=dict)  # every point of its Dash moves
    start: dict[str, tuple[float, float]] = field(default_factory=dict)  # where it began the Movement Step
    after_follow_me: dict[str, float] = field(default_factory=dict)  # inches moved after its Follow Me order
    orders: dict[str, tuple[str, int]] = field(default_factory=dict)  # unit -> (order, event index)
    order_passed: dict[str, bool | None] = field(default_factory=dict)  # unit -> test passed (None: not rolled)
    out_of_command: set[str] = field(default_factory=set)  # teams that Moved Out of Command (p.18, +1 to hit)
    shots: dict[str, list[Shot]] = field(default_factory=dict)
    assault_units: list[str] = field(default_factory=list)  # units in the order they assaulted
    assaulters: dict[str, tuple[str, int]] = field(default_factory=dict)  # team -> (target, event index)
    charge: dict[str, float] = field(default_factory=dict)  # team -> inches moved in the Assault Step
    fight: Fight | None = None  # the assault being fought now
    fight_of: dict[str, Fight] = field(default_factory=dict)  # unit -> the assault it fights in this Step
    melee_hits: dict[str, list[tuple[str, str | None, int]]] = field(default_factory=dict)  # team -> (by, weapon, ev)
    stuck: set[str] = field(default_factory=set)  # teams that failed a Cross check (p.20: they have moved)

    def moved(self, team: str, blitz: float | None = None) -> bool:
        """Did the team Move (p.24: a team that only made its Blitz move did not)?"""
        if self.dash.get(team, 0) > 0 or team in self.stuck:
            return True
        d = self.tactical.get(team, 0.0)
        return d > (blitz if blitz is not None else 0.0) + 1e-6


def notes(ctx: Any) -> TurnNotes:
    """This player turn's notes."""
    return ctx.state.per_player_turn.setdefault("fow", TurnNotes())


def order_of(ctx: Any, group: str) -> str | None:
    got = notes(ctx).orders.get(group)
    return got[0] if got else None
