"""Findings (one rules problem found in a log) and the Report that collects them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SEVERITIES = ("error", "warning", "could-not-check")


@dataclass
class Finding:
    """One problem: which rule, how bad, where in the log, who and where on the map, and a sentence for players."""

    rule: str
    severity: str
    message: str
    event_index: int | None = None
    event: dict[str, Any] | None = None
    turn: int | None = None
    phase: str | None = None
    side: str | None = None
    units: list[str] = field(default_factory=list)
    hexes: list[str] = field(default_factory=list)
    path: list[str] = field(default_factory=list)
    position: list[float] | None = None  # table games: [x, y] in inches where it happened

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape design.md documents."""
        event = None if self.event is None else {k: v for k, v in self.event.items() if k != "source"}
        return {
            "rule": self.rule,
            "severity": self.severity,
            "event_index": self.event_index,
            "event": event,
            "turn": self.turn,
            "phase": self.phase,
            "side": self.side,
            "units": list(self.units),
            "hexes": list(self.hexes),
            "path": list(self.path),
            **({"position": list(self.position)} if self.position is not None else {}),
            "message": self.message,
        }


@dataclass
class Report:
    """Everything a check of one log found."""

    game: str
    scenario: str | None
    events: int
    findings: list[Finding] = field(default_factory=list)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    def to_dict(self) -> dict[str, Any]:
        """``{"game", "scenario", "events", "findings": [...]}``."""
        return {
            "game": self.game,
            "scenario": self.scenario,
            "events": self.events,
            "findings": [f.to_dict() for f in self.findings],
        }
