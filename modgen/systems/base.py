"""The small interface every rule-system plugin implements.

A plugin is an object registered in the ``modgen.rules`` entry-point group. The core never asks "which system am
I"; it asks the plugin small questions: what the manifest's ``rules`` section must contain, which values a counter
face needs, what the phase sequence is, which named policies exist, and (for the rules engine) which checks to run.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Policy:
    """A named choice where the rulebook is ambiguous or contradicts itself, with a documented default."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    doc: str
    rule: str = ""  # the rule(s) the ambiguity is in, e.g. "EFB 8.7(3)"


@dataclass(frozen=True)
class Phase:
    """One step of the sequence of play. ``per_side`` phases run once for each player in turn order."""

    id: str
    name: str
    per_side: bool = True


@dataclass(frozen=True)
class Die:
    """A dice button the system's module offers: ``count`` dice of ``sides`` sides (``prompt``: ask how many)."""

    name: str
    count: int = 1
    sides: int = 6
    prompt: bool = False


@dataclass
class RuleSystem:
    """Base class for rule-system plugins; subclasses override the hooks they need."""

    id: str = ""
    name: str = ""
    rule_prefix: str = ""  # how findings cite rules, e.g. "EFB" -> "EFB 10.5"
    policies: tuple[Policy, ...] = field(default_factory=tuple)
    dice: tuple[Die, ...] = field(default_factory=tuple)  # the module's dice buttons

    def rules_schema(self) -> dict[str, Any]:
        """JSON Schema (draft 2020-12) for the manifest's ``rules`` object (tables and policies)."""
        return {"type": "object"}

    def required_values(self, unit: dict[str, Any]) -> dict[str, list[str]]:
        """Values each face of ``unit`` must print, by face name, e.g. ``{"front": ["attack", "movement"]}``."""
        return {}

    def phases(self, game: Any) -> list[Phase]:
        """The sequence of play within one game turn."""
        return []

    def default_layout(self, unit: dict[str, Any]) -> str:
        """Name of the built-in counter layout for a unit of this system (e.g. ``efb-maneuver``)."""
        return "generic"

    def template_dir(self) -> Path | None:
        """The folder ``modgen new --system ID`` copies (``games/__GAME__.json``, …), or None if the system has none.

        By default: a ``template/`` folder beside the module that defines the plugin's class, if there is one."""
        module = sys.modules.get(type(self).__module__)
        where = getattr(module, "__file__", None)
        folder = Path(where).parent / "template" if where else None
        return folder if folder is not None and folder.is_dir() else None

    def checkers(self, ctx: Any) -> list[Any]:
        """Rule checks for the engine (:mod:`modgen.rules.engine`): objects with optional ``before(ctx, event)``,
        ``after(ctx, event)``, ``phase_end(ctx)`` and ``finish(ctx)`` methods. ``ctx`` is the engine's
        :class:`~modgen.rules.engine.Context`. The default (no checks) makes the engine report only data problems."""
        return []

    def policy_values(self, manifest: dict[str, Any]) -> dict[str, Any]:
        """Every policy's value: the manifest's ``rules.policies`` choice, else the documented default."""
        chosen = (manifest.get("rules") or {}).get("policies") or {}
        return {p.name: chosen.get(p.name, p.default) for p in self.policies}
