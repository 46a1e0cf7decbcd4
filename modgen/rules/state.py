"""Game state as a log replays: where every unit is, its face and markers, turn, phase and per-phase bookkeeping."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Attack:
    """One declared attack/fire and what was logged about it so far."""

    index: int
    event: dict[str, Any]
    attackers: list[str]
    defenders: list[str]
    rolls: list[list[int]] = field(default_factory=list)
    results: list[str] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)  # plugin scratch space (computed column, expected result…)


@dataclass
class Activation:
    """The unit or group acting now (CoH, TiS activations) and the points it has spent."""

    units: list[str]
    group: str | None = None
    points: int = 0


@dataclass
class GameState:
    """Mutable state; the engine applies events, checks read it (and may keep their own notes in ``notes``)."""

    position: dict[str, str | None] = field(default_factory=dict)  # unit -> hex (None = off map)
    off_map: dict[str, str] = field(default_factory=dict)  # unit -> holding box
    table_pos: dict[str, tuple[float, float]] = field(default_factory=dict)  # unit -> [x_in, y_in] (table games)
    facing: dict[str, float] = field(default_factory=dict)  # unit -> degrees clockwise from up, every system
    face: dict[str, str] = field(default_factory=dict)
    markers: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    hex_markers: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    eliminated: set[str] = field(default_factory=set)
    exited: set[str] = field(default_factory=set)
    turn: int = 0
    phase: str | None = None
    side: str | None = None  # phasing side
    options: dict[str, Any] = field(default_factory=dict)
    weather: str | None = None
    vp: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    # per-phase bookkeeping, reset at every phase event
    moved: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    attacked: dict[str, int] = field(default_factory=dict)  # unit -> attack index (attacker this phase)
    defended: dict[str, int] = field(default_factory=dict)  # unit -> attack index (defender this phase)
    advanced: set[str] = field(default_factory=set)
    attacks: list[Attack] = field(default_factory=list)  # this phase
    # per-player-turn and per-game-turn bookkeeping
    fired: dict[str, int] = field(default_factory=dict)  # ranged firer -> attack index (player turn)
    air_used: set[str] = field(default_factory=set)  # game turn
    notes: dict[str, Any] = field(default_factory=dict)
    # strength: steps left per unit (set at setup from the counter's step track or faces; losses reduce them)
    steps: dict[str, int] = field(default_factory=dict)
    max_steps: dict[str, int] = field(default_factory=dict)
    # bookkeeping scopes any plugin may use, each cleared when its scope starts: phase, player turn (the phasing
    # side changes), stage (``new_stage``) and round (game turn)
    per_phase: dict[str, Any] = field(default_factory=dict)
    per_player_turn: dict[str, Any] = field(default_factory=dict)
    per_stage: dict[str, Any] = field(default_factory=dict)
    per_round: dict[str, Any] = field(default_factory=dict)
    activation: Activation | None = None
    activations: list[Activation] = field(default_factory=list)  # this round
    # bumped whenever a unit of that side moves, leaves, arrives or changes face/markers: checks cache per side
    side_version: dict[str | None, int] = field(default_factory=lambda: defaultdict(int))
    _stacks: dict[str, list[str]] | None = None

    def hex_of(self, unit: str) -> str | None:
        return self.position.get(unit)

    def stacks(self) -> dict[str, list[str]]:
        """Hex -> units in it (on-map units only); cached until the next position change."""
        if self._stacks is None:
            out: dict[str, list[str]] = defaultdict(list)
            for u, h in self.position.items():
                if h is not None:
                    out[h].append(u)
            self._stacks = out
        return self._stacks

    def units_in(self, h: str) -> list[str]:
        return self.stacks().get(h, [])

    def place(self, unit: str, h: str | None) -> None:
        self.position[unit] = h
        if h is not None:
            self.off_map.pop(unit, None)
        self._stacks = None

    def remove(self, unit: str) -> None:
        self.position[unit] = None
        self._stacks = None

    @property
    def current_attack(self) -> Attack | None:
        return self.attacks[-1] if self.attacks else None

    def lose_steps(self, unit: str, steps: int) -> int:
        """Take ``steps`` off the unit's strength (never below 0) and return what is left; a unit whose strength
        is unknown starts from its full track (or 1)."""
        left = max(0, self.steps.get(unit, self.max_steps.get(unit, 1)) - max(0, int(steps)))
        self.steps[unit] = left
        return left

    def activate(self, units: list[str], group: str | None = None, points: int = 0) -> Activation:
        """Start an activation of ``units`` (a group when ``group`` is given)."""
        self.activation = Activation(list(units), group, points)
        self.activations.append(self.activation)
        return self.activation

    def new_stage(self) -> None:
        self.per_stage.clear()

    def new_round(self, turn: int) -> None:
        self.turn = turn
        self.per_round.clear()
        self.activations = []
        self.activation = None

    def new_phase(self, phase: str, side: str | None) -> None:
        if side != self.side:
            self.per_player_turn.clear()
        self.per_phase.clear()
        self.phase, self.side = phase, side
        self.moved.clear()
        self.attacked.clear()
        self.defended.clear()
        self.advanced.clear()
        self.attacks = []
