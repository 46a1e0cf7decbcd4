"""Findings (one rules problem found in a log) and the Report that collects them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from modgen.systems.base import FAMILIES

SEVERITIES = ("error", "warning", "could-not-check")
#: Finding fields of attack findings, in the JSON only when set.
_ATTACK_FIELDS = ("attacker_hexes", "defender_hexes", "attacker_positions", "defender_positions")


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
    # attack findings: where the attackers and the defenders stand (hex labels; table games: [x, y] in inches), so
    # the map picture draws arrows from attackers to defender without replaying the log
    attacker_hexes: list[str] = field(default_factory=list)
    defender_hexes: list[str] = field(default_factory=list)
    attacker_positions: list[list[float]] = field(default_factory=list)
    defender_positions: list[list[float]] = field(default_factory=list)

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
            **{k: [list(p) if isinstance(p, (list, tuple)) else p for p in v] for k in _ATTACK_FIELDS
               if (v := getattr(self, k))},
            "message": self.message,
        }


@dataclass
class Coverage:
    """Which rule families a check covered: ``checked``, ``could_not_check`` (family -> why: a missing rules table
    or a could-not-check finding of one of its rules) and ``not_implemented`` by the plugin (``system``). Values
    are family ids from :data:`modgen.systems.base.FAMILIES`."""

    system: str
    checked: list[str] = field(default_factory=list)
    could_not_check: dict[str, str] = field(default_factory=dict)
    not_implemented: list[str] = field(default_factory=list)
    declared: bool = True  # False: the plugin declares no families at all

    @property
    def complete(self) -> bool:
        """True when every family of the game was checked."""
        return self.declared and not self.could_not_check and not self.not_implemented

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "checked": list(self.checked),
            "could_not_check": [{"family": k, "reason": v} for k, v in self.could_not_check.items()],
            "not_implemented": list(self.not_implemented),
            "declared": self.declared,
            "labels": {i: FAMILIES.get(i, i) for i in [*self.checked, *self.could_not_check, *self.not_implemented]},
        }

    def unchecked_text(self) -> str:
        """``movement, combat (not implemented by the tis plugin); supply (could not check: …)``, or ``""``."""
        parts = []
        if not self.declared:
            parts.append(f"every rule family (the {self.system} plugin declares none)")
        if self.not_implemented:
            parts.append(f"{_labels(self.not_implemented)} (not implemented by the {self.system} plugin)")
        parts += [f"{_labels([k])} (could not check: {v})" for k, v in self.could_not_check.items()]
        return "; ".join(parts)

    def checked_text(self) -> str:
        """The checked families as report text, e.g. ``sequence of play, reinforcements``."""
        return _labels(self.checked) or "none"

    def summary(self) -> str:
        """One line: what was checked and what was not."""
        checked = self.checked_text()
        rest = self.unchecked_text()
        return f"Families checked: {checked}" + (f"; not checked: {rest}" if rest else "") + "."


def _labels(ids: list[str]) -> str:
    return ", ".join(FAMILIES.get(i, i) for i in ids)


@dataclass
class Stopped:
    """A check that stopped before the end of the log because it reached a limit of :mod:`modgen.limits`.

    ``limit`` is the limit's name (``findings``) and ``value`` the number in force; the first finding past it came
    at event ``event_index`` (the log's ``i``; None: in the end-of-log checks), after ``events_checked`` events
    were replayed. The findings past the limit, the events after it and the end-of-log checks are not reported;
    ``message`` says so for players."""

    limit: str
    value: int
    event_index: int | None
    events_checked: int
    message: str

    def to_dict(self) -> dict[str, Any]:
        """``{"limit", "value", "event_index", "events_checked", "message"}``."""
        return {"limit": self.limit, "value": self.value, "event_index": self.event_index,
                "events_checked": self.events_checked, "message": self.message}


@dataclass
class Report:
    """Everything a check of one log found. ``stopped`` is set when the check stopped early at a limit: then the
    findings cover only the events up to ``stopped.event_index``."""

    game: str
    scenario: str | None
    events: int
    findings: list[Finding] = field(default_factory=list)
    coverage: Coverage | None = None
    stopped: Stopped | None = None

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    def to_dict(self) -> dict[str, Any]:
        """``{"game", "scenario", "events", "findings": [...], "coverage": {...}, "stopped": {...}}`` (coverage null
        when unknown; stopped null when the whole log was checked)."""
        return {
            "game": self.game,
            "scenario": self.scenario,
            "events": self.events,
            "findings": [f.to_dict() for f in self.findings],
            "coverage": self.coverage.to_dict() if self.coverage is not None else None,
            "stopped": self.stopped.to_dict() if self.stopped is not None else None,
        }
